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

from tutor.advice.ideas import (Decision, Detector, Idea, Reason, feature, given, ideas_of, mean,
                                often, pair)
from tutor.engine.actions import ChooseContract, ClaimRedeal, Double, Play
from tutor.engine.cards import Card, CardSet, Rank, Suit
from tutor.engine.protocol import Phase
from tutor.engine.trix.contracts import (KING_OF_HEARTS, PENALTY_CARDS, Contract,
                                         card_scores, contracts_title)
from tutor.engine.facts import signed

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


# --- the ideas -------------------------------------------------------------------------
_CATALOGUE = {  # name: (the decisions it speaks to, title, what it teaches), by priority
    "claim_redeal": ("redeal", "Claim a redeal when the rules allow it",
                     "A K♥ with no other heart to hide behind, or all the 2s in Trex, is a hand "
                     "to throw in: an average hand's share beats playing it."),
    "keep_the_deal": ("redeal", "Keep a hand that is better than average",
                      "A redeal gives you an average hand's share: claim it only when this deal "
                      "promises less."),
    "double_protected": ("double", "Double a protected card",
                         "A K♥ or queen with many low cards of its suit is hard to catch: double "
                         "it and whoever takes it pays twice, and you gain."),
    "dont_double_bare": ("double", "Don't double a bare card",
                         "A doubled card with few cards of its suit to hide behind is often taken "
                         "back, and then you pay."),
    "double_free": ("double", "A double costs its doubler nothing",
                    "A doubler who takes the card back scores it once, as if not doubled; anyone "
                    "else who takes it pays twice and the doubler gains."),
    "suited_contract": ("contract", "Choose the contract your hand suits now",
                        "Each contract wants a different hand: a protected K♥ for King of "
                        "Hearts, few and low diamonds for Diamonds, low cards for Ltoosh, high "
                        "cards and jacks for Trex."),
    "shed_king": ("card", "Throw the K♥ when void",
                  "With no card of the suit led, throw the K♥ on a trick someone else wins."),
    "shed_queen": ("card", "Throw a queen when void",
                   "With no card of the suit led, throw a queen on a trick someone else wins."),
    "shed_diamond": ("card", "Throw a diamond when void",
                     "With no card of the suit led, throw your diamonds, high ones first, on "
                     "tricks others win."),
    "void_seat": ("card", "A seat shown void will shed on that suit",
                  "A player who did not follow a suit can throw a penalty card on it: do not lead "
                  "that suit into them."),
    "flush_king": ("card", "Lead hearts to flush the K♥ out",
                   "While the K♥ is out, a low heart lead makes its holder follow in hearts "
                   "instead of throwing it on your trick."),
    "clean_trick_high": ("card", "Last on a clean trick: take it high",
                         "Playing last to a trick with no penalty card in it, win it with your "
                         "highest card: that card cannot win a costly trick later."),
    "duck_highest": ("card", "Duck with the highest card that still loses",
                     "Under the winning card, play the highest you can: your low cards stay to "
                     "duck later tricks."),
    "duck_under": ("card", "Play under the penalty card still out",
                   "While a penalty card of the suit is out or on the trick, stay under the "
                   "winning card."),
    "discard_high": ("card", "Void: throw a dangerous high card",
                     "With no card of the suit led, throw a high card that could win a costly "
                     "trick later."),
    "make_void": ("card", "Make yourself void to shed penalties later",
                  "Play your last card of a short suit: later tricks in it let you throw your "
                  "penalty cards."),
    "lead_low": ("card", "Lead low where others hold higher cards",
                 "Lead a low card of a suit where higher ones are still out: someone else takes "
                 "the trick."),
    "stay_out": ("card", "Stay out of a trick you need not take",
                 "A lower card keeps you out of a trick where a penalty can still fall."),
    "take_it_cheap": ("card", "Win a cheap trick with a dangerous card",
                      "A high card that must win a trick some time is best spent on a trick that "
                      "costs little now."),
    "trex_long_jack": ("trex", "Open the row of your long suit",
                       "A jack of a suit you hold many cards of opens a row that is mostly yours."),
    "trex_own_run": ("trex", "Open your own runs",
                     "Play the card whose next card in the row is yours too: you keep the row "
                     "moving for yourself."),
    "trex_row_end": ("trex", "An ace or a 2 opens nothing",
                     "A card at the end of its row gives the others nothing to play on."),
    "trex_block": ("trex", "Hold the card that blocks the others' run",
                   "A card whose next card is someone else's opens the row for them: keep it back "
                   "while you can."),
    "no_difference": ("contract double redeal card trex", "Nothing to choose",
                      "Sometimes two choices come to the same: either will do."),
    "fewest_points_lost": ("contract double redeal card trex", "What the whole deal says",
                           "Each choice played out to the end of the deal: take the one that "
                           "costs least."),
}
IDEAS: list[Idea] = ideas_of("trix", _CATALOGUE)

