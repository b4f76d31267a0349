"""The benchmark script runs and prints its table (speed itself is not asserted)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow  # each runs a benchmark script
# A script's time limit: only a hang should reach it. On a crowded machine (CI runs these
# beside the solver tests) the app's benchmark took over 300 s where a quiet one takes 105.
LIMIT = 1200


def bench(script: str, *args: str) -> str:
    """A benchmark script's output; if it fails, what it said on stderr is the failure."""
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args],
                         capture_output=True, text=True, timeout=LIMIT)
    assert run.returncode == 0, f"{script} exited {run.returncode}:\n{run.stderr[-4000:]}"
    return run.stdout


def test_engine_benchmark_prints_a_table():
    out = bench("engine.py", "--seconds", "0.05")
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["measure", "unit"]
    assert any("peak hand, 4 players" in ln for ln in lines)
    assert any("peak hand, 8 players" in ln for ln in lines)
    assert any("Trix whole game" in ln for ln in lines)


def test_last_tricks_benchmark_prints_both_tables():
    out = bench("last_tricks.py", "--deals", "200")
    lines = out.splitlines()
    gains = {ln[:22].strip(): ln[22:].split() for ln in lines[1:5]}
    assert list(gains) == ["K = 1 (anchor)", "K = 2", "K = 3", "K = 4"]
    assert gains["K = 1 (anchor)"][1] == "+0.000"  # the last trick is forced
    # Exact play of the last three tricks wins points among rule players, clearly.
    assert float(gains["K = 3"][2].strip("[,")) > 0
    costs = [ln.split() for ln in lines[7:]]
    assert [int(r[0]) for r in costs] == list(range(2, 14))
    assert all(len(r) == 5 for r in costs)


def test_trex_policy_benchmark_prints_a_table():
    out = bench("trex_policy.py", "--deals", "300", "--advice-deals", "1")
    rows = {ln[:60].strip(): re.findall(r"[-+]?\d+(?:\.\d+)?", ln[60:])
            for ln in out.splitlines()[2:]}
    assert list(rows) == ["rule: beginner's against random (anchor)",
                          "rule: shrewd against random (anchor)",
                          "rule: shrewd against beginner's",
                          "advice (intermediate): shrewd against beginner's play-outs"]
    for label, cols in rows.items():
        assert cols[0] == ("1" if label.startswith("advice") else "300")
    # deals, mean, the interval, seconds; either rule beats random play clearly, even on
    # 300 deals (the interval's low end above 0).
    assert all(len(cols) == 5 for cols in rows.values())
    assert all(float(rows[k][2]) > 0 for k in list(rows)[:2])


def test_solver_nodes_table_splits_the_gap_to_dds():
    if importlib.util.find_spec("endplay") is None or importlib.util.find_spec("numba") is None:
        pytest.skip("the --nodes table needs endplay and numba")
    out = bench("solver.py", "--nodes", "--deals", "2", "--max-cards", "7")
    rows = [ln.split() for ln in out.splitlines() if ln and not ln.startswith("#")]
    assert rows[0][:3] == ["cards", "deals", "ours"]
    assert [r[0] for r in rows[1:]] == ["5", "7"]
    for r in rows[1:]:
        assert r[1] == "4"  # two deals, no trump and trump
        ours, dds, ratio = float(r[2]), float(r[3]), float(r[4].rstrip("x"))
        assert ours >= 0 and dds > 0 and ratio > 0
        # Searched trick starts are some of those reached (the root's too); every trick
        # start reached is a ply.
        assert 0 <= float(r[5]) <= ours + 1 and float(r[6]) >= 1
        assert r[-1] == "0"
    # Past --max-nodes plies a solve is unsolved, and endless in the medians.
    out = bench("solver.py", "--nodes", "--deals", "1", "--max-cards", "5", "--max-nodes", "20")
    rows = [ln.split() for ln in out.splitlines() if ln and not ln.startswith("#")]
    assert rows[1][0] == "5" and rows[1][2] == "inf" and rows[1][-1] == "2", rows


