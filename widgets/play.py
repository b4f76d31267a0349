"""``play(game)``: one composed widget that draws a game against computer players.

The game flow (computer turns, undo, new game, status and result words) is the headless
:class:`tutor.app.session.PlaySession`; this controller fills the traits from it, parses the
browser's messages and paces the computer seats. The game object never leaves Python:
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

import base64
import contextlib
import datetime
import functools
import html
import logging
import os
import time
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets

from tutor.app import game_options
from tutor.engine.actions import (Action, Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                           NextHand, NoDouble, NoRedeal, Pass, Play)
from tutor.bots import LEVELS
from tutor.engine.cards import Card, Suit
from tutor.engine.errors import ParseError
from tutor.engine.facts import deal_word
from tutor.app.learners import Learner, LearnerError, lesson_of_page
from tutor.engine.protocol import Game, Phase
from tutor.engine.records import finished_record
# The game flow and its words live in the headless session; names kept here for callers.
from tutor.app.session import (LEVEL_NAMES, PlaySession, SavedGame, describe,  # noqa: F401
                           game_result, learner_views, round_kind, round_words, status_text)

from widgets import who as learners
from widgets._base import Refused, TableController
from widgets.messages import SCHEMA, read
from widgets.bidding import BidPanel
from widgets.layout import TrexLayout
from widgets.scores import ScoreSheet
from widgets.table import CardTable
import json
from widgets.review import ReviewBoard

__all__ = ["GameView", "play", "parse_message", "MESSAGE_TYPES", "record_name", "record_link",
           "PLAY_PAGES"]

log = logging.getLogger(__name__)

# The table's message types and their fields' kinds (declared in widgets.messages).
MESSAGE_TYPES: dict[str, dict[str, type]] = {
    k: {name: f.kind for name, f in kind.fields.items()}
    for k, kind in SCHEMA["table"].kinds.items()}

PLAY_PAGES = {"play_trixter.ipynb": "trixter", "play_trix.ipynb": "trix"}
"""The pages whose game is saved for the learner as it goes (one per page), by curriculum
path: the play pages only, not the full-game lessons that use the same table."""

CHOOSE_FIRST = "First choose: resume your saved game, or start a new one."

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
                raise Refused("not a contract")
            return kind, ChooseContract(words)
    except ParseError as e:
        raise Refused(str(e)) from None
    simple = {"no_double": NoDouble(), "redeal": ClaimRedeal(), "no_redeal": NoRedeal(),
              "pass": Pass(), "next": NextHand()}
    return kind, simple.get(kind)


def record_name(game_name: str, today: datetime.date | None = None) -> str:
    """The download file name of a game record.

    >>> record_name("trix", datetime.date(2026, 11, 23))
    'trix-2026-11-23.json'
    """
    return f"{game_name}-{(today or datetime.date.today()).isoformat()}.json"


def record_link(record: dict[str, Any], label: str = "Download game record") -> str:
    """An ``<a download>`` of a game record as a data URL (as the class set page hands
    in results): the file the review page reads. Give it :func:`finished_record`, never
    the live game's record: that holds the hands still being played."""

    name = record_name(record["format"].rsplit("/", 1)[-1])
    text = json.dumps(record, indent=1, ensure_ascii=False)
    data = base64.b64encode(text.encode()).decode()
    return (f'<a class="tt-record-link" download="{html.escape(name)}" '
            f'href="data:application/json;base64,{data}" data-testid="record-download" '
            f'style="font-weight:600;color:#0b57d0">{html.escape(label)}</a>')


def no_record_yet(game: str) -> str:
    """What stands where the record's download will be, before the first hand (or deal)
    is over."""
    return ('<span class="tt-record-link" style="color:#666">The game record can be '
            f'downloaded once a {deal_word(game)} is over.</span>')


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


