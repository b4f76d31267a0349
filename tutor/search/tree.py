"""The information-set Monte Carlo tree search behind the Trixter advice and the ISMCTS bot.

Single-Observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2)). One tree for the seat to move, holding every seat's
moves. Each iteration:

1. **determinize**: deal the cards the seat cannot see at random, consistent with what
   it has seen (hand sizes, cards played, voids shown by not following suit, a joker
   led from a hand of only jokers): :func:`tutor.solver.hidden.sample` on
   :func:`tutor.solver.hidden.view_of`;
2. **select**: from the root, while every move legal in this determinization has a
   child, take the child maximising UCB1 with availability counts,
   ``mean + c * sqrt(ln(avail) / visits)`` (``c`` = :data:`EXPLORATION`), among the
   children legal here; each such child's ``avail`` grows by one;
3. **expand** one untried legal move, chosen at random;
4. **play out** to the end of the hand: uniformly at random (legal bids for the seats
   yet to bid, legal cards), or by the play-out policy passed in (``rollout``);
5. **back up**: each node on the path adds the reward of the seat that made its move:
   that seat's score for the hand (:meth:`TrixterRules.score`) scaled to [0, 1] over the
   scores this hand can give.

The move is the root child visited most. With ``halving`` (measured for the computer
players, and left off) the root's move of each iteration is chosen by sequential halving
instead (:func:`_halve`): every move on the same layouts, round by round, the better half
going on. Decisions: trump (the dealer), bid, card; a
move with no alternative is made without search. The random numbers come from the bot's
seed and the observation, so the same observation and seed give the same move, whatever
the hidden cards are.

The play-out policy is the caller's, as OpenSpiel's IS-MCTS takes an evaluator: given a
``rollout`` (the advice passes the beginner's strategy,
:func:`tutor.search.policy.trixter_rollout`, every seat playing for its bid) the search is
informed, and that is the advice's own Trixter search (:func:`tutor.advice.advise`);
without one it plays random cards, the textbook opponent
(:class:`tutor.bots.ismcts.ISMCTSBot`). An informed search also reads the bids as players
do (:data:`BIDS_BY_HAND`, :data:`BIDS_TELL`, :data:`PLAYS_TELL`): the other seats yet to
bid bid by the hand each layout gives them, and the layouts are drawn in proportion to how
likely the bids already said, and the cards played, are with them.
Every table size works: jokers (3, 5 to 8 players) follow RULES.md
B3 on the masks (bit 52 is "a joker", which never wins). Trixter only.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> r = search(g.observation(g.to_move), 40, seed=1)
>>> r.iterations, str(r.best) in [str(a) for a in g.legal_actions()]
(40, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.actions import Action, Bid, ChooseTrump, Play
from tutor.engine.cards import CardSet
from tutor.engine.masks import JOKER as JK
from tutor.engine.masks import legal_mask
from tutor.engine.masks import trick_winner as winner_by_index
from tutor.engine.observation import TrixterObservation, as_observation
from tutor.engine.protocol import Phase
from tutor.engine.trixter import TrixterRules
from tutor.search.estimate import estimate_mask
from tutor.search.legal import legal_actions
from tutor.search.reading import cards_logs, play_events
from tutor.solver.hidden import sample, view_of

__all__ = ["search", "search_worlds", "SearchResult", "Rollout", "allowed_bids", "likely_bid",
           "fitted_bid", "bid_features", "BID_WEIGHTS", "BID_SPREAD", "BIDS_FITTED",
           "told_by_bids", "ITERATIONS", "EXPLORATION", "BIDS_BY_HAND", "BIDS_TELL",
           "PLAYS_TELL"]

ITERATIONS = 1000
"""Iterations a decision by default: the issue's textbook opponent."""

EXPLORATION = 0.7
"""UCB1's exploration constant ``c`` (the paper's value for rewards in [0, 1])."""

_TRUMP, _BID, _PLAY, _OVER = range(4)
_NO_TRUMP = 4  # the action "no trump"; suits are 0-3 as in :class:`~tutor.engine.cards.Suit`

Rollout = Callable[[list[int], list[int], list[int], int, int, Sequence[int], list[int], int],
                   list[int]]
"""A play-out policy, the evaluator of an informed search: ``rollout(hands, jokers, trick,
leader, trump, bids, won, gone)`` plays the hand to its end from a layout on card masks
(``hands``, ``jokers`` and ``won`` changed in place; ``trick`` the cards of the trick in
progress, ``gone`` the cards played) and returns the tricks each seat ended with, with
``first``: the seat that took the first trick it closed
(:class:`tutor.search.policy.TricksWon`), as :func:`tutor.search.policy.trixter_rollout`
does."""


