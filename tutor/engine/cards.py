"""Cards, jokers and hands.

A :class:`Card` is a small immutable value; a :class:`CardSet` is an immutable
set of cards kept as a 52-bit mask (bit ``13 * suit + rank - 2``) plus a count of
jokers, with the full Python set API.

>>> hand = CardSet.from_pbn("AK2.QJ.T98.76543")
>>> len(hand), Card.parse("10d") in hand
(13, True)
>>> str(hand.by_suit(Suit.HEARTS))
'.QJ..'
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from tutor.engine.errors import ParseError
from tutor.engine.i18n import gettext as _, N_, ngettext

__all__ = [
    "Suit", "Rank", "Card", "JOKER", "CardSet", "Deal", "deal", "parse_deal", "format_deal",
    "deck", "CARDS",
]


class Suit(enum.IntEnum):
    """The four suits in PBN order: spades, hearts, diamonds, clubs."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """``"S"``, ``"H"``, ``"D"`` or ``"C"``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """``"♠"``, ``"♥"``, ``"♦"`` or ``"♣"``."""
        return "♠♥♦♣"[self]

    @property
    def word(self) -> str:
        """The suit's name as a learner reads it: ``"spades"``, ``"hearts"``…"""
        return _(_SUIT_WORDS[self])

    @property
    def mask(self) -> int:
        """The 13 bits of this suit in a :class:`CardSet` mask."""
        return 0x1FFF << (13 * self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Lenient suit lookup: ``"H"``, ``"h"``, ``"♥"``, ``"hearts"``.

        >>> Suit.parse("♦"), Suit.parse("clubs")
        (<Suit.DIAMONDS: 2>, <Suit.CLUBS: 3>)
        """
        t = text.strip().lower()
        if t in _SUIT_TEXT:
            return _SUIT_TEXT[t]
        raise ParseError(_("not a suit: {text!r}").format(text=text))

    def __str__(self) -> str:
        return self.letter


_SUIT_WORDS = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
_SUIT_TEXT = {}
for _s in Suit:
    for _t in (_s.letter, _s.symbol, _s.name, _s.name[:-1]):
        _SUIT_TEXT[_t.lower()] = _s
# Outline symbols and emoji variants that people paste in.
_SUIT_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
                   "♥️": Suit.HEARTS, "♦️": Suit.DIAMONDS, "♠️": Suit.SPADES, "♣️": Suit.CLUBS})


class Rank(enum.IntEnum):
    """Ranks 2..14, ace high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """One character: ``"A"``, ``"K"``, …, ``"T"``, …, ``"2"``."""
        return _RANK_LETTERS[self - 2]

    @property
    def label(self) -> str:
        """As printed on the card: ``"10"`` for the ten."""
        return "10" if self == Rank.TEN else self.letter

    @classmethod
    def parse(cls, text: str) -> Rank:
        """``"A"``, ``"t"``, ``"10"``, ``"7"``."""
        t = text.strip().upper()
        if t == "10":
            return Rank.TEN
        if len(t) == 1 and t in _RANK_LETTERS:
            return Rank(_RANK_LETTERS.index(t) + 2)
        raise ParseError(_("not a rank: {text!r}").format(text=text))

    def __str__(self) -> str:
        return self.letter


_RANK_LETTERS = "23456789TJQKA"


class Card:
    """One card: a suit and a rank, or the joker (no suit, no rank).

    Cards are interned, so ``Card.parse("TH") is Card(Suit.HEARTS, Rank.TEN)``.

    >>> Card.parse("10h") == Card.parse("TH") == Card.parse("T♥") == Card.parse("th")
    True
    >>> str(Card.parse("10♥")), Card.parse("TH").symbol()
    ('TH', '10♥')
    """

    __slots__ = ("suit", "rank", "index", "_text")
    suit: Suit | None
    rank: Rank | None
    index: int  # bit in a CardSet mask; 52 for the joker

    def __new__(cls, suit: Suit | None, rank: Rank | None = None) -> Card:
        if suit is None and rank is None:
            return JOKER
        try:
            return _CARDS[13 * Suit(suit) + Rank(rank) - 2]
        except (ValueError, TypeError, NameError):
            raise ParseError(f"not a card: suit={suit!r} rank={rank!r}") from None

    @classmethod
    def _make(cls, suit: Suit | None, rank: Rank | None, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "_text", "X" if suit is None else rank.letter + suit.letter)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self):
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict) -> Card:
        return self

    @property
    def is_joker(self) -> bool:
        """True for the joker (Trixter with 5+ players, or 3)."""
        return self.index == 52

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank then suit (``TH``, ``10h``, ``10♥``, ``th``), suit then rank
        (``H10``, ``♥T``), or the joker (``X``, ``🃏``, ``joker``)."""
        if not isinstance(text, str):
            raise ParseError(_("not a card: {text!r}").format(text=text))
        t = text.strip()
        card = _CARD_TEXT.get(t.upper())
        if card is not None:
            return card
        low = t.lower()
        if low in ("x", "🃏", "joker", "jk"):
            return JOKER
        if not 2 <= len(low) <= 10:
            raise ParseError(_("not a card: {text!r}").format(text=text))
        for suit_text, suit in _SUIT_TEXT.items():
            if low.endswith(suit_text) and len(low) > len(suit_text):
                rank_text = low[: -len(suit_text)]
            elif low.startswith(suit_text) and len(low) > len(suit_text):
                rank_text = low[len(suit_text):]
            else:
                continue
            try:
                return Card(suit, Rank.parse(rank_text))
            except ParseError:
                continue
        raise ParseError(_("not a card: {text!r}").format(text=text))

    def symbol(self) -> str:
        """Text for people: ``"10♥"``, ``"A♠"``, ``"joker"`` (the word the card shows)."""
        if self.is_joker:
            return _("joker")
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        # Hand order: by suit (S H D C), then high rank first; the joker last.
        return _ORDER_KEY[self.index] < _ORDER_KEY[other.index]


_CARDS: list[Card] = [Card._make(Suit(i // 13), Rank(i % 13 + 2), i) for i in range(52)]
JOKER: Card = Card._make(None, None, 52)
_ALL_CARDS = _CARDS + [JOKER]
CARDS: tuple[Card, ...] = tuple(_CARDS)
"""The 52 cards in index order (``CARDS[i].index == i``), no joker: a public, unchangeable
deck for code that samples or filters cards in a fixed order (the Trix bot's sample deals,
the contract simulations), where :func:`deck` gives a fresh list in hand order."""
_CARD_TEXT = {}
for _c in _CARDS:
    _CARD_TEXT[str(_c)] = _c
    _CARD_TEXT[_c.rank.label + _c.suit.letter] = _c
_ORDER_KEY = [13 * (i // 13) + 12 - i % 13 for i in range(52)] + [52]

FULL_MASK = (1 << 52) - 1


def _bits_hand_order(mask: int) -> Iterator[int]:
    """Bit indices of ``mask`` suit by suit (S H D C), high rank first."""
    for s in range(4):
        m = (mask >> (13 * s)) & 0x1FFF
        base = 13 * s
        while m:
            b = m.bit_length() - 1
            yield base + b
            m ^= 1 << b


class CardSet:
    """An immutable set of cards: a 52-bit mask plus a count of jokers.

    Set operators work as for ``frozenset`` (``|``, ``&``, ``-``, ``^``, ``<=``,
    ``in``, ``len``). Jokers are alike, so they count like a ``Counter``: ``|``
    keeps the larger count, ``&`` the smaller, ``-`` subtracts (not below zero),
    and ``+`` adds two disjoint sets (for putting hands together).

    Iteration is in hand order: spades, hearts, diamonds, clubs, each high to low,
    then the jokers.

    >>> CardSet.from_pbn("AK2.QJ.T98.765.XX")
    CardSet.from_pbn('AK2.QJ.T98.765.XX')
    >>> [str(c) for c in CardSet.parse("2c ah 10h X")]
    ['AH', 'TH', '2C', 'X']
    """

    __slots__ = ("mask", "jokers")
    mask: int
    jokers: int

    def __init__(self, cards: Iterable[Card | str] = ()) -> None:
        mask = 0
        jokers = 0
        for c in cards:
            card = c if isinstance(c, Card) else Card.parse(c)
            if card.is_joker:
                jokers += 1
            else:
                mask |= 1 << card.index
        object.__setattr__(self, "mask", mask)
        object.__setattr__(self, "jokers", jokers)

    @classmethod
    def from_mask(cls, mask: int, jokers: int = 0) -> CardSet:
        """The set with these bits (``13 * suit + rank - 2``) and this many jokers."""
        cs = object.__new__(cls)
        object.__setattr__(cs, "mask", mask & FULL_MASK)
        object.__setattr__(cs, "jokers", jokers)
        return cs

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __copy__(self) -> CardSet:
        return self

    def __deepcopy__(self, memo: dict) -> CardSet:
        return self

    def __reduce__(self):
        return (CardSet.from_mask, (self.mask, self.jokers))

    # --- text -------------------------------------------------------------
    @classmethod
    def from_pbn(cls, text: str) -> CardSet:
        """A hand in PBN order ``spades.hearts.diamonds.clubs`` (``-`` or nothing for a
        void), with an optional fifth group of jokers ``X``. ``10`` is accepted for ``T``.

        >>> len(CardSet.from_pbn("AK2.QJ.T98.76543"))
        13
        >>> CardSet.from_pbn("AK2.QJ.T98")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        ...
        ParseError: a hand needs 4 suits separated by '.' (5 with jokers): 'AK2.QJ.T98'
        """
        if not isinstance(text, str):
            raise ParseError(_("not a hand: {text!r}").format(text=text))
        groups = text.strip().split(".")
        if len(groups) not in (4, 5):
            raise ParseError(_("a hand needs 4 suits separated by '.' (5 with jokers): "
                               "{text!r}").format(text=text))
        mask = 0
        for s, group in enumerate(groups[:4]):
            g = group.strip().upper().replace("10", "T")
            if g == "-":
                continue
            for ch in g:
                if ch not in _RANK_LETTERS:
                    raise ParseError(_("not a rank: {rank!r} in {suit} of {text!r}").format(
                        rank=ch, suit=Suit(s).word, text=text))
                bit = 1 << (13 * s + _RANK_LETTERS.index(ch))
                if mask & bit:
                    raise ParseError(_("card {card} twice in {text!r}").format(
                        card=ch + Suit(s).letter, text=text))
                mask |= bit
        jokers = 0
        if len(groups) == 5:
            g = groups[4].strip().upper()
            if g not in ("", "-"):
                for ch in g.replace("🃏", "X"):
                    if ch != "X":
                        raise ParseError(_("not a joker: {char!r} in the fifth group of "
                                           "{text!r}").format(char=ch, text=text))
                    jokers += 1
        return cls.from_mask(mask, jokers)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """A hand as PBN (``"AK2.QJ.T98.7654"``) or as cards separated by spaces or
        commas (``"AS KS 10h X"``)."""
        if not isinstance(text, str):
            raise ParseError(_("not a hand: {text!r}").format(text=text))
        if "." in text:
            return cls.from_pbn(text)
        tokens = text.replace(",", " ").split()
        cards = [Card.parse(t) for t in tokens]
        result = cls(cards)
        if len(result) != len(cards):
            raise ParseError(_("a card appears twice in {text!r}").format(text=text))
        return result

    def pbn(self) -> str:
        """PBN text: ``"AK2.QJ.T98.7654"``; jokers, if any, as a fifth group ``"XX"``."""
        groups = []
        for s in range(4):
            m = (self.mask >> (13 * s)) & 0x1FFF
            groups.append("".join(_RANK_LETTERS[b] for b in range(12, -1, -1) if m >> b & 1))
        if self.jokers:
            groups.append("X" * self.jokers)
        return ".".join(groups)

    def __str__(self) -> str:
        return self.pbn()

    def __repr__(self) -> str:
        return f"CardSet.from_pbn({self.pbn()!r})"

    def symbols(self) -> str:
        """For people: ``"♠AK2 ♥QJ ♦1098 ♣7654"``."""
        parts = []
        for suit in Suit:
            ranks = [c.rank.label for c in self.by_suit(suit)]
            parts.append(suit.symbol + ("".join(ranks) if ranks else "—"))
        if self.jokers:
            n = self.jokers
            parts.append(_("joker") if n == 1
                         else ngettext("{n} joker", "{n} jokers", n).format(n=n))
        return " ".join(parts)

    # --- set API ----------------------------------------------------------
    def __len__(self) -> int:
        return self.mask.bit_count() + self.jokers

    def __bool__(self) -> bool:
        return bool(self.mask or self.jokers)

    def __iter__(self) -> Iterator[Card]:
        for b in _bits_hand_order(self.mask):
            yield _CARDS[b]
        for _j in range(self.jokers):
            yield JOKER

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except ParseError:
                return False
        if not isinstance(card, Card):
            return False
        if card.is_joker:
            return self.jokers > 0
        return bool(self.mask >> card.index & 1)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask == other.mask and self.jokers == other.jokers

    def __hash__(self) -> int:
        return hash((self.mask, self.jokers))

    @staticmethod
    def _coerce(other: object) -> CardSet:
        if isinstance(other, CardSet):
            return other
        if isinstance(other, Card):
            return CardSet((other,))
        if isinstance(other, (str, Iterable)):
            return CardSet.parse(other) if isinstance(other, str) else CardSet(other)
        return NotImplemented

    def __or__(self, other: CardSet | Iterable[Card]) -> CardSet:
        o = self._coerce(other)
        if o is NotImplemented:
            return NotImplemented
        return CardSet.from_mask(self.mask | o.mask, max(self.jokers, o.jokers))

    __ror__ = __or__

    def __and__(self, other: CardSet | Iterable[Card]) -> CardSet:
        o = self._coerce(other)
        if o is NotImplemented:
            return NotImplemented
        return CardSet.from_mask(self.mask & o.mask, min(self.jokers, o.jokers))

    __rand__ = __and__

    def __sub__(self, other: CardSet | Iterable[Card]) -> CardSet:
        o = self._coerce(other)
        if o is NotImplemented:
            return NotImplemented
        return CardSet.from_mask(self.mask & ~o.mask, max(0, self.jokers - o.jokers))

    def __xor__(self, other: CardSet | Iterable[Card]) -> CardSet:
        o = self._coerce(other)
        if o is NotImplemented:
            return NotImplemented
        return CardSet.from_mask(self.mask ^ o.mask, abs(self.jokers - o.jokers))

    __rxor__ = __xor__

    def __add__(self, other: CardSet | Iterable[Card]) -> CardSet:
        o = self._coerce(other)
        if o is NotImplemented:
            return NotImplemented
        return CardSet.from_mask(self.mask | o.mask, self.jokers + o.jokers)

    __radd__ = __add__

    def __le__(self, other: CardSet) -> bool:
        o = self._coerce(other)
        return self.mask & ~o.mask == 0 and self.jokers <= o.jokers

    def __lt__(self, other: CardSet) -> bool:
        return self <= other and self != other

    def __ge__(self, other: CardSet) -> bool:
        return self._coerce(other) <= self

    def __gt__(self, other: CardSet) -> bool:
        return self._coerce(other) < self

    def issubset(self, other: Iterable[Card]) -> bool:
        """Like ``frozenset.issubset``."""
        return self <= self._coerce(other)

    def issuperset(self, other: Iterable[Card]) -> bool:
        """Like ``frozenset.issuperset``."""
        return self >= self._coerce(other)

    def isdisjoint(self, other: Iterable[Card]) -> bool:
        """Like ``frozenset.isdisjoint``."""
        return not (self & self._coerce(other))

    union = __or__
    intersection = __and__
    difference = __sub__
    symmetric_difference = __xor__

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added (one more joker for the joker)."""
        if card.is_joker:
            return CardSet.from_mask(self.mask, self.jokers + 1)
        return CardSet.from_mask(self.mask | 1 << card.index, self.jokers)

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card`` (one joker fewer); ``KeyError`` if it is absent."""
        if card not in self:
            raise KeyError(str(card))
        if card.is_joker:
            return CardSet.from_mask(self.mask, self.jokers - 1)
        return CardSet.from_mask(self.mask & ~(1 << card.index), self.jokers)

    # --- game helpers -----------------------------------------------------
    def by_suit(self, suit: Suit | str) -> CardSet:
        """The cards of one suit (no jokers)."""
        s = suit if isinstance(suit, Suit) else Suit.parse(suit)
        return CardSet.from_mask(self.mask & s.mask)

    def suit_length(self, suit: Suit) -> int:
        """How many cards of ``suit`` the set holds."""
        return (self.mask & suit.mask).bit_count()

    def has_suit(self, suit: Suit) -> bool:
        """True unless void in ``suit``."""
        return bool(self.mask & suit.mask)

    def suits(self) -> list[Suit]:
        """The suits present, in PBN order."""
        return [s for s in Suit if self.mask & s.mask]

    def highest(self, suit: Suit) -> Card | None:
        """The highest card of ``suit`` held, or ``None`` when void."""
        m = self.mask & suit.mask
        return _CARDS[m.bit_length() - 1] if m else None

    def lowest(self, suit: Suit) -> Card | None:
        """The lowest card of ``suit`` held, or ``None`` when void."""
        m = self.mask & suit.mask
        return _CARDS[(m & -m).bit_length() - 1] if m else None

    def without_jokers(self) -> CardSet:
        """The same cards, no jokers."""
        return CardSet.from_mask(self.mask)

    @classmethod
    def deck(cls, jokers: int = 0) -> CardSet:
        """All 52 cards, plus ``jokers`` jokers."""
        return cls.from_mask(FULL_MASK, jokers)


def deck(jokers: int = 0) -> list[Card]:
    """The deck as a list in hand order, jokers last (a fresh list to shuffle)."""
    return list(_CARDS_HAND_ORDER) + [JOKER] * jokers


_CARDS_HAND_ORDER = [_CARDS[b] for b in _bits_hand_order(FULL_MASK)]


class Deal(NamedTuple):
    """The hands of one deal, seat by seat, and the cards left undealt (face down)."""

    hands: list[CardSet]
    undealt: CardSet


def deal(n_players: int, hand_size: int, jokers: int = 0,
         rng: random.Random | int | None = None) -> Deal:
    """Shuffle 52 cards and ``jokers`` jokers and deal ``hand_size`` to each seat.

    ``rng`` is a ``random.Random`` or a seed; the same seed gives the same deal.

    >>> d = deal(4, 13, rng=7)
    >>> [len(h) for h in d.hands], len(d.undealt)
    ([13, 13, 13, 13], 0)
    """
    if not 1 <= n_players <= 52:
        raise ValueError(f"cannot deal to {n_players} players")
    if n_players * hand_size > 52 + jokers or hand_size < 0:
        raise ValueError(f"cannot deal {hand_size} cards to {n_players} players "
                         f"from {52 + jokers} cards")
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    cards = deck(jokers)
    rng.shuffle(cards)
    hands = [CardSet(cards[i * hand_size:(i + 1) * hand_size]) for i in range(n_players)]
    return Deal(hands, CardSet(cards[n_players * hand_size:]))


_COMPASS = "NESW"


def parse_deal(text: str | Sequence[str], players: int | None = None) -> list[CardSet]:
    """Hands from deal text, seat by seat.

    Accepts PBN-like ``"N:hand hand hand hand"`` (the letter names the seat of the first
    hand, N=0 E=1 S=2 W=3, and the hands follow in seat order), plain space-separated
    hands for any number of seats, or a list of hand strings. No card may appear twice.

    >>> [len(h) for h in parse_deal("N:AKQJ... .AKQJ.. ..AKQJ. ...AKQJ")]
    [4, 4, 4, 4]
    >>> parse_deal("E:A... K... Q... J...")[1]
    CardSet.from_pbn('A...')
    """
    first = 0
    if isinstance(text, str):
        t = text.strip()
        if len(t) >= 2 and t[1] == ":" and t[0].upper() in _COMPASS:
            first = _COMPASS.index(t[0].upper())
            t = t[2:]
        tokens = t.split()
    else:
        tokens = list(text)
    if players is not None and len(tokens) != players:
        raise ParseError(_("expected {players} hands, got {n}: {text!r}").format(
            players=players, n=len(tokens), text=text))
    if first and len(tokens) != 4:
        raise ParseError(_("a compass letter needs exactly 4 hands: {text!r}").format(text=text))
    hands = []
    seen = CardSet()
    for i, tok in enumerate(tokens):
        try:
            hand = tok if isinstance(tok, CardSet) else CardSet.parse(tok)
        except ParseError as e:
            raise ParseError(_("hand {n}: {error}").format(n=i + 1, error=e)) from None
        clash = (hand & seen).without_jokers()
        if clash:
            raise ParseError(_("hand {n}: {card} is already in another hand").format(
                n=i + 1, card=next(iter(clash))))
        seen = seen + hand
        hands.append(hand)
    if first:
        hands = hands[-first:] + hands[:-first]
    return hands


def format_deal(hands: Sequence[CardSet]) -> str:
    """Deal text: ``"N:h0 h1 h2 h3"`` for four hands, plain hands otherwise."""
    body = " ".join(h.pbn() for h in hands)
    return "N:" + body if len(hands) == 4 else body
