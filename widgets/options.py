"""The play pages' bar under the table (:class:`OptionsBar`, a part of
:class:`widgets.play.GameView`): the opponents' level, the game record's download, the
review of the game so far and the next game's options (:mod:`tutor.app.game_options`)."""

from __future__ import annotations

import base64
import datetime
import functools
import html
import json
from collections.abc import Callable
from typing import Any

import ipywidgets

from tutor.app import game_options
from tutor.app.session import level_name
from tutor.bots import LEVELS
from tutor.engine.i18n import N_, gettext as _
from tutor.engine.records import finished_record
from widgets.review import ReviewBoard

__all__ = ["OptionsBar", "record_name", "record_link", "no_record_yet"]


def record_name(game_name: str, today: datetime.date | None = None) -> str:
    """The download file name of a game record.

    >>> record_name("trix", datetime.date(2026, 11, 23))
    'trix-2026-11-23.json'
    """
    return f"{game_name}-{(today or datetime.date.today()).isoformat()}.json"


def record_link(record: dict[str, Any], label: str = N_("Download game record")) -> str:
    """An ``<a download>`` of a game record as a data URL (as the class set page hands
    in results): the file the review page reads. Give it :func:`finished_record`, never
    the live game's record: that holds the hands still being played."""

    name = record_name(record["format"].rsplit("/", 1)[-1])
    text = json.dumps(record, indent=1, ensure_ascii=False)
    data = base64.b64encode(text.encode()).decode()
    return (f'<a class="tt-record-link" download="{html.escape(name)}" '
            f'href="data:application/json;base64,{data}" data-testid="record-download" '
            f'style="font-weight:600;color:#0b57d0">{html.escape(_(label))}</a>')


def no_record_yet(game: str) -> str:
    """What stands where the record's download will be, before the first hand (or deal)
    is over."""
    # Trix plays deals, Trixter hands (tutor.engine.facts.deal_word).
    words = (_("The game record can be downloaded once a deal is over.") if game == "trix"
             else _("The game record can be downloaded once a hand is over."))
    return f'<span class="tt-record-link" style="color:#666">{words}</span>'


