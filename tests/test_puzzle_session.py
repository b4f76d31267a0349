"""PuzzleSession: a puzzle played card by card against the perfect defence.

Every bundled puzzle is solved by following hint 3 and lost after a wrong first card;
small hand-built puzzles check the session against answers worked out by hand (the
comments give the analysis); illegal input, undo, retry, the solution, the hint ladder,
hidden hands, Trex places and the deal's end, and the shape of ``observation()``.

All solves use ``engine="auto"`` (numba when it is installed).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest
from sizes import sampled

from tutor.engine.cards import Card
from tutor.puzzles import Puzzle, bundled, check, loads, position_after, winning_cards
from tutor.puzzles.model import play_card
from tutor.puzzles.session import PuzzleSession
from tutor.puzzles.words import goal_words
from tutor.puzzles.verify import hints

ENGINE = "auto"
PUZZLES = bundled()
SAMPLE = PUZZLES[::10]  # every failing first card, undo, solution, observation...
TREX = [p for p in PUZZLES if p.is_trex]


def make(position: dict, goal: dict, game: str = "trixter", theme: str = "make-n",
         seat: int = 0, **extra) -> Puzzle:
    d = {"id": "hand-built", "title": "Hand-built", "game": game, "theme": theme,
         "difficulty": 1, "seat": seat, "position": position, "goal": goal,
         "prompt": "You are the learner.",
         "explanation": "The idea of the puzzle. Then the answer."}
    d.update(extra)
    return loads(json.dumps([d]), source="test")[0]


def start(p: Puzzle) -> PuzzleSession:
    s = PuzzleSession(p, engine=ENGINE)
    s.advance()
    return s


def C(text: str) -> Card:
    return Card.parse(text)


def cards(*texts: str) -> list[Card]:
    return [Card.parse(t) for t in texts]


def follow_hints(s: PuzzleSession, limit: int = 80) -> None:
    """Play hint 3's card at every decision until the puzzle is over."""
    for _ in range(limit):
        if s.over:
            return
        s.play(s.hints().card)
    raise AssertionError("the puzzle never ended")


def snapshot(s: PuzzleSession):
    return (s.moves, s.observation(), s.reachable, s.outcome, s.result, s.failed_at,
            s.hint_level, s.over)


# --- hand-built puzzles, solved by hand ------------------------------------------------
# Three players, no trump, seat 0 leads; 3 tricks.
#   seat 0: A♠ 9♠ 2♦    seat 1: 5♦ 4♦ 3♦    seat 2: Q♠ 7♦ 6♦
# Seat 2's Q♠ is its only spade and its diamonds beat all of seat 1's.
# - A♠ wins (seat 2 must drop the Q♠). Then 9♠ wins too (nobody has a spade left) and the
#   2♦ loses to seat 2: 2 tricks, (2, 0, 1). Or 2♦ next: seat 2 wins and leads its last
#   diamond, the 9♠ is discarded: 1 trick, (1, 0, 2).
# - 9♠: seat 2 wins with the Q♠ and wins every diamond trick after: 0 tricks, (0, 0, 3).
# - 2♦: seat 2 wins the trick. Leading the Q♠ leaves the learner 0 or 2 tricks (A♠ then
#   9♠ both win; or 9♠ under it and the A♠ discarded); leading a diamond leaves 0 or 1.
#   So 2♦ can make 0 but never 2, and the defence stops exactly 1 too.
# Exactly 2 and exactly 1: only A♠ works. Exactly 0: 9♠ and 2♦. Exactly 3: impossible.
THREE = {"hands": ["A9..2.", "..543.", "Q..76."], "leader": 0, "trump": None}

# Four players, no trump. West (seat 3) led the 5♥; North (seat 0, the learner) follows.
#   North: K♥ 3♥ 2♣    East: Q♥ A♣ K♣    South: 4♥ Q♣ J♣    West: T♣ 9♣
# - K♥ wins trick 1 (East must drop the Q♥). Then 2♣: East's clubs beat everyone's, East
#   takes the last two tricks: exactly 1, (1, 2, 0, 0). Or 3♥: nobody else has a heart,
#   so North wins it too: 2 tricks.
# - 3♥: East wins with the Q♥ and takes every club trick after: 0 tricks, (0, 3, 0, 0).
FOUR = {"hands": [".K3..2", ".Q..AK", ".4..QJ", "...T9"], "leader": 3, "trick": ["5H"],
        "trump": None}

# Trix (seats 0-3 are North, West, South, East: counter-clockwise), King of Hearts. South
# led the 3♥, East dropped the K♥; North (the learner) holds A♥ 2♥ 5♣ and must follow
# with a heart; West, last, has no heart.
# - 2♥: East's K♥ is the highest heart, East takes it: the goal is safe and the puzzle
#   ends at once (the K♥ is gone), with cards still in the hands.
# - A♥: North wins the trick and the K♥ with it.
KING = {"hands": [".A2..5", "9...74", "Q..8.", "..T.6"], "leader": 2, "trick": ["3H", "KH"],
        "contract": "king"}

# Trex. East (seat 3) is out. Layout: every card no hand holds (♥ 2–J, ♣ 4–A).
#   North: Q♥ 3♣    West: K♥    South: A♥ 2♣
# - 3♣: West cannot play the K♥ (the Q♥ is not down) and passes, South must play the
#   2♣, and North's Q♥ (played for them) takes them out second: out (3, 0).
# - Q♥: West's K♥ takes West out, South must play the A♥, North's 3♣ goes out third and
#   ends the deal: out (3, 1, 0, 2).
TREX_OUT = {"hands": [".Q..3", ".K..", ".A..2", "..."], "to_move": 0, "out": [3],
            "contract": "trex"}

# Trex. East and West are out (East first). North: A♥ K♥ Q♥ 3♣, South: 2♣.
# - 3♣: South's 2♣ goes out third and ends the deal: North is fourth.
# - Q♥, K♥, A♥ (South passes each time), then North's 3♣ goes out third and ends it.
TREX_END = {"hands": [".AKQ..3", "...", "...2", "..."], "to_move": 0, "out": [3, 1],
            "contract": "trex"}


def three(n: int) -> Puzzle:
    return make(THREE, {"kind": "exactly", "tricks": n})


def four(n: int) -> Puzzle:
    return make(FOUR, {"kind": "exactly", "tricks": n})


def king() -> Puzzle:
    return make(KING, {"kind": "avoid", "cards": ["KH"]}, game="trix", theme="king-dodge")


def trex(position: dict, place: int) -> Puzzle:
    return make(position, {"kind": "trex-place", "place": place}, game="trix",
                theme="trex-open")


