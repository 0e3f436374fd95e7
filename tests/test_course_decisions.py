"""The course practises decisions: each decision drill is linked from the lesson steps that teach it, three
lessons ask for a play in a check question, and the "fourth North" question allows thirteen orphans."""

import pytest

from course import expected_answer, load_course
from course.cli import run_check
from course.schema import DRILL_IDS
from drills import DRILL_TYPES, generate
from drills.registry import DRILLS, GENERATORS
from drills.soundness import DECISION_TYPES
from sanma_core.analysis import waits
from sanma_core.rules import PRESETS, load_preset
from sanma_core.tiles import NORTH, parse_tiles, to_counts

#: lesson id -> the decision drills its steps must link
LINKS = {
    "strategy": {"riichi_dama", "push_fold", "kita", "all_last"},
    "defence": {"push_fold", "kita"},
    "kita-questions": {"kita", "furiten", "call_pass"},
    "placement": {"all_last"},
    "no-chi": {"call_pass"},
}
PLAY_CHOICES = {"pon", "pass", "push", "fold", "kita", "discard", "riichi", "dama", "keep"}


@pytest.fixture(scope="module")
def course():
    c = load_course("tenhou")
    assert not c.errors, c.errors
    return c


def test_the_course_links_the_registered_drill_types():
    """Lessons may link exactly the drill registry's types (the course keeps no list of its own)."""
    assert tuple(d.id for d in DRILLS) == DRILL_IDS
    assert set(DRILL_IDS) == set(DRILL_TYPES) == set(GENERATORS)


def test_each_decision_drill_is_linked_from_the_lessons_that_teach_it(course):
    linked = set()
    for lesson_id, drills in LINKS.items():
        lesson = course.get(lesson_id)
        types = {link.partition(".")[0] for link in lesson.drills}  # a drill type, or one concept of it
        assert drills <= types, (lesson_id, lesson.drills)
        linked |= types
    assert (DECISION_TYPES | {"furiten"}) <= linked


def test_the_step_on_dama_or_riichi_links_the_riichi_dama_drill(course):
    step = next(s for s in course.get("strategy").steps if "riichi" in s.title.get().lower())
    assert "riichi_dama.tsumo_loss" in step.drills  # the concept the step teaches
    norths = next(s for s in course.get("defence").steps if "Norths" in s.title.get())
    assert {"kita.safe_tile", "push_fold.north"} <= set(norths.drills)


def test_three_lessons_ask_for_a_play(course):
    asking = set()
    for lesson in course.lessons:
        for q in lesson.questions:
            ids = {c.id for c in q.choices}
            if q.kind == "single" and len(ids & PLAY_CHOICES) >= 2:
                asking.add(lesson.id)
    assert len(asking) >= 3, asking
    assert {"no-chi", "placement", "defence"} <= asking


def test_a_north_can_be_thirteen_orphans_wait_when_every_other_north_is_out(course):
    q = next(q for q in course.get("defence").questions if "fourth" in q.prompt.get())
    assert expected_answer(q, load_preset("tenhou")) == "kokushi"
    kokushi = to_counts(parse_tiles("19m19p19s1235677z"))
    assert kokushi[NORTH] == 0 and waits(kokushi) == [NORTH]


@pytest.mark.parametrize("preset", PRESETS)
def test_lessons_check_clean_under_every_preset(preset):
    counts, issues = run_check([preset], None)
    assert not issues, [str(i) for i in issues]
    assert counts["questions"] >= 125


def test_the_linked_drills_generate(course):
    for drills in LINKS.values():
        for drill in drills:
            assert generate(drill, "tenhou", 1, 1).drill_type == drill
