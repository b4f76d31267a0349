"""The learner's puzzle progress: a Glicko-2 rating, streaks, tallies, and the file it lives in.

Every puzzle attempt is one Glicko-2 rating period with one game, played against the
puzzle, whose rating comes from its difficulty (``1000 + 250 * (difficulty - 1)``, with a
fixed deviation of ``PUZZLE_DEVIATION``), as on the chess puzzle sites.

An attempt has one of three outcomes:

- ``"solved"``: solved without hints; scores 1 (a win) and extends the streak.
- ``"hinted"``: solved after one or more hints; scores one half, capped at the expected
  score, so a hint can never raise the rating (otherwise hints on hard puzzles would farm
  points). It ends the streak and does not mark the puzzle solved: it comes back for review.
- ``"failed"``: scores 0 (a loss) and ends the streak.

The learner reads the same in words (:func:`attempt_words`, :meth:`Progress.rating_words`),
and the table's columns are the three outcomes (:data:`OUTCOME_TITLES`).

>>> p = Progress()
>>> a = p.record("kh-01", "king", 3, solved=True, when="2026-01-01T10:00:00+00:00")
>>> a.outcome, round(a.rating), p.streak
('solved', 1675, 1)
>>> a = p.record("kh-02", "king", 3, solved=True, hints_used=2)
>>> a.outcome, a.change <= 0, p.streak, p.best_streak
('hinted', True, 0, 1)
>>> p.by_theme()["king"]
Tally(solved=1, hinted=1, failed=0)
>>> Progress.from_json(p.to_json()) == p
True

A missed or hinted puzzle comes back on a spaced schedule (:data:`REVIEW_DAYS`: 1, 3, 7
and 30 days): a miss (or a hinted solve) starts it over at the first wait; a clean solve
once it is due moves it one wait on, and after the last it is done. A puzzle solved
cleanly at the first try is never scheduled. Due puzzles come before new ones in
:meth:`Progress.next_puzzle`. Every function that depends on the time takes it as an
argument (``when``, ``now``), so tests control the clock.

>>> p = Progress()
>>> _ = p.record("q-1", "queens", 2, solved=False, when="2026-01-01T10:00:00+00:00")
>>> p.reviews["q-1"]
Review(step=0, due='2026-01-02T10:00:00+00:00')
>>> p.due(now="2026-01-02T09:00:00+00:00"), p.due(now="2026-01-02T10:00:00+00:00")
([], ['q-1'])
>>> _ = p.record("q-1", "queens", 2, solved=True, when="2026-01-02T12:00:00+00:00")
>>> p.reviews["q-1"]
Review(step=1, due='2026-01-05T12:00:00+00:00')

A lesson's puzzle is practice (:meth:`Progress.record_practice`): it is tried, a clean
solve counts as solved, and a miss or a hinted solve puts it on the review schedule (so
the puzzles page brings it back, rated there), but the rating, streaks, tallies and
history are not touched: a lesson invites the hints, and learning must not cost rating
points. The page says which rule a puzzle follows (:func:`counting_words`).

>>> p = Progress()
>>> a = p.record_practice("z-1", "make-zero", 1, solved=True, hints_used=4,
...                       when="2026-01-01T10:00:00+00:00")
>>> a.outcome, a.rating, a.change, p.history, p.streak, p.reviews["z-1"].step
('hinted', 1500.0, 0.0, [], 0, 0)

A timed drill (a "puzzle rush", :mod:`tutor.puzzles.drill`) is kept apart from all of
this: :meth:`Progress.record_drill` keeps its scores and the best one, and never touches
the rating, streaks, tallies, history or schedule.

``ProgressStore`` keeps a ``Progress`` in a small JSON file (see ``default_path``): a missing
file means fresh progress; a corrupt or unreadable one is moved aside to a timestamped
``.bak`` file (never overwritten) and ``store.warning`` says so in words for the learner;
``save`` writes atomically, and ``store.record`` saves at once, so a finished result is on
disk before it returns. Two processes saving at once cannot corrupt the file (the later
save wins).
"""

from __future__ import annotations

import json
import logging
import math
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

__all__ = [
    "FORMAT",
    "VERSION",
    "HISTORY_LIMIT",
    "PUZZLE_DEVIATION",
    "Rating",
    "Tally",
    "Attempt",
    "Review",
    "DrillRun",
    "REVIEW_DAYS",
    "review_words",
    "Progress",
    "ProgressStore",
    "ProgressFormatError",
    "glicko2",
    "expected_score",
    "puzzle_rating",
    "default_path",
    "atomic_write",
    "attempt_words",
    "practice_words",
    "counting_words",
    "OUTCOMES",
    "OUTCOME_TITLES",
]

