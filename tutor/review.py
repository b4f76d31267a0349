"""Post-game review: where one seat lost points, and what would have kept them.

``review(record, seat)`` replays a finished (or unfinished) game action by action and,
at every decision ``seat`` made, weighs the action chosen against the best one **with
only what the seat knew then**: the unseen cards are dealt at random in every way
consistent with what the seat had seen (:mod:`tutor.solver.pimc`), each layout is
solved exactly, and the values are averaged.

API (the ReviewBoard widget is built on it)::

    review(record, seat, *, samples=12, seed=0, max_nodes=None, progress=None) -> Review

- ``record``: a game record dict (:func:`tutor.records.from_record`) or a game object
  (``TrixterGame`` / ``TrixGame``). A bad record raises ``ParseError`` or
  ``IllegalActionError`` (both ``ValueError``) naming the bad action; a seat not at the
  table raises ``ValueError``.
- ``progress(done, total)``: called with ``(0, total)`` first, then after each of the
  seat's ``total`` decisions (for a progress bar).
- ``max_nodes``: the solver's budget per solve (``None``: :data:`DEFAULT_MAX_NODES`
  for the engine in use). A decision whose solves burst it is kept, with
  ``judged=False`` and :data:`TOO_BIG` as its ``reason``, never dropped. A 13-card
  solve may take minutes: to judge everything, pass a very large budget and wait.
- The same record, seat, samples and seed always give the same review.

:class:`Review`: ``game`` ("trixter" / "trix"), ``seat``, ``decisions`` (every action
of the seat but "next", in game order), ``mistakes`` (judged decisions with a loss, biggest
first), ``scores`` (every seat's running total after each scored hand or deal, for a
chart), ``summary()``.

:class:`Decision`: ``index`` (in ``record["actions"]``), ``hand`` (1-based hand or
deal number), ``trick`` (1-based, or ``None`` outside trick play), ``kind`` (one of
:data:`KINDS`), ``chosen`` and ``best`` (action texts), ``chosen_value`` and
``best_value`` (in ``unit``), ``unit``, ``loss`` (always in the game's points, so
losses of every kind rank together), ``alternatives`` (``(action text, value)``, best
first), ``judged``, ``reason``, ``forced`` and ``explain()``.

How each kind is weighed (``unit`` of its values → how ``loss`` becomes points):

- Trixter **card** (``"chance"``): the hint's chance of making the bid. Loss = the
  chance lost × (score if the bid is made − score if it is missed by one trick), with
  ``rules.score``: 16 points for a bid of 1 under the standard scoring.
- Trixter **bid** (``"points"``): ``advise_bid``'s expected score of each allowed bid
  (it reads the seat's hand, the trump and the first leader; not the others' bids).
- Trixter **trump** (``"points"``): for each suit, the best expected score of any bid
  with that trump (``advise_bid`` once per suit).
- Trix **contract** (``"points"``): ``simulate_contracts`` plays each contract left on
  the same random deals with the beginner bot at every seat. Every contract of a
  kingdom is played once in any case, so the value is the *gain* over an average hand
  (``ContractTrial.gain``): the owner should spend this hand where it beats the others
  most. Combined contracts (``combine``) are not judged.
- Trix **double** / no double (``"points"``): the seat's points for the deal, played
  out by the beginner bot at every seat (the seat's own later moves too) on layouts
  consistent with what the seat had seen, once with each choice on the same layouts.
  A whole deal is too big to solve exactly in time, and double dummy would miss the
  one cost of a double, showing the table where the card is; the bots do react to
  it. Redeal claims (``"redeal"``) are not judged.
- Trix **card** in a trick contract (``"points"``): the hint's mean, the points the
  seat (its team in partnership) can force from there on (``MinPenalty``).
- Trex **card** (``"place"``): the hint's mean finishing place (lower is better);
  each place is worth 50 points (RULES.md A3: 200/150/100/50), so loss = 50 × places
  lost. A **pass** in Trex is never a choice.
- A decision with a single legal choice is ``forced``: loss 0, nothing solved.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=1, dealer=3, first_hand=25)
>>> for a in ("trump S", "bid 0", "bid 0", "bid 0", "bid 1"):
...     g.apply(a)
>>> for _ in range(4):
...     g.apply(str(g.legal_actions()[0]))
>>> r = review(g, 3, samples=4)
>>> [d.kind for d in r.decisions], r.decisions[-1].forced
(['trump', 'bid', 'card'], True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .actions import (Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double, NoDouble, NoRedeal,
                      Pass, Play, parse_action)
from .protocol import Game, Phase
from .solver.search import SearchLimit, engine_in_use
from .trix.contracts import TREX_POINTS

__all__ = ["review", "Review", "Decision", "KINDS", "TOO_BIG", "DEFAULT_MAX_NODES",
           "decision_indices", "value_words", "number_words"]

KINDS = ("trump", "bid", "card", "contract", "double", "redeal", "pass")
"""The kinds of decision: Trixter's trump, bid and card; Trix's contract, double (or
no double), redeal (a claim or its refusal), card (trick or Trex) and Trex pass."""

TOO_BIG = "too many cards left to judge exactly in time"
"""The ``reason`` of a decision whose solves burst the node budget."""

DEFAULT_MAX_NODES = {"numba": 1_000_000, "python": 100_000}
"""Solver nodes per layout when ``max_nodes`` is ``None``, by the solver's engine (the
compiled one is about ten times faster): either way a whole 4-player Trixter game
reviews in under a minute on one core, its first tricks of the big hands not judged."""

TREX_POINTS_PER_PLACE = TREX_POINTS[0] - TREX_POINTS[1]  # RULES.md A3: 200, 150, 100, 50



# --- what the review returns ---------------------------------------------------------
@dataclass
class Decision:
    """One action of the reviewed seat, next to the best it could have done.

    ``chosen_value``, ``best_value`` and the values in ``alternatives`` are in ``unit``
    (``"chance"`` of making the bid, ``"points"``, or Trex ``"place"``) and ``None``
    where nothing was computed (forced or not judged); ``loss`` is always in points."""

    index: int
    hand: int
    trick: int | None
    kind: str
    chosen: str
    best: str
    chosen_value: float | None
    best_value: float | None
    unit: str
    loss: float
    alternatives: list[tuple[str, float | None]] = field(default_factory=list)
    judged: bool = True
    reason: str | None = None  # why it was not judged
    forced: bool = False  # the only legal choice
    game: str = "trixter"

    def explain(self) -> str:
        """One line a learner reads.

        Every number in it is the one the review's table shows (:func:`value_words`).

        >>> Decision(index=9, hand=1, trick=1, kind="card", chosen="AS", best="QS",
        ...          chosen_value=0.0, best_value=1.0, unit="chance", loss=16.0).explain()
        'Hand 1, trick 1: A♠ made your bid in 0% of layouts; the Q♠ in 100%.'
        >>> Decision(index=2, hand=3, trick=None, kind="bid", chosen="bid 2", best="bid 1",
        ...          chosen_value=4.1, best_value=8.3, unit="points", loss=4.2).explain()
        'Hand 3: bidding 2 scored +4.1 on average; bidding 1 would have scored +8.3.'
        """
        where = self._where()
        chosen = _show(self.chosen)
        if not self.judged:
            return f"{where}: {chosen} was not judged: {self.reason}."
        if self.forced:
            if self.kind == "pass":
                return f"{where}: no card of yours fitted the layout, so you passed."
            return f"{where}: {chosen} was your only choice."
        cv, bv, best = self.chosen_value, self.best_value, _show(self.best)
        if self.unit == "chance":
            if self.loss <= 0:
                return (f"{where}: {chosen} made your bid in {_pct(cv)} of layouts; "
                        f"no card did better.")
            return (f"{where}: {chosen} made your bid in {_pct(cv)} of layouts; "
                    f"the {best} in {_pct(bv)}.")
        if self.unit == "place":
            if self.loss <= 0:
                return (f"{where}: {chosen} finished you in {value_words(cv, 'place')} on "
                        "average; nothing did better.")
            return (f"{where}: {chosen} finished you in {value_words(cv, 'place')} on average; "
                    f"{best} in {value_words(bv, 'place')}, worth {number_words(self.loss)} "
                    f"points more.")
        if self.kind == "contract":
            # The value is the gain over an average hand (see the module docstring).
            said = f"{where}: {chosen} scored {_vs_average(cv)}"
            if self.loss <= 0:
                return f"{said}: no contract left did better."
            return f"{said}; {best} would have scored {_vs_average(bv)}."
        if self.kind == "trump":
            said = f"{where}: with {chosen} your best bid scored {_pts(cv)} on average"
            if self.loss <= 0:
                return f"{said}: no trump did better."
            return f"{said}; with {best}, {_pts(bv)}."
        if self.loss <= 0:
            return f"{where}: {chosen} scored {_pts(cv)} on average; nothing did better."
        return (f"{where}: {chosen} scored {_pts(cv)} on average; {best} would have scored "
                f"{_pts(bv)}.")

    def _where(self) -> str:
        word = "Hand" if self.game == "trixter" else "Deal"
        if self.trick is not None:
            return f"{word} {self.hand}, trick {self.trick}"
        if self.unit == "place" or self.kind == "pass":
            return f"{word} {self.hand}, Trex"
        return f"{word} {self.hand}"


def _vs_average(x: float) -> str:
    """A contract's gain in words, with the number the table shows.

    >>> _vs_average(-56.25)
    '56.3 points worse than an average hand'
    >>> _vs_average(1), _vs_average(0.01)
    ('1 point better than an average hand', 'as much as an average hand')
    """
    n = number_words(abs(x))
    if n == "0":
        return "as much as an average hand"
    word = "better" if x > 0 else "worse"
    return f"{n} point{'s' if n != '1' else ''} {word} than an average hand"


def _pts(x: float) -> str:
    return value_words(x, "points")


def _tenths(x: float) -> int:
    """``x`` in tenths, halves away from zero (as a person rounds, and the same on every
    machine: Python's own rounding goes to even, JavaScript's up)."""
    n = math.floor(abs(x) * 10 + 0.5 + 1e-9)
    return -n if x < 0 else n


def number_words(x: float) -> str:
    """A number to one decimal at most, with a real minus sign.

    >>> number_words(6.25), number_words(-2.04), number_words(16.0)
    ('6.3', '−2', '16')
    """
    t = _tenths(x)
    text = str(abs(t) // 10) if t % 10 == 0 else f"{abs(t) // 10}.{abs(t) % 10}"
    return ("−" if t < 0 else "") + text


def value_words(value: float | None, unit: str) -> str:
    """A value as the review shows it, in the table and in its sentence alike: a chance
    as a percentage, a Trex place, points signed (``None``: "–").

    >>> value_words(0.625, "chance"), value_words(2.25, "place"), value_words(6.25, "points")
    ('63%', 'place 2.3', '+6.3')
    >>> value_words(-2.5, "points"), value_words(0.04, "points")
    ('−2.5', '0')
    """
    if value is None:
        return "–"
    if unit == "chance":
        return f"{math.floor(value * 100 + 0.5 + 1e-9)}%"
    if unit == "place":
        return f"place {number_words(value)}"
    n = number_words(value)
    return n if n.startswith("−") or n == "0" else "+" + n


@dataclass
class Review:
    """A seat's whole game, judged decision by decision (see the module docstring)."""

    game: str
    seat: int
    decisions: list[Decision]
    mistakes: list[Decision]
    scores: list[list[int | None]]
    players: list[str] = field(default_factory=list)
    samples: int = 12
    seed: int = 0
    seconds: float = 0.0

    @property
    def lost(self) -> float:
        """Points lost in all judged decisions."""
        return sum(d.loss for d in self.mistakes)

    def summary(self) -> str:
        """A few lines: what was judged, what the mistakes cost, the biggest ones."""
        name = self.players[self.seat] if self.seat < len(self.players) else f"seat {self.seat}"
        judged = sum(d.judged for d in self.decisions)
        lines = [f"{name} ({'Trixter' if self.game == 'trixter' else 'Trix'}): "
                 f"{len(self.decisions)} decisions, {judged} judged."]
        if not self.mistakes:
            lines.append("No judged decision lost points.")
        else:
            n = len(self.mistakes)
            lines.append(f"{n} mistake{'s' if n != 1 else ''} cost about {self.lost:.0f} "
                         f"points in all. The biggest:")
            lines += ["  " + d.explain() for d in self.mistakes[:3]]
        if judged < len(self.decisions) - sum(d.forced for d in self.decisions):
            skipped = sum(not d.judged for d in self.decisions)
            lines.append(f"{skipped} not judged (too many cards left, or not a choice the "
                         "review weighs).")
        if self.scores and self.scores[-1][self.seat] is not None:
            lines.append(f"Final score: {number_words(self.scores[-1][self.seat])}.")
        return "\n".join(lines)


