"""The teacher's page of tables of people: the class's tables (players, whose turn, the
score), any table live with every hand, pause and resume, a message to a table, the class
sheet.
"""

from __future__ import annotations

import asyncio
import base64
import html
import time
from typing import Any

import ipywidgets

from tutor.advice.answer import sentence
from tutor.engine.facts import signed
from tutor.engine.i18n import gettext as _
from tutor.tables.hub import kernel_key

from widgets._base import on_enter
from widgets.seat_view import SeatView
from widgets.table_line import ServiceLine, soon, tables_note, where_tables_cannot_fill

__all__ = ["ClassTablesPage", "class_tables_page"]


class ClassTablesPage(ipywidgets.VBox):
    """The teacher's page: the class's tables (players, whose turn, the score), any table
    live with every hand, pause and resume, a message to a table, the class sheet."""

    def __init__(self, four_colour: bool = False, line: Any = None,
                 refresh_seconds: float = 3.0) -> None:
        self.four_colour = four_colour
        self.refresh_seconds = refresh_seconds
        self.status = ipywidgets.HTML()
        self.token = ipywidgets.Password(description=_("Token"),
                                         placeholder=_("the app printed it"))
        self.enter = ipywidgets.Button(description=_("Open the class"), button_style="primary")
        self.enter.on_click(lambda _b: self.teach())
        on_enter(self.token, self.teach)
        self.listing = ipywidgets.VBox()
        self.watching: str | None = None
        self.tables_seen: list[dict[str, Any]] = []  # the class's tables, as last listed
        self.listed = 0.0  # when the list was last asked for
        self.seat_view = SeatView(lambda m: None, four_colour, teacher=True)
        self.seat_view.layout.display = "none"
        self.say_text = ipywidgets.Text(placeholder=_("a message to this table"),
                                        layout=ipywidgets.Layout(width="360px"))
        self.say_button = ipywidgets.Button(description=_("Send"), icon="comment")
        self.say_button.on_click(lambda _b: self._say())
        on_enter(self.say_text, self._say)
        # Translators: takes the teacher's message off the table's pages.
        self.unsay_button = ipywidgets.Button(description=_("Clear the message"),
                                              icon="eraser",
                                              layout=ipywidgets.Layout(width="auto"))
        self.unsay_button.on_click(lambda _b: self._say(""))
        self.heading = ipywidgets.HTML()
        self.pause_button = ipywidgets.Button(description=_("Pause"), icon="pause")
        self.pause_button.on_click(lambda _b: self._toggle_pause())
        self.controls = ipywidgets.VBox([self.heading, ipywidgets.HBox(
            [self.pause_button, self.say_text, self.say_button, self.unsay_button],
            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center"))])
        self.controls.layout.display = "none"
        self.sheet_button = ipywidgets.Button(description=_("Class sheet"), icon="table")
        self.sheet_button.on_click(lambda _b: self._tell({"type": "sheet"}))
        self.sheet_button.layout.display = "none"  # the teacher's alone: shown once known
        self.sheet = ipywidgets.HTML()
        self.teaching = False
        self.paused = False
        # On a phone the button goes under the token, not cut to "Open t…".
        login = self.login = ipywidgets.HBox([self.token, self.enter],
                                             layout=ipywidgets.Layout(flex_flow="row wrap"))
        cannot = where_tables_cannot_fill()
        super().__init__([self.status, login, self.listing, self.sheet_button, self.sheet,
                          self.controls, self.seat_view])
        self.add_class("trix-tutor")
        self.add_class("tt-class-tables")
        if cannot:
            self.status.value = tables_note(cannot, "warn")
            self.line = None
            return
        self.line = line or ServiceLine(self._received, lambda s: None)
        if line is None:
            soon(self._connect())
        if kernel_key():  # on a hub the teacher is known by their account
            login.layout.display = "none"
            self.teach(kernel_key())

    async def _connect(self) -> None:
        try:
            await self.line.open()
        except (OSError, asyncio.TimeoutError):
            # Translators: {make_app} is a command in HTML, "<code>make app</code>".
            self.status.value = tables_note(_("The table service is not running: start the app "
                                              "with {make_app}.").format(
                make_app="<code>make app</code>"), "error")

    def _tell(self, message: dict[str, Any]) -> None:
        if self.line is not None:
            self.line.send(message)

    def teach(self, token: str | None = None) -> None:
        """Prove to the service that this is the teacher (the token, or the hub account)."""
        self._tell({"type": "teach", "token": token or self.token.value})

    async def _poll(self) -> None:
        while self.teaching:
            self._ask_list()
            await asyncio.sleep(self.refresh_seconds)

    def _ask_list(self) -> None:
        self.listed = time.monotonic()
        self._tell({"type": "list"})

    def watch(self, code: str) -> None:
        """Watch table ``code`` live, every hand shown."""
        self.watching = code
        self._tell({"type": "watch", "code": code})
        self._show_list(self.tables_seen)  # its button says so at once

    def _say(self, text: str | None = None) -> None:
        """Send the message in the box to the watched table (``""`` takes it away)."""
        self._tell({"type": "say", "code": self.watching,
                    "text": self.say_text.value if text is None else text})
        self.say_text.value = ""

    def _toggle_pause(self) -> None:
        self._tell({"type": "resume" if self.paused else "pause", "code": self.watching})

    def _received(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "refused":
            self.status.value = tables_note(
                sentence(html.escape(message["reason"])), "error")
        elif kind == "teaching":
            self.teaching = True
            self.login.layout.display = "none"
            self.sheet_button.layout.display = ""
            self.status.value = tables_note(
                _("You are the teacher: the class's tables are below."), "ok")
            soon(self._poll())
        elif kind == "tables":
            self._show_list(message["tables"])
        elif kind == "view" and message.get("code") == self.watching:
            self.paused = bool(message.get("paused"))
            self.pause_button.description = _("Resume") if self.paused else _("Pause")
            self.pause_button.icon = "play" if self.paused else "pause"
            self.controls.layout.display = ""
            self.seat_view.layout.display = ""
            # Translators: above the table the teacher watches; {code} and {setup} in HTML.
            self.heading.value = "<h3 style='margin:10px 0 4px'>" + _(
                "Table {code} · {setup}").format(code=html.escape(message["code"]),
                                                 setup=html.escape(message["setup"])) + "</h3>"
            self.unsay_button.disabled = not message.get("note")
            self.seat_view.show(message)
            if time.monotonic() - self.listed > 1:  # its line in the list keeps up with it
                self._ask_list()
        elif kind == "sheet":
            self._show_sheet(message)

    def _show_list(self, tables: list[dict[str, Any]]) -> None:
        self.tables_seen = tables
        rows = []
        for t in tables:
            # Each player with their score, "Sam +12"; one who has left the table for now
            # marked, while the game goes on.
            players = []
            for x, score in zip(t["sitters"], t["scores"]):
                name = html.escape(x["name"])
                if not (x["connected"] or x["kind"] == "computer" or t["over"]):
                    # Translators: a player who has left the table for now ("Sam (away)").
                    name = _("{name} (away)").format(name=name)
                players.append(f"<span style='white-space:nowrap'>{name} "
                               f"<b>{signed(score)}</b></span>")
            turn = self._turn_words(t)
            label = ipywidgets.HTML(f"<b>{t['code']}</b> · {html.escape(t['setup'])} · "
                                    f"{html.escape(turn)}<br>{', '.join(players)}")
            watched = t["code"] == self.watching
            # Translators: the button of the table the teacher is watching now.
            watch = ipywidgets.Button(description=_("Watching") if watched else _("Watch"),
                                      button_style="info" if watched else "",
                                      # never squeezed by a long line
                                      layout=ipywidgets.Layout(width="90px", flex="none"))
            watch.on_click(lambda _b, c=t["code"]: self.watch(c))
            rows.append(ipywidgets.HBox([watch, label],
                                        layout=ipywidgets.Layout(align_items="center")))
        none = _("No table yet.")
        self.listing.children = rows or [ipywidgets.HTML(f"<i>{none}</i>")]

    @staticmethod
    def _turn_words(t: dict[str, Any]) -> str:
        """Where a table's game is, in its line on the teacher's page."""
        if t["over"]:
            # Translators: where a table's game is, on the teacher's list of tables.
            return _("game over")
        if t["paused"]:
            return _("paused")
        if not t["started"]:
            return _("waiting for players")
        mover = t["to_move"]
        if mover is not None:
            return _("{player} to play").format(player=t["sitters"][mover]["name"])
        return _("between deals") if t["game"] == "trix" else _("between hands")

    def _show_sheet(self, message: dict[str, Any]) -> None:
        games = {"trix": "Trix", "trixter": "Trixter"}
        cell = "style='padding:3px 10px;border-bottom:1px solid #ddd"
        rows = "".join(
            f"<tr><td {cell}'>{html.escape(r['name'])}</td>"
            f"<td {cell}'>{games.get(r['game'], r['game'])}</td>"
            + "".join(f"<td {cell};text-align:right'>{v}</td>" for v in (
                r["tables"], r["played"], signed(r["points"]), signed(r["per_hand"], 1)))
            + "</tr>" for r in message["rows"])
        data = base64.b64encode(message["csv"].encode()).decode()
        # Translators: the heads of the class sheet's columns.
        heads = (_("Name"), _("Game"), _("Tables"), _("Hands (deals)"), _("Points"),
                 _("Points a hand (deal)"))
        download = _("Download the class sheet (CSV)")
        head = "style='padding:4px 10px;border-bottom:2px solid #999;text-align:left'"
        self.sheet.value = (
            f"<table class='tt-class-sheet' style='border-collapse:collapse;margin:8px 0;"
            f"font:14px system-ui,sans-serif'><tr>"
            f"{''.join(f'<th {head}>{h}</th>' for h in heads)}</tr>{rows}</table>"
            f"<a download='class-sheet.csv' data-testid='sheet-download' "
            f"style='color:#0b57d0;text-decoration:underline;font:14px system-ui,sans-serif' "
            f"href='data:text/csv;base64,{data}'>{download}</a>")


def class_tables_page(four_colour: bool = False) -> ClassTablesPage:
    """The teacher's page of the class's tables."""
    return ClassTablesPage(four_colour=four_colour)
