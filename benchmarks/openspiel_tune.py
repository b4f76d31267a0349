"""Tuning the yardstick: OpenSpiel's IS-MCTS against itself, in each arena (issue 40).

    python benchmarks/openspiel_tune.py [--arena a|af|b|c] [--candidates SPEC...]
        [--baseline SPEC] [--deals N] [--first-deal K] [--seed tune0] [--sims 1000]
        [--sizes 3,4] [--save FILE [--resume]] | --load FILE...

The arenas of ``benchmarks/openspiel_arena.py`` measure our expert against OpenSpiel's
IS-MCTS: in (a) its C++ ``pyspiel.ISMCTSBot`` in OpenSpiel's own ``oh_hell``
(:func:`openspiel_arena.cpp_ismcts`), in (b) its Python ``ISMCTSBot`` in Trixter's default
rules and in (c) the same in a Trix deal of each contract (:class:`openspiel_arena.PyISMCTS`,
random roll-outs, worlds dealt from what the seat has seen); in (af), (a)'s ``oh_hell``
deals against the Python bot with fair worlds (:class:`openspiel_arena.FairISMCTS`, whose
final policy and worlds are fixed: ``--arena af`` tunes its constant). Before measuring against
it, this looks for its strongest setting at 1,000 simulations among:

- the UCT constant ``c`` on raw points. ``oh_hell`` returns a hand's points, 10 + tricks
  for a bid made, else the tricks, so 0 to 10 + n in a hand of n cards. Scaling the
  rewards to [0, 1] by the range R = 10 + n is the same search as the constant multiplied
  by R, so the grid 0.5 to 20 on raw points covers, on [0, 1], about 0.04 to 1.5 at 3
  cards (R = 13) and 0.02 to 0.9 at 12 cards (R = 22). Trixter's default scoring is 10 +
  tricks or -5 (R = 15 + n). In Trix (``--arena c``) the constant is in units of the
  contract's penalty (75 points in the King of Hearts, 25 a queen, 10 a diamond, 15 a
  trick, 50 a place in Trex), as the arena plays it;
- the final policy: ``visits`` (the most visited action, the arenas'), ``normalized`` (an
  action drawn in proportion to its visits, OpenSpiel's default), ``value`` (the best
  mean return);
- the worlds: ``all`` (``max_world_samples`` -1, a fresh world each simulation) or a
  fixed number drawn once a decision and reused, both OpenSpiel's own, which know the cards
  in play; or ``fairK``, K fair worlds a decision shown to the bot instead of the real state
  (arena afc's :class:`openspiel_arena.FairCpp`), which know only what the seat has seen.

A setting is written ``c=5,policy=value,worlds=100`` (each part optional; the defaults are
arena (a)'s: ``c=2,policy=visits,worlds=all``).

**The duplicated comparison.** Every calibration deal (``--seed``, disjoint from the
arena's deals, whose seed is ``0``; in (a) and (b) hand sizes cycling 3 to 12 by the
deal's number as in the arena, or ``--sizes``; in (c) the contracts in the arena's order,
King of Hearts first, named by the deal's owner, so a table's rows also give each
contract) is played once with the baseline at all four seats (the reference play), and for
each candidate four times, the candidate in seat 0, 1, 2, 3 in turn with the baseline in
the others, the same cards and dealer. A candidate's score on a deal is the mean over the
four seats of its points in that seat minus the baseline's points in the same seat of the
reference play (the same cards, the same three others); the table gives its mean over the
deals with a 95% t interval, the bids made by the candidate and by the baseline in the
same seats, and the median milliseconds a decision (decisions with a choice) of each. The
reference play is shared by all candidates, so the rows are compared on the same deals and
the same reference. OpenSpiel's C++ IS-MCTS does not repeat itself even seeded, so a run
of (a) repeats only in distribution; (b) and (c) repeat exactly.

Each play is appended to ``--save`` as a JSON line as soon as it is over; ``--resume``
skips the plays already there (the options must match), ``--load`` prints the table of
saved runs. The milliseconds depend on the machine's load.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import os
import platform
import shlex
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import openspiel_arena as oa  # noqa: E402

__all__ = ["Setting", "play_settings", "deal_plays", "run", "table", "load", "main"]

UCT_GRID = (0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 12.0, 20.0)
# Arena (c)'s constant is in units of the contract's penalty (75 for the King of Hearts,
# 10 a diamond...), so a deal's points span a few units: the grid is narrower.
TRIX_GRID = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


@dataclass(frozen=True)
class Setting:
    """One setting of the C++ ``ISMCTSBot`` (see :func:`openspiel_arena.cpp_ismcts`)."""

    uct_c: float = 2.0
    policy: str = "visits"
    worlds: int = -1
    sets: int = 0  # 0: OpenSpiel's own (leaky) worlds; else fair worlds, as FairCpp

    @classmethod
    def parse(cls, text: str) -> Setting:
        """``c=5,policy=value,worlds=100``; parts left out keep arena (a)'s defaults.

        >>> Setting.parse("c=5,worlds=100")
        Setting(uct_c=5.0, policy='visits', worlds=100, sets=0)
        >>> Setting.parse("policy=value").label
        'c=2,policy=value,worlds=all'
        >>> Setting.parse("c=8,worlds=fair4")
        Setting(uct_c=8.0, policy='visits', worlds=-1, sets=4)
        """
        out = cls()
        for part in filter(None, text.replace(" ", "").split(",")):
            key, _, value = part.partition("=")
            if key == "c":
                out = dataclasses.replace(out, uct_c=float(value))
            elif key == "policy" and value in oa.FINAL_POLICIES:
                out = dataclasses.replace(out, policy=value)
            elif key == "worlds" and value.startswith("fair") and value[4:].isdigit() \
                    and int(value[4:]) > 0:
                out = dataclasses.replace(out, worlds=-1, sets=int(value[4:]))
            elif key == "worlds" and (value == "all" or value.isdigit()):
                out = dataclasses.replace(out, worlds=-1 if value == "all" else int(value),
                                          sets=0)
            else:
                raise ValueError(f"not a setting: {part!r} (c=X, policy="
                                 f"{'|'.join(oa.FINAL_POLICIES)}, worlds=all|N|fairK)")
        if out.sets and out.policy != "visits":
            raise ValueError("fair worlds (FairCpp) play the most visited action only")
        return out

    @property
    def label(self) -> str:
        worlds = (f"fair{self.sets}" if self.sets else
                  "all" if self.worlds < 0 else str(self.worlds))
        return f"c={self.uct_c:g},policy={self.policy},worlds={worlds}"

    def bot(self, seed: int, eval_seed: int, sims: int):
        """Arena (a)'s C++ bot at this setting: on OpenSpiel's own worlds, or with
        ``worlds=fairK`` on K fair worlds a decision (arena afc's
        :class:`openspiel_arena.FairCpp`, which must then watch the hand)."""
        if self.sets:
            return oa.FairCpp(seed, eval_seed, sims, self.uct_c, self.sets)
        return oa.cpp_ismcts(seed, eval_seed, self.uct_c, sims, self.policy, self.worlds)

    def fair_bot(self, seed: int, sims: int):
        """Arena (af)'s Python bot with fair worlds at this setting: only the constant
        varies (it draws a fresh world a simulation and plays the most visited card)."""
        if (self.policy, self.worlds, self.sets) != ("visits", -1, 0):
            raise ValueError(f"arena af tunes the constant only, not {self.label}")
        return oa.FairISMCTS(seed, sims, self.uct_c)

    def pybot(self, seed: int, sims: int):
        """Arenas (b) and (c)'s Python bot at this setting (in Trix the constant is in
        units of the contract's penalty, :data:`openspiel_arena.CONTRACT_UNIT`)."""
        return oa.PyISMCTS(sims, self.uct_c, seed, self.policy, self.worlds)


