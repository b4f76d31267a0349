"""A puzzle file: the JSON format read and checked (``loads``/``load``: every error names
the file, the puzzle and the field, with the bad value) and written (``dumps``/``dump``).

``docs/puzzle-format.md`` documents the JSON; the puzzle itself is
:class:`~tutor.puzzles.model.Puzzle`.

>>> text = '''[{"id": "demo-1", "title": "Two of three", "game": "trixter",
...   "theme": "make-n", "difficulty": 1, "seat": 0,
...   "position": {"hands": ["AK2...", "QJ3...", "T94...", "875..."], "leader": 0},
...   "goal": {"kind": "exactly", "tricks": 2},
...   "prompt": "Take exactly 2 of the 3 tricks.", "explanation": "Lose the 2 first."}]'''
>>> p = loads(text)[0]
>>> p.goal(), p.position().to_move
(Exactly(seat=0, n=2), 0)
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

from tutor.engine.cards import Card, CardSet, Suit
from tutor.engine.errors import ParseError
from tutor.engine.i18n import N_
from tutor.engine.i18n import gettext as _
from tutor.engine.trix.contracts import Contract
from tutor.puzzles.model import GAMES, GOAL_KINDS, Puzzle, Target

__all__ = ["PuzzleError", "puzzle_from_json", "load", "loads", "dump", "dumps"]


class PuzzleError(ValueError):
    """A puzzle file or puzzle that is not valid; the message names the file, the
    puzzle (id, or index when it has no id) and the field, with the bad value."""


# --- reading and checking JSON -------------------------------------------------------
TOP_FIELDS = {"id", "title", "game", "theme", "difficulty", "seat", "position", "goal",
              "visible", "unique", "prompt", "explanation"}
REQUIRED = ("id", "title", "game", "theme", "difficulty", "seat", "position", "goal",
            "prompt", "explanation")
TRICK_FIELDS = {"hands", "leader", "trick", "trump", "won", "taken", "contract", "doubles",
                "bids"}
TREX_FIELDS = {"hands", "layout", "to_move", "out", "contract"}


_KIND_WORDS = {"str": N_("text"), "int": N_("a whole number"), "NoneType": N_("null"),
               "list": N_("list"), "dict": N_("dict"), "bool": N_("bool")}
"""What a JSON value should be, by its Python type's name, in a field's error."""


class _Reader:
    def __init__(self, source: str, index: int) -> None:
        self.source = source
        self.where = _("puzzle #{index}").format(index=index)

    def fail(self, fieldname: str, message: str) -> PuzzleError:
        return PuzzleError(_("{source}: {where}: field '{field}': {message}").format(
            source=self.source, where=self.where, field=fieldname, message=message))

    def get(self, obj: dict, key: str, kind, fieldname: str | None = None, default=...):
        name = fieldname or key
        if key not in obj:
            if default is ...:
                raise self.fail(name, _("missing"))
            return default
        v = obj[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if (isinstance(v, bool) and bool not in kinds) or not isinstance(v, kinds):
            # Translators: the kinds a JSON value may be, joined by " or ".
            want = _(" or ").join(_(_KIND_WORDS[k.__name__]) if k.__name__ in _KIND_WORDS
                                  else k.__name__ for k in kinds)
            raise self.fail(name, _("{value} is not {want}").format(value=repr(v), want=want))
        return v

    def seat_value(self, v, n: int, name: str) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
            raise self.fail(name, _("{value} is not a seat 0..{last}").format(
                value=repr(v), last=n - 1))
        return v

    def cardset(self, text, name: str) -> CardSet:
        if isinstance(text, list):
            if not all(isinstance(t, str) for t in text):
                raise self.fail(name, _("{value} is not a list of cards").format(
                    value=repr(text)))
            text = " ".join(text)
        if not isinstance(text, str):
            raise self.fail(name, _("{value} is not a hand").format(value=repr(text)))
        try:
            return CardSet.parse(text)
        except ParseError as e:
            raise self.fail(name, _("{value} is not a hand: {error}").format(
                value=repr(text), error=e)) from None

    def puzzle(self, obj: object) -> Puzzle:
        if not isinstance(obj, dict):
            raise PuzzleError(_("{source}: {where}: a puzzle is a JSON object, not {kind}")
                              .format(source=self.source, where=self.where,
                                      kind=type(obj).__name__))
        pid = obj.get("id")
        if isinstance(pid, str) and pid.strip():
            self.where = _("puzzle {id}").format(id=repr(pid))
        extra = sorted(set(obj) - TOP_FIELDS)
        if extra:
            raise self.fail(extra[0], _("unknown field (known: {known})").format(
                known=", ".join(sorted(TOP_FIELDS))))
        for key in REQUIRED:
            if key not in obj:
                raise self.fail(key, _("missing"))
        pid = self.get(obj, "id", str)
        if not pid.strip() or pid != pid.strip() or any(ch.isspace() for ch in pid):
            raise self.fail("id", _("{value} is not an id (text without spaces)").format(
                value=repr(pid)))
        texts = {k: self.get(obj, k, str) for k in ("title", "theme", "prompt", "explanation")}
        for k, v in texts.items():
            if not v.strip():
                raise self.fail(k, _("is empty"))
        game = self.get(obj, "game", str)
        if game not in GAMES:
            raise self.fail("game", _("{value} is not a game (trixter or trix)").format(
                value=repr(game)))
        difficulty = self.get(obj, "difficulty", int)
        if not 1 <= difficulty <= 5:
            raise self.fail("difficulty", _("{value} is not 1..5").format(
                value=repr(difficulty)))
        unique = self.get(obj, "unique", bool, default=False)
        pos = self.get(obj, "position", dict)
        kw = self.position(pos, game)
        n = len(kw["hands"])
        seat = self.seat_value(obj["seat"], n, "seat")
        to_move = kw.pop("_to_move", seat)
        if to_move != seat:
            raise self.fail("seat", _("the learner (seat {seat}) must be the seat to move "
                                      "(seat {to_move})").format(seat=seat, to_move=to_move))
        visible = self.get(obj, "visible", list, default=None)
        if visible is not None:
            visible = tuple(self.seat_value(v, n, "visible") for v in visible)
            if len(set(visible)) != len(visible):
                raise self.fail("visible", _("{value} names a seat twice").format(
                    value=repr(list(visible))))
            if seat not in visible:
                raise self.fail("visible", _("{value} must include the learner's seat {seat}")
                                .format(value=repr(list(visible)), seat=seat))
        target = self.target(self.get(obj, "goal", dict), game, kw)
        puzzle = Puzzle(id=pid, game=game, difficulty=difficulty, seat=seat, target=target,
                        visible=visible, unique=unique, **texts, **kw)
        self.check_position(puzzle)
        return puzzle

    def position(self, pos: dict, game: str) -> dict:
        contract = self.contract(pos, game)
        trex = Contract.TREX in contract
        allowed = TREX_FIELDS if trex else TRICK_FIELDS
        extra = sorted(set(pos) - allowed)
        if extra:
            raise self.fail(extra[0], _("unknown position field (known: {known})").format(
                known=", ".join(sorted(allowed))))
        hands_v = self.get(pos, "hands", list, "hands")
        if not all(isinstance(h, str) for h in hands_v):
            raise self.fail("hands", _("{value} is not a list of hands (text)").format(
                value=repr(hands_v)))
        hands = tuple(self.cardset(h, "hands") for h in hands_v)
        n = len(hands)
        lo, hi = (4, 4) if game == "trix" else (3, 8)
        if not lo <= n <= hi:
            raise self.fail("hands", _("{n} hands; {game} is played by {players} players")
                            .format(n=n, game=game, players=lo if lo == hi else
                                    _("{lo} to {hi}").format(lo=lo, hi=hi)))
        if game == "trix" and any(h.jokers for h in hands):
            raise self.fail("hands", _("Trix has no jokers"))
        kw: dict = {"hands": hands, "contract": contract}
        if trex:
            if "layout" in pos:
                kw["layout"] = self.cardset(pos["layout"], "layout")
            to_move = self.seat_value(self.get(pos, "to_move", int, "to_move"), 4, "to_move")
            out = tuple(self.seat_value(s, 4, "out") for s in self.get(
                pos, "out", list, "out", default=[]))
            kw["out"] = out
            kw["_to_move"] = to_move
            return kw
        self.trick_fields(pos, game, kw)
        self.counts(pos, game, kw)
        return kw

    def contract(self, pos: dict, game: str) -> tuple[Contract, ...]:
        """A Trix position's contract (none in Trixter)."""
        contract: tuple[Contract, ...] = ()
        if game == "trix":
            c = self.get(pos, "contract", (str, list), "contract")
            names = [c] if isinstance(c, str) else c
            try:
                contract = tuple(sorted({Contract.parse(x) if isinstance(x, str) else
                                         Contract.parse(repr(x)) for x in names}))
            except ParseError as e:
                raise self.fail("contract", _("{value}: {error}").format(
                    value=repr(c), error=e)) from None
            if not contract:
                raise self.fail("contract", _("[] names no contract"))
            if Contract.TREX in contract and len(contract) > 1:
                raise self.fail("contract", _("{value}: Trex cannot be combined").format(
                    value=repr(c)))
        elif "contract" in pos:
            raise self.fail("contract", _("Trixter has no contracts"))
        return contract

    def trick_fields(self, pos: dict, game: str, kw: dict) -> None:
        """The leader, the trick so far and (Trixter) the trump, into ``kw``."""
        n = len(kw["hands"])
        kw["leader"] = self.seat_value(self.get(pos, "leader", int, "leader"), n, "leader")
        trick_v = self.get(pos, "trick", (list, str), "trick", default=[])
        if isinstance(trick_v, str):
            trick_v = trick_v.replace(",", " ").split()
        trick = []
        for c in trick_v:
            try:
                trick.append(Card.parse(c) if isinstance(c, str) else Card.parse(repr(c)))
            except ParseError as e:
                raise self.fail("trick", _("{value} is not a card: {error}").format(
                    value=repr(c), error=e)) from None
        kw["trick"] = tuple(trick)
        if game == "trixter":
            trump = self.get(pos, "trump", (str, type(None)), "trump", default=None)
            if trump is not None and trump.strip().lower() not in ("", "none"):
                try:
                    kw["trump"] = Suit.parse(trump)
                except (ParseError, ValueError, KeyError) as e:
                    raise self.fail("trump", _("{value} is not a suit: {error}").format(
                        value=repr(trump), error=e)) from None
        elif "trump" in pos and pos["trump"] is not None:
            raise self.fail("trump", _("{value}: Trix has no trumps").format(
                value=repr(pos["trump"])))

    def counts(self, pos: dict, game: str, kw: dict) -> None:
        """Tricks won, bids, cards taken and doubles so far, into ``kw``."""
        n, hands, trick = len(kw["hands"]), kw["hands"], kw["trick"]
        won = self.get(pos, "won", list, "won", default=None)
        if won is not None:
            if len(won) != n or any(isinstance(w, bool) or not isinstance(w, int) or w < 0
                                    for w in won):
                raise self.fail("won", _("{value} is not one trick count (0 or more) per seat")
                                .format(value=repr(won)))
            kw["won"] = tuple(won)
        bids = self.get(pos, "bids", list, "bids", default=None)
        if bids is not None:
            if game != "trixter":
                raise self.fail("bids", _("only Trixter has bids"))
            size = len(hands[kw["leader"]]) + (1 if trick else 0) + sum(kw.get("won", ()))
            if len(bids) != n or any(isinstance(b, bool) or not isinstance(b, int)
                                     or not 0 <= b <= size for b in bids):
                raise self.fail("bids", _("{value} is not one bid 0..{size} (the tricks of "
                                          "this hand) per seat").format(value=repr(bids),
                                                                        size=size))
            kw["bids"] = tuple(bids)
        taken = self.get(pos, "taken", list, "taken", default=None)
        if taken is not None:
            if len(taken) != n:
                raise self.fail("taken", _("{value} needs one entry per seat").format(
                    value=repr(taken)))
            kw["taken"] = tuple(self.cardset(t, "taken") for t in taken)
        doubles = self.get(pos, "doubles", dict, "doubles", default={})
        if doubles and game != "trix":
            raise self.fail("doubles", _("only Trix has doubles"))
        dd = []
        for c, s in doubles.items():
            try:
                card = Card.parse(c)
            except ParseError as e:
                raise self.fail("doubles", _("{value} is not a card: {error}").format(
                    value=repr(c), error=e)) from None
            if card.is_joker or not (card.rank == 12 or str(card) == "KH"):
                raise self.fail("doubles", _("{value}: only the K♥ and the queens are doubled")
                                .format(value=repr(c)))
            dd.append((card, self.seat_value(s, n, "doubles")))
        kw["doubles"] = tuple(sorted(dd, key=lambda cs: cs[0].index))

    def target(self, goal: dict, game: str, kw: dict) -> Target:
        kind = self.get(goal, "kind", str, "goal.kind")
        if kind not in GOAL_KINDS:
            raise self.fail("goal.kind", _("{value} is not a goal ({known})").format(
                value=repr(kind), known=", ".join(GOAL_KINDS)))
        key = GOAL_KINDS[kind]
        extra = sorted(set(goal) - {"kind", key})
        if extra:
            raise self.fail(f"goal.{extra[0]}", _("unknown field for a {kind} goal (it takes "
                                                  "'{key}')").format(kind=repr(kind), key=key))
        trex = Contract.TREX in kw["contract"]
        if trex != (kind == "trex-place"):
            raise self.fail("goal.kind", (_("{value} does not fit a Trex position") if trex else
                                          _("{value} does not fit a trick-play position"))
                            .format(value=repr(kind)))
        if kind == "penalty" and game != "trix":
            raise self.fail("goal.kind", _("'penalty' goals are for Trix contracts"))
        if kind == "avoid":
            cards = self.cardset(self.get(goal, "cards", (list, str), "goal.cards"),
                                 "goal.cards")
            if not cards or cards.jokers:
                raise self.fail("goal.cards", _("{value} names no card to avoid").format(
                    value=repr(goal["cards"])))
            return Target(kind, 0, cards)
        amount = self.get(goal, key, int, f"goal.{key}")
        if kind == "trex-place" and not 1 <= amount <= 4:
            raise self.fail("goal.place", _("{value} is not a place 1..4").format(
                value=repr(amount)))
        if kind in ("exactly", "max-tricks"):
            total = len(kw["hands"][kw["leader"]]) + (1 if kw["trick"] else 0) + sum(
                kw.get("won", ()))
            if not 0 <= amount <= total:
                raise self.fail(f"goal.{key}", _("{value} is not 0..{total} (the tricks of "
                                                 "this hand)").format(value=repr(amount),
                                                                      total=total))
        return Target(kind, amount)

    def check_position(self, p: Puzzle) -> None:
        seen = CardSet()
        groups = [("hands", h) for h in p.hands] + [("trick", CardSet(p.trick))]
        if p.layout is not None:
            groups.append(("layout", p.layout))
        for name, cs in groups:
            clash = (seen & cs).without_jokers()
            if clash:
                raise self.fail(name, _("{card} appears twice in the position").format(
                    card=next(iter(clash))))
            seen = seen + cs
        try:
            pos = p.position()
        except (ValueError, TypeError) as e:
            raise self.fail("position", str(e)) from None
        if pos.to_move != p.seat:
            raise self.fail("seat", _("the learner (seat {seat}) must be the seat to move "
                                      "(seat {to_move})").format(seat=p.seat,
                                                                 to_move=pos.to_move))
        if p.is_trex:
            if not pos.legal():
                raise self.fail("seat", _("seat {seat} has no card to play (it must pass)")
                                .format(seat=p.seat))
        elif not pos.hands[p.seat] and not pos.trick:
            raise self.fail("hands", _("the hand is over: no card left to play"))
        elif p.deal_over(pos):
            raise self.fail("hands", _("the deal is over: every card that scores in {contract} "
                                       "has been taken").format(contract=p.contract[0].title))


