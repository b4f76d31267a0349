"""The advice's answer: every option of a decision with its value and words, how sure the
ranking is, and the work a decision gets.

>>> paired_sure([1, 1, 1], [0, 0, 0]), budget_for(0.4, 52)
(1.0, 1666)
"""

from __future__ import annotations

import json
import math
import sys
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.facts import fixed, half_away, number_words, signed, whole_number
from tutor.engine.i18n import N_, gettext as _
from tutor.engine.actions import (Action, Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                                  NoDouble, NoRedeal, Play)
from tutor.engine.trix.contracts import TREX_POINTS, contracts_title

__all__ = ["Option", "Advice", "AHEAD", "label", "signed_points", "percent", "DEFAULT_SECONDS",
           "hint_seconds", "observation_seed", "CLEAR", "TOLERANCE", "surely_better",
           "idea_words", "why_words", "sentence", "trump_words",
           "ROLLOUT_CARDS_PER_SECOND", "budget_for", "ways", "work_for", "paired_sure",
           "unpaired_sure", "sure_of", "ranked", "trump_change", "shown"]

DEFAULT_SECONDS = 0.4
"""The work of a decision when neither ``budget`` nor ``seconds`` is given, as a budget of
rollouts at :data:`ROLLOUT_CARDS_PER_SECOND` (so it is the same on every machine)."""

ROLLOUT_CARDS_PER_SECOND = 250_000
"""Cards a rollout plays a second in pure Python on one core, counting 8 more a rollout
for its share of dealing the layout (measured with ``benchmarks/advice.py``): ``seconds``
becomes a budget of rollouts at this rate."""

CLEAR = 0.95
"""How sure the layouts must make it that one choice beats another before the advice
ranks them (and the review calls the loss a mistake): below it, the two are about equal."""

TOLERANCE = {"points": 1.0, "chance": 0.05, "place": 1 / (TREX_POINTS[0] - TREX_POINTS[1])}
"""The least difference, in each kind of value, that counts: a point, 5% chance of making
the bid, a fiftieth of a Trex place (1 point; RULES.md A3). Below it, two choices are
about equal (issue 27)."""

AHEAD = 0.05
"""The least margin over the others (points) that puts first, among choices about equal, one
a little lower in points (:func:`tutor.advice.trixter.margin_first`), and that the hint and
the review then say ("…; Q♠ leaves you 1.2 points further ahead of the others")."""


