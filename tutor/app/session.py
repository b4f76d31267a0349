"""The headless play session behind the play pages, the full-game lessons and the class
sets (DESIGN.md "Sessions"): a game, the learner's seat, the computer seats (their bot
levels), undo of the learner's last action, a new game with the same setup, the status
words and the game-over result. The widgets only draw a session and pace it.

Everything a session says comes from what the learner's seat may see: the status words
read ``game.observation(seat)``, and a computer seat's turn is split into :meth:`PlaySession.think`
and :meth:`PlaySession.carry_out` so a controller can let the bot think *during* its pause:
every seat takes as long, whatever its cards allow (RULES.md A5).

>>> from tutor import TrixterGame
>>> s = PlaySession(TrixterGame.new(players=4, seed=2, dealer=1, first_hand=3))
>>> [(m.seat, str(m.action)) for m in s.advance()]
[(1, 'trump C'), (1, 'bid 1'), (2, 'bid 1'), (3, 'bid 1')]
>>> s.status()
'Player 4 bid 1. Your bid (3 tricks in this hand).'
>>> s.act("bid 9")
Traceback (most recent call last):
...
tutor.engine.errors.IllegalActionError: a bid is a whole number from 0 to 3
"""

from __future__ import annotations

import copy
import json
import logging
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from tutor.app import game_options
from tutor.engine.actions import (Action, Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                                  NextHand, NoDouble, NoRedeal, Pass, Play, parse_action)
from tutor.bots import LEVELS, Bot, RandomBot, bot_for
from tutor.engine.errors import IllegalActionError
from tutor.advice.answer import (hint_seconds, idea_words, observation_seed, sentence,
                                 trump_change, why_words)
from tutor.engine.facts import deal_word, number, plural, signed, view_facts
from tutor.engine.protocol import Game, Phase
from tutor.engine.trix.contracts import Contract, contracts_title, early_end_words
from tutor.engine.seats import direction
from tutor.engine.records import from_record
from tutor.advice import advise

__all__ = ["PlaySession", "Move", "SavedGame", "LEVEL_NAMES", "learner_views", "status_text",
           "describe", "game_result", "round_kind", "round_words", "ago", "hint_words",
           "action_words", "choice_words", "HINT_OPTIONS", "HINT_STEPS", "views_of",
           "rehearse_round"]

log = logging.getLogger(__name__)

LEVEL_NAMES = {"random": "Random (any legal move)", "beginner": "Beginner",
               "intermediate": "Intermediate", "expert": "Expert"}
"""How the opponents' levels read in the level choice (a level not named here shows as
it is spelt in :data:`tutor.bots.LEVELS`)."""


@dataclass(frozen=True)
class Move:
    """One action of one seat."""

    seat: int
    action: Action


REHEARSAL_DEALS = 12
"""Fixed deals tried for one where a seat can double or claim (the first nearly always does)."""


