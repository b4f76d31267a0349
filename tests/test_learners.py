"""Each learner's own progress on a shared server: identity, lesson marks, the map, and the
progress file taken to another machine. Two learners never see or change each other's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.engine import records
from tutor.lessons.classset import ClassResult, ClassSet
from tutor.app.learners import (Learner, LearnerError, MemoryStore, check_id, lesson_of_page,
                            lesson_of_question)
from tutor.engine.trixter import TrixterGame
from widgets import who
from widgets.learner import LearnerMap, map_state
from widgets.quiz import Quiz
from widgets.table import CardTable

A, B = "a" * 32, "0123456789abcdef" * 2


@pytest.fixture(autouse=True)
def home(learner_home):
    return learner_home


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


# --- identity --------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["", "A" * 32, "a" * 31, "a" * 33, "../" + "a" * 29,
                                 "g" * 32, None, 12, ["a" * 32], "a" * 31 + "\n"])
def test_a_malformed_id_is_refused_before_any_file_is_touched(home, bad):
    with pytest.raises(LearnerError, match="32 hexadecimal"):
        check_id(bad)
    with pytest.raises(LearnerError):
        who.arrive(bad, "/voila/render/trixter/01_tricks.ipynb")
    assert who.current() is None and files(home) == {}


def test_a_page_is_one_learners_and_the_waiting_widgets_are_told():
    told = []
    who.when_known(lambda x: told.append(("first", x.id)))
    learner = who.arrive(A, "/voila/render/trix/03_queens.ipynb")
    who.when_known(lambda x: told.append(("later", x.id)))
    assert told == [("first", A), ("later", A)]
    assert learner.lesson_status("trix/03_queens.ipynb") == "started"
    assert who.arrive(A, "/voila/render/trix/03_queens.ipynb") is learner
    with pytest.raises(LearnerError, match="another learner"):
        who.arrive(B, "")
    assert who.current() is learner


def test_a_widget_passes_on_the_id_its_browser_sends_and_refuses_junk(home):
    table = CardTable()
    table.page = "/voila/render/trixter/02_trump.ipynb"
    table.learner = "not-an-id"
    assert "cannot be kept" in table.error and who.current() is None
    assert files(home) == {}
    other = CardTable()
    other.set_state({"learner": A, "page": "/voila/render/trixter/02_trump.ipynb"})
    assert who.current().id == A
    assert who.current().lesson_status("trixter/02_trump.ipynb") == "started"


@pytest.mark.parametrize("page, path", [
    ("/voila/render/trixter/05_bidding.ipynb", "trixter/05_bidding.ipynb"),
    ("/lab/tree/lessons/trix/rules.ipynb", "trix/rules.ipynb"),
    ("/voici/render/trixter/rules.html", "trixter/rules.ipynb"),
    ("/voici/render/play_trix.html", "play_trix.ipynb"),
    ("/voila/render/00_start_here.ipynb", None), ("/voila/render/nope.ipynb", None),
    ("/voila/render/puzzles", None), (None, None)])
def test_pages_are_known_by_their_address(page, path):
    assert lesson_of_page(page) == path


# --- two learners on one server --------------------------------------------------------
def test_two_learners_keep_separate_ratings_streaks_and_lesson_marks(home):
    a, b = Learner(A), Learner(B)
    a.progress.record("p1", "king", 3, solved=True)
    a.progress.record("p2", "king", 3, solved=True)
    b.progress.record("p1", "king", 3, solved=False)
    a.mark_opened("trixter/01_tricks.ipynb")
    a.mark_check(["trixter-01-q-winner", "trixter-01-q-legal", "trixter-01-q-void"], 2)
    b.mark_opened("trix/02_king_of_hearts.ipynb")
    # A server restart: nothing but the files is left.
    a2, b2 = Learner(A), Learner(B)
    pa, pb = a2.progress.progress, b2.progress.progress
    assert (pa.streak, pb.streak) == (2, 0)
    assert pa.rating > 1500 > pb.rating
    assert [h.id for h in pb.history] == ["p1"]
    assert a2.lesson_status("trixter/01_tricks.ipynb") == "done"
    assert a2.check_score("trixter/01_tricks.ipynb") == (2, 3)
    assert b2.lesson_status("trixter/01_tricks.ipynb") == "not started"
    assert a2.lesson_status("trix/02_king_of_hearts.ipynb") == "not started"
    assert b2.lesson_status("trix/02_king_of_hearts.ipynb") == "started"
    assert sorted(p.name for p in (home / "learners").iterdir()) == sorted([A, B])


def test_lesson_status_and_the_best_check_is_kept():
    a = Learner(A)
    path = "trixter/05_bidding.ipynb"
    assert a.lesson_status(path) == "not started" and a.check_score(path) is None
    a.mark_opened(path, when="2026-01-01T10:00:00+00:00")
    assert a.lesson_status(path) == "started"
    ids = ["trixter-05-q-trump", "trixter-05-q-exact", "trixter-05-q-zero", "trixter-05-q-over"]
    a.mark_check(ids, 3)
    a.mark_check(ids, 1)  # a worse second go does not erase the first
    assert a.lesson_status(path) == "done" and a.check_score(path) == (3, 4)
    a.mark_opened("trixter/rules.ipynb")  # no check: opened is done
    assert a.lesson_status("trixter/rules.ipynb") == "done"
    assert Learner(A).marks[path].opened == "2026-01-01T10:00:00+00:00"


def test_continue_goes_to_the_next_lesson_not_done():
    a = Learner(A)
    assert a.continue_at() is None
    for i, x in enumerate(["trixter/07_reading_bids.ipynb", "trixter/08_full_game.ipynb",
                           "trixter/rules.ipynb"]):
        a.mark_opened(x, when=f"2026-01-0{i + 1}T10:00:00+00:00")
    assert a.continue_at() == "trixter/08_full_game.ipynb"  # opened, its check not done
    a.mark_check(["trixter-08-q-sure", "trixter-08-q-dealer", "trixter-08-q-zero"], 3,
                 when="2026-01-03T10:00:00+00:00")
    a.mark_opened("trixter/rules.ipynb", when="2026-01-04T10:00:00+00:00")
    # Nothing after the rules page: the lesson begun and not finished comes first...
    assert a.continue_at() == "trixter/07_reading_bids.ipynb"
    a.mark_check(["trixter-07-q-zero", "trixter-07-q-high", "trixter-07-q-total"], 2,
                 when="2026-01-05T10:00:00+00:00")
    # ... then the other track (Trixter 1 to 6 were skipped on purpose, it seems).
    assert a.continue_at() == "trix/01_kingdom.ipynb"


def test_questions_belong_to_their_lesson():
    assert lesson_of_question("trixter-05-q-exact") == "trixter/05_bidding.ipynb"
    assert lesson_of_question("trix-09-q-sum") == "trix/09_full_kingdom.ipynb"
    assert lesson_of_question("trixter-99-q-x") is None
    assert lesson_of_question("x-01-q") is None


def test_a_damaged_lesson_file_counts_as_none_and_is_replaced(home):
    a = Learner(A)
    (a.dir).mkdir(parents=True)
    (a.dir / "lessons.json").write_text("{not json", encoding="utf-8")
    assert a.lesson_status("trix/01_kingdom.ipynb") == "not started"
    a.mark_opened("trix/01_kingdom.ipynb")
    assert Learner(A).lesson_status("trix/01_kingdom.ipynb") == "started"


# --- the saved game of each play page ---------------------------------------------------
def test_a_saved_game_is_the_learners_own():
    game = TrixterGame.new(players=4, seed=3)
    a, b = Learner(A), Learner(B)
    a.save_game("trixter", records.dumps(game))
    assert b.saved_game("trixter") is None and a.saved_game("trix") is None
    assert records.loads(a.saved_game("trixter")).to_record() == game.to_record()
    a.drop_game("trixter")
    a.drop_game("trixter")  # twice is fine
    assert a.saved_game("trixter") is None
    with pytest.raises(LearnerError):
        a.save_game("../x", "{}")


# --- the progress file, taken to another machine ---------------------------------------
def filled(learner: Learner) -> Learner:
    learner.progress.record("p1", "king", 2, solved=True, when="2026-01-01T10:00:00+00:00")
    learner.progress.record("p2", "queens", 4, solved=False, when="2026-01-02T10:00:00+00:00")
    learner.mark_opened("trix/03_queens.ipynb", when="2026-01-03T10:00:00+00:00")
    learner.mark_check(["trix-03-q-double", "trix-03-q-winner", "trix-03-q-end"], 3)
    learner.save_game("trixter", records.dumps(TrixterGame.new(players=5, seed=8)))
    r = ClassResult(ClassSet.parse("trixter-4821-2"), "Ana", [12, -5], True)
    learner.save_class_result(r.filename, r.dumps())
    return learner


def test_a_downloaded_progress_file_restores_it_elsewhere(tmp_path):
    a = filled(Learner(A, root=tmp_path / "school"))
    text = a.export()
    assert A not in text  # the id stays with the browser
    home = Learner(B, root=tmp_path / "home")
    words = home.load_export(text)
    assert words.startswith("Progress loaded: rating ") and "2 puzzle attempts" in words
    again = Learner(B, root=tmp_path / "home")
    assert again.progress.progress == a.progress.progress
    assert again.check_score("trix/03_queens.ipynb") == (3, 3)
    assert again.lesson_status("trix/03_queens.ipynb") == "done"
    assert again.saved_game("trixter") == a.saved_game("trixter")
    assert again.class_results() == a.class_results() and len(a.class_results()) == 1
    assert json.loads(again.export())["lessons"] == json.loads(text)["lessons"]


def test_an_old_puzzle_progress_file_loads_too(tmp_path):
    a = filled(Learner(A, root=tmp_path))
    b = Learner(B, root=tmp_path)
    b.load_export(a.progress.progress.to_json())
    assert b.progress.progress == a.progress.progress


def bad_exports(good: str) -> list[tuple[str, str]]:
    data = json.loads(good)

    def but(**change) -> str:
        return json.dumps({**data, **change})

    return [
        ("not json {", "not JSON"),
        ("[1, 2]", "not a trix-tutor progress file"),
        (json.dumps({"format": "something/else"}), "not a trix-tutor progress file"),
        (but(version=99), "another version"),
        (but(progress={"rating": "high"}), "puzzle progress is damaged"),
        (but(lessons={"../../etc/passwd": {}}), "names no lesson"),
        (but(lessons={"trix/03_queens.ipynb": {"checks": {"q": [5, 3]}}}), "two counts"),
        (but(lessons=[]), "not an object"),
        (but(games={"chess": "{}"}), "not of the play pages"),
        (but(games={"trix": "{\"game\": \"trix\", \"moves\": 7}"}), "does not replay"),
        (" " * 2_000_001, "too large"),
        (but(class_sets={"../x.json": "{}"}), "not a list of files"),
        (but(class_sets={"r.json": "{}"}), "is damaged"),
        (but(class_sets=[1]), "not a list of files"),
    ]


def test_a_junk_progress_file_is_refused_and_changes_nothing(tmp_path):
    good = filled(Learner(A, root=tmp_path / "a")).export()
    b = filled(Learner(B, root=tmp_path / "b"))
    b.progress.record("p9", "trex", 5, solved=True)
    before = files(tmp_path / "b")
    for text, why in bad_exports(good):
        with pytest.raises(LearnerError, match=why):
            Learner(B, root=tmp_path / "b").load_export(text)
        assert files(tmp_path / "b") == before, why


def test_memory_store_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = MemoryStore()
    store.record("p1", "king", 3, solved=True)
    assert store.progress.streak == 1 and list(tmp_path.iterdir()) == []


# --- the widgets ------------------------------------------------------------------------
QUIZ = ["trixter-01-q-winner", "trixter-01-q-legal", "trixter-01-q-void"]


def finish(quiz: Quiz, first_wrong: int = 0) -> None:
    for i, q in enumerate(quiz.questions):
        if i < first_wrong:
            quiz.answer(i, (q.answer + 1) % len(q.choices))
        quiz.answer(i, q.answer)


def test_a_finished_check_marks_the_lesson_once_the_learner_is_known():
    from tutor.lessons.quiz import question

    quiz = Quiz([question(q) for q in QUIZ])
    finish(quiz, first_wrong=1)
    assert who.current() is None  # nobody to mark it for yet: it waits
    learner = who.arrive(A, "/voila/render/trixter/01_tricks.ipynb")
    assert learner.check_score("trixter/01_tricks.ipynb") == (2, 3)
    assert Learner(B).check_score("trixter/01_tricks.ipynb") is None


def test_a_finished_check_is_saved_before_all_done_shows():
    """Voila closes a page's kernel when the learner leaves it: the lesson's mark must be
    on disk by the time "All done" reaches the browser."""
    from tutor.lessons.quiz import question

    learner = who.arrive(A, "/voila/render/trixter/01_tricks.ipynb")
    quiz = Quiz([question(q) for q in QUIZ])
    seen = []
    quiz.observe(lambda change: seen.append(
        (change["new"]["summary"], Learner(A).lesson_status("trixter/01_tricks.ipynb"))),
        names="state")
    finish(quiz)
    assert seen[-1] == ("All done: 3 of 3 right at the first try. Well played!", "done")
    assert [status for summary, status in seen if not summary] == ["started"] * (len(seen) - 1)
    assert learner.check_score("trixter/01_tricks.ipynb") == (3, 3)


def test_two_pages_of_one_learner_keep_each_others_marks():
    """Each page has its own kernel and its own ``Learner``: a mark made on one page is
    not overwritten by the other page's older copy of the marks."""
    lesson_page, other_page = Learner(A), Learner(A)
    lesson_page.mark_opened("trixter/01_tricks.ipynb")
    other_page.mark_opened("trixter/02_trump.ipynb")  # read before the check below
    lesson_page.mark_check(QUIZ, 3)
    other_page.mark_opened("puzzles.ipynb")
    fresh = Learner(A)
    assert fresh.lesson_status("trixter/01_tricks.ipynb") == "done"
    assert fresh.check_score("trixter/01_tricks.ipynb") == (3, 3)
    assert fresh.lesson_status("trixter/02_trump.ipynb") == "started"
    assert fresh.lesson_status("puzzles.ipynb") == "done"


