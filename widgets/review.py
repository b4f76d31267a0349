"""``ReviewBoard``: a finished game replayed for one seat, decision by decision, with the
review of :mod:`tutor.review` beside it; ``review_page()``: upload a record file and
review it.

The board replays the record through the engine and, at every step, fills the card
table from ``game.observe(seat)`` of the game as it stood *before* the seat acted, so it
shows what that seat knew then and never another hand. The review itself (the advice
engine at every decision: seconds for a whole game) runs in a thread: the replay works at
once, and the mistakes, the best actions and their values fill in when it is done, with
a progress bar meanwhile.

The browser sends ``{"type": "goto", "index": i}`` (``i`` an action's position in
``record["actions"]``: a decision of the seat, or the end of the record) and
``{"type": "step", "to": "first" | "prev" | "next" | "last" | "prev_mistake" |
"next_mistake"}`` and ``{"type": "open"}`` (the current decision with every hand open, once
its hand is over: :mod:`tutor.review.open_hands`, the other hands then face up on the
table); anything else is refused with a reason and changes nothing.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3, first_hand=13)
>>> board = ReviewBoard(g, seat=0, run=False)
>>> board.step, board.steps[-1] == len(g.history)
(0, True)
"""

from __future__ import annotations

import contextlib
import html
import json
import logging
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import ipywidgets
import traitlets

from tutor.engine import records
from tutor.engine.errors import IllegalActionError, ParseError
from tutor.engine.i18n import gettext as _, ngettext
from tutor.engine.protocol import Game
from tutor.review import decision_indices, review
from tutor.review.open_hands import NOT_OPEN, NotOpen, TooDeep, open_hands, open_steps
from tutor.review.words import number_words
from tutor.app.views import learner_views

from widgets._base import Controller, Refused, TutorWidget, css, esm
from widgets.layout import TrexLayout
from widgets.messages import read
from widgets.review_words import (action_words, as_texts, decision_state, open_state,
                                  rounded, score_lines, step_place, step_words)
from widgets.table import CardTable
from widgets.upload import upload_button

# The browser's Python (Pyodide, the static site) cannot start a thread: there the review
# runs in the foreground, its progress bar still drawn as it goes.
THREADS = sys.platform != "emscripten"

__all__ = ["ReviewPanel", "ReviewBoard", "review_board", "review_page", "ReviewPage",
           "parse_review_message"]

log = logging.getLogger(__name__)

MAX_RECORD_BYTES = 2_000_000
"""The largest record file the review page reads (a whole game is far smaller)."""


class _Cancelled(Exception):
    """Raised from the progress callback to stop a review nobody will look at."""


def parse_review_message(content: Any, last: int) -> tuple[str, Any]:
    """``("goto", index)``, ``("step", target)`` or ``("open", None)`` from a browser
    message; :class:`Refused` says what is wrong. ``last`` is the largest action position
    there is.

    >>> parse_review_message({"type": "goto", "index": 4}, last=10)
    ('goto', 4)
    >>> parse_review_message({"type": "goto", "index": "4"}, last=10)
    Traceback (most recent call last):
    ...
    widgets._base.Refused: the step is a whole number from 0 to 10
    """
    kind, fields = read("review", content, last=last)
    if kind == "open":
        return kind, None
    return kind, fields["index"] if kind == "goto" else fields["to"]


def _game_from(source: Any) -> Game:
    """The game a record (a :class:`Game`, a record dict, or record text) describes."""
    if isinstance(source, Game):
        return records.from_record(source.to_record())
    if isinstance(source, dict):
        return records.from_record(json.loads(json.dumps(source)))
    if isinstance(source, (str, bytes, bytearray)):
        return records.loads(bytes(source) if isinstance(source, bytearray) else source)
    raise TypeError("a review needs a game, a record dict or record text")


class ReviewPanel(TutorWidget):
    """The review's controls and findings, drawn from ``state``. ``part`` is ``"steps"``
    (progress, step buttons, the decision: chosen against best, alternatives, why) or
    ``"overview"`` (the summary, the mistakes biggest first, the running score chart)."""

    _esm = esm("review.js")
    _css = css("review.css")

    part = traitlets.Unicode("steps").tag(sync=True)


