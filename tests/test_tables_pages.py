"""The table pages' Python side (widgets/tables.py), with the table service in-process: a
fake line hands each message straight to the service and its replies straight back."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from sent import send
from sizes import quick_and_full

from tutor.tables.service import TableService
from tutor.tables.store import SQLiteStore

from widgets.class_tables import ClassTablesPage
from widgets.seat_view import SeatView
from widgets.table_line import where_tables_cannot_fill
from widgets.tables import TablesPage

KEYS = ["a" * 32, "b" * 32, "c" * 32, "d" * 32]


class Line:
    """A page's line to an in-process service (what ``_Line`` does over a WebSocket)."""

    def __init__(self, service: TableService, loop: asyncio.AbstractEventLoop) -> None:
        self.service, self.loop, self.page = service, loop, None
        self.sent: list[dict] = []

    def attach(self, page) -> None:
        self.page = page
        self.service.connect(self)

    def send(self, message: dict) -> None:  # the service's reply, to the page
        self.page._received(message)

    def tell(self, message: dict) -> None:  # the page's message, to the service
        self.sent.append(message)
        if self.loop.is_running():  # sent while the page reads a reply: it goes next
            asyncio.ensure_future(self.service.receive(self, message))
            return
        self.loop.run_until_complete(self.service.receive(self, message))
        self.loop.run_until_complete(asyncio.sleep(0))  # and what it sent meanwhile


@pytest.fixture
def service():
    loop = asyncio.new_event_loop()
    svc = TableService(SQLiteStore(":memory:"), pause=0, executor=ThreadPoolExecutor(1))
    loop.run_until_complete(svc.start())
    yield svc, loop
    loop.run_until_complete(svc.stop())
    loop.close()


def line_to(send):
    """A page's line (its ``send``) whose messages go to ``send``."""
    return type("L", (), {"send": staticmethod(send)})()


def page_on(service, key: str, name: str) -> tuple[TablesPage, Line]:
    svc, loop = service
    line = Line(svc, loop)
    page = TablesPage(line=line_to(line.tell))
    line.attach(page)
    page.seat_view.send = line.tell
    page.key = key
    page.name.value = name
    return page, line


def alone_at_a_table(service, first_hand: int) -> tuple[TablesPage, Line]:
    """Ana opens a table with three computers; the computers act in the service's own
    time: let them until Ana is to decide."""
    ana, line = page_on(service, KEYS[0], "Ana")
    ana.people.value = 1
    ana.choose(first_hand=first_hand)
    ana.open_table()
    svc, loop = service
    for _ in range(200):
        if svc.cache[ana.code].game.to_move == 0:
            break
        loop.run_until_complete(asyncio.sleep(0.01))
    return ana, line


def test_binder_and_the_static_site_say_why_no_table_can_fill(monkeypatch):
    assert where_tables_cannot_fill() is None
    monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
    why = where_tables_cannot_fill()
    assert "private copy" in why
    page = TablesPage()
    assert "private copy" in page.status.value and page.line is None
    assert page.area.children == ()  # no form offers a table that cannot fill


def test_two_pages_open_and_join_and_each_draws_only_its_own_hand(service):
    ana, _ = page_on(service, KEYS[0], "Ana")
    ana.people.value = 2
    ana.choose(first_hand=24)  # 2 cards, then 1
    assert ana.open_table()
    code = ana.code
    assert code and "Waiting for players" in ana.seat_view.table.message
    ben, _ = page_on(service, KEYS[1], "Ben")
    assert ben.join(code.lower())  # a code typed in lower case is the same code
    svc, _loop = service
    game = svc.cache[code].game
    for seat, page in ((0, ana), (1, ben)):
        drawn = page.seat_view.table.state
        assert drawn["seat"] == seat and drawn["hand"] == game.observe(seat)["hand"]
        assert page.seat_view.table.open_hands == {}
        said = re.sub(r"<[^>]+>", "", page.seat_view.who.value)
        assert "● Ana" in said and "● Ben" in said and "Computer 3 (computer)" in said
    assert f"?table={code}" in ana.invite.value


