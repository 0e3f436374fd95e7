"""Review a whole game record: every hand explained, the record's own figures beside the engine's,
the reviewed players' moments and decisions.

>>> import gzip, json, pathlib
>>> path = pathlib.Path(__file__).resolve().parents[2].parent / "shared/data/tenhou-phoenix-dev.jsonl.gz"
>>> text = gzip.open(path, "rt", encoding="utf-8").readline()
>>> r = review_record(text, "tenhou", players=[0], decisions=False)
>>> r.format, len(r.hands) > 0, all(h.agrees for h in r.hands)
('tenhou6', True, True)
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..game import Game, Snapshot
from ..game.actions import Action
from ..game.mjai import RecordError, loads
from ..game.records import MAX_RECORD_BYTES, read_parsed, read_record, record_format, tenhou6_document
from ..i18n import gettext
from ..melds import format_meld
from ..rules import Ruleset, get_ruleset
from ..scoring.payments import Settlement
from ..tiles import format_tiles, tile_name
from .decisions import ADVISOR, DecisionReviewer, ReviewRow
from .graded import MODEL_KINDS, Asker, DecisionGrader, Figures, GradedDecision, Ungraded, ungraded_counts
from .summary import HandSummary, WinSummary, hand_label, hand_summary

ROUND_LETTERS = "ESW"


class _StepLimit(Exception):
    """Stops a replay once a number of actions have been applied."""


class _Counter:
    """Counts the actions of a replay; stops it at ``limit``."""

    def __init__(self, limit: int | None = None):
        self.count = 0
        self.limit = limit
        self.starts: dict[int, int] = {}  # hand index → step of its first action
        self.game: Game | None = None

    def before(self, game: Game, action: Action) -> None:
        self.game = game
        if self.limit is not None and self.count >= self.limit:
            raise _StepLimit
        self.starts.setdefault(game.hand_index, self.count)
        self.count += 1


@dataclass(frozen=True)
class HandReview:
    """One hand of a reviewed record."""

    index: int
    round: str  # "E1"
    label: str  # "East 1, 1 honba"
    honba: int
    sticks: int  # riichi sticks on the table when the hand started
    result: str  # ron, tsumo, double_ron, draw, nagashi_mangan, nine_terminals, four_kans
    deltas: tuple[int, int, int]
    log_deltas: tuple[int, int, int] | None
    summary: HandSummary
    first_step: int  # actions applied in the game before this hand's first one
    moments: tuple[Any, ...] = ()
    decisions: tuple[ReviewRow, ...] = ()
    graded: tuple[GradedDecision, ...] = ()  # the reviewed seats' decisions beside the model's probabilities
    ungraded: tuple[Ungraded, ...] = ()  # the reviewed seats' decisions the model gives no probabilities for

    @property
    def figures(self) -> Figures:
        return Figures.of(self.graded)

    @property
    def agrees(self) -> bool:
        return self.log_deltas is None or tuple(self.log_deltas) == tuple(self.deltas)


@dataclass(frozen=True)
class RecordReview:
    format: str  # tenhou6, mjlog, mjai
    ruleset: str
    players: tuple[str, str, str]
    seats: tuple[int, ...]  # the reviewed seats
    hands: tuple[HandReview, ...]
    final_scores: tuple[int, int, int] | None
    placement_points: tuple[float, float, float] | None
    steps: int  # actions in the whole game
    game: Game = field(repr=False, compare=False)
    mismatches: tuple[str, ...] = ()  # the record's score figures the engine does not reach
    ruleset_why: str = ""  # why the record was read under ``ruleset`` (asked for, or what the record says)
    positions: GamePositions | None = field(default=None, repr=False, compare=False)  # when asked for
    graded_decisions: bool = False  # whether the decisions were graded by the model (``decisions=True``)

    @property
    def graded(self) -> tuple[GradedDecision, ...]:
        """Every graded decision of the reviewed seats, in game order."""
        return tuple(d for h in self.hands for d in h.graded)

    def figures(self, seat: int | None = None) -> Figures:
        """The figures of the whole game: of every reviewed seat, or of ``seat``."""
        return Figures.of(d for d in self.graded if seat is None or d.seat == seat)

    def unmodelled(self, seat: int | None = None) -> dict[str, int]:
        """Per kind, the decisions of the reviewed seats (or of ``seat``) the model gives no probabilities for."""
        return ungraded_counts((u for h in self.hands for u in h.ungraded), seat)

    def observer(self, seat: int) -> bool:
        """Whether ``seat`` made no decision in the record at all (graded or not): an observer's record."""
        return not any(d.seat == seat for h in self.hands for d in (*h.graded, *h.ungraded))

    def to_json(self) -> dict[str, Any]:
        """The ``sanma review --json`` object."""
        data = self._json()
        if self.graded_decisions:
            for h, out in zip(self.hands, data["hands"], strict=True):
                out.update(graded_json(h))
            data.update(self.figures().to_json())
            data["model_kinds"] = list(MODEL_KINDS)
            data["unmodelled"] = self.unmodelled()
            data["by_seat"] = [{"seat": s, **self.figures(s).to_json(), "unmodelled": self.unmodelled(s),
                                "observer": self.observer(s)}
                               for s in self.seats]
        return data

    def _json(self) -> dict[str, Any]:
        return {
            "ok": True,
            "format": self.format,
            "ruleset": self.ruleset,
            "players": list(self.players),
            "reviewed": list(self.seats),
            "hands": [hand_json(h) for h in self.hands],
            "final_scores": list(self.final_scores) if self.final_scores else None,
            "placement_points": list(self.placement_points) if self.placement_points else None,
            "mismatches": list(self.mismatches),
        }


