"""Puzzles and lesson deals end a deal exactly where the engine does (RULES.md A2
``end_early``): King of Hearts once the K♥ is taken, Queens once the fourth queen is,
Diamonds once the last diamond is; and they say so.

A puzzle holds only the end of a deal. For each one the test builds the whole deal for
:class:`~tutor.engine.trix.game.TrixGame`: the cards the puzzle leaves out are dealt too and
played first, in legal tricks that leave the puzzle's hands and lead; then every card of
a line played on the puzzle (the solution, and random lines of the learner against the
defence or the scene's script) is played in the engine as well, and after each card the
puzzle is over exactly when the engine has ended the deal.
"""

from __future__ import annotations

import functools
import itertools
import random

import pytest
from sizes import sampled

from tutor import TrixGame
from tutor.engine.actions import Double, NoDouble, NoRedeal
from tutor.engine.cards import Card, CardSet, Suit
from tutor.lessons import GuidedSession, scenes
from tutor.engine.protocol import Phase
from tutor.puzzles import Puzzle, bundled
from tutor.puzzles.session import PuzzleSession
from tutor.solver import solve
from tutor.engine.tricks import trick_winner
from tutor.engine.trix.contracts import Contract, early_end_words

EARLY = {Contract.KING, Contract.QUEENS, Contract.DIAMONDS}


def ends_early(p: Puzzle) -> bool:
    return p.game == "trix" and not p.is_trex and len(p.contract) == 1 \
        and p.contract[0] in EARLY


PUZZLES = [p for p in bundled() if ends_early(p)]
SCENES = [s for s in scenes().values() if ends_early(s.puzzle)]


def held_at_start(p: Puzzle) -> list[set[Card]]:
    """What each seat holds when the puzzle starts: its hand and its card in the trick."""
    held = [set(h) for h in p.hands]
    for i, c in enumerate(p.trick):
        held[(p.leader + i) % 4].add(c)
    return held


def earlier_tricks(p: Puzzle, seed: int) -> tuple[int, list[list[Card]]] | None:
    """The tricks before the puzzle: the first leader and, trick by trick in play order,
    the cards the puzzle leaves out, dealt so that every card is legal (a seat that does
    not follow suit never holds that suit again, and holds none of it in the puzzle) and
    the last trick's winner leads the puzzle's trick. ``None`` when no legal play leads
    to the puzzle's hands.

    Only suits matter for legality, and the winner of a trick can be any seat that
    follows suit (it gets the highest card of the suit played), so a search over suit
    counts finds the plan; the cards are then dealt to it."""
    held = held_at_start(p)
    holds = [frozenset(c.suit for c in h) for h in held]
    pool = set(CardSet.deck()) - set().union(*held)
    rounds = 13 - len(held[0])
    assert all(len(h) == len(held[0]) for h in held) and len(pool) == 4 * rounds
    rng = random.Random(seed)
    suits = list(Suit)

    @functools.cache
    def plan(counts: tuple[int, ...], voids: tuple[frozenset, ...], leader: int, left: int):
        """A list of (suits played in seat order from the leader, winner), or None."""
        if left == 0:
            return [] if leader == p.leader and not any(counts) else None
        options = []
        for x in suits:
            if counts[x] == 0 or x in voids[leader]:
                continue
            # Each follower follows suit, or (void in it for good) plays another suit.
            choices = []
            for k in range(1, 4):
                seat = (leader + k) % 4
                mine = [x] if x not in voids[seat] else []
                if x not in holds[seat]:
                    mine += [y for y in suits if y != x and y not in voids[seat]]
                choices.append(mine)
            for combo in itertools.product(*choices):
                played = (x,) + combo
                need = [played.count(y) for y in suits]
                if any(need[y] > counts[y] for y in suits):
                    continue
                rest = tuple(counts[y] - need[y] for y in suits)
                vs = list(voids)
                for k, y in enumerate(combo, start=1):
                    if y != x:
                        vs[(leader + k) % 4] = vs[(leader + k) % 4] | {x}
                for k in range(4):
                    if played[k] == x:
                        options.append((played, (leader + k) % 4, rest, tuple(vs)))
        rng.shuffle(options)
        options.sort(key=lambda o: sum(y != o[0][0] for y in o[0]))  # follow suit first
        for played, winner, rest, vs in options:
            tail = plan(rest, vs, winner, left - 1)
            if tail is not None:
                return [(played, winner)] + tail
        return None

    counts = tuple(sum(1 for c in pool if c.suit == y) for y in suits)
    firsts = list(range(4))
    rng.shuffle(firsts)
    for first in firsts:
        steps = plan(counts, (frozenset(),) * 4, first, rounds)
        if steps is not None:
            break
    else:
        return None
    # Deal the cards to the plan: the winner plays the highest card of the suit led.
    by_suit = {y: sorted((c for c in pool if c.suit == y), key=lambda c: c.rank) for y in suits}
    leader, tricks = first, []
    for played, winner in steps:
        cards = [by_suit[y].pop(rng.randrange(len(by_suit[y]))) for y in played]
        led = [k for k in range(4) if played[k] == played[0]]
        top = max(led, key=lambda k: cards[k].rank)
        w = (winner - leader) % 4
        cards[top], cards[w] = cards[w], cards[top]
        assert (leader + trick_winner(cards)) % 4 == winner
        tricks.append(cards)
        leader = winner
    return first, tricks


