"""How long the long random runs are (marked ``sized``): ``make test`` runs them at their
usual size, which keeps the suite within its time on 2 cores; ``make test-long``
(``TRIX_TUTOR_LONG=1``) at their full size, before a release or after a change to the rules
or the search. The same checks either way: only the number of games, hands or turns
changes: the usual games are the first ones of the full run, and the check against DDS
leaves out its one position that takes minutes (tests/test_solver_dds.py).

And how much of a long check the quick lane runs (``make check``, which skips the tests
marked slow, within its 2 minutes on 2 cores): a short size of it (``quick_and_full``) or a
sample of its cases (``sampled``); ``make test`` runs the rest."""

from __future__ import annotations

import os

import pytest

LONG = os.environ.get("TRIX_TUTOR_LONG", "") not in ("", "0")


LONG_ONLY = pytest.mark.skipif(not LONG, reason="make test-long runs it (tests/sizes.py)")
"""A check that only ``make test-long`` runs, where ``make test`` already runs the same code
another way (the expert's walks: the intermediate's, which differs only in its work)."""


def sized(usual: int, full: int) -> int:
    """``full`` in a long run, else ``usual``."""
    return full if LONG else usual


# --- the quick lane (`make check`, which skips the tests marked slow) ------------------------
def quick_and_full(quick, full, ids: tuple[str, str] = ("quick", "full")) -> list:
    """One check at two sizes, as the two values of a parameter: ``quick`` in every lane,
    ``full`` marked slow (``make test`` runs both, ``make check`` the quick one alone)."""
    return [pytest.param(quick, id=ids[0]),
            pytest.param(full, id=ids[1], marks=pytest.mark.slow)]


def sampled(values, every: int, ids=None, first: int = 0) -> list:
    """``values`` as the values of a parameter, every ``every``-th of them (from the one at
    ``first``) in every lane and the others marked slow: ``make check`` checks a sample of
    the cases, ``make test`` all of them."""
    values = list(values)
    ids = list(ids) if ids is not None else [None] * len(values)
    return [pytest.param(v, id=i, marks=() if n % every == first % every else pytest.mark.slow)
            for n, (v, i) in enumerate(zip(values, ids))]


def leading(values, n: int, ids=None) -> list:
    """``values`` as the values of a parameter, the first ``n`` in every lane and the
    others marked slow (where the first ones already cover every kind of case)."""
    values = list(values)
    ids = list(ids) if ids is not None else [None] * len(values)
    return [pytest.param(v, id=i, marks=() if k < n else pytest.mark.slow)
            for k, (v, i) in enumerate(zip(values, ids))]
