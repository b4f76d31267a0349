"""benchmarks/openspiel_arena.py: the mirror of OpenSpiel's oh_hell, the pyspiel-like states
of our rules, their resampler, and a whole (tiny) arena run. Needs ``open-spiel``."""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import io
import math
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parents[1]


def _benchmark(name: str):
    """``benchmarks/<name>.py`` as a module (registered, for its dataclasses)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


oa = _benchmark("openspiel_arena")

from tutor import TrixGame, TrixterGame, TrixterRules  # noqa: E402
from tutor.search.legal import legal_actions as fresh_actions  # noqa: E402
from tutor.engine.actions import ChooseContract, ChooseTrump, Double, Pass, Play  # noqa: E402
from tutor.engine.cards import Card, CardSet  # noqa: E402
from tutor.engine.protocol import Phase  # noqa: E402
from tutor.engine.trix.contracts import Contract  # noqa: E402
from tutor.engine.trix.trex import Layout  # noqa: E402
from tutor.search import policy, reading  # noqa: E402


def test_card_ids_round_trip():
    assert [oa.os_card(oa.card_of_os(a)) for a in range(52)] == list(range(52))
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 3})
    state = game.new_initial_state()
    state.apply_action(3)
    state.apply_action(0)
    names = [state.action_to_string(0, a) for a in range(52)]  # a deal node: card names
    assert [Card.parse(n[1] + n[0]) for n in names] == [oa.card_of_os(a) for a in range(52)]


@pytest.mark.parametrize("tricks", [1, 3, 7, 12])
def test_mirror_agrees_with_oh_hell_through_random_hands(tricks):
    """Whole hands of random legal play: at every step the same player to move and legal
    set, every trick's winner OpenSpiel's next player, the points OpenSpiel's returns."""
    rng = random.Random(tricks)
    for deal_no in range(6):
        dealer, cards = oa.oh_hell_setup(f"test{tricks}", deal_no, tricks)
        _, state = oa.new_oh_hell(tricks, dealer, cards)
        mirror = oa.mirror_of(state, tricks, dealer, cards)
        assert mirror.dealer == (dealer + 1) % 4 and mirror.last_bidder == dealer
        assert mirror.trump == oa.card_of_os(cards[-1]).suit
        steps = 0
        while True:
            oa.check_mirror(state, mirror)
            if state.is_terminal():
                break
            oa.apply_both(state, mirror, rng.choice(state.legal_actions()))
            steps += 1
        assert steps == 4 + 4 * tricks
        assert mirror.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def test_mirror_mismatch_is_caught():
    dealer, cards = oa.oh_hell_setup("x", 0, 3)
    _, state = oa.new_oh_hell(3, dealer, cards)
    wrong = oa.mirror_of(state, 3, (dealer + 1) % 4, cards)  # a dealer off by one
    with pytest.raises(oa.MirrorMismatch):
        oa.check_mirror(state, wrong)


def _random_trixter(seed, players=4, rules=None, size=5):
    return TrixterGame.new(players=players, seed=seed, rules=rules or TrixterRules(),
                           dealer=seed % players, first_hand=size)


def _sim_walk(game, rng):
    """Random play of ``game``'s hand; at every step the simulated state (rebuilt from the
    mover's observation, and one carried along from the start) agrees with the engine."""
    mover = game.to_move
    carried = oa.sim_from_observation(game.observation(mover), list(game.hands))
    while game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        p = game.to_move
        obs = game.observation(p)
        rebuilt = oa.sim_from_observation(obs, list(game.hands))
        legal = sorted(oa.action_id(a) for a in fresh_actions(obs))
        for sim in (carried, rebuilt):
            assert not sim.is_terminal() and sim.current_player() == p
            assert sorted(sim.legal_actions()) == legal
            assert sim.legal_actions(p) == sim.legal_actions()
            assert sim.information_state_string(p) == carried.information_state_string(p)
        action = rng.choice(fresh_actions(obs))
        clone = carried.clone()
        carried.apply_action(oa.action_id(action))
        assert clone.hist != carried.hist  # the clone is independent
        game.apply(action, p)
        assert oa.engine_action(oa.action_id(action)) == action
    assert carried.is_terminal() and carried.current_player() == oa.TERMINAL
    assert carried.returns() == [float(x) for x in game.sheet[-1]["points"]]


@pytest.mark.parametrize("players,rules", [
    (4, TrixterRules()), (4, TrixterRules(hook=True, first_lead="dealer")),
    (5, TrixterRules(allow_no_trump=True)), (3, TrixterRules(scoring="squared"))])
def test_trixter_sim_agrees_with_the_engine(players, rules):
    rng = random.Random(players)
    for seed in range(6):
        _sim_walk(_random_trixter(seed, players, rules, size=3 + seed * 2), rng)


def _trix_game(contract, seed):
    hands = oa.trix_deal(seed, 0, contract)
    owner = seed % 4
    g = TrixGame.new(seed=seed, deals=[hands], dealer=owner, owner=owner)
    g.apply(ChooseContract(contract), owner)
    return g


@pytest.mark.parametrize("contract", list(oa.CONTRACTS), ids=lambda c: c.text)
def test_trix_sim_agrees_with_the_engine(contract):
    rng = random.Random(int(contract))
    for seed in range(3):
        _sim_walk(_trix_game(contract, seed), rng)


def _voids(history, n):
    """Suits each seat has shown void in, from the plays (independently of pimc)."""
    out = [set() for _ in range(n)]
    trick = []
    for seat, a in history:
        if not isinstance(a, Play):
            continue
        led = next((c.suit for c in trick if not c.is_joker), None)
        if led is not None and (a.card.is_joker or a.card.suit != led):
            out[seat].add(led)
        trick.append(a.card)
        if len(trick) == n:
            trick = []
    return out


def _check_layouts(game, seat, samples=30):
    obs = game.observation(seat)
    bot = oa.PyISMCTS(sims=1, seed=seat)
    root, resample = bot.resampler(obs)
    voids = _voids(obs.history, game.n_players)
    public = {s: set(cards) for s, cards in getattr(obs, "public", {}).items()}
    key = root.information_state_string(seat)
    for _ in range(samples):
        state = resample(root, seat)
        assert state.information_state_string(seat) == key
        assert state.hands[seat] == game.hands[seat].mask  # the seat's own hand kept
        held = 0
        for s in range(game.n_players):
            hand = CardSet.from_mask(state.hands[s])
            assert len(hand) + getattr(state, "jokers", [0] * 4)[s] == len(game.hands[s])
            assert not held & state.hands[s]
            held |= state.hands[s]
            for suit in voids[s]:
                assert not hand.by_suit(suit), (s, suit, hand)  # never a shown void
            for s2, cards in public.items():
                for c in cards:  # a doubled card stays with its doubler
                    assert (c in hand) == (s == s2)
        played = {a.card for _, a in obs.history if isinstance(a, Play)}
        assert not any(c in played for c in CardSet.from_mask(held))
    return root


def test_resampler_respects_voids_and_jokers_in_trixter():
    rng = random.Random(3)
    checked = 0
    for players in (4, 5):
        for seed in range(8):
            g = _random_trixter(seed, players, size=8)
            while g.phase != Phase.HAND_OVER:
                p = g.to_move
                if g.phase == Phase.PLAY and g.tricks and rng.random() < 0.3:
                    _check_layouts(g, p, samples=10)
                    checked += 1
                g.apply(rng.choice(fresh_actions(g.observation(p))), p)
    assert checked > 20


def test_resampler_keeps_doubled_cards_with_their_doubler():
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        g = _trix_game(Contract.QUEENS if seed % 2 else Contract.KING, seed)
        while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            p = g.to_move
            acts = g.legal_actions(p)
            doubles = [a for a in acts if isinstance(a, Double)]
            action = doubles[0] if doubles else rng.choice(acts)
            if g.phase == Phase.PLAY and g.doubles and rng.random() < 0.3:
                _check_layouts(g, p, samples=10)
                checked += 1
            g.apply(action, p)
    assert checked > 5


