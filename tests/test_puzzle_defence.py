"""Every bundled puzzle against the board's defence: the right cards solve it, a wrong
first card is beaten, both counted from the tricks and cards taken (no solver)."""

from __future__ import annotations

import pytest
from sizes import sampled

from tutor.puzzles import bundled, check
from tutor.puzzles.session import PuzzleSession

PUZZLES = bundled()


# The quick lane plays every fourth puzzle (tests/sizes.py), not those of its twin in
# tests/test_puzzle_session.py; make test all of them.
@pytest.mark.parametrize("p", sampled(PUZZLES, 4, ids=[p.id for p in PUZZLES], first=2))
def test_hints_solve_it_and_a_wrong_first_card_is_beaten(p):
    s = PuzzleSession(p)
    s.advance()
    while not s.over:
        card = s.hints().card
        assert card in s.winning()  # hint 3 names a card that keeps the goal
        s.play(card)
        assert s.reachable
    assert s.reached() and s.outcome == s.result == "solved"
    failing = check(p).failing
    for bad in failing if PUZZLES.index(p) % 10 == 0 else failing[:1]:
        s = PuzzleSession(p)
        s.advance()
        s.play(bad)
        assert s.result == "failed" and not s.reachable
        while not s.over:
            s.play(s.legal()[-1])
        assert not s.reached(), f"{bad} should lose against perfect defence"
