"""Time per decision of the advice engine (``tutor.advice.advise``), printed as one table.

    python benchmarks/advice.py [--positions 8] [--seed 0] [--quick] [--quality N]
        [--review N]

For Trixter (4 players) and Trix, at 13, 10, 7 and 4 cards in the hand of the seat to
move, for every kind of decision: Trixter trump, bid and card; Trix contract, the round
of doubles and redeal claims (13 cards only: it comes before the first card), trick card
and Trex card. Positions come from games the beginner bots play from fixed seeds.

Each row is timed on the fast path (the solver on numba, when it imports) and on the
pure path (``TRIX_TUTOR_SOLVER=python``, in a child process), with the anchors measured
beside it in the same run: what the app's Hint button calls, ``tutor.advice.advise`` at
the app's budget (:func:`tutor.advice.answer.hint_seconds`), and the beginner bot's
decision. Advice runs at its default budget (``DEFAULT_SECONDS`` of rollouts at the fixed
rate, so fewer rollouts the more cards are left).
``--quick`` times two positions of a few rows at a tenth of the budget (for the tests: it
only shows that the script runs).

``--quality N`` measures instead how good the default answer is on ``N`` positions a row of
at most 5 cards a hand: the reference is the same player model over many more layouts
(``REFERENCE_BUDGET`` rollouts), and a position counts as right when the option advised at
the default budget is, by the reference's values, within 5% of the reference's best.

``--review N`` times instead ``tutor.review.review`` of whole games, seat 0 of ``N`` games
of each kind the beginner bots play (Trixter: 4 players, 25 hands; Trix: 20 deals), at
the review's default work per decision; the anchor beside it is replaying the same record
(``from_record``), the part of a review that is no advice.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor import TrixGame, TrixterGame  # noqa: E402
from tutor.advice import advise
from tutor.advice.answer import DEFAULT_SECONDS, ROLLOUT_CARDS_PER_SECOND
from tutor.advice.answer import hint_seconds
from tutor.bots import bot_for, play_bot_turn  # noqa: E402
from tutor.engine.protocol import Phase  # noqa: E402

SIZES = (13, 10, 7, 4)
REFERENCE_BUDGET = 30_000


def _bots(game_name: str, n: int, seed: int) -> list:
    return [bot_for(game_name, "beginner", seed=seed * 10 + s) for s in range(n)]


def trixter_positions(kind: str, size: int, count: int, seed: int) -> list:
    """Trixter games at a decision of ``kind`` with ``size`` cards in the mover's hand."""
    out = []
    for i in range(count):
        s = seed * 1000 + 97 * i + size
        if kind == "card":  # the hand of 13 cards, played down to ``size`` cards each
            g = TrixterGame.new(players=4, seed=s, first_hand=13)
        else:
            g = TrixterGame.new(players=4, seed=s, first_hand=size)
        bots = _bots("trixter", 4, s)
        rng = random.Random(s)
        if kind == "trump":
            out.append(g)
            continue
        if kind == "bid":  # a random seat's bid
            play_bot_turn(g, bots[g.to_move])
            for _ in range(rng.randrange(4)):
                play_bot_turn(g, bots[g.to_move])
            out.append(g)
            continue
        while not (g.phase == Phase.PLAY and len(g.hands[g.to_move]) == size):
            play_bot_turn(g, bots[g.to_move])
        for _ in range(rng.randrange(4)):  # a random place in the trick
            play_bot_turn(g, bots[g.to_move])
        out.append(g)
    return out


def trix_positions(kind: str, size: int, count: int, seed: int) -> list:
    """Trix games at a decision of ``kind`` with ``size`` cards in the mover's hand."""
    out = []
    contracts = ("king", "queens", "diamonds", "ltoosh")
    for i in range(count):
        s = seed * 1000 + 89 * i + size
        g = TrixGame.new(seed=s, owner=i % 4)
        bots = _bots("trix", 4, s)
        if kind == "contract":
            out.append(g)
            continue
        if kind == "round":
            g.apply(f"contract {('king', 'queens', 'trex')[i % 3]}")
            for _ in range(i % 4):  # a later seat of the round now and then
                g.apply(g.legal_actions()[-1])
            out.append(g)
            continue
        g.apply("contract " + ("trex" if kind == "trex" else contracts[i % 4]))
        while g.phase == Phase.DOUBLE:
            g.apply(g.legal_actions()[-1])
        ok = False
        while g.phase in (Phase.PLAY, Phase.TREX):
            if len(g.hands[g.to_move]) <= size and len(g.legal_actions()) > 1:
                ok = True
                break
            play_bot_turn(g, bots[g.to_move])
        if ok:
            out.append(g)
    return out


