"""The puzzle board and trainer without a browser: the same custom messages the
JavaScript sends, the progress file they write, and what the synced traits may hold."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from tutor.puzzles import bundled, check  # noqa: E402
from tutor.app.progress_store import ProgressStore  # noqa: E402
from widgets.puzzle import PANEL_MESSAGES, PuzzleBoard, PuzzleTrainer  # noqa: E402
from sent import send  # noqa: E402

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?![A-Za-z0-9])")
PUZZLES = {p.id: p for p in bundled()}


def synced(board: PuzzleBoard) -> dict[str, Any]:
    """Every synced trait of the board's parts except the error text."""
    out = {}
    for name, w in (("table", board.table), ("panel", board.panel), ("trex", board.trex)):
        out[name] = {k: v for k, v in w.get_state().items()
                     if k not in ("error", "layout") and not k.startswith("_")}
    return out


def solve_by_clicking(board: PuzzleBoard) -> None:
    """Click the card of hint 3 until the puzzle is over."""
    s = board.session
    for _ in range(60):
        if s.over:
            return
        send(board.table, {"type": "play", "card": str(s.hints().card)})
    raise AssertionError("the puzzle never ended")


@pytest.mark.parametrize("pid", ["make-n-001", "king-dodge-001", "queens-001",
                                 "trex-open-001", "ltoosh-count-001"])
def test_solving_by_clicks_counts_once_as_solved(pid, tmp_path):
    store = ProgressStore(tmp_path / "progress.json")
    board = PuzzleBoard(PUZZLES[pid], pause=0, store=store)
    solve_by_clicking(board)
    assert board.session.reached()
    panel = board.panel.state
    assert panel["outcome"] == "solved" and panel["result"] == "solved"
    assert panel["explanation"] == board.session.key_idea()  # the first move's cards
    assert board.table.state["phase"] == "hand_over"
    saved = json.loads((tmp_path / "progress.json").read_text())
    assert [a["outcome"] for a in saved["history"]] == ["solved"]
    assert ProgressStore(tmp_path / "progress.json").load().rating > 1500
    # Retrying and solving again is practice: nothing more is recorded.
    send(board.panel, {"type": "retry"})
    solve_by_clicking(board)
    assert len(ProgressStore(tmp_path / "progress.json").load().history) == 1


def test_a_wrong_first_card_fails_and_undo_does_not_erase_it(tmp_path):
    p = PUZZLES["make-n-001"]
    store = ProgressStore(tmp_path / "p.json")
    board = PuzzleBoard(p, pause=0, store=store)
    start = synced(board)
    bad = check(p).failing[0]
    send(board.table, {"type": "play", "card": str(bad)})
    assert board.panel.state["outcome"] == "failed"
    status = board.panel.state["status"]
    assert "defence" in status or status.startswith("Not this time")
    assert board.panel.state["can_undo"]
    send(board.panel, {"type": "undo"})
    assert synced(board)["table"]["state"] == start["table"]["state"]
    solve_by_clicking(board)
    assert board.session.reached()
    history = store.load().history
    assert [a.outcome for a in history] == ["failed"]
    assert board.panel.state["result"] == "failed"


def test_playing_on_after_a_wrong_card_the_defence_wins():
    for pid in ("make-n-001", "queens-001", "trex-block-001", "king-force-001"):
        p = PUZZLES[pid]
        board = PuzzleBoard(p, pause=0)
        send(board.table, {"type": "play", "card": str(check(p).failing[0])})
        s = board.session
        while not s.over:
            send(board.table, {"type": "play", "card": str(s.legal()[0])})
        assert not s.reached(), pid
        assert board.panel.state["status"].startswith("Not this time")


JUNK = [None, 3, "play", [], {}, {"type": 5}, {"type": "fly"}, {"type": "play"},
        {"type": "play", "card": 7}, {"type": "play", "card": ""},
        {"type": "play", "card": "ZZ"}, {"type": "play", "card": "X" * 500},
        {"type": "play", "card": "AS", "extra": 1}, {"type": "hint", "level": 9},
        {"type": "undo", "x": None}, {"type": "next"}, {"type": "generate"},
        {"type": "generate", "theme": "queens"}, {"type": "bid", "n": 1}]


