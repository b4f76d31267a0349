"""Exact game-tree search for trick-play goals (double dummy, paranoid).

The hero (a seat or a team) against all the others cooperating: alpha-beta over the
cards, with a transposition table at trick boundaries keyed by a canonical form that
forgets the ranks of played cards (only the order of the cards still out matters),
equivalent cards merged (touching cards in one hand are one move), simple move
ordering and, for ``MaxTricks``, zero-window target searches.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..cards import _CARDS, JOKER, Card
from .goals import AvoidCards, Exactly, MaxTricks, MinPenalty, side_of
from .position import Position

__all__ = ["solve", "Result"]

SUIT_MASKS = [0x1FFF << (13 * s) for s in range(4)]
JOKER_INDEX = 52
INF = 10**9


@dataclass
class Result:
    """What ``solve`` found: the goal's value from the position with best play by all,
    the value after each legal card of the seat to move, one principal line, and
    search statistics."""

    value: int
    by_card: dict[Card, int]
    line: list[Card]
    stats: dict[str, float] = field(default_factory=dict)

    def best_cards(self) -> list[Card]:
        """The cards that keep the value (all of them, in hand order)."""
        return [c for c, v in self.by_card.items() if v == self.value]


class _Search:
    def __init__(self, pos: Position, goal) -> None:
        self.n = pos.players
        self.hands = [h.mask for h in pos.hands]
        self.jokers = [h.jokers for h in pos.hands]
        self.trump = -1 if pos.trump is None else int(pos.trump)
        self.leader = pos.leader
        self.trick = [c.index for c in pos.trick]
        self.no_heart_lead = pos.no_heart_lead
        self.discard_mask = pos.penalty_discard.mask
        self.goal = goal
        self.nodes = 0
        self.tt_hits = 0
        self.tt: dict = {}
        self.points: dict[int, int] = {}
        self.per_trick = 0
        self.special = 0  # cards that are not interchangeable with their neighbours
        self.doubler: dict[int, int] = {}
        if isinstance(goal, MaxTricks):
            self.side = side_of(goal.seat)
        elif isinstance(goal, Exactly):
            self.side = side_of(goal.seat)
            self.need0 = goal.n - sum(pos.won[s] for s in self.side)
        elif isinstance(goal, AvoidCards):
            self.side = side_of(goal.seat)
            self.special = goal.cards.mask
            already = 0
            for s in self.side:
                already |= pos.taken[s].mask
            self.failed0 = bool(already & goal.cards.mask)
        elif isinstance(goal, MinPenalty):
            self.side = side_of(goal.seat)
            self.points, self.per_trick = goal.card_points()
            for card, seat in goal.doubles:
                self.doubler[card.index] = seat
            for idx in self.points:
                self.special |= 1 << idx
        else:
            raise TypeError(f"not a trick-play goal: {goal!r}")
        self.side_mask = [s in self.side for s in range(self.n)]
        self.avoider = isinstance(goal, (AvoidCards, MinPenalty))
        # Scoring classes: cards that score differently are never merged nor keyed alike.
        self.klass: dict[int, tuple] = {}
        m = self.special
        while m:
            b = m.bit_length() - 1
            m ^= 1 << b
            self.klass[b] = (self.points.get(b, 0), self.doubler.get(b))

    # --- moves ---------------------------------------------------------------
    def led_suit(self) -> int:
        for c in self.trick:
            if c != JOKER_INDEX:
                return c // 13
        return -1

    def legal(self, seat: int) -> tuple[int, bool]:
        """The legal cards of ``seat`` as a mask, and whether a joker may be played."""
        hand = self.hands[seat]
        jok = self.jokers[seat] > 0
        if not self.trick:
            if hand:
                if self.no_heart_lead and hand & ~SUIT_MASKS[1]:
                    return hand & ~SUIT_MASKS[1], False
                return hand, False
            return 0, jok
        led = self.led_suit()
        if led < 0:
            return hand, jok
        follow = hand & SUIT_MASKS[led]
        if follow:
            return follow, False
        forced = hand & self.discard_mask
        if forced:
            return forced, False
        return hand, jok

    def moves(self, seat: int) -> list[int]:
        """Legal cards with touching equivalents merged (one per run), highest first.

        Two cards of one hand touch when every live card between them (in a hand or in
        the current trick) is in that hand too; they are merged only if they score
        alike (same penalty class)."""
        mask, jok = self.legal(seat)
        live = self.trick_mask()
        for h in self.hands:
            live |= h
        klass = self.klass
        out = []
        m = mask
        while m:
            b = m.bit_length() - 1
            out.append(b)
            m ^= 1 << b
            k = klass.get(b, 0)
            nxt = b - 1
            floor = (b // 13) * 13
            while nxt >= floor:
                if live >> nxt & 1:
                    if not (m >> nxt & 1) or klass.get(nxt, 0) != k:
                        break
                    m ^= 1 << nxt
                nxt -= 1
        if jok:
            out.append(JOKER_INDEX)
        return out

    def ordered(self, seat: int) -> list[int]:
        """Moves in a promising order: a side that is winning the trick plays low; one
        that is not tries its cheapest winning card first. The hero of a penalty goal
        ducks first, with its highest card that does not win."""
        moves = self.moves(seat)
        trick = self.trick
        if len(moves) < 2 or not trick:
            return moves
        w_pos = self._best_pos(trick)
        w_seat = (self.leader + w_pos) % self.n
        best = trick[w_pos]
        led = self.led_suit()
        trump = self.trump
        wins = []
        loses = []
        for c in moves:  # highest first
            if c != JOKER_INDEX and (
                    best == JOKER_INDEX and (c // 13 == led or led < 0)
                    or best != JOKER_INDEX and (
                        (c // 13 == best // 13 and c > best)
                        or (c // 13 == trump and best // 13 != trump))):
                wins.append(c)
            else:
                loses.append(c)
        if self.avoider and self.side_mask[seat]:
            return loses + wins[::-1]
        if self.side_mask[w_seat] == self.side_mask[seat]:
            return loses[::-1] + wins[::-1]
        return wins[::-1] + loses[::-1]

    def _best_pos(self, trick: list[int]) -> int:
        """Position in ``trick`` of the card winning it so far (jokers never win)."""
        trump = self.trump
        led = -1
        best_pos = 0
        best_key = -1
        for i, c in enumerate(trick):
            if c == JOKER_INDEX:
                continue
            st = c // 13
            if led < 0:
                led = st
            if st == trump:
                key = 100 + c % 13
            elif st == led:
                key = c % 13
            else:
                continue
            if key > best_key:
                best_key = key
                best_pos = i
        return best_pos

    def quick_tricks(self) -> int:
        """Tricks the leader's side can surely cash at once: the leader's unbroken run of
        top cards in a suit wins trick after trick (in a trump suit, or in any suit when
        nobody else holds a trump)."""
        leader = self.leader
        hand = self.hands[leader]
        if not hand:
            return 0
        others = 0
        for i, h in enumerate(self.hands):
            if i != leader:
                others |= h
        trump = self.trump
        total = 0
        for st in range(4):
            if trump >= 0 and st != trump and others & SUIT_MASKS[trump]:
                continue
            mine = (hand >> (13 * st)) & 0x1FFF
            if not mine:
                continue
            theirs = (others >> (13 * st)) & 0x1FFF
            run = 0
            b = 12
            while b >= 0:
                if mine >> b & 1:
                    run += 1
                elif theirs >> b & 1:
                    break
                b -= 1
            total += run
        return min(total, hand.bit_count())

    def trick_mask(self) -> int:
        m = 0
        for c in self.trick:
            if c != JOKER_INDEX:
                m |= 1 << c
        return m

    def winner(self, trick: list[int], leader: int) -> int:
        """The seat that wins a full trick led by ``leader``."""
        return (leader + self._best_pos(trick)) % self.n

    # --- trick bookkeeping ---------------------------------------------------
    def trick_gain(self, trick: list[int], w: int) -> int:
        """Points the hero side gets from one finished trick won by ``w``."""
        if isinstance(self.goal, MaxTricks):
            return 1 if self.side_mask[w] else 0
        total = 0
        side = self.side_mask
        if side[w]:
            total += self.per_trick
        for c in trick:
            p = self.points.get(c)
            if not p:
                continue
            d = self.doubler.get(c)
            if d is None or d == w:
                if side[w]:
                    total += p
            else:
                if side[w]:
                    total += 2 * p
                if side[d]:
                    total -= p
        return total

    def key(self) -> tuple:
        """Canonical form at a trick boundary: each suit's cards still out renumbered from
        the bottom, so the ranks of played cards do not matter; scoring cards keep their
        class."""
        n = self.n
        hands = self.hands
        comp = [0] * n
        marks = []
        klass = self.klass
        live_all = 0
        for h in hands:
            live_all |= h
        for s in range(4):
            base = 13 * s
            live = (live_all >> base) & 0x1FFF
            r = base
            while live:
                low = live & -live
                b = base + low.bit_length() - 1
                bit = 1 << b
                for i in range(n):
                    if hands[i] & bit:
                        comp[i] |= 1 << r
                        break
                if b in klass:
                    marks.append((r, klass[b]))
                live ^= low
                r += 1
        return (tuple(comp), tuple(self.jokers), self.leader, tuple(marks))

    # --- additive goals (MaxTricks, MinPenalty): alpha-beta --------------------
    def bounds(self) -> tuple[int, int]:
        """Lowest and highest value the rest of the hand can give the hero side."""
        left = len_mask(self.hands[self.leader]) + self.jokers[self.leader]
        if isinstance(self.goal, MaxTricks):
            qt = self.quick_tricks()
            if self.side_mask[self.leader]:
                return qt, left
            return 0, left - qt
        lo = hi = 0
        live = 0
        for h in self.hands:
            live |= h
        if self.per_trick:
            lo += self.per_trick * left
        for c, p in self.points.items():
            if live >> c & 1:
                d = self.doubler.get(c)
                if d is None:
                    lo += p
                else:
                    lo += 2 * p
                    hi -= p
        return lo, hi

    def ab(self, alpha: int, beta: int) -> int:
        self.nodes += 1
        n = self.n
        trick = self.trick
        key = None
        if not trick:
            if not self.hands[self.leader] and not self.jokers[self.leader]:
                return 0
            lo, hi = self.bounds()
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            key = self.key()
            entry = self.tt.get(key)
            if entry is not None:
                self.tt_hits += 1
                elo, ehi = entry
                if elo >= beta:
                    return elo
                if ehi <= alpha:
                    return ehi
                if elo == ehi:
                    return elo
                lo, hi = max(lo, elo), min(hi, ehi)
            a0, b0 = alpha, beta
            alpha, beta = max(alpha, lo), min(beta, hi)
        seat = (self.leader + len(trick)) % n
        maximize = self.side_mask[seat]
        best = -INF if maximize else INF
        for c in self.ordered(seat):
            v = self.child(seat, c, alpha, beta)
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if key is not None:
            elo, ehi = self.tt.get(key, (-INF, INF))
            if best <= a0:
                ehi = min(ehi, best)
            elif best >= b0:
                elo = max(elo, best)
            else:
                elo = ehi = best
            self.tt[key] = (elo, ehi)
        return best

    def play(self, seat: int, c: int) -> None:
        if c == JOKER_INDEX:
            self.jokers[seat] -= 1
        else:
            self.hands[seat] ^= 1 << c
        self.trick.append(c)

    def unplay(self, seat: int, c: int) -> None:
        self.trick.pop()
        if c == JOKER_INDEX:
            self.jokers[seat] += 1
        else:
            self.hands[seat] |= 1 << c

    def child(self, seat: int, c: int, alpha: int, beta: int) -> int:
        """The value after ``seat`` plays ``c`` (alpha-beta window for additive goals)."""
        self.play(seat, c)
        if len(self.trick) == self.n:
            trick = self.trick
            leader = self.leader
            w = self.winner(trick, leader)
            gain = self.trick_gain(trick, w)
            self.trick = []
            self.leader = w
            v = gain + self.ab(alpha - gain, beta - gain)
            self.leader = leader
            self.trick = trick
        else:
            v = self.ab(alpha, beta)
        self.unplay(seat, c)
        return v

    def solve_additive(self) -> int:
        if isinstance(self.goal, MaxTricks):
            # Zero-window searches on the target, as bridge double-dummy solvers do.
            lo, hi = 0, self.tricks_left()
            while lo < hi:
                t = (lo + hi + 1) // 2
                if self.ab(t - 1, t) >= t:
                    lo = t
                else:
                    hi = t - 1
            return lo
        return self.ab(-INF, INF)

    def tricks_left(self) -> int:
        return len_mask(self.hands[self.leader]) + self.jokers[self.leader] + (
            1 if self.trick else 0)

    # --- boolean goals (Exactly, AvoidCards) -----------------------------------
    def can(self, need: int, failed: bool) -> bool:
        """Can the hero side still reach the goal? ``need``: tricks still to take
        (Exactly); ``failed``: an avoided card was taken (AvoidCards)."""
        self.nodes += 1
        if failed or need < 0:
            return False
        trick = self.trick
        key = None
        if not trick:
            left = len_mask(self.hands[self.leader]) + self.jokers[self.leader]
            if need > left:
                return False
            if left == 0:
                return need == 0
            key = (self.key(), need)
            hit = self.tt.get(key)
            if hit is not None:
                self.tt_hits += 1
                return hit
        seat = (self.leader + len(trick)) % self.n
        hero = self.side_mask[seat]
        result = not hero
        for c in self.ordered(seat):
            ok = self.child_can(seat, c, need)
            if ok == hero:
                result = hero
                break
        if key is not None:
            self.tt[key] = result
        return result

    def child_can(self, seat: int, c: int, need: int) -> bool:
        self.play(seat, c)
        if len(self.trick) == self.n:
            trick = self.trick
            leader = self.leader
            w = self.winner(trick, leader)
            failed = False
            if self.side_mask[w]:
                if isinstance(self.goal, Exactly):
                    need -= 1
                else:
                    for x in trick:
                        if x != JOKER_INDEX and self.special >> x & 1:
                            failed = True
            self.trick = []
            self.leader = w
            ok = self.can(need, failed)
            self.leader = leader
            self.trick = trick
        else:
            ok = self.can(need, False)
        self.unplay(seat, c)
        return ok

    def root_need(self) -> tuple[int, bool]:
        if isinstance(self.goal, Exactly):
            return self.need0, False
        return 0, self.failed0

    # --- the answer ------------------------------------------------------------
    def value_after(self, seat: int, c: int, guess: int | None = None) -> int:
        """The goal's value after ``seat`` plays ``c``. For ``MaxTricks``, zero-window
        tests walk from ``guess`` (a sibling's value is usually close)."""
        if isinstance(self.goal, (Exactly, AvoidCards)):
            need, failed = self.root_need()
            return int(self.child_can(seat, c, need)) if not failed else 0
        if isinstance(self.goal, MaxTricks):
            left = self.tricks_left()

            def at_least(t: int) -> bool:
                return t <= 0 or self.child(seat, c, t - 1, t) >= t

            t = left // 2 if guess is None else min(max(guess, 0), left)
            if at_least(t):
                while t < left and at_least(t + 1):
                    t += 1
                return t
            t -= 1
            while t > 0 and not at_least(t):
                t -= 1
            return t
        return self.child(seat, c, -INF, INF)


def len_mask(m: int) -> int:
    return m.bit_count()


def _equivalents(search: _Search, seat: int) -> dict[int, int]:
    """Each legal card of ``seat`` mapped to the representative searched for it."""
    mask, jok = search.legal(seat)
    reps = search.moves(seat)
    rep_set = set(reps)
    out = {}
    m = mask
    current = None
    while m:
        b = m.bit_length() - 1
        m ^= 1 << b
        if b in rep_set:
            current = b
        out[b] = current
    if jok:
        out[JOKER_INDEX] = JOKER_INDEX
    return out


def _card(i: int) -> Card:
    return JOKER if i == JOKER_INDEX else _CARDS[i]


def solve(position: Position, goal) -> Result:
    """Solve ``goal`` from ``position`` with best play by everyone (all hands seen).

    >>> from tutor.solver import Position, solve, MaxTricks
    >>> p = Position.from_pbn("N:AK... QJ... T9... 87...", leader=0)
    >>> solve(p, MaxTricks(0)).value
    2
    """
    start = time.perf_counter()
    s = _Search(position, goal)
    seat = position.to_move
    reps = _equivalents(s, seat)
    rep_values: dict[int, int] = {}
    guess = None
    for c in s.ordered(seat):
        guess = rep_values[c] = s.value_after(seat, c, guess)
    by_card = {_card(c): rep_values[r] for c, r in reps.items()}
    maximize = s.side_mask[seat]
    value = (max if maximize else min)(rep_values.values())
    line = _principal_line(position, goal, s)
    return Result(value=value, by_card=by_card, line=line,
                  stats={"nodes": s.nodes, "tt_hits": s.tt_hits, "tt_size": len(s.tt),
                         "seconds": time.perf_counter() - start})


def _principal_line(position: Position, goal, s: _Search) -> list[Card]:
    """Follow best cards to the end of the hand, reusing the search's table."""
    line: list[Card] = []
    while s.hands[(s.leader + len(s.trick)) % s.n] or s.jokers[(s.leader + len(s.trick)) % s.n]:
        seat = (s.leader + len(s.trick)) % s.n
        values = {}
        guess = None
        for c in s.ordered(seat):
            guess = values[c] = s.value_after(seat, c, guess)
        pick = (max if s.side_mask[seat] else min)(values, key=lambda c: (values[c], -c)
                                                   if s.side_mask[seat] else (values[c], c))
        line.append(_card(pick))
        s.play(seat, pick)
        if len(s.trick) == s.n:
            w = s.winner(s.trick, s.leader)
            if isinstance(goal, Exactly) and s.side_mask[w]:
                s.need0 -= 1
            if isinstance(goal, AvoidCards) and s.side_mask[w] and any(
                    x != JOKER_INDEX and s.special >> x & 1 for x in s.trick):
                s.failed0 = True
            s.trick = []
            s.leader = w
    return line
