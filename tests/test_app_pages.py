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


def html_table(at, marker: str) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the one HTML table whose box carries ``marker`` (cells unescaped)."""
    import html
    import re

    (body,) = [h.proto.body for h in at.get("html") if marker in h.proto.body]
    head = [html.unescape(c) for c in re.findall(r"<th>(.*?)</th>", body)]
    rows = [[html.unescape(c) for c in re.findall(r"<td>(.*?)</td>", tr)] for tr in re.findall(r"<tr>(.*?)</tr>", body)]
    return head, [r for r in rows if r]


def test_rules_page_chooses_a_preset(app):
    app.switch_page("tutor/pages/rules.py").run()
    app.button(key="use_wrc").click().run()
    assert not app.exception
    assert app.selectbox(key="ruleset_select").value == "wrc"
    assert app.session_state["ruleset_select"] == "wrc"
    head, rows = html_table(app, 'data-role="rules-table"')
    assert head == ["rule", *(load_preset(n).title for n in PRESETS)]
    honba = dict(zip(head, next(r for r in rows if r[0] == "honba, ron (per honba)"), strict=True))
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
    refusals = []
    for name, pin in [("Kim", ""), ("Kim", "1111"), ("Nobody", ""), ("Nobody", "1111")]:
        sign_in(app, name, pin=pin)
        assert signed_in_as(app) is None
        refusals.append(app.error[0].value)
    # a wrong or missing PIN reads exactly like an unknown name: nobody learns which names exist
    assert len(set(refusals)) == 1 and "open no profile" in refusals[0] and "Kim" not in refusals[0]
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


def test_each_uploader_states_the_limit_its_page_enforces(app):
    """Streamlit's uploader says "Limit N MB per file": N must be the size the page accepts, not 200 MB."""
    import tomllib

    from sanma_core.game.records import MAX_RECORD_BYTES
    from tutor.profile_file import MAX_FILE_BYTES
    from tutor.views.rules import RULESET_LIMIT_MB

    mb = 1024 * 1024
    limits = {}
    for page in ("review.py", "rules.py"):
        app.switch_page(f"tutor/pages/{page}").run()
        assert not app.exception
        limits |= {el.proto.label: el.proto.max_upload_size_mb for el in app.get("file_uploader")}
    assert limits == {"Upload a record (tenhou.net/6 JSON, Tenhou XML or mjai)": MAX_RECORD_BYTES // mb,
                      "Ruleset YAML": RULESET_LIMIT_MB, "Profile file (.json)": MAX_FILE_BYTES // mb}, limits
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["maxUploadSize"] == max(limits.values())


def _reopened(tmp_path, monkeypatch, params):
    """A new browser session opening the address the last one showed (a reload, or a link sent to someone)."""
    monkeypatch.setenv("SANMA_TUTOR_DB", str(tmp_path / "progress.db"))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(params)
    at.run()
    assert not at.exception
    return at


def test_the_chosen_preset_survives_a_reload_and_travels_in_a_link(app, tmp_path, monkeypatch):
    app.selectbox(key="ruleset_select").set_value("club").run()
    assert dict(app.query_params) == {"ruleset": "club"}
    app.switch_page("tutor/pages/rules.py").run()
    assert app.query_params["ruleset"] == "club", "the address keeps it on every page"
    again = _reopened(tmp_path, monkeypatch, dict(app.query_params))
    assert again.selectbox(key="ruleset_select").value == "club"


def test_an_uploaded_ruleset_survives_a_reload_and_travels_in_a_link(app, tmp_path, monkeypatch):
    from sanma_core.rules import load_ruleset_text

    mine = load_ruleset_text("base: tenhou\nhonba_ron: 700\nname: Friday club\n", source="friday.yaml")
    app.session_state["custom_rulesets"] = {"friday": mine.to_dict()}  # what an upload on the Rules page keeps
    app.run()
    app.selectbox(key="ruleset_select").set_value("friday").run()
    params = dict(app.query_params)
    assert params["ruleset"] == "friday" and params["rules"]
    other = _reopened(tmp_path, monkeypatch, params)  # a fresh session: nothing uploaded there
    assert other.selectbox(key="ruleset_select").value == "friday"
    from sanma_core.rules import ruleset_from_dict

    assert ruleset_from_dict(dict(other.session_state["custom_rulesets"]["friday"])) == mine
    assert not other.warning
    # back to a preset: the uploaded ruleset's fields leave the address
    other.selectbox(key="ruleset_select").set_value("tenhou").run()
    assert dict(other.query_params) == {"ruleset": "tenhou"}


@pytest.mark.parametrize("code", ["not-a-code", "eJzLSM3JyQcABiwCFQ"])
def test_a_damaged_ruleset_link_says_so_and_keeps_the_default(tmp_path, monkeypatch, code):
    at = _reopened(tmp_path, monkeypatch, {"ruleset": "friday", "rules": code})
    assert at.selectbox(key="ruleset_select").value == "tenhou"
    assert any("the link's ruleset 'friday'" in w.value for w in at.warning), [w.value for w in at.warning]