@pytest.mark.parametrize("content", JUNK, ids=[repr(j)[:30] for j in JUNK])
def test_junk_and_illegal_messages_change_nothing(content):
    board = PuzzleBoard(PUZZLES["make-n-001"], pause=0)
    before = synced(board)
    send(board.table, content)
    send(board.panel, content)
    assert synced(board) == before
    assert board.table.error and board.panel.error


def test_illegal_cards_are_explained():
    p = PUZZLES["make-n-001"]  # North must follow the 10♣ led
    board = PuzzleBoard(p, pause=0)
    before = synced(board)
    held = board.session.position.hands[p.seat]
    not_legal = [c for c in held if c not in board.session.legal()]
    other = next(c for h in p.hands for c in h if c not in held)
    send(board.table, {"type": "play", "card": str(other)})
    assert board.table.error.startswith("You do not hold")
    if not_legal:
        send(board.table, {"type": "play", "card": str(not_legal[0])})
        assert "follow suit" in board.table.error
    assert synced(board) == before
    send(board.panel, {"type": "undo"})
    assert board.panel.error == "Nothing of yours to take back yet."


def test_hint_ladder_by_messages():
    p = PUZZLES["shed-a-trick-001"]
    board = PuzzleBoard(p, pause=0)
    for level in range(1, 5):
        send(board.panel, {"type": "hint"})
        assert len(board.panel.state["hints"]) == level
    hints = board.panel.state["hints"]
    card = board.session.hints().card
    assert card in board.session.winning()
    assert hints[2] == f"Play the {card.symbol()}."
    assert not board.panel.state["can_hint"]
    send(board.panel, {"type": "hint"})
    assert board.panel.error and len(board.panel.state["hints"]) == 4
    send(board.table, {"type": "play", "card": str(card)})
    assert board.panel.state["hints"] == [] and board.session.hints_used == 4


def test_no_hint_once_the_puzzle_is_over():
    """Failed (the deal still going or over), solved, or the solution shown: the hint
    button is off, without a count, and a hint asked for anyway is refused."""

    def refused(board: PuzzleBoard, why: str) -> None:
        state, used = board.panel.state, board.session.hints_used
        assert not state["can_hint"] and "of 4" not in state["hint_label"]
        send(board.panel, {"type": "hint"})
        assert board.panel.error == f"The puzzle is over: {why}. Take a card back (Undo) " \
                                    f"or retry it to have hints again."
        assert board.panel.state["hints"] == [] and board.session.hints_used == used

    for pid in ("diamonds-001", "make-n-001"):  # the deal goes on after the card; it ends
        p = PUZZLES[pid]
        board = PuzzleBoard(p, pause=0)
        send(board.table, {"type": "play", "card": str(check(p).failing[0])})
        assert board.session.over == (pid == "make-n-001")
        refused(board, "your goal is out of reach")
        send(board.panel, {"type": "undo"})
        assert board.panel.state["can_hint"]
        assert board.panel.state["hint_label"] == "Hint (1 of 4)"
        solve_by_clicking(board)
        refused(board, "you solved it")
        send(board.panel, {"type": "solution"})
        refused(board, "that was the solution")


def test_show_solution_replays_a_winning_line_and_counts_as_missed(tmp_path):
    p = PUZZLES["diamonds-001"]
    store = ProgressStore(tmp_path / "p.json")
    board = PuzzleBoard(p, pause=0, store=store)
    assert board.panel.state["explanation"] == ""  # the idea is not given away early
    send(board.panel, {"type": "solution"})
    assert board.session.over and board.session.reached()
    assert board.panel.state["explanation"] == board.session.key_idea()
    assert "At your first move" in board.panel.state["explanation"]
    assert board.panel.state["status"].startswith("That was the solution")
    assert [a.outcome for a in store.load().history] == ["failed"]


