"""The Trixter play-out (:func:`tutor.search.policy.trixter_rollout`) as one kernel numba
compiles: the same cards, the same tricks, written without lists or keys.

Two thirds of a Trixter decision's time is play-outs (at 9 to 13 cards), all of it the
beginner's rule (:func:`tutor.search.policy.trixter_card`) walking small lists. Compiled,
a play-out costs a few microseconds, so a hint comes sooner for the same work; the work
and so every answer stay those of the plain play-out (``tests/test_rollout_kernels.py``
plays both on random positions). Where numba is missing (the browser) the plain play-out
runs, not this file: run plainly it is slower than the plain play-out.

One int64 array carries a play-out (:func:`pack`): ``n``, the leader, the trump (-1:
none), the cards gone, the trick's length, then per seat the hand, the jokers, the bid and
the tricks won, then the trick. ``rollout`` plays it out, leaves every seat's tricks in
the array and returns the seat that took the first trick it closed. Ties between cards
are broken as the plain rule breaks them (its ``min``/``max`` keep the first of equals,
cards walked lowest first).
"""

from __future__ import annotations

__all__ = ["rollout", "pack", "WON", "HEAD", "SIGNATURES", "INLINE", "NRT"]

JOKER = 52
FULL = (1 << 52) - 1
SUIT = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
HIGHER = tuple(SUIT[i // 13] & ~((2 << i) - 1) for i in range(52))
HEAD = 5  # n, leader, trump, gone, trick length
WON = 3  # the tricks won: the fourth block of seats


popcount = int.bit_count  # numba: one popcnt instruction (:mod:`tutor.engine.jit`)


def msb(x):
    """Index of the highest set bit of x > 0."""
    return x.bit_length() - 1


def pack(hands, jokers, trick, leader, trump, bids, won, gone) -> list[int]:
    """The array's contents for a play-out (numpy's int64 for the compiled kernel)."""
    n = len(hands)
    return [n, leader, trump, gone, len(trick), *hands, *jokers, *bids, *won, *trick,
            *[0] * (n - len(trick))]


# --- how tutor.engine.jit compiles them (here, so that a change recompiles them) -------
INLINE = {"popcount", "msb", "legal", "lead", "win", "duck", "card"}
NRT = False
SIGNATURES = {"rollout": "int64(int64[::1])"}


def legal(hand, jokers, A, t, tlen):
    """:func:`tutor.engine.masks.legal_mask` on the trick at ``A[t:t + tlen]``."""
    if tlen == 0:
        return hand if hand else 1 << JOKER
    for k in range(tlen):
        c = A[t + k]
        if c != JOKER:
            follow = hand & SUIT[c // 13]
            if follow:
                return follow
            break
    return hand | (1 << JOKER if jokers else 0)


def lead(hand, jokers, legal_, trump, unseen, need):
    """``policy._trixter_lead`` (trumps drawn), ties as its ``min``/``max`` break them."""
    tmask = SUIT[trump] if trump >= 0 else 0
    side = legal_ & ~tmask
    if not side:
        side = legal_
    best, bk1, bk2 = -1, 0, 0
    if need <= 0:  # the card most likely beaten: most unseen above, then the lowest rank
        m = side
        while m:
            i = msb(m & -m)
            m &= m - 1
            k1, k2 = popcount(unseen & HIGHER[i]), -(i % 13)
            if best < 0 or k1 > bk1 or (k1 == bk1 and k2 > bk2):
                best, bk1, bk2 = i, k1, k2
        return best
    if unseen & tmask:  # the lowest master trump draws trumps
        m = legal_ & tmask
        while m:
            i = msb(m & -m)
            m &= m - 1
            if not unseen & HIGHER[i]:
                return i
    for pool in (side, legal_):  # a master, side suits first: not a trump, the lowest rank
        m = pool
        while m:
            i = msb(m & -m)
            m &= m - 1
            if not unseen & HIGHER[i]:
                k1, k2 = 1 if i // 13 == trump else 0, i % 13
                if best < 0 or k1 < bk1 or (k1 == bk1 and k2 < bk2):
                    best, bk1, bk2 = i, k1, k2
        if best >= 0:
            return best
    if need >= popcount(hand) + jokers:  # every trick needed: the highest, trumps first
        m = legal_
        while m:
            i = msb(m & -m)
            m &= m - 1
            k1, k2 = 1 if i // 13 == trump else 0, i % 13
            if best < 0 or k1 > bk1 or (k1 == bk1 and k2 > bk2):
                best, bk1, bk2 = i, k1, k2
        return best
    m = side  # the lowest of the longest side suit
    while m:
        i = msb(m & -m)
        m &= m - 1
        k1, k2 = -popcount(hand & SUIT[i // 13]), i % 13
        if best < 0 or k1 < bk1 or (k1 == bk1 and k2 < bk2):
            best, bk1, bk2 = i, k1, k2
    return best


def win(hand, winners, losers, joker_ok, led, top, trump, unseen, last):
    """``policy._trixter_win``: the cheapest card that wins, else the cheapest to throw."""
    best, bk1, bk2, bk3 = -1, 0, 0, 0
    if winners:
        if last:
            m = winners
            while m:
                i = msb(m & -m)
                m &= m - 1
                k1, k2 = 1 if i // 13 == trump else 0, i % 13
                if best < 0 or k1 < bk1 or (k1 == bk1 and k2 < bk2):
                    best, bk1, bk2 = i, k1, k2
            return best
        m = winners
        while m:  # the lowest master of the suit winning
            i = msb(m & -m)
            m &= m - 1
            if not unseen & HIGHER[i] and i // 13 == top // 13:
                return i
        if trump >= 0 and led != trump and winners & SUIT[trump]:
            t = winners & SUIT[trump]
            return msb(t & -t)
        m = winners
        while m:  # the highest rank, the first of equals
            i = msb(m & -m)
            m &= m - 1
            if best < 0 or i % 13 > bk1:
                best, bk1 = i, i % 13
        return best
    if joker_ok:
        return JOKER
    m = losers
    while m:
        i = msb(m & -m)
        m &= m - 1
        k1, k2, k3 = 1 if i // 13 == trump else 0, i % 13, popcount(hand & SUIT[i // 13])
        if best < 0 or k1 < bk1 or (k1 == bk1 and (k2 < bk2 or (k2 == bk2 and k3 < bk3))):
            best, bk1, bk2, bk3 = i, k1, k2, k3
    return best


def duck(winners, losers, joker_ok, led, trump, unseen, last):
    """``policy._trixter_duck``: the highest card that loses (high side cards when void)."""
    best, bk1, bk2 = -1, 0, 0
    if losers or joker_ok:
        if losers:
            follow = losers & SUIT[led]
            if follow:
                return msb(follow)
            side = losers & ~SUIT[trump] if trump >= 0 else losers
            m = side
            while m:
                i = msb(m & -m)
                m &= m - 1
                k1, k2 = i % 13, -popcount(unseen & HIGHER[i])
                if best < 0 or k1 > bk1 or (k1 == bk1 and k2 > bk2):
                    best, bk1, bk2 = i, k1, k2
            if best >= 0:
                return best
            return msb(losers)
        return JOKER
    m = winners
    while m:
        i = msb(m & -m)
        m &= m - 1
        if last:  # won whatever is played: the highest, side cards first
            k1, k2 = 1 if i // 13 != trump else 0, i % 13
            if best < 0 or k1 > bk1 or (k1 == bk1 and k2 > bk2):
                best, bk1, bk2 = i, k1, k2
        else:
            k1, k2 = 1 if i // 13 == trump else 0, i % 13
            if best < 0 or k1 < bk1 or (k1 == bk1 and k2 < bk2):
                best, bk1, bk2 = i, k1, k2
    return best


def card(hand, jokers, A, t, tlen, trump, unseen, need, last, top):
    """:func:`tutor.search.policy.trixter_card` (trumps drawn), ``top`` the card winning
    the trick so far (-1 while no card but jokers is down)."""
    allowed = legal(hand, jokers, A, t, tlen)
    if not allowed & (allowed - 1):
        return msb(allowed)
    legal_, joker_ok = allowed & FULL, allowed >> JOKER
    if not legal_:
        return JOKER
    if top < 0:
        return lead(hand, jokers, legal_, trump, unseen, need)
    led = -1
    for k in range(tlen):
        if A[t + k] != JOKER:
            led = A[t + k] // 13
            break
    over = HIGHER[top]
    if trump >= 0 and top // 13 != trump:
        over |= SUIT[trump]
    winners, losers = legal_ & over, legal_ & ~over
    if need > 0:
        return win(hand, winners, losers, joker_ok, led, top, trump, unseen, last)
    return duck(winners, losers, joker_ok, led, trump, unseen, last)


def rollout(A):
    """Play the hand in ``A`` (:func:`pack`) out, every seat by the rule for its bid; the
    tricks won are left in ``A``, the first trick's taker is returned."""
    n, leader, trump, gone, tlen = A[0], A[1], A[2], A[3], A[4]
    H, J, B, W, T = HEAD, HEAD + n, HEAD + 2 * n, HEAD + 3 * n, HEAD + 4 * n
    at, top = 0, -1  # the card winning the trick so far and its place
    for k in range(tlen):
        c = A[T + k]
        if c != JOKER and (top < 0 or HIGHER[top] >> c & 1 or (
                c // 13 == trump and top // 13 != trump)):
            top, at = c, k
    first = -1
    while True:
        while tlen < n:
            s = (leader + tlen) % n
            h = A[H + s]
            c = card(h, A[J + s], A, T, tlen, trump, FULL & ~gone & ~h, A[B + s] - A[W + s],
                     tlen == n - 1, top)
            if c == JOKER:
                A[J + s] -= 1
            else:
                A[H + s] = h & ~(1 << c)
                gone |= 1 << c
                if top < 0 or HIGHER[top] >> c & 1 or (c // 13 == trump and top // 13 != trump):
                    top, at = c, tlen
            A[T + tlen] = c
            tlen += 1
        w = (leader + at) % n
        at, top, tlen = 0, -1, 0
        A[W + w] += 1
        if first < 0:
            first = w
        leader = w
        if not A[H + w] and not A[J + w]:
            return first
