"""The widgets without a browser: drive ``widgets.play`` with the same custom messages the
JavaScript sends, and check at every step that no synced trait holds a card the learner may
not see, and that junk or illegal messages change nothing."""

from __future__ import annotations

import contextlib
import importlib
import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("anywidget")

from tutor import TrixGame, TrixterGame  # noqa: E402
from tutor.engine.actions import ClaimRedeal, Double, NextHand, Play, parse_action  # noqa: E402
from tutor.search.legal import legal_actions  # noqa: E402
from tutor.engine.trix import TrixRules  # noqa: E402
from tutor.engine.trixter import peak_for  # noqa: E402
from widgets import BidPanel, CardTable, GameView, ScoreSheet, TrexLayout, play  # noqa: E402
from tutor.engine.cards import Card  # noqa: E402
from tutor.engine.facts import view_facts  # noqa: E402
from tutor.app.views import learner_views
from tutor.app.words import describe, status_text
from tutor.app.pacing import PACE_CAP, PACE_WINDOW  # noqa: E402
from widgets._base import Refused  # noqa: E402
from widgets.play import MESSAGE_TYPES, parse_message  # noqa: E402
from drawn import drawn  # noqa: E402
from sent import send  # noqa: E402

WIDGETS = Path(__file__).resolve().parent.parent / "widgets"
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?![A-Za-z0-9])")


