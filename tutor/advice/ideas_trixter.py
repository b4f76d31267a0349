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

from tutor.advice.ideas import (Decision, Detector, Idea, Reason, given, ideas_of, mean,
                                often, pair)
from tutor.engine.actions import Bid, ChooseTrump, Play
from tutor.engine.cards import Card, CardSet, Rank, Suit
from tutor.engine.protocol import Phase
from tutor.engine.tricks import led_suit, trick_winner
from tutor.engine.facts import plural, signed

__all__ = ["IDEAS", "DETECTORS", "often"]

CLEAR = 0.15
"""How much more often the best choice must do a thing than the next best for an idea to
rest on it: a trick share 15 points above (or below) the other's."""

LEAN = 0.05
"""A smaller gap in trick share, enough when the bid made agrees with it."""

MADE = 0.03
"""How much more often the best choice must make the bid than the next best for an idea
that rests on the bid made (3 points: the two shares the learner reads differ)."""


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


# --- the ideas -------------------------------------------------------------------------------
# What each idea says (by its name, or name/variant): the nudge, then the text, whose {word}
# places the decision fills in (:meth:`_Cards.words`) with the detector's own words.
_SAYS = {
    "last-cheapest-winner": (
        "You play last and still need a trick: take this one with the cheapest card that wins it.",
        "You play last and still need {need}: the {card} is the cheapest card that takes this "
        "trick, and it {made}."),
    "last-highest-loser": (
        "You play last and need no more tricks: lose this one with the highest card that still "
        "loses.",
        "You play last and {have}: the {card} is the highest card that loses this trick, while "
        "the {other} takes it {other_takes}."),
    "joker-duck": (
        "You need no more tricks: play the one card that can never win one.",
        "{Have}: throw the joker, which never wins, while the {other} would take this trick "
        "{other_takes}."),
    "ruff": (
        "You cannot follow suit and still need tricks: a trump can win this one.",
        "You have no {led} and still need {need}: trump with the {card}, which takes this trick "
        "{takes_vs}."),
    "discard-high": (
        "You cannot follow suit and need no more tricks: throw away the high card that could win "
        "one later.",
        "You have no {led} and {have}: throw the {card}{top_left} now, where it cannot win; that "
        "{made}."),
    "shown-void/ruff": (
        "Someone still to play has shown a void: a card of that suit can be trumped.",
        "{who} has shown void in {suit} and can trump: play the {card}, which takes this trick "
        "{takes_vs}."),
    "shown-void/let": (
        "Someone still to play has shown a void: let them trump this trick.",
        "{who} has shown void in {suit} and can trump: play the {card}, which takes this trick "
        "{takes_vs}."),
    "keep-sure-trick/now": (
        "A card nobody can beat wins later too: keep it for your bid.",
        "Your {other} is a sure trick: keep it for your bid and play the {card}, which {made}."),
    "keep-sure-trick/all": (
        "Your sure tricks are all you need: do not take this one.",
        "Your {names} {is_are} and all you need: play the {card}, which takes this trick "
        "{takes_vs}."),
    "draw-trumps": (
        "Lead your top trump: it wins and pulls the others' trumps, so your other winners stand.",
        "Lead the {card}, the top trump: it takes this trick {takes} and draws the others' "
        "trumps, and it {made}."),
    "cash-winner": (
        "You still need tricks: take one with the highest card left in its suit.",
        "Your {card} is the highest {suit} left: cash it now, it takes this trick {takes} and "
        "{made}."),
    "lead-singleton": (
        "Lead the only card of a suit: once void in it, you can trump it.",
        "Lead your singleton {card}: once void in {suit} you can trump them, and it {made}."),
    "play-under": (
        "A higher card of the suit is still out: play under it and let it take the trick.",
        "The {higher} is still out: play the {card} under it, which takes this trick {takes_vs}."),
    "duck": (
        "You need no more tricks: lose this one with the highest card that loses.",
        "{Have}: the {card} loses this trick {loses}; the {other} takes it {other_takes} and puts "
        "you over your bid."),
    "give-lead": (
        "You need no more tricks: lead a card someone else will beat.",
        "{Have}: lead the {card} and let another player take this trick (you take it {takes}, "
        "with the {other} {other_takes})."),
    "wait-with-winner": (
        "You still need a trick, but not necessarily this one: keep your winner for later.",
        "You still need {need}: keep the {other} for later and play the {card} now; the {card} "
        "{made}."),
    "win-high-keep-low": (
        "One more trick makes your bid: try for this one with the higher card and keep the low "
        "one to lose with.",
        "One more trick makes your bid: try for this one with the {card}, which takes it "
        "{takes}, and keep the lower {other} to lose with later; the {card} {made}."),
    "win-needed": (
        "You still need a trick: win this one as cheaply as you can.",
        "You still need {need}: the {card} is {how} this trick, {takes}; the {other} "
        "{other_takes}."),
    "lose-cheaply": (
        "This trick is not yours either way: lose it cheaply and keep your better cards.",
        "Neither card is likely to take this trick: play the cheaper {card} and keep the {other} "
        "for the {need} you still need; the {card} {made}."),
    "shed-high": (
        "You need no more tricks and this one is lost anyway: shed a high card while it cannot "
        "win.",
        "{Have} and neither card is likely to take this trick: play the {which} {card} now and "
        "keep the {other} to lose with later; the {card} {made}."),
    "hook": (
        "You bid last and the hook forbids one bid: pick the best bid left.",
        "The hook forbids bid {banned}, the number of tricks your hand takes most often (the bids "
        "would add up to {size}): bid {n}, the best bid left; playing for it your hand takes "
        "{exactly} {chance}."),
    "bid-sure-tricks": (
        "Count the cards nobody can beat: each is a trick you can bid.",
        "Bid {n}: your {names} {is_are}, and playing for {n} your hand takes {exactly} {chance}."),
    "bid-zero": (
        "Count your high cards and high trumps: a hand without them takes nothing.",
        "Bid 0: with {what}, your hand takes no trick {chance}."),
    "bid-most-often": (
        "Bid the number of tricks your hand takes most often.",
        "Bid {n}: playing for it, your hand takes {exactly} {chance}, more often than any other "
        "number."),
    "trump-longest": (
        "Name as trump the suit you hold most of.",
        "Name {suit} trump, your longest suit ({cards}): {made}."),
    "trump-strongest": (
        "Name as trump the suit of your high cards: nobody can trump them.",
        "Name {suit} trump, your strongest suit ({names}): {made}."),
    "trump-void": (
        "A weak hand plans to take nothing: name a suit you do not hold as trump.",
        "Name {suit} trump, a suit you do not hold: with {what} you plan to take nothing, "
        "and a trump of yours can never win a trick you did not want; {made}."),
    "all-the-same/lost": (
        "Nothing to choose here: your bid is out of reach whatever you do.",
        "You have {tricks}, more than your bid of {bid}: whatever you play, the bid is lost."),
    "all-the-same": (
        "Nothing to choose here: every choice does as well.",
        "Every choice does as well here: whatever you do, you make your bid {made}."),
    "close-call": (
        "A close call: your best two choices do about as well.",
        "A close call: {line}."),
    "keep-bid-alive/hard": (
        "Your bid is hard to make now: pick the card that still gives it a chance.",
        "Your bid is hard to make now: the {card} still {made}."),
    "keep-bid-alive/cards": (
        "Pick the card that keeps your bid in reach most often.",
        "The {card} keeps your bid alive best: it {made}."),
    "keep-bid-alive": (
        "Pick the choice that scores the most, your bid made or not.",
        "{Choice} scores the most: {value} points expected (you make your bid {made}), {other} "
        "{other_value}."),
}

