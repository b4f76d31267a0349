"""The review's "every hand open": each card's value against an independent oracle (a
minimax over the engine's own games, every seat but the reviewed side against it), and
the refusals: a hand still being played stays hidden, a forced card, a decision not the
seat's, a position too deep for the budget."""

from __future__ import annotations

import pytest

from tutor import TrixterGame
from tutor.bots import bot_for
from tutor.engine.actions import Pass, Play, parse_action
from tutor.engine.protocol import Phase
from tutor.engine.trix.contracts import TREX_POINTS, Contract
from tutor.engine.trix.game import TrixGame
from tutor.engine.trix.rules import TrixRules
from tutor.review.open_hands import NotOpen, TooDeep, open_hands, open_steps

OVER = (Phase.HAND_OVER, Phase.GAME_OVER)


def play_hand(game, seed: int):
    """Beginner bots play the hand (or deal) out."""
    name = "trixter" if isinstance(game, TrixterGame) else "trix"
    bots = [bot_for(name, "beginner", seed=seed + i) for i in range(game.n_players)]
    while game.phase not in OVER:
        s = game.to_move
        game.apply(bots[s].act(game.observation(s)), seat=s)
    return game


def until(game, index: int):
    """The game as it stood before action ``index`` of its record."""
    record = game.to_record()
    g = type(game).from_record(dict(record, actions=[]))
    for s, text in record["actions"][:index]:
        g.apply(text, seat=s)
    return g


def oracle(game, side: frozenset[int], leaf) -> int:
    """The best ``leaf(final game)`` the side can force, every other seat against it,
    by trying every card (and Trex pass) the engine allows."""
    if game.phase in OVER:
        return leaf(game)
    s = game.to_move
    values = []
    for a in game.legal_actions(s):
        if isinstance(a, (Play, Pass)):
            g = game.clone()
            g.apply(a, seat=s)
            values.append(oracle(g, side, leaf))
    return max(values) if s in side else min(values)


def by_oracle(game, index: int, side: frozenset[int], leaf) -> dict[str, int]:
    g = until(game, index)
    out = {}
    for a in g.legal_actions(g.to_move):
        if isinstance(a, Play):
            g2 = g.clone()
            g2.apply(a, seat=g.to_move)
            out[str(a)] = oracle(g2, side, leaf)
    return out


def small_decisions(game, seat: int, most_cards: int):
    """The seat's openable decisions with at most ``most_cards`` cards still held by all."""
    record = game.to_record()
    for i, code in open_steps(record, seat).items():
        if code == "open" and sum(len(h) for h in until(game, i).hands) <= most_cards:
            yield i


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (4, 3), (5, 4)])
def test_trixter_bid_safe_and_most_tricks_match_the_oracle(players, seed):
    g = play_hand(TrixterGame.new(players=players, seed=seed, first_hand=4), seed)
    checked = 0
    for seat in range(players):
        bid = g.bids[seat]
        for i in small_decisions(g, seat, 12):
            oh = open_hands(g, seat, i)
            made = by_oracle(g, i, frozenset([seat]),
                             lambda f, s=seat, b=bid: int(f.tricks_won[s] == b))
            most = by_oracle(g, i, frozenset([seat]), lambda f, s=seat: f.tricks_won[s])
            assert {c.card: c.value for c in oh.cards} == made
            assert {c.card: c.most for c in oh.cards} == most
            assert oh.bid == bid and oh.kind == "bid"
            assert set(oh.best) == {c for c, v in made.items() if v}
            checked += 1
    assert checked >= 2


def trix_deal(seed: int, contract: Contract, partnership: bool = False, **rules):
    """A Trix deal of ``contract`` played out by beginner bots, to its 13th trick (a deal
    that ends once its penalty cards are taken may not reach the oracle's small ends)."""
    g = TrixGame.new(seed=seed, rules=TrixRules(partnership=partnership, end_early=False,
                                                **rules))
    g.apply(f"contract {contract.name.lower()}", seat=g.to_move)
    return play_hand(g, seed)


def trix_side(g, seat):
    return frozenset({seat, (seat + 2) % 4} if g.rules.partnership else {seat})


@pytest.mark.parametrize("contract,seed,partnership,reverse", [
    (Contract.KING, 1, False, False), (Contract.QUEENS, 2, False, False),
    (Contract.DIAMONDS, 3, False, False), (Contract.LTOOSH, 4, False, False),
    (Contract.QUEENS, 5, True, False), (Contract.DIAMONDS, 2, False, True)])
def test_trix_points_for_the_rest_of_the_deal_match_the_oracle(contract, seed, partnership,
                                                               reverse):
    """Under reversed signs the sheet writes penalties positive: the best is the lowest."""
    g = trix_deal(seed, contract, partnership, reversed_signs=reverse)
    checked = 0
    for seat in range(4):
        side = trix_side(g, seat)
        for i in small_decisions(g, seat, 12):
            oh = open_hands(g, seat, i)
            assert oh.kind == "points"
            sign = -1 if reverse else 1  # the oracle maximises the side's own good
            whole = by_oracle(g, i, side, lambda f, side=side, sign=sign: sign * sum(
                f.sheet[-1]["points"][s] for s in side))
            whole = {c: sign * v for c, v in whole.items()}
            mine = {c.card: c.value for c in oh.cards}
            assert mine.keys() == whole.keys()
            # The deal's points = the points of tricks already taken (the same for every
            # card) + what the rest of the deal scores.
            assert len({whole[c] - mine[c] for c in mine}) == 1, (whole, mine)
            top = (min if reverse else max)(mine.values())
            assert set(oh.best) == {c for c, v in mine.items() if v == top}
            assert oh.cards[0].value == top and oh.low_is_better == reverse
            checked += 1
    assert checked >= 2


