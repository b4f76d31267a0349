"""The puzzle trainer without a page: the pool of puzzles it may deal, the choice of the
next one, and the generated ones dealt afresh or dealt again from the learner's progress.

The puzzles page (:class:`widgets.puzzle.PuzzleTrainer`) draws it and passes on what
the learner asks for; everything it decides is decided here, so it can be tested without
Jupyter. A :class:`Trainer` offers a puzzle due for review first, then a new one near the
learner's rating (:meth:`~tutor.app.progress.Progress.next_puzzle`), then, once every
bundled puzzle of the choice is done or when asked for, one dealt afresh by the generator
(:func:`~tutor.puzzles.fresh.fresh`). A generated puzzle the learner missed is kept in
their progress with its data, and dealt again from that data, proved once more, when it
comes back. Ties are broken by ``seed``; the time comes from ``clock``.

>>> from tutor.puzzles import bundled
>>> kings = [p for p in bundled() if p.theme == "king-dodge"]
>>> trainer = Trainer(kings, seed=1)
>>> trainer.difficulty = 2
>>> puzzle, why = trainer.choose()
>>> puzzle.theme, puzzle.difficulty, why
('king-dodge', 2, 'new')
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from typing import Any

from tutor.app.learners import MemoryStore
from tutor.app.progress_store import ProgressStore
from tutor.app.rating import puzzle_rating
from tutor.engine.i18n import N_, gettext as _
from tutor.puzzles import Puzzle, PuzzleError, bundled
from tutor.puzzles.fresh import FAST_THEMES, fresh, rebuild

__all__ = ["Trainer", "THEME_TITLES", "theme_title", "utc_now", "REVIEW_WORDS",
           "NO_FRESH_WORDS"]

log = logging.getLogger(__name__)

THEME_TITLES = {
    "make-n": N_("Trixter: make your bid"), "make-zero": N_("Trixter: make a zero bid"),
    "shed-a-trick": N_("Trixter: shed a trick"),
    "duck-with-joker": N_("Trixter: duck with the joker"),
    "trump-control": N_("Trixter: trump control"), "read-the-bids": N_("Trixter: read the bids"),
    "king-dodge": N_("King of Hearts: dodge the K♥"), "king-force": N_("King of Hearts: force it"),
    "queens": N_("Queens"), "diamonds": N_("Diamonds"),
    "ltoosh-lose-all": N_("Ltoosh: lose them all"), "ltoosh-count": N_("Ltoosh: count the tricks"),
    "trex-open": N_("Trex: which card to open"), "trex-block": N_("Trex: blocking"),
    "trex-hold-jack": N_("Trex: hold the jack"),
}
"""Each theme's name for a learner, in the order the page lists them (said in the learner's
language by :func:`theme_title`)."""

REVIEW_WORDS = N_("This puzzle is back for review: you missed it (or used hints) last time.")
"""What the page says over a puzzle that came back for review (marked: say it with ``_``)."""
NO_FRESH_WORDS = N_("No new puzzle of that theme could be dealt just now: try again, or "
                    "choose another.")
"""What the page says when the generator could not deal a puzzle (marked: say it with
``_``)."""

_DEALT = {
    "fresh": N_("This puzzle was dealt just now and proved by the solver, like the others."),
    "all done": N_("You have done every puzzle of this choice here, so this one was dealt "
                   "just now and proved by the solver, like the others."),
    "none here": N_("There is no puzzle of this choice here yet, so this one was dealt just "
                    "now and proved by the solver, like the others."),
}
"""What the page says over a puzzle just dealt: why it was dealt, by the choice."""


def utc_now() -> datetime:
    """The present, as the progress's schedule reads it."""
    return datetime.now(timezone.utc)


def theme_title(theme: str) -> str:
    """A theme's name for a learner.

    >>> theme_title("king-dodge"), theme_title("new-idea")
    ('King of Hearts: dodge the K♥', 'New idea')
    """
    title = THEME_TITLES.get(theme)
    return _(title) if title else theme.replace("-", " ").capitalize()


