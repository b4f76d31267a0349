"""Are the review's mistakes real? (issue 40, part 3), printed as one table.

    python benchmarks/review_calibration.py [--games 6] [--jobs 2] [--seed 0] [--quick]
        [--out benchmarks/review-calibration.md]

Whole games, seat 0 played without hints by the beginner and then by the intermediate
computer player (the other seats intermediate): Trixter (4 players, from the 11-card hand
down to 1) and a Trix kingdom (its five deals). Each game is reviewed twice, side by side:

- **one look** (the anchor, the review before issue 40): every decision judged once at the
  review's budget (:data:`tutor.review.REVIEW_SECONDS`), a mistake named when that look is
  :data:`tutor.advice.answer.CLEAR` sure;
- **confirmed** (``tutor.review.review`` now): a suspected mistake looked at again on fresh
  layouts (:data:`tutor.review.CONFIRM`) and named only when every look confirms it.

Each named mistake is judged again by a **reference**: the advice at four times the hint's
budget (:func:`tutor.advice.answer.hint_seconds`), on two seeds the review never used, its two
values of each choice averaged. A mistake is *confirmed* when the reference's best beats
the choice by at least the tolerance (:data:`tutor.advice.answer.TOLERANCE`). The reference also
judges a sample of the decisions the review let pass (``--sample`` a game): the mistakes it
finds there are ones the review missed. Review seconds are the wall time of a whole game's
review on this machine (one process). Every count is the same on every run with the same
arguments (the advice's work is counted in rollouts); the seconds are not.
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import tutor.review as review_module  # noqa: E402
from tutor import TrixGame, TrixterGame  # noqa: E402
from tutor.advice import advise  # noqa: E402
from tutor.advice.answer import hint_seconds  # noqa: E402
from tutor.bots import bot_for, play_bot_turn  # noqa: E402
from tutor.engine.records import from_record  # noqa: E402
from tutor.engine.actions import parse_action  # noqa: E402
from tutor.advice.answer import TOLERANCE  # noqa: E402
from tutor.review import kind_of, review  # noqa: E402

LEVELS = ("beginner", "intermediate")
GAMES = ("Trixter", "Trix")
REFERENCE_SCALE = 4  # the reference's budget: four times the hint's
REFERENCE_SEEDS = (104_729, 1_299_709)  # seeds no review look uses


# --- the games -------------------------------------------------------------------------
def whole_game(name: str, level: str, seed: int) -> dict:
    """Seat 0 played by ``level``, the others by the intermediate: Trixter from its 11-card
    hand down, or a Trix kingdom (with ``--quick``: from 3 cards, one deal). Its record."""
    if name == "Trixter":
        g = TrixterGame.new(players=4, seed=seed, first_hand=23 if QUICK else 15)
    else:
        g = TrixGame.new(seed=seed, owner=seed % 4)
    bots = [bot_for(name.lower(), level if s == 0 else "intermediate", seed=seed * 10 + s)
            for s in range(4)]

    def deals() -> int:
        return sum(r.get("redeal") is None for r in g.score_sheet())

    while not g.is_over and not (name == "Trix" and deals() == (1 if QUICK else 5)):
        if g.to_move is None:
            g.next_hand()
            continue
        play_bot_turn(g, bots[g.to_move])
    return g.to_record()


def one_look_review(record: dict):
    """The anchor: the review with no confirming looks (a mistake named on one look)."""
    saved = review_module.SUSPECT, review_module.CONFIRM
    review_module.SUSPECT, review_module.CONFIRM = 2.0, ()
    try:
        return review(record, 0)
    finally:
        review_module.SUSPECT, review_module.CONFIRM = saved


def reviews(job: tuple) -> dict:
    """Both reviews of one game, timed; what the reference needs of each decision."""
    name, level, seed = job
    record = whole_game(name, level, seed)
    t0 = time.perf_counter()
    old = one_look_review(record)
    t_old = time.perf_counter() - t0
    t0 = time.perf_counter()
    new = review(record, 0)
    t_new = time.perf_counter() - t0
    rng = random.Random(seed)
    judged = [d.index for d in new.decisions if d.judged and not d.forced]
    return {"name": name, "level": level, "seed": seed, "record": record,
            "old": {d.index for d in old.mistakes}, "new": {d.index for d in new.mistakes},
            "decisions": len(new.decisions), "judged": judged,
            "sample": rng.sample(judged, min(SAMPLE, len(judged))), "t_old": t_old,
            "t_new": t_new, "kind": {d.index: d.kind for d in new.decisions}}


# --- the reference ---------------------------------------------------------------------
def reference(job: tuple) -> tuple[int, int, bool, float]:
    """Whether the reference calls the seat's action at ``index`` a mistake, and by how much
    (in the value's unit)."""
    gid, record, index = job
    actions = record["actions"]
    g = from_record({**record, "actions": actions[:index]})
    seat, chosen = actions[index]
    seconds = (0.05 if QUICK else REFERENCE_SCALE) * hint_seconds()
    values: dict[str, list[float]] = {}
    kind = ""
    for seed in REFERENCE_SEEDS:
        a = advise(g, seat, seconds=seconds, seed=seed)
        kind = a.kind
        for o in a.options:
            values.setdefault(str(o.action), []).append(o.value)
    same = {t: sum(v) / len(v) for t, v in values.items()
            if kind_of(parse_action(t)) == kind_of(parse_action(chosen))}
    top = min(same.values()) if kind == "place" else max(same.values())
    lost = abs(top - same[chosen])
    return gid, index, lost >= TOLERANCE[kind], lost


# --- the table -------------------------------------------------------------------------
def rate(hits: int, n: int) -> str:
    return f"{hits} of {n} ({100 * hits / n:.0f}%)" if n else "none"


def main(argv: list[str] | None = None) -> int:
    global SAMPLE, QUICK
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=6, help="games of each game and level")
    ap.add_argument("--sample", type=int, default=4,
                    help="decisions the review let pass, judged by the reference, a game")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true",
                    help="a smoke test: one short game of each, a small reference")
    ap.add_argument("--out", type=Path, help="also write the table to this file")
    args = ap.parse_args(argv)
    games = 1 if args.quick else args.games
    SAMPLE, QUICK = (1 if args.quick else args.sample), args.quick
    jobs = [(name, level, args.seed * 1000 + k) for name in GAMES for level in LEVELS
            for k in range(games)]
    t0 = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        runs = pool.map(reviews, jobs, chunksize=1)
        asks = []
        for gid, r in enumerate(runs):
            for index in sorted(r["old"] | r["new"] | set(r["sample"])):
                asks.append((gid, r["record"], index))
        verdicts = {(gid, i): (real, lost) for gid, i, real, lost in
                    pool.map(reference, asks, chunksize=1)}
    lines = table(runs, verdicts)
    scale = "a twentieth of" if QUICK else f"{REFERENCE_SCALE}x"
    lines.append(f"# {len(jobs)} games ({games} of each game and level), reference "
                 f"{scale} the hint's budget on 2 seeds; {len(verdicts)} reference "
                 f"judgements; {time.perf_counter() - t0:.0f} s in all with {args.jobs} "
                 f"processes; {platform.processor() or platform.machine()}, Python "
                 f"{platform.python_version()}")
    lines.append("# python benchmarks/review_calibration.py " + " ".join(argv or sys.argv[1:]))
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


