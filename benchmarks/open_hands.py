"""How long the review's "Show every hand" takes, and how early in a hand it answers,
printed as one table.

    python benchmarks/open_hands.py [--games 6] [--seed 0] [--quick] [--out FILE]

Games of both (Trixter, 4 players, the 13-card hand; Trix, a deal of each trick contract)
are played out by beginner bots; then every card decision of seat 0 that can be opened is
solved with every hand open (:func:`tutor.review.open_hands.open_hands`, its node budget
``OPEN_NODES``), grouped by the tricks left. Beside the numba engine (the app's), the anchor
in the same run: the pure-Python engine (the static site's, in the browser), on the same
positions from 6 tricks left. "Answered" is the share solved within the budget (the others
say to try a later card, after the seconds in "too deep after"); the other times are of the
answered ones. Wall seconds on this machine, one process.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tutor import TrixGame, TrixterGame  # noqa: E402
from tutor.bots import bot_for  # noqa: E402
from tutor.engine import records  # noqa: E402
from tutor.engine.protocol import Phase  # noqa: E402
from tutor.solver.search import compile_ahead  # noqa: E402
from tutor.review.open_hands import OPEN_NODES, TooDeep, open_hands, open_steps  # noqa: E402

CONTRACTS = ("ltoosh", "king", "queens", "diamonds")
PURE_FROM = 6  # the pure path is timed from this many tricks left down


def played(game: str, seed: int, contract: str | None = None):
    """One hand (deal) played out by beginner bots."""
    g = TrixterGame.new(players=4, seed=seed, first_hand=13) if game == "trixter" \
        else TrixGame.new(seed=seed)
    if contract:
        g.apply(f"contract {contract}", seat=g.to_move)
    bots = [bot_for(game, "beginner", seed=seed * 10 + s) for s in range(g.n_players)]
    while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        s = g.to_move
        g.apply(bots[s].act(g.observation(s)), seat=s)
    return g


def tricks_left(record: dict, index: int) -> int:
    g = records.from_record(dict(record, actions=[]))
    for s, text in record["actions"][:index]:
        g.apply(text, seat=s)
    return len(g.hands[g.to_move])


def timed(record: dict, index: int, engine: str) -> tuple[float, bool]:
    """Seconds for one decision, and whether it was answered within the budget."""
    os.environ["TRIX_TUTOR_SOLVER"] = engine
    start = time.perf_counter()
    try:
        open_hands(record, 0, index, max_nodes=OPEN_NODES["numba" if engine == "auto"
                                                             else "python"])
    except TooDeep:
        return time.perf_counter() - start, False
    return time.perf_counter() - start, True


def cell(times: list[tuple[float, bool]]) -> tuple[str, ...]:
    """Answered of tried, the median and p90 seconds of the answered ones, and the median
    seconds a learner waits to be told a position is too deep."""
    if not times:
        return "–", "–", "–", "–"
    done = sorted(t for t, ok in times if ok)
    gave_up = [t for t, ok in times if not ok]
    share = f"{len(done)}/{len(times)}"
    wait = f"{statistics.median(gave_up):.2f}" if gave_up else "–"
    if not done:
        return share, "–", "–", wait
    p90 = done[min(len(done) - 1, int(0.9 * len(done)))]
    return share, f"{statistics.median(done):.3f}", f"{p90:.3f}", wait


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=6, help="hands of each game (default 6)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true", help="one hand of each, the last tricks")
    ap.add_argument("--out", help="also write the table to this file")
    a = ap.parse_args(argv)
    games = 1 if a.quick else a.games
    compile_ahead()  # numba's cache loaded before the clock starts
    rows: dict[tuple[str, int], dict[str, list]] = {}
    for k in range(games):
        seed = a.seed + k
        records = [("Trixter", played("trixter", seed).to_record())]
        records.append(("Trix", played("trix", seed, CONTRACTS[k % 4]).to_record()))
        for name, rec in records:
            for i, code in open_steps(rec, 0).items():
                left = tricks_left(rec, i)
                if code != "open" or (a.quick and left > 4):
                    continue
                row = rows.setdefault((name, left), {"numba": [], "python": []})
                row["numba"].append(timed(rec, i, "auto"))
                if left <= PURE_FROM:
                    row["python"].append(timed(rec, i, "python"))
    lines = [f"# Show every hand: time to solve one decision ({platform.python_version()}, "
             f"{games} hand(s) of each game, seed {a.seed})", "",
             "| game | tricks left | answered (numba) | median s | p90 s | too deep after s "
             "| answered (pure Python) | median s | p90 s | too deep after s |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for (name, left) in sorted(rows, key=lambda r: (r[0], -r[1])):
        r = rows[(name, left)]
        lines.append(f"| {name} | {left} | " + " | ".join(cell(r["numba"])) + " | "
                     + " | ".join(cell(r["python"])) + " |")
    text = "\n".join(lines)
    print(text)
    if a.out:
        Path(a.out).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
