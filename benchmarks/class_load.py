"""Class load: a class of learners plays the Voila app at once, without a browser.

    python benchmarks/class_load.py [--learners 30] [--minutes 3] [--seed 21]
                                    [--anchor-minutes 1] [--out benchmarks/class-load.md]

Starts Voila as ``benchmarks/app.py`` does (the repository as its root, ``voila.json``),
but with the app's own pause between the computer players' moves (``TRIX_TUTOR_PAUSE``
unset; ``--pause`` sets it). Each learner is an asyncio task that does what Voila's page
does: it requests a lesson page (Voila runs the notebook while rendering it), opens the
kernel's websocket (``/api/kernels/<id>/channels``, JSON frames of the Jupyter protocol),
asks for ``kernel_info``, gets every widget's state over the ``jupyter.widget.control``
comm and then plays through the widgets' custom messages, as ``table.js`` and
``bidding.js`` send them: a random card among the legal ones the table's ``state``
shows, and otherwise the answer ``learner_turn`` of ``benchmarks/app.py`` gives (next
hand, a contract, no redeal, no double, the lowest bid, the first trump). Half the
learners play ``lessons/play_trixter.ipynb``, half ``lessons/play_trix.ipynb``; they
arrive over the first ``--stagger`` seconds and think 2-6 s (seeded; 0.5-1.5 s with
``--quick``) whenever it is their turn.

- click -> update: from sending a card until the table's state update without that card
  in the hand (the first update: the computer players' moves come after it); also over
  every action (bids, trump, contract, doubling, next hand...).
- page open: from the request until the page HTML is received (the notebook's run).
- memory: kernel RSS summed over the kernels of this Voila after the play, its peak
  (sampled every 3 s), and the Voila server's RSS; CPU seconds used by each side.
- errors: refused requests, kernel errors or stderr, failed requests, Voila log errors.
- lost sessions: a websocket closed, a kernel dead or gone, or no update within 10 s.
- each learner's own files: every learner has their own id (sent as ``hello`` in
  ``common.js`` does); after play their folder under ``TRIX_TUTOR_HOME/learners`` must
  hold their page's lesson mark only, and their saved game with exactly the cards they
  clicked for their seat; a folder of nobody is a problem too.

The anchor, measured first in the same run: the same class on ``benchmarks/minimal.ipynb``
(one button echoed by the kernel), clicks until the echoed count arrives; its kernels
are then shut down as a closed page does (Voila's shutdown beacon).

Target (issue): on a 2-core machine, 30 learners, p95 click -> update under 500 ms,
nothing lost. The exit status is 1 if any error happened or any session was lost.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import math
import os
import random
import re
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from tornado.httpclient import AsyncHTTPClient, HTTPClientError
from tornado.websocket import websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from app import (MINIMAL, SEED, TRIX, TRIXTER, cpu_seconds, kernel_pids,  # noqa: E402
                 machine, rss_mib, voila_app)

QUIET = 10.0  # seconds without the update a learner waits for: the session is lost
SAMPLE = 3.0  # seconds between memory samples
PRIORITY = ("next", "contract ltoosh", "contract ", "no redeal", "no double", "bid ", "trump ",
            "pass")  # the non-card answers, in the order of app.py's learner_turn


class Lost(Exception):
    """The learner's session ended under them."""


@dataclass
class Phase:
    """What one phase (the anchor or the app) measured."""

    name: str
    learners: int
    minutes: float
    cards: list[float] = field(default_factory=list)  # ms, click -> the update showing it
    actions: list[float] = field(default_factory=list)  # ms, every request -> its update
    pages: list[float] = field(default_factory=list)  # s, page request -> HTML received
    # learner id -> (page, seat, the actions they sent in the current game, in order)
    own: dict[str, tuple[str, int, list[str]]] = field(default_factory=dict)
    checked: list[str] = field(default_factory=list)  # problems with the learners' files
    errors: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    kernel_ids: list[str] = field(default_factory=list)
    kernel_rss: list[float] = field(default_factory=list)  # MiB per kernel, at the end
    rss_peak: float = 0.0
    voila_rss: float = 0.0
    voila_peak: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)
    wall: float = 0.0
    think: tuple[float, float] = (2.0, 6.0)  # s, a learner's thought on their turn (seeded)


