"""The search levels (intermediate, expert): legal over many games, blind to hidden
cards, reproducible, on a node budget; and what they stand on: the seat's view rebuilt
from its observation (``game.observation(seat)``) and the solver's ``max_nodes``."""

from __future__ import annotations

import inspect
import random

import pytest
from sizes import LONG_ONLY, quick_and_full, sampled, sized
from test_bots import Referee, planted, short_trixter

from tutor import TrixGame, TrixRules, TrixterGame, TrixterRules
from tutor.engine.actions import parse_action
from tutor.bots import bot_for, play_bot_turn
from tutor.bots.search import TrixSearchBot, TrixterSearchBot
from tutor.engine.cards import CardSet, Suit
from tutor.engine.protocol import Phase
from tutor.solver import Exactly, MaxTricks, MinPenalty, Position, SearchLimit, solve
from tutor.solver.hidden import sample_layouts, view_of

# The search levels at the table, each with the size of its walks (tests/sizes.py): the
# intermediate's short walk in every lane and its full walk in `make test`; the expert is
# slow to play whole games (about 160 CPU-seconds for these walks): only `make test-long`
# plays them, as it differs from the intermediate only in its work
# (test_levels_differ_only_in_work_…, in every lane).
SEARCH = (pytest.param(("intermediate", "short"), id="intermediate-short"),
          pytest.param(("intermediate", "full"), id="intermediate", marks=pytest.mark.slow),
          pytest.param(("expert", "sized"), id="expert",
                       marks=[pytest.mark.slow, pytest.mark.sized, LONG_ONLY]))


def walk_size(run: tuple[str, str], short: int, full: int) -> int:
    """The size of a walk: ``short`` or ``full``, or for the expert by the run (sizes.py)."""
    return {"short": short, "full": full, "sized": sized(short, full)}[run[1]]


def walk(game, bots, turns: int):
    """Up to ``turns`` bot actions through referees (each checks it got exactly its
    seat's observation and answered legally); yields the game before each action."""
    refs = [Referee(game, b) for b in bots]
    for _ in range(turns):
        if game.is_over:
            return
        if game.to_move is None:
            game.next_hand()
            continue
        yield game
        play_bot_turn(game, refs[game.to_move])


# --- the seat's view, rebuilt from its observation --------------------------------------
@pytest.mark.parametrize("seed", sampled(range(3), 3))  # seed 0 in the quick lane
@pytest.mark.parametrize("make", [
    lambda seed: short_trixter(4, seed, hands=6),
    lambda seed: short_trixter(6, seed, hands=4),
    lambda seed: TrixGame.new(seed=seed),
    lambda seed: TrixGame.new(seed=seed, rules=TrixRules(penalty_discard=True,
                                                         no_heart_lead_in_king=True)),
    lambda seed: TrixGame.new(seed=seed, rules=TrixRules.complex(partnership=True)),
])
def test_seen_gives_the_solver_what_the_game_gives_it(make, seed):
    """Everything the layouts are drawn from (the view, the layouts drawn) is the same from
    the observation alone as from the game itself."""
    checked = 0
    g = make(seed)
    bots = [bot_for(g.observe(0)["game"], "beginner", seed=s) for s in range(g.n_players)]
    for game in walk(g, bots, 300):
        seat = game.to_move
        seen = game.observation(seat)
        assert all(not h for s, h in enumerate(seen.hands) if s != seat)
        a, b = view_of(game, seat), view_of(seen, seat)
        for field in ("hand", "pool", "counts", "known", "excluded", "undealt"):
            assert getattr(a, field) == getattr(b, field), field
        if game.phase not in (Phase.PLAY, Phase.TREX):
            continue
        for hands in sample_layouts(a, 2, random.Random(seed)):
            if a.check is not None:
                assert a.check(hands) == b.check(hands)
            assert sample_layouts(b, 1, random.Random(seed)) == \
                sample_layouts(a, 1, random.Random(seed))
        checked += 1
    assert checked > 30


def test_seen_answers_only_for_its_own_seat():
    g = short_trixter(4, 2, hands=3)
    seen = g.observation(1)
    assert seen.observe(1) is not None
    with pytest.raises(ValueError, match="cannot see"):
        seen.observe(2)
    with pytest.raises(ValueError, match="cannot list"):
        seen.legal_actions(0)


