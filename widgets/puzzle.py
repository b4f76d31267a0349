"""``PuzzleBoard``: play a puzzle against a perfect defence, with hints, undo, retry and
the solution; ``PuzzleTrainer``: pick a theme and difficulty, get the next puzzle (a
puzzle due for review first, then a new one, then one dealt afresh by the generator),
see the rating and the puzzles due. What the trainer deals is decided by
:class:`tutor.app.trainer.Trainer`; the page only draws it and passes on the learner's
choices.

The board is a thin shell around :class:`tutor.puzzles.session.PuzzleSession`: the
card table shows ``session.observation()`` (the learner's hand, cards played, hands the
puzzle shows face up) and the :class:`PuzzlePanel` shows the prompt, whether the goal is
still within reach, the hints asked for and, once over, the key idea. The browser sends
``{"type": "play", "card": "QS"}`` from the table and ``hint``, ``undo``, ``retry``,
``solution``, ``next`` and ``generate`` from the panel; each is checked before anything
changes. The time comes from ``clock`` (a function giving an aware ``datetime``), so a
test decides when a puzzle falls due.

>>> from tutor.puzzles import bundled
>>> board = PuzzleBoard(next(p for p in bundled() if p.id == "make-n-001"), pause=0)
>>> board.panel.state["title"], board.table.state["puzzle"]
('Make your bid (exactly 1)', True)
"""

from __future__ import annotations

import contextlib
import html
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import ipywidgets

from tutor.app.attempts import (OUTCOME_TITLES, OUTCOMES, Attempt, attempt_words,
                                counting_words, practice_words, review_words)
from tutor.app.progress import Progress
from tutor.app.progress_store import ProgressStore
from tutor.app.views import views_of
from tutor.app.trainer import (REVIEW_WORDS, Trainer, theme_title,
                               utc_now)
from tutor.engine.i18n import ngettext
from tutor.engine.i18n import gettext as _
from tutor.puzzles import Puzzle
from tutor.puzzles.fresh import is_generated, puzzle_data
from tutor.puzzles.session import PuzzleSession
from tutor.puzzles.words import goal_words
from tutor.app.pacing import default_pause

from widgets._base import Controller, Refused, TutorWidget, css, esm
from widgets.layout import TrexLayout
from widgets.who import when_known
from widgets.messages import SCHEMA, read
from widgets.play import parse_message
from widgets.table import CardTable

__all__ = ["PuzzlePanel", "PuzzleBoard", "PuzzleTrainer", "PANEL_MESSAGES", "due_words",
           "progress_html"]

PANEL_MESSAGES = tuple(k for k in SCHEMA["puzzle"].kinds if k != "play")
"""The panel's requests; each is ``{"type": NAME}`` and nothing else (widgets.messages)."""


class PuzzlePanel(TutorWidget):
    """The puzzle's words and buttons, drawn from ``state``: ``title``, ``prompt``,
    ``goal``, ``status``, ``outcome`` (``None``, ``"solved"``, ``"failed"``), ``hints``
    (the texts asked for), ``can_hint``, ``can_undo``, ``explanation`` (only once the
    puzzle is over or its solution shown), ``replaying``, ``next`` (a next puzzle button),
    ``hint_label`` (the hint button's words), ``result`` (the outcome counted in the
    learner's progress: ``"solved"``, ``"hinted"`` or ``"failed"``) and ``result_words``
    (what that did to the rating, streak and review schedule, in words; empty when
    nothing is saved), ``due_words`` ("2 puzzles due for review"), ``review`` (this puzzle
    is one due for review), ``generate`` (a "new puzzle (generated)" button) and ``drill``
    (a timed drill: no help buttons), ``counting`` (how this puzzle counts: rated or
    practice, in words; empty on a lesson's guided table, a drill or a board that saves
    nothing, as a class set's), ``line_note`` and
    ``line`` (the defence left the whole line shown: which card, and the line from the
    learner's decision reached)."""

    _esm = esm("puzzle.js")
    _css = css("puzzle.css")


