"""Puzzle progress: the Glicko-2 rating, streaks, tallies, next puzzle, and the progress file."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tutor.app import attempts as A
from tutor.app import progress as P
from tutor.app import progress_store as S
from tutor.app import rating as R

ROOT = Path(__file__).resolve().parents[1]


Progress, ProgressStore, Rating = P.Progress, S.ProgressStore, R.Rating


@pytest.fixture(autouse=True)
def _no_real_home(tmp_path, monkeypatch):
    """Nothing in these tests may touch the real home directory."""
    monkeypatch.setenv("TRIX_TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("HOME", str(tmp_path / "fakehome"))


# ---------------------------------------------------------------------------------- Glicko-2


def test_glicko2_matches_glickmans_worked_example():
    r = R.glicko2(Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    # The paper prints 1464.06 / 151.52 / 0.05999 from rounded intermediate values.
    assert r.rating == pytest.approx(1464.06, abs=0.05)
    assert r.deviation == pytest.approx(151.52, abs=0.01)
    assert r.volatility == pytest.approx(0.05999, abs=1e-5)


def test_glicko2_without_games_only_widens_the_deviation():
    r = R.glicko2(Rating(1500, 200, 0.06), [])
    assert r.rating == 1500
    assert r.deviation == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5)
    assert r.volatility == 0.06


def test_puzzle_rating_from_difficulty():
    assert [R.puzzle_rating(d) for d in range(1, 6)] == [1000, 1250, 1500, 1750, 2000]
    for bad in (0, 6, 2.5, True, "3"):
        with pytest.raises(ValueError):
            R.puzzle_rating(bad)


def test_rating_rises_on_wins_and_falls_on_losses():
    p = Progress()
    last = p.rating
    for i in range(5):
        a = p.record(f"w{i}", "king", 3, solved=True)
        assert p.rating > last and a.change > 0 and a.rating == p.rating
        last = p.rating
    dev = p.deviation
    assert dev < 350
    for i in range(5):
        a = p.record(f"l{i}", "king", 3, solved=False)
        assert p.rating < last and a.change < 0
        last = p.rating


def test_beating_a_harder_puzzle_gains_more():
    easy, hard = Progress(), Progress()
    easy.record("e", "queens", 1, solved=True)
    hard.record("h", "queens", 5, solved=True)
    assert hard.rating > easy.rating > 1500


def test_hinted_solve_never_raises_the_rating_and_ends_the_streak():
    for difficulty in range(1, 6):
        p = Progress()
        p.record("a", "trex", 3, solved=True)
        before = p.rating
        a = p.record("b", "trex", difficulty, solved=True, hints_used=1)
        assert a.outcome == "hinted" and a.solved
        assert p.rating <= before + 1e-9
        assert p.streak == 0 and p.best_streak == 1
        assert not p.is_solved("b") and p.is_solved("a")
    # a hinted solve of an easy puzzle still beats failing it
    hinted, failed = Progress(), Progress()
    hinted.record("x", "trex", 1, solved=True, hints_used=3)
    failed.record("x", "trex", 1, solved=False)
    assert hinted.rating > failed.rating


def test_a_lesson_puzzle_is_practice_and_leaves_the_rating_alone():
    """The first lesson's puzzle solved with hints took a fresh 1500 to 1256 when it was
    rated; as practice it leaves the rating, streak, tallies and history as they were
    and only puts the puzzle on the review schedule."""
    when = "2026-01-01T10:00:00+00:00"
    rated = Progress()
    a = rated.record("make-zero-001", "make-zero", 1, solved=True, hints_used=4, when=when)
    assert (a.outcome, round(a.rating), round(a.change)) == ("hinted", 1256, -244)
    assert round(2 * rated.deviation) == 637  # "Rating 1256, give or take 637"

    p = Progress()
    a = p.record_practice("make-zero-001", "make-zero", 1, solved=True, hints_used=4,
                          when=when)
    assert (a.outcome, a.rating, a.change, a.hints) == ("hinted", 1500.0, 0.0, 4)
    assert p.glicko == Rating() and p.streak == 0 and p.best_streak == 0
    assert p.history == [] and p.themes == {} and p.difficulties == {}
    assert p.tried == {"make-zero-001"} and p.solved == set()
    assert p.reviews == {"make-zero-001": A.Review(0, "2026-01-02T10:00:00+00:00")}
    assert p.rating_words() == "Rating 1500: a first guess, until you have played a few " \
                               "puzzles."
    # A clean practice solve counts as solved (never offered again), not scheduled; a miss
    # is scheduled; neither moves the rating. Nothing new goes in the file.
    p.record_practice("make-n-001", "make-n", 1, solved=True, when=when)
    p.record_practice("queens-001", "queens", 2, solved=False, when=when)
    assert p.is_solved("make-n-001") and "make-n-001" not in p.reviews
    assert p.reviews["queens-001"].step == 0 and p.glicko == Rating()
    assert Progress.from_json(p.to_json()) == p
    # On the puzzles page the missed one comes back when due, and is rated there as before.
    pool = [{"id": "queens-001", "theme": "queens", "difficulty": 2},
            {"id": "make-n-001", "theme": "make-n", "difficulty": 1}]
    due = p.next_puzzle(pool, now="2026-01-02T10:00:00+00:00")
    assert due["id"] == "queens-001"
    b = p.record("queens-001", "queens", 2, solved=True, when="2026-01-02T10:00:00+00:00")
    assert b.outcome == "solved" and b.change > 0 and p.history == [b]
    assert round(b.rating) == round(Progress().record("x", "queens", 2, solved=True).rating)


def test_deviation_stays_within_bounds():
    p = Progress()
    for i in range(300):
        p.record(i, "king", 1 + i % 5, solved=i % 3 != 0)
    assert R.MIN_DEVIATION <= p.deviation <= 350
    assert not p.provisional
    assert Progress().provisional


def test_record_rejects_bad_input():
    p = Progress()
    with pytest.raises(ValueError):
        p.record("a", "king", 7, solved=True)
    with pytest.raises(ValueError):
        p.record("a", "king", 2, solved=True, hints_used=-1)
    assert p == Progress()  # nothing changed


# ------------------------------------------------------------------------- streaks, tallies


def test_streak_and_best_streak():
    p = Progress()
    results = [True, True, True, False, True, True, (True, 2), True]
    streaks = []
    for i, r in enumerate(results):
        solved, hints = r if isinstance(r, tuple) else (r, 0)
        p.record(i, "diamonds", 2, solved=solved, hints_used=hints)
        streaks.append(p.streak)
    assert streaks == [1, 2, 3, 0, 1, 2, 0, 1]
    assert p.best_streak == 3


def test_counts_per_theme_and_difficulty_and_solved_ids():
    p = Progress()
    p.record("k1", "king", 1, solved=True)
    p.record("k2", "king", 2, solved=False)
    p.record("k2", "king", 2, solved=True, hints_used=1)
    p.record("q1", "queens", 2, solved=True)
    assert p.by_theme() == {"king": A.Tally(1, 1, 1), "queens": A.Tally(1, 0, 0)}
    assert list(p.by_theme()) == ["king", "queens"]
    assert p.by_theme()["king"].attempts == 3
    assert p.by_difficulty() == {1: A.Tally(1, 0, 0), 2: A.Tally(1, 1, 1)}
    assert p.solved == {"k1", "q1"}
    assert p.tried == {"k1", "k2", "q1"}
    assert [a.id for a in p.history] == ["k1", "k2", "k2", "q1"]
    assert [a.outcome for a in p.history] == ["solved", "failed", "hinted", "solved"]


def test_history_is_bounded():
    p = Progress()
    for i in range(P.HISTORY_LIMIT + 30):
        p.record(i, "ltoosh", 3, solved=True, when="2026-01-01T00:00:00+00:00")
    assert len(p.history) == P.HISTORY_LIMIT
    assert p.history[0].id == "30" and p.history[-1].id == str(P.HISTORY_LIMIT + 29)
    assert len(p.solved) == P.HISTORY_LIMIT + 30  # solved ids are never forgotten


def test_when_is_kept_as_iso_text():
    from datetime import datetime, timezone

    p = Progress()
    a = p.record("a", "king", 1, True, when=datetime(2026, 3, 4, 5, 6, 7, tzinfo=timezone.utc))
    assert a.when == "2026-03-04T05:06:07+00:00"
    b = p.record("b", "king", 1, True)
    assert datetime.fromisoformat(b.when).tzinfo is not None


# ---------------------------------------------------------------------------------- next puzzle


def pool():
    """Twenty puzzles: four per difficulty, two themes; half dicts, half objects."""
    out = []
    for d in range(1, 6):
        for n in range(4):
            item = {"id": f"d{d}-{n}", "theme": "king" if n % 2 else "queens", "difficulty": d}
            out.append(item if n < 2 else SimpleNamespace(**item))
    return out


def _get(c, name):
    return c[name] if isinstance(c, dict) else getattr(c, name)


def test_next_puzzle_is_near_the_rating_and_unsolved():
    p = Progress()  # 1500: difficulty 3
    rng = random.Random(3)
    seen = {_get(p.next_puzzle(pool(), rng=rng), "id") for _ in range(50)}
    assert seen == {f"d3-{n}" for n in range(4)}
    for n in range(3):
        p.solved.add(f"d3-{n}")
    for _ in range(20):
        assert _get(p.next_puzzle(pool(), rng=rng), "id") == "d3-3"
    p.solved.add("d3-3")
    assert _get(p.next_puzzle(pool(), rng=rng), "difficulty") in (2, 4)


def test_next_puzzle_follows_the_rating():
    strong = Progress(glicko=Rating(2100, 60, 0.06))
    weak = Progress(glicko=Rating(900, 60, 0.06))
    rng = random.Random(0)
    assert all(_get(strong.next_puzzle(pool(), rng=rng), "difficulty") == 5 for _ in range(20))
    assert all(_get(weak.next_puzzle(pool(), rng=rng), "difficulty") == 1 for _ in range(20))


def test_next_puzzle_respects_theme_and_difficulty_filters():
    p = Progress()
    rng = random.Random(5)
    for _ in range(30):
        c = p.next_puzzle(pool(), theme="king", rng=rng)
        assert _get(c, "theme") == "king" and _get(c, "difficulty") == 3
        c = p.next_puzzle(pool(), difficulty=1, rng=rng)
        assert _get(c, "difficulty") == 1
        c = p.next_puzzle(pool(), theme="queens", difficulty=5, rng=rng)
        assert (_get(c, "theme"), _get(c, "difficulty")) == ("queens", 5)
    assert p.next_puzzle(pool(), theme="trex", rng=rng) is None
    assert p.next_puzzle([], rng=rng) is None


def test_next_puzzle_prefers_untried_and_not_the_last_one():
    p = Progress()
    p.record("d3-0", "queens", 3, solved=False)
    p.glicko = Rating()  # back at 1500, so difficulty 3 is still the nearest
    rng = random.Random(2)
    picks = {_get(p.next_puzzle(pool(), rng=rng), "id") for _ in range(40)}
    assert "d3-0" not in picks and picks <= {"d3-1", "d3-2", "d3-3"}
    only = [c for c in pool() if _get(c, "id") == "d3-0"]
    assert p.next_puzzle(only, rng=rng) is None  # missed: it waits for its review
    assert _get(p.next_puzzle(only, rng=rng, revisit=True), "id") == "d3-0"


def test_next_puzzle_revisits_solved_ones_when_all_are_done_only_if_asked():
    p = Progress()
    for c in pool():
        p.solved.add(_get(c, "id"))
    assert p.next_puzzle(pool(), theme="king", difficulty=2, rng=random.Random(1)) is None
    c = p.next_puzzle(pool(), theme="king", difficulty=2, rng=random.Random(1), revisit=True)
    assert (_get(c, "theme"), _get(c, "difficulty")) == ("king", 2)


# ---------------------------------------------------------------------------------- JSON


def busy_progress():
    p = Progress()
    for i in range(12):
        p.record(
            f"p{i}",
            ["king", "queens", "trex"][i % 3],
            1 + i % 5,
            solved=i % 4 != 1,
            hints_used=2 if i % 3 == 2 else 0,
            when=f"2026-02-{i + 1:02d}T10:00:00+00:00",
        )
    return p


def test_round_trip_of_every_field():
    p = busy_progress()
    q = Progress.from_json(p.to_json())
    assert q == p
    assert q.glicko == p.glicko and q.streak == p.streak and q.best_streak == p.best_streak
    assert q.by_theme() == p.by_theme() and q.by_difficulty() == p.by_difficulty()
    assert q.solved == p.solved and q.tried == p.tried and q.history == p.history
    data = json.loads(p.to_json())
    assert data["format"] == P.FORMAT and data["version"] == P.VERSION


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(format="something else"),
        lambda d: d.update(version=99),
        lambda d: d.update(version="1"),
        lambda d: d.update(streak=-1),
        lambda d: d.update(streak=True),
        lambda d: d["rating"].update(rating="1500"),
        lambda d: d["rating"].update(deviation=0),
        lambda d: d.update(themes=[]),
        lambda d: d["themes"].update(king={"solved": 1.5, "hinted": 0, "failed": 0}),
        lambda d: d["difficulties"].update({"9": {"solved": 1, "hinted": 0, "failed": 0}}),
        lambda d: d["difficulties"].update({"x": {"solved": 1, "hinted": 0, "failed": 0}}),
        lambda d: d.update(solved=[1, 2]),
        lambda d: d.update(history={}),
        lambda d: d["history"][0].update(outcome="won"),
        lambda d: d["history"][0].pop("rating"),
        lambda d: d.pop("tried"),
    ],
)
def test_malformed_data_is_refused(change):
    data = json.loads(busy_progress().to_json())
    change(data)
    with pytest.raises(A.ProgressFormatError):
        Progress.from_dict(data)


# ---------------------------------------------------------------------------------- the file


def test_default_path_honours_trix_tutor_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIX_TUTOR_HOME", str(tmp_path / "tt"))
    assert S.default_path() == tmp_path / "tt" / "progress.json"
    assert ProgressStore().path == tmp_path / "tt" / "progress.json"


def test_default_path_per_platform(tmp_path, monkeypatch):
    monkeypatch.delenv("TRIX_TUTOR_HOME")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(S.Path, "home", classmethod(lambda cls: tmp_path))
    monkeypatch.setattr(S.sys, "platform", "linux")
    assert S.default_path() == tmp_path / ".local/share/trix-tutor/progress.json"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert S.default_path() == tmp_path / "xdg/trix-tutor/progress.json"
    monkeypatch.setattr(S.sys, "platform", "darwin")
    assert S.default_path() == tmp_path / "Library/Application Support/trix-tutor/progress.json"
    monkeypatch.setattr(S.sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    assert S.default_path() == tmp_path / "Roaming/trix-tutor/progress.json"


def test_missing_file_gives_fresh_progress(tmp_path):
    store = ProgressStore(tmp_path / "nowhere" / "progress.json")
    assert store.load() == Progress()
    assert store.warning is None and store.backup is None
    assert not store.path.exists()  # loading writes nothing


def test_a_recorded_result_is_on_disk_immediately(tmp_path):
    path = tmp_path / "deep" / "dir" / "progress.json"
    store = ProgressStore(path)
    a = store.record("k1", "king", 2, solved=True)
    on_disk = Progress.from_json(path.read_text(encoding="utf-8"))
    assert on_disk.history == [a] and on_disk.solved == {"k1"}
    store.record("k2", "king", 2, solved=False)
    fresh = ProgressStore(path)
    assert fresh.progress == store.progress and fresh.warning is None
    assert [x.name for x in path.parent.iterdir()] == ["progress.json"]  # no temp files left


def test_store_round_trip(tmp_path):
    path = tmp_path / "progress.json"
    p = busy_progress()
    ProgressStore(path).save(p)
    assert ProgressStore(path).load() == p


def _assert_fresh_with_backup(store, original: bytes | None):
    assert store.progress == Progress()
    assert store.warning and "starts fresh" in store.warning
    assert store.backup is not None and store.backup.exists()
    assert str(store.backup) in store.warning
    assert store.backup.name.startswith("progress.json.") and store.backup.suffix == ".bak"
    if original is not None:
        assert store.backup.read_bytes() == original


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"",
        b"\xff\xfe\x00garbage",
        b'{"format": "trix-tutor/progress", "version": 1, "rating": "high"}',
        b"[1, 2, 3]",
        b"[" * 100_000,
    ],
)
def test_corrupt_file_starts_fresh_and_keeps_a_backup(tmp_path, content):
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    store = ProgressStore(path)
    store.load()
    _assert_fresh_with_backup(store, content)
    assert "damaged" in store.warning
    store.record("a", "king", 1, solved=True)  # and the new file works
    assert ProgressStore(path).progress.solved == {"a"}
    assert store.backup.read_bytes() == content


def test_file_from_a_newer_version_is_kept_not_overwritten(tmp_path):
    path = tmp_path / "progress.json"
    data = json.loads(busy_progress().to_json())
    data["version"] = P.VERSION + 1
    path.write_text(json.dumps(data))
    original = path.read_bytes()
    store = ProgressStore(path)
    store.load()
    _assert_fresh_with_backup(store, original)
    assert "newer" in store.warning


def test_directory_in_place_of_the_file(tmp_path):
    path = tmp_path / "progress.json"
    path.mkdir()
    (path / "inside.txt").write_text("keep me")
    store = ProgressStore(path)
    store.load()
    _assert_fresh_with_backup(store, None)
    assert (store.backup / "inside.txt").read_text() == "keep me"
    store.record("a", "king", 1, solved=True)
    assert path.is_file()


def test_unreadable_file(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    path.write_text(busy_progress().to_json())
    original = path.read_bytes()
    real = S.Path.read_bytes

    def refuse(self):
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(S.Path, "read_bytes", refuse)
    store = ProgressStore(path)
    store.load()
    _assert_fresh_with_backup(store, original)
    assert "could not be read" in store.warning and "Permission denied" in store.warning


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads anything")
def test_unreadable_file_by_permissions(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text("{}")
    path.chmod(0)
    store = ProgressStore(path)
    store.load()
    assert store.warning and store.backup is not None


def test_backups_are_never_overwritten(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    backups = set()
    for n in range(3):  # three bad files within the same second
        path.write_text(f"bad {n}")
        store = ProgressStore(path)
        store.load()
        backups.add(store.backup)
    assert len(backups) == 3
    assert sorted(b.read_text() for b in backups) == ["bad 0", "bad 1", "bad 2"]


def test_backup_failure_is_reported(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    path.write_text("bad")

    def no_rename(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(S.os, "rename", no_rename)
    store = ProgressStore(path)
    assert store.progress == Progress()
    assert store.backup is None and "could not be backed up" in store.warning


def test_failed_save_leaves_the_old_file_intact(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    store.record("a", "king", 1, solved=True)
    good = path.read_bytes()

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(S.os, "replace", boom)
    with pytest.raises(OSError):
        store.record("b", "king", 1, solved=True)
    assert path.read_bytes() == good
    assert [x.name for x in tmp_path.iterdir()] == ["progress.json"]  # temp file removed

    monkeypatch.setattr(S.os, "fsync", boom)
    with pytest.raises(OSError):
        store.save()
    assert path.read_bytes() == good

    monkeypatch.setattr(P.json, "dumps", lambda *a, **k: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        store.save()
    assert path.read_bytes() == good
    assert [x.name for x in tmp_path.iterdir()] == ["progress.json"]

    monkeypatch.undo()
    monkeypatch.setenv("TRIX_TUTOR_HOME", str(tmp_path / "home"))
    store.save()  # the result that failed to save is still counted and reaches the disk
    assert ProgressStore(path).progress.solved == {"a", "b"}


_WRITER = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("pp", sys.argv[1])
m = importlib.util.module_from_spec(spec); sys.modules["pp"] = m; spec.loader.exec_module(m)
store = m.ProgressStore(sys.argv[2])
for i in range(40):
    store.record(f"{sys.argv[3]}{i}", "king", 1 + i % 5, solved=i % 2 == 0)
"""