# --- 1. every bundled puzzle against the board's defence --------------------------------
# (the quick lane: every fourth puzzle, tests/sizes.py; tests/test_puzzle_defence.py plays
# another fourth of them there, and make test all of them in both)
@pytest.mark.parametrize("i", sampled(range(len(PUZZLES)), 4, ids=[p.id for p in PUZZLES]))
def test_hints_solve_each_bundled_puzzle_and_a_wrong_first_card_is_beaten(i):
    p = PUZZLES[i]
    s = start(p)
    assert s.to_move == p.seat and s.outcome is None and s.result is None
    decisions = 0
    while not s.over:
        assert s.reachable and s.outcome is None and s.result is None
        card = s.hints().card
        assert card in s.legal() and card in s.winning()  # (2) hint 3 keeps the goal
        s.play(card)
        decisions += 1
    assert decisions >= 1
    assert s.outcome == "solved" and s.reached() and s.result == "solved"
    assert s.status().startswith("Solved! ")

    failing = check(p, engine=ENGINE).failing
    assert failing
    rng = random.Random(p.id)
    for bad in failing if i % 10 == 0 else failing[:1]:
        s = start(p)
        s.play(bad)
        assert (s.reachable, s.outcome, s.result, s.failed_at) == (False, "failed", "failed", 0)
        while not s.over:
            assert s.winning() == []  # the defence never gives the goal back
            s.play(rng.choice(s.legal()))
        assert not s.reached(), f"{bad} should lose against perfect defence"
        assert s.outcome == "failed" and s.result == "failed"
        assert s.status().startswith("Not this time. ")


# --- 2. hint 3 mid-puzzle, winning() against a fresh solve ------------------------------
@pytest.mark.parametrize("p", SAMPLE, ids=[p.id for p in SAMPLE])
def test_winning_cards_mid_puzzle_match_a_fresh_solve(p):
    s = start(p)
    for _ in range(2):  # two correct cards first, when the puzzle lasts that long
        s.play(s.hints().card)
        if s.over:  # back to the last decision
            assert s.undo()
            break
    assert s.to_move == p.seat and s.reachable
    played = [c for _, c in s.moves]
    pos = position_after(p, played)
    assert pos == s.position
    _, fresh = winning_cards(p, pos, engine=ENGINE)
    assert s.winning() == fresh and fresh
    assert set(fresh) <= set(s.legal())
    assert s.hints().card in fresh
    # Each legal card keeps or loses the goal exactly as winning() says.
    before = snapshot(s)
    for card in s.legal():
        s.play(card)
        assert s.reachable == (card in fresh), card
        assert s.undo()
        assert snapshot(s)[:2] == before[:2]


def test_hand_built_winning_cards_mid_puzzle():
    s = start(three(2))
    s.play("AS")
    assert s.winning() == [C("9S")] and s.hints().card == C("9S")
    s = start(three(1))
    s.play("AS")
    assert s.winning() == [C("2D")] and s.hints().card == C("2D")
    s = start(four(2))
    s.play("KH")
    assert s.winning() == [C("3H")] and s.legal() == cards("3H", "2C")


# --- 3. hand-built puzzles -------------------------------------------------------------
@pytest.mark.parametrize("n,winning,failing", [
    (0, {"9S", "2D"}, {"AS"}),
    (1, {"AS"}, {"9S", "2D"}),
    (2, {"AS"}, {"9S", "2D"}),
])
def test_three_player_ending_check_agrees_with_the_hand_analysis(n, winning, failing):
    r = check(three(n), engine=ENGINE)
    assert r.ok, r.problems
    assert {str(c) for c in r.winning} == winning
    assert {str(c) for c in r.failing} == failing


def test_three_player_ending_three_tricks_are_impossible():
    r = check(three(3), engine=ENGINE)
    assert not r.ok and r.winning == () and "cannot be reached" in r.problems[0]


def test_three_player_exactly_two_solved_with_the_ace_then_the_nine():
    p = three(2)
    s = start(p)
    assert goal_words(p) == "exactly 2 tricks in all"
    assert s.status() == "Your turn: exactly 2 tricks in all."
    moves = s.play("AS")
    assert [m[0] for m in moves] == [0, 1, 2]
    assert moves[0] == (0, C("AS")) and moves[2] == (2, C("QS"))  # seat 2's only spade
    assert moves[1][1] in cards("5D", "4D", "3D")
    assert s.position.won == (1, 0, 0) and s.to_move == 0
    assert s.status() == "Your goal is still within reach. Your turn."
    moves = s.play("9S")
    # The 9♠ wins, then the 2♦ (the learner's last card) is played for them and loses.
    assert moves[0] == (0, C("9S")) and moves[3] == (0, C("2D"))
    assert s.note == "Your last card, the 2♦, was played for you."
    assert s.over and s.position.won == (2, 0, 1)
    assert s.outcome == "solved" and s.reached() and s.result == "solved"
    assert s.status() == "Solved! You took 2 tricks in all."


def test_three_player_exactly_one_ace_then_the_two():
    s = start(three(1))
    s.play("AS")
    s.play("2D")
    assert s.over and s.position.won == (1, 0, 2)
    assert s.moves[-2] == (0, C("9S"))  # discarded on seat 2's last diamond
    assert s.outcome == "solved" and s.reached()


def test_three_player_wrong_cards_fail():
    s = start(three(2))
    s.play("9S")
    assert s.over  # every card after the 9♠ is forced
    assert s.position.won == (0, 0, 3)
    assert (s.reachable, s.outcome, s.result, s.reached()) == (False, "failed", "failed",
                                                               False)
    assert s.status() == "Not this time. You took 0 tricks in all."

    s = start(three(2))
    s.play("2D")
    assert not s.over and s.to_move == 0 and s.position.won[2] == 1
    assert s.status().startswith("That card let the defence beat the goal.")
    assert s.winning() == []
    while not s.over:
        s.play(s.legal()[0])
    assert s.position.won[0] <= 1 and not s.reached() and s.result == "failed"


