"""The ideas of Trix, each with its detector (:mod:`tutor.advice.ideas`), in priority order.

A detector reads the seat's view (its hand, the public tricks, doubles and layout) and
the advice's numbers: the options best first, ``per`` (each option's points, or Trex place,
on each layout) and ``features`` (the same layouts' facts: ``trick``, ``king``,
``queens``, ``diamonds``, ``tricks``, ``penalty``; ``back`` for a doubled card taken back;
``place`` and ``out_first`` in Trex; ``redeal``). It names its idea only when those numbers
show it: the best option clearly ahead of the next on the fact the idea is about.

The ideas and their words are in ``words``, what the detectors share in ``view`` (what the
seat may know) and ``numbers`` (the advice's numbers), and the detectors by decision in
``doubles``, ``contract``, ``tricks``, ``trex`` and ``any_decision``: here only their order.

>>> from tutor.advice.ideas_trix.words import IDEAS
>>> [i.name for i in IDEAS][:3]
['claim_redeal', 'keep_the_deal', 'double_protected']
>>> len(IDEAS) == len(DETECTORS)
True
"""

from __future__ import annotations

from tutor.advice.ideas import Detector
from tutor.advice.ideas_trix.any_decision import fewest_points_lost, no_difference
from tutor.advice.ideas_trix.contract import suited_contract
from tutor.advice.ideas_trix.doubles import (claim_redeal, dont_double_bare, double_free,
                                             double_protected, keep_the_deal)
from tutor.advice.ideas_trix.trex import trex_block, trex_long_jack, trex_own_run, trex_row_end
from tutor.advice.ideas_trix.tricks import (clean_trick_high, discard_high, duck_highest,
                                            duck_under, flush_king, lead_low, make_void,
                                            shed_ace, shed_detector, stay_out, take_it_cheap,
                                            void_seat)
from tutor.engine.trix.contracts import Contract

__all__ = ["DETECTORS", "EVEN"]

DETECTORS: list[Detector] = [
    claim_redeal, keep_the_deal, double_protected, dont_double_bare, double_free,
    suited_contract,
    shed_detector("shed_king", Contract.KING, "king"),
    shed_detector("shed_queen", Contract.QUEENS, "queens"),
    shed_detector("shed_diamond", Contract.DIAMONDS, "diamonds"),
    shed_ace, void_seat, flush_king, clean_trick_high, duck_highest, duck_under, discard_high,
    make_void, lead_low, stay_out, take_it_cheap, trex_long_jack, trex_own_run, trex_row_end,
    trex_block, no_difference, fewest_points_lost]

EVEN: list[Detector] = [no_difference]
"""The ideas when the best two are about equal by the numbers the learner reads: the hint's
title says "about equal", and an idea for one of them would contradict it."""
