"""``sanma score``: the value of a winning hand.

Without a hand argument it reads JSON Lines requests on standard input and
answers each line as CONTRACTS.md specifies. With a hand argument it prints a
readable breakdown, for example::

    sanma score 123p456p789s11z55s --win 5s --tsumo --riichi --dora 3z --kita 2

In the readable form the hand may leave out the winning tile; it is added.
``--json`` prints the JSON answer instead of the layout.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import InputError
from ..rules import DEFAULT_PRESET
from ..scoring.request import FLAGS, score_request
from ..tiles import parse_tiles
from .jsonl import add_jobs_option, jobs_from, run_batch

_FLAG_HELP = {
    "tsumo": "self-drawn win (default: ron)",
    "riichi": "riichi declared",
    "double_riichi": "double riichi declared",
    "ippatsu": "win within the first go-around after riichi",
    "rinshan": "win on a replacement tile (after a kan or kita)",
    "chankan": "ron on an added kan",
    "haitei": "tsumo on the last tile of the wall",
    "houtei": "ron on the last discard",
    "tenhou": "dealer's win on the first draw",
    "chiihou": "non-dealer's win on the first draw",
}


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sanma score", description="Value of a winning hand: yaku, fu, payments.")
    p.add_argument("hand", nargs="?", help="concealed tiles in MPSZ (omit to read JSON Lines on stdin)")
    p.add_argument("--win", help="the winning tile")
    p.add_argument("--meld", action="append", default=[], help="a meld such as pon:555p (repeatable)")
    p.add_argument("--kita", type=int, default=0, help="Norths set aside")
    for flag in FLAGS:
        p.add_argument("--" + flag.replace("_", "-"), dest=flag, action="store_true", help=_FLAG_HELP[flag])
    p.add_argument("--seat", default="E", help="seat wind E, S or W (E is the dealer)")
    p.add_argument("--round", default="E", help="round wind E, S or W")
    p.add_argument("--dora", action="append", default=[], help="dora indicator(s), e.g. 3z or 3z1m (repeatable)")
    p.add_argument("--ura", action="append", default=[], help="ura-dora indicator(s)")
    p.add_argument("--honba", type=int, default=0)
    p.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    p.add_argument("--ruleset", default=DEFAULT_PRESET, help="preset name or ruleset .yaml file")
    p.add_argument("--json", action="store_true", help="print the JSON answer instead of the layout")
    add_jobs_option(p)
    return p


def _request(args: argparse.Namespace) -> dict[str, Any]:
    request: dict[str, Any] = {
        "hand": args.hand, "win": args.win, "melds": args.meld, "kita": args.kita, "seat": args.seat,
        "round": args.round, "dora": args.dora, "ura": args.ura, "honba": args.honba, "sticks": args.sticks,
        "ruleset": args.ruleset,
    }
    for flag in FLAGS:
        if getattr(args, flag):
            request[flag] = True
    if args.win is None:
        raise InputError("--win is required with a hand: name the winning tile, e.g. --win 5s")
    tiles = parse_tiles(args.hand)
    if len(tiles) == 13 - 3 * len(args.meld):
        request["hand"] = args.hand + " " + args.win
    return request


def _han_word(n: int) -> str:
    return f"{n} han"


def render(answer: dict[str, Any]) -> str:
    """The readable layout of one answer."""
    e = answer["explanation"]
    r = e["reading"]
    pay = e["payment"]
    out = []
    situation = "tsumo" if pay["tsumo"] else "ron"
    out.append(f"Hand     {r['hand']}" + (" + " + " ".join(r["melds"]) if r["melds"] else "")
               + (f" + kita ×{r['kita']}" if r["kita"] else ""))
    out.append(f"Win      {r['winning_tile']} by {situation}, {'dealer' if pay['dealer'] else 'non-dealer'}")
    if r["form"] == "regular":
        parts = [g["tiles"] + ("*" if g["completed_by_win"] else "") + ("" if g["concealed"] else " (open)")
                 for g in r["groups"]]
        parts.append(r["pair"] + ("*" if r["pair_completed_by_win"] else ""))
        out.append(f"Reading  {' '.join(parts)}   wait: {r['wait']}")
    elif r["form"] == "chiitoitsu":
        out.append(f"Reading  seven pairs: {' '.join(r['pairs'])}")
    else:
        out.append("Reading  thirteen orphans")
    out.append("Yaku")
    for y in e["yaku"]:
        out.append(f"  {y['name']} — {y['romaji']} {y['kanji']}: {_han_word(y['han'])}")
    d = e["dora"]
    if d["counted"]:
        kita = d["kita_detail"]
        out.append(f"Dora     dora {d['dora']}, red fives {d['aka']}, ura {d['ura']}"
                   + ("" if d["ura_counted"] else " (no riichi: not counted)")
                   + f", kita {d['kita']} ({kita['set_aside']} set aside"
                   + (f", {kita['indicators_on_north']} indicator(s) on North" if kita["indicators_on_north"] else "")
                   + ")")
    if e["fu"]["lines"]:
        out.append("Fu")
        for line in e["fu"]["lines"]:
            out.append(f"  {line['fu']:>3}  {line['reason'].replace('_', ' ')}" + (f" {line['tiles']}" if line["tiles"] else ""))
        out.append(f"  = {e['fu']['raw']} → {e['fu']['rounded']} fu")
    title = f"{answer['han']} han {answer['fu']} fu" if not answer["yakuman"] else (
        "yakuman" if answer["yakuman"] == 1 else f"{answer['yakuman']}× yakuman")
    if answer["limit"] and not answer["yakuman"]:
        title += f": {answer['limit'].replace('_', ' ')}"
    out.append(f"Value    {title}")
    out.append("Payment")
    for step in pay["text"]:
        out.append(f"  {step}")
    payments = ", ".join(f"{k.replace('_', '-')} pays {v}" for k, v in answer["payments"].items())
    out.append(f"Total    {payments}; the winner gains {answer['total']}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.hand is None:
        return run_batch(score_request, args.ruleset, jobs=jobs_from(args.jobs))
    try:
        answer = score_request(_request(args), args.ruleset)
    except ValueError as exc:
        if args.json:
            print(json.dumps({"ok": False, "error": str(exc)}, ensure_ascii=False))
        else:
            print(f"sanma score: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"ok": True, **answer}, ensure_ascii=False))
    else:
        print(render(answer))
    return 0
