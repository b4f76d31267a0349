"""The facts under each seat's name at a card table, as finished words.

Every table gets them from here: the play pages and the review
(``tutor.app.session.learner_views``, through :func:`view_facts`), the puzzles and the lesson
scenes (``PuzzleSession.observation``). The browser only shows them. The cards that score
come from the rules' tables (:mod:`tutor.engine.trix.contracts`), so the words cannot drift from
the score. Each fact is short: a narrow seat box breaks its lines between facts, never
inside one ("8 tricks · −220 pts", then "took Q♦ Q♣").

>>> seat_facts("trix", 4, contract=["queens"], tricks_won=[8, 2, 3, 0],
...            taken=[["QD", "QC"], [], [], []], scores=[-220, 10, 0, 0])[0]
['8 tricks', '−220 pts', 'took Q♦ Q♣']
>>> seat_facts("trixter", 3, bids=[2, None, 0], tricks_won=[1, 0, 0], scores=[14, -5, 0])
[['bid 2', 'won 1', '14 pts'], ['bid –', 'won 0', '−5 pts'], ['bid 0', 'won 0', '0 pts']]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tutor.engine.cards import Card, CardSet, Suit
from tutor.engine.i18n import gettext as _, ngettext, Nn_, ordinal
from tutor.engine.trix.contracts import PENALTY_CARDS, Contract

__all__ = ["seat_facts", "view_facts", "number", "signed", "plural", "percents",
           "deal_word", "COUNTED", "half_away", "whole_number", "fixed", "number_words"]


def number(n: int) -> str:
    """A number as a learner reads it, with a real minus sign: ``−220``, ``0``, ``14``."""
    return f"−{-n}" if n < 0 else str(n)


def whole_number(x: float) -> int:
    """``x`` to a whole number as a learner rounds the one-decimal figure shown beside it:
    halves away from zero, from the tenths (−63.46 shows as −63.5, so it says −64; Python's
    own ``round`` gives −63 and rounds halves to even).

    >>> whole_number(-63.46), whole_number(2.5), whole_number(0.44), whole_number(-0.5)
    (-64, 3, 0, -1)
    """
    tenths = abs(half_away(x, 1))
    n = (tenths + 5) // 10
    return -n if x < 0 else n


def half_away(x: float, digits: int = 0) -> int:
    """``x`` in units of 10^-``digits``, halves away from zero, the same on every machine
    (Python's own rounding goes to even, JavaScript's up).

    >>> half_away(6.25, 1), half_away(-32.5), half_away(0.04, 1)
    (63, -33, 0)
    """
    n = math.floor(abs(x) * 10 ** digits + 0.5 + 1e-9)
    return -n if x < 0 else n


def signed(n: float, digits: int | None = None) -> str:
    """A change with its sign, and a real minus: ``+13``, ``−5``, ``0``; with ``digits``,
    that many decimals (an average of points).

    Halves round away from zero, as a person rounds and as the review's tables do
    (Python's own formatting rounds 32.5 to 32 and 3.25 to 3.2).

    >>> signed(13), signed(-5), signed(-5.0, 1), signed(3.25, 1), signed(-32.5, 0)
    ('+13', '−5', '−5.0', '+3.3', '−33')
    >>> signed(-0.01, 1), signed(0.0, 1)  # nothing has no sign ("−0.0" read as a loss)
    ('0.0', '0.0')
    """
    if digits is not None:
        text = fixed(n, digits)
        if not half_away(n, digits):
            return text
        return ("+" if n > 0 else "−") + text
    return f"+{n}" if n > 0 else number(n)


def fixed(x: float, digits: int = 1) -> str:
    """``abs(x)`` to exactly ``digits`` decimals, halves away from zero (a mean place, a
    gap: a number without a sign).

    >>> fixed(2.25), fixed(-1.15), fixed(3.0), fixed(2.345, 2)
    ('2.3', '1.2', '3.0', '2.35')
    """
    whole, part = divmod(abs(half_away(x, digits)), 10 ** digits)
    return f"{whole}.{part:0{digits}d}" if digits else str(whole)


def number_words(x: float, digits: int = 1) -> str:
    """A number to ``digits`` decimals at most (trailing zeros dropped), with a real minus
    sign.

    >>> number_words(6.25), number_words(-2.04), number_words(16.0), number_words(6.254, 2)
    ('6.3', '−2', '16', '6.25')
    """
    text = fixed(x, digits)
    if digits:
        text = text.rstrip("0").rstrip(".")
    return ("−" if half_away(x, digits) < 0 else "") + text


COUNTED = {
    "trick": Nn_("{n} trick", "{n} tricks"), "card": Nn_("{n} card", "{n} cards"),
    "hand": Nn_("{n} hand", "{n} hands"), "deal": Nn_("{n} deal", "{n} deals"),
    "joker": Nn_("{n} joker", "{n} jokers"), "minute": Nn_("{n} minute", "{n} minutes"),
    "hour": Nn_("{n} hour", "{n} hours"), "day": Nn_("{n} day", "{n} days"),
}
"""The things a learner reads counted, each with its forms (a language may have more)."""


def plural(n: int, word: str) -> str:
    """``1 trick``, ``2 tricks`` (``word``: one of :data:`COUNTED`); a separator keeps big
    counts readable.

    >>> plural(1, "trick"), plural(15625, "deal")
    ('1 trick', '15,625 deals')
    """
    one, many = COUNTED[word]
    return ngettext(one, many, n).format(n=f"{n:,}")


def deal_word(game: str) -> str:
    """What one round of cards is called in ``game``: Trix plays *deals* (five to a
    kingdom), Trixter *hands* (RULES.md).

    >>> deal_word("trix"), deal_word("trixter")
    ('deal', 'hand')
    """
    return _("deal") if game == "trix" else _("hand")


def percents(shares: Sequence[float]) -> list[int]:
    """Whole percentages of ``shares`` that add up to exactly 100, as a page that says
    "100% in all" must show them: each share rounded down, and the points still missing
    go to the largest remainders (the earlier one on a tie).

    >>> percents([0.4825, 0.1575, 0.335, 0.025])
    [48, 16, 34, 2]
    >>> percents([1/3, 1/3, 1/3])
    [34, 33, 33]
    """
    total = sum(shares)
    if total <= 0:
        return [0] * len(shares)
    exact = [round(100 * s / total, 9) for s in shares]  # 28.999999999999996 is 29
    out = [int(x) for x in exact]
    order = sorted(range(len(exact)), key=lambda i: (out[i] - exact[i], i))
    for i in order[:100 - sum(out)]:
        out[i] += 1
    return out


def _contracts(contract: Iterable[Contract | str]) -> frozenset[Contract]:
    return frozenset(c if isinstance(c, Contract) else Contract.parse(c) for c in contract)


def _took(got: CardSet, contracts: frozenset[Contract]) -> str:
    """The cards of ``got`` that score in the deal: the K♥ and queens by name, diamonds
    counted ("took K♥ Q♠ 3×♦"); empty if none."""
    words = [c.symbol() for k in sorted(contracts - {Contract.DIAMONDS})
             for c in got & PENALTY_CARDS.get(k, CardSet())]
    diamonds = got.suit_length(Suit.DIAMONDS) if Contract.DIAMONDS in contracts else 0
    if diamonds:
        words.append(f"{diamonds}×♦")
    return _("took {cards}").format(cards=" ".join(words)) if words else ""


def seat_facts(game: str, players: int, *, tricks_won: Sequence[int] | None = None,
               bids: Sequence[int | None] | None = None,
               contract: Iterable[Contract | str] = (),
               taken: Sequence[Iterable[Card | str]] | None = None,
               out: Sequence[int] = (), cards_left: Sequence[int] | None = None,
               scores: Sequence[int] | None = None) -> list[list[str]]:
    """Each seat's facts, from public information only.

    - Trixter: the bid (``bid –`` before it is made), the tricks won, the score.
    - Trix, a trick contract: the tricks taken, the score, then the cards taken that
      score in this deal. Trex: the place of a seat that is out (else its ``cards_left``
      when given), the score.

    ``scores`` are the game's totals (``None`` at a puzzle or lesson table, which has none);
    ``contract`` is the deal's contracts (their names or :class:`Contract`).
    """
    out_facts: list[list[str]] = [[] for _ in range(players)]
    contracts = _contracts(contract)
    for s, facts in enumerate(out_facts):
        if game == "trixter":
            if bids is not None:
                facts.append(_("bid –") if bids[s] is None
                             else _("bid {n}").format(n=bids[s]))
            if tricks_won is not None:
                facts.append(_("won {n}").format(n=tricks_won[s]))
        elif Contract.TREX in contracts:
            if s in out:
                facts.append(_("out {place}").format(place=ordinal(list(out).index(s) + 1)))
            elif cards_left is not None:
                facts.append(plural(cards_left[s], "card"))
        elif contracts and tricks_won is not None:
            facts.append(plural(tricks_won[s], "trick"))
        if scores is not None:
            facts.append(_("{points} pts").format(points=number(scores[s])))
        if game == "trix" and contracts and Contract.TREX not in contracts and taken:
            took = _took(CardSet(taken[s]), contracts)
            if took:
                facts.append(took)
    return out_facts


def view_facts(view: Mapping[str, Any]) -> list[list[str]]:
    """:func:`seat_facts` for a game's observation (``game.observe(seat)``), which holds
    only what that seat may know."""
    return seat_facts(view["game"], len(view["players"]), tricks_won=view.get("tricks_won"),
                      bids=view.get("bids"), contract=view.get("contract") or (),
                      taken=view.get("taken"), out=view.get("out") or (),
                      scores=view.get("scores"))
