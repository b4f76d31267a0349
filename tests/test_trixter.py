"""Known-answer tests for the Trixter engine (RULES.md part B)."""

from __future__ import annotations

import random

import pytest

from tutor import (JOKER, Bid, Card, CardSet, ChooseTrump, IllegalActionError, NextHand,
                   ParseError, Phase, Play, TrixterGame, TrixterRules)
from tutor.engine.trixter import jokers_for, peak_for, schedule


def C(text: str) -> Card:
    return Card.parse(text)


def random_hand(g: TrixterGame, rng: random.Random) -> None:
    """Play the current hand to its end with random legal actions (no bid changes)."""
    while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        acts = g.legal_actions()
        if g.phase == Phase.BID:
            acts = [a for a in acts if isinstance(a, Bid)]
        g.apply(rng.choice(acts))


# --- B1: the schedule --------------------------------------------------------------

@pytest.mark.parametrize("players,jokers,peak,hands", [
    (3, 2, 18, 35), (4, 0, 13, 25), (5, 3, 11, 21), (6, 2, 9, 17), (7, 4, 8, 15), (8, 4, 7, 13),
])
def test_schedule_table(players, jokers, peak, hands):
    assert jokers_for(players) == jokers
    assert peak_for(players) == peak
    sizes = schedule(players)
    assert len(sizes) == hands
    assert sizes[0] == sizes[-1] == 1 and max(sizes) == peak
    assert sizes == sorted(sizes[:peak]) + sorted(sizes[peak:], reverse=True)
    # The peak hand deals every card, jokers included.
    assert peak * players == 52 + jokers


@pytest.mark.parametrize("players", range(3, 9))
def test_whole_game_follows_schedule_and_rotates_dealer(players):
    g = TrixterGame.new(players=players, seed=players, dealer=1)
    rng = random.Random(players)
    while True:
        assert len(g.undealt) == 52 + jokers_for(players) - players * g.hand_size
        random_hand(g, rng)
        if g.is_over:
            break
        g.next_hand()
    sheet = g.score_sheet()
    assert [r["hand_size"] for r in sheet] == schedule(players)
    assert [r["dealer"] for r in sheet] == [(1 + i) % players for i in range(len(sheet))]
    assert g.hands_played == [len(sheet)] * players
    assert g.scores == sheet[-1]["totals"]
    assert all(sum(r["tricks"]) == r["hand_size"] for r in sheet)
    with pytest.raises(IllegalActionError, match="game is over"):
        g.apply("next")


# --- a scripted hand with hand-computed scores ---------------------------------------

# 4 players, 3 cards each, dealer 0 names clubs; seat 1 leads (left of the dealer).
SCRIPT_DEAL = ["A.K..2", "K.Q..3", "Q.A.4.", "J.J.5."]
SCRIPT = ["trump C", "bid 1", "bid 0", "bid 3", "bid 1",
          "KS", "QS", "JS", "AS",  # seat 0 wins with the ace
          "KH", "QH", "AH", "JH",  # seat 2 wins with the ace
          "4D", "5D", "2C", "3C"]  # seat 0 ruffs with the 2 of trumps, seat 1 over-ruffs


def scripted(scoring: str) -> TrixterGame:
    g = TrixterGame.new(players=4, seed=0, dealer=0, first_hand=3, deals=[SCRIPT_DEAL],
                        rules=TrixterRules(scoring=scoring))
    for a in SCRIPT:
        g.apply(a)
    return g


@pytest.mark.parametrize("scoring,points", [
    ("exact", [11, -5, -5, -5]),  # seat 0 made 1; the others missed
    ("tricks_if_missed", [11, 1, 1, 0]),  # a miss scores the tricks taken
    ("squared", [11, -1, -4, -1]),  # a miss scores minus the difference squared
])
def test_scripted_hand_scores(scoring, points):
    g = scripted(scoring)
    assert g.phase == Phase.HAND_OVER and g.to_move is None
    assert g.tricks_won == [1, 1, 1, 0]
    assert g.scores == points
    row = g.score_sheet()[0]
    assert row["bids"] == [1, 0, 3, 1] and row["tricks"] == [1, 1, 1, 0]
    assert row["trump"] == "C" and row["points"] == points and row["totals"] == points
    assert [t[0][0] for t in g.tricks] == [1, 0, 2]  # leaders: left of dealer, then winners