class PuzzleBoard(Controller, ipywidgets.VBox):
    """A puzzle at the table. ``pause`` is the seconds between two defence cards (by
    default 0.6, or ``TRIX_TUTOR_PAUSE``); ``store`` a :class:`ProgressStore` where the
    first result of the puzzle is saved; ``on_next`` a function called by the "next
    puzzle" button (no button without it), ``on_generate`` one called by the "new puzzle
    (generated)" button; ``engine`` the solver's engine; ``clock`` the present (for the
    review schedule); ``rated`` False for a lesson's puzzle, which is practice: its result
    is kept for the review schedule but never moves the rating
    (:meth:`~tutor.app.progress.Progress.record_practice`).
    """

    lesson = False  # a lesson's guided table: no stars, no progress note
    drill = False  # a timed drill's board: no help, nothing saved per puzzle

    def __init__(self, puzzle: Puzzle, pause: float | None = None,
                 store: ProgressStore | None = None,
                 on_next: Callable[[], None] | None = None,
                 engine: str = "auto", four_colour: bool = False,
                 on_generate: Callable[[], None] | None = None,
                 clock: Callable[[], datetime] = utc_now, rated: bool = True) -> None:
        self.pause = default_pause() if pause is None else float(pause)
        self.rated = rated
        self.store = store
        self.on_next = on_next
        self.on_generate = on_generate
        self.engine = engine
        self.clock = clock
        self.known: set[str] | None = None  # the puzzles the due count may name (None: any)
        self.table = CardTable(four_colour=four_colour, controls=[])
        self.trex = TrexLayout(four_colour=four_colour)
        self.panel = PuzzlePanel(four_colour=four_colour)
        for w in (self.table, self.panel):
            w.on_msg(self._on_msg)
        super().__init__(children=[self.panel, self.table, self.trex])
        self.add_class("trix-tutor")
        self.add_class("tt-puzzle-board")
        self.load(puzzle)

    def load(self, puzzle: Puzzle) -> None:
        """Show ``puzzle`` from its start."""
        self.session = self._new_session(puzzle)
        self.puzzle = puzzle
        self._hints: list[str] = []
        self._recorded: str | None = None
        self._result_words = ""
        self._replaying = False
        self.session.advance()
        self.session.winning()  # solved now, so the first click is answered at once
        self.refresh(clear_errors=True)

    def use_store(self, store: ProgressStore | None) -> None:
        """Keep the learner's progress in ``store`` from now on (another learner's, once
        their browser says who they are) and redraw. A result already saved stays where
        it was saved; one still to come goes to ``store``."""
        self.store = store
        self._result_words = ""
        self.refresh()

    def in_play(self) -> bool:
        """Whether the learner has begun this puzzle (a card of theirs or a hint) and it
        is not over: a new learner's progress should not take it away."""
        s = self.session
        began = s.hints_used > 0 or any(st.seat == s.seat and not st.auto for st in s.steps)
        return began and not s.over and not s.shown_solution

    def _new_session(self, puzzle: Puzzle) -> PuzzleSession:
        return PuzzleSession(puzzle, engine=self.engine)

    def _explanation(self) -> str:
        """The idea shown once the puzzle is over (its cards are the first move's)."""
        return self.session.key_idea()

    # --- messages (Controller._on_msg brings them here) --------------------------------
    def handle(self, content: Any, source: Any = None) -> bool:
        """Act on one browser message; True if it was carried out. A refused message
        shows why and changes nothing."""
        try:
            kind, _fields = read("puzzle", content)
            if kind == "play":  # a card is read as a game's table reads it
                _kind, action = parse_message(content)
                return self.play(str(action.card))
        except Refused as e:
            return self._refuse(str(e))
        if self._replaying:
            return self._refuse(_("wait for the solution to finish"))
        if kind == "hint":
            return self.hint()
        if kind == "undo":
            return self.undo()
        if kind == "retry":
            self.retry()
            return True
        if kind == "solution":
            self.show_solution()
            return True
        if kind == "generate":
            if self.on_generate is None:
                return self._refuse(_("there are no generated puzzles here"))
            self.on_generate()
            return True
        if self.on_next is None:
            return self._refuse(_("there is no next puzzle here"))
        self.on_next()
        return True

    def _refuse(self, why: str, source: Any = None) -> bool:
        self.table.error = why
        self.panel.error = why
        return False

    # --- what the learner does ---------------------------------------------------------
    def play(self, card: str) -> bool:
        """The learner plays ``card``; the defence answers card by card."""
        if self._replaying:
            return self._refuse(_("wait for the solution to finish"))
        s = self.session
        why = s.why_illegal(card)
        if why is not None:
            return self._refuse(why)
        s.play(card, answer=False)
        s.replayed = False
        self._hints = []
        self._record()
        self.refresh(clear_errors=True)
        while True:
            forced = s.forced_words()
            if forced:  # the learner's only legal card: shown before it goes
                s.note = forced
                self.refresh()
            if self.pause and not s.over and (forced or s.position.to_move != s.seat):
                time.sleep(self.pause)
            if s.step() is None:
                break
            self._record()
            self.refresh()
        if s.line:  # the line from the decision reached, said when it was reached
            self.refresh()
        return True

    def hint(self) -> bool:
        """Show the next hint for the decision now (up to 4: the whole line); none once
        the puzzle is over."""
        s = self.session
        why = s.why_no_hint()
        if why is not None:
            return self._refuse(why)
        self._hints.append(s.hint())
        self.refresh(clear_errors=True)
        return True

    def undo(self) -> bool:
        """Take back the learner's last card (and the defence's answers)."""
        if not self.session.undo():
            return self._refuse(_("Nothing of yours to take back yet."))
        self._hints = []
        self.refresh(clear_errors=True)
        return True

    def retry(self) -> None:
        """Back to the start of the puzzle."""
        self.session.retry()
        self.session.advance()
        self._hints = []
        self.refresh(clear_errors=True)

    def show_solution(self) -> None:
        """Replay a winning line from the start, card by card, then show the idea."""
        s = self.session
        moves = s.solution()
        self._record()
        self._hints = []
        self._replaying = True
        try:
            def each() -> None:
                self.refresh(clear_errors=True)
                if self.pause:
                    time.sleep(self.pause)

            s.replay(moves, each)
        finally:
            self._replaying = False
        self.refresh(clear_errors=True)

    def _record(self) -> None:
        """Save the first result of this puzzle (once) to the learner's progress, and
        say in words what it did there (the same outcome the rating and the table
        count: solved, solved with hints, or missed)."""
        s = self.session
        if s.result is None or self._recorded is not None:
            return
        solved = s.result == "solved"
        self._recorded = "failed" if not solved else "hinted" if s.hints_used else "solved"
        if self.store is None:
            return
        p = self.puzzle
        before = self.store.progress.reviews.get(p.id)
        data = puzzle_data(p) if is_generated(p.id) else None
        record = self.store.record if self.rated else self.store.record_practice
        try:
            attempt = record(p.id, p.theme, p.difficulty, solved=solved,
                             hints_used=s.hints_used, when=self.clock(), data=data)
        except OSError as e:  # the result stays counted in memory; said, not lost
            self._refuse(_("Your progress could not be saved ({error}); it will be saved with "
                           "the next result.").format(error=e.strerror or e))
            attempt = self.store.progress.history[-1] if self.rated else Attempt(
                p.id, p.theme, p.difficulty, self._recorded, s.hints_used, "",
                self.store.progress.rating, 0.0)
        after = self.store.progress.reviews.get(p.id)
        self._result_words = " ".join(w for w in (
            attempt_words(attempt, self.store.progress.streak) if self.rated
            else practice_words(attempt),
            review_words(before, after, attempt.outcome)) if w)

    def due_count(self) -> int:
        """How many puzzles are due for review now (of ``known`` when set)."""
        if self.store is None or self.lesson or self.drill:
            return 0
        return len(self.store.progress.due(self.clock(), known=self.known))

    # --- what the browser sees -----------------------------------------------------------
    def refresh(self, clear_errors: bool = False) -> None:
        """Send the learner's view to the table, the Trex rows and the panel at once."""
        parts = (self.table, self.trex, self.panel)
        with contextlib.ExitStack() as stack:
            for w in parts:
                stack.enter_context(w.hold_sync())
            if clear_errors:
                for w in parts:
                    w.error = ""
            self._fill()

    def _fill(self) -> None:
        s, p = self.session, self.puzzle
        views = views_of(s.observation(), [], s.open_hands())  # as every table's page
        self.table.state = views["table"]
        self.table.open_hands = views["open_hands"]
        self.table.message = s.note or _turn_words(s)
        if s.is_trex:
            self.trex.state = views["trex"]
        self.trex.layout.display = "" if s.is_trex else "none"
        done = s.over or s.shown_solution
        mine = [i for i, st in enumerate(s.steps) if st.seat == s.seat and not st.auto]
        self.panel.state = {
            # the file's words in the learner's language (as written if it has none)
            "id": p.id, "title": _(p.title), "theme": theme_title(p.theme),
            "difficulty": p.difficulty, "prompt": _(p.prompt), "goal": goal_words(p),
            "status": s.status(), "outcome": s.outcome, "reachable": s.reachable,
            "hints": list(self._hints),
            "can_hint": s.why_no_hint() is None and not self._replaying,
            "hint_label": _hint_label(s.hint_level, over=s.outcome is not None),
            "can_undo": bool(mine) and not self._replaying,
            "explanation": self._explanation() if done else "",
            "replaying": self._replaying, "next": self.on_next is not None,
            "result": self._recorded, "result_words": self._result_words,
            "story": list(getattr(s, "story", ())),
            "lesson": self.lesson, "drill": self.drill,
            "generate": self.on_generate is not None,
            "due_words": due_words(self.due_count()),
            "review": self._is_review(),
            "counting": "" if self.lesson or self.drill or self.store is None
                        else counting_words(self.rated),  # a class set keeps its own results
            "line_note": s.line_note, "line": s.line,
        }

    def _is_review(self) -> bool:
        """Whether this puzzle came back for review (it is on the learner's schedule and
        was tried before this attempt)."""
        if self.store is None or self.lesson or self.drill:
            return False
        review = self.store.progress.reviews.get(self.puzzle.id)
        return review is not None and self._recorded is None


