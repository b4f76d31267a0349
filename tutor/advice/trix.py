"""The Trix advice before and in the trick contracts: the contract, the round of doubles and
claims, and the card; every option played out to the end of the deal on the same layouts
(common random numbers) by the beginner's strategy (:mod:`tutor.search.policy`), and scored
with the game's own tables.

>>> from tutor import TrixGame
>>> from tutor.advice import advise
>>> g = TrixGame.new(seed=1)
>>> advise(g, budget=20).kind  # the owner's contract: points against an average hand
'points'
"""

from __future__ import annotations

import random

from tutor.advice.answer import (Advice, Option, ranked, signed_points, sure_of, ways)
from tutor.engine.actions import Action, ChooseContract, ClaimRedeal, Double, Play
from tutor.engine.cards import Card, CardSet
from tutor.engine.i18n import gettext as _
from tutor.engine.seats import seat_name
from tutor.engine.trix.contracts import (DIAMONDS, DOUBLABLE, KING_OF_HEARTS, PENALTY_CARDS,
                                         QUEENS, TREX_POINTS, Contract, contract_total,
                                         deal_points)
from tutor.engine.trix.game import may_claim_king_redeal, may_claim_trex_redeal
from tutor.search import policy
from tutor.solver.hidden import sample, view_of

__all__ = ["contract_advice", "round_advice", "card_advice", "layouts_for", "side_of",
           "average_share", "team_words", "round_needed", "seat_facts", "add_facts",
           "deal_outcome", "NO_FACTS"]

QUEENS_MASK = QUEENS.mask
DIAMONDS_MASK = DIAMONDS.mask
KING_MASK = 1 << KING_OF_HEARTS.index


def layouts_for(game, seat: int, samples: int, rng_seed: str) -> list[list[CardSet]]:
    """``samples`` layouts of the cards ``seat`` cannot see, from the decision's seed."""
    return sample(view_of(game, seat), samples, random.Random(rng_seed))


def side_of(game, seat: int) -> list[int]:
    """The seats whose points are the seat's: itself, and its partner in partnership."""
    return [seat, (seat + 2) % 4] if game.rules.partnership else [seat]


def average_share(contracts, rules, team: bool) -> float:
    """What an average hand scores in a deal of ``contracts``: a quarter of its total."""
    share = contract_total(contracts, rules.swap_diamonds_ltoosh) / 4 * (2 if team else 1)
    return -share if rules.reversed_signs else share


def taken_so_far(game) -> tuple[list[int], list[int]]:
    """Cards and tricks each seat has taken this deal, from the public tricks."""
    taken, won = [0] * 4, [0] * 4
    for t in game.tricks:
        policy.close_trick([(s, c.index) for s, c in t], taken, won)
    return taken, won


def side_points(deal: policy.TrixDeal, taken: list[int], won: list[int], side: list[int]) -> int:
    """The deal's points of ``side`` (one seat, or a team), by the game's own tables."""
    pts = deal_points(deal.contracts, [CardSet.from_mask(t) for t in taken], won,
                      deal.doubles, (), deal.rules)
    return sum(pts[s] for s in side)


def seat_facts(deal: policy.TrixDeal, seat: int, new: int, tricks: int) -> dict[str, int]:
    """What ``seat`` took in a play-out, for the reasons: ``new`` the cards it took (a
    mask), ``tricks`` the tricks. ``penalty``: the points those cost it (a positive
    number, whatever the signs of the table)."""
    cost = deal.cost[seat]
    lost = deal.per_trick * tricks
    scoring = new & deal.scoring
    while scoring:
        low = scoring & -scoring
        lost += cost.get(low.bit_length() - 1, 0)
        scoring ^= low
    return {"king": 1 if new & KING_MASK else 0,
            "queens": (new & QUEENS_MASK).bit_count(),
            "diamonds": (new & DIAMONDS_MASK).bit_count(), "tricks": tricks, "penalty": lost}


NO_FACTS = {"redeal": 0, "king": 0, "queens": 0, "diamonds": 0, "tricks": 0, "penalty": 0,
            "place": 0}
"""Every fact of a deal played out from its round (:func:`deal_outcome`), as when the
seat takes nothing; each layout fills them all, so each list lines up with ``per``."""


def add_facts(features: dict[str, list[float]], facts: dict[str, float]) -> None:
    """Append one layout's ``facts`` to an option's ``features``."""
    for k, v in facts.items():
        features.setdefault(k, []).append(v)


def points_text(mean: float, team: bool, seat: int = 0, digits: int = 1) -> str:
    """An option's line: its points expected in the deal (for the team, with the partner
    by the table's name for the seat, in partnership)."""
    points = signed_points(mean, digits)
    if team:
        return _("{points} points expected for your team (with {partner}) in this deal").format(
            points=points, partner=seat_name((seat + 2) % 4, 4, "trix"))
    return _("{points} points expected in this deal").format(points=points)