class ReviewBoard(Controller, ipywidgets.VBox):
    """A game replayed for ``seat``, step by step, with its review.

    ``source``: a finished (or partly played) game, its record dict or its record text.
    ``seconds``, ``budget``, ``seed``: passed to :func:`tutor.review.review` (the work
    per decision; ``None``: the review's own default).
    ``run``: start the review at once; ``background``: in a thread (the widget answers
    meanwhile) rather than before returning. ``reviewer`` stands in for
    :func:`tutor.review.review` (tests).
    """

    def __init__(self, source: Any, seat: int = 0, *, seconds: float | None = None,
                 budget: int | None = None, seed: int = 0, run: bool = True,
                 background: bool = True,
                 reviewer: Callable[..., Any] | None = None,
                 four_colour: bool = False) -> None:
        game = _game_from(source)
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < game.n_players:
            raise ValueError(f"seat must be 0..{game.n_players - 1}")
        self.seat = seat
        self.record = game.to_record()
        self.final = game
        self.game_name = game.KIND
        self.seconds, self.budget, self.seed = seconds, budget, seed
        self._reviewer = reviewer
        actions = self.record["actions"]
        self.last = len(actions)
        # A step is a decision of the seat (an action it took), or the end of the record.
        self.steps = decision_indices(actions, seat)
        self.steps.append(self.last)
        self._views = self._replay()
        # Every hand open: which card decisions may be (a finished hand's), and the ones
        # asked for, by action position (their table, and every hand then).
        self._open_codes = open_steps(self.record, seat)
        self._opened: dict[int, dict[str, Any]] = {}
        self._open_cards: dict[int, dict[str, list[str]]] = {}
        self.step = 0
        self.review: Any = None
        self.decisions: dict[int, Any] = {}
        self.mistakes: list[Any] = []
        self._progress: dict[str, Any] = {"running": False, "done": 0, "total": 0, "text": ""}
        self._lock = threading.RLock()
        self._last_progress = 0.0
        self.thread: threading.Thread | None = None
        self._cancelled = False

        self.panel = ReviewPanel(four_colour=four_colour, part="steps")
        self.overview = ReviewPanel(four_colour=four_colour, part="overview")
        self.table = CardTable(four_colour=four_colour, controls=[])
        self.trex = TrexLayout(four_colour=four_colour)
        self.parts = [self.panel, self.table, self.trex, self.overview]
        for w in self.parts:
            w.on_msg(self._on_msg)
        super().__init__(children=self.parts)
        self.add_class("trix-tutor")
        self.add_class("tt-review-board")
        self.refresh()
        if run:
            self.start(background=background)

    # --- the replay -------------------------------------------------------------------
    def _replay(self) -> dict[int, dict[str, Any]]:
        """The seat's view before each step's action (and at the end), in one pass."""
        want = set(self.steps)
        record = dict(self.record, actions=[])
        game = records.from_record(record)
        views = {}
        for i, (s, text) in enumerate(self.record["actions"]):
            if i in want:
                views[i] = self._view(game)
            game.apply(text, seat=s)
        views[self.last] = self._view(game)
        return views

    def _view(self, game: Game) -> dict[str, Any]:
        v = learner_views(game, self.seat)
        table = dict(v["table"])
        table["legal"] = []  # a replay: no card looks playable
        return {"table": table, "trex": v["trex"], "show_trex": v["show_trex"]}

    @property
    def index(self) -> int:
        """The action position of the current step (``self.last``: the end)."""
        return self.steps[self.step]

    # --- the review -------------------------------------------------------------------
    def start(self, background: bool = True) -> None:
        """Run the review (again); in a thread when ``background`` and threads exist."""
        if self.thread is not None and self.thread.is_alive():
            return
        self._progress = {"running": True, "done": 0, "total": 0,
                          "text": _("Looking for better moves…")}
        self.refresh()
        if background and THREADS:
            self.thread = threading.Thread(target=self._run, name="trix-tutor review",
                                           daemon=True)
            self.thread.start()
        else:
            self._run()

    def stop(self) -> None:
        """Stop a review running in the background (at its next progress report)."""
        self._cancelled = True

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a review running in the background; True when it is done."""
        if self.thread is not None:
            self.thread.join(timeout)
            return not self.thread.is_alive()
        return True

    def _run(self) -> None:
        reviewer = self._reviewer
        try:
            if reviewer is None:
                reviewer = review
            work = {k: v for k, v in (("seconds", self.seconds), ("budget", self.budget))
                    if v is not None}
            rv = reviewer(self.record, self.seat, seed=self.seed, progress=self._on_progress,
                          **work)
        except _Cancelled:
            return
        except Exception as e:
            log.exception("the review failed")
            with self._lock:
                self._progress = {"running": False, "done": 0, "total": 0, "failed": True,
                                  # Translators: {error} names a programming error (a bug).
                                  "text": _("The review could not be made ({error}: {detail}). "
                                            "The replay still works.").format(
                                      error=type(e).__name__, detail=str(e)[:160])}
                self.refresh()
            return
        with self._lock:
            self.review = rv
            self.decisions = {int(d.index): d for d in rv.decisions}
            self.mistakes = list(rv.mistakes)
            extra = {int(d.index) for d in rv.decisions} - set(self.steps)
            if extra:  # decisions the record's seat column did not show: step there too
                here = self.index
                self.steps = sorted(set(self.steps) | {i for i in extra if i < self.last})
                self._views = self._replay()
                self.step = self.steps.index(here)
            self._progress = {"running": False, "done": 1, "total": 1, "text": ""}
            self.refresh()

    def _on_progress(self, *args: Any, **kwargs: Any) -> None:
        """``progress(done, total)``, ``progress(fraction)`` or ``progress(text)``: shown
        at most five times a second."""
        done, total, text = 0.0, 0.0, _("Looking for better moves…")
        nums = [a for a in args if isinstance(a, (int, float)) and not isinstance(a, bool)]
        texts = [a for a in args if isinstance(a, str)]
        if len(nums) >= 2:
            done, total = float(nums[0]), float(nums[1])
        elif len(nums) == 1:
            done, total = float(nums[0]), 1.0
        if texts:
            text = texts[0][:120]
        if self._cancelled:
            raise _Cancelled
        now = time.monotonic()
        if now - self._last_progress < 0.2 and not (total and done >= total):
            return
        self._last_progress = now
        with self._lock:
            self._progress = {"running": True, "done": done, "total": total, "text": text}
            self._fill_panel()

    # --- messages from the browser (Controller._on_msg brings them here) ---------------
    def handle(self, content: Any, source: Any = None) -> bool:
        """Act on one browser message; True if it was carried out."""
        with self._lock:
            try:
                kind, arg = parse_review_message(content, self.last)
                if kind == "goto":
                    self.goto(arg)
                elif kind == "open":
                    self.open_here()
                else:
                    self.move(arg)
            except Refused as e:
                self._refuse(str(e), source)
                return False
            return True

    def _refuse(self, why: str, source: Any = None) -> None:
        why = why if len(why) <= 200 else why[:197] + "..."
        target = source if isinstance(source, ReviewPanel) else self.panel
        target.error = why

    def goto(self, index: int) -> None:
        """Go to the seat's decision at action position ``index`` (or the end)."""
        if index not in self.steps:
            raise Refused(_("action {index} is not one of your decisions: choose a step from "
                            "the buttons or the list").format(index=index))
        self.step = self.steps.index(index)
        self.refresh(clear_errors=True)

    def move(self, to: str) -> None:
        """``first``, ``prev``, ``next``, ``last``, ``prev_mistake``, ``next_mistake``."""
        n = len(self.steps)
        if to == "first":
            k = 0
        elif to == "last":
            k = n - 1
        elif to == "prev":
            k = max(0, self.step - 1)
        elif to == "next":
            k = min(n - 1, self.step + 1)
        else:
            if self.review is None:
                raise Refused(_("the review is not ready yet: the mistakes come when it is"))
            here = self.index
            marks = sorted(int(m.index) for m in self.mistakes)
            ahead = [i for i in marks if i > here] if to == "next_mistake" else \
                [i for i in reversed(marks) if i < here]
            if not ahead:
                raise Refused(_("no more mistakes that way") if marks
                              else _("no mistakes found"))
            k = self.steps.index(ahead[0])
        self.step = k
        self.refresh(clear_errors=True)

    # --- every hand open ------------------------------------------------------------------
    def open_here(self, background: bool = True) -> None:
        """Solve the current decision with every hand open (a finished hand's card only):
        in a thread when ``background`` and threads exist, the panel saying so meanwhile."""
        i = self.index
        code = self._open_codes.get(i)
        if code is None:
            raise Refused(_("Only your own cards can be shown with every hand open."))
        if code != "open":
            raise Refused(_(NOT_OPEN[code]))
        if i in self._opened:
            return  # shown already, or being solved
        self._opened[i] = {"state": "solving"}
        self.refresh(clear_errors=True)
        if background and THREADS:
            threading.Thread(target=self._solve_open, args=(i,), name="trix-tutor open hands",
                             daemon=True).start()
        else:
            self._solve_open(i)

    def _solve_open(self, i: int) -> None:
        hands: dict[str, list[str]] = {}
        try:
            oh = open_hands(self.record, self.seat, i)
            state = open_state(oh)
            hands = {str(s): [str(c) for c in h] for s, h in enumerate(oh.hands)
                     if s != self.seat}
        except TooDeep as e:
            state = {"state": "too_deep", "text": str(e)}
        except NotOpen as e:
            state = {"state": "closed", "text": str(e)}
        except Exception as e:
            log.exception("every hand open failed")
            state = {"state": "failed", "text": _(
                "This decision could not be solved ({error}).").format(error=type(e).__name__)}
        with self._lock:
            self._opened[i] = state
            self._open_cards[i] = hands
            if self.index == i:
                self.refresh()

    def _open_state(self, i: int) -> dict[str, Any] | None:
        """What the panel shows of every hand open at action position ``i``: nothing for a
        forced card or another kind of decision."""
        code = self._open_codes.get(i)
        if code is None or code == "forced":
            return None
        if code != "open":
            return {"state": "closed", "text": _(NOT_OPEN[code])}
        return self._opened.get(i, {"state": "offer"})

    # --- what the browser sees ------------------------------------------------------------
    def refresh(self, clear_errors: bool = False) -> None:
        """Send the current step to every part, each in one message."""
        with self._lock, contextlib.ExitStack() as stack:
            for w in self.parts:
                stack.enter_context(w.hold_sync())
            if clear_errors:
                for w in self.parts:
                    w.error = ""
            self._fill()

    def _fill(self) -> None:
        v = self._views[self.index]
        self.table.state = v["table"]
        self.table.open_hands = self._open_cards.get(self.index, {})
        self.table.message = step_words(self.index, self.last, self.final, self.record,
                                        self.decisions)
        self.trex.state = v["trex"]
        self.trex.layout.display = "" if v["show_trex"] else "none"
        self._fill_panel()
        self.overview.state = self._overview_state()

    def _fill_panel(self) -> None:
        i = self.index
        d = self.decisions.get(i)
        marks = sorted(int(m.index) for m in self.mistakes)
        rank = {int(m.index): k + 1 for k, m in enumerate(self.mistakes)}
        obs = self._views[i]["table"]
        self.panel.state = {
            "game": self.game_name, "seat": self.seat,
            "player": self.record["setup"]["players"][self.seat],
            "step": self.step, "steps": len(self.steps), "index": i, "last": self.last,
            "at_end": i == self.last, "where": step_place(obs, d),
            "chosen": None if i == self.last else self.record["actions"][i][1],
            "chosen_words": None if i == self.last else action_words(
                self.record["actions"][i][1]),
            "decision": None if d is None else decision_state(d),
            "mistake_rank": rank.get(i), "mistakes": len(self.mistakes),
            "has_prev_mistake": any(m < i for m in marks),
            "has_next_mistake": any(m > i for m in marks),
            "ready": self.review is not None, "progress": dict(self._progress),
            "open": self._open_state(i),
        }

    def _overview_state(self) -> dict[str, Any]:
        rv = self.review
        rows = score_lines(getattr(rv, "scores", None)) if rv is not None else []
        if not rows:
            rows = score_lines(self.final.score_sheet())
        obs = self._views[self.index]["table"]
        summary = ""
        if rv is not None:
            try:
                # The summary's own list of the biggest mistakes is the list beside it.
                lines = [ln for ln in str(rv.summary()).splitlines()
                         if ln.strip() and not ln.startswith(" ")]
                biggest = " " + _("The biggest:")  # as the summary says it
                summary = "\n".join(ln.removesuffix(biggest) for ln in lines)
            except Exception:
                log.exception("Review.summary failed")
        return {
            "game": self.game_name, "seat": self.seat,
            "players": list(self.record["setup"]["players"]),
            "scores": rows, "index": self.index,
            "hand": obs.get("hand_number") if self.game_name == "trixter"
            else obs.get("deal_number"),
            "ready": rv is not None, "summary": summary,
            "mistakes": [{"index": int(m.index), "hand": m.hand, "trick": m.trick,
                          "kind": m.kind, "chosen": action_words(str(m.chosen)),
                          "best": [action_words(b) for b in as_texts(m.best)],
                          "loss": rounded(m.loss) or 0.0,
                          "loss_words": number_words(m.loss or 0.0),
                          "why": str(getattr(m, "why", None) or "")}
                         for m in self.mistakes],
            "progress": dict(self._progress),
        }


