"""The pieces a lesson notebook puts on the page, each one call:

- :func:`guided`: a scripted lesson deal at the table that reacts to each card;
- :func:`check`: a check of understanding (a :class:`~widgets.quiz.Quiz`);
- :func:`puzzle`: one puzzle of the collection, counted in the learner's progress;
- :func:`hand_size_chart`, :func:`bid_advisor`, :func:`contract_chooser`: the charts and
  advisors of particular lessons;
- :func:`trixter_game`, :func:`trix_game`: a game against the computer.

Everything they show comes from :mod:`tutor` (the lesson data is in
``tutor/lessons/data``), so notebooks hold prose and these calls only.
"""

from __future__ import annotations

import html
import os
import random
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets

from tutor.engine.cards import Card, CardSet, Suit
from tutor.engine.facts import half_away, percents, plural, signed
from tutor.engine.i18n import N_, gettext as _, ngettext
from tutor.lessons import GuidedSession, question, scene
from tutor.lessons.scene import Scene

from widgets.play import GameView, play
from widgets.puzzle import PuzzleBoard, PuzzleTrainer
from widgets.quiz import Quiz
from widgets.rush import PuzzleRush
from tutor.app.learners import MemoryStore
from tutor.puzzles import bundled
from widgets.who import when_known
from tutor.advice.bids import bid_advice
from tutor.bots.simulate import FAIR_SHARE, simulate_contracts
from tutor.engine.trixter import TrixterGame, TrixterRules, jokers_for, peak_for, schedule
from tutor.engine.trix import TrixGame, TrixRules

__all__ = ["GuidedTable", "guided", "check", "puzzle", "hand_size_chart", "bid_advisor",
           "contract_chooser", "trixter_game", "trix_game", "puzzle_trainer",
           "puzzle_rush"]


class GuidedTable(PuzzleBoard):
    """A lesson deal at the table: the learner plays, scripted seats answer, and the
    panel tells each finished trick and the lesson's reactions. Hint, undo, start again
    and the solution work as in a puzzle; nothing is counted in the progress."""

    lesson = True

    def __init__(self, scene: Scene, pause: float | None = None, engine: str = "auto",
                 four_colour: bool = False) -> None:
        self.scene = scene
        super().__init__(scene.puzzle, pause=pause, engine=engine, four_colour=four_colour)
        self.add_class("tt-guided")

    def _new_session(self, puzzle) -> GuidedSession:
        return GuidedSession(self.scene, engine=self.engine)

    def _record(self) -> None:  # a lesson deal is practice: no progress kept
        return

    def _explanation(self) -> str:  # a scene without its own explanation shows none
        return _(self.puzzle.explanation) if self.scene.explained else ""


def guided(scene_id: str, pause: float | None = None) -> GuidedTable:
    """The lesson deal ``scene_id`` (from ``tutor/lessons/data``) at a guided table."""
    return GuidedTable(scene(scene_id), pause=pause)


def check(*question_ids: str, title: str = N_("Check yourself")) -> Quiz:
    """A check of understanding made of the bundled questions ``question_ids``."""
    return Quiz([question(q) for q in question_ids], title=title)


def puzzle(puzzle_id: str, pause: float | None = None) -> PuzzleBoard:
    """One puzzle of the collection, as practice: its first result is kept for the
    review schedule (a miss or a hinted solve comes back on the puzzles page), but the
    rating stays as it was, and the board says so."""


    found = {p.id: p for p in bundled()}
    if puzzle_id not in found:
        raise KeyError(f"no puzzle {puzzle_id!r}")
    board = PuzzleBoard(found[puzzle_id], pause=pause, store=MemoryStore(),
                        rated=False)
    when_known(lambda learner: board.use_store(learner.progress))
    return board


# --- charts and advisors ---------------------------------------------------------------
def _wrap(body: str) -> str:
    return f'<div class="trix-tutor tt-lesson-box">{body}</div>'


def _box(body: str) -> ipywidgets.HTML:
    w = ipywidgets.HTML(_wrap(body))
    w.add_class("tt-lesson-html")
    return w


_STYLE = """<style>
.tt-lesson-box { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 14px; color: #1a1a1a; background: #fff; border: 1px solid #d0d7de;
  border-radius: 8px; padding: 8px 12px; max-width: 720px; margin: 4px auto; }
.tt-lesson-box table { border-collapse: collapse; margin: 6px 0; }
.tt-lesson-box th, .tt-lesson-box td { padding: 3px 10px; border-bottom: 1px solid #ddd;
  text-align: right; }
.tt-lesson-box th:first-child, .tt-lesson-box td:first-child { text-align: left;
  white-space: nowrap; }
.tt-lesson-box .tt-best td { font-weight: 700; background: #e6f4ea; }
.tt-lesson-box .tt-hand { font-size: 18px; letter-spacing: 1px; }
.tt-lesson-box .tt-red { color: #c8102e; }
.tt-lesson-box svg text { font-family: inherit; }
</style>"""


