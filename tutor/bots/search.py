"""The intermediate and expert players: the beginner's rules, with search on top.

Both rebuild the table from their own observation (:class:`~tutor.bots.seen.Seen`),
deal the unseen cards at random in ways consistent with it, solve each layout exactly
and play the card that does best on average (PIMC, :func:`tutor.solver.pimc.hint`).

- **expert**: from the first trick, 12 layouts; Trixter trump and bid by the bid
  advisor; Trix contract by simulating each contract on sampled deals
  (:func:`~tutor.bots.simulate.simulate_contracts`), doubles by playing the deal out
  both ways on sampled layouts; Trex by the layout solver.
- **intermediate**: the beginner's trump, bid, contract and doubles; PIMC with 6
  layouts once the hand is down to 6 cards.

A decision has a budget of search nodes (``seconds`` times an engine's speed, split
over the layouts), not a clock, so the same seed makes the same choices on any machine.
When a layout needs more (early in a long hand a solve can take minutes), the bot
falls back to the beginner's rule for that decision.

>>> from tutor import TrixterGame
>>> from tutor.bots import play_bot_turn
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> bots = [bot_for_level("trixter", "expert", seed=s) for s in range(4)]
>>> while g.to_move is not None:
...     _ = play_bot_turn(g, bots[g.to_move])
>>> g.phase.value
'hand_over'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..actions import (Action, Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                       NoDouble, NoRedeal, Play)
from ..cards import Card
from ..solver.search import SearchLimit, engine_in_use
from .seen import Seen
from .simulate import play_outs, stable_seed
from .trix import TrixBot
from .trixter import TrixterBot
from . import legal_actions

__all__ = ["Strength", "STRENGTHS", "TrixterSearchBot", "TrixSearchBot", "bot_for_level"]

NODES_PER_SECOND = {"numba": 2_000_000, "python": 60_000}
"""Roughly how many search nodes each engine visits a second on one core (measured
with ``benchmarks/solver.py``): turns a time per decision into a node budget."""


@dataclass(frozen=True)
class Strength:
    """How hard a level thinks: layouts per card decision, the hand size (cards left)
    from which it searches, and whether it bids, names contracts and doubles by search
    (else by the beginner's rules)."""

    samples: int
    from_cards: int
    plan: bool
    seconds: float


STRENGTHS = {
    "intermediate": Strength(samples=6, from_cards=6, plan=False, seconds=0.1),
    "expert": Strength(samples=12, from_cards=13, plan=True, seconds=0.5),
}


class _Search:
    """What both games' search bots share: the strength, the node budget, the seeds,
    and the fall back to the beginner's rule (the next class in line) for a decision
    the search leaves open."""

    def __init__(self, level: str = "expert", seed: int | None = None,
                 seconds: float | None = None) -> None:
        super().__init__(seed)
        if level not in STRENGTHS:
            raise ValueError(f"no search level {level!r}: choose one of {', '.join(STRENGTHS)}")
        self.level = level
        self.strength = STRENGTHS[level]
        self.seconds = self.strength.seconds if seconds is None else float(seconds)
        if self.seconds <= 0:
            raise ValueError("seconds per decision must be positive")
        self.fallbacks = 0  # decisions the budget sent back to the beginner's rule

    def budget(self, solves: int) -> int:
        """Nodes for one solve, when a decision needs ``solves`` of them."""
        rate = NODES_PER_SECOND[engine_in_use()]
        return max(1000, int(self.seconds * rate / max(1, solves)))

    def decision_seed(self, obs: dict[str, Any]) -> int:
        """The same observation always gets the same layouts."""
        number = obs.get("hand_number", obs.get("deal_number"))
        return stable_seed(self.seed, obs.get("kingdom"), number, len(obs["history"]))

    def hint_card(self, obs: dict[str, Any]) -> Action | None:
        """The card PIMC ranks first, or ``None`` when the search is not for this
        decision (too many cards for the level) or over budget."""
        if len(obs["hand"]) > self.strength.from_cards:
            return None
        from ..solver.pimc import hint

        samples = self.strength.samples
        try:
            h = hint(Seen(obs), obs["seat"], samples=samples, seed=self.decision_seed(obs),
                     max_nodes=self.budget(2 * samples))
        except SearchLimit:
            self.fallbacks += 1
            return None
        return Play(h.best) if h.best is not None else None

    def act(self, observation: dict[str, Any]) -> Action:
        acts = legal_actions(observation)
        if len(acts) == 1:
            return acts[0]
        choice = self.decide(observation, acts)
        return choice if choice is not None else super().act(observation)

    def decide(self, obs: dict[str, Any], acts: list[Action]) -> Action | None:
        """The searched choice, or ``None`` for the beginner's."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.level!r}, seed={self.seed!r})"


class TrixterSearchBot(_Search, TrixterBot):
    """Trixter at the intermediate or expert level (see the module's text)."""

    def decide(self, obs: dict[str, Any], acts: list[Action]) -> Action | None:
        phase = obs.get("phase")
        if phase == "play":
            return (self._blended_card(obs, acts) if self.strength.plan
                    else self.hint_card(obs))
        if phase == "bid" and self.strength.plan:
            return self._advised_bid(obs)
        if phase == "trump" and self.strength.plan:
            return self._advised_trump(obs, acts)
        return None

    def _blended_card(self, obs: dict[str, Any], acts: list[Action]) -> Action | None:
        """Each card's points over sampled layouts: the score of a made bid where the
        exact solver proves the card makes it against everyone, else what the hand
        comes to when the others play on as beginners do."""
        from ..solver import Exactly, Position, solve
        from ..solver.pimc import sample_layouts, view_of

        seen = Seen(obs)
        seat = seen.seat
        bid = seen.bids[seat]
        samples = self.strength.samples
        seed = self.decision_seed(obs)
        try:
            layouts = sample_layouts(view_of(seen, seat), samples, random.Random(f"{seed}/pimc"))
        except ValueError:
            return None
        plays = [a for a in acts if isinstance(a, Play)]
        rows = _rollouts(seen, plays, samples, seed, layouts=layouts)
        made = seen.rules.score(bid, bid)
        budget = self.budget(samples)
        for i, row in rows:
            try:
                sure = solve(Position.from_game(seen, layouts[i]), Exactly(seat, bid),
                             max_nodes=budget).by_card
            except SearchLimit:
                continue  # too big to prove: the play-out stands
            for a in plays:
                if sure.get(a.card):
                    row[a] = made
        return _best(plays, rows)

    def _advice(self, seen: Seen, obs: dict[str, Any], trump, bids=None):
        from ..solver.pimc import bid_advice

        samples = self.strength.samples
        return bid_advice(seen.hands[seen.seat], trump, seen.n_players, seat=seen.seat,
                          leader=seen.first_leader, rules=seen.rules, bids=bids,
                          samples=samples, seed=self.decision_seed(obs),
                          max_nodes=self.budget(3 * samples))

    def _advised_bid(self, obs: dict[str, Any]) -> Action | None:
        """The bid that scores most on average: the bid advisor's (exact solves of
        sampled layouts) when the hand is small enough to solve, else each bid played
        out on sampled layouts against beginners."""
        bids = [a for a in legal_actions(obs) if isinstance(a, Bid)]
        if not bids:
            return None
        seen = Seen(obs)
        try:
            advice = self._advice(seen, obs, seen.trump, [b.n for b in bids])
        except SearchLimit:
            self.fallbacks += 1
        else:
            return Bid(advice.best_bid)
        rows = _rollouts(seen, bids, self.strength.samples, self.decision_seed(obs))
        return _best(bids, rows, tie=lambda b: -b.n)

    def _advised_trump(self, obs: dict[str, Any], acts: list[Action]) -> Action | None:
        """The trump whose best bid scores most on average (bid advisor)."""
        choices = [a for a in acts if isinstance(a, ChooseTrump)]
        seen = Seen(obs)
        best = None
        for a in choices:
            try:
                advice = self._advice(seen, obs, a.suit)
            except SearchLimit:
                self.fallbacks += 1
                return None
            value = advice.expected[advice.best_bid]
            if best is None or value > best[0]:
                best = (value, a)
        return best[1] if best else None


class TrixSearchBot(_Search, TrixBot):
    """Trix at the intermediate or expert level (see the module's text)."""

    def decide(self, obs: dict[str, Any], acts: list[Action]) -> Action | None:
        phase = obs.get("phase")
        if phase in ("play", "trex"):
            return self.hint_card(obs)
        if phase == "choose_contract" and self.strength.plan:
            return self._simulated_contract(obs, acts)
        if phase == "double" and self.strength.plan:
            return self._double_if_it_pays(obs, acts)
        return None

    def _simulated_contract(self, obs: dict[str, Any], acts: list[Action]) -> Action | None:
        """The single contract this hand gains most from, over simulated deals."""
        from .simulate import simulate_contracts

        singles = {next(iter(a.contracts)): a for a in acts
                   if isinstance(a, ChooseContract) and len(a.contracts) == 1}
        if not singles or len(obs["hand"]) != 13:
            return None
        trials = simulate_contracts([Card.parse(c) for c in obs["hand"]],
                                    samples=self.strength.samples,
                                    seed=self.decision_seed(obs), contracts=tuple(singles),
                                    rules=Seen(obs).rules)
        return singles[trials[0].contract] if trials else None

    def _double_if_it_pays(self, obs: dict[str, Any], acts: list[Action]) -> Action | None:
        """Claim a redeal when the beginner would; double a card only when playing the
        deal out on sampled layouts scores more with the double than without."""
        if any(isinstance(a, ClaimRedeal) for a in acts):
            return None  # the beginner's rule: claim whenever allowed
        doubles = [a for a in acts if isinstance(a, Double)]
        stop = next((a for a in acts if isinstance(a, (NoDouble, NoRedeal))), None)
        if not doubles or stop is None:
            return None
        rows = _rollouts(Seen(obs), [stop, *doubles], self.strength.samples,
                         self.decision_seed(obs))
        return _best([stop, *doubles], rows, tie=lambda a: a is stop)


def _rollouts(seen: Seen, options: list[Action], samples: int, seed: int,
              layouts: list | None = None) -> list[tuple[int, dict[Action, int]]]:
    """:func:`~tutor.bots.simulate.play_outs` on ``layouts``, or on ``samples`` layouts
    consistent with what the seat has seen: how each option fares against the players
    at the table rather than against all of them together. Empty if none fits."""
    if layouts is None:
        from ..solver.pimc import sample_layouts, view_of

        try:
            rng = random.Random(f"{seed}/rollouts")
            layouts = sample_layouts(view_of(seen, seen.seat), samples, rng)
        except ValueError:
            return []
    return play_outs(seen, seen.seat, options, layouts, seed)


def _best(options: list[Action], rows: list[tuple[int, dict[Action, int]]],
          tie=lambda a: 0) -> Action | None:
    """The option with the most points on average over ``rows`` (then ``tie``)."""
    if not rows:
        return None
    return max(options, key=lambda a: (sum(r[a] for _, r in rows) / len(rows), tie(a)))


def bot_for_level(game_name: str, level: str, seed: int | None = None,
                  seconds: float | None = None):
    """A search bot for ``game_name`` at ``level`` (``"intermediate"`` or ``"expert"``)."""
    cls = TrixterSearchBot if game_name == "trixter" else TrixSearchBot
    return cls(level, seed=seed, seconds=seconds)
