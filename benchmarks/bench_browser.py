"""Click-to-settled times of the app in a real headless Chromium (Debian's ``chromium``).

Starts ``streamlit run app.py`` on a free port with its own progress database,
then, with Playwright driving Chromium:

- plays 30 discards in Play (bots at normal; a call offer is passed, a hand end goes on),
- answers 15 drill questions (a tile, then Check),
- opens a real game on Review and times 20 Next clicks that land on a decision of the reviewed player (its
  probability bars drawn; the bar is a median at or under 300 ms), then 10 Next mistake clicks,
- loads the home page and the Play page 5 times each.

A time runs from the click (or the navigation) to the settled page: no
running indicator, no stale element, and no change to the page for 0.3 s;
the figure is the moment of the last change. Prints one line per part and, last,
one line per language::

    browser (en): play discard median N ms p90 N ms; drill check median N ms; page load median N ms

With several languages (``--lang en de es --rounds 3``) they take turns, round by round, against one server,
their samples pooled per language, and each language's medians are printed against the first's.

Run: ``.venv/bin/python benchmarks/bench_browser.py [--discards 30] [--questions 15] [--lang en de] [--rounds 3]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import chromium, streamlit_server  # noqa: E402

QUIET_MS = 300
TIMEOUT_S = 60

#: Installed once per document: remembers when the page (or a same-origin frame in it) last changed.
_WATCH_JS = """() => {
  if (window.__benchWatch) return;
  window.__benchWatch = true;
  window.__lastChange = performance.now();
  const mark = () => { window.__lastChange = performance.now(); };
  const watch = doc => new MutationObserver(mark).observe(doc, {subtree: true, childList: true, attributes: true,
                                                               characterData: true});
  watch(document);
  const frames = new WeakSet();
  setInterval(() => {
    for (const f of document.querySelectorAll('iframe')) {
      try {
        const d = f.contentDocument;
        if (d && !frames.has(d)) { frames.add(d); watch(d); mark(); }
      } catch (e) {}
    }
  }, 50);
}"""

_SETTLED_JS = """(quiet) => {
  const running = document.querySelector('[data-testid="stStatusWidget"] [data-testid="stStatusWidgetRunningIcon"],'
    + '[data-testid="stStatusWidgetRunningManIcon"], [data-testid="stSpinner"]');
  const stale = document.querySelector('[data-stale="true"]');
  const idle = performance.now() - window.__lastChange;
  return !running && !stale && idle >= quiet ? window.__lastChange : null;
}"""


def settle(page, start: float) -> float:
    """Milliseconds from ``start`` (page clock) to the page's last change before it settled."""
    page.evaluate(_WATCH_JS)
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        last = page.evaluate(_SETTLED_JS, QUIET_MS)
        if last is not None:
            return max(0.0, last - start)
        page.wait_for_timeout(25)
    raise TimeoutError("the page did not settle within 60 s")


def timed_click(page, locator) -> float:
    page.evaluate(_WATCH_JS)
    start = page.evaluate("performance.now()")
    locator.click()
    page.evaluate("window.__lastChange = performance.now()")
    return settle(page, start)


def timed_load(page, url: str) -> float:
    """Milliseconds from the start of the navigation (the page clock's zero) to the settled page."""
    page.goto(url, timeout=TIMEOUT_S * 1000)
    page.wait_for_selector('[data-testid="stMainBlockContainer"] h1', timeout=TIMEOUT_S * 1000)
    return settle(page, 0.0)


def _visible(page, selector: str):
    loc = page.locator(selector)
    return loc.first if loc.count() and loc.first.is_visible() else None


def play_discards(page, base: str, count: int) -> list[float]:
    """Discard ``count`` times in Play; returns the click-to-settled time of each discard."""
    from play_driver import PlayDriver

    driver = PlayDriver(page, base)
    driver.start(seed=20261201)
    times: list[float] = []
    while len(times) < count:
        step = driver.next_step()
        if step is None:
            continue
        kind, locator = step
        elapsed = timed_click(page, locator)
        if kind == "discard":
            times.append(elapsed)
    return times


def drill_checks(page, base: str, count: int) -> list[float]:
    page.goto(f"{base}/drills?type=dora_indicator&seed=7&n={count}&ruleset=tenhou", timeout=TIMEOUT_S * 1000)
    settle(page, 0.0)
    times = []
    for _ in range(count):
        tile = page.locator('[class*="st-key-tb_"][data-stale="false"] button').first
        timed_click(page, tile)
        times.append(timed_click(page, page.locator('.st-key-dr_check button').first))
        nxt = _visible(page, '.st-key-dr_next button')
        if nxt is not None:
            timed_click(page, nxt)
    return times


REVIEW_RECORD = ROOT.parent / "shared" / "data" / "tenhou-phoenix-dev-xml" / "phoenix-dev-001.xml"
REVIEW_STEP_LIMIT_MS = 300