def test_the_map_shows_each_lesson_and_where_to_continue():
    state = map_state(None)
    assert not state["known"] and state["continue"] is None
    assert all(x["status"] == "not started" for t in state["tracks"] for x in t["lessons"])
    a = Learner(A)
    a.mark_opened("trixter/01_tricks.ipynb", when="2026-01-01T10:00:00+00:00")
    a.mark_check(QUIZ, 3, when="2026-01-01T10:05:00+00:00")
    a.mark_opened("trix/02_king_of_hearts.ipynb", when="2026-01-01T09:00:00+00:00")
    state = map_state(a)
    by = {x["path"]: x for t in state["tracks"] for x in t["lessons"]}
    assert by["trixter/01_tricks.ipynb"]["status"] == "done"
    assert by["trixter/01_tricks.ipynb"]["score"] == [3, 3]
    assert by["trix/02_king_of_hearts.ipynb"]["status"] == "started"
    assert by["trixter/02_trump.ipynb"]["status"] == "not started"
    assert by["trixter/02_trump.ipynb"]["short"] == "Trixter 2"
    assert [x["label"] for x in state["tracks"][1]["lessons"]] == [
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "Rules"]
    # The last lesson opened is done: continue with the next one of its track.
    assert state["continue"] == {"path": "trixter/02_trump.ipynb", "title": "Trump",
                                 "short": "Trixter 2", "again": False}
    a.mark_opened("trix/02_king_of_hearts.ipynb", when="2026-01-02T09:00:00+00:00")
    assert map_state(a)["continue"]["path"] == "trix/02_king_of_hearts.ipynb"
    assert map_state(a)["continue"]["again"] is True
    # Pages that are not lessons (puzzles, play) do not move "continue".
    a.mark_opened("puzzles.ipynb", when="2026-01-03T09:00:00+00:00")
    assert map_state(a)["continue"]["path"] == "trix/02_king_of_hearts.ipynb"
    assert map_state(a)["played"] == 0
    a.progress.record("p1", "king", 3, solved=False)
    assert map_state(a)["played"] == 1 and map_state(a)["rating"].startswith("Rating")


