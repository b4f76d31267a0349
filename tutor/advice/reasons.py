"""The reason for a decision: the first idea of the game's catalogue that the seat's view
and the advice's simulations support (:mod:`tutor.advice.ideas`).

The catalogues are in priority order, the most particular ideas first. The same detectors
say why a review's best choice beats the one made: the advice with the choice made put
second (:func:`reason_against`).
"""

from __future__ import annotations

import logging
from dataclasses import replace

from tutor.advice import ideas_trix, ideas_trixter
from tutor.advice.ideas import Idea, Reason
from tutor.advice.ideas_trix import words as trix_words
from tutor.advice.ideas_trixter import words as trixter_words

__all__ = ["reason_for", "reason_against", "catalogue"]

log = logging.getLogger(__name__)

# The detectors are read from their package when asked for (a test may stand in its own).
_CATALOGUES = {"trixter": ideas_trixter, "trix": ideas_trix}
_IDEAS = {"trixter": trixter_words.IDEAS, "trix": trix_words.IDEAS}


def catalogue(game: str) -> list[Idea]:
    """The ideas of ``game`` (``"trixter"`` or ``"trix"``), in priority order."""
    return list(_IDEAS[game])


def reason_for(view, advice) -> Reason | None:
    """Why ``advice``'s best option beats its next best, from ``view`` (the seat's typed
    observation) and the advice's numbers only; ``None`` when no idea fits. A detector that
    fails is logged and skipped: a reason is never worth losing the hint. When the best two
    are about equal, only the ideas that say so (the catalogue's ``EVEN``)."""
    if len(advice.options) < 2:
        return None
    ideas = _CATALOGUES[view.KIND]
    for detect in ideas.EVEN if getattr(advice, "about_equal", False) else ideas.DETECTORS:
        try:
            found = detect(view, advice)
        except Exception:  # pragma: no cover - a bug in one detector must not stop a hint
            log.exception("the idea detector %s failed", getattr(detect, "__name__", detect))
            continue
        if found is not None:
            return found
    return None


def reason_against(view, advice, chosen) -> Reason | None:
    """Why ``advice``'s best option beats ``chosen`` (an action among its options): the
    review's reason for a mistake."""
    rest = [o for o in advice.options if o.action != chosen and o is not advice.options[0]]
    mine = [o for o in advice.options if o.action == chosen]
    if not mine or mine[0] is advice.options[0]:
        return None
    return reason_for(view, replace(advice, options=[advice.options[0], mine[0], *rest]))
