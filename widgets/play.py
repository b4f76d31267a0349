"""``play(game)``: one composed widget that runs a game against computer players.

The controller is the only place where the game object lives. The browser gets
``game.observe(seat)`` for the learner's seat (plus presentation state and the hands a
lesson opened on purpose) and sends back small typed messages; each is checked here
(shape, types, card text through :mod:`tutor`'s parsers, turn and legality through the
engine's ``why_illegal``) before anything changes. A refused message only sets an error
text shown in the widget.

>>> from tutor import TrixterGame
>>> view = play(TrixterGame.new(players=4, seed=2, first_hand=2), pause=0)
>>> view.table.state["seat"], view.game.to_move in (0, None)
(0, True)
"""

from __future__ import annotations

import base64
import contextlib
import datetime
import html
import logging
import os
import random
import time
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets

from tutor.actions import (Action, Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                           NextHand, NoDouble, NoRedeal, Pass, Play)
from tutor.bots import LEVELS, Bot, RandomBot, bot_for
from tutor.cards import Card, Suit
from tutor.errors import ParseError
from tutor.facts import view_facts
from tutor.protocol import Game, Phase
from tutor.seats import direction

from ._base import Controller, Refused
from .bidding import BidPanel
from .layout import TrexLayout
from .scores import ScoreSheet
from .table import CardTable

__all__ = ["GameView", "play", "learner_views", "parse_message", "MESSAGE_TYPES",
           "record_name", "record_link", "finished_record", "LEVEL_NAMES", "game_result"]

log = logging.getLogger(__name__)

MAX_TEXT = 32
"""Longest text field a message may carry (a card, a suit, a contract list)."""

# Each message type and the fields it must have (and no others), with their kinds.
MESSAGE_TYPES: dict[str, dict[str, type]] = {
    "play": {"card": str},
    "trump": {"suit": str},
    "bid": {"n": int},
    "contract": {"contract": str},
    "double": {"card": str},
    "no_double": {},
    "redeal": {},
    "no_redeal": {},
    "pass": {},
    "next": {},
    "undo": {},
    "new_game": {},
}

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
    if not isinstance(content, dict):
        raise Refused("not a message")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        raise Refused("unknown request")
    fields = MESSAGE_TYPES[kind]
    extra = set(content) - set(fields) - {"type"}
    if extra:
        raise Refused("unexpected fields in the request")
    for name, want in fields.items():
        value = content.get(name)
        if want is int:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
                raise Refused("a bid is a whole number")
        elif not isinstance(value, str) or not value or len(value) > MAX_TEXT:
            raise Refused(f"the request needs a short text {name!r}")
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


LEVEL_NAMES = {"random": "Random (any legal move)", "beginner": "Beginner",
               "intermediate": "Intermediate", "expert": "Expert"}
"""How the opponents' levels read in the level choice (a level not named here shows as
it is spelt in :data:`tutor.bots.LEVELS`)."""


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
    import json

    name = record_name(record["format"].rsplit("/", 1)[-1])
    text = json.dumps(record, indent=1, ensure_ascii=False)
    data = base64.b64encode(text.encode()).decode()
    return (f'<a class="tt-record-link" download="{html.escape(name)}" '
            f'href="data:application/json;base64,{data}" data-testid="record-download" '
            f'style="font-weight:600;color:#0b57d0">{html.escape(label)}</a>')


NO_RECORD_YET = ('<span class="tt-record-link" style="color:#666">The game record can be '
                 'downloaded once a hand is over.</span>')


def finished_record(game: Game) -> dict[str, Any] | None:
    """The record of ``game`` up to the end of its last finished hand (or deal): all of
    it once a hand is over, ``None`` before the first hand ends. A hand in progress is
    left out, its deal too."""
    from tutor.records import from_record

    rec = game.to_record()
    if game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        ends = [i for i, (_s, text) in enumerate(rec["actions"]) if text == "next"]
        if not ends:
            return None
        rec["actions"] = rec["actions"][:ends[-1]]
    if not rec["actions"]:
        return None
    rec["deals"] = rec["deals"][:len(from_record(rec).deals)]
    return rec


