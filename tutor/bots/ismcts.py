"""A textbook information-set Monte Carlo tree search player for Trixter: the floor to clear.

Single-Observer ISMCTS (:mod:`tutor.search.tree`) with random playouts and no knowledge of
the game beyond its rules. A game-specific engine is worth its code only if it clearly
beats this (issue 19). It is an arena opponent, not a level the app offers
(``ARENA_LEVELS``). The move is the root child visited most; a move with no alternative is
made without search. The random numbers come from the bot's seed and the observation, so
the same observation and seed give the same move, whatever the hidden cards are.

>>> from tutor import TrixterGame
>>> from tutor.bots import play_bot_turn
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> bots = [ISMCTSBot(seed=s, iterations=50) for s in range(4)]
>>> while g.to_move is not None:
...     _ = play_bot_turn(g, bots[g.to_move])
>>> g.phase.value
'hand_over'
"""

from __future__ import annotations

import random

from tutor.bots import Bot
from tutor.engine.actions import Action
from tutor.engine.observation import TrixterObservation, as_observation
from tutor.search.legal import legal_actions
from tutor.search.tree import EXPLORATION, ITERATIONS, search

__all__ = ["ISMCTSBot"]


class ISMCTSBot(Bot):
    """The textbook ISMCTS player for Trixter (see the module): ``iterations`` per
    decision (default :data:`ITERATIONS`), UCB1 constant ``exploration``; ``seed``
    makes it reproducible (``None``: a seed drawn once, at random)."""

    level = "ismcts"

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 exploration: float = EXPLORATION) -> None:
        iterations = ITERATIONS if iterations is None else iterations
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations must be a whole number of at least 1, "
                             f"not {iterations!r}")
        self.seed = seed
        self._seed = seed if seed is not None else random.randrange(2 ** 32)
        self.iterations = iterations
        self.exploration = exploration

    def act(self, observation: TrixterObservation) -> Action:
        """The most visited root move; a forced move (or "next") without search."""
        observation = as_observation(observation)
        if observation.KIND != "trixter":
            raise ValueError("the ISMCTS bot plays Trixter only")
        acts = legal_actions(observation)
        if not acts:
            raise ValueError("no legal action in this observation")
        if len(acts) == 1:
            return acts[0]
        return search(observation, self.iterations, self._seed, self.exploration).best

    def __repr__(self) -> str:
        return f"ISMCTSBot(seed={self.seed!r}, iterations={self.iterations})"
