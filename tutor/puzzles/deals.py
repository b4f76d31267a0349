"""The puzzle-sized positions of each theme: a random deal, a trick begun before the
learner's turn, and the goal the solver finds there (``None`` when the deal does not suit
the theme). :mod:`tutor.puzzles.themes` names them; :mod:`tutor.puzzles.generate` keeps
the ones the solver proves and writes their words.
"""

from __future__ import annotations

import random

from tutor.engine.cards import JOKER, Card, CardSet, Rank, Suit, deal
from tutor.engine.tricks import legal_cards
from tutor.engine.trix.contracts import KING_OF_HEARTS, Contract, card_scores
from tutor.puzzles.model import Puzzle, Target
from tutor.search.estimate import estimate_tricks
from tutor.solver import MaxTricks, MinPenalty, Position, TrexPlace, TrexPosition, solve

__all__ = ["KH", "KING_BONUS", "TRIX_CONTRACT", "deal_trixter", "deal_read_the_bids",
           "deal_trix", "deal_trex", "bid_for"]

KH = Card.parse("KH")

KING_BONUS = card_scores([Contract.KING])[KING_OF_HEARTS].doubler
"""What a doubler gets when another player takes their K♥ (+75)."""


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


def deal_trixter(rng: random.Random, theme: str) -> Puzzle | None:
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


def deal_read_the_bids(rng: random.Random, theme: str) -> Puzzle | None:
    """The first trick of a small Trixter hand: every seat has bid what its cards look
    worth (the beginner bot's estimate), the learner's own bid is the goal, and the
    learner sees only their own hand."""
    players = rng.choice((3, 4, 4))
    size = rng.randint(3, 5)
    d = deal(players, size, rng=rng)
    trump = rng.choice(list(Suit))
    bids = tuple(bid_for(list(h), trump, players, size) for h in d.hands)
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


def bid_for(hand: list[Card], trump: Suit | None, players: int, size: int) -> int:
    """What a seat bids with ``hand``: the nearest whole number to its estimate."""
    return max(0, min(size, round(estimate_tricks(hand, trump, players))))


def _tricks_left_pos(pos) -> int:
    return len(pos.hands[pos.leader]) + (1 if pos.trick else 0)


TRIX_CONTRACT = {"king-dodge": Contract.KING, "king-force": Contract.KING,
                 "queens": Contract.QUEENS, "diamonds": Contract.DIAMONDS,
                 "ltoosh-lose-all": Contract.LTOOSH, "ltoosh-count": Contract.LTOOSH}


def deal_trix(rng: random.Random, theme: str) -> Puzzle | None:
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
            if best < KING_BONUS:
                return None
            target = Target("penalty", -KING_BONUS)
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


def deal_trex(rng: random.Random, theme: str) -> Puzzle | None:
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
