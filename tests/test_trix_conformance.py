"""Random-play conformance for Trix: 200+ whole games with random options, with the
invariants of RULES.md part A checked at every step."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from sizes import LONG, sized

from tutor import (Card, CardSet, ChooseContract, ClaimRedeal, Double, IllegalActionError,
                   NoDouble, NoRedeal, Pass, Phase, Play, TrixGame, TrixRules)
from tutor.engine.trix import Contract

CARD_TEXTS = {str(c) for c in CardSet.deck()}


def card_texts(obj: Any) -> set[str]:
    strings = set(re.findall(r'"((?:[^"\\]|\\.)*)"', json.dumps(obj)))
    return strings & CARD_TEXTS


def random_rules(rng: random.Random) -> TrixRules:
    if rng.random() < 0.1:
        return TrixRules.complex(doubling=rng.random() < 0.7,
                                 partnership=rng.random() < 0.5)
    return TrixRules(kingdom_order=rng.choice(["rotate", "abba"]),
                     end_early=rng.random() < 0.7,
                     no_heart_lead_in_king=rng.random() < 0.3,
                     penalty_discard=rng.random() < 0.3,
                     doubling=rng.random() < 0.7,
                     swap_diamonds_ltoosh=rng.random() < 0.3,
                     partnership=rng.random() < 0.3,
                     combine=rng.random() < 0.2)


def fingerprint(g: TrixGame) -> tuple:
    return (g.phase, g.to_move, tuple(g.hands), tuple(g.trick), len(g.tricks), g.layout,
            tuple(g.scores), len(g.history), tuple(g.doubles), g.contract, tuple(g.used))


def check_step(g: TrixGame, rng: random.Random, full: bool = True) -> None:
    # Cards are conserved: hands + trick + taken tricks + layout = the deck.
    total = CardSet(c for _, c in g.trick) + g.layout.cards()
    count = len(g.trick) + len(g.layout.cards())
    for s in range(4):
        total = total + g.hands[s] + g.taken[s]
        count += len(g.hands[s]) + len(g.taken[s])
    assert count == 52 and total == CardSet.deck()
    legal = g.legal_actions()
    if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        assert g.to_move is None
    else:
        assert g.to_move in range(4) and legal
    for a in legal:
        assert g.why_illegal(a) is None
    # Trex: a pass is offered exactly when nothing fits.
    if g.phase == Phase.TREX:
        fits = g.layout.playable(g.hands[g.to_move])
        assert (legal == [Pass()]) == (not fits)
    if not full:
        return
    # An illegal action raises and changes nothing.
    if g.phase not in (Phase.GAME_OVER,):
        before = fingerprint(g)
        seat = g.to_move
        wrong = [Play(c) for c in CardSet.deck() if Play(c) not in legal]
        action = rng.choice(wrong + ["redeal", "pass", "contract trex", "double KH"])
        if g.is_legal(action, seat):
            action = "next" if g.phase != Phase.HAND_OVER else "pass"
        try:
            g.apply(action, seat=seat)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"illegal {action} applied")
        assert fingerprint(g) == before
    # observe leaks nothing.
    public = {str(c) for _, c in g.trick} | {str(c) for c in g.layout.cards()}
    for t in g.taken:
        public |= {str(c) for c in t}
    if g.claim:
        public |= set(g.claim["hand"])
    shown = g.public_cards()
    for s in range(4):
        o = g.observe(s)
        last = o.pop("last_deal")  # the finished deal: only its doubles, public then
        assert last is None or card_texts(last) == {c for c, _ in last["doubles"]}
        seen = card_texts(o)
        allowed = public | {str(c) for c in g.hands[s]}
        for cards in shown.values():
            allowed |= set(cards)
        assert seen <= allowed, (s, seen - allowed)


def play_game(seed: int, check_every_step: bool, roundtrip: bool) -> TrixGame:
    rng = random.Random(seed)
    g = TrixGame.new(seed=seed, rules=random_rules(rng))
    step = 0
    while not g.is_over:
        step += 1
        check_step(g, rng, full=check_every_step or step % 10 == 0)
        if g.phase == Phase.HAND_OVER and roundtrip:
            again = TrixGame.from_json(g.to_json())
            assert again.to_record() == g.to_record() and fingerprint(again) == fingerprint(g)
            seat = rng.randrange(4)
            assert again.observe(seat) == g.observe(seat)
        g.apply(rng.choice(g.legal_actions()))
    return g


def check_whole_game(g: TrixGame) -> None:
    real = [r for r in g.score_sheet() if r["redeal"] is None]
    per_kingdom: dict[int, list[dict]] = {}
    for r in real:
        per_kingdom.setdefault(r["kingdom"], []).append(r)
    assert sorted(per_kingdom) == [1, 2, 3, 4]
    owners = []
    for k, rows in sorted(per_kingdom.items()):
        contracts = Counter(c for r in rows for c in r["contract"].split("+"))
        assert contracts == Counter(c.text for c in Contract), (k, contracts)
        assert len({r["owner"] for r in rows}) == 1
        owners.append(rows[0]["owner"])
        total = sum(sum(r["points"]) for r in rows)
        assert total == 0, (k, total)  # every kingdom sums to zero, doubling or not
    first = owners[0]
    if g.rules.kingdom_order == "rotate":
        assert owners == [(first + i) % 4 for i in range(4)]
    else:
        assert owners == [first, (first + 1) % 4, (first + 3) % 4, (first + 2) % 4]
    assert g.scores == real[-1]["totals"] and sum(g.scores) == 0
    for r in g.score_sheet():
        if r["redeal"] is not None:
            assert r["points"] == [0, 0, 0, 0]


def check_rounds(g: TrixGame) -> None:
    """RULES.md A5 over a whole game: after each announcement whose contracts allow a
    double or a claim, the round visits all four players once, in play order from the
    owner (a claim ends it at once); a player doubles only on their own turn and ends it
    with the contract's word. Other contracts go straight to the first card."""
    acts = g.history
    for i, (owner, a) in enumerate(acts):
        if not isinstance(a, ChooseContract):
            continue
        c = a.contracts
        doubling = g.rules.doubling and bool(c & {Contract.KING, Contract.QUEENS})
        claims = bool(c & {Contract.KING, Contract.TREX})
        word = NoDouble() if doubling else NoRedeal()
        order = [(owner + k) % 4 for k in range(4)]
        turn, j = 0, i + 1
        while (doubling or claims) and turn < 4 and j < len(acts):
            seat, act = acts[j]
            assert seat == order[turn], (i, j, seat, order, turn)
            if isinstance(act, ClaimRedeal):
                assert claims
                break
            if isinstance(act, Double):
                assert doubling
            else:
                assert act == word, (act, word)
                turn += 1
            j += 1
        if j < len(acts) and not isinstance(acts[j][1], ClaimRedeal):
            assert turn == (4 if doubling or claims else 0)
            assert isinstance(acts[j][1], (Play, Pass)) and acts[j][0] == owner


