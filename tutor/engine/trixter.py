"""Trixter (Stich Ansagen): bid the exact number of tricks you will take.

RULES.md part B is the law here. A quick game:

>>> g = TrixterGame.new(players=4, seed=1, dealer=0)
>>> g.phase.value, g.to_move, g.hand_size
('trump', 0, 1)
>>> g.apply("trump S"); g.apply("bid 1")
>>> [str(a) for a in g.legal_actions()]
['bid 0', 'bid 1']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.engine.actions import Action, Bid, ChooseTrump, Join, NextHand, Play
from tutor.engine.cards import JOKER, Card, CardSet, Suit, deal
from tutor.engine.errors import ParseError
from tutor.engine.i18n import gettext as _, ngettext
from tutor.engine.observation import TrixterObservation
from tutor.engine.protocol import Game, Phase
from tutor.engine.trixter_rules import (MAX_PLAYERS, MIN_PLAYERS, TrixterRules, jokers_for,
                                         peak_for, schedule)
from tutor.engine.tricks import legal_cards, trick_winner, why_illegal

__all__ = ["TrixterRules", "TrixterGame", "jokers_for", "peak_for", "schedule",
           "MIN_PLAYERS", "MAX_PLAYERS"]

class TrixterGame(Game):
    """A game of Trixter for 3 to 8 players, following DESIGN.md's game protocol."""

    KIND = "trixter"
    FORMAT = "trix-tutor/trixter"

    # --- construction ----------------------------------------------------
    @classmethod
    def new(cls, players: int = 4, seed: int | None = None,
            rules: TrixterRules | None = None, *, deals: Sequence | None = None,
            dealer: int | None = None, names: Sequence[str] | None = None,
            first_hand: int = 1) -> TrixterGame:
        """A new game.

        ``seed`` makes the first dealer and every shuffle reproducible. ``deals`` gives
        explicit hands for the first hands (each a list of PBN hands, hand ``i`` to seat
        ``i``, of that hand's size). ``dealer`` fixes the first dealer. ``first_hand``
        starts the schedule later (hand ``k`` deals ``min(k, 2 * peak - k)`` cards), for a
        short game in a lesson.
        """
        if isinstance(players, bool) or not isinstance(players, int) \
                or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(_("Trixter is for {least} to {most} players, not {n!r}").format(
                least=MIN_PLAYERS, most=MAX_PLAYERS, n=players))
        names = list(names) if names is not None else [_("Player {n}").format(n=i + 1)
                                                       for i in range(players)]
        if len(names) != players or not all(isinstance(n, str) and n for n in names):
            raise ValueError(_("give {n} non-empty names").format(n=players))
        rules = rules if rules is not None else TrixterRules()
        if not isinstance(rules, TrixterRules):
            raise TypeError("rules must be a TrixterRules")
        n_hands = 2 * peak_for(players) - 1
        if isinstance(first_hand, bool) or not isinstance(first_hand, int) \
                or not 1 <= first_hand <= n_hands:
            raise ValueError(_("first_hand must be 1..{n}").format(n=n_hands))
        g = cls.__new__(cls)
        g.rules = rules
        g.names = names
        g._initial_names = tuple(names)  # late joiners are in the history, not the setup
        g._init_record(seed, deals)
        if dealer is None:
            dealer = g._rng("dealer").randrange(players)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) \
                or not 0 <= dealer < players:
            raise ValueError(_("dealer must be a seat 0..{last}").format(last=players - 1))
        g.first_dealer = dealer
        g.first_hand = first_hand
        g.scores = [0] * players
        g.hands_played = [0] * players
        g.sheet = []
        g.hand_number = 0
        peak = peak_for(players)
        g.hand_size = min(first_hand, 2 * peak - first_hand)
        g.descending = first_hand >= peak
        g.dealer = dealer
        g.phase = Phase.TRUMP
        why = g._next_deal_problem()
        if why:
            raise ValueError(why)
        g._start_hand()
        return g

    def _setup(self) -> dict[str, Any]:
        return {"players": list(self._initial_names), "rules": self.rules.to_dict(),
                "seed": self.seed, "dealer": self.first_dealer, "first_hand": self.first_hand}

    @classmethod
    def _from_setup(cls, setup: dict[str, Any], deals: list[list[CardSet]]) -> TrixterGame:
        names = setup.get("players")
        if not isinstance(names, list):
            raise ParseError(_("setup needs a list of players"))
        return cls.new(players=len(names), seed=setup.get("seed"),
                       rules=TrixterRules.from_dict(setup.get("rules", {})), deals=deals,
                       dealer=setup.get("dealer"), names=names,
                       first_hand=setup.get("first_hand", 1))

    # --- the table -------------------------------------------------------
    @property
    def n_players(self) -> int:
        """How many seats are at the table now."""
        return len(self.names)

    @property
    def jokers(self) -> int:
        """Jokers in the deck for the current table."""
        return jokers_for(self.n_players)

    @property
    def peak(self) -> int:
        """Cards in the peak hand for the current table."""
        return peak_for(self.n_players)

    @property
    def first_leader(self) -> int:
        """Who leads the first trick of this hand."""
        if self.rules.first_lead == "dealer":
            return self.dealer
        return (self.dealer + 1) % self.n_players

    @property
    def bid_order(self) -> list[int]:
        """Seats in bidding order: the dealer, then play order."""
        n = self.n_players
        return [(self.dealer + i) % n for i in range(n)]

    @property
    def last_bidder(self) -> int:
        """The seat that bids last (just before the dealer)."""
        return (self.dealer - 1) % self.n_players

    @property
    def hands_left(self) -> int:
        """Hands still to be dealt after this one, if nobody joins."""
        if self.phase == Phase.GAME_OVER:
            return 0
        if self.descending:
            return self.hand_size - 1
        return (self.peak - self.hand_size) + (self.peak - 1)

    @property
    def ratings(self) -> list[float]:
        """Points per hand played, per seat (0.0 before a seat's first hand)."""
        return [s / h if h else 0.0 for s, h in zip(self.scores, self.hands_played)]

    @property
    def to_move(self) -> int | None:
        """The seat that must act now (``None`` between hands and at the end)."""
        if self.phase == Phase.TRUMP:
            return self.dealer
        if self.phase == Phase.BID:
            return (self.dealer + self._n_bids) % self.n_players
        if self.phase == Phase.PLAY:
            return (self.leader + len(self.trick)) % self.n_players
        return None

    # --- dealing ---------------------------------------------------------
    def _random_deal(self) -> list[CardSet]:
        d = deal(self.n_players, self.hand_size, self.jokers,
                 self._rng(f"deal {len(self.deals) + 1}"))
        return d.hands

    def _next_deal_problem(self) -> str | None:
        # A scripted deal for the next hand must fit the next hand's size.
        if self._queued and self.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            why = self._check_deal(self._queued[0], self._next_schedule()[0])
            return _("the scripted deal {n} does not fit: {why}").format(
                n=len(self.deals) + 1, why=why) if why else None
        return super()._next_deal_problem()

    def _check_deal(self, hands: list[CardSet], size: int | None = None) -> str | None:
        n = self.n_players
        size = self.hand_size if size is None else size
        if len(hands) != n:
            return ngettext("{hands} hands for {n} players", "{hands} hands for {n} players",
                            len(hands)).format(hands=len(hands), n=n)
        for i, h in enumerate(hands):
            if len(h) != size:
                return ngettext("hand {i} has {n} cards; this hand deals {size}",
                                "hand {i} has {n} cards; this hand deals {size}",
                                len(h)).format(i=i + 1, n=len(h), size=size)
        jokers = sum(h.jokers for h in hands)
        if jokers > self.jokers:
            return ngettext("{jokers} jokers, but {n} players play with {allowed}",
                            "{jokers} jokers, but {n} players play with {allowed}",
                            jokers).format(jokers=jokers, n=n, allowed=self.jokers)
        return None

    def _install_deal(self, hands: list[CardSet]) -> None:
        self.hands = list(hands)
        dealt = CardSet()
        for h in hands:
            dealt = dealt + h
        self.undealt = CardSet.deck(self.jokers) - dealt

    def _start_hand(self) -> None:
        n = self.n_players
        self.hand_number += 1
        self.trump: Suit | None = None
        self.bids: list[int | None] = [None] * n
        self._n_bids = 0
        self.tricks_won = [0] * n
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[list[tuple[int, Card]]] = []
        self.leader = self.first_leader
        self.phase = Phase.TRUMP
        self._deal_next()

    # --- rules -----------------------------------------------------------
    def _trump_choices(self) -> list[Suit | None]:
        return list(Suit) + ([None] if self.rules.allow_no_trump else [])

    def _hook_forbids(self, seat: int, bid: int) -> bool:
        if seat != self.last_bidder:
            return False
        others = sum(b for s, b in enumerate(self.bids) if s != seat and b is not None)
        return bid == self.rules.forbidden_bid(self.hand_size, others)

    def _may_change_bid(self, seat: int) -> bool:
        """A bid may be changed until the next player has bid; the last bidder's until
        the first card is led."""
        if self.phase == Phase.BID:
            return self._n_bids >= 1 and seat == (self.dealer + self._n_bids - 1) % self.n_players
        if self.phase == Phase.PLAY:
            return seat == self.last_bidder and not self.trick and not self.tricks
        return False

    def _may_change_trump(self, seat: int) -> bool:
        """The dealer's trump may be changed until the next player has bid."""
        return seat == self.dealer and self.phase == Phase.BID and self._n_bids <= 1

    def _bids_for(self, seat: int, changing: bool) -> list[Action]:
        out = []
        for b in range(self.hand_size + 1):
            if changing and b == self.bids[seat]:
                continue
            if not self._hook_forbids(seat, b):
                out.append(Bid(b))
        return out

    def _legal(self, seat: int | None) -> list[Action]:
        if self.phase == Phase.HAND_OVER:
            return [NextHand()]
        if seat is None or self.phase == Phase.GAME_OVER:
            return []
        out: list[Action] = []
        mover = self.to_move
        if self.phase == Phase.TRUMP:
            if seat == mover:
                out = [ChooseTrump(s) for s in self._trump_choices()]
            return out
        if self.phase == Phase.BID and seat == mover:
            out += self._bids_for(seat, changing=False)
        if self.phase == Phase.PLAY and seat == mover:
            cards = legal_cards(self.hands[seat], [c for _s, c in self.trick])
            out += [Play(c) for c in cards.without_jokers()]
            if cards.jokers:
                out.append(Play(JOKER))
        if self._may_change_bid(seat):
            out += self._bids_for(seat, changing=True)
        if self._may_change_trump(seat):
            out += [ChooseTrump(s) for s in self._trump_choices() if s != self.trump]
        return out

    def _why_illegal(self, seat: int | None, action: Action) -> str | None:
        phase = self.phase
        if isinstance(action, NextHand):
            if phase != Phase.HAND_OVER:
                return _("the hand is not over yet") if phase != Phase.GAME_OVER \
                    else _("the game is over")
            return self._next_deal_problem()
        if isinstance(action, Join):
            if phase != Phase.HAND_OVER:
                return _("a player may join only between hands")
            if self.n_players >= MAX_PLAYERS:
                return _("the table is full ({n} players)").format(n=MAX_PLAYERS)
            if not isinstance(action.name, str) or not action.name.strip():
                return _("a new player needs a name")
            return None
        if phase == Phase.GAME_OVER:
            return _("the game is over")
        if phase == Phase.HAND_OVER:
            return _("the hand is over: deal the next one (\"next\")")
        if seat is None:
            return _("nobody is to move")
        mover = self.to_move
        who = self.names[seat]
        if isinstance(action, ChooseTrump):
            if action.suit is None and not self.rules.allow_no_trump:
                return _("no trump is not allowed in this game")
            if phase == Phase.TRUMP:
                if seat != mover:
                    return _("the dealer ({name}) names trump").format(
                        name=self.names[self.dealer])
                return None
            if self._may_change_trump(seat):
                if action.suit == self.trump:
                    return _("that is already trump")
                return None
            if seat == self.dealer:
                return _("trump can no longer be changed: the next player has bid")
            return _("only the dealer names trump")
        if isinstance(action, Bid):
            n = action.n
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= self.hand_size:
                return _("a bid is a whole number from 0 to {n}").format(n=self.hand_size)
            if phase == Phase.TRUMP:
                return _("the dealer names trump first")
            changing = self._may_change_bid(seat)
            if not (phase == Phase.BID and seat == mover) and not changing:
                if self.bids[seat] is not None:
                    return _("{who}'s bid can no longer be changed").format(who=who)
                return _("it is {who}'s turn to bid").format(who=self.names[mover])
            if changing and not (phase == Phase.BID and seat == mover) and n == self.bids[seat]:
                return _("{who} has already bid {n}").format(who=who, n=n)
            if self._hook_forbids(seat, n):
                return _("hook: the last bid may not make the total {n}, the number of "
                         "tricks").format(n=self.hand_size)
            return None
        if isinstance(action, Play):
            if phase != Phase.PLAY:
                return _("cards are played after the bidding")
            if seat != mover:
                return _("it is {who}'s turn to play").format(who=self.names[mover])
            card = action.card
            if not isinstance(card, Card):
                return _("not a card")
            return why_illegal(card, self.hands[seat], [c for _s, c in self.trick])
        return _("{action} is not an action in Trixter").format(action=action)

    def _do(self, seat: int | None, action: Action) -> None:
        if isinstance(action, ChooseTrump):
            self.trump = action.suit
            if self.phase == Phase.TRUMP:
                self.phase = Phase.BID
        elif isinstance(action, Bid):
            if self.phase == Phase.BID and seat == self.to_move:
                self.bids[seat] = action.n
                self._n_bids += 1
                if self._n_bids == self.n_players:
                    self.phase = Phase.PLAY
            else:
                self.bids[seat] = action.n
        elif isinstance(action, Play):
            self._play(seat, action.card)
        elif isinstance(action, NextHand):
            self._advance_schedule()
            self.dealer = (self.dealer + 1) % self.n_players
            self._start_hand()
        elif isinstance(action, Join):
            self._join(action.name.strip())

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat] = self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.n_players:
            return
        won = self.trick[trick_winner([c for _s, c in self.trick], self.trump)][0]
        self.tricks_won[won] += 1
        self.tricks.append(self.trick)
        self.trick = []
        self.leader = won
        if len(self.tricks) == self.hand_size:
            self._score_hand()

    def _score_hand(self) -> None:
        points = [self.rules.score(b, t) for b, t in zip(self.bids, self.tricks_won)]
        for s, p in enumerate(points):
            self.scores[s] += p
            self.hands_played[s] += 1
        self.sheet.append({
            "hand": self.hand_number, "hand_size": self.hand_size, "dealer": self.dealer,
            "trump": _trump_text(self.trump), "bids": list(self.bids),
            "tricks": list(self.tricks_won), "points": points, "totals": list(self.scores),
        })
        over = self.descending and self.hand_size == 1
        self.phase = Phase.GAME_OVER if over else Phase.HAND_OVER

    def _next_schedule(self) -> tuple[int, bool]:
        """B1/B4: the next hand's size and whether the sequence then descends: one card
        more while ascending, one fewer after the peak; capped at the (possibly new) peak,
        after which the sequence descends."""
        size = self.hand_size - 1 if self.descending else self.hand_size + 1
        if size >= self.peak:
            return self.peak, True
        return size, self.descending

    def _advance_schedule(self) -> None:
        self.hand_size, self.descending = self._next_schedule()

    def _join(self, name: str) -> None:
        # The newcomer sits out the finished hand: an empty hand, no bid, no tricks.
        self.names = self.names + [name]
        self.scores.append(0)
        self.hands_played.append(0)
        self.hands.append(CardSet())
        self.bids.append(None)
        self.tricks_won.append(0)

    def add_player(self, name: str) -> int:
        """A late joiner takes the next seat (after the last) between hands; returns the
        seat. They start at 0 points; the deck and peak are recomputed for the table."""
        self.apply(Join(name))
        return self.n_players - 1

    def clone(self) -> TrixterGame:
        """An independent copy (fast: cards and actions are immutable, so lists are
        copied one level deep)."""
        g = object.__new__(TrixterGame)
        d = self.__dict__.copy()
        for key in ("names", "scores", "hands_played", "sheet", "history", "deals", "_queued",
                    "hands", "bids", "tricks_won", "trick", "tricks"):
            d[key] = list(d[key])
        g.__dict__.update(d)
        return g

    # --- views -----------------------------------------------------------
    def score_sheet(self) -> list[dict[str, Any]]:
        """One row per finished hand: hand number and size, dealer, trump, bids, tricks,
        points and running totals per seat (``None`` for seats not yet at the table)."""
        return [self._sheet_row(row) for row in self.sheet]

    def _sheet_row(self, row: dict[str, Any]) -> dict[str, Any]:
        r = dict(row)
        for key in ("bids", "tricks", "points", "totals"):
            r[key] = list(row[key]) + [None] * (self.n_players - len(row[key]))
        return r

    def observation(self, seat: int) -> TrixterObservation:
        """What ``seat`` may know, typed: its own hand, the table's public facts, never
        another seat's cards or the undealt ones."""
        if not self._valid_seat(seat):
            raise ValueError(_("there is no seat {seat!r} at this table").format(seat=seat))
        n = self.n_players
        return TrixterObservation(
            seat=seat, players=tuple(self.names), phase=self.phase, to_move=self.to_move,
            dealer=self.dealer, hand=self.hands[seat],
            hand_counts=tuple(len(self.hands[s]) for s in range(n)), leader=self.leader,
            trick=tuple(self.trick), tricks=tuple(tuple(t) for t in self.tricks),
            tricks_won=tuple(self.tricks_won), scores=tuple(self.scores),
            legal=tuple(self.legal_actions(seat)), history=tuple(self.deal_actions),
            rules=self.rules, hand_number=self.hand_number, hand_size=self.hand_size,
            peak=self.peak, jokers=self.jokers, hands_left=self.hands_left,
            first_leader=self.first_leader, last_bidder=self.last_bidder,
            trump=self.trump if self.phase != Phase.TRUMP else None,
            trump_named=self.phase != Phase.TRUMP, bids=tuple(self.bids),
            ratings=tuple(self.ratings), hands_played=tuple(self.hands_played),
            last_hand=self._sheet_row(self.sheet[-1]) if self.sheet else None)

    def observe(self, seat: int) -> dict[str, Any]:
        """:meth:`observation` as JSON, for the widgets and records."""
        return self.observation(seat).to_json()

def _suit_text(suit: Suit | None) -> str | None:
    return suit.letter if suit is not None else None


def _trump_text(suit: Suit | None) -> str:
    """The trump as in action text: a suit letter or ``"none"``."""
    return suit.letter if suit is not None else "none"


def _trump_name(suit: Suit | None) -> str:
    return suit.name.lower() if suit is not None else "no trump"
