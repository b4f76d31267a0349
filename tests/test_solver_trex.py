"""The Trex solver (TrexPlace on TrexPosition): known answers worked out by hand, a plain
minimax written here from RULES.md A6, and principal lines replayed through TrixGame.

The oracle works on (suit, rank) tuples, rows as (low, high) pairs and frozensets, with
no pruning or table beyond a cache, so it shares nothing with the solver but Card."""

from __future__ import annotations

import random
from functools import cache

import pytest
from sizes import sampled

from tutor import Phase, TrixGame
from tutor.engine.actions import ClaimRedeal, Play
from tutor.engine.cards import Card, CardSet, Rank, Suit
from tutor.engine.errors import ParseError
from tutor.solver import TrexPlace, TrexPosition, solve
from tutor.engine.trix.trex import Layout

JACK, ACE, TWO = 11, 14, 2


# --- the oracle ------------------------------------------------------------------------
def fits(rows, card) -> bool:
    s, r = card
    row = rows[s]
    if row is None:
        return r == JACK
    return r == row[1] + 1 or r == row[0] - 1


def put(rows, card):
    s, r = card
    row = rows[s]
    new = (r, r) if row is None else (min(row[0], r), max(row[1], r))
    return rows[:s] + (new,) + rows[s + 1:]


def next_in(seat, out):
    seat = (seat + 1) % 4
    while seat in out:
        seat = (seat + 1) % 4
    return seat


def oracle_value(hands, rows, seat, out, hero) -> int:
    """Sum of the final places of ``hero``'s seats, ``hero`` minimizing, the rest
    maximizing; ``hands`` are frozensets of (suit, rank)."""

    @cache
    def go(hands, rows, seat, out):
        if len(out) == 3:
            order = out + tuple(s for s in range(4) if s not in out)
            return sum(order.index(s) + 1 for s in hero)
        for _ in range(4):  # passes until someone can play (somebody always can)
            playable = [c for c in hands[seat] if fits(rows, c)]
            if playable:
                break
            seat = next_in(seat, out)
        assert playable, "nobody can play"
        vals = [go(*after(hands, rows, seat, out, c)) for c in playable]
        return min(vals) if seat in hero else max(vals)

    return go(hands, rows, seat, out)


def after(hands, rows, seat, out, card):
    h = hands[seat] - {card}
    nh = hands[:seat] + (h,) + hands[seat + 1:]
    nout = out + (seat,) if not h else out
    return nh, put(rows, card), next_in(seat, nout), nout


def as_oracle(pos: TrexPosition):
    hands = tuple(frozenset((int(c.suit), int(c.rank)) for c in h) for h in pos.hands)
    rows = tuple(None if r is None else (int(r[0]), int(r[1])) for r in pos.layout.rows)
    return hands, rows, pos.to_move, tuple(pos.out)


def random_position(rng: random.Random, most: int) -> TrexPosition:
    """Take cards off the ends of a complete layout (a jack last), then deal them out:
    up to ``most`` cards a hand, 0 to 2 seats already out."""
    n_out = rng.choice([0, 0, 1, 1, 2])
    out = tuple(rng.sample(range(4), n_out))
    active = [s for s in range(4) if s not in out]
    room = len(active) * most
    total = max(rng.randrange(len(active), room + 1) for _ in range(2))
    rows = [(TWO, ACE)] * 4
    held = []
    if room >= 14 and rng.random() < 0.2:  # a whole suit still in the hands, jack too
        s = rng.randrange(4)
        rows[s] = None
        held = [Card(Suit(s), Rank(r)) for r in range(TWO, ACE + 1)]
        total = max(total, 13 + rng.randrange(1, room - 12))
    while len(held) < total:
        s = rng.randrange(4)
        row = rows[s]
        if row is None:
            continue
        lo, hi = row
        ends = ([("lo", lo)] if lo < JACK else []) + ([("hi", hi)] if hi > JACK else [])
        if not ends:  # only the jack is left: it may go too
            if rng.random() < 0.3:
                rows[s] = None
                held.append(Card(Suit(s), Rank(JACK)))
            continue
        end, r = rng.choice(ends)
        rows[s] = (lo + 1, hi) if end == "lo" else (lo, hi - 1)
        held.append(Card(Suit(s), Rank(r)))
    rng.shuffle(held)
    hands: list[list[Card]] = [[] for _ in range(4)]
    for s, c in zip(active, held):
        hands[s].append(c)
    for c in held[len(active):]:
        hands[rng.choice([s for s in active if len(hands[s]) < most])].append(c)
    # Mostly a seat with a choice to make, when there is one.
    rows_t = tuple(rows)
    choosers = [s for s in active
                if sum(fits(rows_t, (int(c.suit), int(c.rank))) for c in hands[s]) > 1]
    to_move = rng.choice(choosers if choosers and rng.random() < 0.7 else active)
    return TrexPosition(tuple(CardSet(h) for h in hands), layout=Layout(rows_t),
                        to_move=to_move, out=out)


