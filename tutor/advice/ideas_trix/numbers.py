"""The advice's numbers as Trix's detectors read them, and :class:`TrixDecision`, the
decision they all read: shared here so each section's detector keeps only its own test."""

from __future__ import annotations

from tutor.advice.ideas import Decision, feature, mean, pair
from tutor.advice.ideas_trix.view import decision, points, team, whole
from tutor.advice.ideas_trix.words import IDEAS, SAYS
from tutor.engine.actions import ChooseContract, ClaimRedeal, Double, Play
from tutor.engine.cards import Card, Suit
from tutor.engine.facts import number_words
from tutor.engine.i18n import N_, ngettext
from tutor.engine.i18n import gettext as _
from tutor.engine.trix.contracts import contracts_title

__all__ = ["SHARE_GAP", "POINTS_GAP", "result", "better", "less_often", "more_often",
           "versus", "name", "cards_of", "counted", "SUIT_WORDS", "margin", "enough", "led",
           "void_in_led", "TrixDecision"]

SHARE_GAP = 0.1
"""How much less often the best option must meet a fact (take the trick, the K♥…) than the
next best for an idea about that fact to be named."""

POINTS_GAP = 1.0
"""How many points better the best option must do for an idea about points."""


def result(advice, option) -> float:
    """The option's mean result over the layouts (points, or a Trex place)."""
    return mean(advice.per.get(str(option.action), [option.value]))


def better(advice, view) -> float:
    """How much better the best option's result is than the next best's (points or places,
    positive when better)."""
    best, nxt = pair(advice)
    gap = result(advice, best) - result(advice, nxt)
    if advice.kind == "place":
        return -gap
    return -gap if view.rules.reversed_signs else gap


def less_often(advice, key: str, gap: float = SHARE_GAP) -> bool:
    """Whether the best option meets ``key`` clearly less often (or fewer times) than the
    next best, on the same layouts."""
    best, nxt = pair(advice)
    a, b = feature(advice, best, key), feature(advice, nxt, key)
    return bool(a) and bool(b) and mean(a) + gap <= mean(b)


def more_often(advice, key: str) -> bool:
    """Whether the best option meets ``key`` clearly more often than the next best."""
    best, nxt = pair(advice)
    a, b = feature(advice, best, key), feature(advice, nxt, key)
    return bool(a) and bool(b) and mean(a) >= mean(b) + SHARE_GAP


def versus(view, advice) -> str:
    """``−5 against −13 with the 9♣``: the two options' points (or places)."""
    best, nxt = pair(advice)
    play = isinstance(nxt.action, Play)
    if advice.kind == "place":
        said = _("place {best} on average against {other} with {name}") if play else \
            _("place {best} on average against {other} for {name}")
        return said.format(best=number_words(result(advice, best), 2),
                           other=number_words(result(advice, nxt), 2), name=name(nxt.action))
    said = _("{best} against {other} with {name}") if play else \
        _("{best} against {other} for {name}")
    return said.format(best=points(view, result(advice, best)),
                       other=whole(result(advice, nxt)), name=name(nxt.action))


_NAMES = {"no double": N_("not doubling"), "no redeal": N_("playing this deal"),
          "pass": N_("a pass")}
"""The options that are no card, a contract or a redeal claim, by their action text."""


def name(action) -> str:
    """An option as the reason names it: ``the 9♣``, ``no double``, ``Queens``."""
    if isinstance(action, Double):
        return _("doubling the {card}").format(card=action.card.symbol())
    if isinstance(action, Play):
        return _("the {card}").format(card=action.card.symbol())
    if isinstance(action, ChooseContract):
        return contracts_title(action.contracts)
    if isinstance(action, ClaimRedeal):
        return _("a redeal")
    said = _NAMES.get(str(action))
    return str(action) if said is None else _(said)


def cards_of(advice) -> tuple[Card, Card] | None:
    """The best and next best cards of a trick decision."""
    best, nxt = pair(advice)
    if isinstance(best.action, Play) and isinstance(nxt.action, Play):
        return best.action.card, nxt.action.card
    return None


def counted(n: int, suit: Suit, other: bool = False) -> str:
    """``1 heart``, ``3 hearts``, ``no heart``; with ``other``, ``3 other hearts``,
    ``no other heart``."""
    one, many = _(SUIT_WORDS[suit]), suit.word
    if other:
        if n == 0:
            return _("no other {suit}").format(suit=one)
        return ngettext("{n} other {suit}", "{n} other {suits}", n).format(
            n=n, suit=one, suits=many)
    if n == 0:
        return _("no {suit}").format(suit=one)
    return ngettext("{n} {suit}", "{n} {suits}", n).format(n=n, suit=one, suits=many)


SUIT_WORDS = {Suit.SPADES: N_("spade"), Suit.HEARTS: N_("heart"),
              Suit.DIAMONDS: N_("diamond"), Suit.CLUBS: N_("club")}
"""One card of each suit as a learner reads it (translated where said); ``suit.word``
says several."""


def margin(view, advice) -> float:
    """How far ahead the best option is: points (a contract's against an average hand),
    or Trex places."""
    best, nxt = pair(advice)
    if decision(view) == "contract":
        return best.value - nxt.value
    return better(advice, view)


def enough(view, advice) -> bool:
    """Whether the best option is ahead by a margin a learner would notice."""
    return margin(view, advice) >= (0.05 if advice.kind == "place" else POINTS_GAP)


def led(view) -> Suit | None:
    return view.trick[0][1].suit if view.trick else None


def void_in_led(view) -> bool:
    suit = led(view)
    return suit is not None and not view.hand.has_suit(suit)


def _card(action) -> Card | None:
    """The card an action plays or doubles."""
    return action.card if isinstance(action, (Play, Double)) else None


class TrixDecision(Decision):
    """A Trix decision: its reasons speak from this catalogue, with ``card`` and ``other``
    the cards (if any) the best and next best options play or double."""

    ideas = {i.name: i for i in IDEAS}
    sentences = SAYS

    def __init__(self, view, advice):
        super().__init__(view, advice)
        self.card, self.other = _card(self.best.action), _card(self.nxt.action)

    def vs(self, key: str) -> str:
        """``20% against 65% with the 9♣``: how often the best and the next best meet
        ``key``."""
        a, b = self.shares(key)
        return _("{a} against {b} with the {card}").format(a=a, b=b, card=self.other.symbol())

    def words(self) -> dict[str, str]:
        view, advice, best, nxt = self.view, self.advice, self.best, self.nxt
        suit = led(view)
        return {"versus": versus(view, advice), "best_name": name(best.action),
                "other_name": name(nxt.action), "team": team(view),
                "best_points": points(view, result(advice, best)),
                "other_points": whole(result(advice, nxt)),
                "card": "" if self.card is None else self.card.symbol(),
                "other": "" if self.other is None else self.other.symbol(),
                "led": "" if suit is None else suit.symbol}
