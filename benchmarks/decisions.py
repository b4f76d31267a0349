"""Time per decision of each bot level on the biggest Trixter hand, printed as a table.

    python benchmarks/decisions.py [--deals 20] [--seed 0]

Each deal is a 4-player Trixter hand of 13 cards (``first_hand=13``); the beginner bots
name trump and bid, then every level is timed on the same decisions: the first card of
each seat (13 cards in hand; the leader and the three followers) and each seat's bid.
The anchor is the beginner, timed in the same run. The search levels are the advice
engine at a fixed budget of rollouts; ``fallback`` is the share of their decisions it
could not answer (the beginner's rule then decides), which should be 0. Where numba is
present their play-outs are compiled (:mod:`tutor.search.rollout_kernels`); each is then
timed again with the plain play-outs (``plain``, the browser's), the same decisions made.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor import TrixterGame  # noqa: E402
from tutor.bots import bot_for  # noqa: E402
from tutor.search import policy  # noqa: E402

LEVELS = ("beginner", "intermediate", "expert")


def observations(deals: int, seed: int) -> dict[str, list]:
    """The 13-card decisions to time: bids and first-trick cards, seat by seat (each the
    seat's typed view, as the bots take it)."""
    out: dict[str, list] = {"bid": [], "play": []}
    for d in range(deals):
        g = TrixterGame.new(players=4, seed=seed * 1000 + d, first_hand=13)
        bots = [bot_for("trixter", "beginner", seed=s) for s in range(4)]
        while g.to_move is not None and len(g.tricks) == 0 and len(g.hands[g.to_move]) == 13:
            obs = g.observation(g.to_move)
            if obs.phase.value in out:
                out[obs.phase.value].append(obs)
            g.apply(bots[g.to_move].act(obs), g.to_move)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    work = observations(args.deals, args.seed)
    print(f"4-player Trixter, 13 cards: {args.deals} deals, "
          f"{len(work['play'])} first-trick cards, {len(work['bid'])} bids")
    print(f"{'level':<20}{'decision':<9}{'median s':>10}{'p90 s':>10}{'max s':>10}"
          f"{'fallback':>10}")
    rows = [(level, False) for level in LEVELS]
    if policy.compiled_rollout() is not None:
        rows += [(level, True) for level in LEVELS[1:]]
    for level, plain in rows:
        policy.keep_plain(plain)
        for kind, obs_list in work.items():
            bot = bot_for("trixter", level, seed=1)
            times = []
            for obs in obs_list:
                start = time.perf_counter()
                bot.act(obs)
                times.append(time.perf_counter() - start)
            times.sort()
            fell = getattr(bot, "fallbacks", 0) / len(times)
            name = f"{level}, plain" if plain else level
            print(f"{name:<20}{kind:<9}{statistics.median(times):>10.4f}"
                  f"{times[int(0.9 * (len(times) - 1))]:>10.4f}{times[-1]:>10.4f}"
                  f"{fell:>10.0%}")
    policy.keep_plain(False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