def result_kind(summary: HandSummary) -> str:
    if summary.kind != "win":
        return "draw" if summary.kind == "exhaustive_draw" else summary.kind
    if len(summary.wins) > 1:
        return "double_ron"
    return "tsumo" if summary.wins[0].tsumo else "ron"


def _settlement_json(s: Settlement) -> dict[str, Any]:
    return {"base": s.base, "limit": s.limit, "payments": dict(s.payments), "total": s.total,
            "steps": list(s.steps), "payers": [list(p) for p in s.payers]}


def win_json(w: WinSummary) -> dict[str, Any]:
    """One win as data: the reading, yaku, fu, bonus han, the payment steps and the four-player payment."""
    return {
        "seat": w.seat, "from": w.from_seat, "tsumo": w.tsumo, "dealer": w.dealer,
        "hand": format_tiles(w.hand), "win_tile": tile_name(w.win_tile), "melds": [format_meld(m) for m in w.melds],
        "kita": w.kita, "dora_indicators": [tile_name(t) for t in w.dora_indicators],
        "ura_indicators": [tile_name(t) for t in w.ura_indicators],
        "han": w.han, "fu": w.fu, "yakuman": w.yakuman, "limit": w.limit,
        "yaku": [dict(y) for y in w.yaku], "fu_lines": [dict(f) for f in w.fu_lines], "bonus": dict(w.bonus),
        "steps": list(w.steps), "payments": dict(w.payments), "total": w.total,
        "lines": [{"payer": p.payer, "sanma": p.sanma, "four_player": p.four_player} for p in w.lines],
        "four_player": _settlement_json(w.four_player), "deltas": list(w.deltas),
    }


