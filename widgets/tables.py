"""Tables of people: :func:`tables_page` (open a table, join one by its code or link, list
the class's tables, watch one, then sit at it). The teacher's page is
:mod:`widgets.class_tables`; a seat's table is :class:`widgets.seat_view.SeatView`.

The page's kernel is a client of the table service (:mod:`tutor.tables.client`): it
receives its seat's view and nothing more, draws it with the play pages' widgets, sends
the learner's decisions, and works out the learner's hint from that view alone. So no
page, in the browser or in its kernel, ever holds another seat's cards.
"""

from __future__ import annotations

import asyncio
import html
import os
import time
import urllib.parse
from typing import Any

import ipywidgets

from tutor.advice.answer import sentence
from tutor.app import game_options
from tutor.app.session import level_name
from tutor.bots import LEVELS
from tutor.engine.i18n import gettext as _, ngettext
from tutor.tables.hub import kernel_key

from widgets import who
from widgets._base import on_enter
from widgets.play import option_control
from widgets.seat_view import SeatView
from widgets.table_line import ServiceLine, soon, tables_note, where_tables_cannot_fill

__all__ = ["TablesPage", "tables_page"]

PAGE = "tables.ipynb"
GAMES = (("Trixter", "trixter"), ("Trix", "trix"))
GONE_SECONDS = float(os.environ.get("TRIX_TUTOR_GONE_SECONDS", "90"))
"""How long a seated page may be silent before its seat counts as away: its browser says
"here" six times as often, and a hidden tab's timers fire at least once a minute."""
COME_BACK_SECONDS = 15 * 60.0
"""A page opened again takes its person back to their seat at a table that moved this
recently (a reload); an older table of theirs is offered in the list instead."""


def _query(name: str) -> str:
    """``?name=...`` of the page's address (Voila passes it as ``QUERY_STRING``)."""
    q = urllib.parse.parse_qs(os.environ.get("QUERY_STRING", ""))
    return (q.get(name) or [""])[0][:40]