_CATALOGUE = {  # name: (the decisions it speaks to, title, what it teaches), by priority
    "last-cheapest-winner": ("card", "Last to play: win cheaply",
                             "Playing last you see every card: take a trick you need with the "
                             "cheapest card that wins it."),
    "last-highest-loser": ("card", "Last to play: lose high",
                           "Playing last with your tricks made, lose with the highest card that "
                           "still loses: one danger fewer for later."),
    "joker-duck": ("card", "A joker never wins",
                   "The joker can never take a trick: it is the safest card to lose one."),
    "ruff": ("card", "Trump when void",
             "Void in the suit led, any trump beats it: the way to a trick you need."),
    "discard-high": ("card", "Throw the dangerous card",
                     "Void with your bid made, throw a high card where it cannot win, before it "
                     "is forced to win a trick later."),
    "shown-void": ("card", "A void seat will trump",
                   "A player who did not follow a suit is void in it and can trump it."),
    "keep-sure-trick": ("card", "Keep a sure trick",
                        "A card nobody can beat wins later too: count it toward your bid and keep "
                        "it, instead of taking an extra trick now."),
    "draw-trumps": ("card", "Draw trumps",
                    "Leading the top trump wins and pulls the others' trumps, so your other "
                    "winners stand."),
    "cash-winner": ("card", "Cash a winner",
                    "Still short of your bid, lead the highest card left in its suit and take the "
                    "trick."),
    "lead-singleton": ("card", "Lead a singleton",
                       "Lead the only card of a suit: once void in it, you can trump it later."),
    "play-under": ("card", "Play under a higher card still out",
                   "With your tricks made, keep below a higher card still out: it takes the "
                   "trick, not you."),
    "duck": ("card", "Duck once your bid is made",
             "With your tricks made, lose every trick: play the highest card that loses."),
    "give-lead": ("card", "Give the lead away",
                  "With your tricks made, lead a card someone else will beat."),
    "wait-with-winner": ("card", "Keep your winner for later",
                         "Still short of your bid, not every trick is the one to take: lose this "
                         "one and keep your winner for a trick it takes more surely."),
    "win-high-keep-low": ("card", "Win high, keep a low card",
                          "Taking the trick that makes your bid, win with the higher card and "
                          "keep the low one to lose with afterwards."),
    "win-needed": ("card", "Win the trick you need",
                   "Still short of your bid, win a trick you can, as cheaply as you can."),
    "lose-cheaply": ("card", "Lose cheaply",
                     "A trick you cannot take: lose it with your cheapest card and keep the "
                     "better ones for the tricks you still need."),
    "shed-high": ("card", "Shed a high card",
                  "With your tricks made and a trick lost anyway, throw the higher card while it "
                  "cannot win, and keep the low one to lose with later."),
    "hook": ("bid", "The hook forbids a bid",
             "The last bidder may not make the bids add up to the tricks: bid the nearest number "
             "the hand can still make."),
    "bid-sure-tricks": ("bid", "Count your sure tricks",
                        "Cards nobody can beat, such as the top trumps, are tricks you can bid."),
    "bid-zero": ("bid", "Bid 0 with a weak hand",
                 "With no high card and no high trump a hand takes nothing: bid 0."),
    "bid-most-often": ("bid", "Bid what your hand takes",
                       "Bid the number of tricks your hand takes most often, playing for it."),
    "trump-longest": ("trump", "Name your longest suit trump",
                      "The suit you hold most of makes the most trump tricks."),
    "trump-strongest": ("trump", "Name your strongest suit trump",
                        "Your high cards count double in the trump suit: nobody can trump them."),
    "trump-void": ("trump", "A weak hand names a suit it lacks",
                   "With no high cards, plan to take nothing: a trump suit you do not hold "
                   "never wins you a trick you did not want."),
    "all-the-same": ("card bid trump", "Nothing to choose",
                     "Sometimes every choice does as well: then it does not matter."),
    "close-call": ("card bid trump", "A close call",
                   "When the best two choices do about as well, either is fine."),
    "keep-bid-alive": ("trump bid card", "Keep your bid alive",
                       "Pick the choice that makes your bid most often."),
}
IDEAS: list[Idea] = ideas_of("trixter", _CATALOGUE)