# What each idea says (by its name, or name/variant): the nudge, then the text, whose {word}
# places the decision fills in (:meth:`_Trix.words`) with the detector's own words.
_SAYS = {
    "claim_redeal": (
        "Your hand may be thrown in: is it worth playing?",
        "{why}: claim a redeal, as an average hand's {best_points} beat the {other_points} "
        "expected if you play this deal"),
    "keep_the_deal": (
        "A redeal is allowed: is this hand worse than an average one?",
        "you may claim a redeal, but this deal is worth more: {best_points} expected against "
        "an average hand's {other_points}"),
    "double_protected": (
        "A penalty card with low cards of its suit behind it can be doubled.",
        "the {card} is protected by {guards}, {low} of them low: double it, you take it back "
        "{back} ({versus})"),
    "dont_double_bare": (
        "A penalty card with few cards of its suit to hide behind is a risk to double.",
        "your {other} {guard}: don't double it, you would take it back {back} ({best_points} "
        "without the double against {other_points} with it)"),
    "double_free": (
        "Ask what a double can cost you if the card comes back to you.",
        "doubling the {card} costs you nothing: if you take it back you score {plain} as "
        "always, and anyone else who takes it scores {doubled} and gives you {doubler} "
        "({versus})"),
    "suited_contract": (
        "Which contract does this hand suit best right now?",
        "{title} suits this hand now: {why} ({best_value} against an average hand{team}, "
        "{other_value} for {other_name})"),
    "shed": (
        "You cannot follow suit: get rid of the card that costs most.",
        "you have no {led}: throw the {card} on this trick and someone else takes it "
        "({numbers})"),
    "void_seat": (
        "Remember who has shown void in a suit.",
        "{who} has shown no {suits} and can throw a penalty card on a {suit} lead: lead the "
        "{card} instead ({versus})"),
    "flush_king": (
        "The costliest card is still out: make its holder follow suit.",
        "the K♥ is still out: lead the {card} and its holder must follow in hearts instead of "
        "throwing it on you (you take it {king_vs})"),
    "clean_trick_high": (
        "You play last to a trick that costs nothing.",
        "nothing in this trick costs points and you play last: take it with the {card}, a card "
        "that could win a costly trick later ({versus})"),
    "duck_highest": (
        "Duck under the winning card as high as you can.",
        "the {card} still loses to the {top} and keeps your lower {suits} to duck with later "
        "({versus})"),
    "duck_under": (
        "Stay under the card that wins this trick.",
        "{what}: play under with the {card} (you take this trick {took_vs})"),
    "discard_high": (
        "You cannot follow suit: which card could hurt you later?",
        "you have no {led}: throw the {card} now, a high card that could win a costly trick "
        "later ({versus})"),
    "make_void": (
        "A suit you run out of lets you throw cards away later.",
        "the {card} is your last {suit_word}: play it and you can throw the {shed} on a {suit} "
        "trick later ({versus})"),
    "lead_low": (
        "Lead where the others hold higher cards.",
        "lead the {card}: {n} higher {suits} are still out, so someone else takes the trick "
        "(you take it {took_vs})"),
    "stay_out": (
        "Do you need to take this trick?",
        "the {card} keeps you out of this trick, and {why} (you take it {took_vs})"),
    "take_it_cheap": (
        "A high card that must win a trick some time: which trick?",
        "{verb} the {card} and take this trick while it costs little, so it cannot win a "
        "costlier one later ({versus})"),
    "trex_long_jack": (
        "Open a row where you hold many cards.",
        "play the {card}: you hold {n} more {suits}, so the row it opens is mostly yours "
        "({versus})"),
    "trex_own_run": (
        "Play cards that open runs you hold yourself.",
        "play the {card}: the {follow} that follows it is yours too, so it opens your own run "
        "({versus})"),
    "trex_row_end": (
        "Some cards help no one else.",
        "the {card} ends its row, so it opens nothing for the others ({versus})"),
    "trex_block": (
        "Some cards open rows for the others: hold them back.",
        "keep the {other} back: the {follow} after it is someone else's, and holding it keeps "
        "that row shut; play the {card} ({versus})"),
    "no_difference": (
        "Several choices come to the same here.",
        "{best_name} and {other_name} {why}: {text}"),
    "fewest_points_lost": (
        "Compare what each choice brings over the whole deal.",
        "{best_name} {verb} when the deal is played out: {what}"),
}


