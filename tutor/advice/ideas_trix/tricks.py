"""The trick contracts (King of Hearts, Queens, Diamonds, Ltoosh): a card to play to a
trick, from shedding a penalty card to staying out of a costly trick."""

from __future__ import annotations

from tutor.advice.ideas import Detector, Reason, given, mean
from tutor.advice.ideas_trix.numbers import (POINTS_GAP, SUIT_WORDS, TrixDecision, cards_of,
                                             enough, led, less_often, more_often, void_in_led)
from tutor.advice.ideas_trix.view import decision, shown_void, unseen
from tutor.engine.cards import Card, CardSet, Rank, Suit
from tutor.engine.i18n import gettext as _
from tutor.engine.trix.contracts import ACE_OF_HEARTS, KING_OF_HEARTS, PENALTY_CARDS, Contract

__all__ = ["shed_detector", "shed_ace", "penalty_out", "void_seat", "flush_king", "winning",
           "clean_trick_high", "duck_highest", "under_what", "duck_under", "discard_high",
           "to_shed", "make_void", "lead_low", "stay_out", "take_it_cheap"]


def _trick(view, advice) -> TrixDecision | None:
    """A card to play to a trick, the best two both cards."""
    if decision(view) != "card" or cards_of(advice) is None:
        return None
    return TrixDecision(view, advice)


def shed_detector(name_: str, contract: Contract, key: str) -> Detector:
    """Throw the contract's penalty card when void in the suit led (K♥, queen, diamond)."""

    @given(_trick)
    def detect(c) -> Reason | None:
        penalty = PENALTY_CARDS[contract]
        if contract not in c.view.contract or not void_in_led(c.view) or \
                c.card not in penalty or c.other in penalty or \
                not less_often(c.advice, key) or not enough(c.view, c.advice):
            return None
        if key == "king":
            a, b = c.shares(key)
            numbers = _("you end up with the K♥ {a} against {b} if you play the {card}").format(
                a=a, b=b, card=c.other.symbol())
        else:
            numbers = c.words()["versus"]
        return c.say("shed", as_idea=name_, numbers=numbers)

    detect.__name__ = name_
    return detect


@given(_trick)
def shed_ace(c) -> Reason | None:
    """King of Hearts, void in the suit led, the K♥ still out: the A♥, the one heart that
    beats it, thrown where it cannot take it."""
    view = c.view
    if Contract.KING not in view.contract or not void_in_led(view) or \
            c.card != ACE_OF_HEARTS or KING_OF_HEARTS not in unseen(view) or \
            not less_often(c.advice, "king") or not enough(view, c.advice):
        return None
    a, b = c.shares("king")
    return c.say("shed_ace", a=a, b=b)


def penalty_out(view) -> CardSet:
    """The penalty cards of the contract still in the other hands."""
    return view.penalty_cards() & unseen(view)


@given(_trick)
def void_seat(c) -> Reason | None:
    view, card, other = c.view, c.card, c.other
    if view.trick or not penalty_out(view):
        return None
    partner = (view.seat + 2) % 4 if view.rules.partnership else None
    seats = [s for s, suits in shown_void(view).items()
             if other.suit in suits and s not in (view.seat, partner) and view.hand_counts[s]]
    if not seats or card.suit == other.suit or not enough(view, c.advice) or \
            not less_often(c.advice, "penalty", POINTS_GAP):
        return None
    return c.say("void_seat", who=view.players[seats[0]], suits=other.suit.word,
                 suit=other.suit.symbol)


@given(_trick)
def flush_king(c) -> Reason | None:
    if c.view.trick or Contract.KING not in c.view.contract or \
            KING_OF_HEARTS not in unseen(c.view) or c.card.suit != Suit.HEARTS or \
            c.other.suit == Suit.HEARTS or not less_often(c.advice, "king", 0.05) or \
            not enough(c.view, c.advice):
        return None
    return c.say("flush_king", king_vs=c.vs("king"))


def winning(view) -> Card | None:
    """The card winning the trick in progress: the highest of the suit led."""
    suit = led(view)
    if suit is None:
        return None
    return max((c for _s, c in view.trick if c.suit == suit), key=lambda c: c.rank)


@given(_trick)
def clean_trick_high(c) -> Reason | None:
    """Last to a trick, the best the higher card and sure to take it: a trick that costs
    nothing, or one every card of the suit led would take anyway (then in any contract,
    Ltoosh too: "K♥ −95.9 against 8♥ −104.8" over the 4♥, 7♥ and 5♥ had no idea)."""
    view = c.view
    top = winning(view)
    if len(view.trick) != 3 or void_in_led(view) or top is None or \
            c.card.rank <= c.other.rank or mean(c.fx(c.best, "trick")) < 1 or \
            c.card in view.penalty_cards() or not enough(view, c.advice):
        return None
    # Against a penalty card of the seat's own, the reason is not to take that card back.
    if c.other not in view.penalty_cards() and \
            all(x.rank > top.rank for x in view.hand.by_suit(top.suit)):
        return c.say("clean_trick_high/anyway", as_idea="clean_trick_high")
    if Contract.LTOOSH in view.contract or \
            any(x in view.penalty_cards() for _s, x in view.trick):
        return None
    return c.say("clean_trick_high")


