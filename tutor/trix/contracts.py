"""The five contracts of a Trix kingdom."""

from __future__ import annotations

import enum
from collections.abc import Iterable

from ..cards import CardSet, Suit
from ..errors import ParseError

__all__ = ["Contract", "TRICK_CONTRACTS", "EARLY_END_CARDS", "ends_early", "early_end_words"]


class Contract(enum.IntEnum):
    """King of Hearts, Queens, Diamonds, Ltoosh and Trex (in that order)."""

    KING = 0
    QUEENS = 1
    DIAMONDS = 2
    LTOOSH = 3
    TREX = 4

    @property
    def text(self) -> str:
        """The word in action text: ``king``, ``queens``, ``diamonds``, ``ltoosh``, ``trex``."""
        return self.name.lower()

    @property
    def title(self) -> str:
        """The name a learner reads."""
        return _TITLES[self]

    @property
    def is_trick_contract(self) -> bool:
        """True for the four contracts played in tricks (all but Trex)."""
        return self != Contract.TREX

    @classmethod
    def parse(cls, text: str) -> Contract:
        """``"king"``, ``"King of Hearts"``, ``"queens"``, ``"girls"``, ``"banat"``, ``"trex"``…

        >>> Contract.parse("Girls"), Contract.parse("tricks")
        (<Contract.QUEENS: 1>, <Contract.LTOOSH: 3>)
        """
        t = " ".join(str(text).strip().lower().split())
        if t in _NAMES:
            return _NAMES[t]
        raise ParseError(f"not a contract: {text!r} (king, queens, diamonds, ltoosh, trex)")

    def __str__(self) -> str:
        return self.text


_TITLES = {Contract.KING: "King of Hearts", Contract.QUEENS: "Queens",
           Contract.DIAMONDS: "Diamonds", Contract.LTOOSH: "Ltoosh", Contract.TREX: "Trex"}
_NAMES = {
    "king": Contract.KING, "king of hearts": Contract.KING, "kh": Contract.KING,
    "sheikh el-koobbah": Contract.KING, "sheikh": Contract.KING,
    "queens": Contract.QUEENS, "girls": Contract.QUEENS, "banat": Contract.QUEENS,
    "diamonds": Contract.DIAMONDS, "dinari": Contract.DIAMONDS,
    "ltoosh": Contract.LTOOSH, "tricks": Contract.LTOOSH, "slaps": Contract.LTOOSH,
    "collections": Contract.LTOOSH,
    "trex": Contract.TREX, "trix": Contract.TREX, "domino": Contract.TREX,
}

TRICK_CONTRACTS = frozenset(c for c in Contract if c.is_trick_contract)

EARLY_END_CARDS = {
    Contract.KING: CardSet.parse("KH"),
    Contract.QUEENS: CardSet.parse("QS QH QD QC"),
    Contract.DIAMONDS: CardSet.deck().by_suit(Suit.DIAMONDS),
}
"""RULES.md A2 ``end_early``: the cards whose taking ends a deal of that contract."""

_EARLY_END_WORDS = {
    Contract.KING: "The K♥ has been taken: the deal ends.",
    Contract.QUEENS: "All four queens have been taken: the deal ends.",
    Contract.DIAMONDS: "All 13 diamonds have been taken: the deal ends.",
}


def ends_early(contracts: Iterable[Contract], left: CardSet) -> bool:
    """Whether a deal of ``contracts`` is over before its 13th trick (RULES.md A2,
    ``end_early``): King of Hearts, Queens or Diamonds played alone, once none of its
    cards is ``left`` (in a hand or the trick in play), so every one has been taken. Never
    for Ltoosh, Trex or a combined deal. Puzzles and lesson deals ask here
    (``tests/test_early_end.py`` plays them against the engine).

    >>> ends_early([Contract.KING], CardSet.parse("AH QS")), ends_early([Contract.KING],
    ...                                                                  CardSet.parse("KH"))
    (True, False)
    >>> ends_early([Contract.KING, Contract.QUEENS], CardSet())
    False
    """
    named = set(contracts)
    if len(named) != 1:
        return False
    (c,) = named
    cards = EARLY_END_CARDS.get(c)
    return cards is not None and not (cards & left)


def early_end_words(contracts: Iterable[Contract]) -> str:
    """What the table says when :func:`ends_early` ends the deal."""
    named = set(contracts)
    return _EARLY_END_WORDS.get(next(iter(named)), "") if len(named) == 1 else ""
