"""The start page's map of the learner's path (:class:`LearnerMap`).

Who the learner at this page is (:func:`arrive`, :func:`current`, :func:`when_known`,
:func:`forget`) lives in :mod:`widgets.who`, below every widget, and is re-exported here
for the callers that import it from ``widgets.learner``.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any

from tutor.app.learners import Learner, LearnerError
from tutor.engine.i18n import gettext as _
from tutor.lessons.curriculum import LESSONS, TRACKS, track

from widgets._base import Controller, Refused, TutorWidget, css, esm
from widgets.messages import read
from widgets.who import current, when_known

__all__ = ["LearnerMap", "learner_map"]



def _number(path: str) -> int | None:
    """The lesson's number in its track (``None``: not a numbered lesson)."""
    m = re.fullmatch(r"(?:trixter|trix)/(\d\d)_.*", path)
    return int(m[1]) if m else None


def _short(path: str) -> str:
    """The lesson's number in its track: "Trixter 5", "Trix 2", or its title."""
    n = _number(path)
    if n is None:
        return next(x.title for x in LESSONS if x.path == path)
    # Translators: a lesson on the map, by its track and number; the games' names.
    return (_("Trixter {n}") if path.startswith("trixter/") else _("Trix {n}")).format(n=n)


def map_state(learner: Learner | None, now: datetime | None = None) -> dict[str, Any]:
    """What the map shows for ``learner`` (``None``: not known yet): each lesson's status
    and check score, where to continue, the puzzle rating and the puzzles due."""
    tracks = []
    for name, title in TRACKS.items():
        if name == "more":  # pages to use, not lessons to finish
            continue
        lessons = []
        for x in track(name):
            status = learner.lesson_status(x.path) if learner else "not started"
            score = learner.check_score(x.path) if learner else None
            short = _short(x.path)
            n = _number(x.path)
            label = str(n) if n is not None else _("Rules")
            lessons.append({"path": x.path, "title": x.title, "short": short, "label": label,
                            "status": status, "score": list(score) if score else None})
        tracks.append({"name": name, "title": title, "lessons": lessons})
    state: dict[str, Any] = {"known": learner is not None, "tracks": tracks,
                             "continue": None, "rating": "", "due": 0, "played": 0}
    if learner is None:
        return state
    goto = learner.continue_at()
    if goto is not None:
        state["continue"] = {"path": goto, "title": next(x.title for x in LESSONS
                                                          if x.path == goto),
                             "short": _short(goto), "again": goto == learner.last_lesson()}
    progress = learner.progress.progress
    state["played"] = len(progress.history)
    if progress.history:
        state["rating"] = progress.rating_words()
    state["due"] = _due(progress, now)
    return state


def _due(progress: Any, now: datetime | None) -> int:
    """Puzzles due for another try (the spaced schedule), if the progress keeps one."""
    due = getattr(progress, "due", None)
    if due is None:
        return 0
    return len(due(now or datetime.now(timezone.utc)))


class LearnerMap(Controller, TutorWidget):
    """The start page's map: done / started / not started per lesson with the check's
    score, "continue where you left off", the puzzle rating and puzzles due, and the
    learner's progress as a file (download it; load it on another machine).

    The browser sends ``{"type": "export"}`` (the answer is a custom message with the
    file's text) or ``{"type": "import", "text": str}``; anything else is refused.
    """

    _esm = esm("map.js")
    _css = css("map.css")

    def __init__(self) -> None:
        super().__init__()
        self.message = ""
        self.on_msg(self._on_msg)
        self.refresh()
        when_known(lambda _learner: self.refresh())

    def refresh(self) -> None:
        """Redraw from the learner's files."""
        self.state = {**map_state(current()), "message": self.message}

    def handle(self, content: Any, source: Any = None) -> bool:
        """One request from the browser; a malformed one is refused and changes nothing."""
        try:
            kind, fields = read("map", content)
        except Refused as e:
            return self._refuse(str(e))
        learner = current()
        if learner is None:
            return self._refuse(_("Your browser has not said who you are yet: reload the page."))
        if kind == "export":
            stamp = datetime.now().strftime("%Y-%m-%d")
            self.send({"type": "export", "name": f"trix-tutor-progress-{stamp}.json",
                       "text": learner.export()})
            self.error = ""
            return True
        try:
            self.message = learner.load_export(fields["text"])
        except LearnerError as e:
            return self._refuse(_("That file was not loaded: {reason}. Your progress is unchanged.")
                                .format(reason=e))
        self.error = ""
        self.refresh()
        return True

    def _refuse(self, why: str, source: Any = None) -> bool:
        self.error = why
        return False


def learner_map() -> LearnerMap:
    """The start page's map of the learner's path."""
    return LearnerMap()
