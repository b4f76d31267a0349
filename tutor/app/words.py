"""The words of a game's table: what a computer seat did, what happens now, the round's
words, and the result at the game's end. Public facts only: each reads a seat's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.engine.actions import (Action, Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                                  NoDouble, NoRedeal, Pass, Play)
from tutor.engine.facts import deal_word, number, plural, signed
from tutor.engine.protocol import Phase
from tutor.engine.trix.contracts import Contract, early_end_words

__all__ = ["describe", "game_result", "over_words", "status_text", "round_kind",
           "round_words", "PLACES"]


def describe(who: str, action: Action, trex: bool = False) -> str:
    """What a computer player just did, in words (only public facts: the action itself).

    >>> from tutor.engine.cards import Card
    >>> describe("Player 2", Play(Card.parse("TH")))
    'Player 2 played 10♥.'
    """
    if isinstance(action, Play):
        return f"{who} {'laid' if trex else 'played'} {action.card.symbol()}."
    if isinstance(action, Bid):
        return f"{who} bid {action.n}."
    if isinstance(action, ChooseTrump):
        suit = action.suit
        named = "none" if suit is None else f"{suit.symbol} {suit.name.lower()}"
        return f"{who} named trump: {named}."
    if isinstance(action, ChooseContract):
        return f"{who} chose {' + '.join(c.title for c in sorted(action.contracts))}."
    if isinstance(action, Double):
        return f"{who} doubled {action.card.symbol()}."
    said = _SAID.get(type(action))
    return f"{who} {said}." if said else f"{who}: {action}."


# Every player says one of these in turn (RULES.md A5): the words tell nothing of whether
# the player could have doubled or claimed.
_SAID = {NoDouble: "said “no double”", NoRedeal: "said “no redeal”",
         ClaimRedeal: "claimed a redeal", Pass: "passed: no card fitted"}



PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def _points(n: int) -> str:
    return f"{number(n)} point{'' if abs(n) == 1 else 's'}"


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


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
    seat, players = obs["seat"], obs["players"]
    low_wins = bool((obs.get("rules") or {}).get("reversed_signs"))
    if obs.get("team_scores"):  # Trix in partnership: seats 0 and 2 against 1 and 3
        teams = obs["team_scores"]
        mine = seat % 2
        names = [_and(["you" if s == seat else players[s] for s in range(t, len(players), 2)])
                 for t in (0, 1)]
        entries = [(teams[t], t == mine, f"Your team ({names[t]})" if t == mine
                    else names[t]) for t in (0, 1)]
    else:
        entries = [(v, s == seat, "You" if s == seat else players[s])
                   for s, v in enumerate(obs["scores"])]
    order = sorted(entries, key=lambda e: (e[0] if low_wins else -e[0], not e[1]))
    better = (lambda a, b: a < b) if low_wins else (lambda a, b: a > b)
    rows = [{"place": PLACES[sum(better(o[0], score) for o in order)], "name": name,
             "score": score, "me": me} for score, me, name in order]
    best = order[0][0]
    winners = [r for r in rows if r["score"] == best]
    me = next(r for r in rows if r["me"])
    gap = abs(best - me["score"])
    if obs.get("team_scores"):
        if len(winners) > 1:
            return {"title": f"A draw: both teams have {_points(best)}.", "rows": rows,
                    "words": []}
        if me in winners:
            return {"title": "Your team won!", "rows": rows, "words": [
                f"Your team won by {_points(abs(order[0][0] - order[1][0]))}."]}
        return {"title": f"{winners[0]['name']} won.", "rows": rows,
                "words": [f"Your team lost by {_points(gap)}."]}
    n = len(rows)
    level = [r["name"] for r in rows if r["score"] == me["score"] and not r["me"]]
    if me in winners and len(winners) == 1:
        title = "You won!"
        words = f"You finished 1st of {n}, {_points(abs(best - order[1][0]))} ahead of " \
                f"{_and([r['name'] for r in rows if r['score'] == order[1][0]])}."
    elif me in winners:
        title = f"A tie for first: you and {_and(level)}."
        words = f"You share 1st place of {n} with {_points(best)}."
    else:
        title = f"{_and([r['name'] for r in winners])} won" \
                f"{' (a tie)' if len(winners) > 1 else ''}."
        joint = f"joint {me['place']} of {n} with {_and(level)}" if level \
            else f"{me['place']} of {n}"
        ahead = _and([r["name"] for r in winners]) if len(winners) == 1 else "the winners"
        words = f"You finished {joint}, {_points(gap)} behind {ahead}."
    return {"title": title, "rows": rows, "words": [words]}


def _name(obs: dict[str, Any], s: int | None) -> str:
    if s is None:
        return "nobody"
    return "you" if s == obs["seat"] else obs["players"][s]


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
    return words[:-1] + f" after {plural(sum(tricks), 'trick')}." if words else ""


def over_words(obs: Mapping[str, Any]) -> str:
    """"The hand is over." or "The deal is over.", or why a Trix deal ended early."""
    row = obs.get("last_hand") or obs.get("last_deal") or {}
    return _ended_early(row) or f"The {deal_word(obs['game'])} is over."


def status_text(obs: dict[str, Any]) -> str:
    """One line that says what happens now, from the learner's point of view."""
    phase, mover, seat = obs["phase"], obs["to_move"], obs["seat"]
    yours = mover == seat
    who = _name(obs, mover)
    if phase == Phase.GAME_OVER.value:
        # the result panel's own words, so the lowest total wins with reversed signs
        result = game_result(obs)
        best = next(r for r in result["rows"])
        winners = [r["name"] for r in result["rows"] if r["score"] == best["score"]]
        names = _and([w[0].lower() + w[1:] if w.startswith(("You", "Your")) else w
                      for w in winners])
        return f"Game over: {names} won with {_points(best['score'])}."
    if phase == Phase.HAND_OVER.value:
        row = obs.get("last_hand") or obs.get("last_deal") or {}
        pts = row.get("points") or []
        mine = pts[seat] if seat < len(pts) else None
        word = deal_word(obs["game"])
        if row.get("redeal") is not None:
            return f"Redeal claimed by {_name(obs, row['redeal'])}. Press “next {word}”."
        got = f" You scored {signed(mine)}." if isinstance(mine, int) else ""
        return f"{over_words(obs)}{got} Press “next {word}” to go on."
    if phase == Phase.TRUMP.value:
        return "Your deal: name trump." if yours else f"{who} names trump."
    if phase == Phase.BID.value:
        return f"Your bid ({plural(obs['hand_size'], 'trick')} in this hand)." if yours \
            else f"{who} to bid."
    if phase == Phase.CHOOSE_CONTRACT.value:
        return "You own this kingdom: choose the contract." if yours \
            else f"{who} chooses the contract."
    if phase == Phase.DOUBLE.value:
        return _round_status(obs, who) if not yours else _your_round_status(obs)
    if phase == Phase.TREX.value:
        if yours:
            return "Your turn: play a card that fits the layout (or pass)."
        return f"{who} to play."
    if yours:
        return "Your lead: play a card." if not obs["trick"] else "Your turn: play a card."
    return f"{who} to play."


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
        return {"title": "Doubling and redeal claims", "mark": "to double or not"}
    if doubles:
        return {"title": "Doubling", "mark": "to double or not"}
    return {"title": "Redeal claims", "mark": "to claim or not"}


def _round_status(obs: dict[str, Any], who: str) -> str:
    """Another player's turn in the round: what anyone in that seat may do under this
    contract, never what this player's cards allow."""
    doubles, claims = round_kind(obs)
    if doubles and claims:
        return f"{who} to double, claim a redeal, or say “no double”."
    if doubles:
        return f"{who} to double a queen or say “no double”."
    return f"{who} to claim a redeal or say “no redeal”."


def _your_round_status(obs: dict[str, Any]) -> str:
    """The learner's turn in the round, from their own legal actions."""
    legal = obs.get("legal") or []
    word = "no double" if "no double" in legal else "no redeal"
    may = [w for w, ok in (("double", any(a.startswith("double ") for a in legal)),
                           ("claim a redeal", "redeal" in legal)) if ok]
    if not may:
        doubles, claims = round_kind(obs)
        what = " or ".join(w for w, ok in (("double", doubles), ("claim", claims)) if ok)
        return f"Your turn: you have nothing to {what}; say “{word}”."
    return f"Your turn: {' or '.join(may)}, or say “{word}”."
