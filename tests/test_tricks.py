"""The trick core against an oracle written from RULES.md B3 on (suit, rank) pairs."""

from __future__ import annotations

import random

import pytest

from tutor import JOKER, Card, CardSet, Rank, Suit
from tutor.engine.tricks import led_suit, legal_cards, legal_mask, trick_winner, why_illegal

J = None  # the oracle's joker


def tup(c: Card):
    return J if c.is_joker else (int(c.suit), int(c.rank))


def oracle_legal(hand, trick):
    """B3: follow suit if able; a joker only when void in the suit led; a joker led only
    from a hand of nothing but jokers; any card while no suit is set."""
    real = [c for c in hand if c is not J]
    if not trick:
        return real if real else list(hand)
    suits = [c[0] for c in trick if c is not J]
    if not suits:
        return list(hand)
    follow = [c for c in real if c[0] == suits[0]]
    return follow if follow else list(hand)


def oracle_winner(trick, trump):
    """B3: highest trump, else highest of the suit led; jokers never; all jokers: leader."""
    suits = [c[0] for c in trick if c is not J]
    if not suits:
        return 0
    trumps = [(c[1], i) for i, c in enumerate(trick) if c is not J and c[0] == trump]
    if trumps:
        return max(trumps)[1]
    return max((c[1], i) for i, c in enumerate(trick) if c is not J and c[0] == suits[0])[1]


def random_case(rng):
    deck = [Card(s, r) for s in Suit for r in Rank] + [JOKER] * 4
    rng.shuffle(deck)
    k = rng.randrange(1, 8)
    hand_cards = deck[:k]
    trick = deck[k:k + rng.randrange(0, 7)]
    hand = CardSet(hand_cards)
    return hand, trick


@pytest.mark.parametrize("seed", range(20))
def test_legal_cards_match_the_oracle(seed):
    rng = random.Random(seed)
    for _ in range(300):
        hand, trick = random_case(rng)
        got = legal_cards(hand, trick)
        want = oracle_legal([tup(c) for c in hand], [tup(c) for c in trick])
        assert {tup(c) for c in got} == set(want)
        for c in hand:
            assert (why_illegal(c, hand, trick) is None) == (tup(c) in want)


@pytest.mark.parametrize("seed", range(5))
def test_legal_mask_gives_the_answers_of_legal_cards(seed):
    rng = random.Random(50 + seed)
    for _ in range(300):
        hand, trick = random_case(rng)
        got = legal_mask(hand.mask, hand.jokers, [c.index for c in trick])
        want = legal_cards(hand, trick)
        assert got == want.mask | (1 << JOKER.index if want.jokers else 0)


@pytest.mark.parametrize("seed", range(20))
def test_trick_winner_matches_the_oracle(seed):
    rng = random.Random(100 + seed)
    for _ in range(300):
        deck = [Card(s, r) for s in Suit for r in Rank]
        rng.shuffle(deck)
        trick = deck[: rng.randrange(3, 9)]
        for _ in range(rng.randrange(0, 3)):
            trick[rng.randrange(len(trick))] = JOKER
        trump = rng.choice([None, *Suit])
        want = oracle_winner([tup(c) for c in trick], None if trump is None else int(trump))
        assert trick_winner(trick, trump) == want


def test_known_tricks():
    cards = [Card.parse(t) for t in ("QH", "2S", "AH", "KH")]
    assert trick_winner(cards) == 2 and trick_winner(cards, Suit.SPADES) == 1
    assert trick_winner([JOKER, Card.parse("5H"), Card.parse("AS"), Card.parse("6H")]) == 3
    assert trick_winner([JOKER, JOKER, JOKER]) == 0
    assert trick_winner([JOKER, JOKER, Card.parse("2C")], Suit.HEARTS) == 2
    assert led_suit([JOKER, Card.parse("5D")]) == Suit.DIAMONDS and led_suit([JOKER]) is None


def test_why_illegal_explains():
    hand = CardSet.parse("AS 2H X")
    assert "not in your hand" in why_illegal(Card.parse("KD"), hand, [])
    assert "joker may be led only" in why_illegal(JOKER, hand, [])
    assert "follow suit" in why_illegal(Card.parse("2H"), hand, [Card.parse("3S")])
    assert "follow suit" in why_illegal(JOKER, hand, [Card.parse("3S")])
    assert why_illegal(JOKER, hand, [Card.parse("3D")]) is None
    assert why_illegal(JOKER, CardSet.parse("X X"), []) is None
