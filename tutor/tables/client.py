"""A client of the table service, for a page's kernel, the tests and the benchmark.

:class:`TableClient` keeps one WebSocket open, hands every message it receives to
``on_message``, and comes back by itself after a lost connection: it reconnects with a
growing pause and sends again the messages that said who it is (``teach``, then the last
``open``/``join``/``watch``, an ``open`` coming back as a ``join`` of its table), so a
restarted service finds the seat where it was.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Callable
from typing import Any

from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

from tutor.engine.i18n import gettext as _

__all__ = ["TableClient", "service_url"]

log = logging.getLogger(__name__)


def service_url() -> str:
    """Where the table service listens: ``$TRIX_TUTOR_TABLES`` (``trix-tutor app`` sets it
    for the pages' kernels), else the default port on this machine."""
    return os.environ.get("TRIX_TUTOR_TABLES", "ws://127.0.0.1:8867/tables/ws")


class TableClient:
    """One connection to the service at ``url``; ``on_message(message)`` is called for each
    message received, ``on_status("connected" | "lost")`` when the line comes or goes."""

    def __init__(self, url: str | None = None,
                 on_message: Callable[[dict[str, Any]], Any] | None = None,
                 on_status: Callable[[str], Any] | None = None) -> None:
        self.url = url or service_url()
        self.on_message = on_message or (lambda m: None)
        self.on_status = on_status or (lambda s: None)
        self.ws: WebSocketClientConnection | None = None
        self.closed = False
        self.who: dict[str, dict[str, Any]] = {}  # the messages that say who we are
        self.code: str | None = None
        self._reader: asyncio.Task | None = None
        self.connected = asyncio.Event()

    async def connect(self, timeout: float = 10.0) -> None:
        """Open the connection (raises ``OSError`` if the service cannot be reached)."""
        self.ws = await asyncio.wait_for(websocket_connect(self.url), timeout)
        self.connected.set()
        self.on_status("connected")
        self._reader = asyncio.ensure_future(self._read())

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message``; remembered if it says who we are (sent again on reconnect)."""
        kind = message.get("type")
        if kind == "teach":
            self.who["teach"] = dict(message)
        elif kind in ("open", "join", "watch"):
            self.who["seat"] = dict(message)
        if self.ws is None:
            raise ConnectionError(_("not connected to the table service"))
        try:
            self.ws.write_message(json.dumps(message))
        except WebSocketClosedError:
            raise ConnectionError(_("the connection to the table service is lost")) from None

    async def _read(self) -> None:
        while not self.closed:
            assert self.ws is not None
            text = await self.ws.read_message()
            if text is None:
                if self.closed:
                    return
                self.connected.clear()
                self.on_status("lost")
                await self._reconnect()
                continue
            try:
                message = json.loads(text)
            except ValueError:  # pragma: no cover - the service sends JSON
                continue
            if message.get("type") == "opened":
                self.code = message["code"]
                seat = self.who.get("seat")
                if seat and seat.get("type") == "open":  # coming back means joining it
                    self.who["seat"] = {k: v for k, v in seat.items()
                                        if k in ("name", "key", "id")}
                    self.who["seat"].update(type="join", code=self.code)
            elif message.get("type") == "view":
                self.code = message.get("code")
            try:
                self.on_message(message)
            except Exception:  # pragma: no cover - the page's bug must not stop the line
                log.exception("on_message failed")

    async def _reconnect(self) -> None:
        wait = 0.1
        while not self.closed:
            try:
                self.ws = await asyncio.wait_for(websocket_connect(self.url), 5.0)
            except (OSError, asyncio.TimeoutError):
                await asyncio.sleep(wait)
                wait = min(2.0, wait * 2)
                continue
            self.connected.set()
            self.on_status("connected")
            for key in ("teach", "seat"):
                if key in self.who:
                    self.ws.write_message(json.dumps(self.who[key]))
            return

    def close(self) -> None:
        self.closed = True
        if self.ws is not None:
            self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
