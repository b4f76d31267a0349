"""A game survives a reload (issue 21, item 7), without a browser: on a play page the game
in progress is saved for its learner after every change, and when the page opens again
(a new kernel: the learner becomes known after the table is drawn) it is offered; Resume
gives the same decision, Start a new game drops it. Another learner sees nothing, a damaged
or finished game is not offered, junk changes nothing, and nothing hidden is shown."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from test_widgets import CARD_TOKEN, check_safe, message_for, send  # noqa: E402

from tutor import TrixGame, TrixterGame  # noqa: E402
from tutor.bots import bot_for  # noqa: E402
from tutor.app.learners import Learner  # noqa: E402
from tutor.app.saved import SavedGame
from tutor.app.session import PlaySession
from widgets import who  # noqa: E402
from widgets.lesson import trix_game, trixter_game  # noqa: E402
from widgets.play import GameView, play  # noqa: E402
from widgets.saved import CHOOSE_FIRST  # noqa: E402

A, B = "a" * 32, "0123456789abcdef" * 2
TRIXTER_PAGE = "/voila/render/play_trixter.ipynb"
TRIX_PAGE = "/voila/render/play_trix.ipynb"
OFFER = "You have a game in progress"


@pytest.fixture(autouse=True)
def home(learner_home):
    return learner_home


def hello(view: GameView, learner_id: str, page: str) -> None:
    """What the browser does when it draws the table (``hello`` in common.js): the learner
    id and the page's address in one update of the table's model."""
    view.table.set_state({"learner": learner_id, "page": page})


def reload(make: Any, learner_id: str = A, page: str = TRIXTER_PAGE) -> GameView:
    """The page opened again: a new kernel (nobody known), a fresh table, then the browser
    says who the learner is."""
    who.forget()
    view = make()
    assert view.keeper is None  # drawn before the learner is known
    hello(view, learner_id, page)
    return view


def saved_file(learner_id: str, kind: str) -> Path:
    return Learner(learner_id).dir / "games" / f"{kind}.json"


def saved_actions(learner_id: str, kind: str) -> list[list[Any]] | None:
    text = Learner(learner_id).saved_game(kind)
    return None if text is None else json.loads(text)["actions"]


def act(view: GameView, rng: random.Random) -> str:
    """One legal action of the learner's, sent as the browser sends it."""
    legal = view.table.state["legal"]
    assert legal, view.table.message
    text = rng.choice(legal)
    view.table.error = ""
    send(view.table, message_for(text))
    assert not view.table.error, (text, view.table.error)
    return text


def play_until(view: GameView, rng: random.Random, done: Any, limit: int = 500) -> int:
    for n in range(limit):
        if done(view.game.observe(0)):
            return n
        act(view, rng)
    raise AssertionError("never got there")


def mid_hand(hand: int) -> Any:
    """The learner to play in hand (Trix: deal) ``hand`` with cards of it already played."""
    return lambda o: (o.get("hand_number", o.get("deal_number")) == hand
                      and o["phase"] in ("play", "trex") and o["to_move"] == 0
                      and 0 < len(o["hand"]) < o.get("hand_size", 13))


def decision(view: GameView) -> dict[str, Any]:
    """What the learner sees and may do: the observation, the legal actions, the table."""
    obs = view.game.observe(view.seat)
    return {"obs": obs, "legal": obs["legal"], "to_move": view.game.to_move,
            "table": view.table.state, "bids": view.bids.state, "scores": view.scores.state}


def cards_in(text: str) -> list[str]:
    return CARD_TOKEN.findall(text)


# --- Trixter ------------------------------------------------------------------------------