ROWS = [("Trixter", "trump", SIZES), ("Trixter", "bid", SIZES), ("Trixter", "card", SIZES),
        ("Trix", "contract", (13,)), ("Trix", "round", (13,)), ("Trix", "card", SIZES),
        ("Trix", "trex", SIZES)]
QUICK_ROWS = [("Trixter", "bid", (4,)), ("Trixter", "card", (13, 4)), ("Trix", "card", (4,)),
              ("Trix", "round", (13,))]


def positions(game: str, kind: str, size: int, count: int, seed: int) -> list:
    if game == "Trixter":
        return trixter_positions(kind, size, count, seed)
    return trix_positions(kind, size, count, seed)


BUDGET = DEFAULT_SECONDS  # the advice's seconds of rollouts (a tenth with --quick)


def time_rows(rows, count: int, seed: int, anchors: bool) -> dict:
    """Seconds per decision for each row: advice, the app's hint (advice at the app's
    budget), and the beginner bot."""
    out = {}
    for game, kind, sizes in rows:
        for size in sizes:
            key = f"{game}|{kind}|{size}"
            games = positions(game, kind, size, count, seed)
            advice_t, hint_t, begin_t, work = [], [], [], 0
            for g in games:
                left = sum(g.observe(g.to_move)["hand_counts"])
                start = time.perf_counter()
                a = advise(g, seed=seed, seconds=BUDGET)
                advice_t.append(time.perf_counter() - start)
                work += a.rollouts * (left + 8)
                if anchors:
                    start = time.perf_counter()
                    advise(g, seconds=hint_seconds(), seed=seed)
                    hint_t.append(time.perf_counter() - start)
                name = "trixter" if game == "Trixter" else "trix"
                bot = bot_for(name, "beginner", seed=1)
                obs = g.observation(g.to_move)
                start = time.perf_counter()
                bot.act(obs)
                begin_t.append(time.perf_counter() - start)
            out[key] = {"advice": advice_t, "hint": hint_t, "beginner": begin_t,
                        "work": work}
    return out


def _med_p90(xs: list[float]) -> tuple[str, str]:
    if not xs:
        return "-", "-"
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, round(0.9 * (len(xs) - 1)))]
    return f"{statistics.median(xs):.3f}", f"{p90:.3f}"


def quality(count: int, seed: int) -> None:
    """The share of positions of at most 5 cards where the default advice is within 5% of
    the best by a reference of many more layouts (see the module's text)."""
    rows = [("Trixter", "card", (5, 3)), ("Trix", "card", (5, 3)), ("Trix", "trex", (5, 3))]
    print(f"# quality: default advice against the same model over {REFERENCE_BUDGET:,} "
          f"rollouts; right = within 5% of the reference's best value")
    head = (f"{'game':<8}{'decision':<9}{'cards':>5}  {'positions':>9}  {'right':>6}  "
            f"{'mean loss':>9}  {'worst loss':>10}  {'unit':<7}")
    print(head)
    print("-" * len(head))
    for game, kind, sizes in rows:
        for size in sizes:
            right, losses, unit = 0, [], ""
            games = [g for g in positions(game, kind, size, count, seed + 7)
                     if len(g.legal_actions()) > 1]
            for g in games:
                a = advise(g, seed=seed, seconds=BUDGET)
                ref = advise(g, seed=seed + 1, budget=REFERENCE_BUDGET)
                unit = ref.kind
                values = {str(o.action): o.value for o in ref.options}
                best = ref.options[0].value
                got = values[str(a.best)]
                loss = got - best if ref.kind == "place" else best - got
                losses.append(loss)
                right += loss <= 0.05 * abs(best) + 1e-9
            if games:
                print(f"{game:<8}{kind:<9}{size:>5}  {len(games):>9}  "
                      f"{right / len(games):>6.0%}  {statistics.fmean(losses):>9.3f}  "
                      f"{max(losses):>10.3f}  {unit:<7}")


def whole_game(game_name: str, seed: int):
    """A whole game of ``game_name`` the beginner bots play from ``seed``."""
    g = TrixterGame.new(players=4, seed=seed) if game_name == "trixter" \
        else TrixGame.new(seed=seed)
    bots = _bots(game_name, 4, seed)
    while not g.is_over:
        if g.to_move is None:
            g.next_hand()
            continue
        play_bot_turn(g, bots[g.to_move])
    return g