# --- the advice's numbers -----------------------------------------------------------------
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
    a, b = feature(advice, best, key), feature(advice, nxt, key)
    return bool(a) and bool(b) and mean(a) + gap <= mean(b)


def more_often(advice, key: str) -> bool:
    """Whether the best option meets ``key`` clearly more often than the next best."""
    best, nxt = pair(advice)
    a, b = feature(advice, best, key), feature(advice, nxt, key)
    return bool(a) and bool(b) and mean(a) >= mean(b) + SHARE_GAP


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


def led(view) -> Suit | None:
    return view.trick[0][1].suit if view.trick else None


def void_in_led(view) -> bool:
    suit = led(view)
    return suit is not None and not view.hand.has_suit(suit)


def _card(action) -> Card | None:
    """The card an action plays or doubles."""
    return action.card if isinstance(action, (Play, Double)) else None


class _Trix(Decision):
    """A Trix decision: its reasons speak from this catalogue, with ``card`` and ``other``
    the cards (if any) the best and next best options play or double."""

    ideas = {i.name: i for i in IDEAS}
    sentences = _SAYS

    def __init__(self, view, advice):
        super().__init__(view, advice)
        self.card, self.other = _card(self.best.action), _card(self.nxt.action)

    def vs(self, key: str) -> str:
        """``20% against 65% with the 9♣``: how often the best and the next best meet
        ``key``."""
        a, b = self.shares(key)
        return f"{a} against {b} with the {self.other.symbol()}"

    def words(self) -> dict[str, str]:
        view, advice, best, nxt = self.view, self.advice, self.best, self.nxt
        suit = led(view)
        return {"versus": versus(view, advice), "best_name": name(best.action),
                "other_name": name(nxt.action), "team": team(view),
                "best_points": points(view, result(advice, best)),
                "other_points": whole(result(advice, nxt)),
                "card": "" if self.card is None else self.card.symbol(),
                "other": "" if self.other is None else self.other.symbol(),
                "led": "" if suit is None else suit.symbol}


def _double(view, advice) -> _Trix | None:
    """The round of doubles and claims, the best option clearly ahead."""
    if decision(view) != "double" or not enough(view, advice):
        return None
    return _Trix(view, advice)


def _trick(view, advice) -> _Trix | None:
    """A card to play to a trick, the best two both cards."""
    if decision(view) != "card" or cards_of(advice) is None:
        return None
    return _Trix(view, advice)


# --- the round of doubles and claims ------------------------------------------------------
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


@given(_double)
def claim_redeal(c) -> Reason | None:
    if not isinstance(c.best.action, ClaimRedeal):
        return None
    return c.say("claim_redeal", why=claim_words(c.view))


@given(_double)
def keep_the_deal(c) -> Reason | None:
    return c.say("keep_the_deal") if isinstance(c.nxt.action, ClaimRedeal) else None


def guards(view, card: Card) -> tuple[int, int]:
    """The other cards of ``card``'s suit in the hand, and how many of them are low."""
    others = [c for c in view.hand.by_suit(card.suit) if c != card]
    return len(others), sum(1 for c in others if c.rank <= LOW)


