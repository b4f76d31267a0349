"""The timed drill (a puzzle rush): three minutes on a clock the test controls, easier
puzzles first, a miss costs twenty seconds, the score is the number solved, the best kept
per learner and the rating never touched; the page's "time up" is checked against
Python's clock; junk requests change nothing."""

from __future__ import annotations

import json
import random

import pytest

from tutor.puzzles import bundled, check
from tutor.puzzles.drill import LIMIT, PENALTY, QUOTA, TOLERANCE, Drill, DrillError, plan
from tutor.app.progress import Progress
from tutor.app.progress_store import ProgressStore

PUZZLES = bundled()


class Tick:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_the_rules_are_three_minutes_and_twenty_seconds_a_miss():
    assert (LIMIT, PENALTY) == (180.0, 20.0)


def test_easier_puzzles_come_first_and_the_difficulty_never_falls():
    for seed in range(5):
        order = [p.difficulty for p in plan(PUZZLES, random.Random(seed))]
        head = sum(QUOTA) + sum(p.difficulty == 5 for p in PUZZLES)
        assert order[:head] == sorted(order[:head])
        assert order[:QUOTA[0]] == [1] * QUOTA[0] and order[head - 1] == 5
        assert sorted(p.id for p in plan(PUZZLES, random.Random(seed))) == \
            sorted(p.id for p in PUZZLES)  # every puzzle once
    # The order within a level is the rng's: two seeds differ.
    a = [p.id for p in plan(PUZZLES, random.Random(1))]
    b = [p.id for p in plan(PUZZLES, random.Random(2))]
    assert a != b


def test_the_clock_the_penalty_and_the_score():
    clock = Tick()
    d = Drill(PUZZLES, rng=random.Random(3), clock=clock)
    assert d.phase == "ready" and d.remaining() == 180
    first = d.start()
    assert first.difficulty == 1 and d.remaining() == 180
    clock.t += 30
    second = d.answer(solved=True)
    assert (d.score, d.missed, d.remaining()) == (1, 0, 150)
    clock.t += 10
    third = d.answer(solved=False)
    assert (d.score, d.missed, d.remaining()) == (1, 1, 120)  # 40 s gone, 20 s penalty
    assert len({first.id, second.id, third.id}) == 3
    assert [r.solved for r in d.results] == [True, False]
    assert [r.at for r in d.results] == [30.0, 40.0]
    # The time runs out between answers: the next answer does not count.
    clock.t += 120
    assert d.remaining() == 0
    assert d.answer(solved=True) is None
    assert d.phase == "over" and d.score == 1 and d.current is None
    # Over, the clock stops.
    clock.t += 500
    assert d.elapsed() == 160 and d.remaining() == 0


def test_misses_alone_can_end_it():
    clock = Tick()
    d = Drill(PUZZLES, rng=random.Random(0), clock=clock)
    d.start()
    for _ in range(8):
        d.answer(solved=False)
    assert d.phase == "running" and d.remaining() == 20
    assert d.answer(solved=False) is None  # the ninth miss: 180 s of penalties
    assert d.phase == "over" and d.missed == 9


def test_the_pages_time_up_is_believed_only_when_the_clock_agrees():
    clock = Tick()
    d = Drill(PUZZLES, rng=random.Random(0), clock=clock)
    d.start()
    clock.t += 100
    with pytest.raises(DrillError, match="Not yet: 1:20 left"):
        d.time_up()
    assert d.phase == "running"
    clock.t += 80 - TOLERANCE / 2  # a little early: the page's clock started a bit later
    d.time_up()
    assert d.phase == "over" and d.remaining() == 0


def test_requests_out_of_turn_are_refused_and_change_nothing():
    clock = Tick()
    d = Drill(PUZZLES, rng=random.Random(0), clock=clock)
    for act in (lambda: d.answer(True), d.time_up, d.stop):
        with pytest.raises(DrillError):
            act()
    assert d.phase == "ready" and d.results == []
    d.start()
    with pytest.raises(DrillError):
        d.start()
    d.answer(True)
    clock.t += 30
    d.stop()
    assert d.phase == "over" and d.score == 1 and d.stopped and d.remaining() == 150
    clock.t += 30
    assert d.remaining() == 150  # the clock stopped with it
    for act in (lambda: d.answer(True), d.time_up, d.stop):
        with pytest.raises(DrillError):
            act()
    assert d.score == 1
    d.start()  # again, from the start
    assert d.phase == "running" and d.results == [] and d.remaining() == 180


