"""Tables of people: :func:`tables_page` (open a table, join one by its code or link, list
the class's tables, watch one) and :func:`class_tables_page` (the teacher's: every table
live with every hand, pause, a message, the class sheet).

The page's kernel is a client of the table service (:mod:`tutor.tables.client`): it
receives its seat's view and nothing more, draws it with the play pages' widgets, sends
the learner's decisions, and works out the learner's hint from that view alone. So no
page, in the browser or in its kernel, ever holds another seat's cards.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import html
import logging
import os
import sys
import urllib.parse
from typing import Any

import ipywidgets

from tutor.advice.answer import hint_seconds, observation_seed
from tutor.app import game_options
from tutor.app.hints import HINT_STEPS, hint_words
from tutor.app.views import views_of
from tutor.app.words import game_result, over_words, status_text
from tutor.bots import LEVELS
from tutor.engine.observation import observation_from_json
from tutor.engine.facts import deal_word
from tutor.tables.hub import kernel_key

from widgets import who
from widgets._base import Refused, TableController
from widgets.bidding import BidPanel
from widgets.layout import TrexLayout
from tutor.app.session import LEVEL_NAMES
from widgets.play import option_control, parse_message
from widgets.scores import ScoreSheet
from widgets.table import CardTable

__all__ = ["SeatView", "TablesPage", "ClassTablesPage", "tables_page", "class_tables_page",
           "where_tables_cannot_fill"]

log = logging.getLogger(__name__)

PAGE = "tables.ipynb"
GAMES = (("Trixter", "trixter"), ("Trix", "trix"))


def where_tables_cannot_fill() -> str | None:
    """Why tables of people cannot work here, or ``None``: the static site and Binder give
    each visitor a private copy, so nobody else could ever sit down."""
    if sys.platform == "emscripten":
        return ("This copy of the tutor runs in your browser alone, so nobody else can sit "
                "at your table. Tables of people need the app on one server for the class "
                "(<code>make app</code>) or a class hub: see the teacher's guide.")
    if os.environ.get("BINDER_LAUNCH_HOST") or os.environ.get("BINDER_REQUEST"):
        return ("On Binder every visitor gets a private copy of the tutor, so nobody else can "
                "sit at your table. Tables of people need the app on one server for the "
                "class (<code>make app</code>) or a class hub: see the teacher's guide.")
    return None


def _note(text: str, kind: str = "info") -> str:
    colours = {"info": "#eef4ff", "ok": "#e6f4ea", "error": "#fde7e9", "warn": "#fff4e0"}
    return (f'<div class="trix-tutor tt-tables-note" style="background:{colours[kind]};'
            f'padding:6px 10px;border-radius:6px;font-family:system-ui,sans-serif;'
            f'font-size:14px;max-width:720px;margin:4px auto">{text}</div>')


def _query(name: str) -> str:
    """``?name=...`` of the page's address (Voila passes it as ``QUERY_STRING``)."""
    q = urllib.parse.parse_qs(os.environ.get("QUERY_STRING", ""))
    return (q.get(name) or [""])[0][:40]


def _soon(coro: Any) -> None:
    """Run ``coro`` on the kernel's event loop (the page's widgets and the table's line
    share it, so a view and a click are never handled at once)."""
    asyncio.ensure_future(coro)


def who_is_here(message: dict[str, Any]) -> str:
    """The line under the table: who sits where and who is connected (public facts)."""
    out = []
    for x in message.get("sitters", []):
        name = html.escape(x["name"])
        if x["kind"] == "computer":
            out.append(f"{name} <span style='color:#666'>(computer)</span>")
        elif x["waiting"]:
            out.append(f"<i>{name}: waiting for a player</i>")
        elif x["connected"]:
            out.append(f"<span style='color:#1a7f37'>●</span> {name}")
        else:
            standing = " · the computer plays for now" if x["computer_plays"] else ""
            out.append(f"<span style='color:#b3261e'>○</span> {name} "
                       f"<span style='color:#666'>(away{standing})</span>")
    return " &nbsp;·&nbsp; ".join(out)