def _hand_html(cards: Sequence[Card]) -> str:
    by_suit = []
    for s in Suit:
        ranks = [c for c in cards if not c.is_joker and c.suit == s]
        if not ranks:
            continue
        cls = ' class="tt-red"' if s in (Suit.HEARTS, Suit.DIAMONDS) else ""
        text = " ".join(c.symbol()[:-1] for c in ranks)
        by_suit.append(f"<span{cls}>{s.symbol}&nbsp;{html.escape(text)}</span>")
    jokers = sum(1 for c in cards if c.is_joker)
    if jokers:
        by_suit.append(plural(jokers, "joker"))
    return '<div class="tt-hand">' + " &nbsp; ".join(by_suit) + "</div>"


def hand_size_chart() -> ipywidgets.HTML:
    """For 3 to 8 players: the jokers, the peak hand and the number of hands, and a chart
    of the cards dealt in every hand of the game."""

    colours = ["#1a73e8", "#c8102e", "#137333", "#8e44ad", "#e67e22", "#555"]
    width, height, left, bottom = 640, 260, 36, 28
    most = max(len(schedule(n)) for n in range(3, 9))
    top = max(peak_for(n) for n in range(3, 9))

    def xy(k: int, size: int) -> str:
        x = left + (k - 1) * (width - left - 10) / (most - 1)
        y = height - bottom - size * (height - bottom - 10) / top
        return f"{x:.1f},{y:.1f}"

    lines, legend = [], []
    for i, n in enumerate(range(3, 9)):
        pts = " ".join(xy(k, s) for k, s in enumerate(schedule(n), start=1))
        players = ngettext("{n} player", "{n} players", n).format(n=n)
        lines.append(f'<polyline fill="none" stroke="{colours[i]}" stroke-width="2.5" '
                     f'points="{pts}"><title>{players}</title></polyline>')
        legend.append(f'<span style="color:{colours[i]};font-weight:700">━ {players}</span>')
    axis = [f'<line x1="{left}" y1="{height - bottom}" x2="{width - 10}" y2="{height - bottom}" '
            f'stroke="#888"/>', f'<line x1="{left}" y1="10" x2="{left}" y2="{height - bottom}" '
            f'stroke="#888"/>']
    for size in range(0, top + 1, 3):
        x, y = xy(1, size).split(",")
        axis.append(f'<text x="{left - 6}" y="{float(y) + 4:.1f}" text-anchor="end" '
                    f'font-size="11">{size}</text>')
    for k in (1, 5, 10, 15, 20, 25, 30, 35):
        x, _y = xy(k, 0).split(",")
        axis.append(f'<text x="{x}" y="{height - 10}" text-anchor="middle" '
                    f'font-size="11">{k}</text>')
    label = html.escape(_("Cards per player in each hand, for 3 to 8 players"), quote=True)
    svg = (f'<svg viewBox="0 0 {width} {height}" width="100%" role="img" aria-label="{label}">'
           f'{"".join(axis + lines)}</svg>')
    rows = "".join(f"<tr><td>{n}</td><td>{jokers_for(n)}</td><td>{peak_for(n)}</td>"
                   f"<td>{len(schedule(n))}</td></tr>" for n in range(3, 9))
    # Translators: the heads of a table's columns: players, jokers, the most cards a player
    # holds in a game (its peak hand), and the number of hands.
    heads = (_("players"), _("jokers"), _("peak hand"), _("hands"))
    table = f"<table><tr>{''.join(f'<th>{h}</th>' for h in heads)}</tr>{rows}</table>"
    # Translators: a chart's title and, after it, how to read it.
    title, how = _("Cards per player, hand by hand"), _("(across: the hand's number; up: cards "
                                                        "each)")
    return _box(f"{_STYLE}<b>{title}</b> {how}<br>{svg}<div>{' &nbsp; '.join(legend)}</div>"
                f"{table}")


# Translators: the trump of the bid advisor's hand; {symbol} is the suit's sign (♠).
_TRUMP_WORDS = {Suit.SPADES: N_("{symbol} spades trump"),
                Suit.HEARTS: N_("{symbol} hearts trump"),
                Suit.DIAMONDS: N_("{symbol} diamonds trump"),
                Suit.CLUBS: N_("{symbol} clubs trump")}


