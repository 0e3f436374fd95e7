"""The table's own options: the undo it offers beside the actions, and how a discard is tapped (``confirm``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from sanma_core.game import Game, IllegalActionError
from tutor.table.component import CONFIRM_MODES
from tutor.table.state import UNDO, action_for, table_state

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("You", "Bot A", "Bot B")


def test_undo_is_offered_only_when_asked_and_is_no_engine_action():
    view = Game(seed=3).view(0)
    plain, offered = table_state(view, names=NAMES), table_state(view, names=NAMES, undo=True)
    assert plain["undo"] is False and offered["undo"] is True
    assert plain["id"] != offered["id"]  # a click made before the undo appeared is not taken for one after it
    assert UNDO not in {a["id"] for a in offered["actions"]}
    with pytest.raises(IllegalActionError, match="undo"):
        action_for(offered, UNDO)


def _table_args(at: AppTest) -> dict:
    (table,) = at.get("component_instance")
    return json.loads(table.proto.json_args)


@pytest.fixture()
def play(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.chdir(ROOT)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.switch_page("tutor/pages/play.py").run()
    at.button(key="play_start").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_plays_discard_option_reaches_the_table(play):
    at = play
    assert _table_args(at)["confirm"] == "auto"  # two taps on a touch screen, one click with a mouse
    box = at.selectbox(key="play_confirm")
    assert list(box.options) == [CONFIRM_MODES[k] for k in CONFIRM_MODES]
    box.set_value("on").run()
    assert not at.exception and _table_args(at)["confirm"] == "on"
    at.selectbox(key="play_confirm").set_value("off").run()
    assert _table_args(at)["confirm"] == "off"


def test_the_table_refuses_an_unknown_confirm_setting():
    from tutor.table.component import table

    with pytest.raises(ValueError, match="confirm"):
        table({"id": "x"}, key="t", confirm="twice")