def review_times(count: int, seed: int) -> None:
    """Seconds to review seat 0 of whole games (see the module's text)."""
    from tutor.engine.records import from_record
    from tutor.review import REVIEW_SECONDS, review

    print(f"# review of seat 0 in whole games the beginner bots play, {REVIEW_SECONDS} s of "
          f"rollouts a decision at the fixed rate; seconds per game")
    head = (f"{'game':<8}{'games':>6}  {'decisions':>9}  {'judged':>6}  {'mistakes':>8}  "
            f"{'review median':>13}  {'max':>6}  {'replay (anchor)':>15}")
    print(head)
    print("-" * len(head))
    for name, title in (("trixter", "Trixter"), ("trix", "Trix")):
        times, replays, decisions, judged, mistakes = [], [], [], [], []
        for i in range(count):
            record = whole_game(name, seed * 1000 + i).to_record()
            start = time.perf_counter()
            from_record(record)
            replays.append(time.perf_counter() - start)
            start = time.perf_counter()
            r = review(record, 0, seed=seed)
            times.append(time.perf_counter() - start)
            decisions.append(len(r.decisions))
            judged.append(sum(d.judged and not d.forced for d in r.decisions))
            mistakes.append(len(r.mistakes))
        print(f"{title:<8}{count:>6}  {statistics.mean(decisions):>9.0f}  "
              f"{statistics.mean(judged):>6.0f}  {statistics.mean(mistakes):>8.1f}  "
              f"{statistics.median(times):>13.2f}  {max(times):>6.2f}  "
              f"{statistics.median(replays):>15.3f}")
    print("# decisions: the seat's actions; judged: those with a choice (not forced); "
          "mistakes: clear losses")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--quality", type=int, default=0, metavar="N")
    ap.add_argument("--review", type=int, default=0, metavar="N")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.quality:
        quality(args.quality, args.seed)
        return 0
    if args.review:
        review_times(args.review, args.seed)
        return 0
    global BUDGET
    rows = QUICK_ROWS if args.quick else ROWS
    count = 2 if args.quick else args.positions
    BUDGET = DEFAULT_SECONDS / 10 if args.quick else DEFAULT_SECONDS
    anchors = not args.quick
    if args.child:  # the pure path, timed in its own process
        print(json.dumps(time_rows(rows, count, args.seed, anchors)))
        return 0
    from tutor.solver.search import engine_in_use

    wall = time.perf_counter()
    fast = None
    if engine_in_use() == "numba":
        from tutor.solver import Position, solve
        from tutor.solver.goals import MaxTricks

        solve(Position.from_pbn("N:AK... QJ... T9... 87...", leader=0), MaxTricks(0))  # compile
        fast = time_rows(rows, count, args.seed, anchors)
    env = dict(os.environ, TRIX_TUTOR_SOLVER="python")
    child = [sys.executable, __file__, "--child", "--positions", str(count),
             "--seed", str(args.seed)] + (["--quick"] if args.quick else [])
    pure = json.loads(subprocess.run(child, env=env, capture_output=True, text=True,
                                     check=True).stdout)
    print(f"# advise at {'a tenth of ' if args.quick else ''}its default budget ({BUDGET} s of "
          f"rollouts at the fixed "
          f"rate); {count} positions a row; seconds per decision (median, p90); fast path: "
          f"{'numba' if fast else 'numba not installed'}")
    head = (f"{'game':<8}{'decision':<9}{'cards':>5}  {'advice fast':>13}  {'advice pure':>13}"
            f"  {'app hint fast':>13}  {'app hint pure':>13}  {'beginner ms':>13}")
    print(head)
    print("-" * len(head))
    for key, p in pure.items():
        game, kind, size = key.split("|")
        f = fast.get(key) if fast else None

        def pair(xs):
            m, q = _med_p90(xs)
            return f"{m:>6} {q:>6}"

        def hints(r):
            if r is None or not r["hint"]:
                return f"{'-':>13}"
            return pair(r["hint"])

        print(f"{game:<8}{kind:<9}{size:>5}  {pair(f['advice']) if f else '     -      -'}  "
              f"{pair(p['advice'])}  {hints(f):>13}  {hints(p):>13}  "
              f"{pair([1000 * x for x in p['beginner']])}")
    rate = sum(r["work"] for r in pure.values()) / sum(sum(r["advice"]) for r in pure.values())
    print("# beginner: the beginner bot's decision, in milliseconds (pure path)")
    print(f"# rollout cards a second in this run (pure path, 8 a rollout for its layout): "
          f"{rate:,.0f}; the budget's fixed rate: {ROLLOUT_CARDS_PER_SECOND:,}")
    print(f"# app hint: advise at the app's budget, {hint_seconds():g} s of rollouts at the "
          f"fixed rate; wall {time.perf_counter() - wall:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
