"""Exact play of a Trixter hand's last tricks (:mod:`tutor.search.last_tricks`): what it wins
and what it costs, printed as two tables.

    python benchmarks/last_tricks.py [--deals 2000] [--seed 0] [--cards 3]

1. **What a seat gains** by playing its last ``K`` tricks exactly (max^n, every seat
   playing for its bid) among three seats that play by the beginner's rule, in the
   default scoring: each deal (4 players, 3 to 12 cards, a random trump or none, every
   seat bidding its hand's rounded count) is played once by the rule at every seat, then
   four times with one seat in turn playing its last ``K`` tricks exactly; the gain is that
   seat's points less its points in the all-rule play, mean over the seats and deals (95%
   interval over the deals). ``K`` = 1 is the anchor: the last trick is forced, so it gains
   nothing.
2. **What a play-out costs**, in microseconds, by hand size: the advice's play-out by the
   rule alone (:func:`tutor.search.policy.trixter_rollout`, the anchor) and with the last
   ``--cards`` tricks exact (3 by default; what
   :data:`~tutor.search.last_tricks.ENDPLAY_CARDS` switches on), on the same layouts;
   ``extra`` is the difference in the advice's budget's units (cards at
   :data:`tutor.advice.answer.ROLLOUT_CARDS_PER_SECOND`), ``charged`` what
   :data:`tutor.search.last_tricks.ENDPLAY_COST` charges such a play-out.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.advice.answer import ROLLOUT_CARDS_PER_SECOND  # noqa: E402
from tutor.engine.masks import FULL, trick_winner  # noqa: E402
from tutor.engine.trixter import TrixterRules  # noqa: E402
from tutor.search import last_tricks as ep  # noqa: E402
from tutor.search.estimate import estimate_mask  # noqa: E402
from tutor.search.policy import trixter_card, trixter_rollout  # noqa: E402

SCORE = TrixterRules().score


def deal(rng: random.Random, size: int) -> tuple[list[int], int, list[int], int]:
    """Four hands of ``size`` cards, a trump (-1: none), each seat's bid by its count, the
    leader."""
    trump = rng.choice([-1, 0, 1, 2, 3])
    cards = rng.sample(range(52), 4 * size)
    hands = [sum(1 << c for c in cards[i * size:(i + 1) * size]) for i in range(4)]
    bids = [max(0, min(size, round(estimate_mask(h, size, trump, 4, 0)))) for h in hands]
    return hands, trump, bids, rng.randrange(4)


def play(hands: list[int], trump: int, bids: list[int], leader: int, hero: int,
         k: int) -> list[int]:
    """Each seat's points, every seat by the rule but ``hero`` in its last ``k`` tricks."""
    hands, jokers, won, gone, trick = list(hands), [0] * 4, [0] * 4, 0, []
    while any(hands):
        s = (leader + len(trick)) % 4
        if s == hero and hands[s].bit_count() <= k:
            c = ep.endplay(hands, jokers, trick, leader, trump, bids, won, gone)[2]
        else:
            c = trixter_card(hands[s], 0, trick, trump, FULL & ~gone & ~hands[s],
                             bids[s] - won[s], len(trick) == 3)
        hands[s] &= ~(1 << c)
        gone |= 1 << c
        trick.append(c)
        if len(trick) == 4:
            leader = (leader + trick_winner(trick, trump)) % 4
            won[leader] += 1
            trick = []
    return [SCORE(bids[i], won[i]) for i in range(4)]


def gains(deals: int, seed: int) -> None:
    print(f"{'last K tricks exact':<22}{'deals':>7}{'points a hand':>15}{'95% CI':>20}")
    for k in (1, 2, 3, 4):
        rng = random.Random(f"last-tricks/{seed}")
        per = []
        for _ in range(deals):
            hands, trump, bids, leader = deal(rng, rng.randint(3, 12))
            base = play(hands, trump, bids, leader, -1, k)
            per.append(sum(play(hands, trump, bids, leader, hero, k)[hero] - base[hero]
                           for hero in range(4)) / 4)
        m = statistics.mean(per)
        h = 1.96 * statistics.stdev(per) / len(per) ** 0.5
        print(f"{'K = ' + str(k) + (' (anchor)' if k == 1 else ''):<22}{deals:>7}"
              f"{m:>+15.3f}{f'[{m - h:+.3f}, {m + h:+.3f}]':>20}")


def costs(deals: int, seed: int, k: int) -> None:
    print(f"\n{'cards a hand':<14}{'rule us':>10}{'exact end us':>14}{'extra (cards)':>15}"
          f"{'charged':>9}")
    for size in range(2, 14):
        rng = random.Random(f"last-tricks-cost/{seed}/{size}")
        layouts = [deal(rng, size) for _ in range(deals)]
        times = []
        for end in (None, ep.endplay):
            start = time.perf_counter()
            for hands, trump, bids, leader in layouts:
                trixter_rollout(list(hands), [0] * 4, [], leader, trump, bids, [0] * 4, 0,
                                end, k)
            times.append((time.perf_counter() - start) / deals * 1e6)
        extra = (times[1] - times[0]) * ROLLOUT_CARDS_PER_SECOND / 1e6
        print(f"{size:<14}{times[0]:>10.1f}{times[1]:>14.1f}{extra:>15.0f}"
              f"{ep.ENDPLAY_COST[min(size, k)]:>9}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cards", type=int, default=3, choices=range(1, 5),
                    help="cards a hand from which the cost table's play-outs play exactly")
    args = ap.parse_args(argv)
    gains(args.deals, args.seed)
    costs(args.deals, args.seed, args.cards)


if __name__ == "__main__":
    main()
