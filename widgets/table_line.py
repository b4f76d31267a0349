"""What both pages of tables of people share: whether a table can fill here, the page's
line to the table service, and the notes the pages show.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

from tutor.engine.i18n import gettext as _

__all__ = ["where_tables_cannot_fill", "tables_note", "soon", "ServiceLine"]


def where_tables_cannot_fill() -> str | None:
    """Why tables of people cannot work here, or ``None``: the static site and Binder give
    each visitor a private copy, so nobody else could ever sit down."""
    if sys.platform == "emscripten":
        # Translators: {make_app} is a command in HTML, "<code>make app</code>".
        return _("This copy of the tutor runs in your browser alone, so nobody else can sit "
                 "at your table. Tables of people need the app on one server for the class "
                 "({make_app}) or a class hub: see the teacher's guide.").format(
            make_app="<code>make app</code>")
    if os.environ.get("BINDER_LAUNCH_HOST") or os.environ.get("BINDER_REQUEST"):
        # Translators: {make_app} is a command in HTML, "<code>make app</code>".
        return _("On Binder every visitor gets a private copy of the tutor, so nobody else "
                 "can sit at your table. Tables of people need the app on one server for the "
                 "class ({make_app}) or a class hub: see the teacher's guide.").format(
            make_app="<code>make app</code>")
    return None


def tables_note(text: str, kind: str = "info") -> str:
    colours = {"info": "#eef4ff", "ok": "#e6f4ea", "error": "#fde7e9", "warn": "#fff4e0"}
    return (f'<div class="trix-tutor tt-tables-note" style="background:{colours[kind]};'
            f'padding:6px 10px;border-radius:6px;font-family:system-ui,sans-serif;'
            f'font-size:14px;max-width:720px;margin:4px auto">{text}</div>')


def soon(coro: Any) -> None:
    """Run ``coro`` on the kernel's event loop (the page's widgets and the table's line
    share it, so a view and a click are never handled at once)."""
    asyncio.ensure_future(coro)


class ServiceLine:
    """The page's line to the table service: messages come to ``on_message``."""

    def __init__(self, on_message: Any, on_status: Any) -> None:
        from tutor.tables.client import TableClient  # tornado: only on pages with a table

        self.client = TableClient(on_message=on_message, on_status=on_status)
        self.ready = False
        self.waiting: list[dict[str, Any]] = []

    async def open(self) -> None:
        await self.client.connect()
        self.ready = True
        for m in self.waiting:
            self.client.send(m)
        self.waiting = []

    def send(self, message: dict[str, Any]) -> None:
        if not self.ready:
            self.waiting.append(message)
            return
        self.client.send(message)
