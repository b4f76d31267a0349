"""Random-play conformance for Trixter: thousands of hands with every invariant checked
at every step (in the manner of OpenSpiel's random simulation tests)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from sizes import sized

from tutor import (JOKER, Bid, Card, CardSet, ChooseTrump, IllegalActionError, Phase, Play,
                   TrixterGame, TrixterRules)
from tutor.engine.trixter import MAX_PLAYERS, jokers_for, schedule


CARD_TEXTS = {str(c) for c in CardSet.deck(1)} | {c.symbol() for c in CardSet.deck(1)}


def card_texts(obj: Any) -> set[str]:
    """Every string in an observation that names a card (as ``str`` or ``symbol``)."""
    strings = set(re.findall(r'"((?:[^"\\]|\\.)*)"', json.dumps(obj, ensure_ascii=False)))
    return {str(Card.parse(t)) for t in strings & CARD_TEXTS}


def fingerprint(g: TrixterGame) -> tuple:
    return (g.phase, g.to_move, tuple(g.hands), g.undealt, tuple(g.trick), len(g.tricks),
            tuple(g.bids), g.trump, tuple(g.scores), tuple(g.tricks_won), len(g.history),
            g.dealer, g.hand_size, tuple(g.names))


def random_illegal(g: TrixterGame, rng: random.Random):
    """An action the rules refuse now, with the seat to try it for."""
    seat = g.to_move
    legal = set(g.legal_actions())
    if g.phase == Phase.PLAY:
        candidates = [Play(c) for c in CardSet.deck(1) if Play(c) not in legal]
    elif g.phase == Phase.BID:
        candidates = [Bid(g.hand_size + 1), Bid(-1), ChooseTrump(None)] \
            if not g.rules.allow_no_trump else [Bid(g.hand_size + 1)]
    else:
        candidates = [Bid(0), Play(Card.parse("AS"))]
    action = rng.choice(candidates)
    if seat is not None and rng.random() < 0.3:  # another seat tries to act out of turn
        other = (seat + rng.randrange(1, g.n_players)) % g.n_players
        if not g.is_legal(action, other) and action not in g.legal_actions(other):
            return action, other
    return action, seat


def check_step(g: TrixterGame, rng: random.Random, roundtrip: bool) -> None:
    n = g.n_players
    dealt_to = len(g.deals[-1])  # a joiner sits out the finished hand
    # Cards are conserved: hands + played cards + undealt = the deck for this table.
    played = [c for t in g.tricks for _, c in t] + [c for _, c in g.trick]
    everything = CardSet(played)
    total = len(played) + len(g.undealt)
    for h in g.hands:
        everything = everything + h
        total += len(h)
    everything = everything + g.undealt
    assert total == 52 + jokers_for(dealt_to)
    assert everything == CardSet.deck(jokers_for(dealt_to))
    assert sum(len(h) for h in g.hands) + len(played) == dealt_to * g.hand_size
    assert len(g.hands) == len(g.bids) == len(g.tricks_won) == n
    # One seat is to move (nobody between hands), and it has something to do.
    legal = g.legal_actions()
    if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        assert g.to_move is None
    else:
        assert g.to_move in range(n)
        assert legal
    if g.phase == Phase.GAME_OVER:
        assert legal == []
    # Every listed action is accepted by the validator, and one really applies.
    for a in legal:
        assert g.why_illegal(a) is None, a
    if legal:
        probe = g.clone()
        probe.apply(rng.choice(legal))
        assert len(probe.history) == len(g.history) + 1
    # An illegal action raises and changes nothing.
    if g.phase != Phase.GAME_OVER:
        before = fingerprint(g)
        action, seat = random_illegal(g, rng)
        try:
            g.apply(action, seat=seat)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"illegal {action} for seat {seat} was applied")
        assert fingerprint(g) == before
    # observe leaks nothing: only the seat's own cards and the played ones.
    public = {str(c) for c in played}
    for seat in range(n):
        seen = card_texts(g.observe(seat))
        own = {str(c) for c in g.hands[seat]}
        assert seen <= own | public, (seat, seen - own - public)
    # The record reproduces the state.
    if roundtrip:
        again = TrixterGame.from_json(g.to_json())
        assert fingerprint(again) == fingerprint(g)
        assert again.to_record() == g.to_record()
        seat = rng.randrange(n)
        assert again.observe(seat) == g.observe(seat)


def random_rules(rng: random.Random) -> TrixterRules:
    return TrixterRules(hook=rng.random() < 0.5, allow_no_trump=rng.random() < 0.3,
                        first_lead=rng.choice(["left_of_dealer", "dealer"]),
                        scoring=rng.choice(["exact", "tricks_if_missed", "squared"]))


def choose(g: TrixterGame, rng: random.Random):
    """Random play that sometimes changes a bid or trump, when the rules allow it."""
    legal = g.legal_actions()
    if g.phase in (Phase.BID, Phase.PLAY) and rng.random() < 0.1:
        for seat in rng.sample(range(g.n_players), g.n_players):
            if seat != g.to_move:
                changes = g.legal_actions(seat)
                if changes:
                    return rng.choice(changes), seat
    return rng.choice(legal), None


def play_hands(g: TrixterGame, rng: random.Random, hands: int, roundtrip_every: int) -> int:
    played = 0
    step = 0
    while True:
        step += 1
        check_step(g, rng, roundtrip=step % roundtrip_every == 0 or g.phase == Phase.HAND_OVER)
        if g.phase == Phase.GAME_OVER:
            return played + 1
        if g.phase == Phase.HAND_OVER:
            played += 1
            # The hand's points follow the scoring rule exactly.
            row = g.score_sheet()[-1]
            seated = [s for s in range(g.n_players) if row["bids"][s] is not None]
            assert sum(row["tricks"][s] for s in seated) == row["hand_size"]
            for s in seated:
                assert row["points"][s] == g.rules.score(row["bids"][s], row["tricks"][s])
            if played >= hands:
                return played
            if rng.random() < 0.05 and g.n_players < MAX_PLAYERS:
                g.add_player(f"Joiner {g.n_players}")
                continue
        action, seat = choose(g, rng)
        g.apply(action, seat=seat)


HANDS = sized(600, 2100)  # tests/sizes.py: the first hands of each part in `make test`


@pytest.mark.slow
@pytest.mark.sized
@pytest.mark.parametrize("part", range(4))
def test_two_thousand_random_hands_every_step(part):
    """2,100 complete hands (600 in `make test`) over every player count and option,
    starting anywhere in the schedule; every invariant and the JSON round trip checked at
    every step. In four parts (seeds 2026 to 2029) that run on different cores, each over
    every player count."""
    rng = random.Random(2026 + part)
    hands = 0
    games = 0
    while hands < HANDS // 4:
        n = 3 + games % 6
        first = rng.randrange(1, len(schedule(n)) + 1)
        g = TrixterGame.new(players=n, seed=rng.randrange(10**9), rules=random_rules(rng),
                            first_hand=first)
        hands += play_hands(g, rng, hands=rng.choice([1, 1, 2, 3]), roundtrip_every=1)
        games += 1
    assert hands >= HANDS // 4 and games >= 6


@pytest.mark.slow
def test_whole_games_every_player_count():
    """One whole game per player count (and a second with joiners), every invariant at
    every step, the JSON round trip every 25 steps and at every hand's end."""
    rng = random.Random(7)
    for n in range(3, 9):
        g = TrixterGame.new(players=n, seed=n, rules=random_rules(rng))
        play_hands(g, rng, hands=10**6, roundtrip_every=25)
        assert g.is_over
        assert len(g.score_sheet()) >= 1
        if g.n_players == n:
            assert [r["hand_size"] for r in g.score_sheet()] == schedule(n)


def test_jokers_reach_play():
    """Random play with 5 to 8 players leads and plays jokers (the rules are exercised)."""
    rng = random.Random(3)
    led = followed = 0
    for i in range(200):
        g = TrixterGame.new(players=5 + i % 4, seed=i, first_hand=rng.randrange(3, 8))
        while g.phase != Phase.HAND_OVER:
            action, seat = choose(g, rng)
            if isinstance(action, Play) and action.card is JOKER and seat is None:
                if not g.trick:
                    led += 1
                    assert g.hands[g.to_move].mask == 0
                else:
                    followed += 1
            g.apply(action, seat=seat)
    assert followed > 50 and led >= 1
