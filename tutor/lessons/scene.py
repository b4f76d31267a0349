"""Scripted lesson deals: a small position at the table that reacts to what the
learner does.

A scene is a puzzle (same JSON, see docs/puzzle-format.md) plus three lesson fields:

- ``script``: for each computer seat (by number, as text), the cards it prefers, in
  order; it plays the first one that is legal, else its lowest legal card. Without a
  ``script`` the other seats defend perfectly, as in a puzzle.
- ``react``: what the table says, each ``{"say": ...}`` with one trigger:
  ``{"card": "KS"}`` when the learner plays that card, ``{"trick": 2, "winner":
  "you"|"them"}`` when that trick (1 = the scene's first) ends, ``{"end": "reached" |
  "missed"}`` when the scene is over.
- ``claims``: what the prose promises, checked by the tests: ``{"play": ["KS", ...],
  "reached": true, "won": 1, "says": "took the trick"}``: after the learner plays those
  cards (the others answering), the goal is (not) reached, the learner has won ``won``
  tricks, and ``says`` is part of what the table said.

Besides ``react``, every finished trick is told in words from the engine
(:func:`trick_story`), so the explanation always matches the cards.

>>> s = GuidedSession(scene("trixter-01-follow"))
>>> s.why_illegal("2H")
'You must follow suit: spades were led and you hold spades.'
>>> _ = s.play("KS")
>>> s.story[-1]
'You took the trick with the K♠: the highest spade, the suit led.'
>>> s.status()
'Your turn.'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from tutor.engine.cards import Card, Suit
from tutor.engine.i18n import N_, gettext as _
from tutor.puzzles.files import PuzzleError, puzzle_from_json
from tutor.puzzles.model import Puzzle
from tutor.puzzles.session import PuzzleSession
from tutor.engine.tricks import led_suit, legal_cards, trick_winner

__all__ = ["Scene", "GuidedSession", "scene", "scenes", "trick_story", "load_scenes",
           "SceneError", "suit_word"]

LESSON_FIELDS = {"script", "react", "claims"}
TRIGGERS = {"card", "trick", "end"}


class SceneError(ValueError):
    """A scene's JSON is wrong; the message names the scene and the field."""


@dataclass(frozen=True)
class Reaction:
    """One thing the table says and when: ``kind`` is ``card``, ``trick`` or ``end``;
    ``say`` as the file writes it (the table says it in the learner's language)."""

    kind: str
    say: str
    card: Card | None = None
    trick: int = 0
    winner: str = ""  # "you", "them" or "" (either)
    end: str = ""  # "reached", "missed" or "" (either)


@dataclass(frozen=True)
class Claim:
    """What the prose promises: after the learner's ``play``, the goal is ``reached``
    (or not, ``None``: not said), ``won`` tricks taken, and ``says`` was said."""

    play: tuple[Card, ...]
    reached: bool | None = None
    won: int | None = None
    says: str = ""


@dataclass(frozen=True)
class Scene:
    """A lesson deal: its :class:`~tutor.puzzles.Puzzle`, the computer seats' ``script``
    (seat -> preferred cards), ``reactions`` and ``claims`` (see the module doc)."""

    puzzle: Puzzle
    script: dict[int, tuple[Card, ...]] | None = None
    reactions: tuple[Reaction, ...] = ()
    claims: tuple[Claim, ...] = field(default=())
    explained: bool = False  # the JSON has an explanation to show at the end

    @property
    def id(self) -> str:
        return self.puzzle.id


_SUIT_ONE = (N_("spade"), N_("heart"), N_("diamond"), N_("club"))
"""A suit's name in the singular, as in "the highest spade" and "the spade row"."""


def suit_word(suit: Suit) -> str:
    """A suit's name in the singular, in the learner's language: ``spade``, ``heart``…"""
    return _(_SUIT_ONE[suit])


def trick_story(cards: list[Card], leader: int, trump: Suit | None, names: list[str],
                seat: int) -> str:
    """One finished trick in words: who took it, with which card, and why.

    >>> cs = [Card.parse(c) for c in ("7S", "KS", "2H", "AS")]
    >>> trick_story(cs, 1, Suit.parse("H"), ["You", "East", "South", "West"], 0)
    'West took the trick with the 2♥: a trump beats every card of the other suits.'
    """
    i = trick_winner(cards, trump)
    who = (leader + i) % len(names)
    card = cards[i].symbol()
    # Translators: the first half of a sentence, "...: " and why follow.
    head = (_("You took the trick with the {card}").format(card=card) if who == seat else
            _("{name} took the trick with the {card}").format(name=names[who], card=card))
    story = _("{head}: {why}.").format(head=head, why=_trick_why(cards, trump))
    if any(c.is_joker for c in cards):
        return _("{story} Jokers never win a trick.").format(story=story)
    return story


