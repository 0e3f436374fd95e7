"""The decision drills (kita, push_fold, riichi_dama, furiten): every answer is the engine's own computation
and the real-play figures (``drills/real_decisions.json``, read here directly), re-done here from the question
data over 1,000 seeds, and every case comes up at least 20 times."""

import json
from collections import Counter

import pytest
from drill_questions import GROUP, question

from drills import check, generate
from drills.gens import furiten, kita, push_fold, riichi_dama
from drills.model_answer import SINGLE_FROM_TWO, model_step
from drills.real_decisions import FILE
from sanma_core.analysis import shanten, waits
from sanma_core.analysis.efficiency import kita_verdict
from sanma_core.bots.safety import Threat, danger
from sanma_core.melds import parse_meld
from sanma_core.rules import load_preset
from sanma_core.scoring import ScoringError, score_request
from sanma_core.tiles import NORTH, kind, kind_name, parse_tile, parse_tiles, to_counts

TENHOU = load_preset("tenhou")
CLUB = load_preset("club")
pytestmark = GROUP  # the questions are shared with test_drills_oracle and test_drills_explain
SEEDS = range(1000)
NEW = {"kita": kita.CASES, "push_fold": push_fold.CASES, "riichi_dama": riichi_dama.CASES, "furiten": furiten.CASES}


def _counts(text):
    return to_counts(parse_tiles(text))


def verify_kita(q, rules):
    case = q.concept
    want = q.answer["choices"]
    if case == "kita.riichi_drawn":  # in riichi a drawn North may be set aside (every preset) and should be
        assert q.data["drawn"] == "4z" and q.data["kita_legal"] and want == ["kita"]
    elif case == "kita.riichi_hand":  # only the North just drawn: one from the hand stays
        assert rules.kita_under_riichi_drawn_only and q.data["drawn"] != "4z"
        assert not q.data["kita_legal"] and want == ["keep"]
        before = _counts(q.data["hand"])
        before[parse_tile(q.data["drawn"])] -= 1
        assert NORTH in waits(before)  # the North in the hand is part of the wait
    elif case == "kita.first_turn":  # a kita that counts as a call ends the first go-around: no tenhou
        assert want == (["rinshan"] if rules.kita_is_call else ["tenhou"])
        steps = {s["step"]: s for s in q.explanation}
        assert ("tenhou" in steps["first_turn_kita"]["yaku"]) == (not rules.kita_is_call)
        assert "rinshan_kaihou" in steps["first_turn_kita"]["yaku"] or not rules.kita_is_call
    elif case == "kita.safe_tile":  # folding, the North the only safe tile: not set aside
        real = _stated(q, "real_kita")
        assert real["share"] < 0.5 and want == ["keep"], q.id
        assert "4z" in q.data["riichi_pond"] and "riichi_kita" in q.data
        model = model_step(q.explanation)  # a played position: the decision model keeps the North too
        assert model["single"] and model["model"] == "keep", q.id
    else:
        counts = _counts(q.data["hand"])
        outside = [0] * 34
        for m in q.data["melds"]:
            for t in parse_meld(m).tiles:
                outside[kind(t)] += 1
        v = kita_verdict(counts, outside, closed=not q.data["melds"])
        assert v.reason == case.split(".")[1], q.id
        real = _stated(q, "real_kita")
        model = model_step(q.explanation)
        if model is None:  # an open hand: what Phoenix players did in such positions decides
            assert want == (["kita"] if real["share"] >= 0.5 else ["keep"]), q.id
        else:  # a real position: the decision model's option decides
            _assert_model_answer(q, model, want)
        if v.reason == "free":
            assert want == ["kita"]


def _assert_model_answer(q, model, want):
    """A binary question: the model's option where it has a clear majority, else both options (both fine)."""
    p_top = model["options"][0][1]
    if p_top >= SINGLE_FROM_TWO:
        assert model["single"] and want == [model["model"]] and not q.multi, q.id
    else:
        assert not model["single"] and q.multi and sorted(want) == sorted(model["choices"]), q.id


