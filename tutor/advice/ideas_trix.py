"""The ideas of Trix, each with its detector (:mod:`tutor.advice.ideas`), in priority order.

A detector reads the seat's view (its hand, the public tricks, doubles and layout) and
the advice's numbers: the options best first, ``per`` (each option's points, or Trex place,
on each layout) and ``features`` (the same layouts' facts: ``trick``, ``king``,
``queens``, ``diamonds``, ``tricks``, ``penalty``; ``back`` for a doubled card taken back;
``place`` and ``out_first`` in Trex; ``redeal``). It names its idea only when those numbers
show it: the best option clearly ahead of the next on the fact the idea is about.

>>> [i.name for i in IDEAS][:3]
['claim_redeal', 'keep_the_deal', 'double_protected']
>>> len(IDEAS) == len(DETECTORS)
True
"""

from __future__ import annotations

from tutor.advice.ideas import Detector, Idea, Reason, mean, share
from tutor.engine.actions import ChooseContract, ClaimRedeal, Double, Play
from tutor.engine.cards import Card, CardSet, Rank, Suit
from tutor.engine.protocol import Phase
from tutor.engine.trix.contracts import (KING_OF_HEARTS, PENALTY_CARDS, Contract,
                                         card_scores, contracts_title)
from tutor.facts import signed

__all__ = ["IDEAS", "DETECTORS", "decision", "unseen", "shown_void", "beyond"]

SHARE_GAP = 0.1
"""How much less often the best option must meet a fact (take the trick, the K♥…) than the
next best for an idea about that fact to be named."""

POINTS_GAP = 1.0
"""How many points better the best option must do for an idea about points."""

LOW = Rank.EIGHT
"""A low card, the kind that protects a penalty card above it: an eight or lower."""


# --- what the seat may know -------------------------------------------------------------
def decision(view) -> str:
    """The kind of decision: ``contract``, ``double`` (doubles and redeal claims),
    ``trex`` or ``card``."""
    return {Phase.CHOOSE_CONTRACT: "contract", Phase.DOUBLE: "double",
            Phase.TREX: "trex"}.get(view.phase, "card")


def played(view) -> CardSet:
    """Every card played to a trick this deal, the trick in progress included."""
    return CardSet(c for t in (*view.tricks, view.trick) for _, c in t)


def unseen(view) -> CardSet:
    """The cards still in the other hands: neither the seat's nor played."""
    return CardSet.from_mask(CardSet.deck().mask & ~view.hand.mask & ~played(view).mask)


def shown_void(view) -> dict[int, set[Suit]]:
    """The suits each seat has shown it holds no more of: it did not follow them."""
    out: dict[int, set[Suit]] = {}
    for t in (*view.tricks, view.trick):
        if t:
            led = t[0][1].suit
            for s, c in t[1:]:
                if c.suit != led:
                    out.setdefault(s, set()).add(led)
    return out


def team(view) -> str:
    return " for your team" if view.rules.partnership else ""


def whole(x: float) -> str:
    """Points rounded to whole ones, with their sign: ``+8``, ``−19``, ``0``."""
    return signed(round(x))


def points(view, x: float) -> str:
    """Points as the hint's lines say them, for the team in partnership: ``+5 points for
    your team``."""
    word = "point" if round(abs(x)) == 1 else "points"
    return f"{whole(x)} {word}{team(view)}"


# --- the advice's numbers -----------------------------------------------------------------
def pair(advice):
    """The best option and the next best (the one a review's learner chose)."""
    return advice.options[0], advice.options[1]


def fact(advice, option, key: str) -> list[float]:
    return advice.features.get(str(option.action), {}).get(key, [])


def result(advice, option) -> float:
    """The option's mean result over the layouts (points, or a Trex place)."""
    return mean(advice.per.get(str(option.action), [option.value]))


def better(advice, view) -> float:
    """How much better the best option's result is than the next best's (points or places,
    positive when better)."""
    best, nxt = pair(advice)
    gap = result(advice, best) - result(advice, nxt)
    if advice.kind == "place":
        return -gap
    return -gap if view.rules.reversed_signs else gap


def less_often(advice, key: str, gap: float = SHARE_GAP) -> bool:
    """Whether the best option meets ``key`` clearly less often (or fewer times) than the
    next best, on the same layouts."""
    best, nxt = pair(advice)
    a, b = fact(advice, best, key), fact(advice, nxt, key)
    return bool(a) and bool(b) and mean(a) + gap <= mean(b)


