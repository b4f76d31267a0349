"""The curriculum: every scene, question and lesson notebook.

Scenes are played through their claims (what the prose promises), questions are built
from the engine, and the notebooks are read for their shape: links, calls, prose.
"""

from __future__ import annotations

import ast
import asyncio
import json
import re
from pathlib import Path

import pytest

from tutor.engine.cards import Card
from tutor.lessons import LESSONS, GuidedSession, neighbours, questions, scenes
from tutor.lessons.curriculum import lesson
from tutor.lessons.quiz import QuizError, parse_question
from tutor.lessons.scene import SceneError, load_scenes
from tutor.puzzles import bundled

ROOT = Path(__file__).resolve().parents[1]
LESSONS_DIR = ROOT / "lessons"
SCENES = scenes()
QUESTIONS = questions()
PUZZLE_IDS = {p.id for p in bundled()}
CALLS = {"guided", "check", "puzzle", "hand_size_chart", "bid_advisor", "contract_chooser",
         "trixter_game", "trix_game", "class_set", "teacher_page", "puzzle_trainer",
         "puzzle_rush",
         "review_page", "learner_map", "tables_page", "class_tables_page"}
CARD_IN_BOLD = re.compile(r"\*\*((?:10|[AKQJ2-9])[♠♥♦♣])\*\*")


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


# --- scenes -----------------------------------------------------------------------------
@pytest.mark.parametrize("sid", sorted(SCENES))
def test_scene_goal_is_reachable_from_the_start(sid):
    s = GuidedSession(SCENES[sid])
    s.advance()
    assert s.to_move == s.seat, "the learner must have a decision to make"
    assert s.winning(), f"{sid}: no card reaches the goal against best defence"


def _run(scene, cards):
    s = GuidedSession(scene)
    s.advance()
    start = s.position.won[s.seat] if not s.is_trex else 0
    for card in cards:
        assert s.to_move == s.seat, f"not the learner's turn for {card}"
        s.play(card)
    return s, start


CLAIMS = [(sid, i) for sid, sc in sorted(SCENES.items()) for i in range(len(sc.claims))]


@pytest.mark.parametrize(("sid", "i"), CLAIMS)
def test_scene_claim_holds(sid, i):
    scene = SCENES[sid]
    claim = scene.claims[i]
    s, start = _run(scene, claim.play)
    if claim.reached is not None:
        assert s.over and s.reached() == claim.reached, (s.status(), s.story)
    if claim.won is not None:
        assert s.position.won[s.seat] - start == claim.won
    if claim.says:
        assert any(claim.says in line for line in s.story), s.story


def test_every_scene_makes_a_claim():
    assert not [sid for sid, sc in SCENES.items() if not sc.claims]


def test_first_scene_tells_the_trick_and_refuses_a_revoke():
    """A hand-checked scene: the 2♥ is a revoke; the K♠ takes trick 1, then the 3♠ and
    the 2♥ take the rest because nobody else has those suits."""
    s = GuidedSession(SCENES["trixter-01-follow"])
    assert s.why_illegal("2H").startswith("You must follow suit")
    s.play("KS")
    assert s.story[-1] == "You took the trick with the K♠: the highest spade, the suit led."
    s.play("3S")
    assert s.outcome == "solved" and s.position.won[0] == 3
    s.retry()
    s.play("3S")
    assert "East took the trick with the Q♠: the highest spade, the suit led." in s.story


@pytest.mark.parametrize("bad, words", [
    ('{"scenes": [1]}', "not an object"),
    ('{"scenes": [{"id": "x"}]}', "missing"),
    ('[]', "expected"),
    ('nonsense', "not JSON"),
])
def test_bad_scene_files_are_refused_with_a_reason(bad, words):
    with pytest.raises(SceneError, match=words):
        load_scenes(bad)


