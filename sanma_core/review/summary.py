"""What the result screens show, as data: hand ends (wins and draws) and the end of the game.

Every number is read from the engine's own settlement (``HandResult``, the
scoring engine's ``ScoreResult``, ``final_placement``) or computed by
:mod:`sanma_core.scoring.payments`; nothing is re-derived here.

>>> from sanma_core.game import play_random_game, GameMode
>>> g = play_random_game("tenhou", GameMode("tonpuusen"), seed=5)
>>> s = hand_summary(g, g.results[0])
>>> sum(s.deltas) == 0 and s.kind == g.results[0].kind
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game import Game, HandResult, WinResult
from ..melds import Meld
from ..scoring.payments import Placement, Settlement, four_player_settlement
from ..tiles import sort_tiles
from ..words import draw_title, hand_label


@dataclass(frozen=True)
class PaymentLine:
    """Who pays what for one win: in this sanma ruleset and, for the same han and fu, in four-player riichi."""

    payer: str  # "discarder", "dealer", "non_dealer" (one line per paying player)
    sanma: int | None  # None: nobody pays this share in sanma (the absent North)
    four_player: int


@dataclass(frozen=True)
class WinSummary:
    seat: int
    from_seat: int
    tsumo: bool
    dealer: bool
    hand: tuple[int, ...]  # concealed tiles with the winning tile
    win_tile: int
    melds: tuple[Meld, ...]
    kita: int
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    han: int
    fu: int
    yakuman: int
    limit: str
    yaku: tuple[dict[str, Any], ...]  # id, name, han
    fu_lines: tuple[dict[str, Any], ...]  # fu, reason, tiles
    bonus: dict[str, Any]  # dora, aka, ura, kita counts and details
    steps: tuple[str, ...]  # the payment arithmetic, under the ruleset's tsumo rule
    payments: dict[str, int]
    total: int  # the winner's gain from this win (payments and sticks)
    four_player: Settlement
    lines: tuple[PaymentLine, ...]
    deltas: tuple[int, int, int]

    @property
    def paid(self) -> int:
        """What the losers pay together (sticks excluded)."""
        return sum(line.sanma or 0 for line in self.lines)


@dataclass(frozen=True)
class HandSummary:
    kind: str
    title: str
    label: str  # "East 1, 1 honba"
    dealer: int
    sticks: int
    scores_before: tuple[int, int, int]
    deltas: tuple[int, int, int]
    scores_after: tuple[int, int, int]
    wins: tuple[WinSummary, ...] = ()
    tenpai: tuple[bool, bool, bool] | None = None
    revealed: dict[int, tuple[int, ...]] | None = None  # tenpai seats' hands at a draw
    nagashi: tuple[int, ...] = ()
    noten_pool: int = 0


def _payment_lines(win: WinResult, four: Settlement) -> tuple[PaymentLine, ...]:
    sanma = win.score.settlement
    if not win.tsumo:
        return (PaymentLine("discarder", sanma.payments["ron"], four.payments["ron"]),)
    lines = [PaymentLine(role, amount, four_amount)
             for (role, amount), (_, four_amount) in zip(sanma.payers, four.payers, strict=False)]
    for role, amount in four.payers[len(sanma.payers):]:
        lines.append(PaymentLine(role, None, amount))  # the absent fourth player's share
    return tuple(lines)


def win_summary(game: Game, win: WinResult) -> WinSummary:
    score, ctx = win.score, win.context
    expl = score.explanation
    dealer = ctx.dealer
    four = four_player_settlement(score.han, score.fu, dealer, win.tsumo, score.yakuman, ctx.honba)
    return WinSummary(
        seat=win.seat,
        from_seat=win.from_seat,
        tsumo=win.tsumo,
        dealer=dealer,
        hand=tuple(sort_tiles(ctx.hand)),
        win_tile=win.tile,
        melds=tuple(ctx.melds),
        kita=ctx.kita,
        dora_indicators=tuple(ctx.dora),
        ura_indicators=tuple(win.ura),
        han=score.han,
        fu=score.fu,
        yakuman=score.yakuman,
        limit=score.limit,
        yaku=tuple({"id": y["id"], "name": y["name"], "han": y["han"]} for y in expl["yaku"]),
        fu_lines=tuple(expl["fu"]["lines"]),
        bonus=dict(expl["dora"]),
        steps=tuple(score.settlement.steps),
        payments=dict(score.payments),
        total=score.total,
        four_player=four,
        lines=_payment_lines(win, four),
        deltas=tuple(win.deltas),
    )


def hand_summary(game: Game, result: HandResult) -> HandSummary:
    """The result screen of one hand. For a draw, the tenpai hands are read from the game (they are shown)."""
    revealed = None
    if result.tenpai is not None and result is game.result:
        revealed = {s: tuple(sort_tiles(game.hands[s])) for s in range(3) if result.tenpai[s]}
    return HandSummary(
        kind=result.kind,
        title=draw_title(result.kind),
        label=hand_label(result.round_wind, result.dealer, result.honba),
        dealer=result.dealer,
        sticks=result.sticks,
        scores_before=tuple(result.scores_before),
        deltas=tuple(result.deltas),
        scores_after=tuple(result.scores_after),
        wins=tuple(win_summary(game, w) for w in result.wins),
        tenpai=result.tenpai,
        revealed=revealed,
        nagashi=tuple(result.nagashi),
        noten_pool=game.rules.noten_pool if result.kind == "exhaustive_draw" else 0,
    )


@dataclass(frozen=True)
class GameSummary:
    placements: tuple[Placement, ...]  # by rank
    history: tuple[tuple[str, tuple[int, int, int]], ...]  # (label, scores) from the start, one per hand end
    return_points: int
    oka: int
    uma: tuple[int, int, int]


def game_summary(game: Game) -> GameSummary:
    """Placement with return, oka and uma (the engine's ``final_placement``), and the scores hand by hand."""
    if game.placement is None:
        raise ValueError("the game is not over: there is no placement yet")
    first = next(e for e in game.events if e.get("type") == "start_kyoku")
    history: list[tuple[str, tuple[int, int, int]]] = [("start", tuple(first["scores"]))]
    for r in game.results:
        history.append((hand_label(r.round_wind, r.dealer, r.honba), tuple(r.scores_after)))
    rules = game.rules
    return GameSummary(tuple(sorted(game.placement, key=lambda p: p.rank)), tuple(history), rules.return_points,
                       rules.oka, tuple(rules.uma))


__all__ = ["GameSummary", "HandSummary", "PaymentLine", "WinSummary", "game_summary", "hand_label", "hand_summary",
           "win_summary"]
