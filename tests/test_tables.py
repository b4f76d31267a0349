"""The table service (:mod:`tutor.tables`): every refusal says why and changes nothing;
each connection is sent only the cards its role may know (the leak test, with a marked
card planted in a hidden hand); a restarted service finds every table where it was; a
computer stands in for a person who is away and gives the seat back; a learner takes a
computer's seat between hands only; the class sheet's points; hints from a received view.

The service runs in ``asyncio.run`` inside plain tests, with a fake clock, no pause and the
computer seats thinking in a thread.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import random
import re
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tutor import TrixGame, TrixterGame
from tutor.advice import advise
from tutor.engine.actions import ClaimRedeal, NextHand
from tutor.engine.cards import Card, CardSet, Suit, deck
from tutor.engine.observation import observation_from_json
from tutor.engine.protocol import Phase
from tutor.tables.service import TableService, class_sheet
from tutor.tables.store import SQLiteStore
from tutor.tables.table import Table

KEYS = [c * 32 for c in "abcdef0123"]  # a person's key: 32 hexadecimal digits
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
MARK = Card.parse("AS")  # the marked card, planted in seat 3's hand
SHORT_TRIXTER = {"players": 4, "first_hand": 23}  # 3, 2 then 1 card: three hands


# --- the harness ---------------------------------------------------------------------------
class Clock:
    """A clock the test moves by hand."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


class Conn:
    """A connection that keeps every message it is sent, as JSON carries it."""

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat
        self.got: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.got.append(json.loads(json.dumps(message)))

    def views(self) -> list[dict[str, Any]]:
        return [m for m in self.got if m["type"] == "view"]

    def view(self) -> dict[str, Any]:
        return self.views()[-1]

    @property
    def last(self) -> dict[str, Any]:
        return self.got[-1]


def service(path: Any = ":memory:", clock: Clock | None = None, **kw: Any) -> TableService:
    return TableService(SQLiteStore(path), pause=0, executor=ThreadPoolExecutor(1),
                        clock=clock or Clock(), **kw)


async def join(svc: TableService, code: str, seat: int | None, conn: Conn | None = None,
               name: str | None = None, key: str | None = None) -> Conn:
    """``conn`` (a new one by default) sits at ``seat`` as the person of that seat."""
    conn = conn if conn is not None else Conn(seat)
    if conn not in svc.conns:
        svc.connect(conn)
    who = conn.seat if conn.seat is not None else seat
    await svc.receive(conn, {"type": "join", "code": code, "seat": seat,
                             "name": name or NAMES[who], "key": key or KEYS[who]})
    return conn


async def open_table(svc: TableService, game: str, options: dict[str, Any],
                     people: list[int], alone: bool = False,
                     **extra: Any) -> tuple[str, dict[int, Conn]]:
    """A table opened by the person of ``people[0]``; the others join their seats (unless
    the opener is ``alone``)."""
    opener = Conn(people[0])
    svc.connect(opener)
    await svc.receive(opener, {"type": "open", "game": game, "options": options,
                               "people": people, "seat": people[0], "name": NAMES[people[0]],
                               "key": KEYS[people[0]], **extra})
    assert opener.got[0]["type"] == "opened", opener.got
    code = opener.got[0]["code"]
    conns = {people[0]: opener}
    for s in people[1:] if not alone else ():
        conns[s] = await join(svc, code, s)
        assert conns[s].last["type"] == "view", conns[s].last
    return code, conns


def keep(svc: TableService, game: TrixterGame | TrixGame, code: str,
         people: tuple[int, ...] = (0, 1, 2, 3), **kw: Any) -> str:
    """A table of ``game`` (built with its deals) kept in the service's store as if just
    opened: its seats wait for ``people``. The service loads it when someone comes."""
    name = game.KIND
    options = {"players": game.n_players, "first_hand": game.first_hand} \
        if name == "trixter" else {}
    table = Table.open(name, options, people=list(people), seed=game.seed, code=code, **kw)
    table.game = game
    table._rename()
    assert svc.store.create(table)
    return code


def marked_deals(rng: random.Random, sizes: list[int], holder: int = 3) -> list[list[str]]:
    """Deals of ``sizes`` cards a hand (four hands), seat ``holder`` always holding MARK."""
    out = []
    for size in sizes:
        rest = [c for c in deck() if c != MARK]
        rng.shuffle(rest)
        hands, i = [], 0
        for s in range(4):
            n = size - (s == holder)
            hand = rest[i:i + n] + ([MARK] if s == holder else [])
            i += n
            hands.append(CardSet(hand).pbn())
        out.append(hands)
    return out


def claim_deal(rng: random.Random) -> list[str]:
    """A Trix deal with MARK at seat 3 and the K♥ alone in seat 2's hearts: seat 2 may
    claim a redeal in King of Hearts (and its hand is then shown to everyone)."""
    king = Card.parse("KH")
    hearts = [c for c in deck() if c.suit == Suit.HEARTS and c != king]
    others = [c for c in deck() if c.suit != Suit.HEARTS and c != MARK]
    rng.shuffle(others)
    seat2, rest = [king] + others[:12], others[12:] + hearts
    rng.shuffle(rest)
    return [CardSet(h).pbn() for h in (rest[:13], rest[13:26], seat2, rest[26:] + [MARK])]


async def play(svc: TableService, code: str, persons: dict[int, Conn], rng: random.Random,
               stop: Any = lambda t: False, ready: bool = True, timeout: float = 30.0) -> None:
    """The persons play random legal actions, each from its own last view, until ``stop``
    (or the end of the game); at a hand over each says "ready" (if ``ready``). Computer
    seats act on their own meanwhile."""
    end = time.monotonic() + timeout
    while True:
        table = svc.cache[code]
        game = table.game
        if stop(table) or game.is_over:
            return
        assert time.monotonic() < end, f"timed out at {game!r}"
        if game.phase == Phase.HAND_OVER and ready and not table.paused:
            for c in persons.values():
                await svc.receive(c, {"type": "ready"})
            continue
        mover = game.to_move
        if mover in persons and table.computer_seat(svc.clock()) is None \
                and persons[mover].view()["actions"] == len(game.history):
            c = persons[mover]
            view = c.view()
            await svc.receive(c, {"type": "act", "action": rng.choice(view["view"]["legal"]),
                                  "seen": view["actions"]})
            assert c.last["type"] == "view", c.last
            continue
        await asyncio.sleep(0.002)