def test_resampler_respects_trex_passes():
    rng = random.Random(7)
    checked = 0
    for seed in range(6):
        g = _trix_game(Contract.TREX, seed)
        while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            p = g.to_move
            if g.phase == Phase.TREX and any(g.passes) and rng.random() < 0.3:
                obs = g.observation(p)
                root, resample = oa.PyISMCTS(sims=1, seed=seed).resampler(obs)
                for _ in range(10):
                    state = resample(root, p)
                    layout = Layout()  # replay: a passer held no card that fit then
                    hands = {s: state.hands[s] for s in range(4)}
                    for s, a in reversed(obs.history):
                        if isinstance(a, Play):
                            hands[s] |= 1 << a.card.index
                    for s, a in obs.history:
                        if isinstance(a, Play):
                            layout = layout.play(a.card)
                            hands[s] &= ~(1 << a.card.index)
                        elif isinstance(a, Pass):
                            assert not layout.playable(CardSet.from_mask(hands[s]))
                    assert state.hands[p] == g.hands[p].mask
                checked += 1
            g.apply(rng.choice(g.legal_actions(p)), p)
    assert checked > 5


def test_python_ismcts_repeats_itself_with_the_same_seed():
    g = _trix_game(Contract.DIAMONDS, 2)
    obs = g.observation(g.to_move)
    assert len({str(oa.PyISMCTS(sims=30, seed=4).act(obs)) for _ in range(3)}) == 1


def test_python_ismcts_plays_a_legal_action():
    g = _trix_game(Contract.LTOOSH, 1)
    bot = oa.PyISMCTS(sims=20, seed=1)
    for _ in range(6):
        p = g.to_move
        action = bot.act(g.observation(p))
        assert action in g.legal_actions(p)
        g.apply(action, p)


@pytest.mark.parametrize("arena,label", [("a", "4"), ("af", "3"), ("b", "4"), ("c", "queens")])
def test_a_whole_duplicated_deal_completes(arena, label, tmp_path):
    opts = {"seed": "t", "sims": 5, "seconds": 0.01, "level": "expert", "uct_c": 2.0}
    result = oa.run_deal((arena, 1 if arena != "c" else 0, label, opts))
    oa.save([result], str(tmp_path / "r.jsonl"), opts)
    assert oa.load([str(tmp_path / "r.jsonl")]) == [result]
    kept = str(tmp_path / "r.jsonl.gz")  # as benchmarks/saves keeps them: appended, gzipped
    oa.save([result], kept, opts)
    oa.save([dataclasses.replace(result, deal=result.deal + 1)], kept, opts)
    both = oa.load([kept])
    assert [r.deal for r in both] == [result.deal, result.deal + 1] and both[0] == result
    assert [p.ours for p in result.plays] == [(0, 2), (1, 3)]
    for play in result.plays:
        assert len(play.points) == 4 and play.our_times and play.their_times
        if arena in oa.OPPONENT:
            assert play.checks == 4 + 4 * int(label) + 1  # every step, and the end
        if arena != "c":
            assert sum(play.tricks) == int(label)
    table = oa.table([result])
    assert "ours-theirs" in table and oa.ARENA_TITLES[arena] in table


def test_the_command_has_help():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "openspiel_arena.py"),
                          "--help"], capture_output=True, text=True, check=True).stdout
    for flag in ("--deals", "--seed", "--arena", "--sims", "--seconds", "af"):
        assert flag in out


def test_sizes_cycle_through_the_deals():
    opts = {"seed": "t", "sims": 5, "seconds": 0.01, "level": "expert", "uct_c": 2.0,
            "sizes": [3, 4]}
    tasks = oa.tasks_for(["a"], 4, opts)
    assert sorted((t[1], t[2]) for t in tasks) == [(0, "3"), (1, "4"), (2, "3"), (3, "4")]
    assert oa.tricks_for(5) == 8 and oa.tricks_for(5, sizes=[3, 4]) == 4


def test_in_oh_hell_the_play_outs_take_tricks_past_a_bid_unless_told_to_duck(monkeypatch):
    """``oh_hell`` scores a missed bid's tricks, so our seats' play-outs let a seat past its
    bid take what it can (:func:`policy.misses_pay`); the ``duck`` variant plays them as
    before, and the rules' own test is put back after it."""
    flags = []
    real = policy.trixter_rollout
    monkeypatch.setattr(policy, "trixter_rollout", lambda *a, **kw: flags.append(
        kw.get("greedy", False)) or real(*a, **kw))
    opts = {"seed": "t", "sims": 5, "seconds": 0.01, "level": "expert", "uct_c": 2.0}
    for variant, greedy in (("", True), ("duck", False)):
        flags.clear()
        oa.run_deal(("a", 0, "3", {**opts, "variant": variant}))
        assert flags and set(flags) == {greedy}, variant
    assert oa.trixter_advice_module.misses_pay is policy.misses_pay


def test_the_noisy_play_out_is_the_rule_but_for_the_other_seats_random_cards():
    """``noisy_rollout``: with no noise, the rule's play-out card for card (on random
    positions in play); with noise 1, the searching seat still plays the rule while the
    others play random legal cards, so the tricks differ somewhere."""
    rng = random.Random(7)
    differ = 0
    for k in range(60):
        g = TrixterGame.new(players=4, seed=k, first_hand=3 + k % 8)
        while g.phase != Phase.PLAY:
            g.apply(rng.choice([a for a in g.legal_actions() if isinstance(a, (oa.Bid,
                                                                               ChooseTrump))]))
        for _ in range(rng.randrange(0, 4)):
            g.apply(rng.choice(g.legal_actions()))
        trump = -1 if g.trump is None else int(g.trump)
        gone = sum(1 << a.card.index for _s, a in g.deal_actions if isinstance(a, Play))

        def args(g=g, trump=trump, gone=gone):
            return ([h.mask for h in g.hands], [0] * 4, [c.index for _s, c in g.trick],
                    g.leader, trump, list(g.bids), list(g.tricks_won), gone)

        policy.keep_plain()
        try:
            plain = list(policy.trixter_rollout(*args()))
        finally:
            policy.keep_plain(False)
        assert list(oa.noisy_rollout(g.to_move, 0.0, random.Random(k))(*args())) == plain
        wild = list(oa.noisy_rollout(g.to_move, 1.0, random.Random(k))(*args()))
        assert sum(wild) == sum(plain) == g.hand_size
        differ += wild != plain
    assert differ > 10


def test_the_depth_and_noise_variants_reach_the_search(monkeypatch):
    """``depth1`` is passed to the tree as its ``depth``; ``noisy20`` hands it the noisy
    play-out; ``tightbids`` reads the bids by :func:`tight_bid`; ``playtell50`` weighs the
    layouts by the cards played (ε 0.5), ``untoldplay`` not at all, the default as
    ``tree.PLAYS_TELL`` says; each is put back after each decision."""
    asked = []
    real = oa.tree_search.search
    monkeypatch.setattr(oa.tree_search, "search",
                        lambda *a, **kw: asked.append(kw) or real(*a, **kw))
    common = {"sims": 4, "seconds": 0.01, "size": 3}
    oa.play_trixter(0, "v", (0, 2), variant="depth1+noisy20", **common)
    assert asked and all(kw["depth"] == 1 for kw in asked)
    assert all(kw["rollout"].__qualname__.startswith("noisy_rollout") for kw in asked)
    asked.clear()
    oa.play_trixter(0, "v", (0, 2), **common)
    assert asked and not any("depth" in kw for kw in asked)
    read = []
    monkeypatch.setattr(oa, "tight_bid", lambda *a: read.append(a) or (1.0, 0.5))
    oa.play_trixter(0, "v", (0, 2), variant="tightbids", **common)
    assert read  # the other seats' bids read by the refitted law
    weighed = []
    real_logs = reading.cards_logs
    monkeypatch.setattr(reading, "cards_logs", lambda *a: weighed.append(a[-1]) or real_logs(*a))
    monkeypatch.setattr(oa.tree_search, "cards_logs", reading.cards_logs)
    oa.play_trixter(0, "v", (0, 2), variant="playtell50", **common)
    assert weighed and set(weighed) == {0.5}  # the layouts weighed by the cards played
    weighed.clear()
    oa.play_trixter(0, "v", (0, 2), variant="untoldplay", **common)
    assert not weighed
    oa.play_trixter(0, "v", (0, 2), **common)  # the product's default
    assert set(weighed) == ({oa.tree_search.PLAYS_TELL} - {None})


