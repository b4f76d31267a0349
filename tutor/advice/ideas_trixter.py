"""The ideas of Trixter, each with its detector (:mod:`tutor.advice.ideas`), in priority order.

A detector reads the seat's view (its hand, the public tricks, the bids, the trump) and the
advice's own numbers: ``features[option]["trick"]`` (the seat takes the trick the choice
plays to or leads, on each of the option's iterations), ``["made"]`` (the bid made), and for
a bid ``advice.tricks`` (the chance of each trick count). It names its idea only when those
numbers bear it out, and says them in the learner's words (:func:`tutor.advice.ideas.share`).

>>> [i.name for i in IDEAS][:3]
['last-cheapest-winner', 'last-highest-loser', 'joker-duck']
>>> len(IDEAS) == len(DETECTORS) >= 14
True
"""

from __future__ import annotations

from tutor.advice.ideas import Detector, Idea, Reason, mean, share
from tutor.engine.actions import Bid, ChooseTrump, Play
from tutor.engine.cards import Card, CardSet, Rank, Suit
from tutor.engine.protocol import Phase
from tutor.engine.tricks import led_suit, trick_winner
from tutor.facts import plural, signed

__all__ = ["IDEAS", "DETECTORS", "often"]

CLEAR = 0.15
"""How much more often the best choice must do a thing than the next best for an idea to
rest on it: a trick share 15 points above (or below) the other's."""

LEAN = 0.05
"""A smaller gap in trick share, enough when the bid made agrees with it."""

MADE = 0.03
"""How much more often the best choice must make the bid than the next best for an idea
that rests on the bid made (3 points: the two shares the learner reads differ)."""


def often(xs) -> str:
    """How often a thing happened over the iterations, as a learner reads it.

    >>> often([1, 0, 1, 1]), often([1] * 300), often([0] * 300)
    ('75% of the time', 'almost always', 'almost never')
    """
    s = share(xs)
    return s if s.startswith("almost") else f"{s} of the time"


# --- what a seat may know ------------------------------------------------------------------
def _played(view) -> CardSet:
    """The cards played so far this hand (public)."""
    return CardSet(c for t in (*view.tricks, view.trick) for _, c in t if not c.is_joker)


def _unseen(view) -> CardSet:
    """The cards the seat has not seen: in another hand or not dealt."""
    return CardSet.deck() - view.hand - _played(view)


def _need(view) -> int | None:
    """Tricks the seat still needs for its bid (``None`` before it has bid)."""
    bid = view.bids[view.seat] if view.bids else None
    return None if bid is None else bid - view.tricks_won[view.seat]


def _higher_out(card: Card, unseen: CardSet) -> list[Card]:
    """The unseen cards of ``card``'s suit above it, highest first."""
    return sorted((c for c in unseen.by_suit(card.suit) if c.rank > card.rank),
                  key=lambda c: -c.rank)


def _sure(card: Card, view, unseen: CardSet) -> bool:
    """A master that no trump can beat: the top trump, or the top card of a side suit when
    no trump is left out (or there is no trump)."""
    if card.is_joker or _higher_out(card, unseen):
        return False
    trump = view.trump
    return trump is None or card.suit == trump or not unseen.by_suit(trump)


def _top(view) -> Card | None:
    """The card winning the trick so far (``None`` when leading or only jokers are down)."""
    cards = [c for _, c in view.trick]
    if led_suit(cards) is None:
        return None
    return cards[trick_winner(cards, view.trump)]


def _beats(card: Card, top: Card, trump: Suit | None) -> bool:
    if card.is_joker:
        return False
    if card.suit == trump:
        return top.suit != trump or card.rank > top.rank
    return card.suit == top.suit and card.rank > top.rank


def _voids(view) -> dict[int, set[Suit]]:
    """The suits each seat has shown void in: it did not follow the suit led (a joker
    counts, being playable only when void)."""
    out: dict[int, set[Suit]] = {}
    for trick in (*view.tricks, view.trick):
        led = None
        for s, c in trick:
            if led is None:
                led = None if c.is_joker else c.suit
                continue
            if c.is_joker or c.suit != led:
                out.setdefault(s, set()).add(led)
    return out


def _after(view) -> list[int]:
    """The seats still to play to this trick after the seat, in order."""
    n = view.n_players
    return [(view.seat + i) % n for i in range(1, n - len(view.trick))]


def _suit_word(suit: Suit) -> str:
    return suit.name.lower()


# --- the advice's numbers -------------------------------------------------------------------
def _fx(advice, option, name: str) -> list[float]:
    return advice.features.get(str(option.action), {}).get(name, [])


def _pair(advice):
    """The best option and the next best."""
    return advice.options[0], advice.options[1]


def _cards(advice) -> list:
    """The options that are cards, each with its card."""
    return [o for o in advice.options if isinstance(o.action, Play)]


def _playing(view, advice) -> bool:
    return view.phase == Phase.PLAY and isinstance(advice.options[0].action, Play)


def _trick(advice, option) -> list[float]:
    return _fx(advice, option, "trick")


