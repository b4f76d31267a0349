"""The ``trix-tutor`` command.

``trix-tutor play``: a game of Trixter in the terminal against the beginner bots.
``trix-tutor app`` serves the lessons as a Voila web app, with the table service for tables
of people beside it; ``trix-tutor tables`` runs that service alone (a class hub starts it
so); ``trix-tutor demo`` plays one hand by itself.
``trix-tutor solve DEAL --goal exactly:0:2`` solves a position exactly (double dummy).
``trix-tutor puzzle generate --theme make-n --count 5 --seed 1`` deals new puzzles;
``trix-tutor puzzle check FILE`` proves every puzzle of a file with the solver.
``trix-tutor arena --bots expert,beginner,beginner,beginner --games 20`` lets bot levels
play duplicated deals with rotated seats and prints their points with 95% intervals.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path
from typing import TextIO

from tutor.bots import bot_for
from tutor.engine.errors import IllegalActionError, ParseError
from tutor.engine.protocol import Phase
from tutor.engine.trixter import TrixterGame
import subprocess
from tutor.engine.cards import CardSet
from tutor.solver import AvoidCards, Exactly, MaxTricks, MinPenalty, TrexPlace
from tutor.engine.cards import Card, parse_deal
from tutor.solver import Position, SearchLimit, TrexPosition, solve
from tutor.search.policy import compiled_rollout
from tutor.solver.search import compile_ahead
from tutor.engine.warming import holding
from tutor.engine.trix.trex import Layout
from tutor.puzzles import PuzzleError, check, dump, dumps, generate, load
from tutor.bots.arena import arena


def _show(game: TrixterGame, seat: int, out: TextIO) -> None:
    o = game.observation(seat)
    names = o.players
    trump = "(not named yet)" if not o.trump_named else \
        o.trump.name.lower() if o.trump is not None else "no trump"
    print(f"\nHand {o.hand_number}: {o.hand_size} card(s), dealer {names[o.dealer]}, "
          f"trump {trump}", file=out)
    bids = ", ".join(f"{names[s]} {b if b is not None else '-'}"
                     f" ({o.tricks_won[s]} won)" for s, b in enumerate(o.bids))
    print(f"Bids: {bids}", file=out)
    if o.trick:
        print("Trick: " + ", ".join(f"{names[s]} {c}" for s, c in o.trick), file=out)
    print(f"Your hand: {o.hand.symbols()}", file=out)


def _computer_action(game: TrixterGame, bots: dict):
    """The seat to move's bot acts on what that seat sees (``game.observation``)."""
    seat = game.to_move
    if seat not in bots:
        bots[seat] = bot_for("trixter", "beginner", seed=seat)
    return bots[seat].act(game.observation(seat))


def _trick_report(game: TrixterGame, before: int, out: TextIO) -> None:
    if len(game.tricks) > before:
        won = game.tricks[-1]
        winner = game.leader
        cards = ", ".join(f"{game.names[s]} {c.symbol()}" for s, c in won)
        print(f"  Trick {len(game.tricks)}: {cards} -> {game.names[winner]} wins", file=out)


