"""The Trex layout: four domino rows built out from the jacks (RULES.md A6)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import Card, CardSet, Rank, Suit
from tutor.engine.i18n import gettext as _
from tutor.engine.trix.contracts import TREX_POINTS

__all__ = ["Layout", "TREX_POINTS"]


@dataclass(frozen=True)
class Layout:
    """For each suit, ``None`` until its jack is down, then the lowest and highest rank
    in the row. Immutable: :meth:`play` gives a new layout.

    >>> lay = Layout().play(Card.parse("JH"))
    >>> [str(c) for c in lay.playable(CardSet.parse("QH TH JS 9H"))]
    ['JS', 'QH', 'TH']
    """

    rows: tuple[tuple[int, int] | None, ...] = (None, None, None, None)

    def is_playable(self, card: Card) -> bool:
        """Any jack whose row is empty; else one rank above the top or below the bottom."""
        if card.is_joker:
            return False
        row = self.rows[card.suit]
        if row is None:
            return card.rank == Rank.JACK
        low, high = row
        return card.rank == high + 1 or card.rank == low - 1

    def playable_mask(self, hand_mask: int) -> int:
        """The playable cards of a hand, as a :class:`CardSet` mask."""
        out = 0
        for s in range(4):
            row = self.rows[s]
            if row is None:
                bit = 1 << (13 * s + Rank.JACK - 2)
                out |= hand_mask & bit
                continue
            low, high = row
            if high < Rank.ACE:
                out |= hand_mask & (1 << (13 * s + high + 1 - 2))
            if low > Rank.TWO:
                out |= hand_mask & (1 << (13 * s + low - 1 - 2))
        return out

    def playable(self, hand: CardSet) -> CardSet:
        """The cards of ``hand`` that may be played now."""
        return CardSet.from_mask(self.playable_mask(hand.mask))

    def play(self, card: Card) -> Layout:
        """The layout with ``card`` added (``ValueError`` if it does not fit)."""
        if not self.is_playable(card):
            raise ValueError(_("{card} does not fit the layout").format(card=card.symbol()))
        rows = list(self.rows)
        row = rows[card.suit]
        if row is None:
            rows[card.suit] = (int(card.rank), int(card.rank))
        else:
            rows[card.suit] = (min(row[0], card.rank), max(row[1], card.rank))
        return Layout(tuple(rows))

    def cards(self) -> CardSet:
        """Every card in the layout."""
        out = []
        for s, row in enumerate(self.rows):
            if row is not None:
                out += [Card(Suit(s), Rank(r)) for r in range(row[0], row[1] + 1)]
        return CardSet(out)

    def to_json(self) -> dict[str, list[str] | None]:
        """Each row from its lowest card to its highest, by suit letter."""
        out: dict[str, list[str] | None] = {}
        for s, row in enumerate(self.rows):
            out[Suit(s).letter] = None if row is None else [
                str(Card(Suit(s), Rank(r))) for r in range(row[0], row[1] + 1)]
        return out

    @classmethod
    def from_json(cls, rows: dict[str, list[str] | None]) -> Layout:
        """The layout :meth:`to_json` wrote."""
        out: list[tuple[int, int] | None] = [None] * 4
        for letter, cards in rows.items():
            if cards:
                ranks = [int(Card.parse(c).rank) for c in cards]
                out[Suit.parse(letter)] = (min(ranks), max(ranks))
        return cls(tuple(out))

    def __str__(self) -> str:
        parts = []
        for s, row in enumerate(self.rows):
            suit = Suit(s)
            if row is None:
                parts.append(f"{suit.symbol} —")
            else:
                parts.append(f"{suit.symbol} {Rank(row[0]).label}–{Rank(row[1]).label}")
        return "  ".join(parts)