def versus(view, advice) -> str:
    """``−5 against −13 with the 9♣``: the two options' points (or places)."""
    best, nxt = pair(advice)
    word = "with" if isinstance(nxt.action, Play) else "for"
    if advice.kind == "place":
        return (f"place {result(advice, best):.2f} on average against "
                f"{result(advice, nxt):.2f} {word} {name(nxt.action)}")
    return (f"{points(view, result(advice, best))} against "
            f"{whole(result(advice, nxt))} {word} {name(nxt.action)}")


def name(action) -> str:
    """An option as the reason names it: ``the 9♣``, ``no double``, ``Queens``."""
    if isinstance(action, (Play, Double)):
        return ("doubling the " if isinstance(action, Double) else "the ") + \
            action.card.symbol()
    if isinstance(action, ChooseContract):
        return contracts_title(action.contracts)
    if isinstance(action, ClaimRedeal):
        return "a redeal"
    return {"no double": "not doubling", "no redeal": "playing this deal",
            "pass": "a pass"}.get(str(action), str(action))


def cards_of(advice) -> tuple[Card, Card] | None:
    """The best and next best cards of a trick decision."""
    best, nxt = pair(advice)
    if isinstance(best.action, Play) and isinstance(nxt.action, Play):
        return best.action.card, nxt.action.card
    return None


def idea(name_: str, kinds: tuple[str, ...], title: str, teaches: str) -> Idea:
    return Idea(name_, "trix", kinds, title, teaches)


def counted(n: int, word: str) -> str:
    """``1 heart``, ``3 hearts``, ``no heart``."""
    if n == 0:
        return f"no {word}"
    return f"{n} {word}" + ("" if n == 1 else "s")


SUIT_WORDS = {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond",
              Suit.CLUBS: "club"}


def margin(view, advice) -> float:
    """How far ahead the best option is: points (a contract's against an average hand),
    or Trex places."""
    best, nxt = pair(advice)
    if decision(view) == "contract":
        return best.value - nxt.value
    return better(advice, view)


def enough(view, advice) -> bool:
    """Whether the best option is ahead by a margin a learner would notice."""
    return margin(view, advice) >= (0.05 if advice.kind == "place" else POINTS_GAP)


# --- the round of doubles and claims ------------------------------------------------------
CLAIM = idea("claim_redeal", ("redeal",), "Claim a redeal when the rules allow it",
             "A K♥ with no other heart to hide behind, or all the 2s in Trex, is a hand to "
             "throw in: an average hand's share beats playing it.")
KEEP = idea("keep_the_deal", ("redeal",), "Keep a hand that is better than average",
            "A redeal gives you an average hand's share: claim it only when this deal "
            "promises less.")
DOUBLE = idea("double_protected", ("double",), "Double a protected card",
              "A K♥ or queen with many low cards of its suit is hard to catch: double it and "
              "whoever takes it pays twice, and you gain.")
FREE = idea("double_free", ("double",), "A double costs its doubler nothing",
            "A doubler who takes the card back scores it once, as if not doubled; anyone else "
            "who takes it pays twice and the doubler gains.")
BARE = idea("dont_double_bare", ("double",), "Don't double a bare card",
            "A doubled card with few cards of its suit to hide behind is often taken back, "
            "and then you pay.")


def claim_words(view) -> str:
    """Why the rules allow this hand a redeal."""
    hearts = view.hand.by_suit(Suit.HEARTS)
    if Contract.KING in view.contract and len(hearts) <= 2 and \
            all(c.rank >= Rank.KING for c in hearts):
        if len(hearts) == 2:
            return "your only hearts are the A♥ and the K♥"
        return f"the {next(iter(hearts)).symbol()} is your only heart"
    twos = [c for c in view.hand if c.rank == Rank.TWO]
    return f"you hold {len(twos)} of the four 2s"


def claim_redeal(view, advice) -> Reason | None:
    best, nxt = pair(advice)
    if decision(view) != "double" or not isinstance(best.action, ClaimRedeal) or \
            not enough(view, advice):
        return None
    return Reason(CLAIM, "Your hand may be thrown in: is it worth playing?",
                  f"{claim_words(view)}: claim a redeal, as an average hand's "
                  f"{points(view, result(advice, best))} beat the "
                  f"{whole(result(advice, nxt))} expected if you play this deal")


def keep_the_deal(view, advice) -> Reason | None:
    best, nxt = pair(advice)
    if decision(view) != "double" or not isinstance(nxt.action, ClaimRedeal) or \
            not enough(view, advice):
        return None
    return Reason(KEEP, "A redeal is allowed: is this hand worse than an average one?",
                  f"you may claim a redeal, but this deal is worth more: "
                  f"{points(view, result(advice, best))} expected against an "
                  f"average hand's {whole(result(advice, nxt))}")


