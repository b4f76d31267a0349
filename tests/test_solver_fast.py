"""The numba path against the pure-Python one: the same kernels (``tutor.solver.kernels``)
run as Python on lists and compiled on numpy arrays, so identical value, by_card and line,
and with one table size the very same search.

Skipped where numba is not installed (the pure path is what runs in the browser)."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from sizes import sampled
from test_solver_oracle import random_position

from tutor.engine.cards import CARDS, Card, CardSet, Rank, Suit
from tutor.solver import AvoidCards, Exactly, MaxTricks, MinPenalty, Position, solve
from tutor.solver import kernels as K
from tutor.solver import search
from tutor.solver.search import Searcher
from tutor.engine.trix.contracts import Contract

pytest.importorskip("numba")

CONTRACTS = [Contract.KING, Contract.QUEENS, Contract.DIAMONDS, Contract.LTOOSH,
             (Contract.KING, Contract.QUEENS, Contract.DIAMONDS, Contract.LTOOSH)]


def random_case(rng: random.Random) -> tuple[Position, object]:
    """A random position and goal of any kind: 3-8 players, jokers, trump, mid-trick,
    teams, Trix's lead and discard rules, doubles."""
    kind = rng.randrange(4)
    if kind < 2:
        n = rng.randrange(3, 9)
        k = rng.randrange(1, 7 if n <= 4 else 4)
        jokers = rng.randrange(0, min(4, n)) if rng.random() < 0.4 else 0
        pos = random_position(rng, n, k, jokers=jokers)
        seat = rng.randrange(n)
        if kind == 1:
            return pos, Exactly(seat, rng.randrange(0, k + 1))
        if n == 4 and rng.random() < 0.4:
            return pos, MaxTricks((seat, (seat + 2) % 4))
        return pos, MaxTricks(seat)
    if kind == 2:
        n = rng.randrange(3, 6)
        pos = random_position(rng, n, rng.randrange(1, 6), trump=False)
        held = [c for h in pos.hands for c in h]
        avoid = CardSet(rng.sample(held, min(len(held), rng.randrange(1, 4))))
        return pos, AvoidCards(rng.randrange(n), avoid)
    contract = rng.choice(CONTRACTS)
    kw: dict = {}
    if rng.random() < 0.3:
        kw["no_heart_lead"] = True
    if rng.random() < 0.3:
        kw["penalty_discard"] = CardSet.parse("KH QS QH QD QC")
    pos = random_position(rng, 4, rng.randrange(1, 7), trump=False, **kw)
    held = [c for h in pos.hands for c in h]
    doubles = []
    for card in [c for c in held if c.rank in (Rank.KING, Rank.QUEEN)]:
        if rng.random() < 0.3:
            doubles.append((card, next(s for s in range(4) if card in pos.hands[s])))
    seat = rng.randrange(4)
    team = rng.random() < 0.2
    return pos, MinPenalty((seat, (seat + 2) % 4) if team else seat, contract,
                           doubles=tuple(doubles), swap_diamonds_ltoosh=rng.random() < 0.3)


def same(pos: Position, goal) -> None:
    a = solve(pos, goal, engine="python")
    b = solve(pos, goal, engine="numba")
    assert a.stats["engine"] == "python" and b.stats["engine"] == "numba"
    assert b.value == a.value, (pos, goal)
    assert b.by_card == a.by_card, (pos, goal)
    assert list(b.by_card) == list(a.by_card)
    assert b.line == a.line, (pos, goal)


# The quick lane takes a third of the random batches (tests/sizes.py), make test all.
@pytest.mark.parametrize("batch", sampled(range(30), 3))
def test_engines_agree_on_random_positions(batch):
    rng = random.Random(7000 + batch)
    for _ in range(10):
        same(*random_case(rng))


@pytest.mark.parametrize("seed", range(6))
def test_engines_agree_on_larger_deals(seed):
    rng = random.Random(9000 + seed)
    pos = random_position(rng, 4, 6, mid_trick=seed % 2 == 1)
    same(pos, MaxTricks((0, 2)))
    same(pos, Exactly(pos.to_move, 3))