def test_a_trixter_game_reloaded_mid_hand_resumes_at_the_same_decision():
    rng = random.Random(1)
    view = trixter_game(seed=4, pause=0)
    hello(view, A, TRIXTER_PAGE)
    assert view.kind == "trixter" and saved_file(A, "trixter").exists() is False
    play_until(view, rng, mid_hand(3))
    before = decision(view)
    assert saved_actions(A, "trixter") == view.game.to_record()["actions"]

    again = reload(lambda: trixter_game(seed=77, pause=0))
    assert again.game.seed != view.game.seed  # a fresh game is on the table meanwhile
    assert again.table.offer["title"] == OFFER
    text = again.table.offer["text"]
    assert text == ("Trixter · 4 players · no jokers · starts with 1 card · 25 hands · "
                    "no hook, hand 3 of 25, saved just now")
    assert again.table.message == CHOOSE_FIRST
    check_safe(again)
    send(again.table, {"type": "resume"})
    assert again.table.offer == {} and again.offered is None
    assert decision(again) == before
    assert again.game.to_record() == view.game.to_record()
    assert again.table.message.startswith("Your saved game, where you left it.")
    check_safe(again)
    # The game goes on, and is saved as it goes.
    act(again, rng)
    assert saved_actions(A, "trixter") == again.game.to_record()["actions"]
    assert len(again.game.history) > len(view.game.history)


def test_each_change_is_saved_and_the_computer_seats_continue_after_a_resume():
    rng = random.Random(2)
    view = trixter_game(seed=5, pause=0)
    hello(view, A, TRIXTER_PAGE)
    assert saved_actions(A, "trixter") is None  # nothing of the learner's yet: nothing saved
    play_until(view, rng, mid_hand(2))
    assert saved_actions(A, "trixter") == view.game.to_record()["actions"]
    # Undo is a change too.
    send(view.table, {"type": "undo"})
    assert saved_actions(A, "trixter") == view.game.to_record()["actions"]
    # The page closes while a computer seat is still to move (during its pause).
    while view.session.computer_to_move is None:
        view.session.act(view.game.observe(0)["legal"][0])
        view.refresh()
    saved = saved_actions(A, "trixter")
    assert saved == view.game.to_record()["actions"]

    again = reload(lambda: trixter_game(seed=6, pause=0))
    send(again.table, {"type": "resume"})
    assert again.game.to_record()["actions"][:len(saved)] == saved
    assert len(again.game.history) > len(saved)  # the computer seats played on
    assert again.game.to_move == 0 or again.game.to_move is None
    assert saved_actions(A, "trixter") == again.game.to_record()["actions"]


def test_what_the_table_shows_is_saved_before_it_is_shown():
    """Voila closes a page's kernel when the learner leaves it: every table state the
    browser gets must already be on disk (the saved game holds every action shown)."""
    rng = random.Random(6)
    view = trixter_game(seed=5, pause=0)
    hello(view, A, TRIXTER_PAGE)
    late = []

    def shown(change: dict[str, Any]) -> None:
        saved = saved_actions(A, "trixter")
        if view.session.learner_has_acted and saved != view.game.to_record()["actions"]:
            late.append(len(view.game.history))

    view.table.observe(shown, names="state")
    play_until(view, rng, mid_hand(2))
    assert saved_actions(A, "trixter") == view.game.to_record()["actions"]
    assert not late, f"shown before it was saved, at moves {late[:5]}"


def test_start_a_new_game_drops_the_saved_one_and_keeps_the_fresh_game():
    rng = random.Random(3)
    view = trixter_game(seed=4, pause=0)
    hello(view, A, TRIXTER_PAGE)
    play_until(view, rng, mid_hand(2))

    again = reload(lambda: trixter_game(seed=8, pause=0))
    fresh = again.game.to_json()
    send(again.table, {"type": "start_fresh"})
    assert again.table.offer == {} and not saved_file(A, "trixter").exists()
    assert again.game.to_json() == fresh
    assert again.table.message.startswith("A new game; the saved one is gone.")
    act(again, rng)  # the fresh game is saved from the learner's first action
    assert saved_actions(A, "trixter") == again.game.to_record()["actions"]
    assert SavedGame.read(Learner(A).saved_game("trixter"), "trixter").game.seed == 8

    third = reload(lambda: trixter_game(seed=9, pause=0))
    assert "hand 1 of 25" in third.table.offer["text"]


