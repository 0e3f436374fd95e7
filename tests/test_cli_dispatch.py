import subprocess
import sys

from sanma_core.cli import main


def test_help_lists_engine_commands(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in ("analyze", "score", "replay", "simulate"):
        assert name in out


def test_no_arguments_is_a_usage_error(capsys):
    assert main([]) == 2
    assert "usage: sanma" in capsys.readouterr().out


def test_unknown_command(capsys):
    assert main(["frobnicate"]) == 2
    assert "unknown command 'frobnicate'" in capsys.readouterr().err


def test_python_dash_m_is_the_same_program():
    proc = subprocess.run([sys.executable, "-m", "sanma_core", "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert "usage: sanma" in proc.stdout
