"""Any decision of Trix: nothing to choose, or what the whole deal says (the catalogue's
last ideas, named when no particular one fits)."""

from __future__ import annotations

from tutor.advice.ideas import Reason
from tutor.advice.ideas_trix.numbers import TrixDecision, cards_of, margin, name, versus
from tutor.advice.ideas_trix.view import decision, team, unseen, whole
from tutor.engine.cards import Card

__all__ = ["equals", "no_difference", "fewest_points_lost"]


def equals(view, a: Card, b: Card) -> bool:
    """Whether two cards of a suit are equals: no card between them is still out."""
    low, high = sorted((a.rank, b.rank))
    return a.suit == b.suit and not any(
        c.suit == a.suit and low < c.rank < high for c in unseen(view))


def no_difference(view, advice) -> Reason | None:
    c = TrixDecision(view, advice)
    if round(c.best.value, 9) != round(c.nxt.value, 9):
        return None
    cards = cards_of(advice)
    why = "do exactly as well here"
    if cards is not None and decision(view) == "card" and equals(view, *cards):
        why = "are equals now, as no card between them is still out, so either does as well"
    return c.say("no_difference", why=why, text=c.best.text)


def fewest_points_lost(view, advice) -> Reason | None:
    c = TrixDecision(view, advice)
    if margin(view, advice) <= 0:
        return None
    kind = decision(view)
    if kind == "contract":
        what = (f"{whole(c.best.value)} against an average hand{team(view)}, against "
                f"{whole(c.nxt.value)} for {name(c.nxt.action)}")
    else:
        what = versus(view, advice)
    verb = {"contract": "promises the most", "double": "does best",
            "trex": "finishes you highest" if advice.kind == "place" else "does best"}.get(
        kind, "costs you least")
    return c.say("fewest_points_lost", verb=verb, what=what)