@pytest.mark.parametrize("batch", sampled(range(6), 3))
def test_value_only_solves_give_the_same_value(batch):
    """``by_card=False``: one search for the value, the same on both engines as a full
    solve's value, with no card values and the same line."""
    rng = random.Random(8000 + batch)
    for _ in range(10):
        pos, goal = random_case(rng)
        full = solve(pos, goal, engine="numba")
        for engine in ("python", "numba"):
            alone = solve(pos, goal, engine=engine, by_card=False)
            assert alone.value == full.value, (pos, goal, engine)
            assert alone.by_card == {}
            assert alone.line == full.line, (pos, goal, engine)


def test_quick_tricks_never_exceed_the_value():
    """The quick-trick bound is sound: the leader's side always makes at least that many
    (alone, and with a partner it can reach through a lead to its top card)."""
    rng = random.Random(11)
    for _ in range(400):
        n = rng.choice((3, 4, 4, 4, 5))
        pos = random_position(rng, n, rng.randrange(2, 8 if n == 4 else 6), mid_trick=False)
        goal = MaxTricks((pos.leader, (pos.leader + 2) % 4) if n == 4 and rng.random() < 0.7
                         else pos.leader)
        s = Searcher(pos, goal)
        quick = s.kernels.quick_tricks(s.H, s.S, s.C)
        assert quick <= solve(pos, goal, engine="numba").value, (pos, goal)


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_quick_tricks_through_a_partner(engine):
    """Hand-counted: West leads; East holds the top spade."""
    # No trump. West's own: the 2 of clubs (nobody else holds a club): 1. Through East:
    # the 2 of spades to East's ace, then East's ace of diamonds: 2, every trick.
    pos = Position(tuple(CardSet.parse(h) for h in ("3S 2D", "AS AD", "4S 3D", "2S 2C")),
                   leader=3)
    s = Searcher(pos, MaxTricks((3, 1)), numba=engine == "numba")
    assert s.kernels.quick_tricks(s.H, s.S, s.C) == 2
    assert solve(pos, MaxTricks((3, 1)), engine=engine).value == 2
    # Hearts trump. Through East's king of spades: 1, then East's queen of hearts draws
    # a round (1 more); East's jack of spades does not count: South, with a trump left,
    # followed to the first spade and has no spade now. The value is 2 as well.
    pos = Position(tuple(CardSet.parse(h) for h in
                         ("9S JD 2D 8C", "KS JS QH 5D", "6S 8H 3H 9C", "3S 2H 6C 4C")),
                   leader=3, trump=Suit.HEARTS)
    s = Searcher(pos, MaxTricks((3, 1)), numba=engine == "numba")
    assert s.kernels.quick_tricks(s.H, s.S, s.C) == 2
    assert solve(pos, MaxTricks((3, 1)), engine=engine).value == 2
    # Hearts trump, through a ruff: West leads the 2 of spades, East (void) ruffs with the
    # 2 of hearts (North and South follow: nobody overruffs), then cashes the ace of
    # diamonds. West alone cashes nothing.
    pos = Position(tuple(CardSet.parse(h) for h in ("AS 3C", "2H AD", "KS 2D", "2S 2C")),
                   leader=3, trump=Suit.HEARTS)
    s = Searcher(pos, MaxTricks((3, 1)), numba=engine == "numba")
    assert s.kernels.cash(s.H, s.C, 3, s.H[3], -1) == 0
    assert tuple(s.kernels.entry(s.H, s.S, s.C, 0)) == (1, Card.parse("2H").index)
    assert s.kernels.quick_tricks(s.H, s.S, s.C) == 2
    assert solve(pos, MaxTricks((3, 1)), engine=engine).value == 2


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_long_suit_runs_through_a_partner_who_wins_the_last_round(engine):
    """Hand-counted (no trump): South leads A, K, 3 of diamonds; North follows 2, J, then
    wins the third round with the queen. Every round is North-South's, but the last
    leaves North on lead: the suit counts in full only when cashed last."""
    pos = Position(tuple(CardSet.parse(h) for h in ("QD JD 2D", "AC KC QC", "AD KD 3D",
                                                    "AS KS QS")), leader=2)
    s = Searcher(pos, MaxTricks((0, 2)), numba=engine == "numba")
    assert tuple(s.kernels.suit_run(s.H, s.C, 2, s.H[2], 2, -1))[:2] == (2, 1)
    assert s.kernels.quick_tricks(s.H, s.S, s.C) == 3
    assert solve(pos, MaxTricks((0, 2)), engine=engine).value == 3


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_the_side_on_lead_cannot_take_every_trick_past_a_top_card(engine):
    """Hand-counted (no trump): North leads for North-South; East holds the ace of hearts.
    North-South top only spades, one round of them: they cannot take both tricks, so the
    bounds pin the value at 1 (the ace of spades is a quick trick)."""
    pos = Position(tuple(CardSet.parse(h) for h in ("AS 2H", "AH 3D", "3S 2D", "4S 2C")),
                   leader=0)
    s = Searcher(pos, MaxTricks((0, 2)), numba=engine == "numba")
    assert not s.kernels.all_possible(s.H, s.J, s.S, s.C, 2)
    assert tuple(s.kernels.bounds(s.H, s.J, s.S, s.C, s.PTS)) == (1, 1)
    assert solve(pos, MaxTricks((0, 2)), engine=engine).value == 1
    # Give North the ace of hearts: both tricks are theirs, and the rule allows it.
    pos = Position(tuple(CardSet.parse(h) for h in ("AS AH", "2H 3D", "3S 2D", "4S 2C")),
                   leader=0)
    s = Searcher(pos, MaxTricks((0, 2)), numba=engine == "numba")
    assert s.kernels.all_possible(s.H, s.J, s.S, s.C, 2)
    assert solve(pos, MaxTricks((0, 2)), engine=engine).value == 2


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_the_second_hand_wins_the_trick_and_cashes(engine):
    """Hand-counted, DDS's ``QuickTricksSecondHand``. No trump: North has led the 2 of
    spades; East's ace beats it and South's 3, then East cashes the aces of hearts and
    diamonds (West holds the second best of each): all 3 tricks are East-West's. The
    value alone is two zero-window tests (2 tricks? 3?), each settled at the root by the
    bound, before a card is searched."""
    pos = Position(tuple(CardSet.parse(h) for h in ("4C 3C", "AS AH AD", "3S KC QC",
                                                    "4S KH KD")),
                   leader=0, trick=(Card.parse("2S"),))
    r = solve(pos, MaxTricks((1, 3)), engine=engine, by_card=False)
    assert r.value == 3 and r.stats["nodes"] == 2
    s = Searcher(pos, MaxTricks((1, 3)), numba=engine == "numba")
    _, mb, _, _ = s.args()
    assert s.kernels.second_hand(s.H, s.J, s.T, s.S, s.C, mb, 0, 2, 3) == 3
    assert s.kernels.second_hand(s.H, s.J, s.T, s.S, s.C, mb, 0, 1, 2) == 2  # enough
    # Read: the ace of spades (over the 2 and the 3) and the ace of hearts.
    assert {str(c) for c in CARDS if int(mb[K.WR_AT]) >> c.index & 1} == {"AS", "AH"}
    # Hearts trump: East, void in spades, ruffs the ace with the 2 of hearts; South must
    # follow with the 3 of spades. One trick, sure; with trumps nothing more is counted.
    pos = Position(tuple(CardSet.parse(h) for h in ("", "2H", "3S", "4S")),
                   leader=0, trick=(Card.parse("AS"),), trump=Suit.HEARTS)
    r = solve(pos, MaxTricks((1, 3)), engine=engine, by_card=False)
    assert r.value == 1 and r.stats["nodes"] == 1
    # South void too, with the 3 of hearts: it overruffs, and the bound does not apply.
    pos = Position(tuple(CardSet.parse(h) for h in ("", "2H", "3H", "4S")),
                   leader=0, trick=(Card.parse("AS"),), trump=Suit.HEARTS)
    s = Searcher(pos, MaxTricks((1, 3)), numba=engine == "numba")
    _, mb, _, _ = s.args()
    assert s.kernels.second_hand(s.H, s.J, s.T, s.S, s.C, mb, 0, 0, 1) == -1
    assert solve(pos, MaxTricks((1, 3)), engine=engine).value == 0


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_merged_run_is_kept_whole_only_where_a_read_rank_would_cut_it(engine):
    """The hand holds K Q J and 2 of spades; the A and the 3 are live elsewhere: K Q J is
    one run (searched as the K, its lowest card the J). Reading the Q's rank (or the K's)
    would let the table serve a position where the J is no longer next to them, so the J
    is kept too; reading only the A, or the J itself, needs nothing more."""
    k = Searcher(Position.from_pbn("N:AK2... QJ3... 654... 987...", leader=0), MaxTricks(0),
                 numba=engine == "numba").kernels

    def mask(text):
        return CardSet.parse(text).mask

    hand, live, merged = mask("KS QS JS 2S"), mask("AS KS QS JS 3S 2S"), mask("JS")
    assert k.runs_read(hand, live, merged, mask("QS")) == mask("JS")
    assert k.runs_read(hand, live, merged, mask("KS 3S")) == mask("JS")
    assert k.runs_read(hand, live, merged, mask("AS")) == 0
    assert k.runs_read(hand, live, merged, mask("JS")) == 0


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_void_hand_discards_as_dds_weighs_it(engine):
    """Hand-computed with DDS's ``WeightAllocNTVoid2`` (no trump, South third to a spade,
    void): a suit's length x 64 / 24, less the card's rank (2 = 0 ... A = 12), less 4 for
    the K of K2 (the second-best heart, North holds the ace) or the bare top diamond.
    Clubs (3 cards): 9 -> 8 - 7 = 1, 7 -> 3, 5 -> 5; hearts (2): K -> 5 - 11 - 4 = -10,
    2 -> 5 - 0 - 4 = 1; the ace of diamonds: 2 - 12 - 4 = -14. Heaviest first, ties in
    the moves' order (clubs before hearts)."""
    pos = Position(tuple(CardSet.parse(h) for h in (
        "QS AH 3H 8C 6C", "JS QH KD 4C 3C", "KH 2H AD 9C 7C 5C", "TS 9S QD JD TC 2C")),
        leader=0, trick=(Card.parse("AS"), Card.parse("KS")))
    s = Searcher(pos, MaxTricks((0, 2)), numba=engine == "numba")
    k = s.kernels
    _, mb, _, _ = s.args()
    n = k.node_moves(s.H, s.J, s.T, s.S, s.C, s.KID, mb, 0, 2, -2, 0)
    assert [str(CARDS[int(mb[i])]) for i in range(n)] == ["5C", "7C", "9C", "2H", "KH", "AD"]


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_void_hand_under_a_ruff_discards_before_it_underruffs(engine):
    """Hearts trump: East has ruffed North's ace of spades with the ace of hearts, and
    South, void, cannot win the trick. Its losing cards by the same weights (length x 64
    / 24 less the rank): 5C 5, 7C 3, 9C 1, the bare ace of diamonds -14; the 2 of hearts,
    an underruff, last (card order alone would throw it first)."""
    pos = Position(tuple(CardSet.parse(h) for h in (
        "KS 3H 8C 6C", "KH KD 4C 3C", "2H AD 9C 7C 5C", "QS JS QD TC 2C")),
        leader=0, trick=(Card.parse("AS"), Card.parse("AH")), trump=Suit.HEARTS)
    s = Searcher(pos, MaxTricks((0, 2)), numba=engine == "numba")
    _, mb, _, _ = s.args()
    n = s.kernels.node_moves(s.H, s.J, s.T, s.S, s.C, s.KID, mb, 0, 2, -2, 0)
    assert [str(CARDS[int(mb[i])]) for i in range(n)] == ["5C", "7C", "9C", "AD", "2H"]


