"""The review board, the play pages' options and the review page, without a browser:
messages are delivered as ipywidgets delivers a comm message, and at every step of a
replay the synced state is checked against the other seats' hidden cards."""

from __future__ import annotations

import base64
import datetime
import json
import re
import threading
from typing import Any

import pytest
from sizes import quick_and_full

from tutor.engine.protocol import Phase

pytest.importorskip("anywidget")

from tutor import TrixGame, TrixterGame  # noqa: E402
from tutor.engine import records  # noqa: E402
from tutor.bots import LEVELS, bot_for, play_bot_turn  # noqa: E402
from tutor.review import review  # noqa: E402
from tutor.review.open_hands import open_hands, open_steps  # noqa: E402
from test_widgets import message_for  # noqa: E402

from widgets.lesson import trix_game, trixter_game  # noqa: E402
from tutor.engine.records import finished_record  # noqa: E402
from widgets.messages import STEP_TARGETS
from widgets.review import ReviewBoard, ReviewPage, parse_review_message
from sent import send

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?![A-Za-z0-9])")


def norm(token: str) -> str:
    rank, suit = token[:-1], token[-1]
    return ("T" if rank == "10" else rank) + {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(
        suit, suit)


def cards_in(obj: Any) -> set[str]:
    return {norm(t) for t in CARD_TOKEN.findall(json.dumps(obj, ensure_ascii=False))}


def synced(widget: Any) -> dict[str, Any]:
    return {k: v for k, v in widget.get_state().items()
            if not k.startswith("_") and k != "layout"}


def board_state(board: ReviewBoard) -> str:
    return json.dumps([synced(w) for w in board.parts], ensure_ascii=False, sort_keys=True)


def played_out(game, level: str = "beginner", stop=lambda g: False):
    bots = {s: bot_for(game.observe(0)["game"], level, seed=s) for s in range(game.n_players)}
    while not game.is_over and not stop(game):
        if game.to_move is None:
            game.apply("next")
            continue
        play_bot_turn(game, bots[game.to_move])
    return game


@pytest.fixture(scope="module")
def trixter_record() -> dict:
    """A short 4-player Trixter game (the last four hands: 4, 3, 2, 1 cards)."""
    return played_out(TrixterGame.new(players=4, seed=13, first_hand=22)).to_record()


@pytest.fixture(scope="module")
def reviewed(trixter_record) -> Any:
    return review(trixter_record, 0, budget=200)


def board_for(record, reviewed=None, **kw) -> ReviewBoard:
    """A board whose review is the given one (computed once for the module)."""
    if reviewed is None:
        return ReviewBoard(record, seat=0, run=False, **kw)
    return ReviewBoard(record, seat=0, background=False, reviewer=lambda *a, **k: reviewed, **kw)


# --- stepping -----------------------------------------------------------------------------
def test_steps_are_the_seats_decisions_and_the_end(trixter_record, reviewed):
    b = board_for(trixter_record, reviewed)
    mine = [i for i, (s, _t) in enumerate(trixter_record["actions"]) if s == 0]
    assert b.steps == mine + [len(trixter_record["actions"])]
    assert [d.index for d in reviewed.decisions] == mine
    assert b.step == 0 and b.panel.state["index"] == mine[0]
    send(b.panel, {"type": "step", "to": "next"})
    assert b.index == mine[1] and b.panel.state["decision"]["index"] == mine[1]
    send(b.panel, {"type": "step", "to": "last"})
    assert b.panel.state["at_end"] and b.table.message == "The game is over."
    assert b.table.state["phase"] == "game_over"
    send(b.panel, {"type": "step", "to": "next"})  # stays at the end
    assert b.panel.state["at_end"] and not b.panel.error
    send(b.panel, {"type": "step", "to": "prev"})
    assert b.index == mine[-1]
    send(b.panel, {"type": "step", "to": "first"})
    assert b.index == mine[0]
    send(b.panel, {"type": "goto", "index": mine[3]})
    assert b.index == mine[3]
    # The table shows the moment before the seat acted: its chosen action is still to come.
    s, text = trixter_record["actions"][mine[3]]
    assert b.table.state["to_move"] == 0 and b.table.state["legal"] == []
    assert b.panel.state["chosen"] == text


def test_the_decision_shows_chosen_best_alternatives_and_why(trixter_record, reviewed):
    b = board_for(trixter_record, reviewed)
    big = reviewed.mistakes[0]
    send(b.overview, {"type": "goto", "index": big.index})  # a click in the mistakes list
    d = b.panel.state["decision"]
    assert d["chosen"] == big.chosen and big.best in d["best"] and d["loss"] == round(big.loss, 2)
    assert [a for a, _w, _v, _vw in d["alternatives"]] == [a for a, _v in big.alternatives]
    assert d["explain"] == big.explain()
    assert b.panel.state["mistake_rank"] == 1
    assert "Better:" in b.table.message
    ov = b.overview.state
    assert [m["index"] for m in ov["mistakes"]] == [m.index for m in reviewed.mistakes]
    assert ov["scores"] == [[float(v) for v in row] for row in reviewed.scores]
    assert ov["ready"] and ov["summary"] and "The biggest" not in ov["summary"]


def test_next_and_previous_mistake_go_in_game_order(trixter_record, reviewed):
    b = board_for(trixter_record, reviewed)
    order = sorted(m.index for m in reviewed.mistakes)
    assert len(order) >= 2
    seen = []
    ahead = [i for i in order if i > b.index]  # the board opens at the first decision
    while b.panel.state["has_next_mistake"]:
        send(b.panel, {"type": "step", "to": "next_mistake"})
        seen.append(b.index)
    assert seen == ahead and len(ahead) >= 2
    send(b.panel, {"type": "step", "to": "next_mistake"})  # none left: refused, no move
    assert b.index == order[-1] and "no more mistakes" in b.panel.error
    send(b.panel, {"type": "step", "to": "prev_mistake"})
    assert b.index == order[-2] and b.panel.error == ""


NUMBER = re.compile(r"[−+]?\d+(?:\.\d+)?%?")


def test_every_number_a_sentence_states_is_the_tables(trixter_record, reviewed):
    """What a decision's sentence says (after "Hand 3, trick 2:") uses the numbers its
    table and badge show, rounded once, with the same minus sign. (The reason after it,
    ``why``, tells facts of the same layouts the table does not list: how often a trick
    was taken, say; so does a close call's margin over the others, ``ahead_note``.)"""
    b = board_for(trixter_record, reviewed)
    checked = 0
    for d in reviewed.decisions:
        send(b.panel, {"type": "goto", "index": d.index})
        st = b.panel.state["decision"]
        if not st["judged"] or st["forced"]:
            continue
        table = {t for _a, words, _v, value in st["alternatives"] for t in
                 NUMBER.findall(f"{words} {value}")} | {st["loss_words"]}
        said = st["explain"].split(": ", 1)[1]
        line = said.removesuffix(f" {d.why}") if d.why else said
        line = line.removesuffix(f" {d.ahead_note()}")  # a margin, not in the table either
        assert set(NUMBER.findall(line)) <= table, (st["explain"], st["alternatives"])
        assert "-" not in line and all("-" not in v for *_x, v in st["alternatives"])
        checked += 1
    assert checked >= 3
    # The mistakes list beside the chart says each loss as the decision's badge does.
    for m in b.overview.state["mistakes"]:
        send(b.panel, {"type": "goto", "index": m["index"]})
        assert m["loss_words"] == b.panel.state["decision"]["loss_words"]


def test_the_step_count_is_right_from_the_start(trixter_record, reviewed):
    """A seat's "next" (a play page records whose click dealt on) is no decision: the
    count before the review comes in is the count after it."""
    g = records.from_record(trixter_record)
    rec = g.to_record()
    i = next(k for k, (s, t) in enumerate(rec["actions"]) if t == "next")
    rec["actions"][i] = [0, "next"]  # as the play page records the learner's click
    b = ReviewBoard(rec, seat=0, run=False)
    before = list(b.steps)
    assert i not in before
    b = ReviewBoard(rec, seat=0, background=False, reviewer=lambda *a, **k: review(
        rec, 0, budget=60))
    assert b.steps == before and b.panel.state["steps"] == len(before)


JUNK = [None, 3, "next", [], {}, {"type": "jump"}, {"type": "goto"},
        {"type": "goto", "index": "3"}, {"type": "goto", "index": True},
        {"type": "goto", "index": -1}, {"type": "goto", "index": 10**9},
        {"type": "goto", "index": 2.0}, {"type": "goto", "index": 1, "extra": 1},
        {"type": "step"}, {"type": "step", "to": "sideways"}, {"type": "step", "to": 1},
        {"type": "step", "to": "next", "by": 2}, {"type": "play", "card": "AS"}]


@pytest.mark.parametrize("junk", JUNK, ids=[repr(j)[:30] for j in JUNK])
def test_junk_messages_are_refused_and_change_nothing(trixter_record, reviewed, junk):
    b = board_for(trixter_record, reviewed)
    send(b.panel, {"type": "step", "to": "next"})
    before = board_state(b)
    step = b.step
    for part in b.parts:
        for w in (b.panel,):
            w.error = ""
        send(part, junk)
        assert b.step == step
        assert b.panel.error or b.table.error or b.trex.error or b.overview.error
        after = json.loads(board_state(b))
        for w in after:  # nothing but an error text changed
            w["error"] = ""
        want = json.loads(before)
        for w in want:
            w["error"] = ""
        assert after == want
        for w in b.parts:
            w.error = ""
            assert not w.error.startswith("something went wrong")


def test_a_goto_to_an_action_of_another_seat_is_refused(trixter_record, reviewed):
    b = board_for(trixter_record, reviewed)
    other = next(i for i, (s, _t) in enumerate(trixter_record["actions"]) if s == 1)
    send(b.panel, {"type": "goto", "index": other})
    assert b.step == 0 and "not one of your decisions" in b.panel.error


def test_parse_review_message_knows_every_target():
    for to in STEP_TARGETS:
        assert parse_review_message({"type": "step", "to": to}, last=5) == ("step", to)


# --- no hidden card, at any step ------------------------------------------------------------
def check_every_step(record: dict, seat: int, board: ReviewBoard) -> int:
    """At each step: no card of another seat's hand (as it stood then) in the table, the
    Trex layout or the step panel; the overview holds only the seat's own cards."""
    game = records.from_record(dict(record, actions=[]))
    own_ever = set()
    checked = 0
    steps = set(board.steps)
    for i, (s, text) in enumerate(record["actions"] + [[None, None]]):
        own_ever |= set(game.observe(seat)["hand"])
        if i in steps:
            send(board.panel, {"type": "goto", "index": i})
            assert board.index == i
            hidden = set()
            for other in range(game.n_players):
                if other != seat:
                    hidden |= set(game.observe(other)["hand"])
            hidden -= cards_in(game.observe(seat))  # e.g. a Trix doubled card, shown to all
            shown = cards_in([synced(board.table), synced(board.trex), synced(board.panel)])
            assert not shown & hidden, f"step {i}: hidden cards {sorted(shown & hidden)}"
            assert board.table.state["hand"] == game.observe(seat)["hand"]
            assert board.table.open_hands == {}
            checked += 1
        if text is not None:
            game.apply(text, seat=s)
    assert cards_in(synced(board.overview)) <= own_ever
    return checked


def test_trixter_replay_never_shows_another_hand(trixter_record, reviewed):
    b = board_for(trixter_record, reviewed)
    assert check_every_step(trixter_record, 0, b) == len(b.steps)


def test_trix_replay_never_shows_another_hand():
    """Five deals of a Trix kingdom (Trex among them, with its layout), seat 2."""
    game = played_out(TrixGame.new(seed=4), stop=lambda g: len(g.score_sheet()) >= 5)
    rec = game.to_record()
    b = ReviewBoard(rec, seat=2, run=False)
    assert check_every_step(rec, 2, b) == len(b.steps) > 20
    assert b.overview.state["scores"], "the chart comes from the score sheet meanwhile"


# --- the review runs in the background ---------------------------------------------------
def test_review_in_the_background_shows_progress_and_the_board_answers(trixter_record,
                                                                        reviewed):
    go = threading.Event()
    seen = []

    def slow(record, seat, *, seed, progress):
        progress(0, 3)
        go.wait(10)
        progress(3, 3)
        return reviewed

    b = ReviewBoard(trixter_record, seat=0, reviewer=slow)
    try:
        b._last_progress = 0  # show the first report at once
        seen.append(dict(b.panel.state["progress"]))
        assert b.panel.state["progress"]["running"] and not b.panel.state["ready"]
        send(b.panel, {"type": "step", "to": "next"})  # the replay works meanwhile
        assert b.step == 1 and b.panel.state["decision"] is None
        send(b.panel, {"type": "step", "to": "next_mistake"})
        assert "not ready" in b.panel.error and b.step == 1
    finally:
        go.set()
    assert b.wait(10)
    assert b.panel.state["ready"] and not b.panel.state["progress"]["running"]
    assert b.panel.state["decision"]["index"] == b.index
    assert seen[0]["running"]


def test_a_failed_review_says_so_and_the_replay_still_works(trixter_record):
    def broken(*a, **k):
        raise RuntimeError("no solver today")

    b = ReviewBoard(trixter_record, seat=0, background=False, reviewer=broken)
    p = b.panel.state["progress"]
    assert p["failed"] and "no solver today" in p["text"]
    send(b.panel, {"type": "step", "to": "last"})
    assert b.panel.state["at_end"]


def test_the_real_review_runs_in_a_thread(trixter_record, reviewed):
    b = ReviewBoard(trixter_record, seat=0, budget=200)
    assert b.wait(120)
    assert [m.index for m in b.mistakes] == [m.index for m in reviewed.mistakes]


def test_without_threads_the_review_runs_in_the_foreground(trixter_record, reviewed,
                                                           monkeypatch):
    """As in the browser's Python (the static site), where no thread can start."""
    import widgets.review

    monkeypatch.setattr(widgets.review, "THREADS", False)
    monkeypatch.setattr(threading.Thread, "start", lambda self: pytest.fail("a thread"))
    b = ReviewBoard(trixter_record, seat=0, reviewer=lambda *a, **k: reviewed)
    assert b.thread is None and b.panel.state["ready"]
    assert [m.index for m in b.mistakes] == [m.index for m in reviewed.mistakes]


# --- the play pages' options ---------------------------------------------------------------
# A new game lets the chosen level play at once: the quick lane's expert thinks a twentieth
# as long (tests/sizes.py), make test's as in the app.
@pytest.mark.parametrize("expert_seconds", quick_and_full(0.02, None, ids=("light", "expert")))
def test_level_choice_lists_the_levels_and_changes_the_bots(expert_seconds, monkeypatch):
    if expert_seconds is not None:
        from tutor.bots import search

        monkeypatch.setitem(search.STRENGTHS, "expert", search.Strength(seconds=expert_seconds))
    view = trixter_game(pause=0, seed=5)
    assert [v for _label, v in view.level.options] == list(LEVELS)
    assert view.level.value == "beginner"
    for level in LEVELS:
        view.level.value = level
        assert view.opponents == level
        assert {b.level for b in view.session.bots.values()} == {level}
        assert set(view.session.bots) == {1, 2, 3}
    view.new_game()  # a new game keeps the chosen level
    assert {b.level for b in view.session.bots.values()} == {LEVELS[-1]}
    with pytest.raises(ValueError):
        view.set_level("grandmaster")


def decode_link(html_text: str) -> tuple[str, str]:
    name = re.search(r'download="([^"]+)"', html_text)[1]
    data = re.search(r'href="data:application/json;base64,([^"]+)"', html_text)[1]
    return name, base64.b64decode(data).decode()


def test_download_round_trips_through_records_loads():
    """The link holds the finished hands only: while the first hand is played there is
    none (the record would carry every hidden hand); after it, the record of the hands
    that are over, which loads back."""
    view = trix_game(pause=0, seed=6)
    assert "data:" not in view.download.value
    steps = 0
    while view.game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) and steps < 200:
        obs = view.game.observe(0)
        assert "data:" not in view.download.value
        if view.game.to_move == 0:
            assert view.handle(message_for(obs["legal"][0]))
        steps += 1
    name, text = decode_link(view.download.value)
    assert re.fullmatch(r"trix-\d{4}-\d\d-\d\d\.json", name)
    again = records.loads(text)
    assert again.history == view.game.history
    assert len(json.loads(text)["deals"]) == len(view.game.deals)