def guards(view, card: Card) -> tuple[int, int]:
    """The other cards of ``card``'s suit in the hand, and how many of them are low."""
    others = [c for c in view.hand.by_suit(card.suit) if c != card]
    return len(others), sum(1 for c in others if c.rank <= LOW)


def double_protected(view, advice) -> Reason | None:
    best, nxt = pair(advice)
    if decision(view) != "double" or not isinstance(best.action, Double) or \
            nxt.action == best.action or not enough(view, advice):
        return None
    card = best.action.card
    n, low = guards(view, card)
    back = fact(advice, best, "back")
    if n < 3 or low < 2 or not back or mean(back) > 0.3:
        return None
    return Reason(DOUBLE, "A penalty card with low cards of its suit behind it can be doubled.",
                  f"the {card.symbol()} is protected by "
                  f"{counted(n, 'other ' + SUIT_WORDS[card.suit])}, "
                  f"{low} of them low: double it, you take it back {share(back)} "
                  f"({versus(view, advice)})")


def double_free(view, advice) -> Reason | None:
    best, nxt = pair(advice)
    if decision(view) != "double" or not isinstance(best.action, Double) or \
            isinstance(nxt.action, Double) or not enough(view, advice):
        return None
    card = best.action.card
    score = card_scores(view.contract, view.rules.swap_diamonds_ltoosh)[card]
    sign = -1 if view.rules.reversed_signs else 1
    return Reason(FREE, "Ask what a double can cost you if the card comes back to you.",
                  f"doubling the {card.symbol()} costs you nothing: if you take it back you "
                  f"score {whole(sign * score.plain)} as always, and anyone else who takes it "
                  f"scores {whole(sign * score.doubled)} and gives you "
                  f"{whole(sign * score.doubler)} ({versus(view, advice)})")


def dont_double_bare(view, advice) -> Reason | None:
    best, nxt = pair(advice)
    if decision(view) != "double" or not isinstance(nxt.action, Double) or \
            isinstance(best.action, Double) or not enough(view, advice):
        return None
    card = nxt.action.card
    n, _ = guards(view, card)
    back = fact(advice, nxt, "back")
    if n > 3 or not back or mean(back) < 0.2:
        return None
    guard = "stands alone" if n == 0 else \
        f"has only {counted(n, 'other ' + SUIT_WORDS[card.suit])} to hide behind"
    return Reason(BARE, "A penalty card with few cards of its suit to hide behind is a risk "
                  "to double.",
                  f"your {card.symbol()} {guard}: don't double it, you would take it back "
                  f"{share(back)} ({points(view, result(advice, best))} without the "
                  f"double against {whole(result(advice, nxt))} with it)")


# --- the contract -------------------------------------------------------------------------
SUITED = idea("suited_contract", ("contract",), "Choose the contract your hand suits now",
              "Each contract wants a different hand: a protected K♥ for King of Hearts, few "
              "and low diamonds for Diamonds, low cards for Ltoosh, high cards and jacks "
              "for Trex.")


def king_fit(hand: CardSet) -> str | None:
    hearts = hand.by_suit(Suit.HEARTS)
    if KING_OF_HEARTS in hand:
        if len(hearts) >= 5:
            return f"your K♥ is protected by {counted(len(hearts) - 1, 'other heart')}"
        return None
    if not any(c.rank == Rank.ACE for c in hearts):
        return "you hold neither the K♥ nor the A♥ that would win a trick with it"
    return None


def queens_fit(hand: CardSet) -> str | None:
    queens = [c for c in hand if c.rank == Rank.QUEEN]
    if not queens:
        return "you hold no queen"
    safe = [q for q in queens if sum(1 for c in hand.by_suit(q.suit) if c.rank <= LOW) >= 3]
    if len(safe) == len(queens):
        return "each of your queens has three low cards of its suit to hide behind"
    return None


def diamonds_fit(hand: CardSet) -> str | None:
    diamonds = hand.by_suit(Suit.DIAMONDS)
    if not diamonds:
        return "you hold no diamond"
    top = max(diamonds, key=lambda c: c.rank)
    if len(diamonds) <= 3 or top.rank <= Rank.NINE:
        return f"you hold {counted(len(diamonds), 'diamond')}, the highest the {top.symbol()}"
    return None


def ltoosh_fit(hand: CardSet) -> str | None:
    low = sum(1 for c in hand if c.rank <= LOW)
    if low >= 8:
        return f"{low} of your {len(hand)} cards are 8 or lower"
    return None


