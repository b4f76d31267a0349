"""Tables load: a class of people playing Trixter through one table service process.

    python benchmarks/tables_load.py [--tables 30] [--expert-tables 0 10] [--hands 2]
                                     [--first-hand 5] [--think 0.5 1.5] [--seconds S]
                                     [--seed 21] [--out benchmarks/tables-load.md]

Starts the table service as ``trix-tutor tables`` does (``python -m tutor.tables.server``,
one process, ``--pause 0``), its SQLite store in a temporary folder. Each simulated person
is a :class:`~tutor.tables.client.TableClient` (a WebSocket, as a page's kernel has): when
its own view says it is to move, it waits a person's think time (``--think``, seconds,
uniform; seeded) and sends a random action among its view's legal ones, with the number of
actions it has seen; when a hand is over it waits a think time and says ``ready``. A table
is opened by its first person and joined by the others, each at their own seat; it plays
``--hands`` hands of Trixter (4 players, starting at ``--first-hand`` cards), or until
``--seconds`` have passed.

Phases, one after the other on the same service process (all measured in this run):

- anchor: ONE table of 4 people alone on the service (the idle baseline), and (if any
  phase has expert computers) ONE table of 2 people and 2 expert computers alone;
- for each number E of ``--expert-tables``: ``--tables`` tables at once, E of them with
  2 people (seats 1 and 3) and 2 computers at the ``expert`` level (seats 2 and 4), the
  others 4 people.

Measured:

- action -> every seat's update: from the moment a person's action is sent until EVERY
  connection at that table has received the view with that action (the slowest seat's
  update), over all the people's actions; median, p95, p99, max. Also until the
  sender's own update.
- a computer's turn (expert tables): from the first view in which a computer is to move
  until the view with its action, as the table's first person sees it (the computers
  think in the service's worker process, one at a time); the computers' decisions (from
  the records) and the worker's CPU seconds per decision.
- actions per second: the people's, and every action of the games (people, computers,
  deals), over the phase's wall time.
- CPU seconds (and share of one core over the phase) of the service process, of its
  computer worker process(es), and of this load client (it runs on the same machine).
- the check, after the service has stopped: each table loaded from the SQLite file
  (``SQLiteStore(path).load(code)``) must hold every action exactly once, in order
  (``n`` = 0, 1, ...), equal to its audit lines (``store.actions(code)``) and to its
  game's record; each person's accepted actions (sent, not refused) must be the record's
  actions of their seat, in order (no action lost, none doubled), and each person's last
  view must show every action of the record.

Target (issue): p95 action -> every seat's update under 150 ms with 30 tables on a 2-core
machine, nothing lost or doubled. The exit status is 1 if any check failed, any message
was refused or any table did not finish.

``--profile FILE`` runs the service under cProfile and writes its statistics there (look
with ``python -m pstats FILE``).
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import datetime
import math
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.tables.client import TableClient  # noqa: E402
from tutor.tables.store import SQLiteStore  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import app  # noqa: E402 - the benchmarks' shared helpers (machine, CPU, free ports)
from app import cpu_seconds, free_port  # noqa: E402

SEED = 21
QUIET = 120.0  # seconds without any update at a table: it is stuck (only a hang reaches it)
NAMES = ("Ana", "Ben", "Cy", "Dee")


# --- the service process ---------------------------------------------------------------------
def start_service(folder: Path, profile: str | None) -> tuple[subprocess.Popen, str, Path]:
    """The service on a free port, its store in ``folder``; (process, address, store)."""
    store = folder / "tables.sqlite"
    env = dict(os.environ, TRIX_TUTOR_HOME=str(folder / "home"),
               TRIX_TUTOR_TEACHER_TOKEN="tables-load")
    for _attempt in range(5):
        port = free_port()
        out, err = folder / "service.out", folder / "service.err"
        run = ["-m", "cProfile", "-o", profile] if profile else []
        with open(out, "w") as o, open(err, "w") as e:
            proc = subprocess.Popen([sys.executable, *run, "-m", "tutor.tables.server",
                                     "--port", str(port), "--store", str(store),
                                     "--pause", "0"], cwd=ROOT, env=env, stdout=o, stderr=e)
        deadline = time.monotonic() + 120
        while proc.poll() is None and "Tables: ws://" not in out.read_text():
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("the table service did not start: " + err.read_text())
            time.sleep(0.05)
        if proc.poll() is None:
            return proc, f"ws://127.0.0.1:{port}/tables/ws", store
        if "could not start" not in err.read_text():  # not a port taken meanwhile
            raise RuntimeError("the table service stopped: " + err.read_text())
    raise RuntimeError("no free port for the table service")


def stop_service(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (its computer worker), recursively."""
    try:
        import psutil

        return [c.pid for c in psutil.Process(pid).children(recursive=True)]
    except ImportError:
        pass
    except Exception:  # noqa: BLE001
        return []
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(d.name))
    out, todo = [], [pid]
    while todo:
        for c in kids.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


