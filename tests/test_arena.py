"""The arena: rotated seats, duplicated deals, the statistics and the command."""

from __future__ import annotations

import math
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

import tutor.bots.arena as arena_module
from tutor import TrixGame, TrixterGame
from tutor.bots.arena import arena, mean_ci, t_975
from tutor.bots import bot_for, play_bot_turn
from tutor.cli import main

ROOT = Path(__file__).resolve().parents[1]
BRM = ["beginner", "random", "random", "random"]


@pytest.fixture(scope="module")
def trixter_run():
    return arena("trixter", 4, BRM, games=3, seed=5, hands=4, keep_records=True)


def first_dealt(record: dict) -> list:
    """The cards each deal of a Trix record was first dealt (its redeals left out)."""
    sheet = TrixGame.from_record(record).sheet
    return [d for i, d in enumerate(record["deals"])
            if i == 0 or sheet[i - 1]["redeal"] is None]


def test_rotation_gives_each_level_every_seat(trixter_run):
    assert trixter_run.seatings == [tuple(BRM[(i - r) % 4] for i in range(4)) for r in range(4)]
    for d in range(3):
        runs = [r for r in trixter_run.runs if r.deal_set == d]
        assert len(runs) == 4
        # The beginner sits at every seat exactly once per deal set.
        assert sorted(r.seating.index("beginner") for r in runs) == [0, 1, 2, 3]
        assert len({r.game_seed for r in runs}) == 1 and len({r.bot_seeds for r in runs}) == 1
    assert len({r.game_seed for r in trixter_run.runs}) == 3


def test_trixter_deals_are_the_same_in_every_seating(trixter_run):
    for d in range(3):
        records = [r.record for r in trixter_run.runs if r.deal_set == d]
        assert all(rec["deals"] == records[0]["deals"] for rec in records)
        assert all(rec["setup"]["dealer"] == records[0]["setup"]["dealer"] for rec in records)
        assert len(records[0]["deals"]) == 4
    firsts = {r.record["deals"][-1][0] for r in trixter_run.runs}
    assert len(firsts) == 3  # and different deal sets deal different cards


def test_level_means_are_the_games_points_per_hand(trixter_run):
    """Replay every game by hand from its seeds: the same scores, and the level means
    are the seats' points per hand averaged within each deal set, then over sets."""
    by_set: dict[str, list[list[float]]] = {"beginner": [[], [], []], "random": [[], [], []]}
    for run in trixter_run.runs:
        game = TrixterGame.new(players=4, seed=run.game_seed)
        bots = [bot_for("trixter", lv, seed=s) for lv, s in zip(run.seating, run.bot_seeds)]
        while len(game.sheet) < 4:
            if game.to_move is None:
                game.next_hand()
            else:
                play_bot_turn(game, bots[game.to_move])
        assert tuple(game.scores) == run.scores and run.hands == 4
        for seat, lv in enumerate(run.seating):
            by_set[lv][run.deal_set].append(game.scores[seat] / 4)
    for lv, sets in by_set.items():
        means = [statistics.fmean(x) for x in sets]
        # Per set: one seat in each of 4 seatings (beginner), or three (random).
        assert [len(x) for x in sets] == [4 if lv == "beginner" else 12] * 3
        assert trixter_run.per_set[lv] == pytest.approx(means)
        assert trixter_run.levels[lv].mean == pytest.approx(statistics.fmean(means))
    diff = trixter_run.differences[("beginner", "random")]
    paired = [statistics.fmean(a) - statistics.fmean(b)
              for a, b in zip(by_set["beginner"], by_set["random"])]
    assert diff.mean == pytest.approx(statistics.fmean(paired))
    half = t_975(2) * statistics.stdev(paired) / math.sqrt(3)
    assert (diff.low, diff.high) == pytest.approx((diff.mean - half, diff.mean + half))


def test_decisions_are_timed_per_level(trixter_run):
    """One time per bot action (every action but the table's "next")."""
    counts = {"beginner": 0, "random": 0}
    for run in trixter_run.runs:
        for seat, text in run.record["actions"]:
            if text != "next":
                counts[run.seating[seat]] += 1
    assert {lv: len(t) for lv, t in trixter_run.times.items()} == counts
    assert 0 < trixter_run.median_time("random") <= trixter_run.p90_time("random")


