"""Words: every English sentence the app, the command and the drills show about seats, winds, shanten,
results and reasons, built from data (seat numbers, ids, numbers) and the reader's "you".

Each literal lives here once, as a plain string in a pure function, so that a translation can wrap them in
one place. Modules by topic: :mod:`.seats` (winds, hand labels, who is "you"), :mod:`.shanten`,
:mod:`.results` (wins, draws, payments, sticks) and :mod:`.reasons` (the engine's seat references spoken
with names).

>>> cast = Cast(("You", "Bot A", "Bot B"), you=0)
>>> win_sentence(cast, seat=1, from_seat=0, tsumo=False, tile="5p", han=3, fu=40, yakuman=0, limit="")
'Bot A wins by ron on your 5p: 3 han 40 fu'
>>> speak("fold against seat 2's riichi", cast), shanten_text(1), hand_label(0, 1, 2)
("fold against Bot B's riichi", '1-shanten', 'East 2, 2 honba')
"""

from __future__ import annotations

from .reasons import seat_ref, speak
from .results import (
    DRAW_TITLES,
    PAYER_NAMES,
    RESULT_NAMES,
    draw_title,
    plural,
    sticks_text,
    tenpai_line,
    value_text,
    win_sentence,
    worth_text,
)
from .seats import (
    HONOUR_NAMES,
    LETTER_NAMES,
    WIND_LETTERS,
    WIND_NAMES,
    YOU,
    Cast,
    hand_label,
    honour_name,
    letter_name,
    voice,
    wind_name,
)
from .shanten import leaves_text, shanten_count, shanten_text, shape_text

__all__ = ["DRAW_TITLES", "HONOUR_NAMES", "LETTER_NAMES", "PAYER_NAMES", "RESULT_NAMES", "WIND_LETTERS", "WIND_NAMES",
           "YOU", "Cast", "draw_title", "hand_label", "honour_name", "leaves_text", "letter_name", "plural", "seat_ref",
           "shanten_count", "shanten_text", "shape_text", "speak", "sticks_text", "tenpai_line", "value_text", "voice", "wind_name",
           "win_sentence", "worth_text"]
