"""The rules on card masks (:mod:`tutor.engine.masks`) answer as the engine's own rules on
cards do, on thousands of random positions of both games, jokers included: the engine
(:mod:`tutor.engine.tricks`, :mod:`tutor.engine.trix`) is the reference."""

from __future__ import annotations

import random

import pytest

from tutor.engine import masks
from tutor.engine.cards import JOKER, Card, CardSet, Rank, Suit
from tutor.engine.tricks import legal_cards, trick_winner
from tutor.engine.trix.contracts import Contract, discard_duty, lead_ban, legal_trick_cards
from tutor.engine.trix.rules import TrixRules
from tutor.engine.trix.trex import Layout

CARDS = [Card(Suit(i // 13), Rank(i % 13 + 2)) for i in range(52)]


def indices(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def index(card: Card) -> int:
    return masks.JOKER if card.is_joker else card.index


def trixter_position(rng: random.Random):
    """A hand (jokers in about half), a trick of 0 to 7 cards (jokers anywhere, even all
    jokers) and a trump or none."""
    deck = list(CARDS)
    rng.shuffle(deck)
    size = rng.randrange(0, 10)
    jokers = rng.randrange(0, min(size, 4) + 1) if rng.random() < 0.5 else 0
    hand = CardSet(deck[:size - jokers]) + CardSet([JOKER] * jokers)
    trick = deck[size:size + rng.randrange(8)]
    for i in range(len(trick)):
        if rng.random() < 0.2:
            trick[i] = JOKER
    return hand, trick, rng.choice([None, *Suit])


def test_constants_are_the_cards():
    assert masks.SUIT == tuple(s.mask for s in Suit)
    assert masks.FULL == CardSet.deck().mask
    assert masks.KING_OF_HEARTS == Card.parse("KH").index
    assert (masks.HEARTS, masks.DIAMONDS) == (Suit.HEARTS, Suit.DIAMONDS)
    assert masks.JACK == Rank.JACK - 2
    for i, card in enumerate(CARDS):
        assert masks.HIGHER[i] == sum(1 << c.index for c in CARDS
                                      if c.suit == card.suit and c.rank > card.rank)


@pytest.mark.parametrize("seed", range(3))
def test_trixter_tricks_are_the_engines(seed):
    """Legal cards, the suit led, the trick winner and who beats the card on top."""
    rng = random.Random(seed)
    for _ in range(3000):
        hand, trick, trump = trixter_position(rng)
        t = -1 if trump is None else int(trump)
        down = [index(c) for c in trick]
        legal = legal_cards(hand, trick)
        want = legal.mask | (1 << masks.JOKER if legal.jokers else 0)
        if not hand.mask and not hand.jokers:  # nothing to play: no question to answer
            continue
        assert masks.legal_mask(hand.mask, hand.jokers, down) == want, (hand, trick)
        led = masks.led_suit(down)
        assert led == next((int(c.suit) for c in trick if not c.is_joker), -1)
        if not trick:
            continue
        pos = masks.trick_winner(down, t)
        assert pos == trick_winner(trick, trump), (trick, trump)
        top = down[pos]
        if top == masks.JOKER:
            continue
        for c in indices(hand.mask) + [masks.JOKER] * min(hand.jokers, 1):
            card = JOKER if c == masks.JOKER else CARDS[c]
            wins = trick_winner([trick[pos], card], trump) == 1  # over the card on top
            assert masks.beats(c, top, t) == wins, (card, trick[pos], trump)


@pytest.mark.parametrize("seed", range(2))
def test_trix_legal_cards_are_the_engines(seed):
    """Follow suit, the lead ban and the discard duty of every option and contract."""
    rng = random.Random(100 + seed)
    trick_contracts = [c for c in Contract if c != Contract.TREX]
    for _ in range(3000):
        rules = TrixRules(no_heart_lead_in_king=rng.random() < 0.5,
                          penalty_discard=rng.random() < 0.5, combine=True)
        contracts = frozenset(rng.sample(trick_contracts, rng.randrange(1, 5)))
        deck = list(CARDS)
        rng.shuffle(deck)
        hand = CardSet(deck[:rng.randrange(1, 14)])
        trick = deck[13:13 + rng.randrange(4)]
        led = int(trick[0].suit) if trick else -1
        got = masks.trix_legal_mask(hand.mask, led, lead_ban(contracts, rules).mask,
                                    discard_duty(contracts, rules).mask)
        assert got == legal_trick_cards(hand, trick, contracts, rules).mask, (hand, trick)
        if len(trick) == 3:  # no trumps, no jokers in Trix
            assert masks.trick_winner([c.index for c in trick], -1) == trick_winner(trick)


def test_trex_layout_is_the_engines():
    """The playable cards of random hands on layouts built by random legal plays, and each
    play's new rows."""
    rng = random.Random(7)
    for _ in range(400):
        layout = Layout()
        low, high = [-1] * 4, [-1] * 4
        deck = list(CARDS)
        rng.shuffle(deck)
        for _step in range(rng.randrange(0, 52)):
            hand = CardSet(rng.sample(CARDS, 13))
            assert masks.trex_playable(hand.mask, low, high) == layout.playable_mask(hand.mask)
            fits = masks.trex_playable(masks.FULL, low, high)
            assert fits == layout.playable_mask(CardSet.deck().mask)
            if not fits:
                break
            card = CARDS[rng.choice(indices(fits))]
            layout = layout.play(card)
            masks.trex_place(low, high, card.index)
            rows = [None if lo < 0 else (lo + 2, hi + 2) for lo, hi in zip(low, high)]
            assert tuple(rows) == layout.rows


RULES = ("led_suit", "legal_mask", "trix_legal_mask", "trick_winner", "beats", "trex_playable",
         "trex_place")


def rule_answers(rng: random.Random, typed=list) -> list:
    """Every rule's answer on 300 random positions (``typed`` makes the lists)."""
    out = []
    for _ in range(300):
        hand, trick, trump = trixter_position(rng)
        t = -1 if trump is None else int(trump)
        down = typed([index(c) for c in trick])
        led = masks.led_suit(down)
        out += [led, masks.legal_mask(hand.mask, hand.jokers, down),
                masks.trick_winner(down, t), masks.trix_legal_mask(hand.mask, led, 0x1FFF, 0xF)]
        if trick and not trick[0].is_joker:
            out += [masks.beats(c, trick[0].index, t) for c in indices(hand.mask)]
        low = [rng.choice((-1, 9, 5)) for _ in range(4)]
        high = [-1 if lo < 0 else rng.choice((9, 12)) for lo in low]
        out.append(masks.trex_playable(hand.mask, typed(low), typed(high)))
        if hand.mask:
            c = indices(hand.mask)[0]
            playable = typed(low), typed(high)
            masks.trex_place(*playable, c)
            out.append([list(playable[0]), list(playable[1])])
    return out


def test_the_rules_compile_with_numba_and_answer_alike(monkeypatch):
    """Written for numba as they are: each compiles (in nopython mode) and gives the pure
    functions' answers on random positions."""
    numba = pytest.importorskip("numba")
    from numba.typed import List

    def typed(xs):
        return List(xs) if xs else List.empty_list(numba.int64)

    want = rule_answers(random.Random(26))
    # The compiled functions call each other through the module; numba's cache (keyed by
    # masks.py, compiled afresh when it changes) spares the quick lane a second of compiling.
    for name in RULES:
        monkeypatch.setattr(masks, name, numba.njit(cache=True)(getattr(masks, name)))
    assert rule_answers(random.Random(26), typed) == want


def test_trex_shrewd_card_keeps_back_the_card_that_holds_a_row_up():
    """The spade row is open at its jack; the hand holds the 10♠ 9♠ and the J♥ A♥. By hand:
    the 10♠ opens the hand's own 9♠ (+3.5, +2) but walks towards the seven spades behind it
    (7 × −0.95): −1.15. The J♥ opens the hearts: the Q♥ and K♥ up to the A♥ (2 × −0.25,
    +2), the nine hearts below (9 × −0.25): −0.75. So the J♥; the beginner's rule plays the
    10♠ (it opens a run of its own)."""
    from tutor.search import policy

    hand = CardSet.parse("TS 9S JH AH").mask
    low, high = [Rank.JACK - 2, -1, -1, -1], [Rank.JACK - 2, -1, -1, -1]
    playable = masks.trex_playable(hand, low, high)
    assert playable == CardSet.parse("TS JH").mask
    assert policy.trex_shrewd_card(hand, playable) == Card.parse("JH").index
    assert policy.trex_card(hand, playable) == Card.parse("TS").index
    # With nothing to choose, the only card.
    only = CardSet.parse("TS").mask
    assert policy.trex_shrewd_card(hand, only) == Card.parse("TS").index
