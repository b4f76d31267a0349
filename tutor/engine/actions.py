"""Actions of both games as small frozen values; ``str(action)`` is its text.

``parse_action(str(a)) == a`` for every action, so a game accepts either form.

>>> parse_action("bid 3"), str(Bid(3))
(Bid(n=3), 'bid 3')
>>> parse_action("10h")
Play(card=Card.parse('TH'))
>>> str(parse_action("contract queens+king"))
'contract king+queens'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from tutor.engine.cards import Card, Suit
from tutor.engine.errors import ParseError
from tutor.engine.i18n import gettext as _

if TYPE_CHECKING:
    from tutor.engine.trix.contracts import Contract

__all__ = [
    "Action", "Play", "Bid", "ChooseTrump", "ChooseContract", "Double", "NoDouble",
    "ClaimRedeal", "NoRedeal", "Pass", "NextHand", "Join", "parse_action",
]


@dataclass(frozen=True)
class Play:
    """Play a card to the trick (or to the Trex layout)."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class Bid:
    """Trixter: bid exactly ``n`` tricks."""

    n: int

    def __str__(self) -> str:
        return f"bid {self.n}"


@dataclass(frozen=True)
class ChooseTrump:
    """Trixter: the dealer names the trump suit (``None`` = no trump, where allowed)."""

    suit: Suit | None

    def __str__(self) -> str:
        return f"trump {self.suit.letter if self.suit is not None else 'none'}"


@dataclass(frozen=True)
class ChooseContract:
    """Trix: the owner names the contract (or several trick contracts when combined)."""

    contracts: frozenset

    def __init__(self, contracts: Contract | frozenset | set | list | tuple) -> None:
        # here, not at the top: the Trix engine imports this module (a cycle)
        from tutor.engine.trix.contracts import Contract

        if isinstance(contracts, (Contract, str)):
            contracts = [contracts]
        object.__setattr__(
            self, "contracts",
            frozenset(c if isinstance(c, Contract) else Contract.parse(c) for c in contracts))
        if not self.contracts:
            raise ParseError(_("a contract is needed"))

    @property
    def contract(self) -> Contract:
        """The single contract (``ValueError`` if several are named)."""
        if len(self.contracts) != 1:
            raise ValueError("several contracts are named")
        return next(iter(self.contracts))

    def __str__(self) -> str:
        return "contract " + "+".join(c.text for c in sorted(self.contracts))

    def __repr__(self) -> str:
        return f"ChooseContract({'+'.join(c.text for c in sorted(self.contracts))!r})"


@dataclass(frozen=True)
class Double:
    """Trix: reveal K♥ or a queen and double it."""

    card: Card

    def __str__(self) -> str:
        return f"double {self.card}"


@dataclass(frozen=True)
class NoDouble:
    """Trix: end your turn in the doubling round."""

    def __str__(self) -> str:
        return "no double"


@dataclass(frozen=True)
class ClaimRedeal:
    """Trix: show your hand and claim a redeal (A5)."""

    def __str__(self) -> str:
        return "redeal"


@dataclass(frozen=True)
class NoRedeal:
    """Trix: decline to claim a redeal."""

    def __str__(self) -> str:
        return "no redeal"


@dataclass(frozen=True)
class Pass:
    """Trex: no card can be played."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class NextHand:
    """Deal the next hand (after a hand is over)."""

    def __str__(self) -> str:
        return "next"


@dataclass(frozen=True)
class Join:
    """Trixter: a new player joins between hands (see ``TrixterGame.add_player``)."""

    name: str

    def __str__(self) -> str:
        return f"join {self.name}"


Action = Union[Play, Bid, ChooseTrump, ChooseContract, Double, NoDouble,  # noqa: UP007
               ClaimRedeal, NoRedeal, Pass, NextHand, Join]
ACTION_TYPES = (Play, Bid, ChooseTrump, ChooseContract, Double, NoDouble, ClaimRedeal,
                NoRedeal, Pass, NextHand, Join)

_WORDS = {"no double": NoDouble(), "redeal": ClaimRedeal(), "no redeal": NoRedeal(),
          "pass": Pass(), "next": NextHand()}


def parse_action(text: str) -> Action:
    """Read an action's text (a card stands for playing it); junk raises
    :class:`~tutor.engine.errors.ParseError`."""
    if isinstance(text, ACTION_TYPES):
        return text
    if isinstance(text, Card):
        return Play(text)
    if not isinstance(text, str):
        raise ParseError(_("not an action: {text!r}").format(text=text))
    t = " ".join(text.strip().split())
    low = t.lower()
    if low in _WORDS:
        return _WORDS[low]
    head, _sep, rest = t.partition(" ")
    head = head.lower()
    if head == "bid" and rest:
        try:
            n = int(rest)
        except ValueError:
            raise ParseError(_("a bid is a whole number: {text!r}").format(text=text)) from None
        return Bid(n)
    if head == "trump" and rest:
        if rest.lower() in ("none", "no", "nt", "notrump", "no trump"):
            return ChooseTrump(None)
        return ChooseTrump(Suit.parse(rest))
    if head == "contract" and rest:
        return ChooseContract(rest.replace(",", "+").split("+"))
    if head == "double" and rest:
        return Double(Card.parse(rest))
    if head == "join" and rest:
        return Join(rest)
    if head == "play" and rest:
        return Play(Card.parse(rest))
    try:
        return Play(Card.parse(t))
    except ParseError:
        raise ParseError(_("not an action: {text!r}").format(text=text)) from None
