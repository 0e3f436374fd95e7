"""The drill registry: every drill type (id, title, description, generator) in menu order, and :func:`generate`.

The course's drill links, mixed review and the app's menu all read :data:`DRILLS`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from sanma_core.i18n import N_, gettext
from sanma_core.rules import Ruleset, get_ruleset

from .base import Draft, GenerationError, rng_for
from .gens import (
    all_last,
    call_pass,
    dora_indicator,
    efficiency,
    fu,
    furiten,
    kita,
    kita_dora,
    mixed,
    noten,
    payment,
    placement,
    push_fold,
    riichi_dama,
    waits,
    yaku,
)
from .model import DrillError, Question, parse_question_id, question_id
from .soundness import DECISION_TYPES, complete_hand

Generator = Callable[[Ruleset, random.Random, int], Draft]


@dataclass(frozen=True)
class DrillType:
    """One drill type: its id (in question ids and links), the menu's title and description, and its generator."""

    id: str
    title: str
    description: str
    generate: Generator = field(repr=False)
    quiz: bool = False  # quick to read and answer: offered for a timed quiz night


class Spoken(dict[str, str]):
    """Marked words read in the language spoken now: ``DRILL_TYPES["fu"]["title"]`` is "Fu", in German too."""

    def __getitem__(self, key: str) -> str:
        return gettext(super().__getitem__(key))

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        return gettext(super().__getitem__(key)) if key in self else default


def _mixed(rules: Ruleset, rng: random.Random, difficulty: int) -> Draft:
    source = rng.choice(MIXED_SOURCES)
    return mixed.draft_from(source, generate(source, rules, rng.randrange(2**31), difficulty))


#: Every drill type, in the order a menu shows them (mixed review draws from the others in this order). A new
#: drill type is one entry here and its generator.
DRILLS: tuple[DrillType, ...] = (
    DrillType("waits", N_("Waits"),
              N_("Select every tile that completes the hand (four-copy and furiten traps included)."), waits.generate,
              quiz=True),
    DrillType("yaku", N_("Yaku"), N_("Select every yaku of a winning hand, then its han."), yaku.generate, quiz=True),
    DrillType("fu", N_("Fu"), N_("Count the fu of a winning hand."), fu.generate, quiz=True),
    DrillType("payment", N_("Payments"),
              N_("What each player pays: ron or tsumo, dealer or not, honba and sticks (tsumo loss)."), payment.generate,
              quiz=True),
    DrillType("kita_dora", N_("Kita and dora"), N_("Han from kita, dora indicators (1m, West), red fives and ura."),
              kita_dora.generate, quiz=True),
    DrillType("dora_indicator", N_("Dora indicator"), N_("Which tile does an indicator make dora?"),
              dora_indicator.generate, quiz=True),
    DrillType("noten", N_("Draws"), N_("Noten payments at an exhaustive draw, and nagashi mangan."), noten.generate,
              quiz=True),
    DrillType("placement", N_("Placement"), N_("Final placement points: return, oka, uma and leftover sticks."),
              placement.generate, quiz=True),
    DrillType("efficiency", N_("Efficiency"), N_("The discard that keeps the most useful tiles."), efficiency.generate),
    DrillType("kita", N_("Kita"), N_("Set the North aside or keep it, as Phoenix players decide: most Norths go "
              "aside; thirteen orphans, a North as the only safe tile against a riichi, kita in riichi and on the "
              "first draw, per ruleset."), kita.generate),
    DrillType("push_fold", N_("Push or fold"), N_("An opponent is in riichi: pick the discard (genbutsu, suji, "
              "no chance, one chance, honours, whether a North set aside can be ronned, and whether a tenpai is "
              "worth pushing: its value and wait against the riichi's Norths, dealer or not, from real play)."),
              push_fold.generate),
    DrillType("riichi_dama", N_("Riichi or dama"), N_("A closed tenpai hand: riichi or dama? The expected value "
              "of each from the engine's values by ron and by tsumo (tsumo loss) and real players' win and "
              "deal-in rates by wait and turn."), riichi_dama.generate),
    DrillType("furiten", N_("Furiten"), N_("Are you furiten? Own discards, a ron let pass, riichi, and kita "
              "(a North set aside is not a discard; letting a ron on one pass is furiten where it can be ronned)."),
              furiten.generate),
    DrillType("call_pass", N_("Call or pass"), N_("An opponent discards a tile you hold two or three of: pon, "
              "open kan or pass (no chii in sanma), as real Phoenix players decide."), call_pass.generate),
    DrillType("all_last", N_("All-last placement"), N_("The last hand, you are second and tenpai: riichi to "
              "reach first or dama to keep second, in placement points under the ruleset's uma and oka."),
              all_last.generate),
    DrillType("mixed", N_("Mixed review"), N_("A question of any type."), _mixed),
)
#: The drill ids, in menu order (what a lesson may link to).
DRILL_IDS: tuple[str, ...] = tuple(d.id for d in DRILLS)
#: The drill types a mixed review draws from: all but itself.
MIXED_SOURCES: tuple[str, ...] = tuple(i for i in DRILL_IDS if i != "mixed")
#: Title and description by drill id, for menus and labels (read from :data:`DRILLS`), in the language spoken now.
DRILL_TYPES: dict[str, dict[str, str]] = {d.id: Spoken(title=d.title, description=d.description) for d in DRILLS}
#: The drill types quick enough for a timed quiz night.
QUIZ_TYPES: tuple[str, ...] = tuple(d.id for d in DRILLS if d.quiz)
#: drill id -> ``generate(rules, rng, difficulty) -> Draft`` (read from :data:`DRILLS`)
GENERATORS: dict[str, Generator] = {d.id: d.generate for d in DRILLS}
DIFFICULTIES = (1, 2, 3)
MAX_DEALS = 20