def weights_and_order(pos, engine, weight, seat, cards):
    """The follower weight ``weight`` (a kernel's name) of each of ``cards`` for ``seat``,
    and the order ``node_moves`` gives that seat's moves (North-South the hero side)."""
    s = Searcher(pos, MaxTricks((0, 2)), numba=engine == "numba")
    k = s.kernels
    fn = getattr(k, weight)
    if weight == "follow_weight_nt":
        weights = [fn(s.H, s.T, s.S, seat, Card.parse(c).index) for c in cards]
    else:
        weights = [fn(s.H, s.T, s.S, s.C, seat, Card.parse(c).index) for c in cards]
    _, mb, _, _ = s.args()
    n = k.node_moves(s.H, s.J, s.T, s.S, s.C, s.KID, mb, 0, seat, -2, 0)
    return weights, [str(CARDS[int(mb[i])]) for i in range(n)]


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_the_second_hand_covers_as_dds_weighs_it(engine):
    """Hand-computed with DDS's ``WeightAllocNTNotvoid1`` (no trump; North led the 5 of
    spades, East second; West, East's partner, holds only the 9 and 2, so cannot beat
    South's queen). The ace (DDS rank 14) beats both opponents: 81 - 14 = 67. The J-T
    (one move, the jack) covers the lead but not the queen, a sequence: 10 + its place
    among the live spades (3rd) = 13. The 3, under South's lowest: -3 + 8th = 5. Our own
    groups would have played the 3 before the jack."""
    pos = Position(tuple(CardSet.parse(h) for h in (
        "AH KH QH", "AS JS TS 3S", "QS 4S 2H 3H", "9S 2S 4H 5H")),
        leader=0, trick=(Card.parse("5S"),))
    assert weights_and_order(pos, engine, "follow_weight_nt", 1, ("AS", "JS", "3S")) == (
        [67, 13, 5], ["AS", "JS", "3S"])


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_the_second_hand_with_trumps_weighs_as_dds(engine):
    """Hand-computed with DDS's ``WeightAllocTrumpNotvoid1`` (hearts trump; North led the
    5 of spades, East second; South holds Q 4, West, East's partner, A 2). West's ace
    beats both opponents, so either of East's cards wins the trick for its side. The
    jack (DDS rank 11) covers, under the partner's ace: 78 - 11 = 67. The 3, under
    South's lowest, is the partner's to win: 40 + its place among the live spades (6th)
    = 46. Our own groups would have played the 3 first, leaving the trick to West."""
    pos = Position(tuple(CardSet.parse(h) for h in (
        "KH QH", "JS 3S 2D", "QS 4S 3D", "AS 2S 4D")),
        leader=0, trick=(Card.parse("5S"),), trump=Suit.HEARTS)
    assert weights_and_order(pos, engine, "second_weight_trump", 1, ("JS", "3S")) == (
        [67, 46], ["JS", "3S"])


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_the_sure_trumps_read_only_the_trumps_above_the_lower_top(engine):
    """Hearts trump. North-South hold A 9 5, East-West K Q 2: North's ace is sure (above
    the K), East-West's K and Q are not (under the A); what decided it is the A and the K,
    not the Q, the 9 or the small ones. With no trump on one side, no rank decides."""
    pos = Position(tuple(CardSet.parse(h) for h in ("AH 9H", "KH QH", "5H 2C", "2H 3C")),
                   leader=0, trump=Suit.HEARTS)
    s = Searcher(pos, MaxTricks((0, 2)), numba=engine == "numba")
    k = s.kernels
    assert tuple(k.sure_trumps(s.H, s.C)) == (1, 0)
    read = int(k.trumps_read(s.H, s.C, int(s.S[K.S_LIVE])))
    assert {str(c) for c in CARDS if read >> c.index & 1} == {"AH", "KH"}
    pos = Position(tuple(CardSet.parse(h) for h in ("AH 9H", "KC QC", "5H 2C", "2D 3C")),
                   leader=0, trump=Suit.HEARTS)
    s = Searcher(pos, MaxTricks((0, 2)), numba=engine == "numba")
    assert s.kernels.trumps_read(s.H, s.C, int(s.S[K.S_LIVE])) == 0


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_the_third_hand_with_trumps_overtakes_a_partner_the_fourth_would_beat(engine):
    """Hand-computed with DDS's ``WeightAllocTrumpNotvoid2`` (hearts trump): North led the
    queen of spades, East played the 3; West, fourth, holds the king. South's ace wins for
    sure: 60 - 14 = 46; the 4 is low: -4. So South overtakes first, where our own groups
    played low under a partner winning so far."""
    pos = Position(tuple(CardSet.parse(h) for h in ("2H 3H", "2D 3D", "AS 4S 4D",
                                                    "KS 5S 5D")),
                   leader=0, trick=(Card.parse("QS"), Card.parse("3S")), trump=Suit.HEARTS)
    assert weights_and_order(pos, engine, "third_weight_trump", 2, ("AS", "4S")) == (
        [46, -4], ["AS", "4S"])


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_void_third_hand_ruffs_a_partner_the_fourth_would_beat(engine):
    """Hand-computed with DDS's ``WeightAllocTrumpVoid2`` (hearts trump): North led the
    queen of spades, East played the 3; South is void, and West, fourth, holds the king.
    The ruff with the 5 of hearts: 36 (North holds the second-best spade) - 5 + one heart
    x 64 / 50 = 32; the discard of the 4-3 of diamonds: two diamonds x 64 / 40 - 4 = -1.
    So South ruffs first, where our own groups discarded under a partner winning so far."""
    pos = Position(tuple(CardSet.parse(h) for h in ("2H 3H", "2C 3C", "5H 4D 3D",
                                                    "KS 2S 5C")),
                   leader=0, trick=(Card.parse("QS"), Card.parse("3S")), trump=Suit.HEARTS)
    assert weights_and_order(pos, engine, "third_void_weight_trump", 2, ("5H", "4D")) == (
        [32, -1], ["5H", "4D"])


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_leads_are_weighed_as_dds_weighs_them(engine):
    """Hand-computed with DDS's ``WeightAllocNT0`` (no trump, North leads for North-South,
    three tricks left). Each suit starts at -(opponents' cards x 4 x 32) / 19 = -20.
    A: top card, East (next) holds the second-best spade: +22 = 2, then 18 + its relative
    rank 14 = 34. 2: not a winner, North holds the top: -17 + rank 9 = -28. 3: East's ace
    is a singleton and South holds the second best: +31 = 11, then 28 + rank 9 = 48.
    So the hearts lead first, then the ace of spades."""
    pos = Position(tuple(CardSet.parse(h) for h in ("AS 2S 3H", "KS 3S AH", "QS KH 4H",
                                                    "JS QH 5H")), leader=0)
    s = Searcher(pos, MaxTricks((0, 2)), numba=engine == "numba")
    k = s.kernels
    weight = {c: k.lead_weight_nt(s.H, s.S, 0, Card.parse(c).index, 3, -1)
              for c in ("AS", "2S", "3H")}
    assert weight == {"AS": 34, "2S": -28, "3H": 48}
    # The killer (the lead that last cut at this ply) weighs 126 more as a winner.
    assert k.lead_weight_nt(s.H, s.S, 0, Card.parse("AS").index, 3, Card.parse("AS").index) \
        == 34 + 126
    _, mb, _, _ = s.args()
    n = k.node_moves(s.H, s.J, s.T, s.S, s.C, s.KID, mb, 0, 0, -2, 0)
    assert [str(CARDS[int(mb[i])]) for i in range(n)] == ["3H", "AS", "2S"]


