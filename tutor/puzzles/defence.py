"""The perfect defence of a puzzle being played: the card a defender plays, from the
solver's values along the path, and, among equally good cards, the most testing one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutor.engine.cards import Card
from tutor.puzzles.model import Puzzle, play_card

__all__ = ["Defence", "TESTING_BUDGET"]

TESTING_BUDGET = 8
"""At most this many new solves per learner card to choose the most testing of equally
good defences, so a reply stays quick; the choice is the same on every machine."""


class Defence:
    """The defenders of ``puzzle``. ``solve(key, pos)`` is the session's cached solver
    (``key``: the cards played since the start), so a defence asks nothing twice."""

    def __init__(self, puzzle: Puzzle, solve: Callable[[tuple, Any], Any]) -> None:
        self.puzzle = puzzle
        self.seat = puzzle.seat
        self._solve = solve
        self.budget = TESTING_BUDGET

    def reset_budget(self) -> None:
        """A new learner card: a new budget of solves (see :data:`TESTING_BUDGET`)."""
        self.budget = TESTING_BUDGET

    def card(self, pos, key: tuple) -> Card | None:
        """The card the seat to move at ``pos`` plays (``key``: the cards that led
        there); see :meth:`tutor.puzzles.session.PuzzleSession.defence_card`."""
        r = self._solve(key, pos)
        if not r.by_card:
            return None
        worst = self.worst(r.by_card.values())
        cands = [c for c, v in r.by_card.items() if v == worst]
        if len(cands) == 1 or not self.puzzle.reached(worst, pos):
            return cands[0]
        return max(cands, key=lambda c: self._testing(pos, key, c))

    def worst(self, values) -> int:
        return max(values) if self.puzzle.is_trex else min(values)

    def _testing(self, start, key: tuple, card: Card) -> float:
        """How many of the learner's cards fail at their next decision after ``card``
        (the defenders in between play their first worst card), as a share."""
        extra: list[Card | None] = [card]
        try:
            pos = play_card(start, card)
        except ValueError:
            return 0.0
        for _ in range(8):
            at = key + tuple(extra)
            if self.seat in getattr(pos, "out", ()) or self.puzzle.deal_over(pos):
                return 0.0
            if self.budget <= 0:  # counted cached or not, so history cannot change it
                return -1.0  # not looked at: the cards looked at come first
            self.budget -= 1
            r = self._solve(at, pos)
            if pos.to_move == self.seat:
                if len(r.by_card) < 2:
                    return 0.0
                bad = sum(1 for v in r.by_card.values() if not self.puzzle.reached(v, pos))
                return bad / len(r.by_card)
            worst = self.worst(r.by_card.values()) if r.by_card else None
            nxt = next((c for c, v in r.by_card.items() if v == worst), None)
            try:
                pos = play_card(pos, nxt)
            except ValueError:
                return 0.0
            extra.append(nxt)
        return 0.0
