"""``PuzzleRush``: the timed drill page (a "puzzle rush"): three minutes, easier puzzles
first, a miss costs twenty seconds, the score is the number solved, the best score kept.

The drill itself (its clock, order, penalty and score) is
:class:`tutor.puzzles.drill.Drill`; this module only lays it out: a :class:`RushPanel`
(the clock, the score, the start and stop buttons) above a :class:`RushBoard` (the
puzzle board without hints, undo, retry or solution). The panel's countdown is drawn by
the browser; Python's clock decides: every request asks it first, and the browser's
``{"type": "time-up"}`` is believed only when it agrees.

The browser sends ``{"type": "start"}``, ``{"type": "stop"}`` and ``{"type": "time-up"}``
to the panel, and ``{"type": "play", "card": ...}`` to the board's table; anything else is
refused and changes nothing.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import ipywidgets

from tutor.engine.cards import Card
from tutor.engine.i18n import gettext as _, ngettext
from tutor.puzzles import Puzzle, bundled
from tutor.puzzles.drill import LIMIT, PENALTY, Drill, DrillError, clock_words
from tutor.app.progress_store import ProgressStore
from tutor.app.pacing import default_pause

from tutor.app.learners import MemoryStore

from widgets._base import Controller, Refused, TutorWidget, css, esm
from widgets.who import when_known
from widgets.messages import SCHEMA, read
from tutor.app.trainer import utc_now
from widgets.puzzle import PuzzleBoard

__all__ = ["RushPanel", "RushBoard", "PuzzleRush", "RUSH_MESSAGES", "RUSH_PAUSE"]


RUSH_MESSAGES = tuple(SCHEMA["rush"].kinds)
"""The panel's requests; each is ``{"type": NAME}`` and nothing else (widgets.messages)."""
RUSH_PAUSE = 0.25
"""Seconds between two defence cards in a drill at most (every second counts)."""


class RushPanel(TutorWidget):
    """The drill's clock and score, drawn from ``state``: ``phase`` (``"ready"``,
    ``"running"``, ``"over"``), ``remaining`` (seconds left when sent: the browser counts
    down from it), ``clock`` (the same as a clock reads it), ``limit``, ``penalty``,
    ``score``, ``missed``, ``best``, ``results`` (``[{"ok": bool, "stars": int}]`` in
    order), ``note`` (what the last answer did), ``summary`` (the end's words) and
    ``seq`` (a new number at every send, so the countdown restarts from it)."""

    _esm = esm("rush.js")
    _css = css("rush.css")


class RushBoard(PuzzleBoard):
    """The puzzle board of a drill: no help and no going back; the first card that loses
    the goal is a miss, and a puzzle ends once solved. ``rush`` is told each answer."""

    drill = True

    def __init__(self, puzzle: Puzzle, rush: PuzzleRush, **kwargs: Any) -> None:
        self.rush = rush
        super().__init__(puzzle, **kwargs)

    def handle(self, content: Any, source: Any = None) -> bool:
        """Only cards: the drill has no hints, undo, retry or solution."""
        if isinstance(content, dict) and content.get("type") != "play":
            return self._refuse(_("In a puzzle rush there is no help and no going back: "
                                  "play a card."))
        return super().handle(content, source)

    def play(self, card: str) -> bool:
        """Play ``card`` in the drill: a card that loses the goal is a miss at once; else
        the defence answers, and a solved puzzle counts."""
        drill = self.rush.drill
        if drill.phase == "ready":
            return self._refuse(_("Press Start first."))
        if self.rush.expired():
            return self._refuse(_("The time is up."))
        s = self.session
        why = s.why_illegal(card)
        if why is not None:
            return self._refuse(why)
        winning = s.winning()
        if Card.parse(card) not in winning:
            good = winning[0].symbol() if winning else ""
            self.rush.answered(False, _miss_words(card, good))
            return True
        super().play(card)
        if s.result == "solved":
            self.rush.answered(True, _("Solved."))
        return True


def _miss_words(card: str, good: str) -> str:
    played = Card.parse(card).symbol()
    # Translators: a miss in a puzzle rush; {played} and {good} are cards ("Q♠"), {penalty}
    # the seconds it costs.
    if good:
        return _("Missed: the {played} lets the defence stop you; the {good} would have kept "
                 "your goal (−{penalty} s).").format(played=played, good=good,
                                                    penalty=f"{PENALTY:.0f}")
    return _("Missed: the {played} lets the defence stop you (−{penalty} s).").format(
        played=played, penalty=f"{PENALTY:.0f}")


