"""The two errors a learner's input can raise; both are ``ValueError``s."""

from __future__ import annotations


class ParseError(ValueError):
    """Text that is not a card, hand, deal or action (the message names the bad token)."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules forbid now; the game is left unchanged."""
