"""Trix: four kingdoms of five contracts (RULES.md part A), on the shared game protocol.

>>> g = TrixGame.new(seed=1)
>>> g.phase.value, g.to_move == g.owner
('choose_contract', True)
>>> len(g.legal_actions())
5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.engine.actions import (Action, ChooseContract, ClaimRedeal, Double, NextHand, NoDouble,
                                  NoRedeal, Pass, Play)
from tutor.engine.cards import Card, CardSet, Rank, Suit, deal
from tutor.engine.i18n import gettext as _, ngettext
from tutor.engine.observation import TrixObservation
from tutor.engine.protocol import Game, Phase
from tutor.engine.tricks import trick_winner, why_illegal
from tutor.engine.trix.contracts import (ACE_OF_HEARTS, DIAMONDS, DOUBLABLE, KING_OF_HEARTS,
                        PENALTY_CARDS, QUEENS, TRICK_CONTRACTS, Contract, deal_points,
                        ends_early, legal_trick_cards, penalty_cards)
from tutor.engine.trix.rules import TrixRules
from tutor.engine.trix.trex import Layout

# The scoring names are contracts.py's, also reachable from here (lessons import them).
__all__ = ["TrixGame", "deal_points", "penalty_cards", "KING_OF_HEARTS", "QUEENS", "DIAMONDS"]

PLAYERS = 4
SEVEN_OF_HEARTS = Card(Suit.HEARTS, Rank.SEVEN)
TWOS = CardSet(Card(s, Rank.TWO) for s in Suit)


def kingdom_owners(first: int, order: str) -> list[int]:
    """Owners of the four kingdoms in turn.

    >>> kingdom_owners(1, "rotate"), kingdom_owners(1, "abba")
    ([1, 2, 3, 0], [1, 2, 0, 3])
    """
    if order == "abba":
        right = (first + 1) % 4
        return [first, right, (right + 2) % 4, (first + 2) % 4]
    return [(first + i) % 4 for i in range(4)]


def may_claim_king_redeal(hand: CardSet) -> bool:
    """K♥ alone, A♥ alone, or exactly K♥ + A♥, with no other heart (A5)."""
    hearts = hand.by_suit(Suit.HEARTS)
    return hearts in (CardSet([KING_OF_HEARTS]), CardSet([ACE_OF_HEARTS]),
                      CardSet([KING_OF_HEARTS, ACE_OF_HEARTS]))


def may_claim_trex_redeal(hand: CardSet) -> bool:
    """All four 2s, or three 2s and the 3 of the fourth suit (A5)."""
    twos = hand & TWOS
    if len(twos) == 4:
        return True
    if len(twos) == 3:
        missing = next(c.suit for c in TWOS if c not in twos)
        return Card(missing, Rank.THREE) in hand
    return False


class TrixGame(Game):
    """A whole game of Trix for four players, following DESIGN.md's game protocol."""

    KIND = "trix"
    FORMAT = "trix-tutor/trix"
    VERSION = 2  # 2: the doubling round visits every player (RULES.md A5)
    OLD_VERSIONS = (1,)

    # --- construction ----------------------------------------------------
    @classmethod
    def new(cls, seed: int | None = None, rules: TrixRules | None = None, *,
            deals: Sequence | None = None, names: Sequence[str] | None = None,
            dealer: int | None = None, owner: int | None = None) -> TrixGame:
        """A new game. ``seed`` makes the first dealer and every shuffle reproducible;
        ``deals`` gives explicit hands for the first deals (redeals use one each). The
        first deal decides the first owner by the 7♥, unless ``owner`` names it (a
        lesson's "you own this kingdom", or a simulation of one hand as owner)."""
        rules = rules if rules is not None else TrixRules()
        if not isinstance(rules, TrixRules):
            raise TypeError("rules must be a TrixRules")
        names = list(names) if names is not None else [_("Player {n}").format(n=i + 1)
                                                       for i in range(4)]
        if len(names) != PLAYERS or not all(isinstance(n, str) and n for n in names):
            raise ValueError(_("give {n} non-empty names").format(n=4))
        g = cls.__new__(cls)
        g.rules = rules
        g.names = names
        g._init_record(seed, deals)
        if dealer is None:
            dealer = g._rng("dealer").randrange(PLAYERS)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4:
            raise ValueError(_("dealer must be a seat 0..{last}").format(last=3))
        if owner is not None and (isinstance(owner, bool) or not isinstance(owner, int)
                                  or not 0 <= owner < 4):
            raise ValueError(_("owner must be a seat 0..3"))
        g.first_owner = owner
        g.first_dealer = dealer
        g.dealer = dealer
        g.scores = [0] * PLAYERS
        g.sheet = []
        g.kingdom = 0
        g.owners: list[int] = []
        g.owner = None
        g.used: list[Contract] = []  # contracts played in this kingdom
        g.kingdom_deals = 0  # deals scored in this kingdom (redeals not counted)
        g.deal_number = 0  # deals dealt, redeals included
        g.phase = Phase.CHOOSE_CONTRACT
        why = g._next_deal_problem()
        if why:
            raise ValueError(why)
        g._start_deal()
        return g

    def _setup(self) -> dict[str, Any]:
        setup = {"players": list(self.names), "rules": self.rules.to_dict(),
                 "seed": self.seed, "dealer": self.first_dealer}
        if self.first_owner is not None:
            setup["owner"] = self.first_owner
        return setup

    @classmethod
    def _from_setup(cls, setup: dict[str, Any], deals: list[list[CardSet]]) -> TrixGame:
        return cls.new(seed=setup.get("seed"), rules=TrixRules.from_dict(setup.get("rules", {})),
                       deals=deals, names=setup.get("players"), dealer=setup.get("dealer"),
                       owner=setup.get("owner"))

    def _after_old_action(self, version: int) -> None:
        """Version 1 records come from the round that visited only the players who could
        double or claim, and ended a doubler's turn by itself once nothing was left to
        double or claim. Say the words that round left unsaid, so the old record plays on
        to the same scores."""
        # Whether the seat to move is starting its turn or has just doubled, the old
        # round waited for it exactly when it had something to double or could claim.
        while self.phase == Phase.DOUBLE:
            seat = self.to_move
            if self._doublable(seat) or self._may_claim(seat):
                return
            self.apply(self._round_word(), seat)

    @property
    def n_players(self) -> int:
        """Always 4."""
        return PLAYERS

    # --- dealing ---------------------------------------------------------
    def _random_deal(self) -> list[CardSet]:
        return deal(PLAYERS, 13, 0, self._rng(f"deal {len(self.deals) + 1}")).hands

    def _check_deal(self, hands: list[CardSet]) -> str | None:
        if len(hands) != PLAYERS:
            return ngettext("{n} hands; Trix is for 4 players", "{n} hands; Trix is for 4 players",
                            len(hands)).format(n=len(hands))
        for i, h in enumerate(hands):
            if h.jokers:
                return _("hand {i} holds a joker; Trix has none").format(i=i + 1)
            if len(h) != 13:
                return ngettext("hand {i} has {n} cards, not 13", "hand {i} has {n} cards, not 13",
                                len(h)).format(i=i + 1, n=len(h))
        return None

    def _install_deal(self, hands: list[CardSet]) -> None:
        self.hands = list(hands)
        if self.deal_number <= 1:
            # The first deal (as dealt, or as replaced by deal_hands): the 7♥ owns it.
            first = self.first_owner if self.first_owner is not None else next(
                s for s in range(PLAYERS) if SEVEN_OF_HEARTS in hands[s])
            self.owners = kingdom_owners(first, self.rules.kingdom_order)
            self.owner = first

    def _start_deal(self) -> None:
        self.deal_number += 1
        self.contract: frozenset[Contract] = frozenset()
        self.doubles: list[tuple[Card, int]] = []
        self.claim: dict[str, Any] | None = None  # a redeal claim shown this deal
        self._queue: list[int] = []  # seats still to visit in the doubling round
        self.leader = 0
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[list[tuple[int, Card]]] = []
        self.taken = [CardSet()] * PLAYERS
        self.tricks_won = [0] * PLAYERS
        self.layout = Layout()
        self.out: list[int] = []  # Trex finishing order
        self.trex_turns = [0] * PLAYERS
        self.passes = [0] * PLAYERS
        self._trex_turn = 0
        self.twos_shown = False
        self.phase = Phase.CHOOSE_CONTRACT
        self._deal_next()
        # The owner deals every deal of the kingdom (the first deal's dealer was drawn).
        if self.deal_number > 1:
            self.dealer = self.owner

    # --- what is allowed ---------------------------------------------------
    @property
    def contracts_left(self) -> list[Contract]:
        """Contracts not yet played in this kingdom."""
        return [c for c in Contract if c not in self.used]

    @property
    def deals_per_kingdom(self) -> int:
        """5, or 2 under the complex preset."""
        return 2 if self.rules.complex_only else 5

    def _contract_choices(self) -> list[frozenset[Contract]]:
        left = self.contracts_left
        tricks = [c for c in left if c in TRICK_CONTRACTS]
        if self.rules.complex_only:
            out = [frozenset(tricks)] if tricks else []
            if Contract.TREX in left:
                out.append(frozenset([Contract.TREX]))
            return out
        out = [frozenset([c]) for c in left]
        if self.rules.combine and len(tricks) > 1:
            n = len(tricks)
            for bits in range(1, 1 << n):
                group = frozenset(tricks[i] for i in range(n) if bits >> i & 1)
                if len(group) > 1:
                    out.append(group)
        return out

    def _doublable(self, seat: int) -> list[Card]:
        if not self.rules.doubling:
            return []
        hand, done = self.hands[seat], {c for c, _s in self.doubles}
        return [card for c in sorted(self.contract & DOUBLABLE)
                for card in hand & PENALTY_CARDS[c] if card not in done]

    def _may_claim(self, seat: int) -> bool:
        hand = self.hands[seat]
        if Contract.KING in self.contract and may_claim_king_redeal(hand):
            return True
        return Contract.TREX in self.contract and may_claim_trex_redeal(hand)

    def _round_doubles(self) -> bool:
        """Doubling applies to the contract (King/Queens named, doubling on: A4)."""
        return self.rules.doubling and bool(self.contract & DOUBLABLE)

    def _round_claims(self) -> bool:
        """A redeal may be claimed in the contract (King of Hearts or Trex named: A5)."""
        return bool(self.contract & {Contract.KING, Contract.TREX})

    def _round_word(self) -> Action:
        return NoDouble() if self._round_doubles() else NoRedeal()

    @property
    def to_move(self) -> int | None:
        """The seat that must act now (``None`` between deals and at the end)."""
        if self.phase == Phase.CHOOSE_CONTRACT:
            return self.owner
        if self.phase == Phase.DOUBLE:
            return self._queue[0]
        if self.phase == Phase.PLAY:
            return (self.leader + len(self.trick)) % PLAYERS
        if self.phase == Phase.TREX:
            return self._trex_turn
        return None

    def _trick_legal(self, seat: int) -> CardSet:
        return legal_trick_cards(self.hands[seat], [c for _s, c in self.trick], self.contract,
                                 self.rules)

    def penalty_cards(self) -> CardSet:
        """The cards that score against their taker in the contract(s) being played."""
        return penalty_cards(self.contract)

    def _legal(self, seat: int | None) -> list[Action]:
        if self.phase == Phase.HAND_OVER:
            return [NextHand()]
        if seat is None or seat != self.to_move:
            return []
        if self.phase == Phase.CHOOSE_CONTRACT:
            return [ChooseContract(c) for c in self._contract_choices()]
        if self.phase == Phase.DOUBLE:
            out: list[Action] = [Double(c) for c in self._doublable(seat)]
            if self._may_claim(seat):
                out.append(ClaimRedeal())
            out.append(self._round_word())
            return out
        if self.phase == Phase.PLAY:
            return [Play(c) for c in self._trick_legal(seat)]
        if self.phase == Phase.TREX:
            playable = self.layout.playable(self.hands[seat])
            return [Play(c) for c in playable] if playable else [Pass()]
        return []

    def _why_illegal(self, seat: int | None, action: Action) -> str | None:
        phase = self.phase
        if isinstance(action, NextHand):
            if phase == Phase.GAME_OVER:
                return _("the game is over")
            if phase != Phase.HAND_OVER:
                return _("the deal is not over yet")
            return self._next_deal_problem()
        if phase == Phase.GAME_OVER:
            return _("the game is over")
        if phase == Phase.HAND_OVER:
            return _("the deal is over: deal the next one (\"next\")")
        mover = self.to_move
        if seat != mover:
            return _("it is {who}'s turn").format(who=self.names[mover])
        if isinstance(action, ChooseContract):
            return self._why_not_contract(action)
        if phase == Phase.CHOOSE_CONTRACT:
            return _("{who} must first choose the contract").format(who=self.names[self.owner])
        if isinstance(action, (Double, ClaimRedeal, NoDouble, NoRedeal)):
            return self._why_not_in_round(seat, action)
        if isinstance(action, Pass):
            if phase != Phase.TREX:
                return _("you may pass only in Trex")
            if self.layout.playable(self.hands[seat]):
                return _("you hold a card that fits the layout: you must play it")
            return None
        if isinstance(action, Play):
            return self._why_not_card(seat, action.card)
        return _("{action} is not an action in Trix").format(action=action)

    def _why_not_contract(self, action: ChooseContract) -> str | None:
        if self.phase != Phase.CHOOSE_CONTRACT:
            return _("the contract has been chosen")
        wanted = action.contracts
        used = [c for c in wanted if c in self.used]
        if used:
            return _("{contract} has already been played in this kingdom").format(
                contract=used[0].title)
        if wanted in self._contract_choices():
            return None
        if self.rules.complex_only:
            return _("Trix Complex: name all the trick contracts left together, or Trex")
        if Contract.TREX in wanted:
            return _("Trex cannot be combined with other contracts")
        return _("contracts may be combined only with the combine option")

    def _why_not_in_round(self, seat: int, action: Action) -> str | None:
        """A double, a redeal claim or the word that ends a turn in the round of doubles."""
        phase = self.phase
        if isinstance(action, Double):
            if phase != Phase.DOUBLE:
                return _("doubling is over")
            if action.card in self._doublable(seat):
                return None
            if not self.rules.doubling:
                return _("doubling is off in this game")
            if any(c == action.card for c, _s in self.doubles):
                return _("{card} is already doubled").format(card=action.card.symbol())
            if action.card not in self.hands[seat]:
                return _("{card} is not in your hand").format(card=action.card.symbol())
            return _("only the K♥ (King of Hearts) or a queen (Queens) can be doubled")
        if isinstance(action, ClaimRedeal):
            if phase != Phase.DOUBLE:
                return _("a redeal may be claimed only right after the announcement")
            if self._may_claim(seat):
                return self._next_deal_problem()
            if Contract.TREX in self.contract:
                return _("a Trex redeal needs all four 2s, or three 2s and the 3 of the "
                         "fourth suit")
            if Contract.KING in self.contract:
                return _("a redeal needs K♥ alone, A♥ alone, or only K♥ and A♥ in hearts")
            return _("a redeal can be claimed only in King of Hearts or Trex")
        if phase != Phase.DOUBLE:
            return _("there is nothing to decline now")
        if action != self._round_word():
            return _("say \"{word}\" to end your turn").format(word=self._round_word())
        return None

    def _why_not_card(self, seat: int, card: Card) -> str | None:
        if not isinstance(card, Card):
            return _("not a card")
        if self.phase == Phase.DOUBLE:
            return _("the doubling round comes first")
        if card not in self.hands[seat]:
            return _("{card} is not in your hand").format(card=card.symbol())
        if self.phase == Phase.TREX:
            if self.layout.is_playable(card):
                return None
            if card.rank == Rank.JACK:
                return _("the {suit} row is already open").format(suit=card.suit.word)
            return _("{card} does not fit: play a jack, or a card next to the end of an open "
                     "row").format(card=card.symbol())
        if card in self._trick_legal(seat):
            return None
        cards = [c for _s, c in self.trick]
        why = why_illegal(card, self.hands[seat], cards)
        if why:
            return why
        if not cards:
            return _("no heart lead in King of Hearts while you hold another suit")
        return _("void in the suit led, you must discard a penalty card")

    # --- doing it ----------------------------------------------------------
    def _do(self, seat: int | None, action: Action) -> None:
        if isinstance(action, ChooseContract):
            self.contract = action.contracts
            self._begin_round()
        elif isinstance(action, Double):
            # The doubler stays to move until they say "no double", even with nothing
            # left: a turn ending by itself would tell the table what else they hold (A5).
            self.doubles.append((action.card, seat))
        elif isinstance(action, (NoDouble, NoRedeal)):
            self._end_turn()
        elif isinstance(action, ClaimRedeal):
            self.claim = {"seat": seat, "hand": [str(c) for c in self.hands[seat]],
                          "contract": self._contract_text()}
            self.sheet.append(self._row(points=[0] * PLAYERS, redeal=seat))
            claim = self.claim
            self._start_deal()
            self.claim = claim
        elif isinstance(action, Play):
            if self.phase == Phase.TREX:
                self._trex_play(seat, action.card)
            else:
                self._trick_play(seat, action.card)
        elif isinstance(action, Pass):
            self.passes[seat] += 1
            self._trex_next(seat)
        elif isinstance(action, NextHand):
            self._next_deal()

    def _begin_round(self) -> None:
        """The shared round of doubles and redeal claims (A5), then the first lead. It
        visits every player from the owner whenever the contract allows a double or a
        claim, whatever their cards: who is visited must not tell who holds what."""
        if self._round_doubles() or self._round_claims():
            self._queue = [(self.owner + i) % 4 for i in range(4)]
            self.phase = Phase.DOUBLE
        else:
            self._queue = []
            self._begin_play()

    def _end_turn(self) -> None:
        self._queue.pop(0)
        if not self._queue:
            self._begin_play()

    def _begin_play(self) -> None:
        if Contract.TREX in self.contract:
            self.phase = Phase.TREX
            self._trex_turn = self.owner
        else:
            self.phase = Phase.PLAY
            self.leader = self.owner

    def _trick_play(self, seat: int, card: Card) -> None:
        self.hands[seat] = self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < PLAYERS:
            return
        cards = [c for _s, c in self.trick]
        won = self.trick[trick_winner(cards)][0]
        self.tricks_won[won] += 1
        self.taken[won] = self.taken[won] + CardSet(cards)
        self.tricks.append(self.trick)
        self.trick = []
        self.leader = won
        if len(self.tricks) == 13 or self._ends_early():
            self._score_deal()

    def _ends_early(self) -> bool:
        """After a trick: whether the deal is over early (A2 ``end_early``)."""
        if not self.rules.end_early:
            return False
        left = CardSet()
        for h in self.hands:
            left = left | h
        return ends_early(self.contract, left)

    def _trex_play(self, seat: int, card: Card) -> None:
        self.hands[seat] = self.hands[seat].remove(card)
        self.layout = self.layout.play(card)
        if not self.hands[seat]:
            self.out.append(seat)
        self._trex_next(seat)

    def _trex_next(self, seat: int) -> None:
        self.trex_turns[seat] += 1
        if self.rules.partnership and not self.twos_shown and all(self.trex_turns):
            self.twos_shown = True  # A7: every 2 still held is now public
        if len(self.out) == 3:
            self.out.append(next(s for s in range(4) if s not in self.out))
            self._score_deal()
            return
        nxt = (seat + 1) % 4
        while nxt in self.out:
            nxt = (nxt + 1) % 4
        self._trex_turn = nxt

    # --- scoring ---------------------------------------------------------------
    def deal_points(self) -> list[int]:
        """Points of the deal being played, from the cards taken (or Trex places)."""
        return deal_points(self.contract, self.taken, self.tricks_won, self.doubles,
                           self.out, self.rules)

    def _contract_text(self) -> str:
        return "+".join(c.text for c in sorted(self.contract))

    def _row(self, points: list[int], redeal: int | None = None) -> dict[str, Any]:
        return {
            "deal": self.deal_number, "kingdom": self.kingdom + 1,
            "deal_in_kingdom": self.kingdom_deals + 1,
            "owner": self.owner, "contract": self._contract_text(),
            "doubles": [[str(card), s] for card, s in self.doubles],
            "redeal": redeal, "taken": [len(t) for t in self.taken],
            "tricks": list(self.tricks_won), "trex_order": list(self.out),
            "points": points, "totals": [a + b for a, b in zip(self.scores, points)],
        }

    def _score_deal(self) -> None:
        points = self.deal_points()
        self.sheet.append(self._row(points))
        for s in range(PLAYERS):
            self.scores[s] += points[s]
        self.used = self.used + sorted(self.contract)
        self.kingdom_deals += 1
        if len(self.used) == 5 and self.kingdom == 3:
            self.phase = Phase.GAME_OVER
        else:
            self.phase = Phase.HAND_OVER

    def _next_deal(self) -> None:
        if len(self.used) == 5:
            self.kingdom += 1
            self.used = []
            self.kingdom_deals = 0
            self.owner = self.owners[self.kingdom]
        self._start_deal()
        self.claim = None

    # --- views -------------------------------------------------------------
    @property
    def team_scores(self) -> list[int]:
        """Totals of the teams 0+2 and 1+3 (meaningful in partnership)."""
        return [self.scores[0] + self.scores[2], self.scores[1] + self.scores[3]]

    def score_sheet(self) -> list[dict[str, Any]]:
        """One row per deal (redeals included, with ``redeal`` naming the claimant):
        kingdom, owner, contract, doubles, cards and tricks taken, points, running totals."""
        return [dict(r) for r in self.sheet]

    def public_cards(self) -> dict[int, list[str]]:
        """Cards of a hand everyone may see: doubled cards still held, and in partnership
        Trex the 2s still held once every player has had a turn."""
        out: dict[int, list[str]] = {}
        for card, s in self.doubles:
            if card in self.hands[s]:
                out.setdefault(s, []).append(str(card))
        if self.twos_shown and self.phase in (Phase.TREX, Phase.HAND_OVER, Phase.GAME_OVER):
            for s in range(PLAYERS):
                twos = [str(c) for c in self.hands[s] & TWOS]
                if twos:
                    out.setdefault(s, []).extend(twos)
        return out

    def observation(self, seat: int) -> TrixObservation:
        """What ``seat`` may know, typed; never another seat's hidden card."""
        if not self._valid_seat(seat):
            raise ValueError(_("there is no seat {seat!r} at this table").format(seat=seat))
        return TrixObservation(
            seat=seat, players=tuple(self.names), phase=self.phase, to_move=self.to_move,
            dealer=self.dealer, hand=self.hands[seat],
            hand_counts=tuple(len(h) for h in self.hands), leader=self.leader,
            trick=tuple(self.trick), tricks=tuple(tuple(t) for t in self.tricks),
            tricks_won=tuple(self.tricks_won), scores=tuple(self.scores),
            legal=tuple(self.legal_actions(seat)), history=tuple(self.deal_actions),
            rules=self.rules, kingdom=self.kingdom, owner=self.owner,
            owner_by_seven=self.first_owner is None, deal_number=self.deal_number,
            contract=frozenset(self.contract), contracts_left=tuple(self.contracts_left),
            taken=tuple(self.taken), doubles=tuple(self.doubles),
            public={s: tuple(Card.parse(c) for c in cards)
                    for s, cards in self.public_cards().items()},
            redeal_claim=self.claim, layout=self.layout, out=tuple(self.out),
            passes=tuple(self.passes),
            team_scores=tuple(self.team_scores) if self.rules.partnership else None,
            last_deal=dict(self.sheet[-1]) if self.sheet else None)

    def observe(self, seat: int) -> dict[str, Any]:
        """:meth:`observation` as JSON, for the widgets and records."""
        return self.observation(seat).to_json()

    def clone(self) -> TrixGame:
        """An independent copy (cards and actions are immutable: lists copied)."""
        g = object.__new__(TrixGame)
        d = self.__dict__.copy()
        for key in ("names", "scores", "sheet", "history", "deals", "_queued", "owners", "used",
                    "hands", "doubles", "_queue", "trick", "tricks", "taken",
                    "tricks_won", "out", "trex_turns", "passes"):
            d[key] = list(d[key])
        g.__dict__.update(d)
        return g
