"""Checks of understanding: multiple-choice questions with instant feedback.

Most questions are built from the engine, so their answers cannot drift from the rules:
``winner`` (who takes this trick?), ``legal`` (which card may you play?), ``score``
(Trixter points for a bid and the tricks taken), ``hand_size`` (cards per player in
hand k), ``points`` (a Trix deal's points from the cards taken), ``trex`` (which card
fits the layout?), ``redeal`` (may this Trix hand claim a redeal?). A ``choice``
question states its answer (for ideas the engine does not compute); each has a ``why``
that explains the rule.

>>> q = question("trixter-01-q-winner")
>>> q.choices[q.answer]
'West'
>>> q.feedback(q.answer).startswith("Right")
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from tutor.engine.cards import Card, CardSet, Suit
from tutor.engine import i18n
from tutor.engine.facts import signed
from tutor.engine.i18n import N_, gettext as _, ngettext
from tutor.engine.seats import DIRECTIONS, seat_name
from tutor.engine.tricks import legal_cards, trick_winner, why_illegal
from tutor.lessons.scene import data_files, read_cards, suit_word, trick_story
from tutor.engine.trixter import TrixterRules
from tutor.engine.trixter import schedule
from tutor.engine.trix.contracts import Contract
from tutor.engine.trix.game import deal_points
from tutor.engine.trix.game import KING_OF_HEARTS, QUEENS
from tutor.solver.trex import layout_from_cards
from tutor.engine.cards import Rank
from tutor.engine.trix.game import may_claim_king_redeal, may_claim_trex_redeal

__all__ = ["Question", "question", "questions", "parse_question", "QuizError", "KINDS",
           "said"]

KINDS = ("choice", "winner", "legal", "score", "hand_size", "points", "trex", "redeal")


class QuizError(ValueError):
    """A question's JSON is wrong; the message names the question and the field."""


@dataclass(frozen=True)
class Question:
    """One question: ``text``, ``choices``, the index of the right ``answer``, ``why``
    (the rule, shown after any answer), ``wrong``: why each wrong choice is wrong (every
    one has a reason), and its ``kind`` (:data:`KINDS`)."""

    id: str
    text: str
    choices: tuple[str, ...]
    answer: int
    why: str
    wrong: tuple[str, ...] = ()
    kind: str = "choice"

    def feedback(self, picked: int) -> str:
        """What the learner reads after picking choice ``picked``: every sentence starts
        with a capital, and a wrong pick always says why."""
        if picked == self.answer:
            return _("Right! {why}").format(why=sentence(self.why))
        note = self.wrong[picked] if picked < len(self.wrong) else ""
        if note:
            return _("Not quite. {why} Try again.").format(why=sentence(note))
        return _("Not quite. Try again.")


def said(text: str) -> str:
    """A text of a lesson data file in the learner's language: its translation, or the
    text as written when there is none (an empty text stays empty: gettext's ``""`` is
    the catalog's header). The questions are built in each language spoken
    (:func:`questions`), so the texts are said as a question is built."""
    return _(text) if text else text


def sentence(text: str) -> str:
    """``text`` with a capital first letter (the data's "why" often continues "Right:").

    >>> sentence("the K♥ is alone."), sentence("3 tricks × −15 = −45.")
    ('The K♥ is alone.', '3 tricks × −15 = −45.')
    """
    text = text.strip()
    return text[:1].upper() + text[1:]


def _cards(v: Any, where: str) -> list[Card]:
    return list(read_cards(v, where, QuizError))


def _suit(v: Any, where: str) -> Suit | None:
    if v is None or (isinstance(v, str) and v.lower() in ("", "none")):
        return None
    try:
        return Suit.parse(v)
    except (ValueError, TypeError, KeyError) as e:
        raise QuizError(f"{where}: {v!r} is not a suit ({e})") from None


def _int(q: dict, key: str, where: str, lo: int = 0, hi: int = 999) -> int:
    v = q.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise QuizError(f"{where}: {key!r} must be a whole number {lo}..{hi}")
    return v


def _numbers(right: int, others: list[tuple[int, str]], limit: int = 3
             ) -> tuple[tuple[str, ...], int, tuple[str, ...]]:
    """A number question's choices (the right one among up to ``limit`` distinct
    distractors, sorted), the index of the right one, and why each other is wrong
    (``others``: each distractor with its reason; the first reason of a value counts)."""
    why: dict[int, str] = {}
    for v, reason in others:
        if v != right and v not in why and len(why) < limit:
            why[v] = reason
    vals = sorted({right, *why})
    text = tuple(signed(v) if any(x < 0 for x in vals) else str(v) for v in vals)
    return text, vals.index(right), tuple("" if v == right else why[v] for v in vals)


