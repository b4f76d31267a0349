"""``PuzzleBoard``: play a puzzle against a perfect defence, with hints, undo, retry and
the solution; ``PuzzleTrainer``: pick a theme and difficulty, get the next puzzle, see
the rating.

The board is a thin shell around :class:`tutor.puzzles.session.PuzzleSession`: the
card table shows ``session.observation()`` (the learner's hand, cards played, hands the
puzzle shows face up) and the :class:`PuzzlePanel` shows the prompt, whether the goal is
still within reach, the hints asked for and, once over, the key idea. The browser sends
``{"type": "play", "card": "QS"}`` from the table and ``hint``, ``undo``, ``retry``,
``solution``, ``next`` from the panel; each is checked before anything changes.

>>> from tutor.puzzles import bundled
>>> board = PuzzleBoard(next(p for p in bundled() if p.id == "make-n-001"), pause=0)
>>> board.panel.state["title"], board.table.state["puzzle"]
('Make your bid (exactly 1)', True)
"""

from __future__ import annotations

import contextlib
import logging
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets

from tutor.puzzles import Puzzle, bundled
from tutor.puzzles.progress import (OUTCOME_TITLES, OUTCOMES, Progress, ProgressStore,
                                    attempt_words)
from tutor.puzzles.session import PuzzleSession, goal_words

from ._base import TutorWidget, css, esm
from .layout import TrexLayout
from .play import Refused, _default_pause, parse_message
from .table import CardTable

__all__ = ["PuzzlePanel", "PuzzleBoard", "PuzzleTrainer", "PANEL_MESSAGES", "theme_title"]

log = logging.getLogger(__name__)

PANEL_MESSAGES = ("hint", "undo", "retry", "solution", "next")
"""The panel's requests; each is ``{"type": NAME}`` and nothing else."""

THEME_TITLES = {
    "make-n": "Trixter: make your bid", "make-zero": "Trixter: make a zero bid",
    "shed-a-trick": "Trixter: shed a trick", "duck-with-joker": "Trixter: duck with the joker",
    "trump-control": "Trixter: trump control", "read-the-bids": "Trixter: read the bids",
    "king-dodge": "King of Hearts: dodge the K♥", "king-force": "King of Hearts: force it",
    "queens": "Queens", "diamonds": "Diamonds", "ltoosh-lose-all": "Ltoosh: lose them all",
    "ltoosh-count": "Ltoosh: count the tricks", "trex-open": "Trex: which card to open",
    "trex-block": "Trex: blocking", "trex-hold-jack": "Trex: hold the jack",
}


def theme_title(theme: str) -> str:
    """A theme's name for a learner.

    >>> theme_title("king-dodge")
    'King of Hearts: dodge the K♥'
    """
    return THEME_TITLES.get(theme, theme.replace("-", " ").capitalize())


class PuzzlePanel(TutorWidget):
    """The puzzle's words and buttons, drawn from ``state``: ``title``, ``prompt``,
    ``goal``, ``status``, ``outcome`` (``None``, ``"solved"``, ``"failed"``), ``hints``
    (the texts asked for), ``can_hint``, ``can_undo``, ``explanation`` (only once the
    puzzle is over or its solution shown), ``replaying``, ``next`` (a next puzzle button),
    ``hint_label`` (the hint button's words), ``result`` (the outcome counted in the
    learner's progress: ``"solved"``, ``"hinted"`` or ``"failed"``) and ``result_words``
    (what that did to the rating and streak, in words; empty when nothing is saved)."""

    _esm = esm("puzzle.js")
    _css = css("puzzle.css")


