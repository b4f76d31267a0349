"""A learner's game in progress, kept as its record after every action and offered again
after a reload (:meth:`tutor.app.session.PlaySession.saved_record`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from tutor.app import game_options
from tutor.bots import LEVELS
from tutor.engine.i18n import Nn_, gettext as _, ngettext
from tutor.engine.protocol import Game
from tutor.engine.records import from_record

__all__ = ["SAVED_KEY", "SavedGame", "ago", "saved_record"]


SAVED_KEY = "saved"
"""The key a saved game's record adds: when it was saved, and the computer seats' level."""


def saved_record(game: Game, opponents: Any, when: datetime | None = None) -> str:
    """``game``'s record to keep as the learner's game in progress: the whole game (every
    hand: it stays on the server, only the observation reaches the browser) with the time
    and the computer seats' level (``opponents``, when one level) under ``"saved"`` (a
    record reader ignores it). Compact: written after every action."""
    record = game.to_record()
    record[SAVED_KEY] = {"at": (when or datetime.now(timezone.utc)).isoformat(
        timespec="seconds")}
    if isinstance(opponents, str):
        record[SAVED_KEY]["opponents"] = opponents
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class SavedGame:
    """A learner's game in progress read back from its record (:meth:`read`): the replayed
    ``game``, when it was saved (``at``, UTC) and the computer seats' level."""

    game: Game
    at: datetime | None = None
    opponents: str | None = None

    @classmethod
    def read(cls, text: Any, game_name: str) -> SavedGame:
        """The saved game in record ``text`` (from :meth:`PlaySession.saved_record`) for a
        ``game_name`` table. ``ValueError`` with the reason if it is not a record of that
        game that replays (a damaged file, an edited one, the other game's)."""

        if not isinstance(text, str):
            raise ValueError(_("a saved game is a game record"))
        try:
            record = json.loads(text)
        except ValueError as e:
            raise ValueError(_("not a game record (bad JSON): {error}").format(error=e)) from None
        if not isinstance(record, dict):
            raise ValueError(_("a game record is a JSON object"))
        game = from_record(record)  # replays every action: ValueError (ParseError) if bad
        if game.KIND != game_name:
            raise ValueError(_("not a {game} game").format(game=game_name))
        meta = record.get(SAVED_KEY)
        meta = meta if isinstance(meta, dict) else {}
        at = None
        if isinstance(meta.get("at"), str):
            try:
                at = datetime.fromisoformat(meta["at"])
            except ValueError:
                at = None
            if at is not None and at.tzinfo is None:
                at = at.replace(tzinfo=timezone.utc)
        level = meta.get("opponents")
        return cls(game, at, level if level in LEVELS else None)

    def where(self) -> str:
        """How far the game has come, in public words: "hand 4 of 19" (Trixter),
        "kingdom 2 of 4, deal 7" (Trix)."""
        obs = self.game.observation(0)
        if obs.KIND == "trixter":
            return _("hand {n} of {total}").format(n=obs.hand_number,
                                                   total=obs.hand_number + obs.hands_left)
        return _("kingdom {n} of 4, deal {deal}").format(n=obs.kingdom + 1, deal=obs.deal_number)

    def words(self, now: datetime | None = None) -> str:
        """The offer's line: the game's options, how far it has come and when it was
        saved: "Trixter · 5 players · … , hand 4 of 21, saved 3 minutes ago"."""
        setup, where = game_options.summary(self.game), self.where()
        if self.at is None:
            return _("{setup}, {where}").format(setup=setup, where=where)
        return _("{setup}, {where}, saved {ago}").format(setup=setup, where=where,
                                                        ago=ago(self.at, now))

    def offer(self, now: datetime | None = None) -> dict[str, str]:
        """What the table's offer shows (``title``, ``text``; the answers are the
        widget's): public facts only, as the table's own line."""
        return {"title": _("You have a game in progress"), "text": self.words(now)}


def ago(when: datetime, now: datetime | None = None) -> str:
    """How long ago ``when`` was, in words that do not depend on a time zone (the
    server's clock is not the learner's).

    >>> t = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
    >>> [ago(t, t.replace(hour=h, minute=m)) for h, m in ((12, 0), (12, 1), (12, 42), (15, 5))]
    ['just now', '1 minute ago', '42 minutes ago', '3 hours ago']
    >>> ago(t, t.replace(day=2)), ago(t, t.replace(day=13)), ago(t, t.replace(month=5))
    ('1 day ago', '12 days ago', 'on 2026-03-01')
    """
    now = now or datetime.now(timezone.utc)
    seconds = (now - when).total_seconds()
    if seconds < 60:
        return _("just now")
    for (one, many), size, below in _AGO:
        if seconds < size * below:
            n = int(seconds // size)
            return ngettext(one, many, n).format(n=f"{n:,}")
    return _("on {date}").format(date=when.date().isoformat())


_AGO = ((Nn_("{n} minute ago", "{n} minutes ago"), 60, 60),
        (Nn_("{n} hour ago", "{n} hours ago"), 3600, 24),
        (Nn_("{n} day ago", "{n} days ago"), 86400, 31))

