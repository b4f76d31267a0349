"""The pace of the computer seats (tutor.app.pacing) on a fake clock, with the waits worked
out by hand from the constants: a seat's time on screen must not tell what it holds
(RULES.md A5)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tutor import TrixGame, TrixterGame
from tutor.app.pacing import (PACE_CAP, PACE_WINDOW, ROUND_MARGIN, Pacer, checked_pause,
                              default_pause, round_key)
from tutor.app.session import Move, PlaySession
from tutor.bots import Bot
from tutor.engine.actions import NoDouble, NoRedeal, Play
from tutor.engine.protocol import Phase
from dealt import deal_with
from tutor.search.legal import legal_actions

PAUSE = 0.6


class FakeClock:
    """Seconds that move only when a bot "thinks" or the pacer sleeps."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(round(seconds, 9))
        self.now += seconds


@dataclass
class FakeGame:
    phase: Phase = Phase.PLAY
    contract: str = "king"


class FakeSession:
    """A session whose computer seats think ``steps[i] = (phase, seconds)`` in turn, then
    hand over to the learner; it records when each move is carried out."""

    def __init__(self, clock: FakeClock, steps: list[tuple[Phase, float]],
                 rehearsal: float = 0.0, contract: str = "king") -> None:
        self.clock, self.steps, self.rehearsal = clock, list(steps), rehearsal
        self.game = FakeGame(steps[0][0] if steps else Phase.PLAY, contract)
        self.opponents = "beginner"
        self.rehearsals = 0
        self.done: list[float] = []

    @property
    def computer_to_move(self) -> int | None:
        return 1 if self.steps else None

    def rehearse_round(self, clock) -> float:
        self.rehearsals += 1
        started = clock()
        self.clock.now += self.rehearsal
        return clock() - started

    def think(self) -> Move:
        self.clock.now += self.steps[0][1]
        return Move(1, NoDouble())

    def carry_out(self, move: Move) -> None:
        self.steps.pop(0)
        self.done.append(round(self.clock.now, 9))
        if self.steps:
            self.game.phase = self.steps[0][0]


def run(steps: list[tuple[Phase, float]], pause: float = PAUSE, rehearsal: float = 0.0,
        pacer: Pacer | None = None, clock: FakeClock | None = None):
    clock = clock or FakeClock()
    pacer = pacer or Pacer(clock=clock, sleep=clock.sleep)
    session = FakeSession(clock, steps, rehearsal)
    shown: list[float] = []
    pacer.play_turns(session, pause, lambda: shown.append(round(clock.now, 9)))
    return clock, session, shown


def gaps(times: list[float], start: float = 0.0) -> list[float]:
    return [round(b - a, 9) for a, b in zip([start] + times, times)]


# --- card play: the pause, or the slowest recent thought, capped ----------------------------

def test_a_quick_move_is_padded_to_the_pause() -> None:
    clock, session, shown = run([(Phase.PLAY, 0.1), (Phase.PLAY, 0.0), (Phase.PLAY, 0.25)])
    assert clock.sleeps == [0.5, 0.6, 0.35]
    assert gaps(session.done) == [0.6, 0.6, 0.6]
    assert shown == session.done  # a redraw after every move, once it is carried out


def test_a_slow_move_is_not_padded_and_sets_the_pace_of_the_next_ones() -> None:
    clock, session, _ = run([(Phase.PLAY, 1.0), (Phase.PLAY, 0.0), (Phase.PLAY, 0.3)])
    # 1.0 s is past the pause: no sleep; the forced move after it waits as long.
    assert clock.sleeps == [1.0, 0.7]
    assert gaps(session.done) == [1.0, 1.0, 1.0]


def test_a_slow_thought_is_forgotten_after_the_window() -> None:
    steps = [(Phase.PLAY, 1.0)] + [(Phase.PLAY, 0.1)] * PACE_WINDOW
    clock, session, _ = run(steps)
    assert PACE_WINDOW == 12
    # Eleven quick moves still see the 1.0 s thought; the twelfth does not.
    assert gaps(session.done) == [1.0] * 12 + [0.6]
    assert clock.sleeps == [0.9] * 11 + [0.5]


