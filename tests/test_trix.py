"""Known-answer tests for the Trix engine (RULES.md part A), on scripted deals."""

from __future__ import annotations

import random

import pytest

from tutor import (ChooseContract, ClaimRedeal, IllegalActionError, NoDouble, Pass, Phase, Play,
                   TrixGame, TrixRules)
from tutor.engine.cards import Card, CardSet
from tutor.engine.trix import Contract, Layout, kingdom_owners, may_claim_trex_redeal

# Each seat holds one whole suit; seat 1 has the hearts, so the 7♥ makes it the owner.
SUITS = ["AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"]

# Seat 0: K♥ 2♥ and spades K..3; seat 1: the other hearts, A♠ 2♠; diamonds; clubs.
KING_DEAL = ["KQJT9876543.K2..", "A2.AQJT9876543..", "..AKQJT98765432.", "...AKQJT98765432"]
KH = Card.parse("KH")


def new(deals, **rules) -> TrixGame:
    return TrixGame.new(seed=0, rules=TrixRules(**rules), deals=deals, dealer=0)


def play_all(g: TrixGame, script: list[str]) -> None:
    for a in script:
        g.apply(a)


def decline_round(g: TrixGame) -> None:
    """Every player, in turn from the owner, ends their turn of the round at once."""
    for i in range(4):
        assert g.phase == Phase.DOUBLE and g.to_move == (g.owner + i) % 4
        word = g.legal_actions()[-1]
        assert str(word) in ("no double", "no redeal")
        g.apply(word)


def finish_tricks(g: TrixGame) -> None:
    """Play the highest legal card for each seat until the deal ends."""
    while g.phase == Phase.PLAY:
        g.apply(g.legal_actions()[0])


def test_seven_of_hearts_owns_the_first_kingdom():
    g = new([SUITS])
    assert g.owner == 1 and g.to_move == 1 and g.phase == Phase.CHOOSE_CONTRACT
    assert g.owners == [1, 2, 3, 0]
    assert kingdom_owners(1, "abba") == [1, 2, 0, 3]
    assert new([SUITS], kingdom_order="abba").owners == [1, 2, 0, 3]
    assert {str(a) for a in g.legal_actions()} == {
        "contract king", "contract queens", "contract diamonds", "contract ltoosh",
        "contract trex"}
    with pytest.raises(IllegalActionError, match="turn"):
        g.apply("contract king", seat=0)
    with pytest.raises(IllegalActionError, match="combine"):
        g.apply("contract king+queens")


def test_deal_hands_on_the_first_deal_decides_the_owner_again():
    g = TrixGame.new(seed=4)
    g.deal_hands(["..AKQJT98765432.", "...AKQJT98765432", ".AKQJT98765432..",
                  "AKQJT98765432..."])
    assert g.owner == 2 and g.owners == [2, 3, 0, 1]
    g.apply("contract ltoosh")
    with pytest.raises(IllegalActionError, match="has started"):
        g.deal_hands(SUITS)


def test_king_doubled_and_taken_by_another_player():
    g = new([KING_DEAL])
    g.apply("contract king")
    # The round visits every player from the owner (seat 1), not only the K♥'s holder.
    assert g.phase == Phase.DOUBLE and g.to_move == 1
    assert [str(a) for a in g.legal_actions()] == ["no double"]  # nothing to double
    play_all(g, ["no double", "no double", "no double"])  # seats 1, 2, 3
    assert g.to_move == 0 and {str(a) for a in g.legal_actions()} == {"double KH", "no double"}
    g.apply("double KH")
    assert g.observe(2)["public"] == {"0": ["KH"]}  # everyone now knows where the K♥ is
    # Nothing left to double, yet the doubler still says so: a turn that ended by
    # itself would tell the others what else the doubler holds.
    assert g.phase == Phase.DOUBLE and g.to_move == 0
    assert [str(a) for a in g.legal_actions()] == ["no double"]
    g.apply("no double")
    assert g.phase == Phase.PLAY and g.to_move == 1
    play_all(g, ["AS", "2D", "2C", "3S",  # seat 1 wins the spade
                 "AH", "3D", "3C"])
    assert {str(a) for a in g.legal_actions()} == {"KH", "2H"}  # must follow hearts
    g.apply("KH")
    assert g.phase == Phase.HAND_OVER  # end_early: the K♥ is taken
    assert g.scores == [75, -150, 0, 0]
    row = g.score_sheet()[-1]
    assert row["contract"] == "king" and row["doubles"] == [["KH", 0]] and row["owner"] == 1


