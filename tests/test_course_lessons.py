"""The course content: every lesson renders under every preset, and every number and answer is the engine's.

Each filled-in placeholder is recomputed here by calling the engine directly
(``settle_win``, ``noten_payments``, ``score_request`` …) from the parsed
expression, without the course's own bindings, and compared with what the
lesson shows.
"""

from __future__ import annotations

import functools
import operator
import re
from pathlib import Path

import pytest

from course import check_answer, expected_answer, load_course, real_play, render_step
from course.cli import run_check
from course.engine import FILTERS, format_value
from course.expr import Attr, Binary, Call, Filter, Index, ListOf, Literal, Name, Unary, parse
from course.schema import DRILL_IDS, Expression
from sanma_core.dora import dora_from_indicator
from sanma_core.melds import parse_meld
from sanma_core.rules import PRESETS, get_ruleset, load_preset
from sanma_core.scoring import payments as P
from sanma_core.tiles import (
    NORTH,
    NUM_KINDS,
    SANMA_KINDS,
    NotationError,
    check_tile_supply,
    kind_name,
    parse_tile,
    parse_tiles,
)

CUSTOM = load_preset("tenhou").replace(
    name="custom", title="Custom", honba_ron=700, honba_tsumo=350, noten_pool=3000, uma=[30, 0, -30],
    start_points=30000, return_points=45000, oka=10, ron_on_kita=False, kita_is_call=False, open_tanyao=False,
    red_five_p=2, red_five_s=0, double_ron=False, extension_round=False, kita_under_riichi_drawn_only=False,
    kita_after_pon=True, north_is_yakuhai=False, all_last_dealer_stop=False, nine_terminal_abort=False,
)
#: Mahjong Soul's north-bisection option: the absent player's tsumo share is split between the payers.
NORTH_BISECTION = load_preset("mahjongsoul").replace(
    name="north-bisection", title="Mahjong Soul, north-bisection", tsumo_payment="north_bisection",
)
RULESETS = [*PRESETS, "custom", "north-bisection"]
DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
TOPICS = [
    "sanma-in-five-minutes", "tiles", "seats-winds", "no-chi", "kita", "dora", "tsumo-loss", "kita-situations",
    "kita-questions", "win-checks", "yaku", "points", "honba-sticks", "exhaustive-draw", "nagashi", "abortive-draws",
    "game-flow", "placement", "strategy", "building-hands", "defence", "real-table", "rulesets", "variants",
]


def ruleset(name):
    return {"custom": CUSTOM, "north-bisection": NORTH_BISECTION}.get(name) or load_preset(name)


@functools.cache
def course_under(name):
    return load_course(ruleset(name))


@functools.cache
def static_course():
    return load_course("tenhou")


# ---- an independent interpreter: expression tree -> direct engine calls ----------

def _rule_value(rules, field):
    derived = {
        "tsumo_loss": rules.tsumo_payment == "tsumo_loss",
        "red_fives": rules.red_five_p + rules.red_five_s,
        "uma_first": rules.uma[0],
        "uma_second": rules.uma[1],
        "uma_third": rules.uma[2],
        "honba_tsumo_total": 2 * rules.honba_tsumo,
    }
    if field in derived:
        return derived[field]
    value = getattr(rules, field)
    return list(value) if isinstance(value, tuple) else value


class _Nagashi:
    def __init__(self, rules, dealer, honba):
        winner = 0 if dealer else 1
        deltas = P.nagashi_payments(rules, winner, 0, honba=honba)
        self.total = deltas[winner]
        self.each = -deltas[1] if dealer else None
        self.dealer = None if dealer else -deltas[0]
        self.non_dealer = None if dealer else -deltas[2]


def _score(rules, request):
    """Through the ``sanma score`` contract for presets; directly for a made-up ruleset."""
    from sanma_core.scoring import score_hand, score_request
    from sanma_core.scoring.request import win_input_from_request

    if rules.name in PRESETS:
        return score_request({**request, "ruleset": rules.name}, rules.name)
    return score_hand(win_input_from_request(request), rules).to_json()


def _can_win(rules, request):
    from sanma_core.scoring import IncompleteHandError, NoYakuError

    try:
        _score(rules, request)
    except (NoYakuError, IncompleteHandError):
        return False
    return True


def _is_tile(text):
    try:
        check_tile_supply(parse_tiles(text))
    except NotationError:
        return False
    return True


