"""The static site (``make site``) in a real browser: no server but a static one.

The module builds the site with ``make site`` (or takes the folder in ``TRIX_TUTOR_SITE``),
serves it with Python's plain static file server under ``/trix-tutor/``, as GitHub Pages
serves a project site, and opens it in Debian's chromium, which resolves no host but
localhost. Each page waits for Pyodide to start in the browser (the first start also
fills the browser's cache), then acts as a learner: the same checks as the Voila app's
browser tests, run by Python in the page. Fails on any JavaScript error in the console.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

import pytest
import test_browser
from test_browser import (
    ROOT,
    act,
    choose_puzzle,
    click_card,
    expect,
    guided_table_and_check,
    open_lesson,
    play_legal_card,
    shot,
    wait_for_learner,
)

pytestmark = [pytest.mark.browser, pytest.mark.site]
# The browser and ``page`` are the session fixtures of tests/conftest.py (one chromium for
# every browser test module); ``app_url`` below makes ``page`` watch the static site.
PYODIDE = 300_000  # ms: Pyodide's first start, with its packages, on a crowded 2-core machine
PREFIX = "trix-tutor"  # served as https://<owner>.github.io/trix-tutor/
# JupyterLite asks the static server for the listing of every folder the kernel makes (the
# progress folder under /drive); 404 means "not on the server: the browser's copy counts".
# The browser also asks the server's root for /favicon.ico, outside the project's folder (as
# on GitHub Pages, where the owner's root has none).
EXPECTED_CONSOLE_ERRORS = re.compile(
    r"status of 404 .*(/api/contents/[^()]*/all\.json|:\d+/favicon\.ico)\)$")


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site: ``make site`` (pinned tools, downloads cached in build/)."""
    if os.environ.get("TRIX_TUTOR_SITE"):
        return Path(os.environ["TRIX_TUTOR_SITE"]).resolve()
    subprocess.run(["make", "site"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return ROOT / "build" / "site"


@pytest.fixture(scope="module")
def app_url(site):
    """The site on a static file server, in a sub-folder like a GitHub Pages project."""
    with tempfile.TemporaryDirectory() as root:
        (Path(root) / PREFIX).symlink_to(site)
        proc = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind",
                                 "127.0.0.1", "--directory", root],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            # Printed once the socket listens: "Serving HTTP on 127.0.0.1 port N (...) ..."
            line = proc.stdout.readline()
            assert "port" in line, f"the static server did not start: {line!r}"
            port = re.search(r"port (\d+)", line)[1]
            yield f"http://localhost:{port}/{PREFIX}"
        finally:
            proc.terminate()
            proc.wait(10)


def test_the_sites_pyodide_lock_names_every_wheel_it_carries_with_its_hash(site):
    folder = site / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())["packages"]
    assert {e["file_name"] for e in lock.values()} == {w.name for w in folder.glob("*.whl")}
    for entry in lock.values():
        data = (folder / entry["file_name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["name"]
    assert lock["trix-tutor"]["imports"] == ["tutor", "widgets"]
    assert lock["sqlite3"]["imports"] == ["sqlite3"]


def render(app_url: str, path: str) -> str:
    return f"{app_url}/voici/render/{path.removesuffix('.ipynb')}.html"


def test_front_door_is_the_start_page_and_its_links_are_all_there(page, app_url):
    page.goto(app_url + "/")
    expect(page).to_have_url(render(app_url, "00_start_here"), timeout=test_browser.WAIT)
    expect(page.get_by_role("heading", name="Trix and Trixter")).to_be_visible(
        timeout=PYODIDE)
    links = page.evaluate("() => Array.from(document.querySelectorAll('a[href]'))"
                          ".map(a => a.href)")
    lessons = {h.split("#")[0] for h in links if "/voici/render/" in h}
    assert len(lessons) >= 17, links
    for href in sorted(lessons):
        assert href.startswith(app_url) and href.endswith(".html"), href
        urllib.request.urlopen(href, timeout=60).close()  # raises on 404
    shot(page, "site_start_page")


def test_a_lesson_runs_in_the_browser_a_card_is_played_and_a_revoke_refused(page, app_url):
    open_lesson(page, app_url, "trixter/01_tricks.ipynb",
                url=render(app_url, "trixter/01_tricks"), timeout=PYODIDE)
    guided_table_and_check(page)
    shot(page, "site_lesson")


def test_free_play_against_the_computer(page, app_url):
    """Trixter against three computer players: the learner's turn comes (after naming
    trump and bidding) and a card lands in the trick. (Not Trix: its deal is not seeded
    here, and in Trex a card goes to the layout, not to a trick.)"""
    page.goto(render(app_url, "play_trixter"))
    expect(page.locator('[data-testid="hand"]')).to_be_visible(timeout=PYODIDE)
    for _ in range(30):
        what = wait_for_learner(page)
        if what == "card":
            break
        act(page, what)
    play_legal_card(page)
    shot(page, "site_play_trixter")


def test_a_puzzle_is_solved_and_the_progress_survives_a_reload(page, app_url, browser):
    """One browser profile solves a puzzle and finds it again after a reload; another
    profile (another learner on the same site) starts with nothing.

    Each page below is a new kernel, Pyodide started again (most of the test's time), so
    once the puzzle is solved each of the first profile's pages loads beside one of the
    other profile's: the browser runs both while the test waits for the first."""
    page.goto(render(app_url, "puzzles"))
    expect(page.locator(".tt-puzzle[data-puzzle-id]")).to_be_visible(timeout=PYODIDE)
    puzzle, session = choose_puzzle(page, "Trixter: make your bid", "★★ (2)")
    while not session.over:
        click_card(page, session, session.hints().card)
    expect(page.locator('[data-testid="puzzle-status"]')).to_contain_text("Solved!")
    expect(page.locator(".tt-progress-box")).to_contain_text("streak 1")
    shot(page, "site_puzzle_solved")
    problems: list[str] = []
    other = test_browser.watched_page(browser, app_url, problems, EXPECTED_CONSOLE_ERRORS)
    other.goto(render(app_url, "00_start_here"))  # after the solve: the site holds progress
    page.reload()  # a new kernel: the progress comes back from the browser's storage
    expect(page.locator(".tt-progress-box")).to_contain_text("streak 1", timeout=PYODIDE)
    expect(other.locator('[data-testid="map-puzzles"]')).to_contain_text(
        "none played yet", timeout=PYODIDE)
    other.goto(render(app_url, "puzzles"))
    page.goto(render(app_url, "00_start_here"))
    expect(page.locator('[data-testid="map-puzzles"]')).to_contain_text("Rating",
                                                                        timeout=PYODIDE)
    expect(other.locator(".tt-progress-box")).to_contain_text("No puzzles played yet",
                                                              timeout=PYODIDE)
    shot(other, "site_second_profile")
    other.context.close()
    assert not problems, "\n".join(problems)


def test_tables_of_people_say_they_need_a_server_for_the_class(page, app_url):
    """Each visitor of the static site has a private copy, so nobody could sit at their
    table: the page says so instead of offering one."""
    open_lesson(page, app_url, "tables.ipynb", url=render(app_url, "tables"), timeout=PYODIDE)
    expect(page.get_by_text("runs in your browser alone")).to_be_visible()
    expect(page.get_by_role("button", name="Open a table")).to_have_count(0)
    shot(page, "site_tables")