@given(_double)
def double_protected(c) -> Reason | None:
    if not isinstance(c.best.action, Double) or c.nxt.action == c.best.action:
        return None
    n, low = guards(c.view, c.card)
    back = c.fx(c.best, "back")
    if n < 3 or low < 2 or not back or mean(back) > 0.3:
        return None
    return c.say("double_protected", guards=counted(n, "other " + SUIT_WORDS[c.card.suit]),
                 low=low, back=often(back))


@given(_double)
def double_free(c) -> Reason | None:
    if not isinstance(c.best.action, Double) or isinstance(c.nxt.action, Double):
        return None
    score = card_scores(c.view.contract, c.view.rules.swap_diamonds_ltoosh)[c.card]
    sign = -1 if c.view.rules.reversed_signs else 1
    return c.say("double_free", plain=whole(sign * score.plain),
                 doubled=whole(sign * score.doubled), doubler=whole(sign * score.doubler))


@given(_double)
def dont_double_bare(c) -> Reason | None:
    if not isinstance(c.nxt.action, Double) or isinstance(c.best.action, Double):
        return None
    n, _ = guards(c.view, c.other)
    back = c.fx(c.nxt, "back")
    if n > 3 or not back or mean(back) < 0.2:
        return None
    guard = "stands alone" if n == 0 else \
        f"has only {counted(n, 'other ' + SUIT_WORDS[c.other.suit])} to hide behind"
    return c.say("dont_double_bare", guard=guard, back=often(back))


# --- the contract -------------------------------------------------------------------------
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
    c = _Trix(view, advice)
    if decision(view) != "contract" or not enough(view, advice) or \
            len(c.best.action.contracts) != 1:
        return None
    (contract,) = c.best.action.contracts
    fit, key, most = FITS[contract]
    redeal = c.fx(c.best, "redeal")  # a deal thrown in is not played out
    taken = [x for x, r in zip(c.fx(c.best, key), redeal) if not r]
    if not taken or mean(taken) > most:
        return None
    words = fit(view.hand)
    if words is None and mean(taken) <= 0.7 * most:  # the play-outs say it, if the hand doesn't
        words = TAKEN_WORDS[key].format(share=often(taken), mean=mean(taken))
    if words is None:
        return None
    return c.say("suited_contract", title=contracts_title(c.best.action.contracts), why=words,
                 best_value=whole(c.best.value), other_value=whole(c.nxt.value))


# --- the trick contracts ------------------------------------------------------------------
def shed_detector(name_: str, contract: Contract, key: str) -> Detector:
    """Throw the contract's penalty card when void in the suit led (K♥, queen, diamond)."""

    @given(_trick)
    def detect(c) -> Reason | None:
        penalty = PENALTY_CARDS[contract]
        if contract not in c.view.contract or not void_in_led(c.view) or \
                c.card not in penalty or c.other in penalty or \
                not less_often(c.advice, key) or not enough(c.view, c.advice):
            return None
        if key == "king":
            a, b = c.shares(key)
            numbers = f"you end up with the K♥ {a} against {b} if you play the {c.other.symbol()}"
        else:
            numbers = c.words()["versus"]
        return c.say("shed", as_idea=name_, numbers=numbers)

    detect.__name__ = name_
    return detect


def penalty_out(view) -> CardSet:
    """The penalty cards of the contract still in the other hands."""
    return view.penalty_cards() & unseen(view)


@given(_trick)
def void_seat(c) -> Reason | None:
    view, card, other = c.view, c.card, c.other
    if view.trick or not penalty_out(view):
        return None
    partner = (view.seat + 2) % 4 if view.rules.partnership else None
    seats = [s for s, suits in shown_void(view).items()
             if other.suit in suits and s not in (view.seat, partner) and view.hand_counts[s]]
    if not seats or card.suit == other.suit or not enough(view, c.advice) or \
            not less_often(c.advice, "penalty", POINTS_GAP):
        return None
    return c.say("void_seat", who=view.players[seats[0]], suits=SUIT_WORDS[other.suit] + "s",
                 suit=other.suit.symbol)


