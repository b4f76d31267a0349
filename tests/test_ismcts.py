"""The textbook ISMCTS opponent (tutor.bots.ismcts): legal, reproducible, blind to the
hidden cards, in step with the engine, right where the answer is known, and better
than random."""

from __future__ import annotations

import math
import random

import pytest
from sizes import quick_and_full

from tutor import TrixterGame
from tutor.engine.actions import Play
from tutor.bots.arena import arena
from tutor.bots import ARENA_LEVELS, LEVELS, bot_for, play_bot_turn
from tutor.bots import ismcts
from tutor.bots.ismcts import ISMCTSBot
from tutor.search.legal import legal_actions
from tutor.search import tree
from tutor.search.policy import trixter_rollout
from tutor.search.tree import _action_number, _root, allowed_bids, search, search_worlds
from tutor.engine.cards import CardSet
from tutor.engine.protocol import Phase
from tutor.solver.hidden import sample, view_of
from tutor.engine.trixter import TrixterRules, peak_for

from test_hidden import replayed  # the game re-dealt with other hidden hands

RULES = [TrixterRules(), TrixterRules(hook=True), TrixterRules(allow_no_trump=True),
         TrixterRules(first_lead="dealer", scoring="squared"),
         TrixterRules(hook=True, scoring="tricks_if_missed")]


def random_position(seed: int, phase: str | None = None) -> TrixterGame:
    """A Trixter hand of 3 to 8 players and random options, moved on at random (fresh
    moves only, as a bot makes them) to a random point, or to the first ``phase``."""
    rng = random.Random(seed)
    players = 3 + seed % 6
    g = TrixterGame.new(players=players, seed=seed, rules=RULES[seed % len(RULES)],
                        first_hand=rng.randrange(1, 2 * peak_for(players)))
    steps = rng.randrange(0, players * (g.hand_size + 1) + 1)
    for _ in range(steps):
        if g.to_move is None or g.phase.value == phase:
            break
        g.apply(rng.choice(legal_actions(g.observe(g.to_move))), g.to_move)
    return g


# Seeds 0 to 3 (every table size) in the quick lane, 4 to 7 in make test (tests/sizes.py).
@pytest.mark.parametrize("seeds", quick_and_full(range(4), range(4, 8), ids=("0-3", "4-7")))
def test_every_move_is_legal_in_whole_random_games(seeds):
    """Every seat an ISMCTS bot (few iterations), tables of 3 to 6 (jokers at 3, 5, 6),
    every option set: each move is in the observation's legal list, and hands finish."""
    for seed in seeds:
        rng = random.Random(seed)
        players = (4, 3, 5, 6)[seed % 4]
        peak = peak_for(players)
        g = TrixterGame.new(players=players, seed=seed, rules=RULES[seed % len(RULES)],
                            first_hand=rng.choice([1, 2, peak - 1, peak]))
        bots = [ISMCTSBot(seed=100 * seed + s, iterations=40) for s in range(players)]
        hands = 0
        while hands < 3 and not g.is_over:
            if g.phase == Phase.HAND_OVER:
                hands += 1
                g.next_hand()
                continue
            seat = g.to_move
            obs = g.observation(seat)
            action = bots[seat].act(obs)
            assert action in obs.legal
            assert not (obs.phase == Phase.PLAY and not isinstance(action, Play))
            g.apply(action, seat)
        assert hands == 3 or g.is_over


def test_the_state_moves_in_step_with_the_engine():
    """The search's state, built from an observation and given the real hands, lists
    the same moves as the engine at every step of random hands (trump, bids with the
    hook, cards with jokers), and counts the same tricks at the end."""
    checked = 0
    for seed in range(40):
        g = random_position(seed)
        if g.to_move is None:
            continue
        seat = g.to_move
        st = _root(g.observation(seat))
        st.hands = [h.mask for h in g.hands]
        st.jokers = [h.jokers for h in g.hands]
        rng = random.Random(seed)
        while g.to_move is not None:
            assert st.mover() == g.to_move
            want = 0
            for a in legal_actions(g.observe(g.to_move)):
                want |= 1 << _action_number(a)
            assert st.legal() == want
            action = rng.choice(legal_actions(g.observe(g.to_move)))
            st.move(_action_number(action))
            g.apply(action, g.to_move)
            checked += 1
        assert st.won == g.tricks_won and st.bids == g.bids and st.left == 0
    assert checked > 300