# --- the review ----------------------------------------------------------------------
def decision_indices(actions: list, seat: int) -> list[int]:
    """The positions in ``record["actions"]`` of ``seat``'s decisions: every action it
    took but "next" (dealing on after a hand is no choice, though a play page records
    whose click it was). The review and its board count the same steps.

    >>> decision_indices([[0, "bid 1"], [1, "bid 0"], [0, "next"], [0, "AS"]], 0)
    [0, 3]
    """
    return [i for i, (s, text) in enumerate(actions) if s == seat and text != "next"]


def review(record: dict[str, Any] | Game, seat: int, *, samples: int = 12, seed: int = 0,
           max_nodes: int | None = None,
           progress: Callable[[int, int], Any] | None = None) -> Review:
    """Judge every decision of ``seat`` in the game ``record`` (see the module docstring)."""
    from .records import from_record

    start = time.perf_counter()
    if isinstance(record, Game):
        record = record.to_record()
    final = from_record(record)  # refuses a bad record, naming the bad action
    record = final.to_record()  # an older version's record, with what it left unsaid
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.n_players:
        raise ValueError(f"there is no seat {seat!r} at this table: seats are "
                         f"0..{final.n_players - 1}")
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError("samples must be a whole number of at least 1")
    name = "trixter" if hasattr(final, "bids") else "trix"
    actions = record["actions"]
    mine = decision_indices(actions, seat)
    if progress is not None:
        progress(0, len(mine))
    game = type(final).from_record({**record, "actions": []})
    if max_nodes is None:
        max_nodes = DEFAULT_MAX_NODES[engine_in_use()]
    decisions = []
    wanted = set(mine)
    for i, (s, text) in enumerate(actions):
        if i in wanted:
            judge = _Judge(game, seat, parse_action(text), i, samples=samples,
                           seed=seed * 1_000_003 + i, max_nodes=max_nodes, game_name=name)
            decisions.append(judge.decision())
            if progress is not None:
                progress(len(decisions), len(mine))
        game.apply(text, seat=s)
    mistakes = sorted((d for d in decisions if d.judged and d.loss > 0),
                      key=lambda d: (-d.loss, d.index))
    scores = [list(row["totals"]) for row in final.score_sheet() if row.get("redeal") is None]
    return Review(game=name, seat=seat, decisions=decisions, mistakes=mistakes, scores=scores,
                  players=list(final.names), samples=samples, seed=seed,
                  seconds=time.perf_counter() - start)


