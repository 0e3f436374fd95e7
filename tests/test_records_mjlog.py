"""Tenhou mjlog XML -> tenhou.net/6 JSON: the 20 real Phoenix games, and bad input."""

import contextlib
import gzip
import json
import random
import re
from functools import cache
from pathlib import Path

import pytest

from sanma_core.game.mjai import RecordError
from sanma_core.game.mjlog import MAX_BYTES, mjlog_to_tenhou6

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
XML_DIR = DATA / "tenhou-phoenix-dev-xml"
XML_FILES = sorted(XML_DIR.glob("phoenix-dev-*.xml"))


@cache
def json_games() -> dict[str, dict]:
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as f:
        return {g["id"]: g for g in map(json.loads, f)}


@cache
def xml_text(name: str = "phoenix-dev-001") -> str:
    return (XML_DIR / f"{name}.xml").read_text(encoding="utf-8")


def test_the_twenty_games_are_there():
    assert len(XML_FILES) == 20


@pytest.mark.parametrize("path", XML_FILES, ids=lambda p: p.stem)
def test_xml_game_converts_to_the_json_game(path):
    want = json_games()[path.stem]
    got = mjlog_to_tenhou6(path.read_text(encoding="utf-8"))
    assert len(got["log"]) == len(want["log"])
    for i, (hand, expected) in enumerate(zip(got["log"], want["log"], strict=True)):
        assert hand == expected, f"hand {i}"
    for key in ("name", "rule", "sc", "ver", "lobby", "dan", "rate", "sx"):
        assert got[key] == want[key], key
    assert list(got) == [k for k in want if k != "id"]  # every key the download has, in its order


def test_calls_use_the_four_seat_slot_rule():
    """Seat 0 calling from seat 2 puts the letter in the middle; seat 1 from seat 0 first; seat 0 from 1 last."""
    calls = {}
    for path in XML_FILES:
        for hand in mjlog_to_tenhou6(path.read_text(encoding="utf-8"))["log"]:
            for seat in range(3):
                for x in hand[5 + 3 * seat]:
                    if isinstance(x, str) and "p" in x:
                        calls.setdefault(seat, set()).add(x.index("p"))
    assert calls == {0: {2, 4}, 1: {0, 4}, 2: {0, 2}}


def test_red_fives_sort_after_the_plain_fives_in_a_deal():
    hand = mjlog_to_tenhou6(xml_text("phoenix-dev-002"))["log"][0][10]
    assert hand == [11, 25, 32, 34, 34, 35, 53, 36, 37, 37, 44, 46, 46]


def raises(text: str, *fragments: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        mjlog_to_tenhou6(text)
    for fragment in fragments:
        assert fragment in str(info.value), (fragment, str(info.value))
    return info.value


def test_truncated_xml_names_the_hand_and_the_last_element():
    text = xml_text()
    cut = text.index('<INIT seed="1,0,0')
    raises(text[: cut + 500], "East 2", "truncated", "after <U47/>")
    raises(text[: text.index("<T35/>")], "East 2", "truncated", "after <F90/>")


@pytest.mark.parametrize("garbage", ["", "hello", '{"log": []}', "<mjloggm", "\x00\x01"])
def test_garbage_is_refused(garbage):
    raises(garbage, "before the first hand")


def test_wrong_root_and_nested_elements():
    raises("<foo/>", "<foo/>", "expected the root element <mjloggm>")
    raises(xml_text().replace("<T82/>", "<T82><D1/></T82>", 1), "East 1", "<D1/>")


def test_unknown_tag():
    raises(xml_text().replace("<T82/>", '<XYZ a="1"/>', 1), "East 1", '<XYZ a="1"/>', "unknown element")


def test_undecodable_meld_codes():
    text = xml_text()
    e = raises(text.replace('m="31264"', 'm="65535"', 1), "East 1", '<N who="1" m="65535"/>',
               "cannot be decoded")
    assert e.index == 17 and e.hand == "East 1"  # the element's position in the document
    raises(text.replace('m="31264"', 'm="31268"', 1), '<N who="1" m="31268"/>', "chi")  # a chi
    raises(text.replace('m="31264"', 'm="66000"', 1), '<N who="1" m="66000"/>', "cannot be decoded")
    raises(text.replace('m="31264"', 'm="abc"', 1), '<N who="1" m="abc"/>', "integers")


def test_malformed_attributes():
    text = xml_text()
    raises(text.replace('seed="1,0,0,4,3,82"', 'seed="1,0"'), "hand 3", '<INIT seed="1,0"', "6 integers")
    raises(text.replace('<N who="1" m="30752" />', '<N m="30752" />', 1), "East 2", "missing attribute 'who'")
    raises(text.replace("<T82/>", "<T200/>", 1), "East 1", "<T200/>", "0-135")
    raises(text.replace("<T82/>", "<W82/>", 1), "East 1", "<W82/>", "seat 0-2")
    raises(text.replace('owari="700', 'owari="x'), "South 3, 2 honba", "<AGARI", "owari")
    raises(text.replace('type="185"', 'type="169"'), "<GO", "three-player")


def test_missing_final_scores_and_oversize_input():
    text = xml_text()
    raises(text[: text.index(" owari")] + "/></mjloggm>", "South 3, 2 honba", "owari")
    raises("<" + "a" * (MAX_BYTES + 1), "5 MB")


def test_only_record_errors_escape():
    """Cut or corrupt a real game anywhere: the reader says RecordError, never KeyError/ValueError/ParseError."""
    text = xml_text("phoenix-dev-003")
    rng = random.Random(7)
    for cut in rng.sample(range(len(text)), 150):
        with pytest.raises(RecordError):
            mjlog_to_tenhou6(text[:cut])
    numbers = [m.span() for m in re.finditer(r"\d+", text)]
    for start, end in rng.sample(numbers, 150):
        broken = text[:start] + rng.choice(["-1", "999999", "x", "", "1,2", "9" * 5000]) + text[end:]
        with contextlib.suppress(RecordError):
            mjlog_to_tenhou6(broken)