def test_observations_carry_the_hands_public_history_and_rules():
    g = TrixterGame.new(players=4, seed=3, first_hand=3)
    for a in ("trump S", "bid 1", "bid 0", "bid 1", "bid 0"):
        g.apply(a)
    obs = g.observe(0)
    assert [text for _, text in obs["history"]] == ["trump S", "bid 1", "bid 0", "bid 1", "bid 0"]
    assert obs["rules"] == g.rules.to_dict()
    g.apply(g.observe(g.to_move)["legal"][0])
    assert len(g.observe(3)["history"]) == 6


# --- the solver's node budget ---------------------------------------------------------------
def big_position(seed: int, cards: int = 11) -> Position:
    deck = list(CardSet.deck())
    random.Random(seed).shuffle(deck)
    return Position(tuple(CardSet(deck[i * cards:(i + 1) * cards]) for i in range(4)),
                    leader=0, trump=Suit.SPADES)


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_max_nodes_stops_a_big_solve_and_leaves_no_trace(engine):
    small = big_position(1, cards=5)
    fresh = solve(small, MaxTricks(0), engine=engine)
    with pytest.raises(SearchLimit):
        solve(big_position(2), MinPenalty(0, "ltoosh"), engine=engine, max_nodes=2000)
    # The aborted search left nothing that changes the next answer.
    again = solve(small, MaxTricks(0), engine=engine)
    assert (again.value, again.by_card, again.line) == (fresh.value, fresh.by_card, fresh.line)
    # Within the budget: the same answer and line as without one.
    capped = solve(small, MaxTricks(0), engine=engine, max_nodes=10 ** 7)
    assert (capped.value, capped.by_card, capped.line) == (fresh.value, fresh.by_card,
                                                           fresh.line)
    assert solve(small, Exactly(0, 1), engine=engine, max_nodes=10 ** 7).value == \
        solve(small, Exactly(0, 1), engine=engine).value
    with pytest.raises(ValueError, match="at least 1"):
        solve(small, MaxTricks(0), max_nodes=0)


# --- the search bots at the table -----------------------------------------------------------
@pytest.mark.parametrize("run", SEARCH)
def test_search_bots_play_trixter_legally(run):
    level = run[0]
    tables = ((4, 0), (3, 1), (5, 2), (7, 3))
    for players, seed in tables[:walk_size(run, 1, 4)]:
        g = short_trixter(players, seed, hands=6)
        bots = [bot_for("trixter", level if s % 2 == 0 else "beginner", seed=s)
                for s in range(players)]
        for _ in walk(g, bots, 10 ** 4):
            pass
        assert g.is_over


@pytest.mark.parametrize("run", SEARCH)
@pytest.mark.parametrize("rules", sampled(  # the plain rules in the quick lane
    [TrixRules(), TrixRules.complex(partnership=True),
     TrixRules(combine=True, penalty_discard=True)], 3, ids=["plain", "complex", "combine"]))
def test_search_bots_play_trix_legally(run, rules):
    level = run[0]
    g = TrixGame.new(seed=4, rules=rules)
    bots = [bot_for("trix", level if s % 2 == 0 else "beginner", seed=s) for s in range(4)]
    phases = set()
    for game in walk(g, bots, walk_size(run, 70, 400)):
        phases.add(game.phase)
    assert {Phase.PLAY, Phase.CHOOSE_CONTRACT} <= phases


def remembering(bot):
    """``bot``, answering again from memory when asked about the observation it has just
    answered: the walk's referee asks the blind bot for the action the test below has
    already compared with the peeking bot's, and an expert's decision is not cheap."""
    think, last = bot.act, []

    def act(observation):
        if not (last and last[0] == observation):
            last[:] = [observation, think(observation)]
        return last[1]

    bot.act = act
    return bot


@pytest.mark.parametrize("game_name", ["trixter", "trix"])
@pytest.mark.parametrize("run", SEARCH)
def test_search_bots_ignore_planted_hidden_cards(game_name, run):
    """Every hand, the deck and the whole history planted in the observation change
    nothing: the bot reads only what its seat may know."""
    level = run[0]
    g = short_trixter(4, 5, hands=walk_size(run, 4, 5)) if game_name == "trixter" \
        else TrixGame.new(seed=5)
    blind = [remembering(bot_for(game_name, level, seed=s)) for s in range(4)]
    peeking = [bot_for(game_name, level, seed=s) for s in range(4)]
    turns = 0
    for game in walk(g, blind, walk_size(run, 45, 150)):
        obs = game.observation(game.to_move)
        spy = planted(game, obs)
        assert peeking[game.to_move].act(spy) == blind[game.to_move].act(obs)
        turns += 1
    assert turns > 40


