"""The compiled Trixter play-out (:mod:`tutor.search.rollout_kernels`) plays every card as
the plain rule (:func:`tutor.search.policy.trixter_rollout`): the same tricks, the same
first trick's taker, on random positions of 3 to 8 seats with jokers, trumps and tricks
under way. The kernel is checked run as plain Python too, so a wrong port fails here even
where numba is missing; the compiled run is skipped there."""

from __future__ import annotations

import random

import pytest
from test_last_tricks import play_random

from tutor.engine.cards import CardSet
from tutor.engine.masks import (JOKER, trex_place, trex_playable, trick_winner,
                                trix_legal_mask)
from tutor.engine.trix.contracts import Contract, penalty_cards
from tutor.engine.trix.rules import TrixRules
from tutor.search import policy
from tutor.search import rollout_kernels as RK


def random_position(rng: random.Random):
    """A hand under way: 3 to 8 seats (jokers where ``rng`` gives them), 1 to 13 cards, a
    trump or none, random bids, then some random legal cards already played."""
    n = rng.choice([3, 4, 4, 5, 6, 8])
    jokers_in = rng.choice([0, 0, 1, 2, 3])
    size = rng.randint(1, (52 + jokers_in) // n)
    deck = list(range(52)) + [JOKER] * jokers_in
    rng.shuffle(deck)
    hands, jokers = [], []
    for s in range(n):
        own = deck[s * size:(s + 1) * size]
        hands.append(sum(1 << c for c in own if c != JOKER))
        jokers.append(own.count(JOKER))
    trump, leader = rng.choice([-1, 0, 1, 2, 3]), rng.randrange(n)
    bids = [rng.randint(0, size) for _ in range(n)]
    gone, won, trick = 0, [0] * n, []
    for _ in range(rng.randrange(size * n)):
        gone = play_random(rng, hands, jokers, trick, leader, gone)
        if len(trick) == n:
            leader = (leader + trick_winner(trick, trump)) % n
            won[leader] += 1
            trick = []
    return hands, jokers, trick, leader, trump, bids, won, gone


def positions(seed: int, count: int):
    rng = random.Random(f"rollout-kernels/{seed}")
    out = []
    while len(out) < count:
        pos = random_position(rng)
        hands, jokers, trick, leader = pos[:4]
        s = (leader + len(trick)) % len(hands)
        if hands[s] or jokers[s]:  # a card still to play
            out.append(pos)
    return out


def plain(pos, monkeypatch):
    monkeypatch.setattr(policy, "_COMPILED", [None])
    hands, jokers, trick, leader, trump, bids, won, gone = pos
    out = policy.trixter_rollout(list(hands), list(jokers), trick, leader, trump, bids,
                                 list(won), gone)
    return list(out), out.first


def test_the_kernel_run_plainly_plays_as_the_rule(monkeypatch):
    for pos in positions(0, 3000):
        a = RK.pack(*pos)
        first = RK.rollout(a)
        n = len(pos[0])
        at = RK.HEAD + RK.WON * n
        assert (a[at:at + n], first) == plain(pos, monkeypatch), pos
        assert a[RK.HEAD:RK.HEAD + 2 * n] == [0] * (2 * n)  # every card and joker played


def test_the_compiled_play_out_plays_as_the_rule(monkeypatch):
    pytest.importorskip("numba")
    monkeypatch.delenv("TRIX_TUTOR_SOLVER", raising=False)
    monkeypatch.setattr(policy, "_COMPILED", [])
    fast = policy.compiled_rollout()
    assert fast is not None
    for pos in positions(1, 8000):
        hands, jokers, trick, leader, trump, bids, won, gone = pos
        h, j, w = list(hands), list(jokers), list(won)
        monkeypatch.setattr(policy, "_COMPILED", [fast])
        out = policy.trixter_rollout(h, j, trick, leader, trump, bids, w, gone)
        assert (list(out), out.first) == plain(pos, monkeypatch), pos
        assert w == list(out) and h == [0] * len(h) and j == [0] * len(j)  # as in place


def test_a_hand_worked_out_by_hand(monkeypatch):
    """Spades trump, North (seat 0) leads, bids 1 1 0 0.

    1. North, short of its bid, draws with the A♠ (a master trump while trumps are out);
       East, void, throws its cheapest card, the 4♦; South and West follow with the 2♠
       and 3♠. North's trick.
    2. North has enough and leads the card most likely beaten: the 2♥ (12 unseen hearts
       above it, 11 clubs above the 3♣). East wins with the A♥ it must play.
    3. East leads its last K♣, South throws the 5♦, West must follow with the A♣ and takes
       a trick it did not bid. Tricks 1 1 0 1, the first to North."""
    hands = [CardSet.parse(s).mask for s in ("AS 2H 3C", "AH KC 4D", "3H 5D 2S", "4H AC 3S")]
    pos = (hands, [0] * 4, [], 0, 0, [1, 1, 0, 0], [0] * 4, 0)
    expected = ([1, 1, 0, 1], 0)
    assert plain(pos, monkeypatch) == expected
    a = RK.pack(*pos)
    first = RK.rollout(a)
    assert (a[RK.HEAD + RK.WON * 4:RK.HEAD + RK.WON * 4 + 4], first) == expected


def test_a_seat_past_its_bid_takes_tricks_where_a_miss_scores_them(monkeypatch):
    """No trump, bids 0 0 0 0; North took the first trick (Q♥ K♥ J♥ 10♥), so its bid is
    lost. In the second East, South and West have led and followed 5♠ 6♠ 7♠; North, last,
    holds A♠ 2♠.

    - Played for the bid (exact scoring): North ducks with the 2♠, West takes the trick
      and then the last one with its 5♦ (North, void, throws the A♠). Tricks 1 0 0 2.
    - ``greedy`` (a miss scores its tricks): North wins with the A♠, leads the 2♠ and
      takes the last trick too, the others void. Tricks 3 0 0 0, which in
      ``tricks_if_missed`` scoring give North 3 points, not 1."""
    card = {c: CardSet.parse(c).mask.bit_length() - 1 for c in ("5S", "6S", "7S")}
    hands = [CardSet.parse(s).mask for s in ("AS 2S", "3D", "4D", "5D")]
    gone = CardSet.parse("QH KH JH 10H 5S 6S 7S").mask
    trick = [card["5S"], card["6S"], card["7S"]]
    pos = (hands, [0] * 4, trick, 1, -1, [0] * 4, [1, 0, 0, 0], gone)
    fast = compiled_play_outs(monkeypatch)
    for greedy, expected in ((False, ([1, 0, 0, 2], 3)), (True, ([3, 0, 0, 0], 0))):
        a = RK.pack(*pos, greedy=greedy)
        first = RK.rollout(a)
        assert (a[RK.HEAD + RK.WON * 4:RK.HEAD + RK.WON * 4 + 4], first) == expected
        for compiled in ([None], [fast]) if fast is not None else ([None],):
            monkeypatch.setattr(policy, "_COMPILED", compiled)
            h, j, w = list(hands), [0] * 4, [1, 0, 0, 0]
            out = policy.trixter_rollout(h, j, trick, 1, -1, [0] * 4, w, gone, greedy=greedy)
            assert (list(out), out.first) == expected, (greedy, compiled)


def test_a_miss_pays_its_tricks_in_one_scoring_only():
    from tutor.engine.trixter_rules import TrixterRules
    assert policy.misses_pay(TrixterRules(scoring="tricks_if_missed"))
    assert not policy.misses_pay(TrixterRules())  # exact: −5 whatever the tricks
    assert not policy.misses_pay(TrixterRules(scoring="squared"))  # more tricks cost more
    assert policy.need_of(2, 1, 5, True) == policy.need_of(2, 1, 5, False) == 1
    assert (policy.need_of(1, 3, 4, False), policy.need_of(1, 3, 4, True)) == (-2, 4)


def compiled_play_outs(monkeypatch):
    """The compiled play-outs (:func:`policy.compiled_rollout`) where numba is present,
    else ``None``."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return None
    monkeypatch.delenv("TRIX_TUTOR_SOLVER", raising=False)
    monkeypatch.setattr(policy, "_COMPILED", [])
    return policy.compiled_rollout()


def erring(pos, err: int, steady: int, state: int, greedy: bool = False):
    hands, jokers, trick, leader, trump, bids, won, gone = pos
    return (list(hands), list(jokers), trick, leader, trump, bids, list(won), gone), \
        {"err": err, "steady": steady, "state": state, "greedy": greedy}


def test_erring_play_outs_are_the_same_plain_and_compiled(monkeypatch):
    """With the other seats erring (a legal card at random ``err`` times in a thousand), the
    plain play-out, the kernel run plainly and the compiled kernel draw the same numbers
    in the same order, so play the same cards; and so with seats past their bids taking
    tricks (``greedy``) or not."""
    rng = random.Random("erring")
    fast = compiled_play_outs(monkeypatch)
    for pos in positions(2, 3000):
        n = len(pos[0])
        args, kw = erring(pos, rng.choice([0, 1, 250, 500, 999, 1000]), rng.randrange(-1, n),
                          rng.getrandbits(31), rng.random() < 0.5)
        monkeypatch.setattr(policy, "_COMPILED", [None])
        out = policy.trixter_rollout(*args, **kw)
        want = (list(out), out.first)
        a = RK.pack(*pos, kw["err"], kw["steady"], kw["state"], kw["greedy"])
        first = RK.rollout(a)
        at = RK.HEAD + RK.WON * n
        assert (a[at:at + n], first) == want, (pos, kw)
        if fast is not None:
            args, _ = erring(pos, 0, 0, 0)
            monkeypatch.setattr(policy, "_COMPILED", [fast])
            got = policy.trixter_rollout(*args, **kw)
            assert (list(got), got.first) == want, (pos, kw)


def test_the_others_err_as_often_as_asked_and_the_steady_seat_never(monkeypatch):
    """Every card of a seat that errs 300 times in a thousand is the rule's only when it
    does not err: about 70% of its cards go through the rule (a forced card too), and all
    of the steady seat's. 600 play-outs of 4 seats and 8 cards: some 3,600 cards a seat
    that errs, so 70% give or take 2.5 points (over four standard deviations)."""
    monkeypatch.setattr(policy, "_COMPILED", [None])
    asked = {s: 0 for s in range(4)}
    rule = policy.trixter_card

    def counted(hand, *a, **kw):
        for s in range(4):
            if hands_now[s] == hand:
                asked[s] += 1
        return rule(hand, *a, **kw)

    monkeypatch.setattr(policy, "trixter_card", counted)
    rng = random.Random("err-share")
    for _ in range(600):
        deck = list(range(52))
        rng.shuffle(deck)
        hands_now = [sum(1 << c for c in deck[8 * s:8 * s + 8]) for s in range(4)]
        policy.trixter_rollout(hands_now, [0] * 4, [], rng.randrange(4), rng.randrange(4),
                               [rng.randint(0, 4) for _ in range(4)], [0] * 4, 0,
                               err=300, steady=2, state=rng.getrandbits(31))
    cards = 600 * 8
    assert asked[2] == cards
    for s in (0, 1, 3):
        assert abs(asked[s] / cards - 0.7) < 0.025, asked


def test_nth_bit_counts_the_set_bits_from_the_lowest():
    rng = random.Random(3)
    for _ in range(500):
        mask = rng.getrandbits(53) | 1 << rng.randrange(53)
        bits = [i for i in range(53) if mask >> i & 1]
        k = rng.randrange(len(bits))
        assert RK.nth_bit(mask, k) == bits[k]


def test_python_asked_for_keeps_the_play_out_plain(monkeypatch):
    monkeypatch.setenv("TRIX_TUTOR_SOLVER", "python")
    monkeypatch.setattr(policy, "_COMPILED", [])
    assert policy.compiled_rollout() is None


# --- Trix's trick contracts ------------------------------------------------------------------
TRICK_CONTRACTS = [Contract.KING, Contract.QUEENS, Contract.DIAMONDS, Contract.LTOOSH]


def random_trix(rng: random.Random):
    """A Trix deal under way: any mix of the trick contracts, doubled cards, the rules'
    lead ban, discard duty, partnership and swapped scores at random, some cards played."""
    contracts = frozenset(rng.sample(TRICK_CONTRACTS, rng.randint(1, 4)))
    rules = TrixRules(no_heart_lead_in_king=rng.random() < 0.5,
                      penalty_discard=rng.random() < 0.5, partnership=rng.random() < 0.3,
                      swap_diamonds_ltoosh=rng.random() < 0.3)
    scoring = [c for c in CardSet.from_mask(penalty_cards(contracts).mask)]
    doubles = [(c, rng.randrange(4)) for c in scoring if c.rank >= 12 and rng.random() < 0.3]
    deal = policy.TrixDeal(contracts, doubles, rules)
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[13 * s:13 * s + 13]) for s in range(4)]
    taken, won, gone, trick, leader = [0] * 4, [0] * 4, 0, [], rng.randrange(4)
    for _ in range(rng.randrange(40)):
        s = (leader + len(trick)) % 4
        led = trick[0][1] // 13 if trick else -1
        allowed = trix_legal_mask(hands[s], led, deal.ban, deal.duty)
        c = rng.choice([c for c in range(52) if allowed >> c & 1])
        hands[s] &= ~(1 << c)
        gone |= 1 << c
        trick.append((s, c))
        if len(trick) == 4:
            leader = policy.close_trick(trick, taken, won)
            trick = []
    return deal, hands, trick, leader, taken, won, gone


def trix_plain(pos, monkeypatch):
    monkeypatch.setattr(policy, "_COMPILED", [None])
    deal, hands, trick, leader, taken, won, gone = pos
    h, t, w = list(hands), list(taken), list(won)
    policy.trix_rollout(deal, h, trick, leader, t, w, gone)
    return h, t, w


def test_the_trix_kernel_run_plainly_plays_as_the_rule(monkeypatch):
    rng = random.Random("rollout-kernels/trix/0")
    for _ in range(1500):
        pos = random_trix(rng)
        a = RK.trix_pack(*pos)
        RK.trix_rollout(a, RK.trix_costs(pos[0]))
        at = RK.TRIX_HEAD
        assert (a[at:at + 4], a[at + 4:at + 8], a[at + 8:at + 12]) == trix_plain(pos, monkeypatch)


def test_the_compiled_trix_play_out_plays_as_the_rule(monkeypatch):
    pytest.importorskip("numba")
    monkeypatch.delenv("TRIX_TUTOR_SOLVER", raising=False)
    monkeypatch.setattr(policy, "_COMPILED", [])
    fast = policy.compiled_rollout()
    rng = random.Random("rollout-kernels/trix/1")
    for _ in range(4000):
        pos = random_trix(rng)
        deal, hands, trick, leader, taken, won, gone = pos
        h, t, w = list(hands), list(taken), list(won)
        monkeypatch.setattr(policy, "_COMPILED", [fast])
        policy.trix_rollout(deal, h, trick, leader, t, w, gone)
        assert (h, t, w) == trix_plain(pos, monkeypatch), (deal.contracts, pos[1:])


def test_a_trix_trick_worked_out_by_hand(monkeypatch):
    """King of Hearts, North (seat 0) leads from 2♥ 5♣; East holds K♥ 3♣, South A♥ 4♣,
    West 9♠ 7♣. North leads the 2♥, a heart under the king it cannot see (to smoke it
    out), not the 5♣; East must follow with the K♥, South with the A♥; West, void, sheds
    its highest, the 9♠. South takes the trick and the king, and with no card that scores
    left the play-out stops: the clubs stay in the hands."""
    deal = policy.TrixDeal(frozenset([Contract.KING]), [], TrixRules())
    hands = [CardSet.parse(s).mask for s in ("2H 5C", "KH 3C", "AH 4C", "9S 7C")]
    for compiled in (False, True):
        if compiled:
            pytest.importorskip("numba")
            monkeypatch.setattr(policy, "_COMPILED", [])
            assert policy.compiled_rollout() is not None
        else:
            monkeypatch.setattr(policy, "_COMPILED", [None])
        h, taken, won = list(hands), [0] * 4, [0] * 4
        policy.trix_rollout(deal, h, [], 0, taken, won, 0)
        assert won == [0, 0, 1, 0]
        assert taken == [0, 0, CardSet.parse("2H KH AH 9S").mask, 0]
        assert h == [CardSet.parse(c).mask for c in ("5C", "3C", "4C", "7C")]


# --- Trex --------------------------------------------------------------------------------------
def random_trex(rng: random.Random):
    """A Trex layout under way: a deal, then random playable cards (a seat with none
    passes), some seats perhaps already out."""
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[13 * s:13 * s + 13]) for s in range(4)]
    low, high, out, turn = [-1] * 4, [-1] * 4, [], rng.randrange(4)
    for _ in range(rng.randrange(60)):
        playable = trex_playable(hands[turn], low, high)
        choice = [c for c in range(52) if playable >> c & 1]
        if choice:  # else the seat passes
            c = rng.choice(choice)
            hands[turn] &= ~(1 << c)
            trex_place(low, high, c)
            out += [] if hands[turn] else [turn]
        if len(out) == 3:
            return None
        turn = next(t for t in ((turn + k) % 4 for k in range(1, 5)) if t not in out)
    return hands, low, high, out, turn


def trex_plain(pos, monkeypatch):
    monkeypatch.setattr(policy, "_COMPILED", [None])
    hands, low, high, out, turn = pos
    h, lo, hi, o = list(hands), list(low), list(high), list(out)
    assert policy.trex_rollout(h, lo, hi, o, turn) is o
    return h, lo, hi, o


def trex_positions(seed: str, count: int):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = random_trex(rng)
        if pos is not None:
            out.append(pos)
    return out


def test_the_trex_kernel_run_plainly_plays_as_the_rule(monkeypatch):
    for pos in trex_positions("rollout-kernels/trex/0", 800):
        a = RK.trex_pack(*pos)
        RK.trex_rollout(a)
        at = RK.TREX_HEAD
        got = a[at:at + 4], a[at + 4:at + 8], a[at + 8:at + 12], a[at + 12:at + 16]
        assert got == trex_plain(pos, monkeypatch)


def test_the_compiled_trex_play_out_plays_as_the_rule(monkeypatch):
    pytest.importorskip("numba")
    monkeypatch.delenv("TRIX_TUTOR_SOLVER", raising=False)
    monkeypatch.setattr(policy, "_COMPILED", [])
    fast = policy.compiled_rollout()
    for pos in trex_positions("rollout-kernels/trex/1", 3000):
        hands, low, high, out, turn = pos
        h, lo, hi, o = list(hands), list(low), list(high), list(out)
        monkeypatch.setattr(policy, "_COMPILED", [fast])
        assert policy.trex_rollout(h, lo, hi, o, turn) is o
        assert (h, lo, hi, o) == trex_plain(pos, monkeypatch)
        assert sorted(o) == [0, 1, 2, 3]