log = logging.getLogger(__name__)

FORMAT = "trix-tutor/progress"
VERSION = 2  # 2: the review schedule, generated puzzles' data and drill scores
FILE_NAME = "progress.json"
APP_DIR = "trix-tutor"
HISTORY_LIMIT = 500

SCALE = 173.7178  # Glicko-2: rating points per unit of mu
TAU = 0.5  # system constant: how fast the volatility may change
EPSILON = 1e-6  # convergence tolerance of the volatility iteration
START = (1500.0, 350.0, 0.06)
MIN_DEVIATION = 45.0  # the learner's deviation never drops below this, so the rating keeps moving
MAX_DEVIATION = 350.0
PUZZLE_DEVIATION = 100.0
NEAR_BAND = 125.0  # next_puzzle: puzzles within this of the nearest one's rating distance
REVIEW_DAYS = (1, 3, 7, 30)
"""The waits of the review schedule, in days: a miss starts at the first."""
GENERATED_LIMIT = 400  # generated puzzles kept for review; the one due last goes first
GENERATED_BYTES = 8000  # the JSON of one generated puzzle is far smaller
DRILL_LIMIT = 100  # drill runs kept (the best score is kept apart)
EPOCH = "1970-01-01T00:00:00+00:00"  # "due long ago"

OUTCOMES = ("solved", "hinted", "failed")
OUTCOME_TITLES = {"solved": "Solved (no hints)", "hinted": "Solved with hints",
                  "failed": "Missed"}
"""The three outcomes as the learner's table heads them."""


class ProgressFormatError(ValueError):
    """A progress file that cannot be read: bad JSON, wrong types, or an unknown version."""


