"""Words for the model's grading of a review: each figure defined in one line, a decision in one line.

The ``sanma review`` text and the Review page both say them this way.

>>> percent(0.456), percent(None)
('46%', '–')
>>> figures_line(Figures(0, (("agrees", 0),), 0.0))
'no graded decisions'
"""

from __future__ import annotations

from .graded import BIG_MISTAKE_BELOW, BIG_MISTAKE_TOP, FINE_SHARE, KIND_WORDS, Figures, GradedDecision, option_text

DEFINITIONS = {
    "match": "the share of decisions where the player chose the model's option (its most probable one)",
    "mistakes_per_100": (f"mistakes, big ones included, per 100 decisions: a choice the model gives less than "
                         f"{FINE_SHARE:.0%} of its own option's probability"),
    "big_mistakes_per_100": (f"big mistakes per 100 decisions: a choice under {BIG_MISTAKE_BELOW:.0%} where the "
                             f"model's option has at least {BIG_MISTAKE_TOP:.0%}"),
    "mean_p": "the mean probability the model gives the choices the player made",
}
GRADE_WORDS = {
    "agrees": "the player chose the model's option",
    "fine": f"another option, with at least {FINE_SHARE:.0%} of the model's option's probability",
    "mistake": f"an option with less than {FINE_SHARE:.0%} of the model's option's probability",
    "big mistake": f"under {BIG_MISTAKE_BELOW:.0%} where the model's option has at least {BIG_MISTAKE_TOP:.0%}",
}


def percent(p: float | None) -> str:
    return "–" if p is None else f"{100 * p:.0f}%"


def figures_line(f: Figures) -> str:
    """``130 decisions: match 77%, 8.5 mistakes per 100 (3.1 big), mean probability 65%``."""
    if not f.decisions:
        return "no graded decisions"
    return (f"{f.decisions} decision{'s' if f.decisions != 1 else ''}: match {percent(f.match)}, "
            f"{f.mistakes_per_100:.1f} mistakes per 100 ({f.big_mistakes_per_100:.1f} big), "
            f"mean probability {percent(f.mean_p)}")


def options_line(d: GradedDecision, top: int = 3) -> str:
    """The most probable options and the player's, with their probabilities: ``Discard 1m 62% · Discard 9p 20%``."""
    shown = list(d.options[:top])
    if d.player not in dict(shown):
        shown.append((d.player, d.p_player))
    return " · ".join(f"{option_text(a, d.tile)} {percent(p)}" for a, p in shown)


def decision_line(d: GradedDecision) -> str:
    """``discard, 12 left: Discard 5p (3%), the model Discard 1m (62%) — big mistake``."""
    return (f"{d.kind}, {d.left} left: {option_text(d.player, d.tile)} ({percent(d.p_player)}), the model "
            f"{option_text(d.model, d.tile)} ({percent(d.p_model)}) — {d.grade}")


def unmodelled_line(counts: dict[str, int]) -> str:
    """``not graded (no model yet): kan or not 3, win or not 4`` (empty when there are none)."""
    if not counts:
        return ""
    return "not graded (no model yet): " + ", ".join(f"{KIND_WORDS.get(k, k)} {n}" for k, n in sorted(counts.items()))


__all__ = ["DEFINITIONS", "GRADE_WORDS", "decision_line", "figures_line", "options_line", "percent",
           "unmodelled_line"]
