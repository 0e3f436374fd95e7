"""`sanma analyze` through the real command: JSON Lines batches and the human report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sanma_core.analysis import analysis_to_json, analyze_hand
from sanma_core.commands import analyze
from sanma_core.tiles import format_tiles

ROOT = Path(__file__).resolve().parents[1]


def run(args: list[str], stdin: str | bytes = "") -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [sys.executable, "-m", "sanma_core", "analyze", *args],
        input=data,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )


def answers(result: subprocess.CompletedProcess[bytes]) -> list[dict]:
    return [json.loads(line) for line in result.stdout.decode().splitlines()]


def test_batch_answers_every_line_in_order_and_survives_bad_lines() -> None:
    lines = [
        {"hand": "123456789p1144s"},
        "this is not json",
        {"hand": "2m3m123456789p11s"},
        {"hand": "5555p123456p789s1z"},
        {"hand": "123p"},
        {"hand": "46p456s789s11z", "melds": ["chi:345p"]},
        {"hand": "46p456s789s11z", "melds": ["pon:555p"]},
        {"melds": []},
        {"hand": "123p456p789p123s4z", "kita": True},
        {"hand": "123p456p789p123s4z", "kita": 3},
        [1, 2],
        {"hand": "123p456p789p123s4z", "ruleset": "nope"},
        {"hand": "19m123456p11s1234z"},
    ]
    text = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    result = run([], text)
    assert result.returncode == 0, result.stderr
    out = answers(result)
    assert len(out) == len(lines)
    assert out[0] == {"ok": True, "shanten": 0, "waits": ["1s", "4s"], "ukeire": {"tiles": ["1s", "4s"], "count": 4}}
    errors = {i: a["error"] for i, a in enumerate(out) if not a["ok"]}
    assert set(errors) == {1, 2, 3, 4, 5, 7, 8, 10, 11}
    assert "not valid JSON" in errors[1]
    assert "2m" in errors[2]
    assert "5 copies of 5p" in errors[3]
    assert "3 tiles" in errors[4] and "13 or 14" in errors[4]
    assert "chi" in errors[5]
    assert "'hand'" in errors[7]
    assert "'kita'" in errors[8]
    assert "object" in errors[10]
    assert "nope" in errors[11]
    assert out[6] == {"ok": True, "shanten": 0, "waits": ["5p"], "ukeire": {"tiles": ["5p"], "count": 1}}
    assert out[9]["shanten"] == 1 and "waits" not in out[9]  # 3 kita Norths: the 4th cannot pair
    table = out[12]
    assert table["shanten"] == 3
    assert [d["tile"] for d in table["discards"]] == [
        "1m",
        "9m",
        "1p",
        "2p",
        "3p",
        "4p",
        "5p",
        "6p",
        "1s",
        "1z",
        "2z",
        "3z",
        "4z",
    ]
    assert all(set(d) == {"tile", "shanten", "ukeire"} for d in table["discards"])


def test_batch_matches_the_library_function() -> None:
    hands = ["19m19p19s1234567z", "1112345678999p", "123p456p789p11s44z", "11223344556677z"]
    result = run([], "".join(json.dumps({"hand": h}) + "\n" for h in hands))
    assert [a.pop("ok") for a in answers(result)] == [True] * 4
    assert answers(run([], "".join(json.dumps({"hand": h}) + "\n" for h in hands))) == [
        {"ok": True, **analysis_to_json(analyze_hand(h))} for h in hands
    ]


def test_default_ruleset_applies_to_lines_without_one() -> None:
    red = json.dumps({"hand": "0p123456789s1234z"}) + "\n"
    assert answers(run([], red))[0]["ok"] is True
    no_red = answers(run(["--ruleset", "wrc"], red))[0]
    assert no_red["ok"] is False and "red" in no_red["error"]
    per_line = json.dumps({"hand": "0p123456789s1234z", "ruleset": "tenhou"}) + "\n"
    assert answers(run(["--ruleset", "wrc"], per_line))[0]["ok"] is True


def test_unreadable_input_exits_2() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}  # what a UTF-8 terminal gives
    result = subprocess.run(
        [sys.executable, "-m", "sanma_core", "analyze"],
        input=b'{"hand": "123456789p1144s"}\n\xff\xfe not UTF-8\n',
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert result.returncode == 2
    assert b"cannot read input" in result.stderr
    assert b"Traceback" not in result.stderr


def test_unknown_default_ruleset_exits_2() -> None:
    result = run(["--ruleset", "nosuch"], "")
    assert result.returncode == 2
    assert b"nosuch" in result.stderr


def test_human_report_for_a_13_tile_hand() -> None:
    result = run(["46p456s789s11z", "--melds", "pon:555p"])
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode()
    assert "Shanten: 0 (tenpai)" in text
    assert "Waits:   5p (1 left)" in text
    assert "pon:555p" in text


def test_human_report_for_a_14_tile_hand_ranks_discards() -> None:
    hand = "123p456p789p19s44z9m"
    result = run([hand, "--kita", "1", "--ruleset", "club"])
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode()
    assert "kita 1" in text and "Rules:   Club" in text.replace("club", "Club")
    rows = [line.split() for line in text.splitlines() if line[:1] in "* " and line[2:3].isdigit()]
    options = analyze_hand(hand, kita=1).discards
    assert len(rows) == len(options)
    best = min(options, key=lambda d: (d.shanten, -d.ukeire.count, d.tile))
    assert rows[0][:4] == [
        "*",
        analysis_to_json(analyze_hand(hand, kita=1))["discards"][options.index(best)]["tile"],
        str(best.shanten),
        str(best.ukeire.count),
    ]
    assert [int(r[-3]) for r in rows] == sorted(int(r[-3]) for r in rows)  # best shanten first


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["2m123p"], "2m"),
        (["123p"], "13 or 14"),
        (["123p456p789p123s4z", "--kita", "5"], "kita"),
        (["123p456p789p12s4z", "--melds", "chi:123s"], "chi"),
        (["1111p234p567s1z", "--melds", "pon:111p"], "7 copies of 1p"),
        (["--kita", "1"], "need a HAND"),
    ],
)
def test_human_form_bad_input_exits_2_with_a_message(args: list[str], message: str) -> None:
    result = run(args)
    assert result.returncode == 2
    assert message in result.stderr.decode()
    assert b"Traceback" not in result.stderr


def test_help_and_json_flag() -> None:
    result = run(["--help"])
    assert result.returncode == 0
    assert b"--melds" in result.stdout and b"JSON" in result.stdout
    one = run(["123456789p1144s", "--json"])
    assert json.loads(one.stdout) == {"ok": True, **analysis_to_json(analyze_hand("123456789p1144s"))}


def test_main_in_process_returns_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert analyze.main(["123456789p1144s"]) == 0
    assert "Waits:   14s (4 left)" in capsys.readouterr().out
    assert analyze.main(["--bogus-flag"]) == 2


def test_batch_json_text_equals_the_encoded_dict() -> None:
    """The batch writes memoised JSON pieces; they must spell exactly what json.dumps would."""
    import random

    from sanma_core.analysis import analysis_json_text
    from sanma_core.tiles import format_tiles

    rng = random.Random(23)
    kinds = [0, 8, *range(9, 34)]
    checked = 0
    for i in range(600):
        wall = [k for k in kinds for _ in range(4)]
        rng.shuffle(wall)
        melds = []
        if i % 4 == 3:
            kind = rng.choice(kinds)
            for _ in range(3):
                wall.remove(kind)
            melds.append(f"pon:{format_tiles([kind] * 3)}")
        hand = wall[: 13 - 3 * len(melds) + i % 2]
        kita = min(rng.randint(0, 2), 4 - hand.count(30)) if not melds else 0
        analysis = analyze_hand(hand, melds, kita)
        assert analysis_json_text(analysis) == json.dumps(analysis_to_json(analysis), ensure_ascii=False)
        checked += 1
    assert checked == 600


def test_big_batch_over_workers_matches_one_process() -> None:
    """Past the first full chunk the batch is spread over worker processes; the answers keep input order."""
    import random

    from sanma_core.commands.jsonl import CHUNK_LINES

    rng = random.Random(31)
    kinds = [0, 8, *range(9, 34)]
    lines = []
    for i in range(CHUNK_LINES * 2 + 57):
        if i % 97 == 13:
            lines.append("not json")
            continue
        wall = [k for k in kinds for _ in range(4)]
        rng.shuffle(wall)
        lines.append(json.dumps({"hand": format_tiles(wall[: 13 + i % 2])}))
    text = "\n".join(lines) + "\n"
    one = run(["--jobs", "1"], text)
    two = run(["--jobs", "2"], text)
    assert one.returncode == two.returncode == 0
    assert two.stdout == one.stdout
    got = answers(two)
    assert len(got) == len(lines)
    assert [a["ok"] for a in got] == [line != "not json" for line in lines]
    assert got[5] == {"ok": True, **analysis_to_json(analyze_hand(json.loads(lines[5])["hand"]))}


def test_a_chunk_closes_when_no_more_input_is_waiting() -> None:
    """A tool that writes one line and waits gets its answer before writing the next."""
    from sanma_core.commands.jsonl import read_chunks

    read_fd, write_fd = os.pipe()
    with os.fdopen(read_fd, "r") as reader, os.fdopen(write_fd, "w") as writer:
        writer.write('{"hand": "123456789p1144s"}\n')
        writer.flush()
        chunks = read_chunks(reader, size=50)
        assert next(chunks) == ['{"hand": "123456789p1144s"}\n']
        writer.write("a\n\nb\n")
        writer.close()
        assert list(chunks) == [["a\n", "b\n"]]


def test_a_reader_that_goes_away_stops_the_batch_quietly() -> None:
    """`sanma analyze < big | head -1`: no traceback, no misleading message, exit 1."""
    hand = json.dumps({"hand": "19m123456p11s1234z"})
    proc = subprocess.Popen(
        [sys.executable, "-m", "sanma_core", "analyze", "--jobs", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stdin is not None and proc.stderr is not None
    proc.stdin.write((hand + "\n").encode())
    proc.stdin.flush()
    first = proc.stdout.readline()
    assert json.loads(first)["ok"] is True
    proc.stdout.close()
    try:
        proc.stdin.write(((hand + "\n") * 5000).encode())
        proc.stdin.close()
    except BrokenPipeError:
        pass
    assert proc.wait(timeout=60) == 1
    assert proc.stderr.read() == b""


def test_worker_count_follows_the_idle_cpus(monkeypatch) -> None:
    from sanma_core.commands import jsonl

    assert jsonl.jobs_from(None) is None and jsonl.jobs_from(0) == 1 and jsonl.jobs_from(3) == 3
    idle = jsonl.idle_cpus(0.05)
    assert idle is not None and 0.0 <= idle <= os.cpu_count()  # /proc/stat exists here
    cpus = len(os.sched_getaffinity(0))
    monkeypatch.setattr(jsonl, "idle_cpus", lambda: 0.2)  # a busy machine: one process
    assert jsonl.default_jobs() == 1
    monkeypatch.setattr(jsonl, "idle_cpus", lambda: 64.0)  # many idle CPUs: at most 4, never more than ours
    assert jsonl.default_jobs() == min(4, cpus)
    monkeypatch.setattr(jsonl, "idle_cpus", lambda: None)  # no /proc/stat: the load average decides
    monkeypatch.setattr(jsonl.os, "getloadavg", lambda: (cpus + 5.0, 0.0, 0.0))
    assert jsonl.default_jobs() == 1
