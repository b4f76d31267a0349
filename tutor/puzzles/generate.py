"""The puzzle generator: deal random puzzle-sized positions for a theme, keep those the
solver proves (``check``), grade them and write a prompt and an explanation.

>>> ps = generate("make-zero", count=1, seed=3, engine="python")
>>> ps[0].theme, ps[0].target.kind, check(ps[0], engine="python").ok
('make-zero', 'exactly', True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from tutor.engine.cards import JOKER, Card, CardSet, Rank, Suit, deal
from tutor.engine.facts import plural
from tutor.engine.seats import seat_name
from tutor.engine.tricks import legal_cards, trick_winner
from tutor.engine.trix.contracts import KING_OF_HEARTS, Contract, card_scores, unit_points
from tutor.puzzles.model import Puzzle, Target, play_card
from tutor.puzzles.verify import THEME_IDEAS, CheckResult, check, grade
from tutor.search.estimate import estimate_tricks
from tutor.solver import MaxTricks, MinPenalty, Position, TrexPlace, TrexPosition, solve
from tutor.solver.hidden import View, sample_layouts
from tutor.solver.trex import OPENS, layout_from_cards

__all__ = ["THEMES", "generate", "proved", "finish", "Theme", "seat_name", "reword", "beaten_words"]

KH = Card.parse("KH")


@dataclass(frozen=True)
class Theme:
    """A theme: its game, a few words for titles, and the function that deals a
    candidate puzzle (or ``None``) from a random generator."""

    name: str
    game: str
    title: str
    build: Callable[[random.Random, str], Puzzle | None]
    keep: Callable[[Puzzle, CheckResult], bool] = lambda p, r: True


def _cost(contract: Contract) -> int:
    """What a penalty card (or an Ltoosh trick) costs its taker: the rules' table."""
    return -unit_points(contract)


_KING_BONUS = card_scores([Contract.KING])[KING_OF_HEARTS].doubler
"""What a doubler gets when another player takes their K♥ (+75)."""


SUIT_WORDS = {Suit.SPADES: "Spades", Suit.HEARTS: "Hearts", Suit.DIAMONDS: "Diamonds",
              Suit.CLUBS: "Clubs"}


def _trick_words(p: Puzzle) -> str:
    if not p.trick:
        return "You lead."
    parts = []
    for i, c in enumerate(p.trick):
        who = seat_name((p.leader + i) % p.players, p.players, p.game)
        what = "a joker" if c.is_joker else f"the {c.symbol()}"
        parts.append(f"{who} {'led' if i == 0 else 'played'} {what}")
    return "; ".join(parts) + "."


# --- dealing trick positions ----------------------------------------------------------
def _deal_trick(rng: random.Random, players: int, size: int, *, jokers: int = 0,
                must: dict[int, Card] | None = None, played: int | None = None,
                prior: int = 0):
    """Hands of ``size`` cards, the learner's seat, a trick of random legal cards before
    it, and ``prior`` earlier tricks spread over the seats as tricks won. ``must`` puts a
    card into a seat's hand (offset from the learner: 0 is the learner)."""
    d = deal(players, size, jokers=jokers, rng=rng)
    hands = list(d.hands)
    seat = rng.randrange(players)
    for off, card in (must or {}).items():
        s = (seat + off) % players
        if card in hands[s]:
            continue
        holder = next((i for i, h in enumerate(hands) if card in h), None)
        give = rng.choice(list(hands[s]))
        hands[s] = hands[s].remove(give).add(card)
        if holder is not None:
            hands[holder] = hands[holder].remove(card).add(give)
    t = rng.randrange(players) if played is None else played
    leader = (seat - t) % players
    trick: list[Card] = []
    for i in range(t):
        s = (leader + i) % players
        legal = list(legal_cards(hands[s], trick))
        if not trick:
            legal = [c for c in legal if not c.is_joker] or legal
        c = rng.choice(legal)
        trick.append(c)
        hands[s] = hands[s].remove(c)
    won = [0] * players
    for _ in range(prior):
        won[rng.randrange(players)] += 1
    return tuple(hands), seat, leader, tuple(trick), tuple(won)