def trex_fit(hand: CardSet) -> str | None:
    high = sum(1 for c in hand if c.rank >= Rank.QUEEN)
    twos = sum(1 for c in hand if c.rank == Rank.TWO)
    if high >= 5 and twos <= 1:
        return f"you hold {high} cards from the queen up and {('no', 'one')[twos]} 2"
    return None


FITS = {Contract.KING: (king_fit, "king", 0.25), Contract.QUEENS: (queens_fit, "queens", 1.0),
        Contract.DIAMONDS: (diamonds_fit, "diamonds", 3.25),
        Contract.LTOOSH: (ltoosh_fit, "tricks", 3.25), Contract.TREX: (trex_fit, "place", 2.5)}
"""For each contract: what in a hand suits it, the fact the play-outs count and the most of
it a hand that suits the contract takes on average (a quarter of the deal's share; the
Trex place of an average hand)."""


TAKEN_WORDS = {"king": "you take the K♥ only {share} when it is played out",
               "queens": "you take only {mean:.1f} queens on average when it is played out",
               "diamonds": "you take only {mean:.1f} diamonds on average when it is played out",
               "tricks": "you take only {mean:.1f} tricks of 13 on average when it is played out",
               "place": "you finish in place {mean:.1f} on average when it is played out"}


def suited_contract(view, advice) -> Reason | None:
    best, nxt = pair(advice)
    if decision(view) != "contract" or not enough(view, advice) or \
            len(best.action.contracts) != 1:
        return None
    (contract,) = best.action.contracts
    fit, key, most = FITS[contract]
    redeal = fact(advice, best, "redeal")  # a deal thrown in is not played out
    taken = [x for x, r in zip(fact(advice, best, key), redeal) if not r]
    if not taken or mean(taken) > most:
        return None
    words = fit(view.hand)
    if words is None and mean(taken) <= 0.7 * most:  # the play-outs say it, if the hand doesn't
        words = TAKEN_WORDS[key].format(share=share(taken), mean=mean(taken))
    if words is None:
        return None
    title = contracts_title(best.action.contracts)
    return Reason(SUITED, "Which contract does this hand suit best right now?",
                  f"{title} suits this hand now: {words} ({whole(best.value)} against an "
                  f"average hand{team(view)}, {whole(nxt.value)} for {name(nxt.action)})")


# --- the trick contracts ------------------------------------------------------------------
SHED_KING = idea("shed_king", ("card",), "Throw the K♥ when void",
                 "With no card of the suit led, throw the K♥ on a trick someone else wins.")
SHED_QUEEN = idea("shed_queen", ("card",), "Throw a queen when void",
                  "With no card of the suit led, throw a queen on a trick someone else wins.")
SHED_DIAMOND = idea("shed_diamond", ("card",), "Throw a diamond when void",
                    "With no card of the suit led, throw your diamonds, high ones first, on "
                    "tricks others win.")
VOID_SEAT = idea("void_seat", ("card",), "A seat shown void will shed on that suit",
                 "A player who did not follow a suit can throw a penalty card on it: do not "
                 "lead that suit into them.")
FLUSH_KING = idea("flush_king", ("card",), "Lead hearts to flush the K♥ out",
                  "While the K♥ is out, a low heart lead makes its holder follow in hearts "
                  "instead of throwing it on your trick.")
CLEAN_HIGH = idea("clean_trick_high", ("card",), "Last on a clean trick: take it high",
                  "Playing last to a trick with no penalty card in it, win it with your "
                  "highest card: that card cannot win a costly trick later.")
DUCK_HIGH = idea("duck_highest", ("card",), "Duck with the highest card that still loses",
                 "Under the winning card, play the highest you can: your low cards stay to "
                 "duck later tricks.")
DUCK_UNDER = idea("duck_under", ("card",), "Play under the penalty card still out",
                  "While a penalty card of the suit is out or on the trick, stay under the "
                  "winning card.")
DISCARD_HIGH = idea("discard_high", ("card",), "Void: throw a dangerous high card",
                    "With no card of the suit led, throw a high card that could win a costly "
                    "trick later.")
MAKE_VOID = idea("make_void", ("card",), "Make yourself void to shed penalties later",
                 "Play your last card of a short suit: later tricks in it let you throw "
                 "your penalty cards.")
LEAD_LOW = idea("lead_low", ("card",), "Lead low where others hold higher cards",
                "Lead a low card of a suit where higher ones are still out: someone else "
                "takes the trick.")

def led(view) -> Suit | None:
    return view.trick[0][1].suit if view.trick else None


