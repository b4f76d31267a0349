"""The beginner's Trixter bot: bids by counting likely tricks, then plays to its bid (past
it, where a missed bid scores its tricks, it takes what it can).

Everything it knows comes from ``game.observation(seat)``: its hand, the trump, the
bids, the cards played so far. The cards it has not seen (other hands and undealt cards)
are one pool it reasons about by chance.

>>> from tutor.engine.observation import TrixterObservation
>>> bot = TrixterBot()
>>> obs = TrixterObservation.from_json({
...     "phase": "bid", "hand": ["AS", "KS", "QS"], "trump": "S", "players": ["A", "B", "C"],
...     "hand_size": 3, "jokers": 2, "seat": 1, "legal": ["bid 0", "bid 1", "bid 2", "bid 3"]})
>>> str(bot.act(obs))
'bid 3'
"""

from __future__ import annotations

from tutor.bots import RandomBot
from tutor.engine.actions import Action, Bid, ChooseTrump, Play
from tutor.engine.cards import CARDS, JOKER, Card, CardSet
from tutor.engine.masks import FULL
from tutor.engine.observation import TrixterObservation
from tutor.engine.protocol import Phase
from tutor.search import policy
from tutor.search.estimate import estimate_tricks
from tutor.search.legal import legal_actions

__all__ = ["TrixterBot"]


class TrixterBot(RandomBot):
    """Rule-based Trixter player (beginner level), from its observation only.

    - As dealer it names the suit that gives its hand the most likely tricks.
    - It bids the rounded count of :func:`~tutor.search.estimate.estimate_tricks` (the
      nearest legal bid when the hook forbids that one).
    - While it still needs tricks it wins cheaply (the lowest card that wins, a trump
      when void); once it has enough it ducks (the highest card that loses, high side
      cards or a joker thrown when void).
    """

    level = "beginner"

    def act(self, observation: TrixterObservation) -> Action:
        """The bot's action for this observation (``game.observation(seat)``)."""
        acts = legal_actions(observation)
        if not acts:
            raise ValueError("no legal action in this observation")
        phase = observation.phase
        if phase == Phase.TRUMP:
            return self._choose_trump(observation, acts)
        if phase == Phase.BID:
            return self._bid(observation, acts)
        if phase == Phase.PLAY:
            return self._play(observation, acts)
        return acts[0]

    # --- trump and bid -------------------------------------------------------
    @staticmethod
    def _table(obs: TrixterObservation) -> tuple[list[Card], int, int]:
        return list(obs.hand), obs.n_players, obs.jokers

    def _choose_trump(self, obs: TrixterObservation, acts: list[Action]) -> Action:
        hand, players, jokers = self._table(obs)
        choices = [a for a in acts if isinstance(a, ChooseTrump)]
        if not choices:
            return acts[0]

        def value(a: ChooseTrump) -> tuple[float, int, int]:
            length = sum(1 for c in hand if a.suit is not None and c.suit == a.suit)
            honours = sum(c.rank for c in hand if a.suit is not None and c.suit == a.suit)
            return (round(estimate_tricks(hand, a.suit, players, jokers), 6), length, honours)

        return max(choices, key=value)

    def _bid(self, obs: TrixterObservation, acts: list[Action]) -> Action:
        hand, players, jokers = self._table(obs)
        want = estimate_tricks(hand, obs.trump, players, jokers)
        bids = [a for a in acts if isinstance(a, Bid)]
        if not bids:
            return acts[0]
        # The nearest legal bid; between two equally near, the lower (it is easier to duck).
        return min(bids, key=lambda b: (abs(b.n - want), b.n))

    # --- trick play ----------------------------------------------------------
    def _play(self, obs: TrixterObservation, acts: list[Action]) -> Action:
        """The beginner's card (:func:`tutor.search.policy.trixter_card`, as the advice's
        play-outs play it but without drawing trumps first)."""
        if not any(isinstance(a, Play) for a in acts):
            return acts[0]
        seat, hand = obs.seat, obs.hand
        trick = [c.index for _, c in obs.trick]  # a joker's index is 52, as on the masks
        played = CardSet(c for t in (*obs.tricks, obs.trick) for _, c in t).mask
        bid = obs.bids[seat]
        need = policy.need_of(bid if bid is not None else 0, obs.tricks_won[seat],
                              len(hand), policy.misses_pay(obs.rules))
        card = policy.trixter_card(hand.mask, hand.jokers, trick,
                                   -1 if obs.trump is None else int(obs.trump),
                                   FULL & ~played & ~hand.mask, need,
                                   len(trick) == obs.n_players - 1, draw_trumps=False)
        return Play((*CARDS, JOKER)[card])

    def __repr__(self) -> str:
        return f"TrixterBot(seed={self.seed!r})"
