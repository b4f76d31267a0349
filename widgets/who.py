"""Who the learner at this page is: the lowest layer of ``widgets``, below every widget.

Every widget of the tutor sends the browser's learner id when it is first drawn (see
``hello`` in ``common.js``); :func:`arrive` checks it and remembers it for this kernel (in
Voila and on the static site a page has its own kernel, so one kernel is one learner).
Widgets that keep progress ask :func:`when_known` to be called back with the
:class:`tutor.app.learners.Learner`: at once if known, else when the id arrives. Until then
(and where no browser ever answers, as when a notebook runs in a test) they keep their
progress in memory only.

It lives apart from :mod:`widgets.learner` (the start page's map, itself a widget) so that
:class:`widgets._base.TutorWidget` can call :func:`arrive` without importing a widget
module: ``_base`` and the map both stand on this module, and nothing here imports a widget.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from tutor.app.learners import Learner, LearnerError, check_id, lesson_of_page
from tutor.engine.i18n import gettext as _

__all__ = ["arrive", "current", "when_known", "forget"]

log = logging.getLogger(__name__)

_known: dict[str, Any] = {"learner": None, "waiting": []}


def current() -> Learner | None:
    """The learner at this page, once their browser has said who they are."""
    return _known["learner"]


def when_known(callback: Callable[[Learner], Any]) -> None:
    """Call ``callback(learner)`` now if the learner is known, else when they are."""
    if _known["learner"] is not None:
        callback(_known["learner"])
    else:
        _known["waiting"].append(callback)


def arrive(learner_id: Any, page: Any = "") -> Learner:
    """The browser says ``learner_id`` is at ``page``: check the id (``LearnerError`` if
    malformed, or if this page already belongs to another learner), mark the lesson
    opened, and call back whoever waits for the learner."""
    check_id(learner_id)
    learner = _known["learner"]
    if learner is not None:
        if learner.id != learner_id:
            raise LearnerError(_("this page is already open for another learner; reload it"))
        return learner
    learner = Learner(learner_id)
    _known["learner"] = learner
    path = lesson_of_page(page)
    if path is not None:
        try:
            learner.mark_opened(path)
        except OSError as e:  # a full or read-only disk must not stop the lesson
            log.warning("lesson mark not saved: %s", e)
    waiting, _known["waiting"] = _known["waiting"], []
    for callback in waiting:
        try:
            callback(learner)
        except Exception:  # pragma: no cover - one widget's bug must not stop the others
            log.exception("learner callback failed")
    return learner


def forget() -> None:
    """Forget the learner and the waiting callbacks (tests; a kernel restart does it too)."""
    _known["learner"] = None
    _known["waiting"] = []
