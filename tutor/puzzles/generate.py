"""The puzzle generator: deal random puzzle-sized positions for a theme
(:mod:`tutor.puzzles.deals`, :mod:`tutor.puzzles.themes`), keep those the solver proves
(``check``), grade them and write a prompt and an explanation.

>>> ps = generate("make-zero", count=1, seed=3, engine="python")
>>> ps[0].theme, ps[0].target.kind, check(ps[0], engine="python").ok
('make-zero', 'exactly', True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace

from tutor.engine.cards import Card, CardSet, Suit
from tutor.engine.facts import plural
from tutor.engine.seats import seat_name
from tutor.engine.tricks import trick_winner
from tutor.engine.trix.contracts import Contract, unit_points
from tutor.puzzles.deals import KING_BONUS
from tutor.puzzles.model import Puzzle, play_card
from tutor.puzzles.themes import THEMES, Theme, bid_layout_rates
from tutor.puzzles.verify import THEME_IDEAS, CheckResult, check, grade
from tutor.solver import solve
from tutor.solver.trex import layout_from_cards

__all__ = ["generate", "proved", "finish", "reword", "beaten_words"]


# --- words -----------------------------------------------------------------------------
def _cost(contract: Contract) -> int:
    """What a penalty card (or an Ltoosh trick) costs its taker: the rules' table."""
    return -unit_points(contract)


SUIT_WORDS = {Suit.SPADES: "Spades", Suit.HEARTS: "Hearts", Suit.DIAMONDS: "Diamonds",
              Suit.CLUBS: "Clubs"}


def _trick_words(p: Puzzle) -> str:
    if not p.trick:
        return "You lead."
    parts = []
    for i, c in enumerate(p.trick):
        who = seat_name((p.leader + i) % p.players, p.players, p.game)
        what = "a joker" if c.is_joker else f"the {c.symbol()}"
        parts.append(f"{who} {'led' if i == 0 else 'played'} {what}")
    return "; ".join(parts) + "."


def _tricks_left(p: Puzzle) -> int:
    return len(p.hands[p.leader]) + (1 if p.trick else 0)


PLACES = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def _goal_words(p: Puzzle) -> str:
    t = p.target
    left = _tricks_left(p)
    mine = p.won[p.seat] if p.won else 0
    if t.kind in ("exactly", "max-tricks"):
        more = t.amount - mine
        have = f"You have won {plural(mine, 'trick')}; " if mine else ""
        if t.kind == "exactly":
            if more == 0:
                tail = f"take none of the last {left} tricks"
            else:
                tail = f"take exactly {more} of the last {left} tricks"
                if mine:
                    tail += f" ({t.amount} in all)"
        else:
            tail = f"take at least {more} of the last {left} tricks"
        return f"{have}{tail}." if mine else f"{tail[0].upper()}{tail[1:]}."
    if t.kind == "avoid":
        return "Do not take the K♥."
    if t.kind == "penalty":
        c = p.contract[0]
        if c == Contract.KING:
            return f"Make someone else take your doubled K♥ (+{KING_BONUS} for you)."
        if t.amount == 0:
            word = {Contract.QUEENS: "queen", Contract.DIAMONDS: "diamond",
                    Contract.LTOOSH: "trick"}[c]
            if c == Contract.LTOOSH:
                return f"Take none of the last {left} tricks."
            return f"Take no {word}."
        if c == Contract.LTOOSH:
            return f"Take at most {t.amount // _cost(c)} of the last {left} tricks."
        return f"Lose at most {t.amount} points."
    return f"Go out {PLACES[t.amount]}{'' if t.amount == 1 else ' or better'}."


def _rules_words(p: Puzzle) -> str:
    if p.game == "trixter":
        return (f"{SUIT_WORDS[p.trump]} are trump." if p.trump is not None else "No trump.")
    c = p.contract[0]
    doubled = "".join(f" {seat_name(s, 4, p.game) if s != p.seat else 'You'} doubled the "
                      f"{card.symbol()}." for card, s in p.doubles)
    if c == Contract.KING:
        return f"King of Hearts: whoever takes the K♥ loses {_cost(c)}." + (
            "" if p.doubles else "")
    if c == Contract.QUEENS:
        return f"Queens: each queen taken costs {_cost(c)}." + doubled
    if c == Contract.DIAMONDS:
        return f"Diamonds: each diamond taken costs {_cost(c)}."
    if c == Contract.LTOOSH:
        return f"Ltoosh: each trick taken costs {_cost(c)}."
    return "Trex."


