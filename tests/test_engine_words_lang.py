"""The engine's words in German and Spanish: the same calls inside ``speaking(lang)`` give whole translated
sentences with the same numbers and tile codes; English stays as it was; ``sanma review --lang`` speaks the
language in its text form and leaves the JSON form as it is."""

from __future__ import annotations

import gzip
import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from sanma_core.commands.review import main as review_main
from sanma_core.i18n import po_path, speaking
from sanma_core.review.graded import Figures, option_text
from sanma_core.review.graded_words import definitions, figures_line, unmodelled_line
from sanma_core.rules import load_preset
from sanma_core.scoring.hand import WinInput, score_hand
from sanma_core.scoring.payments import final_placement, settle_win
from sanma_core.tiles import parse_tile, parse_tiles
from sanma_core.words import (
    Cast,
    draw_title,
    hand_label,
    leaves_text,
    shanten_text,
    shape_text,
    sticks_text,
    tenpai_line,
    value_text,
    win_sentence,
    worth_text,
)

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
CAST = Cast(("You", "Bot A", "Bot B"), you=0)
#: Words that read the same (the Japanese terms Spanish uses as English does).
SAME_AS_ENGLISH = {"de": [], "es": ["2× yakuman", "2-shanten"]}
WIN = {"tsumo": False, "tile": "5p", "han": 3, "fu": 40, "yakuman": 0, "limit": ""}


def numbers(text: str) -> list[str]:
    """The digit runs and tile codes of a text (what no translation may change)."""
    return re.findall(r"\d+[mpsz]|\d+", text.replace(".", "").replace(",", ""))


def test_win_sentences_are_whole_sentences_for_you_and_for_others():
    english = [win_sentence(CAST, seat=1, from_seat=0, **WIN), win_sentence(CAST, seat=0, from_seat=2, **WIN),
               win_sentence(CAST, seat=1, from_seat=2, **WIN)]
    assert english == ["Bot A wins by ron on your 5p: 3 han 40 fu", "You win by ron on Bot B's 5p: 3 han 40 fu",
                       "Bot A wins by ron on Bot B's 5p: 3 han 40 fu"]
    with speaking("de"):
        de = [win_sentence(CAST, seat=1, from_seat=0, **WIN), win_sentence(CAST, seat=0, from_seat=2, **WIN),
              win_sentence(CAST, seat=1, from_seat=2, **WIN),
              win_sentence(CAST, seat=0, from_seat=0, **{**WIN, "tsumo": True, "limit": "mangan"})]
    assert de == ["Bot A gewinnt mit Ron auf dein 5p: 3 Han 40 Fu", "Du gewinnst mit Ron auf 5p von Bot B: 3 Han 40 Fu",
                  "Bot A gewinnt mit Ron auf 5p von Bot B: 3 Han 40 Fu", "Du gewinnst mit Tsumo auf 5p: 3 Han 40 Fu (Mangan)"]
    with speaking("es"):
        es = win_sentence(CAST, seat=1, from_seat=0, **WIN)
    assert es == "Bot A gana por ron con tu 5p: 3 han 40 fu"
    assert [numbers(t) for t in de[:3]] == [numbers(t) for t in english]


@pytest.mark.parametrize("lang", ["de", "es"])
def test_results_shanten_and_labels_keep_their_numbers(lang):
    calls = [lambda: value_text(13, 40, 2, "yakuman"), lambda: worth_text(2, 30, 0, 2000),
             lambda: tenpai_line((True, False, False), CAST), lambda: sticks_text(2, None, CAST),
             lambda: sticks_text(1, 0, CAST), lambda: sticks_text(3, 1, CAST), lambda: shanten_text(2),
             lambda: shape_text(1, 12), lambda: leaves_text("Kita", 1, ["3p", "6p"], 12),
             lambda: leaves_text("Kita", 0, ["3p"], 3), lambda: hand_label(1, 2, 3), lambda: draw_title("four_kans")]
    english = [c() for c in calls]
    with speaking(lang):
        spoken = [c() for c in calls]
    for en, other in zip(english, spoken, strict=True):
        assert numbers(other) == numbers(en), (en, other)
    same = [en for en, other in zip(english, spoken, strict=True) if en == other]
    assert same == SAME_AS_ENGLISH[lang], f"{lang}: not translated {same}"
    assert shanten_text(-1) == "complete" and hand_label(0, 0, 0) == "East 1"


def test_numbers_in_points_are_written_as_the_language_writes_them():
    with speaking("de"):
        assert worth_text(3, 40, 0, 5200) == "3 Han 40 Fu, 5.200 Punkte"
    with speaking("es"):
        assert worth_text(3, 40, 0, 5200) == "3 han 40 fu, 5.200 puntos"
    assert worth_text(3, 40, 0, 5200) == "3 han 40 fu, 5,200 points"


