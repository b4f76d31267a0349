"""The play-outs of :mod:`tutor.search.policy` (Trixter's ``trixter_rollout``, Trix's
``trix_rollout`` and ``trex_rollout``) as kernels numba compiles: the same cards, written
without lists or sort keys.

Most of an advice decision's time was play-outs (two thirds of a Trixter decision at 9 to
13 cards, three quarters of a Trix one), all of it the rules walking small lists.
Compiled, a play-out costs a few microseconds, so a hint comes sooner for the same work;
the work and so every answer stay those of the plain play-outs
(``tests/test_rollout_kernels.py`` plays both on random positions). Where numba is
missing (the browser) the plain play-outs run, not this file: run plainly it is slower.

One int64 array carries a play-out (:func:`pack`, :func:`trix_pack`, :func:`trex_pack`),
each kernel leaving its results in it. A Trixter play-out's array: ``n``, the leader, the
trump (-1: none), the cards gone, the trick's length, then per seat the hand, the jokers,
the bid and the tricks won, then the trick, then how often the other seats err (per
mille, 0: never), the seat that does not, the random state (:func:`draw`) and whether a
seat past its bid takes tricks (a miss scores them);
``rollout`` returns the seat that took the first trick it closed. Ties between cards are
broken as the plain rules break them (their ``min``/``max`` keep the first of equals, cards
walked lowest first).
"""

from __future__ import annotations

__all__ = ["rollout", "pack", "draw", "nth_bit", "WON", "HEAD", "read", "read_pack", "READ_EVENT",
           "trix_rollout", "trix_pack", "trix_costs", "TRIX_HEAD", "trex_rollout", "trex_pack",
           "TREX_HEAD", "SIGNATURES", "INLINE", "NRT"]

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