def check(pos: TrexPosition, goal: TrexPlace) -> None:
    hero = frozenset((goal.seat,)) if isinstance(goal.seat, int) else frozenset(goal.seat)
    result = solve(pos, goal)
    hands, rows, seat, out = as_oracle(pos)
    assert result.value == oracle_value(hands, rows, seat, out, hero), (pos, goal)
    playable = {c for c in hands[seat] if fits(rows, c)}
    assert {(int(c.suit), int(c.rank)) for c in result.by_card} == playable
    for card, v in result.by_card.items():
        child = after(hands, rows, seat, out, (int(card.suit), int(card.rank)))
        assert v == oracle_value(*child, hero), (pos, goal, card)
    replay_line(pos, result.line, goal, result.value)


def replay_line(pos: TrexPosition, line, goal: TrexPlace, value: int) -> None:
    """Follow the line through the oracle's rules: legal, to the deal's end, making the value."""
    hands, rows, seat, out = as_oracle(pos)
    for card in line:
        assert len(out) < 3
        playable = [c for c in hands[seat] if fits(rows, c)]
        if card is None:
            assert not playable
            seat = next_in(seat, out)
            continue
        c = (int(card.suit), int(card.rank))
        assert c in playable
        hands, rows, seat, out = after(hands, rows, seat, out, c)
    assert len(out) == 3
    order = out + tuple(s for s in range(4) if s not in out)
    seats = (goal.seat,) if isinstance(goal.seat, int) else goal.seat
    assert sum(order.index(s) + 1 for s in seats) == value


# 300 positions, every fifth of them in the quick lane (tests/sizes.py), all in `make test`.
CASES = sampled(range(300), 5)


@pytest.mark.parametrize("i", CASES)
def test_trex_place_matches_minimax(i):
    rng = random.Random(7000 + i)
    pos = random_position(rng, 4 if i % 3 else 5)
    check(pos, TrexPlace(rng.randrange(4)))
    check(pos, TrexPlace((0, 2) if i % 2 else (1, 3)))


# --- known answers -----------------------------------------------------------------------
# North holds the three closed rows' jacks; East, South and West each hold one of those
# suits (all but the jack); the clubs are all down.
JACKS = TrexPosition.from_pbn(
    "N:J.J.J. AKQT98765432... .AKQT98765432.. ..AKQT98765432.", to_move=0)


def test_the_seat_with_the_only_jacks_goes_out_first():
    assert str(JACKS.layout) == "♠ —  ♥ —  ♦ —  ♣ 2–A"
    r = solve(JACKS, TrexPlace(0))
    assert r.value == 1 and r.by_card == {Card.parse(j): 1 for j in ("JS", "JH", "JD")}
    # Each of the others, once its suit is open, plays every turn: the jack holder decides
    # who follows it out, so against East it opens spades last.
    r = solve(JACKS, TrexPlace(1))
    assert r.value == 4 and r.by_card == {Card.parse("JS"): 2, Card.parse("JH"): 4,
                                          Card.parse("JD"): 4}
    assert solve(JACKS, TrexPlace(3)).value == 4
    assert solve(JACKS, TrexPlace((0, 2))).value == 1 + 2  # hearts first: South is second
    assert TrexPlace((1, 3)).points(solve(JACKS, TrexPlace((1, 3))).value) == 100 + 50


# West is out. North holds the J♥ and two clubs; East only needs the Q♥; South holds the
# other hearts. Playing the clubs first keeps East from going out before North.
BLOCK = TrexPosition.from_pbn("N:.J..32 .Q.. .AKT98765432.. ...", to_move=0, out=(3,))


def test_holding_the_jack_blocks_a_seat():
    r = solve(BLOCK, TrexPlace(1))
    assert r.value == 3
    assert r.by_card == {Card.parse("JH"): 2, Card.parse("3C"): 3}
    assert [str(c) if c else "pass" for c in r.line] == [
        "3C", "pass", "pass", "2C", "pass", "pass", "JH", "QH"]
    assert solve(BLOCK, TrexPlace(0)).value == 2  # North itself: second, after West
    assert solve(BLOCK, TrexPlace(2)).value == 4
    assert solve(BLOCK, TrexPlace((1, 3))).value == 1 + 3


def test_a_seat_that_cannot_play_passes():
    pos = TrexPosition.from_pbn("N:.J..32 .Q.. .AKT98765432.. ...", to_move=1, out=(3,))
    r = solve(pos, TrexPlace(1))
    assert r.by_card == {} and r.line[0] is None
    assert r.value == 3  # South passes too, then North blocks as before


def test_a_seat_already_out_keeps_its_place():
    assert solve(BLOCK, TrexPlace(3)).value == 1
    assert set(solve(BLOCK, TrexPlace(3)).by_card.values()) == {1}
    assert solve(BLOCK, TrexPlace((1, 3))).by_card == {Card.parse("JH"): 3,
                                                        Card.parse("3C"): 4}


