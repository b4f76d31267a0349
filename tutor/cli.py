"""The ``trix-tutor`` command.

``trix-tutor play``: a game of Trixter in the terminal against computer players
(who, until the bots arrive, play random legal cards). ``trix-tutor app`` runs the
same until the Voila app exists. ``trix-tutor demo`` plays one hand by itself.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from .actions import Bid
from .errors import IllegalActionError, ParseError
from .protocol import Phase
from .trixter import TrixterGame


def _show(game: TrixterGame, seat: int, out: TextIO) -> None:
    o = game.observe(seat)
    names = o["players"]
    print(f"\nHand {o['hand_number']}: {o['hand_size']} card(s), dealer {names[o['dealer']]}, "
          f"trump {o['trump_name'] or '(not named yet)'}", file=out)
    bids = ", ".join(f"{names[s]} {b if b is not None else '-'}"
                     f" ({o['tricks_won'][s]} won)" for s, b in enumerate(o["bids"]))
    print(f"Bids: {bids}", file=out)
    if o["trick"]:
        print("Trick: " + ", ".join(f"{names[s]} {c}" for s, c in o["trick"]), file=out)
    print(f"Your hand: {game.hands[seat].symbols()}", file=out)


def _computer_action(game: TrixterGame, rng: random.Random):
    """A random legal action, never taking back a bid or trump (a stand-in for the bots)."""
    acts = game.legal_actions()
    if game.phase == Phase.BID:
        acts = [a for a in acts if isinstance(a, Bid)]
    return rng.choice(acts)


def _trick_report(game: TrixterGame, before: int, out: TextIO) -> None:
    if len(game.tricks) > before:
        won = game.tricks[-1]
        winner = game.leader
        cards = ", ".join(f"{game.names[s]} {c.symbol()}" for s, c in won)
        print(f"  Trick {len(game.tricks)}: {cards} -> {game.names[winner]} wins", file=out)


def play(seat: int = 0, players: int = 4, seed: int | None = None, *,
         inp: TextIO = sys.stdin, out: TextIO = sys.stdout, hands: int | None = None) -> int:
    """Play Trixter at ``seat``; the other seats play random legal actions."""
    game = TrixterGame.new(players=players, seed=seed,
                           names=["You"] + [f"Computer {i}" for i in range(1, players)])
    rng = random.Random(seed)
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
            action = _computer_action(game, rng)
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
    rng = random.Random(seed)
    while game.phase != Phase.HAND_OVER:
        mover = game.to_move
        before = len(game.tricks)
        action = _computer_action(game, rng)
        game.apply(action)
        print(f"{game.names[mover]}: {action}", file=out)
        _trick_report(game, before, out)
    row = game.score_sheet()[-1]
    for s in range(4):
        print(f"{game.names[s]}: bid {row['bids'][s]}, took {row['tricks'][s]}, "
              f"{row['points'][s]:+d} points", file=out)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``trix-tutor`` command."""
    parser = argparse.ArgumentParser(prog="trix-tutor", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    p_play = sub.add_parser("play", help="play Trixter in the terminal")
    p_play.add_argument("--players", type=int, default=4)
    p_play.add_argument("--seed", type=int, default=None)
    sub.add_parser("app", help="start the app (for now: the terminal game)")
    p_demo = sub.add_parser("demo", help="watch one hand")
    p_demo.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "demo":
        return demo(args.seed)
    if args.command in ("play", "app", None):
        if args.command == "app":
            print("The Voila app is not built yet; here is the terminal game instead.")
        return play(players=getattr(args, "players", 4), seed=getattr(args, "seed", None))
    return 2


if __name__ == "__main__":
    sys.exit(main())
