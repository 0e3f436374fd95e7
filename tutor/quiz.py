"""Asking one drill question and showing its feedback (shared by Drills, reviews and the mistakes notebook).

Answers are given by clicking tiles, picking choices or typing numbers; every
widget key carries a context string so each question gets fresh widgets.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from drills.explain import explanation_sentences
from drills.explain.model import spoken_reason
from drills.model_answer import decision_from, label_of, model_step, response_grades
from sanma_core.errors import SanmaError
from sanma_core.i18n import N_
from sanma_core.review.graded import option_text
from sanma_core.review.graded_words import grade_name
from sanma_core.tiles import SANMA_KINDS, kind, kind_name, parse_tiles
from sanma_core.words import LETTER_NAMES, letter_name

from .drill_session import AnswerInputError, parse_number
from .language import current_language, tr
from .review_model import bars_html
from .tiles_svg import tiles_html
from .widgets import show_data_diagram, show_ponds, tile_buttons

KITA = "kita"  # a tiles answer may name this play: setting a North aside
_SITUATION_KEYS = (("seat", N_("seat wind")), ("round", N_("round wind")), ("situation", N_("situation")))


def sel_key(ctx: str) -> str:
    return f"sel_{ctx}"


def choices_key(ctx: str) -> str:
    return f"ch_{ctx}"


def number_key(ctx: str, name: str) -> str:
    return f"num_{ctx}_{name}"


def tile_options(question: Any) -> list[int]:
    """Tiles a tiles answer offers: the hand's own tiles for a pick-one discard, else every sanma kind."""
    hand = question.data.get("hand")
    if not question.is_multi("tiles") and isinstance(hand, str) and hand:
        try:
            seen: dict[int, int] = {}
            for t in parse_tiles(hand):
                seen.setdefault(kind(t), t)
            return [seen[k] for k in sorted(seen)]
        except SanmaError:
            pass
    return list(SANMA_KINDS)


def kita_key(ctx: str) -> str:
    return f"kita_{ctx}"


def _toggle_kita(ctx: str, multi: bool) -> None:
    _toggle_name(ctx, multi, KITA)


def _toggle(ctx: str, multi: bool, tile: int) -> None:
    _toggle_name(ctx, multi, kind_name(kind(tile)))


def _toggle_name(ctx: str, multi: bool, name: str) -> None:
    chosen: list[str] = list(st.session_state.get(sel_key(ctx), []))
    if name in chosen:
        chosen.remove(name)
    elif multi:
        chosen.append(name)
    else:
        chosen = [name]
    st.session_state[sel_key(ctx)] = chosen


def ask(question: Any, ctx: str, disabled: bool = False) -> None:
    """Draw the prompt, its diagram and the answer widgets."""
    ponds = bool(question.data.get("question")) and show_ponds(question.data)
    # a riichi position's ponds are drawn as tile rows: the heading is then the short question, not the tile codes
    st.markdown(f"#### {question.data['question'] if ponds else question.prompt}")
    show_data_diagram(question.data)
    t = tr()
    keys = _SITUATION_KEYS[2:] if question.data.get("situation") else _SITUATION_KEYS  # the situation names seat and round
    facts = [t.gettext("{label}: **{value}**").format(label=t.gettext(label), value=_fact(question.data[key]))
             for key, label in keys if question.data.get(key) not in (None, "", {}, [])]
    if facts:
        st.caption(" · ".join(facts))
    for part in question.parts:
        if part == "tiles":
            chosen = st.session_state.get(sel_key(ctx), [])
            multi = question.is_multi("tiles")
            click = t.gettext("Click every tile that applies") if multi else t.gettext("Click one tile")
            shown = " ".join(t.gettext("Kita") if c == KITA else c for c in chosen)
            st.caption(t.gettext("{click} — chosen: {tiles}").format(click=click, tiles=shown) if chosen else click)
            tiles = tile_options(question)
            tile_buttons(tiles, ctx, _toggle_factory(ctx, multi),
                         selected=[t for t in tiles if kind_name(kind(t)) in chosen], disabled=disabled)
            if question.data.get("kita_legal"):
                st.button(t.gettext("Kita: set a North aside"), key=kita_key(ctx), on_click=_toggle_kita, args=(ctx, multi),
                          type="primary" if KITA in chosen else "secondary", disabled=disabled)
        elif part == "choices":
            labels = dict(question.choices)
            multi = question.is_multi("choices")
            st.pills(
                t.gettext("Choose every one that applies") if multi else t.gettext("Choose one"),
                options=[cid for cid, _ in question.choices],
                format_func=lambda cid, labels=labels: labels.get(cid, cid),
                selection_mode="multi" if multi else "single",
                key=choices_key(ctx),
                disabled=disabled,
            )
        else:
            fields = list(question.number_fields)
            width = min(3, max(1, len(fields)))
            for row in range(0, len(fields), width):  # row by row, so Tab follows the screen's reading order
                cols = st.columns(width)
                for col, (name, label) in zip(cols, fields[row:row + width], strict=False):
                    col.text_input(label, key=number_key(ctx, name), disabled=disabled,
                                   placeholder=t.gettext("a number"))


