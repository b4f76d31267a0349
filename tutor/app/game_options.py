"""The choices a learner makes for a new game on the play pages: which options exist,
checking a choice, the game it starts, and the words that name it (DESIGN.md "Sessions":
the widgets only lay these out).

Trixter: 3 to 8 players (the jokers follow, RULES.md B1), the hand of the schedule to
start at, the scoring, the hook, no trump and who leads (part B). Trix: the four modes the
large online rooms offer (standard, partnership, Trix Complex, Trix Complex in
partnership) and the house variants of part A.

>>> from tutor import TrixterGame
>>> opts = check("trixter", {"players": 5, "first_hand": 11, "hook": True})
>>> g = new_game("trixter", opts, seed=1)
>>> g.n_players, g.jokers, g.hand_size
(5, 3, 11)
>>> summary(g)
'Trixter · 5 players · 3 jokers · starts at the peak: 11 cards · 11 hands · hook on'
>>> check("trix", {"mode": "doubles"})
Traceback (most recent call last):
...
tutor.app.game_options.OptionError: mode: choose one of standard, partnership, complex, \
partnership_complex, not 'doubles'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tutor.engine.facts import plural
from tutor.engine.protocol import Game
from tutor.engine.trix import TrixGame, TrixRules
from tutor.engine.trixter import (MAX_PLAYERS, MIN_PLAYERS, TrixterGame, TrixterRules, jokers_for,
                                  peak_for)

__all__ = ["Option", "OptionError", "GAMES", "TRIX_MODES", "options_for", "defaults",
           "options_of", "check", "rules_for", "new_game", "summary", "preview"]

GAMES = ("trixter", "trix")


class OptionError(ValueError):
    """A choice of options that no game has; the text says which and why."""


@dataclass(frozen=True)
class Option:
    """One choice for a new game: its ``name`` (the key in an options dict), the words a
    learner reads (``label``, ``help``) and its ``choices`` as ``(words, value)`` pairs.
    A ``switch`` is on or off (``True``/``False``: a check box)."""

    name: str
    label: str
    choices: tuple[tuple[str, Any], ...] = ()
    switch: bool = False
    help: str = ""


TRIX_MODES: dict[str, tuple[str, dict[str, bool]]] = {
    "standard": ("Standard", {"partnership": False, "combine": False, "complex_only": False}),
    "partnership": ("Partnership", {"partnership": True, "combine": False,
                                    "complex_only": False}),
    "complex": ("Trix Complex", {"partnership": False, "combine": True,
                                 "complex_only": True}),
    "partnership_complex": ("Trix Complex in partnership", {"partnership": True,
                                                            "combine": True,
                                                            "complex_only": True}),
}
"""Trix's modes: the words and the :class:`~tutor.engine.trix.TrixRules` fields each sets (A7,
A8's ``complex`` preset)."""

_SCORINGS = (("exact: 10 + tricks, a miss −5", "exact"),
             ("a miss scores its tricks", "tricks_if_missed"),
             ("squared: 10 + bid², a miss −difference²", "squared"))
_FIRST_LEADS = (("left of the dealer", "left_of_dealer"), ("the dealer", "dealer"))
_KINGDOM_ORDERS = (("to the right, in turn", "rotate"),
                   ("ABBA: right, opposite, last", "abba"))
# The house variants: the option, its label, its words on the table, why.
_TRIX_SWITCHES = (
    ("penalty_discard", "Penalty discard", "penalty discard",
     "a player void in the suit led must throw the K♥, a diamond or a queen (A2)"),
    ("no_heart_lead_in_king", "No heart lead in King of Hearts", "no heart lead in King",
     "a heart may not be led unless the leader holds only hearts (A2)"),
    ("swap_diamonds_ltoosh", "Diamonds −15, tricks −10", "diamonds −15, tricks −10",
     "the Diamonds and Ltoosh scores swapped (A3)"),
    ("reversed_signs", "Reversed signs: lowest total wins", "reversed signs",
     "every score negated (A3)"),
)


def _check_game(game_name: str) -> None:
    if game_name not in GAMES:
        raise OptionError(f"no game {_show(game_name)}: choose one of {', '.join(GAMES)}")


def _first_hand_choices(players: int) -> tuple[tuple[str, int], ...]:
    peak = peak_for(players)
    out = []
    for k in range(1, 2 * peak):
        size = min(k, 2 * peak - k)
        where = ": the peak" if k == peak else ", going down" if k > peak else ""
        out.append((f"{plural(size, 'card')}{where} · {plural(2 * peak - k, 'hand')}", k))
    return tuple(out)


