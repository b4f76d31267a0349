"""How long a Hint takes in the browser-only site (JupyterLite + Voici, Python in Pyodide),
with the app on CPython measured beside it in the same run.

    python benchmarks/site_hint.py [--games 3] [--positions 4] [--site build/site]
        [--no-app] [--shot /tmp/site-hint.png]

Needs a built site (``make site``) and Debian's chromium (``/usr/bin/chromium``), driven
by Playwright. The site is served by Python's static file server, as
``tests/test_site.py`` serves it. Two parts:

- **clicks**: the play pages (Trixter from the peak, 13 cards; Trix), ``--games`` games
  each, on the static site and on the Voila app (``trix-tutor app``, CPython). The Hint
  button is clicked at every trump, bid, contract and doubling decision of the learner,
  and at the first card choice (two legal cards or more) at 13 cards, then at 10 or fewer
  and at 7 or fewer (Trix: trick or Trex card). The time is the browser's own, from the
  click to the hint's first step drawn (a MutationObserver in the page). Each hint runs at
  the page's own budget, :func:`tutor.advice.answer.hint_seconds`: 0.6 s of rollouts at the
  fixed rate in the site, 1.0 s in the app. The hint's "Tried on N ways …" is read
  from the panel.
- **engine**: ``advise`` at the site's budget (0.6 s) on the same positions
  (``benchmarks/advice.py``'s, passed as game records) in CPython and in Pyodide (the
  site's own Pyodide and trix-tutor wheel, in a plain page of the same chromium), one
  after the other for each position, and a pure-CPU loop in each: the ratio of the two
  Pythons' speed, without the page around them.

Deals on the play pages are random (no ``TRIX_TUTOR_SEED``), so rows differ run to run;
the engine's positions are fixed. A screenshot of the site's first 13-card card hint goes
to ``--shot``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import advice as advice_bench  # noqa: E402  (benchmarks/advice.py: its positions)
from app import CHROMIUM, CHROMIUM_ARGS, free_port, stop  # noqa: E402

from tutor.engine.records import dumps  # noqa: E402

SITE_SECONDS = 0.6  # hint_seconds() under emscripten (tutor/app/session.py)
APP_SECONDS = 1.0  # hint_seconds() on a server
SIZES = (13, 10, 7)  # the hand sizes at which a card decision is hinted
PREFIX = "trix-tutor"  # the site under a sub-folder, as GitHub Pages serves it
PYODIDE_START = 240_000  # ms: Pyodide's first start with its packages on a busy machine
PEAK = "13 cards: the peak · 13 hands"

# What the learner may have to do, most specific first (tests/test_browser.py's TURN, and
# Trex's pass).
TURN = [("card", '[data-testid="hand"] [data-card].legal'),
        ("contract", "[data-contract]:enabled"),
        ("redeal", '[data-action="no redeal"]:enabled'),
        ("double", '[data-action="no double"]:enabled'),
        ("bid", "[data-bid]:enabled"),
        ("trump", "[data-trump]:enabled"),
        ("pass", '[data-action="pass"]:enabled')]

# Clicks Hint and resolves with the milliseconds until a fresh hint's first step is drawn
# (the advice is worked out then: not "Thinking…", not the greyed hint of a decision already
# taken), then climbs the ladder ("Show the card", "Show the numbers") for its note and its
# best action.
HINT = """() => new Promise((resolve, reject) => {
  let ms = null;
  const obs = new MutationObserver(() => {
    const p = document.querySelector(
      '[data-testid="hint-panel"]:not(.tt-hint-stale):not(.tt-hint-thinking)');
    if (!p) return;
    if (ms === null) ms = performance.now() - t0;
    const best = p.querySelector('.tt-hint-best');
    if (!best) {
      const more = p.querySelector('[data-testid="hint-more"]:not(:disabled)');
      if (more) more.click();
      return;
    }
    obs.disconnect();
    const note = p.querySelector('.tt-hint-note');
    resolve({ms, note: note ? note.textContent : '', best: best.dataset.hintAction,
             options: p.querySelectorAll('.tt-hint-option').length});
  });
  obs.observe(document.body, {childList: true, subtree: true, attributes: true});
  setTimeout(() => { obs.disconnect(); reject(new Error('no hint in 180 s')); }, 180000);
  const t0 = performance.now();
  document.querySelector('[data-testid="hint"]').click();
})"""

# Run in CPython and in Pyodide alike: one position's advice, and the CPU loops.
ENGINE_PY = '''
import time
from tutor.advice import advise
from tutor.engine.records import loads

def time_advice(text, seconds):
    game = loads(text)
    start = time.perf_counter()
    a = advise(game, seconds=seconds, seed=0)
    return [time.perf_counter() - start, a.samples, a.rollouts]

def cpu_loops():
    """Seconds for 10^6 steps of integer arithmetic, and for 10^6 lowest-bit steps on
    52-bit card masks (what the rollouts do most)."""
    start = time.perf_counter()
    x = 0
    for i in range(1_000_000):
        x = (x * 31 + i) & 0xFFFFFFFFFFFFF
    loop = time.perf_counter() - start
    start = time.perf_counter()
    n = 0
    for _ in range(1_000_000 // 52):
        m = (1 << 52) - 1
        while m:
            low = m & -m
            m ^= low
            n += 1
    return [loop, time.perf_counter() - start]
'''

BENCH_PAGE = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>engine timing</title>
<script src="{PREFIX}/static/pyodide/pyodide.js"></script></head><body></body></html>
"""

