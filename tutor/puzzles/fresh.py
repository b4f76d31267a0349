"""Puzzles without end: a fresh puzzle dealt by the generator when the bundled ones of a
theme and level are done, or when the learner asks for one.

A fresh puzzle is proved by the solver (:func:`~tutor.puzzles.verify.check`) and graded
(:func:`~tutor.puzzles.verify.grade`) exactly as the bundled ones were, and gets an id
of its own (``gen-<theme>-<token>``) so the progress, the history and the review schedule
can name it. Its whole JSON goes into the learner's progress while it is scheduled
(:meth:`Progress.record`'s ``data``), and :func:`rebuild` deals it again from there: the
data, not the seed, so a later generator cannot change a puzzle the learner missed.

Dealing stops once ``budget`` seconds have gone by (the learner is waiting): it then
takes the proved candidate whose grade is nearest the level asked for. The time is read
from ``clock``, so a test decides when the budget is spent.

>>> p = fresh("make-zero", 2, seed="doc")
>>> p.id, p.theme, check(p).ok
('gen-make-zero-doc', 'make-zero', True)
"""

from __future__ import annotations

import json
import random
import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tutor.engine.i18n import gettext as _
from tutor.puzzles.generate import finish, proved
from tutor.puzzles.themes import THEMES
from tutor.puzzles.files import PuzzleError, loads
from tutor.puzzles.model import Puzzle
from tutor.puzzles.verify import check

__all__ = ["fresh", "rebuild", "is_generated", "puzzle_data", "PREFIX", "BUDGET", "FAST_THEMES"]

PREFIX = "gen-"
BUDGET = 1.5
"""Seconds of dealing before the nearest level found is taken (the learner waits for
it: issue 21 asks for about 2 s on the fast path)."""
MAX_TRIES = 3000
"""Deals at most, whatever the clock says, so a theme that rarely yields cannot hang."""
FAST_THEMES = tuple(t for t in THEMES if t != "read-the-bids")
"""Themes dealt well within the budget. "Read the bids" samples many layouts per
candidate (0.3 s each here) and may take several seconds: it is dealt only when the
learner chose that theme."""
TOKEN = re.compile(r"[0-9a-z]{1,24}")


def is_generated(puzzle_id: str) -> bool:
    """Whether ``puzzle_id`` names a generated puzzle.

    >>> is_generated("gen-queens-0af3"), is_generated("queens-001")
    (True, False)
    """
    return puzzle_id.startswith(PREFIX)


def fresh(theme: str, difficulty: int | None = None, seed: str | None = None, *,
          budget: float = BUDGET, clock: Callable[[], float] = time.monotonic,
          engine: str = "auto", taken: Iterable[str] = ()) -> Puzzle | None:
    """A new puzzle of ``theme``, of ``difficulty`` (1-5) when one is found within
    ``budget`` seconds, else of the nearest level found; ``None`` only when no deal in
    ``MAX_TRIES`` is proved. ``seed`` (letters and digits) makes it reproducible and
    names it; by default it is random. ``taken``: ids in use, never given again."""
    if theme not in THEMES:
        raise ValueError(_("unknown theme {theme}").format(theme=repr(theme)))
    if difficulty is not None and difficulty not in range(1, 6):
        raise ValueError(_("a difficulty is 1 to 5, not {value}").format(
            value=repr(difficulty)))
    used = set(taken)
    if seed is None:
        seed = secrets.token_hex(6)
        while f"{PREFIX}{theme}-{seed}" in used:  # pragma: no cover - 48 random bits
            seed = secrets.token_hex(6)
    elif not TOKEN.fullmatch(seed) or f"{PREFIX}{theme}-{seed}" in used:
        raise ValueError(_("a seed is up to 24 lowercase letters and digits, not in use: "
                           "{seed}").format(seed=repr(seed)))
    start = clock()
    best: tuple[Puzzle, Any, int] | None = None
    for cand, r, level in proved(theme, random.Random(f"fresh/{seed}/{theme}"),
                                 tries=MAX_TRIES, engine=engine):
        if best is None or (difficulty is not None
                            and abs(level - difficulty) < abs(best[2] - difficulty)):
            best = (cand, r, level)
        if difficulty is None or level == difficulty or clock() - start >= budget:
            break
    if best is None:
        return None
    return finish(*best, puzzle_id=f"{PREFIX}{theme}-{seed}")


def puzzle_data(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle's JSON object, to keep in the learner's progress."""
    return puzzle.to_json()


def rebuild(data: Mapping[str, Any], engine: str = "auto") -> Puzzle:
    """A generated puzzle dealt again from its JSON (kept in the progress); it is read
    and proved again, since a progress file may have been edited: a bad one raises
    :class:`PuzzleError` saying why."""
    if not isinstance(data, Mapping) or not is_generated(str(data.get("id", ""))):
        raise PuzzleError(_("not a generated puzzle"))
    (puzzle,) = loads(json.dumps([dict(data)]), source="progress")
    if puzzle.theme not in THEMES or sum(len(h) for h in puzzle.hands) > 32:
        raise PuzzleError(_("{id}: not a puzzle the generator deals").format(id=puzzle.id))
    result = check(puzzle, engine=engine)
    if not result.ok:
        raise PuzzleError(_("{id}: {problems}").format(id=puzzle.id,
                                                         problems="; ".join(result.problems)))
    return puzzle
