"""The review schedule: a missed or hinted puzzle comes back after 1, 3, 7 and 30 days, a
miss starts it over, due puzzles come before new ones; old progress files still load.

Every time here is given (``when=``, ``now=``): the clock is the test's."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


from tutor.app import attempts as A  # noqa: E402
from tutor.app import progress as P  # noqa: E402
from tutor.app import progress_store as S  # noqa: E402

Progress, Review = P.Progress, A.Review
T0 = datetime(2026, 5, 4, 18, 30, tzinfo=timezone.utc)


def at(days: float = 0, hours: float = 0) -> datetime:
    return T0 + timedelta(days=days, hours=hours)


def pool() -> list[dict]:
    """Four puzzles per difficulty, two themes."""
    return [{"id": f"d{d}-{n}", "theme": "king" if n % 2 else "queens", "difficulty": d}
            for d in range(1, 6) for n in range(4)]


def test_the_waits_are_one_three_seven_and_thirty_days():
    assert A.REVIEW_DAYS == (1, 3, 7, 30)


def test_a_puzzle_missed_today_is_due_after_one_day_and_comes_before_new_ones():
    p = Progress()
    p.record("d1-0", "queens", 1, solved=False, when=at())
    assert p.reviews["d1-0"] == Review(0, "2026-05-05T18:30:00+00:00")
    rng = random.Random(0)
    # Before the day is out it waits: a new puzzle near the rating comes instead.
    assert p.due(now=at(hours=23, days=0)) == []
    for _ in range(10):
        c = p.next_puzzle(pool(), rng=rng, now=at(hours=23.99))
        assert c["id"] != "d1-0" and c["id"] not in p.tried
    # A day later it is due, and it comes first although new puzzles are nearer the
    # learner's rating (about 1250-1500 after one miss; d1 plays at 1000).
    assert p.due(now=at(days=1)) == ["d1-0"]
    for _ in range(10):
        assert p.next_puzzle(pool(), rng=rng, now=at(days=1))["id"] == "d1-0"
    # Filters still hold: a theme or level it is not of gets a new puzzle.
    assert p.next_puzzle(pool(), theme="king", rng=rng, now=at(days=2))["theme"] == "king"
    assert p.next_puzzle(pool(), difficulty=3, rng=rng, now=at(days=2))["difficulty"] == 3
    assert p.next_puzzle(pool(), theme="queens", difficulty=1, rng=rng,
                         now=at(days=2))["id"] == "d1-0"


def test_clean_solves_on_review_step_it_on_until_it_is_done():
    p = Progress()
    p.record("k", "king", 2, solved=True, hints_used=1, when=at())  # hinted: scheduled too
    assert p.reviews["k"].step == 0
    due = at(1)
    for step, wait in enumerate((3, 7, 30), start=1):
        assert p.due(now=due - timedelta(seconds=1)) == [] and p.due(now=due) == ["k"]
        solved = due + timedelta(hours=2)  # a little after it fell due
        p.record("k", "king", 2, solved=True, when=solved)
        due = solved + timedelta(days=wait)
        assert p.reviews["k"] == Review(step, due.isoformat())
    p.record("k", "king", 2, solved=True, when=due)
    assert "k" not in p.reviews and p.due(now=due + timedelta(400)) == []
    assert p.next_puzzle([{"id": "k", "theme": "king", "difficulty": 2}],
                         now=due + timedelta(400)) is None  # done: not offered again


def test_a_miss_on_review_starts_it_over_and_an_early_solve_changes_nothing():
    p = Progress()
    p.record("k", "king", 3, solved=False, when=at())
    p.record("k", "king", 3, solved=True, when=at(1))
    p.record("k", "king", 3, solved=True, when=at(4))
    assert p.reviews["k"].step == 2
    # Solved again before it is due (the learner asked for it): the schedule stands.
    p.record("k", "king", 3, solved=True, when=at(5))
    assert p.reviews["k"] == Review(2, at(11).isoformat())
    # Missed (or hinted) on review: back to the first wait.
    p.record("k", "king", 3, solved=True, hints_used=3, when=at(11))
    assert p.reviews["k"] == Review(0, at(12).isoformat())
    p.record("k", "king", 3, solved=False, when=at(12))
    assert p.reviews["k"] == Review(0, at(13).isoformat())


def test_a_first_clean_solve_is_never_scheduled():
    p = Progress()
    p.record("q", "queens", 3, solved=True, when=at())
    assert p.reviews == {} and p.due(now=at(100)) == []


def test_due_lists_the_longest_due_first_and_only_known_puzzles():
    p = Progress()
    p.record("b", "king", 3, solved=False, when=at(0))
    p.record("a", "king", 3, solved=False, when=at(0, hours=1))
    p.record("gone", "king", 3, solved=False, when=at(0, hours=2))
    assert p.due(now=at(2)) == ["b", "a", "gone"]
    assert p.due(now=at(2), known={"a", "b"}) == ["b", "a"]
    assert p.due(now=at(1, hours=0.5)) == ["b"]
    # The default clock is the real one: these are long due.
    assert p.due() == ["b", "a", "gone"]


def test_a_time_that_is_not_a_time_is_refused_and_changes_nothing():
    p = Progress()
    before = p.to_dict()
    with pytest.raises(ValueError):
        p.record("x", "king", 3, solved=False, when="yesterday")
    with pytest.raises(TypeError):
        p.record("x", "king", 3, solved=False, when=12)
    assert p.to_dict() == before
    with pytest.raises(ValueError):
        p.due(now="soon")


def test_naive_times_are_taken_as_utc():
    p = Progress()
    p.record("x", "king", 3, solved=False, when=datetime(2026, 1, 1, 12, 0))
    assert p.reviews["x"].due == "2026-01-02T12:00:00+00:00"


def test_generated_puzzles_keep_their_data_while_scheduled():
    p = Progress()
    data = {"id": "gen-make-n-abc", "theme": "make-n", "difficulty": 2, "seat": 0}
    p.record("gen-make-n-abc", "make-n", 2, solved=False, when=at(), data=data)
    assert p.generated == {"gen-make-n-abc": data}
    q = Progress.from_json(p.to_json())
    assert q.generated == p.generated and q.reviews == p.reviews
    for day in (1, 4, 11, 41):
        p.record("gen-make-n-abc", "make-n", 2, solved=True, when=at(day), data=data)
    assert p.reviews == {} and p.generated == {}  # done: its data goes too
    # A clean first solve of a generated puzzle keeps nothing.
    p.record("gen-x", "make-n", 2, solved=True, when=at(), data=data)
    assert p.generated == {}


def test_generated_data_is_bounded():
    p = Progress()
    for i in range(P.GENERATED_LIMIT + 5):
        p.record(f"gen-{i}", "make-n", 2, solved=False, when=at(0, hours=i),
                 data={"id": f"gen-{i}"})
    assert len(p.generated) == P.GENERATED_LIMIT
    assert "gen-0" in p.generated and f"gen-{P.GENERATED_LIMIT + 4}" not in p.generated
    with pytest.raises(ValueError):
        p.record("big", "make-n", 2, solved=False, data={"x": "y" * A.GENERATED_BYTES})
    with pytest.raises(ValueError):
        p.record("odd", "make-n", 2, solved=False, data={"x": float("nan")})


def test_the_schedule_survives_the_file(tmp_path):
    store = S.ProgressStore(tmp_path / "p.json")
    store.record("d2-1", "king", 2, solved=False, when=at())
    again = S.ProgressStore(tmp_path / "p.json").load()
    assert again.reviews == {"d2-1": Review(0, at(1).isoformat())}
    assert again.next_puzzle(pool(), now=at(1))["id"] == "d2-1"


# ---------------------------------------------------------------------------- old files

VERSION_1 = {
    "format": "trix-tutor/progress", "version": 1,
    "rating": {"rating": 1480.5, "deviation": 200.0, "volatility": 0.06},
    "streak": 0, "best_streak": 1,
    "themes": {"king": {"solved": 1, "hinted": 1, "failed": 1}},
    "difficulties": {"2": {"solved": 1, "hinted": 1, "failed": 1}},
    "solved": ["d2-0"], "tried": ["d2-0", "d2-1", "d2-2", "old-9"],
    "history": [
        {"id": "d2-0", "theme": "king", "difficulty": 2, "outcome": "solved", "hints": 0,
         "when": "2026-02-01T10:00:00+00:00", "rating": 1560.0, "change": 60.0},
        {"id": "d2-1", "theme": "king", "difficulty": 2, "outcome": "failed", "hints": 0,
         "when": "2026-02-02T10:00:00+00:00", "rating": 1500.0, "change": -60.0},
        {"id": "d2-2", "theme": "king", "difficulty": 2, "outcome": "hinted", "hints": 2,
         "when": "2026-02-03T10:00:00+00:00", "rating": 1480.5, "change": -19.5},
    ],
}


def test_a_version_1_file_loads_and_its_unsolved_puzzles_join_the_schedule(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text(json.dumps(VERSION_1))
    store = S.ProgressStore(path)
    p = store.load()
    assert store.warning is None and store.backup is None
    assert round(p.rating, 1) == 1480.5 and p.solved == {"d2-0"} and len(p.history) == 3
    # Tried but never solved: due a day after the last attempt, or at once if it is no
    # longer in the history.
    assert p.reviews == {"d2-1": Review(0, "2026-02-03T10:00:00+00:00"),
                         "d2-2": Review(0, "2026-02-04T10:00:00+00:00"),
                         "old-9": Review(0, A.EPOCH)}
    assert p.generated == {} and p.drill_best == 0 and p.drills == []
    # Saved again, it is written in the new version and reads back the same.
    store.save()
    data = json.loads(path.read_text())
    assert data["version"] == P.VERSION == 2
    assert Progress.from_dict(data) == p


@pytest.mark.parametrize("change", [
    lambda d: d.update(reviews=[]),
    lambda d: d["reviews"].update(x={"step": 4, "due": "2026-01-01T00:00:00+00:00"}),
    lambda d: d["reviews"].update(x={"step": -1, "due": "2026-01-01T00:00:00+00:00"}),
    lambda d: d["reviews"].update(x={"step": 0, "due": "tomorrow"}),
    lambda d: d["reviews"].update(x={"step": 0}),
    lambda d: d["reviews"].update(x=[0, "2026-01-01"]),
    lambda d: d.update(generated={"g": "not an object"}),
    lambda d: d.update(generated={"g": {"x": "y" * 9000}}),
    lambda d: d.update(generated={f"g{i}": {} for i in range(P.GENERATED_LIMIT + 1)}),
    lambda d: d.pop("drill"),
    lambda d: d["drill"].update(best=-1),
    lambda d: d["drill"].update(best=2.5),
    lambda d: d["drill"].update(runs={}),
    lambda d: d["drill"]["runs"].append({"when": "x", "score": "9", "missed": 0}),
    lambda d: d.pop("reviews"),
])
def test_a_malformed_schedule_or_drill_is_refused(change):
    p = Progress()
    p.record("a", "king", 2, solved=False, when=at())
    p.record_drill(5, 1, when=at())
    data = json.loads(p.to_json())
    Progress.from_dict(json.loads(json.dumps(data)))  # sound as written
    change(data)
    with pytest.raises(A.ProgressFormatError):
        Progress.from_dict(data)
