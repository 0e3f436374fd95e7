"""Measure how real Phoenix players decide, for the decision drills; write ``drills/real_decisions.json``.

Run: ``.venv/bin/python -m drills.measure_decisions ../shared/data/tenhou-phoenix-train.jsonl.gz``
(add ``--out FILE`` to write elsewhere, ``--limit N`` to read only the first N games).

Every game is re-played through the referee (:func:`sanma_core.game.tenhou6_import.from_tenhou6`); an
observer looks at the state before each recorded action and counts:

- ``riichi_dama``: each seat's first closed tenpai where riichi was legal: riichi at once or not, by the
  live copies of its waits (``4 − own tiles − indicators − own kita``, as the riichi-dama drill counts them)
  and the turn; then whether that seat won (by tsumo or ron, and for how much) or dealt in (and paid how much)
  before the hand ended;
- ``riichi_dama_value``: the same positions by the han of dora, red fives and kita already held;
- ``push_fold``: at each riichi, each other seat: tenpai on a good wait (GOOD_WAIT live copies or more) or a
  poor one, 1-shanten or further, whether the riichi player is dealer, the riichi turn, how many Norths the riichi player had set aside; then who won, who dealt in, and what the riichi
  player's win was worth;
- ``kita``: each turn a North could be set aside (not in own riichi): whether it was, by the engine's
  kita rule (:func:`sanma_core.analysis.efficiency.kita_verdict`), whether an opponent was in riichi, the
  Norths held (1, 2, 3 or more), the shanten that setting one aside costs (0, 1, 2 or more) and the hand's
  shanten keeping it (0, 1, 2 or more);
- ``call``: each chance to pon: whether it was taken (pon, open kan or pass), by the tile (a value honour,
  another honour, a number), whether the hand was already open, its shanten, and whether it held a pair or a
  triplet of the tile.

Each table holds plain counts (``n`` positions and how many of them did or ended each way), so a figure a
drill states is a ratio of two stored counts, and a test can recompute it.
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from sanma_core.analysis import shanten, waits
from sanma_core.analysis.efficiency import kita_verdict
from sanma_core.dora import dora_from_indicator
from sanma_core.game.actions import DISCARD, KITA, MINKAN, PON, RIICHI, Action
from sanma_core.game.tenhou6_import import from_tenhou6
from sanma_core.rules import load_preset
from sanma_core.tiles import DRAGONS, NORTH, is_red, kind

from .real_decisions import GOOD_WAIT, kita_bucket, live_bucket, shanten_bucket, turn_bucket, value_bucket

OUT = Path(__file__).with_name("real_decisions.json")
SOURCE = "{games} Tenhou Phoenix hanchan of January 2026"


def _closed(seat: Any) -> bool:
    return all(m.called is None for m in seat.melds)


def _indicators(game: Any) -> list[int]:
    return [kind(game.wall.dora_indicator(i)) for i in range(game.dora_revealed)]


class Observer:
    """Collects the decision points of one game; :meth:`settle` adds their outcomes from the hand results."""

    def __init__(self) -> None:
        self.pending: list[tuple[int, str, tuple[str, ...], int]] = []  # (hand index, table, key, seat)
        self.tenpai_seen: set[tuple[int, int]] = set()
        self.before_riichi: dict[tuple[int, int, int], int] = {}  # (hand, seat, riichi seat) -> shanten at the riichi
        self.pushed: dict[tuple[int, int, int], bool] = {}  # the same -> whether its next discard kept that shanten
        self.counts: dict[str, dict[str, dict[str, float]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(float)))

    def _add(self, table: str, key: tuple[str, ...], **values: float) -> None:
        row = self.counts[table]["|".join(key)]
        row["n"] += 1
        for k, v in values.items():
            row[k] += v

    def before(self, game: Any, action: Action) -> None:
        hand = game.hand_index
        if action.kind in (DISCARD, RIICHI, KITA):
            self._against_riichi(game, action, hand)
        if action.kind in (DISCARD, RIICHI):
            self._tenpai(game, action, hand)
        if action.kind == RIICHI:
            self._riichi(game, action, hand)
        seat = game.seats[action.seat]
        if (action.kind in (DISCARD, RIICHI, KITA) and seat.counts[NORTH] and not seat.riichi
                and any(a.kind == KITA for a in game.legal_actions(action.seat))):
            verdict = kita_verdict(seat.counts, seat.outside, closed=_closed(seat))
            threat = any(game.seats[s].riichi for s in range(3) if s != action.seat)
            cost = max(0, min(verdict.shanten_kita - verdict.shanten_keep, 2))
            key = (verdict.reason, "riichi" if threat else "calm", f"north{min(seat.counts[NORTH], 3)}", f"cost{cost}",
                   f"shanten{max(0, min(verdict.shanten_keep, 2))}")
            self._add("kita", key, kita=action.kind == KITA)
        if action.kind in (PON, MINKAN) or (action.kind == "pass" and game.phase.name == "RESPONSE"):
            options = game.legal_actions(action.seat)
            if any(a.kind == PON for a in options):
                self._call(game, action, options)

    def _against_riichi(self, game: Any, action: Action, hand: int) -> None:
        """A seat's first discard after an opponent's riichi: a push keeps its shanten, a fold goes back."""
        s = action.seat
        if action.kind == KITA:
            return
        for r in range(3):
            key = (hand, s, r)
            if key not in self.before_riichi or key in self.pushed:
                continue
            seat = game.seats[s]
            counts = list(seat.counts)
            counts[kind(action.tile)] -= 1
            self.pushed[key] = shanten(counts, seat.outside) <= self.before_riichi[key]

    def _tenpai(self, game: Any, action: Action, hand: int) -> None:
        s = action.seat
        seat = game.seats[s]
        if seat.riichi or not _closed(seat) or (hand, s) in self.tenpai_seen:
            return
        counts = list(seat.counts)
        counts[kind(action.tile)] -= 1
        w = waits(counts, seat.outside)
        if not w:
            return
        self.tenpai_seen.add((hand, s))
        if action.kind != RIICHI and not any(a.kind == RIICHI for a in game.legal_actions(s)):
            return
        seen = [counts[k] + (seat.kita if k == NORTH else 0) for k in range(34)]
        for k in _indicators(game):
            seen[k] += 1
        live = sum(max(0, 4 - seen[k]) for k in w)
        turn = len(seat.discards) + 1
        choice = "riichi" if action.kind == RIICHI else "dama"
        key = (choice, live_bucket(live), turn_bucket(turn))
        self.pending.append((hand, "riichi_dama", key, s))
        dora = [dora_from_indicator(k) for k in _indicators(game)]
        tiles = [t for t in seat.hand if t != action.tile] if action.tile in seat.hand else list(seat.hand)
        value = sum(counts[d] + (seat.kita if d == NORTH else 0) for d in dora) + seat.kita + sum(map(is_red, tiles))
        self.pending.append((hand, "riichi_dama_value", (choice, value_bucket(value)), s))

    def _riichi(self, game: Any, action: Action, hand: int) -> None:
        r = action.seat
        rseat = game.seats[r]
        for o in range(3):
            if o == r:
                continue
            oseat = game.seats[o]
            sh = shanten(oseat.counts, oseat.outside)
            self.before_riichi[(hand, o, r)] = sh
            state = shanten_bucket(sh)
            if state == "tenpai":
                seen = [oseat.counts[k] + oseat.outside[k] for k in range(34)]
                for k in _indicators(game):
                    seen[k] += 1
                live = sum(max(0, 4 - seen[k]) for k in oseat.waits)
                state = "tenpai good" if live >= GOOD_WAIT else "tenpai poor"
            key = (state, "dealer" if r == game.dealer else "non-dealer", kita_bucket(rseat.kita),
                   turn_bucket(len(rseat.discards) + 1))
            self.pending.append((hand, "push_fold", key, o * 3 + r))

    def _call(self, game: Any, action: Action, options: list[Action]) -> None:
        s = action.seat
        seat = game.seats[s]
        tile = kind(next(a.tile for a in options if a.kind == PON))  # the tile on offer
        winds = {27 + game.round_wind, 27 + (s - game.dealer) % 3}
        if tile in DRAGONS or tile in winds or (tile == NORTH and game.rules.north_is_yakuhai):
            what = "value honour"
        elif tile >= 27:
            what = "other honour"
        else:
            what = "number"
        sh = shanten(seat.counts, seat.outside)
        held = "triplet" if seat.counts[tile] >= 3 else "pair"
        key = (what, "closed" if _closed(seat) else "open", shanten_bucket(sh), held)
        self._add("call", key, pon=action.kind == PON, minkan=action.kind == MINKAN)

    def settle(self, results: list[Any]) -> None:
        for hand, table, key, who in self.pending:
            result = results[hand] if hand < len(results) else None
            wins = result.wins if result is not None else ()
            if table in ("riichi_dama", "riichi_dama_value"):
                mine = [w for w in wins if w.seat == who]
                paid = [w.score.total for w in wins if w.from_seat == who and w.seat != who]
                self._add(table, key, win=bool(mine), tsumo=any(w.tsumo for w in mine), deal_in=bool(paid),
                          deal_in_value=sum(paid[:1]), win_value=sum(w.score.total for w in mine[:1]))
            else:
                o, r = divmod(who, 3)
                rwin = [w for w in wins if w.seat == r]
                way = self.pushed.get((hand, o, r))
                key = (*key, "none" if way is None else "push" if way else "fold")
                self._add(table, key, own_win=any(w.seat == o for w in wins),
                          deal_in=any(w.from_seat == o and w.seat == r for w in wins),
                          riichi_win=bool(rwin), riichi_ron=any(not w.tsumo for w in rwin),
                          riichi_value=sum(w.score.total for w in rwin[:1]),
                          riichi_ron_value=sum(w.score.total for w in rwin[:1] if not w.tsumo))
        self.pending.clear()
        self.tenpai_seen.clear()
        self.before_riichi.clear()
        self.pushed.clear()


def measure(path: Path, limit: int | None = None) -> dict[str, Any]:
    rules = load_preset("tenhou")
    totals: dict[str, dict[str, dict[str, float]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(float)))
    games = hands = 0
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            if limit is not None and games >= limit:
                break
            obs = Observer()
            game = from_tenhou6(json.loads(line), rules, observers=[obs])
            obs.settle(list(game.results))
            games += 1
            hands += len(game.results)
            for table, rows in obs.counts.items():
                for key, row in rows.items():
                    for k, v in row.items():
                        totals[table][key][k] += v
    out: dict[str, Any] = {"source": SOURCE.format(games=f"{games:,}"), "file": path.name, "games": games,
                           "hands": hands}
    for table in ("riichi_dama", "riichi_dama_value", "push_fold", "kita", "call"):
        out[table] = {key: {k: int(v) for k, v in sorted(row.items())} for key, row in sorted(totals[table].items())}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=Path)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args(argv)
    data = measure(args.games, args.limit)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {data['source']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
