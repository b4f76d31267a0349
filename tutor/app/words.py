"""The words of a game's table: what a computer seat did, what happens now, the round's
words, and the result at the game's end. Public facts only: each reads a seat's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.engine.actions import (Action, Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                                  NoDouble, NoRedeal, Pass, Play)
from tutor.engine.cards import Suit
from tutor.engine.facts import number, plural, signed
from tutor.engine.i18n import N_, gettext as _, ngettext, ordinal
from tutor.engine.protocol import Phase
from tutor.engine.trix.contracts import Contract, early_end_words

__all__ = ["describe", "game_result", "over_words", "status_text", "round_kind",
           "round_words", "suit_name", "next_button"]

_SUIT_NAMES = {Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"),
               Suit.DIAMONDS: N_("diamonds"), Suit.CLUBS: N_("clubs")}


def suit_name(suit: Suit) -> str:
    """A suit's name as a learner reads it in a sentence: ``"hearts"``."""
    return _(_SUIT_NAMES[suit])


def next_button(game: str) -> str:
    """The label of the button that deals on: "next deal" in Trix, "next hand" in Trixter
    (:func:`~tutor.engine.facts.deal_word`)."""
    return _("next deal") if game == "trix" else _("next hand")


def describe(who: str, action: Action, trex: bool = False) -> str:
    """What a computer player just did, in words (only public facts: the action itself).

    >>> from tutor.engine.cards import Card
    >>> describe("Player 2", Play(Card.parse("TH")))
    'Player 2 played 10♥.'
    """
    if isinstance(action, Play):
        said = _("{who} laid {card}.") if trex else _("{who} played {card}.")
        return said.format(who=who, card=action.card.symbol())
    if isinstance(action, Bid):
        return _("{who} bid {n}.").format(who=who, n=action.n)
    if isinstance(action, ChooseTrump):
        suit = action.suit
        if suit is None:
            return _("{who} named trump: none.").format(who=who)
        return _("{who} named trump: {symbol} {suit}.").format(who=who, symbol=suit.symbol,
                                                               suit=suit_name(suit))
    if isinstance(action, ChooseContract):
        return _("{who} chose {contracts}.").format(
            who=who, contracts=" + ".join(c.title for c in sorted(action.contracts)))
    if isinstance(action, Double):
        return _("{who} doubled {card}.").format(who=who, card=action.card.symbol())
    said = _SAID.get(type(action))
    return _(said).format(who=who) if said else \
        _("{who}: {action}.").format(who=who, action=action)


# Every player says one of these in turn (RULES.md A5): the words tell nothing of whether
# the player could have doubled or claimed.
_SAID = {NoDouble: N_("{who} said “no double”."), NoRedeal: N_("{who} said “no redeal”."),
         ClaimRedeal: N_("{who} claimed a redeal."), Pass: N_("{who} passed: no card fitted.")}


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", abs(n)).format(n=number(n))


