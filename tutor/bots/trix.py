"""The beginner's Trix bot: picks contracts that suit its hand, avoids penalty cards.

Everything it knows comes from ``game.observation(seat)``: its hand, the contract, the
cards played and taken, the doubled cards, the Trex layout.

>>> from tutor.engine.observation import TrixObservation
>>> bot = TrixBot()
>>> obs = TrixObservation.from_json({
...     "phase": "play", "seat": 1, "contract": ["king"], "hand": ["KH", "9C", "3C"],
...     "trick": [[0, "AS"]], "legal": ["KH", "9C", "3C"]})
>>> str(bot.act(obs))
'KH'
"""

from __future__ import annotations

import random

from tutor.bots import RandomBot
from tutor.engine.actions import (Action, ChooseContract, ClaimRedeal, Double, NoDouble, NoRedeal,
                                  Pass, Play)
from tutor.engine.cards import CARDS, Card, CardSet, Rank, Suit
from tutor.engine.masks import FULL
from tutor.engine.observation import TrixObservation
from tutor.engine.protocol import Phase
from tutor.engine.trix.contracts import Contract, unit_points
from tutor.search import policy
from tutor.search.legal import legal_actions

__all__ = ["TrixBot", "contract_values", "contract_advantages"]

# How likely a card is to take a trick by itself, before any guarding low cards.
_WIN_WEIGHT = {Rank.ACE: 1.0, Rank.KING: 0.8, Rank.QUEEN: 0.6, Rank.JACK: 0.4,
               Rank.TEN: 0.25, Rank.NINE: 0.1}


def _expected_tricks(hand: list[Card]) -> tuple[float, dict[Suit, float]]:
    """A rough count of the tricks the hand will be made to take, total and per suit:
    high cards count, low cards of the same suit let them duck, voids let them go."""
    per_suit: dict[Suit, float] = {}
    for suit in Suit:
        ranks = [c.rank for c in hand if c.suit == suit]
        low = sum(1 for r in ranks if r <= Rank.SEVEN)
        w = sum(_WIN_WEIGHT.get(r, 0.0) for r in ranks)
        per_suit[suit] = max(0.2 * w, w - 0.15 * low * w)
    voids = sum(1 for s in Suit if not any(c.suit == s for c in hand))
    return max(0.0, sum(per_suit.values()) - 0.3 * voids), per_suit


def _trex_points(hand: list[Card]) -> float:
    """A rough Trex value: jacks are good, cards far from their jack behind cards held by
    others are slow."""
    jacks = sum(1 for c in hand if c.rank == Rank.JACK)
    mine = set(hand)
    slow = 0
    for c in hand:
        step = 1 if c.rank < Rank.JACK else -1
        slow += sum(1 for r in range(c.rank + step, Rank.JACK, step)
                    if Card(c.suit, Rank(r)) not in mine)
    return 20.0 * jacks - 2.5 * slow


def contract_values(hand: list[Card]) -> dict[Contract, float]:
    """A rough expected score of each contract for the holder of ``hand`` (13 cards).

    >>> low = [Card.parse(c) for c in "2S 3S 4S 5S 6S 2H 3H 4H 5H 2D 3D 2C 3C".split()]
    >>> v = contract_values(low)
    >>> v[Contract.LTOOSH] > -15, v[Contract.TREX] < 0
    (True, True)
    """
    tricks, per_suit = _expected_tricks(hand)
    by_suit = {s: sorted((c.rank for c in hand if c.suit == s), reverse=True) for s in Suit}
    hearts = by_suit[Suit.HEARTS]
    low_hearts = sum(1 for r in hearts if r <= Rank.EIGHT)
    if Rank.KING in hearts:
        risk = {1: 0.9, 2: 0.6, 3: 0.45}.get(len(hearts), 0.3) - 0.05 * low_hearts
    else:
        risk = 0.1 + (0.25 if Rank.ACE in hearts and len(hearts) <= 3 else 0.0)
    queens = 0.15 * tricks
    for s in Suit:
        ranks = by_suit[s]
        low = sum(1 for r in ranks if r <= Rank.EIGHT)
        if Rank.QUEEN in ranks:
            queens += max(0.1, {1: 0.7, 2: 0.55, 3: 0.4}.get(len(ranks), 0.3) - 0.05 * low)
        else:
            queens += 0.2 * per_suit[s] * (Rank.ACE in ranks or Rank.KING in ranks)
    diamonds = 0.6 * tricks + 2.5 * per_suit[Suit.DIAMONDS]
    taken = {Contract.KING: max(0.05, risk), Contract.QUEENS: queens,
             Contract.DIAMONDS: diamonds, Contract.LTOOSH: tricks}
    values = {c: float(unit_points(c) * n) for c, n in taken.items()}
    values[Contract.TREX] = _trex_points(hand)
    return values