def _is_meld(text):
    try:
        parse_meld(text)
    except NotationError:
        return False
    return True


def _outside(melds, kita):
    """Kind counts of the tiles held outside the concealed hand (melds and kita)."""
    outside = [0] * NUM_KINDS
    for m in melds or []:
        meld = parse_meld(m)
        outside[meld.tile_kind] += len(meld.tiles)
    outside[NORTH] += kita
    return outside


def _waits(hand, melds=None, kita=0):
    from sanma_core.analysis import waits
    from sanma_core.tiles import to_counts

    return [kind_name(k) for k in sorted(waits(to_counts(parse_tiles(hand)), _outside(melds, kita)))]


def _shanten(hand, melds=None, kita=0):
    from sanma_core.analysis import shanten
    from sanma_core.tiles import to_counts

    return int(shanten(to_counts(parse_tiles(hand)), _outside(melds, kita)))


def _kita_turn(rules, hand, draw, replacement=""):
    from sanma_core.game.actions import PASS, Action
    from sanma_core.game.scenario import arranged_game

    game = arranged_game(rules, hands=[parse_tiles(hand), None, None], draws=parse_tiles(draw),
                         replacements=parse_tiles(replacement) if replacement else ())
    before = sorted({a.kind for a in game.legal_actions(0)})
    dora_before, live_before = len(game.dora_indicators()), game.live_remaining
    game.apply(Action.kita(0))
    while game.phase == "response":
        seat = game.to_act()[0]
        game.apply(next(a for a in game.legal_actions(seat) if a.kind == PASS))
    return {"before": before, "after": sorted({a.kind for a in game.legal_actions(0)}),
            "dora_before": dora_before, "dora_after": len(game.dora_indicators()),
            "live_before": live_before, "live_after": game.live_remaining}


def _riichi_turn(rules, hand, riichi_draw, next_draw):
    from sanma_core.game.actions import PASS, Action
    from sanma_core.game.scenario import arranged_game

    game = arranged_game(rules, hands=[parse_tiles(hand), None, None], draws=parse_tiles(riichi_draw + "9p9s" + next_draw))
    game.apply(Action.riichi(0, parse_tile(riichi_draw)))
    while not (game.phase == "turn" and game.turn == 0):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        passing = [a for a in legal if a.kind == PASS]
        game.apply(passing[0] if passing else next(a for a in legal if a.kind == "discard" and a.tile == game.drawn))
    return sorted({a.kind for a in game.legal_actions(0)})


class _Source:
    """A ``source(field)`` sentence: the ruleset's own note for the field, or a line naming the ruleset's choice."""

    def __init__(self, rules, field):
        assert field in rules.to_dict(), field
        self.rules, self.field = rules, field

    def check(self, shown_text):
        note = self.rules.source(self.field)
        if note is not None:
            assert shown_text == note, (self.field, shown_text)
        else:
            assert self.rules.title in shown_text and "own choice" in shown_text, (self.field, shown_text)


class _Text:
    """Marker for helpers that produce prose about presets (checked by content, not equality)."""

    def __init__(self, field, exclude):
        self.field, self.exclude = field, exclude


