"""The lesson map: every lesson notebook in order, by track, with its title.

The start page, the previous/next links of every lesson and the tests all read this
list, so a lesson added here is linked everywhere (the tests check the notebooks).

>>> lesson("trixter/02_trump.ipynb").title
'Trump'
>>> [x.path for x in neighbours("trixter/02_trump.ipynb")]
['trixter/01_tricks.ipynb', 'trixter/03_jokers.ipynb']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from tutor.engine.i18n import N_, gettext as _

__all__ = ["Lesson", "LESSONS", "TRACKS", "lesson", "neighbours", "track"]


@dataclass(frozen=True)
class Lesson:
    """One notebook of the curriculum: its ``path`` under ``lessons/``, ``track``
    (``"trixter"``, ``"trix"`` or ``"more"``), ``title``, ``minutes`` and a one-line
    ``summary`` for the map, both said in the learner's language when read (the
    messages as written: ``title_msgid``, ``summary_msgid``)."""

    path: str
    track: str
    title_msgid: str
    minutes: int
    summary_msgid: str

    @property
    def title(self) -> str:
        return _(self.title_msgid)

    @property
    def summary(self) -> str:
        return _(self.summary_msgid)


class _Said(Mapping[str, str]):
    """A table of messages (marked with ``N_``) whose every value is said in the
    learner's language when it is read, not when the table is made."""

    def __init__(self, table: dict[str, str]) -> None:
        self._table = table

    def __getitem__(self, key: str) -> str:
        return _(self._table[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


TRACKS: Mapping[str, str] = _Said({
    "trixter": N_("Trixter (Stich Ansagen): bid your tricks exactly"),
    "trix": N_("Trix: the kingdom of five contracts"),
    "more": N_("Puzzles, play and reference")})
"""Each track's title (said in the learner's language when read)."""

LESSONS: tuple[Lesson, ...] = (
    Lesson("trixter/01_tricks.ipynb", "trixter", N_("Tricks and following suit"), 8,
           N_("What a trick is, who wins it, and why you must follow suit.")),
    Lesson("trixter/02_trump.ipynb", "trixter", N_("Trump"), 8,
           N_("The trump suit beats every other suit.")),
    Lesson("trixter/03_jokers.ipynb", "trixter", N_("Jokers (3 players, or 5 and more)"), 8,
           N_("Jokers never win a trick: a safe way to lose one.")),
    Lesson("trixter/04_schedule.ipynb", "trixter", N_("The schedule and the peak hand"), 6,
           N_("Hands grow by one card up to the peak, then shrink.")),
    Lesson("trixter/05_bidding.ipynb", "trixter", N_("Bidding and exact scoring"), 12,
           N_("Only an exact bid scores: how to count your tricks.")),
    Lesson("trixter/06_making_your_bid.ipynb", "trixter", N_("Taking and ducking tricks"), 12,
           N_("Win the tricks you need and dodge the rest.")),
    Lesson("trixter/07_reading_bids.ipynb", "trixter", N_("Reading the other players' bids"), 10,
           N_("The bids tell you where the high cards are.")),
    Lesson("trixter/08_full_game.ipynb", "trixter", N_("A full game against the computer"), 15,
           N_("Put it all together.")),
    Lesson("trixter/rules.ipynb", "trixter", N_("Trixter rules at a glance"), 3,
           N_("The whole game on one page.")),
    Lesson("trix/01_kingdom.ipynb", "trix", N_("The kingdom and the five contracts"), 8,
           N_("Who owns a kingdom, and what the five contracts ask of you.")),
    Lesson("trix/02_king_of_hearts.ipynb", "trix", N_("King of Hearts"), 12,
           N_("Dodge the K♥; doubling it; the redeal claim.")),
    Lesson("trix/03_queens.ipynb", "trix", N_("Queens"), 10,
           N_("Every queen you take costs 25.")),
    Lesson("trix/04_diamonds.ipynb", "trix", N_("Diamonds"), 10,
           N_("Every diamond you take costs 10.")),
    Lesson("trix/05_ltoosh.ipynb", "trix", N_("Ltoosh"), 10,
           N_("Every trick you take costs 15.")),
    Lesson("trix/06_trex.ipynb", "trix", N_("Trex"), 12,
           N_("The domino contract: build the rows from the jacks and go out first.")),
    Lesson("trix/07_choosing_contracts.ipynb", "trix", N_("Choosing contracts as the owner"), 12,
           N_("Which contract suits this hand, shown by simulation.")),
    Lesson("trix/08_partnership.ipynb", "trix", N_("Partnership and the common variants"), 8,
           N_("Playing in teams, Trix Complex and the other house rules.")),
    Lesson("trix/09_full_kingdom.ipynb", "trix", N_("A full kingdom against the computer"), 15,
           N_("Own a kingdom and play its five contracts.")),
    Lesson("trix/rules.ipynb", "trix", N_("Trix rules at a glance"), 3,
           N_("The whole game on one page.")),
    Lesson("puzzles.ipynb", "more", N_("Puzzles"), 10,
           N_("Trick puzzles for both games, at your level.")),
    Lesson("puzzle_rush.ipynb", "more", N_("Puzzle rush"), 3,
           N_("Three minutes against the clock: how many puzzles can you solve?")),
    Lesson("play_trixter.ipynb", "more", N_("Play Trixter"), 20,
           N_("A game against the computer, any number of players.")),
    Lesson("play_trix.ipynb", "more", N_("Play Trix"), 30,
           N_("A whole game of four kingdoms.")),
    Lesson("review.ipynb", "more", N_("Review a game"), 10,
           N_("Load a game record and see, move by move, where you lost points.")),
    Lesson("glossary.ipynb", "more", N_("Glossary"), 3,
           N_("The words of both games, in English and Arabic.")),
    Lesson("class_set.ipynb", "more", N_("Class set (for students)"), 15,
           N_("Play the deals your teacher chose and hand in your results.")),
    Lesson("teacher.ipynb", "more", N_("Teacher's page"), 5,
           N_("Make a class set and gather your students' results.")),
    Lesson("tables.ipynb", "more", N_("Play with friends"), 20,
           N_("Sit at one table with friends or classmates, each on their own page.")),
    Lesson("class_tables.ipynb", "more", N_("The class at the tables (teacher)"), 5,
           N_("Every table of the class, live, with every hand; the class sheet.")),
)


def lesson(path: str) -> Lesson:
    """The lesson at ``path`` (under ``lessons/``); ``KeyError`` if there is none."""
    for x in LESSONS:
        if x.path == path:
            return x
    raise KeyError(f"no lesson {path!r}")


def track(name: str) -> list[Lesson]:
    """The lessons of one track, in order."""
    return [x for x in LESSONS if x.track == name]


def neighbours(path: str) -> tuple[Lesson | None, Lesson | None]:
    """The previous and next lesson of the same track (``None`` at either end)."""
    here = lesson(path)
    same = track(here.track)
    i = same.index(here)
    return (same[i - 1] if i else None, same[i + 1] if i + 1 < len(same) else None)