def _lose(advice, option) -> list[float]:
    return [1 - x for x in _trick(advice, option)]


def _gap(advice, a, b) -> float:
    """How much more often option ``a`` takes the trick than ``b``."""
    return mean(_trick(advice, a)) - mean(_trick(advice, b))


def _made_gap(advice, a, b) -> float:
    return mean(_fx(advice, a, "made")) - mean(_fx(advice, b, "made"))


def _takes_more(advice, a, b) -> bool:
    """Option ``a`` takes the trick clearly more often than ``b``: by :data:`CLEAR`, or by
    :data:`LEAN` when it also makes the bid more often."""
    gap = _gap(advice, a, b)
    return gap >= CLEAR or (gap >= LEAN and _made_gap(advice, a, b) >= MADE)


def _takes_less(advice, a, b) -> bool:
    """Option ``a`` takes the trick clearly less often than ``b`` and that makes the bid
    more often, or by :data:`CLEAR`."""
    gap = _gap(advice, b, a)
    return gap >= CLEAR or (gap >= LEAN and _made_gap(advice, a, b) >= MADE)


def _sym(option) -> str:
    return option.action.card.symbol()


def _made_line(advice, best, nxt) -> str:
    """"makes your bid 64% of the time, the 9♣ 51% of the time"."""
    return (f"makes your bid {often(_fx(advice, best, 'made'))}, the {_sym(nxt)} "
            f"{often(_fx(advice, nxt, 'made'))}")


def _have(view) -> str:
    """The seat's bid is made: "you bid 0" or "you have your 2 tricks"."""
    bid = view.bids[view.seat]
    if bid == 0:
        return "you bid 0"
    return "you have your trick" if bid == 1 else f"you have your {bid} tricks"


def _card_decision(view, advice):
    """The best and next best cards and what the seat still needs, or ``None`` when this
    is not a card decision after the seat's bid."""
    if not _playing(view, advice) or not isinstance(advice.options[1].action, Play):
        return None
    need = _need(view)
    if need is None:
        return None
    best, nxt = _pair(advice)
    return best, nxt, need


def _cheap(trump: Suit | None):
    """A card's cost to spend: trumps dearest, then by rank."""
    return lambda c: (c.suit == trump, c.rank)


# --- the ideas -------------------------------------------------------------------------------
LAST_CHEAPEST = Idea("last-cheapest-winner", "trixter", ("card",), "Last to play: win cheaply",
                     "Playing last you see every card: take a trick you need with the "
                     "cheapest card that wins it.")
LAST_LOSER = Idea("last-highest-loser", "trixter", ("card",), "Last to play: lose high",
                  "Playing last with your tricks made, lose with the highest card that "
                  "still loses: one danger fewer for later.")
JOKER_DUCK = Idea("joker-duck", "trixter", ("card",), "A joker never wins",
                  "The joker can never take a trick: it is the safest card to lose one.")
RUFF = Idea("ruff", "trixter", ("card",), "Trump when void",
            "Void in the suit led, any trump beats it: the way to a trick you need.")
DISCARD = Idea("discard-high", "trixter", ("card",), "Throw the dangerous card",
               "Void with your bid made, throw a high card where it cannot win, before it "
               "is forced to win a trick later.")
VOID_RUFFS = Idea("shown-void", "trixter", ("card",), "A void seat will trump",
                  "A player who did not follow a suit is void in it and can trump it.")
KEEP_SURE = Idea("keep-sure-trick", "trixter", ("card",), "Keep a sure trick",
                 "A card nobody can beat wins later too: count it toward your bid and keep "
                 "it, instead of taking an extra trick now.")
DRAW = Idea("draw-trumps", "trixter", ("card",), "Draw trumps",
            "Leading the top trump wins and pulls the others' trumps, so your other "
            "winners stand.")
CASH = Idea("cash-winner", "trixter", ("card",), "Cash a winner",
            "Still short of your bid, lead the highest card left in its suit and take the "
            "trick.")
SINGLETON = Idea("lead-singleton", "trixter", ("card",), "Lead a singleton",
                 "Lead the only card of a suit: once void in it, you can trump it later.")
UNDER = Idea("play-under", "trixter", ("card",), "Play under a higher card still out",
             "With your tricks made, keep below a higher card still out: it takes the "
             "trick, not you.")
DUCK = Idea("duck", "trixter", ("card",), "Duck once your bid is made",
            "With your tricks made, lose every trick: play the highest card that loses.")
GIVE_LEAD = Idea("give-lead", "trixter", ("card",), "Give the lead away",
                 "With your tricks made, lead a card someone else will beat.")
WIN = Idea("win-needed", "trixter", ("card",), "Win the trick you need",
           "Still short of your bid, win a trick you can, as cheaply as you can.")
HOOK = Idea("hook", "trixter", ("bid",), "The hook forbids a bid",
            "The last bidder may not make the bids add up to the tricks: bid the nearest "
            "number the hand can still make.")
