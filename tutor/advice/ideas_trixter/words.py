"""The ideas of Trixter and what each says: each idea's nudge and sentence, then the titles
the catalogue page lists, kept apart from the detectors so a learner's words stand in one
place."""

from __future__ import annotations

from tutor.advice.ideas import Idea, ideas_of

__all__ = ["SAYS", "IDEAS"]

# What each idea says (by its name, or name/variant): the nudge, then the text, whose {word}
# places the decision fills in (its ``words``: ``cards``, ``bids``, ``trumps``) with the
# detector's own words.
SAYS = {
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