@pytest.mark.parametrize("batch", sampled(range(3), 3))
def test_both_paths_run_the_same_search(batch, monkeypatch):
    """With tables of one size the two paths visit the same nodes and hit the table alike:
    one search, not two kept in step (the hashes agree because no step overflows)."""
    monkeypatch.setattr(search, "TT_BITS", search.TT_BITS_PYTHON)
    monkeypatch.setattr(search, "_TABLES", {})
    rng = random.Random(6000 + batch)
    for _ in range(10):
        pos, goal = random_case(rng)
        a = solve(pos, goal, engine="python")
        b = solve(pos, goal, engine="numba")
        assert (a.stats["nodes"], a.stats["tt_hits"]) == (b.stats["nodes"], b.stats["tt_hits"])


def test_engine_choice(monkeypatch):
    pos = random_position(random.Random(3), 4, 3)
    monkeypatch.setattr(search, "warming", lambda: False)  # a browser test's app may warm
    assert solve(pos, MaxTricks(0)).stats["engine"] == "numba"
    monkeypatch.setenv("TRIX_TUTOR_SOLVER", "python")
    assert solve(pos, MaxTricks(0)).stats["engine"] == "python"
    assert solve(pos, MaxTricks(0), engine="numba").stats["engine"] == "numba"
    with pytest.raises(ValueError):
        solve(pos, MaxTricks(0), engine="fortran")


