"""Every drill answer equals the engine's, and for winning hands the `mahjong` package's (test-only oracle).

1,000 seeds per drill type under the default ruleset, difficulties 1–3 in turn.
Hand questions are re-scored from their ``hand_input`` through the ``sanma score``
request path, and compared field by field with `mahjong` 2.1.0 configured as
three-player Tenhou rules (see ``sanma_core.scoring.oracle``). Waits, the dora
indicator and the discard table are checked against `mahjong`'s three-player
shanten and dora functions.
"""

import pytest

pytest.importorskip("mahjong")

from drill_questions import GROUP, question  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402
from mahjong.utils import plus_dora  # noqa: E402

from drills import DRILL_TYPES, check, generate  # noqa: E402
from drills.gens import all_last, call_pass
from drills.model_answer import model_step
from sanma_core.analysis import analyze_hand  # noqa: E402
from sanma_core.rules import load_preset  # noqa: E402
from sanma_core.scoring import score_request  # noqa: E402
from sanma_core.scoring.request import win_input_from_request
from sanma_core.tiles import NORTH, RED_5P, RED_5S, SANMA_KINDS, kind, kind_name, parse_tile, parse_tiles, to_counts  # noqa: E402
from testkit.oracle import mahjong_view, our_view  # noqa: E402

TENHOU = load_preset("tenhou")
pytestmark = GROUP  # the questions are shared with test_drills_decisions and test_drills_explain
SEEDS = range(1000)


def _mj_shanten(counts):
    return Shanten.calculate_shanten(counts, is_three_player=True)


def _outside(q):
    out = [0] * 34
    for m in q.data.get("melds", []):
        for t in parse_tiles(m.split(":")[1]):
            out[kind(t)] += 1
    out[NORTH] += q.data.get("kita", 0)
    return out


def _oracle_waits(counts, outside):
    found = []
    for k in SANMA_KINDS:
        if counts[k] + outside[k] >= 4:
            continue
        counts[k] += 1
        if _mj_shanten(counts) == -1:
            found.append(k)
        counts[k] -= 1
    return found


def rule_furiten(q):
    """Furiten from the rules alone (RULES.md): a wait among your discards; a wait (or, where a North set aside
    can be ronned, a kita while you wait on North) let pass since your last discard, or since your riichi."""
    waits = set(q.answer["tiles"])
    d = q.data
    if waits & set(d["discards"]):
        return True
    events = d.get("events", [])
    own = [i for i, e in enumerate(events) if e["seat"] == "E" and e["action"] in ("discard", "riichi")]
    riichi = next((i for i, e in enumerate(events) if e["seat"] == "E" and e["action"] == "riichi"), None)
    for i, e in enumerate(events[:-1]):  # the last event is the tile the question is about
        if e["seat"] == "E":
            continue
        let_pass = (e["action"] in ("discard", "riichi") and e["tile"] in waits) or \
            (e["action"] == "kita" and "4z" in waits and d["ron_on_kita"])
        if let_pass and (i > max(own, default=-1) or (riichi is not None and i > riichi)):
            return True
    return False


def verify_hand(q):
    """Re-score the hand through the score request path and against mahjong."""
    assert q.hand_input is not None
    answer = score_request(dict(q.hand_input), "tenhou")
    win = win_input_from_request({k: v for k, v in q.hand_input.items() if k != "ruleset"})
    theirs = mahjong_view(win, TENHOU)
    assert our_view(win, TENHOU) == theirs, (q.id, q.hand_input, theirs)
    return answer, theirs