BIDS_BY_HAND = True
"""In an informed search (the advice's), every other seat bids by the hand the layout gave
it (:func:`likely_bid`), as players do, instead of by one tree node for all layouts, which
bids as if it held every layout's cards at once (strategy fusion); play-outs bid so too."""

BIDS_TELL = True
"""In the advice's search, the layouts are drawn again in proportion to how likely each
other seat's bid is with the hand the layout gave it (:func:`told_by_bids`): a seat that
bid 0 seldom holds the ace-king of trumps."""


PLAYS_TELL: float | None = None
"""With :data:`BIDS_TELL`, the layouts may also be weighed by the other seats' cards so far
this hand (:func:`tutor.search.reading.cards_logs`): each the rule's card with chance
1 - ``PLAYS_TELL``, any legal card else. 0.84 is fitted on OpenSpiel's tuned ISMCTS (45%
of its cards with a choice were the rule's, where chance gives 34%). ``None``: the cards
do not weigh (measured in arena (af), ``benchmarks/arena-results.md``)."""


def likely_bid(mask: int, size: int, trump: int, players: int, jokers: int = 0,
               place: int = 0, before: int = 0) -> tuple[float, float]:
    """What a player bids with the hand of ``size`` cards whose non-joker cards are
    ``mask``, bidding ``place``-th (0: first) after bids totalling ``before``: the mean and
    spread (tricks) of a normal law. With :data:`BIDS_FITTED`, :func:`fitted_bid`; else
    about the hand's count (:func:`tutor.search.estimate.estimate_mask`), fitted on the
    arena's 3,200 bids of 3 to 12 cards, by our expert and OpenSpiel's ISMCTS (issue 27,
    ``benchmarks/arena-results.md``): players bid some 0.4 under the count in small hands
    and 0.2 over it in hands of 12, and the spread grows from half a trick to one.

    >>> from tutor.engine.cards import CardSet
    >>> mean, spread = likely_bid(CardSet.parse("AS KS QS").mask, 3, 0, 4)
    >>> round(mean, 2), round(spread, 2)
    (2.59, 0.51)
    """
    count = estimate_mask(mask, size, trump, players, jokers)
    if BIDS_FITTED:
        return fitted_bid(mask, size, trump, players, count, place, before)
    return count - 0.6 + 0.065 * size, 0.3 + 0.07 * size


BIDS_FITTED = False
"""The other seats' bids are read, and drawn in the play-outs, by :func:`fitted_bid`
instead of by the hand's count alone."""

BID_WEIGHTS = (-0.171, 0.415, 0.112, -0.093, 0.603, 0.444, 0.398, 0.290, 0.218, 0.485, 0.321,
               0.201, -0.074, -0.025, 0.086, -0.085)
""":func:`fitted_bid`'s weights, one for each of :func:`bid_features`, fitted by
``benchmarks/bid_law.py``."""
BID_SPREAD = (0.379, 0.0175)
"""The spread of :func:`fitted_bid`'s law: ``a + b * size`` tricks."""


def bid_features(mask: int, size: int, trump: int, players: int, count: float,
                 place: int = 0, before: int = 0) -> tuple:
    """What :func:`fitted_bid` weighs in a hand of ``size`` cards (``mask``, its count
    ``count``), bid at ``place`` after bids totalling ``before``: 1; the count, and again
    times size / 12; the size; the trumps held; the ace, king, queen and jack of trumps;
    the aces, kings and queens of the other suits; the trumps times the other suits held
    void, and times those held single; the last bidder; the bids said before beyond the
    table's share of the tricks."""
    trumps = mask >> 13 * trump & 0x1FFF if trump >= 0 else 0
    n_trumps = trumps.bit_count()
    aces = kings = queens = voids = singles = 0
    for suit in range(4):
        if suit == trump:
            continue
        ranks = mask >> 13 * suit & 0x1FFF
        aces += ranks >> 12
        kings += ranks >> 11 & 1
        queens += ranks >> 10 & 1
        held = ranks.bit_count()
        voids += held == 0
        singles += held == 1
    return (1.0, count, count * size / 12, size, n_trumps, trumps >> 12, trumps >> 11 & 1,
            trumps >> 10 & 1, trumps >> 9 & 1, aces, kings, queens, voids * n_trumps,
            singles * n_trumps, place == players - 1, before - place * size / players)