def test_king_doubled_and_taken_by_the_doubler():
    g = new([SUITS])
    g.apply("contract king")
    assert g.to_move == 1
    play_all(g, ["double KH", "no double", "no double", "no double", "no double"])
    play_all(g, ["KH", "2D", "2C", "2S"])
    assert g.scores == [0, -75, 0, 0]  # no bonus for taking your own doubled card


def test_undoubled_king_and_no_end_early():
    g = new([SUITS], end_early=False, doubling=False)
    g.apply("contract king")
    # Doubling off, but a King redeal may still be claimed: every player says "no redeal".
    assert g.phase == Phase.DOUBLE and g.to_move == 1
    with pytest.raises(IllegalActionError, match="doubling is off"):
        g.apply("double KH")
    play_all(g, ["no redeal"] * 4)
    assert g.phase == Phase.PLAY
    play_all(g, ["KH", "2D", "2C", "2S"])
    assert g.phase == Phase.PLAY and len(g.tricks) == 1
    finish_tricks(g)
    assert len(g.tricks) == 13 and g.scores == [0, -75, 0, 0]


def test_queens_with_a_double_and_end_early():
    g = new([SUITS])
    g.apply("contract queens")
    assert g.phase == Phase.DOUBLE
    play_all(g, ["no double"])  # seat 1
    assert g.to_move == 2
    with pytest.raises(IllegalActionError, match="no double"):
        g.apply("no redeal")
    play_all(g, ["double QD", "no double",  # seat 2 doubles, then says it is done
                 "no double", "no double"])  # seats 3 and 0
    assert g.phase == Phase.PLAY and g.to_move == 1
    play_all(g, ["QH", "QD", "2C", "QS",  # seat 1 takes Q♥, Q♠ and seat 2's doubled Q♦
                 "AH", "3D", "QC", "2S"])  # and the Q♣: all four queens are out
    assert g.phase == Phase.HAND_OVER and len(g.tricks) == 2
    assert g.scores == [0, -25 - 50 - 25 - 25, 25, 0]
    assert sum(g.scores) == -100


@pytest.mark.parametrize("swap,diamonds,ltoosh", [(False, -130, -195), (True, -195, -130)])
def test_diamonds_and_ltoosh_scores(swap, diamonds, ltoosh):
    g = new([SUITS, SUITS], swap_diamonds_ltoosh=swap)
    g.apply("contract diamonds")
    finish_tricks(g)  # seat 1 leads hearts 13 times; seat 2 must shed a diamond each time
    assert g.scores == [0, diamonds, 0, 0] and g.tricks_won == [0, 13, 0, 0]
    g.next_hand()
    assert g.owner == 1 and g.contracts_left == [Contract.KING, Contract.QUEENS,
                                                 Contract.LTOOSH, Contract.TREX]
    g.apply("contract ltoosh")
    finish_tricks(g)
    assert g.scores == [0, diamonds + ltoosh, 0, 0]
    with pytest.raises(IllegalActionError, match="already been played"):
        g.next_hand()
        g.apply("contract diamonds")


def test_reversed_signs():
    g = new([SUITS], reversed_signs=True)
    g.apply("contract ltoosh")
    finish_tricks(g)
    assert g.scores == [0, 195, 0, 0]


def test_trex_deal_finishing_order_and_partnership_twos():
    g = new([SUITS], partnership=True)
    g.apply("contract trex")
    decline_round(g)
    assert g.phase == Phase.TREX and g.to_move == 1
    assert g.legal_actions() == [Play(Card.parse("JH"))]  # only a jack opens a row
    with pytest.raises(IllegalActionError, match="must play"):
        g.apply("pass")
    with pytest.raises(IllegalActionError, match="does not fit"):
        g.apply("AH")
    play_all(g, ["JH", "JD", "JC"])
    assert g.observe(1)["public"] == {}  # seat 0 has not had a turn yet
    g.apply("JS")
    # Every player has had a turn: each 2 still held is public, to everyone.
    assert g.observe(1)["public"] == {"0": ["2S"], "1": ["2H"], "2": ["2D"], "3": ["2C"]}
    assert "2H" in g.observe(1)["hand"]
    while g.phase == Phase.TREX:
        g.apply(g.legal_actions()[0])
    assert g.out == [1, 2, 3, 0]  # seat 1 started, so it finishes first
    assert g.scores == [50, 200, 150, 100]
    assert g.team_scores == [200, 300]
    assert g.observe(0)["team_scores"] == [200, 300]


