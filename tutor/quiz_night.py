"""Quiz night (no Streamlit): a teacher runs a quiz for one of their groups; its members join with a short code, one
question at a time reaches everyone, and after each question the answer and the scores are shown.

The whole state (phase, current question, players, answers) is in the database, so any replica serves any
player. The questions are not stored: they are the worksheet of :func:`tutor.handout.worksheet` for the quiz's
settings (drill types, number, seed), the drills' generators under a preset ruleset. A question's time ends at
``seconds`` after it was shown; later answers are refused. Only the group's teacher controls or reads a quiz, only
the group's members join it.

>>> import tempfile, os
>>> from tutor.store import ProgressStore
>>> from tutor.club import Club
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.db"))
>>> teacher, kim = store.create_profile("T"), store.create_profile("Kim")
>>> group = Club(store).create_group(teacher.id, "G")
>>> _ = Club(store).join(kim.id, group.join_code, agree=True)
>>> night = QuizNight(store)
>>> quiz = night.start(teacher.id, group.id, QuizSettings("tenhou", ("payment",), 2, seed=3, seconds=30))
>>> night.join(kim.id, quiz.code.lower()).id == quiz.id
True
>>> quiz = night.advance(teacher.id, quiz.id); quiz.phase, quiz.current
('question', 0)
>>> night.answer(kim.id, quiz.id, 0, quiz.question.answer).correct
True
>>> [(s.name, s.right) for s in night.scores(quiz)]
[('Kim', 1)]
"""

from __future__ import annotations

import functools
import json
import re
import secrets
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa

from drills import DrillError, Feedback, Question, check
from sanma_core.i18n import N_, current, gettext, speaking
from sanma_core.rules import PRESETS, load_preset

from .club import CODE_ALPHABET, Club
from .handout import worksheet
from .store import ProgressStore, StoreError, iso, now_utc, parse_ts
from .store_schema import memberships, profiles, quiz_answers, quiz_players, quizzes

QUIZ_CODE_LENGTH = 6
SECONDS = (10, 300)
MAX_QUESTIONS = 30
REFRESH = (0.2, 30.0, 2.0)  # the pages' refresh: the least, the most and the default, in seconds


def refresh_seconds(setting: str | None) -> float:
    """The quiz pages' refresh interval from its setting (``SANMA_QUIZ_REFRESH_S``): a number of seconds kept
    inside :data:`REFRESH`, the default where it is unset or not a number.

    >>> refresh_seconds(None), refresh_seconds("0.5"), refresh_seconds("0"), refresh_seconds("fast")
    (2.0, 0.5, 0.2, 2.0)
    """
    least, most, default = REFRESH
    if not setting or not re.fullmatch(r"\s*\d+(\.\d*)?\s*", setting):
        return default
    return min(max(float(setting), least), most)
PHASES = ("lobby", "question", "reveal", "done")
NO_QUIZ = N_("no quiz {qid} among the quizzes you run")
NOT_IN = N_("that quiz code opens no quiz of your groups (ask the teacher for the code, or join the group first)")


@dataclass(frozen=True)
class QuizSettings:
    ruleset: str  # a preset: every replica and every player builds the same questions
    drill_types: tuple[str, ...]
    n: int
    seed: int
    seconds: int
    difficulty: int = 1

    def check(self) -> QuizSettings:
        if self.ruleset not in PRESETS:
            raise StoreError(gettext("a quiz uses a preset ruleset ({presets}), not {ruleset!r}").format(
                presets=", ".join(PRESETS), ruleset=self.ruleset))
        if not 1 <= self.n <= MAX_QUESTIONS:
            raise StoreError(gettext("a quiz has 1–{most} questions, not {n}").format(most=MAX_QUESTIONS, n=self.n))
        if not SECONDS[0] <= self.seconds <= SECONDS[1]:
            raise StoreError(gettext("a question lasts {least}–{most} seconds, not {n}").format(
                least=SECONDS[0], most=SECONDS[1], n=self.seconds))
        try:
            _questions(self, current().lang)
        except DrillError as exc:
            raise StoreError(str(exc)) from None
        return self


@functools.lru_cache(maxsize=64)
def _questions(settings: QuizSettings, lang: str = "en") -> tuple[Question, ...]:
    """The quiz's questions in one language: every player reads them in their own (the answers are the same ids
    and numbers in every language)."""
    rules = load_preset(settings.ruleset)
    with speaking(lang):
        return worksheet(rules, list(settings.drill_types), settings.n, settings.seed, settings.difficulty).questions


