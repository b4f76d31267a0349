"""Build the static site: JupyterLite with Voici, every lesson run by the browser's Python.

    python lite/build.py [--out build/site]

``make site`` runs this in ``.venv-site`` (the tools pinned in ``lite/requirements.txt``).
The folder it writes is served as is by any static host; nothing is fetched at run time:

- Pyodide's core (``pyodide@PYODIDE`` from npm, checked against ``PYODIDE_INTEGRITY``), with
  its own ``pyodide-lock.json`` listing exactly the wheels the tutor needs: those pinned
  with hashes in ``lite/pyodide-requirements.txt`` (PyPI), the kernel's own wheels from
  ``jupyterlite-pyodide-kernel``, and trix-tutor itself, built from this checkout. The
  kernel preloads them all (``loadPyodideOptions.packages``) and may not reach PyPI.
- ``sqlite3``: Pyodide's is compiled and published on neither PyPI nor npm, and the kernel
  asks for it by name, so the site carries a stand-in that fails to import the way
  CPython built without SQLite does; IPython then keeps its history in memory.
- The lessons, rendered by Voici as app pages (``voici/render/...html``) and also openable
  as notebooks in JupyterLite's Notebook. The kernel gets ``TRIX_TUTOR_HOME`` on the
  browser's own storage (``/drive``), so puzzle progress and class results survive a reload.

Downloads are cached in ``build/lite-cache``; the output is rebuilt from scratch each time,
and two builds of one checkout are the same byte for byte.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "lite"
PYODIDE = "0.29.0"  # the version jupyterlite-pyodide-kernel 0.7.0 is made for
PYODIDE_INTEGRITY = ("sha512-ObIvsTmcrxAWKg+FT1GjfSdDmQc5CabnYe/nn5BCuhr9BVVITeQ24DBdZuG5B2tIiA"
                     "Z9YonBpnDB7cmHZyd2Rw==")  # npm's dist.integrity
PYODIDE_PYTHON = "3.13"
CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
        "package.json")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# The kernel's own wheels (shipped inside jupyterlite-pyodide-kernel's extension).
KERNEL_WHEELS = ("ipykernel", "piplite", "pyodide_kernel", "widgetsnbextension-4")
# Fixed zip timestamps (1 January 2026) keep the built wheels byte for byte the same.
EPOCH = "1767225600"


def run(*cmd: str | Path, cwd: Path = ROOT, env: dict | None = None) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], cwd=cwd, check=True,
                   env=None if env is None else {**os.environ, **env})


def digest(path: Path, algorithm: str = "sha256") -> str:
    return hashlib.new(algorithm, path.read_bytes()).hexdigest()


def pypi_wheels(cache: Path) -> list[Path]:
    """The pinned runtime wheels, downloaded once per version of the pin file."""
    pins = HERE / "pyodide-requirements.txt"
    folder = cache / f"wheels-{digest(pins)[:12]}"
    if not folder.exists():
        tmp = Path(tempfile.mkdtemp(dir=cache))
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--require-hashes",
            "--only-binary=:all:", "--python-version", PYODIDE_PYTHON, "--implementation", "py",
            "--abi", "none", "--platform", "any", "-r", pins, "-d", tmp)
        tmp.rename(folder)
    return sorted(folder.glob("*.whl"))


def pyodide_core(cache: Path) -> Path:
    """npm's pyodide package (a tarball), checked against the pinned integrity."""
    tgz = cache / f"pyodide-{PYODIDE}.tgz"
    if not tgz.exists():
        run("npm", "pack", f"pyodide@{PYODIDE}", "--pack-destination", cache, "--silent")
    got = "sha512-" + base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
    if got != PYODIDE_INTEGRITY:
        tgz.unlink()
        raise SystemExit(f"{tgz.name}: integrity {got} is not the pinned {PYODIDE_INTEGRITY}")
    return tgz


def kernel_wheels() -> list[Path]:
    pypi = (Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/"
            "pyodide-kernel-extension/static/pypi")
    found = [w for w in sorted(pypi.glob("*.whl")) if w.name.startswith(KERNEL_WHEELS)]
    if len(found) != len(KERNEL_WHEELS):
        raise SystemExit(f"the kernel's wheels are not all in {pypi}: run `make site`")
    return found


def project_wheel(folder: Path) -> Path:
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
        "-w", folder, ROOT, env={"SOURCE_DATE_EPOCH": EPOCH})
    for scratch in ("lib", "bdist.linux-x86_64"):  # setuptools' leftovers
        shutil.rmtree(ROOT / "build" / scratch, ignore_errors=True)
    (wheel,) = folder.glob("trix_tutor-*.whl")
    return wheel


