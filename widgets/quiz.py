"""``Quiz``: a check of understanding. Each question's choices are buttons; Python
checks the pick and answers at once (the right answer never reaches the browser before
it is found)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.engine.i18n import N_, gettext as _
from tutor.lessons.quiz import Question

from widgets._base import Controller, Refused, TutorWidget, css, esm
from widgets.who import when_known
from widgets.messages import read

__all__ = ["Quiz"]



class Quiz(Controller, TutorWidget):
    """Questions with instant feedback. The browser sends ``{"type": "answer",
    "question": i, "choice": j}``; a wrong pick says why and may be tried again; the
    summary counts the questions answered right at the first try."""

    _esm = esm("quiz.js")
    _css = css("quiz.css")

    def __init__(self, questions: Sequence[Question], title: str = N_("Check yourself")) -> None:
        super().__init__()
        if not questions:
            raise ValueError("a quiz needs at least one question")
        self.questions = list(questions)
        self.title = _(title) if title else title  # in the learner's language
        self.picked: list[list[int]] = [[] for _q in self.questions]
        self.on_msg(self._on_msg)
        self._fill()

    def handle(self, content: Any, source: Any = None) -> bool:
        """Check one answer message; a malformed one is refused and changes nothing."""
        try:
            _kind, fields = read("quiz", content, last_question=len(self.questions) - 1)
        except Refused as e:
            return self._refuse(str(e))
        i, j = fields["question"], fields["choice"]
        if not j < len(self.questions[i].choices):
            return self._refuse(_("no such question or choice"))
        return self.answer(i, j)

    def answer(self, i: int, choice: int) -> bool:
        """The learner picks ``choice`` for question ``i``."""
        if self.questions[i].answer in self.picked[i]:
            return self._refuse(_("You already found this one."))
        if choice in self.picked[i]:
            return self._refuse(_("You tried that one already."))
        self.picked[i].append(choice)
        self.error = ""
        if all(q.answer in p for q, p in zip(self.questions, self.picked)):
            # The check is finished: it counts for the learner's lesson mark (their own).
            # Saved before "All done" shows: a learner who leaves on seeing it closes the
            # page's kernel, and a mark not yet written would be lost.
            ids, right = [q.id for q in self.questions], self.first_try
            when_known(lambda learner: learner.mark_check(ids, right))
        self._fill()
        return True

    def _refuse(self, why: str, source: Any = None) -> bool:
        self.error = why
        return False

    @property
    def first_try(self) -> int:
        """Questions answered right at the first pick."""
        return sum(1 for q, p in zip(self.questions, self.picked) if p[:1] == [q.answer])

    def _fill(self) -> None:
        items = []
        for q, picks in zip(self.questions, self.picked):
            done = q.answer in picks
            items.append({"id": q.id, "text": q.text, "choices": list(q.choices),
                          "picked": list(picks), "right": q.answer if done else None,
                          "feedback": q.feedback(picks[-1]) if picks else ""})
        answered = sum(1 for it in items if it["right"] is not None)
        summary = ""
        if answered == len(items):
            right, total = self.first_try, len(items)
            summary = (_("All done: {right} of {total} right at the first try. Well played!")
                       if right == total else
                       _("All done: {right} of {total} right at the first try.")).format(
                right=right, total=total)
        self.state = {"title": self.title, "questions": items, "summary": summary}
