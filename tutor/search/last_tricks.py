"""Exact play of a Trixter hand's last tricks when every seat plays for its own bid.

The exact solver (:mod:`tutor.solver`) answers a puzzle's question, "can you guarantee
it?", with every other seat against the hero. A play-out of the advice assumes instead
that each seat plays for its own bid (:func:`tutor.search.policy.trixter_rollout`). The
exact play of that model is max^n (Luckhardt & Irani 1986): the seat to move takes a card
whose outcome, with the same play by all after it, makes its bid. Between cards that all
make it, or all miss it, the beginner's card (:func:`tutor.search.policy.trixter_card`)
stands, so exact play only corrects the rule where the rule would cost the seat its bid;
and a card that makes the bid ends the search of that seat's other cards. A seat whose
bid is already overshot, or out of reach, plays the rule's card.

Touching cards of one hand (no live card of the suit between them, the trick's included)
give the same outcome, so only one of each run is tried; positions met again are kept
(keyed by the hands, the trick and the tricks won).

>>> from tutor.engine.cards import CARDS, CardSet
>>> m = lambda s: CardSet.parse(s).mask
>>> # no trump; North bid 1, the others 0: North cashes the A♠ and loses the 2♥ to West
>>> hands = [m("AS 2H"), m("KS 3H"), m("QS 4H"), m("JS 5H")]
>>> final, first, card = endplay(hands, [0] * 4, [], 0, -1, [1, 0, 0, 0], [0] * 4, 0)
>>> final, str(CARDS[card])
([1, 0, 0, 1], 'AS')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from tutor.engine.masks import FULL, HIGHER, JOKER, legal_mask, trick_winner
from tutor.search import policy
from tutor.search.policy import TricksWon

__all__ = ["endplay", "exact_rollout", "endplay_cost", "ENDPLAY_CARDS", "ENDPLAY_COST"]

ENDPLAY_CARDS = 0
"""The advice's play-outs play exactly once the seat to move holds this many cards or
fewer; 0: never (the rule to the last card). Three measured no better against OpenSpiel's
tuned ISMCTS (``benchmarks/arena-results.md``, "Exact last tricks in the play-outs"), though
a seat playing its last three tricks exactly among rule players gains 1.3 points a hand
(``benchmarks/last_tricks.py``): at the same time a decision it leaves about half the
play-outs, and the others' play is not the model's."""

ENDPLAY_COST = {0: 0, 1: 0, 2: 9, 3: 48, 4: 210}
"""What exact play from this many cards a hand adds to a play-out, in the advice's budget's
units (cards played by the rule at :data:`tutor.advice.answer.ROLLOUT_CARDS_PER_SECOND`),
measured by ``benchmarks/last_tricks.py``: a decision's budget is charged it, so a decision
takes about as long as with the rule alone."""


def endplay_cost(cards: int) -> int:
    """What exact play adds to a play-out from ``cards`` cards a hand (:data:`ENDPLAY_COST`)."""
    return ENDPLAY_COST[min(cards, ENDPLAY_CARDS)]


def _others(legal: int, live: int, skip: int) -> list[int]:
    """The cards of ``legal`` (a joker as 52) that can give an outcome other than
    ``skip``'s: the lowest of each run of touching cards (no ``live`` card between them)
    but ``skip``'s own run."""
    runs: list[list[int]] = []
    m = legal & ~(1 << JOKER)
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if runs and runs[-1][-1] // 13 == c // 13 and not (
                live & HIGHER[runs[-1][-1]] & ~HIGHER[c] & ~low):
            runs[-1].append(c)
        else:
            runs.append([c])
    out = [run[0] for run in runs if skip not in run]
    if legal >> JOKER & 1 and skip != JOKER:
        out.append(JOKER)
    return out


