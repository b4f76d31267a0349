"""What every widget of the tutor shares: the synced traits and the front-end sources.

A widget shows only what its ``state`` holds, and ``state`` is filled by the controller
(:mod:`widgets.play`) from ``game.observe(learner_seat)`` and other public facts. The
browser never sees the game object, so it cannot leak a hidden card.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from tutor.app.learners import LearnerError
from tutor.engine.i18n import gettext as _

from widgets.js_words import words_for
from widgets.who import arrive

HERE = Path(__file__).parent


def esm(name: str) -> str:
    """A widget's ES module: ``common.js`` (the helpers every widget shares) followed by
    the widget's own file ``name``. anywidget loads ``_esm`` from a string without a
    bundler, so a relative ``import`` has nothing to resolve against; joining the sources
    here works alike in Voila and on the static site (Pyodide).

    >>> "function h(" in esm("quiz.js") and "hello(ctx.model)" in esm("quiz.js")
    True
    """
    source = _join("common.js", name, "//")
    # Every widget tells the kernel who the learner is when first drawn (``hello`` in
    # common.js), without each module having to remember to.
    if source.count("export default {") != 1:
        raise ValueError(f"{name}: a widget module has one `export default {{`")
    return (source.replace("export default {", "const WIDGET = {")
            + "\nexport default { ...WIDGET, render(ctx) { hello(ctx.model); "
              "useWords(ctx.model); return WIDGET.render(ctx); } };\n")


def on_enter(field: Any, act: Any) -> None:
    """``act()`` when Enter is pressed in the text ``field``, as the button beside it does:
    a typed code or token is sent the way people send a form. ipywidgets' Text view sends
    ``{"event": "submit"}`` on Enter (its ``on_submit`` is deprecated, not the message)."""
    field.on_msg(lambda _w, content, _buffers: act() if isinstance(content, dict)
                 and content.get("event") == "submit" else None)


def css(name: str) -> str:
    """A widget's stylesheet: ``common.css`` followed by the widget's own file ``name``."""
    return _join("common.css", name, "/*", " */")


def _join(common: str, name: str, open_: str, close: str = "") -> str:
    parts = [(HERE / f).read_text(encoding="utf-8") for f in (common, name)]
    return f"{parts[0]}\n{open_} --- {name}{close}\n{parts[1]}"


class TutorWidget(anywidget.AnyWidget):
    """Base of the tutor's widgets: ``state`` (public facts), ``error`` (why the last
    request was refused), ``four_colour`` (spades black, hearts red, diamonds blue, clubs
    green)."""

    state = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    # Set once by the browser (``hello`` in common.js): who the learner is, which page.
    learner = traitlets.Unicode("").tag(sync=True)
    page = traitlets.Unicode("").tag(sync=True)
    # The module's words in the learner's language (widgets/js_words.py): empty in English.
    words = traitlets.Dict().tag(sync=True)

    def __init__(self, state: dict[str, Any] | None = None, **kwargs: Any) -> None:
        module = re.search(r"^// --- (\S+\.js)$", self._esm, re.M)
        kwargs.setdefault("words", words_for(module.group(1)) if module else {})
        super().__init__(state=dict(state or {}), **kwargs)
        self.observe(self._learner_arrived, names=["learner"])

    def _learner_arrived(self, change: Any) -> None:
        if not change["new"]:
            return
        try:
            arrive(change["new"], self.page)
        except LearnerError as e:
            self.error = _("Your progress cannot be kept: {reason}.").format(reason=e)


class Refused(ValueError):
    """A message from the browser that cannot be acted on; the text is shown."""


class Controller:
    """Mixin for a view that drives several widgets: each one's custom messages go to
    ``self.handle(content, source=widget)``; a bug is logged and shown through
    ``self._refuse(text, widget)``, never raised into the comm."""

    def _on_msg(self, widget: Any, content: Any, buffers: Any = None) -> None:
        try:
            self.handle(content, source=widget)
        except Exception as e:  # pragma: no cover - a bug; shown, not raised into the void
            logging.getLogger(type(self).__module__).exception("widget message failed")
            # Translators: {error} is the name of a programming error (a bug), e.g. KeyError.
            self._refuse(_("something went wrong: {error}").format(error=type(e).__name__),
                         widget)


class TableController(Controller):
    """A controller of a card table and its parts (``self.table``, ``self.parts``): a
    refusal shows on the table, and on the part that sent the refused message."""

    table: Any
    parts: list[Any]

    def _refuse(self, why: str, source: Any = None) -> None:
        why = why if len(why) <= 200 else why[:197] + "..."
        self.table.error = why
        if source is not None and source is not self.table and hasattr(source, "error"):
            source.error = why

    def _clear_errors(self) -> None:
        for w in self.parts:
            w.error = ""
