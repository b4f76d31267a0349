"""The round of doubles and redeal claims: claim or keep the deal, double a protected card,
not a bare one."""

from __future__ import annotations

from tutor.advice.ideas import Reason, given, mean, often
from tutor.advice.ideas_trix.numbers import TrixDecision, counted, enough
from tutor.advice.ideas_trix.view import LOW, decision, whole
from tutor.engine.actions import ClaimRedeal, Double
from tutor.engine.cards import Card, Rank, Suit
from tutor.engine.i18n import gettext as _
from tutor.engine.trix.contracts import Contract, card_scores

__all__ = ["claim_words", "claim_redeal", "keep_the_deal", "guards", "double_protected",
           "double_free", "dont_double_bare"]


def _double(view, advice) -> TrixDecision | None:
    """The round of doubles and claims, the best option clearly ahead."""
    if decision(view) != "double" or not enough(view, advice):
        return None
    return TrixDecision(view, advice)


def claim_words(view) -> str:
    """Why the rules allow this hand a redeal."""
    hearts = view.hand.by_suit(Suit.HEARTS)
    if Contract.KING in view.contract and len(hearts) <= 2 and \
            all(c.rank >= Rank.KING for c in hearts):
        if len(hearts) == 2:
            return _("your only hearts are the A♥ and the K♥")
        return _("the {card} is your only heart").format(card=next(iter(hearts)).symbol())
    twos = [c for c in view.hand if c.rank == Rank.TWO]
    return _("you hold {n} of the four 2s").format(n=len(twos))


@given(_double)
def claim_redeal(c) -> Reason | None:
    if not isinstance(c.best.action, ClaimRedeal):
        return None
    return c.say("claim_redeal", why=claim_words(c.view))


@given(_double)
def keep_the_deal(c) -> Reason | None:
    return c.say("keep_the_deal") if isinstance(c.nxt.action, ClaimRedeal) else None


def guards(view, card: Card) -> tuple[int, int]:
    """The other cards of ``card``'s suit in the hand, and how many of them are low."""
    others = [c for c in view.hand.by_suit(card.suit) if c != card]
    return len(others), sum(1 for c in others if c.rank <= LOW)


@given(_double)
def double_protected(c) -> Reason | None:
    if not isinstance(c.best.action, Double) or c.nxt.action == c.best.action:
        return None
    n, low = guards(c.view, c.card)
    back = c.fx(c.best, "back")
    if n < 3 or low < 2 or not back or mean(back) > 0.3:
        return None
    return c.say("double_protected", guards=counted(n, c.card.suit, other=True),
                 low=low, back=often(back))


@given(_double)
def double_free(c) -> Reason | None:
    if not isinstance(c.best.action, Double) or isinstance(c.nxt.action, Double):
        return None
    score = card_scores(c.view.contract, c.view.rules.swap_diamonds_ltoosh)[c.card]
    sign = -1 if c.view.rules.reversed_signs else 1
    return c.say("double_free", plain=whole(sign * score.plain),
                 doubled=whole(sign * score.doubled), doubler=whole(sign * score.doubler))


@given(_double)
def dont_double_bare(c) -> Reason | None:
    if not isinstance(c.nxt.action, Double) or isinstance(c.best.action, Double):
        return None
    n, _low = guards(c.view, c.other)
    back = c.fx(c.nxt, "back")
    if n > 3 or not back or mean(back) < 0.2:
        return None
    guard = _("stands alone") if n == 0 else _("has only {others} to hide behind").format(
        others=counted(n, c.other.suit, other=True))
    return c.say("dont_double_bare", guard=guard, back=often(back))
