"""The solver's search compiled with numba: the same answers as ``search.py``, much faster.

Imported only when a solve asks for the numba engine (never at ``import tutor``), so the
package still runs where numba does not (the browser). The state is int64 bitmasks in
small numpy arrays; the transposition table is a fixed-size hash table in numpy arrays,
kept between solves and invalidated by a generation stamp instead of being cleared (a
fresh 40 MB table per solve would cost more than a puzzle's whole search).

The search is the pure path's: alpha-beta at every card, the table at trick boundaries
under a canonical key (each suit's live cards by holder, lowest first, so played ranks
do not matter), touching cards merged, quick-trick bounds, the best lead kept in the
table and tried first. Values are exact, so both engines agree card for card; the
principal line uses the same tie-break (lowest card index among the best).
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from tutor.engine.cards import CARDS, JOKER, Card
from tutor.solver.goals import AvoidCards, Exactly, MaxTricks, MinPenalty, side_of
from tutor.solver.position import Position

__all__ = ["solve"]

INF = 1 << 40
JOKER_INDEX = 52
G_MAX, G_PENALTY, G_EXACTLY, G_AVOID = 0, 1, 2, 3
KW = 7  # key words: four suits' holders, two words of scoring classes, leader/jokers/need
TT_BITS = 20
MAX_PLY = 80
MAX_MOVES = 64  # per ply: moves in 0..23, order flags 24..47, table key 48..54
KEY_AT = 48
TVW = 7  # table values: lo, hi, best lead, generation, cards left, needs won, needs lost
# MaxTricks keeps "winning ranks" entries (as DDS does): MB[ply, WR_AT] holds the live cards
# whose ranks decided the node's result, MB[ply, RK_AT:RK_AT + 7] the node's table key:
# two words of suit lengths per hand, leader and jokers, then each suit's holders from the
# top card down. An entry stores, per suit, only the holders of its top cards down to the
# lowest card that mattered (how many in TV[slot, 5]), so it serves every position with
# the same lengths and the same holders of those cards, whoever holds the small ones.
WR_AT = 55
RK_AT = 56
RPROBE = 32
MERGED_AT = 63
RKH = 7  # key words hashed: the lengths, leader and jokers, each suit's top holders
TOPH = 0xF

# cfg slots
C_N, C_TRUMP, C_GOAL, C_NOHEART, C_DISCARD, C_SPECIAL, C_PERTRICK, C_SIDE = range(8)
C_GEN, C_TTMASK, C_LIMIT = 8, 9, 10  # C_LIMIT: the node budget (0: none)
# scalar slots
S_LEADER, S_TLEN, S_LIVE, S_NODES, S_HITS, S_PLY, S_TBASE = range(7)
# PTS rows (53 each), from MinPenalty.card_table(): points to the taker, to the taker of a
# card another seat doubled, to that doubler, and the least and most a card can be worth
# to the hero side (the bounds)
P_PLAIN, P_DOUBLED, P_GAIN, P_LO, P_HI = (53 * i for i in range(5))

SUIT = 0x1FFF
M1 = 0x0055555555555555
M2 = 0x0033333333333333
M4 = 0x000F0F0F0F0F0F0F


@njit(cache=True, inline="always")
def popcount(x):
    x = x - ((x >> 1) & M1)
    x = (x & M2) + ((x >> 2) & M2)
    x = (x + (x >> 4)) & M4
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


@njit(cache=True, inline="always")
def msb(x):
    """Index of the highest set bit of x > 0."""
    r = 0
    if x >> 32:
        x >>= 32
        r += 32
    if x >> 16:
        x >>= 16
        r += 16
    if x >> 8:
        x >>= 8
        r += 8
    if x >> 4:
        x >>= 4
        r += 4
    if x >> 2:
        x >>= 2
        r += 2
    if x >> 1:
        r += 1
    return r


@njit(cache=True, inline="always")
def suit_mask(s):
    return SUIT << (13 * s)


@njit(cache=True)
def led_suit(T, base, tlen):
    for i in range(base, base + tlen):
        if T[i] != JOKER_INDEX:
            return T[i] // 13
    return -1


@njit(cache=True)
def legal(H, J, T, S, C, seat):
    """Legal cards of seat as a mask, and 1 if a joker may be played."""
    hand = H[seat]
    jok = 1 if J[seat] > 0 else 0
    tlen = S[S_TLEN]
    if tlen == 0:
        if hand:
            if C[C_NOHEART] and hand & ~suit_mask(1):
                return hand & ~suit_mask(1), 0
            return hand, 0
        return 0, jok
    led = led_suit(T, S[S_TBASE], tlen)
    if led < 0:
        return hand, jok
    follow = hand & suit_mask(led)
    if follow:
        return follow, 0
    forced = hand & C[C_DISCARD]
    if forced:
        return forced, 0
    return hand, jok


@njit(cache=True)
def gen_moves(H, J, T, S, C, KID, seat, out):
    """Legal cards with touching equivalents merged, highest index first (search.py's
    ``moves``); returns how many were written to ``out``."""
    mask, jok = legal(H, J, T, S, C, seat)
    live = S[S_LIVE]
    k = 0
    m = mask
    merged = 0  # the lowest card of each merged run (MaxTricks' winning ranks)
    while m:
        b = msb(m)
        out[k] = b
        k += 1
        m ^= 1 << b
        kl = KID[b]
        nxt = b - 1
        floor = (b // 13) * 13
        low = b
        while nxt >= floor:
            if (live >> nxt) & 1:
                if not ((m >> nxt) & 1) or KID[nxt] != kl:
                    break
                m ^= 1 << nxt
                low = nxt
            nxt -= 1
        if low != b:
            merged |= 1 << low
    out[MERGED_AT] = merged
    if jok:
        out[k] = JOKER_INDEX
        k += 1
    return k


@njit(cache=True)
def best_pos(T, base, tlen, trump):
    led = -1
    bp = 0
    bk = -1
    for i in range(tlen):
        c = T[base + i]
        if c == JOKER_INDEX:
            continue
        st = c // 13
        if led < 0:
            led = st
        if st == trump:
            key = 100 + c % 13
        elif st == led:
            key = c % 13
        else:
            continue
        if key > bk:
            bk = key
            bp = i
    return bp


@njit(cache=True)
def order_moves(H, T, S, C, seat, mv, k, tmp, need):
    """Reorder mv[:k] in place as search.py's ``ordered`` does."""
    if k < 2:
        return
    n = C[C_N]
    side = C[C_SIDE]
    tlen = S[S_TLEN]
    trump = C[C_TRUMP]
    hero = (side >> seat) & 1
    avoider = C[C_GOAL] == G_PENALTY or C[C_GOAL] == G_AVOID or (
        C[C_GOAL] == G_EXACTLY and need == 0)  # no more tricks wanted: duck as in Trix
    if tlen == 0:
        if avoider and hero:
            for i in range(k):
                tmp[i] = mv[k - 1 - i]
            for i in range(k):
                mv[i] = tmp[i]
            return
        others = S[S_LIVE] & ~H[seat]
        ruff = trump >= 0 and (others & suit_mask(trump)) != 0
        j = 0
        for i in range(k):
            c = mv[i]
            if c == JOKER_INDEX:
                continue
            st = c // 13
            above = others & suit_mask(st) & ~((2 << c) - 1)
            if above == 0 and (not ruff or st == trump):
                tmp[j] = c
                j += 1
        side = C[C_SIDE]
        friends = 0
        for i in range(n):
            if i != seat and ((side >> i) & 1) == hero:
                friends |= H[i]
        # Then leads to a partner's top card, then the rest.
        for rnd in range(2):
            for i in range(k):
                c = mv[i]
                if c == JOKER_INDEX:
                    if rnd == 1:
                        tmp[j] = c
                        j += 1
                    continue
                st = c // 13
                above = others & suit_mask(st) & ~((2 << c) - 1)
                if above == 0 and (not ruff or st == trump):
                    continue
                sm = others & suit_mask(st)
                pt = sm != 0 and (friends >> msb(sm)) & 1 and not ruff
                if (rnd == 0) == bool(pt):
                    tmp[j] = c
                    j += 1
        for i in range(k):
            mv[i] = tmp[i]
        return
    base = S[S_TBASE]
    wp = best_pos(T, base, tlen, trump)
    wseat = (S[S_LEADER] + wp) % n
    best = T[base + wp]
    led = led_suit(T, base, tlen)
    # wins: flag per move
    nw = 0
    for i in range(k):
        c = mv[i]
        win = False
        if c != JOKER_INDEX:
            if best == JOKER_INDEX:
                win = c // 13 == led or led < 0
            else:
                win = (c // 13 == best // 13 and c > best) or (
                    c // 13 == trump and best // 13 != trump)
        tmp[24 + i] = 1 if win else 0
        if win:
            nw += 1
    j = 0
    if avoider and hero:
        # loses (highest first), then wins lowest first
        for i in range(k):
            if tmp[24 + i] == 0:
                tmp[j] = mv[i]
                j += 1
        for i in range(k - 1, -1, -1):
            if tmp[24 + i] == 1:
                tmp[j] = mv[i]
                j += 1
    elif ((side >> wseat) & 1) == hero:
        for i in range(k - 1, -1, -1):
            if tmp[24 + i] == 0:
                tmp[j] = mv[i]
                j += 1
        for i in range(k - 1, -1, -1):
            if tmp[24 + i] == 1:
                tmp[j] = mv[i]
                j += 1
    elif avoider:
        # The hero side wins the trick so far: dump on it, scoring cards first, high first.
        for rnd in range(2):
            for i in range(k):
                c = mv[i]
                if tmp[24 + i] == 0 and (c != JOKER_INDEX and (C[C_SPECIAL] >> c) & 1) == (
                        rnd == 0):
                    tmp[j] = c
                    j += 1
        for i in range(k - 1, -1, -1):
            if tmp[24 + i] == 1:
                tmp[j] = mv[i]
                j += 1
    else:
        for i in range(k - 1, -1, -1):
            if tmp[24 + i] == 1:
                tmp[j] = mv[i]
                j += 1
        for i in range(k - 1, -1, -1):
            if tmp[24 + i] == 0:
                tmp[j] = mv[i]
                j += 1
    for i in range(k):
        mv[i] = tmp[i]


@njit(cache=True)
def quick_tricks(H, S, C):
    """search.py's ``quick_tricks``: tricks the leader surely cashes at once."""
    n = C[C_N]
    leader = S[S_LEADER]
    hand = H[leader]
    if hand == 0:
        return 0
    others = 0
    for i in range(n):
        if i != leader:
            others |= H[i]
    trump = C[C_TRUMP]
    noheart = C[C_NOHEART]
    if noheart and trump == 1:
        return 0
    ruffable = trump >= 0 and (others & suit_mask(trump)) != 0
    total = 0
    nonheart = popcount(hand & ~suit_mask(1))
    for idx in range(4):
        if trump >= 0:
            if idx == 0:
                st = trump
            else:
                # the other suits in their usual order (hearts last under no_heart_lead)
                st = -1
                cnt = 0
                for x in range(4):
                    y = x
                    if noheart:
                        y = (0, 2, 3, 1)[x]
                    if y == trump:
                        continue
                    cnt += 1
                    if cnt == idx:
                        st = y
                        break
        else:
            st = (0, 2, 3, 1)[idx] if noheart else idx
        if st == 1 and noheart and total < nonheart:
            break
        if ruffable and st != trump:
            break
        shift = 13 * st
        mine = (hand >> shift) & SUIT
        if mine == 0:
            continue
        theirs = (others >> shift) & SUIT
        if theirs == 0:
            total += popcount(mine)
            continue
        run = popcount(mine >> (msb(theirs) + 1))
        if run == 0:
            continue
        longest = 0
        for i in range(n):
            if i != leader:
                ln = popcount((H[i] >> shift) & SUIT)
                if ln > longest:
                    longest = ln
        if run >= longest:
            total += popcount(mine)
            if st == trump:
                ruffable = False
        else:
            total += run
    hc = popcount(hand)
    return total if total < hc else hc


@njit(cache=True)
def sure_trumps(H, C):
    """Tricks each side is sure of from its top trumps: a trump above all the other side's
    trumps wins whenever it is played. Partners' top trumps may fall on one trick, so a
    side counts only its best member's."""
    n = C[C_N]
    side = C[C_SIDE]
    shift = 13 * C[C_TRUMP]
    mine = 0
    theirs = 0
    for i in range(n):
        t = (H[i] >> shift) & SUIT
        if (side >> i) & 1:
            mine |= t
        else:
            theirs |= t
    best_mine = 0
    best_theirs = 0
    top_mine = msb(mine) + 1 if mine else 0
    top_theirs = msb(theirs) + 1 if theirs else 0
    for i in range(n):
        t = (H[i] >> shift) & SUIT
        if (side >> i) & 1:
            x = popcount(t >> top_theirs)
            if x > best_mine:
                best_mine = x
        else:
            x = popcount(t >> top_mine)
            if x > best_theirs:
                best_theirs = x
    return best_mine, best_theirs


@njit(cache=True)
def bounds(H, J, S, C, PTS, DBL):
    leader = S[S_LEADER]
    left = popcount(H[leader]) + J[leader]
    goal = C[C_GOAL]
    if goal == G_MAX:
        qt = quick_tricks(H, S, C)
        lo = 0
        hi = left
        trump = C[C_TRUMP]
        if trump >= 0:
            lo, opp = sure_trumps(H, C)
            hi = left - opp
        if (C[C_SIDE] >> leader) & 1:
            if qt > lo:
                lo = qt
        elif left - qt < hi:
            hi = left - qt
        if lo > hi:
            lo = hi
        return lo, hi
    if goal == G_PENALTY:
        per_trick = C[C_PERTRICK]
        lo = per_trick * left if per_trick < 0 else 0
        hi = per_trick * left if per_trick > 0 else 0
        live = S[S_LIVE]
        m = C[C_SPECIAL] & live
        while m:
            c = msb(m)
            m ^= 1 << c
            lo += PTS[P_LO + c]
            hi += PTS[P_HI + c]
        return lo, hi
    return 0, 1


@njit(cache=True)
def exact_bounds(H, S, C, left):
    """search.py's ``exact_bounds``: the fewest and most tricks the hero seat can end
    with from here (its top trumps must win; the others' and an opposing leader's quick
    tricks it cannot)."""
    lo = 0
    hi = left
    if C[C_TRUMP] >= 0:
        lo, opp = sure_trumps(H, C)
        hi -= opp
    if not (C[C_SIDE] >> S[S_LEADER]) & 1:
        qt = quick_tricks(H, S, C)
        if left - qt < hi:
            hi = left - qt
    return lo, hi


@njit(cache=True)
def trick_gain(T, base, C, PTS, DBL, w):
    side = C[C_SIDE]
    if C[C_GOAL] == G_MAX:
        return (side >> w) & 1
    if C[C_GOAL] != G_PENALTY:
        return 0
    total = 0
    ws = (side >> w) & 1
    if ws:
        total += C[C_PERTRICK]
    for i in range(base, base + C[C_N]):
        c = T[i]
        if c == JOKER_INDEX:
            continue
        if not (C[C_SPECIAL] >> c) & 1:
            continue
        d = DBL[c]
        if d < 0 or d == w:
            if ws:
                total += PTS[P_PLAIN + c]
        else:
            if ws:
                total += PTS[P_DOUBLED + c]
            if (side >> d) & 1:
                total += PTS[P_GAIN + c]
    return total


@njit(cache=True)
def make_key(H, J, S, C, KID, need, key):
    n = C[C_N]
    live = S[S_LIVE]
    kl0 = 0
    kl1 = 0
    special = C[C_SPECIAL]
    for st in range(4):
        shift = 13 * st
        m = (live >> shift) & SUIT
        code = 0
        kcode = 0
        pos = 0
        while m:
            low = m & -m
            b = shift + msb(low)
            bit = 1 << b
            for i in range(n):
                if H[i] & bit:
                    code |= (i + 1) << (4 * pos)
                    break
            if special & bit:
                kcode |= KID[b] << (2 * pos)
            m ^= low
            pos += 1
        key[st] = code
        if st < 2:
            kl0 |= kcode << (26 * st)
        else:
            kl1 |= kcode << (26 * (st - 2))
    key[4] = kl0
    key[5] = kl1
    misc = S[S_LEADER] | ((need + 1) << 4)
    for i in range(n):
        misc |= J[i] << (12 + 4 * i)
    key[6] = misc


@njit(cache=True)
def hash_key(key):
    h = 0x1234567
    for i in range(KW):
        h ^= key[i]
        h *= 0x100000001B3
        h ^= h >> 29
    return h


@njit(cache=True)
def tt_find(TK, TV, C, key, insert, depth):
    """Slot of key (or -1); with insert, a slot to write it to (probing 4 slots). A new
    key takes a free slot, else the one whose position has the fewest cards left (the
    cheapest to search again)."""
    mask = C[C_TTMASK]
    gen = C[C_GEN]
    h = hash_key(key) & mask
    empty = -1
    shallow = -1
    for p in range(4):
        idx = (h + p) & mask
        if TV[idx, 3] != gen:
            if empty < 0:
                empty = idx
            continue
        if shallow < 0 or TV[idx, 4] < TV[shallow, 4]:
            shallow = idx
        same = True
        for i in range(KW):
            if TK[idx, i] != key[i]:
                same = False
                break
        if same:
            return idx
    if not insert:
        return -1
    if empty < 0:
        empty = shallow
    for i in range(KW):
        TK[empty, i] = key[i]
    TV[empty, 0] = -INF
    TV[empty, 1] = INF
    TV[empty, 2] = -2
    TV[empty, 3] = gen
    TV[empty, 4] = depth
    TV[empty, 5] = 0
    TV[empty, 6] = 0
    return empty


@njit(cache=True, inline="always")
def rel(c, live):
    if c == JOKER_INDEX:
        return -1
    base = c - c % 13
    below = live & ((1 << c) - (1 << base))
    return base * 16 + popcount(below)


@njit(cache=True, inline="always")
def unrel(r, live):
    if r < 0:
        return JOKER_INDEX
    base = r // 16
    k = r % 16
    m = (live >> base) & SUIT
    for _ in range(k):
        m &= m - 1
    if m == 0:
        return -1
    return base + msb(m & -m)


@njit(cache=True)
def play(H, J, T, S, seat, c):
    if c == JOKER_INDEX:
        J[seat] -= 1
    else:
        H[seat] ^= 1 << c
    T[S[S_TBASE] + S[S_TLEN]] = c
    S[S_TLEN] += 1
    S[S_PLY] += 1


@njit(cache=True)
def unplay(H, J, T, S, seat, c):
    S[S_TLEN] -= 1
    S[S_PLY] -= 1
    if c == JOKER_INDEX:
        J[seat] += 1
    else:
        H[seat] |= 1 << c


@njit(cache=True)
def trick_special(T, base, C):
    m = 0
    for i in range(base, base + C[C_N]):
        if T[i] != JOKER_INDEX:
            m |= 1 << T[i]
    return m


@njit(cache=True)
def rank_key(H, J, S, C, out):
    """MaxTricks' table key at a trick start into out[RK_AT:RK_AT + 7]."""
    n = C[C_N]
    w0 = 0
    w1 = 0
    misc = S[S_LEADER]
    for i in range(n):
        h = H[i]
        for st in range(4):
            ln = popcount(h & suit_mask(st))
            if i < 4:
                w0 |= ln << (16 * i + 4 * st)
            else:
                w1 |= ln << (16 * (i - 4) + 4 * st)
        misc |= J[i] << (4 + 4 * i)
    out[RK_AT] = w0
    out[RK_AT + 1] = w1
    out[RK_AT + 2] = misc
    live = S[S_LIVE]
    for st in range(4):
        m = live & suit_mask(st)
        code = 0
        pos = 0
        while m:
            b = msb(m)
            m ^= 1 << b
            for i in range(n):
                if (H[i] >> b) & 1:
                    code |= (i + 1) << (4 * pos)
                    break
            pos += 1
        out[RK_AT + 3 + st] = code


@njit(cache=True, inline="always")
def top_mask(k):
    return (1 << (4 * k)) - 1


@njit(cache=True)
def rank_hash(key):
    h = 0x2545F491
    for i in range(RKH):
        if i < 3:
            h ^= key[RK_AT + i]
        else:
            h ^= key[RK_AT + i] & TOPH
        h *= 0x100000001B3
        h ^= h >> 29
    return h


@njit(cache=True)
def rank_find(TK, TV, C, key, start):
    """The next slot (probing from start) of an entry matching the position keyed in key,
    or -1."""
    mask = C[C_TTMASK]
    gen = C[C_GEN]
    h = rank_hash(key) & mask
    for p in range(start, RPROBE):
        idx = (h + p) & mask
        if TV[idx, 3] != gen:
            continue
        if TK[idx, 0] != key[RK_AT] or TK[idx, 1] != key[RK_AT + 1] or \
                TK[idx, 2] != key[RK_AT + 2]:
            continue
        kp = TV[idx, 5]
        ok = True
        for st in range(4):
            if (key[RK_AT + 3 + st] & top_mask((kp >> (4 * st)) & 15)) != TK[idx, 3 + st]:
                ok = False
                break
        if ok:
            return p
    return -1


@njit(cache=True)
def top_cards(live, kp):
    """The top k live cards of each suit (k from the packed kp)."""
    out = 0
    for st in range(4):
        m = live & suit_mask(st)
        k = (kp >> (4 * st)) & 15
        cnt = popcount(m)
        while cnt > k:
            m &= m - 1
            cnt -= 1
        out |= m
    return out


@njit(cache=True)
def rank_store(TK, TV, C, key, live, wr, depth, best, a0, b0, hint):
    """Store a MaxTricks result under the cards that mattered (wr)."""
    kp = 0
    for st in range(4):
        sm = live & suit_mask(st)
        r = wr & sm
        if sm:
            r |= 1 << msb(sm)  # the top cards always count (they spread the table)
            low = r & -r
            kp |= popcount(sm & ~(low - 1)) << (4 * st)
    mask = C[C_TTMASK]
    gen = C[C_GEN]
    h = rank_hash(key) & mask
    slot = -1
    empty = -1
    shallow = -1
    for p in range(RPROBE):
        idx = (h + p) & mask
        if TV[idx, 3] != gen:
            if empty < 0:
                empty = idx
            continue
        if TK[idx, 0] == key[RK_AT] and TK[idx, 1] == key[RK_AT + 1] and \
                TK[idx, 2] == key[RK_AT + 2] and TV[idx, 5] == kp:
            same = True
            for st in range(4):
                if (key[RK_AT + 3 + st] & top_mask((kp >> (4 * st)) & 15)) != TK[idx, 3 + st]:
                    same = False
                    break
            if same:
                slot = idx
                break
        if shallow < 0 or TV[idx, 4] < TV[shallow, 4]:
            shallow = idx
    if slot < 0:
        slot = empty if empty >= 0 else shallow
        TK[slot, 0] = key[RK_AT]
        TK[slot, 1] = key[RK_AT + 1]
        TK[slot, 2] = key[RK_AT + 2]
        for st in range(4):
            TK[slot, 3 + st] = key[RK_AT + 3 + st] & top_mask((kp >> (4 * st)) & 15)
        TV[slot, 0] = -INF
        TV[slot, 1] = INF
        TV[slot, 2] = -2
        TV[slot, 3] = gen
        TV[slot, 4] = depth
        TV[slot, 5] = kp
    if best <= a0:
        if best < TV[slot, 1]:
            TV[slot, 1] = best
    elif best >= b0:
        if best > TV[slot, 0]:
            TV[slot, 0] = best
    else:
        TV[slot, 0] = best
        TV[slot, 1] = best
    if hint > -2:
        TV[slot, 2] = hint


@njit(cache=True)
def bounds_rel(H, S, C):
    """The cards whose ranks the MaxTricks bounds read: every trump, and in each suit the
    leader's cards above the others' top card with that card."""
    leader = S[S_LEADER]
    live = S[S_LIVE]
    hand = H[leader]
    others = live & ~hand
    r = 0
    if C[C_TRUMP] >= 0:
        r |= live & suit_mask(C[C_TRUMP])
    for st in range(4):
        sm = suit_mask(st)
        if hand & sm and others & sm:
            t = msb(others & sm)
            r |= live & sm & ~((1 << t) - 1)
    return r


_A1 = "int64[::1]"
_A2 = "int64[:, ::1]"
_AB_SIG = f"int64({', '.join([_A1] * 8 + [_A2] * 3 + ['int64'] * 3)})"


@njit(_AB_SIG, cache=True)
def ab(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, alpha, beta, need):
    S[S_NODES] += 1
    if C[C_LIMIT] > 0 and S[S_NODES] > C[C_LIMIT]:
        return 0  # over budget: unwind fast; solve() discards everything and raises
    n = C[C_N]
    tlen = S[S_TLEN]
    goal = C[C_GOAL]
    slot = -1
    a0 = alpha
    b0 = beta
    hint = -2
    leader = S[S_LEADER]
    ply = S[S_PLY]
    wr = 0  # MaxTricks: the cards whose ranks decided this result
    ranked = False
    if tlen == 0:
        left = popcount(H[leader]) + J[leader]
        if left == 0:
            if goal == G_MAX:
                MB[ply, WR_AT] = 0
            if goal == G_EXACTLY:
                return 1 if need == 0 else 0
            if goal == G_AVOID:
                return 1
            return 0
        if goal == G_EXACTLY:
            if need > left:
                return 0
            elo, ehi = exact_bounds(H, S, C, left)
            if need < elo or need > ehi:
                return 0
        elif goal == G_AVOID and (C[C_SPECIAL] & S[S_LIVE]) == 0:
            return 1  # no avoided card is left to take
        lo, hi = bounds(H, J, S, C, PTS, DBL)
        if goal == G_MAX and (lo > alpha or hi < beta):
            wr = bounds_rel(H, S, C)  # the bounds cut or narrow the window: their reasons
            MB[ply, WR_AT] = wr
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
    if tlen == 0 and goal == G_MAX:
        ranked = True
        rank_key(H, J, S, C, MB[ply])
        # Every matching entry bounds the value: a cut from one of them, else the tightest.
        p = rank_find(TK, TV, C, MB[ply], 0)
        hmask = C[C_TTMASK]
        h0 = rank_hash(MB[ply])
        hit = False
        wt = 0
        while p >= 0:
            rs = (h0 + p) & hmask
            hit = True
            elo = TV[rs, 0]
            ehi = TV[rs, 1]
            if elo >= beta or ehi <= alpha or elo == ehi:
                S[S_HITS] += 1
                MB[ply, WR_AT] = wr | top_cards(S[S_LIVE], TV[rs, 5])
                return elo if elo >= beta or elo == ehi else ehi
            if elo > lo:
                lo = elo
                wt |= top_cards(S[S_LIVE], TV[rs, 5])
            if ehi < hi:
                hi = ehi
                wt |= top_cards(S[S_LIVE], TV[rs, 5])
            if TV[rs, 2] > -2:
                hint = TV[rs, 2]
            p = rank_find(TK, TV, C, MB[ply], p + 1)
        if hit:
            S[S_HITS] += 1
            wr |= wt
            MB[ply, WR_AT] = wr
            if hi <= alpha:
                return hi
            if lo >= beta:
                return lo
            if lo >= hi:  # the bounds and entries together pin the value
                MB[ply, WR_AT] = wr | bounds_rel(H, S, C)
                return lo
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
    elif tlen == 0:
        key = MB[S[S_PLY], KEY_AT:KEY_AT + KW]
        make_key(H, J, S, C, KID, 0, key)
        slot = tt_find(TK, TV, C, key, True, left)
        if goal == G_EXACTLY or goal == G_AVOID:
            # One entry per key for every need: the needs known to succeed and to fail.
            if (TV[slot, 5] >> need) & 1:
                S[S_HITS] += 1
                return 1
            if (TV[slot, 6] >> need) & 1:
                S[S_HITS] += 1
                return 0
        else:
            elo = TV[slot, 0]
            ehi = TV[slot, 1]
            if elo > -INF or ehi < INF:
                S[S_HITS] += 1
                if elo >= beta:
                    return elo
                if ehi <= alpha:
                    return ehi
                if elo == ehi:
                    return elo
                if elo > lo:
                    lo = elo
                if ehi < hi:
                    hi = ehi
                if lo >= hi:
                    return lo
        hint = TV[slot, 2]
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
    seat = (leader + tlen) % n
    maximize = (C[C_SIDE] >> seat) & 1
    mv = MB[ply]
    k = gen_moves(H, J, T, S, C, KID, seat, mv)
    order_moves(H, T, S, C, seat, mv, k, MB[ply + 1], need)
    wacc = 0
    if hint > -2:
        hc = unrel(hint, S[S_LIVE])
        for i in range(1, k):
            if mv[i] == hc:
                for j in range(i, 0, -1):
                    mv[j] = mv[j - 1]
                mv[0] = hc
                break
    best = -INF if maximize else INF
    best_card = -1
    for i in range(k):
        c = MB[ply, i]
        # child(), inlined: numba compiles self-recursion but not mutual recursion.
        play(H, J, T, S, seat, c)
        cw = 0
        if S[S_TLEN] == n:
            base = S[S_TBASE]
            wp = best_pos(T, base, n, C[C_TRUMP])
            w = (leader + wp) % n
            won = (C[C_SIDE] >> w) & 1
            tm = trick_special(T, base, C)
            if goal == G_MAX:
                # The winner's rank mattered when another card of its suit was played.
                wc = T[base + wp]
                for x in range(base, base + n):
                    if x != base + wp and T[x] != JOKER_INDEX and T[x] // 13 == wc // 13:
                        cw = 1 << wc
                        break
            if goal == G_EXACTLY and won and need - 1 < 0:
                v = 0
            elif goal == G_AVOID and won and (tm & C[C_SPECIAL]) != 0:
                v = 0
            else:
                gain = trick_gain(T, base, C, PTS, DBL, w)
                need2 = need - won if goal == G_EXACTLY else need
                S[S_TBASE] = base + n
                S[S_TLEN] = 0
                S[S_LEADER] = w
                S[S_LIVE] ^= tm
                v = gain + ab(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB,
                              alpha - gain, beta - gain, need2)
                S[S_LIVE] ^= tm
                S[S_LEADER] = leader
                S[S_TLEN] = n
                S[S_TBASE] = base
        else:
            v = ab(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, alpha, beta, need)
        unplay(H, J, T, S, seat, c)
        if goal == G_MAX:
            cw |= MB[ply + 1, WR_AT]
            wacc |= cw
        if maximize:
            if v > best:
                best = v
                best_card = c
                if v > alpha:
                    alpha = v
        else:
            if v < best:
                best = v
                best_card = c
                if v < beta:
                    beta = v
        if alpha >= beta:
            wacc = cw  # the cut needs only this card's reasons
            break
    if goal == G_MAX:
        wacc |= wr
        if alpha < beta:
            # Every card counted: merged runs stood for their cards because they touch.
            wacc |= MB[ply, MERGED_AT]
        MB[ply, WR_AT] = wacc
        if ranked:
            hb = -2
            if (best > a0) if maximize else (best < b0):
                hb = rel(best_card, S[S_LIVE])
            rank_store(TK, TV, C, MB[ply], S[S_LIVE], wacc, left, best, a0, b0, hb)
    if slot >= 0:
        # The slot may have been reused by a deeper position meanwhile: look it up again.
        key = MB[ply, KEY_AT:KEY_AT + KW]
        slot = tt_find(TK, TV, C, key, True, popcount(H[leader]) + J[leader])
        if goal == G_EXACTLY or goal == G_AVOID:
            if best > 0:
                TV[slot, 5] |= 1 << need
            else:
                TV[slot, 6] |= 1 << need
        elif best <= a0:
            if best < TV[slot, 1]:
                TV[slot, 1] = best
        elif best >= b0:
            if best > TV[slot, 0]:
                TV[slot, 0] = best
        else:
            TV[slot, 0] = best
            TV[slot, 1] = best
        if (best > a0) if maximize else (best < b0):
            TV[slot, 2] = rel(best_card, S[S_LIVE])
    return best


@njit(cache=True)
def child(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, seat, c, alpha, beta, need):
    """The value after seat plays c."""
    play(H, J, T, S, seat, c)
    n = C[C_N]
    if S[S_TLEN] == n:
        leader = S[S_LEADER]
        base = S[S_TBASE]
        w = (leader + best_pos(T, base, n, C[C_TRUMP])) % n
        goal = C[C_GOAL]
        won = (C[C_SIDE] >> w) & 1
        tm = trick_special(T, base, C)
        if goal == G_EXACTLY and won and need - 1 < 0:
            v = 0
        elif goal == G_AVOID and won and (tm & C[C_SPECIAL]) != 0:
            v = 0
        else:
            gain = trick_gain(T, base, C, PTS, DBL, w)
            need2 = need - won if goal == G_EXACTLY else need
            S[S_TBASE] = base + n
            S[S_TLEN] = 0
            S[S_LEADER] = w
            S[S_LIVE] ^= tm
            v = gain + ab(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB,
                          alpha - gain, beta - gain, need2)
            S[S_LIVE] ^= tm
            S[S_LEADER] = leader
            S[S_TLEN] = n
            S[S_TBASE] = base
    else:
        v = ab(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, alpha, beta, need)
    unplay(H, J, T, S, seat, c)
    return v


@njit(cache=True)
def value_after(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, seat, c, guess, need, left):
    """search.py's ``value_after``: for MaxTricks zero-window tests walk from guess."""
    goal = C[C_GOAL]
    if goal == G_EXACTLY or goal == G_AVOID:
        if need < 0:
            return 0  # AvoidCards already failed
        return child(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, seat, c, 0, 1, need)
    if goal == G_MAX:
        t = left // 2 if guess < 0 else min(max(guess, 0), left)
        if t <= 0 or child(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB,
                           seat, c, t - 1, t, need) >= t:
            while t < left and child(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB,
                                     seat, c, t, t + 1, need) >= t + 1:
                t += 1
            return t
        t -= 1
        while t > 0 and child(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB,
                              seat, c, t - 1, t, need) < t:
            t -= 1
        return t
    if guess == -INF:
        return child(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, seat, c, -INF, INF, need)
    # A window around a sibling's value (usually the same), then a re-search from the
    # bound it gives when it is not.
    v = child(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, seat, c, guess - 1, guess + 1, need)
    if v <= guess - 1:
        v = child(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, seat, c, -INF, v + 1, need)
    elif v >= guess + 1:
        v = child(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, seat, c, v - 1, INF, need)
    return v


@njit(cache=True)
def root_values(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, need, out_cards, out_vals):
    """Every merged legal card of the seat to move (search order) and its value; returns
    how many, with the legal mask and joker flag in out_vals[30], out_vals[31]."""
    n = C[C_N]
    seat = (S[S_LEADER] + S[S_TLEN]) % n
    leader = S[S_LEADER]
    left = popcount(H[leader]) + J[leader] + (1 if S[S_TLEN] else 0)
    ply = S[S_PLY]
    mv = MB[ply]
    k = gen_moves(H, J, T, S, C, KID, seat, mv)
    order_moves(H, T, S, C, seat, mv, k, MB[ply + 1], need)
    mask, jok = legal(H, J, T, S, C, seat)
    for i in range(k):
        out_cards[i] = mv[i]
    guess = -1 if C[C_GOAL] != G_PENALTY else -INF
    for i in range(k):
        v = value_after(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, seat, out_cards[i],
                        guess, need, left)
        out_vals[i] = v
        guess = v
    out_vals[30] = mask
    out_vals[31] = jok
    return k


@njit(cache=True)
def root_value(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, need):
    """The value alone (no card's): MaxTricks by zero-window tests on the target."""
    goal = C[C_GOAL]
    if goal == G_EXACTLY or goal == G_AVOID:
        if need < 0:
            return 0
        return ab(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, 0, 1, need)
    if goal == G_MAX:
        leader = S[S_LEADER]
        lo = 0
        hi = popcount(H[leader]) + J[leader] + (1 if S[S_TLEN] else 0)
        while lo < hi:
            t = (lo + hi + 1) // 2
            if ab(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, t - 1, t, need) >= t:
                lo = t
            else:
                hi = t - 1
        return lo
    return ab(H, J, T, S, C, PTS, DBL, KID, TK, TV, MB, -INF, INF, need)


_TABLE: list = []  # [keys, values, generation] shared by every solve of this process


def _table(bits: int = TT_BITS):
    if not _TABLE:
        size = 1 << bits
        keys = np.empty((size, KW), np.int64)
        values = np.empty((size, TVW), np.int64)
        keys.fill(0)  # touch every page now, not as page faults inside the first solves
        values.fill(0)
        _TABLE.extend([keys, values, 0])
    _TABLE[2] += 1
    return _TABLE[0], _TABLE[1], _TABLE[2]


def _card(i: int) -> Card:
    return JOKER if i == JOKER_INDEX else CARDS[i]


class FastSearch:
    """The numba search's state for one solve: the arrays and the goal's bookkeeping."""

    def __init__(self, pos: Position, goal) -> None:
        n = pos.players
        self.n = n
        self.H = np.zeros(9, np.int64)
        self.J = np.zeros(9, np.int64)
        for i, h in enumerate(pos.hands):
            self.H[i] = h.mask
            self.J[i] = h.jokers
        self.T = np.zeros(MAX_PLY + 16, np.int64)
        for i, c in enumerate(pos.trick):
            self.T[i] = c.index
        self.S = np.zeros(8, np.int64)
        self.S[S_LEADER] = pos.leader
        self.S[S_TLEN] = len(pos.trick)
        live = 0
        for h in pos.hands:
            live |= h.mask
        for c in pos.trick:
            if not c.is_joker:
                live |= 1 << c.index
        self.S[S_LIVE] = live
        C = np.zeros(12, np.int64)
        C[C_N] = n
        C[C_TRUMP] = -1 if pos.trump is None else int(pos.trump)
        C[C_NOHEART] = int(pos.no_heart_lead)
        C[C_DISCARD] = pos.penalty_discard.mask
        self.PTS = np.zeros(5 * 53, np.int64)
        self.DBL = np.full(53, -1, np.int64)
        self.KID = np.zeros(53, np.int64)
        side = side_of(goal.seat)
        self.need = 0
        klass: dict[int, tuple] = {}
        if isinstance(goal, MaxTricks):
            C[C_GOAL] = G_MAX
        elif isinstance(goal, Exactly):
            C[C_GOAL] = G_EXACTLY
            self.need = goal.n - sum(pos.won[s] for s in side)
        elif isinstance(goal, AvoidCards):
            C[C_GOAL] = G_AVOID
            C[C_SPECIAL] = goal.cards.mask
            already = 0
            for s in side:
                already |= pos.taken[s].mask
            self.need = -1 if already & goal.cards.mask else 0
            klass = {b: (0, None) for b in range(52) if goal.cards.mask >> b & 1}
        elif isinstance(goal, MinPenalty):
            C[C_GOAL] = G_PENALTY
            table, per_trick = goal.card_table()
            C[C_PERTRICK] = per_trick
            for idx, (plain, doubled, gain, seat) in table.items():
                C[C_SPECIAL] |= 1 << idx
                self.DBL[idx] = seat
                self.PTS[P_PLAIN + idx] = plain
                self.PTS[P_DOUBLED + idx] = doubled
                self.PTS[P_GAIN + idx] = gain
                if seat < 0:
                    self.PTS[P_LO + idx], self.PTS[P_HI + idx] = min(0, plain), max(0, plain)
                else:
                    self.PTS[P_LO + idx] = min(0, plain, doubled) + min(0, gain)
                    self.PTS[P_HI + idx] = max(0, plain, doubled) + max(0, gain)
            klass = dict(table)
        else:
            raise TypeError(f"not a trick-play goal: {goal!r}")
        for st in range(4):  # scoring classes, numbered 1..3 within each suit
            ids: dict[tuple, int] = {}
            for b in range(13 * st, 13 * st + 13):
                if b in klass:
                    self.KID[b] = ids.setdefault(klass[b], len(ids) + 1)
            if len(ids) > 3:
                raise ValueError("more than three scoring classes in one suit")
        for s in side:
            C[C_SIDE] |= 1 << s
        self.C = C
        self.goal = goal
        self.MB = np.zeros((MAX_PLY + 2, MAX_MOVES), np.int64)
        self.TK, self.TV, gen = _table()
        C[C_GEN] = gen
        C[C_TTMASK] = len(self.TV) - 1
        self.out_cards = np.zeros(MAX_MOVES, np.int64)
        self.out_vals = np.zeros(MAX_MOVES, np.int64)

    def value(self) -> int:
        """The goal's value alone, without each card's."""
        if self.C[C_GEN] != _TABLE[2]:
            _TABLE[2] += 1
            self.C[C_GEN] = _TABLE[2]
        return int(root_value(self.H, self.J, self.T, self.S, self.C, self.PTS, self.DBL,
                              self.KID, self.TK, self.TV, self.MB, self.need))

    def root(self) -> tuple[dict[int, int], int, int, list[int]]:
        """Values of the merged cards of the seat to move, the legal mask, joker flag and
        the cards in search order."""
        if self.C[C_GEN] != _TABLE[2]:  # another solve used the table since: start afresh
            _TABLE[2] += 1
            self.C[C_GEN] = _TABLE[2]
        k = root_values(self.H, self.J, self.T, self.S, self.C, self.PTS, self.DBL, self.KID,
                        self.TK, self.TV, self.MB, self.need, self.out_cards, self.out_vals)
        cards = [int(x) for x in self.out_cards[:k]]
        vals = {c: int(v) for c, v in zip(cards, self.out_vals[:k])}
        return vals, int(self.out_vals[30]), int(self.out_vals[31]), cards

    @property
    def to_move(self) -> int:
        return int((self.S[S_LEADER] + self.S[S_TLEN]) % self.n)

    def maximize(self, seat: int) -> bool:
        return bool(self.C[C_SIDE] >> seat & 1)

    def play_line_card(self, c: int) -> None:
        """Play c for the principal line, finishing the trick (and the goal's count)."""
        seat = self.to_move
        play(self.H, self.J, self.T, self.S, seat, c)
        self.S[S_PLY] = 0
        n = self.n
        if self.S[S_TLEN] == n:
            w = (self.S[S_LEADER] + best_pos(self.T, 0, n, self.C[C_TRUMP])) % n
            won = self.C[C_SIDE] >> w & 1
            tm = trick_special(self.T, 0, self.C)
            g = self.C[C_GOAL]
            if g == G_EXACTLY and won:
                self.need -= 1
            if g == G_AVOID and won and tm & self.C[C_SPECIAL]:
                self.need = -1
            self.S[S_LIVE] ^= tm
            self.S[S_TLEN] = 0
            self.S[S_LEADER] = w

    def has_cards(self) -> bool:
        seat = self.to_move
        return bool(self.H[seat] or self.J[seat])


def _line(fs: FastSearch) -> list[Card]:
    """The principal line: at each step the best merged card, lowest index among equals
    (search.py's ``_principal_line``)."""
    line: list[Card] = []
    while fs.has_cards():
        seat = fs.to_move
        vals = fs.root()[0]
        if fs.maximize(seat):
            pick = max(vals, key=lambda c: (vals[c], -c))
        else:
            pick = min(vals, key=lambda c: (vals[c], c))
        line.append(_card(pick))
        fs.play_line_card(pick)
    return line


def solve(position: Position, goal, by_card: bool = True, max_nodes: int | None = None):
    """``search.solve`` on the numba engine."""
    from tutor.solver.search import Result, SearchLimit

    start = time.perf_counter()
    fs = FastSearch(position, goal)
    if max_nodes is not None:
        fs.C[C_LIMIT] = max_nodes

    def check() -> None:
        if max_nodes is not None and fs.S[S_NODES] > max_nodes:
            _TABLE[2] += 1  # the table holds the aborted search's junk: a new generation
            raise SearchLimit(f"more than {max_nodes} nodes")
        fs.C[C_LIMIT] = 0  # the answer stands; its line (on request) is not capped

    if not by_card:
        value = fs.value()
        check()
        return Result(value=value, by_card={},
                      stats={"nodes": int(fs.S[S_NODES]), "tt_hits": int(fs.S[S_HITS]),
                             "seconds": time.perf_counter() - start, "engine": "numba"},
                      line_fn=lambda: _line(fs))
    vals, mask, jok, _ = fs.root()
    check()
    by_card: dict[Card, int] = {}
    current = None
    m = mask
    while m:
        b = m.bit_length() - 1
        m ^= 1 << b
        if b in vals:
            current = b
        by_card[CARDS[b]] = vals[current]
    if jok:
        by_card[JOKER] = vals[JOKER_INDEX]
    seat = position.to_move
    value = (max if fs.maximize(seat) else min)(vals.values())
    return Result(value=value, by_card=by_card,
                  stats={"nodes": int(fs.S[S_NODES]), "tt_hits": int(fs.S[S_HITS]),
                         "seconds": time.perf_counter() - start, "engine": "numba"},
                  line_fn=lambda: _line(fs))

