"""The review's words: numbers to one decimal with a real minus, values as the review
table shows them, a contract against an average hand, an action as a learner reads it.
The same words in the table and in the sentence under it."""

from __future__ import annotations

from tutor.advice.answer import label
from tutor.engine.actions import Bid, ClaimRedeal, Double, parse_action
from tutor.engine.facts import number_words
from tutor.engine.i18n import gettext as _, ngettext

__all__ = ["number_words", "value_words", "versus_average", "action_words"]


def versus_average(x: float, finer: bool = False) -> str:
    """A contract's gain in words, with the number the table shows.

    >>> versus_average(-56.25)
    '56.3 points worse than an average hand'
    >>> versus_average(1), versus_average(0.01)
    ('1 point better than an average hand', 'as much as an average hand')
    """
    n = number_words(abs(x), 2 if finer else 1)
    if n == "0":
        return _("as much as an average hand")
    count = _count(n)
    if x > 0:
        # Translators: {n} may have one decimal ("56.3"); it says what a contract gained.
        return ngettext("{n} point better than an average hand",
                        "{n} points better than an average hand", count).format(n=n)
    # Translators: {n} may have one decimal ("56.3"); it says what a contract lost.
    return ngettext("{n} point worse than an average hand",
                    "{n} points worse than an average hand", count).format(n=n)


def _count(n: str) -> int:
    """The count a number in words (:func:`number_words`, no sign) is said with: itself
    when whole, else 2 (English says "points" of any fraction).

    >>> _count("1"), _count("16"), _count("0.5")
    (1, 16, 2)
    """
    return int(n) if n.isdigit() else 2




def value_words(value: float | None, unit: str, finer: bool = False) -> str:
    """A value as the review shows it, in the table and in its sentence alike: a chance
    as a percentage, a Trex place, points signed (``None``: "–"). ``finer``: one decimal
    more, where two values the review compares would otherwise read alike
    (:attr:`tutor.review.Decision.finer`).

    >>> value_words(0.625, "chance"), value_words(2.25, "place"), value_words(6.25, "points")
    ('63%', 'place 2.3', '+6.3')
    >>> value_words(-2.5, "points"), value_words(0.04, "points")
    ('−2.5', '0')
    >>> value_words(0.1734, "chance", True), value_words(8.456, "points", True)
    ('17.3%', '+8.46')
    """
    if value is None:
        return "–"
    digits = 2 if finer else 1
    if unit == "chance":
        return _("{percent}%").format(percent=number_words(100 * value, digits - 1))
    if unit == "place":
        # Translators: a mean finishing place in Trex ("place 2.3"), in the review's table.
        return _("place {n}").format(n=number_words(value, digits))
    n = number_words(value, digits)
    return n if n.startswith("−") or n == "0" else "+" + n


def action_words(text: str) -> str:
    """An action as a learner reads it: ``"QS"`` → ``"Q♠"``, ``"bid 2"`` → ``"bidding 2"``."""
    a = parse_action(text)
    if isinstance(a, Bid):
        # Translators: an action in the review's sentences ("bidding 2 scored +4.1 ...").
        return _("bidding {n}").format(n=a.n)
    if isinstance(a, Double):
        # Translators: an action in the review's sentences ("doubling K♥ scored ...").
        return _("doubling {card}").format(card=a.card.symbol())
    if isinstance(a, ClaimRedeal):
        return str(a)
    return label(a)  # the advice's name of it: the same words in the hint and the review
