"""Where tables are kept: :class:`SQLiteStore` (the embedded default, one service process)
and :class:`RedisStore` (several service processes sharing tables).

Both keep each table's whole state (:meth:`Table.to_state`, the game as its record) and an
audit line per action, written in one step with a check that nobody else changed the table
in between (its ``version``): a save that lost that race is refused (``False``), and the
service loads the table again and judges the action afresh, so no action is applied twice
and none is lost. A restarted service finds every table as it was last saved.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tutor.tables.table import Table

__all__ = ["Store", "SQLiteStore", "RedisStore", "store_for"]


class Store:
    """What the service needs of a store (both stores below)."""

    shared = False  # True: other processes change tables too (load before acting)

    def create(self, table: Table) -> bool:  # pragma: no cover - interface
        """Keep a new table; ``False`` if its code is taken."""
        raise NotImplementedError

    def load(self, code: str) -> Table | None:  # pragma: no cover - interface
        raise NotImplementedError

    def save(self, table: Table, before: int, log_from: int) -> bool:  # pragma: no cover
        """Keep ``table`` if the kept one still has version ``before``; the audit lines are
        ``table.log[log_from:]``. ``False`` (nothing written) if it changed meanwhile."""
        raise NotImplementedError

    def codes(self) -> list[str]:  # pragma: no cover - interface
        raise NotImplementedError

    def actions(self, code: str) -> list[dict[str, Any]]:  # pragma: no cover - interface
        """The audit lines of ``code``, in order."""
        raise NotImplementedError

    def tables(self) -> Iterator[Table]:
        for code in self.codes():
            t = self.load(code)
            if t is not None:
                yield t

    def lease(self, code: str, n: int) -> bool:
        """Whether this process plays the computer's decision ``n`` at ``code`` (one process
        alone keeps tables: always)."""
        return True

    def listen(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(code)`` when another process changed a table (shared stores)."""

    def announce(self, code: str) -> None:
        """Tell the other processes that ``code`` changed (shared stores)."""

    def close(self) -> None:
        pass


class SQLiteStore(Store):
    """Tables in one SQLite file (``":memory:"`` for tests)."""

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        self._lock = threading.Lock()
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript("""
            CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, version INTEGER,
                                               state TEXT, created REAL);
            CREATE TABLE IF NOT EXISTS actions (code TEXT, n INTEGER, seat INTEGER,
                                                action TEXT, by TEXT, at REAL,
                                                PRIMARY KEY (code, n));
        """)

    def create(self, table: Table) -> bool:
        with self._lock:
            try:
                self.db.execute("INSERT INTO tables VALUES (?, ?, ?, ?)",
                                (table.code, table.version, json.dumps(table.to_state()),
                                 table.created))
            except sqlite3.IntegrityError:
                return False
        return True

    def load(self, code: str) -> Table | None:
        with self._lock:
            row = self.db.execute("SELECT state FROM tables WHERE code = ?", (code,)).fetchone()
        return Table.from_state(json.loads(row[0])) if row else None

    def save(self, table: Table, before: int, log_from: int) -> bool:
        state = json.dumps(table.to_state())
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                cur = self.db.execute(
                    "UPDATE tables SET version = ?, state = ? WHERE code = ? AND version = ?",
                    (table.version, state, table.code, before))
                if cur.rowcount != 1:
                    self.db.execute("ROLLBACK")
                    return False
                self.db.executemany(
                    "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)",
                    [(table.code, e["n"], e["seat"], e["action"], e["by"], e["at"])
                     for e in table.log[log_from:]])
                self.db.execute("COMMIT")
            except sqlite3.Error:
                self.db.execute("ROLLBACK")
                raise
        return True

    def codes(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self.db.execute("SELECT code FROM tables ORDER BY created")]

    def actions(self, code: str) -> list[dict[str, Any]]:
        with self._lock:
            rows = self.db.execute("SELECT n, seat, action, by, at FROM actions WHERE code = ? "
                                   "ORDER BY n", (code,)).fetchall()
        return [dict(zip(("n", "seat", "action", "by", "at"), r)) for r in rows]

    def close(self) -> None:
        with self._lock:
            self.db.close()


class RedisStore(Store):
    """Tables in Redis, shared by every service process that names the same server: a
    table's state under ``tt:table:<code>``, its audit lines in ``tt:actions:<code>``,
    the codes in ``tt:codes``; a change is announced on the channel ``tt:changed``."""

    shared = True
    CHANNEL = "tt:changed"

    def __init__(self, url: str, prefix: str = "tt") -> None:
        import redis  # only where tables are shared: the default install has no need

        self.redis = redis.Redis.from_url(url)
        self.redis.ping()
        self.prefix = prefix
        self._watch_error = redis.WatchError
        self._listener: threading.Thread | None = None
        self._pubsub: Any = None

    def _key(self, kind: str, code: str) -> str:
        return f"{self.prefix}:{kind}:{code}"

    def create(self, table: Table) -> bool:
        ok = self.redis.set(self._key("table", table.code), json.dumps(table.to_state()), nx=True)
        if ok:
            self.redis.zadd(f"{self.prefix}:codes", {table.code: table.created})
        return bool(ok)

    def load(self, code: str) -> Table | None:
        text = self.redis.get(self._key("table", code))
        return Table.from_state(json.loads(text)) if text else None

    def save(self, table: Table, before: int, log_from: int) -> bool:
        key = self._key("table", table.code)
        with self.redis.pipeline() as pipe:
            try:
                pipe.watch(key)
                text = pipe.get(key)
                if text is None or json.loads(text)["version"] != before:
                    pipe.reset()
                    return False
                pipe.multi()
                pipe.set(key, json.dumps(table.to_state()))
                lines = [json.dumps(e) for e in table.log[log_from:]]
                if lines:
                    pipe.rpush(self._key("actions", table.code), *lines)
                pipe.execute()
            except self._watch_error:
                return False
        return True

    def codes(self) -> list[str]:
        return [c.decode() for c in self.redis.zrange(f"{self.prefix}:codes", 0, -1)]

    def actions(self, code: str) -> list[dict[str, Any]]:
        return [json.loads(x) for x in self.redis.lrange(self._key("actions", code), 0, -1)]

    def lease(self, code: str, n: int) -> bool:
        """The first process to ask plays the computer's decision ``n``; the lease lapses
        after a minute, so a process that died holding it is replaced."""
        return bool(self.redis.set(self._key("lease", f"{code}:{n}"), "1", nx=True, ex=60))

    def announce(self, code: str) -> None:
        self.redis.publish(f"{self.prefix}:{self.CHANNEL}", code)

    def listen(self, callback: Callable[[str], Any]) -> None:
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        self._pubsub.subscribe(**{f"{self.prefix}:{self.CHANNEL}":
                                  lambda m: callback(m["data"].decode())})
        self._listener = self._pubsub.run_in_thread(sleep_time=0.05, daemon=True)

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stop()
            # Its read ends within its sleep time; closing the connections under it would
            # print a ConnectionError's traceback as the service stops.
            self._listener.join(timeout=2.0)
        self.redis.close()


def store_for(where: str) -> Store:
    """A store from its address: ``redis://...`` for Redis, else an SQLite file's path."""
    if where.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(where)
    return SQLiteStore(where)