def _bids_and_tricks(state) -> tuple[list[int], list[int]]:
    """The bids and the tricks won, from OpenSpiel's text of a finished ``oh_hell`` hand."""
    rows = {}
    for line in state.to_string().split("\n"):
        key, _, rest = line.partition(":")
        if key in ("Bids", "Tricks Won"):
            rows[key] = [int(x) for x in rest.split()]
    return rows["Bids"], rows["Tricks Won"]


def play_settings(deal_no: int, seed, settings: list[Setting], sims: int, tricks: int,
                  tag: str, fair: bool = False) -> dict:
    """One play of calibration deal ``deal_no`` (cards and dealer as arena (a) deals them
    from ``seed``) with ``settings[s]`` at seat ``s``; ``tag`` names the play in the bots'
    seeds. ``fair``: arena (af)'s Python bot with fair worlds
    (:class:`openspiel_arena.FairISMCTS`), its view kept by a mirror checked at every step,
    instead of (a)'s C++ bot. Returns the points, bids, tricks won and each seat's decision
    times."""
    dealer, cards = oa.oh_hell_setup(seed, deal_no, tricks)
    _, state = oa.new_oh_hell(tricks, dealer, cards)
    if fair:
        bots = [st.fair_bot(oa._seed(seed, "tune", deal_no, tag, s), sims)
                for s, st in enumerate(settings)]
    else:
        bots = [st.bot(oa._seed(seed, "tune", deal_no, tag, s),
                       oa._seed(seed, "tune-eval", deal_no, tag, s), sims)
                for s, st in enumerate(settings)]
    watching = [bot for bot in bots if isinstance(bot, oa.FairWorlds)]
    mirror = None
    if watching:  # fair worlds are dealt from the seat's view, which a mirror keeps
        mirror = oa.mirror_of(state, tricks, dealer, cards, seed=oa._seed(seed, "mirror", deal_no))
        for bot in watching:
            bot.watch(mirror, tricks, dealer, cards[-1])
    times: list[list[float]] = [[] for _ in settings]
    while not state.is_terminal():
        p = state.current_player()
        choice = len(state.legal_actions()) > 1
        action, dt = oa._timed(bots[p].step, state)
        if choice:
            times[p].append(round(dt, 5))
        if mirror is not None:
            oa.check_mirror(state, mirror)
            oa.apply_both(state, mirror, int(action))
        else:
            state.apply_action(int(action))
    if mirror is not None:
        oa.check_mirror(state, mirror)  # the mirror's points are OpenSpiel's
    bids, won = _bids_and_tricks(state)
    return {"points": list(state.returns()), "bids": bids, "won": won, "times": times}


