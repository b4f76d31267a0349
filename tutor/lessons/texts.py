"""The texts of a lesson data file (``tutor/lessons/data``) a learner reads: a scene's
title, prompt, explanation (when it has one of its own) and first hint, and what the table
says (``react``); a question's text, choices, why a choice is wrong, its ``why`` and the
names of its seats. Not the ``claims`` (what the tests check the table says) nor ids,
cards or kinds.

The translation template (``scripts/pot.py``) extracts exactly these, each as one message;
the lessons say each through ``_()`` (:mod:`.scene` when the table says it, :mod:`.quiz`
as it builds a question in the learner's language).

>>> said = dict(lesson_texts({"questions": [{"id": "q1", "kind": "choice", "text": "Who?",
...     "choices": ["North", "West"], "answer": 1, "wrong": ["Not North.", ""],
...     "why": "the next player."}]}))
>>> said["Who?"], said["Not North."]
('question q1: text', 'question q1: wrong')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tutor.puzzles.texts import said_fields

__all__ = ["lesson_texts"]


def _texts(v: Any) -> list[str]:
    """The texts of a field that should list texts (none if it does not)."""
    return [x for x in v if isinstance(x, str) and x.strip()] if isinstance(v, list) else []


def _scene(obj: dict) -> Iterator[tuple[str, str]]:
    where = f"scene {obj.get('id')}"
    for form, said in said_fields(obj, explained="explanation" in obj).items():
        yield said, f"{where}: {form}"
    for r in obj.get("react") or []:
        if isinstance(r, dict) and isinstance(r.get("say"), str) and r["say"].strip():
            yield r["say"], f"{where}: react"


def _question(q: dict) -> Iterator[tuple[str, str]]:
    where = f"question {q.get('id')}"
    for key in ("text", "why"):
        if isinstance(q.get(key), str) and q[key].strip():
            yield q[key], f"{where}: {key}"
    # A "choice" question's choices are words; the other kinds' are cards.
    lists = ("choices", "wrong", "seats") if q.get("kind") == "choice" else ("seats",)
    for key in lists:
        for said in _texts(q.get(key)):
            yield said, f"{where}: {key}"


def lesson_texts(data: Any) -> Iterator[tuple[str, str]]:
    """Each text a learner reads of a lesson data file's object (``{"scenes": [...],
    "questions": [...]}``), with where it is from: ``("Follow suit, and stay low",
    "scene trix-01-ltoosh: title")``, scenes first, in the file's order."""
    if not isinstance(data, dict):
        return
    for obj in data.get("scenes") or []:
        if isinstance(obj, dict):
            yield from _scene(obj)
    for q in data.get("questions") or []:
        if isinstance(q, dict):
            yield from _question(q)