class GameView(TableController, ipywidgets.VBox):
    """A game at the table: :class:`CardTable`, :class:`BidPanel`, :class:`TrexLayout`
    (Trix only) and :class:`ScoreSheet`, driven by one controller that draws a
    :class:`~tutor.app.session.PlaySession` (``session``).

    ``game`` is the engine object (it never reaches the browser); ``seat`` the learner's.
    ``opponents`` is a bot level for every other seat, or one entry per seat (a level, a
    :class:`~tutor.bots.Bot`, or ``None`` for the learner). ``pause`` is the seconds
    between two computer actions, so each card is seen landing; by default 0.6, or the
    environment's ``TRIX_TUTOR_PAUSE`` (the browser tests and benchmarks set it).
    ``open_hands``: seats whose cards are shown face up (a lesson's choice).
    ``hints``: the table's Hint button, advice for the learner's decision now
    (:meth:`hint`; off in a class set, where everyone plays the same deals unaided);
    ``advisor``: the engine behind it (:func:`tutor.advice.advise` by default).
    ``options``: the play pages' bar under the table: the opponents' level (from their
    next move on), a download of the game record and, once a hand is over, "Review this
    game" (a :class:`~widgets.review.ReviewBoard` of the learner's seat below); and "Game
    options": the players and rules of the next game (:mod:`tutor.app.game_options`), started
    by "New game with these options" (or the table's New game).

    On a play page (:data:`PLAY_PAGES`, as the browser reports the page) the game in
    progress is saved for the learner as it goes, and a saved one is offered when the page
    opens again (:meth:`resume` or :meth:`start_fresh`); see docs/design-notes.md.
    """

    def __init__(self, game: Game, seat: int = 0, opponents: str | Sequence = "beginner",
                 pause: float | None = None, four_colour: bool = False,
                 open_hands: Iterable[int] = (), options: bool = False,
                 hints: bool = True, advisor: Any = None) -> None:
        if pause is None:
            pause = default_pause()
        self.session = PlaySession(game, seat=seat, opponents=opponents, advisor=advisor)
        if isinstance(pause, bool) or not isinstance(pause, (int, float)) or not 0 <= pause <= 10:
            raise ValueError("pause is a number of seconds from 0 to 10")
        self.pause = float(pause)
        self._thoughts: list[float] = []  # the computer seats' recent thinking times
        # A weighed double or claim, by contract and level (see _pace).
        self._round_costs: dict[tuple, float] = {}
        self.opened = sorted({int(s) for s in open_hands if s != seat})
        if any(not 0 <= s < game.n_players for s in self.opened):
            raise ValueError("open_hands names a seat that is not at the table")
        self.hints = bool(hints)
        self.table = CardTable(four_colour=four_colour, controls=["undo", "new_game"]
                               + (["hint"] if self.hints else []))
        self.bids = BidPanel(four_colour=four_colour)
        self.trex = TrexLayout(four_colour=four_colour)
        self.scores = ScoreSheet(four_colour=four_colour)
        self.parts = [self.table, self.bids, self.trex, self.scores]
        for w in self.parts:
            w.on_msg(self._on_msg)
        self.level: ipywidgets.Dropdown | None = None
        self.review_board: Any = None
        self.option_controls: dict[str, ipywidgets.ValueWidget] = {}
        self.chosen: dict[str, Any] = {}  # the next game's options, as the panel shows them
        # The play pages' saved game: whose it is and which page's, once both are known,
        # and the saved game offered until the learner answers (nothing is saved till then).
        self.keeper: Learner | None = None
        self.kind: str | None = None
        self.offered: SavedGame | None = None
        extra = self._options_bar(four_colour) if options else []
        super().__init__(children=self.parts + extra)
        self.add_class("trix-tutor")
        self.add_class("tt-game")
        self._run_bots(pause=0.0)
        self.refresh()
        if options:  # the browser says who and where in every part's first message
            for w in self.parts:
                w.observe(self._find_home, names=["page"])
            learners.when_known(lambda _learner: self._find_home())

    # --- the play pages' options ------------------------------------------------------------
    def _options_bar(self, four_colour: bool) -> list[ipywidgets.Widget]:
        current = self.opponents if isinstance(self.opponents, str) else "beginner"
        levels = list(LEVELS) if current in LEVELS else list(LEVELS) + [current]
        self.level = ipywidgets.Dropdown(
            options=[(LEVEL_NAMES.get(lv, lv), lv) for lv in levels], value=current,
            description="Opponents", layout=ipywidgets.Layout(width="260px"))
        self._quiet_level = False  # set while the level follows a resumed game's
        self.level.observe(lambda c: self._quiet_level or self.set_level(c["new"]),
                           names="value")
        level_note = ipywidgets.HTML('<span style="color:#555;font-size:13px">(from their '
                                     "next move)</span>")
        self.download = ipywidgets.HTML()
        self.review_button = ipywidgets.Button(description="Review this game", icon="search",
                                               disabled=True,
                                               tooltip="see where you lost points, move "
                                                       "by move (after a "
                                                       f"{deal_word(self.session.game_name)} "
                                                       "is over)",
                                               layout=ipywidgets.Layout(width="auto"))
        self.review_button.on_click(lambda _b: self.open_review())
        self.review_area = ipywidgets.VBox()
        self._four_colour = four_colour
        self.options_button = ipywidgets.ToggleButton(
            description="Game options", icon="cog", tooltip="players and rules for a new game",
            layout=ipywidgets.Layout(width="auto"))
        panel = self._options_panel()
        self.options_button.observe(
            lambda c: setattr(panel.layout, "display", "" if c["new"] else "none"), names="value")
        bar = ipywidgets.HBox([self.level, level_note, self.download, self.review_button,
                               self.options_button],
                              layout=ipywidgets.Layout(flex_flow="row wrap",
                                                       align_items="center",
                                                       justify_content="center",
                                                       grid_gap="2px 14px", max_width="720px",
                                                       margin="4px auto"))
        bar.add_class("tt-options")
        return [bar, panel, self.review_area]

    def _options_panel(self) -> ipywidgets.VBox:
        """The next game's options (from :func:`tutor.app.game_options.options_for`), hidden
        until "Game options" is pressed."""
        self.chosen = self.session.options()
        for option in game_options.options_for(self.session.game_name, self.chosen):
            control = option_control(option, self.chosen[option.name])
            control.observe(functools.partial(self._on_choice, option.name), names="value")
            self.option_controls[option.name] = control
        self.next_game = ipywidgets.HTML()
        start = ipywidgets.Button(description="New game with these options", icon="play",
                                  button_style="primary", layout=ipywidgets.Layout(width="auto"))
        start.on_click(lambda _b: self.ask_new_game())
        self._syncing = False
        self._show_choices()
        grid = ipywidgets.HBox(list(self.option_controls.values()),
                               layout=ipywidgets.Layout(flex_flow="row wrap", grid_gap="4px 16px",
                                                        align_items="center"))
        panel = ipywidgets.VBox([grid, self.next_game, start], layout=ipywidgets.Layout(
            display="none", max_width="720px", margin="0 auto 6px", padding="6px 10px",
            border="1px solid #ccc", align_items="flex-start"))
        panel.add_class("tt-game-options")
        return panel

    def _on_choice(self, name: str, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.choose(**{name: change["new"]})

    def choose(self, **values: Any) -> bool:
        """Choose options for the next game (names and values of
        :func:`tutor.app.game_options.options_for`); the running game goes on. A junk choice is
        refused with the reason and changes nothing. True if taken."""
        try:
            self.chosen = game_options.check(self.session.game_name, values, base=self.chosen)
        except game_options.OptionError as e:
            self._refuse(str(e))
            self._show_choices()  # the panel back to what is chosen
            return False
        self._show_choices()
        return True

    def _show_choices(self) -> None:
        """The panel shows :attr:`chosen` (Trixter's first hands for the players chosen)
        and the line the next game's table will show."""
        self._syncing = True
        try:
            for option in game_options.options_for(self.session.game_name, self.chosen):
                control = self.option_controls[option.name]
                if not option.switch and list(control.options) != list(option.choices):
                    control.options = list(option.choices)
                control.value = self.chosen[option.name]
        finally:
            self._syncing = False
        same = self.chosen == self.session.options()
        words = html.escape(game_options.preview(self.session.game_name, self.chosen,
                                                 base=self.game))
        self.next_game.value = (
            f'<span style="font-size:13px"><b>Next game:</b> {words}'
            f'{" (as this one)" if same else ""}</span>')

    def ask_new_game(self) -> bool:
        """"New game with these options": started at once if nothing would be lost (the
        game is over, or the learner has not acted yet), else the table asks first, as
        its own New game does. True if the new game started."""
        if self.game.is_over or not self.session.learner_has_acted:
            return self.new_game()
        words = game_options.preview(self.session.game_name, self.chosen, base=self.game)
        self.table.question = f"Start a new game ({words})? This game will be lost."
        return False

    def set_level(self, level: str) -> None:
        """Every computer seat plays at ``level`` (one of :data:`tutor.bots.LEVELS`) from
        its next move on."""
        self.session.set_level(level)
        if self.level is not None and self.level.value != level:
            self.level.value = level
        self.refresh()

    def _update_options(self) -> None:
        """The download link and the review button, at the moments the learner may use
        them (not after every computer card)."""
        if self.level is None:
            return
        rec = finished_record(self.game)  # never the hand in play: its cards are hidden
        self.download.value = no_record_yet(self.session.game_name) if rec is None \
            else record_link(rec)
        ready = rec is not None
        self.review_button.disabled = not ready
        self.review_button.description = "Review this game" if self.game.is_over or not ready \
            else "Review the game so far"

    def open_review(self) -> Any:
        """A :class:`~widgets.review.ReviewBoard` of the finished hands for the learner's
        seat, below the table (the review runs in the background)."""

        rec = finished_record(self.game)
        if rec is None:
            self._refuse(f"finish a {deal_word(self.session.game_name)} first: then it can "
                         "be reviewed")
            return None
        if self.review_board is not None:
            self.review_board.stop()
        self.review_board = ReviewBoard(rec, seat=self.seat, four_colour=self._four_colour)
        close = ipywidgets.Button(description="Close the review", icon="times",
                                  layout=ipywidgets.Layout(width="auto"))
        close.on_click(lambda _b: self.close_review())
        self.review_area.children = [self.review_board, close]
        return self.review_board

    def close_review(self) -> None:
        """Take the review away (and stop it if it is still running)."""
        if self.review_board is not None:
            self.review_board.stop()
        self.review_board = None
        self.review_area.children = []

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
        """Let the computer seats act, one action at a time with a refresh after each,
        until the learner is to move or nobody is (between hands)."""
        pause = self.pause if pause is None else pause
        for _ in range(10_000):
            if self.session.computer_to_move is None:
                break
            in_round = self.game.phase == Phase.DOUBLE
            if in_round and pause > 0 and self._round_key() not in self._round_costs:
                self._round_costs[self._round_key()] = self.session.rehearse_round(
                    time.monotonic)
            started = time.monotonic()
            move = self.session.think()
            # The bot thinks during the pause, not before it: a seat takes the same time
            # whether it had a choice to weigh or not. Where thinking outlasts the pause (a
            # slow machine, the browser-only site), the pace is the slowest recent thought,
            # so a forced move waits as long as a weighed one.
            took = time.monotonic() - started
            rest = self._pace(pause, took, in_round) - took
            if rest > 0:
                time.sleep(rest)
            self.session.carry_out(move)
            self.refresh()
        self._update_options()

    def _round_key(self) -> tuple:
        """The round's contract and the bots' level: what a weighed choice's cost is for."""
        return (self.game.contract, str(self.session.opponents))  # type: ignore[attr-defined]

    def _pace(self, pause: float, took: float, in_round: bool = False) -> float:
        """Seconds a computer action takes on screen: ``pause``, or the slowest of the last
        :data:`PACE_WINDOW` thoughts if longer (at most :data:`PACE_CAP`). No pause, no
        padding: tests and instant replays run at full speed.

        In Trix's round of doubles and claims every seat visited takes the same time, held
        or not (RULES.md A5): ``pause``, or :data:`ROUND_MARGIN` times a weighed choice
        rehearsed on a fixed deal before the first round's first computer action (so even
        that round's first seat waits as long as a holder would think), kept apart from the
        card play's window."""
        if pause <= 0:
            return 0.0
        if in_round:
            key = self._round_key()
            held = max(pause, min(PACE_CAP, ROUND_MARGIN * self._round_costs.get(key, 0.0)))
            # Within the head room the pace stays put: raised by a holder's thought, it
            # would tell the seats after it. Only a thought past it (seen anyway) raises
            # the rehearsed cost, for the rounds to come.
            if took > held:
                self._round_costs[key] = took
            return max(held, took)
        recent = self._thoughts
        recent.append(took)
        del recent[:-PACE_WINDOW]
        return max(pause, min(PACE_CAP, max(recent)))

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
        if self._choose_first(source):
            return False
        assert action is not None
        try:
            self.session.act(action)
        except ValueError as e:  # the session's refusal: the rules' reason
            self._refuse(str(e) or "not an action", source)
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
            self._refuse("this table gives no hints", source)
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
            self._refuse("no hint this time: it could not be worked out", source)
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
            self.table.message = CHOOSE_FIRST

    # --- the play pages' game in progress, saved as it goes ------------------------------
    def _find_home(self, change: Any = None) -> None:
        """Once the learner and the page are both known: on a play page of this game, offer
        the learner's saved game, and save this one as it goes from then on."""
        if self.keeper is not None:
            return
        learner = learners.current()
        page = next((w.page for w in self.parts if w.page), "")
        kind = PLAY_PAGES.get(lesson_of_page(page) or "")
        if learner is None or kind != self.session.game_name:
            return
        self.keeper, self.kind = learner, kind
        try:
            self._offer_saved()
        except Exception:  # pragma: no cover - a bug here must not stop the game
            log.exception("the saved game could not be offered")
            self.offered = None
            self.table.offer = {}

    def _offer_saved(self) -> None:
        assert self.keeper is not None and self.kind is not None
        text = self.keeper.saved_game(self.kind)
        if text is None:
            self.refresh()
            return
        try:
            saved = SavedGame.read(text, self.kind)
        except Exception as e:  # noqa: BLE001 - whatever is wrong, it cannot be resumed
            log.warning("saved %s game set aside: %s", self.kind, e)
            # Dropped: it cannot be resumed, and a progress file holding it would not load.
            self.keeper.drop_game(self.kind)
            self.session.note = "Your saved game could not be read (the file is damaged)."
            self.refresh()
            return
        if saved.game.is_over:  # nothing left to play
            self.keeper.drop_game(self.kind)
            self.refresh()
            return
        self.offered = saved
        self.table.offer = saved.offer()
        self.refresh()

    def _keep(self) -> None:
        """Save the game for its learner after a change (a play page, no offer waiting):
        dropped once over, or while it holds nothing of the learner's to lose."""
        if self.keeper is None or self.kind is None or self.offered is not None:
            return
        try:
            if self.game.is_over or not self.session.learner_has_acted:
                self.keeper.drop_game(self.kind)
            else:
                self.keeper.save_game(self.kind, self.session.saved_record())
        except (OSError, LearnerError) as e:  # a full disk must not stop the game
            log.warning("the game in progress was not saved: %s", e)

    def _choose_first(self, source: Any = None) -> bool:
        """While a saved game is offered, only the offer's answers act."""
        if self.offered is None:
            return False
        self._refuse(CHOOSE_FIRST, source)
        return True

    def resume(self, source: Any = None) -> bool:
        """The answer "Resume it": the saved game replaces the one on the table, at the
        decision where it was left; the computer seats play on. True if resumed."""
        if self.offered is None:
            self._refuse("there is no saved game to resume", source)
            return False
        saved = self.offered
        try:
            self.session.resume(saved)
        except ValueError as e:  # pragma: no cover - read() already checked it
            self._refuse(str(e), source)
            return False
        self.offered = None
        self.table.offer = {}
        self.table.question = ""
        if self.level is not None and isinstance(self.opponents, str) \
                and self.level.value != self.opponents:
            self._quiet_level = True
            try:
                self.level.value = self.opponents
            finally:
                self._quiet_level = False
        self._game_replaced()
        return True

    def start_fresh(self, source: Any = None) -> bool:
        """The answer "Start a new game": the saved game is dropped and the game on the
        table goes on (saved from the learner's first action). True if done."""
        if self.offered is None or self.keeper is None or self.kind is None:
            self._refuse("there is no saved game to set aside", source)
            return False
        self.offered = None
        self.table.offer = {}
        self.keeper.drop_game(self.kind)
        self.session.note = "A new game; the saved one is gone."
        self.refresh(clear_errors=True)
        return True


PACE_WINDOW = 12
"""Computer thoughts the pace remembers: enough to cover a round of every seat, few enough
to speed up as the hands shrink."""

PACE_CAP = 4.0
"""The longest a computer action may take on screen, whatever a slow thought took."""

ROUND_MARGIN = 1.5
"""Head room over the rehearsed thought in the round of doubles, so a holder that thinks a
little slower than the rehearsal (a busy machine) still takes no longer than the others."""


def default_pause() -> float:
    """Seconds between two computer actions: ``TRIX_TUTOR_PAUSE``, else 0.6 (every table
    that paces the computer seats: games, puzzles, the rush)."""
    try:
        return float(os.environ.get("TRIX_TUTOR_PAUSE", "0.6"))
    except ValueError:
        return 0.6


def play(game: Game, seat: int = 0, opponents: str | Sequence = "beginner",
         pause: float | None = None, four_colour: bool = False,
         open_hands: Iterable[int] = (), options: bool = False,
         hints: bool = True) -> GameView:
    """A playable table for ``game``: the learner sits at ``seat``, computer players take
    the other seats (see :class:`GameView`)."""
    return GameView(game, seat=seat, opponents=opponents, pause=pause,
                    four_colour=four_colour, open_hands=open_hands, options=options,
                    hints=hints)