class _Judge:
    """Weighs one action of ``seat`` in ``game`` as it stood just before it."""

    def __init__(self, game, seat: int, action, index: int, *, samples: int, seed: int,
                 max_nodes: int, game_name: str) -> None:
        self.game = game
        self.seat = seat
        self.action = action
        self.samples = samples
        self.seed = seed
        self.max_nodes = max_nodes
        self.base = dict(index=index, hand=game.hand_number if game_name == "trixter"
                         else game.deal_number,
                         trick=len(game.tricks) + 1 if game.phase == Phase.PLAY else None,
                         chosen=str(action), game=game_name)

    def decision(self) -> Decision:
        kind = _kind_of(self.action)
        choices = self._choices(kind)
        if len(choices) <= 1 or kind == "pass":
            return Decision(**self.base, kind=kind, best=str(self.action), chosen_value=None,
                            best_value=None, unit=self._unit(kind), loss=0.0,
                            alternatives=[(str(self.action), None)], forced=True)
        try:
            rows, unit, per_unit = self._weigh(kind, choices)
        except SearchLimit:
            return self._not_judged(kind, TOO_BIG)
        except _NotJudged as e:
            return self._not_judged(kind, str(e))
        values = dict(rows)
        chosen = str(self.action)
        if chosen not in values:  # pragma: no cover - every legal choice is weighed
            return self._not_judged(kind, "the review found no value for this action")
        best, best_value = rows[0]
        # Sums of k/samples: round so that equal chances give a loss of exactly 0.
        loss = round(abs(best_value - values[chosen]) * per_unit, 6)
        return Decision(**self.base, kind=kind, best=best if loss > 0 else chosen,
                        chosen_value=values[chosen],
                        best_value=best_value if loss > 0 else values[chosen], unit=unit,
                        loss=loss, alternatives=rows)

    def _not_judged(self, kind: str, reason: str) -> Decision:
        return Decision(**self.base, kind=kind, best=str(self.action), chosen_value=None,
                        best_value=None, unit=self._unit(kind), loss=0.0, alternatives=[],
                        judged=False, reason=reason)

    def _unit(self, kind: str) -> str:
        """The unit a decision of this kind is weighed in (see the module docstring)."""
        if self.game.phase == Phase.TREX:
            return "place"
        if kind == "card" and hasattr(self.game, "bids"):
            return "chance"
        return "points"

    def _choices(self, kind: str) -> list:
        """The legal actions of the same kind as the one taken (Trixter's legal list
        also holds take-backs of an earlier bid or trump)."""
        return [a for a in self.game.legal_actions(self.seat) if _kind_of(a) == kind]

    def _weigh(self, kind: str, choices: list) -> tuple[list[tuple[str, float]], str, float]:
        """Each choice's value, best first, the values' unit and the points per unit."""
        g = self.game
        if kind == "card" and g.phase == Phase.TREX:
            h = self._hint()
            return [(str(c.card), c.mean) for c in h.cards], "place", TREX_POINTS_PER_PLACE
        if kind == "card" and hasattr(g, "bids"):
            h = self._hint()
            bid = g.bids[self.seat]
            return [(str(c.card), c.mean) for c in h.cards], "chance", _bid_swing(g, bid)
        if kind == "card":
            h = self._hint()
            return [(str(c.card), c.mean) for c in h.cards], "points", 1.0
        if kind == "bid":
            a = self._advise_bid()
            rows = [(str(Bid(n)), a.expected[n]) for n in a.bids]
            return _best_first(rows), "points", 1.0
        if kind == "trump":
            rows = []
            for act in choices:
                a = self._advise_bid(trump=act.suit)
                rows.append((str(act), max(a.expected[n] for n in a.bids)))
            return _best_first(rows), "points", 1.0
        if kind == "contract":
            return self._contracts(choices), "points", 1.0
        if kind == "double":
            return self._doubles(choices), "points", 1.0
        raise _NotJudged("redeal claims are not judged")

    def _hint(self):
        from .solver.pimc import hint

        return hint(self.game, self.seat, samples=self.samples, seed=self.seed,
                    max_nodes=self.max_nodes)

    def _advise_bid(self, **kw):
        from .solver.pimc import advise_bid

        return advise_bid(self.game, self.seat, samples=self.samples, seed=self.seed,
                          max_nodes=self.max_nodes, **kw)

    def _contracts(self, choices: list) -> list[tuple[str, float]]:
        from .bots.simulate import simulate_contracts

        if any(len(a.contracts) != 1 for a in choices):
            raise _NotJudged("combined contracts are not judged")
        trials = simulate_contracts(list(self.game.hands[self.seat]), samples=self.samples,
                                    seed=self.seed, contracts=[a.contract for a in choices],
                                    rules=self.game.rules)
        rows = [(str(ChooseContract(t.contract)), t.gain) for t in trials]
        if str(self.action) not in dict(rows):
            raise _NotJudged("every simulated deal of this contract was redealt")
        return _best_first(rows)

    def _doubles(self, choices: list) -> list[tuple[str, float]]:
        """The deal's points for the seat with each choice, played out by the beginner
        bot at every seat on layouts the seat could not tell from the real one.

        Exact solves of a whole 13-card deal are out of reach in time, and they would
        miss the point besides: a double shows everyone where the card is, and only
        players who do not see every card (the bots) can be told. Each choice is played
        on the same layouts with the same bots, so the difference is the choice's."""
        from .bots.simulate import play_outs
        from .solver.pimc import sample_layouts, view_of

        rng = random.Random(f"{self.seed}/doubles")
        layouts = sample_layouts(view_of(self.game, self.seat), self.samples, rng)
        rows = play_outs(self.game, self.seat, choices, layouts, self.seed)
        if not rows:
            raise _NotJudged("every layout tried was redealt")
        return _best_first([(str(a), sum(r[a] for _, r in rows) / len(rows))
                            for a in choices])