class PuzzleTrainer(ipywidgets.VBox):
    """The puzzle page: pick a theme and a difficulty (or "any"), get a puzzle (one due
    for review first, then a new one near your rating, then one dealt afresh by the
    generator once every bundled one of the choice is done, or when asked for), play it
    on a :class:`PuzzleBoard`, and see your rating, streak, puzzles due and results per
    theme. ``puzzles`` defaults to the bundled collection; ``store`` to the learner's
    progress (:mod:`widgets.learner`; in memory until the browser names them); ``clock`` gives the
    present; ``budget`` the seconds a fresh puzzle may take to deal. The choices are made
    by ``trainer`` (:class:`tutor.app.trainer.Trainer`); this page draws them.
    """

    def __init__(self, puzzles: Sequence[Puzzle] | None = None,
                 store: ProgressStore | None = None, pause: float | None = None,
                 seed: int | None = None, engine: str = "auto",
                 four_colour: bool = False, clock: Callable[[], datetime] = utc_now,
                 budget: float | None = None) -> None:
        # No store given: the learner's own, once their browser says who they are.
        self.trainer = Trainer(puzzles, store=store, seed=seed, engine=engine, clock=clock,
                               budget=budget)
        self.theme = ipywidgets.Dropdown(
            options=[(_("Any theme"), "")] + [(theme_title(t), t) for t in self.trainer.themes],
            value="", description=_("Theme"))
        self.difficulty = ipywidgets.Dropdown(
            options=[(_("Any"), 0)] + [(f"{'★' * d} ({d})", d) for d in range(1, 6)],
            value=0, description=_("Difficulty"))
        self.theme.observe(self._changed, "value")
        self.difficulty.observe(self._changed, "value")
        self.progress_view = ipywidgets.HTML()
        self.progress_view.add_class("tt-progress")
        self.message = ipywidgets.HTML()
        picker = ipywidgets.HBox([self.theme, self.difficulty],
                                 layout=ipywidgets.Layout(flex_flow="row wrap"))
        picker.add_class("tt-picker")
        first, why = self.trainer.choose()
        self.board = PuzzleBoard(first or self.trainer.puzzles[0], pause=pause,
                                 store=self.store, on_next=self.next_puzzle, engine=engine,
                                 four_colour=four_colour, on_generate=self.generate_puzzle,
                                 clock=clock)
        self.board.panel.observe(lambda _c: self._show_progress(), "state")
        super().__init__(children=[picker, self.message, self.board, self.progress_view])
        self.add_class("trix-tutor")
        self.add_class("tt-trainer")
        self._say(why)
        if first is None:  # every puzzle here is done: a fresh one
            self.generate_puzzle(all_done=True)
        self._show_progress()
        if store is None:
            when_known(lambda learner: self.use_store(learner.progress))

    @property
    def store(self) -> ProgressStore:
        """The learner's progress the trainer deals from and the board saves to."""
        return self.trainer.store

    @property
    def puzzles(self) -> list[Puzzle]:
        """The puzzles given (by default the bundled collection)."""
        return self.trainer.puzzles

    @property
    def themes(self) -> list[str]:
        """The themes of those puzzles, in the order the page lists them."""
        return self.trainer.themes

    @property
    def clock(self) -> Callable[[], datetime]:
        """The present, for the review schedule."""
        return self.trainer.clock

    def pool(self) -> list[Any]:
        """Every puzzle the trainer may deal (:meth:`Trainer.pool`)."""
        return self.trainer.pool()

    def due_count(self) -> int:
        """Puzzles due for review now, of those the trainer can deal."""
        return self.trainer.due_count()

    # --- what the learner asks for -------------------------------------------------------
    def _changed(self, _change: Any) -> None:
        self.trainer.theme = self.theme.value or None
        self.trainer.difficulty = self.difficulty.value or None
        self.next_puzzle()

    def next_puzzle(self) -> None:
        """Load the next puzzle for the chosen theme and difficulty: one due for review,
        else a new one, else (all done) one dealt afresh."""
        p, why = self.trainer.choose()
        if p is None:
            self.generate_puzzle(all_done=True)
            return
        self.board.load(p)  # its new panel state redraws the progress (observed above)
        self._say(why)

    def generate_puzzle(self, all_done: bool = False) -> bool:
        """Deal a fresh puzzle of the chosen theme and difficulty
        (:meth:`Trainer.generate`) and show it; False (and a message) if none could be
        dealt."""
        p, words = self.trainer.generate(all_done)
        if p is None:
            self.message.value = _paragraph("tt-warn", words)
            return False
        self.board.load(p)
        self.message.value = _paragraph("tt-note", words)
        return True

    def use_store(self, store: ProgressStore) -> None:
        """Switch to another learner's progress (their browser has said who they are):
        redraw the rating, the table and the puzzles due, and pick the next puzzle from
        their progress unless one is in play, which stays."""
        self.trainer.use_store(store)
        self.board.use_store(store)
        # The puzzle on the board stays unless this learner has one due for review or has
        # already solved it: the page is drawn (and may be in use) before the id arrives.
        p, why = (None, "") if self.board.in_play() else self.trainer.instead_of(
            self.board.puzzle)
        if p is not None:
            self.board.load(p)
        self._say(why)
        self._show_progress()

    # --- words ---------------------------------------------------------------------------
    def _say(self, why: str) -> None:
        if self.store.warning:
            self.message.value = _paragraph("tt-warn", self.store.warning)
        elif why == "review":
            self.message.value = _paragraph("tt-note", REVIEW_WORDS)
        else:
            self.message.value = ""

    def _show_progress(self) -> None:
        self.board.known = self.trainer.known()
        self.progress_view.value = progress_html(self.store.progress, due=self.due_count())


