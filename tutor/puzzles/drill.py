"""A timed drill, like the chess sites' puzzle rush: three minutes, easier puzzles first,
each miss costs twenty seconds, the score is the number solved.

The time is kept here, in Python, from ``clock`` (``time.monotonic`` unless a test gives
its own): every request checks it, and the page's countdown is only a display that says
"time up" when it reaches zero, which is believed only if this clock agrees (within
``TOLERANCE``). No thread is needed, so it works alike in Voila and in the browser-only
site, where threads do not run.

A drill is kept apart from the rating (as the puzzle sites keep their rush): nothing in
it changes the learner's rating, streaks, history or review schedule; only its score is
kept, with the best one (:meth:`tutor.app.progress.Progress.record_drill`).

>>> from tutor.puzzles import bundled
>>> t = [0.0]
>>> d = Drill(bundled(), rng=random.Random(1), clock=lambda: t[0])
>>> first = d.start()
>>> first.difficulty, d.remaining()
(1, 180.0)
>>> t[0] = 10.0
>>> _ = d.answer(solved=False)   # a miss: twenty seconds off the clock
>>> d.score, d.missed, d.remaining()
(0, 1, 150.0)
>>> t[0] = 160.5
>>> d.answer(solved=True) is None, d.phase, d.score   # too late: it does not count
(True, 'over', 0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tutor.engine.i18n import gettext as _
from tutor.puzzles.model import Puzzle
import math

__all__ = ["Drill", "DrillError", "DrillResult", "LIMIT", "PENALTY", "TOLERANCE", "QUOTA",
           "plan", "clock_words"]

LIMIT = 180.0
"""The drill's seconds."""
PENALTY = 20.0
"""Seconds a miss costs."""
TOLERANCE = 1.0
"""The page may say "time up" this many seconds before this clock does (its countdown
started when the state reached it, a little after this clock started)."""
QUOTA = (4, 5, 6, 8)
"""Puzzles of difficulty 1, 2, 3 and 4 dealt before the ★★★★★ ones: the drill starts easy
and gets harder, as a rush does."""


class DrillError(ValueError):
    """A request the drill cannot carry out now; the text says why, and nothing changed."""


@dataclass(frozen=True)
class DrillResult:
    """One puzzle of a drill: which, how hard, solved or missed, and when (seconds in)."""

    puzzle_id: str
    difficulty: int
    solved: bool
    at: float


def plan(puzzles: Iterable[Puzzle], rng: random.Random) -> list[Puzzle]:
    """The order a drill deals ``puzzles`` in: ``QUOTA`` of each difficulty from 1 to 4
    (shuffled within a level), then every ★★★★★ one, then the rest, easiest first, so
    the difficulty never falls until the quotas run out.

    >>> ps = [Puzzle.__new__(Puzzle) for _ in range(40)]
    >>> for i, p in enumerate(ps): object.__setattr__(p, "difficulty", 1 + i % 5)
    >>> [p.difficulty for p in plan(ps, random.Random(0))][:25]
    ... # doctest: +NORMALIZE_WHITESPACE
    [1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5]
    """
    levels: dict[int, list[Puzzle]] = {d: [] for d in range(1, 6)}
    for p in puzzles:
        levels[p.difficulty].append(p)
    for level in levels.values():
        rng.shuffle(level)
    out: list[Puzzle] = []
    for d, n in zip(range(1, 5), QUOTA):
        out += levels[d][:n]
    out += levels[5]
    for d, n in zip(range(1, 5), QUOTA):
        out += levels[d][n:]
    return out


