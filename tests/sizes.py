"""How long the long random runs are (marked ``sized``): ``make test`` runs them at their
usual size, which keeps the suite within its time on 2 cores; ``make test-long``
(``TRIX_TUTOR_LONG=1``) at their full size, before a release or after a change to the rules
or the search. The same checks either way: only the number of games, hands or turns
changes: the usual games are the first ones of the full run, and the check against DDS
leaves out its one position that takes minutes (tests/test_solver_dds.py)."""

from __future__ import annotations

import os

LONG = os.environ.get("TRIX_TUTOR_LONG", "") not in ("", "0")


def sized(usual: int, full: int) -> int:
    """``full`` in a long run, else ``usual``."""
    return full if LONG else usual
