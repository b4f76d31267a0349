"""The solver: exact answers for trick-play goals and Trex places (double dummy, paranoid).

>>> from tutor.solver import Position, solve, Exactly
>>> p = Position.from_pbn("N:AK... QJ... T9... 87...", leader=0)
>>> solve(p, Exactly(seat=0, n=1)).value  # the A and K both win: exactly 1 is impossible
0
"""

from __future__ import annotations

from tutor.solver.goals import AvoidCards, Exactly, MaxTricks, MinPenalty, TrexPlace
from tutor.solver.position import Position
from tutor.solver.search import Result, SearchLimit, solve
from tutor.solver.trex import TrexPosition

__all__ = ["Position", "solve", "Result", "SearchLimit", "MaxTricks", "Exactly", "AvoidCards",
           "MinPenalty", "TrexPlace", "TrexPosition"]
