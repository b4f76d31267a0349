"""Puzzles: solver-verified positions with a goal, hints in steps, and a generator.

``load``/``loads``/``dump``/``dumps`` read and write the JSON format
(``docs/puzzle-format.md``); ``check`` proves a puzzle with the solver; ``grade``
estimates its difficulty; ``hints`` gives the hint ladder; ``generate`` deals new ones;
``bundled()`` is the collection in ``tutor/puzzles/data/``.
"""

from __future__ import annotations

from tutor.puzzles.model import GAMES, GOAL_KINDS, Puzzle, Target, play_card
from tutor.puzzles.files import PuzzleError, dump, dumps, load, loads
from tutor.puzzles.collection import bundled
from tutor.puzzles.generate import generate
from tutor.puzzles.themes import THEMES
from tutor.puzzles.verify import (THEME_IDEAS, CheckResult, HintLadder, check, grade, hints,
                                  position_after, winning_cards)

__all__ = ["Puzzle", "Target", "PuzzleError", "load", "loads", "dump", "dumps", "play_card",
           "GAMES", "GOAL_KINDS", "CheckResult", "check", "grade", "HintLadder", "hints",
           "position_after", "winning_cards", "THEME_IDEAS", "THEMES",
           "generate", "bundled"]
