"""Trex's play-out rule: the shrewd card against the beginner's, printed as one table.

    python benchmarks/trex_policy.py [--deals 4000] [--advice-deals 0] [--level intermediate]
        [--first-deal 0] [--seed 0]

The advice plays every Trex layout out with one rule for every seat
(:func:`tutor.search.policy.trex_rollout`): :func:`~tutor.search.policy.trex_shrewd_card`,
where it used the beginner's :func:`~tutor.search.policy.trex_card` (the weights came from
a hill climb on this self-play; this table measures them). Each row plays seeded random
deals twice, the two rules (or the advice with each) at opposite seats, (0, 2) against
(1, 3), then with the seats swapped, the owner (who lays out first) the same both times.
A row's number is points a seat a deal (Trex: +200 first out, +150, +100, +50), the first
rule's seats less the second's, averaged over both plays; 95% interval over the deals.

- ``rule``: the two rules alone, on the masks (thousands of deals a second).
- ``advice`` (with ``--advice-deals``): the search bots of ``--level`` at Trix's Trex
  deals in the engine, one side's play-outs by each rule (a decision's work is a count of
  play-outs, so both sides do the same work). The expert takes about 15 s a deal.

The anchors, in the same run: each rule against a seat laying out a random legal card
(how large a rule's edge can be).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.bots import bot_for  # noqa: E402
from tutor.engine.actions import ChooseContract  # noqa: E402
from tutor.engine.cards import deal  # noqa: E402
from tutor.engine.masks import bits, trex_place, trex_playable  # noqa: E402
from tutor.engine.protocol import Phase  # noqa: E402
from tutor.engine.trix.contracts import TREX_POINTS, Contract  # noqa: E402
from tutor.engine.trix.game import TrixGame, may_claim_trex_redeal  # noqa: E402
from tutor.search import policy  # noqa: E402

BEGINNER = policy.trex_card
SHREWD = policy.trex_shrewd_card


def random_card(seed: int):
    """A seat that lays out a random legal card (an anchor)."""
    rng = random.Random(seed)
    return lambda hand, playable: rng.choice(bits(playable))


def trex_deal(rng: random.Random) -> list:
    """Four hands of a deal nobody may claim a redeal on (RULES.md A4)."""
    while True:
        hands = deal(4, 13, 0, rng).hands
        if not any(may_claim_trex_redeal(h) for h in hands):
            return hands


def lay_out(hands: list[int], owner: int, rules: list) -> list[int]:
    """Each seat's Trex points when seat ``s`` lays out by ``rules[s]``."""
    hands, low, high, out = list(hands), [-1] * 4, [-1] * 4, []
    turn = owner
    while len(out) < 3:
        p = trex_playable(hands[turn], low, high)
        if p:
            c = rules[turn](hands[turn], p)
            hands[turn] &= ~(1 << c)
            trex_place(low, high, c)
            if not hands[turn]:
                out.append(turn)
        turn = (turn + 1) % 4
        while turn in out:
            turn = (turn + 1) % 4
    out.append(next(s for s in range(4) if s not in out))
    return [TREX_POINTS[out.index(s)] for s in range(4)]


def duplicated(play, deals: int, first: int) -> list[float]:
    """Per deal: the first side's points a seat less the second's, over both plays
    (``play(deal_no, first_side_seats)`` returns the four seats' points)."""
    out = []
    for d in range(first, first + deals):
        diff = 0.0
        for ours in ((0, 2), (1, 3)):
            pts = play(d, ours)
            diff += sum(pts[s] for s in ours) - sum(pts[s] for s in range(4) if s not in ours)
        out.append(diff / 4)  # two plays, two seats a side
    return out


def rule_row(first_rule, second_rule, deals: int, first: int, seed):
    def play(d, ours):
        rng = random.Random(f"{seed}/trex-rule/{d}")
        hands = [h.mask for h in trex_deal(rng)]
        owner = rng.randrange(4)
        return lay_out(hands, owner, [first_rule if s in ours else second_rule
                                      for s in range(4)])
    return duplicated(play, deals, first)


class _WithRule:
    """A search bot whose advice plays its layouts out by ``rule`` (put back after each
    decision, so the other side's bots keep theirs)."""

    def __init__(self, bot, rule) -> None:
        self.bot, self.rule = bot, rule

    def act(self, obs):
        policy.trex_shrewd_card = self.rule
        policy.keep_plain(True)  # the compiled play-out knows only the shrewd card
        try:
            return self.bot.act(obs)
        finally:
            policy.trex_shrewd_card = SHREWD
            policy.keep_plain(False)


def advice_row(level: str, deals: int, first: int, seed):
    def play(d, ours):
        rng = random.Random(f"{seed}/trex-advice/{d}")
        owner = d % 4
        game = TrixGame.new(seed=d, deals=[trex_deal(rng)], dealer=owner, owner=owner)
        game.apply(ChooseContract(Contract.TREX), owner)
        bots = [_WithRule(bot_for("trix", level, seed=random.Random(f"{seed}/{d}/{s}")
                                  .randrange(2**31)),
                          SHREWD if s in ours else BEGINNER) for s in range(4)]
        while game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            s = game.to_move
            game.apply(bots[s].act(game.observation(s)), s)
        return list(game.sheet[-1]["points"])
    return duplicated(play, deals, first)


def line(label: str, diffs: list[float], seconds: float) -> str:
    m = statistics.mean(diffs)
    h = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return (f"{label:<60} {len(diffs):>6} {m:>+9.2f} [{m - h:>+7.2f}, {m + h:>+7.2f}] "
            f"{seconds:>8.1f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4000, help="deals of the rule rows")
    ap.add_argument("--advice-deals", type=int, default=0,
                    help="deals of the advice row (0: none; the expert takes ~15 s a deal)")
    ap.add_argument("--level", default="intermediate", choices=("intermediate", "expert"))
    ap.add_argument("--first-deal", type=int, default=0)
    ap.add_argument("--seed", default="0")
    args = ap.parse_args(argv)
    if args.deals < 2 or args.advice_deals < 0:
        ap.error("--deals must be at least 2 and --advice-deals at least 0")
    print(f"{'row (first against second)':<60} {'deals':>6} {'a seat':>9} {'95% CI':>18} "
          f"{'seconds':>8}")
    print("# points a seat a deal, the first side's less the second's; duplicated deals")
    rows = [("rule: beginner's against random (anchor)", BEGINNER, random_card(1)),
            ("rule: shrewd against random (anchor)", SHREWD, random_card(1)),
            ("rule: shrewd against beginner's", SHREWD, BEGINNER)]
    for label, a, b in rows:
        start = time.perf_counter()
        diffs = rule_row(a, b, args.deals, args.first_deal, args.seed)
        print(line(label, diffs, time.perf_counter() - start), flush=True)
    if args.advice_deals:
        start = time.perf_counter()
        diffs = advice_row(args.level, args.advice_deals, args.first_deal, args.seed)
        print(line(f"advice ({args.level}): shrewd against beginner's play-outs", diffs,
                   time.perf_counter() - start), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