class Page:
    """One learner's open lesson: its kernel's websocket and the widget models' state."""

    def __init__(self, base: str, notebook: str, label: str, phase: Phase) -> None:
        self.url, self.label, self.phase = base + notebook, label, phase
        self.notebook = notebook
        self.learner = uuid.uuid4().hex  # the id a browser keeps in its local storage
        self.server = base.split("/voila/render/")[0]
        self.session = uuid.uuid4().hex
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.models: dict[str, dict] = {}
        self.ws = self.reader = None
        self.control = uuid.uuid4().hex

    async def open(self) -> float:
        """Request the page, connect to its kernel as Voila's page does; the page's seconds."""
        t0 = time.perf_counter()
        html = (await AsyncHTTPClient().fetch(self.url, request_timeout=600)).body.decode()
        seconds = time.perf_counter() - t0
        self.kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', html)[1]
        self.root = re.search(r'"model_id": "([0-9a-f]+)"', html)[1]  # the output's widget
        self.ws = await websocket_connect(
            f"ws{self.server[4:]}/api/kernels/{self.kernel_id}/channels?session_id={self.session}")
        self.reader = asyncio.create_task(self._read())
        self.send("kernel_info_request", {})  # the page waits for this reply first
        await self.wait(lambda m: m["header"]["msg_type"] == "kernel_info_reply")
        self.send("comm_open", {"comm_id": self.control, "target_name": "jupyter.widget.control",
                                "data": {}}, metadata={"version": "1.0.0"})
        self.send("comm_msg", {"comm_id": self.control, "data": {"method": "request_states"}})
        _, m = await self.wait(lambda m: m["header"]["msg_type"] == "comm_msg"
                               and m["content"]["comm_id"] == self.control)
        self.models = {k: v["state"] for k, v in m["content"]["data"]["states"].items()}
        self.send("comm_close", {"comm_id": self.control, "data": {}})
        return seconds

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
        if self.reader is not None:
            self.reader.cancel()

    async def _read(self) -> None:
        while True:
            raw = await self.ws.read_message()
            if isinstance(raw, bytes):
                continue  # only messages with binary buffers: none of these widgets sends one
            self.inbox.put_nowait((time.perf_counter(), None if raw is None else json.loads(raw)))
            if raw is None:
                return

    def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> float:
        """Send a shell message; the time it left."""
        self.ws.write_message(json.dumps({
            "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "",
                       "session": self.session, "version": "5.3",
                       "date": datetime.datetime.now(datetime.timezone.utc).isoformat()},
            "parent_header": {}, "metadata": metadata or {}, "content": content,
            "channel": "shell", "buffers": []}))
        return time.perf_counter()

    def custom(self, model: str, content: dict) -> float:
        """What the widget's ``model.send(content)`` sends (an anywidget custom message)."""
        return self.send("comm_msg", {"comm_id": model,
                                      "data": {"method": "custom", "content": content}})

    def _take(self, t: float, m: dict | None) -> dict:
        """Apply one incoming message: state updates, errors; Lost when the session ends."""
        if m is None:
            raise Lost("the websocket closed")
        kind, content = m["header"]["msg_type"], m["content"]
        if kind == "status" and content.get("execution_state") in ("dead", "restarting"):
            raise Lost(f"kernel {content['execution_state']}")
        if kind == "error":
            self.phase.errors.append(f"{self.label}: kernel error {content.get('ename')}")
        if kind == "stream" and content.get("name") == "stderr" \
                and content.get("text", "").strip() != f"No such comm: {self.control}":
            # (ipykernel 7 logs that when the control comm's first message is routed
            # before its comm_open has run; the message is still handled, as in browsers)
            self.phase.errors.append(f"{self.label}: kernel stderr: {content['text'][:200]}")
        if kind == "comm_msg" and content.get("data", {}).get("method") == "update":
            self.models.setdefault(content["comm_id"], {}).update(content["data"]["state"])
        return m

    async def wait(self, test, timeout: float = QUIET) -> tuple[float, dict]:
        """The next message that passes ``test`` and when it arrived; Lost after
        ``timeout`` seconds without one."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                t, m = await asyncio.wait_for(self.inbox.get(), deadline - time.monotonic())
            except asyncio.TimeoutError:
                raise Lost(f"nothing for {timeout:.0f} s") from None
            if test(self._take(t, m)):
                return t, m

    async def update(self, model: str) -> tuple[float, dict]:
        """The next state update of ``model`` (its changed traits) and when it arrived."""
        t, m = await self.wait(lambda m: m["header"]["msg_type"] == "comm_msg"
                               and m["content"]["comm_id"] == model
                               and m["content"]["data"].get("method") == "update")
        return t, m["content"]["data"]["state"]

    def drain(self) -> None:
        """Take what arrived while the learner was thinking."""
        while not self.inbox.empty():
            self._take(*self.inbox.get_nowait())


def my_turn(s: dict) -> bool:
    """Whether the table asks the learner for something now."""
    return s["to_move"] == s["seat"] or "next" in s["legal"] or s["phase"] == "game_over"


def choose(s: dict, rng: random.Random) -> tuple[str, dict]:
    """The learner's request and the widget that sends it (``table`` or ``panel``)."""
    cards = [a for a in s["legal"] if a in s["hand"]]
    if s["to_move"] == s["seat"] and cards:
        return "table", {"type": "play", "card": rng.choice(cards)}
    for prefix in PRIORITY:
        acts = [a for a in s["legal"] if a.startswith(prefix)]
        if acts:
            word, _, arg = acts[0].partition(" ")
            if word == "bid":
                return "panel", {"type": "bid", "n": int(arg)}
            if word in ("contract", "trump"):
                return "panel", {"type": word, {"contract": "contract", "trump": "suit"}[word]: arg}
            return "panel", {"type": acts[0].replace(" ", "_")}
    return "table", {"type": "new_game"}  # the game is over