class GameView(Controller, ipywidgets.VBox):
    """A game at the table: :class:`CardTable`, :class:`BidPanel`, :class:`TrexLayout`
    (Trix only) and :class:`ScoreSheet`, driven by one controller.

    ``game`` is the engine object (it never reaches the browser); ``seat`` the learner's.
    ``opponents`` is a bot level for every other seat, or one entry per seat (a level, a
    :class:`~tutor.bots.Bot`, or ``None`` for the learner). ``pause`` is the seconds
    between two computer actions, so each card is seen landing; by default 0.6, or the
    environment's ``TRIX_TUTOR_PAUSE`` (the browser tests and benchmarks set it).
    ``open_hands``: seats whose cards are shown face up (a lesson's choice).
    ``options``: the play pages' bar under the table: the opponents' level (from their
    next move on), a download of the game record and, once a hand is over, "Review this
    game" (a :class:`~widgets.review.ReviewBoard` of the learner's seat below).
    """

    def __init__(self, game: Game, seat: int = 0, opponents: str | Sequence = "beginner",
                 pause: float | None = None, four_colour: bool = False,
                 open_hands: Iterable[int] = (), options: bool = False) -> None:
        if pause is None:
            pause = _default_pause()
        if not isinstance(game, Game):
            raise TypeError("play() needs a TrixterGame or a TrixGame")
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < game.n_players:
            raise ValueError(f"seat must be 0..{game.n_players - 1}")
        if isinstance(pause, bool) or not isinstance(pause, (int, float)) or not 0 <= pause <= 10:
            raise ValueError("pause is a number of seconds from 0 to 10")
        self.game = game
        self.seat = seat
        self.pause = float(pause)
        self.game_name = game.observe(seat)["game"]
        self.opened = sorted({int(s) for s in open_hands if s != seat})
        if any(not 0 <= s < game.n_players for s in self.opened):
            raise ValueError("open_hands names a seat that is not at the table")
        self.opponents = opponents
        self._rng = random.Random(f"{game.seed}/new games")
        self._bots: dict[int, Bot] = {}
        self._note = ""  # what the last computer player did, for the message line
        self._setup_bots(opponents)
        self.table = CardTable(four_colour=four_colour, controls=["undo", "new_game"])
        self.bids = BidPanel(four_colour=four_colour)
        self.trex = TrexLayout(four_colour=four_colour)
        self.scores = ScoreSheet(four_colour=four_colour)
        self.parts = [self.table, self.bids, self.trex, self.scores]
        for w in self.parts:
            w.on_msg(self._on_msg)
        self.level: ipywidgets.Dropdown | None = None
        self.review_board: Any = None
        extra = self._options_bar(four_colour) if options else []
        super().__init__(children=self.parts + extra)
        self.add_class("trix-tutor")
        self.add_class("tt-game")
        self._run_bots(pause=0.0)
        self.refresh()

    # --- the play pages' options ------------------------------------------------------------
    def _options_bar(self, four_colour: bool) -> list[ipywidgets.Widget]:
        current = self.opponents if isinstance(self.opponents, str) else "beginner"
        levels = list(LEVELS) if current in LEVELS else list(LEVELS) + [current]
        self.level = ipywidgets.Dropdown(
            options=[(LEVEL_NAMES.get(lv, lv), lv) for lv in levels], value=current,
            description="Opponents", layout=ipywidgets.Layout(width="260px"))
        self.level.observe(lambda c: self.set_level(c["new"]), names="value")
        level_note = ipywidgets.HTML('<span style="color:#555;font-size:13px">(from their '
                                     "next move)</span>")
        self.download = ipywidgets.HTML()
        self.review_button = ipywidgets.Button(description="Review this game", icon="search",
                                               disabled=True,
                                               tooltip="see where you lost points, move "
                                                       "by move (after a hand is over)",
                                               layout=ipywidgets.Layout(width="auto"))
        self.review_button.on_click(lambda _b: self.open_review())
        self.review_area = ipywidgets.VBox()
        self._four_colour = four_colour
        bar = ipywidgets.HBox([self.level, level_note, self.download, self.review_button],
                              layout=ipywidgets.Layout(flex_flow="row wrap",
                                                       align_items="center",
                                                       justify_content="center",
                                                       grid_gap="2px 14px", max_width="720px",
                                                       margin="4px auto"))
        bar.add_class("tt-options")
        return [bar, self.review_area]

    def set_level(self, level: str) -> None:
        """Every computer seat plays at ``level`` (one of :data:`tutor.bots.LEVELS`) from
        its next move on."""
        if level not in LEVELS:
            raise ValueError(f"no bot level {level!r}: choose one of {', '.join(LEVELS)}")
        self.opponents = level
        self._setup_bots(level)
        if self.level is not None and self.level.value != level:
            self.level.value = level
        who = LEVEL_NAMES.get(level, level)
        self._note = f"The computer players now play at the level {who}."
        self.refresh()

    def _update_options(self) -> None:
        """The download link and the review button, at the moments the learner may use
        them (not after every computer card)."""
        if self.level is None:
            return
        rec = finished_record(self.game)  # never the hand in play: its cards are hidden
        self.download.value = NO_RECORD_YET if rec is None else record_link(rec)
        ready = rec is not None
        self.review_button.disabled = not ready
        self.review_button.description = "Review this game" if self.game.is_over or not ready \
            else "Review the game so far"

    def open_review(self) -> Any:
        """A :class:`~widgets.review.ReviewBoard` of the finished hands for the learner's
        seat, below the table (the review runs in the background)."""
        from .review import ReviewBoard

        rec = finished_record(self.game)
        if rec is None:
            self._refuse("finish a hand first: then it can be reviewed")
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

    # --- players -------------------------------------------------------------
    def _setup_bots(self, opponents: str | Sequence) -> None:
        n = self.game.n_players
        if isinstance(opponents, str):
            levels: list[Any] = [opponents] * n
        else:
            levels = list(opponents)
            if len(levels) != n:
                raise ValueError(f"give one opponent per seat ({n}), None for the learner")
        self._bots = {}
        for s in range(n):
            if s == self.seat:
                continue
            level = levels[s]
            if isinstance(level, Bot):
                self._bots[s] = level
            elif isinstance(level, str):
                self._bots[s] = bot_for(self.game_name, level, seed=self._bot_seed(s))
            else:
                raise ValueError(f"seat {s} needs a bot level or a Bot, not {level!r}")

    def _bot_seed(self, s: int) -> int:
        return random.Random(f"{self.game.seed}/bot {s}").randrange(2**32)

    def _bot(self, s: int) -> Bot:
        if s not in self._bots:  # a seat that joined later
            level = self.opponents if isinstance(self.opponents, str) else "beginner"
            self._bots[s] = bot_for(self.game_name, level, seed=self._bot_seed(s))
        return self._bots[s]

    def _run_bots(self, pause: float | None = None) -> None:
        """Let the computer seats act, one action at a time, until the learner is to move
        or nobody is (between hands)."""
        pause = self.pause if pause is None else pause
        for _ in range(10_000):
            mover = self.game.to_move
            if mover is None or mover == self.seat:
                self._update_options()
                return
            trex = self.game.phase == Phase.TREX
            started = time.monotonic()
            action = self._bot_choice(mover)
            # The bot thinks during the pause, not before it: a seat takes the same time
            # whether it had a choice to weigh (a K♥ to double) or not (RULES.md A5).
            rest = pause - (time.monotonic() - started)
            if rest > 0:
                time.sleep(rest)
            self.game.apply(action, mover)
            self._note = describe(self.game.observe(self.seat)["players"][mover], action, trex)
            self.refresh()

    def _bot_choice(self, mover: int) -> Action:
        """What the computer seat ``mover`` does now, from its own observation; a random
        legal action if its bot fails (a bot's mistake must not freeze the table)."""
        obs = self.game.observe(mover)
        try:
            action = self._bot(mover).act(obs)
            why = self.game.why_illegal(action, seat=mover)
            if why is not None:
                raise ValueError(f"illegal action {action}: {why}")
            return action
        except Exception:
            log.exception("bot for seat %s failed; playing a random legal action", mover)
            return RandomBot(self._bot_seed(mover)).act(obs)

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
            self.new_game()
            return True
        assert action is not None
        try:
            why = self.game.why_illegal(action, seat=self.seat)
        except (ParseError, TypeError, ValueError) as e:
            why = str(e) or "not an action"
        if why is not None:
            self._refuse(why, source)
            return False
        self.game.apply(action, seat=self.seat)
        self._note = ""
        self.refresh(clear_errors=True)
        self._run_bots()
        return True

    def _refuse(self, why: str, source: Any = None) -> None:
        why = why if len(why) <= 200 else why[:197] + "..."
        self.table.error = why
        if source is not None and source is not self.table and hasattr(source, "error"):
            source.error = why

    def _clear_errors(self) -> None:
        for w in self.parts:
            w.error = ""

    # --- undo and new game ---------------------------------------------------------
    def undo(self) -> bool:
        """Take back the learner's last action and the computer actions after it."""
        if self.game.is_over:  # the table's Undo is off too: the result stands
            self._refuse("the game is over: start a new game")
            return False
        hist = self.game.history
        mine = [i for i, (s, a) in enumerate(hist) if s == self.seat
                and not isinstance(a, NextHand)]
        if not mine:
            self._refuse("nothing of yours to take back yet")
            return False
        target = mine[-1]
        while len(self.game.history) > target:
            self.game.undo()
        self._note = "Taken back."
        self.refresh(clear_errors=True)
        self._run_bots(pause=0.0)
        return True

    def new_game(self) -> None:
        """A fresh game with the same setup (game, players, rules) and a new seed."""
        g = self.game
        seed = self._rng.randrange(2**32)
        if self.game_name == "trixter":
            setup = g.to_record()["setup"]
            self.game = type(g).new(players=len(setup["players"]), seed=seed, rules=g.rules,
                                    names=setup["players"],
                                    first_hand=setup.get("first_hand", 1))
        else:
            self.game = type(g).new(seed=seed, rules=g.rules, names=list(g.names))
        self._setup_bots(self.opponents)
        if self.level is not None:
            self.close_review()
        self._note = "A new game."
        self.refresh(clear_errors=True)
        self._run_bots(pause=0.0)

    # --- what the browser sees ---------------------------------------------------
    def refresh(self, clear_errors: bool = False) -> None:
        """Send the learner's view to every part (only public facts and their own hand),
        each part's changes in one message so the browser redraws once."""
        with contextlib.ExitStack() as stack:
            for w in self.parts:
                stack.enter_context(w.hold_sync())
            if clear_errors:
                self._clear_errors()
            self._fill()

    def _fill(self) -> None:
        v = learner_views(self.game, self.seat, self.opened)
        self.table.state = v["table"]
        self.table.open_hands = v["open_hands"]
        status = status_text(v["table"])
        self.table.message = f"{self._note} {status}" if self._note else status
        self.bids.state = v["bids"]
        self.trex.state = v["trex"]
        self.trex.layout.display = "" if v["show_trex"] else "none"
        self.scores.state = v["scores"]
        self.table.result = game_result(v["table"])