def test_line_is_lazy_and_stable():
    pos = random_position(random.Random(4), 4, 5, mid_trick=False)
    r = solve(pos, MaxTricks((0, 2)), engine="numba")
    assert r._line is None  # not worked out until asked for
    first = r.line
    assert len(first) == 20 and r.line is first
    assert solve(pos, MaxTricks((0, 2)), engine="numba").line == first


def test_importing_tutor_does_not_import_numba():
    env = dict(os.environ, TRIX_TUTOR_SOLVER="python")
    code = ("import sys, tutor, tutor.solver; from tutor.solver import Position, solve, MaxTricks;"
            "p = Position.from_pbn('N:AK... QJ... T9... 87...');"
            "assert solve(p, MaxTricks(0)).value == 2; print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env).stdout
    assert out.strip() == "False"


def test_compiled_bit_counts_match_python():
    # The fast path's popcount and msb are LLVM's ctpop and ctlz, not Python's int methods.
    from tutor.solver._fast import KERNELS

    rng = random.Random(5)
    values = [1, 2, 3, (1 << 52) - 1, 1 << 62, (1 << 63) - 1] + [
        rng.getrandbits(rng.randrange(1, 64)) | 1 for _ in range(200)]
    for x in values:
        assert KERNELS.popcount(x) == x.bit_count(), x
        assert KERNELS.msb(x) == x.bit_length() - 1, x
    assert KERNELS.popcount(0) == 0


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_bound_reads_only_what_settles_the_window(engine):
    """Hand-counted (no trump): North leads A K of spades over East's Q J 10 (2 quick
    tricks: only the A and K are read, wherever the Q lies), then A K Q of hearts over
    East's J 10 (3 more: the A and K draw East's two, so only they are read): 5 in all.
    To make 2 only the spades are read, and 2 is returned, not 5: the reasons cover no
    more. Made already or out of reach: nothing is read."""
    pos = Position(tuple(CardSet.parse(h) for h in (
        "AS KS AH KH QH", "QS JS TS JH TH", "2D 3D 4D 5D 6D", "2C 3C 4C 5C 6C")), leader=0)
    s = Searcher(pos, MaxTricks((0, 2)), numba=engine == "numba")
    k = s.kernels
    assert k.quick_tricks(s.H, s.S, s.C) == 5
    parts = k.max_bounds(s.H, s.J, s.S, s.C)

    def why(alpha, beta):
        r, v = k.bounds_why(s.H, s.J, s.S, s.C, alpha, beta, *parts)
        return {str(c) for c in CARDS if int(r) >> c.index & 1}, int(v)

    assert why(1, 2) == ({"AS", "KS"}, 2)
    assert why(2, 3) == ({"AS", "KS", "AH", "KH"}, 3)
    assert why(-1, 0) == (set(), 0)
    assert why(5, 6) == (set(), 5)
    # East-West's side: they take none of the 5 (North cashes them all), so the spades
    # and the hearts are read, and the value returned is 0.
    s = Searcher(pos, MaxTricks((1, 3)), numba=engine == "numba")
    lo, hi = k.bounds(s.H, s.J, s.S, s.C, s.PTS)
    parts = k.max_bounds(s.H, s.J, s.S, s.C)
    assert (lo, hi) == (0, 0)
    r, v = k.bounds_why(s.H, s.J, s.S, s.C, 0, 1, *parts)
    assert v == 0 and int(r) == CardSet.parse("AS KS AH KH").mask
    assert solve(pos, MaxTricks((0, 2)), engine=engine).value == 5


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_the_quick_tricks_through_a_partner_read_its_entry_card(engine):
    """Hand-counted (no trump): South leads a diamond to North's ace (the entry), and
    North's 7 of hearts to South's jack: 2 tricks. Who holds the ace of diamonds decides
    it (South's own diamonds take nothing), so the ace is read with the top heart (the 7
    is not: any heart of North's goes under the jack). Once only the jack was read: the
    table then served this count where East held the ace."""
    pos = Position(tuple(CardSet.from_pbn(h) for h in
                         ("63.7.A.", "T92..3.", ".J.T65.", "AJ..KJ.")), leader=2)
    s = Searcher(pos, MaxTricks((0, 2)), numba=engine == "numba")
    k = s.kernels
    assert k.quick_tricks(s.H, s.S, s.C) == 2
    parts = k.max_bounds(s.H, s.J, s.S, s.C)
    r, v = k.bounds_why(s.H, s.J, s.S, s.C, 1, 2, *parts)
    assert v == 2 and int(r) == CardSet.parse("AD JH").mask
    assert solve(pos, MaxTricks((0, 2)), engine=engine).value == 2


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_sure_trumps_read_only_the_trumps_they_count(engine):
    """Hand-counted (hearts trump): North's A K of hearts are above East's Q, the only
    trump East-West hold: 2 sure tricks. One trick needs only the ace read, two need the A
    and K (the Q lies below them, wherever it is); East-West, who take at most 1, read the
    same two. When East-West hold no trump, no rank is read at all."""
    pos = Position(tuple(CardSet.parse(h) for h in
                         ("AH KH 2C", "QH 3C 4C", "2H 5C 6C", "7C 8C 9C")),
                   leader=0, trump=Suit.HEARTS)

    def why(goal, alpha, beta):
        s = Searcher(pos, goal, numba=engine == "numba")
        k = s.kernels
        parts = k.max_bounds(s.H, s.J, s.S, s.C)
        r, v = k.bounds_why(s.H, s.J, s.S, s.C, alpha, beta, *parts)
        return {str(c) for c in CARDS if int(r) >> c.index & 1}, int(v)

    assert why(MaxTricks((0, 2)), 0, 1) == ({"AH"}, 1)
    assert why(MaxTricks((0, 2)), 1, 2) == ({"AH", "KH"}, 2)
    assert why(MaxTricks((1, 3)), 1, 2) == ({"AH", "KH"}, 1)
    assert solve(pos, MaxTricks((0, 2)), engine=engine).value == 2
    pos = Position(tuple(CardSet.parse(h) for h in
                         ("AH KH 2C", "3D 3C 4C", "2H 5C 6C", "7C 8C 9C")),
                   leader=0, trump=Suit.HEARTS)
    assert why(MaxTricks((0, 2)), 1, 2) == (set(), 2)