async def play_game(page: Page, rng: random.Random, until: float, phase: Phase) -> None:
    ids = {page.models[c[10:]].get("_anywidget_id"): c[10:]
           for c in page.models[page.root]["children"]}
    table, panel = ids["widgets.table.CardTable"], ids["widgets.bidding.BidPanel"]
    # Who the learner is, as common.js's hello() sends it when the table is first drawn.
    sent: list[str] = []
    phase.own[page.learner] = (page.notebook, page.models[table]["state"]["seat"], sent)
    page.send("comm_msg", {"comm_id": table, "data": {
        "method": "update", "buffer_paths": [],
        "state": {"learner": page.learner, "page": f"/voila/render/{page.notebook}"}}})
    while time.monotonic() < until:
        while not my_turn(page.models[table]["state"]):
            await page.update(table)  # the computer players' moves
        await asyncio.sleep(rng.uniform(*phase.think))
        page.drain()
        where, request = choose(page.models[table]["state"], rng)
        t0 = page.custom(table if where == "table" else panel, request)
        if request["type"] == "new_game":
            sent.clear()
        elif request["type"] == "play":
            sent.append(request["card"])
        while True:
            t, state = await page.update(table)
            if state.get("error"):
                phase.errors.append(f"{page.label}: {request} refused: {state['error']}")
                break
            if "state" in state:  # for a card: once it has left the hand
                if request["type"] != "play":
                    phase.actions.append((t - t0) * 1000)
                    break
                if request["card"] not in state["state"]["hand"]:
                    phase.actions.append((t - t0) * 1000)
                    phase.cards.append((t - t0) * 1000)
                    break


async def play_anchor(page: Page, rng: random.Random, until: float, phase: Phase) -> None:
    n = page.models[page.root]["n"]
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(*phase.think))
        page.drain()
        n += 1
        t0 = page.custom(page.root, {"n": n})
        while True:
            t, state = await page.update(page.root)
            if state.get("n") == n:
                break
        phase.cards.append((t - t0) * 1000)
        phase.actions.append((t - t0) * 1000)


async def learner(i: int, base: str, notebook: str, play, start: float, minutes: float,
                  rng: random.Random, phase: Phase) -> None:
    await asyncio.sleep(start)
    page = Page(base, notebook, f"learner {i} ({Path(notebook).stem})", phase)
    try:
        phase.pages.append(await page.open())
        phase.kernel_ids.append(page.kernel_id)
        await play(page, rng, time.monotonic() + minutes * 60, phase)
    except Lost as e:
        phase.lost.append(f"{page.label}: {e}")
    except Exception as e:  # a failed request, an unexpected page: an error, not a crash
        phase.errors.append(f"{page.label}: {type(e).__name__}: {e}"[:300])
    finally:
        page.close()