def endplay(hands: list[int], jokers: list[int], trick: list[int], leader: int, trump: int,
            bids: Sequence[int], won: list[int], gone: int, greedy: bool = False
            ) -> tuple[list[int], int, int]:
    """Play the hand out exactly (the module's text) from this layout: ``hands`` the card
    masks, ``jokers`` the jokers each holds, ``trick`` the cards of the trick in progress
    (52 a joker) led by ``leader``, ``trump`` a suit or -1, ``bids`` and ``won`` each
    seat's bid and tricks so far, ``gone`` the cards played (the rule reads them). Returns
    each seat's tricks at the end, the seat that takes the first trick to close and the
    card the seat to move plays (-1 for both if no card is left). ``greedy``: a seat past
    its bid plays the rule's card for every trick left, as the play-outs' rule has it where
    a missed bid scores its tricks (:func:`tutor.search.policy.need_of`). Nothing passed in
    is changed."""
    n = len(hands)
    memo: dict = {}

    def last(hs: tuple[int, ...], tr: tuple[int, ...], lead: int,
             wn: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
        """The last trick: each seat yet to play holds one card (a joker if no card)."""
        t = list(tr)
        for k in range(len(tr), n):
            h = hs[(lead + k) % n]
            t.append(h.bit_length() - 1 if h else JOKER)
        w = (lead + trick_winner(t, trump)) % n
        return wn[:w] + (wn[w] + 1,) + wn[w + 1:], w, t[len(tr)]

    def best(hs: tuple[int, ...], js: tuple[int, ...], tr: tuple[int, ...], lead: int,
             wn: tuple[int, ...], gn: int) -> tuple[tuple[int, ...], int, int]:
        """The final tricks, the first trick's winner and the card to play from here."""
        if len(tr) == n:
            w = (lead + trick_winner(list(tr), trump)) % n
            wn = wn[:w] + (wn[w] + 1,) + wn[w + 1:]
            if not hs[w] and not js[w]:
                return wn, w, -1
            return best(hs, js, (), w, wn, gn)[0], w, -1
        s = (lead + len(tr)) % n
        h = hs[s]
        if h.bit_count() + js[s] == 1 and (not tr or not hs[lead] + js[lead]):
            return last(hs, tr, lead, wn)
        key = (hs, js, tr, lead, wn)
        got = memo.get(key)
        if got is not None:
            return got
        need = policy.need_of(bids[s], wn[s], h.bit_count() + js[s], greedy)
        legal = legal_mask(h, js[s], list(tr))

        def after(c: int) -> tuple[tuple[int, ...], int, int]:
            if c == JOKER:
                final, first, _ = best(hs, js[:s] + (js[s] - 1,) + js[s + 1:], tr + (c,),
                                       lead, wn, gn)
            else:
                final, first, _ = best(hs[:s] + (h & ~(1 << c),) + hs[s + 1:], js, tr + (c,),
                                       lead, wn, gn | 1 << c)
            return final, first, c

        if not legal & (legal - 1):  # one card to play
            out = after(legal.bit_length() - 1)
        else:
            rule = policy.trixter_card(h, js[s], list(tr), trump, FULL & ~gn & ~h, need,
                                len(tr) == n - 1)
            out = after(rule)
            if out[0][s] != bids[s] and 0 <= bids[s] - wn[s] <= h.bit_count() + js[s]:
                live = 0
                for x in hs:
                    live |= x
                for c in tr:
                    if c != JOKER:
                        live |= 1 << c
                for c in _others(legal, live, rule):
                    got = after(c)
                    if got[0][s] == bids[s]:
                        out = got
                        break
        memo[key] = out
        return out

    if not any(hands) and not any(jokers):
        return list(won), -1, -1
    final, first, card = best(tuple(hands), tuple(jokers), tuple(trick), leader, tuple(won),
                              gone)
    return list(final), first, card


def exact_rollout(hands: list[int], jokers: list[int], trick: list[int], leader: int,
                  trump: int, bids: Sequence[int], won: list[int], gone: int,
                  greedy: bool = False) -> TricksWon:
    """The advice's play-out (:data:`tutor.search.tree.Rollout`): every seat by the rule
    (:func:`tutor.search.policy.trixter_rollout`, ``greedy`` as it takes it) until the seat
    to move holds :data:`ENDPLAY_CARDS` cards or fewer, then exactly (:func:`endplay`)."""
    end = partial(endplay, greedy=greedy) if ENDPLAY_CARDS else None
    return policy.trixter_rollout(hands, jokers, trick, leader, trump, bids, won, gone,
                                  end, ENDPLAY_CARDS, greedy=greedy)
