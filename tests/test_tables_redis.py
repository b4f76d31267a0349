"""Two table service processes sharing tables through a real Redis server.

The test starts its own ``redis-server`` (a free port, a temporary folder, nothing saved to
disk) and two ``python -m tutor.tables.server --store redis://...`` processes; people's
pages are :class:`~tutor.tables.client.TableClient` connections over real WebSockets, half
on each process. They play Trixter hands choosing legal actions from their own views, and
also send racing and replayed messages: the same action to both processes at once, two
different actions at once, a message sent again after it was played, every ``ready`` at
once. Then the table kept in Redis must hold every action exactly once, in order, equal to
its audit lines; every page must show the same final table; the number of actions the
service accepted (sent minus refused) must be the number in the record. With computer
seats, each computer decision must be made by one process exactly once (the store's
lease).

Every wait ends as soon as its condition holds (generous limits for a crowded machine).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REDIS_SERVER = shutil.which("redis-server")
if REDIS_SERVER is None:
    pytest.skip("needs redis-server on PATH (apt-get install redis-server; CI installs it)",
                allow_module_level=True)
redis = pytest.importorskip("redis", reason="pip install -e '.[redis]'")
pytest.importorskip("tornado", reason="pip install -e '.[app]'")

from tutor.tables.client import TableClient  # noqa: E402
from tutor.tables.store import RedisStore  # noqa: E402
from tutor.tables.table import Table  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
WAIT = 60.0  # seconds: the most any one wait may take (a quiet machine takes milliseconds)
NAMES = ("Ana", "Ben", "Cy", "Dee")
KEYS = tuple(f"{i + 1:x}" * 32 for i in range(4))  # a person's key: 32 hexadecimal digits
TOKEN = "teacher-token-for-the-redis-test"
OPTIONS = {"players": 4, "first_hand": 3}  # hands of 3 and 4 cards
HANDS = 2
MOVED_ON = "the table has moved on since"
# ``python -m tutor.tables.server`` as it is, with the service's INFO lines shown (a
# computer's move thrown away is logged at INFO: a decision made twice would show there).
SERVER = ("import logging, runpy; logging.basicConfig(level=logging.WARNING); "
          "logging.getLogger('tutor.tables').setLevel(logging.INFO); "
          "runpy.run_module('tutor.tables.server', run_name='__main__', alter_sys=True)")


# --- the servers -----------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def redis_url(tmp_path) -> Iterator[str]:
    """A redis-server of this test alone: a free port, its folder in ``tmp_path``, no
    snapshots and no append-only file."""
    folder = tmp_path / "redis"
    folder.mkdir()
    for _attempt in range(5):  # another xdist worker may take the port first
        port = free_port()
        log = open(folder / "redis.log", "w")  # closed below
        proc = subprocess.Popen([REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1",
                                 "--save", "", "--appendonly", "no", "--dir", str(folder),
                                 "--daemonize", "no"], stdout=log, stderr=subprocess.STDOUT)
        client = redis.Redis(host="127.0.0.1", port=port)
        deadline = time.monotonic() + WAIT
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        else:
            stop(proc)
            log.close()
            continue
        try:
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            client.close()
            stop(proc)
            log.close()
        return
    pytest.fail("redis-server did not start: " + (folder / "redis.log").read_text()[-2000:])


@contextlib.contextmanager
def table_service(store: str, folder: Path, pause: float = 0) -> Iterator[str]:
    """``python -m tutor.tables.server`` on a free port with ``store`` and ``pause``; its
    address once it listens. Its output goes to ``folder``; no traceback, and no computer
    move thrown away, may be there at the end."""
    folder.mkdir()
    env = dict(os.environ, TRIX_TUTOR_HOME=str(folder / "home"),
               TRIX_TUTOR_TEACHER_TOKEN=TOKEN)
    for _attempt in range(5):
        port = free_port()
        out, err = folder / "stdout.log", folder / "stderr.log"
        with open(out, "w") as o, open(err, "w") as e:
            proc = subprocess.Popen([sys.executable, "-c", SERVER, "--port", str(port),
                                     "--store", store, "--pause", str(pause)],
                                    cwd=ROOT, env=env, stdout=o, stderr=e)
        deadline = time.monotonic() + WAIT
        while proc.poll() is None and "Tables: ws://" not in out.read_text():
            assert time.monotonic() < deadline, f"the service did not start: {err.read_text()}"
            time.sleep(0.05)
        if proc.poll() is not None:  # the port was taken meanwhile: try another
            assert "could not start" in err.read_text(), err.read_text()
            continue
        try:
            yield f"ws://127.0.0.1:{port}/tables/ws"
        finally:
            stop(proc)
        problems = err.read_text()
        assert "Traceback" not in problems and "ERROR" not in problems, problems
        assert "dropped" not in problems, problems  # a computer's decision made twice
        return
    pytest.fail("the table service found no free port")


@pytest.fixture
def services(redis_url, tmp_path) -> Iterator[tuple[str, str]]:
    """Two service processes, A and B, sharing tables through ``redis_url``."""
    with table_service(redis_url, tmp_path / "A") as a, \
            table_service(redis_url, tmp_path / "B") as b:
        yield a, b


@pytest.fixture
def paced_services(redis_url, tmp_path) -> Iterator[tuple[str, str]]:
    """The same, a computer's action landing 0.05 s after its decision at the earliest: the
    other process hears of the person's action before the computer's answer, so both
    drivers go for every computer decision that follows a person's (the lease's race
    every time, not by chance)."""
    with table_service(redis_url, tmp_path / "A", pause=0.05) as a, \
            table_service(redis_url, tmp_path / "B", pause=0.05) as b:
        yield a, b


# --- the people's pages ----------------------------------------------------------------------
class Page:
    """One page of the person at ``seat``: a connection to one process and everything it
    received."""

    def __init__(self, url: str, seat: int) -> None:
        self.url, self.seat = url, seat
        self.got: list[dict[str, Any]] = []
        self.client = TableClient(url, on_message=self.got.append)

    @property
    def view(self) -> dict[str, Any] | None:
        return next((m for m in reversed(self.got) if m["type"] == "view"), None)

    def refused(self, ids: Any = None) -> list[dict[str, Any]]:
        return [m for m in self.got if m["type"] == "refused" and (ids is None or m["id"] in ids)]

    def send(self, message: dict[str, Any]) -> None:
        self.client.send(message)

    def sit(self, code: str) -> None:
        self.send({"type": "join", "code": code, "name": NAMES[self.seat],
                   "key": KEYS[self.seat], "seat": self.seat})


async def until(test: Callable[[], Any], what: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {seconds:.0f} s")
        await asyncio.sleep(0.005)


async def past(store: RedisStore, code: str, n: int, what: str) -> None:
    """Wait until the kept table has more than ``n`` actions."""
    await until(lambda: len(store.load(code).game.history) > n, what)


async def refusals(pages: list[Page], ids: list[str], count: int, what: str) -> None:
    """Wait until ``count`` of the messages ``ids`` have been refused."""
    await until(lambda: sum(len(p.refused(ids)) for p in pages) >= count, what)


async def open_table(pages: list[Page], people: list[int], level: str) -> str:
    """The first page opens the table; every other page sits at its person's seat (a
    second page of a person gets the same seat back). The table's code."""
    for p in pages:
        await p.client.connect()
    first = pages[0]
    first.send({"type": "open", "game": "trixter", "options": OPTIONS, "people": people,
                "level": level, "name": NAMES[first.seat], "key": KEYS[first.seat],
                "seat": first.seat})
    await until(lambda: first.client.code is not None and first.view is not None, "opened")
    code = first.client.code
    for p in pages[1:]:
        p.sit(code)
    await until(lambda: all(p.view and p.view["started"] for p in pages), "everyone seated")
    assert not any(p.refused() for p in pages), [p.refused() for p in pages]
    return code


