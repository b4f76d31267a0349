"""The solver on live Trixter games: positions from the engine, lines the engine accepts."""

from __future__ import annotations

import random

from tutor import Bid, Phase, TrixterGame
from tutor.solver import Exactly, MaxTricks, Position, solve


def mid_hand(seed: int) -> TrixterGame:
    rng = random.Random(seed)
    g = TrixterGame.new(players=3 + seed % 4, seed=seed, first_hand=rng.randrange(2, 5))
    while g.phase != Phase.PLAY:
        g.apply(rng.choice([a for a in g.legal_actions() if g.phase != Phase.BID
                            or isinstance(a, Bid)]))
    for _ in range(rng.randrange(0, g.n_players * 2)):
        if g.phase != Phase.PLAY:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_principal_line_is_legal_and_makes_the_value():
    checked = 0
    for seed in range(60):
        g = mid_hand(seed)
        if g.phase != Phase.PLAY:
            continue
        pos = Position.from_game(g)
        assert pos.to_move == g.to_move
        hero = g.to_move
        result = solve(pos, MaxTricks(hero))
        legal = {a.card for a in g.legal_actions()}
        assert set(result.by_card) == legal
        before = g.tricks_won[hero]
        for card in result.line:  # best play by all: the hero takes exactly the value
            g.apply(str(card))
        assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert g.tricks_won[hero] - before == result.value
        checked += 1
    assert checked > 40


def test_exactly_counts_tricks_already_won():
    for seed in range(40):
        g = mid_hand(seed)
        if g.phase != Phase.PLAY or not g.tricks:
            continue
        pos = Position.from_game(g)
        seat = g.to_move
        best = solve(pos, MaxTricks(seat)).value
        # Taking every remaining trick it can, the seat ends with won + best: never more.
        assert solve(pos, Exactly(seat, g.tricks_won[seat] + best + 1)).value == 0