def parse_question(q: Any, source: str = "<string>", game: str = "trixter") -> Question:
    """A :class:`Question` from its JSON object (see the module doc for the kinds); the
    seats of a four-seat trick are named as ``game`` names them (:mod:`tutor.engine.seats`)."""
    if not isinstance(q, dict) or not isinstance(q.get("id"), str):
        raise QuizError(f"{source}: a question is an object with an 'id'")
    if "seats" not in q:
        q = {**q, "seats": [seat_name(s, 4, game) for s in range(4)]}
    elif isinstance(q["seats"], list):  # the file's own names, said as its other texts
        q = {**q, "seats": [said(n) if isinstance(n, str) else n for n in q["seats"]]}
    where = f"{source}: question {q['id']!r}"
    kind = q.get("kind")
    if kind not in KINDS:
        raise QuizError(f"{where}: 'kind' must be one of {', '.join(KINDS)}")
    text = q.get("text", "")
    why = q.get("why", "")
    if not isinstance(text, str) or not isinstance(why, str):
        raise QuizError(f"{where}: 'text' and 'why' are texts")
    text, why = said(text), said(why)
    build = {"choice": _choice, "winner": _winner, "legal": _legal, "score": _score,
             "hand_size": _hand_size, "points": _points, "trex": _trex,
             "redeal": _redeal}[kind]
    return replace(build(q, q["id"], text, why, where), kind=kind)


def _choice(q, qid, text, why, where) -> Question:
    choices = q.get("choices")
    if not isinstance(choices, list) or len(choices) < 2 \
            or not all(isinstance(c, str) and c for c in choices):
        raise QuizError(f"{where}: 'choices' is a list of at least two texts")
    answer = _int(q, "answer", where, 0, len(choices) - 1)
    wrong = q.get("wrong", [])
    if not isinstance(wrong, list) or not all(isinstance(w, str) for w in wrong):
        raise QuizError(f"{where}: 'wrong' is a list of texts")
    if not text or not why:
        raise QuizError(f"{where}: a choice question needs 'text' and 'why'")
    silent = [c for i, c in enumerate(choices)
              if i != answer and not (i < len(wrong) and wrong[i].strip())]
    if silent:
        raise QuizError(f"{where}: 'wrong' must say why each wrong choice is wrong "
                        f"(nothing for {silent[0]!r})")
    return Question(qid, text, tuple(said(c) for c in choices), answer, why,
                    tuple(said(w) for w in wrong))


