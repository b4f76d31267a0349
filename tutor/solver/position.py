"""A trick-play position of either game, for the solver (double dummy: all hands seen)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tutor.engine.cards import Card, CardSet, Suit, parse_deal
from tutor.engine.errors import ParseError
from tutor.engine.i18n import gettext as _
from tutor.engine.tricks import trick_winner
from tutor.engine.trix.contracts import discard_duty, lead_ban

__all__ = ["Position"]


@dataclass(frozen=True)
class Position:
    """Hands, the trick so far, who led it, trump, and what each seat has won.

    ``trick`` holds the cards already played to the current trick, in order from
    ``leader``; ``won`` counts finished tricks per seat and ``taken`` the cards each
    seat has taken in them (for penalty goals). ``no_heart_lead`` and
    ``penalty_discard`` carry Trix's optional constraints (RULES.md A2): the cards in
    ``penalty_discard`` must be discarded by a player void in the suit led.

    >>> p = Position.from_pbn("N:AK... QJ... T9... 87...", leader=0)
    >>> p.players, p.to_move, p.tricks_left
    (4, 0, 2)
    """

    hands: tuple[CardSet, ...]
    leader: int = 0
    trick: tuple[Card, ...] = ()
    trump: Suit | None = None
    won: tuple[int, ...] = ()
    taken: tuple[CardSet, ...] = ()
    no_heart_lead: bool = False
    penalty_discard: CardSet = field(default_factory=CardSet)

    def __post_init__(self) -> None:
        n = len(self.hands)
        if not 2 <= n <= 8:
            raise ValueError(_("a position has 2 to 8 hands, not {n}").format(n=n))
        object.__setattr__(self, "hands", tuple(self.hands))
        object.__setattr__(self, "trick", tuple(self.trick))
        if not self.won:
            object.__setattr__(self, "won", (0,) * n)
        if not self.taken:
            object.__setattr__(self, "taken", (CardSet(),) * n)
        object.__setattr__(self, "won", tuple(self.won))
        object.__setattr__(self, "taken", tuple(self.taken))
        if len(self.won) != n or len(self.taken) != n:
            raise ValueError(_("won and taken need one entry per seat"))
        if not 0 <= self.leader < n:
            raise ValueError(_("leader must be a seat 0..{last}").format(last=n - 1))
        if len(self.trick) >= n:
            raise ValueError(_("the current trick is already complete"))
        seen = CardSet()
        for h in self.hands + (CardSet(self.trick),):
            clash = (seen & h).without_jokers()
            if clash:
                raise ValueError(_("{card} appears twice in the position").format(
                    card=next(iter(clash))))
            seen = seen + h
        # Hand lengths: seats yet to play this trick hold one card more than those who played.
        sizes = {len(self.hands[(self.leader + i) % n]) + (1 if i < len(self.trick) else 0)
                 for i in range(n)}
        if len(sizes) != 1:
            raise ValueError(_("hand lengths do not fit the trick in progress"))

    @classmethod
    def from_pbn(cls, text: str | Sequence[str], trump: Suit | str | None = None,
                 leader: int = 0, played: Iterable[Card | str] = (),
                 players: int | None = None, **kw) -> Position:
        """From deal text (``"N:AK.. ..."`` or hands separated by spaces, or a list);
        ``played`` are the cards already in the current trick, from ``leader`` on."""
        hands = parse_deal(text, players)
        if isinstance(trump, str):
            trump = None if trump.strip().lower() in ("", "none", "nt", "n") else Suit.parse(trump)
        trick = tuple(c if isinstance(c, Card) else Card.parse(c) for c in played)
        try:
            return cls(tuple(hands), leader=leader, trick=trick, trump=trump, **kw)
        except ValueError as e:
            if isinstance(e, ParseError):
                raise
            raise ParseError(str(e)) from None

    @classmethod
    def from_game(cls, game, hands: Sequence[CardSet] | None = None) -> Position:
        """The live trick-play position of a game (all hands seen: double dummy).

        ``hands`` replaces the hands still held (a layout sampled for one seat's view);
        Trix's optional lead and discard constraints come from the game's rules."""

        trump = getattr(game, "trump", None)
        taken = [CardSet() for _i in range(game.n_players)]
        for t in game.tricks:
            cards = [c for _s, c in t]
            w = t[trick_winner(cards, trump)][0]
            taken[w] = taken[w] + CardSet(cards)
        kw = {}
        contract = getattr(game, "contract", None)
        if contract is not None:
            # The only lead ban is King of Hearts' hearts (contracts.NO_LEAD).
            kw["no_heart_lead"] = bool(lead_ban(contract, game.rules))
            kw["penalty_discard"] = discard_duty(contract, game.rules)
        return cls(tuple(game.hands if hands is None else hands),
                   leader=game.trick[0][0] if game.trick else game.leader,
                   trick=tuple(c for _s, c in game.trick), trump=trump,
                   won=tuple(game.tricks_won), taken=tuple(taken), **kw)

    @property
    def players(self) -> int:
        """How many seats."""
        return len(self.hands)

    @property
    def to_move(self) -> int:
        """The seat that plays next."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)
