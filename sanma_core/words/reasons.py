"""The bots' reasons: each one a message with named fields, written in English as data (a decision's
``reason``, records, ``--json``) and said at the edge by :func:`speak` in the language spoken now, with the
players' names ("you", "your" for the reader).

The engine refers to a seat by number (``seat 2``, written by :func:`seat_ref`); :func:`reason` fills a
message's fields from data (a shanten as a number, a share as a probability, a threat as its seat and
kind). :func:`speak` reads a reason back into its message and fields (every message here is known, so
a reason kept in an old record reads in German or Spanish too) and says each field the reader's way.

>>> from .seats import Cast
>>> seat_ref(2), seat_ref(2, possessive=True)
('seat 2', "seat 2's")
>>> speak("fold against seat 2's riichi, then seat 1", Cast(("You", "Bot A", "Bot B"), you=0))
"fold against Bot B's riichi, then Bot A"
>>> speak("push against seat 0's riichi", Cast(("You", "Bot A", "Bot B"), you=0))
'push against your riichi'
>>> text = reason(FOLD, shanten=2, against=(1, "riichi"), danger=reason(DANGER_SUJI, tile="4p"))
>>> text
"fold: 2-shanten against seat 1's riichi; 4p is suji: both-sided waits on it are ruled out"
>>> from ..i18n import speaking
>>> with speaking("de"):
...     speak(text, Cast(("You", "Bot A", "Bot B"), you=0))
'Aussteigen: 2-Shanten gegen das Riichi von Bot A; 4p ist Suji: beidseitige Wartesteine darauf sind ausgeschlossen'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..i18n import DEFAULT_LANGUAGE, N_, current, gettext, number, percent
from .features import feature_words
from .seats import Cast
from .shanten import shanten_count, shanten_text

_SEAT_REF = re.compile(r"\bseat ([0-2])('s)?")


def seat_ref(seat: int, possessive: bool = False) -> str:
    """How engine text refers to a seat before names are known: ``seat 2`` (``seat 2's``)."""
    return f"seat {seat}" + ("'s" if possessive else "")


# ---- the messages ---------------------------------------------------------------------------------
# A field's name says what it holds (see _FIELDS): tile, tiles, a number (n, han, live, steps, kinds, widest,
# seen, points, dama), share, shanten / before / after (tenpai or n-shanten), distance (n-shanten, 0 too),
# against (a threat), a word of a list (category, plan, what, kan, isolated) or a phrase of a group.

# responses and the turn (sanma_core.bots.levels)
RON = N_("ron on {tile}: the hand is complete")
NO_OPEN_KAN = N_("pass on {tile}: an open kan gains nothing here")
TSUMO = N_("tsumo: the hand is complete")
ABORT = N_("abort: nine or more terminals and honours, {steps} steps from thirteen orphans")
KITA = N_("kita: North set aside for {han} han and a replacement draw")
RIICHI_DISCARD = N_("riichi: the drawn {tile} goes out")
KAN = N_("{kan} of {tile}: the hand keeps its shape and gets a replacement draw")
PUSH = N_("push {against}: discard {tile}, {shape}, the safer way")
CAREFUL = N_("careful {against}: discard {tile} ({category}), {shape}")
FOLD = N_("fold: {shanten} {against}; {danger}")
DISCARD = N_("discard {tile}: {shape}")
FORCED = N_("the only legal action")
# the shape a discard leaves
SHAPE_TENPAI = N_("tenpai waiting on {tiles} ({live} left)")
SHAPE_STAYS = N_("stays {shanten} with {live} useful tiles")
SHAPE = N_("{shanten} with {live} useful tiles")
SHAPE_WORTH = N_("{base}, fewer than the widest choice's {widest} but worth more")
# keep the North (sanma_core.bots.policies)
KEEP_NORTH_ORPHANS = N_("keep North: thirteen orphans needs it ({distance})")
KEEP_NORTH_PAIRS = N_("keep North: the North pair counts for seven pairs ({distance})")
KEEP_NORTH_HONOURS = N_("keep North: an honour-heavy hand uses the North pair")
KEEP_NORTH_PAIR = N_("keep North: the North pair is part of a {shanten} hand")
KEEP_NORTH_TRIPLET = N_("keep North: the North triplet is part of a {shanten} hand")
# pon or pass: the reason after "pon 5z: " / "pass on 5z: "
PON_YAKUHAI = N_("yakuhai, {before} → {after}")
PON_SECURED = N_("the yaku is secured, {before} → {after}")
PON_TOWARD = N_("toward {plan}, {before} → {after}")
PASS_EASY = N_("an easy bot keeps its hand closed")
PASS_THREAT = N_("{what} against riichi at {shanten}")
PASS_NOT_CLOSER = N_("the pon would not bring the hand closer")
PASS_NO_YAKU = N_("after the pon no yaku would be close ({plan})")
SHANTEN_CHANGE = N_("{before} → {after}")
PON = N_("pon {tile}: {pon_why}")
PASS = N_("pass on {tile}: {pass_why}")
# riichi or dama
RIICHI = N_("riichi with {tile}: waiting on {tiles} ({live} left)")
DAMA_VALUE = N_("dama with {tile}: waiting on {tiles}, already about {points} points without riichi")
DAMA_THIN = N_("dama with {tile}: few tiles left and a thin wait")
RIICHI_VALUE = N_("riichi with {tile}: waiting on {tiles} ({live} left), about {points} points with riichi "
                  "against {dama} dama")
# the models fitted on strong players' games (sanma_core.bots.learned_bot)
DISCARD_LEARNED = N_("discard {tile}: {shape} ({features}, as strong players weigh it)")
NO_RIICHI = N_("no riichi (strong players decline it here {share} of the time)")
RIICHI_MODEL = N_("riichi with {tile}: waiting on {tiles} ({live} left); strong players declare here {share} of the "
                  "time{why}")
DAMA_MODEL = N_("dama with {tile}: waiting on {tiles} ({live} left); strong players stay dama here {share} of the "
                "time{why}")
ABORT_MODEL = N_("abort: {kinds} kinds of terminals and honours, {steps} steps from thirteen orphans; strong players "
                 "abort here {share} of the time{why}")
PLAY_ON_MODEL = N_("play on with {kinds} kinds of terminals and honours: strong players play on here {share} of the "
                   "time{why}")
KITA_MODEL = N_("kita: North set aside for {han} han and a replacement draw; strong players set it aside here "
                "{share} of the time{why}")
KEEP_NORTH_MODEL = N_("keep North: strong players keep it here {share} of the time{why}")
KAN_MODEL = N_("{kan} of {tile}: strong players make it here {share} of the time{why}")
NO_KAN_MODEL = N_("no {kan} of {tile}: strong players leave it here {share} of the time{why}")
PON_MODEL = N_("pon {tile}: {detail}; strong players call here {share} of the time{why}")
PON_MODEL_PLAIN = N_("pon {tile}: strong players call here {share} of the time{why}")
PASS_MODEL = N_("pass on {tile}: {detail}; strong players pass here {share} of the time{why}")
PASS_MODEL_PLAIN = N_("pass on {tile}: strong players pass here {share} of the time{why}")
DECIDED = N_(" (what decided: {features})")
NOTHING_DECIDED = ""
# how dangerous a discard is (sanma_core.bots.safety)
DANGER_GENBUTSU = N_("{tile} is safe: the threat cannot ron it")
DANGER_ALL_VISIBLE = N_("all four {tile} are visible")
DANGER_ISOLATED = N_("{tile} ({isolated}), {seen} visible: only a pair or single wait")
DANGER_SUJI = N_("{tile} is suji: both-sided waits on it are ruled out")
DANGER_NO_CHANCE = N_("{tile}: its neighbours are all visible (no chance)")
DANGER_OTHER = N_("{tile} is not covered: sequences could wait on it")

#: The words a field of a list holds, in English (the reason's data), marked for translation.
CLOSED_KAN, ADDED_KAN = N_("closed kan"), N_("added kan")
NOT_CALLING_AGAIN, NOT_OPENING = N_("not calling again"), N_("not opening the hand")
HONOUR, ISOLATED_TERMINAL = N_("honour"), N_("terminal with no sequences in sanma")
NO_PLAN = N_("none")
#: Danger categories by the engine's id, as a reason writes them.
CATEGORY_WORDS = {"genbutsu": N_("genbutsu"), "honour": N_("honour"), "suji": N_("suji"),
                  "no_chance": N_("no-chance"), "other": "other"}  # "other": said as SAID_AS says
#: Yaku plans of an open hand by the engine's id.
PLAN_WORDS = {"toitoi": N_("toitoi"), "tanyao": N_("tanyao"), "honitsu": N_("honitsu"), "yakuhai": N_("yakuhai")}
#: A threat after "against", by its kind and whether it is the reader's.
AGAINST = {("riichi", False): N_("against {name}'s riichi"), ("riichi", True): N_("against your riichi"),
           ("open hand", False): N_("against {name}'s open hand"), ("open hand", True): N_("against your open hand")}
AND = N_("{first} and {second}")
#: Words of a reason whose plain message means something else elsewhere, said through a fuller message.
SAID_AS = {"a value honour": N_("a value honour (what decided a choice)"), "other": N_("other (a danger category)")}

_GROUPS: dict[str, tuple[str, ...]] = {
    "reason": (RON, NO_OPEN_KAN, TSUMO, ABORT, KITA, RIICHI_DISCARD, KAN, PUSH, CAREFUL, FOLD, DISCARD, FORCED,
               KEEP_NORTH_ORPHANS, KEEP_NORTH_PAIRS, KEEP_NORTH_HONOURS, KEEP_NORTH_PAIR, KEEP_NORTH_TRIPLET, PON, PASS,
               RIICHI, DAMA_VALUE, DAMA_THIN, RIICHI_VALUE, DISCARD_LEARNED, NO_RIICHI, RIICHI_MODEL, DAMA_MODEL,
               ABORT_MODEL, PLAY_ON_MODEL, KITA_MODEL, KEEP_NORTH_MODEL, KAN_MODEL, NO_KAN_MODEL, PON_MODEL,
               PON_MODEL_PLAIN, PASS_MODEL, PASS_MODEL_PLAIN, DANGER_GENBUTSU, DANGER_ALL_VISIBLE, DANGER_ISOLATED,
               DANGER_SUJI, DANGER_NO_CHANCE, DANGER_OTHER),
    "shape": (SHAPE_WORTH, SHAPE_TENPAI, SHAPE_STAYS, SHAPE),
    "base": (SHAPE_TENPAI, SHAPE_STAYS, SHAPE),
    "danger": (DANGER_GENBUTSU, DANGER_ALL_VISIBLE, DANGER_ISOLATED, DANGER_SUJI, DANGER_NO_CHANCE, DANGER_OTHER),
    "pon_why": (PON_YAKUHAI, PON_SECURED, PON_TOWARD),
    "pass_why": (PASS_EASY, PASS_THREAT, PASS_NOT_CLOSER, PASS_NO_YAKU),
    "detail": (PON_YAKUHAI, PON_SECURED, PON_TOWARD, PASS_EASY, PASS_THREAT, PASS_NOT_CLOSER, PASS_NO_YAKU,
               SHANTEN_CHANGE),
    "why": (DECIDED, NOTHING_DECIDED),
}
_LISTS: dict[str, tuple[str, ...]] = {
    "kan": (CLOSED_KAN, ADDED_KAN), "what": (NOT_CALLING_AGAIN, NOT_OPENING), "isolated": (HONOUR, ISOLATED_TERMINAL),
    "category": tuple(CATEGORY_WORDS.values()), "plan": (*PLAN_WORDS.values(), NO_PLAN),
}
_NUMBERS = frozenset({"n", "han", "live", "steps", "kinds", "widest", "seen", "points", "dama"})
_SHANTEN = frozenset({"shanten", "before", "after"})
_FIELD = re.compile(r"\{(\w+)\}")


# ---- written in English: the reason as data -------------------------------------------------------

def _english(field: str, value: Any) -> str:
    if field in _SHANTEN:
        return "tenpai" if value == 0 else f"{value}-shanten"
    if field == "distance":
        return f"{value}-shanten"
    if field == "share":
        return f"{round(100 * value)}%"
    if field == "against":
        seat, label = value
        return f"against {seat_ref(seat, possessive=True)} {label}"
    if field == "category":
        return CATEGORY_WORDS.get(value, str(value).replace("_", "-"))
    if field == "features":
        return " and ".join(value)
    return str(value)


def reason(message: str, **fields: Any) -> str:
    """A reason in English from its message and data: a shanten as a number (0 is ``tenpai``), ``share`` a
    probability (``84%``), ``against`` a threat's ``(seat, "riichi" | "open hand")``, ``category`` a danger
    category's id, ``features`` a list of a model's words, a phrase of a group as :func:`reason` wrote it.

    >>> reason(SHAPE_STAYS, shanten=1, live=12), reason(NO_RIICHI, share=0.4)
    ('stays 1-shanten with 12 useful tiles', 'no riichi (strong players decline it here 40% of the time)')
    """
    return message.format(**{f: _english(f, v) for f, v in fields.items()})


def decided(words: Sequence[str]) -> str:
    """What decided a model's choice: `` (what decided: the winning tiles left and what riichi adds)``; empty
    without words."""
    return reason(DECIDED, features=words) if words else NOTHING_DECIDED


# ---- read back and said in the language spoken now ---------------------------------------------

@functools.cache
def _pattern(field: str) -> str:
    if field == "tile":
        return r"[0-9][mpsz]"
    if field == "tiles":
        return r"(?:[0-9][mpsz](?: [0-9][mpsz])*)?"
    if field in _NUMBERS:
        return r"\d+"
    if field == "share":
        return r"\d+%"
    if field in _SHANTEN:
        return r"(?:tenpai|\d+-shanten)"
    if field == "distance":
        return r"\d+-shanten"
    if field == "against":
        return r"against seat [0-2]'s (?:riichi|open hand)"
    if field == "features":
        one = "(?:" + "|".join(re.escape(w) for w in feature_words()) + ")"
        return f"{one}(?: and {one})*"
    if field in _LISTS:
        return "(?:" + "|".join(re.escape(w) for w in sorted(_LISTS[field], key=len, reverse=True)) + ")"
    return "(?:" + "|".join(_regex(m, named=False) for m in _GROUPS[field]) + ")"


def _regex(message: str, named: bool) -> str:
    out, at = [], 0
    for m in _FIELD.finditer(message):
        out.append(re.escape(message[at:m.start()]))
        inner = _pattern(m.group(1))
        out.append(f"(?P<{m.group(1)}>{inner})" if named else inner)
        at = m.end()
    out.append(re.escape(message[at:]))
    return "".join(out)


@functools.cache
def _compiled(group: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((m, re.compile(_regex(m, named=True))) for m in _GROUPS[group])


def _say_field(field: str, text: str, cast: Cast) -> str:
    if field in ("tile", "tiles"):
        return text
    if field in _NUMBERS:
        return number(int(text))
    if field == "share":
        return percent(int(text[:-1]) / 100)
    if field in _SHANTEN:
        return shanten_text(0 if text == "tenpai" else int(text.split("-")[0]))
    if field == "distance":
        return shanten_count(int(text.split("-")[0]))
    if field == "against":
        seat = int(text[len("against seat ")])
        label = text.split("'s ", 1)[1]
        return gettext(AGAINST[label, cast.is_you(seat)]).format(name=cast.names[seat])
    if field == "features":
        words = [gettext(SAID_AS.get(w, w)) for w in _split_features(text)]
        said = words[0]
        for w in words[1:]:
            said = gettext(AND).format(first=said, second=w)
        return said
    if field in _LISTS:
        return gettext(SAID_AS.get(text, text))
    said = _say(field, text, cast)
    return text if said is None else said


def _split_features(text: str) -> list[str]:
    one = re.compile("|".join(re.escape(w) for w in feature_words()))
    out, at = [], 0
    while at < len(text):
        m = one.match(text, at)
        if m is None:
            return [text]
        out.append(m.group())
        at = m.end() + len(" and ")
    return out


def _say(group: str, text: str, cast: Cast) -> str | None:
    """``text`` said as a message of ``group``, or None if it is none of them."""
    for message, pattern in _compiled(group):
        m = pattern.fullmatch(text)
        if m is not None:
            fields = {f: _say_field(f, v, cast) for f, v in m.groupdict().items()}
            return gettext(message).format(**fields) if message else ""
    return None


def _named(text: str, cast: Cast) -> str:
    def spoken(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        return cast.possessive(seat) if m.group(2) else cast.object(seat)

    return _SEAT_REF.sub(spoken, text)


def speak(text: str, cast: Cast) -> str:
    """Engine text with every :func:`seat_ref` said with the cast's names (``you`` / ``your`` for the reader); in
    another language than English, a bot's reason (its parts joined by ``; ``) said in it."""
    return current().memo(("speak", text, cast), lambda: _speak(text, cast))


def _speak(text: str, cast: Cast) -> str:
    if current().lang == DEFAULT_LANGUAGE:
        return _named(text, cast)
    pieces = text.split("; ")
    out, i = [], 0
    while i < len(pieces):
        for j in range(len(pieces), i, -1):
            said = _say("reason", "; ".join(pieces[i:j]), cast)
            if said is not None:
                out.append(said)
                i = j
                break
        else:
            out.append(_named(pieces[i], cast))
            i += 1
    return "; ".join(out)


def messages() -> Iterable[str]:
    """Every message a reason is made of (for tests)."""
    seen = {m for ms in _GROUPS.values() for m in ms if m} | {w for ws in _LISTS.values() for w in ws}
    return sorted(seen | set(AGAINST.values()) | {AND} | set(feature_words()) | set(SAID_AS.values()))


def fields_of(message: str) -> list[str]:
    """The field names of a message, in order."""
    return _FIELD.findall(message)


__all__ = ["AGAINST", "CATEGORY_WORDS", "PLAN_WORDS", "SAID_AS", "decided", "fields_of", "messages", "reason", "seat_ref", "speak"]
