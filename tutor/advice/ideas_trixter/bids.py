"""The bid: the hook, the sure tricks, a weak hand's 0, and the trick count the hand takes
most often."""

from __future__ import annotations

from tutor.advice.ideas import Reason, given, often
from tutor.advice.ideas_trixter.numbers import TrixterDecision
from tutor.advice.ideas_trixter.view import sure_trick, unseen_cards
from tutor.engine.actions import Bid
from tutor.engine.cards import Rank
from tutor.engine.i18n import gettext as _
from tutor.engine.i18n import ngettext
from tutor.engine.protocol import Phase

__all__ = ["hook", "bid_sure_tricks", "bid_zero", "bid_most_often"]


def _most(tricks: list[float]) -> int:
    """The trick count the hand takes most often (the lower on a tie)."""
    return max(range(len(tricks)), key=lambda k: (tricks[k], -k))


def _exactly(n: int) -> str:
    if n == 0:
        return _("no trick")
    return ngettext("exactly {n} trick", "exactly {n} tricks", n).format(n=f"{n:,}")


class _Bidding(TrixterDecision):
    """A bid: the best bid ``n`` and the chance of each trick count playing for it."""

    def __init__(self, view, advice):
        super().__init__(view, advice)
        self.n, self.tricks = self.best.action.n, advice.tricks

    def words(self) -> dict[str, str]:
        n = self.n
        return {"n": n, "exactly": _exactly(n), "chance": often([self.tricks[n]])}


def _bid_decision(view, advice) -> _Bidding | None:
    best = advice.options[0].action
    if view.phase != Phase.BID or not isinstance(best, Bid) or not advice.tricks:
        return None
    return _Bidding(view, advice)


@given(_bid_decision)
def hook(c) -> Reason | None:
    """The last bidder under the hook: the count the hand takes most often is forbidden."""
    view = c.view
    if view.seat != view.last_bidder:
        return None
    others = sum(b for s, b in enumerate(view.bids) if s != view.seat and b is not None)
    banned = view.rules.forbidden_bid(view.hand_size, others)
    if banned is None or _most(c.tricks) != banned or c.n == banned:
        return None
    return c.say("hook", banned=banned, size=view.hand_size)


@given(_bid_decision)
def bid_sure_tricks(c) -> Reason | None:
    """The best bid is the number of sure tricks in hand, the count it takes most often."""
    unseen = unseen_cards(c.view)
    sure = [x for x in c.view.hand if sure_trick(x, c.view, unseen)]
    if c.n == 0 or len(sure) != c.n or _most(c.tricks) != c.n:
        return None
    # Translators: joins the cards named: "A♠ and K♥".
    names = _(" and ").join(x.symbol() for x in sure)
    return c.say("bid-sure-tricks", names=names,
                 is_are=ngettext("is a sure trick", "are sure tricks", c.n))


@given(_bid_decision)
def bid_zero(c) -> Reason | None:
    """A weak hand: the best bid is 0, the count it takes most often."""
    trump = c.view.trump
    high = [x for x in c.view.hand if not x.is_joker and (x.rank >= Rank.KING or (
        x.suit == trump and x.rank >= Rank.JACK))]
    if c.n != 0 or high or _most(c.tricks) != 0:
        return None
    what = _("no ace, no king and no high trump") if trump is not None else _("no ace or king")
    return c.say("bid-zero", what=what)


@given(_bid_decision)
def bid_most_often(c) -> Reason | None:
    """The best bid is the trick count the hand takes most often, playing for it."""
    if _most(c.tricks) != c.n:
        return None
    return c.say("bid-most-often")