def play(seat: int = 0, players: int = 4, seed: int | None = None, *,
         inp: TextIO = sys.stdin, out: TextIO = sys.stdout, hands: int | None = None) -> int:
    """Play Trixter at ``seat`` against beginner bots."""
    game = TrixterGame.new(players=players, seed=seed,
                           names=["You"] + [f"Computer {i}" for i in range(1, players)])
    bots: dict = {}
    played = 0
    print("Trixter: bid the exact number of tricks you will take. Type 'help' for moves.",
          file=out)
    while not game.is_over:
        if game.phase == Phase.HAND_OVER:
            row = game.score_sheet()[-1]
            print("Hand over. Points: " + ", ".join(
                f"{game.names[s]} {p:+d}" for s, p in enumerate(row["points"])), file=out)
            played += 1
            if hands is not None and played >= hands:
                break
            game.next_hand()
            continue
        mover = game.to_move
        before = len(game.tricks)
        if mover != seat:
            action = _computer_action(game, bots)
            game.apply(action)
            print(f"{game.names[mover]}: {action}", file=out)
            _trick_report(game, before, out)
            continue
        _show(game, seat, out)
        legal = [str(a) for a in game.legal_actions()]
        print("Legal: " + " ".join(legal), file=out)
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line:
            break
        line = line.strip()
        if line in ("help", "?"):
            print("Play a card (QS, 10h), 'bid N', 'trump H', 'undo', or 'quit'.", file=out)
            continue
        if line == "quit":
            break
        if line == "undo":
            try:
                while game.history and game.to_move != seat or not game.history:
                    game.undo()
                game.undo()
            except IllegalActionError as e:
                print(f"Cannot undo: {e}", file=out)
            continue
        try:
            game.apply(line)
        except (IllegalActionError, ParseError) as e:
            print(f"Not possible: {e}", file=out)
        _trick_report(game, before, out)
    print("Scores: " + ", ".join(f"{n} {s}" for n, s in zip(game.names, game.scores)), file=out)
    return 0


def demo(seed: int | None = 1, out: TextIO = sys.stdout) -> int:
    """Four computer players play the 5-card hand of a game, printed trick by trick."""
    game = TrixterGame.new(players=4, seed=seed, first_hand=5)
    bots: dict = {}
    while game.phase != Phase.HAND_OVER:
        mover = game.to_move
        before = len(game.tricks)
        action = _computer_action(game, bots)
        game.apply(action)
        print(f"{game.names[mover]}: {action}", file=out)
        _trick_report(game, before, out)
    row = game.score_sheet()[-1]
    for s in range(4):
        print(f"{game.names[s]}: bid {row['bids'][s]}, took {row['tricks'][s]}, "
              f"{row['points'][s]:+d} points", file=out)
    return 0


def warm(out: TextIO | None = None) -> int:
    """Compile the solver's numba engine and the play-outs, if they are not in
    numba's cache yet (about five minutes of a core the first time, a second or two after)."""
    out = out or sys.stdout
    start = time.perf_counter()
    with holding():  # the other processes play plain Python meanwhile, not compile too
        compiled_rollout()  # the play-outs too (half a minute the first time)
        fast = compile_ahead()
    if not fast:
        print("numba is not installed: the solver and the play-outs run in plain Python "
              "(nothing to compile).",
              file=out)
        return 0
    print(f"The solver's and the play-outs' fast engine is ready "
          f"({time.perf_counter() - start:.1f} s; numba "
          "keeps it, so the next start takes a second or two).", file=out)
    return 0


def start_warming(env: dict[str, str]) -> subprocess.Popen | None:
    """``trix-tutor warm`` in the background, at a low priority: the app answers at once,
    and the first learner's hint or puzzle does not wait for numba to compile (on a fresh
    install every page's kernel would compile for itself, for minutes): until it is done,
    the pages solve and play out in plain Python (:mod:`tutor.engine.warming`)."""
    if importlib.util.find_spec("numba") is None:
        return None
    return subprocess.Popen(["nice", "-n", "10", sys.executable, "-m", "tutor.cli", "warm"],
                            stdout=subprocess.DEVNULL, env=env)


APP_PORT = 8866
START_PAGE = "voila/render/00_start_here.ipynb"
TEMPLATE = "trix-tutor"  # share/jupyter/voila/templates/trix-tutor, the app's page