def beats(c, top, trump):
    """Whether card ``c`` (not a joker) wins over ``top``, the trick's winning card so far
    (-1: none yet): higher in its suit, or a trump over a side card."""
    return top < 0 or (HIGHER[top] >> c & 1) == 1 or (c // 13 == trump and top // 13 != trump)


def pack(hands, jokers, trick, leader, trump, bids, won, gone, err: int = 0,
         steady: int = -1, state: int = 0, greedy: bool = False) -> list[int]:
    """The array's contents for a play-out (numpy's int64 for the compiled kernel): with
    ``err`` > 0, every seat but ``steady`` plays a legal card at random ``err`` times in a
    thousand (:func:`draw` from ``state``); ``greedy``: a seat past its bid takes what
    tricks it can (:func:`tutor.search.policy.need_of`)."""
    n = len(hands)
    return [n, leader, trump, gone, len(trick), *hands, *jokers, *bids, *won, *trick,
            *[0] * (n - len(trick)), err, steady, state, int(greedy)]


def draw(state):
    """The next state of the play-outs' own random numbers, in [0, 2**31): a linear
    congruential generator (the C library's constants), the same plain and compiled."""
    return (state * 1103515245 + 12345) & 0x7FFFFFFF


def nth_bit(mask, k):
    """The index of the ``k``-th lowest set bit of ``mask`` (from 0)."""
    for _ in range(k):
        mask &= mask - 1
    return msb(mask & -mask)


# --- how tutor.engine.jit compiles them (here, so that a change recompiles them) -------
INLINE = {"popcount", "msb", "beats", "draw", "nth_bit", "legal", "lead", "win", "duck", "card",
          "trix_top", "trix_lead", "trix_card", "trex_playable", "trex_card", "trex_out"}
NRT = False
SIGNATURES = {"rollout": "int64(int64[::1])", "read": "int64(int64[::1])",
              "trix_rollout": "int64(int64[::1], int64[::1])",
              "trex_rollout": "int64(int64[::1])"}


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
        if c != JOKER and beats(c, top, trump):
            top, at = c, k
    first = -1
    err, steady, state, greedy = A[T + n], A[T + n + 1], A[T + n + 2], A[T + n + 3]
    while True:
        while tlen < n:
            s = (leader + tlen) % n
            h = A[H + s]
            c = -1
            if err > 0 and s != steady:  # a seat that errs: a legal card at random
                state = draw(state)
                if (state >> 8) % 1000 < err:
                    allowed = legal(h, A[J + s], A, T, tlen)
                    state = draw(state)
                    c = nth_bit(allowed, (state >> 8) % popcount(allowed))
            if c < 0:
                need = A[B + s] - A[W + s]
                if need < 0 and greedy:  # past its bid, where a miss scores its tricks
                    need = popcount(h) + A[J + s]
                c = card(h, A[J + s], A, T, tlen, trump, FULL & ~gone & ~h, need,
                         tlen == n - 1, top)
            if c == JOKER:
                A[J + s] -= 1
            else:
                A[H + s] = h & ~(1 << c)
                gone |= 1 << c
                if beats(c, top, trump):
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


# --- Reading the cards played: tutor.search.reading ----------------------------------------
# The array (read_pack): the events' count, the layouts' count, the trump, the players;
# then each event's block (READ_EVENT: its seat, card, the cards gone before it, the tricks
# it played for (need_of), whether it was the trick's last card, the seat's cards and jokers played
# from it on, the trick's length and cards); then each layout's hands and jokers, seat by
# seat; then an answer for each layout and event.
READ_EVENT = 16


def read_pack(events, layouts, trump: int, n: int) -> list[int]:
    """The array's contents for :func:`read` (``events``: :data:`tutor.search.reading.Event`;
    ``layouts``: a hand per seat, ``.mask`` and ``.jokers``)."""
    out = [len(events), len(layouts), trump, n]
    for s, c, trick, gone, need, last, later, later_jokers in events:
        out += [s, c, gone, need, int(last), later, later_jokers, len(trick), *trick,
                *[0] * (READ_EVENT - 8 - len(trick))]
    for hands in layouts:
        for h in hands:
            out += [h.mask, h.jokers]
    return out + [0] * (len(events) * len(layouts))


def read(A):
    """:func:`tutor.search.reading.rule_agrees` for each layout and event of ``A``
    (:func:`read_pack`): ``2 * legal + same`` left in the answers, layout by layout."""
    ne, nl, trump, n = A[0], A[1], A[2], A[3]
    L = 4 + ne * READ_EVENT
    R = L + nl * 2 * n
    for lay in range(nl):
        for e in range(ne):
            b = 4 + e * READ_EVENT
            at = L + (lay * n + A[b]) * 2
            held, jk, tlen, t = A[at] | A[b + 5], A[at + 1] + A[b + 6], A[b + 7], b + 8
            allowed = legal(held, jk, A, t, tlen)
            k = popcount(allowed)
            same = 1  # a forced card is the rule's too
            if k >= 2:
                top = -1
                for i in range(tlen):
                    c = A[t + i]
                    if c != JOKER and beats(c, top, trump):
                        top = c
                rule = card(held, jk, A, t, tlen, trump, FULL & ~A[b + 2] & ~held, A[b + 3],
                            A[b + 4] == 1, top)
                same = 1 if rule == A[b + 1] else 0
            A[R + lay * ne + e] = 2 * k + same
    return ne * nl


# --- Trix's trick contracts: policy.trix_rollout ------------------------------------------
# The array of a Trix play-out (trix_pack): the leader, the cards gone, the trick's length,
# the deal's flags and masks, then per seat the hand, the cards taken and the tricks won,
# then the trick's seats and cards. The costs are a second array, seat by seat, 52 a seat.
TRIX_HEAD = 11  # leader, gone, tlen, ltoosh, king, diamonds, scoring, ban, duty, partners,
# the points a trick costs
KING_OF_HEARTS = 13 + 11
DIAMONDS = 2


def trix_pack(deal, hands, trick, leader, taken, won, gone) -> list[int]:
    """The array's contents for a Trix play-out of ``deal`` (a ``policy.TrixDeal``)."""
    seats = [s for s, _ in trick]
    cards = [c for _, c in trick]
    pad = [0] * (4 - len(trick))
    return [leader, gone, len(trick), int(deal.ltoosh), int(deal.king), int(deal.diamonds),
            deal.scoring, deal.ban, deal.duty, int(deal.partnership), deal.per_trick,
            *hands, *taken, *won, *seats, *pad, *cards, *pad]


def trix_costs(deal) -> list[int]:
    """What each card costs each seat (0: nothing), seat by seat."""
    return [deal.cost[s].get(i, 0) for s in range(4) for i in range(52)]


def trix_top(A, tlen):
    """Where in the trick in ``A`` the highest card of the suit led lies (no trumps in
    Trix): the trick's winner so far."""
    TC = TRIX_HEAD + 16
    led, at = A[TC] // 13, 0
    for k in range(1, tlen):
        if A[TC + k] // 13 == led and A[TC + k] > A[TC + at]:
            at = k
    return at


def trix_lead(A, C, seat, hand, unseen):
    """``policy._trix_lead``: its ``risk`` key as one number, the first of equals kept."""
    legal_ = hand & ~A[7]
    if not legal_:
        legal_ = hand
    king_out = A[4] != 0 and unseen >> KING_OF_HEARTS & 1 != 0
    costly0 = costly1 = costly2 = costly3 = 0
    m = hand
    while m:
        i = msb(m & -m)
        m &= m - 1
        if C[seat * 52 + i]:
            s = i // 13
            if s == 0:
                costly0 += 1
            elif s == 1:
                costly1 += 1
            elif s == 2:
                costly2 += 1
            else:
                costly3 += 1
    best, best_key = -1, 0
    m = legal_
    while m:
        i = msb(m & -m)
        m &= m - 1
        s = i // 13
        higher = popcount(unseen & HIGHER[i])
        smoke = king_out and s == 1 and i < KING_OF_HEARTS
        c = C[seat * 52 + i]
        costly = (costly0, costly1, costly2, costly3)[s]
        own = costly - (1 if c else 0) > 0
        key = 1 if higher == 0 and unseen & SUIT[s] != 0 else 0
        key = key * 2 + (0 if smoke else 1)
        key = key * 2 + (1 if c > 0 else 0)
        key = key * 2 + (1 if own or (A[5] != 0 and s == DIAMONDS) else 0)
        key = (key * 16 + 12 - higher) * 16 + i % 13
        if best < 0 or key < best_key:
            best, best_key = i, key
    return best


def trix_card(A, C, seat, hand, tlen, unseen):
    """:func:`tutor.search.policy.trix_card` on the trick in ``A``."""
    TS, TC = TRIX_HEAD + 12, TRIX_HEAD + 16
    if tlen == 0:
        return trix_lead(A, C, seat, hand, unseen)
    follow = hand & SUIT[A[TC] // 13]
    at = trix_top(A, tlen)
    win_seat, win = A[TS + at], A[TC + at]
    row = seat * 52
    best = -1
    if follow:
        ducks = follow & ((1 << win) - 1)  # lower cards of the suit led
        if A[4] and ducks >> KING_OF_HEARTS & 1:  # the K♥ under the A♥
            return KING_OF_HEARTS
        if tlen == 3 and not A[3]:
            total = A[10]
            for k in range(3):
                total += C[row + A[TC + k]]
            if total == 0:  # a clean trick: the highest card that is safe now
                m = follow
                while m:
                    i = msb(m & -m)
                    m &= m - 1
                    if not C[row + i]:
                        best = i
                if best >= 0:
                    return best
        if ducks:
            return msb(ducks)
        bk1, bk2 = 0, 0  # the cheapest, then the highest
        m = follow
        while m:
            i = msb(m & -m)
            m &= m - 1
            k1, k2 = C[row + i], -i
            if best < 0 or k1 < bk1 or (k1 == bk1 and k2 < bk2):
                best, bk1, bk2 = i, k1, k2
        return best
    legal_ = hand & A[8]
    if not legal_:
        legal_ = hand
    bk1, bk2, bk3 = 0, 0, 0
    m = legal_
    partner = A[9] != 0 and win_seat == (seat + 2) % 4
    while m:
        i = msb(m & -m)
        m &= m - 1
        if partner:  # not onto the partner's trick: the cheapest, then the highest rank
            k1, k2 = C[row + i], -(i % 13)
            if best < 0 or k1 < bk1 or (k1 == bk1 and k2 < bk2):
                best, bk1, bk2 = i, k1, k2
        else:  # shed the costliest, highest, from the shortest suit
            k1, k2, k3 = C[row + i], i % 13, -popcount(hand & SUIT[i // 13])
            if best < 0 or k1 > bk1 or (k1 == bk1 and (k2 > bk2 or (k2 == bk2 and k3 > bk3))):
                best, bk1, bk2, bk3 = i, k1, k2, k3
    return best


def trix_rollout(A, C):
    """Play the Trix deal in ``A`` (:func:`trix_pack`) out by the rule, the costs in ``C``
    (:func:`trix_costs`): the cards taken and tricks won are left in ``A``; stops once no
    card that scores is left, unless every trick scores (Ltoosh)."""
    H, TK, W, TS, TC = TRIX_HEAD, TRIX_HEAD + 4, TRIX_HEAD + 8, TRIX_HEAD + 12, TRIX_HEAD + 16
    leader, gone, tlen = A[0], A[1], A[2]
    while True:
        while tlen < 4:
            s = (leader + tlen) % 4
            h = A[H + s]
            c = trix_card(A, C, s, h, tlen, FULL & ~gone & ~h)
            A[H + s] = h & ~(1 << c)
            gone |= 1 << c
            A[TS + tlen] = s
            A[TC + tlen] = c
            tlen += 1
        mask = 0
        for k in range(4):
            mask |= 1 << A[TC + k]
        leader = A[TS + trix_top(A, 4)]
        A[W + leader] += 1
        A[TK + leader] |= mask
        tlen = 0
        if not A[H + leader]:
            return leader
        if not A[3] and not A[6] & (A[H] | A[H + 1] | A[H + 2] | A[H + 3]):
            return leader


# --- Trex: policy.trex_rollout -------------------------------------------------------------
# The array of a Trex play-out (trex_pack): the seat to move, how many are out, then per seat
# the hand, each row's lowest and highest rank index (-1: its jack not down), the order out.
TREX_HEAD = 2
JACK = 11 - 2


def trex_pack(hands, low, high, out, turn) -> list[int]:
    """The array's contents for a Trex play-out."""
    return [turn, len(out), *hands, *low, *high, *out, *[0] * (4 - len(out))]


def trex_playable(A, hand):
    """:func:`tutor.engine.masks.trex_playable` on the rows in ``A``."""
    out = 0
    for s in range(4):
        base, low, high = 13 * s, A[TREX_HEAD + 4 + s], A[TREX_HEAD + 8 + s]
        if low < 0:
            out |= hand & (1 << (base + JACK))
            continue
        if high < 12:
            out |= hand & (1 << (base + high + 1))
        if low > 0:
            out |= hand & (1 << (base + low - 1))
    return out


def trex_card(hand, playable):
    """:func:`tutor.search.policy.trex_shrewd_card` (the same sums in the same order)."""
    best, best_v = -1, -1e9
    m = playable
    while m:
        c = msb(m & -m)
        m &= m - 1
        s, r = c // 13, c % 13
        v = 0.0
        for k in range(2 if r == JACK else 1):
            step = 1 if (r > JACK or (r == JACK and k == 0)) else -1
            x = r + step
            if 0 <= x <= 12 and hand >> (13 * s + x) & 1:
                v += 3.5
            blocked = False
            while 0 <= x <= 12:
                if hand >> (13 * s + x) & 1:
                    blocked = True
                    v += 2.0
                else:
                    v -= 0.95 if blocked else 0.25
                x += step
        if v > best_v:
            best, best_v = c, v
    return best


def trex_out(A, nout, seat):
    """Whether ``seat`` is among the first ``nout`` seats out in ``A``."""
    for k in range(nout):
        if A[TREX_HEAD + 12 + k] == seat:
            return True
    return False


def trex_rollout(A):
    """Lay the Trex deal in ``A`` (:func:`trex_pack`) out by the shrewd card: the order
    out is left in ``A`` (all four seats); returns the last seat."""
    H, LO, HI, OUT = TREX_HEAD, TREX_HEAD + 4, TREX_HEAD + 8, TREX_HEAD + 12
    turn, nout = A[0], A[1]
    while nout < 3:
        h = A[H + turn]
        p = trex_playable(A, h)
        if p:
            c = trex_card(h, p)
            A[H + turn] = h & ~(1 << c)
            s, r = c // 13, c % 13
            if A[LO + s] < 0:
                A[LO + s] = r
                A[HI + s] = r
            elif r > A[HI + s]:
                A[HI + s] = r
            else:
                A[LO + s] = r
            if not A[H + turn]:
                A[OUT + nout] = turn
                nout += 1
                if nout == 3:
                    break
        turn = (turn + 1) % 4
        while trex_out(A, nout, turn):  # the next seat still in
            turn = (turn + 1) % 4
    last = 0
    while trex_out(A, 3, last):
        last += 1
    A[OUT + 3] = last
    A[1] = 4
    return last
