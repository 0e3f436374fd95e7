"""Drives Play in a real browser the way a player does: start a game, then discard, pass, go on.

Shared by the browser tests and ``benchmarks/bench_browser.py``; it knows the page's
controls (the table component's frame and the buttons around it), so a change to Play's
layout is one change here.
"""

from __future__ import annotations

TABLE = 'iframe[title*="sanma_table"]'
HAND_TILE = '[data-role=hand] [data-action^="discard"]:visible, [data-role=hand] [data-action="tsumogiri"]:visible'
PASS = '[data-role=actions] [data-action="pass"]:visible'
NEXT_HAND = ".st-key-play_next button:visible"
AGAIN = ".st-key-play_again button:visible"


class PlayDriver:
    def __init__(self, page, base: str) -> None:
        self.page, self.base = page, base

    @property
    def table(self):
        """The table component's frame."""
        return self.page.frame_locator(TABLE).first

    def start(self, seed: int) -> None:
        """Open Play and start a game against the default bots with ``seed``."""
        self.page.goto(f"{self.base}/play", timeout=60_000)
        box = self.page.locator(".st-key-play_seed input")
        box.fill(str(seed))
        box.press("Tab")
        self.page.locator(".st-key-play_start button").click()
        self.table.locator("[data-role=hand] .tile").first.wait_for(timeout=60_000)

    @staticmethod
    def _last(locator):
        return locator.last if locator.count() else None

    def next_step(self):
        """``(kind, locator)`` of the next thing to click: a hand end or game end goes on, a call offer is
        passed, otherwise the newest hand tile is discarded; None while the page has nothing to click."""
        for kind, loc in (("next", self.page.locator(NEXT_HAND)), ("again", self.page.locator(AGAIN)),
                          ("pass", self.table.locator(PASS)), ("discard", self.table.locator(HAND_TILE))):
            found = self._last(loc)
            if found is not None:
                return kind, found
        self.page.wait_for_timeout(50)
        return None
