"""The five contracts of a Trix kingdom."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card, CardSet, Rank, Suit
from tutor.engine.errors import ParseError
from tutor.engine.i18n import gettext as _, N_
from tutor.engine.tricks import led_suit, legal_cards
from tutor.engine.trix.rules import TrixRules

__all__ = ["Contract", "TRICK_CONTRACTS", "contracts_title", "ends_early", "early_end_words",
           "PENALTY_CARDS", "CARD_POINTS", "TRICK_POINTS", "SWAPPED", "DOUBLABLE",
           "DOUBLED_TAKER", "DOUBLER_GAIN", "TREX_POINTS", "NO_LEAD", "CardScore",
           "unit_points", "card_scores", "trick_points", "penalty_cards", "doublable_cards",
           "deal_points", "contract_total", "trex_team_points", "lead_ban", "discard_duty",
           "legal_trick_cards"]


class Contract(enum.IntEnum):
    """King of Hearts, Queens, Diamonds, Ltoosh and Trex (in that order)."""

    KING = 0
    QUEENS = 1
    DIAMONDS = 2
    LTOOSH = 3
    TREX = 4

    @property
    def text(self) -> str:
        """The word in action text: ``king``, ``queens``, ``diamonds``, ``ltoosh``, ``trex``."""
        return self.name.lower()

    @property
    def title(self) -> str:
        """The name a learner reads."""
        return _(_TITLES[self])

    @property
    def is_trick_contract(self) -> bool:
        """True for the four contracts played in tricks (all but Trex)."""
        return self != Contract.TREX

    @classmethod
    def parse(cls, text: str) -> Contract:
        """``"king"``, ``"King of Hearts"``, ``"queens"``, ``"girls"``, ``"banat"``, ``"trex"``…

        >>> Contract.parse("Girls"), Contract.parse("tricks")
        (<Contract.QUEENS: 1>, <Contract.LTOOSH: 3>)
        """
        t = " ".join(str(text).strip().lower().split())
        if t in _NAMES:
            return _NAMES[t]
        raise ParseError(_("not a contract: {text!r} (king, queens, diamonds, ltoosh, "
                           "trex)").format(text=text))

    def __str__(self) -> str:
        return self.text


_TITLES = {Contract.KING: N_("King of Hearts"), Contract.QUEENS: N_("Queens"),
           Contract.DIAMONDS: N_("Diamonds"), Contract.LTOOSH: N_("Ltoosh"),
           Contract.TREX: N_("Trex")}
_NAMES = {
    "king": Contract.KING, "king of hearts": Contract.KING, "kh": Contract.KING,
    "sheikh el-koobbah": Contract.KING, "sheikh": Contract.KING,
    "queens": Contract.QUEENS, "girls": Contract.QUEENS, "banat": Contract.QUEENS,
    "diamonds": Contract.DIAMONDS, "dinari": Contract.DIAMONDS,
    "ltoosh": Contract.LTOOSH, "tricks": Contract.LTOOSH, "slaps": Contract.LTOOSH,
    "collections": Contract.LTOOSH,
    "trex": Contract.TREX, "trix": Contract.TREX, "domino": Contract.TREX,
}

TRICK_CONTRACTS = frozenset(c for c in Contract if c.is_trick_contract)


def contracts_title(contracts: Iterable[Contract | str]) -> str:
    """What a learner reads for the contract(s) of one deal: the four trick contracts
    together are "Trix Complex" (RULES.md A8), fewer are joined in the rules' order.

    >>> contracts_title(["ltoosh", "king"]), contracts_title(TRICK_CONTRACTS)
    ('King of Hearts + Ltoosh', 'Trix Complex')
    """
    named = sorted({c if isinstance(c, Contract) else Contract.parse(c) for c in contracts})
    if set(named) == TRICK_CONTRACTS:
        return _("Trix Complex")
    return " + ".join(c.title for c in named)


# --- The rules' numbers: one table each (RULES.md A2-A4, A6) ----------------------------
# The engine's scores and legal cards, the solver's goals and both of its engines, the
# bots and the words a learner reads all take them from here; tests/test_rule_tables.py
# plays random deals to check that every one of them agrees with the engine.

KING_OF_HEARTS = Card(Suit.HEARTS, Rank.KING)
ACE_OF_HEARTS = Card(Suit.HEARTS, Rank.ACE)  # the one heart that beats the K♥
QUEENS = CardSet(Card(s, Rank.QUEEN) for s in Suit)
DIAMONDS = CardSet.deck().by_suit(Suit.DIAMONDS)

PENALTY_CARDS: Mapping[Contract, CardSet] = {
    Contract.KING: CardSet([KING_OF_HEARTS]), Contract.QUEENS: QUEENS,
    Contract.DIAMONDS: DIAMONDS,
}
"""The cards that score against their taker in each contract (A3)."""

CARD_POINTS: Mapping[Contract, int] = {
    Contract.KING: -75, Contract.QUEENS: -25, Contract.DIAMONDS: -10,
}
"""Points to the taker of each of the contract's :data:`PENALTY_CARDS` (A3)."""

