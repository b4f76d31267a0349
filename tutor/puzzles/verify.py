"""Proving puzzles with the solver: ``check``, ``grade`` and the hint ladder.

"A card works" means: after it, the learner's goal is still reached with best play by
all, the other seats defending together (the solver's paranoid model). Every legal card
counts on its own: two touching cards that are equivalent (say Q♠ and J♠ in one hand)
are two cards, so a puzzle with both as answers is not unique.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tutor.engine.cards import Card
from tutor.engine.i18n import N_, ngettext
from tutor.engine.i18n import gettext as _
from tutor.engine.trix.contracts import Contract, unit_points
from tutor.puzzles.model import Puzzle, play_card
from tutor.puzzles.texts import first_hint
from tutor.solver import solve
from tutor.solver.trex import TrexPosition

__all__ = ["CheckResult", "check", "grade", "grade_score", "HintLadder", "hints", "until_end",
           "position_after", "winning_cards", "solve_at", "THEME_IDEAS",
           "theme_idea"]


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` found: the value from the puzzle's position, the cards that
    keep the goal (``winning``) and those that lose it (``failing``), the solver's
    principal line, and the problems (empty when the puzzle is sound)."""

    puzzle_id: str
    value: int
    winning: tuple[Card, ...]
    failing: tuple[Card, ...]
    line: tuple[Card | None, ...]
    problems: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        """True when the puzzle is sound."""
        return not self.problems


def solve_at(puzzle: Puzzle, position, engine: str):
    """The solver's result for ``puzzle``'s goal at ``position`` (a trick position or a
    Trex one); the board's session asks it at every decision."""

    if isinstance(position, TrexPosition):
        return solve(position, puzzle.goal())
    return solve(position, puzzle.goal(), engine=engine)


def winning_cards(puzzle: Puzzle, position=None, engine: str = "auto", result=None):
    """The solver's result at ``position`` (the puzzle's by default; ``result`` when it
    is already solved) and the legal cards there that keep the goal, in hand order."""
    position = puzzle.position() if position is None else position
    if result is None:
        result = solve_at(puzzle, position, engine)
    return result, [c for c, v in result.by_card.items() if puzzle.reached(v, position)]


def check(puzzle: Puzzle, engine: str = "auto") -> CheckResult:
    """Solve ``puzzle`` and confirm that its goal can be reached, that not every legal
    card reaches it, and (``unique`` puzzles) that exactly one card does."""
    position = puzzle.position()
    result, winning = winning_cards(puzzle, position, engine)
    failing = [c for c in result.by_card if c not in winning]
    problems = []
    if not puzzle.reached(result.value, position):
        problems.append(_("the goal cannot be reached (value {value})").format(
            value=result.value))
    elif not failing:
        problems.append(_("every legal card reaches the goal: nothing to solve"))
    if puzzle.unique and len(winning) != 1:
        problems.append(ngettext("marked unique but {n} cards work: {cards}",
                                 "marked unique but {n} cards work: {cards}",
                                 len(winning)).format(
            n=len(winning), cards=" ".join(str(c) for c in winning)))
    return CheckResult(puzzle.id, result.value, tuple(winning), tuple(failing),
                       until_end(puzzle, position, result.line), tuple(problems))


def position_after(puzzle: Puzzle, moves: Iterable[Card | str | None] = ()):
    """The solver position after ``moves`` (cards in the order played by any seat, ``None``
    or ``"pass"`` for a Trex pass); an illegal move raises ``ValueError``."""
    pos = puzzle.position()
    for m in moves:
        if isinstance(m, str):
            m = None if m == "pass" else Card.parse(m)
        pos = play_card(pos, m)
    return pos


def _decisions(puzzle: Puzzle, engine: str) -> list[tuple[int, int]]:
    """Along the principal line, each decision of the learner with two or more legal
    cards: (cards that work, legal cards)."""
    pos = puzzle.position()
    result = solve_at(puzzle, pos, engine)
    out = []
    for i, m in enumerate(result.line):
        if puzzle.deal_over(pos):
            break
        if pos.to_move == puzzle.seat:
            r = result if i == 0 else solve_at(puzzle, pos, engine)
            if len(r.by_card) > 1:
                good = sum(1 for v in r.by_card.values() if puzzle.reached(v, pos))
                out.append((good, len(r.by_card)))
        try:
            pos = play_card(pos, m)
        except ValueError:  # the line ran to the deal's end
            break
    return out


