"""Fixtures shared by several test files."""

from __future__ import annotations

import pytest


@pytest.fixture
def learner_home(tmp_path, monkeypatch):
    """A fresh ``TRIX_TUTOR_HOME`` and no learner known yet (``widgets.who`` keeps the
    learner per kernel, so each test starts as a newly opened page)."""
    from widgets import who as learner

    monkeypatch.setenv("TRIX_TUTOR_HOME", str(tmp_path))
    learner.forget()
    yield tmp_path
    learner.forget()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Each phase's report kept on the test (``rep_call``), so a fixture's teardown knows
    whether the test failed."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


# --- the browser tests' app and browser, started once for every module that uses them -------
@pytest.fixture(scope="session")
def browser():
    """Debian's chromium, driven by Playwright (test_browser.launch_browser)."""
    import test_browser

    with test_browser.launch_browser() as b:
        yield b


@pytest.fixture(scope="session")
def voila():
    """The app as ``make app`` starts it (``trix-tutor app``, which becomes Voila), once
    for the whole run: every browser test module shares it."""
    import test_browser

    with test_browser.app_server() as proc:
        yield proc


@pytest.fixture(scope="session")
def app_url(voila) -> str:
    """The app's address; a module serving something else (tests/test_site.py: the static
    site) overrides it, and ``page`` then opens that."""
    return voila.url


@pytest.fixture
def page(browser, app_url, request):
    """A fresh page; the test fails on console errors, page errors and requests outside
    the app (``EXPECTED_CONSOLE_ERRORS`` of the test's module are let through)."""
    import test_browser

    problems: list[str] = []
    pg = test_browser.watched_page(browser, app_url, problems,
                                   getattr(request.module, "EXPECTED_CONSOLE_ERRORS", None))
    yield pg
    report = getattr(request.node, "rep_call", None)
    if report is None or report.failed:  # what a failing test left on the page
        test_browser.shot(pg, f"{request.node.name}-end")
    pg.close()  # also fires the kernel shutdown beacon, whose failure would be an error
    pg.context.close()
    assert not problems, "\n".join(problems)
