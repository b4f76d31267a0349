"""Class sets: every student plays the same deals, like duplicate bridge.

The teacher picks an activity and a seed; the class set's code (``trixter-4821-5``)
names both. Each student types the code, plays, and hands in a small JSON result; the
teacher gathers the files into one table where each deal is compared with the class
average on that deal, so luck of the cards counts for nothing.

>>> cs = ClassSet.parse(" Trixter-4821-5 ")
>>> cs.code, cs.title
('trixter-4821-5', 'Trixter, 4 players: the last 5 hands, 5 cards down to 1')
>>> ClassSet.parse("bridge-1-2")
Traceback (most recent call last):
...
tutor.lessons.classset.ClassSetError: 'bridge-1-2': the activity is trixter, trix or puzzles
"""

from __future__ import annotations

import json
import random
import re
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.i18n import gettext as _, ngettext
from tutor.puzzles import bundled
from tutor.engine.trix import TrixGame
from tutor.engine.trixter import TrixterGame

__all__ = ["ClassSet", "ClassResult", "ClassSetError", "ClassTable", "gather", "ACTIVITIES"]

FORMAT = "trix-tutor/class-result"
ACTIVITIES = {"trixter": (1, 13), "trix": (1, 5), "puzzles": (1, 20)}
"""Each activity and the range of its deal count."""
MAX_NAME = 40


class ClassSetError(ValueError):
    """A class set code or a result file that cannot be used; the text says why."""


@dataclass(frozen=True)
class ClassSet:
    """One class set: ``activity`` (``trixter``: the last ``deals`` hands of a 4-player
    game; ``trix``: the first ``deals`` deals of a kingdom the student owns;
    ``puzzles``: ``deals`` puzzles drawn from the collection), and the ``seed`` that
    fixes every card and every computer player's choice."""

    activity: str
    seed: int
    deals: int

    def __post_init__(self) -> None:
        code = repr(self.code)
        if self.activity not in ACTIVITIES:
            raise ClassSetError(_("{code}: the activity is trixter, trix or puzzles").format(
                code=code))
        lo, hi = ACTIVITIES[self.activity]
        if not lo <= self.deals <= hi:
            # Translators: {activity} is trixter, trix or puzzles, as in a class set's code.
            raise ClassSetError(_("{code}: {activity} class sets have {lo} to {hi} deals")
                                .format(code=code, activity=self.activity, lo=lo, hi=hi))
        if not 0 <= self.seed < 10**9:
            raise ClassSetError(_("{code}: the seed is a number below 1000000000").format(
                code=code))

    @property
    def code(self) -> str:
        """The code students type: ``activity-seed-deals``."""
        return f"{self.activity}-{self.seed}-{self.deals}"

    @classmethod
    def parse(cls, code: Any) -> ClassSet:
        """A class set from its code (spaces and capitals forgiven)."""
        text = code.strip().lower() if isinstance(code, str) else ""
        m = re.fullmatch(r"([a-z]+)-(\d{1,9})-(\d{1,2})", text)
        if not m:
            raise ClassSetError(_("{code} is not a class set code (like trixter-4821-5)")
                                .format(code=repr(code)))
        return cls(m[1], int(m[2]), int(m[3]))

    @property
    def title(self) -> str:
        """What the class set is, in words."""
        n = self.deals
        if self.activity == "trixter":
            return ngettext("Trixter, 4 players: the last hand, of {n} card",
                            "Trixter, 4 players: the last {n} hands, {n} cards down to 1",
                            n).format(n=n)
        if self.activity == "trix":
            # Translators: English says "deals" for one too.
            return ngettext("Trix: you own the kingdom, its first {n} deals",
                            "Trix: you own the kingdom, its first {n} deals", n).format(n=n)
        # Translators: English says "puzzles" for one too.
        return ngettext("{n} puzzles, the same for everyone",
                        "{n} puzzles, the same for everyone", n).format(n=n)

    def game(self):
        """The game every student plays (``trixter`` and ``trix``): same deals, same
        computer players."""
        if self.activity == "trixter":
            return TrixterGame.new(players=4, seed=self.seed, first_hand=26 - self.deals,
                                   dealer=0)
        if self.activity == "trix":
            return TrixGame.new(seed=self.seed, owner=0, dealer=0)
        raise ClassSetError("a puzzle class set has no game")

    def puzzles(self) -> list:
        """The puzzles of a ``puzzles`` class set, easiest first, the same for everyone."""

        pool = sorted(bundled(), key=lambda p: p.id)
        pick = random.Random(f"class set {self.seed}").sample(pool, self.deals)
        return sorted(pick, key=lambda p: (p.difficulty, p.id))