def review_board(source: Any, seat: int = 0, seconds: float | None = None,
                 budget: int | None = None, seed: int = 0,
                 background: bool = True) -> ReviewBoard:
    """A :class:`ReviewBoard` of ``source`` (a game, a record dict or record text) for
    ``seat``; the review runs in the background and fills in when done."""
    return ReviewBoard(source, seat, seconds=seconds, budget=budget, seed=seed,
                       background=background)


# --- the review page: upload a record -----------------------------------------------------
def _note(text: str, kind: str = "info") -> str:
    colours = {"info": "#eef4ff", "ok": "#e6f4ea", "error": "#fde7e9"}
    return (f'<div class="trix-tutor tt-review-note" data-kind="{kind}" style="background:'
            f'{colours[kind]};padding:6px 10px;border-radius:6px;font-family:system-ui,'
            f'sans-serif;font-size:14px;max-width:720px;margin:4px auto">{text}</div>')



class ReviewPage(ipywidgets.VBox):
    """Upload a game record (``.json``, as the play pages download it), choose whose
    decisions to review, and get a :class:`ReviewBoard`. A bad file says why."""

    def __init__(self, seconds: float | None = None, background: bool = True) -> None:
        self.seconds, self.background = seconds, background
        self.upload, upload_style = upload_button(_("Open a game record (.json)"))
        self.upload.observe(lambda _c: self.read_upload(), names="value")
        self.seat = ipywidgets.Dropdown(options=[(_("Player 1"), 0)], value=0,
                                        description=_("Review"), disabled=True)
        self.seat.observe(lambda _c: self.show(), names="value")
        # Translators: keep the HTML; "Download game record" is the play pages' link.
        self.status = ipywidgets.HTML(_note(_(
            "Choose a game record file (<code>.json</code>): the play pages have a "
            "<i>Download game record</i> link under the table.")))
        self.area = ipywidgets.VBox()
        self.game: Game | None = None
        self.board: ReviewBoard | None = None
        bar = ipywidgets.HBox([self.upload, self.seat, upload_style])
        bar.layout.flex_flow = "row wrap"
        super().__init__([bar, self.status, self.area])
        self.add_class("tt-review-page")

    def read_upload(self) -> bool:
        files = list(self.upload.value or ())
        if not files:
            return False
        f = files[-1]
        return self.load(bytes(f["content"]), str(f.get("name", "record.json")))

    def load(self, content: bytes | str, name: str = "record.json") -> bool:
        """Read a record file; on success show its review, else say what is wrong."""
        what = html.escape(name[:80])
        if len(content) > MAX_RECORD_BYTES:
            # Translators: {file} is the name of a file the learner gave the review page.
            return self._bad(_("{file} is too large to be a game record.").format(file=what))
        try:
            game = records.loads(content)
        except (ParseError, IllegalActionError) as e:
            return self._bad(_("{file} is not a game record this tutor can read: {reason}")
                             .format(file=what, reason=html.escape(str(e)[:300])))
        except ValueError as e:
            return self._bad(_("{file} could not be read: {reason}").format(
                file=what, reason=html.escape(str(e)[:300])))
        if not game.history:
            return self._bad(_("{file} is a game with no moves yet: nothing to review.")
                             .format(file=what))
        self.game = game
        players = game.to_record()["setup"]["players"]
        with self.seat.hold_trait_notifications():
            self.seat.options = [(p, i) for i, p in enumerate(players)]
            self.seat.value = 0
            self.seat.disabled = False
        n, kind = len(game.history), html.escape(game.KIND.title())
        # Translators: {file} is the file's name, {game} "Trixter" or "Trix". English says
        # "moves" for any number.
        words = ngettext("{file}: a {game} game, finished, {n} moves. Step through the "
                         "decisions below; the review fills in when it is done.",
                         "{file}: a {game} game, finished, {n} moves. Step through the "
                         "decisions below; the review fills in when it is done.", n) \
            if game.is_over else \
            ngettext("{file}: a {game} game, not finished, {n} moves. Step through the "
                     "decisions below; the review fills in when it is done.",
                     "{file}: a {game} game, not finished, {n} moves. Step through the "
                     "decisions below; the review fills in when it is done.", n)
        self.status.value = _note(words.format(file=what, game=kind, n=n), "ok")
        self.show()
        return True

    def _bad(self, text: str) -> bool:
        self.status.value = _note(text, "error")
        return False

    def show(self) -> None:
        if self.game is None:
            return
        if self.board is not None:
            self.board.stop()
        self.board = ReviewBoard(self.game, int(self.seat.value), seconds=self.seconds,
                                 background=self.background)
        self.area.children = [self.board]


def review_page() -> ReviewPage:
    """The "Review a game" page: upload a record file and step through its review."""
    return ReviewPage()