def _call(name, args, kwargs, rules):
    if name == "pay":
        def pay(han, fu=30, dealer=False, tsumo=False, yakuman=0, honba=0, sticks=0):
            return P.settle_win(rules, han, fu, dealer=dealer, tsumo=tsumo, yakuman=yakuman, honba=honba, sticks=sticks)

        return pay(*args, **kwargs)
    if name == "four":
        def four(han, fu=30, dealer=False, tsumo=False, yakuman=0, honba=0):
            return P.four_player_settlement(han, fu, dealer=dealer, tsumo=tsumo, yakuman=yakuman, honba=honba)

        return four(*args, **kwargs)
    if name in ("base", "limit"):
        def base(han, fu=30, yakuman=0):
            return P.base_points(rules, han, fu, yakuman)

        bp = base(*args, **kwargs)
        return bp.base if name == "base" else bp.limit
    if name == "noten":
        return P.noten_payments(rules, args[0])
    if name == "nagashi":
        return _Nagashi(rules, kwargs.get("dealer", False), kwargs.get("honba", 0))
    if name == "placement":
        return sorted(P.final_placement(rules, args[0], leftover_sticks=kwargs.get("sticks", 0)), key=lambda p: p.seat)
    if name == "dora":
        return kind_name(dora_from_indicator(parse_tile(args[0])))
    if name == "kita_han":
        inds = args[1] if len(args) > 1 else []
        if isinstance(inds, str):
            inds = [kind_name(t) for t in parse_tiles(inds)]
        return args[0] * (1 + sum(dora_from_indicator(parse_tile(i)) == NORTH for i in inds))
    if name == "presets_where":
        value = args[1] if len(args) > 1 else kwargs.get("value", True)
        return [p for p in PRESETS if _rule_value(load_preset(p), args[0]) == value]
    if name == "differs":
        return len({format_value(_rule_value(load_preset(p), args[0])) for p in PRESETS}) > 1
    if name in ("others", "all_presets"):
        return _Text(args[0], rules.name if name == "others" else None)
    if name == "source":
        return _Source(rules, args[0])
    if name == "preset":
        preset = load_preset(args[0])
        return {f: _rule_value(preset, f) for f in [*preset.to_dict(), "tsumo_loss", "red_fives"]}
    if name == "pick":
        return args[1] if args[0] else args[2]
    if name == "is_tile":
        return _is_tile(args[0])
    if name == "is_meld":
        return _is_meld(args[0])
    if name == "tile_error":
        try:
            check_tile_supply(parse_tiles(args[0]))
        except NotationError as exc:
            return str(exc)
        return ""
    if name == "score":
        data = _score(rules, kwargs)
        data["yaku_ids"] = [y["id"] for y in data["yaku"]]
        return data
    if name == "yaku_of":
        return [y["id"] for y in _score(rules, kwargs)["yaku"]]
    if name == "can_win":
        return _can_win(rules, kwargs)
    if name == "waits":
        return _waits(*args, **kwargs)
    if name == "shanten":
        return _shanten(*args, **kwargs)
    if name == "riichi_turn":
        return _riichi_turn(rules, *args, **kwargs)
    if name == "kita_turn":
        return _kita_turn(rules, **kwargs)
    builtins = {"len": len, "min": min, "max": max, "sum": sum, "abs": abs}
    if name in builtins:
        return builtins[name](*args)
    raise AssertionError(f"the test does not know function {name!r}: add it here")


def _attr(value, name):
    if isinstance(value, P.Settlement):
        if name in ("ron", "dealer", "non_dealer", "each"):
            return value.payments.get(name)
        return getattr(value, name)
    if isinstance(value, dict):
        return value[name]
    return getattr(value, name)


_OPS = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "in": lambda a, b: a in b,
}


@functools.cache
def measured_real_play():
    """The real-play figures measured here, from the real games themselves."""
    return real_play.build(DATA)


def independent(node, rules):
    ev = lambda n: independent(n, rules)  # noqa: E731
    if isinstance(node, Literal):
        return node.value
    if isinstance(node, ListOf):
        return [ev(i) for i in node.items]
    if isinstance(node, Name):
        if node.name == "sanma":
            return {
                "tile_count": 4 * len(SANMA_KINDS), "kind_count": len(SANMA_KINDS), "four_player_tile_count": 136,
                "four_player_kind_count": 34, "preset_count": len(PRESETS),
                "removed": [f"{d}m" for d in range(2, 9)],
            }
        if node.name == "wall":
            from sanma_core.game import wall

            return {"live_draws": wall.LIVE_DRAWS, "replacement_tiles": len(wall.REPLACEMENT_POSITIONS),
                    "dead_wall": 14, "dealt": 39}
        if node.name == "real":
            return measured_real_play()
        return node.name  # a function name or 'rule'
    if isinstance(node, Attr):
        target = ev(node.target)
        if target == "rule":
            return _rule_value(rules, node.name)
        return _attr(target, node.name)
    if isinstance(node, Index):
        return ev(node.target)[ev(node.index)]
    if isinstance(node, Call):
        return _call(node.target.name, [ev(a) for a in node.args], {k: ev(v) for k, v in node.kwargs}, rules)
    if isinstance(node, Filter):
        target = ev(node.target)
        if isinstance(target, _Text):
            return target
        return FILTERS[node.name](target, *(ev(a) for a in node.args))
    if isinstance(node, Unary):
        return (not ev(node.operand)) if node.op == "not" else -ev(node.operand)
    if isinstance(node, Binary):
        if node.op == "and":
            return ev(node.left) and ev(node.right)
        if node.op == "or":
            return ev(node.left) or ev(node.right)
        if node.op == "/":
            value = ev(node.left) / ev(node.right)
            return int(value) if float(value).is_integer() else value
        return _OPS[node.op](ev(node.left), ev(node.right))
    raise AssertionError(node)