def test_a_seat_sends_its_decisions_and_refuses_undo(service):
    ana, line = alone_at_a_table(service, first_hand=25)  # one card
    view = ana.seat_view
    svc, _loop = service
    code = ana.code
    assert view.message["view"]["to_move"] == 0
    assert not view.handle({"type": "undo"})
    assert "no undo" in view.table.error
    legal = view.message["view"]["legal"]
    kind = "trump" if legal[0].startswith("trump") else "bid"
    content = {"type": "trump", "suit": legal[0].split()[1]} if kind == "trump" else \
        {"type": "bid", "n": int(legal[0].split()[1])}
    seen = view.message["actions"]
    assert view.handle(content)
    assert line.sent[-1] == {"type": "act", "action": legal[0], "seen": seen}
    assert svc.cache[code].game.history[seen][1].__str__() == legal[0]


def test_a_refused_decision_is_shown_where_it_was_made(service):
    """The service refuses a stale decision (another page of the same seat took the turn):
    the reason shows on the bid panel, which is drawn again with its buttons; with the
    line down, the decision is refused there too, and nothing is lost."""
    ana, line = alone_at_a_table(service, first_hand=25)  # one card
    view = ana.seat_view
    svc, _loop = service
    game = svc.cache[ana.code].game
    legal = view.message["view"]["legal"]
    if legal[0].startswith("trump"):  # Ana names trump first: then she bids
        assert view.handle({"type": "trump", "suit": legal[0].split()[1]})
    bids = view.message["view"]["legal"]
    assert bids[0].startswith("bid") and game.to_move == 0
    seen = view.message["actions"]
    stale = dict(view.message, actions=seen - 1)  # a view the page had not caught up with
    view.message = stale
    assert view.handle({"type": "bid", "n": 0}, view.bids)  # sent; the service refuses
    assert line.sent[-1]["seen"] == seen - 1 and len(game.history) == seen
    assert "moved on" in view.bids.error and "moved on" in view.table.error

    def down(_m):
        raise ConnectionError("the connection to the table service is lost")

    view.send = down
    assert not view.handle({"type": "bid", "n": 0}, view.bids)
    assert "is lost" in view.bids.error and len(game.history) == seen
    # After a view, a refusal of something else (the review, before a hand is over) is the
    # table's, not the bid panel's.
    view.send = line.tell
    view.show(view.message)
    view.bids.error = ""
    ana._tell({"type": "record"})
    assert "finish a hand first" in view.table.error and view.bids.error == ""


# The quick lane weighs a tenth of a hint's deals (the same code; tests/sizes.py).
@pytest.mark.parametrize("seconds", quick_and_full(0.1, None, ids=("tenth", "hint")))
def test_the_hint_comes_from_the_seats_view_alone(service, seconds, monkeypatch):
    if seconds is not None:
        monkeypatch.setattr("widgets.seat_view.hint_seconds", lambda: seconds)
    ana, _ = alone_at_a_table(service, first_hand=23)  # three cards
    view = ana.seat_view
    assert view.hint()
    first = view.table.hint
    assert first and not first.get("stale")
    assert view.hint()  # the next step of the same hint: no new search
    assert view.hint_step == 2
    # The same view with other cards in the other hands: the same advice.
    other = dict(view.message)
    other_view = SeatView(lambda m: None)
    other_view.show(other)
    assert other_view.hint() and other_view.table.hint == first


def test_a_hint_out_of_turn_or_at_a_table_without_hints_is_refused(service):
    ana, _ = page_on(service, KEYS[0], "Ana")
    ana.people.value = 2
    ana.hints.value = False
    ana.open_table()
    view = ana.seat_view
    assert not view.hint()
    assert "no hints" in view.table.error
    assert view.table.controls == []


def test_after_a_hand_each_person_reviews_their_own_seat(service):
    ana, _ = page_on(service, KEYS[0], "Ana")
    ana.people.value = 1
    ana.choose(first_hand=25)  # one card: one hand
    ana.open_table()
    svc, loop = service
    code = ana.code
    ana._tell({"type": "record"})
    assert "finish a hand first" in ana.seat_view.table.error
    for _ in range(400):
        game = svc.cache[code].game
        if game.is_over:
            break
        view = ana.seat_view.message
        if view["view"]["to_move"] == 0:
            ana._tell({"type": "act", "action": view["view"]["legal"][0],
                       "seen": view["actions"]})
        loop.run_until_complete(asyncio.sleep(0.01))
    assert game.is_over and not ana.review_button.disabled
    ana._tell({"type": "record"})
    board = ana.review_board
    assert board is not None and board.seat == 0
    assert ana.review_area.children == (board,)
    board.stop()