@dataclass
class ClassResult:
    """One student's result: ``points`` per deal (puzzles: 1 solved, 0 missed),
    ``finished`` when every deal was played, and the game ``record`` (JSON) if any."""

    class_set: ClassSet
    student: str
    points: list[int] = field(default_factory=list)
    finished: bool = False
    record: dict | None = None

    @property
    def total(self) -> int:
        return sum(self.points)

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": 1, "class_set": self.class_set.code,
                "student": self.student, "points": list(self.points),
                "finished": self.finished, "record": self.record}

    def dumps(self) -> str:
        """The file a student hands in."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @property
    def filename(self) -> str:
        safe = re.sub(r"[^A-Za-z0-9]+", "-", self.student).strip("-").lower() or "student"
        return f"{self.class_set.code}-{safe}.json"

    @classmethod
    def loads(cls, text: str | bytes, source: str = "<file>") -> ClassResult:
        """A result from a handed-in file; :class:`ClassSetError` says what is wrong."""
        try:
            obj = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise ClassSetError(_("{source}: not a result file (not JSON: {error})").format(
                source=source, error=e)) from None
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise ClassSetError(_("{source}: not a trix-tutor class result").format(
                source=source))
        if obj.get("version") != 1:
            raise ClassSetError(_("{source}: result version {version} is not 1").format(
                source=source, version=repr(obj.get("version"))))
        cs = ClassSet.parse(obj.get("class_set"))
        student = obj.get("student")
        if not isinstance(student, str) or not student.strip() or len(student) > MAX_NAME:
            raise ClassSetError(_("{source}: the student's name is missing or too long")
                                .format(source=source))
        pts = obj.get("points")
        if not isinstance(pts, list) or len(pts) > cs.deals or not all(
                isinstance(p, int) and not isinstance(p, bool) and abs(p) <= 10_000 for p in pts):
            # Translators: English says "numbers" for one too.
            raise ClassSetError(ngettext("{source}: 'points' is a list of at most {n} numbers",
                                         "{source}: 'points' is a list of at most {n} numbers",
                                         cs.deals).format(source=source, n=cs.deals))
        rec = obj.get("record")
        if rec is not None and not isinstance(rec, dict):
            raise ClassSetError(_("{source}: 'record' is a game record or null").format(
                source=source))
        return cls(cs, student.strip(), list(pts), bool(obj.get("finished")), rec)


def student_name(text: Any) -> str:
    """A student's name as typed, checked: ``ClassSetError`` if empty or too long."""
    name = text.strip() if isinstance(text, str) else ""
    if not name:
        raise ClassSetError(_("Type your name first."))
    if len(name) > MAX_NAME:
        raise ClassSetError(_("A name of at most {n} letters, please.").format(n=MAX_NAME))
    return name


@dataclass
class ClassTable:
    """The gathered results of one class set: one row per student (best total first)
    with their points per deal and their ``vs average`` (the sum over deals of their
    points minus the class average on that deal), the average per deal, and the files
    that could not be used (``problems``)."""

    class_set: ClassSet | None
    rows: list[dict]
    averages: list[float]
    problems: list[str]

    def text(self) -> str:
        """The table as plain text."""
        if self.class_set is None:
            return _("No results yet.")
        # Translators: the heads of a class's table: d1, d2 ... are the deals' columns.
        head = [_("student"), *[_("d{n}").format(n=i + 1) for i in range(self.class_set.deals)],
                _("total"), _("vs avg")]
        lines = ["\t".join(head)]
        for r in self.rows:
            cells = [r["student"], *[str(p) for p in r["points"]],
                     *[""] * (self.class_set.deals - len(r["points"])),
                     str(r["total"]), f"{r['vs_average']:+.1f}"]
            lines.append("\t".join(cells))
        return "\n".join(lines)


def gather(files: Iterable[tuple[str, str | bytes]]) -> ClassTable:
    """Read handed-in result files (name, content) into a :class:`ClassTable`. Files of
    another class set than the first good one, bad files and a student's older copies
    are listed in ``problems``, never fatal.

    >>> cs = ClassSet("puzzles", 7, 2)
    >>> a = ClassResult(cs, "Ana", [1, 1], True).dumps()
    >>> b = ClassResult(cs, "Ben", [0, 1], True).dumps()
    >>> t = gather([("a.json", a), ("b.json", b), ("c.json", "junk")])
    >>> [(r["student"], r["total"], r["vs_average"]) for r in t.rows], t.averages
    ([('Ana', 2, 0.5), ('Ben', 1, -0.5)], [0.5, 1.0])
    >>> t.problems
    ['c.json: not a result file (not JSON: Expecting value: line 1 column 1 (char 0))']
    """
    chosen: ClassSet | None = None
    by_student: dict[str, ClassResult] = {}
    problems: list[str] = []
    for name, content in files:
        try:
            r = ClassResult.loads(content, name)
        except ClassSetError as e:
            problems.append(str(e))
            continue
        chosen = chosen or r.class_set
        if r.class_set != chosen:
            problems.append(_("{name}: class set {code}, not {chosen}").format(
                name=name, code=r.class_set.code, chosen=chosen.code))
            continue
        key = r.student.casefold()
        if key in by_student:
            problems.append(_("{name}: a second file from {student}; the longer one is "
                              "kept").format(name=name, student=r.student))
            if len(r.points) <= len(by_student[key].points):
                continue
        by_student[key] = r
    results = list(by_student.values())
    deals = chosen.deals if chosen else 0
    averages = []
    for i in range(deals):
        got = [r.points[i] for r in results if len(r.points) > i]
        averages.append(statistics.fmean(got) if got else 0.0)
    rows = []
    for r in results:
        vs = sum(p - averages[i] for i, p in enumerate(r.points))
        rows.append({"student": r.student, "points": list(r.points), "total": r.total,
                     "finished": r.finished, "vs_average": round(vs, 2)})
    rows.sort(key=lambda x: (-x["vs_average"], x["student"].casefold()))
    return ClassTable(chosen, rows, averages, problems)
