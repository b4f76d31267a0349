"""While `trix-tutor warm` compiles the numba engine, other processes solve and play out in
plain Python instead of compiling it too (tutor.engine.warming)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from tutor import cli
from tutor.engine import warming
from tutor.search import policy
from tutor.solver import search


@pytest.fixture
def lock(tmp_path, monkeypatch):
    """The lock file, here (the real one is beside the installed code, seen by every
    process of the run)."""
    path = tmp_path / "pycache" / "numba-warming.lock"
    monkeypatch.setattr(warming, "LOCK", path)
    monkeypatch.setattr(warming, "RECHECK", 0.0)
    return path


@pytest.fixture
def other():
    """Another live process."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield proc.pid
    proc.kill()
    proc.wait()


def test_a_lock_counts_only_while_another_live_process_holds_it(lock, other):
    assert not warming.warming()  # no lock
    lock.parent.mkdir()
    lock.write_text(f"{other}\n")
    assert warming.warming()
    lock.write_text(f"{os.getpid()}\n")  # this process's own
    assert not warming.warming()
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    lock.write_text(f"{gone.pid}\n")  # a warm that died
    assert not warming.warming()
    lock.write_text(f"{other}\n")
    old = time.time() - warming.STALE - 60
    os.utime(lock, (old, old))  # too old: a dead warm's id since reused
    assert not warming.warming()
    lock.write_text("junk\n")
    assert not warming.warming()
    lock.write_text("")
    assert not warming.warming()


def test_the_answer_is_reused_for_a_second_then_read_again(lock, other, monkeypatch):
    """A search asks before every play-out: within ``RECHECK`` the lock is not read again,
    after it (or for another lock) it is."""
    monkeypatch.setattr(warming, "RECHECK", 3600.0)
    assert not warming.warming()
    lock.parent.mkdir()
    lock.write_text(f"{other}\n")
    assert not warming.warming()  # the answer of a moment ago
    monkeypatch.setattr(warming, "LOCK", lock.with_name("elsewhere.lock"))
    assert not warming.warming()
    monkeypatch.setattr(warming, "LOCK", lock)  # another lock than the last asked: read
    assert warming.warming()
    lock.unlink()
    assert warming.warming()  # still the answer of a moment ago
    monkeypatch.setattr(warming, "RECHECK", 0.0)
    assert not warming.warming()


def test_holding_writes_this_process_and_leaves_nothing(lock, other):
    with warming.holding() as held:
        assert held and lock.read_text() == f"{os.getpid()}\n"
    assert not lock.exists()
    with warming.holding():
        lock.write_text(f"{other}\n")  # a second warm took it meanwhile: it stays
    assert lock.read_text() == f"{other}\n"


def test_no_lock_where_the_folder_cannot_be_written(tmp_path, monkeypatch):
    (tmp_path / "a file").write_text("")
    monkeypatch.setattr(warming, "LOCK", tmp_path / "a file" / "numba-warming.lock")
    with warming.holding() as held:
        assert not held
    assert not warming.warming()


def test_while_another_process_warms_the_solver_and_play_outs_are_plain_python(
        lock, other, monkeypatch):
    """A process that has not loaded the fast engine yet answers in plain Python, and
    loads it once the warm is done; one that has loaded it keeps it."""
    pytest.importorskip("numba")
    from tutor.solver import Position, MaxTricks, solve

    monkeypatch.delenv("TRIX_TUTOR_SOLVER", raising=False)
    monkeypatch.setattr(search, "_FAST", [])
    monkeypatch.setattr(policy, "_COMPILED", [])
    lock.parent.mkdir()
    lock.write_text(f"{other}\n")
    pos = Position.from_pbn("N:AK2... QJ3... T94... 876...", leader=0)
    assert search.engine_in_use() == "python"
    assert solve(pos, MaxTricks(0)).stats["engine"] == "python"
    assert policy.compiled_rollout() is None
    assert search._FAST == [] and policy._COMPILED == []  # nothing loaded, nothing kept
    lock.unlink()  # the warm is done
    assert solve(pos, MaxTricks(0)).stats["engine"] == "numba"
    assert policy.compiled_rollout() is not None
    lock.write_text(f"{other}\n")  # another warm starts: what is loaded stays in use
    assert search.engine_in_use() == "numba"
    assert policy.compiled_rollout() is not None


def test_warm_holds_the_lock_while_it_compiles(lock, monkeypatch, capsys):
    seen = []

    def compile_ahead():
        seen.append(lock.read_text())
        return True

    monkeypatch.setattr(cli, "compiled_rollout", lambda: seen.append("rollout"))
    monkeypatch.setattr(cli, "compile_ahead", compile_ahead)
    assert cli.main(["warm"]) == 0
    assert seen == ["rollout", f"{os.getpid()}\n"]
    assert not lock.exists()
    assert "fast engine is ready" in capsys.readouterr().out
