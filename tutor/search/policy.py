"""The beginner's strategy on card masks, and the play-outs it drives.

The advice plays every layout to the end of the hand with this policy for every seat
(:mod:`tutor.advice`), and hands it to the tree search (:mod:`tutor.search.tree`) as the
play-out of its informed iterations; the beginner bots play their cards by it: win cheaply
while the bid needs tricks and duck once it has enough (Trixter); duck under the winning
card, shed what costs most when void, lead low where others hold higher cards (Trix's trick
contracts); jacks of long suits and cards that open the hand's own runs (Trex). Trex's
play-outs lay out by a shrewder card than the beginner bot's (:func:`trex_shrewd_card`, which
also keeps back the cards that hold the others' rows up). The rules they play by are
:mod:`tutor.engine.masks`. Only ints and lists of ints (and the deal's
tables), so the same code can be compiled where numba is present.

>>> from tutor.engine.cards import Card, CardSet
>>> hand = CardSet.parse("AS KS 2H").mask  # clubs trump, two tricks to take
>>> trixter_card(hand, 0, [], 3, FULL & ~hand, 2, False) == Card.parse("KS").index  # a master
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from types import SimpleNamespace

from tutor.engine.masks import (DIAMONDS, FULL, HEARTS, HIGHER, JACK, JOKER, KING_OF_HEARTS, SUIT,
                                bits, legal_mask, led_suit, trex_place, trex_playable,
                                trick_winner, trix_legal_mask)
from tutor.engine.warming import warming
from tutor.engine.trix.contracts import (Contract, card_scores, discard_duty, lead_ban,
                                         penalty_cards, trick_points)
from tutor.search import rollout_kernels

__all__ = ["trixter_card", "trixter_rollout", "erring_rollout", "need_of", "misses_pay",
           "TricksWon", "TrixDeal",
           "trix_deal", "trix_card", "trix_rollout", "close_trick", "trex_card",
           "trex_shrewd_card", "trex_rollout", "would_double", "compiled_rollout", "keep_plain",
           "FULL"]


# --- Trixter ------------------------------------------------------------------------------
def trixter_card(hand: int, jokers: int, trick: list[int], trump: int, unseen: int,
                 need: int, last: bool, draw_trumps: bool = True, top: int = -1) -> int:
    """The beginner's card on masks: win cheaply while the bid needs tricks (``need`` > 0),
    duck once it has enough. ``trump`` is a suit or -1; ``unseen`` the cards the seat has
    not seen; ``last``: the seat plays the trick's last card. ``draw_trumps``: a leader
    still short of its bid leads a master trump while others may hold trumps (the advice's
    play-outs do; the beginner bot at the table does not). ``top``: the card winning the
    trick so far, if the caller keeps it (else it is found again)."""
    allowed = legal_mask(hand, jokers, trick)
    if not allowed & (allowed - 1):  # one card to play (a third of the calls)
        return allowed.bit_length() - 1
    led = led_suit(trick)
    legal, joker_ok = allowed & FULL, allowed >> JOKER
    if not legal:
        return JOKER
    if led < 0:  # leading (or only jokers down)
        return _trixter_lead(hand, jokers, legal, trump, unseen, need, draw_trumps)
    if top < 0:
        top = trick[trick_winner(trick, trump)]
    # The cards that beat it (:func:`beats`): higher of its suit, any trump over a side card.
    over = HIGHER[top] | (SUIT[trump] if trump >= 0 and top // 13 != trump else 0)
    winners, losers = bits(legal & over), bits(legal & ~over)
    if joker_ok:
        losers.append(JOKER)
    if need > 0:
        return _trixter_win(hand, winners, losers, led, top, trump, unseen, last)
    return _trixter_duck(winners, losers, led, trump, unseen, last)


def _trixter_lead(hand: int, jokers: int, legal: int, trump: int, unseen: int,
                  need: int, draw_trumps: bool) -> int:
    tmask = SUIT[trump] if trump >= 0 else 0
    side = legal & ~tmask or legal
    if need <= 0:  # enough tricks: lead the card most likely to be beaten
        return max(bits(side), key=lambda i: ((unseen & HIGHER[i]).bit_count(), -(i % 13)))
    if draw_trumps and unseen & tmask:  # a master trump draws trumps: side winners stand
        top = [i for i in bits(legal & tmask) if not unseen & HIGHER[i]]
        if top:
            return top[0]
    masters = [i for i in bits(side) if not unseen & HIGHER[i]] or \
        [i for i in bits(legal) if not unseen & HIGHER[i]]
    if masters:
        return min(masters, key=lambda i: (i // 13 == trump, i % 13))
    if need >= hand.bit_count() + jokers:
        return max(bits(legal), key=lambda i: (i // 13 == trump, i % 13))
    return min(bits(side), key=lambda i: (-(hand & SUIT[i // 13]).bit_count(), i % 13))


def _trixter_win(hand: int, winners: list[int], losers: list[int], led: int, top: int,
                 trump: int, unseen: int, last: bool) -> int:
    """Still short of the bid: the cheapest card that wins, else the cheapest to throw."""
    if winners:
        if last:
            return min(winners, key=lambda i: (i // 13 == trump, i % 13))
        masters = [i for i in winners if not unseen & HIGHER[i] and i // 13 == top // 13]
        if masters:
            return min(masters)
        trumps = [i for i in winners if i // 13 == trump]
        if trumps and led != trump:
            return min(trumps)
        return max(winners, key=lambda i: i % 13)
    if JOKER in losers:
        return JOKER
    return min(losers, key=lambda i: (i // 13 == trump, i % 13,
                                      (hand & SUIT[i // 13]).bit_count()))


def _trixter_duck(winners: list[int], losers: list[int], led: int, trump: int, unseen: int,
                  last: bool) -> int:
    """Enough tricks: the highest card that loses (high side cards first when void)."""
    if losers:
        real = [i for i in losers if i != JOKER]
        follow = [i for i in real if i // 13 == led]
        if follow:
            return max(follow)
        side = [i for i in real if i // 13 != trump]
        if side:
            return max(side, key=lambda i: (i % 13, -(unseen & HIGHER[i]).bit_count()))
        if real:
            return max(real)
        return JOKER
    if last:  # the trick is won whatever is played: spend the highest card
        return max(winners, key=lambda i: (i // 13 != trump, i % 13))
    return min(winners, key=lambda i: (i // 13 == trump, i % 13))


_COMPILED: list = []  # the compiled play-out once loaded, or None where it cannot be


def compiled_rollout():
    """The compiled play-outs (the ``rollout``, ``trix_rollout`` and ``trex_rollout``
    kernels, and ``read``, :mod:`tutor.search.reading`'s, with numpy's ``array``,
    ``int64``, ``log`` and ``where``),
    or None where numba is missing or ``TRIX_TUTOR_SOLVER=python`` asks for plain Python
    (as for the solver). Loaded on first use: numba keeps it compiled beside the code.
    They play the rules of this module as written: a caller that swaps a rule in (a
    benchmark, a test watching the calls) asks for the plain play-outs (:func:`keep_plain`).
    None, for now, while another process compiles them (:func:`tutor.engine.warming.warming`)."""
    if not _COMPILED and warming():
        return None
    if not _COMPILED:
        fast = None
        if os.environ.get("TRIX_TUTOR_SOLVER", "").strip().lower() != "python":
            try:
                from tutor.engine.jit import compile_kernels  # numba first: it needs numpy

                import numpy
                kernels = compile_kernels(rollout_kernels)
                fast = SimpleNamespace(rollout=kernels.rollout, trix_rollout=kernels.trix_rollout,
                                       trex_rollout=kernels.trex_rollout, read=kernels.read,
                                       array=numpy.array, int64=numpy.int64, log=numpy.log,
                                       where=numpy.where)
            except Exception:  # no numba, or one that cannot compile: the plain play-out
                fast = None
        _COMPILED.append(fast)
    return _COMPILED[0]


def keep_plain(plain: bool = True) -> None:
    """Play the plain play-out from now on (``plain``), or the compiled one again where it
    loads: the benchmarks time both on the same decisions."""
    _COMPILED[:] = [None] if plain else []


class TricksWon(list):
    """The tricks each seat ended a play-out with (a list, equal to ``won``), and
    ``first``: the seat that took the first trick the play-out closed (the advice's
    reasons ask who takes the trick in progress)."""

    __slots__ = ("first",)


def misses_pay(rules) -> bool:
    """Whether a seat past its bid still gains by each trick more: the rules' missed bid
    scores its tricks (``tricks_if_missed``, OpenSpiel's ``oh_hell``), where exact scoring
    gives a miss the same points whatever the tricks and squared scoring fewer."""
    return rules.score(0, 2) > rules.score(0, 1)


def need_of(bid: int, won: int, left: int, greedy: bool) -> int:
    """The tricks a seat plays for (:func:`trixter_card`'s ``need``): what its bid still
    needs; once past it, none (it ducks), or with ``greedy`` (:func:`misses_pay`) all
    ``left`` (its cards in hand): the bid is lost and each trick scores."""
    need = bid - won
    return left if need < 0 and greedy else need


def trixter_rollout(hands: list[int], jokers: list[int], trick: list[int], leader: int,
                    trump: int, bids: Sequence[int], won: list[int], gone: int,
                    end=None, end_cards: int = 0, err: int = 0, steady: int = -1,
                    state: int = 0, greedy: bool = False) -> TricksWon:
    """Play the hand out, every seat by :func:`trixter_card` for its own bid: the tricks
    each seat ends with, and the seat that took the first trick (:class:`TricksWon`).
    ``hands``, ``jokers``, ``won`` are changed in place; ``gone``: the cards played so
    far. The play-out the advice hands the tree search (its ``rollout``,
    :func:`tutor.search.tree.search`) and the bid advisor plays.
    ``end``: once the seat to move at a trick's start (or here) holds ``end_cards`` cards
    or fewer, ``end(hands, jokers, trick, leader, trump, bids, won, gone)`` plays the rest
    and returns the final tricks and the first trick's winner
    (:func:`tutor.search.last_tricks.exact_rollout` passes the exact play).
    ``err`` (per mille, 0: never): every seat but ``steady`` plays a legal card at random
    that often instead of the rule's, drawn from ``state`` (:func:`erring_rollout`).
    ``greedy``: a seat past its bid takes what tricks it can (:func:`need_of`)."""
    n = len(hands)
    fast = compiled_rollout() if end is None else None
    if fast is not None:  # the same play-out, compiled (:mod:`tutor.search.rollout_kernels`)
        a = fast.array(rollout_kernels.pack(hands, jokers, trick, leader, trump, bids, won,
                                            gone, err, steady, state, greedy),
                       dtype=fast.int64)
        first, a = fast.rollout(a), a.tolist()
        at = rollout_kernels.HEAD
        hands[:], jokers[:] = a[at:at + n], a[at + n:at + 2 * n]
        at += rollout_kernels.WON * n
        won[:] = a[at:at + n]
        out = TricksWon(won)
        out.first = first
        return out
    trick = list(trick)
    first = -1
    # The card winning the trick so far and its place, kept as cards fall (trick_winner's).
    at = trick_winner(trick, trump)
    top = trick[at] if led_suit(trick) >= 0 else -1
    while True:
        if end is not None:  # the exact end, once the seat to move is down to end_cards
            s = (leader + len(trick)) % n
            if hands[s].bit_count() + jokers[s] <= end_cards:
                final, first_end = end(hands, jokers, trick, leader, trump, bids, won,
                                       gone)[:2]
                won[:] = final
                out = TricksWon(won)
                out.first = first if first >= 0 else first_end
                return out
        while len(trick) < n:
            s = (leader + len(trick)) % n
            h = hands[s]
            c = -1
            if err > 0 and s != steady:  # the kernel's draws, in its order
                state = rollout_kernels.draw(state)
                if (state >> 8) % 1000 < err:
                    allowed = legal_mask(h, jokers[s], trick)
                    state = rollout_kernels.draw(state)
                    c = rollout_kernels.nth_bit(allowed, (state >> 8) % allowed.bit_count())
            if c < 0:
                c = trixter_card(h, jokers[s], trick, trump, FULL & ~gone & ~h,
                                 need_of(bids[s], won[s], h.bit_count() + jokers[s], greedy),
                                 len(trick) == n - 1, True, top)
            if c == JOKER:
                jokers[s] -= 1
            else:
                hands[s] = h & ~(1 << c)
                gone |= 1 << c
                if top < 0 or HIGHER[top] >> c & 1 or (
                        c // 13 == trump and top // 13 != trump):
                    top, at = c, len(trick)
            trick.append(c)
        w = (leader + at) % n
        at, top = 0, -1
        won[w] += 1
        if first < 0:
            first = w
        leader = w
        trick = []
        if not hands[w] and not jokers[w]:
            out = TricksWon(won)
            out.first = first
            return out


def erring_rollout(steady: int, err: int, rng, greedy: bool = False
                   ) -> Callable[..., TricksWon]:
    """:func:`trixter_rollout` as a tree's play-out (:data:`tutor.search.tree.Rollout`) in
    which every seat but ``steady`` errs ``err`` times in a thousand (a legal card at
    random), each play-out's draws seeded from ``rng`` (a :class:`random.Random`): the
    computer players' model of the others (:data:`tutor.advice.trixter.OTHERS_ERR`).
    ``greedy``: as :func:`trixter_rollout` takes it."""
    def rollout(hands, jokers, trick, leader, trump, bids, won, gone):
        return trixter_rollout(hands, jokers, trick, leader, trump, bids, won, gone,
                               err=err, steady=steady, state=rng.getrandbits(31),
                               greedy=greedy)

    return rollout


# --- Trix: the trick contracts --------------------------------------------------------------
class TrixDeal:
    """One deal's numbers for the policy: what each card costs each seat, the per-trick
    points, the lead and discard duties, the cards that still score."""

    def __init__(self, contracts, doubles, rules, partnership: bool | None = None) -> None:
        self.contracts = frozenset(contracts)
        self.rules = rules
        swap = rules.swap_diamonds_ltoosh
        scores = card_scores(self.contracts, swap)
        doubled = {c.index: s for c, s in doubles}
        self.doubles = list(doubles)
        self.cost = []
        for seat in range(4):
            row = {}
            for card, sc in scores.items():
                d = doubled.get(card.index, seat)
                row[card.index] = -(sc.doubled if d != seat else sc.plain)
            self.cost.append(row)
        self.per_trick = -trick_points(self.contracts, swap)
        self.ltoosh = Contract.LTOOSH in self.contracts
        self.king = Contract.KING in self.contracts
        self.diamonds = Contract.DIAMONDS in self.contracts
        self.scoring = penalty_cards(self.contracts).mask
        self.ban = lead_ban(self.contracts, rules).mask
        self.duty = discard_duty(self.contracts, rules).mask
        self.partnership = rules.partnership if partnership is None else partnership
        self.costs = None  # the costs as the compiled play-out reads them, once needed


_DEALS: dict = {}


def trix_deal(contracts, doubles, rules, partnership: bool | None = None) -> TrixDeal:
    """The deal's numbers, kept: the rollouts of a decision meet few combinations.
    ``partnership`` (default: the rules') says whether the seat across is a partner."""
    key = (frozenset(contracts), tuple(doubles), rules, partnership)
    deal = _DEALS.get(key)
    if deal is None:
        if len(_DEALS) > 512:
            _DEALS.clear()
        deal = _DEALS[key] = TrixDeal(contracts, doubles, rules, partnership)
    return deal


def trix_card(deal: TrixDeal, seat: int, hand: int, trick: list[tuple[int, int]],
              unseen: int) -> int:
    """The beginner's card in a trick contract on masks: duck under the winning card, shed
    what costs most when void, lead low where others hold higher cards. ``trick``: the
    (seat, card) pairs down."""
    cost = deal.cost[seat]
    if not trick:
        return _trix_lead(deal, cost, hand, unseen)
    led = trick[0][1] // 13
    follow = hand & SUIT[led]
    at = trick_winner([c for _, c in trick], -1)
    win_seat, win = trick[at]
    if follow:
        ducks = [i for i in bits(follow) if i < win]
        if deal.king and KING_OF_HEARTS in ducks:  # the K♥ under the A♥: it is theirs now
            return KING_OF_HEARTS
        if len(trick) == 3 and not deal.ltoosh and \
                sum(cost.get(c, 0) for _, c in trick) + deal.per_trick == 0:
            safe = [i for i in bits(follow) if not cost.get(i)]
            if safe:  # a clean trick: take it with the highest card, that is safe now
                return max(safe)
        if ducks:
            return max(ducks)
        return min(bits(follow), key=lambda i: (cost.get(i, 0), -i))
    legal = trix_legal_mask(hand, led, deal.ban, deal.duty)
    if deal.partnership and win_seat == (seat + 2) % 4:  # not onto the partner's trick
        return min(bits(legal), key=lambda i: (cost.get(i, 0), -(i % 13)))
    return max(bits(legal), key=lambda i: (cost.get(i, 0), i % 13,
                                           -(hand & SUIT[i // 13]).bit_count()))


def _trix_lead(deal: TrixDeal, cost: dict, hand: int, unseen: int) -> int:
    legal = trix_legal_mask(hand, -1, deal.ban, deal.duty)
    king_out = deal.king and unseen >> KING_OF_HEARTS & 1
    costly_suits = [0, 0, 0, 0]
    for i in bits(hand):
        if cost.get(i):
            costly_suits[i // 13] += 1

    def risk(i: int) -> tuple:
        s = i // 13
        higher = (unseen & HIGHER[i]).bit_count()
        smoke = king_out and s == HEARTS and i < KING_OF_HEARTS  # a heart under the king
        c = cost.get(i, 0)
        own = costly_suits[s] - (1 if c else 0) > 0
        return (higher == 0 and unseen & SUIT[s] != 0, not smoke, c > 0,
                own or (deal.diamonds and s == DIAMONDS), -higher, i % 13)

    return min(bits(legal), key=risk)


def close_trick(trick: list[tuple[int, int]], taken: list[int], won: list[int]) -> int:
    """The seat that takes a full Trix trick of (seat, card) pairs: its cards go to that
    seat's ``taken`` and its count to ``won`` (changed in place)."""
    w = trick[trick_winner([c for _, c in trick], -1)][0]
    mask = 0
    for _, c in trick:
        mask |= 1 << c
    won[w] += 1
    taken[w] |= mask
    return w


def trix_rollout(deal: TrixDeal, hands: list[int], trick: list[tuple[int, int]],
                 leader: int, taken: list[int], won: list[int], gone: int) -> None:
    """Play the deal's tricks out by :func:`trix_card` (``taken`` and ``won`` changed in
    place); stops once no card that scores is left, unless every trick scores (Ltoosh).
    Compiled where numba is present (:mod:`tutor.search.rollout_kernels`), the same cards."""
    fast = compiled_rollout()
    if fast is not None:
        if deal.costs is None:
            deal.costs = fast.array(rollout_kernels.trix_costs(deal), dtype=fast.int64)
        a = fast.array(rollout_kernels.trix_pack(deal, hands, trick, leader, taken, won, gone),
                       dtype=fast.int64)
        fast.trix_rollout(a, deal.costs)
        a, at = a.tolist(), rollout_kernels.TRIX_HEAD
        hands[:], taken[:], won[:] = a[at:at + 4], a[at + 4:at + 8], a[at + 8:at + 12]
        return
    trick = list(trick)
    while True:
        while len(trick) < 4:
            s = (leader + len(trick)) % 4
            h = hands[s]
            c = trix_card(deal, s, h, trick, FULL & ~gone & ~h)
            hands[s] = h & ~(1 << c)
            gone |= 1 << c
            trick.append((s, c))
        leader = close_trick(trick, taken, won)
        trick = []
        if not hands[leader]:
            return
        if not deal.ltoosh and not deal.scoring & (hands[0] | hands[1] | hands[2] | hands[3]):
            return


def would_double(hand: int, card: int) -> bool:
    """The beginner's double of a penalty card: long and low in its suit (four cards or
    more, two of them an eight or lower)."""
    suit = bits(hand & SUIT[card // 13])
    return len(suit) >= 4 and sum(1 for i in suit if i % 13 <= 8 - 2) >= 2


# --- Trex ---------------------------------------------------------------------------------
def trex_card(hand: int, playable: int, high_first: bool = False) -> int:
    """The beginner's Trex card: jacks of long suits, cards that open the hand's own runs,
    holding back those that help others. Between two cards of a suit that do equally well
    the lower goes (the advice's play-outs), or with ``high_first`` the higher (the
    beginner bot at the table, which reads its cards high first)."""

    def value(i: int) -> tuple:
        s, r = divmod(i, 13)
        suit = hand & SUIT[s]
        if r == JACK:
            return (2 + suit.bit_count(), -s)
        step = 1 if r > JACK else -1
        beyond = sum(1 for j in bits(suit) if (j % 13 - r) * step > 0)
        nxt = r + step
        end = nxt > 12 or nxt < 0
        opens = not end and bool(hand >> (13 * s + nxt) & 1)
        helps = not end and not opens
        return (3 * opens + beyond - 2 * helps + 2 * end, -s)

    order = bits(playable)
    if high_first:
        order.sort(key=lambda i: (i // 13, -i))
    return max(order, key=value)


def trex_shrewd_card(hand: int, playable: int) -> int:
    """The play-outs' Trex card. A seat loses ground only by passing, so it opens its own
    runs (its next card in the row: 3.5; each of its cards further on: 2) and keeps the
    rows it holds up closed: each other seat's card further along the row costs 0.25 up
    to the hand's next card there, and 0.95 past it (the cards that card holds up, which
    the row must let through once it goes). The weights come from a hill climb on
    duplicated self-play against :func:`trex_card`, rounded; ``benchmarks/trex_policy.py``
    measures them. Between equals the lowest card goes."""
    return rollout_kernels.trex_card(hand, playable)  # one code, plain or compiled


def trex_rollout(hands: list[int], low: list[int], high: list[int], out: list[int],
                 turn: int) -> list[int]:
    """Play the Trex layout out by :func:`trex_shrewd_card`: the finishing order (all four
    seats). ``hands``, the rows and ``out`` are changed in place. Compiled where numba is
    present (:mod:`tutor.search.rollout_kernels`), the same cards."""
    fast = compiled_rollout()
    if fast is not None:
        a = fast.array(rollout_kernels.trex_pack(hands, low, high, out, turn), dtype=fast.int64)
        fast.trex_rollout(a)
        a, at = a.tolist(), rollout_kernels.TREX_HEAD
        hands[:], low[:], high[:] = a[at:at + 4], a[at + 4:at + 8], a[at + 8:at + 12]
        out[:] = a[at + 12:at + 16]
        return out
    while len(out) < 3:
        h = hands[turn]
        p = trex_playable(h, low, high)
        if p:
            c = trex_shrewd_card(h, p)
            hands[turn] = h & ~(1 << c)
            trex_place(low, high, c)
            if not hands[turn]:
                out.append(turn)
                if len(out) == 3:
                    break
        turn = (turn + 1) % 4
        while turn in out:
            turn = (turn + 1) % 4
    out.append(next(s for s in range(4) if s not in out))
    return out
