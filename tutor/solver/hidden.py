"""Hidden cards: what one seat knows about the others' hands, and deals consistent with it.

A seat at a live table sees only its own hand and what has been shown. :func:`view_of`
gathers what it may infer (hand sizes, cards played, voids shown, doubled and other public
cards, Trex passes) into a :class:`View`; :func:`sample_layouts` and :func:`sample` deal the
unseen cards at random in ways consistent with it, from a seeded generator. The advice,
the ISMCTS tree and the puzzle generator draw their layouts here.

>>> import random
>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> v = view_of(g, 0)
>>> [len(h) for h in sample(v, 1, random.Random(1))[0]]
[3, 3, 3, 3]
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate

from tutor.engine.actions import Pass, Play
from tutor.engine.cards import FULL_MASK, JOKER, Card, CardSet
from tutor.engine.protocol import Phase
from tutor.engine.tricks import led_suit
from tutor.engine.trix.contracts import discard_duty, lead_ban
from tutor.engine.trix.trex import Layout

__all__ = ["View", "view_of", "sample_layouts", "sample", "shuffle", "weighted"]


# --- what one seat knows ------------------------------------------------------------
@dataclass
class View:
    """What ``seat`` knows about the hidden cards: the cards nobody has shown (``pool``,
    jokers included), how many each other seat holds, the cards known to be in each hand
    (``known``), and the cards each seat cannot hold (``excluded``, a card mask), from
    voids and other inferences. ``undealt`` counts pool cards that are in no hand."""

    seat: int
    hand: CardSet
    pool: list[Card]
    counts: list[int]
    known: list[CardSet]
    excluded: list[int]
    undealt: int = 0
    check: Callable[[list[CardSet]], bool] | None = None  # what masks cannot say


def view_of(game, seat: int) -> View:
    """Everything ``seat`` may infer about the other hands in ``game`` (a game, or the
    seat's own typed view of it) as it stands.

    Read from the seat's view only (``game.observation(seat)``: the cards played and
    shown, the actions taken, the rules): never from another seat's hand."""
    obs = game.observation(seat)
    n = obs.n_players
    hand = obs.hand
    excluded = [0] * n
    actions = obs.history
    jokers_played = 0
    if obs.phase == Phase.TREX:
        played = _trex_inferences(actions, excluded)
    else:
        played, jokers_played = _trick_inferences(obs, actions, excluded)
    known = [CardSet() for _ in range(n)]
    trix = obs.KIND == "trix"
    for s, cards in (obs.public.items() if trix else ()):
        known[s] = CardSet(cards)
    if trix and obs.deal_number == 1 and obs.owner_by_seven:
        # The 7♥ decided the first owner (RULES.md A1): the owner was dealt it. (A
        # lesson or class set may name the owner instead.)
        known[obs.owner] = known[obs.owner].add(Card.parse("7H"))
    seen = played | hand
    for s in range(n):
        known[s] = CardSet() if s == seat else known[s] - played
        seen = seen | known[s]
    pool = [c for c in CardSet.deck() if c not in seen]
    pool += [JOKER] * ((0 if trix else obs.jokers) - jokers_played - hand.jokers)
    hidden = [0 if s == seat else obs.hand_counts[s] - len(known[s]) for s in range(n)]
    undealt = len(pool) - sum(hidden)
    if undealt < 0:  # pragma: no cover - the engine keeps counts consistent
        raise ValueError("the table's card counts do not add up")
    # Trix's round of doubles and claims infers nothing: it visits every player and each
    # turn ends only when the player says so (RULES.md A5), so a decline shows no card,
    # and a double shows its card, which is public already (``known``).
    return View(seat=seat, hand=hand, pool=pool, counts=hidden, known=known,
                excluded=excluded, undealt=undealt)


def _trick_inferences(obs, actions, excluded: list[int]) -> tuple[CardSet, int]:
    """Cards played to tricks this hand, and what each play proves about the hand it
    came from: not following shows a void; a joker led shows a hand of only jokers;
    Trix's lead and discard constraints show more (RULES.md A2, B3)."""
    n = obs.n_players
    rules = obs.rules
    no_lead = penalties = 0
    if obs.KIND == "trix":
        no_lead = lead_ban(obs.contract, rules).mask
        penalties = discard_duty(obs.contract, rules).mask
    seen = CardSet()
    jokers = 0
    trick: list[Card] = []
    for s, act in actions:
        if not isinstance(act, Play):
            continue
        card = act.card
        if card.is_joker:
            jokers += 1
            if not trick:
                excluded[s] |= FULL_MASK  # led a joker: held nothing else
        else:
            seen = seen.add(card)
        led = led_suit(trick)
        if not trick and not card.is_joker and no_lead >> card.index & 1:
            excluded[s] |= FULL_MASK & ~no_lead  # led a banned suit: held nothing else
        if led is not None and (card.is_joker or card.suit != led):
            excluded[s] |= led.mask
            if not card.is_joker and not penalties >> card.index & 1:
                excluded[s] |= penalties  # a discard duty not met: held none of them
        trick.append(card)
        if len(trick) == n:
            trick = []
    return seen, jokers