def learner_views(game: Game, seat: int, opened: Iterable[int] = ()) -> dict[str, Any]:
    """What each widget may show the learner at ``seat``: built from ``game.observe(seat)``,
    the public score sheet, and the hands of the ``opened`` seats only. Every controller
    (this one, a puzzle board) fills its widgets from here, so no other path reaches them.

    >>> from tutor import TrixGame
    >>> v = learner_views(TrixGame.new(seed=1), seat=2)
    >>> sorted(v), v["table"]["seat"], v["open_hands"], v["show_trex"]
    (['bids', 'open_hands', 'scores', 'show_trex', 'table', 'trex'], 2, {}, False)
    """
    obs = game.observe(seat)
    trix = obs["game"] == "trix"
    view = dict(obs)
    view["direction"] = direction(obs["game"])
    view["facts"] = view_facts(obs)  # the words under each seat's name (tutor.facts)
    if trix:  # the round's words, from the contract only (never from whose cards allow what)
        view["round"] = round_words(obs) if obs["phase"] == Phase.DOUBLE.value else None
    return {
        "table": view,
        "open_hands": {str(s): game.observe(s)["hand"] for s in opened
                       if s != seat and 0 <= s < game.n_players},
        "bids": view,
        "trex": {k: obs.get(k) for k in ("game", "seat", "players", "phase", "to_move",
                                         "layout", "out", "passes", "owner", "contract")},
        "show_trex": trix and "trex" in obs["contract"],
        "scores": {"game": obs["game"], "seat": seat, "players": obs["players"],
                   "rows": game.score_sheet(), "scores": obs["scores"],
                   "team_scores": obs.get("team_scores"), "phase": obs["phase"]},
    }


