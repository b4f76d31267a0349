"""The contract: choose the one the hand suits now, by what in a hand suits each contract
and what the play-outs count."""

from __future__ import annotations

from tutor.advice.ideas import Reason, mean, often
from tutor.advice.ideas_trix.numbers import TrixDecision, counted, enough
from tutor.advice.ideas_trix.view import LOW, decision, whole
from tutor.engine.cards import CardSet, Rank, Suit
from tutor.engine.facts import fixed, number_words
from tutor.engine.i18n import N_
from tutor.engine.i18n import gettext as _
from tutor.engine.trix.contracts import KING_OF_HEARTS, Contract, contracts_title

__all__ = ["king_fit", "queens_fit", "diamonds_fit", "ltoosh_fit", "trex_fit", "FITS",
           "TAKEN_WORDS", "suited_contract"]


def king_fit(hand: CardSet) -> str | None:
    hearts = hand.by_suit(Suit.HEARTS)
    if KING_OF_HEARTS in hand:
        if len(hearts) >= 5:
            return _("your K♥ is protected by {hearts}").format(
                hearts=counted(len(hearts) - 1, Suit.HEARTS, other=True))
        return None
    if not any(c.rank == Rank.ACE for c in hearts):
        return _("you hold neither the K♥ nor the A♥ that would win a trick with it")
    return None


def queens_fit(hand: CardSet) -> str | None:
    queens = [c for c in hand if c.rank == Rank.QUEEN]
    if not queens:
        return _("you hold no queen")
    safe = [q for q in queens if sum(1 for c in hand.by_suit(q.suit) if c.rank <= LOW) >= 3]
    if len(safe) == len(queens):
        return _("each of your queens has three low cards of its suit to hide behind")
    return None


def diamonds_fit(hand: CardSet) -> str | None:
    diamonds = hand.by_suit(Suit.DIAMONDS)
    if not diamonds:
        return _("you hold no diamond")
    top = max(diamonds, key=lambda c: c.rank)
    if len(diamonds) <= 3 or top.rank <= Rank.NINE:
        return _("you hold {diamonds}, the highest the {card}").format(
            diamonds=counted(len(diamonds), Suit.DIAMONDS), card=top.symbol())
    return None


def ltoosh_fit(hand: CardSet) -> str | None:
    low = sum(1 for c in hand if c.rank <= LOW)
    if low >= 8:
        return _("{low} of your {n} cards are 8 or lower").format(low=low, n=len(hand))
    return None


def trex_fit(hand: CardSet) -> str | None:
    high = sum(1 for c in hand if c.rank >= Rank.QUEEN)
    twos = sum(1 for c in hand if c.rank == Rank.TWO)
    if high >= 5 and twos <= 1:
        said = _("you hold {high} cards from the queen up and one 2") if twos else \
            _("you hold {high} cards from the queen up and no 2")
        return said.format(high=high)
    return None


FITS = {Contract.KING: (king_fit, "king", 0.25), Contract.QUEENS: (queens_fit, "queens", 1.0),
        Contract.DIAMONDS: (diamonds_fit, "diamonds", 3.25),
        Contract.LTOOSH: (ltoosh_fit, "tricks", 3.25), Contract.TREX: (trex_fit, "place", 2.5)}
"""For each contract: what in a hand suits it, the fact the play-outs count and the most of
it a hand that suits the contract takes on average (a quarter of the deal's share; the
Trex place of an average hand)."""


TAKEN_WORDS = {
    "king": N_("you take the K♥ only {share} when it is played out"),
    "queens": N_("you take only {mean} queens on average when it is played out"),
    "diamonds": N_("you take only {mean} diamonds on average when it is played out"),
    "tricks": N_("you take only {mean} tricks of 13 on average when it is played out"),
    "place": N_("you finish in place {mean} on average when it is played out")}


def suited_contract(view, advice) -> Reason | None:
    c = TrixDecision(view, advice)
    if decision(view) != "contract" or not enough(view, advice) or \
            len(c.best.action.contracts) != 1:
        return None
    (contract,) = c.best.action.contracts
    fit, key, most = FITS[contract]
    redeal = c.fx(c.best, "redeal")  # a deal thrown in is not played out
    taken = [x for x, r in zip(c.fx(c.best, key), redeal) if not r]
    m = mean(taken) if taken else None
    if m is None or m > most:
        return None
    words = fit(view.hand)
    if words is None and m <= 0.7 * most:  # the play-outs say it, if the hand doesn't
        # a place as the review writes it ("place 1"); a count keeps "1.0"
        words = _(TAKEN_WORDS[key]).format(share=often(taken),
                                           mean=number_words(m) if key == "place" else fixed(m))
    if words is None:
        return None
    return c.say("suited_contract", title=contracts_title(c.best.action.contracts), why=words,
                 best_value=whole(c.best.value), other_value=whole(c.nxt.value))
