"""The sidebar's learner panel: sign in by name (and PIN), create a profile, keep it private.

Nobody sees a list of the learners on this server: a guest types a name to
sign in, and a PIN-protected profile opens only with its PIN. The browser
keeps a sign-in token in a cookie, so a reload or a shared link opened in
the same browser comes back signed in. A learner can download their whole
progress as a file; a club teacher imports such files on another machine.
"""

from __future__ import annotations

import functools
import json

import streamlit as st

from . import language, state
from .profile_file import MAX_FILE_BYTES, export_text, import_profile, read_profile_file
from .store import StoreError

COOKIE = "sanma_learner"
COOKIE_DAYS = 180
MB = 1024 * 1024
TOKEN_KEY = "learner_token"  # the sign-in token this session holds
_COOKIE_JS_KEY = "_learner_cookie_js"  # a cookie change to send to the browser on this run


def _remember(token: str | None) -> None:
    """Ask the browser to keep (or forget) the sign-in token on the next run."""
    st.session_state[TOKEN_KEY] = token
    st.session_state[_COOKIE_JS_KEY] = token or ""


def _write_cookie() -> None:
    if _COOKIE_JS_KEY not in st.session_state:
        return
    token = st.session_state.pop(_COOKIE_JS_KEY)
    age = COOKIE_DAYS * 86400 if token else 0
    value = json.dumps(f"{COOKIE}={token}; path=/; max-age={age}; SameSite=Strict")
    st.html(f"<script>document.cookie = {value};</script>", unsafe_allow_javascript=True)


def restore_from_cookie() -> None:
    """At the start of a run: a guest whose browser holds a valid token is signed in again."""
    if st.session_state.get(state.PROFILE_KEY) is not None or st.session_state.get("_learner_signed_out"):
        return
    token = st.context.cookies.get(COOKIE) if hasattr(st, "context") else None
    if not token:
        return
    db = state.store(quiet=True)
    profile = state.store_call(db.signed_in, token) if db is not None else None
    if profile is not None:
        st.session_state[state.PROFILE_KEY] = profile.id
        st.session_state[TOKEN_KEY] = token


def _signed_in(profile_id: int, token: str, message: str) -> None:
    st.session_state[state.PROFILE_KEY] = profile_id
    st.session_state.pop("_learner_signed_out", None)
    _remember(token)
    for key in ("signin_name", "signin_pin", "new_profile_name", "new_profile_pin"):
        st.session_state[key] = ""
    state.notice(message, "success")


def _sign_in() -> None:
    db = state.store(quiet=True)
    if db is None:
        return
    try:
        profile, token = db.sign_in(st.session_state.get("signin_name", ""), st.session_state.get("signin_pin", ""))
    except StoreError as exc:
        st.session_state["signin_pin"] = ""
        message = str(exc)
        state.notice(message[:1].upper() + message[1:] + ".", "error")
        return
    _signed_in(profile.id, token, language.tr().gettext("Signed in as {name}.").format(name=profile.name))


def _create_profile() -> None:
    db = state.store(quiet=True)
    if db is None:
        return
    name = st.session_state.get("new_profile_name", "")
    pin = st.session_state.get("new_profile_pin", "").strip()
    try:
        if db.profile_named(name) is not None:
            raise StoreError("that name is taken: choose another, or sign in")
        profile = db.create_profile(name)
        if pin:
            db.set_pin(profile.id, pin)
        profile, token = db.sign_in(profile.name, pin)
    except StoreError as exc:
        state.notice(str(exc), "error")
        return
    tr = language.tr()
    message = (tr.gettext("Profile {name!r} created and protected by your PIN: your answers are saved under it.") if pin
               else tr.gettext("Profile {name!r} created: your answers are saved under it."))
    _signed_in(profile.id, token, message.format(name=profile.name))


def _sign_out() -> None:
    db = state.store(quiet=True)
    token = st.session_state.get(TOKEN_KEY)
    if db is not None and token:
        state.store_call(db.sign_out, token)
    st.session_state[state.PROFILE_KEY] = None
    st.session_state["_learner_signed_out"] = True
    _remember(None)
    state.notice(language.tr().gettext("Signed out: you are a guest now (answers are not saved)."), "info")