@given(_trick)
def duck_highest(c) -> Reason | None:
    top, card, other = winning(c.view), c.card, c.other
    if top is None or void_in_led(c.view):
        return None
    under = [x for x in c.view.hand.by_suit(top.suit) if x.rank < top.rank]
    if card.suit != top.suit or other.suit != top.suit or not under or \
            card != max(under, key=lambda x: x.rank) or other.rank >= card.rank:
        return None
    if mean(c.fx(c.best, "trick")) > mean(c.fx(c.nxt, "trick")) + 0.05 or \
            not enough(c.view, c.advice):
        return None
    return c.say("duck_highest", top=top.symbol(), suits=top.suit.word)


def under_what(view, card: Card) -> str | None:
    """What the seat plays under: a penalty card on the trick, the trick itself in Ltoosh,
    or the penalty cards of the suit led still out above ``card``."""
    on = [c for _s, c in view.trick if c in view.penalty_cards()]
    if len(on) == 1:
        return _("the {card} is on this trick").format(card=on[0].symbol())
    if on:  # every one named: "the 3♦" alone above 3♦ 4♦ read as if the 4♦ were not there
        names = [c.symbol() for c in on]
        # Translators: the last two of the cards named: "4♦ and 6♦" (the others before them
        # with commas: "3♦, 4♦ and 6♦").
        cards = _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
        return _("the {cards} are on this trick").format(cards=cards)
    if Contract.LTOOSH in view.contract:
        return _("every trick costs points")
    above = [c for c in penalty_out(view) if c.suit == card.suit and c.rank > card.rank]
    if len(above) == 1:
        return _("the {card} is still out").format(card=above[0].symbol())
    if above:
        return _("{n} higher {suits} are still out").format(n=len(above), suits=card.suit.word)
    return None


@given(_trick)
def duck_under(c) -> Reason | None:
    top = winning(c.view)
    if top is None or void_in_led(c.view) or c.card.rank > top.rank:  # over it: no duck
        return None
    what = under_what(c.view, c.card)
    if what is None or mean(c.fx(c.best, "trick")) > 0.5 or \
            not less_often(c.advice, "trick") or not enough(c.view, c.advice):
        return None
    return c.say("duck_under", what=what, took_vs=c.vs("trick"))


@given(_trick)
def discard_high(c) -> Reason | None:
    card = c.card
    if not void_in_led(c.view) or card in c.view.penalty_cards() or card.rank < Rank.TEN or \
            c.other.rank >= card.rank or not less_often(c.advice, "penalty", POINTS_GAP):
        return None
    return c.say("discard_high")


def to_shed(view, suit: Suit, keep: Card) -> Card | None:
    """The card a void in ``suit`` would let the seat throw: its costliest penalty card,
    else (Ltoosh) its highest card, of another suit (not ``keep``, the other choice)."""
    rest = [c for c in view.hand if c.suit != suit and c != keep]
    costly = [c for c in rest if c in view.penalty_cards()]
    if costly:
        return max(costly, key=lambda c: (c == KING_OF_HEARTS, c.rank == Rank.QUEEN, c.rank))
    high = [c for c in rest if c.rank >= Rank.QUEEN]
    return max(high, key=lambda c: c.rank) if high and Contract.LTOOSH in view.contract \
        else None


@given(_trick)
def make_void(c) -> Reason | None:
    card, other = c.card, c.other
    if c.view.trick and not void_in_led(c.view):
        return None
    shed = to_shed(c.view, card.suit, other)
    if len(c.view.hand.by_suit(card.suit)) != 1 or other.suit == card.suit or shed is None or \
            not less_often(c.advice, "penalty", POINTS_GAP):
        return None
    return c.say("make_void", suit_word=_(SUIT_WORDS[card.suit]), shed=shed.symbol(),
                 suit=card.suit.symbol)


@given(_trick)
def lead_low(c) -> Reason | None:
    higher = [x for x in unseen(c.view) if x.suit == c.card.suit and x.rank > c.card.rank]
    # "so someone else takes the trick" must hold: not where the card takes it 70% of the time.
    if c.view.trick or len(higher) < 2 or not less_often(c.advice, "trick") or \
            mean(c.fx(c.best, "trick")) > 0.5 or not enough(c.view, c.advice):
        return None
    return c.say("lead_low", n=len(higher), suits=c.card.suit.word,
                 took_vs=c.vs("trick"))


@given(_trick)
def stay_out(c) -> Reason | None:
    view = c.view
    if not view.trick or void_in_led(view):
        return None
    if Contract.LTOOSH in view.contract:
        why = _("every trick costs points")
    elif penalty_out(view) or any(x in view.penalty_cards() for _s, x in view.trick):
        why = _("a penalty card can still fall on it")
    else:
        return None
    if c.card.rank > c.other.rank or mean(c.fx(c.best, "trick")) > 0.5 or \
            not less_often(c.advice, "trick") or \
            not less_often(c.advice, "penalty", POINTS_GAP) or not enough(view, c.advice):
        return None
    return c.say("stay_out", why=why, took_vs=c.vs("trick"))


@given(_trick)
def take_it_cheap(c) -> Reason | None:
    view = c.view
    if Contract.LTOOSH in view.contract or c.card in view.penalty_cards() or \
            c.card.rank < Rank.TEN or mean(c.fx(c.best, "trick")) < 0.5 or \
            not more_often(c.advice, "trick") or \
            not less_often(c.advice, "penalty", POINTS_GAP) or not enough(view, c.advice):
        return None
    # Translators: the verb of "{verb} the {card} and take this trick while it costs little".
    return c.say("take_it_cheap", verb=_("lead") if not view.trick else _("play"))
