"""One table per Trix rule (``tutor/engine/trix/contracts.py``), and every part reads it.

These tests catch a copy drifting from the table:

- on random deals under every option (swapped numbers, reversed signs, doubling, combined
  contracts, the lead and discard duties, partnership), the engine's score of the rest of
  the deal equals the solver goal's value, on both solver engines, and the solver's legal
  cards are the engine's;
- a whole deal scores the contract's total (doubles move points, never make them), and a
  kingdom sums to zero;
- known answers worked out by hand for the doubling numbers, Q♦ in Queens + Diamonds
  included (the solver once doubled its diamond part too);
- the seat facts name exactly the cards that score, with the engine's totals;
- no scoring number is written in the engine, the solver, the bots or the seat facts,
  and the table's JavaScript only shows the facts Python sends.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from tutor import Phase, TrixGame, TrixRules, TrixterGame
from tutor.engine.actions import Double, NoDouble, NoRedeal, Play
from tutor.engine.cards import Card, CardSet, Rank, Suit
from tutor.engine.facts import number, seat_facts, view_facts
from tutor.solver import MinPenalty, Position, TrexPlace, solve
from tutor.solver.goals import side_of
from tutor.engine.trix.contracts import (CARD_POINTS, PENALTY_CARDS, TREX_POINTS, TRICK_POINTS,
                                  Contract, card_scores, contract_total, deal_points,
                                  legal_trick_cards, penalty_cards, trex_team_points,
                                  trick_points, unit_points)

ROOT = Path(__file__).resolve().parents[1]

try:
    import numba  # noqa: F401
    ENGINES = ("python", "numba")
except ImportError:
    ENGINES = ("python",)


def random_rules(rng: random.Random) -> TrixRules:
    if rng.random() < 0.15:
        return TrixRules.complex(doubling=rng.random() < 0.8,
                                 swap_diamonds_ltoosh=rng.random() < 0.4,
                                 reversed_signs=rng.random() < 0.4,
                                 partnership=rng.random() < 0.3)
    return TrixRules(end_early=rng.random() < 0.6,
                     no_heart_lead_in_king=rng.random() < 0.4,
                     penalty_discard=rng.random() < 0.4,
                     doubling=rng.random() < 0.8,
                     swap_diamonds_ltoosh=rng.random() < 0.4,
                     reversed_signs=rng.random() < 0.4,
                     partnership=rng.random() < 0.3,
                     combine=rng.random() < 0.4)


def mid_deal(rng: random.Random, left: int, deals_before: int = 0) -> TrixGame | None:
    """A game in a trick contract with ``left`` cards in some hands (and maybe a trick
    under way), after ``deals_before`` whole deals and random contracts, doubles and plays;
    ``None`` when that deal ended early before then."""
    g = TrixGame.new(seed=rng.randrange(10**6), rules=random_rules(rng))
    stop_trick = rng.randrange(4)
    target = False  # the deal to stop in has begun
    while True:
        seat = g.to_move
        acts = g.legal_actions(seat)
        if g.phase == Phase.CHOOSE_CONTRACT:
            tricks = [a for a in acts if Contract.TREX not in a.contracts]
            target = bool(tricks) and len(g.sheet) >= deals_before
            if target and rng.random() < 0.5:  # combined deals (when allowed) half the time
                tricks = [max(tricks, key=lambda a: len(a.contracts))]
            g.apply(rng.choice(tricks if target else acts), seat)
        elif g.phase == Phase.DOUBLE:
            doubles = [a for a in acts if isinstance(a, Double)]
            if doubles and rng.random() < 0.8:
                g.apply(rng.choice(doubles), seat)
            else:
                g.apply(next(a for a in acts if isinstance(a, (NoDouble, NoRedeal))), seat)
        elif g.phase == Phase.PLAY and target:
            if len(g.tricks) >= 13 - left and len(g.trick) == stop_trick:
                return g
            g.apply(rng.choice(acts), seat)
        elif target or g.phase == Phase.GAME_OVER:
            return None  # ended early (or redealt)
        else:
            g.apply(rng.choice(acts), seat)


def check_rest_of_deal(g: TrixGame, engine: str) -> tuple:
    """The solver's value for the seat to move (its team in partnership) is what the
    engine scores that side for the rest of the deal along the solver's line."""
    seat = g.to_move
    side = (seat, (seat + 2) % 4) if g.rules.partnership else seat
    goal = MinPenalty.from_rules(side, g.contract, g.doubles, g.rules)
    r = solve(Position.from_game(g), goal, engine=engine)
    assert set(r.by_card) == {a.card for a in g.legal_actions(seat)}, (g.rules, g.contract)
    before = g.deal_points()
    end = g.clone()
    for card in r.line:
        if end.phase != Phase.PLAY:
            break  # the deal ended early: nothing left scores
        end.apply(Play(card), end.to_move)
    after = end.deal_points()
    got = sum(after[s] - before[s] for s in side_of(side))
    assert got == goal.points(r.value), (g.rules, g.contract, g.doubles, r.value)
    return r.value, r.by_card


