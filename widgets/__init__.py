"""The tutor's widgets (anywidget): the card table, the bid panel, the Trex layout, the
score sheet, ``play(game)`` that puts them together and runs a game, and
the puzzle board and trainer.

This is the only package that imports Jupyter libraries; ``tutor`` never does.
"""

from __future__ import annotations

from .bidding import BidPanel
from .layout import TrexLayout
from .play import GameView, learner_views, play
from .puzzle import PuzzleBoard, PuzzleTrainer
from .scores import ScoreSheet
from .table import CardTable

__all__ = ["CardTable", "BidPanel", "TrexLayout", "ScoreSheet", "GameView", "play",
           "PuzzleBoard", "PuzzleTrainer",
           "learner_views"]