def _tricks_left(p: Puzzle) -> int:
    return len(p.hands[p.leader]) + (1 if p.trick else 0)


def _trixter(rng: random.Random, theme: str) -> Puzzle | None:
    players = rng.choice((3, 5) if theme == "duck-with-joker" else (3, 4, 4, 5))
    jokers = (players - 52 % players) % players
    size = rng.randint(3, 6)
    must = {0: JOKER} if theme == "duck-with-joker" else None
    played = rng.randint(1, players - 1) if theme == "duck-with-joker" else None
    hands, seat, leader, trick, won = _deal_trick(rng, players, size, jokers=jokers,
                                                  must=must, played=played,
                                                  prior=rng.choice((0, 0, 1, 2, 3)))
    if theme == "duck-with-joker":
        if not hands[seat].jokers or len(hands[seat]) < 2:
            return None
        if any(c.suit == trick[0].suit for c in hands[seat] if not c.is_joker):
            return None  # the learner must be void in the suit led
    trump = None if rng.random() < 0.2 and theme != "trump-control" else rng.choice(list(Suit))
    if theme == "trump-control" and len(hands[seat].by_suit(trump)) < 2:
        return None
    pos = Position(hands, leader=leader, trick=trick, trump=trump, won=won)
    best = solve(pos, MaxTricks(seat)).value
    left = _tricks_left_pos(pos)
    mine = won[seat]
    if theme == "make-n":
        if left < 3:
            return None
        n = mine + rng.randint(1, left - 1)
        target = Target("exactly", n)
    elif theme == "make-zero":
        target = Target("exactly", mine)
    elif theme == "shed-a-trick":
        if best < 2:
            return None
        target = Target("exactly", mine + best - 1)
    elif theme == "duck-with-joker":
        n = mine + rng.randint(0, max(0, best - 1))
        target = Target("exactly", n)
    else:  # trump-control
        if best < 2:
            return None
        target = Target("max-tricks", mine + best)
    return Puzzle(id="new", title="new", game="trixter", theme=theme, difficulty=1, seat=seat,
                  hands=hands, target=target, prompt="new", explanation="new", leader=leader,
                  trick=trick, trump=trump, won=won)


def _read_bids(rng: random.Random, theme: str) -> Puzzle | None:
    """The first trick of a small Trixter hand: every seat has bid what its cards look
    worth (the beginner bot's estimate), the learner's own bid is the goal, and the
    learner sees only their own hand."""
    players = rng.choice((3, 4, 4))
    size = rng.randint(3, 5)
    d = deal(players, size, rng=rng)
    trump = rng.choice(list(Suit))
    bids = tuple(_bid_for(list(h), trump, players, size) for h in d.hands)
    seat = rng.randrange(players)
    t = rng.randrange(players)
    leader = (seat - t) % players
    hands, trick = list(d.hands), []
    for i in range(t):
        s = (leader + i) % players
        c = rng.choice(list(legal_cards(hands[s], trick)))
        trick.append(c)
        hands[s] = hands[s].remove(c)
    return Puzzle(id="new", title="new", game="trixter", theme=theme, difficulty=1, seat=seat,
                  hands=tuple(hands), target=Target("exactly", bids[seat]), prompt="new",
                  explanation="new", leader=leader, trick=tuple(trick), trump=trump,
                  visible=(seat,), bids=bids)


def _bid_for(hand: list[Card], trump: Suit | None, players: int, size: int) -> int:
    """What a seat bids with ``hand``: the nearest whole number to its estimate."""
    return max(0, min(size, round(estimate_tricks(hand, trump, players))))


BID_LAYOUTS = 24
"""Layouts sampled for a "read the bids" puzzle: enough to tell a card that works in most
deals that fit the bids from one that works by luck."""