async def until(pred: Any, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.005)


def snapshot(svc: TableService, code: str) -> tuple[str, ...]:
    """Everything a refusal must leave as it was: the table (game record, version, seats,
    log) as cached and as kept, and every role's next view."""
    table = svc.cache[code]
    kept = svc.store.load(code)
    return (json.dumps(table.to_state(), sort_keys=True),
            json.dumps(kept.to_state(), sort_keys=True),
            *(json.dumps(table.message_for("seat", s, now=0.0), sort_keys=True)
              for s in range(table.game.n_players)),
            json.dumps(table.message_for("watch", now=0.0), sort_keys=True),
            json.dumps(svc.store.actions(code)))


async def refused(svc: TableService, conn: Conn, message: Any, *words: str,
                  code: str | None = None, others: tuple[Conn, ...] = ()) -> str:
    """Send ``message``: it is refused with a reason holding ``words``, and nothing changes
    (nor is anyone else sent anything). Returns the reason."""
    before = snapshot(svc, code) if code else None
    tables = svc.store.codes()
    sent = [len(c.got) for c in others]
    await svc.receive(conn, message)
    reply = conn.last
    assert reply["type"] == "refused", (message, reply)
    for w in words:
        assert w in reply["reason"], (message, reply["reason"])
    if code:
        assert snapshot(svc, code) == before, message
    assert svc.store.codes() == tables
    assert [len(c.got) for c in others] == sent
    return reply["reason"]


# --- 1. bad input and faults -------------------------------------------------------------
# A short Trixter game whose first hand is known: dealer 0, seat 1 leads.
KNOWN = [["AKQ...", "JT9...", ".AKQ..", "..AKQ."]]


def test_refusals_say_why_and_change_nothing():
    async def main() -> None:
        svc = service()
        await svc.start()
        code = keep(svc, TrixterGame.new(players=4, seed=1, deals=KNOWN, dealer=0,
                                         first_hand=23), "KNOWNA")
        conns = {s: await join(svc, code, s) for s in range(4)}
        everyone = tuple(conns.values())
        game = svc.cache[code].game
        assert game.to_move == 0 and game.phase == Phase.TRUMP

        async def no(seat: int, message: Any, *words: str) -> str:
            return await refused(svc, conns[seat], message, *words, code=code,
                                 others=tuple(c for c in everyone if c is not conns[seat]))

        # Not your turn (with the right count of actions seen).
        await no(1, {"type": "act", "action": "trump S", "seen": 0}, "not your turn")
        await no(2, {"type": "act", "action": "bid 0", "seen": 0}, "not your turn")
        # Illegal actions of the seat to move.
        await no(0, {"type": "act", "action": "bid 1", "seen": 0}, "names trump first")
        await no(0, {"type": "act", "action": "AS", "seen": 0}, "after the bidding")
        await svc.receive(conns[0], {"type": "act", "action": "trump S", "seen": 0})
        assert conns[0].last["type"] == "view" and len(game.history) == 1
        await no(0, {"type": "act", "action": "bid 9", "seen": 1}, "from 0 to 3")
        await no(0, {"type": "act", "action": "bid -1", "seen": 1})
        await no(0, {"type": "act", "action": "ZZ", "seen": 1}, "not an action")
        await no(0, {"type": "act", "action": "next", "seen": 1}, "everyone", "ready")
        # A replayed message: the first is applied, the same again is refused.
        bid = {"type": "act", "action": "bid 2", "seen": 1}
        await svc.receive(conns[0], bid)
        assert conns[0].last["type"] == "view"
        await no(0, bid, "moved on")
        await no(0, {"type": "act", "action": "bid 3", "seen": 1}, "moved on")
        assert [str(a) for _, a in game.history] == ["trump S", "bid 2"]
        for s, text in ((1, "bid 0"), (2, "bid 1"), (3, "bid 0")):
            await svc.receive(conns[s], {"type": "act", "action": text,
                                         "seen": len(game.history)})
            assert conns[s].last["type"] == "view", conns[s].last
        assert game.phase == Phase.PLAY and game.to_move == 1
        n = len(game.history)
        # A card that is not in the hand (another seat's), and one out of turn.
        await no(1, {"type": "act", "action": "AH", "seen": n}, "A♥ is not in your hand")
        await no(1, {"type": "act", "action": "10H", "seen": n}, "not in your hand")
        await no(2, {"type": "act", "action": "QH", "seen": n}, "not your turn")
        await svc.receive(conns[1], {"type": "act", "action": "JS", "seen": n})
        await no(2, {"type": "act", "action": "AS", "seen": n + 1}, "not in your hand")

        # Forged or junk table codes.
        stranger = Conn()
        svc.connect(stranger)
        for c in ("ZZZZZZ", "knowna2", "K7QMPX"):
            await refused(svc, stranger, {"type": "join", "code": c, "name": "Hal",
                                          "key": KEYS[7]}, "there is no table", code=code)
            await refused(svc, stranger, {"type": "watch", "code": c}, "no table", code=code)
        for c in ("AB", 123, None, "X" * 100, ["KNOWNA"]):
            await refused(svc, stranger, {"type": "join", "code": c, "name": "Hal",
                                          "key": KEYS[7]}, "a table code is", code=code)
        # Seats that do not exist, or are another person's.
        for seat in (7, -1, "1", True, 1.0):
            await refused(svc, stranger, {"type": "join", "code": code, "seat": seat,
                                          "name": "Hal", "key": KEYS[7]}, "no seat", code=code)
        await refused(svc, stranger, {"type": "join", "code": code, "seat": 2, "name": "Hal",
                                      "key": KEYS[7]}, "seat 3 is taken by Cy", code=code)
        await refused(svc, stranger, {"type": "join", "code": code, "name": "Hal",
                                      "key": KEYS[7]}, "every seat", code=code)
        # The stranger is nobody's seat: acting, starting, being ready are refused.
        for kind in ("act", "ready", "start"):
            await refused(svc, stranger, {"type": kind, "action": "QS", "seen": n + 1},
                          "sit at a table first", code=code)

        # Malformed messages.
        for junk in ("act", ["act"], None, 5, {"type": "hack"}, {"type": None}, {},
                     {"type": ["act"]}, {"action": "QS"}, {"type": "_change"}):
            await no(2, junk, "a message is an object whose type is one of")
        n = len(game.history)
        for action, seen, words in ((None, n, "short text"), (5, n, "short text"),
                                    ("", n, "short text"), ("Q" * 10_000, n, "short text"),
                                    ("QH", None, "how many"), ("QH", "1", "how many"),
                                    ("QH", True, "how many"), ("QH", float(n), "how many"),
                                    (["QH"], n, "short text")):
            await no(2, {"type": "act", "action": action, "seen": seen}, words)
        await no(2, {"type": "act"}, "short text")
        await no(2, {"type": "act", "action": "QH"}, "how many")
        # Huge or junk names and keys, options and ids.
        for name, key, words in (("N" * 10_000, KEYS[7], "at most 40"), ("", KEYS[7], "name"),
                                 (None, KEYS[7], "name"), (7, KEYS[7], "name"),
                                 ("Hal", "k" * 32, "32 hexadecimal"),
                                 ("Hal", "a" * 10_000, "32 hexadecimal"),
                                 ("Hal", None, "32 hexadecimal")):
            await refused(svc, stranger, {"type": "join", "code": code, "name": name,
                                          "key": key}, words, code=code)
        for bad, words in (({"game": "poker"}, "trixter or trix"),
                           ({"game": "trix", "options": [1, 2]}, "options are an object"),
                           ({"game": "trix", "options": "standard"}, "options are an object"),
                           ({"game": "trix", "options": {"mode": "doubles"}}, "mode"),
                           ({"game": "trixter", "options": {"players": 99}}, "players"),
                           ({"game": "trix", "people": "all"}, "seats for people"),
                           ({"game": "trix", "people": [0, 0]}, "seats for people"),
                           ({"game": "trix", "people": [4]}, "seats for people"),
                           ({"game": "trix", "level": "god"}, "level"),
                           ({"game": "trix", "seat": 9}, "no seat"),
                           ({"game": "trix", "away_seconds": -1}, "time away"),
                           ({"game": "trix", "name": "x" * 500}, "at most 40")):
            message = {"type": "open", "name": "Hal", "key": KEYS[7], "id": "i" * 10_000,
                       **bad}
            await refused(svc, stranger, message, words, code=code)
            assert stranger.last["id"] is None  # a huge id does not come back
        await svc.receive(stranger, {"type": "list", "id": "x" * 65})
        assert stranger.last["type"] == "tables" and stranger.last["id"] is None
        await svc.receive(stranger, {"type": "list", "id": "mine"})
        assert stranger.last["id"] == "mine" and len(stranger.last["tables"]) == 1
        # The seated persons are still where they were and the game goes on.
        assert [x.name for x in svc.cache[code].sitters] == NAMES[:4]
        await svc.receive(conns[2], {"type": "act", "action": "QH", "seen": n})
        assert conns[2].last["type"] == "view" and len(game.history) == n + 1
        # A table opened with a huge id: opened, the id not sent back; a short one is.
        for ident, back in (("i" * 10_000, None), ("o1", "o1")):
            opener = Conn()
            svc.connect(opener)
            await svc.receive(opener, {"type": "open", "game": "trix", "name": "Hal",
                                       "key": KEYS[7], "id": ident})
            assert opener.got[0]["type"] == "opened" and opener.got[0]["id"] == back
        assert len(svc.store.codes()) == 3
        await svc.stop()

    asyncio.run(main())


