"""Every message a page's browser side may send, declared once, and the one check of them.

A message is a JSON object ``{"type": KIND, field: value, ...}``. :data:`SCHEMA` lists, for
each page, the kinds it takes and each kind's fields (exactly those, no others) with what
a field may hold; :func:`read` checks a message against it and raises :class:`Refused`
with the words the learner sees. What a well-formed message then means (a card in the
hand, a step of the review) is the page's to judge.

>>> read("table", {"type": "bid", "n": 2})
('bid', {'n': 2})
>>> read("review", {"type": "goto", "index": 11}, last=10)
Traceback (most recent call last):
...
widgets._base.Refused: the step is a whole number from 0 to 10
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tutor.engine.i18n import N_, gettext as _

from widgets._base import Refused

__all__ = ["Field", "Kind", "Page", "SCHEMA", "read", "MAX_TEXT", "MAX_FILE_TEXT",
           "STEP_TARGETS"]

MAX_TEXT = 32
"""Longest text field a game message may carry (a card, a suit, a contract list)."""
MAX_FILE_TEXT = 5_000_000
"""Longest file a message may carry (a learner's exported progress)."""
STEP_TARGETS = ("first", "prev", "next", "last", "prev_mistake", "next_mistake")
"""Where the review's ``{"type": "step", "to": ...}`` may go."""


def _whole(low: int, high: int | str) -> Callable[[Any, Mapping[str, Any]], bool]:
    """A whole number (not a bool) from ``low`` to ``high`` (a number, or the name of a
    value given to :func:`read`)."""
    def ok(value: Any, ctx: Mapping[str, Any]) -> bool:
        top = ctx[high] if isinstance(high, str) else high
        return not isinstance(value, bool) and isinstance(value, int) and low <= value <= top
    return ok


def _text(longest: int) -> Callable[[Any, Mapping[str, Any]], bool]:
    return lambda value, ctx: isinstance(value, str) and 0 < len(value) <= longest


def _one_of(words: tuple[str, ...]) -> Callable[[Any, Mapping[str, Any]], bool]:
    return lambda value, ctx: isinstance(value, str) and value in words


@dataclass(frozen=True)
class Field:
    """What a field may hold, and what the learner reads when it does not (``{name}``,
    ``{targets}`` and the values given to :func:`read` may appear in the words; marked
    with ``N_``, said in the learner's language)."""

    ok: Callable[[Any, Mapping[str, Any]], bool]
    words: str
    kind: type = str


@dataclass(frozen=True)
class Kind:
    """One kind of message: its fields, and the words for a message with other fields
    (``strict``) or with more fields (not ``strict``: a missing one gets its own words)."""

    fields: Mapping[str, Field]
    wrong_fields: str = N_("unknown request")
    strict: bool = True


@dataclass(frozen=True)
class Page:
    """A page's messages, and the words for something that is not one of them."""

    kinds: Mapping[str, Kind]
    not_a_message: str = N_("unknown request")  # not a JSON object
    no_type: str = N_("unknown request")  # no text "type"
    unknown: str = N_("unknown request")  # a type the page does not take


# Translators: {name!r} is the name of a field of a request, quoted ('card').
SHORT_TEXT = Field(_text(MAX_TEXT), N_("the request needs a short text {name!r}"))
_GAME_WORDS = N_("unexpected fields in the request")


def _game(**fields: Field) -> Kind:
    """A game message: more fields are refused as such, a missing one by its own words."""
    return Kind(fields, _GAME_WORDS, strict=False)


_BARE = _game()

SCHEMA: dict[str, Page] = {
    # The game table (play pages, full-game lessons): the learner's actions and requests.
    "table": Page({
        "play": _game(card=SHORT_TEXT),
        "trump": _game(suit=SHORT_TEXT),
        "bid": _game(n=Field(_whole(0, 99), N_("a bid is a whole number"), int)),
        "contract": _game(contract=SHORT_TEXT),
        "double": _game(card=SHORT_TEXT),
        **{k: _BARE for k in ("no_double", "redeal", "no_redeal", "pass", "next", "undo",
                              "new_game",
                              "keep_playing",  # the answer to the table's question
                              "resume", "start_fresh",  # the answers to a saved game's offer
                              "hint",  # advice for the learner's decision now
                              "here")},  # a table of people's page is still open
    }, not_a_message=N_("not a message")),
    # The review: go to a decision, or step through them.
    "review": Page({
        "goto": Kind({"index": Field(_whole(0, "last"),
                                     N_("the step is a whole number from 0 to {last}"), int)},
                     N_("a goto request has an index only")),
        # Translators: {targets} lists the words a step request may hold (first, prev, ...).
        "step": Kind({"to": Field(_one_of(STEP_TARGETS), N_("a step goes to one of: {targets}"))},
                     N_("a step request has a direction only")),
        # Show the current decision with every hand open (a finished hand's card).
        "open": Kind({}, N_("an open request has no fields")),
    }, not_a_message=N_("not a message")),
    # A puzzle board: a card, or the panel's requests.
    "puzzle": Page({
        "play": _game(card=SHORT_TEXT),
        **{k: Kind({}) for k in ("hint", "undo", "retry", "solution", "next", "generate")},
    }, not_a_message=N_("not a request"), no_type=N_("not a request")),
    # A puzzle rush's panel.
    "rush": Page({k: Kind({}) for k in ("start", "stop", "time-up")}),
    # A lesson's check: one answer (the quiz knows how many choices each question has).
    "quiz": Page({"answer": Kind({
        "question": Field(_whole(0, "last_question"), N_("no such question or choice"), int),
        "choice": Field(_whole(0, 99), N_("no such question or choice"), int)})}),
    # The start page's map: export or load the learner's progress.
    "map": Page({"export": Kind({}),
                 "import": Kind({"text": Field(_text(MAX_FILE_TEXT), N_("unknown request"))})}),
}


def read(page: str, content: Any, **ctx: Any) -> tuple[str, dict[str, Any]]:
    """``(kind, fields)`` of a message to ``page``, checked against :data:`SCHEMA`;
    :class:`Refused` says what is wrong. ``ctx`` gives the bounds a field names (the
    review's ``last`` step, a quiz's ``questions``)."""
    spec = SCHEMA[page]
    if not isinstance(content, dict):
        raise Refused(_(spec.not_a_message))
    if not isinstance(content.get("type"), str):
        raise Refused(_(spec.no_type))
    kind = spec.kinds.get(content["type"])
    if kind is None:
        raise Refused(_(spec.unknown))
    fields = set(content) - {"type"}
    if fields - set(kind.fields) or (kind.strict and fields != set(kind.fields)):
        raise Refused(_(kind.wrong_fields))
    for name, field in kind.fields.items():
        if not field.ok(content.get(name), ctx):
            raise Refused(_(field.words).format(name=name, targets=", ".join(STEP_TARGETS),
                                                **ctx))
    return content["type"], {name: content[name] for name in kind.fields}