def test_a_card_played_for_the_learner_after_the_wrong_one_is_not_blamed():
    """The failure is the learner's chosen card, not their only legal card played after it.
    Three players, no trump, exactly 0 tricks; the learner leads.
      learner: Q♠ A♦ K♦ 10♦    Player 2: K♠ J♠ A♥ Q♦    Player 3: A♠ J♥ Q♣ J♣
    Only the Q♠ works (Player 3 must take it with the A♠). After the 10♦, Player 2's Q♦
    wins, Player 3 drops the A♠ and Player 2 leads the J♠: the learner's Q♠ (their only
    spade) is played for them, wins, and the diamonds win the rest."""
    p = make({"hands": ["Q..AKT.", "KJ.A.Q.", "A.J..QJ"], "leader": 0, "trump": None},
             {"kind": "exactly", "tricks": 0})
    assert check(p, engine=ENGINE).winning == (C("QS"),)
    s = start(p)
    s.play("TD")
    assert s.moves == [(0, C("TD")), (1, C("QD")), (2, C("AS")), (1, C("JS")), (2, C("QC")),
                       (0, C("QS"))]
    assert s.failed_at == 0 and s.steps[-1].auto and not s.over
    assert s.note == "Your only legal card, the Q♠, was played for you."
    assert s.status() == ("The 10♦ you chose let the defence beat the goal. Take it back "
                          "(Undo), try again, or see the solution.")
    s.undo()
    s.play("TD", answer=False)  # the wrong card is still the last: "That card" is it
    assert s.status().startswith("That card let the defence beat the goal.")


@pytest.mark.parametrize("n,winning", [(0, "3H"), (1, "KH"), (2, "KH")])
def test_four_player_follow_check_agrees_with_the_hand_analysis(n, winning):
    r = check(four(n), engine=ENGINE)
    assert r.ok and [str(c) for c in r.winning] == [winning]
    assert {str(c) for c in r.failing} == {"KH", "3H"} - {winning}  # 2♣ is not legal


def test_four_player_exactly_one():
    s = start(four(1))
    assert s.legal() == cards("KH", "3H")
    s.play("KH")
    assert s.position.won == (1, 0, 0, 0)
    assert s.observation()["tricks"] == [[[3, "5H"], [0, "KH"], [1, "QH"], [2, "4H"]]]
    assert s.winning() == [C("2C")]
    s.play("2C")
    assert s.over and s.position.won == (1, 2, 0, 0)
    assert s.outcome == s.result == "solved" and s.reached()

    s = start(four(1))
    s.play("3H")
    assert s.over and s.position.won == (0, 3, 0, 0)
    assert s.outcome == s.result == "failed" and not s.reached()


def test_king_of_hearts_dodge_by_hand_and_the_early_end():
    p = king()
    r = check(p, engine=ENGINE)
    assert r.ok and r.winning == (C("2H"),) and r.failing == (C("AH"),)
    assert goal_words(p) == "do not take the K♥"
    s = start(p)
    assert s.observation()["trick"] == [[2, "3H"], [3, "KH"]]
    moves = s.play("2H")
    assert [m[0] for m in moves] == [0, 1] and moves[1][1] in cards("9S", "7C", "4C")
    # East took the K♥: the deal ends (RULES.md A2) although every hand still holds cards.
    assert s.over and s.ended_early and any(s.position.hands)
    assert s.position.won == (0, 0, 0, 1) and C("KH") in s.position.taken[3]
    assert s.outcome == s.result == "solved" and s.reached()
    assert s.status().startswith("Solved! The K♥ has been taken: the deal ends. You did not")
    obs = s.observation()
    assert obs["phase"] == "hand_over" and obs["to_move"] is None and obs["legal"] == []
    assert obs["taken"][3] and "KH" in obs["taken"][3]
    assert obs["facts"][3] == ["1 trick", "took K♥"]

    s = start(p)
    s.play("AH")
    assert s.over and s.position.won == (1, 0, 0, 0) and C("KH") in s.position.taken[0]
    assert s.outcome == s.result == "failed" and not s.reached()
    assert s.status().startswith("Not this time. The K♥ has been taken: the deal ends. You took")


# --- 4. illegal input ----------------------------------------------------------------------
def _refused(s: PuzzleSession, card, message: str, capital: bool = True) -> None:
    before = snapshot(s)
    assert s.why_illegal(card) == message
    assert message.endswith(".") and (message[0].isupper() or not capital)
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        s.play(card)
    assert snapshot(s) == before


def test_illegal_cards_are_refused_and_change_nothing():
    s = start(three(2))
    _refused(s, "KH", "You do not hold the K♥.")
    _refused(s, C("QS"), "You do not hold the Q♠.")  # seat 2's card
    _refused(s, "zz", "That is not a card: 'zz'.")
    _refused(s, "", "That is not a card: ''.")
    _refused(s, "1S", "That is not a card: '1S'.")
    s = start(four(1))
    _refused(s, "2C", "You must follow suit: hearts were led and you hold hearts.")
    _refused(s, C("2C"), "You must follow suit: hearts were led and you hold hearts.")
    s = start(king())
    _refused(s, "5C", "You must follow suit: hearts were led and you hold hearts.")
    joker = make({"hands": ["A....X", "K..2.", "Q..3."], "leader": 0, "trump": None},
                 {"kind": "exactly", "tricks": 1})
    s = PuzzleSession(joker, engine=ENGINE)  # the A♠ is the only legal card
    assert s.legal() == [C("AS")]
    _refused(s, "X", "A joker may be led only when you hold nothing but jokers.")
    s = start(trex(TREX_END, 3))
    _refused(s, "KH", "The K♥ does not fit the layout yet.")
    _refused(s, "AH", "The A♥ does not fit the layout yet.")
    _refused(s, "2C", "You do not hold the 2♣.")


def test_playing_out_of_turn_and_after_the_end_is_refused():
    s = start(three(2))
    assert s.play("AS", answer=False) == [(0, C("AS"))]
    assert s.to_move == 1 and s.legal() == []
    _refused(s, "9S", "It is not your turn.")
    _refused(s, "zz", "It is not your turn.")
    while s.step() is not None:
        pass
    assert s.to_move == 0
    s.play("9S")
    assert s.over
    for card in ("2D", "9S", "zz"):
        _refused(s, card, "The puzzle is over: retry it or take a card back.")
    s = start(trex(TREX_OUT, 2))
    s.play("3C")
    assert s.over
    _refused(s, "QH", "The puzzle is over: retry it or take a card back.")


def test_a_legal_card_may_be_given_as_text_in_any_spelling():
    s = start(three(2))
    assert s.why_illegal("a♠") is None and s.why_illegal(C("AS")) is None
    assert s.play("A♠")[0] == (0, C("AS"))