def engine_for(p: Puzzle, seed: int = 0) -> TrixGame:
    """A TrixGame of the whole deal, played up to the puzzle's position (its trick so far
    included), with the puzzle's contract and doubles."""
    held = held_at_start(p)
    hands = [set(h) for h in held]
    plan = earlier_tricks(p, seed)
    plays = []
    if plan is not None:
        first, tricks = plan
        leader = first
        for trick in tricks:
            for i, c in enumerate(trick):
                hands[(leader + i) % 4].add(c)
                plays.append(((leader + i) % 4, c))
            leader = (leader + trick_winner(trick)) % 4
    else:  # the cards left out are dealt round the table, and go in as tricks played
        first = p.leader
        pool = sorted(set(CardSet.deck()) - set().union(*held))
        for i, c in enumerate(pool):
            hands[i % 4].add(c)
    g = TrixGame.new(seed=1, owner=first, deals=[[CardSet(h) for h in hands]])
    g.apply(f"contract {p.contract[0].text}", seat=first)
    doubles = dict((c, s) for c, s in p.doubles)
    while g.phase == Phase.DOUBLE:
        seat = g.to_move
        legal = g.legal_actions(seat)
        mine = [a for a in legal if isinstance(a, Double) and doubles.get(a.card) == seat]
        g.apply(mine[0] if mine else next(a for a in legal
                                          if isinstance(a, (NoDouble, NoRedeal))), seat=seat)
    assert g.phase == Phase.PLAY
    assert sorted(g.doubles) == sorted(p.doubles)
    for seat, c in plays:
        assert g.phase == Phase.PLAY, f"{p.id}: the deal ended in the earlier tricks"
        g.apply(str(c), seat=seat)
    if plan is None:
        # No legal play leads to these hands (the generator deals puzzle-sized hands):
        # the engine gets the earlier tricks as history, taken by the puzzle's leader.
        g.hands = [CardSet(h) for h in held]
        g.tricks = [[((first + i) % 4, c) for i, c in enumerate(pool[k:k + 4])]
                    for k in range(0, len(pool), 4)]
        g.taken = [CardSet(pool) if s == first else CardSet() for s in range(4)]
        g.tricks_won = [len(g.tricks) if s == first else 0 for s in range(4)]
        g.leader = first
    for i, c in enumerate(p.trick):
        g.apply(str(c), seat=(p.leader + i) % 4)
    assert [CardSet(h) for h in g.hands] == list(p.hands)
    assert g.phase == Phase.PLAY and g.to_move == p.seat
    return g


