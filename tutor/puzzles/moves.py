"""The record of a puzzle being played: a move, and the step it makes (the position
after it), shared by the session and its hint ladder."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine.cards import Card

__all__ = ["Move", "Step"]

Move = tuple[int, "Card | None"]
"""A card played by a seat (``None``: a Trex pass)."""


@dataclass(frozen=True)
class Step:
    """One move and the position after it; ``auto`` marks a learner card played for
    them (their only legal card, or a Trex pass)."""

    seat: int
    card: Card | None
    position: Any
    auto: bool = False
