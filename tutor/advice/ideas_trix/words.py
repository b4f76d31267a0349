"""The ideas of Trix and what each says: the titles the catalogue page lists, then each
idea's nudge and sentence, kept apart from the detectors so a learner's words stand in one
place."""

from __future__ import annotations

from tutor.advice.ideas import Idea, ideas_of
from tutor.engine.i18n import N_

__all__ = ["IDEAS", "SAYS"]

_CATALOGUE = {  # name: (the decisions it speaks to, title, what it teaches), by priority
    "claim_redeal": ("redeal", N_("Claim a redeal when the rules allow it"),
                     N_("A K♥ with no other heart to hide behind, or all the 2s in Trex, is a hand "
                     "to throw in: an average hand's share beats playing it.")),
    "keep_the_deal": ("redeal", N_("Keep a hand that is better than average"),
                      N_("A redeal gives you an average hand's share: claim it only when this deal "
                      "promises less.")),
    "double_protected": ("double", N_("Double a protected card"),
                         N_("A K♥ or queen with many low cards of its suit is hard to catch: "
                            "double "
                         "it and whoever takes it pays twice, and you gain.")),
    "dont_double_bare": ("double", N_("Don't double a bare card"),
                         N_("A doubled card with few cards of its suit to hide behind is often "
                            "taken "
                         "back, and then you pay.")),
    "double_free": ("double", N_("A double costs its doubler nothing"),
                    N_("A doubler who takes the card back scores it once, as if not doubled; "
                       "anyone "
                    "else who takes it pays twice and the doubler gains.")),
    "suited_contract": ("contract", N_("Choose the contract your hand suits now"),
                        N_("Each contract wants a different hand: a protected K♥ for King of "
                        "Hearts, few and low diamonds for Diamonds, low cards for Ltoosh, high "
                        "cards and jacks for Trex.")),
    "shed_king": ("card", N_("Throw the K♥ when void"),
                  N_("With no card of the suit led, throw the K♥ on a trick someone else wins.")),
    "shed_queen": ("card", N_("Throw a queen when void"),
                   N_("With no card of the suit led, throw a queen on a trick someone else wins.")),
    "shed_diamond": ("card", N_("Throw a diamond when void"),
                     N_("With no card of the suit led, throw your diamonds, high ones first, on "
                     "tricks others win.")),
    "shed_ace": ("card", N_("Void in King: throw the A♥"),
                 N_("In King of Hearts only the A♥ beats the K♥ in a heart trick: with no card "
                 "of the suit led, throw it where it cannot take the king.")),
    "void_seat": ("card", N_("A seat shown void will shed on that suit"),
                  N_("A player who did not follow a suit can throw a penalty card on it: do not "
                     "lead "
                  "that suit into them.")),
    "flush_king": ("card", N_("Lead hearts to flush the K♥ out"),
                   N_("While the K♥ is out, a low heart lead makes its holder follow in hearts "
                   "instead of throwing it on your trick.")),
    "clean_trick_high": ("card", N_("Last to a trick you take: take it high"),
                         N_("Playing last to a trick with no penalty card in it, or one you take "
                         "whatever you play, win it with your highest card: that card cannot "
                         "win a costly trick later.")),
    "duck_highest": ("card", N_("Duck with the highest card that still loses"),
                     N_("Under the winning card, play the highest you can: your low cards stay to "
                     "duck later tricks.")),
    "duck_under": ("card", N_("Play under the penalty card still out"),
                   N_("While a penalty card of the suit is out or on the trick, stay under the "
                   "winning card.")),
    "discard_high": ("card", N_("Void: throw a dangerous high card"),
                     N_("With no card of the suit led, throw a high card that could win a costly "
                     "trick later.")),
    "make_void": ("card", N_("Make yourself void to shed penalties later"),
                  N_("Play your last card of a short suit: later tricks in it let you throw your "
                  "penalty cards.")),
    "lead_low": ("card", N_("Lead low where others hold higher cards"),
                 N_("Lead a low card of a suit where higher ones are still out: someone else takes "
                 "the trick.")),
    "stay_out": ("card", N_("Stay out of a trick you need not take"),
                 N_("A lower card keeps you out of a trick where a penalty can still fall.")),
    "take_it_cheap": ("card", N_("Win a cheap trick with a dangerous card"),
                      N_("A high card that must win a trick some time is best spent on a trick "
                         "that "
                      "costs little now.")),
    "trex_long_jack": ("trex", N_("Open the row of your long suit"),
                       N_("A jack of a suit you hold many cards of opens a row that is mostly "
                          "yours.")),
    "trex_own_run": ("trex", N_("Open your own runs"),
                     N_("Play the card whose next card in the row is yours too: you keep the row "
                     "moving for yourself.")),
    "trex_row_end": ("trex", N_("An ace or a 2 opens nothing"),
                     N_("A card at the end of its row gives the others nothing to play on.")),
    "trex_block": ("trex", N_("Hold the card that blocks the others' run"),
                   N_("A card whose next card is someone else's opens the row for them: keep it "
                      "back "
                   "while you can.")),
    "no_difference": ("contract double redeal card trex", N_("Nothing to choose"),
                      N_("Sometimes two choices come to the same: either will do.")),
    "fewest_points_lost": ("contract double redeal card trex", N_("What the whole deal says"),
                           N_("Each choice played out to the end of the deal: take the one that "
                           "costs least.")),
}
IDEAS: list[Idea] = ideas_of("trix", _CATALOGUE)