def grade_score(decisions: Sequence[tuple[int, int]]) -> float:
    """A difficulty score from the learner's decisions ((cards that work, legal cards)
    each): every critical decision (some card fails) adds the share of cards that fail,
    and one more half when only one card works.

    >>> grade_score([(1, 3), (2, 2)])
    1.1666666666666665
    """
    score = 0.0
    for good, legal in decisions:
        if good < legal:
            score += (legal - good) / legal + (0.5 if good == 1 else 0.0)
    return score


def grade(puzzle: Puzzle, engine: str = "auto") -> int:
    """Difficulty 1-5 from the solver: how many of the learner's decisions along the
    principal line are critical, and how many cards fail at each."""
    s = grade_score(_decisions(puzzle, engine))
    for level, limit in enumerate((0.9, 1.5, 2.2, 3.0), start=1):
        if s < limit:
            return level
    return 5


THEME_IDEAS = {
    "make-n": N_("Count the tricks you still need and plan which cards will take them."),
    # Not "get rid of winners early": a high card led wins when nobody must beat it.
    "make-zero": N_("Keep your low cards to play under the others; play a high card only "
                    "where someone must beat it, or discard it when you cannot follow suit."),
    "shed-a-trick": N_("You have more winners than you need: lose one while you still can."),
    "duck-with-joker": N_("A joker never wins a trick: keep it for the trick you must not "
                          "take."),
    "read-the-bids": N_("The bids tell you who holds the high cards: play so the tricks fall "
                        "where the bids say they will."),
    "trump-control": N_("Count trumps: draw them or keep them so they take the tricks you "
                        "need."),
    "king-dodge": N_("Stay out of the trick the K♥ falls into: keep a low card to play under "
                     "it."),
    "king-force": N_("Lead so that someone else must win the trick your doubled K♥ falls on."),
    "queens": N_("Keep low cards to duck under the queens, and shed your own queens on "
                 "others."),
    "diamonds": N_("Each diamond costs {cost}: win tricks without diamonds, lose those with "
                   "them."),
    "ltoosh-lose-all": N_("Every trick costs {cost}: get rid of your high cards while others "
                          "win."),
    "ltoosh-count": N_("You cannot lose them all: choose which tricks to take and lose the "
                       "rest."),
    "trex-open": N_("Open the cards that free your own, not the ones that free the "
                    "others'."),
    "trex-block": N_("Hold back the card the others are waiting for, while you still can."),
    "trex-hold-jack": N_("A jack opens a whole row: hold it until the row helps you more."),
}
"""Each theme's idea, as written (a cost is ``{cost}``): :func:`theme_idea` says it."""

_IDEA_COSTS = {"diamonds": Contract.DIAMONDS, "ltoosh-lose-all": Contract.LTOOSH}


def theme_idea(theme: str) -> str:
    """The idea of ``theme`` in the learner's language, with its cost filled in."""
    text = _(THEME_IDEAS[theme])
    if theme in _IDEA_COSTS:
        return text.format(cost=-unit_points(_IDEA_COSTS[theme]))
    return text


@dataclass(frozen=True)
class HintLadder:
    """Four hints for the learner's next card, from gentle to the answer:
    1 ``idea``, 2 ``suit``, 3 ``card``, 4 ``line`` (the rest of the play with best play by
    all). ``reachable`` is False when the goal can no longer be reached; the card is then
    the best one left."""

    idea: str
    suit: str
    card: Card | None
    line: tuple[Card | None, ...]
    reachable: bool

    def hint(self, level: int) -> str:
        """The text of hint ``level`` (1-4)."""
        if level == 1:
            return self.idea
        if self.card is None:
            return _("You have no card to play: pass.")
        if level == 2:
            return _(_PLAY_A[self.suit])
        if level == 3:
            return _("Play the {card}.").format(card=self.card.symbol())
        if level == 4:
            return _("The whole line: {line}").format(line=" ".join(
                _("pass") if c is None else c.symbol() for c in self.line))
        raise ValueError(f"hint levels are 1 to 4, not {level!r}")


_PLAY_A = {"spade": N_("Play a spade."), "heart": N_("Play a heart."),
           "diamond": N_("Play a diamond."), "club": N_("Play a club."),
           "joker": N_("Play a joker.")}
"""Hint 2, by the suit word of :attr:`HintLadder.suit`."""


