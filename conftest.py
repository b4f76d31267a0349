"""Test-wide settings: the tests, the doctests and the notebooks run by nbval (whose
kernels inherit this environment) keep puzzle progress and class results in a fresh
folder, never in the learner's own."""

from __future__ import annotations

import importlib.util
import os
import tempfile

import pytest


def pytest_configure(config):
    os.environ.setdefault("TRIX_TUTOR_HOME", tempfile.mkdtemp(prefix="trix-tutor-test-"))


# --- the order of a run on every core --------------------------------------------------------
# `make test` and `make check` run pytest-xdist with ``--dist load --no-loadscope-reorder``.
@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by the marks
def pytest_collection_modifyitems(config, items):
    """The lesson notebooks' cells run by nbval are marked slow: each notebook starts a
    Jupyter kernel, a second or two of a core (half a minute for all of them), so
    `make check` runs the notebooks' code in its own process instead
    (tests/test_lessons.py: test_notebook_code_runs) and `make test` both.

    Then the tests marked slow first (each keeps its place among them, and so do the rest):
    handed out in this order to whichever worker is free, no long test starts last and
    keeps one core busy after the other has run out of work. The order is the same in every
    worker, as xdist requires."""
    for item in items:
        if item.nodeid.split("::", 1)[0].endswith(".ipynb"):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


if importlib.util.find_spec("xdist") is not None:

    def pytest_xdist_make_scheduler(config, log):
        """``--dist load`` keeping a lesson notebook's cells (nbval) together: one worker
        runs them in order on one kernel, as a cell uses what the cells above it made
        (xdist's own ``load`` would hand them to different workers). Every other test is
        handed out alone, in the run's order, to whichever worker is free. (``loadgroup``
        would do it with marks, but pytest 9.2 drops its groups: pytest-xdist issue 1386.)"""
        if config.getvalue("dist") != "load":
            return None
        from xdist.scheduler import LoadScopeScheduling

        class LoadKeepingNotebooks(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                path = nodeid.split("::", 1)[0]
                return path if path.endswith(".ipynb") else nodeid

        return LoadKeepingNotebooks(config, log)