TRICK_POINTS: Mapping[Contract, int] = {Contract.LTOOSH: -15}
"""Points to the winner of each trick (A3)."""

SWAPPED = (Contract.DIAMONDS, Contract.LTOOSH)
"""Option ``swap_diamonds_ltoosh``: these two contracts trade their numbers (diamonds −15
each, tricks −10 each)."""

DOUBLABLE = frozenset({Contract.KING, Contract.QUEENS})
"""The contracts whose penalty cards may be revealed and doubled (A4)."""

DOUBLED_TAKER = 2
"""A doubled card taken by a player other than its doubler: the taker scores the card's
points this many times (−150 for the K♥, −50 for a queen)…"""

DOUBLER_GAIN = -1
"""…and the doubler this many times (+75, +25). A doubler who takes their own card scores
it once, with no bonus; so a doubled card moves the deal's total by nothing."""

TREX_POINTS = (200, 150, 100, 50)
"""Trex points for going out 1st, 2nd, 3rd and 4th (A3, A6)."""

NO_LEAD: Mapping[Contract, Suit] = {Contract.KING: Suit.HEARTS}
"""Option ``no_heart_lead_in_king``: the suit that may not be led in the contract unless
the leader holds nothing else (A2)."""

_EARLY_END_WORDS = {
    Contract.KING: N_("The K♥ has been taken: the deal ends."),
    Contract.QUEENS: N_("All four queens have been taken: the deal ends."),
    Contract.DIAMONDS: N_("All 13 diamonds have been taken: the deal ends."),
}


def ends_early(contracts: Iterable[Contract], left: CardSet) -> bool:
    """Whether a deal of ``contracts`` is over before its 13th trick (RULES.md A2,
    ``end_early``): King of Hearts, Queens or Diamonds played alone, once none of its
    cards is ``left`` (in a hand or the trick in play), so every one has been taken. Never
    for Ltoosh, Trex or a combined deal. Puzzles and lesson deals ask here
    (``tests/test_early_end.py`` plays them against the engine).

    >>> ends_early([Contract.KING], CardSet.parse("AH QS")), ends_early([Contract.KING],
    ...                                                                  CardSet.parse("KH"))
    (True, False)
    >>> ends_early([Contract.KING, Contract.QUEENS], CardSet())
    False
    """
    named = set(contracts)
    if len(named) != 1:
        return False
    (c,) = named
    cards = PENALTY_CARDS.get(c)  # all the cards that score in it
    return cards is not None and not (cards & left)


def early_end_words(contracts: Iterable[Contract]) -> str:
    """What the table says when :func:`ends_early` ends the deal."""
    named = set(contracts)
    words = _EARLY_END_WORDS.get(next(iter(named)), "") if len(named) == 1 else ""
    return _(words) if words else ""


def unit_points(contract: Contract, swap: bool = False) -> int:
    """The number of ``contract``: points per penalty card taken (King of Hearts, Queens,
    Diamonds) or per trick taken (Ltoosh); 0 for Trex. ``swap``: the
    ``swap_diamonds_ltoosh`` option.

    >>> unit_points(Contract.DIAMONDS), unit_points(Contract.DIAMONDS, swap=True)
    (-10, -15)
    """
    if swap and contract in SWAPPED:
        contract = SWAPPED[1 - SWAPPED.index(contract)]
    return CARD_POINTS.get(contract) or TRICK_POINTS.get(contract, 0)


@dataclass(frozen=True)
class CardScore:
    """What one penalty card scores in a deal (A3, A4): ``plain`` to its taker when it is
    not doubled or its doubler takes it; when another player doubled it, ``doubled`` to the
    taker and ``doubler`` to that doubler. A card that scores in several combined
    contracts (Q♦ in Queens + Diamonds) doubles only its doubled contracts' part."""

    plain: int
    doubled: int
    doubler: int


def card_scores(contracts: Iterable[Contract], swap: bool = False) -> dict[Card, CardScore]:
    """Every card that scores in a deal of ``contracts``, with what it scores.

    >>> s = card_scores([Contract.QUEENS, Contract.DIAMONDS])[Card.parse("QD")]
    >>> s.plain, s.doubled, s.doubler
    (-35, -60, 25)
    """
    parts: dict[Card, list[int]] = {}
    for c in sorted(set(contracts)):
        pts = unit_points(c, swap)
        for card in PENALTY_CARDS.get(c, ()):
            part = parts.setdefault(card, [0, 0])
            part[0] += pts
            if c in DOUBLABLE:
                part[1] += pts
    return {card: CardScore(p, p + (DOUBLED_TAKER - 1) * d, DOUBLER_GAIN * d)
            for card, (p, d) in parts.items()}


def trick_points(contracts: Iterable[Contract], swap: bool = False) -> int:
    """Points to the winner of each trick in a deal of ``contracts`` (Ltoosh's)."""
    return sum(unit_points(c, swap) for c in set(contracts) if c in TRICK_POINTS)


