"""The table service over a WebSocket: ``trix-tutor tables`` (``make app`` starts it).

One tornado process serves ``<prefix>tables/ws`` (the protocol of
:mod:`tutor.tables.service`, one JSON object a message), ``<prefix>tables/health`` and
``<prefix>tables/sheet.csv?token=...`` (the class sheet, for the teacher). On a JupyterHub
the hub starts it as a managed service (``--hub``): the prefix is the service's, a person's
name comes from their hub account and the teacher is a hub admin or a member of the
teachers' group (:mod:`tutor.tables.hub`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import secrets
import signal
import sys
from pathlib import Path
from typing import Any

import tornado.web
import tornado.websocket

from tutor.app.progress_store import default_path
from tutor.tables.service import TableService, class_sheet, sheet_csv
from tutor.tables.store import store_for
from urllib.parse import urlparse
from tutor.tables.hub import hub_identify, hub_prefix

__all__ = ["make_app", "main", "serve", "TABLES_PORT", "default_store", "teacher_token",
           "MAX_MESSAGE"]

log = logging.getLogger(__name__)

TABLES_PORT = 8867
MAX_MESSAGE = 16_384
"""The largest message a client may send (bytes); a bigger one closes the connection."""


class TableSocket(tornado.websocket.WebSocketHandler):
    """One connection: its messages go to the service, the service's come back."""

    def initialize(self, service: TableService) -> None:
        self.service = service

    def check_origin(self, origin: str) -> bool:
        # Pages' kernels and tests connect server-side; a person's seat is guarded by their
        # key and the teacher's view by the token, never by the origin.
        return True

    def open(self, *args: Any) -> None:
        self.set_nodelay(True)
        self.service.connect(self)

    async def on_message(self, text: str | bytes) -> None:
        try:
            message = json.loads(text)
        except (ValueError, UnicodeDecodeError):
            self.send({"type": "refused", "reason": "a message is one JSON object", "id": None})
            return
        await self.service.receive(self, message)

    def on_close(self) -> None:
        asyncio.ensure_future(self.service.disconnect(self))

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.write_message(json.dumps(message, ensure_ascii=False))
        except tornado.websocket.WebSocketClosedError:
            pass


class Health(tornado.web.RequestHandler):
    def get(self) -> None:
        self.write({"ok": True, "tables": len(self.settings["service"].store.codes())})


class Sheet(tornado.web.RequestHandler):
    """The class sheet as CSV, for whoever holds the teacher's token."""

    def get(self) -> None:
        service: TableService = self.settings["service"]
        token = self.get_argument("token", "")
        if not secrets.compare_digest(token.encode(), service.teacher_token.encode()):
            raise tornado.web.HTTPError(403, "the teacher's token is needed")
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class-sheet.csv"')
        self.write(sheet_csv(class_sheet(service.store.tables())))


def make_app(service: TableService, prefix: str = "/") -> tornado.web.Application:
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    return tornado.web.Application(
        [(f"{prefix}tables/ws", TableSocket, {"service": service}),
         (f"{prefix}tables/health", Health),
         (f"{prefix}tables/sheet.csv", Sheet)],
        service=service, websocket_max_message_size=MAX_MESSAGE)


def default_store() -> str:
    """The SQLite file beside the learners' progress (``$TRIX_TUTOR_HOME``)."""
    return str(default_path().parent / "tables.sqlite")


def teacher_token(home: Path | None = None) -> str:
    """The teacher's token: ``$TRIX_TUTOR_TEACHER_TOKEN``, else the one kept in
    ``teacher-token`` beside the tables (made once, readable by its owner only), so a
    restart does not change it."""
    given = os.environ.get("TRIX_TUTOR_TEACHER_TOKEN")
    if given:
        return given
    path = (home or default_path().parent) / "teacher-token"
    try:
        return path.read_text().strip()
    except OSError:
        pass
    token = secrets.token_urlsafe(12)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(token + "\n")
    return token


async def serve(port: int, store: str, pause: float, hub: bool = False,
                address: str = "127.0.0.1", ready: Any = None, workers: int = 1) -> None:
    """Run the service until SIGINT or SIGTERM."""
    identify, prefix = None, "/"
    if hub:
        identify, prefix = hub_identify(), hub_prefix()
    service = TableService(store_for(store), pause=pause, teacher_token=teacher_token(),
                           identify=identify, workers=workers)
    await service.start()
    server = make_app(service, prefix).listen(port, address=address,
                                              max_buffer_size=MAX_MESSAGE * 4)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    print(f"Tables: ws://{address}:{port}{prefix}tables/ws (kept in {store})", flush=True)
    if not hub:
        print(f"Teacher's token: {service.teacher_token}", flush=True)
    if ready is not None:
        ready()
    await stop.wait()
    server.stop()
    await service.stop()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="trix-tutor tables",
                                description="the table service: tables of people")
    p.add_argument("--port", type=int, default=int(os.environ.get("TRIX_TUTOR_TABLES_PORT",
                                                                   TABLES_PORT)))
    p.add_argument("--address", default="127.0.0.1")
    p.add_argument("--store", default=None,
                   help="an SQLite file (default: beside the progress files) or redis://...")
    p.add_argument("--pause", type=float, default=float(os.environ.get("TRIX_TUTOR_PAUSE",
                                                                         "0.6")),
                   help="seconds a computer action takes at least")
    p.add_argument("--hub", action="store_true", help="run as a JupyterHub-managed service")
    p.add_argument("--workers", type=int, default=1,
                   help="processes in which the computer seats think (default 1)")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    port = args.port
    if args.hub and os.environ.get("JUPYTERHUB_SERVICE_URL"):
        port = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"]).port or port
    store = args.store or os.environ.get("TRIX_TUTOR_TABLES_STORE") or default_store()
    try:
        if args.workers < 1:
            p.error("--workers is at least 1")
        asyncio.run(serve(port, store, args.pause, hub=args.hub, address=args.address,
                          workers=args.workers))
    except OSError as e:
        print(f"The table service could not start: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
