"""How long "Review the game so far" takes (issue 40: at most 15 s on a 13-card Trixter
game or a Trix kingdom), printed as one table.

    python benchmarks/review_time.py [--games 3] [--seed 0] [--quick] [--out FILE]

The review the button opens (``widgets.options``: ``ReviewBoard`` runs
:func:`tutor.review.review` on the finished hands, for the learner's seat), timed on games
where seat 0 is played without hints by the beginner (the most mistakes to confirm: the
slowest) and by the intermediate, the other seats intermediate:

- Trixter, 4 players, the 13-card hand alone (the largest hand; the button pressed as it ends);
- Trixter, the game so far at the end of the 13-card hand (hands 1 to 13);
- Trix, a kingdom (its five deals).

Beside it, the anchor measured in the same run on the same records: the one-look review
(every decision judged once, no confirming looks; the review before issue 40's part 3).
Wall seconds on this machine, one process; the counts of decisions are the same on every run.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tutor import TrixGame, TrixterGame  # noqa: E402
from tutor.bots import bot_for, play_bot_turn  # noqa: E402
from tutor.engine.trixter_rules import schedule  # noqa: E402
from tutor.review import review  # noqa: E402
from review_calibration import one_look_review  # noqa: E402  (the same anchor)

LEVELS = ("beginner", "intermediate")
PEAK = schedule(4).index(13) + 1  # the 13-card hand's number in a 4-player game


def played(case: str, level: str, seed: int) -> dict:
    """The record of a game played up to the moment the button is pressed."""
    if case == "trix":
        g = TrixGame.new(seed=seed, owner=seed % 4)
    else:
        g = TrixterGame.new(players=4, seed=seed, first_hand=PEAK if case == "hand13" else 1)
    bots = [bot_for("trix" if case == "trix" else "trixter",
                    level if s == 0 else "intermediate", seed=seed * 10 + s) for s in range(4)]

    def done() -> bool:
        sheet = g.score_sheet()
        if case == "trix":
            return sum(r.get("redeal") is None for r in sheet) == 5
        return len(sheet) == (1 if case == "hand13" else PEAK)

    while not g.is_over and not done():
        if g.to_move is None:
            g.next_hand()
            continue
        play_bot_turn(g, bots[g.to_move])
    return g.to_record()


def timed(f, record: dict) -> tuple[float, int]:
    t0 = time.perf_counter()
    r = f(record)
    return time.perf_counter() - t0, len(r.decisions)


CASES = {"hand13": "Trixter, the 13-card hand", "so_far": "Trixter, hands 1-13 (the game so far)",
         "trix": "Trix, a kingdom (5 deals)"}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=3, help="games of each case and level")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--quick", action="store_true",
                   help="one game of the 13-card hand by the beginner (a check that it runs)")
    p.add_argument("--out", type=Path, help="also write the table to this file")
    args = p.parse_args(argv)
    cases = {"hand13": CASES["hand13"]} if args.quick else CASES
    levels = LEVELS[:1] if args.quick else LEVELS
    games = 1 if args.quick else args.games
    rows = [f"{'case':<40} {'seat 0':<13} {'decisions':>9} "
            f"{'review now, s (median / max)':>30} {'one look (anchor)':>20}"]
    for case, title in cases.items():
        for level in levels:
            now, anchor, decisions = [], [], []
            for k in range(games):
                record = played(case, level, args.seed + k)
                t, n = timed(lambda r: review(r, 0), record)
                t_anchor, _n = timed(one_look_review, record)
                now.append(t)
                anchor.append(t_anchor)
                decisions.append(n)
            rows.append(f"{title:<40} {level:<13} {statistics.median(decisions):>9.0f} "
                        f"{statistics.median(now):>20.1f} / {max(now):<7.1f} "
                        f"{statistics.median(anchor):>11.1f} / {max(anchor):<6.1f}")
            print(rows[-1], flush=True)
    rows.append(f"# {games} games of each; seeds {args.seed}..{args.seed + games - 1};"
                f" {platform.machine()}, Python {platform.python_version()}")
    rows.append("# python benchmarks/review_time.py " + " ".join(argv or sys.argv[1:]))
    print("\n".join(rows[:1] + rows[-2:]))
    if args.out:
        args.out.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