def void_in_led(view) -> bool:
    suit = led(view)
    return suit is not None and not view.hand.has_suit(suit)


def shed_detector(the_idea: Idea, contract: Contract, key: str) -> Detector:
    """Throw the contract's penalty card when void in the suit led (K♥, queen, diamond)."""

    def detect(view, advice) -> Reason | None:
        cards = cards_of(advice)
        if decision(view) != "card" or cards is None or contract not in view.contract or \
                not void_in_led(view):
            return None
        card, other = cards
        penalty = PENALTY_CARDS[contract]
        if card not in penalty or other in penalty or not less_often(advice, key) or \
                not enough(view, advice):
            return None
        best, nxt = pair(advice)
        if key == "king":
            numbers = (f"you end up with the K♥ {share(fact(advice, best, key))} against "
                       f"{share(fact(advice, nxt, key))} if you play the {other.symbol()}")
        else:
            numbers = versus(view, advice)
        return Reason(the_idea, "You cannot follow suit: get rid of the card that costs most.",
                      f"you have no {led(view).symbol}: throw the {card.symbol()} on this "
                      f"trick and someone else takes it ({numbers})")

    detect.__name__ = the_idea.name
    return detect


def penalty_out(view) -> CardSet:
    """The penalty cards of the contract still in the other hands."""
    return view.penalty_cards() & unseen(view)


def void_seat(view, advice) -> Reason | None:
    cards = cards_of(advice)
    if decision(view) != "card" or cards is None or view.trick or not penalty_out(view):
        return None
    card, other = cards
    partner = (view.seat + 2) % 4 if view.rules.partnership else None
    seats = [s for s, suits in shown_void(view).items()
             if other.suit in suits and s not in (view.seat, partner) and view.hand_counts[s]]
    if not seats or card.suit == other.suit or not enough(view, advice) or \
            not less_often(advice, "penalty", POINTS_GAP):
        return None
    suit = SUIT_WORDS[other.suit] + "s"
    return Reason(VOID_SEAT, "Remember who has shown void in a suit.",
                  f"{view.players[seats[0]]} has shown no {suit} and can throw a penalty card "
                  f"on a {other.suit.symbol} lead: lead the {card.symbol()} instead "
                  f"({versus(view, advice)})")


def flush_king(view, advice) -> Reason | None:
    cards = cards_of(advice)
    if decision(view) != "card" or cards is None or view.trick or \
            Contract.KING not in view.contract or KING_OF_HEARTS not in unseen(view):
        return None
    card, other = cards
    if card.suit != Suit.HEARTS or other.suit == Suit.HEARTS or \
            not less_often(advice, "king", 0.05) or not enough(view, advice):
        return None
    best, nxt = pair(advice)
    return Reason(FLUSH_KING, "The costliest card is still out: make its holder follow suit.",
                  f"the K♥ is still out: lead the {card.symbol()} and its holder must follow "
                  f"in hearts instead of throwing it on you (you take it "
                  f"{share(fact(advice, best, 'king'))} against "
                  f"{share(fact(advice, nxt, 'king'))} with the {other.symbol()})")


def winning(view) -> Card | None:
    """The card winning the trick in progress: the highest of the suit led."""
    suit = led(view)
    if suit is None:
        return None
    return max((c for _, c in view.trick if c.suit == suit), key=lambda c: c.rank)


def clean_trick_high(view, advice) -> Reason | None:
    cards = cards_of(advice)
    if decision(view) != "card" or cards is None or len(view.trick) != 3 or \
            Contract.LTOOSH in view.contract or void_in_led(view):
        return None
    card, other = cards
    best, _ = pair(advice)
    if any(c in view.penalty_cards() for _, c in view.trick) or card.rank <= other.rank or \
            mean(fact(advice, best, "trick")) < 1 or not enough(view, advice):
        return None
    return Reason(CLEAN_HIGH, "You play last to a trick that costs nothing.",
                  f"nothing in this trick costs points and you play last: take it with the "
                  f"{card.symbol()}, a card that could win a costly trick later "
                  f"({versus(view, advice)})")


def duck_highest(view, advice) -> Reason | None:
    cards = cards_of(advice)
    top = winning(view)
    if decision(view) != "card" or cards is None or top is None or void_in_led(view):
        return None
    card, other = cards
    under = [c for c in view.hand.by_suit(top.suit) if c.rank < top.rank]
    if card.suit != top.suit or other.suit != top.suit or not under or \
            card != max(under, key=lambda c: c.rank) or other.rank >= card.rank:
        return None
    best, nxt = pair(advice)
    if mean(fact(advice, best, "trick")) > mean(fact(advice, nxt, "trick")) + 0.05 or \
            not enough(view, advice):
        return None
    return Reason(DUCK_HIGH, "Duck under the winning card as high as you can.",
                  f"the {card.symbol()} still loses to the {top.symbol()} and keeps your "
                  f"lower {SUIT_WORDS[top.suit]}s to duck with later ({versus(view, advice)})")