def _advice_html(advice, players: int) -> str:
    best = advice.best_bid
    took = percents(advice.tricks)  # the column says 100% in all: it shows exactly that
    rows = []
    for n in advice.bids:
        cls = ' class="tt-best"' if n == best else ""
        made = took[n] if n == best else half_away(100 * advice.chance[n])  # best: one share
        # Translators: the cells of one row of the bid advisor's table.
        cells = (_("bid {n}").format(n=n),
                 ngettext("take exactly {n} trick: {percent}%",
                          "take exactly {n} tricks: {percent}%", n).format(n=n, percent=took[n]),
                 _("make it: {percent}%").format(percent=made), signed(advice.expected[n], 1))
        rows.append(f"<tr{cls}>{''.join(f'<td>{c}</td>' for c in cells)}</tr>")
    trump = _("no trump") if advice.trump is None else \
        _(_TRUMP_WORDS[advice.trump]).format(symbol=advice.trump.symbol)
    # Translators: the bid advisor's heading ("<b>Your hand</b> (♠ spades trump, 400 deals
    # played out)"). English says "deals" for any number.
    head = ngettext("<b>Your hand</b> ({trump}, {n} deals played out)",
                    "<b>Your hand</b> ({trump}, {n} deals played out)",
                    advice.samples).format(trump=trump, n=advice.samples)
    table_words = ngettext("{n} player. You bid first and lead the first trick; the others "
                           "bid what their hands suggest, and every player plays for their "
                           "own bid.",
                           "{n} players. You bid first and lead the first trick; the others "
                           "bid what their hands suggest, and every player plays for their "
                           "own bid.", players).format(n=players)
    # Translators: the heads of the bid advisor's columns.
    heads = (_("bid"), _("playing for bid {best}, the best (100% in all)").format(best=best),
             _("bidding it and playing for it"), _("points expected"))
    return (f"{_STYLE}{head}{_hand_html(list(advice.hand))}<p>{table_words}</p>"
            f"<table><tr>{''.join(f'<th>{h}</th>' for h in heads)}</tr>"
            f"{''.join(rows)}</table><p>{html.escape(advice.explain())}</p>")


def _parse_hand(text: str) -> CardSet:
    return CardSet.from_pbn(text) if "." in text else CardSet.parse(text)


def _with_new_hands(page: Callable[..., str], first: tuple, deal: Callable[[random.Random], tuple],
                    seed: int, cls: str) -> ipywidgets.VBox:
    """A lesson box showing ``page(*first)``, and a button that shows ``page(*deal(rng))``:
    the same advice on another hand."""
    out = _box(page(*first))
    rng = random.Random(seed)
    button = ipywidgets.Button(description=_("Deal me another hand"), icon="refresh",
                               layout=ipywidgets.Layout(width="auto"))
    button.add_class("tt-lesson-button")
    button.on_click(lambda _b: setattr(out, "value", _wrap(page(*deal(rng)))))
    box = ipywidgets.VBox([out, button], layout=ipywidgets.Layout(align_items="center"))
    box.add_class(cls)
    return box


def bid_advisor(hand: str, trump: str | None, players: int = 4, samples: int = 400,
                seed: int = 1) -> ipywidgets.VBox:
    """The bid advisor on ``hand`` with ``trump`` at a table of ``players``, every seat
    playing for its own bid over ``samples`` deals of the other cards
    (:func:`tutor.advice.bids.bid_distribution`): how many tricks the hand takes playing for
    the best bid (the chances add up to 100%), the chance of making each bid when playing
    for it, and each bid's expected points. A button deals a new hand of the same size."""

    start = _parse_hand(hand)
    deck = list(CardSet.deck()) + [Card.parse("X")] * jokers_for(players)

    def page(cards: CardSet, suit: str | None) -> str:
        return _advice_html(bid_advice(cards, suit, players=players, samples=samples,
                                       seed=seed), players)

    return _with_new_hands(page, (start, trump),
                           lambda rng: (CardSet(rng.sample(deck, len(start))),
                                        rng.choice(["S", "H", "D", "C"])),
                           seed, "tt-bid-advisor")