def test_trump_beats_the_suit_led_and_overruff():
    g = scripted("exact")
    last = g.tricks[-1]
    assert [str(c) for _, c in last] == ["4D", "5D", "2C", "3C"]
    assert g.leader == 1  # 3C over-ruffed 2C; the 5D of the suit led lost


def test_squared_made_bid_scores_bid_squared():
    g = TrixterGame.new(players=4, seed=0, dealer=0, first_hand=3, deals=[SCRIPT_DEAL],
                        rules=TrixterRules(scoring="squared"))
    for a in ["trump C", "bid 1", "bid 1", "bid 1", "bid 0"] + SCRIPT[5:]:
        g.apply(a)
    # seats 0, 1, 2 make 1 each (10 + 1); seat 3 makes 0 (10 + 0).
    assert g.scores == [11, 11, 11, 10]


def test_no_trump_and_dealer_leads_options():
    rules = TrixterRules(allow_no_trump=True, first_lead="dealer")
    g = TrixterGame.new(players=4, seed=0, dealer=0, first_hand=3, deals=[SCRIPT_DEAL],
                        rules=rules)
    assert ChooseTrump(None) in g.legal_actions()
    for a in ["trump none", "bid 0", "bid 0", "bid 0", "bid 0"]:
        g.apply(a)
    assert g.to_move == 0  # the dealer leads
    for a in ["2C", "3C", "4D", "5D",  # clubs led: seat 1's 3C wins (no trump)
              "KS", "QS", "JS", "AS",  # seat 0's ace
              "KH", "QH", "AH", "JH"]:  # seat 2's ace
        g.apply(a)
    assert g.tricks_won == [1, 1, 1, 0]
    assert g.score_sheet()[0]["trump"] == "none"
    with pytest.raises(IllegalActionError, match="no trump is not allowed"):
        TrixterGame.new(players=4, seed=0).apply("trump none")


# --- jokers ------------------------------------------------------------------------

JOKER_DEAL = ["AH 3D", "X X", "X 4C", "5H 6H", "2S KD"]


def test_joker_led_trick():
    g = TrixterGame.new(players=5, seed=0, dealer=0, first_hand=2,
                        deals=[[CardSet.parse(h) for h in JOKER_DEAL]])
    assert g.jokers == 3 and len(g.undealt) == 52 + 3 - 10 and g.undealt.jokers == 0
    for a in ["trump S", "bid 1", "bid 0", "bid 0", "bid 1", "bid 0"]:
        g.apply(a)
    assert g.to_move == 1
    assert g.legal_actions() == [Play(JOKER)]  # a hand of nothing but jokers leads one
    g.apply("X")
    assert set(g.legal_actions()) == {Play(JOKER), Play(C("4C"))}  # no suit set yet
    g.apply("X")
    g.apply("5H")  # the first real card sets hearts as the suit led
    assert set(g.legal_actions()) == {Play(C("2S")), Play(C("KD"))}  # void: anything
    g.apply("2S")
    assert g.legal_actions() == [Play(C("AH"))]  # must follow hearts
    before = g.to_json()
    with pytest.raises(IllegalActionError, match="follow suit"):
        g.apply("3D")
    assert g.to_json() == before
    g.apply("AH")
    assert g.leader == 4 and g.tricks_won == [0, 0, 0, 0, 1]  # the 2 of trumps won
    for a in ["KD", "3D", "X", "4C", "6H"]:
        g.apply(a)
    assert g.tricks_won == [0, 0, 0, 0, 2]
    assert g.scores == [-5, 10, 10, -5, -5]


