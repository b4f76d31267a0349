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
from tutor.engine.facts import half_away, plural
from tutor.engine.i18n import N_, ngettext
from tutor.engine.i18n import gettext as _
from tutor.engine.seats import seat_name
from tutor.engine.tricks import trick_winner
from tutor.engine.trix.contracts import Contract, unit_points
from tutor.puzzles.deals import KING_BONUS
from tutor.puzzles.model import Puzzle, play_card
from tutor.puzzles.themes import THEMES, Theme, bid_layout_rates
from tutor.puzzles.verify import CheckResult, check, grade, theme_idea
from tutor.solver import solve
from tutor.solver.trex import layout_from_cards

__all__ = ["generate", "proved", "finish", "reword", "beaten_words"]


# --- words -----------------------------------------------------------------------------
def _cost(contract: Contract) -> int:
    """What a penalty card (or an Ltoosh trick) costs its taker: the rules' table."""
    return -unit_points(contract)


SUIT_WORDS = {Suit.SPADES: "Spades", Suit.HEARTS: "Hearts", Suit.DIAMONDS: "Diamonds",
              Suit.CLUBS: "Clubs"}

_TRUMP_WORDS = {Suit.SPADES: N_("Spades are trump."), Suit.HEARTS: N_("Hearts are trump."),
                Suit.DIAMONDS: N_("Diamonds are trump."), Suit.CLUBS: N_("Clubs are trump.")}
"""The prompt's trump, by suit."""


def _trick_words(p: Puzzle) -> str:
    if not p.trick:
        return _("You lead.")
    parts = []
    for i, c in enumerate(p.trick):
        who = seat_name((p.leader + i) % p.players, p.players, p.game)
        what = _("a joker") if c.is_joker else _("the {card}").format(card=c.symbol())
        # Translators: the trick so far, joined by "; ": "West led the 9♠; North played a
        # joker."
        parts.append((_("{who} led {what}") if i == 0 else _("{who} played {what}"))
                     .format(who=who, what=what))
    return "; ".join(parts) + "."


def _tricks_left(p: Puzzle) -> int:
    return len(p.hands[p.leader]) + (1 if p.trick else 0)


# Translators: a place to go out in Trex, said in "go out first", "go out second or better".
PLACES = {1: N_("first"), 2: N_("second"), 3: N_("third"), 4: N_("fourth")}
"""The places of a Trex goal in words, translated where they are said."""


def _goal_words(p: Puzzle) -> str:
    t = p.target
    left = _tricks_left(p)
    mine = p.won[p.seat] if p.won else 0
    if t.kind in ("exactly", "max-tricks"):
        more = t.amount - mine
        if t.kind == "exactly" and more == 0:
            tail = _("take none of the last {left} tricks").format(left=left)
        elif t.kind == "exactly" and mine:
            tail = _("take exactly {more} of the last {left} tricks ({total} in all)").format(
                more=more, left=left, total=t.amount)
        elif t.kind == "exactly":
            tail = _("take exactly {more} of the last {left} tricks").format(more=more,
                                                                            left=left)
        else:
            tail = _("take at least {more} of the last {left} tricks").format(more=more,
                                                                             left=left)
        if mine:
            return _("You have won {tricks}; {goal}.").format(tricks=plural(mine, "trick"),
                                                               goal=tail)
        return tail[0].upper() + tail[1:] + "."
    if t.kind == "avoid":
        return _("Do not take the K♥.")
    if t.kind == "penalty":
        return _penalty_goal_words(p, left)
    if t.amount == 1:
        return _("Go out {place}.").format(place=_(PLACES[t.amount]))
    return _("Go out {place} or better.").format(place=_(PLACES[t.amount]))


_TAKE_NO = {Contract.QUEENS: N_("Take no queen."), Contract.DIAMONDS: N_("Take no diamond.")}


