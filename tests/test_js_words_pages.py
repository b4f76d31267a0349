"""The words of the review, puzzle, map, rush and quiz modules are ready for a second
language, as the play page's are (tests/test_js_words.py): each widget drawn at several
moments in a pseudo-language, where every translated message wears «», shows no word left
in English: neither the JavaScript's nor Python's, the puzzles' and the lessons' own texts
(tutor/puzzles/data, tutor/lessons/data) included."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("babel")

from drawn import drawn_states, traits_of  # noqa: E402
from test_drill import Tick, solve_one  # noqa: E402
from test_js_words import english_words, pseudo  # noqa: E402, F401 (a fixture)
from test_review_widget import played_out as bots_play  # noqa: E402
from tutor import TrixGame, TrixterGame  # noqa: E402
from tutor.app.progress_store import ProgressStore  # noqa: E402
from tutor.lessons import question  # noqa: E402
from tutor.puzzles import bundled, check  # noqa: E402
from tutor.review import review  # noqa: E402
from widgets import who  # noqa: E402
from widgets.learner import LearnerMap  # noqa: E402
from widgets.lesson import check as quiz, guided  # noqa: E402
from widgets.puzzle import PuzzleBoard  # noqa: E402
from widgets.review import ReviewBoard, ReviewPanel  # noqa: E402
from widgets.rush import PuzzleRush  # noqa: E402
from sent import send  # noqa: E402

Scene = list[tuple[Any, list[dict]]]
PUZZLES = {p.id: p for p in bundled()}


class Moments:
    """The synced traits of some widgets, noted at each moment of a scene."""

    def __init__(self, *widgets: Any) -> None:
        self.widgets = widgets
        self.states: dict[int, list[dict]] = {id(w): [] for w in widgets}

    def note(self) -> None:
        for w in self.widgets:
            self.states[id(w)].append(traits_of(w))

    def scenes(self) -> Scene:
        return [(w, self.states[id(w)]) for w in self.widgets]


def played_out(game: Any, level: str = "beginner", stop: Callable[[Any], bool] = lambda g: False,
               ) -> dict[str, Any]:
    """A game played by the bots (to its end, or until ``stop``), as its record."""
    return bots_play(game, level, stop).to_record()


def every_step(board: Any) -> Moments:
    """A review board at each of its steps, from the first decision to the end."""
    seen = Moments(board.panel, board.overview)
    seen.note()
    while not board.panel.state["at_end"]:
        send(board.panel, {"type": "step", "to": "next"})
        seen.note()
    return seen


def review_scene(_tmp: Path) -> Scene:
    """Games reviewed, each step of each: a short Trixter game (a bid with many choices, a
    mistake), a Trix deal of Trex (no mistake: places), a Trix deal played at random (a
    trick's mistakes); a review running, one failed, one with a decision it left out, and
    a panel with no game."""

    def board(record: dict[str, Any], found: Any) -> ReviewBoard:
        return ReviewBoard(record, seat=0, background=False, reviewer=lambda *a, **k: found)

    trixter = played_out(TrixterGame.new(players=4, seed=13, first_hand=20))
    found = review(trixter, 0, budget=100)
    b = board(trixter, found)
    seen = every_step(b)
    send(b.overview, {"type": "goto", "index": found.mistakes[0].index})
    send(b.panel, {"type": "step", "to": "next_mistake"})  # refused: none after it
    seen.note()

    def until_deal_2(game: Any) -> bool:  # a deal of 52 cards and its choices played
        return len(game.history) > 60

    trex = played_out(TrixGame.new(seed=1, owner=0), stop=until_deal_2)
    at_random = played_out(TrixGame.new(seed=1, owner=0), "random", until_deal_2)
    trix = [every_step(board(r, review(r, 0, budget=20))) for r in (trex, at_random)]

    go = threading.Event()

    def slow(record: Any, seat: int, *, seed: Any, progress: Any) -> Any:
        progress(1, 3)
        go.wait(10)
        return found

    running = ReviewBoard(trixter, seat=0, reviewer=slow)
    try:
        running._last_progress = 0
        later = Moments(running.panel, running.overview)
        later.note()
        send(running.panel, {"type": "step", "to": "next"})
        send(running.panel, {"type": "step", "to": "next_mistake"})  # refused: not ready
        later.note()
        send(running.panel, {"type": "step", "to": "last"})
        later.note()
    finally:
        go.set()
    assert running.wait(10)

    def broken(*_a: Any, **_k: Any) -> Any:
        raise RuntimeError("no solver")

    lost = ReviewBoard(trixter, seat=0, background=False, reviewer=broken)
    failed = Moments(lost.panel, lost.overview)
    failed.note()
    short = board(trixter, replace(found, decisions=found.decisions[1:]))
    left_out = Moments(short.panel)
    left_out.note()
    empty = Moments(ReviewPanel())
    empty.note()
    return [x for m in (seen, *trix, later, failed, left_out, empty) for x in m.scenes()]


def puzzle_scene(tmp: Path) -> Scene:
    """Puzzles from the catalogue: solved with a hint asked, failed and its solution shown,
    the defence leaving the line, one due for review, and a lesson's guided table."""
    store = ProgressStore(tmp / "p.json")
    board = PuzzleBoard(PUZZLES["make-n-001"], pause=0, store=store, on_next=lambda: None,
                        on_generate=lambda: None)
    seen = Moments(board.panel)
    seen.note()
    send(board.panel, {"type": "hint"})
    seen.note()
    send(board.panel, {"type": "hint"})
    seen.note()
    s = board.session
    while not s.over:
        send(board.table, {"type": "play", "card": str(s.hints().card)})
    seen.note()
    send(board.panel, {"type": "hint"})  # refused: over
    seen.note()

    # Failed with the deal not over: it may still be played out.
    failing = PuzzleBoard(PUZZLES["king-dodge-001"], pause=0, store=store, on_next=lambda: None)
    also = Moments(failing.panel)
    also.note()
    send(failing.table, {"type": "play", "card": str(check(failing.puzzle).failing[0])})
    also.note()
    send(failing.panel, {"type": "solution"})
    also.note()
    # Tried before: on the review schedule now.
    failing.load(PUZZLES["king-dodge-001"])
    also.note()

    line = PuzzleBoard(PUZZLES["king-dodge-002"], pause=0, rated=False, store=store)
    kept = Moments(line.panel)
    for _ in range(4):
        send(line.panel, {"type": "hint"})
    kept.note()
    send(line.table, {"type": "play", "card": "QS"})
    kept.note()

    lesson = guided("trixter-01-follow", pause=0)
    taught = Moments(lesson.panel)
    taught.note()
    send(lesson.table, {"type": "play", "card": "KS"})
    taught.note()
    send(lesson.table, {"type": "play", "card": "3S"})
    taught.note()
    return seen.scenes() + also.scenes() + kept.scenes() + taught.scenes()


def map_scene(tmp: Path) -> Scene:
    """The start page's map: no learner known yet, then one with lessons done and started,
    a check's score and puzzles played, a file loaded, a refusal."""
    shown = LearnerMap()
    seen = Moments(shown)
    seen.note()
    shown.handle({"type": "export"})  # refused: nobody known yet
    seen.note()
    learner = who.arrive("a" * 32, "/voila/render/00_start_here.ipynb")
    seen.note()  # known, nothing done
    learner.mark_opened("trixter/01_tricks.ipynb")
    shown.refresh()
    seen.note()  # continue the lesson begun
    learner.mark_check(["trixter-01-q-winner", "trixter-01-q-legal", "trixter-01-q-void"], 2)
    shown.refresh()
    seen.note()  # done: on to the next
    learner.mark_opened("trix/02_king_of_hearts.ipynb")
    learner.progress.record("make-n-001", "make", 1, solved=False)
    shown.refresh()
    seen.note()
    text = learner.export()
    assert shown.handle({"type": "import", "text": text})
    seen.note()
    shown.handle({"type": "import", "text": "junk"})
    seen.note()
    return seen.scenes()


def rush_scene(tmp: Path) -> Scene:
    """A puzzle rush: ready, running with a puzzle solved and one missed, an early
    "time-up" refused, the end; then stopped early."""
    clock = Tick()
    page = PuzzleRush(store=ProgressStore(tmp / "r.json"), pause=0, seed=1, clock=clock)
    seen = Moments(page.panel, page.board.panel)
    seen.note()
    send(page.panel, {"type": "start"})
    seen.note()
    clock.t += 12
    solve_one(page)
    seen.note()
    send(page.board.table, {"type": "play", "card": str(check(page.board.puzzle).failing[0])})
    seen.note()
    send(page.board.panel, {"type": "hint"})  # refused: no help in a rush
    send(page.panel, {"type": "time-up"})  # refused: not yet
    seen.note()
    clock.t += 170
    send(page.panel, {"type": "time-up"})
    seen.note()
    send(page.panel, {"type": "start"})
    clock.t += 60
    send(page.panel, {"type": "stop"})
    seen.note()
    return seen.scenes()


def quiz_scene(_tmp: Path) -> Scene:
    """A lesson's check: unanswered, a wrong pick, the right one, all done."""
    ids = ("trixter-01-q-winner", "trixter-01-q-void")
    q = quiz(*ids)
    seen = Moments(q)
    seen.note()
    right = question(ids[0]).answer
    q.answer(0, (right + 1) % 4)
    seen.note()
    q.answer(0, (right + 1) % 4)  # refused: tried already
    seen.note()
    q.answer(0, right)
    q.answer(1, question(ids[1]).answer)
    seen.note()
    return seen.scenes()


SCENES: dict[str, Callable[[Path], Scene]] = {
    "review": review_scene, "puzzle": puzzle_scene, "map": map_scene, "rush": rush_scene,
    "quiz": quiz_scene,
}


@pytest.mark.usefixtures("pseudo", "learner_home")
@pytest.mark.parametrize("scene", sorted(SCENES))
def test_every_word_drawn_is_translated(scene, tmp_path: Path):
    unmarked: dict[str, None] = {}
    for widget, states in SCENES[scene](tmp_path):
        assert len(states) >= 1
        for drawing in drawn_states(widget, states, tmp_path):
            unmarked.update(dict.fromkeys(english_words(drawing)))
    assert not unmarked, "\n".join(unmarked)


@pytest.mark.usefixtures("pseudo", "learner_home")
def test_the_catalogues_own_words_are_said_in_the_learners_language(tmp_path: Path):
    # PUZZLES was read in English, before the language was chosen: the words are said
    # when shown. A puzzle's title, prompt, first hint and key idea; a check's question.
    board = PuzzleBoard(PUZZLES["make-n-001"], pause=0, store=ProgressStore(tmp_path / "p.json"))
    send(board.panel, {"type": "hint"})
    state = board.panel.state
    assert state["title"] == "«Make your bid (exactly 1)»"
    assert state["prompt"] == ("«You are North. Spades are trump. West led the 10♣. Take "
                               "exactly 1 of the last 3 tricks.»")
    assert state["hints"][0] == ("«Count the tricks you still need and plan which cards "
                                 "will take them.»")
    s = board.session
    while not s.over:
        send(board.table, {"type": "play", "card": str(s.hints().card)})
    said = board.panel.state["explanation"]
    assert said.startswith("«Count the tricks") and said.endswith("»")
    assert "At your first move" in said
    checked = quiz("trix-01-q-deals").state["questions"][0]
    assert checked["text"] == "«How many deals does one kingdom have?»"
    assert checked["choices"] == ["«4»", "«5»", "«13»", "«20»"]