# --- 5. undo and retry -----------------------------------------------------------------------
@pytest.mark.parametrize("p", SAMPLE, ids=[p.id for p in SAMPLE])
def test_undo_restores_the_observation_before_each_card(p):
    s = start(p)
    first = s.observation()
    assert s.undo() is False and s.observation() == first
    depth = 0
    while not s.over:
        obs, moves = s.observation(), s.moves
        good = s.hints().card
        wrong = [c for c in s.legal() if c not in s.winning()]
        for card in wrong[:1] + [good]:
            s.play(card)
            assert s.moves != moves
            assert s.undo() is True
            assert s.observation() == obs and s.moves == moves
            assert s.reachable and s.outcome is None and s.failed_at is None
        s.play(good)
        depth += 1
    # The wrong card tried (and taken back) at the first decision counted.
    assert s.outcome == "solved" and s.reached() and s.result == "failed"
    for _ in range(depth):
        assert s.undo() is True
    assert s.undo() is False
    assert s.observation() == first and s.moves == []


def test_undo_after_a_wrong_card_reopens_the_goal_but_not_the_result():
    s = start(three(2))
    s.play("2D")
    assert (s.reachable, s.outcome, s.result) == (False, "failed", "failed")
    s.play(s.legal()[0])  # playing on after the failure
    assert s.undo() is True  # takes back the later card: still failed
    assert not s.reachable and s.failed_at == 0 and s.outcome == "failed"
    assert s.note == "Taken back."
    assert s.undo() is True  # takes back the wrong card itself
    assert s.reachable and s.failed_at is None and s.outcome is None
    assert s.result == "failed" and s.moves == []
    assert s.undo() is False
    follow_hints(s)
    assert s.outcome == "solved" and s.reached() and s.result == "failed"
    assert s.status().startswith("Solved! ")


def test_undo_skips_cards_played_for_the_learner():
    s = start(three(2))
    s.play("AS")
    moves = s.moves
    s.play("9S")  # the 2♦ was then played for the learner
    assert s.steps[-3].auto and s.moves[-3] == (0, C("2D"))
    assert s.undo() is True
    assert s.moves == moves and len(moves) == 3 and s.to_move == 0
    assert s.legal() == cards("9S", "2D")


def test_retry_goes_back_to_the_start_and_keeps_the_result():
    for p, wrong in ((three(2), "9S"), (PUZZLES[0], check(PUZZLES[0]).failing[0])):
        s = start(p)
        first = s.observation()
        s.play(wrong)
        assert s.result == "failed"
        s.retry()
        assert s.observation() == first and s.moves == []
        assert s.reachable and s.outcome is None and s.result == "failed"
        assert s.hint_level == 0 and s.undo() is False
        follow_hints(s)
        assert s.outcome == "solved" and s.result == "failed"
        s.retry()
        assert s.observation() == first and s.result == "failed"
    s = start(three(2))
    follow_hints(s)
    assert s.result == "solved"
    s.retry()
    s.play("9S")
    assert s.outcome == "failed" and s.result == "solved"  # practice after the solve


# --- 6. the solution -------------------------------------------------------------------------
@pytest.mark.parametrize("p", SAMPLE, ids=[p.id for p in SAMPLE])
def test_solution_replays_to_the_goal_and_changes_nothing_now(p):
    s = start(p)
    s.play(s.hints().card)
    before = snapshot(s)
    assert s.result is None or s.over
    sol = s.solution()
    assert s.shown_solution
    assert s.result in ("failed", "solved")
    if not before[7]:  # asked before the end: a failed attempt
        assert s.result == "failed"
    after = snapshot(s)
    assert after[:4] == before[:4] and after[5:] == before[5:]  # all but the result
    assert sol and sol[0][0] == p.seat
    calls = []
    s.replay(sol, each=lambda: calls.append(len(s.moves)))
    assert calls == list(range(1, len(sol) + 1))
    assert s.moves == sol and s.over and s.replayed
    assert s.reached() and s.outcome == "solved"
    assert s.status().startswith("That was the solution. ")
    # The replay is not a solve: the result stays what it was.
    assert s.result == ("failed" if not before[7] else "solved")


def test_solution_of_the_hand_built_puzzle():
    s = start(three(2))
    assert s.result is None
    sol = s.solution()
    assert s.result == "failed" and s.moves == [] and s.reachable
    assert [c for seat, c in sol if seat == 0] == cards("AS", "9S", "2D")
    assert sol[1][1] in cards("5D", "4D", "3D") and sol[2] == (2, C("QS"))
    s.replay(sol)
    assert s.position.won == (2, 0, 1) and s.reached()
    # A solution asked for after a solve leaves the result "solved".
    s = start(three(2))
    follow_hints(s)
    s.solution()
    assert s.result == "solved" and s.over


def test_solution_mid_puzzle_after_a_wrong_card_is_restored():
    s = start(three(2))
    s.play("2D")
    before = snapshot(s)
    sol = s.solution()
    assert snapshot(s) == before and not s.reachable and s.failed_at == 0
    s.replay(sol)
    assert s.reached() and s.reachable and s.failed_at is None and s.result == "failed"


# --- 7. hidden hands -----------------------------------------------------------------------------
CARD_TOKEN = r"(?<![A-Za-z0-9]){}(?![A-Za-z0-9])"


def _leaks(text: str, hidden_cards) -> list[str]:
    found = []
    for c in hidden_cards:
        if c.is_joker:
            continue
        for form in (str(c), c.symbol()):
            if re.search(CARD_TOKEN.format(re.escape(form)), text):
                found.append(form)
    return found


def _check_hidden(s: PuzzleSession) -> None:
    p = s.puzzle
    obs = s.observation()
    assert s.open_hands() == {}
    hidden = [c for seat, h in enumerate(s.hands()) if seat != p.seat for c in h]
    info = [row for row in obs["info"] if row[0] != "Goal"]
    assert ["Goal", goal_words(p)] in obs["info"]  # the goal may name a card (the K♥)
    text = json.dumps({**obs, "info": info}, ensure_ascii=False)
    assert _leaks(text, hidden) == [], (p.id, s.moves)


HIDDEN = PUZZLES[::6]


@pytest.mark.parametrize("p", HIDDEN, ids=[p.id for p in HIDDEN])
def test_hidden_hands_stay_hidden_while_playing(p):
    q = dataclasses.replace(p, visible=(p.seat,))
    assert q.seen == (p.seat,)
    s = PuzzleSession(q, engine=ENGINE)
    _check_hidden(s)
    line_checked = False
    while not s.over:
        if s.to_move == q.seat and len(s.legal()) > 1:
            if not line_checked:
                ladder = s.hints()
                words = s.hint(4)
                others = [c for seat, h in enumerate(s.hands()) if seat != q.seat for c in h]
                assert _leaks(words, others) == [], words
                if len(ladder.line) > 1:
                    assert "a card of a hand you cannot see is not named" in words.lower()
                line_checked = True
            s.play(s.hints().card, answer=False)
        else:
            s.step()
        if not s.over:
            _check_hidden(s)
        # The line shown again from a later decision names no hidden card either.
        others = [c for seat, h in enumerate(s.hands()) if seat != q.seat for c in h]
        assert _leaks(s.line_note + s.line, others) == [], s.line
    assert s.reached()
    # Once over every hand is turned face up.
    assert set(s.open_hands()) == {str(k) for k in range(q.players) if k != q.seat}