def hand_json(h: HandReview) -> dict[str, Any]:
    s = h.summary
    settlement: dict[str, Any] = {
        "kind": s.kind, "title": s.title, "dealer": s.dealer, "sticks": s.sticks,
        "scores_before": list(s.scores_before), "scores_after": list(s.scores_after),
        "wins": [win_json(w) for w in s.wins],
    }
    if s.tenpai is not None:
        settlement["tenpai"] = list(s.tenpai)
        settlement["noten_pool"] = s.noten_pool
    if s.nagashi:
        settlement["nagashi"] = list(s.nagashi)
    return {
        "round": h.round, "label": h.label, "honba": h.honba, "sticks": h.sticks, "result": h.result,
        "deltas": list(h.deltas), "log_deltas": list(h.log_deltas) if h.log_deltas is not None else None,
        "agrees": h.agrees, "settlement": settlement, "first_step": h.first_step,
        "moments": [moment_json(m) for m in h.moments],
        "decisions": [decision_json(r) for r in h.decisions],
    }


def graded_json(h: HandReview) -> dict[str, Any]:
    """A hand's decisions beside the model and its figures (the keys a graded review adds to each hand)."""
    return {"graded": [d.to_json() for d in h.graded], **h.figures.to_json(), "unmodelled": ungraded_counts(h.ungraded)}


def moment_json(m: Any) -> dict[str, Any]:
    return {"seat": m.seat, "kind": m.kind, "turn": m.turn, "left": m.left, "step": m.step, "text": m.text,
            "data": dict(m.data)}


def decision_json(r: ReviewRow) -> dict[str, Any]:
    def choice(c: Any) -> dict[str, Any]:
        return {"action": c.text, "shanten": c.shanten, "useful": c.useful, "danger": c.danger}

    return {"seat": r.seat, "left": r.left, "verdict": r.verdict, "mine": choice(r.mine),
            "advice": choice(r.advice), "reason": r.reason}


def _log_deltas_tenhou(doc: dict[str, Any]) -> list[tuple[int, int, int] | None]:
    out: list[tuple[int, int, int] | None] = []
    for h in doc["log"]:
        result = h[16] if len(h) > 16 else []
        if not result:
            out.append(None)
        elif result[0] == "和了":
            out.append(tuple(sum(int(d[s]) for d in result[1::2]) for s in range(3)))  # type: ignore[arg-type]
        elif len(result) > 1:
            out.append(tuple(int(x) for x in result[1][:3]))  # type: ignore[arg-type]
        else:
            out.append((0, 0, 0))
    return out


def _log_deltas_mjai(events: list[dict[str, Any]]) -> list[tuple[int, int, int] | None]:
    out: list[tuple[int, int, int] | None] = []
    current: list[int] | None = None
    missing = False
    for e in events:
        t = e.get("type")
        if t == "start_kyoku":
            if current is not None or missing:
                out.append(None if missing else tuple(current))  # type: ignore[arg-type]
            current, missing = [0, 0, 0], False
        elif t in ("hora", "ryukyoku") and current is not None:
            if isinstance(e.get("deltas"), list):
                current = [a + b for a, b in zip(current, e["deltas"], strict=False)]
            else:
                missing = True
    if current is not None or missing:
        out.append(None if missing else tuple(current))  # type: ignore[arg-type]
    return out


def _seats(players: Sequence[int | str] | None, names: tuple[str, str, str]) -> tuple[int, ...]:
    if players is None:
        return (0, 1, 2)
    seats = []
    for p in players:
        if isinstance(p, int) or (isinstance(p, str) and p.isdigit()):
            seat = int(p)
            if seat not in (0, 1, 2):
                raise RecordError(0, gettext("--player {player}: a seat is 0, 1 or 2").format(player=p))
        elif p in names:
            seat = names.index(p)
        else:
            raise RecordError(0, gettext("--player {player}: no player of that name in the record (players: {players})")
                              .format(player=repr(p), players=", ".join(repr(n) for n in names)))
        seats.append(seat)
    return tuple(sorted(set(seats)))


def _names(parsed: list[dict[str, Any]] | dict[str, Any]) -> tuple[str, str, str]:
    """Player names of a parsed record: mjai events, or a tenhou.net/6 object."""
    if isinstance(parsed, list):
        first = next((e for e in parsed if e.get("type") == "start_game"), {})
        names = list(first.get("names") or [])
    else:
        names = list(parsed.get("name") or [])
    names = [str(n) for n in names[:3]] + [""] * (3 - len(names[:3]))
    return names[0], names[1], names[2]