class TablesPage(ipywidgets.VBox):
    """The page "Play with friends": open a table, join one, or watch one; then the table."""

    def __init__(self, four_colour: bool = False, line: Any = None) -> None:
        self.four_colour = four_colour
        self.status = ipywidgets.HTML()
        self.line: Any = None
        self.code = ""
        self.key: str | None = kernel_key()
        cannot = where_tables_cannot_fill()
        self.own_line = False
        # Made now, hidden until the learner sits down: its card table is what tells this
        # kernel who the learner is (the browser's id, their key to their seat).
        self.seat_view = SeatView(self._tell, four_colour, here=self._here)
        self.heard = time.monotonic()  # the browser's last "here"
        self.gone = False  # silent too long: the seat was given up until the browser is back
        self.pending: str | None = None  # a table to sit at once its hand is over
        self.came_back = False  # the page looked for its person's seat once
        self.asked = ""  # the code of the last table asked to join
        self.joining = False  # a waiting join sent, its answer not yet back
        self.invite = ipywidgets.HTML()
        wide = ipywidgets.Layout(width="auto", align_self="center")  # never cut to "Sta…"
        self.start_button = ipywidgets.Button(description=_("Start now with computers"),
                                              icon="play", layout=wide)
        self.start_button.on_click(lambda _b: self.start_now())
        self.review_button = ipywidgets.Button(
            description=_("Review my game"), icon="search", disabled=True,
            tooltip=_("your own decisions, move by move (once a hand is over)"),
            layout=ipywidgets.Layout(width="auto", align_self="center"))
        self.review_button.on_click(lambda _b: self._tell({"type": "record"}))
        self.review_area = ipywidgets.VBox()
        self.review_board: Any = None
        self.seated = ipywidgets.VBox([self.invite, self.start_button, self.seat_view,
                                       self.review_button, self.review_area])
        self.seated.layout.display = "none"
        self.area = ipywidgets.VBox()
        super().__init__([self.status, self.area, self.seated])
        self.add_class("trix-tutor")
        self.add_class("tt-tables")
        if cannot:
            self.status.value = tables_note(cannot, "warn")
            self.line = None
            return
        self._build_forms()
        self.line = line or ServiceLine(self._received, self._line_status)
        self.own_line = line is None  # a page's own line (not a test's): its beat is watched
        if line is None:
            soon(self._connect())
        # The browser says who the learner is (its id is the key to their seat).
        self.area.children = [self.forms]
        if self.key is None:
            who.when_known(self._known)
            learner = who.current()
            if learner is not None:
                self._known(learner)

    def _known(self, learner: Any) -> None:
        if self.key is None:
            self.key = learner.id
            self._ask_list()  # now with the key: is there a seat of ours to come back to?
        code = _query("table")
        if code and not self.code:
            self.join_code.value = code.upper()
            # Translators: {code} is the table's code in HTML; "Join" is the button's word.
            self.status.value = tables_note(
                _("You are invited to table {code}: say your name and press <i>Join</i>.")
                .format(code=f"<b>{html.escape(code)}</b>"))

    async def _connect(self) -> None:
        try:
            await self.line.open()
        except (OSError, asyncio.TimeoutError):
            # Translators: {make_app} and {trix_tutor_app} are commands in HTML.
            self.status.value = tables_note(
                _("The table service is not running, so no table can be opened or joined. "
                  "Start the app with {make_app} (or {trix_tutor_app}), which starts it too.")
                .format(make_app="<code>make app</code>",
                        trix_tutor_app="<code>trix-tutor app</code>"), "error")
            return
        self._ask_list()

    def _ask_list(self) -> None:
        """The class's tables; with the key, each says whether this person sits there."""
        if self.line is not None:
            self.line.send({"type": "list", **({"key": self.key} if self.key else {})})

    def _line_status(self, status: str) -> None:
        if status == "lost":
            self.status.value = tables_note(_("The line to the table is lost: coming back…"),
                                            "warn")
        elif status == "connected" and self.code:
            self.status.value = ""

    # --- the forms -----------------------------------------------------------------------
    def _build_forms(self) -> None:
        wide = ipywidgets.Layout(width="auto")
        # Translators: "Sam" is an example of a name.
        self.name = ipywidgets.Text(description=_("Your name"), placeholder=_("e.g. Sam"))
        if os.environ.get("JUPYTERHUB_USER"):
            self.name.value = os.environ["JUPYTERHUB_USER"]
            self.name.disabled = True
        self.game = ipywidgets.ToggleButtons(options=GAMES, value="trixter",
                                             description=_("Game"))
        self.chosen: dict[str, Any] = game_options.defaults("trixter")
        self.option_controls: dict[str, ipywidgets.ValueWidget] = {}
        self.options_box = ipywidgets.Box(layout=ipywidgets.Layout(
            flex_flow="row wrap", align_items="center", grid_gap="4px 14px"))
        self.people = ipywidgets.BoundedIntText(value=4, min=1, max=8, layout=wide,
                                                description=_("People at the table"),
                                                style={"description_width": "initial"})
        self.level = ipywidgets.Dropdown(options=[(level_name(lv), lv) for lv in LEVELS],
                                         value="intermediate", description=_("Computers"),
                                         layout=wide)
        self.hints = ipywidgets.Checkbox(value=True, description=_("Hints allowed"),
                                         indent=False)
        self.away = ipywidgets.BoundedIntText(value=30, min=5, max=600, layout=wide,
                                              description=_("Seconds away before a computer "
                                                            "plays"),
                                              style={"description_width": "initial"})
        self.open_button = ipywidgets.Button(description=_("Open a table"), icon="plus",
                                             button_style="primary")
        self.open_button.add_class("tt-open")
        self.open_button.on_click(lambda _b: self.open_table())
        self.join_code = ipywidgets.Text(description=_("Table code"),
                                         placeholder=_("e.g. {code}").format(code="K7QMPX"))
        self.join_button = ipywidgets.Button(description=_("Join"), icon="sign-in",
                                             button_style="success")
        self.join_button.add_class("tt-join")
        self.join_button.on_click(lambda _b: self.join(self.join_code.value))
        on_enter(self.join_code, lambda: self.join(self.join_code.value))
        self.list_button = ipywidgets.Button(description=_("Refresh"), icon="refresh")
        self.list_button.on_click(lambda _b: self._ask_list())
        self.listing = ipywidgets.VBox()
        self.game.observe(lambda c: self._new_game_kind(c["new"]), names="value")
        self._show_options()
        def row() -> ipywidgets.Layout:  # one each: a box's display is its layout's
            return ipywidgets.Layout(flex_flow="row wrap", align_items="center",
                                     grid_gap="4px 12px")
        # Translators: the headings of the page's three parts, and how to join a table.
        heads = (_("Open a table"), _("Join a table"), _("The tables open now"))
        how = _("Type the code a friend gave you, or open the link they sent.")
        opening = ipywidgets.VBox([
            ipywidgets.HTML(f"<h3>{heads[0]}</h3>"), self.game, self.options_box,
            ipywidgets.HBox([self.people, self.level], layout=row()),
            ipywidgets.HBox([self.hints, self.away], layout=row()), self.open_button])
        joining = ipywidgets.VBox([
            ipywidgets.HTML(f"<h3>{heads[1]}</h3><p>{how}</p>"),
            ipywidgets.HBox([self.join_code, self.join_button], layout=row())])
        listing = ipywidgets.VBox([
            ipywidgets.HTML(f"<h3>{heads[2]}</h3>"), self.listing, self.list_button])
        self.forms = ipywidgets.VBox([self.name, opening, joining, listing],
                                     layout=ipywidgets.Layout(max_width="760px",
                                                              margin="0 auto"))

    def _new_game_kind(self, game_name: str) -> None:
        self.chosen = game_options.defaults(game_name)
        self._show_options()

    def _show_options(self) -> None:
        """The chosen game's options, as the play pages offer them (Trixter's first hands
        follow the players chosen)."""
        controls = []
        self.option_controls = {}
        for option in game_options.options_for(self.game.value, self.chosen):
            control = option_control(option, self.chosen[option.name])
            control.observe(lambda c, name=option.name: self.choose(**{name: c["new"]}),
                            names="value")
            self.option_controls[option.name] = control
            controls.append(control)
        self.options_box.children = controls
        n = self.chosen.get("players", 4)
        self.people.max = n
        self.people.value = min(self.people.value, n)

    def choose(self, **values: Any) -> bool:
        """Choose options of the table to open (names and values of
        :func:`tutor.app.game_options.options_for`); junk is refused with the reason."""
        try:
            chosen = game_options.check(self.game.value, values, base=self.chosen)
        except game_options.OptionError as e:
            self.status.value = tables_note(html.escape(str(e)), "error")
            return False
        redraw = chosen.get("players") != self.chosen.get("players")
        self.chosen = chosen
        if redraw:  # the first hands on offer depend on the players
            self._show_options()
        return True

    def _ready_to_sit(self) -> bool:
        if self.key is None:
            self.status.value = tables_note(_("Your browser has not said who you are yet: "
                                              "wait a moment and press again."), "warn")
            return False
        if not self.name.value.strip():
            self.status.value = tables_note(
                _("Say your name first: the others see it at the table."), "error")
            return False
        return True

    def open_table(self) -> bool:
        """Open a table with the chosen options; its opener sits at the bottom seat."""
        if self.line is None or not self._ready_to_sit():
            return False
        n = self.chosen.get("players", 4)
        self.line.send({"type": "open", "game": self.game.value, "options": self.chosen,
                        "people": list(range(min(self.people.value, n))),
                        "level": self.level.value, "hints": self.hints.value,
                        "away_seconds": self.away.value, "name": self.name.value,
                        "key": self.key})
        return True

    def join(self, code: str, seat: int | None = None) -> bool:
        """Sit at table ``code`` (the first free seat, or ``seat``)."""
        if self.line is None or not self._ready_to_sit():
            return False
        self.asked = code.strip().upper()
        self.line.send({"type": "join", "code": self.asked, "seat": seat,
                        "name": self.name.value, "key": self.key})
        return True

    def watch(self, code: str) -> None:
        self._tell({"type": "watch", "code": code})

    def _tell(self, message: dict[str, Any]) -> None:
        if self.line is not None:
            self.line.send(message)

    def start_now(self) -> None:
        if self.line is not None:
            self.line.send({"type": "start"})

    # --- the browser's beat: a page that vanished gives its seat up ----------------------
    def _here(self) -> None:
        """The browser says the page is open: if its seat was given up, take it back."""
        self.heard = time.monotonic()
        if self.gone and self.code:
            self.gone = False
            self.line.send({"type": "join", "code": self.code, "key": self.key})

    def check_here(self, now: float | None = None) -> bool:
        """Give the seat up (the service's ``leave``: away, then a computer plays for it)
        if the browser has been silent :data:`GONE_SECONDS`: a tab closed without a
        goodbye, a phone asleep, a lost network. True if it was given up now."""
        now = time.monotonic() if now is None else now
        seated = self.code and self.seat_view.message is not None and \
            self.seat_view.message.get("role") == "seat"
        if self.gone or not seated or now - self.heard < GONE_SECONDS:
            return False
        self.gone = True
        self.line.send({"type": "leave"})
        return True

    async def _watch_here(self) -> None:
        while True:
            await asyncio.sleep(GONE_SECONDS / 6)
            self.check_here()

    # --- what comes back -----------------------------------------------------------------
    def _received(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "refused":
            if message.get("wait") and self.asked:
                self._wait_for_seat(self.asked)
            elif self.pending:
                self.pending = None  # somebody else took the seat meanwhile
                self.status.value = tables_note(
                    sentence(html.escape(message["reason"])), "error")
            elif self.code:
                self.seat_view.refused(message["reason"])
            else:
                self.status.value = tables_note(
                    sentence(html.escape(message["reason"])), "error")
        elif kind == "tables":
            self._show_list(message["tables"])
            self._come_back(message["tables"])
        elif kind == "opened":
            self.code = message["code"]
        elif kind == "view":
            self._show_table(message)
        elif kind == "record":
            self.open_review(message["record"], message["seat"])

    def _come_back(self, tables: list[dict[str, Any]]) -> None:
        """A page opened again (a reload) whose person sits at a table in play: back to
        that seat at once, as if they had never left."""
        if self.came_back or self.code or self.key is None:
            return
        self.came_back = True
        now = time.time()
        mine = [t for t in tables if t.get("yours") is not None and not t["over"]
                and now - t.get("active", 0) < COME_BACK_SECONDS]
        if mine:
            code = max(mine, key=lambda t: t["active"])["code"]
            self.line.send({"type": "join", "code": code, "key": self.key})

    def _wait_for_seat(self, code: str) -> None:
        """The table is in the middle of a hand: watch it, and sit down as it ends."""
        self.pending, self.joining = code, False
        self.watch(code)

    def open_review(self, record: dict[str, Any], seat: int) -> Any:
        """The review of this seat's own decisions in the finished hands (deals), below the
        table (it runs in the background)."""
        from widgets.review import ReviewBoard  # the review's engine: only when asked for

        if self.review_board is not None:
            self.review_board.stop()
        self.review_board = ReviewBoard(record, seat=seat, four_colour=self.four_colour)
        self.review_area.children = [self.review_board]
        return self.review_board

    def _show_list(self, tables: list[dict[str, Any]]) -> None:
        rows = []
        for t in tables:
            if t["over"]:
                continue
            names = ", ".join(x["name"] for x in t["sitters"])
            free = len(t["open_seats"])
            seats = ngettext("{n} seat free", "{n} seats free", free).format(n=free)
            label = ipywidgets.HTML(f"<b>{t['code']}</b> · {html.escape(t['setup'])} · "
                                    f"{html.escape(names)}"
                                    + (f" · <i>{seats}</i>" if free else ""))
            mine = t.get("yours") is not None
            join = ipywidgets.Button(description=_("My seat") if mine else _("Join"),
                                     tooltip=_("back to your seat at this table") if mine
                                     else "", button_style="success" if mine else "",
                                     layout=ipywidgets.Layout(width="auto"))
            join.on_click(lambda _b, c=t["code"]: self.join(c))
            watch = ipywidgets.Button(description=_("Watch"),
                                      layout=ipywidgets.Layout(width="70px"))
            watch.on_click(lambda _b, c=t["code"]: self.watch(c))
            rows.append(ipywidgets.HBox([join, watch, label],
                                        layout=ipywidgets.Layout(align_items="center")))
        none = _("No table is open now.")
        self.listing.children = rows or [ipywidgets.HTML(f"<i>{none}</i>")]

    def _show_table(self, message: dict[str, Any]) -> None:
        seated = message.get("role") == "seat"
        if seated and (not self.code or self.code != message["code"] or self.pending):
            self.heard = time.monotonic()  # a seat taken (again): its beat starts now
            if self.seat_view.table.beat == 0:
                self.seat_view.table.beat = GONE_SECONDS / 6
                if self.own_line:
                    soon(self._watch_here())
        if seated:
            self.pending = None
        elif self.pending and not self.joining and (
                not message.get("started") or
                message["view"].get("phase") in ("hand_over", "game_over")):
            self.joining = True  # once: the views that follow come before the answer
            self.line.send({"type": "join", "code": self.pending, "name": self.name.value,
                            "key": self.key})
        self.area.layout.display = "none"
        self.seated.layout.display = ""
        self.code = message["code"]
        self.status.value = ""
        link = f"{PAGE}?table={self.code}"
        # Translators: {code} is the table's code in HTML, {setup} its game and rules;
        # {link} and {end} are the HTML around the link's words.
        invite = _("Table {code} · {setup} · invite a friend: the code, or {link}this "
                   "link{end}.").format(code=f"<b class='tt-table-code'>{self.code}</b>",
                                        setup=html.escape(message["setup"]),
                                        link=f"<a href='{link}' target='_blank' style='"
                                        "color:#0b57d0;text-decoration:underline'>",
                                        end="</a>")
        watching = "" if seated else " " + _("You are watching.")
        if self.pending and not seated:
            # Translators: at a table in the middle of a hand, for someone who asked to join.
            watching += " " + (_("You take a computer's seat as soon as this deal is over.")
                               if message.get("game") == "trix" else
                               _("You take a computer's seat as soon as this hand is over."))
        self.invite.value = tables_note(invite + watching)
        waiting = not message.get("started") and seated
        self.start_button.layout.display = "" if waiting else "none"
        self.review_button.layout.display = "" if seated else "none"
        self.review_button.disabled = not message.get("sheet")
        self.review_button.description = _("Review my game") if message.get("over") \
            else _("Review my game so far")
        self.seat_view.show(message)


def tables_page(four_colour: bool = False) -> TablesPage:
    """The page "Play with friends"."""
    return TablesPage(four_colour=four_colour)