async def settle(pages: list[Page], store: RedisStore, code: str,
                 person: set[int] | None = None) -> Table:
    """Wait until the kept table waits for a person (with computer seats) and every page
    shows the kept version, which must be the kept table (from either process); the kept
    table."""
    kept: list[Table] = []

    def done() -> bool:
        t = store.load(code)
        kept[:] = [t]
        if person is not None and t.game.phase.value != "hand_over" and \
                not t.game.is_over and t.game.to_move not in person:
            return False  # a computer is to move
        if not all(p.view is not None and p.view["version"] == t.version for p in pages):
            return False
        for p in pages:  # the same version is the same table: no two tables of one number
            assert p.view["view"] == t.game.observe(p.seat), \
                f"seat {p.seat}'s page on {p.url} shows another table at version {t.version}"
        return True

    await until(done, "every page showing the kept table")
    return kept[0]


def check_record(store: RedisStore, code: str, pages: list[Page]) -> Table:
    """The kept table: every action once, in order, equal to the audit lines and to the
    game's record; every page shows that same table, each seat its own hand."""
    table = store.load(code)
    audit = store.actions(code)
    history = table.game.history
    assert audit == table.log, "the audit lines differ from the table's log"
    assert [e["n"] for e in audit] == list(range(len(history))), "an action lost or doubled"
    assert [[e["seat"], e["action"]] for e in audit] == \
        [list(a) for a in table.game.to_record()["actions"]]
    assert len(table.game.score_sheet()) == HANDS
    assert sum(e["action"] == "next" for e in audit) == HANDS - 1  # one deal per hand
    for p in pages:
        v = p.view
        assert (v["version"], v["actions"], v["seat"]) == (table.version, len(history), p.seat)
        assert v["sheet"] == table.game.score_sheet()
        assert v["view"] == table.game.observe(p.seat)  # its own view, and only that
    first = pages[0].view
    for p in pages[1:]:  # what is public is the same on every page, whichever process
        for field in ("sitters", "sheet", "last", "over", "ready"):
            assert p.view[field] == first[field], field
        for field in ("history", "scores", "tricks_won", "bids", "trump", "hand_counts"):
            assert p.view["view"][field] == first["view"][field], field
    return table


