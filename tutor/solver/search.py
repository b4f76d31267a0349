"""Exact game-tree search for trick-play goals (double dummy, paranoid): ``solve``.

The hero (a seat or a team) against all the others cooperating. The search itself is
:mod:`tutor.solver.kernels`, written once: it runs as plain Python on lists (the pure
path, e.g. the browser) or compiled by numba on numpy arrays (:mod:`tutor.solver._fast`,
much faster). Both paths run the same code, so they give the same answers card for card.
This module sets up a search's state from a position and a goal and reads the answer.
"""

from __future__ import annotations

import os
import threading
import time

from tutor.engine.cards import CARDS, JOKER, Card
from tutor.engine.trix.contracts import Contract
from tutor.engine.warming import warming
from tutor.solver import kernels as K
from tutor.solver.goals import AvoidCards, Exactly, MaxTricks, MinPenalty, side_of
from tutor.solver.position import Position
from tutor.solver.result import Result, SearchLimit
from tutor.solver.trex import TrexPlace, solve_trex

__all__ = ["solve", "Result", "SearchLimit", "engine_in_use", "compile_ahead"]

ENGINES = ("auto", "python", "numba")
TT_BITS = 20  # the numba table: 2**20 slots (about 110 MB with its values)
TT_BITS_PYTHON = 16  # the pure path searches far fewer nodes, and runs in browsers


class _Table:
    """A transposition table kept between solves: keys, values and a generation stamp
    (a new generation empties it; allocating a fresh 40 MB table per solve would cost
    more than a puzzle's whole search)."""

    def __init__(self, bits: int, numba: bool) -> None:
        size = 1 << bits
        if numba:
            import numpy as np  # only with numba, the optional accelerator

            self.keys = np.empty(size * K.KW + K.MEMO_WORDS, np.int64)
            self.values = np.empty(size * K.TVW, np.int64)
            self.keys.fill(0)  # touch every page now, not as page faults inside the first solves
            self.values.fill(0)
        else:
            self.keys = [0] * (size * K.KW + K.MEMO_WORDS)
            self.values = [0] * (size * K.TVW)
        self.mask = size - 1
        self.memo = size * K.KW  # where the suit codes' memo starts, after the keys
        self.generation = 0

    def renew(self) -> int:
        self.generation += 1
        return self.generation


_TABLES: dict[bool, _Table] = {}


def _table(numba: bool) -> _Table:
    if numba not in _TABLES:
        _TABLES[numba] = _Table(TT_BITS if numba else TT_BITS_PYTHON, numba)
    return _TABLES[numba]