def _trex_inferences(actions, excluded: list[int]) -> CardSet:
    """Cards in the Trex layout; a pass shows the passer held no card that fit then."""
    layout = Layout()
    for s, act in actions:
        if isinstance(act, Play):
            layout = layout.play(act.card)
        elif isinstance(act, Pass):
            excluded[s] |= layout.playable_mask(FULL_MASK)
    return layout.cards()


# --- sampling ---------------------------------------------------------------------
def sample_layouts(view: View, count: int, rng: random.Random,
                   tries: int = 1000) -> list[list[CardSet]]:
    """``count`` full deals (one hand per seat) consistent with ``view``.

    Each deal places the pool's cards one at a time, most constrained first, into a
    seat with room that may hold it, chosen in proportion to the room left (close to
    uniform over the consistent deals; exact when nothing is excluded)."""
    n = len(view.counts)
    out = []
    for _ in range(count):
        for _attempt in range(tries):
            deal = _try_deal(view, n, rng)
            if deal is not None and (view.check is None or view.check(deal)):
                out.append(deal)
                break
        else:
            raise ValueError("no layout fits what this seat has seen")
    return out


def _allowed(view: View, s: int, card: Card) -> bool:
    return card.is_joker or not view.excluded[s] >> card.index & 1


def _try_deal(view: View, n: int, rng: random.Random) -> list[CardSet] | None:
    cards = list(view.pool)
    rng.shuffle(cards)
    bins = [s for s in range(n) if view.counts[s]]
    room = {s: view.counts[s] for s in bins}
    room[-1] = view.undealt  # the cards left out of the deal
    bins.append(-1)
    cards.sort(key=lambda c: sum(1 for s in bins if s < 0 or _allowed(view, s, c)))
    got: dict[int, list[Card]] = {s: [] for s in bins}
    for card in cards:
        fits = [s for s in bins if room[s] and (s < 0 or _allowed(view, s, card))]
        if not fits:
            return None
        pick = rng.choices(fits, weights=[room[s] for s in fits])[0]
        room[pick] -= 1
        got[pick].append(card)
    hands = []
    for s in range(n):
        if s == view.seat:
            hands.append(view.hand)
        else:
            hands.append(view.known[s] + CardSet(got.get(s, [])))
    return hands


def shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``: the same draws from the same stream, so the same order, without
    a Python call a card for a plain :class:`random.Random` (each layout shuffles some
    forty cards, and every answer depends on the stream)."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):  # as Random.shuffle and _randbelow draw
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def weighted(rng: random.Random, population: list, weights: list) -> object:
    """``rng.choices(population, weights)[0]``, the same draw (one ``random()``), without
    building the list ``choices`` returns."""
    cum = list(accumulate(weights))
    return population[bisect(cum, rng.random() * (cum[-1] + 0.0), 0, len(cum) - 1)]


def sample(view, count: int, rng: random.Random, tries: int = 1000) -> list[list[CardSet]]:
    """``count`` deals consistent with ``view`` (a :class:`View`), drawn
    as :func:`sample_layouts` draws them, faster: the cards some seat
    cannot hold are placed first, one at a time into a seat that may hold it in
    proportion to the room left, then the unconstrained cards are shuffled into the room
    left (which is the same as placing them one by one in proportion to the room)."""
    if view.check is not None:
        return sample_layouts(view, count, rng, tries)
    n = len(view.counts)
    bins = [s for s in range(n) if view.counts[s]]
    if view.undealt:
        bins.append(-1)
    constrained, free = [], []
    for card in view.pool:
        if card.is_joker:
            free.append(card)
            continue
        fits = tuple(s for s in bins if s < 0 or not view.excluded[s] >> card.index & 1)
        if len(fits) == len(bins):
            free.append(card)
        else:
            constrained.append((card, fits))
    base = [(view.known[s].mask, view.known[s].jokers) for s in range(n)]
    out = []
    for _ in range(count):
        for _attempt in range(tries):
            shuffle(rng, constrained)
            constrained.sort(key=lambda cf: len(cf[1]))
            room = {s: view.counts[s] for s in bins}
            if view.undealt:
                room[-1] = view.undealt
            got = {s: [] for s in bins}
            for card, fits in constrained:
                open_ = [s for s in fits if room[s]]
                if not open_:
                    break
                pick = open_[0] if len(open_) == 1 else \
                    weighted(rng, open_, [room[s] for s in open_])
                room[pick] -= 1
                got[pick].append(card)
            else:
                shuffle(rng, free)
                i = 0
                for s in bins:
                    got[s].extend(free[i:i + room[s]])
                    i += room[s]
                hands = []
                for s in range(n):
                    if s == view.seat:
                        hands.append(view.hand)
                        continue
                    mask, jokers = base[s]
                    for card in got.get(s, ()):
                        if card.is_joker:
                            jokers += 1
                        else:
                            mask |= 1 << card.index
                    hands.append(CardSet.from_mask(mask, jokers))
                out.append(hands)
                break
        else:
            raise ValueError("no layout fits what this seat has seen")
    return out