class PlaySession:
    """A game against computer players. ``game`` is the engine object; ``seat`` the
    learner's. ``opponents`` is a bot level for every other seat, or one entry per seat (a
    level, a :class:`~tutor.bots.Bot`, or ``None`` for the learner).

    The learner acts with :meth:`act`; the computer seats act one action at a time with
    :meth:`step` (or :meth:`think` then :meth:`carry_out`), or all up to the learner's
    next turn with :meth:`advance`. :meth:`hint` advises the learner's decision
    (``advisor``: the engine, :func:`tutor.advice.advise` by default). A refused request
    raises ``ValueError`` (:class:`~tutor.engine.errors.IllegalActionError` or
    :class:`~tutor.engine.errors.ParseError`) with the reason, and changes nothing.
    """

    def __init__(self, game: Game, seat: int = 0,
                 opponents: str | Sequence = "beginner",
                 advisor: Callable[..., Any] | None = None) -> None:
        if not isinstance(game, Game):
            raise TypeError("play() needs a TrixterGame or a TrixGame")
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < game.n_players:
            raise ValueError(f"seat must be 0..{game.n_players - 1}")
        self.game = game
        self.seat = seat
        self.game_name: str = game.KIND
        self.opponents = opponents
        # New games draw their seeds from the first game's, so a session is reproducible.
        self._rng = random.Random(f"{game.seed}/new games")
        self.note = ""  # what the last computer seat did (or undo, new game, a new level)
        self._opening = ""  # "A new game.", said before the computer seats' moves that open it
        self._bots: dict[int, Bot] = {}
        self._setup_bots(opponents)
        # The hint engine (tests may give their own): tutor.advice.advise when None.
        self._advisor = advisor
        self._hint: tuple[int, Any, Game] | None = None  # decision index, advice, game
        self.hint_step = 0  # the steps of the hint ladder shown for the decision now

    # --- the computer seats ------------------------------------------------------------
    def _setup_bots(self, opponents: str | Sequence) -> None:
        n = self.game.n_players
        if isinstance(opponents, str):
            levels: list[Any] = [opponents] * n
        else:
            levels = list(opponents)
            if len(levels) != n:
                raise ValueError(f"give one opponent per seat ({n}), None for the learner")
        bots: dict[int, Bot] = {}
        for s in range(n):
            if s == self.seat:
                continue
            level = levels[s]
            if isinstance(level, Bot):
                bots[s] = level
            elif isinstance(level, str):
                bots[s] = bot_for(self.game_name, level, seed=self._bot_seed(s))
            else:
                raise ValueError(f"seat {s} needs a bot level or a Bot, not {level!r}")
        self._bots = bots

    def _bot_seed(self, s: int) -> int:
        return random.Random(f"{self.game.seed}/bot {s}").randrange(2**32)

    @property
    def bots(self) -> dict[int, Bot]:
        """The computer players by seat."""
        return dict(self._bots)

    def bot(self, s: int) -> Bot:
        """The computer player at seat ``s`` (a seat that joined later gets one at the
        session's level)."""
        if s not in self._bots:
            level = self.opponents if isinstance(self.opponents, str) else "beginner"
            self._bots[s] = bot_for(self.game_name, level, seed=self._bot_seed(s))
        return self._bots[s]

    def set_level(self, level: str) -> None:
        """Every computer seat plays at ``level`` (one of :data:`tutor.bots.LEVELS`) from
        its next move on."""
        if level not in LEVELS:
            raise ValueError(f"no bot level {level!r}: choose one of {', '.join(LEVELS)}")
        self.opponents = level
        self._setup_bots(level)
        self.note = f"The computer players now play at the level {LEVEL_NAMES.get(level, level)}."

    @property
    def computer_to_move(self) -> int | None:
        """The computer seat to act now; ``None`` when it is the learner's turn or nobody's
        (between hands, at the game's end)."""
        mover = self.game.to_move
        return None if mover is None or mover == self.seat else mover

    @property
    def learner_to_move(self) -> bool:
        """Whether the game waits for the learner (a hint answers exactly then)."""
        return self.game.to_move == self.seat

    def think(self) -> Move:
        """What the computer seat to move does now, from its own observation, without
        doing it; a random legal action if its bot fails (a bot's mistake must not freeze
        the table)."""
        mover = self.computer_to_move
        if mover is None:
            raise IllegalActionError("no computer seat is to move")
        obs = self.game.observation(mover)
        try:
            action = self.bot(mover).act(obs)
            why = self.game.why_illegal(action, seat=mover)
            if why is not None:
                raise ValueError(f"illegal action {action}: {why}")
        except Exception:
            log.exception("bot for seat %s failed; playing a random legal action", mover)
            action = RandomBot(self._bot_seed(mover)).act(obs)
        return Move(mover, action)

    def rehearse_round(self, clock: Callable[[], float] = time.perf_counter) -> float:
        """Seconds a computer seat here takes to weigh a double or a redeal claim
        (:func:`rehearse_round`); 0 when no computer seat is in Trix's round."""
        if self.game.phase != Phase.DOUBLE or self.computer_to_move is None:
            return 0.0
        return rehearse_round(self.game, self._stand_in(self.computer_to_move), clock)

    def _stand_in(self, s: int) -> Bot:
        """A copy of seat ``s``'s bot to rehearse with, so the real one's random draws
        stay as they were."""
        if isinstance(self.opponents, str):
            return bot_for(self.game_name, self.opponents, seed=self._bot_seed(s))
        try:
            return copy.deepcopy(self.bot(s))
        except Exception:  # a bot that cannot be copied rehearses as itself
            return self.bot(s)

    def carry_out(self, move: Move) -> None:
        """Apply a computer seat's ``move`` (from :meth:`think`) and say what it did."""
        if move.seat != self.computer_to_move:
            raise IllegalActionError(f"it is not seat {move.seat}'s turn")
        trex = self.game.phase == Phase.TREX
        self.game.apply(move.action, move.seat)
        did = describe(self.game.observation(self.seat).players[move.seat], move.action, trex)
        self.note = f"{self._opening} {did}" if self._opening else did

    def step(self) -> Move | None:
        """One computer action (``None`` if no computer seat is to move)."""
        if self.computer_to_move is None:
            return None
        move = self.think()
        self.carry_out(move)
        return move

    def advance(self, limit: int = 10_000) -> list[Move]:
        """Let the computer seats act until the learner is to move or nobody is."""
        moves: list[Move] = []
        while len(moves) < limit and (move := self.step()) is not None:
            moves.append(move)
        return moves

    # --- the learner -------------------------------------------------------------------
    def act(self, action: Action | str) -> None:
        """The learner's ``action`` (an :class:`~tutor.engine.actions.Action` or its text, as in
        ``"QS"``, ``"bid 2"``, ``"no double"``). The computer seats do not answer yet:
        call :meth:`step` or :meth:`advance`."""
        if isinstance(action, str):
            action = parse_action(action)
        if not isinstance(action, Action):
            raise IllegalActionError("not an action")
        try:
            why = self.game.why_illegal(action, seat=self.seat)
        except (TypeError, ValueError) as e:
            why = str(e) or "not an action"
        if why is not None:
            raise IllegalActionError(why)
        self.game.apply(action, seat=self.seat)
        self.note = self._opening = ""

    def can_undo(self) -> str | None:
        """Why there is nothing to take back now, or ``None`` if :meth:`undo` may."""
        if self.game.is_over:  # the result stands
            return "the game is over: start a new game"
        if not self._mine(this_hand=True):  # once the next hand is dealt, the last stands
            return (f"nothing of yours to take back in this {deal_word(self.game_name)} yet"
                    if self._mine() else "nothing of yours to take back yet")
        return None

    @property
    def learner_has_acted(self) -> bool:
        """Whether this game holds an action of the learner's (so a new game would lose
        something of theirs)."""
        return bool(self._mine())

    def _mine(self, this_hand: bool = False) -> list[int]:
        """Where the learner's actions are in the history (in the hand being played only,
        with ``this_hand``: it starts after the last "next")."""
        history = self.game.history
        start = 0
        if this_hand:
            start = next((i + 1 for i in range(len(history) - 1, -1, -1)
                          if isinstance(history[i][1], NextHand)), 0)
        return [i for i in range(start, len(history))
                if history[i][0] == self.seat and not isinstance(history[i][1], NextHand)]

    def undo(self) -> None:
        """Take back the learner's last action (not counting "next") and every action
        after it; the computer seats do not act again until :meth:`advance`."""
        why = self.can_undo()
        if why is not None:
            raise IllegalActionError(why)
        target = self._mine(this_hand=True)[-1]
        while len(self.game.history) > target:
            self.game.undo()
        self._hint = None
        self.note = "Taken back."

    def new_game(self, options: Mapping[str, Any] | None = None) -> None:
        """A fresh game of the same class with a new seed drawn from the session's, and a
        dealer drawn from that seed. Without ``options``, from this game's setup (players,
        rules, Trixter's ``first_hand``, Trix's first ``owner``: all the record keeps);
        with them, the game they name (:func:`tutor.app.game_options.new_game`: some or all of
        :func:`options`). Junk options raise :class:`~tutor.app.game_options.OptionError`
        and change nothing."""
        g = self.game
        if options is None:
            setup = {**g._setup(), "seed": self._rng.randrange(2**32), "dealer": None}
            self.game = type(g)._from_setup(setup, [])
            self.note = "A new game."
        else:
            was = self.options()
            same = game_options.check(self.game_name, options, base=was) == was  # before a seed
            self.game = game_options.new_game(self.game_name, options,
                                              seed=self._rng.randrange(2**32), base=g)
            self.note = "A new game." if same else f"A new game: {self.summary()}."
        self._hint = None
        self._opening = self.note  # until the learner's first move, the line starts with it
        if not isinstance(self.opponents, str) and len(self.opponents) != self.game.n_players:
            # one entry per seat no longer fits the table: every seat at one level
            self.opponents = next((o for o in self.opponents if isinstance(o, str)), "beginner")
        self._setup_bots(self.opponents)

    def options(self) -> dict[str, Any]:
        """The options this game was started with (:func:`tutor.app.game_options.options_of`)."""
        return game_options.options_of(self.game)

    def summary(self) -> str:
        """The game's options in one short line (:func:`tutor.app.game_options.summary`)."""
        return game_options.summary(self.game)

    # --- a game saved as it goes, resumed after a reload ----------------------------------
    def saved_record(self, when: datetime | None = None) -> str:
        """The game's record to keep as the learner's game in progress: the whole game
        (every hand: it stays on the server, only the observation reaches the browser)
        with the time and the computer seats' level under ``"saved"`` (a record reader
        ignores it). Compact: written after every action."""
        record = self.game.to_record()
        record[SAVED_KEY] = {"at": (when or datetime.now(timezone.utc)).isoformat(
            timespec="seconds")}
        if isinstance(self.opponents, str):
            record[SAVED_KEY]["opponents"] = self.opponents
        return json.dumps(record, ensure_ascii=False, separators=(",", ":"))

    def resume(self, saved: SavedGame | str) -> None:
        """Replace the game with a saved one (a :class:`SavedGame` or its record text), at
        the decision where it was left; the computer seats play on from there (at the
        saved level) when :meth:`advance` is called. A record that does not replay, or is
        of the other game, raises ``ValueError`` and changes nothing."""
        if isinstance(saved, str):
            saved = SavedGame.read(saved, self.game_name)
        if saved.game.KIND != self.game_name \
                or not 0 <= self.seat < saved.game.n_players:
            raise ValueError(f"a saved game of this table is a {self.game_name} game")
        self.game = saved.game
        self._rng = random.Random(f"{saved.game.seed}/new games")
        if saved.opponents is not None:
            self.opponents = saved.opponents
        elif not isinstance(self.opponents, str):  # one entry per seat may not fit
            self.opponents = "beginner"
        self._setup_bots(self.opponents)
        self._hint = None
        self.note = "Your saved game, where you left it."
        self._opening = ""

    # --- hints -------------------------------------------------------------------------
    def can_hint(self) -> str | None:
        """Why there is no hint to give now, or ``None`` if :meth:`hint` may answer."""
        if self.game.is_over:
            return "the game is over: there is nothing left to decide"
        if self.game.to_move is None:
            return f"nothing to decide now: press “next {deal_word(self.game_name)}” to go on"
        if not self.learner_to_move:
            return "a hint is for your own decision: wait for your turn"
        return None

    def hint(self, seconds: float | None = None, budget: int | None = None) -> Any:
        """Advice for the decision the learner must take now (an
        :class:`~tutor.advice.answer.Advice`: every legal choice ranked, and why the best), from
        the learner's observation only: :func:`~tutor.advice.advise` for the learner's
        seat, seeded by that observation, so the same decision gets the same hint and
        the other seats' cards cannot change it. ``seconds`` (default
        :func:`hint_seconds`) or ``budget`` bounds the work. The decision is noted as
        hinted in the game record (``game.hinted``). Not the learner's turn: refused with
        the reason (:class:`~tutor.engine.errors.IllegalActionError`), nothing changed.

        Each call shows one more step of the hint ladder (:attr:`hint_step`, up to
        :data:`HINT_STEPS`): the idea, then the choice and why, then the numbers; a new
        decision starts again at the idea, and a forced one shows everything at once."""
        why = self.can_hint()
        if why is not None:
            raise IllegalActionError(why)
        index = len(self.game.history)
        again = self.hint_ready
        if again and seconds is None and budget is None:
            advice = self._hint[1]  # asked again: the same decision, the same answer
        else:
            advisor = self._advisor or advise
            advice = advisor(self.game, seat=self.seat,
                             seconds=hint_seconds() if seconds is None and budget is None
                             else seconds, seed=observation_seed(self.game.observe(self.seat)),
                             budget=budget)
        self.game.hinted.add(index)
        self._hint = (index, advice, self.game)
        if len(advice.options) < 2:  # nothing to think over: the whole hint at once
            self.hint_step = HINT_STEPS
        else:
            self.hint_step = min(HINT_STEPS, self.hint_step + 1) if again else 1
        return advice

    @property
    def hint_ready(self) -> bool:
        """Whether the decision now already has its hint (the next step shows at once)."""
        return (self._hint is not None and self._hint[0] == len(self.game.history)
                and self._hint[2] is self.game and self.learner_to_move)

    def hint_view(self) -> dict[str, Any]:
        """The hint the table shows (:func:`hint_words`), ``{}`` when there is none: the
        steps shown so far of the one asked for the decision now, or all of it, greyed
        (``"stale"``), once the learner has taken that decision, until their next one
        comes or the hand ends (or undo, a new game)."""
        if self._hint is None or self._hint[2] is not self.game:
            return {}
        index, advice, _game = self._hint
        now = len(self.game.history)
        if now == index:
            return hint_words(advice, stale=False, step=self.hint_step)
        # Greyed only while it is the hint of the learner's latest decision in this hand: a
        # decision taken since without a hint, or a new hand, makes it someone else's past.
        mine = self._mine(this_hand=True)
        if now > index and not self.learner_to_move and mine and mine[-1] == index:
            return hint_words(advice, stale=True)
        return {}

    def clear_hint(self) -> None:
        """Take the shown hint away (the game's record keeps the decision as hinted)."""
        self._hint = None

    # --- words -------------------------------------------------------------------------
    def views(self, opened: Iterable[int] = ()) -> dict[str, Any]:
        """What each widget may show the learner (see :func:`learner_views`); the table's
        ``setup`` is the game's options in a line (:meth:`summary`)."""
        v = learner_views(self.game, self.seat, opened)
        v["table"]["setup"] = self.summary()
        return v

    def status(self, table: dict[str, Any] | None = None) -> str:
        """The message line: what the last computer seat did, then what happens now.
        ``table``: the learner's table view, if already built."""
        text = status_text(table if table is not None else self.views()["table"])
        return f"{self.note} {text}" if self.note else text

    def result(self, table: dict[str, Any] | None = None) -> dict[str, Any]:
        """The end of the game in words (:func:`game_result`); empty before the end."""
        return game_result(table if table is not None else self.views()["table"])


