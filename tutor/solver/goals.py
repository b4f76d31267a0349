"""What a seat (or team) is trying to do, as small value types the solver understands."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Union

from tutor.engine.cards import Card, CardSet
from tutor.engine.trix.contracts import Contract
from tutor.engine.trix.contracts import card_scores, trick_points
from tutor.engine.trix.contracts import trex_team_points

__all__ = ["MaxTricks", "Exactly", "AvoidCards", "MinPenalty", "TrexPlace", "Goal", "side_of"]


def side_of(seat: int | Iterable[int]) -> frozenset[int]:
    """A seat or a team as a set of seats."""
    if isinstance(seat, int):
        return frozenset((seat,))
    return frozenset(seat)


@dataclass(frozen=True)
class MaxTricks:
    """As many tricks as possible for ``seat`` (a seat, or a team as a tuple of seats).
    The value counts the tricks still to be played."""

    seat: int | tuple[int, ...]


@dataclass(frozen=True)
class Exactly:
    """Can ``seat`` end the hand with exactly ``n`` tricks, those already won included?
    The value is 1 (yes, whatever the others do) or 0."""

    seat: int
    n: int


@dataclass(frozen=True)
class AvoidCards:
    """Can ``seat`` avoid taking every one of ``cards`` (e.g. the K♥)? 1 or 0."""

    seat: int
    cards: CardSet

    def __init__(self, seat: int, cards: CardSet | Iterable[Card | str] | str) -> None:
        object.__setattr__(self, "seat", seat)
        if isinstance(cards, str):
            cards = CardSet.parse(cards)
        object.__setattr__(self, "cards", cards if isinstance(cards, CardSet) else CardSet(cards))


@dataclass(frozen=True)
class MinPenalty:
    """The best Trix score ``seat`` (or team) can force for the rest of a deal of
    ``contract`` (one trick contract, or several when combined). The value is in points:
    −75 means the K♥ is taken, 0 that nothing is; doubling can make it positive.

    ``doubles`` pairs each doubled card with the seat that doubled it (RULES.md A4). The
    numbers are the engine's (:mod:`tutor.engine.trix.contracts`), with the game's options
    ``swap_diamonds_ltoosh`` and ``reversed_signs``: the value stays "higher is better"
    under reversed signs, and :meth:`points` gives it as the score sheet writes it.
    """

    seat: int | tuple[int, ...]
    contract: object  # a Contract or a collection of them
    doubles: tuple[tuple[Card, int], ...] = ()
    swap_diamonds_ltoosh: bool = False
    reversed_signs: bool = False

    @classmethod
    def from_rules(cls, seat: int | tuple[int, ...], contract: Iterable,
                   doubles: Iterable[tuple[Card, int]], rules) -> MinPenalty:
        """The goal for a deal of ``contract`` under a game's :class:`TrixRules`."""
        return cls(seat, tuple(sorted(contract)), tuple(doubles),
                   swap_diamonds_ltoosh=rules.swap_diamonds_ltoosh,
                   reversed_signs=rules.reversed_signs)

    def contracts(self) -> frozenset:
        """The contracts scored, as a set."""

        c = self.contract
        if isinstance(c, (Contract, str)):
            c = [c]
        return frozenset(x if isinstance(x, Contract) else Contract.parse(x) for x in c)

    def card_table(self) -> tuple[dict[int, tuple[int, int, int, int]], int]:
        """What each scoring card (by index) is worth, and the points per trick taken: for
        each card ``(plain, doubled, doubler_gain, doubler)`` from
        :func:`tutor.engine.trix.contracts.card_scores`, ``doubler`` the seat that doubled it or
        −1. Both solver engines build their arrays from this."""

        contracts = self.contracts()
        doubler = {c.index: s for c, s in self.doubles}
        table = {card.index: (sc.plain, sc.doubled, sc.doubler, doubler.get(card.index, -1))
                 for card, sc in card_scores(contracts, self.swap_diamonds_ltoosh).items()}
        return table, trick_points(contracts, self.swap_diamonds_ltoosh)

    def card_points(self) -> tuple[dict[int, int], int]:
        """Points per card index to whoever takes it (not doubled), and points per trick
        taken."""
        table, per_trick = self.card_table()
        return {i: row[0] for i, row in table.items()}, per_trick

    def points(self, value: int) -> int:
        """A value as the score sheet writes it (negated under ``reversed_signs``)."""
        return -value if self.reversed_signs else value


@dataclass(frozen=True)
class TrexPlace:
    """The best Trex finishing place ``seat`` can force, the other three playing against
    it: 1 = first out … 4 = last, so lower is better. For a team (a tuple of seats, e.g.
    ``(0, 2)`` in partnership) the smallest sum of the team's places it can force, which is
    the most Trex points (:data:`tutor.engine.trix.contracts.TREX_POINTS`, evenly spaced).

    >>> TrexPlace((0, 2)).points(3)  # first and second out: 200 + 150
    350
    """

    seat: int | tuple[int, ...]

    def points(self, value: int) -> int:
        """The Trex points a value (a place, or a team's sum of places) is worth."""

        return trex_team_points(value, len(side_of(self.seat)))


# Union, not |: the benchmarks also run under PyPy 3.9 (Debian's pypy3), about 5x faster.
Goal = Union[MaxTricks, Exactly, AvoidCards, MinPenalty, TrexPlace]  # noqa: UP007
