"""``CardTable``: the seats around the table, the trick, the learner's hand, a message line.

Clicking a card (or arrows + Enter) sends ``{"type": "play", "card": "QS"}``; the toolbar
sends ``{"type": "undo"}``, ``{"type": "new_game"}``, ``{"type": "hint"}``. The controller
validates each one.
"""

from __future__ import annotations

import traitlets

from widgets._base import TutorWidget, css, esm

__all__ = ["CardTable"]


class CardTable(TutorWidget):
    """The card table for 3 to 8 seats, drawn from ``state`` (an observation).

    ``open_hands`` maps a seat (as text) to its cards, only for seats a lesson chose to
    show face up; ``message`` is the status line; ``controls`` lists the toolbar buttons
    to show (``"undo"``, ``"new_game"``: the table asks before it sends ``new_game``, except
    at the end of the game; ``question``, when set, asks with those words; ``"hint"``: the
    ranked options of ``hint`` below). ``result`` is
    the end of the game in words (``title``, ``rows`` of places and scores, ``words``; see
    :func:`tutor.app.session.game_result`), empty until then. ``offer``, when set, offers the
    learner's saved game above the table (which is dimmed until they answer).
    """

    _esm = esm("table.js")
    _css = css("table.css")

    open_hands = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    controls = traitlets.List(traitlets.Unicode()).tag(sync=True)
    result = traitlets.Dict().tag(sync=True)
    # Python's own "Start a new game …?" (the options' New game): the table's question box
    # with these words; both answers go back to Python, which clears it.
    question = traitlets.Unicode("").tag(sync=True)
    # A saved game to resume (the play pages, after a reload): ``title`` and ``text`` from
    # Python; "Resume it" sends ``resume``, "Start a new game" ``start_fresh``; Python clears it.
    offer = traitlets.Dict().tag(sync=True)
    # The hint for the learner's decision (controls has "hint"; the button sends ``hint``):
    # Python's words (tutor.app.session.hint_words), ``{"thinking": True}`` while it is worked
    # out, ``{}`` when none. Below the toolbar, never over the cards.
    hint = traitlets.Dict().tag(sync=True)
    # Why Undo has nothing to take back now ("" when it has): its button is off, saying so.
    no_undo = traitlets.Unicode("").tag(sync=True)
    # Seconds between the browser's ``{"type": "here"}`` (0: none): a table of people's
    # page says it is still open, so a tab closed without a goodbye frees its seat.
    beat = traitlets.Float(0).tag(sync=True)
