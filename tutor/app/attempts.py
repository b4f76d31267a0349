"""One puzzle attempt and what came of it: the three outcomes, the tallies, a puzzle's
place in the review schedule, a timed drill's run, what each did in words, and the
readers that check each of them in a progress file.

An attempt has one of three outcomes (:data:`OUTCOMES`):

- ``"solved"``: solved without hints; scores 1 (a win) and extends the streak.
- ``"hinted"``: solved after one or more hints; scores one half, capped at the expected
  score, so a hint can never raise the rating. It ends the streak and does not mark the
  puzzle solved: it comes back for review.
- ``"failed"``: scores 0 (a loss) and ends the streak.

The learner reads the same in words (:func:`attempt_words`, :func:`practice_words`,
:func:`review_words`), and the table's columns are the three outcomes
(:data:`OUTCOME_TITLES`). :class:`~tutor.app.progress.Progress` counts the attempts and
keeps the schedule; this module knows no file and no puzzle.

>>> t = Tally().add("solved").add("failed")
>>> t, t.attempts
(Tally(solved=1, hinted=0, failed=1), 2)
>>> read_review({"step": 1, "due": "2026-01-05T12:00:00+00:00"})
Review(step=1, due='2026-01-05T12:00:00+00:00')
>>> read_review({"step": 9, "due": "2026-01-05"})
Traceback (most recent call last):
...
tutor.app.attempts.ProgressFormatError: bad review step 9
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from tutor.app.rating import puzzle_difficulty
from tutor.engine.i18n import N_, gettext as _, ngettext

__all__ = [
    "OUTCOMES", "OUTCOME_TITLES", "REVIEW_DAYS", "EPOCH", "GENERATED_BYTES",
    "ProgressFormatError", "Tally", "Attempt", "Review", "DrillRun",
    "review_words", "attempt_words", "practice_words", "counting_words",
    "moment_of", "utc_stamp", "when_text",
    "json_object", "json_list", "json_number", "json_count", "json_text",
    "read_tally", "read_attempt", "read_review", "read_drill_run", "read_puzzle_data",
    "first_reviews",
]

OUTCOMES = ("solved", "hinted", "failed")
OUTCOME_TITLES = {"solved": N_("Solved (no hints)"), "hinted": N_("Solved with hints"),
                  "failed": N_("Missed")}
"""The three outcomes as the learner's table heads them (marked: say them with ``_``)."""
REVIEW_DAYS = (1, 3, 7, 30)
"""The waits of the review schedule, in days: a miss starts at the first."""
EPOCH = "1970-01-01T00:00:00+00:00"  # "due long ago"
GENERATED_BYTES = 8000  # the JSON of one generated puzzle is far smaller


class ProgressFormatError(ValueError):
    """A progress file that cannot be read: bad JSON, wrong types, or an unknown version."""


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
        return _("Solved on its last review: this puzzle is done.") if before else ""
    if outcome != "solved":
        return ngettext("It comes back for review in {n} day.",
                        "It comes back for review in {n} days.", after.days).format(n=after.days)
    if before is not None and after.step > before.step:
        return ngettext("Solved on review: it comes back in {n} day.",
                        "Solved on review: it comes back in {n} days.",
                        after.days).format(n=after.days)
    return _("It is still due for review on {date}.").format(date=after.due[:10]) \
        if before else ""


def moment_of(when: datetime | str | None) -> datetime:
    """A moment as an aware datetime (naive ones are taken as UTC); ``None`` is now.

    Public, as :func:`utc_stamp` and :func:`when_text`, because the progress reads every
    moment the same way: a review's ``due`` read here, and the schedule kept by
    :class:`~tutor.app.progress.Progress`.

    >>> moment_of("2026-01-01T10:00:00")
    datetime.datetime(2026, 1, 1, 10, 0, tzinfo=datetime.timezone.utc)
    """
    if when is None:
        return datetime.now(timezone.utc)
    if isinstance(when, str):
        try:
            when = datetime.fromisoformat(when)
        except ValueError:
            raise ValueError(_("not an ISO 8601 time: {text}").format(
                text=repr(when[:40]))) from None
    if not isinstance(when, datetime):
        raise TypeError(f"a time is a datetime or an ISO 8601 string, not "
                        f"{type(when).__name__}")
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