class Searcher:
    """One solve's state: the arrays the kernels work on (numpy for numba, lists for the
    pure path) and the goal's bookkeeping."""

    def __init__(self, pos: Position, goal, numba: bool = False) -> None:
        self.kernels = _fast_module().KERNELS if numba else K
        self.engine = "numba" if numba else "python"
        self.n = n = pos.players
        H, J = [0] * K.H_WORDS, [0] * 9
        for i, h in enumerate(pos.hands):
            H[i], J[i] = h.mask, h.jokers
            m = h.mask
            while m:
                low = m & -m
                H[K.HOLDER_AT + low.bit_length() - 1] = i + 1
                m ^= low
        T = [0] * (K.MAX_PLY + 16)
        for i, c in enumerate(pos.trick):
            T[i] = c.index
        S = [0] * K.S_WORDS
        S[K.S_LEADER] = pos.leader
        S[K.S_TLEN] = len(pos.trick)
        live = 0
        for h in pos.hands:
            live |= h.mask
        for c in pos.trick:
            if not c.is_joker:
                live |= 1 << c.index
        S[K.S_LIVE] = live
        C = [0] * K.C_WORDS
        C[K.C_N] = n
        C[K.C_TRUMP] = -1 if pos.trump is None else int(pos.trump)
        C[K.C_NOHEART] = int(pos.no_heart_lead)
        C[K.C_DISCARD] = pos.penalty_discard.mask
        for i in range(4):
            C[K.C_ORDER] |= K.suit_order(C[K.C_TRUMP], C[K.C_NOHEART], i) << (2 * i)
        for s in side_of(goal.seat):
            C[K.C_SIDE] |= 1 << s
        PTS, DBL, KID = [0] * (5 * 53), [-1] * 53, [0] * 53
        self.need = _goal_setup(pos, goal, C, PTS, DBL, KID)
        C[K.C_DDS] = K.dds_leads(C)
        table = self.table = _table(numba)
        C[K.C_GEN] = table.renew()
        C[K.C_TTMASK] = table.mask
        C[K.C_MEMO] = 0 if numba else table.memo
        self.goal = goal
        rows = [H, J, T, S, C, PTS, DBL, KID]
        scratch = [(K.MAX_PLY + 2) * K.MAX_MOVES, K.MAX_MOVES, K.MAX_MOVES]
        if numba:
            import numpy as np  # only with numba, the optional accelerator

            # One 2-D array for the small rows: the recursive search passes it as one
            # argument, not eight (numba passes each array as seven words).
            W = np.zeros((len(rows), max(len(r) for r in rows)), np.int64)
            for i, r in enumerate(rows):
                W[i, :len(r)] = r
            rows = list(W)  # views: what the kernels write, these rows show
            self.W = W
            self.MB, self.out_cards, self.out_vals = (np.zeros(size, np.int64)
                                                      for size in scratch)
        else:
            self.W = rows
            self.MB, self.out_cards, self.out_vals = ([0] * size for size in scratch)
        self.H, self.J, self.T, self.S, self.C, self.PTS, self.DBL, self.KID = rows

    def args(self) -> tuple:
        """The state as the kernels take it: the rows, the ply scratch, the table."""
        return self.W, self.MB, self.table.keys, self.table.values

    def _fresh(self) -> None:
        if self.C[K.C_GEN] != self.table.generation:  # another solve used the table since
            self.C[K.C_GEN] = self.table.renew()

    def value(self) -> int:
        """The goal's value alone, without each card's."""
        self._fresh()
        return int(self.kernels.root_value(*self.args(), self.need))

    def root(self) -> tuple[dict[int, int], int, int]:
        """Values of the merged cards of the seat to move (in search order), the legal
        mask and whether a joker may be played."""
        self._fresh()
        k = self.kernels.root_values(*self.args(), self.need, self.out_cards, self.out_vals)
        vals = {int(self.out_cards[i]): int(self.out_vals[i]) for i in range(k)}
        return vals, int(self.out_vals[30]), int(self.out_vals[31])

    @property
    def to_move(self) -> int:
        return int((self.S[K.S_LEADER] + self.S[K.S_TLEN]) % self.n)

    def maximize(self, seat: int) -> bool:
        return bool(self.C[K.C_SIDE] >> seat & 1)

    def has_cards(self) -> bool:
        seat = self.to_move
        return bool(self.H[seat] or self.J[seat])

    def play_line_card(self, c: int) -> None:
        """Play c for the principal line, finishing the trick (and the goal's count)."""
        kern = self.kernels
        kern.play(self.H, self.J, self.T, self.S, self.to_move, c)
        self.S[K.S_PLY] = 0
        if self.S[K.S_TLEN] == self.n:
            gain, need, lost, _, _ = kern.close_trick(self.T, self.S, self.C, self.PTS, self.DBL,
                                                   self.need)
            self.need = -1 if lost and self.C[K.C_GOAL] == K.G_AVOID else need
            self.S[K.S_TBASE] = 0

    def stats(self, start: float) -> dict[str, float | str]:
        return {"nodes": int(self.S[K.S_NODES]), "trick_nodes": int(self.S[K.S_REACHED]),
                "tricks_searched": int(self.S[K.S_TRICKS]),
                "tt_hits": int(self.S[K.S_HITS]),
                "seconds": time.perf_counter() - start, "engine": self.engine}