@pytest.mark.parametrize("p", HIDDEN[::2], ids=[p.id for p in HIDDEN[::2]])
def test_visible_hands_are_open_hands(p):
    q = dataclasses.replace(p, visible=tuple(range(p.players)))
    s = PuzzleSession(q, engine=ENGINE)
    while True:
        hands = s.hands()
        assert s.open_hands() == {str(k): [str(c) for c in hands[k]]
                                  for k in range(q.players) if k != q.seat}
        if s.over:
            break
        if s.to_move == q.seat and len(s.legal()) > 1:
            s.play(s.hints().card, answer=False)
        else:
            s.step()


def test_a_read_the_bids_puzzle_hides_the_other_hands_as_bundled():
    p = next(q for q in PUZZLES if q.visible is not None)
    assert p.visible == (p.seat,)
    s = start(p)
    _check_hidden(s)


# --- 8. the hint ladder ------------------------------------------------------------------------
SUITS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


@pytest.mark.parametrize("p", SAMPLE + [three(2)], ids=[p.id for p in SAMPLE] + ["three"])
def test_hint_ladder_goes_one_to_four(p):
    s = start(p)
    ladder = s.hints()
    card = ladder.card
    texts = []
    for level in (1, 2, 3, 4):
        texts.append(s.hint())
        assert s.hint_level == level and s.hints_used == level
    first = p.explanation.strip().split(". ")[0].strip()
    assert texts[0] == ladder.idea == (first if first.endswith((".", "!", "?")) else
                                       first + ".")
    suit = "joker" if card.is_joker else SUITS[card.suit.letter]
    assert texts[1] == f"Play a {suit}."
    assert texts[2] == f"Play the {card.symbol()}."
    assert re.match(f"[Yy]ou {card.symbol()}[,.;]", texts[3].split(": ", 1)[-1])
    assert card in s.winning()
    with pytest.raises(ValueError, match="1 to 4"):
        s.hint(5)
    with pytest.raises(ValueError, match="1 to 4"):
        s.hint(0)
    assert s.hints_used == 4


def test_the_hints_card_is_the_one_its_idea_names():
    """Issue 40: lesson 5's puzzle said to discard a high card when you cannot follow, then
    named the 3♠; where several cards keep a zero bid, the card named is the high one the
    idea speaks of. A lesson's scene without an explanation of its own gets its goal's idea,
    not its prompt again ("You are North and bid 1.")."""
    from tutor.lessons import scenes

    p = next(q for q in PUZZLES if q.id == "make-zero-002")
    s = start(p)
    assert {c.symbol() for c in s.winning()} == {"9♦", "Q♠", "3♠"}  # the debrief's three
    assert "discard it when you cannot follow suit" in s.hint(1)
    assert s.hint(3) == "Play the Q♠."
    assert s.hint(4).split(": ", 1)[-1].startswith("you Q♠")
    scene = scenes()["trixter-05-exact"].puzzle
    idea = hints(scene).idea
    assert not scene.prompt.startswith(idea) and "Count the tricks" in idea


def test_hint_levels_asked_directly_and_the_record_of_the_highest():
    s = start(three(2))
    assert s.hint(3) == "Play the A♠."
    assert s.hint_level == 3 and s.hints_used == 3
    assert s.hint(1) == "The idea of the puzzle."
    assert s.hint_level == 3 and s.hints_used == 3  # the highest asked for counts
    assert s.hint(2) == "Play a spade."
    line = s.hint()  # the next level after 3
    assert line.startswith("Trick 1: you A♠, ") and line == s.hint(4)
    assert s.hint_level == 4 and s.hints_used == 4
    assert s.undo() is False and s.hint_level == 4  # nothing taken back: the level stays
    s.retry()
    assert s.hint_level == 0 and s.hints_used == 4  # hints used are never forgotten
    assert s.hint() == "The idea of the puzzle." and s.hint_level == 1


def test_hints_after_a_wrong_card_say_the_goal_is_gone():
    s = start(three(2))
    s.play("2D")
    assert s.hint(1) == "The idea of the puzzle."
    assert s.hint(3).endswith(" (Your goal is out of reach now; this card does best.)")
    assert not s.hints().reachable


def test_hints_when_there_is_no_decision():
    s = start(three(2))
    s.play("AS", answer=False)
    with pytest.raises(ValueError):
        s.hints()
    s = start(three(2))
    follow_hints(s)
    assert s.hint() == "The puzzle is over."


def test_no_hint_once_the_puzzle_is_over():
    """Solved, failed (even with cards still to play) or its solution shown: no hint is
    offered until a card is taken back or the puzzle retried."""
    tail = " Take a card back (Undo) or retry it to have hints again."
    s = start(three(2))
    assert s.why_no_hint() is None
    s.play("2D")
    assert not s.over and s.to_move == 0
    assert s.why_no_hint() == "The puzzle is over: your goal is out of reach." + tail
    s.undo()
    assert s.why_no_hint() is None
    follow_hints(s)
    assert s.why_no_hint() == "The puzzle is over: you solved it." + tail
    s.retry()
    s.replay(s.solution())
    assert s.why_no_hint() == "The puzzle is over: that was the solution." + tail


def test_the_whole_line_of_the_hand_built_puzzle():
    """Hint 4 tells the line trick by trick, who plays each card, without repeating the
    board's own name for it ("The whole line: The whole line: …" it was, 9 cards in a
    row with no seat and no trick)."""
    s = start(three(2))
    words = s.hint(4)
    # The learner's A♠, a diamond from seat 1, seat 2's Q♠; the 9♠ and two discards; the
    # 2♦ and the last two diamonds: every hand is seen, so every card is named.
    tricks = re.findall(r"Trick (\d): ([^.]*)\.", words)
    assert [n for n, _ in tricks] == ["1", "2", "3"] and "whole line" not in words.lower()
    plays = [t.split(", ") for _, t in tricks]
    assert [[p.rsplit(" ", 1)[0] for p in t] for t in plays] == [
        ["you", "Player 2", "Player 3"]] * 3
    assert [p.rsplit(" ", 1)[1] for p in plays[0]][::2] == ["A♠", "Q♠"]
    assert plays[1][0] == "you 9♠" and plays[2][0] == "you 2♦"
    hidden = start(dataclasses.replace(three(2), visible=(0,))).hint(4)
    assert hidden == ("Trick 1: you A♠, Player 2 a card, Player 3 a card. Trick 2: you 9♠, "
                      "Player 2 a card, Player 3 a card. Trick 3: you 2♦, Player 2 a card, "
                      "Player 3 a card. (A card of a hand you cannot see is not named.)")