def _fact(value: Any) -> str:
    """A situation fact as the reader reads it: a seat or round wind's letter (``S``) as its name in German and
    Spanish (English keeps the letter)."""
    if isinstance(value, str) and value in LETTER_NAMES and current_language() != "en":
        return letter_name(value)
    return str(value)


def _toggle_factory(ctx: str, multi: bool):
    def on_click(tile: int) -> None:
        _toggle(ctx, multi, tile)

    return on_click


def collect_response(question: Any, ctx: str) -> dict[str, Any]:
    """The current widget values as a response (raises :class:`AnswerInputError` on unreadable numbers)."""
    response: dict[str, Any] = {}
    for part in question.parts:
        if part == "tiles":
            response["tiles"] = sorted(st.session_state.get(sel_key(ctx), []), key=_tile_order)
        elif part == "choices":
            value = st.session_state.get(choices_key(ctx))
            response["choices"] = [] if value is None else ([value] if isinstance(value, str) else list(value))
        else:
            numbers = {}
            for name, label in question.number_fields:
                numbers[name] = parse_number(st.session_state.get(number_key(ctx, name), "") or "", label)
            response["numbers"] = numbers
    return response


def unanswered_parts(question: Any, response: dict[str, Any]) -> list[str]:
    """What a response leaves out: a line for each tiles or choices part with nothing chosen (empty: complete)."""
    words = {"tiles": N_("choose a tile"), "choices": N_("choose an option")}
    return [tr().gettext(words[part]) for part in question.parts if part in words and not response.get(part)]


def _tile_order(name: str) -> int:
    return 99 if name == KITA else kind(parse_tiles(name)[0])


def _tiles_answer_html(names: list[str]) -> str:
    """The tiles of an answer; ``kita`` (setting a North aside) as words beside a North."""
    tiles = [n for n in names if n != KITA]
    html = tiles_html(parse_tiles("".join(tiles))) if tiles else ""
    if KITA in names:
        html += tr().gettext("<p><b>Kita</b>: set a North aside</p>") + tiles_html(parse_tiles("4z"))
    return html or tr().gettext("<i>no tile</i>")


