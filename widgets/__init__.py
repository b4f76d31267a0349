"""The tutor's widgets (anywidget): the card table, the bid panel, the Trex layout, the
score sheet, and ``play(game)`` that puts them together and runs a game.

This is the only package that imports Jupyter libraries; ``tutor`` never does.
"""

from __future__ import annotations

from .bidding import BidPanel
from .layout import TrexLayout
from .play import GameView, learner_views, play
from .scores import ScoreSheet
from .table import CardTable

__all__ = ["CardTable", "BidPanel", "TrexLayout", "ScoreSheet", "GameView", "play",
           "learner_views"]
