"""Per-session state shared by every page: the active ruleset, the learner profile, the progress store.

The ruleset and profile selectors live in the entry point's sidebar, so they
keep their value across pages. Values that must outlive a widget are copied to
plain session keys. Shared objects (the store) are behind ``st.cache_resource``;
per-learner data never is.
"""

from __future__ import annotations

from collections.abc import MutableMapping

import streamlit as st

from sanma_core.i18n import gettext
from sanma_core.rules import DEFAULT_PRESET, PRESETS, Ruleset, RulesetError, load_preset, ruleset_from_dict
from sanma_core.words.rulesets import ruleset_title

from . import ruleset_link
from .store import Profile, ProgressStore, StoreError, default_location

RULESET_KEY = "ruleset_select"  # sidebar selectbox
CUSTOM_KEY = "custom_rulesets"  # name -> ruleset dict, uploaded on the Rules page
PROFILE_KEY = "profile_id"  # the chosen profile's id (plain key, survives pages)
NOTICES_KEY = "notices"  # messages to show once at the top of the next page


@st.cache_resource(show_spinner=False)
def _open_store(path: str) -> ProgressStore:
    return ProgressStore(path)


def store(quiet: bool = False) -> ProgressStore | None:
    """The shared progress store, or None when it cannot be used (the frame shows why; pages pass ``quiet``)."""
    try:
        return _open_store(default_location())
    except StoreError as exc:
        if not quiet:
            st.error(f"Progress is not being saved: {exc}")
        return None


def store_call(fn, *args, **kwargs):
    """Run a store method; on :class:`StoreError` show the message and return None."""
    try:
        return fn(*args, **kwargs)
    except StoreError as exc:
        st.error(f"Progress could not be saved or read: {exc}")
        return None


# ---- ruleset -------------------------------------------------------------------

def custom_rulesets() -> dict[str, dict]:
    return st.session_state.setdefault(CUSTOM_KEY, {})


def ruleset_options() -> list[str]:
    return [*PRESETS, *(name for name in custom_rulesets() if name not in PRESETS)]


def ruleset_label(name: str) -> str:
    """How the sidebar names a ruleset: a preset's title, an uploaded ruleset's own title."""
    if name in PRESETS:
        return ruleset_title(load_preset(name))
    title = custom_rulesets().get(name, {}).get("title") or name
    return gettext("{title} (uploaded)").format(title=title)


def resolve_ruleset(name: str | None) -> Ruleset | None:
    """The preset or this session's uploaded ruleset called ``name``; None when there is none (or it no longer loads).

    The one place a ruleset name becomes a :class:`Ruleset`: the sidebar, the Play page's choice and the rulesets
    kept in drill sessions and reviews all go through it.
    """
    custom = custom_rulesets()
    if name in custom:
        try:
            return ruleset_from_dict(dict(custom[name]), source=name)
        except RulesetError:
            return None
    if name in PRESETS:
        return load_preset(name)
    return None


def active_rules() -> Ruleset:
    """The ruleset chosen in the sidebar (the default preset when that name does not resolve)."""
    return resolve_ruleset(st.session_state.get(RULESET_KEY) or DEFAULT_PRESET) or load_preset(DEFAULT_PRESET)


def rules_named(name: str | None) -> Ruleset:
    """A preset or this session's uploaded ruleset by name; the active ruleset when the name does not resolve."""
    return resolve_ruleset(name) or active_rules()


def use_ruleset(name: str) -> None:
    """Make ``name`` the active ruleset (call from a callback, before the sidebar is drawn)."""
    if name in PRESETS or name in custom_rulesets():
        st.session_state[RULESET_KEY] = name


def link_params(name: str | None) -> dict[str, str]:
    """The query parameters that bring ruleset ``name`` back: ``ruleset``, and for an uploaded one ``rules``
    (its fields, :mod:`tutor.ruleset_link`), so a reload or a link opened elsewhere has the same ruleset."""
    if name in PRESETS:
        return {"ruleset": str(name)}
    rules = resolve_ruleset(name)
    if rules is None or name is None:
        return {}
    return {"ruleset": name, "rules": ruleset_link.encode(rules)}


def ruleset_from_link(name: str, code: str) -> str:
    """Keep the ruleset a link carries under the link's name (a preset's name is never taken over); returns the
    name. Raises :class:`RulesetError` when the code does not read."""
    rules = ruleset_link.decode(code, source=f"the link's ruleset {name!r}")
    if name in PRESETS:
        raise RulesetError(f"the link's ruleset {name!r} has the name of a preset")
    custom_rulesets()[name] = rules.to_dict()
    return name


def add_custom_ruleset(rules: Ruleset) -> str:
    """Keep an uploaded ruleset for this session under its own name; returns that name."""
    name = rules.name if rules.name not in PRESETS else f"{rules.name}-custom"
    custom_rulesets()[name] = rules.to_dict()
    return name


# ---- profile -------------------------------------------------------------------

def current_profile() -> Profile | None:
    pid = st.session_state.get(PROFILE_KEY)
    if pid is None:
        return None
    db = store(quiet=True)
    if db is None:
        return None
    try:
        return db.profile(pid)
    except StoreError:
        st.session_state[PROFILE_KEY] = None
        return None


def notice(message: str, kind: str = "info") -> None:
    """Queue a message for the top of the next run (callbacks cannot draw)."""
    st.session_state.setdefault(NOTICES_KEY, []).append((kind, message))


def show_notices() -> None:
    for kind, message in st.session_state.pop(NOTICES_KEY, []):
        getattr(st, kind)(message)


def once_key(name: str, session: MutableMapping | None = None) -> tuple[str, int]:
    """The widget key of the one-shot button ``name`` and the number of its current showing: its callback hands
    the number to :func:`take_once`, so a click applied twice (a double click, or Streamlit repeating a button's
    trigger after coalesced reruns) acts once, and a later showing gets a key of its own.

    >>> once_key("quiz_start", {"quiz_start#": 2})
    ('quiz_start_2', 2)
    """
    n = int((st.session_state if session is None else session).get(f"{name}#", 0))
    return f"{name}_{n}", n


def take_once(name: str, n: int, session: MutableMapping | None = None) -> bool:
    """Whether the click on showing ``n`` of ``name`` is the first to act (it then closes that showing).

    >>> ss = {}
    >>> take_once("quiz_start", 0, ss), take_once("quiz_start", 0, ss), take_once("quiz_start", 1, ss)
    (True, False, True)
    """
    ss = st.session_state if session is None else session
    if int(ss.get(f"{name}#", 0)) != n:
        return False
    ss[f"{name}#"] = n + 1
    return True
