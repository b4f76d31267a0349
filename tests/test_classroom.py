"""Class sets: codes, the same deals for every student, result files, the class table."""

from __future__ import annotations

import json

import pytest
from sent import send

from tutor.bots import bot_for, play_bot_turn
from tutor.lessons.classset import ClassResult, ClassSet, ClassSetError, gather
from widgets.classroom import class_set, results_folder, teacher_page


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIX_TUTOR_HOME", str(tmp_path))
    monkeypatch.delenv("QUERY_STRING", raising=False)
    return tmp_path


@pytest.mark.parametrize("code, words", [
    ("", "not a class set code"), ("trixter-12", "not a class set code"),
    ("trixter-1-0", "1 to 13 deals"), ("puzzles-1-21", "1 to 20 deals"),
    ("trix-1-6", "1 to 5 deals"), (None, "not a class set code"),
    ("chess-1-2", "trixter, trix or puzzles"),
])
def test_bad_codes_say_why(code, words):
    with pytest.raises(ClassSetError, match=words):
        ClassSet.parse(code)


@pytest.mark.parametrize("code", ["trixter-31-4", "trix-8-5", "puzzles-5-6"])
def test_the_same_code_gives_the_same_deals(code):
    a, b = ClassSet.parse(code), ClassSet.parse(code.upper())
    if a.activity == "puzzles":
        assert [p.id for p in a.puzzles()] == [p.id for p in b.puzzles()]
        assert len(a.puzzles()) == 6
        return
    ga, gb = a.game(), b.game()
    assert [str(h) for h in ga.hands] == [str(h) for h in gb.hands]
    assert ga.to_move == gb.to_move == 0  # the student (seat 0) deals / owns


def _play_out(game, deals_wanted=None):
    """Every seat by the beginner bot, to the end of the class set's deals."""
    bots = [bot_for(game.observe(0)["game"], "beginner", seed=s) for s in range(4)]
    while not game.is_over:
        rows = [r for r in game.score_sheet() if r.get("redeal") is None]
        if deals_wanted is not None and len(rows) >= deals_wanted:
            break
        if game.to_move is None:
            game.next_hand()
            continue
        play_bot_turn(game, bots[game.to_move])


def test_trixter_class_set_plays_its_hands_and_hands_in_a_result(home):
    page = class_set("trixter-31-3")
    assert not page.begin() and "name" in page.status.value  # no name yet: nothing starts
    assert page.view is None
    page.name.value = "Sam"
    assert page.begin()
    game = page.view.game
    assert game.hand_size == 3
    _play_out(game)
    assert game.is_over and len(game.score_sheet()) == 3  # hands of 3, 2 and 1 cards
    r = page.submit()
    assert r.finished and r.points == [row["points"][0] for row in game.score_sheet()]
    saved = json.loads((results_folder() / r.filename).read_text())
    assert saved["class_set"] == "trixter-31-3" and saved["student"] == "Sam"
    assert "Download your result file" in page.receipt.value


def test_trix_class_set_counts_the_first_deals_of_the_kingdom():
    page = class_set("trix-8-2")
    page.name.value = "Ana"
    page.begin()
    game = page.view.game
    assert game.owner == 0
    _play_out(game, deals_wanted=2)
    r = page.result()
    assert len(r.points) == 2 and r.finished and r.record["format"] == "trix-tutor/trix"


def test_puzzle_class_set_counts_first_results_in_order():
    page = class_set("puzzles-5-3")
    page.name.value = "Lee"
    page.begin()
    assert page.result().points == []  # nothing tried yet
    first = page.boards[0]
    first.pause = 0  # the defence's pace is the browser's; here it would only wait
    first.show_solution()  # counts as missed
    assert page.result().points == [0] and not page.result().finished


def test_query_string_fills_the_code(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "code=trix-4-5&x=1")
    assert class_set().code.value == "trix-4-5"


def test_gather_compares_with_the_class_average_and_lists_bad_files():
    cs = ClassSet("trixter", 3, 2)
    files = [("a.json", ClassResult(cs, "Ana", [12, -5], True).dumps()),
             ("b.json", ClassResult(cs, "Ben", [-5, 11], True).dumps()),
             ("c.json", ClassResult(cs, "Cy", [11], False).dumps()),
             ("d.json", ClassResult(ClassSet("trix", 1, 5), "Dee", [0]).dumps()),
             ("e.json", b"\xff\xfe"),
             ("f.json", json.dumps({"format": "trix-tutor/class-result", "version": 1,
                                    "class_set": "trixter-3-2", "student": "Eve",
                                    "points": [1, 2, 3]}))]
    t = gather(files)
    # deal 1: (12 - 5 + 11) / 3 = 6; deal 2: (-5 + 11) / 2 = 3
    assert t.averages == [6.0, 3.0]
    by = {r["student"]: r for r in t.rows}
    assert by["Ana"]["vs_average"] == 6 - 8 and by["Ben"]["vs_average"] == -11 + 8
    assert by["Cy"]["vs_average"] == 5
    assert [r["student"] for r in t.rows] == ["Cy", "Ana", "Ben"]  # +5, -2, -3
    assert len(t.problems) == 3 and "not trixter-3-2" in t.problems[0]
    assert "at most 2 numbers" in t.problems[2]


def test_teacher_page_links_the_class_set_page_on_the_server_and_the_static_site(
        monkeypatch):
    import widgets.classroom

    t = teacher_page(seed=4)
    code = t.class_set().code
    assert f'href="class_set.ipynb?code={code}"' in t.code.value
    assert "this link fills in the code) and type their name." in t.code.value
    monkeypatch.setattr(widgets.classroom, "STATIC_SITE", True)  # as in Pyodide
    t.show_code()
    assert 'href="class_set.html"' in t.code.value and "?code" not in t.code.value
    assert ", type the code and their name." in t.code.value


def test_teacher_page_makes_codes_and_reads_the_server_folder():
    t = teacher_page(seed=4)
    t.activity.value = "puzzles"
    t.deals.value = 7
    assert "puzzles-" in t.code.value and "-7" in t.code.value
    page = class_set(ClassSet("trixter", 2, 1).code)
    page.name.value = "Kim"
    page.begin()
    _play_out(page.view.game)
    page.submit()
    table = t.read_folder()
    assert [r["student"] for r in table.rows] == ["Kim"]
    assert "Kim" in t.table.value and "<svg" in t.table.value


def test_enter_in_the_class_code_starts_as_the_start_button_does(home):
    page = class_set("trixter-31-3")
    page.name.value = "Sam"
    send(page.code, {"event": "submit"})  # Enter, as ipywidgets' Text view says it
    assert page.view is not None and page.view.game.hand_size == 3