def test_a_table_offers_every_option_of_the_play_pages(service):
    from tutor.app import game_options

    ana, _ = page_on(service, KEYS[0], "Ana")
    assert list(ana.option_controls) == [o.name for o in game_options.options_for("trixter")]
    ana.option_controls["players"].value = 6  # the first hands follow the players
    assert len(ana.option_controls["first_hand"].options) == 2 * 9 - 1
    assert not ana.choose(scoring="double or nothing")
    assert "scoring" in ana.status.value
    ana.game.value = "trix"
    assert list(ana.option_controls) == [o.name for o in game_options.options_for("trix")]
    ana.option_controls["mode"].value = "partnership"
    ana.option_controls["reversed_signs"].value = True
    ana.open_table()
    svc, _loop = service
    rules = svc.cache[ana.code].game.rules
    assert rules.partnership and rules.reversed_signs


def press_enter(field) -> None:
    """What ipywidgets' Text view sends when Enter is pressed in it."""
    send(field, {"event": "submit"})


def test_enter_in_a_field_does_what_the_button_beside_it_does(service):
    """A table code, the teacher's token and the teacher's message are sent with Enter as
    with their buttons; Enter in another field sends nothing."""
    ana, _ = page_on(service, KEYS[0], "Ana")
    ana.people.value = 2
    assert ana.open_table()
    ben, line = page_on(service, KEYS[1], "Ben")
    ben.join_code.value = ana.code
    press_enter(ben.name)
    assert line.sent == []
    press_enter(ben.join_code)
    assert [m["type"] for m in line.sent] == ["join"] and ben.code == ana.code
    told: list[dict] = []
    teacher = ClassTablesPage(line=line_to(told.append))
    assert teacher.sheet_button.layout.display == "none"  # the teacher's alone
    teacher.token.value = "the token"
    press_enter(teacher.token)
    assert told == [{"type": "teach", "token": "the token"}]
    _svc, loop = service

    async def taught() -> None:
        teacher._received({"type": "teaching"})
        teacher.teaching = False  # its poll of the tables stops at its first look
        await asyncio.sleep(0)

    loop.run_until_complete(taught())
    assert teacher.sheet_button.layout.display == "" and teacher.login.layout.display == "none"
    told.clear()
    teacher.watching = ana.code
    teacher.say_text.value = "Count the hearts!"
    press_enter(teacher.say_text)
    assert told == [{"type": "say", "code": ana.code, "text": "Count the hearts!"}]


def test_the_teachers_list_writes_scores_as_the_table_does(service):
    """A table's line on the teacher's page: its players and scores with real minus signs
    ("−5", as the table's own score sheet writes it), zero without a sign."""
    ana, _ = alone_at_a_table(service, first_hand=25)
    svc, _loop = service
    table = svc.cache[ana.code]
    summary = dict(table.summary(0.0), scores=[-5, 0, 25, 10])
    teacher = ClassTablesPage(line=line_to(lambda m: None))
    teacher._received({"type": "tables", "tables": [summary]})
    watch, label = teacher.listing.children[0].children
    assert watch.description == "Watch" and watch.layout.flex == "none"
    assert label.value.startswith(f"<b>{ana.code}</b> · Trixter")
    said = re.sub(r"<[^>]+>", "", label.value)
    assert said.endswith("Ana to play"
                         "Ana −5, Computer 2 0, Computer 3 +25, Computer 4 +10"), said
    teacher.watch(ana.code)  # the table watched says so on its button at once
    watch, label = teacher.listing.children[0].children
    assert watch.description == "Watching"
    ended = dict(summary, over=True, to_move=None, sitters=[
        dict(x, connected=False) for x in summary["sitters"]])
    teacher._received({"type": "tables", "tables": [ended]})
    said = re.sub(r"<[^>]+>", "", teacher.listing.children[0].children[1].value)
    assert "game over" in said and "(away)" not in said  # nobody is away from a game over


def settle(service, until, what: str) -> None:
    """Let the service's computers act until ``until()`` holds."""
    _svc, loop = service
    for _ in range(400):
        if until():
            return
        loop.run_until_complete(asyncio.sleep(0.01))
    raise AssertionError(what)


