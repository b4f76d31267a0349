"""What a seat knows and the bid advisor: layouts consistent with a seat's view, known
answers.

The oracle for "consistent" is the engine itself: a sampled layout, with the cards each
seat has played this deal given back, is dealt into a copy of the game's record and the
deal's actions are replayed; the replay must be legal and end in the same table."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from sizes import leading

from tutor import Bid, CardSet, Phase, TrixGame, TrixterGame
from tutor.engine.actions import Play
from tutor.engine.cards import Card
from tutor.advice.bids import advise_bid, bid_advice
from tutor.solver.hidden import sample_layouts, shuffle, view_of, weighted
from tutor.engine.trix.rules import TrixRules
from tutor.engine.trixter import TrixterRules


def replayed(game, hands):
    """The game re-dealt with ``hands`` (still held) and replayed, or an exception."""
    played: dict[int, list] = {}
    for s, act in game.deal_actions:
        if isinstance(act, Play):
            played.setdefault(s, []).append(act.card)
    full = [CardSet(list(h) + played.get(s, [])) for s, h in enumerate(hands)]
    rec = game.to_record()
    rec["deals"][len(game.deals) - 1] = [h.pbn() for h in full]
    return type(game).from_record(rec)


def trixter_mid_hand(seed: int) -> TrixterGame:
    rng = random.Random(seed)
    players = 3 + seed % 6
    g = TrixterGame.new(players=players, seed=seed, first_hand=rng.randrange(3, 8))
    while g.phase != Phase.PLAY:
        g.apply(rng.choice([a for a in g.legal_actions()
                            if g.phase != Phase.BID or isinstance(a, Bid)]))
    for _ in range(rng.randrange(0, g.n_players * (g.hand_size - 1))):
        g.apply(rng.choice(g.legal_actions()))
    return g


def trix_mid_deal(seed: int, rules: TrixRules, contract: str, cards: int) -> TrixGame:
    """A Trix deal of ``contract`` with ``cards`` cards played at random."""
    rng = random.Random(seed)
    g = TrixGame.new(seed=seed, rules=rules)
    g.apply(f"contract {contract}")
    while g.phase == Phase.DOUBLE:
        g.apply(rng.choice(g.legal_actions()))
    for _ in range(cards):
        if g.phase not in (Phase.PLAY, Phase.TREX):
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def assert_consistent(game, seat, samples=30, seed=0):
    view = view_of(game, seat)
    for hands in sample_layouts(view, samples, random.Random(seed)):
        assert hands[seat] == game.hands[seat]
        assert [len(h) for h in hands] == [len(h) for h in game.hands]
        again = replayed(game, hands)  # raises if the layout contradicts the play
        assert again.observe(seat) == game.observe(seat)


@pytest.mark.parametrize("seed", range(24))
def test_trixter_layouts_replay_legally(seed):
    g = trixter_mid_hand(seed)
    if g.phase == Phase.PLAY:
        assert_consistent(g, g.to_move, seed=seed)


@pytest.mark.parametrize("seed", range(16))
def test_trix_layouts_replay_legally_with_every_constraint(seed):
    rules = TrixRules(no_heart_lead_in_king=True, penalty_discard=True)
    contract = ["king", "queens", "diamonds", "ltoosh"][seed % 4]
    g = trix_mid_deal(seed, rules, contract, cards=4 + seed * 2)
    if g.phase == Phase.PLAY:
        assert_consistent(g, g.to_move, seed=seed)
        assert_consistent(g, (g.to_move + 1) % 4, seed=seed)


def all_consistent_layouts(game, seat):
    """Every layout of the unseen cards that the engine accepts (brute force)."""
    others = [s for s in range(4) if s != seat]
    unseen = sorted(set().union(*(game.hands[s] for s in others)))
    counts = [len(game.hands[s]) for s in others]
    out = set()
    for perm in itertools.permutations(unseen):
        parts, i = [], 0
        for k in counts:
            parts.append(CardSet(perm[i:i + k]))
            i += k
        hands = list(game.hands)
        for s, h in zip(others, parts):
            hands[s] = h
        key = tuple(h.pbn() for h in hands)
        if key in out:
            continue
        try:
            replayed(game, hands)
        except ValueError:
            continue
        out.add(key)
    return out


@pytest.mark.parametrize("seed", leading(range(8), 4))  # the quick lane: each contract once
def test_trix_sampler_reaches_exactly_the_consistent_layouts(seed):
    """Near the end of a deal every layout can be listed: the sampler's support must be
    all of them and nothing else (voids, discards and the first owner's 7♥ included)."""
    rules = TrixRules(penalty_discard=seed % 2 == 0, no_heart_lead_in_king=True, end_early=False)
    contract = ["king", "queens", "diamonds", "ltoosh"][seed % 4]
    g = trix_mid_deal(100 + seed, rules, contract, cards=52 - 8)
    if g.phase != Phase.PLAY or sum(len(h) for h in g.hands) > 9:
        pytest.skip("the deal ended early")
    seat = g.to_move
    truth = all_consistent_layouts(g, seat)
    got = {tuple(h.pbn() for h in hands)
           for hands in sample_layouts(view_of(g, seat), 2000, random.Random(seed))}
    assert got == truth


def test_first_owner_holds_the_seven_of_hearts():
    g = TrixGame.new(seed=11)
    owner = g.owner
    g.apply("contract ltoosh")
    seat = (owner + 1) % 4
    view = view_of(g, seat)
    assert "7H" in [str(c) for c in view.known[owner]]
    for hands in sample_layouts(view, 20, random.Random(1)):
        assert "7H" in [str(c) for c in hands[owner]]


def _holders(layouts, card) -> Counter:
    return Counter(next(s for s, h in enumerate(hands) if card in h) for hands in layouts)


def test_a_declined_double_reveals_nothing():
    """RULES.md A5: every player says "no double", the K♥'s holder too; to the others the
    K♥ is then in any hidden hand, as likely in one as in another."""
    kh = Card.parse("KH")
    g = TrixGame.new(seed=3, owner=0)
    g.apply("contract king")
    holder = next(s for s in range(4) if kh in g.hands[s])
    while g.phase == Phase.DOUBLE:
        if g.to_move == holder:
            assert "double KH" in map(str, g.legal_actions())  # it could have doubled
        g.apply("no double")
    seat = (holder + 1) % 4
    assert_consistent(g, seat)  # the engine accepts every sampled layout
    hits = _holders(sample_layouts(view_of(g, seat), 600, random.Random(1)), kh)
    assert set(hits) == {s for s in range(4) if s != seat}, hits
    assert all(150 <= n <= 250 for n in hits.values()), hits  # 200 each if fair


def test_a_doubler_who_says_no_double_may_hold_another_queen():
    """A doubler ends the turn with "no double" whether or not another queen is left,
    so it shows only the queen it doubled."""
    g = TrixGame.new(seed=1, owner=0)  # seat 3 holds two queens
    g.apply("contract queens")
    queens = [Card.parse(q) for q in ("QS", "QH", "QD", "QC")]
    two = next(s for s in range(4) if sum(q in g.hands[s] for q in queens) >= 2)
    doubled = next(q for q in queens if q in g.hands[two])
    while g.phase == Phase.DOUBLE:
        if g.to_move == two and not g.doubles:
            g.apply(f"double {doubled}")
        g.apply("no double")
    seat = (two + 1) % 4
    assert_consistent(g, seat)
    layouts = sample_layouts(view_of(g, seat), 300, random.Random(2))
    assert all(doubled in hands[two] for hands in layouts)  # shown: public
    more = Counter(sum(q in hands[two] for q in queens if q != doubled) for hands in layouts)
    assert more[0] and sum(n for k, n in more.items() if k > 0), more


def test_unconstrained_sampling_is_fair():
    """With nothing shown, an unseen card lands in each hand (or the undealt rest) in
    proportion to its size."""
    g = TrixterGame.new(players=5, seed=2, first_hand=4)  # 4 cards each, 55 - 20 undealt
    g.apply("trump H")
    view = view_of(g, 0)
    card = next(c for c in view.pool if not c.is_joker)
    draws = 800
    hits = Counter()
    for hands in sample_layouts(view, draws, random.Random(3)):
        for s in range(1, 5):
            hits[s] += card in hands[s]
    share = 4 / len(view.pool)
    for s in range(1, 5):
        assert abs(hits[s] / draws - share) < 0.035, (hits, share)


def test_bid_advice_known_answers():
    # The top three spades with spades trump: three tricks whatever the layout.
    a = bid_advice("AKQ...", "S", players=4, samples=5)
    assert a.tricks == [0, 0, 0, 1.0] and a.chance[3] == 1.0 and a.best_bid == 3
    assert a.expected[3] == 13.0 and a.expected[0] == -5.0
    # The three lowest clubs, no trump, 4 players: a club lead never wins; bid 0.
    a = bid_advice("...432", None, players=4, samples=5, leader=1)
    assert a.best_bid == 0 and a.chance[0] == 1.0
    assert "bid 0" in a.explain()


def test_bid_advice_is_the_advice_engines_distribution():
    """The advisor's numbers are :func:`tutor.advice.bids.bid_distribution`'s: chances that add
    up to 1 and expected scores that follow from them with the table's scoring."""
    from tutor.advice.bids import bid_distribution

    hand = CardSet.from_pbn("A2.K3..")
    a = bid_advice(hand, "H", players=3, samples=30, seed=5)
    d = bid_distribution(hand, "H", players=3, samples=30, seed=5)
    assert a.by_bid == d.by_bid and a.expected == d.expected and a.samples == 30
    assert sum(a.tricks) == pytest.approx(1)
    rules = TrixterRules()
    for n in range(5):
        assert a.chance[n] == a.by_bid[n][n]
        assert a.expected[n] == pytest.approx(sum(p * rules.score(n, k)
                                                  for k, p in enumerate(a.by_bid[n])))
    assert a.best_bid == max(range(5), key=lambda k: (a.expected[k], -k))


def test_advise_bid_respects_the_hook():
    from tutor.engine.trixter import TrixterRules

    g = TrixterGame.new(players=3, seed=4, first_hand=2, rules=TrixterRules(hook=True))
    g.apply("trump S")
    while g.to_move != g.last_bidder:
        g.apply("bid 0")
    a = advise_bid(g, samples=4)
    assert 2 not in a.bids and a.best_bid in a.bids


@pytest.mark.parametrize("seed", range(6))
def test_trex_layouts_respect_passes(seed):
    """A Trex pass shows that the passer held no card that fitted at that moment: the
    replay refuses a layout that breaks it."""
    g = trix_mid_deal(seed, TrixRules(partnership=seed % 2 == 1), "trex", cards=20 + 3 * seed)
    assert g.phase == Phase.TREX and sum(g.passes) > 0
    assert_consistent(g, g.to_move, seed=seed)



def test_shuffle_and_weighted_draw_as_random_does():
    """The layouts' own shuffle and weighted pick make Random's draws from its stream: the
    same order or pick, and the generator left in the same state (every hint's layouts,
    and so its numbers, depend on it)."""
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        for size in (0, 1, 2, 5, 17, 40, 52):
            x, y = list(range(size)), list(range(size))
            shuffle(ours, x)
            theirs.shuffle(y)
            assert x == y
            pool = list(range(1, size % 5 + 2))
            weights = [ours.randrange(1, 9) for _ in pool]
            assert weights == [theirs.randrange(1, 9) for _ in pool]
            assert weighted(ours, pool, weights) == theirs.choices(pool, weights=weights)[0]
        assert ours.getstate() == theirs.getstate()


def test_shuffle_of_another_generator_is_its_own():
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):
            self.calls += 1
            super().shuffle(x)

    rng = Counting(1)
    shuffle(rng, [1, 2, 3])
    assert rng.calls == 1