def test_trex_pass_only_without_a_playable_card():
    # The J♥ moves to seat 0, so seat 1 (the owner) has no jack to open with.
    deal = ["AKQJT9876543.J..", "2.AKQT98765432..", "..AKQJT98765432.", "...AKQJT98765432"]
    g = new([deal])
    g.apply("contract trex")
    decline_round(g)
    assert g.to_move == 1 and g.legal_actions() == [Pass()]
    with pytest.raises(IllegalActionError, match="does not fit"):
        g.apply("QH")
    play_all(g, ["pass", "JD", "JC", "JH"])
    assert g.to_move == 1 and {str(a) for a in g.legal_actions()} == {"QH", "TH"}
    assert g.passes == [0, 1, 0, 0]
    assert g.layout.rows[1] == (11, 11)
    assert str(Layout().play(Card.parse("JS")).play(Card.parse("QS"))).startswith("♠ J–Q")


def test_king_redeal_claim_shows_the_hand_and_uses_no_slot():
    # Seat 0 holds the K♥ alone in hearts.
    claim = ["KQJT9876543.K..A", "A.AQJT98765432..", "..AKQJT98765432.", "2...KQJT98765432"]
    g = new([claim, SUITS])
    assert g.owner == 1
    g.apply("contract king")
    play_all(g, ["no double"] * 3)  # seats 1, 2, 3
    assert g.to_move == 0 and ClaimRedeal() in g.legal_actions()
    g.apply("redeal")
    assert g.phase == Phase.CHOOSE_CONTRACT and g.owner == 1 and g.used == []
    assert g.hands[1] == CardSet.from_pbn(SUITS[1])  # the next deal, by the same owner
    shown = g.observe(2)["redeal_claim"]
    assert shown["seat"] == 0 and "KH" in shown["hand"] and shown["contract"] == "king"
    assert g.score_sheet()[0]["redeal"] == 0 and g.score_sheet()[0]["points"] == [0] * 4
    g.apply("contract king")  # the same contract may be chosen again
    assert g.dealer == 1


def test_trex_redeal_claim_and_a_refused_false_claim():
    twos = ["KQJT987652.2.2.2", "A.AKQJT9876543..", "4..AKQJT9876543.", "3...AKQJT9876543"]
    assert may_claim_trex_redeal(CardSet.from_pbn(twos[0]))
    g = new([twos])
    assert g.owner == 1
    g.apply("contract trex")
    assert g.phase == Phase.DOUBLE and g.to_move == 1
    with pytest.raises(IllegalActionError, match="Trex redeal needs"):
        g.apply("redeal")
    play_all(g, ["no redeal"] * 3)  # seats 1, 2, 3
    assert g.to_move == 0 and {str(a) for a in g.legal_actions()} == {"redeal", "no redeal"}
    g.apply("redeal")
    assert g.phase == Phase.CHOOSE_CONTRACT and g.claim["seat"] == 0
    # A false claim: seat 0 may double the K♥ but its hearts do not allow a claim.
    h = new([KING_DEAL])
    h.apply("contract king")
    play_all(h, ["no double"] * 3)
    before = h.to_json()
    with pytest.raises(IllegalActionError, match="redeal needs"):
        h.apply("redeal")
    assert h.to_json() == before


def test_combined_deal_scores_every_named_contract():
    g = new([SUITS], combine=True)
    assert ChooseContract({Contract.KING, Contract.QUEENS}) in g.legal_actions()
    assert ChooseContract({Contract.KING, Contract.TREX}) not in g.legal_actions()
    g.apply("contract queens+king")
    assert g.phase == Phase.DOUBLE and {str(a) for a in g.legal_actions()} == {
        "double KH", "double QH", "no double"}
    play_all(g, ["no double", NoDouble(), NoDouble(), NoDouble()])
    play_all(g, ["KH", "2D", "2C", "2S"])
    assert g.phase == Phase.PLAY  # no end_early in a combined deal
    finish_tricks(g)
    # Seat 1 leads hearts all the way: it takes K♥ and every queen discarded on them.
    assert g.scores == [0, -75 - 100, 0, 0]
    assert g.used == [Contract.KING, Contract.QUEENS]
    assert g.score_sheet()[-1]["contract"] == "king+queens"


def test_complex_preset_is_two_deals_a_kingdom():
    g = TrixGame.new(seed=3, rules=TrixRules.complex())
    assert {str(a) for a in g.legal_actions()} == {"contract king+queens+diamonds+ltoosh",
                                                   "contract trex"}
    rng = random.Random(3)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    real = [r for r in g.score_sheet() if r["redeal"] is None]
    assert len(real) == 8 and sum(g.scores) == 0


