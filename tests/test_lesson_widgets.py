"""The lesson widgets in Python: the guided table, the quiz, the charts and advisors."""

from __future__ import annotations

import re

import pytest

from tutor.lessons import question
from tutor.engine.trixter import schedule
from widgets.lesson import (bid_advisor, check, contract_chooser, guided, hand_size_chart,
                            trix_game, trixter_game)
from widgets.quiz import Quiz


def test_guided_table_refuses_a_revoke_then_tells_the_trick():
    t = guided("trixter-01-follow", pause=0)
    before = dict(t.table.state)
    assert not t.handle({"type": "play", "card": "2H"})
    assert t.table.error.startswith("You must follow suit")
    assert t.table.state == before  # nothing changed
    assert t.handle({"type": "play", "card": "KS"})
    story = t.panel.state["story"]
    assert story[-1] == "You took the trick with the K♠: the highest spade, the suit led."
    assert t.panel.state["lesson"] and t.panel.state["result"] is None
    assert "KS" not in t.table.state["hand"]


def test_guided_table_end_and_retry():
    t = guided("trixter-01-follow", pause=0)
    t.handle({"type": "play", "card": "KS"})
    t.handle({"type": "play", "card": "3S"})
    p = t.panel.state
    assert p["outcome"] == "solved" and p["status"].startswith("Done!")
    assert any("whole idea of tricks" in s for s in p["story"])
    assert p["explanation"] == ""  # the scene has no explanation of its own
    assert t.handle({"type": "retry"})
    assert t.panel.state["story"] == [] and t.table.state["hand"] == ["KS", "3S", "2H"]


@pytest.mark.parametrize("msg", [None, "answer", {"type": "answer"},
                                 {"type": "answer", "question": 0, "choice": 9},
                                 {"type": "answer", "question": True, "choice": 0},
                                 {"type": "answer", "question": 0, "choice": "1"},
                                 {"type": "answer", "question": 0, "choice": 1, "x": 1},
                                 {"type": "hack"}])
def test_quiz_refuses_junk_and_changes_nothing(msg):
    q = check("trixter-01-q-winner", "trixter-01-q-void")
    before = q.state
    assert not q.handle(msg)
    assert q.error and q.state == before


def test_quiz_feedback_retry_and_summary():
    q = check("trixter-01-q-winner", "trixter-01-q-void")
    right = question("trixter-01-q-winner").answer
    assert q.state["questions"][0]["right"] is None
    wrong = (right + 1) % 4
    assert q.answer(0, wrong)
    assert q.state["questions"][0]["feedback"].startswith("Not quite")
    assert not q.answer(0, wrong)  # the same wrong pick again is refused
    assert q.answer(0, right) and q.state["questions"][0]["right"] == right
    assert not q.answer(0, right)
    assert q.state["summary"] == ""
    q.answer(1, question("trixter-01-q-void").answer)
    assert q.state["summary"] == "All done: 1 of 2 right at the first try."
    with pytest.raises(ValueError):
        Quiz([])


def test_hand_size_chart_shows_every_table_size():
    html = hand_size_chart().value
    for n in range(3, 9):
        assert f"{n} players" in html
        assert f"<td>{n}</td><td>" in html and f"<td>{len(schedule(n))}</td>" in html
    assert html.count("<polyline") == 6


def test_bid_advisor_shows_the_best_bid_and_deals_new_hands():
    box = bid_advisor("AK.A..", "S", samples=4)
    out, deal = box.children
    assert "bid 3" in out.value and 'class="tt-best"><td>bid 3' in out.value
    first = out.value
    deal.click()
    assert out.value != first and "Your hand" in out.value


def test_bid_advisor_chances_add_up_and_points_follow_from_them():
    """Issue 19: the trick counts shown for the best bid are one distribution, and each
    bid's points follow from its chance of being made with the table's scoring (a miss
    scores -5, a made bid 10 + the bid). Issue 28: the shown percentages add up to exactly
    the 100% the page claims, each cell says what its number is, and points carry a real
    minus."""
    html = bid_advisor("AK.Q2.K.", "S", samples=60).children[0].value
    rows = re.findall(r"<td>bid (\d+)</td><td>take exactly \1 tricks?: (\d+)%</td>"
                      r"<td>make it: (\d+)%</td><td>([+−][\d.]+)</td>", html)
    assert [int(n) for n, _, _, _ in rows] == list(range(6))
    assert sum(int(p) for _, p, _, _ in rows) == 100
    assert "take exactly 1 trick:" in html and "(100% in all)" in html
    assert "-" not in "".join(shown for *_, shown in rows)
    for n, _, made, shown in rows:
        p = int(made) / 100
        assert float(shown.replace("−", "-")) == pytest.approx(p * (10 + int(n)) - 5 * (1 - p),
                                                              abs=0.2)


def test_bid_advisor_says_the_table_it_plays_at():
    html = bid_advisor("AK.A..", "S", players=5, samples=4).children[0].value
    assert "5 players. You bid first and lead the first trick" in html