def puzzle_from_json(obj: object, source: str = "<string>", index: int = 0) -> Puzzle:
    """A puzzle from its JSON object; :class:`PuzzleError` names what is wrong."""
    return _Reader(source, index).puzzle(obj)


# --- files ----------------------------------------------------------------------------
def loads(text: str, source: str = "<string>") -> list[Puzzle]:
    """Puzzles from JSON text: a list of puzzles or ``{"puzzles": [...]}``.

    Every puzzle is validated; ids must be unique. A problem raises
    :class:`PuzzleError` naming ``source``, the puzzle and the field.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PuzzleError(_("{source}: not JSON: {error}").format(source=source,
                                                                  error=e)) from None
    if isinstance(data, dict):
        extra = sorted(set(data) - {"puzzles"})
        if extra or "puzzles" not in data:
            raise PuzzleError(_("{source}: a puzzle file is a list of puzzles or an object "
                                "with only the key 'puzzles' (found: {found})").format(
                source=source, found=", ".join(sorted(data))))
        data = data["puzzles"]
    if not isinstance(data, list):
        raise PuzzleError(_("{source}: a puzzle file is a list of puzzles, not {kind}")
                          .format(source=source, kind=type(data).__name__))
    out = []
    ids: dict[str, int] = {}
    for i, obj in enumerate(data):
        p = puzzle_from_json(obj, source, i)
        if p.id in ids:
            raise PuzzleError(_("{source}: puzzle {id}: field 'id': {id} is used twice "
                                "(puzzles #{first} and #{second})").format(
                source=source, id=repr(p.id), first=ids[p.id], second=i))
        ids[p.id] = i
        out.append(p)
    return out


def load(path: str | os.PathLike) -> list[Puzzle]:
    """Puzzles from a JSON file (see :func:`loads`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise PuzzleError(_("{path}: cannot read: {error}").format(
            path=path, error=e.strerror or e)) from None
    return loads(text, source=str(path))


def dumps(puzzles: Iterable[Puzzle]) -> str:
    """JSON text of a list of puzzles, one puzzle object after another."""
    items = [json.dumps(p.to_json(), ensure_ascii=False) for p in puzzles]
    if not items:
        return "[]\n"
    return "[\n" + ",\n".join(items) + "\n]\n"


def dump(puzzles: Iterable[Puzzle], path: str | os.PathLike) -> None:
    """Write puzzles to a JSON file (see :func:`dumps`)."""
    Path(path).write_text(dumps(puzzles), encoding="utf-8")