def test_bad_scene_fields_are_named():
    good = json.loads(json.dumps({"scenes": [{
        "id": "t", "title": "t", "game": "trixter", "seat": 0,
        "position": {"hands": ["K3.2..", "Q..8.5", "4..J.9", "..A.6"], "leader": 3,
                     "trick": ["7S"]}, "goal": {"kind": "max-tricks", "tricks": 1},
        "prompt": "p"}]}))
    assert load_scenes(json.dumps(good))[0].id == "t"
    for field, value, words in [("script", {"0": ["KS"]}, "not a computer seat"),
                                ("script", {"1": ["ZZ"]}, "script 1"),
                                ("react", [{"say": "x"}], "one of card, trick, end"),
                                ("react", [{"trick": 0, "say": "x"}], "trick number"),
                                ("claims", [{"play": ["KS"], "won": "1"}], "won a number")]:
        bad = json.loads(json.dumps(good))
        bad["scenes"][0][field] = value
        with pytest.raises(SceneError, match=words):
            load_scenes(json.dumps(bad))


# --- questions ----------------------------------------------------------------------------
def test_questions_load_and_answer_in_range():
    assert QUESTIONS
    for q in QUESTIONS.values():
        assert 0 <= q.answer < len(q.choices) and len(set(q.choices)) == len(q.choices), q.id
        assert q.feedback(q.answer).startswith("Right")


def test_winner_question_is_computed_by_the_engine():
    q = parse_question({"id": "w", "kind": "winner", "trick": ["5H", "KH", "2S", "AH"],
                        "leader": 1, "trump": "S", "why": ""})
    # East leads the 5♥, South K♥, West the 2♠ (a trump), North A♥: West takes it.
    assert q.choices[q.answer] == "West"


@pytest.mark.parametrize("obj, words", [
    ({"id": "x", "kind": "legal", "hand": "KS AH", "trick": ["7S"], "choices": ["KS", "AH"],
      "why": ""}, None),
    ({"id": "x", "kind": "legal", "hand": "KS 2S", "trick": ["7S"], "choices": ["KS", "2S"],
      "why": ""}, "exactly one choice"),
    ({"id": "x", "kind": "nonsense"}, "'kind'"),
    ({"id": "x", "kind": "score", "bid": -1, "tricks": 0}, "'bid'"),
    ({"id": "x", "kind": "choice", "text": "?", "choices": ["a"], "answer": 0, "why": "w"},
     "at least two"),
    ({"id": "x", "kind": "trex", "layout": "QH", "choices": ["JS"], "why": ""},
     "cannot hold"),
    ({"id": "x", "kind": "choice", "text": "?", "choices": ["a", "b", "c"], "answer": 0,
      "wrong": ["", "b is wrong"], "why": "w"}, "why each wrong choice is wrong .*'c'"),
])
def test_bad_questions_are_refused(obj, words):
    if words is None:
        assert parse_question(obj).choices == ("K♠", "A♥")
    else:
        with pytest.raises(QuizError, match=words):
            parse_question(obj)


SENTENCE_START = re.compile(r"(?:^|(?<=[.!?])\s+)(\S)")
ASCII_MINUS = re.compile(r"(?<![\w-])-(?=\d)")


def _lowercase_starts(text: str) -> list[str]:
    """The sentences of ``text`` that start with a lower-case letter."""
    return [text[m.start(1):m.start(1) + 30] for m in SENTENCE_START.finditer(text)
            if m[1].islower()]


@pytest.mark.parametrize("qid", sorted(QUESTIONS))
def test_quiz_feedback_gives_a_reason_in_sentences_with_the_real_minus(qid):
    """Every wrong choice says why it is wrong (not just "Not quite"); every sentence of
    the feedback starts with a capital; a negative number has the minus sign "−", as the
    prose writes it, never the hyphen "-"."""
    q = QUESTIONS[qid]
    for i, choice in enumerate(q.choices):
        said = q.feedback(i)
        if i != q.answer:
            reason = said.removeprefix("Not quite.").removesuffix("Try again.").strip()
            assert said.startswith("Not quite.") and len(reason) > 10, (choice, said)
        assert not _lowercase_starts(said), (choice, said)
        assert not ASCII_MINUS.search(said), said
    for text in (q.text, *q.choices):
        assert not ASCII_MINUS.search(text), text


def test_number_choices_use_the_real_minus():
    q = parse_question({"id": "x", "kind": "score", "bid": 2, "tricks": 3, "why": "a miss."})
    assert q.choices[q.answer] == "−5" and all("-" not in c for c in q.choices)
    assert q.feedback(q.answer) == "Right! A miss."