SURE_BID = Idea("bid-sure-tricks", "trixter", ("bid",), "Count your sure tricks",
                "Cards nobody can beat, such as the top trumps, are tricks you can bid.")
ZERO = Idea("bid-zero", "trixter", ("bid",), "Bid 0 with a weak hand",
            "With no high card and no high trump a hand takes nothing: bid 0.")
MOST_OFTEN = Idea("bid-most-often", "trixter", ("bid",), "Bid what your hand takes",
                  "Bid the number of tricks your hand takes most often, playing for it.")
TRUMP_LONG = Idea("trump-longest", "trixter", ("trump",), "Name your longest suit trump",
                  "The suit you hold most of makes the most trump tricks.")
TRUMP_STRONG = Idea("trump-strongest", "trixter", ("trump",), "Name your strongest suit trump",
                    "Your high cards count double in the trump suit: nobody can trump them.")
WAIT = Idea("wait-with-winner", "trixter", ("card",), "Keep your winner for later",
            "Still short of your bid, not every trick is the one to take: lose this one and "
            "keep your winner for a trick it takes more surely.")
WIN_HIGH = Idea("win-high-keep-low", "trixter", ("card",), "Win high, keep a low card",
                "Taking the trick that makes your bid, win with the higher card and keep the "
                "low one to lose with afterwards.")
LOSE_CHEAP = Idea("lose-cheaply", "trixter", ("card",), "Lose cheaply",
                  "A trick you cannot take: lose it with your cheapest card and keep the "
                  "better ones for the tricks you still need.")
SHED = Idea("shed-high", "trixter", ("card",), "Shed a high card",
            "With your tricks made and a trick lost anyway, throw the higher card while it "
            "cannot win, and keep the low one to lose with later.")
SAME = Idea("all-the-same", "trixter", ("card", "bid", "trump"), "Nothing to choose",
            "Sometimes every choice does as well: then it does not matter.")
CLOSE = Idea("close-call", "trixter", ("card", "bid", "trump"), "A close call",
             "When the best two choices do about as well, either is fine.")
KEEP_ALIVE = Idea("keep-bid-alive", "trixter", ("trump", "bid", "card"),
                  "Keep your bid alive",
                  "Pick the choice that makes your bid most often.")


def last_cheapest_winner(view, advice) -> Reason | None:
    """Last to play, short of the bid: the best card is the cheapest that wins."""
    found = _card_decision(view, advice)
    top = _top(view)
    if found is None or top is None or len(view.trick) != view.n_players - 1:
        return None
    best, nxt, need = found
    wins = [o.action.card for o in _cards(advice) if _beats(o.action.card, top, view.trump)]
    card = best.action.card
    if need <= 0 or card not in wins or card != min(wins, key=_cheap(view.trump)) \
            or _made_gap(advice, best, nxt) < MADE:
        return None
    return Reason(LAST_CHEAPEST, "You play last and still need a trick: take this one with "
                  "the cheapest card that wins it.",
                  f"You play last and still need {plural(need, 'trick')}: the "
                  f"{card.symbol()} is the cheapest card that takes this trick, and it "
                  f"{_made_line(advice, best, nxt)}.")


def last_highest_loser(view, advice) -> Reason | None:
    """Last to play with the bid made: the best card is the highest that loses."""
    found = _card_decision(view, advice)
    top = _top(view)
    if found is None or top is None or len(view.trick) != view.n_players - 1:
        return None
    best, nxt, need = found
    card = best.action.card
    losers = [o.action.card for o in _cards(advice)
              if not o.action.card.is_joker and not _beats(o.action.card, top, view.trump)]
    if need != 0 or card not in losers or _gap(advice, nxt, best) < CLEAR:
        return None
    if card != max(losers, key=lambda c: (c.suit != view.trump, c.rank)):
        return None
    return Reason(LAST_LOSER, "You play last and need no more tricks: lose this one with "
                  "the highest card that still loses.",
                  f"You play last and {_have(view)}: the {card.symbol()} is the highest card "
                  f"that loses this trick, while the {_sym(nxt)} takes it "
                  f"{often(_trick(advice, nxt))}.")


def joker_duck(view, advice) -> Reason | None:
    """The bid made: the best card is a joker, which never wins."""
    found = _card_decision(view, advice)
    if found is None:
        return None
    best, nxt, need = found
    if need != 0 or not best.action.card.is_joker or _gap(advice, nxt, best) < CLEAR:
        return None
    return Reason(JOKER_DUCK, "You need no more tricks: play the one card that can never "
                  "win one.",
                  f"{_have(view).capitalize()}: throw the joker, which never wins, while the "
                  f"{_sym(nxt)} would take this trick {often(_trick(advice, nxt))}.")


