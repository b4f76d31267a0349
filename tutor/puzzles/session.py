"""A puzzle being played: the learner's cards, the perfect defence's replies, undo,
retry, the hint ladder and the solution, and what the learner's seat may see.

The widget (:class:`widgets.puzzle.PuzzleBoard`) is a thin shell around
:class:`PuzzleSession`; everything a learner can do is here, so it is tested without a
browser.

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

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.cards import Card
from tutor.engine.errors import ParseError
from tutor.engine.facts import plural, seat_facts, signed
from tutor.engine.seats import direction, seat_name
from tutor.engine.trix.contracts import contracts_title, early_end_words
from tutor.puzzles.generate import PLACES
from tutor.puzzles.model import Puzzle, play_card
from tutor.puzzles.verify import HintLadder, hints, solve_at
from tutor.engine.tricks import legal_cards
from tutor.engine.tricks import why_illegal
from tutor.engine.trix.contracts import Contract
from tutor.engine.trix.game import KING_OF_HEARTS, QUEENS, deal_points, penalty_cards

__all__ = ["PuzzleSession", "Move", "goal_words"]

Move = tuple[int, "Card | None"]
"""A card played by a seat (``None``: a Trex pass)."""

TESTING_BUDGET = 8
"""At most this many new solves per learner card to choose the most testing of equally
good defences, so a reply stays quick; the choice is the same on every machine."""

def goal_words(p: Puzzle) -> str:
    """The goal in a few words, for the board's header.

    >>> from tutor.puzzles import bundled
    >>> goal_words(next(q for q in bundled() if q.target.kind == "avoid"))
    'do not take the K♥'
    """
    t = p.target
    if t.kind == "exactly":
        return f"exactly {plural(t.amount, 'trick')} in all"
    if t.kind == "max-tricks":
        return f"at least {plural(t.amount, 'trick')} in all"
    if t.kind == "avoid":
        return "do not take the " + ", ".join(c.symbol() for c in t.cards)
    if t.kind == "penalty":
        if t.amount < 0:
            return f"win at least {-t.amount} points"
        if t.amount == 0:
            word = {"queens": "queen", "diamonds": "diamond", "ltoosh": "trick",
                    "king": "K♥"}.get(p.contract[0].text) if len(p.contract) == 1 else None
            return f"take no {word}" if word else "lose no points"
        return f"lose at most {t.amount} points"
    return f"go out {PLACES[t.amount]}" + ("" if t.amount == 1 else " or better")


def _card_words(card: Card | None) -> str:
    """A card in a sentence: "the K♣" (``None``, a Trex pass: "a pass")."""
    return "a pass" if card is None else f"the {card.symbol()}"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _points(n: int) -> str:
    """Points as the learner reads them, with a real minus sign: "−50 points"."""
    return f"{signed(n)} point{'' if abs(n) == 1 else 's'}"


@dataclass(frozen=True)
class _Step:
    """One move and the position after it; ``auto`` marks a learner card played for
    them (their only legal card, or a Trex pass)."""

    seat: int
    card: Card | None
    position: Any
    auto: bool = False


class PuzzleSession:
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
        self._budget = TESTING_BUDGET
        self.retry()

    # --- state -----------------------------------------------------------------------
    def retry(self) -> None:
        """Back to the puzzle's start (the first attempt's ``result`` stays)."""
        self._start = self.puzzle.position()
        self.steps: list[_Step] = []
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

    def end_words(self) -> str:
        """Why the deal ended, when it ended early ("The K♥ has been taken: the deal
        ends."); else empty."""
        return early_end_words(self.puzzle.contract) if self.ended_early else ""

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
        return tuple(c for _, c in self.moves) + tuple(extra)

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
            return "The puzzle is over: retry it or take a card back."
        if self.position.to_move != self.seat:
            return "It is not your turn."
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except ParseError:
                return f"That is not a card: {card!r}."
        hand = self.position.hands[self.seat]
        if card not in hand:
            return f"You do not hold the {card.symbol()}."
        if card in self.legal():
            return None
        if self.is_trex:
            return f"The {card.symbol()} does not fit the layout yet."

        why = why_illegal(card, hand, self.position.trick) or "that card cannot be played"
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
        self._budget = TESTING_BUDGET
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
        self.steps.append(_Step(seat, card, after, auto))
        self._follow(seat, card)
        if self.over and self.reachable and self.result is None:
            self.result = "solved"

    def advance(self) -> None:
        """Let the defence play, and the learner's forced cards and passes go, until the
        learner has a choice or the puzzle is over."""
        for _ in range(400):
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
        self.note = ("You had no card that fits: you passed." if card is None else
                     f"{self._only_words(card)}, the {card.symbol()}, was played for you.")
        self._learner_move(card, auto=True)
        return self.moves[-1]

    def _only_words(self, card: Card) -> str:
        last = len(self.position.hands[self.seat]) == 1
        return "Your last card" if last else "Your only legal card"

    def forced_words(self) -> str | None:
        """When the learner's next move is forced (one legal card, or a Trex pass), what
        the board shows before :meth:`step` plays it, so the learner sees it go; else
        ``None``.

        The only legal card of several is said as such: "your only card" read as if the
        hand held one."""
        if self.to_move != self.seat:
            return None
        legal = self.legal()
        if len(legal) > 1 or (not legal and not self.is_trex):
            return None
        if not legal:
            return "No card of yours fits the layout: you pass."
        card = legal[0]
        return f"{self._only_words(card)} is the {card.symbol()}: it is played for you."

    def defence_card(self) -> Card | None:
        """The card the seat to move (a defender) plays: one that defeats the learner
        when one exists; else, among the cards that leave the learner the worst value,
        the most testing: the one after which the learner's next decision has the most
        failing cards (ties: the first in hand order). ``None``: a Trex pass."""
        pos = self.position
        r = self._solve(self._key(), pos)
        if not r.by_card:
            return None
        worst = self._worst(r.by_card.values())
        cands = [c for c, v in r.by_card.items() if v == worst]
        if len(cands) == 1 or not self.puzzle.reached(worst, pos):
            return cands[0]
        return max(cands, key=lambda c: self._testing(c))

    def _worst(self, values) -> int:
        return max(values) if self.is_trex else min(values)

    def _testing(self, card: Card) -> float:
        """How many of the learner's cards fail at their next decision after ``card``
        (the defenders in between play their first worst card), as a share."""
        extra: list[Card | None] = [card]
        try:
            pos = play_card(self.position, card)
        except ValueError:
            return 0.0
        for _ in range(8):
            key = self._key(extra)
            if self.seat in getattr(pos, "out", ()) or self.puzzle.deal_over(pos):
                return 0.0
            if self._budget <= 0:  # counted cached or not, so history cannot change it
                return -1.0  # not looked at: the cards looked at come first
            self._budget -= 1
            r = self._solve(key, pos)
            if pos.to_move == self.seat:
                if len(r.by_card) < 2:
                    return 0.0
                bad = sum(1 for v in r.by_card.values() if not self.puzzle.reached(v, pos))
                return bad / len(r.by_card)
            worst = self._worst(r.by_card.values()) if r.by_card else None
            nxt = next((c for c, v in r.by_card.items() if v == worst), None)
            try:
                pos = play_card(pos, nxt)
            except ValueError:
                return 0.0
            extra.append(nxt)
        return 0.0

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
        self.note = "Taken back."
        self._forget_line()
        return True

    # --- help ------------------------------------------------------------------------------
    def hints(self) -> HintLadder:
        """The hint ladder for the learner's decision now."""
        if self.to_move != self.seat:
            raise ValueError("no decision of yours to hint at now")
        return hints(self.puzzle, position=self.position, engine=self.engine,
                     result=self._solve(self._key(), self.position))

    def why_no_hint(self) -> str | None:
        """Why the learner may not ask for the next hint now, in words, or ``None``. Once
        the puzzle is over (solved, the goal out of reach, or the solution shown) a hint
        would read as help with a move that no longer counts: undo or retry first.

        >>> from tutor.puzzles import bundled, check
        >>> p = next(q for q in bundled() if q.id == "make-n-001")
        >>> s = PuzzleSession(p)
        >>> s.why_no_hint() is None
        True
        >>> _ = s.play(check(p).failing[0])
        >>> s.why_no_hint().split(". ")[0]
        'The puzzle is over: your goal is out of reach'
        """
        if self.outcome is not None:
            why = ("that was the solution" if self.replayed else
                   "you solved it" if self.outcome == "solved" else "your goal is out of reach")
            return (f"The puzzle is over: {why}. Take a card back (Undo) or retry it to have "
                    f"hints again.")
        if self.to_move != self.seat:
            return "Wait for your turn."
        if self._hint_level >= 4:
            return "That was the last hint: the whole line."
        return None

    def hint(self, level: int | None = None) -> str:
        """The next hint (or hint ``level`` 1-4) for the decision now; asking counts in
        ``hints_used``."""
        if self.over:
            return "The puzzle is over."
        level = self._hint_level + 1 if level is None else level
        if not 1 <= level <= 4:
            raise ValueError(f"hint levels are 1 to 4, not {level!r}")
        ladder = self.hints()
        self._hint_level = max(self._hint_level, level)
        self.hints_used = max(self.hints_used, level)
        if level == 4:
            self._remember_line(ladder)
        text = ladder.hint(level) if level < 4 else self._line_words(ladder)
        # The board names each level ("The whole line: "): the text does not repeat it.
        text = text.removeprefix("The whole line: ")
        if not ladder.reachable and level > 1:
            text += " (Your goal is out of reach now; this card does best.)"
        return text

    def _line_words(self, ladder: HintLadder) -> str:
        """Hint 4: the rest of the play, trick by trick, with who plays each card ("This
        trick: you 6♦, West a card. Trick 5: …"); a card of a hand the learner does not see
        is not named (it must not be given away before it is played)."""
        if ladder.card is None:
            return ladder.hint(4)
        names = self.names()
        pos, tricks, current = self.position, [], []
        hidden = False
        for card in ladder.line:
            seat = pos.to_move
            if self.is_trex and seat == self.seat and current:  # Trex: a round per turn
                tricks.append(current)
                current = []
            who = "you" if seat == self.seat else names[seat]
            if seat in self.puzzle.seen:
                what = "passes" if card is None else card.symbol()
            else:
                hidden = True
                what = "plays or passes" if self.is_trex else "a card"
            current.append(f"{who} {what}")
            try:
                pos = play_card(pos, card)
            except ValueError:  # the deal's end
                break
            if not self.is_trex and not pos.trick:  # the trick is complete
                tricks.append(current)
                current = []
        if current:
            tricks.append(current)
        if self.is_trex:
            text = "; ".join(", ".join(t) for t in tricks) + "."
        else:
            done = sum(self.position.won)
            text = " ".join(
                f"{'This trick' if k == 0 and self.position.trick else f'Trick {done + k + 1}'}"
                f": {', '.join(t)}." for k, t in enumerate(tricks))
        text = text[0].upper() + text[1:]
        if hidden:
            text += " (A card of a hand you cannot see is not named.)"
        return text

    # --- the whole line, once shown: kept to, or left by the defence ----------------------
    def _forget_line(self) -> None:
        self._line: tuple[int, tuple[Move, ...]] | None = None  # (first step, its moves)
        self._line_again = False  # show the line again at the learner's next decision
        self.line_note = ""  # "The defence played K♣, not the 2♠ of the line: …"
        self.line = ""  # the line from the learner's decision reached, in words
        self.line_moves: tuple[Move, ...] = ()  # and as moves

    def _moves_of(self, line: Sequence[Card | None]) -> tuple[Move, ...]:
        """``line`` from the position now as (seat, card) moves."""
        pos, out = self.position, []
        for card in line:
            out.append((pos.to_move, card))
            try:
                pos = play_card(pos, card)
            except ValueError:  # the card that ends a Trex deal
                break
        return tuple(out)

    def _remember_line(self, ladder: HintLadder) -> None:
        """Hint 4 shows ``ladder``'s line: follow the moves made against it."""
        moves = self._moves_of(ladder.line) if ladder.card is not None else ()
        self._line = (len(self.steps), moves) if moves else None
        self._line_again = False

    def _follow(self, seat: int, card: Card | None) -> None:
        """After each move: does it keep to the whole line shown? A learner who leaves it
        has chosen otherwise (the hints start over). A defence card of a hand the
        learner sees that is not the line's is said at once, and the line is shown again
        from the learner's next decision. A hand the learner cannot see was not named in
        the line, so whatever it plays, the line is shown again from there (saying only
        when it left the line would give that hand away)."""
        if self._line is None:
            return
        start, moves = self._line
        i = len(self.steps) - 1 - start
        want = moves[i] if 0 <= i < len(moves) else None
        if seat == self.seat:
            if want is None or want != (seat, card):
                self._line, self._line_again = None, False
            return
        if seat not in self.puzzle.seen:
            self._line_again = True
            return
        if want is not None and want != (seat, card):
            self._line, self._line_again = None, True
            self.line_note = (f"The defence played {_card_words(card)}, not "
                              f"{_card_words(want[1])} of the line.")

    def _show_line_again(self) -> None:
        """At the learner's decision reached after the defence left the line (or a hidden
        hand played): the line from here, as hint 4 gives it, without being asked (the
        learner has seen the whole line once; hints used stay as they were)."""
        ladder = self.hints()
        self._hint_level = 4
        self._remember_line(ladder)
        self.line_moves = self._line[1] if self._line else ()
        self.line = self._line_words(ladder)
        if not ladder.reachable:
            self.line += " (Your goal is out of reach now; this line does best.)"
        lead = self.line_note.removesuffix(".") or \
            "A hand you cannot see has played since the line was shown"
        self.line_note = f"{lead}: here is the line from now."

    def key_idea(self) -> str:
        """The puzzle's explanation as the board shows it once over. Which cards work or
        fail is about the first move only, and it says so: a learner whose winning line
        plays a card later must not read that the card "fails".

        >>> from tutor.puzzles import bundled
        >>> p = next(q for q in bundled() if q.id == "make-n-001")
        >>> PuzzleSession(p).key_idea().count("At your first move")
        1
        """
        text = re.sub(r"\bHere (only )?", lambda m: "At your first move, " + (m[1] or ""),
                      self.puzzle.explanation, count=1)
        text = re.sub(r"(^|\. )The (\S+) fails: ", r"\1At the first move, the \2 would fail: ",
                      text)
        return re.sub(r"(^|\. )The ([^.]+?) fails? too\.", r"\1So would the \2.", text)

    @property
    def hint_level(self) -> int:
        """The hint level shown for the decision now (0: none yet)."""
        return self._hint_level

    def solution(self) -> list[Move]:
        """A winning line from the start against this board's defence: the learner plays
        hint 3's card at every decision. Asking for it before finishing counts as a
        failed attempt."""
        if self.result is None:
            self.result = "failed"
        self.shown_solution = True
        saved = (self.steps, self._final_out, self.reachable, self.failed_at, self.note,
                 self._hint_level, self._line, self._line_again, self.line_note, self.line)
        self._forget_line()
        self.steps, self._final_out, self.reachable, self.failed_at = [], None, True, None
        try:
            self.advance()
            for _ in range(60):
                if self.over:
                    break
                self.play(self.hints().card)
            return self.moves
        finally:
            (self.steps, self._final_out, self.reachable, self.failed_at, self.note,
             self._hint_level, self._line, self._line_again, self.line_note,
             self.line) = saved

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

    # --- what the learner sees -----------------------------------------------------------------
    def names(self) -> list[str]:
        """The seats' names, in the game's direction of play (:mod:`tutor.engine.seats`)."""
        n = self.puzzle.players
        return [seat_name(s, n, self.puzzle.game) for s in range(n)]

    def status(self) -> str:
        """One line: whose turn, whether the goal is still within reach, or the end."""
        p = self.puzzle
        if self.over:
            done = " ".join(w for w in (self.end_words(), self._done_words()) if w)
            if self.replayed:
                return "That was the solution. " + done
            if self.reached() and self.reachable:
                return "Solved! " + done
            return "Not this time. " + done
        if not self.reachable:
            return f"{self._failed_words()} Take it back (Undo), try again, or see the solution."
        mover = self.position.to_move
        if mover == self.seat:
            return ("Your goal is still within reach. Your turn." if self.steps else
                    "Your turn: " + goal_words(p) + ".")
        return f"{self.names()[mover]} to play."

    def _failed_words(self) -> str:
        """Which card of the learner's let the defence beat the goal. "That card" only
        while it is their last: a card played for them since (or one they chose after)
        must not read as the one that failed. A forced card never fails on its own (it
        keeps whatever the position had), so the blame goes to the last card chosen."""
        at = self.failed_at if self.failed_at is not None else len(self.steps) - 1
        mine = [i for i, st in enumerate(self.steps) if st.seat == self.seat]
        if mine and mine[-1] == at and not self.steps[at].auto:
            return "That card let the defence beat the goal."
        chosen = [st.card for st in self.steps[:at + 1]
                  if st.seat == self.seat and not st.auto and st.card is not None]
        if not chosen:
            return "A card you chose earlier let the defence beat the goal."
        return f"The {chosen[-1].symbol()} you chose let the defence beat the goal."

    def _done_words(self) -> str:
        p, pos, t = self.puzzle, self.position, self.puzzle.target
        if self.is_trex:
            place = self.place()
            return f"You went out {PLACES[place]}." if place else ""
        if t.kind in ("exactly", "max-tricks"):
            won = pos.won[self.seat]
            return f"You took {plural(won, 'trick')} in all."
        if t.kind == "avoid":
            took = [c.symbol() for c in t.cards if c in pos.taken[self.seat]]
            if took:
                return f"You took the {', '.join(took)}."
            who = [self.names()[s] for s in range(p.players) if s != self.seat
                   and any(c in pos.taken[s] for c in t.cards)]
            return f"You did not take it: {_and(who)} did." if who else "You did not take it."
        return self._score_words()

    def _score_words(self) -> str:
        """A Trix trick contract's end in words: what the learner took since the puzzle's
        start (tricks in Ltoosh, the cards that score), a card they doubled taken by
        someone else, and their points, scored by the engine (``deal_points``)."""

        p, pos, me = self.puzzle, self.position, self.seat
        n = p.players
        won = [pos.won[s] - (p.won[s] if p.won else 0) for s in range(n)]
        taken = [pos.taken[s] - p.taken[s] if p.taken else pos.taken[s] for s in range(n)]
        contract = set(p.contract)
        points = deal_points(contract, taken, won, p.doubles)[me]
        costly = penalty_cards(contract)
        mine = []
        if Contract.LTOOSH in contract and won[me]:
            mine.append(plural(won[me], "trick"))
        mine += [f"the {c.symbol()}" for c in taken[me] if c in costly]
        what = ("You took " + _and(mine)) if mine else "You took nothing that costs points"
        names = self.names()
        doubled = {c for c, d in p.doubles if d == me}
        what += "".join(f"; {names[s]} took the {c.symbol()} you doubled"
                        for c in doubled for s in range(n) if s != me and c in taken[s])
        # Who took the K♥ and the queens, when not the learner (Diamonds: too many to list).
        named = {c for c in costly if (c in QUEENS or c == KING_OF_HEARTS) and c not in doubled}
        others = "".join(f" {names[s]} took {_and([f'the {c.symbol()}' for c in got])}."
                         for s in range(n) if s != me
                         for got in [[c for c in taken[s] if c in named]] if got)
        return f"{what}: {_points(points)}.{others}"

    def observation(self) -> dict[str, Any]:
        """A table state in the shape of ``game.observe(seat)``, with only what the
        learner's seat may see: their hand, the cards played, counts of other hands
        (the hands of ``visible`` seats go separately, see :meth:`open_hands`)."""
        p, pos = self.puzzle, self.position
        n = p.players
        over = self.over
        trick_pairs, tricks = self._tricks()
        obs: dict[str, Any] = {
            "game": p.game, "seat": self.seat, "players": self.names(),
            "direction": direction(p.game),  # the game's way round (RULES.md "Seats")
            "phase": "hand_over" if over else ("trex" if self.is_trex else "play"),
            "to_move": self.to_move,
            "hand": [str(c) for c in pos.hands[self.seat]],
            "hand_counts": [len(h) for h in pos.hands],
            "legal": [str(c) for c in self.legal()],
            "scores": [0] * n,
            "puzzle": True,
        }
        info = [["Goal", goal_words(p)]]
        if self.is_trex:
            hands, layout = self.hands(), pos.layout
            if self._final_out is not None and self.steps[-1].card is not None:
                layout = layout.play(self.steps[-1].card)  # the card that ended the deal
                obs["hand"] = [str(c) for c in hands[self.seat]]
                obs["hand_counts"] = [len(h) for h in hands]
            obs.update(trick=[], tricks=[], contract=["trex"], layout=layout.to_json(),
                       out=list(self._final_out or pos.out),
                       passes=[sum(1 for s in self.steps if s.seat == k and s.card is None)
                               for k in range(4)])
            facts = seat_facts(p.game, n, contract=["trex"], out=obs["out"],
                               cards_left=obs["hand_counts"])
        else:
            obs.update(trick=trick_pairs, tricks=tricks, leader=pos.leader,
                       tricks_won=list(pos.won))
            if p.game == "trixter":
                obs["trump"] = "none" if p.trump is None else p.trump.letter
                info.append(["Trump", "no trump" if p.trump is None else
                             f"{p.trump.symbol} {p.trump.name.lower()}"])
            else:
                obs["contract"] = [c.text for c in p.contract]
                obs["doubles"] = [[str(c), s] for c, s in p.doubles]
                obs["taken"] = [[str(c) for c in pos.taken[s]] for s in range(n)]
                info.append(["Contract", contracts_title(p.contract)])
            facts = seat_facts(p.game, n, tricks_won=pos.won, bids=p.bids or None,
                               contract=p.contract, taken=pos.taken)
        obs["info"] = info
        obs["facts"] = facts  # each seat's short facts (tutor.engine.facts), the same as in play
        return obs

    def hands(self) -> list:
        """The cards each seat holds now (after the card that ended a Trex deal too)."""
        hands = list(self.position.hands)
        if self._final_out is not None and self.steps[-1].card is not None:
            last = self.steps[-1]
            hands[last.seat] = hands[last.seat].remove(last.card)
        return hands

    def open_hands(self) -> dict[str, list[str]]:
        """The hands shown face up: the puzzle's ``visible`` seats (not the learner's);
        once the puzzle is over, every hand, so its explanation can be followed."""
        hands = self.hands()
        seen = range(self.puzzle.players) if self.over else self.puzzle.seen
        return {str(s): [str(c) for c in hands[s]] for s in seen if s != self.seat}

    def _tricks(self) -> tuple[list[list], list[list[list]]]:
        """The current trick and the tricks finished since the start, as [seat, card]
        pairs (the puzzle's own trick so far included)."""
        p = self.puzzle
        if self.is_trex:
            return [], []
        n = p.players
        current = [[(p.leader + i) % n, str(c)] for i, c in enumerate(p.trick)]
        done: list[list[list]] = []
        for s in self.steps:
            current.append([s.seat, str(s.card)])
            if len(current) == n:
                done.append(current)
                current = []
        return current, done

