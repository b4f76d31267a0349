"""``ScoreSheet``: the public score sheet of either game and a chart of running totals."""

from __future__ import annotations

from widgets._base import TutorWidget, css, esm

__all__ = ["ScoreSheet"]


class ScoreSheet(TutorWidget):
    """Rows of ``game.score_sheet()`` (public facts only) in ``state["rows"]``, with the
    players' names and the seat of the learner."""

    _esm = esm("scores.js")
    _css = css("scores.css")
