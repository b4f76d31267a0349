"""What more work would buy the expert: the regret of its choices from the noise of its
budget, by decision and hand size, in arena (af)'s game (OpenSpiel's ``oh_hell``).

    python benchmarks/budget_noise.py [--deals 40] [--first-deal 600] [--ref 8] [--jobs 2]

Each deal of arena (af) (the same deals, hand sizes 3 to 12 by deal number) is played
through by the intermediate at every seat (cheap, and the same on every run). At every
bid, and at ``--cards`` cards a deal drawn at random, the expert decides on that seat's
view at its own work (1×) and at twice it (2×), ``--seeds`` seeds each. Two references
at ``--ref`` times the work, on other seeds, judge them: reference A picks the best
choice, reference B values every choice (its mean margin over the others, what the
computer players play for). The regret of a choice is B's value of A's pick less B's
value of the choice: B is independent of A, so a reference's own noise does not count as
the expert's regret (it can make a regret negative). The anchor is the 2× expert, in the
same run: the table says what twice the work would buy, decision by decision, and so how
much of a gap in the arena more work could close.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import openspiel_arena as arena  # noqa: E402

from tutor.bots.search import STRENGTHS  # noqa: E402
from tutor.engine.actions import Bid  # noqa: E402
from tutor.engine.protocol import Phase  # noqa: E402

WORK = STRENGTHS["expert"].seconds
GROUPS = ((3, 5), (6, 8), (9, 12))


def _margins(obs, seconds: float, seed: int, turned) -> tuple[str, dict[str, float]]:
    """The expert's choice on ``obs`` at ``seconds`` of work, and each option's mean margin."""
    bot = arena.our_bot("trixter", "expert", seed, seconds, "", turned=turned)
    choice = bot.act(obs)
    return str(choice), {str(o.action): statistics.fmean(bot.last.features[str(o.action)]
                                                          ["margin"])
                         for o in bot.last.options}


def probe(obs, turned, ref: float, seeds: int, salt: int) -> tuple[list[float], list[float]]:
    """The regrets of ``seeds`` choices at 1× and at 2× the work on ``obs``."""
    pick, _ = _margins(obs, ref * WORK, 10_000 + salt, turned)
    _, value = _margins(obs, ref * WORK, 20_000 + salt, turned)
    floor = min(value.values())
    regrets = []
    for scale in (1, 2):
        chosen = [_margins(obs, scale * WORK, 100 * scale + s + salt, turned)[0]
                  for s in range(seeds)]
        regrets.append([value.get(pick, floor) - value.get(c, floor) for c in chosen])
    return regrets[0], regrets[1]


def deal_regrets(job: tuple[int, float, int, int]) -> list[tuple[str, int, float, float]]:
    """One deal's probes: ``(kind, hand size, mean regret at 1×, at 2×)`` each."""
    deal, ref, seeds, cards = job
    tricks = arena.tricks_for(deal)
    dealer, deck = arena.oh_hell_setup(0, deal, tricks)
    _game, state = arena.new_oh_hell(tricks, dealer, deck)
    mirror = arena.mirror_of(state, tricks, dealer, deck, seed=1)
    turned = arena.card_of_os(deck[-1])
    players = {s: arena.our_bot("trixter", "intermediate", 5 + s, None, "", turned=turned)
               for s in range(4)}
    picked = set(random.Random(f"noise/{deal}").sample(range(4 * tricks), cards))
    out, played = [], 0
    while not state.is_terminal():
        seat = state.current_player()
        obs = mirror.observation(seat)
        bidding = mirror.phase == Phase.BID
        probed = bidding or (mirror.phase == Phase.PLAY and played in picked)
        if probed and len(state.legal_actions()) > 1:
            one, two = probe(obs, turned, ref, seeds, deal * 100 + len(out))
            out.append(("bid" if bidding else "card", tricks, statistics.fmean(one),
                        statistics.fmean(two)))
        played += mirror.phase == Phase.PLAY
        action = players[seat].act(obs)
        assert bidding == isinstance(action, Bid)
        arena.apply_both(state, mirror, int(arena.os_action(action)))
    return out


def _ci(xs: list[float]) -> str:
    if len(xs) < 2:
        return f"{(xs or [0.0])[0]:+.3f}".ljust(26)
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5
    return f"{m:+.3f} [{m - h:+.3f}, {m + h:+.3f}]"


def table(rows: list[tuple[str, int, float, float]]) -> list[str]:
    """Regret by decision and hand size, and the per-hand sums."""
    lines = [f"{'decision':<9}{'cards':>7}{'N':>5}  {'regret at 1x':<26}{'at 2x':<26}"
             f"{'2x saves':<26}"]
    for kind in ("bid", "card"):
        for lo, hi in (*GROUPS, (3, 12)):
            got = [r for r in rows if r[0] == kind and lo <= r[1] <= hi]
            if got:
                lines.append(f"{kind:<9}{f'{lo}-{hi}':>7}{len(got):>5}  "
                             f"{_ci([r[2] for r in got]):<26}{_ci([r[3] for r in got]):<26}"
                             f"{_ci([r[2] - r[3] for r in got]):<26}")
    saved = 0.0
    for size in range(3, 13):
        bids = [r[2] - r[3] for r in rows if r[0] == "bid" and r[1] == size]
        cards = [r[2] - r[3] for r in rows if r[0] == "card" and r[1] == size]
        saved += (statistics.fmean(bids) if bids else 0.0) + \
            size * (statistics.fmean(cards) if cards else 0.0)
    lines.append(f"a seat's hand, sizes 3-12 alike: 2x the work saves {saved / 10:+.3f} "
                 "of margin (one bid and a card per trick; the sizes' means)")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--first-deal", type=int, default=600)
    ap.add_argument("--ref", type=float, default=8.0, help="the references' work, in 1x")
    ap.add_argument("--seeds", type=int, default=3, help="choices a probe at 1x and at 2x")
    ap.add_argument("--cards", type=int, default=3, help="cards probed a deal")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    jobs = [(d, args.ref, args.seeds, args.cards)
            for d in range(args.first_deal, args.first_deal + args.deals)]
    with Pool(args.jobs) as pool:
        rows = [r for got in pool.imap(deal_regrets, jobs) for r in got]
    print(f"arena (af) deals {args.first_deal}-{args.first_deal + args.deals - 1}: the "
          f"expert's regret (mean margin lost against a {args.ref:g}x reference), "
          f"{args.seeds} seeds a probe")
    print("\n".join(table(rows)))
    print("regret: reference B's margin of reference A's pick less that of the choice "
          "(A, B independent, each at the reference's work); 95% t intervals over probes.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
