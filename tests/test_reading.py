"""tutor.search.reading: the other seats' cards read as the rule's, and the layouts the
advice's search draws by them (tree.told_by_bids with PLAYS_TELL)."""

from __future__ import annotations

import math
import random

import pytest
from test_rollout_kernels import compiled_play_outs

from tutor import TrixterGame
from tutor.engine.actions import Play
from tutor.engine.cards import CARDS, Card, CardSet
from tutor.engine.protocol import Phase
from tutor.engine.trixter import TrixterRules
from tutor.search import policy, reading, tree


def _ruled_hand(seed: int, size: int, cards: int, scoring: str = "exact") -> TrixterGame:
    """A hand whose seats bid at random, then play ``cards`` cards each by the rule
    (:func:`policy.trixter_card`, trumps drawn; past its bid a seat plays for the tricks
    :func:`policy.need_of` gives in ``scoring``), read from the engine's own state."""
    rng = random.Random(seed)
    rules = TrixterRules(scoring=scoring)
    g = TrixterGame.new(players=4, seed=seed, first_hand=size, rules=rules)
    while g.phase != Phase.PLAY:
        g.apply(rng.choice(g.legal_actions()))
    trump = -1 if g.trump is None else int(g.trump)
    for _ in range(cards):
        s = g.to_move
        gone = sum(1 << a.card.index for _s, a in g.deal_actions if isinstance(a, Play))
        hand = g.hands[s].mask
        need = policy.need_of(g.bids[s], g.tricks_won[s], hand.bit_count(),
                              policy.misses_pay(rules))
        card = policy.trixter_card(hand, 0, [c.index for _s, c in g.trick], trump,
                                   policy.FULL & ~gone & ~hand, need, len(g.trick) == 3)
        g.apply(Play(CARDS[card]))
    return g


@pytest.mark.parametrize("scoring", ["exact", "tricks_if_missed"])
def test_play_events_are_the_other_seats_cards_with_what_they_knew(scoring):
    """Seats that played by the rule: each of the other seats' cards is an event, and with
    the hands the seats truly held, the rule agrees with every one (the engine's state is
    the oracle for the trick, the cards gone and the tricks needed). Where a missed bid
    scores its tricks, a seat past its bid played for every trick it could."""
    for seed in range(40):  # seeds 34 and 36: a seat past its bid that took a trick
        g = _ruled_hand(seed, 4 + seed % 6, 10, scoring)
        seen = g.observation(g.to_move)
        trump = -1 if g.trump is None else int(g.trump)
        events = reading.play_events(seen, trump)
        theirs = [(s, a.card.index) for s, a in seen.history
                  if isinstance(a, Play) and s != seen.seat]
        assert [(e[0], e[1]) for e in events] == theirs
        for e in events:
            assert reading.rule_agrees(e, g.hands[e[0]].mask, 0, trump)[0]


def test_the_cards_played_draw_the_layouts_they_fit(monkeypatch):
    """With little noise (``eps`` 0.02), the true layout and those that fit the cards
    played outweigh layouts whose hands would have made some seat play another card; with
    ``eps`` 1 the rule's card counts for nothing, only how many cards were legal. The bids
    weigh too: with the cards read, the draw is the bids' weights times the cards'."""
    g = _ruled_hand(3, 8, 12)
    seen = g.observation(g.to_move)
    base = tree._root(seen)
    rng = random.Random(0)
    layouts = tree.sample(tree.view_of(seen, seen.seat), 60, rng)
    true = [CardSet.from_mask(h.mask) if s != seen.seat else layouts[0][s]
            for s, h in enumerate(g.hands)]
    trump = -1 if g.trump is None else int(g.trump)
    events = reading.play_events(seen, trump)
    fits = [all(reading.rule_agrees(e, hands[e[0]].mask, 0, trump)[0] for e in events)
            for hands in layouts]
    assert not all(fits)  # some layouts are told apart by the cards played
    pool = [true] + layouts
    monkeypatch.setattr(tree, "likely_bid", lambda *a: (0.0, 1e9))  # the bids say nothing
    monkeypatch.setattr(tree, "PLAYS_TELL", 0.02)
    drawn = tree.told_by_bids(seen, base, pool, random.Random(1))
    fitting = [h for h, ok in zip(pool, [True] + fits) if ok]
    assert sum(h in fitting for h in drawn) > 0.9 * len(pool)
    monkeypatch.setattr(tree, "PLAYS_TELL", 1.0)
    flat = tree.told_by_bids(seen, base, pool, random.Random(1))
    logs = [sum(0.0 if k < 2 else math.log(1 / k) for k in
                (reading.rule_agrees(e, hands[e[0]].mask, 0, trump)[1] for e in events))
            for hands in pool]
    weights = [math.exp(x - max(logs)) for x in logs]
    assert flat == random.Random(1).choices(pool, weights=weights, k=len(pool))
    monkeypatch.setattr(tree, "PLAYS_TELL", None)  # off: the bids alone (here: nothing)
    assert tree.told_by_bids(seen, base, pool, random.Random(1)) == \
        random.Random(1).choices(pool, weights=[1.0] * len(pool), k=len(pool))


