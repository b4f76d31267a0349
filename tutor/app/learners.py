"""Each learner's own files on a shared server: puzzle progress, lesson marks, class-set
results and the game in progress.

A learner is known by an unguessable random id that their browser keeps (32 hex digits,
made by ``crypto.getRandomValues`` in the page and kept in local storage); there is no
account and nothing to type. The id names a folder ``<home>/learners/<id>/``; nothing
else is read or written for that learner, so two learners never see or change each
other's files. A malformed id is refused before any path is built from it.

>>> import tempfile
>>> root = tempfile.mkdtemp()
>>> a = Learner("0" * 32, root=root)
>>> a.mark_opened("trixter/01_tricks.ipynb", when="2026-01-01T10:00:00+00:00")
>>> a.lesson_status("trixter/01_tricks.ipynb")
'started'
>>> a.mark_check(["trixter-01-q-winner", "trixter-01-q-legal"], right=2)
>>> a.lesson_status("trixter/01_tricks.ipynb"), a.check_score("trixter/01_tricks.ipynb")
('done', (2, 2))
>>> Learner("not an id", root=root)
Traceback (most recent call last):
...
tutor.app.learners.LearnerError: a learner id is 32 hexadecimal digits (0-9, a-f)
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tutor.lessons.curriculum import LESSONS, lesson
from tutor.app.attempts import ProgressFormatError
from tutor.app.progress import Progress
from tutor.app.progress_store import ProgressStore, atomic_write, default_path
from tutor.engine.i18n import gettext as _, ngettext
from tutor.lessons.quiz import questions
from tutor.lessons.classset import ClassResult, ClassSetError

__all__ = ["LearnerError", "Learner", "LessonMark", "check_id", "learners_home",
           "lesson_of_page", "lesson_of_question", "EXPORT_FORMAT", "GAME_KINDS",
           "MAX_EXPORT_BYTES", "MemoryStore"]

ID = re.compile(r"[0-9a-f]{32}")
EXPORT_FORMAT = "trix-tutor/learner"
EXPORT_VERSION = 1
LESSONS_FILE = "lessons.json"
GAME_KINDS = ("trixter", "trix")  # one game in progress per play page
MAX_EXPORT_BYTES = 2_000_000
MAX_RECORD_CHARS = 1_000_000
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,100}\.json")


class LearnerError(ValueError):
    """A learner id, a progress file or a saved game that cannot be used; says why."""


def check_id(value: Any) -> str:
    """``value`` if it is a learner id (32 lowercase hex digits), else ``LearnerError``."""
    if not isinstance(value, str) or not ID.fullmatch(value):
        raise LearnerError(_("a learner id is 32 hexadecimal digits (0-9, a-f)"))
    return value


def learners_home() -> Path:
    """The folder holding every learner's folder: ``learners/`` beside the server's
    progress file (``$TRIX_TUTOR_HOME``; on the static site the browser's storage)."""
    return default_path().parent / "learners"


def lesson_of_page(page: Any) -> str | None:
    """The curriculum path of the page at address ``page`` (Voila's ``/voila/render/...
    .ipynb``, the static site's ``.../trixter/01_tricks.html``), or ``None``.

    >>> lesson_of_page("/voila/render/trixter/02_trump.ipynb")
    'trixter/02_trump.ipynb'
    >>> lesson_of_page("/site/voici/render/puzzles.html?x=1"), lesson_of_page("/tree")
    ('puzzles.ipynb', None)
    """
    if not isinstance(page, str):
        return None
    path = page.split("?", 1)[0].split("#", 1)[0]
    stem = re.sub(r"\.(ipynb|html)$", "", path)
    if stem == path:
        return None
    for x in LESSONS:  # the longest match first: "trix/rules" before "rules"
        if stem == x.path[:-6] or stem.endswith("/" + x.path[:-6]):
            return x.path
    return None


def lesson_of_question(question_id: str) -> str | None:
    """The lesson a check question belongs to: ``trixter-05-q-exact`` is Trixter 5's.

    >>> lesson_of_question("trix-03-q-double"), lesson_of_question("x")
    ('trix/03_queens.ipynb', None)
    """
    m = re.fullmatch(r"(trixter|trix)-(\d\d)-.*", question_id)
    if not m:
        return None
    for x in LESSONS:
        if x.path.startswith(f"{m[1]}/{m[2]}_"):
            return x.path
    return None


def _now(when: datetime | str | None = None) -> str:
    if isinstance(when, str):
        return when
    return (when or datetime.now(timezone.utc)).isoformat(timespec="seconds")


@dataclass
class LessonMark:
    """What a learner did on one lesson page: when they first and last opened it, and
    each check's result (right at the first try, of how many) by the check's first
    question id."""

    opened: str = ""
    last: str = ""
    checks: dict[str, tuple[int, int]] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"opened": self.opened, "last": self.last,
                "checks": {k: list(v) for k, v in (self.checks or {}).items()}}

    @classmethod
    def from_dict(cls, data: Any) -> LessonMark:
        if not isinstance(data, Mapping):
            raise LearnerError(_("a lesson mark is not an object"))
        opened, last = data.get("opened", ""), data.get("last", "")
        checks = data.get("checks", {})
        if not isinstance(opened, str) or not isinstance(last, str) \
                or len(opened) > 40 or len(last) > 40 or not isinstance(checks, Mapping) \
                or len(checks) > 20:
            raise LearnerError(_("a lesson mark has a bad field"))
        out: dict[str, tuple[int, int]] = {}
        for k, v in checks.items():
            if not isinstance(k, str) or len(k) > 80 or not isinstance(v, list) \
                    or len(v) != 2 or not all(type(n) is int for n in v) \
                    or not 0 <= v[0] <= v[1] <= 50:
                raise LearnerError(_("a check result is not two counts (right, of how many)"))
            out[k] = (v[0], v[1])
        return cls(opened, last, out)


