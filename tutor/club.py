"""Club groups: a teacher's group, its join code, and the learners who agreed to share their progress with its
teacher (no Streamlit).

A learner shares only drill and lesson progress, only with the teacher of a group they joined, and only while they
are in it: leaving deletes the membership, and with it the teacher's access. Every read a teacher makes goes
through :meth:`Club.group` with the teacher's own id, so another teacher's group id opens nothing (the refusal is
the same whether the group exists or not). A PIN is never part of anything here.

>>> import tempfile, os
>>> from tutor.store import ProgressStore
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.db"))
>>> club = Club(store)
>>> teacher, kim = store.create_profile("Teacher"), store.create_profile("Kim")
>>> group = club.create_group(teacher.id, "Tuesday club")
>>> club.join(kim.id, group.join_code.lower(), agree=True).name
'Tuesday club'
>>> [p.name for p in club.members(teacher.id, group.id)]
['Kim']
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa

from sanma_core.i18n import N_, gettext

from .store import Answer, Profile, ProgressStore, StoreError, clean_name, iso, now_utc, parse_ts
from .store_schema import groups, memberships, profiles

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud and typed on a phone
CODE_LENGTH = 12  # 31**12: about 2**59 codes
JOIN_CODE_TTL = timedelta(days=14)
MAX_GROUP_NAME = 60
SHARED_SOURCES = ("drill", "lesson")  # what a member shares with the teacher
NOT_YOURS = N_("no group {gid} among the groups you teach")


@dataclass(frozen=True)
class Group:
    id: int
    teacher_id: int
    name: str
    join_code: str  # shown as XXXX-XXXX-XXXX
    code_expires: datetime


@dataclass(frozen=True)
class MemberProgress:
    """What a member shares with the group's teacher."""

    profile: Profile
    answers: list[Answer]  # drill and lesson answers only
    lessons: dict[str, tuple[int, int]]  # lesson id -> (furthest step, steps)


def new_join_code() -> str:
    """A fresh, unguessable join code (``secrets``), grouped in fours for reading aloud."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i:i + 4] for i in range(0, CODE_LENGTH, 4))


def normal_code(text: str) -> str:
    """A join code as typed (any case, spaces or dashes) in its stored form.

    >>> normal_code(" abcd efgh-jkmn ")
    'ABCD-EFGH-JKMN'
    """
    raw = "".join(c for c in str(text).upper() if c.isalnum())
    return "-".join(raw[i:i + 4] for i in range(0, len(raw), 4))


def _group(row) -> Group:
    return Group(row.id, row.teacher_id, row.name, row.join_code, parse_ts(row.code_expires))


class Club:
    """Groups and memberships, kept in the progress store's database."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store

    # ---- the teacher's side ---------------------------------------------------------

    def create_group(self, teacher_id: int, name: str, at: datetime | None = None) -> Group:
        """A new group taught by ``teacher_id``, with a join code valid for JOIN_CODE_TTL."""
        clean = clean_name(name)
        if not 1 <= len(clean) <= MAX_GROUP_NAME:
            raise StoreError(gettext("a group name is 1–{n} characters").format(n=MAX_GROUP_NAME))
        self.store.profile(teacher_id)  # the teacher is a learner profile like any other
        at = at or now_utc()
        with self.store.write() as con:
            gid = con.execute(sa.insert(groups).values(
                teacher_id=teacher_id, name=clean, join_code=new_join_code(), code_expires=iso(at + JOIN_CODE_TTL),
                created=iso(at))).inserted_primary_key[0]
        return self.group(teacher_id, int(gid))

    def groups_taught(self, teacher_id: int) -> list[Group]:
        with self.store.read() as con:
            rows = con.execute(sa.select(groups).where(groups.c.teacher_id == teacher_id).order_by(groups.c.id)).all()
        return [_group(r) for r in rows]

    def group(self, teacher_id: int, group_id: int) -> Group:
        """The group ``group_id`` if ``teacher_id`` teaches it; otherwise the same refusal whether it exists or not."""
        try:
            gid = int(group_id)
        except (TypeError, ValueError):
            raise StoreError(gettext("{group!r} is not a group number").format(group=group_id)) from None
        with self.store.read() as con:
            row = con.execute(sa.select(groups).where(groups.c.id == gid, groups.c.teacher_id == teacher_id)).first()
        if row is None:
            raise StoreError(gettext(NOT_YOURS).format(gid=gid))
        return _group(row)

    def renew_code(self, teacher_id: int, group_id: int, at: datetime | None = None) -> Group:
        """A new join code for the group (the old one stops working), valid for JOIN_CODE_TTL from ``at``."""
        group = self.group(teacher_id, group_id)
        at = at or now_utc()
        with self.store.write() as con:
            con.execute(sa.update(groups).where(groups.c.id == group.id)
                        .values(join_code=new_join_code(), code_expires=iso(at + JOIN_CODE_TTL)))
        return self.group(teacher_id, group.id)

    def members(self, teacher_id: int, group_id: int) -> list[Profile]:
        group = self.group(teacher_id, group_id)
        with self.store.read() as con:
            rows = con.execute(
                sa.select(profiles.c.id, profiles.c.name).join(memberships, memberships.c.profile_id == profiles.c.id)
                .where(memberships.c.group_id == group.id).order_by(sa.func.lower(profiles.c.name))).all()
        return [Profile(i, n) for i, n in rows]

    def shared_progress(self, teacher_id: int, group_id: int) -> list[MemberProgress]:
        """Each member's drill and lesson progress, for the group's own teacher only."""
        out = []
        for member in self.members(teacher_id, group_id):
            shared = [a for a in self.store.answers(member.id) if a.source in SHARED_SOURCES]
            out.append(MemberProgress(member, shared, self.store.lesson_progress(member.id)))
        return out

    # ---- the learner's side ---------------------------------------------------------

    def join(self, profile_id: int, code: str, *, agree: bool, at: datetime | None = None) -> Group:
        """Join the group whose code this is, agreeing to share drill and lesson progress with its teacher."""
        if not agree:
            raise StoreError(gettext("joining a group means sharing your drill and lesson progress with its teacher: "
                                     "tick the box to agree, or do not join"))
        at = at or now_utc()
        with self.store.read() as con:
            row = con.execute(sa.select(groups).where(groups.c.join_code == normal_code(code))).first()
        if row is None or parse_ts(row.code_expires) < at:
            raise StoreError(gettext("that join code opens no group, or it has expired: ask the teacher for the current "
                                     "code"))
        if row.teacher_id == profile_id:
            raise StoreError(gettext("you teach this group: learners join it with its code"))
        stmt = self.store.insert(memberships).values(group_id=row.id, profile_id=profile_id, shares_since=iso(at))
        with self.store.write() as con:
            con.execute(stmt.on_conflict_do_nothing())
        return _group(row)

    def groups_joined(self, profile_id: int) -> list[Group]:
        with self.store.read() as con:
            rows = con.execute(sa.select(groups).join(memberships, memberships.c.group_id == groups.c.id)
                               .where(memberships.c.profile_id == profile_id).order_by(groups.c.id)).all()
        return [_group(r) for r in rows]

    def leave(self, profile_id: int, group_id: int) -> None:
        """Leave a group: the membership, and with it the teacher's view of this learner, is deleted."""
        with self.store.write() as con:
            con.execute(sa.delete(memberships).where(memberships.c.group_id == int(group_id),
                                                     memberships.c.profile_id == profile_id))
