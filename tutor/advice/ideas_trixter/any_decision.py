"""Any decision of Trixter: every choice alike, a close call, or the choice that keeps the
bid alive (the catalogue's last ideas, named when no particular one fits)."""

from __future__ import annotations

from tutor.advice.ideas import Reason, mean, often
from tutor.advice.ideas_trixter.numbers import (MADE, TrixterDecision, choice_name, made_line,
                                                playing)
from tutor.advice.ideas_trixter.view import tricks_needed
from tutor.engine.actions import Play
from tutor.engine.facts import fixed, plural, signed
from tutor.engine.i18n import gettext as _

__all__ = ["spoil", "all_the_same", "close_call", "keep_bid_alive"]


def _sym(option) -> str:
    return option.action.card.symbol()


def _name(option) -> str:
    """A choice as the learner names it: ``the 8♦``, ``bid 2``, ``♥ trump``."""
    if isinstance(option.action, Play):
        return _("the {card}").format(card=_sym(option))
    return choice_name(option)


def _same(advice, best) -> bool:
    """Every choice scores the seat exactly the same on the simulations."""
    return all(round(o.value, 9) == round(best.value, 9) for o in advice.options)


def _lost(view, advice) -> dict[str, object] | None:
    """A card to play with the seat's bid already lost: the words that say so (its tricks
    and its bid), else ``None``."""
    need = tricks_needed(view)
    if not playing(view, advice) or need is None or need >= 0:
        return None
    return {"tricks": plural(view.tricks_won[view.seat], "trick"), "bid": view.bids[view.seat]}


def spoil(view, advice) -> Reason | None:
    """Every card scores the seat the same (its bid lost, or made as often whatever it
    plays), but the best costs the others more: it leaves the seat further ahead of them,
    by :data:`~tutor.advice.answer.AHEAD` at least (the gap the hint's line says too).
    "Nothing to choose here" above "2♥ leaves you 0.1 points further ahead" contradicted
    itself."""
    c = TrixterDecision(view, advice)
    if not playing(view, advice) or not _same(advice, c.best):
        return None
    lost = _lost(view, advice)
    made = c.fx(c.best, "made") if lost is None else None
    gap = advice.further_ahead(str(c.best.action), str(c.nxt.action))
    if gap is None or (lost is None and not made):
        return None
    if lost is None:
        return c.say("spoil/same", card=_sym(c.best), gap=fixed(gap), made=often(made))
    return c.say("spoil", card=_sym(c.best), gap=fixed(gap), **lost)


def all_the_same(view, advice) -> Reason | None:
    """Every choice does exactly as well on the simulations."""
    c = TrixterDecision(view, advice)
    if not _same(advice, c.best):
        return None
    lost = _lost(view, advice)
    if lost is not None:
        return c.say("all-the-same/lost", **lost)
    made = c.fx(c.best, "made")
    return c.say("all-the-same", made=often(made)) if made else None


def close_call(view, advice) -> Reason | None:
    """The best two choices do about as well: about equal by the numbers the learner reads
    (:attr:`~tutor.advice.answer.Advice.about_equal`), as the hint's title says."""
    c = TrixterDecision(view, advice)
    if not getattr(advice, "about_equal", False) or not c.fx(c.best, "made"):
        return None
    a, b = _name(c.best), _name(c.nxt)
    if advice.kind == "chance":
        made, other_made = c.shares("made", often)
        line = _("{a} makes your bid {made}, {b} {other_made}").format(
            a=a, made=made, b=b, other_made=other_made)
    else:
        line = _("{a} scores {value} points expected, {b} {other_value}").format(
            a=a, value=signed(c.best.value, 1), b=b, other_value=signed(c.nxt.value, 1))
    return c.say("close-call", line=line)


def _why_alive(c: TrixterDecision) -> Reason:
    """Why the best card makes the bid more often, in the game's words: the other takes more
    tricks than bid (or fewer) more often, by :data:`MADE` at least, and not less often the
    other way (else the two trade one miss for another, and only how often each makes the
    bid is said: the bid made gap is the sum of the two)."""
    over, under = c.gap("over", c.nxt, c.best), c.gap("under", c.nxt, c.best)
    if max(over, under) < MADE or min(over, under) < -0.01:
        return c.say("keep-bid-alive/cards", card=_sym(c.best), made=made_line(c))
    key = "over" if over >= under else "under"
    return c.say(f"keep-bid-alive/{key}", card=_sym(c.best), other=_sym(c.nxt),
                 share=often(c.fx(c.best, key)), other_share=often(c.fx(c.nxt, key)),
                 made=made_line(c))


def keep_bid_alive(view, advice) -> Reason | None:
    """The fallback: the best choice makes the bid more often, or scores more."""
    c = TrixterDecision(view, advice)
    best, nxt = c.best, c.nxt
    if best.value <= nxt.value or getattr(advice, "about_equal", False):
        return None
    if isinstance(best.action, Play) and isinstance(nxt.action, Play) \
            and advice.kind == "chance":
        if c.gap("made") <= 0:
            return None
        if mean(c.fx(best, "made")) < 0.1:
            return c.say("keep-bid-alive/hard", card=_sym(best), made=made_line(c))
        return _why_alive(c)
    if advice.kind != "points" or not c.fx(best, "made"):
        return None
    said = _name(best)
    return c.say("keep-bid-alive", Choice=said[:1].upper() + said[1:],
                 value=signed(best.value, 1), made=often(c.fx(best, "made")),
                 other=_name(nxt), other_value=signed(nxt.value, 1))