class PuzzleBoard(ipywidgets.VBox):
    """A puzzle at the table. ``pause`` is the seconds between two defence cards (by
    default 0.6, or ``TRIX_TUTOR_PAUSE``); ``store`` a :class:`ProgressStore` where the
    first result of the puzzle is saved; ``on_next`` a function called by the "next
    puzzle" button (no button without it); ``engine`` the solver's engine.
    """

    lesson = False  # a lesson's guided table: no stars, no progress note

    def __init__(self, puzzle: Puzzle, pause: float | None = None,
                 store: ProgressStore | None = None,
                 on_next: Callable[[], None] | None = None,
                 engine: str = "auto", four_colour: bool = False) -> None:
        self.pause = _default_pause() if pause is None else float(pause)
        self.store = store
        self.on_next = on_next
        self.engine = engine
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

    def _new_session(self, puzzle: Puzzle) -> PuzzleSession:
        return PuzzleSession(puzzle, engine=self.engine)

    def _explanation(self) -> str:
        """The idea shown once the puzzle is over (its cards are the first move's)."""
        return self.session.key_idea()

    # --- messages --------------------------------------------------------------------
    def _on_msg(self, widget: Any, content: Any, buffers: Any = None) -> None:
        try:
            self.handle(content)
        except Exception as e:  # pragma: no cover - a bug: shown, not lost
            log.exception("puzzle message failed")
            self._refuse(f"something went wrong: {type(e).__name__}")

    def handle(self, content: Any) -> bool:
        """Act on one browser message; True if it was carried out. A refused message
        shows why and changes nothing."""
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            return self._refuse("not a request")
        kind = content["type"]
        if kind == "play":  # the same check of a card request as a game's table
            try:
                _kind, action = parse_message(content)
            except Refused as e:
                return self._refuse(str(e))
            return self.play(str(action.card))
        if kind not in PANEL_MESSAGES or set(content) != {"type"}:
            return self._refuse("unknown request")
        if self._replaying:
            return self._refuse("wait for the solution to finish")
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
        if self.on_next is None:
            return self._refuse("there is no next puzzle here")
        self.on_next()
        return True

    def _refuse(self, why: str) -> bool:
        self.table.error = why
        self.panel.error = why
        return False

    # --- what the learner does ---------------------------------------------------------
    def play(self, card: str) -> bool:
        """The learner plays ``card``; the defence answers card by card."""
        if self._replaying:
            return self._refuse("wait for the solution to finish")
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
        return True

    def hint(self) -> bool:
        """Show the next hint for the decision now (up to 4: the whole line)."""
        s = self.session
        if s.to_move != s.seat:
            return self._refuse("The puzzle is over." if s.over else "Wait for your turn.")
        if s.hint_level >= 4:
            return self._refuse("That was the last hint: the whole line.")
        self._hints.append(s.hint())
        self.refresh(clear_errors=True)
        return True

    def undo(self) -> bool:
        """Take back the learner's last card (and the defence's answers)."""
        if not self.session.undo():
            return self._refuse("Nothing of yours to take back yet.")
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
        try:
            attempt = self.store.record(self.puzzle.id, self.puzzle.theme,
                                        self.puzzle.difficulty, solved=solved,
                                        hints_used=s.hints_used)
        except OSError as e:  # the result stays counted in memory; said, not lost
            self._refuse(f"Your progress could not be saved ({e.strerror or e}); it will "
                         f"be saved with the next result.")
            attempt = self.store.progress.history[-1]
        self._result_words = attempt_words(attempt, self.store.progress.streak)

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
        obs = s.observation()
        self.table.state = obs
        self.table.open_hands = s.open_hands()
        self.table.message = s.note or _turn_words(s)
        if s.is_trex:
            self.trex.state = {k: obs.get(k) for k in ("game", "seat", "players", "phase",
                                                       "to_move", "layout", "out", "passes")}
        self.trex.layout.display = "" if s.is_trex else "none"
        done = s.over or s.shown_solution
        mine = [i for i, st in enumerate(s.steps) if st.seat == s.seat and not st.auto]
        self.panel.state = {
            "id": p.id, "title": p.title, "theme": theme_title(p.theme),
            "difficulty": p.difficulty, "prompt": p.prompt, "goal": goal_words(p),
            "status": s.status(), "outcome": s.outcome, "reachable": s.reachable,
            "hints": list(self._hints),
            "can_hint": s.to_move == s.seat and s.hint_level < 4 and not self._replaying,
            "hint_label": _hint_label(s.hint_level),
            "can_undo": bool(mine) and not self._replaying,
            "explanation": self._explanation() if done else "",
            "replaying": self._replaying, "next": self.on_next is not None,
            "result": self._recorded, "result_words": self._result_words,
            "story": list(getattr(s, "story", ())),
            "lesson": self.lesson,
        }


