"""Deployment files: the static site's pins and pieces, the Pages workflow, the app's
server settings. (The built site itself is played in chromium by tests/test_site.py.)"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
lite_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lite_build)


def requirement_lines(name: str) -> list[str]:
    text = (ROOT / "lite" / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def test_every_tool_of_the_site_build_is_pinned_to_one_version():
    lines = requirement_lines("requirements.txt")
    assert all(re.fullmatch(r"[A-Za-z0-9_.\-\[\]]+==[0-9][\w.+!-]*", x) for x in lines), lines
    names = {x.split("==")[0].lower() for x in lines}
    assert {"jupyterlite-core", "jupyterlite-pyodide-kernel", "voici-core",
            "anywidget", "ipywidgets", "setuptools"} <= names


def test_every_package_the_browser_loads_is_pinned_with_its_hash():
    lines = requirement_lines("pyodide-requirements.txt")
    assert all(re.fullmatch(r"[\w.\-]+==[\w.]+ --hash=sha256:[0-9a-f]{64}", x) for x in lines)
    names = {x.split("==")[0].lower().replace("_", "-") for x in lines}
    assert {"ipython", "ipywidgets", "anywidget", "micropip", "comm", "traitlets"} <= names
    assert "numba" not in names and "numpy" not in names  # the pure-Python path


def test_the_sqlite3_stand_in_fails_like_a_python_without_sqlite(tmp_path):
    wheel = lite_build.sqlite3_stand_in(tmp_path)
    entry = lite_build.wheel_entry(wheel)
    assert (entry["name"], entry["imports"], entry["depends"]) == ("sqlite3", ["sqlite3"], [])
    assert entry["file_name"] == wheel.name and len(entry["sha256"]) == 64
    probe = ("import sys; sys.path.insert(0, sys.argv[1])\n"
             "try:\n    import sqlite3\nexcept ModuleNotFoundError as e:\n    print(e.name)")
    out = subprocess.run([sys.executable, "-I", "-c", probe, str(wheel)], capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "_sqlite3"  # what IPython's history checks for
    assert lite_build.sqlite3_stand_in(tmp_path).read_bytes() == wheel.read_bytes()


def test_the_kernel_preloads_everything_offline_with_progress_in_the_browser():
    config = lite_build.lite_config(["ipython", "trix_tutor"])
    kernel = config["jupyter-config-data"]["litePluginSettings"][lite_build.KERNEL_PLUGIN]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"]["packages"] == ["ipython", "trix_tutor"]
    env = kernel["loadPyodideOptions"]["env"]
    assert env["TRIX_TUTOR_HOME"].startswith("/drive/")  # JupyterLite's browser storage
    assert env["TRIX_TUTOR_SOLVER"] == "python"


def test_pages_workflow_builds_with_make_site_and_publishes_the_folder():
    yaml = pytest.importorskip("yaml")
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text())
    build = flow["jobs"]["build"]["steps"]
    assert any(step.get("run") == "make site" for step in build)
    upload = next(s for s in build if "upload-pages-artifact" in s.get("uses", ""))
    assert upload["with"]["path"] == "build/site"
    assert any("deploy-pages" in s.get("uses", "") for s in flow["jobs"]["deploy"]["steps"])
    assert flow["permissions"]["pages"] == "write"


def test_voila_settings_for_a_class():
    settings = json.loads((ROOT / "voila.json").read_text())
    cull = settings["MappingKernelManager"]
    assert cull["cull_idle_timeout"] == 900 and cull["cull_connected"] is False
    assert settings["VoilaConfiguration"] == {"show_tracebacks": False, "strip_sources": True,
                                              "preheat_kernel": True}
    assert settings["Voila"]["kernel_websocket_connection_class"] == \
        "widgets.server.NoDelayChannels"
    # A preheated page runs while the machine may be busy (a class arriving, CI's other
    # lanes): nbclient's 4 s wait for a cell's output lost a page's table once.
    assert settings["VoilaExecutor"]["iopub_timeout"] >= 30


def test_the_kernel_pool_preheats_a_few_pages_that_need_no_request():
    """A preheated kernel runs its page before anyone asks for it: only pages that read
    nothing of the request (class_set reads ?code= from it) may be pooled, and only a few,
    since each idle kernel holds its memory (benchmarks/page-load.md)."""
    pools = json.loads((ROOT / "voila.json").read_text())["VoilaKernelManager"][
        "kernel_pools_config"]
    assert pools.pop("default") == {"pool_size": 0}  # Voila's own default is 1 for every page
    assert "00_start_here.ipynb" in pools and len(pools) <= 6
    for page, config in pools.items():
        assert (ROOT / "lessons" / page).is_file(), page
        assert config == {"pool_size": 1}
        cells = json.loads((ROOT / "lessons" / page).read_text(encoding="utf-8"))["cells"]
        code = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        assert "classroom" not in code and "QUERY_STRING" not in code, page


def test_every_way_of_serving_gets_the_apps_page_template():
    """The template and the voila.json naming it are data files of the package (so a hub's
    or Binder's environment has them on its Jupyter paths), every file of the template.
    The repository's voila.json does not name it: after a plain editable install (no data
    files) `voila lessons` from the checkout serves Voila's own page instead of an error;
    `trix-tutor app` names it, with the checkout's copy first on the Jupyter path."""
    tomllib = pytest.importorskip("tomllib")
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "data-files"]
    template = "share/jupyter/voila/templates/trix-tutor"
    listed = {f for pattern in data[template] for f in ROOT.glob(pattern)}
    assert listed == {f for f in (ROOT / template).iterdir() if f.is_file()}
    assert {"index.html.j2", "conf.json", "spinner.macro.html.j2"} <= {f.name for f in listed}
    assert data["etc/jupyter"] == ["etc/jupyter/voila.json"]
    installed = json.loads((ROOT / "etc" / "jupyter" / "voila.json").read_text())
    assert installed == {"VoilaConfiguration": {"template": "trix-tutor"}}
    assert "template" not in json.loads((ROOT / "voila.json").read_text())[
        "VoilaConfiguration"]
    # Binder and the hub recipes install binder/requirements.txt: not editable, since an
    # editable install leaves the data files out.
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    assert "." in lines and not any(x.startswith("-e") for x in lines)


def test_kernel_websockets_send_without_nagle_delay(monkeypatch):
    pytest.importorskip("jupyter_server")
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )

    from widgets.server import NoDelayChannels

    calls = []
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect",
                        lambda self: calls.append("connect") or "connected")

    class Handler:
        def set_nodelay(self, value):
            calls.append(("nodelay", value))

    conn = NoDelayChannels.__new__(NoDelayChannels)
    monkeypatch.setattr(NoDelayChannels, "websocket_handler", Handler())  # a trait there
    assert conn.connect() == "connected"
    assert calls == [("nodelay", True), "connect"]


def test_every_package_is_installed():
    """pyproject.toml lists the packages one by one: a package left out is missing from a
    non-editable install (Binder, a hub) though every test passes on an editable one."""
    tomllib = pytest.importorskip("tomllib")
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts)
             for top in ("tutor", "widgets") for init in (ROOT / top).rglob("__init__.py")}
    assert listed == found
