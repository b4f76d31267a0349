"""Trex, the domino contract (RULES.md A6): exact finishing places, double dummy.

The seat (or team) of a :class:`~tutor.solver.goals.TrexPlace` goal against the other
players all cooperating ("paranoid"). The search is alpha-beta over the plays, passes
being forced and free. Because every card is either in the layout or in a hand, and a
card never changes hands, the cards still held (one 52-bit mask) and the seat to move
say everything about a position of one deal: that pair is the transposition key, and the
layout, the hands and who is out all follow from it. Values are small (places 1–4), so
the root is solved by a few zero-window searches.

>>> from tutor.solver import TrexPosition, TrexPlace, solve
>>> p = TrexPosition.from_pbn("N:.Q..3 .K.. .A..2 ...", to_move=0, out=(3,))
>>> r = solve(p, TrexPlace(1))  # East needs North's Q♥; North plays the 3♣ first
>>> r.value, {str(c): v for c, v in r.by_card.items()}
(3, {'QH': 2, '3C': 3})
>>> [str(c) if c else "pass" for c in r.line]
['3C', 'pass', '2C', 'QH', 'KH']
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tutor.engine.cards import CARDS, FULL_MASK, Card, CardSet, Rank, Suit, parse_deal
from tutor.engine.errors import ParseError
from tutor.engine.i18n import gettext as _, ngettext
from tutor.engine.trix.trex import Layout
from tutor.solver.goals import TrexPlace, side_of
from tutor.solver.result import Result, SearchLimit

__all__ = ["TrexPosition", "layout_from_cards", "solve_trex"]

JACK = Rank.JACK - 2  # a jack's bit within its suit
INF = 10**9


def _opens(c: int) -> int:
    """The cards that become playable once card bit ``c`` is down: a jack opens the
    10 and the Q of its suit; a card above the jack the next one up; below, the next
    one down."""
    r = c % 13
    if r == JACK:
        return (1 << (c + 1)) | (1 << (c - 1))
    if r > JACK:
        return 1 << (c + 1) if r < 12 else 0
    return 1 << (c - 1) if r > 0 else 0


OPENS = [_opens(c) for c in range(52)]


def layout_from_cards(cards: Iterable[Card | str] | str) -> Layout:
    """The layout holding exactly ``cards``: in each suit none, or one unbroken run
    through the jack (``ValueError`` otherwise).

    >>> str(layout_from_cards("JS QS TS JH"))
    '♠ 10–Q  ♥ J–J  ♦ —  ♣ —'
    """
    cs = CardSet.parse(cards) if isinstance(cards, str) else CardSet(
        c if isinstance(c, Card) else Card.parse(c) for c in cards)
    if cs.jokers:
        raise ValueError(_("Trex has no jokers"))
    rows: list[tuple[int, int] | None] = []
    for s in Suit:
        ranks = sorted(int(c.rank) for c in cs.by_suit(s))
        if not ranks:
            rows.append(None)
            continue
        lo, hi = ranks[0], ranks[-1]
        if not lo <= Rank.JACK <= hi or len(ranks) != hi - lo + 1:
            shown = " ".join(str(c) for c in sorted(cs.by_suit(s), key=lambda c: c.rank))
            raise ValueError(_("the {suit} in the layout ({cards}) are not one unbroken row "
                               "through the jack").format(suit=s.word, cards=shown))
        rows.append((lo, hi))
    return Layout(tuple(rows))


@dataclass(frozen=True)
class TrexPosition:
    """A Trex position: the four hands, the layout, the seat to move, and the seats
    already out in the order they went out (their places are fixed).

    Every one of the 52 cards must be in the layout or in a hand. ``layout=None`` takes
    the layout to be all the cards no hand holds. The seat to move may have to pass.

    >>> p = TrexPosition.from_pbn("N:.Q..3 .K.. .A..2 ...", to_move=0, out=(3,))
    >>> str(p.layout)  # every card no hand holds
    '♠ 2–A  ♥ 2–J  ♦ 2–A  ♣ 4–A'
    >>> [str(c) for c in p.legal()]
    ['QH', '3C']
    """

    hands: tuple[CardSet, ...]
    layout: Layout | None = None
    to_move: int = 0
    out: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        hands = tuple(h if isinstance(h, CardSet) else CardSet.parse(h) for h in self.hands)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "out", tuple(self.out))
        if len(hands) != 4:
            raise ValueError(_("Trex is played by 4 hands, not {n}").format(n=len(hands)))
        held = 0
        for i, h in enumerate(hands):
            if h.jokers:
                raise ValueError(_("seat {seat} holds a joker; Trex has none").format(seat=i))
            clash = held & h.mask
            if clash:
                card = CardSet.from_mask(clash & -clash)
                other = next(j for j in range(i) if hands[j].mask & clash & -clash)
                raise ValueError(_("{card} is in the hands of seats {first} and {second}").format(
                    card=next(iter(card)), first=other, second=i))
            held |= h.mask
        layout = self.layout
        if layout is None:
            layout = layout_from_cards(CardSet.from_mask(FULL_MASK & ~held))
        elif not isinstance(layout, Layout):
            layout = layout_from_cards(layout)
        else:
            _check_rows(layout)
        object.__setattr__(self, "layout", layout)
        table = layout.cards().mask
        both = table & held
        if both:
            bit = both & -both
            card = next(iter(CardSet.from_mask(bit)))
            seat = next(i for i in range(4) if hands[i].mask & bit)
            raise ValueError(_("{card} is in the layout and in the hand of seat {seat}").format(
                card=card, seat=seat))
        missing = FULL_MASK & ~(table | held)
        if missing:
            cards = ", ".join(str(c) for c in CardSet.from_mask(missing))
            raise ValueError(_("every card must be in a hand or in the layout; nowhere: "
                               "{cards}").format(cards=cards))
        out = self.out
        if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < 4 for s in out):
            raise ValueError(_("out must list seats 0..3, not {out!r}").format(out=out))
        if len(set(out)) != len(out):
            raise ValueError(_("a seat is listed twice in out: {out!r}").format(out=out))
        if len(out) >= 3:
            raise ValueError(_("three players are out: the deal is over"))
        for s in range(4):
            if s in out and hands[s]:
                n = len(hands[s])
                raise ValueError(ngettext("seat {seat} is out but still holds {n} cards",
                                          "seat {seat} is out but still holds {n} cards",
                                          n).format(seat=s, n=n))
            if s not in out and not hands[s]:
                raise ValueError(_("seat {seat} has no cards left, so it must be listed in "
                                   "out").format(seat=s))
        t = self.to_move
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < 4:
            raise ValueError(_("to_move must be a seat 0..3, not {seat!r}").format(seat=t))
        if t in out:
            raise ValueError(_("seat {seat} is out and cannot be to move").format(seat=t))

    @classmethod
    def from_pbn(cls, text: str | Sequence[str], to_move: int = 0,
                 layout: Layout | Iterable[Card | str] | str | None = None,
                 out: Iterable[int] = ()) -> TrexPosition:
        """From deal text (``"N:hand hand hand hand"``, ``-`` or ``...`` for an empty
        hand). ``layout`` is a :class:`Layout`, the cards on the table, or ``None`` for
        every card no hand holds. Bad input raises :class:`~tutor.engine.errors.ParseError`."""
        hands = parse_deal(text, 4) if isinstance(text, str) else parse_deal(list(text), 4)
        try:
            return cls(tuple(hands), layout=layout, to_move=to_move, out=tuple(out))
        except ValueError as e:
            if isinstance(e, ParseError):
                raise
            raise ParseError(str(e)) from None

    @classmethod
    def from_game(cls, game, hands: Sequence[CardSet] | None = None) -> TrexPosition:
        """The live position of a :class:`~tutor.engine.trix.game.TrixGame` in its Trex phase
        (all hands seen: double dummy); ``hands`` replaces the hands still held (a
        layout sampled for one seat's view)."""
        if getattr(game, "phase", None) is None or game.phase.value != "trex":
            raise ValueError("the game is not in a Trex deal")
        return cls(tuple(game.hands if hands is None else hands), layout=game.layout,
                   to_move=game.to_move, out=tuple(game.out))

    def legal(self) -> CardSet:
        """The cards the seat to move may play (empty: it must pass)."""
        return self.layout.playable(self.hands[self.to_move])

    def after(self, card: Card | str | None) -> TrexPosition:
        """The position after the seat to move plays ``card`` (``None`` or ``"pass"``:
        passes). ``ValueError`` if that is not allowed; the deal's end is an error too."""
        seat = self.to_move
        playable = self.legal()
        if card is None or card == "pass":
            if playable:
                raise ValueError(_("seat {seat} holds a playable card and may not pass").format(
                    seat=seat))
            return self._next(self.hands, self.layout, seat, self.out)
        if not isinstance(card, Card):
            card = Card.parse(card)
        if card not in playable:
            raise ValueError(_("{card} is not playable for seat {seat}").format(
                card=card, seat=seat))
        hands = list(self.hands)
        hands[seat] = hands[seat].remove(card)
        out = self.out + ((seat,) if not hands[seat] else ())
        if len(out) == 3:
            raise ValueError(_("that play ends the deal"))
        return self._next(tuple(hands), self.layout.play(card), seat, out)

    @staticmethod
    def _next(hands, layout, seat, out) -> TrexPosition:
        nxt = (seat + 1) % 4
        while nxt in out:
            nxt = (nxt + 1) % 4
        return TrexPosition(hands, layout=layout, to_move=nxt, out=out)


def _check_rows(layout: Layout) -> None:
    rows = layout.rows
    if len(rows) != 4:
        raise ValueError(_("a layout has 4 rows, one per suit"))
    for s, row in zip(Suit, rows):
        if row is None:
            continue
        ok = (isinstance(row, tuple) and len(row) == 2
              and all(isinstance(r, int) for r in row)
              and 2 <= row[0] <= Rank.JACK <= row[1] <= Rank.ACE)
        if not ok:
            raise ValueError(_("the {suit} row {row!r} is not a run through the jack").format(
                suit=s.word, row=row))


class _TrexSearch:
    """Alpha-beta on one deal. Values are the sum of the places of the hero's seats not
    yet out (the hero minimizes); ``fixed`` holds the places already decided."""

    def __init__(self, pos: TrexPosition, goal: TrexPlace) -> None:
        side = side_of(goal.seat)
        if not side or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < 4
                           for s in side):
            raise ValueError(f"TrexPlace needs seats 0..3, not {goal.seat!r}")
        if not isinstance(goal.seat, int) and len(side) != len(goal.seat):
            raise ValueError(f"a seat is named twice in {goal.seat!r}")
        self.hands = [h.mask for h in pos.hands]
        self.ends = pos.layout.playable_mask(FULL_MASK)
        self.side = [s in side for s in range(4)]
        self.nout = len(pos.out)
        self.fixed = sum(place for place, s in enumerate(pos.out, 1) if s in side)
        self.side_left = sum(1 for s in side if s not in pos.out)
        self.tt: dict[int, tuple[int, int, int]] = {}  # (lowest, highest, best card)
        self.nodes = 0
        self.max_nodes = float("inf")
        self.tt_hits = 0

    def next_seat(self, seat: int) -> int:
        hands = self.hands
        seat = (seat + 1) & 3
        while not hands[seat]:
            seat = (seat + 1) & 3
        return seat

    def bounds(self) -> tuple[int, int]:
        """The best and worst sums of places for the hero's seats still in."""
        k = self.side_left
        return k * self.nout + k * (k + 1) // 2, k * (9 - k) // 2

    def ordered(self, seat: int, mv: int) -> list[int]:
        """The playable card bits of ``seat``, most promising first: cards that open
        the mover's own (then its side's) cards before those that open the other side's."""
        if not mv & (mv - 1):
            return [mv.bit_length() - 1]
        hands = self.hands
        side = self.side
        mine = hands[seat]
        friends = 0
        foes = 0
        for s in range(4):
            if s != seat:
                if side[s] == side[seat]:
                    friends |= hands[s]
                else:
                    foes |= hands[s]
        scored = []
        while mv:
            low = mv & -mv
            mv ^= low
            c = low.bit_length() - 1
            o = OPENS[c]
            score = 3 * (o & mine).bit_count() + (o & friends).bit_count() \
                - 2 * (o & foes).bit_count()
            scored.append((-score, c))
        scored.sort()
        return [c for _v, c in scored]

    def ab(self, seat: int, alpha: int, beta: int) -> int:
        """The value with ``seat`` next to act (it passes if it cannot play)."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchLimit(f"more than {self.max_nodes} nodes")
        hands = self.hands
        ends = self.ends
        mv = hands[seat] & ends
        while not mv:
            seat = (seat + 1) & 3
            mv = hands[seat] & ends
        k = self.side_left
        lo = k * self.nout + k * (k + 1) // 2
        hi = k * (9 - k) // 2
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        key = ((hands[0] | hands[1] | hands[2] | hands[3]) << 2) | seat
        entry = self.tt.get(key)
        first = -1
        if entry is not None:
            self.tt_hits += 1
            elo, ehi, first = entry
            if elo >= beta:
                return elo
            if ehi <= alpha:
                return ehi
            if elo == ehi:
                return elo
            if elo > lo:
                lo = elo
            if ehi < hi:
                hi = ehi
        a0, b0 = alpha, beta
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
        hero = self.side[seat]
        best = INF if hero else -INF
        best_c = -1
        moves = [mv.bit_length() - 1] if not mv & (mv - 1) else self.ordered(seat, mv)
        if first >= 0 and moves[0] != first:
            moves.remove(first)
            moves.insert(0, first)
        for c in moves:
            v = self.child(seat, c, alpha, beta)
            if hero:
                if v < best:
                    best = v
                    best_c = c
                    if v < beta:
                        beta = v
            elif v > best:
                best = v
                best_c = c
                if v > alpha:
                    alpha = v
            if alpha >= beta:
                break
        elo, ehi, _best = self.tt.get(key, (-INF, INF, -1))
        if best <= a0:
            ehi = min(ehi, best)
        elif best >= b0:
            elo = max(elo, best)
        else:
            elo = ehi = best
        self.tt[key] = (elo, ehi, best_c)
        return best

    def child(self, seat: int, c: int, alpha: int, beta: int) -> int:
        """The value after ``seat`` plays card bit ``c``, places decided by it included."""
        hands = self.hands
        bit = 1 << c
        hands[seat] ^= bit
        ends = self.ends
        self.ends = (ends ^ bit) | OPENS[c]
        if hands[seat]:
            nxt = (seat + 1) & 3
            while not hands[nxt]:
                nxt = (nxt + 1) & 3
            v = self.ab(nxt, alpha, beta)
        else:
            gain = self._go_out(seat)
            if self.nout == 3 or not self.side_left:
                v = gain
            else:
                v = gain + self.ab(self.next_seat(seat), alpha - gain, beta - gain)
            self.nout -= 1
            if self.side[seat]:
                self.side_left += 1
        self.ends = ends
        hands[seat] |= bit
        return v

    def _go_out(self, seat: int) -> int:
        """Count ``seat`` out; the hero's places this decides (the last player's too,
        when it is the third out)."""
        self.nout += 1
        gain = 0
        if self.side[seat]:
            gain = self.nout
            self.side_left -= 1
        if self.nout == 3:
            last = next(s for s in range(4) if self.hands[s])
            if self.side[last]:
                gain += 4
        return gain

    # --- exact values by zero-window tests --------------------------------------
    def value(self, seat: int) -> int:
        """The exact value with ``seat`` next to act."""
        if not self.side_left or self.nout == 3:
            return 0
        lo, hi = self.bounds()
        while lo < hi:
            t = (lo + hi) // 2
            if self.ab(seat, t, t + 1) <= t:
                hi = t
            else:
                lo = t + 1
        return lo

    def child_value(self, seat: int, c: int) -> int:
        """The exact value after ``seat`` plays ``c``."""
        if not self.side_left:
            return 0
        lo, hi = self.bounds()
        while lo < hi:
            t = (lo + hi) // 2
            if self.child(seat, c, t, t + 1) <= t:
                hi = t
            else:
                lo = t + 1
        return lo


def solve_trex(position: TrexPosition, goal: TrexPlace, max_nodes: int | None = None):
    """Solve a :class:`TrexPlace` goal from a :class:`TrexPosition` (what
    ``solve`` does for Trex): the value, the value after each playable card of the seat
    to move (none when it must pass), and a principal line to the deal's end where
    ``None`` is a pass."""
    if not isinstance(position, TrexPosition) or not isinstance(goal, TrexPlace):
        raise TypeError("Trex needs a TrexPosition and a TrexPlace goal")
    start = time.perf_counter()
    s = _TrexSearch(position, goal)
    if max_nodes is not None:
        s.max_nodes = max_nodes
    seat = position.to_move
    mv = s.hands[seat] & s.ends
    by_bit: dict[int, int] = {}
    for c in s.ordered(seat, mv) if mv else []:
        by_bit[c] = s.child_value(seat, c)
    if by_bit:
        future = (min if s.side[seat] else max)(by_bit.values())
    else:
        future = s.value(seat)
    by_card = {CARDS[c]: s.fixed + v for c, v in sorted(by_bit.items(), key=lambda cv: (
        cv[0] // 13, -cv[0]))}
    nodes, hits = s.nodes, s.tt_hits
    s.max_nodes = float("inf")  # the answer stands: its line is not capped
    line = _principal_line(s, seat, future)
    return Result(value=s.fixed + future, by_card=by_card, line=line,
                  stats={"nodes": nodes, "tt_hits": hits, "tt_size": len(s.tt),
                         "line_nodes": s.nodes - nodes,
                         "seconds": time.perf_counter() - start})


def _principal_line(s: _TrexSearch, seat: int, future: int) -> list[Card | None]:
    """Best plays by all to the end of the deal (``None`` for a pass), from the search's
    state, which it uses up."""
    line: list[Card | None] = []
    while s.nout < 3:
        mv = s.hands[seat] & s.ends
        if not mv:
            line.append(None)
            seat = s.next_seat(seat)
            continue
        moves = s.ordered(seat, mv)
        pick = moves[0]
        if s.side_left:
            hero = s.side[seat]
            for c in moves:
                if hero and s.child(seat, c, future, future + 1) <= future or (
                        not hero and s.child(seat, c, future - 1, future) >= future):
                    pick = c
                    break
        line.append(CARDS[pick])
        s.hands[seat] ^= 1 << pick
        s.ends = (s.ends ^ (1 << pick)) | OPENS[pick]
        if not s.hands[seat]:
            future -= s._go_out(seat)
            if s.nout == 3:
                break
        seat = s.next_seat(seat)
    return line
