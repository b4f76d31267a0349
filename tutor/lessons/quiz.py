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

from dataclasses import dataclass
from functools import cache
from typing import Any

from ..cards import Card, CardSet, Suit
from ..seats import DIRECTIONS, seat_name
from ..tricks import legal_cards, trick_winner, why_illegal
from .scene import data_files, read_cards, trick_story

__all__ = ["Question", "question", "questions", "parse_question", "QuizError", "KINDS"]

KINDS = ("choice", "winner", "legal", "score", "hand_size", "points", "trex", "redeal")


class QuizError(ValueError):
    """A question's JSON is wrong; the message names the question and the field."""


@dataclass(frozen=True)
class Question:
    """One question: ``text``, ``choices``, the index of the right ``answer``, ``why``
    (the rule, shown after any answer) and ``wrong``: a note per wrong choice."""

    id: str
    text: str
    choices: tuple[str, ...]
    answer: int
    why: str
    wrong: tuple[str, ...] = ()

    def feedback(self, picked: int) -> str:
        """What the learner reads after picking choice ``picked``."""
        if picked == self.answer:
            return f"Right: {self.why}"
        note = self.wrong[picked] if picked < len(self.wrong) and self.wrong[picked] else ""
        return f"Not quite. {note + ' ' if note else ''}Try again."


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


def _numbers(right: int, others: list[int]) -> tuple[tuple[str, ...], int]:
    """Choices for a number question: the right one among distinct distractors, sorted."""
    vals = sorted({right, *others})
    return tuple(f"{v:+d}" if any(x < 0 for x in vals) else str(v) for v in vals), \
        vals.index(right)


def parse_question(q: Any, source: str = "<string>", game: str = "trixter") -> Question:
    """A :class:`Question` from its JSON object (see the module doc for the kinds); the
    seats of a four-seat trick are named as ``game`` names them (:mod:`tutor.seats`)."""
    if not isinstance(q, dict) or not isinstance(q.get("id"), str):
        raise QuizError(f"{source}: a question is an object with an 'id'")
    if "seats" not in q:
        q = {**q, "seats": [seat_name(s, 4, game) for s in range(4)]}
    where = f"{source}: question {q['id']!r}"
    kind = q.get("kind")
    if kind not in KINDS:
        raise QuizError(f"{where}: 'kind' must be one of {', '.join(KINDS)}")
    text = q.get("text", "")
    why = q.get("why", "")
    if not isinstance(text, str) or not isinstance(why, str):
        raise QuizError(f"{where}: 'text' and 'why' are texts")
    build = {"choice": _choice, "winner": _winner, "legal": _legal, "score": _score,
             "hand_size": _hand_size, "points": _points, "trex": _trex,
             "redeal": _redeal}[kind]
    return build(q, q["id"], text, why, where)


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
    return Question(qid, text, tuple(choices), answer, why, tuple(wrong))


def _names(q, where) -> list[str]:
    names = q["seats"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise QuizError(f"{where}: 'seats' is a list of names")
    return names


def _word(card: Card) -> str:
    """A card in a question's words (a joker by name: its emoji may not show)."""
    return "joker" if card.is_joker else card.symbol()


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
        played = ", ".join(f"{names[(leader + k) % len(names)]} the {_word(c)}"
                           for k, c in enumerate(cards))
        t = "no trump" if trump is None else f"{trump.symbol} {trump.name.lower()} are trump"
        text = f"{t.capitalize()}. {played}. Who takes the trick?"
    wrong = tuple("" if s == who else f"The {_word(cards[(s - leader) % len(names)])} "
                  f"does not win." for s in range(len(names)))
    return Question(qid, text, tuple(names), who, f"{story} {why}".strip(), wrong)


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
        led = f"The {trick[0].symbol()} was led" if trick else "You lead"
        text = f"{led}. Which of these cards may you play?"
    wrong = tuple("" if c in legal else
                  (why_illegal(c, hand, trick) or "").capitalize() + "." for c in choices)
    return Question(qid, text, tuple(_word(c) for c in choices), ok[0], why, wrong)


def _score(q, qid, text, why, where) -> Question:
    """``bid`` and ``tricks``; optional ``scoring`` (a TrixterRules option)."""
    from ..trixter import TrixterRules

    bid, tricks = _int(q, "bid", where, 0, 18), _int(q, "tricks", where, 0, 18)
    try:
        rules = TrixterRules(scoring=q.get("scoring", "exact"))
    except (ValueError, TypeError) as e:
        raise QuizError(f"{where}: {e}") from None
    right = rules.score(bid, tricks)
    others = [rules.score(bid, bid), 10 + tricks, tricks, -5, 10, bid]
    choices, answer = _numbers(right, [o for o in others if o != right][:3])
    if not text:
        text = (f"You bid {bid} and took {tricks} trick{'s' if tricks != 1 else ''}. "
                f"How many points do you score?")
    return Question(qid, text, choices, answer, why)


def _hand_size(q, qid, text, why, where) -> Question:
    """``players`` and ``hand`` (its number in the game, from 1)."""
    from ..trixter import schedule

    n = _int(q, "players", where, 3, 8)
    sizes = schedule(n)
    k = _int(q, "hand", where, 1, len(sizes))
    right = sizes[k - 1]
    others = [k, right + 1, right - 1 if right > 1 else right + 2, max(sizes)]
    choices, answer = _numbers(right, [o for o in others if o != right])
    if not text:
        text = f"In a game of {n} players, how many cards does each player get in hand {k}?"
    return Question(qid, text, choices, answer, why)


def _points(q, qid, text, why, where) -> Question:
    """Trix: ``contract`` (a name or list), ``taken`` (cards per seat), optional
    ``tricks`` (per seat, for Ltoosh), ``doubles`` ({card: seat}), ``seat`` (whose
    points are asked)."""
    from ..trix.contracts import Contract
    from ..trix.game import deal_points

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
    others = [right + 25, right - 25, -right, right // 2 if right else -10, right * 2 or 25]
    choices, answer = _numbers(right, [o for o in others if o != right][:3])
    if not text:
        raise QuizError(f"{where}: a points question needs its 'text'")
    return Question(qid, text, choices, answer, why)


def _trex(q, qid, text, why, where) -> Question:
    """``layout`` (cards on the table) and ``choices``: exactly one fits."""
    from ..solver.trex import layout_from_cards

    try:
        lay = layout_from_cards(_cards(q.get("layout", []), where))
    except ValueError as e:
        raise QuizError(f"{where}: the layout cannot hold these cards: {e}") from None
    choices = _cards(q.get("choices"), where)
    ok = [i for i, c in enumerate(choices) if lay.is_playable(c)]
    if len(ok) != 1:
        raise QuizError(f"{where}: exactly one choice must fit the layout, not {len(ok)}")
    if not text:
        text = "Which of these cards can you lay on the layout now?"
    return Question(qid, text, tuple(c.symbol() for c in choices), ok[0], why)


def _redeal(q, qid, text, why, where) -> Question:
    """Trix: ``hand`` (13 cards) and ``contract`` (``king`` or ``trex``): may its holder
    show it and claim a redeal?"""
    from ..trix.game import may_claim_king_redeal, may_claim_trex_redeal

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
        name = "King of Hearts" if kind == "king" else "Trex"
        text = f"{name} is announced. Your hand: {hand.symbols()}. May you claim a redeal?"
    return Question(qid, text, ("Yes", "No"), 0 if may else 1, why)


@cache
def questions() -> dict[str, Question]:
    """Every bundled question by id (``tutor/lessons/data/*.json``, key ``questions``)."""
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
