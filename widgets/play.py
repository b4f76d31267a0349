"""``play(game)``: one composed widget that draws a game against computer players.

The game flow (computer turns, undo, new game, status and result words) is the headless
:class:`tutor.app.session.PlaySession`; this controller fills the traits from it, parses the
browser's messages and has the computer seats paced by :class:`tutor.app.pacing.Pacer`,
redrawing after each action; the options bar is :mod:`widgets.options`, the saved game
:mod:`widgets.saved`. The game object never leaves Python:
the browser gets ``game.observe(seat)`` for the learner's seat (plus presentation state
and the hands a lesson opened on purpose) and sends back small typed messages; each is
checked here (shape, types, card text through :mod:`tutor`'s parsers) and by the session
(turn and legality through the engine's ``why_illegal``) before anything changes. A refused
message only sets an error text shown in the widget.

>>> from tutor import TrixterGame
>>> view = play(TrixterGame.new(players=4, seed=2, first_hand=2), pause=0)
>>> view.table.state["seat"], view.game.to_move in (0, None)
(0, True)
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets

from tutor.app import game_options
from tutor.engine.actions import (Action, Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                           NextHand, NoDouble, NoRedeal, Pass, Play)
from tutor.engine.cards import Card, Suit
from tutor.engine.errors import ParseError
from tutor.engine.i18n import gettext as _
from tutor.app.learners import Learner
from tutor.engine.protocol import Game
from tutor.app.pacing import Pacer, checked_pause
from tutor.app.saved import SavedGame
from tutor.app.session import PlaySession

from widgets import who as learners
from widgets._base import Refused, TableController
from widgets.messages import SCHEMA, read
from widgets.bidding import BidPanel
from widgets.layout import TrexLayout
from widgets.scores import ScoreSheet
from widgets.table import CardTable
from widgets.options import OptionsBar
from widgets.saved import CHOOSE_FIRST, SavedGameOffer

__all__ = ["GameView", "play", "parse_message", "MESSAGE_TYPES", "build_table", "option_control"]

log = logging.getLogger(__name__)

# The table's message types and their fields' kinds (declared in widgets.messages).
MESSAGE_TYPES: dict[str, dict[str, type]] = {
    k: {name: f.kind for name, f in kind.fields.items()}
    for k, kind in SCHEMA["table"].kinds.items()}

_CONTRACT_WORDS = ("king", "queens", "diamonds", "ltoosh", "trex")


def parse_message(content: Any) -> tuple[str, Action | None]:
    """The message type and its action (``None`` for undo/new game); :class:`Refused`
    says what is wrong with the shape of a message. Nothing here looks at the game.

    >>> parse_message({"type": "play", "card": "qs"})
    ('play', Play(card=Card.parse('QS')))
    >>> parse_message({"type": "bid", "n": "2"})
    Traceback (most recent call last):
    ...
    widgets._base.Refused: a bid is a whole number
    """
    kind, _fields = read("table", content)
    try:
        if kind == "play":
            return kind, Play(Card.parse(content["card"]))
        if kind == "double":
            return kind, Double(Card.parse(content["card"]))
        if kind == "trump":
            s = content["suit"]
            return kind, ChooseTrump(None if s.lower() == "none" else Suit.parse(s))
        if kind == "bid":
            return kind, Bid(content["n"])
        if kind == "contract":
            words = content["contract"].lower().split("+")
            if not all(w in _CONTRACT_WORDS for w in words) or len(set(words)) != len(words):
                raise Refused(_("not a contract"))
            return kind, ChooseContract(words)
    except ParseError as e:
        raise Refused(str(e)) from None
    simple = {"no_double": NoDouble(), "redeal": ClaimRedeal(), "no_redeal": NoRedeal(),
              "pass": Pass(), "next": NextHand()}
    return kind, simple.get(kind)


def option_control(option: game_options.Option, value: Any) -> ipywidgets.ValueWidget:
    """The control of one option of a new game (a check box for a switch, else a list),
    showing ``value``: the play pages' options and the tables' use the same."""
    if option.switch:
        return ipywidgets.Checkbox(value=value, indent=False, description=option.label,
                                   tooltip=option.help, layout=ipywidgets.Layout(width="auto"))
    return ipywidgets.Dropdown(options=list(option.choices), value=value,
                               description=option.label, tooltip=option.help,
                               style={"description_width": "initial"},
                               layout=ipywidgets.Layout(width="auto"))


def build_table(view: TableController, four_colour: bool, controls: list[str]) -> None:
    """``view``'s card table, bid panel, Trex rows and score sheet (``view.parts``), each
    sending its messages to ``view``: a play page's, or a seat's at a table of people."""
    view.table = CardTable(four_colour=four_colour, controls=controls)
    view.bids = BidPanel(four_colour=four_colour)
    view.trex = TrexLayout(four_colour=four_colour)
    view.scores = ScoreSheet(four_colour=four_colour)
    view.parts = [view.table, view.bids, view.trex, view.scores]
    for w in view.parts:
        w.on_msg(view._on_msg)


class GameView(OptionsBar, SavedGameOffer, TableController, ipywidgets.VBox):
    """A game at the table: :class:`CardTable`, :class:`BidPanel`, :class:`TrexLayout`
    (Trix only) and :class:`ScoreSheet`, driven by one controller that draws a
    :class:`~tutor.app.session.PlaySession` (``session``).

    ``game`` is the engine object (it never reaches the browser); ``seat`` the learner's.
    ``opponents`` is a bot level for every other seat, or one entry per seat (a level, a
    :class:`~tutor.bots.Bot`, or ``None`` for the learner). ``pause`` is the seconds
    between two computer actions, so each card is seen landing; by default 0.6, or the
    environment's ``TRIX_TUTOR_PAUSE`` (the browser tests and benchmarks set it).
    :attr:`pacer` paces them (:class:`tutor.app.pacing.Pacer`, on ``time``'s clock).
    ``open_hands``: seats whose cards are shown face up (a lesson's choice).
    ``hints``: the table's Hint button, advice for the learner's decision now
    (:meth:`hint`; off in a class set, where everyone plays the same deals unaided);
    ``advisor``: the engine behind it (:func:`tutor.advice.advise` by default).
    ``options``: the play pages' bar under the table: the opponents' level (from their
    next move on), a download of the game record and, once a hand is over, "Review this
    game" (a :class:`~widgets.review.ReviewBoard` of the learner's seat below); and "Game
    options": the players and rules of the next game (:mod:`tutor.app.game_options`), started
    by "New game with these options" (or the table's New game).

    On a play page (:data:`widgets.saved.PLAY_PAGES`, as the browser reports the page) the game in
    progress is saved for the learner as it goes, and a saved one is offered when the page
    opens again (:meth:`resume` or :meth:`start_fresh`); see docs/design-notes.md.
    """

    def __init__(self, game: Game, seat: int = 0, opponents: str | Sequence = "beginner",
                 pause: float | None = None, four_colour: bool = False,
                 open_hands: Iterable[int] = (), options: bool = False,
                 hints: bool = True, advisor: Any = None) -> None:
        self.session = PlaySession(game, seat=seat, opponents=opponents, advisor=advisor)
        self.pause = checked_pause(pause)
        self.pacer = Pacer(clock=time.monotonic, sleep=time.sleep)
        self.opened = sorted({int(s) for s in open_hands if s != seat})
        if any(not 0 <= s < game.n_players for s in self.opened):
            raise ValueError("open_hands names a seat that is not at the table")
        self.hints = bool(hints)
        build_table(self, four_colour, ["undo", "new_game"] + (["hint"] if self.hints else []))
        self.level: ipywidgets.Dropdown | None = None
        self.review_board: Any = None
        self.option_controls: dict[str, ipywidgets.ValueWidget] = {}
        self.chosen: dict[str, Any] = {}  # the next game's options, as the panel shows them
        # The play pages' saved game: whose it is and which page's, once both are known,
        # and the saved game offered until the learner answers (nothing is saved till then).
        self.keeper: Learner | None = None
        self.kind: str | None = None
        self.offered: SavedGame | None = None
        extra = self._options_bar(four_colour, option_control) if options else []
        super().__init__(children=self.parts + extra)
        self.add_class("trix-tutor")
        self.add_class("tt-game")
        self._run_bots(pause=0.0)
        self.refresh()
        if options:  # the browser says who and where in every part's first message
            for w in self.parts:
                w.observe(self._find_home, names=["page"])
            learners.when_known(lambda _learner: self._find_home())

    # --- the session the table draws ----------------------------------------------------
    @property
    def game(self) -> Game:
        """The engine object (it never reaches the browser); a new one after New game."""
        return self.session.game

    @property
    def seat(self) -> int:
        """The learner's seat."""
        return self.session.seat

    @property
    def opponents(self) -> str | Sequence:
        """The computer seats' level (or one entry per seat)."""
        return self.session.opponents

    def _run_bots(self, pause: float | None = None) -> None:
        """Let the computer seats act, paced by :attr:`pacer` (at ``pause``, else
        :attr:`pause`) with a refresh after each action, until the learner is to move or
        nobody is (between hands)."""
        self.pacer.play_turns(self.session, self.pause if pause is None else pause,
                              self.refresh)
        self._update_options()

    # --- messages from the browser (Controller._on_msg brings every part's here) ---
    def handle(self, content: Any, source: Any = None) -> bool:
        """Act on one message (as the browser sends it); True if it was carried out."""
        try:
            kind, action = parse_message(content)
        except Refused as e:
            self._refuse(str(e), source)
            return False
        if kind == "undo":
            return self.undo()
        if kind == "new_game":
            return self.new_game()
        if kind == "keep_playing":
            self.table.question = ""
            return True
        if kind == "resume":
            return self.resume(source)
        if kind == "start_fresh":
            return self.start_fresh(source)
        if kind == "hint":
            return self.hint(source)
        if kind == "here":  # a table of people's beat: this table is the page's own
            return True
        if self._choose_first(source):
            return False
        assert action is not None
        try:
            self.session.act(action)
        except ValueError as e:  # the session's refusal: the rules' reason
            self._refuse(str(e) or _("not an action"), source)
            return False
        self.refresh(clear_errors=True)
        self._run_bots()
        return True

    # --- hints ---------------------------------------------------------------------
    def hint(self, source: Any = None) -> bool:
        """Show the next step of the hint for the learner's decision now
        (:meth:`PlaySession.hint`), below the table: the idea, then the choice and why,
        then the ranked options. "Thinking…" is shown first while the advice is worked
        out (about a second; the later steps show at once). Refused with the reason when
        it is not the learner's turn; nothing changes then. True if a hint is shown."""
        self._clear_errors()  # a refusal below is then always news to the browser
        if not self.hints:
            self._refuse(_("this table gives no hints"), source)
            return False
        if self._choose_first(source):
            return False
        why = self.session.can_hint()
        if why is not None:
            self._refuse(why, source)
            return False
        if not self.session.hint_ready:  # sent now: the browser shows it meanwhile
            self.table.hint = {"thinking": True}
        try:
            self.session.hint()
        except Exception:  # a bug in the engine must not stop the game
            log.exception("the hint failed")
            self.table.hint = {}
            self._refuse(_("no hint this time: it could not be worked out"), source)
            return False
        self.refresh()
        return True

    # --- undo and new game ---------------------------------------------------------
    def undo(self) -> bool:
        """Take back the learner's last action and the computer actions after it."""
        if self._choose_first():
            return False
        try:
            self.session.undo()
        except ValueError as e:  # the game is over (the table's Undo is off too), or
            self._refuse(str(e))  # nothing of the learner's to take back
            return False
        self.refresh(clear_errors=True)
        self._run_bots(pause=0.0)
        return True

    def new_game(self, options: dict[str, Any] | None = None) -> bool:
        """A fresh game with a new seed (:meth:`PlaySession.new_game`): with ``options``,
        else those chosen under the table (the play pages), else the same setup. Junk
        options are refused and change nothing. True if the new game started."""
        if self._choose_first():
            return False
        if options is None and self.option_controls:
            options = self.chosen
        try:
            self.session.new_game(options)
        except game_options.OptionError as e:
            self._refuse(str(e))
            return False
        self.table.question = ""
        self._game_replaced(pause=0.0)
        return True

    def _game_replaced(self, pause: float | None = None) -> None:
        """The session holds another game (a new one, or a saved one resumed): the options
        panel, the review, the table, then the computer seats (at ``pause``)."""
        if self.option_controls:
            self.chosen = self.session.options()
            self._show_choices()
        if self.level is not None:
            self.close_review()
        self.refresh(clear_errors=True)
        self._run_bots(pause=pause)

    # --- what the browser sees ---------------------------------------------------
    def refresh(self, clear_errors: bool = False) -> None:
        """Send the learner's view to every part (only public facts and their own hand),
        each part's changes in one message so the browser redraws once. The game is saved
        first: what the learner sees is on disk if they leave at once (Voila then closes the
        page's kernel)."""
        self._keep()
        with contextlib.ExitStack() as stack:
            for w in self.parts:
                stack.enter_context(w.hold_sync())
            if clear_errors:
                self._clear_errors()
            self._fill()

    def _fill(self) -> None:
        v = self.session.views(self.opened)
        self.table.state = v["table"]
        self.table.open_hands = v["open_hands"]
        self.table.message = self.session.status(v["table"])
        self.bids.state = v["bids"]
        self.trex.state = v["trex"]
        self.trex.layout.display = "" if v["show_trex"] else "none"
        self.scores.state = v["scores"]
        self.table.result = self.session.result(v["table"])
        self.table.no_undo = self.session.can_undo() or ""
        if self.hints:
            self.table.hint = self.session.hint_view()
        if self.offered is not None:
            self.table.message = _(CHOOSE_FIRST)


def play(game: Game, seat: int = 0, opponents: str | Sequence = "beginner",
         pause: float | None = None, four_colour: bool = False,
         open_hands: Iterable[int] = (), options: bool = False,
         hints: bool = True) -> GameView:
    """A playable table for ``game``: the learner sits at ``seat``, computer players take
    the other seats (see :class:`GameView`)."""
    return GameView(game, seat=seat, opponents=opponents, pause=pause,
                    four_colour=four_colour, open_hands=open_hands, options=options,
                    hints=hints)
