"""Post-game review: where one seat lost points, and what would have kept them.

``review(record, seat)`` replays a finished (or unfinished) game action by action and,
at every decision ``seat`` made, weighs the action chosen against the best one **with
only what the seat knew then**, by the advice engine (:func:`tutor.advice.advise`): the
unseen cards are dealt at random in ways consistent with what the seat had seen, every
choice is played out on the same layouts with every seat playing for its own score, and
the results are averaged.

API (the ReviewBoard widget is built on it)::

    review(record, seat, *, seconds=REVIEW_SECONDS, budget=None, seed=0, progress=None)
        -> Review

- ``record``: a game record dict (:func:`tutor.engine.records.from_record`) or a game object
  (``TrixterGame`` / ``TrixGame``). A bad record raises ``ParseError`` or
  ``IllegalActionError`` (both ``ValueError``) naming the bad action; a seat not at the
  table raises ``ValueError``.
- ``progress(done, total)``: called with ``(0, total)`` first, then after each of the
  seat's ``total`` decisions (for a progress bar).
- ``seconds`` / ``budget``: the advice's work per decision (``budget`` in rollouts;
  ``seconds`` at its fixed rate, so the same on every machine). The default reviews a
  whole game in seconds.
- The same record, seat, budget and seed always give the same review.

:class:`Review`: ``game`` ("trixter" / "trix"), ``seat``, ``decisions`` (every action
of the seat but "next", in game order), ``mistakes`` (decisions that clearly lost points,
biggest first), ``scores`` (every seat's running total after each scored hand or deal,
for a chart), ``summary()``.

:class:`Decision`: ``index`` (in ``record["actions"]``), ``hand`` (1-based hand or
deal number), ``trick`` (1-based, or ``None`` outside trick play), ``kind`` (one of
:data:`KINDS`), ``chosen`` and ``best`` (action texts), ``chosen_value`` and
``best_value`` (in ``unit``), ``unit``, ``loss`` (always in the game's points, so
losses of every kind rank together), ``sure`` (how sure the layouts are that the best
beats the choice), ``alternatives`` (``(action text, value)``, best first by the value
shown: the hint may put first, among choices about equal, one a little lower in points that
leaves the seat further ahead of the others; the review ranks by the points it shows and
says so of a close call, ``ahead``), ``judged``, ``reason`` (why it was not judged),
``why`` (why the best beats the choice, in the game's words:
:func:`tutor.advice.reasons.reason_against` on the seat's view then), ``forced`` and
``explain()``.

Each value is the advice's (its ``kind`` is the unit), and ``loss`` turns it into points:

- ``"chance"`` (a Trixter card: the chance of making the bid): loss = the chance lost ×
  (score if the bid is made − score if it is missed by one trick), with ``rules.score``:
  16 points for a bid of 1 under the standard scoring.
- ``"points"`` (Trixter trump and bid, every Trix decision but a Trex card alone):
  expected points; a Trixter trump is worth the best bid's points with it; a Trix
  contract the points it gains over an average hand (every contract of a kingdom is
  played once in any case, so the owner should spend this hand where it gains most).
- ``"place"`` (a Trex card, no partnership): the mean finishing place (lower is better);
  each place is worth 50 points (RULES.md A3: 200/150/100/50), so loss = 50 × places
  lost. A **pass** in Trex is never a choice.
- A decision with a single legal choice is ``forced``: loss 0, nothing played out.
- A loss counts as a **mistake** only when the layouts make it clear that the choice is
  worse by at least :data:`TOLERANCE` (1 point; 5% chance of the bid; a fiftieth of a
  Trex place, which is 1 point) at :data:`CLEAR` (95%) confidence: ``sure`` is that
  chance. A smaller or less certain loss keeps its numbers and is called a close call, so
  a choice within the noise of the simulations is never called a mistake.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=1, dealer=3, first_hand=25)
>>> for a in ("trump S", "bid 0", "bid 0", "bid 0", "bid 1"):
...     g.apply(a)
>>> for _ in range(4):
...     g.apply(str(g.legal_actions()[0]))
>>> r = review(g, 3, budget=40)
>>> [d.kind for d in r.decisions], r.decisions[-1].forced
(['trump', 'bid', 'card'], True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.engine.actions import (Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double, NoDouble,
                                  NoRedeal, Pass, Play, parse_action)
from tutor.advice.answer import (CLEAR, TOLERANCE, Option, hint_seconds,
                                 observation_seed, sentence, surely_better)
from tutor.advice.reasons import reason_against
from tutor.engine.facts import fixed
from tutor.engine.i18n import gettext as _, ngettext
from tutor.engine.protocol import Game, Phase
from tutor.engine.trix.contracts import TREX_POINTS
from tutor.review.words import action_words, number_words, value_words, versus_average
from tutor.engine.records import from_record
from tutor.advice import advise

__all__ = ["review", "Review", "Decision", "KINDS", "REVIEW_SECONDS", "decision_indices",
           "kind_of"]

KINDS = ("trump", "bid", "card", "contract", "double", "redeal", "pass")
"""The kinds of decision: Trixter's trump, bid and card; Trix's contract, double (or
no double), redeal (a claim or its refusal), card (trick or Trex) and Trex pass."""

REVIEW_SECONDS = 0.05
"""The advice's work per decision in a review, as seconds at its fixed rate of rollouts:
a twentieth of a hint's, so that a whole game of about 200 decisions reviews in seconds."""

