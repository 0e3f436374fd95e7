"""A game of play mode: one human seat, two bots, and the log of every step.

The engine's :class:`~sanma_core.game.Game` owns the rules; a
:class:`PlaySession` only decides who answers (the human or a bot; the bots
play through the engine's one game loop), keeps the steps taken, and can
rebuild the game from its seed and those steps (a page refresh). Undo restores
a snapshot taken before the human's discard. Nothing here imports Streamlit.

>>> s = PlaySession(PlaySettings(seed=4, length="tonpuusen"))
>>> s.waiting_for_human() or s.game.phase.value in ("hand_end", "game_end")
True
>>> same = PlaySession.from_record(s.to_record())
>>> same.game.events == s.game.events
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sanma_core.bots import LEVELS, Bot, make_bot
from sanma_core.errors import InputError, RecordError, SanmaError
from sanma_core.game import Action, Game, GameMode, IllegalActionError, Phase, SeatView
from sanma_core.game.mjai import dumps
from sanma_core.game.players import run
from sanma_core.game.referee import Snapshot
from sanma_core.game.tenhou6 import to_tenhou6
from sanma_core.i18n import N_, gettext
from sanma_core.rules import Ruleset, get_ruleset, ruleset_from_dict
from sanma_core.scoring.shapes import tables
from sanma_core.words.seats import YOU, is_you

# The scorer's split tables (a quarter of a second, once per process) are built when Play is first loaded, so
# no deal or bot turn carries the build and tutor.heap freezes them with the page's modules.
tables()

UNDOABLE = ("discard", "riichi")
#: The bot levels as the reader is told them (marked; :func:`level_name` translates).
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def level_name(level: str) -> str:
    """A bot level in the language spoken now: ``normal``, ``hard``."""
    return gettext(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


class PlaySetupError(InputError):
    """New-game settings that cannot be used; the message names the field."""


@dataclass(frozen=True)
class PlaySettings:
    """Everything that fixes a game: with the same settings and steps, the same game.

    ``seat`` is the human's seat (0 deals first). ``bots`` are the levels of the
    seats after the human, in turn order.
    """

    rules: Ruleset = field(default_factory=lambda: get_ruleset(None))
    length: str = "tonpuusen"
    bots: tuple[str, str] = ("normal", "normal")
    seat: int = 0
    seed: int = 0
    training: bool = False
    name: str = "You"

    def __post_init__(self) -> None:
        if self.seat not in (0, 1, 2):
            raise PlaySetupError(f"seat must be 0, 1 or 2, got {self.seat!r}")
        if len(self.bots) != 2:
            raise PlaySetupError(f"two bot levels are needed, got {len(self.bots)}")
        for level in self.bots:
            if level not in LEVELS:
                raise PlaySetupError(f"unknown bot level {level!r}: use {', '.join(LEVELS)}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise PlaySetupError(f"seed must be a whole number ≥ 0, got {self.seed!r}")
        GameMode(self.length)  # raises GameModeError naming a bad length

    def bot_seats(self) -> dict[int, str]:
        """Seat → bot level."""
        return {(self.seat + 1 + i) % 3: level for i, level in enumerate(self.bots)}

    def new_game(self) -> Game:
        """The game these settings deal, before any step (the same every time)."""
        return Game(self.rules, GameMode(self.length, self.names()), seed=self.seed)

    def names(self) -> tuple[str, str, str]:
        bots = self.bot_seats()
        letters = iter("AB")
        out = []
        for s in range(3):
            out.append(self.name if s == self.seat else f"Bot {next(letters)} ({bots[s]})")
        return tuple(out)  # type: ignore[return-value]

    def shown_names(self) -> tuple[str, str, str]:
        """:meth:`names` as the reader is shown them, in the language spoken now (``Du``, ``Bot A (normal)``);
        the records keep :meth:`names`."""
        bots = self.bot_seats()
        letters = iter("AB")
        out = []
        for s in range(3):
            if s == self.seat:
                out.append(gettext(YOU) if is_you(self.name) else self.name)
            else:
                out.append(gettext("Bot {letter} ({level})").format(letter=next(letters), level=level_name(bots[s])))
        return tuple(out)  # type: ignore[return-value]

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "length": self.length, "bots": list(self.bots), "seat": self.seat,
                "seed": self.seed, "training": self.training, "name": self.name}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlaySettings:
        rules = data.get("rules")
        ruleset = ruleset_from_dict(dict(rules), source="saved game") if isinstance(rules, dict) else get_ruleset(rules)
        bots = data.get("bots", ("normal", "normal"))
        if not isinstance(bots, list | tuple) or not all(isinstance(b, str) for b in bots):
            raise PlaySetupError(f"bots must be a list of bot levels, got {bots!r:.60}")
        return cls(ruleset, str(data.get("length", "tonpuusen")), tuple(bots), _whole(data, "seat"),
                   _whole(data, "seed"), bool(data.get("training", False)), str(data.get("name", "You")))


def _whole(data: dict[str, Any], key: str) -> int:
    """A whole-number setting (0 when absent); a number written as text is read too."""
    value = data.get(key, 0)
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PlaySetupError(f"{key} must be a whole number, got {value!r:.60}")
    return value


@dataclass(frozen=True)
class Step:
    """One step of the game: an action (``None`` = deal the next hand), who chose it and why."""

    action: Action | None
    hand: int  # the engine's hand index when it was taken
    bot: bool = False
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        """``a`` is the action's id (:meth:`~sanma_core.game.Action.to_id`), None for a deal."""
        return {"a": None if self.action is None else self.action.to_id(), "h": self.hand, "b": self.bot,
                "r": self.reason}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Step:
        """A step of :meth:`to_json`; games saved before the action ids hold ``[kind, seat, tile, consumed,
        from_hand?]`` lists, read as well. Raises :class:`InputError` for a step that is neither."""
        if not isinstance(data, dict):
            raise InputError(f"a step must be an object, got {data!r:.60}")
        act = data.get("a")
        if act is None or isinstance(act, str):
            action = None if act is None else Action.from_id(act)
        elif (isinstance(act, list) and len(act) in (4, 5) and isinstance(act[0], str) and act[1] in (0, 1, 2)
              and (act[2] is None or isinstance(act[2], int)) and isinstance(act[3], list)
              and all(isinstance(t, int) for t in act[3])):
            action = Action(act[0], act[1], act[2], tuple(act[3]), len(act) > 4 and act[4] is True)
        else:
            raise InputError(f"a step's action must be an action id such as '0:discard:5p', got {act!r:.60}")
        hand = data.get("h", 0)
        if isinstance(hand, bool) or not isinstance(hand, int):
            raise InputError(f"a step's hand must be a whole number, got {hand!r:.60}")
        return cls(action, hand, bool(data.get("b", False)), str(data.get("r", "")))


