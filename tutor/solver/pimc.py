"""Hints under hidden information: Perfect Information Monte Carlo (PIMC).

A seat at a live table sees only its own hand and what has been shown. To advise it,
deal the unseen cards at random in every way consistent with what the seat has seen
(hand sizes, cards played, voids shown, doubled and other public cards, Trex passes),
solve each layout exactly (double dummy) and rank the seat's legal cards by their
average over the layouts. Samples come from a seeded generator, so the same game,
seed and sample count always give the same hint.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> for a in ("trump S", "bid 1", "bid 0", "bid 1", "bid 0"):
...     g.apply(a)
>>> g.to_move, g.bids[2], str(g.hands[2])
(2, 0, '.7.A.7')
>>> h = hint(g, samples=20, seed=1)
>>> h.explain()
'7♥ makes your bid in 30% of layouts; A♦ in 10%.'
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.advice.bids import BidAdvice, advise_bid, bid_advice
from tutor.engine.cards import Card, CardSet
from tutor.engine.protocol import Phase
from tutor.solver.goals import AvoidCards, Exactly, MaxTricks, MinPenalty
from tutor.solver.position import Position
from tutor.solver.hidden import View, sample_layouts, view_of
from tutor.solver.search import solve

__all__ = ["View", "view_of", "sample_layouts", "hint", "Hint", "CardHint",
           "advise_bid", "bid_advice", "BidAdvice"]


# --- hints ------------------------------------------------------------------------
@dataclass(frozen=True)
class CardHint:
    """One legal card over the sampled layouts: its mean goal value and the share of
    layouts in which it is one of the best cards."""

    card: Card
    mean: float
    best_in: float
    tricks: float | None = None  # tricks it takes on average, when that ranked the cards


@dataclass
class Hint:
    """The seat's legal cards ranked best first, with a line for a learner."""

    seat: int
    goal: object
    kind: str  # "chance" (Exactly), "points" (MinPenalty), "place" (TrexPlace)
    cards: list[CardHint]
    samples: int
    seconds: float
    team: bool = False

    @property
    def best(self) -> Card | None:
        """The card to play (``None`` when there is nothing to choose)."""
        return self.cards[0].card if self.cards else None

    def explain(self) -> str:
        """One line: the best card and the worst, in numbers a learner reads."""
        if not self.cards:
            return ("No card of yours fits the layout: you must pass." if self.kind == "place"
                    else "There is no card to choose here.")
        best, worst = self.cards[0], self.cards[-1]
        b, w = best.card.symbol(), worst.card.symbol()
        if self.kind == "chance":
            what = "your bid" if not self.team else "your team's bid"
            if len(self.cards) == 1:
                return f"{b} is your only card: it makes {what} in {_pct(best.mean)} of layouts."
            if best.tricks is not None:
                most = best.tricks >= worst.tricks
                return (f"No card makes {what} surer (it holds in {_pct(best.mean)} of "
                        f"layouts); {b} comes closest, taking the {'most' if most else 'fewest'}"
                        f" tricks: {best.tricks:.1f} on average, {w} {worst.tricks:.1f}.")
            if best.mean == worst.mean:
                return f"Every card makes {what} in {_pct(best.mean)} of layouts."
            return f"{b} makes {what} in {_pct(best.mean)} of layouts; {w} in {_pct(worst.mean)}."
        if self.kind == "points":
            whose = "your team" if self.team else "you"
            if len(self.cards) == 1:
                return f"{b} is your only card: {_points(best.mean, whose)} on average."
            if best.mean == worst.mean:
                return f"Every card {_points(best.mean, whose, verb='gives')} on average."
            return (f"{b} {_points(best.mean, whose)} on average; "
                    f"{w} {_points(worst.mean, whose, short=True)}.")
        # Trex: a seat's place (1 = first out); a team's sum of places, read as points.
        if self.team:
            if best.mean == worst.mean:
                return f"Every card wins your team {_trex_points(best.mean)} on average."
            return (f"{b} wins your team {_trex_points(best.mean)} on average; "
                    f"{w} {_trex_points(worst.mean)}.")
        if best.mean == worst.mean:
            return (f"Against all three playing together, every card finishes you "
                    f"{_place(best.mean)} on average.")
        return (f"{b} finishes you {_place(best.mean)} on average; "
                f"{w} {_place(worst.mean)}.")


def _trex_points(places: float) -> str:
    """A team's Trex points from the sum of its two places (RULES.md A3)."""
    from tutor.engine.trix.contracts import trex_team_points

    return f"{round(trex_team_points(places, 2))} points"


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _points(mean: float, whose: str, verb: str = "", short: bool = False) -> str:
    v = round(mean)
    if v < 0:
        return f"{abs(v)}" if short else f"costs {whose} {abs(v)} points"
    if v == 0:
        return "0" if short else f"costs {whose} nothing"
    return f"+{v}" if short else f"gains {whose} {v} points"


def _place(mean: float) -> str:
    return f"in place {mean:.1f}"