SUSPECT = 0.8
"""How sure the first, cheap look must be that a choice lost at least the tolerance before
the review spends more layouts on it. Below it, the cheap look's numbers stand (a close
call at most): the review never accuses on them. Above ``1 - (1 - CLEAR) / choices`` the
cheap look is clear even counting that the best was picked among all the choices (each
compared at that level, the chance that any of them flatters it stays under 5%): in Trix a
blunder needs no second look; in Trixter it gets one (:data:`CLOSER`)."""

CONFIRM = (6,)
"""The confirming looks at a suspected mistake, as multiples of the first look's work,
each on fresh layouts. A look tests the choice against the best of the look before (named
before its layouts were dealt, so the max of noisy means cannot flatter it); the first
look that cannot tell them apart at :data:`CLEAR` ends it as a close call. Only a mistake
every look confirms is named. One look at six times the work keeps a whole game's review
within 15 s (``benchmarks/review_calibration.py`` measures both)."""

CLOSER, NEAR = 20, 3
"""Trixter's tree rates its best choice too well on few iterations, before the other
seats' answers to it are found (a lead made the bid 89% of the time against 47% for the
card played on the first look, 86% against 72% at six times its work, 79% against 77% at
eighty times), and more layouts of the same small tree only make that surer. So in
Trixter no mistake is named on the first look alone, and one the confirming look finds by
less than ``NEAR`` tolerances gets a last look at ``CLOSER`` times the first's work (a
hint's, in the app), on fresh layouts, whose numbers stand. Over 40 games
(``benchmarks/review_calibration.py``, seeds 0 and 1) the intermediate's named Trixter
mistakes the reference confirms went from 13 of 16 to 10 of 11; a beginner's whole game
so far (hands 1-13) reviews in 4.7 s where it took 2.6 (``benchmarks/review_time.py``)."""

TREX_POINTS_PER_PLACE = TREX_POINTS[0] - TREX_POINTS[1]  # RULES.md A3: 200, 150, 100, 50

