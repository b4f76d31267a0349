"""Where the seats sit and what they are called: one place for every table and text.

Seats are numbered in play order (seat ``i + 1`` plays after seat ``i``). Trixter turns
clockwise and Trix counter-clockwise (RULES.md, "Seats"), so every table of a game is
drawn in that game's direction: the next player sits on the learner's left in Trixter and
on the learner's right in Trix.

Compass names agree with the drawing: a table seen from above with North at the top has
East on the right, so clockwise play goes North, East, South, West and counter-clockwise
play North, West, South, East. Whoever sits at the bottom of the screen, each name is then
where a map would put it (the table only turns).

>>> [seat_name(s, 4, "trixter") for s in range(4)]
['North', 'East', 'South', 'West']
>>> [seat_name(s, 4, "trix") for s in range(4)]
['North', 'West', 'South', 'East']
>>> direction("trix"), direction("trixter")
('ccw', 'cw')
"""

from __future__ import annotations

from tutor.engine.i18n import gettext as _, N_

__all__ = ["DIRECTIONS", "direction", "seat_name", "next_side"]

DIRECTIONS = {"trixter": "cw", "trix": "ccw"}
"""Each game's direction of play seen from above: ``cw`` clockwise, ``ccw`` counter."""

_COMPASS = {"cw": (N_("North"), N_("East"), N_("South"), N_("West")),
            "ccw": (N_("North"), N_("West"), N_("South"), N_("East"))}


def direction(game: str) -> str:
    """``"cw"`` for Trixter, ``"ccw"`` for Trix; ``ValueError`` for another name."""
    try:
        return DIRECTIONS[game]
    except KeyError:
        raise ValueError(f"no game {game!r} (trixter or trix)") from None


def seat_name(seat: int, players: int, game: str = "trixter") -> str:
    """The compass name of ``seat`` at a table of four, in the game's direction of play;
    ``Player 1``… at other tables.

    >>> seat_name(1, 4, "trix"), seat_name(2, 5)
    ('West', 'Player 3')
    """
    if players == 4:
        return _(_COMPASS[direction(game)][seat])
    return _("Player {n}").format(n=seat + 1)


def next_side(game: str) -> str:
    """The side of the learner where the next player sits: ``left`` (Trixter) or
    ``right`` (Trix)."""
    return "left" if direction(game) == "cw" else "right"
