"""What a Trixter seat may know: the cards played and unseen, the tricks it still needs,
the sure tricks, the card winning the trick and the voids the others have shown."""

from __future__ import annotations

from tutor.engine.cards import Card, CardSet, Suit
from tutor.engine.i18n import N_
from tutor.engine.i18n import gettext as _
from tutor.engine.tricks import led_suit, trick_winner

__all__ = ["unseen_cards", "tricks_needed", "higher_out", "sure_trick",
           "winning_card", "beats", "shown_voids", "still_to_play", "suit_word", "suit_one"]


def _played(view) -> CardSet:
    """The cards played so far this hand (public)."""
    return CardSet(c for t in (*view.tricks, view.trick) for _s, c in t if not c.is_joker)


def unseen_cards(view) -> CardSet:
    """The cards the seat has not seen: in another hand or not dealt."""
    return CardSet.deck() - view.hand - _played(view)


def tricks_needed(view) -> int | None:
    """Tricks the seat still needs for its bid (``None`` before it has bid)."""
    bid = view.bids[view.seat] if view.bids else None
    return None if bid is None else bid - view.tricks_won[view.seat]


def higher_out(card: Card, unseen: CardSet) -> list[Card]:
    """The unseen cards of ``card``'s suit above it, highest first."""
    return sorted((c for c in unseen.by_suit(card.suit) if c.rank > card.rank),
                  key=lambda c: -c.rank)


def sure_trick(card: Card, view, unseen: CardSet) -> bool:
    """A master that no trump can beat: the top trump, or the top card of a side suit when
    no trump is left out (or there is no trump)."""
    if card.is_joker or higher_out(card, unseen):
        return False
    trump = view.trump
    return trump is None or card.suit == trump or not unseen.by_suit(trump)


def winning_card(view) -> Card | None:
    """The card winning the trick so far (``None`` when leading or only jokers are down)."""
    cards = [c for _s, c in view.trick]
    if led_suit(cards) is None:
        return None
    return cards[trick_winner(cards, view.trump)]


def beats(card: Card, top: Card, trump: Suit | None) -> bool:
    if card.is_joker:
        return False
    if card.suit == trump:
        return top.suit != trump or card.rank > top.rank
    return card.suit == top.suit and card.rank > top.rank


def shown_voids(view) -> dict[int, set[Suit]]:
    """The suits each seat has shown void in: it did not follow the suit led (a joker
    counts, being playable only when void)."""
    out: dict[int, set[Suit]] = {}
    for trick in (*view.tricks, view.trick):
        led = None
        for s, c in trick:
            if led is None:
                led = None if c.is_joker else c.suit
                continue
            if c.is_joker or c.suit != led:
                out.setdefault(s, set()).add(led)
    return out


def still_to_play(view) -> list[int]:
    """The seats still to play to this trick after the seat, in order."""
    n = view.n_players
    return [(view.seat + i) % n for i in range(1, n - len(view.trick))]


def suit_word(suit: Suit) -> str:
    """The suit as a learner reads it: ``spades``."""
    return suit.word


_ONE = {Suit.SPADES: N_("spade"), Suit.HEARTS: N_("heart"), Suit.DIAMONDS: N_("diamond"),
        Suit.CLUBS: N_("club")}


def suit_one(suit: Suit) -> str:
    """One card of the suit as a learner reads it: ``spade``."""
    return _(_ONE[suit])
