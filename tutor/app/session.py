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
import logging
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tutor.app import game_options
from tutor.app.hints import Hints
from tutor.app.saved import SavedGame, saved_record
from tutor.app.views import learner_views
from tutor.app.words import describe, game_result, status_text
from tutor.bots import LEVELS, Bot, RandomBot, bot_for
from tutor.engine.actions import Action, ChooseContract, NextHand, parse_action
from tutor.engine.errors import IllegalActionError
from tutor.engine.i18n import N_, gettext as _
from tutor.engine.protocol import Game, Phase

__all__ = ["PlaySession", "Move", "LEVEL_NAMES", "level_name", "REHEARSAL_DEALS",
           "rehearse_round"]

log = logging.getLogger(__name__)

LEVEL_NAMES = {"random": N_("Random (any legal move)"), "beginner": N_("Beginner"),
               "intermediate": N_("Intermediate"), "expert": N_("Expert")}
"""How the opponents' levels read in the level choice (a level not named here shows as
it is spelt in :data:`tutor.bots.LEVELS`); :func:`level_name` says them in the learner's
language."""


def level_name(level: str) -> str:
    """A computer level as the learner reads it (:data:`LEVEL_NAMES`).

    >>> level_name("beginner"), level_name("novel")
    ('Beginner', 'novel')
    """
    name = LEVEL_NAMES.get(level)
    return _(name) if name else level


@dataclass(frozen=True)
class Move:
    """One action of one seat."""

    seat: int
    action: Action


REHEARSAL_DEALS = 12
"""Fixed deals tried for one where a seat can double or claim (the first nearly always does)."""


class PlaySession(Hints):
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
            raise ValueError(_("seat must be 0..{last}").format(last=game.n_players - 1))
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
            raise ValueError(_("no bot level {level}: choose one of {levels}").format(
                level=repr(level), levels=", ".join(LEVELS)))
        self.opponents = level
        self._setup_bots(level)
        self.note = _("The computer players now play at the level {level}.").format(
            level=level_name(level))

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
            raise IllegalActionError(_("no computer seat is to move"))
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
            raise IllegalActionError(_("it is not seat {seat}'s turn").format(seat=move.seat))
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
            raise IllegalActionError(_("not an action"))
        try:
            why = self.game.why_illegal(action, seat=self.seat)
        except (TypeError, ValueError) as e:
            why = str(e) or _("not an action")
        if why is not None:
            raise IllegalActionError(why)
        self.game.apply(action, seat=self.seat)
        self.note = self._opening = ""

    def can_undo(self) -> str | None:
        """Why there is nothing to take back now, or ``None`` if :meth:`undo` may."""
        if self.game.is_over:  # the result stands
            return _("the game is over: start a new game")
        if not self._mine(this_hand=True):  # once the next hand is dealt, the last stands
            if not self._mine():
                return _("nothing of yours to take back yet")
            return _("nothing of yours to take back in this deal yet") \
                if self.game_name == "trix" else _("nothing of yours to take back in this hand yet")
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
        self.note = _("Taken back.")

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
            self.note = _("A new game.")
        else:
            was = self.options()
            same = game_options.check(self.game_name, options, base=was) == was  # before a seed
            self.game = game_options.new_game(self.game_name, options,
                                              seed=self._rng.randrange(2**32), base=g)
            self.note = _("A new game.") if same else \
                _("A new game: {setup}.").format(setup=self.summary())
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
        """The game kept as the learner's game in progress (:func:`saved_record`)."""
        return saved_record(self.game, self.opponents, when)

    def resume(self, saved: SavedGame | str) -> None:
        """Replace the game with a saved one (a :class:`SavedGame` or its record text), at
        the decision where it was left; the computer seats play on from there (at the
        saved level) when :meth:`advance` is called. A record that does not replay, or is
        of the other game, raises ``ValueError`` and changes nothing."""
        if isinstance(saved, str):
            saved = SavedGame.read(saved, self.game_name)
        if saved.game.KIND != self.game_name \
                or not 0 <= self.seat < saved.game.n_players:
            raise ValueError(_("a saved game of this table is a {game} game").format(
                game=self.game_name))
        self.game = saved.game
        self._rng = random.Random(f"{saved.game.seed}/new games")
        if saved.opponents is not None:
            self.opponents = saved.opponents
        elif not isinstance(self.opponents, str):  # one entry per seat may not fit
            self.opponents = "beginner"
        self._setup_bots(self.opponents)
        self._hint = None
        self.note = _("Your saved game, where you left it.")
        self._opening = ""


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

