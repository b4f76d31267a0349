"""The hint ladder of a play session, and its words: the idea, then the choice and why,
then the numbers (DESIGN.md "Hints"). The advice engine gets the learner's view only
(``game.observation(seat)``), never the game, so no hidden card can reach a hint."""

from __future__ import annotations

from typing import Any

from tutor.advice import advise
from tutor.advice.answer import (hint_seconds, idea_words, observation_seed, sentence,
                                 trump_change, why_words)
from tutor.engine.actions import (Action, Bid, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                                  NoDouble, NoRedeal, Pass, Play)
from tutor.engine.errors import IllegalActionError
from tutor.app.words import next_button, suit_name
from tutor.engine.i18n import N_, gettext as _, ngettext
from tutor.engine.trix.contracts import contracts_title

__all__ = ["Hints", "hint_words", "action_words", "choice_words", "HINT_OPTIONS",
           "HINT_STEPS"]


class Hints:
    """The hints of a :class:`~tutor.app.session.PlaySession` (its ``game``, ``seat``,
    ``_advisor``, ``_hint`` and ``hint_step``)."""

    def can_hint(self) -> str | None:
        """Why there is no hint to give now, or ``None`` if :meth:`hint` may answer."""
        if self.game.is_over:
            return _("the game is over: there is nothing left to decide")
        if self.game.to_move is None:
            # Translators: {button} is the button's label, "next deal" or "next hand".
            return _("nothing to decide now: press “{button}” to go on").format(
                button=next_button(self.game_name))
        if not self.learner_to_move:
            return _("a hint is for your own decision: wait for your turn")
        return None

    def hint(self, seconds: float | None = None, budget: int | None = None) -> Any:
        """Advice for the decision the learner must take now (an
        :class:`~tutor.advice.answer.Advice`: every legal choice ranked, and why the best), from
        the learner's observation only: :func:`~tutor.advice.advise` for the learner's
        seat, seeded by that observation, so the same decision gets the same hint and
        the other seats' cards cannot change it. ``seconds`` (default
        :func:`hint_seconds`) or ``budget`` bounds the work. The decision is noted as
        hinted in the game record (``game.hinted``). Not the learner's turn: refused with
        the reason (:class:`~tutor.engine.errors.IllegalActionError`), nothing changed.

        Each call shows one more step of the hint ladder (:attr:`hint_step`, up to
        :data:`HINT_STEPS`): the idea, then the choice and why, then the numbers; a new
        decision starts again at the idea, and a forced one shows everything at once."""
        why = self.can_hint()
        if why is not None:
            raise IllegalActionError(why)
        index = len(self.game.history)
        again = self.hint_ready
        if again and seconds is None and budget is None:
            advice = self._hint[1]  # asked again: the same decision, the same answer
        else:
            advisor = self._advisor or advise
            view = self.game.observation(self.seat)  # the seat's view, never the game
            advice = advisor(view, seat=self.seat,
                             seconds=hint_seconds() if seconds is None and budget is None
                             else seconds, seed=observation_seed(view.to_json()),
                             budget=budget)
        self.game.hinted.add(index)
        self._hint = (index, advice, self.game)
        if len(advice.options) < 2:  # nothing to think over: the whole hint at once
            self.hint_step = HINT_STEPS
        else:
            self.hint_step = min(HINT_STEPS, self.hint_step + 1) if again else 1
        return advice

    @property
    def hint_ready(self) -> bool:
        """Whether the decision now already has its hint (the next step shows at once)."""
        return (self._hint is not None and self._hint[0] == len(self.game.history)
                and self._hint[2] is self.game and self.learner_to_move)

    def hint_view(self) -> dict[str, Any]:
        """The hint the table shows (:func:`hint_words`), ``{}`` when there is none: the
        steps shown so far of the one asked for the decision now, or all of it, greyed
        (``"stale"``), once the learner has taken that decision, until their next one
        comes or the hand ends (or undo, a new game)."""
        if self._hint is None or self._hint[2] is not self.game:
            return {}
        index, advice, _game = self._hint
        now = len(self.game.history)
        if now == index:
            return hint_words(advice, stale=False, step=self.hint_step)
        # Greyed only while it is the hint of the learner's latest decision in this hand: a
        # decision taken since without a hint, or a new hand, makes it someone else's past.
        mine = self._mine(this_hand=True)
        if now > index and not self.learner_to_move and mine and mine[-1] == index:
            return hint_words(advice, stale=True)
        return {}

    def clear_hint(self) -> None:
        """Take the shown hint away (the game's record keeps the decision as hinted)."""
        self._hint = None



