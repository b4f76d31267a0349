"""The exact search, written once: plain Python in the subset numba compiles.

Every function here runs as is on Python lists (the pure path: the browser, or
``engine="python"``) and is compiled by :mod:`tutor.solver._fast` with numba on numpy
int64 arrays (the fast path). So a kernel takes only flat arrays and integers, allocates
nothing, returns integers or tuples of them, and keeps every value within int64 (the
hashes are masked to 32 bits so both paths probe the same slots). ``popcount`` and
``msb`` are the only two written twice: with Python's own int methods here, and as the
CPU's own instructions in :mod:`tutor.solver._fast`.

The state of a search (see :class:`tutor.solver.search.Searcher`):

- ``H``, ``J``: each seat's cards (a mask; then each card's first holder) and jokers;
  ``T``: the cards played, a trick after another; ``S``: the scalars below; ``C``: the
  goal and the rules.
- ``PTS``, ``DBL``, ``KID``: what each scoring card is worth, who doubled it, and its
  scoring class (cards of different classes are never merged nor keyed alike). The
  recursive search takes these eight as the rows of one ``W`` (one argument, not eight).
- ``TK``, ``TV``: the transposition table (keys and values, ``KW`` and ``TVW`` words a
  slot, then the pure path's memo of suit codes), kept between solves and emptied by a
  generation stamp, not by clearing.
- ``MB``: per ply, a row of ``MAX_MOVES`` words: the moves, room to order them, the
  table key, and the cards whose ranks decided the node (MaxTricks' "winning ranks").

The search: alpha-beta at every card, the table at trick boundaries under a canonical
key (each suit's live cards by holder, in order, so the ranks of played cards do not
matter), touching cards merged, quick-trick and sure-trump bounds, the best lead kept in
the table and tried first. ``MaxTricks`` keeps "winning ranks" entries as DDS does: an
entry stores, per suit, only the holders of the top cards down to the lowest card that
mattered, so it serves every position with the same suit lengths and the same holders of
those cards, whoever holds the small ones; the same ranks let a node skip a hand's small
cards once one of them is searched (``ranks_free``), and the quick tricks (a partner's
entry and long suits included) and later tricks bound it as DDS's do.
"""

from __future__ import annotations

INF = 1 << 40
JOKER_INDEX = 52
G_MAX, G_PENALTY, G_EXACTLY, G_AVOID = 0, 1, 2, 3
KW = 7  # key words: four suits' holders, two words of scoring classes, leader/jokers/need
TVW = 7  # table values: lo, hi, best lead, generation, cards left, needs won, needs lost
MAX_PLY = 80
# H[HOLDER_AT + card]: the seat holding the card at the start, plus one. It never changes
# (cards only leave hands) and a key reads only the cards still in hands.
HOLDER_AT = 9
H_WORDS = HOLDER_AT + 53
MAX_MOVES = 72  # per ply: moves in 0..23, order flags 24..47, table key 48..54, ...
ORDER_AT = 24
KEY_AT = 48
# MaxTricks: MB[WR_AT] holds the live cards whose ranks decided the node's result,
# MB[RK_AT:RK_AT + 7] the node's key: two words of suit lengths per hand, leader and
# jokers, then each suit's holders from the top card down.
WR_AT = 55
RK_AT = 56
MERGED_AT = 63
HASH_AT = 64  # the node's key's slot in the table, where its probes start
KILL_AT = 65  # the lead that last cut at this ply, plus one (0: none): DDS's ``bestMove``
HASH2_AT = 66  # MaxTricks: where the probes of entries that read no rank of some suit start
RPROBE = 128  # slots a MaxTricks lookup or store walks: at 13 cards the table is full
RKH = 7  # key words hashed: the lengths, leader and jokers, each suit's top holders
TOPH = 0xF

# C: the goal and rules
C_N, C_TRUMP, C_GOAL, C_NOHEART, C_DISCARD, C_SPECIAL, C_PERTRICK, C_SIDE = range(8)
C_GEN, C_TTMASK = 8, 9
C_LIMIT = 10  # the node budget (0: none)
C_MEMO = 11  # where the memo of suit codes starts in TK (0: none), see suit_code
C_ORDER = 12  # quick_tricks' order of the suits, 2 bits each (see suit_order)
MEMO_WORDS = 3 * 4 * 8192  # per suit and live cards: a generation and two codes
C_DDS = 13  # 1: leads ordered by DDS's weights (``dds_leads``), set once a search
C_WORDS = 14
# S: the scalars
S_LEADER, S_TLEN, S_LIVE, S_NODES, S_HITS, S_PLY, S_TBASE = range(7)
S_TRICKS = 7  # trick starts searched: neither the table nor a bound settled them
S_REACHED = 8  # tricks completed (the trick starts reached): DDS's ``futureTricks.nodes``
S_WORDS = 9
# PTS rows (53 each), from MinPenalty.card_table(): points to the taker, to the taker of a
# card another seat doubled, to that doubler, and the least and most a card can be worth
# to the hero side (the bounds)
P_PLAIN, P_DOUBLED, P_GAIN, P_LO, P_HI = (53 * i for i in range(5))

SUIT = 0x1FFF
HEARTS = SUIT << 13
MASK32 = 0xFFFFFFFF
MASK63 = 0x7FFFFFFFFFFFFFFF


popcount = int.bit_count  # set bits of x >= 0 (a method call, not a Python function)


def msb(x):
    """Index of the highest set bit of x > 0."""
    return x.bit_length() - 1


# --- how _fast compiles the kernels (here, so that a change recompiles them) ----------
# Small kernels on the hot path are inlined into their callers, as in the one function
# the search once was. The recursive search gets one signature: a cached recursive
# function with several compiled versions crashes when loaded back from numba's cache.
INLINE = {"popcount", "msb", "rel", "unrel", "top_mask", "led_suit", "legal", "best_pos",
          "play", "unplay", "trick_cards", "close_trick", "open_trick", "put_moves",
          "suit_code", "hash_key", "rank_hash", "store_bound", "new_entry", "enter_node",
          "tt_probe", "rank_probe", "node_moves", "node_store", "make_key", "tt_find",
          "find_slot", "gen_moves", "order_moves", "order_follows", "beaten_later",
          "to_front", "entry", "cash_rel", "all_possible", "suit_run",
          "ranks_free", "second_hand", "discard_weights", "follow_rank"}
# No reference counting (numba's ``_nrt``): the kernels allocate nothing and only borrow
# the arrays they are given, and counting them at every inlined call took half the time.
NRT = False
# ``child`` is called with literal windows (0, 1; -INF, INF), each of which numba would
# compile apart: one signature compiles it once (each compile re-optimizes ``ab`` inside it).
SIGNATURES = {"ab": "int64(int64[:, ::1], int64[::1], int64[::1], int64[::1], int64, int64, "
                    "int64)",
              "child": "int64(int64[:, ::1], int64[::1], int64[::1], int64[::1], int64, int64, "
                       "int64, int64, int64)"}


def led_suit(T, base, tlen):
    for i in range(base, base + tlen):
        if T[i] != JOKER_INDEX:
            return T[i] // 13
    return -1


def legal(H, J, T, S, C, seat):
    """Legal cards of seat as a mask, and 1 if a joker may be played."""
    hand = H[seat]
    jok = 1 if J[seat] > 0 else 0
    tlen = S[S_TLEN]
    if tlen == 0:
        if hand:
            if C[C_NOHEART] and hand & ~HEARTS:
                return hand & ~HEARTS, 0
            return hand, 0
        return 0, jok
    led = led_suit(T, S[S_TBASE], tlen)
    if led < 0:
        return hand, jok
    follow = hand & (SUIT << (13 * led))
    if follow:
        return follow, 0
    forced = hand & C[C_DISCARD]
    if forced:
        return forced, 0
    return hand, jok


def gen_moves(H, J, T, S, C, KID, seat, MB, mo):
    """Legal cards into MB[mo:], touching equivalents merged (a run of one hand's cards
    with no other live card between them, of one scoring class), highest index first;
    returns how many."""
    mask, jok = legal(H, J, T, S, C, seat)
    live = S[S_LIVE]
    k = 0
    m = mask
    merged = 0  # the lowest card of each merged run (MaxTricks' winning ranks)
    while m:
        b = msb(m)
        MB[mo + k] = b
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
    MB[mo + MERGED_AT] = merged
    if jok:
        MB[mo + k] = JOKER_INDEX
        k += 1
    return k


def best_pos(T, base, tlen, trump):
    """Position in the trick of the card winning it so far (jokers never win)."""
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