def play_python_settings(game, deal_no: int, seed, settings: list[Setting], sims: int,
                         tag: str) -> list[list[float]]:
    """:func:`play_settings` for arenas (b) and (c): ``game`` (the arena's deal) played out
    by OpenSpiel's Python IS-MCTS, ``settings[s]`` at seat ``s``; each seat's decision
    times."""
    bots = [st.pybot(oa._seed(seed, "tune", deal_no, tag, s), sims)
            for s, st in enumerate(settings)]
    return [[round(t, 5) for t in ts] for ts in oa.play_game(game, bots)]


def contract_of(deal_no: int):
    """Arena (c)'s calibration deals cycle the five contracts by number."""
    return oa.CONTRACTS[deal_no % len(oa.CONTRACTS)]


def play_arena(arena: str, deal_no: int, opts: dict, settings: list[Setting], tag: str) -> dict:
    """One play of a calibration deal of ``arena`` with ``settings[s]`` at seat ``s``: in
    (b) one Trixter hand in the default rules, in (c) one Trix deal of
    :func:`contract_of`, named by its owner, dealt as the arena deals them from the seed."""
    seed, sims = opts["seed"], opts["sims"]
    if arena == "c":
        contract = contract_of(deal_no)
        game = oa.trix_hand(seed, deal_no, contract)
        times = play_python_settings(game, deal_no, seed, settings, sims, tag)
        return {"contract": contract.text, "points": list(game.sheet[-1]["points"]),
                "bids": None, "won": None, "times": times}
    size = oa.tricks_for(deal_no, sizes=opts.get("sizes"))
    if arena in ("a", "af"):
        return {"size": size, **play_settings(deal_no, seed, settings, sims, size, tag,
                                              fair=arena == "af")}
    game = oa.trixter_hand(seed, deal_no, size)
    times = play_python_settings(game, deal_no, seed, settings, sims, tag)
    row = game.sheet[-1]
    return {"size": size, "points": list(row["points"]), "bids": list(row["bids"]),
            "won": list(row["tricks"]), "times": times}


REFERENCE = "reference"  # the play with the baseline at every seat


def deal_plays(deal_no: int, candidates: list[Setting]) -> list[tuple[str, int | None]]:
    """The plays of one deal: the reference, then each candidate at seats 0 to 3."""
    return [(REFERENCE, None)] + [(c.label, s) for c in candidates for s in range(4)]


def run(candidates: list[Setting], opts: dict, deals: int, first: int = 0, done=(),
        on_play=None) -> list[dict]:
    """Every play of deals ``first`` .. ``first + deals - 1`` but those ``done``
    (``(deal, setting, seat)``), deal after deal; ``on_play(record)`` after each."""
    base = Setting.parse(opts["baseline"])
    out = []
    for deal_no in range(first, first + deals):
        for label, seat in deal_plays(deal_no, candidates):
            if (deal_no, label, seat) in done:
                continue
            settings = [base] * 4
            if seat is not None:
                settings[seat] = Setting.parse(label)
            tag = label if seat is None else f"{label}@{seat}"
            rec = {"deal": deal_no, "setting": label, "seat": seat,
                   **play_arena(opts.get("arena", "a"), deal_no, opts, settings, tag)}
            out.append(rec)
            if on_play:
                on_play(rec)
    return out