def prompt_for(p: Puzzle) -> str:
    """The prompt a learner reads: who they are, the contract or trump, the trick so far
    (or the seats out, in Trex) and the goal, in plain words."""
    me = seat_name(p.seat, p.players, p.game)
    if p.is_trex:
        out = ", ".join(seat_name(s, 4, p.game) for s in p.out)
        gone = f" {out} {'is' if len(p.out) == 1 else 'are'} out." if p.out else ""
        rows = str(layout_from_cards(p.layout if p.layout is not None else
                                     CardSet.deck() - sum(p.hands, CardSet())))
        rows = ", ".join(r.strip() for r in rows.split("  ") if r.strip())
        return (f"You are {me}. Trex: play a card next to the layout ({rows}).{gone} "
                f"{_goal_words(p)}")
    bids = ""
    if p.bids:
        said = ", ".join(f"{'you' if s == p.seat else seat_name(s, p.players, p.game)} {b}"
                         for s, b in enumerate(p.bids))
        hidden = " You see only your own hand." if p.visible == (p.seat,) else ""
        bids = f" Bids: {said}.{hidden}"
    return f"You are {me}. {_rules_words(p)}{bids} {_trick_words(p)} {_goal_words(p)}"


def explanation_for(p: Puzzle, r: CheckResult) -> str:
    """The idea of the theme, then which cards work here and how one that fails is
    beaten."""
    idea = THEME_IDEAS[p.theme]
    win = _card_list([_card_words(c, "the ") for c in r.winning])
    if len(r.winning) == 1:
        here = f"Here only {win} works."
    else:
        here = f"Here {win} {'both' if len(r.winning) == 2 else 'all'} work."
    if p.bids:
        rates = bid_layout_rates(p) or {}
        if rates:
            best = max(rates, key=lambda c: rates[c])
            here += (f" Of the deals that fit the bids, {_card_words(best, 'the ')} makes "
                     f"your bid in {round(100 * rates[best])}%.")
    return f"{idea} {here}{_refutation(p, r)}"