def describe(who: str, action: Action, trex: bool = False) -> str:
    """What a computer player just did, in words (only public facts: the action itself).

    >>> describe("Player 2", Play(Card.parse("TH")))
    'Player 2 played 10♥.'
    """
    if isinstance(action, Play):
        return f"{who} {'laid' if trex else 'played'} {action.card.symbol()}."
    if isinstance(action, Bid):
        return f"{who} bid {action.n}."
    if isinstance(action, ChooseTrump):
        suit = action.suit
        return f"{who} named trump: {suit.symbol + ' ' + suit.name.lower() if suit else 'none'}."
    if isinstance(action, ChooseContract):
        return f"{who} chose {' + '.join(c.title for c in sorted(action.contracts))}."
    if isinstance(action, Double):
        return f"{who} doubled {action.card.symbol()}."
    # Every player says one of these in turn (RULES.md A5): the words tell nothing of
    # whether the player could have doubled or claimed.
    if isinstance(action, NoDouble):
        return f"{who} said “no double”."
    if isinstance(action, NoRedeal):
        return f"{who} said “no redeal”."
    if isinstance(action, ClaimRedeal):
        return f"{who} claimed a redeal."
    if isinstance(action, Pass):
        return f"{who} passed: no card fitted."
    return f"{who}: {action}."


PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def _points(n: int) -> str:
    return f"{n} point{'' if abs(n) == 1 else 's'}"


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def game_result(obs: dict[str, Any]) -> dict[str, Any]:
    """The end of the game in words, for the table's result panel: ``title`` (who won),
    ``rows`` (each player, or each team in partnership, best first: ``place``, ``name``,
    ``score``, ``me``) and ``words`` (the learner's place and by how much). Empty before
    the end. Players level on points share a place. The highest total wins, the lowest
    with Trix's ``reversed_signs`` (RULES.md A3).

    >>> r = game_result({"phase": "game_over", "seat": 0, "game": "trixter",
    ...                  "players": ["Ana", "Bo", "Cy"], "scores": [30, 42, 30]})
    >>> r["title"], [(x["place"], x["name"], x["score"]) for x in r["rows"]]
    ('Bo won.', [('1st', 'Bo', 42), ('2nd', 'You', 30), ('2nd', 'Cy', 30)])
    >>> r["words"]
    ['You finished joint 2nd of 3 with Cy, 12 points behind Bo.']
    """
    if obs.get("phase") != Phase.GAME_OVER.value:
        return {}
    seat, players = obs["seat"], obs["players"]
    low_wins = bool((obs.get("rules") or {}).get("reversed_signs"))
    if obs.get("team_scores"):  # Trix in partnership: seats 0 and 2 against 1 and 3
        teams = obs["team_scores"]
        mine = seat % 2
        names = [_and(["you" if s == seat else players[s] for s in range(t, len(players), 2)])
                 for t in (0, 1)]
        entries = [(teams[t], t == mine, f"Your team ({names[t]})" if t == mine
                    else names[t]) for t in (0, 1)]
    else:
        entries = [(v, s == seat, "You" if s == seat else players[s])
                   for s, v in enumerate(obs["scores"])]
    order = sorted(entries, key=lambda e: (e[0] if low_wins else -e[0], not e[1]))
    better = (lambda a, b: a < b) if low_wins else (lambda a, b: a > b)
    rows = [{"place": PLACES[sum(better(o[0], score) for o in order)], "name": name,
             "score": score, "me": me} for score, me, name in order]
    best = order[0][0]
    winners = [r for r in rows if r["score"] == best]
    me = next(r for r in rows if r["me"])
    gap = abs(best - me["score"])
    if obs.get("team_scores"):
        if len(winners) > 1:
            return {"title": f"A draw: both teams have {_points(best)}.", "rows": rows,
                    "words": []}
        if me in winners:
            return {"title": "Your team won!", "rows": rows, "words": [
                f"Your team won by {_points(abs(order[0][0] - order[1][0]))}."]}
        return {"title": f"{winners[0]['name']} won.", "rows": rows,
                "words": [f"Your team lost by {_points(gap)}."]}
    n = len(rows)
    level = [r["name"] for r in rows if r["score"] == me["score"] and not r["me"]]
    if me in winners and len(winners) == 1:
        title = "You won!"
        words = f"You finished 1st of {n}, {_points(abs(best - order[1][0]))} ahead of " \
                f"{_and([r['name'] for r in rows if r['score'] == order[1][0]])}."
    elif me in winners:
        title = f"A tie for first: you and {_and(level)}."
        words = f"You share 1st place of {n} with {_points(best)}."
    else:
        title = f"{_and([r['name'] for r in winners])} won" \
                f"{' (a tie)' if len(winners) > 1 else ''}."
        joint = f"joint {me['place']} of {n} with {_and(level)}" if level \
            else f"{me['place']} of {n}"
        ahead = _and([r["name"] for r in winners]) if len(winners) == 1 else "the winners"
        words = f"You finished {joint}, {_points(gap)} behind {ahead}."
    return {"title": title, "rows": rows, "words": [words]}


