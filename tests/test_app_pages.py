"""Every page opens under every preset without an exception (Streamlit AppTest)."""

from pathlib import Path

import pytest
from app_support import create_learner, sign_in, signed_in_as
from streamlit.testing.v1 import AppTest

from sanma_core.rules import PRESETS, load_preset
from tutor.navigation import PAGES
from tutor.store import ProgressStore

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.chdir(ROOT)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception
    return at


def test_home_opens_with_navigation_and_sidebar(app):
    assert app.title[0].value == "Sanma tutor"
    assert app.selectbox(key="ruleset_select").value == "tenhou"
    assert signed_in_as(app) is None  # a guest


@pytest.mark.parametrize("preset", PRESETS)
def test_every_page_opens_under_every_preset(app, preset):
    app.selectbox(key="ruleset_select").set_value(preset).run()
    for file, _title, _url, _icon in PAGES:
        app.switch_page(f"tutor/pages/{file}").run()
        assert not app.exception, (preset, file, [e.value for e in app.exception])
        assert app.title, file
        # the ruleset stays chosen on every page
        assert app.selectbox(key="ruleset_select").value == preset


def test_cheat_sheet_follows_the_active_ruleset(app):
    app.selectbox(key="ruleset_select").set_value("club").run()
    app.switch_page("tutor/pages/cheatsheet.py").run()
    assert load_preset("club").title in app.title[0].value
    text = " ".join(m.value for m in app.markdown)
    assert "+1000 on a ron" in text and "+500 from each payer" in text
    assert "Nobody may ron a North set aside." in text


def test_rules_page_chooses_a_preset(app):
    app.switch_page("tutor/pages/rules.py").run()
    app.button(key="use_wrc").click().run()
    assert not app.exception
    assert app.selectbox(key="ruleset_select").value == "wrc"
    assert app.session_state["ruleset_select"] == "wrc"
    table = app.dataframe[0].value
    assert list(table.columns) == ["rule", *(load_preset(n).title for n in PRESETS)]
    honba = table[table["rule"] == "honba, ron (per honba)"].iloc[0]
    assert (honba["Tenhou"], honba["Club"], honba["WRC-style"]) == ("200", "1000", "300")


def test_rules_page_uploads_a_custom_ruleset(app):
    app.switch_page("tutor/pages/rules.py").run()
    yaml_text = b"base: tenhou\nname: ourclub\ntitle: Our club\nhonba_ron: 500\n"
    app.file_uploader(key="ruleset_upload").set_value(("ourclub.yaml", yaml_text, "text/yaml")).run()
    assert not app.exception and not app.error
    app.button(key="use_uploaded").click().run()
    assert app.selectbox(key="ruleset_select").value == "ourclub"
    assert "Our club (uploaded)" in app.selectbox(key="ruleset_select").options
    app.switch_page("tutor/pages/cheatsheet.py").run()
    assert "+500 on a ron" in " ".join(m.value for m in app.markdown)


@pytest.mark.parametrize(
    "content, fragment",
    [
        (b"base: tenhou\nhonba_ron: lots\n", "honba_ron"),
        (b"base: nowhere\n", "base"),
        (b"name: x\n", "missing field"),
        (b"honba_ron: [1, 2\n", "not valid YAML"),
        (b"\xff\xfe\x00junk", "not a text file"),
    ],
)
def test_bad_ruleset_upload_shows_a_clear_message(app, content, fragment):
    app.switch_page("tutor/pages/rules.py").run()
    app.file_uploader(key="ruleset_upload").set_value(("bad.yaml", content, "text/yaml")).run()
    assert not app.exception
    assert any(fragment in e.value for e in app.error), [e.value for e in app.error]
    assert app.selectbox(key="ruleset_select").value == "tenhou"


def test_unknown_ruleset_in_the_url_is_reported(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "p.db"))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["ruleset"] = "<script>"
    at.run()
    assert not at.exception
    assert any("unknown" in w.value for w in at.warning)
    assert at.selectbox(key="ruleset_select").value == "tenhou"


def test_ruleset_in_the_url_is_selected(tmp_path, monkeypatch):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "p.db"))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["ruleset"] = "club"
    at.run()
    assert at.selectbox(key="ruleset_select").value == "club"


def test_big_tiles_for_a_projector(app):
    def css():
        return " ".join(h.proto.body for h in app.get("html") if "<style>" in h.proto.body)

    assert "96px" not in css()
    app.toggle(key="big_tiles").set_value(True).run()
    assert "96px" in css()
    app.switch_page("tutor/pages/calculator.py").run()
    assert "96px" in css() and app.toggle(key="big_tiles").value is True


def test_home_links_every_other_page(app):
    linked = {el.proto.label for el in app.get("page_link")}
    assert linked >= {title for _file, title, url, _icon in PAGES if url != "home"}


def test_a_taken_name_cannot_be_created_again_and_gives_no_way_into_that_profile(app):
    create_learner(app, "Ann")
    assert "created" in app.success[0].value and signed_in_as(app) == "Ann"
    app.button(key="sign_out").click().run()
    assert signed_in_as(app) is None
    create_learner(app, " Ann ")  # the same name after trimming: refused, still a guest
    assert not app.success and "taken" in app.error[0].value
    assert signed_in_as(app) is None
    sign_in(app, "Ann")
    assert signed_in_as(app) == "Ann"


def test_a_pin_protected_learner_opens_only_with_the_pin(app):
    create_learner(app, "Kim", pin="2468")
    assert signed_in_as(app) == "Kim" and "PIN" in app.success[0].value
    app.button(key="sign_out").click().run()
    sign_in(app, "Kim")
    assert signed_in_as(app) is None and "protected by a PIN" in app.error[0].value
    sign_in(app, "Kim", pin="1111")
    assert signed_in_as(app) is None and "wrong PIN" in app.error[0].value
    sign_in(app, "Kim", pin="2468")
    assert signed_in_as(app) == "Kim"


def _all_text(at):
    texts = [el.value for kind in ("markdown", "caption", "info", "warning", "error", "success", "title", "header",
                                   "subheader", "text") for el in getattr(at, kind)]
    texts += [str(o) for box in at.selectbox for o in box.options]
    return "\n".join(str(t) for t in texts)


@pytest.mark.parametrize("page", [file for file, *_ in PAGES])
def test_a_guest_never_sees_other_learners_names(tmp_path, monkeypatch, page):
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    store = ProgressStore(tmp_path / "progress.db")
    for name in ("Annabel Quist", "Bojan Vrhovec"):
        store.create_profile(name)
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page(f"tutor/pages/{page}").run()
    assert not at.exception
    text = _all_text(at)
    assert "Annabel" not in text and "Bojan" not in text
