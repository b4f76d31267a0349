"""The play pages' options for a new game (issue 21, item 6), without a browser: each
option starts the game it names (players, the jokers of RULES.md B1, the first hand, the
scoring and hook, Trix's mode and house variants), the table says which, the record keeps
them, and a junk choice is refused with the reason and changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import traitlets

from tutor import TrixGame, TrixterGame
from tutor.engine.actions import Bid, ChooseContract
from tutor.engine.cards import CardSet
from tutor.app.game_options import (OptionError, check, defaults, options_for, options_of, preview,
                                summary)
from tutor.engine.records import dumps, loads
from tutor.app.session import PlaySession
from tutor.engine.trix import TrixRules
from tutor.engine.trixter import TrixterRules
from widgets.lesson import trix_game, trixter_game
from tutor.engine.records import finished_record
from widgets.play import GameView
from sent import send

# RULES.md B1's table, written out: players -> (jokers, peak, hands).
B1 = {3: (2, 18, 35), 4: (0, 13, 25), 5: (3, 11, 21), 6: (2, 9, 17), 7: (4, 8, 15),
      8: (4, 7, 13)}


def trixter_session(**options: Any) -> PlaySession:
    s = PlaySession(TrixterGame.new(players=4, seed=9))
    s.new_game(options)
    return s


def trix_session(**options: Any) -> PlaySession:
    s = PlaySession(TrixGame.new(seed=9))
    s.new_game(options)
    return s


def deck_of(game: TrixterGame) -> CardSet:
    """Every card of the hand: the hands dealt and the undealt cards."""
    cards = game.undealt
    for h in game.hands:
        cards = cards + h
    return cards


# --- Trixter -----------------------------------------------------------------------------

@pytest.mark.parametrize("players", sorted(B1))
def test_players_bring_the_jokers_of_b1(players: int) -> None:
    jokers, peak, hands = B1[players]
    s = trixter_session(players=players)
    g = s.game
    assert g.n_players == players and len(g.observe(0)["players"]) == players
    assert len(s.bots) == players - 1  # a computer player in every other seat
    assert g.hand_size == 1 and g.hands_left == hands - 1
    deck = deck_of(g)
    assert len(deck) == 52 + jokers and deck.jokers == jokers
    assert g.observe(0)["jokers"] == jokers
    # At the peak every card is dealt, the jokers too.
    top = trixter_session(players=players, first_hand=peak).game
    assert top.hand_size == peak and top.hands_left == peak - 1
    assert sum(len(h) for h in top.hands) == 52 + jokers and len(top.undealt) == 0
    assert sum(h.jokers for h in top.hands) == jokers


@pytest.mark.parametrize("players, first_hand, size, left", [
    (4, 1, 1, 24), (4, 13, 13, 12), (4, 14, 12, 11), (5, 10, 10, 11), (5, 11, 11, 10),
    (7, 15, 1, 0), (3, 18, 18, 17), (8, 3, 3, 10)])
def test_the_first_hand(players: int, first_hand: int, size: int, left: int) -> None:
    g = trixter_session(players=players, first_hand=first_hand).game
    assert g.first_hand == first_hand and g.hand_size == size and g.hands_left == left
    assert all(len(h) == size for h in g.hands)
    assert g.descending == (first_hand >= B1[players][1])


def test_the_first_hand_choices_follow_the_players() -> None:
    firsts = {n: options_for("trixter", {"players": n})[1].choices for n in B1}
    assert {n: len(c) for n, c in firsts.items()} == {n: h for n, (_, _, h) in B1.items()}
    assert firsts[5][10] == ("11 cards: the peak · 11 hands", 11)
    assert firsts[5][0] == ("1 card · 21 hands", 1)
    assert firsts[5][11] == ("10 cards, going down · 10 hands", 12)
    # Other players, the same start: as many cards going the same way, capped at the peak.
    at_peak = {**defaults("trixter"), "first_hand": 13}
    assert check("trixter", {"players": 7}, base=at_peak)["first_hand"] == 8
    assert check("trixter", {"players": 3}, base=at_peak)["first_hand"] == 18
    assert check("trixter", {"players": 7}, base={**at_peak, "first_hand": 10})["first_hand"] \
        == 8
    assert check("trixter", {"players": 7}, base={**at_peak, "first_hand": 5})["first_hand"] \
        == 5
    last = {**at_peak, "first_hand": 25}  # the last hand alone: 1 card, going down
    assert check("trixter", {"players": 3}, base=last)["first_hand"] == 35
    down = {**at_peak, "first_hand": 16}  # 10 cards going down
    assert check("trixter", {"players": 5}, base=down)["first_hand"] == 12  # 10 cards down
    assert check("trixter", {"players": 8}, base=down)["first_hand"] == 7  # the peak
    assert check("trixter", {"players": 8, "first_hand": 2}, base=down)["first_hand"] == 2


def test_scoring_and_hook_reach_the_engine() -> None:
    s = trixter_session(players=3, first_hand=3, scoring="squared", hook=True,
                        allow_no_trump=True, first_lead="dealer")
    g = s.game
    assert g.rules == TrixterRules(hook=True, allow_no_trump=True, first_lead="dealer",
                                   scoring="squared")
    assert g.rules.score(2, 2) == 14 and g.rules.score(3, 1) == -4  # 10 + bid², −diff²
    # The dealer may name no trump; then the hook: the last bid may not make 3.
    assert "trump none" in [str(a) for a in g.legal_actions()]
    g.apply("trump none")
    g.apply("bid 1")
    g.apply(Bid(1), g.to_move)
    assert g.to_move == g.last_bidder
    assert [str(a) for a in g.legal_actions()] == ["bid 0", "bid 2", "bid 3"]
    g.apply(Bid(0), g.to_move)
    assert g.to_move == g.dealer  # the dealer leads
    plain = trixter_session(players=3, first_hand=3).game
    assert plain.rules == TrixterRules()


def test_trixter_summary_words() -> None:
    assert trixter_session(players=5, first_hand=11, hook=True).summary() == \
        "Trixter · 5 players · 3 jokers · starts at the peak: 11 cards · 11 hands · hook on"
    assert trixter_session().summary() == \
        "Trixter · 4 players · no jokers · starts with 1 card · 25 hands · no hook"
    assert trixter_session(players=7, first_hand=12, scoring="tricks_if_missed",
                           first_lead="dealer").summary() == \
        "Trixter · 7 players · 4 jokers · starts with 4 cards, going down · 4 hands · " \
        "no hook · a miss scores its tricks · the dealer leads"
    s = trixter_session(players=8, scoring="squared", allow_no_trump=True)
    assert s.summary() == "Trixter · 8 players · 4 jokers · starts with 1 card · 13 hands · " \
        "no hook · squared scores · no trump allowed"
    assert s.views()["table"]["setup"] == s.summary()
    assert s.note == "A new game: " + s.summary() + "."  # other options: the line says which
    s.new_game({"players": 8})
    assert s.note == "A new game."


# --- Trix --------------------------------------------------------------------------------

TRICKS = "king+queens+diamonds+ltoosh"


@pytest.mark.parametrize("mode, teams, contracts, words", [
    ("standard", False, ["king", "queens", "diamonds", "ltoosh", "trex"], "Trix · Standard"),
    ("partnership", True, ["king", "queens", "diamonds", "ltoosh", "trex"],
     "Trix · Partnership"),
    ("complex", False, [TRICKS, "trex"], "Trix Complex"),
    ("partnership_complex", True, [TRICKS, "trex"], "Trix Complex in partnership"),
])
def test_each_trix_mode(mode: str, teams: bool, contracts: list[str], words: str) -> None:
    s = trix_session(mode=mode)
    g = s.game
    assert g.rules.partnership == teams
    assert g.rules.combine == g.rules.complex_only == (mode.endswith("complex"))
    obs = g.observe(g.owner)
    assert (obs["team_scores"] is not None) == teams
    assert [str(a).removeprefix("contract ") for a in g.legal_actions(g.owner)
            if isinstance(a, ChooseContract)] == contracts
    assert s.summary() == words and s.views()["table"]["setup"] == words
    # In Complex the four trick contracts go together: the kingdom is two deals.
    if mode.endswith("complex"):
        g.apply(ChooseContract(TRICKS.split("+")), g.owner)
        assert sorted(obs2 for obs2 in g.observe(0)["contract"]) == sorted(TRICKS.split("+"))


@pytest.mark.parametrize("variant", ["penalty_discard", "no_heart_lead_in_king",
                                     "swap_diamonds_ltoosh", "reversed_signs"])
def test_each_house_variant_reaches_the_rules(variant: str) -> None:
    g = trix_session(**{variant: True}).game
    assert g.rules == TrixRules(**{variant: True})
    assert g.observe(0)["rules"][variant] is True  # what every seat (and bot) reads


def test_abba_order_and_all_variants_together() -> None:
    s = trix_session(mode="partnership_complex", kingdom_order="abba", penalty_discard=True,
                     no_heart_lead_in_king=True, swap_diamonds_ltoosh=True,
                     reversed_signs=True)
    g = s.game
    assert g.rules == TrixRules.complex(partnership=True, kingdom_order="abba",
                                        penalty_discard=True, no_heart_lead_in_king=True,
                                        swap_diamonds_ltoosh=True, reversed_signs=True)
    a = g.owners[0]  # A, A's right (the next seat), the one opposite that, the last
    assert g.owners == [a, (a + 1) % 4, (a + 3) % 4, (a + 2) % 4]
    assert s.summary() == "Trix Complex in partnership · ABBA kingdoms · penalty discard · " \
        "no heart lead in King · diamonds −15, tricks −10 · reversed signs"


def test_a_new_trix_game_keeps_what_the_options_do_not_name() -> None:
    """A lesson's first owner and a rule not offered (doubling off) stay."""
    s = PlaySession(TrixGame.new(seed=3, owner=0, rules=TrixRules(doubling=False)))
    s.new_game({"mode": "partnership"})
    assert s.game.owner == 0 and s.game.rules == TrixRules(doubling=False, partnership=True)
    assert s.summary() == "Trix · Partnership · no doubling"