def deal_ended(g: TrixGame) -> bool:
    return g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def follow(s: PuzzleSession, g: TrixGame, done: int) -> int:
    """Play the session's moves from ``done`` on in the engine; after each, the puzzle is
    over exactly when the engine has ended the deal."""
    for seat, card in s.moves[done:]:
        assert not deal_ended(g), f"{s.puzzle.id}: a card after the engine's end"
        g.apply(str(card), seat=seat)
    return len(s.moves)


def play_out(s: PuzzleSession, g: TrixGame, rng: random.Random | None) -> None:
    """The learner plays random legal cards (``rng``) or the hint's card (``None``)
    against the session's defence, card by card in the engine too."""
    done = follow(s, g, 0)
    assert s.over == deal_ended(g)
    for _ in range(60):
        # The defence's cards and the learner's only legal cards, one at a time.
        while s.step() is not None:
            done = follow(s, g, done)
            assert s.over == deal_ended(g), s.moves
        if s.over:
            break
        card = rng.choice(s.legal()) if rng is not None else s.hints().card
        s.play(card, answer=False)
        done = follow(s, g, done)
        assert s.over == deal_ended(g), s.moves
    assert s.over and deal_ended(g)
    # Same cards left in every hand; the status says why the deal ended when it ended early.
    assert [CardSet(h) for h in g.hands] == list(s.hands())
    early = any(s.hands())
    assert s.ended_early == early
    words = early_end_words(s.puzzle.contract)
    assert (words in s.status()) == early, s.status()
    if early:  # the solver plays on past the end, where nothing is left to score
        p, pos = s.puzzle, s.position
        value = solve(pos, p.goal()).value
        taken = any(c in pos.taken[p.seat] for c in p.target.cards)
        assert value == (int(not taken) if p.target.kind == "avoid" else 0)


def test_the_set_is_not_empty():
    assert {p.contract[0] for p in PUZZLES} == EARLY
    assert {s.puzzle.contract[0] for s in SCENES} == EARLY


@pytest.mark.parametrize("p", sampled(PUZZLES, 3, ids=[p.id for p in PUZZLES]))  # sizes.py
def test_puzzles_end_where_the_engine_ends_the_deal(p):
    s = PuzzleSession(p)
    play_out(s, engine_for(p), None)  # the solution's cards
    for k in range(3):
        s.retry()
        play_out(s, engine_for(p, k), random.Random(f"{p.id}/{k}"))


@pytest.mark.parametrize("sc", SCENES, ids=[s.id for s in SCENES])
def test_lesson_deals_end_where_the_engine_ends_the_deal_and_say_so(sc):
    s = GuidedSession(sc)
    for k in range(6):
        s.retry()
        play_out(s, engine_for(sc.puzzle, k), random.Random(f"{sc.id}/{k}"))
        if s.ended_early:
            told = early_end_words(sc.puzzle.contract)
            assert told in s.story or told in s.status()


def test_king_of_hearts_lesson_deal_stops_when_the_king_falls():
    # trix-02-dodge: you throw the K♥ on South's Q♣ trick at once. The deal is over then,
    # with two cards left in every hand, and the table says so.
    s = GuidedSession(scenes()["trix-02-dodge"])
    s.play("KH")
    assert s.over and s.ended_early and [len(h) for h in s.hands()] == [2, 2, 2, 2]
    assert "The K♥ has been taken: the deal ends." in s.story
    assert s.status().startswith("Done! The K♥ has been taken: the deal ends.")
    assert s.observation()["phase"] == "hand_over" and s.observation()["to_move"] is None


def test_a_puzzle_whose_deal_is_already_over_is_refused():
    from tutor.puzzles.files import PuzzleError, loads

    text = ('[{"id": "over", "title": "t", "game": "trix", "theme": "queens", '
            '"difficulty": 1, "seat": 0, "position": {"hands": ["A2...", "K3...", "J4...", '
            '"T5..."], "leader": 0, "contract": "queens"}, "goal": {"kind": "penalty", '
            '"at_most": 0}, "prompt": "p", "explanation": "e"}]')
    with pytest.raises(PuzzleError, match="the deal is over"):
        loads(text)
