"""The ideas of Trixter, each with its detector (:mod:`tutor.advice.ideas`), in priority order.

A detector reads the seat's view (its hand, the public tricks, the bids, the trump) and the
advice's own numbers: ``features[option]["trick"]`` (the seat takes the trick the choice
plays to or leads, on each of the option's iterations), ``["made"]`` (the bid made), and for
a bid ``advice.tricks`` (the chance of each trick count). It names its idea only when those
numbers bear it out, and says them in the learner's words (:func:`tutor.advice.ideas.share`).

The ideas and their words are in ``words``, what the detectors share in ``view`` (what the
seat may know) and ``numbers`` (the gaps asked of the advice's numbers), and the detectors
by decision in ``cards``, ``bids``, ``trumps`` and ``any_decision``: here only their order.

>>> from tutor.advice.ideas_trixter.words import IDEAS
>>> [i.name for i in IDEAS][:3]
['last-cheapest-winner', 'last-highest-loser', 'joker-duck']
>>> len(IDEAS) == len(DETECTORS) >= 14
True
"""

from __future__ import annotations

from tutor.advice.ideas import Detector
from tutor.advice.ideas_trixter.any_decision import (all_the_same, close_call, keep_bid_alive,
                                                      spoil)
from tutor.advice.ideas_trixter.bids import bid_most_often, bid_sure_tricks, bid_zero, hook
from tutor.advice.ideas_trixter.cards import (cash_winner, discard_high, draw_trumps, duck,
                                              give_lead, joker_duck, keep_sure_trick,
                                              last_cheapest_winner, last_highest_loser,
                                              lead_singleton, lose_cheaply, play_under, ruff,
                                              shed_high, shown_void, wait_with_winner,
                                              win_high_keep_low, win_needed)
from tutor.advice.ideas_trixter.trumps import (trump_longest, trump_strongest, trump_sure_bid,
                                               trump_void)

__all__ = ["DETECTORS", "EVEN"]

DETECTORS: list[Detector] = [last_cheapest_winner, last_highest_loser, joker_duck, ruff,
                             discard_high, shown_void, keep_sure_trick, draw_trumps,
                             cash_winner, lead_singleton, play_under, duck, give_lead,
                             wait_with_winner, win_high_keep_low, win_needed, lose_cheaply,
                             shed_high, hook,
                             bid_sure_tricks, bid_zero, bid_most_often, trump_longest,
                             trump_strongest, trump_void, trump_sure_bid, spoil,
                             all_the_same, close_call,
                             keep_bid_alive]

EVEN: list[Detector] = [spoil, all_the_same, close_call]
"""The ideas when the best two are about equal by the numbers the learner reads: the hint's
title says "about equal", and an idea for one of them would contradict it, but for the one
the title's line gives a reason for too (the best further ahead of the others)."""