def save(rec: dict, path: str, opts: dict) -> None:
    with open(path, "a") as f:
        f.write(json.dumps({**rec, "opts": opts}) + "\n")


def load(paths: list[str]) -> tuple[list[dict], dict]:
    """The plays saved in ``paths`` (a play saved twice counts once) and their options,
    which must be the same in every file."""
    seen: dict[tuple, dict] = {}
    opts = None
    for path in paths:
        for line in Path(path).read_text().splitlines():
            rec = json.loads(line)
            o = rec.pop("opts")
            if opts is None:
                opts = o
            elif o != opts:
                raise ValueError(f"{path}: played with other options: {o} (not {opts})")
            seen[(rec["deal"], rec["setting"], rec["seat"])] = rec
    return list(seen.values()), opts or {}


def _made(rec: dict, seat: int) -> bool:
    return rec["bids"][seat] == rec["won"][seat]


def _made_pct(recs: list[tuple[dict, int]]) -> str:
    """Bids made by ``seat`` in each record, as a share; "-" in Trix (no bids)."""
    if not recs or recs[0][0]["bids"] is None:
        return "     -"
    return f"{100 * sum(_made(r, s) for r, s in recs) / len(recs):5.1f}%"


def _ms(times: list[float]) -> str:
    return f"{1000 * statistics.median(times):7.0f}" if times else "      -"


def _ci(est) -> str:
    return f"[{est.low:+6.2f}, {est.high:+6.2f}]" if est.low is not None else "-"