def utc_stamp(moment: datetime) -> str:
    """``moment`` as the schedule writes it: ISO 8601 in UTC, to the second.

    >>> utc_stamp(moment_of("2026-01-01T12:00:00.5+02:00"))
    '2026-01-01T10:00:00+00:00'
    """
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds")


def when_text(when: datetime | str | None) -> str:
    """When an attempt or a drill happened, as its record keeps it: a datetime to the
    second (in its own zone), a string as given, ``None`` the present in UTC.

    >>> when_text("2026-01-01"), when_text(moment_of("2026-01-01T10:00:00.7"))
    ('2026-01-01', '2026-01-01T10:00:00+00:00')
    """
    if when is None:
        return datetime.now(timezone.utc).isoformat(timespec="seconds")
    if isinstance(when, datetime):
        return when.isoformat(timespec="seconds")
    if isinstance(when, str):
        return when
    raise TypeError(f"when is a datetime or an ISO 8601 string, not {type(when).__name__}")


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
    change = _signed(after - before)
    if attempt.outcome == "solved":
        return _("Solved without hints: counted as solved (rating {before} → {after}, "
                 "{change}). Your streak is {streak}.").format(
            before=before, after=after, change=change, streak=streak)
    if attempt.outcome == "hinted":
        return _("Solved with hints: it counts as half a solve at most, so it never raises "
                 "your rating ({before} → {after}, {change}). Your streak starts "
                 "again.").format(before=before, after=after, change=change)
    return _("Counted as missed (rating {before} → {after}, {change}). Your streak starts "
             "again.").format(before=before, after=after, change=change)


def practice_words(attempt: Attempt) -> str:
    """What a practice attempt (a lesson's puzzle) did, in words: its outcome, and that
    the rating stayed as it was; :func:`review_words` says when it comes back.

    >>> a = Attempt("z1", "make-zero", 1, "hinted", 4, "2026-01-01", 1500.0, 0.0)
    >>> practice_words(a)
    'Solved with hints. Practice: your puzzle rating stays 1500.'
    """
    what = {"solved": _("Solved without hints."), "hinted": _("Solved with hints."),
            "failed": _("Missed.")}[attempt.outcome]
    return " ".join([what, _("Practice: your puzzle rating stays {rating}.").format(
        rating=round(attempt.rating))])


def counting_words(rated: bool) -> str:
    """How a puzzle counts, in words, shown on the page before it is played: the rated
    rule of the puzzles page (the three outcomes of :meth:`Progress.record`), or a
    lesson's practice.

    >>> counting_words(False)
    'Practice: hints are welcome here, and this puzzle does not change your puzzle rating.'
    """
    if not rated:
        return _("Practice: hints are welcome here, and this puzzle does not change your "
                 "puzzle rating.")
    return _("Rated: solved without hints raises your rating; solved with hints counts as "
             "half a solve at most, so it never raises it; a miss or the solution lowers it.")


# ------------------------------------------------------------------ reading a progress file
# The json_* checks are public because the progress file's top level
# (:meth:`~tutor.app.progress.Progress.from_dict`) is read with the same ones as its parts.


