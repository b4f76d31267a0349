"""Bot strength: the arenas of issue 9 on duplicated deals, printed as a table.

    python benchmarks/arena.py [--games 20] [--seed 0] [--hands K] [--quick]
        [--matchups beginner:random,expert:beginner] [--game trixter|trix|both]
        [--first-hand K] [--seconds X] [--jobs N]

Each matchup ``strong:weak`` is played as a 4-player Trixter arena and a Trix arena
(``tutor.bots.arena.arena``) with the seating ``strong, weak, weak, weak``: the seats are
rotated over the same cards, so each seat's cards are played once by the stronger bot
and three times by the weaker one, always against the same mix of opponents. That is
the cleanest duplicate comparison: ``strong, weak, strong, weak`` has only two distinct
rotations, and its two strong bots partly play against each other, which mixes "how
good is it" with "how does it fare against itself".

A row says how many points per hand (Trixter) or per game (Trix) the stronger level
makes more than the weaker one, with the paired 95% interval over deal sets, and
whether that interval excludes 0. Decision times are per ``bot.act`` call, median and
90th percentile in ms; the anchor is the weaker level's time in the same run (the
beginner, in ``expert:beginner``), and ``ratio`` is the stronger median over it.

``--hands K`` plays only the first K hands (Trixter) or deals (Trix) of each game, so
a run with a slow level stays bounded; ``--first-hand`` starts Trixter later (e.g. 10:
the big hands). Unless ``--quick`` (a tiny run, for the test suite), the tables are
also written to ``benchmarks/arena-results.md`` (or ``--out``) with the command line
that made them.
A level this checkout does not know fails at once, before anything is played.

``pypy3 benchmarks/arena.py ...`` (Debian's ``pypy3``, Python 3.9) plays the same games
with the same results about five times faster: the long Trixter arenas are run that way.
Its milliseconds are PyPy's, not those of the app's CPython.
"""

from __future__ import annotations

import argparse
import platform
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.bots.arena import ArenaResult, arena  # noqa: E402
from tutor.bots import ARENA_LEVELS  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "arena-results.md"
DEFAULT_MATCHUPS = "beginner:random,expert:beginner"


def parse_matchups(text: str) -> list[tuple[str, str]]:
    """``"beginner:random,expert:beginner"`` -> ``[("beginner", "random"), …]``; a level
    this checkout lacks raises ``ValueError`` naming the levels it has."""
    out = []
    for item in text.split(","):
        strong, sep, weak = item.strip().partition(":")
        if not sep or not strong or not weak:
            raise ValueError(f"a matchup is STRONG:WEAK, not {item!r}")
        for level in (strong, weak):
            if level not in ARENA_LEVELS:
                raise ValueError(f"no bot level {level!r} in this checkout "
                                 f"(it has {', '.join(ARENA_LEVELS)})")
        out.append((strong, weak))
    return out


def ms(x: float | None) -> str:
    return "-" if x is None else f"{1000 * x:.3f}"


def summary(rows: list[tuple[str, ArenaResult, str, str, float]]) -> str:
    """One line per arena: the paired difference and the decision times."""
    head = (f"{'arena':<30} {'games':>5} {'measure':<14} {'strong-weak':>11} "
            f"{'95% CI':<21} {'clear':>5} {'strong ms':>10} {'p90':>9} {'weak ms':>9} "
            f"{'p90':>9} {'ratio':>7} {'wall s':>7}")
    lines = [head, "-" * len(head)]
    for label, r, strong, weak, wall in rows:
        d = r.differences[(strong, weak)]
        ci = "n/a" if d.low is None else f"[{d.low:8.3f}, {d.high:8.3f}]"
        clear = "n/a" if d.low is None else ("yes" if d.excludes_zero else "no")
        sm, wm = r.median_time(strong), r.median_time(weak)
        ratio = f"{sm / wm:.1f}x" if sm and wm else "-"
        lines.append(f"{label:<30} {len(r.runs):>5} {'points/' + r.unit:<14} {d.mean:>11.3f} "
                     f"{ci:<21} {clear:>5} {ms(sm):>10} {ms(r.p90_time(strong)):>9} "
                     f"{ms(wm):>9} {ms(r.p90_time(weak)):>9} {ratio:>7} {wall:>7.1f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="deal sets per arena (each "
                    "played once per seat rotation: 4 games)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hands", type=int, default=None,
                    help="only the first K hands (Trixter) or deals (Trix) of each game")
    ap.add_argument("--first-hand", type=int, default=1, help="Trixter: start at this hand")
    ap.add_argument("--seconds", type=float, default=None,
                    help="time per decision, for the levels that take it")
    ap.add_argument("--matchups", default=DEFAULT_MATCHUPS,
                    help=f"STRONG:WEAK pairs, comma-separated (default {DEFAULT_MATCHUPS})")
    ap.add_argument("--game", choices=["trixter", "trix", "both"], default="both",
                    help="run only this game's arenas")
    ap.add_argument("--quick", action="store_true", help="a tiny run (for the test suite); "
                    "writes no results file")
    ap.add_argument("--jobs", type=int, default=1,
                    help="deal sets played at once, in processes (the same results)")
    ap.add_argument("--out", type=Path, default=RESULTS,
                    help="where to write the tables (default benchmarks/arena-results.md)")
    args = ap.parse_args(argv)
    try:
        matchups = parse_matchups(args.matchups)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    games = 2 if args.quick else args.games
    hands = 2 if args.quick and args.hands is None else args.hands
    kinds = [g for g in ("trixter", "trix") if args.game in ("both", g)]
    rows = []
    tables = []
    for strong, weak in matchups:
        for kind in kinds:
            if kind == "trix" and "ismcts" in (strong, weak):
                print(f"# {strong} vs {weak}: ismcts plays Trixter only, no Trix arena",
                      file=sys.stderr)
                continue
            label = f"{'Trixter 4p' if kind == 'trixter' else 'Trix'} {strong} vs {weak}"
            print(f"# {label} ...", file=sys.stderr, flush=True)

            def progress(done: int, total: int) -> None:
                print(f"\r  game {done}/{total}", end="\n" if done == total else "",
                      file=sys.stderr, flush=True)

            start = time.perf_counter()
            try:
                r = arena(kind, 4, [strong, weak, weak, weak], games=games, seed=args.seed,
                          hands=hands, seconds=args.seconds, progress=progress,
                          jobs=args.jobs,
                          first_hand=args.first_hand if kind == "trixter" else 1)
            except ValueError as e:
                print(f"error: {e}", file=sys.stderr)
                return 2
            rows.append((label, r, strong, weak, time.perf_counter() - start))
            tables.append(r.table())
    text = summary(rows)
    text += ("\n\nstrong-weak: paired difference per deal set, 95% t interval over the "
             f"{games} deal sets; clear: the interval excludes 0.\nms: milliseconds per "
             "bot.act call (median, 90th percentile); ratio: the strong median over the "
             "weak (the anchor, in the same run).\n")
    text += "\n" + "\n\n".join(tables) + "\n"
    print(text)
    if not args.quick:
        python = "pypy3" if platform.python_implementation() == "PyPy" else "python"
        command = f"{python} benchmarks/arena.py " + " ".join(
            shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv))
        args.out.write_text(f"# Arena results\n\nMade by `{command.strip()}` "
                           f"({platform.python_implementation()} "
                           f"{platform.python_version()}, "
                           f"{time.strftime('%Y-%m-%d', time.gmtime())}).\n\n"
                           f"```\n{text}```\n")
        print(f"# written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
