"""What every widget of the tutor shares: the synced traits and the asset paths.

A widget shows only what its ``state`` holds, and ``state`` is filled by the controller
(:mod:`widgets.play`) from ``game.observe(learner_seat)`` and other public facts. The
browser never sees the game object, so it cannot leak a hidden card.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

HERE = Path(__file__).parent


class TutorWidget(anywidget.AnyWidget):
    """Base of the tutor's widgets: ``state`` (public facts), ``error`` (why the last
    request was refused), ``four_colour`` (spades black, hearts red, diamonds blue, clubs
    green)."""

    state = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)

    def __init__(self, state: dict[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(state=dict(state or {}), **kwargs)
