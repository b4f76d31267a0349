"""Exact-solver speed against the bridge double-dummy solver (DDS), printed as a table.

    python benchmarks/solver.py [--deals 20] [--quick] [--max-cards 9] [--row-seconds 60]
        [--max-nodes 60000000]
    python benchmarks/solver.py --nodes [--deals 20] [--max-cards 13] [--max-nodes N]

Every row solves the same random deals (seeded) through ``tutor.solver.solve`` with the
numba engine and, where it finishes in reasonable time, the pure-Python engine; the
``MaxTricks`` rows also solve them through DDS (``endplay.dds.solve_board``, every
card's value, the equivalent of our ``by_card``). Times are per solve, in milliseconds:
median and 90th percentile; ``/dds`` is our numba time over DDS's. The ``PIMC hint: 20 x``
row is the time of 20 exact solves of random positions for the seat to move, estimated
as 20 times the median of the solves it ran. ``App hint, 13 cards`` (only with
``--max-cards 13``) times what the app's Hint button calls, ``tutor.advice.advise`` at the
app's budget (:func:`tutor.advice.answer.hint_seconds`; rollouts, no exact solve), on live
4-player Trixter games at their 13-card hand after the beginner bots chose trump and bid.

``make bench`` stays bounded: 11- and 13-card rows only with ``--max-cards`` 11 or 13, and a
row stops taking new deals once it has run ``--row-seconds`` (the deals column says how many
it ran). From 11 cards a solve stops at ``--max-nodes`` (about a minute of numba); such a
deal counts in the ``unsolved`` column and as an endless time in the median and the 90th
percentile (``>cap`` when they land on it), so a hard deal is never left out of the numbers.
Without numba or endplay the benchmark says so and prints what it can.

``--nodes`` splits the ``MaxTricks`` gap to DDS in two: how many positions each search
reaches, counted as DDS counts them (``futureTricks.nodes``, DDS's ``trickNodes``: every
trick completed, so every trick start reached, settled by the table or a bound or not;
ours ``stats["trick_nodes"]``), and what one costs (the solve's time over that count, its
plies inside the tricks included). ``searched`` is how many of ours neither the table nor
a bound settled (``stats["tricks_searched"]``). Numba only.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from test_solver_oracle import random_position  # noqa: E402

from tutor.solver import (  # noqa: E402
    AvoidCards,
    Exactly,
    MaxTricks,
    MinPenalty,
    SearchLimit,
    solve,
)
from tutor.engine.trix.contracts import Contract  # noqa: E402

PYTHON_MAX_CARDS = 7  # the pure engine takes seconds a solve beyond this


def have_numba() -> bool:
    try:
        from tutor.solver import _fast  # noqa: F401
    except ImportError:
        return False
    return True


def have_dds() -> bool:
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


def dds_deal(pos):
    """``pos`` as endplay's ``Deal``: the hands, the leader to play, the trump."""
    from endplay.types import Deal, Denom, Player

    deal = Deal("N:" + " ".join(h.pbn() for h in pos.hands))
    deal.first = Player(pos.leader)
    deal.trump = Denom.nt if pos.trump is None else Denom(int(pos.trump))
    return deal


def dds_time(pos) -> float:
    """Seconds for DDS to give every card's value for the seat to move."""
    from endplay.dds import solve_board

    deal = dds_deal(pos)
    start = time.perf_counter()
    list(solve_board(deal))
    return time.perf_counter() - start


def our_time(pos, goal, engine: str, max_nodes: int | None = None) -> float:
    """Seconds for every card's value; endless (inf) past ``max_nodes``."""
    start = time.perf_counter()
    try:
        result = solve(pos, goal, engine=engine, max_nodes=max_nodes)
    except SearchLimit:
        return math.inf
    result.by_card  # noqa: B018 (what a hint reads; the line stays lazy)
    return time.perf_counter() - start