def test_hidden_hands_never_reach_the_browser():
    for pid in ("make-n-001", "queens-001", "trex-open-001"):
        p = replace(PUZZLES[pid], visible=(PUZZLES[pid].seat,))
        board = PuzzleBoard(p, pause=0)
        s = board.session
        for _ in range(60):
            if s.over:  # then the whole deal is shown, for the explanation
                assert set(board.table.open_hands) == {str(k) for k in range(p.players)
                                                       if k != p.seat}
                break
            hidden = {str(c) for k, h in enumerate(s.hands()) if k != p.seat
                      for c in h}
            assert board.table.open_hands == {}
            text = json.dumps(synced(board), ensure_ascii=False)
            shown = {t if t[-1] in "SHDC" else t[:-1].replace("10", "T") + "SHDC"[
                "♠♥♦♣".index(t[-1])] for t in CARD_TOKEN.findall(text)}
            assert not shown & hidden, (pid, shown & hidden)
            send(board.panel, {"type": "hint"})  # hints name the learner's cards only
            send(board.table, {"type": "play", "card": str(s.legal()[-1])})
    # With every hand visible, the others' hands are face up.
    p = PUZZLES["make-n-001"]
    board = PuzzleBoard(p, pause=0)
    assert set(board.table.open_hands) == {str(k) for k in range(p.players) if k != p.seat}


def test_every_panel_message_is_known_and_sent_by_a_button():
    assert set(PANEL_MESSAGES) == {"hint", "undo", "retry", "solution", "next", "generate"}
    js = (Path(__file__).resolve().parents[1] / "widgets" / "puzzle.js").read_text()
    sent = set(re.findall(r'"(\w+)",\s*(?:s\.can_\w+|!s\.replaying)', js))
    assert sent == set(PANEL_MESSAGES)


def test_trainer_picks_by_theme_and_difficulty_and_shows_progress(tmp_path):
    store = ProgressStore(tmp_path / "p.json")
    t = PuzzleTrainer(store=store, pause=0, seed=1)
    t.theme.value = "king-dodge"
    assert t.board.puzzle.theme == "king-dodge"
    t.difficulty.value = 2
    assert (t.board.puzzle.theme, t.board.puzzle.difficulty) == ("king-dodge", 2)
    first = t.board.puzzle.id
    solve_by_clicking(t.board)
    assert "Dodge" in t.progress_view.value or "dodge" in t.progress_view.value
    assert "<td>1</td>" in t.progress_view.value
    send(t.board.panel, {"type": "next"})
    assert t.board.puzzle.id != first and t.board.puzzle.theme == "king-dodge"
    # No puzzle of that theme and level: one is dealt afresh, of the trainer's theme,
    # proved by the solver (test_generated_puzzles.py tells more).
    only = [p for p in bundled() if p.theme == "make-n" and p.difficulty == 1]
    t2 = PuzzleTrainer(puzzles=only, store=store, pause=0, seed=1)
    t2.difficulty.value = 5
    assert "There is no puzzle of this choice here yet" in t2.message.value
    assert t2.board.puzzle not in only and t2.board.puzzle.theme == "make-n"
    assert check(t2.board.puzzle).ok and t2.board.puzzle.id.startswith("gen-make-n-")


def test_trainer_survives_a_corrupt_progress_file(tmp_path):
    path = tmp_path / "p.json"
    path.write_text("{not json")
    t = PuzzleTrainer(store=ProgressStore(path), pause=0, seed=2)
    assert "starts fresh" in t.message.value
    assert list(tmp_path.glob("p.json.*.bak"))
    assert "Rating 1500" in t.progress_view.value


