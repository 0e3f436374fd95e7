"""Words for the model's grading of a review: each figure defined in one line, a decision in one line, in the
language spoken now (:mod:`sanma_core.i18n`).

The ``sanma review`` text and the Review page both say them this way.

>>> percent(0.456), percent(None)
('46%', '–')
>>> figures_line(Figures(0, (("agrees", 0),), 0.0))
'no graded decisions'
"""

from __future__ import annotations

from ..i18n import N_, decimal, gettext, ngettext, percent
from .graded import BIG_MISTAKE_BELOW, BIG_MISTAKE_TOP, FINE_SHARE, Figures, GradedDecision, kind_words, option_text

_SHARES = {"fine": f"{FINE_SHARE:.0%}", "below": f"{BIG_MISTAKE_BELOW:.0%}", "top": f"{BIG_MISTAKE_TOP:.0%}"}
#: Each figure's definition (marked; ``{fine}``, ``{below}``, ``{top}`` are the grading's thresholds).
_DEFINITIONS = {
    "match": N_("the share of decisions where the player chose the model's option (its most probable one)"),
    "mistakes_per_100": N_("mistakes, big ones included, per 100 decisions: a choice the model gives less than "
                           "{fine} of its own option's probability"),
    "big_mistakes_per_100": N_("big mistakes per 100 decisions: a choice under {below} where the model's option has "
                               "at least {top}"),
    "mean_p": N_("the mean probability the model gives the choices the player made"),
}
#: Each grade in words (marked, like :data:`_DEFINITIONS`).
_GRADE_WORDS = {
    "agrees": N_("the player chose the model's option"),
    "fine": N_("another option, with at least {fine} of the model's option's probability"),
    "mistake": N_("an option with less than {fine} of the model's option's probability"),
    "big mistake": N_("under {below} where the model's option has at least {top}"),
}
#: The figures' names as the text shows them.
FIGURE_NAMES = {"match": N_("match"), "mistakes_per_100": N_("mistakes per 100"),
                "big_mistakes_per_100": N_("big mistakes per 100"), "mean_p": N_("mean p")}
#: The grades' names (the data's ids are English).
GRADE_NAMES = {"agrees": N_("agrees"), "fine": N_("fine"), "mistake": N_("mistake"), "big mistake": N_("big mistake")}


def definitions() -> dict[str, str]:
    """Each figure's definition, by the figure's id, in the language spoken now."""
    return {k: gettext(v).format(**_SHARES) for k, v in _DEFINITIONS.items()}


def grade_words() -> dict[str, str]:
    """Each grade in words, by the grade's id, in the language spoken now."""
    return {k: gettext(v).format(**_SHARES) for k, v in _GRADE_WORDS.items()}


def figure_name(key: str) -> str:
    """``mistakes per 100``: a figure's name in words."""
    return gettext(FIGURE_NAMES[key]) if key in FIGURE_NAMES else key.replace("_", " ")


def grade_name(grade: str) -> str:
    """``big mistake``: a grade's name in words."""
    return gettext(GRADE_NAMES[grade]) if grade in GRADE_NAMES else grade


#: The decision kinds' ids, said as they are in a decision's line.
_KIND_IDS = (N_("discard"), N_("riichi"), N_("kita"), N_("call"), N_("kan"), N_("win"))
#: English, as the constants were (the Review page reads them); :func:`definitions` speaks the reader's language.
DEFINITIONS = {k: v.format(**_SHARES) for k, v in _DEFINITIONS.items()}
GRADE_WORDS = {k: v.format(**_SHARES) for k, v in _GRADE_WORDS.items()}


def tenths(x: float) -> str:
    """``8.5`` with one decimal, written as the language spoken now writes it (``8,5`` in German)."""
    return decimal(x, 1)


def figures_line(f: Figures) -> str:
    """``130 decisions: match 77%, 8.5 mistakes per 100 (3.1 big), mean probability 65%``."""
    if not f.decisions:
        return gettext("no graded decisions")
    return ngettext("{n} decision: match {match}, {mistakes} mistakes per 100 ({big} big), mean probability {mean}",
                    "{n} decisions: match {match}, {mistakes} mistakes per 100 ({big} big), mean probability {mean}",
                    f.decisions).format(n=f.decisions, match=percent(f.match), mistakes=tenths(f.mistakes_per_100),
                                        big=tenths(f.big_mistakes_per_100), mean=percent(f.mean_p))


def options_line(d: GradedDecision, top: int = 3) -> str:
    """The most probable options and the player's, with their probabilities: ``Discard 1m 62% · Discard 9p 20%``."""
    shown = list(d.options[:top])
    if d.player not in dict(shown):
        shown.append((d.player, d.p_player))
    return " · ".join(f"{option_text(a, d.tile)} {percent(p)}" for a, p in shown)


def decision_line(d: GradedDecision) -> str:
    """``discard, 12 left: Discard 5p (3%), the model Discard 1m (62%) — big mistake``."""
    return gettext("{kind}, {left} left: {player} ({p_player}), the model {model} ({p_model}) — {grade}").format(
        kind=gettext(d.kind), left=d.left, player=option_text(d.player, d.tile), p_player=percent(d.p_player),
        model=option_text(d.model, d.tile), p_model=percent(d.p_model), grade=grade_name(d.grade))


def unmodelled_line(counts: dict[str, int]) -> str:
    """``not graded (no model yet): kan or not 3, win or not 4`` (empty when there are none)."""
    if not counts:
        return ""
    return gettext("not graded (no model yet): {kinds}").format(
        kinds=", ".join(f"{kind_words(k)} {n}" for k, n in sorted(counts.items())))


__all__ = ["DEFINITIONS", "FIGURE_NAMES", "GRADE_NAMES", "GRADE_WORDS", "decision_line", "definitions", "figure_name",
           "figures_line", "grade_name", "grade_words", "options_line", "percent", "unmodelled_line"]
