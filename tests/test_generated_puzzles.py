"""Puzzles without end: fresh puzzles from the generator, proved by the solver, with ids
of their own, kept in the learner's progress while they are due for review and dealt
again from there."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from tutor.puzzles import PuzzleError, bundled, check, grade
from tutor.puzzles.fresh import FAST_THEMES, fresh, is_generated, puzzle_data, rebuild
from tutor.app.progress_store import ProgressStore

T0 = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)


class Clock:
    """A clock the test moves."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


@pytest.mark.parametrize("theme,level", [("make-n", 2), ("king-dodge", 3), ("trex-open", 1),
                                         ("ltoosh-count", 2), ("duck-with-joker", 1)])
def test_a_fresh_puzzle_is_proved_graded_and_named(theme, level):
    p = fresh(theme, level, seed="t1", budget=60)
    assert p is not None and p.id == f"gen-{theme}-t1" and is_generated(p.id)
    r = check(p)
    assert r.ok and r.winning and r.failing
    assert p.difficulty == grade(p) == level
    assert p.prompt and p.title and p.explanation
    # The same seed deals the same puzzle (the budget was not what stopped it).
    assert fresh(theme, level, seed="t1", budget=60) == p


def test_when_the_budget_is_spent_the_nearest_level_found_is_taken():
    ticks = iter(range(1000))
    late = fresh("make-n", 5, seed="late", budget=0.5, clock=lambda: next(ticks))
    # The clock says a second has gone by at each look: the first proved candidate is it.
    assert late is not None and check(late).ok
    first = fresh("make-n", None, seed="late")
    assert late.hands == first.hands and late.difficulty == grade(first)


def test_seeds_and_themes_are_checked():
    with pytest.raises(ValueError):
        fresh("no-such-theme", 1)
    with pytest.raises(ValueError):
        fresh("make-n", 6)
    with pytest.raises(ValueError):
        fresh("make-n", 1, seed="Not/a seed")
    with pytest.raises(ValueError):
        fresh("make-n", 1, seed="abc", taken={"gen-make-n-abc"})
    a, b = fresh("make-n", 2), fresh("make-n", 2)
    assert a.id != b.id  # random seeds by default


def test_a_generated_puzzle_is_dealt_again_from_its_data():
    p = fresh("queens", 2, seed="again")
    data = json.loads(json.dumps(puzzle_data(p)))  # as the progress file keeps it
    assert rebuild(data) == p


@pytest.mark.parametrize("spoil", [
    lambda d: d.update(id="queens-001"),  # not a generated id
    lambda d: d.update(theme="no-such-theme"),
    lambda d: d.update(goal={"kind": "penalty", "at_most": -1000}),  # cannot be reached
    lambda d: d["position"].update(hands=["AKQJT98765432.", "", "", ""]),
    lambda d: d.update(seat="north"),
])
def test_a_spoilt_generated_puzzle_is_refused(spoil):
    data = json.loads(json.dumps(puzzle_data(fresh("queens", 2, seed="spoilt"))))
    spoil(data)
    with pytest.raises((PuzzleError, ValueError)):
        rebuild(data)


def test_any_theme_deals_only_the_quick_themes():
    assert "read-the-bids" not in FAST_THEMES and "make-n" in FAST_THEMES


# ---------------------------------------------------------------------------- the trainer

pytest.importorskip("anywidget")

from test_puzzle_board import send, solve_by_clicking  # noqa: E402
from widgets.puzzle import PuzzleTrainer  # noqa: E402


def test_when_every_puzzle_is_done_the_trainer_deals_a_fresh_one(tmp_path):
    only = [p for p in bundled() if p.theme == "king-dodge" and p.difficulty == 2]
    store = ProgressStore(tmp_path / "p.json")
    clock = Clock()
    t = PuzzleTrainer(puzzles=only, store=store, pause=0, seed=3, clock=clock)
    t.difficulty.value = 2
    seen = set()
    for _ in only:  # the bundled ones first
        assert t.board.puzzle in only and t.board.puzzle.id not in seen
        seen.add(t.board.puzzle.id)
        solve_by_clicking(t.board)
        send(t.board.panel, {"type": "next"})
    p = t.board.puzzle
    assert p not in only and is_generated(p.id) and p.theme == "king-dodge"
    assert check(p).ok and "You have done every puzzle of this choice" in t.message.value
    # Same board, same rating: solving it counts like any puzzle of its difficulty.
    before = store.progress.rating
    solve_by_clicking(t.board)
    assert store.load().history[-1].id == p.id and store.progress.rating > before


def test_the_generated_button_deals_one_and_a_missed_one_comes_back(tmp_path):
    path = tmp_path / "p.json"
    clock = Clock()
    t = PuzzleTrainer(store=ProgressStore(path), pause=0, seed=4, clock=clock)
    t.theme.value = "queens"
    send(t.board.panel, {"type": "generate"})
    p = t.board.puzzle
    assert is_generated(p.id) and p.theme == "queens" and check(p).ok
    assert t.board.panel.state["generate"] and "dealt just now" in t.message.value
    # Missed: kept in the progress with its data, due in a day.
    send(t.board.table, {"type": "play", "card": str(check(p).failing[0])})
    saved = ProgressStore(path).load()
    assert saved.history[-1].id == p.id and saved.history[-1].outcome == "failed"
    assert saved.generated[p.id] == json.loads(json.dumps(puzzle_data(p)))
    assert "It comes back for review in 1 day." in t.board.panel.state["result_words"]
    # A day later, on another trainer from the file (a new session), it comes first,
    # dealt again from the progress, before any new puzzle.
    clock.now = T0 + timedelta(days=1, minutes=1)
    again = PuzzleTrainer(store=ProgressStore(path), pause=0, seed=5, clock=clock)
    again.theme.value = "queens"
    assert again.board.puzzle == p and again.board.panel.state["review"]
    assert again.board.panel.state["due_words"] == "1 puzzle due for review"
    assert "back for review" in again.message.value
    assert "1 puzzle due for review" in again.progress_view.value
    # Solved cleanly on review: one wait on (3 days), nothing due any more.
    solve_by_clicking(again.board)
    review = again.store.progress.reviews[p.id]
    assert review.step == 1 and review.due == (clock.now + timedelta(days=3)).isoformat(
        timespec="seconds")
    assert "Solved on review: it comes back in 3 days." in \
        again.board.panel.state["result_words"]
    send(again.board.panel, {"type": "next"})
    assert again.board.panel.state["due_words"] == ""


def test_a_spoilt_generated_puzzle_in_the_progress_is_skipped(tmp_path):
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    p = fresh("queens", 2, seed="bad1")
    data = puzzle_data(p)
    data["goal"] = {"kind": "penalty", "at_most": -1000}
    store.record(p.id, "queens", 2, solved=False, when=T0, data=data)
    clock = Clock(T0 + timedelta(days=2))
    t = PuzzleTrainer(store=ProgressStore(path), pause=0, seed=1, clock=clock)
    t.theme.value = "queens"
    assert t.board.puzzle.id != p.id and not is_generated(t.board.puzzle.id)
    assert t.due_count() == 0  # not counted as due: it cannot be dealt