def test_solver_benchmark_prints_a_table():
    out = bench("solver.py", "--quick")
    lines = [ln for ln in out.splitlines() if not ln.startswith("#")]
    assert lines[0].split()[:4] == ["row", "deals", "numba", "med"]
    rows = {ln[:34].strip(): ln[34:].split() for ln in lines[1:]}
    for label in ("MaxTricks team 4p  3 cards NT", "MaxTricks team 4p  5 cards trump",
                  "Exactly 5p+3 jokers  3 cards", "MinPenalty Trix 4p  3 cards",
                  "AvoidCards KH 4p  3 cards", "PIMC hint: 20 x 5 cards"):
        assert label in rows, label
        assert len(rows[label]) == 10 and rows[label][0] == "2"
        assert rows[label][9] == "0"  # unsolved: none at these sizes (no node cap below 11)
    # The pure engine ran every small row; the MaxTricks rows have a DDS column.
    assert all(rows[label][3] != "-" for label in rows if "PIMC" not in label)
    if importlib.util.find_spec("endplay") is not None:
        assert rows["MaxTricks team 4p  3 cards NT"][5] != "-"


@pytest.mark.browser  # drives the app's server and pages: the browser lane of `make test`
def test_app_benchmark_prints_a_table():
    """benchmarks/app.py --quick: the app's own pool (voila.json) alone in the page-load table,
    two fresh servers and three page loads; then one load each and three clicks (about 60 s
    on a quiet 2-core machine)."""
    if importlib.util.find_spec("playwright") is None or importlib.util.find_spec("voila") is None:
        pytest.skip("needs the test extras (playwright, voila)")
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("needs Debian's chromium (apt-get install chromium)")
    out = bench("app.py", "--quick")
    lines = [ln for ln in out.splitlines() if ln.strip()]
    # First the page loads (a fresh server per first page), then the app against its anchor.
    assert lines[0].startswith("page load: first words / ready")
    assert lines[0].split("s (median)")[1].split() == ["voila.json", "pool"], lines[0]
    for label in ("first page, server just started", "first page, server settled",
                  "later pages (1 in a row"):
        row = next(ln for ln in lines if ln.startswith(label))
        cells = re.findall(r"(\d+\.\d+) / (\d+\.\d+)", row)
        assert len(cells) == 1 and all(0 < float(a) <= float(b) for a, b in cells), row
    row = next(ln for ln in lines if ln.startswith("idle kernels of a settled server"))
    assert all(float(x) > 0 for x in re.findall(r"(\d+) / (\d+)", row)[0]), row
    assert ["measure", "unit", "app", "anchor", "ratio", "target"] in [ln.split() for ln in lines]
    for label in ("first widget visible", "click round trip", "kernel memory"):
        row = next(ln for ln in lines if ln.startswith(label))
        app, anchor = (float(x) for x in row[48:66].split())
        assert app > 0 and anchor > 0, row


@pytest.mark.browser  # clicks a puzzle board in the app's pages: the browser lane
def test_puzzle_benchmark_prints_a_table():
    """benchmarks/puzzles.py --quick: every 10th puzzle verified twice, three board clicks."""
    browser = (importlib.util.find_spec("playwright") is not None
               and importlib.util.find_spec("voila") is not None
               and Path("/usr/bin/chromium").exists())
    out = bench("puzzles.py", "--quick", *([] if browser else ["--no-browser"]))
    lines = out.splitlines()
    assert lines[0].split() == ["measure", "unit", "numba", "pure", "ratio", "target"]
    total = next(ln for ln in lines if re.match(r"verify \d+ puzzles, total", ln))
    assert all(float(x) > 0 for x in total[52:70].split())
    if browser:
        row = next(ln for ln in lines if ln.startswith("click to defence reply, median of 3"))
        assert all(float(x) > 0 for x in row[52:70].split()), row


