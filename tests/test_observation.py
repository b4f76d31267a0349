"""The typed seat view (tutor.engine.observation): what each field holds, its JSON, and
that it holds nothing the seat may not see, over random games of both games."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from tutor import TrixGame, TrixterGame, TrixterRules
from tutor.bots import bot_for, play_bot_turn
from tutor.engine.actions import Action
from tutor.engine.cards import Card, CardSet
from tutor.engine.observation import (Observation, TrixObservation, TrixterObservation,
                                      observation_from_json)
from tutor.engine.protocol import Phase


def random_states(kind: str, seeds=range(6)):
    """Games of ``kind`` stopped at every step of a beginner game (every phase)."""
    for seed in seeds:
        if kind == "trixter":
            rules = TrixterRules(hook=True, allow_no_trump=True) if seed % 2 else TrixterRules()
            g = TrixterGame.new(players=3 + seed % 6, seed=seed, rules=rules, first_hand=4)
        else:
            g = TrixGame.new(seed=seed)
        bots = [bot_for(kind, "beginner", seed=s) for s in range(g.n_players)]
        rng = random.Random(seed)
        for _ in range(160):
            if g.is_over:
                break
            if rng.random() < 0.25:
                yield g
            if g.to_move is None:
                g.next_hand()
                continue
            play_bot_turn(g, bots[g.to_move])


@pytest.mark.parametrize("kind", ["trixter", "trix"])
def test_the_view_is_typed_and_its_json_is_observe(kind):
    cls = TrixterObservation if kind == "trixter" else TrixObservation
    for g in random_states(kind):
        for seat in range(g.n_players):
            o = g.observation(seat)
            assert type(o) is cls and o.KIND == g.KIND == kind
            assert isinstance(o.hand, CardSet) and o.hand == g.hands[seat]
            assert isinstance(o.phase, Phase) and o.phase == g.phase
            assert all(isinstance(a, Action) for a in o.legal)
            assert list(o.legal) == g.legal_actions(seat)
            assert all(isinstance(c, Card) for _, c in o.trick)
            assert o.to_json() == g.observe(seat)
            json.dumps(o.to_json())  # JSON-ready
            assert observation_from_json(o.to_json()) == o  # and back, field for field


def test_the_view_is_frozen_and_answers_for_its_own_seat_only():
    g = TrixterGame.new(players=4, seed=1)
    o = g.observation(2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.seat = 1
    assert o.observation(2) is o and o.legal_actions() == g.legal_actions(2)
    with pytest.raises(ValueError, match="cannot see what seat 1 sees"):
        o.observation(1)
    with pytest.raises(ValueError, match="cannot list seat 3's actions"):
        o.legal_actions(3)
    with pytest.raises(ValueError, match="no seat 9"):
        g.observation(9)
    with pytest.raises(ValueError, match="not an observation of a game the tutor plays"):
        observation_from_json({"game": "bridge"})


@pytest.mark.parametrize("kind", ["trixter", "trix"])
def test_the_view_never_holds_a_hidden_card(kind):
    """Every card the view names is the seat's own, played, taken, shown (a doubled card,
    partnership Trex's 2s, a redeal claim) or in the Trex layout; the other hands appear
    only as empty sets of the right count."""
    for g in random_states(kind, seeds=range(4)):
        for seat in range(g.n_players):
            o = g.observation(seat)
            seen = set(o.hand) | {c for _, c in o.trick} \
                | {c for t in o.tricks for _, c in t}
            if kind == "trix":
                seen |= {c for cards in o.public.values() for c in cards}
                seen |= {c for t in o.taken for c in t} | set(o.layout.cards())
                seen |= {c for c, _ in o.doubles}
                if o.redeal_claim:
                    seen |= {Card.parse(c) for c in o.redeal_claim["hand"]}
            hidden = {c for s, h in enumerate(g.hands) if s != seat for c in h} - seen
            now = {k: v for k, v in o.to_json().items() if k not in ("last_deal", "last_hand")}
            text = json.dumps(now)  # the sheet's last row speaks of a finished deal's cards
            assert not any(f'"{c}"' in text for c in hidden)
            assert [len(h) for h in o.hands] == [len(h) if s == seat else 0
                                                for s, h in enumerate(g.hands)]
            assert o.hand_counts == tuple(len(h) for h in g.hands)


def test_a_position_written_by_hand_needs_only_what_it_uses():
    o = observation_from_json({"game": "trix", "phase": "trex", "hand": ["JS", "2C"],
                               "layout": {"S": None, "H": ["TH", "JH"], "D": None, "C": None},
                               "legal": ["JS"]})
    assert isinstance(o, TrixObservation) and o.phase == Phase.TREX
    assert o.layout.rows[1] == (10, 11) and [str(a) for a in o.legal] == ["JS"]
    t = observation_from_json({"phase": "bid", "trump": "none", "players": ["a", "b", "c"]})
    assert isinstance(t, Observation) and t.KIND == "trixter"
    assert t.trump is None and t.trump_named and t.bids == (None, None, None)