ENGINE_ROWS = [("Trixter", "trump", 13), ("Trixter", "bid", 13), ("Trixter", "card", 13),
               ("Trixter", "card", 10), ("Trixter", "card", 7), ("Trix", "contract", 13),
               ("Trix", "card", 13), ("Trix", "card", 10), ("Trix", "card", 7),
               ("Trix", "trex", 13)]


# --- servers -------------------------------------------------------------------------
@contextlib.contextmanager
def static_site(site: Path):
    """The site on a static file server under ``/trix-tutor/``, with the engine's timing
    page beside it; yields the server's base URL."""
    with tempfile.TemporaryDirectory() as root:
        (Path(root) / PREFIX).symlink_to(site)
        (Path(root) / "engine.html").write_text(BENCH_PAGE, encoding="utf-8")
        proc = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind",
                                 "127.0.0.1", "--directory", root],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            line = proc.stdout.readline()  # "Serving HTTP on 127.0.0.1 port N ..."
            match = re.search(r"port (\d+)", line)
            if not match:
                raise RuntimeError(f"the static server did not start: {line!r}")
            yield f"http://localhost:{match[1]}"
        finally:
            stop(proc)


@contextlib.contextmanager
def voila_app():
    """The app as ``make app`` starts it (``trix-tutor app``), with a fresh home (no saved
    game offered) and a short pause between computer moves; yields its base URL."""
    port = free_port()
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryFile("w+") as log:
        env = {**os.environ, "TRIX_TUTOR_HOME": home, "TRIX_TUTOR_PAUSE": "0.05"}
        env.pop("TRIX_TUTOR_SEED", None)
        proc = subprocess.Popen([sys.executable, "-m", "tutor.cli", "app", f"--port={port}"],
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://localhost:{port}"
        try:
            deadline = time.monotonic() + 90
            while True:
                try:
                    urllib.request.urlopen(url + "/", timeout=2).close()
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        raise RuntimeError("Voila did not start:\n" + log.read()[-3000:]) \
                            from None
                    time.sleep(0.2)
            yield url
        finally:
            stop(proc)


# --- the play pages ------------------------------------------------------------------
def new_page(browser, base: str, problems: list[str]):
    context = browser.new_context(viewport={"width": 1100, "height": 900})

    def outside(route):  # nothing leaves the server under test
        problems.append(f"request outside: {route.request.url}")
        route.fulfill(status=404, body="", content_type="text/plain")

    context.route(lambda url: not url.startswith(base), outside)
    page = context.new_page()
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.set_default_timeout(60_000)
    return page


def hand(page):
    return page.locator('[data-testid="hand"] [data-card]')


def wait_for_learner(page, seconds: float = 90) -> str:
    """Wait until the learner must act; return what (``next`` once the hand is over)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator('[data-action="next"]:enabled').count():
            return "next"
        if page.locator(".tt-me.tt-to-move").count():
            for what, sel in TURN:
                if page.locator(sel).count():
                    return what
        page.wait_for_timeout(50)
    raise RuntimeError("the learner never got a turn")


def click(page, locator) -> None:
    """Click and wait for the widget to redraw (every reply replaces the clicked button)."""
    for attempt in range(3):
        handle = locator.first.element_handle()
        try:
            handle.click()
            break
        except Exception as e:  # noqa: BLE001 - replaced between finding and clicking
            if "not attached" not in str(e) or attempt == 2:
                raise
    page.wait_for_function("el => !el.isConnected", arg=handle)


def take(page, what: str, best: str | None) -> None:
    """Take the hinted action when it is on a button now, else the first one offered."""
    if best:
        kind, _, value = best.partition(" ")
        if what == "card":
            sel = f'[data-testid="hand"] [data-card="{best}"].legal'
        elif kind in ("trump", "bid", "contract"):
            sel = f'[data-{kind}="{value}"]:enabled'
        else:
            sel = f'[data-action="{best}"]:enabled'
        if page.locator(sel).count():
            click(page, page.locator(sel))
            return
    click(page, page.locator(dict(TURN)[what]))


def new_game(page, game: str) -> None:
    """A new game from the options panel (Trixter: from the peak, 13 cards)."""
    options = page.get_by_role("button", name="Game options")
    if not page.locator(".tt-game-options select").first.is_visible():
        options.click()
    if game == "trixter":
        page.locator(".tt-game-options .widget-dropdown").filter(has_text="Start with") \
            .locator("select").select_option(label=PEAK)
    page.get_by_role("button", name="New game with these options").click()
    # Asked first once the learner has acted; the new game's hand has 13 cards (the old
    # one had fewer: it is left at 7 cards or fewer, or over).
    ask = page.locator('[data-testid="start-new-game"]')
    deadline = time.monotonic() + 90
    while hand(page).count() != 13:
        if ask.count():
            with contextlib.suppress(Exception):  # gone already: the game has started
                ask.first.click(timeout=2_000)
        if time.monotonic() > deadline:
            raise RuntimeError("the new game did not start")
        page.wait_for_timeout(100)
    page.wait_for_timeout(500)  # the new game drawn before looking for the learner's turn


def hints_in_games(page, url: str, game: str, games: int, first: int,
                   shot: Path | None) -> list[dict]:
    """``games`` games of ``game`` on the page at ``url``: the Hint timed at every
    decision but cards, and at the first card choice at or below each size in
    :data:`SIZES`."""
    rows = []
    page.goto(url)
    hand(page).first.wait_for(timeout=first)
    for g in range(games):
        if g or game == "trixter":  # Trix: the page's own game is the first
            new_game(page, game)
        asked: set[tuple[str, int]] = set()
        sizes = list(SIZES)  # the card decisions still to hint: the first at or below each
        while True:
            what = wait_for_learner(page)
            if what == "next":
                break
            n = hand(page).count()
            if what == "card":
                choice = hand(page).and_(page.locator(".legal")).count() > 1
                wanted = choice and bool(sizes) and n <= sizes[0]  # a forced card is not timed
            else:
                wanted = what != "pass" and (what, n) not in asked
            if not wanted:
                take(page, what, None)
                continue
            asked.add((what, n))
            while what == "card" and sizes and n <= sizes[0]:
                sizes.pop(0)
            page.locator('[data-testid="hint"]:enabled').wait_for()
            page.locator('[data-testid="hint-panel"]').wait_for(state="detached")
            r = page.evaluate(HINT)
            deals = re.search(r"(?:on|over) ([\d,]+) (?:deal|way)", r["note"])
            rows.append({"game": game, "decision": what, "cards": n, "seconds": r["ms"] / 1000,
                         "deals": int(deals[1].replace(",", "")) if deals else None,
                         "options": r["options"], "best": r["best"]})
            print(f"  {game} game {g + 1}: {what} at {n} cards {r['ms'] / 1000:.2f} s "
                  f"({r['note'] or 'no note'}; best {r['best']})", flush=True)
            if shot is not None and what == "card" and n == 13 and not shot.exists():
                panel = page.locator('[data-testid="hint-panel"]')
                panel.scroll_into_view_if_needed()
                panel.locator("xpath=..").screenshot(path=str(shot))
            take(page, what, r["best"])
            if not sizes:
                break
    return rows


# --- the engine in both Pythons --------------------------------------------------------
def engine_cases(count: int) -> list[tuple[str, str]]:
    cases = []
    for game, kind, size in ENGINE_ROWS:
        for g in advice_bench.positions(game, kind, size, count, seed=0):
            cases.append((f"{game}|{kind}|{size}", dumps(g, indent=None)))
    return cases


def engine_times(browser, base: str, count: int, rounds: int = 3) -> dict:
    """``advise`` at the site's budget on the same positions in CPython (this process)
    and Pyodide (the site's), alternating; the CPU loops likewise."""
    here: dict = {}
    exec(ENGINE_PY, here)  # noqa: S102 - the same text runs in Pyodide
    page = browser.new_page()
    page.set_default_timeout(PYODIDE_START)
    page.goto(f"{base}/engine.html")
    version = page.evaluate("""async (code) => {
      window.py = await loadPyodide({indexURL: new URL('trix-tutor/static/pyodide/',
                                                       location.href).href});
      await py.loadPackage(['trix-tutor']);
      py.runPython(code);
      return py.runPython('import sys; sys.version.split()[0] + " " + sys.platform');
    }""", ENGINE_PY)
    out: dict = {"pyodide": version, "cpython": sys.version.split()[0], "rows": {},
                 "loops": {"cpython": [], "pyodide": []}}
    for key, text in engine_cases(count):
        cp = here["time_advice"](text, SITE_SECONDS)
        py = page.evaluate("""([text, s]) => {
          py.globals.set('case_text', text);
          return py.runPython(`time_advice(case_text, ${s})`).toJs();
        }""", [text, SITE_SECONDS])
        row = out["rows"].setdefault(key, {"cpython": [], "pyodide": [], "samples": []})
        row["cpython"].append(cp[0])
        row["pyodide"].append(py[0])
        row["samples"].append(cp[1])
        if cp[1:] != list(py[1:]):  # the budget is the same work on any machine
            out.setdefault("differ", []).append(f"{key}: CPython {cp[1:]}, Pyodide {py[1:]}")
    for _ in range(rounds):
        out["loops"]["cpython"].append(here["cpu_loops"]())
        out["loops"]["pyodide"].append(list(page.evaluate("py.runPython('cpu_loops()').toJs()")))
    page.close()
    return out


# --- the tables ------------------------------------------------------------------------
def med(xs: list[float]) -> float:
    return statistics.median(xs)


def print_clicks(rows: list[dict]) -> None:
    print("# Hint clicked on the play pages: seconds from the click to the ranked options "
          "drawn")
    head = (f"{'where':<12}{'game':<8}{'decision':<9}{'cards':>5}{'n':>4}{'median s':>10}"
            f"{'max s':>8}  deals weighed")
    print(head)
    print("-" * len(head))
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        groups.setdefault((r["where"], r["game"], r["decision"], r["cards"]), []).append(r)
    order = {"static site": 0, "app": 1}
    kinds = ["trump", "bid", "contract", "redeal", "double", "card"]
    for key in sorted(groups, key=lambda k: (order[k[0]], k[1] != "trixter", kinds.index(k[2]),
                                             -k[3])):
        rs = groups[key]
        secs = [r["seconds"] for r in rs]
        deals = sorted({r["deals"] for r in rs if r["deals"] is not None})
        weighed = "-" if not deals else (f"{deals[0]:,}" if len(deals) == 1
                                         else f"{deals[0]:,}–{deals[-1]:,}")
        where, game, kind, cards = key
        print(f"{where:<12}{game.capitalize():<8}{kind:<9}{cards:>5}{len(rs):>4}"
              f"{med(secs):>10.2f}{max(secs):>8.2f}  {weighed}")
    for where in order:
        at13 = [r["seconds"] for r in rows if r["where"] == where and r["cards"] == 13]
        if at13:
            print(f"# {where}, every decision at 13 cards: median {med(at13):.2f} s, "
                  f"max {max(at13):.2f} s over {len(at13)} hints")


def print_engine(e: dict) -> None:
    print(f"\n# advise at the site's budget ({SITE_SECONDS} s of rollouts at the fixed rate) "
          f"on the same positions: CPython {e['cpython']} here, Pyodide "
          f"{e['pyodide']} in chromium; seconds (median; max in Pyodide)")
    head = (f"{'game':<8}{'decision':<9}{'cards':>5}{'n':>4}{'CPython s':>11}{'Pyodide s':>11}"
            f"{'max':>7}{'ratio':>7}{'deals':>7}")
    print(head)
    print("-" * len(head))
    ratios = []
    for key, r in e["rows"].items():
        game, kind, size = key.split("|")
        c, p = med(r["cpython"]), med(r["pyodide"])
        ratios += [b / a for a, b in zip(r["cpython"], r["pyodide"])]
        print(f"{game:<8}{kind:<9}{size:>5}{len(r['cpython']):>4}{c:>11.3f}{p:>11.3f}"
              f"{max(r['pyodide']):>7.3f}{p / c:>7.2f}{med(r['samples']):>7.0f}")
    print(f"# Pyodide / CPython over every position: median {med(ratios):.2f}, "
          f"range {min(ratios):.2f}–{max(ratios):.2f}")
    for i, name in enumerate(("integer loop (10^6 steps)", "52-bit mask loop (10^6 steps)")):
        c = med([x[i] for x in e["loops"]["cpython"]])
        p = med([x[i] for x in e["loops"]["pyodide"]])
        print(f"# {name}: CPython {c:.3f} s, Pyodide {p:.3f} s, ratio {p / c:.2f}")
    for line in e.get("differ", []):
        print(f"# not the same work: {line}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3, help="games of each on each page")
    ap.add_argument("--positions", type=int, default=4, help="engine positions a row")
    ap.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    ap.add_argument("--no-app", action="store_true", help="leave out the Voila app")
    ap.add_argument("--shot", type=Path, default=Path("/tmp/site-hint.png"))
    args = ap.parse_args(argv)
    if not (args.site / "voici" / "render" / "play_trixter.html").exists():
        raise SystemExit(f"no site in {args.site}: run `make site`")
    from playwright.sync_api import sync_playwright

    wall = time.perf_counter()
    args.shot.unlink(missing_ok=True)
    rows: list[dict] = []
    problems: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            with static_site(args.site.resolve()) as base:
                print("engine: the same positions in CPython and in Pyodide", flush=True)
                engine = engine_times(browser, base, args.positions)
                for game in ("trixter", "trix"):
                    print(f"static site: {game}", flush=True)
                    page = new_page(browser, base, problems)
                    url = f"{base}/{PREFIX}/voici/render/play_{game}.html"
                    got = hints_in_games(page, url, game, args.games, PYODIDE_START,
                                         args.shot)
                    rows += [{**r, "where": "static site"} for r in got]
                    page.context.close()
            if not args.no_app:
                with voila_app() as base:
                    for game in ("trixter", "trix"):
                        print(f"app: {game}", flush=True)
                        page = new_page(browser, base, problems)
                        url = f"{base}/voila/render/play_{game}.ipynb"
                        got = hints_in_games(page, url, game, args.games, 60_000, None)
                        rows += [{**r, "where": "app"} for r in got]
                        page.context.close()
        finally:
            browser.close()
    print()
    print(f"# budgets: hint_seconds() = {SITE_SECONDS} s in the site (Pyodide), "
          f"{APP_SECONDS} s in the app (CPython); {args.games} games a page; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print_clicks(rows)
    print_engine(engine)
    print(f"# wall {time.perf_counter() - wall:.0f} s; page problems: {len(problems)}")
    for line in problems[:10]:
        print("#  ", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
