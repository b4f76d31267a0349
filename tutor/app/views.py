"""What a page receives: the one function from a seat's view to the JSON every widget of
a table draws (:func:`views_of`), used by the play pages, the review, the puzzles, the
lessons and the tables of people; and its schema (:data:`VIEW_SCHEMA`), declared here as
the messages a page sends back are in ``widgets/messages.py``, with the one check of it
(:func:`check_views`).

>>> from tutor import TrixterGame
>>> check_views(learner_views(TrixterGame.new(players=4, seed=1), seat=0))
[]
>>> check_views({**learner_views(TrixterGame.new(players=4, seed=1), seat=0), "show_trex": 1})
['show_trex: not true or false']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tutor.app.words import round_words
from tutor.engine.actions import parse_action
from tutor.engine.cards import Card
from tutor.engine.facts import view_facts
from tutor.engine.protocol import Game, Phase
from tutor.engine.seats import direction

__all__ = ["learner_views", "views_of", "VIEW_SCHEMA", "PUZZLE_LEAVES_OUT", "check_views",
           "check_part"]


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
    # the words under each seat's name (tutor.engine.facts); a puzzle brings its own, from
    # the position's bids and hands left, which a puzzle's view does not hold
    view["facts"] = obs["facts"] if "facts" in obs else view_facts(obs)
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



# --- the schema ------------------------------------------------------------------------
# Each kind of value a view's field holds: a test of the value, and the words for one
# that fails it. Card and action texts are parsed, so a field can only carry a real one.

def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _parses(parse: Callable[[str], Any]) -> Callable[[Any], bool]:
    def ok(v: Any) -> bool:
        try:
            parse(v)
        except (ValueError, TypeError, AttributeError):
            return False
        return isinstance(v, str)
    return ok


_card = _parses(Card.parse)
_action = _parses(parse_action)


def _list_of(ok: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, list) and all(ok(x) for x in v)


def _or_none(ok: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: v is None or ok(v)


def _play(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and _is_int(v[0]) and _card(v[1])


_KINDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "int": (_is_int, "not a whole number"),
    "int?": (_or_none(_is_int), "not a whole number or null"),
    "bool": (lambda v: isinstance(v, bool), "not true or false"),
    "text": (lambda v: isinstance(v, str), "not a text"),
    "text?": (_or_none(lambda v: isinstance(v, str)), "not a text or null"),
    "texts": (_list_of(lambda v: isinstance(v, str)), "not a list of texts"),
    "texts?": (_or_none(_list_of(lambda v: isinstance(v, str))), "not a list of texts or null"),
    "ints": (_list_of(_is_int), "not a list of whole numbers"),
    "ints?": (_or_none(_list_of(_is_int)), "not a list of whole numbers or null"),
    "bids": (_list_of(_or_none(_is_int)), "not a list of bids (whole numbers or null)"),
    "numbers": (_list_of(lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)),
                "not a list of numbers"),
    "cards": (_list_of(_card), "not a list of cards"),
    "card lists": (_list_of(_list_of(_card)), "not a list of lists of cards"),
    "plays": (_list_of(_play), "not a list of [seat, card] plays"),
    "tricks": (_list_of(_list_of(_play)), "not a list of tricks"),
    "actions": (_list_of(_action), "not a list of actions"),
    "history": (_list_of(lambda v: isinstance(v, list) and len(v) == 2 and _is_int(v[0])
                         and _action(v[1])), "not a list of [seat, action] steps"),
    "doubles": (_list_of(lambda v: isinstance(v, list) and len(v) == 2 and _card(v[0])
                         and _is_int(v[1])), "not a list of [card, seat] doubles"),
    "hands": (lambda v: isinstance(v, dict) and all(
        isinstance(k, str) and k.isdigit() and _list_of(_card)(x) for k, x in v.items()),
        "not an object of seat -> cards"),
    "facts": (_list_of(_list_of(lambda v: isinstance(v, str))),
              "not a list of each seat's facts"),
    "info": (_list_of(lambda v: isinstance(v, list) and len(v) == 2
                      and all(isinstance(x, str) for x in v)), "not a list of [name, text]"),
    "object": (lambda v: isinstance(v, dict), "not an object"),
    "object?": (_or_none(lambda v: isinstance(v, dict)), "not an object or null"),
    "rows": (_list_of(lambda v: isinstance(v, dict)), "not a list of rows"),
}

_COMMON = {"game": "text", "seat": "int", "players": "texts", "phase": "text",
           "to_move": "int?", "dealer": "int", "hand": "cards", "hand_counts": "ints",
           "leader": "int?", "trick": "plays", "tricks": "tricks", "tricks_won": "ints",
           "scores": "ints", "legal": "actions", "history": "history", "rules": "object",
           "direction": "text", "facts": "facts"}

VIEW_SCHEMA: dict[str, Mapping[str, str]] = {
    # the table's view (``views_of(...)["table"]``, also the bid panel's), by game
    "trixter": {**_COMMON, "hand_number": "int", "hand_size": "int", "peak": "int",
                "jokers": "int", "hands_left": "int", "first_leader": "int?",
                "last_bidder": "int?", "trump": "text?", "trump_name": "text?",
                "bids": "bids", "led_suit": "text?", "ratings": "numbers",
                "hands_played": "ints", "last_hand": "object?"},
    "trix": {**_COMMON, "kingdom": "int", "owner": "int", "owner_by_seven": "bool",
             "deal_number": "int", "contract": "texts", "contracts_left": "texts",
             "taken": "card lists", "doubles": "doubles", "public": "object",
             "redeal_claim": "int?", "layout": "object", "out": "ints", "passes": "ints",
             "team_scores": "ints?", "last_deal": "object?", "round": "object?"},
    # what a page may add: the play page's setup line; a puzzle's mark and its goal
    "extra": {"setup": "text", "puzzle": "bool", "info": "info"},
    # the other parts beside the table
    "parts": {"open_hands": "hands", "bids": "object", "trex": "object", "show_trex": "bool",
              "scores": "object"},
    "trex": {"game": "text", "seat": "int", "players": "texts", "phase": "text",
             "to_move": "int?", "layout": "object?", "out": "ints?", "passes": "ints?",
             "owner": "int?", "contract": "texts?"},
    "scores": {"game": "text", "seat": "int", "players": "texts", "rows": "rows",
               "scores": "ints", "team_scores": "ints?", "phase": "text"},
    # what the table shows beside the game: the hint (tutor.app.hints.hint_words, or
    # ``{"thinking": true}`` while it is worked out), the result, a saved game's offer
    "hint": {"step": "int", "steps": "int", "stale": "bool", "idea": "text", "title": "text",
             "why": "text", "options": "rows", "more": "int", "measure": "text",
             "line": "text", "note": "text", "button": "text", "thinking": "bool"},
    "result": {"title": "text", "rows": "rows", "words": "texts"},
    "offer": {"title": "text", "text": "text"},
}
"""Every field a page's views may hold, by part, and the kind of value in it."""

