"""The app's page template on its own (share/jupyter/voila/templates/trix-tutor), in
Chromium: its "Setting up the table…" notice, rendered from the macro into a static page
that stands for a Voila page at the moment its last cell is in."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import jinja2
import pytest

import test_browser as tb

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "share" / "jupyter" / "voila" / "templates" / "trix-tutor"

PAGE = """<!doctype html><html><head><link rel="icon" href="data:,">{{ spinner.css() }}</head><body>
<script>sessionStorage.setItem("loads", String(Number(sessionStorage.getItem("loads") || 0) + 1));
</script>
{{ before }}
{{ spinner.html() }}
<div id="rendered_cells"><div class="jp-OutputArea-output">{{ output }}</div></div>
<script>window.tt_cells_finished();</script></body></html>"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Pages served over HTTP (session storage needs an origin): one whose widget drew,
    one whose widget's model was not found, one whose anywidget has not drawn yet."""
    folder = tmp_path_factory.mktemp("template")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES))
    spinner = env.get_template("spinner.macro.html.j2").module
    said = '<script>console.error("Error: widget model not found")</script>'
    for name, output, before in (
            ("drawn", "<button>Play</button>", ""),
            ("broken", "Error displaying widget: model not found", said),
            ("undrawn", '<div class="lm-Widget"></div>', "")):
        html = env.from_string(PAGE).render(spinner=spinner, output=output, before=before)
        (folder / f"{name}.html").write_text(html)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://localhost:{server.server_address[1]}"  # the browser resolves localhost only
    server.shutdown()


def loads(page) -> int:
    return int(page.evaluate("sessionStorage.getItem('loads')"))


def test_a_drawn_page_is_ready_at_once(browser, pages):
    page = browser.new_page()
    page.goto(f"{pages}/drawn.html")
    page.wait_for_selector("body[data-tt-ready]")
    assert page.locator(".tt-setting-up").count() == 0 and loads(page) == 1
    page.close()


def test_a_widget_whose_model_was_not_found_loads_the_page_again_once(browser, pages):
    """Voila can hand a page a pooled kernel whose widgets are not made yet (CI saw it on
    the start page, two learners opening it at once): the page loads itself again, and
    only once a minute, so a page broken for good shows what it shows."""
    page = browser.new_page()
    page.goto(f"{pages}/broken.html")
    page.wait_for_selector("body[data-tt-ready]")
    assert loads(page) == 2
    page.wait_for_timeout(500)  # no third load
    assert loads(page) == 2 and page.locator(".tt-setting-up").count() == 0
    page.close()


def test_the_browser_tests_forgive_the_error_of_a_page_that_loaded_again(browser, pages):
    """The browser tests' watched page lets the first load's "widget model not found"
    through once the template has loaded the page again, not the error of the load that
    stays (which a page broken for good shows)."""
    problems: list[str] = []
    page = tb.watched_page(browser, pages, problems)
    page.goto(f"{pages}/broken.html")
    page.wait_for_selector("body[data-tt-ready]")
    page.wait_for_timeout(500)
    assert loads(page) == 2
    assert problems == [f"{tb.MODEL_NOT_FOUND} ({pages}/broken.html)"]
    page.context.close()


def test_the_notice_stays_until_each_anywidget_has_drawn(browser, pages):
    """An anywidget's view is in the page before its render() has run (the start page's
    map came up to a second after the notice went, and moved the links under the
    pointer): the notice waits for the view's first child."""
    page = browser.new_page()
    page.goto(f"{pages}/undrawn.html")
    page.wait_for_timeout(500)
    assert page.locator(".tt-setting-up").count() == 1
    assert page.locator("body[data-tt-ready]").count() == 0
    page.evaluate("""document.querySelector('div[class="lm-Widget"]')
                     .appendChild(document.createElement('div')).className = 'trix-tutor'""")
    page.wait_for_selector("body[data-tt-ready]", state="attached")
    assert page.locator(".tt-setting-up").count() == 0 and loads(page) == 1
    page.close()