def _penalty_goal_words(p: Puzzle, left: int) -> str:
    t, c = p.target, p.contract[0]
    if c == Contract.KING:
        return _("Make someone else take your doubled K♥ (+{bonus} for you).").format(
            bonus=KING_BONUS)
    if t.amount == 0:
        if c == Contract.LTOOSH:
            return _("Take none of the last {left} tricks.").format(left=left)
        return _(_TAKE_NO[c])
    if c == Contract.LTOOSH:
        return _("Take at most {n} of the last {left} tricks.").format(
            n=t.amount // _cost(c), left=left)
    return _("Lose at most {n} points.").format(n=t.amount)


def _rules_words(p: Puzzle) -> str:
    if p.game == "trixter":
        return _(_TRUMP_WORDS[p.trump]) if p.trump is not None else _("No trump.")
    c = p.contract[0]
    doubled = "".join(" " + _("{who} doubled the {card}.").format(
        who=seat_name(s, 4, p.game) if s != p.seat else _("You"), card=card.symbol())
        for card, s in p.doubles)
    if c == Contract.KING:
        return _("King of Hearts: whoever takes the K♥ loses {cost}.").format(cost=_cost(c))
    if c == Contract.QUEENS:
        return _("Queens: each queen taken costs {cost}.").format(cost=_cost(c)) + doubled
    if c == Contract.DIAMONDS:
        return _("Diamonds: each diamond taken costs {cost}.").format(cost=_cost(c))
    if c == Contract.LTOOSH:
        return _("Ltoosh: each trick taken costs {cost}.").format(cost=_cost(c))
    return _("Trex.")


def prompt_for(p: Puzzle) -> str:
    """The prompt a learner reads: who they are, the contract or trump, the trick so far
    (or the seats out, in Trex) and the goal, in plain words."""
    me = seat_name(p.seat, p.players, p.game)
    if p.is_trex:
        out = ", ".join(seat_name(s, 4, p.game) for s in p.out)
        gone = " " + ngettext("{out} is out.", "{out} are out.", len(p.out)).format(
            out=out) if p.out else ""
        rows = str(layout_from_cards(p.layout if p.layout is not None else
                                     CardSet.deck() - sum(p.hands, CardSet())))
        rows = ", ".join(r.strip() for r in rows.split("  ") if r.strip())
        return _("You are {me}. Trex: play a card next to the layout ({rows}).{gone} "
                 "{goal}").format(me=me, rows=rows, gone=gone, goal=_goal_words(p))
    bids = ""
    if p.bids:
        # Translators: one seat's bid in the prompt's list of bids: "you 2", "West 1".
        said = ", ".join(_("{who} {bid}").format(
            who=_("you") if s == p.seat else seat_name(s, p.players, p.game), bid=b)
            for s, b in enumerate(p.bids))
        hidden = " " + _("You see only your own hand.") if p.visible == (p.seat,) else ""
        bids = " " + _("Bids: {bids}.{hidden}").format(bids=said, hidden=hidden)
    # Translators: the prompt: {rules} the contract or trump, {bids} the bids (or nothing),
    # {trick} the trick so far, {goal} the goal; each a sentence or more.
    return _("You are {me}. {rules}{bids} {trick} {goal}").format(
        me=me, rules=_rules_words(p), bids=bids, trick=_trick_words(p), goal=_goal_words(p))


def explanation_for(p: Puzzle, r: CheckResult) -> str:
    """The idea of the theme, then which cards work here and how one that fails is
    beaten."""
    idea = theme_idea(p.theme)
    win = _card_list([_card_words(c) for c in r.winning])
    if len(r.winning) == 1:
        here = _("Here only {cards} works.").format(cards=win)
    elif len(r.winning) == 2:
        here = _("Here {cards} both work.").format(cards=win)
    else:
        here = _("Here {cards} all work.").format(cards=win)
    if p.bids:
        rates = bid_layout_rates(p) or {}
        if rates:
            best = max(rates, key=lambda c: rates[c])
            here += " " + _("Of the deals that fit the bids, {card} makes your bid in "
                            "{percent}%.").format(card=_card_words(best),
                                                  percent=half_away(100 * rates[best]))
    return f"{idea} {here}{_refutation(p, r)}"


def _card_list(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    # Translators: a list of names or cards, "A, B and C": {some} is all but the last.
    return _("{some} and {last}").format(some=", ".join(words[:-1]), last=words[-1])


_TAKE_A = {Contract.QUEENS: N_("make you take a queen"),
           Contract.DIAMONDS: N_("make you take a diamond"),
           Contract.KING: N_("make you take the K♥")}


def beaten_words(p: Puzzle) -> str:
    """What the defence can then do to the learner, in words.

    >>> from tutor.puzzles import bundled
    >>> beaten_words(next(q for q in bundled() if q.theme == "king-dodge"))
    'make you take the K♥'
    """
    t = p.target
    if t.kind == "exactly":
        if t.amount == 0:
            return _("make you take a trick")
        return _("stop you taking exactly {tricks}").format(tricks=plural(t.amount, "trick"))
    if t.kind == "max-tricks":
        return _("hold you below {tricks}").format(tricks=plural(t.amount, "trick"))
    if t.kind == "avoid":
        return _("make you take {cards}").format(
            cards=_card_list([_card_words(c) for c in t.cards]))
    if t.kind == "penalty":
        c = p.contract[0]
        if t.amount < 0:
            return _("keep your doubled K♥ from falling to someone else") \
                if c == Contract.KING else _("keep you from winning {n} points").format(
                    n=-t.amount)
        if c == Contract.LTOOSH:
            return (_("make you take a trick") if t.amount == 0 else
                    _("make you take more than {tricks}").format(
                        tricks=plural(t.amount // _cost(c), "trick")))
        if t.amount == 0:
            return _(_TAKE_A[c]) if c in _TAKE_A else _("make you take a penalty card")
        return _("make you lose more than {n} points").format(n=t.amount)
    return _("keep you from going out {place}").format(place=_(PLACES[t.amount]))


def _refutation(p: Puzzle, r: CheckResult) -> str:
    """What happens after the first failing card: who wins the trick (best play by
    all), or which of the others' cards it frees in Trex; then the other failing cards."""
    bad = r.failing[0]
    name = _card_words(bad)
    Name = name[0].upper() + name[1:]
    then = _("and from there the others can {what}.").format(what=beaten_words(p))
    also = ""
    if len(r.failing) > 1:
        rest = _card_list([_card_words(c) for c in r.failing[1:]])
        also = " " + ngettext("{cards} fails too.", "{cards} fail too.",
                              len(r.failing) - 1).format(cards=rest[0].upper() + rest[1:])
    if p.is_trex:
        before = p.position()
        after = play_card(before, bad)
        freed = [(s, c) for s in range(4) if s != p.seat
                 for c in after.layout.playable(after.hands[s])
                 if c not in before.layout.playable(before.hands[s])]
        if not freed:
            return " " + _("{card} fails: the others can {what}.").format(
                card=Name, what=beaten_words(p)) + also
        s, c = freed[0]
        who = seat_name(s, 4, p.game)
        return " " + _("{card} fails: it lets {who} play the {freed}, {then}").format(
            card=Name, who=who, freed=c.symbol(), then=then) + also
    pos = p.position()
    trick = list(pos.trick) + [bad]
    after = play_card(pos, bad)
    if after.trick:
        trick += solve(after, p.goal(), engine="python").line[:p.players - len(trick)]
    w = (pos.leader + trick_winner(trick, pos.trump)) % p.players
    card = trick[(w - pos.leader) % p.players]
    if w == p.seat and _one_too_many(p):
        return " " + _("{card} fails: you win that trick with it: one trick too many.").format(
            card=Name) + also
    if w == p.seat:
        return " " + _("{card} fails: you win that trick with {winner}, {then}").format(
            card=Name, winner=_card_words(card), then=then) + also
    return " " + _("{card} fails: {who} wins that trick with {winner}, {then}").format(
        card=Name, who=seat_name(w, p.players, p.game), winner=_card_words(card),
        then=then) + also


def _one_too_many(p: Puzzle) -> bool:
    """Whether one more trick for the learner already misses the goal."""
    t, mine = p.target, (p.won[p.seat] if p.won else 0)
    if t.kind == "exactly":
        return mine >= t.amount
    return t.kind == "penalty" and p.contract[0] == Contract.LTOOSH \
        and t.amount < _cost(Contract.LTOOSH)


def _card_words(c: Card) -> str:
    """A card in a sentence: "the 9♠", "the joker"."""
    return _("the joker") if c.is_joker else _("the {card}").format(card=c.symbol())


def title_for(p: Puzzle, theme: Theme) -> str:
    """A short title: the theme, and the goal in brackets."""
    t, title = p.target, _(theme.title)
    if t.kind == "exactly":
        return _("{theme} (exactly {n})").format(theme=title, n=t.amount)
    if t.kind == "max-tricks":
        return _("{theme} ({n} tricks)").format(theme=title, n=t.amount)
    if t.kind == "trex-place":
        return _("{theme} (go out {place})").format(theme=title, place=_(PLACES[t.amount]))
    if t.kind == "penalty" and t.amount > 0:
        return _("{theme} (at most {n} points)").format(theme=title, n=t.amount)
    return title


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
    for _i in range(tries):
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
        raise ValueError(_("unknown theme {theme}; themes: {themes}").format(
            theme=repr(theme), themes=", ".join(THEMES)))
    if count < 0:
        raise ValueError(_("count must be 0 or more, not {count}").format(count=count))
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
