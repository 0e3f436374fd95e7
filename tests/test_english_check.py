"""The English-left-on-the-page check finds catalogue pieces and English words, and passes German and Spanish."""

from english_check import english_pieces, leftover_english


def test_a_catalogue_sentence_is_found_in_pieces_cut_at_placeholders_and_punctuation():
    assert "Change it in the sidebar" in english_pieces("de")
    found = leftover_english(["Regelwerk: Change it in the sidebar"], "de")
    assert "catalogue: Change it in the sidebar" in found


def test_english_words_are_found_and_german_and_spanish_sentences_pass():
    assert leftover_english(["Bot A wirft 9p ab, weil der Riichi droht"], "de") == []
    assert leftover_english(["Bot A descarta 9p: no hay nada seguro"], "es") == []
    assert "english word: your (fold against your riichi)" in leftover_english(["fold against your riichi"], "es")


def test_pieces_match_whole_words_and_each_language_keeps_its_own_words():
    piece = "Change it in the sidebar"
    assert f"catalogue: {piece}" in leftover_english([f"({piece})"], "de")
    assert not any(f.startswith("catalogue") for f in leftover_english([f"X{piece}s"], "de"))
    assert leftover_english(["Weißt du, was der Geber zahlt?"], "de") == []
    assert leftover_english(["¿Has ganado con tsumo?"], "es") == []
    assert "english word: was (Bot A was here)" in leftover_english(["Bot A was here"], "es")