def test_review_button_after_a_hand_opens_a_board_of_the_finished_hands():
    view = trixter_game(pause=0, seed=21, first_hand=24)  # hands of 2 cards, then 1
    assert view.review_button.disabled and finished_record(view.game) is None
    while view.game.phase.value != "hand_over":
        obs = view.game.observe(0)
        assert view.handle(message_for(obs["legal"][0]))
    assert not view.review_button.disabled
    assert view.review_button.description == "Review the game so far"
    view.review_button.click()
    board = view.review_board
    assert isinstance(board, ReviewBoard) and view.review_area.children[0] is board
    assert board.wait(120) and board.review is not None
    assert board.seat == 0 and board.final.phase.value == "hand_over"
    view.handle({"type": "next"})  # hand 2 starts: the review keeps to finished hands
    rec = finished_record(view.game)
    assert rec["actions"] == board.record["actions"] and len(rec["deals"]) == 1
    view.close_review()
    assert view.review_area.children == () and view.review_board is None


# --- the review page -------------------------------------------------------------------
def upload(page: ReviewPage, name: str, content: bytes) -> None:
    page.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                          "content": memoryview(content),
                          "last_modified": datetime.datetime(2026, 11, 23)},)


@pytest.mark.parametrize("content, words", [
    (b"not json at all", "bad JSON"),
    (b"[1, 2]", "JSON object"),
    (b'{"format": "chess"}', "unknown record format"),
    (b"\xff\xfe\x00", "not a game record"),
])
def test_review_page_refuses_junk_files_with_a_reason(content, words):
    page = ReviewPage(background=False)
    upload(page, "junk.json", content)
    assert page.board is None and page.area.children == ()
    assert 'data-kind="error"' in page.status.value and words in page.status.value