class PuzzleRush(Controller, ipywidgets.VBox):
    """The drill page: a :class:`RushPanel` above a :class:`RushBoard`. ``puzzles``
    defaults to the bundled collection; ``store`` keeps the best score (the learner's
    own progress by default, once their browser names them); ``clock`` is the drill's
    timer (``time.monotonic``) and ``now`` the date the score is saved with; ``seed``
    fixes the order."""

    def __init__(self, puzzles: Sequence[Puzzle] | None = None,
                 store: ProgressStore | None = None, pause: float | None = None,
                 seed: int | None = None, engine: str = "auto", four_colour: bool = False,
                 clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], datetime] = utc_now,
                 limit: float = LIMIT, penalty: float = PENALTY) -> None:
        # No store given: the learner's own, once their browser says who they are.
        self.store = store if store is not None else MemoryStore()
        self.now = now
        self.drill = Drill(list(bundled() if puzzles is None else puzzles),
                           rng=random.Random(seed), clock=clock, limit=limit,
                           penalty=penalty)
        self._seq = 0
        self._note = ""
        self._summary = ""
        self._best = False
        self._finished = False  # the score of the drill that ended is saved
        self.panel = RushPanel(four_colour=four_colour)
        self.panel.on_msg(self._on_msg)
        pause = min(default_pause(), RUSH_PAUSE) if pause is None else pause
        self.board = RushBoard(self.drill.puzzles[0], self, pause=pause, engine=engine,
                               four_colour=four_colour)
        super().__init__(children=[self.panel, self.board])
        self.add_class("trix-tutor")
        self.add_class("tt-rush-page")
        self.refresh()
        if store is None:
            when_known(lambda learner: self.use_store(learner.progress))

    # --- messages --------------------------------------------------------------------
    def handle(self, content: Any, source: Any = None) -> bool:
        """One request from the panel; True if carried out. A refused one says why and
        changes nothing."""
        try:
            kind, _fields = read("rush", content)
        except Refused as e:
            return self._refuse(str(e))
        try:
            if kind == "start":
                self.start()
            elif kind == "stop":
                self.drill.stop()
                self._finish()
            else:
                self.drill.time_up()
                self._finish()
        except DrillError as e:
            self.refresh()  # the countdown starts again from Python's clock
            return self._refuse(str(e))
        return True

    def _refuse(self, why: str, source: Any = None) -> bool:
        self.panel.error = why
        return False

    # --- the drill ---------------------------------------------------------------------
    def start(self) -> None:
        """Start the clock and deal the first (easiest) puzzle."""
        first = self.drill.start()
        self.panel.error = ""
        self._note = ""
        self._summary = ""
        self._best = False
        self._finished = False
        self.board.load(first)
        self.refresh()

    def answered(self, solved: bool, words: str) -> None:
        """The board's puzzle was solved or missed: on to the next, or the end."""
        counted = len(self.drill.results)
        nxt = self.drill.answer(solved)
        late = len(self.drill.results) == counted
        self._note = _("Too late: the time was up.") if late else words
        if nxt is None:
            self._finish()
            return
        self.board.load(nxt)
        self.refresh()

    def expired(self) -> bool:
        """Whether the drill is over by Python's clock (its score then saved, once)."""
        over = self.drill.over()
        if over and not self._finished:
            self._finish()
        return over

    def _finish(self) -> None:
        """The drill is over: keep its score (and say if it is the best), hide the board."""
        d = self.drill
        self._finished = True
        try:
            best = self.store.record_drill(d.score, d.missed, when=self.now())
        except OSError as e:
            best = False
            self.panel.error = _("Your score could not be saved ({reason}).").format(
                reason=e.strerror or e)
        # Translators: {time} is a clock's time left ("1:05").
        head = _("Stopped with {time} left.").format(time=clock_words(d.remaining())) \
            if d.stopped else _("Time is up.")
        if d.score:
            did = ngettext("You solved {n} puzzle and missed {missed}.",
                           "You solved {n} puzzles and missed {missed}.", d.score).format(
                n=d.score, missed=d.missed)
        else:
            did = _("None solved this time: a rush gets quicker with practice.")
        self._best = bool(best and d.score)  # the end shows green only for a new best
        end = _("A new best!") if self._best else _("Your best is {best}.").format(
            best=self.store.progress.drill_best)
        self._summary = f"{head} {did} {end}"
        self.refresh()

    def use_store(self, store: ProgressStore) -> None:
        """Keep the best score in another learner's progress from now on and redraw; a
        drill running goes on."""
        self.store = store
        self.refresh()

    # --- what the browser sees -----------------------------------------------------------
    def refresh(self) -> None:
        """Send the clock, the score and the board's visibility."""
        d = self.drill
        if d.phase == "running" and self.expired():
            return  # _finish has drawn the end
        self._seq += 1
        left = d.remaining()
        with contextlib.ExitStack() as stack:
            stack.enter_context(self.panel.hold_sync())
            self.panel.state = {
                "phase": d.phase, "remaining": round(left, 2), "clock": clock_words(left),
                "limit": d.limit, "penalty": d.penalty, "score": d.score,
                "missed": d.missed, "best": self.store.progress.drill_best,
                "results": [{"ok": r.solved, "stars": r.difficulty} for r in d.results],
                "note": self._note, "summary": self._summary, "seq": self._seq,
                "new_best": self._best,
            }
        self.board.layout.display = "" if d.phase == "running" else "none"