def order_moves(H, T, S, C, seat, MB, mo, k, need):
    """Reorder the k moves at MB[mo:] in a promising order (ordered in MB's next row).
    A hero avoiding penalties (or wanting no more tricks under ``Exactly``: need 0)
    leads low and ducks with its highest card that does not win, the others dump on it;
    otherwise a side winning the trick plays low, one that is not tries its cheapest
    winning card first."""
    if k < 2:
        return
    hero = (C[C_SIDE] >> seat) & 1
    goal = C[C_GOAL]
    avoider = goal == G_PENALTY or goal == G_AVOID or (goal == G_EXACTLY and need == 0)
    to = mo + MAX_MOVES
    if S[S_TLEN] == 0:
        if avoider and hero:
            for i in range(k):
                MB[to + i] = MB[mo + k - 1 - i]
        elif C[C_DDS]:
            order_leads_dds(H, S, C, seat, MB, mo, k, to)
        else:
            order_leads(H, S, C, seat, MB, mo, k, to, hero)
    elif C[C_DDS] and T[S[S_TBASE]] != JOKER_INDEX and \
            H[seat] & (SUIT << (13 * (T[S[S_TBASE]] // 13))) == 0:
        if C[C_TRUMP] < 0:
            order_discards_nt(H, T, S, seat, MB, mo, k, to)
        elif S[S_TLEN] == 2 and T[S[S_TBASE]] // 13 != C[C_TRUMP] and \
                T[S[S_TBASE] + 1] != JOKER_INDEX:
            f = to + ORDER_AT
            for i in range(k):
                MB[f + i] = -third_void_weight_trump(H, T, S, C, seat, MB[mo + i])
            sort_by_key(MB, mo, k, to, f)
        else:  # the groups as below, each in DDS's order of discards (read from the end)
            discard_weights(H, T, S, seat, MB, mo, k, to + ORDER_AT, C[C_TRUMP])
            sort_by_key(MB, mo, k, to, to + ORDER_AT)
            for i in range(k):
                MB[mo + i] = MB[to + i]
            order_follows(H, T, S, C, seat, MB, mo, k, to, hero, avoider)
    elif C[C_DDS] and T[S[S_TBASE]] != JOKER_INDEX and S[S_TLEN] < 3:
        f = to + ORDER_AT
        for i in range(k):
            c = MB[mo + i]
            if C[C_TRUMP] < 0:
                MB[f + i] = -follow_weight_nt(H, T, S, seat, c)
            elif S[S_TLEN] == 1:
                MB[f + i] = -second_weight_trump(H, T, S, C, seat, c)
            else:
                MB[f + i] = -third_weight_trump(H, T, S, C, seat, c)
        sort_by_key(MB, mo, k, to, f)
    else:
        order_follows(H, T, S, C, seat, MB, mo, k, to, hero, avoider)
    for i in range(k):
        MB[mo + i] = MB[to + i]


def order_leads(H, S, C, seat, MB, mo, k, to, hero):
    """Leads: first the sure winners (the top card still out in a suit no opponent can
    ruff now), then leads towards a partner's top card or a partner's ruff, then the rest
    low first, and last the suits an opponent can ruff."""
    n = C[C_N]
    trump = C[C_TRUMP]
    side = C[C_SIDE]
    others = S[S_LIVE] & ~H[seat]
    friends = 0
    foe_ruffs = 0  # suits an opponent is void in while holding a trump
    friend_ruffs = 0
    for i in range(n):
        if i == seat:
            continue
        mate = ((side >> i) & 1) == hero
        if mate:
            friends |= H[i]
        if trump >= 0 and (H[i] >> (13 * trump)) & SUIT:
            for st in range(4):
                if st != trump and (H[i] >> (13 * st)) & SUIT == 0:
                    if mate:
                        friend_ruffs |= 1 << st
                    else:
                        foe_ruffs |= 1 << st
    f = to + ORDER_AT  # each lead's group: 0 top, 1 to a partner, 2 the rest, 3 ruffed
    for i in range(k):
        c = MB[mo + i]
        g = 2
        if c != JOKER_INDEX:
            st = c // 13
            sm = others & (SUIT << (13 * st))
            if (sm & ~((2 << c) - 1)) == 0 and (not (foe_ruffs >> st) & 1 or st == trump):
                g = 0
            elif (foe_ruffs >> st) & 1:
                g = 3
            elif sm != 0 and (friends >> msb(sm)) & 1:
                g = 1
            elif (friend_ruffs >> st) & 1:
                g = 1
        MB[f + i] = g
    j = put_moves(MB, mo, k, to, 0, 0, 0, 0)
    j = put_moves(MB, mo, k, to, j, 1, 1, 1)
    j = put_moves(MB, mo, k, to, j, 2, 2, 1)
    put_moves(MB, mo, k, to, j, 3, 3, 1)


def dds_leads(C):
    """1 where DDS's lead weights apply (``C_DDS``): MaxTricks at four hands, each with
    its partner opposite against the two others; else 0."""
    return 1 if C[C_GOAL] == G_MAX and C[C_N] == 4 and (C[C_SIDE] == 5 or C[C_SIDE] == 10) \
        else 0


def order_leads_dds(H, S, C, seat, MB, mo, k, to):
    """Leads by DDS's weights (``lead_weight_nt`` / ``lead_weight_trump``), the heaviest
    first, the lead that last cut at this ply weighed in (DDS's ``bestMove``)."""
    f = to + ORDER_AT
    trump = C[C_TRUMP]
    left = popcount(H[seat])
    kill = MB[mo + KILL_AT] - 1
    for i in range(k):
        c = MB[mo + i]
        if c == JOKER_INDEX:  # no jokers at four hands; kept last if ever
            MB[f + i] = 1 << 20
        elif trump < 0:
            MB[f + i] = -lead_weight_nt(H, S, seat, c, left, kill)
        else:
            MB[f + i] = -lead_weight_trump(H, S, seat, c, left, trump, kill)
    sort_by_key(MB, mo, k, to, f)


def sort_by_key(MB, mo, k, to, f):
    """The k moves at MB[mo:] into MB[to:] by their keys MB[f:] (smallest first; a
    stable insertion sort: ties keep the moves' order)."""
    for i in range(k):
        MB[to + i] = MB[mo + i]
    for i in range(1, k):
        c = MB[to + i]
        key = MB[f + i]
        j = i - 1
        while j >= 0 and MB[f + j] > key:
            MB[to + j + 1] = MB[to + j]
            MB[f + j + 1] = MB[f + j]
            j -= 1
        MB[to + j + 1] = c
        MB[f + j + 1] = key


def suit_tops(H, live, st):
    """The holders of the suit's three highest live cards (-1: none) and its second
    card's index."""
    sm = live & (SUIT << (13 * st))
    w = -1
    sb = -1
    tb = -1
    second = -1
    if sm:
        c = msb(sm)
        w = H[HOLDER_AT + c] - 1
        sm ^= 1 << c
        if sm:
            second = msb(sm)
            sb = H[HOLDER_AT + second] - 1
            sm ^= 1 << second
            if sm:
                tb = H[HOLDER_AT + msb(sm)] - 1
    return w, sb, tb, second


def lead_weight_nt(H, S, seat, c, left, kill):
    """DDS's weight of a lead without trumps (``WeightAllocNT0``), four hands in two
    partnerships: winners first, suits the opponents hold few cards of, a lead through
    the second-best card of the next hand."""
    live = S[S_LIVE]
    st = c // 13
    sm = SUIT << (13 * st)
    lho = (seat + 1) % 4
    pd = (seat + 2) % 4
    rho = (seat + 3) % 4
    nl = popcount(H[lho] & sm)
    nr = popcount(H[rho] & sm)
    d = -((((nl if nl else left) + (nr if nr else left)) * 4 * 32) // 19)
    if H[pd] & sm == 0:
        d -= 9
    w, sb, tb, second = suit_tops(H, live, st)
    r = 14 - popcount(live & sm & ~((2 << c) - 1))
    seq = c > 13 * st and (H[seat] >> (c - 1)) & 1 and (live >> (c - 1)) & 1  # touching
    pmax = H[pd] & sm
    omax = (H[lho] | H[rho]) & sm
    if w == seat and r == 14 or (pmax and (omax == 0 or msb(pmax) > msb(omax))):
        if sb == rho:
            if nr != 1:
                d -= 1
        elif sb == lho:
            d += 22 if nl != 1 else 16
        if c == kill:
            d += 126
        if (sb != lho or nl == 1) and (sb != rho or nr == 1):
            return d + 45 + r
        return d + 18 + r
    if c == kill:
        d += 47
    if w == rho or sb == rho:
        if nr != 1:
            d -= 10
    elif w == lho and sb == pd:
        if popcount(H[pd] & sm) != 1:
            d += 31
    if sb == pd and tb == pd:
        d += 35
    elif popcount(H[pd] & sm) > 1 and ((sb == seat and tb == pd) or (sb == pd and tb == seat)):
        d += 25
    if (nl == 1 and w == lho) or (nr == 1 and w == rho):
        return d + 28 + r
    if w == seat:
        return d - 17 + r
    if not seq:
        return d + 12 + r
    if c == second:
        return d + 48
    return d + 29 - r


def trump_lead_wins(H, seat, st, trump, top):
    """DDS's ``winMove`` for a lead of suit st with trumps (``top``: it is the suit's top
    card): the leader's side may win the trick, by the top card or the partner's higher
    card where no opponent can ruff, or by the partner's ruff over theirs."""
    sm = SUIT << (13 * st)
    tm = SUIT << (13 * trump)
    lho = (seat + 1) % 4
    pd = (seat + 2) % 4
    rho = (seat + 3) % 4
    nl = H[lho] & sm
    nr = H[rho] & sm
    tl = H[lho] & tm
    tr = H[rho] & tm
    tp = H[pd] & tm
    np_ = H[pd] & sm
    pmax = msb(np_) if np_ else -1
    omax = msb(nl | nr) if nl | nr else -1
    tpm = msb(tp) if tp else -1
    tlm = msb(tl) if tl else -1
    trm = msb(tr) if tr else -1
    if top:
        if st == trump:
            return True
        if np_ or not tp:
            return (nl != 0 or not tl) and (nr != 0 or not tr)
        return (nl != 0 or tpm > tlm) and (nr != 0 or tpm > trm)
    if pmax > omax:
        return st == trump or ((nl != 0 or not tl) and (nr != 0 or not tr))
    if st != trump and not np_ and tp:
        if not nl and tl and not nr and tr:
            return tpm > tlm and tpm > trm
        if not nl and tl:
            return tpm > tlm
        if not nr and tr:
            return tpm > trm
        return True
    return False


def lead_weight_trump(H, S, seat, c, left, trump, kill):
    """DDS's weight of a lead with trumps (``WeightAllocTrump0``), four hands in two
    partnerships: sure winners, ruffs for the partner, none into an opponent's ruff."""
    live = S[S_LIVE]
    st = c // 13
    sm = SUIT << (13 * st)
    tm = SUIT << (13 * trump)
    lho = (seat + 1) % 4
    pd = (seat + 2) % 4
    rho = (seat + 3) % 4
    nl = popcount(H[lho] & sm)
    nr = popcount(H[rho] & sm)
    tl = H[lho] & tm
    tr = H[rho] & tm
    tp = H[pd] & tm
    bonus = 0
    if st != trump and ((nl == 0 and tl) or (nr == 0 and tr)):
        bonus = -12
    if st != trump and H[pd] & sm == 0 and tp and nr > 0:
        bonus += 17
    w, sb, tb, second = suit_tops(H, live, st)
    if w == rho or sb == rho:
        if nr != 1:
            bonus -= 12
    elif w == lho and sb == pd:
        if popcount(H[pd] & sm) != 1:
            bonus += 27
    if st != trump and popcount(H[seat] & sm) == 1 and H[seat] & tm \
            and popcount(H[pd] & sm) > 1 and w == pd:
        bonus += 19
    d = bonus - ((((nl if nl else left) + (nr if nr else left)) * 4 * 32) // 13)
    r = 14 - popcount(live & sm & ~((2 << c) - 1))
    seq = c > 13 * st and (H[seat] >> (c - 1)) & 1 and (live >> (c - 1)) & 1
    if trump_lead_wins(H, seat, st, trump, r == 14 and w == seat):
        if c == kill:
            d += 55
        if (nl == 1 and w == lho) or (nr == 1 and w == rho):
            return d + 35 + r
        if w == seat:
            if sb == pd:
                return d + 48 + r
            if r == 14:
                return d + 31
            return d - 3 + r
        if w == pd:
            return d + (42 if sb == seat else 28) + r
        if seq and c == second:
            return d + 40
        return d + (22 if seq else 11) + r
    if c == kill:
        d += 18
    if sb == pd and tb == pd:
        d += 20
    elif popcount(H[pd] & sm) > 1 and ((sb == seat and tb == pd) or (sb == pd and tb == seat)):
        d += 13
    if (nl == 1 and w == lho) or (nr == 1 and w == rho):
        return d + r + 2
    if w == seat:
        if sb == pd:
            return d + 33 + r
        if r == 14:
            return d + 38
        return d - 14 + r
    if w == pd:
        return d + 34 + r
    if seq and c == second:
        return d + 35
    return d + 15 - c % 13  # DDS: 17 less the rank (2 to 14)


def order_discards_nt(H, T, S, seat, MB, mo, k, to):
    """A void hand's discards without trumps by DDS's weights (``WeightAllocNTVoid1``,
    ``2`` and ``3``), the heaviest first."""
    f = to + ORDER_AT
    discard_weights(H, T, S, seat, MB, mo, k, f, -1)
    for i in range(k):
        MB[f + i] = -MB[f + i]
    sort_by_key(MB, mo, k, to, f)


def follow_weight_nt(H, T, S, seat, c):
    """DDS's weight of the card c of the second or third hand following suit without
    trumps (``WeightAllocNTNotvoid1`` and ``2``, four hands in two partnerships). Second
    hand: low when its partner (fourth) beats both opponents; else a card that beats both
    first, cheapest; then a cover (a card over the lead the third hand may beat, one of a
    sequence first), the lowest; then the low cards. Third hand: low when its partner's
    lead wins whatever the fourth plays, or when its cards are too low; else a card that
    surely wins, cheapest, then the low cards."""
    base = S[S_TBASE]
    c0 = T[base]
    sm = SUIT << (13 * (c0 // 13))
    r = c % 13 + 2  # DDS's ranks: 2 to 14
    if S[S_TLEN] == 1:
        nxt = H[(seat + 1) & 3] & sm
        mate = H[(seat + 2) & 3] & sm
        top3 = msb(nxt) if nxt else -1
        if mate and msb(mate) > c0 and msb(mate) > top3:
            return -r  # the partner beats both opponents
        if c > c0 and c > top3:
            return 81 - r
        rr, seq = follow_rank(H, S[S_LIVE], seat, c)
        if (nxt and c < msb(nxt & -nxt)) or (mate and c < msb(mate & -mate)):
            return -3 + rr  # too low to make a difference
        if c < c0:
            return -11 + rr
        if seq:
            return 10 + rr  # a sequence: some willingness to split
        return 13 - r
    best = c0 if T[base + 1] // 13 != c0 // 13 or T[base + 1] < c0 else T[base + 1]
    fourth = H[(seat + 1) & 3] & sm
    top4 = msb(fourth) if fourth else -1
    if best == c0 and c0 > top4:
        return -r  # the partner's lead wins the trick
    if c > best and c > top4:
        return 60 - r
    return -r


def follow_rank(H, live, seat, c):
    """DDS's relative rank of the card c among its suit's live cards (1: the top one) and
    whether it heads a sequence (the next live card down is seat's own)."""
    sm = SUIT << (13 * (c // 13))
    below = live & sm & ((1 << c) - 1)
    seq = below != 0 and (H[seat] >> msb(below)) & 1 == 1
    return popcount(live & sm & ~((2 << c) - 1)) + 1, seq


def second_weight_trump(H, T, S, C, seat, c):
    """DDS's weight of the card c of the second hand following suit with trumps
    (``WeightAllocTrumpNotvoid1``): whether its side can win the trick (by this card, by
    the fourth hand's, or by a ruff of the fourth that the third cannot overruff), then
    how cheaply; a card that cannot win, the lowest first."""
    c0 = T[S[S_TBASE]]
    st = c0 // 13
    sm = SUIT << (13 * st)
    tm = SUIT << (13 * C[C_TRUMP])
    third = H[(seat + 1) & 3]
    mate = H[(seat + 2) & 3]
    t3 = third & sm
    pd = mate & sm
    max3 = msb(t3) if t3 else -1
    maxpd = msb(pd) if pd else -1
    min3 = msb(t3 & -t3) if t3 else -1
    minpd = msb(pd & -pd) if pd else -1
    r = c % 13 + 2  # DDS's ranks: 2 to 14
    rr, seq = follow_rank(H, S[S_LIVE], seat, c)
    ruff = maxpd < 0 and mate & tm  # the fourth hand, void, can ruff
    safe = max3 >= 0 or third & tm == 0  # the third hand cannot ruff
    over = (mate & tm) > (third & tm)  # the fourth's top trump over the third's
    win = False
    if st == C[C_TRUMP]:
        win = (maxpd > c0 and maxpd > max3) or (c > c0 and c > max3)
    elif c > c0 and c > max3:
        win = safe or (ruff and over)
    elif maxpd > c0 and maxpd > max3:
        win = safe
    elif c0 > maxpd and c0 > max3 and c0 > c:
        win = ruff and (safe or over)
    elif ruff:
        win = True
    if win:
        if min3 > c:
            return 40 + rr  # the partner must be winning
        if maxpd > c0 and H[S[S_LEADER]] & sm > pd:
            return 41 + rr
        if c > c0:
            if c < maxpd:
                return 78 - r
            if c > max3:
                return 73 - r
            return (62 if seq else 49) - r
        return (47 if maxpd >= 0 else 40) - r
    if c < min3 or c < minpd:
        return -9 + rr  # beaten anyway
    if c < c0:
        return -16 + rr  # already beaten
    return (22 if seq else 10) - r


def third_weight_trump(H, T, S, C, seat, c):
    """DDS's weight of the card c of the third hand following suit with trumps
    (``WeightAllocTrumpNotvoid2``, without its bonus for forcing out an ace): low when
    the partner's lead wins whatever the fourth plays, or when the second hand has
    ruffed; else a card that surely wins (over the trick and the fourth hand's cards)
    first, the cheapest, then low; with the fourth hand void (it may ruff), any card
    that wins the trick so far first."""
    base = S[S_TBASE]
    c0 = T[base]
    c1 = T[base + 1]
    trump = C[C_TRUMP]
    sm = SUIT << (13 * (c0 // 13))
    fourth = H[(seat + 1) & 3] & sm
    max4 = msb(fourth) if fourth else -1
    r = c % 13 + 2  # DDS's ranks: 2 to 14
    if c1 // 13 == c0 // 13 and c1 > c0:
        best = c1
    elif c1 // 13 == trump and c0 // 13 != trump:
        return -r  # the second hand ruffed: we must follow and cannot win
    else:
        best = c0
    if best == c0 and c0 > max4:
        return -r  # the partner's lead wins (a void fourth hand: DDS plays low too)
    if max4 < 0:
        return (20 if c > best else 0) - r
    return (60 if c > best and c > max4 else 0) - r


def third_void_weight_trump(H, T, S, C, seat, c):
    """DDS's weight of the card c of a third hand void in a side suit led, with trumps
    (``WeightAllocTrumpVoid2``): a discard from a long suit, low; a ruff after the
    discards only where the partner's lead surely wins or it would underruff the
    second hand; else a ruff first, the cheapest, most of all when the fourth hand
    follows (it cannot overruff)."""
    base = S[S_TBASE]
    c0 = T[base]
    c1 = T[base + 1]
    trump = C[C_TRUMP]
    sm = SUIT << (13 * (c0 // 13))
    tm = SUIT << (13 * trump)
    fourth = H[(seat + 1) & 3]
    max4 = msb(fourth & sm) if fourth & sm else -1
    r = c % 13 + 2  # DDS's ranks: 2 to 14
    ln = popcount(H[seat] & (SUIT << (13 * (c // 13))))
    if c // 13 != trump:
        return (ln << 6) // 40 - r
    ruffed = c1 // 13 == trump
    partner = not ruffed and not (c1 // 13 == c0 // 13 and c1 > c0)
    if partner and c0 > max4 and (max4 >= 0 or fourth & tm == 0):
        return -r - 50  # the partner's lead wins: keep the trump
    if ruffed and c < c1:
        rr = follow_rank(H, S[S_LIVE], seat, c)[0]
        return -32 + rr + (ln << 6) // 40  # an underruff
    add = (ln << 6) // 50
    over = (1 << c) > fourth & tm  # above every trump of the fourth hand
    if partner:
        if max4 >= 0:
            second = msb(S[S_LIVE] & sm & ~(1 << msb(S[S_LIVE] & sm)))
            led_second = second == c0 or H[HOLDER_AT + second] - 1 == S[S_LEADER]
            return (36 if led_second else 48) - r + add
        return (48 if over else -12) - r + add
    if max4 >= 0:
        return 72 - r + add
    return (48 if over else 36) - r + add


def discard_weights(H, T, S, seat, MB, mo, k, f, trump):
    """DDS's weight of each of a void hand's k moves at MB[mo:] into MB[f:]: a discard
    from a long suit and a low card weighs most, one from a guarded second best (Kx) or
    a bare top card less (the second hand, when its partner can win the trick, weighs a
    suit's length more and those guards less); a trump weighs less than any discard,
    a low one more than a high one."""
    tlen = S[S_TLEN]
    live = S[S_LIVE]
    div, kx, bare = 24, 4, 4  # the third hand
    if tlen == 1:
        st = T[S[S_TBASE]] // 13
        sm = SUIT << (13 * st)
        mate = H[(seat + 2) & 3] & sm
        if mate > ((1 << T[S[S_TBASE]]) | (H[(seat + 1) & 3] & sm)):
            div, kx, bare = 23, 2, 3  # the partner can win the trick
        else:
            div, kx, bare = 33, 6, 8
    elif tlen == 3:
        div, kx, bare = 27, 6, 8
    for i in range(k):
        c = MB[mo + i]
        if c == JOKER_INDEX:  # no jokers at four hands; kept last if ever
            MB[f + i] = -(1 << 20)
            continue
        if c // 13 == trump:
            MB[f + i] = -100 - c % 13
            continue
        ln = popcount(H[seat] & (SUIT << (13 * (c // 13))))
        w = (ln << 6) // div - c % 13
        top, second = suit_tops(H, live, c // 13)[:2]
        if ln == 1 and top == seat:
            w -= bare
        elif ln == 2 and second == seat:
            w -= kx
        MB[f + i] = w


def beaten_later(H, S, C, seat, c, led, mates):
    """1 if a seat still to play in this trick, of the other side from ``seat``'s (of its
    own with ``mates``), could beat the card c (a higher card of its suit where it may play
    it, or a ruff)."""
    n = C[C_N]
    trump = C[C_TRUMP]
    hero = (C[C_SIDE] >> seat) & 1
    st = c // 13
    above = (SUIT << (13 * st)) & ~((2 << c) - 1)
    for i in range(S[S_TLEN] + 1, n):
        o = (S[S_LEADER] + i) % n
        if (((C[C_SIDE] >> o) & 1) == hero) != mates:
            continue
        h = H[o]
        void = led < 0 or (h & (SUIT << (13 * led))) == 0
        if h & above and (st == led or void):
            return 1
        if void and trump >= 0 and st != trump and h & (SUIT << (13 * trump)):
            return 1
    return 0


def order_follows(H, T, S, C, seat, MB, mo, k, to, hero, avoider):
    """Following: each card loses (0), loses and scores (1), wins the trick so far but a
    later opponent may beat it (2) or wins it whatever they play (3)."""
    n = C[C_N]
    trump = C[C_TRUMP]
    tlen = S[S_TLEN]
    base = S[S_TBASE]
    wp = best_pos(T, base, tlen, trump)
    wseat = (S[S_LEADER] + wp) % n
    best = T[base + wp]
    led = led_suit(T, base, tlen)
    f = to + ORDER_AT
    sure = 0
    for i in range(k):
        c = MB[mo + i]
        g = 0
        if c != JOKER_INDEX:
            if best == JOKER_INDEX:
                win = c // 13 == led or led < 0
            else:
                win = (c // 13 == best // 13 and c > best) or (
                    c // 13 == trump and best // 13 != trump)
            if win:
                g = 2
                if not avoider and beaten_later(H, S, C, seat, c, led, False) == 0:
                    g = 3
                    sure = 1
            elif (C[C_SPECIAL] >> c) & 1:
                g = 1
        MB[f + i] = g
    if avoider and hero:  # duck high, else win low
        j = put_moves(MB, mo, k, to, 0, 0, 1, 0)
        put_moves(MB, mo, k, to, j, 2, 2, 1)
    elif ((C[C_SIDE] >> wseat) & 1) == hero:  # a partner wins: play low
        j = put_moves(MB, mo, k, to, 0, 0, 1, 1)
        put_moves(MB, mo, k, to, j, 2, 3, 1)
    elif avoider:  # the hero side wins the trick so far: dump on it, scoring cards first
        j = put_moves(MB, mo, k, to, 0, 1, 1, 0)
        j = put_moves(MB, mo, k, to, j, 0, 0, 0)
        put_moves(MB, mo, k, to, j, 2, 2, 1)
    elif sure:  # win it for sure, cheaply; else play low
        j = put_moves(MB, mo, k, to, 0, 3, 3, 1)
        j = put_moves(MB, mo, k, to, j, 0, 1, 1)
        put_moves(MB, mo, k, to, j, 2, 2, 1)
    elif best != JOKER_INDEX and beaten_later(H, S, C, seat, best, led, True):
        # a partner still to play may win it: low first
        j = put_moves(MB, mo, k, to, 0, 0, 1, 1)
        put_moves(MB, mo, k, to, j, 2, 2, 1)
    else:  # win cheaply, else play low
        j = put_moves(MB, mo, k, to, 0, 2, 2, 1)
        put_moves(MB, mo, k, to, j, 0, 1, 1)


def put_moves(MB, mo, k, to, j, lo, hi, low_first):
    """Append to MB[to + j:] the moves whose group (MB[to + ORDER_AT + i]) is in lo..hi,
    in move order (highest first) or reversed; returns the new length."""
    f = to + ORDER_AT
    for x in range(k):
        i = k - 1 - x if low_first else x
        g = MB[f + i]
        if lo <= g <= hi:
            MB[to + j] = MB[mo + i]
            j += 1
    return j


def quick_tricks(H, S, C):
    """Tricks the leader's side can surely cash at once, as bridge solvers' quick tricks:
    the leader's own (``cash``), or one trick led to a partner who wins it (``entry``)
    and the partner's own after it, whichever is more."""
    hand = H[S[S_LEADER]]
    if hand == 0:
        return 0
    hc = popcount(hand)
    qt = cash(H, C, S[S_LEADER], hand, -1)
    for st in range(4):
        if qt >= hc:
            break
        p, card = entry(H, S, C, st)
        if p >= 0:
            q = 1 + cash(H, C, p, H[p] ^ (1 << card), st)
            if q > qt:
                qt = q
    return qt if qt < hc else hc


def entry(H, S, C, st):
    """A partner of the leader who surely wins a lead of suit st, and the card it wins
    with, or (-1, 0): it holds the suit's top card, or it is void there and ruffs with
    its lowest trump; the leader may lead the suit, and nobody else can ruff it."""
    leader = S[S_LEADER]
    n = C[C_N]
    sm = SUIT << (13 * st)
    if H[leader] & sm == 0 or (C[C_NOHEART] and st == 1 and H[leader] & ~HEARTS):
        return -1, 0
    trump = C[C_TRUMP]
    ts = SUIT << (13 * trump) if trump >= 0 else 0
    mate = (C[C_SIDE] >> leader) & 1
    card = msb(S[S_LIVE] & sm)
    p = H[HOLDER_AT + card] - 1
    if p == leader or ((C[C_SIDE] >> p) & 1) != mate:
        if trump < 0 or st == trump:
            return -1, 0
        p = -1
        for i in range(n):
            if i != leader and ((C[C_SIDE] >> i) & 1) == mate and H[i] & sm == 0 \
                    and H[i] & ts:
                p = i
                break
        if p < 0:
            return -1, 0
        low = H[p] & ts
        card = msb(low & -low)
    if trump >= 0 and st != trump:
        for i in range(n):
            if i != leader and i != p and H[i] & sm == 0 and H[i] & ts:
                return -1, 0
    return p, card


def cash(H, C, who, hand, gone):
    """Tricks ``who`` on lead with ``hand`` can surely cash at once (after a trick of
    suit ``gone``, when not -1, took a card of it from every other hand): in each suit its
    cards above every other live card win trick after trick, and when they outnumber
    every other hand's cards of the suit, the rest of its suit wins too. Trumps are
    drawn first; while someone else still holds a trump, a side suit's top cards count
    only for the rounds everyone holding a trump can follow. Hearts
    count last under no_heart_lead, and only when everything else is cashed first."""
    if hand == 0 or (C[C_NOHEART] and C[C_TRUMP] == 1):
        return 0  # hearts both first (trumps) and last (no lead): not worth a rule
    total, _, last = cash_walk(H, C, 0, who, hand, gone, 99)
    total += last
    hc = popcount(hand)
    return total if total < hc else hc


def cash_walk(H, C, live, who, hand, gone, need):
    """``cash``'s suits in its order: (the tricks they keep the lead for, the cards
    whose ranks those read when ``live`` is given, the most one suit cashed last adds),
    stopped once ``need`` tricks are counted."""
    n = C[C_N]
    others = 0
    for i in range(n):
        if i != who:
            others |= H[i]
    trump = C[C_TRUMP]
    noheart = C[C_NOHEART]
    ruffable = trump >= 0 and (others & (SUIT << (13 * trump))) != 0
    total = 0
    r = 0
    last = 0  # the most a suit cashed last adds (``suit_run``)
    nonheart = popcount(hand & ~HEARTS)
    for idx in range(4):
        st = (C[C_ORDER] >> (2 * idx)) & 3
        if st == 1 and noheart and total < nonheart:
            break
        shift = 13 * st
        mine = (hand >> shift) & SUIT
        if mine == 0:
            continue
        theirs = (others >> shift) & SUIT
        if ruffable and st != trump:
            # Someone else still holds a trump: a top card wins only while everyone who
            # holds one still follows suit.
            if theirs:
                lim = popcount(mine >> (msb(theirs) + 1))
                for i in range(n):
                    if i != who and H[i] & (SUIT << (13 * trump)):
                        ln = popcount((H[i] >> shift) & SUIT) - (1 if st == gone else 0)
                        if ln < lim:
                            lim = ln
                total += lim
                if live and lim > 0:  # its top lim cards, above every other card
                    r |= live & (SUIT << shift) & ~((1 << (shift + nth_top(mine, lim))) - 1)
        else:
            keep, extra, low, drawn = suit_run(H, C, who, hand, st, gone)
            total += keep
            if live and low < 99:
                r |= live & (SUIT << shift) & ~((1 << (shift + low)) - 1)
            if drawn and st == trump:
                ruffable = False
            if extra > last and st != trump and not noheart:
                last = extra
        if total >= need:
            break
    return total, r, last


def suit_run(H, C, who, hand, st, gone):
    """What ``who`` on lead takes in suit st when nobody can ruff it, playing from the
    top: (tricks keeping the lead, tricks more when cashed last, the lowest card whose
    rank that reads (suit-relative, 99: none), whether every other hand is void after).
    The suit runs when its top cards outlast the opponents' cards and every partner can
    play under it all along; when a single partner holds at least as many, every round is
    still the side's, but that partner may win the last ones: a suit to cash last."""
    n = C[C_N]
    shift = 13 * st
    mine = (hand >> shift) & SUIT
    length = popcount(mine)
    mate = (C[C_SIDE] >> who) & 1
    theirs = 0
    opp = 0
    longest = 0
    longall = 0
    under = True
    over = -1
    mates = 0
    low = 99
    for i in range(n):
        hs = (H[i] >> shift) & SUIT
        if i == who or hs == 0:
            continue
        theirs |= hs
        ln = popcount(hs)
        if ln > longall:
            longall = ln
        if ((C[C_SIDE] >> i) & 1) != mate:
            opp |= hs
            if ln > longest:
                longest = ln
        else:
            mates += 1
            top = msb(hs)
            if top < low:
                low = top
            if popcount(mine >> (top + 1)) < ln:
                under = False
                over = ln - (1 if st == gone else 0)
    if theirs == 0:
        return length, 0, 99, True
    top = msb(theirs)
    run = popcount(mine >> (top + 1))
    if run >= longall:
        return length, 0, nth_top(mine, longall), True  # its top cards outlast all others
    outlast = True
    if opp:
        if msb(opp) < low:
            low = msb(opp)
        outlast = popcount(mine >> (msb(opp) + 1)) >= longest
    if outlast and under:  # read down to every other hand's top, or to its own longall-th
        return length, 0, max(low, nth_top(mine, longall)), True
    if outlast and mates == 1 and over >= length:
        return run, length - run, low, False
    return run, 0, nth_top(mine, run) if run else 99, False  # only its top cards count


def nth_top(m, k):
    """The rank of the k-th highest card of the mask m (k >= 1): the run of m's top k
    cards reads no rank below it, wherever the other cards lie."""
    for _ in range(k - 1):
        m ^= 1 << msb(m)
    return msb(m)


def suit_order(trump, noheart, idx):
    """The idx-th suit quick tricks cash: trumps first, then the others in order (hearts
    last under no_heart_lead). Fixed for a search: kept in C[C_ORDER]."""
    if trump < 0:
        return (0, 2, 3, 1)[idx] if noheart else idx
    if idx == 0:
        return trump
    cnt = 0
    for x in range(4):
        y = (0, 2, 3, 1)[x] if noheart else x
        if y != trump:
            cnt += 1
            if cnt == idx:
                return y
    return -1


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


def bounds(H, J, S, C, PTS):
    """Lowest and highest value the rest of the hand can give the hero side."""
    leader = S[S_LEADER]
    left = popcount(H[leader]) + J[leader]
    goal = C[C_GOAL]
    if goal == G_MAX:
        return max_bounds(H, J, S, C)[:2]
    if goal == G_PENALTY:
        per_trick = C[C_PERTRICK]
        lo = per_trick * left if per_trick < 0 else 0
        hi = per_trick * left if per_trick > 0 else 0
        m = C[C_SPECIAL] & S[S_LIVE]
        while m:
            c = msb(m)
            m ^= 1 << c
            lo += PTS[P_LO + c]
            hi += PTS[P_HI + c]
        return lo, hi
    return 0, 1


def max_bounds(H, J, S, C):
    """MaxTricks' ``bounds`` (lo, hi), with the quick tricks and each side's sure trumps
    they came from (``bounds_why`` reads them again where a bound settles the window)."""
    leader = S[S_LEADER]
    left = popcount(H[leader]) + J[leader]
    qt = quick_tricks(H, S, C)
    lo = 0
    hi = left
    mine = 0
    theirs = 0
    if C[C_TRUMP] >= 0:
        mine, theirs = sure_trumps(H, C)
        lo = mine
        hi = left - theirs
    hero = (C[C_SIDE] >> leader) & 1
    if hero:
        if qt > lo:
            lo = qt
    elif left - qt < hi:
        hi = left - qt
    if (hi == left if hero else lo == 0) and not all_possible(H, J, S, C, left):
        if hero:
            hi = left - 1
        else:
            lo = 1
    if lo > hi:
        lo = hi
    return lo, hi, qt, mine, theirs


def all_possible(H, J, S, C, left):
    """Whether the side on lead may still take every trick (DDS's later tricks). Without
    trumps, to take them all it leads every trick, and the other side keeps a suit's top
    card until that suit is led: so it leads only suits whose top card it holds, each at
    most as often as its longest hand there. Always true with trumps or jokers left."""
    n = C[C_N]
    live = S[S_LIVE]
    trump = C[C_TRUMP]
    if trump >= 0 and live & (SUIT << (13 * trump)):
        return True
    mate = (C[C_SIDE] >> S[S_LEADER]) & 1
    for i in range(n):
        if J[i]:
            return True
    total = 0
    for st in range(4):
        sm = live & (SUIT << (13 * st))
        if sm == 0:
            continue
        if ((C[C_SIDE] >> (H[HOLDER_AT + msb(sm)] - 1)) & 1) != mate:
            continue
        longest = 0
        for i in range(n):
            if ((C[C_SIDE] >> i) & 1) == mate:
                ln = popcount(H[i] & sm)
                if ln > longest:
                    longest = ln
        total += longest
    return total >= left


def exact_bounds(H, S, C, left):
    """The fewest and most tricks the hero seat (``Exactly``) can end with from here: its
    trumps above every other trump each win a trick; the others' best such holding, and
    the quick tricks of an opponent on lead, are lost to it."""
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


def trick_gain(T, base, C, PTS, DBL, w):
    """MinPenalty: the points the hero side gets from the finished trick at T[base:] won
    by seat w."""
    side = C[C_SIDE]
    total = 0
    ws = (side >> w) & 1
    if ws:
        total += C[C_PERTRICK]
    for i in range(base, base + C[C_N]):
        c = T[i]
        if c == JOKER_INDEX or not (C[C_SPECIAL] >> c) & 1:
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


def trick_cards(T, base, n):
    """The cards (a mask, jokers left out) of the n cards at T[base:]."""
    m = 0
    for i in range(base, base + n):
        if T[i] != JOKER_INDEX:
            m |= 1 << T[i]
    return m


def play(H, J, T, S, seat, c):
    if c == JOKER_INDEX:
        J[seat] -= 1
    else:
        H[seat] ^= 1 << c
    T[S[S_TBASE] + S[S_TLEN]] = c
    S[S_TLEN] += 1
    S[S_PLY] += 1


def unplay(H, J, S, seat, c):
    S[S_TLEN] -= 1
    S[S_PLY] -= 1
    if c == JOKER_INDEX:
        J[seat] += 1
    else:
        H[seat] |= 1 << c


def close_trick(T, S, C, PTS, DBL, need):
    """Finish the full trick on the table and start the next one led by its winner;
    returns the hero side's gain, the ``need`` after it, whether the goal is lost (a
    boolean goal), the trick's cards (for ``open_trick``, which undoes this) and for
    MaxTricks the winning card when its rank mattered (as a mask)."""
    n = C[C_N]
    goal = C[C_GOAL]
    base = S[S_TBASE]
    wp = best_pos(T, base, n, C[C_TRUMP])
    w = (S[S_LEADER] + wp) % n
    won = (C[C_SIDE] >> w) & 1
    tm = trick_cards(T, base, n)
    cw = 0
    gain = 0
    if goal == G_MAX:
        gain = won
        # The winner's rank mattered when another card of its suit was played.
        wc = T[base + wp]
        for x in range(base, base + n):
            if x != base + wp and T[x] != JOKER_INDEX and T[x] // 13 == wc // 13:
                cw = 1 << wc
                break
    elif goal == G_PENALTY:
        gain = trick_gain(T, base, C, PTS, DBL, w)
    lost = (goal == G_EXACTLY and won == 1 and need < 1) or (
        goal == G_AVOID and won == 1 and (tm & C[C_SPECIAL]) != 0)
    S[S_TBASE] = base + n
    S[S_TLEN] = 0
    S[S_LEADER] = w
    S[S_LIVE] ^= tm
    return gain, need - won if goal == G_EXACTLY else need, lost, tm, cw


def open_trick(S, C, leader, tm):
    """Undo ``close_trick``: the trick (cards tm) led by ``leader`` is on the table again."""
    S[S_TBASE] -= C[C_N]
    S[S_LIVE] ^= tm
    S[S_LEADER] = leader
    S[S_TLEN] = C[C_N]


def make_key(H, J, S, C, KID, TK, MB, at):
    """The table key at a trick start into MB[at:at + KW]: each suit's live cards by
    holder (so the ranks of played cards do not matter), the scoring classes of those
    cards, the leader and the jokers."""
    live = S[S_LIVE]
    kl0 = 0
    kl1 = 0
    for st in range(4):
        MB[at + st], kcode = suit_code(H, C, KID, TK, live, st)
        if st < 2:
            kl0 |= kcode << (26 * st)
        else:
            kl1 |= kcode << (26 * (st - 2))
    MB[at + 4] = kl0
    MB[at + 5] = kl1
    misc = S[S_LEADER] | (1 << 4)
    for i in range(C[C_N]):
        misc |= J[i] << (12 + 4 * i)
    MB[at + 6] = misc


def suit_code(H, C, KID, TK, live, st):
    """Who holds the live cards of suit st, top card first (each holder plus one in 4
    bits, the top card's lowest), and their scoring classes (2 bits each). With C[C_MEMO]
    (the pure path, where this loop is what costs), memoised by the suit's live cards
    after the table's keys (the holders never change during a search), stamped with the
    table's generation."""
    sm = (live >> (13 * st)) & SUIT
    if sm == 0:
        return 0, 0
    memo = C[C_MEMO] > 0
    i = C[C_MEMO] + 3 * ((st << 13) | sm)
    if memo and TK[i] == C[C_GEN]:
        return TK[i + 1], TK[i + 2]
    code = 0
    kcode = 0
    pos = 0
    for b in range(13 * st + 12, 13 * st - 1, -1):
        if (sm >> (b - 13 * st)) & 1:
            code |= H[HOLDER_AT + b] << (4 * pos)
            kcode |= KID[b] << (2 * pos)
            pos += 1
    if memo:
        TK[i] = C[C_GEN]
        TK[i + 1] = code
        TK[i + 2] = kcode
    return code, kcode


def hash_key(MB, at):
    """The table's hash of the key at MB[at:at + KW]: 32 bits, the same on both paths
    (no step overflows an int64)."""
    h = 0x1234567
    for i in range(KW):
        x = MB[at + i] & MASK63
        h = ((h ^ x ^ (x >> 31)) & MASK32) * 0x5BD1E995 & MASK32
        h ^= h >> 15
    return h


def tt_find(TK, TV, C, MB, at, h, insert, depth):
    """Slot of the key at MB[at:] (or -1), probing 4 slots from h; with insert, a slot to
    write it to."""
    found, free = find_slot(TK, TV, C, MB, at, h, 4, -1)
    if found >= 0 or not insert:
        return found
    for i in range(KW):
        TK[free * KW + i] = MB[at + i]
    new_entry(TV, free * TVW, C[C_GEN], depth, 0)
    TV[free * TVW + 6] = 0
    return free


def find_slot(TK, TV, C, MB, at, h, probes, kp):
    """Probe from slot h for the key at MB[at:] (kp < 0: every word of it; else a
    MaxTricks key under its top cards kp). Returns its slot (or -1) and the slot a new
    entry would take: the first free one, else the one whose position has the fewest
    cards left (the cheapest to search again)."""
    mask = C[C_TTMASK]
    gen = C[C_GEN]
    shallow = -1
    for p in range(probes):
        idx = (h + p) & mask
        v = idx * TVW
        if TV[v + 3] != gen:
            # A slot is never emptied within a generation, and a key takes the first free
            # slot of its probes: no entry for it lies beyond a free one.
            return -1, idx
        if kp < 0:
            same = True
            for i in range(KW):
                if TK[idx * KW + i] != MB[at + i]:
                    same = False
                    break
        else:
            same = TV[v + 5] == kp and rank_match(TK, TV, MB, at, idx, kp)
        if same:
            return idx, -1
        if shallow < 0 or TV[v + 4] < TV[shallow * TVW + 4]:
            shallow = idx
    return -1, shallow


def new_entry(TV, v, gen, depth, kp):
    """A table entry that knows nothing yet."""
    TV[v] = -INF
    TV[v + 1] = INF
    TV[v + 2] = -2
    TV[v + 3] = gen
    TV[v + 4] = depth
    TV[v + 5] = kp


def rel(c, live):
    """A lead c in relative form (suit, live cards below it) for the table's hint."""
    if c == JOKER_INDEX:
        return -1
    base = c - c % 13
    below = live & ((1 << c) - (1 << base))
    return base * 16 + popcount(below)


def unrel(r, live):
    """The card a relative hint names in this (transposed) position."""
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


def rank_key(H, J, S, C, KID, TK, MB, at):
    """MaxTricks' table key at a trick start into MB[at:at + 7]."""
    n = C[C_N]
    w0 = 0
    w1 = 0
    misc = S[S_LEADER]
    for i in range(n):
        h = H[i]
        for st in range(4):
            ln = popcount(h & (SUIT << (13 * st)))
            if i < 4:
                w0 |= ln << (16 * i + 4 * st)
            else:
                w1 |= ln << (16 * (i - 4) + 4 * st)
        misc |= J[i] << (4 + 4 * i)
    MB[at] = w0
    MB[at + 1] = w1
    MB[at + 2] = misc
    live = S[S_LIVE]
    for st in range(4):
        MB[at + 3 + st] = suit_code(H, C, KID, TK, live, st)[0]


def top_mask(k):
    return (1 << (4 * k)) - 1


def rank_hash(MB, at, tops):
    """``hash_key`` of a MaxTricks key: its lengths, leader and jokers, and with ``tops``
    (TOPH) the holder of each suit's top card, which an entry that reads every suit keeps;
    an entry that reads no rank of some suit is kept without them (``tops`` 0)."""
    h = 0x2545F491
    for i in range(RKH):
        x = MB[at + i] & (MASK63 if i < 3 else tops)
        h = ((h ^ x ^ (x >> 31)) & MASK32) * 0x5BD1E995 & MASK32
        h ^= h >> 15
    return h


def rank_match(TK, TV, MB, at, idx, kp):
    """Whether the entry at slot idx (its top cards' count kp) serves the key at MB[at:]."""
    t = idx * KW
    if TK[t] != MB[at] or TK[t + 1] != MB[at + 1] or TK[t + 2] != MB[at + 2]:
        return False
    for st in range(4):
        if (MB[at + 3 + st] & top_mask((kp >> (4 * st)) & 15)) != TK[t + 3 + st]:
            return False
    return True


def rank_find(TK, TV, C, MB, at, h, start):
    """The next probe (from start, hash h) of an entry matching the key at MB[at:], or -1."""
    mask = C[C_TTMASK]
    gen = C[C_GEN]
    for p in range(start, RPROBE):
        idx = (h + p) & mask
        if TV[idx * TVW + 3] != gen:
            return -1  # none beyond a free slot (see find_slot)
        if rank_match(TK, TV, MB, at, idx, TV[idx * TVW + 5]):
            return p
    return -1


def top_cards(live, kp):
    """The top k live cards of each suit (k from the packed kp)."""
    out = 0
    for st in range(4):
        m = live & (SUIT << (13 * st))
        k = (kp >> (4 * st)) & 15
        cnt = popcount(m)
        while cnt > k:
            m &= m - 1
            cnt -= 1
        out |= m
    return out


def rank_slot(TK, TV, C, MB, at, h, live, wr, depth):
    """The slot for a MaxTricks result under the cards that mattered (wr): the entry
    with the same top cards, else a new one (a free slot, else the shallowest)."""
    kp = 0
    every = True
    for st in range(4):
        sm = live & (SUIT << (13 * st))
        r = wr & sm
        if sm:
            if r == 0:
                every = False
                continue
            low = r & -r
            kp |= popcount(sm & ~(low - 1)) << (4 * st)
    if not every:
        h = MB[at - RK_AT + HASH2_AT]
    found, slot = find_slot(TK, TV, C, MB, at, h, RPROBE, kp)
    if found >= 0:
        return found
    t = slot * KW
    TK[t] = MB[at]
    TK[t + 1] = MB[at + 1]
    TK[t + 2] = MB[at + 2]
    for st in range(4):
        TK[t + 3 + st] = MB[at + 3 + st] & top_mask((kp >> (4 * st)) & 15)
    new_entry(TV, slot * TVW, C[C_GEN], depth, kp)
    return slot


def store_bound(TV, v, best, a0, b0):
    """What a result ``best`` searched in the window (a0, b0) says: an upper bound, a
    lower bound or the value."""
    if best <= a0:
        if best < TV[v + 1]:
            TV[v + 1] = best
    elif best >= b0:
        if best > TV[v]:
            TV[v] = best
    else:
        TV[v] = best
        TV[v + 1] = best


def bounds_rel(H, J, S, C):
    """The cards whose ranks all the MaxTricks bounds read: the quick tricks'
    (``quick_rel``), the trumps ``sure_trumps`` reads, and when the later tricks
    (``all_possible``) rule out every trick, theirs (``later_rel``)."""
    live = S[S_LIVE]
    leader = S[S_LEADER]
    r = quick_rel(H, S, C, live)
    if C[C_TRUMP] >= 0:
        r |= trumps_read(H, C, live)
    if not all_possible(H, J, S, C, popcount(H[leader]) + J[leader]):
        r |= later_rel(H, S, C, live)
    return r


def bounds_why(H, J, S, C, alpha, beta, lo, hi, q, mine, theirs):
    """Where the bounds (lo, hi: ``max_bounds``, from the quick tricks q and the sure
    trumps mine and theirs) settle the window (alpha, beta): the cards whose ranks
    they read and the value to return. None is read when the target is made, or out of
    reach, whatever is played (DDS returns there before it reads a card); else only the
    reasons of one bound that settles it alone (the sure trumps, the quick tricks or the
    later tricks), and that bound is returned, not a tighter one the reasons do not
    cover. Fewer cards read make the table's entries serve more positions and let the
    search skip more small cards (``ranks_free``)."""
    leader = S[S_LEADER]
    left = popcount(H[leader]) + J[leader]
    if beta <= 0:
        return 0, 0
    if alpha >= left:
        return 0, left
    live = S[S_LIVE]
    hero = (C[C_SIDE] >> leader) & 1
    trumps = C[C_TRUMP] >= 0
    if trumps:
        if mine >= beta:
            return trumps_why(H, C, live, 1, beta), beta
        if left - theirs <= alpha:
            return trumps_why(H, C, live, 0, left - alpha), alpha
    if (q >= beta) if hero else (left - q <= alpha):
        need = beta if hero else left - alpha
        r = quick_why(H, S, C, live, need)
        if r >= 0:
            return r, need if hero else left - need
        return quick_rel(H, S, C, live) | (trumps_read(H, C, live) if trumps else 0), \
            q if hero else left - q
    if ((alpha >= left - 1) if hero else (beta <= 1)) and \
            not all_possible(H, J, S, C, left):
        return later_rel(H, S, C, live), left - 1 if hero else 1
    return bounds_rel(H, J, S, C), lo if lo >= beta else hi


def trumps_why(H, C, live, side, need):
    """The cards whose ranks show that one member of ``side`` (1: the hero's) holds
    ``need`` trumps above every trump of the other side (``sure_trumps``): its need-th
    highest trump and every live trump above it; none when the other side has no trump."""
    n = C[C_N]
    shift = 13 * C[C_TRUMP]
    other = 0
    for i in range(n):
        if ((C[C_SIDE] >> i) & 1) != side:
            other |= (H[i] >> shift) & SUIT
    if other == 0:
        return 0
    top = msb(other)
    for i in range(n):
        t = (H[i] >> shift) & SUIT
        if ((C[C_SIDE] >> i) & 1) == side and popcount(t >> (top + 1)) >= need:
            return live & (SUIT << shift) & ~((1 << (shift + nth_top(t, need))) - 1)
    return trumps_read(H, C, live)


def quick_why(H, S, C, live, need):
    """The cards whose ranks ``quick_tricks`` reads until it counts ``need`` tricks on
    one way (the leader's own, or through one partner's ``entry``), as DDS's quick tricks
    stop at the target; -1 when no way gets there with its suits counted in order."""
    leader = S[S_LEADER]
    r = cash_why(H, C, live, leader, H[leader], -1, need)
    if r >= 0:
        return r
    for st in range(4):
        p, card = entry(H, S, C, st)
        if p >= 0:
            r = cash_why(H, C, live, p, H[p] ^ (1 << card), st, need - 1)
            if r >= 0:
                return r | (1 << card)
    return -1


def cash_why(H, C, live, who, hand, gone, need):
    """``cash``'s count suit by suit in its order, stopped once it reaches ``need``: the
    cards whose ranks the suits counted read, or -1 when they fall short (the suit
    ``cash`` may add last is not counted here)."""
    if need <= 0:
        return 0
    if hand == 0 or need > popcount(hand) or (C[C_NOHEART] and C[C_TRUMP] == 1):
        return -1
    total, r, _ = cash_walk(H, C, live, who, hand, gone, need)
    return r if total >= need else -1


def quick_rel(H, S, C, live):
    """The cards whose ranks ``quick_tricks`` reads, every way counted: what ``cash``
    reads for the leader, and for each partner it reaches through ``entry`` with the entry
    card itself (its holder decides the entry)."""
    leader = S[S_LEADER]
    r = cash_rel(H, C, live, leader, H[leader], -1)
    for st in range(4):
        p, card = entry(H, S, C, st)
        if p >= 0:
            r |= cash_rel(H, C, live, p, H[p] ^ (1 << card), st) | (1 << card)
    return r


def later_rel(H, S, C, live):
    """The cards whose ranks ``all_possible`` read when it rules out every trick: the top
    card of each suit the other side holds (as DDS's ``LaterTricksMIN``: a suit the side
    on lead tops only helps it)."""
    mate = (C[C_SIDE] >> S[S_LEADER]) & 1
    r = 0
    for st in range(4):
        sm = live & (SUIT << (13 * st))
        if sm and ((C[C_SIDE] >> (H[HOLDER_AT + msb(sm)] - 1)) & 1) != mate:
            r |= 1 << msb(sm)
    return r


def trumps_read(H, C, live):
    """The trumps whose ranks ``sure_trumps`` reads: each side's trumps count above the
    other side's top trump, so every live trump down to the lower of the two sides' top
    trumps (none when one side has no trump: then the other's all count)."""
    side = C[C_SIDE]
    ts = SUIT << (13 * C[C_TRUMP])
    mine = 0
    theirs = 0
    for i in range(C[C_N]):
        if (side >> i) & 1:
            mine |= H[i] & ts
        else:
            theirs |= H[i] & ts
    if mine == 0 or theirs == 0:
        return 0
    low = min(msb(mine), msb(theirs))
    return live & ts & ~((1 << low) - 1)


def cash_rel(H, C, live, who, hand, gone):
    """The cards whose ranks ``cash`` reads for ``who`` with ``hand``: in each suit it
    shares with the others, down to the lowest card ``suit_run`` reads."""
    r = 0
    for st in range(4):
        sm = SUIT << (13 * st)
        if hand & sm:
            low = suit_run(H, C, who, hand, st, gone)[2]
            if low < 99:
                r |= live & sm & ~((1 << (13 * st + low)) - 1)
    return r


def enter_node(H, J, S, C, PTS, MB, mo, alpha, beta, need):
    """At a trick start: the hand's end, the boolean goals' early answers and the bounds.
    Returns (done, value, lo, hi, the cards whose ranks the bounds read)."""
    leader = S[S_LEADER]
    left = popcount(H[leader]) + J[leader]
    goal = C[C_GOAL]
    if left == 0:
        MB[mo + WR_AT] = 0
        if goal == G_EXACTLY:
            return True, 1 if need == 0 else 0, 0, 0, 0
        return True, 1 if goal == G_AVOID else 0, 0, 0, 0
    if goal == G_EXACTLY:
        if need > left:
            return True, 0, 0, 0, 0
        elo, ehi = exact_bounds(H, S, C, left)
        if need < elo or need > ehi:
            return True, 0, 0, 0, 0
    elif goal == G_AVOID and (C[C_SPECIAL] & S[S_LIVE]) == 0:
        return True, 1, 0, 0, 0  # no avoided card is left to take
    if goal == G_MAX:
        lo, hi, q, mine, theirs = max_bounds(H, J, S, C)
        if lo >= beta or hi <= alpha:
            wr, v = bounds_why(H, J, S, C, alpha, beta, lo, hi, q, mine, theirs)
            MB[mo + WR_AT] = wr
            return True, v, lo, hi, wr
    else:
        lo, hi = bounds(H, J, S, C, PTS)
    wr = 0
    if goal == G_MAX and (lo > alpha or hi < beta):
        wr = bounds_rel(H, J, S, C)  # they narrow the window: their reasons
        MB[mo + WR_AT] = wr
    if lo >= beta:
        return True, lo, lo, hi, wr
    if hi <= alpha:
        return True, hi, lo, hi, wr
    return False, 0, lo, hi, wr


def rank_probe(H, J, S, C, KID, TK, TV, MB, mo, alpha, beta, lo, hi, wr):
    """MaxTricks' table at a trick start: every matching entry bounds the value, a cut
    from one of them, else the tightest. Returns (done, value, lo, hi, wr, best lead)."""
    at = mo + RK_AT
    rank_key(H, J, S, C, KID, TK, MB, at)
    hmask = C[C_TTMASK]
    h = rank_hash(MB, at, TOPH) & hmask
    MB[mo + HASH_AT] = h
    h2 = rank_hash(MB, at, 0) & hmask
    MB[mo + HASH2_AT] = h2
    live = S[S_LIVE]
    hint = -2
    hit = False
    wt = 0
    p = rank_find(TK, TV, C, MB, at, h, 0)
    if p < 0:
        h = h2
        p = rank_find(TK, TV, C, MB, at, h, 0)
    while p >= 0:
        v = ((h + p) & hmask) * TVW
        hit = True
        elo = TV[v]
        ehi = TV[v + 1]
        if elo >= beta or ehi <= alpha or elo == ehi:
            S[S_HITS] += 1
            MB[mo + WR_AT] = wr | top_cards(live, TV[v + 5])
            return True, elo if elo >= beta or elo == ehi else ehi, lo, hi, wr, hint
        if elo > lo:
            lo = elo
            wt |= top_cards(live, TV[v + 5])
        if ehi < hi:
            hi = ehi
            wt |= top_cards(live, TV[v + 5])
        if TV[v + 2] > -2:
            hint = TV[v + 2]
        p = rank_find(TK, TV, C, MB, at, h, p + 1)
        if p < 0 and h != h2:
            h = h2
            p = rank_find(TK, TV, C, MB, at, h, 0)
    if hit:
        S[S_HITS] += 1
        wr |= wt
        MB[mo + WR_AT] = wr
        if hi <= alpha:
            return True, hi, lo, hi, wr, hint
        if lo >= beta:
            return True, lo, lo, hi, wr, hint
        if lo >= hi:  # the bounds and entries together pin the value
            MB[mo + WR_AT] = wr | bounds_rel(H, J, S, C)
            return True, lo, lo, hi, wr, hint
    return False, 0, lo, hi, wr, hint


def tt_probe(H, J, S, C, KID, TK, TV, MB, mo, alpha, beta, lo, hi, need):
    """The table at a trick start for the other goals (one entry per key; the boolean
    goals keep the needs known to succeed and to fail). Returns (done, value, lo, hi,
    slot, best lead)."""
    at = mo + KEY_AT
    make_key(H, J, S, C, KID, TK, MB, at)
    leader = S[S_LEADER]
    h = hash_key(MB, at) & C[C_TTMASK]
    MB[mo + HASH_AT] = h
    slot = tt_find(TK, TV, C, MB, at, h, True, popcount(H[leader]) + J[leader])
    v = slot * TVW
    if C[C_GOAL] == G_EXACTLY or C[C_GOAL] == G_AVOID:
        if (TV[v + 5] >> need) & 1:
            S[S_HITS] += 1
            return True, 1, lo, hi, slot, -2
        if (TV[v + 6] >> need) & 1:
            S[S_HITS] += 1
            return True, 0, lo, hi, slot, -2
    else:
        elo = TV[v]
        ehi = TV[v + 1]
        if elo > -INF or ehi < INF:
            S[S_HITS] += 1
            if elo >= beta or elo == ehi:
                return True, elo, lo, hi, slot, -2
            if ehi <= alpha:
                return True, ehi, lo, hi, slot, -2
            if elo > lo:
                lo = elo
            if ehi < hi:
                hi = ehi
            if lo >= hi:
                return True, lo, lo, hi, slot, -2
    return False, 0, lo, hi, slot, TV[v + 2]


def node_moves(H, J, T, S, C, KID, MB, mo, seat, hint, need):
    """The moves of seat into MB[mo:], ordered, the table's best lead (hint) first;
    returns how many. Outside DDS's weights, a lead that last cut at this ply goes before
    even the hint: a killer move, 13% fewer plies at 9 cards and 18% at 11."""
    k = gen_moves(H, J, T, S, C, KID, seat, MB, mo)
    order_moves(H, T, S, C, seat, MB, mo, k, need)
    if hint > -2:
        to_front(MB, mo, k, unrel(hint, S[S_LIVE]))
    if S[S_TLEN] == 0 and MB[mo + KILL_AT] > 0 and not C[C_DDS]:
        to_front(MB, mo, k, MB[mo + KILL_AT] - 1)  # the groups' order: the killer first
    return k


def to_front(MB, mo, k, c):
    """Move the card c, when among the k moves at MB[mo:], to the front."""
    for i in range(1, k):
        if MB[mo + i] == c:
            for j in range(i, 0, -1):
                MB[mo + j] = MB[mo + j - 1]
            MB[mo] = c
            return


def node_store(H, J, S, C, TK, TV, MB, mo, best, best_card, maximize, a0, b0, need, wacc,
               cut):
    """Keep a trick start's result in the table: its bound or value, the best lead when it
    improved the window, and for MaxTricks the cards whose ranks decided it. A lead that
    cut is this ply's killer (``KILL_AT``)."""
    if cut:
        MB[mo + KILL_AT] = best_card + 1
    improved = (best > a0) if maximize else (best < b0)
    leader = S[S_LEADER]
    left = popcount(H[leader]) + J[leader]
    live = S[S_LIVE]
    hb = rel(best_card, live) if improved else -2
    goal = C[C_GOAL]
    if goal == G_MAX:
        slot = rank_slot(TK, TV, C, MB, mo + RK_AT, MB[mo + HASH_AT], live, wacc, left)
    else:
        # The slot may have been reused by a deeper position meanwhile: look it up again.
        slot = tt_find(TK, TV, C, MB, mo + KEY_AT, MB[mo + HASH_AT], True, left)
    v = slot * TVW
    if goal == G_EXACTLY or goal == G_AVOID:
        if best > 0:
            TV[v + 5] |= 1 << need
        else:
            TV[v + 6] |= 1 << need
    else:
        store_bound(TV, v, best, a0, b0)
    if hb > -2:
        TV[v + 2] = hb


def second_hand(H, J, T, S, C, MB, mo, alpha, beta):
    """DDS's ``QuickTricksSecondHand``, four hands in two partnerships: after the lead,
    the second hand's side surely wins this trick (the top card of the suit led over the
    card led and the next hand's, or a ruff the next hand cannot overruff), and without
    trumps cashes the tricks its winner then leads. Returns the value when that settles
    the window (the cards whose ranks it read in MB[mo + WR_AT]), else -1."""
    if C[C_NOHEART] or C[C_DISCARD] or J[0] + J[1] + J[2] + J[3] > 0:
        return -1  # a lead or a ruff the rules may forbid: not DDS's game
    c0 = T[S[S_TBASE]]
    seat = (S[S_LEADER] + 1) & 3
    mate = (seat + 2) & 3
    nxt = (seat + 1) & 3
    trump = C[C_TRUMP]
    ss = SUIT << (13 * (c0 // 13))
    tm = SUIT << (13 * trump) if trump >= 0 else 0
    own = (H[seat] | H[mate]) & ss
    wr = 0
    if tm != ss and ((H[seat] & ss == 0 and H[seat] & tm) or (H[mate] & ss == 0 and H[mate] & tm)):
        if H[nxt] & ss == 0 and H[nxt] & tm:
            return -1  # the next hand overruffs
    elif own > ((1 << c0) | (H[nxt] & ss)):
        if tm != ss and H[nxt] & ss == 0 and H[nxt] & tm:
            return -1  # the next hand ruffs the top card
        wr = 1 << msb(own)
    else:
        return -1
    rem = popcount(H[seat])
    mine = (C[C_SIDE] >> seat) & 1
    q = 1
    if trump < 0 and not (mine and q >= beta) and not (not mine and rem - q <= alpha):
        q, wr = cash_after(H, S, seat, mate, ss, own, wr, beta if mine else rem - alpha)
    if (mine and q >= beta) or (not mine and rem - q <= alpha):
        MB[mo + WR_AT] = wr
        return q if mine else rem - q
    return -1


def cash_after(H, S, seat, mate, ss, own, wr, cutoff):
    """``second_hand`` without trumps: the tricks the winner of this trick then cashes,
    counted until ``cutoff`` (DDS's order: the suit led's second card, then each other
    suit's top card, or all of a suit nobody else holds). Returns them, this trick
    included, and the cards whose ranks they read."""
    live = S[S_LIVE]
    hh = seat if H[seat] & ss > H[mate] & ss else mate
    q = 1
    sm = live & ss
    top = msb(sm)
    sm ^= 1 << top
    if (H[hh] >> top) & 1 and sm and (H[hh] >> msb(sm)) & 1:
        q += 1
        wr |= 1 << msb(sm)
    rest = H[0] | H[1] | H[2] | H[3]
    for st in range(4):
        sm = SUIT << (13 * st)
        mine = H[hh] & sm
        if q >= cutoff:
            break
        if sm == ss or mine == 0:
            continue
        if (rest ^ mine) & sm == 0:
            q += popcount(mine)  # a suit nobody else holds
        elif (H[hh] >> msb(live & sm)) & 1:
            q += 1
            wr |= 1 << msb(live & sm)
    return q, wr


def runs_read(hand, live, merged, wacc):
    """The lowest card of each merged run (merged) one of whose other cards' rank was
    read (wacc): a run above every card read, or reaching below one, stays a run
    wherever the table serves this result; one cut by the lowest card read would not."""
    r = 0
    m = merged
    while m:
        low = msb(m & -m)
        m &= m - 1
        top = low - low % 13 + 13
        c = low + 1
        while c < top:
            if (live >> c) & 1:
                if not (hand >> c) & 1:
                    break
                if (wacc >> c) & 1:
                    r |= 1 << low
                    break
            c += 1
    return r


def ranks_free(wacc, c):
    """As DDS's ``MakeNext``: when c lies below the lowest card of its suit whose rank
    decided anything so far (wacc), every card of the suit below that one gives what c
    gave; those cards (else none)."""
    sm = SUIT << (13 * (c // 13))
    low = wacc & sm
    low = msb(low & -low) if low else 13 * (c // 13) + 13
    return sm & ((1 << low) - 1) if c < low else 0


def ab(W, MB, TK, TV, alpha, beta, need):
    """The goal's value from here in the window (alpha, beta): for the boolean goals 1 or
    0, ``need`` being the tricks still to take (Exactly)."""
    H, J, T, S, C, PTS, DBL, KID = W[0], W[1], W[2], W[3], W[4], W[5], W[6], W[7]
    S[S_NODES] += 1
    if C[C_LIMIT] > 0 and S[S_NODES] > C[C_LIMIT]:
        return 0  # over budget: unwind fast; solve() discards everything and raises
    n, goal, leader = C[C_N], C[C_GOAL], S[S_LEADER]
    mo = S[S_PLY] * MAX_MOVES
    a0, b0 = alpha, beta
    start = S[S_TLEN] == 0
    v = second_hand(H, J, T, S, C, MB, mo, alpha, beta) if S[S_TLEN] == 1 and C[C_DDS] else -1
    if v >= 0:
        return v
    hint = -2
    wr = 0  # MaxTricks: the cards whose ranks decided this result
    if start:
        done, v, lo, hi, wr = enter_node(H, J, S, C, PTS, MB, mo, alpha, beta, need)
        if done:
            return v
        if goal == G_MAX:
            done, v, lo, hi, wr, hint = rank_probe(H, J, S, C, KID, TK, TV, MB, mo, alpha,
                                                   beta, lo, hi, wr)
        else:
            done, v, lo, hi, _, hint = tt_probe(H, J, S, C, KID, TK, TV, MB, mo, alpha, beta,
                                                lo, hi, need)
        if done:
            return v
        S[S_TRICKS] += 1
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
    seat = (leader + S[S_TLEN]) % n
    maximize = (C[C_SIDE] >> seat) & 1
    k = node_moves(H, J, T, S, C, KID, MB, mo, seat, hint, need)
    best = -INF if maximize else INF
    best_card = -1
    wacc = wr
    skip = 0  # MaxTricks: cards whose ranks did not matter, as a smaller one searched showed
    for i in range(k):
        c = MB[mo + i]
        if (skip >> c) & 1:
            continue
        # The child's value (``child``, inlined: numba compiles self-recursion only).
        play(H, J, T, S, seat, c)
        if S[S_TLEN] == n:
            S[S_REACHED] += 1
            gain, need2, lost, tm, cw = close_trick(T, S, C, PTS, DBL, need)
            v = 0 if lost else gain + ab(W, MB, TK, TV,
                                         alpha - gain, beta - gain, need2)
            open_trick(S, C, leader, tm)
        else:
            cw = 0
            v = ab(W, MB, TK, TV, alpha, beta, need)
        unplay(H, J, S, seat, c)
        if goal == G_MAX:
            cw |= MB[mo + MAX_MOVES + WR_AT]
        if (v > best) if maximize else (v < best):
            best = v
            best_card = c
            if maximize and v > alpha:
                alpha = v
            elif not maximize and v < beta:
                beta = v
        if alpha >= beta:
            wacc = wr | cw  # the cut needs only this card's reasons
            break
        wacc |= cw
        if goal == G_MAX and c != JOKER_INDEX:
            skip |= ranks_free(wacc, c)
    if goal == G_MAX:
        if alpha < beta:
            # Every card counted: merged runs stood for their cards because they touch.
            wacc |= runs_read(H[seat], S[S_LIVE], MB[mo + MERGED_AT], wacc)
        MB[mo + WR_AT] = wacc
    if start:
        node_store(H, J, S, C, TK, TV, MB, mo, best, best_card, maximize, a0, b0, need, wacc,
                   alpha >= beta)
    return best


def child(W, MB, TK, TV, seat, c, alpha, beta, need):
    """The value after seat plays c."""
    H, J, T, S, C, PTS, DBL = W[0], W[1], W[2], W[3], W[4], W[5], W[6]
    leader = S[S_LEADER]
    play(H, J, T, S, seat, c)
    if S[S_TLEN] == C[C_N]:
        S[S_REACHED] += 1
        gain, need2, lost, tm, _ = close_trick(T, S, C, PTS, DBL, need)
        v = 0 if lost else gain + ab(W, MB, TK, TV,
                                     alpha - gain, beta - gain, need2)
        open_trick(S, C, leader, tm)
    else:
        v = ab(W, MB, TK, TV, alpha, beta, need)
    unplay(H, J, S, seat, c)
    return v


def value_after(W, MB, TK, TV, seat, c, guess, need, left):
    """The goal's value after seat plays c. For MaxTricks, zero-window tests walk from
    guess (a sibling's value is usually close); for MinPenalty a window around it."""
    C = W[4]
    goal = C[C_GOAL]
    if goal == G_EXACTLY or goal == G_AVOID:
        if need < 0:
            return 0  # AvoidCards already failed
        return child(W, MB, TK, TV, seat, c, 0, 1, need)
    if goal == G_MAX:
        t = left // 2 if guess < 0 else min(max(guess, 0), left)
        if t <= 0 or child(W, MB, TK, TV,
                           seat, c, t - 1, t, need) >= t:
            while t < left and child(W, MB, TK, TV,
                                     seat, c, t, t + 1, need) >= t + 1:
                t += 1
            return t
        t -= 1
        while t > 0 and child(W, MB, TK, TV,
                              seat, c, t - 1, t, need) < t:
            t -= 1
        return t
    if guess == -INF:
        return child(W, MB, TK, TV, seat, c, -INF, INF, need)
    # A window around a sibling's value (usually the same), then a re-search from the
    # bound it gives when it is not.
    v = child(W, MB, TK, TV, seat, c, guess - 1, guess + 1, need)
    if v <= guess - 1:
        v = child(W, MB, TK, TV, seat, c, -INF, v + 1, need)
    elif v >= guess + 1:
        v = child(W, MB, TK, TV, seat, c, v - 1, INF, need)
    return v


def root_values(W, MB, TK, TV, need, out_cards, out_vals):
    """Every merged legal card of the seat to move (search order) and its value; returns
    how many, with the legal mask and joker flag in out_vals[30], out_vals[31]."""
    H, J, T, S, C, KID = W[0], W[1], W[2], W[3], W[4], W[7]
    seat = (S[S_LEADER] + S[S_TLEN]) % C[C_N]
    leader = S[S_LEADER]
    left = popcount(H[leader]) + J[leader] + (1 if S[S_TLEN] else 0)
    mo = S[S_PLY] * MAX_MOVES
    k = gen_moves(H, J, T, S, C, KID, seat, MB, mo)
    order_moves(H, T, S, C, seat, MB, mo, k, need)
    mask, jok = legal(H, J, T, S, C, seat)
    for i in range(k):
        out_cards[i] = MB[mo + i]
    guess = -1 if C[C_GOAL] != G_PENALTY else -INF
    for i in range(k):
        v = value_after(W, MB, TK, TV, seat, out_cards[i],
                        guess, need, left)
        out_vals[i] = v
        guess = v
    out_vals[30] = mask
    out_vals[31] = jok
    return k


def root_value(W, MB, TK, TV, need):
    """The value alone (no card's): MaxTricks by zero-window tests on the target, a step
    at a time from the middle as DDS walks from its guess (7% fewer trick starts than
    halving at 9 cards, 13% at 11)."""
    H, J, S, C = W[0], W[1], W[3], W[4]
    goal = C[C_GOAL]
    if goal == G_EXACTLY or goal == G_AVOID:
        if need < 0:
            return 0
        return ab(W, MB, TK, TV, 0, 1, need)
    if goal == G_MAX:
        leader = S[S_LEADER]
        lo = 0
        hi = popcount(H[leader]) + J[leader] + (1 if S[S_TLEN] else 0)
        t = (lo + hi + 1) // 2
        while lo < hi:  # a walk from the middle: a test next to one passed reuses its table
            if ab(W, MB, TK, TV, t - 1, t, need) >= t:
                lo = t
                t += 1
            else:
                hi = t - 1
                t -= 1
        return lo
    return ab(W, MB, TK, TV, -INF, INF, need)
