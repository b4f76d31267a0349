"""One table of people, pure: the game, who sits where, and what each role may receive.

A :class:`Table` holds the engine object and its :class:`Sitter` list. It checks every
action (the seat's turn, then the engine's rules; a refusal changes nothing) and builds
the message each role receives: a seat gets ``game.observe(seat)`` and the public facts,
a spectator the public facts only, the teacher every hand. Its state round-trips through
:meth:`Table.to_state` / :meth:`Table.from_state`, which the stores keep.

>>> t = Table.open("trixter", {"players": 4, "first_hand": 2}, people=[0, 1], level="beginner",
...                seed=5, code="ABCDEF")
>>> t.claim(0, "Ana", "k" * 32).name, t.claim(1, "Ben", "b" * 32).name
('Ana', 'Ben')
>>> t.started, [s.kind for s in t.sitters]
(True, ['person', 'person', 'computer', 'computer'])
>>> m = t.message_for("seat", 0)
>>> m["seat"], len(m["view"]["hand"]), m["view"]["hand_counts"]
(0, 2, [2, 2, 2, 2])
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from tutor.app import game_options
from tutor.app.words import describe
from tutor.bots import LEVELS
from tutor.engine.actions import Action, NextHand, Play, parse_action
from tutor.engine.errors import IllegalActionError, ParseError
from tutor.engine.i18n import gettext as _
from tutor.engine.protocol import Game, Phase
from tutor.engine.records import from_record

__all__ = ["Table", "Sitter", "TableError", "BetweenHands", "new_code", "key_digest",
           "CODE_LETTERS", "STATE_VERSION"]

STATE_VERSION = 1
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A table code's letters: no 0/O or 1/I, so a code read aloud or copied by hand is right."""
CODE_LENGTH = 6
MAX_NAME = 40
AWAY_SECONDS = 30.0
"""How long a person may be away before a computer plays for their seat (the default)."""


class TableError(ValueError):
    """A request the table refuses; the message says why, and nothing changed."""


class BetweenHands(TableError):
    """A computer's seat asked for in the middle of a hand (deal): it can be taken once
    the hand is over."""


def new_code() -> str:
    """A fresh table code: six letters of :data:`CODE_LETTERS` (about 10⁹ codes)."""
    return "".join(secrets.choice(CODE_LETTERS) for _i in range(CODE_LENGTH))


def key_digest(key: str) -> str:
    """What a table keeps of a person's key (their browser's learner id, or their hub
    name): its SHA-256, so the store never holds the key itself."""
    return hashlib.sha256(key.encode()).hexdigest()


def clean_name(name: Any) -> str:
    """A player's name as the table shows it; :class:`TableError` if it is not one."""
    if not isinstance(name, str) or not name.strip():
        raise TableError(_("say your name to sit down"))
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise TableError(_("a name has at most {n} characters").format(n=MAX_NAME))
    return name


@dataclass
class Sitter:
    """Who sits at a seat: a ``person`` (``key`` names them) or a ``computer`` at ``level``.
    A person's seat that waits for its person has ``key`` ``None``. ``level`` is also the
    level of the computer that stands in while the person is away. ``away_since`` is set
    while no page of theirs is connected."""

    kind: str
    name: str
    level: str = "beginner"
    key: str | None = None
    connections: int = 0
    away_since: float | None = None
    since: int = 0  # the table's log as this person sat down: what came before is not theirs

    @property
    def waiting(self) -> bool:
        """A person's seat nobody has taken yet."""
        return self.kind == "person" and self.key is None

    def public(self, now: float, away_seconds: float) -> dict[str, Any]:
        """What everyone at the table may know of this seat."""
        standing_in = self.kind == "person" and self.key is not None and \
            self.away_since is not None and now - self.away_since >= away_seconds
        return {"name": self.name, "kind": self.kind, "level": self.level,
                "waiting": self.waiting, "connected": self.connections > 0,
                "computer_plays": self.kind == "computer" or standing_in}


