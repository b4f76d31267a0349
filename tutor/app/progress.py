"""The learner's puzzle progress: a Glicko-2 rating, streaks, tallies, the review
schedule, the choice of the next puzzle, and its JSON form.

It is built of two modules below it: :mod:`tutor.app.rating` (the Glicko-2 rating) and
:mod:`tutor.app.attempts` (an attempt, its outcome, a puzzle's place in the schedule, a
drill's run, their words and the readers of their JSON).

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

The file it is kept in is :mod:`tutor.app.progress_store` (``ProgressStore``).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from typing import Any

from tutor.app.attempts import (REVIEW_DAYS, Attempt, DrillRun, ProgressFormatError, Review,
                                Tally, first_reviews, json_count, json_list, json_number,
                                json_object, json_text, moment_of, read_attempt, read_drill_run,
                                read_puzzle_data, read_review, read_tally, utc_stamp, when_text)
from tutor.engine.i18n import gettext as _
from tutor.app.rating import (MAX_DEVIATION, MIN_DEVIATION, PUZZLE_DEVIATION, Rating,
                              expected_score, glicko2, puzzle_difficulty, puzzle_rating)

__all__ = ["FORMAT", "VERSION", "HISTORY_LIMIT", "Progress", "NEAR_BAND", "GENERATED_LIMIT",
           "DRILL_LIMIT"]

FORMAT = "trix-tutor/progress"
VERSION = 2  # 2: the review schedule, generated puzzles' data and drill scores
HISTORY_LIMIT = 500
NEAR_BAND = 125.0  # next_puzzle: puzzles within this of the nearest one's rating distance
GENERATED_LIMIT = 400  # generated puzzles kept for review; the one due last goes first
DRILL_LIMIT = 100  # drill runs kept (the best score is kept apart)


def _attempt_facts(puzzle_id: Any, theme: str, difficulty: int, hints_used: int,
                   when: datetime | str | None, data: Mapping[str, Any] | None) -> tuple:
    """An attempt's facts checked, before anything changes: id, theme, difficulty, the
    generated puzzle's data, the moment and its stamp; ``ValueError`` on junk."""
    difficulty = puzzle_difficulty(difficulty)
    if isinstance(hints_used, bool) or not isinstance(hints_used, int) or hints_used < 0:
        raise ValueError(f"hints_used is a count, not {hints_used!r}")
    if data is not None:
        data = read_puzzle_data(data)
    moment = moment_of(when)
    written = when_text(when) if when is not None else utc_stamp(moment)
    return str(puzzle_id), str(theme), difficulty, data, moment, written


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
        rating = f"{self.rating:.0f}"
        if not self.rated_attempts:
            return _("Rating {rating}: a first guess, until you have played a few "
                     "puzzles.").format(rating=rating)
        margin = f"{2 * self.deviation:.0f}"
        said = _("Rating {rating}, give or take {margin} while we are still learning your "
                 "level.") if self.provisional else _("Rating {rating}, give or take {margin}.")
        return said.format(rating=rating, margin=margin)

    def record(self, puzzle_id: Any, theme: str, difficulty: int, solved: bool,
               hints_used: int = 0, when: datetime | str | None = None,
               data: Mapping[str, Any] | None = None) -> Attempt:
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

    def record_practice(self, puzzle_id: Any, theme: str, difficulty: int, solved: bool,
                        hints_used: int = 0, when: datetime | str | None = None,
                        data: Mapping[str, Any] | None = None) -> Attempt:
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
            self.reviews[puzzle_id] = Review(0, utc_stamp(moment + timedelta(REVIEW_DAYS[0])))
            if data is not None:
                self.generated[puzzle_id] = data
                self._trim_generated()
        elif old is not None and moment_of(old.due) <= moment:
            step = old.step + 1
            if step < len(REVIEW_DAYS):
                wait = timedelta(REVIEW_DAYS[step])
                self.reviews[puzzle_id] = Review(step, utc_stamp(moment + wait))
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
        moment = moment_of(now)
        keep = None if known is None else set(known)
        due = [(moment_of(r.due), k) for k, r in self.reviews.items()
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
        self.drills.append(DrillRun(when_text(when), score, missed))
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
        return cls(**_progress_fields(data))

    @classmethod
    def from_json(cls, text: str | bytes) -> Progress:
        """Progress from a progress file's text."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as e:  # bad JSON, bad encoding, absurd nesting
            raise ProgressFormatError(_("not JSON ({error})").format(error=e)) from None
        return cls.from_dict(data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Progress):
            return NotImplemented
        return self.to_dict() == other.to_dict()


def _progress_fields(data: Any) -> dict[str, Any]:
    """A progress file's dict read into ``Progress``'s fields; ``ProgressFormatError`` on junk."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ProgressFormatError(_("not a {format} file").format(format=FORMAT))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ProgressFormatError(_("bad version {version}").format(version=repr(version)))
    if version > VERSION:
        raise ProgressFormatError(
            _("written by a newer trix-tutor (version {version}; this one reads "
              "{reads})").format(version=version, reads=VERSION))
    try:
        glicko = _read_rating(json_object(data, "rating"))
        themes = {json_text(k, "theme"): read_tally(t)
                  for k, t in json_object(data, "themes").items()}
        difficulties: dict[int, Tally] = {}
        for k, t in json_object(data, "difficulties").items():
            if not k.isdigit():
                raise ProgressFormatError(_("bad difficulty {key}").format(key=repr(k)))
            difficulties[puzzle_difficulty(int(k))] = read_tally(t)
        history = [read_attempt(a) for a in json_list(data, "history")][-HISTORY_LIMIT:]
        solved = {json_text(x, "solved id") for x in json_list(data, "solved")}
        tried = {json_text(x, "tried id") for x in json_list(data, "tried")}
        if version == 1:  # before the schedule: the puzzles never solved come back
            reviews = first_reviews(history, tried - solved)
            generated, best, drills = {}, 0, []
        else:
            reviews, generated, best, drills = _read_version_2(data)
        return dict(
            glicko=glicko,
            streak=json_count(data, "streak"),
            best_streak=json_count(data, "best_streak"),
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


def _read_rating(data: Mapping[str, Any]) -> Rating:
    return Rating(json_number(data, "rating"), json_number(data, "deviation", True),
                  json_number(data, "volatility", True))


def _read_version_2(data: Mapping[str, Any]) -> tuple[dict[str, Review], dict[str, Any],
                                                      int, list[DrillRun]]:
    """What version 2 added: the review schedule, generated puzzles' data, drill scores."""
    reviews = {json_text(k, "review id"): read_review(r)
               for k, r in json_object(data, "reviews").items()}
    generated = {json_text(k, "generated id"): read_puzzle_data(d)
                 for k, d in json_object(data, "generated").items()}
    if len(generated) > GENERATED_LIMIT:
        raise ProgressFormatError(_("too many generated puzzles"))
    drill = json_object(data, "drill")
    best = json_count(drill, "best")
    drills = [read_drill_run(r) for r in json_list(drill, "runs")][-DRILL_LIMIT:]
    return reviews, generated, best, drills
