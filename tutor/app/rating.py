"""The Glicko-2 rating of a learner's puzzles: every attempt is one rating period with one
game, played against the puzzle, whose rating comes from its difficulty
(:func:`puzzle_rating`, with a fixed deviation of ``PUZZLE_DEVIATION``), as on the chess
puzzle sites. :class:`~tutor.app.progress.Progress` keeps the learner's :class:`Rating`.

>>> r = glicko2(Rating(), [(puzzle_rating(3), PUZZLE_DEVIATION, 1.0)])
>>> round(r.rating), round(r.deviation)
(1675, 253)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tutor.engine.i18n import gettext as _

__all__ = ["Rating", "glicko2", "expected_score", "puzzle_rating", "puzzle_difficulty",
           "SCALE", "TAU", "EPSILON", "START", "MIN_DEVIATION", "MAX_DEVIATION",
           "PUZZLE_DEVIATION"]

SCALE = 173.7178  # Glicko-2: rating points per unit of mu
TAU = 0.5  # system constant: how fast the volatility may change
EPSILON = 1e-6  # convergence tolerance of the volatility iteration
START = (1500.0, 350.0, 0.06)
MIN_DEVIATION = 45.0  # the learner's deviation never drops below this, so the rating keeps moving
MAX_DEVIATION = 350.0
PUZZLE_DEVIATION = 100.0


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the familiar scale: ``rating``, ``deviation`` (RD), ``volatility``."""

    rating: float = START[0]
    deviation: float = START[1]
    volatility: float = START[2]


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent_rating: float, opponent_deviation: float) -> float:
    """The Glicko-2 expected score of ``player`` against an opponent.

    >>> round(expected_score(Rating(1500, 200), 1400, 30), 3)
    0.639
    """
    mu = (player.rating - 1500.0) / SCALE
    return _expected(mu, (opponent_rating - 1500.0) / SCALE, opponent_deviation / SCALE)


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of Glickman's algorithm: the Illinois iteration for the new volatility."""
    a = math.log(sigma * sigma)
    d2, p2 = delta * delta, phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if d2 > p2 + v:
        big_b = math.log(d2 - p2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def glicko2(
    player: Rating, results: Iterable[tuple[float, float, float]], tau: float = TAU
) -> Rating:
    """``player`` after one rating period of ``(opponent rating, opponent RD, score)`` games.

    The standard algorithm of Glickman's "Example of the Glicko-2 system" (his worked
    example rounds intermediate values, hence 1464.06 there); with no games only the
    deviation grows.

    >>> r = glicko2(Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    >>> round(r.rating, 2), round(r.deviation, 2), round(r.volatility, 6)
    (1464.05, 151.52, 0.059996)
    """
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    games = [((r - 1500.0) / SCALE, rd / SCALE, float(s)) for r, rd, s in results]
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    v_inv = 0.0
    gain = 0.0
    for mu_j, phi_j, s in games:
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        gain += g * (s - e)
    v = 1.0 / v_inv
    new_sigma = _new_volatility(sigma, phi, v, v * gain, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    return Rating(1500.0 + SCALE * new_mu, SCALE * new_phi, new_sigma)


def puzzle_difficulty(d: Any) -> int:
    """``d`` if it is a puzzle difficulty (a whole number from 1 to 5), else ``ValueError``.

    Public because every reader of a difficulty checks it the same way: the rating of a
    puzzle here, an attempt read from a progress file (:mod:`tutor.app.attempts`) and an
    attempt counted (:meth:`~tutor.app.progress.Progress.record`).

    >>> puzzle_difficulty(2)
    2
    >>> puzzle_difficulty(True)
    Traceback (most recent call last):
    ...
    ValueError: a puzzle difficulty is a whole number from 1 to 5, not True
    """
    if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 5:
        raise ValueError(_("a puzzle difficulty is a whole number from 1 to 5, not {value}").format(
            value=repr(d)))
    return d


def puzzle_rating(difficulty: int) -> float:
    """The rating a puzzle of difficulty 1-5 plays at.

    >>> [puzzle_rating(d) for d in range(1, 6)]
    [1000.0, 1250.0, 1500.0, 1750.0, 2000.0]
    """
    return 1000.0 + 250.0 * (puzzle_difficulty(difficulty) - 1)
