"""The headless play session (tutor/app/session.py) without a browser or widgets: computer
turns, undo, new game, the status and result words, refusals, and that nothing it says or
the order it acts in depends on a card the learner may not see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tutor import TrixGame, TrixterGame
from tutor.engine.actions import Action, parse_action
from tutor.bots import Bot
from tutor.engine.cards import Card, CardSet, parse_deal
from tutor.engine.observation import Observation
from tutor.engine.protocol import Phase
from tutor.app.session import Move, PlaySession
from tutor.app.words import describe
from tutor.engine.trix import TrixRules
from tutor.engine.trixter import TrixterRules


class Script(Bot):
    """A computer seat that says the given actions in order."""

    def __init__(self, *texts: str) -> None:
        self.texts = list(texts)

    def act(self, observation: Observation) -> Action:
        return parse_action(self.texts.pop(0))


class FirstLegal(Bot):
    """Always the first legal action: in Trixter's trump and bid phases and in Trix's
    round ("no double" comes last, so: the last one there) a choice that is the same
    whatever the seat holds."""

    def act(self, observation: Observation) -> Action:
        legal = [str(a) for a in observation.legal]
        if observation.phase == Phase.DOUBLE:
            return parse_action("no double" if "no double" in legal else "no redeal")
        return parse_action(legal[0])


def steps(s: PlaySession) -> list[tuple[int, str, str]]:
    """Every computer action up to the learner's turn, one at a time, with the status line
    after each."""
    out = []
    while (m := s.step()) is not None:
        out.append((m.seat, str(m.action), s.status()))
    return out


def learner_move(s: PlaySession, rng: random.Random) -> None:
    s.act(rng.choice(s.game.legal_actions(s.seat)))


# --- computer turns ----------------------------------------------------------------------

@pytest.mark.parametrize("game", [
    TrixterGame.new(players=4, seed=7, first_hand=5), TrixterGame.new(players=5, seed=3),
    TrixGame.new(seed=4)])
def test_computer_turns_run_to_the_learners_turn(game: Any) -> None:
    s = PlaySession(game, seat=1)
    rng = random.Random(1)
    for _ in range(12):
        before = len(s.game.history)
        moves = s.advance()
        assert all(m.seat != 1 for m in moves)
        assert [(m.seat, m.action) for m in moves] == s.game.history[before:]
        assert s.game.to_move in (1, None) and s.computer_to_move is None
        assert s.step() is None and len(s.game.history) == before + len(moves)
        if s.game.to_move is None:
            break
        learner_move(s, rng)
        assert s.note == ""
        # Computer seats answer one action at a time, each where the game waits for it.
        while (mover := s.computer_to_move) is not None:
            n = len(s.game.history)
            move = s.think()
            assert move.seat == mover and len(s.game.history) == n  # thought, not done
            s.carry_out(move)
            assert s.game.history[n:] == [(mover, move.action)]


def test_a_session_is_reproducible() -> None:
    a = PlaySession(TrixGame.new(seed=11), seat=2)
    b = PlaySession(TrixGame.new(seed=11), seat=2)
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(6):
        a.advance(), b.advance()
        learner_move(a, rng_a), learner_move(b, rng_b)
    assert a.game.to_json() == b.game.to_json()


# --- undo --------------------------------------------------------------------------------

def test_undo_takes_back_the_learners_action_and_the_bots_after_it() -> None:
    s = PlaySession(TrixterGame.new(players=4, seed=4, first_hand=4), seat=1)
    s.advance()
    record, note = s.game.to_json(), s.note
    with pytest.raises(ValueError, match="^nothing of yours to take back yet$"):
        s.undo()
    assert s.game.to_json() == record and s.note == note
    assert s.can_undo() == "nothing of yours to take back yet"
    rng = random.Random(2)
    answered = 0
    for _ in range(6):
        if s.game.to_move != 1:
            break
        before, seen = s.game.to_record()["actions"], s.game.observe(1)
        learner_move(s, rng)
        answered += len(s.advance())
        assert s.can_undo() is None
        s.undo()
        assert s.note == "Taken back."
        assert s.game.to_record()["actions"] == before and s.game.observe(1) == seen
        assert s.game.to_move == 1 and s.step() is None  # the learner's turn again
        learner_move(s, rng)
        s.advance()
    assert answered > 0  # computer actions were taken back too


def test_undo_skips_next_and_refuses_at_the_end() -> None:
    # A one-hand game: three players, the 35th hand of 1 card.
    s = PlaySession(TrixterGame.new(players=3, seed=1, dealer=2, first_hand=35,
                                    deals=[["A...", "K...", "Q..."]]),
                    opponents=[None, Script("bid 0", "KS"), Script("trump S", "bid 0", "QS")])
    s.advance()
    s.act("bid 1")
    s.advance()
    s.act("AS")
    s.advance()
    assert s.game.is_over
    record = s.game.to_json()
    with pytest.raises(ValueError, match="^the game is over: start a new game$"):
        s.undo()
    assert s.game.to_json() == record


def test_undo_stays_in_the_hand_being_played() -> None:
    """Issue 40: once "next" has dealt a new hand, Undo does not go back into the scored
    one (the sheet lost it); before that, the hand's last move may still be taken back."""
    s = PlaySession(TrixterGame.new(players=3, seed=2, first_hand=34), seat=0)
    rng = random.Random(6)
    while s.advance() is not None and s.game.phase.value != "hand_over":
        learner_move(s, rng)
    assert s.can_undo() is None  # the hand just ended: its last move may be taken back
    s.act("next")
    s.advance()
    assert s.game.hand_number == 2
    if s.game.to_move != 0:  # computers bid first: nothing of the learner's in hand 2 yet
        record = s.game.to_json()
        with pytest.raises(ValueError, match="^nothing of yours to take back in this hand yet$"):
            s.undo()
        assert s.game.to_json() == record and len(s.game.score_sheet()) == 1