def test_nothing_is_saved_over_the_offered_game_before_the_learner_answers():
    rng = random.Random(4)
    view = trixter_game(seed=4, pause=0)
    hello(view, A, TRIXTER_PAGE)
    play_until(view, rng, mid_hand(2))
    path = saved_file(A, "trixter")
    kept = path.read_bytes()

    again = reload(lambda: trixter_game(seed=8, pause=0))
    fresh = again.game.to_json()
    legal = again.table.state["legal"]
    assert legal  # the fresh game waits for the learner, but they must answer first
    for msg in [message_for(legal[0]), {"type": "undo"}, {"type": "new_game"},
                {"type": "next"}]:
        again.table.error = ""
        send(again.table, msg)
        assert again.table.error == CHOOSE_FIRST, msg
        assert again.game.to_json() == fresh and path.read_bytes() == kept
    assert again.ask_new_game() is False and again.new_game({"players": 5}) is False
    again.set_level("expert")  # the level may change; the game does not
    assert again.game.to_json() == fresh and path.read_bytes() == kept
    assert again.table.offer["title"] == OFFER


def test_the_offer_and_the_resumed_game_keep_the_level_and_options_of_the_saved_game():
    rng = random.Random(5)
    view = trixter_game(seed=4, pause=0)
    hello(view, A, TRIXTER_PAGE)
    view.set_level("intermediate")  # not the page's beginner; the expert's games are slow
    assert view.choose(players=5, first_hand=9, hook=True)
    assert view.new_game()
    play_until(view, rng, mid_hand(2))
    before = decision(view)

    again = reload(lambda: trixter_game(seed=8, pause=0))
    assert again.table.offer["text"].startswith(
        "Trixter · 5 players · 3 jokers · starts with 9 cards · 13 hands · hook on, "
        "hand 2 of 13, saved ")
    assert again.level.value == "beginner"
    send(again.table, {"type": "resume"})
    assert decision(again) == before
    assert again.level.value == "intermediate" and again.session.opponents == "intermediate"
    searching = type(bot_for("trixter", "intermediate", seed=0))
    assert {type(b) for b in again.session.bots.values()} == {searching}
    assert again.chosen == again.session.options() == view.session.options()
    assert again.table.state["setup"] == view.table.state["setup"]
    assert again.table.message.startswith("Your saved game")  # not the level's note


def test_another_learner_sees_no_offer_and_changes_nothing_of_the_first():
    rng = random.Random(6)
    view = trixter_game(seed=4, pause=0)
    hello(view, A, TRIXTER_PAGE)
    play_until(view, rng, mid_hand(2))
    kept = saved_file(A, "trixter").read_bytes()

    other = reload(lambda: trixter_game(seed=8, pause=0), learner_id=B)
    assert other.keeper is not None and other.keeper.id == B
    assert other.table.offer == {} and other.offered is None
    send(other.table, {"type": "resume"})
    assert other.table.error == "there is no saved game to resume"
    act(other, rng)
    assert saved_file(B, "trixter").exists()
    assert saved_file(A, "trixter").read_bytes() == kept


def test_the_time_of_saving_reads_in_words():
    rng = random.Random(7)
    view = trixter_game(seed=4, pause=0)
    hello(view, A, TRIXTER_PAGE)
    play_until(view, rng, mid_hand(2))
    saved = SavedGame.read(Learner(A).saved_game("trixter"), "trixter")
    assert saved.at is not None and saved.opponents == "beginner"
    later = saved.at + timedelta(hours=3, minutes=2)
    assert saved.words(later).endswith(", hand 2 of 25, saved 3 hours ago")
    assert saved.words(saved.at + timedelta(days=40)).endswith(
        f"saved on {saved.at.date().isoformat()}")


