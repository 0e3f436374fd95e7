"""Club groups on both backends: unguessable expiring join codes, consent to share, leaving deletes the sharing, a
teacher reaches only their own groups; the teacher's figures."""

import re
from datetime import UTC, datetime, timedelta

import pytest

from tutor.club import CODE_ALPHABET, JOIN_CODE_TTL, NOT_YOURS, Club
from tutor.club_report import group_report
from tutor.store import Answer, ProgressStore, StoreError

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _answer(concept, correct, source="drill", ts=T0):
    return Answer(source=source, topic=concept.split(".")[0], concept=concept, correct=correct, ts=ts)


@pytest.fixture()
def club(db_url):
    return Club(ProgressStore(db_url))


def test_join_codes_are_unguessable_and_expire(club):
    store = club.store
    teacher, kim = store.create_profile("Teacher"), store.create_profile("Kim")
    made = [club.create_group(teacher.id, f"G{i}", at=T0) for i in range(8)]
    codes = {g.join_code for g in made}
    assert len(codes) == 8
    assert all(re.fullmatch(rf"[{CODE_ALPHABET}]{{4}}-[{CODE_ALPHABET}]{{4}}-[{CODE_ALPHABET}]{{4}}", c) for c in codes)
    group = made[0]
    assert group.code_expires == T0 + JOIN_CODE_TTL
    with pytest.raises(StoreError, match="expired"):
        club.join(kim.id, group.join_code, agree=True, at=T0 + JOIN_CODE_TTL + timedelta(seconds=1))
    renewed = club.renew_code(teacher.id, group.id, at=T0 + JOIN_CODE_TTL)
    with pytest.raises(StoreError, match="opens no group"):  # the old code stopped working
        club.join(kim.id, group.join_code, agree=True, at=T0 + JOIN_CODE_TTL)
    assert club.join(kim.id, renewed.join_code.replace("-", " ").lower(), agree=True, at=T0 + JOIN_CODE_TTL).id == group.id
    with pytest.raises(StoreError, match="opens no group"):
        club.join(kim.id, "AAAA-AAAA-AAAA", agree=True)


def test_joining_needs_consent_and_shares_only_drill_and_lesson_progress(club):
    store = club.store
    teacher, kim, ann = (store.create_profile(n) for n in ("Teacher", "Kim", "Ann"))
    store.set_pin(kim.id, "2468")
    group = club.create_group(teacher.id, "Tuesday")
    with pytest.raises(StoreError, match="tick the box to agree"):
        club.join(kim.id, group.join_code, agree=False)
    assert club.members(teacher.id, group.id) == []
    club.join(kim.id, group.join_code, agree=True)
    club.join(kim.id, group.join_code, agree=True)  # twice is once
    for answer in (_answer("fu.x", True), _answer("lesson.kita.q1", False, source="lesson"),
                   _answer("payment.x", False, source="review")):
        store.record_answer(kim.id, answer)
    store.record_answer(ann.id, _answer("fu.x", False))  # not a member: never shown
    store.save_lesson_step(kim.id, "kita", 2, 4)
    [shared] = club.shared_progress(teacher.id, group.id)
    assert shared.profile == kim
    assert sorted(a.concept for a in shared.answers) == ["fu.x", "lesson.kita.q1"]
    assert shared.lessons == {"kita": (2, 4)}
    salt, digest = store.pin_record(kim.id)
    assert salt not in repr(shared) and digest not in repr(shared)
    with pytest.raises(StoreError, match="you teach this group"):
        club.join(teacher.id, group.join_code, agree=True)


def test_leaving_deletes_the_sharing(club):
    store = club.store
    teacher, kim = store.create_profile("Teacher"), store.create_profile("Kim")
    group = club.create_group(teacher.id, "Tuesday")
    club.join(kim.id, group.join_code, agree=True)
    store.record_answer(kim.id, _answer("fu.x", True))
    assert [g.id for g in club.groups_joined(kim.id)] == [group.id]
    club.leave(kim.id, group.id)
    assert club.shared_progress(teacher.id, group.id) == [] and club.groups_joined(kim.id) == []
    assert [a.concept for a in store.answers(kim.id)] == ["fu.x"]  # the learner's own progress stays theirs


def test_a_teacher_reaches_only_their_own_groups(club):
    store = club.store
    sato, mori, kim, ann = (store.create_profile(n) for n in ("Sato", "Mori", "Kim", "Ann"))
    sato_group, mori_group = club.create_group(sato.id, "Sato's"), club.create_group(mori.id, "Mori's")
    club.join(kim.id, sato_group.join_code, agree=True)
    club.join(ann.id, mori_group.join_code, agree=True)
    missing = mori_group.id + 100
    for gid in (mori_group.id, missing, str(mori_group.id)):
        for call in (club.group, club.members, club.shared_progress, club.renew_code):
            with pytest.raises(StoreError) as info:
                call(sato.id, gid)
            # the same refusal for another teacher's group and for no group at all
            assert str(info.value) == NOT_YOURS.format(gid=int(gid))
    with pytest.raises(StoreError, match="not a group number"):
        club.group(sato.id, "1 OR 1=1")
    assert [p.name for p in club.members(sato.id, sato_group.id)] == ["Kim"]  # never another group's members
    assert [g.name for g in club.groups_taught(sato.id)] == ["Sato's"]


def test_the_group_report():
    from tutor.club import MemberProgress
    from tutor.store import Profile

    now = T0 + timedelta(days=10)
    kim = MemberProgress(Profile(1, "Kim"), [_answer("fu.x", False), _answer("fu.x", False),
                                              _answer("kita.y", True, ts=now - timedelta(days=1))], {"kita": (1, 3)})
    ann = MemberProgress(Profile(2, "Ann"), [_answer("fu.x", True), _answer("kita.y", False)], {})
    bob = MemberProgress(Profile(3, "Bob"), [], {})
    report = group_report([kim, ann, bob], at=now)
    assert report.learners == ["Kim", "Ann", "Bob"]
    assert report.concepts == ["fu.x", "kita.y"]  # most answered first
    assert report.right_share == [[0.0, 1.0], [1.0, 0.0], [None, None]]
    assert report.counts == [[2, 1], [1, 1], [0, 0]]
    assert [(m.concept, m.wrong, m.answers, m.learners) for m in report.most_missed] == [("fu.x", 2, 3, 1),
                                                                                      ("kita.y", 1, 2, 1)]
    assert report.idle == ["Ann", "Bob"]  # Kim answered yesterday; Ann ten days ago; Bob never
    assert report.lessons["Kim"] == {"kita": (1, 3)}
