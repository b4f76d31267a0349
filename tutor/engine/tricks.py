"""The trick core shared by Trix and Trixter: which cards may be played, who wins.

Both work on plain sequences of :class:`~tutor.engine.cards.Card` in the order played
(the leader's card first).

>>> from tutor.engine.cards import Card, CardSet, Suit, JOKER
>>> trick = [Card.parse(c) for c in ("QH", "2S", "AH")]
>>> trick_winner(trick, trump=None), trick_winner(trick, trump=Suit.SPADES)
(2, 1)
>>> str(legal_cards(CardSet.from_pbn("A.KQ.2..X"), [JOKER]))
'A.KQ.2..X'
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.cards import Card, CardSet, Suit
from tutor.engine.i18n import gettext as _
from tutor.engine.masks import legal_mask  # the rules on masks, for the searches

__all__ = ["led_suit", "legal_cards", "legal_mask", "trick_winner", "why_illegal"]


def led_suit(trick: Sequence[Card]) -> Suit | None:
    """The suit led: that of the first non-joker card, or ``None`` if none is down yet."""
    for card in trick:
        if not card.is_joker:
            return card.suit
    return None


def legal_cards(hand: CardSet, trick: Sequence[Card]) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick``.

    Follow suit if able, else play anything. Jokers (Trixter): a joker may be led only
    from a hand of nothing but jokers; it may be played only when void in the suit led;
    while no suit is set (only jokers down), any card may be played.
    """
    if not trick:
        if hand.mask:
            return CardSet.from_mask(hand.mask)
        return hand
    suit = led_suit(trick)
    if suit is None:
        return hand
    follow = hand.mask & suit.mask
    if follow:
        return CardSet.from_mask(follow)
    return hand


def why_illegal(card: Card, hand: CardSet, trick: Sequence[Card]) -> str | None:
    """Why ``card`` may not be played from ``hand`` to ``trick``, or ``None`` if it may."""
    if card not in hand:
        return _("{card} is not in your hand").format(card=card.symbol())
    if card in legal_cards(hand, trick):
        return None
    if not trick:
        return _("a joker may be led only when you hold nothing but jokers")
    suit = led_suit(trick)
    return _("you must follow suit: {suit} were led and you hold {suit}").format(
        suit=suit.word)


def trick_winner(trick: Sequence[Card], trump: Suit | None = None) -> int:
    """Position in ``trick`` (0 = leader) of the card that wins it.

    The highest trump wins, else the highest card of the suit led. Jokers never win; a
    trick of nothing but jokers goes to its leader.
    """
    suit = led_suit(trick)
    if suit is None:
        return 0
    best = -1
    best_key = -1
    for i, card in enumerate(trick):
        if card.is_joker:
            continue
        if card.suit == trump:
            key = 100 + card.rank
        elif card.suit == suit:
            key = card.rank
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best

