"""The tutor's widgets (anywidget): the card table, the bid panel, the Trex layout, the
score sheet, ``play(game)`` that puts them together and runs a game, and
the puzzle board and trainer.

This is the only package that imports Jupyter libraries; ``tutor`` never does.
"""

from __future__ import annotations

from widgets.bidding import BidPanel
from widgets.layout import TrexLayout
from widgets.play import GameView, play
from widgets.puzzle import PuzzleBoard, PuzzleTrainer
from widgets.scores import ScoreSheet
from widgets.table import CardTable

__all__ = ["CardTable", "BidPanel", "TrexLayout", "ScoreSheet", "GameView", "play",
           "PuzzleBoard", "PuzzleTrainer"]
