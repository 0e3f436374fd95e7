"""`sanma score` through the real command: JSON Lines batch, bad input, the readable form."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"
PY = str(PYTHON if PYTHON.exists() else Path(sys.executable))

GOOD = {"hand": "234p567p234s678s99p", "win": "2p", "riichi": True, "seat": "S"}
PLAIN = "234p567p234s678s99p"

# (request or raw line, words the error must contain)
BAD = [
    ({"hand": "234p567p234s678s9p", "win": "9p"}, "not a complete hand"),
    ({"hand": "234p567p234s678s19p", "win": "9p"}, "no winning shape"),
    ({"hand": "234p567p234s99s", "melds": ["pon:111m"], "win": "9s", "kita": 2}, "no yaku"),
    ({"hand": "234m567p234s678s99p", "win": "9p"}, "2m"),
    ({"hand": PLAIN, "win": "9p", "dora": ["9p", "9p", "9p"]}, "5 copies of 9p"),
    ({"hand": "234p067p234s678s99p", "win": "9p", "dora": ["0p"]}, "2 red fives 0p"),
    ({"hand": PLAIN, "win": "9p", "ippatsu": True}, "ippatsu without riichi"),
    ({"hand": PLAIN, "win": "9p", "rinshan": True, "kita": 1}, "rinshan on a ron"),
    ({"hand": PLAIN, "win": "9p", "chankan": True, "tsumo": True}, "chankan on a tsumo"),
    ({"hand": PLAIN, "win": "9p", "haitei": True, "rinshan": True, "tsumo": True, "kita": 1}, "haitei with rinshan"),
    ({"hand": PLAIN, "win": "9p", "houtei": True, "tsumo": True}, "houtei on a tsumo"),
    ({"hand": PLAIN, "win": "9p", "tenhou": True, "tsumo": True, "seat": "W"}, "tenhou for a non-dealer"),
    ({"hand": "234p567p234s99s", "melds": ["chi:123p"], "win": "9s"}, "chi does not exist"),
    ({"hand": PLAIN, "win": "9p", "seat": "N"}, "nobody sits North"),
    ({"hand": PLAIN, "win": "9p", "kita": 5}, "at most 4"),
    ({"hand": PLAIN}, "missing field 'win'"),
    ({"hand": PLAIN, "win": "9p", "tsumo": "yes"}, "field 'tsumo' must be bool"),
    ({"hand": PLAIN, "win": "9p", "ruleset": "nowhere"}, "unknown ruleset 'nowhere'"),
    ({"hand": PLAIN, "win": "9p", "riichii": True}, "unknown field 'riichii'"),
    ("not json", "not valid JSON"),
]


def run(args, stdin=""):
    return subprocess.run([PY, "-m", "sanma_core", "score", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, cwd=ROOT)


def test_batch_answers_every_line_in_order():
    lines = [json.dumps(GOOD)] + [r if isinstance(r, str) else json.dumps(r) for r, _ in BAD] + [json.dumps(GOOD)]
    proc = run([], "\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(lines)
    first, *bad, last = answers
    assert first == last and first["ok"] is True
    assert (first["han"], first["fu"], first["payments"], first["total"]) == (2, 30, {"ron": 2000}, 2000)
    assert first["yaku"] == [{"id": "riichi", "han": 1}, {"id": "pinfu", "han": 1}]
    for field in ("yakuman", "dora", "aka", "ura", "kita", "limit", "explanation"):
        assert field in first
    for answer, (_, words) in zip(bad, BAD, strict=True):
        assert answer["ok"] is False and words in answer["error"], (answer, words)


def test_ruleset_option_sets_the_default():
    request = {**GOOD, "honba": 1}
    proc = run(["--ruleset", "club"], json.dumps(request) + "\n" + json.dumps({**request, "ruleset": "tenhou"}) + "\n")
    club, tenhou = (json.loads(line) for line in proc.stdout.splitlines())
    assert club["payments"] == {"ron": 3000} and tenhou["payments"] == {"ron": 2200}


def test_readable_form():
    proc = run(["123p456p789s11z55s", "--win", "5s", "--tsumo", "--riichi", "--dora", "3z", "--kita", "2"])
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Riichi" in out and "Menzen tsumo" in out
    assert "kita 4 (2 set aside, 1 indicator(s) on North)" in out
    assert "double wind pair 11z" in out
    assert "6 han 30 fu: haneman" in out and "the winner gains 12000" in out


def test_readable_form_json_and_errors():
    proc = run(["234p567p234s678s99p", "--win", "2p", "--riichi", "--seat", "S", "--json"])
    assert json.loads(proc.stdout)["total"] == 2000
    bad = run(["234p567p234s678s99p", "--win", "9p", "--ippatsu"])
    assert bad.returncode == 1 and "ippatsu without riichi" in bad.stderr and "Traceback" not in bad.stderr
    missing = run(["234p567p234s678s99p"])
    assert missing.returncode == 1 and "--win is required" in missing.stderr


def test_big_score_batch_over_workers_matches_one_process():
    """Good and bad requests, more than one chunk: --jobs 2 writes exactly what one process writes."""
    lines = []
    for i in range(450):
        request, _ = BAD[i % len(BAD)] if i % 3 == 0 else (dict(GOOD, honba=i % 5, tsumo=bool(i % 2)), "")
        lines.append(request if isinstance(request, str) else json.dumps(request))
    text = "\n".join(lines) + "\n"
    one = run(["--jobs", "1"], text)
    two = run(["--jobs", "2"], text)
    assert one.returncode == two.returncode == 0
    assert two.stdout == one.stdout
    answers = [json.loads(line) for line in two.stdout.splitlines()]
    assert len(answers) == 450
    assert [a["ok"] for a in answers] == [i % 3 != 0 for i in range(450)]
