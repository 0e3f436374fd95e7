"""The table as JSON: what the table component draws, built from one seat's :class:`~sanma_core.game.SeatView`.

Pure Python (no Streamlit), so Play, the game review and the tests build the same state.
Seats are placed around the viewer: the viewer at the bottom, the next seat in turn
order on the right, the previous one on the left. Ponds come in rows of six; every
legal action gets one stable table id (``"discard:5p"``, ``"tsumogiri"``, ``"riichi:3s"``,
``"kita"``, ``"pon"``, ``"pass"``, ``"ron"``, ``"tsumo"``…) and :func:`action_for`
turns an id back into the engine's :class:`~sanma_core.game.Action` (each action entry carries the
action's own notation, :meth:`~sanma_core.game.Action.to_id`, as ``engine``).

The state (all JSON): ``id`` (a digest of the position, for stale clicks), ``viewer``, ``phase``, ``big``;
``centre`` {round, round_wind, honba, sticks, tiles_left, dora (faces), turn (position)}; ``seats`` (bottom,
right, left), each {seat, position, name, wind, dealer, score, score_text, riichi, hand_size, hand_size_text, active, pond (rows of
tiles with tsumogiri / riichi / sideways / called / offered / since_riichi), melds ({kind, tiles, called,
from_seat, from, from_name, added, text}), kita, kita_faces, revealed ({tiles with win, label} or None)};
``hand`` {tiles, drawn, furiten, waits, riichi}, each tile {tile, face, title, index, key, id, riichi_id,
win}; ``actions`` [{id, kind, tile, label, key, engine (the action id, ``Action.to_id``)}]; ``facts`` {action id: {tile, shanten,
shanten_text, useful, useful_count, best, text}}; ``offer`` (the tile that may be called, who threw it,
the call ids) or None; ``advice`` {id, text, reason} or None; ``result`` {title, label, lines, sticks,
scores (with ``delta_text`` and ``after_text`` written the language's way)} or None; ``words`` (every
text the frontend shows by itself, in the language spoken now: :func:`table_words`); ``undo`` (the table offers :data:`UNDO`, taking back the last discard); ``faces`` {face name:
SVG data URI} for every face used (``5p``, ``0s/side``, ``back``).

The "what this discard leaves" facts come from :mod:`sanma_core.analysis.efficiency`
with the copies the seat can see (:func:`sanma_core.review.hints.visible_counts`),
the same numbers as the hints and the reviews.

>>> from sanma_core.game import Game
>>> g = Game(seed=3)
>>> s = table_state(g.view(0), names=("You", "Bot A", "Bot B"))
>>> [p["position"] for p in s["seats"]], s["hand"]["drawn"]["id"]
(['bottom', 'right', 'left'], 'tsumogiri')
>>> action_for(s, "tsumogiri") == Action.discard(0, g.view(0).drawn)
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sanma_core.analysis import outside_counts
from sanma_core.analysis.efficiency import discard_values, kita_option, rank_discards
from sanma_core.dora import dora_kinds
from sanma_core.errors import InputError
from sanma_core.game import Action, IllegalActionError, Phase, SeatView
from sanma_core.game.actions import ABORT, ANKAN, DISCARD, KAKAN, KITA, MINKAN, PASS, PON, RIICHI, RON, TSUMO
from sanma_core.i18n import N_, gettext, ngettext, number
from sanma_core.review.decisions import action_label, action_text
from sanma_core.review.hints import visible_counts
from sanma_core.review.summary import HandSummary
from sanma_core.tiles import NORTH, format_tiles, is_red, kind, kind_name, sort_tiles, tile_name, to_counts
from sanma_core.words import (
    Cast,
    hand_label,
    honour_name,
    leaves_text,
    shanten_text,
    speak,
    sticks_text,
    tenpai_line,
    win_sentence,
    wind_name,
)
from tutor.tiles_svg import tile_data_uri

POND_ROW = 6
POSITIONS = ("bottom", "right", "left")  # the viewer, the next seat in turn order, the previous seat
#: Keys of the actions (discards: the number of the tile's place in the hand, 1–9 then 0).
ACTION_KEYS = {TSUMO: "w", RON: "w", PON: "c", MINKAN: "n", KAKAN: "n", ANKAN: "n", KITA: "k", PASS: "p",
               ABORT: "a", RIICHI: "r"}
HAND_KEYS = "1234567890"
BACK = "back"
SIDE = "/side"
#: The table's own action id for taking back the last discard (offered with ``undo=True``; not an engine action).
UNDO = "undo"

__all__ = ["POSITIONS", "UNDO", "action_for", "action_ids", "position_of", "table_state"]


def position_of(viewer: int, seat: int) -> str:
    """Where ``seat`` sits for ``viewer``: ``bottom`` (self), ``right`` (next in turn order) or ``left``.

    >>> [position_of(2, s) for s in range(3)]
    ['right', 'left', 'bottom']
    """
    return POSITIONS[(seat - viewer) % 3]


# ---- action ids ----------------------------------------------------------------------


def _counted(actions: Sequence[Action], kind_: str) -> int:
    return sum(1 for a in actions if a.kind == kind_)


def action_ids(legal: Sequence[Action], *, hand: Sequence[int] = (), drawn: int | None = None,
               in_riichi: bool = False) -> dict[str, Action]:
    """One stable id per legal action (in ``legal``'s order), and the engine action each id stands for.

    ``hand`` is the concealed hand (the drawn tile included) and ``drawn`` the drawn tile: the drawn
    tile's discard is ``tsumogiri`` (``riichi:tsumogiri``); ``discard:5p`` throws a 5p from the hand,
    keeping a drawn 5p (an action marked ``from_hand``, a different engine action). Calls with one option
    are named by their kind (``pon``); with several, the tiles are added (``pon:05p``, ``ankan:4z``).

    >>> from sanma_core.game import Game
    >>> v = Game(seed=3).view(0)
    >>> ids = action_ids(v.legal_actions, hand=v.hand, drawn=v.drawn)
    >>> sorted(k for k in ids if not k.startswith("discard:"))
    ['kita', 'tsumogiri']
    """
    rest = list(hand)
    if drawn is not None and drawn in rest:
        rest.remove(drawn)
    out: dict[str, Action] = {}
    for a in legal:
        a = a.plain()
        if a.kind in (DISCARD, RIICHI):
            prefix = "discard:" if a.kind == DISCARD else "riichi:"
            if drawn is not None and a.tile == drawn:
                out["tsumogiri" if a.kind == DISCARD else "riichi:tsumogiri"] = a
                if not in_riichi and a.tile in rest:  # the same tile thrown from the hand, the drawn one kept
                    out[prefix + tile_name(a.tile)] = Action(a.kind, a.seat, a.tile, (), True)
            else:
                out[prefix + tile_name(a.tile)] = a
        elif a.kind in (PON, MINKAN, ANKAN, KAKAN):
            if _counted(legal, a.kind) == 1:
                out[a.kind] = a
            elif a.kind == PON:
                out[f"pon:{format_tiles(a.consumed)}"] = a
            elif a.kind == ANKAN:
                out[f"ankan:{tile_name(a.consumed[0])}"] = a
            elif a.kind == KAKAN:
                out[f"kakan:{tile_name(a.tile)}"] = a
            else:
                out[f"minkan:{format_tiles(a.consumed)}"] = a
        elif a.kind == ABORT:
            out["abort"] = a
        else:  # tsumo, ron, kita, pass: at most one each
            out[a.kind] = a
    return out


def action_for(state_or_view: Mapping[str, Any] | SeatView, action_id: str) -> Action:
    """The engine action behind ``action_id``: read from a state of :func:`table_state`, or from a
    :class:`SeatView` (its legal actions). Raises :class:`IllegalActionError` for an id that is not offered."""
    if isinstance(state_or_view, SeatView):
        v = state_or_view
        ids = action_ids(v.legal_actions, hand=v.hand, drawn=v.drawn, in_riichi=v.seats[v.seat].riichi)
        if action_id in ids:
            return ids[action_id]
    else:
        for entry in state_or_view.get("actions", ()):
            if entry["id"] == action_id:
                return Action.from_id(entry["engine"])
    raise IllegalActionError(f"{action_id!r} is not one of the actions offered now")


def _label(action_id: str, a: Action) -> str:
    if action_id == "tsumogiri":
        return gettext("Tsumogiri {tile}").format(tile=tile_name(a.tile))
    if action_id == "riichi:tsumogiri":
        return gettext("Riichi, tsumogiri {tile}").format(tile=tile_name(a.tile))
    return action_text(a) if a.kind in (DISCARD, RIICHI) else action_label(a)


#: The dragons' names in a tile's title (5z–7z).
DRAGON_NAMES = (N_("White dragon"), N_("Green dragon"), N_("Red dragon"))


def tile_title(tile: int) -> str:
    """A tile's accessible name in the language spoken now: ``5p``, ``red 5p``, ``1z East``, ``5z White dragon``."""
    k = kind(tile)
    if is_red(tile):
        return gettext("red {tile}").format(tile="5" + tile_name(tile)[1])
    if k >= 31:
        return f"{tile_name(tile)} {gettext(DRAGON_NAMES[k - 31])}"
    return f"{tile_name(tile)} {honour_name(k - 27)}" if k >= 27 else tile_name(tile)


def table_words() -> dict[str, Any]:
    """Every word the table's JavaScript shows by itself, in the language spoken now (the frontend holds no
    text of its own; ``{name}`` placeholders are filled there)."""
    return {
        "table": gettext("Mahjong table: click it once to use the keyboard, ? for help"),
        "table_readonly": gettext("Mahjong table (view only): ? for help"),
        "face_down": gettext("face down"),
        "help_title": gettext("Keys and markers (?)"), "help_title_readonly": gettext("Markers (?)"),
        "help_aria": gettext("help: keys and markers"), "help_aria_readonly": gettext("help: markers"),
        "kbd_on": gettext("Keyboard on: 1–9 / arrows + Enter, t tsumogiri, ? help"),
        "kbd_off": gettext("Keyboard: click the table once, then press ? for the keys"),
        "dealer": gettext("dealer"), "riichi": gettext("riichi"), "tsumogiri": gettext("tsumogiri"), "called": gettext("called"),
        "after_riichi": gettext("after the riichi of {names}"),
        "honba": gettext("Honba"), "sticks": gettext("Sticks"), "left": gettext("Tiles left"), "dora": gettext("Dora ind."),
        "you_may": gettext("— you may: {calls}, or pass."),
        "hint": gettext("Hint: {reason}"), "hint_action": gettext("Hint: {action} — {reason}"), "hint_plain": gettext("Hint: {action}"),
        "riichi_pick": gettext("Riichi: pick the tile (Esc cancels)"), "riichi_button": gettext("Riichi…"),
        "undo": gettext("Undo my last discard"), "close": gettext("Close"),
        "help_heading": gettext("Keys and markers"), "help_heading_readonly": gettext("Markers"),
        "key_rows": [
            [gettext("1 … 9, 0"), gettext("choose the 1st … 10th tile of the hand")],
            [gettext("← →, Home, End"), gettext("move the choice along the hand")],
            [gettext("Enter or Space"), gettext("discard the chosen tile (in riichi mode: riichi with it)")],
            ["t", gettext("tsumogiri: discard the drawn tile")],
            ["r", gettext("riichi: then choose the tile (Esc cancels)")],
            ["k", gettext("kita: set a North aside")],
            ["w", gettext("win: tsumo or ron")],
            ["c", gettext("pon")],
            ["n", gettext("kan")],
            ["p", gettext("pass (do not call)")],
            ["a", gettext("nine-terminal abort")],
            ["u", gettext("undo your last discard (training mode)")],
            ["?", gettext("this help; Esc closes it")],
        ],
        "markers": {
            "drawn": gettext("blue ring: the drawn tile (set apart)"),
            "selected": gettext("amber frame, raised: the tile chosen with the keys (or by a first tap)"),
            "win": gettext("red ring: the winning tile"),
            "offered": gettext("green ring: the tile you may call"),
            "advised": gettext("violet: the hint's advice"),
        },
        "marks": [
            [gettext("darker tile with a dot"), gettext("tsumogiri (the drawn tile thrown at once)")],
            [gettext("tile on its side"), gettext("the riichi discard; in a meld, the called tile (on the side it came from)")],
            [gettext("faded tile"), gettext("taken from the pond by another player's call")],
        ],
        "help_caption": gettext("Hover a hand tile (or press and hold it on a touch screen) to see what its discard leaves. "
                          "The keys work once the table has been clicked."),
        "best_shape": gettext(" — best shape"),
        "info_riichi": gettext("Riichi: choose the tile to discard (click it, or 1–9 and Enter). Esc cancels."),
        "info_over": gettext("The hand is over."),
        "info_readonly": gettext("A recorded position: nothing to choose here."),
        "info_tap": gettext("Your turn: tap a tile to raise it and see what it leaves, tap it again to discard it."),
        "info_click": gettext("Your turn: click a tile to discard it; hover it to see what it leaves."),
        "info_call": gettext("Call or pass?"),
        "info_wait": gettext("Waiting for the other players…"),
        "info_furiten": gettext(" (furiten: no ron)"),
        "drawn_tile": gettext("drawn {tile}"), "tile_key": gettext("{tile}, key {key}"),
    }


#: How the seat that threw the tile on offer is placed, by its position (whole sentences, so each reads well).
_OFFER_FROM = {"left": N_("{name} (left) discarded"), "right": N_("{name} (right) discarded"),
               "bottom": N_("{name} (bottom) discarded")}


def signed(value: int) -> str:
    """A score change with its sign, the language's way: ``+1,000`` / ``+1.000``, ``-500``, ``0``."""
    return ("+" if value > 0 else "") + number(value)


# ---- faces ---------------------------------------------------------------------------


class _Faces:
    """The tile images the state uses, by name (``5p``, ``0p/side``, ``back``)."""

    def __init__(self) -> None:
        self.used: dict[str, str] = {}

    def tile(self, tile: int, sideways: bool = False) -> dict[str, Any]:
        name = tile_name(tile)
        face = name + (SIDE if sideways else "")
        if face not in self.used:
            self.used[face] = tile_data_uri(tile, sideways)
        return {"tile": name, "face": face, "title": tile_title(tile)}

    def back(self) -> dict[str, Any]:
        if BACK not in self.used:
            self.used[BACK] = tile_data_uri(NORTH, face_down=True)
        return {"tile": None, "face": BACK, "title": gettext("face down")}


# ---- the parts of the table --------------------------------------------------------


def _pond(view: SeatView, seat: int, names: Sequence[str], faces: _Faces, offered: bool) -> list[list[dict[str, Any]]]:
    """The seat's discards in rows of six. The riichi tile lies sideways (the next one, if it was called);
    ``since_riichi`` names the players whose riichi came before the discard (it passed them)."""
    p = view.seats[seat]
    riichi_starts = {s: q.riichi_ponds[seat] for s, q in enumerate(view.seats) if q.riichi_ponds is not None}
    tiles: list[dict[str, Any]] = []
    sideways_pending = False
    for i, d in enumerate(p.discards):
        sideways = (d.riichi or sideways_pending) and not d.called
        sideways_pending = (d.riichi or sideways_pending) and d.called
        entry = faces.tile(d.tile, sideways)
        entry |= {"index": i, "tsumogiri": d.tsumogiri, "riichi": d.riichi, "sideways": sideways, "called": d.called,
                  "since_riichi": [names[s] for s, n in sorted(riichi_starts.items()) if s != seat and i >= n],
                  "offered": False}
        tiles.append(entry)
    if offered and tiles:
        tiles[-1]["offered"] = True
    return [tiles[i:i + POND_ROW] for i in range(0, len(tiles), POND_ROW)]


def _melds(view: SeatView, seat: int, names: Sequence[str], faces: _Faces) -> list[dict[str, Any]]:
    """Each meld as drawn: the called tile sideways on the side of the seat it came from (left seat: first,
    right seat: last), an added kan's tile on top of it, a closed kan with its outer tiles face down."""
    out = []
    for cm in view.seats[seat].melds:
        m = cm.meld
        if m.kind == "ankan":
            tiles = [faces.back(), faces.tile(m.tiles[1]), faces.tile(m.tiles[2]), faces.back()]
            out.append({"kind": m.kind, "tiles": tiles, "called": None, "from_seat": None, "from": None,
                        "from_name": None, "added": None,
                        "text": gettext("closed kan of {kind}").format(kind=kind_name(m.tile_kind))})
            continue
        rest = list(m.tiles)
        called = cm.called if cm.called is not None else rest[0]
        rest.remove(called)
        if cm.added is not None and cm.added in rest:
            rest.remove(cm.added)
        src = cm.source
        rel = position_of(seat, src) if src is not None else "left"
        side = faces.tile(called, sideways=True) | {"called": True}
        if cm.added is not None:
            side["added"] = faces.tile(cm.added, sideways=True)
        upright = [faces.tile(t) for t in rest]
        tiles = upright + [side] if rel == "right" else [side] + upright
        what = "kakan" if cm.added is not None else m.kind
        sentence = (_MELD_FROM if src is not None else _MELD_TEXT).get(what)
        if sentence is None:  # a kind without its own sentence: said as the engine names it
            sentence = f"{what} of {{kind}}" + (", {tile} from {name}" if src is not None else "")
        text = gettext(sentence).format(kind=kind_name(m.tile_kind), tile=tile_name(called),
                                        name=names[src] if src is not None else "")
        out.append({"kind": "kakan" if cm.added is not None else m.kind, "tiles": tiles, "called": tile_name(called),
                    "from_seat": src, "from": None if src is None else position_of(view.seat, src),
                    "from_name": None if src is None else names[src],
                    "added": None if cm.added is None else tile_name(cm.added), "text": text})
    return out


#: An open meld in words, by its kind (without and with the seat its tile came from).
_MELD_TEXT = {"pon": N_("pon of {kind}"), "minkan": N_("open kan of {kind}"), "kakan": N_("added kan of {kind}")}
_MELD_FROM = {"pon": N_("pon of {kind}, {tile} from {name}"), "minkan": N_("open kan of {kind}, {tile} from {name}"),
              "kakan": N_("added kan of {kind}, {tile} from {name}")}


def _facts(view: SeatView, ids: Mapping[str, Action]) -> dict[str, dict[str, Any]]:
    """What each legal discard (and kita) leaves: shanten, useful kinds, their unseen copies — from
    :func:`sanma_core.analysis.efficiency.rank_discards` with every tile the seat can see."""
    if len(view.hand) % 3 != 2 or not any(a.kind in (DISCARD, RIICHI) for a in ids.values()):
        return {}
    counts = to_counts(view.hand)
    outside = outside_counts(view.melds, view.kita)
    seen = visible_counts(view)
    ranked = rank_discards(counts, outside, seen=seen, value=discard_values(view.hand, dora_kinds(view.dora_indicators)))
    by_kind = {o.tile: o for o in ranked}
    best = ranked[0].shape if ranked else None
    out: dict[str, dict[str, Any]] = {}

    def fact(o: Any, tile: str, what: str) -> dict[str, Any]:
        useful = [kind_name(k) for k in o.useful]
        text = leaves_text(what, o.shanten, useful, o.useful_count)
        return {"tile": tile, "shanten": o.shanten, "shanten_text": shanten_text(o.shanten), "useful": useful,
                "useful_count": o.useful_count, "best": o.shape == best, "text": text}

    for action_id, a in ids.items():
        if a.kind in (DISCARD, RIICHI) and kind(a.tile) in by_kind:
            name = tile_name(a.tile)
            what = gettext("Riichi, discard {tile}") if a.kind == RIICHI else gettext("Discard {tile}")
            out[action_id] = fact(by_kind[kind(a.tile)], name, what.format(tile=name))
        elif a.kind == KITA:
            k = kita_option(counts, outside, seen=seen)
            if k is not None:
                out[action_id] = fact(k, "4z", gettext("Kita")) | {"best": best is not None and k.shanten <= best[0]}
    return out


#: The caption of a hand shown at a hand end, by what it is (the id is sent beside it as ``kind``).
_REVEALED_LABELS = {"winning hand": N_("winning hand"), "tenpai": N_("tenpai"), "noten": N_("noten"),
                    "hand": N_("hand")}


def _win_tiles(result: HandSummary | str | None) -> dict[int, int]:
    if isinstance(result, HandSummary):
        return {w.seat: w.win_tile for w in result.wins}
    return {}


def _revealed(view: SeatView, reveal: Mapping[int, Sequence[int]] | None, result: HandSummary | str | None,
              faces: _Faces) -> dict[int, dict[str, Any]]:
    """The concealed hands shown at a hand end: winners' hands from the result (the winning tile marked), the
    others from ``reveal`` (absolute seat → tiles)."""
    hands: dict[int, list[int]] = {s: sort_tiles(t) for s, t in (reveal or {}).items()}
    wins = _win_tiles(result)
    tenpai: tuple[bool, bool, bool] | None = None
    if isinstance(result, HandSummary):
        for w in result.wins:
            hand = list(w.hand)
            if w.win_tile in hand:
                hand.remove(w.win_tile)
            hands[w.seat] = sort_tiles(hand) + [w.win_tile]
        for s, tiles in (result.revealed or {}).items():
            hands.setdefault(s, sort_tiles(tiles))
        tenpai = result.tenpai
    out = {}
    for s, tiles in hands.items():
        entries = [faces.tile(t) | {"win": False} for t in tiles]
        if s in wins and entries:
            entries[-1]["win"] = True
        label = "winning hand" if s in wins else ("tenpai" if tenpai and tenpai[s] else ("noten" if tenpai else "hand"))
        out[s] = {"tiles": entries, "label": gettext(_REVEALED_LABELS[label]), "kind": label}
    return out


def _result(view: SeatView, result: HandSummary | str | None, cast: Cast) -> dict[str, Any] | None:
    if result is None:
        return None
    if isinstance(result, str):
        return {"title": result, "label": "", "lines": [], "sticks": None, "scores": []}
    lines = [win_sentence(cast, seat=w.seat, from_seat=w.from_seat, tsumo=w.tsumo, tile=tile_name(w.win_tile), han=w.han,
                          fu=w.fu, yakuman=w.yakuman, limit=w.limit) for w in result.wins]
    if result.tenpai is not None:
        lines.append(tenpai_line(result.tenpai, cast))
    n = result.sticks
    sticks = sticks_text(n, result.wins[0].seat if result.wins else None, cast) if n else None
    names = cast.names
    scores = [{"seat": s, "position": position_of(view.seat, s), "name": names[s], "before": result.scores_before[s],
               "delta": result.deltas[s], "after": result.scores_after[s], "delta_text": signed(result.deltas[s]),
               "after_text": number(result.scores_after[s])} for s in range(3)]
    return {"title": result.title, "label": result.label, "lines": lines, "sticks": sticks, "scores": scores}


def _advice(hints: Any, ids: Mapping[str, Action], cast: Cast) -> dict[str, Any] | None:
    decision = getattr(hints, "advice", None)
    if decision is None:
        return None
    a = decision.action.plain()
    match = [i for i, b in ids.items() if b == a] or [i for i, b in ids.items() if b.plain() == a]
    return {"id": match[0] if match else None, "text": action_text(a), "reason": speak(str(decision.reason), cast)}


# ---- the state -------------------------------------------------------------------------


def table_state(view: SeatView, *, names: Sequence[str], legal: Iterable[Action] | None = None, hints: Any = None,
                reveal: Mapping[int, Sequence[int]] | None = None, result: HandSummary | str | None = None,
                big: bool = False, you: int | None = None, undo: bool = False) -> dict[str, Any]:
    """The JSON state the table component draws, for the seat of ``view``.

    ``names`` by absolute seat (sent as text, never as markup); ``legal`` the actions to offer (default: the
    view's); ``hints`` a :class:`~sanma_core.review.hints.Hints` whose ``advice`` is shown; ``reveal`` the
    concealed hands to show at a hand end (absolute seat → tiles); ``result`` the hand's
    :class:`~sanma_core.review.summary.HandSummary` (or a plain text); ``big`` for a projector; ``you`` the
    seat of the reader, spoken of as "you" in the result (default: a seat named "You", if any); ``undo`` offers
    :data:`UNDO` beside the actions (the caller takes the discard back when it comes).
    """
    names = [str(n) for n in names]
    if len(names) != 3:
        raise InputError(f"table_state: three names are needed, got {len(names)}")
    cast = Cast(names, you) if you is not None else Cast.reading(names)
    me = view.seat
    own = view.seats[me]
    legal = tuple(view.legal_actions if legal is None else legal)
    ids = action_ids(legal, hand=view.hand, drawn=view.drawn, in_riichi=own.riichi)
    faces = _Faces()
    revealed = _revealed(view, reveal, result, faces) if (reveal or result is not None) else {}
    offered_from = view.last_tile_from if view.phase is Phase.RESPONSE else None
    offer_in_pond = (offered_from is not None and bool(view.seats[offered_from].discards)
                     and view.seats[offered_from].discards[-1].tile == view.last_tile
                     and any(a.kind in (PON, MINKAN, RON) for a in legal))

    order = [me, (me + 1) % 3, (me + 2) % 3]
    seats = []
    for s in order:
        p = view.seats[s]
        seats.append({
            "seat": s, "position": position_of(me, s), "name": names[s], "wind": wind_name(p.wind),
            "dealer": s == view.dealer, "score": p.score, "score_text": number(p.score), "riichi": p.riichi,
            "hand_size": p.hand_size,
            "hand_size_text": ngettext("{n} tile", "{n} tiles", p.hand_size).format(n=p.hand_size),
            "active": view.phase in (Phase.TURN, Phase.RESPONSE) and s == (view.last_tile_from if offered_from is not None
                                                                          else view.turn),
            "pond": _pond(view, s, names, faces, offer_in_pond and s == offered_from),
            "melds": _melds(view, s, names, faces), "kita": p.kita,
            "kita_faces": [faces.tile(NORTH)["face"]] * p.kita,
            "kita_text": ngettext("kita: {n} North set aside", "kita: {n} Norths set aside", p.kita).format(n=p.kita),
            "revealed": revealed.get(s),
        })

    # the own hand, sorted, the drawn tile apart
    rest = list(view.hand)
    drawn = view.drawn
    if drawn is not None and drawn in rest:
        rest.remove(drawn)
    else:
        drawn = None
    hand_entries = []
    for i, t in enumerate(sort_tiles(rest)):
        name = tile_name(t)
        entry = faces.tile(t) | {"index": i, "key": HAND_KEYS[i] if i < len(HAND_KEYS) else "",
                                 "id": f"discard:{name}" if f"discard:{name}" in ids else None,
                                 "riichi_id": f"riichi:{name}" if f"riichi:{name}" in ids else None, "win": False}
        hand_entries.append(entry)
    drawn_entry = None
    if drawn is not None:
        drawn_entry = faces.tile(drawn) | {"index": len(hand_entries), "key": "t",
                                           "id": "tsumogiri" if "tsumogiri" in ids else None,
                                           "riichi_id": "riichi:tsumogiri" if "riichi:tsumogiri" in ids else None,
                                           "win": False}
    actions = []
    used_keys: set[str] = set()
    for action_id, a in ids.items():
        if a.kind == DISCARD and action_id != "tsumogiri":
            entry = next((e for e in hand_entries if e["id"] == action_id), None)
            key = entry["key"] if entry else ""
        elif action_id == "tsumogiri":
            key = "t"
        else:
            key = ACTION_KEYS.get(a.kind, "")
            if key in used_keys and a.kind != RIICHI:
                key = ""  # the first option of a kind has the key; the others are buttons
            used_keys.add(key)
        actions.append({"id": action_id, "kind": a.kind, "tile": None if a.tile is None else tile_name(a.tile),
                        "label": _label(action_id, a), "key": key, "engine": a.to_id()})

    offer = None
    if offered_from is not None and view.last_tile is not None and legal:
        offer = faces.tile(view.last_tile) | {
                 "from_seat": offered_from, "from": position_of(me, offered_from), "from_name": names[offered_from],
                 "actions": [i for i, a in ids.items() if a.kind != PASS], "in_pond": offer_in_pond,
                 "text": gettext(_OFFER_FROM[position_of(me, offered_from)]).format(name=names[offered_from])}

    state: dict[str, Any] = {
        "version": 1,
        "viewer": me,
        "phase": view.phase.value,
        "big": bool(big),
        "centre": {
            "round": hand_label(view.round_wind, view.dealer, 0), "round_wind": wind_name(view.round_wind),
            "honba": view.honba, "sticks": view.sticks, "tiles_left": view.live_remaining,
            "dora": [faces.tile(t)["face"] for t in view.dora_indicators],
            "turn": position_of(me, view.turn) if view.phase in (Phase.TURN, Phase.RESPONSE) else None,
        },
        "seats": seats,
        "hand": {"tiles": hand_entries, "drawn": drawn_entry, "furiten": bool(view.furiten),
                 "waits": [kind_name(k) for k in view.waits], "riichi": own.riichi},
        "actions": actions,
        "facts": _facts(view, ids),
        "offer": offer,
        "advice": _advice(hints, ids, cast),
        "result": _result(view, result, cast),
        "undo": bool(undo),
        "words": table_words(),
        "faces": {},
    }
    state["faces"] = faces.used
    digest = json.dumps({k: v for k, v in state.items() if k != "faces"}, sort_keys=True, default=str)
    state["id"] = hashlib.sha1(digest.encode()).hexdigest()[:16]
    return state