def ruff(view, advice) -> Reason | None:
    """Void in the suit led and short of the bid: the best card is a trump that wins."""
    found = _card_decision(view, advice)
    led = view.led_suit
    if found is None or led is None or view.trump is None or view.hand.by_suit(led):
        return None
    best, nxt, need = found
    card = best.action.card
    if need <= 0 or card.is_joker or card.suit != view.trump \
            or _gap(advice, best, nxt) < CLEAR:
        return None
    return Reason(RUFF, "You cannot follow suit and still need tricks: a trump can win "
                  "this one.",
                  f"You have no {_suit_word(led)} and still need {plural(need, 'trick')}: "
                  f"trump with the {card.symbol()}, which takes this trick "
                  f"{often(_trick(advice, best))}, the {_sym(nxt)} "
                  f"{often(_trick(advice, nxt))}.")


def discard_high(view, advice) -> Reason | None:
    """Void with the bid made: the best card is a high side card thrown where it loses."""
    found = _card_decision(view, advice)
    led = view.led_suit
    if found is None or led is None or view.hand.by_suit(led):
        return None
    best, nxt, need = found
    card = best.action.card
    if need != 0 or card.is_joker or card.suit == view.trump:
        return None
    unseen = _unseen(view)
    high = card.rank >= Rank.JACK or len(_higher_out(card, unseen)) <= 1
    side = [c for c in view.hand if not c.is_joker and c.suit != view.trump]
    if not high or card != max(side, key=lambda c: c.rank) \
            or mean(_trick(advice, best)) > 0.1 or _made_gap(advice, best, nxt) < MADE:
        return None
    top_left = "" if _higher_out(card, unseen) else \
        f", the highest {_suit_word(card.suit)[:-1]} left,"
    return Reason(DISCARD, "You cannot follow suit and need no more tricks: throw away "
                  "the high card that could win one later.",
                  f"You have no {_suit_word(led)} and {_have(view)}: throw the "
                  f"{card.symbol()}{top_left} now, where it cannot win; that "
                  f"{_made_line(advice, best, nxt)}.")


def shown_void(view, advice) -> Reason | None:
    """A seat still to play has shown void in the suit and can trump: the best card keeps
    off that suit while tricks are needed, or plays into it once the bid is made."""
    found = _card_decision(view, advice)
    if found is None or view.trump is None:
        return None
    best, nxt, need = found
    voids = _voids(view)
    led = view.led_suit

    def ruffer(card: Card) -> int | None:
        suit = led if led is not None else card.suit
        if card.is_joker or suit is None or suit == view.trump:
            return None
        return next((s for s in _after(view) if suit in voids.get(s, ())
                     and view.trump not in voids.get(s, ())), None)

    if need > 0 and _gap(advice, best, nxt) >= CLEAR and ruffer(nxt.action.card) is not None:
        s, card, other = ruffer(nxt.action.card), best.action.card, nxt.action.card
        return Reason(VOID_RUFFS, "Someone still to play has shown a void: a card of that "
                      "suit can be trumped.",
                      f"{view.players[s]} has shown void in {_suit_word(other.suit)} and "
                      f"can trump: play the {card.symbol()}, which takes this trick "
                      f"{often(_trick(advice, best))}, the {other.symbol()} "
                      f"{often(_trick(advice, nxt))}.")
    if need == 0 and _gap(advice, nxt, best) >= CLEAR and ruffer(best.action.card) is not None:
        s, card = ruffer(best.action.card), best.action.card
        suit = led if led is not None else card.suit
        return Reason(VOID_RUFFS, "Someone still to play has shown a void: let them trump "
                      "this trick.",
                      f"{view.players[s]} has shown void in {_suit_word(suit)} and can trump: "
                      f"play the {card.symbol()}, which takes this trick "
                      f"{often(_trick(advice, best))}, the {_sym(nxt)} "
                      f"{often(_trick(advice, nxt))}.")
    return None


def keep_sure_trick(view, advice) -> Reason | None:
    """Short of the bid with a sure trick in hand: the best card keeps it for later."""
    found = _card_decision(view, advice)
    if found is None:
        return None
    best, nxt, need = found
    unseen = _unseen(view)
    card = best.action.card
    sure = [c for c in view.hand if c != card and _sure(c, view, unseen)]
    if need <= 0 or not sure or _sure(card, view, unseen) or _made_gap(advice, best, nxt) < MADE:
        return None
    names = " and ".join(c.symbol() for c in sure[:need])
    is_are = "is a sure trick" if len(sure[:need]) == 1 else "are sure tricks"
    if nxt.action.card in sure:  # the other choice spends the sure trick now
        return Reason(KEEP_SURE, "A card nobody can beat wins later too: keep it for your "
                      "bid.",
                      f"Your {nxt.action.card.symbol()} is a sure trick: keep it for your "
                      f"bid and play the {card.symbol()}, which {_made_line(advice, best, nxt)}.")
    if len(sure) == need and _gap(advice, nxt, best) >= CLEAR:  # they are all it needs
        return Reason(KEEP_SURE, "Your sure tricks are all you need: do not take this one.",
                      f"Your {names} {is_are} and all you need: play the {card.symbol()}, "
                      f"which takes this trick {often(_trick(advice, best))}, the "
                      f"{_sym(nxt)} {often(_trick(advice, nxt))}.")
    return None


