"""Every number a lesson text states is the engine's.

Each scene is played along every line the learner can choose (the scripted seats answer
as they do at the table). After every card, the words that appeared (the scene's
reactions, the status at the end) are checked against points computed here, apart from
the session: the tricks are replayed with ``tricks.trick_winner`` and scored with the
engine's tables (``trix.game.deal_points``, ``TrixterRules.score``, the Trex places).

A number is stated when it is signed ("−25", "+75", "−150 for West") or given as a result
(": 0 points", "= 11 points"). "N for <seat>" is that seat's points; the other numbers of
one text add up to the learner's. A trick's reaction speaks of that trick, an end
reaction and the status of the whole scene.
"""

from __future__ import annotations

import re

import pytest

from tutor.engine.cards import CardSet
from tutor.lessons import GuidedSession, questions, scenes
from tutor.engine.tricks import trick_winner
from tutor.engine.trix.contracts import Contract
from tutor.engine.trix.game import deal_points
from tutor.engine.trixter import TrixterRules

SCENES = scenes()
SIGNED = re.compile(r"([−+]\d+)(?: for (you|[A-Z][a-z]+(?: \d)?)\b)?")
RESULT = re.compile(r"[:=] (\d+) points?\b")


def _value(text: str) -> int:
    return int(text.replace("−", "-"))


def stated(text: str, names: list[str], seat: int) -> tuple[dict[int, int], list[int]]:
    """The numbers ``text`` gives a named seat, and the others (the learner's).

    >>> stated("West took it: −150 for West, +75 for you.", ["North", "West"], 0)
    ({1: -150, 0: 75}, [])
    >>> stated("−75 and −15 for the trick.", ["North"], 0)
    ({}, [-75, -15])
    """
    named: dict[int, int] = {}
    loose: list[int] = []
    for m in SIGNED.finditer(text):
        who = m[2]
        if who is None:
            loose.append(_value(m[1]))
        else:
            s = seat if who == "you" else names.index(who)
            named[s] = named.get(s, 0) + _value(m[1])
    loose += [int(m[1]) for m in RESULT.finditer(text)]
    return named, loose


class Replay:
    """The scene's tricks replayed from its start position and the moves made, and the
    points they are worth, by the engine's scoring."""

    def __init__(self, session: GuidedSession) -> None:
        p = session.puzzle
        self.p, self.n = p, p.players
        self.tricks: list[tuple[list, int]] = []  # (cards, winner)
        self.taken = [CardSet() for _ in range(self.n)]
        self.won = [0] * self.n
        leader, current = p.leader, list(p.trick)
        for _seat, card in [] if p.is_trex else session.moves:
            current.append(card)
            if len(current) == self.n:
                w = (leader + trick_winner(current, p.trump)) % self.n
                self.tricks.append((current, w))
                self.taken[w] = self.taken[w] | CardSet(current)
                self.won[w] += 1
                leader, current = w, []
        self.out = session.observation().get("out") or []

    def _points(self, taken, won) -> list[int]:
        p = self.p
        if p.game == "trixter":
            start = p.won or (0,) * self.n
            return [TrixterRules().score(p.bids[s], start[s] + won[s]) if p.bids else 0
                    for s in range(self.n)]
        contract = set(p.contract)
        if Contract.TREX in contract:
            return deal_points(contract, [], [], out=self.out)
        return deal_points(contract, taken, won, p.doubles)

    def totals(self) -> list[int]:
        return self._points(self.taken, self.won)

    def trick(self, k: int) -> list[int]:
        """The points of trick ``k`` alone (1 = the scene's first)."""
        cards, w = self.tricks[k - 1]
        return self._points([CardSet(cards) if s == w else CardSet() for s in range(self.n)],
                            [int(s == w) for s in range(self.n)])


