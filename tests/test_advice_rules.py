"""The advice engine's rollouts answer to the rules engine (issue 19, item 6).

The advice plays its rollouts on card masks, by the beginner's strategy
(:mod:`tutor.search.policy`) on the rules on masks (:mod:`tutor.engine.masks`); the one
definition of the rules is the engine (:class:`TrixterGame`, :class:`TrixGame`,
:mod:`tutor.engine.tricks`, :meth:`TrixterRules.score`,
:mod:`tutor.engine.trix.contracts`). So that the mask copy can never drift from the rules:

- real games are stopped at random points (beginner bots play to them): Trixter at 3 to 7
  players (jokers at 3, 5, 6, 7), with no trump, the dealer's first lead and every
  scoring; Trix in each trick contract, combined ones, the Complex preset in partnership,
  the lead and discard duties, doubles; Trex alone and in partnership;
- the advice runs on the real hands as its only layout, and every card its rollout
  policy plays is recorded with the state the policy saw;
- the same cards are played, in order, on a copy of the game (for a Trixter card, after
  the moves the advice's tree made on that iteration): every card must be legal
  (the engine raises otherwise), the policy must have seen the engine's state (hand,
  trick, unseen cards, tricks still needed, Trex layout), and the outcome must be the
  engine's: the tricks every seat won (Trixter), the deal's points of every seat (Trix),
  the finishing order (Trex), and the number the advice gave each option;
- the same for the rollouts before play (a Trixter bid's distribution from the first
  lead; a Trix contract and the round of doubles played out by the policy);
- on thousands of random tricks the advice's trick winner is :func:`trick_winner`, and
  its policies only ever pick cards the rules allow;
- the advice is the same on the compiled solver engine and the pure-Python one.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from sizes import sampled

from tutor import Phase, TrixGame, TrixterGame
from tutor.advice import bids as advice_bids
from tutor.advice import trex, trix
from tutor.engine.actions import ChooseContract, ChooseTrump, ClaimRedeal, Double, Pass, Play
from tutor.advice import advise
from tutor.advice.bids import bid_distribution
from tutor.bots import bot_for
from tutor.search import last_tricks, policy, tree
from tutor.solver import search as solver_search
from tutor.engine import masks
from tutor.engine.cards import JOKER, Card, CardSet, Rank, Suit
from tutor.engine.tricks import legal_cards, trick_winner
from tutor.engine.trix.contracts import Contract, deal_points, legal_trick_cards, penalty_cards
from tutor.engine.trix.rules import TrixRules
from tutor.engine.trix.trex import Layout
from tutor.engine.trixter import TrixterRules, peak_for

ROOT = Path(__file__).resolve().parents[1]
CARDS = [Card(Suit(i // 13), Rank(i % 13 + 2)) for i in range(52)]
FULL = (1 << 52) - 1
OVER = (Phase.HAND_OVER, Phase.GAME_OVER)
SEARCH = tree.search  # the tree search, before a test wraps it


def card_of(i: int) -> Card:
    return JOKER if i == masks.JOKER else CARDS[i]


def index(card: Card) -> int:
    return masks.JOKER if card.is_joker else card.index


def trump_index(trump: Suit | None) -> int:
    return -1 if trump is None else int(trump)


def played(game) -> int:
    """The cards (not jokers) played so far in this hand or deal."""
    m = 0
    for t in game.tricks + [game.trick]:
        for _, c in t:
            if not c.is_joker:
                m |= 1 << c.index
    return m


def snap(args) -> list:
    return [list(a) if isinstance(a, list) else a for a in args]


class Recorder:
    """Records the advice's rollouts: each one's starting state, every policy call with
    what it chose, and the state the rollout ended in (its lists are changed in place)."""

    def __init__(self, monkeypatch, rollouts: dict[str, str], policies: list[str]) -> None:
        self.rollouts: list[dict] = []
        # The plain play-outs, whose policy calls can be watched; the compiled ones play
        # the very same cards (tests/test_rollout_kernels.py).
        monkeypatch.setattr(policy, "_COMPILED", [None])
        for name, kind in rollouts.items():
            monkeypatch.setattr(policy, name, self._rollout(getattr(policy, name), kind))
        for name in policies:
            monkeypatch.setattr(policy, name, self._policy(getattr(policy, name)))

    def _rollout(self, real, kind: str):
        def rollout(*args, **kw):
            # a Trixter play-out's own arguments, not its exact end (switched off here)
            state = args[:8] if kind == "trixter" else args
            seg = {"kind": kind, "start": snap(state), "plays": []}
            self.rollouts.append(seg)
            seg["result"] = result = real(*args, **kw)
            seg["end"] = snap(state)
            return result
        return rollout

    def _policy(self, real):
        def policy(*args, **kw):
            if not self.rollouts or "result" in self.rollouts[-1]:
                return real(*args, **kw)  # a beginner bot at the table, not a rollout
            card = real(*args, **kw)
            self.rollouts[-1]["plays"].append((snap(args), card))
            return card
        return policy

    def by_option(self, game, seat: int, kinds=None) -> dict[str, dict]:
        """Each rollout keyed by the option it plays out, known from the card that left
        the seat's hand (none: a Trex pass)."""
        out: dict[str, dict] = {}
        hand = game.hands[seat]
        for seg in self.rollouts:
            if kinds and seg["kind"] not in kinds:
                continue
            hands = seg["start"][1] if seg["kind"] == "trix" else seg["start"][0]
            gone = hand.mask & ~hands[seat]
            if gone:
                assert gone & (gone - 1) == 0, "one card leaves the hand"
                key = str(CARDS[gone.bit_length() - 1])
            elif seg["kind"] == "trixter":
                assert seg["start"][1][seat] == hand.jokers - 1
                key = str(JOKER)
            else:
                key = str(Pass())
            assert key not in out, f"two rollouts for the option {key}"
            out[key] = seg
        return out