def bid_layout_rates(p: Puzzle, layouts: int = BID_LAYOUTS, seed: int = 0
                     ) -> dict[Card, float] | None:
    """For each legal card of the learner, the share of deals that fit what the learner
    knows (their hand, the cards played, and every other seat's bid read as the
    beginner's estimate of its hand) in which it makes the bid. ``None`` when no such
    deals are found."""
    n = p.players
    size = len(p.hands[p.seat])  # trick 1, the learner to move: a full hand
    played = {(p.leader + i) % n: c for i, c in enumerate(p.trick)}
    seen = p.hands[p.seat] + CardSet(p.trick)
    pool = [c for c in CardSet.deck() if c not in seen]
    counts = [0 if s == p.seat else len(p.hands[s]) for s in range(n)]

    def fits(deal) -> bool:
        for s in range(n):
            if s == p.seat:
                continue
            start = list(deal[s]) + ([played[s]] if s in played else [])
            if _bid_for(start, p.trump, n, size) != p.bids[s]:
                return False
        return True

    view = View(p.seat, p.hands[p.seat], pool, counts, [CardSet()] * n, [0] * n,
                undealt=len(pool) - sum(counts), check=fits)
    try:
        deals = sample_layouts(view, layouts, random.Random(f"{seed}/{p.id}"), tries=400)
    except ValueError:
        return None
    wins: dict[Card, int] = {}
    for hands in deals:
        pos = Position(tuple(hands), leader=p.leader, trick=p.trick, trump=p.trump)
        r = solve(pos, p.goal())
        for c, v in r.by_card.items():
            wins[c] = wins.get(c, 0) + (v == 1)
    return {c: w / len(deals) for c, w in wins.items()}


def _keep_bids(p: Puzzle, r: CheckResult) -> bool:
    """Keep a "read the bids" puzzle when the bids point to a working card: the card that
    makes the bid in most deals fitting the bids works here, in at least 60% of them,
    and every card that fails here does so in clearly fewer of them."""
    rates = bid_layout_rates(p)
    if not rates:
        return False
    best = max(rates, key=lambda c: rates[c])
    return (best in r.winning and rates[best] >= 0.6
            and all(rates.get(c, 0) <= rates[best] - 0.25 for c in r.failing))


def _tricks_left_pos(pos) -> int:
    return len(pos.hands[pos.leader]) + (1 if pos.trick else 0)


TRIX_CONTRACT = {"king-dodge": Contract.KING, "king-force": Contract.KING,
                 "queens": Contract.QUEENS, "diamonds": Contract.DIAMONDS,
                 "ltoosh-lose-all": Contract.LTOOSH, "ltoosh-count": Contract.LTOOSH}


def _trix(rng: random.Random, theme: str) -> Puzzle | None:
    size = rng.randint(3, 7)
    must: dict[int, Card] = {}
    if theme == "king-dodge":
        must = {rng.randint(1, 3): KH}
    elif theme == "king-force":
        must = {0: KH}
    elif theme == "queens":
        for q in rng.sample([Card(s, Rank.QUEEN) for s in Suit], 2):
            must[rng.randint(0, 3) if not must else rng.randint(0, 3)] = q
    elif theme == "diamonds":
        must = {rng.randint(1, 3): Card.parse("2D")}
    hands, seat, leader, trick, won = _deal_trick(rng, 4, size, must=must)
    contract = TRIX_CONTRACT[theme]
    doubles: tuple = ()
    taken = (CardSet(),) * 4
    if theme == "king-force":
        if KH not in hands[seat]:
            return None
        doubles = ((KH, seat),)
    if theme == "queens":
        held = [c for h in hands for c in h if c.rank == Rank.QUEEN]
        if len(held) < 2:
            return None
        if rng.random() < 0.3:
            q = rng.choice(held)
            doubles = ((q, next(s for s in range(4) if q in hands[s])),)
    pos = Position(hands, leader=leader, trick=trick, won=won, taken=taken)
    if theme == "king-dodge":
        target = Target("avoid", 0, CardSet([KH]))
    else:
        best = solve(pos, MinPenalty(seat, (contract,), doubles=doubles)).value
        if theme == "king-force":
            if best < _KING_BONUS:
                return None
            target = Target("penalty", -_KING_BONUS)
        elif theme == "ltoosh-lose-all":
            if best < 0:
                return None
            target = Target("penalty", 0)
        elif theme == "ltoosh-count":
            if best >= 0:
                return None
            target = Target("penalty", -best)
        else:
            if theme == "diamonds" and not any(h.by_suit(Suit.DIAMONDS) for h in hands):
                return None
            target = Target("penalty", -best)
    return Puzzle(id="new", title="new", game="trix", theme=theme, difficulty=1, seat=seat,
                  hands=hands, target=target, prompt="new", explanation="new", leader=leader,
                  trick=trick, won=won, contract=(contract,), doubles=doubles)