class MemoryStore(ProgressStore):
    """Puzzle progress kept only in memory: used until the browser says who the learner is
    (and where no browser ever will, as when a notebook runs in a test)."""

    def __init__(self) -> None:
        super().__init__(Path(os.devnull))
        self._progress = Progress()

    def load(self) -> Progress:
        return self.progress

    def save(self, progress: Progress | None = None) -> None:
        if progress is not None:
            self._progress = progress


class Learner:
    """One learner's folder: ``progress`` (a :class:`ProgressStore`), lesson marks,
    the saved game of each play page, and the whole of it as one file to take along
    (:meth:`export`, :meth:`load_export`)."""

    def __init__(self, learner_id: Any, root: str | os.PathLike[str] | None = None) -> None:
        self.id = check_id(learner_id)
        self.dir = Path(root) if root is not None else learners_home()
        self.dir = self.dir / self.id
        self.progress = ProgressStore(self.dir / "progress.json")
        self._marks: dict[str, LessonMark] | None = None

    def __repr__(self) -> str:
        return f"Learner({self.id[:6]}…)"

    # --- lessons --------------------------------------------------------------------
    @property
    def marks(self) -> dict[str, LessonMark]:
        """Lesson marks by curriculum path (read from the file on first use; a damaged
        file counts as none, and is replaced at the next mark)."""
        if self._marks is None:
            try:
                self._marks = _marks_from(json.loads(
                    (self.dir / LESSONS_FILE).read_text(encoding="utf-8")))
            except (OSError, ValueError):
                self._marks = {}
        return self._marks

    def _save_marks(self) -> None:
        atomic_write(self.dir / LESSONS_FILE, json.dumps(
            {p: m.to_dict() for p, m in self.marks.items()}, indent=1, sort_keys=True))

    def _touch(self, path: str, when: datetime | str | None) -> LessonMark:
        """The mark of ``path``, read afresh (another of the learner's pages, with its own
        kernel, may have marked since) and stamped as opened ``when``; the caller saves."""
        self._marks = None
        mark = self.marks.setdefault(path, LessonMark())
        mark.last = _now(when)
        mark.opened = mark.opened or mark.last
        return mark

    def mark_opened(self, path: str, when: datetime | str | None = None) -> None:
        """The learner opened the lesson at ``path`` (a curriculum path)."""
        lesson(path)  # KeyError for a page that is not in the curriculum
        self._touch(path, when)
        self._save_marks()

    def mark_check(self, question_ids: Iterable[str], right: int,
                   when: datetime | str | None = None) -> None:
        """A check made of ``question_ids`` was finished with ``right`` of them right at
        the first try; it counts for the lesson the questions belong to (the best result
        is kept)."""
        ids = list(question_ids)
        path = lesson_of_question(ids[0]) if ids else None
        if path is None:
            return
        mark = self._touch(path, when)
        checks = dict(mark.checks or {})
        old = checks.get(ids[0], (-1, 0))
        checks[ids[0]] = max(old, (right, len(ids)))
        mark.checks = checks
        self._save_marks()

    def lesson_status(self, path: str) -> str:
        """``"done"``, ``"started"`` or ``"not started"``: a lesson with a check is done
        when its check is finished; one without a check once it has been opened."""
        mark = self.marks.get(path)
        if mark is None or not mark.opened:
            return "not started"
        if _has_check(path) and not mark.checks:
            return "started"
        return "done"

    def check_score(self, path: str) -> tuple[int, int] | None:
        """The lesson's check result (right at the first try, questions), or ``None``."""
        mark = self.marks.get(path)
        if not mark or not mark.checks:
            return None
        return (sum(r for r, _n in mark.checks.values()),
                sum(n for _r, n in mark.checks.values()))

    def last_lesson(self) -> str | None:
        """The lesson of the two tracks (not a page like the puzzles) opened most
        recently, or ``None``."""
        tracks = {x.path for x in LESSONS if x.track != "more"}
        opened = [(m.last, p) for p, m in self.marks.items() if m.last and p in tracks]
        return max(opened)[1] if opened else None

    def continue_at(self) -> str | None:
        """Where to go on: the last lesson opened if it is not done; else the next of its
        track not done; else a lesson begun and not finished (the latest first); else the
        other track's first not done; else any not done."""
        last = self.last_lesson()
        if last is None:
            return None
        here = lesson(last)
        same = [x.path for x in LESSONS if x.track == here.track]
        begun = sorted((m.last, p) for p, m in self.marks.items()
                       if p in same or lesson(p).track != "more")
        order = ([last] + same[same.index(last) + 1:] + [p for _at, p in reversed(begun)]
                 + [x.path for x in LESSONS if x.track not in (here.track, "more")] + same)
        return next((p for p in order if self.lesson_status(p) != "done"), None)

    # --- the game in progress on each play page ------------------------------------
    def _game_path(self, kind: str) -> Path:
        if kind not in GAME_KINDS:
            raise LearnerError(f"no play page {kind!r}")
        return self.dir / "games" / f"{kind}.json"

    def save_game(self, kind: str, record: str) -> None:
        """Keep ``record`` (a game record, :func:`tutor.engine.records.dumps`) as the learner's
        game in progress on the ``kind`` play page."""
        if not isinstance(record, str) or len(record) > MAX_RECORD_CHARS:
            raise LearnerError(_("a saved game is a record of at most 1 MB"))
        atomic_write(self._game_path(kind), record)

    def saved_game(self, kind: str) -> str | None:
        """The record saved for the ``kind`` page, or ``None``."""
        try:
            return self._game_path(kind).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def drop_game(self, kind: str) -> None:
        """Forget the saved game of the ``kind`` page (it is over, or a new one began)."""
        try:
            self._game_path(kind).unlink()
        except FileNotFoundError:
            pass

    # --- class sets handed in ------------------------------------------------------
    def save_class_result(self, filename: str, text: str) -> None:
        """Keep a copy of a class-set result the learner handed in."""
        if not SAFE_NAME.fullmatch(filename) or len(text) > MAX_RECORD_CHARS:
            raise LearnerError(_("a class-set result has a plain file name and is small"))
        atomic_write(self.dir / "class-sets" / filename, text)

    def class_results(self) -> dict[str, str]:
        """The class-set results this learner handed in, by file name."""
        folder = self.dir / "class-sets"
        out = {}
        for p in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            try:
                out[p.name] = p.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
        return out

    # --- the whole of it, to take to another machine ------------------------------
    def export(self) -> str:
        """Everything this learner has, as one JSON text (no id in it: loading it on
        another machine gives that machine's learner the same progress)."""
        return json.dumps({
            "format": EXPORT_FORMAT, "version": EXPORT_VERSION,
            "saved": _now(),
            "progress": self.progress.progress.to_dict(),
            "lessons": {p: m.to_dict() for p, m in self.marks.items()},
            "games": {k: g for k in GAME_KINDS if (g := self.saved_game(k)) is not None},
            "class_sets": self.class_results(),
        }, indent=1, ensure_ascii=False)

    def load_export(self, content: str | bytes) -> str:
        """Replace this learner's progress with an exported file (or a bare puzzle
        progress file of an older version). Everything is checked before anything is
        written; a bad file raises ``LearnerError`` and changes nothing. Returns a line
        for the learner saying what was loaded."""
        if len(content) > MAX_EXPORT_BYTES:
            raise LearnerError(_("the file is too large to be a progress file"))
        try:
            data = json.loads(content)
        except (ValueError, UnicodeDecodeError) as e:
            raise LearnerError(_("the file is not JSON ({error})").format(error=e)) from None
        if not isinstance(data, Mapping):
            raise LearnerError(_("the file is not a trix-tutor progress file"))
        if data.get("format") != EXPORT_FORMAT:
            try:  # an older, puzzles-only progress file
                progress = Progress.from_dict(data)
            except ProgressFormatError as e:
                raise LearnerError(_("the file is not a trix-tutor progress file ({error})").format(
                    error=e)) from None
            marks, games, class_sets = None, {}, {}
        else:
            if data.get("version") != EXPORT_VERSION:
                raise LearnerError(_("the file was written by another version of the tutor"))
            try:
                progress = Progress.from_dict(data.get("progress"))
            except ProgressFormatError as e:
                raise LearnerError(_("its puzzle progress is damaged ({error})").format(
                    error=e)) from None
            marks = _marks_from(data.get("lessons", {}))
            games = data.get("games", {})
            if not isinstance(games, Mapping) or not set(games) <= set(GAME_KINDS):
                raise LearnerError(_("its saved games are not of the play pages"))
            from tutor.engine import records  # a saved game must be a record that replays
            for kind, text in games.items():
                if not isinstance(text, str) or len(text) > MAX_RECORD_CHARS:
                    raise LearnerError(_("its saved {game} game is not a game record").format(
                        game=kind))
                try:
                    records.loads(text)
                except Exception as e:  # noqa: BLE001 - any failure means "not a record"
                    raise LearnerError(_("its saved {game} game does not replay ({error})").format(
                        game=kind, error=e)) from None
            class_sets = data.get("class_sets", {})
            if not isinstance(class_sets, Mapping) or len(class_sets) > 200:
                raise LearnerError(_("its class-set results are not a list of files"))
            for name, text in class_sets.items():
                if not isinstance(name, str) or not SAFE_NAME.fullmatch(name) \
                        or not isinstance(text, str) or len(text) > MAX_RECORD_CHARS:
                    raise LearnerError(_("its class-set results are not a list of files"))
                try:
                    ClassResult.loads(text, name)
                except ClassSetError as e:
                    raise LearnerError(_("its class-set result {name} is damaged ({error})").format(
                        name=name, error=e)) from None
        self.progress.save(progress)
        for name, text in class_sets.items():
            self.save_class_result(name, text)
        if marks is not None:
            self._marks = marks
            self._save_marks()
            for kind in GAME_KINDS:
                if kind in games:
                    self.save_game(kind, games[kind])
                else:
                    self.drop_game(kind)
        return _loaded_words(progress, marks)