def test_allowed_bids_are_the_engines():
    """On random bidding states of every table size, with and without the hook."""
    seen = 0
    for seed in range(60):
        g = random_position(seed, phase="play")
        rng = random.Random(seed)
        while g.phase == Phase.TRUMP:
            g.apply(rng.choice(g.legal_actions()))
        while g.phase == Phase.BID:
            seat = g.to_move
            want = sum(1 << a.n for a in legal_actions(g.observe(seat)))
            assert allowed_bids(g.rules, g.hand_size, seat, g.last_bidder, g.bids) == want
            if g.rules.hook and seat == g.last_bidder:
                seen += 1
                others = sum(b for b in g.bids if b is not None)
                if others <= g.hand_size:
                    assert not want >> (g.hand_size - others) & 1
            g.apply(rng.choice(legal_actions(g.observe(seat))), seat)
    assert seen >= 5  # the hook was checked on real last bids


def test_same_seed_same_move_and_other_seeds_search_differently():
    g = TrixterGame.new(players=4, seed=11, first_hand=9)
    obs = g.observe(g.to_move)  # the dealer names trump
    a = bot_for("trixter", "ismcts", seed=5)
    b = bot_for("trixter", "ismcts", seed=5)
    assert a.iterations == 1000
    assert a.act(obs) == b.act(obs) == a.act(obs)
    r1, r2 = search(obs, 200, seed=5), search(obs, 200, seed=5)
    assert r1 == r2
    assert sum(v for _, v, _ in r1.moves) == 200
    assert {str(m) for m, _, _ in r1.moves} == set(obs["legal"])
    others = {tuple((str(m), v) for m, v, _ in search(obs, 200, seed=s).moves)
              for s in range(4)}
    assert len(others) > 1  # the seed does reach the random numbers


@pytest.mark.parametrize("seed, phase", [(3, None), (8, None), (21, None), (5, "bid"),
                                         (4, "trump")])
def test_the_move_is_the_same_when_the_hidden_hands_are_dealt_otherwise(seed, phase):
    """Two games the seat to move cannot tell apart (the other hands re-dealt in a way
    its view allows, cards played given back; jokers at 5 and 6 players): the same
    search, move for move."""
    g = random_position(seed, phase)
    while g.to_move is None or len(legal_actions(g.observe(g.to_move))) < 2:
        seed += 100
        g = random_position(seed, phase)
    assert phase is None or g.phase.value == phase
    seat = g.to_move
    rng = random.Random(seed)
    other = None
    for hands in sample(view_of(g.observation(seat), seat), 20, rng):
        if [h.mask for h in hands] != [h.mask for h in g.hands]:
            other = replayed(g, hands)
            break
    assert other is not None
    assert [h.mask for h in other.hands] != [h.mask for h in g.hands]
    assert other.observe(seat) == g.observe(seat)
    assert search(other.observe(seat), 150, seed=1) == search(g.observe(seat), 150, seed=1)
    bot = ISMCTSBot(seed=2, iterations=150)
    assert bot.act(other.observe(seat)) == bot.act(g.observe(seat))


def test_the_discard_that_keeps_the_ace_makes_the_bid():
    """Spades trump, two cards each. The dealer (seat 3) bid 1 and plays last to the
    first trick, K♥ 3♥ 4♥, holding A♠ and 2♣. Throwing 2♣ loses this trick and A♠ takes
    the last: exactly one trick in every layout. Ruffing with A♠ leaves 2♣ to lead,
    which wins (a second trick, a miss) whenever none of the three unseen last cards
    is a spade or a club above it: C(23,3)/C(47,3) = 10.9% of layouts."""
    deal = [CardSet.parse(h) for h in ("KH 5D", "3H 7C", "4H 9S", "AS 2C")]
    g = TrixterGame.new(players=4, seed=0, deals=[deal], dealer=3, first_hand=2)
    for act in ("trump S", "bid 1", "bid 0", "bid 1", "bid 0", "play KH", "play 3H",
                "play 4H"):
        g.apply(act)
    assert g.to_move == 3
    r = search(g.observe(3), 3000, seed=0)
    best, _, mean = r.moves[0]
    assert str(best) == "2C"
    assert mean == pytest.approx(16 / 17)  # (11 + 5) / (12 + 5): the bid made every time
    ace = next(m for a, _, m in r.moves if str(a) == "AS")
    made = 1 - math.comb(23, 3) / math.comb(47, 3)
    assert ace == pytest.approx(made * 16 / 17, abs=0.08)


