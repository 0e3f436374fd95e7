"""Helpers shared by the tests and the benchmarks, not part of the engine.

``testkit.samples`` makes seeded random winning hands; ``testkit.oracle`` scores the
same hands with the ``mahjong`` package (a test-only dependency) for comparison.
"""