# --- new game ----------------------------------------------------------------------------

def test_a_new_game_is_still_said_when_computer_seats_open_it() -> None:
    s = PlaySession(TrixterGame.new(players=4, seed=5, first_hand=3), seat=2)
    while True:  # a new game whose dealer is a computer seat
        s.new_game()
        if s.computer_to_move is not None:
            break
    moves = s.advance()
    assert moves and s.learner_to_move
    last = moves[-1]
    did = describe(s.game.observation(2).players[last.seat], last.action, False)
    assert s.note == f"A new game. {did}"
    learner_move(s, random.Random(1))
    moves = s.advance()
    assert moves and not s.note.startswith("A new game")  # the learner has played since


def test_new_game_keeps_the_trixter_setup_with_a_new_seed() -> None:
    rules = TrixterRules(allow_no_trump=True, scoring="squared")
    game = TrixterGame.new(players=5, seed=5, first_hand=15, rules=rules,
                           names=["Ana", "Bo", "Cy", "Di", "Ed"])
    s = PlaySession(game, seat=2)
    s.advance()
    learner_move(s, random.Random(3))
    s.new_game()
    new = s.game
    assert new is not game and type(new) is TrixterGame and s.note == "A new game."
    assert new.seed != game.seed and new.rules == rules and new.first_hand == 15
    assert new.names == ["Ana", "Bo", "Cy", "Di", "Ed"] and new.history == []
    # The new seeds come from the first game's: the same session again, the same games.
    again = PlaySession(TrixterGame.new(players=5, seed=5, first_hand=15, rules=rules,
                                        names=["Ana", "Bo", "Cy", "Di", "Ed"]), seat=2)
    again.new_game()
    assert again.game.seed == new.seed and again.game.hands == new.hands
    s.new_game()
    assert s.game.seed not in (game.seed, new.seed)


def test_new_game_keeps_the_full_kingdom_owner() -> None:
    """Trix lesson 9 (widgets.lesson.trix_game(owner=0)): the learner owns the first
    kingdom in every new game too, not the 7♥'s holder."""
    rules = TrixRules(partnership=True, reversed_signs=True)
    game = TrixGame.new(seed=8, owner=0, rules=rules, names=["N", "W", "S", "E"])
    s = PlaySession(game, seat=0)
    for _ in range(3):
        s.new_game()
        assert s.game.first_owner == 0 and s.game.owner == 0 and s.game.rules == rules
        assert s.game.names == ["N", "W", "S", "E"]
        assert s.game.phase.value == "choose_contract" and s.learner_to_move
    # Without an owner, the 7♥ keeps deciding.
    free = PlaySession(TrixGame.new(seed=8), seat=0)
    free.new_game()
    assert free.game.first_owner is None


