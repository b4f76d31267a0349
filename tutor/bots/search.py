"""The intermediate and expert players: the advice engine at a fixed budget.

Both read the table from their own observation (:mod:`tutor.engine.observation`) and
take the option :func:`tutor.advice.advise` ranks first: each option is played out on
layouts consistent with what the seat has seen (in Trixter through the advice's tree
search, in Trix side by side), every seat playing for its own score; in Trixter, as a
game is won against the table, for its score less the others' (``against_table``: +0.76
a hand against OpenSpiel's tuned ISMCTS, ``benchmarks/arena-results.md``), where a
learner's hint weighs the learner's own points. The two levels differ only in how much
work a decision gets:

- **expert**: 0.4 s of rollouts a decision (the hint's default);
- **intermediate**: a twentieth of that, so its numbers are rough and it misjudges the
  close calls an expert gets right.

The work is a budget of rollouts (``seconds`` at the advice's fixed rate,
:data:`tutor.advice.ROLLOUT_CARDS_PER_SECOND`), not a clock, so the same seed makes the
same choices on any machine. A decision the advice cannot answer (no layout fits what
the seat has seen, which a consistent observation never gives) falls back to the
beginner's rule and is counted in ``fallbacks``.

A hand of three cards played by four intermediates (an expert's decision is the same
search with twenty times the rollouts):

>>> from tutor import TrixterGame
>>> from tutor.bots import play_bot_turn
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> bots = [bot_for_level("trixter", "intermediate", seed=s) for s in range(4)]
>>> while g.to_move is not None:
...     _ = play_bot_turn(g, bots[g.to_move])
>>> g.phase.value
'hand_over'
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.advice import advise
from tutor.bots.simulate import stable_seed
from tutor.bots.trix import TrixBot
from tutor.bots.trixter import TrixterBot
from tutor.engine.actions import Action
from tutor.engine.observation import Observation, as_observation
from tutor.search.legal import legal_actions

__all__ = ["Strength", "STRENGTHS", "TrixterSearchBot", "TrixSearchBot", "bot_for_level"]


@dataclass(frozen=True)
class Strength:
    """How hard a level thinks: the advice's work per decision, in seconds at its fixed
    rate of rollouts (see :func:`tutor.advice.answer.budget_for`)."""

    seconds: float


STRENGTHS = {
    "intermediate": Strength(seconds=0.02),
    "expert": Strength(seconds=0.4),
}


class _Search:
    """What both games' search bots share: the strength, the seeds, and the fall back to
    the beginner's rule (the next class in line) for a decision the advice leaves open."""

    def __init__(self, level: str = "expert", seed: int | None = None,
                 seconds: float | None = None) -> None:
        super().__init__(seed)
        if level not in STRENGTHS:
            raise ValueError(f"no search level {level!r}: choose one of {', '.join(STRENGTHS)}")
        self.level = level
        self.strength = STRENGTHS[level]
        self.seconds = self.strength.seconds if seconds is None else float(seconds)
        if not self.seconds > 0:
            raise ValueError("seconds per decision must be positive")
        self.fallbacks = 0  # decisions sent back to the beginner's rule
        self.last = None  # the advice behind the last searched decision

    def decision_seed(self, obs: Observation) -> int:
        """The same observation always gets the same layouts."""
        obs = as_observation(obs)
        if obs.KIND == "trixter":
            return stable_seed(self.seed, None, obs.hand_number, len(obs.history))
        return stable_seed(self.seed, obs.kingdom + 1, obs.deal_number, len(obs.history))

    def act(self, observation: Observation) -> Action:
        acts = legal_actions(observation)
        if len(acts) == 1:
            return acts[0]
        choice = self.decide(as_observation(observation), acts)
        if choice is None:
            self.fallbacks += 1
            return super().act(observation)
        return choice

    def decide(self, obs: Observation, acts: list[Action]) -> Action | None:
        """The best of ``acts`` by the advice, or ``None`` when it has no answer. The
        advice may also rank a take-back (a Trixter dealer changing the trump while
        bidding), which a bot never makes: only ``acts`` count."""
        seen = as_observation(obs)
        try:
            self.last = advise(seen, seen.seat, seconds=self.seconds,
                               seed=self.decision_seed(obs), against_table=self.against_table)
        except ValueError:
            return None
        allowed = {str(a): a for a in acts}
        return next((allowed[str(o.action)] for o in self.last.options
                     if str(o.action) in allowed), None)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.level!r}, seed={self.seed!r})"


class TrixterSearchBot(_Search, TrixterBot):
    """Trixter at the intermediate or expert level (see the module's text). It plays to win
    the game: each choice by its lead over the others (``against_table``)."""

    against_table = True


class TrixSearchBot(_Search, TrixBot):
    """Trix at the intermediate or expert level (see the module's text)."""

    against_table = False


def bot_for_level(game_name: str, level: str, seed: int | None = None,
                  seconds: float | None = None):
    """A search bot for ``game_name`` at ``level`` (``"intermediate"`` or ``"expert"``)."""
    cls = TrixterSearchBot if game_name == "trixter" else TrixSearchBot
    return cls(level, seed=seed, seconds=seconds)