def layouts_are_the_real_hands(monkeypatch, game) -> None:
    """The advice deals no hidden cards: its one layout is ``game``'s own hands (the
    advice itself holds only the seat's view, where the other hands are empty)."""
    for module in (trix, trex):
        monkeypatch.setattr(module, "layouts_for",
                            lambda view, seat, samples, rng_seed: [list(game.hands)])


def at_random_point(game, bots, rng: random.Random, phases=(Phase.PLAY,)):
    """``game`` at a random point of its card play (bots play on), or ``None``."""
    points = []
    while game.phase in phases:
        points.append(game.clone())
        seat = game.to_move
        game.apply(bots[seat].act(game.observation(seat)), seat)
    return rng.choice(points) if points else None


# --- the policies' rules on random positions (first: a drifted Trex row could leave a
# rollout where nobody may play, and it would never end) ----------------------------------
def test_trick_winner_is_the_engines():
    """On random tricks of 3 to 8 cards, with jokers anywhere (even all jokers), under
    every trump and none."""
    rng = random.Random(19)
    for _ in range(6000):
        n = rng.randrange(3, 9)
        jokers = rng.choice((0, 0, 1, 2, 4))
        cards = rng.sample(CARDS, n - min(jokers, n)) + [JOKER] * min(jokers, n)
        rng.shuffle(cards)
        trump = rng.choice([None, *Suit])
        assert masks.trick_winner([index(c) for c in cards], trump_index(trump)) == \
            trick_winner(cards, trump), (cards, trump)


def test_trixter_policy_plays_only_legal_cards():
    """Positions the games reach rarely too (only jokers down, a hand of jokers)."""
    rng = random.Random(6)
    for _ in range(4000):
        n = rng.randrange(3, 9)
        deck = list(CARDS)
        rng.shuffle(deck)
        size = rng.randrange(1, 9)
        jokers = rng.randrange(0, min(size, 4) + 1) if rng.random() < 0.5 else 0
        hand = CardSet(deck[:size - jokers]) + CardSet([JOKER] * jokers)
        down = rng.randrange(n)
        trick = deck[size:size + down]
        for i in range(len(trick)):
            if rng.random() < 0.15:
                trick[i] = JOKER
        unseen = 0
        for c in deck[size + down:]:
            if rng.random() < 0.7:
                unseen |= 1 << c.index
        trump = rng.choice([None, *Suit])
        card = policy.trixter_card(hand.mask, hand.jokers, [index(c) for c in trick],
                                 trump_index(trump), unseen, rng.randrange(-1, size + 1),
                                 down == n - 1)
        assert card_of(card) in legal_cards(hand, trick), (hand, trick, trump)