# --- the record --------------------------------------------------------------------------

@pytest.mark.parametrize("game, options", [
    ("trixter", {"players": 7, "first_hand": 8, "hook": True, "scoring": "squared"}),
    ("trixter", {"players": 3, "first_hand": 20, "first_lead": "dealer"}),
    ("trix", {"mode": "partnership_complex", "kingdom_order": "abba",
              "reversed_signs": True}),
    ("trix", {"mode": "complex", "penalty_discard": True, "swap_diamonds_ltoosh": True}),
])
def test_the_record_replays_the_same_game(game: str, options: dict[str, Any]) -> None:
    s = trixter_session(**options) if game == "trixter" else trix_session(**options)
    rng = random.Random(4)
    while s.game.phase.value not in ("hand_over", "game_over"):
        s.advance()
        if s.learner_to_move:
            s.act(rng.choice(s.game.legal_actions(s.seat)))
    record = finished_record(s.game)
    assert record is not None
    text = json.dumps(record)
    again = loads(text)
    assert options_of(again) == options_of(s.game) == check(game, options)
    assert again.rules == s.game.rules and summary(again) == s.summary()
    assert again.to_json() == s.game.to_json() and again.scores == s.game.scores
    assert loads(dumps(s.game)).to_json() == s.game.to_json()
    assert json.loads(text)["setup"]["rules"] == s.game.rules.to_dict()