def _trick_why(cards: list[Card], trump: Suit | None) -> str:
    """Why the trick's winning card won (the second half of :func:`trick_story`)."""
    win = cards[trick_winner(cards, trump)]
    suit = led_suit(cards)
    if suit is None:
        # Translators: why a card won a trick, after "West took the trick with the K♠: ".
        return _("only jokers were played, so the leader takes it")
    if trump is not None and win.suit == trump and suit != trump:
        trumps = sum(1 for c in cards if not c.is_joker and c.suit == trump)
        return (_("the highest trump") if trumps > 1 else
                _("a trump beats every card of the other suits"))
    others = sum(1 for c in cards if not c.is_joker and c.suit == suit)
    word = suit_word(suit)
    if cards[0].is_joker:  # a joker asks no suit: the first other card sets it (B3)
        first = next(c for c in cards if not c.is_joker)
        led = _("after the joker lead, the {card} set the suit").format(card=first.symbol())
        if others == 1:
            return _("{led} and nobody else followed it").format(led=led)
        return _("the highest {suit}; {led}").format(suit=word, led=led)
    if others == 1:
        return _("nobody else followed the {suit} lead").format(suit=word)
    return _("the highest {suit}, the suit led").format(suit=word)


class GuidedSession(PuzzleSession):
    """A :class:`PuzzleSession` for a :class:`Scene`: scripted seats play their script,
    and ``story`` holds what the table said since the learner's last card (reactions and
    finished tricks)."""

    def __init__(self, scene: Scene, engine: str = "auto") -> None:
        self.scene = scene
        self.story: list[str] = []
        self._tricks_done = 0
        super().__init__(scene.puzzle, engine=engine)

    @property
    def scripted(self) -> bool:
        return self.scene.script is not None

    def retry(self) -> None:
        super().retry()
        self.story = []
        self._tricks_done = 0

    def play(self, card: Card | str, answer: bool = True):
        self.story = []
        return super().play(card, answer)

    def undo(self) -> bool:
        done = super().undo()
        if done:
            self.story = []
            self._tricks_done = self._count_tricks()
        return done

    def _count_tricks(self) -> int:
        return 0 if self.is_trex else sum(self.position.won) - sum(self.puzzle.won or ())

    def _learner_move(self, card: Card | None, auto: bool) -> None:
        if card is not None and not auto:  # the learner's own choice, not a forced card
            self.story += [_(r.say) for r in self.scene.reactions
                           if r.kind == "card" and r.card == card]
        if not self.scripted:
            return super()._learner_move(card, auto)
        self._push(self.seat, card, auto)

    def _push(self, seat: int, card: Card | None, auto: bool = False) -> None:
        before = self.position
        super()._push(seat, card, auto)
        if not self.is_trex and card is not None:
            done = self._count_tricks()
            if done > self._tricks_done:
                self._tricks_done = done
                self._tell_trick(list(before.trick) + [card], before, done)
                if self.ended_early:  # the engine ends the deal here (RULES.md A2)
                    self.story.append(self.end_words())
        if self.over and not self.replayed:
            end = "reached" if self.reached() else "missed"
            self.story += [_(r.say) for r in self.scene.reactions
                           if r.kind == "end" and r.end in ("", end)]

    def _tell_trick(self, cards: list[Card], before, number: int) -> None:
        # The trick's leader led before it; its winner leads the next one.
        self.story.append(trick_story(cards, before.leader, self.puzzle.trump, self.names(),
                                      self.seat))
        mine = self.position.leader == self.seat
        for r in self.scene.reactions:
            if r.kind == "trick" and r.trick == number \
                    and r.winner in ("", "you" if mine else "them"):
                self.story.append(_(r.say))

    @property
    def outcome(self) -> str | None:
        if not self.scripted:
            return super().outcome
        if not self.over:
            return None
        return "solved" if self.reached() else "failed"

    def defence_card(self) -> Card | None:
        if not self.scripted:
            return super().defence_card()
        pos = self.position
        seat = pos.to_move
        if self.is_trex:
            legal = list(pos.legal())
        else:
            legal = list(legal_cards(pos.hands[seat], pos.trick))
        if not legal:
            return None
        for c in self.scene.script.get(seat, ()):
            if c in legal:
                return c
        return legal[-1]  # hand order is high to low: the lowest card

    def status(self) -> str:
        if not self.scripted:
            return super().status()
        if self.over:
            done = " ".join(w for w in (self.end_words(), self._done_words()) if w)
            if self.reached():
                return _("Done! {words}").format(words=done)
            return _("Not this time. {words}").format(words=done)
        mover = self.position.to_move
        if mover == self.seat:
            return _("Your turn.") if self.steps else _("Your turn: play a card.")
        return _("{name} to play.").format(name=self.names()[mover])


# --- loading ------------------------------------------------------------------------
def read_cards(v: Any, where: str, error: type[ValueError] = SceneError) -> tuple[Card, ...]:
    """Cards from lesson data: a list of card texts or one text ("KS 3S"); ``error``
    (naming ``where``) if any is not a card."""
    items = v.replace(",", " ").split() if isinstance(v, str) else v
    if not isinstance(items, list) or not all(isinstance(c, str) for c in items):
        raise error(f"{where}: {v!r} is not a list of cards")
    try:
        return tuple(Card.parse(c) for c in items)
    except ValueError as e:
        raise error(f"{where}: {e}") from None


