"""The app's language: the learner's saved choice, else the browser's language, else English.

Pages ask :func:`tr` for the session's translator (``tr().gettext("Ruleset")``);
the sidebar switch (:func:`language_switch`) keeps the choice in the learner's profile.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import streamlit as st

from sanma_core.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    Translator,
    language_of,
    set_language,
    speaking,
    translator,
)

from . import state

LANGUAGE_KEY = "language"  # session state: the language this session speaks
SETTING = "language"  # the profile setting it is kept under
_FOR_PROFILE = "_language_for_profile"  # the profile whose saved language this session has read


def _saved_language(profile_id: int) -> str | None:
    db = state.store(quiet=True)
    saved = state.store_call(db.setting, profile_id, SETTING) if db is not None else None
    return saved if saved in LANGUAGES else None


def choose_language() -> str:
    """Settle the session's language once per run: a signed-in learner's saved choice wins, then the
    choice already made in this session, then the browser's language."""
    pid = st.session_state.get(state.PROFILE_KEY)
    if pid is not None and st.session_state.get(_FOR_PROFILE) != pid:
        st.session_state[_FOR_PROFILE] = pid
        saved = _saved_language(pid)
        if saved is not None:
            st.session_state[LANGUAGE_KEY] = saved
        elif st.session_state.get(LANGUAGE_KEY) in LANGUAGES:
            _save(st.session_state[LANGUAGE_KEY])
    if st.session_state.get(LANGUAGE_KEY) not in LANGUAGES:
        locale = getattr(getattr(st, "context", None), "locale", None)
        st.session_state[LANGUAGE_KEY] = language_of(locale) or DEFAULT_LANGUAGE
    set_language(st.session_state[LANGUAGE_KEY])  # the engine's and the drills' words follow the page's language
    return st.session_state[LANGUAGE_KEY]


def current_language() -> str:
    lang = st.session_state.get(LANGUAGE_KEY)
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def tr() -> Translator:
    """The translator of this session's language."""
    return translator(current_language())


F = TypeVar("F", bound=Callable[..., Any])


def spoken(func: F) -> F:
    """``func`` run in the session's language: for a widget's callback, which runs before the page's top sets
    the language, and for a fragment, whose own runs never pass the page's top."""
    @functools.wraps(func)
    def run(*args: Any, **kwargs: Any) -> Any:
        with speaking(current_language()):
            return func(*args, **kwargs)

    return run  # type: ignore[return-value]


def fragment(func: F | None = None, /, **options: Any) -> Any:
    """``st.fragment`` that speaks the session's language on its own reruns (``@fragment`` or
    ``@fragment(run_every=5)``)."""
    if func is None:
        return lambda f: st.fragment(spoken(f), **options)
    return st.fragment(spoken(func), **options)


def _save(lang: str) -> None:
    pid = st.session_state.get(state.PROFILE_KEY)
    db = state.store(quiet=True)
    if pid is not None and db is not None:
        state.store_call(db.set_setting, pid, SETTING, lang)


def _switched() -> None:
    _save(current_language())


def language_switch() -> None:
    """The sidebar's language choice; a signed-in learner's choice is saved in their profile."""
    st.selectbox(tr().gettext("Language"), LANGUAGES, key=LANGUAGE_KEY, format_func=LANGUAGE_NAMES.get,
                 on_change=_switched)