class _Trixter(Decision):
    """A Trixter decision: its reasons speak from this catalogue."""

    ideas = {i.name: i for i in IDEAS}
    sentences = _SAYS


# --- the advice's numbers -------------------------------------------------------------------
def _cards(advice) -> list:
    """The options that are cards, each with its card."""
    return [o for o in advice.options if isinstance(o.action, Play)]


def _playing(view, advice) -> bool:
    return view.phase == Phase.PLAY and isinstance(advice.options[0].action, Play)


def _have(view) -> str:
    """The seat's bid is made: "you bid 0" or "you have your 2 tricks"."""
    bid = view.bids[view.seat]
    if bid == 0:
        return "you bid 0"
    return "you have your trick" if bid == 1 else f"you have your {bid} tricks"


def _cheap(trump: Suit | None):
    """A card's cost to spend: trumps dearest, then by rank."""
    return lambda c: (c.suit == trump, c.rank)


def _made_line(c: Decision) -> str:
    """"makes your bid 64% of the time, the 9♣ 51% of the time"."""
    made, other_made = c.shares("made", often)
    return f"makes your bid {made}, the {c.nxt.action.card.symbol()} {other_made}"


class _Cards(_Trixter):
    """A card decision after the seat's bid: the best two cards and the tricks still
    needed (``need``)."""

    def __init__(self, view, advice, need: int):
        super().__init__(view, advice)
        self.need = need
        self.card, self.other = self.best.action.card, self.nxt.action.card

    def trick(self, option=None) -> float:
        """How often ``option`` (the best by default) takes the trick."""
        return mean(self.fx(self.best if option is None else option, "trick"))

    def made_more(self) -> bool:
        """The best card makes the bid more often, by :data:`MADE`."""
        return self.gap("made") >= MADE

    def takes_more(self) -> bool:
        """The best takes the trick clearly more often: by :data:`CLEAR`, or by :data:`LEAN`
        when it also makes the bid more often."""
        gap = self.gap("trick")
        return gap >= CLEAR or (gap >= LEAN and self.made_more())

    def takes_less(self) -> bool:
        """The best takes the trick clearly less often, as :meth:`takes_more`."""
        gap = self.gap("trick", self.nxt, self.best)
        return gap >= CLEAR or (gap >= LEAN and self.made_more())

    def words(self) -> dict[str, str]:
        have, other = _have(self.view), self.other.symbol()
        takes, other_takes = self.shares("trick", often)
        led = self.view.led_suit
        # "X% of the time, the 9♣ Y% of the time": the best card's share, then the other's
        return {"card": self.card.symbol(), "other": other, "need": plural(self.need, "trick"),
                "have": have, "Have": have.capitalize(), "takes": takes,
                "other_takes": other_takes, "takes_vs": f"{takes}, the {other} {other_takes}",
                "made": _made_line(self),
                "led": "" if led is None else _suit_word(led)}