def _fmt(value: Any) -> str:
    """A number of an answer as the reader writes numbers (English: ``8000``, ``-5.6``; German: ``8.000``, ``-5,6``)."""
    if current_language() != "en" and isinstance(value, int | float) and not isinstance(value, bool):
        return tr().number(value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


#: The sets of a reading, as the hand diagram's captions name them ("kan" stays kan).
SHAPES = {"sequence": N_("sequence"), "triplet": N_("triplet"), "kan": "kan"}
SCORE_STEPS = ("reading", "yaku", "fu", "dora", "han", "payment")


def score_explanation_of(steps: Any) -> dict[str, Any] | None:
    """The steps that walk through scoring a hand (reading, yaku, fu, …) as the calculator's score explanation;
    None when there is no reading step. Other steps are left out (see :func:`other_steps`).

    >>> score_explanation_of([{"step": "reading", "form": "regular"}, {"step": "yaku", "yaku": [], "yakuman": 0}])
    {'reading': {'form': 'regular'}, 'yaku': [], 'yakuman': 0}
    >>> score_explanation_of([{"step": "waits", "waits": ["6p"]}]) is None
    True
    """
    by_step = {s["step"]: {k: v for k, v in s.items() if k != "step"}
               for s in steps or () if isinstance(s, dict) and s.get("step") in SCORE_STEPS}
    if "reading" not in by_step:
        return None
    out: dict[str, Any] = {}
    for name in SCORE_STEPS:
        if name == "yaku" and name in by_step:
            out["yaku"] = by_step["yaku"].get("yaku", [])
            out["yakuman"] = by_step["yaku"].get("yakuman", 0)
        elif name in by_step:
            out[name] = by_step[name]
    return out


def other_steps(steps: Any) -> list[Any]:
    """The steps :func:`score_explanation_of` does not show."""
    return [s for s in steps or () if not (isinstance(s, dict) and s.get("step") in SCORE_STEPS)]


def show_feedback(question: Any, feedback: dict[str, Any], response: dict[str, Any] | None) -> None:
    """Right or wrong, the expected answer next to the learner's, and the step-by-step explanation."""
    t = tr()
    if feedback["correct"]:
        st.success(t.gettext("Right!"))
    else:
        st.error(t.gettext("Not quite — {credit} credit. The answer:").format(credit=t.percent(feedback["score"])))
    expected = feedback["expected"]
    response = response or {}
    for part in question.parts:
        if part == "tiles":
            want = expected.get("tiles", [])
            st.html(_tiles_answer_html(want))
            if not feedback["correct"]:
                chose = " ".join(t.gettext("Kita") if c == KITA else c for c in response.get("tiles", []))
                st.caption(t.gettext("You chose: {answer}").format(answer=chose or t.gettext("nothing")))
        elif part == "choices":
            labels = dict(question.choices)
            st.markdown("**" + (", ".join(labels.get(c, c) for c in expected.get("choices", [])) or t.gettext("none"))
                        + "**")
            if not feedback["correct"]:
                chose = ", ".join(labels.get(c, c) for c in response.get("choices", []))
                st.caption(t.gettext("You chose: {answer}").format(answer=chose or t.gettext("nothing")))
        else:
            labels = dict(question.number_fields)
            given = response.get("numbers", {})
            lines = [t.gettext("| | answer | yours |"), "|---|---:|---:|"]
            want = expected.get("numbers", {})
            order = [k for k in labels if k in want] + [k for k in want if k not in labels]  # the screen's order
            lines += [f"| {labels.get(k, k)} | **{_fmt(want[k])}** | {_fmt(given.get(k, '—'))} |" for k in order]
            st.markdown("\n".join(lines))
    steps = feedback.get("explanation") or question.explanation
    model = model_step(steps or ())
    if model is not None:
        _show_model(model, feedback, response)
    if steps:
        with st.expander(t.gettext("Step by step"), expanded=not feedback["correct"]):
            reading = next((s for s in steps if isinstance(s, dict) and s.get("step") == "reading"), None)
            if reading and reading.get("groups"):
                _show_groups(reading)
            sentences = explanation_sentences([s for s in steps if isinstance(s, dict)])
            st.markdown("\n".join(f"{i}. {text}" for i, text in enumerate(sentences, 1)))


def _show_model(model: dict[str, Any], feedback: dict[str, Any], response: dict[str, Any]) -> None:
    """The decision model's distribution as the review draws it, and the grade of each option the learner chose."""
    t = tr()
    chosen = [c for c in response.get("choices", response.get("tiles", [])) if label_of(model, c) is not None]
    grades = feedback.get("grades") or response_grades([model], chosen)
    said = [t.gettext("{option}: {grade}").format(option=option_text(label_of(model, c) or c, model.get("tile")),
                                                 grade=grade_name(grades[c])) for c in chosen if c in grades]
    if said:
        st.markdown(t.gettext("Graded as the review grades: {grades}").format(grades="; ".join(f"**{g}**" for g in said)))
    decision = decision_from(model, chosen[0] if chosen else None)
    st.html(bars_html([decision], t.gettext("you"), spoken_reason))


def _show_groups(reading: dict[str, Any]) -> None:
    """The winning hand split into its sets and pair, as tiles (the sentences name them)."""
    t = tr()
    cells = "".join(f'<div class="sm-group"><div class="sm-cap">{t.gettext(SHAPES.get(g["shape"], g["shape"]))}</div>'
                    f'{_tiles_html_text(g["tiles"])}</div>' for g in reading["groups"])
    if reading.get("pair"):
        pair = t.gettext("pair")
        cells += (f'<div class="sm-group"><div class="sm-cap">{pair}</div>'
                  f'{_tiles_html_text(reading["pair"])}</div>')
    st.html(f'<div class="sm-strip">{cells}</div>')


def _tiles_html_text(text: str) -> str:
    try:
        return tiles_html(parse_tiles(text))
    except SanmaError:
        return f"<code>{text}</code>"


__all__ = ["AnswerInputError", "ask", "collect_response", "score_explanation_of", "show_feedback", "tile_options",
           "unanswered_parts"]
