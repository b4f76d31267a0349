"""Engine speed: random full hands (and games) per second, printed as a table.

    python benchmarks/engine.py [--seconds 1.0]

Each row runs the engine and, side by side in the same run, an *anchor*: a bare
random-play loop on plain Python lists that deals, plays a legal card and finds the
trick winner with no validation, history or observation. The ratio says what the
engine's safety (validated actions, undo history, records) costs over that floor.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor import Bid, Phase, TrixGame, TrixterGame  # noqa: E402
from tutor.engine.trixter import jokers_for, peak_for  # noqa: E402


def engine_hand(players: int, size_index: int, rng: random.Random) -> None:
    """One Trixter hand through the public protocol: trump, bids, every card."""
    g = TrixterGame.new(players=players, seed=rng.randrange(2**32), first_hand=size_index)
    while g.phase != Phase.HAND_OVER:
        acts = g.legal_actions()
        if g.phase == Phase.BID:
            acts = [a for a in acts if isinstance(a, Bid)]
        g.apply(rng.choice(acts))


def anchor_hand(players: int, size_index: int, rng: random.Random) -> None:
    """The floor: the same hand on tuples (suit, rank) with no checks at all."""
    peak = peak_for(players)
    size = min(size_index, 2 * peak - size_index)
    deck = [(s, r) for s in range(4) for r in range(2, 15)] + [(-1, 0)] * jokers_for(players)
    rng.shuffle(deck)
    hands = [deck[i * size:(i + 1) * size] for i in range(players)]
    trump = rng.randrange(4)
    bids = [rng.randrange(size + 1) for _ in range(players)]
    leader = 0
    won = [0] * players
    for _ in range(size):
        trick = []
        led = -1
        for k in range(players):
            seat = (leader + k) % players
            hand = hands[seat]
            follow = [c for c in hand if c[0] == led] if led >= 0 else []
            if not trick:
                real = [c for c in hand if c[0] >= 0]
                choices = real or hand
            else:
                choices = follow or hand
            card = rng.choice(choices)
            hand.remove(card)
            if led < 0 and card[0] >= 0:
                led = card[0]
            trick.append((seat, card))
        best = max(trick, key=lambda sc: (sc[1][0] == trump) * 100 + (sc[1][0] == led) * sc[1][1]
                   if sc[1][0] >= 0 else -1)
        leader = best[0]
        won[leader] += 1
    sum(10 + w if w == b else -5 for w, b in zip(won, bids))


def engine_game(players: int, rng: random.Random) -> None:
    """A whole Trixter game (1 … peak … 1) through the public protocol."""
    g = TrixterGame.new(players=players, seed=rng.randrange(2**32))
    while not g.is_over:
        if g.phase == Phase.HAND_OVER:
            g.next_hand()
            continue
        acts = g.legal_actions()
        if g.phase == Phase.BID:
            acts = [a for a in acts if isinstance(a, Bid)]
        g.apply(rng.choice(acts))


def anchor_game(players: int, rng: random.Random) -> None:
    peak = peak_for(players)
    for k in range(1, 2 * peak):
        anchor_hand(players, k, rng)


def engine_trix_game(rng: random.Random) -> None:
    """A whole Trix game (4 kingdoms, 20 deals) through the public protocol."""
    g = TrixGame.new(seed=rng.randrange(2**32))
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))


def anchor_trix_game(rng: random.Random) -> None:
    """The floor: 16 trick deals and 4 Trex deals on lists, no checks or scoring."""
    for _ in range(16):
        anchor_hand(4, 13, rng)
    for _ in range(4):
        deck = [(s, r) for s in range(4) for r in range(2, 15)]
        rng.shuffle(deck)
        hands = [deck[i * 13:(i + 1) * 13] for i in range(4)]
        rows = [None] * 4
        out = 0
        seat = 0
        while out < 3:
            hand = hands[seat]
            fits = [c for c in hand if (rows[c[0]] is None and c[1] == 11) or (
                rows[c[0]] is not None and c[1] in (rows[c[0]][0] - 1, rows[c[0]][1] + 1))]
            if fits:
                c = rng.choice(fits)
                hand.remove(c)
                lo, hi = rows[c[0]] or (c[1], c[1])
                rows[c[0]] = (min(lo, c[1]), max(hi, c[1]))
                if not hand:
                    out += 1
            seat = (seat + 1) % 4
            while not hands[seat] and out < 3:
                seat = (seat + 1) % 4


def rate(fn, seconds: float) -> float:
    """Calls of ``fn`` per second over about ``seconds``."""
    rng = random.Random(1)
    n = 0
    start = time.perf_counter()
    while True:
        fn(rng)
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    args = parser.parse_args(argv)
    rows = []
    for players in (4, 8):
        peak = peak_for(players)
        rows.append((f"Trixter peak hand, {players} players ({peak} cards)", "hands/s",
                     rate(lambda r, p=players, k=peak: engine_hand(p, k, r), args.seconds),
                     rate(lambda r, p=players, k=peak: anchor_hand(p, k, r), args.seconds)))
        rows.append((f"Trixter whole game, {players} players", "games/s",
                     rate(lambda r, p=players: engine_game(p, r), args.seconds),
                     rate(lambda r, p=players: anchor_game(p, r), args.seconds)))
    rows.append(("Trix whole game (20 deals)", "games/s",
                 rate(engine_trix_game, args.seconds), rate(anchor_trix_game, args.seconds)))
    w = max(len(r[0]) for r in rows)
    print(f"{'measure':<{w}}  {'unit':<8} {'engine':>10} {'anchor':>10} {'anchor/engine':>14}")
    print("-" * (w + 48))
    for name, unit, eng, anc in rows:
        print(f"{name:<{w}}  {unit:<8} {eng:>10.1f} {anc:>10.1f} {anc / eng:>13.1f}x")
    print(f"\nPython {sys.version.split()[0]}; anchor = bare random play on lists, no checks.")


if __name__ == "__main__":
    main()