def test_trix_policies_play_only_legal_cards():
    """The trick policy under the lead and discard duties, and the Trex playable cards,
    on random hands, tricks and layouts."""
    rng = random.Random(8)
    trick_contracts = [c for c in Contract if c != Contract.TREX]
    for _ in range(3000):
        rules = TrixRules(no_heart_lead_in_king=rng.random() < 0.5,
                          penalty_discard=rng.random() < 0.5, combine=True,
                          partnership=rng.random() < 0.3)
        contracts = frozenset(rng.sample(trick_contracts, rng.randrange(1, 5)))
        deck = list(CARDS)
        rng.shuffle(deck)
        size = rng.randrange(1, 14)
        hand = CardSet(deck[:size])
        down = rng.randrange(4)
        leader = rng.randrange(4)
        trick = [((leader + i) % 4, c) for i, c in enumerate(deck[size:size + down])]
        seat = (leader + down) % 4
        doubles = [(c, rng.randrange(4)) for c in deck if c.rank in (Rank.KING, Rank.QUEEN)
                   and rng.random() < 0.2]
        deal = policy.TrixDeal(contracts, doubles, rules)
        unseen = sum(1 << c.index for c in deck[size + down:] if rng.random() < 0.7)
        card = policy.trix_card(deal, seat, hand.mask, [(s, c.index) for s, c in trick], unseen)
        assert CARDS[card] in legal_trick_cards(hand, [c for _, c in trick], contracts, rules)
        # Trex: the rows the advice keeps give the engine's playable cards.
        rows = []
        for _s in range(4):
            if rng.random() < 0.25:
                rows.append(None)
            else:
                lo = rng.randrange(2, 12)
                hi = rng.randrange(11, 15)
                rows.append((lo, hi))
        layout = Layout(tuple(rows))
        low, high = rows_of(layout)
        assert masks.trex_playable(hand.mask, low, high) == layout.playable_mask(hand.mask)


# --- Trixter -------------------------------------------------------------------------------
TRIXTER_TABLES = [
    (4, TrixterRules()),
    (3, TrixterRules()),  # 2 jokers
    (5, TrixterRules(first_lead="dealer", allow_no_trump=True)),  # 3 jokers
    (4, TrixterRules(scoring="squared", allow_no_trump=True)),
    (6, TrixterRules(scoring="tricks_if_missed", hook=True)),  # 2 jokers
    (7, TrixterRules(first_lead="dealer", allow_no_trump=True)),  # 4 jokers
]


def trixter_game(players: int, rules: TrixterRules, seed: int, rng: random.Random):
    """A Trixter hand bid by beginner bots (no trump a third of the time if allowed),
    ready for its first lead, and the bots."""
    peak = peak_for(players)
    g = TrixterGame.new(players=players, seed=seed, rules=rules,
                        first_hand=rng.randrange(2, 2 * peak))
    bots = [bot_for("trixter", "beginner", seed=seed * 10 + s) for s in range(players)]
    while g.phase != Phase.PLAY:
        if g.phase == Phase.TRUMP and rules.allow_no_trump and rng.random() < 0.35:
            g.apply(ChooseTrump(None))
            continue
        seat = g.to_move
        g.apply(bots[seat].act(g.observation(seat)), seat)
    return g, bots