def _paragraph(kind: str, words: str) -> str:
    return f"<p class='{kind}'>{_esc(words)}</p>"


def due_words(n: int) -> str:
    """The puzzles due, in words; empty when none.

    >>> due_words(0), due_words(1), due_words(2)
    ('', '1 puzzle due for review', '2 puzzles due for review')
    """
    if n <= 0:
        return ""
    return ngettext("{n} puzzle due for review", "{n} puzzles due for review", n).format(n=n)


def _hint_label(level: int, over: bool = False) -> str:
    """The hint button's words after ``level`` hints of 4 (then it is disabled); once the
    puzzle is ``over`` no count, as no hint is given.

    >>> [_hint_label(k) for k in (0, 1, 3, 4)]
    ['Hint (1 of 4)', 'Another hint (2 of 4)', 'Another hint (4 of 4)', 'No more hints']
    >>> _hint_label(1, over=True)
    'No hints: the puzzle is over'
    """
    if over:
        return _("No hints: the puzzle is over")
    if level >= 4:
        return _("No more hints")
    return _("Another hint ({n} of 4)").format(n=level + 1) if level else _("Hint (1 of 4)")


def _turn_words(s: PuzzleSession) -> str:
    """The line under the table: whose turn (the panel says how the goal stands)."""
    if s.over:
        return _("The puzzle is over.")
    mover = s.position.to_move
    if mover == s.seat:
        return _("Your turn: click a card to play it.")
    return _("{who} to play.").format(who=s.names()[mover])


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def progress_html(progress: Progress, due: int = 0) -> str:
    """The learner's rating, streak, puzzles ``due`` for review and results per theme,
    as a small HTML block.

    >>> "Rating 1500" in progress_html(Progress())
    True
    """
    g = progress
    rows = "".join(
        f"<tr><td>{_esc(theme_title(t))}</td><td>{tally.solved}</td><td>{tally.hinted}</td>"
        f"<td>{tally.failed}</td></tr>" for t, tally in g.by_theme().items())
    heads = "".join(f"<th>{_esc(OUTCOME_TITLES[o])}</th>" for o in OUTCOMES)
    table = (f"<table class='tt-progress-table'><thead><tr><th>{_esc(_('Theme'))}</th>"
             + heads + "</tr></thead><tbody>" + rows + "</tbody></table>") if rows \
        else f"<p>{_esc(_('No puzzles played yet.'))}</p>"
    due_line = f"<p class='tt-due'>{_esc(due_words(due))}</p>" if due else ""
    # Translators: added after the streaks when the learner has played a puzzle rush.
    drill = (" · " + _("best puzzle rush {n}").format(n=g.drill_best) if g.drills else "")
    # Translators: after the rating, in the progress box; {drill} is the best puzzle rush
    # (or nothing).
    streaks = _("streak {n} (puzzles solved without hints in a row) · best streak "
                "{best}{drill}").format(n=g.streak, best=g.best_streak, drill=drill)
    return (f"<div class='tt-progress-box'><p><b>{_esc(g.rating_words())}</b> · "
            f"{_esc(streaks)}</p>{due_line}{table}</div>")