def test_after_the_game_ended_everything_is_refused():
    async def main() -> None:
        svc = service()
        await svc.start()
        code, conns = await open_table(svc, "trixter", {"players": 4, "first_hand": 25},
                                       [0, 1, 2, 3])
        await play(svc, code, conns, random.Random(4))
        table = svc.cache[code]
        assert table.game.is_over and conns[0].view()["over"]
        everyone = tuple(conns.values())
        for seat, message in ((0, {"type": "act", "action": "2S", "seen": 9}),
                              (1, {"type": "act", "action": "bid 0",
                                   "seen": len(table.game.history)}),
                              (2, {"type": "ready"})):
            await refused(svc, conns[seat], message, "the game is over", code=code,
                          others=tuple(c for c in everyone if c is not conns[seat]))
        await refused(svc, conns[3], {"type": "start"}, "started already", code=code)
        await svc.stop()

    asyncio.run(main())


def test_the_teacher_alone_pauses_speaks_and_reads_the_sheet():
    async def main() -> None:
        svc = service(teacher_token="sesame")
        await svc.start()
        code, conns = await open_table(svc, "trixter", SHORT_TRIXTER, [0, 1, 2, 3])
        table = svc.cache[code]
        everyone = tuple(conns.values())
        # A person (seated) and a spectator are not the teacher, nor is a wrong token.
        spectator = Conn()
        svc.connect(spectator)
        await svc.receive(spectator, {"type": "watch", "code": code})
        for who in (conns[1], spectator):
            for message, words in (({"type": "pause"}, "only the teacher"),
                                   ({"type": "pause", "code": code}, "only the teacher"),
                                   ({"type": "resume"}, "only the teacher"),
                                   ({"type": "say", "text": "hi"}, "only the teacher"),
                                   ({"type": "sheet"}, "the class sheet is the teacher's"),
                                   ({"type": "teach", "token": "sesame!"}, "not the teacher"),
                                   ({"type": "teach", "token": "SESAME"}, "not the teacher"),
                                   ({"type": "teach", "token": None}, "not the teacher"),
                                   ({"type": "teach"}, "not the teacher"),
                                   ({"type": "teach", "token": 7}, "not the teacher"),
                                   ({"type": "pause"}, "only the teacher")):
                await refused(svc, who, message, words, code=code,
                              others=tuple(c for c in everyone if c is not who))
        # The teacher: paused, no action nor deal goes on.
        teacher = Conn()
        svc.connect(teacher)
        await svc.receive(teacher, {"type": "teach", "token": "sesame"})
        assert teacher.last["type"] == "teaching"
        await refused(svc, teacher, {"type": "pause"}, "say which table", code=code)
        await refused(svc, teacher, {"type": "say", "text": "x" * 301, "code": code},
                      "at most 300", code=code)
        await svc.receive(teacher, {"type": "watch", "code": code})
        assert teacher.last["role"] == "teacher" and len(teacher.last["hands"]) == 4
        await svc.receive(teacher, {"type": "pause"})
        assert table.paused and conns[0].view()["paused"] and spectator.last["paused"]
        mover = table.game.to_move
        legal = conns[mover].view()["view"]["legal"]
        n = len(table.game.history)
        await refused(svc, conns[mover], {"type": "act", "action": legal[0], "seen": n},
                      "paused", code=code)
        await svc.receive(teacher, {"type": "say", "text": "  Look   at the  trump "})
        assert conns[2].view()["note"] == "Look at the trump"
        await svc.receive(teacher, {"type": "resume"})
        assert not table.paused
        await svc.receive(conns[mover], {"type": "act", "action": legal[0], "seen": n})
        assert len(table.game.history) == n + 1
        # Paused at a hand's end: "ready" is refused and nothing is dealt.
        rng = random.Random(2)
        await play(svc, code, conns, rng, stop=lambda t: t.game.phase == Phase.HAND_OVER)
        await svc.receive(teacher, {"type": "pause", "code": code})
        await refused(svc, conns[0], {"type": "ready"}, "paused", code=code)
        await svc.receive(teacher, {"type": "resume", "code": code})
        for c in everyone:
            await svc.receive(c, {"type": "ready"})
        assert table.game.phase == Phase.TRUMP and table.game.hand_number == 2
        await svc.receive(teacher, {"type": "sheet"})
        assert teacher.last["type"] == "sheet" and len(teacher.last["rows"]) == 4
        await svc.stop()

    asyncio.run(main())