class SeatView(TableController, ipywidgets.VBox):
    """One seat at a table of people, drawn from the messages the service sends
    (:meth:`show`); the learner's decisions go back through ``send``. ``teacher``: every
    hand is shown face up and nothing can be played."""

    def __init__(self, send: Any, four_colour: bool = False, teacher: bool = False) -> None:
        self.send = send
        self.teacher = teacher
        self.message: dict[str, Any] | None = None
        self._hint: tuple[int, Any] | None = None  # (actions seen, advice)
        self.hint_step = 0
        self.table = CardTable(four_colour=four_colour, controls=[])
        self.bids = BidPanel(four_colour=four_colour)
        self.trex = TrexLayout(four_colour=four_colour)
        self.scores = ScoreSheet(four_colour=four_colour)
        self.parts = [self.table, self.bids, self.trex, self.scores]
        for w in self.parts:
            w.on_msg(self._on_msg)
        self.who = ipywidgets.HTML()
        self.note = ipywidgets.HTML()
        super().__init__([self.note, self.table, self.who, self.bids, self.trex, self.scores])
        self.add_class("trix-tutor")
        self.add_class("tt-game")
        self.add_class("tt-seat-view")

    # --- what the service sends ------------------------------------------------------------
    def show(self, message: dict[str, Any]) -> None:
        """Draw a view the service sent (only what this seat, or the teacher, may see)."""
        self.message = message
        view = dict(message["view"])
        if view.get("seat") is None:  # a spectator or the teacher: seat 0 at the bottom,
            view["seat"] = 0  # named, not "You"
            view["watching"] = True
        hands = message.get("hands") or {}
        if hands:
            view["hand"] = hands.get("0", [])
        opened = {s: cards for s, cards in hands.items() if s != "0"}
        v = views_of(view, message.get("sheet", []), opened)
        v["scores"]["watching"] = v["trex"]["watching"] = bool(view.get("watching"))
        mine = message.get("role") == "seat"
        with contextlib.ExitStack() as stack:
            for w in self.parts:
                stack.enter_context(w.hold_sync())
            self.table.controls = ["hint"] if mine and message.get("hints") else []
            self.table.state = v["table"]
            self.table.open_hands = v["open_hands"]
            self.table.message = self._status(message, v["table"], mine)
            done = not mine or view["seat"] in message.get("ready", [])  # ready: no Next
            self.bids.state = {**v["bids"], "legal": []} if done else v["bids"]
            self.trex.state = v["trex"]
            self.trex.layout.display = "" if v["show_trex"] else "none"
            self.scores.state = v["scores"]
            self.table.result = game_result(v["table"]) if mine and message.get("over") else {}
            self.table.hint = self._hint_view() if mine else {}
        self.who.value = (f"<div class='tt-who' style='font:14px system-ui,sans-serif;"
                          f"text-align:center;margin:2px auto 6px'>{who_is_here(message)}</div>")
        note = message.get("note") or ""
        self.note.value = _note(f"<b>From the teacher:</b> {html.escape(note)}", "warn") \
            if note else ""

    def _status(self, message: dict[str, Any], view: dict[str, Any], mine: bool) -> str:
        if message.get("paused"):
            return "The teacher has paused this table."
        if not message.get("started"):
            return "Waiting for players: the game starts when every seat is taken."
        text = status_text(view) if mine else ""
        if not mine:
            mover = view.get("to_move")
            text = f"{view['players'][mover]} to play." if mover is not None else ""
        if view.get("phase") == "hand_over" and mine:
            ready = message.get("ready", [])
            word = deal_word(message.get("game", "trixter"))
            text = (f"{over_words(view)} " + ("Waiting for the others to be ready."
                                              if view["seat"] in ready else
                                              f"Press “Next {word}” when you are ready."))
        last = message.get("last") or ""
        return f"{last} {text}".strip()

    # --- the learner's requests ----------------------------------------------------------
    def handle(self, content: Any, source: Any = None) -> bool:
        """A click of the learner's: checked here for its shape, by the service for the
        rest (turn, rules); a refusal is shown and changes nothing."""
        if self.teacher or self.message is None or self.message.get("role") != "seat":
            self._refuse("you are watching this table", source)
            return False
        try:
            kind, action = parse_message(content)
        except Refused as e:
            self._refuse(str(e), source)
            return False
        self._clear_errors()
        if kind == "hint":
            return self.hint(source)
        if kind == "next":
            self.send({"type": "ready"})
            return True
        if action is None:
            self._refuse("there is no undo or new game at a table of people", source)
            return False
        self.send({"type": "act", "action": str(action), "seen": self.message["actions"]})
        return True

    def refused(self, reason: str) -> None:
        """The service said no: the reason is shown, nothing changed."""
        self._refuse(reason)

    # --- the hint: this seat's view and nothing else ---------------------------------------
    def hint(self, source: Any = None) -> bool:
        """The next step of the hint for the learner's decision now, worked out in this
        page's kernel from the seat's view only (the service never sends another hand)."""
        m = self.message
        if m is None or not m.get("hints"):
            self._refuse("this table gives no hints (the table's creator turned them off)",
                         source)
            return False
        view = m["view"]
        if m.get("paused") or view.get("to_move") != view.get("seat"):
            self._refuse("a hint is for your own decision: wait for your turn", source)
            return False
        seen = m["actions"]
        if self._hint is not None and self._hint[0] == seen:
            self.hint_step = min(HINT_STEPS, self.hint_step + 1)
        else:
            from tutor.advice import advise  # the engine only when a hint is asked for

            self.table.hint = {"thinking": True}
            try:
                advice = advise(observation_from_json(view), seconds=hint_seconds(),
                                seed=observation_seed(view))
            except Exception:  # a bug in the engine must not stop the game
                log.exception("the hint failed")
                self.table.hint = {}
                self._refuse("no hint this time: it could not be worked out", source)
                return False
            self._hint = (seen, advice)
            self.hint_step = HINT_STEPS if len(advice.options) < 2 else 1
        self.table.hint = self._hint_view()
        return True

    def _hint_view(self) -> dict[str, Any]:
        """The hint's steps shown so far; once that decision is taken, all of it greyed
        until the learner's next decision or the end of the hand (deal)."""
        if self._hint is None or self.message is None:
            return {}
        seen, advice = self._hint
        view = self.message["view"]
        moved_on = self.message["actions"] != seen and view.get("to_move") == view.get("seat")
        if moved_on or view.get("phase") in ("hand_over", "game_over"):
            self._hint = None
            return {}
        if self.message["actions"] == seen:
            return hint_words(advice, stale=False, step=self.hint_step)
        if self.message["actions"] > seen and self.message["view"].get("to_move") != \
                self.message["view"].get("seat"):
            return hint_words(advice, stale=True)
        return {}