def test_the_cap() -> None:
    clock, session, _ = run([(Phase.PLAY, 10.0), (Phase.PLAY, 0.1)])
    assert PACE_CAP == 4.0
    # The slow move itself is not cut short; the next waits the cap, not 10 s.
    assert clock.sleeps == [3.9]
    assert gaps(session.done) == [10.0, 4.0]


def test_no_pause_no_padding_and_no_rehearsal() -> None:
    clock, session, _ = run([(Phase.DOUBLE, 0.0), (Phase.PLAY, 0.3), (Phase.PLAY, 0.0)],
                            pause=0.0, rehearsal=1.0)
    assert clock.sleeps == [] and session.rehearsals == 0
    assert session.done == [0.0, 0.3, 0.3]


def test_the_pace_numbers() -> None:
    pacer = Pacer(clock=lambda: 0.0, sleep=lambda s: None)
    assert pacer.pace(0.5, 0.1) == 0.5
    assert pacer.pace(0.5, 2.0) == 2.0
    assert pacer.pace(0.5, 0.1) == 2.0
    assert pacer.pace(0.5, 9.0) == PACE_CAP
    assert pacer.pace(0.0, 3.0) == 0.0
    assert pacer.thoughts == [0.1, 2.0, 0.1, 9.0]  # no pause: not remembered


# --- Trix's round of doubles: padded to the rehearsed time -------------------------------------

def test_the_round_is_padded_to_its_rehearsed_time_whatever_a_seat_thinks() -> None:
    # Rehearsed 0.8 s: each seat of the round takes ROUND_MARGIN * 0.8 = 1.2 s, a holder
    # that weighs its double 1.0 s as long as the seats with nothing to weigh.
    assert ROUND_MARGIN == 1.5
    steps = [(Phase.DOUBLE, 0.0), (Phase.DOUBLE, 1.0), (Phase.DOUBLE, 0.0),
             (Phase.PLAY, 0.0)]
    clock, session, _ = run(steps, rehearsal=0.8)
    assert session.rehearsals == 1  # once, before the round's first computer action
    assert clock.sleeps == [1.2, 0.2, 1.2, 0.6]
    assert gaps(session.done, start=0.8) == [1.2, 1.2, 1.2, 0.6]


@pytest.mark.parametrize("holder", [0, 1, 2])
def test_where_the_holder_sits_does_not_show(holder: int) -> None:
    steps = [(Phase.DOUBLE, 1.1 if s == holder else 0.0) for s in range(3)]
    _, session, _ = run(steps, rehearsal=0.8)
    assert session.done == [2.0, 3.2, 4.4]


def test_a_round_with_nothing_rehearsed_waits_the_pause() -> None:
    clock, session, _ = run([(Phase.DOUBLE, 0.0), (Phase.DOUBLE, 0.5)], rehearsal=0.0)
    assert clock.sleeps == [0.6, 0.1]
    assert session.done == [0.6, 1.2]


def test_the_rehearsed_round_is_capped() -> None:
    clock, session, _ = run([(Phase.DOUBLE, 0.0)], rehearsal=3.0)  # 1.5 * 3.0 > 4.0
    assert clock.sleeps == [4.0]


def test_a_thought_past_the_head_room_raises_the_pace_for_the_rounds_to_come() -> None:
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep)
    # Held 1.2 s; a holder thinks 2.0 s (seen anyway): the cost is now 2.0, so every
    # later seat, this round and the next, takes 1.5 * 2.0 = 3.0 s.
    _, first, _ = run([(Phase.DOUBLE, 0.0), (Phase.DOUBLE, 2.0), (Phase.DOUBLE, 0.0)],
                      rehearsal=0.8, pacer=pacer, clock=clock)
    assert clock.sleeps == [1.2, 3.0]
    assert gaps(first.done, start=0.8) == [1.2, 2.0, 3.0]
    assert pacer.round_costs == {("king", "beginner"): pytest.approx(2.0)}
    _, second, _ = run([(Phase.DOUBLE, 0.0)], rehearsal=0.8, pacer=pacer, clock=clock)
    assert second.rehearsals == 0  # the same contract and level: not rehearsed again
    assert clock.sleeps[-1] == 3.0