class Drill:
    """One learner's drill over ``puzzles``: ``start``, then ``answer`` each puzzle
    (solved or missed) until the time is up (``remaining`` is 0) or the puzzles run out.

    ``phase`` is ``"ready"``, ``"running"`` or ``"over"``; ``score`` counts the puzzles
    solved, ``missed`` the misses, ``results`` each in order, ``current`` the puzzle in
    play. A request that does not fit the phase raises :class:`DrillError` and changes
    nothing.
    """

    def __init__(self, puzzles: Sequence[Puzzle], rng: random.Random | None = None,
                 clock: Callable[[], float] = time.monotonic, limit: float = LIMIT,
                 penalty: float = PENALTY) -> None:
        self.puzzles = list(puzzles)
        if not self.puzzles:
            raise ValueError(_("a drill needs puzzles"))
        self.rng = rng if rng is not None else random.Random()
        self.clock = clock
        self.limit = float(limit)
        self.penalty = float(penalty)
        self.phase = "ready"
        self.results: list[DrillResult] = []
        self.current: Puzzle | None = None
        self._plan: list[Puzzle] = []
        self._started = 0.0
        self._ended: float | None = None
        self.stopped = False  # ended by the learner before the time was up

    @property
    def score(self) -> int:
        """Puzzles solved."""
        return sum(r.solved for r in self.results)

    @property
    def missed(self) -> int:
        """Puzzles missed."""
        return sum(not r.solved for r in self.results)

    def elapsed(self) -> float:
        """Seconds since the start (frozen once the drill is over)."""
        if self.phase == "ready":
            return 0.0
        end = self._ended if self._ended is not None else self.clock()
        return max(0.0, end - self._started)

    def remaining(self) -> float:
        """Seconds left: the limit less the time gone and the misses' penalties (none once
        over, unless the learner stopped it: then what was left)."""
        if self.phase == "ready":
            return self.limit
        if self.phase == "over" and not self.stopped:
            return 0.0
        return max(0.0, self.limit - self.elapsed() - self.penalty * self.missed)

    def start(self) -> Puzzle:
        """Begin (or begin again, after the end): the clock starts, the easiest puzzle
        comes first."""
        if self.phase == "running":
            raise DrillError(_("The drill is already running."))
        self._plan = plan(self.puzzles, self.rng)
        self.results = []
        self._started = self.clock()
        self._ended = None
        self.stopped = False
        self.phase = "running"
        self.current = self._plan.pop(0)
        return self.current

    def over(self) -> bool:
        """Whether the drill is over, ending it now if the time is up (every request
        asks this first, so the Python clock decides, not the page)."""
        if self.phase == "running" and self.remaining() <= 0:
            self._end()
        return self.phase == "over"

    def answer(self, solved: bool) -> Puzzle | None:
        """The puzzle in play was solved (or missed); returns the next one, or ``None``
        when the drill is over. An answer after the time is up does not count."""
        if self.phase != "running":
            raise DrillError(_("Start the drill first.") if self.phase == "ready"
                             else _("The drill is over."))
        if self.over():
            return None
        assert self.current is not None
        self.results.append(DrillResult(self.current.id, self.current.difficulty,
                                        bool(solved), round(self.elapsed(), 1)))
        if self.over() or not self._plan:
            self._end()
            return None
        self.current = self._plan.pop(0)
        return self.current

    def time_up(self) -> None:
        """The page's countdown reached zero: the drill ends if this clock agrees;
        else :class:`DrillError` says how much time is left."""
        if self.phase != "running":
            raise DrillError(_("The drill is not running."))
        left = self.remaining()
        if left > TOLERANCE:
            raise DrillError(_("Not yet: {time} left.").format(time=clock_words(left)))
        self._end()

    def stop(self) -> None:
        """End the drill now (the learner stops it); what was solved counts."""
        if self.phase != "running":
            raise DrillError(_("The drill is not running."))
        self.stopped = not self.over()
        self._end()

    def _end(self) -> None:
        self._ended = min(self.clock(), self._started + self.limit)
        self.phase = "over"
        self.current = None


def clock_words(seconds: float) -> str:
    """Seconds as a clock reads them, rounded up (the time shown never reaches zero
    before it is up).

    >>> clock_words(180), clock_words(59.2), clock_words(0)
    ('3:00', '1:00', '0:00')
    """

    s = max(0, math.ceil(seconds - 1e-9))
    return f"{s // 60}:{s % 60:02d}"
