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
from tutor.engine.i18n import N_, gettext as _, ngettext
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
    "standard": (N_("Standard"), {"partnership": False, "combine": False,
                                  "complex_only": False}),
    "partnership": (N_("Partnership"), {"partnership": True, "combine": False,
                                        "complex_only": False}),
    "complex": (N_("Trix Complex"), {"partnership": False, "combine": True,
                                     "complex_only": True}),
    "partnership_complex": (N_("Trix Complex in partnership"), {"partnership": True,
                                                                "combine": True,
                                                                "complex_only": True}),
}
"""Trix's modes: the words (marked: say them with ``_``) and the
:class:`~tutor.engine.trix.TrixRules` fields each sets (A7, A8's ``complex`` preset)."""

# The choices' words are marked here and said in the learner's language by options_for.
_SCORINGS = ((N_("exact: 10 + tricks, a miss −5"), "exact"),
             (N_("a miss scores its tricks"), "tricks_if_missed"),
             (N_("squared: 10 + bid², a miss −difference²"), "squared"))
_FIRST_LEADS = ((N_("left of the dealer"), "left_of_dealer"), (N_("the dealer"), "dealer"))
_KINGDOM_ORDERS = ((N_("to the right, in turn"), "rotate"),
                   (N_("ABBA: right, opposite, last"), "abba"))
# The house variants: the option, its label, its words on the table, why.
_TRIX_SWITCHES = (
    ("penalty_discard", N_("Penalty discard"), N_("penalty discard"),
     N_("a player void in the suit led must throw the K♥, a diamond or a queen (A2)")),
    ("no_heart_lead_in_king", N_("No heart lead in King of Hearts"), N_("no heart lead in King"),
     N_("a heart may not be led unless the leader holds only hearts (A2)")),
    ("swap_diamonds_ltoosh", N_("Diamonds −15, tricks −10"), N_("diamonds −15, tricks −10"),
     N_("the Diamonds and Ltoosh scores swapped (A3)")),
    ("reversed_signs", N_("Reversed signs: lowest total wins"), N_("reversed signs"),
     N_("every score negated (A3)")),
)