# ---------------------------------------------------------------------------------- Glicko-2


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the familiar scale: ``rating``, ``deviation`` (RD), ``volatility``."""

    rating: float = START[0]
    deviation: float = START[1]
    volatility: float = START[2]


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent_rating: float, opponent_deviation: float) -> float:
    """The Glicko-2 expected score of ``player`` against an opponent.

    >>> round(expected_score(Rating(1500, 200), 1400, 30), 3)
    0.639
    """
    mu = (player.rating - 1500.0) / SCALE
    return _expected(mu, (opponent_rating - 1500.0) / SCALE, opponent_deviation / SCALE)


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of Glickman's algorithm: the Illinois iteration for the new volatility."""
    a = math.log(sigma * sigma)
    d2, p2 = delta * delta, phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if d2 > p2 + v:
        big_b = math.log(d2 - p2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def glicko2(
    player: Rating, results: Iterable[tuple[float, float, float]], tau: float = TAU
) -> Rating:
    """``player`` after one rating period of ``(opponent rating, opponent RD, score)`` games.

    The standard algorithm of Glickman's "Example of the Glicko-2 system" (his worked
    example rounds intermediate values, hence 1464.06 there); with no games only the
    deviation grows.

    >>> r = glicko2(Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    >>> round(r.rating, 2), round(r.deviation, 2), round(r.volatility, 6)
    (1464.05, 151.52, 0.059996)
    """
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    games = [((r - 1500.0) / SCALE, rd / SCALE, float(s)) for r, rd, s in results]
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    v_inv = 0.0
    gain = 0.0
    for mu_j, phi_j, s in games:
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        gain += g * (s - e)
    v = 1.0 / v_inv
    new_sigma = _new_volatility(sigma, phi, v, v * gain, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    return Rating(1500.0 + SCALE * new_mu, SCALE * new_phi, new_sigma)


def puzzle_rating(difficulty: int) -> float:
    """The rating a puzzle of difficulty 1-5 plays at.

    >>> [puzzle_rating(d) for d in range(1, 6)]
    [1000.0, 1250.0, 1500.0, 1750.0, 2000.0]
    """
    return 1000.0 + 250.0 * (_difficulty(difficulty) - 1)


# ---------------------------------------------------------------------------------- progress


@dataclass(frozen=True)
class Tally:
    """How many puzzles were solved (without hints), solved with hints, and failed."""

    solved: int = 0
    hinted: int = 0
    failed: int = 0

    @property
    def attempts(self) -> int:
        """Every attempt counted here."""
        return self.solved + self.hinted + self.failed

    def add(self, outcome: str) -> Tally:
        """This tally with one more attempt of ``outcome``."""
        counts = asdict(self)
        counts[outcome] += 1
        return Tally(**counts)


@dataclass(frozen=True)
class Attempt:
    """One puzzle attempt: what was tried, how it went, and the rating after it."""

    id: str
    theme: str
    difficulty: int
    outcome: str  # "solved", "hinted" or "failed"
    hints: int
    when: str  # ISO 8601
    rating: float  # the learner's rating after this attempt
    change: float  # and how much this attempt moved it

    @property
    def solved(self) -> bool:
        """Whether the goal was reached (with or without hints)."""
        return self.outcome != "failed"


@dataclass(frozen=True)
class Review:
    """A puzzle's place in the review schedule: it is ``due`` (ISO 8601) after the wait
    ``REVIEW_DAYS[step]``."""

    step: int
    due: str

    @property
    def days(self) -> int:
        """The wait in days that ends at ``due``."""
        return REVIEW_DAYS[self.step]


@dataclass(frozen=True)
class DrillRun:
    """One timed drill: when it started, how many puzzles were solved and missed."""

    when: str
    score: int
    missed: int


def review_words(before: Review | None, after: Review | None, outcome: str) -> str:
    """What an attempt did to the puzzle's place in the schedule, in words (empty when
    nothing changed, as for a first clean solve).

    >>> review_words(None, Review(0, "2026-01-02T10:00:00+00:00"), "failed")
    'It comes back for review in 1 day.'
    >>> review_words(Review(0, "x"), Review(1, "y"), "solved")
    'Solved on review: it comes back in 3 days.'
    >>> review_words(Review(3, "x"), None, "solved")
    'Solved on its last review: this puzzle is done.'
    """
    if after is None:
        return "Solved on its last review: this puzzle is done." if before else ""
    if outcome != "solved":
        return f"It comes back for review in {_days(after.days)}."
    if before is not None and after.step > before.step:
        return f"Solved on review: it comes back in {_days(after.days)}."
    return f"It is still due for review on {after.due[:10]}." if before else ""


def _days(n: int) -> str:
    return "1 day" if n == 1 else f"{n} days"


def _instant(when: datetime | str | None) -> datetime:
    """A moment as an aware datetime (naive ones are taken as UTC); ``None`` is now."""
    if when is None:
        return datetime.now(timezone.utc)
    if isinstance(when, str):
        try:
            when = datetime.fromisoformat(when)
        except ValueError:
            raise ValueError(f"not an ISO 8601 time: {when[:40]!r}") from None
    if not isinstance(when, datetime):
        raise TypeError(f"a time is a datetime or an ISO 8601 string, not "
                        f"{type(when).__name__}")
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


def _stamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"


def attempt_words(attempt: Attempt, streak: int) -> str:
    """What one attempt did to the learner's progress, in words: the outcome, the rating
    before and after (the change is the difference of the two numbers shown), and the
    streak (``streak``: the streak after it); :func:`review_words` says when the puzzle
    comes back.

    >>> a = Attempt("k1", "king", 3, "hinted", 2, "2026-01-01", 1166.4, -10.8)
    >>> print(attempt_words(a, 0))  # doctest: +NORMALIZE_WHITESPACE
    Solved with hints: it counts as half a solve at most, so it never raises your rating
    (1177 → 1166, −11). Your streak starts again.
    """
    after = round(attempt.rating)
    before = round(attempt.rating - attempt.change)
    rating = f"rating {before} → {after}, {_signed(after - before)}"
    if attempt.outcome == "solved":
        return (f"Solved without hints: counted as solved ({rating}). "
                f"Your streak is {streak}.")
    if attempt.outcome == "hinted":
        return (f"Solved with hints: it counts as half a solve at most, so it never raises "
                f"your rating ({before} → {after}, {_signed(after - before)}). Your streak "
                f"starts again.")
    return f"Counted as missed ({rating}). Your streak starts again."


def practice_words(attempt: Attempt) -> str:
    """What a practice attempt (a lesson's puzzle) did, in words: its outcome, and that
    the rating stayed as it was; :func:`review_words` says when it comes back.

    >>> a = Attempt("z1", "make-zero", 1, "hinted", 4, "2026-01-01", 1500.0, 0.0)
    >>> practice_words(a)
    'Solved with hints. Practice: your puzzle rating stays 1500.'
    """
    what = {"solved": "Solved without hints.", "hinted": "Solved with hints.",
            "failed": "Missed."}[attempt.outcome]
    return f"{what} Practice: your puzzle rating stays {round(attempt.rating)}."


def counting_words(rated: bool) -> str:
    """How a puzzle counts, in words, shown on the page before it is played: the rated
    rule of the puzzles page (the three outcomes of :meth:`Progress.record`), or a
    lesson's practice.

    >>> counting_words(False)
    'Practice: hints are welcome here, and this puzzle does not change your puzzle rating.'
    """
    if not rated:
        return ("Practice: hints are welcome here, and this puzzle does not change your "
                "puzzle rating.")
    return ("Rated: solved without hints raises your rating; solved with hints counts as "
            "half a solve at most, so it never raises it; a miss or the solution lowers it.")



def _attempt_facts(puzzle_id: Any, theme: str, difficulty: int, hints_used: int,
                   when: datetime | str | None, data: Mapping[str, Any] | None) -> tuple:
    """An attempt's facts checked, before anything changes: id, theme, difficulty, the
    generated puzzle's data, the moment and its stamp; ``ValueError`` on junk."""
    difficulty = _difficulty(difficulty)
    if isinstance(hints_used, bool) or not isinstance(hints_used, int) or hints_used < 0:
        raise ValueError(f"hints_used is a count, not {hints_used!r}")
    if data is not None:
        data = _puzzle_data(data)
    moment = _instant(when)
    stamp = _when(when) if when is not None else _stamp(moment)
    return str(puzzle_id), str(theme), difficulty, data, moment, stamp

def _difficulty(d: Any) -> int:
    if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 5:
        raise ValueError(f"a puzzle difficulty is a whole number from 1 to 5, not {d!r}")
    return d


def _when(when: datetime | str | None) -> str:
    if when is None:
        return datetime.now(timezone.utc).isoformat(timespec="seconds")
    if isinstance(when, datetime):
        return when.isoformat(timespec="seconds")
    if isinstance(when, str):
        return when
    raise TypeError(f"when is a datetime or an ISO 8601 string, not {type(when).__name__}")


def _field(candidate: Any, name: str) -> Any:
    if isinstance(candidate, Mapping):
        return candidate.get(name)
    return getattr(candidate, name, None)


@dataclass(eq=False)
class Progress:
    """A learner's puzzle record: rating, streaks, tallies, solved ids and recent attempts."""

    glicko: Rating = field(default_factory=Rating)
    streak: int = 0
    best_streak: int = 0
    themes: dict[str, Tally] = field(default_factory=dict)
    difficulties: dict[int, Tally] = field(default_factory=dict)
    solved: set[str] = field(default_factory=set)  # ids solved without hints
    tried: set[str] = field(default_factory=set)  # ids attempted at all
    history: list[Attempt] = field(default_factory=list)  # the last HISTORY_LIMIT, oldest first
    reviews: dict[str, Review] = field(default_factory=dict)  # the review schedule, by id
    generated: dict[str, dict[str, Any]] = field(default_factory=dict)  # their data, by id
    drill_best: int = 0  # the best drill score
    drills: list[DrillRun] = field(default_factory=list)  # the last DRILL_LIMIT drills

    @property
    def rating(self) -> float:
        """The learner's puzzle rating."""
        return self.glicko.rating

    @property
    def deviation(self) -> float:
        """How uncertain the rating is (Glicko RD): high for a newcomer, shrinking with play."""
        return self.glicko.deviation

    @property
    def volatility(self) -> float:
        """The Glicko-2 volatility: how erratic the learner's results have been."""
        return self.glicko.volatility

    @property
    def provisional(self) -> bool:
        """Whether the rating is still a rough guess (too few attempts to trust it)."""
        return self.glicko.deviation > 110.0

    @property
    def rated_attempts(self) -> int:
        """How many attempts were rated (practice and drills are not)."""
        return sum(t.attempts for t in self.themes.values())

    def rating_words(self) -> str:
        """The rating and how sure it is, in words: "give or take" twice the deviation
        (the learner's level is very likely within it).

        >>> Progress().rating_words()
        'Rating 1500: a first guess, until you have played a few puzzles.'
        >>> once = {"king": Tally(solved=1)}
        >>> Progress(glicko=Rating(1166.4, 107.2), themes=once).rating_words()
        'Rating 1166, give or take 214.'
        >>> Progress(glicko=Rating(1177, 150), themes=once).rating_words()
        'Rating 1177, give or take 300 while we are still learning your level.'
        """
        rating = f"Rating {self.rating:.0f}"
        if not self.rated_attempts:
            return f"{rating}: a first guess, until you have played a few puzzles."
        margin = f"{rating}, give or take {2 * self.deviation:.0f}"
        return margin + (" while we are still learning your level." if self.provisional
                         else ".")

    def record(
        self,
        puzzle_id: Any,
        theme: str,
        difficulty: int,
        solved: bool,
        hints_used: int = 0,
        when: datetime | str | None = None,
        data: Mapping[str, Any] | None = None,
    ) -> Attempt:
        """Count one finished attempt, update the rating and the review schedule; returns
        the attempt. ``data`` is a generated puzzle's JSON, kept while it is scheduled so
        it can be dealt again."""
        puzzle_id, theme, difficulty, data, moment, stamp = _attempt_facts(
            puzzle_id, theme, difficulty, hints_used, when, data)
        opponent = (puzzle_rating(difficulty), PUZZLE_DEVIATION)
        if not solved:
            outcome, score = "failed", 0.0
        elif hints_used:
            outcome = "hinted"
            score = min(0.5, expected_score(self.glicko, *opponent))
        else:
            outcome, score = "solved", 1.0
        new = glicko2(self.glicko, [(*opponent, score)])
        deviation = min(max(new.deviation, MIN_DEVIATION), MAX_DEVIATION)
        before = self.glicko.rating
        self.glicko = Rating(new.rating, deviation, new.volatility)
        if outcome == "solved":
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            self.solved.add(puzzle_id)
        else:
            self.streak = 0
        self.tried.add(puzzle_id)
        self._schedule(puzzle_id, outcome, moment, data)
        self.themes[theme] = self.themes.get(theme, Tally()).add(outcome)
        self.difficulties[difficulty] = self.difficulties.get(difficulty, Tally()).add(outcome)
        change = new.rating - before
        attempt = Attempt(
            puzzle_id, theme, difficulty, outcome, hints_used, stamp, new.rating, change
        )
        self.history.append(attempt)
        del self.history[:-HISTORY_LIMIT]
        return attempt

    def record_practice(
        self,
        puzzle_id: Any,
        theme: str,
        difficulty: int,
        solved: bool,
        hints_used: int = 0,
        when: datetime | str | None = None,
        data: Mapping[str, Any] | None = None,
    ) -> Attempt:
        """Count one finished practice attempt (a lesson's puzzle): tried, solved when
        solved without hints, and the review schedule as :meth:`record` moves it; the
        rating, streaks, tallies and history stay as they were. Returns the attempt (its
        ``rating`` the unchanged rating, its ``change`` 0)."""
        puzzle_id, theme, difficulty, data, moment, stamp = _attempt_facts(
            puzzle_id, theme, difficulty, hints_used, when, data)
        outcome = "failed" if not solved else "hinted" if hints_used else "solved"
        if outcome == "solved":
            self.solved.add(puzzle_id)
        self.tried.add(puzzle_id)
        self._schedule(puzzle_id, outcome, moment, data)
        return Attempt(puzzle_id, theme, difficulty, outcome, hints_used, stamp,
                       self.glicko.rating, 0.0)

    def _schedule(self, puzzle_id: str, outcome: str, moment: datetime,
                  data: dict[str, Any] | None) -> None:
        """A miss or hinted solve (re)starts the schedule; a clean solve of a due puzzle
        moves it one wait on, or off the schedule after the last; a clean solve before
        it is due leaves it as it was."""
        old = self.reviews.get(puzzle_id)
        if outcome != "solved":
            self.reviews[puzzle_id] = Review(0, _stamp(moment + timedelta(REVIEW_DAYS[0])))
            if data is not None:
                self.generated[puzzle_id] = data
                self._trim_generated()
        elif old is not None and _instant(old.due) <= moment:
            step = old.step + 1
            if step < len(REVIEW_DAYS):
                wait = timedelta(REVIEW_DAYS[step])
                self.reviews[puzzle_id] = Review(step, _stamp(moment + wait))
            else:
                del self.reviews[puzzle_id]
                self.generated.pop(puzzle_id, None)

    def _trim_generated(self) -> None:
        while len(self.generated) > GENERATED_LIMIT:
            last = max(self.generated, key=lambda k: self.reviews[k].due
                       if k in self.reviews else "")
            del self.generated[last]
            self.reviews.pop(last, None)

    def due(self, now: datetime | str | None = None, known: Iterable[str] | None = None
            ) -> list[str]:
        """The ids due for review at ``now`` (default: the present), the longest due
        first; only those in ``known`` when given (puzzles that still exist)."""
        moment = _instant(now)
        keep = None if known is None else set(known)
        due = [(_instant(r.due), k) for k, r in self.reviews.items()
               if keep is None or k in keep]
        return [k for at, k in sorted(due) if at <= moment]

    def record_drill(self, score: int, missed: int, when: datetime | str | None = None
                     ) -> bool:
        """Keep one finished drill's score; True when it is a new best. The rating,
        streaks, tallies, history and schedule are not touched: a drill is a race
        against the clock, not a rated attempt."""
        for name, n in (("score", score), ("missed", missed)):
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ValueError(f"a drill's {name} is a count, not {n!r}")
        self.drills.append(DrillRun(_when(when), score, missed))
        del self.drills[:-DRILL_LIMIT]
        best = score > self.drill_best
        self.drill_best = max(self.drill_best, score)
        return best

    def by_theme(self) -> dict[str, Tally]:
        """Solved, hinted and failed counts per theme (a copy, sorted by theme)."""
        return dict(sorted(self.themes.items()))

    def by_difficulty(self) -> dict[int, Tally]:
        """Solved, hinted and failed counts per difficulty (a copy, easiest first)."""
        return dict(sorted(self.difficulties.items()))

    def is_solved(self, puzzle_id: Any) -> bool:
        """Whether the learner has solved this puzzle without hints."""
        return str(puzzle_id) in self.solved

    def next_puzzle(
        self,
        candidates: Iterable[Any],
        theme: str | None = None,
        difficulty: int | None = None,
        rng: random.Random | None = None,
        now: datetime | str | None = None,
        revisit: bool = False,
    ) -> Any | None:
        """A puzzle to offer next, or ``None`` when every candidate matching the filters
        is done (solved, or scheduled for later) or none matches.

        Candidates are dicts or objects with ``id``, ``theme`` and ``difficulty``. A
        puzzle due for review at ``now`` comes first (the longest due first); then a
        puzzle never tried whose rating is near the learner's; then (for files older than
        the schedule) one tried but never solved; never the one just played while another
        matches; ties are broken by ``rng``. With ``revisit``, when nothing is left, a
        puzzle scheduled for later or solved comes back rather than ``None``.

        >>> pool = [{"id": i, "theme": "king", "difficulty": 1 + i % 5} for i in range(10)]
        >>> Progress().next_puzzle(pool, rng=random.Random(1))["difficulty"]
        3
        """
        rng = rng if rng is not None else random.Random()
        matches = [
            c
            for c in candidates
            if (theme is None or _field(c, "theme") == theme)
            and (difficulty is None or _field(c, "difficulty") == difficulty)
        ]
        by_id = {str(_field(c, "id")): c for c in matches}
        due = self.due(now, known=by_id)
        if due:
            return by_id[due[0]]
        last = self.history[-1].id if self.history else None

        def without_last(pool: list[Any]) -> list[Any]:
            rest = [c for c in pool if str(_field(c, "id")) != last]
            return rest or pool

        def open_(c: Any) -> bool:
            k = str(_field(c, "id"))
            return k not in self.solved and k not in self.reviews

        pool = without_last([c for c in matches if open_(c)])
        if not pool and revisit:
            pool = without_last(matches)
        if not pool:
            return None

        def distance(c: Any) -> float:
            try:
                return abs(puzzle_rating(_field(c, "difficulty")) - self.rating)
            except ValueError:
                return math.inf

        best = min(distance(c) for c in pool)
        near = [c for c in pool if distance(c) <= best + NEAR_BAND]
        fresh = [c for c in near if str(_field(c, "id")) not in self.tried]
        return rng.choice(fresh or near)

    # ---- JSON

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of everything, with the format name and version."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "rating": asdict(self.glicko),
            "streak": self.streak,
            "best_streak": self.best_streak,
            "themes": {k: asdict(t) for k, t in sorted(self.themes.items())},
            "difficulties": {str(k): asdict(t) for k, t in sorted(self.difficulties.items())},
            "solved": sorted(self.solved),
            "tried": sorted(self.tried),
            "history": [asdict(a) for a in self.history],
            "reviews": {k: asdict(r) for k, r in sorted(self.reviews.items())},
            "generated": {k: self.generated[k] for k in sorted(self.generated)},
            "drill": {"best": self.drill_best, "runs": [asdict(r) for r in self.drills]},
        }

    def to_json(self) -> str:
        """The progress file's text."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(cls, data: Any) -> Progress:
        """Progress from ``to_dict``'s output; anything malformed raises ``ProgressFormatError``."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressFormatError(f"not a {FORMAT} file")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ProgressFormatError(f"bad version {version!r}")
        if version > VERSION:
            raise ProgressFormatError(
                f"written by a newer trix-tutor (version {version}; this one reads {VERSION})"
            )
        try:
            r = _dict(data, "rating")
            glicko = Rating(
                _num(r, "rating"), _num(r, "deviation", True), _num(r, "volatility", True)
            )
            themes = {_str(k, "theme"): _tally(t) for k, t in _dict(data, "themes").items()}
            difficulties: dict[int, Tally] = {}
            for k, t in _dict(data, "difficulties").items():
                if not k.isdigit():
                    raise ProgressFormatError(f"bad difficulty {k!r}")
                difficulties[_difficulty(int(k))] = _tally(t)
            history = [_attempt(a) for a in _list(data, "history")][-HISTORY_LIMIT:]
            solved = {_str(x, "solved id") for x in _list(data, "solved")}
            tried = {_str(x, "tried id") for x in _list(data, "tried")}
            if version == 1:
                reviews = _first_reviews(history, tried - solved)
                generated, best, drills = {}, 0, []
            else:
                reviews = {_str(k, "review id"): _review(r)
                           for k, r in _dict(data, "reviews").items()}
                generated = {_str(k, "generated id"): _puzzle_data(d)
                             for k, d in _dict(data, "generated").items()}
                if len(generated) > GENERATED_LIMIT:
                    raise ProgressFormatError("too many generated puzzles")
                drill = _dict(data, "drill")
                best = _count(drill, "best")
                drills = [_drill_run(r) for r in _list(drill, "runs")][-DRILL_LIMIT:]
            return cls(
                glicko=glicko,
                streak=_count(data, "streak"),
                best_streak=_count(data, "best_streak"),
                themes=themes,
                difficulties=difficulties,
                solved=solved,
                tried=tried,
                history=history,
                reviews=reviews,
                generated=generated,
                drill_best=best,
                drills=drills,
            )
        except ProgressFormatError:
            raise
        except (ValueError, TypeError) as e:
            raise ProgressFormatError(str(e)) from None

    @classmethod
    def from_json(cls, text: str | bytes) -> Progress:
        """Progress from a progress file's text."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as e:  # bad JSON, bad encoding, absurd nesting
            raise ProgressFormatError(f"not JSON ({e})") from None
        return cls.from_dict(data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Progress):
            return NotImplemented
        return self.to_dict() == other.to_dict()


def _dict(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise ProgressFormatError(f"{key} is not an object")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise ProgressFormatError(f"{key} is not a list")
    return value


def _num(data: Mapping[str, Any], key: str, positive: bool = False) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ProgressFormatError(f"{key} is not a number")
    if positive and value <= 0:
        raise ProgressFormatError(f"{key} must be positive")
    return float(value)


def _count(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ProgressFormatError(f"{key} is not a count")
    return value


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ProgressFormatError(f"{what} {value!r} is not a string")
    return value


def _tally(data: Any) -> Tally:
    if not isinstance(data, dict):
        raise ProgressFormatError("a tally is not an object")
    return Tally(*(_count(data, k) for k in OUTCOMES))


def _attempt(data: Any) -> Attempt:
    if not isinstance(data, dict):
        raise ProgressFormatError("an attempt is not an object")
    outcome = data.get("outcome")
    if outcome not in OUTCOMES:
        raise ProgressFormatError(f"bad outcome {outcome!r}")
    return Attempt(
        id=_str(data.get("id"), "id"),
        theme=_str(data.get("theme"), "theme"),
        difficulty=_difficulty(data.get("difficulty")),
        outcome=outcome,
        hints=_count(data, "hints"),
        when=_str(data.get("when"), "when"),
        rating=_num(data, "rating"),
        change=_num(data, "change"),
    )


def _first_reviews(history: list[Attempt], open_ids: set[str]) -> dict[str, Review]:
    """A version 1 file's puzzles tried but never solved, put on the schedule: due a day
    after their last attempt in the history, or at once when it is not there."""
    last = {a.id: a.when for a in history}
    out = {}
    for k in sorted(open_ids):
        try:
            due = _stamp(_instant(last[k]) + timedelta(REVIEW_DAYS[0]))
        except (KeyError, ValueError):
            due = EPOCH
        out[k] = Review(0, due)
    return out


def _is_iso(value: str) -> bool:
    try:
        _instant(value)
    except ValueError:
        return False
    return True


def _review(data: Any) -> Review:
    if not isinstance(data, dict):
        raise ProgressFormatError("a review is not an object")
    step = _count(data, "step")
    if step >= len(REVIEW_DAYS):
        raise ProgressFormatError(f"bad review step {step}")
    due = _str(data.get("due"), "due")
    if len(due) > 40 or not _is_iso(due):
        raise ProgressFormatError(f"bad review time {due[:40]!r}")
    return Review(step, due)


def _drill_run(data: Any) -> DrillRun:
    if not isinstance(data, dict):
        raise ProgressFormatError("a drill is not an object")
    return DrillRun(_str(data.get("when"), "when"), _count(data, "score"),
                    _count(data, "missed"))


def _puzzle_data(data: Any) -> dict[str, Any]:
    """A generated puzzle's JSON, checked only for shape and size here (this module knows
    no puzzles); the trainer loads and proves it again before dealing it."""
    if not isinstance(data, Mapping):
        raise ProgressFormatError("a generated puzzle is not an object")
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise ProgressFormatError("a generated puzzle is not plain JSON") from None
    if len(text) > GENERATED_BYTES:
        raise ProgressFormatError("a generated puzzle is too large")
    return json.loads(text)


# ---------------------------------------------------------------------------------- the file


def default_path() -> Path:
    """Where the progress file lives unless told otherwise.

    ``$TRIX_TUTOR_HOME/progress.json`` when that is set; else the platform's per-user data
    folder: ``%APPDATA%\\trix-tutor`` on Windows, ``~/Library/Application Support/trix-tutor``
    on macOS, ``$XDG_DATA_HOME/trix-tutor`` (default ``~/.local/share/trix-tutor``) elsewhere.
    """
    home = os.environ.get("TRIX_TUTOR_HOME")
    if home:
        return Path(home).expanduser() / FILE_NAME
    if sys.platform.startswith("win"):
        appdata = os.environ.get("APPDATA")
        base = Path(appdata) if appdata else Path.home() / "AppData" / "Roaming"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / APP_DIR / FILE_NAME


def _replace(src: str, dst: Path) -> None:
    # Windows refuses to replace a file another process has open for a moment: retry briefly.
    for delay in (0.02, 0.05, 0.1, 0.2, 0.4):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if not sys.platform.startswith("win"):
                raise
            time.sleep(delay)
    os.replace(src, dst)


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old file or the new one.

    Public because every file of a learner is saved this way: the progress file here, and
    the lesson marks, saved games and class sets of :mod:`tutor.app.learners`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        _replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        with suppress(OSError):
            dir_fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)


class ProgressStore:
    """A ``Progress`` kept in a JSON file; ``record`` saves every finished attempt at once.

    ``load`` never fails on a bad file: it starts fresh, moves the bad file aside to
    ``<name>.<timestamp>.bak`` (``backup``) and leaves a message for the learner in
    ``warning``.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.warning: str | None = None
        self.backup: Path | None = None
        self._progress: Progress | None = None

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r})"

    @property
    def progress(self) -> Progress:
        """The progress, loaded from the file on first use."""
        if self._progress is None:
            self.load()
        assert self._progress is not None
        return self._progress

    def load(self) -> Progress:
        """Read the file: missing means fresh progress; a bad file is backed up, then fresh."""
        self.warning = None
        self.backup = None
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            progress = Progress()
        except OSError as e:
            progress = self._start_fresh(f"it could not be read ({e.strerror or e})")
        else:
            try:
                progress = Progress.from_json(data)
            except ProgressFormatError as e:
                progress = self._start_fresh(f"it is damaged: {e}")
        self._progress = progress
        return progress

    def _start_fresh(self, why: str) -> Progress:
        message = f"Your puzzle progress file {self.path} was not used because {why}."
        if os.path.lexists(self.path):
            try:
                self.backup = self._move_aside()
            except OSError as e:
                message += f" It could not be backed up ({e.strerror or e})."
            else:
                message += f" It was kept as {self.backup}."
        self.warning = message + " Your puzzle progress starts fresh."
        log.warning(self.warning)
        return Progress()

    def _move_aside(self) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            suffix = f".{stamp}.bak" if n == 0 else f".{stamp}-{n}.bak"
            backup = self.path.with_name(self.path.name + suffix)
            if not os.path.lexists(backup):
                os.rename(self.path, backup)
                return backup
        raise FileExistsError(f"too many backups of {self.path}")

    def save(self, progress: Progress | None = None) -> None:
        """Write the progress (this one, or the store's) atomically; errors propagate."""
        if progress is not None:
            self._progress = progress
        atomic_write(self.path, self.progress.to_json())

    def record(
        self,
        puzzle_id: Any,
        theme: str,
        difficulty: int,
        solved: bool,
        hints_used: int = 0,
        when: datetime | str | None = None,
        data: Mapping[str, Any] | None = None,
    ) -> Attempt:
        """``Progress.record``, then save at once.

        If saving fails the error propagates, but the attempt stays counted in memory and
        goes to disk with the next successful ``save``.
        """
        attempt = self.progress.record(puzzle_id, theme, difficulty, solved, hints_used, when,
                                       data)
        self.save()
        return attempt

    def record_practice(self, puzzle_id: Any, theme: str, difficulty: int, solved: bool,
                        hints_used: int = 0, when: datetime | str | None = None,
                        data: Mapping[str, Any] | None = None) -> Attempt:
        """``Progress.record_practice``, then save at once (as :meth:`record`)."""
        attempt = self.progress.record_practice(puzzle_id, theme, difficulty, solved,
                                                hints_used, when, data)
        self.save()
        return attempt

    def record_drill(self, score: int, missed: int, when: datetime | str | None = None
                     ) -> bool:
        """``Progress.record_drill``, then save at once (as :meth:`record`)."""
        best = self.progress.record_drill(score, missed, when)
        self.save()
        return best