def sqlite3_stand_in(folder: Path) -> Path:
    """A wheel whose ``sqlite3`` fails to import as in CPython built without SQLite."""
    name = "sqlite3-0.0.0"
    files = {
        "sqlite3/__init__.py": '"""No SQLite in this Python (see lite/build.py)."""\n'
                               'raise ModuleNotFoundError("No module named \'_sqlite3\'", '
                               'name="_sqlite3")\n',
        f"{name}.dist-info/METADATA": "Metadata-Version: 2.1\nName: sqlite3\nVersion: 0.0.0\n",
        f"{name}.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: lite/build.py\n"
                                   "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{p},,\n" for p in files) + f"{name}.dist-info/RECORD,,\n"
    files[f"{name}.dist-info/RECORD"] = record
    wheel = folder / f"{name}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for path, text in files.items():
            z.writestr(zipfile.ZipInfo(path, (2026, 1, 1, 0, 0, 0)), text)
    return wheel


def wheel_entry(wheel: Path) -> dict:
    """The wheel's entry in pyodide-lock.json (no dependencies: every entry is preloaded)."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        fields = dict(line.split(": ", 1) for line in z.read(meta).decode().splitlines()
                      if ": " in line and not line.startswith(" "))
    imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                      if not n.split("/")[0].endswith((".dist-info", ".data"))
                      and (n.endswith(".py") or "/" in n)})
    return {"name": fields["Name"].lower().replace("_", "-"), "version": fields["Version"],
            "file_name": wheel.name, "install_dir": "site", "sha256": digest(wheel),
            "package_type": "package", "imports": imports, "depends": [],
            "unvendored_tests": False}


def pyodide_dist(cache: Path, folder: Path) -> list[str]:
    """Pyodide's core plus the wheels and their lock in ``folder``; returns the names."""
    folder.mkdir(parents=True)
    with tarfile.open(pyodide_core(cache)) as tar:
        for name in CORE:
            (folder / name).write_bytes(tar.extractfile(f"package/{name}").read())
        # Its lock's platform and Python are the core's; its packages are not on npm.
        info = json.load(tar.extractfile("package/pyodide-lock.json"))["info"]
    version = json.loads((folder / "package.json").read_text())["version"]
    if version != PYODIDE:
        raise SystemExit(f"npm gave pyodide {version}, not {PYODIDE}")
    for wheel in pypi_wheels(cache) + kernel_wheels():
        shutil.copy2(wheel, folder)
    project_wheel(folder)
    sqlite3_stand_in(folder)
    packages = {}
    for wheel in sorted(folder.glob("*.whl")):
        entry = wheel_entry(wheel)
        packages[entry["name"]] = entry
    # The kernel skips installing what it finds by its file name (``pyodide_kernel``).
    names = sorted(w.name.split("-")[0] for w in folder.glob("*.whl"))
    lock = {"info": {**info, "version": PYODIDE}, "packages": packages}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return names


def lite_config(packages: list[str]) -> dict:
    """jupyter-lite.json: the kernel preloads every package and stays off the network."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "trix-tutor",
        "litePluginSettings": {KERNEL_PLUGIN: {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {
                "packages": packages,
                # Progress and class results live under /drive: the browser's storage.
                "env": {"HOME": "/home/pyodide", "TRIX_TUTOR_HOME": "/drive/.trix-tutor",
                        "TRIX_TUTOR_SOLVER": "python"},
            },
        }},
    }}


def build(out: Path) -> Path:
    cache = ROOT / "build" / "lite-cache"
    cache.mkdir(parents=True, exist_ok=True)
    src = ROOT / "build" / "lite-src"
    shutil.rmtree(src, ignore_errors=True)
    packages = pyodide_dist(cache, src / "static" / "pyodide")
    (src / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=1))
    # With SOURCE_DATE_EPOCH, JupyterLite re-dates everything under the output's parent
    # folder: build in a folder of its own, then move the site where it was asked for.
    stage = ROOT / "build" / "lite-stage"
    shutil.rmtree(stage, ignore_errors=True)
    run(Path(sys.executable).parent / "voici", "build", "--lite-dir", src,
        "--output-dir", stage / "site", "--contents", ROOT / "lessons", "--apps", "notebooks",
        "--apps", "voici", "--no-sourcemaps",
        cwd=src, env={"SOURCE_DATE_EPOCH": EPOCH})  # its task database goes in src
    finish(stage / "site")
    shutil.rmtree(out, ignore_errors=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(stage / "site", out)
    return out


# Voila's page templates link Font Awesome on a CDN; the tutor draws no icon with it.
FONT_AWESOME = re.compile(r'<link[^>]*cdn\.jsdelivr\.net/npm/(@fortawesome|font-awesome)'
                          r'[^>]*>\n?')
START = "voici/render/00_start_here.html"
INDEX = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>trix-tutor</title>
<meta http-equiv="refresh" content="0; url={START}"></head>
<body><p>Opening <a href="{START}">the start page</a> of trix-tutor…</p></body></html>
"""


def finish(out: Path) -> None:
    """No request leaves the site, and its front door is the tutor's start page (the
    JupyterLite index would send the browser to JupyterLab, which the site leaves out)."""
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if FONT_AWESOME.search(text):
            page.write_text(FONT_AWESOME.sub("", text), encoding="utf-8")
    (out / "index.html").write_text(INDEX, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "site")
    args = ap.parse_args(argv)
    out = build(args.out.resolve())
    print(f"static site in {out}: serve it with `python -m http.server -d {out}`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
