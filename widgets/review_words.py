"""The review board's words and state: actions as the review lists them, where a step is,
each decision and the running scores as the panel draws them (public facts and the
seat's own actions only)."""

from __future__ import annotations

import logging
from typing import Any

from tutor.advice.answer import label
from tutor.engine.actions import parse_action
from tutor.engine.cards import Card, Suit
from tutor.engine.errors import ParseError
from tutor.engine.i18n import N_, gettext as _
from tutor.review.open_hands import OpenHands
from tutor.review.words import number_words, value_words

__all__ = ["ACTION_WORDS", "action_words", "rounded", "as_texts", "decision_state",
           "score_lines", "CONTRACT_TITLES", "step_place", "step_words", "open_state"]

log = logging.getLogger(__name__)


# Translators: actions as the review lists them (what the learner chose, what was best).
ACTION_WORDS = {"pass": N_("pass"), "next": N_("next"), "redeal": N_("redeal"),
                 "no double": N_("no double"), "no redeal": N_("no redeal")}


def action_words(text: str) -> str:
    """An action's text for people: cards with suit symbols.

    >>> [action_words(t) for t in ("TH", "bid 2", "trump S", "double QS", "contract queens",
    ...                            "contract king+queens")]
    ['10♥', 'bid 2', 'trump ♠', 'double Q♠', 'Queens', 'King of Hearts + Queens']
    """
    if text in ACTION_WORDS:
        return _(ACTION_WORDS[text])
    head, _sep, rest = text.partition(" ")
    try:
        if head == "contract":  # the contract's own name, as the hint says it
            return label(parse_action(text))
        if not rest:
            return Card.parse(head).symbol()
        if head == "bid" and rest.isdigit():
            # Translators: an action as the review lists it ("bid 2").
            return _("bid {n}").format(n=rest)
        if head == "trump":
            # Translators: an action as the review lists it ("trump ♠").
            return _("no trump") if rest == "none" else _("trump {suit}").format(
                suit=Suit.parse(rest).symbol)
        if head == "double":
            # Translators: an action as the review lists it ("double Q♠").
            return _("double {card}").format(card=Card.parse(rest).symbol())
    except (ParseError, ValueError):
        pass
    return text


