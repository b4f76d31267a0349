"""The terminal game: scripted input, junk input, and the demo."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutor import cli
from tutor.engine import warming


def test_demo_prints_a_scored_hand():
    out = io.StringIO()
    assert cli.demo(seed=1, out=out) == 0
    text = out.getvalue()
    assert text.count("points") == 4 and "wins" in text


def test_play_survives_junk_and_plays_a_hand():
    # Seat 0 is never the dealer of hand 1 with seed 3 (the dealer is seat 1).
    inp = io.StringIO("help\nXX\nbid 0\nbid 0\nTS\n")
    out = io.StringIO()
    assert cli.play(seed=3, inp=inp, out=out, hands=1) == 0
    text = out.getvalue()
    assert "Not possible: not an action: 'XX'" in text
    assert "Hand over. Points:" in text
    assert "You" in text


def run_solve(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(["solve", *argv])
    return code, out.getvalue()


def test_solve_prints_every_card_and_the_line():
    # Seat 0 leads from AK2 of spades; exactly two tricks: any card works (hand-checked:
    # the A and K win, the 2 loses to any other spade).
    code, text = run_solve("N:AK2... QJ3... T94... 875...", "--goal", "exactly:0:2")
    assert code == 0
    assert "Value with best play by all: 1" in text
    for card in ("A♠", "K♠", "2♠"):
        assert f"{card}      1  best" in text
    line = text.split("Line: ")[1].splitlines()[0]
    assert line.count("|") == 2 and len(line.replace("|", " ").split()) == 12


def test_solve_team_mid_trick_with_trump():
    # Seat 1 led the 3♠; seat 2's 10♠ or 9♠ keeps all three tricks for 0+2; the 4♠ loses
    # one (seat 3's 8♠ wins, then leads to the partners' losers).
    code, text = run_solve("N:AK2... QJ... T94... 875...", "--goal", "max:0+2", "--trump",
                           "H", "--leader", "1", "--played", "3S")
    assert code == 0
    assert "Seat 2 to move. Value with best play by all: 3" in text
    assert "4♠      2" in text and "10♠      3  best" in text


def test_solve_gives_up_past_its_node_cap_with_a_clear_word(capsys):
    # Seven cards a hand take thousands of nodes; a cap of 10 stops the search, says how
    # to get an answer, and prints no half answer.
    deal = "N:AKQJT98... 765432.A.. .KQJT98.2. ...AKQJT98"
    code = cli.main(["solve", deal, "--goal", "max:0", "--max-nodes", "10"])
    captured = capsys.readouterr()
    assert code == 3 and "Value" not in captured.out
    assert "no answer within 10 nodes" in captured.err and "--value-only" in captured.err
    assert cli.main(["solve", deal, "--goal", "max:0", "--max-nodes", "0"]) == 2


def test_solve_value_only_gives_the_value_without_each_card():
    # As above, hand-checked: seat 0's seven top spades are seven tricks, whatever it leads.
    code, text = run_solve("N:AKQJT98... 765432.A.. .KQJT98.2. ...AKQJT98", "--goal", "max:0",
                           "--value-only")
    assert code == 0
    assert "Value with best play by all: 7" in text and "--value-only" in text
    assert "best" not in text.replace("best play", "")
    deal = "N:53.9.K2.T4 .2.84.K532 .KT876.Q9. QT962..A6."  # the value every card's search gives
    every = run_solve(deal, "--goal", "max:0")[1].split("by all: ")[1].split()[0]
    alone = run_solve(deal, "--goal", "max:0", "--value-only")[1].split("by all: ")[1].split()[0]
    assert every == alone


def test_solve_rejects_junk(capsys):
    assert cli.main(["solve", "N:AK2... QJ3... T9... 875...", "--goal", "max:0"]) == 2
    assert cli.main(["solve", "N:AK2... QJ3... T94... 875...", "--goal", "nonsense"]) == 2
    assert cli.main(["solve", "N:AK2... QJ3... T94... 875...", "--goal", "exactly:x:2"]) == 2
    assert cli.main(["solve", "N:A... K... Q... J...", "--goal", "penalty:0:chess"]) == 2
    err = capsys.readouterr().err
    assert err.count("error:") == 4 and "bad goal 'nonsense'" in err


def test_app_serves_the_lessons_with_the_checkouts_page_template(monkeypatch, capsys):
    """`trix-tutor app` replaces itself by Voila on the lessons, naming the page template
    and putting this checkout's share/jupyter first on the Jupyter path, so the template
    is found even where an editable install left the data files out."""
    pytest.importorskip("voila")
    root = Path(cli.__file__).resolve().parents[1]
    seen = {}
    monkeypatch.setenv("TRIX_TUTOR_TABLES", "http://localhost:1")  # no table service started
    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")
    monkeypatch.setattr(cli.os, "chdir", lambda path: seen.setdefault("cwd", Path(path)))
    monkeypatch.setattr(cli.os, "execve", lambda exe, args, env: seen.update(args=args, env=env))
    monkeypatch.setattr(cli, "start_warming", lambda env: seen.update(warming=True))
    assert cli.app(port=8999) == 0
    assert seen["cwd"] == root and seen["warming"]  # the solver compiles in the background
    assert seen["args"][1:4] == ["-m", "voila", "lessons"]
    assert "--VoilaConfiguration.template=trix-tutor" in seen["args"]
    assert "--port=8999" in seen["args"]
    paths = seen["env"]["JUPYTER_PATH"].split(os.pathsep)
    assert paths == [str(root / "share" / "jupyter"), "/elsewhere"]
    assert (Path(paths[0]) / "voila" / "templates" / "trix-tutor" / "index.html.j2").is_file()
    assert "Open http://localhost:8999/" in capsys.readouterr().out


# A process after `trix-tutor warm`: every kernel its solves call comes from numba's cache.
AFTER_WARM = """
from tutor.solver import AvoidCards, Exactly, MaxTricks, Position, solve
from tutor.solver import _fast
p = Position.from_pbn("N:KQ4.A.7. 9.QJ.A3. AJ.9.K4. 2.K7.J9.", leader=2, trump="H")
for goal in (MaxTricks((0, 2)), Exactly(1, 2), AvoidCards(3, "KH")):
    solve(p, goal, engine="numba")
