"""The ideas of Trixter, each with its detector (:mod:`tutor.advice.ideas`), in priority order."""

from __future__ import annotations

from tutor.advice.ideas import Detector, Idea

__all__ = ["IDEAS", "DETECTORS"]

IDEAS: list[Idea] = []
DETECTORS: list[Detector] = []