def replay_trixter(g, seg: dict, where: str) -> None:
    """Play a Trixter rollout's cards on the engine's game ``g``, checking the state the
    policy saw at each; then the tricks won must be the engine's."""
    hands, jokers, trick, leader, trump, bids, won, gone = seg["start"]
    assert hands == [h.mask for h in g.hands] and jokers == [h.jokers for h in g.hands], where
    assert trick == [index(c) for _, c in g.trick] and leader == g.leader, where
    assert trump == trump_index(g.trump) and won == g.tricks_won, where
    assert gone == played(g), where
    n = g.n_players
    for (hand, jk, trick, trump, unseen, need, last, draw, top), card in seg["plays"]:
        s = g.to_move
        assert (hand, jk) == (g.hands[s].mask, g.hands[s].jokers), where
        assert trick == [index(c) for _, c in g.trick], where
        assert trump == trump_index(g.trump), where
        assert unseen == FULL & ~played(g) & ~hand, where
        # what the bid needs; past it, every card left where a miss scores its tricks
        assert need == policy.need_of(bids[s], g.tricks_won[s], len(g.hands[s]),
                                      policy.misses_pay(g.rules)), where
        assert last == (len(g.trick) == n - 1), where
        assert draw  # the play-outs draw trumps
        # The winning card the play-out keeps as cards fall is the engine's (-1: none down).
        cards = [c for _, c in g.trick]
        real = any(not c.is_joker for c in cards)
        assert top == (index(cards[trick_winner(cards, g.trump)]) if real else -1), where
        g.apply(Play(card_of(card)), s)  # the engine refuses an illegal card
    assert g.phase in OVER, f"{where}: the rollout stopped before the hand was over"
    assert seg["result"] == g.tricks_won, where


def check_trixter_cards(game, monkeypatch, where: str) -> tuple[int, int]:
    """The card advice's tree against the engine, on the real hands as its only layout:
    every iteration's moves down the tree and its play-out are replayed in the engine,
    which must reach the same tricks; each option's numbers are its iterations' results.
    Returns the options checked and the jokers played."""
    monkeypatch.setattr(tree, "sample", lambda view, count, rng: [list(game.hands)] * count)
    monkeypatch.setattr(last_tricks, "ENDPLAY_CARDS", 0)  # the rule's cards, each replayed
    rec = Recorder(monkeypatch, {"trixter_rollout": "trixter"}, ["trixter_card"])
    walks = []
    monkeypatch.setattr(tree, "search", lambda *a, **k: SEARCH(
        *a, **k, trace=lambda hands, path, won: walks.append((list(path), won))))
    seat = game.to_move
    a = advise(game, budget=12)
    assert a.rollouts == len(walks) >= 12 and a.samples == 1 and not a.paired
    rules, bid = game.rules, game.bids[seat]
    # the chance of the bid ranks cards in exact scoring, the points once the bid is lost
    chance = rules.scoring == "exact" and game.tricks_won[seat] <= bid
    segs = list(rec.rollouts)
    jokers = 0
    results: dict[str, list] = {str(o.action): [] for o in a.options}
    for i, (path, won) in enumerate(walks):
        g = game.clone()
        here = f"{where}, iteration {i}"
        for m in path:  # the tree's moves: the engine refuses an illegal card
            g.apply(Play(card_of(m)), g.to_move)
        jokers += path.count(masks.JOKER)
        if g.phase not in OVER:
            seg = segs.pop(0)
            jokers += sum(c == masks.JOKER for _, c in seg["plays"])
            replay_trixter(g, seg, here)
        assert g.phase in OVER and won == g.tricks_won, here
        got = g.tricks_won[seat]
        assert g.sheet[-1]["points"][seat] == rules.score(bid, got)
        results[str(Play(card_of(path[0])))].append(
            float(got == bid) if chance else rules.score(bid, got))
    assert not segs, f"{where}: play-outs of no iteration"
    for o in a.options:
        here = f"{where}, option {o.action}"
        assert a.per[str(o.action)] == results[str(o.action)], here
        assert o.value == pytest.approx(sum(results[str(o.action)]) / len(results[str(o.action)]))
    return len(a.options), jokers


# The quick lane: the tables of 3 and 6 players (jokers, the hook, another scoring).
@pytest.mark.parametrize("table", sampled(range(len(TRIXTER_TABLES)), 3, first=1))
def test_trixter_card_rollouts_replay_in_the_engine(table, monkeypatch):
    players, rules = TRIXTER_TABLES[table]
    checked = jokers_played = 0
    for k in range(30):
        seed = 1000 * table + k
        rng = random.Random(seed)
        g, bots = trixter_game(players, rules, seed, rng)
        g = at_random_point(g, bots, rng)
        options, jokers = check_trixter_cards(g, monkeypatch,
                                              f"trixter table {table} seed {seed}")
        checked += options
        jokers_played += jokers
    assert checked >= 30
    assert jokers_played or players == 4  # the tables with jokers play them