SAMPLE = 4  # set by main before the workers fork
QUICK = False


def table(runs: list[dict], verdicts: dict) -> list[str]:
    rows = [("", "one look (anchor)", "confirmed (now)")]
    groups = [(f"{n}, {lv}", [g for g, r in enumerate(runs) if r["name"] == n
                              and r["level"] == lv]) for n in GAMES for lv in LEVELS]
    groups.append(("all", list(range(len(runs)))))
    for label, ids in groups:
        cells = []
        for which in ("old", "new"):
            named = [(g, i) for g in ids for i in runs[g][which]]
            real = sum(verdicts[k][0] for k in named)
            cells.append(rate(real, len(named)))
        rows.append((f"{label}: named mistakes the reference confirms", *cells))
    decisions = sum(r["decisions"] for r in runs)
    rows.append(("decisions in all (judged, not forced)",
                 f"{decisions} ({sum(len(r['judged']) for r in runs)})", ""))
    cells = []
    for which in ("old", "new"):
        passed = [(g, i) for g, r in enumerate(runs) for i in r["sample"] if i not in r[which]]
        missed = sum(verdicts[k][0] for k in passed)
        cells.append(f"{missed} of {len(passed)}")
    rows.append(("sampled decisions let pass that the reference calls mistakes", *cells))
    for label, pick in (("Trixter game", "Trixter"), ("Trix kingdom (--quick: deal)", "Trix")):
        cells = []
        for t in ("t_old", "t_new"):
            times = [r[t] for r in runs if r["name"] == pick]
            cells.append(f"{statistics.median(times):.1f} / {max(times):.1f}")
        rows.append((f"review of a {label}, s: median / max", *cells))
    width = max(len(r[0]) for r in rows)
    out = [f"{r[0]:<{width}}  {r[1]:>20}  {r[2]:>20}" for r in rows]
    return out


if __name__ == "__main__":
    sys.exit(main())
