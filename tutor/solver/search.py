"""Exact game-tree search for trick-play goals (double dummy, paranoid).

The hero (a seat or a team) against all the others cooperating: alpha-beta over the
cards, with a transposition table at trick boundaries keyed by a canonical form that
forgets the ranks of played cards (only the order of the cards still out matters),
equivalent cards merged (touching cards in one hand are one move), simple move
ordering and, for ``MaxTricks``, zero-window target searches.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from tutor.engine.cards import CARDS, JOKER, Card
from tutor.solver.goals import AvoidCards, Exactly, MaxTricks, MinPenalty, side_of
from tutor.solver.position import Position

__all__ = ["solve", "Result"]

SUIT_MASKS = [0x1FFF << (13 * s) for s in range(4)]
JOKER_INDEX = 52
INF = 10**9


class Result:
    """What ``solve`` found: the goal's value from the position with best play by all,
    the value after each legal card of the seat to move, one principal line, and
    search statistics.

    The line costs a search per card of it, so it is worked out on first access (from
    the table the search kept); it is the same line whenever it is asked for.
    """

    __slots__ = ("value", "by_card", "stats", "_line", "_line_fn")

    def __init__(self, value: int, by_card: dict[Card, int], line: list[Card] | None = None,
                 stats: dict[str, float | str] | None = None, *,
                 line_fn: Callable[[], list[Card]] | None = None) -> None:
        self.value = value
        self.by_card = by_card
        self.stats = {} if stats is None else stats
        self._line = line
        self._line_fn = line_fn

    @property
    def line(self) -> list[Card]:
        """One principal variation: best cards (lowest index among equals) to the end."""
        if self._line is None:
            fn, self._line_fn = self._line_fn, None
            self._line = fn() if fn is not None else []
        return self._line

    def __repr__(self) -> str:
        return (f"Result(value={self.value!r}, by_card={self.by_card!r}, "
                f"line={self.line!r}, stats={self.stats!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        return (self.value, self.by_card, self.line) == (other.value, other.by_card, other.line)

    __hash__ = None  # type: ignore[assignment]

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
        self.max_nodes = float("inf")
        self.tt_hits = 0
        self.tt: dict = {}
        # Few attributes: past 30, CPython stops sharing instance dict keys and every
        # attribute read of the search gets slower.
        self.points: dict[int, int] = {}  # scoring card -> points to its taker
        self.per_trick = 0
        self.special = 0  # cards that are not interchangeable with their neighbours
        # doubled card -> (the seat that doubled it, its taker's points, the doubler's)
        self.doubler: dict[int, tuple[int, int, int]] = {}
        self.card_bounds: dict[int, tuple[int, int]] = {}  # least and most for the hero
        klass: dict[int, tuple] = {}
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
            table, self.per_trick = goal.card_table()
            for idx, (plain, doubled, gain, seat) in table.items():
                self.points[idx] = plain
                self.special |= 1 << idx
                klass[idx] = (plain, doubled, gain, seat)
                if seat < 0:
                    self.card_bounds[idx] = (min(0, plain), max(0, plain))
                else:
                    self.doubler[idx] = (seat, doubled, gain)
                    self.card_bounds[idx] = (min(0, plain, doubled) + min(0, gain),
                                             max(0, plain, doubled) + max(0, gain))
        else:
            raise TypeError(f"not a trick-play goal: {goal!r}")
        self.side_mask = [s in self.side for s in range(self.n)]
        self.exactly = isinstance(goal, Exactly)
        self.avoider = isinstance(goal, (AvoidCards, MinPenalty))
        # Scoring classes: cards that score differently are never merged nor keyed alike.
        m = self.special
        while m:
            b = m.bit_length() - 1
            m ^= 1 << b
            klass.setdefault(b, (0, 0, 0, -1))
        self.klass_ids = {k: i + 1 for i, k in enumerate(sorted(set(klass.values()),
                                                               key=repr))}
        self.klass_id = {b: self.klass_ids[k] for b, k in klass.items()}
        self._suit_memo: dict[int, int] = {}
        self.hint: dict = {}  # best lead found at a table key, in relative form
        self.any_jokers = any(self.jokers) or JOKER_INDEX in self.trick
        # Cards still out: in a hand or in the current trick.
        self.live = self.trick_mask()
        for h in self.hands:
            self.live |= h

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
        live = self.live
        klass = self.klass_id
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

    def ordered(self, seat: int, duck: bool = False) -> list[int]:
        """Moves in a promising order: a side that is winning the trick plays low; one
        that is not tries its cheapest winning card first. The hero of a penalty goal (or
        of ``Exactly`` wanting no more tricks: ``duck``) ducks first, with its highest
        card that does not win, and the others dump on it."""
        avoider = self.avoider or duck
        moves = self.moves(seat)
        trick = self.trick
        if len(moves) < 2:
            return moves
        if not trick:
            return self.ordered_leads(seat, moves, avoider)
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
        if avoider and self.side_mask[seat]:
            return loses + wins[::-1]
        if self.side_mask[w_seat] == self.side_mask[seat]:
            return loses[::-1] + wins[::-1]
        if avoider:
            # The hero side wins the trick so far: dump on it, scoring cards first, high first.
            special = self.special
            scoring = [c for c in loses if c != JOKER_INDEX and special >> c & 1]
            return scoring + [c for c in loses if c not in scoring] + wins[::-1]
        return wins[::-1] + loses[::-1]

    def ordered_leads(self, seat: int, moves: list[int], avoider: bool) -> list[int]:
        """Leads in a promising order (``_fast.order_moves`` does the same): a hero
        avoiding penalties leads its lowest cards first; anyone else first cashes its sure
        winners (the top card still out in a suit, and nobody else can ruff), then leads
        towards a partner's top card, then the rest."""
        if avoider and self.side_mask[seat]:
            return moves[::-1]
        live = self.live
        trump = self.trump
        others = live & ~self.hands[seat]
        ruff = trump >= 0 and others & SUIT_MASKS[trump]
        hero = self.side_mask[seat]
        friends = 0
        for i, h in enumerate(self.hands):
            if i != seat and self.side_mask[i] == hero:
                friends |= h
        top = []
        to_friend = []
        rest = []
        for c in moves:
            if c == JOKER_INDEX:
                rest.append(c)
                continue
            st = c // 13
            above = others & SUIT_MASKS[st] & ~((2 << c) - 1)
            if not above and (not ruff or st == trump):
                top.append(c)
                continue
            out = others & SUIT_MASKS[st]
            if out and not ruff and friends >> (out.bit_length() - 1) & 1:
                to_friend.append(c)  # a partner holds the suit's top card
            else:
                rest.append(c)
        return top + to_friend + rest

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
        """Tricks the leader can surely cash at once, as bridge solvers' quick tricks: in
        each suit the leader's cards above every other live card win trick after trick,
        and when they outnumber every other hand's cards of the suit, the rest of the
        leader's suit wins too. Trumps are drawn first; a side suit counts only when
        nobody else can ruff it afterwards. Hearts count last under ``no_heart_lead``,
        and only when everything else is cashed first."""
        leader = self.leader
        hands = self.hands
        hand = hands[leader]
        if not hand:
            return 0
        others = 0
        for i, h in enumerate(hands):
            if i != leader:
                others |= h
        trump = self.trump
        if self.no_heart_lead and trump == 1:
            return 0  # hearts both first (trumps) and last (no lead): not worth a rule
        # Side suits are safe once nobody else holds a trump (or after drawing them all).
        ruffable = trump >= 0 and bool(others & SUIT_MASKS[trump])
        total = 0
        order = (0, 2, 3, 1) if self.no_heart_lead else (0, 1, 2, 3)
        if trump >= 0:
            order = (trump,) + tuple(x for x in order if x != trump)
        for st in order:
            shift = 13 * st
            if st == 1 and self.no_heart_lead and total < (hand & ~SUIT_MASKS[1]).bit_count():
                break
            if ruffable and st != trump:
                break
            mine = (hand >> shift) & 0x1FFF
            if not mine:
                continue
            theirs = (others >> shift) & 0x1FFF
            if not theirs:
                total += mine.bit_count()
                continue
            run = (mine >> theirs.bit_length()).bit_count()
            if not run:
                continue
            longest = 0
            for i, h in enumerate(hands):
                if i != leader:
                    ln = ((h >> shift) & 0x1FFF).bit_count()
                    if ln > longest:
                        longest = ln
            if run >= longest:
                total += mine.bit_count()
                if st == trump:
                    ruffable = False
            else:
                total += run
        return min(total, hand.bit_count())

    def sure_trumps(self) -> tuple[int, int]:
        """Tricks each side (hero, others) is sure of from its top trumps: a trump above
        all the other side's trumps wins whenever it is played. Partners' top trumps may
        fall on one trick, so a side counts only its best member's."""
        shift = 13 * self.trump
        suits = [(h >> shift) & 0x1FFF for h in self.hands]
        side = self.side_mask
        mine = theirs = 0
        for i, t in enumerate(suits):
            if side[i]:
                mine |= t
            else:
                theirs |= t
        best = [0, 0]
        for i, t in enumerate(suits):
            above = t >> (theirs if side[i] else mine).bit_length()
            j = 0 if side[i] else 1
            best[j] = max(best[j], above.bit_count())
        return best[0], best[1]

    def trick_mask(self) -> int:
        return self.trick_mask_of(self.trick)

    @staticmethod
    def trick_mask_of(trick: list[int]) -> int:
        m = 0
        for c in trick:
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
            if p is None:
                continue
            d = self.doubler.get(c)
            if d is None or d[0] == w:
                if side[w]:
                    total += p
            else:
                if side[w]:
                    total += d[1]
                if side[d[0]]:
                    total += d[2]
        return total

    def key(self) -> tuple:
        """Canonical form at a trick boundary: in each suit, who holds each card still out
        from the bottom up, so the ranks of played cards do not matter; scoring cards keep
        their class. Each suit's code is memoised on the suit's holdings."""
        hands = self.hands
        memo = self._suit_memo
        parts: list = [self.leader]
        n13 = 13 * self.n
        for shift in (0, 13, 26, 39):
            x = shift << n13
            pos = 0
            for h in hands:
                x |= ((h >> shift) & 0x1FFF) << pos
                pos += 13
            code = memo.get(x)
            if code is None:
                code = memo[x] = self._suit_code(shift)
            parts.append(code)
        if self.any_jokers:
            parts.extend(self.jokers)
        return tuple(parts)

    def _suit_code(self, shift: int) -> int:
        """One suit's canonical code: the holders (and scoring classes) of its live cards,
        lowest first, as digits of one integer."""
        hands = self.hands
        n = self.n
        klass_id = self.klass_id
        radix = n * (len(self.klass_ids) + 1) + 1
        code = 1
        for b in range(shift, shift + 13):
            bit = 1 << b
            for i in range(n):
                if hands[i] & bit:
                    code = code * radix + 1 + i + n * klass_id.get(b, 0)
                    break
        return code

    def rel(self, c: int) -> int:
        """A lead ``c`` in relative form (suit, live cards below it) for the table's hint."""
        if c == JOKER_INDEX:
            return -1
        base = c - c % 13
        below = self.live & ((1 << c) - (1 << base))
        return base * 16 + below.bit_count()

    def unrel(self, r: int) -> int:
        """The card a relative hint names in this (transposed) position."""
        if r < 0:
            return JOKER_INDEX
        base, k = divmod(r, 16)
        m = (self.live >> base) & 0x1FFF
        for _ in range(k):
            m &= m - 1
        return base + (m & -m).bit_length() - 1

    # --- additive goals (MaxTricks, MinPenalty): alpha-beta --------------------
    def bounds(self) -> tuple[int, int]:
        """Lowest and highest value the rest of the hand can give the hero side."""
        left = len_mask(self.hands[self.leader]) + self.jokers[self.leader]
        if isinstance(self.goal, MaxTricks):
            qt = self.quick_tricks()
            lo, opp = self.sure_trumps() if self.trump >= 0 else (0, 0)
            hi = left - opp
            if self.side_mask[self.leader]:
                lo = max(lo, qt)
            else:
                hi = min(hi, left - qt)
            return min(lo, hi), hi
        live = 0
        for h in self.hands:
            live |= h
        per_trick = self.per_trick
        lo = per_trick * left if per_trick < 0 else 0
        hi = per_trick * left if per_trick > 0 else 0
        for c, (clo, chi) in self.card_bounds.items():
            if live >> c & 1:
                lo += clo
                hi += chi
        return lo, hi

    def ab(self, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchLimit(f"more than {self.max_nodes} nodes")
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
        moves = self.ordered(seat)
        if key is not None:
            moves = self.hinted(moves, key)
        best_card = -1
        for c in moves:
            v = self.child(seat, c, alpha, beta)
            if maximize:
                if v > best:
                    best = v
                    best_card = c
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    best_card = c
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
            if (best > a0) if maximize else (best < b0):
                self.hint[key] = self.rel(best_card)
        return best

    def hinted(self, moves: list[int], key: tuple) -> list[int]:
        """``moves`` with the lead that was best at this key (if any) tried first."""
        r = self.hint.get(key)
        if r is None:
            return moves
        c = self.unrel(r)
        if c in moves and moves[0] != c:
            moves = moves[:]
            moves.remove(c)
            moves.insert(0, c)
        return moves

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
            tm = self.trick_mask_of(trick)
            self.live ^= tm
            v = gain + self.ab(alpha - gain, beta - gain)
            self.live ^= tm
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
        if self.nodes > self.max_nodes:
            raise SearchLimit(f"more than {self.max_nodes} nodes")
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
            if self.exactly:
                lo, hi = self.exact_bounds(left)
                if need < lo or need > hi:
                    return False
            elif not self.special & self.live:
                return True  # no avoided card is left to take
            # One entry per key for every ``need``: the needs known to succeed and to fail.
            key = self.key()
            bit = 1 << need
            hit = self.tt.get(key)
            if hit is not None:
                if hit[0] & bit:
                    self.tt_hits += 1
                    return True
                if hit[1] & bit:
                    self.tt_hits += 1
                    return False
        seat = (self.leader + len(trick)) % self.n
        hero = self.side_mask[seat]
        result = not hero
        moves = self.ordered(seat, self.exactly and need == 0)
        if key is not None:
            moves = self.hinted(moves, key)
        for c in moves:
            ok = self.child_can(seat, c, need)
            if ok == hero:
                result = hero
                if key is not None:
                    self.hint[key] = self.rel(c)
                break
        if key is not None:
            hit = self.tt.get(key)
            yes, no = (0, 0) if hit is None else hit
            self.tt[key] = (yes | bit, no) if result else (yes, no | bit)
        return result

    def exact_bounds(self, left: int) -> tuple[int, int]:
        """The fewest tricks the hero seat (``Exactly``) must take and the most it can,
        from here: its trumps above every other trump each win a trick; the others' best
        such holding, and the quick tricks of an opponent on lead, are lost to it."""
        lo = 0
        hi = left
        if self.trump >= 0:
            lo, opp = self.sure_trumps()
            hi -= opp
        if not self.side_mask[self.leader]:
            hi = min(hi, left - self.quick_tricks())
        return lo, hi

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
            tm = self.trick_mask_of(trick)
            self.live ^= tm
            ok = self.can(need, failed)
            self.live ^= tm
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
        if guess is None:
            return self.child(seat, c, -INF, INF)
        # A window around a sibling's value (usually the same), then a re-search from the
        # bound it gives when it is not.
        v = self.child(seat, c, guess - 1, guess + 1)
        if v <= guess - 1:
            v = self.child(seat, c, -INF, v + 1)
        elif v >= guess + 1:
            v = self.child(seat, c, v - 1, INF)
        return v


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
    return JOKER if i == JOKER_INDEX else CARDS[i]


ENGINES = ("auto", "python", "numba")


_FAST: list = []  # the numba module once imported, or None when it cannot be


def _fast_module():
    """``_fast`` (which imports numba), or None when numba is missing or broken."""
    if not _FAST:
        try:
            from tutor.solver import _fast
        except ImportError:
            _fast = None
        _FAST.append(_fast)
    return _FAST[0]


def engine_in_use() -> str:
    """The engine ``solve(engine="auto")`` runs here: ``"numba"`` or ``"python"`` (the
    bots and the review size their node budgets by it)."""
    return "numba" if _use_numba("auto") else "python"


def _use_numba(engine: str) -> bool:
    """Whether this solve runs on the numba engine (``auto``: when numba imports, unless
    ``TRIX_TUTOR_SOLVER=python``)."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, not {engine!r}")
    if engine == "python":
        return False
    if engine == "auto":
        if os.environ.get("TRIX_TUTOR_SOLVER", "").strip().lower() == "python":
            return False
        return _fast_module() is not None
    if _fast_module() is None:
        raise ImportError("engine='numba' needs numba: pip install 'trix-tutor[fast]'")
    return True


def _uncapped(s, fn):
    """A principal line is asked for after the answer stands: the budget is off."""
    def line():
        s.max_nodes = float("inf")
        return fn()
    return line


class SearchLimit(RuntimeError):
    """A solve needed more nodes than its ``max_nodes`` budget: no answer, and nothing
    kept from the search. Callers with a clock (bots, reviews) fall back to rules."""


def solve(position: Position, goal, engine: str = "auto", by_card: bool = True,
          max_nodes: int | None = None) -> Result:
    """Solve ``goal`` from ``position`` with best play by everyone (all hands seen).

    With ``by_card=False`` only the value is worked out (``by_card`` is empty; the line
    is still there on request): one search instead of one per legal card, for callers
    that need no card's value (bid advice; Trex goals ignore it).

    ``max_nodes`` caps the search: past it :class:`SearchLimit` is raised. A 13-card
    solve takes from a millisecond to minutes, so a player on a clock needs the cap.

    ``engine`` picks the implementation: ``"python"``, ``"numba"`` (compiled, much
    faster; needs the ``fast`` extra) or ``"auto"`` (numba when it imports, unless the
    environment variable ``TRIX_TUTOR_SOLVER=python``). Both give the same answer.

    >>> from tutor.solver import Position, solve, MaxTricks
    >>> p = Position.from_pbn("N:AK... QJ... T9... 87...", leader=0)
    >>> solve(p, MaxTricks(0)).value
    2
    """
    from tutor.solver.trex import TrexPlace, solve_trex  # Trex, the domino contract: its own search

    if max_nodes is not None and max_nodes < 1:
        raise ValueError("max_nodes must be at least 1")
    if isinstance(goal, TrexPlace):
        return solve_trex(position, goal, max_nodes=max_nodes)
    if _use_numba(engine):
        return _fast_module().solve(position, goal, by_card, max_nodes=max_nodes)
    start = time.perf_counter()
    s = _Search(position, goal)
    if max_nodes is not None:
        s.max_nodes = max_nodes
    line_fn = _uncapped(s, lambda: _principal_line(position, goal, s))
    seat = position.to_move
    if not by_card:
        if isinstance(goal, (Exactly, AvoidCards)):
            need, failed = s.root_need()
            value = 0 if failed else int(s.can(need, failed))
        else:
            value = s.solve_additive()
        return Result(value=value, by_card={},
                      stats={"nodes": s.nodes, "tt_hits": s.tt_hits, "tt_size": len(s.tt),
                             "seconds": time.perf_counter() - start, "engine": "python"},
                      line_fn=line_fn)
    reps = _equivalents(s, seat)
    rep_values: dict[int, int] = {}
    guess = None
    for c in s.ordered(seat):
        guess = rep_values[c] = s.value_after(seat, c, guess)
    by_card = {_card(c): rep_values[r] for c, r in reps.items()}
    maximize = s.side_mask[seat]
    value = (max if maximize else min)(rep_values.values())
    return Result(value=value, by_card=by_card,
                  stats={"nodes": s.nodes, "tt_hits": s.tt_hits, "tt_size": len(s.tt),
                         "seconds": time.perf_counter() - start, "engine": "python"},
                  line_fn=line_fn)


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
            s.live ^= s.trick_mask()
            s.trick = []
            s.leader = w
    return line
