"""The texts of a puzzle file a learner reads, in the forms the board shows them: the
title, the prompt, the first hint (the explanation's first sentence) and the explanation
as it reads once the puzzle is over.

The translation template (``scripts/pot.py``) extracts exactly these from the bundled
files, each as one message, and the board says each through ``_()`` when it shows it (not
when the file is read: a catalogue may be read before a language is chosen). A puzzle file
of one's own has no translation: ``_()`` of a text it does not know gives it back, so such
a file reads as written.

>>> once_over("Lead low. Here only the 2♠ works. The K♠ fails: it wins. The Q♠ fails too.")
... # doctest: +NORMALIZE_WHITESPACE
'Lead low. At your first move, only the 2♠ works.
 At the first move, the K♠ would fail: it wins. So would the Q♠.'
>>> first_hint("Lead low. Here only the 2♠ works.", "You lead.")
'Lead low.'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

__all__ = ["first_hint", "once_over", "puzzle_texts", "said_fields"]


def first_hint(explanation: str, prompt: str) -> str:
    """Hint 1 as a puzzle file gives it: the explanation's first sentence, with its full
    stop; empty when there is none, or when the explanation only repeats the prompt (a
    lesson's scene without an explanation of its own: the goal's idea is said then)."""
    text = explanation.strip()
    if text == prompt.strip():
        return ""
    first = text.split(". ")[0].strip()
    if first and not first.endswith((".", "!", "?")):
        first += "."
    return first


def once_over(explanation: str) -> str:
    """The explanation as the board shows it once the puzzle is over. Which cards work or
    fail is about the first move only, and it says so: a learner whose winning line plays
    a card later must not read that the card "fails". The words are the generator's
    English (``tutor.puzzles.generate``); a text in other words reads as written."""
    text = re.sub(r"\bHere (only )?", lambda m: "At your first move, " + (m[1] or ""),
                  explanation, count=1)
    text = re.sub(r"(^|\. )The (\S+) fails: ", r"\1At the first move, the \2 would fail: ",
                  text)
    return re.sub(r"(^|\. )The ([^.]+?) fails? too\.", r"\1So would the \2.", text)


def said_fields(obj: dict[str, Any], explained: bool = False) -> dict[str, str]:
    """What a learner reads of one puzzle's JSON object, by the name of its form: the
    ``title``, the ``prompt``, the ``first hint`` and the ``explanation`` (as shown once
    over; ``explained``: as written, as a lesson's scene shows its own). A field that is
    missing or not a text is left out, and so is an empty form."""
    def text(key: str) -> str:
        v = obj.get(key)
        return v if isinstance(v, str) else ""

    explanation = text("explanation")
    out = {"title": text("title"), "prompt": text("prompt"),
           "first hint": first_hint(explanation, text("prompt")),
           "explanation": explanation if explained else once_over(explanation)}
    return {k: v for k, v in out.items() if v.strip()}


def puzzle_texts(items: Any) -> Iterator[tuple[str, str]]:
    """Each text a learner reads of a puzzle file's puzzles (a list, or ``{"puzzles":
    [...]}``), with where it is from: ``("Dodge the K♥", "puzzle king-dodge-001: title")``,
    in the file's order."""
    if isinstance(items, dict):
        items = items.get("puzzles", [])
    for obj in items if isinstance(items, list) else []:
        if isinstance(obj, dict):
            for form, said in said_fields(obj).items():
                yield said, f"puzzle {obj.get('id')}: {form}"