def _name(obs: dict[str, Any], s: int | None) -> str:
    if s is None:
        return "nobody"
    return "you" if s == obs["seat"] else obs["players"][s]


def status_text(obs: dict[str, Any]) -> str:
    """One line that says what happens now, from the learner's point of view."""
    phase, mover, seat = obs["phase"], obs["to_move"], obs["seat"]
    yours = mover == seat
    who = _name(obs, mover)
    if phase == Phase.GAME_OVER.value:
        scores = obs.get("team_scores") or obs["scores"]
        best = max(scores)
        if obs.get("team_scores"):
            teams = ["your team" if seat % 2 == t else "the other team"
                     for t, v in enumerate(scores) if v == best]
            return f"Game over: {' and '.join(teams)} won with {best}."
        winners = [_name(obs, s) for s, v in enumerate(scores) if v == best]
        return f"Game over: {' and '.join(winners)} won with {best} points."
    if phase == Phase.HAND_OVER.value:
        row = obs.get("last_hand") or obs.get("last_deal") or {}
        pts = row.get("points") or []
        mine = pts[seat] if seat < len(pts) else None
        if row.get("redeal") is not None:
            return f"Redeal claimed by {_name(obs, row['redeal'])}. Press “next hand”."
        got = f" You scored {mine:+d}." if isinstance(mine, int) else ""
        return f"The hand is over.{got} Press “next hand” to go on."
    if phase == Phase.TRUMP.value:
        return "Your deal: name trump." if yours else f"{who} names trump."
    if phase == Phase.BID.value:
        return f"Your bid ({obs['hand_size']} tricks in this hand)." if yours \
            else f"{who} to bid."
    if phase == Phase.CHOOSE_CONTRACT.value:
        return "You own this kingdom: choose the contract." if yours \
            else f"{who} chooses the contract."
    if phase == Phase.DOUBLE.value:
        return _round_status(obs, who) if not yours else _your_round_status(obs)
    if phase == Phase.TREX.value:
        if yours:
            return "Your turn: play a card that fits the layout (or pass)."
        return f"{who} to play."
    if yours:
        return "Your lead: play a card." if not obs["trick"] else "Your turn: play a card."
    return f"{who} to play."


