"""What one seat knows about the hidden cards, and the layouts that fit it, by their old
names: :mod:`tutor.solver.hidden` holds them, :mod:`tutor.advice.bids` the bid advisor.

The exact hint of old (every layout solved double dummy, ``hint``) is gone: the app's hint
is :func:`tutor.advice.advise`, which plays every layout out for each seat's own score.

>>> import random
>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> [len(h) for h in sample_layouts(view_of(g, 1), 1, random.Random(0))[0]]
[3, 3, 3, 3]
"""

from __future__ import annotations

from tutor.advice.bids import BidAdvice, advise_bid, bid_advice
from tutor.solver.hidden import View, sample_layouts, view_of

__all__ = ["View", "view_of", "sample_layouts", "advise_bid", "bid_advice", "BidAdvice"]