@pytest.mark.parametrize("table", range(len(TRIXTER_TABLES)))
def test_trixter_bid_rollouts_replay_in_the_engine(table, monkeypatch):
    """A bid's distribution plays the hand from its first lead, each seat for its bid."""
    players, rules = TRIXTER_TABLES[table]
    for k in range(5):
        seed = 5000 + 1000 * table + k
        rng = random.Random(seed)
        g, _ = trixter_game(players, rules, seed, rng)
        monkeypatch.setattr(advice_bids, "sample",
                            lambda view, count, rng, g=g: [list(g.hands)])
        monkeypatch.setattr(last_tricks, "ENDPLAY_CARDS", 0)  # the rule's cards, each replayed
        rec = Recorder(monkeypatch, {"trixter_rollout": "trixter"}, ["trixter_card"])
        seat = rng.randrange(players)
        d = bid_distribution(g, g.trump, seat=seat, seed=seed)
        assert d.samples == 1 and rec.rollouts
        for i, seg in enumerate(rec.rollouts):
            played_for = seg["start"][5][seat]
            replay_trixter(g.clone(), seg, f"trixter table {table} seed {seed} rollout {i}")
            assert d.per_layout[played_for] == [seg["result"][seat]]
        monkeypatch.undo()


# --- Trix: trick contracts ---------------------------------------------------------------
TRIX_CASES = [
    (TrixRules(), {Contract.KING}),
    (TrixRules(), {Contract.QUEENS}),
    (TrixRules(), {Contract.DIAMONDS}),
    (TrixRules(), {Contract.LTOOSH}),
    (TrixRules(no_heart_lead_in_king=True, penalty_discard=True, end_early=False),
     {Contract.KING}),
    (TrixRules(penalty_discard=True, swap_diamonds_ltoosh=True, reversed_signs=True),
     {Contract.QUEENS}),
    (TrixRules(swap_diamonds_ltoosh=True, partnership=True), {Contract.DIAMONDS}),
    (TrixRules(combine=True), {Contract.KING, Contract.QUEENS}),
    (TrixRules(combine=True, penalty_discard=True), {Contract.QUEENS, Contract.DIAMONDS,
                                                     Contract.LTOOSH}),
    (TrixRules.complex(partnership=True), {Contract.KING, Contract.QUEENS, Contract.DIAMONDS,
                                           Contract.LTOOSH}),
]
TREX_CASES = [TrixRules(), TrixRules(partnership=True, reversed_signs=True)]


def trix_deal(rules: TrixRules, contracts, seed: int):
    """A deal of ``contracts`` after a round of doubles by beginner bots (no redeal
    claims), and the bots."""
    g = TrixGame.new(seed=seed, rules=rules, owner=seed % 4)
    bots = [bot_for("trix", "beginner", seed=seed * 10 + s) for s in range(4)]
    g.apply(ChooseContract(frozenset(contracts)))
    while g.phase == Phase.DOUBLE:
        seat = g.to_move
        act = bots[seat].act(g.observation(seat))
        if isinstance(act, ClaimRedeal):
            act = g._round_word()
        g.apply(act, seat)
    return g, bots


def side_of(game, seat: int) -> list[int]:
    return [seat, (seat + 2) % 4] if game.rules.partnership else [seat]


def finish(g) -> None:
    """Play the deal on to its end with the first legal card: the rollout stopped once
    nothing was left to score."""
    while g.phase in (Phase.PLAY, Phase.TREX):
        g.apply(g.legal_actions()[0])


def replay_trix(g, seg: dict, where: str) -> None:
    """Play a Trix rollout's cards on the engine's game ``g``, checking what the policy
    saw; then every seat's points for the deal must be the engine's."""
    deal, hands, trick, leader, taken, won, gone = seg["start"]
    assert deal.contracts == g.contract and deal.doubles == g.doubles, where
    assert deal.rules == g.rules, where
    assert hands == [h.mask for h in g.hands], where
    assert trick == [(s, c.index) for s, c in g.trick] and leader == g.leader, where
    assert taken == [t.mask for t in g.taken] and won == g.tricks_won, where
    assert gone == played(g), where
    for (_, seat, hand, trick, unseen), card in seg["plays"]:
        assert seat == g.to_move and hand == g.hands[seat].mask, where
        assert trick == [(s, c.index) for s, c in g.trick], where
        assert unseen == FULL & ~played(g) & ~hand, where
        g.apply(Play(card_of(card)), seat)  # the engine refuses an illegal card
    if g.phase not in OVER:
        assert not deal.ltoosh and not penalty_cards(g.contract) & \
            CardSet.from_mask(sum(h.mask for h in g.hands)), \
            f"{where}: the rollout stopped with points still to take"
        finish(g)
    _, _, _, _, taken, won, _ = seg["end"]
    got = deal_points(deal.contracts, [CardSet.from_mask(t) for t in taken], won,
                      deal.doubles, (), deal.rules)
    assert got == g.sheet[-1]["points"], where


