"""The puzzle trainer without a page (tutor.app.trainer): the pool, the choice of the next
puzzle for a known progress and seed, and generated puzzles dealt afresh or dealt again
from the learner's progress. Nothing here imports ipywidgets."""

from __future__ import annotations

import random
import subprocess
import sys
from datetime import datetime, timedelta, timezone

import pytest

from tutor.app.progress import Progress
from tutor.app.progress_store import ProgressStore
from tutor.app.trainer import NO_FRESH_WORDS, Trainer, theme_title
from tutor.puzzles import bundled, check
from tutor.puzzles.fresh import fresh, is_generated, puzzle_data

T0 = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)
PUZZLES = {p.id: p for p in bundled()}


class Clock:
    """A clock the test moves."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


def test_the_trainer_needs_no_widgets():
    code = ("import sys, tutor.app.trainer; "
            "assert not {'ipywidgets', 'traitlets', 'widgets'} & set(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
    with pytest.raises(ValueError, match="no puzzles"):
        Trainer([])


def test_the_first_choices_for_a_seed_are_fixed(tmp_path):
    # The same puzzles, in the same order, as the puzzles page dealt before the trainer
    # left it (widgets.puzzle.PuzzleTrainer dealt these before the move, the page
    # choosing "any", then king-dodge, then king-dodge at ★★).
    assert Trainer(store=ProgressStore(tmp_path / "2.json"), seed=2).choose() == (
        PUZZLES["trex-block-005"], "new")
    t = Trainer(store=ProgressStore(tmp_path / "1.json"), seed=1)
    assert t.choose() == (PUZZLES["trex-hold-jack-009"], "new")
    t.theme = "king-dodge"
    assert t.choose() == (PUZZLES["king-dodge-009"], "new")
    t.difficulty = 2
    assert t.choose() == (PUZZLES["king-dodge-004"], "new")


def test_the_choice_is_the_progress_rule_with_the_trainer_rng(tmp_path):
    clock = Clock()
    store = ProgressStore(tmp_path / "p.json")
    for i, pid in enumerate(["queens-001", "king-dodge-002", "make-n-003"]):
        store.record(pid, PUZZLES[pid].theme, PUZZLES[pid].difficulty, solved=i != 1,
                     when=T0 - timedelta(days=3))
    t = Trainer(store=store, seed=11, clock=clock)
    # The one missed three days ago is due: it comes first, whatever the seed.
    assert t.choose() == (PUZZLES["king-dodge-002"], "review")
    assert t.due_count() == 1
    # Then new puzzles, drawn as Progress.next_puzzle draws them with the same rng.
    store.record("king-dodge-002", "king-dodge", PUZZLES["king-dodge-002"].difficulty,
                 solved=True, when=T0)
    progress = Progress.from_json(store.progress.to_json())  # the same record, apart
    t.rng = random.Random(5)
    rng = random.Random(5)
    for theme, level in [(None, None), ("queens", None), (None, 2), ("trex-open", 1)]:
        t.theme, t.difficulty = theme, level
        p, why = t.choose()
        want = progress.next_puzzle(list(PUZZLES.values()), theme=theme, difficulty=level,
                                    rng=rng, now=T0)
        assert (p, why) == (want, "new")
        assert theme in (None, p.theme) and level in (None, p.difficulty)


def test_filters_and_all_done(tmp_path):
    only = [p for p in bundled() if p.theme == "make-n" and p.difficulty == 1]
    store = ProgressStore(tmp_path / "p.json")
    t = Trainer(only, store=store, seed=5)
    seen = []
    while (p := t.choose()[0]) is not None:
        seen.append(p.id)
        store.record(p.id, p.theme, p.difficulty, solved=True, when=T0)
    assert sorted(seen) == sorted(p.id for p in only)  # each once, then nothing left
    t.difficulty = 5
    assert t.choose() == (None, "")


def test_a_missed_generated_puzzle_is_dealt_again_from_its_data(tmp_path):
    p = fresh("queens", 2, seed="tr1", budget=60)
    path = tmp_path / "p.json"
    ProgressStore(path).record(p.id, p.theme, p.difficulty, solved=False, when=T0,
                               data=puzzle_data(p))
    clock = Clock(T0 + timedelta(hours=23))
    t = Trainer(store=ProgressStore(path), seed=1, clock=clock)
    assert {"id": p.id, "theme": "queens", "difficulty": p.difficulty} in t.pool()
    assert p.id in t.known() and t.due_count() == 0  # not yet due
    clock.now = T0 + timedelta(days=1, minutes=1)
    assert t.due_count() == 1
    t.theme = "queens"
    again, why = t.choose()
    assert why == "review" and again == p and again is not p  # rebuilt from the file
    assert t.deal_again(p.id) is again  # proved once, then kept


def test_a_spoilt_generated_puzzle_is_never_offered(tmp_path):
    p = fresh("queens", 2, seed="tr2", budget=60)
    data = puzzle_data(p)
    data["goal"] = {"kind": "penalty", "at_most": -1000}
    store = ProgressStore(tmp_path / "p.json")
    store.record(p.id, "queens", 2, solved=False, when=T0, data=data)
    t = Trainer(store=store, seed=1, clock=Clock(T0 + timedelta(days=2)))
    t.theme = "queens"
    chosen, why = t.choose()
    assert chosen.id != p.id and not is_generated(chosen.id) and why == "new"
    assert t.deal_again(p.id) is None and p.id not in t.known() and t.due_count() == 0


def test_generate_deals_a_proved_puzzle_of_the_choice_and_says_why(tmp_path):
    only = [p for p in bundled() if p.theme == "make-zero" and p.difficulty == 1]
    a = Trainer(only, store=ProgressStore(tmp_path / "a.json"), seed=3, budget=60)
    b = Trainer(only, store=ProgressStore(tmp_path / "b.json"), seed=3, budget=60)
    a.difficulty = b.difficulty = 1
    p, words = a.generate()
    assert p is not None and is_generated(p.id) and p.theme == "make-zero"
    assert check(p).ok and p.difficulty == 1
    assert words == ("This puzzle was dealt just now and proved by the solver, like the "
                     "others.")
    assert b.generate()[0] == p  # the same seed deals the same puzzle
    assert a.deal_again(p.id) is p  # proved just now: not proved again
    _, words = a.generate(all_done=True)
    assert words.startswith("You have done every puzzle of this choice here")
    a.difficulty = 4
    _, words = a.generate(all_done=True)
    assert words.startswith("There is no puzzle of this choice here yet")


def test_generate_says_when_nothing_could_be_dealt(tmp_path, monkeypatch):
    monkeypatch.setattr("tutor.app.trainer.fresh", lambda *a, **k: None)
    t = Trainer(store=ProgressStore(tmp_path / "p.json"), seed=1)
    assert t.generate() == (None, NO_FRESH_WORDS)


def test_another_learners_progress(tmp_path):
    clock = Clock()
    t = Trainer(store=ProgressStore(tmp_path / "first.json"), seed=7, clock=clock)
    shown, _ = t.choose()
    learner = ProgressStore(tmp_path / "learner.json")
    learner.record("queens-002", "queens", PUZZLES["queens-002"].difficulty, solved=False,
                   when=T0 - timedelta(days=2))
    t.use_store(learner)
    assert t.store is learner
    assert t.instead_of(shown) == (PUZZLES["queens-002"], "review")  # their due one
    # Nothing due: the shown puzzle stays unless this learner has solved it.
    other = ProgressStore(tmp_path / "other.json")
    t.use_store(other)
    assert t.instead_of(shown) == (None, "")
    other.record(shown.id, shown.theme, shown.difficulty, solved=True, when=T0)
    p, why = t.instead_of(shown)
    assert p is not None and p.id != shown.id and why == "new"


def test_themes_are_listed_in_the_pages_order():
    t = Trainer([PUZZLES["queens-001"], PUZZLES["make-n-001"], PUZZLES["trex-open-001"]])
    assert t.themes == ["make-n", "queens", "trex-open"]
    assert [theme_title(x) for x in t.themes] == [
        "Trixter: make your bid", "Queens", "Trex: which card to open"]