def table(records: list[dict], baseline: str) -> str:
    """A row per candidate, best first: the mean points a hand against the baseline in the
    same seat (95% t interval over the deals), bids made, median ms a decision."""
    refs = {r["deal"]: r for r in records if r["setting"] == REFERENCE}
    by: dict[str, dict[int, dict[int, dict]]] = {}
    for r in records:
        if r["setting"] != REFERENCE:
            by.setdefault(r["setting"], {}).setdefault(r["deal"], {})[r["seat"]] = r
    rows = []
    by_contract: dict[str, list] = {}
    for label, deals in by.items():
        full = sorted(d for d, seats in deals.items() if len(seats) == 4 and d in refs)
        if not full:
            continue
        diffs = [statistics.fmean(deals[d][s]["points"][s] - refs[d]["points"][s]
                                  for s in range(4)) for d in full]
        est = oa.mean_ci(diffs)
        made = _made_pct([(deals[d][s], s) for d in full for s in range(4)])
        ref_made = _made_pct([(refs[d], s) for d in full for s in range(4)])
        ms = [t for d in full for s in range(4) for t in deals[d][s]["times"][s]]
        ref_ms = [t for d in full for ts in refs[d]["times"] for t in ts]
        rows.append((est.mean, label, len(full), est, made, ref_made, ms, ref_ms))
        for contract in sorted({deals[d][0].get("contract") for d in full} - {None}):
            some = [x for d, x in zip(full, diffs) if deals[d][0]["contract"] == contract]
            by_contract.setdefault(label, []).append((contract, oa.mean_ci(some), len(some)))
    unit = "pts/deal" if by_contract else "pts/hand"
    head = (f"{'setting (against ' + baseline + ')':44} {'N':>4} {unit:>8} "
            f"{'95% CI':>16} {'bids':>6} {'base':>6} {'ms':>7} {'base ms':>7}")
    lines = [head, "-" * len(head)]
    for _, label, n, est, made, ref_made, ms, ref_ms in sorted(rows, key=lambda r: -r[0]):
        lines.append(f"{label:44} {n:4d} {est.mean:+8.2f} {_ci(est):>16} "
                     f"{made} {ref_made} {_ms(ms)} {_ms(ref_ms)}")
        for contract, e, k in by_contract.get(label, []):
            lines.append(f"{'  ' + contract:44} {k:4d} {e.mean:+8.2f} {_ci(e):>16}")
    lines.append("")
    lines.append("N: calibration deals; pts/hand (pts/deal in Trix, then each contract's "
                 "rows): the candidate's points minus the "
                 "baseline's in the same seat of the reference play (the same cards and "
                 "three baseline opponents), mean over the 4 seats and the N deals, 95% t "
                 "interval over the deals; bids/base: bids made by the candidate / by the "
                 "baseline in the same seats; ms: median per decision with a choice.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--arena", default="a", choices=["a", "af", "b", "c"],
                    help="whose IS-MCTS: a (C++, OpenSpiel's oh_hell, the default), af "
                         "(Python, oh_hell, fair worlds: the constant only), b "
                         "(Python, Trixter's default rules), c (Python, a Trix deal of each "
                         "contract in turn)")
    ap.add_argument("--candidates", nargs="+", metavar="SPEC", default=None,
                    help="settings to compare with the baseline, e.g. c=5 c=8,policy=value "
                         "(default: the UCT grid 0.5 to 20 but 2; in c, 0.25 to 8)")
    ap.add_argument("--baseline", default="c=2",
                    help="the setting in the other seats (default arena (a)'s, c=2)")
    ap.add_argument("--deals", type=int, default=20, help="calibration deals")
    ap.add_argument("--first-deal", type=int, default=0, help="the first deal's number")
    ap.add_argument("--seed", default="tune0",
                    help="the calibration deals' seed (not arena (a)'s 0)")
    ap.add_argument("--sims", type=int, default=1000, help="simulations a decision")
    ap.add_argument("--sizes", default=None,
                    help="hand sizes cycled by deal number, e.g. 3,7,12 (default 3 to 12)")
    ap.add_argument("--save", metavar="FILE", help="append each play to FILE (JSON lines)")
    ap.add_argument("--resume", action="store_true",
                    help="skip the plays already in the --save file")
    ap.add_argument("--load", metavar="FILE", nargs="+",
                    help="play nothing: the table of the plays saved in FILE(s)")
    ap.add_argument("--quiet", action="store_true", help="no line per deal")
    args = ap.parse_args(argv)
    if args.load:
        records, opts = load(args.load)
        print(f"OpenSpiel IS-MCTS tuning, arena ({opts.get('arena', 'a')}): "
              f"{len({r['deal'] for r in records})} deals from "
              f"{', '.join(args.load)}; seed {opts.get('seed')}, {opts.get('sims')} "
              f"simulations")
        print()
        print(table(records, opts.get("baseline", "")))
        return 0
    if str(args.seed) == "0":
        ap.error("seed 0 deals arena (a)'s measured deals: take another for calibration")
    grid = TRIX_GRID if args.arena == "c" else UCT_GRID
    candidates = [Setting.parse(c) for c in args.candidates or
                  [f"c={c:g}" for c in grid if c != 2.0]]
    opts = {"seed": args.seed, "sims": args.sims,
            "baseline": Setting.parse(args.baseline).label}
    if args.arena != "a":  # only then, so that arena (a)'s saved plays still load
        opts["arena"] = args.arena
    if args.sizes:
        opts["sizes"] = [int(x) for x in args.sizes.split(",")]
    done = set()
    records: list[dict] = []
    if args.resume and args.save and Path(args.save).exists():
        records, saved = load([args.save])
        if saved != opts:
            ap.error(f"{args.save} was played with {saved}, not {opts}")
        done = {(r["deal"], r["setting"], r["seat"]) for r in records}
    start, cpu = time.perf_counter(), time.process_time()

    def on_play(rec: dict) -> None:
        if args.save:
            save(rec, args.save, opts)
        if not args.quiet and rec["seat"] in (None, 3):
            what = rec.get("contract") or f"{rec['size']:2d} cards"
            print(f"# deal {rec['deal']:3d} ({what}) {rec['setting']}: "
                  f"{time.perf_counter() - start:6.0f} s", file=sys.stderr, flush=True)

    records += run(candidates, opts, args.deals, args.first_deal, done, on_play)
    wanted = {c.label for c in candidates} | {REFERENCE}
    shown = [r for r in records if r["setting"] in wanted and
             args.first_deal <= r["deal"] < args.first_deal + args.deals]
    print(f"OpenSpiel IS-MCTS tuning, arena ({args.arena}), {datetime.date.today()}: "
          f"deals {args.first_deal}-"
          f"{args.first_deal + args.deals - 1} of seed {args.seed}, {args.sims} simulations, "
          f"baseline {opts['baseline']}; Python {platform.python_version()}, "
          f"{os.cpu_count()} cores, {time.perf_counter() - start:.0f} s "
          f"({time.process_time() - cpu:.0f} s CPU)")
    print(f"command: python benchmarks/openspiel_tune.py "
          f"{' '.join(shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:]))}")
    print()
    print(table(shown, opts["baseline"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
