"""The words the widgets' JavaScript draws are ready for a second language: each module marks
them (``_``, ``ngettext`` in common.js), Babel extracts them into the template, and a widget
carries their translations (widgets/js_words.py). Drawn in a pseudo-language, where every
translated message wears «», no word a learner reads is left in English."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any
from collections.abc import Callable

import pytest

pytest.importorskip("anywidget")
babel = pytest.importorskip("babel")
from babel.messages.extract import extract_from_file  # noqa: E402

from drawn import drawn_states, traits_of  # noqa: E402
from pseudo import pseudo_catalog  # noqa: E402
from test_widgets import learner_step  # noqa: E402
from tutor import TrixGame, TrixterGame  # noqa: E402
from tutor.engine import i18n  # noqa: E402
from widgets import play  # noqa: E402
from widgets.js_words import HERE, marked, words_for  # noqa: E402

MODULES = sorted(p.name for p in HERE.glob("*.js") if p.name != "common.js")
MARK = re.compile(r"«[^«»]*»")


@pytest.fixture
def pseudo():
    """Speak the pseudo-language (Polish plural forms: three) for one test."""
    before = i18n.use(catalog=pseudo_catalog("pl"))
    yield
    i18n.use(catalog=before)


def babel_finds(name: str) -> set[Any]:
    """What Babel extracts from a module (and common.js), as the template gets it."""
    found: set[Any] = set()
    for f in ("common.js", name):
        for _line, message, _comments, _ctx in extract_from_file(
                "javascript", str(HERE / f), keywords={"_": None, "N_": None, "ngettext": (1, 2)}):
            found.add(message)
    return found


@pytest.mark.parametrize("name", MODULES)
def test_the_widget_carries_what_babel_extracts(name):
    singles, counted = marked(name)
    assert set(singles) | set(counted) == babel_finds(name)


def test_the_check_finds_a_javascript_message_built_on_the_spot(tmp_path, monkeypatch):
    from test_i18n import pot_script

    pot = pot_script()
    (tmp_path / "widgets").mkdir()
    (tmp_path / "widgets" / "m.js").write_text(
        'a = _("{n} of 4", { n });\nb = _(`${n} of 4`);\nc = _("of " + n);\n'
        'd = ngettext("one", `${n} many`, n);\ne = _(TITLE[c]);\n'
        '// _(`in a comment`)\nf = ngettext("{n} trick", "{n} tricks", n, { x });\n')
    monkeypatch.setattr(pot, "ROOT", tmp_path)
    assert [b.split(":")[1] for b in pot.js_not_literal()] == ["2", "3", "4"]


def test_english_carries_no_words():
    assert all(words_for(name) == {} for name in MODULES)


def test_a_translation_reaches_the_module_with_its_plural_rule(pseudo):
    words = words_for("table.js")
    assert words["plural"][0] == 3 and "n % 10" in words["plural"][1]
    assert words["messages"]["{bids} · {n} over"] == "«{bids} · {n} over»"
    forms = words["messages"]["{sum} for {n} trick\0{sum} for {n} tricks"]
    assert forms == ["«{sum} for {n} trick#0»", "«{sum} for {n} tricks#1»",
                     "«{sum} for {n} tricks#2»"]


def leftovers(text: str) -> str:
    """What is left of a drawn text once every marked message is taken out: «» nest (a
    message put into another), and a name cut short for room ("«Pla") loses its end."""
    while True:
        shorter = MARK.sub("", text)
        if shorter == text:
            return re.sub(r"«[^»]*$", "", text)
        text = shorter


def english_words(drawing: dict[str, Any]) -> list[str]:
    """The words of a drawing that no translation reached: two letters or more in a row
    (a card's rank, "K", is one letter; a suit is a symbol), in its own text, its title or
    its label for a screen reader."""
    found = []
    for tag, cls, _text, title, attrs, own in drawing["nodes"]:
        for said in (own, title, attrs.get("aria-label", ""), attrs.get("placeholder", "")):
            rest = leftovers(said)
            if re.search(r"[A-Za-z]{2,}", rest):
                found.append(f"<{tag} class={cls!r}> {said!r}")
    return found


def play_page_scenes(game: Any, steps: int, seed: int) -> list[tuple[Any, list[dict]]]:
    """A game on the play page, played by a random learner: the table, the bid panel, the
    Trex layout and the score sheet at every step (the hint asked now and then)."""
    view = play(game, pause=0, opponents="random")
    parts = [w for w in (view.table, view.bids, view.scores, getattr(view, "trex", None))
             if w is not None]
    states: dict[int, list[dict]] = {id(w): [] for w in parts}
    rng = random.Random(seed)
    for step in range(steps):
        if step % 9 == 4 and view.game.to_move == 0:
            view.handle({"type": "hint"}, source=view.table)
        for w in parts:
            states[id(w)].append(traits_of(w))
        if view.game.phase.value == "game_over":
            break
        learner_step(view, rng)
    return [(w, states[id(w)]) for w in parts]


SCENES: dict[str, Callable[[], list[tuple[Any, list[dict]]]]] = {
    "trixter": lambda: play_page_scenes(TrixterGame.new(players=4, seed=3), 90, 5),
    "trix": lambda: play_page_scenes(TrixGame.new(seed=1, owner=0), 90, 5),
}


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_every_word_drawn_is_translated(scene, pseudo, tmp_path: Path, monkeypatch):
    # The hint's words are what is drawn, not its strength: a twentieth of a hint's time.
    monkeypatch.setattr("tutor.app.hints.hint_seconds", lambda: 0.05)
    unmarked: dict[str, None] = {}
    for widget, states in SCENES[scene]():
        for drawing in drawn_states(widget, states, tmp_path):
            unmarked.update(dict.fromkeys(english_words(drawing)))
    assert not unmarked, "\n".join(unmarked)


@pytest.mark.parametrize("language", ["en", "pseudo"])
def test_a_narrow_sheet_cuts_player_names_short_in_the_learners_language(language, tmp_path,
                                                                           request):
    """"Player 2" is "P2" on a narrow score sheet, read and cut in the learner's language
    (it used to read only English "Player N" and cut any other to its first four letters);
    a name of one's own keeps its first four letters (the learner's seat is "You")."""
    if language == "pseudo":
        request.getfixturevalue("pseudo")
    game = TrixterGame.new(players=4, seed=3, names=["Player 1", "Amira", "Player 3", "Jo"]
                           if language == "en" else None)
    view = play(game, pause=0, opponents="random")
    (drawing,) = drawn_states(view.scores, [traits_of(view.scores)], tmp_path)
    heads = [(own, title) for tag, cls, _t, title, _a, own in drawing["nodes"]
             if "tt-short" in cls]
    if language == "en":
        assert heads == [("You", ""), ("Amir", "Amira"), ("P3", "Player 3"), ("Jo", "")]
    else:
        assert heads == [("«You", "«You»")] + [(f"«P{n}»", f"«Player {n}»") for n in (2, 3, 4)]