@dataclass(frozen=True)
class Quiz:
    id: int
    group_id: int
    code: str
    settings: QuizSettings
    phase: str
    current: int  # the question shown (or last shown), -1 in the lobby
    started: datetime  # when the phase began

    @property
    def questions(self) -> tuple[Question, ...]:
        """The questions in the language spoken now (the reader's, not the teacher's)."""
        return _questions(self.settings, current().lang)

    @property
    def question(self) -> Question | None:
        return self.questions[self.current] if 0 <= self.current < len(self.questions) else None

    def time_left(self, at: datetime | None = None) -> float:
        """Seconds left to answer the current question (0 outside a question)."""
        if self.phase != "question":
            return 0.0
        left = self.started + timedelta(seconds=self.settings.seconds) - (at or now_utc())
        return max(0.0, left.total_seconds())


@dataclass(frozen=True)
class Score:
    name: str
    points: float  # partial credit summed
    right: int
    answered: int


def _quiz(row) -> Quiz:
    raw = json.loads(row.settings)
    settings = QuizSettings(**{**raw, "drill_types": tuple(raw["drill_types"])})
    return Quiz(row.id, row.group_id, row.code, settings, row.phase, row.current, parse_ts(row.started))


def _code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(QUIZ_CODE_LENGTH))


class QuizNight:
    def __init__(self, store: ProgressStore) -> None:
        self.store = store
        self.club = Club(store)

    def quiz(self, quiz_id: int) -> Quiz:
        with self.store.read() as con:
            row = con.execute(sa.select(quizzes).where(quizzes.c.id == int(quiz_id))).first()
        if row is None:
            raise StoreError(gettext("no quiz {qid}").format(qid=quiz_id))
        return _quiz(row)

    # ---- the teacher ------------------------------------------------------------------

    def start(self, teacher_id: int, group_id: int, settings: QuizSettings, at: datetime | None = None) -> Quiz:
        group = self.club.group(teacher_id, group_id)
        settings.check()
        at = at or now_utc()
        with self.store.write() as con:
            qid = con.execute(sa.insert(quizzes).values(
                group_id=group.id, code=_code(), settings=json.dumps(asdict(settings)), phase="lobby", current=-1,
                started=iso(at), created=iso(at))).inserted_primary_key[0]
        return self.quiz(int(qid))

    def for_teacher(self, teacher_id: int, quiz_id: int) -> Quiz:
        """The quiz, if ``teacher_id`` teaches its group (the same refusal otherwise, whether it exists or not)."""
        try:
            quiz = self.quiz(quiz_id)
            self.club.group(teacher_id, quiz.group_id)
        except StoreError:
            raise StoreError(gettext(NO_QUIZ).format(qid=quiz_id)) from None
        return quiz

    def quizzes_run(self, teacher_id: int, group_id: int) -> list[Quiz]:
        group = self.club.group(teacher_id, group_id)
        with self.store.read() as con:
            rows = con.execute(sa.select(quizzes).where(quizzes.c.group_id == group.id).order_by(quizzes.c.id)).all()
        return [_quiz(r) for r in rows]

    def advance(self, teacher_id: int, quiz_id: int, at: datetime | None = None,
                shown: tuple[str, int] | None = None) -> Quiz:
        """The next phase: lobby → first question → its answer → next question … → done.

        ``shown`` is the (phase, question) the teacher's screen showed at the click: the click moves on from that
        step only, so a click sent twice (a double click, or the browser repeating it) never skips a question.
        """
        quiz = self.for_teacher(teacher_id, quiz_id)
        if quiz.phase == "done" or (shown is not None and (quiz.phase, quiz.current) != tuple(shown)):
            return quiz
        if quiz.phase == "question":
            phase, current = "reveal", quiz.current
        elif quiz.current + 1 < len(quiz.questions):
            phase, current = "question", quiz.current + 1
        else:
            phase, current = "done", quiz.current
        with self.store.write() as con:  # only from the phase read: two clicks on two replicas advance once
            con.execute(sa.update(quizzes).where(quizzes.c.id == quiz.id, quizzes.c.phase == quiz.phase,
                                                 quizzes.c.current == quiz.current)
                        .values(phase=phase, current=current, started=iso(at or now_utc())))
        return self.quiz(quiz.id)

    def answered(self, quiz: Quiz, index: int) -> dict[str, bool]:
        """name -> right, for everyone who answered question ``index``."""
        with self.store.read() as con:
            rows = con.execute(sa.select(profiles.c.name, quiz_answers.c.correct)
                               .join(profiles, profiles.c.id == quiz_answers.c.profile_id)
                               .where(quiz_answers.c.quiz_id == quiz.id, quiz_answers.c.question == index)
                               .order_by(quiz_answers.c.ts)).all()
        return {name: bool(right) for name, right in rows}

    def players(self, quiz: Quiz) -> list[str]:
        with self.store.read() as con:
            return list(con.execute(sa.select(profiles.c.name).join(quiz_players, quiz_players.c.profile_id == profiles.c.id)
                                    .where(quiz_players.c.quiz_id == quiz.id).order_by(quiz_players.c.joined)).scalars())

    def scores(self, quiz: Quiz) -> list[Score]:
        """Every player's score, best first (players who answered nothing score 0)."""
        with self.store.read() as con:
            rows = con.execute(
                sa.select(profiles.c.name, sa.func.coalesce(sa.func.sum(quiz_answers.c.score), 0.0),
                          sa.func.coalesce(sa.func.sum(quiz_answers.c.correct), 0), sa.func.count(quiz_answers.c.question))
                .select_from(quiz_players.join(profiles, profiles.c.id == quiz_players.c.profile_id)
                             .outerjoin(quiz_answers, sa.and_(quiz_answers.c.quiz_id == quiz_players.c.quiz_id,
                                                              quiz_answers.c.profile_id == quiz_players.c.profile_id)))
                .where(quiz_players.c.quiz_id == quiz.id).group_by(profiles.c.name)).all()
        out = [Score(name, round(float(points), 2), int(right), int(n)) for name, points, right, n in rows]
        return sorted(out, key=lambda s: (-s.points, -s.right, s.name))

    # ---- the players --------------------------------------------------------------------

    def join(self, profile_id: int, code: str, at: datetime | None = None) -> Quiz:
        """Join the running quiz with this code; only members of the quiz's group may."""
        clean = "".join(c for c in str(code).upper() if c.isalnum())
        with self.store.read() as con:
            row = con.execute(sa.select(quizzes).join(memberships, memberships.c.group_id == quizzes.c.group_id)
                              .where(quizzes.c.code == clean, quizzes.c.phase != "done",
                                     memberships.c.profile_id == profile_id)).first()
        if row is None:
            raise StoreError(gettext(NOT_IN))
        stmt = self.store.insert(quiz_players).values(quiz_id=row.id, profile_id=profile_id, joined=iso(at or now_utc()))
        with self.store.write() as con:
            con.execute(stmt.on_conflict_do_nothing())
        return _quiz(row)

    def for_player(self, profile_id: int, quiz_id: int) -> Quiz:
        with self.store.read() as con:
            row = con.execute(sa.select(quizzes).join(quiz_players, quiz_players.c.quiz_id == quizzes.c.id)
                              .where(quizzes.c.id == int(quiz_id), quiz_players.c.profile_id == profile_id)).first()
        if row is None:
            raise StoreError(gettext(NOT_IN))
        return _quiz(row)

    def answer(self, profile_id: int, quiz_id: int, index: int, response: object,
               at: datetime | None = None) -> Feedback:
        """Answer question ``index`` (once; while it is shown and its time runs)."""
        quiz = self.for_player(profile_id, quiz_id)
        at = at or now_utc()
        if quiz.phase != "question" or quiz.current != index:
            raise StoreError(gettext("this question is closed: wait for the next one"))
        if quiz.time_left(at) <= 0:
            raise StoreError(gettext("time is up for this question: wait for the next one"))
        try:
            feedback = check(quiz.questions[index], response)
        except DrillError as exc:
            raise StoreError(str(exc)) from None
        stmt = self.store.insert(quiz_answers).values(
            quiz_id=quiz.id, profile_id=profile_id, question=index, response=json.dumps(response),
            correct=int(feedback.correct), score=float(feedback.score), ts=iso(at))
        with self.store.write() as con:
            done = con.execute(stmt.on_conflict_do_nothing().returning(quiz_answers.c.question)).first()
        if done is None:
            raise StoreError(gettext("you already answered this question"))
        return feedback

    def my_answer(self, profile_id: int, quiz: Quiz, index: int) -> bool | None:
        """Whether this player's answer to ``index`` was right (None: not answered)."""
        with self.store.read() as con:
            right = con.execute(sa.select(quiz_answers.c.correct).where(
                quiz_answers.c.quiz_id == quiz.id, quiz_answers.c.profile_id == profile_id,
                quiz_answers.c.question == index)).scalar()
        return None if right is None else bool(right)
