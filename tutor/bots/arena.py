"""The arena: bots of different levels play many games on duplicated deals.

Luck of the cards is the loudest noise in a card game, so the arena cancels it the way
duplicate bridge does. For each *deal set* (one game seed) the whole game is played
once per rotation of the bot list over the seats, with the same cards each time: every
level holds every seat's cards, against the same deals, as often as it has seats.

>>> result = arena("trixter", players=3, bots=["beginner", "random", "random"],
...                games=2, seed=1, hands=2)
>>> [seating.index("beginner") for seating in result.seatings]  # the beginner's seat
[0, 1, 2]
>>> len(result.runs), list(result.levels)
(6, ['beginner', 'random'])
>>> print(result.table())  # doctest: +ELLIPSIS
Trixter, 3 players, hands 1-2: 2 deal set(s) x 3 seating(s) = 6 games, seed 1
seats: beginner, random, random
...

How deals are duplicated: Trixter deals hand ``k`` from the game seed and ``k`` alone,
so the same seed gives the same cards whatever anyone does. Trix would too, but a
redeal claim uses up a shuffle and shifts every later deal; so in Trix the arena deals
itself (with ``deal_hands``): deal ``k`` of a game always gets the same cards, and a
redeal gets its own cards, the same whenever that deal is redealt for the same time.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.bots import ARENA_LEVELS, GAMES, bot_for, play_bot_turn
from tutor.engine.cards import deal
from tutor.engine.protocol import Phase
from tutor.engine.trixter import MAX_PLAYERS, MIN_PLAYERS, TrixterGame, peak_for
from tutor.engine.trix import TrixGame

__all__ = ["arena", "ArenaResult", "Estimate", "Run", "mean_ci", "t_975"]

# Student's t, the 97.5% point, for 1..30 degrees of freedom (two-sided 95%).
_T_975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
          2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
          2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
_Z_975 = 1.959964


def t_975(df: int) -> float:
    """The 97.5% point of Student's t with ``df`` degrees of freedom: a table to 30,
    then the Cornish-Fisher expansion around the normal's 1.96 (exact to 3 decimals).

    >>> t_975(3), t_975(30), round(t_975(60), 3), round(t_975(10**6), 3)
    (3.182, 2.042, 2.0, 1.96)
    """
    if df < 1:
        raise ValueError("a t interval needs at least 1 degree of freedom")
    if df <= len(_T_975):
        return _T_975[df - 1]
    z = _Z_975
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


@dataclass(frozen=True)
class Estimate:
    """A mean over ``n`` independent values with its 95% confidence interval
    (``low``, ``high``; ``None`` when ``n`` is 1)."""

    mean: float
    low: float | None
    high: float | None
    n: int

    @property
    def excludes_zero(self) -> bool:
        """True when the whole interval lies on one side of 0: a clear difference."""
        return self.low is not None and (self.low > 0 or self.high < 0)


def mean_ci(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with the t interval ``mean ± t(0.975, n−1)·sd/√n``.

    >>> e = mean_ci([1, 2, 3, 4])  # sd = √(5/3), t(0.975, 3) = 3.182
    >>> e.mean, round(e.low, 3), round(e.high, 3)
    (2.5, 0.446, 4.554)
    >>> mean_ci([5.0])
    Estimate(mean=5.0, low=None, high=None, n=1)
    """
    n = len(values)
    if not n:
        raise ValueError("no values")
    mean = statistics.fmean(values)
    if n == 1:
        return Estimate(mean, None, None, 1)
    half = t_975(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


def _quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile, interpolated between order statistics (numpy's default)."""
    xs = sorted(values)
    pos = q * (len(xs) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


@dataclass(frozen=True)
class Run:
    """One game of the arena: deal set ``deal_set`` played with ``seating`` (the level at
    each seat), its game seed, each seat's bot seed, each seat's points and the hands
    (Trixter) or deals (Trix) scored. ``record`` is the game's record if kept."""

    deal_set: int
    seating: tuple[str, ...]
    game_seed: int
    bot_seeds: tuple[int, ...]
    scores: tuple[int, ...]
    hands: int
    record: dict[str, Any] | None = None


@dataclass
class ArenaResult:
    """What :func:`arena` found: per level, the mean points per ``unit`` with a 95% CI
    over deal sets (``levels``), the paired differences between levels
    (``differences[(a, b)]`` is ``a − b``, the stronger level first), the seconds of
    each decision (``times``), and every game played (``runs``)."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    hands: int | None
    first_hand: int
    seconds: float | None
    unit: str
    seatings: list[tuple[str, ...]]
    per_set: dict[str, list[float]]
    levels: dict[str, Estimate]
    differences: dict[tuple[str, str], Estimate]
    times: dict[str, list[float]]
    runs: list[Run] = field(repr=False)

    def seats_of(self, level: str) -> int:
        """How many seats ``level`` holds at the table."""
        return self.bots.count(level)

    def median_time(self, level: str) -> float | None:
        """Median seconds per decision of ``level`` (``None`` if it never decided)."""
        t = self.times.get(level)
        return statistics.median(t) if t else None

    def p90_time(self, level: str) -> float | None:
        """90th percentile of seconds per decision of ``level``."""
        t = self.times.get(level)
        return _quantile(t, 0.9) if t else None

    def title(self) -> str:
        """One line saying what was played."""
        if self.game == "trixter":
            last = (self.first_hand + self.hands - 1 if self.hands
                    else 2 * peak_for(self.players) - 1)
            what = f"Trixter, {self.players} players, hands {self.first_hand}-{last}"
        else:
            what = "Trix" + (f", first {self.hands} deals" if self.hands else "")
        n = len(self.seatings)
        return (f"{what}: {self.games} deal set(s) x {n} seating(s) = "
                f"{self.games * n} games, seed {self.seed}"
                + (f", {self.seconds:g} s per decision" if self.seconds is not None else ""))

    def table(self) -> str:
        """The result as aligned plain text: levels, differences, decision times."""
        measure = f"points/{self.unit}"

        def ci(e: Estimate) -> str:
            return "n/a" if e.low is None else f"[{e.low:8.3f}, {e.high:8.3f}]"

        width = max([len(lv) for lv in self.levels] + [5])
        diff_names = {k: f"{k[0]} - {k[1]}" for k in self.differences}
        dwidth = max([len(n) for n in diff_names.values()] + [10])
        lines = [self.title(), "seats: " + ", ".join(self.bots), ""]
        lines.append(f"{'level':<{width}}  {'seats':>5}  {measure:>14}  {'95% CI':<20}  "
                     f"{'decisions':>9}  {'median ms':>10}  {'p90 ms':>10}")
        for lv, e in self.levels.items():
            med, p90 = self.median_time(lv), self.p90_time(lv)
            lines.append(f"{lv:<{width}}  {self.seats_of(lv):>5}  {e.mean:>14.3f}  {ci(e):<20}  "
                         f"{len(self.times.get(lv, ())):>9}  "
                         f"{'-' if med is None else f'{1000 * med:.3f}':>10}  "
                         f"{'-' if p90 is None else f'{1000 * p90:.3f}':>10}")
        if self.differences:
            lines.append("")
            lines.append(f"{'difference':<{dwidth}}  {measure:>14}  {'95% CI':<20}  "
                         f"{'CI excludes 0':>13}")
            for k, e in self.differences.items():
                clear = "n/a" if e.low is None else ("yes" if e.excludes_zero else "no")
                lines.append(f"{diff_names[k]:<{dwidth}}  {e.mean:>14.3f}  {ci(e):<20}  "
                             f"{clear:>13}")
        lines.append("")
        lines.append(f"95% CI: mean ± t(0.975, N-1)·sd/√N over the N = {self.games} deal sets "
                     "(a level's points averaged over its seats and seatings in each set).")
        lines.append("Decision times: each bot.act call, in milliseconds.")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _derive(*parts: object) -> int:
    """A 32-bit seed from the parts (``random`` hashes strings with SHA-512, so it is the
    same on every run and machine)."""
    return random.Random("arena/" + "/".join(str(p) for p in parts)).randrange(2 ** 32)


def _seatings(bots: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The distinct rotations of ``bots`` over the seats, rotation ``r`` moving each bot
    ``r`` seats on. A repeating list (expert, beginner, expert, beginner) has fewer
    distinct rotations; replaying one would repeat the same game, so it is played once.

    >>> _seatings(("a", "b", "b"))
    [('a', 'b', 'b'), ('b', 'a', 'b'), ('b', 'b', 'a')]
    >>> _seatings(("a", "b", "a", "b"))
    [('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a')]
    """
    n = len(bots)
    out: list[tuple[str, ...]] = []
    for r in range(n):
        s = tuple(bots[(i - r) % n] for i in range(n))
        if s not in out:
            out.append(s)
    return out


def _order(levels: list[str]) -> list[str]:
    """Levels strongest first (``ARENA_LEVELS`` lists them weakest first)."""
    return sorted(levels, key=lambda lv: -ARENA_LEVELS.index(lv))


def _check(game: str, players: int, bots: Sequence[str] | str, games: int, seed: int,
           hands: int | None, first_hand: int, seconds: float | None) -> tuple[str, ...]:
    if game not in GAMES:
        raise ValueError(f"no arena for the game {game!r}: choose one of {', '.join(GAMES)}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, not {players!r}")
    if game == "trix" and players != 4:
        raise ValueError(f"Trix is for 4 players, not {players}")
    if game == "trixter" and not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Trixter is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",")]
    bots = tuple(bots)
    for b in bots:
        if b not in ARENA_LEVELS:
            raise ValueError(f"no bot level {b!r}: choose from {', '.join(ARENA_LEVELS)}")
    if game != "trixter" and "ismcts" in bots:
        raise ValueError("the ismcts level plays Trixter only")
    if not bots or players % len(bots):
        raise ValueError(f"give one bot level per seat ({players}), or a shorter list whose "
                         f"length divides {players}; got {len(bots)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be at least 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number (the same seed, the same arena), "
                         f"not {seed!r}")
    if game == "trixter":
        n_hands = 2 * peak_for(players) - 1
        if isinstance(first_hand, bool) or not isinstance(first_hand, int) \
                or not 1 <= first_hand <= n_hands:
            raise ValueError(f"first_hand must be 1..{n_hands} for {players} players")
        left = n_hands - first_hand + 1
    else:
        if first_hand != 1:
            raise ValueError("first_hand is for Trixter; a Trix arena starts at the first deal")
        left = 20
    if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int)
                              or not 1 <= hands <= left):
        raise ValueError(f"hands must be 1..{left} (the hands left in the game), not {hands!r}")
    if seconds is not None and not seconds > 0:
        raise ValueError(f"seconds must be more than 0, not {seconds!r}")
    return bots * (players // len(bots))


def _timed(bot: Any, sink: list[float]) -> Any:
    """Time every ``act`` call of ``bot`` into ``sink`` (the instance's own method is
    wrapped, so ``play_bot_turn`` sees the same bot)."""
    act = bot.act

    def timed_act(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return act(*args, **kwargs)
        finally:
            sink.append(time.perf_counter() - start)

    bot.act = timed_act
    return bot


def _trix_cards(game_seed: int, deal_no: int, redeal: int = 0) -> list:
    """The cards of deal ``deal_no`` of a Trix arena game (``redeal``: its n-th redeal)."""
    return deal(4, 13, 0, random.Random(f"{game_seed}/arena deal {deal_no}/{redeal}")).hands


def _play_one(game_name: str, seating: tuple[str, ...], game_seed: int,
              bot_seeds: tuple[int, ...], hands: int | None, first_hand: int,
              seconds: float | None, times: dict[str, list[float]]) -> Any:
    """Play one game to its end (or ``hands`` scored hands) and return it."""
    extra = {} if seconds is None else {"seconds": seconds}
    bots = [_timed(bot_for(game_name, lv, seed=s, **extra), times.setdefault(lv, []))
            for lv, s in zip(seating, bot_seeds)]
    if game_name == "trixter":
        game = TrixterGame.new(players=len(seating), seed=game_seed, first_hand=first_hand)
    else:
        game = TrixGame.new(seed=game_seed, deals=[_trix_cards(game_seed, 1)])
    scored = 0
    redeals = 0
    while not game.is_over:
        if game.phase == Phase.HAND_OVER:
            scored += 1
            if hands is not None and scored >= hands:
                return game
            game.next_hand()
            if game_name == "trix":
                redeals = 0
                game.deal_hands(_trix_cards(game_seed, scored + 1))
            continue
        dealt = len(game.deals)
        play_bot_turn(game, bots[game.to_move])
        if len(game.deals) != dealt:  # a Trix redeal claim: this deal's own fresh cards
            redeals += 1
            game.deal_hands(_trix_cards(game_seed, scored + 1, redeals))
    return game


def _deal_set_of(args: tuple) -> tuple[dict, list[Run], dict]:
    return _deal_set(*args)


def _deal_set(task: tuple, d: int) -> tuple[dict, list[Run], dict]:
    """Deal set ``d`` of an arena, played once per seating: each level's points per
    seat, the runs, and the decision times (a process of its own when ``jobs`` > 1)."""
    game, players, seed, seatings, levels, hands, first_hand, seconds, keep = task
    game_seed = _derive(seed, game, players, d)
    bot_seeds = tuple(_derive(seed, game, players, d, "seat", s) for s in range(players))
    got: dict[str, list[float]] = {lv: [] for lv in levels}
    runs, times = [], {}
    for seating in seatings:
        g = _play_one(game, seating, game_seed, bot_seeds, hands, first_hand, seconds, times)
        n_hands = sum(1 for row in g.sheet if row.get("redeal") is None)
        for s, lv in enumerate(seating):
            got[lv].append(g.scores[s] / n_hands if game == "trixter" else g.scores[s])
        runs.append(Run(d, seating, game_seed, bot_seeds, tuple(g.scores), n_hands,
                        g.to_record() if keep else None))
    return got, runs, times


def arena(game: str = "trixter", players: int = 4,
          bots: Sequence[str] | str = ("expert", "beginner", "beginner", "beginner"),
          games: int = 10, seed: int = 0, hands: int | None = None,
          seconds: float | None = None, progress: Callable[[int, int], None] | None = None,
          *, first_hand: int = 1, keep_records: bool = False, jobs: int = 1) -> ArenaResult:
    """Let bots of several levels play ``games`` deal sets of ``game`` and compare them.

    ``bots`` names the level at each seat (``ARENA_LEVELS``); a shorter list whose length
    divides ``players`` is repeated (``["expert", "beginner"]`` at 4 seats is expert,
    beginner, expert, beginner). Each deal set is a game seed derived from ``seed`` and
    the set's number; its game is played once per distinct rotation of ``bots`` over
    the seats, on the same cards. Each bot's seed is derived from ``seed``, the set and
    the seat, so the same call gives the same result.

    The measure is points per hand in Trixter (a seat's total over the hands played)
    and points per game in Trix (per ``hands`` deals when that is given). ``hands=K``
    plays only the first ``K`` hands (deals) of each game, to bound the time;
    ``first_hand`` (Trixter) starts the schedule later, e.g. at the big hands.
    ``seconds`` is passed to :func:`~tutor.bots.bot_for` (time per decision) when given.

    Statistics: a level's result in a deal set is its points averaged over its seats
    and the seatings; the unit of independence is the deal set, so the 95% interval is
    the t interval over the ``games`` sets (:func:`mean_ci`). A difference ``a − b`` is
    paired: ``a``'s and ``b``'s results on the same deal set, then the t interval of
    those differences. ``progress(done, total)`` is called after every game (with
    ``jobs`` > 1, the games of a deal set together, as the set is done in order).
    ``jobs`` plays that many deal sets at once, in processes of their own: the sets are
    seeded, so the result is the same.
    """
    seating0 = _check(game, players, bots, games, seed, hands, first_hand, seconds)
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number of at least 1, not {jobs!r}")
    seatings = _seatings(seating0)
    levels = _order(list(dict.fromkeys(seating0)))
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    per_set: dict[str, list[float]] = {lv: [] for lv in levels}
    runs: list[Run] = []
    total = games * len(seatings)
    task = (game, players, seed, seatings, levels, hands, first_hand, seconds, keep_records)
    if jobs == 1:
        done = (_deal_set(task, d) for d in range(games))
    else:  # the sets are independent and seeded: the same results, sooner
        import multiprocessing  # only for several jobs (a browser kernel has no processes)

        # A Pool, not a ProcessPoolExecutor: Debian's PyPy 3.9 breaks the latter.
        pool = multiprocessing.get_context("spawn").Pool(min(jobs, games))
        done = pool.imap(_deal_set_of, [(task, d) for d in range(games)])
    try:
        for got, set_runs, set_times in done:  # in the order of the sets
            for lv in levels:
                per_set[lv].append(statistics.fmean(got[lv]))
                times[lv] += set_times.get(lv, [])
            for run in set_runs:
                runs.append(run)
                if progress is not None:
                    progress(len(runs), total)
    finally:
        if jobs > 1:
            pool.terminate()
    differences = {(a, b): mean_ci([x - y for x, y in zip(per_set[a], per_set[b])])
                   for i, a in enumerate(levels) for b in levels[i + 1:]}
    if game == "trixter":
        unit = "hand"
    else:
        unit = f"{hands} deals" if hands else "game"
    return ArenaResult(game=game, players=players, bots=seating0, games=games, seed=seed,
                       hands=hands, first_hand=first_hand, seconds=seconds, unit=unit,
                       seatings=seatings, per_set=per_set,
                       levels={lv: mean_ci(per_set[lv]) for lv in levels},
                       differences=differences, times=times, runs=runs)