def app(port: int = APP_PORT, out: TextIO | None = None) -> int:
    """Serve ``lessons/`` with Voila on localhost and print the start page's address.

    Voila replaces this process (``python -m voila``), so this package never imports a
    Jupyter module; its settings are ``voila.json`` at the repository's root.
    """
    out = out or sys.stdout
    root = Path(__file__).resolve().parents[1]
    if not (root / "lessons" / "00_start_here.ipynb").is_file():
        print("The app needs the lessons of a source checkout: clone trix-tutor and run "
              "'make app' there.", file=out)
        return 1
    if importlib.util.find_spec("voila") is None:
        print("The app needs Voila and the widgets: pip install -e '.[app]' "
              "(or run 'make app', which does it).", file=out)
        return 1
    env = dict(os.environ)
    start_warming(env)
    tables = start_tables(env, out)
    print(f"Open http://localhost:{port}/{START_PAGE} (Ctrl+C stops the app)", file=out)
    out.flush()
    os.chdir(root)  # where Voila finds voila.json (settings, page template, kernel pool)
    # The page template share/jupyter/voila/templates/trix-tutor: Voila looks for it on
    # the Jupyter path only, so this checkout's goes first (the app never runs with an
    # older installed copy, nor fails where an editable install left it out).
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(root / "share" / "jupyter"), env.get("JUPYTER_PATH", "")) if p)
    if tables is not None:  # the pages' kernels find the table service here
        env["TRIX_TUTOR_TABLES"] = tables
    # Voila takes this process's place, so Ctrl+C and a kill reach it directly.
    os.execve(sys.executable, [sys.executable, "-m", "voila", "lessons", f"--port={port}",
                               "--no-browser", "--Voila.port_retries=0",
                               f"--VoilaConfiguration.template={TEMPLATE}"], env)
    return 0  # not reached


def start_tables(env: dict[str, str], out: TextIO) -> str | None:
    """Start the table service beside the app (it ends with the app) and return its
    address, or ``None`` (said in a line) if it cannot start: the app runs without tables.
    It prints the teacher's token, which the teacher types on the class's tables page."""

    if env.get("TRIX_TUTOR_TABLES"):  # a service of its own runs already (a hub, a test)
        return env["TRIX_TUTOR_TABLES"]
    port = int(env.get("TRIX_TUTOR_TABLES_PORT", "8867"))
    preexec = None
    if sys.platform.startswith("linux"):
        import ctypes  # Linux only: the service's end tied to the app's
        import signal

        def preexec() -> None:  # the service ends when the app (this process, then Voila) does
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    proc = subprocess.Popen([sys.executable, "-m", "tutor.tables.server", f"--port={port}"],
                            stdout=subprocess.PIPE, text=True, env=env, preexec_fn=preexec)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("Tables:"):
        print("The table service did not start (is another app running?): tables of people "
              "are off.", file=out)
        return None
    token = proc.stdout.readline().strip()
    proc.stdout.close()  # it says nothing more; Voila must not inherit an unread pipe
    print(f"{line.strip()}\n{token} (type it on the page 'The class at the tables')", file=out)
    return f"ws://127.0.0.1:{port}/tables/ws"


MAX_NODES = 300_000_000
"""The CLI's default cap on a solve: about a minute of the compiled engine, past which a
full 13-card hand may still be searching (issue 40's solver table)."""
LONG_SOLVE = 11
"""Cards a hand from which a solve may take minutes: the CLI says so before it starts."""

GOALS_HELP = ("max:SEAT (or max:0+2 for a team), exactly:SEAT:N, avoid:SEAT:KH,QS, "
              "penalty:SEAT:king+queens, trex:SEAT")