def _trex(rng: random.Random, theme: str) -> Puzzle | None:
    sizes = [rng.randint(4, 6) if theme == "trex-hold-jack" else rng.randint(3, 6)
             for _ in range(4)]
    total = sum(sizes)
    open_suit = rng.choice(list(Suit)) if theme == "trex-hold-jack" else None
    rows = {s: [2, 14] for s in Suit if s != open_suit}
    loose: list[Card] = [Card(open_suit, r) for r in Rank] if open_suit is not None else []
    if len(loose) > total - 3:
        return None
    while len(loose) < total:
        s = rng.choice(list(rows))
        lo, hi = rows[s]
        if rng.random() < 0.5 and lo < Rank.JACK:
            loose.append(Card(s, Rank(lo)))
            rows[s][0] += 1
        elif hi > Rank.JACK:
            loose.append(Card(s, Rank(hi)))
            rows[s][1] -= 1
    rng.shuffle(loose)
    hands, i = [], 0
    for k in sizes:
        hands.append(CardSet(loose[i:i + k]))
        i += k
    seat = rng.randrange(4)
    if open_suit is not None:
        jack = Card(open_suit, Rank.JACK)
        holder = next(s for s in range(4) if jack in hands[s])
        if holder != seat:
            give = rng.choice(list(hands[seat]))
            hands[seat] = hands[seat].remove(give).add(jack)
            hands[holder] = hands[holder].remove(jack).add(give)
    layout = CardSet.deck() - sum(hands, CardSet())
    try:
        pos = TrexPosition(tuple(hands), to_move=seat)
    except ValueError:
        return None
    if len(pos.legal()) < 2:
        return None
    best = solve(pos, TrexPlace(seat)).value
    return Puzzle(id="new", title="new", game="trix", theme=theme, difficulty=1, seat=seat,
                  hands=tuple(hands), target=Target("trex-place", best), prompt="new",
                  explanation="new", contract=(Contract.TREX,), layout=layout)


def _opens_for_others(p: Puzzle, card: Card) -> bool:
    """Whether playing ``card`` in Trex makes a card of another seat playable."""
    bits = OPENS[card.index]
    return any(h.mask & bits for s, h in enumerate(p.hands) if s != p.seat)


def _keep_block(p: Puzzle, r: CheckResult) -> bool:
    return (any(_opens_for_others(p, c) for c in r.failing)
            and any(not _opens_for_others(p, c) for c in r.winning))


def _keep_hold_jack(p: Puzzle, r: CheckResult) -> bool:
    return any(c.rank == Rank.JACK for c in r.failing) and bool(r.winning)


def _keep_open(p: Puzzle, r: CheckResult) -> bool:
    return all(c.rank != Rank.JACK for c in r.winning)


def _keep_joker(p: Puzzle, r: CheckResult) -> bool:
    return any(c.is_joker for c in r.winning)


THEMES: dict[str, Theme] = {}
for _name, _title in (("make-n", "Make your bid"), ("make-zero", "Make a zero bid"),
                      ("shed-a-trick", "Shed a trick"), ("duck-with-joker", "Duck with the joker"),
                      ("trump-control", "Trump control")):
    THEMES[_name] = Theme(_name, "trixter", _title, _trixter,
                          _keep_joker if _name == "duck-with-joker" else (lambda p, r: True))
for _name, _title in (("king-dodge", "Dodge the K♥"), ("king-force", "Force the K♥"),
                      ("queens", "Queens"), ("diamonds", "Diamonds"),
                      ("ltoosh-lose-all", "Ltoosh: lose them all"),
                      ("ltoosh-count", "Ltoosh: count the tricks")):
    THEMES[_name] = Theme(_name, "trix", _title, _trix)
THEMES["read-the-bids"] = Theme("read-the-bids", "trixter", "Read the bids", _read_bids,
                                _keep_bids)