def penalty_cards(contracts: Iterable[Contract]) -> CardSet:
    """The cards that score against their taker in a deal of ``contracts``."""
    out = CardSet()
    for c in set(contracts):
        out = out | PENALTY_CARDS.get(c, CardSet())
    return out


def doublable_cards(contracts: Iterable[Contract]) -> CardSet:
    """The cards that may be doubled in a deal of ``contracts`` (doubling on)."""
    return penalty_cards(set(contracts) & DOUBLABLE)


def deal_points(contract: Iterable[Contract], taken: Sequence[CardSet],
                tricks_won: Sequence[int], doubles: Sequence[tuple[Card, int]] = (),
                out: Sequence[int] = (), rules: TrixRules | None = None) -> list[int]:
    """Each seat's points for one deal of ``contract`` (a set of contracts): from the
    cards ``taken`` and tricks won per seat, the ``doubles`` (card, doubler), or the Trex
    order ``out``. The engine scores every deal with this; lessons and quizzes too.

    >>> qs = [CardSet.parse("QS QH"), CardSet(), CardSet.parse("QD"), CardSet()]
    >>> deal_points({Contract.QUEENS}, qs, [2, 4, 3, 4], doubles=[(Card.parse("QS"), 1)])
    [-75, 25, -25, 0]
    """
    rules = rules or TrixRules()
    named = set(contract)
    pts = [0] * len(taken) if taken else [0] * 4
    if Contract.TREX in named:
        for place, s in enumerate(out):
            pts[s] += TREX_POINTS[place]
    else:
        swap = rules.swap_diamonds_ltoosh
        scores = card_scores(named, swap)
        scoring = penalty_cards(named)
        per_trick = trick_points(named, swap)
        doubled = dict(doubles)
        for s, got in enumerate(taken):
            pts[s] += per_trick * tricks_won[s]
            for card in got & scoring:
                score, d = scores[card], doubled.get(card)
                if d is None or d == s:
                    pts[s] += score.plain
                else:
                    pts[s] += score.doubled
                    pts[d] += score.doubler
    if rules.reversed_signs:
        pts = [-p for p in pts]
    return pts


def contract_total(contract: Iterable[Contract], swap: bool = False) -> int:
    """All four players' points together for a deal of ``contract``, however it is played
    (doubles move points between players, never change the total).

    >>> [contract_total([c]) for c in Contract]
    [-75, -100, -130, -195, 500]
    """
    named = set(contract)
    if Contract.TREX in named:
        return sum(TREX_POINTS)
    cards = sum(s.plain for s in card_scores(named, swap).values())
    return cards + 13 * trick_points(named, swap)


def trex_team_points(places: int, seats: int = 1) -> int:
    """The Trex points of ``seats`` players (1, or 2 partners) whose places add up to
    ``places``. :data:`TREX_POINTS` are evenly spaced, so the sum of places (what the Trex
    solver counts) tells the points.

    >>> trex_team_points(1), trex_team_points(1 + 2, seats=2)
    (200, 350)
    """
    step = TREX_POINTS[0] - TREX_POINTS[1]
    return seats * (TREX_POINTS[0] + step) - step * places


def lead_ban(contracts: Iterable[Contract], rules: TrixRules) -> CardSet:
    """The cards that may not be led in a deal of ``contracts`` unless the leader holds
    nothing else (:data:`NO_LEAD`, option ``no_heart_lead_in_king``)."""
    if not rules.no_heart_lead_in_king:
        return CardSet()
    mask = 0
    for c in set(contracts):
        if c in NO_LEAD:
            mask |= NO_LEAD[c].mask
    return CardSet.from_mask(mask)


def discard_duty(contracts: Iterable[Contract], rules: TrixRules) -> CardSet:
    """The cards a player void in the suit led must discard if they hold one (option
    ``penalty_discard``): the deal's penalty cards."""
    return penalty_cards(contracts) if rules.penalty_discard else CardSet()


def legal_trick_cards(hand: CardSet, trick: Sequence[Card], contracts: Iterable[Contract],
                      rules: TrixRules) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` in a deal of ``contracts``:
    follow suit, then the options' lead and discard duties (A2).

    >>> r = TrixRules(no_heart_lead_in_king=True, penalty_discard=True)
    >>> hand = CardSet.parse("KH 2H 3C")
    >>> [str(c) for c in legal_trick_cards(hand, [], [Contract.KING], r)]
    ['3C']
    >>> [str(c) for c in legal_trick_cards(hand, [Card.parse("AS")], [Contract.KING], r)]
    ['KH']
    """
    legal = legal_cards(hand, trick)
    if not trick:
        ban = lead_ban(contracts, rules).mask
        if ban and hand.mask & ~ban:
            legal = CardSet.from_mask(legal.mask & ~ban)
    else:
        led = led_suit(trick)
        if led is not None and not hand.has_suit(led):
            forced = hand & discard_duty(contracts, rules)
            if forced:
                legal = forced
    return legal