def cases(kind: str, k: int, trump: bool, deals: int, seed: int):
    """(position, goal) pairs for one row, the same for every engine."""
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        if kind == "max":
            pos = random_position(rng, 4, k, mid_trick=False, trump=False)
            if trump:
                pos = type(pos)(pos.hands, leader=pos.leader, trump=rng.choice(range(4)))
            out.append((pos, MaxTricks((0, 2))))
        elif kind == "exactly5":
            pos = random_position(rng, 5, k, jokers=3, mid_trick=False, trump=False)
            pos = type(pos)(pos.hands, leader=pos.leader, trump=rng.choice(range(4)))
            out.append((pos, Exactly(pos.leader, rng.randrange(0, k + 1))))
        elif kind == "penalty":
            pos = random_position(rng, 4, k, mid_trick=False, trump=False)
            contracts = (Contract.KING, Contract.QUEENS, Contract.DIAMONDS, Contract.LTOOSH)
            out.append((pos, MinPenalty(pos.leader, contracts)))
        elif kind == "avoid":
            pos = random_position(rng, 4, k, mid_trick=False, trump=False)
            out.append((pos, AvoidCards(pos.leader, "KH")))
        elif kind == "pimc":
            pos = random_position(rng, 4, k, mid_trick=False, trump=False)
            pos = type(pos)(pos.hands, leader=pos.leader, trump=rng.choice(range(4)))
            out.append((pos, MaxTricks(pos.leader)))
    return out


def stats(times: list[float]) -> tuple[float, float]:
    ts = sorted(times)
    return statistics.median(ts), ts[min(len(ts) - 1, int(0.9 * len(ts)))]