def norm(token: str) -> str:
    """A card token in engine text: ``10♥`` -> ``TH``."""
    rank, suit = token[:-1], token[-1]
    rank = "T" if rank == "10" else rank
    return rank + {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(suit, suit)


def message_for(text: str) -> dict[str, Any]:
    """The message the browser sends for an action text (what the buttons send)."""
    words = {"no double": "no_double", "no redeal": "no_redeal", "redeal": "redeal",
             "pass": "pass", "next": "next"}
    if text in words:
        return {"type": words[text]}
    head, _, rest = text.partition(" ")
    if head == "bid":
        return {"type": "bid", "n": int(rest)}
    if head == "trump":
        return {"type": "trump", "suit": rest}
    if head == "contract":
        return {"type": "contract", "contract": rest}
    if head == "double":
        return {"type": "double", "card": rest}
    return {"type": "play", "card": text}


def synced_json(view: GameView) -> str:
    """Every synced trait of every part, as JSON (code and CSS left out)."""
    out = {}
    for i, w in enumerate(view.parts):
        state = {k: v for k, v in w.get_state().items()
                 if not k.startswith("_") and k != "layout"}
        out[i] = state
    return json.dumps(out, ensure_ascii=False)


def revealed(game: Any, seat: int, opened: tuple[int, ...] = ()) -> set[str]:
    """Every card the learner may know: its own hands, every card played or doubled, the
    hands shown for a redeal claim, what the engine says is public now, opened hands."""
    cards: set[str] = set()
    for deal in game.deals:
        cards |= {str(c) for c in deal[seat]}
    deal_index = 0
    for s, a in game.history:
        if isinstance(a, (Play, Double)):
            cards.add(str(a.card))
        if isinstance(a, ClaimRedeal):
            cards |= {str(c) for c in game.deals[deal_index][s]}
        if isinstance(a, (NextHand, ClaimRedeal)):
            deal_index += 1
    cards |= {norm(t) for t in CARD_TOKEN.findall(json.dumps(game.observe(seat),
                                                              ensure_ascii=False))}
    for s in opened:
        cards |= set(game.observe(s)["hand"])
    return cards


def check_safe(view: GameView, sent: Any = None) -> None:
    """No card outside :func:`revealed` in any synced trait (an error may name the card the
    browser itself sent)."""
    allowed = revealed(view.game, view.seat, tuple(view.opened))
    if sent is not None:
        allowed |= {norm(t) for t in CARD_TOKEN.findall(json.dumps(sent, ensure_ascii=False))}
    seen = {norm(t) for t in CARD_TOKEN.findall(synced_json(view))}
    leaked = seen - allowed
    assert not leaked, f"hidden cards in the widget state: {sorted(leaked)}"
    for w in view.parts:
        assert not w.error.startswith("something went wrong"), w.error


def watch(view: GameView) -> list[int]:
    """Check safety at every refresh, bots' steps included; returns a refresh counter."""
    count = [0]
    refresh = view.refresh

    def checked(*args: Any, **kwargs: Any) -> None:
        refresh(*args, **kwargs)
        count[0] += 1
        check_safe(view)

    view.refresh = checked  # type: ignore[method-assign]
    return count


def learner_step(view: GameView, rng: random.Random) -> None:
    """One random legal action of the learner, sent through the widget that shows it."""
    obs = view.game.observe(view.seat)
    acts = [str(a) for a in legal_actions(obs)] if rng.random() < 0.9 else obs["legal"]
    text = rng.choice(acts)
    msg = message_for(text)
    target = view.table if msg["type"] == "play" else view.bids
    before = len(view.game.history)
    send(target, msg)
    assert len(view.game.history) > before, (text, view.table.error)
    assert view.table.error == ""


def play_out(view: GameView, rng: random.Random, max_steps: int = 5000,
             junk_every: int = 7) -> int:
    steps = 0
    while not view.game.is_over and steps < max_steps:
        if steps % junk_every == 3:
            send_junk(view, rng)
        learner_step(view, rng)
        check_safe(view)
        steps += 1
    return steps


def junk_messages(view: GameView, rng: random.Random) -> list[Any]:
    g = view.game
    obs = g.observe(view.seat)
    hand = obs["hand"]
    legal = set(obs["legal"])
    not_mine = [c for c in ("AS", "KH", "QD", "JC", "2S", "TH", "5D") if c not in hand]
    illegal_in_hand = [c for c in hand if c not in legal]
    msgs: list[Any] = [
        None, [], "QS", 7, {"type": "play"}, {"type": "play", "card": 5},
        {"type": "play", "card": "ZZ"}, {"type": "play", "card": "Q" * 100_000},
        {"type": "play", "card": ""}, {"type": "bogus"}, {"type": 5}, {"card": "QS"},
        {"type": "x" * 1_000_000}, {"type": "bid", "n": True}, {"type": "bid", "n": -1},
        {"type": "bid", "n": 1.5}, {"type": "bid", "n": "2"}, {"type": "bid", "n": 10**30},
        {"type": "trump", "suit": "Z"}, {"type": "trump", "suit": ["S"]},
        {"type": "contract", "contract": "king+king"}, {"type": "contract", "contract": "golf"},
        {"type": "double", "card": "2C"}, {"type": "pass", "extra": 1},
        {"type": "play", "card": "QS", "seat": 2},
    ]
    if not_mine:
        msgs.append({"type": "play", "card": rng.choice(not_mine)})
    if illegal_in_hand:
        msgs.append({"type": "play", "card": rng.choice(illegal_in_hand)})
    # Actions of the wrong phase or out of turn, as the real buttons would send them.
    for text in ("next", "pass", "no double", "redeal", "no redeal", "trump S", "bid 0",
                 "contract king", "contract trex+king", "double KH"):
        if text not in legal:
            msgs.append(message_for(text))
    return msgs


def send_junk(view: GameView, rng: random.Random, how_many: int = 4) -> None:
    msgs = junk_messages(view, rng)
    for msg in rng.sample(msgs, min(how_many, len(msgs))):
        before = view.game.to_json()
        target = rng.choice(view.parts)
        target.error = ""
        view.table.error = ""
        send(target, msg)
        assert view.game.to_json() == before, msg
        assert view.table.error, msg
        assert not view.table.error.startswith("something went wrong"), view.table.error
        check_safe(view, sent=msg)


# --- whole games --------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_trixter_short_games_never_leak(players: int) -> None:
    rng = random.Random(players)
    hands = 2 * peak_for(players) - 1
    first = max(1, hands - 2)  # the last three hands: 3, 2 and 1 cards
    seat = rng.randrange(players)
    game = TrixterGame.new(players=players, seed=100 + players, first_hand=first)
    view = play(game, seat=seat, pause=0)
    count = watch(view)
    check_safe(view)
    steps = play_out(view, rng)
    assert view.game.is_over and steps > 0
    assert count[0] > steps  # the bots' steps were refreshed (and checked) too
    assert "Game over" in view.table.message
    assert len(view.scores.state["rows"]) == 3


def test_trixter_peak_hand_with_open_hand_and_four_colours() -> None:
    rng = random.Random(5)
    game = TrixterGame.new(players=4, seed=9, first_hand=12)
    view = play(game, seat=2, pause=0, four_colour=True, open_hands=(0, 2))
    watch(view)
    assert view.opened == [0]
    assert view.table.open_hands == {"0": view.game.observe(0)["hand"]}
    assert all(w.four_colour for w in view.parts)
    for _ in range(30):
        if view.game.is_over:
            break
        learner_step(view, rng)
        assert view.table.open_hands == {"0": view.game.observe(0)["hand"]}


@pytest.mark.slow  # a whole Trix game; the quick lane plays the first kingdom (below)
def test_trix_full_game_never_leaks() -> None:
    rng = random.Random(1)
    view = play(TrixGame.new(seed=11), seat=1, pause=0)
    count = watch(view)
    steps = play_out(view, rng, junk_every=23)
    assert view.game.is_over
    assert count[0] > steps
    assert len(view.scores.state["rows"]) >= 20
    assert view.trex.layout.display in ("", "none")


@pytest.mark.parametrize("rules", [
    TrixRules(combine=True, partnership=True),
    TrixRules(complex_only=True, combine=True),
    TrixRules(doubling=True, penalty_discard=True, no_heart_lead_in_king=True),
], ids=["combine-partnership", "complex", "strict"])
def test_trix_variants_first_kingdom(rules: TrixRules) -> None:
    rng = random.Random(3)
    view = play(TrixGame.new(seed=21, rules=rules), seat=0, pause=0)
    watch(view)
    steps = 0
    while view.game.kingdom == 0 and not view.game.is_over and steps < 2000:
        if steps % 11 == 5:
            send_junk(view, rng, how_many=2)
        learner_step(view, rng)
        steps += 1
    assert view.game.kingdom == 1 or view.game.is_over


def test_trex_layout_shown_only_in_trex() -> None:
    rng = random.Random(4)
    view = play(TrixGame.new(seed=5), seat=0, pause=0)
    game = view.game
    while "trex" not in game.observe(0)["contract"]:
        obs = game.observe(0)
        if obs["phase"] == "choose_contract" and obs["to_move"] == 0:
            assert view.trex.layout.display == "none"
            send(view.bids, {"type": "contract", "contract": "trex"})
        else:
            learner_step(view, rng)
    assert view.trex.layout.display == ""
    rows = view.trex.state["layout"]
    assert set(rows) == {"S", "H", "D", "C"}
    while view.game.observe(0)["phase"] in ("double", "trex"):  # the claims round first
        learner_step(view, rng)
        check_safe(view)
    assert len(view.trex.state["out"]) == 4


# --- messages -------------------------------------------------------------------------

def test_every_message_type_parses_or_is_refused() -> None:
    assert parse_message({"type": "trump", "suit": "none"})[1] is not None
    assert str(parse_message({"type": "contract", "contract": "queens+king"})[1]) \
        == "contract king+queens"
    assert str(parse_message({"type": "double", "card": "KH"})[1]) == "double KH"
    for kind in ("undo", "new_game"):
        assert parse_message({"type": kind}) == (kind, None)
    for kind in ("no_double", "redeal", "no_redeal", "pass", "next"):
        assert parse_action(str(parse_message({"type": kind})[1]))
    assert set(MESSAGE_TYPES) >= {"play", "trump", "bid", "contract", "double", "undo"}
    for bad in ({"type": "play", "card": None}, {"type": "bid"}, {"type": "trump"}):
        with pytest.raises(Refused):
            parse_message(bad)


def test_junk_and_illegal_messages_change_nothing() -> None:
    rng = random.Random(8)
    for game in (TrixterGame.new(players=5, seed=3, first_hand=4), TrixGame.new(seed=8)):
        view = play(game, seat=0, pause=0)
        for _ in range(6):
            for msg in junk_messages(view, rng):
                before = view.game.to_json()
                view.table.error = ""
                send(rng.choice(view.parts), msg)
                assert view.game.to_json() == before, msg
                assert view.table.error, msg
            learner_step(view, rng)


def test_illegal_card_explains_why() -> None:
    for seed in range(50):  # a deal where the learner must follow suit
        game = TrixterGame.new(players=4, seed=seed, dealer=2, first_hand=6)
        view = play(game, seat=0, pause=0)
        rng = random.Random(seed)
        while view.game.observe(0)["phase"] != "play" or view.game.to_move != 0:
            learner_step(view, rng)
        obs = view.game.observe(0)
        illegal = [c for c in obs["hand"] if c not in obs["legal"]]
        if illegal:
            break
    before = view.game.to_json()
    send(view.table, {"type": "play", "card": illegal[0]})
    assert view.game.to_json() == before
    assert view.table.error == view.game.why_illegal(illegal[0], seat=0)
    legal = obs["legal"][0]
    send(view.table, {"type": "play", "card": legal})
    assert view.table.error == ""
    assert legal not in view.table.state["hand"]


def test_bid_panel_errors_show_in_the_panel_too() -> None:
    view = play(TrixterGame.new(players=4, seed=1, dealer=0, first_hand=3), seat=0, pause=0)
    assert view.game.phase.value == "trump"
    send(view.bids, {"type": "bid", "n": 2})
    assert view.bids.error and view.table.error == view.bids.error
    send(view.bids, {"type": "trump", "suit": "H"})
    assert view.bids.error == "" and view.table.error == ""
    assert view.table.state["trump"] == "H"


# --- undo and new game -------------------------------------------------------------------

def test_undo_takes_back_the_learners_action_and_the_bots_after_it() -> None:
    rng = random.Random(2)
    view = play(TrixterGame.new(players=4, seed=4, first_hand=4), seat=1, pause=0)
    send(view.table, {"type": "undo"})  # nothing of the learner's yet
    assert view.table.error
    for _ in range(8):
        if view.game.to_move != 1:
            break
        before = view.game.to_record()["actions"]
        obs_before = view.game.observe(1)
        learner_step(view, rng)
        assert view.game.to_record()["actions"] != before
        send(view.table, {"type": "undo"})
        assert view.table.error == ""
        assert view.game.to_record()["actions"] == before
        assert view.game.observe(1) == obs_before
        assert view.table.state == {**obs_before, "direction": "cw",
                                    "facts": view_facts(obs_before),
                                    "setup": view.session.summary()}
        learner_step(view, rng)


def test_undo_never_goes_back_into_a_scored_hand() -> None:
    """Issue 40: Undo at the start of hand 2 went back into hand 1 and the sheet lost it.
    Once the next hand is dealt the last stands: Undo is off (saying why) until the learner
    acts in the new hand, and then takes back only that hand's moves."""
    rng = random.Random(6)
    view = play(TrixterGame.new(players=3, seed=2, first_hand=34), seat=0, pause=0)
    while view.game.phase.value != "hand_over":
        learner_step(view, rng)
    assert view.table.no_undo == ""  # the hand just ended: its last move may be taken back
    learner_step(view, rng)  # "next"
    assert view.game.hand_number == 2 and len(view.game.score_sheet()) == 1
    for _ in range(3):
        assert view.table.no_undo == "nothing of yours to take back in this hand yet"
        send(view.table, {"type": "undo"})
        assert view.table.error == "nothing of yours to take back in this hand yet"
        assert view.game.hand_number == 2 and len(view.game.score_sheet()) == 1
    while view.game.to_move != 0:
        learner_step(view, rng)
    start = len(view.game.history)
    learner_step(view, rng)
    assert view.table.no_undo == ""
    send(view.table, {"type": "undo"})
    assert view.table.error == "" and len(view.game.history) == start
    assert view.game.hand_number == 2 and len(view.game.score_sheet()) == 1
    assert view.scores.state["rows"] == view.game.score_sheet()


def test_new_game_same_setup_new_seed() -> None:
    rng = random.Random(3)
    for game in (TrixterGame.new(players=6, seed=5, first_hand=15), TrixGame.new(seed=6)):
        view = play(game, seat=2, pause=0)
        for _ in range(3):
            learner_step(view, rng)
        old = view.game
        send(view.table, {"type": "new_game"})
        assert view.table.error == ""
        new = view.game
        assert new is not old and type(new) is type(old)
        assert new.seed != old.seed and new.rules == old.rules
        assert new.n_players == old.n_players and new.names == old.names
        assert all(s != 2 for s, _ in new.history)
        assert new.to_move in (2, None)
        check_safe(view)


class FakeClock:
    """``time.monotonic`` and ``time.sleep`` for the controller: sleeping moves the clock."""

    def __init__(self) -> None:
        self.now = 100.0
        self.sleeps: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def test_pause_is_used_between_bot_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    controller = importlib.import_module("widgets.play")  # the module, not the function
    monkeypatch.setattr(controller, "time", clock)
    view = play(TrixterGame.new(players=4, seed=1, dealer=1, first_hand=2), seat=0, pause=0.25)
    assert clock.sleeps == []  # the opening bots act at once, before the table is shown
    learner_step(view, random.Random(1))
    assert clock.sleeps and set(clock.sleeps) == {0.25}


def test_a_computer_seat_takes_as_long_whether_it_could_double_or_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES.md A5: a bot thinks during the pause, so every turn of the doubling round
    takes the pause: the K♥'s holder, who weighs a double, as long as the others."""
    from tutor.bots import TrixBot

    clock = FakeClock()
    controller = importlib.import_module("widgets.play")
    monkeypatch.setattr(controller, "time", clock)

    class Thinker(TrixBot):
        """The beginner, taking 0.2 s (of the fake clock) to weigh a real choice."""

        def act(self, observation: Any) -> Any:
            if len(observation.legal) > 1:
                clock.now += 0.2
            return super().act(observation)

    # Seat 1 holds the K♥ in long low hearts: the beginner doubles it.
    deal = ["AKQJT9876543..2.", "2.K9532.AKQJT.AK", "..9876543.QJT982", ".AQJT8764..76543"]
    g = TrixGame.new(seed=0, deals=[deal], dealer=0, owner=0)
    view = play(g, seat=0, pause=0.5, opponents=[None, Thinker(1), Thinker(2), Thinker(3)])
    send(view.bids, {"type": "contract", "contract": "king"})
    assert view.game.to_move == 0 and view.game.phase.value == "double"
    moments: list[tuple[int, str, float]] = []
    apply = view.game.apply
    monkeypatch.setattr(view.game, "apply", lambda action, seat=None: (
        moments.append((seat, str(action), clock.now)), apply(action, seat)))
    send(view.bids, {"type": "no_double"})
    assert [(s, a) for s, a, _ in moments] == [
        (0, "no double"), (1, "double KH"), (1, "no double"), (2, "no double"),
        (3, "no double")]
    assert view.game.phase.value == "play" and view.game.to_move == 0
    times = [t for _, _, t in moments]
    # Before the round's first computer seat the table rehearses a weighed choice on a
    # fixed deal (0.2 s), the same whoever holds the K♥ (tests/test_round_pace.py).
    assert [round(b - a, 9) for a, b in zip(times, times[1:])] == [0.7, 0.5, 0.5, 0.5]


def test_a_slow_thought_sets_the_pace_so_a_forced_move_waits_as_long(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where weighing a choice outlasts the pause (a slow machine, the browser-only
    site), a forced move must not give itself away by coming at once: every action
    takes as long as the slowest recent thought, capped."""
    from tutor.bots import TrixterBot

    clock = FakeClock()
    controller = importlib.import_module("widgets.play")
    monkeypatch.setattr(controller, "time", clock)

    class Slow(TrixterBot):
        """The beginner, taking 1.5 s (of the fake clock) to weigh a real choice."""

        def act(self, observation: Any) -> Any:
            if len(observation.legal) > 1:
                clock.now += 1.5
            return super().act(observation)

    g = TrixterGame.new(players=4, seed=1, dealer=1, first_hand=3)
    view = play(g, seat=0, pause=0.5, opponents=[None, Slow(1), Slow(2), Slow(3)])
    moments: list[float] = []
    apply = view.game.apply
    monkeypatch.setattr(view.game, "apply", lambda action, seat=None: (
        moments.append(clock.now), apply(action, seat)))
    rng = random.Random(3)
    while view.game.to_move is not None and len(moments) < 12:
        learner_step(view, rng)
    gaps = [round(b - a, 9) for a, b in zip(moments, moments[1:])]
    computer = [gap for gap in gaps if gap > 0]
    assert computer and set(computer) == {1.5}
    assert PACE_CAP < 10
    assert view.pacer.pace(0.5, 10.0) == PACE_CAP
    assert view.pacer.pace(0.0, 3.0) == 0.0
    for _ in range(PACE_WINDOW):
        view.pacer.pace(0.5, 0.1)
    assert view.pacer.pace(0.5, 0.1) == 0.5  # the slow thoughts are forgotten


def test_a_failing_bot_is_replaced_by_a_random_move() -> None:
    class Broken:
        def act(self, observation: Any) -> Any:
            raise RuntimeError("oops")

    from tutor.bots import Bot

    class BrokenBot(Bot, Broken):
        act = Broken.act

    view = play(TrixterGame.new(players=3, seed=1, first_hand=33), seat=0, pause=0,
                opponents=[None, BrokenBot(), "random"])
    rng = random.Random(2)
    while not view.game.is_over:
        learner_step(view, rng)
    assert view.game.is_over


def test_bad_arguments() -> None:
    g = TrixterGame.new(players=4, seed=1)
    with pytest.raises(ValueError):
        play(g, seat=4)
    with pytest.raises(ValueError):
        play(g, seat=0, opponents=["random"] * 3)
    with pytest.raises(ValueError):
        play(g, open_hands=(9,))
    with pytest.raises(TypeError):
        play("not a game")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        play(g, pause=-1)


# --- the widgets on their own ----------------------------------------------------------

def _widget_classes() -> list[tuple[type, str]]:
    from widgets.puzzle import PuzzlePanel
    from widgets.quiz import Quiz
    from widgets.learner import LearnerMap
    from widgets.review import ReviewPanel
    from widgets.rush import RushPanel

    return [(CardTable, "table"), (BidPanel, "bidding"), (TrexLayout, "layout"),
            (ScoreSheet, "scores"), (PuzzlePanel, "puzzle"), (Quiz, "quiz"),
            (ReviewPanel, "review"), (LearnerMap, "map"), (RushPanel, "rush")]


TOP_LEVEL = re.compile(r"^(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)", re.M)


@pytest.mark.parametrize("cls,name", _widget_classes())
def test_each_widget_has_the_shared_helpers_then_its_module_and_css(cls: type,
                                                                     name: str) -> None:
    w = cls  # the class holds the sources; some widgets need arguments to be made
    common, js = (WIDGETS / "common.js").read_text(), (WIDGETS / f"{name}.js").read_text()
    # The module follows the helpers, its render wrapped so that it says who the learner is
    # and takes the words of the learner's language (widgets/js_words.py).
    assert w._esm.startswith(common)
    assert js.replace("export default {", "const WIDGET = {") in w._esm
    assert w._esm.rstrip().endswith("render(ctx) { hello(ctx.model); "
                                    "useWords(ctx.model); return WIDGET.render(ctx); } };")
    assert w._css.startswith((WIDGETS / "common.css").read_text())
    assert w._css.endswith((WIDGETS / f"{name}.css").read_text())
    assert "export default" in js and "render({ model, el })" in js
    assert '"trix-tutor' in js  # the root element's class
    # One module, joined in Python: no export in the helpers, no import anywhere.
    assert not re.search(r"^\s*export\b", common, re.M)
    assert not re.search(r"^\s*import\b|\bimport\(", w._esm, re.M)
    assert "fetch(" not in w._esm and "http" not in w._esm.replace(
        "http://www.w3.org/2000/svg", "")
    # A name declared twice at the top of the joined module would stop it from loading.
    shared, own = set(TOP_LEVEL.findall(common)), set(TOP_LEVEL.findall(js))
    assert {"h", "SUIT_SYMBOL", "SUIT_NAME", "CONTRACT_TITLE"} <= shared
    assert not shared & own, f"{name}.js declares {sorted(shared & own)} again"
    assert "WIDGET" not in shared | own
    used = set(re.findall(r"\b([A-Z][A-Z0-9_]+)\s*[\[.(]", js)) - {"JSON", "URL"}
    assert used <= shared | own, f"{name}.js uses {sorted(used - shared - own)} undeclared"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to parse the modules")
@pytest.mark.parametrize("cls,name", _widget_classes())
def test_each_joined_module_parses_and_loads(cls: type, name: str, tmp_path: Path) -> None:
    """node loads the module as the browser does (a stand-in ``document`` for nothing is
    drawn): a syntax error or a clash between the two files fails here."""
    mod = tmp_path / f"{name}.mjs"
    mod.write_text(cls._esm, encoding="utf-8")
    out = subprocess.run(["node", "--input-type=module", "-e",
                          f"const m = await import({json.dumps(mod.as_uri())});"
                          "if (typeof m.default.render !== 'function') process.exit(3);"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr


def test_selectors_in_the_modules_and_the_notes() -> None:
    js = {p.stem: p.read_text() for p in WIDGETS.glob("*.js")}
    for stem, needle in [("table", 'dataset.testid = "trick"'),
                         ("table", 'dataset.testid = "message"'),
                         ("table", 'dataset.testid = "undo"'),
                         ("table", 'dataset.testid = "new-game"'),
                         ("table", 'dataset.testid = "last-trick"'),
                         ("table", 'classList.add("legal")'),
                         ("table", "el.dataset.card = text"),
                         ("layout", "row.dataset.testid = `trex-row-${suit}`"),
                         ("scores", 'table.dataset.testid = "score-sheet"'),
                         ("bidding", "{ trump: suit }"), ("bidding", "{ bid: String(n) }"),
                         ("bidding", "{ contract: c }"), ("bidding", "{ action: act }"),
                         ("bidding", '{ action: "next" }')]:
        assert needle in js[stem], (stem, needle)
    notes = (WIDGETS.parent / "docs" / "design-notes.md").read_text()
    assert "## Widgets" in notes
    for sel in ('data-card="QS"', '[data-testid="trick"]', '[data-testid="message"]',
                '[data-trump="S"]', '[data-bid="2"]', '[data-contract="king"]',
                '[data-action="no double"]', '[data-action="double KH"]',
                '[data-action="redeal"]', '[data-action="next"]', '[data-testid="undo"]',
                '[data-testid="new-game"]', '[data-testid="last-trick"]',
                '[data-testid="trex-row-S"]', '[data-testid="score-sheet"]'):
        assert sel in notes, sel


def test_tutor_never_imports_jupyter() -> None:
    root = WIDGETS.parent / "tutor"
    for path in root.rglob("*.py"):
        text = path.read_text()
        for name in ("ipywidgets", "anywidget", "traitlets", "IPython"):
            assert f"import {name}" not in text and f"from {name}" not in text, path


def test_controller_doctests() -> None:
    import doctest

    controller = importlib.import_module("widgets.play")
    result = doctest.testmod(controller)
    assert result.attempted >= 3 and result.failed == 0


def test_message_line_says_what_the_computer_did() -> None:
    view = play(TrixterGame.new(players=4, seed=2, dealer=1, first_hand=3), seat=0, pause=0)
    assert view.table.message.startswith("Player 4 bid ")
    assert view.table.message.endswith("Your bid (3 tricks in this hand).")
    send(view.bids, {"type": "bid", "n": 0})
    assert "played" in view.table.message or "Your" in view.table.message


# --- any message at all ----------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)
FIELD_VALUES = (st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=12)
                | st.sampled_from(["QS", "KH", "X", "none", "S", "H", "king", "trex",
                                   "king+queens", "10♥", "joker"]))
MESSAGES = JSON | st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from(sorted(MESSAGE_TYPES) + ["Play", "hint", ""]),
    st.dictionaries(st.sampled_from(["card", "n", "suit", "contract", "seat", "type2"]),
                    FIELD_VALUES, max_size=2))
GAMES = {"trixter": lambda: TrixterGame.new(players=4, seed=5, dealer=0, first_hand=3),
         "trix": lambda: TrixGame.new(seed=21)}


def carried_out_or_refused(which: str, part: int, msg: Any) -> None:
    view = play(GAMES[which](), seat=0, pause=0)
    before, moves = view.game.to_json(), len(view.game.history)
    send(view.parts[part], msg)
    if isinstance(msg, dict) and msg.get("type") == "new_game" and len(msg) == 1:
        assert view.table.error == ""
    elif view.table.error:
        assert view.game.to_json() == before
        assert not view.table.error.startswith("something went wrong")
    else:
        assert len(view.game.history) > moves or msg in ({"type": "undo"},
                                                         {"type": "keep_playing"},
                                                         {"type": "hint"},
                                                         {"type": "here"})
    check_safe(view, sent=msg)


def any_message(examples: int, hint_seconds: float | None = None) -> Any:
    """The check above on ``examples`` messages drawn by Hypothesis (a hint, when one is
    asked for, weighing ``hint_seconds`` of deals instead of a hint's second)."""
    def check(which: str, part: int, msg: Any) -> None:
        with (mock.patch("tutor.app.hints.hint_seconds", lambda: hint_seconds)
              if hint_seconds is not None else contextlib.nullcontext()):
            carried_out_or_refused(which, part, msg)

    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])(
        given(which=st.sampled_from(sorted(GAMES)), part=st.integers(0, 3),
              msg=MESSAGES)(check))


# 30 messages in the quick lane, with hints of a tenth of the work; 150 in make test.
test_any_message_is_carried_out_or_refused = any_message(30, hint_seconds=0.1)
test_any_of_many_messages_is_carried_out_or_refused = pytest.mark.slow(any_message(150))


def test_a_bug_in_the_handler_is_shown_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    view = play(TrixterGame.new(players=4, seed=1), pause=0)

    def broken(*args: Any, **kwargs: Any) -> bool:
        raise KeyError("boom")

    monkeypatch.setattr(view, "handle", broken)
    send(view.table, {"type": "undo"})
    assert view.table.error == "something went wrong: KeyError"


def test_a_late_joiner_gets_a_computer_player() -> None:
    rng = random.Random(4)
    view = play(TrixterGame.new(players=4, seed=3, first_hand=2), seat=0, pause=0)
    watch(view)
    while view.game.phase.value != "hand_over":
        learner_step(view, rng)
    view.game.add_player("Newcomer")
    view.refresh()
    assert view.table.state["players"][-1] == "Newcomer"
    send(view.bids, {"type": "next"})
    assert view.table.error == ""
    while view.game.phase.value not in ("hand_over", "game_over"):
        learner_step(view, rng)
    assert view.game.hands_played[4] == 1


# --- the doubling round tells nothing of who could act (RULES.md A5) -----------------------

def _moved(hands: list, card: str, seat: int, keep: tuple[str, ...] = ()) -> list:
    """``hands`` with ``card`` in ``seat``: swapped with the lowest card of that seat that
    is not in ``keep``."""
    c = Card.parse(card)
    held = [s for s in range(4) if c in hands[s]][0]
    if held == seat:
        return hands
    give = min(x for x in hands[seat] if str(x) not in keep and str(x) != card)
    out = list(hands)
    out[held] = out[held].remove(c).add(give)
    out[seat] = out[seat].remove(give).add(c)
    return out


def _alone(hands: list, seat: int, cards: tuple[str, ...], suit: str) -> list:
    """``hands`` where ``seat`` holds ``cards`` and no other card of ``suit``."""
    for card in cards:
        hands = _moved(hands, card, seat, keep=cards)
    for c in [x for x in hands[seat] if x.suit.name[0] == suit and str(x) not in cards]:
        other = (seat + 1) % 4
        give = min(x for x in hands[other] if x.suit.name[0] != suit)
        hands = list(hands)
        hands[seat] = hands[seat].remove(c).add(give)
        hands[other] = hands[other].remove(give).add(c)
    return hands


def _round_variants(contract: str) -> list[list]:
    """Deals that differ in who holds the cards the round is about (so who could double
    or claim), each from the same shuffle."""
    base = TrixGame.new(seed=8).hands
    if "king" in contract:
        return [_moved(base, "KH", 0), _alone(base, 3, ("KH",), "H"),
                _alone(_moved(base, "KH", 2), 1, ("AH",), "H"),
                _alone(base, 1, ("KH", "AH"), "H"),
                _alone(_alone(base, 0, ("QS", "QH", "QD", "QC"), "X"), 2, ("KH",), "H")]
    if contract == "queens":
        return [_moved(base, "QS", 0), _moved(base, "QS", 3),
                _alone(base, 1, ("QS", "QH", "QD", "QC"), "X"),
                _alone(base, 2, ("QH", "QD"), "X")]
    return [_alone(base, 0, ("2S", "2H", "2D", "3C"), "X"),
            _alone(base, 3, ("2S", "2H", "2D", "2C"), "X"), _moved(base, "2S", 1),
            _alone(base, 2, ("2S", "2H", "2C", "3D"), "X")]


def _declined_round(hands: list, contract: str,
                    rules: TrixRules) -> tuple[list, set, list[str]]:
    """Every player declines in turn; at each step, what each seat observes (its own hand
    and legal actions left out), its status line and seat marks as a learner, and the
    words for the action. Also each seat's legal actions and the status line the seat
    to move reads (these may differ between deals: they are its own)."""
    g = TrixGame.new(seed=1, rules=rules, deals=[hands], dealer=0, owner=2)
    g.apply(f"contract {contract}")
    steps: list = []
    options: set = set()
    own: list[str] = []
    while True:
        step: list = [g.phase.value, g.to_move]
        for seat in range(4):
            v = learner_views(g, seat)["table"]
            public = {k: x for k, x in v.items() if k not in ("hand", "legal")}
            words = status_text(v) if seat != g.to_move else None
            step.append((public, words))
        steps.append(step)
        if g.phase.value != "double":
            return steps, options, own
        own.append(status_text(learner_views(g, g.to_move)["table"]))
        options.add((g.to_move, tuple(sorted(str(a) for a in g.legal_actions()))))
        word = g.legal_actions()[-1]
        steps.append(describe(g.names[g.to_move], word))
        g.apply(word)


@pytest.mark.parametrize("contract,rules", [
    ("king", TrixRules()), ("king", TrixRules(doubling=False)), ("queens", TrixRules()),
    ("trex", TrixRules()), ("king+queens", TrixRules(combine=True))])
def test_declined_round_looks_the_same_wherever_the_cards_are(contract: str,
                                                              rules: TrixRules) -> None:
    """The public sequence of a round where everyone declines (whose turn, what each seat
    observes, the status words and seat marks, the words for each action) is the same
    whether the K♥, a queen or the 2s sit in one seat or another; only the legal actions
    offered to the holder differ."""
    runs = [_declined_round(h, contract, rules) for h in _round_variants(contract)]
    assert all(len(h) == 13 for hands in _round_variants(contract) for h in hands)
    first = runs[0][0]
    assert [s[1] for s in first if isinstance(s, list)] == [2, 3, 0, 1, 2]  # all, from 2
    for steps, _, _ in runs[1:]:
        assert steps == first
    # The deals do differ in who could act (else this test proves nothing).
    assert len({frozenset(opts) for _, opts, _ in runs}) >= 3
    # The round's words name a claim exactly when the contract allows one (not Queens).
    in_round = [s for s in first if isinstance(s, list) and s[0] == "double"]
    words = [w for s in in_round for _, w in s[2:] if w]
    words += [s[2][0]["round"]["title"] for s in in_round]
    assert words and all(("redeal" in w.lower()) == (contract != "queens") for w in words)
    if contract == "queens":  # nor does the learner's own line offer one
        assert not any("redeal" in w for _, _, own in runs for w in own)


# --- the end of the game -----------------------------------------------------------------

def test_game_over_result_in_words_and_no_undo() -> None:
    """The last hand of a Trixter game: the table's result ranks the final scores (the
    engine's), its title names the winner, and Undo is refused: the result stands until
    a new game, which needs no question at the end and clears the result."""
    from tutor.app.words import game_result

    view = play(TrixterGame.new(players=4, seed=21, first_hand=25), seat=0, pause=0)
    rng = random.Random(1)
    assert view.table.result == {}
    while not view.game.is_over:
        learner_step(view, rng)
    scores = view.game.observe(0)["scores"]
    r = view.table.result
    assert [row["score"] for row in r["rows"]] == sorted(scores, reverse=True)
    assert [row["name"] for row in r["rows"] if row["me"]] == ["You"]
    best = max(scores)
    winners = [s for s, v in enumerate(scores) if v == best]
    if winners == [0]:
        assert r["title"] == "You won!"
    else:
        assert all(view.game.names[s] in r["title"] for s in winners if s != 0)
    assert r == game_result(view.table.state)
    before = view.game.to_json()
    send(view.table, {"type": "undo"})
    assert view.table.error == "the game is over: start a new game"
    assert view.game.to_json() == before
    send(view.table, {"type": "new_game"})
    assert view.table.result == {} and view.table.error == "" and not view.game.is_over


@pytest.mark.parametrize("scores,seat,title,words", [
    ([100, 50, -20, 70], 0, "You won!", "You finished 1st of 4, 30 points ahead of P4."),
    ([100, 50, -20, 100], 0, "A tie for first: you and P4.",
     "You share 1st place of 4 with 100 points."),
    ([100, 50, -20, 100], 1, "P1 and P4 won (a tie).",
     "You finished 3rd of 4, 50 points behind the winners."),
    ([-5, 10, 10, 11], 2, "P4 won.", "You finished joint 2nd of 4 with P2, 1 point behind P4."),
])
def test_game_result_words(scores: list[int], seat: int, title: str, words: str) -> None:
    from tutor.app.words import game_result

    r = game_result({"phase": "game_over", "seat": seat, "players": ["P1", "P2", "P3", "P4"],
                     "scores": scores})
    assert (r["title"], r["words"]) == (title, [words])
    # Places by points: level scores share one, the next place counts everyone ahead.
    for row in r["rows"]:
        ahead = sum(v > row["score"] for v in scores)
        assert row["place"] == ["1st", "2nd", "3rd", "4th"][ahead]


def test_game_result_teams_and_reversed_signs() -> None:
    from tutor.app.words import game_result

    obs = {"phase": "game_over", "seat": 1, "players": ["P1", "P2", "P3", "P4"],
           "scores": [150, 100, 150, 100], "team_scores": [300, 200]}
    r = game_result(obs)
    assert r["title"] == "P1 and P3 won." and r["words"] == ["Your team lost by 100 points."]
    assert [x["name"] for x in r["rows"]] == ["P1 and P3", "Your team (you and P4)"]
    low = game_result({"phase": "game_over", "seat": 0, "players": ["A", "B", "C", "D"],
                       "scores": [-30, 10, 20, 0], "rules": {"reversed_signs": True}})
    assert low["title"] == "You won!" and low["rows"][0]["score"] == -30  # lowest wins
    assert game_result({"phase": "play", "seat": 0}) == {}


# --- what a module draws, in node (tests/js/render.mjs: a stand-in DOM, words only) --------

def _first_hand_over(game: Any) -> GameView:
    view = play(game, pause=0, opponents="random")
    rng = random.Random(1)
    while view.game.phase.value != "hand_over":
        learner_step(view, rng)
    return view


def test_trixter_sheet_says_what_bid_took_means(tmp_path: Path) -> None:
    """Issue 28: "5/4 ✗" is explained in words on the page (a phone has no hover title)."""
    view = _first_hand_over(TrixterGame.new(players=4, seed=1))
    legend = [n for n in drawn(view.scores, tmp_path)["nodes"] if n[1] == "tt-sheet-legend"]
    assert legend and legend[0][2].startswith("4/5 ✗ = bid 4, took 5: missed (✓ made)")
    assert "The hand is over" in drawn(view.bids, tmp_path)["text"]
    assert "Next hand" in drawn(view.bids, tmp_path)["text"]


def test_trix_panel_says_next_deal(tmp_path: Path) -> None:
    """Issue 28: Trix plays deals; its panel says so, and its sheet needs no bid legend."""
    view = _first_hand_over(TrixGame.new(seed=1, owner=0))
    panel = drawn(view.bids, tmp_path)["text"]
    assert "The deal is over" in panel and "Next deal" in panel and "hand" not in panel
    assert not any(n[1] == "tt-sheet-legend" for n in drawn(view.scores, tmp_path)["nodes"])


def test_the_bids_line_says_over_or_under(tmp_path: Path) -> None:
    """Issue 40: "Bids: 7 of 6" read as if 7 of 6 tricks were taken; the line says the bids
    against the tricks, and once everyone has bid how many over or under (someone misses)."""
    view = play(TrixterGame.new(players=4, seed=3), pause=0, opponents="random")
    rng = random.Random(5)
    while view.game.phase.value != "play":
        learner_step(view, rng)
        bids = [b for b in view.game.observe(0)["bids"] if b is not None]
        n = view.game.hand_size
        line = re.search(r"Bids: (\d+ for \d+ tricks?(?: · \d+ (?:over|under))?)",
                         drawn(view.table, tmp_path)["text"])
        words = f"{sum(bids)} for {n} trick{'s' if n != 1 else ''}"
        if len(bids) == 4:
            diff = sum(bids) - n  # never 0: the dealer may not make the bids add up (the hook)
            assert diff != 0
            words += f" · {abs(diff)} {'over' if diff > 0 else 'under'}"
        assert line and line.group(1).strip() == words, (line, words)
        assert f"total {words}" in drawn(view.bids, tmp_path)["text"]  # the bid panel's too


def test_the_score_chart_has_room_for_its_labels(tmp_path: Path) -> None:
    """Issue 40: the chart cut "Player 2 −125" to "−12": each end label and each tick
    has room for its words at 7.5 px a character (12 px bold) and 6 px (11 px)."""
    view = play(TrixGame.new(seed=2, owner=0), pause=0, opponents="random")
    rng = random.Random(2)
    while len(view.game.score_sheet()) < 3:
        view.game.apply(rng.choice(view.game.legal_actions()))
    view.refresh()
    # A long game's totals (random play stays near 0): the last row's, ten times over.
    state = json.loads(json.dumps(view.scores.state))
    last = state["rows"][-1]
    last["totals"] = [t * 10 - 1000 * (p == 1) for p, t in enumerate(last["totals"])]
    view.scores.state = dict(state, scores=last["totals"])
    nodes = drawn(view.scores, tmp_path)["nodes"]
    svg = next(n for n in nodes if n[0] == "svg")
    width = float(svg[4]["viewBox"].split()[2])
    ends = [n for n in nodes if n[4].get("class") == "tt-end"]
    low = f"{min(last['totals'])}".replace("-", "−")
    assert any(n[2] == f"Player 2 {low}" for n in ends), ([n[2] for n in ends], low)
    for n in ends:
        assert width - float(n[4]["x"]) >= 7.5 * len(n[2]), n[2]
    for n in (n for n in nodes if n[4].get("class") == "tt-tick" and n[4].get("text-anchor")):
        assert float(n[4]["x"]) >= 6 * len(n[2]), n[2]


def test_the_complex_has_one_name(tmp_path: Path) -> None:
    """Issue 28: the four trick contracts named together are "Trix Complex" (RULES.md A8)
    on the button, the table, the sheet and in every sentence; fewer keep their titles."""
    from tutor.advice.answer import label
    from tutor.engine.trix.contracts import contracts_title

    view = play(TrixGame.new(seed=21, owner=0, rules=TrixRules.complex()), pause=0)
    buttons = [n[2] for n in drawn(view.bids, tmp_path)["nodes"] if n[0] == "button"]
    assert buttons == ["Trix Complex", "Trex"]
    send(view.bids, {"type": "contract", "contract": "king+queens+diamonds+ltoosh"})
    assert "Contract: Trix Complex" in drawn(view.table, tmp_path)["text"]
    assert label(parse_action("contract ltoosh+king+diamonds+queens")) == "Trix Complex"
    assert contracts_title(["queens", "king"]) == "King of Hearts + Queens"


def test_a_refusal_reads_as_a_sentence(tmp_path: Path) -> None:
    """Issue 28: the engine's "you must follow suit: …" is shown with a capital."""
    view = play(TrixGame.new(seed=1, owner=0), pause=0, opponents="random")
    send(view.bids, {"type": "contract", "contract": "ltoosh"})
    while view.game.to_move != 0 or not view.game.trick:
        view.game.apply(view.game.legal_actions()[0])
        view.refresh()
    obs = view.game.observe(0)
    wrong = next(c for c in obs["hand"] if c not in obs["legal"])
    send(view.table, {"type": "play", "card": wrong})
    assert view.table.error.startswith("you must follow suit")  # the engine's words
    message = [n for n in drawn(view.table, tmp_path)["nodes"] if "tt-message" in n[1]]
    assert message[0][2].startswith("You must follow suit: ")


def test_the_puzzle_panel_offers_no_hint_once_the_puzzle_is_over(tmp_path: Path) -> None:
    """After a failing card the hint button is drawn disabled, with no count ("Hint (1 of
    4)" it read, and it answered), and a hint asked for says why there is none."""
    from tutor.puzzles import bundled, check
    from widgets.puzzle import PuzzleBoard

    p = next(q for q in bundled() if q.id == "diamonds-001")  # play goes on after the card
    board = PuzzleBoard(p, pause=0)

    def hint_button() -> list:
        (b,) = [n for n in drawn(board.panel, tmp_path)["nodes"] if n[0] == "button"
                and "int" in n[2]]
        return b

    assert hint_button()[2] == "Hint (1 of 4)" and "disabled" not in hint_button()[4]
    send(board.table, {"type": "play", "card": str(check(p).failing[0])})
    assert not board.session.over
    b = hint_button()
    assert b[2] == "No hints: the puzzle is over" and "disabled" in b[4]
    send(board.panel, {"type": "hint"})
    error = [n for n in drawn(board.panel, tmp_path)["nodes"] if n[1] == "tt-puzzle-error"]
    assert error[0][2].startswith("The puzzle is over: your goal is out of reach.")


def test_the_map_says_each_lesson_and_where_progress_lives(tmp_path: Path) -> None:
    """Issue 28: each chip shows its lesson's topic in words (a phone has no hover), and
    the start page and the puzzles page say the same true thing about where progress is
    kept (docs/design-notes.md, "Learners": files on the server, under this browser's id)."""
    from widgets.learner import LearnerMap

    nodes = drawn(LearnerMap(), tmp_path)["nodes"]  # no learner known: every lesson listed
    topics = [n[2] for n in nodes if n[1] == "tt-map-topic"]
    assert "Tricks and following suit" in topics and "King of Hearts" in topics
    where = "kept for this browser (in files where the tutor runs, under an id only this " \
            "browser knows"
    assert where in " ".join(n[2] for n in nodes if n[1] == "tt-map-note")
    page = json.loads((WIDGETS.parent / "lessons" / "puzzles.ipynb").read_text())
    prose = " ".join("".join(c["source"]).replace("\n", " ") for c in page["cells"])
    assert where in prose


def test_a_forced_card_is_the_only_choice_not_the_best(tmp_path: Path) -> None:
    """Issue 40: a forced card that made the bid 0% of the time wore the "best" badge; the
    hint of a forced decision marks it the only choice."""
    from tutor.advice.answer import Advice, Option
    from tutor.app.hints import hint_words

    view = play(TrixterGame.new(players=4, seed=2, dealer=1, first_hand=3), pause=0)
    forced = Advice(seat=0, kind="chance", samples=40, seconds=0.0, game="trixter",
                    options=[Option(Play(Card.parse("4C")), 0.0, "makes your bid almost never")])
    view.table.hint = hint_words(forced, step=3)
    assert view.table.hint["options"][0]["only"]
    marks = [n[2] for n in drawn(view.table, tmp_path)["nodes"] if "tt-hint-mark" in n[1]]
    assert marks == ["only choice"]
    two = Advice(seat=0, kind="chance", samples=40, seconds=0.0, game="trixter",
                 options=[Option(Play(Card.parse(c)), v, "")
                          for c, v in (("4C", 0.5), ("9D", 0.1))])
    view.table.hint = hint_words(two, step=3)
    marks = [n[2] for n in drawn(view.table, tmp_path)["nodes"] if "tt-hint-mark" in n[1]]
    assert marks == ["best"]


def test_the_hint_panel_draws_the_steps_shown(tmp_path: Path) -> None:
    """The table's hint panel, a step of the ladder at a time: the idea and a button for the
    card; then the choice and why and a button for the numbers; then the options ranked,
    the note, no button; a stale hint, everything greyed and no button. The line is not
    drawn twice when it is the why (no reason found)."""
    from tutor.advice.answer import Advice, Option
    from tutor.app.hints import hint_words

    view = play(TrixterGame.new(players=4, seed=2, dealer=1, first_hand=3), pause=0)
    cards = [Play(Card.parse(c)) for c in ("JD", "9D", "4C")]
    advice = Advice(seat=0, kind="chance", samples=2145, seconds=0.0, game="trixter",
                    options=[Option(a, v, f"makes your bid {round(100 * v)}% of the time")
                             for a, v in zip(cards, (0.8, 0.5, 0.1))], sure=1.0)

    def panel(step: int, stale: bool = False) -> list[list[str]]:
        view.table.hint = hint_words(advice, stale=stale, step=step)
        nodes = drawn(view.table, tmp_path)["nodes"]
        start = next(i for i, n in enumerate(nodes) if n[1].startswith("tt-hint"))
        return [n for n in nodes[start:] if n[1].startswith("tt-") and "hint" in n[1]]

    def words(nodes: list[list[str]], cls: str) -> list[str]:
        return [n[2] for n in nodes if cls in n[1].split()]

    one = panel(1)
    assert words(one, "tt-hint-title") == ["Hint"]
    assert words(one, "tt-hint-idea") == ["Think about what your bid still needs."]
    assert words(one, "tt-hint-next") == ["Show the card"] and not words(one, "tt-hint-option")
    two = panel(2)
    assert words(two, "tt-hint-title") == ["Hint: J♦"]
    assert words(two, "tt-hint-why") == [advice.explain()]
    assert words(two, "tt-hint-next") == ["Show the numbers"]
    three = panel(3)
    assert [w[:2] for w in words(three, "tt-hint-label")] == ["J♦", "9♦", "4♣"]
    assert not words(three, "tt-hint-next") and not words(three, "tt-hint-line")
    assert words(three, "tt-hint-note") == [
        "Tried on 2,145 ways the cards you cannot see could lie, each played to the end."]
    stale = panel(1, stale=True)
    assert "tt-hint-stale" in stale[0][1] and words(stale, "tt-hint-label")
    assert not words(stale, "tt-hint-next")
