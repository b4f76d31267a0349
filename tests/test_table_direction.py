"""Every table is drawn in its game's direction (RULES.md "Seats"): Trixter clockwise, the
next player (seat i+1) on the learner's left; Trix counter-clockwise, on the right. And
the compass names sit where a map would put them, so a text that says "East" means the
seat drawn there.

Checked on the state each kind of table sends to the browser (``direction``, ``seat``,
``players``): the play pages, lesson deals, puzzles, the review and the class sets of both
games. The positions come from ``seatPoint`` of ``widgets/table.js`` itself, run by node.
"""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tutor import TrixGame, TrixterGame
from tutor.lessons import GuidedSession, scenes
from tutor.puzzles import bundled
from tutor.puzzles.session import PuzzleSession
from tutor.engine.seats import direction, next_side, seat_name

pytest.importorskip("anywidget")

from widgets.classroom import ClassSetPage  # noqa: E402
from widgets.lesson import GuidedTable  # noqa: E402
from widgets.play import play  # noqa: E402
from widgets.puzzle import PuzzleBoard  # noqa: E402
from widgets.review import ReviewBoard  # noqa: E402

TABLE_JS = Path(__file__).resolve().parent.parent / "widgets" / "table.js"
COMPASS_CCW = ["North", "West", "South", "East"]  # a map's names, counter-clockwise


def seat_points(tables: list[dict[str, Any]]) -> list[dict[str, dict[str, float]]]:
    """For each table state, where table.js draws every seat: ``seatPoint`` copied from
    the module (fractions of the table, y downwards, the learner at the bottom)."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    src = TABLE_JS.read_text(encoding="utf-8")
    m = re.search(r"^function seatPoint\(.*?^}$", src, re.S | re.M)
    assert m, "table.js has no seatPoint function"
    # The drawing's own call: seatPoint(seat, s.seat, n, s.direction || "cw").
    script = m.group(0) + """
const tables = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(tables.map((s) => {
  const n = s.players.length, out = {};
  for (let seat = 0; seat < n; seat++) out[seat] = seatPoint(seat, s.seat, n, s.direction || "cw");
  return out;
})));
"""
    run = subprocess.run(["node", "-e", script], input=json.dumps(tables), text=True,
                         capture_output=True, timeout=60, check=True)
    return json.loads(run.stdout)


def check_drawing(label: str, s: dict[str, Any], points: dict[str, dict[str, float]]) -> None:
    game, me, n = s["game"], s["seat"], len(s["players"])
    assert s.get("direction") == direction(game), label
    mine = points[str(me)]
    assert mine["y"] == pytest.approx(1.0) and mine["x"] == pytest.approx(0.5), label
    nxt = points[str((me + 1) % n)]
    side = "left" if nxt["x"] < 0.5 - 1e-9 else "right" if nxt["x"] > 0.5 + 1e-9 else "?"
    assert side == next_side(game), f"{label}: the next player is drawn on the {side}"
    # Going round the screen counter-clockwise from the learner meets the seats in play
    # order in Trix and in reverse play order in Trixter.
    def angle(seat: int) -> float:
        p = points[str(seat)]
        a = math.atan2(-(p["y"] - 0.5), p["x"] - 0.5)  # counter-clockwise on the screen
        return (a - math.atan2(-0.5, 0.0)) % (2 * math.pi)
    ccw = sorted(range(n), key=angle)
    play_order = [(me + k) % n for k in range(n)]
    want = play_order if game == "trix" else [me] + play_order[1:][::-1]
    assert ccw == want, label
    # Compass names stand where a map puts them: counter-clockwise North, West, South, East.
    names = s["players"]
    if n == 4 and set(names) == set(COMPASS_CCW):
        start = COMPASS_CCW.index(names[me])
        assert [names[k] for k in ccw] == [COMPASS_CCW[(start + i) % 4] for i in range(4)], \
            label


def table_state(widget: Any) -> dict[str, Any]:
    return dict(widget.table.state)


def kinds_of_table() -> list[tuple[str, dict[str, Any]]]:
    """One state of every kind of table, for both games."""
    out: list[tuple[str, dict[str, Any]]] = []
    for seat in (0, 2):
        out.append((f"play trix seat {seat}", table_state(play(TrixGame.new(seed=4), seat=seat,
                                                                    pause=0))))
    for players in (3, 4, 5):
        out.append((f"play trixter {players}",
                    table_state(play(TrixterGame.new(players=players, seed=4), seat=1,
                                     pause=0))))
    for sid in ("trixter-01-follow", "trixter-03-joker", "trix-01-ltoosh", "trix-06-own-card"):
        out.append((f"lesson {sid}", table_state(GuidedTable(scenes()[sid], pause=0))))
    by_theme = {p.theme: p for p in bundled()}
    for theme in ("make-n", "king-dodge", "queens", "trex-open"):
        p = by_theme[theme]
        out.append((f"puzzle {p.id}", table_state(PuzzleBoard(p, pause=0))))
    for game in (TrixterGame.new(players=4, seed=3, first_hand=24), TrixGame.new(seed=3)):
        for seat in (0, 3):
            b = ReviewBoard(game, seat=seat, run=False)
            out.append((f"review {type(game).__name__} seat {seat}", table_state(b)))
    for code in ("trixter-4821-2", "trix-8-1", "puzzles-5-4"):
        page = ClassSetPage(code, pause=0)
        page.name.value = "Ana"
        assert page.begin()
        widgets = page.boards or [page.view]
        out += [(f"class set {code} #{i}", table_state(w)) for i, w in enumerate(widgets)]
    return out


def test_every_kind_of_table_is_drawn_in_its_games_direction():
    tables = kinds_of_table()
    games = {s["game"] for _, s in tables}
    assert games == {"trix", "trixter"}
    for (label, s), points in zip(tables, seat_points([s for _, s in tables]), strict=True):
        check_drawing(label, s, points)


def test_every_puzzle_and_lesson_deal_is_drawn_in_its_games_direction():
    sessions = [(p.id, PuzzleSession(p)) for p in bundled()]
    sessions += [(sid, GuidedSession(sc)) for sid, sc in scenes().items()]
    states = [s.observation() for _, s in sessions]
    assert {s["game"] for s in states} == {"trix", "trixter"}
    for (label, _), s, points in zip(sessions, states, seat_points(states), strict=True):
        check_drawing(label, s, points)


def test_trix_names_and_words_agree_with_the_drawing():
    # Seat 1 plays after seat 0: in Trix that is North's right, West on a map.
    assert [seat_name(s, 4, "trix") for s in range(4)] == ["North", "West", "South", "East"]
    assert [seat_name(s, 4, "trixter") for s in range(4)] == ["North", "East", "South", "West"]
    # A Trix puzzle's words name the seats as the table draws them: the learner's next
    # player is the one the prompt names after the learner in a trick.
    p = next(q for q in bundled() if q.id == "king-dodge-002")
    assert p.prompt.startswith("You are South.") and "North led the 8♣; West played" in p.prompt
    s = PuzzleSession(p).observation()
    assert s["players"][(p.seat + 1) % 4] == "East" and s["direction"] == "ccw"
    assert s["players"][p.leader] == "North" and s["players"][(p.leader + 1) % 4] == "West"


def test_unknown_game_has_no_direction():
    with pytest.raises(ValueError, match="no game 'bridge'"):
        direction("bridge")