@pytest.mark.parametrize("run", SEARCH)
def test_search_bots_repeat_themselves(run):
    def play(seed):
        g = short_trixter(4, 8, hands=walk_size(run, 2, 4))
        return [str(a) for _, a in _history(g, [bot_for("trixter", run[0], seed=seed + s)
                                                for s in range(4)])]

    assert play(1) == play(1)


def _history(g, bots):
    for _ in walk(g, bots, 10 ** 4):
        pass
    return g.history


def test_search_bot_modules_hold_no_game():
    """The search bots rebuild the table from the observation alone; they never ask a
    game what a seat sees."""
    import tutor.bots.search as search
    import tutor.engine.observation as observation

    code = [line for line in inspect.getsource(observation).splitlines() if ">>>" not in line]
    assert not any("Game" in line for line in code)  # a view, never a game
    src = inspect.getsource(search)
    assert "observe(" not in src
    assert "seen = as_observation(obs)" in src and "advise(seen, seen.seat" in src


def test_levels_differ_only_in_work_and_follow_the_advice():
    """On the same 13-card decision the intermediate does a twentieth of the expert's
    work, and each plays the first option of the advice against the table at its own
    budget (the learner's hint, by its own points, may differ)."""
    from tutor.advice import advise

    g = TrixterGame.new(players=4, seed=11, first_hand=13)
    beginner = bot_for("trixter", "beginner", seed=3)
    while g.phase != Phase.PLAY:
        g.apply(beginner.act(g.observation(g.to_move)))
    obs = g.observation(g.to_move)
    bots = {lv: bot_for("trixter", lv, seed=3) for lv in ("intermediate", "expert")}
    for bot in bots.values():
        choice = bot.act(obs)
        again = advise(g, g.to_move, seconds=bot.seconds, seed=bot.decision_seed(obs),
                       against_table=True)
        assert choice == again.best
        assert bot.last.rollouts == again.rollouts and bot.fallbacks == 0
    assert bots["intermediate"].last.rollouts * 10 < bots["expert"].last.rollouts
    with pytest.raises(ValueError, match="positive"):
        TrixterSearchBot("expert", seconds=0)
    with pytest.raises(ValueError, match="no search level"):
        TrixSearchBot("grandmaster")


def _bid_with_the_computers_advice() -> TrixterGame:
    """A 5-card hand's trump and bids, made by a beginner with the computer players'
    advice (against the table) asked at each: the first card to play next."""
    from tutor.advice import advise

    g = TrixterGame.new(players=4, seed=11, first_hand=5)
    beginner = bot_for("trixter", "beginner", seed=3)
    while g.phase != Phase.PLAY:
        advise(g, g.to_move, budget=200, seed=1, against_table=True)
        g.apply(beginner.act(g.observation(g.to_move)))
    return g


def test_worlds_reach_the_computer_players_cards_only(monkeypatch):
    """:data:`WORLDS` set: the computer players' cards (against the table) are searched
    world by world, as many worlds as give two iterations a card each, up to WORLDS; their
    bids, a learner's hint and work under :data:`WORLDS_FROM` keep the one tree."""
    from tutor.advice import advise
    from tutor.advice import trixter as trixter_advice
    from tutor.search import tree

    calls = []
    real = tree.search_worlds
    monkeypatch.setattr(tree, "search_worlds",
                        lambda obs, work, seed, worlds, **kw: calls.append((work, worlds))
                        or real(obs, work, seed, worlds, **kw))
    monkeypatch.setattr(trixter_advice, "WORLDS", 5)
    monkeypatch.setattr(trixter_advice, "WORLDS_FROM", 30)
    g = _bid_with_the_computers_advice()
    assert calls == []
    legal = len(g.legal_actions(g.to_move))
    assert legal > 1
    table = advise(g, g.to_move, budget=10 * legal, seed=1, against_table=True)
    assert calls == [(10 * legal, 5)] and table.rollouts == 10 * legal
    assert table.samples == 5  # the layouts searched
    advise(g, g.to_move, budget=8 * legal, seed=1, against_table=True)  # room for 4 worlds
    assert calls[1:] == [(8 * legal, 4)]
    advise(g, g.to_move, budget=200, seed=1)  # a hint
    advise(g, g.to_move, budget=29, seed=1, against_table=True)
    assert len(calls) == 2


