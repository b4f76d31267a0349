"""The pace of Trix's round of doubles and claims tells nothing (RULES.md A5).

Every computer seat the round visits stays on screen as long whatever it holds. Here the
clock is a fake one that only moves when the table waits or a bot "thinks": a bot that
holds something to double thinks 1.4 s (more than the 0.6 s pause: a slow machine) and
then declines; one that holds nothing answers at once. With the K♥ (and a queen) in each
computer seat in turn, the page must get the same messages after the same waits.
"""

from __future__ import annotations

import sys

import pytest

from tutor import Card, TrixGame
from tutor.engine.actions import ChooseContract, NoDouble, NoRedeal, Play
from tutor.bots import Bot
from tutor.search.legal import legal_actions
from tutor.engine.protocol import Phase
from dealt import deal_with

pytest.importorskip("anywidget")

from widgets.play import GameView  # noqa: E402

play_module = sys.modules["widgets.play"]  # widgets.play is also the name of a function

THINK = 1.4  # seconds a holder weighs its double (more than the pause)
PAUSE = 0.6


class FakeTime:
    """``time`` for widgets.play and the rehearsal: moves only when told to."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now

    def perf_counter(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)


class Holder(Bot):
    """Thinks ``THINK`` seconds whenever it has a choice in the round, then declines; names
    ``contract`` as owner; plays its first legal card at once."""

    def __init__(self, clock: FakeTime, contract: str, think: float = THINK) -> None:
        self.clock, self.contract, self.think = clock, contract, think

    def __deepcopy__(self, memo):  # the table's stand-in thinks on the same clock, THINK s
        return Holder(self.clock, self.contract)

    def act(self, observation):
        acts = legal_actions(observation)
        if observation.phase == Phase.DOUBLE:
            if len(acts) > 1:
                self.clock.now += self.think
            return next(a for a in acts if isinstance(a, (NoDouble, NoRedeal)))
        if any(isinstance(a, ChooseContract) for a in acts):
            return ChooseContract(self.contract)
        return next(a for a in acts if isinstance(a, Play))


REFRESH = GameView.refresh


def shown(monkeypatch, holder: int, contract: str, cards: list[str], owner: int,
          think: float = THINK):
    """What the page gets (the table's message) and when, from the deal's start to the
    round's end; the learner declines in the round."""
    clock = FakeTime()
    monkeypatch.setattr(play_module, "time", clock)
    game = TrixGame.new(seed=5, deals=[deal_with(holder, cards)], dealer=(owner - 1) % 4,
                        owner=owner)
    assert game.hands[holder] >= {Card.parse(c) for c in cards}
    bots = [None] + [Holder(clock, contract, think) for _ in range(3)]
    log: list[tuple[float, str, str]] = []

    def refresh(self, clear_errors: bool = False) -> None:
        REFRESH(self, clear_errors)
        if not log or log[-1][2] != "play":  # the round and the first page after it
            log.append((round(clock.now, 6), self.table.message, str(self.game.phase)))

    monkeypatch.setattr(GameView, "refresh", refresh)
    with monkeypatch.context() as m:  # as if the deal began later in the game, paced
        m.setattr(GameView, "_run_bots", lambda self, pause=None: None)
        view = GameView(game, seat=0, opponents=bots, pause=PAUSE, hints=False)
    log.clear()
    view._run_bots()
    if owner == 0:
        assert view.handle({"type": "contract", "contract": contract})
    assert view.game.phase == "double" and view.game.to_move == 0
    assert view.handle({"type": "no_double"})
    assert view.game.phase == "play" and view.game.to_move == 0
    return log, view


@pytest.mark.parametrize("contract,cards", [("king", ["KH", "AH", "QH", "JH"]),
                                            ("queens", ["QS", "QH"])])
@pytest.mark.parametrize("owner", [0, 1, 2])
def test_every_seat_of_the_round_takes_the_same_time_whatever_it_holds(monkeypatch, contract,
                                                                       cards, owner):
    runs = {}
    for holder in (1, 2, 3):
        log, view = shown(monkeypatch, holder, contract, cards, owner)
        runs[holder] = log
    # A holder did think (the fake clock moved), yet the pages are the same.
    assert runs[1] == runs[2] == runs[3], runs
    # From one seat's answer in the round to the next: one wait, longer than a holder thinks.
    said = [t for t, text, _ in runs[1] if "said “no" in text]
    waits = [b - a for a, b in zip(said, said[1:])]
    assert len(said) == 3 and all(w == pytest.approx(waits[0]) for w in waits), runs[1]
    assert waits[0] >= THINK


def test_the_round_rehearsal_never_looks_at_the_deal(monkeypatch):
    """The seconds the table rehearses with come from a fixed deal: the same whoever holds
    what in the deal being played."""
    times = set()
    for holder in (1, 2, 3):
        clock = FakeTime()
        game = TrixGame.new(seed=5, deals=[deal_with(holder, ["KH", "AH", "QH", "JH"])],
                            dealer=3, owner=0)
        game.apply(ChooseContract("king"), 0)
        game.apply(NoDouble(), 0)
        view_bots = [None] + [Holder(clock, "king") for _ in range(3)]
        from tutor.app.session import PlaySession

        session = PlaySession(game, seat=0, opponents=view_bots)
        times.add(session.rehearse_round(clock.perf_counter))
    assert times == {THINK}


@pytest.mark.parametrize("owner", [0, 2])
def test_a_holder_slower_than_the_rehearsal_tells_nothing_within_the_head_room(monkeypatch,
                                                                               owner):
    """The real holder thinks 30% longer than the rehearsal did (a busier moment): still
    within the head room, so neither its own turn nor the seats after it wait longer."""
    runs = {holder: shown(monkeypatch, holder, "king", ["KH", "AH", "QH", "JH"], owner,
                          think=1.3 * THINK)[0] for holder in (1, 2, 3)}
    assert runs[1] == runs[2] == runs[3], runs