def test_abba_order_over_a_whole_game():
    g = TrixGame.new(seed=11, rules=TrixRules(kingdom_order="abba"))
    rng = random.Random(11)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    owners = []
    for r in g.score_sheet():
        if not owners or owners[-1] != r["owner"]:
            owners.append(r["owner"])
    a = owners[0]
    assert owners == [a, (a + 1) % 4, (a + 3) % 4, (a + 2) % 4]


def test_undo_and_record_round_trip_mid_deal():
    g = new([KING_DEAL])
    g.apply("contract king")
    play_all(g, ["no double"] * 3 + ["double KH", "no double"])
    g.apply("AS")
    snapshot = g.to_json()
    g.apply("2D")
    g.undo()
    assert g.to_json() == snapshot
    again = TrixGame.from_json(snapshot)
    assert again.observe(0) == g.observe(0) and again.doubles == g.doubles
    g.undo()
    g.undo()
    assert g.phase == Phase.DOUBLE and g.to_move == 0 and g.doubles == [(KH, 0)]
    g.undo()
    assert g.phase == Phase.DOUBLE and g.to_move == 0 and g.doubles == []


@pytest.mark.parametrize("contract,rules,word", [
    ("king", {}, "no double"), ("king", {"doubling": False}, "no redeal"),
    ("queens", {}, "no double"), ("queens", {"doubling": False}, None),
    ("trex", {}, "no redeal"), ("diamonds", {}, None), ("ltoosh", {}, None),
    ("king+queens", {"combine": True}, "no double"),
    ("queens+diamonds", {"combine": True, "doubling": False}, None),
    ("king+ltoosh", {"combine": True, "doubling": False}, "no redeal")])
@pytest.mark.parametrize("owner", [0, 3])
def test_the_round_visits_every_player_in_order_from_the_owner(contract, rules, word, owner):
    """RULES.md A5: when the contract allows a double or a claim, the round visits all four
    players once, in play order from the owner, whatever they hold; else there is none."""
    g = TrixGame.new(seed=5, rules=TrixRules(**rules), owner=owner)
    g.apply(f"contract {contract}")
    if word is None:
        assert g.phase in (Phase.PLAY, Phase.TREX) and g.to_move == owner
        return
    visited = []
    while g.phase == Phase.DOUBLE:
        legal = [str(a) for a in g.legal_actions()]
        assert legal[-1] == word and "redeal" not in legal  # seed 5: nobody may claim
        visited.append(g.to_move)
        g.apply(word)
    assert visited == [(owner + i) % 4 for i in range(4)]
    assert g.to_move == owner and g.phase in (Phase.PLAY, Phase.TREX)


def test_scripted_doubles_and_a_redeal_claim_score_by_hand():
    """King of Hearts: seat 0 doubles its lone K♥, then (still to move) claims a redeal;
    the deal scores nothing. The owner deals again: Queens with three doubles."""
    claim = ["KQJT9876543.K..A", "A.AQJT98765432..", "..AKQJT98765432.", "2...KQJT98765432"]
    g = new([claim, SUITS])
    assert g.owner == 1
    g.apply("contract king")
    play_all(g, ["no double", "no double", "no double"])  # seats 1, 2, 3
    assert g.to_move == 0
    g.apply("double KH")
    assert g.to_move == 0 and {str(a) for a in g.legal_actions()} == {"redeal", "no double"}
    g.apply("redeal")
    row = g.score_sheet()[0]
    assert row["redeal"] == 0 and row["points"] == [0] * 4 and row["doubles"] == [["KH", 0]]
    assert g.owner == 1 and g.doubles == [] and g.scores == [0] * 4
    g.apply("contract queens")  # each seat holds a whole suit: seat 1 the hearts
    play_all(g, ["double QH", "no double",  # seat 1, the owner
                 "double QD", "no double",  # seat 2
                 "no double",  # seat 3 keeps its Q♣ quiet
                 "double QS", "no double"])  # seat 0
    assert g.phase == Phase.PLAY and g.to_move == 1
    play_all(g, ["QH", "QD", "2C", "QS",  # seat 1 wins: its own Q♥, and Q♦, Q♠ doubled
                 "AH", "3D", "QC", "2S"])  # by others; then the plain Q♣
    assert g.phase == Phase.HAND_OVER
    # Seat 1: -25 (own doubled Q♥, no bonus) -50 (Q♦) -50 (Q♠) -25 (Q♣) = -150;
    # seats 2 and 0: +25 each for a doubled queen taken by another player.
    assert g.scores == [25, -150, 25, 0] and sum(g.scores) == -100
    assert g.score_sheet()[1]["doubles"] == [["QH", 1], ["QD", 2], ["QS", 0]]
