"""Test-wide settings: the tests, the doctests and the notebooks run by nbval (whose
kernels inherit this environment) keep puzzle progress and class results in a fresh
folder, never in the learner's own."""

from __future__ import annotations

import os
import tempfile


def pytest_configure(config):
    os.environ.setdefault("TRIX_TUTOR_HOME", tempfile.mkdtemp(prefix="trix-tutor-test-"))
