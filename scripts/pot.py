"""The translation template: every message marked in tutor/ and widgets/ (tutor.engine.i18n;
the widgets' JavaScript marks its own the same way, widgets/js_words.py), extracted by Babel
into tutor/locale/trix-tutor.pot, and the texts a learner reads of the data files: the
puzzle catalogue's (tutor/puzzles/texts.py) and the lessons' (tutor/lessons/texts.py), each
with a comment saying where it is from ("puzzle make-zero-003: prompt").

    python scripts/pot.py            write the template (make pot)
    python scripts/pot.py --check    exit 1 if the template is not current (a test runs it)
    python scripts/pot.py --unmarked list sentences a learner may read that are not marked

No line numbers and a fixed header, so the template changes only when a message does."""

from __future__ import annotations

import ast
import io
import json
import re
import sys
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the tutor's own account of its words, run from anywhere
from tutor.engine.i18n import JS_STRING, js_code  # noqa: E402
from tutor.lessons.texts import lesson_texts  # noqa: E402
from tutor.puzzles.texts import puzzle_texts  # noqa: E402

POT = ROOT / "tutor" / "locale" / "trix-tutor.pot"
SOURCES = ("tutor", "widgets")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "Nn_": (1, 2)}
# Words no learner reads: the command line and the hub's service (a teacher's or an
# admin's, in English), the strength arena, the page schema's words for developers.
NOT_FOR_LEARNERS = ("tutor/cli.py", "tutor/bots/arena.py", "tutor/tables/server.py",
                    "tutor/tables/hub.py", "tutor/app/views.py")
MARKERS = set(KEYWORDS)
# The data files whose texts a learner reads, and what reads them.
DATA = {"tutor/puzzles/data": "puzzle", "tutor/lessons/data": "lesson"}


def template() -> str:
    """The template's text, from the code as it is now."""
    fixed = datetime(2026, 1, 1, tzinfo=timezone.utc)  # no date: the file moves with the words
    catalog = Catalog(project="trix-tutor", version="1", charset="utf-8", fuzzy=False,
                      creation_date=fixed, revision_date=fixed,
                      header_comment="# The words a learner reads in trix-tutor, to translate.\n"
                                     "# Written by `make pot` (scripts/pot.py); do not edit.")
    for source in SOURCES:
        for name, line, message, comments, context in extract_from_dir(
                ROOT / source, method_map=[("**.py", "python"), ("**.js", "javascript")],
                keywords=KEYWORDS,
                comment_tags=("Translators:",), strip_comment_tags=True):
            catalog.add(message, None, [(f"{source}/{name}", line)], auto_comments=comments,
                        context=context)
    for path, text, where in data_texts():
        catalog.add(text, None, [(path, None)], auto_comments=[where])
    out = io.BytesIO()
    write_po(out, catalog, width=100, no_location=True, sort_output=True)
    lines = out.getvalue().decode("utf-8").splitlines(keepends=True)
    return "".join(x for x in lines if not x.startswith('"Generated-By:'))  # Babel's version


def data_texts() -> Iterator[tuple[str, str, str]]:
    """Each text a learner reads of the data files, as (file, text, where it is from),
    file by file in name order. The tutor says them through ``_()`` when it shows them."""
    read = {"puzzle": puzzle_texts, "lesson": lesson_texts}
    for folder, kind in DATA.items():
        for path in sorted((ROOT / folder).glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            for text, where in read[kind](data):
                yield f"{folder}/{path.name}", text, where


def not_literal() -> list[str]:
    """Marked calls of a text built on the spot (an f-string, a joined or formatted text):
    Babel cannot extract it, so a translation would never reach it. A name or an item of a
    table is a message marked where the table is (``N_``, ``Nn_``)."""
    bad = []
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in MARKERS):
                    continue
                count = 2 if node.func.id in ("ngettext", "Nn_") else 1
                args = node.args[:count]
                if len(args) < count or any(isinstance(a, (ast.JoinedStr, ast.BinOp, ast.Call))
                                            for a in args):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.func.id}() of "
                               "a text built on the spot: mark the whole text, then .format()")
    return bad + js_not_literal()


# A marked call whose text is a template or a sum, not a text written out (a name or a
# table's item is fine: a message marked where the table is, with N_).
JS_CALL = re.compile(rf'(?<![\w$.])(N_|_|ngettext)\(\s*(?:`|{JS_STRING}\s*(?![\s,)]))')
JS_SECOND = re.compile(
    rf'(?<![\w$.])(ngettext)\(\s*{JS_STRING}\s*,\s*(?:`|{JS_STRING}\s*(?![\s,)]))')


def js_not_literal() -> list[str]:
    """The same for the widgets' JavaScript: a marked call of a template or a sum, which
    neither Babel nor the widgets' words (widgets/js_words.py) would find."""
    bad = []
    for path in sorted((ROOT / "widgets").glob("*.js")):
        source = path.read_text(encoding="utf-8")
        for pattern in (JS_CALL, JS_SECOND):
            for m in pattern.finditer(js_code(source)):
                line = source.count("\n", 0, m.start()) + 1
                bad.append(f"{path.relative_to(ROOT)}:{line}: {m.group(1)}() of a text built "
                           "on the spot: write the text out in double quotes, with {fields}")
    return bad


def _sentence(text: str) -> bool:
    """Reads like words for a learner: two words or more with a letter, not code."""
    words = text.split()
    return (len(words) >= 2 and any(c.isalpha() for c in text)
            and not text.lstrip().startswith(("<", "{", ".", "#", "[", "http", "%"))
            and "\n" not in text.strip() and "=" not in text and "()" not in text)


def unmarked() -> list[str]:
    """Texts that read like a sentence and are not inside a marked call, a docstring or a
    log line: the candidates still to mark."""
    found = []
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            if str(path.relative_to(ROOT)) in NOT_FOR_LEARNERS:
                continue
            tree = ast.parse(path.read_text(), str(path))
            skip: set[int] = set()
            for node in ast.walk(tree):
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                     ast.AsyncFunctionDef)) and ast.get_docstring(node):
                    skip.add(id(node.body[0].value))
                if isinstance(node, ast.Call) and (
                        isinstance(node.func, ast.Name) and node.func.id in MARKERS
                        or isinstance(node.func, ast.Attribute) and node.func.attr in (
                            "debug", "info", "warning", "exception", "error")):
                    skip.update(id(n) for a in node.args for n in ast.walk(a))
            for node in ast.walk(tree):
                if id(node) in skip:
                    continue
                if isinstance(node, ast.JoinedStr):
                    skip.update(id(n) for n in ast.walk(node))
                    text = "".join(v.value if isinstance(v, ast.Constant) else "{}"
                                   for v in node.values)
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                    text = node.value
                else:
                    continue
                if _sentence(text):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    return found


def main(argv: list[str]) -> int:
    if "--unmarked" in argv:
        print("\n".join(unmarked()))
        return 0
    bad = not_literal()
    if bad:
        print("\n".join(bad), file=sys.stderr)
        return 1
    text = template()
    if "--check" in argv:
        if not POT.exists() or POT.read_text(encoding="utf-8") != text:
            print(f"{POT.relative_to(ROOT)} is not current: run `make pot`", file=sys.stderr)
            return 1
        return 0
    POT.parent.mkdir(parents=True, exist_ok=True)
    POT.write_text(text, encoding="utf-8")
    print(f"wrote {POT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