def _card_decision(view, advice) -> _Cards | None:
    """A card decision after the seat's bid, else ``None``."""
    if not _playing(view, advice) or not isinstance(advice.options[1].action, Play):
        return None
    need = _need(view)
    return None if need is None else _Cards(view, advice, need)


def _last(view, advice) -> _Cards | None:
    """A card decision after the bid, the seat playing last to a trick with cards in it."""
    c = _card_decision(view, advice)
    if c is None or _top(view) is None or len(view.trick) != view.n_players - 1:
        return None
    return c


# --- the cards ------------------------------------------------------------------------------
@given(_last)
def last_cheapest_winner(c) -> Reason | None:
    """Last to play, short of the bid: the best card is the cheapest that wins."""
    top, trump = _top(c.view), c.view.trump
    wins = [o.action.card for o in _cards(c.advice) if _beats(o.action.card, top, trump)]
    if c.need <= 0 or c.card not in wins or c.card != min(wins, key=_cheap(trump)) \
            or not c.made_more():
        return None
    return c.say("last-cheapest-winner")


@given(_last)
def last_highest_loser(c) -> Reason | None:
    """Last to play with the bid made: the best card is the highest that loses."""
    top, trump = _top(c.view), c.view.trump
    losers = [o.action.card for o in _cards(c.advice)
              if not o.action.card.is_joker and not _beats(o.action.card, top, trump)]
    if c.need != 0 or c.card not in losers or c.gap("trick", c.nxt, c.best) < CLEAR:
        return None
    if c.card != max(losers, key=lambda x: (x.suit != trump, x.rank)):
        return None
    return c.say("last-highest-loser")


@given(_card_decision)
def joker_duck(c) -> Reason | None:
    """The bid made: the best card is a joker, which never wins."""
    if c.need != 0 or not c.card.is_joker or c.gap("trick", c.nxt, c.best) < CLEAR:
        return None
    return c.say("joker-duck")


