"""The five contracts of a Trix kingdom."""

from __future__ import annotations

import enum

from ..errors import ParseError

__all__ = ["Contract", "TRICK_CONTRACTS"]


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