def _card_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def beaten_words(p: Puzzle) -> str:
    """What the defence can then do to the learner, in words.

    >>> from tutor.puzzles import bundled
    >>> beaten_words(next(q for q in bundled() if q.theme == "king-dodge"))
    'make you take the K♥'
    """
    t = p.target
    if t.kind == "exactly":
        if t.amount == 0:
            return "make you take a trick"
        return "stop you taking exactly " + plural(t.amount, "trick")
    if t.kind == "max-tricks":
        return "hold you below " + plural(t.amount, "trick")
    if t.kind == "avoid":
        return "make you take " + _card_list([_card_words(c, "the ") for c in t.cards])
    if t.kind == "penalty":
        c = p.contract[0]
        if t.amount < 0:
            return "keep your doubled K♥ from falling to someone else" \
                if c == Contract.KING else f"keep you from winning {-t.amount} points"
        if c == Contract.LTOOSH:
            return ("make you take a trick" if t.amount == 0 else
                    "make you take more than " + plural(t.amount // _cost(c), "trick"))
        if t.amount == 0:
            word = {Contract.QUEENS: "a queen", Contract.DIAMONDS: "a diamond",
                    Contract.KING: "the K♥"}.get(c, "a penalty card")
            return f"make you take {word}"
        return f"make you lose more than {t.amount} points"
    return f"keep you from going out {PLACES[t.amount]}"


def _refutation(p: Puzzle, r: CheckResult) -> str:
    """What happens after the first failing card: who wins the trick (best play by
    all), or which of the others' cards it frees in Trex; then the other failing cards."""
    bad = r.failing[0]
    name = _card_words(bad, "the ")
    Name = name[0].upper() + name[1:]
    then = f"and from there the others can {beaten_words(p)}."
    also = ""
    if len(r.failing) > 1:
        rest = [_card_words(c, "the ") for c in r.failing[1:]]
        also = f" {_card_list(rest)[0].upper()}{_card_list(rest)[1:]} " \
               f"{'fails' if len(rest) == 1 else 'fail'} too."
    if p.is_trex:
        before = p.position()
        after = play_card(before, bad)
        freed = [(s, c) for s in range(4) if s != p.seat
                 for c in after.layout.playable(after.hands[s])
                 if c not in before.layout.playable(before.hands[s])]
        if not freed:
            return f" {Name} fails: the others can {beaten_words(p)}.{also}"
        s, c = freed[0]
        who = seat_name(s, 4, p.game)
        return f" {Name} fails: it lets {who} play the {c.symbol()}, {then}{also}"
    pos = p.position()
    trick = list(pos.trick) + [bad]
    after = play_card(pos, bad)
    if after.trick:
        trick += solve(after, p.goal(), engine="python").line[:p.players - len(trick)]
    w = (pos.leader + trick_winner(trick, pos.trump)) % p.players
    card = trick[(w - pos.leader) % p.players]
    if w == p.seat and _one_too_many(p):
        return f" {Name} fails: you win that trick with it: one trick too many.{also}"
    who = "you win" if w == p.seat else f"{seat_name(w, p.players, p.game)} wins"
    return f" {Name} fails: {who} that trick with {_card_words(card, 'the ')}, {then}{also}"


def _one_too_many(p: Puzzle) -> bool:
    """Whether one more trick for the learner already misses the goal."""
    t, mine = p.target, (p.won[p.seat] if p.won else 0)
    if t.kind == "exactly":
        return mine >= t.amount
    return t.kind == "penalty" and p.contract[0] == Contract.LTOOSH \
        and t.amount < _cost(Contract.LTOOSH)


def _card_words(c: Card, the: str = "") -> str:
    return "the joker" if c.is_joker else f"{the}{c.symbol()}"


def title_for(p: Puzzle, theme: Theme) -> str:
    """A short title: the theme, and the goal in brackets."""
    t = p.target
    if t.kind == "exactly":
        return f"{theme.title} (exactly {t.amount})"
    if t.kind == "max-tricks":
        return f"{theme.title} ({t.amount} tricks)"
    if t.kind == "trex-place":
        return f"{theme.title} (go out {PLACES[t.amount]})"
    if t.kind == "penalty" and t.amount > 0:
        return f"{theme.title} (at most {t.amount} points)"
    return theme.title


# --- the generator -------------------------------------------------------------------
def reword(p: Puzzle, engine: str = "auto") -> Puzzle:
    """``p`` with the generator's title, prompt and explanation written afresh (the
    position, goal and difficulty stay)."""
    return _replace(p, title=title_for(p, THEMES[p.theme]), prompt=prompt_for(p),
                    explanation=explanation_for(p, check(p, engine=engine)))


def _key(p: Puzzle) -> str:
    d = p.to_json()
    return json.dumps([d["position"], d["goal"], d["seat"]], sort_keys=True)


def proved(theme: str, rng: random.Random, *, unique: bool = False, tries: int = 200,
           engine: str = "auto") -> Iterator[tuple[Puzzle, CheckResult, int]]:
    """Each candidate of ``theme`` dealt from ``rng`` (``tries`` deals at most) that the
    solver proves (:func:`check`) and the theme keeps, with its check and its grade,
    before its words are written (:func:`finish`)."""
    spec = THEMES[theme]
    seen: set[str] = set()
    for _ in range(tries):
        cand = spec.build(rng, theme)
        if cand is None:
            continue
        cand = _replace(cand, unique=unique)
        key = _key(cand)
        if key in seen:
            continue
        seen.add(key)
        r = check(cand, engine=engine)
        if not r.ok or not spec.keep(cand, r):
            continue
        yield cand, r, grade(cand, engine=engine)


def finish(cand: Puzzle, r: CheckResult, level: int, puzzle_id: str) -> Puzzle:
    """A proved candidate as a learner meets it: its grade, id, title, prompt and
    explanation (exactly one card works: marked ``unique``, as it is proven so)."""
    cand = _replace(cand, difficulty=level, unique=cand.unique or len(r.winning) == 1)
    return _replace(cand, id=puzzle_id, title=title_for(cand, THEMES[cand.theme]),
                    prompt=prompt_for(cand), explanation=explanation_for(cand, r))


def generate(theme: str, count: int, seed: int | str = 0, *, unique: bool = False,
             difficulty: int | None = None, max_tries: int | None = None,
             id_prefix: str | None = None, start: int = 1, engine: str = "auto"
             ) -> list[Puzzle]:
    """Up to ``count`` new puzzles of ``theme`` (see ``THEMES``), each proven by
    :func:`check` (and unique when asked, or of one ``difficulty``), graded, with a
    prompt, an explanation and ids ``{id_prefix}-{number}`` counting from ``start``.
    A puzzle where exactly one card works is marked ``unique`` (it is proven so).
    The same arguments give the same puzzles."""
    if theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; themes: {', '.join(THEMES)}")
    if count < 0:
        raise ValueError(f"count must be 0 or more, not {count}")
    rng = random.Random(f"{seed}/{theme}")
    prefix = id_prefix or theme
    tries = max_tries if max_tries is not None else 200 * max(count, 1)
    out: list[Puzzle] = []
    if count == 0:
        return out
    for cand, r, level in proved(theme, rng, unique=unique, tries=tries, engine=engine):
        if difficulty is not None and level != difficulty:
            continue
        out.append(finish(cand, r, level, f"{prefix}-{start + len(out):03d}"))
        if len(out) >= count:
            break
    return out


def _replace(p: Puzzle, **kw) -> Puzzle:
    return replace(p, **kw)