# --- the answer ---------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """One legal choice: the action, its value (its meaning is the advice's ``kind``) and
    a short line a learner reads."""

    action: Action
    value: float
    text: str


@dataclass
class Advice:
    """Every legal choice of a decision, best first.

    ``kind`` says what a value means: ``"points"`` (expected score; for Trix contracts,
    points better than an average hand would score), ``"chance"`` (of making the bid) or
    ``"place"`` (expected Trex place, 1 = first out: lower is better)."""

    seat: int
    kind: str
    options: list[Option]
    samples: int
    seconds: float
    rollouts: int = 0
    game: str = ""
    tricks: list[float] | None = None  # Trixter bids: the chance of each trick count
    notes: dict[str, Any] = field(default_factory=dict)
    short: dict[str, str] = field(default_factory=dict)  # option text -> its numbers, brief
    sure: float | None = None
    """How sure the advice is that the best beats the next best: the chance, from how much
    the paired results vary over the layouts, that more layouts would not turn the two
    round (0.5 a coin toss, 1 sure; ``None`` with one option)."""
    per: dict[str, list[float]] = field(default_factory=dict)
    """Each option's result on each layout, in the unit of its value. ``paired``: the
    same layouts in the same order for every option, so two options compare pair by pair
    (:func:`paired_sure`); otherwise (a tree search) each option's own layouts
    (:func:`unpaired_sure`)."""
    paired: bool = True
    features: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    """Facts of the same layouts as :attr:`per`, for the reasons
    (:mod:`tutor.advice.ideas`): for each option (its text), each fact's value on each of
    its layouts, e.g. ``"trick"``: 1 when the seat takes the trick in progress (or the one
    its card leads), else 0."""
    reason: Any = None
    """Why the best choice wins, in the game's words (a :class:`tutor.advice.ideas.Reason`),
    or ``None`` when no idea of the catalogue is supported by the numbers."""

    def beats(self, a: str, b: str) -> float:
        """The chance that option ``a`` (its text) has the higher mean result than ``b``
        over more layouts, from :attr:`per` (0.5: a coin toss)."""
        return (paired_sure if self.paired else unpaired_sure)(self.per[a], self.per[b])

    @property
    def best(self) -> Action:
        """The recommended action (one of ``game.legal_actions(seat)``)."""
        return self.options[0].action

    @property
    def about_equal(self) -> bool:
        """The best and the next best are about equal by the numbers the learner reads:
        their values as step 3 shows them (:func:`shown`) differ by less than the
        :data:`TOLERANCE` of the advice's kind.
        ``False`` with one option. (Values further apart that the layouts cannot rank
        surely are :attr:`unsure`, not "about equal": "either makes your bid about 11%"
        above 11% and 6% contradicted the numbers.)

        >>> from tutor.engine.actions import parse_action as act
        >>> a = Advice(seat=0, kind="chance", samples=4, seconds=0, options=[
        ...     Option(act("JD"), 0.80, ""), Option(act("9D"), 0.78, "")])
        >>> b = Advice(seat=0, kind="chance", samples=4, seconds=0, sure=0.99, options=[
        ...     Option(act("JD"), 0.80, ""), Option(act("9D"), 0.50, "")])
        >>> a.about_equal, b.about_equal, a.explain()
        (True, False, 'J♦ and 9♦ are about equal: either makes your bid 78% to 80% of the time.')
        """
        if len(self.options) < 2:
            return False
        gap = abs(shown(self.kind, self.options[0].value) - shown(self.kind, self.options[1].value))
        return gap < TOLERANCE.get(self.kind, 0.0) - 1e-9

    @property
    def ahead_breaks_tie(self) -> bool:
        """The best two score the seat exactly the same, and the best comes first because it
        leaves the seat further ahead of the others (:meth:`_ahead`): the hint names it
        alone, with its reason ("Hint: 4♥ or J♥, equally good" above "play the card that
        costs them most" left the learner to choose)."""
        return (len(self.options) > 1 and self.options[0].value == self.options[1].value
                and bool(self._ahead()))

    @property
    def unsure(self) -> bool:
        """The best looks better than the next by at least the tolerance, but the layouts
        make it less than :data:`CLEAR` sure (:attr:`sure`): said so, not hidden.

        >>> from tutor.engine.actions import parse_action as act
        >>> a = Advice(seat=0, kind="chance", samples=40, seconds=0, sure=0.8, options=[
        ...     Option(act("9C"), 0.11, "makes your bid 11% of the time"),
        ...     Option(act("QD"), 0.06, "makes your bid 6% of the time")])
        >>> a.about_equal, a.unsure
        (False, True)
        >>> a.explain().split(": ")[0]
        '9♣ looks better than Q♦, though these layouts do not make it sure'
        """
        return (len(self.options) > 1 and not self.about_equal and self.sure is not None
                and self.sure < CLEAR)

    def explain(self) -> str:
        """One plain line: why the best choice beats the next best, or that the two are
        about equal (:attr:`about_equal`) with what either gives. At the dealer's bid a
        trump is a change of trump.

        >>> from tutor.engine.actions import parse_action as act
        >>> Advice(seat=0, kind="points", samples=4, seconds=0, options=[
        ...     Option(act("trump C"), 6.1, "+6.1 points expected"),
        ...     Option(act("bid 2"), 2.3, "+2.3 points expected")]).explain()
        'Change to ♣ trump: +6.1 points expected; the next best, bid 2: +2.3 points expected.'
        """
        best = self.options[0]
        choice = label(best.action)
        if len(self.options) == 1:
            return _cap(_("{choice} is your only choice: {text}.").format(
                choice=choice, text=best.text))
        nxt = self.options[1]
        n = label(nxt.action)
        if best.value == nxt.value:
            # Translators: {ahead} is empty, or "; {choice} leaves you ... ahead of the others".
            return _cap(_("{choice} and {other} do equally well: {text}{ahead}.").format(
                choice=choice, other=n, text=best.text, ahead=self._ahead()))
        if self.about_equal:
            # Translators: {either} is "either makes your bid about 80% of the time" or the
            # like; {ahead} is empty, or "; {choice} leaves you ... ahead of the others".
            return _cap(_("{choice} and {other} are about equal: {either}{ahead}.").format(
                choice=choice, other=n, either=self._either(), ahead=self._ahead()))
        other = self.short.get(str(nxt.action), nxt.text)
        if self.unsure:
            return _cap(_("{choice} looks better than {other}, though these layouts do not "
                          "make it sure: {text}; {other}: {other_text}.").format(
                choice=choice, other=n, text=best.text, other_text=other))
        changing = trump_change(best.action, self.options)
        # Translators: {action} is what the best choice does ("play K♥", "bid 2", "name ♠
        # trump"); {text} and {other_text} say what each choice gives.
        return _cap(_("{action}: {text}; the next best, {other}: {other_text}.").format(
            action=_verb(best.action, changing), text=best.text, other=n, other_text=other))

    def either(self) -> str:
        """What either of the best two gives when they are about equal, naming neither: the
        line under a title that has named both ("Hint: K♠ or Q♠, about equal").

        >>> from tutor.engine.actions import parse_action as act
        >>> Advice(seat=0, kind="chance", samples=4, seconds=0, options=[
        ...     Option(act("JD"), 0.80, ""), Option(act("9D"), 0.78, "")]).either()
        'Either makes your bid 78% to 80% of the time.'
        >>> Advice(seat=0, kind="chance", samples=4, seconds=0, options=[
        ...     Option(act("QD"), 0.997, ""), Option(act("9D"), 0.996, "")]).either()
        'Either makes your bid almost always.'
        >>> Advice(seat=0, kind="points", samples=4, seconds=0, options=[
        ...     Option(act("KS"), -88.1, "-88.1 points expected in this deal"),
        ...     Option(act("QS"), -88.1, "")]).either()
        'Either way: -88.1 points expected in this deal.'
        >>> Advice(seat=0, kind="points", samples=4, seconds=0, options=[
        ...     Option(act("contract king"), 35.2, ""),
        ...     Option(act("contract queens"), 34.6, "")]).either()[:67]
        'Either scores about 35 points more than an average hand would in it'
        """
        best = self.options[0]
        if len(self.options) > 1 and best.value == self.options[1].value:
            # Translators: {ahead} is empty, or "; {choice} leaves you ... ahead of the others".
            return _("Either way: {text}{ahead}.").format(text=best.text, ahead=self._ahead())
        return sentence(self._either() + self._ahead())

    def _ahead(self) -> str:
        """Why the first of two choices about equal comes first when its points do not say
        so: it leaves the seat further ahead of the others (the ``margin`` feature, the
        seat's score less the others' mean; :func:`tutor.advice.trixter.margin_first`)."""
        if len(self.options) < 2 or self.options[0].value > self.options[1].value:
            return ""
        gap = self.further_ahead(*(str(o.action) for o in self.options[:2]))
        if gap is None:
            return ""
        # Translators: added at the end of a sentence that says two choices are (about) equal.
        return _("; {choice} leaves you {gap} points further ahead of the others").format(
            choice=label(self.options[0].action), gap=fixed(gap))

    def further_ahead(self, a: str, b: str) -> float | None:
        """How much further ahead of the others choice ``a`` leaves the seat than ``b`` (the
        mean of each one's ``margin`` feature, the seat's score less the others' mean),
        where it does by :data:`AHEAD` at least; else ``None`` (or no margins)."""
        mine, theirs = (self.features.get(x, {}).get("margin") for x in (a, b))
        if not mine or not theirs:
            return None
        gap = sum(mine) / len(mine) - sum(theirs) / len(theirs)
        return gap if gap >= AHEAD else None

    def _either(self) -> str:
        """What either of two choices about equal gives, as the learner reads their numbers:
        "about 80%" where both read the same, else both ("78% to 80%", "+5.2 to +5.9
        points"): "either scores about +5.9" above +5.9 and +5.2 was not true of the second.
        A clause of a sentence (it follows a colon, or is made a sentence of its own).

        >>> from tutor.engine.actions import parse_action as act
        >>> def either(kind, *values):
        ...     return Advice(seat=0, kind=kind, samples=4, seconds=0, options=[
        ...         Option(act(a), v, "") for a, v in zip(("bid 0", "bid 1"), values)])._either()
        >>> either("points", 5.94, 5.2), either("points", 5.94, 5.91)
        ('either scores +5.2 to +5.9 points', 'either scores about +5.9 points')
        >>> either("chance", 0.93, 0.88), either("chance", 0.996, 0.99)
        ('either makes your bid 88% to 93% of the time', 'either makes your bid almost always')
        >>> either("place", 2.46, 2.56)
        'either finishes you in place 2.5 to 2.6 on average'
        >>> either("place", 2.46, 2.48)
        'either finishes you in about place 2.5'
        """
        v, w = self.options[0].value, self.options[1].value
        low, high = min(v, w), max(v, w)
        if self.kind == "chance":  # "about 100%" would read as a doubt about a sure thing
            lo, hi = half_away(100 * low), half_away(100 * high)
            if lo >= 99 or hi <= 1:
                # Translators: the clauses "either ..." follow a colon ("K♠ and Q♠ are about
                # equal: either ...") or begin a sentence of their own (then with a capital).
                return (_("either makes your bid almost always") if lo >= 99
                        else _("either makes your bid almost never"))
            if lo != hi:
                # Translators: {low} and {high} are percentages, e.g. "88%" and "93%".
                return _("either makes your bid {low} to {high} of the time").format(
                    low=percent(low), high=percent(high))
            return _("either makes your bid about {percent} of the time").format(
                percent=percent(v))
        if self.kind == "place":  # a lower place is the better: the best is the low one
            if number_words(low) != number_words(high):
                return _("either finishes you in place {low} to {high} on average").format(
                    low=number_words(low), high=number_words(high))
            return _("either finishes you in about place {place}").format(place=number_words(v))
        if isinstance(self.best, ChooseContract):  # a contract's value: its gain (see trix.py)
            return self._either_contract(low, high)
        if signed_points(low) != signed_points(high):
            return _("either scores {low} to {high} points").format(
                low=signed_points(low), high=signed_points(high))
        return _("either scores about {points} points").format(points=signed_points(v))

    @staticmethod
    def _either_contract(low: float, high: float) -> str:
        """:meth:`_either` for two contracts, whose values are gains over an average hand."""
        lo, hi = abs(whole_number(low)), abs(whole_number(high))
        why = _("each contract is played once a kingdom: choose the one where your hand "
                "beats an average one most")
        if whole_number(low) < 0 <= whole_number(high):
            return _("either scores about as much as an average hand would in it ({why})"
                     ).format(why=why)
        lo, hi = min(lo, hi), max(lo, hi)
        points = str(lo) if lo == hi else _("{low} to {high}").format(low=lo, high=hi)
        if high >= 0:
            return _("either scores about {points} points more than an average hand would in "
                     "it ({why})").format(points=points, why=why)
        return _("either scores about {points} points fewer than an average hand would in "
                 "it ({why})").format(points=points, why=why)

    def __repr__(self) -> str:
        return (f"<Advice seat={self.seat} {self.kind} best={self.best} "
                f"options={len(self.options)} samples={self.samples}>")


_THINK = {Bid: N_("Think about how many tricks your hand can take."),
          ChooseTrump: N_("Think about which suit makes your hand strongest."),
          ChooseContract: N_("Think about which contract your hand can best afford now."),
          Double: N_("Think about whether doubling gains more than it risks."),
          NoDouble: N_("Think about whether doubling gains more than it risks."),
          ClaimRedeal: N_("Think about whether this hand is worth playing."),
          NoRedeal: N_("Think about whether this hand is worth playing.")}


def idea_words(advice) -> str:
    """The first step of a hint: the idea (the reason's ``nudge``), or without one a short
    general line for the decision; it names no choice.

    >>> from tutor.engine.actions import parse_action as act
    >>> idea_words(Advice(seat=0, kind="chance", samples=1, seconds=0, game="trixter",
    ...                   options=[Option(act("JD"), 1.0, ""), Option(act("9D"), 0.5, "")]))
    'Think about what your bid still needs.'
    """
    reason = getattr(advice, "reason", None)
    if reason is not None:
        return sentence(reason.nudge)
    options = advice.options
    if len(options) == 1:
        return _("You have only one choice here.")
    best = options[0].action
    if isinstance(best, Play):
        if getattr(advice, "game", "") == "trixter":
            return _("Think about what your bid still needs.")
        if advice.kind == "place":
            return _("Think about which card lets you go out first, and helps the others "
                     "least.")
        return _("Think about which card keeps the penalties away from you.")
    think = _THINK.get(type(best))
    return _(think) if think else _("Think about what each choice leads to.")


def why_words(advice) -> str:
    """The second step of a hint: the choice and why (the reason's ``text``, else
    :meth:`Advice.explain`). When the best two are about equal, :meth:`Advice.explain`
    says so: a reason would rank them. When the layouts rank them less than surely
    (:attr:`Advice.unsure`), the reason and then that it is not sure: the idea step 1 named
    is explained, not dropped for the numbers alone."""
    reason = getattr(advice, "reason", None)
    if reason is None or (getattr(advice, "about_equal", False)
                          and not getattr(advice, "ahead_breaks_tie", False)):
        return advice.explain()
    if getattr(advice, "unsure", False):  # the idea step 1 named, then how sure it is
        # Translators: after a hint's reason, when the layouts rank the choice less surely.
        return sentence(reason.text) + " " + _("These layouts do not make it sure that it "
                                               "beats the next best.")
    return sentence(reason.text)


def sentence(text: str) -> str:
    """``text`` as a sentence on its own: a capital first, a full stop last (a reason's words
    may begin with a card's name, or be written to follow a colon).

    >>> sentence("the K♥ still loses to the A♥"), sentence("Q♠ is safe."), sentence("")
    ('The K♥ still loses to the A♥.', 'Q♠ is safe.', '')
    """
    text = text.strip()
    if not text:
        return ""
    return _cap(text) + ("" if text[-1] in ".!?" else ".")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def trump_change(action: Action, options) -> bool:
    """Whether ``action`` is a trump named among bids: the dealer changing the trump while
    bidding (the one place a trump and bids are choices together)."""
    return isinstance(action, ChooseTrump) and any(isinstance(o.action, Bid) for o in options)


def _verb(action: Action, changing: bool = False) -> str:
    """What doing ``action`` is called: ``play K♥``, ``bid 2``, ``name ♠ trump``, or at
    the dealer's bid (``changing``) ``change to ♠ trump``."""
    if isinstance(action, Play):
        # Translators: what doing a choice is called, at the start of a hint's sentence.
        return _("play {card}").format(card=action.card.symbol())
    if isinstance(action, ChooseTrump):
        if changing:
            return _("change to {trump}").format(trump=label(action))
        return _("name {trump}").format(trump=label(action))
    if isinstance(action, ChooseContract):
        return _("choose {contract}").format(contract=label(action))
    return label(action)


def label(action: Action) -> str:
    """An action as a learner names it: ``K♥``, ``bid 2``, ``♠ trump``, ``Queens``."""
    if isinstance(action, Play):
        return action.card.symbol()
    if isinstance(action, Bid):
        return _("bid {n}").format(n=action.n)
    if isinstance(action, ChooseTrump):
        return trump_words(action.suit)
    if isinstance(action, ChooseContract):
        return contracts_title(action.contracts)
    if isinstance(action, Double):
        return _("double {card}").format(card=action.card.symbol())
    if isinstance(action, ClaimRedeal):
        return _("claim a redeal")
    return str(action)


def trump_words(suit) -> str:
    """A trump as a learner names it: ``♠ trump``, ``no trump``."""
    return _("no trump") if suit is None else _("{suit} trump").format(suit=suit.symbol)


def signed_points(x: float, digits: int = 1) -> str:
    """Points with their sign and a real minus, as every other number the learner reads:
    ``+7.3``, ``−5.0``."""
    return signed(x, digits)


def shown(kind: str, value: float) -> float:
    """``value`` as step 3 prints it: a chance in whole percent, points to a tenth; the
    tolerance of :attr:`Advice.about_equal` is read off these, so two choices whose shown
    numbers are 5% apart are never "about equal" in one hint and ranked in the next.

    >>> shown("chance", 0.6139), shown("points", -4.46), shown("place", 2.613)
    (0.61, -4.5, 2.613)
    """
    if kind == "chance":
        return half_away(100 * value) / 100
    if kind == "points":
        return half_away(value, 1) / 10
    return value


def percent(x: float) -> str:
    """A chance in whole percent: ``0.874`` → ``87%``."""
    # Translators: a percentage, e.g. "87%".
    return _("{n}%").format(n=half_away(100 * x))


# --- budget -------------------------------------------------------------------------
def budget_for(seconds: float, cards_left: int) -> int:
    """Rollouts that fit in ``seconds`` when each plays out ``cards_left`` cards."""
    return max(8, int(seconds * ROLLOUT_CARDS_PER_SECOND / (cards_left + 8)))


def ways(options: int) -> int:
    """How many ways a budget is split: one per option; a forced choice gets an eighth
    (its number is only for the learner to read)."""
    return options if options > 1 else 8


def work_for(game, budget: int | None, seconds: float | None, extra: int = 0) -> int:
    """A decision's rollouts: ``budget`` as given, else ``seconds`` (default
    :data:`DEFAULT_SECONDS`) at the fixed rate for the cards still in the hands, and
    ``extra`` cards' worth of work a rollout (Trixter's exact last tricks)."""
    if budget is not None:
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise ValueError("budget is a whole number of rollouts, at least 1")
        return budget
    if seconds is not None and not seconds > 0:
        raise ValueError("seconds must be positive")
    left = sum(game.observation(game.to_move).hand_counts)
    return budget_for(DEFAULT_SECONDS if seconds is None else seconds, left + extra)


def sure_of(options: list[Option], per: dict[str, list[float]],
          higher_is_better: bool = True) -> float | None:
    """How sure the first of ``options`` (ranked) beats the second (:func:`paired_sure`)."""
    if len(options) < 2:
        return None
    a, b = per[str(options[0].action)], per[str(options[1].action)]
    return paired_sure(a, b) if higher_is_better else paired_sure(b, a)


def paired_sure(a: Sequence[float], b: Sequence[float]) -> float:
    """The normal approximation of the chance that ``a`` beats ``b`` on average over more
    layouts, from their results ``a[i]``, ``b[i]`` on the same layouts (0.5: a coin toss).

    >>> paired_sure([1, 1, 1], [0, 0, 0]), paired_sure([1, 0], [1, 0])
    (1.0, 0.5)
    """
    d = [x - y for x, y in zip(a, b)]
    n = len(d)
    if not n:
        return 0.5
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    if var == 0:
        return 1.0 if mean > 0 else (0.0 if mean < 0 else 0.5)
    return 0.5 * (1 + math.erf(mean / math.sqrt(var / n) / math.sqrt(2)))


def unpaired_sure(a: Sequence[float], b: Sequence[float]) -> float:
    """:func:`paired_sure` for results on different layouts (Welch's normal
    approximation): the chance that ``a`` beats ``b`` on average over more layouts.

    >>> unpaired_sure([1, 1, 1], [0, 0]), unpaired_sure([1, 0], [0, 1])
    (1.0, 0.5)
    """
    if not a or not b:
        return 0.5
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / max(1, len(a) - 1)
    vb = sum((x - mb) ** 2 for x in b) / max(1, len(b) - 1)
    se = math.sqrt(va / len(a) + vb / len(b))
    if se == 0:
        return 1.0 if ma > mb else (0.0 if ma < mb else 0.5)
    return 0.5 * (1 + math.erf((ma - mb) / se / math.sqrt(2)))


def ranked(options: list[Option], higher_is_better: bool = True) -> list[Option]:
    """``options`` best first (values rounded to 9 places; a tie keeps the legal order)."""
    sign = -1 if higher_is_better else 1
    order = {id(o): i for i, o in enumerate(options)}
    return sorted(options, key=lambda o: (sign * round(o.value, 9), order[id(o)]))


def surely_better(advice, a: str, b: str, margin: float) -> float:
    """The chance, from the layouts the advice played out, that option ``a`` (its text)
    beats ``b`` on average by at least ``margin`` (in the advice's unit): each of ``a``'s
    results is lowered by the margin before the two are compared."""
    sure = paired_sure if advice.paired else unpaired_sure
    return sure([x - margin for x in advice.per[a]], advice.per[b])


def hint_seconds() -> float:
    """A hint's budget, in seconds at the advice engine's fixed rate (CPython's speed):
    1 s on a server; 0.6 s in the browser-only site, where Pyodide runs the same work
    slower (about 1.8 times: 0.8 s median at 13 cards, ``benchmarks/site_hint.py``), so
    fewer deals are weighed (the hint says how many). The review weighs a hinted decision
    at this budget too, so it shows the hint's own evaluation."""
    return 0.6 if sys.platform == "emscripten" else 1.0


def observation_seed(obs: dict[str, Any]) -> int:
    """A seed drawn from what a seat sees and nothing else (its ``observe(seat)``): the
    same observation gives the same number, so a hint cannot differ with the cards the
    seat may not see, and the review can weigh a hinted decision exactly as the hint did."""
    text = json.dumps(obs, sort_keys=True, ensure_ascii=False, default=str)
    return zlib.crc32(text.encode())
