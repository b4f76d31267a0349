"""Any decision of Trix: nothing to choose, or what the whole deal says (the catalogue's
last ideas, named when no particular one fits)."""

from __future__ import annotations

from tutor.advice.ideas import Reason
from tutor.advice.ideas_trix.numbers import TrixDecision, cards_of, margin, name, versus
from tutor.advice.ideas_trix.view import decision, team, unseen, whole
from tutor.engine.cards import Card
from tutor.engine.i18n import gettext as _

__all__ = ["equals", "no_difference", "fewest_points_lost"]


def equals(view, a: Card, b: Card) -> bool:
    """Whether two cards of a suit are equals: no card between them is still out."""
    low, high = sorted((a.rank, b.rank))
    return a.suit == b.suit and not any(
        c.suit == a.suit and low < c.rank < high for c in unseen(view))


def no_difference(view, advice) -> Reason | None:
    """The best two tie, or are about equal by the numbers the learner reads (the hint's
    title then says "about equal": an idea naming one would contradict it)."""
    c = TrixDecision(view, advice)
    tie = round(c.best.value, 9) == round(c.nxt.value, 9)
    if not tie and not getattr(advice, "about_equal", False):
        return None
    cards = cards_of(advice)
    why = _("do exactly as well here") if tie else _("do about as well here")
    if cards is not None and decision(view) == "card" and equals(view, *cards):
        why = _("are equals now, as no card between them is still out, so either does as "
                "well")
    return c.say("no_difference", why=why, text=c.best.text)


def fewest_points_lost(view, advice) -> Reason | None:
    c = TrixDecision(view, advice)
    if margin(view, advice) <= 0 or getattr(advice, "about_equal", False):
        return None
    kind = decision(view)
    if kind == "contract":
        what = _("{best} against an average hand{team}, against {other} for {name}").format(
            best=whole(c.best.value), team=team(view), other=whole(c.nxt.value),
            name=name(c.nxt.action))
    else:
        what = versus(view, advice)
    # Translators: the verb of "{best_name} {verb} when the deal is played out".
    # A card that gains ("+75 points", a doubled K♥ pushed on another) costs nothing.
    verb = {"contract": _("promises the most"), "double": _("does best"),
            "trex": _("finishes you highest") if advice.kind == "place" else _("does best")}.get(
        kind, _("costs you least") if c.best.value < 0 else _("does best"))
    return c.say("fewest_points_lost", verb=verb, what=what)
