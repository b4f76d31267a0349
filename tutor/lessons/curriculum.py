"""The lesson map: every lesson notebook in order, by track, with its title.

The start page, the previous/next links of every lesson and the tests all read this
list, so a lesson added here is linked everywhere (the tests check the notebooks).

>>> lesson("trixter/02_trump.ipynb").title
'Trump'
>>> [x.path for x in neighbours("trixter/02_trump.ipynb")]
['trixter/01_tricks.ipynb', 'trixter/03_jokers.ipynb']
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Lesson", "LESSONS", "TRACKS", "lesson", "neighbours", "track"]


@dataclass(frozen=True)
class Lesson:
    """One notebook of the curriculum: its ``path`` under ``lessons/``, ``track``
    (``"trixter"``, ``"trix"`` or ``"more"``), ``title``, ``minutes`` and a one-line
    ``summary`` for the map."""

    path: str
    track: str
    title: str
    minutes: int
    summary: str


TRACKS = {"trixter": "Trixter (Stich Ansagen): bid your tricks exactly",
          "trix": "Trix: the kingdom of five contracts",
          "more": "Puzzles, play and reference"}

LESSONS: tuple[Lesson, ...] = (
    Lesson("trixter/01_tricks.ipynb", "trixter", "Tricks and following suit", 8,
           "What a trick is, who wins it, and why you must follow suit."),
    Lesson("trixter/02_trump.ipynb", "trixter", "Trump", 8,
           "The trump suit beats every other suit."),
    Lesson("trixter/03_jokers.ipynb", "trixter", "Jokers (3 players, or 5 and more)", 8,
           "Jokers never win a trick: a safe way to lose one."),
    Lesson("trixter/04_schedule.ipynb", "trixter", "The schedule and the peak hand", 6,
           "Hands grow by one card up to the peak, then shrink."),
    Lesson("trixter/05_bidding.ipynb", "trixter", "Bidding and exact scoring", 12,
           "Only an exact bid scores: how to count your tricks."),
    Lesson("trixter/06_making_your_bid.ipynb", "trixter", "Taking and ducking tricks", 12,
           "Win the tricks you need and dodge the rest."),
    Lesson("trixter/07_reading_bids.ipynb", "trixter", "Reading the other players' bids", 10,
           "The bids tell you where the high cards are."),
    Lesson("trixter/08_full_game.ipynb", "trixter", "A full game against the computer", 15,
           "Put it all together."),
    Lesson("trixter/rules.ipynb", "trixter", "Trixter rules at a glance", 3,
           "The whole game on one page."),
    Lesson("trix/01_kingdom.ipynb", "trix", "The kingdom and the five contracts", 8,
           "Who owns a kingdom, and what the five contracts ask of you."),
    Lesson("trix/02_king_of_hearts.ipynb", "trix", "King of Hearts", 12,
           "Dodge the K♥; doubling it; the redeal claim."),
    Lesson("trix/03_queens.ipynb", "trix", "Queens", 10,
           "Every queen you take costs 25."),
    Lesson("trix/04_diamonds.ipynb", "trix", "Diamonds", 10,
           "Every diamond you take costs 10."),
    Lesson("trix/05_ltoosh.ipynb", "trix", "Ltoosh", 10,
           "Every trick you take costs 15."),
    Lesson("trix/06_trex.ipynb", "trix", "Trex", 12,
           "The domino contract: build the rows from the jacks and go out first."),
    Lesson("trix/07_choosing_contracts.ipynb", "trix", "Choosing contracts as the owner", 12,
           "Which contract suits this hand, shown by simulation."),
    Lesson("trix/08_partnership.ipynb", "trix", "Partnership and the common variants", 8,
           "Playing in teams, Trix Complex and the other house rules."),
    Lesson("trix/09_full_kingdom.ipynb", "trix", "A full kingdom against the computer", 15,
           "Own a kingdom and play its five contracts."),
    Lesson("trix/rules.ipynb", "trix", "Trix rules at a glance", 3,
           "The whole game on one page."),
    Lesson("puzzles.ipynb", "more", "Puzzles", 10,
           "Trick puzzles for both games, at your level."),
    Lesson("puzzle_rush.ipynb", "more", "Puzzle rush", 3,
           "Three minutes against the clock: how many puzzles can you solve?"),
    Lesson("play_trixter.ipynb", "more", "Play Trixter", 20,
           "A game against the computer, any number of players."),
    Lesson("play_trix.ipynb", "more", "Play Trix", 30,
           "A whole game of four kingdoms."),
    Lesson("review.ipynb", "more", "Review a game", 10,
           "Load a game record and see, move by move, where you lost points."),
    Lesson("glossary.ipynb", "more", "Glossary", 3,
           "The words of both games, in English and Arabic."),
    Lesson("class_set.ipynb", "more", "Class set (for students)", 15,
           "Play the deals your teacher chose and hand in your results."),
    Lesson("teacher.ipynb", "more", "Teacher's page", 5,
           "Make a class set and gather your students' results."),
    Lesson("tables.ipynb", "more", "Play with friends", 20,
           "Sit at one table with friends or classmates, each on their own page."),
    Lesson("class_tables.ipynb", "more", "The class at the tables (teacher)", 5,
           "Every table of the class, live, with every hand; the class sheet."),
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