_AVERAGES: dict[Contract, float] = {}


def _averages() -> dict[Contract, float]:
    """Each contract's value for an average hand (the mean over fixed random deals)."""
    if not _AVERAGES:
        rng = random.Random(2024)
        sums = dict.fromkeys(Contract, 0.0)
        n = 400
        for _ in range(n):
            for c, v in contract_values(rng.sample(CARDS, 13)).items():
                sums[c] += v
        _AVERAGES.update({c: v / n for c, v in sums.items()})
    return _AVERAGES


def contract_advantages(hand: list[Card]) -> dict[Contract, float]:
    """How much better than for an average hand each contract looks for ``hand``: the
    owner names the choice with the largest sum (every contract must be played once)."""
    avg = _averages()
    return {c: v - avg[c] for c, v in contract_values(hand).items()}


class TrixBot(RandomBot):
    """Rule-based Trix player (beginner level), from its observation only.

    - As owner it names the legal choice whose contracts suit its hand best
      (:func:`contract_advantages`).
    - It claims a redeal whenever it may, and doubles K♥ or a queen only when long and
      low in that suit.
    - In trick contracts it ducks under the winning card, sheds K♥, queens, diamonds and
      high cards when void, and leads low in suits where others hold higher cards.
    - In Trex it plays jacks of its long suits and cards that open its own runs, holding
      back cards that would help others.
    """

    level = "beginner"

    def act(self, observation: TrixObservation) -> Action:
        """The bot's action for this observation (``game.observation(seat)``)."""
        acts = legal_actions(observation)
        if not acts:
            raise ValueError("no legal action in this observation")
        if len(acts) == 1:
            return acts[0]
        phase = observation.phase
        hand = list(observation.hand)
        if phase == Phase.CHOOSE_CONTRACT:
            return self._choose_contract(hand, acts)
        if phase == Phase.DOUBLE:
            return self._double(hand, acts)
        if phase == Phase.PLAY:
            return self._trick_play(observation, acts)
        if phase == Phase.TREX:
            return self._trex(observation, acts)
        return acts[0]

    # --- before play ---------------------------------------------------------
    @staticmethod
    def _choose_contract(hand: list[Card], acts: list[Action]) -> Action:
        adv = contract_advantages(hand)
        choices = [a for a in acts if isinstance(a, ChooseContract)]
        if not choices:
            return acts[0]
        return max(choices, key=lambda a: sum(adv[c] for c in a.contracts))

    @staticmethod
    def _double(hand: list[Card], acts: list[Action]) -> Action:
        if any(isinstance(a, ClaimRedeal) for a in acts):
            return ClaimRedeal()
        mask = CardSet(hand).mask
        for a in acts:
            if isinstance(a, Double) and policy.would_double(mask, a.card.index):
                return a
        for a in acts:
            if isinstance(a, (NoDouble, NoRedeal)):
                return a
        return acts[-1]

    # --- trick contracts and Trex (the beginner's strategy on masks) ------------
    @staticmethod
    def _trick_play(obs: TrixObservation, acts: list[Action]) -> Action:
        """:func:`tutor.search.policy.trix_card`: the card the advice's play-outs play."""
        if not any(isinstance(a, Play) for a in acts):
            return acts[0]
        played = CardSet(c for t in (*obs.tricks, obs.trick) for _, c in t).mask
        # The partner is the seat across when the view shows team scores.
        deal = policy.trix_deal(obs.contract, obs.doubles, obs.rules,
                                partnership=obs.team_scores is not None)
        card = policy.trix_card(deal, obs.seat, obs.hand.mask,
                                [(s, c.index) for s, c in obs.trick],
                                FULL & ~played & ~obs.hand.mask)
        return Play(CARDS[card])

    @staticmethod
    def _trex(obs: TrixObservation, acts: list[Action]) -> Action:
        """:func:`tutor.search.policy.trex_card`, taking the higher of two cards that do
        equally well."""
        plays = [a.card for a in acts if isinstance(a, Play)]
        if not plays:
            return next((a for a in acts if isinstance(a, Pass)), acts[0])
        playable = CardSet(plays).mask
        return Play(CARDS[policy.trex_card(obs.hand.mask, playable, high_first=True)])

    def __repr__(self) -> str:
        return f"TrixBot(seed={self.seed!r})"