class _Line:
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


class TablesPage(ipywidgets.VBox):
    """The page "Play with friends": open a table, join one, or watch one; then the table."""

    def __init__(self, four_colour: bool = False, line: Any = None) -> None:
        self.four_colour = four_colour
        self.status = ipywidgets.HTML()
        self.line: Any = None
        self.code = ""
        self.key: str | None = kernel_key()
        cannot = where_tables_cannot_fill()
        # Made now, hidden until the learner sits down: its card table is what tells this
        # kernel who the learner is (the browser's id, their key to their seat).
        self.seat_view = SeatView(self._tell, four_colour)
        self.invite = ipywidgets.HTML()
        self.start_button = ipywidgets.Button(description="Start now with computers",
                                              icon="play")
        self.start_button.on_click(lambda _b: self.start_now())
        self.review_button = ipywidgets.Button(
            description="Review my game", icon="search", disabled=True,
            tooltip="your own decisions, move by move (once a hand is over)")
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
            self.status.value = _note(cannot, "warn")
            self.line = None
            return
        self._build_forms()
        self.line = line or _Line(self._received, self._line_status)
        if line is None:
            _soon(self._connect())
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
        code = _query("table")
        if code and not self.code:
            self.join_code.value = code.upper()
            self.status.value = _note(f"You are invited to table <b>{html.escape(code)}</b>: "
                                      "say your name and press <i>Join</i>.")

    async def _connect(self) -> None:
        try:
            await self.line.open()
        except (OSError, asyncio.TimeoutError):
            self.status.value = _note(
                "The table service is not running, so no table can be opened or joined. "
                "Start the app with <code>make app</code> (or <code>trix-tutor app</code>), "
                "which starts it too.", "error")
            return
        self.line.send({"type": "list"})

    def _line_status(self, status: str) -> None:
        if status == "lost":
            self.status.value = _note("The line to the table is lost: coming back…", "warn")
        elif status == "connected" and self.code:
            self.status.value = ""

    # --- the forms -----------------------------------------------------------------------
    def _build_forms(self) -> None:
        wide = ipywidgets.Layout(width="auto")
        self.name = ipywidgets.Text(description="Your name", placeholder="e.g. Sam")
        if os.environ.get("JUPYTERHUB_USER"):
            self.name.value = os.environ["JUPYTERHUB_USER"]
            self.name.disabled = True
        self.game = ipywidgets.ToggleButtons(options=GAMES, value="trixter",
                                             description="Game")
        self.chosen: dict[str, Any] = game_options.defaults("trixter")
        self.option_controls: dict[str, ipywidgets.ValueWidget] = {}
        self.options_box = ipywidgets.Box(layout=ipywidgets.Layout(
            flex_flow="row wrap", align_items="center", grid_gap="4px 14px"))
        self.people = ipywidgets.BoundedIntText(value=4, min=1, max=8, layout=wide,
                                                description="People at the table",
                                                style={"description_width": "initial"})
        self.level = ipywidgets.Dropdown(options=[(LEVEL_NAMES.get(lv, lv), lv) for lv in LEVELS],
                                         value="intermediate", description="Computers",
                                         layout=wide)
        self.hints = ipywidgets.Checkbox(value=True, description="Hints allowed", indent=False)
        self.away = ipywidgets.BoundedIntText(value=30, min=5, max=600, layout=wide,
                                              description="Seconds away before a computer plays",
                                              style={"description_width": "initial"})
        self.open_button = ipywidgets.Button(description="Open a table", icon="plus",
                                             button_style="primary")
        self.open_button.add_class("tt-open")
        self.open_button.on_click(lambda _b: self.open_table())
        self.join_code = ipywidgets.Text(description="Table code", placeholder="e.g. K7QMPX")
        self.join_button = ipywidgets.Button(description="Join", icon="sign-in",
                                             button_style="success")
        self.join_button.add_class("tt-join")
        self.join_button.on_click(lambda _b: self.join(self.join_code.value))
        self.list_button = ipywidgets.Button(description="Refresh", icon="refresh")
        self.list_button.on_click(lambda _b: self.line and self.line.send({"type": "list"}))
        self.listing = ipywidgets.VBox()
        self.game.observe(lambda c: self._new_game_kind(c["new"]), names="value")
        self._show_options()
        def row() -> ipywidgets.Layout:  # one each: a box's display is its layout's
            return ipywidgets.Layout(flex_flow="row wrap", align_items="center",
                                     grid_gap="4px 12px")
        opening = ipywidgets.VBox([
            ipywidgets.HTML("<h3>Open a table</h3>"), self.game, self.options_box,
            ipywidgets.HBox([self.people, self.level], layout=row()),
            ipywidgets.HBox([self.hints, self.away], layout=row()), self.open_button])
        joining = ipywidgets.VBox([
            ipywidgets.HTML("<h3>Join a table</h3><p>Type the code a friend gave you, or "
                            "open the link they sent.</p>"),
            ipywidgets.HBox([self.join_code, self.join_button], layout=row())])
        listing = ipywidgets.VBox([
            ipywidgets.HTML("<h3>The tables open now</h3>"), self.listing, self.list_button])
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
            self.status.value = _note(html.escape(str(e)), "error")
            return False
        redraw = chosen.get("players") != self.chosen.get("players")
        self.chosen = chosen
        if redraw:  # the first hands on offer depend on the players
            self._show_options()
        return True

    def _ready_to_sit(self) -> bool:
        if self.key is None:
            self.status.value = _note("Your browser has not said who you are yet: wait a "
                                      "moment and press again.", "warn")
            return False
        if not self.name.value.strip():
            self.status.value = _note("Say your name first: the others see it at the table.",
                                      "error")
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
        self.line.send({"type": "join", "code": code.strip().upper(), "seat": seat,
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

    # --- what comes back -----------------------------------------------------------------
    def _received(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "refused":
            if self.code:
                self.seat_view.refused(message["reason"])
            else:
                self.status.value = _note(html.escape(message["reason"]).capitalize() + ".",
                                          "error")
        elif kind == "tables":
            self._show_list(message["tables"])
        elif kind == "opened":
            self.code = message["code"]
        elif kind == "view":
            self._show_table(message)
        elif kind == "record":
            self.open_review(message["record"], message["seat"])

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
            label = ipywidgets.HTML(f"<b>{t['code']}</b> · {html.escape(t['setup'])} · "
                                    f"{html.escape(names)}"
                                    + (f" · <i>{free} seat{'s' if free > 1 else ''} free</i>"
                                       if free else ""))
            join = ipywidgets.Button(description="Join", layout=ipywidgets.Layout(width="70px"))
            join.on_click(lambda _b, c=t["code"]: self.join(c))
            watch = ipywidgets.Button(description="Watch", layout=ipywidgets.Layout(width="70px"))
            watch.on_click(lambda _b, c=t["code"]: self.watch(c))
            rows.append(ipywidgets.HBox([join, watch, label],
                                        layout=ipywidgets.Layout(align_items="center")))
        self.listing.children = rows or [ipywidgets.HTML("<i>No table is open now.</i>")]

    def _show_table(self, message: dict[str, Any]) -> None:
        self.area.layout.display = "none"
        self.seated.layout.display = ""
        self.code = message["code"]
        self.status.value = ""
        link = f"{PAGE}?table={self.code}"
        self.invite.value = _note(
            f"Table <b class='tt-table-code'>{self.code}</b> · {html.escape(message['setup'])}"
            f" · invite a friend: the code, or <a href='{link}' target='_blank'>this link</a>."
            + ("" if message.get("role") == "seat" else " You are watching."))
        seated = message.get("role") == "seat"
        waiting = not message.get("started") and seated
        self.start_button.layout.display = "" if waiting else "none"
        self.review_button.layout.display = "" if seated else "none"
        self.review_button.disabled = not message.get("sheet")
        self.review_button.description = "Review my game" if message.get("over") \
            else "Review my game so far"
        self.seat_view.show(message)


class ClassTablesPage(ipywidgets.VBox):
    """The teacher's page: the class's tables (players, whose turn, the score), any table
    live with every hand, pause and resume, a message to a table, the class sheet."""

    def __init__(self, four_colour: bool = False, line: Any = None,
                 refresh_seconds: float = 3.0) -> None:
        self.four_colour = four_colour
        self.refresh_seconds = refresh_seconds
        self.status = ipywidgets.HTML()
        self.token = ipywidgets.Password(description="Token", placeholder="the app printed it")
        self.enter = ipywidgets.Button(description="Open the class", button_style="primary")
        self.enter.on_click(lambda _b: self.teach())
        self.listing = ipywidgets.VBox()
        self.watching: str | None = None
        self.seat_view = SeatView(lambda m: None, four_colour, teacher=True)
        self.seat_view.layout.display = "none"
        self.say_text = ipywidgets.Text(placeholder="a message to this table",
                                        layout=ipywidgets.Layout(width="360px"))
        self.say_button = ipywidgets.Button(description="Send", icon="comment")
        self.say_button.on_click(lambda _b: self._tell({"type": "say", "code": self.watching,
                                                        "text": self.say_text.value}))
        self.pause_button = ipywidgets.Button(description="Pause", icon="pause")
        self.pause_button.on_click(lambda _b: self._toggle_pause())
        self.controls = ipywidgets.HBox([self.pause_button, self.say_text, self.say_button])
        self.controls.layout.display = "none"
        self.sheet_button = ipywidgets.Button(description="Class sheet", icon="table")
        self.sheet_button.on_click(lambda _b: self._tell({"type": "sheet"}))
        self.sheet = ipywidgets.HTML()
        self.teaching = False
        self.paused = False
        login = self.login = ipywidgets.HBox([self.token, self.enter])
        cannot = where_tables_cannot_fill()
        super().__init__([self.status, login, self.listing, self.sheet_button, self.sheet,
                          self.controls, self.seat_view])
        self.add_class("trix-tutor")
        self.add_class("tt-class-tables")
        if cannot:
            self.status.value = _note(cannot, "warn")
            self.line = None
            return
        self.line = line or _Line(self._received, lambda s: None)
        if line is None:
            _soon(self._connect())
        if kernel_key():  # on a hub the teacher is known by their account
            login.layout.display = "none"
            self.teach(kernel_key())

    async def _connect(self) -> None:
        try:
            await self.line.open()
        except (OSError, asyncio.TimeoutError):
            self.status.value = _note("The table service is not running: start the app with "
                                      "<code>make app</code>.", "error")

    def _tell(self, message: dict[str, Any]) -> None:
        if self.line is not None:
            self.line.send(message)

    def teach(self, token: str | None = None) -> None:
        """Prove to the service that this is the teacher (the token, or the hub account)."""
        self._tell({"type": "teach", "token": token or self.token.value})

    async def _poll(self) -> None:
        while self.teaching:
            self._tell({"type": "list"})
            await asyncio.sleep(self.refresh_seconds)

    def watch(self, code: str) -> None:
        """Watch table ``code`` live, every hand shown."""
        self.watching = code
        self._tell({"type": "watch", "code": code})

    def _toggle_pause(self) -> None:
        self._tell({"type": "resume" if self.paused else "pause", "code": self.watching})

    def _received(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "refused":
            self.status.value = _note(html.escape(message["reason"]).capitalize() + ".",
                                      "error")
        elif kind == "teaching":
            self.teaching = True
            self.login.layout.display = "none"
            self.status.value = _note("You are the teacher: the class's tables are below.",
                                      "ok")
            _soon(self._poll())
        elif kind == "tables":
            self._show_list(message["tables"])
        elif kind == "view" and message.get("code") == self.watching:
            self.paused = bool(message.get("paused"))
            self.pause_button.description = "Resume" if self.paused else "Pause"
            self.pause_button.icon = "play" if self.paused else "pause"
            self.controls.layout.display = ""
            self.seat_view.layout.display = ""
            self.seat_view.show(message)
        elif kind == "sheet":
            self._show_sheet(message)

    def _show_list(self, tables: list[dict[str, Any]]) -> None:
        rows = []
        for t in tables:
            names = ", ".join(x["name"] + ("" if x["connected"] or x["kind"] == "computer"
                                           else " (away)") for x in t["sitters"])
            mover = t["to_move"]
            turn = "game over" if t["over"] else "paused" if t["paused"] else \
                "waiting for players" if not t["started"] else \
                f"{t['sitters'][mover]['name']} to play" if mover is not None else "between hands"
            scores = " ".join(f"{s:+d}" for s in t["scores"])
            label = ipywidgets.HTML(f"<b>{t['code']}</b> · {html.escape(t['setup'])} · "
                                    f"{html.escape(names)} · {html.escape(turn)} · "
                                    f"scores {scores}")
            watch = ipywidgets.Button(description="Watch", layout=ipywidgets.Layout(width="80px"))
            watch.on_click(lambda _b, c=t["code"]: self.watch(c))
            rows.append(ipywidgets.HBox([watch, label],
                                        layout=ipywidgets.Layout(align_items="center")))
        self.listing.children = rows or [ipywidgets.HTML("<i>No table yet.</i>")]

    def _show_sheet(self, message: dict[str, Any]) -> None:
        rows = "".join(
            f"<tr><td>{html.escape(r['name'])}</td><td>{r['game']}</td><td>{r['tables']}</td>"
            f"<td>{r['played']}</td><td>{r['points']:+d}</td><td>{r['per_hand']:+.2f}</td></tr>"
            for r in message["rows"])
        data = base64.b64encode(message["csv"].encode()).decode()
        self.sheet.value = (
            "<table class='tt-class-sheet'><tr><th>Name</th><th>Game</th><th>Tables</th>"
            "<th>Hands (deals)</th><th>Points</th><th>Points a hand (deal)</th></tr>"
            f"{rows}</table><a download='class-sheet.csv' data-testid='sheet-download' "
            f"href='data:text/csv;base64,{data}'>Download the class sheet (CSV)</a>")


def tables_page(four_colour: bool = False) -> TablesPage:
    """The page "Play with friends"."""
    return TablesPage(four_colour=four_colour)


def class_tables_page(four_colour: bool = False) -> ClassTablesPage:
    """The teacher's page of the class's tables."""
    return ClassTablesPage(four_colour=four_colour)
