"""The class set pages: :func:`class_set` for a student (type the code, play the same
deals as the whole class, hand in a result file) and :func:`teacher_page` (make a code,
gather the files into a class table and chart). The logic is in
:mod:`tutor.lessons.classset`; this module only lays it out.
"""

from __future__ import annotations

import base64
import html
import os
import random
import sys
import urllib.parse
from pathlib import Path

import ipywidgets

from tutor.lessons.classset import (ACTIVITIES, ClassResult, ClassSet, ClassSetError,
                                    ClassTable, gather, student_name)
from tutor.app.progress_store import default_path

from tutor.app.learners import LearnerError

from widgets.who import current
from widgets.play import GameView, play
from widgets.puzzle import PuzzleBoard
from widgets.upload import upload_button

# In the static site (Pyodide) pages are Voici's .html files and query strings stay in
# the browser.
STATIC_SITE = sys.platform == "emscripten"

__all__ = ["ClassSetPage", "TeacherPage", "class_set", "teacher_page", "results_folder"]


def results_folder() -> Path:
    """Where handed-in results are also saved on this server (beside the progress file):
    on one server for the whole class the teacher's page reads them from here."""
    return default_path().parent / "results"


def _note(text: str, kind: str = "info") -> str:
    colours = {"info": "#eef4ff", "ok": "#e6f4ea", "error": "#fde7e9"}
    return (f'<div class="trix-tutor" style="background:{colours[kind]};padding:6px 10px;'
            f'border-radius:6px;font-family:system-ui,sans-serif;font-size:14px;'
            f'max-width:720px;margin:4px auto">{text}</div>')


def _query_code() -> str:
    """A ``?code=...`` in the page's address (Voila passes it as ``QUERY_STRING``)."""
    q = urllib.parse.parse_qs(os.environ.get("QUERY_STRING", ""))
    return (q.get("code") or [""])[0][:40]


class ClassSetPage(ipywidgets.VBox):
    """A student's class set: name and code, then the deals, then "Hand in my results"
    (a file to download and a copy in :func:`results_folder`)."""

    def __init__(self, code: str = "", pause: float | None = None) -> None:
        self.pause = pause
        self.name = ipywidgets.Text(description="Your name", placeholder="e.g. Sam")
        self.code = ipywidgets.Text(value=code or _query_code(), description="Class code",
                                    placeholder="e.g. trixter-4821-5")
        self.start = ipywidgets.Button(description="Start", button_style="primary")
        self.start.on_click(lambda _b: self.begin())
        self.status = ipywidgets.HTML(_note("Type your name and the code your teacher gave "
                                            "you, then press Start."))
        self.area = ipywidgets.VBox()
        self.hand_in = ipywidgets.Button(description="Hand in my results", icon="upload",
                                         disabled=True)
        self.hand_in.on_click(lambda _b: self.submit())
        self.receipt = ipywidgets.HTML()
        self.class_set: ClassSet | None = None
        self.student = ""
        self.view: GameView | None = None
        self.boards: list[PuzzleBoard] = []
        form = ipywidgets.HBox([self.name, self.code, self.start])
        form.layout.flex_flow = "row wrap"
        super().__init__([form, self.status, self.area, self.hand_in, self.receipt])
        self.add_class("tt-class-set")

    def begin(self) -> bool:
        """Check the name and code and lay out the deals; a bad entry says why."""
        try:
            student = student_name(self.name.value)
            cs = ClassSet.parse(self.code.value)
        except ClassSetError as e:
            self.status.value = _note(html.escape(str(e)), "error")
            return False
        self.class_set, self.student = cs, student
        self.name.disabled = self.code.disabled = self.start.disabled = True
        self.status.value = _note(f"<b>{html.escape(cs.title)}</b>. Everyone in your class "
                                  f"plays these same deals. Press <i>Hand in my results</i> "
                                  f"when you are done (or when the time is up).")
        if cs.activity == "puzzles":
            self.boards = [PuzzleBoard(p, pause=self.pause) for p in cs.puzzles()]
            self.area.children = self.boards
        else:
            self.view = play(cs.game(), pause=self.pause, hints=False)  # the same deals, unaided
            self.area.children = [self.view]
        self.hand_in.disabled = False
        return True

    def result(self) -> ClassResult:
        """The student's result so far."""
        cs = self.class_set
        if cs is None:
            raise ClassSetError("Start the class set first.")
        if cs.activity == "puzzles":
            pts = []
            for b in self.boards:
                if b.session.result is None:
                    break
                pts.append(1 if b.session.result == "solved" else 0)
            return ClassResult(cs, self.student, pts, len(pts) == cs.deals)
        game = self.view.game
        rows = [r for r in game.score_sheet() if r.get("redeal") is None]
        pts = [r["points"][0] for r in rows][:cs.deals]
        return ClassResult(cs, self.student, pts, len(pts) == cs.deals, game.to_record())

    def submit(self) -> ClassResult | None:
        """Make the result file: a download link, and a copy on this server."""
        try:
            r = self.result()
        except ClassSetError as e:
            self.receipt.value = _note(html.escape(str(e)), "error")
            return None
        text = r.dumps()
        saved = ""
        try:
            folder = results_folder()
            folder.mkdir(parents=True, exist_ok=True)
            (folder / r.filename).write_text(text, encoding="utf-8")
            saved = " A copy is saved on this server too."
        except OSError:
            pass
        learner = current()
        if learner is not None:  # the learner's own copy, in their progress file too
            try:
                learner.save_class_result(r.filename, text)
            except (OSError, LearnerError):
                pass
        data = base64.b64encode(text.encode()).decode()
        done = "all deals" if r.finished else f"{len(r.points)} of {r.class_set.deals} deals"
        self.receipt.value = _note(
            f"Your result: {r.total:+d} points over {done}.{saved} "
            f'<a download="{html.escape(r.filename)}" href="data:application/json;base64,'
            f'{data}" data-testid="class-result-download"><b>Download your result file'
            f"</b></a> and give it to your teacher.", "ok")
        return r


