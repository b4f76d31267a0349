"""Every message a page sends, read off the wire in whole games and puzzles, against the
declared schema of what a page receives (``tutor.app.views.VIEW_SCHEMA``), and none of them
holding a card the learner may not see.

A synced trait sends its value to the browser whenever it changes (ipywidgets'
``notify_change``), so a trait observer sees exactly the messages the page sends."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

pytest.importorskip("anywidget")

from sizes import sampled, sized  # noqa: E402
from test_widgets import message_for, send  # noqa: E402
from tutor import TrixGame, TrixterGame  # noqa: E402
from tutor.advice import advise  # noqa: E402
from tutor.app.views import VIEW_SCHEMA, check_part, check_views  # noqa: E402
from tutor.engine.cards import Card  # noqa: E402
from tutor.puzzles import bundled  # noqa: E402
from widgets.play import GameView  # noqa: E402
from widgets.puzzle import PuzzleBoard  # noqa: E402

PUZZLES = {p.id: p for p in bundled()}

# The synced dict traits each widget's part of the views goes to.
PARTS = {("CardTable", "state"): "table", ("CardTable", "open_hands"): "open_hands",
         ("CardTable", "hint"): "hint", ("CardTable", "result"): "result",
         ("CardTable", "offer"): "offer", ("BidPanel", "state"): "bids",
         ("TrexLayout", "state"): "trex", ("ScoreSheet", "state"): "scores"}


class Wire:
    """Every value the page's widgets send, with the cards hidden from the learner at the
    moment it was sent."""

    def __init__(self, widgets: list[Any], hidden) -> None:
        self.sent: list[tuple[str, str, Any, frozenset[str]]] = []
        self.hidden = hidden
        for w in widgets:
            names = [k for k in w.traits(sync=True) if not k.startswith("_")]
            w.observe(partial(self._note, type(w).__name__), names=names)

    def _note(self, widget: str, change: dict[str, Any]) -> None:
        self.sent.append((widget, change["name"], change["new"], self.hidden()))

    def problems(self, puzzle: bool = False) -> list[str]:
        out = []
        for widget, name, value, hidden in self.sent:
            part = PARTS.get((widget, name))
            if part is not None:
                out += [f"{widget}.{name}: {p}" for p in check_part(part, value, puzzle)]
            leaked = cards_in(value) & hidden
            if leaked:
                out.append(f"{widget}.{name} holds hidden cards {sorted(leaked)}")
        return out


# The deal before's summary and the score sheet's rows of finished deals name those deals'
# cards (their doubled queens), which a new deal has dealt afresh: not the hands now.
PAST = ("last_deal", "last_hand", "rows")


def cards_in(value: Any) -> set[str]:
    """Every card of the deal now a message carries as a card (a text that is exactly one)."""
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for k, v in value.items() if k not in PAST))
    if isinstance(value, (list, tuple)):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if isinstance(value, str) and 2 <= len(value) <= 3:
        try:
            return {str(Card.parse(value))}
        except ValueError:
            return set()
    return set()


def hidden_from(game, seat: int, opened=()) -> frozenset[str]:
    """The cards in the other seats' hands now that nobody has shown (a lesson may show
    some seats' hands face up: ``opened``)."""
    view = game.observe(seat)
    shown = {c for cards in (view.get("public") or {}).values() for c in cards}
    shown |= {c for c, _s in view.get("doubles") or ()}  # a doubled card is shown to all
    return frozenset(str(c) for s in range(game.n_players) if s != seat and s not in opened
                     for c in game.hands[s]) - shown


def quick_advice(view, seat=None, seconds=None, seed=0, budget=None):
    """The real advice on a small budget (the hint's words, not its strength, are tested)."""
    return advise(view, seat, seed=seed, budget=12)


def play_whole_game(game, seed: int, opened=(), hint_every: int = 7) -> Wire:
    """The learner plays a random legal action at every decision (a hint first at some),
    through the messages the browser sends, to the end of the game."""
    view = GameView(game, seat=0, opponents="random", pause=0, advisor=quick_advice,
                    open_hands=opened)
    wire = Wire(view.parts, lambda: hidden_from(view.session.game, 0, opened))
    rng = random.Random(seed)
    decisions = 0
    while not view.session.game.is_over:
        g = view.session.game
        assert g.to_move in (0, None), "the computer seats play at once with no pause"
        if decisions % hint_every == 0 and g.to_move == 0:
            send(view.table, {"type": "hint"})
        action = rng.choice(list(g.legal_actions(0))) if g.to_move == 0 else "next"
        send(view.table, message_for(str(action)))
        assert not view.table.error, view.table.error
        decisions += 1
    return wire