class PuzzleTrainer(ipywidgets.VBox):
    """The puzzle page: pick a theme and a difficulty (or "any"), get a puzzle near your
    rating, play it on a :class:`PuzzleBoard`, and see your rating, streak and results
    per theme. ``puzzles`` defaults to the bundled collection; ``store`` to the
    learner's progress file (:func:`tutor.puzzles.progress.default_path`).
    """

    def __init__(self, puzzles: Sequence[Puzzle] | None = None,
                 store: ProgressStore | None = None, pause: float | None = None,
                 seed: int | None = None, engine: str = "auto",
                 four_colour: bool = False) -> None:
        self.puzzles = list(bundled() if puzzles is None else puzzles)
        if not self.puzzles:
            raise ValueError("no puzzles to train on")
        self.store = store if store is not None else ProgressStore()
        self._rng = random.Random(seed)
        themes = sorted({p.theme for p in self.puzzles}, key=lambda t: (
            list(THEME_TITLES).index(t) if t in THEME_TITLES else 99, t))
        self.theme = ipywidgets.Dropdown(
            options=[("Any theme", "")] + [(theme_title(t), t) for t in themes],
            value="", description="Theme")
        self.difficulty = ipywidgets.Dropdown(
            options=[("Any", 0)] + [(f"{'★' * d} ({d})", d) for d in range(1, 6)],
            value=0, description="Difficulty")
        self.theme.observe(self._changed, "value")
        self.difficulty.observe(self._changed, "value")
        self.progress_view = ipywidgets.HTML()
        self.progress_view.add_class("tt-progress")
        self.message = ipywidgets.HTML()
        picker = ipywidgets.HBox([self.theme, self.difficulty],
                                 layout=ipywidgets.Layout(flex_flow="row wrap"))
        picker.add_class("tt-picker")
        first = self._choose() or self.puzzles[0]
        self.board = PuzzleBoard(first, pause=pause, store=self.store,
                                 on_next=self.next_puzzle, engine=engine,
                                 four_colour=four_colour)
        self.board.panel.observe(lambda _c: self._show_progress(), "state")
        super().__init__(children=[picker, self.message, self.board, self.progress_view])
        self.add_class("trix-tutor")
        self.add_class("tt-trainer")
        if self.store.warning:
            self.message.value = f"<p class='tt-warn'>{_esc(self.store.warning)}</p>"
        self._show_progress()

    def _changed(self, _change: Any) -> None:
        self.next_puzzle()

    def _choose(self) -> Puzzle | None:
        theme = self.theme.value or None
        level = self.difficulty.value or None
        return self.store.progress.next_puzzle(self.puzzles, theme=theme, difficulty=level,
                                               rng=self._rng)

    def next_puzzle(self) -> None:
        """Load the next puzzle for the chosen theme and difficulty."""
        p = self._choose()
        if p is None:
            self.message.value = ("<p class='tt-warn'>No puzzle of that theme at that "
                                  "difficulty yet: choose another.</p>")
            return
        self.message.value = ""
        self.board.load(p)  # its new panel state redraws the progress (observed above)

    def _show_progress(self) -> None:
        self.progress_view.value = progress_html(self.store.progress)


def _hint_label(level: int) -> str:
    """The hint button's words after ``level`` hints of 4 (then it is disabled).

    >>> [_hint_label(k) for k in (0, 1, 3, 4)]
    ['Hint (1 of 4)', 'Another hint (2 of 4)', 'Another hint (4 of 4)', 'No more hints']
    """
    if level >= 4:
        return "No more hints"
    return f"Another hint ({level + 1} of 4)" if level else "Hint (1 of 4)"


def _turn_words(s: PuzzleSession) -> str:
    """The line under the table: whose turn (the panel says how the goal stands)."""
    if s.over:
        return "The puzzle is over."
    mover = s.position.to_move
    if mover == s.seat:
        return "Your turn: click a card to play it."
    return f"{s.names()[mover]} to play."


def _esc(text: str) -> str:
    import html

    return html.escape(text, quote=True)


def progress_html(progress: Progress) -> str:
    """The learner's rating, streak and results per theme, as a small HTML block.

    >>> "Rating 1500" in progress_html(Progress())
    True
    """
    g = progress
    rows = "".join(
        f"<tr><td>{_esc(theme_title(t))}</td><td>{tally.solved}</td><td>{tally.hinted}</td>"
        f"<td>{tally.failed}</td></tr>" for t, tally in g.by_theme().items())
    heads = "".join(f"<th>{_esc(OUTCOME_TITLES[o])}</th>" for o in OUTCOMES)
    table = ("<table class='tt-progress-table'><thead><tr><th>Theme</th>" + heads
             + "</tr></thead><tbody>" + rows + "</tbody></table>") if rows \
        else "<p>No puzzles played yet.</p>"
    return (f"<div class='tt-progress-box'><p><b>{_esc(g.rating_words())}</b> · streak "
            f"{g.streak} (puzzles solved without hints in a row) · best streak "
            f"{g.best_streak}</p>{table}</div>")