HINT_OPTIONS = 5
"""How many ranked options a hint shows (the rest are counted)."""

_KIND_WORDS = {"chance": N_("chance of making your bid"), "points": N_("expected points"),
               "place": N_("expected place in Trex")}


def action_words(action: Action) -> str:
    """An action as the hint lists it (public words: the action itself).

    >>> from tutor.engine.actions import parse_action
    >>> [action_words(parse_action(t)) for t in ("TH", "bid 2", "trump none", "trump S",
    ...                                          "contract king+queens", "double QS")]
    ['10♥', 'Bid 2', 'No trump', 'Trump ♠ spades', 'King of Hearts + Queens', 'Double Q♠']
    """
    if isinstance(action, Play):
        return action.card.symbol()
    if isinstance(action, Bid):
        return _("Bid {n}").format(n=action.n)
    if isinstance(action, ChooseTrump):
        s = action.suit
        return _("No trump") if s is None else \
            _("Trump {symbol} {suit}").format(symbol=s.symbol, suit=suit_name(s))
    if isinstance(action, ChooseContract):
        return contracts_title(action.contracts)
    if isinstance(action, Double):
        return _("Double {card}").format(card=action.card.symbol())
    said = _ACTION_WORDS.get(type(action))
    return _(said) if said else str(action)


_ACTION_WORDS = {NoDouble: N_("No double"), ClaimRedeal: N_("Claim a redeal"),
                 NoRedeal: N_("No redeal"), Pass: N_("Pass")}


HINT_STEPS = 3
"""The hint ladder's steps: the idea, the choice and why, the numbers."""

_NEXT_STEP = {Play: N_("Show the card"), Bid: N_("Show the bid"),
              ChooseTrump: N_("Show the trump"), ChooseContract: N_("Show the contract")}


def hint_words(advice: Any, stale: bool = False, top: int = HINT_OPTIONS,
               step: int = HINT_STEPS) -> dict[str, Any]:
    """What the table's hint panel shows for ``advice`` (an :class:`~tutor.advice.answer.Advice`
    for the learner's seat) when ``step`` steps of the ladder are shown (a ``stale`` hint,
    for a decision taken, shows them all, greyed):

    1. ``idea``: the idea, naming no choice (:func:`~tutor.advice.answer.idea_words`);
       ``title`` is only "Hint".
    2. ``title`` names the best choice (or the best two, about equal) and ``why`` says why
       (:func:`~tutor.advice.answer.why_words`).
    3. the numbers: the ``top`` options best first (``action`` text, ``label``, ``text``,
       ``best``), how many ``more`` there are, what they mean (``measure``), the ``line``
       (:meth:`~tutor.advice.answer.Advice.explain`) and the ``note`` (how much was weighed).

    Every key is always there (empty until its step); ``button`` names the next step
    ("" at the last). Nothing but the advice: it holds only what the seat may know."""
    step = HINT_STEPS if stale else max(1, min(HINT_STEPS, step))
    words: dict[str, Any] = {
        "step": step, "steps": HINT_STEPS, "stale": stale, "idea": idea_words(advice),
        "title": _hint_title(advice, stale) if step >= 2 else _("Hint"),
        "why": _after_title(why_words(advice), advice) if step >= 2 else "",
        "options": [], "more": 0, "measure": "", "line": "", "note": "",
        "button": {1: _next_step(advice), 2: _("Show the numbers")}.get(step, ""),
    }
    if step >= 3:
        words.update(_hint_numbers(advice, top))
    return words


def _next_step(advice: Any) -> str:
    """The first step's button: it names the kind of choice only when every option is of
    that kind, so that at the dealer's bid, where the trump may still be changed, it does
    not give away whether a bid or a new trump is best."""
    kinds = {type(o.action) for o in advice.options}
    said = _NEXT_STEP.get(type(advice.best)) if len(kinds) <= 1 else None
    return _(said) if said else _("Show the choice")


def choice_words(action: Action, advice: Any) -> str:
    """:func:`action_words`, but a trump among bids (the dealer may still change it until
    the next player bids) reads as the change it is.

    >>> from tutor.engine.cards import Suit
    >>> from tutor.advice.answer import Advice, Option
    >>> a = Advice(seat=0, kind="points", samples=1, seconds=0, options=[
    ...     Option(ChooseTrump(Suit.HEARTS), 1.0, ""), Option(Bid(0), 0.5, "")])
    >>> choice_words(ChooseTrump(Suit.HEARTS), a), choice_words(Bid(0), a)
    ('Change trump to ♥ hearts', 'Bid 0')
    """
    if trump_change(action, advice.options):
        s = action.suit
        return _("Change to no trump") if s is None else \
            _("Change trump to {symbol} {suit}").format(symbol=s.symbol, suit=suit_name(s))
    return action_words(action)


