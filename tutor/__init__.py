"""trix-tutor's engine at the top of the package: cards, actions and the two games.

The layers above it live in their own packages (``tutor.solver``, ``tutor.search``,
``tutor.bots``, ``tutor.advice``, ``tutor.puzzles``, ``tutor.lessons``, ``tutor.app``,
``tutor.tables``). Pure Python: nothing here imports Jupyter.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3)
>>> g.phase.value
'trump'
"""

from __future__ import annotations

from tutor.engine.actions import (Action, Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                                  Join, NextHand, NoDouble, NoRedeal, Pass, Play, parse_action)
from tutor.engine.cards import JOKER, Card, CardSet, Deal, Rank, Suit, deal, format_deal, parse_deal
from tutor.engine.errors import IllegalActionError, ParseError
from tutor.engine.protocol import Game, Phase
from tutor.engine.trix import TrixGame, TrixRules
from tutor.engine.trixter import TrixterGame, TrixterRules

__all__ = [
    "Action", "Bid", "ChooseContract", "ChooseTrump", "ClaimRedeal", "Double", "Join",
    "NextHand", "NoDouble", "NoRedeal", "Pass", "Play", "parse_action",
    "JOKER", "Card", "CardSet", "Deal", "Rank", "Suit", "deal", "format_deal", "parse_deal",
    "IllegalActionError", "ParseError", "Game", "Phase", "TrixterGame", "TrixterRules",
    "TrixGame", "TrixRules",
]
