"""The hint ladder of a puzzle being played, and the line's memory: hint 4 shows the
whole line, and the session follows the moves made against it (kept to, or left by the
defence, then shown again from the learner's next decision); the solution is hint 3's
card at every decision."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.cards import Card
from tutor.engine.i18n import gettext as _
from tutor.puzzles.model import play_card
from tutor.puzzles.moves import Move
from tutor.puzzles.texts import once_over
from tutor.puzzles.verify import HintLadder, hints
from tutor.puzzles.words import card_words

__all__ = ["LadderMixin"]


class LadderMixin:
    """The hints and the line of :class:`~tutor.puzzles.session.PuzzleSession`: they
    share its state (the steps, the hint level, the line shown), so they live on it."""

    def hints(self) -> HintLadder:
        """The hint ladder for the learner's decision now."""
        if self.to_move != self.seat:
            raise ValueError(_("no decision of yours to hint at now"))
        return hints(self.puzzle, position=self.position, engine=self.engine,
                     result=self._solve(self._key(), self.position))

    def why_no_hint(self) -> str | None:
        """Why the learner may not ask for the next hint now, in words, or ``None``. Once
        the puzzle is over (solved, the goal out of reach, or the solution shown) a hint
        would read as help with a move that no longer counts: undo or retry first.

        >>> from tutor.puzzles import bundled, check
        >>> from tutor.puzzles.session import PuzzleSession
        >>> p = next(q for q in bundled() if q.id == "make-n-001")
        >>> s = PuzzleSession(p)
        >>> s.why_no_hint() is None
        True
        >>> _ = s.play(check(p).failing[0])
        >>> s.why_no_hint().split(". ")[0]
        'The puzzle is over: your goal is out of reach'
        """
        if self.outcome is not None:
            why = (_("that was the solution") if self.replayed else
                   _("you solved it") if self.outcome == "solved" else
                   _("your goal is out of reach"))
            return _("The puzzle is over: {why}. Take a card back (Undo) or retry it to have "
                     "hints again.").format(why=why)
        if self.to_move != self.seat:
            return _("Wait for your turn.")
        if self._hint_level >= 4:
            return _("That was the last hint: the whole line.")
        return None

    def hint(self, level: int | None = None) -> str:
        """The next hint (or hint ``level`` 1-4) for the decision now; asking counts in
        ``hints_used``."""
        if self.over:
            return _("The puzzle is over.")
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
        text = text.removeprefix(_("The whole line: {line}").format(line=""))
        if not ladder.reachable and level > 1:
            text += " " + _("(Your goal is out of reach now; this card does best.)")
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
            # Translators: a seat in the whole line, "you 6♦", "West a card".
            who = _("you") if seat == self.seat else names[seat]
            if seat in self.puzzle.seen:
                what = _("passes") if card is None else card.symbol()
            else:
                hidden = True
                what = _("plays or passes") if self.is_trex else _("a card")
            # Translators: one move of the whole line: {who} is a seat or "you", {what} a
            # card, "passes", "a card" or "plays or passes".
            current.append(_("{who} {what}").format(who=who, what=what))
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
                _("This trick: {moves}.").format(moves=", ".join(t))
                if k == 0 and self.position.trick else
                _("Trick {n}: {moves}.").format(n=done + k + 1, moves=", ".join(t))
                for k, t in enumerate(tricks))
        text = text[0].upper() + text[1:]
        if hidden:
            text += " " + _("(A card of a hand you cannot see is not named.)")
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
            self.line_note = _("The defence played {card}, not {want} of the line.").format(
                card=card_words(card), want=card_words(want[1]))

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
            self.line += " " + _("(Your goal is out of reach now; this line does best.)")
        lead = self.line_note.removesuffix(".") or \
            _("A hand you cannot see has played since the line was shown")
        # Translators: {lead} is "The defence played ..." (without its full stop) or "A
        # hand you cannot see has played since the line was shown".
        self.line_note = _("{lead}: here is the line from now.").format(lead=lead)

    def key_idea(self) -> str:
        """The puzzle's explanation as the board shows it once over. Which cards work or
        fail is about the first move only, and it says so
        (:func:`~tutor.puzzles.texts.once_over`): a learner whose winning line plays a card
        later must not read that the card "fails". Said in the learner's language: the
        template holds it in this form.

        >>> from tutor.puzzles import bundled
        >>> from tutor.puzzles.session import PuzzleSession
        >>> p = next(q for q in bundled() if q.id == "make-n-001")
        >>> PuzzleSession(p).key_idea().count("At your first move")
        1
        """
        shown = once_over(self.puzzle.explanation)  # the file's words, as shown once over
        return _(shown)

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
            for _i in range(60):
                if self.over:
                    break
                self.play(self.hints().card)
            return self.moves
        finally:
            (self.steps, self._final_out, self.reachable, self.failed_at, self.note,
             self._hint_level, self._line, self._line_again, self.line_note,
             self.line) = saved