def test_the_map_sends_the_file_and_loads_one_and_refuses_junk(monkeypatch):
    m = LearnerMap()
    sent = []
    monkeypatch.setattr(m, "send", lambda content: sent.append(content))
    assert not m.handle({"type": "export"}) and "reload" in m.error  # not known yet
    learner = who.arrive(A, "/voila/render/00_start_here.ipynb")
    assert m.state["known"]
    filled(learner)
    assert m.handle({"type": "export"}) and m.error == ""
    assert sent[-1]["name"].endswith(".json")
    text = sent[-1]["text"]
    assert json.loads(text)["progress"] == learner.progress.progress.to_dict()
    before = files(learner.dir)
    for msg in [None, "export", {"type": "export", "x": 1}, {"type": "import"},
                {"type": "import", "text": 5}, {"type": "delete"},
                {"type": "import", "text": "junk"}]:
        assert not m.handle(msg), msg
        assert m.error and files(learner.dir) == before
    assert "unchanged" in m.error
    fresh = Learner(B)  # the same file on another learner's page
    who.forget()
    m2 = LearnerMap()
    who.arrive(B, "/voila/render/00_start_here.ipynb")
    assert m2.handle({"type": "import", "text": text})
    assert fresh.__class__(B).check_score("trix/03_queens.ipynb") == (3, 3)
    by = {x["path"]: x for t in m2.state["tracks"] for x in t["lessons"]}
    assert by["trix/03_queens.ipynb"]["status"] == "done"
    assert m2.state["message"].startswith("Progress loaded")