def rehearse_round(game: Game, bot: Bot, clock: Callable[[], float] = time.perf_counter
                   ) -> float:
    """Seconds ``bot`` takes to weigh a double or a redeal claim, timed on a fixed deal of
    ``game``'s rules and contract, never on the one being played (how long a seat thinks in
    the round would tell whether it could act: RULES.md A5). 0 outside Trix's round, or
    when no fixed deal gives a seat that choice."""
    if game.phase != Phase.DOUBLE:
        return 0.0
    chosen = ChooseContract(game.contract)
    for seed in range(REHEARSAL_DEALS):
        g = type(game).new(seed=seed, rules=game.rules)
        if g.why_illegal(chosen, seat=g.to_move) is not None:
            continue
        g.apply(chosen, g.to_move)
        while g.phase == Phase.DOUBLE:
            mover = g.to_move
            legal = list(g.legal_actions(mover))
            if len(legal) > 1:
                started = clock()
                bot.act(g.observation(mover))
                return clock() - started
            g.apply(legal[0], mover)
    return 0.0


SAVED_KEY = "saved"
"""The key a saved game's record adds: when it was saved, and the computer seats' level."""


@dataclass(frozen=True)
class SavedGame:
    """A learner's game in progress read back from its record (:meth:`read`): the replayed
    ``game``, when it was saved (``at``, UTC) and the computer seats' level."""

    game: Game
    at: datetime | None = None
    opponents: str | None = None

    @classmethod
    def read(cls, text: Any, game_name: str) -> SavedGame:
        """The saved game in record ``text`` (from :meth:`PlaySession.saved_record`) for a
        ``game_name`` table. ``ValueError`` with the reason if it is not a record of that
        game that replays (a damaged file, an edited one, the other game's)."""

        if not isinstance(text, str):
            raise ValueError("a saved game is a game record")
        try:
            record = json.loads(text)
        except ValueError as e:
            raise ValueError(f"not a game record (bad JSON): {e}") from None
        if not isinstance(record, dict):
            raise ValueError("a game record is a JSON object")
        game = from_record(record)  # replays every action: ValueError (ParseError) if bad
        if game.KIND != game_name:
            raise ValueError(f"not a {game_name} game")
        meta = record.get(SAVED_KEY)
        meta = meta if isinstance(meta, dict) else {}
        at = None
        if isinstance(meta.get("at"), str):
            try:
                at = datetime.fromisoformat(meta["at"])
            except ValueError:
                at = None
            if at is not None and at.tzinfo is None:
                at = at.replace(tzinfo=timezone.utc)
        level = meta.get("opponents")
        return cls(game, at, level if level in LEVELS else None)

    def where(self) -> str:
        """How far the game has come, in public words: "hand 4 of 19" (Trixter),
        "kingdom 2 of 4, deal 7" (Trix)."""
        obs = self.game.observation(0)
        if obs.KIND == "trixter":
            return f"hand {obs.hand_number} of {obs.hand_number + obs.hands_left}"
        return f"kingdom {obs.kingdom + 1} of 4, deal {obs.deal_number}"

    def words(self, now: datetime | None = None) -> str:
        """The offer's line: the game's options, how far it has come and when it was
        saved: "Trixter · 5 players · … , hand 4 of 21, saved 3 minutes ago"."""
        when = f", saved {ago(self.at, now)}" if self.at is not None else ""
        return f"{game_options.summary(self.game)}, {self.where()}{when}"

    def offer(self, now: datetime | None = None) -> dict[str, str]:
        """What the table's offer shows (``title``, ``text``; the answers are the
        widget's): public facts only, as the table's own line."""
        return {"title": "You have a game in progress", "text": self.words(now)}