class _NotJudged(Exception):
    """A decision the review does not weigh; the message says why."""


def _kind_of(action) -> str:
    if isinstance(action, Play):
        return "card"
    if isinstance(action, Bid):
        return "bid"
    if isinstance(action, ChooseTrump):
        return "trump"
    if isinstance(action, ChooseContract):
        return "contract"
    if isinstance(action, (Double, NoDouble)):
        return "double"
    if isinstance(action, (ClaimRedeal, NoRedeal)):
        return "redeal"
    if isinstance(action, Pass):
        return "pass"
    return type(action).__name__.lower()


def _best_first(rows: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """Highest value first; ties keep the given order (the lower bid, the first suit)."""
    return sorted(rows, key=lambda r: -r[1])


def _bid_swing(game, bid: int) -> float:
    """Points between making ``bid`` and missing it by one trick (the kindest miss),
    so a chance of the bid lost converts to points.

    >>> from tutor.trixter import TrixterGame
    >>> _bid_swing(TrixterGame.new(players=4, seed=0, first_hand=3), 1)
    16
    """
    rules = game.rules
    misses = [rules.score(bid, t) for t in (bid - 1, bid + 1) if 0 <= t <= game.hand_size]
    return rules.score(bid, bid) - max(misses)


def _pct(x: float) -> str:
    return value_words(x, "chance")


def _show(text: str) -> str:
    """An action as a learner reads it: ``"QS"`` → ``"Q♠"``, ``"bid 2"`` → ``"bidding 2"``."""
    a = parse_action(text)
    if isinstance(a, Play):
        return a.card.symbol()
    if isinstance(a, Bid):
        return f"bidding {a.n}"
    if isinstance(a, ChooseTrump):
        return "no trump" if a.suit is None else f"{a.suit.symbol} trump"
    if isinstance(a, ChooseContract):
        return " + ".join(c.title for c in sorted(a.contracts))
    if isinstance(a, Double):
        return f"doubling {a.card.symbol()}"
    return str(a)

