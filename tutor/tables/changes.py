"""One path for every change of a table: load it (from the store when other processes
share it), change it by the rules of :class:`~tutor.tables.table.Table`, save it with a
check that nobody changed it meanwhile, announce it, and send it to every connection at the
table (each its own role's message). :class:`~tutor.tables.service.TableService` is built
on it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from tutor.engine.i18n import gettext as _
from tutor.engine.protocol import Phase
from tutor.tables.store import Store
from tutor.tables.table import Table, TableError

__all__ = ["TableChanges"]

log = logging.getLogger(__name__)


class TableChanges:
    """The tables a service keeps (``cache``, over ``store``) and the one path that changes
    them; the connections at each table (``by_table``, each bound in ``conns``) hear of
    every change."""

    store: Store
    cache: dict[str, Table]
    conns: dict[Any, Any]
    by_table: dict[str, set[Any]]
    locks: dict[str, asyncio.Lock]
    clock: Callable[[], float]

    async def _table(self, code: str) -> Table:
        if not self.store.shared and code in self.cache:
            return self.cache[code]
        table = self.store.load(code)
        if table is None:
            raise TableError(_("there is no table {code}: check the code").format(code=code))
        self.cache[code] = table
        return table

    async def _change(self, code: str, fn: Callable[[Table], Any]) -> Any:
        """Load, change (``fn``; a :class:`TableError` changes nothing), save with the
        version check (reloading and judging again if another process got there first),
        then tell everyone and let the computer seats go on."""
        async with self.locks[code]:
            for _i in range(10):
                if self.store.shared:
                    self.cache.pop(code, None)
                table = await self._table(code)
                before, log_from = table.version, len(table.log)
                # Every change of a Table checks before it changes anything, so a refusal
                # leaves the cached table as it was.
                result = fn(table)
                if table.game.phase == Phase.HAND_OVER:
                    table.deal_if_ready()
                if table.version == before:
                    return result
                if self.store.save(table, before, log_from):
                    break
                self.cache.pop(code, None)
            else:  # pragma: no cover - ten processes raced for one table
                raise TableError(_("the table is busy: try again"))
        self.store.announce(code)
        self._broadcast(table)
        self._kick(code)
        return result

    def _remote(self, code: str) -> None:
        """Another process changed ``code``: send its new state to our connections."""
        if not self.by_table.get(code):
            self._kick(code)
            return

        async def go() -> None:
            try:
                table = await self._table(code)
            except TableError:
                return
            self._broadcast(table)
            self._kick(code)
        asyncio.ensure_future(go())

    def _broadcast(self, table: Table) -> None:
        now = self.clock()
        for conn in list(self.by_table.get(table.code, ())):
            bound = self.conns.get(conn)
            if bound is None or bound.role is None:
                continue
            try:
                conn.send(table.message_for(bound.role, bound.seat, now))
            except Exception:  # pragma: no cover - a dead connection goes on disconnect
                log.exception("send failed")

    def _kick(self, code: str) -> None:
        """Let the computer seats at ``code`` go on: nothing here (the computers' driver,
        :class:`~tutor.tables.computers.ComputerSeats`, does it)."""