def test_review_page_names_the_bad_action_of_a_tampered_record(trixter_record):
    bad = json.loads(json.dumps(trixter_record))
    bad["actions"][5][1] = "bid 9"
    page = ReviewPage(background=False)
    upload(page, "tampered.json", json.dumps(bad).encode())
    assert page.board is None and "action 6" in page.status.value


def test_review_page_shows_a_board_for_a_good_file(trixter_record, reviewed, monkeypatch):
    import widgets.review as wr

    made = []
    real = wr.ReviewBoard

    def quick(*a, **k):  # the module's review, not a new one
        made.append(real(*a, reviewer=lambda *x, **y: reviewed, **k))
        return made[-1]

    monkeypatch.setattr(wr, "ReviewBoard", quick)
    page = ReviewPage(background=False)
    upload(page, "trixter-2026-11-23.json", json.dumps(trixter_record).encode())
    assert 'data-kind="ok"' in page.status.value
    assert page.area.children == (made[-1],) and made[-1].review is reviewed
    assert not page.seat.disabled and len(page.seat.options) == 4
    page.seat.value = 2  # another seat: a new board of that seat
    assert made[-1].seat == 2 and page.area.children == (made[-1],)


def test_the_upload_button_says_what_to_open():
    """Issue 28: not "Game record (0)": the button shows its title, and the count
    ipywidgets appends to the description is hidden."""
    from widgets.review import ReviewPage
    from widgets.upload import UPLOAD_STYLE

    page = ReviewPage()
    assert page.upload.tooltip == "Open a game record (.json)"
    assert "tt-upload" in page.upload._dom_classes
    assert any(getattr(w, "value", None) == UPLOAD_STYLE for w in page.children[0].children)
    assert "content: attr(title)" in UPLOAD_STYLE and "font-size: 0" in UPLOAD_STYLE