def verify(q, drill_type):
    if drill_type == "yaku":
        answer, theirs = verify_hand(q)
        assert q.answer["choices"] == sorted(y["id"] for y in answer["yaku"]) == theirs["yaku"]
        assert q.answer["numbers"] == {"han": answer["han"]}
        assert answer["han"] == theirs["han"]
        assert q.concept.split(".", 1)[1] in q.answer["choices"]
    elif drill_type == "fu":
        answer, theirs = verify_hand(q)
        assert q.answer["numbers"] == {"fu": answer["fu"]} == {"fu": theirs["fu"]}
    elif drill_type == "kita_dora":
        answer, theirs = verify_hand(q)
        nums = q.answer["numbers"]
        kita_ura = answer["explanation"]["dora"]["kita_detail"]["ura_han"]  # ura from Norths set aside: the kita field
        assert {k: nums[k] for k in ("dora", "aka")} == {k: answer[k] for k in ("dora", "aka")}
        assert (nums["ura"], nums["kita"]) == (answer["ura"] - kita_ura, answer["kita"] + kita_ura)
        assert nums["dora"] + nums["kita"] + nums["ura"] == theirs["dora"] + theirs["ura"]
        assert nums["aka"] == theirs["aka"] and nums["ura"] <= theirs["ura"]
        if "han" in nums:
            assert nums["han"] == answer["han"] == theirs["han"]
    elif drill_type == "payment":
        if q.hand_input is not None:
            answer, theirs = verify_hand(q)
            assert q.answer["numbers"] == {**answer["payments"], "total": answer["total"]}
            assert q.answer["numbers"] == {**theirs["payments"], "total": theirs["total"]}
    elif drill_type in ("waits", "furiten"):
        a = analyze_hand(q.data["hand"], q.data["melds"], q.data["kita"], TENHOU)
        assert q.answer["tiles"] == [kind_name(k) for k in a.waits]
        counts = to_counts(parse_tiles(q.data["hand"]))
        assert q.answer["tiles"] == [kind_name(k) for k in _oracle_waits(counts, _outside(q))]
        if "choices" in q.answer:
            assert q.answer["choices"] == (["furiten"] if rule_furiten(q) else ["not_furiten"])
    elif drill_type == "efficiency":
        a = analyze_hand(q.data["hand"], [], q.data["kita"], TENHOU)
        counts = to_counts(parse_tiles(q.data["hand"]))
        outside = _outside(q)
        seen = [counts[k] + outside[k] for k in range(34)]
        for t in q.data["indicators"]:
            seen[kind(parse_tile(t))] += 1
        dora = [kind(parse_tile(t)) for t in q.data["indicators"]]
        dora = [plus for plus in range(34) for d in dora if plus_dora(4 * plus + 3, [4 * d], is_three_player=True)]
        shantens = {}
        for o in a.discards:
            counts[o.tile] -= 1
            shantens[o.tile] = _mj_shanten(counts)
            counts[o.tile] += 1
        low = min(shantens.values())
        assert low == min(o.shanten for o in a.discards)
        all_norths = counts[NORTH] + outside[NORTH] == 4  # after kita no North is left to wait on: beyond the oracle
        if q.data["kita_legal"]:
            assert "4z" not in q.answer["tiles"]
        if q.data["kita_legal"] and all_norths:
            assert (q.answer["tiles"] == ["kita"]) == (q.concept == "efficiency.kita")
        elif q.data["kita_legal"] and shantens[NORTH] <= low:
            # the North is not needed: setting it aside keeps the shape, adds a han and draws a tile
            assert q.answer["tiles"] == ["kita"] and q.data["shanten_after"] == low
        else:
            assert q.data["shanten_after"] == low
            oracle = {}
            for o in a.discards:  # useful tiles only where the shanten is lowest: the others cannot be best
                if shantens[o.tile] > low:
                    continue
                counts[o.tile] -= 1
                live = 0
                for k in SANMA_KINDS:
                    left = 4 - seen[k]
                    if left <= 0 or counts[k] + outside[k] >= 4:
                        continue
                    counts[k] += 1
                    if _mj_shanten(counts) < low:
                        live += left
                    counts[k] -= 1
                counts[o.tile] += 1
                tiles = [t for t in parse_tiles(q.data["hand"]) if kind(t) == o.tile]
                value = dora.count(o.tile) + (1 if all(t in (RED_5P, RED_5S) for t in tiles) else 0)
                oracle[kind_name(o.tile)] = (low, -live, value)
            top = min(oracle.values())
            best = [t for t, v in oracle.items() if v == top]
            if model_step(q.explanation) is None:
                assert q.answer["tiles"] == best, (q.id, oracle)
            else:  # the decision model answers; the tile counting shown beside it is the oracle's
                first = next(s for s in q.explanation if s["step"] == "discard")
                assert first["tile"] in best, (q.id, oracle)
    elif drill_type == "dora_indicator":
        ids = [52 if t == RED_5P else 88 if t == RED_5S else 4 * t for t in (parse_tile(x) for x in q.data["indicators"])]
        dora = [kind_name(k) for k in SANMA_KINDS if plus_dora(4 * k + 3, ids, is_three_player=True)]
        assert sorted(q.answer["tiles"], key=lambda n: kind(parse_tile(n))) == dora
    elif drill_type == "call_pass":
        counts = to_counts(parse_tiles(q.data["hand"]))
        assert _mj_shanten(counts) == q.data["shanten"]  # the stated shanten, by the mahjong package
        shape = next(s for s in q.explanation if s["step"] == "call_shape")
        assert counts[parse_tile(q.data["offered"])] == shape["held"] in (2, 3)
    # noten and placement are compared with the engine's settlement in test_drills_basic.py
    assert check(q, q.answer).correct


@pytest.mark.parametrize("drill_type", [t for t in DRILL_TYPES if t not in ("noten", "placement")])
def test_answers_equal_engine_and_oracle(drill_type):
    concepts = set()
    for seed in SEEDS:
        q = question(drill_type, "tenhou", seed, 1 + seed % 3)
        concepts.add(q.concept)
        verify(q, q.data["drill"] if drill_type == "mixed" else drill_type)
        if seed % 25 == 0:
            assert generate(drill_type, TENHOU, seed, 1 + seed % 3).to_json() == q.to_json()
    assert len(concepts) >= min(4, len(CASES.get(drill_type, "abcd"))), concepts


CASES = {"call_pass": call_pass.CASES, "all_last": all_last.CASES}
