"""The game protocol both games share (see DESIGN.md, "The game protocol").

A game is one mutable object. Subclasses supply the rules (``_why_illegal``,
``_do``, ``_legal``) and this base supplies the rest: ``apply`` that validates first
and so changes nothing on error, the ``history``, ``undo`` by replay, the versioned
JSON record, ``clone``, and explicit or seeded deals.

The JSON form is a *record*: the setup (rules, players, seed), every deal dealt and
every action with its seat. ``from_json`` replays it through the engine, so a record
that does not follow the rules is refused with the number of the bad action.
"""

from __future__ import annotations

import copy
import enum
import json
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from tutor.engine.actions import Action, NextHand, parse_action
from tutor.engine.cards import CardSet, parse_deal
from tutor.engine.errors import IllegalActionError, ParseError
from tutor.engine.i18n import gettext as _

__all__ = ["Phase", "Game"]


class Phase(str, enum.Enum):
    """What the game is waiting for. The value is the JSON text."""

    CHOOSE_CONTRACT = "choose_contract"  # Trix: the owner names the contract
    DOUBLE = "double"  # Trix: the round of doubles and redeal claims
    TRUMP = "trump"  # Trixter: the dealer names trump
    BID = "bid"  # Trixter: bids in play order from the dealer
    PLAY = "play"  # trick play
    TREX = "trex"  # Trix: the domino layout
    HAND_OVER = "hand_over"  # nobody to move; "next" deals on
    GAME_OVER = "game_over"

    def __str__(self) -> str:
        return self.value