def test_the_teachers_upload_button_says_what_to_open_too():
    """The teacher's page reads class results with the same kind of button: no "(0)"."""
    from widgets.classroom import TeacherPage
    from widgets.upload import UPLOAD_STYLE

    page = TeacherPage()
    assert page.upload.tooltip == "Open result files (.json)" and page.upload.multiple
    assert "tt-upload" in page.upload._dom_classes
    shown = [page]
    while shown and not any(getattr(w, "value", None) == UPLOAD_STYLE for w in shown):
        shown = [c for w in shown for c in getattr(w, "children", ())]
    assert shown, "the upload style is not on the teacher's page"


def test_a_mistakes_reason_shows_on_the_page(trixter_record, reviewed):
    """Issue 27: the review says why the best beats the choice (``Decision.why``, the game's
    idea) in the decision's words and under its line in the mistakes list."""
    from dataclasses import replace

    why = "The A♠ wins the trick your bid needs."
    big = replace(reviewed.mistakes[0], why=why)
    r = replace(reviewed, decisions=[big if d.index == big.index else d
                                     for d in reviewed.decisions],
                mistakes=[big, *reviewed.mistakes[1:]])
    b = board_for(trixter_record, r)
    send(b.overview, {"type": "goto", "index": big.index})
    assert b.panel.state["decision"]["explain"] == big.explain()
    assert big.explain().endswith(f". {why}")
    assert b.overview.state["mistakes"][0]["why"] == why
    assert [m["why"] for m in b.overview.state["mistakes"]] == [m.why or "" for m in r.mistakes]


