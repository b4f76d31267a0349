"""Naming trump: the longest suit, the strongest, for a weak hand a suit it lacks, or the
suit whose bid the hand makes most surely."""

from __future__ import annotations

from tutor.advice.ideas import Reason, given, mean, often, pair
from tutor.advice.ideas_trixter.numbers import MADE, TrixterDecision, choice_name
from tutor.engine.actions import ChooseTrump
from tutor.engine.cards import Rank, Suit
from tutor.engine.facts import plural
from tutor.engine.i18n import gettext as _

__all__ = ["trump_longest", "trump_strongest", "trump_void", "trump_sure_bid"]


class _Trump(TrixterDecision):
    """Naming trump: the best suit ``suit``, making the bid more often than the next best."""

    def __init__(self, view, advice):
        super().__init__(view, advice)
        self.suit = self.best.action.suit

    def words(self) -> dict[str, str]:
        made, other_made = self.shares("made", often)
        return {"suit": self.suit.symbol,
                "made": _("you make your bid {made}, with {choice} {other_made}").format(
                    made=made, choice=choice_name(self.nxt), other_made=other_made)}


def _trump_decision(view, advice) -> _Trump | None:
    best, nxt = pair(advice)
    if not isinstance(best.action, ChooseTrump) or best.action.suit is None \
            or not isinstance(nxt.action, ChooseTrump):  # a dealer's change against a bid
        return None
    c = _Trump(view, advice)
    return None if c.gap("made") < MADE or best.value <= nxt.value else c


@given(_trump_decision)
def trump_longest(c) -> Reason | None:
    """The best trump is the suit the hand holds most of."""
    lengths = {s: len(c.view.hand.by_suit(s)) for s in Suit}
    n = lengths[c.suit]
    if sorted(lengths.values())[-2] == n or n != max(lengths.values()):
        return None  # not longest, or tied for it
    return c.say("trump-longest", cards=plural(n, "card"))


@given(_trump_decision)
def trump_strongest(c) -> Reason | None:
    """The best trump is the suit with the most high cards (ace, king, queen)."""
    tops = {s: [x for x in c.view.hand.by_suit(s) if x.rank >= Rank.QUEEN] for s in Suit}
    most = max(len(t) for t in tops.values())
    if not tops[c.suit] or len(tops[c.suit]) != most \
            or sum(len(t) == most for t in tops.values()) > 1:
        return None
    names = " ".join(x.symbol() for x in sorted(tops[c.suit], key=lambda x: -x.rank))
    return c.say("trump-strongest", names=names)


@given(_trump_decision)
def trump_void(c) -> Reason | None:
    """A weak hand (no ace, no king) does best with trump a suit it does not hold."""
    hand = c.view.hand
    if hand.by_suit(c.suit) or any(x.rank >= Rank.KING for x in hand if not x.is_joker):
        return None
    return c.say("trump-void", what=_("no ace and no king"))


@given(_trump_decision)
def trump_sure_bid(c) -> Reason | None:
    """The best trump is not a longest suit, whose trump would call for a bigger bid made
    less often: the hand plays for a smaller bid it makes more surely (the options' own bids,
    "bidding 2", and shares of the bid made). With two longest suits or more, the one that
    does best is compared (a weak hand's shortest suit beat its two three-card suits with no
    word of why)."""
    lengths = {s: len(c.view.hand.by_suit(s)) for s in Suit}
    most = max(lengths.values())
    if lengths[c.suit] == most:
        return None  # the best trump is a longest suit
    long = next((o for o in c.advice.options if isinstance(o.action, ChooseTrump)
                 and o.action.suit is not None and lengths[o.action.suit] == most), None)
    if long is None:
        return None
    bid, long_bid = (round(mean(c.fx(o, "bid"))) for o in (c.best, long))
    if long_bid <= bid or c.gap("made", c.best, long) < MADE:
        return None
    alone = sum(n == most for n in lengths.values()) == 1
    return c.say("trump-sure-bid" if alone else "trump-sure-bid/tied", bid=bid,
                 made=often(c.fx(c.best, "made")), long=long.action.suit.symbol,
                 long_bid=long_bid, long_made=often(c.fx(long, "made")))
