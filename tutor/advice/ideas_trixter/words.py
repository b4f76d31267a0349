"""The ideas of Trixter and what each says: each idea's nudge and sentence, then the titles
the catalogue page lists, kept apart from the detectors so a learner's words stand in one
place."""

from __future__ import annotations

from tutor.advice.ideas import Idea, ideas_of
from tutor.engine.i18n import N_

__all__ = ["SAYS", "IDEAS"]

# What each idea says (by its name, or name/variant): the nudge, then the text, whose {word}
# places the decision fills in (its ``words``: ``cards``, ``bids``, ``trumps``) with the
# detector's own words.
SAYS = {
    "last-cheapest-winner": (
        N_("You play last and still need a trick: take this one with the cheapest card that wins "
           "it."),
        N_("You play last and still need {need}: the {card} is the cheapest card that takes this "
        "trick, and it {made}.")),
    "last-highest-loser": (
        N_("You play last and need no more tricks: lose this one with the highest card that still "
        "loses."),
        N_("You play last and {have}: the {card} is the highest card that loses this trick, while "
        "the {other} takes it {other_takes}.")),
    "joker-duck": (
        N_("You need no more tricks: play the one card that can never win one."),
        N_("{Have}: throw the joker, which never wins, while the {other} would take this trick "
        "{other_takes}.")),
    "ruff": (
        N_("You cannot follow suit and still need tricks: a trump can win this one."),
        N_("You have no {led} and still need {need}: trump with the {card}, which takes this trick "
        "{takes_vs}.")),
    "discard-high": (
        N_("You cannot follow suit and need no more tricks: throw away the high card that could "
           "win "
        "one later."),
        N_("You have no {led} and {have}: throw the {card}{top_left} now, where it cannot win; "
           "that "
        "{made}.")),
    "shown-void/ruff": (
        N_("Someone still to play has shown a void: a card of that suit can be trumped."),
        N_("{who} has shown void in {suit} and can trump: play the {card}, which takes this trick "
        "{takes_vs}.")),
    "shown-void/let": (
        N_("Someone still to play has shown a void: let them trump this trick."),
        N_("{who} has shown void in {suit} and can trump: play the {card}, which takes this trick "
        "{takes_vs}.")),
    "keep-sure-trick/now": (
        N_("A card nobody can beat wins later too: keep it for your bid."),
        N_("Your {other} is a sure trick: keep it for your bid and play the {card}, which "
           "{made}.")),
    "keep-sure-trick/all": (
        N_("Your sure tricks are all you need: do not take this one."),
        N_("Your {names} {is_are} and all you need: play the {card}, which takes this trick "
        "{takes_vs}.")),
    "draw-trumps": (
        N_("Lead your top trump: it wins and pulls the others' trumps, so your other winners "
           "stand."),
        N_("Lead the {card}, the top trump: it takes this trick {takes} and draws the others' "
        "trumps, and it {made}.")),
    "cash-winner": (
        N_("You still need tricks: take one with the highest card left in its suit."),
        N_("Your {card} is the highest {suit} left: cash it now, it takes this trick {takes} and "
        "{made}.")),
    "lead-singleton": (
        N_("Lead the only card of a suit: once void in it, you can trump it."),
        N_("Lead your singleton {card}: once void in {suit} you can trump them, and it {made}.")),
    "play-under": (
        N_("A higher card of the suit is still out: play under it and let it take the trick."),
        N_("The {higher} is still out: play the {card} under it, which takes this trick "
           "{takes_vs}.")),
    "duck": (
        N_("You need no more tricks: lose this one with the highest card that loses."),
        N_("{Have}: the {card} loses this trick {loses}; the {other} takes it {other_takes} and "
           "puts "
        "you over your bid.")),
    "give-lead": (
        N_("You need no more tricks: lead a card someone else will beat."),
        N_("{Have}: lead the {card} and let another player take this trick (you take it {takes}, "
        "with the {other} {other_takes}).")),
    "wait-with-winner": (
        N_("You still need a trick, but not necessarily this one: keep your winner for later."),
        N_("You still need {need}: keep the {other} for later and play the {card} now; the {card} "
        "{made}.")),
    "win-high-keep-low": (
        N_("One more trick makes your bid: try for this one with the higher card and keep the low "
        "one to lose with."),
        N_("One more trick makes your bid: try for this one with the {card}, which takes it "
        "{takes}, and keep the lower {other} to lose with later; the {card} {made}.")),
    "win-needed": (
        N_("You still need a trick: win this one as cheaply as you can."),
        N_("You still need {need}: the {card} is {how} this trick, {takes}; the {other} "
        "{other_takes}.")),
    "win-needed/keep": (
        N_("You still need tricks: win this one with your cheaper card and keep the better one."),
        N_("You still need {need}: take this trick with the cheaper {card}, which takes it "
        "{takes}, and keep the {other} for a trick you still need; the {card} {made}.")),
    "win-needed/often": (
        N_("You still need a trick: play the card most likely to win this one."),
        N_("You still need {need}: the {card} is {how} this trick, {takes}; the {other} "
        "{other_takes}.")),
    "lose-cheaply": (
        N_("This trick is not yours either way: lose it cheaply and keep your better cards."),
        N_("Neither card is likely to take this trick: play the cheaper {card} and keep the "
           "{other} "
        "for the {need} you still need; the {card} {made}.")),
    "shed-high": (
        N_("You need no more tricks and this one is lost anyway: shed a high card while it cannot "
        "win."),
        N_("{Have} and neither card is likely to take this trick: play the {which} {card} now and "
        "keep the {other} to lose with later; the {card} {made}.")),
    "hook": (
        N_("You bid last and the hook forbids one bid: pick the best bid left."),
        N_("The hook forbids bid {banned}, the number of tricks your hand takes most often (the "
           "bids "
        "would add up to {size}): bid {n}, the best bid left; playing for it your hand takes "
        "{exactly} {chance}.")),
    "bid-sure-tricks": (
        N_("Count the cards nobody can beat: each is a trick you can bid."),
        N_("Bid {n}: your {names} {is_are}, and playing for {n} your hand takes {exactly} "
           "{chance}.")),
    "bid-zero": (
        N_("Count your high cards and high trumps: a hand without them takes nothing."),
        N_("Bid 0: with {what}, your hand takes no trick {chance}.")),
    "bid-most-often": (
        N_("Bid the number of tricks your hand takes most often."),
        N_("Bid {n}: playing for it, your hand takes {exactly} {chance}, more often than any other "
        "number.")),
    "trump-longest": (
        N_("Name as trump the suit you hold most of."),
        N_("Name {suit} trump, your longest suit ({cards}): {made}.")),
    "trump-strongest": (
        N_("Name as trump the suit of your high cards: nobody can trump them."),
        N_("Name {suit} trump, your strongest suit ({names}): {made}.")),
    "trump-void": (
        N_("A weak hand plans to take nothing: name a suit you do not hold as trump."),
        N_("Name {suit} trump, a suit you do not hold: with {what} you plan to take nothing, "
        "and a trump of yours can never win a trick you did not want; {made}.")),
    "trump-sure-bid": (
        N_("A bid is won only exactly: pick the trump whose bid your hand makes most surely, "
           "not the one that takes the most tricks."),
        N_("Name {suit} trump: you would bid {bid} and make it {made}; with {long} trump, your "
           "longest suit, you would bid {long_bid} and make it {long_made}. A smaller bid is "
           "easier to make exactly.")),
    "trump-sure-bid/tied": (
        N_("A bid is won only exactly: pick the trump whose bid your hand makes most surely, "
           "not the one that takes the most tricks."),
        N_("Name {suit} trump: you would bid {bid} and make it {made}; with {long} trump, one "
           "of your longest suits, you would bid {long_bid} and make it {long_made}. A "
           "smaller bid is easier to make exactly.")),
    "spoil": (
        N_("Your bid is lost whatever you do, but the others still play for theirs: play the "
           "card that costs them most."),
        N_("You have {tricks}, more than your bid of {bid}: whatever you play, your bid is lost "
           "and your score the same. The {card} costs the others most: it leaves you {gap} "
           "points further ahead of them.")),
    "spoil/same": (
        N_("Your score is the same whatever you play, but the others still play for theirs: "
           "play the card that costs them most."),
        N_("Whatever you play, you make your bid {made} and score the same. The {card} costs "
           "the others most: it leaves you {gap} points further ahead of them.")),
    "all-the-same/lost": (
        N_("Nothing to choose here: your bid is out of reach whatever you do."),
        N_("You have {tricks}, more than your bid of {bid}: whatever you play, the bid is lost.")),
    "all-the-same": (
        N_("Nothing to choose here: every choice does as well."),
        N_("Every choice does as well here: whatever you do, you make your bid {made}.")),
    "close-call": (
        N_("A close call: your best two choices do about as well."),
        N_("A close call: {line}.")),
    "keep-bid-alive/hard": (
        N_("Your bid is hard to make now: pick the card that still gives it a chance."),
        N_("Your bid is hard to make now: the {card} still {made}.")),
    "keep-bid-alive/cards": (
        N_("Pick the card that keeps your bid in reach most often."),
        N_("The {card} keeps your bid alive best: it {made}.")),
    "keep-bid-alive/over": (
        N_("A trick too many misses the bid as surely as one too few: pick the card least "
           "likely to bring you one you do not need."),
        N_("The {card} keeps your bid alive best: with the {other} you take more tricks than "
           "you bid {other_share}, with the {card} {share}; the {card} {made}.")),
    "keep-bid-alive/under": (
        N_("Pick the card that gives the tricks you still need the best chance."),
        N_("The {card} keeps your bid alive best: with the {other} you take fewer tricks than "
           "you bid {other_share}, with the {card} {share}; the {card} {made}.")),
    "keep-bid-alive": (
        N_("Pick the choice that scores the most, your bid made or not."),
        N_("{Choice} scores the most: {value} points expected (you make your bid {made}), {other} "
        "{other_value}.")),
}

