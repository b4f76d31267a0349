"""The play pages' game in progress, saved for the learner as it goes, and a saved one
offered when the page opens again (:class:`SavedGameOffer`, a part of
:class:`widgets.play.GameView`; see docs/design-notes.md)."""

from __future__ import annotations

import logging
from typing import Any

from tutor.app.learners import LearnerError, lesson_of_page
from tutor.app.saved import SavedGame
from tutor.engine.i18n import N_, gettext as _
from widgets import who as learners

__all__ = ["SavedGameOffer", "PLAY_PAGES", "CHOOSE_FIRST"]

log = logging.getLogger(__name__)

PLAY_PAGES = {"play_trixter.ipynb": "trixter", "play_trix.ipynb": "trix"}
"""The pages whose game is saved for the learner as it goes (one per page), by curriculum
path: the play pages only, not the full-game lessons that use the same table."""

CHOOSE_FIRST = N_("First choose: resume your saved game, or start a new one.")
"""Said (translated: ``_(CHOOSE_FIRST)``) while a saved game waits for an answer."""


class SavedGameOffer:
    """The saved game of a :class:`widgets.play.GameView` (which holds the session, the
    table, and ``keeper``, ``kind`` and ``offered``: whose game, which page's, and the
    saved game offered until the learner answers)."""

    def _find_home(self, change: Any = None) -> None:
        """Once the learner and the page are both known: on a play page of this game, offer
        the learner's saved game, and save this one as it goes from then on."""
        if self.keeper is not None:
            return
        learner = learners.current()
        page = next((w.page for w in self.parts if w.page), "")
        kind = PLAY_PAGES.get(lesson_of_page(page) or "")
        if learner is None or kind != self.session.game_name:
            return
        self.keeper, self.kind = learner, kind
        try:
            self._offer_saved()
        except Exception:  # pragma: no cover - a bug here must not stop the game
            log.exception("the saved game could not be offered")
            self.offered = None
            self.table.offer = {}

    def _offer_saved(self) -> None:
        assert self.keeper is not None and self.kind is not None
        text = self.keeper.saved_game(self.kind)
        if text is None:
            self.refresh()
            return
        try:
            saved = SavedGame.read(text, self.kind)
        except Exception as e:  # noqa: BLE001 - whatever is wrong, it cannot be resumed
            log.warning("saved %s game set aside: %s", self.kind, e)
            # Dropped: it cannot be resumed, and a progress file holding it would not load.
            self.keeper.drop_game(self.kind)
            self.session.note = _("Your saved game could not be read (the file is damaged).")
            self.refresh()
            return
        if saved.game.is_over:  # nothing left to play
            self.keeper.drop_game(self.kind)
            self.refresh()
            return
        self.offered = saved
        self.table.offer = saved.offer()
        self.refresh()

    def _keep(self) -> None:
        """Save the game for its learner after a change (a play page, no offer waiting):
        dropped once over, or while it holds nothing of the learner's to lose."""
        if self.keeper is None or self.kind is None or self.offered is not None:
            return
        try:
            if self.game.is_over or not self.session.learner_has_acted:
                self.keeper.drop_game(self.kind)
            else:
                self.keeper.save_game(self.kind, self.session.saved_record())
        except (OSError, LearnerError) as e:  # a full disk must not stop the game
            log.warning("the game in progress was not saved: %s", e)

    def _choose_first(self, source: Any = None) -> bool:
        """While a saved game is offered, only the offer's answers act."""
        if self.offered is None:
            return False
        self._refuse(_(CHOOSE_FIRST), source)
        return True

    def resume(self, source: Any = None) -> bool:
        """The answer "Resume it": the saved game replaces the one on the table, at the
        decision where it was left; the computer seats play on. True if resumed."""
        if self.offered is None:
            self._refuse(_("there is no saved game to resume"), source)
            return False
        saved = self.offered
        try:
            self.session.resume(saved)
        except ValueError as e:  # pragma: no cover - read() already checked it
            self._refuse(str(e), source)
            return False
        self.offered = None
        self.table.offer = {}
        self.table.question = ""
        self._level_follows_game()
        self._game_replaced()
        return True

    def start_fresh(self, source: Any = None) -> bool:
        """The answer "Start a new game": the saved game is dropped and the game on the
        table goes on (saved from the learner's first action). True if done."""
        if self.offered is None or self.keeper is None or self.kind is None:
            self._refuse(_("there is no saved game to set aside"), source)
            return False
        self.offered = None
        self.table.offer = {}
        self.keeper.drop_game(self.kind)
        self.session.note = _("A new game; the saved one is gone.")
        self.refresh(clear_errors=True)
        return True