def play_until(service, page, seat: int, done) -> None:
    """``page``'s person plays the first legal action on each turn, the computers answer,
    until ``done()``."""
    _svc, loop = service
    for _ in range(2000):
        if done():
            return
        v = page.seat_view.message
        if v["view"].get("to_move") == seat and v["view"]["legal"]:
            page.seat_view.send({"type": "act", "action": v["view"]["legal"][0],
                                 "seen": v["actions"]})
        loop.run_until_complete(asyncio.sleep(0.01))
    raise AssertionError("never done")


def test_a_refusal_goes_once_the_table_moves_on_and_a_paused_table_offers_nothing(service):
    """"It is not your turn" stays only until the table moves on: by the learner's own turn
    it is gone. While the teacher pauses a table no card or bid is offered."""
    ana, _ = page_on(service, KEYS[0], "Ana")
    ana.people.value = 2
    ana.choose(first_hand=23)
    ana.open_table()
    ben, _ = page_on(service, KEYS[1], "Ben")
    ben.join(ana.code)
    svc, _loop = service
    table = svc.cache[ana.code]
    settle(service, lambda: table.game.to_move in (0, 1), "a person's turn")
    idle = ana if table.game.to_move == 1 else ben
    busy = ben if idle is ana else ana
    seat = 0 if idle is ana else 1
    assert idle.seat_view.handle({"type": "bid", "n": 0})  # sent: the service refuses it
    assert "not your turn" in idle.seat_view.table.error
    idle.seat_view.show(idle.seat_view.message)  # a view of the same moment: it stays
    assert "not your turn" in idle.seat_view.table.error
    play_until(service, busy, 1 - seat, lambda: table.game.to_move == seat)
    assert idle.seat_view.table.error == ""
    assert idle.seat_view.message["view"]["legal"]
    table.paused = True
    table.version += 1
    svc._broadcast(table)
    drawn = idle.seat_view.bids.state
    assert drawn.get("legal") == [] and idle.seat_view.table.state["legal"] == []
    assert "paused" in idle.seat_view.table.message


def test_a_page_gone_silent_gives_its_seat_up_and_takes_it_back_when_heard(service):
    """A tab closed without a goodbye keeps its kernel: the browser's "here" stops, and
    after GONE_SECONDS the seat is given up (away: a computer plays for it after the
    table's time away); the next "here" takes it back."""
    from widgets import tables

    ana, _ = page_on(service, KEYS[0], "Ana")
    ana.people.value = 2
    ana.open_table()
    ben, ben_line = page_on(service, KEYS[1], "Ben")
    ben.join(ana.code)
    assert ben.seat_view.table.beat == tables.GONE_SECONDS / 6  # the browser beats
    svc, _loop = service
    sitter = svc.cache[ana.code].sitters[1]
    assert sitter.connections == 1
    start = ben.heard
    assert not ben.check_here(start + tables.GONE_SECONDS - 1)  # still within the time
    assert ben.seat_view.handle({"type": "here"})  # the browser's beat
    assert ben.heard > start
    assert ben.check_here(ben.heard + tables.GONE_SECONDS + 1)
    assert ben_line.sent[-1] == {"type": "leave"}
    assert sitter.connections == 0 and sitter.away_since is not None
    said = re.sub(r"<[^>]+>", "", ana.seat_view.who.value)
    assert "○ Ben (away)" in said
    assert not ben.check_here(ben.heard + 10 * tables.GONE_SECONDS)  # given up once
    ben.seat_view.handle({"type": "here"})  # the tab is looked at again
    assert ben_line.sent[-1] == {"type": "join", "code": ana.code, "key": KEYS[1]}
    assert sitter.connections == 1 and sitter.away_since is None
    assert "● Ben" in re.sub(r"<[^>]+>", "", ana.seat_view.who.value)
    assert ben.seat_view.message["seat"] == 1


