"""Why the best choice wins, in the game's own words: a catalogue of the ideas players of
each game use, each detected from the seat's view and the advice's own simulations.

An :class:`Idea` is one piece of play a learner can name ("win the trick you need", "throw
the K♥ when void"). Its detector reads two things only: the seat's typed view
(``game.observation(seat)``) and the :class:`~tutor.advice.answer.Advice` (its options, each
option's result per layout in ``per`` and the facts of those same layouts in
``features``). So a reason never depends on a card the seat may not see, and it is named
only when the numbers the hint shows support it: a detector that finds its idea in the
hand but not in the simulations stays silent.

A :class:`Reason` comes in the hint ladder's steps (the puzzles' ladder): ``nudge`` the
idea without naming the choice, then ``text`` the choice and why, in one sentence; the
numbers are the advice's own lines.

The catalogues: the packages :mod:`tutor.advice.ideas_trixter` and
:mod:`tutor.advice.ideas_trix` (the ideas in their ``words``, the detectors by decision).
Each keeps its ideas and its sentences in tables (:func:`ideas_of`, :attr:`Decision.sentences`)
and its detectors as tests on a :class:`Decision` (:func:`given`), so the words a learner reads
stand in one place and a detector holds only what tells its idea apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import wraps
from typing import Any

from tutor.engine.facts import half_away
from tutor.engine.i18n import gettext as _

__all__ = ["Idea", "Reason", "Detector", "Decision", "given", "ideas_of", "feature", "pair",
           "mean", "share"]


@dataclass(frozen=True)
class Idea:
    """One idea of a game: ``name`` (a key), the ``game`` (``"trixter"``/``"trix"``), the
    decision ``kinds`` it speaks to (``trump``, ``bid``, ``card``, ``contract``,
    ``double``, ``redeal``, ``trex``), a short ``title`` and what it ``teaches`` (a line for
    the catalogue page). ``title`` and ``teaches`` are messages in English (marked in the
    tables with ``N_``): say them with ``_(idea.title)``, in the learner's language."""

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
        return {"idea": self.idea.name, "title": _(self.idea.title), "nudge": self.nudge,
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
        return _("almost always")
    if p <= 0.005:
        return _("almost never")
    return _("{percent}%").format(percent=half_away(100 * p))


def often(xs: Sequence[float]) -> str:
    """How often a thing happened over the layouts, as a sentence reads it ("you take it
    back 62%" said nothing of what the 62% is of).

    >>> often([1, 0, 1, 1]), often([1] * 300), often([0] * 300)
    ('75% of the time', 'almost always', 'almost never')
    """
    p = mean(xs)
    if p >= 0.995 or p <= 0.005:
        return share(xs)
    return _("{percent}% of the time").format(percent=half_away(100 * p))


def feature(advice, option, key: str) -> list[float]:
    """The fact ``key`` of ``option`` on each of the advice's layouts (none if not kept)."""
    return advice.features.get(str(option.action), {}).get(key, [])


def pair(advice):
    """The best option and the next best (the one a review's learner chose)."""
    return advice.options[0], advice.options[1]


class Decision:
    """A decision as a detector reads it: the view, the advice and its best two options.
    A catalogue's subclass adds what its detectors share, and :meth:`words` the words its
    sentences share, so a detector keeps only its test and its own words."""

    ideas: dict[str, Idea] = {}
    """The catalogue's ideas by name (a catalogue's subclass sets them)."""
    sentences: dict[str, tuple[str, str]] = {}
    """What each idea says, by its name or ``name/variant``: the nudge, and the text whose
    ``{word}`` places :meth:`say` fills in."""

    def __init__(self, view, advice):
        self.view, self.advice = view, advice
        self.best, self.nxt = pair(advice)

    def fx(self, option, key: str) -> list[float]:
        return feature(self.advice, option, key)

    def gap(self, key: str, a=None, b=None) -> float:
        """How much more often (or more) option ``a`` meets ``key`` than ``b``; by default
        the best than the next best."""
        a, b = self.best if a is None else a, self.nxt if b is None else b
        return mean(self.fx(a, key)) - mean(self.fx(b, key))

    def shares(self, key: str, say: Callable = share) -> tuple[str, str]:
        """How often the best and the next best meet ``key``, as the learner reads it."""
        return say(self.fx(self.best, key)), say(self.fx(self.nxt, key))

    def words(self) -> dict[str, Any]:
        """The words every sentence of the catalogue may use (``{card}``…)."""
        return {}

    def say(self, key: str, as_idea: str | None = None, **words) -> Reason:
        """The reason ``key`` says, filled in from :meth:`words` and the detector's own;
        ``as_idea`` names the idea when several share their sentences."""
        nudge, text = self.sentences[key]
        return Reason(self.ideas[as_idea or key.partition("/")[0]], _(nudge),
                      _(text).format(**{**self.words(), **words}))


def ideas_of(game: str, table: dict[str, tuple[str, str, str]]) -> list[Idea]:
    """A catalogue's ideas from ``{name: (kinds, title, teaches)}`` (kinds space-separated),
    in the table's order.

    >>> ideas_of("trix", {"x": ("card trex", "A title", "What it teaches.")})[0].kinds
    ('card', 'trex')
    """
    return [Idea(name, game, tuple(kinds.split()), title, teaches)
            for name, (kinds, title, teaches) in table.items()]


def given(find: Callable[[Any, Any], Any]) -> Callable[[Callable], Detector]:
    """A detector of the decisions ``find(view, advice)`` accepts: it reads what ``find``
    returns (a :class:`Decision`), and is silent where ``find`` returns ``None``."""

    def wrap(detect: Callable[[Any], Reason | None]) -> Detector:
        @wraps(detect)
        def detector(view, advice) -> Reason | None:
            found = find(view, advice)
            return None if found is None else detect(found)
        return detector
    return wrap