def test_joker_cannot_be_led_with_other_cards():
    g = TrixterGame.new(players=5, seed=0, dealer=0, first_hand=2,
                        deals=[["AH 3D", "...2.X", "..Q.4", "5H 6H", "2S KD"]])
    for a in ["trump S", "bid 1", "bid 0", "bid 0", "bid 1", "bid 0"]:
        g.apply(a)
    assert g.legal_actions() == [Play(C("2C"))]
    with pytest.raises(IllegalActionError, match="joker may be led only"):
        g.apply("X")


# --- bidding: changes and hook -------------------------------------------------------

def fresh(**kw) -> TrixterGame:
    return TrixterGame.new(players=4, seed=0, dealer=0, first_hand=3, deals=[SCRIPT_DEAL], **kw)


def test_hook_refuses_exactly_the_forbidden_bid():
    g = fresh(rules=TrixterRules(hook=True))
    for a in ["trump C", "bid 1", "bid 1", "bid 0"]:
        g.apply(a)
    assert g.to_move == 3 == g.last_bidder
    assert g.legal_actions() == [Bid(0), Bid(2), Bid(3)]
    with pytest.raises(IllegalActionError, match="hook"):
        g.apply("bid 1")
    g.apply("bid 2")
    # The last bidder may change until the first lead, still bound by the hook.
    assert set(g.legal_actions(seat=3)) == {Bid(0), Bid(3)}
    with pytest.raises(IllegalActionError, match="hook"):
        g.apply("bid 1", seat=3)
    g.apply("bid 0", seat=3)
    assert g.bids == [1, 1, 0, 0]
    # Without the hook, the same bid is fine.
    h = fresh()
    for a in ["trump C", "bid 1", "bid 1", "bid 0", "bid 1"]:
        h.apply(a)
    assert h.phase == Phase.PLAY and sum(h.bids) == 3


def test_bid_and_trump_changes_follow_the_window():
    g = fresh()
    g.apply("trump C")
    g.apply("trump H")  # the dealer may rename trump before bidding
    g.apply("bid 1")
    # Until seat 1 bids, the dealer may change bid and trump.
    assert Bid(2) in g.legal_actions(seat=0) and ChooseTrump(g.trump) not in g.legal_actions(seat=0)
    g.apply("bid 2", seat=0)
    g.apply("trump S", seat=0)
    assert g.bids[0] == 2 and g.to_move == 1
    g.apply("bid 0")
    with pytest.raises(IllegalActionError, match="can no longer be changed"):
        g.apply("bid 1", seat=0)
    with pytest.raises(IllegalActionError, match="trump can no longer be changed"):
        g.apply("trump D", seat=0)
    g.apply("bid 3", seat=1)  # seat 1 may change until seat 2 bids
    with pytest.raises(IllegalActionError, match="turn to bid"):
        g.apply("bid 1", seat=3)  # seat 3 has not bid yet and is not to move
    g.apply("bid 1")
    g.apply("bid 0")
    assert g.phase == Phase.PLAY and g.to_move == 1
    g.apply("bid 2", seat=3)  # the last bidder, before the first lead
    g.apply("KS")
    with pytest.raises(IllegalActionError, match="can no longer be changed"):
        g.apply("bid 1", seat=3)
    assert g.bids == [2, 3, 1, 2] and g.trump.letter == "S"


def test_bad_bids_and_turns_are_refused():
    g = fresh()
    with pytest.raises(IllegalActionError, match="names trump first"):
        g.apply("bid 1")
    with pytest.raises(IllegalActionError, match="dealer"):
        g.apply("trump S", seat=2)
    g.apply("trump S")
    for bad in ("bid 4", "bid -1", Bid(True), Bid("2")):
        with pytest.raises(IllegalActionError, match="whole number from 0 to 3"):
            g.apply(bad)
    with pytest.raises(ParseError):
        g.apply("bid two")
    with pytest.raises(IllegalActionError, match="after the bidding"):
        g.apply("AS")
    with pytest.raises(IllegalActionError, match="no seat"):
        g.apply("bid 1", seat=7)
    with pytest.raises(IllegalActionError, match="not over"):
        g.apply("next")