THEMES["trex-open"] = Theme("trex-open", "trix", "Trex: which card to play", _trex, _keep_open)
THEMES["trex-block"] = Theme("trex-block", "trix", "Trex: blocking", _trex, _keep_block)
THEMES["trex-hold-jack"] = Theme("trex-hold-jack", "trix", "Trex: hold the jack", _trex,
                                 _keep_hold_jack)


# --- words -----------------------------------------------------------------------------
PLACES = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def _goal_words(p: Puzzle) -> str:
    t = p.target
    left = _tricks_left(p)
    mine = p.won[p.seat] if p.won else 0
    if t.kind in ("exactly", "max-tricks"):
        more = t.amount - mine
        have = f"You have won {plural(mine, 'trick')}; " if mine else ""
        if t.kind == "exactly":
            if more == 0:
                tail = f"take none of the last {left} tricks"
            else:
                tail = f"take exactly {more} of the last {left} tricks"
                if mine:
                    tail += f" ({t.amount} in all)"
        else:
            tail = f"take at least {more} of the last {left} tricks"
        return f"{have}{tail}." if mine else f"{tail[0].upper()}{tail[1:]}."
    if t.kind == "avoid":
        return "Do not take the K♥."
    if t.kind == "penalty":
        c = p.contract[0]
        if c == Contract.KING:
            return f"Make someone else take your doubled K♥ (+{_KING_BONUS} for you)."
        if t.amount == 0:
            word = {Contract.QUEENS: "queen", Contract.DIAMONDS: "diamond",
                    Contract.LTOOSH: "trick"}[c]
            if c == Contract.LTOOSH:
                return f"Take none of the last {left} tricks."
            return f"Take no {word}."
        if c == Contract.LTOOSH:
            return f"Take at most {t.amount // _cost(c)} of the last {left} tricks."
        return f"Lose at most {t.amount} points."
    return f"Go out {PLACES[t.amount]}{'' if t.amount == 1 else ' or better'}."


def _rules_words(p: Puzzle) -> str:
    if p.game == "trixter":
        return (f"{SUIT_WORDS[p.trump]} are trump." if p.trump is not None else "No trump.")
    c = p.contract[0]
    doubled = "".join(f" {seat_name(s, 4, p.game) if s != p.seat else 'You'} doubled the "
                      f"{card.symbol()}." for card, s in p.doubles)
    if c == Contract.KING:
        return f"King of Hearts: whoever takes the K♥ loses {_cost(c)}." + (
            "" if p.doubles else "")
    if c == Contract.QUEENS:
        return f"Queens: each queen taken costs {_cost(c)}." + doubled
    if c == Contract.DIAMONDS:
        return f"Diamonds: each diamond taken costs {_cost(c)}."
    if c == Contract.LTOOSH:
        return f"Ltoosh: each trick taken costs {_cost(c)}."
    return "Trex."


def prompt_for(p: Puzzle) -> str:
    """The prompt a learner reads: who they are, the contract or trump, the trick so far
    (or the seats out, in Trex) and the goal, in plain words."""
    me = seat_name(p.seat, p.players, p.game)
    if p.is_trex:
        out = ", ".join(seat_name(s, 4, p.game) for s in p.out)
        gone = f" {out} {'is' if len(p.out) == 1 else 'are'} out." if p.out else ""
        rows = str(layout_from_cards(p.layout if p.layout is not None else
                                     CardSet.deck() - sum(p.hands, CardSet())))
        rows = ", ".join(r.strip() for r in rows.split("  ") if r.strip())
        return (f"You are {me}. Trex: play a card next to the layout ({rows}).{gone} "
                f"{_goal_words(p)}")
    bids = ""
    if p.bids:
        said = ", ".join(f"{'you' if s == p.seat else seat_name(s, p.players, p.game)} {b}"
                         for s, b in enumerate(p.bids))
        hidden = " You see only your own hand." if p.visible == (p.seat,) else ""
        bids = f" Bids: {said}.{hidden}"
    return f"You are {me}. {_rules_words(p)}{bids} {_trick_words(p)} {_goal_words(p)}"