def _reaction(r: Any, where: str) -> Reaction:
    if not isinstance(r, dict) or not isinstance(r.get("say"), str) or not r["say"].strip():
        raise SceneError(f"{where}: a reaction is an object with a text 'say'")
    kinds = sorted(TRIGGERS & set(r))
    extra = sorted(set(r) - TRIGGERS - {"say", "winner"})
    if len(kinds) != 1 or extra:
        raise SceneError(f"{where}: a reaction has 'say' and one of card, trick, end")
    kind = kinds[0]
    if kind == "card":
        return Reaction("card", r["say"], card=read_cards([r["card"]], where)[0])
    if kind == "trick":
        n, winner = r["trick"], r.get("winner", "")
        if isinstance(n, bool) or not isinstance(n, int) or n < 1 \
                or winner not in ("", "you", "them"):
            raise SceneError(f"{where}: 'trick' is a trick number from 1, 'winner' you/them")
        return Reaction("trick", r["say"], trick=n, winner=winner)
    if r["end"] not in ("", "reached", "missed"):
        raise SceneError(f"{where}: 'end' is reached or missed")
    return Reaction("end", r["say"], end=r["end"])


def _claim(c: Any, where: str) -> Claim:
    if not isinstance(c, dict) or "play" not in c or set(c) - {"play", "reached", "won",
                                                               "says"}:
        raise SceneError(f"{where}: a claim has 'play' and any of reached, won, says")
    reached, won, says = c.get("reached"), c.get("won"), c.get("says", "")
    if reached is not None and not isinstance(reached, bool) \
            or won is not None and (isinstance(won, bool) or not isinstance(won, int)) \
            or not isinstance(says, str):
        raise SceneError(f"{where}: reached is true/false, won a number, says a text")
    return Claim(read_cards(c["play"], where), reached, won, says)


def parse_scene(obj: Any, source: str = "<string>", index: int = 0) -> Scene:
    """One scene from its JSON object; :class:`SceneError` says what is wrong."""
    if not isinstance(obj, dict):
        raise SceneError(f"{source}: scene #{index} is not an object")
    where = f"{source}: scene {obj.get('id', index)!r}"
    base = {k: v for k, v in obj.items() if k not in LESSON_FIELDS}
    base.setdefault("theme", "lesson")
    base.setdefault("difficulty", 1)
    base.setdefault("explanation", obj.get("prompt", "-"))
    try:
        puzzle = puzzle_from_json(base, source, index)
    except PuzzleError as e:
        raise SceneError(str(e)) from None
    script = None
    if "script" in obj:
        raw = obj["script"]
        if not isinstance(raw, dict):
            raise SceneError(f"{where}: 'script' maps seats to cards")
        script = {}
        for k, v in raw.items():
            if not (isinstance(k, str) and k.isdigit() and int(k) < puzzle.players) \
                    or int(k) == puzzle.seat:
                raise SceneError(f"{where}: script seat {k!r} is not a computer seat")
            script[int(k)] = read_cards(v, f"{where}: script {k}")
    reactions = tuple(_reaction(r, f"{where}: react") for r in obj.get("react", []))
    claims = tuple(_claim(c, f"{where}: claims") for c in obj.get("claims", []))
    return Scene(puzzle, script, reactions, claims, explained="explanation" in obj)


def load_scenes(text: str, source: str = "<string>") -> list[Scene]:
    """Scenes from JSON text ``{"scenes": [...]}``; ids must be unique."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SceneError(f"{source}: not JSON: {e}") from None
    items = data.get("scenes") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise SceneError(f"{source}: expected {{\"scenes\": [...]}}")
    out = [parse_scene(o, source, i) for i, o in enumerate(items)]
    ids = [s.id for s in out]
    dup = next((i for i in ids if ids.count(i) > 1), None)
    if dup:
        raise SceneError(f"{source}: scene id {dup!r} appears twice")
    return out


def data_files() -> list[tuple[str, dict]]:
    """Each bundled lesson data file (``tutor/lessons/data/*.json``) as (name, object)."""
    out = []
    for f in sorted(resources.files(__package__).joinpath("data").iterdir(),
                    key=lambda p: p.name):
        if f.name.endswith(".json"):
            try:
                obj = json.loads(f.read_text(encoding="utf-8"))
            except json.JSONDecodeError as e:
                raise SceneError(f"{f.name}: not JSON: {e}") from None
            out.append((f.name, obj if isinstance(obj, dict) else {}))
    return out


@cache
def scenes() -> dict[str, Scene]:
    """Every bundled scene by id (``tutor/lessons/data/*.json``, key ``scenes``)."""
    out: dict[str, Scene] = {}
    for name, obj in data_files():
        for s in load_scenes(json.dumps({"scenes": obj.get("scenes", [])}), name):
            if s.id in out:
                raise SceneError(f"{name}: scene id {s.id!r} appears twice")
            out[s.id] = s
    return out


def scene(scene_id: str) -> Scene:
    """The bundled scene ``scene_id``; ``KeyError`` names the known ones."""
    try:
        return scenes()[scene_id]
    except KeyError:
        raise KeyError(f"no scene {scene_id!r}") from None