def team_words(team: bool, seat: int) -> str:
    """`` for your team (with South)``: the partner by the table's name for the seat."""
    if not team:
        return ""
    # Translators: added after "points expected" in partnership; {partner} is a seat's name.
    return _(" for your team (with {partner})").format(
        partner=seat_name((seat + 2) % 4, 4, "trix"))


def card_advice(game, seat: int, legal: list[Action], work: int, rng_seed: str) -> Advice:
    """A card in a trick contract: every card played out on the same layouts."""
    plays = [a for a in legal if isinstance(a, Play)]
    samples = max(2, work // ways(len(plays)))
    layouts = layouts_for(game, seat, samples, rng_seed)
    deal = policy.TrixDeal(game.contract, game.doubles, game.rules)
    side = side_of(game, seat)
    taken0, won0 = taken_so_far(game)
    gone0 = CardSet(c for t in (*game.tricks, game.trick) for _s, c in t).mask  # played, no jokers
    trick0 = [(s, c.index) for s, c in game.trick]
    totals = [0.0] * len(plays)
    per: dict[str, list[float]] = {str(a): [] for a in plays}
    features: dict[str, dict[str, list[float]]] = {str(a): {} for a in plays}
    for hands in layouts:
        masks = [h.mask for h in hands]
        for k, a in enumerate(plays):
            m, taken, won = list(masks), list(taken0), list(won0)
            c = a.card.index
            m[seat] &= ~(1 << c)
            trick = trick0 + [(seat, c)]
            leader = game.leader
            if len(trick) == 4:
                w = policy.close_trick(trick, taken, won)
                trick, leader = [], w
                if m[w] and (deal.ltoosh or deal.scoring & (m[0] | m[1] | m[2] | m[3])):
                    policy.trix_rollout(deal, m, trick, leader, taken, won, gone0 | 1 << c)
            else:
                policy.trix_rollout(deal, m, trick, leader, taken, won, gone0 | 1 << c)
            pts = side_points(deal, taken, won, side)
            totals[k] += pts
            per[str(a)].append(pts)
            # The same play-out's facts: the seat took the trick its card went to when
            # that card is among the cards it took.
            facts = seat_facts(deal, seat, taken[seat] & ~taken0[seat], won[seat] - won0[seat])
            facts["trick"] = taken[seat] >> c & 1
            add_facts(features[str(a)], facts)
    done = len(layouts)
    team = len(side) == 2
    options = [Option(a, totals[k] / done, points_text(totals[k] / done, team, seat))
               for k, a in enumerate(plays)]
    up = not game.rules.reversed_signs
    options = ranked(options, up)
    return Advice(seat=seat, kind="points", options=options, samples=done,
                  seconds=0.0, rollouts=done * len(plays),
                  short={str(o.action): f"{signed_points(o.value)}" for o in options},
                  sure=sure_of(options, per, up), per=per, features=features)


# --- Trix: before the first lead ------------------------------------------------------------
def may_claim(hand: CardSet, contracts) -> bool:
    """Whether ``hand`` may claim a redeal in a deal of ``contracts`` (the rollouts claim
    whenever they may, as the beginner does)."""
    if Contract.KING in contracts and may_claim_king_redeal(hand):
        return True
    return Contract.TREX in contracts and may_claim_trex_redeal(hand)


def doublable(hand: CardSet, contracts, rules, doubles) -> list[Card]:
    """The penalty cards of ``hand`` it may still double."""
    if not rules.doubling:
        return []
    done = {c for c, _s in doubles}
    return [card for c in sorted(set(contracts) & DOUBLABLE)
            for card in hand & PENALTY_CARDS[c] if card not in done]


def round_needed(contracts, rules) -> bool:
    """Whether a deal of ``contracts`` has a round of doubles and claims."""
    doubles = rules.doubling and bool(set(contracts) & DOUBLABLE)
    return doubles or bool(set(contracts) & {Contract.KING, Contract.TREX})


def deal_outcome(game, contracts, hands: list[CardSet], doubles: list, queue: list[int],
                 side: list[int]) -> tuple[float, dict[str, int], int]:
    """The rest of a deal from its round of doubles and claims (``queue``: the seats still
    to speak, in order), every seat by the rollout policy: the points of ``side`` (an
    average hand's share when someone claims a redeal), the facts of the same play-out
    for the reasons (``redeal``: a later seat claims one; what the seat ``side[0]`` took,
    :func:`seat_facts`, or its Trex ``place``) and the mask of the cards it took."""
    rules = game.rules
    doubles = list(doubles)
    seat = side[0]
    for s in queue:
        if may_claim(hands[s], contracts):
            return average_share(contracts, rules, len(side) == 2), \
                {**NO_FACTS, "redeal": 1}, 0
        for card in doublable(hands[s], contracts, rules, doubles):
            if policy.would_double(hands[s].mask, card.index):
                doubles.append((card, s))
    owner = game.owner
    masks = [h.mask for h in hands]
    if Contract.TREX in contracts:
        out = policy.trex_rollout(masks, [-1] * 4, [-1] * 4, [], owner)
        pts = sum(TREX_POINTS[out.index(s)] for s in side)
        return -pts if rules.reversed_signs else pts, \
            {**NO_FACTS, "place": out.index(seat) + 1}, 0
    deal = policy.trix_deal(contracts, doubles, rules)
    taken, won = [0] * 4, [0] * 4
    policy.trix_rollout(deal, masks, [], owner, taken, won, 0)
    facts = {**NO_FACTS, **seat_facts(deal, seat, taken[seat], won[seat])}
    return side_points(deal, taken, won, side), facts, taken[seat]


def contract_advice(game, seat: int, legal: list[Action], work: int, rng_seed: str) -> Advice:
    """The owner's contract: each choice's deal played out, against an average hand's share."""
    choices = [a for a in legal if isinstance(a, ChooseContract)]
    samples = max(2, work // ways(len(choices)))
    layouts = layouts_for(game, seat, samples, rng_seed)
    side = side_of(game, seat)
    team = len(side) == 2
    rules = game.rules
    totals = [0.0] * len(choices)
    per: dict[str, list[float]] = {str(a): [] for a in choices}
    features: dict[str, dict[str, list[float]]] = {str(a): {} for a in choices}
    for hands in layouts:
        for k, a in enumerate(choices):
            queue = [(seat + i) % 4 for i in range(4)] if round_needed(a.contracts, rules) \
                else []
            pts, facts, _mine = deal_outcome(game, a.contracts, hands, [], queue, side)
            add_facts(features[str(a)], {"points": pts, **facts})
            totals[k] += pts
            per[str(a)].append((-1 if rules.reversed_signs else 1)
                               * (pts - average_share(a.contracts, rules, team)))
    done = len(layouts)
    options = []
    sign = -1 if rules.reversed_signs else 1
    for k, a in enumerate(choices):
        mean = totals[k] / done
        share = average_share(a.contracts, rules, team)
        gain = sign * (mean - share)
        # Translators: {expected} is "+35 points expected in this deal" (or for the team).
        text = _("{expected} · {gain} against an average hand ({share})").format(
            expected=points_text(mean, team, seat, 0), gain=signed_points(gain, 0),
            share=signed_points(share, 0))
        options.append(Option(a, gain, text))
    options = ranked(options)
    return Advice(seat=seat, kind="points", options=options, samples=done,
                  seconds=0.0, rollouts=done * len(choices),
                  short={str(o.action): _("{points} against an average hand").format(
                      points=signed_points(o.value, 0)) for o in options},
                  sure=sure_of(options, per), per=per,
                  features=features)


def round_advice(game, seat: int, legal: list[Action], work: int, rng_seed: str) -> Advice:
    """A double, a redeal claim or neither: the deal played out after each."""
    samples = max(2, work // ways(len(legal)))
    layouts = layouts_for(game, seat, samples, rng_seed)
    side = side_of(game, seat)
    team = len(side) == 2
    rules = game.rules
    contracts = game.contract
    owner = game.owner
    k0 = (seat - owner) % 4
    later = [(owner + i) % 4 for i in range(k0 + 1, 4)]
    share = average_share(contracts, rules, team)
    totals = [0.0] * len(legal)
    per: dict[str, list[float]] = {str(a): [] for a in legal}
    features: dict[str, dict[str, list[float]]] = {str(a): {} for a in legal}
    for hands in layouts:
        for k, a in enumerate(legal):
            if isinstance(a, ClaimRedeal):
                totals[k] += share
                per[str(a)].append(share)
                add_facts(features[str(a)], {**NO_FACTS, "redeal": 1})
                continue
            doubles = list(game.doubles)
            if isinstance(a, Double):
                doubles.append((a.card, seat))
                # The seat may double more: its later words by the rollout policy.
                for card in doublable(hands[seat], contracts, rules, doubles):
                    if policy.would_double(hands[seat].mask, card.index):
                        doubles.append((card, seat))
            pts, facts, mine = deal_outcome(game, contracts, hands, doubles, later, side)
            if isinstance(a, Double):  # the seat took back the card it doubled
                facts["back"] = mine >> a.card.index & 1
            add_facts(features[str(a)], facts)
            totals[k] += pts
            per[str(a)].append(pts)
    done = len(layouts)
    options = []
    for k, a in enumerate(legal):
        mean = totals[k] / done
        if isinstance(a, ClaimRedeal):
            text = _("a new deal: {points} points expected (an average hand's share)").format(
                points=signed_points(mean, 0))
        else:
            text = points_text(mean, team, seat)
        options.append(Option(a, mean, text))
    up = not rules.reversed_signs
    options = ranked(options, up)
    return Advice(seat=seat, kind="points", options=options,
                  samples=done, seconds=0.0, rollouts=done * len(legal),
                  short={str(o.action): _("{points} points").format(points=signed_points(o.value))
                         for o in options},
                  sure=sure_of(options, per, up), per=per, features=features)