def test_steer_credits_the_bids_of_two_or_more_in_hands_of_five_or_more(monkeypatch):
    """``steer``: at a bid of a 6-card hand, each bid of 2 or more has 10 times
    :func:`steer_bonus` (0.07 at 5-8 cards) added to its margins before the bids are
    ranked, bids of 0 and 1 none; put back after."""
    assert [oa.steer_bonus(f"bid {n}", 6) for n in (0, 1, 2, 5)] == [0.0, 0.0, 0.07, 0.07]
    assert oa.steer_bonus("bid 3", 9) == 0.13 and oa.steer_bonus("bid 3", 4) == 0.0
    module = oa.trixter_advice_module
    real = module.by_margin
    seen = {}

    def recorded(variant):
        def by_margin(options, margins, *a):
            seen.setdefault(variant, []).append(
                {k: sum(v) / len(v) for k, v in margins.items()})
            return real(options, margins, *a)
        return by_margin

    for variant in ("", "steer"):
        monkeypatch.setattr(module, "by_margin", recorded(variant))
        oa.play_trixter(0, "v", (0, 2), sims=4, seconds=0.01, size=6, variant=variant)
        assert module.by_margin.__name__ == "by_margin"  # the variant's own put back
    # The first decision is the dealer's trump, the next its bid (a change of trump
    # among the options, which the bot never makes, is left as it is).
    assert seen[""][0] == seen["steer"][0] and "bid 2" not in seen[""][0]
    plain, steered = seen[""][1], seen["steer"][1]
    assert set(plain) == set(steered) and {"bid 1", "bid 2", "trump C"} <= set(plain)
    for k, m in plain.items():
        bonus = 0.7 if k.startswith("bid") and int(k.split()[1]) >= 2 else 0.0
        assert steered[k] == pytest.approx(m + bonus), k


def test_cand_draws_k_times_the_layouts_and_keeps_as_many_as_asked(monkeypatch):
    """``drawn_from_more``: the sampler is asked for ``k`` times the layouts, the weighing
    keeps its first share (its draws are independent); and in a real search the tree
    still runs the iterations it was given."""
    asked = []
    more, fewer = oa.drawn_from_more(
        4, lambda view, count, rng: asked.append(count) or list(range(count)),
        lambda seen, base, layouts, rng: layouts[::-1])
    layouts = more(None, 10, random.Random(0))
    assert asked == [40] and fewer(None, None, layouts, None) == list(range(39, 29, -1))
    seen_counts = []
    real = oa.tree_search.search
    monkeypatch.setattr(oa.tree_search, "search", lambda *a, **kw: seen_counts.append(
        real(*a, **kw)) or seen_counts[-1])
    sampled = []
    real_sample = oa.tree_search.sample
    monkeypatch.setattr(oa.tree_search, "sample", lambda view, count, rng, *a: sampled.append(
        count) or real_sample(view, count, rng, *a))
    oa.play_trixter(0, "v", (0, 2), variant="cand3", sims=4, seconds=0.01, size=3)
    played = [r for r in seen_counts if r.layouts > 1]
    assert played and all(3 * r.iterations in sampled for r in played)


def test_variant_bot_plays_a_whole_deal_and_rejects_unknown_variants(tmp_path):
    with pytest.raises(ValueError):
        oa.VariantBot("faster", "expert", seed=1)
    opts = {"seed": "t", "sims": 5, "seconds": 0.01, "level": "expert", "uct_c": 2.0,
            "variant": "fresh+greedy+duck+random+visits+blind+c0.15+randbid+bid2+end2+points"
                       "+halving+grow2+tightbids+depth2+playtell50+cand2+fittedmean"}
    end_cards, plays_tell = oa.last_tricks.ENDPLAY_CARDS, oa.tree_search.PLAYS_TELL
    result = oa.run_deal(("a", 0, "3", opts))
    assert all(sum(p.tricks) == 3 and p.checks == 4 + 4 * 3 + 1 for p in result.plays)
    assert oa.trixter_advice_module.misses_pay is policy.misses_pay  # put back each time
    assert oa.last_tricks.ENDPLAY_CARDS == end_cards
    assert oa.tree_search.search.__name__ == "search"
    assert oa.tree_search.view_of is oa.view_of
    assert oa.tree_search.likely_bid.__module__ == "tutor.search.tree"
    assert oa.tree_search.told_by_bids.__module__ == "tutor.search.tree"
    assert oa.tree_search.PLAYS_TELL == plays_tell
    assert oa.tree_search.BIDS_FITTED is False and oa.tree_search.BID_SPREAD == (0.379, 0.0175)
    notes = [n for p in result.plays for n in p.notes.values()]
    assert len(notes) == 4 and {n["place"] for n in notes} == {0, 1, 2, 3}
    assert all(abs(sum(n["tricks"]) - 1) < 1e-3 for n in notes if "tricks" in n)
    oa.save([result], str(tmp_path / "v.jsonl"), opts)
    report = oa.diagnose(oa.load([str(tmp_path / "v.jsonl")]))
    assert report.splitlines()[1].split()[:2] == ["all", "4"]
    assert "4 deals in common" not in oa.compare([result], [result])
    assert oa.compare([result], [result]).startswith("1 deals in common: new - base +0.00")
    # --compare pools runs made with other options, each file read by itself: deal 0 as
    # played, deal 1 a copy; the new side has deal 0 with our seats 4 points up a play
    up = dataclasses.replace(result, plays=[
        dataclasses.replace(p, points=[x + 4 * (s in p.ours) for s, x in enumerate(p.points)])
        for p in result.plays])
    again = dataclasses.replace(result, deal=1)
    for name, deal, variant in (("v1", again, "points"), ("n0", up, "halving"),
                                ("n1", again, "")):
        oa.save([deal], str(tmp_path / f"{name}.jsonl"), {**opts, "variant": variant})
    with pytest.raises(ValueError, match="other options"):
        oa.load([str(tmp_path / "v.jsonl"), str(tmp_path / "v1.jsonl")])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        oa.main(["--compare", f"{tmp_path / 'v.jsonl'},{tmp_path / 'v1.jsonl'}",
                 f"{tmp_path / 'n0.jsonl'},{tmp_path / 'n1.jsonl'}"])
    assert out.getvalue().startswith("2 deals in common: new - base +2.00")


def test_the_turned_card_is_left_out_of_the_layouts():
    dealer, cards = oa.oh_hell_setup("t", 0, 3)
    _, state = oa.new_oh_hell(3, dealer, cards)
    mirror = oa.mirror_of(state, 3, dealer, cards)
    turned = oa.card_of_os(cards[-1])
    view = oa.view_of(mirror.observation(0), 0)
    out = oa.without_card(view, turned)
    assert turned in view.pool and turned not in out.pool
    assert (len(out.pool), out.undealt) == (len(view.pool) - 1, view.undealt - 1)
    assert oa.without_card(out, turned) is out
    layouts = oa.sample_layouts(out, 200, random.Random(1))
    assert all(turned not in h for hands in layouts for h in hands)
    assert any(turned in h for hands in oa.sample_layouts(view, 200, random.Random(1))
               for h in hands)


def test_our_seats_know_the_turned_card_in_oh_hell(monkeypatch):
    """OpenSpiel's turned trump card is public and out of play: OpenSpiel's seats know it,
    so ours are told it too, and none of their layouts deals it (unless ``blind``)."""
    _, cards = oa.oh_hell_setup("t", 0, 3)
    turned = oa.card_of_os(cards[-1])
    pools = []
    drawn = oa.tree_search.sample

    def sample(view, *a):
        pools.append(view.pool)
        return drawn(view, *a)

    monkeypatch.setattr(oa.tree_search, "sample", sample)
    opts = {"seed": "t", "sims": 5, "seconds": 0.01, "level": "expert", "uct_c": 2.0}
    oa.run_deal(("a", 0, "3", opts))
    assert pools and all(turned not in pool for pool in pools)
    pools.clear()
    oa.run_deal(("a", 0, "3", {**opts, "variant": "blind"}))
    assert pools and all(turned in pool for pool in pools)
    assert oa.tree_search.sample is sample  # each decision puts back what it changed
    assert not isinstance(oa.our_bot("trixter", "beginner", 1, None, turned=turned),
                          oa.VariantBot)