def _said(choices: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
    """A table's choices with their words in the learner's language."""
    return tuple((_(words), value) for words, value in choices)


def _check_game(game_name: str) -> None:
    if game_name not in GAMES:
        raise OptionError(_("no game {game}: choose one of {games}").format(
            game=_show(game_name), games=", ".join(GAMES)))


def _first_hand_choices(players: int) -> tuple[tuple[str, int], ...]:
    peak = peak_for(players)
    out = []
    for k in range(1, 2 * peak):
        size = min(k, 2 * peak - k)
        # Translators: a first hand to choose: its cards ("7 cards") and the hands the game
        # then has ("7 hands").
        words = _("{cards}: the peak · {hands}") if k == peak else \
            _("{cards}, going down · {hands}") if k > peak else _("{cards} · {hands}")
        out.append((words.format(cards=plural(size, "card"), hands=plural(2 * peak - k, "hand")),
                    k))
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
            Option("players", _("Players"), tuple(
                (f"{_players(n)} · {_jokers(n)}", n)
                for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
                help=_("jokers are added so that the peak hand deals every card (B1)")),
            Option("first_hand", _("Start with"), _first_hand_choices(players),
                   help=_("the first hand's cards; the game goes up to the peak and down to 1")),
            Option("scoring", _("Scoring"), _said(_SCORINGS), help=_("points for a hand (B4)")),
            Option("hook", _("Hook"), switch=True,
                   help=_("the last bidder may not make the bids total the tricks (B2)")),
            Option("allow_no_trump", _("The dealer may name no trump"), switch=True),
            Option("first_lead", _("First lead"), _said(_FIRST_LEADS)),
        ]
    return [
        Option("mode", _("Mode"), _said(tuple((words, m) for m, (words, _f) in TRIX_MODES.items())),
               help=_("partners sit opposite; Trix Complex names the four trick contracts "
                      "together")),
        Option("kingdom_order", _("Kingdom order"), _said(_KINGDOM_ORDERS),
               help=_("who owns the next kingdom (A1)")),
        *(Option(name, _(label), switch=True, help=_(why))
          for name, label, _short, why in _TRIX_SWITCHES),
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
            **{name: getattr(rules, name) for name, *_rest in _TRIX_SWITCHES}}


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
        raise OptionError(_("the options are names with their values"))
    out = dict(defaults(game_name) if base is None else base)
    known = [o.name for o in options_for(game_name)]
    for name in values:
        if name not in known:
            raise OptionError(_("{game} has no option {name}: its options are {names}").format(
                game=game_name.capitalize(), name=_show(name), names=", ".join(known)))
    old_players = out.get("players")
    out.update(values)
    if game_name == "trixter":
        n = out["players"]
        if isinstance(n, bool) or not isinstance(n, int) \
                or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise OptionError(_("players: Trixter is for {least} to {most} players, not "
                                "{value}").format(least=MIN_PLAYERS, most=MAX_PLAYERS,
                                                  value=_show(n)))
        if "first_hand" not in values and n != old_players and isinstance(old_players, int) \
                and isinstance(out["first_hand"], int):
            out["first_hand"] = _same_start(out["first_hand"], old_players, n)
    for option in options_for(game_name, out):
        value = out[option.name]
        if option.switch:
            if not isinstance(value, bool):
                raise OptionError(_("{name} is on or off (true or false), not {value}").format(
                    name=option.name, value=_show(value)))
        elif not any(type(value) is type(v) and value == v for _w, v in option.choices):
            if option.name == "first_hand":
                hands = len(option.choices)
                raise OptionError(_("first_hand: {players} players play {hands} hands: choose a "
                                    "hand from 1 to {hands}, not {value}").format(
                    players=out["players"], hands=hands, value=_show(value)))
            words = ", ".join(str(v) for _w, v in option.choices)
            raise OptionError(_("{name}: choose one of {values}, not {value}").format(
                name=option.name, values=words, value=_show(value)))
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
    return plural(j, "joker") if j else _("no jokers")


def _players(n: int) -> str:
    return ngettext("{n} player", "{n} players", n).format(n=n)


def _trixter_words(rules: TrixterRules, players: int, first_hand: int) -> list[str]:
    peak = peak_for(players)
    size = min(first_hand, 2 * peak - first_hand)
    start = _("starts at the peak: {cards}") if first_hand == peak \
        else _("starts with {cards}, going down") if first_hand > peak \
        else _("starts with {cards}")
    words = [_("Trixter"), _players(players), _jokers(players),
             start.format(cards=plural(size, "card")), plural(2 * peak - first_hand, "hand"),
             _("hook on") if rules.hook else _("no hook")]
    if rules.scoring == "tricks_if_missed":
        words.append(_("a miss scores its tricks"))
    elif rules.scoring == "squared":
        words.append(_("squared scores"))
    if rules.allow_no_trump:
        words.append(_("no trump allowed"))
    if rules.first_lead == "dealer":
        words.append(_("the dealer leads"))
    return words


def _trix_words(rules: TrixRules) -> list[str]:
    if rules.combine and not rules.complex_only:
        words = [_("Trix"), _("Partnership Combination") if rules.partnership
                 else _("Combination")]
    else:
        mode = TRIX_MODES[_trix_mode(rules)][0]
        # not "Trix · Trix …"
        words = [_(mode)] if mode.startswith("Trix") else [_("Trix"), _(mode)]
    if rules.kingdom_order == "abba":
        words.append(_("ABBA kingdoms"))
    words += [_(short) for name, _label, short, _why in _TRIX_SWITCHES if getattr(rules, name)]
    if not rules.doubling:
        words.append(_("no doubling"))
    if not rules.end_early:
        words.append(_("every trick played"))
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
