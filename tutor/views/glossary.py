"""Glossary: every term the tutor uses, in English, German, Spanish and Japanese, from course/glossary.yaml."""

from __future__ import annotations

import streamlit as st

from course.glossary import COLUMNS, GROUPS, HEADINGS, grouped, load_glossary
from tutor.language import current_language, tr


def render() -> None:
    t = tr()
    st.title(t.gettext("Glossary"))
    st.caption(t.gettext("Every term the tutor uses. The German and Spanish terms marked * are those of the club's "
                         "own sanma pages."))
    lang = current_language()
    columns = (lang, *(c for c in COLUMNS if c != lang))  # the learner's own language first
    query = st.text_input(t.gettext("Search"), key="glossary_search").strip().lower()
    for group, terms in grouped(load_glossary()).items():
        rows = [
            {HEADINGS[c]: term.word(c) + (" *" if term.seeds and c in ("de", "es") else "") for c in columns}
            for term in terms
            if not query or any(query in term.word(c).lower() for c in COLUMNS)
        ]
        if rows:
            st.subheader(t.gettext(GROUPS[group]))
            st.dataframe(rows, hide_index=True, use_container_width=True)