def test_a_card_the_rule_would_not_play_lowers_the_layout():
    """Scripted: hearts led, South (seat 2) still needs a trick and plays the 3♥ under the
    10♥. With the A♥ in South's hand the rule takes the trick with it, so that layout is
    less likely than one where South holds only low hearts; a forced card says nothing."""
    deal = ["AK.T2.A2.", "Q3.9.KQ3.", "J4.A3.J5.", "T5.KQ.T7."]
    g = TrixterGame.new(players=4, seed=1, dealer=3, first_hand=6, deals=[deal])
    g.apply("trump S")
    for b in ("bid 1", "bid 1", "bid 1", "bid 1"):
        g.apply(b)
    leader = g.to_move
    assert leader == 0
    g.apply("play TH")
    g.apply("play 9H")  # seat 1: its only heart, forced
    g.apply("play 3H")  # seat 2: needs a trick, plays under with the A♥ in hand
    seen = g.observation(3)
    events = reading.play_events(seen, 0)
    assert [(e[0], CARDS[e[1]]) for e in events] == \
        [(0, Card.parse("TH")), (1, Card.parse("9H")), (2, Card.parse("3H"))]
    south = events[2]
    assert reading.rule_agrees(south, CardSet.parse("AH").mask, 0, 0) == (False, 2)
    assert reading.rule_agrees(south, CardSet.parse("4H").mask, 0, 0) == (True, 2)
    forced = events[1]
    assert reading.rule_agrees(forced, 0, 0, 0)[1] == 1
    with pytest.raises(ValueError):
        reading.cards_logs(events, [], 0, 0.0)


def _random_reads(seed: int):
    """A hand under way at 3 to 8 seats (jokers where the table deals them), some cards
    played at random, its events and 40 layouts of the seat to move."""
    rng = random.Random(seed)
    players = rng.choice([3, 4, 4, 5, 6, 8])
    g = TrixterGame.new(players=players, seed=seed, first_hand=rng.randint(2, 52 // players))
    while g.phase != Phase.PLAY:
        g.apply(rng.choice(g.legal_actions()))
    for _ in range(rng.randrange(g.hand_size * players - 1)):
        g.apply(rng.choice(g.legal_actions()))
    seen = g.observation(g.to_move)
    base = tree._root(seen)
    layouts = tree.sample(tree.view_of(seen, seen.seat), 40, rng)
    return reading.play_events(seen, base.trump), layouts, base.trump, players


def test_the_reading_kernel_answers_as_the_rule(monkeypatch):
    """``rollout_kernels.read`` run as plain Python (so a wrong port fails even without
    numba) gives, layout by layout and card by card, :func:`reading.rule_agrees`'s answer;
    compiled, ``cards_logs`` gives the plain one's numbers."""
    from tutor.search import rollout_kernels as RK

    compiled = compiled_play_outs(monkeypatch)
    checked = 0
    for seed in range(60):
        events, layouts, trump, n = _random_reads(seed)
        if not events:
            continue
        a = RK.read_pack(events, layouts, trump, n)
        assert RK.read(a) == len(events) * len(layouts)
        answers = a[len(a) - len(events) * len(layouts):]
        want = [2 * k + same for hands in layouts for e in events
                for same, k in [reading.rule_agrees(e, hands[e[0]].mask, hands[e[0]].jokers,
                                                    trump)]]
        assert answers == want
        monkeypatch.setattr(policy, "_COMPILED", [None])
        plain = reading.cards_logs(events, layouts, trump, 0.84)
        if compiled is not None:
            monkeypatch.setattr(policy, "_COMPILED", [compiled])
            assert reading.cards_logs(events, layouts, trump, 0.84) == pytest.approx(plain)
        checked += 1
    assert checked > 40