# CLEAR, TOLERANCE and surely_better are the advice's (tutor.advice.answer), which says
# "about equal" by the same measure.


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
    sure: float | None = None  # how surely the best beats the choice by TOLERANCE
    # (a loss only)
    why: str | None = None  # why the best beats the choice (a loss with a reason only)
    # A close call whose choice leaves the seat further ahead of the others than the best
    # does (the hint's way of choosing among equals, MARGIN_FIRST): by how many points.
    ahead: float | None = None

    @property
    def is_mistake(self) -> bool:
        """Judged, and the layouts make it clear that the choice lost at least the
        tolerance (see :data:`CLEAR`, :data:`TOLERANCE`)."""
        return self.judged and self.loss > 0 and (self.sure is None or self.sure >= CLEAR)

    @property
    def close_call(self) -> bool:
        """A loss the layouts cannot tell from noise: not counted as a mistake."""
        return self.judged and self.loss > 0 and not self.is_mistake

    @property
    def finer(self) -> bool:
        """A loss whose two values would read alike at the table's rounding ("the 4♥ in
        17%; the J♥ in 17%"): the table and the line show this decision's values one
        decimal finer, so the learner sees the difference the review weighed."""
        cv, bv = self.chosen_value, self.best_value
        if not self.judged or self.forced or self.loss <= 0 or cv is None or bv is None:
            return False
        return value_words(cv, self.unit) == value_words(bv, self.unit)

    def words(self, x: float | None) -> str:
        """One of this decision's values as its table and its line show it."""
        if self.kind == "contract":
            return versus_average(x, self.finer)
        return value_words(x, self.unit, self.finer)

    def explain(self) -> str:
        """One line a learner reads (with a note when the loss is a close call), then why
        the best beats the choice when an idea of the game says so (``why``).

        Every number in it is the one the review's table shows (:func:`value_words`).

        >>> Decision(index=9, hand=1, trick=1, kind="card", chosen="AS", best="QS",
        ...          chosen_value=0.0, best_value=1.0, unit="chance", loss=16.0).explain()
        'Hand 1, trick 1: A♠ made your bid in 0% of layouts; the Q♠ in 100%.'
        >>> Decision(index=2, hand=3, trick=None, kind="bid", chosen="bid 2", best="bid 1",
        ...          chosen_value=4.1, best_value=8.3, unit="points", loss=4.2).explain()
        'Hand 3: bidding 2 scored +4.1 on average; bidding 1 would have scored +8.3.'
        """
        line = self._line()
        if self.close_call:
            # Translators: {line} is a review line without its final full stop.
            line = _("{line}: a close call on these layouts, not counted as a mistake.").format(
                line=line[:-1])
            if self.ahead:
                line = f"{line} {self.ahead_note()}"
        return f"{line} {self.why}" if self.why else line

    def ahead_note(self) -> str:
        """Why a close call's choice is as good (and why the hint may have named it): it
        leaves the seat further ahead of the others; the gap as the hint says it."""
        if not self.ahead:
            return ""
        # Translators: after a close call, of the learner's choice.
        return _("Yours leaves you {gap} points further ahead of the others.").format(
            gap=fixed(self.ahead))

    def _line(self) -> str:
        # In every line: {where} is where the decision was ("Hand 3, trick 2"), {chosen}
        # and {best} actions ("A♠", "bidding 2"), the values as the review's table has them.
        where = self._where()
        chosen = action_words(self.chosen)
        if not self.judged:
            # Translators: {where} is where the decision was ("Hand 3, trick 2"), {chosen}
            # an action ("A♠", "bidding 2"), {reason} why the review could not weigh it.
            return _("{where}: {chosen} was not judged: {reason}.").format(
                where=where, chosen=chosen, reason=self.reason)
        if self.forced:
            if self.kind == "pass":
                return _("{where}: no card of yours fitted the layout, so you passed.").format(
                    where=where)
            return _("{where}: {chosen} was your only choice.").format(where=where,
                                                                         chosen=chosen)
        cv, bv, best = self.chosen_value, self.best_value, action_words(self.best)
        if self.unit == "chance":
            if self.loss <= 0:
                return _("{where}: {chosen} made your bid in {chance} of layouts; no card did "
                         "better.").format(where=where, chosen=chosen, chance=self.words(cv))
            return _("{where}: {chosen} made your bid in {chance} of layouts; the {best} in "
                     "{best_chance}.").format(where=where, chosen=chosen, chance=self.words(cv),
                                              best=best, best_chance=self.words(bv))
        if self.unit == "place":
            if self.loss <= 0:
                return _("{where}: {chosen} finished you in {place} on average; nothing did "
                         "better.").format(where=where, chosen=chosen, place=self.words(cv))
            return _("{where}: {chosen} finished you in {place} on average; {best} in "
                     "{best_place}, worth {points} points more.").format(
                where=where, chosen=chosen, place=self.words(cv), best=best,
                best_place=self.words(bv),
                points=number_words(self.loss, 2 if self.finer else 1))
        return self._points_line(where, chosen, best)

    def _points_line(self, where: str, chosen: str, best: str) -> str:
        """The line of a decision weighed in points: a contract, a trump, a bid, a card."""
        cv, bv = self.chosen_value, self.best_value
        if self.kind == "contract":
            # The value is the gain over an average hand (see the module docstring).
            if self.loss <= 0:
                return _("{where}: {chosen} scored {gain}: no contract left did better.").format(
                    where=where, chosen=chosen, gain=self.words(cv))
            return _("{where}: {chosen} scored {gain}; {best} would have scored "
                     "{best_gain}.").format(where=where, chosen=chosen, gain=self.words(cv),
                                            best=best, best_gain=self.words(bv))
        if self.kind == "trump":
            if self.loss <= 0:
                return _("{where}: with {chosen} your best bid scored {points} on average: no "
                         "trump did better.").format(where=where, chosen=chosen,
                                                     points=self.words(cv))
            return _("{where}: with {chosen} your best bid scored {points} on average; with "
                     "{best}, {best_points}.").format(where=where, chosen=chosen,
                                                      points=self.words(cv), best=best,
                                                      best_points=self.words(bv))
        if self.loss <= 0:
            return _("{where}: {chosen} scored {points} on average; nothing did better.").format(
                where=where, chosen=chosen, points=self.words(cv))
        return _("{where}: {chosen} scored {points} on average; {best} would have scored "
                 "{best_points}.").format(where=where, chosen=chosen, points=self.words(cv),
                                          best=best, best_points=self.words(bv))

    def _where(self) -> str:
        hand = self.game == "trixter"
        if self.trick is not None:
            # Translators: where a decision was, at the start of a review line; Trixter
            # plays hands, Trix deals; "Trex" is the name of a Trix contract.
            return (_("Hand {hand}, trick {trick}") if hand else
                    _("Deal {hand}, trick {trick}")).format(hand=self.hand, trick=self.trick)
        if self.unit == "place" or self.kind == "pass":
            return (_("Hand {hand}, Trex") if hand else _("Deal {hand}, Trex")).format(
                hand=self.hand)
        return (_("Hand {hand}") if hand else _("Deal {hand}")).format(hand=self.hand)