# --- late joiners --------------------------------------------------------------------

@pytest.mark.parametrize("first_hand,next_sizes", [
    (10, [11, 10, 9]),  # ascending at 10: the next is 11, the new peak, then descending
    (12, [11, 10]),  # ascending at 12: capped at the new peak of 11
    (20, [5, 4]),  # descending at 6: goes on descending
    (13, [11, 10]),  # the old peak, 13: capped at 11
])
def test_late_joiner_schedule(first_hand, next_sizes):
    g = TrixterGame.new(players=4, seed=first_hand, first_hand=first_hand)
    rng = random.Random(first_hand)
    random_hand(g, rng)
    before = list(g.scores)
    assert g.add_player("Dana") == 4
    assert g.n_players == 5 and g.jokers == 3 and g.peak == 11
    assert g.scores == before + [0] and g.ratings[4] == 0.0
    sizes = []
    for _ in next_sizes:
        g.next_hand()
        sizes.append(g.hand_size)
        assert len(g.hands) == 5 and all(len(h) == g.hand_size for h in g.hands)
        assert len(g.undealt) == 55 - 5 * g.hand_size
        random_hand(g, rng)
    assert sizes == next_sizes
    assert g.hands_played[4] == len(next_sizes)
    assert g.ratings[4] == g.scores[4] / len(next_sizes)
    assert g.score_sheet()[0]["bids"][4] is None  # Dana was not at the first hand


def test_join_refused_mid_hand_and_at_eight():
    g = TrixterGame.new(players=4, seed=1)
    with pytest.raises(IllegalActionError, match="only between hands"):
        g.add_player("Eve")
    g = TrixterGame.new(players=8, seed=1)
    random_hand(g, random.Random(1))
    with pytest.raises(IllegalActionError, match="full"):
        g.add_player("Eve")


def test_game_ends_after_descending_one_card_hand_with_joiner():
    g = TrixterGame.new(players=3, seed=2, first_hand=34)  # sizes 2 then 1
    rng = random.Random(2)
    random_hand(g, rng)
    g.add_player("Late")
    g.next_hand()
    assert g.hand_size == 1 and len(g.hands) == 4
    random_hand(g, rng)
    assert g.is_over and g.phase == Phase.GAME_OVER
    assert g.hands_played == [2, 2, 2, 1]


# --- protocol -------------------------------------------------------------------------

def test_illegal_action_changes_nothing_and_undo_restores():
    g = fresh()
    g.apply("trump C")
    g.apply("bid 1")
    snapshot = g.to_json()
    for bad in ("bid 9", "QS", "trump X", "next"):
        with pytest.raises(ValueError):
            g.apply(bad)
        assert g.to_json() == snapshot
    g.apply("bid 0")
    g.undo()
    assert g.to_json() == snapshot and g.to_move == 1
    g.undo()
    g.undo()
    assert g.phase == Phase.TRUMP and g.history == []
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        g.undo()


def test_undo_over_next_brings_the_same_deal():
    g = TrixterGame.new(players=4, seed=9)
    random_hand(g, random.Random(0))
    g.next_hand()
    hands = list(g.hands)
    g.undo()
    assert g.phase == Phase.HAND_OVER
    g.apply(NextHand())
    assert g.hands == hands


def test_seed_reproduces_and_clone_is_independent():
    a = TrixterGame.new(players=6, seed=42)
    b = TrixterGame.new(players=6, seed=42)
    assert a.hands == b.hands and a.dealer == b.dealer
    assert TrixterGame.new(players=6, seed=43).hands != a.hands
    c = a.clone()
    c.apply(c.legal_actions()[0])
    assert a.history == [] and a.phase == Phase.TRUMP and c.phase == Phase.BID