def _goal_setup(pos: Position, goal, C: list, PTS: list, DBL: list, KID: list) -> int:
    """The goal's part of the state; returns the root's ``need``: tricks still to take
    (Exactly), -1 when an avoided card is already taken (AvoidCards), else 0."""
    side = side_of(goal.seat)
    need = 0
    klass: dict[int, tuple] = {}
    if isinstance(goal, MaxTricks):
        C[K.C_GOAL] = K.G_MAX
    elif isinstance(goal, Exactly):
        C[K.C_GOAL] = K.G_EXACTLY
        need = goal.n - sum(pos.won[s] for s in side)
    elif isinstance(goal, AvoidCards):
        C[K.C_GOAL] = K.G_AVOID
        C[K.C_SPECIAL] = goal.cards.mask
        already = 0
        for s in side:
            already |= pos.taken[s].mask
        need = -1 if already & goal.cards.mask else 0
        klass = {b: (0, None) for b in range(52) if goal.cards.mask >> b & 1}
    elif isinstance(goal, MinPenalty):
        C[K.C_GOAL] = K.G_PENALTY
        table, C[K.C_PERTRICK] = goal.card_table()
        for idx, (plain, doubled, gain, seat) in table.items():
            C[K.C_SPECIAL] |= 1 << idx
            DBL[idx] = seat
            PTS[K.P_PLAIN + idx], PTS[K.P_DOUBLED + idx], PTS[K.P_GAIN + idx] = (
                plain, doubled, gain)
            if seat < 0:
                PTS[K.P_LO + idx], PTS[K.P_HI + idx] = min(0, plain), max(0, plain)
            else:
                PTS[K.P_LO + idx] = min(0, plain, doubled) + min(0, gain)
                PTS[K.P_HI + idx] = max(0, plain, doubled) + max(0, gain)
        klass = dict(table)
    else:
        raise TypeError(f"not a trick-play goal: {goal!r}")
    for st in range(4):  # scoring classes, numbered 1..3 within each suit (2 key bits)
        ids: dict[tuple, int] = {}
        for b in range(13 * st, 13 * st + 13):
            if b in klass:
                KID[b] = ids.setdefault(klass[b], len(ids) + 1)
        if len(ids) > 3:
            raise ValueError("more than three scoring classes in one suit")
    return need


def _card(i: int) -> Card:
    return JOKER if i == K.JOKER_INDEX else CARDS[i]


def _line(s: Searcher) -> list[Card]:
    """The principal line: at each step the best merged card, lowest index among equals.
    It plays on the search's own state (the table's entries still serve)."""
    with _SOLVING:
        return _line_unlocked(s)


def _line_unlocked(s: Searcher) -> list[Card]:
    s.C[K.C_LIMIT] = 0  # the answer stands: its line is not capped
    line: list[Card] = []
    while s.has_cards():
        seat = s.to_move
        vals = s.root()[0]
        if s.maximize(seat):
            pick = max(vals, key=lambda c: (vals[c], -c))
        else:
            pick = min(vals, key=lambda c: (vals[c], c))
        line.append(_card(pick))
        s.play_line_card(pick)
    return line


_FAST: list = []  # the numba module once imported, or None when it cannot be


def _fast_module():
    """``_fast`` (which imports numba), or None when numba is missing or broken."""
    if not _FAST:
        try:
            from tutor.solver import _fast  # numba, the optional accelerator
        except ImportError:
            _fast = None
        _FAST.append(_fast)
    return _FAST[0]


def compile_ahead() -> bool:
    """Compile the numba engine now, and keep it in numba's cache beside the code: a fresh
    install compiles for about five minutes of a core on its first solve (a learner's hint
    or puzzle waiting all that time, each page's kernel compiling for itself); once cached,
    a process loads it in a second or two. ``trix-tutor warm`` runs this, and ``trix-tutor
    app`` runs that in the background as it starts. False when numba is missing."""
    if _fast_module() is None:
        return False
    # One small solve of each kind of goal runs every compiled kernel once.
    pos = Position.from_pbn("N:AK2.3.. QJ3.K.. T94.4.. 876.5..", leader=0)
    for goal in (MaxTricks((0, 2)), Exactly(0, 1), AvoidCards(1, "KS"),
                 MinPenalty(0, Contract.KING)):
        solve(pos, goal, engine="numba")
        solve(pos, goal, engine="numba", by_card=False)
    return True