async def run_phase(phase: Phase, proc, base: str, notebooks: list[str], play,
                    stagger: float, seed: int) -> None:
    rng = random.Random(f"{seed}/{phase.name}")
    starts = sorted(rng.uniform(0, stagger) for _ in range(phase.learners))
    cpu0, client0, wall0 = cpu_seconds({proc.pid}), time.process_time(), time.monotonic()
    done = asyncio.Event()

    async def sample() -> None:
        while not done.is_set():
            pids = await asyncio.to_thread(kernel_pids, proc.pid)
            phase.rss_peak = max(phase.rss_peak, sum(rss_mib(p) for p in pids))
            phase.voila_peak = max(phase.voila_peak, rss_mib(proc.pid))
            try:
                await asyncio.wait_for(done.wait(), SAMPLE)
            except asyncio.TimeoutError:
                pass

    sampler = asyncio.create_task(sample())
    await asyncio.gather(*(
        learner(i, base, notebooks[i % len(notebooks)], play, starts[i], phase.minutes,
                random.Random(f"{seed}/{phase.name}/{i}"), phase)
        for i in range(phase.learners)))
    done.set()
    await sampler
    pids = kernel_pids(proc.pid)
    phase.kernel_rss = [rss_mib(p) for p in pids]
    phase.rss_peak = max(phase.rss_peak, sum(phase.kernel_rss))
    phase.voila_rss = rss_mib(proc.pid)
    phase.voila_peak = max(phase.voila_peak, phase.voila_rss)
    phase.wall = time.monotonic() - wall0
    phase.cpu = {"server": cpu_seconds({proc.pid}) - cpu0,
                 "kernels": cpu_seconds(pids),
                 "client": time.process_time() - client0}
    server = base.split("/voila/render/")[0]
    for kid in phase.kernel_ids:  # died or culled without a word?
        try:
            info = json.loads((await AsyncHTTPClient().fetch(f"{server}/api/kernels/{kid}")).body)
            if info.get("execution_state") == "dead":
                phase.lost.append(f"kernel {kid}: dead at the end")
        except HTTPClientError as e:
            phase.lost.append(f"kernel {kid}: gone at the end ({e.code})")


async def shut_down(base: str, phase: Phase, proc) -> None:
    """Voila's beacon of a closed page, for each kernel of ``phase``; wait until they exit."""
    server = base.split("/voila/render/")[0]
    for kid in phase.kernel_ids:
        await AsyncHTTPClient().fetch(f"{server}/voila/api/shutdown/{kid}", method="POST",
                                      body=b"")
    for _ in range(100):
        if not kernel_pids(proc.pid):
            return
        await asyncio.sleep(0.2)
    phase.errors.append("kernels still running after the shutdown beacons")


def check_learners(phase: Phase, home: Path) -> None:
    """Each learner's folder holds their own page's mark and their own game, whose cards
    for their seat are exactly the cards they clicked; no folder of anyone else."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tutor.engine import records
    folders = {p.name for p in (home / "learners").iterdir()} if (home / "learners").is_dir() \
        else set()
    for extra in sorted(folders - set(phase.own)):
        phase.checked.append(f"a folder of no learner: {extra[:8]}")
    for lid, (notebook, seat, cards) in phase.own.items():
        who, folder = lid[:8], home / "learners" / lid
        try:
            marks = json.loads((folder / "lessons.json").read_text())
        except (OSError, ValueError) as e:
            phase.checked.append(f"{who}: no lesson marks ({e})")
            continue
        if set(marks) != {Path(notebook).name}:
            phase.checked.append(f"{who}: lesson marks {sorted(marks)}, not {notebook}")
        kind = Path(notebook).stem.removeprefix("play_")
        try:
            game = records.loads((folder / "games" / f"{kind}.json").read_text())
        except FileNotFoundError:
            if cards:
                phase.checked.append(f"{who}: {len(cards)} cards played, no game saved")
            continue
        except Exception as e:  # noqa: BLE001 - any failure is a lost game
            phase.checked.append(f"{who}: saved game unreadable ({type(e).__name__})")
            continue
        played = [a for s, a in game.to_record()["actions"] if s == seat and " " not in a
                  and a not in ("pass", "next", "redeal")]  # a card: one word, not these
        if played != cards:
            phase.checked.append(f"{who}: saved game has {len(played)} of their cards, "
                                 f"they played {len(cards)}")


def pct(xs: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank)."""
    xs = sorted(xs)
    return xs[max(0, math.ceil(p / 100 * len(xs)) - 1)] if xs else float("nan")