# --- the simulated people --------------------------------------------------------------------
@dataclass
class Sent:
    """One action a person sent."""

    t0: float
    seen: int
    action: str
    ident: str


class Person:
    """One simulated person at ``seat`` of ``table``: a connection, what it received (the
    time and action count of each view) and what it sent."""

    def __init__(self, table: TableRun, seat: int, url: str, rng: random.Random) -> None:
        self.table, self.seat, self.rng = table, seat, rng
        self.key = f"{table.index:08x}{seat:08x}".ljust(32, "0")  # unique, 32 hex digits
        self.views: list[tuple[float, int, Any, str]] = []  # (time, actions, to_move, phase)
        self.counts: list[int] = []  # the actions of each view (for bisect)
        self.sent: list[Sent] = []
        self.refused: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None
        self.busy = False
        self.acted_on = -1
        self.readied_on = -1
        self.done = False
        self.client = TableClient(url, on_message=self.take)

    def take(self, m: dict[str, Any]) -> None:
        t = time.perf_counter()
        kind = m.get("type")
        if kind == "view":
            view = m["view"]
            self.views.append((t, m["actions"], view.get("to_move"), view.get("phase")))
            self.counts.append(m["actions"])
            self.last = m
            self.table.seen(t)
            self.consider()
        elif kind == "refused":
            self.refused.append(m)
        elif kind == "opened":
            self.table.code = m["code"]
            self.table.opened.set()

    def consider(self) -> None:
        """Act if the view asks this person for something (after a think time)."""
        m = self.last
        if m is None or self.busy or self.done:
            return
        view = m["view"]
        if m["over"] or len(m["sheet"]) >= self.table.hands:
            self.done = True
            self.table.person_done()
            return
        if time.monotonic() > self.table.deadline or not m["started"]:
            return
        if view["phase"] == "hand_over":
            if self.seat not in m["ready"] and self.readied_on != m["actions"]:
                self.busy = True
                asyncio.ensure_future(self.later(m["actions"], ready=True))
        elif view["to_move"] == self.seat and self.acted_on != m["actions"]:
            self.busy = True
            asyncio.ensure_future(self.later(m["actions"], ready=False))

    async def later(self, n: int, ready: bool) -> None:
        await asyncio.sleep(self.rng.uniform(*self.table.think))
        self.busy = False
        if self.done:  # the phase is over
            return
        m = self.last
        if m is not None and m["actions"] == n and time.monotonic() <= self.table.deadline:
            if ready:
                self.readied_on = n
                self.client.send({"type": "ready"})
            else:
                self.acted_on = n
                action = self.rng.choice(m["view"]["legal"])
                ident = f"{self.seat}-{n}"
                t0 = time.perf_counter()
                self.client.send({"type": "act", "action": action, "seen": n, "id": ident})
                self.sent.append(Sent(t0, n, action, ident))
        self.consider()

    def first_view_with(self, n: int) -> float | None:
        """When this connection first received a view with at least ``n`` actions."""
        i = bisect.bisect_left(self.counts, n)
        return self.views[i][0] if i < len(self.views) else None


class TableRun:
    """One table of a phase: its people and what they saw."""

    def __init__(self, phase: Phase, index: int, people: list[int], computers: list[int],
                 url: str, hands: int, think: tuple[float, float], deadline: float,
                 seed: int) -> None:
        self.phase, self.index = phase, index
        self.people, self.computers = people, computers
        self.hands, self.think, self.deadline = hands, think, deadline
        self.code: str | None = None
        self.opened = asyncio.Event()
        self.finished = asyncio.Event()
        self.last_seen = time.monotonic()
        self.persons = [Person(self, s, url, random.Random(f"{seed}/{phase.name}/{index}/{s}"))
                        for s in people]

    def seen(self, t: float) -> None:
        self.last_seen = time.monotonic()

    def person_done(self) -> None:
        if all(p.done for p in self.persons):
            self.finished.set()

    async def sit(self, first_hand: int) -> None:
        first, *others = self.persons
        for p in self.persons:
            await p.client.connect(timeout=60)
        first.client.send({"type": "open", "game": "trixter",
                           "options": {"players": 4, "first_hand": first_hand},
                           "people": self.people, "level": "expert", "seat": first.seat,
                           "name": NAMES[first.seat], "key": first.key})
        await asyncio.wait_for(self.opened.wait(), QUIET)
        for p in others:
            p.client.send({"type": "join", "code": self.code, "name": NAMES[p.seat],
                           "key": p.key, "seat": p.seat})

    async def play(self) -> None:
        """Until every person has seen the last hand end (or the time is up)."""
        while not self.finished.is_set():
            if time.monotonic() > self.deadline:
                return
            if time.monotonic() - self.last_seen > QUIET:
                self.phase.problems.append(f"table {self.code}: no update for {QUIET:.0f} s")
                return
            try:
                await asyncio.wait_for(self.finished.wait(), 1.0)
            except asyncio.TimeoutError:
                pass


