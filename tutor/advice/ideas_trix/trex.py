"""Trex: which card to lay out, by the rows it opens for the seat and for the others."""

from __future__ import annotations

from tutor.advice.ideas import Reason, given
from tutor.advice.ideas_trix.numbers import TrixDecision, enough
from tutor.advice.ideas_trix.view import decision
from tutor.engine.actions import Play
from tutor.engine.cards import Card, Rank

__all__ = ["beyond", "let_through", "trex_long_jack", "trex_own_run", "trex_row_end",
           "trex_block"]


def beyond(card: Card) -> Card | None:
    """The card that may follow ``card`` in its row (away from the jack); none after an
    ace or a 2, or after the jack itself (both sides open)."""
    if card.rank == Rank.JACK:
        return None
    rank = card.rank + 1 if card.rank > Rank.JACK else card.rank - 1
    if rank > Rank.ACE or rank < Rank.TWO:
        return None
    return Card(card.suit, Rank(rank))


def _trex(view, advice) -> TrixDecision | None:
    """A Trex card ahead of the next best (a card or a pass)."""
    c = TrixDecision(view, advice)
    if decision(view) != "trex" or not isinstance(c.best.action, Play) or \
            not enough(view, advice):
        return None
    return c


@given(_trex)
def trex_long_jack(c) -> Reason | None:
    n = len(c.view.hand.by_suit(c.card.suit)) - 1
    if c.card.rank != Rank.JACK or n < 3:
        return None
    return c.say("trex_long_jack", n=n, suits=c.card.suit.word)


@given(_trex)
def trex_own_run(c) -> Reason | None:
    follow = beyond(c.card)
    if follow is None or follow not in c.view.hand:
        return None
    return c.say("trex_own_run", follow=follow.symbol())


@given(_trex)
def trex_row_end(c) -> Reason | None:
    return c.say("trex_row_end") if c.card.rank in (Rank.ACE, Rank.TWO) else None


def let_through(card: Card, hand) -> int:
    """The others' cards that laying out ``card`` lets into its row (both ways from a
    jack): every card beyond it up to the hand's own next card there, or to the row's
    end. (Cards beyond a card still held are never in the layout yet.)"""
    r = int(card.rank)
    steps = (1, -1) if card.rank == Rank.JACK else ((1,) if card.rank > Rank.JACK else (-1,))
    n = 0
    for step in steps:
        x = r + step
        while Rank.TWO <= x <= Rank.ACE and Card(card.suit, Rank(x)) not in hand:
            n += 1
            x += step
    return n


@given(_trex)
def trex_block(c) -> Reason | None:
    follow = None if c.other is None else beyond(c.other)
    if follow is None or follow in c.view.hand:
        return None
    # Only where the card played lets fewer of theirs through: else it opens a row too.
    if let_through(c.card, c.view.hand) >= let_through(c.other, c.view.hand):
        return None
    return c.say("trex_block", follow=follow.symbol())