def spread(xs: list[float], unit: str, digits: int = 0) -> str:
    """p50 / p95 / max."""
    values = (pct(xs, 50), pct(xs, 95), max(xs, default=math.nan))
    return " / ".join(f"{v:.{digits}f}" for v in values) + f" {unit}"


def table(app: Phase, anchor: Phase, pause: str, log_errors: list[str]) -> str:
    def both(f) -> str:
        return f"| {f(app)} | {f(anchor)} |"

    n_trix = app.learners // 2
    rows = [
        "| measure | app: play pages | anchor: minimal.ipynb | target |",
        "| --- | --- | --- | --- |",
        f"| learners at once | {app.learners} ({app.learners - n_trix} Trixter, {n_trix} Trix)"
        f" | {anchor.learners} | 30 |",
        "| play per learner, after the page opened " + both(lambda p: f"{p.minutes * 60:.0f} s")
        + " |",
        "| clicks (cards; anchor: button) " + both(lambda p: f"{len(p.cards)}") + " |",
        "| click -> update showing it: p50 / p95 / max "
        + both(lambda p: spread(p.cards, "ms")) + " p95 < 500 ms |",
        f"| every action (cards, bids, trump, contract, doubling, next): n, p50 / p95 / max"
        f" | {len(app.actions)}: {spread(app.actions, 'ms')} | - | |",
        "| page open (request -> HTML received, notebook run): p50 / p95 / max "
        + both(lambda p: spread(p.pages, "s", 1)) + " |",
        "| kernels alive at the end " + both(lambda p: f"{len(p.kernel_rss)}") + " |",
        "| kernel RSS, total at the end / peak (every 3 s) "
        + both(lambda p: f"{sum(p.kernel_rss):.0f} / {p.rss_peak:.0f} MiB") + " |",
        "| kernel RSS, mean per kernel "
        + both(lambda p: f"{sum(p.kernel_rss) / max(1, len(p.kernel_rss)):.0f} MiB") + " |",
        "| Voila server RSS, at the end / peak "
        + both(lambda p: f"{p.voila_rss:.0f} / {p.voila_peak:.0f} MiB") + " |",
        "| CPU s: Voila server / kernels / this load client (phase wall time) "
        + both(lambda p: f"{p.cpu['server']:.0f} / {p.cpu['kernels']:.0f} / "
                         f"{p.cpu['client']:.0f} ({p.wall:.0f} s)") + " |",
        "| errors " + both(lambda p: str(len(p.errors))) + " 0 |",
        "| lost sessions " + both(lambda p: str(len(p.lost))) + " 0 |",
        f"| errors in Voila's log (whole run) | {len(log_errors)} | | 0 |",
        f"| each learner's own files (lesson mark, saved game = the cards they played),"
        f" checked after play | {len(app.own) - len({c.split(':')[0] for c in app.checked})}"
        f" of {len(app.own)} right, {len(app.checked)} problems | - | all right |",
    ]
    met = pct(app.cards, 95) < 500 and not app.lost and not anchor.lost and not app.checked
    notes = [f"Target (p95 click -> update < 500 ms, nothing lost or mixed): "
             f"{'met' if met else 'NOT met'}.",
             f"Computer players' pause: {pause}. Learners think "
             f"{app.think[0]:g}-{app.think[1]:g} s on their turn and "
             f"arrive over the first seconds of each phase; the anchor phase runs first."]
    for p in (app, anchor):
        for what, items in (("errors", p.errors), ("lost", p.lost),
                            ("learners' files", p.checked)):
            if items:
                notes.append(f"{p.name} {what} (first {min(5, len(items))} of {len(items)}): "
                             + "; ".join(items[:5]))
    if log_errors:
        notes.append("Voila log: " + "; ".join(log_errors[:5]))
    return "\n".join(rows) + "\n\n" + "\n".join(f"- {n}" for n in notes) + "\n"