def under_what(view, card: Card) -> str | None:
    """What the seat plays under: a penalty card on the trick, the trick itself in Ltoosh,
    or the penalty cards of the suit led still out above ``card``."""
    on = [c for _, c in view.trick if c in view.penalty_cards()]
    if on:
        return f"the {on[0].symbol()} is on this trick"
    if Contract.LTOOSH in view.contract:
        return "every trick costs points"
    above = [c for c in penalty_out(view) if c.suit == card.suit and c.rank > card.rank]
    if len(above) == 1:
        return f"the {above[0].symbol()} is still out"
    if above:
        return f"{len(above)} higher {SUIT_WORDS[card.suit]}s are still out"
    return None


def duck_under(view, advice) -> Reason | None:
    cards = cards_of(advice)
    top = winning(view)
    if decision(view) != "card" or cards is None or top is None or void_in_led(view):
        return None
    card, other = cards
    if card.rank > top.rank:  # over the winning card: not a duck
        return None
    what = under_what(view, card)
    best, nxt = pair(advice)
    if what is None or mean(fact(advice, best, "trick")) > 0.5 or \
            not less_often(advice, "trick") or not enough(view, advice):
        return None
    return Reason(DUCK_UNDER, "Stay under the card that wins this trick.",
                  f"{what}: play under with the {card.symbol()} (you take this trick "
                  f"{share(fact(advice, best, 'trick'))} against "
                  f"{share(fact(advice, nxt, 'trick'))} with the {other.symbol()})")


def discard_high(view, advice) -> Reason | None:
    cards = cards_of(advice)
    if decision(view) != "card" or cards is None or not void_in_led(view):
        return None
    card, other = cards
    penalty = view.penalty_cards()
    if card in penalty or card.rank < Rank.TEN or other.rank >= card.rank or \
            not less_often(advice, "penalty", POINTS_GAP):
        return None
    return Reason(DISCARD_HIGH, "You cannot follow suit: which card could hurt you later?",
                  f"you have no {led(view).symbol}: throw the {card.symbol()} now, a high card "
                  f"that could win a costly trick later ({versus(view, advice)})")


def to_shed(view, suit: Suit, keep: Card) -> Card | None:
    """The card a void in ``suit`` would let the seat throw: its costliest penalty card,
    else (Ltoosh) its highest card, of another suit (not ``keep``, the other choice)."""
    rest = [c for c in view.hand if c.suit != suit and c != keep]
    costly = [c for c in rest if c in view.penalty_cards()]
    if costly:
        return max(costly, key=lambda c: (c == KING_OF_HEARTS, c.rank == Rank.QUEEN, c.rank))
    high = [c for c in rest if c.rank >= Rank.QUEEN]
    return max(high, key=lambda c: c.rank) if high and Contract.LTOOSH in view.contract \
        else None


def make_void(view, advice) -> Reason | None:
    cards = cards_of(advice)
    if decision(view) != "card" or cards is None or (view.trick and not void_in_led(view)):
        return None
    card, other = cards
    shed = to_shed(view, card.suit, other)
    if len(view.hand.by_suit(card.suit)) != 1 or other.suit == card.suit or shed is None or \
            not less_often(advice, "penalty", POINTS_GAP):
        return None
    return Reason(MAKE_VOID, "A suit you run out of lets you throw cards away later.",
                  f"the {card.symbol()} is your last {SUIT_WORDS[card.suit]}: play it and you "
                  f"can throw the {shed.symbol()} on a {card.suit.symbol} trick later "
                  f"({versus(view, advice)})")


def lead_low(view, advice) -> Reason | None:
    cards = cards_of(advice)
    if decision(view) != "card" or cards is None or view.trick:
        return None
    card, other = cards
    higher = [c for c in unseen(view) if c.suit == card.suit and c.rank > card.rank]
    if len(higher) < 2 or not less_often(advice, "trick") or not enough(view, advice):
        return None
    best, nxt = pair(advice)
    return Reason(LEAD_LOW, "Lead where the others hold higher cards.",
                  f"lead the {card.symbol()}: {len(higher)} higher {SUIT_WORDS[card.suit]}s "
                  f"are still out, so someone else takes the trick (you take it "
                  f"{share(fact(advice, best, 'trick'))} against "
                  f"{share(fact(advice, nxt, 'trick'))} with the {other.symbol()})")