def test_shown_percentages_add_up_to_100():
    from tutor.engine.facts import percents

    assert percents([0.335, 0.335, 0.33]) == [34, 33, 33]  # rounded each: 101
    assert percents([0.2925, 0.2925, 0.2925, 0.1225]) == [30, 29, 29, 12]  # rounded each: 99
    assert percents([0, 0]) == [0, 0]


def test_contract_chooser_ranks_the_contracts():
    box = contract_chooser("AKQ.AKQ.AKQ.AKQJ", samples=2)
    html = box.children[0].value
    assert html.count("<tr") == 6  # a header and five contracts
    assert re.search(r"gains most in <b>Trex</b>", html)
    words = re.sub(r"<[^>]*>", "", html.split("</style>")[1])
    assert "−75" in words and "-" not in words  # a real minus


def test_games_take_the_seed_from_the_environment(monkeypatch):
    monkeypatch.setenv("TRIX_TUTOR_SEED", "21")
    a, b = trixter_game(pause=0), trixter_game(pause=0)
    assert a.game.hands == b.game.hands
    t = trix_game(pause=0, owner=2)
    assert t.game.owner == 2


def test_full_kingdom_new_game_keeps_the_learner_as_owner():
    """Trix lesson 9 builds trix_game(owner=0): its New game keeps the learner as owner."""
    t = trix_game(pause=0, seed=4, owner=0)
    for _ in range(2):
        assert t.handle({"type": "new_game"}) and t.table.error == ""
        assert t.game.first_owner == 0 and t.game.owner == 0
        assert t.table.state["phase"] == "choose_contract" and t.table.state["to_move"] == 0


def test_a_lesson_puzzle_is_practice_and_says_so(tmp_path):
    """The first lesson's puzzle invites the hints: solved with all four, the rating stays
    1500 (rated, it fell to 1256), the page says so before and after, and the puzzle comes
    back for review on the puzzles page; the rated page still rates as before."""
    from datetime import datetime, timezone

    from tutor.app.attempts import counting_words
    from tutor.app.progress_store import ProgressStore
    from widgets.lesson import puzzle
    from widgets.puzzle import PuzzleBoard

    when = datetime(2026, 1, 1, 10, tzinfo=timezone.utc)
    store = ProgressStore(tmp_path / "p.json")
    board = puzzle("make-zero-001", pause=0)
    board.clock = lambda: when
    board.use_store(store)
    assert board.panel.state["counting"] == ("Practice: hints are welcome here, and this "
                                             "puzzle does not change your puzzle rating.")
    for _ in range(4):
        assert board.handle({"type": "hint"})
    s = board.session
    while not s.over:
        assert board.handle({"type": "play", "card": str(s.hints().card)})
    state = board.panel.state
    assert state["result"] == "hinted" and s.reached()
    assert state["result_words"] == ("Solved with hints. Practice: your puzzle rating stays "
                                     "1500. It comes back for review in 1 day.")
    saved = store.load()
    assert saved.rating == 1500.0 and saved.history == [] and saved.streak == 0
    assert saved.due("2026-01-02T10:00:00+00:00") == ["make-zero-001"]

    rated = PuzzleBoard(board.puzzle, pause=0, store=ProgressStore(tmp_path / "r.json"),
                        clock=lambda: when)
    assert rated.panel.state["counting"] == counting_words(True)
    assert rated.panel.state["counting"].startswith("Rated: solved without hints raises")
    for _ in range(4):
        rated.handle({"type": "hint"})
    s = rated.session
    while not s.over:
        rated.handle({"type": "play", "card": str(s.hints().card)})
    assert rated.panel.state["result_words"].startswith(
        "Solved with hints: it counts as half a solve at most, so it never raises your "
        "rating (1500 → 1256, −244).")


def test_trix_page_words_say_deal():
    """Issue 28: before the first deal is over, the Trix page speaks of a deal."""
    view = trix_game(seed=1, pause=0)
    assert "once a deal is over" in view.download.value
    assert "after a deal is over" in view.review_button.tooltip
    assert "once a hand is over" in trixter_game(seed=1, pause=0).download.value


def test_a_joker_lead_asks_no_suit():
    """Issue 28 (RULES.md B3): after a joker lead the first other card sets the suit; the
    story says so, and names the joker with the word its card shows."""
    from tutor.engine.cards import Card
    from tutor.lessons.scene import trick_story

    names = ["You", "East", "South", "West"]
    cards = [Card.parse(c) for c in ("X", "6S", "2H", "3S")]
    assert trick_story(cards, 0, None, names, 0) == (
        "East took the trick with the 6♠: the highest spade; after the joker lead, the 6♠ "
        "set the suit. Jokers never win a trick.")
    alone = trick_story(cards[:3], 0, None, names[:3], 0)
    assert "the 6♠ set the suit and nobody else followed it" in alone
    assert "spade lead" not in alone
    assert Card.parse("X").symbol() == "joker"


def test_a_trick_question_says_who_led():
    """Issue 28: the first Trixter check names the leader (the suit to follow is theirs)."""
    assert question("trixter-01-q-winner").text == (
        "No trump. North led the 5♥, then East the K♥, South the 2♠, West the A♥. "
        "Who takes the trick?")