class Game:
    """Base of :class:`~tutor.engine.trixter.TrixterGame` and
    :class:`~tutor.engine.trix.TrixGame`."""

    KIND: ClassVar[str] = ""
    """The game's name, ``"trixter"`` or ``"trix"``: code that serves both games asks it
    (``game.KIND``, ``observation.KIND``) instead of probing for a game's attributes."""
    FORMAT: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1
    OLD_VERSIONS: ClassVar[tuple[int, ...]] = ()  # older record versions still read

    history: list[tuple[int | None, Action]]
    hinted: set[int]  # indices in ``history`` of decisions taken after a hint (the record's)
    deals: list[list[CardSet]]  # every deal dealt so far, in order
    _queued: list[list[CardSet]]  # explicit deals not dealt yet
    _hand_start: int  # len(history) when the current deal was dealt

    # --- to be supplied by each game ---------------------------------------
    phase: Phase

    @property
    def to_move(self) -> int | None:  # pragma: no cover - abstract
        """The seat that must act now (``None`` when nobody must)."""
        raise NotImplementedError

    @property
    def n_players(self) -> int:  # pragma: no cover - abstract
        """How many seats are at the table."""
        raise NotImplementedError

    def _setup(self) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def _from_setup(cls, setup: dict[str, Any], deals: list[list[CardSet]]) -> Game:
        raise NotImplementedError  # pragma: no cover - abstract

    def _legal(self, seat: int | None) -> list[Action]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _why_illegal(self, seat: int | None, action: Action) -> str | None:
        raise NotImplementedError  # pragma: no cover - abstract

    def _do(self, seat: int | None, action: Action) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _check_deal(self, hands: list[CardSet]) -> str | None:  # pragma: no cover
        """Why these hands cannot be the next deal, or ``None``."""
        raise NotImplementedError

    def _after_old_action(self, version: int) -> None:  # pragma: no cover - abstract
        """Replaying a record of an older ``version``: apply what it left implicit."""
        raise NotImplementedError

    def _random_deal(self) -> list[CardSet]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _install_deal(self, hands: list[CardSet]) -> None:  # pragma: no cover - abstract
        """Give these hands to the seats for the current hand."""
        raise NotImplementedError

    # --- shared machinery ----------------------------------------------------
    def _init_record(self, seed: int | None, deals: Sequence | None) -> None:
        self.seed = random.SystemRandom().randrange(2**32) if seed is None else int(seed)
        self.history = []
        self.hinted = set()
        self.deals = []
        self._queued = [self._parse_hands(d) for d in (deals or [])]
        self._hand_start = 0

    def _rng(self, purpose: str) -> random.Random:
        """A generator for one purpose (``"deal 3"``, ``"dealer"``) derived from the seed,
        so each shuffle is reproducible on its own."""
        return random.Random(f"{self.seed}/{purpose}")

    def _parse_hands(self, hands: Sequence | str) -> list[CardSet]:
        if isinstance(hands, str):
            return parse_deal(hands)
        return parse_deal([h if isinstance(h, CardSet) else str(h) for h in hands])

    def _deal_next(self) -> None:
        """Deal the next hand: the next explicit deal if one is queued, else a shuffle."""
        if self._queued:
            hands = self._queued.pop(0)
        else:
            hands = self._random_deal()
        self.deals.append(hands)
        self._hand_start = len(self.history)
        self._install_deal(hands)

    def _next_deal_problem(self) -> str | None:
        """Why the queued explicit deal cannot be dealt next (checked before "next")."""
        if self._queued:
            why = self._check_deal(self._queued[0])
            if why:
                return _("the scripted deal {n} does not fit: {why}").format(
                    n=len(self.deals) + 1, why=why)
        return None

    def deal_hands(self, hands: Sequence | str) -> None:
        """Replace the current deal by explicit hands (hand ``i`` to seat ``i``).

        Allowed only before anyone has acted on the current deal. Hands are PBN text,
        ``CardSet``s, or deal text like ``"N:… … … …"``.
        """
        try:
            parsed = self._parse_hands(hands)
        except ParseError as e:
            raise IllegalActionError(_("cannot use that deal: {why}").format(why=e)) from None
        if len(self.history) != self._hand_start:
            raise IllegalActionError(
                _("the hand has started: deal_hands only before the first action"))
        if self.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            raise IllegalActionError(_("no hand is being dealt now"))
        why = self._check_deal(parsed)
        if why:
            raise IllegalActionError(_("cannot use that deal: {why}").format(why=why))
        self.deals[-1] = parsed
        self._install_deal(parsed)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action for ``seat`` (default: the seat to move).

        In ``HAND_OVER`` nobody is to move and the only action is ``"next"``.
        """
        if seat is None:
            seat = self.to_move
        elif not self._valid_seat(seat):
            return []
        return self._legal(seat)

    def _valid_seat(self, seat: object) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n_players

    def why_illegal(self, action: Action | str, seat: int | None = None) -> str | None:
        """Why ``action`` may not be applied now (``None`` if it may). Junk text raises
        :class:`~tutor.engine.errors.ParseError`."""
        act = parse_action(action)
        if seat is None:
            seat = self.to_move
        elif not self._valid_seat(seat):
            return _("there is no seat {seat!r} at this table").format(seat=seat)
        return self._why_illegal(seat, act)

    def is_legal(self, action: Action | str, seat: int | None = None) -> bool:
        """True if ``action`` may be applied now."""
        try:
            return self.why_illegal(action, seat) is None
        except ParseError:
            return False

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Perform ``action`` (an action or its text) for ``seat`` (default: the seat to
        move). An illegal action raises :class:`IllegalActionError` saying why, and
        changes nothing; junk text raises :class:`ParseError`."""
        act = parse_action(action)
        if seat is None:
            seat = self.to_move
        elif not self._valid_seat(seat):
            raise IllegalActionError(_("there is no seat {seat!r} at this table").format(
                seat=seat))
        why = self._why_illegal(seat, act)
        if why is not None:
            raise IllegalActionError(why)
        dealt = len(self.deals)
        self._do(seat, act)
        self.history.append((seat, act))
        if len(self.deals) != dealt:  # "next" or a redeal claim dealt a new hand
            self._hand_start = len(self.history)

    def next_hand(self) -> None:
        """Deal the next hand (the same as ``apply("next")``)."""
        self.apply(NextHand())

    def undo(self) -> None:
        """Take back the last action. Deals already made stay, so doing it again
        brings the same cards."""
        if not self.history:
            raise IllegalActionError(_("nothing to undo"))
        record = self.to_record()
        record["actions"] = record["actions"][:-1]
        # A hint stays on the decision taken back (the same decision when it is taken
        # again): from_record keeps the indices up to the actions left.
        again = type(self).from_record(record)
        self.__dict__.clear()
        self.__dict__.update(again.__dict__)

    def clone(self) -> Game:
        """An independent copy."""
        return copy.deepcopy(self)

    @property
    def deal_actions(self) -> list:
        """``(seat, action)`` pairs of the hand (or deal) being played, in order."""
        return self.history[self._hand_start:]

    def _public_history(self) -> list[list]:
        """This hand's actions as ``[seat, text]``: all said or shown at the table, so
        every seat may know them (a bot reads its inferences from them)."""
        return [[seat, str(a)] for seat, a in self.deal_actions]

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.phase == Phase.GAME_OVER

    # --- records -------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """The complete game as a JSON-ready dict (see ``tutor.engine.records``). ``"hinted"``,
        only when a hint was asked: the indices in ``"actions"`` of the decisions taken
        after a hint (the last may be the decision still to take)."""
        record: dict[str, Any] = {
            "format": self.FORMAT,
            "version": self.VERSION,
            "setup": self._setup(),
            "deals": [[h.pbn() for h in d] for d in self.deals + self._queued],
            "actions": [[seat, str(a)] for seat, a in self.history],
        }
        if self.hinted:
            record["hinted"] = sorted(self.hinted)
        return record

    def to_json(self, indent: int | None = None) -> str:
        """The complete game as JSON text; ``from_json`` gives it back exactly."""
        return json.dumps(self.to_record(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """The game from :meth:`to_json` text, replayed through the engine."""
        try:
            record = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise ParseError(_("not a game record: {error}").format(error=e)) from None
        return cls.from_record(record)

    @classmethod
    def from_record(cls, record: Any) -> Game:
        """The game from a record dict; a record that breaks the rules is refused with
        the number of the bad action (1-based) and the reason."""
        if not isinstance(record, dict):
            raise ParseError(_("a game record is a JSON object"))
        if record.get("format") != cls.FORMAT:
            raise ParseError(_("not a {format} record: format is {given!r}").format(
                format=cls.FORMAT, given=record.get("format")))
        version = record.get("version")
        if isinstance(version, bool) or (version != cls.VERSION
                                         and version not in cls.OLD_VERSIONS):
            raise ParseError(_("unknown record version {version!r}").format(version=version))
        for key, kind in (("setup", dict), ("deals", list), ("actions", list)):
            if not isinstance(record.get(key), kind):
                raise ParseError(_("record field {key!r} is missing or not a {kind}").format(
                    key=key, kind=kind.__name__))
        deals = []
        for i, d in enumerate(record["deals"]):
            try:
                if not isinstance(d, (list, str)):
                    raise ParseError(_("a deal is a list of hands"))
                deals.append(parse_deal(d))
            except ParseError as e:
                raise ParseError(_("deal {n}: {error}").format(n=i + 1, error=e)) from None
        try:
            game = cls._from_setup(record["setup"], deals)
        except (TypeError, ValueError) as e:
            raise ParseError(_("bad setup: {error}").format(error=e)) from None
        for i, entry in enumerate(record["actions"]):
            try:
                seat, text = entry
                game.apply(text, seat=seat)
                if version != cls.VERSION:
                    game._after_old_action(version)
            except (ValueError, TypeError) as e:
                kind = type(e) if isinstance(e, (ParseError, IllegalActionError)) else ParseError
                raise kind(_("action {n} ({entry!r}): {error}").format(
                    n=i + 1, entry=entry, error=e)) from None
        game.hinted = _hinted(record.get("hinted", []), len(game.history))
        return game

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.phase.value} to_move={self.to_move} "
                f"actions={len(self.history)}>")


def _hinted(value: Any, actions: int) -> set[int]:
    """A record's ``"hinted"`` (a list of action indices; none if absent), kept up to
    ``actions`` (that one is the decision still to take): a record cut short (undo, a
    finished hand's record) keeps the hints of the actions it keeps."""
    if not isinstance(value, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in value):
        raise ParseError(_("record field 'hinted' is a list of action indices (0, 1, ...)"))
    return {i for i in value if i <= actions}
