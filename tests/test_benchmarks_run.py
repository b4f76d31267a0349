"""The benchmark script runs and prints its table (speed itself is not asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_benchmark_prints_a_table():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "engine.py"),
                          "--seconds", "0.05"], capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["measure", "unit"]
    assert any("peak hand, 4 players" in ln for ln in lines)
    assert any("peak hand, 8 players" in ln for ln in lines)
    assert any("Trix whole game" in ln for ln in lines)