def ago(when: datetime, now: datetime | None = None) -> str:
    """How long ago ``when`` was, in words that do not depend on a time zone (the
    server's clock is not the learner's).

    >>> t = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
    >>> [ago(t, t.replace(hour=h, minute=m)) for h, m in ((12, 0), (12, 1), (12, 42), (15, 5))]
    ['just now', '1 minute ago', '42 minutes ago', '3 hours ago']
    >>> ago(t, t.replace(day=2)), ago(t, t.replace(day=13)), ago(t, t.replace(month=5))
    ('1 day ago', '12 days ago', 'on 2026-03-01')
    """
    now = now or datetime.now(timezone.utc)
    seconds = (now - when).total_seconds()
    if seconds < 60:
        return "just now"
    for unit, size, below in (("minute", 60, 60), ("hour", 3600, 24), ("day", 86400, 31)):
        if seconds < size * below:
            return f"{plural(int(seconds // size), unit)} ago"
    return f"on {when.date().isoformat()}"


def learner_views(game: Game, seat: int, opened: Iterable[int] = ()) -> dict[str, Any]:
    """What each widget may show the learner at ``seat``: built from ``game.observe(seat)``,
    the public score sheet, and the hands of the ``opened`` seats only. Every controller
    (this one, a puzzle board) fills its widgets from here, so no other path reaches them.

    >>> from tutor import TrixGame
    >>> v = learner_views(TrixGame.new(seed=1), seat=2)
    >>> sorted(v), v["table"]["seat"], v["open_hands"], v["show_trex"]
    (['bids', 'open_hands', 'scores', 'show_trex', 'table', 'trex'], 2, {}, False)
    """
    return views_of(game.observe(seat), game.score_sheet(),
                    {str(s): game.observe(s)["hand"] for s in opened
                     if s != seat and 0 <= s < game.n_players})