def _set_pin() -> None:
    db = state.store(quiet=True)
    pid = st.session_state.get(state.PROFILE_KEY)
    if db is None or pid is None:
        return
    pin = st.session_state.get("profile_pin", "").strip()
    try:
        db.set_pin(pid, pin or None)
    except StoreError as exc:
        state.notice(str(exc), "error")
        return
    st.session_state["profile_pin"] = ""
    tr = language.tr()
    state.notice(tr.gettext("PIN set: this profile now opens only with it.") if pin else tr.gettext("PIN removed."), "success")


def _import_file() -> None:
    db = state.store(quiet=True)
    upload = st.session_state.get("profile_file")
    if db is None or upload is None:
        return
    try:
        data = read_profile_file(upload.getvalue())
        profile = import_profile(db, data, st.session_state.get("profile_import_name", "").strip() or None)
    except StoreError as exc:
        state.notice(f"{upload.name}: {exc}", "error")
        return
    st.session_state["profile_import_name"] = ""
    state.notice(language.tr().gettext("{file}: learner {name!r} imported with all their progress. Sign in to use it.").format(
        file=upload.name, name=profile.name), "success")


def render() -> None:
    """Draw the panel (inside the sidebar)."""
    _write_cookie()
    tr = language.tr()
    db = state.store()
    profile = state.current_profile()
    if profile is None:
        st.caption(tr.gettext("Guest: answers are not saved."))
        with st.popover(tr.gettext("Sign in"), disabled=db is None, use_container_width=True):
            st.text_input(tr.gettext("Name"), key="signin_name", max_chars=40)
            st.text_input(tr.gettext("PIN (if the profile has one)"), key="signin_pin", type="password", max_chars=12)
            st.button(tr.gettext("Sign in"), key="sign_in", on_click=_sign_in, type="primary")
        with st.popover(tr.gettext("New learner"), disabled=db is None, use_container_width=True):
            st.text_input(tr.gettext("Name"), key="new_profile_name", max_chars=40)
            st.text_input(tr.gettext("PIN (optional, 4–12 digits)"), key="new_profile_pin", type="password", max_chars=12)
            st.button(tr.gettext("Create profile"), key="create_profile", on_click=_create_profile)
        with st.popover(tr.gettext("Import a profile file"), disabled=db is None, use_container_width=True):
            st.file_uploader(tr.gettext("Profile file (.json)"), type=["json"], key="profile_file",
                             max_upload_size=MAX_FILE_BYTES // MB)
            st.text_input(tr.gettext("Import under another name (optional)"), key="profile_import_name", max_chars=40)
            st.button(tr.gettext("Import"), key="profile_import", on_click=_import_file)
        return
    st.markdown(tr.gettext("Learner: **{name}**").format(name=_escape(profile.name)))
    cols = st.columns(2)
    cols[0].button(tr.gettext("Sign out"), key="sign_out", on_click=_sign_out)
    with cols[1].popover(tr.gettext("Profile")):
        protected = db is not None and state.store_call(db.has_pin, profile.id)
        st.text_input(tr.gettext("New PIN (empty: remove the PIN)") if protected else tr.gettext("PIN (4–12 digits)"), key="profile_pin",
                      type="password", max_chars=12)
        st.button(tr.gettext("Save PIN"), key="save_pin", on_click=_set_pin)
        if db is not None:  # the file is built when the learner clicks, not on every run of every page
            st.download_button(tr.gettext("Download my progress"), functools.partial(export_text, db, profile.id),
                               file_name=f"sanma-profile-{profile.id}.json", mime="application/json",
                               key="profile_export")


def _escape(text: str) -> str:
    """A learner's name shown in Markdown: its characters are data, never markup."""
    return "".join(f"\\{c}" if c in "\\`*_{}[]()#+-.!|<>~" else c for c in text)
