"""The table as one seat sees it, for the code that still asks for ``Seen``.

The seat's view is now typed (:mod:`tutor.engine.observation`): ``game.observation(seat)``
is shaped like the public face of a game, so :func:`Seen` only turns an observation's JSON
(from a message or a test) into that view, and hands a typed view back as it is.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> for a in ("trump S", "bid 1", "bid 0", "bid 1", "bid 0"):
...     g.apply(a)
>>> seen = Seen(g.observe(2))
>>> str(seen.hands[2]), [len(h) for h in seen.hands], seen.bids
('.7.A.7', [0, 0, 3, 0], (0, 1, 0, 1))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.engine.observation import Observation, observation_from_json

__all__ = ["Seen"]


def Seen(observation: Observation | Mapping[str, Any]) -> Observation:  # noqa: N802
    """The typed view of ``observation`` (a typed view, or its JSON)."""
    if isinstance(observation, Observation):
        return observation
    return observation_from_json(observation)