def _and(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    # Translators: a list of names, "Ana, Bo and Cy": {names} are all but the last, joined
    # by ", ".
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _me(obs: Mapping[str, Any], start: bool) -> str:
    """The learner's own row in the result: "You", or their team with its players ("you"
    and "your team (…)" inside a sentence)."""
    seat, players = obs["seat"], obs["players"]
    if not obs.get("team_scores"):
        return _("You") if start else _("you")
    names = _and([_("you") if s == seat else players[s]
                  for s in range(seat % 2, len(players), 2)])
    return (_("Your team ({names})") if start else _("your team ({names})")).format(names=names)


def _entries(obs: Mapping[str, Any]) -> list[tuple[int, bool, str]]:
    """Each player, or each team in partnership: (score, the learner's, name)."""
    seat, players = obs["seat"], obs["players"]
    if obs.get("team_scores"):  # Trix in partnership: seats 0 and 2 against 1 and 3
        teams = obs["team_scores"]
        mine = seat % 2
        return [(teams[t], t == mine, _me(obs, True) if t == mine else
                 _and([players[s] for s in range(t, len(players), 2)])) for t in (0, 1)]
    return [(v, s == seat, _me(obs, True) if s == seat else players[s])
            for s, v in enumerate(obs["scores"])]


def game_result(obs: dict[str, Any]) -> dict[str, Any]:
    """The end of the game in words, for the table's result panel: ``title`` (who won),
    ``rows`` (each player, or each team in partnership, best first: ``place``, ``name``,
    ``score``, ``me``) and ``words`` (the learner's place and by how much). Empty before
    the end. Players level on points share a place. The highest total wins, the lowest
    with Trix's ``reversed_signs`` (RULES.md A3).

    >>> r = game_result({"phase": "game_over", "seat": 0, "game": "trixter",
    ...                  "players": ["Ana", "Bo", "Cy"], "scores": [30, 42, 30]})
    >>> r["title"], [(x["place"], x["name"], x["score"]) for x in r["rows"]]
    ('Bo won.', [('1st', 'Bo', 42), ('2nd', 'You', 30), ('2nd', 'Cy', 30)])
    >>> r["words"]
    ['You finished joint 2nd of 3 with Cy, 12 points behind Bo.']
    """
    if obs.get("phase") != Phase.GAME_OVER.value:
        return {}
    low_wins = bool((obs.get("rules") or {}).get("reversed_signs"))
    order = sorted(_entries(obs), key=lambda e: (e[0] if low_wins else -e[0], not e[1]))
    better = (lambda a, b: a < b) if low_wins else (lambda a, b: a > b)
    rows = [{"place": ordinal(1 + sum(better(o[0], score) for o in order)), "name": name,
             "score": score, "me": me} for score, me, name in order]
    best = order[0][0]
    winners = [r for r in rows if r["score"] == best]
    me = next(r for r in rows if r["me"])
    gap = abs(best - me["score"])
    if obs.get("team_scores"):
        if len(winners) > 1:
            return {"title": _("A draw: both teams have {points}.").format(
                points=_points(best)), "rows": rows, "words": []}
        if me in winners:
            return {"title": _("Your team won!"), "rows": rows, "words": [
                _("Your team won by {points}.").format(
                    points=_points(abs(order[0][0] - order[1][0])))]}
        return {"title": _("{name} won.").format(name=winners[0]["name"]), "rows": rows,
                "words": [_("Your team lost by {points}.").format(points=_points(gap))]}
    title, words = _player_result(rows, me, winners, [o[0] for o in order])
    return {"title": title, "rows": rows, "words": [words]}


def _player_result(rows: list[dict[str, Any]], me: dict[str, Any],
                   winners: list[dict[str, Any]], scores: list[int]) -> tuple[str, str]:
    """The result's title and words when each player plays for themselves."""
    n, best = len(rows), scores[0]
    gap = abs(best - me["score"])
    level = [r["name"] for r in rows if r["score"] == me["score"] and not r["me"]]
    if me in winners and len(winners) == 1:
        return _("You won!"), _("You finished 1st of {n}, {points} ahead of {names}.").format(
            n=n, points=_points(abs(best - scores[1])),
            names=_and([r["name"] for r in rows if r["score"] == scores[1]]))
    if me in winners:
        return (_("A tie for first: you and {names}.").format(names=_and(level)),
                _("You share 1st place of {n} with {points}.").format(n=n,
                                                                       points=_points(best)))
    names = _and([r["name"] for r in winners])
    title = (_("{names} won (a tie).") if len(winners) > 1 else _("{names} won.")).format(
        names=names)
    ahead = names if len(winners) == 1 else _("the winners")
    if level:
        words = _("You finished joint {place} of {n} with {names}, {points} behind "
                  "{ahead}.").format(place=me["place"], n=n, names=_and(level),
                                     points=_points(gap), ahead=ahead)
    else:
        words = _("You finished {place} of {n}, {points} behind {ahead}.").format(
            place=me["place"], n=n, points=_points(gap), ahead=ahead)
    return title, words


def _name(obs: dict[str, Any], s: int | None) -> str:
    if s is None:
        return _("nobody")
    return _("you") if s == obs["seat"] else obs["players"][s]


def _ended_early(row: Mapping[str, Any]) -> str:
    """Why a Trix deal stopped before its 13th trick (RULES.md A2 ``end_early``), in the
    words a puzzle uses; "" for a deal played out, or a Trixter hand.

    >>> _ended_early({"contract": "queens", "tricks": [2, 1, 3, 0]})
    'All four queens have been taken: the deal ends after 6 tricks.'
    >>> _ended_early({"contract": "queens", "tricks": [4, 3, 3, 3]})
    ''
    """
    tricks, text = row.get("tricks"), row.get("contract")
    if not tricks or not text or sum(tricks) >= 13:
        return ""
    words = early_end_words(Contract.parse(c) for c in text.split("+"))
    # Translators: {ended} is why the deal ended, without its full stop ("All four queens
    # have been taken: the deal ends"); {tricks} counts the tricks played ("6 tricks").
    return _("{ended} after {tricks}.").format(
        ended=words[:-1], tricks=plural(sum(tricks), "trick")) if words else ""


def over_words(obs: Mapping[str, Any]) -> str:
    """"The hand is over." or "The deal is over.", or why a Trix deal ended early."""
    row = obs.get("last_hand") or obs.get("last_deal") or {}
    return _ended_early(row) or (_("The deal is over.") if obs["game"] == "trix"
                                 else _("The hand is over."))


def status_text(obs: dict[str, Any]) -> str:
    """One line that says what happens now, from the learner's point of view."""
    phase, mover, seat = obs["phase"], obs["to_move"], obs["seat"]
    yours = mover == seat
    who = _name(obs, mover)
    if phase == Phase.GAME_OVER.value:
        return _game_over_status(obs)
    if phase == Phase.HAND_OVER.value:
        return _hand_over_status(obs)
    if phase == Phase.TRUMP.value:
        return _("Your deal: name trump.") if yours else _("{who} names trump.").format(who=who)
    if phase == Phase.BID.value:
        return _("Your bid ({tricks} in this hand).").format(
            tricks=plural(obs["hand_size"], "trick")) if yours \
            else _("{who} to bid.").format(who=who)
    if phase == Phase.CHOOSE_CONTRACT.value:
        return _("You own this kingdom: choose the contract.") if yours \
            else _("{who} chooses the contract.").format(who=who)
    if phase == Phase.DOUBLE.value:
        return _round_status(obs, who) if not yours else _your_round_status(obs)
    if phase == Phase.TREX.value:
        if yours:
            return _("Your turn: play a card that fits the layout (or pass).")
        return _("{who} to play.").format(who=who)
    if yours:
        return _("Your lead: play a card.") if not obs["trick"] else \
            _("Your turn: play a card.")
    return _("{who} to play.").format(who=who)


def _game_over_status(obs: dict[str, Any]) -> str:
    """The status line at the game's end: the result panel's own words, so the lowest
    total wins with reversed signs."""
    result = game_result(obs)
    best = next(r for r in result["rows"])
    names = _and([_me(obs, False) if r["me"] else r["name"]
                  for r in result["rows"] if r["score"] == best["score"]])
    return _("Game over: {names} won with {points}.").format(names=names,
                                                             points=_points(best["score"]))


def _hand_over_status(obs: dict[str, Any]) -> str:
    """The status line between two deals (hands): how it ended, what the learner scored."""
    seat = obs["seat"]
    row = obs.get("last_hand") or obs.get("last_deal") or {}
    pts = row.get("points") or []
    mine = pts[seat] if seat < len(pts) else None
    button = next_button(obs["game"])
    if row.get("redeal") is not None:
        # Translators: {button} is the button's label, "next deal" or "next hand".
        return _("Redeal claimed by {who}. Press “{button}”.").format(
            who=_name(obs, row["redeal"]), button=button)
    said = [over_words(obs)]
    if isinstance(mine, int):
        said.append(_("You scored {points}.").format(points=signed(mine)))
    # Translators: {button} is the button's label, "next deal" or "next hand".
    said.append(_("Press “{button}” to go on.").format(button=button))
    return " ".join(said)


def round_kind(obs: dict[str, Any]) -> tuple[bool, bool]:
    """Whether the Trix contract in ``obs`` allows doubling, and a redeal claim (A4, A5):
    public facts (the contract and the rules), the same for every seat.

    >>> round_kind({"contract": ["queens"], "rules": {"doubling": True}})
    (True, False)
    """
    contract = set(obs.get("contract") or [])
    doubling = bool((obs.get("rules") or {}).get("doubling", True))
    return doubling and bool(contract & {"king", "queens"}), bool(contract & {"king", "trex"})


def round_words(obs: dict[str, Any]) -> dict[str, str]:
    """The round's ``title`` (the bid panel's heading) and ``mark`` (the word on the seat
    to move) for this contract: Queens has no claim, Trex no double.

    >>> round_words({"contract": ["trex"], "rules": {"doubling": True}})
    {'title': 'Redeal claims', 'mark': 'to claim or not'}
    """
    doubles, claims = round_kind(obs)
    if doubles and claims:
        return {"title": _("Doubling and redeal claims"), "mark": _("to double or not")}
    if doubles:
        return {"title": _("Doubling"), "mark": _("to double or not")}
    return {"title": _("Redeal claims"), "mark": _("to claim or not")}


def _round_status(obs: dict[str, Any], who: str) -> str:
    """Another player's turn in the round: what anyone in that seat may do under this
    contract, never what this player's cards allow."""
    doubles, claims = round_kind(obs)
    if doubles and claims:
        return _("{who} to double, claim a redeal, or say “no double”.").format(who=who)
    if doubles:
        return _("{who} to double a queen or say “no double”.").format(who=who)
    return _("{who} to claim a redeal or say “no redeal”.").format(who=who)


# The learner's turn in the round, by what they may do (double, claim a redeal); {word} is
# what they say instead, “no double” or “no redeal”.
_YOUR_ROUND = {
    (True, False): N_("Your turn: double, or say “{word}”."),
    (False, True): N_("Your turn: claim a redeal, or say “{word}”."),
    (True, True): N_("Your turn: double or claim a redeal, or say “{word}”."),
}
# Nothing in the hand to double (claim) with, under a contract that allows it (a round
# comes only under a contract that allows one or the other).
_NOTHING_TO = {
    (True, False): N_("Your turn: you have nothing to double; say “{word}”."),
    (False, True): N_("Your turn: you have nothing to claim; say “{word}”."),
    (True, True): N_("Your turn: you have nothing to double or claim; say “{word}”."),
}
# The same, once this player has doubled in the round: "nothing to double" read as if the
# double just made had not counted.
_NOTHING_MORE = N_("Your turn: you have nothing more to double; say “{word}”.")


def _your_round_status(obs: dict[str, Any]) -> str:
    """The learner's turn in the round, from their own legal actions."""
    legal = obs.get("legal") or []
    word = _("no double") if "no double" in legal else _("no redeal")
    may = (any(a.startswith("double ") for a in legal), "redeal" in legal)
    if not any(may):
        if any(s == obs.get("seat") for _c, s in obs.get("doubles") or []):
            return _(_NOTHING_MORE).format(word=word)
        nothing = _NOTHING_TO.get(round_kind(obs), _NOTHING_TO[True, True])
        return _(nothing).format(word=word)
    return _(_YOUR_ROUND[may]).format(word=word)