@pytest.mark.browser  # learners' clicks on the app's server: the browser lane
def test_class_load_benchmark_prints_a_table():
    """benchmarks/class_load.py --quick: two learners thinking 0.5-1.5 s, 3 s on the anchor
    and 9 s of play (about 30 s)."""
    if importlib.util.find_spec("voila") is None:
        pytest.skip("needs the app extras (voila)")
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "class_load.py"), "--quick"],
                         capture_output=True, text=True, timeout=LIMIT)
    rows = {cells[0]: cells[1:] for cells in
            ([c.strip() for c in ln.strip("|").split("|")] for ln in run.stdout.splitlines()
             if ln.startswith("| "))}
    assert rows["measure"] == ["app: play pages", "anchor: minimal.ipynb", "target"], run.stdout
    assert int(rows["clicks (cards; anchor: button)"][0]) > 0, run.stdout
    assert int(rows["clicks (cards; anchor: button)"][1]) > 0, run.stdout
    assert float(rows["click -> update showing it: p50 / p95 / max"][0].split()[0]) > 0
    assert rows["lost sessions"][:2] == ["0", "0"], run.stdout
    assert rows["errors"][:2] == ["0", "0"], run.stdout
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]
    assert rows["each learner's own files (lesson mark, saved game = the cards they played), "
                "checked after play"][0] == "2 of 2 right, 0 problems", run.stdout


def test_class_load_finds_a_learners_game_in_anothers_folder(tmp_path):
    """The class-load check is real: a game saved in the wrong learner's folder, a card
    missing, or a folder of nobody is each reported."""
    if importlib.util.find_spec("tornado") is None:
        pytest.skip("needs the app extras (tornado)")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import class_load

    from tutor.engine import records
    from tutor.app.learners import Learner
    from tutor.engine.trixter import TrixterGame

    def game_with_cards(seed: int) -> tuple[TrixterGame, list[str]]:
        g = TrixterGame.new(players=4, seed=seed)
        while g.to_move is not None and len(g.to_record()["actions"]) < 12:
            g.apply(g.legal_actions()[0])
        cards = [a for s, a in g.to_record()["actions"] if s == 0 and " " not in a]
        return g, cards

    ana, ben = "a" * 32, "b" * 32
    ga, ca = game_with_cards(1)
    gb, cb = game_with_cards(2)
    assert ca and cb and ca != cb
    for lid, g in ((ana, ga), (ben, ga)):  # Ben's folder holds Ana's game
        learner = Learner(lid, root=tmp_path / "learners")
        learner.mark_opened("play_trixter.ipynb")
        learner.save_game("trixter", records.dumps(g))
    Learner("c" * 32, root=tmp_path / "learners").mark_opened("play_trix.ipynb")
    phase = class_load.Phase("app", 2, 1.0)
    phase.own = {ana: ("lessons/play_trixter.ipynb", 0, ca),
                 ben: ("lessons/play_trixter.ipynb", 0, cb)}
    class_load.check_learners(phase, tmp_path)
    assert len(phase.checked) == 2, phase.checked
    assert phase.checked[0].startswith("a folder of no learner: cccccccc")
    assert phase.checked[1].startswith("bbbbbbbb: saved game has")


def test_class_load_names_each_voila_error_by_its_exception():
    """A traceback in Voila's log is reported by its last line (why a kernel died), not
    by "Traceback" alone; ERROR lines as they are; an indented log line is not one."""
    if importlib.util.find_spec("tornado") is None:
        pytest.skip("needs the app extras (tornado)")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import class_load

    log = ("[I 10:00:00.001 Voila] Kernel started\n"
           "Traceback (most recent call last):\n"
           '  File "kernelapp.py", line 300, in init_sockets\n'
           "    self.shell_port = self._bind_socket(self.shell_socket, self.shell_port)\n"
           "zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:41234')\n"
           "[Voila] ERROR | Error occurred while starting new kernel client\n"
           "    Traceback quoted in a message\n")
    assert class_load.voila_errors(log) == [
        "Traceback ... zmq.error.ZMQError: Address already in use"
        " (addr='tcp://127.0.0.1:41234')",
        "[Voila] ERROR | Error occurred while starting new kernel client"]