def test_search_worlds_searches_each_layout_alone_and_averages_their_means(monkeypatch):
    """Perfect-information Monte Carlo: each of the first k layouts searched alone, every
    iteration on it, an equal share each; a move's margin is its mean in each layout, one
    entry a layout whatever the visits; the visits and the results add up."""
    g = TrixterGame.new(players=4, seed=3, first_hand=3)
    while g.phase != Phase.PLAY:
        g.apply(g.legal_actions(g.to_move)[0], g.to_move)
    seen = g.observation(g.to_move)
    a, b = (str(x) for x in seen.legal[:2])
    planted = [({a: [1.0, 3.0], b: [0.0]}, {a: 2, b: 1}),
               ({a: [-4.0], b: [2.0, 2.0, 2.0]}, {a: 1, b: 3})]
    searched = []

    def inner(observation, iterations, seed, layouts=None, **kw):
        assert len(layouts) == iterations and all(w is layouts[0] for w in layouts)
        margins, visits = planted[len(searched)]
        searched.append(([h.mask for h in layouts[0]], iterations))
        moves = [(x, visits[str(x)], 0.25 * len(searched)) for x in seen.legal[:2]]
        return tree.SearchResult(moves, iterations,
                                 {m: [(1, 1)] * len(v) for m, v in margins.items()},
                                 {m: [0] * len(v) for m, v in margins.items()}, margins, 1)

    monkeypatch.setattr(tree, "search", inner)
    r = search_worlds(seen, 40, "s", 2, rollout=None)
    assert [n for _w, n in searched] == [20, 20] and searched[0][0] != searched[1][0]
    assert r.margins == {a: [2.0, -4.0], b: [0.0, 2.0]}
    assert [(str(m), n) for m, n, _v in r.moves] == [(b, 4), (a, 3)]
    assert r.moves[0][2] == pytest.approx((1 * 0.25 + 3 * 0.5) / 4)  # the mean reward
    assert len(r.results[b]) == 4 and r.layouts == 2 and r.iterations == 40
    with pytest.raises(ValueError, match="worlds"):
        search_worlds(seen, 40, "s", 0)
    monkeypatch.undo()
    with pytest.raises(ValueError, match="at least one layout"):
        search(seen, 40, "s", layouts=[])


def test_search_worlds_is_blind_to_the_hidden_hands_and_plays_the_known_discard():
    """The worlds are drawn from what the seat has seen, so two games it cannot tell
    apart get the same search; and where the answer is known (the dealer's discard of
    2♣ keeps A♠ for its one trick in every layout), each world finds it."""
    deal = [CardSet.parse(h) for h in ("KH 5D", "3H 7C", "4H 9S", "AS 2C")]
    g = TrixterGame.new(players=4, seed=0, deals=[deal], dealer=3, first_hand=2)
    for act in ("trump S", "bid 1", "bid 0", "bid 1", "bid 0", "play KH", "play 3H",
                "play 4H"):
        g.apply(act)
    r = search_worlds(g.observe(3), 400, 0, 20)
    assert str(r.moves[0][0]) == "2C" and r.layouts == 20
    assert r.margins["2C"] == pytest.approx([r.margins["2C"][0]] * 20)  # bid made in each
    for seed in (3, 8, 21):
        g = random_position(seed, "play")
        while g.to_move is None or len(legal_actions(g.observe(g.to_move))) < 2:
            seed += 100
            g = random_position(seed, "play")
        seat = g.to_move
        other = next(replayed(g, hands) for hands in
                     sample(view_of(g.observation(seat), seat), 20, random.Random(seed))
                     if [h.mask for h in hands] != [h.mask for h in g.hands])
        assert other.observe(seat) == g.observe(seat)
        assert search_worlds(other.observe(seat), 120, 1, 6) == \
            search_worlds(g.observe(seat), 120, 1, 6)


def _others_first_cards(seen, layouts, by_world):
    """For each (layout, our card): the next seat's cards at its first choice, in the order
    the tree tried them, and the cards it could play there in that layout."""
    base, tried, legal = _root(seen), {}, {}
    index = {tuple(h.mask for h in w): i for i, w in enumerate(layouts)}

    def trace(hands, path, won):
        if len(path) < 2:
            return
        key = (index[tuple(h.mask for h in hands)], path[0])
        st = base.layout(hands)
        st.move(path[0])
        legal[key] = {a for a in range(53) if st.legal() >> a & 1}
        tried.setdefault(key, []).append(path[1])

    search(seen, 600, 1, rollout=trixter_rollout, margin=True, trace=trace,
           layouts=[layouts[i % len(layouts)] for i in range(600)], by_world=by_world)
    return tried, legal