def round_kind(obs: dict[str, Any]) -> tuple[bool, bool]:
    """Whether the Trix contract in ``obs`` allows doubling, and a redeal claim (A4, A5):
    public facts (the contract and the rules), the same for every seat.

    >>> round_kind({"contract": ["queens"], "rules": {"doubling": True}})
    (True, False)
    """
    contract = set(obs.get("contract") or [])
    doubling = bool((obs.get("rules") or {}).get("doubling", True))
    return doubling and bool(contract & {"king", "queens"}), bool(contract & {"king", "trex"})


def round_words(obs: dict[str, Any]) -> dict[str, str]:
    """The round's ``title`` (the bid panel's heading) and ``mark`` (the word on the seat
    to move) for this contract: Queens has no claim, Trex no double.

    >>> round_words({"contract": ["trex"], "rules": {"doubling": True}})
    {'title': 'Redeal claims', 'mark': 'to claim or not'}
    """
    doubles, claims = round_kind(obs)
    if doubles and claims:
        return {"title": "Doubling and redeal claims", "mark": "to double or not"}
    if doubles:
        return {"title": "Doubling", "mark": "to double or not"}
    return {"title": "Redeal claims", "mark": "to claim or not"}


def _round_status(obs: dict[str, Any], who: str) -> str:
    """Another player's turn in the round: what anyone in that seat may do under this
    contract, never what this player's cards allow."""
    doubles, claims = round_kind(obs)
    if doubles and claims:
        return f"{who} to double, claim a redeal, or say “no double”."
    if doubles:
        return f"{who} to double a queen or say “no double”."
    return f"{who} to claim a redeal or say “no redeal”."


def _your_round_status(obs: dict[str, Any]) -> str:
    """The learner's turn in the round, from their own legal actions."""
    legal = obs.get("legal") or []
    word = "no double" if "no double" in legal else "no redeal"
    may = [w for w, ok in (("double", any(a.startswith("double ") for a in legal)),
                           ("claim a redeal", "redeal" in legal)) if ok]
    if not may:
        doubles, claims = round_kind(obs)
        what = " or ".join(w for w, ok in (("double", doubles), ("claim", claims)) if ok)
        return f"Your turn: you have nothing to {what}; say “{word}”."
    return f"Your turn: {' or '.join(may)}, or say “{word}”."


def _default_pause() -> float:
    try:
        return float(os.environ.get("TRIX_TUTOR_PAUSE", "0.6"))
    except ValueError:
        return 0.6


def play(game: Game, seat: int = 0, opponents: str | Sequence = "beginner",
         pause: float | None = None, four_colour: bool = False,
         open_hands: Iterable[int] = (), options: bool = False) -> GameView:
    """A playable table for ``game``: the learner sits at ``seat``, computer players take
    the other seats (see :class:`GameView`)."""
    return GameView(game, seat=seat, opponents=opponents, pause=pause,
                    four_colour=four_colour, open_hands=open_hands, options=options)