def check_trix_cards(game, monkeypatch, where: str) -> int:
    layouts_are_the_real_hands(monkeypatch, game)
    rec = Recorder(monkeypatch, {"trix_rollout": "trix"}, ["trix_card"])
    seat = game.to_move
    a = advise(game, budget=1)
    assert a.samples == 1
    segs = rec.by_option(game, seat)
    for o in a.options:
        g = game.clone()
        g.apply(o.action, seat)
        here = f"{where}, option {o.action}"
        seg = segs.pop(str(o.action), None)
        if seg is None:  # the trick closed with the deal over or nothing left to score
            assert not g.trick and (g.phase in OVER or Contract.LTOOSH not in g.contract
                                    and not penalty_cards(g.contract) & CardSet.from_mask(
                                        sum(h.mask for h in g.hands))), here
            finish(g)
        else:
            replay_trix(g, seg, here)
        pts = sum(g.sheet[-1]["points"][s] for s in side_of(game, seat))
        assert a.per[str(o.action)] == [pts], here
    assert not segs, f"{where}: rollouts for no option: {list(segs)}"
    return len(a.options)


@pytest.mark.parametrize("case", sampled(range(len(TRIX_CASES)), 2))  # half in the quick lane
def test_trix_card_rollouts_replay_in_the_engine(case, monkeypatch):
    rules, contracts = TRIX_CASES[case]
    checked = 0
    for k in range(16):
        seed = 100 * case + k
        rng = random.Random(seed)
        g, bots = trix_deal(rules, contracts, seed)
        g = at_random_point(g, bots, rng)
        checked += check_trix_cards(g, monkeypatch, f"trix case {case} seed {seed}")
    assert checked >= 16


def check_trex_cards(game, monkeypatch, where: str) -> int:
    layouts_are_the_real_hands(monkeypatch, game)
    rec = Recorder(monkeypatch, {"trex_rollout": "trex"}, ["trex_shrewd_card"])
    seat = game.to_move
    a = advise(game, budget=1)
    assert a.samples == 1
    segs = rec.by_option(game, seat)
    for o in a.options:
        g = game.clone()
        g.apply(o.action, seat)
        here = f"{where}, option {o.action}"
        seg = segs.pop(str(o.action), None)
        if seg is None:
            assert g.phase in OVER, f"{here}: not played out"
        else:
            replay_trex(g, seg, here)
        if game.rules.partnership:
            want = sum(g.sheet[-1]["points"][s] for s in side_of(game, seat))
        else:
            want = g.out.index(seat) + 1
        assert a.per[str(o.action)] == [want], here
    assert not segs, f"{where}: rollouts for no option: {list(segs)}"
    return len(a.options)


def rows_of(layout: Layout) -> tuple[list[int], list[int]]:
    """The layout's rows as rank indices (2 is 0), -1 for a row not yet open."""
    low = [-1 if r is None else r[0] - 2 for r in layout.rows]
    high = [-1 if r is None else r[1] - 2 for r in layout.rows]
    return low, high


def replay_trex(g, seg: dict, where: str) -> None:
    """Play a Trex rollout on the engine's game ``g`` (a seat the policy skipped must
    pass), checking the hand and the playable cards the policy saw; then the finishing
    order must be the engine's."""
    hands, low, high, out, turn = seg["start"]
    assert hands == [h.mask for h in g.hands] and out == g.out, where
    assert (low, high) == rows_of(g.layout), where
    assert turn == g.to_move, where
    plays = list(seg["plays"])
    while g.phase == Phase.TREX:
        seat = g.to_move
        if g.legal_actions(seat) == [Pass()]:
            g.apply(Pass(), seat)
            continue
        assert plays, f"{where}: the rollout passed where {g.names[seat]} must play"
        (hand, playable), card = plays.pop(0)
        assert hand == g.hands[seat].mask, where
        assert playable == g.layout.playable_mask(hand), where
        g.apply(Play(card_of(card)), seat)
    assert not plays and seg["result"] == g.out, where