def _stated(q, name):
    """An explanation step whose stated share is recomputed from the stored counts of real play."""
    s = next(s for s in q.explanation if s["step"] == name)
    rate = s["rate"]
    assert _recount(rate["table"], rate["key"]) == (rate["n"], rate["counts"]), q.id
    if "share" in s:
        assert abs(s["share"] - rate["counts"]["kita"] / rate["n"]) < 1e-4
    return s


_STORED = json.loads(FILE.read_text(encoding="utf-8"))


def _recount(table, key):
    want = key.split("|")
    n, total = 0, Counter()
    for row_key, row in _STORED[table].items():
        parts = row_key.split("|")
        if len(parts) == len(want) and all(w in ("*", p) for w, p in zip(want, parts, strict=True)):
            n += row["n"]
            total.update({k: v for k, v in row.items() if k != "n"})
    return n, {k: total[k] for k in total}


def verify_push_fold(q, rules):
    d = q.data
    hand = parse_tiles(d["hand"])
    visible = to_counts(hand)
    for t in d["riichi_pond"] + d["other_pond"] + d["own_pond"] + d["indicators"]:
        visible[parse_tile(t)] += 1
    visible[NORTH] += d["riichi_kita"]  # the riichi player's Norths set aside are visible
    visible = [min(4, v) for v in visible]
    threat = Threat(frozenset(parse_tile(t) for t in d["riichi_pond"]), frozenset(parse_tile(t) for t in d["passed"]))
    dangers = {k: danger(k, threat, visible) for k in set(hand)}
    if q.concept == "push_fold.north":
        safe = not rules.ron_on_kita or dangers[NORTH].category == "genbutsu"
        assert q.answer["choices"] == (["safe"] if safe else ["dangerous"]), q.id
        return
    counts = to_counts(hand)
    assert isinstance(d["riichi_kita"], int) and d["riichi_kita"] >= 0  # the riichi player's Norths are named
    model = model_step(q.explanation)  # the answer is the decision model's discard
    top = parse_tile(model["model"].split(":", 1)[1])
    if model["single"]:
        assert q.answer["tiles"] == [kind_name(top)], q.id
    low = min(x.value for x in dangers.values())
    safest = sorted(k for k in dangers if dangers[k].value == low)
    if q.concept in ("push_fold.push", "push_fold.fold_tenpai"):
        assert shanten(counts) == 0
        keep = []
        for k in set(hand):
            counts[k] -= 1
            if shanten(counts) == 0 and waits(counts):
                keep.append(k)
            counts[k] += 1
        assert min(dangers[k].value for k in keep) > low  # pushing costs safety: a real decision
        trade = next(s for s in q.explanation if s["step"] == "trade")
        for way in ("push", "fold"):
            rate = trade[way]["rate"]
            assert _recount(rate["table"], rate["key"]) == (rate["n"], rate["counts"])
            win, deal = rate["counts"]["own_win"] / rate["n"], rate["counts"]["deal_in"] / rate["n"]
            assert abs(trade[way]["ev"] - (win * trade["value"] - deal * trade["cost"])) <= 2
        assert f"{d['riichi_kita']} North" in q.prompt or (d["riichi_kita"] == 0 and "no North" in q.prompt)
        pushed = trade["push"]["ev"] > trade["fold"]["ev"]
        assert pushed == (q.concept == "push_fold.push")
        assert (top in keep) == pushed, q.id  # the model pushes (keeps tenpai) or folds as the concept says
        decision = next(s for s in q.explanation if s["step"] == "decision")
        share = sum(p for label, p in model["options"] if parse_tile(label.split(":", 1)[1]) in keep)
        assert abs(decision["push_share"] - share) < 1e-3
    else:
        assert shanten(counts) >= 2  # far from tenpai: fold
        cats = {dangers[k].category for k in safest}
        expect = {"push_fold.genbutsu": "genbutsu", "push_fold.suji": "suji", "push_fold.kabe": "no_chance",
                  "push_fold.honour": "honour", "push_fold.one_chance": "other"}[q.concept]
        assert cats == {expect}, (q.id, cats)
        if q.concept == "push_fold.one_chance":
            assert all(push_fold.one_chance(k, visible) for k in safest)
        assert top in safest, q.id  # the model folds with the safest tile the concept names


