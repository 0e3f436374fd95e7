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
right, left), each {seat, position, name, wind, dealer, score, riichi, hand_size, active, pond (rows of
tiles with tsumogiri / riichi / sideways / called / offered / since_riichi), melds ({kind, tiles, called,
from_seat, from, from_name, added, text}), kita, kita_faces, revealed ({tiles with win, label} or None)};
``hand`` {tiles, drawn, furiten, waits, riichi}, each tile {tile, face, title, index, key, id, riichi_id,
win}; ``actions`` [{id, kind, tile, label, key, engine (the action id, ``Action.to_id``)}]; ``facts`` {action id: {tile, shanten,
shanten_text, useful, useful_count, best, text}}; ``offer`` (the tile that may be called, who threw it,
the call ids) or None; ``advice`` {id, text, reason} or None; ``result`` {title, label, lines, sticks,
scores} or None; ``undo`` (the table offers :data:`UNDO`, taking back the last discard); ``faces`` {face name:
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
from sanma_core.review.decisions import action_label, action_text
from sanma_core.review.hints import visible_counts
from sanma_core.review.summary import HandSummary
from sanma_core.tiles import NORTH, format_tiles, kind, kind_name, sort_tiles, tile_name, to_counts
from sanma_core.words import (
    Cast,
    hand_label,
    leaves_text,
    shanten_text,
    sticks_text,
    tenpai_line,
    win_sentence,
    wind_name,
)
from tutor.tiles_svg import tile_data_uri, tile_title

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
        return f"Tsumogiri {tile_name(a.tile)}"
    if action_id == "riichi:tsumogiri":
        return f"Riichi, tsumogiri {tile_name(a.tile)}"
    return action_text(a) if a.kind in (DISCARD, RIICHI) else action_label(a)


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
        return {"tile": None, "face": BACK, "title": "face down"}


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
                        "from_name": None, "added": None, "text": f"closed kan of {kind_name(m.tile_kind)}"})
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
        what = {"pon": "pon", "minkan": "open kan"}.get(m.kind, m.kind)
        if cm.added is not None:
            what = "added kan"
        text = f"{what} of {kind_name(m.tile_kind)}" + (f", {tile_name(called)} from {names[src]}" if src is not None else "")
        out.append({"kind": "kakan" if cm.added is not None else m.kind, "tiles": tiles, "called": tile_name(called),
                    "from_seat": src, "from": None if src is None else position_of(view.seat, src),
                    "from_name": None if src is None else names[src],
                    "added": None if cm.added is None else tile_name(cm.added), "text": text})
    return out


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
            out[action_id] = fact(by_kind[kind(a.tile)], name, f"{'Riichi, discard' if a.kind == RIICHI else 'Discard'} {name}")
        elif a.kind == KITA:
            k = kita_option(counts, outside, seen=seen)
            if k is not None:
                out[action_id] = fact(k, "4z", "Kita") | {"best": best is not None and k.shanten <= best[0]}
    return out


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
        out[s] = {"tiles": entries, "label": label}
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
               "delta": result.deltas[s], "after": result.scores_after[s]} for s in range(3)]
    return {"title": result.title, "label": result.label, "lines": lines, "sticks": sticks, "scores": scores}


def _advice(hints: Any, ids: Mapping[str, Action]) -> dict[str, Any] | None:
    decision = getattr(hints, "advice", None)
    if decision is None:
        return None
    a = decision.action.plain()
    match = [i for i, b in ids.items() if b == a] or [i for i, b in ids.items() if b.plain() == a]
    return {"id": match[0] if match else None, "text": action_text(a), "reason": str(decision.reason)}


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
            "dealer": s == view.dealer, "score": p.score, "riichi": p.riichi, "hand_size": p.hand_size,
            "active": view.phase in (Phase.TURN, Phase.RESPONSE) and s == (view.last_tile_from if offered_from is not None
                                                                          else view.turn),
            "pond": _pond(view, s, names, faces, offer_in_pond and s == offered_from),
            "melds": _melds(view, s, names, faces), "kita": p.kita,
            "kita_faces": [faces.tile(NORTH)["face"]] * p.kita,
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
                 "actions": [i for i, a in ids.items() if a.kind != PASS], "in_pond": offer_in_pond}

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
        "advice": _advice(hints, ids),
        "result": _result(view, result, cast),
        "undo": bool(undo),
        "faces": {},
    }
    state["faces"] = faces.used
    digest = json.dumps({k: v for k, v in state.items() if k != "faces"}, sort_keys=True, default=str)
    state["id"] = hashlib.sha1(digest.encode()).hexdigest()[:16]
    return state
