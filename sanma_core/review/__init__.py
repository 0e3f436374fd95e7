"""Reviewing games: hints, hand summaries, decisions beside a bot's, moments, and whole records.

Play mode, the Review page and ``sanma review`` all read these, so they never disagree.
"""