def draw_trumps(view, advice) -> Reason | None:
    """Leading short of the bid: the best card is the top trump, with trumps still out."""
    found = _card_decision(view, advice)
    if found is None or view.trick or view.trump is None:
        return None
    best, nxt, need = found
    card = best.action.card
    unseen = _unseen(view)
    if need <= 0 or card.is_joker or card.suit != view.trump or _higher_out(card, unseen) \
            or not unseen.by_suit(view.trump) or _made_gap(advice, best, nxt) < MADE:
        return None
    return Reason(DRAW, "Lead your top trump: it wins and pulls the others' trumps, so "
                  "your other winners stand.",
                  f"Lead the {card.symbol()}, the top trump: it takes this trick "
                  f"{often(_trick(advice, best))} and draws the others' trumps, and it "
                  f"{_made_line(advice, best, nxt)}.")


def cash_winner(view, advice) -> Reason | None:
    """Leading short of the bid: the best card is the highest left of a side suit, and it
    takes this trick."""
    found = _card_decision(view, advice)
    if found is None or view.trick:
        return None
    best, nxt, need = found
    card = best.action.card
    if need <= 0 or card.is_joker or card.suit == view.trump \
            or _higher_out(card, _unseen(view)) \
            or mean(_trick(advice, best)) < 0.8 or _made_gap(advice, best, nxt) < MADE:
        return None
    return Reason(CASH, "You still need tricks: take one with the highest card left in "
                  "its suit.",
                  f"Your {card.symbol()} is the highest {_suit_word(card.suit)[:-1]} left: "
                  f"cash it now, it takes this trick {often(_trick(advice, best))} and "
                  f"{_made_line(advice, best, nxt)}.")


def lead_singleton(view, advice) -> Reason | None:
    """Leading short of the bid with trumps: the best card is a side singleton."""
    found = _card_decision(view, advice)
    if found is None or view.trick or view.trump is None:
        return None
    best, nxt, need = found
    card = best.action.card
    if need <= 0 or card.is_joker or card.suit == view.trump or len(view.hand) < 3 \
            or len(view.hand.by_suit(card.suit)) != 1 or not view.hand.by_suit(view.trump) \
            or _made_gap(advice, best, nxt) < MADE:
        return None
    return Reason(SINGLETON, "Lead the only card of a suit: once void in it, you can trump "
                  "it.",
                  f"Lead your singleton {card.symbol()}: once void in "
                  f"{_suit_word(card.suit)} you can trump them, and it "
                  f"{_made_line(advice, best, nxt)}.")


def play_under(view, advice) -> Reason | None:
    """Bid made, following with a card that beats the table but not a higher one still
    out behind: the best card keeps under it."""
    found = _card_decision(view, advice)
    top = _top(view)
    if found is None or top is None or len(view.trick) == view.n_players - 1:
        return None
    best, nxt, need = found
    card = best.action.card
    if need != 0 or card.is_joker or card.suit != view.led_suit \
            or not _beats(card, top, view.trump) or _gap(advice, nxt, best) < CLEAR:
        return None
    higher = _higher_out(card, _unseen(view))
    if not higher or (view.trump is not None and card.suit != view.trump
                      and top.suit == view.trump):
        return None
    return Reason(UNDER, "A higher card of the suit is still out: play under it and let it "
                  "take the trick.",
                  f"The {higher[0].symbol()} is still out: play the {card.symbol()} under "
                  f"it, which takes this trick {often(_trick(advice, best))}, the "
                  f"{_sym(nxt)} {often(_trick(advice, nxt))}.")


def duck(view, advice) -> Reason | None:
    """Bid made, following: the best card loses the trick that the next best would take."""
    found = _card_decision(view, advice)
    if found is None or _top(view) is None:
        return None
    best, nxt, need = found
    if need != 0 or mean(_trick(advice, best)) > 0.25 or not _takes_less(advice, best, nxt):
        return None
    card = best.action.card
    return Reason(DUCK, "You need no more tricks: lose this one with the highest card "
                  "that loses.",
                  f"{_have(view).capitalize()}: the {card.symbol()} loses this trick "
                  f"{often(_lose(advice, best))}; the {_sym(nxt)} takes it "
                  f"{often(_trick(advice, nxt))} and puts you over your bid.")


def give_lead(view, advice) -> Reason | None:
    """Leading with the bid made: the best card is one another seat beats."""
    found = _card_decision(view, advice)
    if found is None or view.trick:
        return None
    best, nxt, need = found
    if need != 0 or mean(_trick(advice, best)) > 0.3 or not _takes_less(advice, best, nxt):
        return None
    return Reason(GIVE_LEAD, "You need no more tricks: lead a card someone else will beat.",
                  f"{_have(view).capitalize()}: lead the {_sym(best)} and let another "
                  f"player take this trick (you take it {often(_trick(advice, best))}, "
                  f"with the {_sym(nxt)} {often(_trick(advice, nxt))}).")