def test_same_seed_same_table_other_seed_other_table():
    one = arena("trixter", 4, BRM, games=2, seed=9, hands=3)
    two = arena("trixter", 4, BRM, games=2, seed=9, hands=3)
    other = arena("trixter", 4, BRM, games=2, seed=10, hands=3)
    assert one.per_set == two.per_set and one.runs == two.runs
    # The same table but for the clock: the decision times vary from run to run.
    two.times = one.times
    assert one.table() == two.table()
    assert one.per_set != other.per_set


def test_jobs_play_the_sets_in_processes_with_the_same_result():
    seen = []
    one = arena("trixter", 4, BRM, games=3, seed=9, hands=2)
    par = arena("trixter", 4, BRM, games=3, seed=9, hands=2, jobs=2,
                progress=lambda done, total: seen.append((done, total)))
    assert par.per_set == one.per_set and par.runs == one.runs
    assert {lv: len(t) for lv, t in par.times.items()} == \
        {lv: len(t) for lv, t in one.times.items()}
    assert seen[-1] == (len(one.runs), len(one.runs))
    with pytest.raises(ValueError, match="jobs"):
        arena("trixter", 4, BRM, games=1, seed=1, hands=1, jobs=0)


def test_trix_is_zero_sum_so_the_levels_mirror_each_other():
    """Trix sums to zero in every game: with one beginner and three random seats, in
    each deal set the beginner's points are minus three times random's."""
    r = arena("trix", 4, BRM, games=2, seed=3)
    assert r.unit == "game" and len(r.runs) == 8 and all(run.hands == 20 for run in r.runs)
    assert all(sum(run.scores) == 0 for run in r.runs)
    for b, x in zip(r.per_set["beginner"], r.per_set["random"]):
        assert b == pytest.approx(-3 * x)
    assert r.differences[("beginner", "random")].mean == pytest.approx(
        4 / 3 * r.levels["beginner"].mean)


def test_trix_deals_stay_duplicated_after_a_redeal():
    """A redeal claim in some seatings does not shift the later deals (seed 15: seat 0
    claims a redeal of deal 2 in the second and third seatings only)."""
    r = arena("trix", 4, ["random", "beginner", "beginner", "beginner"], games=1, seed=15,
              hands=9, keep_records=True)
    claims = [sum(a == "redeal" for _, a in run.record["actions"]) for run in r.runs]
    assert claims == [0, 1, 1, 0]
    deals = [run.record["deals"] for run in r.runs]
    assert [len(d) for d in deals] == [9, 10, 10, 9]
    # Deal 2 was redealt with cards of its own; deal 3 is the same as everywhere else.
    for d in deals[1:3]:
        assert d[:2] + d[3:] == deals[0] and d[2] not in deals[0]
    assert all(first_dealt(run.record) == deals[0] for run in r.runs)
    assert deals[3] == deals[0]
    assert all(run.hands == 9 for run in r.runs)


def test_short_bot_list_repeats_and_plays_each_seating_once():
    r = arena("trixter", 4, "beginner,random", games=1, seed=1, hands=2)
    assert r.bots == ("beginner", "random", "beginner", "random")
    assert r.seatings == [("beginner", "random", "beginner", "random"),
                          ("random", "beginner", "random", "beginner")]
    assert len(r.runs) == 2 and r.seats_of("beginner") == 2


def test_hands_and_first_hand_bound_the_game():
    r = arena("trixter", 4, BRM, games=1, seed=1, hands=2, first_hand=12, keep_records=True)
    for run in r.runs:
        assert [len(h.replace(".", "")) for h in run.record["deals"][0]] == [12] * 4
        assert len(run.record["deals"]) == 2 and run.hands == 2
    assert "hands 12-13" in r.table()