@pytest.mark.parametrize("seed,partnership", [(1, False), (6, True)])
def test_trex_places_match_the_oracle(seed, partnership):
    g = trix_deal(seed, Contract.TREX, partnership)
    checked = 0
    for seat in range(4):
        side = trix_side(g, seat)
        for i in small_decisions(g, seat, 12):
            oh = open_hands(g, seat, i)
            whole = by_oracle(g, i, side,
                              lambda f, side=side: sum(f.sheet[-1]["points"][s] for s in side))
            if partnership:
                assert oh.kind == "team-place"
                assert {c.card: c.value for c in oh.cards} == whole
            else:
                assert oh.kind == "place"
                assert {c.card: TREX_POINTS[c.value - 1] for c in oh.cards} == whole
            checked += 1
    assert checked >= 1


def test_a_hand_still_being_played_stays_hidden():
    g = TrixterGame.new(players=4, seed=7, first_hand=5)
    bots = [bot_for("trixter", "beginner", seed=i) for i in range(4)]
    while len(g.tricks) < 3:  # three tricks of five played: the hand goes on
        s = g.to_move
        g.apply(bots[s].act(g.observation(s)), seat=s)
    record = g.to_record()
    mine = [i for i, (s, t) in enumerate(record["actions"])
            if s == 0 and isinstance(parse_action(t), Play)]
    steps = open_steps(record, 0)
    assert mine and set(mine) == set(steps)
    assert {steps[i] for i in mine} <= {"hidden", "forced"}  # none can be opened
    with pytest.raises(NotOpen, match="stay hidden until this hand is over"):
        open_hands(record, 0, next(i for i in mine if steps[i] == "hidden"))
    play_hand(g, 0)  # once it is over, the same decisions open
    steps = open_steps(g.to_record(), 0)
    assert {steps[i] for i in mine} <= {"open", "forced"} and "open" in steps.values()


def test_refusals_say_why():
    g = play_hand(TrixterGame.new(players=4, seed=2, first_hand=8), 2)
    record = g.to_record()
    steps = open_steps(record, 0)
    forced = [i for i, w in steps.items() if w == "forced"]
    assert forced  # the last card of a hand is always forced
    with pytest.raises(NotOpen, match="only legal card"):
        open_hands(record, 0, forced[0])
    bid = next(i for i, (s, t) in enumerate(record["actions"]) if s == 0 and t.startswith("bid"))
    with pytest.raises(NotOpen, match="Only your own cards"):
        open_hands(record, 0, bid)
    theirs = next(i for i, (s, t) in enumerate(record["actions"])
                  if s == 1 and isinstance(parse_action(t), Play))
    with pytest.raises(NotOpen, match="Only your own cards"):
        open_hands(record, 0, theirs)
    for bad in (-1, len(record["actions"]), "3", True, 2.0):
        with pytest.raises(NotOpen, match="no decision"):
            open_hands(record, 0, bad)
    first = min(i for i, w in steps.items() if w == "open")
    with pytest.raises(TooDeep, match="try a card later"):
        open_hands(record, 0, first, max_nodes=5)


def test_the_words_name_the_better_card_and_the_value():
    g = trix_deal(2, Contract.DIAMONDS)
    oh = open_hands(g, 0, 41)
    assert (oh.chosen, oh.best) == ("JS", ("7D",))
    assert [(c.card, oh.value_words(c)) for c in oh.cards] == [
        ("7D", "0"), ("KS", "−60"), ("JS", "−60")]
    # The oracle, a minimax over the engine to the end of the deal, finds the same 60.
    whole = by_oracle(g, 41, frozenset([0]), lambda f: f.sheet[-1]["points"][0])
    assert whole["7D"] - whole["JS"] == 60 and whole["KS"] == whole["JS"]
    assert oh.words() == (
        "With every hand open, the 7♦ would have made sure of 0 for the rest of the deal, "
        "whatever the others did; after your J♠, the best you could make sure of was −60 "
        "for the rest of the deal.")


def test_when_no_card_makes_the_bid_safe_the_words_say_which_still_reach_it():
    """Trixter, 4 tricks left, a bid of 3: no card makes it safe against every defence, but
    after the J♦ or 9♥ the seat can still make sure of 3 tricks, after the 6♠ of 2."""
    g = play_hand(TrixterGame.new(players=4, seed=11, first_hand=9), 11)
    oh = open_hands(g, 1, 25)
    assert (oh.bid, oh.chosen, oh.best) == (3, "6S", ())
    assert [(c.card, c.value, c.most) for c in oh.cards] == [
        ("JD", 0, 3), ("9H", 0, 3), ("TS", 0, 2), ("6S", 0, 2)]
    assert oh.words() == (
        "With every hand open, no card makes your bid of 3 tricks safe if the others all play "
        "against you, but after the J♦ or 9♥ you could still make sure of taking 3 tricks; "
        "after your 6♠, 2 at most.")
