"""Measure how often real sanma wins have each yaku and each han/fu value; write ``drills/real_play.py``.

Run: ``.venv/bin/python -m drills.measure_real_play ../shared/data/tenhou-phoenix-train.jsonl.gz``.
It reads tenhou.net/6 games (one JSON object a line, gzip), counts every win's
yaku (by id), and the han and fu of the wins below mangan (by ron or tsumo),
and stores the counts as data for the generators (the script is not needed at run time).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections import Counter
from pathlib import Path

# Tenhou's yaku names -> the project's yaku ids (dora, ura and red fives are not yaku)
TENHOU_YAKU = {
    "門前清自摸和": "menzen_tsumo", "立直": "riichi", "一発": "ippatsu", "槍槓": "chankan", "嶺上開花": "rinshan_kaihou",
    "海底摸月": "haitei", "河底撈魚": "houtei", "平和": "pinfu", "断幺九": "tanyao", "一盃口": "iipeikou",
    "自風 東": "seat_wind", "自風 南": "seat_wind", "自風 西": "seat_wind", "場風 東": "round_wind", "場風 南": "round_wind",
    "場風 西": "round_wind", "役牌 白": "haku", "役牌 發": "hatsu", "役牌 中": "chun", "両立直": "double_riichi",
    "七対子": "chiitoitsu", "混全帯幺九": "chanta", "一気通貫": "ittsu", "三色同刻": "sanshoku_doukou",
    "三槓子": "sankantsu", "対々和": "toitoi", "三暗刻": "sanankou", "小三元": "shousangen", "混老頭": "honroutou",
    "二盃口": "ryanpeikou", "純全帯幺九": "junchan", "混一色": "honitsu", "清一色": "chinitsu", "天和": "tenhou",
    "地和": "chiihou", "大三元": "daisangen", "四暗刻": "suuankou", "四暗刻単騎": "suuankou_tanki", "字一色": "tsuuiisou",
    "緑一色": "ryuuiisou", "清老頭": "chinroutou", "九蓮宝燈": "chuuren", "純正九蓮宝燈": "junsei_chuuren",
    "国士無双": "kokushi", "国士無双１３面": "kokushi_13", "大四喜": "daisuushii", "小四喜": "shousuushii",
    "四槓子": "suukantsu",
}
_VALUE = re.compile(r"^(\d+)符(\d+)飜")
_NAME = re.compile(r"^(.*?)\((\d+)飜|\(役満")


def measure(path: Path) -> dict[str, object]:
    yaku: Counter[str] = Counter()
    han_fu: Counter[str] = Counter()
    wins = games = 0
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            games += 1
            for hand in json.loads(line)["log"]:
                result = hand[-1]
                if result[0] != "和了":
                    continue
                for detail in result[2::2]:
                    wins += 1
                    winner, source, _, value, *names = detail
                    for text in names:
                        name = text.split("(")[0]
                        if name in TENHOU_YAKU:
                            yaku[TENHOU_YAKU[name]] += 1
                    m = _VALUE.match(value)
                    if m:
                        fu, han = int(m[1]), int(m[2])
                        han_fu[f"{han},{fu},{'tsumo' if winner == source else 'ron'}"] += 1
    return {"games": games, "wins": wins, "yaku": dict(yaku.most_common()), "han_fu": dict(han_fu.most_common())}


def write_module(data: dict[str, object], out: Path, source: str) -> None:
    text = (f'"""Counts measured from real Tenhou Phoenix sanma games ({source}) by ``drills.measure_real_play``.\n\n'
            "WINS wins in GAMES games; YAKU_WINS: wins with each yaku; HAN_FU: wins below mangan by\n"
            '"han,fu,ron|tsumo". Regenerate with the script; do not edit by hand.\n"""\n\n'
            f"GAMES = {data['games']}\nWINS = {data['wins']}\n"
            f"YAKU_WINS: dict[str, int] = {json.dumps(data['yaku'], indent=4)}\n"
            f"HAN_FU: dict[str, int] = {json.dumps(data['han_fu'], indent=4)}\n")
    out.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=Path)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("real_play.py"))
    args = parser.parse_args(argv)
    write_module(measure(args.games), args.out, args.games.name)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
