"""The card to play: win the tricks the bid needs, lose the rest, from playing last to
shedding a high card."""

from __future__ import annotations

from tutor.advice.ideas import Reason, given, mean, often
from tutor.advice.ideas_trixter.numbers import (CLEAR, LEAN, MADE, TrixterDecision,
                                                made_line, playing)
from tutor.advice.ideas_trixter.view import (beats, higher_out, shown_voids, still_to_play,
                                             suit_one, suit_word, sure_trick, tricks_needed,
                                             unseen_cards, winning_card)
from tutor.engine.actions import Play
from tutor.engine.cards import Card, Rank, Suit
from tutor.engine.facts import plural
from tutor.engine.i18n import gettext as _
from tutor.engine.i18n import ngettext

__all__ = ["last_cheapest_winner", "last_highest_loser", "joker_duck", "ruff", "discard_high",
           "shown_void", "keep_sure_trick", "draw_trumps", "cash_winner", "lead_singleton",
           "play_under", "duck", "give_lead", "wait_with_winner", "win_high_keep_low",
           "win_needed", "lose_cheaply", "shed_high"]


def _cards(advice) -> list:
    """The options that are cards, each with its card."""
    return [o for o in advice.options if isinstance(o.action, Play)]


def _have(view) -> str:
    """The seat's bid is made: "you bid 0" or "you have your 2 tricks"."""
    bid = view.bids[view.seat]
    if bid == 0:
        return _("you bid 0")
    return ngettext("you have your trick", "you have your {n} tricks", bid).format(n=bid)


def _cheap(trump: Suit | None):
    """A card's cost to spend: trumps dearest, then by rank."""
    return lambda c: (c.suit == trump, c.rank)


class _Cards(TrixterDecision):
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
                "other_takes": other_takes,
                # Translators: how often each card takes the trick: "62% of the time, the 9♣
                # 20% of the time".
                "takes_vs": _("{takes}, the {card} {other_takes}").format(
                    takes=takes, card=other, other_takes=other_takes),
                "made": made_line(self),
                "led": "" if led is None else suit_word(led)}


def _card_decision(view, advice) -> _Cards | None:
    """A card decision after the seat's bid, else ``None``."""
    if not playing(view, advice) or not isinstance(advice.options[1].action, Play):
        return None
    need = tricks_needed(view)
    return None if need is None else _Cards(view, advice, need)


def _last(view, advice) -> _Cards | None:
    """A card decision after the bid, the seat playing last to a trick with cards in it."""
    c = _card_decision(view, advice)
    if c is None or winning_card(view) is None or len(view.trick) != view.n_players - 1:
        return None
    return c


@given(_last)
def last_cheapest_winner(c) -> Reason | None:
    """Last to play, short of the bid: the best card is the cheapest that wins."""
    top, trump = winning_card(c.view), c.view.trump
    wins = [o.action.card for o in _cards(c.advice) if beats(o.action.card, top, trump)]
    if c.need <= 0 or c.card not in wins or c.card != min(wins, key=_cheap(trump)) \
            or not c.made_more():
        return None
    return c.say("last-cheapest-winner")


@given(_last)
def last_highest_loser(c) -> Reason | None:
    """Last to play with the bid made: the best card is the highest that loses."""
    top, trump = winning_card(c.view), c.view.trump
    losers = [o.action.card for o in _cards(c.advice)
              if not o.action.card.is_joker and not beats(o.action.card, top, trump)]
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
    unseen = unseen_cards(view)
    high = card.rank >= Rank.JACK or len(higher_out(card, unseen)) <= 1
    side = [x for x in view.hand if not x.is_joker and x.suit != view.trump]
    if not high or card != max(side, key=lambda x: x.rank) or c.trick() > 0.1 \
            or not c.made_more():
        return None
    # Translators: put after the card in "throw the {card}{top_left} now": "throw the A♠,
    # the highest spade left, now".
    top_left = "" if higher_out(card, unseen) else \
        _(", the highest {suit} left,").format(suit=suit_one(card.suit))
    return c.say("discard-high", top_left=top_left)


