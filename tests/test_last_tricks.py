"""Exact play of Trixter's last tricks (tutor.search.last_tricks): a hand-checked ending, a
brute-force oracle on random endings, and the play-out that switches to it."""

from __future__ import annotations

import random

import pytest

from tutor.engine.cards import CARDS, CardSet
from tutor.engine.masks import FULL, JOKER, legal_mask, trick_winner
from tutor.search import last_tricks as ep
from tutor.search.policy import trixter_card, trixter_rollout


def masks(*hands: str) -> list[int]:
    return [CardSet.parse(h).mask for h in hands]


@pytest.fixture
def exact_end(monkeypatch):
    """The play-outs' exact end switched on (off by default, ``ENDPLAY_CARDS``)."""
    monkeypatch.setattr(ep, "ENDPLAY_CARDS", 3)


def test_exact_play_sheds_the_card_that_would_win_later(exact_end):
    # No trump, North (seat 0) leads; bids N 1, E 1, S 0, W 0. By hand: North's 2♠ wins the
    # first trick (nobody else holds a spade). South (bid 0) throws its J♦ on it, which
    # would otherwise have to win North's 2♦ later; East keeps its 5♦, which then takes
    # the 2♦ trick; West's hearts take nothing. All four bids are made.
    hands = masks("2S 2D", "5D 6C", "TH JD", "3H 9H")
    bids = [1, 1, 0, 0]
    final, first, card = ep.endplay(hands, [0] * 4, [], 0, -1, bids, [0] * 4, 0)
    assert final == [1, 1, 0, 0]
    assert first == 0 and str(CARDS[card]) == "2S"
    # The rule alone misses North's bid here: exact play is what makes it.
    ruled = trixter_rollout(list(hands), [0] * 4, [], 0, -1, bids, [0] * 4, 0)
    assert ruled[0] != 1
    # The play-out switches to exact play at two cards a hand, so it finds the same.
    assert list(ep.exact_rollout(list(hands), [0] * 4, [], 0, -1, bids, [0] * 4, 0)) == final


def oracle(hands, jokers, trick, leader, trump, bids, won, gone, greedy=False):
    """The same model by plain recursion: no table, no touching cards merged, no last
    trick played at once; every other legal card tried, lowest first, a joker last.
    ``greedy``: a seat past its bid plays the rule's card for all its cards left."""
    n = len(hands)

    def rec(hs, js, tr, lead, wn, gn):
        if len(tr) == n:
            w = (lead + trick_winner(tr, trump)) % n
            wn = wn[:]
            wn[w] += 1
            if not hs[w] and not js[w]:
                return wn, w
            return rec(hs, js, [], w, wn, gn)[0], w
        s = (lead + len(tr)) % n
        h, need = hs[s], bids[s] - wn[s]
        aim = h.bit_count() + js[s] if greedy and need < 0 else need

        def after(c):
            nh, nj = hs[:], js[:]
            if c == JOKER:
                nj[s] -= 1
                return rec(nh, nj, tr + [c], lead, wn, gn)
            nh[s] &= ~(1 << c)
            return rec(nh, nj, tr + [c], lead, wn, gn | 1 << c)

        rule = trixter_card(h, js[s], tr, trump, FULL & ~gn & ~h, aim, len(tr) == n - 1)
        out = after(rule)
        if out[0][s] != bids[s] and 0 <= need <= h.bit_count() + js[s]:
            legal = legal_mask(h, js[s], tr)
            for c in range(53):
                if legal >> c & 1 and c != rule:
                    got = after(c)
                    if got[0][s] == bids[s]:
                        return got
        return out

    return rec(list(hands), list(jokers), list(trick), leader, list(won), gone)


def random_ending(rng: random.Random):
    """3 to 5 seats of 1 to 3 cards (some jokers where the table has them), a trump or
    none, random bids and tricks won, and 0 to n-1 cards of the trick already down."""
    n = rng.choice([3, 4, 5])
    k = rng.randint(1, 3)
    cards = rng.sample(range(52), n * k)
    hands, jokers = [], []
    for s in range(n):
        own = cards[s * k:(s + 1) * k]
        j = sum(1 for _ in own if n != 4 and rng.random() < 0.15)
        hands.append(sum(1 << c for c in own[j:]))
        jokers.append(j)
    trump = rng.choice([-1, 0, 1, 2, 3])
    leader = rng.randrange(n)
    done = rng.randint(0, 5)
    won = [0] * n
    for _ in range(done):
        won[rng.randrange(n)] += 1
    bids = [rng.randint(0, k + done) for _ in range(n)]
    trick, gone = [], 0
    for _ in range(rng.randint(0, n - 1)):
        gone = play_random(rng, hands, jokers, trick, leader, gone)
    return hands, jokers, trick, leader, trump, bids, won, gone


