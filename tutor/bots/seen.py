"""The table as one seat sees it: a stand-in for the game built from an observation.

The solver's hidden-information tools (:mod:`tutor.solver.pimc`) read a game: the
seat's hand, the cards played, the actions of the hand, the rules. A bot must not
hold the game (it could peek), so it rebuilds those public facts from
``game.observe(seat)`` alone: :class:`Seen` answers what ``view_of``, ``hint``,
``advise_bid`` and ``Position.from_game`` ask, and every other hand is empty.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> for a in ("trump S", "bid 1", "bid 0", "bid 1", "bid 0"):
...     g.apply(a)
>>> seen = Seen(g.observe(2))
>>> str(seen.hands[2]), [len(h) for h in seen.hands], seen.bids
('.7.A.7', [0, 0, 3, 0], [0, 1, 0, 1])
"""

from __future__ import annotations

from typing import Any

from tutor.engine.actions import Action, Play, parse_action
from tutor.engine.cards import Card, CardSet, Suit
from tutor.engine.protocol import Phase

__all__ = ["Seen"]


def _cards(texts) -> list[Card]:
    return [Card.parse(t) for t in texts]


def _plays(rows) -> list[tuple[int, Card]]:
    return [(int(s), Card.parse(c)) for s, c in rows]


class Seen:
    """What ``observation["seat"]`` knows, shaped like the game object the solver reads.

    Only the seat's own hand is filled; the others are empty sets, so anything that
    asked for a hidden card would find none. ``observe`` gives back the observation
    itself, and only for this seat."""

    def __init__(self, observation: dict[str, Any]) -> None:
        obs = observation
        self._obs = obs
        self.seat: int = obs["seat"]
        self.game_name: str = obs["game"]
        self.n_players = len(obs["players"])
        self.phase = Phase(obs["phase"])
        self.to_move = obs["to_move"]
        hand = CardSet(_cards(obs["hand"]))
        self.hands = [hand if s == self.seat else CardSet() for s in range(self.n_players)]
        self.deal_actions: list[tuple[int, Action]] = [
            (int(s), parse_action(t)) for s, t in obs["history"]]
        self.leader = obs["leader"]
        self.trick = _plays(obs["trick"])
        self.tricks = [_plays(t) for t in obs["tricks"]]
        self.tricks_won = list(obs["tricks_won"])
        self.dealer = obs["dealer"]
        if self.game_name == "trixter":
            from tutor.engine.trixter import TrixterRules

            self.rules = TrixterRules.from_dict(obs["rules"])
            trump = obs["trump"]
            self.trump = None if trump in (None, "none") else Suit.parse(trump)
            self.bids = list(obs["bids"])
            self.first_leader = obs["first_leader"]
            self.hand_size = obs["hand_size"]
            self.jokers = obs["jokers"]
        else:
            from tutor.engine.trix.contracts import Contract
            from tutor.engine.trix.rules import TrixRules
            from tutor.engine.trix.trex import Layout

            self.rules = TrixRules.from_dict(obs["rules"])
            self.contract = frozenset(Contract.parse(c) for c in obs["contract"])
            self.doubles = [(Card.parse(c), int(s)) for c, s in obs["doubles"]]
            self.deal_number = obs["deal_number"]
            self.owner = obs["owner"]
            self.out = list(obs["out"])
            layout = Layout()
            if self.phase == Phase.TREX:  # the rows are the cards played this deal
                for _, act in self.deal_actions:
                    if isinstance(act, Play):
                        layout = layout.play(act.card)
            self.layout = layout

    def observe(self, seat: int) -> dict[str, Any]:
        """The observation this stand-in was built from (this seat's only)."""
        if seat != self.seat:
            raise ValueError(f"seat {self.seat} cannot see what seat {seat} sees")
        return self._obs

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The seat's legal actions, as the observation lists them."""
        if seat not in (None, self.seat):
            raise ValueError(f"seat {self.seat} cannot list seat {seat}'s actions")
        return [parse_action(t) for t in self._obs["legal"]]

    def penalty_cards(self) -> CardSet:
        """Trix: the cards that score against their taker in this contract."""
        from tutor.engine.trix.contracts import penalty_cards

        return penalty_cards(self.contract)

    def __repr__(self) -> str:
        return f"<Seen {self.game_name} seat={self.seat} {self.phase.value}>"