@dataclass
class Phase:
    """What one phase (the anchor, or a class of tables) measured."""

    name: str
    label: str
    tables: int
    experts: int
    runs: list[TableRun] = field(default_factory=list)
    every: list[float] = field(default_factory=list)  # ms, action -> every seat's update
    own: list[float] = field(default_factory=list)  # ms, action -> the sender's update
    computer: list[float] = field(default_factory=list)  # s, a computer's turn
    people_actions: int = 0
    computer_actions: int = 0
    all_actions: int = 0
    refused: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    checked: int = 0  # tables whose record checked right
    cpu: dict[str, float] = field(default_factory=dict)
    wall: float = 0.0


async def run_phase(phase: Phase, url: str, service: subprocess.Popen, args) -> None:
    deadline = time.monotonic() + args.seconds if args.seconds else math.inf
    hands = args.anchor_hands if phase.name.startswith("anchor") else args.hands
    for i in range(phase.tables):
        expert = i < phase.experts
        people, computers = ([0, 2], [1, 3]) if expert else ([0, 1, 2, 3], [])
        phase.runs.append(TableRun(phase, i, people, computers, url, hands,
                                   tuple(args.think), deadline, args.seed))
    kids0 = {k: cpu_seconds({k}) for k in children(service.pid)}
    cpu0, client0, wall0 = cpu_seconds({service.pid}), time.process_time(), time.monotonic()
    await asyncio.gather(*(r.sit(args.first_hand) for r in phase.runs))
    await asyncio.gather(*(r.play() for r in phase.runs))
    await asyncio.sleep(0.5)  # the last updates (only a late one would still come)
    phase.wall = time.monotonic() - wall0
    kids = children(service.pid)
    phase.cpu = {"service": cpu_seconds({service.pid}) - cpu0,
                 "workers": sum(cpu_seconds({k}) - kids0.get(k, 0.0) for k in kids),
                 "client": time.process_time() - client0}
    for r in phase.runs:
        if not r.finished.is_set() and not args.seconds:
            phase.problems.append(f"table {r.code}: did not finish its {r.hands} hands")
        for p in r.persons:
            p.done = True  # nothing more is sent
            phase.refused += [f"table {r.code} seat {p.seat + 1}: {m.get('reason')}"
                              for m in p.refused]
        measure(phase, r)
        for p in r.persons:
            p.client.close()


def measure(phase: Phase, r: TableRun) -> None:
    refused = {m.get("id") for p in r.persons for m in p.refused}
    for sender in r.persons:
        for s in sender.sent:
            if s.ident in refused:
                continue
            times = [p.first_view_with(s.seen + 1) for p in r.persons]
            if any(t is None for t in times):
                phase.problems.append(f"table {r.code}: action {s.seen} ({s.action}) never "
                                      f"reached every seat")
                continue
            phase.every.append((max(times) - s.t0) * 1000)
            phase.own.append((sender.first_view_with(s.seen + 1) - s.t0) * 1000)
    watcher = r.persons[0]
    waiting: tuple[float, int] | None = None  # (since, actions) while a computer is to move
    for t, n, mover, ph in watcher.views:
        if waiting is not None and n > waiting[1]:
            phase.computer.append(t - waiting[0])
            waiting = None
        if waiting is None and mover in r.computers and ph not in ("hand_over", "game_over"):
            waiting = (t, n)


# --- the check of the records ----------------------------------------------------------------
def check(phase: Phase, path: Path) -> None:
    """Each table's record (from the SQLite file) against its audit lines and against what
    its people sent and saw."""
    store = SQLiteStore(path)
    try:
        for r in phase.runs:
            problems = check_table(store, r)
            phase.problems += [f"table {r.code}: {p}" for p in problems]
            phase.checked += not problems
            table = store.load(r.code) if r.code else None
            if table is not None:
                log = table.log
                phase.people_actions += sum(e["by"] == "person" for e in log)
                phase.computer_actions += sum(e["by"] == "computer" for e in log)
                phase.all_actions += len(log)
    finally:
        store.close()


