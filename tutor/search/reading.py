"""Reading the other seats' cards: how likely the cards they have played this hand are with
the hand a layout gives each of them.

Players read a hand from its cards as from its bid: a seat that still needed a trick and
played low under the ace seldom held the king. The model is the beginner's rule
(:func:`tutor.search.policy.trixter_card`, the play-outs' own): each card a seat chose is
the rule's with chance ``1 - eps``, any legal card with chance ``eps``. Only what the
whole table saw weighs (the cards played, the bids, the tricks), with the layout's hands.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tutor.engine.actions import Play
from tutor.engine.masks import JOKER, legal_mask
from tutor.engine.masks import trick_winner as winner_by_index
from tutor.engine.observation import TrixterObservation
from tutor.search.policy import FULL, compiled_rollout, misses_pay, need_of, trixter_card
from tutor.search.rollout_kernels import read_pack

__all__ = ["Event", "play_events", "rule_agrees", "cards_logs"]

Event = tuple[int, int, list[int], int, int, bool, int, int]
"""One card another seat played: ``(seat, card, trick so far, cards gone before it, tricks
it played for (:func:`tutor.search.policy.need_of`), whether it was the trick's last card,
the seat's cards played from here on, its jokers so)``; cards as indices,
:data:`tutor.engine.masks.JOKER` a joker."""


def play_events(seen: TrixterObservation, trump: int) -> list[Event]:
    """The cards the other seats (not ``seen.seat``) have played this hand, in order, each
    with what its seat knew then (:data:`Event`). ``trump``: a suit (0-3) or -1. The
    tricks a seat past its bid plays for are the play-outs' (:func:`need_of`: all it can
    where a missed bid scores its tricks)."""
    n = seen.n_players
    greedy = misses_pay(seen.rules)
    plays = [(s, JOKER if a.card.is_joker else a.card.index)
             for s, a in seen.history if isinstance(a, Play)]
    events: list[Event] = []
    trick: list[int] = []
    gone, won, leader = 0, [0] * n, -1
    for i, (s, c) in enumerate(plays):
        if not trick:
            leader = s
        if s != seen.seat:
            later = [d for t, d in plays[i:] if t == s]
            held = seen.hand_size - sum(t == s for t, _d in plays[:i])  # its cards then
            events.append((s, c, list(trick), gone,
                           need_of(seen.bids[s] or 0, won[s], held, greedy),
                           len(trick) == n - 1, sum(1 << d for d in later if d != JOKER),
                           later.count(JOKER)))
        if c != JOKER:
            gone |= 1 << c
        trick.append(c)
        if len(trick) == n:
            won[(leader + winner_by_index(trick, trump)) % n] += 1
            trick = []
    return events


def rule_agrees(event: Event, hand: int, jokers: int, trump: int) -> tuple[bool, int]:
    """Whether the rule would have played ``event``'s card had its seat held ``hand`` and
    ``jokers`` now (the cards it played since are added back), and how many cards it
    could legally play then."""
    _s, card, trick, gone, need, last, later, later_jokers = event
    held, held_jokers = hand | later, jokers + later_jokers
    legal = legal_mask(held, held_jokers, trick)
    rule = trixter_card(held, held_jokers, trick, trump, FULL & ~gone & ~held, need, last)
    return rule == card, legal.bit_count()


def cards_logs(events: Sequence[Event], layouts: Sequence, trump: int, eps: float
               ) -> list[float]:
    """For each layout (a hand per seat: ``.mask``, ``.jokers``), the log of the chance of
    the ``events``' cards with the hands it gives: the product over the cards of
    ``eps / legal + (1 - eps) * (the rule's card)``. A forced card says nothing. Compiled
    where the play-outs are (:func:`tutor.search.policy.compiled_rollout`): the advice
    weighs thousands of layouts a decision, each by every card played."""
    if not 0 < eps <= 1:
        raise ValueError(f"eps must be in (0, 1], not {eps!r}")
    fast = compiled_rollout()
    if fast is not None and events and layouts:  # the same answers, compiled
        a = fast.array(read_pack(events, layouts, trump, len(layouts[0])), dtype=fast.int64)
        fast.read(a)
        answers = a[len(a) - len(events) * len(layouts):].reshape(len(layouts), len(events))
        k, same = answers >> 1, answers & 1
        terms = fast.where(k < 2, 0.0, fast.log(eps / k.clip(1) + (1 - eps) * same))
        return terms.sum(axis=1).tolist()
    cache: dict[tuple[int, int, int], float] = {}
    logs = []
    for hands in layouts:
        log_w = 0.0
        for i, e in enumerate(events):
            h = hands[e[0]]
            key = (i, h.mask, h.jokers)
            if key not in cache:
                same, k = rule_agrees(e, h.mask, h.jokers, trump)
                cache[key] = 0.0 if k < 2 else math.log(eps / k + (1 - eps) * same)
            log_w += cache[key]
        logs.append(log_w)
    return logs
