"""The gaps Trixter's detectors ask of the advice's numbers, and :class:`TrixterDecision`,
the decision every section's detectors read."""

from __future__ import annotations

from tutor.advice.ideas import Decision, often
from tutor.advice.ideas_trixter.words import IDEAS, SAYS
from tutor.engine.actions import Bid, ChooseTrump, Play
from tutor.engine.i18n import gettext as _
from tutor.engine.protocol import Phase

__all__ = ["CLEAR", "LEAN", "MADE", "TrixterDecision", "playing", "made_line", "choice_name"]

CLEAR = 0.15
"""How much more often the best choice must do a thing than the next best for an idea to
rest on it: a trick share 15 points above (or below) the other's."""

LEAN = 0.05
"""A smaller gap in trick share, enough when the bid made agrees with it."""

MADE = 0.03
"""How much more often the best choice must make the bid than the next best for an idea
that rests on the bid made (3 points: the two shares the learner reads differ)."""


class TrixterDecision(Decision):
    """A Trixter decision: its reasons speak from this catalogue."""

    ideas = {i.name: i for i in IDEAS}
    sentences = SAYS


def playing(view, advice) -> bool:
    return view.phase == Phase.PLAY and isinstance(advice.options[0].action, Play)


def made_line(c: Decision) -> str:
    """"makes your bid 64% of the time, the 9♣ 51% of the time"."""
    made, other_made = c.shares("made", often)
    # Translators: the end of a sentence: "...and it makes your bid 64% of the time, the 9♣ 51%
    # of the time".
    return _("makes your bid {made}, the {card} {other_made}").format(
        made=made, card=c.nxt.action.card.symbol(), other_made=other_made)


def choice_name(option) -> str:
    """The next best choice as the learner names it (a trump or a bid)."""
    a = option.action
    if isinstance(a, ChooseTrump):
        return _("no trump") if a.suit is None else _("{suit} trump").format(suit=a.suit.symbol)
    return _("bid {n}").format(n=a.n) if isinstance(a, Bid) else str(a)
