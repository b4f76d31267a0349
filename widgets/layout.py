"""``TrexLayout``: the four domino rows of Trex and who has passed or gone out."""

from __future__ import annotations

from ._base import HERE, TutorWidget

__all__ = ["TrexLayout"]


class TrexLayout(TutorWidget):
    """The Trex layout from ``state``: ``layout`` (suit letter to its run, low to high),
    ``out`` (finishing order), ``passes`` and ``players``."""

    _esm = HERE / "layout.js"
    _css = HERE / "layout.css"