@dataclass
class Table:
    """One table: its ``code``, the ``game`` and its setup, the :class:`Sitter` per seat."""

    code: str
    game_name: str
    options: dict[str, Any]
    seed: int
    game: Game
    sitters: list[Sitter]
    hints: bool = True
    away_seconds: float = AWAY_SECONDS
    paused: bool = False
    started: bool = False
    note: str = ""
    created: float = field(default_factory=time.time)
    ready: set[int] = field(default_factory=set)
    owners: list[dict[str, Any]] = field(default_factory=list)  # who held each seat as
    # a hand (deal) ended: {"rows": the score sheet's rows then, "who": [name or None]}
    log: list[dict[str, Any]] = field(default_factory=list)
    version: int = 0

    # --- opening and seats ---------------------------------------------------------------
    @classmethod
    def open(cls, game_name: str, options: Any = None, people: Any = (0,),
             level: str = "beginner", seed: int | None = None, hints: bool = True,
             away_seconds: float = AWAY_SECONDS, code: str | None = None) -> Table:
        """A new table of ``game_name`` with ``options`` (the play pages' options, checked
        by :func:`tutor.app.game_options.check`), ``people`` the seats kept for people and
        the other seats' computer ``level``. Junk is refused (:class:`TableError`)."""
        if game_name not in ("trixter", "trix"):
            raise TableError(_("a table plays trixter or trix"))
        if options is not None and not isinstance(options, dict):
            raise TableError(_("the options are an object of choices, such as {example}").format(
                example='{"players": 4}'))
        try:
            opts = game_options.check(game_name, dict(options or {}))
        except game_options.OptionError as e:
            raise TableError(str(e)) from None
        if level not in LEVELS:
            raise TableError(_("the computer level is one of {levels}").format(
                levels=", ".join(LEVELS)))
        if not isinstance(away_seconds, (int, float)) or not 1 <= away_seconds <= 3600:
            raise TableError(_("the time away before a computer plays is 1 s to an hour"))
        seed = secrets.randbelow(2**31) if seed is None else int(seed)
        game = game_options.new_game(game_name, opts, seed=seed)
        n = game.n_players
        if not isinstance(people, (list, tuple)) or not people or \
                any(not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < n
                    for s in people) or len(set(people)) != len(people):
            raise TableError(_("the seats for people are some of 0 to {last}, at least one").format(
                last=n - 1))
        sitters = [Sitter("person", _("Seat {n}").format(n=s + 1), level) if s in people
                   else Sitter("computer", _("Computer {n}").format(n=s + 1), level)
                   for s in range(n)]
        table = cls(code=code or new_code(), game_name=game_name, options=opts, seed=seed,
                    game=game, sitters=sitters, hints=bool(hints),
                    away_seconds=float(away_seconds))
        table._rename()
        return table

    def _rename(self) -> None:
        """The game's player names follow who sits where (the views name the players)."""
        for s, sitter in enumerate(self.sitters):
            self.game.names[s] = sitter.name

    def seat_of(self, key: str) -> int | None:
        """The seat of the person whose key is ``key``, if they sit here."""
        digest = key_digest(key)
        return next((s for s, x in enumerate(self.sitters) if x.key == digest), None)

    def claim(self, seat: Any, name: Any, key: str, now: float | None = None) -> Sitter:
        """The person ``key`` (named ``name``) sits at ``seat``: a seat waiting for a person,
        or a computer's seat between hands (deals); ``None`` takes the first free seat. A
        person who sits here already gets their own seat back, whatever ``seat`` says."""
        mine = self.seat_of(key)
        if mine is not None:
            return self.sitters[mine]
        name = clean_name(name)
        if seat is None:
            seat = next((s for s, x in enumerate(self.sitters) if x.waiting), None)
            if seat is None:
                seat = next((s for s, x in enumerate(self.sitters) if x.kind == "computer"),
                            None)
            if seat is None:
                raise TableError(_("every seat at this table is taken by a person"))
        if not isinstance(seat, int) or isinstance(seat, bool) or \
                not 0 <= seat < len(self.sitters):
            raise TableError(_("there is no seat {seat} at this table").format(seat=repr(seat)))
        if any(x.name == name for x in self.sitters if x.kind == "person" and x.key):
            raise TableError(_("somebody called {name} already sits here: choose another "
                                   "name").format(name=name))
        sitter = self.sitters[seat]
        if sitter.kind == "person" and not sitter.waiting:
            raise TableError(_("seat {n} is taken by {name}").format(n=seat + 1, name=sitter.name))
        if sitter.kind == "computer":
            if self.game.is_over:
                raise TableError(_("the game is over"))
            if self.started and self.game.phase != Phase.HAND_OVER and self.game.history:
                raise BetweenHands(
                    _("a computer's seat can be taken between deals: wait for the end of "
                      "this deal") if self.game_name == "trix" else
                    _("a computer's seat can be taken between hands: wait for the end of "
                      "this hand"))
        self.sitters[seat] = Sitter("person", name, sitter.level, key_digest(key),
                                    away_since=now if now is not None else time.time(),
                                    since=len(self.log))
        if not self.started and not any(x.waiting for x in self.sitters):
            self.started = True
        self._rename()
        self.version += 1
        return self.sitters[seat]

    def start(self) -> None:
        """Start now: the seats still waiting for a person go to computers (a person may
        take one between hands)."""
        if self.started:
            raise TableError(_("the game has started already"))
        for s, x in enumerate(self.sitters):
            if x.waiting:
                self.sitters[s] = Sitter("computer", _("Computer {n}").format(n=s + 1), x.level)
        self.started = True
        self._rename()
        self.version += 1

    def presence(self, seat: int, delta: int, now: float) -> None:
        """A page of the person at ``seat`` connected (+1) or left (-1)."""
        x = self.sitters[seat]
        x.connections = max(0, x.connections + delta)
        x.away_since = None if x.connections else (x.away_since or now)
        self.version += 1

    # --- who acts ------------------------------------------------------------------------
    def computer_seat(self, now: float) -> int | None:
        """The seat to move, if a computer acts for it now: a computer's seat, or a person's
        away for :attr:`away_seconds` or more. ``None`` while paused or not started."""
        mover = self.game.to_move
        if mover is None or self.paused or not self.started:
            return None
        x = self.sitters[mover]
        return mover if x.public(now, self.away_seconds)["computer_plays"] else None

    def away_deadline(self) -> float | None:
        """When the person to move (away now) gives their seat to a computer."""
        mover = self.game.to_move
        if mover is None:
            return None
        x = self.sitters[mover]
        if x.kind != "person" or x.key is None or x.away_since is None:
            return None
        return x.away_since + self.away_seconds

    def act(self, seat: int, text: Any, seen: Any, by: str, now: float | None = None) -> Action:
        """``seat`` takes the action ``text`` having seen ``seen`` actions of the game (a
        stale or replayed message names fewer, and is refused). ``by`` says who acted
        (``"person"`` or ``"computer"``), for the record. Refused with the reason
        (:class:`TableError`), nothing changed."""
        if self.game.is_over:
            raise TableError(_("the game is over: nothing more can be played at this table"))
        if not self.started:
            raise TableError(_("the game starts when every seat is taken, or when it is "
                               "started with computers in the empty seats"))
        if self.paused:
            raise TableError(_("the teacher has paused this table: wait until it goes on"))
        if not isinstance(text, str) or not text.strip() or len(text) > 40:
            raise TableError(_("an action is a short text, such as \"bid 2\" or \"QS\""))
        if isinstance(seen, bool) or not isinstance(seen, int):
            raise TableError(_("an action says how many actions its sender has seen"))
        if seen != len(self.game.history):
            raise TableError(_("the table has moved on since: look again and choose"))
        try:
            action = parse_action(text)
        except ParseError as e:
            raise TableError(str(e)) from None
        if isinstance(action, NextHand) or text.strip().lower() == "next":
            raise TableError(_("the next hand starts when everyone at the table is ready"))
        if self.game.to_move != seat:
            raise TableError(_("it is not your turn") if self.game.to_move is not None
                             else _("nobody is to play now"))
        trex = isinstance(action, Play) and self.game.phase == Phase.TREX  # "laid", the
        try:  # last card of a Trex deal too
            self.game.apply(action)
        except (IllegalActionError, ParseError, ValueError) as e:
            raise TableError(str(e)) from None
        self._note(seat, action, by, now, trex)
        return action

    def _note(self, seat: int, action: Action, by: str, now: float | None, trex: bool) -> None:
        self.log.append({"n": len(self.game.history) - 1, "seat": seat, "action": str(action),
                         "by": by, "at": now if now is not None else time.time(),
                         "words": describe(self.sitters[seat].name, action, trex)})
        if self.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            self.owners.append({"rows": len(self.game.score_sheet()),
                                "who": [x.name if x.kind == "person" and x.key else None
                                        for x in self.sitters]})
            self.ready = set()
        self.version += 1

    def say_ready(self, seat: int) -> bool:
        """The person at ``seat`` is ready for the next hand; once every person connected
        is, it is dealt (True)."""
        if self.game.is_over:
            raise TableError(_("the game is over: nothing more can be played at this table"))
        if self.game.phase != Phase.HAND_OVER:
            raise TableError(_("the deal is not over yet") if self.game_name == "trix"
                             else _("the hand is not over yet"))
        if self.paused:
            raise TableError(_("the teacher has paused this table: wait until it goes on"))
        self.ready.add(seat)
        self.version += 1
        return self.deal_if_ready()

    def deal_if_ready(self) -> bool:
        """Deal the next hand if every connected person is ready (away seats and computers
        always are); with nobody connected the table waits for its people."""
        if self.game.phase != Phase.HAND_OVER or self.paused:
            return False
        people = {s for s, x in enumerate(self.sitters) if x.kind == "person" and x.connections}
        if not people or not people <= self.ready:  # nobody here: the table waits
            return False
        self.game.apply(NextHand())
        self.ready = set()
        self.log.append({"n": len(self.game.history) - 1, "seat": None, "action": "next",
                         "by": "table", "at": time.time(), "words": ""})
        self.version += 1
        return True

    def played_for(self, seat: int) -> list[str]:
        """The actions a computer took for the person at ``seat`` while they were away, in
        this hand (deal), since they last acted themselves: what they missed.

        >>> t = Table.open("trixter", {"players": 4, "first_hand": 24}, [0, 1, 2, 3], seed=3)
        >>> for s in range(4):
        ...     _s = t.claim(s, "ABCD"[s], str(s) * 32)
        >>> dealer = t.game.to_move  # names trump, then bids
        >>> _a = t.act(dealer, "trump S", 0, "computer")  # away: a computer stands in
        >>> _a = t.act(dealer, "bid 1", 1, "computer")
        >>> t.played_for(dealer)
        ['trump S', 'bid 1']
        >>> _a = t.act(t.game.to_move, "bid 0", 2, "person")  # the next seat, itself
        >>> t.played_for(dealer), t.played_for(t.game.to_move)
        (['trump S', 'bid 1'], [])
        """
        got: list[str] = []
        for e in reversed(self.log[self.sitters[seat].since:]):
            if e["seat"] is None or (e["seat"] == seat and e["by"] == "person"):
                break  # the hand's (deal's) start, or the person's own last action
            if e["seat"] == seat:
                got.append(e["action"])
        return got[::-1]

    # --- what each role receives ---------------------------------------------------------
    def _common(self, now: float) -> dict[str, Any]:
        last = self.log[-1]["words"] if self.log else ""
        return {"type": "view", "code": self.code, "game": self.game_name,
                "version": self.version, "actions": len(self.game.history),
                "sitters": [x.public(now, self.away_seconds) for x in self.sitters],
                "started": self.started, "paused": self.paused, "hints": self.hints,
                "note": self.note, "last": last, "ready": sorted(self.ready),
                "sheet": self.game.score_sheet(), "over": self.game.is_over,
                "setup": game_options.summary(self.game)}

    def message_for(self, role: str, seat: int | None = None,
                    now: float | None = None) -> dict[str, Any]:
        """The message ``role`` receives now: ``"seat"`` (the view of ``seat``),
        ``"watch"`` (public facts only) or ``"teacher"`` (every hand)."""
        now = time.time() if now is None else now
        msg = self._common(now)
        msg["role"] = role
        if role == "seat":
            assert seat is not None
            msg["seat"] = seat
            msg["view"] = self.game.observe(seat)
            msg["played_for_you"] = self.played_for(seat)
            return msg
        msg["seat"] = None
        msg["view"] = public_view(self.game)
        if role == "teacher":
            msg["hands"] = {str(s): self.game.observe(s)["hand"]
                            for s in range(self.game.n_players)}
        return msg

    def summary(self, now: float | None = None) -> dict[str, Any]:
        """A line of the class's list of tables: public facts only."""
        now = time.time() if now is None else now
        mover = self.game.to_move
        return {"code": self.code, "game": self.game_name, "setup": game_options.summary(self.game),
                "sitters": [x.public(now, self.away_seconds) for x in self.sitters],
                "to_move": mover, "scores": list(self.game.scores), "over": self.game.is_over,
                "started": self.started, "paused": self.paused,
                "open_seats": [s for s, x in enumerate(self.sitters) if x.waiting],
                "hands": len(self.game.score_sheet()), "created": self.created,
                "active": self.log[-1]["at"] if self.log else self.created}

    # --- state ---------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        """Everything to rebuild this table (the game as its record), JSON-ready."""
        return {"v": STATE_VERSION, "code": self.code, "game_name": self.game_name,
                "options": self.options, "seed": self.seed, "record": self.game.to_record(),
                "sitters": [asdict(x) for x in self.sitters], "hints": self.hints,
                "away_seconds": self.away_seconds, "paused": self.paused,
                "started": self.started, "note": self.note, "created": self.created,
                "ready": sorted(self.ready), "owners": self.owners, "log": self.log,
                "version": self.version}

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Table:
        """The table :meth:`to_state` wrote."""
        if state.get("v") != STATE_VERSION:
            raise TableError(_("this table was kept by another version of the tutor"))
        game = from_record(state["record"])
        table = cls(code=state["code"], game_name=state["game_name"],
                    options=state["options"], seed=state["seed"], game=game,
                    sitters=[Sitter(**x) for x in state["sitters"]], hints=state["hints"],
                    away_seconds=state["away_seconds"], paused=state["paused"],
                    started=state["started"], note=state["note"], created=state["created"],
                    ready=set(state["ready"]), owners=state["owners"], log=state["log"],
                    version=state["version"])
        table._rename()  # a Trixter record keeps the names its game began with, not ours
        return table


def public_view(game: Game) -> dict[str, Any]:
    """What anyone may see of ``game``: a seat's view with that seat's hand and choices
    taken out (the public cards of a Trix deal, doubled cards and shown 2s, stay)."""
    view = game.observe(0)
    view["seat"] = None
    view["hand"] = []
    view["legal"] = []
    return view


def parse_seat_action(text: Any) -> Action:
    """An action's text as a seat sends it (for callers that check before sending)."""
    try:
        return parse_action(text)
    except (ParseError, TypeError) as e:
        raise TableError(str(e)) from None
