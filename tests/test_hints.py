"""Hints in full games (issue 19, item 3): ``PlaySession.hint`` and the table's Hint button,
without a browser. A hint answers the learner's decision now, at every kind of decision
of both games, from the learner's observation only; it is noted in the game record, which
still loads; junk requests and requests out of turn are refused and change nothing."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest
from sizes import quick_and_full

from tutor import TrixGame, TrixterGame
from tutor.engine import records
from tutor.engine.actions import Action, Bid, ChooseTrump, parse_action
from tutor.bots import Bot
from tutor.engine.cards import CardSet, parse_deal
from tutor.engine.observation import Observation
from tutor.engine.protocol import Phase
from tutor.engine.errors import IllegalActionError, ParseError
from tutor.advice.answer import TOLERANCE, Advice, Option, hint_seconds, observation_seed
from tutor.app.hints import action_words, hint_words
from tutor.app.saved import SavedGame
from tutor.app.session import PlaySession
from sent import send

BUDGET = 48  # rollouts: enough to rank, quick at any hand size

# Seat 0 (the learner, the owner) holds Q♠ (a double in Queens), K♥ alone (a redeal claim in
# King of Hearts) and two jacks (a choice in Trex). In DEAL_B the learner has no jack: a pass.
DEAL_A = ["AKQJT987654.K.J.", "3.AQJT98765432..", "2..AKQT98765432.", "...AKQJT98765432"]
DEAL_B = ["AKQT98765432.K..", "J.AQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"]


class Quiet(Bot):
    """Says "no double" / "no redeal" in the round and plays the first legal card: the
    same public actions whatever it holds, up to its first card."""

    def act(self, observation: Observation) -> Action:
        legal = [str(a) for a in observation.legal]
        if observation.phase == Phase.DOUBLE:
            return parse_action("no double" if "no double" in legal else "no redeal")
        return parse_action(legal[0])


QUIET = [None, Quiet(), Quiet(), Quiet()]


def trixter_at(kind: str, deals: list | None = None) -> PlaySession:
    """A 3-card Trixter hand at the learner's (seat 0's) ``kind`` decision: the learner
    deals (trump, bid), or sits left of the dealer and leads (card)."""
    dealer = 3 if kind == "card" else 0
    s = PlaySession(TrixterGame.new(players=4, seed=5, dealer=dealer, first_hand=3,
                                    deals=deals), opponents=QUIET)
    s.advance()
    if kind == "bid":
        s.act("trump S")
    if kind == "card":
        s.act("bid 1")
        s.advance()
    return s


def trix_at(kind: str, deal: list[str] = DEAL_A) -> PlaySession:
    """A Trix deal the learner owns, at its ``kind`` decision."""
    s = PlaySession(TrixGame.new(seed=0, deals=[deal], dealer=0, owner=0), opponents=QUIET)
    contract = {"double": "queens", "redeal": "king", "card": "queens", "trex": "trex",
                "pass": "trex"}.get(kind)
    if contract:
        s.act(f"contract {contract}")
    if kind in ("card", "trex", "pass"):
        s.act("no redeal" if contract == "trex" else "no double")
        s.advance()
    return s


DECISIONS = [("trixter", "trump"), ("trixter", "bid"), ("trixter", "card"),
             ("trix", "contract"), ("trix", "double"), ("trix", "redeal"), ("trix", "card"),
             ("trix", "trex"), ("trix", "pass")]


def at(game: str, kind: str) -> PlaySession:
    if game == "trixter":
        return trixter_at(kind)
    return trix_at(kind, DEAL_B if kind == "pass" else DEAL_A)


PHASE = {"trump": "trump", "bid": "bid", "card": "play", "contract": "choose_contract",
         "double": "double", "redeal": "double", "trex": "trex", "pass": "trex"}


# --- a hint at every kind of decision (the real engine) --------------------------------

@pytest.mark.parametrize(("game", "kind"), DECISIONS)
def test_a_hint_ranks_every_legal_choice_and_says_why(game: str, kind: str) -> None:
    s = at(game, kind)
    assert s.learner_to_move and s.game.phase.value == PHASE[kind]
    legal = [str(a) for a in s.game.legal_actions(0)]
    if kind == "redeal":
        assert "redeal" in legal
    if kind == "pass":
        assert legal == ["pass"]
    history, moves = list(s.game.history), len(s.game.history)

    advice = s.hint(budget=BUDGET)

    assert sorted(str(o.action) for o in advice.options) == sorted(legal)
    assert advice.best == advice.options[0].action
    values = [o.value for o in advice.options]
    lower_is_better = advice.kind == "place"
    near = 0
    if game == "trixter" and advice.kind == "points":
        # the choices less than a point below the best come first, by their margin over
        # the others (margin_first); the rest by points
        near = sum(max(values) - v < TOLERANCE["points"] for v in values)
        assert all(max(values) - v < TOLERANCE["points"] for v in values[:near]), values
    assert values[near:] == sorted(values[near:], reverse=not lower_is_better), values
    if kind != "pass":  # the ladder: the idea first, naming no choice
        first = s.hint_view()
        assert first["step"] == 1 and first["title"] == "Hint" and first["idea"]
        assert first["options"] == [] and first["why"] == "" and first["line"] == ""
        assert s.hint() is advice and s.hint() is advice  # the choice, then the numbers
    view = s.hint_view()
    assert view["step"] == view["steps"] == 3 and view["button"] == ""
    shown = view["options"]
    assert [o["action"] for o in shown] == [str(o.action) for o in advice.options[:5]]
    assert [o["best"] for o in shown] == [o.action == advice.best
                                          for o in advice.options[:5]]
    assert shown[0]["best"] and shown[0]["label"] == _named(advice.best, advice)
    assert view["more"] == max(0, len(legal) - 5)
    assert view["title"] == _title(advice)
    assert view["line"] == advice.explain() and len(view["line"]) > 10
    assert not view["stale"]
    # Nothing played: the game waits for the same decision, now noted as hinted.
    assert s.game.history == history and s.learner_to_move
    assert s.game.hinted == {moves}


def _named(action: Any, advice: Any) -> str:
    """An option as the hint names it: a trump named at the dealer's bid (among bids) is
    a change of trump."""
    text = action_words(action)
    if text.startswith("Trump ") and any(str(o.action).startswith("bid ")
                                         for o in advice.options):
        return "Change trump to " + text[len("Trump "):]
    return "Change to no trump" if text == "No trump" and any(
        str(o.action).startswith("bid ") for o in advice.options) else text


def _title(advice: Any) -> str:
    """The hint's title: the best choice, or the best two when they are about equal, or
    the best "not surely" when the layouts cannot rank two that look apart."""
    if advice.about_equal and not advice.ahead_breaks_tie:  # a margin names the best alone
        tie = advice.options[0].value == advice.options[1].value
        return (f"Hint: {_named(advice.best, advice)} or "
                f"{_named(advice.options[1].action, advice)}, "
                + ("equally good" if tie else "about equal"))
    return f"Hint: {_named(advice.best, advice)}" + (", not surely" if advice.unsure else "")


def test_the_hint_reads_only_the_learners_view() -> None:
    """The other seats' cards dealt again in other ways (the learner's hand kept): the
    same hint, word for word (every step: the idea, the why, the numbers), at a Trixter
    trump, bid and lead, and a Trix double and lead."""
    deal = ["AK.2..", "QJ.3..", "T9.4..", "87.5.."]
    runs = []
    for d in [deal] + [_shuffled(deal, seed) for seed in range(4)]:
        seen = []
        for kind in ("trump", "bid", "card"):
            s = trixter_at(kind, deals=[d])
            assert s.learner_to_move and not s.game.observe(0)["trick"]
            seen.append(hint_words(s.hint(budget=BUDGET)))
        runs.append(seen)
    assert len({json.dumps(r) for r in runs}) == 1
    runs = []
    for d in [DEAL_A] + [_shuffled(DEAL_A, seed) for seed in range(3)]:
        seen = []
        for kind in ("double", "card"):
            s = trix_at(kind, d)
            seen.append(hint_words(s.hint(budget=BUDGET)))
        runs.append(seen)
    assert len({json.dumps(r) for r in runs}) == 1


def _shuffled(deal: list[str], seed: int) -> list[str]:
    """The other seats' cards dealt again among them at random (seat 0's hand kept)."""
    hands = [list(h) for h in parse_deal(deal)]
    rest = [c for h in hands[1:] for c in h]
    random.Random(seed).shuffle(rest)
    out, i = [hands[0]], 0
    for h in hands[1:]:
        out.append(rest[i:i + len(h)])
        i += len(h)
    return [CardSet(h).pbn() for h in out]


# The quick lane weighs a tenth of a hint's deals (the same code; tests/sizes.py).
@pytest.mark.parametrize("seconds", quick_and_full(0.1, None, ids=("tenth", "hint")))
def test_the_same_decision_gets_the_same_hint(seconds: float | None,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    if seconds is not None:
        monkeypatch.setattr("tutor.app.hints.hint_seconds", lambda: seconds)
    s = trix_at("card")
    first = s.hint()
    assert s.hint() is first  # asked again: not worked out again
    again = PlaySession(records.loads(records.dumps(s.game)), opponents=QUIET)
    assert again.hint().options == first.options
    assert hint_words(again.hint()) == hint_words(first)


# --- the session's rules, with a stand-in engine -----------------------------------------

@dataclass(frozen=True)
class Opt:
    action: Action
    value: float
    text: str


@dataclass
class FakeAdvice:
    options: list[Opt]
    kind: str = "points"
    samples: int = 30
    seconds: float = 0.0
    reason: Any = None
    game: str = ""

    @property
    def best(self) -> Action:
        return self.options[0].action

    def explain(self) -> str:
        return f"{self.options[0].action} is first."


class Fake:
    """A stand-in for tutor.advice.advise that records how it was called."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(self, game: Any, seat: int | None = None, seconds: float | None = None,
                 seed: int = 0, budget: int | None = None) -> FakeAdvice:
        self.calls.append({"seat": seat, "seconds": seconds, "seed": seed, "budget": budget,
                           "obs": game.observe(seat), "given": game})
        legal = game.legal_actions(seat)
        return FakeAdvice([Opt(a, -i, f"{10 - i} points") for i, a in enumerate(legal)],
                          game=game.KIND, reason=self.reason(legal))

    def reason(self, legal: list[Action]) -> Any:
        return None