# --- the tests ---------------------------------------------------------------------------------
async def play_people(a: str, b: str, redis_url: str) -> tuple[int, int, Table]:
    """Four people, seats 0 and 1 on A, 2 and 3 on B, each with a second page on the other
    process. Returns the act messages sent, those refused, and the kept table."""
    store = RedisStore(redis_url)
    own = [Page(a, 0), Page(a, 1), Page(b, 2), Page(b, 3)]
    twin = [Page(b, 0), Page(b, 1), Page(a, 2), Page(a, 3)]  # the same people, other process
    pages = own + twin
    rng = random.Random(7)
    sent = step = 0
    act_ids: set[str] = set()  # every act message's id
    try:
        code = await open_table(pages, [0, 1, 2, 3], "beginner")
        while True:
            table = await settle(pages, store, code)
            n = len(table.game.history)
            if len(table.game.score_sheet()) >= HANDS:
                break
            if table.game.phase.value == "hand_over":
                # Everyone ready at once, on both processes, seat 0 twice: one deal.
                for p in [*own, twin[0]]:
                    p.send({"type": "ready"})
                await past(store, code, n, "the next deal")
                continue
            mover = table.game.to_move
            view = own[mover].view  # the mover chooses from their own page's view
            assert view["actions"] == n and view["view"]["to_move"] == mover
            legal = view["view"]["legal"]
            action = rng.choice(legal)
            kind = step % 4
            step += 1
            ids = [f"{step}-{i}" for i in range(2)]
            message = {"type": "act", "action": action, "seen": n}
            if kind == 0:  # one page, once
                sends = [(own[mover], ids[0], action)]
            elif kind == 1:  # the same action on both the person's pages (both processes)
                sends = [(own[mover], ids[0], action), (twin[mover], ids[1], action)]
            elif kind == 2:  # two different actions at once from the two pages
                other = rng.choice([x for x in legal if x != action] or [action])
                sends = [(own[mover], ids[0], action), (twin[mover], ids[1], other)]
            else:  # once; after it is played, the same message again on both pages
                sends = [(own[mover], ids[0], action)]
            for page, ident, text in sends:
                page.send({**message, "action": text, "id": ident})
            sent += len(sends)
            act_ids.update(ids)
            await past(store, code, n, f"action {n}")
            await refusals(pages, ids, len(sends) - 1, f"the refusal of the duplicate of {n}")
            if kind == 3:
                replay = [f"{step}-replay-{i}" for i in range(2)]
                own[mover].send({**message, "id": replay[0]})
                twin[mover].send({**message, "id": replay[1]})
                sent += 2
                act_ids.update(replay)
                await refusals(pages, replay, 2, f"the refusal of action {n} replayed")
                ids += replay
            kept = store.load(code)
            assert len(kept.game.history) == n + 1, f"action {n} applied twice"
            assert kept.log[n]["seat"] == mover and kept.log[n]["by"] == "person"
            assert kept.log[n]["action"] in {text for _p, _i, text in sends}
            for m in (m for p in pages for m in p.refused(ids)):
                assert m["reason"].startswith((MOVED_ON, "it is not your turn")), m
        await asyncio.sleep(0.3)  # anything late would show now
        table = check_record(store, code, pages)
        refused = sum(len(p.refused(act_ids)) for p in pages)
        for m in (m for p in pages for m in p.refused() if m["id"] not in act_ids):
            assert m["reason"].startswith("the hand is not over yet"), m  # a ready too late
        return sent, refused, table
    finally:
        for p in pages:
            p.client.close()
        store.close()


