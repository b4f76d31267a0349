"""Hints under hidden information: Perfect Information Monte Carlo (PIMC).

A seat at a live table sees only its own hand and what has been shown. To advise it,
deal the unseen cards at random in every way consistent with what the seat has seen
(hand sizes, cards played, voids shown, doubled and other public cards, Trex passes),
solve each layout exactly (double dummy) and rank the seat's legal cards by their
average over the layouts. Samples come from a seeded generator, so the same game,
seed and sample count always give the same hint.

>>> from tutor import TrixterGame
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> for a in ("trump S", "bid 1", "bid 0", "bid 1", "bid 0"):
...     g.apply(a)
>>> g.to_move, g.bids[2], str(g.hands[2])
(2, 0, '.7.A.7')
>>> h = hint(g, samples=20, seed=1)
>>> h.explain()
'7♥ makes your bid in 30% of layouts; A♦ in 10%.'
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.engine.actions import Pass, Play
from tutor.engine.cards import FULL_MASK, JOKER, Card, CardSet, Suit
from tutor.engine.protocol import Phase
from tutor.engine.tricks import led_suit
from tutor.solver.goals import AvoidCards, Exactly, MaxTricks, MinPenalty
from tutor.solver.position import Position
from tutor.solver.search import solve

__all__ = ["View", "view_of", "sample_layouts", "hint", "Hint", "CardHint",
           "advise_bid", "bid_advice", "BidAdvice"]


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
    """Everything ``seat`` may infer about the other hands in the game as it stands.

    Read from the table's public facts only (the cards played and shown, the actions
    taken, the rules): never from another seat's hand."""
    n = game.n_players
    obs = game.observe(seat)
    hand = game.hands[seat]
    excluded = [0] * n
    actions = game.deal_actions
    jokers_played = 0
    if game.phase == Phase.TREX:
        played = _trex_inferences(actions, excluded)
    else:
        played, jokers_played = _trick_inferences(game, actions, excluded)
    known = [CardSet() for _ in range(n)]
    for s, cards in obs.get("public", {}).items():
        known[int(s)] = CardSet(Card.parse(c) for c in cards)
    if obs["game"] == "trix" and game.deal_number == 1 and obs["owner_by_seven"]:
        # The 7♥ decided the first owner (RULES.md A1): the owner was dealt it. (A
        # lesson or class set may name the owner instead.)
        known[obs["owner"]] = known[obs["owner"]].add(Card.parse("7H"))
    seen = played | hand
    for s in range(n):
        known[s] = CardSet() if s == seat else known[s] - played
        seen = seen | known[s]
    pool = [c for c in CardSet.deck() if c not in seen]
    pool += [JOKER] * (getattr(game, "jokers", 0) - jokers_played - hand.jokers)
    hidden = [0 if s == seat else obs["hand_counts"][s] - len(known[s]) for s in range(n)]
    undealt = len(pool) - sum(hidden)
    if undealt < 0:  # pragma: no cover - the engine keeps counts consistent
        raise ValueError("the table's card counts do not add up")
    # Trix's round of doubles and claims infers nothing: it visits every player and each
    # turn ends only when the player says so (RULES.md A5), so a decline shows no card,
    # and a double shows its card, which is public already (``known``).
    return View(seat=seat, hand=hand, pool=pool, counts=hidden, known=known,
                excluded=excluded, undealt=undealt)


def _trick_inferences(game, actions, excluded: list[int]) -> tuple[CardSet, int]:
    """Cards played to tricks this hand, and what each play proves about the hand it
    came from: not following shows a void; a joker led shows a hand of only jokers;
    Trix's lead and discard constraints show more (RULES.md A2, B3)."""
    n = game.n_players
    rules = game.rules
    contract = getattr(game, "contract", None)
    no_lead = penalties = 0
    if contract is not None:
        from tutor.engine.trix.contracts import discard_duty, lead_ban

        no_lead = lead_ban(contract, rules).mask
        penalties = discard_duty(contract, rules).mask
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
    from tutor.engine.trix.trex import Layout

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


# --- hints ------------------------------------------------------------------------
@dataclass(frozen=True)
class CardHint:
    """One legal card over the sampled layouts: its mean goal value and the share of
    layouts in which it is one of the best cards."""

    card: Card
    mean: float
    best_in: float
    tricks: float | None = None  # tricks it takes on average, when that ranked the cards