def test_advice_benchmark_prints_a_table():
    """benchmarks/advice.py --quick: two positions of a few rows, on both paths."""
    out = bench("advice.py", "--quick")
    lines = [ln for ln in out.splitlines() if not ln.startswith(("#", "-"))]
    assert lines[0].split()[:4] == ["game", "decision", "cards", "advice"]
    rows = {tuple(ln.split()[:3]): ln.split()[3:] for ln in lines[1:]}
    assert set(rows) == {("Trixter", "bid", "4"), ("Trixter", "card", "13"),
                         ("Trixter", "card", "4"), ("Trix", "card", "4"),
                         ("Trix", "round", "13")}
    for cells in rows.values():
        pure_median = float(cells[2])
        assert pure_median > 0


def test_decision_time_benchmark_prints_a_table():
    """benchmarks/decisions.py --deals 1: every level's bids and first-trick cards at 13
    cards (it once handed the bots a JSON view they no longer take, unnoticed)."""
    out = bench("decisions.py", "--deals", "1")
    lines = out.splitlines()
    assert lines[0] == "4-player Trixter, 13 cards: 1 deals, 4 first-trick cards, 4 bids"
    rows = {(ln[:20].strip(), ln[20:29].strip()) for ln in lines[2:]}
    levels = ["beginner", "intermediate", "expert"]
    if importlib.util.find_spec("numba") is not None:  # the plain play-outs beside
        levels += ["intermediate, plain", "expert, plain"]
    assert rows == {(lv, k) for lv in levels for k in ("bid", "play")}


def test_tables_load_benchmark_prints_a_table():
    """benchmarks/tables_load.py --quick: a table of people alone, one with 2 expert
    computers alone, then 2 tables at once (one with experts); one hand of 2 cards each,
    over real WebSockets to one table service process (about 20 s)."""
    if importlib.util.find_spec("tornado") is None:
        pytest.skip("needs the app extras (tornado)")
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "tables_load.py"),
                          "--quick"], capture_output=True, text=True, timeout=LIMIT)
    rows = {cells[0]: cells[1:] for cells in
            ([c.strip() for c in ln.strip("|").split("|")] for ln in run.stdout.splitlines()
             if ln.startswith("| "))}
    assert rows["measure"] == ["anchor: 1 table of 4 people alone",
                               "anchor: 1 table of 2 people + 2 expert computers alone",
                               "2 tables, 1 of them 2 people + 2 expert computers",
                               "target"], run.stdout + run.stderr[-2000:]
    assert rows["tables / people / expert computers"][:3] == ["1 / 4 / 0", "1 / 2 / 2",
                                                               "2 / 6 / 2"]
    for cell in rows["people's actions measured"][:3]:
        assert int(cell) > 0, run.stdout
    for cell in rows["action -> every seat's update: median / p95 / p99 / max"][:3]:
        assert float(cell.split()[0]) > 0, run.stdout
    turns = rows["a computer's turn (expert), as a person sees it: median / p95 / p99 / max"]
    # Timed in the experts' phase only. Its median may print 0.0 s: with --pause 0 a hand's
    # last card, the computer's only choice, is played at once (a CI run: 0.0 / 3.6 / 3.6 /
    # 3.6 s), so the longest turn says the turns were timed.
    assert turns[0] == "-" and float(turns[1].split()[-2]) > 0, run.stdout
    assert rows["messages refused"][:3] == ["0", "0", "0"], run.stdout
    assert rows["each table's record (SQLite) = its audit lines = what its people sent and saw,"
                " every action once"] == ["1 of 1 right, 0 problems", "1 of 1 right, 0 problems",
                                          "2 of 2 right, 0 problems", "all right"], run.stdout
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]


