"""The review's words: numbers to one decimal with a real minus, values as the review
table shows them, a contract against an average hand, an action as a learner reads it.
The same words in the table and in the sentence under it."""

from __future__ import annotations

import math

from tutor.advice.answer import label
from tutor.engine.actions import Bid, ClaimRedeal, Double, parse_action

__all__ = ["number_words", "value_words", "versus_average", "action_words"]


def versus_average(x: float) -> str:
    """A contract's gain in words, with the number the table shows.

    >>> versus_average(-56.25)
    '56.3 points worse than an average hand'
    >>> versus_average(1), versus_average(0.01)
    ('1 point better than an average hand', 'as much as an average hand')
    """
    n = number_words(abs(x))
    if n == "0":
        return "as much as an average hand"
    word = "better" if x > 0 else "worse"
    return f"{n} point{'s' if n != '1' else ''} {word} than an average hand"




def _tenths(x: float) -> int:
    """``x`` in tenths, halves away from zero (as a person rounds, and the same on every
    machine: Python's own rounding goes to even, JavaScript's up)."""
    n = math.floor(abs(x) * 10 + 0.5 + 1e-9)
    return -n if x < 0 else n


def number_words(x: float) -> str:
    """A number to one decimal at most, with a real minus sign.

    >>> number_words(6.25), number_words(-2.04), number_words(16.0)
    ('6.3', '−2', '16')
    """
    t = _tenths(x)
    text = str(abs(t) // 10) if t % 10 == 0 else f"{abs(t) // 10}.{abs(t) % 10}"
    return ("−" if t < 0 else "") + text


def value_words(value: float | None, unit: str) -> str:
    """A value as the review shows it, in the table and in its sentence alike: a chance
    as a percentage, a Trex place, points signed (``None``: "–").

    >>> value_words(0.625, "chance"), value_words(2.25, "place"), value_words(6.25, "points")
    ('63%', 'place 2.3', '+6.3')
    >>> value_words(-2.5, "points"), value_words(0.04, "points")
    ('−2.5', '0')
    """
    if value is None:
        return "–"
    if unit == "chance":
        return f"{math.floor(value * 100 + 0.5 + 1e-9)}%"
    if unit == "place":
        return f"place {number_words(value)}"
    n = number_words(value)
    return n if n.startswith("−") or n == "0" else "+" + n


def action_words(text: str) -> str:
    """An action as a learner reads it: ``"QS"`` → ``"Q♠"``, ``"bid 2"`` → ``"bidding 2"``."""
    a = parse_action(text)
    if isinstance(a, Bid):
        return f"bidding {a.n}"
    if isinstance(a, Double):
        return f"doubling {a.card.symbol()}"
    if isinstance(a, ClaimRedeal):
        return str(a)
    return label(a)  # the advice's name of it: the same words in the hint and the review
