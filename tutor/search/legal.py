"""The choices a seat really has: its legal actions, without Trixter's take-backs."""

from __future__ import annotations

from typing import Any

from tutor.engine.actions import Action, Bid, ChooseTrump, NextHand, Play
from tutor.engine.observation import Observation, as_observation
from tutor.engine.protocol import Phase

__all__ = ["legal_actions"]

# Trixter: the kind of action a seat to move makes in each phase. Its legal list may
# also hold changes of an earlier bid or trump, which a bot never makes.
_TRIXTER_KINDS = {Phase.TRUMP: (ChooseTrump,), Phase.BID: (Bid,), Phase.PLAY: (Play,),
                  Phase.HAND_OVER: (NextHand,)}


def legal_actions(observation: Observation | dict[str, Any]) -> list[Action]:
    """The actions a bot may choose from: the observation's legal actions, without
    Trixter's take-backs (a changed bid or trump) when a fresh move is due.

    >>> from tutor.engine.observation import TrixterObservation
    >>> obs = TrixterObservation.from_json(
    ...     {"phase": "bid", "legal": ["bid 0", "bid 1", "trump S"]})
    >>> [str(a) for a in legal_actions(obs)]
    ['bid 0', 'bid 1']
    """
    observation = as_observation(observation)  # the view, or its JSON as a message carries it
    acts = list(observation.legal)
    if observation.KIND == "trixter":
        kinds = _TRIXTER_KINDS.get(observation.phase)
        if kinds is not None:
            fresh = [a for a in acts if isinstance(a, kinds)]
            if fresh:
                return fresh
    return acts
