"""The Voila app in a real browser: Debian's chromium driven by Playwright.

One Voila server (the app as ``make app`` serves it, started by ``trix-tutor app``:
``lessons/`` with ``voila.json`` and the app's page template) runs for the whole run on a
free localhost port, and one chromium: session fixtures in tests/conftest.py, shared by
every browser test module. Each test opens a page as a learner would, acts only through
what the page shows, and fails on any JavaScript error in the console. Screenshots go to
``test-artifacts/`` (gitignored) for a person to look at.

No test depends on the machine being quiet (CI may run them beside the solver tests, and
a fresh clone on a crowded machine once read a page still "Loading widget"): every test
waits for what it checks to be there (a selector, a text, a page's widgets all drawn),
each wait with a generous timeout (``WAIT``), never for a fixed time.

Chromium resolves no host but localhost, and a request of a page for any other host
fails the test: a classroom without internet must get everything from the app.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost"]  # no other host
# Seed 21: the learner (seat 0) deals the first Trixter hand and owns the first Trix kingdom.
SEED = "21"

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
if importlib.util.find_spec("voila") is None:  # the app runs it in a process of its own
    pytest.skip("pip install -e '.[app]'", allow_module_level=True)
if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(f"no {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
expect = sync_api.expect
# Every wait of these tests: generous, since a crowded machine may be many times slower
# than a quiet one; a wait ends as soon as its condition holds, so a quiet run is as quick.
WAIT = 120_000  # ms
expect.set_options(timeout=WAIT)

# Resolves (in ms) when the card shows in the trick area, however briefly: the computer
# seats may complete the trick and lead the next one right after the learner's card.
WATCH_TRICK = """card => { window.__landed = new Promise((resolve, reject) => {
  const t0 = performance.now();
  const sel = `[data-testid="trick"] [data-card="${card}"]`;
  const obs = new MutationObserver(() => {
    if (document.querySelector(sel)) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(document.body, { childList: true, subtree: true, attributes: true });
  setTimeout(() => { obs.disconnect(); reject(new Error(`${card} never reached the trick`)); },
             120000);
}); }"""


def wait_until(ready, what: str, seconds: float = WAIT / 1000, every: float = 0.2) -> None:
    """Poll ``ready()`` until it is true; fail naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not after {seconds:.0f} s")
        time.sleep(every)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running(args: list[str], name: str, cwd: Path = ROOT, **env: str | None):
    """A Voila (or Jupyter server) process from ``args`` (cwd: the repository, for
    ``voila.json``), once it answers on its port; stopped (with its kernels) at the end.
    ``env`` adds variables (``None`` removes one). Its log goes to
    ``test-artifacts/<name>.log``."""
    port = _free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    env = dict(os.environ, TRIX_TUTOR_SEED=SEED, TRIX_TUTOR_PAUSE="0.05", **env)
    env = {k: v for k, v in env.items() if v is not None}
    log = open(ARTIFACTS / f"{name}.log", "w")  # closed in the finally below
    proc = subprocess.Popen([sys.executable, *args, f"--port={port}"], cwd=cwd, env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    url = proc.url = f"http://localhost:{port}"

    def answers() -> bool:
        if proc.poll() is not None:
            raise RuntimeError(f"Voila stopped: see test-artifacts/{name}.log")
        try:
            urllib.request.urlopen(url + "/", timeout=10).close()
            return True
        except OSError:
            return False

    try:
        wait_until(answers, f"Voila answering (see test-artifacts/{name}.log)", seconds=300)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@contextlib.contextmanager
def app_server():
    """The app as ``make app`` starts it (``trix-tutor app``, which becomes Voila): the
    ``voila`` session fixture of tests/conftest.py."""
    home = ARTIFACTS / "home"  # a fresh puzzle progress file for every run
    shutil.rmtree(home, ignore_errors=True)
    # The app's table service on a port of its own: other lanes may run an app too.
    with running(["-m", "tutor.cli", "app"], "voila", TRIX_TUTOR_HOME=str(home),
                 TRIX_TUTOR_TABLES_PORT=str(_free_port())) as proc:
        yield proc


def kernels(voila, kernel_id: str = "") -> set[int]:
    """Process ids of the kernels this Voila started (its children running ipykernel);
    with ``kernel_id``, only that kernel's (its connection file is named after it)."""
    out = set()
    for d in Path("/proc").iterdir():
        try:
            ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            cmd = (d / "cmdline").read_bytes()
            if ppid == voila.pid and b"ipykernel" in cmd and f"-{kernel_id}".encode() in cmd:
                out.add(int(d.name))
        except (OSError, ValueError, IndexError):
            continue
    return out


def assert_unix_sockets(pid: int) -> None:
    """The kernel ``pid`` listens on Unix sockets (voila.json): TCP ports picked free by
    Voila may be taken by another process before the kernel binds them, and the kernel
    dies with its page still waiting (a CI run lost a Trix page so)."""
    args = (Path("/proc") / str(pid) / "cmdline").read_bytes().split(b"\0")
    info = json.loads(Path(args[args.index(b"-f") + 1].decode()).read_text())
    assert info["transport"] == "ipc", info
    for port in ("shell_port", "iopub_port", "control_port"):
        assert Path(f"{info['ip']}-{info[port]}").is_socket(), (port, info)


def page_kernel_id(page) -> str:
    """The id of the kernel behind a Voila page (its page config)."""
    return json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]


@contextlib.contextmanager
def launch_browser():
    """Debian's chromium: the ``browser`` session fixture of tests/conftest.py."""
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def outside_the_app(url: str, base: str) -> bool:
    """A request that is not the app's (``base``) nor made in the page itself."""
    return not url.startswith((base, "data:", "blob:"))


MODEL_NOT_FOUND = "console error: Error: widget model not found"


def watched_page(browser, base: str, problems: list[str], expected: re.Pattern | None = None):
    """A page in a fresh context whose console errors, page errors and requests outside
    ``base`` (the app) are added to ``problems``; an outside request gets nothing, as
    chromium resolves no host but localhost (``CHROMIUM_ARGS``). The requests are only
    listened to (routing them through Playwright paused every one of the app's own): each
    that reached the network or failed, not those its page's service worker answered
    (the static site's JupyterLite answers its own heartbeat at the server's root)."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})

    def outside(url: str) -> None:
        if outside_the_app(url, base):
            problems.append(f"request outside the app: {url}")

    def console(msg):
        text = f"console error: {msg.text} ({msg.location.get('url')})"
        if msg.type == "error" and not (expected and expected.search(text)):
            problems.append(text)

    # Voila can hand a page a pooled kernel whose widgets are not made yet (a busy server,
    # the same page opened twice within its kernel's start): the template's notice then
    # loads the page again (spinner.macro.html.j2). That reload forgives the load before
    # it its "widget model not found"; the errors of the load that stays still count.
    before = {"problems": 0}

    def navigated(frame) -> None:
        if frame == pg.main_frame:
            before["problems"] = len(problems)

    def loaded(page) -> None:
        try:
            how = page.evaluate("performance.getEntriesByType('navigation')[0].type")
        except sync_api.Error:
            return
        if how == "reload":
            again = f"({page.url})"
            problems[:] = [p for i, p in enumerate(problems) if not (
                i < before["problems"] and MODEL_NOT_FOUND in p and p.endswith(again))]

    pg = context.new_page()
    pg.on("framenavigated", navigated)
    pg.on("load", loaded)
    pg.on("response", lambda r: r.from_service_worker or outside(r.url))
    pg.on("requestfailed", lambda r: outside(r.url))
    pg.on("console", console)
    pg.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    pg.set_default_timeout(WAIT)
    return pg


def shot(page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def hand(page):
    return page.locator('[data-testid="hand"] [data-card]')


# What the learner may have to do, most specific first: with cards to play, the bid and
# trump buttons may still be enabled (a Trixter bid or trump can be changed until play).
TURN = [("card", '[data-testid="hand"] [data-card].legal'),
        ("contract", "[data-contract]:enabled"),
        ("redeal", '[data-action="no redeal"]:enabled'),
        ("double", '[data-action="no double"]:enabled'),
        ("bid", "[data-bid]:enabled"),
        ("trump", "[data-trump]:enabled")]


# The same, read in one go in the page (so no redraw falls between two of its questions).
LEARNER_TURN = """turn => {
  if (document.querySelector('[data-action="next"]:enabled')) return "next";
  if (!document.querySelector(".tt-me.tt-to-move")) return null;
  for (const [what, sel] of turn) if (document.querySelector(sel)) return what;
  return null; }"""


def wait_for_learner(page) -> str:
    """Wait until the learner must act; return what: next, card, contract, redeal,
    double, bid or trump."""
    try:
        return page.wait_for_function(LEARNER_TURN, arg=TURN, timeout=WAIT).json_value()
    except sync_api.TimeoutError:
        shot(page, "stuck")
        raise AssertionError("the learner never got a turn (see test-artifacts/stuck.png)") \
            from None


def click(page, locator, asked=None) -> None:
    """Click and wait for the widget to redraw (every reply replaces the clicked button).
    Each part of the game gets its own message: a part drawn a moment after another may
    replace the button between finding it and clicking it; then it is found again. With
    ``asked``, a button gone for good because the table moved on is no longer clicked."""
    deadline = time.monotonic() + WAIT / 1000
    while True:
        try:
            handle = locator.element_handle(timeout=5000)
        except sync_api.TimeoutError:
            if asked is not None and not asked():
                return
            if time.monotonic() > deadline:
                shot(page, "stuck")
                raise AssertionError("the button never came (test-artifacts/stuck.png)") \
                    from None
            continue
        try:
            handle.click()
            break
        except sync_api.Error as e:
            # Computer seats may redraw the table several times in a row (CI saw three).
            if "not attached" not in str(e) or time.monotonic() > deadline:
                raise
    page.wait_for_function("el => !el.isConnected", arg=handle)


def play_legal_card(page) -> str:
    """Click a legal card of the learner's and see it land in the trick."""
    card = hand(page).and_(page.locator(".legal")).first.get_attribute("data-card")
    page.evaluate(WATCH_TRICK, card)
    click(page, hand(page).and_(page.locator(f'[data-card="{card}"]')))
    page.evaluate("window.__landed")
    expect(hand(page).and_(page.locator(f'[data-card="{card}"]'))).to_have_count(0)
    return card


def try_illegal_card(page) -> str | None:
    """If the learner holds a card that is not legal now, click it and return the
    explanation shown in the message line; the hand is unchanged."""
    illegal = hand(page).and_(page.locator(":not(.legal)"))
    if not illegal.count():
        return None
    before = hand(page).count()
    card = illegal.first.get_attribute("data-card")
    click(page, illegal.first)
    message = page.locator('[data-testid="message"]')
    expect(message).to_have_class(re.compile(r"\btt-error\b"))
    expect(message).to_contain_text(re.compile(r"must|cannot|can't|not", re.I))
    assert hand(page).count() == before
    assert page.locator(f'[data-testid="trick"] [data-card="{card}"]').count() == 0
    return message.inner_text()


# Still asked ``what`` (its control is there), or asked something else now: the table is
# drawn in parts, and a part landing later may take the ask away (the bid went in and the
# cards come next), so the turn read a moment ago is read again before the click.
STILL_ASKED = f"""([sel, turn, what]) => {{
  const now = ({LEARNER_TURN})(turn);
  if (now === what && document.querySelector(sel)) return "asked";
  return now && now !== what ? "moved on" : null; }}"""


def act(page, what: str) -> None:
    """Take a plain action for the learner (not a card); if the table has moved on to
    another ask meanwhile, do nothing (every caller asks again)."""
    sel = dict(TURN, next='[data-action="next"]')[what]

    def asked() -> bool:
        still = page.wait_for_function(STILL_ASKED, arg=[sel, TURN, what], timeout=WAIT)
        return still.json_value() == "asked"

    if asked():
        click(page, page.locator(sel).first, asked)


def open_from_start_page(page, app_url: str, link: str):
    """Follow ``link`` of the start page, opened first unless the page shows it already."""
    start = f"{app_url}/voila/render/00_start_here.ipynb"
    if page.url != start:
        page.goto(start)
    expect(page.get_by_role("heading", name="Trix and Trixter")).to_be_visible()
    # The learner's map draws above the links and moves them down: a click made before it
    # shows can land beside the link (CI, 2026-12-01), so wait for it first.
    expect(page.locator(".tt-map")).to_be_visible(timeout=WAIT)
    target = page.get_by_role("link", name=link, exact=True)
    href = target.get_attribute("href")
    target.click()
    expect(page).to_have_url(re.compile(re.escape(href) + "$"), timeout=WAIT)
    expect(page.locator(".trix-tutor").first).to_be_visible(timeout=WAIT)
    expect(page.locator('[data-testid="message"]')).to_be_visible()


def test_start_page_links_work_and_show_no_code(page, app_url):
    page.goto(f"{app_url}/voila/render/00_start_here.ipynb")
    shot(page, "start_page")
    for name in ("Play Trixter", "play Trix", "Puzzles", "Tricks and following suit",
                 "The kingdom and the five contracts", "Glossary", "Teacher's page"):
        expect(page.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(page.locator(".tt-map")).to_be_visible(timeout=WAIT)  # it moves the links down
    page.get_by_role("link", name="play Trix", exact=True).click()
    expect(page).to_have_url(re.compile(r"/voila/render/play_trix\.ipynb$"))
    expect(page.locator(".trix-tutor").first).to_be_visible(timeout=WAIT)
    assert "import" not in page.locator("body").inner_text()  # sources are stripped
    page.get_by_role("link", name="Back to the start").click()
    expect(page).to_have_url(re.compile(r"/voila/render/00_start_here\.ipynb$"))


def test_trixter_trump_bid_play_and_an_illegal_card(page, app_url):
    open_from_start_page(page, app_url, "Play Trixter")
    assert re.search(r"/voila/render/play_trixter\.ipynb$", page.url)
    # Seed 21: the learner deals the first hand, so names trump, then bids.
    assert wait_for_learner(page) == "trump"
    shot(page, "trixter_trump")
    click(page, page.locator('[data-trump="S"]'))
    assert wait_for_learner(page) == "bid"
    shot(page, "trixter_bid")
    act(page, "bid")
    # Hand 1 has one card: play on until a card cannot be played.
    play_until_refused(page, "trixter", turns=60)
    play_legal_card(page)


def play_until_refused(page, name: str, turns: int) -> str:
    """Play a legal card (and see it land), then keep playing until a card in the hand
    is not legal: click it and return the explanation shown. Screenshots on the way."""
    played = explained = None
    for _ in range(turns):
        what = wait_for_learner(page)
        if what != "card":
            act(page, what)
            continue
        if played is None:
            played = play_legal_card(page)
            shot(page, f"{name}_played")
            continue
        explained = try_illegal_card(page)
        if explained:
            break
        play_legal_card(page)
    assert played and explained, "no illegal card came up"
    shot(page, f"{name}_illegal")
    return explained


def test_trix_contract_and_play(page, app_url):
    open_from_start_page(page, app_url, "play Trix")
    # Seed 21: the learner holds the 7 of hearts and owns the first kingdom.
    what = wait_for_learner(page)
    while what == "redeal":
        act(page, what)
        what = wait_for_learner(page)
    assert what == "contract"
    shot(page, "trix_contract")
    click(page, page.locator('[data-contract="ltoosh"]'))
    expect(page.locator(".tt-info")).to_contain_text("Ltoosh")
    explained = play_until_refused(page, "trix", turns=40)
    assert "follow suit" in explained
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.locator('[data-testid="hand"]').scroll_into_view_if_needed()
    shot(page, "trix_phone")
    assert page.locator('[data-testid="hand"]').bounding_box()["width"] <= 390


def test_leaving_the_page_shuts_its_kernel_down(browser, voila):
    """Voila's beforeunload beacon must get through (voila.json), not wait for culling."""
    context = browser.new_context()  # not routed: routing holds the beacon back
    pg = context.new_page()
    pg.goto(f"{voila.url}/voila/render/play_trixter.ipynb")
    expect(pg.locator(".trix-tutor").first).to_be_visible(timeout=WAIT)
    # The page's own kernel: a preheated one was started before the page was asked for.
    mine = kernels(voila, page_kernel_id(pg))
    assert len(mine) == 1
    assert_unix_sockets(next(iter(mine)))
    pg.goto("about:blank")  # leaving the page fires the beacon
    # Culling would take far longer than this (voila.json); a crowded machine takes longer
    # than a quiet one to end a kernel, but never that long.
    wait_until(lambda: not mine & kernels(voila), "the kernel outlived its page",
               seconds=120)
    context.close()


# --- puzzles -------------------------------------------------------------------------------
def open_puzzle(page, app_url: str, theme: str, difficulty: str):
    """Open the puzzle page from the start page, choose a theme and difficulty, and
    return the puzzle shown (from the bundled collection) and a session that follows it."""
    open_from_start_page(page, app_url, "Puzzles")
    return choose_puzzle(page, theme, difficulty)


def choose_puzzle(page, theme: str, difficulty: str):
    """On the puzzle page: choose a theme and difficulty; return the puzzle shown and a
    session that follows it."""
    from tutor.puzzles import bundled
    from tutor.puzzles.session import PuzzleSession

    board = page.locator(".tt-puzzle[data-puzzle-id]")
    expect(board).to_be_visible()
    # The board names its theme and stars ("Trixter: make your bid · ★★"). The puzzle shown
    # first may already be of the theme, so wait for the words, not for another puzzle.
    page.get_by_label("Theme").select_option(label=theme)
    expect(board).to_contain_text(theme)
    stars = difficulty.split()[0]
    page.get_by_label("Difficulty").select_option(label=difficulty)
    expect(board).to_contain_text(re.compile(re.escape(f"{theme} · {stars}") + "(?!★)"))
    pid = board.get_attribute("data-puzzle-id")
    puzzle = next(p for p in bundled() if p.id == pid)
    session = PuzzleSession(puzzle)
    session.advance()
    return puzzle, session


def click_card(page, session, card) -> None:
    """Click ``card`` in the hand, make the same move in ``session``, and wait until
    the board is the learner's again (or the puzzle is over)."""
    click(page, hand(page).and_(page.locator(f'[data-card="{card}"]')))
    session.play(card)
    expect(hand(page).and_(page.locator(f'[data-card="{card}"]'))).to_have_count(0)
    # The other seats' cards and the learner's last card land one by one, with pauses
    # (slower still in the browser's Python on a busy machine): give them time.
    if session.over:
        expect(page.locator('[data-testid="puzzle-status"]')).to_have_class(
            re.compile(r"tt-(solved|failed)"), timeout=WAIT)
    else:
        expect(page.locator(".tt-me.tt-to-move")).to_have_count(1, timeout=WAIT)
        expect(hand(page).and_(page.locator(".legal"))).to_have_count(len(session.legal()))


def test_puzzle_solved_by_clicking(page, app_url):
    puzzle, session = open_puzzle(page, app_url, "Trixter: make your bid", "★★ (2)")
    assert (puzzle.theme, puzzle.difficulty) == ("make-n", 2)
    expect(page.locator('[data-testid="puzzle-prompt"]')).to_have_text(puzzle.prompt)
    expect(page.locator('[data-testid="puzzle-counting"]')).to_contain_text("Rated:")
    shot(page, "puzzle_start")
    while not session.over:
        click_card(page, session, session.hints().card)
        if not session.over:
            expect(page.locator('[data-testid="puzzle-status"]')).to_contain_text(
                "still within reach")
    status = page.locator('[data-testid="puzzle-status"]')
    expect(status).to_contain_text("Solved!")
    expect(page.locator('[data-testid="puzzle-explanation"]')).to_contain_text(
        puzzle.explanation[:40])
    expect(page.locator('[data-testid="puzzle-result"]')).to_contain_text("solved")
    expect(page.locator(".tt-progress-box")).to_contain_text("streak 1")
    shot(page, "puzzle_solved")


def test_puzzle_failed_then_undo_and_solution(page, app_url):
    from tutor.puzzles import check

    puzzle, session = open_puzzle(page, app_url, "King of Hearts: dodge the K♥", "★ (1)")
    assert puzzle.theme == "king-dodge"
    bad = check(puzzle).failing[0]
    click_card(page, session, bad)
    status = page.locator('[data-testid="puzzle-status"]')
    expect(status).to_have_class(re.compile(r"\btt-failed\b"))
    expect(page.locator('[data-testid="puzzle-result"]')).to_contain_text("missed")
    shot(page, "puzzle_failed")
    click(page, page.locator('[data-testid="puzzle-undo"]'))
    assert session.undo()
    expect(status).not_to_have_class(re.compile(r"\btt-failed\b"))
    expect(hand(page).and_(page.locator(f'[data-card="{bad}"]'))).to_have_count(1)
    for level in (1, 2, 3):
        click(page, page.locator('[data-testid="puzzle-hint"]'))
        expect(page.locator('[data-testid="puzzle-hints"] li')).to_have_count(level)
    expect(page.locator('[data-testid="puzzle-hints"]')).to_contain_text(
        f"Play the {session.hints().card.symbol()}.")
    shot(page, "puzzle_hints")
    click(page, page.locator('[data-testid="puzzle-hint"]'))  # the whole line; kept to:
    session.hint(4)  # when the defence leaves it, the panel says so with the line from now
    click_card(page, session, session.hints().card)
    if session.line_note:
        expect(page.locator('[data-testid="puzzle-line"]')).to_contain_text(
            session.line_note)
        shot(page, "puzzle_line")
    click(page, page.locator('[data-testid="puzzle-solution"]'))
    expect(status).to_contain_text("That was the solution", timeout=WAIT)
    expect(page.locator('[data-testid="puzzle-explanation"]')).to_be_visible()
    expect(page.locator(".tt-progress-box")).to_contain_text("Missed")
    shot(page, "puzzle_solution")
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    shot(page, "puzzle_phone")
    assert page.locator('[data-testid="hand"]').bounding_box()["width"] <= 390


# --- the curriculum: every lesson in the app, and every link ------------------------------
from tutor.lessons import LESSONS  # noqa: E402

LESSON_PAGES = ["00_start_here.ipynb"] + [x.path for x in LESSONS]
LINKS: dict[str, list[str]] = {}  # page -> the app links it shows (filled as pages open)
PROBLEM_TEXT = re.compile(r"Traceback|error when executing|Error displaying widget|"
                          r"Failed to load model|Loading widget", re.I)
CALL = re.compile(r"^(guided|puzzle|check|puzzle_trainer|class_set|teacher_page|learner_map|"
                  r"trixter_game|trix_game|review_page|tables_page|class_tables_page)\(",
                  re.M)


def expected_widgets(path: str) -> dict[str, int]:
    """How many puzzle panels and quizzes the notebook's calls must show."""
    cells = json.loads((ROOT / "lessons" / path).read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    calls = CALL.findall(code)
    return {".tt-map": calls.count("learner_map"),
            ".tt-puzzle": sum(c in ("guided", "puzzle", "puzzle_trainer") for c in calls),
            ".tt-quiz": calls.count("check"),
            ".tt-table": sum(c in ("guided", "puzzle", "puzzle_trainer", "trixter_game",
                                   "trix_game") for c in calls),
            # Pages of one widget: wait for it, or "Loading widget" may appear after the check.
            ".tt-review-page": calls.count("review_page"),
            ".tt-class-set": calls.count("class_set"),
            ".tt-teacher": calls.count("teacher_page"),
            ".tt-rush": calls.count("puzzle_rush"),
            ".tt-tables": calls.count("tables_page"),
            ".tt-class-tables": calls.count("class_tables_page")}


# A page is drawn when, all at one moment: its heading shows, the app's "Setting up the
# table…" notice is gone, Voila has turned every output (a JSON script) into a view, the
# page holds as many of each widget as its notebook makes, and no view still says
# "Loading widget..." (Voila's words until a view is drawn; a view whose model came late
# says them again). Then the page's text, read in the same moment, is returned.
PAGE_DRAWN = """counts => {
  if (!document.querySelector("h1") || document.querySelector(".tt-setting-up")) return false;
  if (document.querySelector('script[type="application/vnd.voila.cell-output+json"]'))
    return false;
  for (const [sel, n] of counts) if (document.querySelectorAll(sel).length !== n) return false;
  const text = document.body.innerText;
  return /Loading widget/i.test(text) ? false : text; }"""


def open_lesson(page, app_url: str, path: str, url: str | None = None,
                timeout: float = WAIT) -> None:
    """Open a lesson as the app serves it (or at ``url``) and wait until every widget it
    makes is drawn; fail on an error shown in the page."""
    page.goto(url or f"{app_url}/voila/render/{path}", timeout=timeout)
    counts = [[sel, n] for sel, n in expected_widgets(path).items() if n]
    try:
        text = page.wait_for_function(PAGE_DRAWN, arg=counts, polling=250,
                                      timeout=timeout).json_value()
    except sync_api.TimeoutError:
        text = None  # the checks below say what is missing
    expect(page.locator("h1").first).to_be_visible(timeout=timeout)
    for sel, n in counts:
        expect(page.locator(sel)).to_have_count(n, timeout=timeout)
    expect(page.locator('script[type="application/vnd.voila.cell-output+json"]')
           ).to_have_count(0, timeout=timeout)
    expect(page.get_by_text(re.compile(r"Loading widget", re.I))).to_have_count(0,
                                                                               timeout=timeout)
    assert text is not None, f"{path}: never drawn all at once (see PAGE_DRAWN)"
    assert not PROBLEM_TEXT.search(text), f"{path}: {PROBLEM_TEXT.search(text)[0]}"
    assert "import " not in text, f"{path}: code shows in the app"


def page_links(page) -> list[str]:
    return page.evaluate("""() => Array.from(document.querySelectorAll('a[href]'))
        .map(a => a.href).filter(h => !h.startsWith('javascript:'))""")


def full_shot(page, name: str) -> None:
    """A screenshot of the whole lesson (Voila scrolls inside the page, not the window)."""
    height = page.evaluate("""() => Math.max(document.body.scrollHeight,
        ...Array.from(document.querySelectorAll('body *')).map(e => e.scrollHeight))""")
    page.set_viewport_size({"width": 1100, "height": min(max(height, 900), 16000)})
    (ARTIFACTS / "lessons").mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lessons" / f"{name}.png"))


# page -> every URL it requested (as the browser sends them, before any routing) and
# whether its HTML names the CDN: filled as the test below opens each page, and read by
# test_no_page_asks_anything_outside_the_app (which opens a page itself only if missing).
ASKED: dict[str, tuple[list[str], bool]] = {}


def asked_outside(app_url: str, path: str) -> list[str]:
    """What ``path``'s visit asked outside the app: a line per request, naming the page."""
    sent, cdn = ASKED[path]
    outside = [u for u in sent if outside_the_app(u, app_url)]
    return ([f"{path}: asked outside the app: {u}" for u in outside]
            + ([f"{path}: names cdn.jsdelivr.net"] if cdn else [])
            + ([] if sent else [f"{path}: no request seen"]))


@pytest.mark.parametrize("path", LESSON_PAGES)
def test_every_lesson_opens_in_the_app_without_errors(page, app_url, path):
    """Every page opens, draws every widget and shows no error; and it asks nothing
    outside the app (checked here, during the same visit)."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url))
    open_lesson(page, app_url, path)
    LINKS[path] = page_links(page)
    cdn = "cdn.jsdelivr.net" in page.content()
    full_shot(page, path.replace("/", "_").removesuffix(".ipynb"))
    ASKED[path] = (sent, cdn)
    outside = asked_outside(app_url, path)
    assert not outside, "\n".join(outside)


def test_links_from_the_start_page_reach_every_lesson_and_none_is_broken(page, app_url):
    base = f"{app_url}/voila/render/"
    todo, seen, broken = ["00_start_here.ipynb"], set(), []
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        if path not in LINKS:  # not opened by the test above (run alone)
            open_lesson(page, app_url, path)
            LINKS[path] = page_links(page)
        for href in LINKS[path]:
            if href.startswith("data:application/json"):
                continue  # the play pages' game record download
            target = href.split("#")[0].split("?")[0]
            if not target.startswith(app_url):
                broken.append(f"{path}: leaves the app: {href}")
            elif target.startswith(base):
                rel = target[len(base):]
                if not (ROOT / "lessons" / rel).is_file():
                    broken.append(f"{path}: broken link {href}")
                elif rel.endswith(".ipynb"):
                    todo.append(rel)
    assert not broken, "\n".join(broken)
    assert not set(LESSON_PAGES) - seen, f"not reachable: {set(LESSON_PAGES) - seen}"


def test_guided_table_and_check_in_a_lesson(page, app_url):
    """Lesson 1 as a learner: a revoke is refused, the K♠ takes the trick and the table
    says why; a wrong answer to the check says try again, the right one says why."""
    open_lesson(page, app_url, "trixter/01_tricks.ipynb")
    guided_table_and_check(page)
    shot(page, "lesson_guided_and_check")


def guided_table_and_check(page) -> None:
    """Trixter lesson 1's guided table and check, played as the test above says."""
    table = page.locator(".tt-guided")
    cards = table.locator('[data-testid="hand"] [data-card]')
    click(page, cards.and_(page.locator('[data-card="2H"]')))
    expect(table.locator('[data-testid="puzzle-error"]')).to_contain_text("must follow suit")
    click(page, cards.and_(page.locator('[data-card="KS"]')))
    expect(table.locator('[data-testid="puzzle-story"]')).to_contain_text(
        "You took the trick with the K♠: the highest spade, the suit led.")
    quiz = page.locator(".tt-quiz")
    first = quiz.locator(".tt-quiz-q").first
    first.locator('[data-testid="quiz-choice"]', has_text="North").click()
    expect(first.locator('[data-testid="quiz-feedback"]')).to_contain_text("Not quite")
    first.locator('[data-testid="quiz-choice"]', has_text="West").click()
    expect(first.locator('[data-testid="quiz-feedback"]')).to_contain_text(
        "Right! West took the trick with the A♥")


# --- the review page ---------------------------------------------------------------------------
def test_review_page_draws_a_board_from_an_uploaded_record(page, app_url, tmp_path):
    """Upload a short finished Trixter game: the board steps, the review fills in, a
    mistake in the list jumps there, and the chart draws one line per seat."""
    from tutor import TrixterGame
    from tutor.bots import bot_for, play_bot_turn

    game = TrixterGame.new(players=4, seed=3, first_hand=22)  # the last four hands
    bots = [bot_for("trixter", "beginner", seed=s) for s in range(4)]
    while not game.is_over:
        if game.to_move is None:
            game.apply("next")
        else:
            play_bot_turn(game, bots[game.to_move])
    record = tmp_path / "trixter-2026-11-23.json"
    record.write_text(game.to_json(indent=1), encoding="utf-8")
    page.goto(f"{app_url}/voila/render/review.ipynb", timeout=WAIT)
    expect(page.get_by_role("heading", name="Review a game")).to_be_visible(timeout=WAIT)
    with page.expect_file_chooser() as chooser:
        page.locator(".tt-review-page .widget-upload").first.click()
    chooser.value.set_files(str(record))
    step = page.locator('[data-testid="review-step"]')
    expect(step).to_have_text(re.compile(r"^Decision 1 of \d+$"), timeout=WAIT)
    expect(page.locator(".tt-review-board .tt-table [data-testid='hand'] [data-card]")
           ).not_to_have_count(0)
    page.locator('[data-testid="review-next"]').click()  # redrawn by progress: no click()
    expect(step).to_have_text(re.compile(r"^Decision 2 of"))
    mistakes = page.locator('[data-testid="review-mistakes"] button')
    expect(mistakes.first).to_be_visible(timeout=WAIT)
    shot(page, "review_ready")
    mistakes.first.click()
    expect(page.locator('[data-testid="review-loss"]')).to_contain_text("mistake 1")
    expect(page.locator('[data-testid="review-alternatives"] tr.tt-rv-is-best')
           ).not_to_have_count(0)
    expect(page.locator('[data-testid="review-chart"] polyline')).to_have_count(4)
    expect(page.locator('[data-testid="review-chart"] polyline.tt-rv-me')).to_have_count(1)
    page.locator('[data-testid="review-chart"]').scroll_into_view_if_needed()
    shot(page, "review_mistake")
    # Every hand open: the first card decision that offers it (the game is over), solved.
    page.locator('[data-testid="review-first"]').click()
    offer = page.locator('[data-testid="review-open-button"]')
    for _ in range(12):
        if offer.count():
            break
        page.locator('[data-testid="review-next"]').click()
        page.wait_for_timeout(150)
    table_cards = page.locator(".tt-review-board .tt-table [data-card]")
    face_down = table_cards.count()
    offer.click()
    rows = page.locator('[data-testid="review-open-table"] tr')
    expect(rows.nth(2)).to_be_visible(timeout=WAIT)  # a head and at least two cards
    expect(page.locator('[data-testid="review-open-words"]')).to_contain_text(
        "With every hand open")
    expect(page.locator('[data-testid="review-open-table"] .tt-rv-tag')).not_to_have_count(0)
    assert table_cards.count() > face_down  # the other hands now lie face up
    page.locator('[data-testid="review-open"]').scroll_into_view_if_needed()
    shot(page, "review_open")
    page.locator(".tt-review-board .tt-table").scroll_into_view_if_needed()
    shot(page, "review_open_hands")


# --- the table as a person uses it: offline, keyboard, new game, game over, a phone ----------
APP_PAGES = ["00_start_here.ipynb", "play_trix.ipynb", "play_trixter.ipynb", "puzzles.ipynb",
             "puzzle_rush.ipynb", "review.ipynb", "glossary.ipynb", "trix/03_queens.ipynb"]


def test_no_page_asks_anything_outside_the_app(browser, app_url):
    """Every request of each page (as the browser sends it, before any routing) stays on
    the app's server: no CDN, no font, no icon from outside (a class may be offline).
    The visits of test_every_lesson_opens_in_the_app_without_errors are read (ASKED); a
    page it did not open (this test run alone) is opened here."""
    found: list[str] = []
    for path in APP_PAGES:
        if path not in ASKED:
            problems: list[str] = []
            pg = watched_page(browser, app_url, problems)
            sent: list[str] = []
            pg.on("request", lambda r, sent=sent: sent.append(r.url))
            open_lesson(pg, app_url, path)
            ASKED[path] = (sent, "cdn.jsdelivr.net" in pg.content())
            pg.close()
            pg.context.close()
            found += [f"{path}: {p}" for p in problems]
        found += asked_outside(app_url, path)
    assert not found, "\n".join(found)


@pytest.fixture(scope="module")
def hub_server(tmp_path_factory):
    """A Jupyter server with Voila's extension, as a hub (TLJH, Z2JH) or Binder starts one
    for a student: run from their home folder (no voila.json there), no JUPYTER_PATH, so
    the page template and the setting that names it come only from what the package
    installed on the environment's Jupyter path."""
    home = tmp_path_factory.mktemp("hub-home")
    with running(["-m", "jupyter_server", f"--ServerApp.root_dir={ROOT}",
                  "--IdentityProvider.token=", "--ServerApp.password=", "--no-browser",
                  "--ServerApp.port_retries=0", "--ServerApp.default_url=/voila",
                  "--allow-root"],  # a container's user may be root
                 "jupyter-server", cwd=home, JUPYTER_PATH=None,
                 JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
                 JUPYTER_DATA_DIR=str(home / ".local"), JUPYTER_RUNTIME_DIR=str(home / "run"),
                 TRIX_TUTOR_HOME=str(home / "progress")) as proc:
        yield proc.url


def test_a_hub_server_serves_the_lessons_with_the_apps_page_and_nothing_outside(
        browser, hub_server):
    """The start page as a hub opens it: the app's page ("Setting up the table…", then
    the map) and every request and websocket it opens goes to this server only."""
    start = f"{hub_server}/voila/render/lessons/00_start_here.ipynb"
    with urllib.request.urlopen(start, timeout=120) as r:
        html = r.read().decode()
    # The notice is sent before the kernel starts: the page is never blank meanwhile.
    assert html.index("Setting up the table…") < html.index('"kernelId"')
    problems: list[str] = []
    page = watched_page(browser, hub_server, problems)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url))
    page.on("websocket", lambda ws: sent.append(ws.url))
    page.goto(start, timeout=WAIT)
    expect(page.locator("body[data-tt-ready]")).to_have_count(1, timeout=WAIT)
    expect(page.locator(".tt-map")).to_be_visible()
    expect(page.locator(".tt-setting-up")).to_have_count(0)
    assert "cdn.jsdelivr.net" not in page.content()
    shot(page, "hub_start_page")
    page.close()
    page.context.close()
    hosts = {urllib.parse.urlsplit(u).hostname for u in sent
             if not u.startswith(("data:", "blob:"))}  # made in the page, not asked of a host
    assert hosts == {"localhost"}, sent
    assert not problems, "\n".join(problems)


def focused(page) -> dict:
    """What has the keyboard focus: its data attributes and which widget holds it."""
    return page.evaluate("""() => { const a = document.activeElement;
      return { ...(a ? a.dataset : {}), tag: a ? a.tagName : null,
               inHand: !!(a && a.closest('[data-testid="hand"]')),
               inPanel: !!(a && a.closest('.tt-panel')) }; }""")


FOCUS_WHERE = """what => { const a = document.activeElement;
  if (!a) return false;
  if (what === "card") return !!a.closest('[data-testid="hand"]');
  if (what === "next") return a.dataset.action === "next";
  return !!a.closest('.tt-panel') && ("bid" in a.dataset || "trump" in a.dataset); }"""


def settled_focus(page, what: str) -> dict:
    """:func:`focused`, once the focus is where the learner acts on ``what`` or after 5 s.
    The table and the bid panel are two widgets, each redrawn on its own message: the turn
    can show in one a moment before the other has drawn and moved the focus."""
    try:
        page.wait_for_function(FOCUS_WHERE, arg=what, timeout=5000)
    except sync_api.TimeoutError:
        pass  # the caller's assertion says where the focus is
    return focused(page)


def press(page, key: str) -> None:
    """Press ``key`` on the focused button and wait until the widget has redrawn (the
    pressed button is replaced, as after a click)."""
    handle = page.evaluate_handle("() => document.activeElement")
    page.keyboard.press(key)
    page.wait_for_function("el => !el.isConnected", arg=handle)


def test_keyboard_only_after_the_first_tab(page, app_url):
    """Trixter with the keyboard: once the learner is in the game, each turn starts with
    the focus where they act (the hand, the bid buttons, "Next hand"), however many
    computer moves redrew the table: Enter and the arrows play, never a Tab."""
    page.goto(f"{app_url}/voila/render/play_trixter.ipynb")
    assert wait_for_learner(page) == "trump"  # seed 21: the learner deals hand 1
    page.locator('[data-trump="S"]').focus()  # the learner's one Tab into the game
    press(page, "Enter")
    cards = 0
    for _ in range(14):
        what = wait_for_learner(page)
        f = settled_focus(page, what)
        if what == "card":
            assert f["inHand"], f"a card to play, but the focus is on {f}"
            hand_cards = hand(page).count()
            for _ in range(hand_cards):  # arrows to a playable card
                if page.evaluate("() => document.activeElement.classList.contains('legal')"):
                    break
                page.keyboard.press("ArrowRight")
            card = focused(page)["card"]
            page.evaluate(WATCH_TRICK, card)
            press(page, "Enter")
            page.evaluate("window.__landed")
            expect(hand(page).and_(page.locator(f'[data-card="{card}"]'))).to_have_count(0)
            cards += 1
            if cards == 2:
                shot(page, "keyboard_card")
        elif what == "next":
            assert f.get("action") == "next", f"the hand is over, but the focus is on {f}"
            press(page, "Enter")
        else:  # a bid (or trump): the first button the panel offers
            assert f["inPanel"] and ("bid" in f or "trump" in f), f"{what}, focus on {f}"
            press(page, "Enter")
    assert cards >= 4


def test_new_game_asks_first_and_keep_playing_keeps_the_game(page, app_url):
    page.goto(f"{app_url}/voila/render/play_trix.ipynb")
    what = wait_for_learner(page)
    while what == "redeal":
        act(page, what)
        what = wait_for_learner(page)
    click(page, page.locator('[data-contract="ltoosh"]'))
    play_legal_card(page)
    wait_for_learner(page)
    cards = hand(page).evaluate_all("els => els.map(e => e.dataset.card)")
    message = page.locator('[data-testid="message"]').inner_text()
    ask = page.locator('[data-testid="new-game-confirm"]')
    expect(ask).to_have_count(0)
    page.locator('[data-testid="new-game"]').click()
    expect(ask).to_contain_text("Start a new game? This game will be lost.")
    assert focused(page).get("testid") == "keep-playing"  # the safe answer is the default
    shot(page, "new_game_confirm")
    page.locator('[data-testid="keep-playing"]').click()
    expect(ask).to_have_count(0)
    assert hand(page).evaluate_all("els => els.map(e => e.dataset.card)") == cards
    assert page.locator('[data-testid="message"]').inner_text() == message
    assert focused(page).get("testid") == "new-game"
    page.keyboard.press("Enter")  # asked again; Escape says "keep playing" too
    expect(ask).to_be_visible()
    page.keyboard.press("Escape")
    expect(ask).to_have_count(0)
    assert hand(page).evaluate_all("els => els.map(e => e.dataset.card)") == cards
    page.locator('[data-testid="new-game"]').click()
    page.locator('[data-testid="start-new-game"]').click()
    expect(ask).to_have_count(0)
    expect(hand(page)).to_have_count(13)  # a fresh deal: the old hand had 12 cards
    # "A new game.", unless a computer seat owns the first kingdom and has moved already
    expect(page.locator('[data-testid="message"]')).to_contain_text(
        re.compile(r"A new game\.|Player \d (chose|played)"))
    expect(page.locator(".tt-info")).to_contain_text(re.compile(r"Contract: \w"))


LAST_HAND = """{"cells": [{"cell_type": "code", "execution_count": null, "metadata": {},
  "outputs": [], "source": ["from widgets.lesson import trixter_game\\n",
  "trixter_game(players=4, first_hand=25)"]}],
 "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
  "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}"""


@pytest.fixture(scope="module")
def last_hand_app(tmp_path_factory):
    """The app's Voila (its settings and page template) serving one Trixter game that
    starts at its last hand (hand 25 of 4 players: one card), so it ends in a minute."""
    root = tmp_path_factory.mktemp("last-hand")
    (root / "last_hand.ipynb").write_text(LAST_HAND, encoding="utf-8")
    share = str(ROOT / "share" / "jupyter")
    with running(["-m", "voila", str(root), "--no-browser", "--Voila.port_retries=0",
                  "--VoilaConfiguration.template=trix-tutor"], "voila-last-hand",
                 JUPYTER_PATH=share) as proc:
        yield proc.url


def test_game_over_shows_the_result_and_undo_is_off(browser, last_hand_app):
    problems: list[str] = []
    page = watched_page(browser, last_hand_app, problems)
    page.goto(f"{last_hand_app}/voila/render/last_hand.ipynb")
    result = page.locator('[data-testid="game-result"]')
    for _ in range(10):
        what = wait_for_learner(page)
        if what == "card":
            play_legal_card(page)
            break
        act(page, what)
    expect(result).to_be_visible()
    rows = result.locator(".tt-result-row")
    expect(rows).to_have_count(4)
    scores = [int(t.removesuffix(" points")) for t in
              result.locator(".tt-result-score").all_inner_texts()]
    # The panel's scores are the sheet's totals, best first; its title names the winner.
    sheet = page.locator('[data-testid="score-sheet"] tbody tr').last
    totals = [int(t) for t in sheet.locator(".tt-tot").all_inner_texts()]
    assert scores == sorted(totals, reverse=True)
    names = result.locator(".tt-result-name").all_inner_texts()
    places = result.locator(".tt-result-place").all_inner_texts()
    assert places[0] == "1st" and set(places) <= {"1st", "2nd", "3rd", "4th"}
    winners = [n for n, v in zip(names, scores) if v == scores[0]]
    title = result.locator(".tt-result-title").inner_text()
    assert title == "You won!" if winners == ["You"] else all(
        w in title for w in winners if w != "You")
    expect(result.locator(".tt-result-words")).to_contain_text(
        re.compile(r"^You (finished|share) "))
    expect(page.locator('[data-testid="undo"]')).to_be_disabled()
    expect(page.locator('[data-testid="message"]')).to_contain_text("Game over")
    shot(page, "game_over")
    page.set_viewport_size({"width": 375, "height": 812})
    result.scroll_into_view_if_needed()
    shot(page, "game_over_phone")
    # At the end "New game" needs no question: nothing is lost.
    page.locator('[data-testid="new-game"]').click()
    expect(result).to_have_count(0)
    expect(page.locator('[data-testid="new-game-confirm"]')).to_have_count(0)
    # A new game: nothing of the learner's to take back yet, and Undo says so; their first
    # action turns it on.
    undo = page.locator('[data-testid="undo"]')
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", "Nothing of yours to take back yet")
    what = wait_for_learner(page)
    if what not in ("card", "next"):
        act(page, what)
        expect(undo).to_be_enabled()
    page.close()
    page.context.close()
    assert not problems, "\n".join(problems)


TAPPABLE = """el => { const r = el.getBoundingClientRect(); const y = r.top + r.height / 2;
  let n = 0;
  for (let x = Math.ceil(r.left); x < r.right; x++) {
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('[data-card]') === el) n++;
  }
  return n; }"""


def test_phone_whole_cards_and_a_score_sheet_that_fits(page, app_url):
    """At 375 px (a phone) every card of a 13-card hand is at least 40 px wide to tap,
    and neither score sheet scrolls sideways."""
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(f"{app_url}/voila/render/play_trix.ipynb")
    wait_for_learner(page)
    expect(hand(page)).to_have_count(13)
    page.locator('[data-testid="hand"]').scroll_into_view_if_needed()
    widths = [c.evaluate(TAPPABLE) for c in hand(page).all()]
    assert min(widths) >= 40, widths
    box = page.locator('[data-testid="hand"]').bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375
    wrap = page.locator(".tt-sheet-wrap")
    assert wrap.evaluate("el => el.scrollWidth <= el.clientWidth")
    shot(page, "trix_phone_hand")
    # Trixter: hand 1 has one card, so the sheet soon has a row to fit.
    page.goto(f"{app_url}/voila/render/play_trixter.ipynb")
    while (what := wait_for_learner(page)) != "next":
        if what == "card":
            play_legal_card(page)
        else:
            act(page, what)
    expect(page.locator('[data-testid="score-sheet"] tbody tr .tt-tot')).to_have_count(4)
    assert wrap.evaluate("el => el.scrollWidth <= el.clientWidth")
    assert page.locator('[data-testid="score-sheet"] abbr[title="Player 2"]').count() == 1
    wrap.scroll_into_view_if_needed()
    shot(page, "trixter_phone_sheet")


@pytest.mark.parametrize("width", [1100, 375])
def test_screenshots_of_the_play_pages_mid_game(page, app_url, width):
    """For a person to look at: both play pages in play, on a desktop and a phone."""
    page.set_viewport_size({"width": width, "height": 900 if width > 500 else 812})
    for name in ("play_trix", "play_trixter"):
        page.goto(f"{app_url}/voila/render/{name}.ipynb")
        played = 0
        while played < 3:
            what = wait_for_learner(page)
            if what == "card":
                play_legal_card(page)
                played += 1
            elif what == "contract":
                click(page, page.locator('[data-contract="queens"]'))
            else:
                act(page, what)
        wait_for_learner(page)
        page.locator(".tt-table").first.scroll_into_view_if_needed()
        shot(page, f"{name}_{width}")
        page.locator(".tt-scores").first.scroll_into_view_if_needed()
        shot(page, f"{name}_{width}_sheet")


# Where each table draws the next player: [learner seat, next seat's centre x, the other
# seats' centre x] for every table on the page with the learner's seat drawn.
NEXT_PLAYER = """() => Array.from(document.querySelectorAll('.tt-table')).flatMap(t => {
  const me = t.querySelector('.tt-seat.tt-me');
  const others = Array.from(t.querySelectorAll('.tt-felt .tt-seat'));
  if (!me || !others.length) return [];
  const n = others.length + 1, mine = Number(me.dataset.seat);
  const x = el => { const b = el.getBoundingClientRect(); return b.left + b.width / 2; };
  const next = others.find(el => Number(el.dataset.seat) === (mine + 1) % n);
  return [[mine, x(next), others.filter(el => el !== next).map(x)]];
})"""


DIRECTION_WIDTHS = {1100: 900, 390: 844}  # width: height (a desktop, a phone)


def test_every_table_is_drawn_in_its_games_direction(page, app_url):
    """RULES.md "Seats": at every width the next Trix player sits on the learner's right
    and the next Trixter player on the left: lesson deals, lesson puzzles, play pages.
    Each page is opened once and looked at in each width (the seats are placed by CSS
    container queries alone, so a resized page is drawn as one opened at that width)."""
    for path, game in (("trix/02_king_of_hearts.ipynb", "trix"), ("play_trix.ipynb", "trix"),
                       ("trixter/01_tricks.ipynb", "trixter"),
                       ("play_trixter.ipynb", "trixter")):
        page.set_viewport_size({"width": 1100, "height": 900})
        if path.startswith("play"):
            page.goto(f"{app_url}/voila/render/{path}")
            wait_for_learner(page)
        else:
            open_lesson(page, app_url, path)
        for width, height in DIRECTION_WIDTHS.items():
            page.set_viewport_size({"width": width, "height": height})
            tables = page.evaluate(NEXT_PLAYER)
            assert len(tables) >= (1 if path.startswith("play") else 2), path
            for seat, nxt, rest in tables:
                if game == "trix":
                    assert all(nxt > x for x in rest), f"{path} at {width} px, seat {seat}"
                else:
                    assert all(nxt < x for x in rest), f"{path} at {width} px, seat {seat}"
            page.locator(".tt-table").first.scroll_into_view_if_needed()
            shot(page, f"direction_{path.replace('/', '_').removesuffix('.ipynb')}_{width}")


# --- each learner's own progress ------------------------------------------------------------
def answer_check(page, first_wrong: int = 0) -> None:
    """Answer the page's check, each question right (after one wrong pick for the first
    ``first_wrong`` questions), from the bundled answers."""
    from tutor.lessons.quiz import question

    for i, box in enumerate(page.locator(".tt-quiz-q").all()):
        q = question(box.get_attribute("data-question-id"))
        picks = ([(q.answer + 1) % len(q.choices)] if i < first_wrong else []) + [q.answer]
        for j in picks:
            box.locator('[data-testid="quiz-choice"]').nth(j).click()
            expect(box.locator('[data-testid="quiz-choice"]').nth(j)).to_be_disabled()
    expect(page.locator(".tt-quiz")).to_contain_text("All done")


def map_lesson(page, path: str):
    return page.locator(f'[data-testid="map-lesson"][data-path="{path}"]')


def test_two_learners_on_one_app_keep_their_own_progress(browser, app_url):
    """Two browsers on one server: what one learner does (a check, a puzzle) shows on
    their map and puzzle page, across reloads, and never on the other's."""
    problems: list[str] = []
    ana, ben = (watched_page(browser, app_url, problems) for _ in range(2))
    start = f"{app_url}/voila/render/00_start_here.ipynb"
    open_lesson(ana, app_url, "trixter/02_trump.ipynb")
    answer_check(ana, first_wrong=1)
    puzzle, session = open_puzzle(ana, app_url, "Trixter: make your bid", "★★ (2)")
    while not session.over:
        click_card(ana, session, session.hints().card)
    expect(ana.locator(".tt-progress-box")).to_contain_text("streak 1")
    for page in (ana, ben):
        page.goto(start)
    expect(map_lesson(ana, "trixter/02_trump.ipynb")).to_have_attribute("data-status", "done")
    expect(map_lesson(ana, "trixter/02_trump.ipynb")).to_contain_text("2/3")
    expect(ana.locator('[data-testid="continue"]')).to_contain_text("Trixter 3")
    expect(ana.locator('[data-testid="map-puzzles"]')).to_contain_text("Rating")
    shot(ana, "map_after_a_lesson")
    expect(map_lesson(ben, "trixter/02_trump.ipynb")).to_have_attribute(
        "data-status", "not started")
    expect(ben.locator('[data-testid="map-puzzles"]')).to_contain_text("none played yet")
    expect(ben.locator('[data-testid="continue"]')).to_have_count(0)
    open_from_start_page(ben, app_url, "Puzzles")
    expect(ben.locator(".tt-progress-box")).to_contain_text("No puzzles played yet")
    ana.reload()  # a new kernel: the progress comes back from the learner's folder
    expect(map_lesson(ana, "trixter/02_trump.ipynb")).to_have_attribute("data-status", "done")
    open_from_start_page(ana, app_url, "Puzzles")
    expect(ana.locator(".tt-progress-box")).to_contain_text("streak 1")
    for page in (ana, ben):
        page.context.close()
    assert not problems, "\n".join(problems)


# --- the play pages' game options -----------------------------------------------------------
def choose_option(page, label: str, choice: str) -> None:
    """Pick ``choice`` in the game options' drop-down ``label`` (an ipywidgets select)."""
    page.locator(".tt-game-options .widget-dropdown").filter(has_text=label) \
        .locator("select").select_option(label=choice)


def test_game_options_start_a_seven_player_trixter_and_partnership_trix(page, app_url):
    """Game options: Trixter for 7 from the peak with the hook, asked first in the table
    once the learner has acted; the line above the table names the game; 7 seats drawn.
    Then Trix in partnership: the partner is marked opposite."""
    page.goto(f"{app_url}/voila/render/play_trixter.ipynb")
    act(page, wait_for_learner(page))  # the learner deals (seed 21): names trump
    page.get_by_role("button", name="Game options").click()
    choose_option(page, "Players", "7 players · 4 jokers")
    choose_option(page, "Start with", "8 cards: the peak · 8 hands")
    page.locator(".tt-game-options .widget-checkbox").filter(has_text="Hook") \
        .locator("input").check()
    words = "Trixter · 7 players · 4 jokers · starts at the peak: 8 cards · 8 hands · hook on"
    expect(page.locator(".tt-game-options")).to_contain_text(f"Next game: {words}")
    expect(page.locator('[data-testid="setup"]')).to_have_text(
        "Trixter · 4 players · no jokers · starts with 1 card · 25 hands · no hook")
    page.get_by_role("button", name="New game with these options").click()
    ask = page.locator('[data-testid="new-game-confirm"]')
    expect(ask).to_contain_text(f"Start a new game ({words})? This game will be lost.")
    assert focused(page).get("testid") == "keep-playing"
    page.locator('[data-testid="keep-playing"]').click()
    expect(ask).to_have_count(0)
    expect(page.locator(".tt-seat")).to_have_count(4)
    page.get_by_role("button", name="New game with these options").click()
    page.locator('[data-testid="start-new-game"]').click()
    expect(page.locator('[data-testid="setup"]')).to_have_text(words)
    expect(page.locator(".tt-seat")).to_have_count(7)
    wait_for_learner(page)
    expect(hand(page)).to_have_count(8)
    page.locator(".tt-table").first.scroll_into_view_if_needed()
    shot(page, "trixter_seven_players")
    page.set_viewport_size({"width": 375, "height": 812})
    page.locator(".tt-table").first.scroll_into_view_if_needed()
    shot(page, "trixter_seven_players_phone")
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(f"{app_url}/voila/render/play_trix.ipynb")
    wait_for_learner(page)
    page.get_by_role("button", name="Game options").click()
    choose_option(page, "Mode", "Partnership")
    page.get_by_role("button", name="New game with these options").click()
    if ask.count():  # the learner had to act before (a redeal round): asked first
        page.locator('[data-testid="start-new-game"]').click()
    expect(page.locator('[data-testid="setup"]')).to_have_text("Trix · Partnership")
    expect(page.locator('.tt-seat:has(.tt-mark-partner)')).to_have_count(1)
    expect(page.locator(".tt-info")).to_contain_text("Teams")
    wait_for_learner(page)
    page.locator(".tt-table").first.scroll_into_view_if_needed()
    shot(page, "trix_partnership")
    page.set_viewport_size({"width": 375, "height": 812})  # a phone: the options wrap
    panel = page.locator(".tt-game-options")
    panel.scroll_into_view_if_needed()
    box = panel.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box
    shot(page, "trix_options_phone")


# --- a game survives a reload ---------------------------------------------------------------
def test_a_trixter_game_reloaded_mid_hand_is_offered_and_resumed(page, app_url):
    """Play Trixter into hand 3, a card of it played, then reload the page (a new kernel):
    the table offers the game in progress; Resume brings back the same hand, the same
    cards in hand and the learner to play. The offer is looked at on a desktop and a
    phone."""
    page.goto(f"{app_url}/voila/render/play_trixter.ipynb")
    info = page.locator(".tt-info")
    for _ in range(80):
        what = wait_for_learner(page)
        if what == "card" and "Hand: 3 ·" in info.inner_text() and hand(page).count() < 3:
            break
        if what == "card":
            play_legal_card(page)
        else:
            act(page, what)
    else:
        raise AssertionError("hand 3 never came with a card of it played")
    cards = sorted(hand(page).evaluate_all("els => els.map(e => e.dataset.card)"))
    trick = sorted(page.locator('[data-testid="trick"] [data-card]').evaluate_all(
        "els => els.map(e => e.dataset.card)"))
    shown = info.inner_text()
    assert cards and "Hand: 3 · 3 cards" in shown

    page.reload()
    offer = page.locator('[data-testid="resume-offer"]')
    expect(offer).to_be_visible(timeout=WAIT)
    expect(offer).to_contain_text("You have a game in progress")
    expect(offer).to_contain_text(
        "Trixter · 4 players · no jokers · starts with 1 card · 25 hands · no hook, "
        "hand 3 of 25, saved just now")
    expect(page.locator('[data-testid="message"]')).to_contain_text("First choose")
    expect(page.locator('[data-testid="undo"]')).to_be_disabled()
    assert focused(page).get("testid") == "resume"  # the likely answer is the default
    expect(info).to_contain_text("Hand: 1 · 1 card")  # meanwhile a fresh game, dimmed
    page.locator(".tt-table").first.scroll_into_view_if_needed()
    shot(page, "resume_offer")
    page.set_viewport_size({"width": 375, "height": 812})
    offer.scroll_into_view_if_needed()
    shot(page, "resume_offer_phone")
    box = offer.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box
    page.set_viewport_size({"width": 1100, "height": 900})

    page.locator('[data-testid="resume"]').click()
    expect(offer).to_have_count(0)
    expect(info).to_contain_text("Hand: 3 · 3 cards")
    assert wait_for_learner(page) == "card"
    assert info.inner_text() == shown
    assert sorted(hand(page).evaluate_all("els => els.map(e => e.dataset.card)")) == cards
    assert sorted(page.locator('[data-testid="trick"] [data-card]').evaluate_all(
        "els => els.map(e => e.dataset.card)")) == trick
    expect(page.locator('[data-testid="message"]')).to_contain_text(
        "Your saved game, where you left it.")
    page.locator(".tt-table").first.scroll_into_view_if_needed()
    shot(page, "resumed")
    play_legal_card(page)  # the game goes on


# --- hints in full games ----------------------------------------------------------------------
def climb_hint(panel) -> None:
    """The hint ladder's next two steps, from the idea: the choice and why, the numbers."""
    expect(panel.locator(".tt-hint-idea")).to_have_count(1, timeout=WAIT)
    panel.locator('[data-testid="hint-more"]').click()
    expect(panel.locator(".tt-hint-why")).to_have_count(1, timeout=WAIT)
    panel.locator('[data-testid="hint-more"]').click()
    expect(panel.locator(".tt-hint-best")).to_have_count(1, timeout=WAIT)


def test_a_hint_at_a_thirteen_card_trixter_hand_ranks_the_cards(page, app_url):
    """Play Trixter from the peak (13 cards, 4 players): on the learner's first card, Hint
    shows "Thinking…", then the idea; "Show the card" the choice and why; "Show the
    numbers" the ranked options with the best marked, below the table (not over the
    cards). Playing the best card greys the hint. Looked at on a desktop and a phone."""
    page.goto(f"{app_url}/voila/render/play_trixter.ipynb")
    wait_for_learner(page)
    page.get_by_role("button", name="Game options").click()
    choose_option(page, "Start with", "13 cards: the peak · 13 hands")
    page.get_by_role("button", name="New game with these options").click()
    ask = page.locator('[data-testid="new-game-confirm"]')
    if ask.count():  # the learner had acted (a trump of the first hand): asked first
        page.locator('[data-testid="start-new-game"]').click()
    expect(page.locator('[data-testid="setup"]')).to_contain_text("starts at the peak: 13 cards")
    button = page.locator('[data-testid="hint"]')
    panel = page.locator('[data-testid="hint-panel"]')
    for _ in range(10):  # trump and bid as the hint says
        what = wait_for_learner(page)
        if what == "card":
            break
        button.click()
        climb_hint(panel)
        best = panel.locator(".tt-hint-best")
        action = best.get_attribute("data-hint-action")
        kind, _, value = action.partition(" ")
        assert kind in ("trump", "bid"), action
        click(page, page.locator(f'[data-{kind}="{value}"]:enabled'))
        if kind == "bid":  # a table half redrawn may still show the bids: not a turn
            page.wait_for_function("() => !document.querySelector('[data-bid]:enabled')",
                                   timeout=WAIT)
    else:
        raise AssertionError("the learner never had a card to play")
    expect(hand(page)).to_have_count(13)
    legal = set(hand(page).and_(page.locator(".legal")).evaluate_all(
        "els => els.map(e => e.dataset.card)"))
    expect(panel).to_have_count(0)
    started = time.monotonic()
    button.click()
    expect(panel.locator(".tt-hint-idea")).to_have_count(1, timeout=WAIT)
    took = time.monotonic() - started
    expect(panel.locator(".tt-hint-option")).to_have_count(0)  # the idea names no card
    expect(panel.locator('[data-testid="hint-more"]')).to_have_text("Show the card")
    shot(page, "hint_step_1")
    panel.locator('[data-testid="hint-more"]').click()
    expect(panel.locator(".tt-hint-title")).to_contain_text("Hint: ", timeout=WAIT)
    shot(page, "hint_step_2")
    panel.locator('[data-testid="hint-more"]').click()
    expect(panel.locator(".tt-hint-best")).to_have_count(1, timeout=WAIT)
    expect(panel.locator('[data-testid="hint-more"]')).to_have_count(0)
    options = panel.locator(".tt-hint-option")
    shown = options.evaluate_all("els => els.map(e => e.dataset.hintAction)")
    assert 1 <= len(shown) <= 5 and set(shown) <= legal, (shown, legal)
    best = panel.locator(".tt-hint-best").get_attribute("data-hint-action")
    assert best == shown[0]
    expect(panel.locator(".tt-hint-title")).to_contain_text("Hint: ")
    expect(panel.locator(".tt-hint-why")).not_to_be_empty()
    expect(page.locator('[data-testid="message"]')).not_to_have_class(re.compile("tt-error"))
    # Below the hand and the toolbar: it covers no card.
    cards_bottom = max(b["y"] + b["height"] for b in hand(page).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {y: r.y, height: r.height}; })"))
    assert panel.bounding_box()["y"] >= cards_bottom
    page.locator(".tt-table").first.scroll_into_view_if_needed()
    shot(page, "hint_thirteen_cards")
    page.set_viewport_size({"width": 375, "height": 812})
    panel.scroll_into_view_if_needed()
    box = panel.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box
    shot(page, "hint_thirteen_cards_phone")
    page.set_viewport_size({"width": 1100, "height": 900})
    page.evaluate(WATCH_TRICK, best)
    click(page, hand(page).and_(page.locator(f'[data-card="{best}"]')))
    page.evaluate("window.__landed")
    expect(hand(page)).to_have_count(12)
    # The decision is taken: the hint goes with the learner's next turn (greyed till then).
    wait_for_learner(page)
    expect(panel).to_have_count(0)
    assert took < 30