@dataclass
class Review:
    """A seat's whole game, judged decision by decision (see the module docstring)."""

    game: str
    seat: int
    decisions: list[Decision]
    mistakes: list[Decision]
    scores: list[list[int | None]]
    players: list[str] = field(default_factory=list)
    budget: int | None = None  # rollouts per decision, or None: ``per_decision`` seconds
    per_decision: float = REVIEW_SECONDS
    seed: int = 0
    seconds: float = 0.0

    @property
    def lost(self) -> float:
        """Points lost in all judged decisions."""
        return sum(d.loss for d in self.mistakes)

    def summary(self) -> str:
        """A few lines: what was judged, what the mistakes cost, the biggest ones."""
        name = (self.players[self.seat] if self.seat < len(self.players)
                else _("seat {seat}").format(seat=self.seat))
        judged = sum(d.judged for d in self.decisions)
        n = len(self.decisions)
        # Translators: the review's first line; {game} is "Trixter" or "Trix". English says
        # "decisions" for any count.
        lines = [ngettext("{name} ({game}): {n} decisions, {judged} judged.",
                          "{name} ({game}): {n} decisions, {judged} judged.", n).format(
            name=name, game="Trixter" if self.game == "trixter" else "Trix", n=n,
            judged=judged)]
        if not self.mistakes:
            lines.append(_("No judged decision lost points."))
        else:
            n = len(self.mistakes)
            # "The biggest:" apart: the review page shows the line without it (its own
            # list of the mistakes stands beside it).
            cost = ngettext("{n} mistake cost about {points} points in all.",
                            "{n} mistakes cost about {points} points in all.", n).format(
                n=n, points=f"{self.lost:.0f}")
            # Translators: after the line of what the mistakes cost; their list follows.
            biggest = _("The biggest:")
            lines.append(f"{cost} {biggest}")
            lines += ["  " + d.explain() for d in self.mistakes[:3]]
        close = sum(d.close_call for d in self.decisions)
        if close:
            lines.append(ngettext("{n} close call: another choice did a little better on these "
                                  "layouts, too little to call a mistake.",
                                  "{n} close calls: another choice did a little better on "
                                  "these layouts, too little to call a mistake.",
                                  close).format(n=close))
        skipped = sum(not d.judged for d in self.decisions)
        if skipped:
            lines.append(ngettext("{n} not judged (no layout fitted what you had seen).",
                                  "{n} not judged (no layout fitted what you had seen).",
                                  skipped).format(n=skipped))
        if self.scores and self.scores[-1][self.seat] is not None:
            lines.append(_("Final score: {score}.").format(
                score=number_words(self.scores[-1][self.seat])))
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