class Trainer:
    """What the puzzles page deals: ``puzzles`` (by default the bundled collection) and
    the generated puzzles the learner's progress keeps for review; ``store`` the
    learner's progress (by default in memory); ``seed`` breaks ties and seeds the
    generator; ``engine`` the solver's engine; ``clock`` gives the present; ``budget``
    the seconds a fresh puzzle may take to deal (by default the generator's).

    The learner's choice is :attr:`theme` and :attr:`difficulty` (``None``: any).
    """

    def __init__(self, puzzles: Sequence[Puzzle] | None = None,
                 store: ProgressStore | None = None, seed: int | None = None,
                 engine: str = "auto", clock: Callable[[], datetime] = utc_now,
                 budget: float | None = None) -> None:
        self.puzzles = list(bundled() if puzzles is None else puzzles)
        if not self.puzzles:
            raise ValueError("no puzzles to train on")
        self.store = store if store is not None else MemoryStore()
        self.clock = clock
        self.engine = engine
        self.budget = budget
        self.rng = random.Random(seed)
        self.theme: str | None = None
        self.difficulty: int | None = None
        self._rebuilt: dict[str, Puzzle | None] = {}  # generated ones dealt again (None: bad)
        self.themes = sorted({p.theme for p in self.puzzles}, key=lambda t: (
            list(THEME_TITLES).index(t) if t in THEME_TITLES else 99, t))

    def __repr__(self) -> str:
        return (f"Trainer({len(self.puzzles)} puzzles, theme={self.theme!r}, "
                f"difficulty={self.difficulty!r})")

    # --- the pool: bundled puzzles and generated ones the progress keeps -------------------
    def pool(self) -> list[Any]:
        """Every puzzle the trainer may deal: the bundled ones, and (as ``id``, ``theme``,
        ``difficulty`` dicts, dealt again only when chosen) the generated ones the
        learner's progress keeps for review."""
        out: list[Any] = list(self.puzzles)
        for pid, data in self.store.progress.generated.items():
            if self._rebuilt.get(pid, True) is None:
                continue  # it was bad: never offered
            theme, level = data.get("theme"), data.get("difficulty")
            if isinstance(theme, str) and level in range(1, 6) and data.get("id") == pid:
                out.append({"id": pid, "theme": theme, "difficulty": level})
        return out

    def known(self) -> set[str]:
        """The ids of the pool: the puzzles the count of those due may name."""
        return {p["id"] if isinstance(p, dict) else p.id for p in self.pool()}

    def due_count(self) -> int:
        """Puzzles due for review now, of those the trainer can deal."""
        return len(self.store.progress.due(self.clock(), known=self.known()))

    def deal_again(self, pid: str) -> Puzzle | None:
        """The generated puzzle ``pid`` from the learner's progress, read and proved
        again (once); ``None`` if it is not sound (it is then never offered again)."""
        if pid not in self._rebuilt:
            try:
                self._rebuilt[pid] = rebuild(self.store.progress.generated[pid],
                                             engine=self.engine)
            except (PuzzleError, ValueError, KeyError) as e:
                log.warning("generated puzzle %s not dealt again: %s", pid[:40], e)
                self._rebuilt[pid] = None
        return self._rebuilt[pid]

    # --- the choice ----------------------------------------------------------------------
    def choose(self) -> tuple[Puzzle | None, str]:
        """The next puzzle of the choice and why it comes (``"review"``, ``"new"``), or
        ``(None, "")`` when every puzzle of the choice is done."""
        progress = self.store.progress
        now = self.clock()
        for _i in range(20):  # a generated puzzle that is not sound is dropped: choose again
            p = progress.next_puzzle(self.pool(), theme=self.theme,
                                     difficulty=self.difficulty, rng=self.rng, now=now)
            if isinstance(p, dict):
                p = self.deal_again(p["id"])
                if p is None:
                    continue
            if p is None:
                return None, ""
            return p, "review" if p.id in progress.due(now) else "new"
        return None, ""

    def generate(self, all_done: bool = False) -> tuple[Puzzle | None, str]:
        """Deal a fresh puzzle of the chosen theme (any of the trainer's fast ones, if none
        is chosen) at the chosen difficulty (else the one nearest the learner's rating),
        proved by the solver. Returns it and what the page says about it; ``None`` and
        :data:`NO_FRESH_WORDS` when none could be dealt. ``all_done``: it comes because
        nothing of the choice is left to deal."""
        theme, level = self.theme, self.difficulty
        if theme is None:
            fast = [t for t in self.themes if t in FAST_THEMES] or list(FAST_THEMES)
            theme = self.rng.choice(fast)
        want = level or _level_near(self.store.progress.rating)
        seed = f"{self.rng.getrandbits(48):012x}"
        taken = set(self.store.progress.tried) | set(self.store.progress.generated)
        kw = {} if self.budget is None else {"budget": self.budget}
        try:
            p = fresh(theme, want, seed=seed, engine=self.engine, taken=taken, **kw)
        except ValueError:  # the seed is taken: 48 random bits, never in practice
            p = None
        if p is None:
            return None, _(NO_FRESH_WORDS)
        self._rebuilt[p.id] = p  # proved just now
        if not all_done:
            why = "fresh"
        elif any((self.theme is None or _field(c, "theme") == theme)
                 and (level is None or _field(c, "difficulty") == level) for c in self.pool()):
            why = "all done"
        else:
            why = "none here"
        return p, _fresh_words(why, want, p.difficulty)

    # --- another learner -----------------------------------------------------------------
    def use_store(self, store: ProgressStore) -> None:
        """Deal from another learner's progress from now on (their browser has said who
        they are); generated puzzles are dealt again from theirs."""
        self.store = store
        self._rebuilt = {}

    def instead_of(self, shown: Puzzle) -> tuple[Puzzle | None, str]:
        """The puzzle to show in place of ``shown`` (not begun) now that the progress is
        another learner's, and why, or ``(None, "")`` to keep it: it is replaced when this
        learner has a puzzle due for review or has already solved it."""
        p, why = self.choose()
        if p is not None and (why == "review" or self.store.progress.is_solved(shown.id)):
            return p, why
        return None, ""


def _fresh_words(why: str, want: int, got: int) -> str:
    """What the page says over a puzzle just dealt (``why``: a key of :data:`_DEALT`),
    asked at level ``want``.

    >>> _fresh_words("fresh", 2, 2)
    'This puzzle was dealt just now and proved by the solver, like the others.'
    >>> _fresh_words("fresh", 2, 3).endswith(" No ★★ one came up quickly; this one is ★★★.")
    True
    """
    words = _(_DEALT[why])
    if got != want:
        words += " " + _("No {want} one came up quickly; this one is {got}.").format(
            want="★" * want, got="★" * got)
    return words


def _field(c: Any, name: str) -> Any:
    return c[name] if isinstance(c, dict) else getattr(c, name)


def _level_near(rating: float) -> int:
    """The difficulty whose puzzles play nearest ``rating``.

    >>> _level_near(1500), _level_near(900), _level_near(1640), _level_near(2600)
    (3, 1, 4, 5)
    """
    return min(range(1, 6), key=lambda d: (abs(puzzle_rating(d) - rating), d))
