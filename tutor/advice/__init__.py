"""Advice for every decision of both games: what should this seat do now, and why?

:func:`advise` answers for the seat to move, from what that seat may know only
(``game.observation(seat)`` and the public record, through
:func:`tutor.solver.hidden.view_of`): Trixter trump, bid and card; Trix contract, double,
redeal claim, trick card, Trex card or pass.

The player model: every seat plays for **its own** score. In Trixter each other seat
plays to make its own bid (the bid it said, or before it has spoken the bid its hand
suggests, :func:`tutor.search.estimate.estimate_tricks`); in Trix each avoids its own
penalties (its team's in partnership), and in Trex plays to go out first. The advice
deals the cards the seat cannot see at random in ways consistent with its view, and
plays to the end of the hand with the beginner's strategy for every seat (on card masks,
:mod:`tutor.search.policy`),
scoring with the game's own tables (:meth:`TrixterRules.score`,
:func:`tutor.engine.trix.contracts.deal_points`). In Trix every option is played out on the
same layouts (common random numbers), so the differences are the options'. In Trixter
an information-set tree search (:func:`tutor.search.tree.search`, informed by that
policy) also weighs the other seats' answers and the seat's own later choices: each
option's numbers come from the iterations through it. There the layouts are drawn by how
likely the bids said are with them, and the seats yet to bid bid by the hand each layout
deals them (:func:`tutor.search.tree.likely_bid`).

Work is counted in rollouts (``budget``; in Trixter, tree iterations of one rollout
each): the same game and seed give the same advice on any machine; ``seconds`` converts
to a budget at a fixed, measured rate. ``Advice.sure`` says how sure the ranking of the
best two options is, from how much their results vary over the layouts.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> for a in ("trump S", "bid 1", "bid 0", "bid 1", "bid 0"):
...     g.apply(a)
>>> a = advise(g, budget=60)
>>> a.kind, str(a.best) in [str(x) for x in g.legal_actions()]
('chance', True)
"""

from __future__ import annotations

import time

from tutor.advice.answer import Advice, work_for
from tutor.advice.reasons import reason_for
from tutor.advice.trex import trex_advice
from tutor.advice.trix import card_advice, contract_advice, round_advice
from tutor.advice.trixter import trixter_advice
from tutor.engine.observation import Observation
from tutor.engine.protocol import Phase
from tutor.search.last_tricks import endplay_cost

__all__ = ["advise"]

# Each decision of Trix by its phase (Trixter's are all the tree's).
_TRIX = {Phase.CHOOSE_CONTRACT: contract_advice, Phase.DOUBLE: round_advice,
         Phase.TREX: trex_advice, Phase.PLAY: card_advice}


def advise(view, seat: int | None = None, seconds: float | None = None, seed: int = 0,
           budget: int | None = None, against_table: bool = False) -> Advice:
    """Rank every legal choice of the seat to move from what that seat may know: ``view``
    is its :class:`~tutor.engine.observation.Observation` (what every caller in the app
    passes, and all a seat at a table of people has). A whole game is taken down to the
    seat's view before anything reads it, so the answer is the view's, byte for byte.
    ``seat``, if given, must be the view's (a game: the mover's, its default). ``budget``
    counts rollouts; ``seconds`` converts to one at a fixed rate. ``against_table``
    (Trixter; the computer players): rank the choices by the seat's lead over the others,
    every seat playing to win the game (:func:`tutor.advice.trixter.trixter_advice`).
    ``ValueError`` when the seat has no decision now or the game is over."""
    start = time.perf_counter()
    game = view
    if game.phase == Phase.GAME_OVER:
        raise ValueError("the game is over: there is nothing to decide")
    if game.phase == Phase.HAND_OVER:
        raise ValueError("the hand is over: nothing to decide until the next is dealt")
    mover = game.to_move
    if seat is None:
        seat = game.seat if isinstance(game, Observation) else mover
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n_players:
        raise ValueError(f"there is no seat {seat!r} at this table")
    if seat != mover:
        names = game.observation(seat).players
        raise ValueError(f"{names[seat]} has no decision now: it is {names[mover]}'s turn")
    if not isinstance(game, Observation):
        game = game.observation(seat)  # the seat's view only, from here on
    legal = list(game.legal_actions(seat))
    if not legal:  # pragma: no cover - the engine always offers the mover something
        raise ValueError("there is nothing to decide here")
    # Trixter's play-outs may play the last tricks exactly (ENDPLAY_CARDS): more work each
    extra = endplay_cost(max(game.hand_counts)) if game.KIND == "trixter" else 0
    work = work_for(game, budget, seconds, extra)
    rng_seed = f"{seed}/advice"
    if game.KIND == "trixter":
        advice = trixter_advice(game, seat, legal, work, rng_seed, against_table)
    else:
        advice = _TRIX.get(game.phase, card_advice)(game, seat, legal, work, rng_seed)
    advice.game = game.KIND
    advice.reason = reason_for(game, advice)
    advice.seconds = time.perf_counter() - start
    return advice