def test_a_drill_keeps_its_best_score_and_never_touches_the_rating(tmp_path):
    p = Progress()
    p.record("a", "king", 3, solved=False, when="2026-01-01T10:00:00+00:00")
    before = {k: v for k, v in p.to_dict().items() if k != "drill"}
    assert p.record_drill(7, 2, when="2026-01-02T10:00:00+00:00") is True
    assert p.record_drill(5, 0, when="2026-01-03T10:00:00+00:00") is False
    assert p.record_drill(9, 4, when="2026-01-04T10:00:00+00:00") is True
    assert p.drill_best == 9 and [r.score for r in p.drills] == [7, 5, 9]
    assert {k: v for k, v in p.to_dict().items() if k != "drill"} == before
    with pytest.raises(ValueError):
        p.record_drill(-1, 0)
    with pytest.raises(ValueError):
        p.record_drill(3, True)
    store = ProgressStore(tmp_path / "p.json")
    store.save(p)
    assert ProgressStore(tmp_path / "p.json").load().drill_best == 9


# ---------------------------------------------------------------------------- the page

pytest.importorskip("anywidget")

from test_puzzle_board import send  # noqa: E402
from widgets.rush import RUSH_MESSAGES, PuzzleRush  # noqa: E402


def rush_page(tmp_path, seed: int = 1) -> tuple[PuzzleRush, Tick]:
    clock = Tick()
    page = PuzzleRush(store=ProgressStore(tmp_path / "p.json"), pause=0, seed=seed,
                      clock=clock)
    return page, clock


def solve_one(page: PuzzleRush) -> None:
    """Play the winning card of each decision until the puzzle is replaced."""
    board = page.board
    start = board.puzzle.id
    for _ in range(40):
        if board.puzzle.id != start or page.drill.phase != "running":
            return
        send(board.table, {"type": "play", "card": str(board.session.winning()[0])})
    raise AssertionError("the puzzle never ended")


def test_a_rush_by_messages(tmp_path):
    page, clock = rush_page(tmp_path)
    assert page.panel.state["phase"] == "ready" and page.board.layout.display == "none"
    send(page.board.table, {"type": "play", "card": "AS"})
    assert page.board.table.error == "Press Start first."
    send(page.panel, {"type": "start"})
    s = page.panel.state
    assert (s["phase"], s["remaining"], s["clock"], s["score"]) == ("running", 180, "3:00", 0)
    assert page.board.layout.display == "" and page.board.panel.state["drill"]
    assert page.board.puzzle.difficulty == 1
    # Solved: the score goes up and the next puzzle comes.
    first = page.board.puzzle.id
    clock.t += 12
    solve_one(page)
    s = page.panel.state
    assert s["score"] == 1 and s["results"] == [{"ok": True, "stars": 1}]
    assert page.board.puzzle.id != first and s["note"] == "Solved."
    assert s["remaining"] == 168
    # A losing card is a miss at once: twenty seconds off, the next puzzle.
    p = page.board.puzzle
    bad = check(p).failing[0]
    send(page.board.table, {"type": "play", "card": str(bad)})
    s = page.panel.state
    assert s["missed"] == 1 and s["remaining"] == 148 and page.board.puzzle.id != p.id
    assert s["note"].startswith(f"Missed: the {bad.symbol()} lets the defence stop you")
    assert s["note"].endswith("(−20 s).")
    # No help in a rush.
    for kind in ("hint", "undo", "retry", "solution", "next", "generate"):
        send(page.board.panel, {"type": kind})
        assert "no help" in page.board.panel.error
    assert page.board.session.hints_used == 0
    # The page's countdown says "time up" too early: refused, the time left sent again.
    seq = page.panel.state["seq"]
    send(page.panel, {"type": "time-up"})
    assert page.panel.error == "Not yet: 2:28 left." and page.panel.state["phase"] == "running"
    assert page.panel.state["seq"] > seq
    # At the end of the time it is believed; the score is kept, the rating untouched.
    clock.t += 148
    send(page.panel, {"type": "time-up"})
    s = page.panel.state
    assert s["phase"] == "over" and s["best"] == 1 and page.board.layout.display == "none"
    assert s["summary"] == "Time is up. You solved 1 puzzle and missed 1. A new best!"
    assert s["new_best"]  # the only end drawn in green
    saved = json.loads((tmp_path / "p.json").read_text())
    assert saved["drill"]["best"] == 1 and saved["drill"]["runs"][0]["missed"] == 1
    assert saved["history"] == [] and saved["rating"]["rating"] == 1500
    assert saved["reviews"] == {}