def test_by_world_reaches_the_computer_players_cards_only(monkeypatch):
    """:data:`BY_WORLD` set: the computer players' cards (against the table, work from
    :data:`WORLDS_FROM`) are searched with the others choosing layout by layout; their
    bids, a learner's hint and less work keep the others' choices shared."""
    from tutor.advice import advise
    from tutor.advice import trixter as trixter_advice
    from tutor.search import tree

    calls = []
    real = tree.search
    monkeypatch.setattr(tree, "search", lambda obs, work, seed, **kw: calls.append(
        (work, kw.get("by_world", 0))) or real(obs, work, seed, **kw))
    monkeypatch.setattr(trixter_advice, "BY_WORLD", 7)
    monkeypatch.setattr(trixter_advice, "WORLDS", 0)  # PIMC, when on, comes first
    monkeypatch.setattr(trixter_advice, "WORLDS_FROM", 30)
    g = _bid_with_the_computers_advice()
    assert calls and {split for _work, split in calls} == {0}
    calls.clear()
    assert len(g.legal_actions(g.to_move)) > 1
    table = advise(g, g.to_move, budget=60, seed=1, against_table=True)
    assert calls == [(60, 7)] and 1 < table.samples <= 7  # the first 7 drawn (some twice)
    advise(g, g.to_move, budget=200, seed=1)  # a hint
    advise(g, g.to_move, budget=29, seed=1, against_table=True)
    assert calls[1:] == [(200, 0), (29, 0)]


def test_blend_reaches_the_computer_players_cards_only(monkeypatch):
    """:data:`BLEND` set: the computer players' cards (against the table, work from
    :data:`WORLDS_FROM`) are searched by the one tree and by PIMC, half the work each, and
    a card's margin is the mean of the two searches' means; their bids, a learner's hint
    and less work keep the one tree alone."""
    from tutor.advice import advise
    from tutor.advice import trixter as trixter_advice
    from tutor.search import tree

    trees, worlds = [], []  # (work, result) and (work, worlds, result) of each call
    real_search, real_worlds = tree.search, tree.search_worlds

    def search(obs, work, seed, **kw):
        trees.append((work, real_search(obs, work, seed, **kw)))
        return trees[-1][1]

    def search_worlds(obs, work, seed, k, **kw):
        worlds.append((work, k, real_worlds(obs, work, seed, k, **kw)))
        return worlds[-1][2]

    monkeypatch.setattr(tree, "search", search)
    monkeypatch.setattr(tree, "search_worlds", search_worlds)
    monkeypatch.setattr(trixter_advice, "BLEND", 50)
    monkeypatch.setattr(trixter_advice, "WORLDS", 0)
    monkeypatch.setattr(trixter_advice, "WORLDS_FROM", 30)
    g = _bid_with_the_computers_advice()
    assert worlds == []
    trees.clear()
    legal = g.legal_actions(g.to_move)
    assert len(legal) > 1
    table = advise(g, g.to_move, budget=12 * len(legal), seed=1, against_table=True)
    half = 6 * len(legal)
    tree_work, one = trees[0]  # the calls after it are PIMC's own, one a world
    (worlds_work, k, pimc), = worlds
    assert tree_work == worlds_work == half and k == 3  # room for 3 worlds of 2 a card
    assert len(trees) == 1 + k
    assert table.rollouts == one.iterations + pimc.iterations == 2 * half
    for o in table.options:
        key = str(o.action)
        assert len(table.per[key]) == len(one.results[key]) + len(pimc.results[key])

    def both(o):  # the mean of the two searches' mean margins
        return sum(sum(m) / len(m) for m in (one.margins[str(o.action)],
                                              pimc.margins[str(o.action)])) / 2

    assert [both(o) for o in table.options] == sorted(map(both, table.options), reverse=True)
    trees.clear()
    advise(g, g.to_move, budget=200, seed=1)  # a hint
    advise(g, g.to_move, budget=29, seed=1, against_table=True)
    assert [work for work, _r in trees] == [200, 29] and len(worlds) == 1


def test_blend_weighs_each_search_once_whatever_its_iterations():
    """:func:`blend`: a move's margin is one mean from each search, not their iterations
    pooled; a move one search never tried keeps the other's; results add up."""
    from tutor.advice.trixter import blend
    from tutor.engine.actions import parse_action as act
    from tutor.search.tree import SearchResult

    tree = SearchResult([(act("KS"), 3, 0.5)], 4, {"KS": [(1, 1)] * 3, "2S": [(1, 0)]},
                        {"KS": [0, 0, 1], "2S": [2]}, {"KS": [3.0, 3.0, 3.0], "2S": [9.0]}, 4)
    pimc = SearchResult([(act("KS"), 1, 0.5)], 2, {"KS": [(1, 0)]}, {"KS": [3]},
                        {"KS": [1.0]}, 1)
    both = blend(tree, pimc)
    assert both.margins == {"KS": [3.0, 1.0], "2S": [9.0]}
    assert both.results == {"KS": [(1, 1)] * 3 + [(1, 0)], "2S": [(1, 0)]}
    assert both.firsts == {"KS": [0, 0, 1, 3], "2S": [2]}
    assert (both.iterations, both.layouts) == (6, 5)