def test_deal_hands_replaces_the_current_deal_only_before_play():
    g = TrixterGame.new(players=4, seed=5, dealer=0, first_hand=3)
    g.deal_hands(SCRIPT_DEAL)
    assert g.hands[2] == CardSet.from_pbn("Q.A.4.")
    assert g.undealt == CardSet.deck() - CardSet.parse("AS KH 2C KS QH 3C QS AH 4D JS JH 5D")
    with pytest.raises(IllegalActionError, match="3 cards|has 2 cards"):
        g.deal_hands(["A.K..", "K.Q..3", "Q.A.4.", "J.J.5."])
    with pytest.raises(IllegalActionError, match="already in another hand"):
        g.deal_hands(["A.K..2", "A.Q..3", "Q.A.4.", "J.J.5."])
    with pytest.raises(IllegalActionError, match="jokers"):
        g.deal_hands(["A.K...X", "K.Q..3", "Q.A.4.", "J.J.5."])
    g.apply("trump C")
    with pytest.raises(IllegalActionError, match="has started"):
        g.deal_hands(SCRIPT_DEAL)
    # The record keeps the deal that was used.
    again = TrixterGame.from_json(g.to_json())
    assert again.hands == g.hands


def test_scripted_deal_that_does_not_fit_is_refused_at_next():
    g = TrixterGame.new(players=4, seed=0, first_hand=3, deals=[SCRIPT_DEAL, SCRIPT_DEAL])
    random_hand(g, random.Random(0))
    with pytest.raises(IllegalActionError, match="scripted deal 2 does not fit"):
        g.next_hand()
    assert g.phase == Phase.HAND_OVER
    with pytest.raises(ValueError, match="does not fit"):
        TrixterGame.new(players=4, deals=[SCRIPT_DEAL])  # hand 1 deals one card


def test_observe_shows_own_hand_and_public_facts_only():
    g = scripted("exact")
    g2 = fresh()
    for a in SCRIPT[:7]:
        g2.apply(a)
    o = g2.observe(3)
    assert o["hand"] == ["JS", "JH", "5D"]
    assert o["trick"] == [[1, "KS"], [2, "QS"]]
    assert o["bids"] == [1, 0, 3, 1] and o["trump"] == "C" and o["to_move"] == 3
    assert o["legal"] == ["JS"] and o["hand_counts"] == [3, 2, 2, 3]
    text = repr(o)
    for hidden in ("AS", "KH", "2C", "QH", "3C", "AH", "4D"):
        assert f"'{hidden}'" not in text
    assert g.observe(0)["last_hand"]["points"] == [11, -5, -5, -5]
    with pytest.raises(ValueError):
        g.observe(4)


def test_rules_validate():
    with pytest.raises(ValueError):
        TrixterRules(scoring="bonus")
    with pytest.raises(ValueError):
        TrixterRules(first_lead="anyone")
    with pytest.raises(ValueError):
        TrixterRules(hook="yes")
    with pytest.raises(ParseError, match="unknown Trixter option"):
        TrixterRules.from_dict({"hook": True, "screw": 1})
    assert TrixterRules.from_dict(TrixterRules(hook=True).to_dict()) == TrixterRules(hook=True)
    for bad in (2, 9, "4", True):
        with pytest.raises(ValueError):
            TrixterGame.new(players=bad)
    with pytest.raises(ValueError):
        TrixterGame.new(players=4, first_hand=26)
    with pytest.raises(ValueError):
        TrixterGame.new(players=4, dealer=4)


def test_action_text_and_values_are_interchangeable():
    a, b = fresh(), fresh()
    for text in SCRIPT:
        a.apply(text)
    for text in SCRIPT:
        b.apply(b.legal_actions()[[str(x) for x in b.legal_actions()].index(text)])
    assert a.to_json() == b.to_json()
    assert Play(C("KS")) not in a.legal_actions()
