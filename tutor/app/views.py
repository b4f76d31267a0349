"""What a page receives: the one function from a seat's view to the JSON every widget of
a table draws (:func:`views_of`), used by the play pages, the review, the puzzles, the
lessons and the tables of people."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tutor.app.words import round_words
from tutor.engine.facts import view_facts
from tutor.engine.protocol import Game, Phase
from tutor.engine.seats import direction

__all__ = ["learner_views", "views_of"]


def learner_views(game: Game, seat: int, opened: Iterable[int] = ()) -> dict[str, Any]:
    """What each widget may show the learner at ``seat``: built from ``game.observe(seat)``,
    the public score sheet, and the hands of the ``opened`` seats only. Every controller
    (this one, a puzzle board) fills its widgets from here, so no other path reaches them.

    >>> from tutor import TrixGame
    >>> v = learner_views(TrixGame.new(seed=1), seat=2)
    >>> sorted(v), v["table"]["seat"], v["open_hands"], v["show_trex"]
    (['bids', 'open_hands', 'scores', 'show_trex', 'table', 'trex'], 2, {}, False)
    """
    return views_of(game.observe(seat), game.score_sheet(),
                    {str(s): game.observe(s)["hand"] for s in opened
                     if s != seat and 0 <= s < game.n_players})


def views_of(obs: dict[str, Any], sheet: list[dict[str, Any]],
             open_hands: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """:func:`learner_views` from a seat's view as a message carries it (``obs``, the JSON
    of ``game.observe(seat)``), the public score ``sheet`` and the hands shown face up: what
    a page at a table of people builds from what the table service sends it."""
    trix = obs["game"] == "trix"
    seat = obs["seat"]
    view = dict(obs)
    view["direction"] = direction(obs["game"])
    view["facts"] = view_facts(obs)  # the words under each seat's name (tutor.engine.facts)
    if trix:  # the round's words, from the contract only (never from whose cards allow what)
        view["round"] = round_words(obs) if obs["phase"] == Phase.DOUBLE.value else None
    return {
        "table": view,
        "open_hands": dict(open_hands or {}),
        "bids": view,
        "trex": {k: obs.get(k) for k in ("game", "seat", "players", "phase", "to_move",
                                         "layout", "out", "passes", "owner", "contract")},
        "show_trex": trix and "trex" in obs["contract"],
        "scores": {"game": obs["game"], "seat": seat, "players": obs["players"],
                   "rows": sheet, "scores": obs["scores"],
                   "team_scores": obs.get("team_scores"), "phase": obs["phase"]},
    }