@pytest.mark.parametrize("scoring, greedy", [("exact", False), ("squared", False),
                                             ("tricks_if_missed", True)])
def test_the_play_outs_take_tricks_past_a_bid_where_a_miss_scores_them(monkeypatch, scoring,
                                                                        greedy):
    """The advice's play-outs follow the scoring in force: where a missed bid scores its
    tricks a seat past its bid takes what it can (``greedy``), for a hint and for the
    computer players alike, the others erring or not."""
    from tutor.advice import advise
    from tutor.advice import trixter as trixter_advice
    from tutor.search import policy

    seen = []
    real = policy.trixter_rollout
    monkeypatch.setattr(policy, "trixter_rollout", lambda *a, **kw: seen.append(
        kw.get("greedy", False)) or real(*a, **kw))
    g = TrixterGame.new(players=4, seed=3, first_hand=6, rules=TrixterRules(scoring=scoring))
    advise(g, g.to_move, budget=40, seed=1)  # a hint
    advise(g, g.to_move, budget=40, seed=1, against_table=True)
    monkeypatch.setattr(trixter_advice, "OTHERS_ERR", 100)
    advise(g, g.to_move, budget=40, seed=1, against_table=True)
    assert len(seen) >= 120 and set(seen) == {greedy}


@pytest.mark.parametrize("level", quick_and_full("intermediate", "expert",
                                                  ids=("intermediate", "expert")))
def test_the_dealer_bot_bids_rather_than_changes_the_trump(level):
    """The advice also ranks the dealer's take-back of the trump while bidding; a bot
    only bids (both levels are one class: the expert's twelve decisions are slow)."""
    g = TrixterGame.new(players=4, seed=2, first_hand=5)
    bot = bot_for("trixter", level, seed=0)
    for _ in range(12):
        if g.to_move is None:
            g.next_hand()
        seat = g.to_move
        obs = g.observe(seat)
        a = bot.act(obs)
        assert str(a) in obs["legal"]
        if obs["phase"] == "bid":
            assert str(a).startswith("bid ")
        g.apply(a, seat)


def test_expert_takes_the_sure_last_tricks():
    """Two cards left, bid 1 still to make: the A♠ is a sure trick whatever the layout;
    after it the 2♥ is the lowest heart, and the solver proves the bid made."""
    deal = [["AS", "2H"], ["KS", "3H"], ["QS", "4H"], ["JS", "5H"]]
    g = TrixterGame.new(players=4, seed=1, first_hand=2, dealer=3,
                        deals=[[".".join(_pbn(h)) for h in deal]])
    g.apply("trump D")
    while g.phase == Phase.BID:
        g.apply(f"bid {1 if g.to_move == 0 else 0}")
    assert g.to_move == 0
    assert bot_for("trixter", "expert", seed=1).act(g.observe(0)) == parse_action("AS")


def _pbn(cards):
    by = {s: "" for s in "SHDC"}
    for c in cards:
        by[c[1]] += c[0]
    return [by[s] for s in "SHDC"]


def test_expert_doubles_a_guarded_king():
    """King of Hearts: the expert doubles a K♥ guarded by six small hearts (nobody can
    force it out), having played the deal out both ways on the same layouts."""
    def round_for(hand):
        rest = [c for c in CardSet.deck() if str(c) not in hand]
        others = [rest[i::3] for i in range(3)]
        deal = [" ".join(hand)] + [" ".join(str(c) for c in h) for h in others]
        g = TrixGame.new(seed=1, deals=[deal], owner=1, dealer=0)
        g.apply("contract king", 1)
        while g.phase == Phase.DOUBLE and g.to_move != 0:
            g.apply(g.observe(g.to_move)["legal"][-1])
        return g

    guarded = round_for(["KH", "2H", "3H", "4H", "5H", "6H", "7H",
                         "2S", "3S", "4S", "2D", "3D", "2C"])
    assert guarded.to_move == 0 and guarded.phase == Phase.DOUBLE
    obs = guarded.observe(0)
    double = parse_action("double KH")
    assert bot_for("trix", "expert", seed=1).act(obs) == double
