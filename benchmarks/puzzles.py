"""Puzzle speed: proving the whole collection, and a click's round trip to the defence.

    python benchmarks/puzzles.py [--quick] [--no-browser]

1. **Verify the collection**: ``tutor.puzzles.check`` on every bundled puzzle (the solver
   proves the goal, that some card fails, and uniqueness), with the numba engine and,
   side by side as the anchor, the pure-Python engine (the path a browser kernel takes).
   Loading and validating the JSON is timed too.
2. **Click to the defence's reply** on every bundled 7-card puzzle: Voila serves
   ``benchmarks/puzzle_board.ipynb`` (no pause between cards) and chromium clicks the
   learner's first card (a winning one, from a local ``PuzzleSession`` that follows the
   board); the time runs until the defence's last answering card is drawn. The anchor is
   ``benchmarks/minimal.ipynb``'s echo button clicked in the same run.

Target (issue 7): reply median under 200 ms, round trip included.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from tutor.puzzles import bundled, check  # noqa: E402
from tutor.puzzles.session import PuzzleSession  # noqa: E402

BOARD = "benchmarks/puzzle_board.ipynb"
MINIMAL = "benchmarks/minimal.ipynb"


def verify_times(puzzles, engine: str) -> list[float]:
    """Seconds to ``check`` each puzzle; a puzzle that does not verify is an error."""
    out = []
    for p in puzzles:
        t = time.perf_counter()
        r = check(p, engine=engine)
        out.append(time.perf_counter() - t)
        if not r.ok:
            raise RuntimeError(f"{p.id} does not verify: {r.problems}")
    return out


def seven_card(puzzles):
    return [p for p in puzzles if not p.is_trex and len(p.hands[p.seat]) >= 7]


def reply_times(puzzles, anchor_clicks: int) -> tuple[list[float], list[float]]:
    """Milliseconds from a click on the learner's first card to the defence's last
    answering card drawn, one per puzzle; and the anchor's echo round trips."""
    import os

    from playwright.sync_api import sync_playwright

    import app as appbench

    os.environ["TRIX_TUTOR_BENCH_PUZZLES"] = ",".join(p.id for p in puzzles)
    with appbench.voila_app() as (_proc, base):
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=appbench.CHROMIUM,
                                         args=appbench.CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1100, "height": 900})
            context.route(appbench.outside, appbench.external)
            page = context.new_page()
            page.goto(base + MINIMAL)
            page.locator('[data-testid="minimal"]').wait_for(timeout=120_000)
            anchor = appbench.anchor_round_trips(page, anchor_clicks)
            page.close()
            page = context.new_page()
            page.goto(base + BOARD)
            board = page.locator(".tt-puzzle[data-puzzle-id]")
            board.wait_for(timeout=120_000)
            times = []
            for i, p in enumerate(puzzles):
                if i:
                    handle = board.element_handle()
                    page.click('[data-testid="puzzle-next"]')
                    page.wait_for_function("([el, id]) => el.dataset.puzzleId === id",
                                           arg=[handle, p.id])
                page.locator('[data-testid="hand"] [data-card].legal').first.wait_for()
                s = PuzzleSession(p)
                s.advance()
                card = s.hints().card
                last = s.play(card)[-1][1]
                times.append(page.evaluate(appbench.WATCH, [
                    f'[data-testid="trick"] [data-card="{last}"]',
                    f'[data-testid="hand"] [data-card="{card}"]']))
            context.close()
            browser.close()
    return times, anchor


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="every 10th puzzle, 3 board clicks (a smoke run)")
    parser.add_argument("--no-browser", action="store_true", help="skip the click rows")
    args = parser.parse_args(argv)
    t = time.perf_counter()
    puzzles = bundled()
    load_s = time.perf_counter() - t
    sample = puzzles[::10] if args.quick else puzzles
    kinds = {}
    for p in puzzles:  # load the compiled engine for every goal outside the timing
        kinds.setdefault(p.target.kind, p)
    for p in kinds.values():
        check(p, engine="numba")
    fast = verify_times(sample, "numba")
    pure = verify_times(sample, "python")

    def med_ms(xs):
        return 1000 * statistics.median(xs)

    def p90_ms(xs):
        return 1000 * sorted(xs)[int(0.9 * (len(xs) - 1))]

    print(f"{'measure':<46}{'unit':<6}{'numba':>9}{'pure':>9}{'ratio':>8}  target")
    rows = [(f"verify {len(sample)} puzzles, total", "s", sum(fast), sum(pure)),
            ("verify one puzzle, median", "ms", med_ms(fast), med_ms(pure)),
            ("verify one puzzle, p90", "ms", p90_ms(fast), p90_ms(pure)),
            ("verify one puzzle, slowest", "ms", 1000 * max(fast), 1000 * max(pure))]
    for name, unit, a, b in rows:
        print(f"{name:<46}{unit:<6}{a:>9.3g}{b:>9.3g}{b / a:>7.1f}x")
    print(f"# load and validate {len(puzzles)} puzzles: {1000 * load_s:.0f} ms; "
          f"anchor (pure) = the pure-Python engine of a browser kernel")
    if args.no_browser:
        return 0
    boards = seven_card(puzzles)
    if args.quick:
        boards = boards[:3]
    reply, anchor = reply_times(boards, anchor_clicks=max(5, len(boards)))
    print()
    print(f"{'measure':<46}{'unit':<6}{'board':>9}{'anchor':>9}{'ratio':>8}  target")
    for name, a, b, target in (
            (f"click to defence reply, median of {len(reply)}", statistics.median(reply),
             statistics.median(anchor), "< 200 ms"),
            ("click to defence reply, slowest", max(reply), max(anchor), "")):
        print(f"{name:<46}{'ms':<6}{a:>9.3g}{b:>9.3g}{a / b:>7.1f}x  {target}")
    print("# 7-card puzzles, the learner's first card; anchor: benchmarks/minimal.ipynb's "
          "echo button, same Voila")
    return 0


if __name__ == "__main__":
    sys.exit(main())
