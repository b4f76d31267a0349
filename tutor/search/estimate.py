"""How many tricks a Trixter hand can expect: the count behind the beginner's bid, the
bid model of the tree search (:func:`tutor.search.tree.likely_bid`) and the bid advisor.

The cards the seat has not seen (other hands and undealt cards) are one pool it reasons
about by chance.
"""

from __future__ import annotations

import functools
from math import comb, exp, factorial

from tutor.engine.cards import Card, CardSet, Suit

__all__ = ["estimate_tricks", "estimate_mask"]


def _binom(k: int, j: int, p: float) -> float:
    return comb(k, j) * p ** j * (1 - p) ** (k - j)


def estimate_tricks(hand: list[Card], trump: Suit | None, players: int,
                    jokers: int = 0) -> float:
    """How many tricks ``hand`` can expect to take with ``trump`` at a table of
    ``players`` (every seat holding as many cards as this hand).

    A card counts by the chance that the opponents hold no more of the higher cards of
    its suit than it has guards below it; side cards lose value when an opponent may be
    void and ruff; spare trumps count for ruffs where the hand is short.

    >>> hand = [Card.parse(c) for c in ("AS", "KS", "QS")]
    >>> round(estimate_tricks(hand, Suit.SPADES, players=3, jokers=2), 2)
    3.0
    >>> low = [Card.parse(c) for c in ("2H", "3D", "4C")]
    >>> estimate_tricks(low, Suit.SPADES, players=4) < 0.3
    True
    """
    return estimate_mask(CardSet(hand).mask, len(hand), -1 if trump is None else int(trump),
                         players, jokers)


def estimate_mask(mask: int, size: int, trump: int, players: int, jokers: int = 0) -> float:
    """:func:`estimate_tricks` of the hand of ``size`` cards whose non-joker cards are the
    bits of ``mask`` (``trump`` a suit number, or -1 for none): the same count, each suit's
    part computed once (the advice weighs thousands of layouts' hands by it)."""
    if not size:
        return 0.0
    n_trumps = (mask >> (13 * trump) & 0x1FFF).bit_count() if trump >= 0 else 0
    memo = _SUIT_MEMO
    table = size << 19 | players << 24 | jokers << 28
    total = trump_wins = shortness = 0.0
    for suit in range(4):
        ranks = mask >> (13 * suit) & 0x1FFF
        kind = 2 if trump < 0 else (0 if suit == trump else 1)
        if ranks:
            held = n_trumps if kind == 1 else 0
            key = table | held << 15 | kind << 13 | ranks
            win = memo.get(key)
            if win is None:
                if len(memo) >= _MEMO_SIZE:
                    memo.clear()
                win = memo[key] = _suit_wins(ranks, kind, size, players, jokers, held)
            total += win
            if kind == 0:
                trump_wins = win
        if kind == 1:
            shortness += (1.0, 0.5, 0.2)[ranks.bit_count()] if ranks.bit_count() < 3 else 0.0
    if trump >= 0 and size >= 3:
        spare = max(0.0, n_trumps - trump_wins)
        total += 0.6 * min(1.0, 4 / players) * min(spare, shortness)
    if players <= 4 and size > 8:  # measured in play: long hands win more than counted
        total += 0.05 * (size - 8)
    return max(0.0, min(float(size), total))


_SUIT_MEMO: dict[int, float] = {}
"""Each suit's part of :func:`estimate_mask` by one int key: the suit's ranks (bits 0-12),
its kind (13-14), trumps held (15-18), hand size (19-23), players (24-27), jokers (from
28). A flat dict is the cheapest lookup, and the advice's layouts meet the same suits
again and again."""
_MEMO_SIZE = 1 << 18


def _suit_wins(ranks: int, kind: int, size: int, players: int, jokers: int,
               n_trumps: int) -> float:
    """The tricks the cards of one suit (``ranks``: bit ``r - 2`` for rank ``r``) can
    expect: ``kind`` 0 the trump suit, 1 a side suit (``n_trumps`` held), 2 no trump.
    Card by card, highest first: a card's part depends only on how many higher cards are
    out, its place in the suit and the suit's length (:func:`_card_wins`)."""
    length = ranks.bit_count()
    total = 0.0
    i = 0
    for r in range(12, -1, -1):
        if ranks >> r & 1:  # 12 - r ranks above it, i of them held
            total += _card_wins(12 - r - i, i, length, kind, size, players, jokers, n_trumps)
            i += 1
    return total


@functools.lru_cache(maxsize=1 << 16)
def _card_wins(higher: int, i: int, length: int, kind: int, size: int, players: int,
               jokers: int, n_trumps: int) -> float:
    """The tricks the ``i``-th highest card (from 0) of a suit of ``length`` held can
    expect, with ``higher`` cards above it out (see :func:`_suit_wins`)."""
    unseen = 52 + jokers - size
    p = min(1.0, (players - 1) * size / unseen) if unseen else 0.0
    has_trump = 0.0
    if kind == 1:  # the chance that an opponent holds a trump at all
        has_trump = 1 - (1 - (13 - n_trumps) / unseen) ** size if unseen else 0.0
    guard = max(0.4, 0.85 - 0.1 * (players - 3))  # a guarded card survives a higher one
    out_len = (13 - length) * p / max(1, players - 1)  # per opponent, on average
    guards = length - 1 - i
    win = sum(_binom(higher, j, p) * guard ** j for j in range(min(higher, guards) + 1))
    # A long card: in round i + 1 of the suit every opponent may be out of it.
    exhausted = _poisson_cdf(i - 1, out_len) ** (players - 1) if i >= 2 else 0.0
    if kind == 1:
        # Round i + 1 of the suit: an opponent with at most i cards of it may ruff.
        short = _poisson_cdf(i, out_len)
        win *= (1 - 0.9 * has_trump * short) ** (players - 1)
        exhausted *= 0.3
        if size <= 2:  # in a tiny hand a side card wins only if its suit is led
            win *= 0.4 + 0.2 * size
    return max(win, exhausted)


def _poisson_cdf(k: int, mean: float) -> float:
    return sum(exp(-mean) * mean ** j / factorial(j) for j in range(k + 1))