def parse_goal(text: str, doubles: tuple = (), swap: bool = False):
    """A goal from its command-line text (see ``GOALS_HELP``); junk raises ``ParseError``.

    >>> parse_goal("exactly:0:2"), parse_goal("max:1+3")
    (Exactly(seat=0, n=2), MaxTricks(seat=(1, 3)))
    """

    parts = text.strip().lower().split(":")
    kind, args = parts[0], parts[1:]
    try:
        seats = tuple(int(x) for x in args[0].split("+")) if args else ()
        seat = seats[0] if len(seats) == 1 else seats
        if kind in ("max", "maxtricks") and len(args) == 1:
            return MaxTricks(seat)
        if kind == "exactly" and len(args) == 2 and len(seats) == 1:
            return Exactly(seat, int(args[1]))
        if kind == "avoid" and len(args) == 2:
            return AvoidCards(seat, CardSet.parse(args[1].replace(",", " ").upper()))
        if kind in ("penalty", "minpenalty") and len(args) == 2:
            goal = MinPenalty(seat, tuple(args[1].split("+")), doubles=doubles,
                              swap_diamonds_ltoosh=swap)
            goal.contracts()  # reads the contract names now, to report junk here
            return goal
        if kind in ("trex", "place") and len(args) == 1:
            return TrexPlace(seat)
    except ValueError as e:
        raise ParseError(f"bad goal {text!r}: {e}") from None
    raise ParseError(f"bad goal {text!r}: use {GOALS_HELP}")


def _seat_name(seat: int) -> str:
    return f"seat {seat}"


def _goal_text(goal) -> str:

    who = (_seat_name(goal.seat) if isinstance(goal.seat, int)
           else "team " + "+".join(str(s) for s in goal.seat))
    if isinstance(goal, MaxTricks):
        return f"most tricks for {who} (value: tricks still to come)"
    if isinstance(goal, Exactly):
        return f"exactly {goal.n} tricks for {who} (1 = guaranteed, 0 = not)"
    if isinstance(goal, AvoidCards):
        cards = " ".join(c.symbol() for c in goal.cards)
        return f"{who} avoids taking {cards} (1 = guaranteed, 0 = not)"
    if isinstance(goal, MinPenalty):
        names = "+".join(sorted(c.text for c in goal.contracts()))
        return f"best score for {who} in {names} (points)"
    return f"best Trex place for {who} (1 = first out; a team: the sum of places)"