def review(record: dict[str, Any] | Game, seat: int, *, seconds: float = REVIEW_SECONDS,
           budget: int | None = None, seed: int = 0,
           progress: Callable[[int, int], Any] | None = None,
           hint_budget: int | None = None) -> Review:
    """Judge every decision of ``seat`` in the game ``record`` (see the module docstring).

    A decision taken after a hint (the record's ``"hinted"``) is weighed as the hint
    weighed it: the hint's budget (:func:`~tutor.advice.answer.hint_seconds`, or ``hint_budget``
    rollouts for a table that asked with a budget) and its seed, drawn from the seat's
    view, so the review shows the very evaluation the learner was shown."""

    start = time.perf_counter()
    if isinstance(record, Game):
        record = record.to_record()
    final = from_record(record)  # refuses a bad record, naming the bad action
    record = final.to_record()  # an older version's record, with what it left unsaid
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.n_players:
        raise ValueError(_("there is no seat {seat} at this table: seats are "
                           "0..{last}").format(seat=repr(seat), last=final.n_players - 1))
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int)
                               or budget < 1):
        raise ValueError("budget is a whole number of rollouts, at least 1")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise ValueError("seconds must be a positive number")
    name = final.KIND
    actions = record["actions"]
    mine = decision_indices(actions, seat)
    if progress is not None:
        progress(0, len(mine))
    game = type(final).from_record({**record, "actions": []})
    decisions = []
    wanted, hinted = set(mine), set(record.get("hinted", ()))
    for i, (s, text) in enumerate(actions):
        if i in wanted:
            hint = i in hinted  # weighed as the hint weighed it: its budget, its seed
            judge = _Judge(game, seat, parse_action(text), i,
                           seconds=hint_seconds() if hint else seconds,
                           budget=hint_budget if hint else budget,
                           seed=observation_seed(game.observe(seat)) if hint
                           else seed * 1_000_003 + i, game_name=name, hinted=hint)
            decisions.append(judge.decision())
            if progress is not None:
                progress(len(decisions), len(mine))
        game.apply(text, seat=s)
    mistakes = sorted((d for d in decisions if d.is_mistake),
                      key=lambda d: (-d.loss, d.index))
    scores = [list(row["totals"]) for row in final.score_sheet() if row.get("redeal") is None]
    return Review(game=name, seat=seat, decisions=decisions, mistakes=mistakes, scores=scores,
                  players=list(final.names), budget=budget, per_decision=float(seconds),
                  seed=seed, seconds=time.perf_counter() - start)