def assert_same(source, shown_value, shown_text, rules):
    want = independent(parse(source), rules)
    if isinstance(want, _Source):
        want.check(shown_text)
        return
    if isinstance(want, _Text):
        for name in PRESETS:
            preset = load_preset(name)
            if name == want.exclude:
                assert f"{preset.title}:" not in shown_text and f"{preset.title} and" not in shown_text, source
            else:
                assert preset.title in shown_text, (source, preset.title, shown_text)
        return
    if isinstance(want, P.Settlement | _Nagashi) or hasattr(want, "rank"):
        raise AssertionError(f"{source!r} shows a whole object; pick a number from it")
    assert shown_value == want, (source, shown_value, want)
    assert shown_text == format_value(want)


# ---- tests ---------------------------------------------------------------------

def test_the_course_loads_without_errors():
    course = static_course()
    assert course.errors == []
    assert len(course.lessons) >= 14


@pytest.mark.parametrize("name", RULESETS)
def test_every_lesson_loads_under_every_ruleset(name):
    course = course_under(name)
    assert course.errors == []
    assert course.ids == static_course().ids


def test_no_lesson_is_dropped_under_north_bisection(tmp_path):
    """A ruleset file choosing north-bisection keeps every lesson, and `sanma lessons --check` finds nothing."""
    path = tmp_path / "nb.yaml"
    path.write_text("base: mahjongsoul\nname: nb\ntsumo_payment: north_bisection\n")
    rules = get_ruleset(str(path))
    assert not rules.tsumo_loss
    course = load_course(rules)
    assert course.errors == []
    assert course.ids == static_course().ids
    counts, issues = run_check([str(path)], None)
    assert [str(i) for i in issues] == []
    assert counts["lessons"] == len(static_course().ids)


def test_tsumo_lessons_teach_the_active_tsumo_payment():
    """Under north-bisection the tsumo-loss lesson answers with the split share, under tsumo loss with the lost one."""
    for name, want, absent_paid in (("mahjongsoul", "absent", False), ("north-bisection", "split", True)):
        rules = ruleset(name)
        lesson = course_under(name).get("tsumo-loss")
        question = next(q for q in lesson.questions if {c.id for c in q.choices} >= {"absent", "split"})
        assert expected_answer(question, rules) == want
        mangan = P.settle_win(rules, 5, 30, dealer=False, tsumo=True).total
        four = P.four_player_settlement(5, 30, dealer=False, tsumo=True)
        assert (mangan == four.total) is absent_paid
        text = render_step(lesson.steps[0], rules).text
        assert ("(north-bisection)" in text) is absent_paid


def test_every_lesson_has_a_diagram_two_questions_and_valid_links():
    for lesson in static_course().lessons:
        assert lesson.diagrams, f"{lesson.id} has no tile diagram"
        assert len(lesson.questions) >= 2, f"{lesson.id} has fewer than two check questions"
        assert {link.partition(".")[0] for link in lesson.drills} <= set(DRILL_IDS)  # a type, or a concept of one
    assert sum(1 for lesson in static_course().lessons if lesson.drills) >= 10


def test_the_course_covers_every_topic_in_order():
    ids = static_course().ids
    assert ids == [t for t in TOPICS if t in ids]
    assert set(TOPICS) <= set(ids), sorted(set(TOPICS) - set(ids))


@pytest.mark.parametrize("name", RULESETS)
def test_every_filled_number_is_the_engines(name):
    rules = ruleset(name)
    checked = 0
    for lesson in course_under(name).lessons:
        for step in lesson.steps:
            rendered = render_step(step, rules)
            shown = [rendered.text, rendered.title or ""]
            shown += [d.caption for d in rendered.diagrams]
            shown += [t for r in rendered.compare for t in (r.topic, r.four_player, r.sanma)]
            shown += [t for q in rendered.questions for t in (q.prompt, q.explanation, *(c for _, c in q.choices))]
            if rendered.table:
                shown += rendered.table.columns + [c for row in rendered.table.rows for c in row] + [rendered.table.caption]
            everything = "\n".join(shown)
            assert "{{" not in everything and "}}" not in everything, lesson.id
            for fill in rendered.fills:
                assert_same(fill.source, fill.value, fill.text, rules)
                assert fill.text in everything
                checked += 1
    assert checked > 100


