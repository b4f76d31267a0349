"""The pace of the computer seats at a table: how long each computer action stays on
screen, headless so it runs on a fake clock in tests (the widgets only call it and redraw).

A seat's pace must not tell what it holds (RULES.md A5): a bot thinks *during* its pause,
a forced move waits as long as the slowest recent thought, and in Trix's round of doubles
and claims every seat waits as long as a weighed choice rehearsed on a fixed deal
(:meth:`tutor.app.session.PlaySession.rehearse_round`), never the deal played.

>>> pacer = Pacer(clock=lambda: 0.0, sleep=lambda s: None)
>>> pacer.pace(0.6, 0.1), pacer.pace(0.6, 1.5), pacer.pace(0.6, 0.1)
(0.6, 1.5, 1.5)
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from tutor.app.session import PlaySession
from tutor.engine.i18n import gettext as _
from tutor.engine.protocol import Phase

__all__ = ["Pacer", "PACE_WINDOW", "PACE_CAP", "ROUND_MARGIN", "default_pause",
           "checked_pause", "round_key"]

PACE_WINDOW = 12
"""Computer thoughts the pace remembers: enough to cover a round of every seat, few enough
to speed up as the hands shrink."""

PACE_CAP = 4.0
"""The longest a computer action may take on screen, whatever a slow thought took."""

ROUND_MARGIN = 1.5
"""Head room over the rehearsed thought in the round of doubles, so a holder that thinks a
little slower than the rehearsal (a busy machine) still takes no longer than the others."""


def default_pause() -> float:
    """Seconds between two computer actions: ``TRIX_TUTOR_PAUSE``, else 0.6 (every table
    that paces the computer seats: games, puzzles, the rush)."""
    try:
        return float(os.environ.get("TRIX_TUTOR_PAUSE", "0.6"))
    except ValueError:
        return 0.6


def checked_pause(pause: float | None) -> float:
    """``pause`` as seconds (:func:`default_pause` if ``None``); a pause that is not a number
    from 0 to 10 is refused.

    >>> checked_pause(1)
    1.0
    >>> checked_pause(True)
    Traceback (most recent call last):
    ...
    ValueError: pause is a number of seconds from 0 to 10
    """
    if pause is None:
        pause = default_pause()
    if isinstance(pause, bool) or not isinstance(pause, (int, float)) or not 0 <= pause <= 10:
        raise ValueError(_("pause is a number of seconds from 0 to 10"))
    return float(pause)


def round_key(session: PlaySession) -> tuple:
    """The round's contract and the bots' level: what a weighed choice's cost is for."""
    return (session.game.contract, str(session.opponents))  # type: ignore[attr-defined]


class Pacer:
    """Paces a session's computer seats on ``clock`` (seconds) and ``sleep``; it keeps the
    recent thoughts and the rehearsed round costs from one call to the next."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.clock, self.sleep = clock, sleep
        self.thoughts: list[float] = []  # the computer seats' recent thinking times
        # A weighed double or claim, by contract and level (see pace).
        self.round_costs: dict[tuple, float] = {}

    def play_turns(self, session: PlaySession, pause: float,
                   shown: Callable[[], None] = lambda: None) -> None:
        """Let the computer seats act, one action at a time with ``shown()`` after each,
        until the learner is to move or nobody is (between hands)."""
        for _i in range(10_000):
            if session.computer_to_move is None:
                break
            key = round_key(session) if session.game.phase == Phase.DOUBLE else None
            if key is not None and pause > 0 and key not in self.round_costs:
                self.round_costs[key] = session.rehearse_round(self.clock)
            started = self.clock()
            move = session.think()
            # The bot thinks during the pause, not before it: a seat takes the same time
            # whether it had a choice to weigh or not. Where thinking outlasts the pause (a
            # slow machine, the browser-only site), the pace is the slowest recent thought,
            # so a forced move waits as long as a weighed one.
            took = self.clock() - started
            rest = self.pace(pause, took, key) - took
            if rest > 0:
                self.sleep(rest)
            session.carry_out(move)
            shown()

    def pace(self, pause: float, took: float, key: tuple | None = None) -> float:
        """Seconds a computer action takes on screen: ``pause``, or the slowest of the last
        :data:`PACE_WINDOW` thoughts if longer (at most :data:`PACE_CAP`). No pause, no
        padding: tests and instant replays run at full speed.

        In Trix's round of doubles and claims (``key``: :func:`round_key`) every seat
        visited takes the same time, held or not (RULES.md A5): ``pause``, or
        :data:`ROUND_MARGIN` times a weighed choice rehearsed on a fixed deal before the
        first round's first computer action (so even that round's first seat waits as long
        as a holder would think), kept apart from the card play's window."""
        if pause <= 0:
            return 0.0
        if key is not None:
            held = max(pause, min(PACE_CAP, ROUND_MARGIN * self.round_costs.get(key, 0.0)))
            # Within the head room the pace stays put: raised by a holder's thought, it
            # would tell the seats after it. Only a thought past it (seen anyway) raises
            # the rehearsed cost, for the rounds to come.
            if took > held:
                self.round_costs[key] = took
            return max(held, took)
        recent = self.thoughts
        recent.append(took)
        del recent[:-PACE_WINDOW]
        return max(pause, min(PACE_CAP, max(recent)))