def test_python_clock_ends_the_rush_when_the_page_never_says_so(tmp_path):
    page, clock = rush_page(tmp_path, seed=2)
    send(page.panel, {"type": "start"})
    solve_one(page)
    clock.t += 181  # the browser's "time up" was lost (a closed laptop)
    card = str(page.board.session.legal()[0])
    send(page.board.table, {"type": "play", "card": card})
    assert page.board.table.error == "The time is up."
    s = page.panel.state
    assert s["phase"] == "over" and s["score"] == 1 and s["best"] == 1
    # Again: a new drill from the start, with the best kept.
    send(page.panel, {"type": "start"})
    assert page.panel.state["score"] == 0 and page.panel.state["best"] == 1
    clock.t += 60
    send(page.panel, {"type": "stop"})
    assert page.panel.state["summary"] == \
        "Stopped with 2:00 left. None solved this time: a rush gets quicker with practice. " \
        "Your best is 1."
    assert not page.panel.state["new_best"]
    assert page.panel.state["clock"] == "2:00"
    assert len(page.store.progress.drills) == 2


JUNK = [None, 5, "start", [], {}, {"type": 3}, {"type": "start", "now": 1},
        {"type": "time-up", "remaining": 0}, {"type": "score", "n": 99}, {"type": "tick"},
        {"type": "play", "card": "AS"}, {"type": "stop", "x": 1}]


@pytest.mark.parametrize("content", JUNK, ids=[repr(j)[:30] for j in JUNK])
def test_junk_to_the_rush_is_refused_and_changes_nothing(tmp_path, content):
    page, clock = rush_page(tmp_path, seed=3)
    send(page.panel, {"type": "start"})
    solve_one(page)
    clock.t += 5
    before = (page.panel.state, page.board.puzzle.id, page.drill.results,
              page.drill.remaining(), page.store.progress.to_dict())
    send(page.panel, content)
    assert page.panel.error
    send(page.board.table, content if content != {"type": "play", "card": "AS"}
         else {"type": "play", "card": "ZZ"})
    assert page.board.table.error
    assert (page.panel.state, page.board.puzzle.id, page.drill.results,
            page.drill.remaining(), page.store.progress.to_dict()) == before


def test_every_rush_message_is_sent_by_a_button_or_the_countdown():
    from pathlib import Path

    js = (Path(__file__).resolve().parents[1] / "widgets" / "rush.js").read_text()
    assert set(RUSH_MESSAGES) == {"start", "stop", "time-up"}
    for kind in RUSH_MESSAGES:
        assert f'"{kind}"' in js


def test_use_store_keeps_the_best_in_another_learners_progress(tmp_path):
    page, clock = rush_page(tmp_path, seed=4)
    other = ProgressStore(tmp_path / "other.json")
    other.record_drill(12, 0, when="2026-01-01T00:00:00+00:00")
    page.use_store(other)
    assert page.panel.state["best"] == 12
    send(page.panel, {"type": "start"})
    solve_one(page)
    send(page.panel, {"type": "stop"})
    assert [r.score for r in ProgressStore(tmp_path / "other.json").load().drills] == [12, 1]
    assert not (tmp_path / "p.json").exists()