def test_two_processes_share_a_table_of_people(services, redis_url):
    a, b = services
    sent, refused, table = asyncio.run(play_people(a, b, redis_url))
    accepted = sent - refused  # neither lost nor doubled: each is once in the history
    assert accepted == sum(e["by"] == "person" for e in table.log), "an action lost or doubled"
    assert accepted + HANDS - 1 == len(table.game.history)  # and a deal between the hands
    assert accepted > 30  # two whole hands
    assert refused > 10  # the races and replays happened, each refused once


async def play_with_computers(a: str, b: str, redis_url: str) -> Table:
    """People at seats 0 (on A) and 2 (on B), beginner computers at 1 and 3."""
    store = RedisStore(redis_url)
    pages = [Page(a, 0), Page(b, 2)]
    by_seat = {p.seat: p for p in pages}
    rng = random.Random(11)
    try:
        code = await open_table(pages, [0, 2], "beginner")
        while True:
            table = await settle(pages, store, code, person={0, 2})
            n = len(table.game.history)
            if len(table.game.score_sheet()) >= HANDS:
                break
            if table.game.phase.value == "hand_over":
                for p in pages:
                    p.send({"type": "ready"})
                await past(store, code, n, "the next deal")
                continue
            page = by_seat[table.game.to_move]
            view = page.view["view"]
            page.send({"type": "act", "action": rng.choice(view["legal"]), "seen": n})
            await past(store, code, n, f"action {n}")
        await asyncio.sleep(0.3)
        table = check_record(store, code, pages)
        assert not any(p.refused() for p in pages), [p.refused() for p in pages]
        computer = [e["n"] for e in table.log if e["by"] == "computer"]
        assert computer and all(table.log[n]["seat"] in (1, 3) for n in computer)
        # Each computer decision was leased once, by one process, and played: a lease of a
        # decision not in the record would be a thought that was thrown away.
        prefix = f"tt:lease:{code}:"
        leases = sorted(int(k.decode()[len(prefix):]) for k in store.redis.keys(prefix + "*"))
        assert leases == computer
        return table
    finally:
        for p in pages:
            p.client.close()
        store.close()


def test_computer_seats_decide_once_across_two_processes(paced_services, redis_url):
    a, b = paced_services
    table = asyncio.run(play_with_computers(a, b, redis_url))
    bys = {e["by"] for e in table.log}
    assert bys == {"person", "computer", "table"}