# --- junk --------------------------------------------------------------------------------

JUNK = [
    ("trixter", {"players": 9}, "players: Trixter is for 3 to 8 players, not 9"),
    ("trixter", {"players": "5"}, "players: Trixter is for 3 to 8 players, not '5'"),
    ("trixter", {"players": True}, "players: Trixter is for 3 to 8 players, not True"),
    ("trixter", {"first_hand": 26},
     "first_hand: 4 players play 25 hands: choose a hand from 1 to 25, not 26"),
    ("trixter", {"players": 8, "first_hand": 14},
     "first_hand: 8 players play 13 hands: choose a hand from 1 to 13, not 14"),
    ("trixter", {"first_hand": 0},
     "first_hand: 4 players play 25 hands: choose a hand from 1 to 25, not 0"),
    ("trixter", {"scoring": "double"},
     "scoring: choose one of exact, tricks_if_missed, squared, not 'double'"),
    ("trixter", {"hook": "yes"}, "hook is on or off (true or false), not 'yes'"),
    ("trixter", {"jokers": 2}, "Trixter has no option 'jokers': its options are players, "
                               "first_hand, scoring, hook, allow_no_trump, first_lead"),
    ("trixter", {"mode": "complex"}, "Trixter has no option 'mode'"),
    ("trixter", "players=5", "the options are names with their values"),
    ("trix", {"mode": "solo"},
     "mode: choose one of standard, partnership, complex, partnership_complex, not 'solo'"),
    ("trix", {"kingdom_order": "ccw"}, "kingdom_order: choose one of rotate, abba, not 'ccw'"),
    ("trix", {"reversed_signs": 1}, "reversed_signs is on or off (true or false), not 1"),
    ("trix", {"players": 5}, "Trix has no option 'players'"),
    ("trix", {"doubling": False}, "Trix has no option 'doubling'"),
    ("trix", {"mode": "x" * 500}, "mode: choose one of standard, partnership, complex, "
                                  "partnership_complex, not 'xxxxxxxxxxxxxxxxxxxx..."),
    ("trix", {"y" * 500: 1}, "Trix has no option 'yyyyyyyyyyyyyyyyyyyy...:"),
]


