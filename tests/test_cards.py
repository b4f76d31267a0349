"""Cards, card sets, deals and action text: known answers and frozenset/Counter oracles."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import (JOKER, Bid, Card, CardSet, ChooseContract, ChooseTrump, ClaimRedeal, Double,
                   Join, NextHand, NoDouble, NoRedeal, ParseError, Pass, Play, Rank, Suit, deal,
                   format_deal, parse_action, parse_deal)

ALL = [Card(s, r) for s in Suit for r in Rank]


@pytest.mark.parametrize("text", ["TH", "10h", "10♥", "th", "T♥", "H10", "♥10", "10H", "tH",
                                  " th ", "♥T", "10hearts"])
def test_card_parse_accepts_every_spelling(text):
    assert Card.parse(text) is Card(Suit.HEARTS, Rank.TEN)


@pytest.mark.parametrize("text", ["1H", "ZZ", "", "11S", "AX", "T", "H", "10♥♥", "joker!"])
def test_card_parse_rejects_junk_naming_it(text):
    with pytest.raises(ParseError) as e:
        Card.parse(text)
    assert repr(text) in str(e.value)
    assert isinstance(e.value, ValueError)


def test_card_parse_rejects_non_text():
    for bad in (None, 5, 1.5):
        with pytest.raises(ParseError):
            Card.parse(bad)


def test_card_text_round_trips_and_joker():
    for c in ALL:
        assert Card.parse(str(c)) is c and Card.parse(c.symbol()) is c
        assert not c.is_joker
    for t in ("X", "x", "🃏", "joker"):
        assert Card.parse(t) is JOKER
    assert str(JOKER) == "X" and JOKER.symbol() == "joker" and JOKER.is_joker
    assert Card.parse("QS").symbol() == "Q♠" and str(Card.parse("10c")) == "TC"
    assert repr(Card.parse("TD")) == "Card.parse('TD')"
    assert len({str(c) for c in ALL}) == 52


def test_cards_are_immutable_and_copy_to_themselves():
    c = Card.parse("AS")
    with pytest.raises(AttributeError):
        c.rank = Rank.TWO
    assert copy.copy(c) is c and copy.deepcopy(c) is c and pickle.loads(pickle.dumps(c)) is c
    assert sorted([Card.parse(t) for t in ("2C", "AH", "X", "KS", "AS")]) == [
        Card.parse(t) for t in ("AS", "KS", "AH", "2C", "X")]


cardsets = st.sets(st.sampled_from(ALL))


@given(cardsets, cardsets)
def test_cardset_behaves_like_frozenset(a, b):
    x, y = CardSet(a), CardSet(b)
    fa, fb = frozenset(a), frozenset(b)
    assert set(x | y) == fa | fb and set(x & y) == fa & fb
    assert set(x - y) == fa - fb and set(x ^ y) == fa ^ fb
    assert (x <= y) == (fa <= fb) and (x < y) == (fa < fb)
    assert (x >= y) == (fa >= fb) and (x > y) == (fa > fb)
    assert x.isdisjoint(y) == fa.isdisjoint(fb) and x.issubset(y) == fa.issubset(fb)
    assert len(x) == len(fa) and bool(x) == bool(fa)
    assert (x == y) == (fa == fb) and (hash(x) == hash(y)) >= (fa == fb)
    for c in ALL[:8]:
        assert (c in x) == (c in fa)


@given(cardsets)
def test_cardset_iterates_in_hand_order_and_pbn_round_trips(a):
    x = CardSet(a)
    order = list(x)
    assert order == sorted(a)
    assert CardSet.from_pbn(x.pbn()) == x and CardSet.parse(" ".join(map(str, a))) == x
    for s in Suit:
        assert set(x.by_suit(s)) == {c for c in a if c.suit == s}
        assert x.suit_length(s) == len(x.by_suit(s)) and x.has_suit(s) == bool(x.by_suit(s))
        in_suit = [c for c in a if c.suit == s]
        assert x.highest(s) == (max(in_suit, key=lambda c: c.rank) if in_suit else None)
        assert x.lowest(s) == (min(in_suit, key=lambda c: c.rank) if in_suit else None)


@given(st.integers(0, 4), st.integers(0, 4))
def test_jokers_count_like_a_counter(j, k):
    a = CardSet.from_mask(0b101, j)
    b = CardSet.from_mask(0b110, k)
    ca, cb = Counter({"X": j}), Counter({"X": k})
    assert (a | b).jokers == (ca | cb)["X"] and (a & b).jokers == (ca & cb)["X"]
    assert (a - b).jokers == (ca - cb)["X"] and (a + b).jokers == (ca + cb)["X"]
    assert len(a + b) == 3 + j + k
    assert (JOKER in a) == (j > 0)


def test_pbn_in_and_out():
    h = CardSet.from_pbn("AK2.QJ.T98.7654")
    assert len(h) == 12 and h.pbn() == "AK2.QJ.T98.7654"
    assert CardSet.from_pbn("A10.-..2") == CardSet.parse("AS TS 2C")
    assert CardSet.from_pbn(" AK.QJ.T9.87.XX ").jokers == 2
    assert CardSet.from_pbn("A...2.X").pbn() == "A...2.X"
    assert h.symbols() == "♠AK2 ♥QJ ♦1098 ♣7654"
    assert str(h.by_suit("♥")) == ".QJ.."
    assert h.add(Card.parse("3C")).remove(Card.parse("3C")) == h
    with pytest.raises(KeyError):
        h.remove(Card.parse("2H"))
    with pytest.raises(AttributeError):
        h.mask = 0
    assert pickle.loads(pickle.dumps(h)) == h and copy.deepcopy(h) is h
    assert CardSet.deck(2).jokers == 2 and len(CardSet.deck()) == 52


@pytest.mark.parametrize("text,bad", [("AK2.QJ.T98", "AK2.QJ.T98"), ("AZ...", "'Z'"),
                                      ("AA...", "AS twice"), ("A...2.Y", "'Y'"),
                                      ("A.B.C.D.E.F", "A.B.C.D.E.F")])
def test_bad_pbn_names_the_token(text, bad):
    with pytest.raises(ParseError, match=bad):
        CardSet.from_pbn(text)


def test_cardset_parse_rejects_repeats_and_junk():
    with pytest.raises(ParseError, match="twice"):
        CardSet.parse("AS as")
    with pytest.raises(ParseError, match="'QQ'"):
        CardSet.parse("AS QQ")


@pytest.mark.parametrize("n,size,jokers", [(4, 13, 0), (3, 18, 2), (5, 11, 3), (8, 7, 4),
                                           (6, 3, 2)])
def test_deal_sizes_and_conservation(n, size, jokers):
    d = deal(n, size, jokers, rng=random.Random(n))
    assert [len(h) for h in d.hands] == [size] * n
    total = d.undealt
    for h in d.hands:
        assert (total & h).mask == 0
        total = total + h
    assert total == CardSet.deck(jokers)
    assert deal(n, size, jokers, rng=7) == deal(n, size, jokers, rng=7)
    assert deal(n, size, jokers, rng=7) != deal(n, size, jokers, rng=8)


def test_deal_refuses_impossible_sizes():
    with pytest.raises(ValueError):
        deal(4, 14)
    with pytest.raises(ValueError):
        deal(0, 1)


def test_parse_deal_forms():
    hands = parse_deal("N:AKQJ... .AKQJ.. ..AKQJ. ...AKQJ")
    assert [h.pbn() for h in hands][2] == "..AKQJ."
    west_first = parse_deal("W:A... K... Q... J...")
    assert [h.pbn() for h in west_first] == ["K...", "Q...", "J...", "A..."]
    five = parse_deal(["A...", "K...", "Q...", "J...", "T..."], players=5)
    assert len(five) == 5 and format_deal(five) == "A... K... Q... J... T..."
    assert format_deal(hands) == "N:AKQJ... .AKQJ.. ..AKQJ. ...AKQJ"
    with pytest.raises(ParseError, match="hand 2: AS is already in another hand"):
        parse_deal(["A...", "A..."])
    with pytest.raises(ParseError, match="expected 4 hands"):
        parse_deal("A... K...", players=4)
    with pytest.raises(ParseError, match="hand 3"):
        parse_deal("A... K... Q?..")
    assert parse_deal(["X", "X"])[1].jokers == 1  # jokers are alike: no clash


ACTIONS = [Play(Card.parse("QS")), Play(JOKER), Bid(0), Bid(12), ChooseTrump(Suit.HEARTS),
           ChooseTrump(None), ChooseContract("queens"), ChooseContract(["king", "ltoosh"]),
           Double(Card.parse("KH")), NoDouble(), ClaimRedeal(), NoRedeal(), Pass(), NextHand(),
           Join("Dana Smith")]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_action_text_round_trips(action):
    assert parse_action(str(action)) == action
    assert parse_action(action) is action


@pytest.mark.parametrize("junk", ["bid", "bid x", "trump Z", "contract chess", "double 1H",
                                  "hello", "", 42])
def test_action_junk_raises_parse_error(junk):
    with pytest.raises(ParseError):
        parse_action(junk)