# --- what is not offered -------------------------------------------------------------------

def record_with(game: Any, **change: Any) -> str:
    rec = game.to_record()
    rec.update(change)
    return json.dumps(rec)


@pytest.mark.parametrize("damage", ["truncated", "not json", "a list", "illegal action",
                                    "bad deal", "trix record", "unknown format"])
def test_a_damaged_saved_game_is_not_offered_and_the_learner_is_told(damage):
    rng = random.Random(8)
    view = trixter_game(seed=4, pause=0)
    hello(view, A, TRIXTER_PAGE)
    play_until(view, rng, mid_hand(2))
    path = saved_file(A, "trixter")
    good = path.read_text()
    rec = json.loads(good)
    if damage == "truncated":
        text = good[: len(good) // 2]
    elif damage == "not json":
        text = "hello"
    elif damage == "a list":
        text = "[1, 2]"
    elif damage == "illegal action":
        rec["actions"][-1] = [0, "bid 99"]
        text = json.dumps(rec)
    elif damage == "bad deal":
        rec["deals"][0][0] = "ZZ"
        text = json.dumps(rec)
    elif damage == "trix record":
        text = record_with(TrixGame.new(seed=1))
    else:
        rec["format"] = "trix-tutor/poker"
        text = json.dumps(rec)
    path.write_text(text)

    again = reload(lambda: trixter_game(seed=8, pause=0))
    assert again.table.offer == {} and again.offered is None
    assert again.table.message.startswith(
        "Your saved game could not be read (the file is damaged).")
    assert not again.table.error
    assert not path.exists()  # set aside: it cannot be resumed, nor travel in a progress file
    act(again, rng)  # the page works: the fresh game is played and saved
    assert saved_actions(A, "trixter") == again.game.to_record()["actions"]


def test_a_finished_game_is_dropped_and_never_offered():
    rng = random.Random(9)
    view = trixter_game(seed=4, pause=0, first_hand=25)  # one hand of one card
    hello(view, A, TRIXTER_PAGE)
    act(view, rng)  # the bid
    assert not view.game.is_over and saved_file(A, "trixter").exists()
    play_until(view, rng, lambda o: o["phase"] == "game_over")
    assert view.game.is_over and not saved_file(A, "trixter").exists()
    # A finished game's record found in the folder (an older tutor, a loaded file).
    Learner(A).save_game("trixter", view.session.saved_record())
    again = reload(lambda: trixter_game(seed=8, pause=0))
    assert again.table.offer == {} and not saved_file(A, "trixter").exists()
    assert not again.table.message.startswith("Your saved game could not")


@pytest.mark.parametrize("page, make", [
    ("/voila/render/trixter/08_full_game.ipynb", lambda: trixter_game(seed=4, pause=0)),
    ("/voila/render/play_trixter.ipynb", lambda: play(TrixterGame.new(seed=4), pause=0)),
    ("/voila/render/play_trixter.ipynb", lambda: trix_game(seed=4, pause=0)),
    ("/voila/render/trix/09_full_kingdom.ipynb", lambda: trix_game(seed=4, pause=0)),
])
def test_only_the_play_pages_save_their_game(home, page, make):
    rng = random.Random(10)
    view = make()
    hello(view, A, page)
    assert view.keeper is None
    for _ in range(6):
        act(view, rng)
    assert not (home / "learners" / A / "games").exists()


def test_the_learner_known_before_the_page_is_still_found():
    """A kernel that already knows the learner (another widget spoke first): the table
    finds its page when its own first message comes."""
    who.arrive(A, "/voila/render/play_trixter.ipynb")
    view = trixter_game(seed=4, pause=0)
    assert view.keeper is None
    hello(view, A, TRIXTER_PAGE)
    assert view.kind == "trixter"


# --- junk ----------------------------------------------------------------------------------

JUNK = [{"type": "resume", "x": 1}, {"type": "start_fresh", "card": "QS"}, "resume",
        {"type": "Resume"}, {"type": ["resume"]}, None, {"kind": "resume"}]


@pytest.mark.parametrize("offered", [True, False])
def test_junk_messages_are_refused_and_change_nothing(offered):
    rng = random.Random(11)
    view = trixter_game(seed=4, pause=0)
    hello(view, A, TRIXTER_PAGE)
    play_until(view, rng, mid_hand(2))
    path = saved_file(A, "trixter")
    if offered:
        view = reload(lambda: trixter_game(seed=8, pause=0))
        assert view.offered is not None
    kept, game = path.read_bytes(), view.game.to_json()
    junk = JUNK if offered else JUNK + [{"type": "resume"}, {"type": "start_fresh"}]
    for msg in junk:
        for part in view.parts:
            view.table.error = ""
            send(part, msg)
            assert view.table.error, msg
            assert not view.table.error.startswith("something went wrong")
            assert view.game.to_json() == game and path.read_bytes() == kept
    assert (view.table.offer != {}) is offered


# --- Trix ----------------------------------------------------------------------------------

def test_a_trix_game_with_house_options_resumes_at_the_same_decision():
    rng = random.Random(12)
    view = trix_game(seed=6, pause=0)
    hello(view, A, TRIX_PAGE)
    assert view.choose(mode="partnership", penalty_discard=True, reversed_signs=True,
                       kingdom_order="abba")
    assert view.new_game()
    play_until(view, rng, mid_hand(2))
    before = decision(view)
    options = view.session.options()
    assert options["mode"] == "partnership" and options["reversed_signs"]

    again = reload(lambda: trix_game(seed=9, pause=0), page=TRIX_PAGE)
    text = again.table.offer["text"]
    assert text.startswith(f"{view.table.state['setup']}, kingdom ")
    assert "Partnership" in text and "reversed signs" in text
    assert ", deal 2, saved just now" in text
    assert not cards_in(text)
    assert again.session.options() != options  # the fresh game is a standard one
    send(again.table, {"type": "resume"})
    assert decision(again) == before
    assert again.session.options() == again.chosen == options
    check_safe(again)
    act(again, rng)
    assert saved_actions(A, "trix") == again.game.to_record()["actions"]


def test_the_two_play_pages_keep_one_game_each():
    rng = random.Random(13)
    t = trixter_game(seed=4, pause=0)
    hello(t, A, TRIXTER_PAGE)
    play_until(t, rng, mid_hand(2))
    who.forget()
    x = trix_game(seed=6, pause=0)
    hello(x, A, TRIX_PAGE)
    assert x.table.offer == {}  # the Trixter game is the other page's
    for _ in range(4):
        act(x, rng)
    trixter = reload(lambda: trixter_game(seed=8, pause=0))
    assert trixter.table.offer["text"].startswith("Trixter")
    trix = reload(lambda: trix_game(seed=9, pause=0), page=TRIX_PAGE)
    assert trix.table.offer["text"].startswith("Trix ·")


# --- the session ---------------------------------------------------------------------------

def test_the_session_resumes_only_a_record_of_its_own_game_that_replays():
    s = PlaySession(TrixterGame.new(players=4, seed=3))
    s.advance()
    s.act(s.game.observe(0)["legal"][0])
    text = s.saved_record(datetime(2026, 3, 1, 12, tzinfo=timezone.utc))
    t = PlaySession(TrixterGame.new(players=5, seed=8))
    before = t.game.to_json()
    for bad in ("{", json.dumps({"format": "trix-tutor/trixter"}),
                record_with(TrixGame.new(seed=1))):
        with pytest.raises(ValueError):
            t.resume(bad)
        assert t.game.to_json() == before
    t.resume(text)
    assert t.game.observe(0) == s.game.observe(0)
    assert t.computer_to_move == s.computer_to_move is not None
    assert t.note == "Your saved game, where you left it."
    assert SavedGame.read(text, "trixter").at == datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