def fitted_bid(mask: int, size: int, trump: int, players: int, count: float,
               place: int = 0, before: int = 0) -> tuple[float, float]:
    """The law of a bid fitted by least squares on the 3,200 bids of arena (afc)'s deals
    300-699 (``benchmarks/bid_law.py``; our expert's and the fair C++ bot's alike, 4
    players, no jokers): the hand's count (``count``) weighed again with its trumps and
    honours (:func:`bid_features`, :data:`BID_WEIGHTS`); the last bidder a little higher;
    the bids said before lower it when they are over the table's share. On deals
    700-1099, out of the fit, its errors spread 0.53 of a trick where the count's law
    spreads 0.71.

    >>> from tutor.engine.cards import CardSet
    >>> from tutor.search.estimate import estimate_mask
    >>> m = CardSet.parse("AS KS QS").mask
    >>> mean, spread = fitted_bid(m, 3, 0, 4, estimate_mask(m, 3, 0, 4))
    >>> round(mean, 2), round(spread, 2)
    (3.15, 0.43)
    """
    features = bid_features(mask, size, trump, players, count, place, before)
    return (sum(w * f for w, f in zip(BID_WEIGHTS, features)),
            BID_SPREAD[0] + BID_SPREAD[1] * size)


def told_by_bids(seen: TrixterObservation, base: _Hand, layouts: list, rng) -> list:
    """``layouts`` drawn again, as many, in proportion to the chance of the bids the other
    seats said with the hands each layout gave them (a normal law, :func:`likely_bid`;
    their hands as dealt: the cards they have played back in), and of the cards they
    have played (:data:`PLAYS_TELL`). Only public facts and the layouts weigh, so the
    seat's hidden cards cannot change the result."""
    bidders = [s for s, b in enumerate(seen.bids) if b is not None and s != seen.seat]
    events = play_events(seen, base.trump) if PLAYS_TELL is not None else []
    if not (bidders or events) or len(layouts) < 2:
        return layouts
    played = [0] * seen.n_players
    for s, act in seen.history:
        if isinstance(act, Play) and not act.card.is_joker:
            played[s] |= 1 << act.card.index
    size, trump, n, jokers = base.size, base.trump, base.n, base.deck_jokers
    logs = []
    for hands in layouts:
        log_w = 0.0
        for s in bidders:
            place = (s - base.dealer) % n  # base.dealer: the first bidder
            before = sum(seen.bids[(base.dealer + i) % n] for i in range(place))
            mean, spread = likely_bid(hands[s].mask | played[s], size, trump, n, jokers,
                                      place, before)
            log_w -= (seen.bids[s] - mean) ** 2 / (2 * spread * spread)
        logs.append(log_w)
    if events:
        logs = [a + b for a, b in zip(logs, cards_logs(events, layouts, base.trump,
                                                       PLAYS_TELL))]
    top = max(logs)
    return rng.choices(layouts, weights=[math.exp(x - top) for x in logs], k=len(layouts))


def allowed_bids(rules: TrixterRules, hand_size: int, seat: int, last_bidder: int,
                 bids: Sequence[int | None]) -> int:
    """The bids ``seat`` may make now, as a mask (bit ``b`` = bid ``b``): 0 to the hand
    size, less the one the hook forbids (:meth:`TrixterRules.forbidden_bid`: the last
    bidder may not make the bids total the number of tricks).

    >>> bin(allowed_bids(TrixterRules(hook=True), 3, 2, 2, [1, 0, None]))
    '0b1011'
    >>> bin(allowed_bids(TrixterRules(), 3, 2, 2, [1, 0, None]))
    '0b1111'
    """
    mask = (1 << (hand_size + 1)) - 1
    if seat == last_bidder:
        others = sum(b for s, b in enumerate(bids) if s != seat and b is not None)
        forbidden = rules.forbidden_bid(hand_size, others)
        if forbidden is not None:
            mask &= ~(1 << forbidden)
    return mask


