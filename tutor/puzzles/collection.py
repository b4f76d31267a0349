"""The bundled collection: ``tutor/puzzles/data/*.json``.

``bundled()`` loads every file (ids must be unique across the whole set);
``build()`` regenerates the files from fixed seeds (``python -m tutor.puzzles.collection
[THEME ...]``, only the themes named when some are).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tutor.engine.i18n import gettext as _
from tutor.puzzles.generate import generate
from tutor.puzzles.themes import THEMES
from tutor.puzzles.files import PuzzleError, dump, load
from tutor.puzzles.model import Puzzle

__all__ = ["DATA", "FILES", "bundled", "build"]

DATA = Path(__file__).parent / "data"
FILES = {"trixter.json": ("make-n", "make-zero", "shed-a-trick", "duck-with-joker",
                          "trump-control", "read-the-bids"),
         "trix.json": ("king-dodge", "king-force", "queens", "diamonds", "ltoosh-lose-all",
                       "ltoosh-count"),
         "trex.json": ("trex-open", "trex-block", "trex-hold-jack")}


def bundled(folder: str | Path | None = None) -> list[Puzzle]:
    """Every bundled puzzle, file by file in name order; a puzzle id used in two files
    raises :class:`PuzzleError` naming the second file, the id and the field."""
    folder = DATA if folder is None else Path(folder)
    out: list[Puzzle] = []
    where: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        for p in load(path):
            if p.id in where:
                raise PuzzleError(_("{path}: puzzle {id}: field 'id': {id} is also used in "
                                    "{other}").format(path=path, id=repr(p.id),
                                                      other=where[p.id]))
            where[p.id] = str(path)
            out.append(p)
    return out


def build(folder: str | Path | None = None, per_level: int = 3, seed: str = "bundle-1",
          engine: str = "auto", themes: tuple[str, ...] | None = None) -> dict[str, int]:
    """Generate the collection: for each theme (or only ``themes``, keeping the other
    puzzles of their files), up to ``per_level`` puzzles at each difficulty 1-5;
    returns the number of puzzles per theme generated."""
    folder = DATA if folder is None else Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    counts = {}
    for name, file_themes in FILES.items():
        if themes is not None and not set(themes) & set(file_themes):
            continue
        old = load(folder / name) if themes is not None and (folder / name).exists() else []
        puzzles: list[Puzzle] = []
        for theme in file_themes:
            if themes is not None and theme not in themes:
                puzzles += [p for p in old if p.theme == theme]
                continue
            found: list[Puzzle] = []
            for level in range(1, 6):
                found += generate(theme, per_level, f"{seed}/{level}", difficulty=level,
                                  max_tries=150 * per_level, engine=engine)
            found = [replace(p, id=f"{theme}-{i:03d}") for i, p in enumerate(found, 1)]
            counts[theme] = len(found)
            puzzles += found
        dump(puzzles, folder / name)
    return counts


if __name__ == "__main__":  # pragma: no cover
    import sys
    import time

    t = time.time()
    for theme, n in build(themes=tuple(sys.argv[1:]) or None).items():
        print(f"{theme:18} {n}")
    print(f"{time.time() - t:.0f} s; themes: {len(THEMES)}")