def check_table(store: SQLiteStore, r: TableRun) -> list[str]:
    if r.code is None:
        return ["never opened"]
    table = store.load(r.code)
    if table is None:
        return ["not in the store"]
    out = []
    history, log, audit = table.game.history, table.log, store.actions(r.code)
    if [e["n"] for e in log] != list(range(len(history))):
        out.append(f"the log's actions are not 0..{len(history) - 1} once each")
    if [{k: e[k] for k in ("n", "seat", "action", "by", "at")} for e in log] != audit:
        out.append(f"the audit lines ({len(audit)}) differ from the log ({len(log)})")
    if [[e["seat"], e["action"]] for e in log] != \
            [list(a) for a in table.game.to_record()["actions"]]:
        out.append("the log differs from the game's record")
    refused = {m.get("id") for p in r.persons for m in p.refused}
    for p in r.persons:
        mine = [s.action for s in p.sent if s.ident not in refused]
        kept = [e["action"] for e in log if e["seat"] == p.seat and e["by"] == "person"]
        if mine != kept:
            out.append(f"seat {p.seat + 1}: {len(mine)} actions sent and not refused, "
                       f"{len(kept)} in the record")
        if p.last is None or p.last["actions"] != len(history):
            out.append(f"seat {p.seat + 1}'s last view shows "
                       f"{p.last and p.last['actions']} of {len(history)} actions")
    if any(e["by"] == "computer" and e["seat"] not in r.computers for e in log):
        out.append("a computer acted for a person who was there")
    return out