# --- every hand open ----------------------------------------------------------------------
def test_a_finished_hands_card_opens_every_hand_with_the_solvers_values(trixter_record,
                                                                        reviewed):
    b = board_for(trixter_record, reviewed)
    codes = open_steps(trixter_record, 0)
    i = next(i for i, c in codes.items() if c == "open")
    send(b.panel, {"type": "goto", "index": i})
    assert b.panel.state["open"] == {"state": "offer"} and b.table.open_hands == {}
    b.open_here(background=False)  # the browser's {"type": "open"}, in the foreground
    o = b.panel.state["open"]
    oh = open_hands(trixter_record, 0, i)
    assert o["state"] == "done" and o["words"] == oh.words()
    assert [r["cells"][-1] for r in o["rows"]] == [oh.value_words(c) for c in oh.cards]
    assert [r["cells"][1] for r in o["rows"]] == [str(c.most) for c in oh.cards]
    assert [r["chosen"] for r in o["rows"]].count(True) == 1
    # Every other hand, as it stood then, now lies face up on the table.
    assert b.table.open_hands == {str(s): [str(c) for c in h] for s, h in enumerate(oh.hands)
                                  if s != 0}
    send(b.panel, {"type": "step", "to": "next"})  # another step: the hands go back down
    assert b.table.open_hands == {}
    send(b.panel, {"type": "goto", "index": i})  # and come back, not solved again
    assert b.panel.state["open"] == o and b.table.open_hands