@pytest.mark.parametrize("game, opened", [  # the quick lane: a Trixter game with a hand shown
    pytest.param(lambda: TrixterGame.new(players=4, seed=3, first_hand=3), (), id="trixter",
                 marks=pytest.mark.slow),
    pytest.param(lambda: TrixterGame.new(players=5, seed=4, first_hand=2), (2,),
                 id="trixter-5-a-hand-shown"),
    pytest.param(lambda: TrixGame.new(seed=5), (), id="trix"),
])
def test_every_message_of_a_whole_game_is_as_declared_and_hides_the_other_hands(game, opened):
    wire = play_whole_game(game(), seed=1, opened=opened)
    sent = {(w, n) for w, n, _v, _h in wire.sent}
    # every part went out, so the schema was tried on each (a saved game's offer has its
    # own tests; hands face up only where a lesson shows them)
    assert set(PARTS) - sent == {("CardTable", "offer")} | (
        set() if opened else {("CardTable", "open_hands")})
    assert any(w == "CardTable" and n == "hint" and v.get("step") for w, n, v, _ in wire.sent)
    assert any(w == "CardTable" and n == "result" and v for w, n, v, _ in wire.sent)
    assert wire.problems() == []


def test_the_check_finds_what_the_schema_does_not_allow():
    game = TrixGame.new(seed=5)
    view = GameView(game, seat=0, opponents="random", pause=0)
    good = {"table": view.table.state, "open_hands": {}, "bids": view.bids.state,
            "trex": view.trex.state, "show_trex": False, "scores": view.scores.state}
    assert check_views(good) == []
    other = str(next(iter(game.hands[1])))
    assert check_views({**good, "table": {**good["table"], "hand": ["ZZ"]}}) == [
        "table.hand: not a list of cards"]
    assert check_views({**good, "table": {**good["table"], "trick": [[1]]}}) == [
        "table.trick: not a list of [seat, card] plays"]
    no_seat = {k: v for k, v in good["table"].items() if k != "seat"}
    assert check_views({**good, "table": no_seat}) == ["table.seat: missing"]
    assert check_views({**good, "table": {**good["table"], "hands": [[other]]}}) == [
        "table.hands: not a field of the schema"]  # a field nobody declared is refused
    assert check_views({**good, "open_hands": {"1": [other], "x": []}}) == [
        "open_hands: not an object of seat -> cards"]
    assert check_views({**good, "extra": 1}) == ["extra: not a part of the schema"]
    assert check_part("hint", {"thinking": True}) == []
    assert check_part("hint", {"title": 3}) != []
    # the leak check itself: a hidden card in any message is found
    wire = Wire([], lambda: frozenset())
    wire.sent.append(("CardTable", "state", {**good["table"], "hand": [other]},
                      hidden_from(game, 0)))
    assert wire.problems() == [f"CardTable.state holds hidden cards ['{other}']"]
    assert set(VIEW_SCHEMA["trix"]) >= set(game.observe(0))  # the engine's view, all declared
    assert set(VIEW_SCHEMA["trixter"]) >= set(TrixterGame.new(players=4, seed=1).observe(0))


def puzzle_hidden(board) -> frozenset[str]:
    """The cards of the seats the learner may not see in this puzzle now (none once it is
    over: then every hand is shown, so its explanation can be followed)."""
    s = board.session
    if s.over:
        return frozenset()
    hands = s.hands()
    return frozenset(str(c) for k in range(s.puzzle.players)
                     if k != s.seat and k not in s.puzzle.seen for c in hands[k])


def every_theme(per_theme: int) -> list[str]:
    """The first puzzles of each theme."""
    seen: dict[str, int] = {}
    out = []
    for p in PUZZLES.values():
        seen[p.theme] = seen.get(p.theme, 0) + 1
        if seen[p.theme] <= per_theme:
            out.append(p.id)
    return out


# Three of each theme (45 puzzles; a third of them in the quick lane, tests/sizes.py); every
# puzzle in `make test-long` (199, measured clean).
@pytest.mark.sized
@pytest.mark.parametrize("pid", sampled(every_theme(sized(3, 99)), 3))
def test_every_message_of_a_puzzle_is_as_declared_and_hides_the_other_hands(pid):
    board = PuzzleBoard(PUZZLES[pid], pause=0)
    wire = Wire([board.table, board.trex], lambda: puzzle_hidden(board))
    s = board.session
    rng = random.Random(pid)
    send(board.table, {"type": "hint"})
    while not s.over:
        send(board.table, {"type": "play", "card": str(rng.choice(s.legal()))})
        assert not board.table.error, board.table.error
    sent = {(w, n) for w, n, _v, _h in wire.sent}
    assert ("CardTable", "state") in sent
    assert wire.problems(puzzle=True) == []
