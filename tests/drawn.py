"""What a widget's module draws, in node (tests/js/render.mjs: a stand-in DOM, words only)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest


def drawn(widget: Any, tmp_path: Path) -> dict[str, Any]:
    """The words a widget's module draws from the widget's synced traits: ``text`` (all of
    it) and ``nodes`` ([tag, class, text, title] for each element)."""
    if shutil.which("node") is None:
        pytest.skip("needs node to draw the modules")
    mod, traits = tmp_path / "widget.mjs", tmp_path / "traits.json"
    mod.write_text(widget._esm, encoding="utf-8")
    traits.write_text(json.dumps({k: v for k, v in widget.get_state().items()
                                  if not k.startswith("_")}, default=str), encoding="utf-8")
    out = subprocess.run(["node", str(Path(__file__).parent / "js" / "render.mjs"), str(mod),
                          str(traits)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def drawn_states(widget: Any, states: list[dict[str, Any]], tmp_path: Path) -> list[dict[str, Any]]:
    """What ``widget``'s module draws for each of ``states`` (its synced traits at several
    moments, ``traits_of``), in one run of node."""
    if shutil.which("node") is None:
        pytest.skip("needs node to draw the modules")
    mod = tmp_path / f"{type(widget).__name__}.mjs"
    mod.write_text(widget._esm, encoding="utf-8")
    files = []
    for i, traits in enumerate(states):
        f = tmp_path / f"{type(widget).__name__}-{i}.json"
        f.write_text(json.dumps(traits, default=str), encoding="utf-8")
        files.append(str(f))
    out = subprocess.run(["node", str(Path(__file__).parent / "js" / "render.mjs"), str(mod),
                          *files], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    return result if len(files) > 1 else [result]


def traits_of(widget: Any) -> dict[str, Any]:
    """A widget's synced traits as its module reads them, now (a copy)."""
    return json.loads(json.dumps({k: v for k, v in widget.get_state().items()
                                  if not k.startswith("_")}, default=str))