def test_the_leak_variant_deals_only_the_cards_in_play(monkeypatch):
    """``leak``: our layouts deal only the cards in the four hands, as OpenSpiel's own
    ``oh_hell`` worlds do for its C++ bot (``leaked_cards``); every pool is a subset of
    the cards dealt, and none holds an undealt card. Without it, the pools hold cards
    out of play."""
    dealer, cards = oa.oh_hell_setup("t", 0, 4)
    dealt = {oa.card_of_os(c) for c in cards[:-1]}
    _, state = oa.new_oh_hell(4, dealer, cards)
    assert oa.leaked_cards(state, 0) == oa.CardSet(dealt - set(oa.hand_of(state, 0)))
    seen = []
    drawn = oa.tree_search.sample

    def sample(view, *a):
        seen.append((list(view.pool), view.undealt))
        return drawn(view, *a)

    monkeypatch.setattr(oa.tree_search, "sample", sample)
    opts = {"seed": "t", "sims": 5, "seconds": 0.01, "level": "expert", "uct_c": 2.0}
    result = oa.run_deal(("a", 0, "4", {**opts, "variant": "leak"}))
    assert all(sum(p.tricks) == 4 for p in result.plays)
    assert seen and all(set(pool) <= dealt and undealt == 0 for pool, undealt in seen)
    assert any(len(pool) == 12 for pool, _ in seen)  # a bid: the other three hands' cards
    seen.clear()
    oa.run_deal(("a", 0, "4", opts))
    assert seen and all(not set(pool) <= dealt and undealt > 0 for pool, undealt in seen)
    assert oa.tree_search.view_of is oa.view_of  # put back after each decision


def _dealt(tricks: int, deal: int = 0):
    dealer, cards = oa.oh_hell_setup("t", deal, tricks)
    _, state = oa.new_oh_hell(tricks, dealer, cards)
    hands = [CardSet(oa.card_of_os(c) for c in cards[s:4 * tricks:4]) for s in range(4)]
    return dealer, cards, state, hands


def _spy_on_cpp_bots(monkeypatch) -> list[tuple]:
    """The arguments of every C++ ISMCTSBot made from now on (the bots are real)."""
    made = []
    real = pyspiel.ISMCTSBot

    def spy(*args):
        made.append(args)
        return real(*args)

    monkeypatch.setattr(pyspiel, "ISMCTSBot", spy)
    return made


def test_openspiel_oh_hell_worlds_leak_the_cards_in_play():
    """Why arena (a) has a fair twin: OpenSpiel 2.0.2's oh_hell resampler only shuffles
    the cards the opponents really hold, so its C++ ISMCTS knows which 9 of the 48 cards
    it cannot see are in play in a 3-card deal."""
    dealer, cards, state, hands = _dealt(3)
    p = state.current_player()
    assert oa.hand_of(state, p) == hands[p]  # the state's own text, read back
    held = CardSet(c for s in range(4) if s != p for c in hands[s])
    assert len(held) == 9 and oa.leaked_cards(state, p) == held


def test_fair_worlds_deal_every_unseen_card_and_keep_what_the_seat_saw():
    """The fair resampler of arena (af): the seat's own hand, the history replayed, the
    turned trump never in a hand, the voids shown kept, and the hidden cards drawn from
    all 48 unseen, not from the 9 the opponents hold."""
    dealer, cards, state, hands = _dealt(3, deal=1)
    mirror = oa.mirror_of(state, 3, dealer, cards)
    rng = random.Random(4)
    void = None
    while void is None and not state.is_terminal():  # play until a seat shows a void
        p = state.current_player()
        a = rng.choice(state.legal_actions())
        before = oa.mirror_action(a)
        trick = list(mirror.trick)
        oa.apply_both(state, mirror, a)
        if trick and hasattr(before, "card") and before.card.suit != trick[0][1].suit:
            void = (p, trick[0][1].suit)
    assert void is not None, "deal 1 shows a void"
    while state.current_player() == void[0]:  # ask a seat other than the void one
        oa.apply_both(state, mirror, state.legal_actions()[0])
    p = state.current_player()
    bot = oa.FairISMCTS(seed=3, sims=5)
    bot.watch(mirror, 3, dealer, cards[-1])
    turned = oa.card_of_os(cards[-1])
    held = CardSet(c for s in range(4) if s != p for c in hands[s])
    seen_out = CardSet()
    start = 2 + 4 * 3 + 1
    for _ in range(60):
        world = bot.resample(state, p)
        assert world.history()[start:] == state.history()[start:]
        assert oa.hand_of(world, p) == oa.hand_of(state, p)
        for s in range(4):
            h = oa.hand_of(world, s)
            assert turned not in h
            if s != p:
                seen_out = seen_out | h
        assert not any(c.suit == void[1] for c in oa.hand_of(world, void[0]))
    assert len(seen_out - held) > 10  # cards the opponents do not hold, as they may


def test_the_fair_cpp_bot_is_shown_only_fair_worlds(monkeypatch):
    """Arena (afc): OpenSpiel's C++ ISMCTS is never given the real state but ``sets`` fair
    worlds a decision, each with the seat's own information state, holding cards that are
    not in play; its simulations are shared among them and the summed visits choose."""
    made = _spy_on_cpp_bots(monkeypatch)
    dealer, cards, state, hands = _dealt(3, deal=2)
    mirror = oa.mirror_of(state, 3, dealer, cards)
    bot = oa.FairCpp(seed=5, eval_seed=6, sims=40, uct_c=8.0, sets=4)
    bot.watch(mirror, 3, dealer, cards[-1])
    assert [m[2:6] for m in made] == [(8.0, 10, -1,
                                       pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT)]
    shown = []

    class Watch:  # the C++ bot, recording every state it is given
        def __init__(self, cpp):
            self.cpp = cpp

        def step_with_policy(self, world):
            shown.append((world.current_player(), world))
            return self.cpp.step_with_policy(world)

    bot.cpp = Watch(bot.cpp)
    decisions = 0
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        before = len(shown)
        a = bot.step(state)
        assert a in legal
        if len(legal) > 1:
            decisions += 1
            worlds = [w for _, w in shown[before:]]
            assert len(worlds) == 4 and all(w is not state for w in worlds)
            for w in worlds:
                assert w.information_state_string(p) == state.information_state_string(p)
                assert w.history()[15:] == state.history()[15:]  # the bids and cards
        oa.apply_both(state, mirror, a)
    assert decisions >= 4
    held = {c for h in hands for c in h}
    out_of_play = {c for _, w in shown for s in range(4) for c in oa.hand_of(w, s)} - held
    assert len(out_of_play) > 10  # its worlds deal cards that no one holds, as they may
    # The visits are summed over the worlds, not voted: three worlds lean to the first
    # card, one is sure of the second, and the second has more visits in all.
    dealer, cards, state, _ = _dealt(3, deal=2)
    bot.watch(oa.mirror_of(state, 3, dealer, cards), 3, dealer, cards[-1])
    first, second = state.legal_actions()[:2]
    leans = iter([0.6, 0.6, 0.6, 0.0])

    class Stub:
        def step_with_policy(self, world):
            x = next(leans)
            return [(first, x), (second, 1 - x)], first

    bot.cpp = Stub()
    assert bot.step(state) == second


def test_arena_afc_plays_a_whole_deal_and_guards_its_sets(tmp_path):
    """``--arena afc --sets K`` plays the duplicated deal with the mirror checked at every
    step and saves K with it; --sets is refused elsewhere and below 1."""
    save = str(tmp_path / "afc.jsonl")
    oa.main(["--arena", "afc", "--sets", "2", "--deals", "1", "--sizes", "3", "--sims", "8",
             "--seconds", "0.01", "--level", "beginner", "--save", save, "--quiet"])
    [r] = oa.load([save])
    assert r.arena == "afc" and len(r.plays) == 2 and all(p.checks > 10 for p in r.plays)
    assert '"sets": 2' in Path(save).read_text()
    for p in r.plays:  # the history saved replays the play to its points
        _game, state = oa.new_oh_hell(3, *oa.oh_hell_setup(0, r.deal, 3))
        deal_moves = len(state.history())
        assert p.history[:deal_moves] == state.history()
        for a in p.history[deal_moves:]:
            state.apply_action(a)
        assert state.is_terminal() and list(state.returns()) == p.points
        assert len(p.history) - deal_moves == 4 + 4 * 3  # the bids and the cards
    save = str(tmp_path / "tuned.jsonl")  # --tuned: the tuned constant and sets
    oa.main(["--arena", "afc", "--tuned", "--deals", "1", "--sizes", "3", "--sims", "32",
             "--seconds", "0.01", "--level", "beginner", "--save", save, "--quiet"])
    text = Path(save).read_text()
    assert f'"sets": {oa.TUNED_SETS["afc"]}' in text
    assert f'"uct_c": {oa.TUNED_UCT["afc"]}' in text
    for bad in (["--arena", "a", "--sets", "2"], ["--arena", "afc", "--sets", "0"]):
        out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "openspiel_arena.py"),
                              "--deals", "1", *bad], capture_output=True, text=True)
        assert out.returncode == 2 and "--sets" in out.stderr