def _sound_draft(drill_type: str, rules: Ruleset, seed: int, difficulty: int) -> Draft:
    """The generator's draft; a decision on a hand that has already won is dealt again (another stream)."""
    for attempt in range(MAX_DEALS):
        rng = rng_for(drill_type, rules.name, seed, difficulty) if attempt == 0 else \
            rng_for(f"{drill_type}#{attempt}", rules.name, seed, difficulty)
        draft = GENERATORS[drill_type](rules, rng, difficulty)
        if drill_type not in DECISION_TYPES or not complete_hand(draft.data):
            return draft
    raise GenerationError(f"{drill_type}: {MAX_DEALS} deals in a row showed a complete hand")


def generate(drill_type: str, rules: Ruleset | str | None = None, seed: int = 0, difficulty: int = 1) -> Question:
    """The question for ``(drill_type, rules, seed, difficulty)``: the same inputs give the same question.

    >>> from sanma_core.rules import load_preset
    >>> q = generate("dora_indicator", load_preset("tenhou"), seed=3)
    >>> q.id, q.answer_kind, q == generate("dora_indicator", load_preset("tenhou"), seed=3)
    ('dora_indicator:tenhou:3:1', 'tiles', True)
    """
    if drill_type not in DRILL_TYPES:
        raise DrillError(f"unknown drill type {drill_type!r}: choose one of {', '.join(DRILL_TYPES)}")
    if isinstance(difficulty, bool) or difficulty not in DIFFICULTIES:
        raise DrillError(f"difficulty {difficulty!r} must be 1, 2 or 3")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DrillError(f"seed {seed!r} must be a whole number")
    rules = get_ruleset(rules)
    draft = _sound_draft(drill_type, rules, seed, difficulty)
    return Question(
        id=question_id(drill_type, rules.name, seed, difficulty),
        drill_type=drill_type,
        ruleset=rules.name,
        seed=seed,
        difficulty=difficulty,
        concept=draft.concept,
        prompt=draft.prompt,
        data=draft.data,
        answer_kind=draft.answer_kind,
        answer=draft.answer,
        choices=tuple(draft.choices),
        number_fields=tuple(draft.number_fields),
        parts=tuple(draft.parts),
        multi=draft.multi,
        pick_one=tuple(draft.pick_one),
        credit=dict(draft.credit),
        explanation=tuple(draft.explanation),
        hand_input=draft.hand_input,
    )


def regenerate(qid: str, rules: Ruleset | None = None) -> Question:
    """Rebuild a question from its id (a custom ruleset must be passed in)."""
    drill_type, ruleset, seed, difficulty = parse_question_id(qid)
    return generate(drill_type, rules if rules is not None else ruleset, seed, difficulty)