def test_every_hand_open_is_refused_where_it_cannot_be(trixter_record, reviewed):
    b = board_for(trixter_record, reviewed)
    codes = open_steps(trixter_record, 0)
    forced = next(i for i, c in codes.items() if c == "forced")
    bid = next(i for i in b.steps if i not in codes and i != b.last)
    for where, words in ((forced, "only legal card"), (bid, "Only your own cards")):
        send(b.panel, {"type": "goto", "index": where})
        before = board_state(b)
        send(b.panel, {"type": "open"})
        assert words in b.panel.error
        assert b.table.open_hands == {} and b.panel.state["open"] is None
        assert json.loads(board_state(b))[1:] == json.loads(before)[1:]
    send(b.panel, {"type": "open", "index": 3})
    assert b.panel.error == "an open request has no fields"


def test_a_hand_still_being_played_keeps_its_cards_hidden():
    """The review of the game so far, in the middle of a hand: its decisions say why they
    cannot be opened, and asking anyway shows no card of another hand."""
    game = played_out(TrixterGame.new(players=4, seed=5, first_hand=6),
                      stop=lambda g: g.phase == Phase.PLAY and len(g.tricks) == 4)
    rec = game.to_record()
    b = ReviewBoard(rec, seat=0, run=False)
    plays = [i for i in b.steps[:-1] if b._open_codes.get(i) == "hidden"]
    assert plays
    send(b.panel, {"type": "goto", "index": plays[-1]})
    assert b.panel.state["open"] == {
        "state": "closed", "text": "The other hands stay hidden until this hand is over."}
    send(b.panel, {"type": "open"})
    assert "stay hidden" in b.panel.error and b.table.open_hands == {}
    assert check_every_step(rec, 0, b) == len(b.steps)