def test_concurrent_saves_never_corrupt_the_file(tmp_path):
    path = tmp_path / "progress.json"
    module = ROOT / "tutor/app/progress_store.py"
    procs = [
        subprocess.Popen([sys.executable, "-c", _WRITER, str(module), str(path), tag])
        for tag in ("a", "b")
    ]
    for proc in procs:
        assert proc.wait(timeout=60) == 0
    store = ProgressStore(path)
    store.load()
    assert store.warning is None
    tried = store.progress.tried  # one writer's whole run is there (the later save wins)
    assert any({f"{tag}{i}" for i in range(40)} <= tried for tag in ("a", "b"))
    assert [x.name for x in tmp_path.iterdir()] == ["progress.json"]


def test_every_public_name_has_one_home():
    """The rating and the attempts are modules of their own (tutor.app.rating,
    tutor.app.attempts): each public name is exported by the one module that defines it,
    and the progress store no longer passes theirs on; the file it is kept in is its own
    module too (tutor.app.progress_store)."""
    from tutor.app import attempts, rating

    modules = (P, S, rating, attempts)
    for module in modules:
        for name in module.__all__:
            thing = getattr(module, name)
            if callable(thing):
                assert thing.__module__ == module.__name__, (module.__name__, name)
            others = [m.__name__ for m in modules if m is not module and name in m.__all__]
            assert not others, (module.__name__, name, others)
    assert {"Rating", "glicko2", "puzzle_rating"} <= set(rating.__all__)
    assert {"Attempt", "Review", "ProgressFormatError", "OUTCOME_TITLES"} <= set(attempts.__all__)
    assert {"Progress", "FORMAT", "VERSION"} <= set(P.__all__)
    assert {"ProgressStore", "default_path", "atomic_write"} <= set(S.__all__)