@given(_card_decision)
def ruff(c) -> Reason | None:
    """Void in the suit led and short of the bid: the best card is a trump that wins."""
    led, trump = c.view.led_suit, c.view.trump
    if led is None or trump is None or c.view.hand.by_suit(led) or c.need <= 0 \
            or c.card.is_joker or c.card.suit != trump or c.gap("trick") < CLEAR:
        return None
    return c.say("ruff")


@given(_card_decision)
def discard_high(c) -> Reason | None:
    """Void with the bid made: the best card is a high side card thrown where it loses."""
    led, card, view = c.view.led_suit, c.card, c.view
    if led is None or view.hand.by_suit(led) or c.need != 0 or card.is_joker \
            or card.suit == view.trump:
        return None
    unseen = _unseen(view)
    high = card.rank >= Rank.JACK or len(_higher_out(card, unseen)) <= 1
    side = [x for x in view.hand if not x.is_joker and x.suit != view.trump]
    if not high or card != max(side, key=lambda x: x.rank) or c.trick() > 0.1 \
            or not c.made_more():
        return None
    top_left = "" if _higher_out(card, unseen) else \
        f", the highest {_suit_word(card.suit)[:-1]} left,"
    return c.say("discard-high", top_left=top_left)


def _ruffer(view, card: Card) -> int | None:
    """A seat still to play that has shown void in the suit ``card`` plays to (the suit
    led, or its own when leading) but not in trumps: it can trump."""
    suit = view.led_suit if view.led_suit is not None else card.suit
    if card.is_joker or suit is None or suit == view.trump:
        return None
    voids = _voids(view)
    return next((s for s in _after(view) if suit in voids.get(s, ())
                 and view.trump not in voids.get(s, ())), None)


@given(_card_decision)
def shown_void(c) -> Reason | None:
    """A seat still to play has shown void in the suit and can trump: the best card keeps
    off that suit while tricks are needed, or plays into it once the bid is made."""
    if c.view.trump is None:
        return None
    if c.need > 0 and c.gap("trick") >= CLEAR and _ruffer(c.view, c.other) is not None:
        s, suit, key = _ruffer(c.view, c.other), c.other.suit, "shown-void/ruff"
    elif c.need == 0 and c.gap("trick", c.nxt, c.best) >= CLEAR \
            and _ruffer(c.view, c.card) is not None:
        s, suit = _ruffer(c.view, c.card), c.view.led_suit
        suit, key = c.card.suit if suit is None else suit, "shown-void/let"
    else:
        return None
    return c.say(key, who=c.view.players[s], suit=_suit_word(suit))


@given(_card_decision)
def keep_sure_trick(c) -> Reason | None:
    """Short of the bid with a sure trick in hand: the best card keeps it for later."""
    unseen = _unseen(c.view)
    sure = [x for x in c.view.hand if x != c.card and _sure(x, c.view, unseen)]
    if c.need <= 0 or not sure or _sure(c.card, c.view, unseen) or not c.made_more():
        return None
    if c.other in sure:  # the other choice spends the sure trick now
        return c.say("keep-sure-trick/now")
    if len(sure) == c.need and c.gap("trick", c.nxt, c.best) >= CLEAR:  # all it needs
        names = " and ".join(x.symbol() for x in sure[:c.need])
        is_are = "is a sure trick" if len(sure[:c.need]) == 1 else "are sure tricks"
        return c.say("keep-sure-trick/all", names=names, is_are=is_are)
    return None


@given(_card_decision)
def draw_trumps(c) -> Reason | None:
    """Leading short of the bid: the best card is the top trump, with trumps still out."""
    trump, unseen = c.view.trump, _unseen(c.view)
    if c.view.trick or trump is None or c.need <= 0 or c.card.is_joker \
            or c.card.suit != trump or _higher_out(c.card, unseen) \
            or not unseen.by_suit(trump) or not c.made_more():
        return None
    return c.say("draw-trumps")


