"""Tenhou's raw mjlog XML (three-player games) read into a tenhou.net/6 JSON document.

The output is laid out exactly as Tenhou's own JSON download: ``ver``, ``log``,
``rule``, ``lobby``, ``dan``, ``rate``, ``sx``, ``name``, ``sc``.  Bad input
raises :class:`~sanma_core.game.mjai.RecordError` whose ``index`` is the
position of the offending element in the document (0 = ``<mjloggm>``) and
whose message names the hand, the element as written and what was expected.

>>> xml = ('<mjloggm ver="2.3"><GO type="185" lobby="0"/>'
...        '<UN n0="A" n1="B" n2="C" n3="" dan="17,16,16,0" rate="2222.84,2214.63,2161.51,1500.00" sx="M,M,M,C"/>'
...        '<TAIKYOKU oya="0"/><INIT seed="0,0,0,3,2,49" ten="350,350,350,0" oya="0" hai0="55,62,116,91,52,36,39,'
...        '126,125,133,87,123,38" hai1="46,70,113,86,58,68,2,45,124,88,66,135,34" hai2="90,1,51,54,56,67,41,110,'
...        '107,73,132,35,130" hai3=""/><T82/><N who="0" m="31520"/><T103/><D103/><U43/>'
...        '<RYUUKYOKU type="yao9" ba="0,0" sc="350,0,350,0,350,0,0,0" owari="350,0.0,350,0.0,350,0.0,0,0.0"/>'
...        '</mjloggm>')
>>> doc = mjlog_to_tenhou6(xml)
>>> doc["rule"]["disp"], doc["name"], doc["log"][0][5:7], doc["log"][0][16]
('三鳳南喰赤', ['A', 'B', 'C', ''], [[33, 38], ['f44', 60]], ['九種九牌'])
>>> mjlog_to_tenhou6(xml.replace('m="31520"', 'm="7"'))
Traceback (most recent call last):
...
sanma_core.errors.RecordError: East 1: <N who="0" m="7"/>: meld code 7 cannot be decoded (expected a pon, kan or kita; chi does not exist in three-player)
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any
from urllib.parse import unquote

from .mjai import RecordError
from .tenhou6_calls import TSUMOGIRI
from .tenhou6_results import hand_name

MAX_BYTES = 5 * 1024 * 1024
SEATS = 3
RED_IDS = (16, 52, 88)

YAKU_NAMES = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中",
    "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻",
    "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和",
    "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈",
    "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子",
    "ドラ", "裏ドラ", "赤ドラ",
)
LIMIT_NAMES = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
ABORT_NAMES = {"yao9": "九種九牌", "kan4": "四槓散了", "reach4": "四家立直", "ron3": "三家和了", "kaze4": "四風連打"}
DAN_NAMES = ("新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級",
             "初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳")
MOVE_TAG = re.compile(r"([TUVWDEFG])(\d{1,3})")
IGNORED_TAGS = frozenset({"SHUFFLE", "TAIKYOKU", "BYE"})
#: Element tag → the reader's method for it (draws and discards aside: see ``MOVE_TAG``).
ELEMENT_HANDLERS = {"N": "meld", "REACH": "reach", "DORA": "dora", "INIT": "init", "AGARI": "agari",
                    "RYUUKYOKU": "ryuukyoku", "GO": "go", "UN": "un"}


def _element_text(el: ET.Element) -> str:
    """The element as written (long attribute values shortened)."""
    attrs = "".join(f' {k}="{v if len(v) <= 60 else v[:57] + "..."}"' for k, v in el.attrib.items())
    return f"<{el.tag}{attrs}/>"


class _Reader:
    """Walks the mjlog elements in order and builds the tenhou.net/6 document."""

    def __init__(self) -> None:
        self.index = 0
        self.element: ET.Element | None = None
        self.hand_count = 0
        self.hand_label = "before the first hand"
        self.ver: float | str = ""
        self.game_type: int | None = None
        self.lobby = 0
        self.players: dict[str, Any] | None = None
        self.log: list[list[Any]] = []
        self.sc: list[int | float] | None = None
        self.hand: dict[str, Any] | None = None  # the hand being read

    # --- errors and attribute parsing -------------------------------------------------------

    def fail(self, expected: str) -> RecordError:
        where = f"{_element_text(self.element)}: " if self.element is not None else ""
        return self.error(f"{self.hand_label}: {where}{expected}")

    def error(self, message: str) -> RecordError:
        err = RecordError(self.index, message)
        err.hand = self.hand_label if self.hand_count else None  # the hand, as RecordError.hand names it
        return err

    def attr(self, name: str) -> str:
        assert self.element is not None
        value = self.element.get(name)
        if value is None:
            raise self.fail(f"missing attribute {name!r}")
        return value

    def ints(self, name: str, count: int | None = None, optional: bool = False) -> list[int]:
        if optional and self.element is not None and self.element.get(name) is None:
            return []
        text = self.attr(name)
        try:
            values = [int(v) for v in text.split(",")] if text else []
        except ValueError:
            raise self.fail(f"attribute {name!r} should be comma-separated integers") from None
        if count is not None and len(values) != count:
            raise self.fail(f"attribute {name!r} should hold {count} integers")
        return values

    def seat(self, name: str) -> int:
        (value,) = self.ints(name, 1)
        if not 0 <= value < SEATS:
            raise self.fail(f"attribute {name!r} should be a seat 0-{SEATS - 1}")
        return value

    def tiles(self, name: str, optional: bool = False) -> list[int]:
        values = self.ints(name, optional=optional)
        if any(not 0 <= t < 136 for t in values):
            raise self.fail(f"attribute {name!r} should hold tile ids 0-135")
        return values

    # --- tiles ---------------------------------------------------------------------------------

    def code(self, tile: int) -> int:
        """Tenhou code of a tile id 0-135 (51/52/53 for red fives when the game has them)."""
        if not 0 <= tile < 136:
            raise self.fail(f"tile id {tile} should be 0-135")
        if self.aka and tile in RED_IDS:
            return 51 + RED_IDS.index(tile)
        k = tile // 4
        return (k // 9 + 1) * 10 + k % 9 + 1 if k < 27 else 41 + k - 27

    def _order(self, tile: int) -> tuple[int, int]:
        """Sort key for hands and call strings: by kind, a red five after the plain ones."""
        return tile // 4, int(self.aka and tile in RED_IDS)

    @property
    def aka(self) -> bool:
        return not (self.game_type or 0) & 0x02

    # --- the document ------------------------------------------------------------------------

    def read(self, text: str) -> dict[str, Any]:
        parser = ET.XMLPullParser(events=("start", "end"))
        depth = 0
        error: ET.ParseError | None = None
        try:
            parser.feed(text)  # a syntax error is queued after the events read before it
            parser.close()  # raises when the document stops short
        except ET.ParseError as err:
            error = err
        try:
            for event, el in parser.read_events():
                if event == "end":
                    depth -= 1
                    continue
                depth += 1
                self.element = el
                if depth == 1:
                    if el.tag != "mjloggm":
                        raise self.fail("expected the root element <mjloggm>")
                    self.ver = self.version()
                elif depth == 2:
                    self.dispatch(el)
                else:
                    raise self.fail("elements inside game elements are not expected")
                self.index += 1
            if error is not None:
                raise error
        except ET.ParseError as err:
            line, column = err.position
            last = f"after {_element_text(self.element)}" if self.element is not None else "at the start"
            reason = str(err).split(": line ")[0]
            raise self.error(f"{self.hand_label}: malformed or truncated XML {last} (line {line}, column "
                             f"{column}: {reason}); expected a complete <mjloggm> document") from None
        self.element = None
        if self.index == 0:
            raise RecordError(0, "empty document; expected an <mjloggm> element")
        self.finish_hand()
        if self.sc is None:
            raise self.fail("the game ends without final scores (no owari on the last <AGARI> or <RYUUKYOKU>)")
        return self.document()

    def document(self) -> dict[str, Any]:
        gt = self.game_type or 0
        room = {0x00: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}[gt & 0xA0]
        disp = ("三" if gt & 0x10 else "") + room + ("南" if gt & 0x08 else "東") + \
            ("" if gt & 0x04 else "喰") + ("" if gt & 0x02 else "赤") + ("速" if gt & 0x40 else "")
        aka = int(self.aka)
        players = self.players or {}
        doc: dict[str, Any] = {"ver": self.ver, "log": self.log,
                               "rule": {"disp": disp, "aka53": aka, "aka52": aka, "aka51": aka},
                               "lobby": self.lobby}
        for key in ("dan", "rate", "sx"):
            if key in players:
                doc[key] = players[key]
        doc["name"] = players.get("name", ["", "", "", ""])
        doc["sc"] = self.sc
        return doc

    def version(self) -> float | str:
        """``ver`` as Tenhou's JSON writes it: a number (2.3)."""
        text = self.element.get("ver", "") if self.element is not None else ""
        try:
            return float(text)
        except ValueError:
            return text

    def dispatch(self, el: ET.Element) -> None:
        tag = el.tag
        if self.sc is not None and tag not in ("BYE", "UN"):
            raise self.fail("nothing but the end of the game is expected after the final scores (owari)")
        move = MOVE_TAG.fullmatch(tag)
        if move:
            self.move(move.group(1), int(move.group(2)))
        elif tag in ELEMENT_HANDLERS:
            getattr(self, ELEMENT_HANDLERS[tag])()
        elif tag not in IGNORED_TAGS:
            raise self.fail("unknown element; expected a draw (T/U/V), discard (D/E/F), N, REACH, DORA, INIT, "
                            "AGARI, RYUUKYOKU, GO, UN, TAIKYOKU, SHUFFLE or BYE")

    # --- header elements -----------------------------------------------------------------------

    def go(self) -> None:
        (self.game_type,) = self.ints("type", 1)
        if not self.game_type & 0x10:
            raise self.fail("expected a three-player game (type bit 0x10)")
        if self.element is not None and self.element.get("lobby") is not None:
            (self.lobby,) = self.ints("lobby", 1)

    def un(self) -> None:
        assert self.element is not None
        if self.element.get("dan") is None:
            return  # a player reconnecting: <UN n1="..."/>
        names = [unquote(self.element.get(f"n{i}", "")) for i in range(4)]
        dans = self.ints("dan")
        if any(not 0 <= d < len(DAN_NAMES) for d in dans):
            raise self.fail(f"attribute 'dan' should hold ranks 0-{len(DAN_NAMES) - 1}")
        try:
            rates = [float(r) for r in self.attr("rate").split(",")]
        except ValueError:
            raise self.fail("attribute 'rate' should be comma-separated numbers") from None
        self.players = {"name": names, "dan": [DAN_NAMES[d] for d in dans], "rate": rates,
                        "sx": self.attr("sx").split(",")}

    # --- hands ---------------------------------------------------------------------------------

    def need_hand(self) -> dict[str, Any]:
        if self.hand is None or self.hand["result"]:
            raise self.fail("expected an <INIT> to start a hand first" if self.hand is None
                            else "the hand is already over; expected <INIT> or the end of the game")
        return self.hand

    def init(self) -> None:
        if self.game_type is None:
            raise self.fail("expected <GO> (the game type) before the first hand")
        self.finish_hand()
        self.hand_count += 1
        self.hand_label = f"hand {self.hand_count}"
        seed = self.ints("seed", 6)
        kyoku, honba, sticks = seed[:3]
        if 0 <= kyoku < 16 and honba >= 0:
            self.hand_label = hand_name(kyoku, honba)
        ten = self.ints("ten")
        if len(ten) not in (3, 4) or (len(ten) == 4 and ten[3] != 0):
            raise self.fail("attribute 'ten' should hold three scores (and a 0 for the empty fourth seat)")
        if self.element is not None and self.element.get("hai3"):
            raise self.fail("attribute 'hai3' should be empty in a three-player game")
        deals = []
        for seat in range(SEATS):
            deal = self.tiles(f"hai{seat}")
            if len(deal) != 13:
                raise self.fail(f"attribute 'hai{seat}' should hold 13 tile ids")
            deals.append([self.code(t) for t in sorted(deal, key=self._order)])
        self.hand = {"head": [kyoku, honba, sticks], "scores": [t * 100 for t in ten[:3]] + [0],
                     "dora": [self.code(seed[5])], "ura": [], "deals": deals,
                     "draws": [[] for _ in range(SEATS)], "discards": [[] for _ in range(SEATS)],
                     "last_draw": [None] * SEATS, "reach": [False] * SEATS, "last_discarder": None,
                     "result": [], "oya": self.seat("oya")}

    def finish_hand(self) -> None:
        hand = self.hand
        if hand is None:
            return
        if not hand["result"]:
            raise self.fail("the hand has no result; expected <AGARI> or <RYUUKYOKU> before this")
        row: list[Any] = [hand["head"], hand["scores"], hand["dora"], hand["ura"]]
        for seat in range(SEATS):
            row += [hand["deals"][seat], hand["draws"][seat], hand["discards"][seat]]
        self.log.append(row + [[], [], [], hand["result"]])
        self.hand = None

    def move(self, letter: str, tile: int) -> None:
        hand = self.need_hand()
        seat = "TUVWDEFG".index(letter) % 4
        if seat >= SEATS:
            raise self.fail("expected a seat 0-2 (T/U/V draws, D/E/F discards) in a three-player game")
        code = self.code(tile)
        if letter in "TUVW":
            hand["draws"][seat].append(code)
            hand["last_draw"][seat] = tile
            return
        out: int | str = TSUMOGIRI if hand["last_draw"][seat] == tile else code
        if hand["reach"][seat]:
            out = f"r{out}"
            hand["reach"][seat] = False
        hand["discards"][seat].append(out)
        hand["last_draw"][seat] = None
        hand["last_discarder"] = seat

    def dora(self) -> None:
        hand = self.need_hand()
        hai = self.tiles("hai")
        if len(hai) != 1:
            raise self.fail("attribute 'hai' should hold one tile id")
        hand["dora"].append(self.code(hai[0]))

    def reach(self) -> None:
        hand = self.need_hand()
        who = self.seat("who")
        (step,) = self.ints("step", 1)
        if step == 1:
            hand["reach"][who] = True
        elif step != 2:
            raise self.fail("attribute 'step' should be 1 or 2")

    def meld(self) -> None:
        hand = self.need_hand()
        who = self.seat("who")
        (m,) = self.ints("m", 1)
        kind, text = self.decode_meld(m)
        source = hand["last_discarder"]
        if kind in ("pon", "minkan") and (source is None or (source - who) % 4 != m & 3):
            raise self.fail(f"the called tile should be the last discard (from seat {source}), "
                            f"but the meld code says it came from {m & 3} seat{'s' if (m & 3) != 1 else ''} after the caller")
        hand["last_draw"][who] = None
        if kind in ("pon", "minkan"):
            hand["draws"][who].append(text)
            if kind == "minkan":
                hand["discards"][who].append(0)
        else:
            hand["discards"][who].append(text)

    def decode_meld(self, m: int) -> tuple[str, str]:
        """The kind of an ``<N m>`` meld and its tenhou.net/6 call string."""
        bad = self.fail(f"meld code {m} cannot be decoded (expected a pon, kan or kita; "
                        f"chi does not exist in three-player)")
        if not 0 <= m < 0x10000 or m & 0x04:
            raise bad
        rel = m & 3  # the seat the tile came from, counted in four seats from the caller
        if m & 0x18:  # pon (0x08) or added kan (0x10)
            base, called_at = divmod(m >> 9, 3)
            if base > 33 or rel == 0 or m & 0x18 == 0x18:
                raise bad
            spare = base * 4 + (m >> 5 & 3)
            tiles = [t for t in range(base * 4, base * 4 + 4) if t != spare]
            called = tiles.pop(called_at)
            text = self.call_string("p", called, tiles, rel)
            if m & 0x10:
                return "kakan", text.replace("p", f"k{self.code(spare)}")
            return "pon", text
        if m & 0x20:  # kita: a North set aside
            if m & 0xDF or m >> 8 not in range(120, 124):
                raise bad
            return "kita", "f44"
        if m & 0xFC:
            raise bad
        tile = m >> 8
        if tile >= 136:
            raise bad
        base = tile // 4
        tiles = [t for t in range(base * 4, base * 4 + 4) if t != tile]
        if rel == 0:  # closed kan: the letter before the last tile, a red five last
            codes = [str(self.code(t)) for t in sorted([*tiles, tile], key=self._order)]
            return "ankan", "".join(codes[:3]) + "a" + codes[3]
        return "minkan", self.call_string("m", tile, tiles, rel)

    def call_string(self, letter: str, called: int, own: list[int], rel: int) -> str:
        """Letter before the called tile: first from the previous seat (3), second from across (2), last from the next (1)."""
        codes = [str(self.code(t)) for t in sorted(own, key=self._order)]
        slot = {3: 0, 2: 1, 1: len(codes)}[rel]
        codes.insert(slot, f"{letter}{self.code(called)}")
        return "".join(codes)

    # --- results -------------------------------------------------------------------------------

    def deltas(self) -> list[int]:
        sc = self.ints("sc")
        if len(sc) not in (6, 8):
            raise self.fail("attribute 'sc' should hold a score and a change for each seat")
        return ([d * 100 for d in sc[1::2]] + [0])[:4]

    def final_scores(self) -> None:
        assert self.element is not None
        owari = self.element.get("owari")
        if owari is None:
            return
        parts = owari.split(",")
        try:
            self.sc = [int(v) * 100 if i % 2 == 0 else float(v) for i, v in enumerate(parts)]
        except ValueError:
            raise self.fail("attribute 'owari' should alternate integer scores and placement points") from None
        if len(parts) not in (6, 8):
            raise self.fail("attribute 'owari' should hold a score and points for each seat")
        self.sc += [0, 0.0][: 8 - len(self.sc)]

    def agari(self) -> None:
        hand = self.hand
        if hand is None or hand["result"][:1] not in ([], ["和了"]):
            hand = self.need_hand()  # raises: no hand, or one that ended in a draw
        who, from_who = self.seat("who"), self.seat("fromWho")
        pao = self.seat("paoWho") if self.element is not None and self.element.get("paoWho") else who
        fu, points, limit = self.ints("ten", 3)
        yaku = self.ints("yaku", optional=True)
        yakuman = self.ints("yakuman", optional=True)
        if len(yaku) % 2 or any(not 0 <= y < len(YAKU_NAMES) for y in yaku[::2] + yakuman):
            raise self.fail(f"attributes 'yaku' (pairs) and 'yakuman' should hold yaku numbers 0-{len(YAKU_NAMES) - 1}")
        if any(not 0 <= h <= 99 for h in yaku[1::2]):
            raise self.fail("attribute 'yaku' should pair each yaku number with its han 0-99")
        han = sum(yaku[1::2])
        if limit not in (0, *LIMIT_NAMES) or not (yaku or yakuman) or not 0 <= fu <= 200 or (not limit and han > 13):
            raise self.fail("attribute 'ten' should be fu,points,limit (0-5, 0 only below 13 han) "
                            "and the win should list its yaku")
        names = [f"{YAKU_NAMES[y]}({h}飜)" for y, h in zip(yaku[::2], yaku[1::2], strict=True) if h]
        names += [f"{YAKU_NAMES[y]}(役満)" for y in yakuman]
        prefix = LIMIT_NAMES[limit] if limit else f"{fu}符{han}飜"
        if who != from_who:
            amount = f"{points}点"
        else:
            base = fu * 2 ** (han + 2) if not limit else 0
            if who == hand["oya"]:
                each = -(-2 * base // 100) * 100 if base else points // 2
                amount = f"{each}点∀"
            else:
                child, dealer = (-(-base // 100) * 100, -(-2 * base // 100) * 100) if base else \
                    (points // 3, points // 3 * 2)
                amount = f"{child}-{dealer}点"
        if not hand["ura"]:
            hand["ura"] = [self.code(t) for t in self.tiles("doraHaiUra", optional=True)]
        if not hand["result"]:
            hand["result"] = ["和了"]
        hand["result"] += [self.deltas(), [who, from_who, pao, prefix + amount, *names]]
        self.final_scores()

    def ryuukyoku(self) -> None:
        hand = self.need_hand()
        assert self.element is not None
        kind = self.element.get("type")
        deltas = self.deltas()
        if kind in ABORT_NAMES:
            hand["result"] = [ABORT_NAMES[kind]]
        elif kind == "nm":
            hand["result"] = ["流し満貫", deltas]
        elif kind is not None:
            raise self.fail(f"unknown draw type {kind!r}; expected none, nm, {', '.join(ABORT_NAMES)}")
        elif any(deltas):
            hand["result"] = ["流局", deltas]
        else:
            tenpai = [self.element.get(f"hai{s}") is not None for s in range(SEATS)]
            hand["result"] = ["全員聴牌" if all(tenpai) else "全員不聴"]
        self.final_scores()


def mjlog_to_tenhou6(text: str) -> dict[str, Any]:
    """One Tenhou mjlog XML game (three-player) as a tenhou.net/6 JSON document (a dict).

    Raises RecordError for input over 5 MB, malformed or truncated XML, unknown
    elements, bad attributes and meld codes that cannot be decoded.
    """
    if not isinstance(text, str):
        raise RecordError(0, f"expected the XML as text, got {type(text).__name__}")
    if len(text) > MAX_BYTES or len(text.encode("utf-8")) > MAX_BYTES:
        raise RecordError(0, f"the XML is over {MAX_BYTES // (1024 * 1024)} MB; refusing to read it")
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise RecordError(0, "document type declarations and entities are not allowed in mjlog XML")
    return _Reader().read(text)
