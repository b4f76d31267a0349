"""The table service: every table, every connection, the computer seats.

A connection (a page's kernel, a test, the benchmark) sends small JSON messages and gets
back only what its role may see (:meth:`Table.message_for`): a seat its own view, a
spectator the public facts, the teacher every hand. Every change goes through one path
(:mod:`tutor.tables.changes`): the table is loaded (from the store when other processes
share it), changed by the rules of :class:`~tutor.tables.table.Table`, saved with a check
that nobody changed it meanwhile, announced, and sent to every connection; then the
computer seats go on (:mod:`tutor.tables.computers`). A refused message gets
``{"type": "refused", "reason": ...}`` and changes nothing.

The protocol (``type`` and its fields; ``id``, any short text, comes back in the reply):

=========  ==================================================================================
open       ``game``, ``options``, ``people`` (seats for people), ``level``, ``hints``,
           ``away_seconds``, ``name``, ``key``, ``seat``: a new table; its opener sits down
join       ``code``, ``name``, ``key``, ``seat`` (optional): sit down, or come back to a seat
watch      ``code``: watch a table (public facts; every hand for the teacher)
teach      ``token``: this connection is the teacher's
list       the class's tables (public facts)
act        ``action`` (its text), ``seen`` (the actions seen): a seat's decision
ready      the next hand (deal) may be dealt for this seat
start      start now, computers in the seats still empty
record     the record of the hands (deals) finished so far, for the seat's own review
pause, resume, say (``text``), sheet: the teacher's
=========  ==================================================================================
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Protocol

from tutor.engine.i18n import gettext as _
from tutor.engine.records import finished_record
from tutor.tables.computers import ComputerSeats
from tutor.tables.store import Store
from tutor.tables.table import (MAX_NAME, BetweenHands, Table, TableError, clean_name,
                                new_code)

__all__ = ["TableService", "Connection", "class_sheet", "sheet_csv", "MESSAGE_TYPES"]

log = logging.getLogger(__name__)

MESSAGE_TYPES = ("open", "join", "watch", "teach", "list", "act", "ready", "start", "pause",
                 "resume", "say", "sheet", "leave", "record")
MAX_NOTE = 300
KEY_CHARS = set("0123456789abcdef")


class Connection(Protocol):
    """One client: :meth:`send` queues a message for it (never blocks)."""

    def send(self, message: dict[str, Any]) -> None: ...


class _Bound:
    """What the service knows of a connection: its table, role and seat."""

    __slots__ = ("code", "role", "seat", "teacher", "name")

    def __init__(self) -> None:
        self.code: str | None = None
        self.role: str | None = None
        self.seat: int | None = None
        self.teacher = False
        self.name: str | None = None


class TableService(ComputerSeats):
    """Every table of a class, over ``store``. ``pause``: seconds a computer action takes at
    least (each card is seen landing); ``teacher_token``: what proves the teacher on a
    single server; ``identify``: on a hub, turns a connection's ``key`` (the person's hub
    token) into ``(name, is_teacher)``; ``executor``: where computer seats think (a process
    pool by default, so the service answers people while a computer thinks; ``workers``
    processes: one keeps a core for the pages' kernels, two halve a busy class's wait for
    its computers, ``benchmarks/tables-load.md``)."""

    def __init__(self, store: Store, *, pause: float = 0.6, teacher_token: str | None = None,
                 identify: Callable[[str], tuple[str, bool]] | None = None,
                 executor: Executor | None = None, clock: Callable[[], float] = time.time,
                 bot_seconds: float | None = None, workers: int = 1) -> None:
        self.store = store
        self.pause = pause
        self.teacher_token = teacher_token or secrets.token_urlsafe(12)
        self.identify = identify
        self._executor = executor
        self.clock = clock
        self.bot_seconds = bot_seconds
        self.workers = workers
        self.cache: dict[str, Table] = {}
        self.conns: dict[Any, _Bound] = {}
        self.by_table: dict[str, set[Any]] = defaultdict(set)
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.drivers: dict[str, asyncio.Task] = {}
        self.thoughts: dict[str, list[float]] = defaultdict(list)
        self.round_costs: dict[tuple, float] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    # --- start and stop ------------------------------------------------------------------
    async def start(self) -> None:
        """Take up every kept table: nobody is connected after a start, so every person is
        away from now; the computer seats go on where they were."""
        self.loop = asyncio.get_running_loop()
        if self._executor is None:
            self._executor = ProcessPoolExecutor(max_workers=self.workers)
        now = self.clock()
        for code in self.store.codes():
            if not self.store.shared:
                await self._change(code, lambda t: _all_away(t, now))
            self._kick(code)
        self.store.listen(lambda code: self.loop.call_soon_threadsafe(self._remote, code))

    async def stop(self) -> None:
        for task in list(self.drivers.values()):
            task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # --- connections ---------------------------------------------------------------------
    def connect(self, conn: Connection) -> None:
        self.conns[conn] = _Bound()

    async def disconnect(self, conn: Connection) -> None:
        """A connection is gone: its seat is away from now (a computer plays for it after
        the table's time away)."""
        bound = self.conns.pop(conn, None)
        if bound is None or bound.code is None:
            return
        self.by_table[bound.code].discard(conn)
        if bound.role == "seat" and bound.seat is not None:
            seat, now, code = bound.seat, self.clock(), bound.code
            try:
                table = await self._change(code, lambda t: _left(t, seat, now))
            except TableError:  # pragma: no cover - the table is gone
                return
            # Once the time away is up everyone is told that a computer plays for the seat
            # (and, on the seat's turn, the computer plays).
            asyncio.get_running_loop().call_later(table.away_seconds + 0.05, self._remote,
                                                  code)

    async def receive(self, conn: Connection, message: Any) -> None:
        """Act on one message from ``conn``; a bad one is refused with the reason."""
        bound = self.conns.get(conn)
        if bound is None:
            return
        ident = _ident(message)
        try:
            if not isinstance(message, dict) or message.get("type") not in MESSAGE_TYPES:
                raise TableError(_("a message is an object whose type is one of {types}").format(
                    types=", ".join(MESSAGE_TYPES)))
            handler = getattr(self, f"_on_{message['type']}")
            reply = await handler(conn, bound, message)
        except TableError as e:
            refused = {"type": "refused", "reason": str(e), "id": ident}
            if isinstance(e, BetweenHands):  # the page may watch and ask again then
                refused["wait"] = True
            conn.send(refused)
            return
        except Exception:  # a bug must not stop the service
            log.exception("message %r failed", message.get("type"))
            conn.send({"type": "refused", "reason": _("the table service could not do that"),
                       "id": ident})
            return
        if reply is not None:
            reply["id"] = ident
            conn.send(reply)

    # --- the messages ----------------------------------------------------------------------
    def _person(self, message: dict[str, Any], table: Table | None = None) -> tuple[str, str]:
        """Who a person is: their name and key (a hub says both). At ``table``, where the
        key holds a seat, no name is needed: they come back as who they were there (a
        page reloaded knows the key, not the name)."""
        key = self._key(message)
        if self.identify is not None:
            # The seat's key is the whole hub name; the table shows at most MAX_NAME of it.
            return clean_name(key[4:][:MAX_NAME]), key
        mine = table.seat_of(key) if table is not None else None
        if mine is not None and not message.get("name"):
            return table.sitters[mine].name, key
        return clean_name(message.get("name")), key

    def _key(self, message: dict[str, Any]) -> str:
        """A person's key: their browser's learner id, or ``hub:`` and their hub name."""
        key = message.get("key")
        if self.identify is not None:
            if not isinstance(key, str) or not key:
                raise TableError(_("sign in to the hub to sit at a table"))
            name, _teacher = self.identify(key)
            return f"hub:{name}"
        if not isinstance(key, str) or len(key) != 32 or not set(key) <= KEY_CHARS:
            raise TableError(_("a person's key is 32 hexadecimal digits (the page sends it)"))
        return key

    async def _on_open(self, conn, bound: _Bound, m: dict[str, Any]) -> dict[str, Any] | None:
        name, key = self._person(m)
        table = Table.open(m.get("game"), m.get("options"), m.get("people", [0]),
                           m.get("level", "beginner"), hints=m.get("hints", True),
                           away_seconds=m.get("away_seconds", 30.0))
        seat = m.get("seat", table.sitters.index(next(x for x in table.sitters if x.waiting)))
        table.claim(seat, name, key)  # checked before anything is kept
        for _i in range(20):
            if self.store.create(table):
                break
            table.code = new_code()
        else:  # pragma: no cover - 10⁹ codes
            raise TableError(_("no free table code: try again"))
        self.cache[table.code] = table
        conn.send({"type": "opened", "code": table.code, "id": _ident(m)})
        return await self._sit(conn, bound, table.code, key, name, table.seat_of(key))

    async def _on_join(self, conn, bound: _Bound, m: dict[str, Any]) -> dict[str, Any] | None:
        code = _code(m)
        name, key = self._person(m, await self._table(code))
        seat = m.get("seat")
        await self._change(code, lambda t: t.claim(seat, name, key, self.clock()))
        table = await self._table(code)
        return await self._sit(conn, bound, code, key, name, table.seat_of(key))

    async def _sit(self, conn, bound: _Bound, code: str, key: str, name: str,
                   seat: int | None) -> None:
        assert seat is not None
        held = self._unbind(conn, bound)
        bound.code, bound.role, bound.seat, bound.name = code, "seat", seat, name
        self.by_table[code].add(conn)
        now = self.clock()
        await self._change(code, lambda t: t.presence(seat, +1, now))
        await self._away(held, now)  # after the +1: a page joining its seat again stays here
        return None  # the view came with the change

    async def _on_watch(self, conn, bound: _Bound, m: dict[str, Any]) -> None:
        code = _code(m)
        table = await self._table(code)
        held = self._unbind(conn, bound)
        bound.code, bound.role, bound.seat = code, "teacher" if bound.teacher else "watch", None
        self.by_table[code].add(conn)
        conn.send(table.message_for(bound.role, now=self.clock()))
        await self._away(held, self.clock())

    async def _on_teach(self, conn, bound: _Bound, m: dict[str, Any]) -> dict[str, Any]:
        token = m.get("token")
        if self.identify is not None:
            if not isinstance(token, str) or not self.identify(token)[1]:
                raise TableError(_("only a teacher of this hub may watch every hand"))
        elif not isinstance(token, str) or \
                not secrets.compare_digest(token.encode(), self.teacher_token.encode()):
            raise TableError(_("that is not the teacher's token (the app printed it at start)"))
        bound.teacher = True
        return {"type": "teaching"}

    async def _on_list(self, conn, bound: _Bound, m: dict[str, Any]) -> dict[str, Any]:
        now = self.clock()
        key = None
        if m.get("key") is not None:  # a page asks which tables hold a seat of its person's
            with contextlib.suppress(TableError):
                key = self._key(m)
        rows = [dict(t.summary(now), yours=t.seat_of(key) if key else None)
                for t in map(self._load_listed, self.store.codes()) if t]
        return {"type": "tables", "tables": rows}

    def _load_listed(self, code: str) -> Table | None:
        return self.cache.get(code) if not self.store.shared and code in self.cache \
            else self.store.load(code)

    async def _on_act(self, conn, bound: _Bound, m: dict[str, Any]) -> None:
        code, seat = self._my_seat(bound)
        text, seen = m.get("action"), m.get("seen")
        await self._change(code, lambda t: t.act(seat, text, seen, "person", self.clock()))

    async def _on_ready(self, conn, bound: _Bound, m: dict[str, Any]) -> None:
        code, seat = self._my_seat(bound)
        await self._change(code, lambda t: t.say_ready(seat))

    async def _on_start(self, conn, bound: _Bound, m: dict[str, Any]) -> None:
        code, _seat = self._my_seat(bound)
        await self._change(code, Table.start)

    async def _on_record(self, conn, bound: _Bound, m: dict[str, Any]) -> dict[str, Any]:
        """The finished hands' record (as the play pages' download): the hand in play and
        its deal are left out, so it names no card still hidden."""
        code, seat = self._my_seat(bound)
        table = await self._table(code)
        record = finished_record(table.game)
        if record is None:
            raise TableError(_("finish a deal first: then it can be reviewed")
                             if table.game_name == "trix" else
                             _("finish a hand first: then it can be reviewed"))
        return {"type": "record", "record": record, "seat": seat}

    async def _on_pause(self, conn, bound: _Bound, m: dict[str, Any]) -> None:
        code = self._teaching(bound, m)
        await self._change(code, lambda t: _set(t, paused=True))

    async def _on_resume(self, conn, bound: _Bound, m: dict[str, Any]) -> None:
        code = self._teaching(bound, m)
        await self._change(code, lambda t: _set(t, paused=False))

    async def _on_say(self, conn, bound: _Bound, m: dict[str, Any]) -> None:
        code = self._teaching(bound, m)
        text = m.get("text")
        if not isinstance(text, str) or len(text) > MAX_NOTE:
            raise TableError(_("a message to a table is a text of at most {n} characters").format(
                n=MAX_NOTE))
        await self._change(code, lambda t: _set(t, note=" ".join(text.split())))

    async def _on_sheet(self, conn, bound: _Bound, m: dict[str, Any]) -> dict[str, Any]:
        if not bound.teacher:
            raise TableError(_("the class sheet is the teacher's"))
        rows = class_sheet(self.store.tables())
        return {"type": "sheet", "rows": rows, "csv": sheet_csv(rows)}

    async def _on_leave(self, conn, bound: _Bound, m: dict[str, Any]) -> dict[str, Any]:
        await self._away(self._unbind(conn, bound), self.clock())
        return {"type": "left"}

    def _unbind(self, conn, bound: _Bound) -> tuple[str, int] | None:
        """Forget where ``conn`` was; the table and seat it held, if it held one."""
        held = (bound.code, bound.seat) if bound.role == "seat" and bound.code is not None \
            and bound.seat is not None else None
        if bound.code is not None:
            self.by_table[bound.code].discard(conn)
        bound.code = bound.role = bound.seat = None
        return held

    async def _away(self, held: tuple[str, int] | None, now: float) -> None:
        """The page that held ``held`` holds it no more (it left, joined again or went to
        another table): one connection fewer there, so the seat is away once none is left."""
        if held is not None:
            code, seat = held
            await self._change(code, lambda t: t.presence(seat, -1, now))

    def _my_seat(self, bound: _Bound) -> tuple[str, int]:
        if bound.role != "seat" or bound.code is None or bound.seat is None:
            raise TableError(_("sit at a table first (join it by its code)"))
        return bound.code, bound.seat

    def _teaching(self, bound: _Bound, m: dict[str, Any]) -> str:
        if not bound.teacher:
            raise TableError(_("only the teacher may do that"))
        return _code(m) if m.get("code") is not None else self._watched(bound)

    @staticmethod
    def _watched(bound: _Bound) -> str:
        if bound.code is None:
            raise TableError(_("say which table (its code)"))
        return bound.code


def _ident(message: Any) -> str | int | None:
    """A message's ``id`` as its reply carries it back: a short text or number, else none."""
    ident = message.get("id") if isinstance(message, dict) else None
    if not isinstance(ident, (str, int)) or isinstance(ident, bool) or len(str(ident)) > 64:
        return None
    return ident


def _code(m: dict[str, Any]) -> str:
    code = m.get("code")
    if not isinstance(code, str) or not 4 <= len(code.strip()) <= 12:
        raise TableError(_("a table code is six letters, such as {code}").format(code="K7QMPX"))
    return code.strip().upper()


def _set(table: Table, **values: Any) -> None:
    for k, v in values.items():
        setattr(table, k, v)
    table.version += 1


def _all_away(table: Table, now: float) -> None:
    for x in table.sitters:
        if x.connections or (x.kind == "person" and x.key and x.away_since is None):
            x.connections = 0
            x.away_since = now
            table.version += 1


def _left(table: Table, seat: int, now: float) -> Table:
    table.presence(seat, -1, now)
    return table


def class_sheet(tables: Any) -> list[dict[str, Any]]:
    """Every person's points over all the tables they sat at: per hand (Trixter) or per
    deal (Trix), with the hands (deals) played; a hand counts for whoever held the seat
    when it ended (a computer standing in plays for the person)."""
    acc: dict[tuple[str, str], dict[str, Any]] = {}
    for table in tables:
        rows = table.game.score_sheet()
        done = 0
        for owned in table.owners:
            who = owned["who"]
            for row in rows[done:owned["rows"]]:
                if row.get("redeal") is not None:  # a Trix deal thrown in: not played
                    continue
                for seat, name in enumerate(who):
                    if name is None or seat >= len(row["points"]) or row["points"][seat] is None:
                        continue
                    a = acc.setdefault((name, table.game_name), {
                        "name": name, "game": table.game_name, "tables": set(), "played": 0,
                        "points": 0})
                    a["tables"].add(table.code)
                    a["played"] += 1
                    a["points"] += row["points"][seat]
            done = owned["rows"]
    out = []
    for a in sorted(acc.values(), key=lambda a: (a["game"], a["name"].lower())):
        out.append({"name": a["name"], "game": a["game"], "tables": len(a["tables"]),
                    "played": a["played"], "points": a["points"],
                    "per_hand": round(a["points"] / a["played"], 2)})
    return out


def sheet_csv(rows: list[dict[str, Any]]) -> str:
    """The class sheet as CSV (a spreadsheet opens it)."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow([_("name"), _("game"), _("tables"), _("hands or deals played"), _("points"),
                _("points per hand or deal")])
    for r in rows:
        w.writerow([r["name"], r["game"], r["tables"], r["played"], r["points"], r["per_hand"]])
    return out.getvalue()