@pytest.mark.parametrize("sid", sorted(SCENES))
def test_scene_texts_use_the_real_minus(sid):
    sc = SCENES[sid]
    texts = [sc.puzzle.prompt, sc.puzzle.explanation] + [r.say for r in sc.reactions]
    assert not [t for t in texts if ASCII_MINUS.search(t)]


# --- notebooks --------------------------------------------------------------------------------
NOTEBOOKS = sorted(p.relative_to(LESSONS_DIR).as_posix() for p in LESSONS_DIR.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)


def test_every_notebook_is_on_the_map_and_every_lesson_exists():
    listed = {x.path for x in LESSONS}
    assert set(NOTEBOOKS) - {"00_start_here.ipynb"} == listed


def _calls(path: str) -> list[tuple[str, list]]:
    """Each call in the notebook's code cells, as (name, literal args); fails on any
    other statement, so no game logic hides in a notebook."""
    out = []
    for cell in _notebook(LESSONS_DIR / path)["cells"]:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse(_source(cell))
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                assert node.module and node.module.startswith("widgets"), path
                continue
            assert isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) \
                and isinstance(node.value.func, ast.Name), \
                f"{path}: code cells hold imports and one-line calls only"
            name = node.value.func.id
            assert name in CALLS, f"{path}: unknown call {name}"
            args = [ast.literal_eval(a) for a in node.value.args]
            for kw in node.value.keywords:
                ast.literal_eval(kw.value)
            out.append((name, args))
    return out


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_notebook_calls_name_existing_data(path):
    for name, args in _calls(path):
        if name == "guided":
            assert args[0] in SCENES, f"{path}: no scene {args[0]}"
        elif name == "check":
            assert args and all(a in QUESTIONS for a in args), f"{path}: {args}"
        elif name == "puzzle":
            assert args[0] in PUZZLE_IDS, f"{path}: no puzzle {args[0]}"


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_notebook_code_runs(path, learner_home, monkeypatch):
    """Each notebook's code cells, in order, in this process (a fresh namespace, the
    notebook's folder as the working directory, a fresh learner, an event loop running
    as a kernel's does, for the pages that reach the table service): every table, check
    and puzzle it shows is built without an error. The quick lane's run of the notebooks;
    `make test` also runs each in a Jupyter kernel of its own (nbval, marked slow in
    conftest.py: a kernel costs a second of a core to start)."""
    monkeypatch.chdir((LESSONS_DIR / path).parent)

    async def run() -> None:
        namespace: dict = {}
        for i, cell in enumerate(_notebook(LESSONS_DIR / path)["cells"]):
            if cell["cell_type"] == "code":
                exec(compile(_source(cell), f"{path}, cell {i}", "exec"), namespace)
        started = asyncio.all_tasks() - {asyncio.current_task()}
        if started:  # what the cells started (a page's line to the table service)
            await asyncio.wait(started, timeout=10)

    asyncio.run(run())


LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_notebook_links_resolve(path):
    here = (LESSONS_DIR / path).parent
    for cell in _notebook(LESSONS_DIR / path)["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        for target in LINK.findall(_source(cell)):
            if target.startswith(("http://", "https://", "#", "mailto:")):
                continue
            file = target.split("#")[0]
            assert (here / file).resolve().exists(), f"{path}: broken link {target}"


TRACK_LESSONS = [x.path for x in LESSONS if x.track in ("trixter", "trix")]


@pytest.mark.parametrize("path", TRACK_LESSONS)
def test_track_lesson_links_previous_map_and_next(path):
    cells = [c for c in _notebook(LESSONS_DIR / path)["cells"] if c["cell_type"] == "markdown"]
    prev, nxt = neighbours(path)
    here = Path(path).parent
    for cell in (cells[0], cells[-1]):
        links = [Path(here, t).as_posix() for t in LINK.findall(_source(cell))]
        assert any(lk.endswith("00_start_here.ipynb") for lk in links), path
        if prev:
            assert prev.path in links, f"{path}: no link back to {prev.path}"
        if nxt:
            assert nxt.path in links, f"{path}: no link on to {nxt.path}"
    assert _source(cells[0]).startswith("# "), f"{path}: starts with its title"
    assert lesson(path).title.split(" (")[0].lower() in _source(cells[0]).lower()


@pytest.mark.parametrize("path", TRACK_LESSONS)
def test_track_lesson_has_a_table_a_check_and_a_puzzle_or_game(path):
    names = [n for n, _ in _calls(path)]
    if path.endswith("rules.ipynb"):
        return
    assert "check" in names, f"{path}: no check of understanding"
    assert {"guided", "trixter_game", "trix_game"} & set(names), f"{path}: no table"
    assert {"puzzle", "trixter_game", "trix_game"} & set(names), f"{path}: no puzzle"


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_cards_the_prose_names_are_played_in_the_scene_claims(path):
    """A card in bold in the prose just before a guided table is one the learner is told
    to try: it is in their hand, and when it may be played at once, a claim of that scene
    plays it, so the engine checks what follows."""
    cells = _notebook(LESSONS_DIR / path)["cells"]
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code" or not _source(cell).startswith("guided("):
            continue
        sid = ast.literal_eval(ast.parse(_source(cell)).body[0].value.args[0])
        prose = _source(cells[i - 1]) if i and cells[i - 1]["cell_type"] == "markdown" else ""
        played = {c for claim in SCENES[sid].claims for c in claim.play}
        s = GuidedSession(SCENES[sid])
        s.advance()
        for text in CARD_IN_BOLD.findall(prose):
            card = Card.parse(text)
            assert card in s.position.hands[s.seat], f"{path}: {text} is not in the hand"
            if card in s.legal():
                assert card in played, f"{path}: {text} is named but no claim plays it"


def test_start_page_is_the_map_of_every_lesson():
    links = set()
    for cell in _notebook(LESSONS_DIR / "00_start_here.ipynb")["cells"]:
        links |= set(LINK.findall(_source(cell)))
    missing = [x.path for x in LESSONS if x.path not in links]
    assert not missing, f"the start page does not link {missing}"


# RULES.md part C, the words a learner meets: each must be in the glossary.
GLOSSARY_TERMS = ["kingdom", "mamlaka", "owner", "talabat", "King of Hearts",
                  "Sheikh el-Koobbah", "Diamonds", "Dinari", "Queens", "girls", "Banat",
                  "Ltoosh", "slaps", "collections", "doubling", "tadbeel", "Tafreesh",
                  "Tlata'shawy", "peak hand", "bid", "hook", "screw the dealer", "trump",
                  "follow suit", "void", "lead", "trick", "Trex", "joker"]


def test_glossary_has_every_word_of_the_rules():
    text = "".join(_source(c) for c in _notebook(LESSONS_DIR / "glossary.ipynb")["cells"])
    assert not [t for t in GLOSSARY_TERMS if t.lower() not in text.lower()]


GLOSSARY_ROW = re.compile(r"^\| \*\*(.+?)\*\*.*\[[^]]+\]\(([^)]+\.ipynb)\) \|$", re.M)


def test_every_glossary_link_goes_to_a_lesson_that_uses_the_word():
    """The glossary sent "Tafreesh", "Tlata'shawy" and "hook" to lessons that never say
    them: each term's lesson must use it."""
    text = "".join(_source(c) for c in _notebook(LESSONS_DIR / "glossary.ipynb")["cells"])
    rows = GLOSSARY_ROW.findall(text)
    assert len(rows) >= 25 and {t for t, _ in rows} >= {"Tafreesh", "Tlata'shawy", "hook"}
    missing = []
    for term, target in rows:
        lesson_text = "".join(_source(c) for c in _notebook(LESSONS_DIR / target)["cells"])
        if term.lower() not in lesson_text.lower():
            missing.append((term, target))
    assert not missing


def test_every_scene_and_question_is_used_by_a_lesson():
    used = {a for path in NOTEBOOKS for name, args in _calls(path)
            if name in ("guided", "check") for a in args}
    assert not (set(SCENES) | set(QUESTIONS)) - used