def wait_with_winner(view, advice) -> Reason | None:
    """Short of the bid: the best card takes this trick clearly less often than the next
    best, a likely winner, and makes the bid more often."""
    found = _card_decision(view, advice)
    if found is None:
        return None
    best, nxt, need = found
    if need <= 0 or nxt.action.card.is_joker or mean(_trick(advice, nxt)) < 0.3 \
            or _gap(advice, nxt, best) < CLEAR or _made_gap(advice, best, nxt) < MADE:
        return None
    return Reason(WAIT, "You still need a trick, but not necessarily this one: keep your "
                  "winner for later.",
                  f"You still need {plural(need, 'trick')}: keep the {_sym(nxt)} for later and "
                  f"play the {_sym(best)} now; the {_sym(best)} "
                  f"{_made_line(advice, best, nxt)}.")


def win_high_keep_low(view, advice) -> Reason | None:
    """One trick short: both cards take this trick, the best is the higher one."""
    found = _card_decision(view, advice)
    if found is None:
        return None
    best, nxt, need = found
    card, other = best.action.card, nxt.action.card
    if need != 1 or card.is_joker or other.is_joker or card.suit != other.suit \
            or card.rank <= other.rank \
            or mean(_trick(advice, best)) < 0.5 or _gap(advice, nxt, best) > LEAN \
            or _made_gap(advice, best, nxt) < MADE:
        return None
    return Reason(WIN_HIGH, "This trick makes your bid: take it with the higher card and "
                  "keep the low one to lose with.",
                  f"This trick makes your bid: take it with the {card.symbol()} and keep the "
                  f"lower {other.symbol()} to lose with later; the "
                  f"{card.symbol()} {_made_line(advice, best, nxt)}.")


def win_needed(view, advice) -> Reason | None:
    """Short of the bid: the best card takes the trick clearly more often."""
    found = _card_decision(view, advice)
    if found is None:
        return None
    best, nxt, need = found
    share_best = mean(_trick(advice, best))
    if need <= 0 or share_best < 0.3 or not _takes_more(advice, best, nxt):
        return None
    card = best.action.card
    near = [o.action.card for o in _cards(advice)
            if mean(_trick(advice, o)) >= share_best - 0.05 and not o.action.card.is_joker]
    cheapest = len(near) > 1 and card == min(near, key=_cheap(view.trump))
    how = "the cheapest card that takes" if cheapest else "the card that most often takes"
    return Reason(WIN, "You still need a trick: win this one as cheaply as you can.",
                  f"You still need {plural(need, 'trick')}: the {card.symbol()} is {how} "
                  f"this trick, {often(_trick(advice, best))}; the {_sym(nxt)} "
                  f"{often(_trick(advice, nxt))}.")


# --- bids and trumps ----------------------------------------------------------------------
def _bid_decision(view, advice):
    """The best bid and the chance of each trick count playing for it, or ``None``."""
    best = advice.options[0].action
    if view.phase != Phase.BID or not isinstance(best, Bid) or not advice.tricks:
        return None
    return best.n, advice.tricks


def _most(tricks: list[float]) -> int:
    """The trick count the hand takes most often (the lower on a tie)."""
    return max(range(len(tricks)), key=lambda k: (tricks[k], -k))


def _exactly(n: int) -> str:
    return "no trick" if n == 0 else f"exactly {plural(n, 'trick')}"


def _chance(p: float) -> str:
    return often([p])  # one number, already a share


def _both_lose(view, advice):
    """A card decision after the bid where neither of the best two takes the trick (10% of
    the time at most): the two and what the seat still needs, else ``None``."""
    found = _card_decision(view, advice)
    if found is None:
        return None
    best, nxt, need = found
    if best.action.card.is_joker or nxt.action.card.is_joker \
            or max(mean(_trick(advice, best)), mean(_trick(advice, nxt))) > 0.1 \
            or _made_gap(advice, best, nxt) < MADE:
        return None
    return found


def lose_cheaply(view, advice) -> Reason | None:
    """Short of the bid, a trick neither card takes: the best is the cheaper one."""
    found = _both_lose(view, advice)
    if found is None:
        return None
    best, nxt, need = found
    cost = _cheap(view.trump)
    if need <= 0 or cost(best.action.card) >= cost(nxt.action.card):
        return None
    return Reason(LOSE_CHEAP, "This trick is not yours either way: lose it cheaply and keep "
                  "your better cards.",
                  f"Neither card is likely to take this trick: play the cheaper "
                  f"{_sym(best)} and keep the {_sym(nxt)} for the {plural(need, 'trick')} "
                  f"you still need; the {_sym(best)} {_made_line(advice, best, nxt)}.")


def shed_high(view, advice) -> Reason | None:
    """The bid made, a trick neither card takes: the best is the higher one."""
    found = _both_lose(view, advice)
    if found is None:
        return None
    best, nxt, need = found
    card, other = best.action.card, nxt.action.card
    trump = card.suit == view.trump != other.suit
    if need != 0 or not (trump or (card.rank > other.rank and other.suit != view.trump)):
        return None
    return Reason(SHED, "You need no more tricks and this one is lost anyway: shed a high "
                  "card while it cannot win.",
                  f"{_have(view).capitalize()} and neither card is likely to take this "
                  f"trick: play the {'trump' if trump else 'higher'} {_sym(best)} now and "
                  f"keep the {_sym(nxt)} to lose with later; the {_sym(best)} "
                  f"{_made_line(advice, best, nxt)}.")


