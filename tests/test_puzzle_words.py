"""What the puzzle board says, and that its words agree with what it counts: a hinted
solve is one outcome for the note, the rating, the streak and the table; the hint button
counts its four steps; the learner's only legal card is shown before it is played."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("anywidget")

from tutor.puzzles import bundled, loads  # noqa: E402
from tutor.app.attempts import OUTCOME_TITLES
from tutor.app.progress import Progress
from tutor.app.progress_store import ProgressStore
from widgets import puzzle as puzzle_widget  # noqa: E402
from widgets.puzzle import PuzzleBoard, progress_html  # noqa: E402

from test_puzzle_board import send  # noqa: E402
from test_puzzle_board import solve_by_clicking as solve  # noqa: E402

PUZZLES = {p.id: p for p in bundled()}




def test_a_hinted_solve_is_one_truth_in_words_rating_streak_and_table(tmp_path):
    store = ProgressStore(tmp_path / "p.json")
    first = PuzzleBoard(PUZZLES["make-n-001"], pause=0, store=store)
    solve(first)  # a clean solve first: a streak of 1, a rating above 1500
    assert first.panel.state["result"] == "solved"
    assert first.panel.state["result_words"].startswith("Solved without hints: counted as "
                                                        "solved (rating 1500 → ")
    before, streak = store.progress.rating, store.progress.streak
    assert streak == 1

    board = PuzzleBoard(PUZZLES["king-dodge-001"], pause=0, store=store)
    send(board.panel, {"type": "hint"})
    solve(board)
    assert board.session.reached() and board.panel.state["status"].startswith("Solved!")
    attempt = store.progress.history[-1]
    words = board.panel.state["result_words"]
    # The note: solved with hints, the rating before and after as the progress has them.
    assert board.panel.state["result"] == attempt.outcome == "hinted"
    assert "Counted as solved" not in words and words.startswith("Solved with hints")
    shown = re.search(r"\((\d+) → (\d+), ([−+±]\d+)\)", words)
    assert shown and int(shown[1]) == round(before) and int(shown[2]) == round(attempt.rating)
    assert int(shown[3].replace("−", "-").replace("±", "")) == int(shown[2]) - int(shown[1])
    assert store.progress.rating <= before  # "it never raises your rating"
    assert "streak starts again" in words and store.progress.streak == 0
    # The table files it under the same outcome, in a column named so.
    html = progress_html(store.progress)
    assert f"<th>{OUTCOME_TITLES['hinted']}</th>" in html
    row = re.search(r"<td>King of Hearts: dodge the K♥</td><td>(\d)</td><td>(\d)</td>"
                    r"<td>(\d)</td>", html)
    assert row and row.groups() == ("0", "1", "0")


def test_the_rating_says_what_the_plus_or_minus_means():
    fresh = progress_html(Progress())
    assert "Rating 1500: a first guess" in fresh and "±" not in fresh
    p = Progress()
    p.record("a", "king", 3, solved=True)
    assert p.provisional
    words = p.rating_words()
    margin = round(2 * p.deviation)
    assert words == f"Rating {p.rating:.0f}, give or take {margin} while we are still " \
                    f"learning your level."
    for i in range(40):
        p.record(f"x{i}", "king", 1 + i % 5, solved=i % 3 != 0)
    assert not p.provisional
    assert p.rating_words() == f"Rating {p.rating:.0f}, give or take " \
                               f"{round(2 * p.deviation)}."
    assert "±" not in progress_html(p) and "give or take" in progress_html(p)


def test_the_hint_button_counts_its_steps_and_the_line_has_no_doubled_name():
    board = PuzzleBoard(PUZZLES["shed-a-trick-001"], pause=0)
    labels = [board.panel.state["hint_label"]]
    for _ in range(4):
        send(board.panel, {"type": "hint"})
        labels.append(board.panel.state["hint_label"])
    assert labels == ["Hint (1 of 4)", "Another hint (2 of 4)", "Another hint (3 of 4)",
                      "Another hint (4 of 4)", "No more hints"]
    assert not board.panel.state["can_hint"]
    line = board.panel.state["hints"][3]
    assert not line.startswith("The whole line") and re.match(r"(This trick|Trick \d+): ",
                                                             line)


ONLY_LEGAL = """[{"id": "only-legal", "title": "Only legal", "game": "trixter",
  "theme": "make-n", "difficulty": 1, "seat": 0,
  "position": {"hands": ["A.5..2", "K.6..3", "Q.7..4"], "leader": 0, "trump": null},
  "goal": {"kind": "exactly", "tricks": 1},
  "prompt": "Take exactly 1 trick.", "explanation": "Any card works. Here all work."}]"""


def test_the_only_legal_card_is_shown_before_it_goes(monkeypatch):
    """After the 5♥ loses, Player 3 leads and the learner holds one card of that suit and
    one other: the table says "Your only legal card is …" with the card still in the hand,
    the board waits, and then says it was played."""
    events: list[tuple] = []
    monkeypatch.setattr(puzzle_widget.time, "sleep", lambda _s: events.append(
        ("wait", tuple(board.table.state["hand"]))))
    board = PuzzleBoard(loads(ONLY_LEGAL)[0], pause=0.01)
    board.table.observe(lambda c: events.append(
        ("say", c["new"], tuple(board.table.state["hand"]))), "message")
    send(board.table, {"type": "play", "card": "5H"})
    said = [e for e in events if e[0] == "say"]
    before = next(i for i, e in enumerate(events)
                  if e[0] == "say" and e[1].startswith("Your only legal card is the "))
    card = events[before][1].split("the ")[1].split(":")[0]
    code = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    held = card[:-1].replace("10", "T") + code[card[-1]]
    assert held in events[before][2] and len(events[before][2]) == 2
    assert events[before + 1] == ("wait", events[before][2])  # shown, then a pause
    after = [e for e in said if e[1] == f"Your only legal card, the {card}, was played for "
             f"you."]
    assert after and held not in after[0][2]