def play_random(rng: random.Random, hands, jokers, trick, leader, gone) -> int:
    """A random legal card by the seat to move, added to ``trick`` (``hands`` and
    ``jokers`` changed in place): the cards gone after it."""
    s = (leader + len(trick)) % len(hands)
    legal = legal_mask(hands[s], jokers[s], trick)
    c = rng.choice([c for c in range(53) if legal >> c & 1])
    if c == JOKER:
        jokers[s] -= 1
    else:
        hands[s] &= ~(1 << c)
        gone |= 1 << c
    trick.append(c)
    return gone


@pytest.mark.parametrize("greedy", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_endplay_matches_a_brute_force_oracle(seed, greedy):
    rng = random.Random(f"endplay-oracle/{seed}")
    for _ in range(300):
        pos = random_ending(rng)
        before = [list(x) if isinstance(x, list) else x for x in pos]
        final, first, card = ep.endplay(*pos, greedy=greedy)
        assert (final, first) == oracle(*pos, greedy=greedy), pos
        assert [list(x) if isinstance(x, list) else x for x in pos] == before  # unchanged
        hands, jokers, trick, leader = pos[:4]
        mover = (leader + len(trick)) % len(hands)
        assert legal_mask(hands[mover], jokers[mover], trick) >> card & 1


def test_the_play_out_is_the_rule_until_the_last_tricks(exact_end, monkeypatch):
    rng = random.Random("endplay-rollout")
    calls = []

    def spy(hands, jokers, trick, leader, trump, bids, won, gone):
        calls.append([h.bit_count() + j for h, j in zip(hands, jokers)])
        assert not trick  # a play-out of whole hands reaches it at a trick's start
        return ep.endplay(hands, jokers, trick, leader, trump, bids, won, gone)

    for _ in range(50):
        size = rng.randint(4, 9)
        cards = rng.sample(range(52), 4 * size)
        hands = [sum(1 << c for c in cards[i * size:(i + 1) * size]) for i in range(4)]
        bids = [rng.randint(0, 3) for _ in range(4)]
        trump = rng.choice([-1, 0, 1, 2, 3])
        got = trixter_rollout(list(hands), [0] * 4, [], 0, trump, bids, [0] * 4, 0, spy,
                              ep.ENDPLAY_CARDS)
        assert calls.pop() == [ep.ENDPLAY_CARDS] * 4
        assert list(ep.exact_rollout(list(hands), [0] * 4, [], 0, trump, bids, [0] * 4, 0)) \
            == list(got)
        assert sum(got) == size
        # With exact play switched off, the play-out is the rule's, card for card.
        monkeypatch.setattr(ep, "ENDPLAY_CARDS", 0)
        assert list(ep.exact_rollout(list(hands), [0] * 4, [], 0, trump, bids, [0] * 4, 0)) \
            == list(trixter_rollout(list(hands), [0] * 4, [], 0, trump, bids, [0] * 4, 0))
        monkeypatch.setattr(ep, "ENDPLAY_CARDS", 3)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_exact_line_is_legal_and_scores_as_the_engine_does(players):
    """Random games (beginner bots, jokers where the table has them) to their last three
    tricks; then each seat plays the card exact play names from where it stands, and the
    engine, which refuses an illegal card, must reach the tricks exact play foretold."""
    from tutor import Phase, TrixterGame
    from tutor.bots import bot_for
    from tutor.engine.actions import Play
    from tutor.engine.cards import JOKER as JOKER_CARD
    from tutor.engine.tricks import trick_winner as trick_of_cards

    rng = random.Random(f"endplay-engine/{players}")
    checked = 0
    for k in range(40):
        g = TrixterGame.new(players=players, seed=k, first_hand=rng.randint(3, 8))
        bots = [bot_for("trixter", "beginner", seed=10 * k + s) for s in range(players)]
        while g.phase != Phase.PLAY or len(g.hands[g.to_move]) > rng.randint(1, 3):
            g.apply(bots[g.to_move].act(g.observation(g.to_move)), g.to_move)

        def state(g=g):
            trick = [52 if c.is_joker else c.index for _, c in g.trick]
            gone = sum(1 << c.index for t in (*g.tricks, g.trick) for _, c in t
                       if not c.is_joker)
            return ([h.mask for h in g.hands], [h.jokers for h in g.hands], trick, g.leader,
                    -1 if g.trump is None else int(g.trump), list(g.bids),
                    list(g.tricks_won), gone)

        final, first, _ = ep.endplay(*state())
        tricks_before = len(g.tricks)
        while g.phase == Phase.PLAY:
            card = ep.endplay(*state())[2]
            g.apply(Play(JOKER_CARD if card == JOKER else CARDS[card]), g.to_move)
        assert g.sheet[-1]["tricks"] == final
        closed = g.tricks[tricks_before]
        assert closed[trick_of_cards([c for _, c in closed], g.trump)][0] == first
        checked += 1
    assert checked == 40