def review_steps(page, base: str, count: int) -> tuple[list[float], list[float]]:
    """On Review, a real game uploaded: the times of ``count`` Next clicks that land on a decision of the reviewed
    player (its probability bars drawn), and of ``count // 2`` Next mistake clicks (the later ones cross hands,
    a whole page's redraw)."""
    page.goto(f"{base}/review", timeout=TIMEOUT_S * 1000)
    page.wait_for_selector('[data-testid="stMainBlockContainer"] h1', timeout=TIMEOUT_S * 1000)
    page.locator('.st-key-review_upload input[type="file"]').set_input_files(str(REVIEW_RECORD))
    page.wait_for_selector(".st-key-review_next button", timeout=TIMEOUT_S * 1000)
    settle(page, 0.0)
    steps: list[float] = []
    for _ in range(20 * count):
        elapsed = timed_click(page, page.locator(".st-key-review_next button").first)
        if page.locator(".rv-model").count():
            steps.append(elapsed)
            if len(steps) >= count:
                break
    mistakes: list[float] = []
    while len(mistakes) < max(1, count // 2):
        button = page.locator(".st-key-review_next_mistake button").first
        if not button.is_enabled():
            break
        mistakes.append(timed_click(page, button))
    return steps, mistakes


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


def _median_gap_interval(a: list[float], b: list[float], draws: int = 2000, seed: int = 1) -> tuple[float, float]:
    """A bootstrap 95% interval of median(a) - median(b) (fixed seed): the gap is noise while it holds 0."""
    rng = random.Random(seed)
    gaps = sorted(statistics.median(rng.choices(a, k=len(a))) - statistics.median(rng.choices(b, k=len(b)))
                  for _ in range(draws))
    return gaps[int(0.025 * draws)], gaps[int(0.975 * draws) - 1]


def _session(page, base: str, args: argparse.Namespace) -> dict[str, list[float]]:
    """One browser session's samples: page loads, Play discards, drill checks."""
    loads = []
    for _ in range(args.loads):
        for path in ("", "play"):
            loads.append(timed_load(page, f"{base}/{path}"))
    return {"load": loads, "discard": play_discards(page, base, args.discards),
            "check": drill_checks(page, base, args.questions)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--discards", type=int, default=30)
    parser.add_argument("--questions", type=int, default=15)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--review-steps", type=int, default=20)
    parser.add_argument("--lang", nargs="+", default=["en"],
                        help="the browser's language (en, de, es), or several: they take turns, round by round, "
                             "against one server, and each is compared with the first")
    parser.add_argument("--rounds", type=int, default=1, help="sessions per language (new browser context each)")
    args = parser.parse_args(argv)
    samples: dict[str, dict[str, list[float]]] = {lang: {"load": [], "discard": [], "check": []} for lang in args.lang}
    with tempfile.TemporaryDirectory() as tmp, streamlit_server(Path(tmp)) as base, chromium() as browser:
        for _ in range(args.rounds):
            for lang in args.lang:
                context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=lang)
                page = context.new_page()
                page.set_default_timeout(TIMEOUT_S * 1000)
                for part, values in _session(page, base, args).items():
                    samples[lang][part] += values
                context.close()
        if args.review_steps:
            context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=args.lang[0])
            page = context.new_page()
            page.set_default_timeout(TIMEOUT_S * 1000)
            steps, mistakes = review_steps(page, base, args.review_steps)
            median = statistics.median(steps)
            print(f"review step to another decision ({args.lang[0]}): median {median:.0f} ms, p90 {_p90(steps):.0f} "
                  f"ms, max {max(steps):.0f} ms over {len(steps)} steps (limit: median ≤ {REVIEW_STEP_LIMIT_MS} ms — "
                  f"{'ok' if median <= REVIEW_STEP_LIMIT_MS else 'TOO SLOW'}); next mistake: median "
                  f"{statistics.median(mistakes):.0f} ms, max {max(mistakes):.0f} ms over {len(mistakes)}")
    for lang, got in samples.items():
        loads, discards, checks = got["load"], got["discard"], got["check"]
        print(f"{lang}: page load median {statistics.median(loads):.0f} ms, max {max(loads):.0f} ms over "
              f"{len(loads)} loads; play discard median {statistics.median(discards):.0f} ms, p90 "
              f"{_p90(discards):.0f} ms over {len(discards)}; drill check median {statistics.median(checks):.0f} ms "
              f"over {len(checks)}")
    first = args.lang[0]
    for lang in args.lang[1:]:
        diffs = []
        for part in ("discard", "check", "load"):
            low, high = _median_gap_interval(samples[lang][part], samples[first][part])
            gap = statistics.median(samples[lang][part]) - statistics.median(samples[first][part])
            diffs.append(f"{part} {gap:+.0f} ms (95% {low:+.0f} to {high:+.0f})")
        print(f"{lang} against {first}, difference of the medians: {', '.join(diffs)}")
    for lang, got in samples.items():
        print(f"browser ({lang}): play discard median {statistics.median(got['discard']):.0f} ms p90 "
              f"{_p90(got['discard']):.0f} ms; drill check median {statistics.median(got['check']):.0f} ms; page load "
              f"median {statistics.median(got['load']):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
