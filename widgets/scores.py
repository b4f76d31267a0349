"""``ScoreSheet``: the public score sheet of either game and a chart of running totals."""

from __future__ import annotations

from ._base import HERE, TutorWidget

__all__ = ["ScoreSheet"]


class ScoreSheet(TutorWidget):
    """Rows of ``game.score_sheet()`` (public facts only) in ``state["rows"]``, with the
    players' names and the seat of the learner."""

    _esm = HERE / "scores.js"
    _css = HERE / "scores.css"