STAY_OUT = idea("stay_out", ("card",), "Stay out of a trick you need not take",
                "A lower card keeps you out of a trick where a penalty can still fall.")
TAKE_CHEAP = idea("take_it_cheap", ("card",), "Win a cheap trick with a dangerous card",
                  "A high card that must win a trick some time is best spent on a trick that "
                  "costs little now.")


def more_often(advice, key: str) -> bool:
    """Whether the best option meets ``key`` clearly more often than the next best."""
    best, nxt = pair(advice)
    a, b = fact(advice, best, key), fact(advice, nxt, key)
    return bool(a) and bool(b) and mean(a) >= mean(b) + SHARE_GAP


def stay_out(view, advice) -> Reason | None:
    cards = cards_of(advice)
    if decision(view) != "card" or cards is None or not view.trick or void_in_led(view):
        return None
    card, other = cards
    if Contract.LTOOSH in view.contract:
        why = "every trick costs points"
    elif penalty_out(view) or any(c in view.penalty_cards() for _, c in view.trick):
        why = "a penalty card can still fall on it"
    else:
        return None
    best, nxt = pair(advice)
    if card.rank > other.rank or mean(fact(advice, best, "trick")) > 0.5 or \
            not less_often(advice, "trick") or not less_often(advice, "penalty", POINTS_GAP) \
            or not enough(view, advice):
        return None
    return Reason(STAY_OUT, "Do you need to take this trick?",
                  f"the {card.symbol()} keeps you out of this trick, and {why} (you take it "
                  f"{share(fact(advice, best, 'trick'))} against "
                  f"{share(fact(advice, nxt, 'trick'))} with the {other.symbol()})")


def take_it_cheap(view, advice) -> Reason | None:
    cards = cards_of(advice)
    if decision(view) != "card" or cards is None or Contract.LTOOSH in view.contract:
        return None
    card, other = cards
    best, _ = pair(advice)
    if card in view.penalty_cards() or card.rank < Rank.TEN or \
            mean(fact(advice, best, "trick")) < 0.5 or not more_often(advice, "trick") or \
            not less_often(advice, "penalty", POINTS_GAP) or not enough(view, advice):
        return None
    verb = "lead" if not view.trick else "play"
    return Reason(TAKE_CHEAP, "A high card that must win a trick some time: which trick?",
                  f"{verb} the {card.symbol()} and take this trick while it costs little, so "
                  f"it cannot win a costlier one later ({versus(view, advice)})")


# --- Trex ---------------------------------------------------------------------------------
LONG_JACK = idea("trex_long_jack", ("trex",), "Open the row of your long suit",
                 "A jack of a suit you hold many cards of opens a row that is mostly yours.")
OWN_RUN = idea("trex_own_run", ("trex",), "Open your own runs",
               "Play the card whose next card in the row is yours too: you keep the row "
               "moving for yourself.")
ROW_END = idea("trex_row_end", ("trex",), "An ace or a 2 opens nothing",
               "A card at the end of its row gives the others nothing to play on.")
BLOCK = idea("trex_block", ("trex",), "Hold the card that blocks the others' run",
             "A card whose next card is someone else's opens the row for them: keep it back "
             "while you can.")


def beyond(card: Card) -> Card | None:
    """The card that may follow ``card`` in its row (away from the jack); none after an
    ace or a 2, or after the jack itself (both sides open)."""
    if card.rank == Rank.JACK:
        return None
    rank = card.rank + 1 if card.rank > Rank.JACK else card.rank - 1
    if rank > Rank.ACE or rank < Rank.TWO:
        return None
    return Card(card.suit, Rank(rank))


def trex_cards(view, advice) -> tuple[Card, Card | None] | None:
    """The best Trex card and the next best (``None`` for a pass)."""
    best, nxt = pair(advice)
    if decision(view) != "trex" or not isinstance(best.action, Play) or \
            not enough(view, advice):
        return None
    return best.action.card, nxt.action.card if isinstance(nxt.action, Play) else None


def trex_long_jack(view, advice) -> Reason | None:
    cards = trex_cards(view, advice)
    if cards is None or cards[0].rank != Rank.JACK:
        return None
    card = cards[0]
    n = len(view.hand.by_suit(card.suit)) - 1
    if n < 3:
        return None
    return Reason(LONG_JACK, "Open a row where you hold many cards.",
                  f"play the {card.symbol()}: you hold {n} more {SUIT_WORDS[card.suit]}s, so "
                  f"the row it opens is mostly yours ({versus(view, advice)})")


