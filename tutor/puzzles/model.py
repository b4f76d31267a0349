"""The puzzle type and its goals: what a puzzle is, what the solver needs of it, and its
JSON object (``Puzzle.to_json``); ``play_card`` plays a card on a solver position.

A puzzle is a position of one of the games, the learner's seat (always the seat to move),
a goal the learner must reach against a perfect defence, and the words shown to the
learner. ``docs/puzzle-format.md`` documents the JSON; :mod:`tutor.puzzles.files` reads
and checks it (``load``/``loads``) and writes it (``dump``/``dumps``).

>>> p = Puzzle(id="demo-1", title="Two of three", game="trixter", theme="make-n",
...            difficulty=1, seat=0, hands=tuple(CardSet.parse(h) for h in
...                                              ("AK2...", "QJ3...", "T94...", "875...")),
...            target=Target("exactly", 2), prompt="Take exactly 2 of the 3 tricks.",
...            explanation="Lose the 2 first.")
>>> p.goal(), p.position().to_move
(Exactly(seat=0, n=2), 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tutor.engine.cards import Card, CardSet, Suit
from tutor.engine.tricks import legal_cards, trick_winner
from tutor.engine.trix.contracts import Contract, ends_early
from tutor.solver import Position
from tutor.solver import TrexPosition
from tutor.solver import AvoidCards, Exactly, MaxTricks, MinPenalty, TrexPlace
from tutor.engine.trix.contracts import deal_points
from tutor.solver.trex import layout_from_cards

__all__ = ["Puzzle", "Target", "GOAL_KINDS", "GAMES", "play_card"]

GAMES = ("trixter", "trix")
GOAL_KINDS = {"exactly": "tricks", "max-tricks": "tricks", "avoid": "cards",
              "penalty": "at_most", "trex-place": "place"}


@dataclass(frozen=True)
class Target:
    """What the learner must reach (the JSON ``goal``).

    ``kind`` is one of ``exactly`` (end with exactly ``tricks`` tricks, those already won
    included), ``max-tricks`` (at least ``tricks`` tricks in all), ``avoid`` (take none of
    ``cards``), ``penalty`` (lose at most ``at_most`` points for the rest of the deal; a
    negative number asks for a bonus) and ``trex-place`` (go out in place ``place`` or
    better). ``amount`` holds the number of the kind.
    """

    kind: str
    amount: int = 0
    cards: CardSet = field(default_factory=CardSet)

    def to_json(self) -> dict:
        """The JSON object of this goal."""
        key = GOAL_KINDS[self.kind]
        if self.kind == "avoid":
            return {"kind": self.kind, "cards": [str(c) for c in self.cards]}
        return {"kind": self.kind, key: self.amount}


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a position, the learner's ``seat`` (the seat to move), a ``target``
    and the words a learner reads.

    Trick positions (Trixter, and Trix's trick contracts) use ``hands`` (in play order),
    ``leader`` (who led the current trick), ``trick`` (its cards so far), ``trump``,
    ``won`` and ``taken`` (tricks and cards already won per seat), ``bids`` (Trixter: each
    seat's bid, when the puzzle tells them), ``contract`` and ``doubles`` (Trix). Trex
    positions use ``hands``, ``layout`` (the cards on the table), ``to_move`` and ``out``
    (seats already out, in order). ``visible`` lists the seats
    whose hands the learner sees (all by default: double dummy).
    """

    id: str
    title: str
    game: str
    theme: str
    difficulty: int
    seat: int
    hands: tuple[CardSet, ...]
    target: Target
    prompt: str
    explanation: str
    leader: int = 0
    trick: tuple[Card, ...] = ()
    trump: Suit | None = None
    won: tuple[int, ...] = ()
    taken: tuple[CardSet, ...] = ()
    contract: tuple[Contract, ...] = ()
    doubles: tuple[tuple[Card, int], ...] = ()
    layout: CardSet | None = None
    out: tuple[int, ...] = ()
    visible: tuple[int, ...] | None = None
    unique: bool = False
    bids: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # One form for "nothing won or taken yet", so equal puzzles compare equal.
        if not any(self.won):
            object.__setattr__(self, "won", ())
        if not any(self.taken):
            object.__setattr__(self, "taken", ())

    # --- what the solver needs ---------------------------------------------------
    @property
    def players(self) -> int:
        """How many seats."""
        return len(self.hands)

    @property
    def is_trex(self) -> bool:
        """True for a Trex (domino) puzzle."""
        return Contract.TREX in self.contract

    @property
    def seen(self) -> tuple[int, ...]:
        """The seats whose hands the learner sees (``visible``, default all)."""
        return tuple(range(self.players)) if self.visible is None else self.visible

    def position(self):
        """The solver's position: a :class:`~tutor.solver.Position` or, for Trex, a
        :class:`~tutor.solver.TrexPosition`."""

        if self.is_trex:
            layout = None if self.layout is None else layout_from_cards(self.layout)
            return TrexPosition(self.hands, layout=layout, to_move=self.seat, out=self.out)
        return Position(self.hands, leader=self.leader, trick=self.trick, trump=self.trump,
                        won=self.won or (0,) * self.players,
                        taken=self.taken or (CardSet(),) * self.players)

    def goal(self):
        """The solver's goal for the learner's seat."""

        t = self.target
        if t.kind == "exactly":
            return Exactly(self.seat, t.amount)
        if t.kind == "max-tricks":
            return MaxTricks(self.seat)
        if t.kind == "avoid":
            return AvoidCards(self.seat, t.cards)
        if t.kind == "penalty":
            return MinPenalty(self.seat, self.contract, doubles=self.doubles)
        return TrexPlace(self.seat)

    def reached(self, value: int, position=None) -> bool:
        """Whether a solver value of :meth:`goal` (from ``position``, the puzzle's own by
        default) means the goal is reached: ``exactly``/``avoid`` value 1, ``max-tricks``
        tricks won so far + value >= tricks, ``penalty`` value >= -at_most,
        ``trex-place`` value <= place (a place: lower is better)."""
        t = self.target
        if t.kind in ("exactly", "avoid"):
            return value == 1
        if t.kind == "max-tricks":
            won = (position.won if position is not None else self.won) or (0,) * self.players
            return won[self.seat] + value >= t.amount
        if t.kind == "penalty":
            return value + self.scored(position) >= -t.amount
        return value <= t.amount

    def scored(self, position=None) -> int:
        """The learner's points in a Trix trick contract from the puzzle's start to
        ``position`` (cards and tricks taken since, doubles included: RULES.md A3, A4);
        the solver's penalty value counts only what is still to come."""
        if position is None or self.is_trex or not self.contract:
            return 0

        n = self.players
        start_won = self.won or (0,) * n
        start_taken = self.taken or (CardSet(),) * n
        won = [position.won[s] - start_won[s] for s in range(n)]
        taken = [position.taken[s] - start_taken[s] for s in range(n)]
        return deal_points(self.contract, taken, won, self.doubles)[self.seat]

    def deal_over(self, position) -> bool:
        """Whether the deal is over at ``position``, exactly where the engine ends it: no
        card left (Trex: three players out), or in a King of Hearts, Queens or Diamonds
        puzzle once the last card that scores is taken (RULES.md A2 ``end_early``). The
        cards a position leaves out were played before it, so they count as taken."""
        if self.is_trex:
            return len(position.out) >= 3
        if position.trick:
            return False
        left = CardSet()
        for h in position.hands:
            left = left | h
        return not left or (self.game == "trix" and ends_early(self.contract, left))

    def better(self, a: int, b: int) -> bool:
        """Whether solver value ``a`` is better for the learner than ``b``."""
        return a < b if self.target.kind == "trex-place" else a > b

    # --- JSON ---------------------------------------------------------------------
    def to_json(self) -> dict:
        """The JSON object of this puzzle (``docs/puzzle-format.md``)."""
        pos: dict = {"hands": [h.pbn() for h in self.hands]}
        if self.is_trex:
            if self.layout is not None:
                pos["layout"] = self.layout.pbn()
            pos["to_move"] = self.seat
            if self.out:
                pos["out"] = list(self.out)
        else:
            pos["leader"] = self.leader
            if self.trick:
                pos["trick"] = [str(c) for c in self.trick]
            if self.game == "trixter":
                pos["trump"] = None if self.trump is None else self.trump.letter
                if self.bids:
                    pos["bids"] = list(self.bids)
            if self.won and any(self.won):
                pos["won"] = list(self.won)
            if self.taken and any(self.taken):
                pos["taken"] = [h.pbn() for h in self.taken]
        if self.game == "trix":
            names = [c.text for c in self.contract]
            pos["contract"] = names[0] if len(names) == 1 else names
            if self.doubles:
                pos["doubles"] = {str(c): s for c, s in self.doubles}
        out = {"id": self.id, "title": self.title, "game": self.game, "theme": self.theme,
               "difficulty": self.difficulty, "seat": self.seat, "position": pos,
               "goal": self.target.to_json()}
        if self.visible is not None:
            out["visible"] = list(self.visible)
        if self.unique:
            out["unique"] = True
        out["prompt"] = self.prompt
        out["explanation"] = self.explanation
        return out


# --- playing cards on a trick position ------------------------------------------------
def play_card(position, card: Card | None):
    """The solver position after the seat to move plays ``card`` (``None``: a Trex pass).

    A finished trick goes to its winner, who leads the next.
    """

    if not isinstance(position, Position):
        return position.after(card)
    seat = position.to_move
    if card is None or card not in legal_cards(position.hands[seat], position.trick):
        raise ValueError(f"{card} is not a legal card for seat {seat}")
    hands = list(position.hands)
    hands[seat] = hands[seat].remove(card)
    trick = position.trick + (card,)
    n = position.players
    if len(trick) < n:
        return replace(position, hands=tuple(hands), trick=trick)
    w = (position.leader + trick_winner(trick, position.trump)) % n
    won = list(position.won)
    won[w] += 1
    taken = list(position.taken)
    taken[w] = taken[w] + CardSet(trick)
    return replace(position, hands=tuple(hands), trick=(), leader=w, won=tuple(won),
                   taken=tuple(taken))