def _wrong_answer(q, expected):
    if q.kind == "single":
        return next(c.id for c in q.choices if c.id != expected)
    if q.kind == "multiple":
        return expected ^ {q.choices[0].id}
    if q.kind == "number":
        return expected + 100
    return "".join(sorted(expected)) + ("1p" if "1p" not in expected else "2p")


@pytest.mark.parametrize("name", RULESETS)
def test_every_question_is_answered_by_the_engine(name):
    rules = ruleset(name)
    for lesson in course_under(name).lessons:
        for q in lesson.questions:
            expected = expected_answer(q, rules)
            for check in q.verify:
                assert independent(check.tree, rules) is True, (lesson.id, check.source)
            if isinstance(q.answer, Expression):
                raw = independent(q.answer.tree, rules)
                if q.kind == "tiles":
                    raw = {kind_name(t) for t in parse_tiles("".join(raw) if isinstance(raw, list) else raw)}
                    assert raw == set(expected), q.id
                elif q.kind == "multiple":
                    assert set(raw) == expected, q.id
                elif q.kind == "single" and isinstance(raw, bool):
                    assert ("yes" if raw else "no") == expected
                else:
                    assert raw == expected, (q.id, raw, expected)
            result = check_answer(q, expected if q.kind != "tiles" else "".join(sorted(expected)), rules)
            assert result.correct, q.id
            assert result.explanation and "{{" not in result.explanation
            wrong = _wrong_answer(q, expected)
            assert not check_answer(q, wrong, rules).correct, q.id


@pytest.mark.parametrize("name", RULESETS)
def test_generated_tables_are_the_engines(name):
    rules = ruleset(name)
    seen = 0
    for lesson in course_under(name).lessons:
        for step in lesson.steps:
            table = render_step(step, rules).table
            if table is None:
                continue
            seen += 1
            for values in table.values:
                if table.kind == "payments":
                    (han, fu), nr, nt, dr, dt = values
                    honba = step.table.options.get("honba", 0)
                    assert nr == P.settle_win(rules, han, fu, dealer=False, tsumo=False, honba=honba).total
                    assert nt == P.settle_win(rules, han, fu, dealer=False, tsumo=True, honba=honba).total
                    assert dr == P.settle_win(rules, han, fu, dealer=True, tsumo=False, honba=honba).total
                    assert dt == P.settle_win(rules, han, fu, dealer=True, tsumo=True, honba=honba).total
                elif table.kind == "tsumo_loss":
                    (han, fu), ron, tsumo, four, _ = values
                    dealer = step.table.options.get("dealer", False)
                    assert ron == P.settle_win(rules, han, fu, dealer=dealer, tsumo=False).total
                    assert tsumo == P.settle_win(rules, han, fu, dealer=dealer, tsumo=True).total
                    assert four == P.four_player_settlement(han, fu, dealer=dealer, tsumo=True).total
                elif table.kind == "rulesets_compared":
                    field, *cells = values
                    assert cells[: len(PRESETS)] == [_rule_value(load_preset(p), field) for p in PRESETS]
                elif table.kind == "noten":
                    pattern, *deltas = values
                    assert deltas == P.noten_payments(rules, pattern)
                elif table.kind == "placement":
                    rank, seat, points, *_, score = values
                    placed = P.final_placement(rules, step.table.options["points"], step.table.options.get("sticks", 0))
                    assert (placed[seat].rank, placed[seat].points, placed[seat].score) == (rank, points, score)
    assert seen >= 4


def test_lessons_follow_the_active_ruleset():
    """A made-up ruleset's numbers appear where the lessons talk about them."""
    texts = {}
    for name in ("tenhou", "custom"):
        rules = ruleset(name)
        lesson = course_under(name).get("honba-sticks")
        texts[name] = "\n".join(render_step(s, rules).text for s in lesson.steps)
    assert "700" in texts["custom"] and "700" not in texts["tenhou"]
    assert "200" in texts["tenhou"]


_SENSITIVE = re.compile(r"honba|uma\b|oka\b|noten|return|starting points|start with|riichi stick|pool|sticks?\b", re.I)


