"""Simulations where bots play every seat of a real game, for lessons and advice.

Kept apart from the bots themselves: a bot sees only its observation, while a simulation
deals the hands and runs whole games.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.actions import ChooseContract
from tutor.engine.cards import CARDS, Card
from tutor.engine.trix.contracts import Contract, contract_total
from tutor.bots.trix import TrixBot
from tutor.engine.trix.game import TrixGame
from tutor.engine.trix.rules import TrixRules
from tutor.bots import play_bot_turn

__all__ = ["simulate_contracts", "ContractTrial", "FAIR_SHARE", "stable_seed"]

FAIR_SHARE = {c: contract_total([c]) / 4 for c in Contract}
"""What an average hand scores in each contract: a quarter of the deal's total."""

@dataclass(frozen=True)
class ContractTrial:
    """What :func:`simulate_contracts` found for one contract: the owner's mean points
    over ``deals`` played deals, the worst and best deal, and how many were redealt."""

    contract: Contract
    mean: float
    worst: int
    best: int
    deals: int
    redeals: int = 0

    @property
    def gain(self) -> float:
        """How much better than an average hand (:data:`FAIR_SHARE`) this hand does."""
        return self.mean - FAIR_SHARE[self.contract]


def simulate_contracts(hand: Sequence[Card] | str, samples: int = 12, seed: int = 0,
                       contracts: Sequence[Contract] = tuple(Contract),
                       rules=None) -> list[ContractTrial]:
    """Which contract suits ``hand`` (13 cards) as owner: deal the other 39 cards at
    random ``samples`` times and play each contract on the same deals, every seat played
    by :class:`TrixBot` (the owner too), and average the owner's points. Best first, by
    the gain over an average hand: Trex always pays, so what counts is how much more this
    hand makes of a contract than an average hand would.

    A deal where someone claims a redeal is not counted (``redeals``). Seeded, so the
    same hand gives the same table.

    >>> top = simulate_contracts("AS KS QS AH KH QH AD KD QD AC KC QC JC", samples=3)
    >>> [(t.contract.title, t.mean, t.gain) for t in top][:2]
    [('Trex', 200.0, 75.0), ('King of Hearts', -75.0, -56.25)]
    """

    if isinstance(hand, str):
        hand = [Card.parse(t) for t in hand.replace(",", " ").split()]
    hand = list(hand)
    if len(hand) != 13 or len(set(hand)) != 13 or any(c.is_joker for c in hand):
        raise ValueError("a Trix hand is 13 different cards")
    rules = rules or TrixRules()
    rng = random.Random(f"{seed}/contracts")
    rest = [c for c in CARDS if c not in hand]
    points: dict[Contract, list[int]] = {c: [] for c in contracts}
    redeals = dict.fromkeys(contracts, 0)
    for i in range(samples):
        rng.shuffle(rest)
        deal_ = [" ".join(str(c) for c in h) for h in (hand, rest[:13], rest[13:26], rest[26:])]
        for c in contracts:
            g = TrixGame.new(seed=i, rules=rules, deals=[deal_], owner=0, dealer=0)
            g.apply(ChooseContract([c]), 0)
            bots = [TrixBot(seed=hash((seed, i, s)) & 0xFFFF) for s in range(4)]
            while g.to_move is not None and g.deal_number == 1:
                play_bot_turn(g, bots[g.to_move])
            row = g.sheet[-1] if g.sheet else None
            if row is None or row.get("redeal") is not None:
                redeals[c] += 1
                continue
            points[c].append(row["points"][0])
    out = [ContractTrial(c, sum(v) / len(v), min(v), max(v), len(v), redeals[c])
           for c, v in points.items() if v]
    return sorted(out, key=lambda t: -t.gain)


def stable_seed(*parts: object) -> int:
    """A seed from its parts that is the same in every run (``hash`` of a string is not)."""
    return zlib.crc32("/".join(map(str, parts)).encode())
