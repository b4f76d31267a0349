"""Test-wide settings: the tests, the doctests and the notebooks run by nbval (whose
kernels inherit this environment) keep puzzle progress and class results in a fresh
folder, never in the learner's own."""

from __future__ import annotations

import importlib.util
import os
import tempfile

import pytest

LONG = os.environ.get("TRIX_TUTOR_LONG", "") not in ("", "0")  # as tests/sizes.py reads it

def pytest_configure(config):
    os.environ.setdefault("TRIX_TUTOR_HOME", tempfile.mkdtemp(prefix="trix-tutor-test-"))


# --- the order of a run on every core --------------------------------------------------------
# `make test` and `make check` run pytest-xdist with ``--dist load --no-loadscope-reorder``.
@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by the marks
def pytest_collection_modifyitems(config, items):
    """The lesson notebooks' cells run by nbval are marked slow, and run only in
    `make test-long`: each notebook starts a Jupyter kernel (about a minute of a core for
    all of them), while every lane runs the notebooks' code in its own process
    (tests/test_lessons.py: test_notebook_code_runs) and `make test`'s browser lane opens
    every lesson in the app, in a kernel of its own, and fails on any error
    (tests/test_browser.py: test_every_lesson_opens_in_the_app_without_errors).

    Then the tests marked slow first (each keeps its place among them, and so do the rest):
    handed out in this order to whichever worker is free, no long test starts last and
    keeps one core busy after the other has run out of work. The order is the same in every
    worker, as xdist requires."""
    for item in items:
        if item.nodeid.split("::", 1)[0].endswith(".ipynb"):
            item.add_marker(pytest.mark.slow)
            if not LONG:
                item.add_marker(pytest.mark.skip(
                    reason="make test-long runs the notebooks in Jupyter kernels"))
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


if importlib.util.find_spec("xdist") is not None:

    def pytest_xdist_make_scheduler(config, log):
        """``--dist load`` keeping a lesson notebook's cells (nbval) together: one worker
        runs them in order on one kernel, as a cell uses what the cells above it made
        (xdist's own ``load`` would hand them to different workers), and likewise the
        numba engine's tests of tests/test_solver_fast.py: several call one kernel from
        Python, which numba compiles on its own (over a minute of a core for ``node_moves``,
        not in ``trix-tutor warm``'s cache): one worker runs them in turn and compiles it
        once, where two at once each compiled it. Every other test is handed out alone, in
        the run's order, to whichever worker is free. (``loadgroup`` would do it with marks,
        but pytest 9.2 drops its groups: pytest-xdist issue 1386.)"""
        if config.getvalue("dist") != "load":
            return None
        from xdist.scheduler import LoadScopeScheduling

        class LoadKeepingNotebooks(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                path = nodeid.split("::", 1)[0]
                if path.endswith(".ipynb"):
                    return path
                if path.endswith("test_solver_fast.py") and nodeid.endswith("[numba]"):
                    return path + "::numba"
                return nodeid

        return LoadKeepingNotebooks(config, log)
