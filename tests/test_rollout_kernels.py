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
from tutor.engine.masks import JOKER, trick_winner
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


def test_python_asked_for_keeps_the_play_out_plain(monkeypatch):
    monkeypatch.setenv("TRIX_TUTOR_SOLVER", "python")
    monkeypatch.setattr(policy, "_COMPILED", [])
    assert policy.compiled_rollout() is None