@pytest.mark.parametrize("batch", range(12))
def test_engine_scores_the_solver_value_under_every_option(batch):
    rng = random.Random(9100 + batch)
    checked = 0
    while checked < 10:
        g = mid_deal(rng, rng.randrange(1, 5), deals_before=rng.choice([0, 0, 3]))
        if g is None:
            continue
        values = [check_rest_of_deal(g, engine) for engine in ENGINES]
        assert all(v == values[0] for v in values), "the two engines disagree"
        checked += 1


def test_legal_cards_follow_the_tables_lead_and_discard_duties():
    rules = TrixRules(no_heart_lead_in_king=True, penalty_discard=True)
    hand = CardSet.parse("KH 5H QS 2D")
    king, queens, diamonds = [Contract.KING], [Contract.QUEENS], [Contract.DIAMONDS]
    assert legal_trick_cards(hand, [], king, rules) == CardSet.parse("QS 2D")
    assert legal_trick_cards(CardSet.parse("KH 5H"), [], king, rules) == CardSet.parse("KH 5H")
    assert legal_trick_cards(hand, [], queens, rules) == hand  # hearts may be led
    club = [Card.parse("AC")]
    assert legal_trick_cards(hand, club, king, rules) == CardSet.parse("KH")
    assert legal_trick_cards(hand, club, queens, rules) == CardSet.parse("QS")
    assert legal_trick_cards(hand, club, diamonds, rules) == CardSet.parse("2D")
    assert legal_trick_cards(hand, club, [Contract.LTOOSH], rules) == hand
    assert legal_trick_cards(hand, [Card.parse("AH")], king, rules) == CardSet.parse("KH 5H")
    assert legal_trick_cards(hand, club, king, TrixRules()) == hand


# --- the numbers, by hand ----------------------------------------------------------------
def cards(*texts: str) -> list[CardSet]:
    return [CardSet.parse(t) for t in texts]


def test_the_tables_say_what_rules_md_says():
    assert [unit_points(c) for c in Contract] == [-75, -25, -10, -15, 0]
    assert [unit_points(c, swap=True) for c in Contract] == [-75, -25, -15, -10, 0]
    assert [contract_total([c]) for c in Contract] == [-75, -100, -130, -195, 500]
    for swap in (False, True):
        assert sum(contract_total([c], swap) for c in Contract) == 0  # a kingdom sums to 0
    assert TREX_POINTS == (200, 150, 100, 50)
    assert len(PENALTY_CARDS[Contract.DIAMONDS]) == 13 and len(PENALTY_CARDS[Contract.QUEENS]) == 4
    assert set(CARD_POINTS) == set(PENALTY_CARDS) and set(TRICK_POINTS) == {Contract.LTOOSH}


@pytest.mark.parametrize("contract, taken, won, doubles, rules, points", [
    # A4: the K♥ doubled by East (1) and taken by North: −150 and +75.
    ({Contract.KING}, cards("KH", "", "", ""), [1, 0, 0, 0], [("KH", 1)], {}, [-150, 75, 0, 0]),
    # Taken by its own doubler: −75, no bonus.
    ({Contract.KING}, cards("", "KH", "", ""), [0, 1, 0, 0], [("KH", 1)], {}, [0, -75, 0, 0]),
    # Q♦ in Queens + Diamonds, doubled by North, taken by South: the queen part doubles
    # (−50), the diamond part does not (−10); North +25.
    ({Contract.QUEENS, Contract.DIAMONDS}, cards("", "", "QD 3D", ""), [0, 0, 1, 0],
     [("QD", 0)], {}, [25, 0, -70, 0]),
    # Swapped numbers: diamonds −15 each, tricks −10 each.
    ({Contract.DIAMONDS, Contract.LTOOSH}, cards("2D 3D", "", "", ""), [2, 0, 0, 0], [],
     {"swap_diamonds_ltoosh": True}, [-50, 0, 0, 0]),
    # Reversed signs: every number negated.
    ({Contract.QUEENS}, cards("QS", "QH", "", ""), [1, 1, 0, 0], [("QS", 1)],
     {"reversed_signs": True}, [50, 0, 0, 0]),
])
def test_deal_points_by_hand(contract, taken, won, doubles, rules, points):
    dbl = [(Card.parse(c), s) for c, s in doubles]
    assert deal_points(contract, taken, won, dbl, rules=TrixRules(**rules)) == points


