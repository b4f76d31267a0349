"""Trixter's options (RULES.md part B) and the sizes of its hands: what a table of Trixter
is, before any card is dealt. Apart from the game (:mod:`tutor.engine.trixter`), so the
seat's view (:mod:`tutor.engine.observation`) reads its rules without the game."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from tutor.engine.errors import ParseError
from tutor.engine.i18n import gettext as _

__all__ = ["TrixterRules", "jokers_for", "peak_for", "schedule", "MIN_PLAYERS", "MAX_PLAYERS",
           "SCORINGS", "FIRST_LEADS"]

MIN_PLAYERS, MAX_PLAYERS = 3, 8
SCORINGS = ("exact", "tricks_if_missed", "squared")
FIRST_LEADS = ("left_of_dealer", "dealer")


def jokers_for(players: int) -> int:
    """Jokers added so that the peak hand deals every card: ``(n - 52 % n) % n``.

    >>> [jokers_for(n) for n in range(3, 9)]
    [2, 0, 3, 2, 4, 4]
    """
    return (players - 52 % players) % players


def peak_for(players: int) -> int:
    """Cards in the peak (largest) hand: ``(52 + jokers) / n``.

    >>> [peak_for(n) for n in range(3, 9)]
    [18, 13, 11, 9, 8, 7]
    """
    return (52 + jokers_for(players)) // players


def schedule(players: int) -> list[int]:
    """Hand sizes of a whole game: 1, 2, …, peak, …, 2, 1.

    >>> schedule(8)
    [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
    """
    peak = peak_for(players)
    return [min(k, 2 * peak - k) for k in range(1, 2 * peak)]


@dataclass(frozen=True)
class TrixterRules:
    """The options of RULES.md part B, with their defaults.

    - ``hook``: the last bidder may not make the bids total the number of tricks.
    - ``allow_no_trump``: the dealer may name "no trump".
    - ``first_lead``: ``"left_of_dealer"`` (the Oh Hell custom) or ``"dealer"``.
    - ``scoring``: ``"exact"`` (10 + tricks, a miss −5), ``"tricks_if_missed"``
      (10 + tricks, a miss scores the tricks), ``"squared"`` (10 + bid², a miss −difference²).
    """

    hook: bool = False
    allow_no_trump: bool = False
    first_lead: str = "left_of_dealer"
    scoring: str = "exact"

    def __post_init__(self) -> None:
        for name in ("hook", "allow_no_trump"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(_("{name} must be True or False").format(name=name))
        if self.first_lead not in FIRST_LEADS:
            raise ValueError(_("first_lead must be one of {choices}, not {given!r}").format(
                choices=FIRST_LEADS, given=self.first_lead))
        if self.scoring not in SCORINGS:
            raise ValueError(_("scoring must be one of {choices}, not {given!r}").format(
                choices=SCORINGS, given=self.scoring))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready options."""
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TrixterRules:
        """Options from :meth:`to_dict`; an unknown option raises ``ParseError``."""
        if not isinstance(d, dict):
            raise ParseError(_("rules are a JSON object"))
        unknown = set(d) - set(cls.__dataclass_fields__)
        if unknown:
            raise ParseError(_("unknown Trixter option(s): {names}").format(
                names=", ".join(sorted(unknown))))
        return cls(**d)

    def forbidden_bid(self, hand_size: int, others: int) -> int | None:
        """The bid the hook forbids the last bidder when the other bids total ``others``:
        the one that would make the bids total the tricks (``None`` without the hook, or
        when no bid would).

        >>> TrixterRules(hook=True).forbidden_bid(3, 1), TrixterRules().forbidden_bid(3, 1)
        (2, None)
        """
        if not self.hook or not 0 <= hand_size - others <= hand_size:
            return None
        return hand_size - others

    def score(self, bid: int, tricks: int) -> int:
        """Points for one hand.

        >>> r = TrixterRules()
        >>> r.score(2, 2), r.score(0, 0), r.score(2, 3)
        (12, 10, -5)
        >>> TrixterRules(scoring="squared").score(3, 1)
        -4
        """
        if bid == tricks:
            return 10 + (bid * bid if self.scoring == "squared" else tricks)
        if self.scoring == "tricks_if_missed":
            return tricks
        if self.scoring == "squared":
            return -((bid - tricks) ** 2)
        return -5
