"""What a seat (or team) is trying to do, as small value types the solver understands."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import Card, CardSet, Rank, Suit

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


KING_OF_HEARTS = Card(Suit.HEARTS, Rank.KING)
QUEENS = CardSet(Card(s, Rank.QUEEN) for s in Suit)


@dataclass(frozen=True)
class MinPenalty:
    """The best Trix score ``seat`` (or team) can force for the rest of a deal of
    ``contract`` (one trick contract, or several when combined). The value is in points:
    −75 means the K♥ is taken, 0 that nothing is; doubling can make it positive.

    ``doubles`` pairs each doubled card with the seat that doubled it (RULES.md A4).
    """

    seat: int | tuple[int, ...]
    contract: object  # a Contract or a collection of them
    doubles: tuple[tuple[Card, int], ...] = ()
    swap_diamonds_ltoosh: bool = False

    def contracts(self) -> frozenset:
        """The contracts scored, as a set."""
        from ..trix.contracts import Contract

        c = self.contract
        if isinstance(c, (Contract, str)):
            c = [c]
        return frozenset(x if isinstance(x, Contract) else Contract.parse(x) for x in c)

    def card_points(self) -> tuple[dict[int, int], int]:
        """Points per card index to whoever takes it, and points per trick taken."""
        from ..trix.contracts import Contract

        contracts = self.contracts()
        points: dict[int, int] = {}
        per_trick = 0
        if Contract.KING in contracts:
            points[KING_OF_HEARTS.index] = -75
        if Contract.QUEENS in contracts:
            for q in QUEENS:
                points[q.index] = points.get(q.index, 0) - 25
        if Contract.DIAMONDS in contracts:
            for d in CardSet.deck().by_suit(Suit.DIAMONDS):
                points[d.index] = points.get(d.index, 0) + (
                    -15 if self.swap_diamonds_ltoosh else -10)
        if Contract.LTOOSH in contracts:
            per_trick = -10 if self.swap_diamonds_ltoosh else -15
        return points, per_trick


@dataclass(frozen=True)
class TrexPlace:
    """The best Trex finishing place ``seat`` can force, the other three playing against
    it: 1 = first out … 4 = last, so lower is better. For a team (a tuple of seats, e.g.
    ``(0, 2)`` in partnership) the smallest sum of the team's places it can force, which is
    the most Trex points: each place is worth 250 − 50 × place (RULES.md A6).

    >>> TrexPlace((0, 2)).points(3)  # first and second out: 200 + 150
    350
    """

    seat: int | tuple[int, ...]

    def points(self, value: int) -> int:
        """The Trex points a value (a place, or a team's sum of places) is worth."""
        return 250 * len(side_of(self.seat)) - 50 * value


Goal = MaxTricks | Exactly | AvoidCards | MinPenalty | TrexPlace