def _hint_title(advice: Any, stale: bool) -> str:
    """The best choice, or the best two when they are about equal (or equally good)."""
    named = choice_words(advice.best, advice)
    # The same score, but the best leaves you further ahead: named alone.
    if getattr(advice, "about_equal", False) and not getattr(advice, "ahead_breaks_tie", False):
        # Exactly equal, as the numbers' line says ("do equally well"), or about equal.
        tie = advice.options[0].value == advice.options[1].value
        said = _("{choice} or {other}, equally good") if tie else \
            _("{choice} or {other}, about equal")
        named = said.format(choice=named, other=choice_words(advice.options[1].action, advice))
    elif getattr(advice, "unsure", False):
        named = _("{choice}, not surely").format(choice=named)
    said = _("The hint for your last decision: {choice}") if stale else _("Hint: {choice}")
    return said.format(choice=named)


def _after_title(why: str, advice: Any) -> str:
    """``why`` without the choice the title has just named: under "Hint: Bid 0", "With no
    ace, …", not "Bid 0: with no ace, …"; under "Hint: K♠ or Q♠, about equal", "Either
    way: …", not "K♠ and Q♠ do equally well: …" (the review shows no title, so keeps the
    words).

    >>> from tutor.advice.answer import Advice, Option
    >>> a = Advice(seat=0, kind="points", samples=1, seconds=0,
    ...            options=[Option(Bid(0), 1.0, ""), Option(Bid(1), 0.0, "")])
    >>> _after_title("Bid 0: with no ace, your hand takes no trick.", a)
    'With no ace, your hand takes no trick.'
    >>> _after_title("Bid 1: no.", a)
    'Bid 1: no.'
    """
    if getattr(advice, "about_equal", False) and not getattr(advice, "ahead_breaks_tie", False):
        return advice.either()
    named = f"{action_words(advice.best)}:"
    if why.startswith(named):
        return sentence(why[len(named):])
    return why


def _hint_numbers(advice: Any, top: int) -> dict[str, Any]:
    """The hint's last step: the options ranked, with the line and the note."""
    options = list(advice.options)
    best = advice.best
    only = len(options) == 1  # forced: "best" would praise a card that was no choice
    shown = [{"action": str(o.action), "label": choice_words(o.action, advice),
              "text": str(o.text), "only": only,
              "best": o.action == best} for o in options[:top]]
    if best not in [o.action for o in options[:top]]:  # never left out (ties listed first)
        shown[-1:] = [{"action": str(best), "label": choice_words(best, advice),
                       "text": next((str(o.text) for o in options if o.action == best), ""),
                       "best": True}]
    kind = _KIND_WORDS.get(getattr(advice, "kind", ""))
    return {"options": shown, "more": max(0, len(options) - len(shown)),
            "measure": _(kind) if kind else "",
            "line": advice.explain(), "note": _note(advice, options)}


def _note(advice: Any, options: list[Any]) -> str:
    """How much the hint weighed: the deals it tried (a tree search's, how it spread them)."""
    samples = getattr(advice, "samples", 0) or 0
    if samples <= 1:
        return ""
    n = f"{samples:,}"
    if getattr(advice, "paired", True):
        return ngettext("Tried on {n} way the cards you cannot see could lie, each played to "
                        "the end.", "Tried on {n} ways the cards you cannot see could lie, "
                        "each played to the end.", samples).format(n=n)
    if any(isinstance(o.action, ChooseTrump) for o in options):  # a tree a trump
        return ngettext("Searched over {n} way the cards you cannot see could lie, each "
                        "played to the end: every trump as often, and under each the better "
                        "bids more often.", "Searched over {n} ways the cards you cannot see "
                        "could lie, each played to the end: every trump as often, and under "
                        "each the better bids more often.", samples).format(n=n)
    # a tree search: see tutor.advice
    return ngettext("Searched over {n} way the cards you cannot see could lie, each played "
                    "to the end; the better choices were tried on more of them.",
                    "Searched over {n} ways the cards you cannot see could lie, each played "
                    "to the end; the better choices were tried on more of them.",
                    samples).format(n=n)