def test_a_doubled_queen_of_diamonds_in_a_combined_deal_scores_alike_everywhere():
    """South must take the last trick with the Q♦ that North doubled (Queens + Diamonds):
    the engine's −60 for South and +25 for North are the solver's values too."""
    pos = Position.from_pbn("N:2... ...3 ..Q. ...4", leader=2)
    for seat, want in ((2, -60), (0, 25), (1, 0)):
        goal = MinPenalty(seat, (Contract.QUEENS, Contract.DIAMONDS),
                          doubles=((Card.parse("QD"), 0),))
        for engine in ENGINES:
            assert solve(pos, goal, engine=engine).value == want, (seat, engine)
    score = card_scores([Contract.QUEENS, Contract.DIAMONDS])[Card.parse("QD")]
    assert (score.plain, score.doubled, score.doubler) == (-35, -60, 25)


def test_whole_deals_score_the_contracts_total():
    rng = random.Random(3)
    seen = set()
    for _ in range(12):
        rules = random_rules(rng)
        g = TrixGame.new(seed=rng.randrange(10**6), rules=rules)
        while g.phase != Phase.GAME_OVER and len(g.sheet) < 10:
            g.apply(rng.choice(g.legal_actions()))
        for row in g.sheet:
            if row["redeal"] is not None:
                continue
            contract = [Contract.parse(c) for c in row["contract"].split("+")]
            sign = -1 if rules.reversed_signs else 1
            total = sign * contract_total(contract, rules.swap_diamonds_ltoosh)
            assert sum(row["points"]) == total, (row, rules)
            seen.add((frozenset(contract), bool(row["doubles"])))
    assert len(seen) >= 8  # single and combined contracts, with and without doubles


def test_trex_points_of_a_team_are_the_tables():
    for seats in (1, 2):
        for places in ([1], [2], [3], [4]) if seats == 1 else \
                ([a, b] for a in range(1, 5) for b in range(1, 5) if a != b):
            want = sum(TREX_POINTS[p - 1] for p in places)
            assert trex_team_points(sum(places), seats) == want
            goal = TrexPlace(0 if seats == 1 else (0, 2))
            assert goal.points(sum(places)) == want


def test_min_penalty_is_the_tables():
    goal = MinPenalty(0, [c for c in Contract if c != Contract.TREX], swap_diamonds_ltoosh=True)
    table, per_trick = goal.card_table()
    assert per_trick == trick_points([Contract.LTOOSH], swap=True) == -10
    scores = card_scores(goal.contracts(), swap=True)
    assert {i for i in table} == {c.index for c in scores}
    assert all(table[c.index][:3] == (s.plain, s.doubled, s.doubler) for c, s in scores.items())
    assert MinPenalty(0, "king", reversed_signs=True).points(-75) == 75


# --- the seat facts ------------------------------------------------------------------------
def parse_took(fact: str) -> tuple[set[str], int]:
    words = fact.removeprefix("took ").split()
    diamonds = sum(int(w[:-2]) for w in words if w.endswith("×♦"))
    return {w for w in words if not w.endswith("×♦")}, diamonds