def _side(game, seat: int) -> int | tuple[int, int]:
    if getattr(getattr(game, "rules", None), "partnership", False):
        return (seat, (seat + 2) % 4)
    return seat


def default_goal(game, seat: int):
    """The goal a learner at ``seat`` plays for now: the bid in Trixter, the fewest
    penalty points in a Trix trick contract, the best place in Trex."""
    if game.phase == Phase.PLAY:
        if game.KIND == "trixter":
            bid = game.bids[seat]
            if bid is None:
                raise ValueError("this seat has no bid to play for")
            return Exactly(seat, bid)
        return MinPenalty.from_rules(_side(game, seat), game.contract, game.doubles, game.rules)
    if game.phase == Phase.TREX:
        from tutor.solver.goals import TrexPlace

        return TrexPlace(_side(game, seat))
    raise ValueError(f"no card to choose in phase {game.phase.value}")


def _kind(goal) -> str:
    if isinstance(goal, (Exactly, AvoidCards)):
        return "chance"
    if isinstance(goal, (MinPenalty, MaxTricks)):
        return "points"
    return "place"


def _position(game, hands: Sequence[CardSet]):
    if game.phase == Phase.TREX:
        from tutor.solver.trex import TrexPosition

        return TrexPosition.from_game(game, hands=hands)
    return Position.from_game(game, hands=hands)


def hint(game, seat: int | None = None, *, goal=None, samples: int = 20,
         seconds: float | None = None, seed: int = 0, max_nodes: int | None = None) -> Hint:
    """Rank the legal cards of ``seat`` (default: the seat to move, which must be it)
    over ``samples`` layouts consistent with what the seat has seen.

    ``seconds`` time-boxes the work (at least two layouts are always solved); with it
    the hint is still reproducible for the number of layouts it reports. Lower is
    better for a Trex place; higher for everything else. ``max_nodes`` caps each
    layout's solve: :class:`~tutor.solver.search.SearchLimit` if one needs more."""
    start = time.perf_counter()
    if seat is None:
        seat = game.to_move
    if seat is None or seat != game.to_move:
        raise ValueError("a hint is for the seat to move")
    if goal is None:
        goal = default_goal(game, seat)
    kind = _kind(goal)
    rng = random.Random(f"{seed}/pimc")
    layouts = []
    rows: dict[Card, list] = {}
    for hands in sample_layouts(view_of(game, seat), samples, rng):
        layouts.append(hands)
        _add(rows, solve(_position(game, hands), goal, max_nodes=max_nodes))
        if seconds is not None and len(layouts) >= 2 and time.perf_counter() - start > seconds:
            break
    cards = _ranked(rows, len(layouts), lower_is_better=kind == "place")
    if kind == "chance" and len(cards) > 1 and cards[0].mean == cards[-1].mean < 1 \
            and isinstance(goal, Exactly):
        cards = _closest(game, seat, goal, layouts, cards[0].mean, max_nodes)
    return Hint(seat=seat, goal=goal, kind=kind, cards=cards, samples=len(layouts),
                seconds=time.perf_counter() - start,
                team=not isinstance(getattr(goal, "seat", 0), int))


def _closest(game, seat: int, goal: Exactly, layouts, chance: float,
             max_nodes: int | None = None) -> list[CardHint]:
    """When every card is as good for the bid itself, rank them by how close they
    bring the seat to it: the most tricks while short of the bid, else the fewest."""
    short = game.tricks_won[seat] < goal.n
    rows: dict[Card, list] = {}
    for hands in layouts:
        _add(rows, solve(_position(game, hands), _tricks_goal(seat, short),
                         max_nodes=max_nodes))
    return [CardHint(c.card, chance, c.best_in, tricks=_tricks(c.mean, short))
            for c in _ranked(rows, len(layouts), lower_is_better=False)]


def _tricks_goal(seat: int, most: bool):
    """The most tricks ``seat`` can take, or (as Ltoosh penalties) the fewest it can be
    held to, against all the others."""
    return MaxTricks(seat) if most else MinPenalty(seat, "ltoosh")


def _tricks(value: float, most: bool) -> float:
    from tutor.engine.trix.contracts import Contract, trick_points

    return value if most else value / trick_points([Contract.LTOOSH])


def _add(rows: dict[Card, list], result) -> None:
    """Add one layout's values: a running total and a count of layouts where best."""
    for c, v in result.by_card.items():
        row = rows.setdefault(c, [0, 0])
        row[0] += v
        row[1] += v == result.value


def _ranked(rows: dict[Card, list], samples: int, lower_is_better: bool) -> list[CardHint]:
    sign = 1 if lower_is_better else -1
    order = sorted(rows, key=lambda c: (sign * rows[c][0], -rows[c][1], c))
    return [CardHint(c, rows[c][0] / samples, rows[c][1] / samples) for c in order]


# --- the Trixter bid advisor: the advice's (:mod:`tutor.advice.bids`), kept here by name
# for its callers.
