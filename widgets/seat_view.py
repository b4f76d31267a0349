"""One seat at a table of people, drawn from the messages the table service sends: the
seat's own view only (the teacher's: every hand face up), and the learner's hint worked
out from that view in the page's kernel.
"""

from __future__ import annotations

import contextlib
import html
import logging
from typing import Any

import ipywidgets

from tutor.advice.answer import hint_seconds, label, observation_seed
from tutor.app.hints import HINT_STEPS, hint_words
from tutor.app.views import views_of
from tutor.app.words import game_result, over_words, status_text
from tutor.engine.actions import parse_action
from tutor.engine.i18n import gettext as _
from tutor.engine.observation import observation_from_json

from widgets._base import Refused, TableController
from widgets.play import build_table, parse_message
from widgets.table_line import tables_note

__all__ = ["SeatView", "who_is_here"]

log = logging.getLogger(__name__)


def who_is_here(message: dict[str, Any]) -> str:
    """The line under the table: who sits where and who is connected (public facts)."""
    out = []
    for x in message.get("sitters", []):
        name = html.escape(x["name"])
        if x["kind"] == "computer":
            # Translators: after a seat's name in the line under a table of people.
            computer = _("(computer)")
            out.append(f"{name} <span style='color:#666'>{computer}</span>")
        elif x["waiting"]:
            waiting = _("{name}: waiting for a player").format(name=name)
            out.append(f"<i>{waiting}</i>")
        elif x["connected"]:
            out.append(f"<span style='color:#1a7f37'>●</span> {name}")
        else:
            # Translators: after the name of a player who has left the table for now.
            away = (_("(away · the computer plays for now)") if x["computer_plays"]
                    else _("(away)"))
            out.append(f"<span style='color:#b3261e'>○</span> {name} "
                       f"<span style='color:#666'>{away}</span>")
    return " &nbsp;·&nbsp; ".join(out)


class SeatView(TableController, ipywidgets.VBox):
    """One seat at a table of people, drawn from the messages the service sends
    (:meth:`show`); the learner's decisions go back through ``send``. ``teacher``: every
    hand is shown face up and nothing can be played."""

    def __init__(self, send: Any, four_colour: bool = False, teacher: bool = False,
                 here: Any = None) -> None:
        self.send = send
        self.teacher = teacher
        self.here = here  # called at each "here" of the browser (the page is still open)
        self.message: dict[str, Any] | None = None
        self._hint: tuple[int, Any] | None = None  # (actions seen, advice)
        self._asked_by: Any = None  # the part (bid panel, table) of the last decision sent
        self.hint_step = 0
        build_table(self, four_colour, [])
        self.who = ipywidgets.HTML()
        self.note = ipywidgets.HTML()
        super().__init__([self.note, self.table, self.who, self.bids, self.trex, self.scores])
        self.add_class("trix-tutor")
        self.add_class("tt-game")
        self.add_class("tt-seat-view")

    # --- what the service sends ------------------------------------------------------------
    def show(self, message: dict[str, Any]) -> None:
        """Draw a view the service sent (only what this seat, or the teacher, may see)."""
        before, self.message = self.message, message
        self._asked_by = None  # a refusal after a view is not about the part's last press
        if before is None or before["actions"] != message["actions"] or \
                before.get("paused") != message.get("paused"):
            self._clear_errors()  # a refusal is about a moment the table has left behind
        view = dict(message["view"])
        if message.get("paused"):  # nothing can be played until the teacher goes on
            view["legal"] = []
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
        # Translators: before a message the teacher sent to a table.
        said = _("From the teacher:")
        self.note.value = tables_note(f"<b>{said}</b> {html.escape(note)}",
                                      "warn") if note else ""

    def _status(self, message: dict[str, Any], view: dict[str, Any], mine: bool) -> str:
        if message.get("paused"):
            return _("The teacher has paused this table.")
        if not message.get("started"):
            return _("Waiting for players: the game starts when every seat is taken.")
        text = status_text(view) if mine else ""
        if not mine:
            mover = view.get("to_move")
            text = _("{player} to play.").format(player=view["players"][mover]) \
                if mover is not None else ""
        if view.get("phase") == "hand_over" and mine:
            if view["seat"] in message.get("ready", []):
                then = _("Waiting for the others to be ready.")
            elif message.get("game", "trixter") == "trix":  # Trix plays deals, Trixter hands
                # Translators: “Next deal” and “Next hand” are the buttons' words.
                then = _("Press “Next deal” when you are ready.")
            else:
                then = _("Press “Next hand” when you are ready.")
            text = f"{over_words(view)} {then}"
        last = message.get("last") or ""
        missed = message.get("played_for_you") or []
        if missed and mine:
            # Translators: {actions} lists what a computer did for the seat, "♠ trump, bid 1".
            text = _("While you were away, the computer played for you: {actions}.").format(
                actions=", ".join(label(parse_action(a)) for a in missed)) + " " + text
        return f"{last} {text}".strip()

    # --- the learner's requests ----------------------------------------------------------
    def handle(self, content: Any, source: Any = None) -> bool:
        """A click of the learner's: checked here for its shape, by the service for the
        rest (turn, rules); a refusal is shown and changes nothing."""
        if content == {"type": "here"}:  # the browser's beat: nothing to show
            if self.here is not None:
                self.here()
            return True
        if self.teacher or self.message is None or self.message.get("role") != "seat":
            self._refuse(_("you are watching this table"), source)
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
            return self._decide({"type": "ready"}, source)
        if action is None:
            self._refuse(_("there is no undo or new game at a table of people"), source)
            return False
        return self._decide({"type": "act", "action": str(action),
                           "seen": self.message["actions"]}, source)

    def _decide(self, message: dict[str, Any], source: Any) -> bool:
        """Send a decision; a line that is down refuses it where it was made (the learner
        presses again once the line is back, and the service refuses a stale one)."""
        self._asked_by = source
        try:
            self.send(message)
        except ConnectionError as e:
            self._refuse(str(e), source)
            return False
        return True

    def refused(self, reason: str) -> None:
        """The service said no: the reason is shown where the decision was made (so that
        part is drawn again, its buttons live), and nothing changed."""
        self._refuse(reason, self._asked_by)
        self._asked_by = None

    # --- the hint: this seat's view and nothing else ---------------------------------------
    def hint(self, source: Any = None) -> bool:
        """The next step of the hint for the learner's decision now, worked out in this
        page's kernel from the seat's view only (the service never sends another hand)."""
        m = self.message
        if m is None or not m.get("hints"):
            self._refuse(_("this table gives no hints (the table's creator turned them off)"),
                         source)
            return False
        view = m["view"]
        if m.get("paused") or view.get("to_move") != view.get("seat"):
            self._refuse(_("a hint is for your own decision: wait for your turn"), source)
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
                self._refuse(_("no hint this time: it could not be worked out"), source)
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