# --- positions, validation ----------------------------------------------------------------
def test_position_moves():
    assert [str(c) for c in BLOCK.legal()] == ["JH", "3C"]
    nxt = BLOCK.after("JH")
    assert nxt.to_move == 1 and [str(c) for c in nxt.legal()] == ["QH"]
    gone = nxt.after("QH")
    assert gone.out == (3, 1) and gone.to_move == 2
    assert BLOCK.after("3C").after(None).to_move == 2
    with pytest.raises(ValueError, match="may not pass"):
        BLOCK.after("pass")
    with pytest.raises(ValueError, match="not playable"):
        BLOCK.after("2C")


@pytest.mark.parametrize("text, kw, message", [
    ("N:J... J... .J.. ..J.", {}, "already in another hand"),
    ("N:J... .Q.. .J.. ...", {"layout": "JS", "out": (3,)}, "in the layout and in the hand"),
    ("N:J... .Q.. ..J. ...", {"out": (3,), "layout": "JH"}, "nowhere: "),
    ("N:.9.. .Q.. .K.. ...", {"out": (3,)}, "not one unbroken row through the jack"),
    ("N:.Q.. .K.. .A.. ...", {}, "seat 3 has no cards left"),
    ("N:.Q.. .K.. .A.. ...", {"out": (3,), "to_move": 3}, "seat 3 is out"),
    ("N:.Q.. .K.. .A.. ...", {"out": (2,)}, "seat 2 is out but still holds 1 cards"),
    ("N:.Q.. .K.. .A.. ...", {"out": (3, 3)}, "listed twice"),
    ("N:.Q.. .K.. .A.. ...", {"out": (3,), "to_move": 4}, "to_move must be a seat"),
    ("N:.A.. ... ... ...", {"out": (1, 2, 3)}, "the deal is over"),
    (".Q.. .K.. .A..", {}, "expected 4 hands"),
    ("N:.Q.. .K.. .AX.. ...", {}, "not a rank"),
])
def test_bad_positions_say_why(text, kw, message):
    with pytest.raises(ParseError, match=message):
        TrexPosition.from_pbn(text, **kw)


def test_direct_construction_checks_too():
    with pytest.raises(ValueError, match="4 hands"):
        TrexPosition((CardSet(),) * 3)
    with pytest.raises(ValueError, match="joker"):
        TrexPosition((CardSet.parse("X"),) + (CardSet(),) * 3)
    with pytest.raises(ValueError, match="not a run through the jack"):
        TrexPosition(BLOCK.hands, layout=Layout(((2, 9), None, None, None)), out=(3,))
    with pytest.raises(ValueError, match="seats 0..3"):
        solve(BLOCK, TrexPlace(5))


# --- live games ---------------------------------------------------------------------------
def trex_game(seed: int, plays: int) -> TrixGame:
    """A seeded Trix game whose first deal is Trex, ``plays`` random actions in."""
    rng = random.Random(seed)
    g = TrixGame.new(seed=seed)
    g.apply("contract trex")
    while g.phase == Phase.DOUBLE:
        g.apply(next(a for a in g.legal_actions() if not isinstance(a, ClaimRedeal)))
    for _ in range(plays):
        if g.phase != Phase.TREX:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def play_line(g: TrixGame, line) -> None:
    for card in line:
        g.apply("pass" if card is None else str(card))


def test_principal_lines_replay_in_the_engine():
    checked = 0
    for seed in range(40):
        g = trex_game(seed, plays=random.Random(seed).randrange(20, 36))
        if g.phase != Phase.TREX:
            continue
        pos = TrexPosition.from_game(g)
        hero = g.to_move
        goal = TrexPlace(hero) if seed % 2 else TrexPlace((hero, (hero + 2) % 4))
        r = solve(pos, goal)
        legal = {a.card for a in g.legal_actions() if isinstance(a, Play)}
        assert set(r.by_card) == legal
        play_line(g, r.line)
        assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        seats = (goal.seat,) if isinstance(goal.seat, int) else goal.seat
        assert sum(g.out.index(s) + 1 for s in seats) == r.value
        assert sum(g.score_sheet()[-1]["points"][s] for s in seats) == goal.points(r.value)
        checked += 1
    assert checked >= 30


def test_full_deal_from_the_first_play():
    for seed in (1, 2, 3):
        g = trex_game(seed, plays=0)
        pos = TrexPosition.from_game(g)
        assert sum(len(h) for h in pos.hands) == 52
        r = solve(pos, TrexPlace((0, 2)))
        play_line(g, r.line)
        assert g.phase == Phase.HAND_OVER
        assert g.out.index(0) + g.out.index(2) + 2 == r.value


def test_from_game_needs_a_trex_deal():
    g = TrixGame.new(seed=1)
    with pytest.raises(ValueError, match="not in a Trex deal"):
        TrexPosition.from_game(g)
