"""The Trixter bid advice: the distribution of the tricks a hand takes when every seat plays
for its own bid, and each bid's expected score from it.

>>> d = bid_distribution("AK.A..", "S", players=4, samples=6)
>>> d.tricks, d.best_bid
([0.0, 0.0, 0.0, 1.0], 3)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from tutor.advice.answer import (DEFAULT_SECONDS, budget_for, percent, signed_points,
                                 trump_words)
from tutor.engine.facts import percents
from tutor.engine.i18n import gettext as _, ngettext
from tutor.engine.actions import Bid
from tutor.engine.cards import JOKER, CardSet, Suit
from tutor.engine.protocol import Phase
from tutor.engine.trixter import TrixterRules, jokers_for
from tutor.search.last_tricks import endplay_cost, exact_rollout
from tutor.search.policy import misses_pay
from tutor.search.estimate import estimate_tricks
from tutor.solver.hidden import View, sample, view_of

__all__ = ["BidDistribution", "bid_distribution", "estimated_bid", "trump_index", "BidAdvice",
           "bid_advice", "advise_bid"]


def trump_index(trump: Suit | None) -> int:
    """A trump as the masks name it: its suit, or -1 for no trump."""
    return -1 if trump is None else int(trump)


@dataclass
class BidDistribution:
    """For one hand and trump, under the player model: the chance of each number of
    tricks the hand takes when it plays for bid ``n`` (``by_bid[n]``, summing to 1), and
    each bid's expected score from it with the table's scoring
    (``expected[n] = sum(by_bid[n][k] * score(n, k))``); ``tricks`` is that distribution
    for the best bid. A hand steers its play toward its bid (it wins or ducks), so the
    chance of making bid ``n`` (``chance[n] = by_bid[n][n]``) is taken when playing for
    ``n``; bids out of the hand's reach share the distribution of the bid it plays for by
    its own count (``played_for``)."""

    hand: CardSet
    trump: Suit | None
    by_bid: list[list[float]]
    expected: list[float]
    bids: list[int]
    samples: int
    played_for: int
    rollouts: int = 0
    seconds: float = 0.0
    per_layout: list[list[int]] = field(default_factory=list, repr=False)
    """The tricks the hand took on each layout, playing for each bid (paired by layout)."""

    @property
    def best_bid(self) -> int:
        """The allowed bid with the highest expected score (the lower on a tie)."""
        return max(self.bids, key=lambda n: (round(self.expected[n], 9), -n))

    @property
    def tricks(self) -> list[float]:
        """The chance of each number of tricks when the hand plays for the best bid."""
        return self.by_bid[self.best_bid]

    @property
    def chance(self) -> list[float]:
        """The chance of making each bid when the hand plays for it."""
        return [d[n] for n, d in enumerate(self.by_bid)]

    def explain(self) -> str:
        """One line for a learner."""
        n = self.best_bid
        others = [b for b in self.bids if b != n]
        # the share the advisor's column shows, whose percentages add up to 100
        words = {"trump": trump_words(self.trump), "n": n, "share": percents(self.tricks)[n],
                 "points": signed_points(self.expected[n])}
        if not others:
            return ngettext(
                "With {trump}, bid {n}: playing for it, your hand takes exactly {n} trick in "
                "{share}% of deals ({points} points expected).",
                "With {trump}, bid {n}: playing for it, your hand takes exactly {n} tricks in "
                "{share}% of deals ({points} points expected).", n).format(**words)
        m = max(others, key=lambda b: (round(self.expected[b], 9), -b))
        # Translators: {m} is the next best bid; {chance} the chance of making it ("12%"),
        # {m_points} its points expected.
        return ngettext(
            "With {trump}, bid {n}: playing for it, your hand takes exactly {n} trick in "
            "{share}% of deals ({points} points expected); bid {m} is made in {chance} "
            "({m_points}).",
            "With {trump}, bid {n}: playing for it, your hand takes exactly {n} tricks in "
            "{share}% of deals ({points} points expected); bid {m} is made in {chance} "
            "({m_points}).", n).format(**words, m=m, chance=percent(self.chance[m]),
                                       m_points=signed_points(self.expected[m]))


def estimated_bid(hand: CardSet, trump: Suit | None, players: int, jokers: int,
                  allowed: Sequence[int]) -> int:
    """The bid a hand suggests (the beginner's rule): the nearest allowed to its count."""
    want = estimate_tricks(list(hand), trump, players, jokers)
    return min(allowed, key=lambda b: (abs(b - want), b))


@dataclass
class _Table:
    """What a bid distribution needs of the table: the seat, its hand and view, the bids
    said (``None``: not yet), the order of bidding, the last bidder and the first leader."""

    seat: int
    players: int
    rules: TrixterRules
    hand: CardSet
    view: View
    said: list[int | None]
    order: list[int]
    last_bidder: int
    first: int
    jokers: int

    @property
    def size(self) -> int:
        return len(self.hand)


def _table_of_hand(hand: CardSet | str, seat: int | None, players: int, leader: int,
                   rules: TrixterRules | None) -> _Table:
    """A hand at a table where nobody has bid yet and the seat bids first."""
    if isinstance(hand, str):
        hand = CardSet.from_pbn(hand) if "." in hand else CardSet.parse(hand)
    seat = 0 if seat is None else seat
    size = len(hand)
    if size * players > 52 + jokers_for(players):
        # Translators: {players} is the number of players at the table.
        raise ValueError(_("{size} cards each is more than the deck holds for {players}")
                         .format(size=size, players=players))
    pool = [c for c in CardSet.deck() if c not in hand]
    pool += [JOKER] * (jokers_for(players) - hand.jokers)
    view = View(seat=seat, hand=hand, pool=pool,
                counts=[0 if s == seat else size for s in range(players)],
                known=[CardSet()] * players, excluded=[0] * players,
                undealt=len(pool) - size * (players - 1))
    order = [(seat + i) % players for i in range(players)]
    return _Table(seat, players, rules or TrixterRules(), hand, view, [None] * players, order,
                  order[-1], leader, jokers_for(players))


def _table_of_game(game, seat: int | None) -> _Table:
    """The seat of a Trixter game before its first trick (the seat to move by default)."""
    if game.KIND != "trixter" or game.phase not in (Phase.TRUMP, Phase.BID, Phase.PLAY) \
            or game.tricks or game.trick:
        raise ValueError("a bid distribution is for a Trixter hand before its first trick")
    seat = game.to_move if seat is None else seat
    players = game.n_players
    said = list(game.bids)
    said[seat] = None
    return _Table(seat, players, game.rules, game.hands[seat], view_of(game, seat), said,
                  [(game.dealer + i) % players for i in range(players)],
                  (game.dealer - 1) % players, game.first_leader, game.jokers)


def _others_bids(table: _Table, layouts: list[list[CardSet]], trump: Suit | None,
                 hooked: bool) -> tuple[list[list[int | None]], list[float]]:
    """The others' bids on each layout: said, or what their hands suggest. Under the hook
    the last bidder's also depends on the seat's own bid: its count is kept for then."""
    table_bids, wants = [], []
    for hands in layouts:
        row = list(table.said)
        for s in table.order:
            if s == table.seat or row[s] is not None:
                continue
            want = estimate_tricks(list(hands[s]), trump, table.players, table.jokers)
            if hooked and s == table.last_bidder:
                wants.append(want)
                continue
            row[s] = min(range(table.size + 1), key=lambda b: (abs(b - want), b))
        table_bids.append(row)
    return table_bids, wants


def _play_for(table: _Table, layouts: list[list[CardSet]], table_bids: list, wants: list,
              hooked: bool, trump: int, b: int) -> list[int]:
    """The tricks the seat takes on each layout when it plays for bid ``b``."""
    size, seat, last = table.size, table.seat, table.last_bidder
    got = []
    for i, (hands, row) in enumerate(zip(layouts, table_bids)):
        row = list(row)
        row[seat] = b
        if hooked:
            others = sum(x for s, x in enumerate(row) if s != last)
            forbidden = table.rules.forbidden_bid(size, others)
            row[last] = min((k for k in range(size + 1) if k != forbidden),
                            key=lambda k: (abs(k - wants[i]), k))
        won = exact_rollout([h.mask for h in hands], [h.jokers for h in hands], [],
                            table.first, trump, row, [0] * table.players, 0,
                            misses_pay(table.rules))
        got.append(won[seat])
    return got


def bid_distribution(game_or_hand, trump: Suit | str | None = None, *, seat: int | None = None,
                     players: int = 4, leader: int = 0, rules=None,
                     bids: Sequence[int] | None = None, budget: int | None = None,
                     seconds: float | None = None, seed: int | str = 0,
                     samples: int | None = None) -> BidDistribution:
    """The distribution of the tricks a Trixter hand takes under the player model, and
    each bid's expected score from it.

    ``game_or_hand`` is a Trixter game before its first trick (the seat's hand, the bids
    said so far, the first leader and the rules come from it; ``trump`` defaults to the
    trump named) or a hand (PBN or card text, or a ``CardSet``) at ``seat`` (default 0)
    of a table of ``players`` where ``leader`` leads and nobody has bid yet.

    Each other seat plays for its own bid (said, or the one its hand suggests). The hand
    plays for each bid in reach on the same layouts (common random numbers). ``budget``
    counts rollouts (up to nine per layout); ``samples`` sets the layouts instead."""
    start = time.perf_counter()
    if isinstance(trump, str):
        trump = None if trump.strip().lower() in ("none", "nt", "") else Suit.parse(trump)
    if isinstance(game_or_hand, (str, CardSet)):
        table = _table_of_hand(game_or_hand, seat, players, leader, rules)
    else:
        table = _table_of_game(game_or_hand, seat)
    size, rules = table.size, table.rules
    bids = sorted(range(size + 1) if bids is None else bids)
    work = budget if budget is not None else (
        budget_for(DEFAULT_SECONDS if seconds is None else seconds,
                   size * table.players + endplay_cost(size)))
    if samples is None:
        samples = max(2, work // min(size + 1, 9))
    layouts = sample(table.view, samples, random.Random(f"{seed}/bids"))
    hooked = rules.hook and table.last_bidder != table.seat and \
        table.said[table.last_bidder] is None
    table_bids, wants = _others_bids(table, layouts, trump, hooked)
    per_layout: dict[int, list[int]] = {}

    def play_for(b: int) -> list[float]:
        got = per_layout[b] = _play_for(table, layouts, table_bids, wants, hooked,
                                        trump_index(trump), b)
        return [got.count(k) / len(layouts) for k in range(size + 1)]

    # The hand plays for the bid its count suggests; then for every bid near the trick
    # counts that play reached (steering moves a hand a trick or two, not more).
    aim = estimated_bid(table.hand, trump, table.players, table.jokers, range(size + 1))
    first_try = play_for(aim)
    reached = [k for k, p in enumerate(first_try) if p]
    lo, hi = min(reached) - 2, max(reached) + 2
    by_bid = [first_try] * (size + 1)
    tried = 1
    for n in range(max(0, lo), min(size, hi) + 1):
        if n != aim:
            by_bid[n] = play_for(n)
            tried += 1
    expected = [sum(p * rules.score(n, k) for k, p in enumerate(by_bid[n]))
                for n in range(size + 1)]
    return BidDistribution(hand=table.hand, trump=trump, by_bid=by_bid, expected=expected,
                           bids=list(bids), samples=len(layouts), played_for=aim,
                           rollouts=tried * len(layouts), seconds=time.perf_counter() - start,
                           per_layout=[per_layout.get(n, per_layout[aim])
                                       for n in range(size + 1)])


# --- the bid advisor's older names (the lessons' bid panel and the hint's old callers) ---
BidAdvice = BidDistribution


def bid_advice(hand: CardSet | str, trump: Suit | str | None, players: int = 4, *,
               seat: int = 0, leader: int = 0, rules=None, bids: Sequence[int] | None = None,
               samples: int | None = None, seconds: float | None = None, seed: int = 0,
               max_nodes: int | None = None) -> BidAdvice:
    """Advise a Trixter bid for ``hand`` (at ``seat``, with ``leader`` to lead the first
    trick) over ``samples`` layouts of the other hands (default: the advice engine's
    budget): for each bid, the chance of each number of tricks when the hand plays for it
    (``by_bid[n]``, summing to 1; ``chance[n]`` is the chance of making bid ``n``), each
    bid's expected score from it with ``rules.score`` (``expected``), the best bid and its
    distribution (``tricks``).
    ``max_nodes`` is accepted for old callers and unused (no exact solve is needed).

    >>> bid_advice("AK.A..", "S", players=4, samples=6).best_bid
    3
    """
    return bid_distribution(hand, trump, seat=seat, players=players, leader=leader,
                            rules=rules, bids=bids, seconds=seconds, seed=seed,
                            samples=samples)


def advise_bid(game, seat: int | None = None, **kw) -> BidAdvice:
    """Bid advice for ``seat`` of a Trixter game in its bidding (the seat to move by
    default): its hand, the trump named, the bids said and the first leader come from the
    table, and only the bids the seat may make are considered (the hook, if on)."""
    if seat is None:
        seat = game.to_move
    if game.KIND != "trixter" or game.phase not in (Phase.BID, Phase.TRUMP, Phase.PLAY) \
            or game.tricks or game.trick:
        raise ValueError("bid advice is for a Trixter hand before its first trick")
    trump = kw.pop("trump", game.trump if game.phase != Phase.TRUMP else None)
    samples = kw.pop("samples", None)  # None: the advice engine's own budget
    kw.pop("max_nodes", None)
    legal = [a.n for a in game.legal_actions(seat) if isinstance(a, Bid)]
    return bid_distribution(game, trump, seat=seat, bids=legal or None, samples=samples, **kw)
