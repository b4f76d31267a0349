"""Hands dealt by hand for the tests of the round of doubles (its pace, its rehearsal)."""

from __future__ import annotations

from tutor.engine.cards import Card, CardSet, Suit, deck


def deal_with(holder: int, cards: list[str]) -> list[CardSet]:
    """Thirteen cards a seat dealt round from a sorted deck, then ``cards`` moved to
    ``holder`` (each swapped for one of its cards outside hearts), so it holds more hearts
    than the K♥ and A♥ and never has a redeal to claim."""
    full = deck()
    hands = [full[i::4] for i in range(4)]
    for name in cards:
        card = Card.parse(name)
        owner = next(s for s in range(4) if card in hands[s])
        if owner == holder:
            continue
        give = next(c for c in hands[holder] if str(c) not in cards and c.suit != Suit.HEARTS)
        hands[owner][hands[owner].index(card)] = give
        hands[holder][hands[holder].index(give)] = card
    return [CardSet(h) for h in hands]