# --- status and result words -------------------------------------------------------------

def test_status_words_of_a_scripted_trixter_hand() -> None:
    # Three players, two cards each; Player 3 deals and names trump, then bids first.
    deal = [".K..6", "T..5.", "K..T."]
    s = PlaySession(TrixterGame.new(players=3, seed=1, dealer=2, first_hand=2, deals=[deal]),
                    opponents=[None, Script("bid 1", "TS", "5D"),
                               Script("trump S", "bid 0", "KS", "TD")])
    assert s.status() == "Player 3 names trump."
    assert steps(s) == [
        (2, "trump S", "Player 3 named trump: ♠ spades. Player 3 to bid."),
        (2, "bid 0", "Player 3 bid 0. Your bid (2 tricks in this hand).")]
    s.act("bid 1")
    assert s.status() == "Player 2 to bid."
    assert steps(s) == [(1, "bid 1", "Player 2 bid 1. Your lead: play a card.")]
    s.act("KH")
    assert steps(s) == [(1, "TS", "Player 2 played 10♠. Player 3 to play."),
                        (2, "KS", "Player 3 played K♠. Player 3 to play."),
                        (2, "TD", "Player 3 played 10♦. Your turn: play a card.")]
    s.act("6C")
    # The learner bid 1 and took nothing: a miss scores −5 (RULES.md B4).
    assert steps(s) == [(1, "5D", "Player 2 played 5♦. The hand is over. You scored −5. "
                                  "Press “next hand” to go on.")]
    assert s.result() == {}


def test_status_and_result_words_of_a_one_hand_trixter_game() -> None:
    s = PlaySession(TrixterGame.new(players=3, seed=1, dealer=2, first_hand=35,
                                    deals=[["A...", "K...", "Q..."]]),
                    opponents=[None, Script("bid 0", "KS"), Script("trump S", "bid 0", "QS")])
    s.advance()
    assert s.status() == "Player 3 bid 0. Your bid (1 trick in this hand)."
    s.act("bid 1")
    s.advance()
    s.act("AS")
    assert steps(s)[-1][2] == "Player 3 played Q♠. Game over: you won with 11 points."
    # Made bids: 10 + 1 for the learner, 10 for each made zero.
    assert s.result() == {
        "title": "You won!",
        "rows": [{"place": "1st", "name": "You", "score": 11, "me": True},
                 {"place": "2nd", "name": "Player 2", "score": 10, "me": False},
                 {"place": "2nd", "name": "Player 3", "score": 10, "me": False}],
        "words": ["You finished 1st of 3, 1 point ahead of Player 2 and Player 3."]}


# Seat 1 holds the K♥ in long low hearts; the learner (seat 0) owns the kingdom.
KING_DEAL = ["AKQJT9876543..2.", "2.K9532.AKQJT.AK", "..9876543.QJT982",
             ".AQJT8764..76543"]


def test_status_words_of_a_scripted_trix_round() -> None:
    s = PlaySession(TrixGame.new(seed=0, deals=[KING_DEAL], dealer=0, owner=0),
                    opponents=[None, Script("double KH", "no double"), Script("no double"),
                               Script("no double")])
    assert s.status() == "You own this kingdom: choose the contract."
    s.act("contract king")
    assert s.status() == "Your turn: you have nothing to double or claim; say “no double”."
    s.act("no double")
    anyone = "to double, claim a redeal, or say “no double”."
    assert s.status() == f"Player 2 {anyone}"
    assert steps(s) == [
        (1, "double KH", f"Player 2 doubled K♥. Player 2 {anyone}"),
        (1, "no double", f"Player 2 said “no double”. Player 3 {anyone}"),
        (2, "no double", f"Player 3 said “no double”. Player 4 {anyone}"),
        (3, "no double", "Player 4 said “no double”. Your lead: play a card.")]


def test_after_doubling_the_only_queen_the_learner_has_nothing_more_to_double() -> None:
    # The learner stays to move after a double (A5: ending the turn would tell everyone
    # no queen is left); the status says "more", not as if the double had not counted.
    s = PlaySession(TrixGame.new(seed=0, deals=[KING_DEAL], dealer=0, owner=0),
                    opponents=[None, Script("no double"), Script("no double"),
                               Script("no double")])
    s.act("contract queens")
    assert s.status() == "Your turn: double, or say “no double”."
    s.act("double QS")
    assert s.status() == "Your turn: you have nothing more to double; say “no double”."
    s.act("no double")
    assert s.status() == "Player 2 to double a queen or say “no double”."