def _trials_html(hand: Sequence[Card], trials) -> str:

    best = trials[0] if trials else None
    span = max([abs(t.gain) for t in trials] + [1])
    rows = []
    for t in trials:
        bar = int(round(abs(t.gain) / span * 120))
        colour = "#137333" if t.gain >= 0 else "#c8102e"
        cls = ' class="tt-best"' if t is best else ""
        rows.append(f"<tr{cls}><td>{t.contract.title}</td><td>{signed(t.mean, 0)}</td>"
                    f"<td>{signed(FAIR_SHARE[t.contract], 0)}</td><td>{signed(t.gain, 0)}</td>"
                    f"<td>{signed(t.worst)} … {signed(t.best)}</td><td style='text-align:left'>"
                    f"<span style='display:inline-block;height:10px;width:{bar}px;"
                    f"background:{colour}'></span></td></tr>")
    words = ""
    if best is not None:
        n = best.deals + best.redeals
        # Translators: under the contract chooser's table; {contract} is in HTML
        # ("<b>Trex</b>"), {gain} signed points ("+35"). English says "deals" for any number.
        words = ngettext("Over {n} deals of the other hands, this hand gains most in "
                         "{contract} ({gain} against an average hand): choose it while it is "
                         "still yours to choose.",
                         "Over {n} deals of the other hands, this hand gains most in "
                         "{contract} ({gain} against an average hand): choose it while it is "
                         "still yours to choose.", n).format(
            n=n, contract=f"<b>{best.contract.title}</b>", gain=signed(best.gain, 0))
        words = f"<p>{words}</p>"
    # Translators: the heads of the contract chooser's columns: the contract, this hand's
    # points in it, an average hand's, the gain, and the range of this hand's points.
    heads = (_("contract"), _("this hand"), _("an average hand"), _("gain"), _("range"), "")
    title = _("Your hand as owner")
    return (f"{_STYLE}<b>{title}</b>{_hand_html(list(hand))}<table><tr>"
            f"{''.join(f'<th>{h}</th>' for h in heads)}</tr>{''.join(rows)}</table>{words}")


def contract_chooser(hand: str, samples: int = 12, seed: int = 1) -> ipywidgets.VBox:
    """Which contract suits ``hand`` (13 cards) as owner, shown by playing each contract
    on the same random deals of the other hands
    (:func:`tutor.bots.simulate.simulate_contracts`). A button deals a new hand."""

    def page(cards: CardSet) -> str:
        return _trials_html(list(cards), simulate_contracts(list(cards), samples=samples,
                                                            seed=seed))

    return _with_new_hands(page, (_parse_hand(hand),),
                           lambda rng: (CardSet(rng.sample(list(CardSet.deck()), 13)),),
                           seed, "tt-contract-chooser")


# --- games -------------------------------------------------------------------------------
def env_seed() -> int | None:
    """``TRIX_TUTOR_SEED`` as a number (the tests and class sets fix the deals with it);
    ``None`` (every game new) when unset or not a number."""
    try:
        return int(os.environ["TRIX_TUTOR_SEED"])
    except (KeyError, ValueError):
        return None


def trixter_game(players: int = 4, first_hand: int = 1, seed: int | None = None,
                 pause: float | None = None, opponents: str = "beginner",
                 **options: Any) -> GameView:
    """A Trixter game against the computer (``options``: :class:`TrixterRules` fields);
    ``seed`` defaults to :func:`env_seed`. Under the table: the ``opponents``' level (a
    choice the learner can change), a download of the game record, and a review of the
    game once a hand is over."""

    seed = env_seed() if seed is None else seed
    return play(TrixterGame.new(players=players, seed=seed, first_hand=first_hand,
                                rules=TrixterRules(**options)), pause=pause,
                opponents=opponents, options=True)


def trix_game(seed: int | None = None, pause: float | None = None, owner: int | None = None,
              opponents: str = "beginner", **options: Any) -> GameView:
    """A Trix game against the computer (``options``: :class:`TrixRules` fields); the 7♥
    decides the first owner unless ``owner`` names it; ``seed`` defaults to
    :func:`env_seed`. The level choice, record download and review as in
    :func:`trixter_game`."""

    seed = env_seed() if seed is None else seed
    return play(TrixGame.new(seed=seed, owner=owner, rules=TrixRules(**options)), pause=pause,
                opponents=opponents, options=True)


def puzzle_trainer(seed: int | None = None) -> PuzzleTrainer:
    """The puzzles page's trainer; ``seed`` (default :func:`env_seed`) fixes the picks."""
    return PuzzleTrainer(seed=env_seed() if seed is None else seed)


def puzzle_rush(seed: int | None = None) -> PuzzleRush:
    """The puzzle rush page: a three-minute drill; ``seed`` (default :func:`env_seed`)
    fixes the order of the puzzles."""
    return PuzzleRush(seed=env_seed() if seed is None else seed)
