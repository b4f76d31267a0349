"""The rules on card masks, written once, for the searches that cannot afford card objects.

A hand is an int: bit ``13 * suit + rank - 2`` per card (:attr:`Card.index`); a trick is
a list of card indices in the order played, :data:`JOKER` (52) standing for a joker. The
advice's play-outs, the beginner's strategy on masks (:mod:`tutor.search.policy`) and the
ISMCTS tree (:mod:`tutor.search.tree`) play by these. The engine's own rules on cards
(:mod:`tutor.engine.tricks`, :mod:`tutor.engine.trix`) stay the reference;
``tests/test_masks.py`` holds the two equal on random positions.

Only ints, lists of ints and constant tuples, in plain loops: the same functions run as
they are (the browser's Python) and compile with numba where it is present
(``tests/test_masks.py`` compiles them).

>>> trick_winner([12, 0, 51], -1), trick_winner([12, 0, 51], 3)  # A♠ 2♠ A♣: clubs trump
(0, 2)
>>> bin(legal_mask(0b101 | 1 << 13, 1, [14]))  # a heart led: follow with the 2♥
'0b10000000000000'
"""

from __future__ import annotations

__all__ = ["JOKER", "FULL", "SUIT", "HEARTS", "DIAMONDS", "HIGHER", "JACK", "KING_OF_HEARTS",
           "bits", "led_suit",
           "legal_mask", "trix_legal_mask", "trick_winner", "beats", "trex_playable", "trex_place"]

JOKER = 52
"""A joker in a trick, and the bit that stands for "a joker" in :func:`legal_mask`."""

FULL = (1 << 52) - 1
"""Every card of the deck (no jokers)."""

SUIT = tuple(0x1FFF << (13 * s) for s in range(4))
"""The cards of each suit (:class:`~tutor.engine.cards.Suit` order: spades, hearts,
diamonds, clubs)."""

HEARTS, DIAMONDS = 1, 2  # as in :class:`~tutor.engine.cards.Suit`

HIGHER = tuple(SUIT[i // 13] & ~((2 << i) - 1) for i in range(52))
"""The cards of the same suit above each card."""

JACK = 11 - 2
"""A jack's rank index within its suit: the Trex rows start from it."""

KING_OF_HEARTS = 13 * HEARTS + 13 - 2


def bits(mask: int) -> list[int]:
    """The card indices of ``mask``, lowest first: how the Python side walks a mask (the
    compiled rules never need it).

    >>> bits(0b1010)
    [1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def led_suit(trick: list[int]) -> int:
    """The suit led: that of the first card that is not a joker, -1 if none is down."""
    for c in trick:
        if c != JOKER:
            return c // 13
    return -1


def legal_mask(hand: int, jokers: int, trick: list[int]) -> int:
    """The cards of ``hand`` (holding ``jokers`` jokers) that may be played to ``trick``,
    bit 52 standing for a joker (:func:`tutor.engine.tricks.legal_cards` on masks).

    Follow suit if able, else play anything; a joker may be led only from a hand of
    nothing but jokers and played only when void in the suit led; while only jokers are
    down, any card may be played."""
    for c in trick:
        if c != JOKER:
            follow = hand & SUIT[c // 13]
            if follow:
                return follow
            break
    else:
        if not trick:
            return hand if hand else 1 << JOKER
    return hand | (1 << JOKER if jokers else 0)


def trix_legal_mask(hand: int, led: int, ban: int, duty: int) -> int:
    """The cards of ``hand`` that may be played in a Trix trick contract, ``led`` being the
    suit led (-1 to lead): follow suit; a leader holds back the ``ban`` cards unless it has
    nothing else; a seat void in the suit led discards one of the ``duty`` cards if it holds
    one (:func:`tutor.engine.trix.contracts.legal_trick_cards` on masks)."""
    if led < 0:
        return hand & ~ban or hand
    return hand & SUIT[led] or hand & duty or hand


def trick_winner(trick: list[int], trump: int) -> int:
    """Position in ``trick`` of the card that wins it (``trump``: a suit or -1): the highest
    trump, else the highest card of the suit led; jokers never win, and a trick of nothing
    but jokers goes to its leader (:func:`tutor.engine.tricks.trick_winner` on masks)."""
    led = led_suit(trick)
    if led < 0:
        return 0
    best, key = 0, -1
    for pos in range(len(trick)):
        c = trick[pos]
        if c == JOKER:
            continue
        s = c // 13
        if s == trump:
            k = 100 + c % 13
        elif s == led:
            k = c % 13
        else:
            continue
        if k > key:
            best, key = pos, k
    return best


def beats(card: int, top: int, trump: int) -> bool:
    """Whether ``card`` would win over ``top``, the card winning the trick so far (not a
    joker): a higher card of its suit, or a trump over a card that is not one."""
    if card == JOKER:
        return False
    s = card // 13
    if s == trump:
        return top // 13 != trump or card > top
    return s == top // 13 and card > top


def trex_playable(hand: int, low: list[int], high: list[int]) -> int:
    """The cards of ``hand`` that fit the Trex layout: the rows' lowest and highest rank
    index per suit (-1 while the suit's jack is not down). A jack opens its row; a row
    grows one card at either end (:meth:`tutor.engine.trix.trex.Layout.playable_mask`)."""
    out = 0
    for s in range(4):
        base = 13 * s
        if low[s] < 0:
            out |= hand & (1 << (base + JACK))
            continue
        if high[s] < 12:
            out |= hand & (1 << (base + high[s] + 1))
        if low[s] > 0:
            out |= hand & (1 << (base + low[s] - 1))
    return out


def trex_place(low: list[int], high: list[int], card: int) -> None:
    """Put ``card`` (playable) in the Trex layout: its row grows to it (changed in place)."""
    s, r = card // 13, card % 13
    if low[s] < 0:
        low[s] = high[s] = r
    elif r > high[s]:
        high[s] = r
    else:
        low[s] = r