def test_tables_load_finds_an_action_lost_or_doubled(tmp_path):
    """The tables-load check is real: an audit line too many, an action a person sent that
    the record lacks, a view behind the record are each reported."""
    if importlib.util.find_spec("tornado") is None:
        pytest.skip("needs the app extras (tornado)")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import tables_load

    from tutor.tables.store import SQLiteStore
    from tutor.tables.table import Table

    store = SQLiteStore(tmp_path / "tables.sqlite")
    table = Table.open("trixter", {"players": 4, "first_hand": 2}, people=[0, 1, 2, 3],
                       seed=1, code="ABCDEF")
    phase = tables_load.Phase("load", "2 tables", 1, 0)
    run = tables_load.TableRun(phase, 0, [0, 1, 2, 3], [], "ws://127.0.0.1:9/tables/ws", 1,
                               (0.0, 0.0), float("inf"), 1)
    for p in run.persons:
        table.claim(p.seat, tables_load.NAMES[p.seat], p.key)
    store.create(table)
    run.code = table.code
    for _ in range(6):  # each action kept as the service keeps it, and sent by its person
        seat, n = table.game.to_move, len(table.game.history)
        before, log_from = table.version, len(table.log)
        action = table.game.observe(seat)["legal"][0]
        table.act(seat, action, n, "person")
        assert store.save(table, before, log_from)
        run.persons[seat].sent.append(tables_load.Sent(0.0, n, action, f"{seat}-{n}"))
    for p in run.persons:
        p.last = {"actions": 6}
    assert tables_load.check_table(store, run) == []

    run.persons[1].last = {"actions": 5}  # a seat that missed the last update
    lost = run.persons[2].sent.pop()  # an action sent that the record lacks (here: not sent)
    run.persons[3].sent.append(tables_load.Sent(0.0, 6, "bid 1", "3-6"))
    store.db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)",
                     (table.code, 6, 0, lost.action, "person", 0.0))  # a line too many
    problems = tables_load.check_table(store, run)
    assert problems == ["the audit lines (7) differ from the log (6)",
                        "seat 2's last view shows 5 of 6 actions",
                        "seat 3: 0 actions sent and not refused, 1 in the record",
                        "seat 4: 2 actions sent and not refused, 1 in the record"], problems
    store.close()


def test_review_calibration_benchmark_prints_a_table():
    """benchmarks/review_calibration.py --quick: four short games reviewed both ways, the
    named mistakes judged by a small reference (about 15 s)."""
    out = bench("review_calibration.py", "--quick")
    rows = {ln[:62].strip(): ln[62:].split("  ") for ln in out.splitlines()
            if not ln.startswith("#")}
    assert out.splitlines()[0].split() == ["one", "look", "(anchor)", "confirmed", "(now)"]
    cells = [c.strip() for c in rows["all: named mistakes the reference confirms"] if c.strip()]
    assert len(cells) == 2
    for cell in cells:  # "k of n (p%)": k confirmed of n named, both counted
        k, n = re.match(r"(\d+) of (\d+)", cell).groups()
        assert int(k) <= int(n) and int(n) > 0, cell
    assert any(ln.startswith("review of a Trixter game, s: median / max") for ln in
               out.splitlines())


def test_review_time_benchmark_prints_a_table():
    """benchmarks/review_time.py --quick: the 13-card hand's review, now and the anchor."""
    out = bench("review_time.py", "--quick")
    row = next(ln for ln in out.splitlines() if ln.startswith("Trixter, the 13-card hand"))
    decisions, now, now_max, anchor, anchor_max = re.findall(r"\d+(?:\.\d+)?", row[40:])[:5]
    assert int(decisions) >= 14  # the bid and 13 cards, the trump perhaps
    assert float(now) <= float(now_max) and float(anchor) <= float(anchor_max)


def test_open_hands_benchmark_prints_a_table():
    """benchmarks/open_hands.py --quick: a hand of each game, its last tricks, both engines."""
    out = bench("open_hands.py", "--quick")
    rows = [ln.split("|")[1:-1] for ln in out.splitlines() if ln.startswith("| Tri")]
    assert {r[0].strip() for r in rows} == {"Trixter", "Trix"}
    for _game, left, numba, med, p90, _wait, pure, pmed, pp90, _pwait in rows:
        assert 1 <= int(left) <= 4
        for answered in (numba, pure):
            done, tried = map(int, answered.split("/"))
            assert done == tried >= 1  # a few tricks from the end, every decision answered
        assert float(med) <= float(p90) and float(pmed) <= float(pp90)