def _loaded_words(progress: Progress, marks: Mapping[str, LessonMark] | None) -> str:
    """The line that says what a progress file brought: the rating, the puzzle attempts
    and, from an exported file, the lessons opened."""
    n = len(progress.history)
    # Translators: the puzzle attempts counted, said in "Progress loaded: rating 1500,
    # {attempts}."
    attempts = ngettext("{n} puzzle attempt", "{n} puzzle attempts", n).format(n=n)
    rating = round(progress.rating)
    if marks is None:
        return _("Progress loaded: rating {rating}, {attempts}.").format(rating=rating,
                                                                         attempts=attempts)
    # Translators: the lessons counted, said in "… {attempts}, {lessons} opened."
    lessons = ngettext("{n} lesson", "{n} lessons", len(marks)).format(n=len(marks))
    return _("Progress loaded: rating {rating}, {attempts}, {lessons} opened.").format(
        rating=rating, attempts=attempts, lessons=lessons)


def _has_check(path: str) -> bool:

    return any(lesson_of_question(q) == path for q in questions())


def _marks_from(data: Any) -> dict[str, LessonMark]:
    if not isinstance(data, Mapping):
        raise LearnerError(_("the lesson marks are not an object"))
    known = {x.path for x in LESSONS}
    out = {}
    for path, mark in data.items():
        if path not in known:
            raise LearnerError(_("a lesson mark names no lesson of the tutor ({path})").format(
                path=str(path)[:40]))
        out[path] = LessonMark.from_dict(mark)
    return out