@dataclass
class Hint:
    """The seat's legal cards ranked best first, with a line for a learner."""

    seat: int
    goal: object
    kind: str  # "chance" (Exactly), "points" (MinPenalty), "place" (TrexPlace)
    cards: list[CardHint]
    samples: int
    seconds: float
    team: bool = False

    @property
    def best(self) -> Card | None:
        """The card to play (``None`` when there is nothing to choose)."""
        return self.cards[0].card if self.cards else None

    def explain(self) -> str:
        """One line: the best card and the worst, in numbers a learner reads."""
        if not self.cards:
            return ("No card of yours fits the layout: you must pass." if self.kind == "place"
                    else "There is no card to choose here.")
        best, worst = self.cards[0], self.cards[-1]
        b, w = best.card.symbol(), worst.card.symbol()
        if self.kind == "chance":
            what = "your bid" if not self.team else "your team's bid"
            if len(self.cards) == 1:
                return f"{b} is your only card: it makes {what} in {_pct(best.mean)} of layouts."
            if best.tricks is not None:
                most = best.tricks >= worst.tricks
                return (f"No card makes {what} surer (it holds in {_pct(best.mean)} of "
                        f"layouts); {b} comes closest, taking the {'most' if most else 'fewest'}"
                        f" tricks: {best.tricks:.1f} on average, {w} {worst.tricks:.1f}.")
            if best.mean == worst.mean:
                return f"Every card makes {what} in {_pct(best.mean)} of layouts."
            return f"{b} makes {what} in {_pct(best.mean)} of layouts; {w} in {_pct(worst.mean)}."
        if self.kind == "points":
            whose = "your team" if self.team else "you"
            if len(self.cards) == 1:
                return f"{b} is your only card: {_points(best.mean, whose)} on average."
            if best.mean == worst.mean:
                return f"Every card {_points(best.mean, whose, verb='gives')} on average."
            return (f"{b} {_points(best.mean, whose)} on average; "
                    f"{w} {_points(worst.mean, whose, short=True)}.")
        # Trex: a seat's place (1 = first out); a team's sum of places, read as points.
        if self.team:
            if best.mean == worst.mean:
                return f"Every card wins your team {_trex_points(best.mean)} on average."
            return (f"{b} wins your team {_trex_points(best.mean)} on average; "
                    f"{w} {_trex_points(worst.mean)}.")
        if best.mean == worst.mean:
            return (f"Against all three playing together, every card finishes you "
                    f"{_place(best.mean)} on average.")
        return (f"{b} finishes you {_place(best.mean)} on average; "
                f"{w} {_place(worst.mean)}.")


def _trex_points(places: float) -> str:
    """A team's Trex points from the sum of its two places (RULES.md A3)."""
    from tutor.engine.trix.contracts import trex_team_points

    return f"{round(trex_team_points(places, 2))} points"


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _points(mean: float, whose: str, verb: str = "", short: bool = False) -> str:
    v = round(mean)
    if v < 0:
        return f"{abs(v)}" if short else f"costs {whose} {abs(v)} points"
    if v == 0:
        return "0" if short else f"costs {whose} nothing"
    return f"+{v}" if short else f"gains {whose} {v} points"


def _place(mean: float) -> str:
    return f"in place {mean:.1f}"


def _side(game, seat: int) -> int | tuple[int, int]:
    if getattr(getattr(game, "rules", None), "partnership", False):
        return (seat, (seat + 2) % 4)
    return seat


def default_goal(game, seat: int):
    """The goal a learner at ``seat`` plays for now: the bid in Trixter, the fewest
    penalty points in a Trix trick contract, the best place in Trex."""
    if game.phase == Phase.PLAY:
        if hasattr(game, "bids"):
            bid = game.bids[seat]
            if bid is None:
                raise ValueError("this seat has no bid to play for")
            return Exactly(seat, bid)
        return MinPenalty.from_rules(_side(game, seat), game.contract, game.doubles, game.rules)
    if game.phase == Phase.TREX:
        from tutor.solver.goals import TrexPlace

        return TrexPlace(_side(game, seat))
    raise ValueError(f"no card to choose in phase {game.phase.value}")


def _kind(goal) -> str:
    if isinstance(goal, (Exactly, AvoidCards)):
        return "chance"
    if isinstance(goal, (MinPenalty, MaxTricks)):
        return "points"
    return "place"


def _position(game, hands: Sequence[CardSet]):
    if game.phase == Phase.TREX:
        from tutor.solver.trex import TrexPosition

        return TrexPosition.from_game(game, hands=hands)
    return Position.from_game(game, hands=hands)


def hint(game, seat: int | None = None, *, goal=None, samples: int = 20,
         seconds: float | None = None, seed: int = 0, max_nodes: int | None = None) -> Hint:
    """Rank the legal cards of ``seat`` (default: the seat to move, which must be it)
    over ``samples`` layouts consistent with what the seat has seen.

    ``seconds`` time-boxes the work (at least two layouts are always solved); with it
    the hint is still reproducible for the number of layouts it reports. Lower is
    better for a Trex place; higher for everything else. ``max_nodes`` caps each
    layout's solve: :class:`~tutor.solver.search.SearchLimit` if one needs more."""
    start = time.perf_counter()
    if seat is None:
        seat = game.to_move
    if seat is None or seat != game.to_move:
        raise ValueError("a hint is for the seat to move")
    if goal is None:
        goal = default_goal(game, seat)
    kind = _kind(goal)
    rng = random.Random(f"{seed}/pimc")
    layouts = []
    rows: dict[Card, list] = {}
    for hands in sample_layouts(view_of(game, seat), samples, rng):
        layouts.append(hands)
        _add(rows, solve(_position(game, hands), goal, max_nodes=max_nodes))
        if seconds is not None and len(layouts) >= 2 and time.perf_counter() - start > seconds:
            break
    cards = _ranked(rows, len(layouts), lower_is_better=kind == "place")
    if kind == "chance" and len(cards) > 1 and cards[0].mean == cards[-1].mean < 1 \
            and isinstance(goal, Exactly):
        cards = _closest(game, seat, goal, layouts, cards[0].mean, max_nodes)
    return Hint(seat=seat, goal=goal, kind=kind, cards=cards, samples=len(layouts),
                seconds=time.perf_counter() - start,
                team=not isinstance(getattr(goal, "seat", 0), int))