def test_a_page_that_joins_again_or_moves_on_leaves_its_seat_away():
    """A connection counts once at a seat: joining again (a page that says who it is once
    more) or going to watch another table does not keep the seat connected for ever."""
    async def main() -> None:
        clock = Clock()
        svc = service(clock=clock)
        await svc.start()
        code, conns = await open_table(svc, "trix", {}, [0, 1, 2, 3])
        other, _ = await open_table(svc, "trixter", SHORT_TRIXTER, [0, 1])
        table = svc.cache[code]
        page = conns[0]
        await join(svc, code, 0, page)  # the same page says who it is again
        assert page.view()["seat"] == 0 and table.sitters[0].connections == 1
        await svc.disconnect(page)
        assert table.sitters[0].connections == 0 and table.sitters[0].away_since == clock.t
        assert not conns[1].view()["sitters"][0]["connected"]
        # A page that goes to watch another table leaves its seat too.
        await svc.receive(conns[1], {"type": "watch", "code": other})
        assert conns[1].last["role"] == "watch" and table.sitters[1].connections == 0
        # And one that leaves.
        await svc.receive(conns[2], {"type": "leave"})
        assert conns[2].last["type"] == "left" and table.sitters[2].connections == 0
        assert [x["connected"] for x in conns[3].view()["sitters"]] == [False] * 3 + [True]
        await svc.stop()

    asyncio.run(main())


# --- 2 and 3. what each connection may see: the leak test -------------------------------
CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?![0-9A-Za-z])")


def cards_named(message: Any) -> set[Card]:
    """Every card any text of ``message`` names (``QS``, ``TH``, ``10H``, ``10♥``)."""
    found: set[Card] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            found.update(Card.parse(m) for m in CARD_TEXT.findall(x))
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(message)
    return found


def known_cards(game: TrixterGame | TrixGame, seat: int | None) -> set[Card]:
    """The cards ``seat`` (``None``: a spectator) may know now: every hand it was dealt,
    every card played or doubled, the hands shown for a redeal, the public cards."""
    cards: set[Card] = set()
    deal = 0
    for who, action in game.history:
        card = getattr(action, "card", None)
        if card is not None:
            cards.add(card)
        if isinstance(action, ClaimRedeal):
            cards |= set(game.deals[deal][who])
        if isinstance(action, (NextHand, ClaimRedeal)):
            deal += 1
    if seat is not None:
        for hands in game.deals[:deal + 1]:
            cards |= set(hands[seat])
    if isinstance(game, TrixGame):
        for shown in game.public_cards().values():
            cards |= {Card.parse(c) for c in shown}
    return cards


class Recorder(Conn):
    """A connection that notes, with each message, the cards its seat may know when the
    message is sent (from the service's table at that moment)."""

    def __init__(self, svc: TableService, code: str, seat: int | None) -> None:
        super().__init__(seat)
        self.svc, self.code = svc, code
        self.probe: Card | None = None  # the card of a probing action being refused
        self.notes: list[tuple[dict[str, Any], set[Card], Card | None]] = []

    def send(self, message: dict[str, Any]) -> None:
        super().send(message)
        table = self.svc.cache.get(self.code)
        allowed = known_cards(table.game, self.seat) if table is not None else set()
        self.notes.append((self.got[-1], allowed, self.probe))


async def leak_game(game_name: str, seed: int) -> list[Recorder]:
    """A whole short Trixter game, or a whole kingdom of Trix, played by four persons from
    their own views (with now and then a probe: a card of another seat's hand, refused),
    watched by a spectator; seat 3 is dealt MARK in every hand. The connections, with
    their notes."""
    rng = random.Random(seed)
    svc = service()
    await svc.start()
    if game_name == "trixter":
        game = TrixterGame.new(players=4, seed=seed, deals=marked_deals(rng, [3, 2, 1]),
                               first_hand=23)
        stop = lambda t: False  # noqa: E731 - to the end of the game
    else:
        game = TrixGame.new(seed=seed, deals=[claim_deal(rng)] + marked_deals(rng, [13] * 8))
        stop = lambda t: t.game.kingdom >= 1  # noqa: E731 - a whole kingdom
    code = keep(svc, game, "LEAKYY")
    spectator = Recorder(svc, code, None)
    svc.connect(spectator)
    await svc.receive(spectator, {"type": "watch", "code": code})
    persons = {s: Recorder(svc, code, s) for s in range(4)}
    for s, r in persons.items():
        await join(svc, code, s, r)
    for _ in range(5000):
        table = svc.cache[code]
        game = table.game
        if game.is_over or stop(table):
            break
        if game.phase == Phase.HAND_OVER:
            await svc.receive(spectator, {"type": "list"})
            for r in persons.values():
                await svc.receive(r, {"type": "ready"})
            continue
        mover = persons[game.to_move]
        others = [s for s in range(4) if s != mover.seat and game.hands[s]]
        if others and rng.random() < 0.08:
            n = len(game.history)
            mover.probe = rng.choice(sorted(game.hands[rng.choice(others)]))
            await svc.receive(mover, {"type": "act", "action": str(mover.probe), "seen": n})
            mover.probe = None
            assert mover.last["type"] == "refused" and len(game.history) == n
        view = mover.view()
        assert view["seat"] == mover.seat and view["actions"] == len(game.history)
        legal = view["view"]["legal"]
        # In Trix: King first, and a redeal whenever one may be claimed (the deal planted).
        wanted = [a for a in ("redeal", "contract king") if a in legal]
        action = wanted[0] if wanted else rng.choice(legal)
        await svc.receive(mover, {"type": "act", "action": action, "seen": view["actions"]})
        assert mover.last["type"] == "view", mover.last
    else:
        raise AssertionError("the game did not end")
    assert game.is_over or stop(table)
    await svc.stop()
    return [*persons.values(), spectator]