def test_the_round_is_kept_apart_from_the_card_play_window() -> None:
    clock, session, _ = run([(Phase.DOUBLE, 3.0), (Phase.PLAY, 0.0)], rehearsal=0.8)
    assert clock.sleeps == [0.6]  # card play: the pause, not the round's 3.0 s thought
    assert session.done == [3.8, 4.4]


def test_each_contract_and_level_is_rehearsed_once() -> None:
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep)
    session = FakeSession(clock, [(Phase.DOUBLE, 0.0)], rehearsal=0.4)
    assert round_key(session) == ("king", "beginner")
    pacer.play_turns(session, PAUSE)
    queens = FakeSession(clock, [(Phase.DOUBLE, 0.0)], rehearsal=0.8, contract="queens")
    pacer.play_turns(queens, PAUSE)
    assert session.rehearsals == queens.rehearsals == 1
    assert pacer.round_costs == pytest.approx({("king", "beginner"): 0.4,
                                               ("queens", "beginner"): 0.8})
    assert clock.sleeps == [0.6, 1.2]  # max(pause, 1.5 * 0.4); 1.5 * 0.8


# --- a real session ---------------------------------------------------------------------------

THINK = 1.4


class Holder(Bot):
    """Thinks ``THINK`` s when it has a choice in the round, then declines; plays its first
    legal card at once."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock

    def __deepcopy__(self, memo):  # the rehearsal's stand-in thinks on the same clock
        return Holder(self.clock)

    def act(self, observation):
        acts = legal_actions(observation)
        if observation.phase == Phase.DOUBLE:
            if len(acts) > 1:
                self.clock.now += THINK
            return next(a for a in acts if isinstance(a, (NoDouble, NoRedeal)))
        return next(a for a in acts if isinstance(a, Play))


def round_of(holder: int) -> list[tuple[float, str]]:
    clock = FakeClock()
    game = TrixGame.new(seed=5, deals=[deal_with(holder, ["KH", "AH", "QH", "JH"])],
                        dealer=3, owner=0)
    session = PlaySession(game, seat=0, opponents=[None] + [Holder(clock) for _ in range(3)])
    session.act("contract king")
    session.act("no double")
    assert game.phase == Phase.DOUBLE and session.computer_to_move is not None
    seen: list[tuple[float, str]] = []
    pacer = Pacer(clock=clock, sleep=clock.sleep)
    pacer.play_turns(session, PAUSE, lambda: seen.append((round(clock.now, 9),
                                                          str(game.phase))))
    return seen


def test_a_real_round_takes_the_same_time_whoever_holds_the_king() -> None:
    runs = {holder: round_of(holder) for holder in (1, 2, 3)}
    assert runs[1] == runs[2] == runs[3]
    # The rehearsal thinks 1.4 s; each seat of the round then takes 1.5 * 1.4 = 2.1 s;
    # then the learner leads.
    assert runs[1] == [(3.5, "double"), (5.6, "double"), (7.7, "play")]


def test_a_real_session_waits_the_pause_between_instant_bots() -> None:
    clock = FakeClock()
    session = PlaySession(TrixterGame.new(players=4, seed=1, dealer=1, first_hand=2))
    pacer = Pacer(clock=clock, sleep=clock.sleep)
    moves: list[float] = []
    pacer.play_turns(session, 0.25, lambda: moves.append(clock.now))
    assert moves and session.computer_to_move is None
    assert clock.sleeps == [0.25] * len(moves)  # the beginner thinks in no fake time


# --- the pause itself ----------------------------------------------------------------------

def test_the_pause_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRIX_TUTOR_PAUSE", "0.2")
    assert default_pause() == 0.2 and checked_pause(None) == 0.2
    monkeypatch.setenv("TRIX_TUTOR_PAUSE", "soon")
    assert default_pause() == 0.6
    monkeypatch.delenv("TRIX_TUTOR_PAUSE")
    assert default_pause() == 0.6
    assert checked_pause(3) == 3.0 and isinstance(checked_pause(3), float)
    for junk in (-1, 11, "1", True, None):
        if junk is None:
            monkeypatch.setenv("TRIX_TUTOR_PAUSE", "20")
        with pytest.raises(ValueError, match="pause is a number of seconds from 0 to 10"):
            checked_pause(junk)