@pytest.mark.parametrize("game, junk, why", JUNK)
def test_junk_is_refused_and_the_game_goes_on(game: str, junk: Any, why: str) -> None:
    s = PlaySession(TrixterGame.new(players=4, seed=2) if game == "trixter"
                    else TrixGame.new(seed=2))
    s.advance()
    s.act(s.game.legal_actions(s.seat)[0])
    before, was, note = s.game.to_json(), s.game, s.note
    with pytest.raises(OptionError) as e:
        s.new_game(junk)
    assert str(e.value).startswith(why)
    assert s.game is was and s.game.to_json() == before and s.note == note
    # Nothing drawn from the session's seeds either: the next new game is the one it
    # would have been.
    twin = PlaySession(TrixterGame.new(players=4, seed=2) if game == "trixter"
                       else TrixGame.new(seed=2))
    s.new_game()
    twin.new_game()
    assert s.game.seed == twin.game.seed


def test_preview_is_the_summary_of_the_game_it_starts() -> None:
    rng = random.Random(3)
    for _ in range(30):
        name = rng.choice(["trixter", "trix"])
        s = PlaySession(TrixterGame.new(seed=1) if name == "trixter" else TrixGame.new(seed=1))
        chosen = {o.name: rng.choice([c[1] for c in o.choices] if not o.switch
                                     else [False, True])
                  for o in options_for(name) if o.name != "first_hand"}
        words = preview(name, chosen, base=s.game)
        s.new_game(chosen)
        assert s.summary() == words
        assert options_of(s.game) == check(name, chosen)


# --- the play pages (the controller, no browser) -------------------------------------------

def running(view: GameView) -> None:
    """The learner acts once, so a new game would lose something."""
    view.session.act(view.game.legal_actions(view.seat)[0])
    view._run_bots(pause=0.0)