def class_set(code: str = "") -> ClassSetPage:
    """The student's class set page (the code may come from the link's ``?code=``)."""
    return ClassSetPage(code)


# --- the teacher's page --------------------------------------------------------------------
def table_html(t: ClassTable) -> str:
    """The class table and a chart of each student against the class average."""
    if t.class_set is None:
        body = "No results yet."
    else:
        deals = t.class_set.deals
        head = "".join(f"<th>{i + 1}</th>" for i in range(deals))
        rows = []
        for r in t.rows:
            cells = "".join(f"<td>{p:+d}</td>" for p in r["points"])
            cells += "<td></td>" * (deals - len(r["points"]))
            rows.append(f"<tr><td>{html.escape(r['student'])}</td>{cells}<td>{r['total']:+d}"
                        f"</td><td>{r['vs_average']:+.1f}</td></tr>")
        avg = "".join(f"<td>{a:+.1f}</td>" for a in t.averages)
        table = (f'<table class="tt-class-table"><tr><th>student</th>{head}<th>total</th>'
                 f"<th>vs average</th></tr>{''.join(rows)}<tr><td><i>class average</i></td>"
                 f"{avg}<td></td><td></td></tr></table>")
        top = max([abs(r["vs_average"]) for r in t.rows] + [1])
        bars = []
        for i, r in enumerate(t.rows):
            w = abs(r["vs_average"]) / top * 150
            x = 300 if r["vs_average"] >= 0 else 300 - w
            colour = "#137333" if r["vs_average"] >= 0 else "#c8102e"
            y = 6 + 22 * i
            bars.append(f'<text x="140" y="{y + 13}" text-anchor="end" font-size="12">'
                        f'{html.escape(r["student"])}</text><rect x="{x:.1f}" y="{y}" '
                        f'width="{w:.1f}" height="16" fill="{colour}"><title>'
                        f'{r["vs_average"]:+.1f}</title></rect>')
        h = 12 + 22 * len(t.rows)
        chart = (f'<svg viewBox="0 0 480 {h}" width="480" role="img" aria-label="Each '
                 f'student against the class average">{"".join(bars)}<line x1="300" y1="0" '
                 f'x2="300" y2="{h}" stroke="#888"/></svg>')
        body = (f"<b>{html.escape(t.class_set.title)}</b> ({t.class_set.code}), "
                f"{len(t.rows)} student{'s' if len(t.rows) != 1 else ''}.<br>{table}"
                f"<p>Against the class average, deal by deal (right of the line: better "
                f"than the class):</p>{chart}")
    if t.problems:
        body += "<p><b>Not used:</b></p><ul>" + "".join(
            f"<li>{html.escape(p)}</li>" for p in t.problems) + "</ul>"
    style = ("<style>.tt-class-table{border-collapse:collapse}.tt-class-table td,"
             ".tt-class-table th{padding:2px 8px;border-bottom:1px solid #ddd;"
             "text-align:right}.tt-class-table td:first-child{text-align:left}</style>")
    return (f'{style}<div class="trix-tutor" style="font-family:system-ui,sans-serif;'
            f'font-size:14px;max-width:720px;margin:4px auto">{body}</div>')