def check_no_leak(recorders: list[Recorder]) -> None:
    """Every message names only cards its receiver may know when it is sent; MARK, in seat
    3's hand, is never named to seat 0 or the spectator before it is played."""
    for r in recorders:
        hidden_mark = 0
        for message, allowed, probe in r.notes:
            named = cards_named(message)
            if message["type"] == "refused" and probe is not None:
                allowed = allowed | {probe}  # the refusal may name the card it refuses
            assert named <= allowed, (f"seat {r.seat} was sent {sorted(map(str, named - allowed))}"
                                      f" it may not know: {message}")
            if r.seat in (0, None) and MARK not in allowed:
                hidden_mark += 1
                text = json.dumps(message, ensure_ascii=False)
                assert not re.search(r"(?<![0-9A-Za-z])AS(?![0-9A-Za-z])", text), message
                assert "A♠" not in text, message
            if message["type"] == "view" and r.seat is None:
                assert message["view"]["hand"] == [] and message["view"]["legal"] == []
                assert "hands" not in message and message["role"] == "watch"
            elif message["type"] == "view":
                assert message["view"]["seat"] == r.seat and "hands" not in message
        if r.seat in (0, None):
            assert hidden_mark > 10  # the check saw MARK hidden from them
    # Not a vacuous check: each person was sent its own cards, seat 3 the marked card.
    for r in recorders:
        if r.seat is not None:
            first = next(m for m, _, _ in r.notes if m["type"] == "view")
            hand = {Card.parse(c) for c in first["view"]["hand"]}
            assert hand and hand <= cards_named(first)
    seat3 = next(r for r in recorders if r.seat == 3)
    assert any(MARK in cards_named(m) and m["type"] == "view" and "AS" in m["view"]["hand"]
               for m, _, _ in seat3.notes)


@pytest.mark.parametrize("game_name, seed", [("trixter", 5), ("trixter", 6), ("trixter", 7),
                                             ("trix", 5)])
def test_no_message_names_a_card_its_receiver_may_not_know(game_name, seed):
    recorders = asyncio.run(leak_game(game_name, seed))
    check_no_leak(recorders)
    views = [m for r in recorders for m, _, _ in r.notes if m["type"] == "view"]
    assert len(views) > 100
    if game_name == "trix":  # the whole kingdom was played: five contracts and a redeal
        rows = views[-1]["sheet"]
        assert len([row for row in rows if row["redeal"] is None]) == 5
        assert [row["redeal"] for row in rows if row["redeal"] is not None] == [2]
        claimed = [m["view"]["redeal_claim"] for r in recorders for m, _, _ in r.notes
                   if m["type"] == "view" and r.seat in (0, None) and m["view"]["redeal_claim"]]
        assert claimed and "KH" in claimed[0]["hand"]


@pytest.mark.parametrize("leak", ["watch", "seat", "words"])
def test_the_leak_check_catches_a_leaking_message(monkeypatch, leak):
    """The check above fails when a message leaks a hidden hand (the test can fail)."""
    honest = Table.message_for

    def leaky(self, role, seat=None, now=None):
        message = honest(self, role, seat, now)
        if role == leak == "watch":
            message["view"]["hand"] = [str(c) for c in self.game.hands[3]]
        elif role == leak == "seat":
            message["next"] = self.game.observe((seat + 1) % 4)["hand"]
        elif leak == "words" and MARK in self.game.hands[3]:
            message["last"] = "Dee holds A♠."
        return message

    monkeypatch.setattr(Table, "message_for", leaky)
    recorders = asyncio.run(leak_game("trixter", seed=5))
    with pytest.raises(AssertionError):
        check_no_leak(recorders)


# --- 4. restart --------------------------------------------------------------------------
@pytest.mark.parametrize("game_name, options", [("trixter", {"players": 4, "first_hand": 3}),
                                                ("trix", {})])
