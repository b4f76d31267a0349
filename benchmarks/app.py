"""App speed in a real browser: page load, click round trip, kernel memory.

    python benchmarks/app.py [--loads 5] [--clicks 20] [--quick]

Starts Voila on a free localhost port (the repository as its root, ``voila.json`` as
the app uses it) and drives Debian's chromium with Playwright. Each row is measured,
side by side in the same run, against an *anchor*: ``benchmarks/minimal.ipynb``, a
notebook with one tiny anywidget (a button echoed by the kernel) and nothing else.

- load: from the request to the first widget visible (``.trix-tutor`` for the Trixter
  notebook, the anchor's one widget), a fresh kernel each time; median of ``--loads``.
- click round trip: a legal card clicked in the learner's hand until it shows in the
  trick (a MutationObserver in the page, so the time is the browser's own), median
  over ``--clicks`` clicks in Trix deals (13 cards each); its anchor is a click on the
  anchor's button until the kernel's reply is drawn.
- kernel memory: resident set size of the notebook's kernel process after the clicks.

Targets (issue 6): load at most 1.3x the anchor, round trip median under 150 ms,
under 150 MiB per kernel.

Then page loads as a learner meets them (issue 28), the app served as ``trix-tutor app``
serves it (``lessons/``, ``voila.json``), with and without its pool of preheated kernels:

- first page: the start page opened as soon as a fresh server answers, and again on a
  fresh server that has settled (the teacher started it before class);
- later pages: lessons and a play page in a row, each opened once the server is idle
  (the learner read the page before); median;
- pool memory: resident set size of the idle kernels a settled server holds.

Each time is from the request to the first words on screen and to the page ready (its
widgets drawn, the "Setting up the table" notice gone).

``--quick`` is a smoke run (``make test`` runs it): the page-load table has one column, the
app as it ships (``voila.json``'s pool), one fresh server for each first page and one later
page; then 1 load each (no warm-up load first) and 3 clicks. Its times say little.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost"]  # no other host
TRIXTER = "lessons/play_trixter.ipynb"
TRIX = "lessons/play_trix.ipynb"
MINIMAL = "benchmarks/minimal.ipynb"
SEED = "21"  # the learner owns the first Trix kingdom: it chooses the contract
# How long a server may take to answer, or the learner to get a card: only a hang reaches
# it. The times measured are the tables' business; a crowded machine (tests run this
# script beside the solver tests) may be many times slower than a quiet one.
STARTUP = 300  # s

WATCH = """([sel, click]) => new Promise((resolve, reject) => {
  const obs = new MutationObserver(() => {
    if (document.querySelector(sel)) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(document.body, { childList: true, subtree: true, attributes: true });
  setTimeout(() => { obs.disconnect(); reject(new Error(`timeout: ${sel}`)); }, 30000);
  const t0 = performance.now();
  document.querySelector(click).click();
})"""

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_voila(port: int, log, env: dict[str, str | None] | None = None) -> subprocess.Popen:
    """Voila on ``port`` with a fixed seed and no pause between computer players' moves;
    ``env`` overrides environment variables (``None`` unsets one: the app's default)."""
    env = {**os.environ, "TRIX_TUTOR_SEED": SEED, "TRIX_TUTOR_PAUSE": "0", **(env or {})}
    env = {k: v for k, v in env.items() if v is not None}
    proc = subprocess.Popen([sys.executable, "-m", "voila", ".", f"--port={port}",
                             "--no-browser", "--Voila.port_retries=0"],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + STARTUP
    while True:
        try:
            urllib.request.urlopen(f"http://localhost:{port}/", timeout=2).close()
            return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("Voila did not start") from None
            time.sleep(0.2)


@contextlib.contextmanager
def voila_app(env: dict[str, str | None] | None = None, log=None):
    """Voila serving the repository on a free port: yields the base URL of rendered
    notebooks; on failure the end of Voila's log goes to stderr; Voila stops at the end.
    ``env`` as for :func:`start_voila`; ``log``: a file for Voila's output (read and
    closed by the caller) instead of a temporary one."""
    port = free_port()
    own_log = log is None
    log = tempfile.TemporaryFile("w+") if own_log else log
    proc = start_voila(port, log, env)
    try:
        yield proc, f"http://localhost:{port}/voila/render/"
    except Exception:
        log.seek(0)
        sys.stderr.write(log.read()[-4000:])
        raise
    finally:
        stop(proc)
        if own_log:
            log.close()


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def kernel_pids(voila_pid: int) -> set[int]:
    """The ipykernel processes started by this Voila (read from /proc)."""
    children: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(d.name))
    out, todo = set(), [voila_pid]
    while todo:
        for c in children.get(todo.pop(), []):
            todo.append(c)
            try:
                cmd = (Path("/proc") / str(c) / "cmdline").read_bytes()
            except OSError:
                continue
            if b"ipykernel" in cmd:
                out.add(c)
    return out


def pss_mib(pid: int) -> float:
    """Proportional set size: the process's own pages plus its share of shared ones (the
    libraries every kernel maps), so a sum over kernels is what they cost together."""
    for line in (Path("/proc") / str(pid) / "smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def rss_mib(pid: int) -> float:
    for line in (Path("/proc") / str(pid) / "status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def outside(url: str) -> bool:
    return not url.startswith("http://localhost:")


def external(route) -> None:
    """Nothing leaves localhost: other hosts (Voila's CDN stylesheet) get an empty body."""
    route.fulfill(status=200, body="", content_type="text/css")


def load_time(browser, url: str, selector: str) -> float:
    """Seconds from the request to ``selector`` visible, in a fresh browser context."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.route(outside, external)
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator(selector).first.wait_for(state="visible", timeout=120_000)
    seconds = time.perf_counter() - t0
    context.close()
    return seconds


def learner_turn(page) -> None:
    """Act for the learner (contract, doubling, next deal...) until a card must be played."""
    plain = ['[data-action="next"]:enabled', '[data-contract="ltoosh"]:enabled',
             "[data-contract]:enabled", '[data-action="no redeal"]:enabled',
             '[data-action="no double"]:enabled', "[data-bid]:enabled", "[data-trump]:enabled"]
    deadline = time.monotonic() + STARTUP
    while time.monotonic() < deadline:
        if page.locator('[data-testid="hand"] [data-card].legal').count():
            return
        for sel in plain:
            handle = page.query_selector(sel)
            if handle is not None:
                handle.click()  # every reply redraws the panel: wait for that
                page.wait_for_function("el => !el.isConnected", arg=handle)
                break
        else:
            page.wait_for_timeout(20)
    raise RuntimeError("the learner never got a card to play")


def click_round_trips(page, clicks: int) -> list[float]:
    """Milliseconds from a legal card's click to the card in the trick, ``clicks`` times."""
    out = []
    while len(out) < clicks:
        learner_turn(page)
        card = page.locator('[data-testid="hand"] [data-card].legal').first \
            .get_attribute("data-card")
        out.append(page.evaluate(WATCH, [f'[data-testid="trick"] [data-card="{card}"]',
                                         f'[data-testid="hand"] [data-card="{card}"]']))
    return out


def anchor_round_trips(page, clicks: int) -> list[float]:
    out = []
    for i in range(clicks):
        out.append(page.evaluate(WATCH, [f'[data-testid="minimal"][data-n="{i + 1}"]',
                                         '[data-testid="minimal"]']))
    return out


# --- page loads as a learner meets them -----------------------------------------------------
START = "00_start_here.ipynb"
LATER = ["trixter/01_tricks.ipynb", "trixter/02_trump.ipynb", "trix/01_kingdom.ipynb",
         "play_trixter.ipynb", START]
NO_POOL = ["--VoilaConfiguration.preheat_kernel=False"]
SMALL_POOL = ["00_start_here.ipynb", "play_trixter.ipynb", "play_trix.ipynb"]


def pool_of(pages: list[str]) -> list[str]:
    """Voila arguments for voila.json with a pool of one kernel for ``pages`` only."""
    settings = json.loads((ROOT / "voila.json").read_text())
    settings["VoilaKernelManager"]["kernel_pools_config"] = {
        "default": {"pool_size": 0}, **{page: {"pool_size": 1} for page in pages}}
    folder = Path(tempfile.mkdtemp(prefix="trix-bench-config-"))
    (folder / "voila.json").write_text(json.dumps(settings))
    return [f"--Voila.config_file_paths={folder}"]
# Ready: a widget of the tutor drawn and the app's "Setting up the table" notice gone.
READY = """() => !!document.querySelector('.trix-tutor')
  && !document.querySelector('#loading') && !document.querySelector('.tt-setting-up')"""
WORDS = "() => document.body && document.body.innerText.trim().length > 0"


@contextlib.contextmanager
def lessons_app(extra: list[str], log):
    """The app as ``trix-tutor app`` runs it (``voila lessons``, its template on the
    Jupyter path) on a free port, plus ``extra`` Voila arguments; yields (process, base)."""
    port = free_port()
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(
        p for p in (str(ROOT / "share" / "jupyter"), os.environ.get("JUPYTER_PATH")) if p),
        "TRIX_TUTOR_HOME": tempfile.mkdtemp(prefix="trix-bench-")}
    proc = subprocess.Popen([sys.executable, "-m", "voila", "lessons", f"--port={port}",
                             "--no-browser", "--Voila.port_retries=0",
                             "--VoilaConfiguration.template=trix-tutor", *extra],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + STARTUP
    while True:
        try:
            urllib.request.urlopen(f"http://localhost:{port}/", timeout=2).close()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                stop(proc)
                raise RuntimeError("Voila did not start") from None
            time.sleep(0.1)
    try:
        yield proc, f"http://localhost:{port}/voila/render/"
    finally:
        stop(proc)


def machine(*packages: str) -> str:
    """The machine a result was measured on, and the versions of ``packages``."""
    from importlib.metadata import version

    mem = next(ln.split()[1] for ln in Path("/proc/meminfo").read_text().splitlines()
               if ln.startswith("MemTotal:"))
    model = next((ln.split(":", 1)[1].strip() for ln in Path("/proc/cpuinfo").read_text()
                  .splitlines() if ln.startswith("model name")), platform.machine())
    return (f"{len(os.sched_getaffinity(0))} cores (`nproc`), {model}, "
            f"{int(mem) / 1024 ** 2:.1f} GiB memory; Python {platform.python_version()}"
            + "".join(f", {name} {version(name)}" for name in packages))


def cpu_seconds(pids: set[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def settle(proc: subprocess.Popen, quiet: float = 0.05, timeout: float = 300) -> None:
    """Wait until Voila and its kernels are idle: under ``quiet`` CPU seconds in 1 s."""
    deadline = time.monotonic() + timeout
    pids = {proc.pid} | kernel_pids(proc.pid)
    last = cpu_seconds(pids)
    while time.monotonic() < deadline:
        time.sleep(1)
        pids = {proc.pid} | kernel_pids(proc.pid)
        now = cpu_seconds(pids)
        if now - last < quiet:
            return
        last = now
    raise RuntimeError("the app never settled")


RETRIED: list[str] = []  # pages that needed a second load, named under the table


def page_load(browser, url: str, tries: int = 2) -> tuple[float, float]:
    """Seconds from the request to the first words on screen and to the page ready.

    A load that never gets ready is tried once more on a fresh context: on a machine shared
    with other test lanes a kernel can be starved past any wait. The retry is named under the
    table, with what the first load showed, so a page that hangs every time still fails."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.route(outside, external)
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_function(WORDS, polling="raf", timeout=180_000)
    words = time.perf_counter() - t0
    try:
        page.wait_for_function(READY, polling="raf", timeout=180_000)
    except Exception:
        page.screenshot(path=str(ROOT / "test-artifacts" / "bench-not-ready.png"))
        shown = page.inner_text("body")
        context.close()
        what = (f"{url} never got ready in 180 s; its page ends: {shown[-300:]!r}")
        if tries <= 1:
            raise RuntimeError(what) from None
        sys.stderr.write(what + "; loading it again\n")
        RETRIED.append(url.rsplit("/", 1)[-1])
        return page_load(browser, url, tries - 1)
    ready = time.perf_counter() - t0
    context.close()
    return words, ready


def page_loads(browser, extra: list[str], servers: int,
               later_pages: list[str] = LATER) -> dict[str, object]:
    """First and later page loads on fresh servers started with ``extra`` arguments."""
    just, settled, later, pool = [], [], [], []
    for _ in range(servers):
        with tempfile.TemporaryFile("w+") as log:
            try:
                with lessons_app(extra, log) as (proc, base):
                    just.append(page_load(browser, base + START))
                with lessons_app(extra, log) as (proc, base):
                    settle(proc)
                    idle = kernel_pids(proc.pid)
                    pool.append((sum(rss_mib(k) for k in idle), sum(pss_mib(k) for k in idle)))
                    settled.append(page_load(browser, base + START))
                    for path in later_pages:
                        settle(proc)
                        later.append(page_load(browser, base + path))
            except Exception:
                log.seek(0)
                sys.stderr.write(log.read()[-4000:])
                raise
    return {"just": just, "settled": settled, "later": later, "pool": pool}


def print_page_loads(results: dict[str, dict], servers: int,
                     later_pages: list[str] = LATER) -> None:
    def cell(pairs: list[tuple[float, float]]) -> str:
        words = statistics.median(w for w, _ in pairs)
        ready = statistics.median(r for _, r in pairs)
        return f"{words:.1f} / {ready:.1f}"

    names = list(results)
    print()
    print(f"{'page load: first words / ready, s (median)':<46}"
          + "".join(f"{n:>18}" for n in names))
    rows = [("first page, server just started", "just"),
            ("first page, server settled", "settled"),
            (f"later pages ({len(later_pages)} in a row, server idle)", "later")]
    for label, key in rows:
        print(f"{label:<46}" + "".join(f"{cell(results[n][key]):>18}" for n in names))
    def memory(pairs: list[tuple[float, float]]) -> str:
        rss = statistics.median(r for r, _ in pairs)
        pss = statistics.median(p for _, p in pairs)
        return f"{rss:.0f} / {pss:.0f}"

    print(f"{'idle kernels of a settled server, MiB RSS / PSS':<46}"
          + "".join(f"{memory(results[n]['pool']):>18}" for n in names))
    print(f"# {servers} fresh server(s) per column; later pages: {', '.join(later_pages)}")
    if RETRIED:
        print("# loaded twice (the first load never got ready in 180 s; the time is the "
              f"second load's): {', '.join(RETRIED)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="page loads per notebook")
    parser.add_argument("--clicks", type=int, default=20, help="card clicks timed")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: the voila.json column only, 1 later page, "
                             "1 load with no warm-up, 3 clicks")
    parser.add_argument("--servers", type=int, default=2,
                        help="fresh servers per column of the page-load table")
    parser.add_argument("--pages-only", action="store_true", help="only the page-load table")
    args = parser.parse_args(argv)
    columns = {"no pool": lambda: NO_POOL, "start+play pool": lambda: pool_of(SMALL_POOL),
               "voila.json pool": lambda: []}
    later = LATER
    if args.quick:  # every page load is a notebook run: as few as still print every row
        args.loads, args.clicks, args.servers = 1, 3, 1
        columns = {"voila.json pool": columns["voila.json pool"]}
        later = LATER[:1]
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        results = {name: page_loads(browser, extra(), args.servers, later)
                   for name, extra in columns.items()}
        browser.close()
    print_page_loads(results, args.servers, later)
    if args.pages_only:
        return 0

    with voila_app() as (proc, base):
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            if not args.quick:  # warm-up (a smoke run's one load may be a cold one)
                load_time(browser, base + MINIMAL, '[data-testid="minimal"]')
            app_loads, anchor_loads = [], []
            for _ in range(args.loads):  # interleaved, so both see the same machine
                anchor_loads.append(load_time(browser, base + MINIMAL, '[data-testid="minimal"]'))
                app_loads.append(load_time(browser, base + TRIXTER, ".trix-tutor"))

            context = browser.new_context(viewport={"width": 1100, "height": 900})
            context.route(outside, external)
            page = context.new_page()
            before = kernel_pids(proc.pid)
            page.goto(base + MINIMAL)
            page.locator('[data-testid="minimal"]').wait_for(timeout=120_000)
            anchor_ms = anchor_round_trips(page, args.clicks)
            mine = kernel_pids(proc.pid) - before
            anchor_rss = max((rss_mib(k) for k in mine), default=float("nan"))
            page.close()
            page = context.new_page()
            before = kernel_pids(proc.pid)
            page.goto(base + TRIX)
            page.locator(".trix-tutor").first.wait_for(timeout=120_000)
            app_ms = click_round_trips(page, args.clicks)
            mine = kernel_pids(proc.pid) - before
            app_rss = max((rss_mib(k) for k in mine), default=float("nan"))
            context.close()
            browser.close()

    def med(xs: list[float]) -> float:
        return statistics.median(xs)

    rows = [
        ("first widget visible (Trixter notebook)", "s", med(app_loads), med(anchor_loads),
         "<= 1.3x"),
        (f"click round trip, median of {args.clicks}", "ms", med(app_ms), med(anchor_ms),
         "< 150 ms"),
        ("kernel memory (RSS)", "MiB", app_rss, anchor_rss, "< 150 MiB"),
    ]
    print(f"{'measure':<42}{'unit':<6}{'app':>9}{'anchor':>9}{'ratio':>8}  target")
    for name, unit, app, anchor, target in rows:
        ratio = app / anchor if anchor else float("nan")
        print(f"{name:<42}{unit:<6}{app:>9.3g}{anchor:>9.3g}{ratio:>7.2f}x  {target}")
    print(f"# anchor: benchmarks/minimal.ipynb, one button widget echoed by its kernel;"
          f" {args.loads} load(s) each; Trix deals for the clicks"
          + ("; --quick: a smoke run, no warm-up load" if args.quick else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