@pytest.mark.parametrize("lang", ["de", "es"])
def test_payment_and_placement_steps_are_translated_with_the_same_arithmetic(lang):
    rules = load_preset("tenhou")
    cases = [(5, 30, False, True, 0, 2, 1), (3, 40, True, False, 0, 1, 0), (2, 30, False, True, 0, 0, 0),
             (13, 40, False, False, 1, 0, 0), (4, 30, False, False, 0, 0, 0)]
    for han, fu, dealer, tsumo, yakuman, honba, sticks in cases:
        english = settle_win(rules, han, fu, dealer, tsumo, yakuman, honba, sticks)
        with speaking(lang):
            spoken = settle_win(rules, han, fu, dealer, tsumo, yakuman, honba, sticks)
        assert spoken.payments == english.payments and spoken.total == english.total
        assert [numbers(s) for s in spoken.steps] == [numbers(s) for s in english.steps]
        assert any(a != b for a, b in zip(spoken.steps, english.steps, strict=True))
    english = final_placement(rules, [50000, 30000, 25000], leftover_sticks=1)
    with speaking(lang):
        spoken = final_placement(rules, [50000, 30000, 25000], leftover_sticks=1)
    assert [p.score for p in spoken] == [p.score for p in english]
    assert [[numbers(s) for s in p.steps] for p in spoken] == [[numbers(s) for s in p.steps] for p in english]


def test_yaku_names_follow_the_glossary_and_the_ids_stay():
    win = WinInput(tuple(parse_tiles("234p456p678s22p555s")), parse_tile("5s"), tsumo=True, riichi=True)
    english = score_hand(win, load_preset()).explanation
    with speaking("de"):
        de = score_hand(win, load_preset()).explanation
    assert [y["id"] for y in de["yaku"]] == [y["id"] for y in english["yaku"]]
    names = {y["id"]: y["name"] for y in de["yaku"]}
    assert names["riichi"] == "Riichi" and names["tanyao"] == "Tanyao" and names["menzen_tsumo"] == "Menzen Tsumo"
    assert {y["id"]: y["name"] for y in english["yaku"]}["tanyao"] == "All simples"


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_grading_words_are_translated(lang):
    f = Figures(2, (("agrees", 1), ("fine", 0), ("mistake", 1), ("big mistake", 0)), 1.2)
    english = figures_line(f), option_text("pass", 33), unmodelled_line({"kan": 3}), definitions()
    with speaking(lang):
        spoken = figures_line(f), option_text("pass", 33), unmodelled_line({"kan": 3}), definitions()
    assert numbers(spoken[0]).count("50") == numbers(english[0]).count("50") == 1
    assert "7z" in spoken[1] and spoken[1] != english[1] and spoken[2] != english[2]
    assert set(spoken[3]) == set(english[3]) and all(spoken[3][k] != english[3][k] for k in english[3])
    assert "%" in spoken[3]["mistakes_per_100"]


def _literal_fragments(lang: str) -> list[str]:
    """The English text between the placeholders of every catalogue message translated otherwise, where it is a
    few words long (what a sentence left in English would show)."""
    with po_path(lang).open("rb") as fh:
        catalogue = read_po(fh)
    fragments = []
    for m in catalogue:
        if not m.id or not m.string:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for text in ids:
            if text in strings:
                continue
            literal = max((lit for lit, *_ in string.Formatter().parse(text)), key=len, default="")
            if len(literal.strip()) >= 14 and " " in literal.strip():
                fragments.append(literal.strip())
    return fragments


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    with gzip.open(DATA / "tenhou-phoenix-dev.jsonl.gz", "rt", encoding="utf-8") as fh:
        game = json.loads(next(fh))
    path = tmp_path_factory.mktemp("review") / "g.json"
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(("lang", "sentences"), [
    ("de", ["Punkteänderungen:", "Grundpunkte", "die Aufzeichnung stimmt überein", "Platz 1 (B)"]),
    ("es", ["cambios de puntos:", "base ×", "el registro coincide", "asiento 1 (B)"]),
])
def test_sanma_review_speaks_the_language_in_its_text(record, capsys, lang, sentences):
    assert review_main([str(record), "--player", "B", "--no-decisions", "--lang", lang]) == 0
    text = capsys.readouterr().out
    assert all(s in text for s in sentences), text[:2000]
    left = sorted({f for f in _literal_fragments(lang) if f in text})
    assert not left, f"{lang}: English sentences left in the review: {left}"


def test_sanma_review_json_is_the_same_with_or_without_a_language(record, capsys):
    assert review_main([str(record), "--player", "B", "--no-decisions", "--json"]) == 0
    english = capsys.readouterr().out
    assert review_main([str(record), "--player", "B", "--no-decisions", "--json", "--lang", "de"]) == 0
    assert capsys.readouterr().out == english
    assert review_main([str(record), "--player", "B", "--no-decisions"]) == 0
    assert "score changes:" in capsys.readouterr().out