class OptionsBar:
    """The options bar of a :class:`widgets.play.GameView` (which holds the session, the
    table and the level, option controls, chosen and review board it sets up)."""

    def _options_bar(self, four_colour: bool, make_control: Callable[..., Any]
                     ) -> list[ipywidgets.Widget]:
        """The bar and the (hidden) options panel, each option's control made by
        ``make_control(option, value)`` (the tables' pages use the same)."""
        current = self.opponents if isinstance(self.opponents, str) else "beginner"
        levels = list(LEVELS) if current in LEVELS else list(LEVELS) + [current]
        self.level = ipywidgets.Dropdown(
            options=[(level_name(lv), lv) for lv in levels], value=current,
            description=_("Opponents"), layout=ipywidgets.Layout(width="260px"))
        self._quiet_level = False  # set while the level follows a resumed game's
        self.level.observe(lambda c: self._quiet_level or self.set_level(c["new"]),
                           names="value")
        # Translators: beside the opponents' level: a new level counts from their next move.
        from_next = _("(from their next move)")
        level_note = ipywidgets.HTML(f'<span style="color:#555;font-size:13px">{from_next}'
                                     "</span>")
        self.download = ipywidgets.HTML()
        tooltip = (_("see where you lost points, move by move (after a deal is over)")
                   if self.session.game_name == "trix" else
                   _("see where you lost points, move by move (after a hand is over)"))
        self.review_button = ipywidgets.Button(description=_("Review this game"), icon="search",
                                               disabled=True, tooltip=tooltip,
                                               layout=ipywidgets.Layout(width="auto"))
        self.review_button.on_click(lambda _b: self.open_review())
        self.review_area = ipywidgets.VBox()
        self._four_colour = four_colour
        self.options_button = ipywidgets.ToggleButton(
            description=_("Game options"), icon="cog",
            tooltip=_("players and rules for a new game"),
            layout=ipywidgets.Layout(width="auto"))
        panel = self._options_panel(make_control)
        self.options_button.observe(
            lambda c: setattr(panel.layout, "display", "" if c["new"] else "none"), names="value")
        bar = ipywidgets.HBox([self.level, level_note, self.download, self.review_button,
                               self.options_button],
                              layout=ipywidgets.Layout(flex_flow="row wrap",
                                                       align_items="center",
                                                       justify_content="center",
                                                       grid_gap="2px 14px", max_width="720px",
                                                       margin="4px auto"))
        bar.add_class("tt-options")
        return [bar, panel, self.review_area]

    def _options_panel(self, make_control: Callable[..., Any]) -> ipywidgets.VBox:
        """The next game's options (from :func:`tutor.app.game_options.options_for`), hidden
        until "Game options" is pressed."""
        self.chosen = self.session.options()
        for option in game_options.options_for(self.session.game_name, self.chosen):
            control = make_control(option, self.chosen[option.name])
            control.observe(functools.partial(self._on_choice, option.name), names="value")
            self.option_controls[option.name] = control
        self.next_game = ipywidgets.HTML()
        start = ipywidgets.Button(description=_("New game with these options"), icon="play",
                                  button_style="primary", layout=ipywidgets.Layout(width="auto"))
        start.on_click(lambda _b: self.ask_new_game())
        self._syncing = False
        self._show_choices()
        grid = ipywidgets.HBox(list(self.option_controls.values()),
                               layout=ipywidgets.Layout(flex_flow="row wrap", grid_gap="4px 16px",
                                                        align_items="center"))
        panel = ipywidgets.VBox([grid, self.next_game, start], layout=ipywidgets.Layout(
            display="none", max_width="720px", margin="0 auto 6px", padding="6px 10px",
            border="1px solid #ccc", align_items="flex-start"))
        panel.add_class("tt-game-options")
        return panel

    def _on_choice(self, name: str, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.choose(**{name: change["new"]})

    def choose(self, **values: Any) -> bool:
        """Choose options for the next game (names and values of
        :func:`tutor.app.game_options.options_for`); the running game goes on. A junk choice is
        refused with the reason and changes nothing. True if taken."""
        try:
            self.chosen = game_options.check(self.session.game_name, values, base=self.chosen)
        except game_options.OptionError as e:
            self._refuse(str(e))
            self._show_choices()  # the panel back to what is chosen
            return False
        self._show_choices()
        return True

    def _show_choices(self) -> None:
        """The panel shows :attr:`chosen` (Trixter's first hands for the players chosen)
        and the line the next game's table will show."""
        self._syncing = True
        try:
            for option in game_options.options_for(self.session.game_name, self.chosen):
                control = self.option_controls[option.name]
                if not option.switch and list(control.options) != list(option.choices):
                    control.options = list(option.choices)
                control.value = self.chosen[option.name]
        finally:
            self._syncing = False
        same = self.chosen == self.session.options()
        words = html.escape(game_options.preview(self.session.game_name, self.chosen,
                                                 base=self.game))
        # Translators: the next game's setup ({setup}, as the table will say it), in the
        # game options; "as this one" when it is the same as the game on the table.
        line = (_("<b>Next game:</b> {setup} (as this one)") if same
                else _("<b>Next game:</b> {setup}")).format(setup=words)
        self.next_game.value = f'<span style="font-size:13px">{line}</span>'

    def ask_new_game(self) -> bool:
        """"New game with these options": started at once if nothing would be lost (the
        game is over, or the learner has not acted yet), else the table asks first, as
        its own New game does. True if the new game started."""
        if self.game.is_over or not self.session.learner_has_acted:
            return self.new_game()
        words = game_options.preview(self.session.game_name, self.chosen, base=self.game)
        self.table.question = _("Start a new game ({setup})? This game will be lost.").format(
            setup=words)
        return False

    def set_level(self, level: str) -> None:
        """Every computer seat plays at ``level`` (one of :data:`tutor.bots.LEVELS`) from
        its next move on."""
        self.session.set_level(level)
        if self.level is not None and self.level.value != level:
            self.level.value = level
        self.refresh()

    def _update_options(self) -> None:
        """The download link and the review button, at the moments the learner may use
        them (not after every computer card)."""
        if self.level is None:
            return
        rec = finished_record(self.game)  # never the hand in play: its cards are hidden
        self.download.value = no_record_yet(self.session.game_name) if rec is None \
            else record_link(rec)
        ready = rec is not None
        self.review_button.disabled = not ready
        self.review_button.description = _("Review this game") if self.game.is_over \
            or not ready else _("Review the game so far")

    def open_review(self) -> Any:
        """A :class:`~widgets.review.ReviewBoard` of the finished hands for the learner's
        seat, below the table (the review runs in the background)."""

        rec = finished_record(self.game)
        if rec is None:
            self._refuse(_("finish a deal first: then it can be reviewed")
                         if self.session.game_name == "trix" else
                         _("finish a hand first: then it can be reviewed"))
            return None
        if self.review_board is not None:
            self.review_board.stop()
        self.review_board = ReviewBoard(rec, seat=self.seat, four_colour=self._four_colour)
        close = ipywidgets.Button(description=_("Close the review"), icon="times",
                                  layout=ipywidgets.Layout(width="auto"))
        close.on_click(lambda _b: self.close_review())
        self.review_area.children = [self.review_board, close]
        return self.review_board

    def close_review(self) -> None:
        """Take the review away (and stop it if it is still running)."""
        if self.review_board is not None:
            self.review_board.stop()
        self.review_board = None
        self.review_area.children = []

    def _level_follows_game(self) -> None:
        """The level shown follows a resumed game's, without setting it again."""
        if self.level is not None and isinstance(self.opponents, str) \
                and self.level.value != self.opponents:
            self._quiet_level = True
            try:
                self.level.value = self.opponents
            finally:
                self._quiet_level = False