def json_object(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    """``data[key]`` if it is a JSON object, else ``ProgressFormatError``."""
    value = data.get(key)
    if not isinstance(value, dict):
        raise ProgressFormatError(_("{key} is not an object").format(key=key))
    return value


def json_list(data: Mapping[str, Any], key: str) -> list[Any]:
    """``data[key]`` if it is a JSON list, else ``ProgressFormatError``."""
    value = data.get(key)
    if not isinstance(value, list):
        raise ProgressFormatError(_("{key} is not a list").format(key=key))
    return value


def json_number(data: Mapping[str, Any], key: str, positive: bool = False) -> float:
    """``data[key]`` if it is a finite number (above 0 when ``positive``), else
    ``ProgressFormatError``."""
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ProgressFormatError(_("{key} is not a number").format(key=key))
    if positive and value <= 0:
        raise ProgressFormatError(_("{key} must be positive").format(key=key))
    return float(value)


def json_count(data: Mapping[str, Any], key: str) -> int:
    """``data[key]`` if it is a whole number from 0 (not a bool), else
    ``ProgressFormatError``.

    >>> json_count({"streak": 3}, "streak")
    3
    """
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ProgressFormatError(_("{key} is not a count").format(key=key))
    return value


def json_text(value: Any, what: str) -> str:
    """``value`` if it is a string, else ``ProgressFormatError`` naming it as ``what``."""
    if not isinstance(value, str):
        raise ProgressFormatError(_("{what} {value} is not a string").format(
            what=what, value=repr(value)))
    return value


def read_tally(data: Any) -> Tally:
    """A :class:`Tally` from its JSON object (a count per outcome)."""
    if not isinstance(data, dict):
        raise ProgressFormatError(_("a tally is not an object"))
    return Tally(*(json_count(data, k) for k in OUTCOMES))


def read_attempt(data: Any) -> Attempt:
    """An :class:`Attempt` from its JSON object, every field checked."""
    if not isinstance(data, dict):
        raise ProgressFormatError(_("an attempt is not an object"))
    outcome = data.get("outcome")
    if outcome not in OUTCOMES:
        raise ProgressFormatError(_("bad outcome {outcome}").format(outcome=repr(outcome)))
    return Attempt(
        id=json_text(data.get("id"), "id"),
        theme=json_text(data.get("theme"), "theme"),
        difficulty=puzzle_difficulty(data.get("difficulty")),
        outcome=outcome,
        hints=json_count(data, "hints"),
        when=json_text(data.get("when"), "when"),
        rating=json_number(data, "rating"),
        change=json_number(data, "change"),
    )


def first_reviews(history: list[Attempt], open_ids: set[str]) -> dict[str, Review]:
    """A version 1 file's puzzles tried but never solved, put on the schedule: due a day
    after their last attempt in the history, or at once when it is not there."""
    last = {a.id: a.when for a in history}
    out = {}
    for k in sorted(open_ids):
        try:
            due = utc_stamp(moment_of(last[k]) + timedelta(REVIEW_DAYS[0]))
        except (KeyError, ValueError):
            due = EPOCH
        out[k] = Review(0, due)
    return out


def _is_iso(value: str) -> bool:
    try:
        moment_of(value)
    except ValueError:
        return False
    return True


def read_review(data: Any) -> Review:
    """A :class:`Review` from its JSON object: a step of the schedule and an ISO 8601
    time."""
    if not isinstance(data, dict):
        raise ProgressFormatError(_("a review is not an object"))
    step = json_count(data, "step")
    if step >= len(REVIEW_DAYS):
        raise ProgressFormatError(_("bad review step {step}").format(step=step))
    due = json_text(data.get("due"), "due")
    if len(due) > 40 or not _is_iso(due):
        raise ProgressFormatError(_("bad review time {time}").format(time=repr(due[:40])))
    return Review(step, due)


def read_drill_run(data: Any) -> DrillRun:
    """A :class:`DrillRun` from its JSON object."""
    if not isinstance(data, dict):
        raise ProgressFormatError(_("a drill is not an object"))
    return DrillRun(json_text(data.get("when"), "when"), json_count(data, "score"),
                    json_count(data, "missed"))


def read_puzzle_data(data: Any) -> dict[str, Any]:
    """A generated puzzle's JSON, checked only for shape and size here (this module knows
    no puzzles); the trainer loads and proves it again before dealing it. Public because
    :meth:`~tutor.app.progress.Progress.record` checks the data it is given the same way."""
    if not isinstance(data, Mapping):
        raise ProgressFormatError(_("a generated puzzle is not an object"))
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise ProgressFormatError(_("a generated puzzle is not plain JSON")) from None
    if len(text) > GENERATED_BYTES:
        raise ProgressFormatError(_("a generated puzzle is too large"))
    return json.loads(text)
