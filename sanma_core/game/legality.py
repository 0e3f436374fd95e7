"""Legality, written once: what a seat may do now, and why an action is refused.

:class:`Legality` is mixed into :class:`~sanma_core.game.referee.Game`: ``legal_actions`` lists the
candidates that pass the checks, and ``refusal`` names the first check an action fails.
It reads the game's state and never changes it (but for the per-turn caches).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..tiles import NORTH, TERMINALS_AND_HONOURS, kind, kind_name, sort_tiles, tile_name
from . import evaluation
from .actions import (
    ABORT,
    ANKAN,
    DISCARD,
    KAKAN,
    KITA,
    MINKAN,
    PASS,
    PON,
    RESPONSE_KINDS,
    RIICHI,
    RON,
    TSUMO,
    TURN_KINDS,
    Action,
)
from .state import Phase

#: A per-turn cache not filled yet.
UNKNOWN = object()
_WINDOW_NAMES = {"discard": "a discard", "kakan": "an added kan", "ankan": "a closed kan", "kita": "a kita"}
#: The yaku that may rob a closed kan where the ruleset allows it.
KOKUSHI_YAKU = frozenset({"kokushi", "kokushi_13"})


class ResponseWindow:
    """A response window: who may answer which tile, and the answers so far."""

    __slots__ = ("kind", "seat", "tile", "options", "answers")

    def __init__(self, kind_: str, seat: int, tile: int):
        self.kind = kind_  # "discard", "kakan", "ankan" (robbed only by thirteen orphans) or "kita"
        self.seat = seat
        self.tile = tile
        self.options: dict[int, list[Action]] = {}  # seat → its legal answers
        self.answers: dict[int, Action] = {}

    def copy(self) -> ResponseWindow:
        other = ResponseWindow(self.kind, self.seat, self.tile)
        other.options = {s: list(opts) for s, opts in self.options.items()}
        other.answers = dict(self.answers)
        return other



class Legality:
    """The legality checks of :class:`~sanma_core.game.referee.Game` (a mixin; the state is the game's)."""

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (empty when it is not asked)."""
        if self.phase is Phase.TURN:
            if seat != self.turn:
                return []
            if self._turn_cache is None:
                refuse = self._turn_refusal
                self._turn_cache = [Action(k, seat, t, c) for k, t, c in self._turn_candidates(seat)
                                    if refuse(seat, k, t, c) is None]
            return self._turn_cache
        if self.phase is Phase.RESPONSE:
            w = self._window
            if seat in w.answers:
                return []
            return w.options.get(seat, [])
        return []

    def refusal(self, action: Any) -> str | None:
        """None when :meth:`apply` would play ``action`` now; otherwise a sentence saying why not."""
        if not isinstance(action, Action):
            return f"not an action: {action!r}"
        a = action.plain()
        if not self._listed(a):
            return f"{a} refused: {self._why_not(a) or 'not among the legal actions now'}"
        if action.from_hand:
            return self._from_hand_refusal(action)
        return None

    def _listed(self, a: Action) -> bool:
        """Whether ``a`` is among :meth:`legal_actions` of its seat. A discard or riichi of the seat to move is
        checked alone (the same check ``legal_actions`` filters its candidates by), so playing a record or a
        script does not list every candidate of every turn."""
        if (self.phase is Phase.TURN and self._turn_cache is None and a.kind in (DISCARD, RIICHI)
                and a.seat == self.turn and not a.consumed):
            return self._turn_refusal(a.seat, a.kind, a.tile, a.consumed) is None
        return a in self.legal_actions(a.seat)

    def _why_not(self, a: Action) -> str | None:
        """The first check ``a`` fails: who may act in this phase, then the checks of its kind."""
        if a.seat not in (0, 1, 2):
            return f"there is no seat {a.seat}"
        if self.phase is Phase.GAME_END:
            return "the game is over"
        if self.phase is Phase.HAND_END:
            return "the hand is over; call next_hand()"
        if self.phase is Phase.RESPONSE:
            w = self._window
            if a.seat == w.seat:
                return "a seat cannot answer its own tile"
            if a.seat in w.answers:
                return f"seat {a.seat} has already answered"
            if a.seat not in w.options:
                return f"seat {a.seat} has nothing to answer to {tile_name(w.tile)}"
            if a.kind not in RESPONSE_KINDS:
                return f"seats {self.to_act()} must answer the {w.kind} of {tile_name(w.tile)} first"
            return self._response_refusal(w, a.seat, a.kind, a.tile, a.consumed)
        if a.seat != self.turn:
            return f"it is seat {self.turn}'s turn"
        if a.kind in RESPONSE_KINDS:
            return "there is no tile to answer: it is this seat's own turn"
        if a.kind not in TURN_KINDS:
            return None
        return self._turn_refusal(a.seat, a.kind, a.tile, a.consumed)

    # ---- own turn ----------------------------------------------------------
    # Candidates and checks take an action's parts (kind, tile, consumed): an Action is made only for
    # the candidates that pass.

    def _turn_candidates(self, s: int) -> Iterator[tuple[str, int | None, tuple[int, ...]]]:
        """Every own-turn action the hand's tiles could make, in the order ``legal_actions`` lists them."""
        st = self.seats[s]
        hand, c = st.hand, st.counts
        distinct = sort_tiles(set(hand))
        yield TSUMO, None, ()
        yield ABORT, None, ()
        if 4 in c:
            for k in sorted({kind(t) for t in hand if c[kind(t)] == 4}):
                yield ANKAN, k, tuple(sort_tiles(t for t in hand if kind(t) == k))
        for cm in st.melds:
            if cm.meld.kind == "pon":
                yield from ((KAKAN, t, ()) for t in distinct if kind(t) == cm.meld.tile_kind)
        yield KITA, NORTH, ()
        for t in distinct:
            yield DISCARD, t, ()
        if self._riichi_block(s) is None:  # the checks below, asked once for the whole turn
            tenpai = self._tenpai_discards(s)
            for t in distinct:
                if kind(t) in tenpai:
                    yield RIICHI, t, ()

    def _turn_refusal(self, s: int, k: str, t: int | None, consumed: tuple[int, ...]) -> str | None:
        """None when the own-turn action (kind ``k``, ``t``, ``consumed``) of the seat to move is legal;
        otherwise why not."""
        st = self.seats[s]
        drawn = self.drawn
        if k in (DISCARD, RIICHI):
            if t is None or t not in st.hand:
                return f"{tile_name(t) if t is not None else 'no tile'} is not in the hand"
            if st.riichi:
                if k == RIICHI:
                    return "already in riichi"
                return None if t == drawn else "under riichi only the drawn tile may be discarded"
            if self.kuikae is not None and kind(t) == self.kuikae:
                return f"swap-calling: {kind_name(self.kuikae)} cannot be discarded right after calling it"
            if k == RIICHI:
                block = self._riichi_block(s)
                if block is not None:
                    return block
                if kind(t) not in self._tenpai_discards(s):
                    return f"the hand is not tenpai after discarding {tile_name(t)}"
            return None
        rules = self.rules
        c = st.counts
        if k == TSUMO:
            if drawn is None:
                return "no tile was drawn (after a pon the seat must discard)"
            if kind(drawn) not in st.waits:
                return "the hand is not complete"
            return None if self.tsumo_win(s)[0] is not None else "the hand has no yaku"
        if k == ABORT:
            if not rules.nine_terminal_abort:
                return "this ruleset has no nine-terminal abort"
            if drawn is None or not self._first_go_around(s):
                return "only on the first draw of an uninterrupted first go-around"
            n = sum(1 for x in TERMINALS_AND_HONOURS if c[x])
            return None if n >= 9 else f"only {n} different terminals and honours (nine needed)"
        what = "kita" if k == KITA else "a kan"
        if drawn is None and not (k == KITA and rules.kita_after_pon):
            return f"{what} is not allowed right after a pon"
        if self.wall.live_remaining == 0:
            return f"{what} is not allowed on the last live draw"
        if k == KITA:
            if not c[NORTH]:
                return "there is no North in the hand"
            if st.riichi and drawn != NORTH:
                if rules.kita_under_riichi_drawn_only:
                    return "under riichi only a drawn North may be set aside"
                if not self._riichi_kita_keeps_waits(s):
                    return "under riichi a North from the hand may be set aside only if the waits stay the same"
        elif self.kan_count >= 4:
            return "four kans have been made already"
        elif k == ANKAN:
            x = t if t is not None else -1
            if not (0 <= x < 34) or c[x] < 4 or consumed != tuple(sort_tiles(h for h in st.hand if kind(h) == x)):
                return "a closed kan needs all four tiles of the kind in the hand"
            if st.riichi and not self._riichi_ankan_keeps_waits(s, x):
                return "under riichi a closed kan must use the drawn tile and keep the waits"
        else:  # KAKAN
            if st.riichi:
                return "no added kan under riichi"
            if t is None or t not in st.hand:
                return f"{tile_name(t) if t is not None else 'no tile'} is not in the hand"
            if not any(cm.meld.kind == "pon" and cm.meld.tile_kind == kind(t) for cm in st.melds):
                return f"there is no pon of {kind_name(kind(t))} to add to"
        return None if self.wall.replacements_remaining > 0 else "no replacement tile is left"

    def _riichi_block(self, s: int) -> str | None:
        """Why the seat to move cannot declare riichi this turn with any tile, or None (worked out once a turn)."""
        if self._riichi_cache is UNKNOWN:
            rules = self.rules
            st = self.seats[s]
            block = None
            if st.riichi:
                block = "already in riichi"
            elif st.is_open:
                block = "riichi needs a closed hand"
            elif self.scores[s] < rules.riichi_min_points:
                block = f"riichi needs at least {rules.riichi_min_points} points"
            elif self.wall.live_remaining < rules.riichi_min_live_tiles:
                block = f"riichi needs at least {rules.riichi_min_live_tiles} tiles left in the live wall"
            elif self.drawn is None:
                block = "riichi is declared on a turn that drew a tile"
            self._riichi_cache = block
        return self._riichi_cache

    def _tenpai_discards(self, s: int) -> frozenset[int]:
        """Kinds whose discard leaves the seat to move tenpai (worked out once a turn)."""
        if self._tenpai_cache is None:
            st = self.seats[s]
            c, out = st.counts, st.outside
            found = set()
            if evaluation.shanten(c) <= 0:
                for k in {kind(t) for t in st.hand}:
                    c[k] -= 1
                    if evaluation.is_tenpai(c, out):
                        found.add(k)
                    c[k] += 1
            self._tenpai_cache = frozenset(found)
        return self._tenpai_cache

    def _riichi_ankan_keeps_waits(self, s: int, k: int) -> bool:
        if self.drawn is None or kind(self.drawn) != k:
            return False
        st = self.seats[s]
        c = list(st.counts)
        c[k] -= 4
        out = list(st.outside)
        out[k] += 4
        return evaluation.waits(c, out) == st.waits

    def _riichi_kita_keeps_waits(self, s: int) -> bool:
        """Under riichi, setting aside a North from the hand (not the drawn one) leaves the waits as they were."""
        st = self.seats[s]
        c = list(st.counts)
        c[NORTH] -= 1  # the drawn tile stays in the hand in the North's place
        out = list(st.outside)
        out[NORTH] += 1
        return evaluation.waits(c, out) == st.waits

    def _from_hand_refusal(self, a: Action) -> str | None:
        """A discard marked ``from_hand``: another copy than the drawn tile must be in the hand."""
        st = self.seats[a.seat]
        if a.kind in (DISCARD, RIICHI) and not st.riichi and (a.tile != self.drawn or st.hand.count(a.tile) >= 2):
            return None
        if a.kind in (DISCARD, RIICHI) and a.seat == self.dealer and not st.discards:
            return None  # dealt fourteen tiles on some platforms, the dealer has no drawn tile on its first turn
        if st.riichi:
            return f"{a} (from the hand) refused: under riichi the drawn tile itself is discarded"
        return f"{a} (from the hand) refused: the hand holds no second {tile_name(a.tile)} besides the drawn one"

    # ---- answers to a tile -------------------------------------------------

    def _response_candidates(self, o: int, w: ResponseWindow) -> Iterator[tuple[str, int, tuple[int, ...]]]:
        """Every answer seat ``o``'s tiles could make to the window's tile, ``pass`` aside."""
        yield RON, w.tile, ()
        st = self.seats[o]
        k = kind(w.tile)
        if st.counts[k] >= 2:
            same = sort_tiles(t for t in st.hand if kind(t) == k)
            pairs = sorted({(same[i], same[j]) for i in range(len(same)) for j in range(i + 1, len(same))})
            yield from ((PON, w.tile, p) for p in pairs)
            if st.counts[k] >= 3:
                yield MINKAN, w.tile, tuple(same[:3])

    def _response_refusal(
        self, w: ResponseWindow, o: int, k: str, t: int | None, consumed: tuple[int, ...]
    ) -> str | None:
        """None when seat ``o`` may answer the window's tile with (kind ``k``, ``t``, ``consumed``); otherwise why not."""
        if k == PASS:
            return None
        if k == RON:
            if t != w.tile:
                return f"the tile to win on is {tile_name(w.tile)}"
            if w.kind == "kita" and not self.rules.ron_on_kita:
                return "this ruleset has no ron on a kita"
            if w.kind == "ankan" and not self.rules.kokushi_robs_closed_kan:
                return "this ruleset lets nobody rob a closed kan"
            return self._ron_refusal(o, w.tile, w.kind)
        if w.kind != "discard":
            return f"only ron can answer {_WINDOW_NAMES[w.kind]}"
        st = self.seats[o]
        if st.riichi:
            return "no calls under riichi"
        if self.wall.live_remaining == 0:
            return "the last discard cannot be called"
        if t != w.tile:
            return f"the tile to call is {tile_name(w.tile)}"
        need = 2 if k == PON else 3
        x = kind(w.tile)
        if (
            len(consumed) != need
            or any(kind(h) != x for h in consumed)
            or consumed != tuple(sort_tiles(consumed))
            or not st.holds(consumed)
        ):
            return f"{k} needs {need} matching tiles from the hand"
        if k == MINKAN:
            if self.kan_count >= 4:
                return "four kans have been made already"
            if self.wall.replacements_remaining == 0:
                return "no replacement tile is left"
        return None

    def _ron_refusal(self, o: int, tile: int, window: str) -> str | None:
        st = self.seats[o]
        if kind(tile) not in st.waits:
            return f"{tile_name(tile)} does not complete the hand"
        if st.riichi_furiten:
            return "furiten: a winning tile was passed under riichi"
        if st.temp_furiten:
            return "furiten: a winning tile was passed this go-around"
        if st.furiten():
            return "furiten: a winning tile is among the seat's own discards"
        score = self.ron_win(o, tile, window)[0]
        if score is None:
            return "the hand has no yaku"
        if window == "ankan" and not any(y in KOKUSHI_YAKU for y, _ in score.yaku):
            return "only thirteen orphans may rob a closed kan"
        return None