def trex_own_run(view, advice) -> Reason | None:
    cards = trex_cards(view, advice)
    if cards is None:
        return None
    card = cards[0]
    follow = beyond(card)
    if follow is None or follow not in view.hand:
        return None
    return Reason(OWN_RUN, "Play cards that open runs you hold yourself.",
                  f"play the {card.symbol()}: the {follow.symbol()} that follows it is yours "
                  f"too, so it opens your own run ({versus(view, advice)})")


def trex_row_end(view, advice) -> Reason | None:
    cards = trex_cards(view, advice)
    if cards is None or cards[0].rank not in (Rank.ACE, Rank.TWO):
        return None
    card = cards[0]
    return Reason(ROW_END, "Some cards help no one else.",
                  f"the {card.symbol()} ends its row, so it opens nothing for the others "
                  f"({versus(view, advice)})")


def trex_block(view, advice) -> Reason | None:
    cards = trex_cards(view, advice)
    if cards is None or cards[1] is None:
        return None
    held = cards[1]
    follow = beyond(held)
    if follow is None or follow in view.hand:
        return None
    return Reason(BLOCK, "Some cards open rows for the others: hold them back.",
                  f"keep the {held.symbol()} back: the {follow.symbol()} after it is someone "
                  f"else's, and holding it keeps that row shut; play the "
                  f"{cards[0].symbol()} ({versus(view, advice)})")


# --- any decision -------------------------------------------------------------------------
SAME = idea("no_difference", ("contract", "double", "redeal", "card", "trex"),
            "Nothing to choose", "Sometimes two choices come to the same: either will do.")
BEST = idea("fewest_points_lost", ("contract", "double", "redeal", "card", "trex"),
            "What the whole deal says",
            "Each choice played out to the end of the deal: take the one that costs least.")


def equals(view, a: Card, b: Card) -> bool:
    """Whether two cards of a suit are equals: no card between them is still out."""
    low, high = sorted((a.rank, b.rank))
    return a.suit == b.suit and not any(
        c.suit == a.suit and low < c.rank < high for c in unseen(view))


def no_difference(view, advice) -> Reason | None:
    best, nxt = pair(advice)
    if round(best.value, 9) != round(nxt.value, 9):
        return None
    cards = cards_of(advice)
    why = "do exactly as well here"
    if cards is not None and decision(view) == "card" and equals(view, *cards):
        why = "are equals now, as no card between them is still out, so either does as well"
    return Reason(SAME, "Several choices come to the same here.",
                  f"{name(best.action)} and {name(nxt.action)} {why}: {best.text}")


def fewest_points_lost(view, advice) -> Reason | None:
    best, nxt = pair(advice)
    if margin(view, advice) <= 0:
        return None
    kind = decision(view)
    if kind == "contract":
        what = (f"{whole(best.value)} against an average hand{team(view)}, against "
                f"{whole(nxt.value)} for {name(nxt.action)}")
    else:
        what = versus(view, advice)
    verb = {"contract": "promises the most", "double": "does best",
            "trex": "finishes you highest" if advice.kind == "place" else "does best"}.get(
        kind, "costs you least")
    return Reason(BEST, "Compare what each choice brings over the whole deal.",
                  f"{name(best.action)} {verb} when the deal is played out: {what}")


IDEAS: list[Idea] = [CLAIM, KEEP, DOUBLE, BARE, FREE, SUITED, SHED_KING, SHED_QUEEN,
                     SHED_DIAMOND, VOID_SEAT, FLUSH_KING, CLEAN_HIGH, DUCK_HIGH, DUCK_UNDER,
                     DISCARD_HIGH, MAKE_VOID, LEAD_LOW, STAY_OUT, TAKE_CHEAP, LONG_JACK, OWN_RUN,
                     ROW_END, BLOCK, SAME, BEST]
DETECTORS: list[Detector] = [
    claim_redeal, keep_the_deal, double_protected, dont_double_bare, double_free,
    suited_contract,
    shed_detector(SHED_KING, Contract.KING, "king"),
    shed_detector(SHED_QUEEN, Contract.QUEENS, "queens"),
    shed_detector(SHED_DIAMOND, Contract.DIAMONDS, "diamonds"),
    void_seat, flush_king, clean_trick_high, duck_highest, duck_under, discard_high,
    make_void, lead_low, stay_out, take_it_cheap, trex_long_jack, trex_own_run, trex_row_end,
    trex_block, no_difference, fewest_points_lost]