def test_a_restarted_service_finds_the_table_where_it_was(tmp_path, game_name, options):
    path = tmp_path / "tables.sqlite"

    async def before() -> tuple[str, dict[str, Any]]:
        svc = service(path, clock=Clock(1000.0))
        await svc.start()
        code, conns = await open_table(svc, game_name, options, [0, 1, 2, 3])
        await play(svc, code, conns, random.Random(8),
                   stop=lambda t: len(t.game.history) >= 12)
        table = svc.cache[code]
        assert not table.game.is_over and table.game.to_move is not None  # a hand half-played
        last = {"type": "act", "action": table.log[-1]["action"],
                "seen": len(table.game.history) - 1}
        was = {"record": table.game.to_record(),
               "views": {s: c.view()["view"] for s, c in conns.items()},
               "last": (table.log[-1]["seat"], last), "log": table.log}
        await svc.stop()
        return code, was

    async def after(code: str, was: dict[str, Any]) -> None:
        clock = Clock(5000.0)
        svc = service(path, clock=clock)
        await svc.start()
        table = svc.cache[code]
        assert table.game.to_record() == was["record"]
        assert table.log == was["log"]
        assert [e["n"] for e in svc.store.actions(code)] == list(range(len(table.game.history)))
        # Nobody is connected after a restart: every person is away from now.
        for x in table.sitters:
            assert x.kind == "person" and x.connections == 0 and x.away_since == clock.t
        assert not any(x["connected"] or x["computer_plays"]
                       for x in table.summary(clock.t)["sitters"])
        for s in range(4):
            assert table.message_for("seat", s, clock.t)["view"] == was["views"][s]
        # Each comes back with their key (a name of another spelling is no matter).
        conns = {}
        for s in (2, 0, 3, 1):
            conns[s] = await join(svc, code, None, Conn(s), name=f"{NAMES[s]} again")
            assert conns[s].view()["seat"] == s
            assert conns[s].view()["view"] == was["views"][s]
        assert [x.name for x in table.sitters] == NAMES[:4]
        assert all(x["connected"] for x in conns[1].view()["sitters"])
        # The message sent before the restart, again: refused; the game goes on.
        seat, last = was["last"]
        n = len(table.game.history)
        await refused(svc, conns[seat], last, "moved on", code=code)
        await play(svc, code, conns, random.Random(9),
                   stop=lambda t: len(t.game.history) >= n + 6)
        assert table.game.to_record()["actions"][:n] == was["record"]["actions"]
        await svc.stop()
        again = SQLiteStore(path)
        assert again.load(code).game.to_record() == table.game.to_record()
        again.close()

    code, was = asyncio.run(before())
    asyncio.run(after(code, was))


# --- 5. away and back ------------------------------------------------------------------
def test_a_computer_plays_for_a_person_away_and_gives_the_seat_back():
    async def main() -> None:
        clock = Clock()
        svc = service(clock=clock)
        await svc.start()
        code, conns = await open_table(svc, "trixter", {"players": 4, "first_hand": 3},
                                       [0, 1, 2, 3], away_seconds=1)
        table = svc.cache[code]
        away = table.game.to_move  # the dealer, to name trump
        n = len(table.game.history)
        await svc.disconnect(conns[away])
        watcher = conns[(away + 1) % 4]
        sitter = watcher.view()["sitters"][away]
        assert not sitter["connected"] and not sitter["computer_plays"]
        assert table.away_deadline() == clock.t + 1
        # Before the time away is out the table waits for them, however long in real time.
        await asyncio.sleep(0.4)
        assert len(table.game.history) == n and table.game.to_move == away
        # Then a computer plays for them, until a person is to move.
        clock.t += 1.5
        await until(lambda: len(table.game.history) > n and table.game.to_move != away)
        played = table.log[n:]
        assert played and all(e["seat"] == away and e["by"] == "computer" for e in played)
        assert watcher.view()["sitters"][away]["computer_plays"]
        assert watcher.view()["last"].startswith(NAMES[away])
        # They come back with their key, under another name: the same seat, their name.
        back = await join(svc, code, None, Conn(away), name="Somebody Else")
        assert back.view()["seat"] == away and back.view()["view"]["seat"] == away
        assert table.sitters[away].name == NAMES[away]
        assert table.sitters[away].away_since is None
        sitter = watcher.view()["sitters"][away]
        assert sitter["connected"] and not sitter["computer_plays"]
        # The others play on to their turn; the computer no longer plays for them.
        conns[away] = back
        others = {s: c for s, c in conns.items() if s != away}
        await play(svc, code, others, random.Random(1),
                   stop=lambda t: t.game.to_move == away)
        m = len(table.game.history)
        clock.t += 100
        await asyncio.sleep(0.3)
        assert len(table.game.history) == m and table.game.to_move == away
        view = back.view()
        await svc.receive(back, {"type": "act", "action": view["view"]["legal"][0],
                                 "seen": view["actions"]})
        assert len(table.game.history) == m + 1 and table.log[-1]["by"] == "person"
        await svc.stop()

    asyncio.run(main())


# --- 6. seats: computers' between hands, a table waiting for its people --------------
@pytest.mark.parametrize("game_name, options", [("trixter", SHORT_TRIXTER), ("trix", {})])
def test_a_learner_takes_a_computers_seat_between_hands_only(game_name, options):
    async def main() -> None:
        svc = service()
        await svc.start()
        code, conns = await open_table(svc, game_name, options, [0])
        table = svc.cache[code]
        assert table.started and [x.kind for x in table.sitters][1:] == ["computer"] * 3
        rng = random.Random(3)
        # Mid-hand (the person at seat 0 still holds cards): refused.
        await play(svc, code, conns, rng, stop=lambda t: len(t.game.history) >= 2)
        ben = Conn(1)
        svc.connect(ben)
        word = "deal" if game_name == "trix" else "hand"
        await svc.receive(ben, {"type": "join", "code": code, "seat": 1, "name": "Ben",
                                "key": KEYS[1]})
        assert ben.last["type"] == "refused" and ben.last["wait"] is True  # may watch, wait
        assert f"between {word}s" in ben.last["reason"], ben.last
        assert table.sitters[1].kind == "computer" and table.sitters[1].key is None
        # Between hands (the table waits for Ana's "ready"): taken.
        await play(svc, code, conns, rng, ready=False,
                   stop=lambda t: t.game.phase == Phase.HAND_OVER)
        first = len(table.game.history)
        await join(svc, code, 1, ben)
        assert ben.last["type"] == "view" and ben.view()["seat"] == 1
        assert ben.last["played_for_you"] == []  # the computer's hand before was not his
        assert table.sitters[1].kind == "person" and table.sitters[1].name == "Ben"
        assert ben.view()["sitters"][1] == {"name": "Ben", "kind": "person",
                                            "level": "beginner", "waiting": False,
                                            "connected": True, "computer_plays": False}
        await svc.receive(conns[0], {"type": "ready"})
        assert table.game.phase == Phase.HAND_OVER  # Ben is not ready yet
        await svc.receive(ben, {"type": "ready"})
        assert table.game.phase != Phase.HAND_OVER
        # From now on seat 1 is Ben's: the table waits for him.
        persons = {0: conns[0], 1: ben}
        await play(svc, code, persons, rng, ready=False,
                   stop=lambda t: t.game.phase == Phase.HAND_OVER)
        seat1 = [e["by"] for e in table.log if e["seat"] == 1]
        before = [e["by"] for e in table.log[:first] if e["seat"] == 1]
        after = [e["by"] for e in table.log[first:] if e["seat"] == 1]
        assert before and set(before) == {"computer"}
        assert after and set(after) == {"person"} and len(seat1) == len(before) + len(after)
        # The hand before he sat is not his on the class sheet.
        rows = {r["name"]: r for r in class_sheet([table])}
        sheet = table.game.score_sheet()
        assert rows["Ana"]["played"] == len([r for r in sheet if r.get("redeal") is None])
        assert rows["Ben"]["played"] == rows["Ana"]["played"] - 1
        await svc.stop()

    asyncio.run(main())


