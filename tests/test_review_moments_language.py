"""Review moments in German and Spanish: every kind found in real games is said wholly in the language,
with the same moments and the same data as in English."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from english_check import leftover_english

from sanma_core.game.records import read_record
from sanma_core.i18n import speaking
from sanma_core.review.moments import MOMENT_KINDS, MomentFinder
from sanma_core.words import Cast, speak

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(scope="module")
def records() -> list[str]:
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        lines = [line for _, line in zip(range(100), fh, strict=False)]
    return lines[:30] + [lines[78]]  # the first games, and the one of the first 100 with a pon that broke the yaku


def _moments(records: list[str], lang: str) -> list:
    out = []
    with speaking(lang):
        for r in records:
            f = MomentFinder({0, 1, 2})
            read_record(r, "tenhou", observers=[f])
            out.extend(f.moments)
    return out


@pytest.fixture(scope="module")
def english(records):
    return _moments(records, "en")


@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_kind_of_moment_speaks_the_language_with_the_same_data(records, english, lang):
    spoken = _moments(records, lang)
    assert [(m.hand, m.seat, m.kind, m.step, m.data) for m in spoken] == \
        [(m.hand, m.seat, m.kind, m.step, m.data) for m in english]
    assert {m.kind for m in spoken} == set(MOMENT_KINDS)
    cast = Cast(("Ann", "Bot A", "Bot B"), you=None)
    texts = [speak(m.text, cast) for m in spoken]
    assert leftover_english(texts, lang) == []
    assert all("{" not in t and "seat " not in t for t in texts)
    assert sum(m.text != e.text for m, e in zip(spoken, english, strict=True)) == len(english)


def test_a_deal_in_says_the_points_as_the_language_writes_them(records):
    de = [m for m in _moments(records, "de") if m.kind == "deal_in" and m.data["paid"] >= 1000]
    assert de
    m = de[0]
    paid = f"{m.data['paid']:,}".replace(",", ".")
    assert m.text.startswith("Mit ") and f"{paid} gezahlt" in m.text