# The 220 games in parts that run on different cores (each game has its own seed); in
# `make test` the first 30 of the 40 checked at every step, and the first 10 of each later
# part (tests/sizes.py).
GAME_PARTS = [(0, 10), (10, 20), (20, 30), *([(30, 40)] if LONG else []),
              *((a, a + sized(10, 60)) for a in (40, 100, 160))]


@pytest.mark.slow
@pytest.mark.sized
@pytest.mark.parametrize("first, stop", GAME_PARTS,
                         ids=[f"games{a}-{b - 1}" for a, b in GAME_PARTS])
def test_two_hundred_random_games(first, stop):
    """220 whole games with random options (seeds 0 to 219, in parts; 60 in `make
    test`). Conservation, legal lists and Trex passes are checked at every step of every
    game; illegal actions and observe leaks at every step of 40 games and every 10th step
    of the rest; the JSON round trip at every deal's end of 20 games and at the end of all."""
    for seed in range(first, stop):
        g = play_game(seed, check_every_step=seed < 40, roundtrip=seed < 20)
        check_whole_game(g)
        check_rounds(g)
        again = TrixGame.from_json(g.to_json())
        assert again.to_record() == g.to_record() and again.scores == g.scores


def test_undo_walks_back_to_the_start():
    rng = random.Random(5)
    g = TrixGame.new(seed=5)
    snapshots = []
    for _ in range(120):
        snapshots.append((fingerprint(g), g.observe(0)))
        g.apply(rng.choice(g.legal_actions()))
    # Undo keeps deals already dealt queued, so compare the state, not the record.
    for snap in reversed(snapshots[-70:]):
        g.undo()
        assert (fingerprint(g), g.observe(0)) == snap


def test_redeals_happen_in_random_play():
    claims = 0
    for seed in range(300):
        rng = random.Random(seed)
        g = TrixGame.new(seed=seed, rules=TrixRules())
        for _ in range(12):
            if g.phase == Phase.CHOOSE_CONTRACT:
                choices = [a for a in g.legal_actions()
                           if a.contracts & {Contract.KING, Contract.TREX}]
                g.apply(rng.choice(choices or g.legal_actions()))
            elif g.phase == Phase.DOUBLE and "redeal" in map(str, g.legal_actions()):
                g.apply("redeal")
                claims += 1
                assert g.claim and Card.parse(g.claim["hand"][0])
            elif g.phase == Phase.DOUBLE:  # this player may not claim: on to the next
                g.apply(g.legal_actions()[-1])
            else:
                break
    assert claims >= 1