def _pick(mask: int, r: float) -> int:
    """The set bit of ``mask`` at position ``int(r * bits)`` (``r`` in [0, 1))."""
    for _ in range(int(r * mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class _Hand:
    """One determinization of the hand, played forward: the state a tree walk and its
    playout change (masks for the hands, bit 52 a joker)."""

    __slots__ = ("n", "size", "rules", "dealer", "last_bidder", "hands", "jokers", "trump",
                 "bids", "n_bids", "phase", "trick", "leader", "won", "left", "gone", "first",
                 "deck_jokers")

    def layout(self, hands) -> _Hand:
        """A copy of this public state with one layout's hands dealt (card sets)."""
        st = _Hand()
        st.n, st.size, st.rules, st.dealer = self.n, self.size, self.rules, self.dealer
        st.last_bidder, st.trump, st.phase = self.last_bidder, self.trump, self.phase
        st.bids, st.n_bids, st.trick = list(self.bids), self.n_bids, list(self.trick)
        st.leader, st.won, st.left = self.leader, list(self.won), self.left
        st.gone, st.deck_jokers = self.gone, self.deck_jokers
        st.first = -1
        st.hands = [h.mask for h in hands]
        st.jokers = [h.jokers for h in hands]
        return st

    def legal(self) -> int:
        """The moves of the seat to move, as a mask of action numbers."""
        if self.phase == _PLAY:
            s = (self.leader + len(self.trick)) % self.n
            return legal_mask(self.hands[s], self.jokers[s], self.trick)
        if self.phase == _BID:
            return allowed_bids(self.rules, self.size, self.mover(), self.last_bidder,
                                self.bids)
        if self.phase == _TRUMP:
            return 0b11111 if self.rules.allow_no_trump else 0b1111
        return 0

    def mover(self) -> int:
        """The seat to move."""
        if self.phase == _PLAY:
            return (self.leader + len(self.trick)) % self.n
        if self.phase == _BID:
            return (self.dealer + self.n_bids) % self.n
        return self.dealer

    def hand_bid(self, rand) -> int:
        """The bid of the seat to move by its hand (:func:`likely_bid`), drawn with the
        spread of players' bids about their hand's count: how the tree's other seats bid,
        each by the cards this layout gave it, not one bid for every layout."""
        s = self.mover()
        before = sum(self.bids[(self.dealer + i) % self.n] for i in range(self.n_bids))
        mean, spread = likely_bid(self.hands[s], self.size, self.trump, self.n,
                                  self.deck_jokers, self.n_bids, before)
        b = math.floor(mean + spread * 2 * (rand() + rand() + rand() - 1.5) + 0.5)
        b = min(self.size, max(0, b))
        allowed = self.legal()
        if not allowed >> b & 1:  # the hook: the allowed bid nearer the hand's count
            b = b + 1 if b < self.size and (b == 0 or mean > b) else b - 1
        return b

    def move(self, a: int) -> None:
        """Make move ``a`` (a card or 52, a bid, a trump or 4 = no trump)."""
        if self.phase == _PLAY:
            s = (self.leader + len(self.trick)) % self.n
            if a == JK:
                self.jokers[s] -= 1
            else:
                self.hands[s] &= ~(1 << a)
                self.gone |= 1 << a
            self.trick.append(a)
            if len(self.trick) == self.n:
                self._close_trick()
        elif self.phase == _BID:
            self.bids[(self.dealer + self.n_bids) % self.n] = a
            self.n_bids += 1
            if self.n_bids == self.n:
                self.phase = _PLAY
        else:
            self.trump = -1 if a == _NO_TRUMP else a
            self.phase = _BID

    def _close_trick(self) -> None:
        w = (self.leader + winner_by_index(self.trick, self.trump)) % self.n
        if self.first < 0:  # the first trick closed after the root: the reasons' "trick"
            self.first = w
        self.won[w] += 1
        self.leader = w
        self.trick = []
        self.left -= 1
        if not self.left:
            self.phase = _OVER

    def play_out(self, rand, rollout: Rollout | None = None) -> None:
        """Play to the end of the hand: random legal bids for the seats yet to bid, then
        uniformly random legal cards (``rand()`` in [0, 1)), or with a ``rollout`` that
        play-out policy (the advice's: every seat playing for its bid,
        :func:`tutor.search.policy.trixter_rollout`), the bids then by each hand
        (:data:`BIDS_BY_HAND`)."""
        while self.phase < _PLAY:
            if rollout is not None and self.phase == _BID and BIDS_BY_HAND:
                self.move(self.hand_bid(rand))
            else:
                self.move(_pick(self.legal(), rand()))
        if rollout is not None:
            if self.left:
                won = rollout(self.hands, self.jokers, self.trick, self.leader, self.trump,
                              self.bids, self.won, self.gone)
                if self.first < 0:
                    self.first = won.first
                self.trick, self.left, self.phase = [], 0, _OVER
            return
        n, hands, jokers, trump, won = self.n, self.hands, self.jokers, self.trump, self.won
        trick, leader, left = self.trick, self.leader, self.left
        while left:
            while len(trick) < n:
                s = (leader + len(trick)) % n
                legal = legal_mask(hands[s], jokers[s], trick)
                c = _pick(legal, rand())
                if c == JK:
                    jokers[s] -= 1
                else:
                    hands[s] &= ~(1 << c)
                trick.append(c)
            leader = (leader + winner_by_index(trick, trump)) % n
            if self.first < 0:
                self.first = leader
            won[leader] += 1
            trick = []
            left -= 1
        self.trick, self.leader, self.left, self.phase = trick, leader, 0, _OVER


class _Node:
    """A tree node: the move that led here and the seat that made it (-1 at the root),
    its visits, summed rewards and availability, its children and the moves tried."""

    __slots__ = ("parent", "action", "player", "children", "tried", "visits", "reward",
                 "avail", "w")

    def __init__(self, parent: _Node | None, action: int, player: int) -> None:
        self.parent = parent
        self.action = action
        self.player = player
        self.children: list[_Node] = []
        self.tried = 0
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.w: dict[int, list] | None = None  # by layout: visits, reward, avail (see _by_world)


@dataclass(frozen=True)
class SearchResult:
    """The root of one search: each legal move with its visits and mean reward (the
    seat's scaled score), most visited first; ``best`` is the move chosen.

    ``results`` holds, for each move (by its text), the seat's bid and tricks at the end
    of every iteration through it, in order; ``firsts`` the seat that took the first trick
    closed after the move (the trick in progress, the one a lead starts, or for a trump or
    a bid the hand's first), on the same iterations; ``margins`` the seat's score less the
    mean of the others' scores for the hand, on the same iterations. ``layouts``: the
    different layouts searched (fewer than the iterations when few cards are hidden, or
    when drawn again by the bids, :func:`told_by_bids`, which repeats the likelier ones)."""

    moves: list[tuple[Action, int, float]]
    iterations: int
    results: dict[str, list[tuple[int, int]]] = field(default_factory=dict, repr=False)
    firsts: dict[str, list[int]] = field(default_factory=dict, repr=False)
    margins: dict[str, list[float]] = field(default_factory=dict, repr=False)
    layouts: int = 0

    @property
    def best(self) -> Action:
        """The most visited move (the higher mean reward on a tie)."""
        return self.moves[0][0]


def _action_number(action: Action) -> int:
    if isinstance(action, Play):
        return action.card.index  # 52 = JK for a joker
    if isinstance(action, Bid):
        return action.n
    if isinstance(action, ChooseTrump):
        return _NO_TRUMP if action.suit is None else int(action.suit)
    raise ValueError(f"{action} is not a Trixter trump, bid or card")


def _root(seen: TrixterObservation) -> _Hand:
    """The public part of the state (hands are filled in per determinization)."""
    h = _Hand()
    h.n = seen.n_players
    h.size = seen.hand_size
    h.rules = seen.rules
    h.dealer = seen.dealer
    h.last_bidder = seen.last_bidder
    h.trump = -1 if seen.trump is None else int(seen.trump)
    h.bids = list(seen.bids)
    h.n_bids = sum(b is not None for b in h.bids)
    h.phase = {Phase.TRUMP: _TRUMP, Phase.BID: _BID, Phase.PLAY: _PLAY}[seen.phase]
    h.trick = [c.index for _, c in seen.trick]  # a joker's index is JK
    h.gone = CardSet(c for t in (*seen.tricks, seen.trick) for _, c in t).mask  # no jokers
    h.leader = seen.leader
    h.won = list(seen.tricks_won)
    h.left = h.size - len(seen.tricks)
    h.first = -1  # no trick closed yet after the root
    h.deck_jokers = seen.jokers
    return h


def _decision_seed(seed: int | str | None, seen: TrixterObservation) -> str:
    """What the random numbers of a decision grow from: the seed and all the seat knows
    of this hand (so hidden cards cannot change them)."""
    history = [[s, str(a)] for s, a in seen.history]
    return (f"ismcts/{seed}/{seen.seat}/{seen.hand_number}/{seen.dealer}/"
            f"{','.join(str(c) for c in seen.hand)}/{history}")


def _rewards(rules: TrixterRules, size: int) -> list[list[float]]:
    """Each bid's score for each trick count, scaled to [0, 1] over the hand's scores."""
    scores = [[rules.score(b, t) for t in range(size + 1)] for b in range(size + 1)]
    lo = min(min(row) for row in scores)
    span = (max(max(row) for row in scores) - lo) or 1
    return [[(x - lo) / span for x in row] for row in scores]


def _expand(node: _Node, st: _Hand, a: int, path: list[int]) -> _Node:
    """The new child of ``node`` for move ``a``, made in ``st`` and added to ``path``."""
    child = _Node(node, a, st.mover())
    node.children.append(child)
    node.tried |= 1 << a
    st.move(a)
    path.append(a)
    return child


def _follow(node: _Node, st: _Hand, a: int, path: list[int]) -> tuple[_Node, bool]:
    """Move ``a`` from ``node``, made in ``st`` and added to ``path``: the child it leads
    to, and whether that child is new (expanded now)."""
    child = next((ch for ch in node.children if ch.action == a), None)
    if child is None:
        return _expand(node, st, a, path), True
    st.move(a)
    path.append(a)
    return child, False


def _by_world(node: _Node, st: _Hand, world: int, rand, c: float, path: list[int]
              ) -> tuple[_Node, bool]:
    """An other seat's card at ``node`` chosen by UCB1 on its statistics in layout
    ``world`` alone (it knows its hand, as at the table), the child shared by every layout
    (the searching seat's later choices still do not know the layout): the child moved to,
    and whether it is new in this layout (the walk then stops, as at an expansion)."""
    legal = st.legal()
    known = sum(1 << ch.action for ch in node.children if ch.w and world in ch.w)
    fresh = legal & ~known
    if fresh:
        child, _ = _follow(node, st, _pick(fresh, rand()), path)
        if child.w is None:
            child.w = {}
        child.w[world] = [0, 0.0, 1]
        return child, True
    log, sqrt = math.log, math.sqrt
    best, best_v = None, -1.0
    for ch in node.children:
        if legal >> ch.action & 1:
            n, total, avail = stats = ch.w[world]
            v = total / n + c * sqrt(log(avail) / n)
            if v > best_v:
                best, best_v = ch, v
            stats[2] += 1
    st.move(best.action)
    path.append(best.action)
    return best, False


def _select(root: _Node, st: _Hand, root_legal: int, rand, c: float,
            by_hand: int = -1, first: int = -1, depth: int = 0, world: int = -1
            ) -> tuple[_Node, list[int]]:
    """Walk down from ``root`` while every move legal in this layout has a child (UCB1 with
    availability counts), then expand one untried move: the node reached and the moves.
    Seats other than ``by_hand`` (the seat searching; -1: none) bid by their layout's
    hand (:meth:`_Hand.hand_bid`), not by UCB1. ``first`` (-1: none): the root's move,
    chosen by the caller (:func:`_halve`). ``depth`` (0: none): stop once the path holds
    that many moves, the rest left to the play-out. ``world`` (-1: none): the index of
    the layout, whose other seats then choose their cards by their statistics in it
    (:func:`_by_world`); ``by_hand`` is then the seat searching."""
    log, sqrt = math.log, math.sqrt
    node = root
    path = []
    if first >= 0:
        node, new = _follow(root, st, first, path)
        if new:
            return node, path
    while st.phase != _OVER:
        if depth and len(path) >= depth:
            break
        if by_hand >= 0 and st.phase == _BID and node is not root and st.mover() != by_hand:
            node, new = _follow(node, st, st.hand_bid(rand), path)
            if new:
                return node, path
            continue
        if world >= 0 and st.phase == _PLAY and st.mover() != by_hand:
            node, new = _by_world(node, st, world, rand, c, path)
            if new:
                return node, path
            continue
        legal = root_legal if node is root else st.legal()
        untried = legal & ~node.tried
        if untried:
            return _expand(node, st, _pick(untried, rand()), path), path
        best, best_v = None, -1.0
        for ch in node.children:
            if legal >> ch.action & 1:
                v = ch.reward / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if v > best_v:
                    best, best_v = ch, v
                ch.avail += 1
        st.move(best.action)
        path.append(best.action)
        node = best
    return node, path


def _halve(options: list[int], budget: int, layouts: list, iterate, root: _Node
           ) -> tuple[int, int]:
    """Sequential halving at the root (Karnin, Koren & Somekh 2013; in MCTS, Pepels et al.
    2014, "Minimizing Simple and Cumulative Regret in Monte-Carlo Tree Search"): in each of
    ceil(log2 k) rounds every move still standing gets as many iterations, on the same
    layouts, then the better half by mean reward goes on. UCB1 at the root spreads the work
    nearly evenly (a point is a few hundredths of the reward, its exploration term tenths)
    and compares moves on different layouts; this spends it on the moves still in doubt,
    compared layout by layout. The iterations run (at least one a move a round) and the
    layouts used."""
    alive = list(options)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    left, at = budget, 0
    for r in range(rounds):
        each = max(1, left // ((rounds - r) * len(alive)))
        for _ in range(each):
            hands = layouts[at % len(layouts)]
            at += 1
            for a in alive:
                iterate(hands, a)
        left -= each * len(alive)
        mean = {ch.action: ch.reward / ch.visits for ch in root.children}
        alive = sorted(alive, key=lambda a: -mean[a])[:(len(alive) + 1) // 2]
    return budget - left, at


def _searchable(seen: TrixterObservation, iterations: int, depth: int = 0, by_world: int = 0
                ) -> TrixterObservation:
    """``seen``, checked to be a decision the search can make, with a number of iterations,
    a depth and a number of layouts to go round (each 0 or more)."""
    if seen.KIND != "trixter":
        raise ValueError("the ISMCTS bot plays Trixter only")
    if seen.phase not in (Phase.TRUMP, Phase.BID, Phase.PLAY) or seen.to_move != seen.seat:
        raise ValueError("the ISMCTS search is for the seat to move in a trump, bid or play "
                         "decision")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise ValueError(f"iterations must be a whole number of at least 1, not {iterations!r}")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number of at least 0, not {depth!r}")
    if isinstance(by_world, bool) or not isinstance(by_world, int) or by_world < 0:
        raise ValueError(f"by_world must be a whole number of at least 0, not {by_world!r}")
    return seen


def _drawn(seen: TrixterObservation, base: _Hand, count: int, rng, informed: bool,
           given: list | None = None) -> list:
    """``count`` layouts of the cards ``seen``'s seat cannot see, drawn again by the bids
    said in an informed search (:data:`BIDS_TELL`); or the layouts ``given``, if any."""
    if given is not None:
        if not given:
            raise ValueError("layouts, if given, must hold at least one layout")
        return given
    layouts = sample(view_of(seen, seen.seat), count, rng)
    if not layouts:
        raise ValueError("no layout of the hidden cards fits what this seat has seen")
    if informed and BIDS_TELL:
        layouts = told_by_bids(seen, base, layouts, rng)
    return layouts


def search_worlds(observation: TrixterObservation | dict[str, Any], iterations: int,
                  seed: int | str | None, worlds: int, **kw) -> SearchResult:
    """Perfect-information Monte Carlo on the search: ``worlds`` layouts, drawn as
    :func:`search` draws them, each searched alone with an equal share of the
    ``iterations`` (at least two a move), as if its cards were known; so the other seats
    play knowing their own hands, as they do. A move's ``margins`` are its mean margin in
    each layout, one entry a layout; its visits, results and firsts add up. ``kw``: as
    :func:`search` takes them."""
    seen = _searchable(as_observation(observation), iterations)
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise ValueError(f"worlds must be a whole number of at least 1, not {worlds!r}")
    rng = random.Random("worlds/" + _decision_seed(seed, seen))
    chosen = _drawn(seen, _root(seen), iterations, rng, kw.get("rollout") is not None)[:worlds]
    each = max(2 * len(seen.legal), iterations // len(chosen))
    visits: dict[str, list] = {}  # a move's text: the move, its visits, their rewards
    results: dict[str, list[tuple[int, int]]] = {}
    firsts: dict[str, list[int]] = {}
    margins: dict[str, list[float]] = {}
    for i, world in enumerate(chosen):
        r = search(seen, each, f"{seed}/world{i}", layouts=[world] * each, **kw)
        for action, n, mean in r.moves:
            key = str(action)
            row = visits.setdefault(key, [action, 0, 0.0])
            row[1] += n
            row[2] += n * mean
            results.setdefault(key, []).extend(r.results.get(key, ()))
            firsts.setdefault(key, []).extend(r.firsts.get(key, ()))
            got = r.margins.get(key)
            if got:
                margins.setdefault(key, []).append(sum(got) / len(got))
    moves = sorted(((a, n, total / n) for a, n, total in visits.values()),
                   key=lambda m: (-m[1], -m[2]))
    return SearchResult(moves, each * len(chosen), results, firsts, margins, len(chosen))


def search(observation: TrixterObservation | dict[str, Any], iterations: int = ITERATIONS,
           seed: int | str | None = 0, exploration: float = EXPLORATION,
           rollout: Rollout | None = None, trace=None, margin: bool = False,
           halving: bool = False, depth: int = 0, layouts: list | None = None,
           by_world: int = 0) -> SearchResult:
    """Run SO-ISMCTS for the seat of ``observation`` (a Trixter ``game.observation(seat)``,
    or its JSON, with that seat to move, in the trump, bid or play phase) and rank its
    moves.

    ``rollout``: the play-out policy (:data:`Rollout`), which makes the search informed
    (the advice's, :func:`tutor.advice.advise`, passes
    :func:`tutor.search.policy.trixter_rollout`); ``None``, the textbook's random cards.
    ``trace(hands, path, won)``, if given, is called after each iteration with the layout's
    hands, the moves the tree made and the tricks each seat ended with (for tests).
    ``margin``: each seat's reward is its score less the mean of the others' scores (scaled
    to [0, 1]), not its own score: every seat playing to win the game against the table,
    as the computer players do (:func:`tutor.advice.advise`'s ``against_table``).
    ``halving``: the root's moves are chosen by sequential halving on shared layouts
    (:func:`_halve`), not by UCB1, and the move is the last one standing (the most visited).
    ``depth`` (0: no bound; measured and left so): the tree holds the first ``depth`` moves
    of each iteration, the rest played out (1: flat Monte Carlo on the root's moves).
    ``layouts``: the layouts to search, one an iteration, instead of drawing them
    (:func:`search_worlds` gives each of its layouts a search of its own).
    ``by_world`` (0: off; measured, ``benchmarks/arena-results.md``): the iterations go
    round the first ``by_world`` layouts, and in an informed search the other seats choose
    their cards by their statistics in each layout alone (:func:`_by_world`), knowing their
    hands, where the searching seat's choices are one for every layout."""
    seen = _searchable(as_observation(observation), iterations, depth, by_world)
    moves = {_action_number(a): a for a in legal_actions(seen)}
    root_legal = sum(1 << a for a in moves)  # the moves are distinct bits
    seat = seen.seat
    base = _root(seen)
    rules, size = base.rules, base.size
    reward = _rewards(rules, size)

    rng = random.Random(_decision_seed(seed, seen))
    rand = rng.random
    layouts = _drawn(seen, base, iterations, rng, rollout is not None, layouts)
    root = _Node(None, -1, -1)
    results: dict[int, list[tuple[int, int]]] = {a: [] for a in moves}
    firsts: dict[int, list[int]] = {a: [] for a in moves}
    margins: dict[int, list[float]] = {a: [] for a in moves}
    points = [[rules.score(b, t) for t in range(size + 1)] for b in range(size + 1)]
    span = (max(max(r) for r in points) - min(min(r) for r in points)) or 1
    by_hand = seat if rollout is not None and BIDS_BY_HAND else -1
    split = by_world if by_hand >= 0 else 0  # the others choose by layout: informed only
    if split:
        layouts = [layouts[i % split] for i in range(len(layouts))]

    def iterate(hands, first: int = -1, world: int = -1) -> None:
        """One iteration on ``hands`` (layout number ``world``, if the others choose by
        it): select (from ``first``, if given), play out, back up."""
        st = base.layout(hands)
        node, path = _select(root, st, root_legal, rand, exploration, by_hand, first, depth,
                             world)
        st.play_out(rand, rollout)
        bids, won = st.bids, st.won
        results[path[0]].append((bids[seat], won[seat]))
        firsts[path[0]].append(st.first)
        pts = [points[bids[s]][won[s]] for s in range(base.n)]
        total = sum(pts)
        margins[path[0]].append(pts[seat] - (total - pts[seat]) / (base.n - 1))
        if trace is not None:
            trace(hands, path, list(won))
        _back_up(node, root, [0.5 + (pts[p] - (total - pts[p]) / (base.n - 1)) / (2 * span)
                              if margin else reward[bids[p]][won[p]] for p in range(base.n)],
                 world)

    if halving and len(moves) > 1:
        runs, used = _halve(sorted(moves), iterations, layouts, iterate, root)
        layouts = layouts[:used]
    else:
        for i, hands in enumerate(layouts):
            iterate(hands, world=i % split if split else -1)
        runs = len(layouts)
    return _result(root, moves, runs, (results, firsts, margins), layouts)


def _back_up(node: _Node, root: _Node, rewards: list[float], world: int) -> None:
    """Add one iteration to each node from ``node`` up to ``root``: a visit and the reward
    of the seat that made its move (``rewards``, by seat); in layout ``world`` (-1: none)
    to its statistics there too, where the others choose by layout (:func:`_by_world`)."""
    while node is not root:
        node.visits += 1
        r = rewards[node.player]
        node.reward += r
        if world >= 0 and node.w is not None:
            stats = node.w[world]
            stats[0] += 1
            stats[1] += r
        node = node.parent
    root.visits += 1


def _result(root: _Node, moves: dict, runs: int, per_move: tuple, layouts: list
            ) -> SearchResult:
    """The root's moves ranked (most visited first), with what each iteration through
    them gave (``per_move``: results, firsts, margins by action number)."""
    ranked = sorted(root.children, key=lambda ch: (-ch.visits, -ch.reward / ch.visits))
    results, firsts, margins = ({str(moves[a]): v for a, v in d.items()} for d in per_move)
    return SearchResult([(moves[ch.action], ch.visits, ch.reward / ch.visits)
                         for ch in ranked], runs, results, firsts, margins,
                        len({tuple((h.mask, h.jokers) for h in hands) for hands in layouts}))