@given(_trick)
def flush_king(c) -> Reason | None:
    if c.view.trick or Contract.KING not in c.view.contract or \
            KING_OF_HEARTS not in unseen(c.view) or c.card.suit != Suit.HEARTS or \
            c.other.suit == Suit.HEARTS or not less_often(c.advice, "king", 0.05) or \
            not enough(c.view, c.advice):
        return None
    return c.say("flush_king", king_vs=c.vs("king"))


def winning(view) -> Card | None:
    """The card winning the trick in progress: the highest of the suit led."""
    suit = led(view)
    if suit is None:
        return None
    return max((c for _, c in view.trick if c.suit == suit), key=lambda c: c.rank)


@given(_trick)
def clean_trick_high(c) -> Reason | None:
    view = c.view
    if len(view.trick) != 3 or Contract.LTOOSH in view.contract or void_in_led(view) or \
            any(x in view.penalty_cards() for _, x in view.trick) or \
            c.card.rank <= c.other.rank or mean(c.fx(c.best, "trick")) < 1 or \
            not enough(view, c.advice):
        return None
    return c.say("clean_trick_high")


@given(_trick)
def duck_highest(c) -> Reason | None:
    top, card, other = winning(c.view), c.card, c.other
    if top is None or void_in_led(c.view):
        return None
    under = [x for x in c.view.hand.by_suit(top.suit) if x.rank < top.rank]
    if card.suit != top.suit or other.suit != top.suit or not under or \
            card != max(under, key=lambda x: x.rank) or other.rank >= card.rank:
        return None
    if mean(c.fx(c.best, "trick")) > mean(c.fx(c.nxt, "trick")) + 0.05 or \
            not enough(c.view, c.advice):
        return None
    return c.say("duck_highest", top=top.symbol(), suits=SUIT_WORDS[top.suit] + "s")


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


@given(_trick)
def duck_under(c) -> Reason | None:
    top = winning(c.view)
    if top is None or void_in_led(c.view) or c.card.rank > top.rank:  # over it: no duck
        return None
    what = under_what(c.view, c.card)
    if what is None or mean(c.fx(c.best, "trick")) > 0.5 or \
            not less_often(c.advice, "trick") or not enough(c.view, c.advice):
        return None
    return c.say("duck_under", what=what, took_vs=c.vs("trick"))


@given(_trick)
def discard_high(c) -> Reason | None:
    card = c.card
    if not void_in_led(c.view) or card in c.view.penalty_cards() or card.rank < Rank.TEN or \
            c.other.rank >= card.rank or not less_often(c.advice, "penalty", POINTS_GAP):
        return None
    return c.say("discard_high")


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


@given(_trick)
def make_void(c) -> Reason | None:
    card, other = c.card, c.other
    if c.view.trick and not void_in_led(c.view):
        return None
    shed = to_shed(c.view, card.suit, other)
    if len(c.view.hand.by_suit(card.suit)) != 1 or other.suit == card.suit or shed is None or \
            not less_often(c.advice, "penalty", POINTS_GAP):
        return None
    return c.say("make_void", suit_word=SUIT_WORDS[card.suit], shed=shed.symbol(),
                 suit=card.suit.symbol)


@given(_trick)
def lead_low(c) -> Reason | None:
    higher = [x for x in unseen(c.view) if x.suit == c.card.suit and x.rank > c.card.rank]
    if c.view.trick or len(higher) < 2 or not less_often(c.advice, "trick") or \
            not enough(c.view, c.advice):
        return None
    return c.say("lead_low", n=len(higher), suits=SUIT_WORDS[c.card.suit] + "s",
                 took_vs=c.vs("trick"))


@given(_trick)
def stay_out(c) -> Reason | None:
    view = c.view
    if not view.trick or void_in_led(view):
        return None
    if Contract.LTOOSH in view.contract:
        why = "every trick costs points"
    elif penalty_out(view) or any(x in view.penalty_cards() for _, x in view.trick):
        why = "a penalty card can still fall on it"
    else:
        return None
    if c.card.rank > c.other.rank or mean(c.fx(c.best, "trick")) > 0.5 or \
            not less_often(c.advice, "trick") or \
            not less_often(c.advice, "penalty", POINTS_GAP) or not enough(view, c.advice):
        return None
    return c.say("stay_out", why=why, took_vs=c.vs("trick"))