def test_a_table_waiting_for_its_people_starts_when_they_come_or_on_start():
    async def main() -> None:
        svc = service()
        await svc.start()
        code, conns = await open_table(svc, "trix", {}, [0, 1], alone=True)
        table = svc.cache[code]
        assert not table.started and table.sitters[1].waiting
        assert not conns[0].view()["started"]
        await asyncio.sleep(0.2)  # the computers do not play, nor think, before the start
        assert table.game.history == [] and svc.drivers[code].done()
        mover = table.game.to_move
        if mover == 0:
            await refused(svc, conns[0], {"type": "act", "seen": 0,
                                          "action": conns[0].view()["view"]["legal"][0]},
                          "the game starts when every seat is taken", code=code)
        else:
            await refused(svc, conns[0], {"type": "act", "action": "2C", "seen": 0},
                          "the game starts when", code=code)
        ben = await join(svc, code, 1)
        assert table.started and ben.view()["started"] and conns[0].view()["started"]
        await until(lambda: table.game.history or table.game.to_move in (0, 1))

        # Started by a seated person: the empty seat goes to a computer.
        code2, conns2 = await open_table(svc, "trixter", SHORT_TRIXTER, [0, 2],
                                             alone=True)
        table2 = svc.cache[code2]
        spectator = Conn()
        svc.connect(spectator)
        await svc.receive(spectator, {"type": "watch", "code": code2})
        await refused(svc, spectator, {"type": "start"}, "sit at a table first", code=code2)
        await asyncio.sleep(0.1)
        assert not table2.started and table2.game.history == []
        await svc.receive(conns2[0], {"type": "start"})
        assert table2.started and table2.sitters[2].kind == "computer"
        assert spectator.last["sitters"][2]["kind"] == "computer"
        await refused(svc, conns2[0], {"type": "start"}, "started already", code=code2)
        # The computers play up to the person's turn.
        await until(lambda: table2.game.to_move == 0)
        assert all(e["by"] == "computer" for e in table2.log)
        await svc.stop()

    asyncio.run(main())


# --- 7. the class sheet -------------------------------------------------------------------
def test_the_class_sheet_adds_each_persons_points_over_their_tables():
    """Scripted play, points by hand (exact scoring: 10 + tricks for a bid made, −5 for a
    miss; King of Hearts −75). Ana sits at all three tables."""
    t1 = TrixterGame.new(players=4, seed=1, dealer=0, first_hand=25,  # one hand of 1 card
                         deals=[["A...", "K...", ".2..", ".3.."]])
    t2 = TrixterGame.new(players=4, seed=2, dealer=0, first_hand=24,  # 2 cards, then 1
                         deals=[["AK...", ".AK..", "QJ...", "..AK."],
                                ["...2", "...3", "...4", "...5"]])
    # Trix: Ana (the 7♥, so the owner) names King; Ben, K♥ alone in hearts, claims a
    # redeal; the same cards again: King, nobody doubles, Ana leads A♥ and takes Ben's K♥.
    first = ["AKQJT.AQ7.T9876.", "98765432.K.AKQJ.", ".JT98.5432.AKQJT", ".65432..98765432"]
    t3 = TrixGame.new(seed=3, deals=[first, first])
    script = {
        "T1ONE1": (t1, ["Ana", "Ben", "Cy", "Dee"],
                   [(0, "trump S"), (0, "bid 1"), (1, "bid 1"), (2, "bid 0"), (3, "bid 0"),
                    (1, "KS"), (2, "2H"), (3, "3H"), (0, "AS")]),
        "T2TWO2": (t2, ["Eve", "Ana", "Fay", "Gus"],
                   [(0, "trump H"), (0, "bid 0"), (1, "bid 2"), (2, "bid 0"), (3, "bid 1"),
                    (1, "AH"), (2, "QS"), (3, "AD"), (0, "AS"),
                    (1, "KH"), (2, "JS"), (3, "KD"), (0, "KS"), (None, "ready"),
                    (1, "trump S"), (1, "bid 0"), (2, "bid 0"), (3, "bid 1"), (0, "bid 0"),
                    (2, "4C"), (3, "5C"), (0, "2C"), (1, "3C")]),
        "T3TRIX": (t3, ["Ana", "Ben", "Cy", "Dee"],
                   [(0, "contract king"), (0, "no double"), (1, "redeal"),
                    (0, "contract king"), (0, "no double"), (1, "no double"),
                    (2, "no double"), (3, "no double"),
                    (0, "AH"), (1, "KH"), (2, "JH"), (3, "6H")]),
    }
    people = {name: KEYS[i] for i, name in enumerate(NAMES)}

    async def main() -> dict[str, Any]:
        svc = service(teacher_token="sheet")
        await svc.start()
        for code, (game, names, actions) in script.items():
            keep(svc, game, code)
            conns = {}
            for s, name in enumerate(names):
                conns[s] = await join(svc, code, s, Conn(s), name=name, key=people[name])
            table = svc.cache[code]
            for seat, text in actions:
                if seat is None:
                    for c in conns.values():
                        await svc.receive(c, {"type": "ready"})
                    continue
                await svc.receive(conns[seat], {"type": "act", "action": text,
                                                "seen": len(table.game.history)})
                assert conns[seat].last["type"] == "view", (code, text, conns[seat].last)
            assert table.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert [r["points"] for r in svc.cache["T1ONE1"].game.score_sheet()] == \
            [[11, -5, 10, 10]]
        assert [r["points"] for r in svc.cache["T2TWO2"].game.score_sheet()] == \
            [[10, 12, 10, -5], [10, 10, 10, 11]]
        assert [(r["redeal"], r["points"]) for r in svc.cache["T3TRIX"].game.score_sheet()] \
            == [(1, [0, 0, 0, 0]), (None, [-75, 0, 0, 0])]
        teacher = Conn()
        svc.connect(teacher)
        await svc.receive(teacher, {"type": "teach", "token": "sheet"})
        await svc.receive(teacher, {"type": "sheet", "id": 7})
        await svc.stop()
        return teacher.last

    reply = asyncio.run(main())
    assert reply["type"] == "sheet" and reply["id"] == 7
    rows = [(r["name"], r["game"], r["tables"], r["played"], r["points"], r["per_hand"])
            for r in reply["rows"]]
    assert rows == [
        ("Ana", "trix", 1, 1, -75, -75.0),  # the redeal is no deal played
        ("Ben", "trix", 1, 1, 0, 0.0),
        ("Cy", "trix", 1, 1, 0, 0.0),
        ("Dee", "trix", 1, 1, 0, 0.0),
        ("Ana", "trixter", 2, 3, 11 + 12 + 10, 11.0),
        ("Ben", "trixter", 1, 1, -5, -5.0),
        ("Cy", "trixter", 1, 1, 10, 10.0),
        ("Dee", "trixter", 1, 1, 10, 10.0),
        ("Eve", "trixter", 1, 2, 20, 10.0),
        ("Fay", "trixter", 1, 2, 20, 10.0),
        ("Gus", "trixter", 1, 2, 6, 3.0),
    ]
    lines = list(csv.reader(io.StringIO(reply["csv"])))
    assert lines[0] == ["name", "game", "tables", "hands or deals played", "points",
                        "points per hand or deal"]
    assert lines[1:] == [[str(x) for x in row] for row in rows]
    assert ["Ana", "trixter", "2", "3", "33", "11.0"] in lines


