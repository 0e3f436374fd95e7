"""``sanma agree``'s figures checked against counts taken straight from the tenhou.net/6 logs."""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path

import pytest

from sanma_core.bots.agreement import EPS, AgreementCounter, expected_calibration_error
from sanma_core.commands.agree import main as agree_main
from sanma_core.game.records import read_record

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
DEV = DATA / "tenhou-phoenix-dev.jsonl.gz"
GAMES = 3


def _texts(n: int = GAMES) -> list[str]:
    with gzip.open(DEV, "rt", encoding="utf-8") as fh:
        return [line for _, line in zip(range(n), fh, strict=False)]


def _log_counts(texts: list[str]) -> dict[str, int]:
    """Calls (pon, open kan) and riichi declarations, read off the logs' take and discard lists."""
    calls = riichi = 0
    for text in texts:
        for hand in json.loads(text)["log"]:
            for seat in range(3):
                takes, discards = hand[5 + 3 * seat], hand[6 + 3 * seat]
                calls += sum(1 for t in takes if isinstance(t, str) and ("p" in t or "m" in t))
                riichi += sum(1 for d in discards if isinstance(d, str) and d.startswith("r"))
    return {"call": calls, "riichi": riichi}


@pytest.fixture(scope="module")
def easy() -> AgreementCounter:
    counter = AgreementCounter("easy", seed="test")
    for text in _texts():
        counter.new_game()
        read_record(text, "tenhou", observers=[counter])
    return counter


def test_calls_and_riichi_match_the_logs(easy):
    """Easy never calls, so its call agreement is the players' pass rate; every riichi is a riichi chance."""
    logs = _log_counts(_texts())
    assert logs["call"] > 5 and logs["riichi"] > 5
    assert easy.yes["call"] == logs["call"]
    assert easy.yes["riichi_all"] == logs["riichi"]
    n = easy.total["call"]
    assert n > logs["call"]
    assert easy.rates()["call"] == pytest.approx((n - logs["call"]) / n)
    assert easy.baselines()["call"] == pytest.approx(max(logs["call"], n - logs["call"]) / n)
    # first chances are a subset of all chances, one per hand and seat at most
    assert easy.total["riichi"] <= easy.total["riichi_all"] and easy.yes["riichi"] <= logs["riichi"]


def test_nll_of_a_bot_without_probabilities(easy):
    """A sure bot loses log(1 - EPS) where it agrees and log(EPS) where it does not."""
    for k in ("discard", "riichi_all", "kita", "call"):
        a = easy.rates()[k]
        want = -(a * math.log(1 - EPS) + (1 - a) * math.log(EPS))
        assert easy.nlls()[k] == pytest.approx(want), k
        assert easy.eces()[k] is None


def test_calibration_error_by_bins():
    pairs = [(0.15, False)] * 8 + [(0.15, True)] * 2 + [(0.95, True)] * 10
    # bin 1: agreement 0.2 against confidence 0.15; bin 9: 1.0 against 0.95
    assert expected_calibration_error(pairs) == pytest.approx(0.05)
    assert expected_calibration_error([]) is None


def test_agree_json_has_every_kind(capsys):
    assert agree_main([str(DEV), "--bot", "easy", "--limit", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["games"] == 1
    assert set(out["decisions"]) == {"discard", "riichi", "riichi_all", "kita", "call"}
    for key in ("agree", "nll", "baseline"):
        assert {"call", "riichi_all", "discard", "kita", "riichi"} <= set(out[key])
    assert 0.5 <= out["baseline"]["call"] <= 1.0


def test_agree_reads_each_records_own_ruleset(capsys):
    # a Mahjong Soul game robbed by thirteen orphans on a closed kan: no Tenhou rule allows that hand
    record = DATA / "mahjongsoul" / "kokushi_ankan.json"
    assert agree_main([str(record), "--bot", "easy", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["games"] == 1 and out["decisions"]["discard"] > 0
    assert agree_main([str(record), "--bot", "easy", "--json", "--ruleset", "tenhou"]) == 1
    refused = json.loads(capsys.readouterr().out)
    assert not refused["ok"] and "kokushi_ankan.json" in refused["error"]