misses = {n: sum(f.stats.cache_misses.values()) for n, f in vars(_fast.KERNELS).items()
          if sum(f.stats.cache_misses.values())}
print(sum(sum(f.stats.cache_hits.values()) for f in vars(_fast.KERNELS).values()), misses)
"""


# ... and the Trixter play-out comes from numba's cache too (hits and misses).
ROLLOUT_AFTER_WARM = """
from tutor.search import policy
stats = policy.compiled_rollout().rollout.stats
print(sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
"""


def test_warm_compiles_the_solvers_fast_engine_for_the_processes_after_it(capsys, monkeypatch,
                                                                           tmp_path):
    """`trix-tutor warm` leaves every kernel in numba's cache: a new process's solves
    (other goals, a trump, another size) load them all and compile none, which on a fresh
    install costs minutes of a core in each process."""
    pytest.importorskip("numba")
    from tutor.solver import search

    monkeypatch.setattr(warming, "LOCK", tmp_path / "numba-warming.lock")  # not the others'
    assert cli.main(["warm"]) == 0
    assert "fast engine is ready" in capsys.readouterr().out
    run = subprocess.run([sys.executable, "-c", AFTER_WARM], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    hits, misses = run.stdout.split(" ", 1)
    assert int(hits) > 0 and misses.strip() == "{}", run.stdout
    run = subprocess.run([sys.executable, "-c", ROLLOUT_AFTER_WARM], capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split() == ["1", "0"], run.stdout  # the play-out loaded, not compiled
    monkeypatch.setattr(search, "_fast_module", lambda: None)
    assert cli.main(["warm"]) == 0
    assert "not installed" in capsys.readouterr().out