class TeacherPage(ipywidgets.VBox):
    """Make a class set code, and gather the students' result files into a table."""

    def __init__(self, seed: int | None = None) -> None:
        rng = random.Random(seed)
        self.activity = ipywidgets.Dropdown(
            options=[("Trixter (4 players)", "trixter"), ("Trix (one kingdom)", "trix"),
                     ("Puzzles", "puzzles")], value="trixter", description="Activity")
        self.seed = ipywidgets.BoundedIntText(value=rng.randrange(1, 10_000), min=0,
                                              max=10**9 - 1, description="Seed")
        self.deals = ipywidgets.BoundedIntText(value=5, min=1, max=13, description="Deals")
        self.code = ipywidgets.HTML()
        for w in (self.activity, self.seed, self.deals):
            w.observe(lambda _c: self.show_code(), names="value")
        self.upload, upload_style = upload_button("Open result files (.json)", multiple=True)
        self.upload.observe(lambda _c: self.read_uploads(), names="value")
        self.folder = ipywidgets.Button(description="Read this server's results",
                                        icon="folder-open")
        self.folder.on_click(lambda _b: self.read_folder())
        self.table = ipywidgets.HTML(table_html(gather([])))
        make = ipywidgets.HBox([self.activity, self.seed, self.deals])
        make.layout.flex_flow = "row wrap"
        super().__init__([ipywidgets.HTML("<h3>1. Make a class set</h3>"), make, self.code,
                          ipywidgets.HTML("<h3>2. Gather the results</h3>"),
                          ipywidgets.HBox([self.upload, self.folder, upload_style]), self.table])
        self.add_class("tt-teacher")
        self.show_code()

    def class_set(self) -> ClassSet:
        lo, hi = ACTIVITIES[self.activity.value]
        self.deals.min, self.deals.max = lo, hi
        return ClassSet(self.activity.value, int(self.seed.value),
                        min(max(int(self.deals.value), lo), hi))

    def show_code(self) -> None:
        try:
            cs = self.class_set()
        except ClassSetError as e:
            self.code.value = _note(html.escape(str(e)), "error")
            return
        if STATIC_SITE:  # Voici's page for the notebook; no server to read a ?code=
            link, how = "class_set.html", ", type the code and"
        else:
            link, how = f"class_set.ipynb?code={cs.code}", " (this link fills in the code) and type"
        self.code.value = _note(
            f"Give your students this code: <b data-testid='class-code' style='font-size:18px'>"
            f"{cs.code}</b> ({html.escape(cs.title)}). They open "
            f'<a href="{link}">the class set page</a>{how} their name.')

    def show(self, files: list[tuple[str, str | bytes]]) -> ClassTable:
        t = gather(files)
        self.table.value = table_html(t)
        return t

    def read_uploads(self) -> ClassTable:
        files = [(f["name"], bytes(f["content"])) for f in self.upload.value]
        return self.show(files)

    def read_folder(self) -> ClassTable:
        folder = results_folder()
        files = []
        if folder.is_dir():
            for p in sorted(folder.glob("*.json")):
                try:
                    files.append((p.name, p.read_bytes()))
                except OSError as e:
                    files.append((p.name, f"unreadable: {e}"))
        return self.show(files)


def teacher_page(seed: int | None = None) -> TeacherPage:
    """The teacher's page: make a class set, gather the results."""
    return TeacherPage(seed)