def verify_riichi_dama(q, rules):
    d = q.data
    counts = _counts(d["hand"])
    seen = list(counts)
    seen[parse_tile(d["indicators"][0])] += 1
    seen[NORTH] += d["kita"]
    rows = []
    for w in d["waits"]:
        row = {"live": 4 - seen[parse_tile(w)]}
        for riichi in (False, True):
            for tsumo in (False, True):
                request = {"hand": d["hand"] + w, "win": w, "kita": d["kita"], "tsumo": tsumo, "riichi": riichi,
                           "seat": d["seat"], "round": d["round"], "dora": d["indicators"]}
                try:
                    total = score_request(request, rules.name)["total"]
                except ScoringError:
                    total = 0
                row[("tsumo" if tsumo else "ron", riichi)] = total
        rows.append(row)
    assert [kind_name(k) for k in waits(counts)] == d["waits"]
    live = sum(r["live"] for r in rows)
    ron_rows = [r for r in rows if r[("ron", False)] > 0]
    ron_live = sum(r["live"] for r in ron_rows)

    def mean(rs, key):
        n = sum(r["live"] for r in rs)
        return sum(r[key] * r["live"] for r in rs) / n if n else 0

    chance = next(s for s in q.explanation if s["step"] == "win_chance")
    evs = {}
    for choice, riichi in (("dama", False), ("riichi", True)):
        stated = chance[choice]
        rate = stated["rate"]
        n, c = _recount(rate["table"], rate["key"])
        assert (n, c) == (rate["n"], rate["counts"]) and rate["key"].startswith(choice)
        assert n >= 60
        p_tsumo = c["tsumo"] / n
        p_ron = (c["win"] - c["tsumo"]) / n * (1 if riichi else ron_live / live)
        p_deal = c["deal_in"] / n
        cost = c["deal_in_value"] / c["deal_in"]
        assert abs(stated["p_tsumo"] - p_tsumo) < 1e-4 and abs(stated["p_ron"] - p_ron) < 1e-4
        assert p_tsumo + p_ron < 0.9
        src = ron_rows if not riichi else rows
        ev = p_tsumo * mean(rows, ("tsumo", riichi)) + p_ron * mean(src, ("ron", riichi)) - p_deal * cost
        if riichi:
            ev -= 1000 * (1 - p_tsumo - p_ron)
        evs[choice] = ev
    ev = next(s for s in q.explanation if s["step"] == "expected_value")
    assert ev["answer"] == ("riichi" if evs["riichi"] > evs["dama"] else "dama"), (q.id, evs)
    model = model_step(q.explanation)  # the answer is the decision model's option, or both on a close call
    _assert_model_answer(q, model, q.answer["choices"])
    assert abs(ev["riichi"] - evs["riichi"]) <= 1 and abs(ev["dama"] - evs["dama"]) <= 1
    if q.concept == "riichi_dama.no_yaku":
        assert ron_live < live and q.answer["choices"] == ["riichi"] == [ev["answer"]]  # a wait with no yaku
    if q.concept == "riichi_dama.big_hand":
        assert q.answer["choices"] == ["dama"] == [ev["answer"]] and min(r[("ron", False)] for r in rows) >= 8000