@given(_card_decision)
def cash_winner(c) -> Reason | None:
    """Leading short of the bid: the best card is the highest left of a side suit, and it
    takes this trick."""
    if c.view.trick or c.need <= 0 or c.card.is_joker or c.card.suit == c.view.trump \
            or _higher_out(c.card, _unseen(c.view)) or c.trick() < 0.8 or not c.made_more():
        return None
    return c.say("cash-winner", suit=_suit_word(c.card.suit)[:-1])


@given(_card_decision)
def lead_singleton(c) -> Reason | None:
    """Leading short of the bid with trumps: the best card is a side singleton."""
    hand, trump = c.view.hand, c.view.trump
    if c.view.trick or trump is None or c.need <= 0 or c.card.is_joker \
            or c.card.suit == trump or len(hand) < 3 or len(hand.by_suit(c.card.suit)) != 1 \
            or not hand.by_suit(trump) or not c.made_more():
        return None
    return c.say("lead-singleton", suit=_suit_word(c.card.suit))


@given(_card_decision)
def play_under(c) -> Reason | None:
    """Bid made, following with a card that beats the table but not a higher one still
    out behind: the best card keeps under it."""
    top, trump = _top(c.view), c.view.trump
    if top is None or len(c.view.trick) == c.view.n_players - 1 or c.need != 0 \
            or c.card.is_joker or c.card.suit != c.view.led_suit \
            or not _beats(c.card, top, trump) or c.gap("trick", c.nxt, c.best) < CLEAR:
        return None
    higher = _higher_out(c.card, _unseen(c.view))
    if not higher or (trump is not None and c.card.suit != trump and top.suit == trump):
        return None
    return c.say("play-under", higher=higher[0].symbol())


@given(_card_decision)
def duck(c) -> Reason | None:
    """Bid made, following: the best card loses the trick that the next best would take."""
    if _top(c.view) is None or c.need != 0 or c.trick() > 0.25 or not c.takes_less():
        return None
    return c.say("duck", loses=often([1 - x for x in c.fx(c.best, "trick")]))


@given(_card_decision)
def give_lead(c) -> Reason | None:
    """Leading with the bid made: the best card is one another seat beats."""
    if c.view.trick or c.need != 0 or c.trick() > 0.3 or not c.takes_less():
        return None
    return c.say("give-lead")


@given(_card_decision)
def wait_with_winner(c) -> Reason | None:
    """Short of the bid: the best card takes this trick clearly less often than the next
    best, a likely winner, and makes the bid more often."""
    if c.need <= 0 or c.other.is_joker or c.trick(c.nxt) < 0.3 \
            or c.gap("trick", c.nxt, c.best) < CLEAR or not c.made_more():
        return None
    return c.say("wait-with-winner")


@given(_card_decision)
def win_high_keep_low(c) -> Reason | None:
    """One trick short: both cards take this trick, the best is the higher one."""
    card, other = c.card, c.other
    if c.need != 1 or card.is_joker or other.is_joker or card.suit != other.suit \
            or card.rank <= other.rank or c.trick() < 0.5 \
            or c.gap("trick", c.nxt, c.best) > LEAN or not c.made_more():
        return None
    return c.say("win-high-keep-low")


@given(_card_decision)
def win_needed(c) -> Reason | None:
    """Short of the bid: the best card takes the trick clearly more often."""
    if c.need <= 0 or c.trick() < 0.3 or not c.takes_more():
        return None
    near = [o.action.card for o in _cards(c.advice)
            if c.trick(o) >= c.trick() - 0.05 and not o.action.card.is_joker]
    cheapest = len(near) > 1 and c.card == min(near, key=_cheap(c.view.trump))
    how = "the cheapest card that takes" if cheapest else "the card that most often takes"
    return c.say("win-needed", how=how)


def _both_lose(view, advice) -> _Cards | None:
    """A card decision after the bid where neither of the best two takes the trick (10% of
    the time at most) and the best makes the bid more often, else ``None``."""
    c = _card_decision(view, advice)
    if c is None or c.card.is_joker or c.other.is_joker \
            or max(c.trick(), c.trick(c.nxt)) > 0.1 or not c.made_more():
        return None
    return c


@given(_both_lose)
def lose_cheaply(c) -> Reason | None:
    """Short of the bid, a trick neither card takes: the best is the cheaper one."""
    cost = _cheap(c.view.trump)
    if c.need <= 0 or cost(c.card) >= cost(c.other):
        return None
    return c.say("lose-cheaply")


