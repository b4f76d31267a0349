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
from tutor.engine.facts import signed
from tutor.engine.i18n import gettext as _, ngettext

from tutor.app.learners import LearnerError

from widgets._base import on_enter
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
        # Translators: "Sam" is an example of a name.
        self.name = ipywidgets.Text(description=_("Your name"), placeholder=_("e.g. Sam"))
        self.code = ipywidgets.Text(value=code or _query_code(), description=_("Class code"),
                                    placeholder=_("e.g. {code}").format(code="trixter-4821-5"))
        self.start = ipywidgets.Button(description=_("Start"), button_style="primary")
        self.start.on_click(lambda _b: self.begin())
        on_enter(self.code, self.begin)
        self.status = ipywidgets.HTML(_note(_("Type your name and the code your teacher gave "
                                              "you, then press Start.")))
        self.area = ipywidgets.VBox()
        self.hand_in = ipywidgets.Button(description=_("Hand in my results"), icon="upload",
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
        # Translators: {title} is the class set's title in HTML; keep the <i> markup
        # around the button's words.
        self.status.value = _note(_("{title}. Everyone in your class plays these same deals. "
                                    "Press <i>Hand in my results</i> when you are done (or "
                                    "when the time is up).").format(
            title=f"<b>{html.escape(cs.title)}</b>"))
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
            raise ClassSetError(_("Start the class set first."))
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
            saved = " " + _("A copy is saved on this server too.")
        except OSError:
            pass
        learner = current()
        if learner is not None:  # the learner's own copy, in their progress file too
            try:
                learner.save_class_result(r.filename, text)
            except (OSError, LearnerError):
                pass
        data = base64.b64encode(text.encode()).decode()
        if r.finished:
            # Translators: {points} is signed ("+12").
            said = _("Your result: {points} points over all deals.").format(
                points=signed(r.total))
        else:
            # English says "deals" for any number.
            said = ngettext("Your result: {points} points over {n} of {deals} deals.",
                            "Your result: {points} points over {n} of {deals} deals.",
                            r.class_set.deals).format(points=signed(r.total),
                                                      n=len(r.points), deals=r.class_set.deals)
        link = (f'<a download="{html.escape(r.filename)}" href="data:application/json;base64,'
                f'{data}" data-testid="class-result-download">')
        # Translators: {link} and {end} are the HTML around the link's words.
        give = _("{link}<b>Download your result file</b>{end} and give it to your "
                 "teacher.").format(link=link, end="</a>")
        self.receipt.value = _note(f"{said}{saved} {give}", "ok")
        return r


def class_set(code: str = "") -> ClassSetPage:
    """The student's class set page (the code may come from the link's ``?code=``)."""
    return ClassSetPage(code)


# --- the teacher's page --------------------------------------------------------------------
def table_html(t: ClassTable) -> str:
    """The class table and a chart of each student against the class average."""
    if t.class_set is None:
        body = _("No results yet.")
    else:
        deals = t.class_set.deals
        head = "".join(f"<th>{i + 1}</th>" for i in range(deals))
        rows = []
        for r in t.rows:
            cells = "".join(f"<td>{signed(p)}</td>" for p in r["points"])
            cells += "<td></td>" * (deals - len(r["points"]))
            rows.append(f"<tr><td>{html.escape(r['student'])}</td>{cells}<td>{signed(r['total'])}"
                        f"</td><td>{signed(r['vs_average'], 1)}</td></tr>")
        avg = "".join(f"<td>{signed(a, 1)}</td>" for a in t.averages)
        # Translators: the heads of the class table's columns (the deals' numbers between
        # "student" and "total"), and its last row.
        student, total, vs = _("student"), _("total"), _("vs average")
        average = _("class average")
        table = (f'<table class="tt-class-table"><tr><th>{student}</th>{head}<th>{total}</th>'
                 f"<th>{vs}</th></tr>{''.join(rows)}<tr><td><i>{average}</i></td>"
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
                        f'{signed(r["vs_average"], 1)}</title></rect>')
        h = 12 + 22 * len(t.rows)
        label = html.escape(_("Each student against the class average"), quote=True)
        chart = (f'<svg viewBox="0 0 480 {h}" width="480" role="img" aria-label="{label}">'
                 f'{"".join(bars)}<line x1="300" y1="0" x2="300" y2="{h}" stroke="#888"/></svg>')
        n = len(t.rows)
        # Translators: {title} is the class set's title in HTML, {code} its code.
        about = ngettext("{title} ({code}), {n} student.", "{title} ({code}), {n} students.",
                         n).format(title=f"<b>{html.escape(t.class_set.title)}</b>",
                                   code=t.class_set.code, n=n)
        how = _("Against the class average, deal by deal (right of the line: better than the "
                "class):")
        body = f"{about}<br>{table}<p>{how}</p>{chart}"
    if t.problems:
        # Translators: above the list of result files the class table left out, and why.
        not_used = _("Not used:")
        body += f"<p><b>{not_used}</b></p><ul>" + "".join(
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
            options=[(_("Trixter (4 players)"), "trixter"), (_("Trix (one kingdom)"), "trix"),
                     (_("Puzzles"), "puzzles")], value="trixter", description=_("Activity"))
        self.seed = ipywidgets.BoundedIntText(value=rng.randrange(1, 10_000), min=0,
                                              max=10**9 - 1, description=_("Seed"))
        self.deals = ipywidgets.BoundedIntText(value=5, min=1, max=13, description=_("Deals"))
        self.code = ipywidgets.HTML()
        for w in (self.activity, self.seed, self.deals):
            w.observe(lambda _c: self.show_code(), names="value")
        self.upload, upload_style = upload_button(_("Open result files (.json)"),
                                                  multiple=True)
        self.upload.observe(lambda _c: self.read_uploads(), names="value")
        self.folder = ipywidgets.Button(description=_("Read this server's results"),
                                        icon="folder-open")
        self.folder.on_click(lambda _b: self.read_folder())
        self.table = ipywidgets.HTML(table_html(gather([])))
        make = ipywidgets.HBox([self.activity, self.seed, self.deals])
        make.layout.flex_flow = "row wrap"
        make_head, gather_head = _("1. Make a class set"), _("2. Gather the results")
        super().__init__([ipywidgets.HTML(f"<h3>{make_head}</h3>"), make, self.code,
                          ipywidgets.HTML(f"<h3>{gather_head}</h3>"),
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
        code = f"<b data-testid='class-code' style='font-size:18px'>{cs.code}</b>"
        if STATIC_SITE:  # Voici's page for the notebook; no server to read a ?code=
            # Translators: {code} is the class code in HTML, {title} the class set's title;
            # {link} and {end} are the HTML around the link's words.
            words = _("Give your students this code: {code} ({title}). They open {link}the "
                      "class set page{end}, type the code and their name.")
            link = '<a href="class_set.html">'
        else:
            words = _("Give your students this code: {code} ({title}). They open {link}the "
                      "class set page{end} (this link fills in the code) and type their name.")
            link = f'<a href="class_set.ipynb?code={cs.code}">'
        self.code.value = _note(words.format(code=code, title=html.escape(cs.title),
                                             link=link, end="</a>"))

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
