"""Stability of the advice at the hint's budget (issue 27, part 2), printed as one table.

    python benchmarks/stability.py [--positions 8] [--seeds 4] [--budget-scale 8]
        [--jobs 1] [--seed 0] [--quick]

"At the hint's budget, asking again with another seed must not change the best choice by
more than the tolerance in more than 5% of positions" (the tolerance is the review's,
:data:`tutor.advice.answer.TOLERANCE`: 1 point; 5% chance of the bid; a fiftieth of a Trex place).

Positions: ``--positions`` of every decision kind of both games, drawn from whole games the
beginner bots play from fixed seeds (one position a kind a game, chosen by a seeded draw;
only decisions with more than one choice). Trixter, 4 players: trump, bid, card early /
mid / late (the first, middle and last third of the tricks of a hand of at least 6
cards); 3, 5 and 6 players (in turn): bid and card. Trix: contract, double, redeal claim
(as often as one occurs in the games drawn), the trick card of each trick contract, the
Trex card.

Each position is advised (:func:`tutor.advice.advise`) at the hint's budget
(:func:`tutor.advice.answer.hint_seconds`) with ``--seeds`` seeds: the hint's own,
:func:`tutor.advice.answer.observation_seed` of the seat's view, and the next ones; and once at
``--budget-scale`` times that budget with another seed, the reference. The best choice of a
seed is its best among the decision's fresh choices (:func:`tutor.search.legal.legal_actions`: a
Trixter dealer's change of trump at a bid is not a bid). Columns:

- ``differ``: positions where the seeds name different bests;
- ``beyond ref``: where some seed's best is worse than another seed's best by more than the
  tolerance, by the reference's values (the measure of the issue);
- ``beyond own``: the same by the seeds' own numbers: some seed rates another seed's best
  worse than its own by more than the tolerance;
- ``mistake``: some seed's numbers would call following another seed's hint a mistake
  (:func:`tutor.advice.answer.surely_better` by the tolerance at :data:`tutor.advice.answer.CLEAR`);
- ``hint off``: the hint's best (seed 0) is worse than the reference's best by more than
  the tolerance;
- ``med s``: median seconds of one advice at the hint's budget (on this machine's load).

Every count is the same on every run (the advice's work is counted in rollouts); the
seconds are not. After the table, every position beyond the tolerance by the reference,
with each seed's best and the reference's top two.
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tutor import TrixGame, TrixterGame  # noqa: E402
from tutor.advice import advise  # noqa: E402
from tutor.advice.answer import budget_for, hint_seconds, observation_seed  # noqa: E402
from tutor.search.legal import legal_actions  # noqa: E402
from tutor.bots import bot_for, play_bot_turn  # noqa: E402
from tutor.engine.actions import ClaimRedeal, Double  # noqa: E402
from tutor.engine.protocol import Phase  # noqa: E402
from tutor.advice.answer import CLEAR, TOLERANCE, surely_better  # noqa: E402

TRIXTER_KINDS = ("trump", "bid", "card-early", "card-mid", "card-late", "bid-3/5/6p",
                 "card-3/5/6p")
TRIX_KINDS = ("contract", "double", "redeal", "card-king", "card-queens", "card-diamonds",
              "card-ltoosh", "trex-card")
OTHER_PLAYERS = (3, 5, 6)
MAX_GAMES = 60  # games drawn a game at most (redeal claims are rare)
QUICK_KINDS = {"Trixter": ("bid", "card-late"), "Trix": ("card-king",)}
QUICK_HINT_SECONDS = 0.004  # the advice's least budget, 8 rollouts: the smoke test


# --- positions -------------------------------------------------------------------------
def trixter_kind(game) -> str | None:
    """The stability table's kind of the decision ``game`` waits for (``None``: not used)."""
    phase, n = game.phase, game.n_players
    if phase == Phase.TRUMP:
        return "trump" if n == 4 else None
    if phase == Phase.BID:
        return "bid" if n == 4 else "bid-3/5/6p"
    if phase != Phase.PLAY:
        return None
    if n != 4:
        return "card-3/5/6p"
    size, trick = game.hand_size, len(game.tricks)
    if size < 6:
        return None
    return ("card-early", "card-mid", "card-late")[min(2, 3 * trick // size)]


def trix_kind(game) -> str | None:
    """As :func:`trixter_kind`, for Trix."""
    phase = game.phase
    if phase == Phase.CHOOSE_CONTRACT:
        return "contract"
    if phase == Phase.TREX:
        return "trex-card"
    legal = game.legal_actions()
    if phase == Phase.DOUBLE:
        if any(isinstance(a, ClaimRedeal) for a in legal):
            return "redeal"
        return "double" if any(isinstance(a, Double) for a in legal) else None
    if phase == Phase.PLAY and len(game.contract) == 1:
        return "card-" + next(iter(game.contract)).text
    return None


def whole_game(name: str, seed: int, players: int = 4):
    """A whole game the beginner bots play from ``seed``: its record."""
    g = TrixterGame.new(players=players, seed=seed) if name == "Trixter" \
        else TrixGame.new(seed=seed)
    bots = [bot_for(name.lower(), "beginner", seed=seed * 10 + s) for s in range(players)]
    while not g.is_over:
        if g.to_move is None:
            g.next_hand()
            continue
        play_bot_turn(g, bots[g.to_move])
    return g.to_record()


def candidates(name: str, record: dict) -> dict[str, list[int]]:
    """The indices in ``record["actions"]`` of each kind's decisions with a real choice."""
    cls = TrixterGame if name == "Trixter" else TrixGame
    kind_of = trixter_kind if name == "Trixter" else trix_kind
    g = cls.from_record({**record, "actions": []})
    out: dict[str, list[int]] = {}
    for i, (seat, text) in enumerate(record["actions"]):
        if text != "next" and g.to_move == seat:
            kind = kind_of(g)
            if kind is not None and len(legal_actions(g.observation(seat))) > 1:
                out.setdefault(kind, []).append(i)
        g.apply(text, seat=seat)
    return out


def draw_positions(name: str, kinds, count: int, seed: int) -> list[tuple]:
    """``count`` positions of each of ``kinds``: ``(game, kind, record, index)``, one a
    kind a game, from games ``seed * 1000 + i`` until each kind has its count."""
    got: dict[str, list[tuple]] = {k: [] for k in kinds}
    for i in range(MAX_GAMES):
        if all(len(v) >= count for v in got.values()):
            break
        s = seed * 1000 + i
        players = 4 if name == "Trix" or i % 2 == 0 else OTHER_PLAYERS[i // 2 % 3]
        record = whole_game(name, s, players)
        for kind, idx in candidates(name, record).items():
            if kind in got and len(got[kind]) < count:
                pick = random.Random(f"{s}/{kind}").choice(idx)
                got[kind].append((name, kind, record, pick))
    return [p for k in kinds for p in got[k]]


# --- one position -----------------------------------------------------------------------
@dataclass
class Result:
    """What the seeds and the reference said of one position."""

    game: str
    kind: str
    where: str  # the game's seed and the action's index
    unit: str
    lower_better: bool
    bests: list[str]  # each seed's best fresh choice
    own: list[dict[str, float]]  # each seed's value of every fresh choice
    mistake: bool  # some seed's numbers call another seed's best a mistake
    ref: dict[str, float]
    seconds: list[float] = field(default_factory=list)


def game_at(name: str, record: dict, index: int):
    cls = TrixterGame if name == "Trixter" else TrixGame
    return cls.from_record({**record, "actions": record["actions"][:index]})


def evaluate(task: tuple) -> Result:
    """Advise one position with each seed at the hint's budget, and the reference."""
    name, kind, record, index, seeds, scale, hint_s = task
    g = game_at(name, record, index)
    seat = g.to_move
    fresh = {str(a) for a in legal_actions(g.observation(seat))}
    base = observation_seed(g.observe(seat))
    bests, own, advices, seconds = [], [], [], []
    for k in range(seeds):
        a = advise(g, seconds=hint_s, seed=base + k)
        seconds.append(a.seconds)
        values = {str(o.action): o.value for o in a.options if str(o.action) in fresh}
        bests.append(next(str(o.action) for o in a.options if str(o.action) in fresh))
        own.append(values)
        advices.append(a)
    left = sum(g.observation(seat).hand_counts)
    ref_budget = int(scale * budget_for(hint_s, left))
    r = advise(g, budget=ref_budget, seed=base + 1_000_003)
    unit = r.kind
    lower = unit == "place" or bool(getattr(g.rules, "reversed_signs", False))
    mistake = False
    for a, b in zip(advices, bests):
        for other in set(bests) - {b}:
            # surely_better weighs the higher number: the worse of two Trex places
            hi, lo = (other, b) if lower else (b, other)
            if other in a.per and surely_better(a, hi, lo, TOLERANCE[unit]) >= CLEAR:
                mistake = True
    return Result(name, kind, f"game {record['setup'].get('seed')} #{index}", unit, lower,
                  bests, own, mistake,
                  {str(o.action): o.value for o in r.options if str(o.action) in fresh},
                  seconds)


# --- judging ------------------------------------------------------------------------------
def gap(values: dict[str, float], a: str, b: str, lower_better: bool) -> float | None:
    """How much worse ``b`` is than ``a`` by ``values`` (``None``: one is not valued)."""
    if a not in values or b not in values:
        return None
    return (values[b] - values[a]) if lower_better else (values[a] - values[b])


def judge(res: Result) -> dict[str, bool]:
    """The position's marks: the seeds differ; differ beyond the tolerance by the
    reference, by their own numbers; the review would call one a mistake; the hint is off
    the reference's best by more than the tolerance."""
    tol = TOLERANCE[res.unit] + 1e-9
    seeds = set(res.bests)
    by_ref = [gap(res.ref, a, b, res.lower_better) for a in seeds for b in seeds]
    by_own = [gap(v, a, b, res.lower_better) for v, a in zip(res.own, res.bests) for b in seeds]
    ref_best = (min if res.lower_better else max)(res.ref, key=res.ref.get) if res.ref else None
    off = ref_best is not None and (gap(res.ref, ref_best, res.bests[0], res.lower_better)
                                    or 0) > tol
    return {"differ": len(seeds) > 1,
            "beyond_ref": any(x is not None and x > tol for x in by_ref),
            "beyond_own": any(x is not None and x > tol for x in by_own),
            "mistake": res.mistake, "off": off}


MARKS = ("differ", "beyond_ref", "beyond_own", "mistake", "off")
HEAD = ("game", "decision", "unit", "positions", "differ", "beyond ref", "beyond own",
        "mistake", "hint off", "med s")


def row_text(game: str, kind: str, unit: str, rows: list[Result]) -> str:
    marks = [judge(r) for r in rows]
    n = len(rows)
    cells = [f"{sum(m[k] for m in marks):>3} {sum(m[k] for m in marks) / n:>4.0%}"
             if n else f"{'-':>8}" for k in MARKS]
    secs = [s for r in rows for s in r.seconds]
    med = f"{statistics.median(secs):>6.2f}" if secs else f"{'-':>6}"
    return f"{game:<8}{kind:<14}{unit:<7}{n:>9}  " + "  ".join(f"{c:>10}" for c in cells) \
        + f"  {med}"


def print_table(results: list[Result], kinds: dict[str, tuple]) -> None:
    head = (f"{HEAD[0]:<8}{HEAD[1]:<14}{HEAD[2]:<7}{HEAD[3]:>9}  "
            + "  ".join(f"{h:>10}" for h in HEAD[4:9]) + f"  {HEAD[9]:>6}")
    print(head)
    print("-" * len(head))
    for game, ks in kinds.items():
        for kind in ks:
            rows = [r for r in results if r.game == game and r.kind == kind]
            unit = rows[0].unit if rows else "-"
            print(row_text(game, kind, unit, rows))
        rows = [r for r in results if r.game == game]
        print(row_text(game, "all", "", rows))
    print(row_text("both", "all", "", results))


def print_beyond(results: list[Result], mark: str = "beyond_ref",
                 what: str = "beyond the tolerance by the reference") -> None:
    """Each position with ``mark``: the seeds' bests (with their own values), the
    reference's values of them and its top two."""
    out = [r for r in results if judge(r)[mark]]
    print(f"# {what}: {len(out)} position(s)")
    for r in out:
        top = sorted(r.ref.items(), key=lambda kv: kv[1], reverse=not r.lower_better)[:2]
        seeds = " ".join(f"{b}({r.own[k][b]:.3f})" for k, b in enumerate(r.bests))
        ref = " ".join(f"{b}={r.ref.get(b, float('nan')):.3f}" for b in dict.fromkeys(r.bests))
        print(f"#   {r.game} {r.kind} {r.where}: seeds {seeds}; reference {ref}; "
              f"its top two {top[0][0]}={top[0][1]:.3f} {top[1][0]}={top[1][1]:.3f} {r.unit}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=8, help="positions a kind")
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--budget-scale", type=float, default=8.0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--kinds", default="", help="only these kinds, comma-separated")
    ap.add_argument("--quick", action="store_true",
                    help="the smoke test: 1 position of 3 kinds at the least budget")
    args = ap.parse_args(argv)
    wall = time.perf_counter()
    kinds = QUICK_KINDS if args.quick else {"Trixter": TRIXTER_KINDS, "Trix": TRIX_KINDS}
    if args.kinds:  # the same positions as in the whole table: each kind draws its own
        wanted = set(args.kinds.split(","))
        kinds = {g: tuple(k for k in ks if k in wanted) for g, ks in kinds.items()}
        kinds = {g: ks for g, ks in kinds.items() if ks}
    count = 1 if args.quick else args.positions
    hint_s = QUICK_HINT_SECONDS if args.quick else hint_seconds()
    scale = 2.0 if args.quick else args.budget_scale
    positions = [p for game, ks in kinds.items()
                 for p in draw_positions(game, ks, count, args.seed)]
    tasks = [(*p, args.seeds, scale, hint_s) for p in positions]
    results = []
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    for res in (pool.imap(evaluate, tasks) if pool else map(evaluate, tasks)):
        results.append(res)  # progress on stderr: a full run takes an hour or so
        print(f"{len(results)}/{len(tasks)} {res.game} {res.kind} {res.where} "
              f"{time.perf_counter() - wall:.0f} s", file=sys.stderr, flush=True)
    if pool:
        pool.close()
    print(f"# advice at the hint's budget ({hint_s:g} s of rollouts at the fixed rate), "
          f"{args.seeds} seeds a position (the hint's own and the next); reference: "
          f"{scale:g}x that budget, another seed; tolerance: 1 point, 5% chance, "
          f"1/50 Trex place")
    print_table(results, kinds)
    print_beyond(results)
    print_beyond(results, "off", "the hint's best worse than the reference's by more than "
                 "the tolerance")
    print(f"# Python {platform.python_version()}, --jobs {args.jobs}; "
          f"wall {time.perf_counter() - wall:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