def explanation_for(p: Puzzle, r: CheckResult) -> str:
    """The idea of the theme, then which cards work here and how one that fails is
    beaten."""
    idea = THEME_IDEAS[p.theme]
    win = _card_list([_card_words(c, "the ") for c in r.winning])
    if len(r.winning) == 1:
        here = f"Here only {win} works."
    else:
        here = f"Here {win} {'both' if len(r.winning) == 2 else 'all'} work."
    if p.bids:
        rates = bid_layout_rates(p) or {}
        if rates:
            best = max(rates, key=lambda c: rates[c])
            here += (f" Of the deals that fit the bids, {_card_words(best, 'the ')} makes "
                     f"your bid in {round(100 * rates[best])}%.")
    return f"{idea} {here}{_refutation(p, r)}"


def _card_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def beaten_words(p: Puzzle) -> str:
    """What the defence can then do to the learner, in words.

    >>> from tutor.puzzles import bundled
    >>> beaten_words(next(q for q in bundled() if q.theme == "king-dodge"))
    'make you take the K♥'
    """
    t = p.target
    if t.kind == "exactly":
        if t.amount == 0:
            return "make you take a trick"
        return "stop you taking exactly " + plural(t.amount, "trick")
    if t.kind == "max-tricks":
        return "hold you below " + plural(t.amount, "trick")
    if t.kind == "avoid":
        return "make you take " + _card_list([_card_words(c, "the ") for c in t.cards])
    if t.kind == "penalty":
        c = p.contract[0]
        if t.amount < 0:
            return "keep your doubled K♥ from falling to someone else" \
                if c == Contract.KING else f"keep you from winning {-t.amount} points"
        if c == Contract.LTOOSH:
            return ("make you take a trick" if t.amount == 0 else
                    "make you take more than " + plural(t.amount // _cost(c), "trick"))
        if t.amount == 0:
            word = {Contract.QUEENS: "a queen", Contract.DIAMONDS: "a diamond",
                    Contract.KING: "the K♥"}.get(c, "a penalty card")
            return f"make you take {word}"
        return f"make you lose more than {t.amount} points"
    return f"keep you from going out {PLACES[t.amount]}"


def _refutation(p: Puzzle, r: CheckResult) -> str:
    """What happens after the first failing card: who wins the trick (best play by
    all), or which of the others' cards it frees in Trex; then the other failing cards."""
    bad = r.failing[0]
    name = _card_words(bad, "the ")
    Name = name[0].upper() + name[1:]
    then = f"and from there the others can {beaten_words(p)}."
    also = ""
    if len(r.failing) > 1:
        rest = [_card_words(c, "the ") for c in r.failing[1:]]
        also = f" {_card_list(rest)[0].upper()}{_card_list(rest)[1:]} " \
               f"{'fails' if len(rest) == 1 else 'fail'} too."
    if p.is_trex:
        before = p.position()
        after = play_card(before, bad)
        freed = [(s, c) for s in range(4) if s != p.seat
                 for c in after.layout.playable(after.hands[s])
                 if c not in before.layout.playable(before.hands[s])]
        if not freed:
            return f" {Name} fails: the others can {beaten_words(p)}.{also}"
        s, c = freed[0]
        who = seat_name(s, 4, p.game)
        return f" {Name} fails: it lets {who} play the {c.symbol()}, {then}{also}"
    pos = p.position()
    trick = list(pos.trick) + [bad]
    after = play_card(pos, bad)
    if after.trick:
        trick += solve(after, p.goal(), engine="python").line[:p.players - len(trick)]
    w = (pos.leader + trick_winner(trick, pos.trump)) % p.players
    card = trick[(w - pos.leader) % p.players]
    if w == p.seat and _one_too_many(p):
        return f" {Name} fails: you win that trick with it: one trick too many.{also}"
    who = "you win" if w == p.seat else f"{seat_name(w, p.players, p.game)} wins"
    return f" {Name} fails: {who} that trick with {_card_words(card, 'the ')}, {then}{also}"


def _one_too_many(p: Puzzle) -> bool:
    """Whether one more trick for the learner already misses the goal."""
    t, mine = p.target, (p.won[p.seat] if p.won else 0)
    if t.kind == "exactly":
        return mine >= t.amount
    return t.kind == "penalty" and p.contract[0] == Contract.LTOOSH \
        and t.amount < _cost(Contract.LTOOSH)


def _card_words(c: Card, the: str = "") -> str:
    return "the joker" if c.is_joker else f"{the}{c.symbol()}"


def title_for(p: Puzzle, theme: Theme) -> str:
    """A short title: the theme, and the goal in brackets."""
    t = p.target
    if t.kind == "exactly":
        return f"{theme.title} (exactly {t.amount})"
    if t.kind == "max-tricks":
        return f"{theme.title} ({t.amount} tricks)"
    if t.kind == "trex-place":
        return f"{theme.title} (go out {PLACES[t.amount]})"
    if t.kind == "penalty" and t.amount > 0:
        return f"{theme.title} (at most {t.amount} points)"
    return theme.title


def reword(p: Puzzle, engine: str = "auto") -> Puzzle:
    """``p`` with the generator's title, prompt and explanation written afresh (the
    position, goal and difficulty stay)."""
    return _replace(p, title=title_for(p, THEMES[p.theme]), prompt=prompt_for(p),
                    explanation=explanation_for(p, check(p, engine=engine)))


def _key(p: Puzzle) -> str:
    d = p.to_json()
    return json.dumps([d["position"], d["goal"], d["seat"]], sort_keys=True)


def proved(theme: str, rng: random.Random, *, unique: bool = False, tries: int = 200,
           engine: str = "auto") -> Iterator[tuple[Puzzle, CheckResult, int]]:
    """Each candidate of ``theme`` dealt from ``rng`` (``tries`` deals at most) that the
    solver proves (:func:`check`) and the theme keeps, with its check and its grade,
    before its words are written (:func:`finish`)."""
    spec = THEMES[theme]
    seen: set[str] = set()
    for _ in range(tries):
        cand = spec.build(rng, theme)
        if cand is None:
            continue
        cand = _replace(cand, unique=unique)
        key = _key(cand)
        if key in seen:
            continue
        seen.add(key)
        r = check(cand, engine=engine)
        if not r.ok or not spec.keep(cand, r):
            continue
        yield cand, r, grade(cand, engine=engine)


def finish(cand: Puzzle, r: CheckResult, level: int, puzzle_id: str) -> Puzzle:
    """A proved candidate as a learner meets it: its grade, id, title, prompt and
    explanation (exactly one card works: marked ``unique``, as it is proven so)."""
    cand = _replace(cand, difficulty=level, unique=cand.unique or len(r.winning) == 1)
    return _replace(cand, id=puzzle_id, title=title_for(cand, THEMES[cand.theme]),
                    prompt=prompt_for(cand), explanation=explanation_for(cand, r))


def generate(theme: str, count: int, seed: int | str = 0, *, unique: bool = False,
             difficulty: int | None = None, max_tries: int | None = None,
             id_prefix: str | None = None, start: int = 1, engine: str = "auto"
             ) -> list[Puzzle]:
    """Up to ``count`` new puzzles of ``theme`` (see ``THEMES``), each proven by
    :func:`check` (and unique when asked, or of one ``difficulty``), graded, with a
    prompt, an explanation and ids ``{id_prefix}-{number}`` counting from ``start``.
    A puzzle where exactly one card works is marked ``unique`` (it is proven so).
    The same arguments give the same puzzles."""
    if theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; themes: {', '.join(THEMES)}")
    if count < 0:
        raise ValueError(f"count must be 0 or more, not {count}")
    rng = random.Random(f"{seed}/{theme}")
    prefix = id_prefix or theme
    tries = max_tries if max_tries is not None else 200 * max(count, 1)
    out: list[Puzzle] = []
    if count == 0:
        return out
    for cand, r, level in proved(theme, rng, unique=unique, tries=tries, engine=engine):
        if difficulty is not None and level != difficulty:
            continue
        out.append(finish(cand, r, level, f"{prefix}-{start + len(out):03d}"))
        if len(out) >= count:
            break
    return out


def _replace(p: Puzzle, **kw) -> Puzzle:
    return replace(p, **kw)