def test_a_page_opened_again_comes_back_to_its_seat_and_hears_what_it_missed(service):
    """A reload: the page knows its person's key, not their name. The service's list says
    which table holds their seat, and the page sits them there at once; the status says
    what the computer played for them meanwhile."""
    ana, _ = page_on(service, KEYS[0], "Ana")
    ana.people.value = 2
    ana.choose(first_hand=22)
    ana.open_table()
    ben, _ = page_on(service, KEYS[1], "Ben")
    ben.join(ana.code)
    svc, loop = service
    table = svc.cache[ana.code]
    table.away_seconds = 0  # a computer stands in at once
    loop.run_until_complete(svc.disconnect(ben.seat_view.send.__self__))  # the tab closed
    play_until(service, ana, 0, lambda: any(e["seat"] == 1 and e["by"] == "computer"
                                            for e in table.log))  # for Ben, who is away
    settle(service, lambda: table.game.to_move == 0 or table.game.phase.name == "HAND_OVER",
           "back to Ana")
    missed = [e["action"] for e in table.log if e["seat"] == 1 and e["by"] == "computer"]
    again, line = page_on(service, KEYS[1], "")  # the same browser, the name box empty
    again._ask_list()
    assert line.sent[0] == {"type": "list", "key": KEYS[1]}
    assert line.sent[1] == {"type": "join", "code": ana.code, "key": KEYS[1]}
    assert again.code == ana.code and again.seat_view.message["seat"] == 1
    assert table.sitters[1].name == "Ben" and table.sitters[1].connections == 1
    from tutor.advice.answer import label
    from tutor.engine.actions import parse_action

    status = again.seat_view.table.message
    assert "While you were away, the computer played for you: " + ", ".join(
        label(parse_action(a)) for a in missed) + "." in status
    # Ana's list shows the table as hers: "My seat".
    ana._received({"type": "tables", "tables": [dict(table.summary(), yours=0)]})
    assert ana.listing.children[0].children[0].description == "My seat"


def test_a_latecomer_watches_the_hand_and_sits_down_when_it_ends(service):
    """A computer's seat is taken between hands: a friend who comes in the middle of one
    watches it (seeing no hidden card) and takes the seat as it ends, without asking
    again."""
    ana, _ = page_on(service, KEYS[0], "Ana")
    ana.people.value = 1
    ana.choose(first_hand=24)  # 2 cards, then 1
    ana.open_table()
    svc, _loop = service
    table = svc.cache[ana.code]
    settle(service, lambda: table.game.to_move == 0, "Ana's turn")
    v = ana.seat_view.message
    ana.seat_view.send({"type": "act", "action": v["view"]["legal"][0], "seen": v["actions"]})
    cy, line = page_on(service, KEYS[2], "Cy")
    cy.join(ana.code)
    assert cy.pending == ana.code and cy.seat_view.message["role"] == "watch"
    assert cy.seat_view.message["view"]["hand"] == []
    assert "as soon as this hand is over" in cy.invite.value
    play_until(service, ana, 0, lambda: table.game.phase.name == "HAND_OVER")
    assert [m["type"] for m in line.sent].count("join") == 2  # asked, then sat down
    assert cy.pending is None and cy.seat_view.message["role"] == "seat"
    seat = cy.seat_view.message["seat"]
    assert table.sitters[seat].name == "Cy" and table.sitters[seat].kind == "person"


def test_a_refusal_keeps_the_capitals_of_what_it_names(service):
    ana, _ = page_on(service, KEYS[0], "Ana")
    ana.join("zzzzzz")
    assert "There is no table ZZZZZZ: check the code." in ana.status.value


def test_someone_watching_sees_the_bottom_seats_cards_as_backs_not_no_cards(service,
                                                                             tmp_path):
    from drawn import drawn

    ana, _ = page_on(service, KEYS[0], "Ana")
    ana.people.value = 1
    ana.choose(first_hand=23)  # three cards each
    ana.open_table()
    cy, _ = page_on(service, KEYS[2], "Cy")
    cy.watch(ana.code)
    assert cy.seat_view.message["role"] == "watch"
    nodes = drawn(cy.seat_view.table, tmp_path)["nodes"]
    hand = [n for n in nodes if n[1] == "tt-count"]
    assert "no cards" not in drawn(cy.seat_view.table, tmp_path)["text"]
    assert [n[2] for n in hand] == ["3 cards"] * 4  # the bottom seat's too
    assert sum(1 for n in nodes if "tt-back" in n[1]) == 3 * 3 + 3  # no face shown
    assert not any("tt-card" in n[1] and "tt-back" not in n[1] for n in nodes)