def test_a_handed_in_class_set_is_kept_for_its_learner_only():
    from widgets.classroom import class_set

    page = class_set("trixter-4821-2")
    page.name.value = "Ana"
    assert page.begin()
    who.arrive(A, "/voila/render/class_set.ipynb")
    r = page.submit()
    assert r is not None
    assert Learner(A).class_results() == {r.filename: r.dumps()}
    assert Learner(B).class_results() == {}


def test_puzzle_pages_keep_the_result_for_the_learner_who_played(home):
    """A lesson's puzzle and the puzzles page start in memory and move to the learner's own
    progress once the browser names them; the result lands in that learner's file only."""
    from test_puzzle_board import solve_by_clicking

    from widgets.lesson import puzzle, puzzle_trainer

    board = puzzle("make-n-001")
    trainer = puzzle_trainer(seed=1)
    shown = trainer.board.puzzle.id
    assert list(home.iterdir()) == []  # nobody named yet: nothing written
    who.arrive(A, "/voila/render/puzzles.ipynb")
    mine = home / "learners" / A / "progress.json"
    assert trainer.board.puzzle.id == shown  # a fresh learner: the puzzle on the board stays
    assert trainer.store.path == board.store.path == mine
    board.pause = trainer.board.pause = 0  # the defence's pace: only waiting here
    solve_by_clicking(board)
    solve_by_clicking(trainer.board)
    progress = Learner(A).progress.progress
    # The lesson's puzzle is practice: solved and kept, but not a rated attempt.
    assert progress.is_solved("make-n-001") and progress.is_solved(shown)
    assert [(h.id, h.outcome) for h in progress.history] == [(shown, "solved")]
    assert Learner(B).progress.progress.history == []
    assert Learner(B).progress.progress.tried == set()
