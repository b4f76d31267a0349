"""The curriculum's pure-Python side: the lesson map (:mod:`.curriculum`), scripted
lesson deals that react to the learner (:mod:`.scene`), checks of understanding whose
answers come from the engine (:mod:`.quiz`) and class sets for teachers
(:mod:`.classset`). The notebooks in ``lessons/`` only call these through ``widgets``.
"""

from __future__ import annotations

from tutor.lessons.curriculum import LESSONS, Lesson, lesson, neighbours
from tutor.lessons.quiz import Question, question, questions
from tutor.lessons.scene import GuidedSession, Scene, scene, scenes

__all__ = ["LESSONS", "Lesson", "lesson", "neighbours", "Question", "question",
           "questions", "Scene", "GuidedSession", "scene", "scenes"]