@pytest.mark.parametrize("case", range(len(TREX_CASES)))
def test_trex_rollouts_replay_in_the_engine(case, monkeypatch):
    checked = 0
    for k in range(20):
        seed = 700 + 100 * case + k
        rng = random.Random(seed)
        g, bots = trix_deal(TREX_CASES[case], {Contract.TREX}, seed)
        g = at_random_point(g, bots, rng, phases=(Phase.TREX,))
        checked += check_trex_cards(g, monkeypatch, f"trex case {case} seed {seed}")
    assert checked >= 20


# --- Trix: the contract and the round of doubles, played out ------------------------------
def replay_round(g, seg: dict, where: str) -> None:
    """The round of doubles as the advice played it (the doubles its rollout's deal
    holds, each by its seat in turn, then "no double"), then the cards."""
    doubles = list(seg["start"][0].doubles) if seg["kind"] == "trix" else []
    while g.phase == Phase.DOUBLE:
        seat = g.to_move
        assert ClaimRedeal() not in g.legal_actions(seat), \
            f"{where}: the advice lets {g.names[seat]} keep a hand it may claim a redeal on"
        for card, s in doubles:
            if s == seat and (card, s) not in g.doubles:
                g.apply(Double(card), seat)
        g.apply(g._round_word(), seat)
    assert g.doubles == doubles, where
    if seg["kind"] == "trix":
        replay_trix(g, seg, where)
    else:
        replay_trex(g, seg, where)


def round_segments(rec: Recorder, game, options) -> dict[str, dict]:
    """Each rollout keyed by the option it plays out: by its contracts (choosing), or by
    the first double after the game's (the round of doubles)."""
    out: dict[str, dict] = {}
    for seg in rec.rollouts:
        if seg["kind"] == "trex":
            keys = [str(o.action) for o in options if isinstance(o.action, ChooseContract)
                    and Contract.TREX in o.action.contracts] or \
                   [str(o.action) for o in options if not isinstance(o.action, ClaimRedeal)]
        elif game.phase == Phase.CHOOSE_CONTRACT:
            keys = [str(ChooseContract(seg["start"][0].contracts))]
        else:
            new = seg["start"][0].doubles[len(game.doubles):]
            first = new[0] if new else None
            keys = [str(Double(first[0])) if first and first[1] == game.to_move
                    else str(game._round_word())]
        assert len(keys) == 1 and keys[0] not in out, (keys, list(out))
        out[keys[0]] = seg
    return out


def round_games(count: int):
    """Trix games at the contract choice and in rounds of doubles (King, Queens, both
    combined, Trex), under several option sets."""
    rulesets = [TrixRules(), TrixRules(combine=True, penalty_discard=True),
                TrixRules(partnership=True, swap_diamonds_ltoosh=True),
                TrixRules.complex(reversed_signs=True)]
    for k in range(count):
        rules = rulesets[k % len(rulesets)]
        g = TrixGame.new(seed=3000 + k, rules=rules, owner=k % 4)
        yield g
        choices = [a for a in g.legal_actions() if a.contracts & {Contract.KING,
                                                                  Contract.QUEENS}]
        g.apply(random.Random(k).choice(choices or g.legal_actions()))
        seats = random.Random(k).randrange(4)
        while g.phase == Phase.DOUBLE and seats:
            g.apply(g.legal_actions()[0] if isinstance(g.legal_actions()[0], Double)
                    else g._round_word())
            seats -= 1
        if g.phase == Phase.DOUBLE:
            yield g