def test_seconds_reach_bot_for_only_when_given(monkeypatch):
    seen = []

    def spy(game, level, seed=None, **kw):
        seen.append(kw)
        return bot_for(game, level, seed=seed)
    monkeypatch.setattr(arena_module, "bot_for", spy)
    arena("trixter", 4, BRM, games=1, seed=1, hands=1)
    assert seen and all(kw == {} for kw in seen)
    seen.clear()
    arena("trixter", 4, BRM, games=1, seed=1, hands=1, seconds=0.5)
    assert seen and all(kw == {"seconds": 0.5} for kw in seen)


def test_confidence_interval_by_hand():
    values = [2, 4, 4, 4, 5, 5, 7, 9]  # mean 5, sd √(32/7)
    e = mean_ci(values)
    half = 2.365 * math.sqrt(32 / 7) / math.sqrt(8)
    assert e.mean == 5 and e.n == 8
    assert (e.low, e.high) == pytest.approx((5 - half, 5 + half))
    assert e.excludes_zero
    assert not mean_ci([-1, 1]).excludes_zero
    assert mean_ci([3.0]).low is None
    assert t_975(1) == 12.706 and t_975(31) == pytest.approx(2.040, abs=1e-3)
    assert t_975(120) == pytest.approx(1.980, abs=1e-3)


@pytest.mark.parametrize("kwargs, message", [
    ({"game": "bridge"}, "no arena for the game 'bridge'"),
    ({"bots": ["expert2", "random", "random", "random"]}, "no bot level 'expert2'"),
    ({"bots": ["random"] * 3}, "one bot level per seat (4)"),
    ({"games": 0}, "games must be at least 1"),
    ({"hands": 26}, "hands must be 1..25"),
    ({"hands": 0}, "hands must be 1..25"),
    ({"first_hand": 26}, "first_hand must be 1..25"),
    ({"game": "trix", "players": 5}, "Trix is for 4 players"),
    ({"players": 9, "bots": ["random"]}, "Trixter is for 3 to 8 players"),
    ({"seconds": 0}, "seconds must be more than 0"),
    ({"seed": None}, "seed must be a whole number"),
])
def test_bad_arguments_are_refused(kwargs, message):
    args = {"game": "trixter", "players": 4, "bots": BRM, "games": 1, **kwargs}
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        arena(**args)


def test_cli_prints_the_table(capsys):
    argv = ["arena", "--game", "trixter", "--players", "4", "--bots", "beginner,random",
            "--games", "2", "--seed", "4", "--hands", "2"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Trixter, 4 players, hands 1-2: 2 deal set(s) x 2 seating(s)")
    assert "beginner - random" in out and "game 4/4" in err
    again = arena("trixter", 4, "beginner,random", games=2, seed=4, hands=2)
    points = [ln.split()[:3] for ln in out.splitlines() if ln.startswith(("beginner", "random"))]
    assert points == [["beginner", "2", f"{again.levels['beginner'].mean:.3f}"],
                      ["random", "2", f"{again.levels['random'].mean:.3f}"],
                      ["beginner", "-", "random"]]
    assert main(argv + ["--bots", "beginner,nope"]) == 2
    assert "no bot level 'nope'" in capsys.readouterr().err


def test_cli_runs_as_a_command():
    out = subprocess.run([sys.executable, "-m", "tutor.cli", "arena", "--game", "trix",
                          "--bots", "beginner,random,random,random", "--games", "1",
                          "--hands", "2"], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout
    assert out.startswith("Trix, first 2 deals: 1 deal set(s) x 4 seating(s) = 4 games")
    assert "points/2 deals" in out


def test_benchmark_script_prints_its_table():
    """benchmarks/arena.py --quick: two tiny arenas per matchup, no results file."""
    script = str(ROOT / "benchmarks" / "arena.py")
    run = subprocess.run([sys.executable, script, "--quick", "--matchups", "beginner:random"],
                         capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert lines[0].split()[:4] == ["arena", "games", "measure", "strong-weak"]
    rows = {ln[:30].strip(): ln[30:].split() for ln in lines[2:4]}
    assert set(rows) == {"Trixter 4p beginner vs random", "Trix beginner vs random"}
    assert rows["Trix beginner vs random"][:2] == ["8", "points/2"]
    assert "written to" not in run.stderr
    bad = subprocess.run([sys.executable, script, "--quick", "--matchups", "wizard:random"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "no bot level 'wizard'" in bad.stderr