# --- 8. hints from a received view alone ---------------------------------------------------
def two_tables(game_name: str, seed: int) -> tuple[TrixterGame | TrixGame, ...]:
    """Two games where seat 0 holds the same hand and the other seats different ones."""
    rng = random.Random(seed)
    if game_name == "trixter":
        games = [TrixterGame.new(players=4, seed=seed, dealer=1, first_hand=3)
                 for _ in range(2)]
        size = 3
    else:
        games = [TrixGame.new(seed=seed) for _ in range(2)]
        size = 13
    cards = deck()
    rng.shuffle(cards)
    mine = sorted(cards[:size]) if game_name == "trixter" else \
        sorted([Card.parse("7H")] + [c for c in cards if c != Card.parse("7H")][:12])
    rest = [c for c in deck() if c not in mine]
    deals = []
    for _ in range(2):
        rng.shuffle(rest)
        deals.append([CardSet(mine).pbn()] + [CardSet(rest[i * size:(i + 1) * size]).pbn()
                                              for i in range(3)])
    assert deals[0][1:] != deals[1][1:]
    for game, hands in zip(games, deals):
        game.deal_hands(hands)
        # The same public actions before seat 0's decision.
        for text in (["trump H", "bid 1", "bid 0", "bid 1"] if game_name == "trixter"
                     else ["contract ltoosh"]):
            game.apply(text)
        assert game.to_move == 0
    return tuple(games)


@pytest.mark.parametrize("game_name", ["trixter", "trix"])
def test_a_hint_needs_only_the_view_the_seat_was_sent(game_name):
    games = two_tables(game_name, seed=21)

    async def main() -> list[dict[str, Any]]:
        svc = service()
        await svc.start()
        views = []
        for i, game in enumerate(games):
            code = keep(svc, game, f"HINTS{i}")
            views.append((await join(svc, code, 0)).view())
        await svc.stop()
        return views

    views = asyncio.run(main())
    assert views[0]["view"] == views[1]["view"]  # nothing of the other hands in it
    assert views[0]["view"]["legal"] and views[0]["seat"] == 0
    hints = [advise(observation_from_json(v["view"]), budget=40) for v in views]
    direct = advise(games[0], seat=0, budget=40)
    for a in hints + [direct]:
        assert str(a.best) in views[0]["view"]["legal"]
    assert [(str(o.action), o.value) for o in hints[0].options] == \
        [(str(o.action), o.value) for o in hints[1].options] == \
        [(str(o.action), o.value) for o in direct.options]


def test_every_computer_takes_the_same_time_in_the_round_of_doubles():
    """RULES.md A5: how long a seat weighs a double must not tell whether it could double.
    The service times a weighed choice on a fixed deal, once a round, and holds every
    computer's action in the round that long (at least the pause)."""
    from concurrent.futures import ThreadPoolExecutor as Pool

    from tutor.tables.computers import rehearse
    from tutor.tables.service import TableService
    from tutor.tables.store import SQLiteStore
    from tutor.tables.table import Table

    table = Table.open("trix", {}, people=[0], level="beginner", seed=4)
    table.claim(0, "Ana", "a" * 32)
    game = table.game
    while game.phase.value != "double":
        game.apply(game.legal_actions()[0])
    assert rehearse(game.to_json(), "beginner") > 0

    async def go():
        svc = TableService(SQLiteStore(":memory:"), pause=0.01, executor=Pool(1))
        held = await svc._round_cost(table, "beginner")
        again = await svc._round_cost(table, "beginner")
        return held, again, svc.round_costs
    held, again, costs = asyncio.run(go())
    assert held == again >= 0.01 and len(costs) == 1  # rehearsed once for the round


def test_every_card_of_a_trex_deal_is_laid_the_last_one_too():
    """The status line's words for a Trex card are "laid", the deal's last card as well
    (the deal is over once it is down, and it was laid all the same)."""
    table = Table.open("trix", {}, [0, 1, 2, 3], seed=4)
    for s in range(4):
        table.claim(s, "ABCD"[s], KEYS[s])
    table.act(table.game.to_move, "contract trex", 0, "person")
    while table.game.phase != Phase.TREX:  # no redeal claimed
        table.act(table.game.to_move, str(table.game.legal_actions()[0]),
                  len(table.game.history), "person")
    while table.game.phase == Phase.TREX:
        table.act(table.game.to_move, str(table.game.legal_actions()[0]),
                  len(table.game.history), "person")
    cards = [e["words"] for e in table.log if e["action"][-1] in "SHDC"]
    assert len(cards) > 40 and table.game.phase == Phase.HAND_OVER
    assert all(" laid " in w for w in cards), [w for w in cards if " laid " not in w]
