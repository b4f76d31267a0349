"""What a Trix seat may know: its decision, the cards played and still out, the suits
each seat has shown void in, and the points as the hint's lines say them."""

from __future__ import annotations

from tutor.engine.cards import CardSet, Rank, Suit
from tutor.engine.facts import signed, whole_number
from tutor.engine.i18n import gettext as _
from tutor.engine.i18n import ngettext
from tutor.engine.protocol import Phase

__all__ = ["LOW", "decision", "played", "unseen", "shown_void", "team", "whole", "points"]

LOW = Rank.EIGHT
"""A low card, the kind that protects a penalty card above it: an eight or lower."""


def decision(view) -> str:
    """The kind of decision: ``contract``, ``double`` (doubles and redeal claims),
    ``trex`` or ``card``."""
    return {Phase.CHOOSE_CONTRACT: "contract", Phase.DOUBLE: "double",
            Phase.TREX: "trex"}.get(view.phase, "card")


def played(view) -> CardSet:
    """Every card played to a trick this deal, the trick in progress included."""
    return CardSet(c for t in (*view.tricks, view.trick) for _s, c in t)


def unseen(view) -> CardSet:
    """The cards still in the other hands: neither the seat's nor played."""
    return CardSet.from_mask(CardSet.deck().mask & ~view.hand.mask & ~played(view).mask)


def shown_void(view) -> dict[int, set[Suit]]:
    """The suits each seat has shown it holds no more of: it did not follow them."""
    out: dict[int, set[Suit]] = {}
    for t in (*view.tricks, view.trick):
        if t:
            led = t[0][1].suit
            for s, c in t[1:]:
                if c.suit != led:
                    out.setdefault(s, set()).add(led)
    return out


def team(view) -> str:
    # Translators: put after the points a sentence says, in a game of partners.
    return _(" for your team") if view.rules.partnership else ""


def whole(x: float) -> str:
    """Points rounded to whole ones, with their sign: ``+8``, ``−19``, ``0``."""
    return signed(whole_number(x))


def points(view, x: float) -> str:
    """Points as the hint's lines say them, for the team in partnership: ``+5 points for
    your team``."""
    n = abs(whole_number(x))
    if view.rules.partnership:
        return ngettext("{n} point for your team", "{n} points for your team", n).format(
            n=whole(x))
    return ngettext("{n} point", "{n} points", n).format(n=whole(x))