_CATALOGUE = {  # name: (the decisions it speaks to, title, what it teaches), by priority
    "last-cheapest-winner": ("card", N_("Last to play: win cheaply"),
                             N_("Playing last you see every card: take a trick you need with the "
                             "cheapest card that wins it.")),
    "last-highest-loser": ("card", N_("Last to play: lose high"),
                           N_("Playing last with your tricks made, lose with the highest card that "
                           "still loses: one danger fewer for later.")),
    "joker-duck": ("card", N_("A joker never wins"),
                   N_("The joker can never take a trick: it is the safest card to lose one.")),
    "ruff": ("card", N_("Trump when void"),
             N_("Void in the suit led, any trump beats it: the way to a trick you need.")),
    "discard-high": ("card", N_("Throw the dangerous card"),
                     N_("Void with your bid made, throw a high card where it cannot win, before it "
                     "is forced to win a trick later.")),
    "shown-void": ("card", N_("A void seat will trump"),
                   N_("A player who did not follow a suit is void in it and can trump it.")),
    "keep-sure-trick": ("card", N_("Keep a sure trick"),
                        N_("A card nobody can beat wins later too: count it toward your bid and "
                           "keep "
                        "it, instead of taking an extra trick now.")),
    "draw-trumps": ("card", N_("Draw trumps"),
                    N_("Leading the top trump wins and pulls the others' trumps, so your other "
                    "winners stand.")),
    "cash-winner": ("card", N_("Cash a winner"),
                    N_("Still short of your bid, lead the highest card left in its suit and take "
                       "the "
                    "trick.")),
    "lead-singleton": ("card", N_("Lead a singleton"),
                       N_("Lead the only card of a suit: once void in it, you can trump it "
                          "later.")),
    "play-under": ("card", N_("Play under a higher card still out"),
                   N_("With your tricks made, keep below a higher card still out: it takes the "
                   "trick, not you.")),
    "duck": ("card", N_("Duck once your bid is made"),
             N_("With your tricks made, lose every trick: play the highest card that loses.")),
    "give-lead": ("card", N_("Give the lead away"),
                  N_("With your tricks made, lead a card someone else will beat.")),
    "wait-with-winner": ("card", N_("Keep your winner for later"),
                         N_("Still short of your bid, not every trick is the one to take: lose "
                            "this "
                         "one and keep your winner for a trick it takes more surely.")),
    "win-high-keep-low": ("card", N_("Win high, keep a low card"),
                          N_("Taking the trick that makes your bid, win with the higher card and "
                          "keep the low one to lose with afterwards.")),
    "win-needed": ("card", N_("Win the trick you need"),
                   N_("Still short of your bid, win a trick you can, as cheaply as you can.")),
    "lose-cheaply": ("card", N_("Lose cheaply"),
                     N_("A trick you cannot take: lose it with your cheapest card and keep the "
                     "better ones for the tricks you still need.")),
    "shed-high": ("card", N_("Shed a high card"),
                  N_("With your tricks made and a trick lost anyway, throw the higher card while "
                     "it "
                  "cannot win, and keep the low one to lose with later.")),
    "hook": ("bid", N_("The hook forbids a bid"),
             N_("The last bidder may not make the bids add up to the tricks: bid the nearest "
                "number "
             "the hand can still make.")),
    "bid-sure-tricks": ("bid", N_("Count your sure tricks"),
                        N_("Cards nobody can beat, such as the top trumps, are tricks you can "
                           "bid.")),
    "bid-zero": ("bid", N_("Bid 0 with a weak hand"),
                 N_("With no high card and no high trump a hand takes nothing: bid 0.")),
    "bid-most-often": ("bid", N_("Bid what your hand takes"),
                       N_("Bid the number of tricks your hand takes most often, playing for it.")),
    "trump-longest": ("trump", N_("Name your longest suit trump"),
                      N_("The suit you hold most of makes the most trump tricks.")),
    "trump-strongest": ("trump", N_("Name your strongest suit trump"),
                        N_("Your high cards count double in the trump suit: nobody can trump "
                           "them.")),
    "trump-void": ("trump", N_("A weak hand names a suit it lacks"),
                   N_("With no high cards, plan to take nothing: a trump suit you do not hold "
                   "never wins you a trick you did not want.")),
    "trump-sure-bid": ("trump", N_("Name the trump whose bid is surest"),
                       N_("Long trumps take many tricks, but a bid is won only exactly: a trump "
                          "that leaves you a small bid you can count is often worth more.")),
    "spoil": ("card", N_("Spoil when your score is settled"),
              N_("When nothing you play changes your own score (your bid out of reach, or "
                 "every card alike for you), the card that costs the others most leaves you "
                 "furthest ahead of them.")),
    "all-the-same": ("card bid trump", N_("Nothing to choose"),
                     N_("Sometimes every choice does as well: then it does not matter.")),
    "close-call": ("card bid trump", N_("A close call"),
                   N_("When the best two choices do about as well, either is fine.")),
    "keep-bid-alive": ("trump bid card", N_("Keep your bid alive"),
                       N_("Pick the choice that makes your bid most often.")),
}
IDEAS: list[Idea] = ideas_of("trixter", _CATALOGUE)