def rounded(v: Any) -> float | None:
    """A number as the panel shows it (2 decimals); ``None`` for anything else."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return round(float(v), 2)


def as_texts(v: Any) -> list[str]:
    """An action text or a list of them, as a list."""
    if v is None:
        return []
    if isinstance(v, str):
        return [v]
    return [str(x) for x in v]


def decision_state(d: Any) -> dict[str, Any]:
    """One :class:`tutor.review.Decision` as JSON for the panel (the seat's own actions
    and their values only). ``best`` lists every choice as good as the best one."""
    try:
        why = d.explain()
    except Exception:  # an explanation is a nicety; the numbers still show
        log.exception("Decision.explain failed")
        why = ""
    unit = str(d.unit or "")
    # The words of each value come from the review, as in its sentence: one rounding
    # (a finer one where the choice and the best would read alike, Decision.finer).
    finer = bool(getattr(d, "finer", False))
    alts = [[str(a), action_words(str(a)), rounded(v), value_words(v, unit, finer)]
            for a, v in d.alternatives]
    best = as_texts(d.best)
    top = rounded(d.best_value)
    if top is not None:  # ties with the best, as the table shows them, are best too
        shown = value_words(d.best_value, unit, finer)
        best += [a for a, _w, _v, words in alts if words == shown and a not in best]
    loss = rounded(d.loss) or 0.0
    return {
        "index": int(d.index), "hand": d.hand, "trick": d.trick, "kind": d.kind,
        "chosen": str(d.chosen), "chosen_words": action_words(str(d.chosen)),
        "best": best, "best_words": [action_words(b) for b in best],
        "chosen_value": rounded(d.chosen_value), "best_value": top,
        "unit": unit, "loss": loss, "loss_words": number_words(d.loss or 0.0),
        "judged": bool(d.judged),
        "forced": bool(getattr(d, "forced", False)), "alternatives": alts, "explain": str(why),
    }


def score_lines(rows: Any) -> list[list[float | None]]:
    """Running totals per seat after each hand, from ``Review.scores`` or a score sheet
    (a redeal row, which scores nothing, left out)."""
    out = []
    for r in rows or []:
        if isinstance(r, dict):
            if r.get("redeal") is not None:
                continue
            r = r.get("totals")
        if isinstance(r, (list, tuple)):
            out.append([rounded(v) for v in r])
    return out


CONTRACT_TITLES = {"king": N_("King of Hearts"), "queens": N_("Queens"),
                    "diamonds": N_("Diamonds"), "ltoosh": N_("Ltoosh"), "trex": N_("Trex")}


def step_place(obs: dict[str, Any], d: Any) -> str:
    """Where in the game a step is: the hand (or deal) and the trick."""
    if obs.get("game") == "trixter":
        head = _("Hand {hand}").format(hand=obs.get("hand_number"))
    else:
        contract = " + ".join(_(CONTRACT_TITLES[c]) if c in CONTRACT_TITLES else c
                              for c in obs.get("contract") or [])
        # Translators: where a step of the review is in a Trix game ("Kingdom 2, deal 3").
        head = _("Kingdom {kingdom}, deal {deal}").format(
            kingdom=obs.get("kingdom"), deal=obs.get("deal_number", "")).rstrip(", ")
        if contract:
            # Translators: {where} is "Kingdom 2, deal 3", {contract} the contract played.
            head = _("{where} ({contract})").format(where=head, contract=contract)
    trick = getattr(d, "trick", None)
    if trick is None and obs.get("phase") in ("play",):
        trick = len(obs.get("tricks") or []) + 1
    if trick:
        # Translators: {where} is "Hand 3" or "Kingdom 2, deal 3 (Queens)".
        head = _("{where}, trick {trick}").format(where=head, trick=trick)
    return head


def step_words(i: int, last: int, final: Any, record: dict[str, Any],
               decisions: dict[int, Any]) -> str:
    """The table's line at step ``i``: what the seat chose, and what was better."""
    if i == last:
        over = final.is_over
        return _("The game is over.") if over else _("The end of the record.")
    text = record["actions"][i][1]
    d = decisions.get(i)
    chosen = action_words(text)
    said = (_("You chose {action} here (after a hint).")
            if i in getattr(final, "hinted", ()) else
            _("You chose {action} here.")).format(action=chosen)
    if d is not None and d.judged and (d.loss or 0) > 0:
        # Translators: between two actions as good as each other ("Better: 2♠ or 3♠.").
        best = _(" or ").join(action_words(b) for b in as_texts(d.best))
        said += " " + _("Better: {actions}.").format(actions=best)
    return said


def open_state(oh: OpenHands) -> dict[str, Any]:
    """A decision with every hand open (:func:`tutor.review.open_hands.open_hands`) as the
    panel draws it: the head of each column, a row per legal card (best first) and the
    sentence under them."""
    if oh.kind == "bid":
        # Translators: columns of the review's table with every hand open (Trixter): the
        # most tricks a card still lets you take; whether it makes your bid of {bid} safe.
        head = [_("card"), _("most tricks"), _("bid of {bid}").format(bid=oh.bid)]
    elif oh.kind == "points":
        # Translators: the score of the tricks still to play in a Trix deal.
        head = [_("card"), _("rest of the deal")]
    elif oh.kind == "place":
        # Translators: a Trex finishing place ("1st out").
        head = [_("card"), _("place")]
    else:
        head = [_("card"), _("your team's Trex points")]
    best = set(oh.best)
    rows = []
    for c in oh.cards:
        cells = [action_words(c.card)]
        if oh.kind == "bid":
            cells.append(str(c.most))
        cells.append(oh.value_words(c))
        rows.append({"cells": cells, "best": c.card in best, "chosen": c.card == oh.chosen})
    return {"state": "done", "head": head, "rows": rows, "words": oh.words()}