def _names(q, where) -> list[str]:
    names = q["seats"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise QuizError(f"{where}: 'seats' is a list of names")
    return names


def _word(card: Card) -> str:
    """A card in a question's words (a joker by name: its emoji may not show)."""
    return _("joker") if card.is_joker else card.symbol()


_TRUMP_IS = (N_("♠ spades are trump"), N_("♥ hearts are trump"), N_("♦ diamonds are trump"),
             N_("♣ clubs are trump"))
"""The trump of a question's trick, by suit (no trump: "No trump")."""


def _who_takes(names: list[str], leader: int, cards: list[Card], trump: Suit | None) -> str:
    """A ``winner`` question's text: the trump, who led what (the suit to follow), then
    the others in turn."""
    n = len(names)
    # Translators: one play of a trick, in "West led the 7♠, then North the K♠, East ...".
    others = [_("{name} the {card}").format(name=names[(leader + k) % n], card=_word(c))
              for k, c in enumerate(cards) if k]
    # Translators: between the plays of a trick ("North the K♠, East the 2♥").
    sep = _(", ")
    played = _("{name} led the {card}, then {others}").format(
        name=names[leader], card=_word(cards[0]), others=sep.join(others))
    trump_is = _("No trump") if trump is None else _(_TRUMP_IS[trump])
    # Translators: {trump} is "No trump" or "♠ spades are trump"; {played} is "West led the
    # 7♠, then North the K♠, East the 2♥, South the A♠".
    return _("{trump}. {played}. Who takes the trick?").format(trump=trump_is, played=played)


def _winner(q, qid, text, why, where) -> Question:
    """``trick``: the cards in play order from ``leader`` (a seat); ``trump``."""
    names = _names(q, where)
    cards = _cards(q.get("trick"), where)
    if len(cards) != len(names):
        raise QuizError(f"{where}: the trick needs one card per seat ({len(names)})")
    leader = _int(q, "leader", where, 0, len(names) - 1)
    trump = _suit(q.get("trump"), where)
    i = trick_winner(cards, trump)
    who = (leader + i) % len(names)
    story = trick_story(cards, leader, trump, names, seat=-1)
    if not text:
        text = _who_takes(names, leader, cards, trump)
    wrong = tuple("" if s == who else _("The {card} does not win.").format(
        card=_word(cards[(s - leader) % len(names)])) for s in range(len(names)))
    return Question(qid, text, tuple(names), who, f"{story} {sentence(why)}".strip(), wrong)


def _legal(q, qid, text, why, where) -> Question:
    """``hand``, ``trick`` (cards so far), ``choices``: cards of the hand, exactly one of
    them legal."""
    hand = CardSet(_cards(q.get("hand"), where))
    trick = _cards(q.get("trick", []), where)
    choices = _cards(q.get("choices"), where)
    if any(c not in hand for c in choices):
        raise QuizError(f"{where}: every choice must be in the hand")
    legal = legal_cards(hand, trick)
    ok = [i for i, c in enumerate(choices) if c in legal]
    if len(ok) != 1:
        raise QuizError(f"{where}: exactly one choice must be legal, not {len(ok)}")
    if not text:
        text = (_("The {card} was led. Which of these cards may you play?").format(
            card=trick[0].symbol()) if trick else
            _("You lead. Which of these cards may you play?"))
    wrong = tuple("" if c in legal else
                  sentence(why_illegal(c, hand, trick) or _("that card may not be played"))
                  + "." for c in choices)
    return Question(qid, text, tuple(_word(c) for c in choices), ok[0], why, wrong)


_SCORING_RULES = {
    "exact": N_("a bid made exactly scores 10 plus the tricks; any miss scores −5"),
    "squared": N_("a bid made exactly scores 10 plus the bid squared; a miss loses the square "
                  "of how far off it was"),
    "tricks_if_missed": N_("a bid made exactly scores 10 plus the tricks; a miss scores just "
                           "the tricks taken")}
"""How Trixter counts the points, by the rules' ``scoring``."""


def _score(q, qid, text, why, where) -> Question:
    """``bid`` and ``tricks``; optional ``scoring`` (a TrixterRules option)."""

    bid, tricks = _int(q, "bid", where, 0, 18), _int(q, "tricks", where, 0, 18)
    try:
        rules = TrixterRules(scoring=q.get("scoring", "exact"))
    except (ValueError, TypeError) as e:
        raise QuizError(f"{where}: {e}") from None
    right = rules.score(bid, tricks)
    made = bid == tricks
    exact = rules.score(bid, bid)
    # Translators: {rule} says how the points are counted ("a bid made exactly scores ...").
    again = _("Count again: {rule}.").format(rule=_(_SCORING_RULES[rules.scoring]))
    if rules.scoring != "exact":
        others = [(v, again) for v in (exact, 10 + tricks, tricks, -5, 10, bid)]
    elif made:
        others = [(-5, _("−5 is for a missed bid, and you took exactly what you bid.")),
                  (tricks, _("The tricks alone are not the score: a bid made exactly earns "
                             "10 more.")),
                  (10, _("The 10 is the bonus for a bid made exactly: the tricks count too.")),
                  (10 + tricks + 1, again), (bid, again)]
    else:
        others = [(exact, _("{points} is what a bid of {bid} scores when it is made exactly, "
                            "and you took {tricks}.").format(points=signed(exact), bid=bid,
                                                             tricks=tricks)),
                  (10 + tricks, _("10 plus the tricks is only for a bid made exactly: you bid "
                                  "{bid} and took {tricks}.").format(bid=bid, tricks=tricks)),
                  (tricks, _("A missed bid earns nothing for its tricks.")),
                  (10, _("The 10 comes only with a bid made exactly.")),
                  (bid, _("A missed bid earns nothing for the number bid."))]
    choices, answer, wrong = _numbers(right, others)
    if not text:
        text = ngettext("You bid {bid} and took {n} trick. How many points do you score?",
                        "You bid {bid} and took {n} tricks. How many points do you score?",
                        tricks).format(bid=bid, n=tricks)
    return Question(qid, text, choices, answer, why, wrong)


def _hand_size(q, qid, text, why, where) -> Question:
    """``players`` and ``hand`` (its number in the game, from 1)."""

    n = _int(q, "players", where, 3, 8)
    sizes = schedule(n)
    k = _int(q, "hand", where, 1, len(sizes))
    right = sizes[k - 1]
    peak = max(sizes)
    again = _("Count again: the hands grow by one card up to the peak of {peak} cards, then "
              "shrink by one.").format(peak=peak)
    others = [(k, _("{k} is the hand's number in the game, not how many cards it deals.")
               .format(k=k)),
              (peak, _("{peak} is the peak hand, the biggest of the game.").format(peak=peak)),
              (right + 1, again), (right - 1 if right > 1 else right + 2, again)]
    choices, answer, wrong = _numbers(right, others, limit=4)
    if not text:
        text = _("In a game of {n} players, how many cards does each player get in hand {k}?"
                 ).format(n=n, k=k)
    return Question(qid, text, choices, answer, why, wrong)


def _points(q, qid, text, why, where) -> Question:
    """Trix: ``contract`` (a name or list), ``taken`` (cards per seat), optional
    ``tricks`` (per seat, for Ltoosh), ``doubles`` ({card: seat}), ``seat`` (whose
    points are asked)."""

    c = q.get("contract")
    names = [c] if isinstance(c, str) else c
    try:
        contract = {Contract.parse(x) for x in names}
    except (ValueError, TypeError) as e:
        raise QuizError(f"{where}: 'contract': {e}") from None
    taken_v = q.get("taken")
    if not isinstance(taken_v, list) or len(taken_v) != 4:
        raise QuizError(f"{where}: 'taken' lists the cards of each of 4 seats")
    taken = [CardSet(_cards(t, where)) for t in taken_v]
    tricks = q.get("tricks", [0, 0, 0, 0])
    if not isinstance(tricks, list) or len(tricks) != 4 \
            or not all(isinstance(t, int) and not isinstance(t, bool) for t in tricks):
        raise QuizError(f"{where}: 'tricks' is 4 whole numbers")
    doubles_v = q.get("doubles", {})
    if not isinstance(doubles_v, dict):
        raise QuizError(f"{where}: 'doubles' maps a card to the seat that doubled it")
    doubles = [(_cards([k], where)[0], v) for k, v in doubles_v.items()]
    seat = _int(q, "seat", where, 0, 3)
    pts = deal_points(contract, taken, tricks, doubles)
    right = pts[seat]
    again = _("Count again: {rule}.").format(rule=_values_words(contract, bool(doubles)))
    sign = (_("Check the sign: the doubler wins when another player takes the doubled card.")
            if right > 0 else _("Check the sign: cards and tricks cost the player who takes "
                                "them."))
    others = [(right + 25, again), (right - 25, again), (-right, sign),
              (right // 2 if right else -10, again),
              (right * 2 or 25, _("That counts too much: a card costs double only when "
                                  "another player doubled it.") if doubles else again)]
    choices, answer, wrong = _numbers(right, others)
    if not text:
        raise QuizError(f"{where}: a points question needs its 'text'")
    return Question(qid, text, choices, answer, why, wrong)


def _values_words(contract: set, doubled: bool) -> str:
    """What each card and trick costs in ``contract``, from the engine's own scoring."""

    def cost(card: Card | None = None, tricks: int = 0) -> int:
        got = [CardSet([card]) if card else CardSet(), CardSet(), CardSet(), CardSet()]
        return -deal_points(contract, got, [tricks, 0, 0, 0])[0]

    card = {Contract.KING: KING_OF_HEARTS, Contract.QUEENS: next(iter(QUEENS)),
            Contract.DIAMONDS: Card.parse("2D")}
    # "the K♥ costs 75, each queen 25": the first says "costs", the others follow it
    words = [_(_COSTS[c][0 if not i else 1]).format(
        points=cost(card[c]) if c in card else cost(tricks=1))
        for i, c in enumerate(c for c in _COSTS if c in contract)]
    # Translators: between the costs of a contract's cards ("the K♥ costs 75, each queen 25").
    text = _(", ").join(words) or _("nothing costs points here")
    if doubled:
        # Translators: added after what each card costs, within one sentence.
        text = _("{costs}; a doubled card costs its taker twice, and the player who doubled it "
                 "wins its value when someone else takes it").format(costs=text)
    return text


_COSTS = {Contract.KING: (N_("the K♥ costs {points}"), N_("the K♥ {points}")),
          Contract.QUEENS: (N_("each queen costs {points}"), N_("each queen {points}")),
          Contract.DIAMONDS: (N_("each diamond costs {points}"), N_("each diamond {points}")),
          Contract.LTOOSH: (N_("each trick costs {points}"), N_("each trick {points}"))}
"""What a card or trick costs in a contract, said first ("costs") or after another (the
clauses of "Count again: ...")."""


def _trex(q, qid, text, why, where) -> Question:
    """``layout`` (cards on the table) and ``choices``: exactly one fits."""

    try:
        lay = layout_from_cards(_cards(q.get("layout", []), where))
    except ValueError as e:
        raise QuizError(f"{where}: the layout cannot hold these cards: {e}") from None
    choices = _cards(q.get("choices"), where)
    ok = [i for i, c in enumerate(choices) if lay.is_playable(c)]
    if len(ok) != 1:
        raise QuizError(f"{where}: exactly one choice must fit the layout, not {len(ok)}")
    if not text:
        text = _("Which of these cards can you lay on the layout now?")
    on_table = _cards(q.get("layout", []), where)
    wrong = tuple("" if i in ok else _why_not_laid(c, on_table) for i, c in enumerate(choices))
    return Question(qid, text, tuple(c.symbol() for c in choices), ok[0], why, wrong)


def _why_not_laid(card: Card, layout: list[Card]) -> str:
    """Why ``card`` does not fit a Trex layout of these cards, in words."""

    row = sorted(int(c.rank) for c in layout if c.suit == card.suit)
    name = suit_word(card.suit)
    if not row:
        # Translators: {suit} is a suit's name in the singular ("spade").
        return _("The {card} must wait: the {suit} row has not started, and a row starts "
                 "with its jack.").format(card=card.symbol(), suit=name)
    lo, hi = row[0], row[-1]
    if card.rank > hi:
        return _("The {card} must wait: the {suit} row goes up one card at a time, and the "
                 "{next} comes first.").format(card=card.symbol(), suit=name,
                                               next=Card(card.suit, Rank(hi + 1)).symbol())
    return _("The {card} must wait: the {suit} row goes down one card at a time, and the "
             "{next} comes first.").format(card=card.symbol(), suit=name,
                                           next=Card(card.suit, Rank(lo - 1)).symbol())


def _redeal(q, qid, text, why, where) -> Question:
    """Trix: ``hand`` (13 cards) and ``contract`` (``king`` or ``trex``): may its holder
    show it and claim a redeal?"""

    raw = q.get("hand")
    if isinstance(raw, str) and "." in raw:
        try:
            hand = CardSet.from_pbn(raw)
        except ValueError as e:
            raise QuizError(f"{where}: 'hand': {e}") from None
    else:
        hand = CardSet(_cards(raw, where))
    if len(hand) != 13:
        raise QuizError(f"{where}: 'hand' must be 13 cards, not {len(hand)}")
    kind = q.get("contract")
    if kind not in ("king", "trex"):
        raise QuizError(f"{where}: 'contract' is king or trex")
    may = (may_claim_king_redeal if kind == "king" else may_claim_trex_redeal)(hand)
    if not text:
        text = (_("King of Hearts is announced. Your hand: {hand}. May you claim a redeal?")
                if kind == "king" else
                _("Trex is announced. Your hand: {hand}. May you claim a redeal?")).format(
            hand=hand.symbols())
    rule = (_("In King of Hearts only the K♥ alone, the A♥ alone, or exactly the K♥ and the "
              "A♥ with no other heart may claim.") if kind == "king" else
            _("In Trex only all four 2s, or three 2s with the 3 of the fourth suit, may "
              "claim."))
    wrong = ("", _("This hand may claim. {rule}").format(rule=rule)) if may else \
        (_("This hand may not claim. {rule}").format(rule=rule), "")
    return Question(qid, text, (_("Yes"), _("No")), 0 if may else 1, why, wrong)


def questions() -> dict[str, Question]:
    """Every bundled question by id (``tutor/lessons/data/*.json``, key ``questions``), in
    the learner's language (built once for each language spoken)."""
    # The catalog's header names its language ("" when the words are read as written).
    return _questions(i18n.gettext(""))


@cache
def _questions(_language: str) -> dict[str, Question]:
    out: dict[str, Question] = {}
    for name, obj in data_files():
        game = name.removesuffix(".json")  # trix.json holds the Trix questions
        for item in obj.get("questions", []):
            qq = parse_question(item, name, game if game in DIRECTIONS else "trixter")
            if qq.id in out:
                raise QuizError(f"{name}: question id {qq.id!r} appears twice")
            out[qq.id] = qq
    return out


def question(qid: str) -> Question:
    """The bundled question ``qid``; ``KeyError`` if there is none."""
    try:
        return questions()[qid]
    except KeyError:
        raise KeyError(f"no question {qid!r}") from None
