"""How players bid, read from arena (afc)'s kept runs: the law the search reads the other
seats' bids by (``tutor.search.tree.fitted_bid``), fitted here, and how well each law
foretells bids it was not fitted on.

    python benchmarks/bid_law.py [--fit 300-699] [--test 700-1099] [--holders K] [SAVE ...]

Every bid of the saves (``benchmarks/saves/afc-tree-*``: our expert's and the fair C++
bot's, each deal played twice with the seats swapped) is replayed with the seat's hand, the
turned trump, its place in the bidding and the bids said before it. The fitted law is the
least-squares line on :func:`tutor.search.tree.bid_features` over the ``--fit`` deals, its
spread a line in the hand size through each size's spread of errors. The table compares,
on the ``--test`` deals, the count's law (``likely_bid``, the product's default), the
``tightbids`` variant's law and the fitted law with its weights as the product rounds
them: the mean and spread of the errors (bid less the law's mean) and the mean
log-likelihood of each bid under the law made discrete over the bids 0 to the hand's size.

``--holders K``: what the search does with a law. At the first card of every K-th test deal
(the first play), the seat to lead draws 2,000 layouts as the search does and draws them
again by the bids (``tree.told_by_bids``) under each law; for each card another seat holds,
the share of the layouts that give it to its real holder scores the law (the mean log of
that share, a card at a time, 0.5 added to count and 1.5 to total; higher is better), and
how many of the layouts are distinct. Over the layouts not drawn again, each law's gain.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import openspiel_arena as arena  # noqa: E402

from tutor.search.tree import BID_SPREAD  # noqa: E402

from tutor.engine.actions import Bid  # noqa: E402
from tutor.engine.protocol import Phase  # noqa: E402
from tutor.search import tree  # noqa: E402

# The runs the law was fitted (300-699) and tested (700-1099) on; later runs stay out, so
# the figures arena-results.md states stay these.
SAVES = [str(Path(__file__).parent / "saves" / f"afc-tree-{deals}.jsonl.gz")
         for deals in ("300-899", "900-1099")]


def bids_of(results, seed="0") -> list[dict]:
    """Each bid of arena (afc)'s plays (dealt from ``seed``, the runs' ``--seed``): the
    deal, who bid (``ours``), the hand (``mask``), the size, trump, place and the bids said
    before, and the hand's count."""
    rows = []
    for r in results:
        if r.arena != "afc":
            continue
        size = int(r.label)
        dealer, cards = arena.oh_hell_setup(seed, r.deal, size)
        for p in r.plays:
            if p.history and p.history[1:3 + 4 * size] != [dealer, *cards]:
                raise ValueError(f"deal {r.deal} was not dealt from seed {seed!r}")
            _game, state = arena.new_oh_hell(size, dealer, cards)
            mirror = arena.mirror_of(state, size, dealer, cards)
            place, before = 0, 0
            while mirror.phase == Phase.BID:
                s = mirror.to_move
                mask, trump = mirror.observation(s).hand.mask, int(mirror.trump)
                rows.append({"deal": r.deal, "ours": s in p.ours, "mask": mask, "size": size,
                             "trump": trump, "place": place, "before": before,
                             "bid": p.bids[s],
                             "count": tree.estimate_mask(mask, size, trump, 4, 0)})
                arena.apply_both(state, mirror, arena.os_action(Bid(p.bids[s])))
                place, before = place + 1, before + p.bids[s]
    return rows


def _features(r: dict) -> tuple:
    return tree.bid_features(r["mask"], r["size"], r["trump"], 4, r["count"], r["place"],
                             r["before"])


def fit(rows: list[dict]) -> tuple[list[float], tuple[float, float]]:
    """The least-squares weights of :func:`tutor.search.tree.bid_features` for the bids
    of ``rows``, and the spread's line (a + b * size) through each size's spread."""
    x = np.array([_features(r) for r in rows], float)
    y = np.array([r["bid"] for r in rows], float)
    weights = np.linalg.lstsq(x, y, rcond=None)[0]
    errors = y - x @ weights
    sizes = sorted({r["size"] for r in rows})
    spreads = [float(np.std([e for e, r in zip(errors, rows) if r["size"] == n]))
               for n in sizes]
    b, a = np.polyfit(sizes, spreads, 1)
    return [float(w) for w in weights], (float(a), float(b))


def laws(weights=None, spread=None) -> dict:
    """The laws compared, by name: each (row) -> (mean, spread)."""
    out = {
        "count (the default)": lambda r: (r["count"] - 0.6 + 0.065 * r["size"],
                                          0.3 + 0.07 * r["size"]),
        "tightbids": lambda r: arena.tight_bid(r["mask"], r["size"], r["trump"], 4),
        "fitted (the product's)": lambda r: tree.fitted_bid(
            r["mask"], r["size"], r["trump"], 4, r["count"], r["place"], r["before"]),
    }
    if weights is not None:
        out["refitted here"] = lambda r: (float(np.dot(_features(r), weights)),
                                          spread[0] + spread[1] * r["size"])
    return out


def measure(rows: list[dict], law) -> tuple[float, float, float]:
    """The mean and spread of the errors of ``law`` on ``rows`` and the mean
    log-likelihood of their bids under it, discrete over 0 to the hand's size."""
    errors, logs = [], []
    for r in rows:
        mean, spread = law(r)
        errors.append(r["bid"] - mean)
        weights = [math.exp(-(b - mean) ** 2 / (2 * spread * spread))
                   for b in range(r["size"] + 1)]
        logs.append(math.log(max(weights[r["bid"]], 1e-300) / sum(weights)))
    return statistics.fmean(errors), statistics.pstdev(errors), statistics.fmean(logs)