# --- refusals ----------------------------------------------------------------------------

JUNK: list[Any] = [None, 42, "", "XYZ", "bid 99", "double QH", "contract bridge", "trump S",
                   ["QS"], {"type": "play"}, Move(0, parse_action("AS"))]


def test_junk_and_illegal_actions_are_refused_and_change_nothing() -> None:
    s = PlaySession(TrixGame.new(seed=0, deals=[KING_DEAL], dealer=0, owner=0),
                    opponents="random")
    s.act("contract king")
    s.act("no double")
    s.advance()
    assert s.learner_to_move and s.game.phase.value == "play"
    s.note = "Player 4 said “no double”."
    for junk in [*JUNK, "KH", "QH", "no double", "next", "contract queens"]:
        record, status = s.game.to_json(), s.status()
        with pytest.raises(ValueError) as refusal:
            s.act(junk)
        assert str(refusal.value), junk  # a reason, in words
        assert s.game.to_json() == record and s.status() == status, junk
    # The rules' own reason reaches the learner unchanged.
    with pytest.raises(ValueError) as refusal:
        s.act("KH")
    assert str(refusal.value) == s.game.why_illegal(parse_action("KH"), seat=0)
    # A computer seat's turn is not the learner's; no computer seat moves on the learner's.
    record = s.game.to_json()
    with pytest.raises(ValueError, match="no computer seat is to move"):
        s.think()
    with pytest.raises(ValueError, match="not seat 1's turn"):
        s.carry_out(Move(1, parse_action("2S")))
    assert s.game.to_json() == record


def test_refused_on_a_computer_seats_turn() -> None:
    s = PlaySession(TrixterGame.new(players=4, seed=2, dealer=1, first_hand=3), seat=0)
    assert s.computer_to_move is not None  # the dealer names trump first
    record = s.game.to_json()
    for action in ("trump S", "bid 0", *s.game.legal_actions(s.computer_to_move)):
        with pytest.raises(ValueError):
            s.act(action)
    assert s.game.to_json() == record


def test_a_bad_setup_is_refused() -> None:
    with pytest.raises(TypeError):
        PlaySession("a game")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat must be 0..3"):
        PlaySession(TrixGame.new(seed=1), seat=4)
    with pytest.raises(ValueError, match="one opponent per seat"):
        PlaySession(TrixGame.new(seed=1), opponents=["beginner"])
    s = PlaySession(TrixGame.new(seed=1))
    with pytest.raises(ValueError, match="no bot level 'wizard'"):
        s.set_level("wizard")
    s.set_level("random")
    assert s.note == "The computer players now play at the level Random (any legal move)."


# --- hidden information ------------------------------------------------------------------

def _moved(deal: list[str], card: str, to: int) -> list[str]:
    """The deal with ``card`` swapped into seat ``to``'s hand for that hand's first card
    (seat 0, the learner's, never changes)."""
    hands = [list(h) for h in parse_deal(deal)]
    c = Card.parse(card)
    src = next(i for i, h in enumerate(hands) if c in h)
    assert 0 not in (src, to)
    if src != to:
        back = hands[to][0]
        hands[src].remove(c), hands[to].remove(back)
        hands[src].append(back), hands[to].append(c)
    return [CardSet(h).pbn() for h in hands]


def _shuffled(deal: list[str], seed: int) -> list[str]:
    """The other seats' cards dealt again among them at random (seat 0's hand kept)."""
    hands = [list(h) for h in parse_deal(deal)]
    rest = [c for h in hands[1:] for c in h]
    random.Random(seed).shuffle(rest)
    out, i = [hands[0]], 0
    for h in hands[1:]:
        out.append(rest[i:i + len(h)])
        i += len(h)
    return [CardSet(h).pbn() for h in out]


