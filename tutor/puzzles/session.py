"""A puzzle being played: the learner's cards, the perfect defence's replies, undo,
retry, the hint ladder and the solution, and what the learner's seat may see.

The widget (:class:`widgets.puzzle.PuzzleBoard`) is a thin shell around
:class:`PuzzleSession`; everything a learner can do is here, so it is tested without a
browser. Its trades live beside it: the defence's choice in :mod:`tutor.puzzles.defence`,
the hint ladder and the line's memory in :mod:`tutor.puzzles.ladder`, the sentences in
:mod:`tutor.puzzles.words`, what the seat sees in :mod:`tutor.puzzles.view`.

>>> from tutor.puzzles import bundled, check
>>> p = next(q for q in bundled() if q.id == "make-n-001")
>>> s = PuzzleSession(p)
>>> s.why_illegal("KS")
'You do not hold the K♠.'
>>> moves = s.play(check(p).failing[0])   # a card that loses the goal...
>>> s.reachable, s.outcome, s.result      # ...and the defence makes it count
(False, 'failed', 'failed')
>>> s.undo(), s.reachable, s.outcome
(True, True, None)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tutor.engine.cards import Card
from tutor.engine.errors import ParseError
from tutor.engine.i18n import gettext as _
from tutor.engine.seats import seat_name
from tutor.engine.tricks import legal_cards, why_illegal
from tutor.puzzles.defence import Defence
from tutor.puzzles.ladder import LadderMixin
from tutor.puzzles.model import Puzzle, play_card
from tutor.puzzles.moves import Move, Step
from tutor.puzzles.verify import solve_at
from tutor.puzzles.view import ViewMixin
from tutor.puzzles.words import WordsMixin

__all__ = ["PuzzleSession"]


class PuzzleSession(LadderMixin, WordsMixin, ViewMixin):
    """One attempt at ``puzzle``. The learner plays with :meth:`play`; the other seats
    answer at once with :meth:`defence_card`. ``reachable`` says whether the goal is
    still within reach against best defence; ``outcome`` is ``None`` while playing,
    then ``"solved"`` or ``"failed"``; ``result`` is what counts for the learner's
    rating: the first finish or the first card that lost the goal, never changed by
    undo or retry.
    """

    def __init__(self, puzzle: Puzzle, engine: str = "auto") -> None:
        self.puzzle = puzzle
        self.engine = engine
        self.seat = puzzle.seat
        self._cache: dict[tuple, Any] = {}
        self.result: str | None = None  # "solved" or "failed": the first attempt's result
        self.hints_used = 0  # the highest hint level asked for
        self.shown_solution = False
        self._defence = Defence(puzzle, self._solve)
        self.retry()

    # --- state -----------------------------------------------------------------------
    def retry(self) -> None:
        """Back to the puzzle's start (the first attempt's ``result`` stays)."""
        self._start = self.puzzle.position()
        self.steps: list[Step] = []
        self._final_out: tuple[int, ...] | None = None  # Trex: the deal's end
        self.reachable = True  # check() proved the start
        self.failed_at: int | None = None  # the learner's move that lost the goal
        self.note = ""
        self._hint_level = 0
        self.replayed = False  # the moves are the solution, replayed
        self._forget_line()

    @property
    def position(self):
        """The solver position now (the last one before the end of a Trex deal)."""
        return self.steps[-1].position if self.steps else self._start

    @property
    def moves(self) -> list[Move]:
        """Every move since the start, in order."""
        return [(s.seat, s.card) for s in self.steps]

    @property
    def is_trex(self) -> bool:
        return self.puzzle.is_trex

    @property
    def over(self) -> bool:
        """True when the deal is over where the engine ends it (no card left, or the last
        card that scores in King of Hearts, Queens or Diamonds taken: RULES.md A2), or the
        learner's goal is settled early (the learner out in Trex; in Trixter, every card to
        avoid taken by someone else)."""
        if self.is_trex:
            return self._final_out is not None or self.seat in self.position.out
        pos = self.position
        if self.puzzle.deal_over(pos):
            return True
        t = self.puzzle.target
        if t.kind == "avoid" and not pos.trick and self.puzzle.game != "trix":
            return all(any(c in pos.taken[s] for s in range(pos.players)) for c in t.cards) \
                or any(c in pos.taken[self.seat] for c in t.cards)
        return False

    @property
    def ended_early(self) -> bool:
        """True when the deal ended before its last trick because every card that scores
        in it was taken (RULES.md A2 ``end_early``), as the engine ends it."""
        pos = self.position
        return not self.is_trex and not pos.trick and any(pos.hands) \
            and self.puzzle.deal_over(pos)

    @property
    def to_move(self) -> int | None:
        """The seat to move, ``None`` when the puzzle is over."""
        return None if self.over else self.position.to_move

    @property
    def outcome(self) -> str | None:
        """``"failed"`` once the goal is out of reach, ``"solved"`` when the puzzle is
        over with the goal reached, else ``None``."""
        if not self.reachable:
            return "failed"
        return "solved" if self.over else None

    def reached(self) -> bool:
        """Whether the learner has reached the goal, counted from the cards and tricks
        taken (or the Trex place), with no solver."""
        p, pos, t = self.puzzle, self.position, self.puzzle.target
        if self.is_trex:
            out = self._final_out or pos.out
            return self.seat in out and out.index(self.seat) + 1 <= t.amount
        if not self.over:
            return False
        if t.kind == "exactly":
            return pos.won[self.seat] == t.amount
        if t.kind == "max-tricks":
            return pos.won[self.seat] >= t.amount
        if t.kind == "avoid":
            return not any(c in pos.taken[self.seat] for c in t.cards)
        return p.scored(pos) >= -t.amount

    def place(self) -> int | None:
        """Trex: the learner's place once out (4 when the other three went out first)."""
        if not self.is_trex:
            return None
        out = self._final_out or self.position.out
        if self.seat in out:
            return out.index(self.seat) + 1
        return 4 if len(out) >= 3 else None

    # --- the solver, cached along the path -----------------------------------------------
    def _solve(self, key: tuple, pos):
        r = self._cache.get(key)
        if r is None:
            r = solve_at(self.puzzle, pos, self.engine)
            if len(self._cache) > 5000:
                self._cache.clear()
            self._cache[key] = r
        return r

    def _key(self, extra: Sequence[Card | None] = ()) -> tuple:
        return tuple(c for _seat, c in self.moves) + tuple(extra)

    def legal(self) -> list[Card]:
        """The learner's legal cards now (empty when it is not their turn)."""
        if self.to_move != self.seat:
            return []
        pos = self.position
        if self.is_trex:
            return list(pos.legal())

        return list(legal_cards(pos.hands[self.seat], pos.trick))

    def winning(self) -> list[Card]:
        """The learner's cards now that keep the goal (empty when none does)."""
        if self.to_move != self.seat:
            return []
        r = self._solve(self._key(), self.position)
        return [c for c, v in r.by_card.items() if self.puzzle.reached(v, self.position)]

    # --- playing -------------------------------------------------------------------------
    def why_illegal(self, card: Card | str) -> str | None:
        """Why the learner may not play ``card`` now, in words, or ``None``."""
        if self.over:
            return _("The puzzle is over: retry it or take a card back.")
        if self.position.to_move != self.seat:
            return _("It is not your turn.")
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except ParseError:
                return _("That is not a card: {text}.").format(text=repr(card))
        hand = self.position.hands[self.seat]
        if card not in hand:
            return _("You do not hold the {card}.").format(card=card.symbol())
        if card in self.legal():
            return None
        if self.is_trex:
            return _("The {card} does not fit the layout yet.").format(card=card.symbol())

        why = why_illegal(card, hand, self.position.trick) or _("that card cannot be played")
        return why[0].upper() + why[1:] + "."

    def play(self, card: Card | str, answer: bool = True) -> list[Move]:
        """The learner plays ``card``; with ``answer`` the defence replies at once
        (:meth:`advance`), else one :meth:`step` at a time. Returns the moves made. An
        illegal card raises ``ValueError`` and changes nothing."""
        why = self.why_illegal(card)
        if why is not None:
            raise ValueError(why)
        card = Card.parse(card) if isinstance(card, str) else card
        start = len(self.steps)
        self.note = ""
        self.line_note = self.line = ""  # said for the decision just made
        self._hint_level = 0  # a new decision starts the ladder again
        self._defence.reset_budget()
        self._learner_move(card, auto=False)
        if answer:
            self.advance()
        return self.moves[start:]

    def _learner_move(self, card: Card | None, auto: bool) -> None:
        # A Trex pass (None) keeps what the position had.
        if self.reachable and card is not None and card not in self.winning():
            self.reachable = False
            self.failed_at = len(self.steps)
            if self.result is None:
                self.result = "failed"
        self._push(self.seat, card, auto)

    def _push(self, seat: int, card: Card | None, auto: bool = False) -> None:
        pos = self.position
        try:
            after = play_card(pos, card)
        except ValueError:
            if not self.is_trex:
                raise
            after = pos  # the card ends the Trex deal: that seat goes out last
            self._final_out = pos.out + (seat,) + tuple(
                s for s in range(4) if s not in pos.out and s != seat)
        self.steps.append(Step(seat, card, after, auto))
        self._follow(seat, card)
        if self.over and self.reachable and self.result is None:
            self.result = "solved"

    def advance(self) -> None:
        """Let the defence play, and the learner's forced cards and passes go, until the
        learner has a choice or the puzzle is over."""
        for _i in range(400):
            if self.step() is None:
                return

    def step(self) -> Move | None:
        """One move of the defence, or the learner's only card (or Trex pass) played for
        them; ``None`` when the learner has a choice or the puzzle is over."""
        if self.over:
            return None
        pos = self.position
        if pos.to_move != self.seat:
            self._push(pos.to_move, self.defence_card())
            return self.moves[-1]
        legal = self.legal()
        if len(legal) > 1 or (not legal and not self.is_trex):
            if self._line_again:
                self._show_line_again()
            return None
        card = legal[0] if legal else None
        self.note = self._auto_note(card)
        self._learner_move(card, auto=True)
        return self.moves[-1]

    def _auto_note(self, card: Card | None) -> str:
        """What the board says of the learner's card played for them (``None``: a pass)."""
        if card is None:
            return _("You had no card that fits: you passed.")
        if len(self.position.hands[self.seat]) == 1:
            return _("Your last card, the {card}, was played for you.").format(
                card=card.symbol())
        return _("Your only legal card, the {card}, was played for you.").format(
            card=card.symbol())

    def defence_card(self) -> Card | None:
        """The card the seat to move (a defender) plays: one that defeats the learner
        when one exists; else, among the cards that leave the learner the worst value,
        the most testing: the one after which the learner's next decision has the most
        failing cards (ties: the first in hand order). ``None``: a Trex pass."""
        return self._defence.card(self.position, self._key())

    def undo(self) -> bool:
        """Take back the learner's last chosen card and everything after it; False when
        there is none."""
        mine = [i for i, s in enumerate(self.steps) if s.seat == self.seat and not s.auto]
        if not mine:
            return False
        del self.steps[mine[-1]:]
        self._final_out = None
        self.replayed = False
        if self.failed_at is not None and self.failed_at >= len(self.steps):
            self.failed_at = None
            self.reachable = True
        self._hint_level = 0
        self.note = _("Taken back.")
        self._forget_line()
        return True

    def replay(self, moves: Sequence[Move], each: Callable[[], None] | None = None) -> None:
        """From the start, make ``moves`` (a :meth:`solution`), calling ``each`` after
        every one (a board redraws and pauses there)."""
        self.retry()
        for seat, card in moves:
            if seat == self.seat:
                self._learner_move(card, auto=False)
            else:
                self._push(seat, card)
            if each is not None:
                each()
        self.note = ""
        self.replayed = True

    # --- the seats' names (the sentences and the view say them) ---------------------------
    def names(self) -> list[str]:
        """The seats' names, in the game's direction of play (:mod:`tutor.engine.seats`)."""
        n = self.puzzle.players
        return [seat_name(s, n, self.puzzle.game) for s in range(n)]