def _lines(scene) -> list[tuple]:
    """Every line of learner cards to the end of the scene."""
    out, todo = [], [()]
    while todo:
        path = todo.pop()
        s = GuidedSession(scene)
        s.advance()
        for c in path:
            s.play(c)
        if s.over:
            out.append(path)
        else:
            todo += [path + (c,) for c in s.legal()]
    return out


def _check(s: GuidedSession, texts: list[str], expected: list[int], where: str) -> int:
    checked = 0
    for text in texts:
        named, loose = stated(text, s.names(), s.seat)
        for seat, v in named.items():
            assert v == expected[seat], f"{where}: {text!r} says {v} for seat {seat}, " \
                                        f"the engine {expected[seat]}"
            checked += 1
        if loose:
            assert sum(loose) == expected[s.seat], \
                f"{where}: {text!r} says {sum(loose)} for you, the engine {expected[s.seat]}"
            checked += 1
    return checked


@pytest.mark.parametrize("sid", sorted(SCENES))
def test_every_number_a_scene_states_is_the_engines(sid):
    scene = SCENES[sid]
    says = {}
    for r in scene.reactions:
        says.setdefault(r.say, r)
    checked = 0
    for path in _lines(scene):
        s = GuidedSession(scene)
        s.advance()
        done = 0
        for c in path:
            s.play(c, answer=False)
            new = list(s.story)
            while True:
                before = len(s.story)
                replay = Replay(s)
                for k in range(done + 1, len(replay.tricks) + 1):  # tricks just finished
                    said = [t for t in new if t in says and says[t].kind == "trick"
                            and says[t].trick == k]
                    checked += _check(s, said, replay.trick(k), f"{sid} {path} trick {k}")
                done = len(replay.tricks)
                if s.over or (s.to_move == s.seat and len(s.legal()) > 1):
                    break
                s.step()
                new = s.story[before:]
        assert s.over, f"{sid} {path}: not over"
        totals = Replay(s).totals()
        ends = [t for t in s.story if t in says and says[t].kind == "end"]
        checked += _check(s, ends + [s.status()], totals, f"{sid} {path} end")
        card_words = [t for t in s.story if t in says and says[t].kind == "card"]
        assert not any(stated(t, s.names(), s.seat) != ({}, []) for t in card_words), \
            f"{sid}: a card's reaction states points before the trick is over"
    if scene.puzzle.game == "trix" and scene.puzzle.target.kind == "penalty":
        assert checked, f"{sid}: the end states no points"


def test_a_trix_scene_ends_with_the_points_it_cost():
    """Trix 3: the A♠ takes the Q♠ and then the 3♠ lead takes the Q♦ too: the end says
    −50 and both queens (it said "You scored −50" after explaining only −25)."""
    s = GuidedSession(SCENES["trix-03-under"])
    s.advance()
    s.play("AS")
    s.play("3S")
    assert s.over and s.status().endswith("You took the Q♠ and the Q♦: −50 points.")
    assert "−25" not in " ".join(s.story[-1:])


def test_the_complex_scene_says_who_took_the_king():
    """Trix 8: the K♥ thrown on the first trick goes to that trick's winner, and the end
    says who that is."""
    s = GuidedSession(SCENES["trix-08-complex"])
    s.advance()
    s.play("KH")
    winner = Replay(s).tricks[0][1]
    assert not s.over
    while not s.over:
        s.play(s.legal()[0])
    assert f"{s.names()[winner]} took the K♥" in s.status()


NUMBER = re.compile(r"[−+]?\d+")


@pytest.mark.parametrize("qid", sorted(q for q, v in questions().items()
                                       if v.kind in ("score", "points", "hand_size")))
def test_a_quiz_explanation_states_the_engines_answer(qid):
    """A number question's answer comes from the engine; its explanation, written by
    hand, must reach the same number."""
    q = questions()[qid]
    said = {_value(n) for n in NUMBER.findall(q.why)}
    assert _value(q.choices[q.answer]) in said, (q.choices[q.answer], q.why)