def _ruleset_numbers():
    """Every amount a preset sets (honba, pools, points, uma, oka …): these must never be typed in."""
    values = set()
    for name in PRESETS:
        for field, value in load_preset(name).to_dict().items():
            items = value if isinstance(value, list) else [value]
            for v in items:
                if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10 and field != "riichi_min_points":
                    values.add(abs(v))
    return values


def _raw_texts(lesson):
    for step in lesson.steps:
        yield step.text
        for q in step.questions:
            yield q.prompt
            yield q.explanation
        for d in step.diagrams:
            if d.caption:
                yield d.caption
        for row in step.compare:
            yield row.sanma


def test_no_ruleset_number_is_typed_into_a_lesson():
    """Sentences about ruleset-dependent amounts carry no preset amount as a literal: those must be placeholders."""
    amounts = _ruleset_numbers()
    assert {200, 1000, 2000, 35000, 40000, 20, 15} <= amounts
    offenders = []
    for lesson in static_course().lessons:
        for text in _raw_texts(lesson):
            plain = re.sub(r"\{\{.*?\}\}", "#", text.get(), flags=re.S)
            plain = plain.replace("/ 1000", "/ #")  # the fixed divisor of the placement formula
            for sentence in re.split(r"(?<=[.;:!?])\s+|\n", plain):
                if _SENSITIVE.search(sentence) and "four-player" not in sentence.lower():
                    numbers = {int(n) for n in re.findall(r"(?<![\w.])\d+(?![\w])", sentence.replace(",", ""))}
                    if numbers & amounts:
                        offenders.append((lesson.id, text.field, sentence.strip()))
    assert offenders == [], "\n".join(map(str, offenders))


#: Diagrams that show something other than a player's hand (a whole tile set, a discard pond).
NOT_A_HAND = {("tiles", "19m123456789p123456789s1234567z"), ("nagashi", "1m9p9s1234z")}


def test_every_hand_diagram_holds_13_or_14_tiles():
    """A hand drawn in a lesson counts 13 tiles, or 14 with the draw (a meld counts as 3, kita not at all)."""
    wrong = []
    for lesson in static_course().lessons:
        for d in lesson.diagrams:
            size = len(parse_tiles(d.hand)) + 3 * len(d.melds)
            if (lesson.id, d.hand) not in NOT_A_HAND and size not in (13, 14):
                wrong.append((lesson.id, d.field, d.hand, d.melds, size))
    assert wrong == []


def test_what_the_rulesets_lesson_calls_shared_is_shared():
    """The rulesets lesson says tsumo loss and the noten pool are the same in every preset."""
    text = render_step(static_course().get("rulesets").steps[0], ruleset("custom")).text
    assert "tsumo loss" in text and "same in every preset" in text
    for field in ("tsumo_payment", "noten_pool"):
        assert len({_rule_value(load_preset(p), field) for p in PRESETS}) == 1, field
    assert str(load_preset("tenhou").noten_pool) in text


# ---- the second edition: size, real-play figures, question quality, the overview ----------

MIN_LESSONS = 21
OVERVIEW = "sanma-in-five-minutes"


def test_the_course_has_enough_lessons_and_checks_clean_under_every_preset_and_north_bisection():
    from course.cli import check_rulesets

    chosen = check_rulesets()
    assert {r.name for r in chosen} == {*PRESETS, "north-bisection"}
    counts, issues = run_check(chosen, None)
    assert issues == []
    assert counts["lessons"] >= MIN_LESSONS


def _empty(value):
    return value is None or value == 0 or (isinstance(value, str | list | set | tuple | dict) and not value)


@pytest.mark.parametrize("name", RULESETS)
def test_no_answer_is_zero_or_empty(name):
    rules = ruleset(name)
    for lesson in course_under(name).lessons:
        for q in lesson.questions:
            expected = expected_answer(q, rules)
            assert not _empty(expected), f"{q.id} under {name}: the answer is {expected!r}"


def _normalised(text):
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def test_no_question_repeats_another():
    rules = load_preset("tenhou")
    seen = {}
    for lesson in static_course().lessons:
        for step in lesson.steps:
            for q in render_step(step, rules).questions:
                key = _normalised(q.prompt)
                assert key not in seen, f"{q.id} repeats {seen[key]}"
                seen[key] = q.id