def test_diagnose_tells_how_often_each_side_plays_the_rules_card(tmp_path):
    """From plays saved with their history, --diagnose counts each side's cards with a
    choice (as many as the timed decisions less the bids, every bid having a choice) and
    how many were the rule's own card: the beginner's cards are the rule's but for the
    leads where the play-outs draw trumps and the beginner does not."""
    save = str(tmp_path / "afc.jsonl")
    oa.main(["--arena", "afc", "--sets", "2", "--deals", "3", "--sizes", "6", "--sims", "16",
             "--seconds", "0.01", "--level", "beginner", "--save", save, "--quiet"])
    runs = oa.load([save])
    agree = oa.rule_agreement(runs)
    plays = [p for r in runs for p in r.plays]
    assert agree[True][1] == sum(len(p.our_times) - 2 for p in plays)
    assert agree[False][1] == sum(len(p.their_times) - 2 for p in plays)
    same, cards, chance = agree[True]
    assert cards > 30 and same >= 0.9 * cards and chance < 0.6 * cards
    assert agree[False][0] < same
    text = oa.diagnose(runs)
    assert f"the rule's own card {100 * same / cards:.1f}% of {cards} with a choice" in text
    assert oa.rule_agreement(oa.load([str(SAVES / "b-tree-0-199.jsonl.gz")]))[True][1] == 0


@pytest.mark.parametrize("variant", ["osbid", "oscard", "infer", "flatrand"])
def test_the_diagnostic_variants_play_a_whole_deal(variant):
    """OpenSpiel's bot making our bids or cards, layouts weighted by the bids said, the
    random-play bid: each plays a legal whole deal, the mirror checked at every step."""
    opts = {"seed": "t", "sims": 5, "seconds": 0.01, "level": "expert", "uct_c": 2.0,
            "variant": variant}
    result = oa.run_deal(("a", 1, "4", opts))
    assert all(sum(p.tricks) == 4 and p.checks == 4 + 4 * 4 + 1 for p in result.plays)
    from tutor.solver import hidden

    assert oa.tree_search.sample is hidden.sample  # put back after each decision


@pytest.mark.parametrize("variant", ["seeall", "seebids", "seecards"])
def test_the_ceiling_variants_search_the_real_deal_where_they_see_it(variant, monkeypatch):
    """``seeall`` (a ceiling, not a player): every layout searched is the real deal; with
    ``seebids`` only at the bids, with ``seecards`` only at the cards. A whole deal, legal
    and checked at every step."""
    real = []
    told = oa.tree_search.told_by_bids

    def record(seen, base, layouts, rng):
        bidding = seen.phase == Phase.BID
        truth = [CardSet(h) for h in mirrors[-1].hands]
        real.append((bidding, all(list(h) == truth for h in layouts)))
        return told(seen, base, layouts, rng)

    mirrors = []
    mirror_of = oa.mirror_of
    monkeypatch.setattr(oa, "mirror_of", lambda *a, **kw: mirrors.append(mirror_of(*a, **kw))
                        or mirrors[-1])
    monkeypatch.setattr(oa.tree_search, "told_by_bids", record)
    opts = {"seed": "t", "sims": 5, "seconds": 0.01, "level": "expert", "uct_c": 2.0,
            "variant": variant}
    result = oa.run_deal(("af", 1, "4", opts))
    assert all(sum(p.tricks) == 4 and p.checks == 4 + 4 * 4 + 1 for p in result.plays)
    sees = {"seeall": {True, False}, "seebids": {True}, "seecards": {False}}[variant]
    assert {b for b, _ in real} == {True, False}
    assert all(exact == (bidding in sees) for bidding, exact in real)
    from tutor.solver import hidden

    assert oa.tree_search.sample is hidden.sample  # put back after each decision


def test_layouts_weighted_by_the_bids_said_favour_hands_that_fit_them():
    """A seat that bid 3 of 3: the layouts drawn again give it far more high trumps."""
    dealer, cards, state, hands = _dealt(3, deal=2)
    mirror = oa.mirror_of(state, 3, dealer, cards)
    while mirror.phase == Phase.BID and mirror.to_move != 0:
        p = mirror.to_move
        oa.apply_both(state, mirror, oa.os_action(oa.Bid(3 if p == (mirror.dealer) else 0)))
    seen = mirror.observation(mirror.to_move)
    assert any(b is not None for b in seen.bids)
    rng = random.Random(2)
    layouts = oa.tree_search.sample(oa.view_of(seen, seen.seat), 800, rng)
    kept = oa.inferred(seen, layouts, 200, rng)
    strong = mirror.dealer

    def trumps(ls):
        return sum(sum(1 for c in h[strong] if c.suit == seen.trump and c.rank >= 11)
                   for h in ls) / len(ls)

    assert len(kept) == 200 and trumps(kept) > 1.5 * trumps(layouts)


def test_runs_of_some_contracts_load_with_the_rest(tmp_path):
    """--contracts picks deals, it does not change how they are played: a run of King of
    Hearts deals loads beside a run of every contract; other options still may not mix."""
    opts = {"seed": "t", "sims": 5, "seconds": 0.01, "level": "expert", "uct_c": 2.0}
    result = oa.run_deal(("c", 0, "king", opts))
    oa.save([result], str(tmp_path / "all.jsonl"), opts)
    oa.save([oa.DealResult("c", 1, "king", result.plays)], str(tmp_path / "king.jsonl"),
            {**opts, "contracts": ["king"]})
    assert [r.deal for r in oa.load([str(tmp_path / "all.jsonl"),
                                     str(tmp_path / "king.jsonl")])] == [0, 1]
    oa.save([result], str(tmp_path / "other.jsonl"), {**opts, "sims": 6})
    with pytest.raises(ValueError):
        oa.load([str(tmp_path / "all.jsonl"), str(tmp_path / "other.jsonl")])
    assert [len(oa.tasks_for(["c"], 2, {**opts, "contracts": c})) for c in
            (["king"], ["king", "trex"])] == [2, 4]


def _tune_module():
    return _benchmark("openspiel_tune")


def test_the_final_policy_and_worlds_reach_the_cpp_bot(monkeypatch, tmp_path):
    """--final-policy and --worlds (arena a) and a tuning setting are passed to OpenSpiel's
    C++ ISMCTSBot; the tuning run saves its plays, resumes and prints its table."""
    calls = _spy_on_cpp_bots(monkeypatch)
    oa.main(["--arena", "a", "--deals", "1", "--sizes", "3", "--sims", "5", "--seconds",
             "0.01", "--level", "beginner", "--uct-c", str(oa.TUNED_UCT_C), "--final-policy",
             "value", "--worlds", "7", "--quiet"])
    assert calls and all(c[2:6] == (oa.TUNED_UCT_C, 5, 7,
                                    pyspiel.ISMCTSFinalPolicyType.MAX_VALUE) for c in calls)
    tune = _tune_module()
    setting = tune.Setting.parse("c=8,policy=normalized,worlds=3")
    assert setting.label == "c=8,policy=normalized,worlds=3"
    calls.clear()
    save = str(tmp_path / "t.jsonl")
    argv = ["--candidates", setting.label, "--deals", "1", "--sizes", "3", "--sims", "5",
            "--seed", "t", "--save", save, "--resume", "--quiet"]
    tune.main(argv)
    assert len(calls) == 4 * 5  # the reference play, then the candidate at each seat
    kind = pyspiel.ISMCTSFinalPolicyType
    assert sum(c[2:6] == (8.0, 5, 3, kind.NORMALIZED_VISIT_COUNT) for c in calls) == 4
    assert sum(c[2:6] == (2.0, 5, -1, kind.MAX_VISIT_COUNT) for c in calls) == 16
    calls.clear()
    tune.main(argv)
    assert not calls  # every play was saved
    records, opts = tune.load([save])
    assert len(records) == 5 and all(sum(r["won"]) == 3 for r in records)
    assert setting.label in tune.table(records, opts["baseline"])
    with pytest.raises(SystemExit):
        tune.main(["--seed", "0", "--deals", "1"])  # arena (a)'s own deals