def fmt(x: float | None) -> str:
    if x is None:
        return "-"
    return ">cap" if math.isinf(x) else f"{1000 * x:.2f}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20, help="deals per row (13 cards: a tenth)")
    ap.add_argument("--quick", action="store_true", help="a tiny run (for the test suite)")
    ap.add_argument("--max-cards", type=int, default=9,
                    help="largest hand size to run (13: also the 13-card rows, which can "
                         "take minutes)")
    ap.add_argument("--row-seconds", type=float, default=60,
                    help="a row takes no new deal once it has run this long")
    ap.add_argument("--max-nodes", type=int, default=60_000_000,
                    help="from 11 cards, a solve past this many nodes counts as unsolved")
    ap.add_argument("--nodes", action="store_true",
                    help="nodes expanded and time a node, ours against DDS (MaxTricks rows)")
    args = ap.parse_args(argv)
    if args.nodes:
        return nodes_table(args)
    numba_ok = have_numba()
    dds_ok = have_dds()
    if not numba_ok:
        print("# numba is not installed: pure-Python engine only (pip install numba)")
    if not dds_ok:
        print("# endplay is not installed: no DDS column (pip install endplay)")
    deals = 2 if args.quick else args.deals
    sizes = (3, 5) if args.quick else tuple(k for k in (5, 7, 9, 11, 13) if k <= args.max_cards)
    small = (3,) if args.quick else (5, 7)
    rows: list[tuple[str, str, int, bool, int]] = []
    for k in sizes:
        for trump in (False, True):
            n = deals if k < 11 else max(2, deals // (10 if k == 13 else 4))
            rows.append((f"MaxTricks team 4p {k:>2} cards {'trump' if trump else 'NT'}",
                         "max", k, trump, n))
    for k in small:
        rows.append((f"Exactly 5p+3 jokers {k:>2} cards", "exactly5", k, True, deals))
        rows.append((f"MinPenalty Trix 4p {k:>2} cards", "penalty", k, False, deals))
        rows.append((f"AvoidCards KH 4p {k:>2} cards", "avoid", k, False, deals))
    pimc_k = 5 if args.quick else min(13, args.max_cards)
    rows.append((f"PIMC hint: 20 x {pimc_k} cards", "pimc", pimc_k, True,
                 2 if args.quick or pimc_k == 13 else max(3, deals // 4)))
    if args.max_cards >= 13 and not args.quick:
        rows.append(("App hint, 13 cards", "hint13", 13, True, 2))
    head = (f"{'row':<34} {'deals':>5} {'numba med':>10} {'p90':>9} {'python med':>10} "
            f"{'p90':>9} {'dds med':>9} {'p90':>9} {'/dds med':>8} {'/dds p90':>8} "
            f"{'unsolved':>8}")
    print(head)
    print("# times in ms per solve (value and by_card); PIMC row: ms for 20 solves; app hint: "
          "ms for one hint")
    skipped = [] if args.quick else [f"{k}-card rows" for k in (5, 7, 9, 11, 13)
                                     if k > args.max_cards]
    if skipped and args.max_cards < 13:
        skipped.append("App hint, 13 cards")
    if skipped:
        print(f"# skipped (--max-cards {args.max_cards}): {', '.join(skipped)}")
    print(f"# a row stops taking deals after {args.row_seconds:g} s (deals: how many ran)")
    if numba_ok:  # compile (or load the cache) outside the timings
        solve(*cases("max", 2, False, 1, 0)[0], engine="numba")
    for label, kind, k, trump, n in rows:
        if kind == "hint13":
            print(hint_row(label, n), flush=True)
            continue
        cs = cases(kind, k, trump, n, seed=1000 * k + (7 if trump else 0) + len(kind))
        nb = py = dd = None
        ran = n
        cap = args.max_nodes if k >= 11 else None
        unsolved = 0
        if numba_ok:
            times = capped([lambda p=p, g=g, c=cap: our_time(p, g, "numba", c) for p, g in cs],
                           args.row_seconds)
            unsolved = sum(math.isinf(t) for t in times)
            ran = len(times)
            cs = cs[:ran]
            nb = stats(times)
        if not numba_ok or (k <= PYTHON_MAX_CARDS and kind != "pimc"):
            times = capped([lambda p=p, g=g: our_time(p, g, "python") for p, g in cs],
                           args.row_seconds)
            ran = min(ran, len(times))
            py = stats(times)
        if dds_ok and kind in ("max", "pimc"):
            dd = stats([dds_time(p) for p, _ in cs])
        n = ran
        if kind == "pimc":
            nb = nb and (20 * nb[0], 20 * nb[1])
            py = py and (20 * py[0], 20 * py[1])
            dd = dd and (20 * dd[0], 20 * dd[1])
        ours = nb or py
        ratio = ("-", "-") if not (dd and ours) else (times_over(ours[0], dd[0]),
                                                      times_over(ours[1], dd[1]))
        print(f"{label:<34} {n:>5} {fmt(nb and nb[0]):>10} {fmt(nb and nb[1]):>9} "
              f"{fmt(py and py[0]):>10} {fmt(py and py[1]):>9} {fmt(dd and dd[0]):>9} "
              f"{fmt(dd and dd[1]):>9} {ratio[0]:>8} {ratio[1]:>8} {unsolved:>8}", flush=True)


def dds_nodes(pos) -> tuple[int, float]:
    """DDS's trick starts expanded and its seconds, for every card's value (as
    :func:`dds_time`; endplay's ``solve_board`` does not return the count)."""
    from endplay import _dds

    deal = dds_deal(pos)
    fut = _dds.futureTricks()
    start = time.perf_counter()
    _dds.SolveBoard(deal._data, -1, 3, 1, fut, 0)  # target -1, every card, mode 1
    return fut.nodes, time.perf_counter() - start


def nodes_table(args) -> None:
    """The ``--nodes`` table: per hand size, the medians over the same deals as the
    ``MaxTricks`` rows of each count and time, and of the per-deal ratios."""
    if not (have_numba() and have_dds()):
        print("# --nodes needs numba and endplay")
        return
    solve(*cases("max", 2, False, 1, 0)[0], engine="numba")  # compile outside the timings
    print(f"{'cards':>5} {'deals':>5} {'ours nodes':>10} {'dds nodes':>9} {'/dds':>6} "
          f"{'searched':>8} {'all/ours':>8} {'ours us/node':>12} {'dds us/node':>11} "
          f"{'/dds':>6} {'time /dds':>9} {'unsolved':>8}")
    print("# nodes: trick starts reached, every trick completed (DDS's count); searched: ours "
          "that neither the table nor a bound settled; all/ours: every ply we search per "
          "node; us/node: the solve's microseconds over its nodes; a solve past "
          "--max-nodes plies is unsolved: endless in the medians of nodes and time")
    med = statistics.median
    for k in (5, 7, 9, 11, 13):
        if k > args.max_cards:
            break
        rows = []
        unsolved = 0
        for trump in (False, True):
            n = args.deals if k < 11 else max(2, args.deals // 4)
            for pos, goal in cases("max", k, trump, n, seed=1000 * k + (7 if trump else 0) + 3):
                dn, dt = dds_nodes(pos)
                dn = max(1, dn)
                start = time.perf_counter()
                try:
                    st = solve(pos, goal, engine="numba", max_nodes=args.max_nodes).stats
                except SearchLimit:
                    unsolved += 1
                    rows.append((math.inf, dn, math.inf, math.inf, dt / dn * 1e6, math.inf,
                                 math.inf))
                    continue
                ot = time.perf_counter() - start
                on = max(1, st["trick_nodes"])
                rows.append((on, dn, st["nodes"] / on, ot / on * 1e6, dt / dn * 1e6, ot / dt,
                             st["tricks_searched"]))
        col = [med(r[i] for r in rows) for i in range(7)]
        ratio = med(r[0] / r[1] for r in rows)
        cost = med(r[3] / r[4] for r in rows)
        print(f"{k:>5} {len(rows):>5} {col[0]:>10.0f} {col[1]:>9.0f} {ratio:>5.1f}x "
              f"{col[6]:>8.0f} {col[2]:>8.1f} {col[3]:>12.2f} {col[4]:>11.2f} {cost:>5.1f}x "
              f"{col[5]:>8.1f}x {unsolved:>8}", flush=True)


def times_over(ours: float, dds: float) -> str:
    return ">cap" if math.isinf(ours) else f"{ours / dds:.1f}x"


def capped(jobs, seconds: float) -> list[float]:
    """Run the timing jobs in turn until ``seconds`` have gone (at least one runs)."""
    start = time.perf_counter()
    out = []
    for job in jobs:
        if out and time.perf_counter() - start > seconds:
            break
        out.append(job())
    return out


def trixter_at_play(seed: int):
    """A 4-player Trixter game at its 13-card hand, trump and bids chosen by the bots."""
    from tutor import Phase, TrixterGame
    from tutor.bots import bot_for, play_bot_turn

    game = TrixterGame.new(players=4, seed=seed, first_hand=13)
    bots = [bot_for("trixter", "beginner", seed=s) for s in range(4)]
    while game.phase != Phase.PLAY:
        play_bot_turn(game, bots[game.to_move])
    return game


def hint_row(label: str, games: int) -> str:
    """The app's hint (:func:`tutor.advice.advise` at the app's budget) on a few live
    games; its rollouts run in pure Python whichever solver engine is installed."""
    from tutor.advice import advise
    from tutor.advice.answer import hint_seconds

    times = []
    for seed in range(games):
        game = trixter_at_play(seed)
        start = time.perf_counter()
        advise(game, seconds=hint_seconds(), seed=seed)
        times.append(time.perf_counter() - start)
    med, p90 = stats(times)
    return (f"{label:<34} {games:>5} {'-':>10} {'-':>9} {fmt(med):>10} {fmt(p90):>9} "
            f"{'-':>9} {'-':>9} {'-':>8} {'-':>8} {'-':>8}")


if __name__ == "__main__":
    main()