def _spellings(value):
    return {f"{value}", f"{value:,}"} if isinstance(value, int) else {str(value)}


@pytest.mark.parametrize("name", PRESETS)
def test_no_points_question_is_answered_by_the_text_just_above(name):
    """A number question worth asking (a payment, a score: 100 or more) applies the step to a new case:
    its answer is not printed in the step's own text, diagrams, comparisons or table."""
    rules = ruleset(name)
    for lesson in course_under(name).lessons:
        for step in lesson.steps:
            r = render_step(step, rules)
            shown = [r.text, *(d.caption for d in r.diagrams), *(t for row in r.compare for t in (row.topic, row.four_player, row.sanma))]
            if r.table:
                shown += [c for row in r.table.rows for c in row]
            words = set(re.findall(r"[\d,]+", " ".join(shown)))
            for q in step.questions:
                if q.kind != "number":
                    continue
                expected = expected_answer(q, rules)
                if isinstance(expected, int) and expected >= 100:
                    assert not (_spellings(expected) & words), f"{q.id} under {name}: {expected} is shown just above"


def test_the_stored_real_play_figures_are_measured_from_the_real_games():
    stored = real_play.figures()
    measured = measured_real_play()
    assert stored == measured
    assert measured["games"] == 2200 and measured["hands"] > 19000


def test_the_real_play_measure_agrees_with_the_engine_replay():
    """Counts read from Tenhou's arrays equal what the engine's re-play of the same games does."""
    import gzip
    import json

    from sanma_core.game.actions import KITA, RIICHI, RON, TSUMO
    from sanma_core.game.records import read_record

    class Count:
        def __init__(self):
            self.kinds = {}

        def before(self, game, action):
            self.kinds[action.kind] = self.kinds.get(action.kind, 0) + 1

    with gzip.open(DATA / real_play.GAME_FILES[0], "rt", encoding="utf-8") as f:
        games = [json.loads(next(f)) for _ in range(40)]
    counts = real_play.HandCounts()
    seen = Count()
    for game in games:
        for entry in game["log"]:
            counts.add_hand(entry)
        read_record(json.dumps(game), "tenhou", observers=[seen])
    assert counts.kita == seen.kinds[KITA]
    assert counts.tsumo_wins == seen.kinds[TSUMO]
    assert counts.ron_wins == seen.kinds[RON]
    riichi_declared = sum(1 for game in games for entry in game["log"] for s in range(3)
                          for d in entry[6 + 3 * s] if isinstance(d, str) and d.startswith("r"))
    assert riichi_declared == seen.kinds[RIICHI]


def test_every_real_play_figure_names_its_source():
    """A step quoting real play also shows where the figure comes from."""
    rules = load_preset("tenhou")
    quoting = 0
    for lesson in static_course().lessons:
        for step in lesson.steps:
            r = render_step(step, rules)
            sources = [f.source for f in r.fills]
            if any("real." in s and "real.source" not in s for s in sources):
                quoting += 1
                assert any("real.source" in s for s in sources), f"{lesson.id}: {step.field} quotes real play without its source"
                assert real_play.figures()["source"] in r.text, f"{lesson.id}: {step.field}"
    assert quoting >= 3


def test_no_percentage_is_typed_into_a_lesson():
    """Shares of real play are filled in (``| percent``), never typed."""
    for path in sorted((Path(__file__).resolve().parents[1] / "lessons").glob("*.yaml")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            outside = re.sub(r"\{\{.*?\}\}", "", line)
            assert not re.search(r"\d\s*%", outside), f"{path.name}:{number}: {line.strip()}"


def test_the_overview_links_every_lesson_and_a_drill_for_each_difference():
    course = static_course()
    overview = course.get(OVERVIEW)
    assert course.ids[0] == OVERVIEW
    assert set(overview.links) == set(course.ids) - {OVERVIEW}
    differences = [s for s in overview.steps if s.lessons]
    assert len(differences) >= 5
    for step in differences:
        assert step.drills, f"{step.field} links lessons but no drill"


def test_no_lesson_asks_which_ruleset_it_is():
    """Rule differences and where they come from live in the ruleset data (fields and ``sources``),
    never in a lesson comparing the ruleset's name."""
    for path in sorted((Path(__file__).resolve().parents[1] / "lessons").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert "rule.name" not in text and "rule.title ==" not in text, path.name