@given(_both_lose)
def shed_high(c) -> Reason | None:
    """The bid made, a trick neither card takes: the best is the higher one."""
    card, other, trump = c.card, c.other, c.view.trump
    trumps = card.suit == trump != other.suit
    if c.need != 0 or not (trumps or (card.rank > other.rank and other.suit != trump)):
        return None
    return c.say("shed-high", which="trump" if trumps else "higher")


# --- bids and trumps ----------------------------------------------------------------------
def _most(tricks: list[float]) -> int:
    """The trick count the hand takes most often (the lower on a tie)."""
    return max(range(len(tricks)), key=lambda k: (tricks[k], -k))


def _exactly(n: int) -> str:
    return "no trick" if n == 0 else f"exactly {plural(n, 'trick')}"


class _Bidding(_Trixter):
    """A bid: the best bid ``n`` and the chance of each trick count playing for it."""

    def __init__(self, view, advice):
        super().__init__(view, advice)
        self.n, self.tricks = self.best.action.n, advice.tricks

    def words(self) -> dict[str, str]:
        n = self.n
        return {"n": n, "exactly": _exactly(n), "chance": often([self.tricks[n]])}


def _bid_decision(view, advice) -> _Bidding | None:
    best = advice.options[0].action
    if view.phase != Phase.BID or not isinstance(best, Bid) or not advice.tricks:
        return None
    return _Bidding(view, advice)


@given(_bid_decision)
def hook(c) -> Reason | None:
    """The last bidder under the hook: the count the hand takes most often is forbidden."""
    view = c.view
    if view.seat != view.last_bidder:
        return None
    others = sum(b for s, b in enumerate(view.bids) if s != view.seat and b is not None)
    banned = view.rules.forbidden_bid(view.hand_size, others)
    if banned is None or _most(c.tricks) != banned or c.n == banned:
        return None
    return c.say("hook", banned=banned, size=view.hand_size)


@given(_bid_decision)
def bid_sure_tricks(c) -> Reason | None:
    """The best bid is the number of sure tricks in hand, the count it takes most often."""
    unseen = _unseen(c.view)
    sure = [x for x in c.view.hand if _sure(x, c.view, unseen)]
    if c.n == 0 or len(sure) != c.n or _most(c.tricks) != c.n:
        return None
    return c.say("bid-sure-tricks", names=" and ".join(x.symbol() for x in sure),
                 is_are="is a sure trick" if c.n == 1 else "are sure tricks")


@given(_bid_decision)
def bid_zero(c) -> Reason | None:
    """A weak hand: the best bid is 0, the count it takes most often."""
    trump = c.view.trump
    high = [x for x in c.view.hand if not x.is_joker and (x.rank >= Rank.KING or (
        x.suit == trump and x.rank >= Rank.JACK))]
    if c.n != 0 or high or _most(c.tricks) != 0:
        return None
    what = "no ace, no king and no high trump" if trump is not None else "no ace or king"
    return c.say("bid-zero", what=what)


@given(_bid_decision)
def bid_most_often(c) -> Reason | None:
    """The best bid is the trick count the hand takes most often, playing for it."""
    if _most(c.tricks) != c.n:
        return None
    return c.say("bid-most-often")


def _other(option) -> str:
    """The next best choice as the learner names it (a trump or a bid)."""
    a = option.action
    if isinstance(a, ChooseTrump):
        return "no trump" if a.suit is None else f"{a.suit.symbol} trump"
    return f"bid {a.n}" if isinstance(a, Bid) else str(a)


class _Trump(_Trixter):
    """Naming trump: the best suit ``suit``, making the bid more often than the next best."""

    def __init__(self, view, advice):
        super().__init__(view, advice)
        self.suit = self.best.action.suit

    def words(self) -> dict[str, str]:
        made, other_made = self.shares("made", often)
        return {"suit": self.suit.symbol,
                "made": f"you make your bid {made}, with {_other(self.nxt)} {other_made}"}