def engine_in_use() -> str:
    """The engine ``solve(engine="auto")`` runs here: ``"numba"`` or ``"python"`` (the
    bots and the review size their node budgets by it)."""
    return "numba" if _use_numba("auto") else "python"


def _use_numba(engine: str) -> bool:
    """Whether this solve runs on the numba engine (``auto``: when numba imports, unless
    ``TRIX_TUTOR_SOLVER=python``, or while another process compiles it and this one has not
    loaded it: :func:`tutor.engine.warming.warming`)."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, not {engine!r}")
    if engine == "python":
        return False
    if engine == "auto":
        if os.environ.get("TRIX_TUTOR_SOLVER", "").strip().lower() == "python":
            return False
        if not _FAST and warming():  # loading it now would compile it here too
            return False
        return _fast_module() is not None
    if _fast_module() is None:
        raise ImportError("engine='numba' needs numba: pip install 'trix-tutor[fast]'")
    return True


def solve(position: Position, goal, engine: str = "auto", by_card: bool = True,
          max_nodes: int | None = None) -> Result:
    """Solve ``goal`` from ``position`` with best play by everyone (all hands seen).

    With ``by_card=False`` only the value is worked out (``by_card`` is empty; the line
    is still there on request): one search instead of one per legal card, for callers
    that need no card's value (bid advice; Trex goals ignore it).

    ``max_nodes`` caps the search: past it :class:`SearchLimit` is raised. A 13-card
    solve takes from a millisecond to minutes, so a player on a clock needs the cap.

    ``engine`` picks the path: ``"python"``, ``"numba"`` (compiled, much faster; needs
    the ``fast`` extra) or ``"auto"`` (numba when it imports, unless the environment
    variable ``TRIX_TUTOR_SOLVER=python``). Both run the same search.

    >>> from tutor.solver import Position, solve, MaxTricks
    >>> p = Position.from_pbn("N:AK... QJ... T9... 87...", leader=0)
    >>> solve(p, MaxTricks(0)).value
    2
    """
    if max_nodes is not None and max_nodes < 1:
        raise ValueError("max_nodes must be at least 1")
    with _SOLVING:  # one solve at a time: they share the transposition table
        return _solve(position, goal, engine, by_card, max_nodes)


_SOLVING = threading.RLock()


def _solve(position: Position, goal, engine: str, by_card: bool, max_nodes: int | None):
    if isinstance(goal, TrexPlace):  # Trex, the domino contract: its own search
        return solve_trex(position, goal, max_nodes=max_nodes)
    start = time.perf_counter()
    s = Searcher(position, goal, numba=_use_numba(engine))
    if max_nodes is not None:
        s.C[K.C_LIMIT] = max_nodes
    if by_card:
        vals, mask, jok = s.root()
    else:
        value = s.value()
    if max_nodes is not None and s.S[K.S_NODES] > max_nodes:
        s.table.renew()  # the table holds the aborted search's junk: a new generation
        raise SearchLimit(f"more than {max_nodes} nodes")
    if not by_card:
        return Result(value=value, by_card={}, stats=s.stats(start), line_fn=lambda: _line(s))
    cards: dict[Card, int] = {}
    current = None
    m = mask
    while m:  # each legal card takes the value of the card that stood for its run
        b = m.bit_length() - 1
        m ^= 1 << b
        if b in vals:
            current = b
        cards[CARDS[b]] = vals[current]
    if jok:
        cards[JOKER] = vals[K.JOKER_INDEX]
    value = (max if s.maximize(position.to_move) else min)(vals.values())
    return Result(value=value, by_card=cards, stats=s.stats(start), line_fn=lambda: _line(s))
