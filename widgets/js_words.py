"""The words the widgets' JavaScript draws, in the learner's language.

The modules mark them as the Python code does: ``_("Last trick")``, ``_("{n} of 4",
{n})``, ``ngettext("{n} trick", "{n} tricks", n)`` and ``N_("Queens")`` for a word kept in
a table (common.js), with the text written out where it is marked, so Babel extracts them
into the same template (``make pot``). The browser holds no catalog: each widget's
``words`` trait carries the translations of the messages its module marks, and the rule
that picks a plural form. In English it is empty and every text reads as written.
"""

from __future__ import annotations

import json
import re
from functools import cache
from gettext import c2py
from pathlib import Path
from typing import Any

from tutor.engine import i18n
from tutor.engine.i18n import JS_STRING, js_code

HERE = Path(__file__).parent

# A marked call: the name, then its text(s) written out as double-quoted literals. A call of
# anything else (a name, a template) is refused by `not_literal` (scripts/pot.py).
SINGLE = re.compile(rf"(?<![\w$.])N?_\(\s*({JS_STRING})")
COUNTED = re.compile(rf"(?<![\w$.])ngettext\(\s*({JS_STRING})\s*,\s*({JS_STRING})")


@cache
def marked(name: str) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The messages module ``name`` marks (with common.js, which every module includes):
    single ones, and counted ones as (singular, plural)."""
    source = "\n".join((HERE / f).read_text(encoding="utf-8") for f in ("common.js", name))
    source = js_code(source)
    singles = tuple(dict.fromkeys(json.loads(m) for m in SINGLE.findall(source)))
    counted = tuple(dict.fromkeys((json.loads(a), json.loads(b))
                                  for a, b in COUNTED.findall(source)))
    return singles, counted


def words_for(name: str) -> dict[str, Any]:
    """What module ``name``'s ``words`` trait carries in the language in use: ``messages``
    (a translation for each message that has one; a counted one under ``"singular\\0plural"``
    with its forms) and ``plural`` (how many forms, and the rule as a C expression).
    Nothing in English."""
    if i18n.speaking_english():
        return {}
    singles, counted = marked(name)
    messages: dict[str, Any] = {}
    for m in singles:
        said = i18n.gettext(m)
        if said != m:
            messages[m] = said
    forms, rule = i18n.plural_rule()
    samples = _samples(forms, rule)
    for one, many in counted:
        said = [i18n.ngettext(one, many, n) for n in samples]
        if said != [one if n == 1 else many for n in samples]:
            messages[f"{one}\0{many}"] = said
    return {"messages": messages, "plural": [forms, rule]} if messages else {}


def _samples(forms: int, rule: str) -> list[int]:
    """One count for each plural form (the first that the rule gives that form), so that
    Python's catalog can say each form for the browser."""
    choose = c2py(rule)  # the standard library's own parser of a header's rule
    found: dict[int, int] = {}
    for n in range(0, 1000):
        found.setdefault(choose(n), n)
    return [found.get(k, 1) for k in range(forms)]