def test_the_whole_line_of_a_trick_under_way_and_of_trex():
    s = start(king())
    line = s.hint(4)  # South led, then the K♥: the learner's card ends this trick
    assert re.match(r"This trick: you .♥, \w+ [^,.]+\. Trick 2: ", line + " Trick 2: ")
    t = start(trex(TREX_OUT, 2))
    seat1 = t.names()[1]
    assert t.hint(4) == f"You 3♣, {seat1} passes, South 2♣; you Q♥, {seat1} K♥."


def test_the_only_legal_card_of_several_is_called_so_and_shown_before_it_goes():
    """Holding A♠ and 2♣ when a spade is led, the A♠ is the only legal card, not "your
    only card"; the session says so before it is played (the board shows it and waits)."""
    p = make({"hands": ["A.5..2", "K.6..3", "Q.7..4"], "leader": 0, "trump": None},
             {"kind": "exactly", "tricks": 1})
    s = PuzzleSession(p, engine=ENGINE)
    assert s.forced_words() is None  # three cards to choose from
    s.play("5H", answer=False)  # the 7♥ wins; Player 3 leads
    assert s.step()[1] == C("6H") and s.step()[1] == C("7H")
    led = s.step()[1]  # whatever is led, the learner (next) holds one card of that suit
    (card,) = s.legal()
    assert s.to_move == 0 and len(s.position.hands[0]) == 2 and card.suit == led.suit
    assert s.forced_words() == f"Your only legal card is the {card.symbol()}: it is played " \
                               f"for you."
    assert s.step() == (0, card)
    assert s.note == f"Your only legal card, the {card.symbol()}, was played for you."


def test_the_key_idea_speaks_of_the_first_move():
    """king-dodge-002's winning line plays the Q♠, then the 9♥; the explanation says "The
    9♥ fails" (at the first move). Shown after the solve, it says so."""
    p = next(q for q in PUZZLES if q.id == "king-dodge-002")
    s = PuzzleSession(p, engine=ENGINE)
    follow_hints(s)
    mine = [c for seat, c in s.moves if seat == p.seat]
    assert s.outcome == "solved" and C("9H") in mine[1:]
    idea = s.key_idea()
    assert "At the first move, the 9♥ would fail" in idea and "At your first move" in idea
    assert not re.search(r"\bfails\b|\bfail too\b", idea)
    for q in PUZZLES:  # every bundled explanation reads as the first move's
        idea = PuzzleSession(q, engine=ENGINE).key_idea()
        assert idea.count("At your first move, ") == 1, q.id
        assert not re.search(r"\bfails\b|\bfail too\b|\bHere\b", idea), (q.id, idea)


# --- 9. Trex: places and the deal's end ------------------------------------------------
def test_trex_by_hand_going_out_second():
    p = trex(TREX_OUT, 2)
    r = check(p, engine=ENGINE)
    assert r.ok and r.winning == (C("3C"),) and r.failing == (C("QH"),)
    assert goal_words(p) == "go out second or better"
    s = start(p)
    assert s.observation()["phase"] == "trex" and s.place() is None
    moves = s.play("3C")
    assert moves == [(0, C("3C")), (1, None), (2, C("2C")), (0, C("QH"))]
    assert s.note == "Your last card, the Q♥, was played for you."
    assert s.over and s.position.out == (3, 0)
    assert s.place() == 2 == s.position.out.index(0) + 1
    assert s.outcome == s.result == "solved" and s.reached()
    assert s.status() == "Solved! You went out second."
    obs = s.observation()
    assert obs["out"] == [3, 0] and obs["passes"] == [0, 1, 0, 0]
    assert obs["hand"] == [] and obs["hand_counts"] == [0, 1, 1, 0]
    assert obs["phase"] == "hand_over"


def test_trex_by_hand_the_learner_ends_the_deal_third():
    s = start(trex(TREX_OUT, 2))
    s.play("QH")
    assert s.moves == [(0, C("QH")), (1, C("KH")), (2, C("AH")), (0, C("3C"))]
    assert s.over and s.place() == 3
    assert (s.reachable, s.outcome, s.result, s.reached()) == (False, "failed", "failed",
                                                               False)
    obs = s.observation()
    assert obs["out"] == [3, 1, 0, 2] and obs["phase"] == "hand_over"
    assert obs["hand"] == [] and obs["hand_counts"] == [0, 0, 1, 0]
    assert obs["layout"]["C"][0] == "3C" and obs["layout"]["H"][-1] == "AH"
    assert s.status() == "Not this time. You went out third."
    assert s.undo() and s.observation()["out"] == [3] and s.moves == []


def test_trex_by_hand_a_defender_ends_the_deal():
    p = trex(TREX_END, 3)
    r = check(p, engine=ENGINE)
    assert r.ok and r.winning == (C("QH"),) and r.failing == (C("3C"),)
    s = start(p)
    s.play("3C")
    assert s.moves == [(0, C("3C")), (2, C("2C"))]
    assert s.over and s.place() == 4 and not s.reached() and s.outcome == "failed"
    obs = s.observation()
    assert obs["out"] == [3, 1, 2, 0]
    assert obs["hand"] == ["AH", "KH", "QH"] and obs["hand_counts"] == [3, 0, 0, 0]
    assert obs["layout"]["C"][0] == "2C" and "3C" not in obs["hand"]
    assert len(s.hands()[2]) == 0 and len(s.position.hands[2]) == 1  # before the 2♣

    s = start(p)
    follow_hints(s)
    assert [c for seat, c in s.moves if seat == 0] == cards("QH", "KH", "AH", "3C")
    assert [c for seat, c in s.moves if seat == 2] == [None, None, None]
    assert s.over and s.place() == 3 and s.reached() and s.outcome == s.result == "solved"
    obs = s.observation()
    assert obs["out"] == [3, 1, 0, 2] and obs["hand"] == [] and obs["passes"] == [0, 0, 3, 0]
    assert obs["layout"]["H"][-1] == "AH" and obs["layout"]["C"][0] == "3C"


