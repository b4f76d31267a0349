"""benchmarks/stability.py: the stability table of the advice (issue 27, part 2)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "stability.py"
sys.path.insert(0, str(ROOT / "benchmarks"))

import stability  # noqa: E402


def table(*args: str) -> dict[tuple[str, str], list[str]]:
    """The script's rows by (game, decision): the cells after the decision's name."""
    out = subprocess.run([sys.executable, str(SCRIPT), "--quick", *args], capture_output=True,
                         text=True, check=True, timeout=120).stdout
    lines = [ln for ln in out.splitlines() if not ln.startswith(("#", "-"))]
    assert lines[0].split() == ["game", "decision", "unit", "positions", "differ", "beyond",
                                "ref", "beyond", "own", "mistake", "hint", "off", "med", "s"]
    return {tuple(ln.split()[:2]): ln.split()[2:] for ln in lines[1:]}


def counts(cells: list[str]) -> list[int]:
    """positions, then the count of each mark (each count is followed by its percent)."""
    nums = [c for c in cells if not c.endswith("%")]
    if not nums[0].isdigit():  # a kind's row begins with its unit
        nums = nums[1:]
    return [int(x) for x in nums[:6]]


def test_quick_table_has_a_row_a_kind_and_totals():
    rows = table()
    assert set(rows) == {("Trixter", "bid"), ("Trixter", "card-late"), ("Trixter", "all"),
                         ("Trix", "card-king"), ("Trix", "all"), ("both", "all")}
    assert rows[("Trixter", "bid")][0] == "points"
    assert rows[("Trixter", "card-late")][0] == "chance"
    for key, cells in rows.items():
        n, differ, beyond_ref, beyond_own, mistake, _off = counts(cells)
        assert n == (3 if key[0] == "both" else 2 if key == ("Trixter", "all") else 1), key
        # Beyond the tolerance is a kind of differing, and a mistake is beyond it.
        assert beyond_ref <= differ and mistake <= beyond_own <= differ <= n, key
    total = counts(rows[("both", "all")])
    assert total == [a + b for a, b in zip(counts(rows[("Trixter", "all")]),
                                           counts(rows[("Trix", "all")]))]


def test_one_seed_never_differs():
    """With one seed there is nothing to disagree with: every count but the hint's is 0."""
    for cells in table("--seeds", "1").values():
        assert counts(cells)[1:5] == [0, 0, 0, 0]


def result(bests, ref, unit="points", own=None):
    own = own or [dict(ref) for _ in bests]
    return stability.Result("Trix", "card-king", "game 0 #0", unit, unit == "place",
                            list(bests), own, False, ref)


def test_judge_counts_by_the_tolerance():
    ref = {"AS": 5.0, "KS": 4.5, "QS": 3.0}
    agree = stability.judge(result(["AS"] * 4, ref))
    assert agree == {"differ": False, "beyond_ref": False, "beyond_own": False,
                     "mistake": False, "off": False}
    near = stability.judge(result(["AS", "KS", "AS", "AS"], ref))  # 0.5 apart: within 1 point
    assert near["differ"] and not near["beyond_ref"]
    far = stability.judge(result(["AS", "QS", "AS", "AS"], ref))  # 2 points apart
    assert far["beyond_ref"] and far["beyond_own"]
    assert stability.judge(result(["QS"] * 4, ref))["off"]  # the hint is 2 below the best


def test_judge_places_lower_is_better():
    # A fiftieth of a place is the tolerance; 2.00 against 2.10 is beyond it.
    ref = {"AS": 2.0, "KS": 2.1, "QS": 2.01}
    assert stability.judge(result(["AS", "KS", "AS", "AS"], ref, "place"))["beyond_ref"]
    assert not stability.judge(result(["AS", "QS", "AS", "AS"], ref, "place"))["beyond_ref"]
    assert stability.judge(result(["KS"] * 4, ref, "place"))["off"]
    assert not stability.judge(result(["AS"] * 4, ref, "place"))["off"]