class PlaySession:
    """One game in progress. Bots move at once: after every human step the bots play until the human is asked."""

    def __init__(self, settings: PlaySettings, steps: list[Step] | None = None):
        self.settings = settings
        self.human = settings.seat
        self.game = settings.new_game()
        self.bots: dict[int, Bot] = {
            s: make_bot(level, f"{settings.seed}/{s}") for s, level in settings.bot_seats().items()
        }
        self.steps: list[Step] = []
        self.bot_seconds: list[float] = []  # wall time of each bot turn (decision and engine update)
        self.bot_cpu_seconds: list[float] = []  # the same turns in CPU time of the serving thread
        self._undo: list[tuple[int, Snapshot]] = []  # (step index, the game just before it): the human's discards
        if steps:
            self._replay(steps)
        else:
            self.advance()

    # ---- queries -----------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self.game.phase

    def view(self) -> SeatView:
        """The table as the human sees it."""
        return self.game.view(self.human)

    def legal(self) -> list[Action]:
        return self.game.legal_actions(self.human)

    def waiting_for_human(self) -> bool:
        return self.human in self.game.to_act()

    def bot_log(self) -> list[Step]:
        return [s for s in self.steps if s.bot]

    def can_undo(self) -> bool:
        """Training mode only: is there a discard of the human's to take back?"""
        return self.settings.training and self._last_human_discard() is not None

    # ---- moves -------------------------------------------------------------

    def play(self, action: Action) -> None:
        """The human's action; then the bots answer. Raises :class:`IllegalActionError` if it is not legal now."""
        if action.seat != self.human:
            raise IllegalActionError(f"{action} refused: you play seat {self.human}")
        self._take(Step(action, self.game.hand_index))
        self.advance()

    def next_hand(self) -> None:
        """Deal the next hand after the result screen."""
        self.game.next_hand()
        self.steps.append(Step(None, self.game.hand_index))
        self.advance()

    def advance(self) -> None:
        """Let the bots act until the human is asked or the hand is over."""
        for move in run(self.game, self.bots, next_hands=False, timed=True):
            self.bot_seconds.append(move.turn_seconds)
            self.bot_cpu_seconds.append(move.turn_cpu_seconds)
            self.steps.append(Step(move.decision.action, move.hand, True, str(move.decision.reason)))

    def undo(self) -> None:
        """Take back the human's last discard (training mode): the game returns to the snapshot taken before it."""
        i = self._last_human_discard()
        if not self.settings.training or i is None:
            raise IllegalActionError("undo: only in training mode, after a discard of yours")
        while self._undo and self._undo[-1][0] > i:
            self._undo.pop()
        index, snapshot = self._undo.pop()
        assert index == i, "a snapshot is taken before every discard of the human's"
        self.game.restore(snapshot)
        del self.steps[i:]

    def _last_human_discard(self) -> int | None:
        for i in range(len(self.steps) - 1, -1, -1):
            step = self.steps[i]
            if not step.bot and step.action is not None and step.action.kind in UNDOABLE:
                return i
        return None

    def _take(self, step: Step) -> None:
        """Apply a step (a human's, or any when re-playing), keeping a snapshot before a human discard."""
        action = step.action
        if action is None:
            self.game.next_hand()
        else:
            undoable = self.settings.training and not step.bot and action.kind in UNDOABLE
            snapshot = self.game.snapshot() if undoable else None
            self.game.apply(action)
            if snapshot is not None:
                self._undo.append((len(self.steps), snapshot))
        self.steps.append(step)

    def _replay(self, steps: list[Step]) -> None:
        for step in steps:
            self._take(step)

    # ---- records -----------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """Settings and steps as JSON-ready data; :meth:`from_record` rebuilds the same game."""
        return {"settings": self.settings.to_dict(), "steps": [s.to_json() for s in self.steps]}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> PlaySession:
        """The game of :meth:`to_record`; raises :class:`RecordError` (with the step it concerns) for a saved
        game that cannot be rebuilt."""
        if not isinstance(record, dict) or not isinstance(record.get("settings"), dict):
            raise RecordError(0, "saved game: expected an object with its settings and steps")
        try:
            settings = PlaySettings.from_dict(record["settings"])
        except SanmaError as exc:
            raise RecordError(0, f"saved game settings: {exc}") from None
        steps = record.get("steps", [])
        if not isinstance(steps, list):
            raise RecordError(0, "saved game: the steps must be a list")
        read = []
        for i, s in enumerate(steps):
            try:
                read.append(Step.from_json(s))
            except SanmaError as exc:
                raise RecordError(i, f"saved game, step {i + 1}: {exc}") from None
        try:
            return cls(settings, read)
        except SanmaError as exc:
            raise RecordError(len(read), f"saved game: the steps do not replay: {exc}") from None

    def mjai(self) -> str:
        """The game so far as mjai JSON Lines (three-player dialect)."""
        return dumps(self.game.events)

    def tenhou6(self) -> dict[str, Any]:
        """The game so far as tenhou.net/6 JSON."""
        return to_tenhou6(self.game.events, self.game.rules, title=self._record_title)

    @property
    def _record_title(self) -> str:
        return f"sanma tutor, seed {self.settings.seed}"

    def exports(self) -> tuple[Callable[[], str], Callable[[], str]]:
        """Makers of the game so far as mjai text and as tenhou.net/6 text, over the events as they are now:
        a download is made only when asked for (the tenhou.net/6 form costs tens of milliseconds), possibly
        after the game has moved on."""
        events = list(self.game.events)
        rules, title = self.game.rules, self._record_title
        return (lambda: dumps(events),
                lambda: json.dumps(to_tenhou6(events, rules, title=title), ensure_ascii=False))


__all__ = ["LEVEL_NAMES", "PlaySession", "PlaySettings", "PlaySetupError", "Step", "level_name"]
