"""The Trixter advice: trump, bid or card, by the information-set tree search.

>>> from tutor import TrixterGame
>>> from tutor.advice import advise
>>> g = TrixterGame.new(players=4, seed=3, first_hand=3)
>>> advise(g, budget=30).kind  # the dealer's trump: points expected
'points'
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

from tutor.advice.answer import AHEAD, TOLERANCE, Advice, Option, percent, ranked, signed_points
from tutor.engine.actions import Action, Bid, ChooseTrump, Play
from tutor.engine.i18n import gettext as _
from tutor.engine.protocol import Phase
from tutor.search import tree as tree_search
from tutor.search.last_tricks import exact_rollout
from tutor.search.policy import erring_rollout, misses_pay

__all__ = ["trixter_advice", "MARGIN_FIRST", "HALVING", "OTHERS_ERR", "WORLDS", "WORLDS_FROM",
           "BY_WORLD", "BLEND",
           "margin_first", "by_margin"]

MARGIN_FIRST = True
"""Among the choices about equal in points to the best (less than :data:`TOLERANCE`'s
point apart), put first the one that leaves the seat furthest ahead of the others (its
score less the mean of theirs): a game is won against the table, and that is how to
choose between equal choices (issue 27: +0.35 a hand [−0.04, +0.74] against OpenSpiel's
ISMCTS over 300 deals, ``benchmarks/arena-results.md``). ``False`` (the arenas' variant
``own``): own points alone, as before."""

HALVING = False
"""``True`` (the arenas' variant ``halving``): the computer players (``against_table``)
choose at the root of each tree by sequential halving on shared layouts
(:func:`tutor.search.tree.search`'s ``halving``) and take the choice left standing, the
work going to the choices still in doubt. Off: against OpenSpiel's tuned ISMCTS (arena
af) it measured +0.05 a hand deal by deal over 300 deals [−0.36, +0.47]
(``benchmarks/arena-results.md``), so the computer players keep the hint's root, UCB1."""


OTHERS_ERR = 0
"""How often, per mille, the computer players (``against_table``) expect each other seat
to err in their play-outs: a legal card at random instead of the rule's (0: never, the
rule at every seat, as a learner's hint always has it). Measured and left at 0: at 500,
the expert was +0.16 a hand deal by deal against OpenSpiel's tuned ISMCTS (which plays
the rule's card 45% of the time where chance gives 34%) over 400 deals, within the
noise, and the intermediate lost 0.75 a hand against beginners, who play the rule
(``benchmarks/arena-results.md``, "Players who err")."""


WORLDS = 0
"""The computer players' cards (``against_table``) by perfect-information Monte Carlo on
up to this many layouts, each searched alone (:func:`tutor.search.tree.search_worlds`), as
many as give each at least two iterations a card, where the work is
:data:`WORLDS_FROM` or more; 0: by the one tree over every layout, as a learner's hint
always is (a hint's chances must be the seat's, not those of a seat that sees the cards).
Left at 0: at 100, deal by deal over the one tree, about +0.07 a hand [−0.17, +0.32]
against OpenSpiel's fair C++ ISMCTS over 900 deals, +0.17 against beginners (12 deal
sets), −0.42 in arena (b) (200 deals; −1.12 at 9-12 cards): within the noise each, and
not the same way in each. Taking it only where a missed bid scores its tricks needed,
by a rule set before deals 500-699, the interval over deals 0-699 above 0; it was not:
+0.19 [−0.07, +0.46] (``benchmarks/arena-results.md``, "PIMC against players of the rule
and in arena (b)", "Arena (afc) on deals 500-699")."""

BY_WORLD = 0
"""The computer players' cards (``against_table``, work :data:`WORLDS_FROM` or more, with
:data:`WORLDS` 0) by the one tree over this many layouts, the other seats choosing their
cards in each layout by its own statistics (:func:`tutor.search.tree.search`'s
``by_world``); 0: off, the others' choices shared by every layout."""

BLEND = 0
"""The computer players' cards (``against_table``, work :data:`WORLDS_FROM` or more, with
:data:`WORLDS` 0) by the one tree and by perfect-information Monte Carlo on up to this
many layouts together, each with half the work, a card's margin the mean of the two
searches' (:func:`blend`): the tree's others play blind to their hands and PIMC's seat
sees the others', two errors of different kinds, which a mean of the two might cancel.
Off (0): at 100, by a rule set before the run (its interval over the one tree above 0),
it measured −0.20 a hand [−0.49, +0.08] deal by deal over the tree and −0.17 over PIMC
alone, against OpenSpiel's fair C++ ISMCTS over 600 deals
(``benchmarks/arena-results.md``, "The one tree and PIMC together")."""

WORLDS_FROM = 1000
"""The least work (play-outs) a card decision searches world by world (:data:`WORLDS`):
the expert's, never the intermediate's (a twentieth of it), whose worlds would each get a
handful of play-outs."""


def _play_out(seen, against_table: bool, seed: str):
    """The trees' play-out for the seat of ``seen``: the rule at every seat, or for the
    computer players the others erring :data:`OTHERS_ERR` times in a thousand (drawn from
    ``seed`` and the decision's public facts). Where a missed bid scores its tricks
    (:func:`tutor.search.policy.misses_pay`), a seat past its bid takes what it can."""
    greedy = misses_pay(seen.rules)
    if not against_table or not OTHERS_ERR:
        return partial(exact_rollout, greedy=True) if greedy else exact_rollout
    rng = random.Random(f"{seed}/err/{seen.hand_number}/{len(seen.history)}")
    return erring_rollout(seen.seat, OTHERS_ERR, rng, greedy)


def trixter_advice(game, seat: int, legal: list[Action], work: int, rng_seed: str,
                   against_table: bool = False) -> Advice:
    """Trump, bid or card: an information-set tree search over layouts
    (:func:`tutor.search.tree.search`, informed: its play-outs are the beginner's strategy,
    :func:`tutor.search.policy.trixter_rollout`, passed in as its ``rollout``).
    One tree holds every seat's moves, so the seat's choice is weighed against the
    others' best answers, not against a fixed policy; each option's numbers are the
    results of the iterations through it. Each trump gets a tree of its own, the budget
    shared, and is valued by the bid that tree tried most (:func:`_by_trump`). A dealer
    who may still change the trump while bidding gets the very trees of the trump choice
    (grown from what the dealer knows, not from the caller's seed): the bids are those of
    the trump named's tree, so the advice does not turn round on a change of trump it
    advised against.

    ``against_table`` (the computer players): every seat in the trees plays to win the game,
    rewarded by its score less the mean of the others', and the options are ranked by that
    margin (:func:`by_margin`); their numbers are still the seat's own."""
    obs = game.observation(seat)
    phase = obs.phase
    rules = game.rules
    fresh = Bid if phase == Phase.BID else (Play if phase == Phase.PLAY else ChooseTrump)
    results, firsts, margins, done, layouts = _iterations(game, obs, legal, work, rng_seed,
                                                          against_table)
    # Past its bid the seat's bid is lost whatever it plays: "0% of the time" on every card
    # says nothing, so only the points are given, and they rank the cards.
    lost = phase == Phase.PLAY and obs.bids[seat] is not None \
        and obs.tricks_won[seat] > obs.bids[seat]
    chance_kind = phase == Phase.PLAY and rules.scoring == "exact" and not lost
    options, per, short, features = [], {}, {}, {}
    for a in legal:
        if not isinstance(a, (fresh, ChooseTrump)) or not results.get(str(a)):
            continue
        got = results[str(a)]
        made = sum(b == k for b, k in got) / len(got)
        pts = [rules.score(b, k) for b, k in got]
        mean = sum(pts) / len(pts)
        if isinstance(a, ChooseTrump):  # the iterations of the bid its tree tried most
            text = _("you make your bid {percent} of the time · {points} points expected "
                     "(bidding {bid})").format(percent=percent(made),
                                               points=signed_points(mean), bid=got[0][0])
        elif lost:
            text = _("{points} points expected").format(points=signed_points(mean))
        else:
            text = _("makes your bid {percent} of the time · {points} points expected").format(
                percent=percent(made), points=signed_points(mean))
        short[str(a)] = (_("{points} points").format(points=signed_points(mean)) if lost else
                         _("{percent} · {points} points").format(percent=percent(made),
                                                                 points=signed_points(mean)))
        per[str(a)] = [float(b == k) for b, k in got] if chance_kind else pts
        features[str(a)] = _features(got, firsts[str(a)], margins[str(a)], seat)
        options.append(Option(a, made if chance_kind else mean, text))
    options = ranked(options)
    if against_table:
        options = by_margin(options, margins, HALVING)
    elif MARGIN_FIRST and not chance_kind:
        options = margin_first(options, margins)
    advice = Advice(seat=seat, kind="chance" if chance_kind else "points", options=options,
                    samples=layouts, seconds=0.0, rollouts=done, short=short, per=per,
                    paired=False, features=features)
    if len(options) > 1:
        advice.sure = advice.beats(str(options[0].action), str(options[1].action))
    best_bid = next((str(o.action) for o in options if isinstance(o.action, Bid)), None)
    if best_bid is not None:  # the chance of each trick count, bidding the best bid
        got = results[best_bid]
        advice.tricks = [sum(k == t for _b, k in got) / len(got)
                         for t in range(game.hand_size + 1)]
    return advice


def _iterations(game, obs, legal: list[Action], work: int, rng_seed: str, margin: bool):
    """The tree's iterations through each option (by its text): the seat's bid and tricks,
    who took the first trick after it, its margin over the others; how many were run, and
    on how many different layouts.
    A trump (named, or a change at the dealer's bid) is weighed by a tree of its own
    (:func:`_by_trump`); at the dealer's bid, the bids are those of the tree of the trump
    named, so that they and the other trumps are weighed alike."""
    changes = [a for a in legal if isinstance(a, ChooseTrump) and obs.phase == Phase.BID]
    if obs.phase != Phase.TRUMP and not changes:
        rollout = _play_out(obs, margin, rng_seed)
        table_card = margin and obs.phase == Phase.PLAY and work >= WORLDS_FROM
        if table_card and WORLDS:
            worlds = min(WORLDS, work // (2 * len(obs.legal)))
            r = tree_search.search_worlds(obs, work, f"{rng_seed}/0", worlds,
                                          rollout=rollout, margin=True)
        elif table_card and BLEND:
            half = work // 2
            r = blend(tree_search.search(obs, half, f"{rng_seed}/0", rollout=rollout,
                                         margin=True, halving=HALVING),
                      tree_search.search_worlds(obs, half, f"{rng_seed}/1",
                                                min(BLEND, half // (2 * len(obs.legal))),
                                                rollout=rollout, margin=True))
        else:
            r = tree_search.search(obs, max(work, 2 * len(obs.legal)), f"{rng_seed}/0",
                                   rollout=rollout, margin=margin, halving=margin and HALVING,
                                   by_world=BY_WORLD if table_card else 0)
        return dict(r.results), dict(r.firsts), dict(r.margins), r.iterations, r.layouts
    before = obs
    if changes:  # the view before the trump was named
        before = replace(obs, phase=Phase.TRUMP, trump=None, trump_named=False,
                         bids=(None,) * obs.n_players,
                         history=tuple(h for h in obs.history
                                       if not isinstance(h[1], ChooseTrump)),
                         legal=(*changes, ChooseTrump(game.trump)))
    return _by_trump(before, work, str(ChooseTrump(game.trump)) if changes else None, margin)


def _by_trump(before, work: int, named: str | None, margin: bool = False):
    """Each trump the dealer may name (``before``: the dealer's view before naming one),
    weighed by a tree of its own, the budget shared equally: the iterations through the
    bid that tree tried most (the dealer bidding well under that trump). For the trump
    ``named`` (at the dealer's bid), its tree's bids instead.
    One tree for every trump gave nearly all its iterations to the first trump that did
    well and judged the others by a few iterations of bids still being tried; and trees
    of different sizes do not compare (a bigger tree's opponents answer better). Each tree
    grows from what the dealer knows, not the caller's seed: the same trees when the trump
    is named and at the dealer's bid, so the advice stands by the trump it advised."""
    trumps = list(before.legal)
    dealer = before.dealer
    allowed = tree_search.allowed_bids(before.rules, before.hand_size, dealer,
                                       before.last_bidder, (None,) * before.n_players)
    bids = tuple(Bid(b) for b in range(before.hand_size + 1) if allowed >> b & 1)
    each = max(work // len(trumps), 2 * len(bids))
    results, firsts, margins, done, layouts = {}, {}, {}, 0, 0
    for t in sorted(trumps, key=str):
        view = replace(before, phase=Phase.BID, trump=t.suit, trump_named=True,
                       history=(*before.history, (dealer, t)), legal=bids)
        r = tree_search.search(view, each, f"advice/trump/{t}",
                               rollout=_play_out(before, margin, f"advice/trump/{t}"),
                               margin=margin, halving=margin and HALVING)
        done += r.iterations
        layouts += r.layouts
        if str(t) == named:
            results.update(r.results)
            firsts.update(r.firsts)
            margins.update(r.margins)
            continue
        most = str(r.moves[0][0])
        results[str(t)], firsts[str(t)] = r.results[most], r.firsts[most]
        margins[str(t)] = r.margins[most]
    return results, firsts, margins, done, layouts


def _features(got: list[tuple[int, int]], firsts: list[int], margins: list[float],
              seat: int) -> dict[str, list[float]]:
    """The facts of an option's iterations the reasons read (:mod:`tutor.advice.ideas`):
    ``trick`` 1 when the seat took the first trick closed after the choice (the trick in
    progress, or the one its card leads), ``made`` / ``over`` / ``under`` the bid made,
    overshot or missed, ``tricks`` the tricks taken, ``bid`` the bid played for, ``margin``
    the seat's score less the mean of the others' (what breaks ties, :func:`margin_first`)."""
    return {"trick": [float(w == seat) for w in firsts],
            "made": [float(b == k) for b, k in got],
            "over": [float(k > b) for b, k in got],
            "under": [float(k < b) for b, k in got],
            "tricks": [float(k) for _b, k in got],
            "bid": [float(b) for b, _k in got],
            "margin": list(margins)}


def margin_first(options: list[Option], margins: dict[str, list[float]]) -> list[Option]:
    """``options`` (ranked by points) with, among those less than a point below the best
    (:data:`TOLERANCE`), the one that leaves the seat furthest ahead of the others (its mean
    margin) put first, where it leads the best by points by :data:`AHEAD` at least: the gap
    the hint then says ("Q♠ leaves you 1.2 points further ahead"), so a lower number never
    comes first unexplained. The rest keep their order by points. A choice a point or more
    worse never comes first.

    >>> from tutor.engine.actions import parse_action as act
    >>> ops = [Option(act("KS"), 8.3, ""), Option(act("QS"), 7.6, ""), Option(act("2S"), 5.0, "")]
    >>> m = {"KS": [1.0, 2.0], "QS": [4.0, 3.0], "2S": [9.0, 9.0]}
    >>> [str(o.action) for o in margin_first(ops, m)]
    ['QS', 'KS', '2S']
    >>> m["QS"] = [1.52, 1.52]  # ahead by 0.02 point only: the points decide
    >>> [str(o.action) for o in margin_first(ops, m)]
    ['KS', 'QS', '2S']
    """
    if not options:
        return options
    top = options[0].value
    near = [o for o in options if top - o.value < TOLERANCE["points"]]
    if len(near) < 2:
        return options

    def margin(o: Option) -> float:
        got = margins.get(str(o.action)) or [0.0]
        return sum(got) / len(got)

    widest = max(near, key=margin)  # the first of equal margins: the most points
    if margin(widest) - margin(options[0]) < AHEAD:
        return options
    return [widest, *(o for o in options if o is not widest)]


def blend(tree: tree_search.SearchResult, worlds: tree_search.SearchResult
          ) -> tree_search.SearchResult:
    """The one tree's and PIMC's searches of one decision as one (:data:`BLEND`): each
    move's margin the mean of the two searches' mean margins (one entry each, so neither
    weighs more for running more iterations), its results and firsts both searches'. A move
    one search never tried keeps the other's margin alone."""
    def joined(a: dict, b: dict) -> dict:
        return {key: [*a.get(key, ()), *b.get(key, ())] for key in dict.fromkeys([*a, *b])}

    margins = {key: [sum(m) / len(m) for m in (tree.margins.get(key), worlds.margins.get(key))
                     if m] for key in dict.fromkeys([*tree.margins, *worlds.margins])}
    return tree_search.SearchResult(tree.moves, tree.iterations + worlds.iterations,
                                    joined(tree.results, worlds.results),
                                    joined(tree.firsts, worlds.firsts), margins,
                                    tree.layouts + worlds.layouts)


def by_margin(options: list[Option], margins: dict[str, list[float]],
              standing: bool = False) -> list[Option]:
    """``options`` ranked by their mean margin over the others (the seat's score less the
    mean of theirs), the widest first; equal margins keep their order. How the computer
    players choose: a game is won against the table, and they play to win it.
    ``standing`` (the root searched by sequential halving): the choices that lasted longer
    (more iterations) first, by margin among equals; one dropped early, on few layouts,
    never outranks the one left standing.

    >>> from tutor.engine.actions import parse_action as act
    >>> ops = [Option(act("KS"), 8.3, ""), Option(act("QS"), 6.0, ""), Option(act("2S"), 5.0, "")]
    >>> m = {"KS": [1.0, 2.0], "QS": [4.0, 3.0], "2S": [1.5, 1.5]}
    >>> [str(o.action) for o in by_margin(ops, m)]
    ['QS', 'KS', '2S']
    """
    def key(o: Option) -> tuple[int, float]:
        got = margins.get(str(o.action)) or [0.0]
        return (-len(got) if standing else 0), -round(sum(got) / len(got), 9)

    return sorted(options, key=key)