GOAL_IDEAS = {
    "exactly": N_("Count the tricks your hand surely takes: take just the ones your goal "
                  "needs, and play under the others once you have them."),
    "max-tricks": THEME_IDEAS["make-n"],
    "avoid": N_("Stay out of the trick the penalty card falls into: keep a low card to play "
                "under it."),
    "penalty": N_("Keep low cards to play under the others, and shed your costly cards on "
                  "tricks others win."),
    "trex-place": THEME_IDEAS["trex-open"],
}
"""The idea of a goal, for a lesson's scene that has no explanation of its own."""


def _idea(puzzle: Puzzle) -> str:
    """Hint 1: the explanation's first sentence, or the theme's idea. A lesson's scene
    without an explanation has its prompt there ("You are North and bid 1." repeated the
    prompt as the idea): the goal's idea then."""
    first = first_hint(puzzle.explanation, puzzle.prompt)
    if first:  # a text of the puzzle's file, said in the learner's language (if known)
        return _(first)
    if puzzle.target.kind == "exactly" and puzzle.target.amount == 0:
        return theme_idea("make-zero")
    if puzzle.theme in THEME_IDEAS:
        return theme_idea(puzzle.theme)
    kind = puzzle.target.kind
    return _(GOAL_IDEAS[kind]) if kind in GOAL_IDEAS else _("Look for the card that keeps "
                                                            "your goal.")


def _idea_card(puzzle: Puzzle, pos, winning: list[Card]) -> Card | None:
    """Among cards that all keep the goal, the one the idea names, where it names one: to
    take no trick with no card of the suit led, the highest card that is not trump (the
    idea: discard a high card when you cannot follow). Else ``None``: the solver's line."""
    if puzzle.game != "trixter" or puzzle.target.kind != "exactly" or puzzle.target.amount \
            or len(winning) < 2 or not pos.trick:
        return None
    led = pos.trick[0].suit
    if led is None or any(c.suit == led for c in pos.hands[puzzle.seat] if not c.is_joker):
        return None
    side = [c for c in winning if not c.is_joker and c.suit != puzzle.trump]
    return max(side, key=lambda c: c.rank) if side else None


def hints(puzzle: Puzzle, moves: Iterable[Card | str | None] = (), position=None,
          engine: str = "auto", result=None) -> HintLadder:
    """The hint ladder for the learner's next decision, after ``moves`` (or at
    ``position``, a solver position of the puzzle in progress, whose solver ``result``
    may be given when known). The learner's seat must be the one to move. The card of
    hint 3 is a card that keeps the goal (the principal line's card when it does), and
    the line of hint 4 starts with it."""
    pos = position_after(puzzle, moves) if position is None else position
    if pos.to_move != puzzle.seat:
        raise ValueError(f"seat {pos.to_move} is to move, not the learner's seat "
                         f"{puzzle.seat}")
    result, winning = winning_cards(puzzle, pos, engine, result)
    line = tuple(result.line)
    if not result.by_card:  # a Trex pass
        return HintLadder(_idea(puzzle), "", None, line, puzzle.reached(result.value, pos))
    if winning:
        card = _idea_card(puzzle, pos, winning) or (line[0] if line and line[0] in winning
                                               else winning[0])
    else:
        best = result.best_cards()
        card = line[0] if line and line[0] in best else best[0]
    if not line or line[0] != card:
        try:
            after = play_card(pos, card)
            rest = () if puzzle.deal_over(after) else tuple(solve_at(puzzle, after, engine).line)
        except ValueError:  # that card ends the Trex deal
            rest = ()
        line = (card,) + rest
    return HintLadder(_idea(puzzle), _suit_word(card), card, until_end(puzzle, pos, line),
                      bool(winning))


def until_end(puzzle: Puzzle, position, line: Iterable[Card | None]) -> tuple[Card | None, ...]:
    """``line`` from ``position`` cut where the deal ends (:meth:`Puzzle.deal_over`): the
    solver plays every card, but the engine ends King of Hearts once the K♥ is taken
    (RULES.md A2), and nothing after that is worth a word. Past the end no card scores,
    so the solver's values are the engine's."""
    out: list[Card | None] = []
    pos = position
    for m in line:
        if puzzle.deal_over(pos):
            break
        out.append(m)
        try:
            pos = play_card(pos, m)
        except ValueError:  # the card that ends a Trex deal
            break
    return tuple(out)


def _suit_word(card: Card) -> str:
    if card.is_joker:
        return "joker"
    return {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}[card.suit.letter]