@pytest.mark.parametrize("p", TREX[::4], ids=[p.id for p in TREX[::4]])
def test_trex_bundled_place_is_the_out_order(p):
    s = start(p)
    follow_hints(s)
    obs = s.observation()
    assert p.seat in obs["out"]
    assert s.place() == obs["out"].index(p.seat) + 1 <= p.target.amount
    played = {str(c) for seat, c in s.moves if c is not None}
    assert not played & set(obs["hand"])
    for row in obs["layout"].values():
        for c in row or []:
            assert not any(c == str(x) for h in s.hands() for x in h)
    s.retry()
    s.play(check(p).failing[0])
    while not s.over:
        s.play(s.legal()[0])
    obs = s.observation()
    assert s.outcome == "failed" and not s.reached()
    assert s.place() is None or s.place() > p.target.amount
    played = {str(c) for seat, c in s.moves if seat == p.seat and c is not None}
    assert not played & set(obs["hand"])
    assert obs["hand_counts"] == [len(h) for h in s.hands()]


def test_trex_deal_end_in_the_bundled_puzzles_is_decided():
    """Whenever a line ends with three seats out, the session is over and decided."""
    ended = 0
    for p in TREX:
        s = start(p)
        s.play(check(p).failing[0])
        while not s.over:
            s.play(s.legal()[-1])
        if len(s.observation()["out"]) == 4:
            ended += 1
            obs = s.observation()
            assert sorted(obs["out"]) == [0, 1, 2, 3] and s.outcome == "failed"
            assert s.place() == obs["out"].index(p.seat) + 1
            last_seat, last = s.moves[-1]
            assert last is not None and str(last) not in obs["hand"]
            assert obs["hand_counts"][last_seat] == 0
    assert ended >= 1


# --- 10. observation() -------------------------------------------------------------------
KEYS = {"game", "seat", "players", "phase", "to_move", "hand", "hand_counts", "legal",
        "trick", "tricks", "info", "facts"}


def _check_shape(s: PuzzleSession) -> None:
    p = s.puzzle
    obs = s.observation()
    assert KEYS <= set(obs)
    assert json.loads(json.dumps(obs)) == obs
    assert obs["game"] == p.game and obs["seat"] == p.seat
    assert len(obs["players"]) == p.players == len(obs["hand_counts"]) == len(obs["facts"])
    assert obs["hand"] == [str(c) for c in s.hands()[p.seat]]
    assert obs["hand_counts"] == [len(h) for h in s.hands()]
    assert set(obs["legal"]) <= set(obs["hand"])
    assert obs["legal"] == [str(c) for c in s.legal()]
    if s.over:
        assert obs["phase"] == "hand_over" and obs["to_move"] is None and obs["legal"] == []
    else:
        assert obs["phase"] == ("trex" if p.is_trex else "play")
        assert obs["to_move"] == s.position.to_move
        if obs["to_move"] != p.seat:
            assert obs["legal"] == []
        elif not p.is_trex:  # a Trex learner may have to pass
            assert obs["legal"]
    assert obs["info"][0] == ["Goal", goal_words(p)]
    assert all(isinstance(f, list) and all(isinstance(x, str) for x in f)
               for f in obs["facts"])
    if p.is_trex:
        assert obs["trick"] == [] and obs["tricks"] == []
    else:
        n = p.players
        assert all(len(t) == n for t in obs["tricks"]) and len(obs["trick"]) < n
        assert obs["trick"] == [[seat, str(c)] for seat, c in zip(
            [(s.position.leader + k) % n for k in range(len(s.position.trick))],
            s.position.trick)]
        if not p.trick:
            assert sum(len(t) for t in obs["tricks"]) + len(obs["trick"]) == len(s.moves)


@pytest.mark.parametrize("p", SAMPLE + [four(1), king()],
                         ids=[p.id for p in SAMPLE] + ["four", "king"])
def test_observation_shape_at_every_step(p):
    s = PuzzleSession(p, engine=ENGINE)
    _check_shape(s)
    for _ in range(200):
        if s.over:
            break
        if s.to_move == p.seat and len(s.legal()) > 1:
            s.play(s.hints().card, answer=False)
        else:
            assert s.step() is not None
        _check_shape(s)
    assert s.over
    assert s.observation()["phase"] == "hand_over"


def test_observation_of_the_hand_built_four_player_puzzle():
    s = start(four(1))
    obs = s.observation()
    assert obs["players"] == ["North", "East", "South", "West"]
    assert obs["hand"] == ["KH", "3H", "2C"] and obs["legal"] == ["KH", "3H"]
    assert obs["hand_counts"] == [3, 3, 3, 2] and obs["trick"] == [[3, "5H"]]
    assert obs["tricks"] == [] and obs["trump"] == "none" and obs["leader"] == 3
    assert obs["info"] == [["Goal", "exactly 1 trick in all"], ["Trump", "no trump"]]
    assert obs["facts"] == [["won 0"]] * 4
    s.play("KH", answer=False)
    obs = s.observation()
    assert obs["to_move"] == 1 and obs["legal"] == [] and obs["hand"] == ["3H", "2C"]
    assert obs["trick"] == [[3, "5H"], [0, "KH"]]


# --- bugs found earlier, fixed ------------------------------------------------------
# make-n-003 of the bundled collection (copied here so the test does not depend on it).
MAKE_N_003 = {
    "position": {"hands": ["J4.J..73", ".KT.6.J5", "..54.A42", "5.Q6.Q.Q"], "leader": 2,
                 "trump": "C", "won": [0, 1, 1, 1]},
    "goal": {"kind": "exactly", "tricks": 3}, "seat": 2}


def test_the_defence_answers_the_same_card_the_same_way_after_undo():
    p = make(MAKE_N_003["position"], MAKE_N_003["goal"], seat=2)
    s = start(p)
    card = s.hints().card
    assert card == C("5D")
    first = s.play(card)
    assert s.undo()
    assert s.play(card) == first


def test_the_solution_is_what_the_defence_plays_on_a_retry():
    p = make(MAKE_N_003["position"], MAKE_N_003["goal"], seat=2)
    s = start(p)
    sol = s.solution()
    s.retry()
    s.advance()
    while not s.over and len(s.moves) < len(sol):
        seat, card = sol[len(s.moves)]
        assert seat == p.seat
        s.play(card)
        assert s.moves == sol[:len(s.moves)]
    assert s.moves == sol


def test_the_hint_ladder_starts_again_at_the_next_decision():
    s = start(three(2))
    s.hint()
    s.hint()
    s.play("AS")
    assert s.to_move == 0 and s.hint_level == 0
    assert s.hint() == "The idea of the puzzle."
    s.hint(4)
    s = start(three(1))
    for _ in range(4):
        s.hint()
    s.play("AS")
    assert s.hint() == "The idea of the puzzle."