class _Judge:
    """Weighs one action of ``seat`` in ``game`` as it stood just before it."""

    def __init__(self, game, seat: int, action, index: int, *, seconds: float,
                 budget: int | None, seed: int, game_name: str, hinted: bool = False) -> None:
        self.game = game
        self.hinted = hinted
        self.seat = seat
        self.action = action
        self.seconds = seconds
        self.budget = budget
        self.seed = seed
        self.base = dict(index=index, hand=game.hand_number if game_name == "trixter"
                         else game.deal_number,
                         trick=len(game.tricks) + 1 if game.phase == Phase.PLAY else None,
                         chosen=str(action), game=game_name)

    def decision(self) -> Decision:
        """The decision judged cheaply; a suspected mistake is looked at again on fresh,
        larger sets of layouts (:data:`CONFIRM`, in Trixter :data:`CLOSER` too) until it is
        confirmed or is a close call. A hinted decision keeps the hint's own evaluation."""
        kind = kind_of(self.action)
        choices = self._choices(kind)
        if len(choices) <= 1 or kind == "pass":
            return Decision(**self.base, kind=kind, best=str(self.action), chosen_value=None,
                            best_value=None, unit=self._unit(kind), loss=0.0,
                            alternatives=[(str(self.action), None)], forced=True)
        try:
            d, advice = self._look(kind)
            tree = self.game.KIND == "trixter"
            settled = self.hinted or not d.loss > 0 or (d.sure or 0) < SUSPECT \
                or (not tree and (d.sure or 0) >= 1 - (1 - CLEAR) / len(choices))
            for k, scale in enumerate(() if settled else CONFIRM, 1):
                d, advice = self._look(kind, scale=scale, seed=self.seed + 7919 * k,
                                       against=d.best)
                if not d.is_mistake:
                    break
            if tree and d.is_mistake and not settled and \
                    abs(d.best_value - d.chosen_value) < NEAR * TOLERANCE[d.unit]:
                d, advice = self._look(kind, scale=CLOSER, seed=self.seed + 7919 * 9,
                                       against=d.best)
        except _NotJudged as e:
            return self._not_judged(kind, str(e))
        # Why, once, from the look that stands (not from each look a later one replaced).
        return replace(d, why=self._why(advice, kind, d.best)) if d.loss > 0 else d

    def _look(self, kind: str, scale: int = 1, seed: int | None = None,
              against: str | None = None):
        """One look at the decision and its advice: ``scale`` times the review's work, on
        the layouts of ``seed``; ``sure`` tests the choice against ``against`` (else this
        look's best)."""
        rows, unit, per_unit, advice = self._weigh(kind, scale, self.seed if seed is None
                                                   else seed)
        values = dict(rows)
        chosen = str(self.action)
        if chosen not in values:  # pragma: no cover - every legal choice is weighed
            raise _NotJudged(_("the review found no value for this action"))
        best, best_value = rows[0]
        # Means of the same layouts: round so that equal results give a loss of exactly 0,
        # and so do values that read alike even a decimal finer (0.4% and 0.4%): a loss
        # the learner cannot see in the numbers is none.
        loss = round(abs(best_value - values[chosen]) * per_unit, 6)
        if loss <= 0 or (value_words(best_value, unit, True)
                         == value_words(values[chosen], unit, True)):
            return Decision(**self.base, kind=kind, best=chosen, chosen_value=values[chosen],
                            best_value=values[chosen], unit=unit, loss=0.0,
                            alternatives=rows), advice
        # How surely the rival beats the choice by the tolerance (a place: lower is better).
        rival = against if against in values and against != chosen else best
        better, worse = (chosen, rival) if unit == "place" else (rival, chosen)
        sure = surely_better(advice, better, worse, TOLERANCE[unit])
        return Decision(**self.base, kind=kind, best=best, chosen_value=values[chosen],
                        best_value=best_value, unit=unit, loss=loss, alternatives=rows,
                        sure=round(sure, 6), ahead=_ahead(advice, chosen, best)), advice

    def _why(self, advice, kind: str, best: str) -> str | None:
        """Why ``best`` (the review's best of this kind, which the advice may have put
        second: :func:`_Judge._weigh`) beats the action taken, from the seat's view at the
        decision and the review's own advice of it (its layouts): the game's idea, or
        ``None``. Not an idea the review's line already says with the same numbers
        (:data:`SAID_BY_THE_LINE`)."""
        options = sorted((o for o in advice.options if kind_of(o.action) == kind),
                         key=lambda o: str(o.action) != best)  # stable: the rest in order
        found = reason_against(self.game.observation(self.seat),
                               replace(advice, options=options), self.action)
        if found is None or found.idea.name in SAID_BY_THE_LINE:
            return None
        return sentence(found.text)

    def _not_judged(self, kind: str, reason: str) -> Decision:
        return Decision(**self.base, kind=kind, best=str(self.action), chosen_value=None,
                        best_value=None, unit=self._unit(kind), loss=0.0, alternatives=[],
                        judged=False, reason=reason)

    def _unit(self, kind: str) -> str:
        """The unit a forced or unjudged decision of this kind would be weighed in."""
        if self.game.phase == Phase.TREX:
            return "place"
        if kind == "card" and self.game.KIND == "trixter":
            return "chance"
        return "points"

    def _choices(self, kind: str) -> list:
        """The legal actions of the same kind as the one taken (Trixter's legal list
        also holds take-backs of an earlier bid or trump)."""
        return [a for a in self.game.legal_actions(self.seat) if kind_of(a) == kind]

    def _weigh(self, kind: str, scale: int, seed: int):
        """Each choice of this kind with its value, best first; the values' unit; the
        points a unit is worth; the advice (each choice's results on its layouts)."""

        g = self.game
        try:
            a = advise(g.observation(self.seat), seconds=self.seconds * scale, seed=seed,
                       budget=None if self.budget is None else self.budget * scale)
        except ValueError as e:
            raise _NotJudged(str(e)) from e
        if kind == "trump" and g.phase == Phase.BID:
            a = _trump_kept(a, g.trump)
        rows = [(str(o.action), o.value) for o in a.options if kind_of(o.action) == kind]
        # Best first by the value the review shows: the advice may put first, among choices
        # about equal, the one further ahead of the table (MARGIN_FIRST), and a review that
        # called +8.5 the best beside +8.9 would name a loss where the choice scored more.
        rows.sort(key=lambda r: (r[1] if a.kind == "place" else -r[1]))
        if a.kind == "chance":
            per_unit = _bid_swing(g, g.bids[self.seat])
        elif a.kind == "place":
            per_unit = TREX_POINTS_PER_PLACE
        else:
            per_unit = 1.0
        return rows, a.kind, per_unit, a