def test_tuning_arenas_b_and_c_seat_the_candidate_once_a_play(monkeypatch, tmp_path):
    """The tuning of arenas (b) and (c): each play seats the candidate setting at its one
    seat and the baseline at the others, the setting (constant, final policy, worlds)
    reaches OpenSpiel's Python ISMCTSBot, and a Trixter hand scores as RULES.md B says."""
    from open_spiel.python.algorithms import ismcts

    tune = _tune_module()
    made = []
    real = ismcts.ISMCTSBot

    def spy(game, evaluator, uct_c, sims, **kw):
        made.append((uct_c, sims, kw["max_world_samples"], kw["final_policy_type"]))
        return real(game, evaluator, uct_c, sims, **kw)

    monkeypatch.setattr(ismcts, "ISMCTSBot", spy)
    kind = ismcts.ISMCTSFinalPolicyType
    save = str(tmp_path / "b.jsonl")
    tune.main(["--arena", "b", "--candidates", "c=8,policy=value,worlds=3", "--deals", "1",
               "--sizes", "3", "--sims", "4", "--seed", "t", "--save", save, "--quiet"])
    records, opts = tune.load([save])
    assert opts["arena"] == "b" and len(records) == 5
    for r in records:
        assert sum(r["won"]) == 3 and len(r["times"]) == 4
        assert r["points"] == [10 + w if b == w else -5 for b, w in zip(r["bids"], r["won"])]
    cand = sum(m == (8.0, 4, 3, kind.MAX_VALUE) for m in made)
    base = sum(m == (2.0, 4, -1, kind.MAX_VISIT_COUNT) for m in made)
    assert cand and base and cand + base == len(made)
    # Each of the candidate's four plays searched with it at one seat only: its share of
    # the searches is about a quarter of those plays' (the seats' decisions differ a little).
    assert cand < base
    made.clear()
    save = str(tmp_path / "c.jsonl")
    tune.main(["--arena", "c", "--candidates", "c=0.5", "--deals", "2", "--first-deal", "3",
               "--sims", "3", "--seed", "t", "--save", save, "--quiet"])
    records, opts = tune.load([save])
    assert {r["contract"] for r in records} == {"ltoosh", "trex"}  # deals 3 and 4
    assert all(r["bids"] is None and len(r["points"]) == 4 for r in records)
    # In Trix the constant is in units of the contract's penalty: Ltoosh 15, Trex 50.
    assert {m[0] for m in made} == {0.5 * 15, 2 * 15, 0.5 * 50, 2 * 50}
    assert "ltoosh" in tune.table(records, opts["baseline"])
    made.clear()  # --tuned plays an arena's ISMCTS at its tuned constant
    oa.main(["--arena", "b", "--tuned", "--deals", "1", "--sizes", "3", "--sims", "3",
             "--seconds", "0.01", "--level", "beginner", "--quiet"])
    assert made and {m[0] for m in made} == {oa.TUNED_UCT["b"]}
    with pytest.raises(SystemExit):
        oa.main(["--arena", "all", "--tuned", "--deals", "1"])


def test_tuning_arena_af_plays_fair_worlds_with_oh_hells_points(monkeypatch, tmp_path):
    """The tuning of arena (af): OpenSpiel's Python bot at each seat searches worlds dealt
    by the fair resampler (never OpenSpiel's own), the candidate's constant at one seat; a
    hand scores by oh_hell's rules (10 + tricks for a bid made, else the tricks), and a
    setting of the final policy or worlds is refused (af tunes the constant only)."""
    tune = _tune_module()
    made, resampled = [], []
    real = oa.FairISMCTS

    class Spy(real):
        def __init__(self, seed, sims, uct_c, leaky=False):
            super().__init__(seed, sims, uct_c, leaky)
            made.append(uct_c)

        def resample(self, state, player):
            resampled.append(player)
            return super().resample(state, player)

    monkeypatch.setattr(oa, "FairISMCTS", Spy)
    save = str(tmp_path / "af.jsonl")
    tune.main(["--arena", "af", "--candidates", "c=8", "--deals", "1", "--sizes", "3",
               "--sims", "4", "--seed", "t", "--save", save, "--quiet"])
    records, opts = tune.load([save])
    assert opts["arena"] == "af" and len(records) == 5
    for r in records:
        assert sum(r["won"]) == 3 and r["size"] == 3
        assert r["points"] == [10 + w if b == w else w for b, w in zip(r["bids"], r["won"])]
    # Five plays of four seats: the reference's four at 2, then 8 at one seat a play.
    assert sorted(made) == [2.0] * 16 + [8.0] * 4
    assert resampled  # the searches drew their worlds from the fair resampler
    with pytest.raises(ValueError, match="constant only"):
        tune.Setting.parse("c=8,policy=value").fair_bot(1, 4)
    with pytest.raises(ValueError, match="most visited"):
        tune.Setting.parse("c=8,policy=value,worlds=fair2")
    for junk in ("worlds=fair0", "worlds=fairx", "worlds=-3"):
        with pytest.raises(ValueError, match="not a setting"):
            tune.Setting.parse(junk)
    # arena (a)'s tuning with a candidate on fair worlds: FairCpp at its seat, watching
    made.clear()
    cpp_fair = []
    real_cpp = oa.FairCpp

    class CppSpy(real_cpp):
        def __init__(self, *args):
            super().__init__(*args)
            cpp_fair.append(self)

    monkeypatch.setattr(oa, "FairCpp", CppSpy)
    save = str(tmp_path / "afc.jsonl")
    tune.main(["--candidates", "c=8,worlds=fair2", "--deals", "1", "--sizes", "3",
               "--sims", "4", "--seed", "t", "--save", save, "--quiet"])
    records, _ = tune.load([save])
    assert {r["setting"] for r in records} == {"reference", "c=8,policy=visits,worlds=fair2"}
    assert len(cpp_fair) == 4 and all(b.sets == 2 and b.mirror is not None for b in cpp_fair)
    for r in records:
        assert r["points"] == [10 + w if b == w else w for b, w in zip(r["bids"], r["won"])]
    made.clear()  # --tuned plays arena (af)'s fair bot at the constant its tuning found
    oa.main(["--arena", "af", "--tuned", "--deals", "1", "--sizes", "3", "--sims", "3",
             "--seconds", "0.01", "--level", "beginner", "--quiet"])
    assert made and set(made) == {oa.TUNED_UCT["af"]}


def test_arena_b_plays_our_expert_with_a_variant(monkeypatch):
    """Variants reach arena (b): by default our seats play against the table (ranked by
    their margin over the others, ``by_margin``); ``points`` ranks by their own points,
    the margin rule breaking near ties at the trump and bids; ``points+own`` by points
    alone (neither is asked)."""
    import tutor.advice.trixter as trixter_advice

    asked = []
    for name in ("margin_first", "by_margin"):
        real = getattr(trixter_advice, name)
        monkeypatch.setattr(trixter_advice, name,
                            lambda *a, name=name, real=real: asked.append(name) or real(*a))
    common = {"sims": 4, "seconds": 0.01, "size": 3}
    oa.play_trixter(0, "v", (0, 2), variant="points+own", **common)
    assert not asked
    oa.play_trixter(0, "v", (0, 2), variant="points", **common)
    assert set(asked) == {"margin_first"}
    asked.clear()
    oa.play_trixter(0, "v", (0, 2), **common)
    assert set(asked) == {"by_margin"}