PUZZLE_LEAVES_OUT = frozenset({
    "dealer", "history", "rules", "hand_number", "hand_size", "peak", "jokers",
    "hands_left", "first_leader", "last_bidder", "trump_name", "bids", "led_suit", "ratings",
    "hands_played", "last_hand", "kingdom", "owner", "owner_by_seven", "deal_number",
    "contracts_left", "public", "redeal_claim", "team_scores", "last_deal", "round",
    "leader", "trick", "tricks", "tricks_won", "contract", "doubles", "taken", "layout",
    "out", "passes", "trump"})
"""The fields a puzzle's table view may lack: a puzzle is a position, not a whole game
(no record, no score sheet), and its Trex positions have no tricks."""


def _check(part: str, value: Any, fields: Mapping[str, str],
           optional: frozenset[str] = frozenset()) -> list[str]:
    """``value``'s problems against ``fields`` (``part.`` before each field's name)."""
    if not isinstance(value, dict):
        return [f"{part.rstrip('.')}: not an object"]
    problems = [f"{part}{k}: missing" for k in fields if k not in value and k not in optional]
    for k, v in value.items():
        if k not in fields:
            problems.append(f"{part}{k}: not a field of the schema")
            continue
        ok, words = _KINDS[fields[k]]
        if not ok(v):
            problems.append(f"{part}{k}: {words}")
    return problems


def check_part(part: str, value: Any, puzzle: bool = False) -> list[str]:
    """What in one part of a page's views (``table``, ``bids``, ``open_hands``, ``trex``,
    ``show_trex``, ``scores``, ``hint``, ``result``, ``offer``) the schema does not allow,
    in words. An empty ``hint``, ``result`` or ``offer`` is none shown."""
    if part in ("table", "bids"):
        game = value.get("game") if isinstance(value, dict) else None
        if game not in ("trixter", "trix"):
            return [f"{part}.game: not a game the tutor plays"]
        optional = frozenset(VIEW_SCHEMA["extra"]) | (PUZZLE_LEAVES_OUT if puzzle
                                                       else frozenset())
        if game == "trix":
            optional |= {"round"}  # set in the round only
        return _check(f"{part}.", value, {**VIEW_SCHEMA[game], **VIEW_SCHEMA["extra"]},
                      optional)
    if part in ("open_hands", "show_trex"):
        ok, words = _KINDS[VIEW_SCHEMA["parts"][part]]
        return [] if ok(value) else [f"{part}: {words}"]
    if part == "hint" and value == {"thinking": True}:
        return []
    if part in ("hint", "result", "offer") and value == {}:
        return []
    fields = VIEW_SCHEMA[part]
    optional = frozenset({"thinking"}) if part == "hint" else frozenset()
    return _check(f"{part}.", value, fields, optional)


def check_views(views: Mapping[str, Any], puzzle: bool = False) -> list[str]:
    """What in ``views`` (:func:`views_of`'s result) the schema does not allow, in words;
    ``[]`` when all of it is as declared. ``puzzle``: a puzzle's views, which may lack
    :data:`PUZZLE_LEAVES_OUT`, the bid panel and the score sheet."""
    parts = ("table", *VIEW_SCHEMA["parts"])
    may_lack = ("bids", "scores") if puzzle else ()
    problems = [f"{k}: missing" for k in parts if k not in views and k not in may_lack]
    problems += [f"{k}: not a part of the schema" for k in views if k not in parts]
    for part in parts:
        if part in views:
            problems += check_part(part, views[part], puzzle)
    return problems