def test_by_world_the_others_choose_their_cards_in_each_layout_alone():
    """``by_world``: the iterations go round the layouts, and in each layout the next
    seat first tries every card it holds there, then chooses among them by that layout's
    statistics; in the one shared tree (off) a layout's cards are not all tried, where
    another layout's tries already fill the node."""
    g = TrixterGame.new(players=4, seed=5, first_hand=6)
    beginner = bot_for("trixter", "beginner", seed=0)
    while g.phase != Phase.PLAY:
        g.apply(beginner.act(g.observation(g.to_move)))
    seen = g.observation(g.to_move)
    assert not seen.trick  # our seat leads: the next seat answers our card
    layouts = sample(view_of(seen, seen.seat), 4, random.Random(2))
    drawn = search(seen, 400, 1, rollout=trixter_rollout, margin=True, by_world=5)
    assert drawn.layouts == 5 and drawn.iterations == 400  # round the first five drawn
    tried, legal = _others_first_cards(seen, layouts, by_world=4)
    assert len({w for w, _a in tried}) == 4
    for key, cards in tried.items():
        assert set(cards[:len(legal[key])]) == legal[key], key  # each card once, first
        assert set(cards) == legal[key]
    tried, legal = _others_first_cards(seen, layouts, by_world=0)
    assert any(set(cards[:len(legal[key])]) != legal[key] for key, cards in tried.items())
    with pytest.raises(ValueError, match="at least one layout"):
        search(seen, 40, 1, layouts=[], by_world=2)
    for junk in (-1, 2.5, True, "3"):
        with pytest.raises(ValueError, match="by_world must be a whole number"):
            search(seen, 40, 1, by_world=junk)


def test_the_top_trump_bids_one():
    """One card each, spades trump, the dealer holds A♠: it takes the trick whatever the
    others hold, so bid 1 scores 11 every time (the top of the scale, 1.0)."""
    deal = [CardSet.parse(h) for h in ("2H", "3H", "4H", "AS")]
    g = TrixterGame.new(players=4, seed=0, deals=[deal], dealer=3)
    g.apply("trump S")
    r = search(g.observe(3), 200, seed=3)
    assert str(r.best) == "bid 1"
    assert r.moves[0][2] == 1.0 and r.moves[1][2] == 0.0


@pytest.mark.parametrize("hands", quick_and_full(1, 3))  # a game's first hand in the quick lane
def test_ismcts_beats_random(monkeypatch, hands):
    """At 200 iterations, against three random bots on duplicated deals: clearly ahead
    (by 8.3 points a hand, at least 2.2; in the first hands alone 8.9, at least 3.3)."""
    monkeypatch.setattr(ismcts, "ITERATIONS", 200)
    r = arena("trixter", 4, ["ismcts", "random", "random", "random"], games=4, seed=3,
              hands=hands, first_hand=4)
    d = r.differences[("ismcts", "random")]
    assert d.mean > 3 and d.low > 0
    assert bot_for("trixter", "ismcts").iterations == 200  # the arena's bots had 200


def test_a_level_for_the_arena_only_and_for_trixter_only():
    assert "ismcts" not in LEVELS  # the app's level picker lists LEVELS
    assert ARENA_LEVELS.index("ismcts") == ARENA_LEVELS.index("expert") - 1
    with pytest.raises(ValueError, match="Trixter only"):
        bot_for("trix", "ismcts", seed=1)
    with pytest.raises(ValueError, match="Trixter only"):
        arena("trix", 4, ["ismcts", "random", "random", "random"], games=1, hands=1)
    from tutor.engine.trix import TrixGame

    with pytest.raises(ValueError, match="Trixter only"):
        ISMCTSBot(seed=1).act(TrixGame.new(seed=1).observe(0))
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSBot(iterations=0)


def test_forced_moves_and_next_need_no_search():
    g = TrixterGame.new(players=4, seed=2, first_hand=1)
    bots = [ISMCTSBot(seed=s, iterations=20) for s in range(4)]
    while g.to_move is not None:
        play_bot_turn(g, bots[g.to_move])
    assert str(bots[0].act(g.observe(0))) == "next"
    # the last trick: one card each, no choice
    g = TrixterGame.new(players=4, seed=2, first_hand=2)
    while g.phase != Phase.PLAY or len(g.hands[g.to_move]) != 1:
        play_bot_turn(g, bots[g.to_move])
    obs = g.observe(g.to_move)
    assert len(legal_actions(obs)) == 1
    assert ISMCTSBot(seed=1).act(obs) == legal_actions(obs)[0]
    with pytest.raises(ValueError, match="seat to move"):
        search(g.observe((g.to_move + 1) % 4), 10)
