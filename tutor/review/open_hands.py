"""A finished hand replayed with every hand open: what each card of one decision would
have given, solved exactly (double dummy) by :func:`tutor.solver.solve`.

The review judges a decision by what the seat knew then. Once the hand is over every card
has been seen, so a learner may also ask what each card could have done against the real
layout: ``open_hands(record, seat, index)`` solves the position before the seat's card at
``record["actions"][index]`` for the seat's goal, with the other seats all playing against
it (what the seat could make sure of, whatever they did):

- Trixter: whether the card keeps the bid made whatever the others do (``Exactly``), and
  the most tricks the seat can still take in the hand (``MaxTricks``);
- Trix trick contracts: the best score the seat (its team in partnership) can force for the
  rest of the deal, the tricks still to play (``MinPenalty``), signed as the score sheet
  writes it;
- Trex: the best finishing place the seat can force (its team's Trex points in
  partnership: ``TrexPlace``).

A hand still being played is never opened (its hidden cards stay hidden): the refusal,
like every other, is a :class:`NotOpen` whose words the page shows. A position too big to
solve within the node budget raises :class:`TooDeep` (a ``NotOpen``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tutor.engine import records
from tutor.engine.actions import Play, parse_action
from tutor.engine.cards import CardSet
from tutor.engine.facts import signed
from tutor.engine.i18n import N_, gettext as _, ngettext, ordinal
from tutor.engine.protocol import Game, Phase
from tutor.advice.answer import label
from tutor.solver import (Exactly, MaxTricks, MinPenalty, Position, SearchLimit, TrexPlace,
                          TrexPosition, solve)
from tutor.solver.search import engine_in_use

__all__ = ["OpenCard", "OpenHands", "NotOpen", "TooDeep", "open_hands", "open_steps",
           "OPEN_NODES", "NOT_OPEN"]

OPEN_NODES = {"numba": 10_000_000, "python": 60_000}
"""The node budget of one solve, by engine: a few seconds at most on either (the pure path
is the static site's, in the browser); deeper positions say so rather than keep a page
waiting."""


class NotOpen(ValueError):
    """This decision cannot be shown with every hand open; the words say why."""


class TooDeep(NotOpen):
    """The position needs more search than the budget: too early in the hand."""


@dataclass(frozen=True)
class OpenCard:
    """One legal card and what it gives with every hand open: ``value`` is 1 or 0 for a
    Trixter bid (made whatever the others do, or not), points as the score sheet writes
    them for a Trix deal, a place (1 = first out) or, for a team, Trex points; ``most`` is
    the most tricks the Trixter seat can still take in the hand after it."""

    card: str
    value: int
    most: int | None = None


@dataclass(frozen=True)
class OpenHands:
    """Every legal card of one decision, best first, solved with every hand open."""

    index: int
    game: str  # "trixter" or "trix"
    kind: str  # "bid", "points", "place" or "team-place"
    chosen: str
    cards: tuple[OpenCard, ...]
    hands: tuple[CardSet, ...]  # every hand before the card, seat by seat
    bid: int | None = None
    low_is_better: bool = False  # a place; Trix points under reversed signs

    @property
    def best(self) -> tuple[str, ...]:
        """The cards that give the best value (Trixter: those that make the bid safe, none
        when no card does)."""
        top = self.cards[0]
        if self.kind == "bid" and not top.value:
            return ()
        return tuple(c.card for c in self.cards if c.value == top.value)

    def value(self, card: str) -> OpenCard:
        return next(c for c in self.cards if c.card == card)

    def value_words(self, c: OpenCard) -> str:
        """A card's value as the table shows it."""
        if self.kind == "bid":
            return _("makes {bid}").format(bid=self.bid) if c.value else _("can miss")
        if self.kind == "points":
            return signed(c.value)
        if self.kind == "place":
            # Translators: a Trex finishing place in the table ("1st out").
            return _("{place} out").format(place=ordinal(c.value))
        return signed(c.value)

    def words(self) -> str:
        """What the table says, in one or two sentences."""
        mine = self.value(self.chosen)
        best = self.best
        you = label(parse_action(self.chosen))
        them = _or_words([label(parse_action(b)) for b in best if b != self.chosen])
        if self.kind == "bid":
            return self._bid_words(mine, you, them)
        if len(best) == len(self.cards):
            return _("With every hand open and the others all playing against you, every "
                     "card you held here gives the same: {value}.").format(value=self._said(mine))
        if self.chosen in best:
            return _("With every hand open, your {card} was a best card: {value}, whatever "
                     "the others did.").format(card=you, value=self._said(mine))
        return _("With every hand open, the {best} would have made sure of {value}, whatever "
                 "the others did; after your {card}, the best you could make sure of was "
                 "{mine}.").format(
            best=them, value=self._said(self.cards[0]), card=you, mine=self._said(mine))

    def _said(self, c: OpenCard) -> str:
        """A value in a sentence: points say what they count."""
        if self.kind == "points":
            # Translators: {points} is signed ("−75"): the score of the tricks still to play.
            return _("{points} for the rest of the deal").format(points=signed(c.value))
        if self.kind == "team-place":
            # Translators: {points} is signed ("+350"): a team's Trex points.
            return _("{points} Trex points for your team").format(points=signed(c.value))
        # Translators: a Trex finishing place in a sentence ("going out 1st").
        return _("going out {place}").format(place=ordinal(c.value))

    def _bid_words(self, mine: OpenCard, you: str, them: str) -> str:
        bid = self.bid
        if mine.value:
            return ngettext("With every hand open, your {card} made your bid of {bid} trick "
                            "safe, whatever the others did.",
                            "With every hand open, your {card} made your bid of {bid} tricks "
                            "safe, whatever the others did.", bid).format(card=you, bid=bid)
        if self.best:
            return ngettext("With every hand open, the {best} would have made your bid of {bid} "
                            "trick safe, whatever the others did; after your {card} they "
                            "could make you miss it.",
                            "With every hand open, the {best} would have made your bid of {bid} "
                            "tricks safe, whatever the others did; after your {card} they "
                            "could make you miss it.", bid).format(best=them, bid=bid, card=you)
        reach = [label(parse_action(c.card)) for c in self.cards if (c.most or 0) >= bid]
        if reach and (mine.most or 0) < bid:
            # Translators: {most} is a number of tricks, at most {bid} − 1.
            return ngettext("With every hand open, no card makes your bid of {bid} trick safe "
                            "if the others all play against you, but after the {cards} you "
                            "could still make sure of taking {bid} trick; after your {card}, "
                            "{most} at most.",
                            "With every hand open, no card makes your bid of {bid} tricks safe "
                            "if the others all play against you, but after the {cards} you "
                            "could still make sure of taking {bid} tricks; after your {card}, "
                            "{most} at most.", bid).format(bid=bid, cards=_or_words(reach),
                                                           card=you, most=mine.most)
        return ngettext("With every hand open, no card makes your bid of {bid} trick safe if "
                        "the others all play against you. The table gives the most tricks "
                        "each card still lets you take.",
                        "With every hand open, no card makes your bid of {bid} tricks safe if "
                        "the others all play against you. The table gives the most tricks "
                        "each card still lets you take.", bid).format(bid=bid)


def _or_words(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    # Translators: the last two of a list of cards: "the Q♠, 9♦ or 3♠".
    return _("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1])


# --- which decisions can be opened --------------------------------------------------
def _hand_number(game: Game) -> int:
    return game.hand_number if game.KIND == "trixter" else game.deal_number


def _replay(record: Mapping[str, Any]) -> Game:
    return records.from_record(dict(record, actions=[]))


NOT_OPEN = {
    "forced": N_("Your only legal card: nothing to compare, even with every hand open."),
    "hidden": N_("The other hands stay hidden until this hand is over."),
}
"""Why a card decision cannot be opened, by :func:`open_steps`'s code."""


def open_steps(record: Mapping[str, Any], seat: int) -> dict[int, str]:
    """For each card decision of ``seat`` in ``record``: ``"open"`` when it can be opened,
    else why not, a key of :data:`NOT_OPEN` (a single legal card; a hand not over yet, whose
    hidden cards stay hidden). One replay of the record."""
    game = _replay(record)
    pending: dict[int, tuple[int, str]] = {}  # index -> (hand number, code)
    out: dict[int, str] = {}
    for i, (s, text) in enumerate(record["actions"]):
        if s == seat and isinstance(_parsed(text), Play) and game.phase in (Phase.PLAY,
                                                                             Phase.TREX):
            pending[i] = (_hand_number(game), "open" if len(_legal_cards(game)) > 1
                          else "forced")
        game.apply(text, seat=s)
        over = game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        for j, (hand, code) in list(pending.items()):
            if over or _hand_number(game) != hand:
                out[j] = code
                del pending[j]
    for j, (_hand, code) in pending.items():
        out[j] = "hidden" if code == "open" else code
    return out


def _parsed(text: str):
    try:
        return parse_action(text)
    except ValueError:
        return None


def _legal_cards(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions(game.to_move) if isinstance(a, Play)]


# --- the solve ------------------------------------------------------------------------
def open_hands(record: Mapping[str, Any] | Game, seat: int, index: int, *,
               max_nodes: int | None = None) -> OpenHands:
    """Every legal card of ``seat``'s card at ``record["actions"][index]``, solved with
    every hand open (see the module's text). :class:`NotOpen` says why it cannot be."""
    if isinstance(record, Game):
        record = record.to_record()
    actions = record["actions"]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(actions):
        raise NotOpen(_("no decision {index} in this game").format(index=index))
    s, text = actions[index]
    if s != seat or not isinstance(_parsed(text), Play):
        raise NotOpen(_("Only your own cards can be shown with every hand open."))
    code = open_steps(record, seat)[index]
    if code != "open":
        raise NotOpen(_(NOT_OPEN[code]))
    game = _replay(record)
    for s2, t2 in actions[:index]:
        game.apply(t2, seat=s2)
    budget = max_nodes or OPEN_NODES[engine_in_use()]
    try:
        return _solve_open(game, seat, index, text, budget)
    except SearchLimit:
        raise TooDeep(_("Too many ways to play on from here to solve exactly in a few "
                        "seconds: try a card later in the hand.")) from None


def _solve_open(game: Game, seat: int, index: int, chosen: str, budget: int) -> OpenHands:
    hands = tuple(game.hands)
    name = game.KIND
    low = False
    if name == "trixter":
        pos = Position.from_game(game)
        bid = game.bids[seat]
        made = solve(pos, Exactly(seat, bid), max_nodes=budget).by_card
        most = solve(pos, MaxTricks(seat), max_nodes=budget).by_card
        cards = [OpenCard(str(c), v, most[c] + pos.won[seat]) for c, v in made.items()]
        kind = "bid"
    else:
        team = (seat, (seat + 2) % 4) if game.rules.partnership else seat
        if game.phase == Phase.TREX:
            goal = TrexPlace(team)
            result = solve(TrexPosition.from_game(game), goal, max_nodes=budget)
            kind = "team-place" if isinstance(team, tuple) else "place"
            low = kind == "place"
            cards = [OpenCard(str(c), goal.points(v) if kind == "team-place" else v)
                     for c, v in result.by_card.items() if c is not None]
        else:
            goal = MinPenalty.from_rules(team, game.contract, game.doubles, game.rules)
            result = solve(Position.from_game(game), goal, max_nodes=budget)
            kind = "points"
            low = goal.reversed_signs  # the sheet's signs: penalties written positive
            cards = [OpenCard(str(c), goal.points(v)) for c, v in result.by_card.items()]
        bid = None
    cards.sort(key=lambda c: c.value, reverse=not low)  # the best first, stable among equals
    return OpenHands(index=index, game=name, kind=kind, chosen=chosen, cards=tuple(cards),
                     hands=hands, bid=bid, low_is_better=low)