SETTINGS = {"count (the default)": (False, BID_SPREAD), "fitted": (True, BID_SPREAD),
            "fitted mean, the count's spread": (True, (0.3, 0.07))}
"""The laws ``--holders`` compares: (``tree.BIDS_FITTED``, ``tree.BID_SPREAD``)."""


def holders(results, deals: range, every: int, seed="0", layouts: int = 2000) -> str:
    """The ``--holders`` table: for each law of :data:`SETTINGS`, how well the layouts
    drawn by the bids at the first card place the other seats' cards."""
    gains = {name: [] for name in SETTINGS}
    distinct = {name: [] for name in SETTINGS}
    kept = tree.BIDS_FITTED, tree.BID_SPREAD
    try:
        for r in [r for r in results if r.arena == "afc" and r.deal in deals][::every]:
            seen, truth = _first_card(r, seed)
            drawn = tree.sample(tree.view_of(seen, seen.seat), layouts,
                                arena.random.Random(r.deal))
            plain = _placed(drawn, seen.seat, truth)
            for name, (fitted, spread) in SETTINGS.items():
                tree.BIDS_FITTED, tree.BID_SPREAD = fitted, spread
                told = tree.told_by_bids(seen, tree._root(seen), drawn, arena.random.Random(1))
                gains[name].append(_placed(told, seen.seat, truth) - plain)
                distinct[name].append(len({tuple(h.mask for h in t) for t in told}))
    finally:
        tree.BIDS_FITTED, tree.BID_SPREAD = kept
    n = len(next(iter(gains.values())))
    first = next(iter(gains.values()))
    lines = [f"the other seats' cards placed by {layouts} layouts at the first card, "
             f"{n} deals (one in {every} of {deals.start}-{deals.stop - 1}):",
             f"{'law':32} {'gain a card (nats)':>26} {'over the first law':>26} "
             f"{'distinct':>8}"]
    for name in SETTINGS:
        g = gains[name]
        over = [a - b for a, b in zip(g, first)]
        lines.append(f"{name:32} {_interval(g):>26} {_interval(over):>26} "
                     f"{statistics.median(distinct[name]):8.0f}")
    return "\n".join(lines)


def _interval(values: list[float]) -> str:
    """The mean and its 95% interval (normal)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0
    return f"{mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}]"


def _first_card(r, seed):
    """The view of the seat to lead the first trick of ``r``'s first play, and the hands."""
    size = int(r.label)
    dealer, cards = arena.oh_hell_setup(seed, r.deal, size)
    _game, state = arena.new_oh_hell(size, dealer, cards)
    mirror = arena.mirror_of(state, size, dealer, cards)
    while mirror.phase == Phase.BID:
        arena.apply_both(state, mirror, arena.os_action(Bid(r.plays[0].bids[mirror.to_move])))
    return mirror.observation(mirror.to_move), [h.mask for h in mirror.hands]


def _placed(layouts, seat: int, truth: list[int]) -> float:
    """The mean log share of ``layouts`` that give each card of the other seats' to its
    real holder."""
    logs = []
    for holder, hand in enumerate(truth):
        if holder == seat:
            continue
        for c in range(52):
            if hand >> c & 1:
                n = sum(t[holder].mask >> c & 1 for t in layouts)
                logs.append(math.log((n + 0.5) / (len(layouts) + 1.5)))
    return statistics.fmean(logs)


def _span(text: str) -> range:
    low, high = (int(x) for x in text.split("-"))
    return range(low, high + 1)


def report(rows: list[dict], fit_deals: range, test_deals: range) -> str:
    """The table: each law on the test deals, all bids and each side's."""
    weights, spread = fit([r for r in rows if r["deal"] in fit_deals])
    test = [r for r in rows if r["deal"] in test_deals]
    lines = [f"fitted on {sum(r['deal'] in fit_deals for r in rows)} bids of deals "
             f"{fit_deals.start}-{fit_deals.stop - 1}; tested on {len(test)} of deals "
             f"{test_deals.start}-{test_deals.stop - 1}",
             f"{'law':24} {'bids':>10} {'N':>5} {'error':>7} {'spread':>7} {'log-lik':>8}"]
    for name, law in laws(weights, spread).items():
        for side, part in (("all", test), ("our expert", [r for r in test if r["ours"]]),
                           ("OpenSpiel", [r for r in test if not r["ours"]])):
            mean, sd, ll = measure(part, law)
            lines.append(f"{name:24} {side:>10} {len(part):5} {mean:+7.2f} {sd:7.2f} {ll:8.3f}")
    names = ("1", "count", "count*size/12", "size", "trumps", "trump A", "trump K",
             "trump Q", "trump J", "aces", "kings", "queens", "voids*trumps",
             "singles*trumps", "last bidder", "bids before over share")
    lines.append("weights refitted (the product's):")
    lines += [f"  {n:24} {w:+.3f} ({p:+.3f})"
              for n, w, p in zip(names, weights, tree.BID_WEIGHTS)]
    lines.append(f"  spread {spread[0]:.3f} + {spread[1]:.4f} * size "
                 f"({tree.BID_SPREAD[0]} + {tree.BID_SPREAD[1]} * size)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("saves", nargs="*", default=SAVES)
    ap.add_argument("--fit", default="300-699", help="the deals fitted on")
    ap.add_argument("--test", default="700-1099", help="the deals the laws are tested on")
    ap.add_argument("--seed", default="0", help="the runs' --seed, which dealt the cards")
    ap.add_argument("--holders", type=int, default=0, metavar="K",
                    help="also place the hidden cards by each law, every K-th test deal")
    args = ap.parse_args(argv)
    results = arena.load(args.saves)
    print(report(bids_of(results, args.seed), _span(args.fit), _span(args.test)))
    if args.holders:
        print(holders(results, _span(args.test), args.holders, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
