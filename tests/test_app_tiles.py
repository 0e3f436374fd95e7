"""The SVG tile renderer and the printable cheat sheet (no Streamlit needed)."""

import re

from sanma_core.melds import parse_meld
from sanma_core.rules import load_preset
from sanma_core.tiles import RED_5P, RED_5S, SANMA_KINDS, parse_tiles
from tutor.cheatsheet import cheat_sheet_html, payment_rows, rule_notes
from tutor.tiles_svg import TableView, all_faces, table_html, tile_svg, tiles_html

MAHJONG_BLOCK = re.compile("[\U0001F000-\U0001F02B]")


def test_every_sanma_face_is_drawn_and_distinct():
    faces = list(all_faces())
    assert len(faces) == 29 and set(SANMA_KINDS) <= set(faces) and {RED_5P, RED_5S} <= set(faces)
    svgs = {tile_svg(t, label=False) for t in faces}
    assert len(svgs) == 29  # no two faces look the same, labels aside
    for t in faces:
        svg = tile_svg(t)
        assert svg.startswith("<svg") and svg.endswith("</svg>") and not MAHJONG_BLOCK.search(svg)


def test_red_fives_are_red_and_plain_fives_are_not_all_red():
    red, plain = tile_svg(RED_5P, label=False), tile_svg(13, label=False)
    assert red.count("#d0312d") > plain.count("#d0312d")


def test_sideways_tile_swaps_width_and_height():
    up, side = tile_svg(13), tile_svg(13, sideways=True)
    w, h = map(int, re.search(r'width="(\d+)" height="(\d+)"', up).groups())
    assert re.search(rf'width="{h}" height="{w}"', side) and "rotate(90)" in side


def test_table_shows_melds_kita_and_indicators():
    view = TableView(hand=tuple(parse_tiles("123p")), melds=(parse_meld("pon:777z"), parse_meld("ankan:1111s")),
                     kita=3, indicators=tuple(parse_tiles("3z")), win_tile=parse_tiles("3p")[0])
    html = table_html(view)
    assert html.count('alt="4z"') == 3 and "kita × 3" in html
    assert html.count('alt="back"') == 2  # a closed kan shows its two outer tiles face down
    assert len(re.findall(r'<img class="[^"]*\bsm-side\b', html)) == 1  # one called tile turned
    assert "dora indicators" in html and html.count("sm-win") == 2  # the winning tile outlined (+ its CSS rule)
    assert not MAHJONG_BLOCK.search(html)


def test_tiles_html_keeps_order_and_alt_text():
    html = tiles_html(parse_tiles("9m0s1z"))
    assert re.findall(r'alt="([^"]+)"', html) == ["9m", "0s", "1z"]


def test_cheat_sheet_follows_the_ruleset():
    tenhou, club = load_preset("tenhou"), load_preset("club")
    mangan = {r.label: r for r in payment_rows(tenhou)}["Mangan"]
    assert (mangan.nondealer_ron, mangan.nondealer_tsumo, mangan.dealer_tsumo) == (8000, "4000 + 2000 = 6000",
                                                                                    "4000 each = 8000")
    assert mangan.four_player_nondealer_tsumo == "4000 + 2 × 2000 = 8000"
    bisection = tenhou.replace(tsumo_payment="north_bisection")
    assert {r.label: r for r in payment_rows(bisection)}["Mangan"].nondealer_tsumo == "5000 + 3000 = 8000"
    assert "Nobody may ron a North set aside." in rule_notes(club)["Kita (North set aside)"]
    html = cheat_sheet_html(club)
    assert html.startswith("<!doctype html>") and "+1000 on a ron" in html and "Club" in html
