"""``BidPanel``: the decisions that are not a card: trump, bids, contracts, doubles,
redeal claims, a Trex pass, and "next hand" ("next deal" in Trix).

Messages: ``trump`` (``suit``: ``"S"``… or ``"none"``), ``bid`` (``n``), ``contract``
(``contract``: ``"king"`` or ``"king+queens"``), ``double`` (``card``), ``no_double``,
``redeal``, ``no_redeal``, ``pass``, ``next``.
"""

from __future__ import annotations

from widgets._base import TutorWidget, css, esm

__all__ = ["BidPanel"]


class BidPanel(TutorWidget):
    """Buttons for every legal non-card action of the learner, drawn from ``state``."""

    _esm = esm("bidding.js")
    _css = css("bidding.css")
