"""Fixtures shared by several test files."""

from __future__ import annotations

import pytest


@pytest.fixture
def learner_home(tmp_path, monkeypatch):
    """A fresh ``TRIX_TUTOR_HOME`` and no learner known yet (``widgets.learner`` keeps the
    learner per kernel, so each test starts as a newly opened page)."""
    from widgets import learner

    monkeypatch.setenv("TRIX_TUTOR_HOME", str(tmp_path))
    learner.forget()
    yield tmp_path
    learner.forget()
