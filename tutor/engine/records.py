"""Game records: a whole game (rules, players, deals, actions) as JSON.

``load``/``loads``/``dump``/``dumps`` work like the ``json`` module's, for either
game. Loading replays every action through the engine, so a corrupt or illegal
record is refused with the action's number and the reason.

>>> from tutor.engine.trixter import TrixterGame
>>> g = TrixterGame.new(players=3, seed=5)
>>> g.apply("trump H")
>>> loads(dumps(g)).history == g.history
True
"""

from __future__ import annotations

import json
from typing import IO, Any

from tutor.engine.errors import ParseError
from tutor.engine.i18n import gettext as _
from tutor.engine.protocol import Game, Phase
from tutor.engine.trix import TrixGame
from tutor.engine.trixter import TrixterGame

__all__ = ["load", "loads", "dump", "dumps", "from_record", "game_types", "finished_record"]


def game_types() -> dict[str, type[Game]]:
    """The record format of each game, e.g. ``"trix-tutor/trixter"``."""
    return {cls.FORMAT: cls for cls in (TrixterGame, TrixGame)}


def from_record(record: Any) -> Game:
    """The game a record dict describes, replayed through the engine."""
    if not isinstance(record, dict):
        raise ParseError(_("a game record is a JSON object"))
    kinds = game_types()
    fmt = record.get("format")
    if fmt not in kinds:
        raise ParseError(_("unknown record format {format!r}; expected one of {formats}").format(
            format=fmt, formats=sorted(kinds)))
    return kinds[fmt].from_record(record)


def loads(text: str | bytes) -> Game:
    """A game from record text."""
    try:
        record = json.loads(text)
    except (json.JSONDecodeError, TypeError, UnicodeDecodeError) as e:
        raise ParseError(_("not a game record (bad JSON): {error}").format(error=e)) from None
    return from_record(record)


def load(fp: IO[str] | str) -> Game:
    """A game from a record file (an open file or a path); errors name the file."""
    if isinstance(fp, str):
        with open(fp, encoding="utf-8") as f:
            return _named(f.read(), fp)
    return _named(fp.read(), getattr(fp, "name", "<record>"))


def _named(text: str, name: str) -> Game:
    try:
        return loads(text)
    except ValueError as e:
        raise type(e)(f"{name}: {e}") from None


def dumps(game: Game, indent: int | None = 1) -> str:
    """The record text of ``game``."""
    return game.to_json(indent=indent)


def dump(game: Game, fp: IO[str] | str, indent: int | None = 1) -> None:
    """Write the record of ``game`` to an open file or a path."""
    text = dumps(game, indent=indent)
    if isinstance(fp, str):
        with open(fp, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    else:
        fp.write(text + "\n")


def finished_record(game: Game) -> dict[str, Any] | None:
    """The record of ``game`` up to the end of its last finished hand (or deal): all of
    it once a hand is over, ``None`` before the first hand ends. A hand in progress is
    left out, its deal too."""
    rec = game.to_record()
    if game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        ends = [i for i, (_s, text) in enumerate(rec["actions"]) if text == "next"]
        if not ends:
            return None
        rec["actions"] = rec["actions"][:ends[-1]]
        if "hinted" in rec:  # the hints of the hand left out go with it
            rec["hinted"] = [i for i in rec["hinted"] if i < ends[-1]]
    if not rec["actions"]:
        return None
    rec["deals"] = rec["deals"][:len(from_record(rec).deals)]
    return rec