def review_record(text: str, rules: str | Ruleset | None = None, players: Sequence[int | str] | None = None,
                  *, decisions: bool = True, moments: bool = True, advisor: str = ADVISOR,
                  positions: bool = False) -> RecordReview:
    """Re-play a record and review it; raises :class:`RecordError` for a record that cannot be re-played.

    ``players`` are seats or names (every seat when None). Score figures of the
    record that differ from the engine's are shown (``agrees``), not raised. With
    ``positions`` the same re-play keeps a snapshot before every action: the review's
    :class:`GamePositions`, which :func:`replay_to` then steps through for this text.
    """
    ruleset = get_ruleset(rules) if rules is not None else None  # None: the ruleset the record names
    if len(text.encode("utf-8", "ignore")) > MAX_RECORD_BYTES:
        raise RecordError(0, gettext("the record is larger than {limit} MB").format(limit=MAX_RECORD_BYTES // (1024 * 1024)))
    fmt = record_format(text)
    parsed = loads(text) if fmt == "mjai" else tenhou6_document(text)
    names = _names(parsed)
    seats = _seats(players, names)
    counter = _Counter()
    observers: list[Any] = [counter]
    keeper = _Snapshots() if positions else None
    if keeper is not None:
        observers.append(keeper)
    reviewer = grader = None
    if decisions:
        asker = Asker(advisor)
        reviewer = DecisionReviewer(seats, advisor=advisor, asker=asker)
        grader = DecisionGrader(seats, asker)
        observers += [reviewer, grader]
    finder = None
    if moments:
        from .moments import MomentFinder

        finder = MomentFinder(seats)
        observers.append(finder)
    mismatches: list[RecordError] = []
    replayed = read_parsed(parsed, fmt, ruleset, observers=observers, mismatches=mismatches)
    game = replayed.game
    log = _log_deltas_mjai(parsed) if isinstance(parsed, list) else _log_deltas_tenhou(parsed)
    found = list(finder.moments) if finder is not None else []
    starts = [e for e in game.events if e.get("type") == "start_kyoku"]
    graded, ungraded = grader.by_hand() if grader is not None else ({}, {})
    hands = []
    for n, result in enumerate(game.results):
        summary = hand_summary(game, result)
        hands.append(HandReview(
            index=n,
            round=f"{ROUND_LETTERS[result.round_wind]}{result.dealer + 1}",
            label=hand_label(result.round_wind, result.dealer, result.honba),
            honba=result.honba,
            sticks=starts[n]["kyotaku"],
            result=result_kind(summary),
            deltas=tuple(result.deltas),
            log_deltas=log[n] if n < len(log) else None,
            summary=summary,
            first_step=counter.starts.get(n, counter.count),
            moments=tuple(m for m in found if m.hand == n),
            decisions=tuple(reviewer.rows.get(n, ())) if reviewer is not None else (),
            graded=tuple(graded.get(n, ())),
            ungraded=tuple(ungraded.get(n, ())),
        ))
    placement = sorted(game.placement, key=lambda p: p.seat) if game.placement else None
    stepper = None
    if keeper is not None:
        stepper = GamePositions(game, keeper.snapshots, keeper.actions)
        _keep((text, ruleset), stepper)
    return RecordReview(
        format=fmt,
        ruleset=game.rules.name,
        players=names,
        seats=seats,
        hands=tuple(hands),
        final_scores=tuple(p.points for p in placement) if placement else None,  # type: ignore[arg-type]
        placement_points=tuple(p.score for p in placement) if placement else None,  # type: ignore[arg-type]
        steps=counter.count,
        game=game,
        mismatches=tuple(str(m) for m in mismatches),
        ruleset_why=replayed.why,
        positions=stepper,
        graded_decisions=grader is not None,
    )


class _Snapshots:
    """Keeps the game's :meth:`~sanma_core.game.Game.snapshot` before every action, and the action.

    A replay that starts a new game (an mjai record of unknown length is tried once per length)
    starts the lists afresh.
    """

    def __init__(self) -> None:
        self.snapshots: list[Snapshot] = []
        self.actions: list[Action] = []
        self._game: Game | None = None

    def before(self, game: Game, action: Action) -> None:
        if game is not self._game:
            self._game, self.snapshots, self.actions = game, [], []
        self.snapshots.append(game.snapshot())
        self.actions.append(action)


class GamePositions:
    """Every position of a record's game, restored from a snapshot instead of re-played.

    ``game_at(step)`` is the game after ``step`` actions (the whole game from the last step on),
    as :func:`replay_from_start` re-plays it; ``actions`` are the game's actions in order. Each
    call gives a game of its own, to look at or to apply the hand's next recorded action to
    (an imported record's wall serves the recorded draws only to the game that first re-played
    it, so a restored game is not played on past that).
    """

    def __init__(self, game: Game, snapshots: Sequence[Snapshot], actions: Sequence[Action]):
        self._final = game
        self._end = game.snapshot()
        self.snapshots = tuple(snapshots)
        self.actions = tuple(actions)

    @classmethod
    def of(cls, text: str, rules: str | Ruleset | None) -> GamePositions:
        """The positions of a record: it is parsed and re-played once; raises :class:`RecordError`."""
        keeper = _Snapshots()
        game = read_record(text, rules, observers=[keeper], mismatches=[]).game
        return cls(game, keeper.snapshots, keeper.actions)

    @property
    def steps(self) -> int:
        """The number of actions in the game."""
        return len(self.actions)

    def game_at(self, step: int) -> Game:
        game = copy.copy(self._final)  # a game object of this record; restore replaces its whole state
        game.restore(self.snapshots[max(0, step)] if step < len(self.snapshots) else self._end)
        return game


_POSITIONS: OrderedDict[tuple[str, Ruleset], GamePositions] = OrderedDict()  # the records stepped through last
_POSITIONS_KEPT = 4
_POSITIONS_LOCK = threading.Lock()


def positions(text: str, rules: str | Ruleset | None) -> GamePositions:
    """The :class:`GamePositions` of a record, kept for the last few records asked for (a page steps
    through one record at a time: each step after the first restores a snapshot)."""
    key = (text, get_ruleset(rules))
    with _POSITIONS_LOCK:
        found = _POSITIONS.get(key)
        if found is not None:
            _POSITIONS.move_to_end(key)
            return found
    found = GamePositions.of(text, key[1])
    _keep(key, found)
    return found


def _keep(key: tuple[str, Ruleset], found: GamePositions) -> None:
    with _POSITIONS_LOCK:
        _POSITIONS[key] = found
        _POSITIONS.move_to_end(key)
        while len(_POSITIONS) > _POSITIONS_KEPT:
            _POSITIONS.popitem(last=False)


def replay_to(text: str, rules: str | Ruleset | None, step: int) -> Game:
    """The game of a record as it stood after ``step`` actions (the whole game when past its end).

    The first call for a record re-plays it once, keeping a snapshot before every action
    (:func:`positions`); every later step restores the snapshot of its position, well under a
    millisecond, instead of re-playing from the start (:func:`replay_from_start`).
    """
    return positions(text, rules).game_at(step)


def replay_from_start(text: str, rules: str | Ruleset | None, step: int) -> Game:
    """:func:`replay_to` by re-playing the record from its start up to ``step`` (tens of milliseconds)."""
    counter = _Counter(limit=max(0, step))
    try:
        return read_record(text, rules, observers=[counter], mismatches=[]).game
    except _StepLimit:
        assert counter.game is not None
        return counter.game


__all__ = ["GamePositions", "HandReview", "RecordReview", "graded_json", "hand_json", "positions", "replay_from_start", "replay_to",
           "result_kind", "review_record", "win_json"]