def _public_run(game: Any, learner: list[str]) -> list[Any]:
    """Who acts, what the learner reads and sees, through a run where the computer seats
    choose the same public actions whatever they hold (up to the first card played)."""
    s = PlaySession(game, seat=0, opponents=[None, FirstLegal(), FirstLegal(), FirstLegal()])
    seen: list[Any] = [s.status(), s.views()]
    for text in learner:
        while s.game.phase.value not in ("play", "trex") and (m := s.step()) is not None:
            seen += [m.seat, str(m.action), s.status(), s.views()]
        s.act(text)
        seen += [s.status(), s.views()]
    while s.game.phase.value not in ("play", "trex") and (m := s.step()) is not None:
        seen += [m.seat, str(m.action), s.status(), s.views()]
    return seen


@pytest.mark.parametrize("contract", ["king", "queens", "trex"])
def test_the_round_reads_the_same_wherever_the_hidden_cards_are(contract: str) -> None:
    deals = [_moved(KING_DEAL, card, to) for card, to in
             (("KH", 1), ("KH", 2), ("KH", 3), ("QD", 3), ("2S", 2))]
    deals += [_shuffled(KING_DEAL, seed) for seed in range(3)]
    assert len({tuple(d) for d in deals}) == len(deals)
    word = "no redeal" if contract == "trex" else "no double"
    runs = [_public_run(TrixGame.new(seed=0, deals=[d], dealer=0, owner=0),
                        [f"contract {contract}", word]) for d in deals]
    assert all(run == runs[0] for run in runs[1:])
    assert runs[0].count(word) == 3  # every computer seat had its turn in the round


def test_trixter_bidding_reads_the_same_wherever_the_hidden_cards_are() -> None:
    deal = ["AK.2.3.4", "QJ.3.4.5", "T9.4.5.6", "87.5.6.7"]
    deals = [deal] + [_shuffled(deal, seed) for seed in range(4)]
    assert len({tuple(d) for d in deals}) == len(deals)
    runs = [_public_run(TrixterGame.new(players=4, seed=3, dealer=1, first_hand=5,
                                        deals=[d]), ["bid 1"]) for d in deals]
    assert all(run == runs[0] for run in runs[1:])
    assert [x for x in runs[0] if isinstance(x, int)] == [1, 1, 2, 3]  # trump, then bids


def test_a_trix_deal_is_a_deal_not_a_hand():
    """Issue 28: Trix plays deals (RULES.md A1); its words never call one a hand."""
    from tutor.app.words import status_text

    obs = {"phase": "hand_over", "to_move": None, "seat": 0, "game": "trix",
           "players": ["You", "Player 2", "Player 3", "Player 4"],
           "last_deal": {"points": [-75, 0, 0, 0]}}
    assert status_text(obs) == "The deal is over. You scored −75. Press “next deal” to go on."
    obs = dict(obs, last_deal={"points": [0, 0, 0, 0], "redeal": 2})
    assert status_text(obs) == "Redeal claimed by Player 3. Press “next deal”."
    s = PlaySession(TrixGame.new(seed=1, owner=0), seat=0)
    s.game.apply("contract king")
    while s.game.to_move is not None:
        s.game.apply(s.game.legal_actions()[0])
    assert s.can_hint() == "nothing to decide now: press “next deal” to go on"


@pytest.mark.parametrize("contract", ["king", "queens"])
def test_a_trix_deal_ended_early_says_why(contract):
    """Issue 40: a deal that stops before its 13th trick says which cards fell (RULES.md A2
    ``end_early``), not only "The deal is over"; a deal played out says only that."""
    from tutor.app.words import status_text

    fell = {"king": "The K♥ has been taken", "queens": "All four queens have been taken"}
    said = {True: 0, False: 0}
    for seed in range(12):
        rng = random.Random(seed)
        g = TrixGame.new(seed=seed, owner=0)
        g.apply(f"contract {contract}")
        while g.phase is not Phase.HAND_OVER:
            g.apply(rng.choice(g.legal_actions()))
        row = g.score_sheet()[-1]
        played, mine = sum(row["tricks"]), row["points"][0]
        early = played < 13
        said[early] += 1
        after = f"{played} trick{'s' * (played > 1)}"
        head = f"{fell[contract]}: the deal ends after {after}." if early else "The deal is over."
        score = f"{'+' if mine > 0 else '−' if mine < 0 else ''}{abs(mine)}"
        assert status_text(g.observe(0)) == \
            f"{head} You scored {score}. Press “next deal” to go on."
    assert said[True] >= 3  # random play lets the cards fall early in most deals
