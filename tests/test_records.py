"""Game records: JSON load/dump, replayed through the engine."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from tutor import IllegalActionError, ParseError, Phase, TrixterGame, TrixterRules
from tutor.engine import records
from tutor.engine.cards import Card


def played_game(seed: int = 4, hands: int = 3) -> TrixterGame:
    g = TrixterGame.new(players=5, seed=seed, rules=TrixterRules(hook=True, scoring="squared"))
    rng = random.Random(seed)
    done = 0
    while done < hands:
        if g.phase == Phase.HAND_OVER:
            done += 1
            if done == 2:
                g.add_player("Late")
            if done < hands:
                g.next_hand()
            continue
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_dumps_loads_round_trip_exactly():
    g = played_game()
    text = records.dumps(g)
    again = records.loads(text)
    assert isinstance(again, TrixterGame)
    assert again.to_record() == g.to_record()
    assert again.scores == g.scores and again.names == g.names and again.hand_size == g.hand_size
    assert records.dumps(again) == text
    rec = json.loads(text)
    assert rec["format"] == "trix-tutor/trixter" and rec["version"] == 1
    assert rec["setup"]["players"] == ["Player 1", "Player 2", "Player 3", "Player 4", "Player 5"]
    assert [None, "join Late"] in rec["actions"]
    assert len(rec["deals"]) == len(g.deals) == 3


def test_dump_and_load_files(tmp_path):
    g = played_game(hands=1)
    path = tmp_path / "game.json"
    records.dump(g, str(path))
    assert records.load(str(path)).to_record() == g.to_record()
    buf = io.StringIO()
    records.dump(g, buf)
    buf.seek(0)
    assert records.load(buf).to_record() == g.to_record()


def test_corrupt_records_name_the_action_and_reason(tmp_path):
    g = played_game(hands=1)
    rec = g.to_record()
    bad = json.loads(json.dumps(rec))
    bad["actions"][3] = [bad["actions"][3][0], "bid 9"]
    with pytest.raises(IllegalActionError, match=r"action 4 .*whole number"):
        records.from_record(bad)
    bad = json.loads(json.dumps(rec))
    bad["actions"][0] = [bad["actions"][0][0], "gibberish"]
    with pytest.raises(ParseError, match="action 1"):
        records.from_record(bad)
    bad = json.loads(json.dumps(rec))
    bad["actions"][0] = "trump H"
    with pytest.raises(ParseError, match="action 1"):
        records.from_record(bad)
    bad = json.loads(json.dumps(rec))
    bad["deals"][0][0] = "AA..."
    with pytest.raises(ParseError, match="deal 1"):
        records.from_record(bad)
    bad = json.loads(json.dumps(rec))
    bad["setup"]["rules"]["scoring"] = "bonus"
    with pytest.raises(ParseError, match="setup"):
        records.from_record(bad)
    for junk, match in [("{", "bad JSON"), ("[]", "JSON object"),
                        ('{"format": "chess"}', "unknown record format"),
                        (json.dumps({**rec, "version": 99}), "version")]:
        with pytest.raises(ParseError, match=match):
            records.loads(junk)
    path = tmp_path / "broken.json"
    path.write_text("{nope")
    with pytest.raises(ParseError, match="broken.json"):
        records.load(str(path))


def test_record_is_replayed_not_trusted():
    # A record whose deal gives a card the player then "plays" from another hand fails.
    g = TrixterGame.new(players=4, seed=1, dealer=0, first_hand=1)
    for a in ["trump S", "bid 0", "bid 0", "bid 0", "bid 0"]:
        g.apply(a)
    rec = g.to_record()
    other = g.hands[2].pbn()
    rec["actions"].append([1, str(next(iter(g.hands[2])))])
    with pytest.raises(IllegalActionError, match="not in your hand"):
        records.from_record(rec)
    assert other  # the card came from seat 2's hand


def test_trix_records_round_trip_and_refuse_a_bad_action():
    from tutor import TrixGame, TrixRules

    g = TrixGame.new(seed=8, rules=TrixRules(partnership=True))
    rng = random.Random(8)
    for _ in range(150):
        g.apply(rng.choice(g.legal_actions()))
    again = records.loads(records.dumps(g))
    assert isinstance(again, TrixGame) and again.to_record() == g.to_record()
    assert again.scores == g.scores and again.observe(2) == g.observe(2)
    rec = g.to_record()
    rec["actions"][0][1] = "contract chess"
    with pytest.raises(ParseError, match="action 1"):
        records.from_record(rec)
    rec = g.to_record()
    rec["actions"][0][0] = (rec["actions"][0][0] + 1) % 4
    with pytest.raises(IllegalActionError, match="action 1 .*turn"):
        records.from_record(rec)


def test_deal_hands_after_next_and_deal_actions():
    """A lesson may script the next hand once the last is over: the "next" that dealt
    it is not an action of the new hand."""
    from tutor import Phase, TrixterGame

    g = TrixterGame.new(players=3, seed=1, first_hand=1)
    while g.phase != Phase.HAND_OVER:
        g.apply(g.legal_actions()[0])
    g.apply("next")
    assert g.deal_actions == []
    g.deal_hands(["AK...", "QJ...", "T9..."])
    assert [h.pbn() for h in g.hands] == ["AK...", "QJ...", "T9..."]
    g.apply("trump S")
    assert [str(a) for _, a in g.deal_actions] == ["trump S"]


DATA = Path(__file__).resolve().parent / "data"


def _is_subsequence(short: list, long: list) -> bool:
    it = iter(long)
    return all(any(x == y for y in it) for x in short)


@pytest.mark.parametrize("which", [0, 1])
def test_version_1_trix_records_replay_to_the_same_scores(which):
    """Records made before the round visited every player (version 1: doubling on with
    combined deals; doubling off) still load. The turns that round skipped, and the
    "no double" after a double that ended a turn by itself, are said for the players;
    the scores are what version 1 gave."""
    from tutor import TrixGame

    game = json.loads((DATA / "trix-records-v1.json").read_text())["games"][which]
    old = game["record"]
    assert old["version"] == 1
    g = records.from_record(old)
    assert isinstance(g, TrixGame) and g.is_over
    assert g.scores == game["scores"]
    sheet = g.score_sheet()
    assert [r["points"] for r in sheet] == game["points"]
    assert [r["doubles"] for r in sheet] == game["doubles"]
    new = g.to_record()
    assert new["version"] == 2 and new["deals"] == old["deals"]
    added = len(new["actions"]) - len(old["actions"])
    assert added > 0 and _is_subsequence(old["actions"], new["actions"])
    extra = list(new["actions"])
    for a in old["actions"]:
        extra.remove(a)
    assert {t for _, t in extra} <= {"no double", "no redeal"}
    assert records.loads(records.dumps(g)).to_record() == new  # and now as version 2


def test_a_version_1_record_that_stops_in_the_round_stops_where_it_did():
    """The old round visited only the K♥'s holder (seat 0) and ended its turn after the
    double; the record replays to that moment: the owner to lead."""
    from tutor import TrixGame

    deal = ["KQJT9876543.K2..", "A2.AQJT9876543..", "..AKQJT98765432.", "...AKQJT98765432"]
    rec = TrixGame.new(seed=0, deals=[deal], dealer=0).to_record()
    rec["version"] = 1
    rec["actions"] = [[1, "contract king"]]
    g = records.from_record(rec)
    assert g.phase == Phase.DOUBLE and g.to_move == 0  # seats 1, 2, 3 said "no double"
    assert [str(a) for _, a in g.history[1:]] == ["no double"] * 3
    rec["actions"].append([0, "double KH"])
    g = records.from_record(rec)
    assert g.phase == Phase.PLAY and g.to_move == 1 and g.doubles == [(Card.parse("KH"), 0)]
    assert [(s, str(a)) for s, a in g.history[4:]] == [(0, "double KH"), (0, "no double")]
    rec["version"] = 3
    with pytest.raises(ParseError, match="version 3"):
        records.from_record(rec)
    rec["version"] = True
    with pytest.raises(ParseError, match="version True"):
        records.from_record(rec)