def views_of(obs: dict[str, Any], sheet: list[dict[str, Any]],
             open_hands: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """:func:`learner_views` from a seat's view as a message carries it (``obs``, the JSON
    of ``game.observe(seat)``), the public score ``sheet`` and the hands shown face up: what
    a page at a table of people builds from what the table service sends it."""
    trix = obs["game"] == "trix"
    seat = obs["seat"]
    view = dict(obs)
    view["direction"] = direction(obs["game"])
    view["facts"] = view_facts(obs)  # the words under each seat's name (tutor.engine.facts)
    if trix:  # the round's words, from the contract only (never from whose cards allow what)
        view["round"] = round_words(obs) if obs["phase"] == Phase.DOUBLE.value else None
    return {
        "table": view,
        "open_hands": dict(open_hands or {}),
        "bids": view,
        "trex": {k: obs.get(k) for k in ("game", "seat", "players", "phase", "to_move",
                                         "layout", "out", "passes", "owner", "contract")},
        "show_trex": trix and "trex" in obs["contract"],
        "scores": {"game": obs["game"], "seat": seat, "players": obs["players"],
                   "rows": sheet, "scores": obs["scores"],
                   "team_scores": obs.get("team_scores"), "phase": obs["phase"]},
    }


def describe(who: str, action: Action, trex: bool = False) -> str:
    """What a computer player just did, in words (only public facts: the action itself).

    >>> from tutor.engine.cards import Card
    >>> describe("Player 2", Play(Card.parse("TH")))
    'Player 2 played 10♥.'
    """
    if isinstance(action, Play):
        return f"{who} {'laid' if trex else 'played'} {action.card.symbol()}."
    if isinstance(action, Bid):
        return f"{who} bid {action.n}."
    if isinstance(action, ChooseTrump):
        suit = action.suit
        named = "none" if suit is None else f"{suit.symbol} {suit.name.lower()}"
        return f"{who} named trump: {named}."
    if isinstance(action, ChooseContract):
        return f"{who} chose {' + '.join(c.title for c in sorted(action.contracts))}."
    if isinstance(action, Double):
        return f"{who} doubled {action.card.symbol()}."
    said = _SAID.get(type(action))
    return f"{who} {said}." if said else f"{who}: {action}."


# Every player says one of these in turn (RULES.md A5): the words tell nothing of whether
# the player could have doubled or claimed.
_SAID = {NoDouble: "said “no double”", NoRedeal: "said “no redeal”",
         ClaimRedeal: "claimed a redeal", Pass: "passed: no card fitted"}


HINT_OPTIONS = 5
"""How many ranked options a hint shows (the rest are counted)."""

_KIND_WORDS = {"chance": "chance of making your bid", "points": "expected points",
               "place": "expected place in Trex"}


def action_words(action: Action) -> str:
    """An action as the hint lists it (public words: the action itself).

    >>> from tutor.engine.actions import parse_action
    >>> [action_words(parse_action(t)) for t in ("TH", "bid 2", "trump none", "trump S",
    ...                                          "contract king+queens", "double QS")]
    ['10♥', 'Bid 2', 'No trump', 'Trump ♠ spades', 'King of Hearts + Queens', 'Double Q♠']
    """
    if isinstance(action, Play):
        return action.card.symbol()
    if isinstance(action, Bid):
        return f"Bid {action.n}"
    if isinstance(action, ChooseTrump):
        s = action.suit
        return "No trump" if s is None else f"Trump {s.symbol} {s.name.lower()}"
    if isinstance(action, ChooseContract):
        return contracts_title(action.contracts)
    if isinstance(action, Double):
        return f"Double {action.card.symbol()}"
    words = {NoDouble: "No double", ClaimRedeal: "Claim a redeal", NoRedeal: "No redeal",
             Pass: "Pass"}
    return words.get(type(action), str(action))


HINT_STEPS = 3
"""The hint ladder's steps: the idea, the choice and why, the numbers."""

_NEXT_STEP = {Play: "Show the card", Bid: "Show the bid", ChooseTrump: "Show the trump",
              ChooseContract: "Show the contract"}


def hint_words(advice: Any, stale: bool = False, top: int = HINT_OPTIONS,
               step: int = HINT_STEPS) -> dict[str, Any]:
    """What the table's hint panel shows for ``advice`` (an :class:`~tutor.advice.answer.Advice`
    for the learner's seat) when ``step`` steps of the ladder are shown (a ``stale`` hint,
    for a decision taken, shows them all, greyed):

    1. ``idea``: the idea, naming no choice (:func:`~tutor.advice.answer.idea_words`);
       ``title`` is only "Hint".
    2. ``title`` names the best choice (or the best two, about equal) and ``why`` says why
       (:func:`~tutor.advice.answer.why_words`).
    3. the numbers: the ``top`` options best first (``action`` text, ``label``, ``text``,
       ``best``), how many ``more`` there are, what they mean (``measure``), the ``line``
       (:meth:`~tutor.advice.answer.Advice.explain`) and the ``note`` (how much was weighed).

    Every key is always there (empty until its step); ``button`` names the next step
    ("" at the last). Nothing but the advice: it holds only what the seat may know."""
    step = HINT_STEPS if stale else max(1, min(HINT_STEPS, step))
    words: dict[str, Any] = {
        "step": step, "steps": HINT_STEPS, "stale": stale, "idea": idea_words(advice),
        "title": _hint_title(advice, stale) if step >= 2 else "Hint",
        "why": _after_title(why_words(advice), advice) if step >= 2 else "",
        "options": [], "more": 0, "measure": "", "line": "", "note": "",
        "button": {1: _next_step(advice), 2: "Show the numbers"}.get(step, ""),
    }
    if step >= 3:
        words.update(_hint_numbers(advice, top))
    return words


def _next_step(advice: Any) -> str:
    """The first step's button: it names the kind of choice only when every option is of
    that kind, so that at the dealer's bid, where the trump may still be changed, it does
    not give away whether a bid or a new trump is best."""
    kinds = {type(o.action) for o in advice.options}
    if len(kinds) > 1:
        return "Show the choice"
    return _NEXT_STEP.get(type(advice.best), "Show the choice")


def choice_words(action: Action, advice: Any) -> str:
    """:func:`action_words`, but a trump among bids (the dealer may still change it until
    the next player bids) reads as the change it is.

    >>> from tutor.engine.cards import Suit
    >>> from tutor.advice.answer import Advice, Option
    >>> a = Advice(seat=0, kind="points", samples=1, seconds=0, options=[
    ...     Option(ChooseTrump(Suit.HEARTS), 1.0, ""), Option(Bid(0), 0.5, "")])
    >>> choice_words(ChooseTrump(Suit.HEARTS), a), choice_words(Bid(0), a)
    ('Change trump to ♥ hearts', 'Bid 0')
    """
    if trump_change(action, advice.options):
        s = action.suit
        return "Change to no trump" if s is None else \
            f"Change trump to {s.symbol} {s.name.lower()}"
    return action_words(action)


def _hint_title(advice: Any, stale: bool) -> str:
    """The best choice, or the best two when they are about equal."""
    named = choice_words(advice.best, advice)
    if getattr(advice, "about_equal", False):
        named += f" or {choice_words(advice.options[1].action, advice)}, about equal"
    elif getattr(advice, "unsure", False):
        named += ", not surely"
    return f"The hint for your last decision: {named}" if stale else f"Hint: {named}"


def _after_title(why: str, advice: Any) -> str:
    """``why`` without the choice the title has just named: under "Hint: Bid 0", "With no
    ace, …", not "Bid 0: with no ace, …"; under "Hint: K♠ or Q♠, about equal", "Either
    way: …", not "K♠ and Q♠ do equally well: …" (the review shows no title, so keeps the
    words).

    >>> from tutor.advice.answer import Advice, Option
    >>> a = Advice(seat=0, kind="points", samples=1, seconds=0,
    ...            options=[Option(Bid(0), 1.0, ""), Option(Bid(1), 0.0, "")])
    >>> _after_title("Bid 0: with no ace, your hand takes no trick.", a)
    'With no ace, your hand takes no trick.'
    >>> _after_title("Bid 1: no.", a)
    'Bid 1: no.'
    """
    if getattr(advice, "about_equal", False):
        return advice.either()
    named = f"{action_words(advice.best)}:"
    if why.startswith(named):
        return sentence(why[len(named):])
    return why


def _hint_numbers(advice: Any, top: int) -> dict[str, Any]:
    """The hint's last step: the options ranked, with the line and the note."""
    options = list(advice.options)
    best = advice.best
    only = len(options) == 1  # forced: "best" would praise a card that was no choice
    shown = [{"action": str(o.action), "label": choice_words(o.action, advice),
              "text": str(o.text), "only": only,
              "best": o.action == best} for o in options[:top]]
    if best not in [o.action for o in options[:top]]:  # never left out (ties listed first)
        shown[-1:] = [{"action": str(best), "label": choice_words(best, advice),
                       "text": next((str(o.text) for o in options if o.action == best), ""),
                       "best": True}]
    samples = getattr(advice, "samples", 0) or 0
    ways = f"{samples:,} ways the cards you cannot see could lie, each played to the end"
    note = f"Tried on {ways}." if samples > 1 else ""
    if note and not getattr(advice, "paired", True):  # a tree search: see tutor.advice
        note = f"Searched over {ways}; the better choices were tried on more of them."
        if any(isinstance(o.action, ChooseTrump) for o in options):  # a tree a trump
            note = (f"Searched over {ways}: every trump as often, and under each the "
                    "better bids more often.")
    return {"options": shown, "more": max(0, len(options) - len(shown)),
            "measure": _KIND_WORDS.get(getattr(advice, "kind", ""), ""),
            "line": advice.explain(), "note": note}


PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def _points(n: int) -> str:
    return f"{number(n)} point{'' if abs(n) == 1 else 's'}"


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


def _ended_early(row: Mapping[str, Any]) -> str:
    """Why a Trix deal stopped before its 13th trick (RULES.md A2 ``end_early``), in the
    words a puzzle uses; "" for a deal played out, or a Trixter hand.

    >>> _ended_early({"contract": "queens", "tricks": [2, 1, 3, 0]})
    'All four queens have been taken: the deal ends after 6 tricks.'
    >>> _ended_early({"contract": "queens", "tricks": [4, 3, 3, 3]})
    ''
    """
    tricks, text = row.get("tricks"), row.get("contract")
    if not tricks or not text or sum(tricks) >= 13:
        return ""
    words = early_end_words(Contract.parse(c) for c in text.split("+"))
    return words[:-1] + f" after {plural(sum(tricks), 'trick')}." if words else ""


def over_words(obs: Mapping[str, Any]) -> str:
    """"The hand is over." or "The deal is over.", or why a Trix deal ended early."""
    row = obs.get("last_hand") or obs.get("last_deal") or {}
    return _ended_early(row) or f"The {deal_word(obs['game'])} is over."


def status_text(obs: dict[str, Any]) -> str:
    """One line that says what happens now, from the learner's point of view."""
    phase, mover, seat = obs["phase"], obs["to_move"], obs["seat"]
    yours = mover == seat
    who = _name(obs, mover)
    if phase == Phase.GAME_OVER.value:
        # the result panel's own words, so the lowest total wins with reversed signs
        result = game_result(obs)
        best = next(r for r in result["rows"])
        winners = [r["name"] for r in result["rows"] if r["score"] == best["score"]]
        names = _and([w[0].lower() + w[1:] if w.startswith(("You", "Your")) else w
                      for w in winners])
        return f"Game over: {names} won with {_points(best['score'])}."
    if phase == Phase.HAND_OVER.value:
        row = obs.get("last_hand") or obs.get("last_deal") or {}
        pts = row.get("points") or []
        mine = pts[seat] if seat < len(pts) else None
        word = deal_word(obs["game"])
        if row.get("redeal") is not None:
            return f"Redeal claimed by {_name(obs, row['redeal'])}. Press “next {word}”."
        got = f" You scored {signed(mine)}." if isinstance(mine, int) else ""
        return f"{over_words(obs)}{got} Press “next {word}” to go on."
    if phase == Phase.TRUMP.value:
        return "Your deal: name trump." if yours else f"{who} names trump."
    if phase == Phase.BID.value:
        return f"Your bid ({plural(obs['hand_size'], 'trick')} in this hand)." if yours \
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