def hook(view, advice) -> Reason | None:
    """The last bidder under the hook: the count the hand takes most often is forbidden."""
    found = _bid_decision(view, advice)
    if found is None or view.seat != view.last_bidder:
        return None
    n, tricks = found
    others = sum(b for s, b in enumerate(view.bids) if s != view.seat and b is not None)
    banned = view.rules.forbidden_bid(view.hand_size, others)
    if banned is None or _most(tricks) != banned or n == banned:
        return None
    return Reason(HOOK, "You bid last and the hook forbids one bid: pick the best bid "
                  "left.",
                  f"The hook forbids bid {banned}, the number of tricks your hand takes "
                  f"most often (the bids would add up to {view.hand_size}): bid {n}, the "
                  f"best bid left; playing for it your hand takes {_exactly(n)} "
                  f"{_chance(tricks[n])}.")


def _sure_cards(view) -> list[Card]:
    unseen = _unseen(view)
    return [c for c in view.hand if _sure(c, view, unseen)]


def bid_sure_tricks(view, advice) -> Reason | None:
    """The best bid is the number of sure tricks in hand, the count it takes most often."""
    found = _bid_decision(view, advice)
    if found is None:
        return None
    n, tricks = found
    sure = _sure_cards(view)
    if n == 0 or len(sure) != n or _most(tricks) != n:
        return None
    names = " and ".join(c.symbol() for c in sure)
    is_are = "is a sure trick" if n == 1 else "are sure tricks"
    return Reason(SURE_BID, "Count the cards nobody can beat: each is a trick you can bid.",
                  f"Bid {n}: your {names} {is_are}, and playing for {n} your hand takes "
                  f"{_exactly(n)} {_chance(tricks[n])}.")


def bid_zero(view, advice) -> Reason | None:
    """A weak hand: the best bid is 0, the count it takes most often."""
    found = _bid_decision(view, advice)
    if found is None:
        return None
    n, tricks = found
    high = [c for c in view.hand if not c.is_joker and (c.rank >= Rank.KING or (
        c.suit == view.trump and c.rank >= Rank.JACK))]
    if n != 0 or high or _most(tricks) != 0:
        return None
    what = "no ace, no king and no high trump" if view.trump is not None else "no ace or king"
    return Reason(ZERO, "Count your high cards and high trumps: a hand without them "
                  "takes nothing.",
                  f"Bid 0: with {what}, your hand takes no trick {_chance(tricks[0])}.")


def bid_most_often(view, advice) -> Reason | None:
    """The best bid is the trick count the hand takes most often, playing for it."""
    found = _bid_decision(view, advice)
    if found is None:
        return None
    n, tricks = found
    if _most(tricks) != n:
        return None
    return Reason(MOST_OFTEN, "Bid the number of tricks your hand takes most often.",
                  f"Bid {n}: playing for it, your hand takes {_exactly(n)} "
                  f"{_chance(tricks[n])}, more often than any other number.")


def _trump_decision(view, advice):
    best, nxt = _pair(advice)
    if not isinstance(best.action, ChooseTrump) or best.action.suit is None:
        return None
    if _made_gap(advice, best, nxt) < MADE or best.value <= nxt.value:
        return None
    return best, nxt, best.action.suit


def _other(option) -> str:
    """The next best choice as the learner names it (a trump or a bid)."""
    a = option.action
    if isinstance(a, ChooseTrump):
        return "no trump" if a.suit is None else f"{a.suit.symbol} trump"
    return f"bid {a.n}" if isinstance(a, Bid) else str(a)


def trump_longest(view, advice) -> Reason | None:
    """The best trump is the suit the hand holds most of."""
    found = _trump_decision(view, advice)
    if found is None:
        return None
    best, nxt, suit = found
    lengths = {s: len(view.hand.by_suit(s)) for s in Suit}
    if sorted(lengths.values())[-2] == lengths[suit] or lengths[suit] != max(lengths.values()):
        return None  # not longest, or tied for it
    return Reason(TRUMP_LONG, "Name as trump the suit you hold most of.",
                  f"Name {suit.symbol} trump, your longest suit "
                  f"({plural(lengths[suit], 'card')}): you make your bid "
                  f"{often(_fx(advice, best, 'made'))}, with {_other(nxt)} "
                  f"{often(_fx(advice, nxt, 'made'))}.")