def solve_command(args, out: TextIO | None = None) -> int:
    """``trix-tutor solve``: each legal card's value and one principal line."""
    out = out or sys.stdout

    try:
        doubles = tuple((Card.parse(c), int(s)) for c, _, s in
                        (d.partition("@") for d in args.double))
        goal = parse_goal(args.goal, doubles=doubles)
        if isinstance(goal, TrexPlace):
            layout = Layout()
            for c in (args.layout or "").replace(",", " ").split():
                layout = layout.play(Card.parse(c))
            out_seats = tuple(int(x) for x in args.out.split(",")) if args.out else ()
            pos = TrexPosition(tuple(parse_deal(args.deal, args.players)), layout=layout,
                               to_move=args.leader, out=out_seats)
        else:
            pos = Position.from_pbn(args.deal, trump=args.trump, leader=args.leader,
                                    played=(args.played or "").replace(",", " ").split(),
                                    players=args.players)
        if args.max_nodes < 1:
            raise ValueError("--max-nodes must be at least 1")
        cards = max(len(h) for h in pos.hands)
        if cards >= LONG_SOLVE:  # a full hand may take minutes: say so before the wait
            print(f"Solving {cards} cards a hand: this can take minutes (at most "
                  f"{args.max_nodes:,} nodes).", file=sys.stderr)
        result = solve(pos, goal, engine=args.engine, by_card=not args.value_only,
                       max_nodes=args.max_nodes)
    except (ValueError, TypeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except SearchLimit:
        print(f"error: no answer within {args.max_nodes:,} nodes. Raise --max-nodes, or ask "
              "for the value alone with --value-only (one search instead of one per card).",
              file=sys.stderr)
        return 3
    seat = pos.to_move
    print(f"Goal: {_goal_text(goal)}", file=out)
    print(f"Seat {seat} to move. Value with best play by all: {result.value}", file=out)
    best = set(result.best_cards())
    if args.value_only:
        print("  (each card's value not worked out: --value-only)", file=out)
    elif not result.by_card:
        print("  (no card can be played: seat passes)", file=out)
    for card, v in result.by_card.items():
        print(f"  {card.symbol():>4}  {v:>5}{'  best' if card in best else ''}", file=out)
    words = ["pass" if c is None else c.symbol() for c in result.line]
    if isinstance(pos, Position):  # one group per trick, the current one first
        first = pos.players - len(pos.trick)
        groups = [words[:first]] + [words[i:i + pos.players]
                                    for i in range(first, len(words), pos.players)]
        words = [" ".join(g) for g in groups if g]
    print("Line: " + (" | " if isinstance(pos, Position) else " ").join(words), file=out)
    stats = result.stats
    print(f"Searched {stats.get('nodes', 0):,} nodes in {1000 * stats.get('seconds', 0):.1f} ms"
          f" ({stats.get('engine', 'python')} engine).", file=out)
    return 0


def puzzle_command(args, out: TextIO | None = None) -> int:
    """``trix-tutor puzzle generate|check``: deal new puzzles, or prove a file's puzzles."""
    out = out or sys.stdout

    if args.puzzle_command == "generate":
        try:
            puzzles = generate(args.theme, args.count, args.seed, unique=args.unique,
                               difficulty=args.difficulty, engine=args.engine)
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        if args.out:
            dump(puzzles, args.out)
            print(f"Wrote {len(puzzles)} puzzle(s) to {args.out}", file=out)
        else:
            out.write(dumps(puzzles))
        if len(puzzles) < args.count:
            print(f"only {len(puzzles)} of {args.count} puzzle(s) found", file=sys.stderr)
        return 0
    if args.puzzle_command == "check":
        bad = 0
        total = 0
        for path in args.files:
            try:
                puzzles = load(path)
            except PuzzleError as e:
                print(f"error: {e}", file=sys.stderr)
                return 2
            for p in puzzles:
                total += 1
                r = check(p, engine=args.engine)
                if not r.ok:
                    bad += 1
                    print(f"{path}: {p.id}: " + "; ".join(r.problems), file=out)
        print(f"{total - bad} of {total} puzzle(s) check.", file=out)
        return 1 if bad else 0
    return 2


def arena_command(args, out: TextIO | None = None) -> int:
    """``trix-tutor arena``: bot levels on duplicated deals; the table to ``out``,
    progress to stderr."""
    out = out or sys.stdout

    def progress(done: int, total: int) -> None:
        print(f"\rgame {done}/{total}", end="\n" if done == total else "", file=sys.stderr,
              flush=True)

    try:
        result = arena(args.game, players=args.players, bots=args.bots, games=args.games,
                       seed=args.seed, hands=args.hands, seconds=args.seconds,
                       progress=progress, first_hand=args.first_hand)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(result.table(), file=out)
    return 0


def _parser() -> argparse.ArgumentParser:
    """The ``trix-tutor`` command's arguments, one sub-command each."""
    parser = argparse.ArgumentParser(prog="trix-tutor", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    p_play = sub.add_parser("play", help="play Trixter in the terminal")
    p_play.add_argument("--players", type=int, default=4)
    p_play.add_argument("--seed", type=int, default=None)
    p_app = sub.add_parser("app", help="serve the lessons as a web app (Voila)")
    p_app.add_argument("--port", type=int, default=APP_PORT)
    p_demo = sub.add_parser("demo", help="watch one hand")
    p_demo.add_argument("--seed", type=int, default=1)
    p_solve = sub.add_parser("solve", help="solve a position exactly (all hands seen)",
                             description="Solve a trick-play or Trex position exactly.")
    p_solve.add_argument("deal", help='hands in play order: "N:AK.. QJ.. T9.. 87.." or '
                         'space-separated PBN hands (spades.hearts.diamonds.clubs)')
    p_solve.add_argument("--goal", required=True, help=GOALS_HELP)
    p_solve.add_argument("--trump", default=None, help="trump suit (S, H, D, C) or none")
    p_solve.add_argument("--leader", type=int, default=0,
                         help="the seat that led the current trick (Trex: the seat to move)")
    p_solve.add_argument("--played", default="", help="cards already in the current trick")
    p_solve.add_argument("--players", type=int, default=None, help="how many hands")
    p_solve.add_argument("--double", action="append", default=[],
                         help="a doubled card and its doubler, e.g. KH@2 (penalty goals)")
    p_solve.add_argument("--layout", default="", help="Trex: the cards already laid out")
    p_solve.add_argument("--out", default="", help="Trex: seats already out, in order")
    p_solve.add_argument("--engine", default="auto", choices=["auto", "python", "numba"])
    p_solve.add_argument("--max-nodes", type=int, default=MAX_NODES,
                         help=f"give up after this many nodes (default {MAX_NODES:,})")
    p_solve.add_argument("--value-only", action="store_true",
                         help="the value alone, not each card's (much faster)")
    p_puzzle = sub.add_parser("puzzle", help="generate or check puzzles")
    psub = p_puzzle.add_subparsers(dest="puzzle_command", required=True)
    p_gen = psub.add_parser("generate", help="deal new puzzles the solver proves")
    p_gen.add_argument("--theme", required=True, help="a theme, e.g. make-n, king-dodge, "
                       "trex-block (see docs/puzzle-format.md)")
    p_gen.add_argument("--count", type=int, default=10)
    p_gen.add_argument("--seed", default="0", help="the same seed gives the same puzzles")
    p_gen.add_argument("--out", default=None, help="the JSON file to write (default: print)")
    p_gen.add_argument("--unique", action="store_true",
                       help="keep only puzzles where exactly one card works")
    p_gen.add_argument("--difficulty", type=int, default=None, choices=range(1, 6),
                       help="keep only puzzles graded at this difficulty")
    p_gen.add_argument("--engine", default="auto", choices=["auto", "python", "numba"])
    p_chk = psub.add_parser("check", help="prove every puzzle of JSON files")
    p_chk.add_argument("files", nargs="+")
    p_chk.add_argument("--engine", default="auto", choices=["auto", "python", "numba"])
    p_arena = sub.add_parser("arena", help="bot levels against each other on duplicated deals",
                             description="Bots play the same deals with the seats rotated; "
                             "prints points per level with 95%% intervals over deal sets.")
    p_arena.add_argument("--game", default="trixter", choices=["trixter", "trix"])
    p_arena.add_argument("--players", type=int, default=4, help="Trix: 4")
    p_arena.add_argument("--bots", default="expert,beginner,beginner,beginner",
                         help="the level at each seat, comma-separated; a shorter list is "
                         "repeated (expert,beginner at 4 seats: E,B,E,B)")
    p_arena.add_argument("--games", type=int, default=10, help="deal sets (each played "
                         "once per seat rotation)")
    p_arena.add_argument("--seed", type=int, default=0)
    p_arena.add_argument("--hands", type=int, default=None,
                         help="play only the first K hands (Trix: deals) of each game")
    p_arena.add_argument("--first-hand", type=int, default=1,
                         help="Trixter: start the schedule at this hand")
    p_arena.add_argument("--seconds", type=float, default=None,
                         help="time per decision for the bots that take it")
    sub.add_parser("warm", help="compile the solver's fast engine now (numba keeps it)")
    sub.add_parser("tables", add_help=False, help="the table service (--help: its options)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``trix-tutor`` command."""
    parser = _parser()
    args, rest = parser.parse_known_args(argv)
    if args.command == "tables":
        from tutor.tables.server import main as tables_main  # tornado: the app extra

        return tables_main(rest)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "arena":
        return arena_command(args)
    if args.command == "puzzle":
        return puzzle_command(args)
    if args.command == "solve":
        return solve_command(args)
    if args.command == "warm":
        return warm()
    if args.command == "demo":
        return demo(args.seed)
    if args.command == "app":
        return app(args.port)
    if args.command in ("play", None):
        return play(players=getattr(args, "players", 4), seed=getattr(args, "seed", None))
    return 2


if __name__ == "__main__":
    sys.exit(main())