def _ruffer(view, card: Card) -> int | None:
    """A seat still to play that has shown void in the suit ``card`` plays to (the suit
    led, or its own when leading) but not in trumps: it can trump."""
    suit = view.led_suit if view.led_suit is not None else card.suit
    if card.is_joker or suit is None or suit == view.trump:
        return None
    voids = shown_voids(view)
    return next((s for s in still_to_play(view) if suit in voids.get(s, ())
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
    return c.say(key, who=c.view.players[s], suit=suit_word(suit))


@given(_card_decision)
def keep_sure_trick(c) -> Reason | None:
    """Short of the bid with a sure trick in hand: the best card keeps it for later."""
    unseen = unseen_cards(c.view)
    sure = [x for x in c.view.hand if x != c.card and sure_trick(x, c.view, unseen)]
    if c.need <= 0 or not sure or sure_trick(c.card, c.view, unseen) or not c.made_more():
        return None
    if c.other in sure:  # the other choice spends the sure trick now
        return c.say("keep-sure-trick/now")
    if len(sure) == c.need and c.gap("trick", c.nxt, c.best) >= CLEAR:  # all it needs
        # Translators: joins the cards named: "A♠ and K♥".
        names = _(" and ").join(x.symbol() for x in sure[:c.need])
        is_are = ngettext("is a sure trick", "are sure tricks", len(sure[:c.need]))
        return c.say("keep-sure-trick/all", names=names, is_are=is_are)
    return None


@given(_card_decision)
def draw_trumps(c) -> Reason | None:
    """Leading short of the bid: the best card is the top trump, with trumps still out."""
    trump, unseen = c.view.trump, unseen_cards(c.view)
    if c.view.trick or trump is None or c.need <= 0 or c.card.is_joker \
            or c.card.suit != trump or higher_out(c.card, unseen) \
            or not unseen.by_suit(trump) or not c.made_more():
        return None
    return c.say("draw-trumps")


@given(_card_decision)
def cash_winner(c) -> Reason | None:
    """Leading short of the bid: the best card is the highest left of a side suit, and it
    takes this trick."""
    if c.view.trick or c.need <= 0 or c.card.is_joker or c.card.suit == c.view.trump \
            or higher_out(c.card, unseen_cards(c.view)) or c.trick() < 0.8 or not c.made_more():
        return None
    return c.say("cash-winner", suit=suit_one(c.card.suit))


@given(_card_decision)
def lead_singleton(c) -> Reason | None:
    """Leading short of the bid with trumps: the best card is a side singleton."""
    hand, trump = c.view.hand, c.view.trump
    if c.view.trick or trump is None or c.need <= 0 or c.card.is_joker \
            or c.card.suit == trump or len(hand) < 3 or len(hand.by_suit(c.card.suit)) != 1 \
            or not hand.by_suit(trump) or not c.made_more():
        return None
    return c.say("lead-singleton", suit=suit_word(c.card.suit))


@given(_card_decision)
def play_under(c) -> Reason | None:
    """Bid made, following with a card that beats the table but not a higher one still
    out behind: the best card keeps under it."""
    top, trump = winning_card(c.view), c.view.trump
    if top is None or len(c.view.trick) == c.view.n_players - 1 or c.need != 0 \
            or c.card.is_joker or c.card.suit != c.view.led_suit \
            or not beats(c.card, top, trump) or c.gap("trick", c.nxt, c.best) < CLEAR:
        return None
    higher = higher_out(c.card, unseen_cards(c.view))
    if not higher or (trump is not None and c.card.suit != trump and top.suit == trump):
        return None
    return c.say("play-under", higher=higher[0].symbol())


@given(_card_decision)
def duck(c) -> Reason | None:
    """Bid made, following: the best card loses the trick that the next best would take."""
    if winning_card(c.view) is None or c.need != 0 or c.trick() > 0.25 or not c.takes_less():
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
    if not c.card.is_joker and c.other.suit == c.card.suit and c.other.rank < c.card.rank:
        return None  # a lower card of the suit is no winner to keep (a few layouts said so)
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
    """Short of the bid: the best card takes the trick clearly more often; or, two or more
    tricks short, both take it about as often and the best is the cheaper, keeping the
    better card for a trick still needed (6♣ over 8♣ ruffing, 72% against 14%)."""
    if c.need <= 0:
        return None
    if c.need >= 2 and _keeps_the_better(c):
        return c.say("win-needed/keep")
    if c.trick() < 0.3 or not c.takes_more():
        return None
    near = [o.action.card for o in _cards(c.advice)
            if c.trick(o) >= c.trick() - 0.05 and not o.action.card.is_joker]
    cheapest = len(near) > 1 and c.card == min(near, key=_cheap(c.view.trump))
    if cheapest:
        return c.say("win-needed", how=_("the cheapest card that takes"))
    # Not the cheapest: the idea says what the reason does, not "as cheaply as you can".
    return c.say("win-needed/often", how=_("the card that most often takes"))


def _keeps_the_better(c) -> bool:
    """Both best cards take the trick more often than not, about as often, and the best is
    the cheaper one and makes the bid more often."""
    if c.card.is_joker or c.other.is_joker or min(c.trick(), c.trick(c.nxt)) < 0.5 \
            or abs(c.gap("trick")) >= LEAN:
        return False
    cost = _cheap(c.view.trump)
    return cost(c.card) < cost(c.other) and c.made_more()


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
    """The bid made, a trick neither card takes: the best is the higher one (a trump
    against a plain card, or the higher of one suit, trumps included: J♥ over 9♥ under
    the K♥ of trumps was left without a reason)."""
    card, other, trump = c.card, c.other, c.view.trump
    trumps = card.suit == trump != other.suit
    higher = card.rank > other.rank and (other.suit != trump or card.suit == other.suit)
    if c.need != 0 or not (trumps or higher):
        return None
    # Translators: the word in "play the {which} {card} now": "the trump 9♠", "the higher 9♠".
    return c.say("shed-high", which=_("trump") if trumps else _("higher"))
