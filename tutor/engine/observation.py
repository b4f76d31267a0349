"""What one seat may know, typed: :class:`TrixterObservation` and :class:`TrixObservation`.

``game.observation(seat)`` is the view every consumer reads (bots, advice, review, the
play session, puzzles); ``game.observe(seat)`` is its :meth:`~Observation.to_json`, the
shape the widgets and records carry. Cards are :class:`Card` and :class:`CardSet`, phases
:class:`Phase`, actions actions, so nobody parses card texts again, and the game's kind is
``KIND`` on the class.

The view is shaped like the public face of a game (``hands`` with only the seat's own hand
filled, ``deal_actions``, ``legal_actions``), so the hidden-information tools that read a
game read it as well, and anything that asked for a hidden card would find none.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> for a in ("trump S", "bid 1", "bid 0", "bid 1", "bid 0"):
...     g.apply(a)
>>> seen = g.observation(2)
>>> seen.KIND, str(seen.hand), [len(h) for h in seen.hands], seen.bids
('trixter', '.7.A.7', [0, 0, 3, 0], (0, 1, 0, 1))
>>> seen.to_json() == g.observe(2)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tutor.engine.actions import Action, parse_action
from tutor.engine.cards import Card, CardSet, Suit
from tutor.engine.i18n import gettext as _
from tutor.engine.protocol import Phase
from tutor.engine.tricks import led_suit
from tutor.engine.trixter_rules import TrixterRules
from tutor.engine.trix.contracts import penalty_cards
from tutor.engine.trix.contracts import Contract
from tutor.engine.trix.rules import TrixRules
from tutor.engine.trix.trex import Layout

__all__ = ["Observation", "TrixterObservation", "TrixObservation", "observation_from_json",
           "as_observation"]

Plays = tuple[tuple[int, Card], ...]


def _plays_json(plays: Plays) -> list[list]:
    return [[s, str(c)] for s, c in plays]


def _plays(rows) -> Plays:
    return tuple((int(s), Card.parse(c)) for s, c in rows)


@dataclass(frozen=True)
class Observation:
    """The part of a seat's view both games share."""

    KIND: ClassVar[str] = ""

    seat: int
    players: tuple[str, ...]
    phase: Phase
    to_move: int | None
    dealer: int
    hand: CardSet
    hand_counts: tuple[int, ...]
    leader: int | None
    trick: Plays
    tricks: tuple[Plays, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    legal: tuple[Action, ...]
    history: tuple[tuple[int, Action], ...]  # this deal's actions, all said or shown
    rules: Any = field(repr=False)

    # --- the face of a game the hidden-information tools read ----------------
    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def hands(self) -> list[CardSet]:
        """Every seat's hand as this seat knows it: its own, and empty sets for the rest."""
        return [self.hand if s == self.seat else CardSet() for s in range(self.n_players)]

    @property
    def deal_actions(self) -> list[tuple[int, Action]]:
        return list(self.history)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The seat's legal actions (a view answers for its own seat only)."""
        if seat not in (None, self.seat):
            raise ValueError(f"seat {self.seat} cannot list seat {seat}'s actions")
        return list(self.legal)

    def observation(self, seat: int) -> Observation:
        """This view itself, for its own seat only (as ``game.observation`` answers)."""
        if seat != self.seat:
            raise ValueError(f"seat {self.seat} cannot see what seat {seat} sees")
        return self

    def observe(self, seat: int) -> dict[str, Any]:
        return self.observation(seat).to_json()

    # --- JSON ----------------------------------------------------------------
    def _common_json(self) -> dict[str, Any]:
        return {"game": self.KIND, "seat": self.seat, "players": list(self.players),
                "phase": self.phase.value, "to_move": self.to_move}

    def to_json(self) -> dict[str, Any]:  # pragma: no cover - each game's own
        raise NotImplementedError

    @staticmethod
    def _common_args(d: Mapping[str, Any]) -> dict[str, Any]:
        """The shared fields from an observation's JSON (missing ones empty, so a position
        written by hand in a test or a puzzle needs only what it uses)."""
        players = tuple(d.get("players") or ("",) * len(d.get("hand_counts") or (0,) * 4))
        n = len(players)
        return dict(
            seat=int(d.get("seat", 0)), players=players, phase=Phase(d.get("phase", "play")),
            to_move=d.get("to_move"), dealer=int(d.get("dealer", 0)),
            hand=CardSet([Card.parse(c) for c in d.get("hand", [])]),
            hand_counts=tuple(d.get("hand_counts") or (0,) * n), leader=d.get("leader"),
            trick=_plays(d.get("trick", [])),
            tricks=tuple(_plays(t) for t in d.get("tricks", [])),
            tricks_won=tuple(d.get("tricks_won") or (0,) * n),
            scores=tuple(d.get("scores") or (0,) * n),
            legal=tuple(parse_action(t) for t in d.get("legal", [])),
            history=tuple((int(s), parse_action(t)) for s, t in d.get("history", [])))


@dataclass(frozen=True)
class TrixterObservation(Observation):
    """A Trixter seat's view. ``trump`` is the trump suit (``None``: no trump, or not
    named yet: ``trump_named`` tells which); ``bids`` hold ``None`` for a seat yet to bid."""

    KIND: ClassVar[str] = "trixter"

    hand_number: int = 1
    hand_size: int = 0
    peak: int = 0
    jokers: int = 0
    hands_left: int = 0
    first_leader: int = 0
    last_bidder: int = 0
    trump: Suit | None = None
    trump_named: bool = False
    bids: tuple[int | None, ...] = ()
    ratings: tuple[float, ...] = ()
    hands_played: tuple[int, ...] = ()
    last_hand: Mapping[str, Any] | None = None

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the trick's first card that is not a joker."""

        return led_suit([c for _s, c in self.trick])

    def to_json(self) -> dict[str, Any]:
        lead = self.led_suit
        return {
            **self._common_json(),
            "hand_number": self.hand_number, "hand_size": self.hand_size, "peak": self.peak,
            "jokers": self.jokers, "hands_left": self.hands_left, "dealer": self.dealer,
            "first_leader": self.first_leader, "last_bidder": self.last_bidder,
            "trump": (self.trump.letter if self.trump is not None else "none")
            if self.trump_named else None,
            "trump_name": (self.trump.name.lower() if self.trump is not None else "no trump")
            if self.trump_named else None,
            "bids": list(self.bids),
            "hand": [str(c) for c in self.hand],
            "hand_counts": list(self.hand_counts),
            "leader": self.leader,
            "trick": _plays_json(self.trick),
            "led_suit": lead.letter if lead is not None else None,
            "tricks": [_plays_json(t) for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "scores": list(self.scores),
            "ratings": list(self.ratings),
            "hands_played": list(self.hands_played),
            "legal": [str(a) for a in self.legal],
            "last_hand": dict(self.last_hand) if self.last_hand is not None else None,
            "rules": self.rules.to_dict(),
            "history": [[s, str(a)] for s, a in self.history],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> TrixterObservation:
        """The view from its JSON (``observe(seat)``): for records, messages and positions
        written by hand."""

        args = cls._common_args(d)
        n = len(args["players"])
        trump = d.get("trump")
        return cls(
            **args, rules=TrixterRules.from_dict(d.get("rules") or {}),
            hand_number=int(d.get("hand_number", 1)),
            hand_size=int(d.get("hand_size", len(args["hand"]))),
            peak=int(d.get("peak", 0)), jokers=int(d.get("jokers", 0)),
            hands_left=int(d.get("hands_left", 0)), first_leader=int(d.get("first_leader", 0)),
            last_bidder=int(d.get("last_bidder", 0)),
            trump=None if trump in (None, "none") else Suit.parse(trump),
            trump_named=trump is not None,
            bids=tuple(d.get("bids") or (None,) * n),
            ratings=tuple(d.get("ratings") or (0.0,) * n),
            hands_played=tuple(d.get("hands_played") or (0,) * n),
            last_hand=d.get("last_hand"))


@dataclass(frozen=True)
class TrixObservation(Observation):
    """A Trix seat's view. ``kingdom`` counts from 0 as the game does (the JSON from 1);
    ``public`` holds the cards of other hands everyone may see (doubled cards still held,
    partnership Trex's 2s), by seat."""

    KIND: ClassVar[str] = "trix"

    kingdom: int = 0
    owner: int = 0
    owner_by_seven: bool = False
    deal_number: int = 1
    contract: frozenset = frozenset()
    contracts_left: tuple = ()
    taken: tuple[CardSet, ...] = ()
    doubles: tuple[tuple[Card, int], ...] = ()
    public: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    redeal_claim: Mapping[str, Any] | None = None
    layout: Any = None  # a tutor.engine.trix.trex.Layout
    out: tuple[int, ...] = ()  # Trex: seats out, in order
    passes: tuple[int, ...] = ()
    team_scores: tuple[int, ...] | None = None
    last_deal: Mapping[str, Any] | None = None

    def penalty_cards(self) -> CardSet:
        """The cards that score against their taker in this contract."""

        return penalty_cards(self.contract)

    def to_json(self) -> dict[str, Any]:
        return {
            **self._common_json(),
            "kingdom": self.kingdom + 1, "owner": self.owner,
            "owner_by_seven": self.owner_by_seven, "dealer": self.dealer,
            "deal_number": self.deal_number,
            "contract": sorted(c.text for c in self.contract),
            "contracts_left": [c.text for c in self.contracts_left],
            "hand": [str(c) for c in self.hand],
            "hand_counts": list(self.hand_counts),
            "leader": self.leader,
            "trick": _plays_json(self.trick),
            "tricks": [_plays_json(t) for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "taken": [[str(c) for c in t] for t in self.taken],
            "doubles": [[str(c), s] for c, s in self.doubles],
            "public": {str(s): [str(c) for c in cards] for s, cards in self.public.items()},
            "redeal_claim": dict(self.redeal_claim) if self.redeal_claim is not None else None,
            "layout": self.layout.to_json(),
            "out": list(self.out),
            "passes": list(self.passes),
            "scores": list(self.scores),
            "team_scores": list(self.team_scores) if self.team_scores is not None else None,
            "legal": [str(a) for a in self.legal],
            "last_deal": dict(self.last_deal) if self.last_deal is not None else None,
            "rules": self.rules.to_dict(),
            "history": [[s, str(a)] for s, a in self.history],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> TrixObservation:
        """The view from its JSON (``observe(seat)``): for records, messages and positions
        written by hand."""

        args = cls._common_args(d)
        layout = Layout.from_json(d["layout"]) if d.get("layout") else Layout()
        team = d.get("team_scores")
        return cls(
            **args, rules=TrixRules.from_dict(d.get("rules") or {}),
            kingdom=int(d.get("kingdom", 1)) - 1, owner=int(d.get("owner", 0)),
            owner_by_seven=bool(d.get("owner_by_seven", False)),
            deal_number=int(d.get("deal_number", 1)),
            contract=frozenset(Contract.parse(c) for c in d.get("contract", [])),
            contracts_left=tuple(Contract.parse(c) for c in d.get("contracts_left", [])),
            taken=tuple(CardSet([Card.parse(c) for c in t]) for t in d.get("taken", [])),
            doubles=tuple((Card.parse(c), int(s)) for c, s in d.get("doubles", [])),
            public={int(s): tuple(Card.parse(c) for c in cards)
                    for s, cards in (d.get("public") or {}).items()},
            redeal_claim=d.get("redeal_claim"), layout=layout,
            out=tuple(d.get("out", [])), passes=tuple(d.get("passes") or (0,) * 4),
            team_scores=tuple(team) if team is not None else None,
            last_deal=d.get("last_deal"))


def observation_from_json(d: Mapping[str, Any]) -> Observation:
    """The typed view of an observation's JSON, by its ``"game"`` (Trixter by default)."""
    kinds = {"trixter": TrixterObservation, "trix": TrixObservation}
    kind = d.get("game", "trixter")
    if kind not in kinds:
        raise ValueError(_("not an observation of a game the tutor plays: {kind!r}").format(
            kind=kind))
    return kinds[kind].from_json(d)


def as_observation(observation: Observation | Mapping[str, Any]) -> Observation:
    """The typed view, given the view or its JSON (a message, a position written by hand)."""
    if isinstance(observation, Observation):
        return observation
    return observation_from_json(observation)
