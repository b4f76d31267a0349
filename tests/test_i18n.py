"""The words ready for a second language: the template is current, every marked message is
one Babel can extract, and a catalog (built here, as a translator's would be) changes what a
learner reads without a change to the code, plural forms included."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tutor import TrixGame, TrixterGame
from tutor.app.views import learner_views
from tutor.app.words import status_text
from tutor.engine import i18n
from tutor.engine.facts import plural, seat_facts
from tutor.lessons import GuidedSession, question, scene
from tutor.puzzles import bundled, loads
from tutor.puzzles.session import PuzzleSession
from tutor.puzzles.texts import first_hint, once_over

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402
from pseudo import pseudo_catalog  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "tutor" / "locale" / "trix-tutor.pot"


def pot_script():
    spec = importlib.util.spec_from_file_location("pot", ROOT / "scripts" / "pot.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_template_is_current_and_every_marked_message_can_be_extracted():
    run = subprocess.run([sys.executable, "scripts/pot.py", "--check"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr  # else: `make pot`, and commit the template
    assert pot_script().not_literal() == []


def test_the_check_finds_a_message_built_on_the_spot(tmp_path, monkeypatch):
    pot = pot_script()
    (tmp_path / "tutor").mkdir()
    (tmp_path / "tutor" / "m.py").write_text(
        'from tutor.engine.i18n import _\nx = 3\nA = _(f"{x} tricks")\nB = _("a " + "b")\n'
        'C = _("{n} tricks").format(n=x)\n')
    monkeypatch.setattr(pot, "ROOT", tmp_path)
    monkeypatch.setattr(pot, "SOURCES", ("tutor",))
    assert [b.split(":")[1] for b in pot.not_literal()] == ["3", "4"]


@pytest.fixture
def speaking():
    """Speak a given catalog for one test; English again after it."""
    def speak(catalog):
        before = i18n.use(catalog=catalog)
        spoken.append(before)
    spoken: list = []
    yield speak
    if spoken:
        i18n.use(catalog=spoken[0])


def test_a_second_language_is_a_catalog_not_a_code_change(speaking):
    english = seat_facts("trixter", 3, bids=[2, None, 0], tricks_won=[1, 0, 0],
                         scores=[14, -5, 0])
    assert english[0] == ["bid 2", "won 1", "14 pts"]
    speaking(pseudo_catalog("de"))
    assert seat_facts("trixter", 3, bids=[2, None, 0], tricks_won=[1, 0, 0],
                      scores=[14, -5, 0])[0] == ["«bid 2»", "«won 1»", "«14 pts»"]
    assert (plural(1, "trick"), plural(5, "trick")) == ("«1 trick#0»", "«5 tricks#1»")
    assert i18n.ordinal(2) == "«2nd»"


def test_plural_forms_follow_the_catalogs_rule(speaking):
    # three forms, chosen by the catalog's own rule (Polish: 1; 2-4, 22-24 ...; the rest)
    speaking(pseudo_catalog("pl"))
    assert [plural(n, "card") for n in (1, 3, 5, 22)] == [
        "«1 card#0»", "«3 cards#1»", "«5 cards#2»", "«22 cards#1»"]


def test_english_is_the_text_as_written():
    i18n.use("en")
    assert plural(1, "trick") == "1 trick" and plural(2, "trick") == "2 tricks"
    i18n.use("xx")  # a language with no catalog reads as written
    view = learner_views(TrixterGame.new(players=4, seed=2, dealer=1, first_hand=3), 0)
    assert status_text(view["table"]) == "Player 2 names trump."
    assert learner_views(TrixGame.new(seed=1), 2)["table"]["facts"][0] == ["0 pts"]
    i18n.use(None)


def template_messages() -> dict:
    with POT.open("rb") as f:
        return {m.id: m for m in read_po(f) if m.id}


def test_the_data_files_texts_are_in_the_template_with_where_they_are_from():
    said = template_messages()
    raw = next(p for p in json.loads((ROOT / "tutor/puzzles/data/trixter.json").read_text())
               if p["id"] == "make-n-001")
    for text, where in ((raw["title"], "title"), (raw["prompt"], "prompt"),
                        (first_hint(raw["explanation"], raw["prompt"]), "first hint"),
                        (once_over(raw["explanation"]), "explanation")):
        assert f"puzzle make-n-001: {where}" in said[text].auto_comments
        assert not said[text].locations  # no line numbers, no files: the words alone
    assert "At your first move" in once_over(raw["explanation"])
    lesson = json.loads((ROOT / "tutor/lessons/data/trix.json").read_text())
    ltoosh, deals = lesson["scenes"][0], lesson["questions"][0]
    assert "scene trix-01-ltoosh: react" in said[ltoosh["react"][0]["say"]].auto_comments
    assert "scene trix-01-ltoosh: title" in said[ltoosh["title"]].auto_comments
    assert "question trix-01-q-deals: text" in said[deals["text"]].auto_comments
    assert "question trix-01-q-deals: why" in said[deals["why"]].auto_comments
    assert "question trix-01-q-deals: wrong" in said[deals["wrong"][0]].auto_comments
    assert "question trix-01-q-deals: choices" in said["5"].auto_comments
    # Not what a learner reads: ids, cards, kinds, what the tests check the table says.
    claim = ltoosh["claims"][1]["says"]
    assert {"make-n-001", "KH", "exactly", "trick", claim} & set(said) == set()


def test_the_data_files_texts_are_said_in_the_learners_language(speaking):
    # The catalogue is read before a language is chosen: its texts are said when shown.
    puzzle = next(p for p in bundled() if p.id == "make-n-001")
    english = question("trix-01-q-deals")
    speaking(pseudo_catalog("de"))
    s = PuzzleSession(puzzle)
    assert s.hint(1) == ("«Count the tricks you still need and plan which cards will take "
                         "them.»")
    idea = s.key_idea()
    assert idea.startswith("«Count the tricks") and idea.endswith("trick.»")
    assert "At your first move, the 4♥ and the A♠ both work." in idea

    q = question("trix-01-q-deals")
    assert q.text == "«How many deals does one kingdom have?»" != english.text
    assert q.choices == ("«4»", "«5»", "«13»", "«20»")
    assert q.feedback(0) == "«Not quite. {why} Try again.»".format(
        why="«4 is the number of kingdoms (one for each player).»")
    assert q.feedback(1) == "«Right! {why}»".format(why=f"«{english.why}»")
    assert question("trixter-03-q-winner").choices[:2] == ("«Player 1»", "«Player 2»")

    table = GuidedSession(scene("trix-01-ltoosh"))
    table.play("KS")
    assert table.story[0].startswith("««You took the trick with the {card}»".format(card="K♠"))
    assert "«Your K♠ was the highest spade, so the trick is yours: −15 in Ltoosh. And now " \
           "you must lead.»" in table.story


def test_a_puzzle_file_of_ones_own_reads_as_written(speaking):
    mine = loads(json.dumps([{
        "id": "mine-1", "title": "My own", "game": "trixter", "theme": "make-n",
        "difficulty": 1, "seat": 0, "goal": {"kind": "exactly", "tricks": 2},
        "position": {"hands": ["AK2...", "QJ3...", "T94...", "875..."], "leader": 0},
        "prompt": "Take two tricks.",
        "explanation": "Lose the 2 first. Here only the A♠ works."}]))[0]
    speaking(pseudo_catalog("de"))
    s = PuzzleSession(mine)
    assert s.hint(1) == "Lose the 2 first."
    assert s.key_idea() == "Lose the 2 first. At your first move, only the A♠ works."