NUDGE = "Count the tricks your bid still needs, and who can still take them."


class Reasoned(Fake):
    """A stand-in engine whose advice has a reason (as the ideas' catalogues give)."""

    def reason(self, legal: list[Action]) -> Any:
        from tutor.advice.ideas import Idea, Reason

        idea = Idea("count", "trixter", ("card",), "Count your tricks", "Count them.")
        return Reason(idea, NUDGE, f"{action_words(legal[0])} takes the trick your bid needs.")


def test_the_engine_is_asked_for_the_learners_seat_from_their_view(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = Fake()
    s = PlaySession(TrixterGame.new(players=4, seed=2, dealer=1, first_hand=3), seat=2,
                    advisor=fake)
    while not s.learner_to_move:
        s.step()
    s.hint()
    call = fake.calls[0]
    assert call["seat"] == 2 and call["budget"] is None and call["seconds"] == 1.0
    # the seat's view, never the game: no other hand can reach the engine
    assert isinstance(call["given"], Observation) and call["given"] == s.game.observation(2)
    assert [len(h) for h in call["given"].hands] == [0, 0, 3, 0]
    assert call["seed"] == observation_seed(s.game.observe(2))
    monkeypatch.setattr("sys.platform", "emscripten")  # the static site's Python is slower:
    assert hint_seconds() == 0.6  # a smaller budget, so that it still answers in seconds


def test_out_of_turn_is_refused_and_changes_nothing() -> None:
    fake = Fake()
    s = PlaySession(TrixterGame.new(players=4, seed=2, dealer=1, first_hand=1), advisor=fake)
    assert s.computer_to_move == 1  # the dealer names trump first
    record = s.game.to_json()
    with pytest.raises(IllegalActionError, match="a hint is for your own decision"):
        s.hint()
    s.advance()
    s.act(s.game.legal_actions(0)[0])
    s.advance()
    while s.learner_to_move:
        s.act(s.game.legal_actions(0)[0])
        s.advance()
    assert s.game.to_move is None  # the hand is over
    with pytest.raises(IllegalActionError, match="press “next hand”"):
        s.hint()
    assert s.hint_view() == {}
    over = PlaySession(TrixterGame.new(players=4, seed=1, first_hand=25), advisor=fake)
    while not over.game.is_over:
        over.advance()
        if over.learner_to_move:
            over.act(over.game.legal_actions(0)[0])
    with pytest.raises(IllegalActionError, match="the game is over"):
        over.hint()
    assert fake.calls == [] and "hinted" not in json.loads(record)
    assert not s.game.hinted and not over.game.hinted


def test_the_hint_greys_once_taken_and_goes_with_the_next_decision() -> None:
    s = trixter_at("trump")
    s._advisor = Fake()
    s.hint()
    assert s.hint_view()["title"] == "Hint"  # the idea first
    s.hint()
    assert s.hint_view()["title"] == "Hint: Trump ♠ spades"
    s.act("trump H")  # not the hint's choice: the learner decides
    assert s.hint_view() == {}  # the learner bids next: a new decision, no hint shown
    s.hint()
    s.act("bid 1")
    stale = s.hint_view()  # asked once, and taken: the whole hint, greyed
    assert stale["stale"] and stale["title"] == "The hint for your last decision: Bid 0"
    assert stale["step"] == 3 and stale["options"] and stale["button"] == ""
    assert s.game.hinted == {0, 1}
    s.advance()
    if s.learner_to_move:
        assert s.hint_view() == {}


def test_a_greyed_hint_is_only_ever_the_last_decisions() -> None:
    """Issue 40: "The hint for your last decision" showed the hint of the decision before
    (asked for the bid, then a card played without one); nor does a hint greyed at the
    end of a hand follow the learner into the next."""
    s = trixter_at("trump")
    s._advisor = Fake()
    s.act("trump S")
    s.hint()
    s.act("bid 1")
    assert s.hint_view()["stale"]  # the bid's hint, just taken
    s.advance()
    while s.game.phase.value != "hand_over":
        if s.learner_to_move:
            s.act(s.game.legal_actions(0)[0])  # cards, without a hint
            assert s.hint_view() == {}  # not the bid's hint: it is not the last decision
        s.advance()
    assert s.hint_view() == {}
    s = trixter_at("card")
    s._advisor = Fake()
    while s.game.phase.value != "hand_over":
        if s.learner_to_move:
            s.hint()
            s.act(s.game.legal_actions(0)[0])
        s.advance()
    assert s.hint_view()["stale"]  # the last card's hint, at the end of the hand
    s.act("next")
    assert s.hint_view() == {}  # a new hand: that hint is of the last one


def test_undo_and_new_game_take_the_hint_away_and_the_record_keeps_what_was_hinted() -> None:
    s = trixter_at("trump")
    s._advisor = Fake()
    s.hint()
    s.act("trump S")
    s.hint()
    s.act("bid 1")
    s.advance()
    assert s.game.hinted == {0, 1}
    s.undo()  # the bid taken back: the same decision again, still hinted
    assert s.hint_view() == {} and len(s.game.history) == 1
    assert s.game.hinted == {0, 1}
    s.undo()  # the trump too: the bid's hint goes with it
    assert s.game.hinted == {0} and s.hint_view() == {}
    s.hint()
    s.new_game()
    assert s.hint_view() == {} and s.game.hinted == set()


def test_the_record_notes_the_hinted_decisions_and_still_loads() -> None:
    s = trix_at("double")
    s._advisor = Fake()
    s.hint()
    s.act("double QS")
    s.hint()  # the learner stays to move after a double
    s.act("no double")
    s.advance()
    assert s.game.hinted == {1, 2}
    text = records.dumps(s.game)
    assert json.loads(text)["hinted"] == [1, 2]
    back = records.loads(text)
    assert back.history == s.game.history and back.hinted == {1, 2}
    assert back.to_record() == s.game.to_record()
    # A game saved as it goes keeps them; so does a record cut short (what it keeps).
    assert SavedGame.read(s.saved_record(), "trix").game.hinted == {1, 2}
    short = {**s.game.to_record(), "actions": s.game.to_record()["actions"][:2]}
    assert records.from_record(short).hinted == {1, 2}
    # An old record (no "hinted") loads, and a game never hinted writes none.
    plain = TrixGame.new(seed=3)
    plain.apply(plain.legal_actions()[0])
    old = plain.to_record()
    assert "hinted" not in old and records.from_record(old).hinted == set()
    for junk in ("1", [1, "2"], [-1], [True], {"1": 1}, None):
        with pytest.raises(ParseError, match="'hinted' is a list of action indices"):
            records.from_record({**s.game.to_record(), "hinted": junk})


def test_a_finished_hands_record_keeps_only_its_own_hints() -> None:
    pytest.importorskip("anywidget")
    from tutor.engine.records import finished_record

    s = PlaySession(TrixterGame.new(players=4, seed=5, dealer=0, first_hand=1),
                    opponents=QUIET, advisor=Fake())
    s.hint()
    s.act("trump S")
    while s.game.to_move is not None:
        if s.learner_to_move:
            s.act(s.game.legal_actions(0)[0])
        s.advance()
    s.act("next")
    s.advance()
    s.hint()  # in hand 2, not finished: left out of the record
    rec = finished_record(s.game)
    assert rec is not None and rec["hinted"] == [0]
    assert records.from_record(rec).hinted == {0}


def test_hint_words_list_five_and_always_the_best() -> None:
    from tutor.engine.actions import Play
    from tutor.engine.cards import Card

    cards = [Play(Card.parse(c)) for c in ("2S", "3S", "4S", "5S", "6S", "7S", "8S")]
    advice = FakeAdvice([Opt(a, 1.0, f"{i}") for i, a in enumerate(cards)], samples=1)
    words = hint_words(advice)
    assert [o["label"] for o in words["options"]] == ["2♠", "3♠", "4♠", "5♠", "6♠"]
    assert words["more"] == 2 and words["note"] == "" and words["measure"] == "expected points"

    class Tied(FakeAdvice):
        @property
        def best(self) -> Action:
            return cards[6]

    words = hint_words(Tied([Opt(a, 1.0, "") for a in cards]))
    assert [o["best"] for o in words["options"]] == [False] * 4 + [True]
    assert words["options"][-1]["label"] == "8♠"


def test_hint_note_says_how_the_deals_were_weighed() -> None:
    """Trix options are played on the same deals; a Trixter tree tries the better choices
    on more deals (the note says so), and each option's line says how often it makes the
    bid, not on how many deals."""
    from tutor.advice import advise

    trixter = TrixterGame.new(players=4, seed=3, first_hand=4)
    trixter.apply("trump S")
    a = advise(trixter, budget=60)
    words = hint_words(a)
    # the dealer's bid, the trump still open to change: a tree a trump, shared equally
    assert a.samples >= 60 and words["note"] == (
        f"Searched over {a.samples:,} ways the cards you cannot see could lie, each played to "
        f"the end: every trump as often, and under each the better bids more often.")
    card = advise(trixter_at("card").game, budget=60)
    assert hint_words(card)["note"] == (
        f"Searched over {card.samples:,} ways the cards you cannot see could lie, each played "
        f"to the end; the better choices were tried on more of them.")
    for o in a.options:
        if str(o.action).startswith("bid"):
            made = sum(a.features[str(o.action)]["made"]) / len(a.per[str(o.action)])
            assert f"makes your bid {round(100 * made)}% of the time" in o.text
            assert "deal" not in o.text
    trix = TrixGame.new(seed=3)
    words = hint_words(advise(trix, budget=40))
    assert words["note"].startswith("Tried on ") and words["note"].endswith(
        " ways the cards you cannot see could lie, each played to the end.")


# --- about equal, and the hint ladder -----------------------------------------------------

def _advice(kind: str, per: dict[str, list[float]]) -> Any:
    """An advice with known results on each layout (the same layouts for every option)."""
    from tutor.advice.answer import Advice, Option, ranked, sure_of

    options = ranked([Option(parse_action(a), sum(v) / len(v), f"{a} line")
                      for a, v in per.items()])
    return Advice(seat=0, kind=kind, options=options, samples=len(next(iter(per.values()))),
                  seconds=0.0, game="trixter", per=per, sure=sure_of(options, per),
                  short={a: f"{a} short" for a in per})


def test_two_choices_within_the_tolerance_are_about_equal() -> None:
    # 80% against 78% of the bid: 2% apart, inside the 5% tolerance.
    a = _advice("chance", {"JD": [1.0] * 80 + [0.0] * 20, "9D": [1.0] * 78 + [0.0] * 22})
    assert a.about_equal
    assert a.explain() == "J♦ and 9♦ are about equal: either makes your bid 78% to 80% of the time."
    words = hint_words(a)
    assert words["title"] == "Hint: J♦ or 9♦, about equal"
    assert hint_words(a, stale=True)["title"] == ("The hint for your last decision: J♦ or 9♦, "
                                                  "about equal")
    # A reason would rank the two: the idea stays the first step; under the title that
    # names both, the why says what either gives, and the numbers' line names both again.
    a.reason = Reasoned().reason([o.action for o in a.options])
    words = hint_words(a, step=2)
    assert words["idea"] == NUDGE
    assert words["why"] == "Either makes your bid 78% to 80% of the time."
    assert hint_words(a, step=3)["line"] == a.explain()
    # Exactly equal: "Either way", with the best's own words.
    tie = _advice("points", {"KS": [-80.0, -96.2], "QS": [-80.0, -96.2]})
    assert tie.explain() == "K♠ and Q♠ do equally well: KS line."
    # The title says so as the numbers' line does ("do equally well"), not "about equal".
    assert hint_words(tie, step=2)["title"] == "Hint: K♠ or Q♠, equally good"
    assert hint_words(tie, step=2)["why"] == "Either way: KS line."


def test_the_first_of_two_about_equal_says_it_leaves_you_further_ahead() -> None:
    """When the first of two choices about equal has the fewer points (the margin over the
    others put it first), the hint says by how much it leaves the seat further ahead; when
    its points put it first, or the margins are the same, it says nothing more."""
    from dataclasses import replace

    a = _advice("points", {"QS": [7.0, 8.2], "KS": [8.0, 8.6]})
    a.options.reverse()  # as margin_first leaves them: Q♠ first on fewer points
    a.features = {"QS": {"margin": [3.0, 4.0]}, "KS": {"margin": [2.0, 2.6]}}
    assert a.about_equal
    assert a.explain() == ("Q♠ and K♠ are about equal: either scores +7.6 to +8.3 points; Q♠ "
                           "leaves you 1.2 points further ahead of the others.")
    assert hint_words(a, step=2)["why"] == ("Either scores +7.6 to +8.3 points; Q♠ leaves you "
                                            "1.2 points further ahead of the others.")
    by_points = replace(a, options=a.options[::-1])
    assert by_points.explain() == "K♠ and Q♠ are about equal: either scores +7.6 to +8.3 points."
    same = replace(a, features={"QS": {"margin": [3.0]}, "KS": {"margin": [3.0]}})
    assert same.explain() == "Q♠ and K♠ are about equal: either scores +7.6 to +8.3 points."
    # Points: half a point apart is inside the point of tolerance.
    p = _advice("points", {"bid 1": [8.0, 3.5, 6.0, 5.0], "bid 2": [7.5, 3.0, 5.5, 4.5]})
    assert p.about_equal and p.sure == 1.0  # sure of the order, but by too little to count
    assert p.explain() == "Bid 1 and bid 2 are about equal: either scores +5.1 to +5.6 points."


def test_about_equal_reads_the_numbers_as_shown() -> None:
    """The tolerance is read off the numbers step 3 prints: 61% and 56% are 5 apart as the
    learner reads them, so not "about equal", whatever the decimals behind them (60.7% and
    56.3% were, 4.4 apart); 60.4% and 55.6%, 4.8 apart, read 60% and 56%, so they are.
    Points likewise to a tenth: +5.46 and +4.54 read +5.5 and +4.5, a point apart."""
    def pair(kind: str, v: float, w: float) -> Advice:
        return Advice(seat=0, kind=kind, samples=4, seconds=0, options=[
            Option(parse_action("JD"), v, ""), Option(parse_action("9D"), w, "")])

    assert not pair("chance", 0.607, 0.563).about_equal
    assert not pair("chance", 0.614, 0.564).about_equal
    assert pair("chance", 0.604, 0.556).about_equal
    assert pair("chance", 0.80, 0.78).about_equal
    assert not pair("points", 5.46, 4.54).about_equal
    assert pair("points", 5.44, 4.46).about_equal
    assert pair("points", 5.4, 4.6).about_equal


def test_a_clearly_better_choice_is_ranked() -> None:
    a = _advice("chance", {"JD": [1.0] * 80 + [0.0] * 20, "9D": [1.0] * 40 + [0.0] * 60})
    assert not a.about_equal and a.sure >= 0.95
    assert a.explain() == "Play J♦: JD line; the next best, 9♦: 9D short."
    assert hint_words(a)["title"] == "Hint: J♦"
    # Far apart on average but on too few layouts to be sure: not "about equal" (the
    # numbers shown say otherwise, issue 40), but said to be unsure, in the title too.
    unsure = _advice("points", {"bid 1": [20.0, -10.0, 15.0], "bid 2": [0.0, 0.0, 0.0]})
    assert unsure.sure is not None and unsure.sure < 0.95 and not unsure.about_equal
    assert unsure.unsure and "about equal" not in unsure.explain()
    assert unsure.explain().startswith("Bid 1 looks better than bid 2, though these layouts "
                                       "do not make it sure: ")
    assert hint_words(unsure)["title"] == "Hint: Bid 1, not surely"
    # Its reason is still the second step, then how sure it is: the idea step 1 named is
    # explained, not dropped for the numbers alone (issue 40, part 4).
    unsure.reason = Reasoned().reason([o.action for o in unsure.options])
    words = hint_words(unsure, step=2)
    assert words["idea"] == NUDGE
    assert words["why"] == ("Bid 1 takes the trick your bid needs. These layouts do not make "
                            "it sure that it beats the next best.")


def test_the_why_under_the_title_does_not_name_the_bid_again() -> None:
    from tutor.advice.ideas import Idea, Reason

    a = _advice("points", {"bid 0": [8.0, 9.0, 8.0, 9.0] * 10, "bid 1": [1.0, 2.0, 1.0, 0.0] * 10})
    text = ("Bid 0: with no ace, no king and no high trump, your hand takes no trick 86% of "
            "the time.")
    a.reason = Reason(Idea("bid-zero", "trixter", ("bid",), "Bid 0", "Weak."), "Weak.", text)
    words = hint_words(a, step=2)
    assert words["title"] == "Hint: Bid 0"
    assert words["why"] == ("With no ace, no king and no high trump, your hand takes no trick "
                            "86% of the time.")
    # A reason that names another choice first keeps its words.
    a.reason = Reason(a.reason.idea, "Weak.", "Bid 1 would need an ace.")
    assert hint_words(a, step=2)["why"] == "Bid 1 would need an ace."


def test_the_hint_ladder_shows_the_idea_then_the_choice_then_the_numbers() -> None:
    s = trixter_at("card")
    s._advisor = fake = Reasoned()
    advice = s.hint()
    first = s.hint_view()
    assert first["step"] == 1 and first["steps"] == 3
    assert first["idea"] == NUDGE and first["title"] == "Hint"
    assert first["button"] == "Show the card"
    assert first["why"] == first["line"] == first["note"] == "" and first["options"] == []
    assert not CARD_TOKEN.findall(json.dumps(first, ensure_ascii=False))  # no card named
    best = action_words(advice.best)
    assert s.hint() is advice
    second = s.hint_view()
    assert second["step"] == 2 and second["title"] == f"Hint: {best}"
    assert second["idea"] == NUDGE and second["why"] == advice.reason.text
    assert second["options"] == [] and second["button"] == "Show the numbers"
    s.hint()
    third = s.hint_view()
    assert third["step"] == 3 and third["button"] == ""
    assert third["options"][0]["label"] == best and third["line"] == advice.explain()
    assert third["note"] == ("Tried on 30 ways the cards you cannot see could lie, each "
                             "played to the end.")
    s.hint()  # asked again: the whole hint stays
    assert s.hint_view() == third and len(fake.calls) == 1
    # Taken: the whole hint, greyed; the learner's next decision starts at the idea again.
    s.act(advice.best)
    stale = s.hint_view()
    assert stale["stale"] and stale["step"] == 3 and stale["options"]
    s.advance()
    assert s.learner_to_move
    s.hint()
    assert s.hint_view()["step"] == 1 and len(fake.calls) == 2


def test_without_a_reason_the_first_step_is_a_general_line() -> None:
    s = trixter_at("card")
    s._advisor = Fake()
    s.hint()
    assert s.hint_view()["idea"] == "Think about what your bid still needs."
    s.hint()
    view = s.hint_view()
    assert view["why"] == f"{s.game.legal_actions(0)[0]} is first." and view["line"] == ""
    s2 = trixter_at("bid")
    s2._advisor = Fake()
    s2.hint()
    assert s2.hint_view()["idea"] == "Think about how many tricks your hand can take."
    # The dealer's bid, where the trump may still be changed: the button gives away
    # neither a bid nor a new trump. A bid with only bids to choose from says "bid".
    assert any(isinstance(a, ChooseTrump) for a in s2.game.legal_actions(0))
    assert s2.hint_view()["button"] == "Show the choice"
    s4 = PlaySession(TrixterGame.new(players=4, seed=5, dealer=3, first_hand=3), opponents=QUIET)
    s4.advance()
    s4._advisor = Fake()
    assert s4.game.phase == Phase.BID and s4.learner_to_move
    assert all(isinstance(a, Bid) for a in s4.game.legal_actions(0))
    s4.hint()
    assert s4.hint_view()["button"] == "Show the bid"
    s3 = trix_at("card")
    s3._advisor = Fake()
    s3.hint()
    assert s3.hint_view()["idea"] == "Think about which card keeps the penalties away from you."


def test_undo_and_a_new_game_start_the_ladder_again() -> None:
    s = trixter_at("trump")
    s._advisor = Fake()
    s.hint()
    s.hint()
    s.act("trump S")
    s.undo()
    s.hint()
    assert s.hint_view()["step"] == 1


# --- the table's Hint button --------------------------------------------------------------

anywidget = pytest.importorskip("anywidget")

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?![A-Za-z0-9])")
HINT_KEYS = {"title", "options", "more", "measure", "line", "note", "stale", "step", "steps",
             "idea", "why", "button"}