@given(_trick)
def take_it_cheap(c) -> Reason | None:
    view = c.view
    if Contract.LTOOSH in view.contract or c.card in view.penalty_cards() or \
            c.card.rank < Rank.TEN or mean(c.fx(c.best, "trick")) < 0.5 or \
            not more_often(c.advice, "trick") or \
            not less_often(c.advice, "penalty", POINTS_GAP) or not enough(view, c.advice):
        return None
    return c.say("take_it_cheap", verb="lead" if not view.trick else "play")


# --- Trex ---------------------------------------------------------------------------------
def beyond(card: Card) -> Card | None:
    """The card that may follow ``card`` in its row (away from the jack); none after an
    ace or a 2, or after the jack itself (both sides open)."""
    if card.rank == Rank.JACK:
        return None
    rank = card.rank + 1 if card.rank > Rank.JACK else card.rank - 1
    if rank > Rank.ACE or rank < Rank.TWO:
        return None
    return Card(card.suit, Rank(rank))


def _trex(view, advice) -> _Trix | None:
    """A Trex card ahead of the next best (a card or a pass)."""
    c = _Trix(view, advice)
    if decision(view) != "trex" or not isinstance(c.best.action, Play) or \
            not enough(view, advice):
        return None
    return c


@given(_trex)
def trex_long_jack(c) -> Reason | None:
    n = len(c.view.hand.by_suit(c.card.suit)) - 1
    if c.card.rank != Rank.JACK or n < 3:
        return None
    return c.say("trex_long_jack", n=n, suits=SUIT_WORDS[c.card.suit] + "s")


@given(_trex)
def trex_own_run(c) -> Reason | None:
    follow = beyond(c.card)
    if follow is None or follow not in c.view.hand:
        return None
    return c.say("trex_own_run", follow=follow.symbol())


@given(_trex)
def trex_row_end(c) -> Reason | None:
    return c.say("trex_row_end") if c.card.rank in (Rank.ACE, Rank.TWO) else None


@given(_trex)
def trex_block(c) -> Reason | None:
    follow = None if c.other is None else beyond(c.other)
    if follow is None or follow in c.view.hand:
        return None
    return c.say("trex_block", follow=follow.symbol())


# --- any decision -------------------------------------------------------------------------
def equals(view, a: Card, b: Card) -> bool:
    """Whether two cards of a suit are equals: no card between them is still out."""
    low, high = sorted((a.rank, b.rank))
    return a.suit == b.suit and not any(
        c.suit == a.suit and low < c.rank < high for c in unseen(view))


def no_difference(view, advice) -> Reason | None:
    c = _Trix(view, advice)
    if round(c.best.value, 9) != round(c.nxt.value, 9):
        return None
    cards = cards_of(advice)
    why = "do exactly as well here"
    if cards is not None and decision(view) == "card" and equals(view, *cards):
        why = "are equals now, as no card between them is still out, so either does as well"
    return c.say("no_difference", why=why, text=c.best.text)


def fewest_points_lost(view, advice) -> Reason | None:
    c = _Trix(view, advice)
    if margin(view, advice) <= 0:
        return None
    kind = decision(view)
    if kind == "contract":
        what = (f"{whole(c.best.value)} against an average hand{team(view)}, against "
                f"{whole(c.nxt.value)} for {name(c.nxt.action)}")
    else:
        what = versus(view, advice)
    verb = {"contract": "promises the most", "double": "does best",
            "trex": "finishes you highest" if advice.kind == "place" else "does best"}.get(
        kind, "costs you least")
    return c.say("fewest_points_lost", verb=verb, what=what)


DETECTORS: list[Detector] = [
    claim_redeal, keep_the_deal, double_protected, dont_double_bare, double_free,
    suited_contract,
    shed_detector("shed_king", Contract.KING, "king"),
    shed_detector("shed_queen", Contract.QUEENS, "queens"),
    shed_detector("shed_diamond", Contract.DIAMONDS, "diamonds"),
    void_seat, flush_king, clean_trick_high, duck_highest, duck_under, discard_high,
    make_void, lead_low, stay_out, take_it_cheap, trex_long_jack, trex_own_run, trex_row_end,
    trex_block, no_difference, fewest_points_lost]