def test_the_search_bots_root_by_ucb_unless_the_variant_asks_halving(monkeypatch):
    """Our seats' trees choose at the root by UCB1, as the hint's; ``halving`` by
    sequential halving; the switch is put back after each decision."""
    import tutor.advice.trixter as trixter_advice

    halving = []
    real = oa.tree_search.search
    monkeypatch.setattr(oa.tree_search, "search",
                        lambda *a, **kw: halving.append(kw.get("halving")) or real(*a, **kw))
    common = {"sims": 4, "seconds": 0.01, "size": 3}
    oa.play_trixter(0, "v", (0, 2), **common)
    assert halving and set(halving) == {False}
    halving.clear()
    oa.play_trixter(0, "v", (0, 2), variant="halving", **common)
    assert halving and set(halving) == {True}
    assert trixter_advice.HALVING is False


def test_diagnose_scores_each_arena_by_its_own_rules():
    """--diagnose compares the same seat's hand played by us and by OpenSpiel: in (b) a
    missed bid is -5 (Trixter's default rules), in (a) it scores its tricks (oh_hell)."""
    # A 3-card deal: in the first play our seats 0 and 2 bid 1 and 0 and take 1 and 2
    # tricks; in the second OpenSpiel holds those cards, bids 2 and 0, takes 1 and 2.
    first = oa.PlayResult(points=[11, -5, -5, 10], ours=(0, 2), bids=[1, 1, 0, 0],
                          tricks=[1, 0, 2, 0])
    second = oa.PlayResult(points=[-5, 10, -5, 10], ours=(1, 3), bids=[2, 0, 0, 0],
                           tricks=[1, 0, 2, 0])
    rows = {}
    for arena in ("a", "b"):
        report = oa.diagnose([oa.DealResult(arena, 0, "3", [first, second])])
        rows[arena] = {line[:18].strip(): line.split()[-2:] for line in report.splitlines()}
    # Seat 0: ours bid 1 and made it (11 either way); theirs bid 2, took 1 (b -5, a 1).
    # Seat 1: ours bid 0 and made it (10); theirs bid 1, took none (b -5, a 0).
    # Seat 2: both bid 0 and took 2 (b -5, a 2). Seat 3: both bid 0 and made it (10).
    assert "ours higher" not in rows["b"]
    assert rows["b"]["ours lower"] == ["10.50", "-5.00"]
    assert rows["a"]["ours lower"] == ["10.50", "0.50"]
    assert rows["b"]["same bid"] == ["2.50", "2.50"]
    assert rows["b"]["all"] == ["6.50", "-1.25"]
    assert rows["a"]["all"] == ["8.25", "3.25"]
    # By our bid: seats 1, 2 and 3 bid 0 (a: 10, 2, 10; theirs 0, 2, 10); seat 0 bid 1.
    assert rows["a"]["our bid 0"] == ["7.33", "4.00"]
    assert rows["a"]["our bid 1"] == ["11.00", "1.00"]
    assert "our bid 2" not in rows["a"]


@pytest.mark.parametrize("flag", [["--final-policy", "value"], ["--worlds", "8"]])
def test_arena_af_refuses_a_setting_its_bot_cannot_play(flag):
    """FairISMCTS fixes its final policy and worlds: the command says so and plays nothing."""
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "openspiel_arena.py"),
                          "--arena", "af", "--deals", "1", *flag],
                         capture_output=True, text=True)
    assert out.returncode == 2 and "--final-policy and --worlds do not apply" in out.stderr
    assert "ours-theirs" not in out.stdout


def test_budget_noise_runs_and_sums_a_hand():
    """benchmarks/budget_noise.py: every bid of a 3-card deal and its cards probed, each
    choice judged by an independent reference; and its per-hand sum, on rows whose answer
    is known: a 3-card hand saves its bid's 0.2 and 3 cards' 0.2 each (0.8), the other nine
    sizes nothing: 0.08 a hand."""
    bn = _benchmark("budget_noise")
    rows = bn.deal_regrets((600, 1.0, 1, 4))
    assert oa.tricks_for(600) == 3
    kinds = [r[:2] for r in rows]  # a probed card with no choice is not judged
    assert kinds[:4] == [("bid", 3)] * 4 and 1 <= len(kinds[4:]) <= 4
    assert set(kinds[4:]) == {("card", 3)}
    # With the reference at the same work as the 1x choice, a regret is a difference of
    # one reference's values: never more than its widest spread.
    assert all(abs(r[2]) < 30 and abs(r[3]) < 30 for r in rows)
    lines = bn.table([("bid", 3, 0.3, 0.1), ("card", 3, 0.2, 0.0), ("card", 3, 0.4, 0.2)])
    assert lines[-1].startswith("a seat's hand, sizes 3-12 alike: 2x the work saves +0.080")
    assert lines[1].split()[:3] == ["bid", "3-5", "1"]


SAVES = ROOT / "benchmarks" / "saves"


@pytest.mark.parametrize("name,arena,deals", [
    ("afc-tree-300-899", "afc", range(300, 900)), ("afc-pimc100-300-899", "afc", range(300, 900)),
    ("b-tree-0-199", "b", range(200)), ("b-pimc100-0-199", "b", range(200)),
    ("afc-end3-500-699", "afc", range(500, 700)), ("afc-work056-500-699", "afc", range(500, 700)),
    ("afc-seeall-500-599", "afc", range(500, 600)),
    ("afc-blend100-300-899", "afc", range(300, 900)),
    ("afc-tree-900-1099", "afc", range(900, 1100)),
    ("afc-tree-1100-1199", "afc", range(1100, 1200)),
    ("afc-fittedmean-700-1199", "afc", range(700, 1200)),
    ("afc-fittedbids-stopped", "afc", [*range(700, 900), 905, 906, 907, 908, 909, 915, 916,
                                      917, 918, 919, 927, 928, 929, 938, 939, 948, 949, 956,
                                      957, 958, 959, 967, 968, 969, 978, 979, 989, 999])])
def test_the_kept_runs_load_whole(name, arena, deals):
    """Each run kept in benchmarks/saves holds the deals its name says, each played twice
    with the seats swapped, every step of a (a) deal checked against OpenSpiel."""
    runs = oa.load([str(SAVES / f"{name}.jsonl.gz")])
    assert [r.deal for r in runs] == list(deals) and {r.arena for r in runs} == {arena}
    assert all([p.ours for p in r.plays] == [(0, 2), (1, 3)] for r in runs)
    if arena == "afc":  # a hand of n cards: 4 bids, 4n cards and the end, in each play
        assert all(r.plays[0].checks == 4 + 4 * int(r.label) + 1 for r in runs)


def _paired(base, new) -> str:
    """The deal-by-deal difference ``--compare`` prints: "+0.13 [-0.23, +0.48]"."""
    return oa.compare(base, new).splitlines()[0].split("new - base ")[1]


def _against_the_bot(run) -> str:
    """Ours − theirs with its interval as a table row gives it: "+0.78 [+0.47, +1.09]"."""
    mean, low, high = re.search(r"([+-][\d.]+) \[ *([+-][\d.]+), *([+-][\d.]+)\]",
                                oa.table(run).splitlines()[2]).groups()
    return f"{mean} [{low}, {high}]"