# --- the table of results --------------------------------------------------------------------
def pct(xs: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank)."""
    xs = sorted(xs)
    return xs[max(0, math.ceil(p / 100 * len(xs)) - 1)] if xs else float("nan")


def spread(xs: list[float], unit: str, digits: int = 0) -> str:
    values = (pct(xs, 50), pct(xs, 95), pct(xs, 99), max(xs, default=math.nan))
    return " / ".join(f"{v:.{digits}f}" for v in values) + f" {unit}"


def table(phases: list[Phase], args) -> str:
    def row(label: str, f, target: str = "") -> str:
        return f"| {label} | " + " | ".join(f(p) for p in phases) + f" | {target} |"

    def share(seconds: float, wall: float) -> str:
        return f"{seconds:.1f} s ({100 * seconds / wall:.0f}%)" if wall else "-"

    rows = [
        "| measure | " + " | ".join(p.label for p in phases) + " | target |",
        "| --- | " + " | ".join("---" for _ in phases) + " | --- |",
        row("tables / people / expert computers",
            lambda p: f"{p.tables} / {sum(len(r.people) for r in p.runs)} / "
                      f"{sum(len(r.computers) for r in p.runs)}"),
        row("people's actions measured", lambda p: str(len(p.every))),
        row("action -> every seat's update: median / p95 / p99 / max",
            lambda p: spread(p.every, "ms"), "p95 < 150 ms"),
        row("action -> the sender's own update: median / p95 / p99 / max",
            lambda p: spread(p.own, "ms")),
        row("a computer's turn (expert), as a person sees it: median / p95 / p99 / max",
            lambda p: spread(p.computer, "s", 1) if p.computer else "-"),
        row("actions per second: people's / every action (computers, deals)",
            lambda p: f"{p.people_actions / p.wall:.1f} / {p.all_actions / p.wall:.1f}"
            if p.wall else "-"),
        row("computer decisions: how many, the worker's CPU per decision",
            lambda p: f"{p.computer_actions}, {p.cpu.get('workers', 0.0) / p.computer_actions:.2f}"
                      " s each" if p.computer_actions else "-"),
        row("CPU, service process (share of one core)",
            lambda p: share(p.cpu.get("service", 0.0), p.wall)),
        row("CPU, its computer worker process(es)",
            lambda p: share(p.cpu.get("workers", 0.0), p.wall)),
        row("CPU, this load client (all the people)",
            lambda p: share(p.cpu.get("client", 0.0), p.wall)),
        row("phase wall time", lambda p: f"{p.wall:.0f} s"),
        row("messages refused", lambda p: str(len(p.refused)), "0"),
        row("each table's record (SQLite) = its audit lines = what its people sent and saw,"
            " every action once", lambda p: f"{p.checked} of {p.tables} right, "
                                            f"{len(p.problems)} problems", "all right"),
    ]
    met = all(pct(p.every, 95) < 150 for p in phases) and \
        not any(p.problems or p.refused for p in phases)
    hands = f"{args.seconds:.0f} s of play" if args.seconds else \
        f"{args.hands} hands per table (the anchor: {args.anchor_hands})"
    notes = [f"Target (p95 action -> every seat's update < 150 ms, nothing lost or doubled): "
             f"{'met' if met else 'NOT met'}.",
             f"Trixter, 4 players, starting at {args.first_hand} cards; {hands}; people think "
             f"{args.think[0]}-{args.think[1]} s (uniform) before each action and each "
             f"\"ready\"; the service's computer pause 0 (`--pause 0`); the phases ran one "
             f"after the other on one service process, the anchor first."]
    for p in phases:
        for what, items in (("problems", p.problems), ("refused", p.refused)):
            if items:
                notes.append(f"{p.label} {what} (first {min(5, len(items))} of {len(items)}): "
                             + "; ".join(items[:5]))
    return "\n".join(rows) + "\n\n" + "\n".join(f"- {n}" for n in notes) + "\n"


def machine() -> str:
    return (f"{app.machine('tornado')}, SQLite {sqlite3.sqlite_version}; load average "
            f"{os.getloadavg()[0]:.1f} when the run started")


async def measure_all(args) -> int:
    load = machine()
    with tempfile.TemporaryDirectory(prefix="tables-load-") as folder:
        proc, url, path = start_service(Path(folder), args.profile)
        phases = [Phase("anchor", "anchor: 1 table of 4 people alone", 1, 0)]
        if any(args.expert_tables):
            phases.append(Phase("anchor-expert", "anchor: 1 table of 2 people + 2 expert "
                                                 "computers alone", 1, 1))
        for e in args.expert_tables:
            label = f"{args.tables} tables of 4 people" if not e else \
                f"{args.tables} tables, {e} of them 2 people + 2 expert computers"
            phases.append(Phase(f"load-{e}", label, args.tables, min(e, args.tables)))
        try:
            for phase in phases:
                await run_phase(phase, url, proc, args)
                print(f"{phase.label}: {len(phase.every)} actions, "
                      f"p95 {pct(phase.every, 95):.0f} ms, {phase.wall:.0f} s", file=sys.stderr)
        finally:
            stop_service(proc)
        errors = (Path(folder) / "service.err").read_text()
        for phase in phases:
            check(phase, path)
    text = table(phases, args)
    if "Traceback" in errors:
        text += f"- the service's errors: {errors[-1500:]}\n"
    print(text)
    if args.out:
        command = "python " + " ".join([f"benchmarks/{Path(sys.argv[0]).name}", *sys.argv[1:]])
        Path(args.out).write_text(
            f"# Tables load: {args.tables} tables of people on one table service process\n\n"
            f"Measured {datetime.date.today().isoformat()} with `{command}`"
            f" (`benchmarks/tables_load.py`; what each row means is in its docstring).\n\n"
            f"Machine: {load}.\n\n" + text)
    bad = any(p.problems or p.refused for p in phases) or "Traceback" in errors
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--expert-tables", type=int, nargs="+", default=[0, 10],
                        help="a phase for each: how many tables have 2 expert computers")
    parser.add_argument("--hands", type=int, default=2, help="hands each table plays")
    parser.add_argument("--anchor-hands", type=int, default=None,
                        help="hands of the anchor table (default: --hands)")
    parser.add_argument("--first-hand", type=int, default=5, help="cards in the first hand")
    parser.add_argument("--seconds", type=float, default=None,
                        help="play this long per phase instead (hands unlimited)")
    parser.add_argument("--think", type=float, nargs=2, default=[0.5, 1.5],
                        metavar=("LOW", "HIGH"), help="a person's think time, seconds")
    parser.add_argument("--seed", type=int, default=SEED, help="the people's choices")
    parser.add_argument("--out", help="also write the table (with the command, machine "
                                      "and date) to this markdown file")
    parser.add_argument("--profile", help="run the service under cProfile, stats to this file")
    parser.add_argument("--quick", action="store_true",
                        help="2 tables (one with experts), 1 hand of 2 cards, quick thinkers, "
                             "no phase of people only (a smoke run)")
    args = parser.parse_args(argv)
    if args.quick:
        args.tables, args.hands, args.first_hand, args.expert_tables = 2, 1, 2, [1]
        args.think = [0.05, 0.2]
    if args.anchor_hands is None:
        args.anchor_hands = args.hands
    if args.seconds:
        args.hands = args.anchor_hands = 10 ** 6
    return asyncio.run(measure_all(args))


if __name__ == "__main__":
    sys.exit(main())
