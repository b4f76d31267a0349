"""What a solve returns (``Result``) and the error of one over its node budget, shared by
the trick-play search and the Trex search."""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine.cards import Card

__all__ = ["Result", "SearchLimit"]


class Result:
    """What ``solve`` found: the goal's value from the position with best play by all,
    the value after each legal card of the seat to move, one principal line, and
    search statistics.

    The line costs a search per card of it, so it is worked out on first access (from
    the table the search kept); it is the same line whenever it is asked for.
    """

    __slots__ = ("value", "by_card", "stats", "_line", "_line_fn")

    def __init__(self, value: int, by_card: dict[Card, int], line: list[Card] | None = None,
                 stats: dict[str, float | str] | None = None, *,
                 line_fn: Callable[[], list[Card]] | None = None) -> None:
        self.value = value
        self.by_card = by_card
        self.stats = {} if stats is None else stats
        self._line = line
        self._line_fn = line_fn

    @property
    def line(self) -> list[Card]:
        """One principal variation: best cards (lowest index among equals) to the end."""
        if self._line is None:
            fn, self._line_fn = self._line_fn, None
            self._line = fn() if fn is not None else []
        return self._line

    def __repr__(self) -> str:
        return (f"Result(value={self.value!r}, by_card={self.by_card!r}, "
                f"line={self.line!r}, stats={self.stats!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        return (self.value, self.by_card, self.line) == (other.value, other.by_card, other.line)

    __hash__ = None  # type: ignore[assignment]

    def best_cards(self) -> list[Card]:
        """The cards that keep the value (all of them, in hand order)."""
        return [c for c, v in self.by_card.items() if v == self.value]


class SearchLimit(RuntimeError):
    """A solve needed more nodes than its ``max_nodes`` budget: no answer, and nothing
    kept from the search. Callers with a clock (bots, reviews) fall back to rules."""