SAID_BY_THE_LINE = {"close-call", "no_difference"}
"""The ideas that only say two choices do about as well (Trixter's, Trix's): a close call's
line says so already, with the same numbers."""


def _trump_kept(advice, trump):
    """A change of trump at the dealer's bid, weighed against keeping the trump named too,
    so that a change to a worse trump is not "no trump did better". Keeping it is worth
    what the trump was worth when named: the bid its tree tried most (the advice's bids
    are that tree's; :func:`tutor.advice.trixter._by_trump`)."""
    bids = [o for o in advice.options if isinstance(o.action, Bid)]
    kept = ChooseTrump(trump)
    if not bids or any(o.action == kept for o in advice.options):
        return advice
    top = max(bids, key=lambda o: len(advice.per.get(str(o.action), ())))
    key = str(top.action)
    return replace(advice, options=[*advice.options, Option(kept, top.value, top.text)],
                   per={**advice.per, str(kept): advice.per[key]},
                   features={**advice.features, str(kept): advice.features.get(key, {})})


def _ahead(advice, chosen: str, best: str) -> float | None:
    """How much further ahead of the others ``chosen`` leaves the seat than ``best``
    (:meth:`~tutor.advice.answer.Advice.further_ahead`), where the two are about equal in
    points; else ``None``."""
    if advice.kind != "points":
        return None
    values = {str(o.action): o.value for o in advice.options}
    if values[best] - values[chosen] >= TOLERANCE["points"]:
        return None
    gap = advice.further_ahead(chosen, best)
    return None if gap is None else round(gap, 6)


class _NotJudged(Exception):
    """A decision the review does not weigh; the message says why."""


def kind_of(action) -> str:
    """The kind of decision an action is (one of :data:`KINDS`)."""
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


def _bid_swing(game, bid: int) -> float:
    """Points between making ``bid`` and missing it by one trick (the kindest miss),
    so a chance of the bid lost converts to points.

    >>> from tutor.engine.trixter import TrixterGame
    >>> _bid_swing(TrixterGame.new(players=4, seed=0, first_hand=3), 1)
    16
    """
    rules = game.rules
    misses = [rules.score(bid, t) for t in (bid - 1, bid + 1) if 0 <= t <= game.hand_size]
    return rules.score(bid, bid) - max(misses)

