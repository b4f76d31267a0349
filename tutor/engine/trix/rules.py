"""The options of a Trix game (RULES.md part A), with their defaults."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from tutor.engine.errors import ParseError
from tutor.engine.i18n import gettext as _

__all__ = ["TrixRules"]

KINGDOM_ORDERS = ("rotate", "abba")


@dataclass(frozen=True)
class TrixRules:
    """Every option of RULES.md part A.

    - ``kingdom_order``: ``"rotate"`` (the next seat owns the next kingdom) or ``"abba"``
      (A, A's right, the player opposite that one, the last player).
    - ``end_early``: King of Hearts, Queens and Diamonds stop once their cards are taken.
    - ``no_heart_lead_in_king``: no heart lead in King of Hearts unless holding only hearts.
    - ``penalty_discard``: a player void in the suit led must discard K♥ / a diamond / a
      queen (for the contract being played) if they hold one.
    - ``doubling``: K♥ and the queens may be revealed and doubled.
    - ``swap_diamonds_ltoosh``: diamonds −15 each, tricks −10 each.
    - ``reversed_signs``: every score negated; the lowest total wins.
    - ``partnership``: seats 0+2 against 1+3.
    - ``combine``: the owner may name several trick contracts for one deal.
    - ``complex_only``: the ``complex`` preset: all four trick contracts must be named
      together, so a kingdom is two deals (use :meth:`complex`).

    >>> TrixRules.complex().combine
    True
    """

    kingdom_order: str = "rotate"
    end_early: bool = True
    no_heart_lead_in_king: bool = False
    penalty_discard: bool = False
    doubling: bool = True
    swap_diamonds_ltoosh: bool = False
    reversed_signs: bool = False
    partnership: bool = False
    combine: bool = False
    complex_only: bool = False

    def __post_init__(self) -> None:
        if self.kingdom_order not in KINGDOM_ORDERS:
            raise ValueError(_("kingdom_order must be one of {choices}, not {given!r}").format(
                choices=KINGDOM_ORDERS, given=self.kingdom_order))
        for f in fields(self):
            if f.type in ("bool", bool) and not isinstance(getattr(self, f.name), bool):
                raise ValueError(_("{name} must be True or False").format(name=f.name))
        if self.complex_only and not self.combine:
            raise ValueError(_("complex_only needs combine"))

    @classmethod
    def complex(cls, **kw: Any) -> TrixRules:
        """The "Trix Complex" preset: the four trick contracts in one deal, then Trex."""
        return cls(combine=True, complex_only=True, **kw)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready options."""
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TrixRules:
        """Options from :meth:`to_dict`; an unknown option raises ``ParseError``."""
        if not isinstance(d, dict):
            raise ParseError(_("rules are a JSON object"))
        unknown = set(d) - {f.name for f in fields(cls)}
        if unknown:
            raise ParseError(_("unknown Trix option(s): {names}").format(
                names=", ".join(sorted(unknown))))
        return cls(**d)