def trump_strongest(view, advice) -> Reason | None:
    """The best trump is the suit with the most high cards (ace, king, queen)."""
    found = _trump_decision(view, advice)
    if found is None:
        return None
    best, nxt, suit = found
    tops = {s: [c for c in view.hand.by_suit(s) if c.rank >= Rank.QUEEN] for s in Suit}
    most = max(len(t) for t in tops.values())
    if not tops[suit] or len(tops[suit]) != most \
            or sum(len(t) == most for t in tops.values()) > 1:
        return None
    names = " ".join(c.symbol() for c in sorted(tops[suit], key=lambda c: -c.rank))
    return Reason(TRUMP_STRONG, "Name as trump the suit of your high cards: nobody can "
                  "trump them.",
                  f"Name {suit.symbol} trump, your strongest suit ({names}): you make your "
                  f"bid {often(_fx(advice, best, 'made'))}, with {_other(nxt)} "
                  f"{often(_fx(advice, nxt, 'made'))}.")


def _name(option) -> str:
    """A choice as the learner names it: ``the 8♦``, ``bid 2``, ``♥ trump``."""
    return f"the {_sym(option)}" if isinstance(option.action, Play) else _other(option)


def _close(advice, best, nxt) -> bool:
    """The two do about as well: their chances within a point, or points within 0.05."""
    if advice.kind == "chance":
        return abs(best.value - nxt.value) < 0.01
    return abs(best.value - nxt.value) < 0.05


def all_the_same(view, advice) -> Reason | None:
    """Every choice does exactly as well on the simulations."""
    best = advice.options[0]
    if any(round(o.value, 9) != round(best.value, 9) for o in advice.options):
        return None
    need = _need(view)
    if _playing(view, advice) and need is not None and need < 0:
        return Reason(SAME, "Nothing to choose here: your bid is out of reach whatever "
                      "you do.",
                      f"You have {plural(view.tricks_won[view.seat], 'trick')}, more than "
                      f"your bid of {view.bids[view.seat]}: whatever you play, the bid is "
                      f"lost.")
    made = _fx(advice, best, "made")
    if not made:
        return None
    return Reason(SAME, "Nothing to choose here: every choice does as well.",
                  f"Every choice does as well here: whatever you do, you make your bid "
                  f"{often(made)}.")


def close_call(view, advice) -> Reason | None:
    """The best two choices do about as well."""
    best, nxt = _pair(advice)
    if not _close(advice, best, nxt) or not _fx(advice, best, "made"):
        return None
    a, b = _name(best), _name(nxt)
    if advice.kind == "chance":
        line = (f"{a} makes your bid {often(_fx(advice, best, 'made'))}, {b} "
                f"{often(_fx(advice, nxt, 'made'))}")
    else:
        line = f"{a} scores {signed(best.value, 1)} points expected, {b} {signed(nxt.value, 1)}"
    return Reason(CLOSE, "A close call: your best two choices do about as well.",
                  f"A close call: {line}.")


def keep_bid_alive(view, advice) -> Reason | None:
    """The fallback: the best choice makes the bid more often, or scores more."""
    best, nxt = _pair(advice)
    if best.value <= nxt.value:
        return None
    cards = isinstance(best.action, Play) and isinstance(nxt.action, Play)
    if cards and advice.kind == "chance":
        if _made_gap(advice, best, nxt) <= 0:
            return None
        if mean(_fx(advice, best, "made")) < 0.1:
            return Reason(KEEP_ALIVE, "Your bid is hard to make now: pick the card that "
                          "still gives it a chance.",
                          f"Your bid is hard to make now: the {_sym(best)} still "
                          f"{_made_line(advice, best, nxt)}.")
        return Reason(KEEP_ALIVE, "Pick the card that keeps your bid in reach most often.",
                      f"The {_sym(best)} keeps your bid alive best: it "
                      f"{_made_line(advice, best, nxt)}.")
    made = _fx(advice, best, "made")
    if advice.kind != "points" or not made:
        return None
    return Reason(KEEP_ALIVE, "Pick the choice that scores the most, your bid made or not.",
                  f"{_name(best)[:1].upper()}{_name(best)[1:]} scores the most: "
                  f"{signed(best.value, 1)} points expected (you make your bid {often(made)}), "
                  f"{_name(nxt)} {signed(nxt.value, 1)}.")


DETECTORS: list[Detector] = [last_cheapest_winner, last_highest_loser, joker_duck, ruff,
                             discard_high, shown_void, keep_sure_trick, draw_trumps,
                             cash_winner, lead_singleton, play_under, duck, give_lead,
                             wait_with_winner, win_high_keep_low, win_needed, lose_cheaply,
                             shed_high, hook,
                             bid_sure_tricks, bid_zero, bid_most_often, trump_longest,
                             trump_strongest, all_the_same, close_call, keep_bid_alive]
IDEAS: list[Idea] = [LAST_CHEAPEST, LAST_LOSER, JOKER_DUCK, RUFF, DISCARD, VOID_RUFFS, KEEP_SURE,
                     DRAW, CASH, SINGLETON, UNDER, DUCK, GIVE_LEAD, WAIT, WIN_HIGH, WIN,
                     LOSE_CHEAP, SHED, HOOK,
                     SURE_BID, ZERO, MOST_OFTEN, TRUMP_LONG, TRUMP_STRONG, SAME, CLOSE,
                     KEEP_ALIVE]