def rule_furiten(q):
    waits_ = set(q.answer["tiles"])
    d = q.data
    if waits_ & set(d["discards"]):
        return True
    events = d["events"]
    own = [i for i, e in enumerate(events) if e["seat"] == "E" and e["action"] in ("discard", "riichi")]
    riichi = next((i for i, e in enumerate(events) if e["seat"] == "E" and e["action"] == "riichi"), None)
    for i, e in enumerate(events[:-1]):
        if e["seat"] == "E":
            continue
        let_pass = (e["action"] in ("discard", "riichi") and e["tile"] in waits_) or \
            (e["action"] == "kita" and "4z" in waits_ and d["ron_on_kita"])
        if let_pass and (i > max(own, default=-1) or (riichi is not None and i > riichi)):
            return True
    return False


def verify_furiten(q, rules):
    assert q.answer["tiles"] == [kind_name(k) for k in waits(_counts(q.data["hand"]))], q.id
    assert q.answer["choices"] == (["furiten"] if rule_furiten(q) else ["not_furiten"]), q.id
    if q.concept == "furiten.kita_not_discard":
        assert q.data["kita"] == 1 and "4z" in q.answer["tiles"] and "4z" not in q.data["discards"]


VERIFY = {"kita": verify_kita, "push_fold": verify_push_fold, "riichi_dama": verify_riichi_dama, "furiten": verify_furiten}


@pytest.mark.parametrize("drill_type", list(NEW))
def test_answers_are_the_engine_computation_and_every_case_comes_up(drill_type):
    cases = Counter()
    for seed in SEEDS:
        q = question(drill_type, "tenhou", seed, 1 + seed % 3)
        VERIFY[drill_type](q, TENHOU)
        assert check(q, q.answer).correct
        cases[q.concept] += 1
    assert set(cases) == set(NEW[drill_type])
    assert min(cases.values()) >= 20, cases


@pytest.mark.parametrize("drill_type", list(NEW))
def test_under_the_club_rules_too(drill_type):
    for seed in range(150):
        VERIFY[drill_type](question(drill_type, "club", seed, 1 + seed % 3), CLUB)


def test_answers_follow_the_ruleset():
    firsts = {r.name: {q.answer["choices"][0] for q in (question("kita", r.name, s, 1) for s in range(300))
                       if q.concept == "kita.first_turn"} for r in (TENHOU, CLUB)}
    assert firsts == {"tenhou": {"rinshan"}, "club": {"tenhou"}}
    norths = {r.name: {q.answer["choices"][0] for q in (question("push_fold", r.name, s, 1 + s % 3) for s in range(300))
                       if q.concept == "push_fold.north"} for r in (TENHOU, CLUB)}
    assert norths == {"tenhou": {"safe", "dangerous"}, "club": {"safe"}}


@pytest.mark.parametrize("drill_type", list(NEW))
def test_the_command_prints_json(drill_type, capsys):
    from sanma_core.cli import main

    assert main(["drill", drill_type, "--seed", "12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["drill_type"] == drill_type and data["answer"] == generate(drill_type, TENHOU, 12, 1).answer


def test_the_mixed_review_asks_them():
    sources = Counter(generate("mixed", TENHOU, s, 1 + s % 3).data["drill"] for s in range(400))
    assert all(sources[t] >= 10 for t in NEW), sources


@pytest.mark.parametrize("drill_type", ["riichi_dama", "all_last"])
def test_a_riichi_question_is_the_hands_first_chance(drill_type):
    """The tile just drawn made the hand ready and the tile thrown is one nobody needs: before the draw the hand
    was not yet waiting (a later chance is one the player stayed dama at, and the model knows it)."""
    for seed in range(200):
        q = question(drill_type, "tenhou", seed, 1 + seed % 3)
        hand = _counts(q.data["hand"])
        drawn, thrown = parse_tile(q.data["drawn"]), parse_tile(q.data["discard"])
        assert shanten(hand) == 0 and hand[drawn] >= 1 and hand[thrown] == 0, q.id
        hand[drawn] -= 1
        hand[thrown] += 1
        assert shanten(hand) >= 1, q.id
        assert f"drew {q.data['drawn']}, which makes the hand ready; {q.data['discard']}" in q.prompt
