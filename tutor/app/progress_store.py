"""The file a learner's puzzle progress lives in.

``ProgressStore`` keeps a :class:`~tutor.app.progress.Progress` in a small JSON file (see
``default_path``): a missing file means fresh progress; a corrupt or unreadable one is moved
aside to a timestamped ``.bak`` file (never overwritten) and ``store.warning`` says so in
words for the learner; ``save`` writes atomically, and ``store.record`` saves at once, so a
finished result is on disk before it returns. Two processes saving at once cannot corrupt
the file (the later save wins).
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import time
from collections.abc import Mapping
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any

from tutor.app.attempts import Attempt, ProgressFormatError
from tutor.app.progress import Progress
from tutor.engine.i18n import gettext as _

__all__ = ["ProgressStore", "default_path", "atomic_write", "FILE_NAME", "APP_DIR"]

log = logging.getLogger(__name__)

FILE_NAME = "progress.json"
APP_DIR = "trix-tutor"


def default_path() -> Path:
    """Where the progress file lives unless told otherwise.

    ``$TRIX_TUTOR_HOME/progress.json`` when that is set; else the platform's per-user data
    folder: ``%APPDATA%\\trix-tutor`` on Windows, ``~/Library/Application Support/trix-tutor``
    on macOS, ``$XDG_DATA_HOME/trix-tutor`` (default ``~/.local/share/trix-tutor``) elsewhere.
    """
    home = os.environ.get("TRIX_TUTOR_HOME")
    if home:
        return Path(home).expanduser() / FILE_NAME
    if sys.platform.startswith("win"):
        appdata = os.environ.get("APPDATA")
        base = Path(appdata) if appdata else Path.home() / "AppData" / "Roaming"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / APP_DIR / FILE_NAME


def _replace(src: str, dst: Path) -> None:
    # Windows refuses to replace a file another process has open for a moment: retry briefly.
    for delay in (0.02, 0.05, 0.1, 0.2, 0.4):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if not sys.platform.startswith("win"):
                raise
            time.sleep(delay)
    os.replace(src, dst)


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old file or the new one.

    Public because every file of a learner is saved this way: the progress file here, and
    the lesson marks, saved games and class sets of :mod:`tutor.app.learners`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        _replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        with suppress(OSError):
            dir_fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)


class ProgressStore:
    """A ``Progress`` kept in a JSON file; ``record`` saves every finished attempt at once.

    ``load`` never fails on a bad file: it starts fresh, moves the bad file aside to
    ``<name>.<timestamp>.bak`` (``backup``) and leaves a message for the learner in
    ``warning``.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.warning: str | None = None
        self.backup: Path | None = None
        self._progress: Progress | None = None

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r})"

    @property
    def progress(self) -> Progress:
        """The progress, loaded from the file on first use."""
        if self._progress is None:
            self.load()
        assert self._progress is not None
        return self._progress

    def load(self) -> Progress:
        """Read the file: missing means fresh progress; a bad file is backed up, then fresh."""
        self.warning = None
        self.backup = None
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            progress = Progress()
        except OSError as e:
            # Translators: why the progress file was not used, said inside "Your puzzle
            # progress file {path} was not used because {why}."
            progress = self._start_fresh(_("it could not be read ({error})").format(
                error=e.strerror or e))
        else:
            try:
                progress = Progress.from_json(data)
            except ProgressFormatError as e:
                # Translators: why the progress file was not used (as above).
                progress = self._start_fresh(_("it is damaged: {error}").format(error=e))
        self._progress = progress
        return progress

    def _start_fresh(self, why: str) -> Progress:
        said = [_("Your puzzle progress file {path} was not used because {why}.").format(
            path=self.path, why=why)]
        if os.path.lexists(self.path):
            try:
                self.backup = self._move_aside()
            except OSError as e:
                said.append(_("It could not be backed up ({error}).").format(
                    error=e.strerror or e))
            else:
                said.append(_("It was kept as {path}.").format(path=self.backup))
        said.append(_("Your puzzle progress starts fresh."))
        self.warning = " ".join(said)
        log.warning(self.warning)
        return Progress()

    def _move_aside(self) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            suffix = f".{stamp}.bak" if n == 0 else f".{stamp}-{n}.bak"
            backup = self.path.with_name(self.path.name + suffix)
            if not os.path.lexists(backup):
                os.rename(self.path, backup)
                return backup
        raise FileExistsError(_("too many backups of {path}").format(path=self.path))

    def save(self, progress: Progress | None = None) -> None:
        """Write the progress (this one, or the store's) atomically; errors propagate."""
        if progress is not None:
            self._progress = progress
        atomic_write(self.path, self.progress.to_json())

    def record(self, puzzle_id: Any, theme: str, difficulty: int, solved: bool,
               hints_used: int = 0, when: datetime | str | None = None,
               data: Mapping[str, Any] | None = None) -> Attempt:
        """``Progress.record``, then save at once.

        If saving fails the error propagates, but the attempt stays counted in memory and
        goes to disk with the next successful ``save``.
        """
        attempt = self.progress.record(puzzle_id, theme, difficulty, solved, hints_used, when,
                                       data)
        self.save()
        return attempt

    def record_practice(self, puzzle_id: Any, theme: str, difficulty: int, solved: bool,
                        hints_used: int = 0, when: datetime | str | None = None,
                        data: Mapping[str, Any] | None = None) -> Attempt:
        """``Progress.record_practice``, then save at once (as :meth:`record`)."""
        attempt = self.progress.record_practice(puzzle_id, theme, difficulty, solved,
                                                hints_used, when, data)
        self.save()
        return attempt

    def record_drill(self, score: int, missed: int, when: datetime | str | None = None
                     ) -> bool:
        """``Progress.record_drill``, then save at once (as :meth:`record`)."""
        best = self.progress.record_drill(score, missed, when)
        self.save()
        return best
