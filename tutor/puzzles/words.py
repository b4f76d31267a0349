"""A puzzle's sentences: its goal in a few words, and what the board says of a session
(whose turn, a forced card, how it ended and what the learner took)."""

from __future__ import annotations

from tutor.engine.cards import Card
from tutor.engine.facts import plural, signed
from tutor.engine.i18n import N_, ngettext
from tutor.engine.i18n import gettext as _
from tutor.engine.trix.contracts import Contract, early_end_words
from tutor.engine.trix.game import KING_OF_HEARTS, QUEENS, deal_points, penalty_cards
from tutor.puzzles.generate import PLACES
from tutor.puzzles.model import Puzzle

__all__ = ["goal_words", "card_words", "WordsMixin"]


def goal_words(p: Puzzle) -> str:
    """The goal in a few words, for the board's header.

    >>> from tutor.puzzles import bundled
    >>> goal_words(next(q for q in bundled() if q.target.kind == "avoid"))
    'do not take the K♥'
    """
    t = p.target
    if t.kind == "exactly":
        return _("exactly {tricks} in all").format(tricks=plural(t.amount, "trick"))
    if t.kind == "max-tricks":
        return _("at least {tricks} in all").format(tricks=plural(t.amount, "trick"))
    if t.kind == "avoid":
        return _("do not take the {cards}").format(cards=", ".join(c.symbol() for c in t.cards))
    if t.kind == "penalty":
        if t.amount < 0:
            return _("win at least {n} points").format(n=-t.amount)
        if t.amount == 0:
            word = _TAKE_NO.get(p.contract[0].text) if len(p.contract) == 1 else None
            return _(word) if word else _("lose no points")
        return _("lose at most {n} points").format(n=t.amount)
    if t.amount == 1:
        return _("go out {place}").format(place=_(PLACES[t.amount]))
    return _("go out {place} or better").format(place=_(PLACES[t.amount]))


_TAKE_NO = {"queens": N_("take no queen"), "diamonds": N_("take no diamond"),
            "ltoosh": N_("take no trick"), "king": N_("take no K♥")}
"""A goal of no penalty at all, by the one contract's name."""


def card_words(card: Card | None) -> str:
    """A card in a sentence: "the K♣" (``None``, a Trex pass: "a pass")."""
    return _("a pass") if card is None else _("the {card}").format(card=card.symbol())


def _and(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    # Translators: a list of names or cards, "A, B and C": {some} is all but the last.
    return _("{some} and {last}").format(some=", ".join(words[:-1]), last=words[-1])


def _points(n: int) -> str:
    """Points as the learner reads them, with a real minus sign: "−50 points"."""
    return ngettext("{n} point", "{n} points", abs(n)).format(n=signed(n))


class WordsMixin:
    """The sentences of :class:`~tutor.puzzles.session.PuzzleSession`, read from its
    state (the puzzle, the steps, the position now)."""

    def end_words(self) -> str:
        """Why the deal ended, when it ended early ("The K♥ has been taken: the deal
        ends."); else empty."""
        return early_end_words(self.puzzle.contract) if self.ended_early else ""

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
            return _("No card of yours fits the layout: you pass.")
        card = legal[0]
        if len(self.position.hands[self.seat]) == 1:
            return _("Your last card is the {card}: it is played for you.").format(
                card=card.symbol())
        return _("Your only legal card is the {card}: it is played for you.").format(
            card=card.symbol())

    def status(self) -> str:
        """One line: whose turn, whether the goal is still within reach, or the end."""
        p = self.puzzle
        if self.over:
            done = " ".join(w for w in (self.end_words(), self._done_words()) if w)
            if self.replayed:
                return _("That was the solution. {done}").format(done=done)
            if self.reached() and self.reachable:
                return _("Solved! {done}").format(done=done)
            return _("Not this time. {done}").format(done=done)
        if not self.reachable:
            return _("{failed} Take it back (Undo), try again, or see the solution.").format(
                failed=self._failed_words())
        mover = self.position.to_move
        if mover == self.seat:
            return (_("Your goal is still within reach. Your turn.") if self.steps else
                    _("Your turn: {goal}.").format(goal=goal_words(p)))
        return _("{who} to play.").format(who=self.names()[mover])

    def _failed_words(self) -> str:
        """Which card of the learner's let the defence beat the goal. "That card" only
        while it is their last: a card played for them since (or one they chose after)
        must not read as the one that failed. A forced card never fails on its own (it
        keeps whatever the position had), so the blame goes to the last card chosen."""
        at = self.failed_at if self.failed_at is not None else len(self.steps) - 1
        mine = [i for i, st in enumerate(self.steps) if st.seat == self.seat]
        if mine and mine[-1] == at and not self.steps[at].auto:
            return _("That card let the defence beat the goal.")
        chosen = [st.card for st in self.steps[:at + 1]
                  if st.seat == self.seat and not st.auto and st.card is not None]
        if not chosen:
            return _("A card you chose earlier let the defence beat the goal.")
        return _("The {card} you chose let the defence beat the goal.").format(
            card=chosen[-1].symbol())

    def _done_words(self) -> str:
        p, pos, t = self.puzzle, self.position, self.puzzle.target
        if self.is_trex:
            place = self.place()
            return _("You went out {place}.").format(place=_(PLACES[place])) if place else ""
        if t.kind in ("exactly", "max-tricks"):
            won = pos.won[self.seat]
            return _("You took {tricks} in all.").format(tricks=plural(won, "trick"))
        if t.kind == "avoid":
            took = [c.symbol() for c in t.cards if c in pos.taken[self.seat]]
            if took:
                return _("You took the {cards}.").format(cards=", ".join(took))
            who = [self.names()[s] for s in range(p.players) if s != self.seat
                   and any(c in pos.taken[s] for c in t.cards)]
            return (_("You did not take it: {who} did.").format(who=_and(who)) if who
                    else _("You did not take it."))
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
        mine += [card_words(c) for c in taken[me] if c in costly]
        what = (_("You took {what}").format(what=_and(mine)) if mine
                else _("You took nothing that costs points"))
        names = self.names()
        doubled = {c for c, d in p.doubles if d == me}
        # Translators: added to "You took ..." for each card the learner doubled.
        what += "".join(_("; {who} took the {card} you doubled").format(
                            who=names[s], card=c.symbol())
                        for c in doubled for s in range(n) if s != me and c in taken[s])
        # Who took the K♥ and the queens, when not the learner (Diamonds: too many to list).
        named = {c for c in costly if (c in QUEENS or c == KING_OF_HEARTS) and c not in doubled}
        others = "".join(" " + _("{who} took {cards}.").format(
                             who=names[s], cards=_and([card_words(c) for c in got]))
                         for s in range(n) if s != me
                         for got in [[c for c in taken[s] if c in named]] if got)
        # Translators: {what} is "You took ..."; {others} what the other players took.
        return _("{what}: {points}.{others}").format(what=what, points=_points(points),
                                                     others=others)