# What each idea says (by its name, or name/variant): the nudge, then the text, whose {word}
# places the decision fills in (``numbers.TrixDecision.words``) with the detector's own words.
SAYS = {
    "claim_redeal": (
        N_("Your hand may be thrown in: is it worth playing?"),
        N_("{why}: claim a redeal, as an average hand's {best_points} beat the {other_points} "
        "expected if you play this deal")),
    "keep_the_deal": (
        N_("A redeal is allowed: is this hand worse than an average one?"),
        N_("you may claim a redeal, but this deal is worth more: {best_points} expected against "
        "an average hand's {other_points}")),
    "double_protected": (
        N_("A penalty card with low cards of its suit behind it can be doubled."),
        N_("the {card} is protected by {guards}, {low} of them low: double it, you take it back "
        "{back} ({versus})")),
    "dont_double_bare": (
        N_("A penalty card with few cards of its suit to hide behind is a risk to double."),
        N_("your {other} {guard}: don't double it, you would take it back {back} ({best_points} "
        "without the double against {other_points} with it)")),
    "double_free": (
        N_("Ask what a double can cost you if the card comes back to you."),
        N_("doubling the {card} costs you nothing: if you take it back you score {plain} as "
        "always, and anyone else who takes it scores {doubled} and gives you {doubler} "
        "({versus})")),
    "suited_contract": (
        N_("Which contract does this hand suit best right now?"),
        N_("{title} suits this hand now: {why} ({best_value} against an average hand{team}, "
        "{other_value} for {other_name})")),
    "shed": (
        N_("You cannot follow suit: get rid of the card that costs most."),
        N_("you have no {led}: throw the {card} on this trick and someone else takes it "
        "({numbers})")),
    "shed_ace": (
        N_("You cannot follow suit: which of your hearts could catch the king later?"),
        N_("you have no {led}: throw the A♥ now, the one heart that beats the K♥, while it "
        "cannot take it (you end up with the K♥ {a} against {b} if you play the {other})")),
    "void_seat": (
        N_("Remember who has shown void in a suit."),
        N_("{who} has shown no {suits} and can throw a penalty card on a {suit} lead: lead the "
        "{card} instead ({versus})")),
    "flush_king": (
        N_("The costliest card is still out: make its holder follow suit."),
        N_("the K♥ is still out: lead the {card} and its holder must follow in hearts instead of "
        "throwing it on you (you take it {king_vs})")),
    "clean_trick_high": (
        N_("You play last to a trick that costs nothing."),
        N_("nothing in this trick costs points and you play last: take it with the {card}, a card "
        "that could win a costly trick later ({versus})")),
    "clean_trick_high/anyway": (
        N_("You play last to a trick you take whatever you play."),
        N_("every card you can play takes this trick: take it with the {card}, a card that "
        "could win a costly trick later ({versus})")),
    "duck_highest": (
        N_("Duck under the winning card as high as you can."),
        N_("the {card} still loses to the {top} and keeps your lower {suits} to duck with later "
        "({versus})")),
    "duck_under": (
        N_("Stay under the card that wins this trick."),
        N_("{what}: play under with the {card} (you take this trick {took_vs})")),
    "discard_high": (
        N_("You cannot follow suit: which card could hurt you later?"),
        N_("you have no {led}: throw the {card} now, a high card that could win a costly trick "
        "later ({versus})")),
    "make_void": (
        N_("A suit you run out of lets you throw cards away later."),
        N_("the {card} is your last {suit_word}: play it and you can throw the {shed} on a {suit} "
        "trick later ({versus})")),
    "lead_low": (
        N_("Lead where the others hold higher cards."),
        N_("lead the {card}: {n} higher {suits} are still out, so someone else takes the trick "
        "(you take it {took_vs})")),
    "stay_out": (
        N_("Do you need to take this trick?"),
        N_("the {card} keeps you out of this trick, and {why} (you take it {took_vs})")),
    "take_it_cheap": (
        N_("A high card that must win a trick some time: which trick?"),
        N_("{verb} the {card} and take this trick while it costs little, so it cannot win a "
        "costlier one later ({versus})")),
    "trex_long_jack": (
        N_("Open a row where you hold many cards."),
        N_("play the {card}: you hold {n} more {suits}, so the row it opens is mostly yours "
        "({versus})")),
    "trex_own_run": (
        N_("Play cards that open runs you hold yourself."),
        N_("play the {card}: the {follow} that follows it is yours too, so it opens your own run "
        "({versus})")),
    "trex_row_end": (
        N_("Some cards help no one else."),
        N_("the {card} ends its row, so it opens nothing for the others ({versus})")),
    "trex_block": (
        N_("Some cards open rows for the others: hold them back."),
        N_("keep the {other} back: the {follow} after it is someone else's, and holding it keeps "
        "that row shut; play the {card} ({versus})")),
    "no_difference": (
        N_("Several choices come to the same here."),
        N_("{best_name} and {other_name} {why}: {text}")),
    "fewest_points_lost": (
        N_("Compare what each choice brings over the whole deal."),
        N_("{best_name} {verb} when the deal is played out: {what}")),
}