def _trump_decision(view, advice) -> _Trump | None:
    best, nxt = pair(advice)
    if not isinstance(best.action, ChooseTrump) or best.action.suit is None \
            or not isinstance(nxt.action, ChooseTrump):  # a dealer's change against a bid
        return None
    c = _Trump(view, advice)
    return None if c.gap("made") < MADE or best.value <= nxt.value else c


@given(_trump_decision)
def trump_longest(c) -> Reason | None:
    """The best trump is the suit the hand holds most of."""
    lengths = {s: len(c.view.hand.by_suit(s)) for s in Suit}
    n = lengths[c.suit]
    if sorted(lengths.values())[-2] == n or n != max(lengths.values()):
        return None  # not longest, or tied for it
    return c.say("trump-longest", cards=plural(n, "card"))


@given(_trump_decision)
def trump_strongest(c) -> Reason | None:
    """The best trump is the suit with the most high cards (ace, king, queen)."""
    tops = {s: [x for x in c.view.hand.by_suit(s) if x.rank >= Rank.QUEEN] for s in Suit}
    most = max(len(t) for t in tops.values())
    if not tops[c.suit] or len(tops[c.suit]) != most \
            or sum(len(t) == most for t in tops.values()) > 1:
        return None
    names = " ".join(x.symbol() for x in sorted(tops[c.suit], key=lambda x: -x.rank))
    return c.say("trump-strongest", names=names)


@given(_trump_decision)
def trump_void(c) -> Reason | None:
    """A weak hand (no ace, no king) does best with trump a suit it does not hold."""
    hand = c.view.hand
    if hand.by_suit(c.suit) or any(x.rank >= Rank.KING for x in hand if not x.is_joker):
        return None
    return c.say("trump-void", what="no ace and no king")


def _sym(option) -> str:
    return option.action.card.symbol()


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
    c = _Trixter(view, advice)
    if any(round(o.value, 9) != round(c.best.value, 9) for o in advice.options):
        return None
    need = _need(view)
    if _playing(view, advice) and need is not None and need < 0:
        return c.say("all-the-same/lost", tricks=plural(view.tricks_won[view.seat], "trick"),
                     bid=view.bids[view.seat])
    made = c.fx(c.best, "made")
    return c.say("all-the-same", made=often(made)) if made else None


def close_call(view, advice) -> Reason | None:
    """The best two choices do about as well."""
    c = _Trixter(view, advice)
    if not _close(advice, c.best, c.nxt) or not c.fx(c.best, "made"):
        return None
    a, b = _name(c.best), _name(c.nxt)
    if advice.kind == "chance":
        made, other_made = c.shares("made", often)
        line = f"{a} makes your bid {made}, {b} {other_made}"
    else:
        line = f"{a} scores {signed(c.best.value, 1)} points expected, {b} " \
            f"{signed(c.nxt.value, 1)}"
    return c.say("close-call", line=line)


def keep_bid_alive(view, advice) -> Reason | None:
    """The fallback: the best choice makes the bid more often, or scores more."""
    c = _Trixter(view, advice)
    best, nxt = c.best, c.nxt
    if best.value <= nxt.value:
        return None
    if isinstance(best.action, Play) and isinstance(nxt.action, Play) \
            and advice.kind == "chance":
        if c.gap("made") <= 0:
            return None
        hard = mean(c.fx(best, "made")) < 0.1
        return c.say("keep-bid-alive/hard" if hard else "keep-bid-alive/cards",
                     card=_sym(best), made=_made_line(c))
    if advice.kind != "points" or not c.fx(best, "made"):
        return None
    said = _name(best)
    return c.say("keep-bid-alive", Choice=said[:1].upper() + said[1:],
                 value=signed(best.value, 1), made=often(c.fx(best, "made")),
                 other=_name(nxt), other_value=signed(nxt.value, 1))


DETECTORS: list[Detector] = [last_cheapest_winner, last_highest_loser, joker_duck, ruff,
                             discard_high, shown_void, keep_sure_trick, draw_trumps,
                             cash_winner, lead_singleton, play_under, duck, give_lead,
                             wait_with_winner, win_high_keep_low, win_needed, lose_cheaply,
                             shed_high, hook,
                             bid_sure_tricks, bid_zero, bid_most_often, trump_longest,
                             trump_strongest, trump_void, all_the_same, close_call,
                             keep_bid_alive]
