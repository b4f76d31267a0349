"""Advice for every decision of both games: what should this seat do now, and why?

:func:`advise` answers for the seat to move, from what that seat may know only
(``game.observe(seat)`` and the public record, through
:func:`tutor.solver.pimc.view_of`): Trixter trump, bid and card; Trix contract, double,
redeal claim, trick card, Trex card or pass.

The player model: every seat plays for **its own** score. In Trixter each other seat
plays to make its own bid (the bid it said, or before it has spoken the bid its hand
suggests, :func:`tutor.bots.trixter.estimate_tricks`); in Trix each avoids its own
penalties (its team's in partnership), and in Trex plays to go out first. The advice
deals the cards the seat cannot see at random in ways consistent with its view, and
plays to the end of the hand with a fast rollout policy for every seat (on card masks),
scoring with the game's own tables (:meth:`TrixterRules.score`,
:func:`tutor.engine.trix.contracts.deal_points`). In Trix every option is played out on the
same layouts (common random numbers), so the differences are the options'. In Trixter
an information-set tree search (:func:`tutor.bots.ismcts.search`, informed by that
policy) also weighs the other seats' answers and the seat's own later choices: each
option's numbers come from the iterations through it.

Work is counted in rollouts (``budget``; in Trixter, tree iterations of one rollout
each): the same game and seed give the same advice on any machine; ``seconds`` converts
to a budget at a fixed, measured rate. ``Advice.sure`` says how sure the ranking of the
best two options is, from how much their results vary over the layouts.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> for a in ("trump S", "bid 1", "bid 0", "bid 1", "bid 0"):
...     g.apply(a)
>>> a = advise(g, budget=60)
>>> a.kind, str(a.best) in [str(x) for x in g.legal_actions()]
('chance', True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.engine.actions import (Action, Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                                  Pass, Play)
from tutor.engine.cards import JOKER, Card, CardSet, Suit
from tutor.app.facts import percents, plural, signed
from tutor.engine.protocol import Phase
from tutor.engine.trix.contracts import contracts_title
from tutor.bots import policy
from tutor.engine.masks import JOKER as JK  # noqa: F401 (shared with the ISMCTS bot)
from tutor.engine.masks import trex_place
from tutor.engine.masks import trick_winner as winner_by_index  # noqa: F401 (its old name)
from tutor.bots.policy import trixter_rollout  # noqa: F401 (its old place)

__all__ = ["advise", "Advice", "Option", "bid_distribution", "BidDistribution",
           "DEFAULT_SECONDS", "ROLLOUT_CARDS_PER_SECOND", "budget_for", "paired_sure",
           "unpaired_sure", "winner_by_index", "trixter_rollout"]

DEFAULT_SECONDS = 0.4
"""The work of a decision when neither ``budget`` nor ``seconds`` is given, as a budget of
rollouts at :data:`ROLLOUT_CARDS_PER_SECOND` (so it is the same on every machine)."""

ROLLOUT_CARDS_PER_SECOND = 250_000
"""Cards a rollout plays a second in pure Python on one core, counting 8 more a rollout
for its share of dealing the layout (measured with ``benchmarks/advice.py``): ``seconds``
becomes a budget of rollouts at this rate."""

# --- the answer ---------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """One legal choice: the action, its value (its meaning is the advice's ``kind``) and
    a short line a learner reads."""

    action: Action
    value: float
    text: str


@dataclass
class Advice:
    """Every legal choice of a decision, best first.

    ``kind`` says what a value means: ``"points"`` (expected score; for Trix contracts,
    points better than an average hand would score), ``"chance"`` (of making the bid) or
    ``"place"`` (expected Trex place, 1 = first out: lower is better)."""

    seat: int
    kind: str
    options: list[Option]
    samples: int
    seconds: float
    rollouts: int = 0
    game: str = ""
    tricks: list[float] | None = None  # Trixter bids: the chance of each trick count
    notes: dict[str, Any] = field(default_factory=dict)
    short: dict[str, str] = field(default_factory=dict)  # option text -> its numbers, brief
    sure: float | None = None
    """How sure the advice is that the best beats the next best: the chance, from how much
    the paired results vary over the layouts, that more layouts would not turn the two
    round (0.5 a coin toss, 1 sure; ``None`` with one option)."""
    per: dict[str, list[float]] = field(default_factory=dict)
    """Each option's result on each layout, in the unit of its value. ``paired``: the
    same layouts in the same order for every option, so two options compare pair by pair
    (:func:`paired_sure`); otherwise (a tree search) each option's own layouts
    (:func:`unpaired_sure`)."""
    paired: bool = True

    def beats(self, a: str, b: str) -> float:
        """The chance that option ``a`` (its text) has the higher mean result than ``b``
        over more layouts, from :attr:`per` (0.5: a coin toss)."""
        return (paired_sure if self.paired else unpaired_sure)(self.per[a], self.per[b])

    @property
    def best(self) -> Action:
        """The recommended action (one of ``game.legal_actions(seat)``)."""
        return self.options[0].action

    def explain(self) -> str:
        """One plain line: why the best choice beats the next best."""
        best = self.options[0]
        if len(self.options) == 1:
            return f"{_cap(label(best.action))} is your only choice: {best.text}."
        nxt = self.options[1]
        n = label(nxt.action)
        if best.value == nxt.value:
            return f"{_cap(label(best.action))} and {n} do equally well: {best.text}."
        return (f"{_cap(_verb(best.action))}: {best.text}; "
                f"the next best, {n}: {self.short.get(str(nxt.action), nxt.text)}.")

    def __repr__(self) -> str:
        return (f"<Advice seat={self.seat} {self.kind} best={self.best} "
                f"options={len(self.options)} samples={self.samples}>")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _verb(action: Action) -> str:
    """What doing ``action`` is called: ``play K♥``, ``bid 2``, ``name ♠ trump``."""
    if isinstance(action, Play):
        return "play " + action.card.symbol()
    if isinstance(action, ChooseTrump):
        return "name " + label(action)
    if isinstance(action, ChooseContract):
        return "choose " + label(action)
    return label(action)


def label(action: Action) -> str:
    """An action as a learner names it: ``K♥``, ``bid 2``, ``♠ trump``, ``Queens``."""
    if isinstance(action, Play):
        return action.card.symbol()
    if isinstance(action, Bid):
        return f"bid {action.n}"
    if isinstance(action, ChooseTrump):
        return "no trump" if action.suit is None else f"{action.suit.symbol} trump"
    if isinstance(action, ChooseContract):
        return contracts_title(action.contracts)
    if isinstance(action, Double):
        return f"double {action.card.symbol()}"
    if isinstance(action, ClaimRedeal):
        return "claim a redeal"
    return str(action)


def _pts(x: float, digits: int = 1) -> str:
    """Points with their sign and a real minus, as every other number the learner reads:
    ``+7.3``, ``−5.0``."""
    return signed(x, digits)


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


# --- budget -------------------------------------------------------------------------
def budget_for(seconds: float, cards_left: int) -> int:
    """Rollouts that fit in ``seconds`` when each plays out ``cards_left`` cards."""
    return max(8, int(seconds * ROLLOUT_CARDS_PER_SECOND / (cards_left + 8)))


def _ways(options: int) -> int:
    """How many ways a budget is split: one per option; a forced choice gets an eighth
    (its number is only for the learner to read)."""
    return options if options > 1 else 8


def _budget(game, budget: int | None, seconds: float | None) -> int:
    if budget is not None:
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise ValueError("budget is a whole number of rollouts, at least 1")
        return budget
    if seconds is not None and not seconds > 0:
        raise ValueError("seconds must be positive")
    left = sum(game.observation(game.to_move).hand_counts)
    return budget_for(DEFAULT_SECONDS if seconds is None else seconds, left)


# --- entry ---------------------------------------------------------------------------
def _game_name(game) -> str:
    name = getattr(game, "game_name", None)
    if name:
        return name
    return "trixter" if hasattr(game, "bids") else "trix"


def advise(game, seat: int | None = None, seconds: float | None = None, seed: int = 0,
           budget: int | None = None) -> Advice:
    """Rank every legal choice of ``seat`` (default: the seat to move) from what that seat
    may know. ``budget`` counts rollouts; ``seconds`` converts to one at a fixed rate.
    ``ValueError`` when the seat has no decision now or the game is over."""
    start = time.perf_counter()
    if game.phase == Phase.GAME_OVER:
        raise ValueError("the game is over: there is nothing to decide")
    if game.phase == Phase.HAND_OVER:
        raise ValueError("the hand is over: nothing to decide until the next is dealt")
    mover = game.to_move
    if seat is None:
        seat = mover
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n_players:
        raise ValueError(f"there is no seat {seat!r} at this table")
    if seat != mover:
        names = game.observation(seat).players
        raise ValueError(f"{names[seat]} has no decision now: it is {names[mover]}'s turn")
    legal = list(game.legal_actions(seat))
    if not legal:  # pragma: no cover - the engine always offers the mover something
        raise ValueError("there is nothing to decide here")
    work = _budget(game, budget, seconds)
    rng_seed = f"{seed}/advice"
    name = _game_name(game)
    if name == "trixter":
        advice = _trixter(game, seat, legal, work, rng_seed)
    else:
        advice = _trix(game, seat, legal, work, rng_seed)
    advice.game = name
    advice.seconds = time.perf_counter() - start
    return advice


def _sure(options: list[Option], per: dict[str, list[float]],
          higher_is_better: bool = True) -> float | None:
    """How sure the first of ``options`` (ranked) beats the second (:func:`paired_sure`)."""
    if len(options) < 2:
        return None
    a, b = per[str(options[0].action)], per[str(options[1].action)]
    return paired_sure(a, b) if higher_is_better else paired_sure(b, a)


def paired_sure(a: Sequence[float], b: Sequence[float]) -> float:
    """The normal approximation of the chance that ``a`` beats ``b`` on average over more
    layouts, from their results ``a[i]``, ``b[i]`` on the same layouts (0.5: a coin toss).

    >>> paired_sure([1, 1, 1], [0, 0, 0]), paired_sure([1, 0], [1, 0])
    (1.0, 0.5)
    """
    d = [x - y for x, y in zip(a, b)]
    n = len(d)
    if not n:
        return 0.5
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    if var == 0:
        return 1.0 if mean > 0 else (0.0 if mean < 0 else 0.5)
    return 0.5 * (1 + math.erf(mean / math.sqrt(var / n) / math.sqrt(2)))


def unpaired_sure(a: Sequence[float], b: Sequence[float]) -> float:
    """:func:`paired_sure` for results on different layouts (Welch's normal
    approximation): the chance that ``a`` beats ``b`` on average over more layouts.

    >>> unpaired_sure([1, 1, 1], [0, 0]), unpaired_sure([1, 0], [0, 1])
    (1.0, 0.5)
    """
    if not a or not b:
        return 0.5
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / max(1, len(a) - 1)
    vb = sum((x - mb) ** 2 for x in b) / max(1, len(b) - 1)
    se = math.sqrt(va / len(a) + vb / len(b))
    if se == 0:
        return 1.0 if ma > mb else (0.0 if ma < mb else 0.5)
    return 0.5 * (1 + math.erf((ma - mb) / se / math.sqrt(2)))


def _ranked(options: list[Option], higher_is_better: bool = True) -> list[Option]:
    sign = -1 if higher_is_better else 1
    order = {id(o): i for i, o in enumerate(options)}
    return sorted(options, key=lambda o: (sign * round(o.value, 9), order[id(o)]))


def _layouts(game, seat: int, samples: int, rng_seed: str) -> list[list[CardSet]]:
    from tutor.solver.pimc import view_of

    return sample(view_of(game, seat), samples, random.Random(rng_seed))


def sample(view, count: int, rng: random.Random, tries: int = 1000) -> list[list[CardSet]]:
    """``count`` deals consistent with ``view`` (a :class:`tutor.solver.pimc.View`), drawn
    as :func:`tutor.solver.pimc.sample_layouts` draws them, faster: the cards some seat
    cannot hold are placed first, one at a time into a seat that may hold it in
    proportion to the room left, then the unconstrained cards are shuffled into the room
    left (which is the same as placing them one by one in proportion to the room)."""
    from tutor.solver.pimc import sample_layouts

    if view.check is not None:
        return sample_layouts(view, count, rng, tries)
    n = len(view.counts)
    bins = [s for s in range(n) if view.counts[s]]
    if view.undealt:
        bins.append(-1)
    constrained, free = [], []
    for card in view.pool:
        if card.is_joker:
            free.append(card)
            continue
        fits = tuple(s for s in bins if s < 0 or not view.excluded[s] >> card.index & 1)
        if len(fits) == len(bins):
            free.append(card)
        else:
            constrained.append((card, fits))
    base = [(view.known[s].mask, view.known[s].jokers) for s in range(n)]
    out = []
    for _ in range(count):
        for _attempt in range(tries):
            rng.shuffle(constrained)
            constrained.sort(key=lambda cf: len(cf[1]))
            room = {s: view.counts[s] for s in bins}
            if view.undealt:
                room[-1] = view.undealt
            got = {s: [] for s in bins}
            for card, fits in constrained:
                open_ = [s for s in fits if room[s]]
                if not open_:
                    break
                pick = open_[0] if len(open_) == 1 else \
                    rng.choices(open_, weights=[room[s] for s in open_])[0]
                room[pick] -= 1
                got[pick].append(card)
            else:
                rng.shuffle(free)
                i = 0
                for s in bins:
                    got[s].extend(free[i:i + room[s]])
                    i += room[s]
                hands = []
                for s in range(n):
                    if s == view.seat:
                        hands.append(view.hand)
                        continue
                    mask, jokers = base[s]
                    for card in got.get(s, ()):
                        if card.is_joker:
                            jokers += 1
                        else:
                            mask |= 1 << card.index
                    hands.append(CardSet.from_mask(mask, jokers))
                out.append(hands)
                break
        else:
            raise ValueError("no layout fits what this seat has seen")
    return out


# --- Trixter ----------------------------------------------------------------------------
def _trump_index(trump: Suit | None) -> int:
    return -1 if trump is None else int(trump)


def _trixter(game, seat: int, legal: list[Action], work: int, rng_seed: str) -> Advice:
    """Trump, bid or card: an information-set tree search over layouts
    (:func:`tutor.bots.ismcts.search`, informed: its play-outs are :func:`trixter_rollout`).
    One tree holds every seat's moves, so the seat's choice is weighed against the
    others' best answers, not against a fixed policy; each option's numbers are the
    results of the iterations through it. A trump is valued by all its iterations, with
    the bids the tree made under it. A dealer who may still change the trump while
    bidding gets the very tree of the trump choice (grown from what the dealer knows, not
    from the caller's seed): its bids are the iterations under the trump named, so the
    advice does not turn round on a change of trump it advised against."""
    from tutor.bots.ismcts import search

    obs = game.observation(seat)
    phase = obs.phase
    rules = game.rules
    fresh = Bid if phase == Phase.BID else (Play if phase == Phase.PLAY else ChooseTrump)
    changes = [a for a in legal if isinstance(a, ChooseTrump) and phase == Phase.BID]
    current = str(ChooseTrump(game.trump))
    tree = obs
    if changes:  # the view before the trump was named
        tree = replace(obs, phase=Phase.TRUMP, trump=None, trump_named=False,
                       bids=(None,) * obs.n_players,
                       history=tuple(h for h in obs.history if not isinstance(h[1], ChooseTrump)),
                       legal=(*changes, ChooseTrump(game.trump)))
    # The trump's tree grows from what the dealer knows, not the caller's seed: the same
    # tree when the trump is named and at the dealer's bid, so the advice stands by it.
    trump_tree = tree.phase == Phase.TRUMP
    r = search(tree, max(work, 2 * len(tree.legal)),
               "advice/trump" if trump_tree else f"{rng_seed}/0", informed=True)
    results, done = dict(r.results), r.iterations
    bids = [a for a in legal if isinstance(a, Bid)]
    if changes:
        under = results.pop(current, [])
        for a in bids:
            results[str(a)] = [(b, k) for b, k in under if b == a.n]
        if not all(results[str(a)] for a in bids):  # the trump named was hardly tried
            r = search(obs, max(work, 2 * len(bids)), f"{rng_seed}/1", informed=True)
            results.update(r.results)
            done += r.iterations
    chance_kind = phase == Phase.PLAY and rules.scoring == "exact"
    options, per, short = [], {}, {}
    for a in legal:
        if not isinstance(a, (fresh, ChooseTrump)) or not results.get(str(a)):
            continue
        got = results[str(a)]
        made = sum(b == k for b, k in got) / len(got)
        pts = [rules.score(b, k) for b, k in got]
        mean = sum(pts) / len(pts)
        trump = isinstance(a, ChooseTrump)
        text = (f"{'you make' if trump else 'makes'} your bid in {_pct(made)} of "
                f"{plural(len(got), 'deal')} · {_pts(mean)} points expected")
        if trump:
            said = [b for b, _ in got]
            text += f" (bidding {max(sorted(set(said)), key=said.count)} most often)"
        short[str(a)] = f"{_pct(made)} · {_pts(mean)} points"
        per[str(a)] = [float(b == k) for b, k in got] if chance_kind else pts
        options.append(Option(a, made if chance_kind else mean, text))
    options = _ranked(options)
    advice = Advice(seat=seat, kind="chance" if chance_kind else "points", options=options,
                    samples=done, seconds=0.0, rollouts=done, short=short, per=per,
                    paired=False)
    if len(options) > 1:
        advice.sure = advice.beats(str(options[0].action), str(options[1].action))
    best_bid = next((str(o.action) for o in options if isinstance(o.action, Bid)), None)
    if best_bid is not None:  # the chance of each trick count, bidding the best bid
        got = results[best_bid]
        advice.tricks = [sum(k == t for _, k in got) / len(got)
                         for t in range(game.hand_size + 1)]
    return advice


# --- the bid distribution ---------------------------------------------------------------
@dataclass
class BidDistribution:
    """For one hand and trump, under the player model: the chance of each number of
    tricks the hand takes when it plays for bid ``n`` (``by_bid[n]``, summing to 1), and
    each bid's expected score from it with the table's scoring
    (``expected[n] = sum(by_bid[n][k] * score(n, k))``); ``tricks`` is that distribution
    for the best bid. A hand steers its play toward its bid (it wins or ducks), so the
    chance of making bid ``n`` (``chance[n] = by_bid[n][n]``) is taken when playing for
    ``n``; bids out of the hand's reach share the distribution of the bid it plays for by
    its own count (``played_for``)."""

    hand: CardSet
    trump: Suit | None
    by_bid: list[list[float]]
    expected: list[float]
    bids: list[int]
    samples: int
    played_for: int
    rollouts: int = 0
    seconds: float = 0.0
    per_layout: list[list[int]] = field(default_factory=list, repr=False)
    """The tricks the hand took on each layout, playing for each bid (paired by layout)."""

    @property
    def best_bid(self) -> int:
        """The allowed bid with the highest expected score (the lower on a tie)."""
        return max(self.bids, key=lambda n: (round(self.expected[n], 9), -n))

    @property
    def tricks(self) -> list[float]:
        """The chance of each number of tricks when the hand plays for the best bid."""
        return self.by_bid[self.best_bid]

    @property
    def chance(self) -> list[float]:
        """The chance of making each bid when the hand plays for it."""
        return [d[n] for n, d in enumerate(self.by_bid)]

    def explain(self) -> str:
        """One line for a learner."""
        n = self.best_bid
        trump = "no trump" if self.trump is None else f"{self.trump.symbol} trump"
        others = [b for b in self.bids if b != n]
        # the share the advisor's column shows, whose percentages add up to 100
        line = (f"With {trump}, bid {n}: playing for it, your hand takes exactly {n} "
                f"trick{'s' if n != 1 else ''} in {percents(self.tricks)[n]}% of deals "
                f"({_pts(self.expected[n])} points expected)")
        if others:
            m = max(others, key=lambda b: (round(self.expected[b], 9), -b))
            line += (f"; bid {m} is made in {_pct(self.chance[m])} "
                     f"({_pts(self.expected[m])})")
        return line + "."


def _estimated_bid(hand: CardSet, trump: Suit | None, players: int, jokers: int,
                   allowed: Sequence[int]) -> int:
    """The bid a hand suggests (the beginner's rule): the nearest allowed to its count."""
    from tutor.bots.trixter import estimate_tricks

    want = estimate_tricks(list(hand), trump, players, jokers)
    return min(allowed, key=lambda b: (abs(b - want), b))


def bid_distribution(game_or_hand, trump: Suit | str | None = None, *, seat: int | None = None,
                     players: int = 4, leader: int = 0, rules=None,
                     bids: Sequence[int] | None = None, budget: int | None = None,
                     seconds: float | None = None, seed: int | str = 0,
                     samples: int | None = None) -> BidDistribution:
    """The distribution of the tricks a Trixter hand takes under the player model, and
    each bid's expected score from it.

    ``game_or_hand`` is a Trixter game before its first trick (the seat's hand, the bids
    said so far, the first leader and the rules come from it; ``trump`` defaults to the
    trump named) or a hand (PBN or card text, or a ``CardSet``) at ``seat`` (default 0)
    of a table of ``players`` where ``leader`` leads and nobody has bid yet.

    Each other seat plays for its own bid (said, or the one its hand suggests). The hand
    plays for each bid in reach on the same layouts (common random numbers). ``budget``
    counts rollouts (up to nine per layout); ``samples`` sets the layouts instead."""
    from tutor.solver.pimc import View, view_of
    from tutor.engine.trixter import TrixterRules, jokers_for

    start = time.perf_counter()
    if isinstance(trump, str):
        trump = None if trump.strip().lower() in ("none", "nt", "") else Suit.parse(trump)
    if isinstance(game_or_hand, (str, CardSet)):
        hand = game_or_hand
        if isinstance(hand, str):
            hand = CardSet.from_pbn(hand) if "." in hand else CardSet.parse(hand)
        seat = 0 if seat is None else seat
        rules = rules or TrixterRules()
        size = len(hand)
        if size * players > 52 + jokers_for(players):
            raise ValueError(f"{size} cards each is more than the deck holds for {players}")
        pool = [c for c in CardSet.deck() if c not in hand]
        pool += [JOKER] * (jokers_for(players) - hand.jokers)
        view = View(seat=seat, hand=hand, pool=pool,
                    counts=[0 if s == seat else size for s in range(players)],
                    known=[CardSet()] * players, excluded=[0] * players,
                    undealt=len(pool) - size * (players - 1))
        said: list[int | None] = [None] * players
        order = [(seat + i) % players for i in range(players)]  # the seat bids first
        last_bidder = order[-1]
        first = leader
        n_jokers = jokers_for(players)
    else:
        game = game_or_hand
        if not hasattr(game, "bids") or game.phase not in (Phase.TRUMP, Phase.BID, Phase.PLAY) \
                or game.tricks or game.trick:
            raise ValueError("a bid distribution is for a Trixter hand before its first trick")
        seat = game.to_move if seat is None else seat
        players = game.n_players
        rules = game.rules
        hand = game.hands[seat]
        size = len(hand)
        view = view_of(game, seat)
        said = list(game.bids)
        said[seat] = None
        order = [(game.dealer + i) % players for i in range(players)]
        last_bidder = (game.dealer - 1) % players
        first = game.first_leader
        n_jokers = game.jokers
    if bids is None:
        bids = list(range(size + 1))
    bids = sorted(bids)
    work = budget if budget is not None else (
        budget_for(DEFAULT_SECONDS if seconds is None else seconds, size * players))
    if samples is None:
        samples = max(2, work // min(size + 1, 9))
    rng = random.Random(f"{seed}/bids")
    layouts = sample(view, samples, rng)
    t = _trump_index(trump)
    # The others' bids on each layout: said, or what their hands suggest. Under the hook
    # the last bidder's also depends on the seat's own bid: chosen when it is known.
    from tutor.bots.trixter import estimate_tricks

    hooked = rules.hook and last_bidder != seat and said[last_bidder] is None
    table_bids, wants = [], []
    for hands in layouts:
        row = list(said)
        for s in order:
            if s == seat or row[s] is not None:
                continue
            want = estimate_tricks(list(hands[s]), trump, players, n_jokers)
            if hooked and s == last_bidder:
                wants.append(want)
                continue
            row[s] = min(range(size + 1), key=lambda b: (abs(b - want), b))
        table_bids.append(row)

    per_layout: dict[int, list[int]] = {}

    def play_for(b: int) -> list[float]:
        counts = [0] * (size + 1)
        got = per_layout[b] = []
        for i, (hands, row) in enumerate(zip(layouts, table_bids)):
            row = list(row)
            row[seat] = b
            if hooked:
                others = sum(x for s, x in enumerate(row) if s != last_bidder)
                forbidden = rules.forbidden_bid(size, others)
                row[last_bidder] = min((k for k in range(size + 1) if k != forbidden),
                                       key=lambda k: (abs(k - wants[i]), k))
            won = policy.trixter_rollout([h.mask for h in hands], [h.jokers for h in hands], [],
                                   first, t, row, [0] * players, 0)
            counts[won[seat]] += 1
            got.append(won[seat])
        return [c / len(layouts) for c in counts]

    # The hand plays for the bid its count suggests; then for every bid near the trick
    # counts that play reached (steering moves a hand a trick or two, not more).
    aim = _estimated_bid(hand, trump, players, n_jokers, range(size + 1))
    first_try = play_for(aim)
    reached = [k for k, p in enumerate(first_try) if p]
    lo, hi = min(reached) - 2, max(reached) + 2
    by_bid = [first_try] * (size + 1)
    tried = 1
    for n in range(max(0, lo), min(size, hi) + 1):
        if n != aim:
            by_bid[n] = play_for(n)
            tried += 1
    expected = [sum(p * rules.score(n, k) for k, p in enumerate(by_bid[n]))
                for n in range(size + 1)]
    return BidDistribution(hand=hand, trump=trump, by_bid=by_bid, expected=expected,
                           bids=list(bids), samples=len(layouts), played_for=aim,
                           rollouts=tried * len(layouts), seconds=time.perf_counter() - start,
                           per_layout=[per_layout.get(n, per_layout[aim])
                                       for n in range(size + 1)])


# --- Trix ---------------------------------------------------------------------------------
def _side(game, seat: int) -> list[int]:
    return [seat, (seat + 2) % 4] if game.rules.partnership else [seat]


def _share(contracts, rules, team: bool) -> float:
    """What an average hand scores in a deal of ``contracts``: a quarter of its total."""
    from tutor.engine.trix.contracts import contract_total

    share = contract_total(contracts, rules.swap_diamonds_ltoosh) / 4 * (2 if team else 1)
    return -share if rules.reversed_signs else share


def _trex_rows(game) -> tuple[list[int], list[int]]:
    low, high = [-1] * 4, [-1] * 4
    for s, row in enumerate(game.layout.rows):
        if row is not None:
            low[s], high[s] = row[0] - 2, row[1] - 2
    return low, high


def _taken(game) -> tuple[list[int], list[int]]:
    """Cards and tricks each seat has taken this deal, from the public tricks."""
    taken, won = [0] * 4, [0] * 4
    for t in game.tricks:
        policy.close_trick([(s, c.index) for s, c in t], taken, won)
    return taken, won


def _trix(game, seat: int, legal: list[Action], work: int, rng_seed: str) -> Advice:
    phase = game.phase
    if phase == Phase.CHOOSE_CONTRACT:
        return _trix_contracts(game, seat, legal, work, rng_seed)
    if phase == Phase.DOUBLE:
        return _trix_round(game, seat, legal, work, rng_seed)
    if phase == Phase.TREX:
        return _trex_cards(game, seat, legal, work, rng_seed)
    return _trix_cards(game, seat, legal, work, rng_seed)


def _deal_points(deal: policy.TrixDeal, taken: list[int], won: list[int], side: list[int]) -> int:
    from tutor.engine.trix.contracts import deal_points

    pts = deal_points(deal.contracts, [CardSet.from_mask(t) for t in taken], won,
                      deal.doubles, (), deal.rules)
    return sum(pts[s] for s in side)


def _points_text(pts: float, team: bool, seat: int = 0) -> str:
    return f"{_pts(pts)} points expected{_team_words(team, seat)} in this deal"


def _team_words(team: bool, seat: int) -> str:
    """`` for your team (with South)``: the partner by the table's name for the seat."""
    from tutor.engine.seats import seat_name

    return f" for your team (with {seat_name((seat + 2) % 4, 4, 'trix')})" if team else ""


def _trix_cards(game, seat: int, legal: list[Action], work: int, rng_seed: str) -> Advice:
    plays = [a for a in legal if isinstance(a, Play)]
    samples = max(2, work // _ways(len(plays)))
    layouts = _layouts(game, seat, samples, rng_seed)
    deal = policy.TrixDeal(game.contract, game.doubles, game.rules)
    side = _side(game, seat)
    taken0, won0 = _taken(game)
    gone0 = CardSet(c for t in (*game.tricks, game.trick) for _, c in t).mask  # played, no jokers
    trick0 = [(s, c.index) for s, c in game.trick]
    totals = [0.0] * len(plays)
    per: dict[str, list[float]] = {str(a): [] for a in plays}
    for hands in layouts:
        masks = [h.mask for h in hands]
        for k, a in enumerate(plays):
            m, taken, won = list(masks), list(taken0), list(won0)
            c = a.card.index
            m[seat] &= ~(1 << c)
            trick = trick0 + [(seat, c)]
            leader = game.leader
            if len(trick) == 4:
                w = policy.close_trick(trick, taken, won)
                trick, leader = [], w
                if m[w] and (deal.ltoosh or deal.scoring & (m[0] | m[1] | m[2] | m[3])):
                    policy.trix_rollout(deal, m, trick, leader, taken, won, gone0 | 1 << c)
            else:
                policy.trix_rollout(deal, m, trick, leader, taken, won, gone0 | 1 << c)
            pts = _deal_points(deal, taken, won, side)
            totals[k] += pts
            per[str(a)].append(pts)
    done = len(layouts)
    team = len(side) == 2
    options = [Option(a, totals[k] / done, _points_text(totals[k] / done, team, seat))
               for k, a in enumerate(plays)]
    up = not game.rules.reversed_signs
    options = _ranked(options, up)
    return Advice(seat=seat, kind="points", options=options, samples=done,
                  seconds=0.0, rollouts=done * len(plays),
                  short={str(o.action): f"{_pts(o.value)}" for o in options},
                  sure=_sure(options, per, up), per=per)


def _trex_cards(game, seat: int, legal: list[Action], work: int, rng_seed: str) -> Advice:
    from tutor.engine.trix.contracts import TREX_POINTS

    samples = max(2, work // _ways(len(legal)))
    layouts = _layouts(game, seat, samples, rng_seed)
    low0, high0 = _trex_rows(game)
    side = _side(game, seat)
    places = [0.0] * len(legal)
    points = [0.0] * len(legal)
    per_place: dict[str, list[float]] = {str(a): [] for a in legal}
    per_points: dict[str, list[float]] = {str(a): [] for a in legal}
    for hands in layouts:
        masks = [h.mask for h in hands]
        for k, a in enumerate(legal):
            m, low, high, out = list(masks), list(low0), list(high0), list(game.out)
            if isinstance(a, Play):
                c = a.card.index
                m[seat] &= ~(1 << c)
                trex_place(low, high, c)
                if not m[seat]:
                    out.append(seat)
            if len(out) == 3:
                out.append(next(x for x in range(4) if x not in out))
            else:
                turn = (seat + 1) % 4
                while turn in out:
                    turn = (turn + 1) % 4
                policy.trex_rollout(m, low, high, out, turn)
            places[k] += out.index(seat) + 1
            pts = sum(TREX_POINTS[out.index(s)] for s in side)
            points[k] += pts
            per_place[str(a)].append(out.index(seat) + 1)
            per_points[str(a)].append(-pts if game.rules.reversed_signs else pts)
    done = len(layouts)
    team = len(side) == 2
    sign = -1 if game.rules.reversed_signs else 1
    options = []
    for k, a in enumerate(legal):
        place, pts = places[k] / done, sign * points[k] / done
        text = (f"finishes you in place {place:.1f} on average · {_pts(pts, 0)} points expected"
                + _team_words(team, seat))
        if isinstance(a, Pass):
            text = "no card of yours fits the layout: you must pass · " + text
        options.append(Option(a, pts if team else place, text))
    short = {str(a): f"place {places[k] / done:.1f} · {_pts(sign * points[k] / done, 0)} points"
             for k, a in enumerate(legal)}
    if team:
        options = _ranked(options, sign > 0)
        return Advice(seat=seat, kind="points", options=options,
                      samples=done, seconds=0.0, rollouts=done * len(legal), short=short,
                      sure=_sure(options, per_points, sign > 0), per=per_points)
    options = _ranked(options, higher_is_better=False)
    return Advice(seat=seat, kind="place", options=options,
                  samples=done, seconds=0.0, rollouts=done * len(legal), short=short,
                  sure=_sure(options, per_place, False), per=per_place)


# --- Trix: before the first lead ------------------------------------------------------------
def _may_claim(hand: CardSet, contracts) -> bool:
    from tutor.engine.trix.contracts import Contract
    from tutor.engine.trix.game import may_claim_king_redeal, may_claim_trex_redeal

    if Contract.KING in contracts and may_claim_king_redeal(hand):
        return True
    return Contract.TREX in contracts and may_claim_trex_redeal(hand)


def _doublable(hand: CardSet, contracts, rules, doubles) -> list[Card]:
    from tutor.engine.trix.contracts import DOUBLABLE, PENALTY_CARDS

    if not rules.doubling:
        return []
    done = {c for c, _ in doubles}
    return [card for c in sorted(set(contracts) & DOUBLABLE)
            for card in hand & PENALTY_CARDS[c] if card not in done]


def _round_needed(contracts, rules) -> bool:
    from tutor.engine.trix.contracts import DOUBLABLE, Contract

    doubles = rules.doubling and bool(set(contracts) & DOUBLABLE)
    return doubles or bool(set(contracts) & {Contract.KING, Contract.TREX})


def _play_deal(game, contracts, hands: list[CardSet], doubles: list, queue: list[int],
               side: list[int]) -> float:
    """The rest of a deal from its round of doubles and claims (``queue``: the seats still
    to speak, in order), every seat by the rollout policy: the points of ``side``, or an
    average hand's share when someone claims a redeal."""
    from tutor.engine.trix.contracts import TREX_POINTS, Contract

    rules = game.rules
    doubles = list(doubles)
    for s in queue:
        if _may_claim(hands[s], contracts):
            return _share(contracts, rules, len(side) == 2)
        for card in _doublable(hands[s], contracts, rules, doubles):
            if policy.would_double(hands[s].mask, card.index):
                doubles.append((card, s))
    owner = game.owner
    masks = [h.mask for h in hands]
    if Contract.TREX in contracts:
        out = policy.trex_rollout(masks, [-1] * 4, [-1] * 4, [], owner)
        pts = sum(TREX_POINTS[out.index(s)] for s in side)
        return -pts if rules.reversed_signs else pts
    deal = policy.trix_deal(contracts, doubles, rules)
    taken, won = [0] * 4, [0] * 4
    policy.trix_rollout(deal, masks, [], owner, taken, won, 0)
    return _deal_points(deal, taken, won, side)


def _trix_contracts(game, seat: int, legal: list[Action], work: int, rng_seed: str) -> Advice:
    choices = [a for a in legal if isinstance(a, ChooseContract)]
    samples = max(2, work // _ways(len(choices)))
    layouts = _layouts(game, seat, samples, rng_seed)
    side = _side(game, seat)
    team = len(side) == 2
    rules = game.rules
    totals = [0.0] * len(choices)
    per: dict[str, list[float]] = {str(a): [] for a in choices}
    for hands in layouts:
        for k, a in enumerate(choices):
            queue = [(seat + i) % 4 for i in range(4)] if _round_needed(a.contracts, rules) \
                else []
            pts = _play_deal(game, a.contracts, hands, [], queue, side)
            totals[k] += pts
            per[str(a)].append((-1 if rules.reversed_signs else 1)
                               * (pts - _share(a.contracts, rules, team)))
    done = len(layouts)
    options = []
    sign = -1 if rules.reversed_signs else 1
    for k, a in enumerate(choices):
        mean = totals[k] / done
        share = _share(a.contracts, rules, team)
        gain = sign * (mean - share)
        text = (f"{_pts(mean, 0)} points expected{_team_words(team, seat)} in this deal"
                f" · {_pts(gain, 0)} against an average hand ({_pts(share, 0)})")
        options.append(Option(a, gain, text))
    options = _ranked(options)
    return Advice(seat=seat, kind="points", options=options, samples=done,
                  seconds=0.0, rollouts=done * len(choices),
                  short={str(o.action): f"{_pts(o.value, 0)} against an average hand"
                         for o in options}, sure=_sure(options, per), per=per)


def _trix_round(game, seat: int, legal: list[Action], work: int, rng_seed: str) -> Advice:
    samples = max(2, work // _ways(len(legal)))
    layouts = _layouts(game, seat, samples, rng_seed)
    side = _side(game, seat)
    team = len(side) == 2
    rules = game.rules
    contracts = game.contract
    owner = game.owner
    k0 = (seat - owner) % 4
    later = [(owner + i) % 4 for i in range(k0 + 1, 4)]
    share = _share(contracts, rules, team)
    totals = [0.0] * len(legal)
    per: dict[str, list[float]] = {str(a): [] for a in legal}
    for hands in layouts:
        for k, a in enumerate(legal):
            if isinstance(a, ClaimRedeal):
                totals[k] += share
                per[str(a)].append(share)
                continue
            doubles = list(game.doubles)
            if isinstance(a, Double):
                doubles.append((a.card, seat))
                # The seat may double more: its later words by the rollout policy.
                for card in _doublable(hands[seat], contracts, rules, doubles):
                    if policy.would_double(hands[seat].mask, card.index):
                        doubles.append((card, seat))
            pts = _play_deal(game, contracts, hands, doubles, later, side)
            totals[k] += pts
            per[str(a)].append(pts)
    done = len(layouts)
    options = []
    for k, a in enumerate(legal):
        mean = totals[k] / done
        if isinstance(a, ClaimRedeal):
            text = f"a new deal: {_pts(mean, 0)} points expected (an average hand's share)"
        else:
            text = _points_text(mean, team, seat)
        options.append(Option(a, mean, text))
    up = not rules.reversed_signs
    options = _ranked(options, up)
    return Advice(seat=seat, kind="points", options=options,
                  samples=done, seconds=0.0, rollouts=done * len(legal),
                  short={str(o.action): f"{_pts(o.value)} points" for o in options},
                  sure=_sure(options, per, up), per=per)
