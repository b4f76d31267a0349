"""The words ready for a second language: the template is current, every marked message is
one Babel can extract, and a catalog (built here, as a translator's would be) changes what a
learner reads without a change to the code, plural forms included."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tutor import TrixGame, TrixterGame
from tutor.app.views import learner_views
from tutor.app.words import status_text
from tutor.engine import i18n
from tutor.engine.facts import plural, seat_facts

babel = pytest.importorskip("babel")
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