def _closest(game, seat: int, goal: Exactly, layouts, chance: float,
             max_nodes: int | None = None) -> list[CardHint]:
    """When every card is as good for the bid itself, rank them by how close they
    bring the seat to it: the most tricks while short of the bid, else the fewest."""
    short = game.tricks_won[seat] < goal.n
    rows: dict[Card, list] = {}
    for hands in layouts:
        _add(rows, solve(_position(game, hands), _tricks_goal(seat, short),
                         max_nodes=max_nodes))
    return [CardHint(c.card, chance, c.best_in, tricks=_tricks(c.mean, short))
            for c in _ranked(rows, len(layouts), lower_is_better=False)]


def _tricks_goal(seat: int, most: bool):
    """The most tricks ``seat`` can take, or (as Ltoosh penalties) the fewest it can be
    held to, against all the others."""
    return MaxTricks(seat) if most else MinPenalty(seat, "ltoosh")


def _tricks(value: float, most: bool) -> float:
    from tutor.engine.trix.contracts import Contract, trick_points

    return value if most else value / trick_points([Contract.LTOOSH])


def _add(rows: dict[Card, list], result) -> None:
    """Add one layout's values: a running total and a count of layouts where best."""
    for c, v in result.by_card.items():
        row = rows.setdefault(c, [0, 0])
        row[0] += v
        row[1] += v == result.value


def _ranked(rows: dict[Card, list], samples: int, lower_is_better: bool) -> list[CardHint]:
    sign = 1 if lower_is_better else -1
    order = sorted(rows, key=lambda c: (sign * rows[c][0], -rows[c][1], c))
    return [CardHint(c, rows[c][0] / samples, rows[c][1] / samples) for c in order]


# --- the Trixter bid advisor --------------------------------------------------------
# The advisor is the advice engine's (:func:`tutor.advice.bid_distribution`): the
# distribution of the tricks the hand takes when every seat plays for its own bid (it sums
# to 1) and each bid's expected score from it. These names stay for their callers.
from tutor.advice import BidDistribution as BidAdvice  # noqa: E402


def bid_advice(hand: CardSet | str, trump: Suit | str | None, players: int = 4, *,
               seat: int = 0, leader: int = 0, rules=None, bids: Sequence[int] | None = None,
               samples: int | None = None, seconds: float | None = None, seed: int = 0,
               max_nodes: int | None = None) -> BidAdvice:
    """Advise a Trixter bid for ``hand`` (at ``seat``, with ``leader`` to lead the first
    trick) over ``samples`` layouts of the other hands (default: the advice engine's
    budget): for each bid, the chance of each
    number of tricks when the hand plays for it (``by_bid[n]``, summing to 1;
    ``chance[n]`` is the chance of making bid ``n``), each bid's expected score from it
    with ``rules.score`` (``expected``), the best bid and its distribution (``tricks``).
    ``max_nodes`` is accepted for old callers and unused (no exact solve is needed).

    >>> a = bid_advice("AK.A..", "S", players=4, samples=6)
    >>> a.tricks, a.best_bid
    ([0.0, 0.0, 0.0, 1.0], 3)
    """
    from tutor.advice import bid_distribution

    return bid_distribution(hand, trump, seat=seat, players=players, leader=leader,
                            rules=rules, bids=bids, seconds=seconds, seed=seed,
                            samples=samples)


def advise_bid(game, seat: int | None = None, **kw) -> BidAdvice:
    """Bid advice for ``seat`` of a Trixter game in its bidding (the seat to move by
    default): its hand, the trump named, the bids said and the first leader come from the
    table, and only the bids the seat may make are considered (the hook, if on)."""
    from tutor.engine.actions import Bid
    from tutor.advice import bid_distribution

    if seat is None:
        seat = game.to_move
    if not hasattr(game, "bids") or game.phase not in (Phase.BID, Phase.TRUMP, Phase.PLAY) \
            or game.tricks or game.trick:
        raise ValueError("bid advice is for a Trixter hand before its first trick")
    trump = kw.pop("trump", game.trump if game.phase != Phase.TRUMP else None)
    samples = kw.pop("samples", None)  # None: the advice engine's own budget
    kw.pop("max_nodes", None)
    legal = [a.n for a in game.legal_actions(seat) if isinstance(a, Bid)]
    return bid_distribution(game, trump, seat=seat, bids=legal or None, samples=samples, **kw)
