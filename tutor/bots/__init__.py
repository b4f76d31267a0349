"""Computer players for both games, behind one small interface.

A bot sees exactly what its seat may see: the typed view ``game.observation(seat)``
(:mod:`tutor.engine.observation`: its hand, the bids, the trick, the legal actions…), never
the game object or another hand. It answers with one of ``observation.legal``.

The beginners play by the search layer's policies and hand estimates (:mod:`tutor.search`);
the intermediate and expert players are the advice at a budget (:mod:`tutor.bots.search`),
so the bots stand on :mod:`tutor.advice`, which never imports them.

>>> from tutor import TrixterGame
>>> game = TrixterGame.new(players=4, seed=7, first_hand=3)
>>> bots = [bot_for("trixter", "beginner", seed=s) for s in range(4)]
>>> while game.to_move is not None:
...     action = play_bot_turn(game, bots[game.to_move])
>>> game.phase.value
'hand_over'
"""

from __future__ import annotations

import random
from typing import Any

from tutor.engine.actions import Action
from tutor.engine.observation import Observation
from tutor.search.legal import legal_actions

__all__ = ["Bot", "RandomBot", "TrixterBot", "TrixBot", "bot_for", "play_bot_turn",
           "GAMES", "LEVELS", "ARENA_LEVELS"]

GAMES = ("trixter", "trix")
"""The games a bot can play (``observation.KIND``)."""

LEVELS = ("random", "beginner", "intermediate", "expert")
"""The levels the app offers, weakest first."""

ARENA_LEVELS = ("random", "beginner", "intermediate", "ismcts", "expert")
"""Every level :func:`bot_for` knows, weakest first: :data:`LEVELS` and the textbook
ISMCTS opponent (Trixter only, :mod:`tutor.bots.ismcts`), the floor the expert must
clear in the arena. The app does not offer it."""


class Bot:
    """A computer player. Subclasses implement :meth:`act`."""

    level = "base"

    def act(self, observation: Observation) -> Action:
        """The action to take, given ``game.observation(seat)`` for the bot's seat."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """A random legal action; ``seed`` makes its choices reproducible.

    In Trixter it never takes back an earlier bid or trump; in Trix's doubling round it
    may double, claim or pass at random.

    >>> from tutor.engine.observation import TrixterObservation
    >>> obs = TrixterObservation.from_json({"phase": "bid", "legal": ["bid 0", "bid 1", "bid 2"]})
    >>> RandomBot(seed=1).act(obs) == RandomBot(seed=1).act(obs)
    True
    """

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> Action:
        """A random choice among :func:`legal_actions`."""
        acts = legal_actions(observation)
        if not acts:
            raise ValueError("no legal action in this observation")
        return self.rng.choice(acts)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


from tutor.bots.trix import TrixBot  # noqa: E402
from tutor.bots.trixter import TrixterBot  # noqa: E402

_BEGINNERS = {"trixter": TrixterBot, "trix": TrixBot}


def bot_for(game_name: str, level: str = "beginner", seed: int | None = None,
            seconds: float | None = None) -> Bot:
    """A bot for ``game_name`` (``"trixter"`` or ``"trix"``) at ``level`` (one of
    :data:`ARENA_LEVELS`); ``seed`` makes it reproducible. ``seconds`` sets the search
    levels' work per decision (as a budget of rollouts: see :mod:`tutor.bots.search`).

    >>> bot_for("trix", "beginner")
    TrixBot(seed=None)
    >>> bot_for("bridge")
    Traceback (most recent call last):
    ...
    ValueError: no bots for the game 'bridge': choose one of trixter, trix
    >>> bot_for("trixter", "expert", seed=1)
    TrixterSearchBot('expert', seed=1)
    """
    if game_name not in GAMES:
        raise ValueError(f"no bots for the game {game_name!r}: choose one of {', '.join(GAMES)}")
    if level not in ARENA_LEVELS:
        raise ValueError(f"no bot level {level!r}: choose one of {', '.join(ARENA_LEVELS)}")
    # Deferred for their cost, not for a cycle: the search levels load the tree search, the
    # solver and (intermediate, expert) the whole advice, some 30 modules and 0.15 s (more
    # in a browser kernel), which ``from tutor.bots import LEVELS`` (the tables, the CLI,
    # every page) need not pay.
    if level == "ismcts":  # a fixed number of iterations: ``seconds`` does not apply
        if game_name != "trixter":
            raise ValueError("the ismcts level plays Trixter only")
        from tutor.bots.ismcts import ISMCTSBot  # for its cost, above

        return ISMCTSBot(seed)
    if level == "random":
        return RandomBot(seed)
    if level == "beginner":
        return _BEGINNERS[game_name](seed)
    from tutor.bots.search import bot_for_level  # for its cost, above

    return bot_for_level(game_name, level, seed=seed, seconds=seconds)


def play_bot_turn(game: Any, bot: Bot) -> Action:
    """Let ``bot`` act for the seat to move: it sees ``game.observation(game.to_move)`` only;
    the action is applied to ``game`` and returned. ``ValueError`` if nobody is to move."""
    seat = game.to_move
    if seat is None:
        raise ValueError("nobody is to move (the hand is over: apply 'next')")
    action = bot.act(game.observation(seat))
    game.apply(action, seat)
    return action
