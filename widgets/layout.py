"""``TrexLayout``: the four domino rows of Trex and who has passed or gone out."""

from __future__ import annotations

from widgets._base import TutorWidget, css, esm

__all__ = ["TrexLayout"]


class TrexLayout(TutorWidget):
    """The Trex layout from ``state``: ``layout`` (suit letter to its run, low to high),
    ``out`` (finishing order), ``passes`` and ``players``."""

    _esm = esm("layout.js")
    _css = css("layout.css")