def _card(token: str) -> str:
    rank, suit = token[:-1], token[-1]
    return ("T" if rank == "10" else rank) + {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(
        suit, suit)


def test_the_hint_button_shows_thinking_then_the_ranked_options() -> None:
    from widgets import play

    seen: list[dict[str, Any]] = []
    fake = Fake()

    def advisor(*args: Any, **kwargs: Any) -> FakeAdvice:
        seen.append(dict(view.table.hint))  # what the browser holds while it works
        return fake(*args, **kwargs)

    view = play(TrixterGame.new(players=4, seed=2, dealer=1, first_hand=3), pause=0)
    view.session._advisor = advisor
    assert "hint" in view.table.controls and view.table.hint == {}
    send(view.table, {"type": "hint"})
    assert seen == [{"thinking": True}]
    assert view.table.error == ""
    assert set(view.table.hint) == HINT_KEYS and view.table.hint["step"] == 1
    send(view.table, {"type": "hint"})
    send(view.table, {"type": "hint"})
    assert len(seen) == 1  # the later steps: the same advice, at once
    assert view.table.hint["options"][0]["best"]
    assert view.table.hint == view.session.hint_view()
    assert view.game.hinted == {len(view.game.history)}
    # Taken: greyed; taken back: gone.
    send(view.bids, {"type": "bid", "n": 0})
    assert view.table.hint == {} or view.table.hint["stale"]
    send(view.table, {"type": "undo"})
    assert view.table.hint == {} and view.table.error == ""


@pytest.mark.parametrize("junk", [
    {"type": "hint", "seat": 1}, {"type": "hint", "n": 2}, {"type": "Hint"},
    {"type": "hint", "type2": "hint"}, ["hint"], "hint", {"type": ["hint"]}])
def test_junk_hint_requests_are_refused_and_change_nothing(junk: Any) -> None:
    from widgets import play

    fake = Fake()
    view = play(TrixterGame.new(players=4, seed=2, dealer=1, first_hand=3), pause=0)
    view.session._advisor = fake
    before = view.game.to_json()
    send(view.table, junk)
    assert view.table.error in ("unexpected fields in the request", "unknown request",
                                "not a message")
    assert view.table.hint == {} and view.game.to_json() == before and not fake.calls


def test_a_hint_out_of_turn_or_at_a_table_without_hints_is_refused() -> None:
    from widgets import play

    fake = Fake()
    view = play(TrixterGame.new(players=4, seed=2, dealer=0, first_hand=1), pause=0,
                opponents="random")
    view.session._advisor = fake
    send(view.table, {"type": "trump", "suit": "S"})
    send(view.bids, {"type": "bid", "n": 0})
    while view.game.to_move == 0:
        send(view.table, {"type": "play", "card": view.game.observe(0)["legal"][0]})
    assert view.game.to_move is None  # the hand is over: nobody decides
    before = view.game.to_json()
    send(view.table, {"type": "hint"})
    assert view.table.error == "nothing to decide now: press “next hand” to go on"
    assert view.game.to_json() == before and not fake.calls
    plain = play(TrixterGame.new(players=4, seed=2, dealer=0, first_hand=3), pause=0,
                 hints=False)
    assert "hint" not in plain.table.controls
    send(plain.table, {"type": "hint"})
    assert plain.table.error == "this table gives no hints" and plain.table.hint == {}


def test_an_engine_failure_is_a_word_not_a_frozen_table() -> None:
    from widgets import play

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    view = play(TrixGame.new(seed=0, deals=[DEAL_A], dealer=0, owner=0), pause=0)
    view.session._advisor = broken
    before = view.game.to_json()
    send(view.table, {"type": "hint"})
    assert view.table.error == "no hint this time: it could not be worked out"
    assert view.table.hint == {} and view.game.to_json() == before


# The quick lane: the first decision, at a tenth of a hint's deals (tests/sizes.py).
@pytest.mark.parametrize("size", quick_and_full((1, 0.1), (3, None)))  # decisions, seconds
@pytest.mark.parametrize("make", [
    lambda: TrixterGame.new(players=4, seed=21, first_hand=13),
    lambda: TrixGame.new(seed=21)])
def test_the_widget_gets_only_the_advice(make: Any, size: tuple[int, float | None],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The real engine at 13 cards: the hint's choices and numbers name no card but the
    learner's own, and the table's state is the session's hint words, nothing more. (The
    idea and the why may name a card played or still out: that they read the learner's
    view only is the reshuffle test above.)"""
    from widgets import play

    decisions, seconds = size
    if seconds is not None:
        monkeypatch.setattr("tutor.app.hints.hint_seconds", lambda: seconds)
    view = play(make(), pause=0)
    for _ in range(decisions):
        hand = set(view.game.observe(0)["hand"])
        for _ in range(3):  # the idea, the choice, the numbers
            send(view.table, {"type": "hint"})
        assert view.table.error == ""
        hint = view.table.hint
        assert set(hint) == HINT_KEYS and hint == view.session.hint_view()
        numbers = {k: hint[k] for k in ("title", "options", "line", "note")}
        named = {_card(t) for t in CARD_TOKEN.findall(json.dumps(numbers, ensure_ascii=False))}
        assert named <= hand, named - hand
        best = hint["options"][0]["action"]
        assert best == str(view.session.hint().best)
        part = view.table if re.fullmatch(r"[2-9TJQKA][SHDC]|X", best) else view.bids
        msg = ({"type": "play", "card": best} if part is view.table else _message(best))
        send(part, msg)
        assert view.table.error == "", (best, view.table.error)
        if view.game.to_move != 0:
            break


def _message(text: str) -> dict[str, Any]:
    words = {"no double": "no_double", "no redeal": "no_redeal", "redeal": "redeal",
             "pass": "pass"}
    if text in words:
        return {"type": words[text]}
    head, _, rest = text.partition(" ")
    if head == "bid":
        return {"type": "bid", "n": int(rest)}
    return {"type": head, {"trump": "suit", "contract": "contract", "double": "card"}[head]: rest}


def test_the_review_says_which_decisions_were_hinted() -> None:
    from widgets.review import ReviewBoard

    s = trixter_at("trump")
    s._advisor = Fake()
    s.hint()
    s.act("trump S")
    s.act("bid 1")  # no hint asked
    s.advance()
    board = ReviewBoard(records.loads(records.dumps(s.game)), seat=0, run=False)
    assert board.table.message == "You chose trump ♠ here (after a hint)."
    board.move("next")
    assert board.table.message.startswith("You chose bid 1 here")
    assert "hint" not in board.table.message


def test_the_tables_hint_button_climbs_the_ladder() -> None:
    """The same ``{"type": "hint"}`` message: the idea ("Thinking…" first), then at once the
    choice and the numbers; the learner's next decision starts at the idea again."""
    from widgets import play

    fake = Reasoned()
    view = play(TrixterGame.new(players=4, seed=5, dealer=3, first_hand=3), pause=0,
                opponents=QUIET)
    view.session._advisor = fake
    send(view.bids, {"type": "bid", "n": 1})
    assert view.game.phase.value == "play" and view.game.to_move == 0
    best = action_words(view.game.legal_actions(0)[0])  # the stand-in ranks the legal order
    send(view.table, {"type": "hint"})
    hint = view.table.hint
    assert hint["step"] == 1 and hint["idea"] == NUDGE and hint["title"] == "Hint"
    assert hint["button"] == "Show the card"
    assert not CARD_TOKEN.findall(json.dumps(hint, ensure_ascii=False))
    send(view.table, {"type": "hint"})
    assert view.table.hint["step"] == 2 and view.table.hint["title"] == f"Hint: {best}"
    assert view.table.hint["why"] == f"{best} takes the trick your bid needs."
    send(view.table, {"type": "hint"})
    assert view.table.hint["step"] == 3 and view.table.hint["options"][0]["label"] == best
    assert len(fake.calls) == 1 and view.table.error == ""
    send(view.table, {"type": "play", "card": view.table.hint["options"][0]["action"]})
    assert view.game.to_move == 0  # the others played the first card they could
    send(view.table, {"type": "hint"})
    assert view.table.hint["step"] == 1 and len(fake.calls) == 2


def test_a_lower_number_never_comes_first_unexplained() -> None:
    """The real search, every trump and bid of 30 deals (beginners playing them on): where
    the hint puts first a choice with fewer points than the next (the margin over the
    others, MARGIN_FIRST), it says how much further ahead that choice leaves the seat. It
    did not when the margin led by less than the 0.05 point the hint says (deal 18: bid 0 at
    +3.7 put above bid 1 at +3.9, "either scores about +3.7")."""
    from tutor.advice import advise
    from tutor.bots import bot_for, play_bot_turn

    lower = 0
    for seed in range(30):
        g = TrixterGame.new(players=4, seed=seed, first_hand=3 + seed % 6)
        bots = [bot_for("trixter", "beginner", seed=s) for s in range(4)]
        while g.phase in (Phase.TRUMP, Phase.BID) and g.to_move is not None:
            a = advise(g, budget=300)
            if a.kind == "points" and len(a.options) > 1 \
                    and a.options[0].value < a.options[1].value:
                lower += 1
                assert "further ahead of the others" in a.explain(), (seed, a.explain())
            play_bot_turn(g, bots[g.to_move])
    assert lower >= 4  # the rule was met, not only never tried


_NUMBER = re.compile(r"[+−-]?\d+(?:\.\d+)?%?")


def _about_equal_numbers(a) -> tuple[int, int]:
    """For an advice whose best two are about equal (not exactly tied: a tie gives the
    best's own text), that the numbers its why states are those step 3 shows beside the
    two, each once: (1, 1) where it showed two, (1, 0) one, (0, 0) not about equal."""
    if not a.about_equal or a.options[0].value == a.options[1].value:
        return 0, 0
    why = hint_words(a, step=2)["why"]
    said = _NUMBER.findall(why.split(";")[0])
    unit = {"chance": "%", "place": "place "}.get(a.kind, "")  # the value's own figure
    shown = [[n for n in _NUMBER.findall(o.text)
              if (n[-1] == "%" if unit == "%" else
                  f"place {n} " in o.text if unit else n[0] in "+−-")][:1]
             for o in a.options[:2]]
    assert all(shown), a.options[:2]
    firsts = {s[0] for s in shown}
    assert set(said) <= firsts, (why, shown)
    assert len(said) == (0 if "almost" in why else len(firsts)), why
    return 1, int(len(firsts) == 2)


def test_about_equal_says_only_numbers_both_choices_show() -> None:
    """Where the hint calls the best two about equal, the numbers its why states are the
    ones the learner reads beside those two in step 3, and they span both: "Bid 0 or Bid 1,
    about equal: either scores about +5.9 points" above bid 0 at +5.9 and bid 1 at +5.2
    said of bid 1 what its own line did not, as "either finishes you in about place 2.5"
    above places 2.5 and 2.6 in Trex. Every decision of seat 0 in 12 hands of Trixter and
    in two Trex and two Queens deals it owns, the real search, beginners at the other seats."""
    from tutor.advice import advise
    from tutor.bots import bot_for, play_bot_turn

    def play(g, name, until) -> tuple[int, int]:
        bots = [bot_for(name, "beginner", seed=s) for s in range(4)]
        counts = [0, 0]
        while until(g) and g.to_move is not None:
            if g.to_move == 0:
                counts = [c + d for c, d in zip(counts, _about_equal_numbers(
                    advise(g, budget=120 if name == "trixter" else 400)))]
            play_bot_turn(g, bots[g.to_move])
        return counts[0], counts[1]

    trixter = [play(TrixterGame.new(players=4, seed=seed, first_hand=3 + seed % 5), "trixter",
                    lambda g: g.hands_played[0] == 0) for seed in range(12)]
    assert sum(c for c, _r in trixter) >= 8 and sum(r for _c, r in trixter) >= 3
    trix = []
    for contract, seed in (("trex", 3), ("trex", 7), ("queens", 0), ("queens", 2)):
        g = TrixGame.new(seed=seed, owner=0)
        g.apply(f"contract {contract}", 0)
        trix.append(play(g, "trix", lambda g: g.kingdom_deals == 0))
    # the rule was met in each deal, not only never tried, and on two numbers
    assert all(c and r for c, r in trix), trix