def test_the_kept_runs_give_the_figures_arena_results_states():
    """The figures benchmarks/arena-results.md gives for the kept runs follow from them."""
    text = (ROOT / "benchmarks" / "arena-results.md").read_text().replace("−", "-")
    load = lambda name: oa.load([str(SAVES / f"{name}.jsonl.gz")])  # noqa: E731
    tree, pimc = load("afc-tree-300-899"), load("afc-pimc100-300-899")
    tree_all, pimc_all = tree, pimc
    assert "| -0.03 [-0.34, +0.27] | +0.73 [+0.47, +0.98] |" in text
    assert (_paired(tree, pimc), _against_the_bot(pimc)) == ("-0.03 [-0.34, +0.27]",
                                                            "+0.73 [+0.47, +0.98]")
    assert "**+0.76 [+0.50, +1.01]**" in text and _against_the_bot(tree) == "+0.76 [+0.50, +1.01]"
    assert _paired([r for r in tree if r.deal >= 700], pimc) == "-0.35 [-0.92, +0.23]"
    tree, pimc = ([r for r in run if r.deal < 700] for run in (tree, pimc))
    fresh = [r for r in tree if r.deal >= 500]
    assert len(fresh) == 200 and len(tree) == len(pimc) == 400
    assert "| +0.13 [-0.23, +0.48] | +0.78 [+0.47, +1.09] |" in text
    assert (_paired(tree, pimc), _against_the_bot(pimc)) == ("+0.13 [-0.23, +0.48]",
                                                            "+0.78 [+0.47, +1.09]")
    assert _paired(fresh, pimc) == "+0.17 [-0.33, +0.68]"
    assert "**+0.48 [+0.07, +0.90]**" in text and _against_the_bot(fresh) == "+0.48 [+0.07, +0.90]"
    for name, figures in (("end3-500-699", "+0.03 [-0.52, +0.58] | +0.51 [+0.06, +0.97]"),
                          ("work056-500-699", "-0.11 [-0.62, +0.40] | +0.38 [-0.04, +0.79]"),
                          ("seeall-500-599", "+2.38 [+1.59, +3.17] | +2.88 [+2.30, +3.45]")):
        run = load(f"afc-{name}")
        assert f"| {figures} |" in text
        assert f"{_paired(fresh, run)} | {_against_the_bot(run)}" == figures
    blend = load("afc-blend100-300-899")
    assert "| **300-899** | **-0.20 [-0.49, +0.08]** | +0.56 [+0.31, +0.80] |" in text
    assert (_paired(tree_all, blend), _against_the_bot(blend)) == ("-0.20 [-0.49, +0.08]",
                                                                  "+0.56 [+0.31, +0.80]")
    assert "Over PIMC on the same 600 deals: -0.17 [-0.47, +0.13]." in text
    assert _paired(pimc_all, blend) == "-0.17 [-0.47, +0.13]"
    assert "| 700-899 | -0.62 [-1.15, -0.10] | +0.34 [-0.12, +0.79] |" in text
    assert _paired([r for r in tree_all if r.deal >= 700], blend) == "-0.62 [-1.15, -0.10]"
    later = load("afc-tree-900-1099")
    assert all(p.history for r in later for p in r.plays)  # every card kept
    assert "| | **900-1099** | **+0.91 [+0.46, +1.36]** |" in text
    assert _against_the_bot(later) == "+0.91 [+0.46, +1.36]"
    assert "| | **300-1099 (kept)** | **+0.80 [+0.57, +1.02]** |" in text
    assert _against_the_bot(tree_all + later) == "+0.80 [+0.57, +1.02]"
    agree = oa.rule_agreement(later)
    assert "| our expert | 50.4% of 4,184 | 32.9% |" in text
    assert "| OpenSpiel's fair C++ ISMCTS | 50.8% of 4,070 | 33.1% |" in text
    for side, figures in ((True, (50.4, 4184, 32.9)), (False, (50.8, 4070, 33.1))):
        same, cards, chance = agree[side]
        assert (round(100 * same / cards, 1), cards, round(100 * chance / cards, 1)) == figures
    _the_fitted_bid_laws_figures(text, load, tree_all + later)
    b_tree, b_pimc = load("b-tree-0-199"), load("b-pimc100-0-199")
    assert "**-0.42 [-1.26, +0.42]**" in text and _paired(b_tree, b_pimc) == "-0.42 [-1.26, +0.42]"


def _the_fitted_bid_laws_figures(text, load, tree):
    """The rows of "The bids read by a law fitted on the arena's bids" follow from the runs."""
    tree = tree + load("afc-tree-1100-1199")
    for name, figures in (
            ("fittedbids-stopped", "**-0.55 [-1.10, +0.00]** | +0.43 [+0.02, +0.85] "
                                   "(+0.98 [+0.54, +1.43])"),
            ("fittedmean-700-1199", "**+0.02 [-0.29, +0.34]** | +0.86 [+0.59, +1.13] "
                                    "(+0.84 [+0.56, +1.12])")):
        run = load(f"afc-{name}")
        deals = {r.deal for r in run}
        same = [r for r in tree if r.deal in deals]
        assert len(same) == len(run) and f"| {figures} |" in text
        assert (f"**{_paired(tree, run)}** | {_against_the_bot(run)} "
                f"({_against_the_bot(same)})") == figures
    rows = {line[:18].strip(): line[18:].split() for line in oa.diagnose(tree).splitlines()}
    for bid, said in (("0", "0"), ("1", "1"), ("2", "2"), ("3", "3"), ("4", "4"),
                      ("5+", "5 or more")):  # "How well the expert's bids foresee themselves"
        n, ours, theirs, hoped, _same, pts, os_pts = rows[f"our bid {bid}"]
        assert f"| {said} | {n} | {hoped} | {ours} | {theirs} | {pts} / {os_pts} |" in text
    assert "would change 244 of the 3,600 bids (6.8%), every one upward" in text
    assert oa.bid_lift(oa.hands_of(tree), 0.3) == ("with 0.3 point a trick bid added to each "
                                                   "bid's expected points, 244 of 3600 bids "
                                                   "would change, 244 of them upward")
    fresh = [r for r in tree if r.deal >= 1100]
    assert "| 1100-1199 (fresh) | | +0.45 [-0.10, +0.99] |" in text
    assert _against_the_bot(fresh) == "+0.45 [-0.10, +0.99]"
    assert "| **300-1199 (kept)** | | **+0.76 [+0.55, +0.96]** |" in text
    assert _against_the_bot(tree) == "+0.76 [+0.55, +0.96]"


def _bid_law():
    return _benchmark("bid_law")


def test_the_fitted_bid_law_follows_from_the_kept_runs():
    """benchmarks/bid_law.py refits, from the kept runs' bids of deals 300-699, the weights
    and spread ``tutor.search.tree.fitted_bid`` uses (as rounded there), and on the bids
    of deals 700-1099 the fitted law foretells them better than the count's law, by the
    figures its docstring states."""
    bid_law = _bid_law()
    rows = bid_law.bids_of(oa.load(bid_law.SAVES))
    assert len(rows) == 800 * 2 * 4 and {r["deal"] for r in rows} == set(range(300, 1100))
    weights, (a, b) = bid_law.fit([r for r in rows if r["deal"] < 700])
    assert weights == pytest.approx(oa.tree_search.BID_WEIGHTS, abs=5e-4)
    assert (a, b) == pytest.approx(oa.tree_search.BID_SPREAD, abs=5e-4)
    test = [r for r in rows if r["deal"] >= 700]
    laws = bid_law.laws()
    count = bid_law.measure(test, laws["count (the default)"])
    fitted = bid_law.measure(test, laws["fitted (the product's)"])
    assert (round(count[1], 2), round(count[2], 2)) == (0.71, -1.02)
    assert (round(fitted[1], 2), round(fitted[2], 2)) == (0.53, -0.74)
    with pytest.raises(ValueError, match="not dealt from seed"):
        bid_law.bids_of(oa.load([str(SAVES / "afc-tree-900-1099.jsonl.gz")]), seed="1")


def test_bid_law_scores_how_the_layouts_place_the_hidden_cards():
    """``--holders``: layouts that all give each card to its real holder score about 0,
    layouts that never do score log(0.5 / (N + 1.5)); the table has a row for each law,
    and the search's flags are put back."""
    bid_law = _bid_law()
    truth = [CardSet.parse("AS KS").mask, CardSet.parse("2H 3H").mask,
             CardSet.parse("4D 5D").mask, CardSet.parse("6C 7C").mask]
    right = [[CardSet.from_mask(m) for m in truth]] * 10
    wrong = [[CardSet.from_mask(m) for m in (truth[0], truth[2], truth[3], truth[1])]] * 10
    assert bid_law._placed(right, 0, truth) == pytest.approx(math.log(10.5 / 11.5))
    assert bid_law._placed(wrong, 0, truth) == pytest.approx(math.log(0.5 / 11.5))
    runs = oa.load([str(SAVES / "afc-tree-900-1099.jsonl.gz")])
    text = bid_law.holders(runs, range(900, 910), 5, layouts=200)
    assert "2 deals (one in 5 of 900-909)" in text
    assert [line.split("  ")[0] for line in text.splitlines()[2:]] == list(bid_law.SETTINGS)
    assert oa.tree_search.BIDS_FITTED is False and oa.tree_search.BID_SPREAD == (0.379, 0.0175)