def options_for(game_name: str, chosen: Mapping[str, Any] | None = None) -> list[Option]:
    """The options a learner may choose for ``game_name``, in the order to show them.
    Trixter's first hands depend on the players ``chosen`` (4 if not given).

    >>> [o.name for o in options_for("trixter")]
    ['players', 'first_hand', 'scoring', 'hook', 'allow_no_trump', 'first_lead']
    >>> options_for("trixter", {"players": 8})[1].choices[6]
    ('7 cards: the peak · 7 hands', 7)
    """
    _check_game(game_name)
    if game_name == "trixter":
        players = (chosen or {}).get("players", 4)
        return [
            Option("players", "Players", tuple(
                (f"{n} players · {_jokers(n)}", n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
                help="jokers are added so that the peak hand deals every card (B1)"),
            Option("first_hand", "Start with", _first_hand_choices(players),
                   help="the first hand's cards; the game goes up to the peak and down to 1"),
            Option("scoring", "Scoring", _SCORINGS, help="points for a hand (B4)"),
            Option("hook", "Hook", switch=True,
                   help="the last bidder may not make the bids total the tricks (B2)"),
            Option("allow_no_trump", "The dealer may name no trump", switch=True),
            Option("first_lead", "First lead", _FIRST_LEADS),
        ]
    return [
        Option("mode", "Mode", tuple((words, m) for m, (words, _) in TRIX_MODES.items()),
               help="partners sit opposite; Trix Complex names the four trick contracts together"),
        Option("kingdom_order", "Kingdom order", _KINGDOM_ORDERS,
               help="who owns the next kingdom (A1)"),
        *(Option(name, label, switch=True, help=why) for name, label, _, why in _TRIX_SWITCHES),
    ]


def defaults(game_name: str) -> dict[str, Any]:
    """The options of a game with the default rules (Trixter: 4 players from hand 1)."""
    _check_game(game_name)
    if game_name == "trixter":
        return {"players": 4, "first_hand": 1, **_trixter_fields(TrixterRules())}
    return _trix_fields(TrixRules())


def _trixter_fields(rules: TrixterRules) -> dict[str, Any]:
    return {k: getattr(rules, k) for k in ("scoring", "hook", "allow_no_trump", "first_lead")}


def _trix_mode(rules: TrixRules) -> str:
    # A Combination game (combine without the preset) has no mode of its own here.
    team = "partnership" if rules.partnership else ""
    if rules.complex_only:
        return f"{team}_complex" if team else "complex"
    return team or "standard"


def _trix_fields(rules: TrixRules) -> dict[str, Any]:
    return {"mode": _trix_mode(rules), "kingdom_order": rules.kingdom_order,
            **{name: getattr(rules, name) for name, *_ in _TRIX_SWITCHES}}


def options_of(game: Game) -> dict[str, Any]:
    """The options ``game`` was started with (what :func:`check` and :func:`new_game`
    take): read from its setup, so from a loaded record too."""
    if isinstance(game, TrixterGame):
        return {"players": len(game._setup()["players"]), "first_hand": game.first_hand,
                **_trixter_fields(game.rules)}
    if isinstance(game, TrixGame):
        return _trix_fields(game.rules)
    raise TypeError("options are for a TrixterGame or a TrixGame")


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def check(game_name: str, values: Any, base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every option of a new game: ``values`` (a learner's choices, maybe only some)
    over ``base`` (the options so far; :func:`defaults` if not given). Anything else (an
    unknown name, a value no game has) raises :class:`OptionError` saying which and why.
    When Trixter's players change and ``first_hand`` is not given, the game starts with as
    many cards, going the same way (up, or down from the peak), capped at the new peak; a
    game from the peak starts at the new peak.

    >>> check("trixter", {"players": 7}, base={**defaults("trixter"), "first_hand": 13})
    ... # doctest: +ELLIPSIS
    {'players': 7, 'first_hand': 8, ...}
    >>> check("trixter", {"players": 9})
    Traceback (most recent call last):
    ...
    tutor.app.game_options.OptionError: players: Trixter is for 3 to 8 players, not 9
    """
    _check_game(game_name)
    if not isinstance(values, Mapping):
        raise OptionError("the options are names with their values")
    out = dict(defaults(game_name) if base is None else base)
    known = [o.name for o in options_for(game_name)]
    for name in values:
        if name not in known:
            raise OptionError(f"{game_name.capitalize()} has no option {_show(name)}: its "
                              f"options are {', '.join(known)}")
    old_players = out.get("players")
    out.update(values)
    if game_name == "trixter":
        n = out["players"]
        if isinstance(n, bool) or not isinstance(n, int) \
                or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise OptionError(f"players: Trixter is for {MIN_PLAYERS} to {MAX_PLAYERS} players,"
                              f" not {_show(n)}")
        if "first_hand" not in values and n != old_players and isinstance(old_players, int) \
                and isinstance(out["first_hand"], int):
            out["first_hand"] = _same_start(out["first_hand"], old_players, n)
    for option in options_for(game_name, out):
        value = out[option.name]
        if option.switch:
            if not isinstance(value, bool):
                raise OptionError(f"{option.name} is on or off (true or false), "
                                  f"not {_show(value)}")
        elif not any(type(value) is type(v) and value == v for _, v in option.choices):
            if option.name == "first_hand":
                hands = len(option.choices)
                raise OptionError(f"first_hand: {out['players']} players play {hands} hands: "
                                  f"choose a hand from 1 to {hands}, not {_show(value)}")
            words = ", ".join(str(v) for _, v in option.choices)
            raise OptionError(f"{option.name}: choose one of {words}, not {_show(value)}")
    return out


def _same_start(first_hand: int, players: int, new_players: int) -> int:
    """The hand of the new table's schedule with as many cards, going the same way, capped
    at its peak (as a late joiner's table goes on, RULES.md B4); the peak stays the peak."""
    peak, new_peak = peak_for(players), peak_for(new_players)
    if first_hand == peak:
        return new_peak
    size = min(first_hand, 2 * peak - first_hand, new_peak)
    return size if first_hand < peak and size < new_peak else 2 * new_peak - size


def rules_for(game_name: str, options: Mapping[str, Any],
              base: TrixterRules | TrixRules | None = None) -> TrixterRules | TrixRules:
    """The rules object of ``options`` (already :func:`check`\\ ed); a rule the options do
    not name (Trix's ``doubling``, ``end_early``) is kept from ``base``."""
    if game_name == "trixter":
        rules = base if isinstance(base, TrixterRules) else TrixterRules()
        return dataclasses.replace(rules, **{k: options[k] for k in _trixter_fields(rules)})
    trix = base if isinstance(base, TrixRules) else TrixRules()
    fields = {k: v for k, v in options.items() if k != "mode"}
    return dataclasses.replace(trix, **fields, **TRIX_MODES[options["mode"]][1])


def new_game(game_name: str, options: Mapping[str, Any], seed: int | None = None,
             base: Game | None = None) -> Game:
    """A new game with ``options`` (checked here) and ``seed``. From ``base``, the game
    it follows, it keeps what the options do not choose: the players' names (Trixter: if
    there are as many), the rules not offered, Trix's first owner (a lesson's)."""
    opts = check(game_name, options, base=options_of(base) if base is not None else None)
    setup = base._setup() if base is not None else {}
    rules = rules_for(game_name, opts, getattr(base, "rules", None))
    if game_name == "trixter":
        names = setup.get("players")
        if not isinstance(names, list) or len(names) != opts["players"]:
            names = None
        return TrixterGame.new(players=opts["players"], seed=seed, rules=rules, names=names,
                               first_hand=opts["first_hand"])
    return TrixGame.new(seed=seed, rules=rules, names=setup.get("players"),
                        owner=setup.get("owner"))


def _jokers(n: int) -> str:
    j = jokers_for(n)
    return plural(j, "joker") if j else "no jokers"


def _trixter_words(rules: TrixterRules, players: int, first_hand: int) -> list[str]:
    peak = peak_for(players)
    size = min(first_hand, 2 * peak - first_hand)
    start = f"starts at the peak: {plural(size, 'card')}" if first_hand == peak \
        else f"starts with {plural(size, 'card')}{', going down' if first_hand > peak else ''}"
    words = ["Trixter", f"{players} players", _jokers(players), start,
             plural(2 * peak - first_hand, "hand"), "hook on" if rules.hook else "no hook"]
    if rules.scoring == "tricks_if_missed":
        words.append("a miss scores its tricks")
    elif rules.scoring == "squared":
        words.append("squared scores")
    if rules.allow_no_trump:
        words.append("no trump allowed")
    if rules.first_lead == "dealer":
        words.append("the dealer leads")
    return words


def _trix_words(rules: TrixRules) -> list[str]:
    if rules.combine and not rules.complex_only:
        mode = "Partnership Combination" if rules.partnership else "Combination"
    else:
        mode = TRIX_MODES[_trix_mode(rules)][0]
    words = [mode] if mode.startswith("Trix") else ["Trix", mode]  # not "Trix · Trix …"
    if rules.kingdom_order == "abba":
        words.append("ABBA kingdoms")
    words += [short for name, _, short, _ in _TRIX_SWITCHES if getattr(rules, name)]
    if not rules.doubling:
        words.append("no doubling")
    if not rules.end_early:
        words.append("every trick played")
    return words


def summary(game: Game) -> str:
    """The game's options in one short line, for the table (public: the rules).

    >>> from tutor.engine.trix import TrixGame, TrixRules
    >>> summary(TrixGame.new(seed=1, rules=TrixRules.complex(partnership=True,
    ...                                                      reversed_signs=True)))
    'Trix Complex in partnership · reversed signs'
    """
    if isinstance(game, TrixterGame):
        return " · ".join(_trixter_words(game.rules, game.n_players, game.first_hand))
    if isinstance(game, TrixGame):
        return " · ".join(_trix_words(game.rules))
    raise TypeError("a summary is of a TrixterGame or a TrixGame")


def preview(game_name: str, options: Mapping[str, Any], base: Game | None = None) -> str:
    """The line :func:`summary` will show for a game started with ``options`` after
    ``base`` (checked first, so a junk choice raises :class:`OptionError`)."""
    opts = check(game_name, options, base=options_of(base) if base is not None else None)
    rules = rules_for(game_name, opts, getattr(base, "rules", None))
    if isinstance(rules, TrixterRules):
        return " · ".join(_trixter_words(rules, opts["players"], opts["first_hand"]))
    return " · ".join(_trix_words(rules))