def test_seat_facts_name_the_cards_that_score_and_the_engines_totals():
    from tutor.app.views import learner_views

    rng = random.Random(11)
    checked = 0
    while checked < 40:
        g = mid_deal(rng, rng.randrange(1, 9), deals_before=rng.randrange(0, 6))
        if g is None:
            continue
        me = rng.randrange(4)
        facts = learner_views(g, me)["table"]["facts"]
        assert facts == view_facts(g.observe(me))
        for s in range(4):
            f = facts[s]
            tricks = g.tricks_won[s]
            assert f[0] == f"{tricks} trick{'' if tricks == 1 else 's'}"
            assert f[1] == f"{number(g.scores[s])} pts"
            got = g.taken[s]
            # RULES.md A3: the K♥ and the queens by name, the diamonds counted.
            named = {"K♥"} if Contract.KING in g.contract and Card.parse("KH") in got else set()
            if Contract.QUEENS in g.contract:
                named |= {c.symbol() for c in got if c.rank == Rank.QUEEN}
            diamonds = got.suit_length(Suit.DIAMONDS) if Contract.DIAMONDS in g.contract else 0
            assert bool(got & penalty_cards(g.contract)) == (len(f) == 3), f
            if len(f) == 3:
                assert parse_took(f[2]) == (named, diamonds)
            assert all(len(x) <= 24 for x in f), f  # short enough for a narrow seat box
        checked += 1


def test_seat_facts_of_every_kind_of_table():
    g = TrixterGame.new(players=4, seed=2)
    obs = g.observe(0)
    assert view_facts(obs) == [["bid –", "won 0", "0 pts"]] * 4
    assert seat_facts("trix", 4, contract=["trex"], out=[2, 0], scores=[-5, 0, 20, 0]) == [
        ["out 2nd", "−5 pts"], ["0 pts"], ["out 1st", "20 pts"], ["0 pts"]]
    assert seat_facts("trix", 4, contract=["trex"], cards_left=[1, 0, 3, 2], out=[1]) == [
        ["1 card"], ["out 1st"], ["3 cards"], ["2 cards"]]
    assert seat_facts("trix", 2, scores=[-220, 0]) == [["−220 pts"], ["0 pts"]]
    assert seat_facts("trix", 2, contract=["king", "diamonds", "queens", "ltoosh"],
                      tricks_won=[1, 0], taken=[["KH", "QD", "2D", "QS"], []]) == [
        ["1 trick", "took K♥ Q♠ Q♦ 2×♦"], ["0 tricks"]]
    assert number(-15) == "−15" and number(0) == "0" and number(7) == "7"


# --- no copies ---------------------------------------------------------------------------
CONSUMERS = ["tutor/engine/trix/game.py", "tutor/engine/trix/trex.py", "tutor/engine/facts.py",
             "tutor/solver/goals.py", "tutor/solver/search.py", "tutor/solver/kernels.py",
             "tutor/solver/position.py", "tutor/solver/trex.py", "tutor/solver/hidden.py",
             "tutor/advice/trix.py", "tutor/advice/trex.py", "tutor/advice/bids.py",
             "tutor/search/policy.py", "tutor/engine/masks.py",
             "tutor/bots/trix.py", "tutor/bots/simulate.py", "tutor/engine/observation.py",
             "tutor/bots/search.py"]
RULE_NUMBERS = {25, 50, 75, 130, 150, 195, 200, 500}  # 10 and 15 are also bit widths
# DDS's move-ordering weights that hold a 25 or a 50: it weighs a card, it scores nothing
NOT_SCORING = {"lead_weight_nt", "lead_weight_trump", "third_void_weight_trump"}


def _nodes_outside(tree, names):
    """Every node of ``tree`` except those inside the functions named ``names``."""
    skip = {id(n) for f in ast.walk(tree)
            if isinstance(f, ast.FunctionDef) and f.name in names for n in ast.walk(f)}
    return [n for n in ast.walk(tree) if id(n) not in skip]


@pytest.mark.parametrize("path", CONSUMERS)
def test_no_scoring_number_is_written_outside_the_table(path):
    tree = ast.parse((ROOT / path).read_text())
    found = []
    for node in _nodes_outside(tree, NOT_SCORING):
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) \
                and isinstance(node.operand, ast.Constant) and node.operand.value in (10, 15):
            found.append((node.lineno, -node.operand.value))
        if isinstance(node, ast.Constant) and type(node.value) in (int, float) \
                and node.value in RULE_NUMBERS:
            found.append((node.lineno, node.value))
    assert not found, f"{path}: rule numbers belong in tutor/engine/trix/contracts.py: {found}"


def test_the_table_widget_only_shows_the_facts_python_sends():
    js = (ROOT / "widgets/table.js").read_text()
    body = re.search(r"function seatFacts\(s, seat\) \{(.*?)\n\}", js, re.S)
    assert body, "seatFacts is gone from table.js"
    uses = set(re.findall(r"\bs\.(\w+)", body[1]))
    assert uses == {"facts"}, f"seatFacts reads {uses}: the facts come from tutor/engine/facts.py"