def test_trix_contract_and_doubles_rollouts_replay_in_the_engine(monkeypatch):
    played_out = 0
    for i, game in enumerate(round_games(16)):
        layouts_are_the_real_hands(monkeypatch, game)
        rec = Recorder(monkeypatch, {"trix_rollout": "trix", "trex_rollout": "trex"},
                       ["trix_card", "trex_shrewd_card"])
        seat = game.to_move
        a = advise(game, budget=1)
        segs = round_segments(rec, game, a.options)
        team = game.rules.partnership
        sign = -1 if game.rules.reversed_signs else 1
        for o in a.options:
            seg = segs.pop(str(o.action), None)
            if seg is None:
                continue  # a redeal claim (the seat's, or a later seat's by the policy)
            g = game.clone()
            g.apply(o.action, seat)
            here = f"round game {i} ({game.phase.value}), option {o.action}"
            if isinstance(o.action, ChooseContract):
                needed = trix.round_needed(o.action.contracts, game.rules)
                assert needed == (g.phase == Phase.DOUBLE), here
            replay_round(g, seg, here)
            pts = sum(g.sheet[-1]["points"][s] for s in side_of(game, seat))
            if isinstance(o.action, ChooseContract):
                share = trix.average_share(o.action.contracts, game.rules, team)
                assert a.per[str(o.action)] == [pytest.approx(sign * (pts - share))], here
            else:
                assert a.per[str(o.action)] == [pts], here
            played_out += 1
        assert not segs, list(segs)
        monkeypatch.undo()
    assert played_out >= 40


# --- the same advice on both solver engines -----------------------------------------------
def engine_positions() -> list:
    """One game for each kind of decision: Trixter trump, bid, card (with jokers); Trix
    contract, double and redeal claim, trick card, Trex card."""
    out = []
    for phase, players in ((Phase.TRUMP, 4), (Phase.BID, 4), (Phase.PLAY, 3)):
        g = TrixterGame.new(players=players, seed=41, first_hand=6)
        bots = [bot_for("trixter", "beginner", seed=s) for s in range(players)]
        while g.phase != phase:
            g.apply(bots[g.to_move].act(g.observation(g.to_move)))
        for _ in range(3 if phase == Phase.PLAY else 0):
            g.apply(bots[g.to_move].act(g.observation(g.to_move)))
        out.append(g)
    out.append(TrixGame.new(seed=42, owner=1))
    king = ["AKQJT98.765432..", ".K.AKQJT9876543.", "765432.AQJ.2.AKQ", ".T98..JT98765432"]
    g = TrixGame.new(seed=1, owner=0, deals=[king])
    g.apply("contract king")
    g.apply(g._round_word())  # seat 1 holds the K♥ alone: it may double or claim
    out.append(g)
    for contracts, cards in (({Contract.QUEENS}, 9), ({Contract.TREX}, 14)):
        g, bots = trix_deal(TrixRules(), contracts, 43)
        for _ in range(cards):
            g.apply(bots[g.to_move].act(g.observation(g.to_move)))
        out.append(g)
    return out


def engine_advice() -> str:
    """The advice on :func:`engine_positions`, as JSON, and the solver engine in use."""
    from tutor.solver.search import engine_in_use

    rows = []
    for g in engine_positions():
        a = advise(g, budget=120, seed=5)
        rows.append({"kind": a.kind, "samples": a.samples, "sure": a.sure, "per": a.per,
                     "tricks": a.tricks, "line": a.explain(),
                     "options": [[str(o.action), o.value, o.text] for o in a.options]})
    return json.dumps({"engine": engine_in_use(), "advice": rows})


def test_the_advice_is_the_same_on_both_solver_engines(monkeypatch):
    pytest.importorskip("numba")
    monkeypatch.delenv("TRIX_TUTOR_SOLVER", raising=False)
    monkeypatch.setattr(solver_search, "warming", lambda: False)  # a browser test's app may warm
    kinds = {type(a).__name__ for g in engine_positions() for a in g.legal_actions()}
    assert {"ChooseTrump", "Bid", "Play", "ChooseContract", "Double", "ClaimRedeal"} <= kinds
    here = json.loads(engine_advice())
    env = dict(os.environ, TRIX_TUTOR_SOLVER="python")
    code = ("import sys; sys.path.insert(0, 'tests'); import test_advice_rules as t; "
            "print(t.engine_advice())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env, cwd=ROOT).stdout
    there = json.loads(out.strip().splitlines()[-1])
    assert (here["engine"], there["engine"]) == ("numba", "python")
    assert there["advice"] == here["advice"]
