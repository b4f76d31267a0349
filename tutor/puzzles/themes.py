"""The puzzle themes: each one's game, title, the deal of its positions
(:mod:`tutor.puzzles.deals`) and the check that keeps a proved position only when it
teaches the theme's idea (the joker ducks, the bids point to the card, a Trex card
blocks...).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from tutor.engine.cards import Card, CardSet, Rank
from tutor.engine.i18n import N_
from tutor.puzzles.deals import bid_for, deal_read_the_bids, deal_trex, deal_trix, deal_trixter
from tutor.puzzles.model import Puzzle
from tutor.puzzles.verify import CheckResult
from tutor.solver import Position, solve
from tutor.solver.hidden import View, sample_layouts
from tutor.solver.trex import OPENS

__all__ = ["THEMES", "Theme", "BID_LAYOUTS", "bid_layout_rates"]


@dataclass(frozen=True)
class Theme:
    """A theme: its game, a few words for titles, and the function that deals a
    candidate puzzle (or ``None``) from a random generator."""

    name: str
    game: str
    title: str
    build: Callable[[random.Random, str], Puzzle | None]
    keep: Callable[[Puzzle, CheckResult], bool] = lambda p, r: True


BID_LAYOUTS = 24
"""Layouts sampled for a "read the bids" puzzle: enough to tell a card that works in most
deals that fit the bids from one that works by luck."""


def bid_layout_rates(p: Puzzle, layouts: int = BID_LAYOUTS, seed: int = 0
                     ) -> dict[Card, float] | None:
    """For each legal card of the learner, the share of deals that fit what the learner
    knows (their hand, the cards played, and every other seat's bid read as the
    beginner's estimate of its hand) in which it makes the bid. ``None`` when no such
    deals are found."""
    n = p.players
    size = len(p.hands[p.seat])  # trick 1, the learner to move: a full hand
    played = {(p.leader + i) % n: c for i, c in enumerate(p.trick)}
    seen = p.hands[p.seat] + CardSet(p.trick)
    pool = [c for c in CardSet.deck() if c not in seen]
    counts = [0 if s == p.seat else len(p.hands[s]) for s in range(n)]

    def fits(deal) -> bool:
        for s in range(n):
            if s == p.seat:
                continue
            start = list(deal[s]) + ([played[s]] if s in played else [])
            if bid_for(start, p.trump, n, size) != p.bids[s]:
                return False
        return True

    view = View(p.seat, p.hands[p.seat], pool, counts, [CardSet()] * n, [0] * n,
                undealt=len(pool) - sum(counts), check=fits)
    try:
        deals = sample_layouts(view, layouts, random.Random(f"{seed}/{p.id}"), tries=400)
    except ValueError:
        return None
    wins: dict[Card, int] = {}
    for hands in deals:
        pos = Position(tuple(hands), leader=p.leader, trick=p.trick, trump=p.trump)
        r = solve(pos, p.goal())
        for c, v in r.by_card.items():
            wins[c] = wins.get(c, 0) + (v == 1)
    return {c: w / len(deals) for c, w in wins.items()}


def _keep_bids(p: Puzzle, r: CheckResult) -> bool:
    """Keep a "read the bids" puzzle when the bids point to a working card: the card that
    makes the bid in most deals fitting the bids works here, in at least 60% of them,
    and every card that fails here does so in clearly fewer of them."""
    rates = bid_layout_rates(p)
    if not rates:
        return False
    best = max(rates, key=lambda c: rates[c])
    return (best in r.winning and rates[best] >= 0.6
            and all(rates.get(c, 0) <= rates[best] - 0.25 for c in r.failing))


def _opens_for_others(p: Puzzle, card: Card) -> bool:
    """Whether playing ``card`` in Trex makes a card of another seat playable."""
    bits = OPENS[card.index]
    return any(h.mask & bits for s, h in enumerate(p.hands) if s != p.seat)


def _keep_block(p: Puzzle, r: CheckResult) -> bool:
    return (any(_opens_for_others(p, c) for c in r.failing)
            and any(not _opens_for_others(p, c) for c in r.winning))


def _keep_hold_jack(p: Puzzle, r: CheckResult) -> bool:
    return any(c.rank == Rank.JACK for c in r.failing) and bool(r.winning)


def _keep_open(p: Puzzle, r: CheckResult) -> bool:
    return all(c.rank != Rank.JACK for c in r.winning)


def _keep_joker(p: Puzzle, r: CheckResult) -> bool:
    return any(c.is_joker for c in r.winning)


THEMES: dict[str, Theme] = {}
for _name, _title in (("make-n", N_("Make your bid")), ("make-zero", N_("Make a zero bid")),
                      ("shed-a-trick", N_("Shed a trick")),
                      ("duck-with-joker", N_("Duck with the joker")),
                      ("trump-control", N_("Trump control"))):
    THEMES[_name] = Theme(_name, "trixter", _title, deal_trixter,
                          _keep_joker if _name == "duck-with-joker" else (lambda p, r: True))
for _name, _title in (("king-dodge", N_("Dodge the K♥")), ("king-force", N_("Force the K♥")),
                      ("queens", N_("Queens")), ("diamonds", N_("Diamonds")),
                      ("ltoosh-lose-all", N_("Ltoosh: lose them all")),
                      ("ltoosh-count", N_("Ltoosh: count the tricks"))):
    THEMES[_name] = Theme(_name, "trix", _title, deal_trix)
THEMES["read-the-bids"] = Theme("read-the-bids", "trixter", N_("Read the bids"),
                                deal_read_the_bids,
                                _keep_bids)
THEMES["trex-open"] = Theme("trex-open", "trix", N_("Trex: which card to play"), deal_trex,
                            _keep_open)
THEMES["trex-block"] = Theme("trex-block", "trix", N_("Trex: blocking"), deal_trex, _keep_block)
THEMES["trex-hold-jack"] = Theme("trex-hold-jack", "trix", N_("Trex: hold the jack"), deal_trex,
                                 _keep_hold_jack)
