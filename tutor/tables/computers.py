"""The computer seats of the tables of people: each thinks from its own seat's view in a
worker process (so the service answers people meanwhile), and acts at the table's pace,
one action at a time.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import zlib
from concurrent.futures import Executor
from typing import Any

from tutor.app.pacing import PACE_CAP, PACE_WINDOW, ROUND_MARGIN  # the play pages' pace
from tutor.app.session import rehearse_round
from tutor.bots import bot_for
from tutor.engine.i18n import gettext as _
from tutor.engine.observation import observation_from_json
from tutor.engine.protocol import Phase
from tutor.engine.records import loads
from tutor.tables.changes import TableChanges
from tutor.tables.table import Table, TableError

__all__ = ["ComputerSeats", "think", "rehearse"]

log = logging.getLogger(__name__)


def think(game_name: str, level: str, seed: int, view: dict[str, Any]) -> str:
    """A computer seat's decision from its view alone (runs in a worker process)."""
    bot = bot_for(game_name, level, seed=seed)
    return str(bot.act(observation_from_json(view)))


def rehearse(record: str, level: str) -> float:
    """Seconds a computer at ``level`` takes to weigh a double or a redeal claim in the
    round of the game ``record`` is at, timed on a fixed deal (runs in a worker process)."""
    return rehearse_round(loads(record), bot_for("trix", level, seed=0))  # only Trix doubles


class ComputerSeats(TableChanges):
    """The tables' computer seats driven, one task a table (``drivers``): each action at
    least ``pause`` seconds on screen, the round of doubles at one pace for every seat."""

    pause: float
    drivers: dict[str, asyncio.Task]
    thoughts: dict[str, list[float]]
    round_costs: dict[tuple, float]
    _executor: Executor | None

    def _kick(self, code: str) -> None:
        task = self.drivers.get(code)
        if task is not None and not task.done():
            return
        self.drivers[code] = asyncio.ensure_future(self._drive(code))

    async def _drive(self, code: str) -> None:
        """Let the computers act at ``code`` while one is to move, one action at a time at
        the table's pace; wait for an away person's time to run out."""
        while True:
            try:
                table = await self._table(code)
            except TableError:
                return
            now = self.clock()
            seat = table.computer_seat(now)
            if seat is None:
                deadline = table.away_deadline()
                if deadline is None or table.paused or table.game.is_over or \
                        not table.started:
                    return
                await asyncio.sleep(max(0.05, min(5.0, deadline - now)))
                continue
            n = len(table.game.history)
            if self.store.shared and not self.store.lease(code, n):
                return  # another process plays this decision
            level = table.sitters[seat].level
            view = table.game.observe(seat)
            seed = zlib.crc32(f"{table.seed}:{n}".encode())
            loop = asyncio.get_running_loop()
            held = 0.0
            if table.game.phase == Phase.DOUBLE and self.pause > 0:
                held = await self._round_cost(table, level)
            started = time.monotonic()
            text = await loop.run_in_executor(self._executor, think, table.game_name, level,
                                              seed, view)
            took = time.monotonic() - started
            rest = (max(held, took) if held else self._pace(code, took)) - took
            if rest > 0:
                await asyncio.sleep(rest)
            try:
                await self._change(code, functools.partial(_computer_act, seat=seat, text=text,
                                                           seen=n, now=self.clock()))
            except TableError as e:  # the table moved on (a person came back, a pause)
                log.info("computer move at %s dropped: %s", code, e)

    async def _round_cost(self, table: Table, level: str) -> float:
        """In Trix's round of doubles and claims every computer seat takes the same time,
        whether it holds something to double or not (RULES.md A5): the pause, or
        :data:`ROUND_MARGIN` times a weighed choice rehearsed on a fixed deal."""
        key = (table.code, str(sorted(c.text for c in table.game.contract)), level)
        if key not in self.round_costs:
            cost = await asyncio.get_running_loop().run_in_executor(
                self._executor, rehearse, table.game.to_json(), level)
            self.round_costs[key] = max(self.pause, min(PACE_CAP, ROUND_MARGIN * cost))
        return self.round_costs[key]

    def _pace(self, code: str, took: float) -> float:
        """Seconds a computer action takes on screen: the pause, or the slowest of the
        table's recent thoughts (so a forced move waits as long as a weighed one)."""
        if self.pause <= 0:
            return 0.0
        recent = self.thoughts[code]
        recent.append(took)
        del recent[:-PACE_WINDOW]
        return max(self.pause, min(PACE_CAP, max(recent)))


def _computer_act(table: Table, seat: int, text: str, seen: int, now: float) -> None:
    if table.computer_seat(now) != seat:
        raise TableError(_("the seat is not the computer's now"))
    table.act(seat, text, seen, "computer", now)
