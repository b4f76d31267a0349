"""Why the best choice wins, in the game's own words: a catalogue of the ideas players of
each game use, each detected from the seat's view and the advice's own simulations.

An :class:`Idea` is one piece of play a learner can name ("win the trick you need", "throw
the K♥ when void"). Its detector reads two things only: the seat's typed view
(``game.observation(seat)``) and the :class:`~tutor.advice.Advice` (its options, each
option's result per layout in ``per`` and the facts of those same layouts in
``features``). So a reason never depends on a card the seat may not see, and it is named
only when the numbers the hint shows support it: a detector that finds its idea in the
hand but not in the simulations stays silent.

A :class:`Reason` comes in the hint ladder's steps (the puzzles' ladder): ``nudge`` the
idea without naming the choice, then ``text`` the choice and why, in one sentence; the
numbers are the advice's own lines.

The catalogues: :data:`tutor.advice.ideas_trixter.IDEAS`, :data:`tutor.advice.ideas_trix.IDEAS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Idea", "Reason", "Detector", "mean", "share"]


@dataclass(frozen=True)
class Idea:
    """One idea of a game: ``name`` (a key), the ``game`` (``"trixter"``/``"trix"``), the
    decision ``kinds`` it speaks to (``trump``, ``bid``, ``card``, ``contract``,
    ``double``, ``redeal``, ``trex``), a short ``title`` and what it ``teaches`` (a line for
    the catalogue page)."""

    name: str
    game: str
    kinds: tuple[str, ...]
    title: str
    teaches: str


@dataclass(frozen=True)
class Reason:
    """An idea found in a decision: ``nudge`` says the idea and names no choice (the first
    step of a hint); ``text`` names the choice and says why, in one sentence."""

    idea: Idea
    nudge: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"idea": self.idea.name, "title": self.idea.title, "nudge": self.nudge,
                "text": self.text}


Detector = Callable[[Any, Any], "Reason | None"]
"""``detect(view, advice) -> Reason | None``: the view is the seat's typed observation,
the advice the ranked options with their per-layout results and features."""


def mean(xs: Sequence[float]) -> float:
    """The mean of ``xs`` (0 for none)."""
    return sum(xs) / len(xs) if xs else 0.0


def share(xs: Sequence[float]) -> str:
    """A chance as a learner reads it: ``0.62`` → ``62%``; ``0.996`` → ``almost always``;
    ``0.004`` → ``almost never``.

    >>> share([1, 1, 0, 1]), share([1] * 300), share([0] * 300)
    ('75%', 'almost always', 'almost never')
    """
    p = mean(xs)
    if p >= 0.995:
        return "almost always"
    if p <= 0.005:
        return "almost never"
    return f"{round(100 * p)}%"