def test_read_the_bids_shows_bids_and_hides_hands():
    p = next(q for q in bundled() if q.theme == "read-the-bids")
    board = PuzzleBoard(p, pause=0)
    assert p.visible == (p.seat,) and board.table.open_hands == {}
    facts = board.table.state["facts"]
    assert all(f[0] == f"bid {b}" for f, b in zip(facts, p.bids))
    assert "Bids:" in p.prompt and "You see only your own hand." in p.prompt


def test_use_store_switches_the_trainer_to_another_learners_progress(tmp_path):
    from datetime import datetime, timedelta, timezone

    now = datetime(2026, 5, 4, 12, 0, tzinfo=timezone.utc)
    first = ProgressStore(tmp_path / "first.json")
    t = PuzzleTrainer(store=first, pause=0, seed=7, clock=lambda: now)
    assert "Rating 1500: a first guess" in t.progress_view.value
    # Another learner: a queens puzzle missed two days ago is due, and a better rating.
    learner = ProgressStore(tmp_path / "learner.json")
    for i in range(3):
        learner.record(f"x{i}", "make-n", 3, solved=True, when=now - timedelta(days=5))
    learner.record("queens-002", "queens", PUZZLES["queens-002"].difficulty, solved=False,
                   when=now - timedelta(days=2))
    rating = round(learner.progress.rating)
    t.use_store(learner)
    assert t.board.puzzle.id == "queens-002"  # nothing was in play: their due one first
    assert t.board.panel.state["review"] and "back for review" in t.message.value
    assert t.board.panel.state["due_words"] == "1 puzzle due for review"
    assert f"Rating {rating}" in t.progress_view.value
    assert "1 puzzle due for review" in t.progress_view.value
    # Their result goes to their file, not the first one.
    solve_by_clicking(t.board)
    assert ProgressStore(tmp_path / "learner.json").load().history[-1].id == "queens-002"
    assert not (tmp_path / "first.json").exists()
    # A puzzle in play (begun with a hint) stays when the store changes.
    send(t.board.panel, {"type": "next"})
    playing = t.board.puzzle
    assert not t.board.in_play()
    send(t.board.panel, {"type": "hint"})
    assert t.board.in_play()
    t.use_store(first)
    assert t.board.puzzle == playing and len(t.board.panel.state["hints"]) == 1
    assert "Rating 1500" in t.progress_view.value


def test_use_store_on_a_board_sends_the_next_result_there(tmp_path):
    board = PuzzleBoard(PUZZLES["make-n-001"], pause=0)  # no progress kept yet
    store = ProgressStore(tmp_path / "p.json")
    board.use_store(store)
    solve_by_clicking(board)
    assert [a.id for a in store.load().history] == ["make-n-001"]
    assert board.panel.state["result_words"].startswith("Solved without hints")


def test_the_panel_says_at_once_when_the_defence_leaves_the_whole_line():
    """The issue's case: the line shown had West play the 7♠; the board's defence plays
    the K♣ (as good for it). The panel says so and shows the line from the position
    reached, without the learner climbing the four hints again."""
    board = PuzzleBoard(PUZZLES["king-dodge-002"], pause=0)
    for _ in range(4):
        send(board.panel, {"type": "hint"})
    assert board.panel.state["hints"][-1].startswith("This trick: you Q♠, East 7♣. Trick 2: "
                                                     "West 7♠")
    send(board.table, {"type": "play", "card": "QS"})
    state = board.panel.state
    assert state["line_note"] == ("The defence played the K♣, not the 7♠ of the line: here "
                                  "is the line from now.")
    assert state["line"] == ("This trick: you 9♥, East 4♠, North 7♥. Trick 3: West 7♠, "
                             "you 7♦, East K♥, North 3♥.")
    assert state["hints"] == [] and not state["can_hint"]
    assert board.session.hints_used == 4
    # Kept to: East leaves it again, dropping the K♥, which ends the deal: said, no line.
    send(board.table, {"type": "play", "card": "9H"})
    state = board.panel.state
    assert state["line_note"] == "The defence played the K♥, not the 4♠ of the line."
    assert state["line"] == "" and state["outcome"] == "solved"