def test_the_options_panel_starts_the_game_it_shows() -> None:
    view = trixter_game(seed=4, pause=0)
    assert view.chosen == defaults("trixter")
    assert "Next game:</b> Trixter · 4 players · no jokers" in view.next_game.value
    running(view)
    game, before = view.game, view.game.to_json()
    # The learner chooses 7 players from the peak: the first hands follow the players.
    view.option_controls["players"].value = 7
    assert [v for _, v in view.option_controls["first_hand"].options] == list(range(1, 16))
    view.option_controls["first_hand"].value = 8
    view.option_controls["hook"].value = True
    assert view.chosen == {**defaults("trixter"), "players": 7, "first_hand": 8, "hook": True}
    assert view.game is game and view.game.to_json() == before  # the game goes on
    words = "Trixter · 7 players · 4 jokers · starts at the peak: 8 cards · 8 hands · hook on"
    assert words in view.next_game.value
    # "New game with these options": the table asks first, in its own question box.
    assert view.ask_new_game() is False
    assert view.table.question == f"Start a new game ({words})? This game will be lost."
    assert view.game is game
    send(view.table, {"type": "keep_playing"})
    assert view.table.question == "" and view.game is game and view.game.to_json() == before
    view.ask_new_game()
    send(view.table, {"type": "new_game"})  # "Start new game"
    g = view.game
    assert g is not game and g.n_players == 7 and g.hand_size == 8 and g.rules.hook
    assert view.table.question == "" and view.table.state["setup"] == words
    assert len(view.table.state["players"]) == 7 and view.table.error == ""
    assert "(as this one)" in view.next_game.value


def test_nothing_to_lose_starts_at_once() -> None:
    view = trix_game(seed=6, pause=0)
    assert not view.session.learner_has_acted  # the seed makes a computer player the owner
    view.choose(mode="complex", reversed_signs=True)
    assert view.ask_new_game() is True and view.table.question == ""
    assert view.game.rules == TrixRules.complex(reversed_signs=True)
    assert view.table.state["setup"] == "Trix Complex · reversed signs"
    # At the game's end too: a one-hand game (the last hand of 1 card), played out.
    view = trixter_game(seed=2, pause=0)
    view.choose(first_hand=25)
    view.ask_new_game()
    while not view.game.is_over:
        running(view) if view.session.learner_to_move else view.game.apply("next")
    assert view.game.hand_number == 1
    view.choose(players=3)
    assert view.ask_new_game() is True and view.table.question == ""
    assert view.game.n_players == 3 and view.game.first_hand == 35 and not view.game.is_over
    assert view.game.hand_size == 1 and view.game.hands_left == 0


def test_the_tables_new_game_uses_the_options_chosen() -> None:
    view = trix_game(seed=6, pause=0)
    view.choose(mode="partnership", kingdom_order="abba")
    send(view.table, {"type": "new_game"})
    assert view.game.rules == TrixRules(partnership=True, kingdom_order="abba")
    assert view.table.state["team_scores"] == [0, 0]
    assert view.table.state["setup"] == "Trix · Partnership · ABBA kingdoms"


def test_junk_choices_are_refused_and_change_nothing() -> None:
    view = trixter_game(seed=4, pause=0)
    running(view)
    view.choose(players=5)
    game, before, chosen = view.game, view.game.to_json(), dict(view.chosen)
    for junk, why in (({"players": 11}, "players: Trixter is for 3 to 8 players, not 11"),
                      ({"first_hand": 40}, "first_hand: 5 players play 21 hands: choose a "
                                           "hand from 1 to 21, not 40"),
                      ({"scoring": "<b>"}, "scoring: choose one of exact,"),
                      ({"colour": "red"}, "Trixter has no option 'colour'"),
                      ({"hook": None}, "hook is on or off (true or false), not None")):
        view.table.error = ""
        assert view.choose(**junk) is False
        assert view.table.error.startswith(why)
        assert view.chosen == chosen and view.game is game and view.game.to_json() == before
        assert view.option_controls["players"].value == 5
        assert view.new_game(junk) is False and view.game is game
        assert view.game.to_json() == before
    # The browser can only send a choice the controls hold: anything else is refused by
    # the widgets' own traits before it reaches the options.
    with pytest.raises(traitlets.TraitError):
        view.option_controls["players"].set_state({"index": 40})
    with pytest.raises(traitlets.TraitError):
        view.option_controls["hook"].set_state({"value": "yes"})
    assert view.chosen == chosen and view.game.to_json() == before
    # A junk answer to the table's question is refused like any message.
    view.table.error = ""
    send(view.table, {"type": "keep_playing", "options": {"players": 3}})
    assert view.table.error and view.game is game