def test_junk_text_is_refused_with_a_sentence_starting_with_a_capital():
    s = start(three(2))
    for junk in ("zz", ""):
        why = s.why_illegal(junk)
        assert why is not None and why[0].isupper() and why.endswith("."), why


def test_trex_facts_count_one_card_in_the_singular_and_say_who_is_out():
    s = start(trex(TREX_OUT, 2))
    assert s.observation()["facts"] == [["2 cards"], ["1 card"], ["2 cards"], ["out 1st"]]


# --- 8. the whole line, left by the defence ------------------------------------------------------
BY_ID = {p.id: p for p in PUZZLES}


def _keeps_the_goal(s: PuzzleSession) -> bool:
    """Play ``s.line_moves`` from the position now: every learner card in it keeps the goal
    (the solver's winning cards there), and the line ends with the goal reached."""
    p, pos = s.puzzle, s.position
    for seat, card in s.line_moves:
        if seat == p.seat and card not in winning_cards(p, pos)[1]:
            return False
        pos = play_card(pos, card)
    return p.deal_over(pos) and p.target.kind == "exactly" \
        and pos.won[p.seat] == p.target.amount


@pytest.mark.parametrize("pid, first, line_card, played", [
    ("king-dodge-002", "QS", "7S", "KC"),  # the case: K♣, not the line's 7♠
    ("make-zero-001", "5S", "9S", "QS"),  # the first Trixter lesson's puzzle
])
def test_the_defence_leaving_the_line_is_said_with_the_line_from_now(pid, first, line_card,
                                                                     played):
    p = BY_ID[pid]
    s = start(p)
    s.hint(4)
    assert s.line_note == s.line == ""
    s.play(first)  # the line's card; the defence answers with another card than the line's
    assert C(played) in [c for _, c in s.moves] and C(line_card) not in [c for _, c in s.moves]
    assert s.line_note == (f"The defence played the {C(played).symbol()}, not the "
                           f"{C(line_card).symbol()} of the line: here is the line from now.")
    assert s.line and s.line_moves[0] == (p.seat, s.hints().card)
    assert s.hint_level == 4 and s.hints_used == 4  # shown, not asked: no new hint counted
    assert s.line_moves[0][1] in s.winning()
    # Kept to, the new line reaches the goal, as the solver says at each of its cards.
    follow = [c for seat, c in s.line_moves if seat == p.seat]
    for card in follow:
        if s.over:
            break
        s.play(card)
    assert s.over and s.reached() and s.result == "solved"


def test_the_new_line_of_make_zero_001_is_the_solvers():
    s = start(BY_ID["make-zero-001"])
    s.hint(4)
    s.play("5S")  # North 6♠, East Q♠ (the line had 9♠), South 8♣; East leads Q♦, South 7♥
    assert [str(c) for _, c in s.moves] == ["5S", "6S", "QS", "8C", "QD", "7H"]
    # No diamond to follow the Q♦: of the cards that keep the zero, the idea's, the highest
    # (J♠, discarded where it cannot win), then the solver's line from there.
    assert s.line == ("This trick: you J♠, North 2♦. Trick 5: East 9♠, South 5♥, you 4♠, "
                      "North Q♥. Trick 6: East 8♦, South 4♥, you 3♠, North 8♥. Trick 7: "
                      "East 4♦, South 2♥, you 6♥, North 5♣.")
    assert _keeps_the_goal(s)


def test_a_lost_goal_keeps_saying_so_in_the_new_line():
    s = start(BY_ID["make-zero-001"])
    s.play("JS")  # the one losing card: West wins the trick
    assert not s.reachable
    s.hint(4)
    s.play(s.hints().card)  # 5♠; North throws the 5♣, not the line's Q♥
    assert s.line_note.startswith("The defence played the 5♣, not the Q♥ of the line")
    assert s.line.endswith("(Your goal is out of reach now; this line does best.)")


def test_no_line_note_when_the_learner_leaves_the_line_or_takes_back():
    p = BY_ID["make-zero-001"]
    s = start(p)
    s.hint(4)  # the line starts with the 5♠
    s.play("4S")  # another winning card: the learner's own choice, the hints start over
    assert s.line_note == s.line == "" and s.line_moves == () and s.hint_level == 0
    s = start(p)
    s.hint(4)
    s.play("5S")
    assert s.line_note and s.undo()
    assert s.line_note == s.line == "" and s.line_moves == ()


def test_a_hidden_hand_in_the_line_shows_it_again_without_naming_a_card():
    p = BY_ID["read-the-bids-001"]
    assert p.seen == (p.seat,)
    s = start(p)
    s.hint(4)
    s.play(s.hints().card)
    assert s.line_note == ("A hand you cannot see has played since the line was shown: "
                           "here is the line from now.")
    assert "a card" in s.line and s.line_moves[0] == (p.seat, s.hints().card)
    hidden = [c for seat, h in enumerate(s.hands()) if seat != p.seat for c in h]
    assert _leaks(s.line_note + s.line, hidden) == []


def test_the_first_trixter_lessons_puzzle_idea_is_true_for_its_position():
    """Lesson 1's puzzle: leading the J♠ (a winner) is the one losing card, so the idea
    must not say "get rid of winners early"; it says to lead low and keep the J♠ back."""
    notebook = json.loads(open("lessons/trixter/01_tricks.ipynb", encoding="utf-8").read())
    source = "".join("".join(c["source"]) for c in notebook["cells"])
    assert re.findall(r'puzzle\("([^"]+)"\)', source) == ["make-zero-001"]
    p = BY_ID["make-zero-001"]
    result = check(p)
    assert result.failing == (C("JS"),)
    assert set(result.winning) == set(cards("6H", "5S", "4S", "3S"))
    idea = PuzzleSession(p).hint(1)
    assert "winners early" not in idea
    assert idea.startswith("Lead low and keep the J♠ back")
    # "Under the Q♠ or on a suit you cannot follow": along the solver's line the J♠ falls
    # on a trick another seat wins, with the Q♠ in it or led in a suit West has run out of.
    # West takes no trick, so the J♠ is never led (it would win) and goes either on a
    # spade trick the Q♠ (the one higher spade left) takes or on a suit West cannot follow.
    pos = p.position()
    for card in result.line:
        if card == C("JS"):
            assert pos.trick, "the J♠ led wins the trick"
            led = pos.trick[0].suit
            assert led == C("JS").suit or not any(c.suit == led for c in pos.hands[p.seat])
        pos = play_card(pos, card)
    assert p.deal_over(pos) and pos.won[p.seat] == 0
