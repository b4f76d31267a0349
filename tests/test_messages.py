"""The declared message schema (widgets/messages.py): every message the browser code sends
is declared, every page takes its well-formed messages and refuses the rest with words,
and junk never gets past ``read`` as anything but a refusal."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from widgets._base import Refused  # noqa: E402
from widgets.messages import SCHEMA, read  # noqa: E402

WIDGETS = Path(__file__).resolve().parent.parent / "widgets"
CTX = {"last": 10, "last_question": 3}
GOOD = {str: {"card": "QS", "suit": "H", "contract": "king", "to": "next", "text": "{}"},
        int: 2}


def example(page: str, kind: str) -> dict:
    fields = SCHEMA[page].kinds[kind].fields
    return {"type": kind, **{name: GOOD[f.kind][name] if f.kind is str else GOOD[int]
                             for name, f in fields.items()}}


def test_every_message_the_browser_sends_is_declared():
    declared = {k for page in SCHEMA.values() for k in page.kinds}
    sent = set()
    for js in WIDGETS.glob("*.js"):
        sent |= set(re.findall(r'send\(\{\s*type:\s*"([a-z_-]+)"', js.read_text()))
    assert sent, "no message found in the browser code"
    assert sent <= declared, sent - declared


@pytest.mark.parametrize("page", sorted(SCHEMA))
def test_each_page_takes_its_messages_and_refuses_the_rest(page):
    spec = SCHEMA[page]
    for kind in spec.kinds:
        msg = example(page, kind)
        got_kind, fields = read(page, msg, **CTX)
        assert got_kind == kind and set(fields) == set(msg) - {"type"}
        with pytest.raises(Refused, match=re.escape(spec.kinds[kind].wrong_fields)):
            read(page, {**msg, "extra": 1}, **CTX)
        for name in spec.kinds[kind].fields:
            with pytest.raises(Refused):
                read(page, {**msg, name: [1]}, **CTX)  # a list is never a field's value
    with pytest.raises(Refused, match=re.escape(spec.not_a_message)):
        read(page, ["play"], **CTX)
    with pytest.raises(Refused, match=re.escape(spec.no_type)):
        read(page, {"card": "QS"}, **CTX)
    with pytest.raises(Refused, match=re.escape(spec.unknown)):
        read(page, {"type": "cheat"}, **CTX)


def test_the_words_name_the_bounds():
    with pytest.raises(Refused, match="from 0 to 10"):
        read("review", {"type": "goto", "index": 11}, last=10)
    with pytest.raises(Refused, match="a bid is a whole number"):
        read("table", {"type": "bid", "n": True})
    with pytest.raises(Refused, match="needs a short text 'card'"):
        read("table", {"type": "play", "card": "Q" * 33})
    with pytest.raises(Refused, match="needs a short text 'card'"):
        read("table", {"type": "play"})  # a missing field of a game message: its own words


def test_junk_is_only_ever_refused():
    rng = random.Random(7)
    atoms = [None, True, 0, -1, 10**9, 1.5, "", "x" * 40, "play", "goto", [], {}, "QS"]
    names = ["type", "card", "n", "index", "to", "text", "question", "choice", "suit", "zz"]
    for _ in range(3000):
        msg = {rng.choice(names): rng.choice(atoms) for _ in range(rng.randint(0, 4))}
        page = rng.choice(sorted(SCHEMA))
        try:
            kind, fields = read(page, msg, **CTX)
        except Refused:
            continue
        assert kind in SCHEMA[page].kinds and set(fields) == set(msg) - {"type"}