def voila_errors(log: str) -> list[str]:
    """Voila's errors: its ERROR and CRITICAL lines, and each traceback by its last line
    (the exception: what says why a kernel died)."""
    lines = log.splitlines()
    found = []
    for i, ln in enumerate(lines):
        if " ERROR |" in ln or " CRITICAL |" in ln:
            found.append(ln.strip()[:200])
        elif ln.startswith("Traceback"):
            end = next((j for j in range(i + 1, len(lines))
                        if lines[j] and not lines[j][0].isspace()), i)
            found.append(f"Traceback ... {lines[end].strip()[:200]}")
    return found


async def measure(args) -> int:
    AsyncHTTPClient.configure(None, max_clients=10 * args.learners)
    think = (0.5, 1.5) if args.quick else (2.0, 6.0)
    anchor = Phase("anchor", args.learners, args.anchor_minutes, think=think)
    app = Phase("app", args.learners, args.minutes, think=think)
    pause = f"{args.pause} s (--pause)" if args.pause is not None \
        else "the app's default (TRIX_TUTOR_PAUSE unset: 0.6 s)"
    home = Path(tempfile.mkdtemp(prefix="class-load-home-"))  # every learner's folder
    env = {"TRIX_TUTOR_SEED": str(args.seed), "TRIX_TUTOR_HOME": str(home),
           "TRIX_TUTOR_PAUSE": None if args.pause is None else str(args.pause)}
    with open(args.log, "w+") if args.log else tempfile.TemporaryFile("w+") as log:
        with voila_app(env=env, log=log) as (proc, base):
            await run_phase(anchor, proc, base, [MINIMAL], play_anchor, args.stagger, args.seed)
            await shut_down(base, anchor, proc)
            await run_phase(app, proc, base, [TRIXTER, TRIX], play_game, args.stagger,
                            args.seed)
            await asyncio.sleep(1.0)  # the last click's save follows its update
            check_learners(app, home)
            measured = os.fstat(log.fileno()).st_size  # (not what stopping Voila logs)
        log.seek(0)
        log_errors = voila_errors(log.read(measured))
    text = table(app, anchor, pause, log_errors)
    print(text)
    if args.out:
        command = "python " + " ".join([f"benchmarks/{Path(sys.argv[0]).name}", *sys.argv[1:]])
        Path(args.out).write_text(
            f"# Class load: {args.learners} learners in the Voila app at once\n\n"
            f"Measured {datetime.date.today().isoformat()} with `{command}`"
            f" (`benchmarks/class_load.py`; what each row means is in its docstring).\n\n"
            f"Machine: {machine('voila', 'ipykernel', 'jupyter_server')}.\n\n" + text)
    return 1 if app.errors or app.lost or anchor.errors or anchor.lost or log_errors \
        or app.checked else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--minutes", type=float, default=3.0, help="play per learner")
    parser.add_argument("--anchor-minutes", type=float, default=1.0,
                        help="play per learner in the anchor phase")
    parser.add_argument("--stagger", type=float, default=20.0,
                        help="seconds over which the learners arrive")
    parser.add_argument("--seed", type=int, default=int(SEED),
                        help="the app's TRIX_TUTOR_SEED and the learners' choices")
    parser.add_argument("--pause", type=float, default=None,
                        help="seconds between computer moves (default: the app's own)")
    parser.add_argument("--out", help="also write the table (with the command, machine "
                                      "and date) to this markdown file")
    parser.add_argument("--log", help="keep Voila's log in this file")
    parser.add_argument("--quick", action="store_true",
                        help="2 learners, 9 s of play, 3 s of anchor, thinking 0.5-1.5 s "
                             "(a smoke run)")
    args = parser.parse_args(argv)
    if args.quick:
        args.learners, args.minutes, args.anchor_minutes, args.stagger = 2, 0.15, 0.05, 1.0
    return asyncio.run(measure(args))


if __name__ == "__main__":
    sys.exit(main())
