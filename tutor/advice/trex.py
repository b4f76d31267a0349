"""The Trex advice: which card to add to the layout (or the pass), by the places each
option's layouts end in when every seat lays out by the play-outs' Trex card
(:func:`tutor.search.policy.trex_shrewd_card`).

>>> from tutor import TrixGame
>>> from tutor.advice import advise
>>> from tutor.engine.trix.contracts import Contract
>>> from tutor.engine.actions import ChooseContract
>>> g = TrixGame.new(seed=2)
>>> g.apply(ChooseContract(Contract.TREX))
>>> while g.phase.value == "double":
...     g.apply(g.legal_actions()[-1])
>>> advise(g, budget=20).kind  # alone: the place, 1 = first out
'place'
"""

from __future__ import annotations

from tutor.advice.answer import Advice, Option, ranked, signed_points, sure_of, ways
from tutor.advice.trix import add_facts, layouts_for, side_of
from tutor.engine.actions import Action, Pass, Play
from tutor.engine.facts import number_words
from tutor.engine.i18n import gettext as _
from tutor.engine.masks import trex_place
from tutor.engine.seats import seat_name
from tutor.engine.trix.contracts import TREX_POINTS
from tutor.search import policy

__all__ = ["trex_advice", "trex_rows"]


def trex_rows(game) -> tuple[list[int], list[int]]:
    """The layout's rows as the masks keep them: lowest and highest rank index per suit."""
    low, high = [-1] * 4, [-1] * 4
    for s, row in enumerate(game.layout.rows):
        if row is not None:
            low[s], high[s] = row[0] - 2, row[1] - 2
    return low, high


def _place_text(place: float, pts: float, team: bool, seat: int) -> str:
    """An option's line: the place it finishes the seat in, and the points expected (for
    the team, with the partner by the table's name, in partnership)."""
    if team:
        return _("finishes you in place {place} on average · {points} points expected for "
                 "your team (with {partner})").format(
            place=number_words(place), points=signed_points(pts, 0),
            partner=seat_name((seat + 2) % 4, 4, "trix"))
    return _("finishes you in place {place} on average · {points} points expected").format(
        place=number_words(place), points=signed_points(pts, 0))


def trex_advice(game, seat: int, legal: list[Action], work: int, rng_seed: str) -> Advice:
    """A Trex card or pass: the layout played out after each, every seat going out as
    soon as it can; the expected place (or a team's points)."""
    samples = max(2, work // ways(len(legal)))
    layouts = layouts_for(game, seat, samples, rng_seed)
    low0, high0 = trex_rows(game)
    side = side_of(game, seat)
    places = [0.0] * len(legal)
    points = [0.0] * len(legal)
    per_place: dict[str, list[float]] = {str(a): [] for a in legal}
    per_points: dict[str, list[float]] = {str(a): [] for a in legal}
    features: dict[str, dict[str, list[float]]] = {str(a): {} for a in legal}
    for hands in layouts:
        masks = [h.mask for h in hands]
        for k, a in enumerate(legal):
            m, low, high, out = list(masks), list(low0), list(high0), list(game.out)
            if isinstance(a, Play):
                c = a.card.index
                m[seat] &= ~(1 << c)
                trex_place(low, high, c)
                if not m[seat]:
                    out.append(seat)
            if len(out) == 3:
                out.append(next(x for x in range(4) if x not in out))
            else:
                turn = (seat + 1) % 4
                while turn in out:
                    turn = (turn + 1) % 4
                policy.trex_rollout(m, low, high, out, turn)
            places[k] += out.index(seat) + 1
            pts = sum(TREX_POINTS[out.index(s)] for s in side)
            points[k] += pts
            per_place[str(a)].append(out.index(seat) + 1)
            add_facts(features[str(a)], {"place": out.index(seat) + 1,
                                         "out_first": 1 if out[0] == seat else 0,
                                         "team_place": sum(out.index(s) + 1 for s in side)})
            per_points[str(a)].append(-pts if game.rules.reversed_signs else pts)
    done = len(layouts)
    team = len(side) == 2
    sign = -1 if game.rules.reversed_signs else 1
    options = []
    for k, a in enumerate(legal):
        place, pts = places[k] / done, sign * points[k] / done
        text = _place_text(place, pts, team, seat)
        if isinstance(a, Pass):
            # Translators: {text} is "finishes you in place 2.1 on average · ...".
            text = _("no card of yours fits the layout · {text}").format(
                text=text)
        options.append(Option(a, pts if team else place, text))
    short = {str(a): _("place {place} · {points} points").format(
                 place=number_words(places[k] / done),
                 points=signed_points(sign * points[k] / done, 0))
             for k, a in enumerate(legal)}
    if team:
        options = ranked(options, sign > 0)
        return Advice(seat=seat, kind="points", options=options,
                      samples=done, seconds=0.0, rollouts=done * len(legal), short=short,
                      sure=sure_of(options, per_points, sign > 0), per=per_points,
                      features=features)
    options = ranked(options, higher_is_better=False)
    return Advice(seat=seat, kind="place", options=options,
                  samples=done, seconds=0.0, rollouts=done * len(legal), short=short,
                  sure=sure_of(options, per_place, False), per=per_place, features=features)


