"""Whether ``trix-tutor warm`` is compiling the numba engine now, in another process.

On a fresh install the compile takes about five minutes of a core. ``trix-tutor app``
starts it in the background; a page that asked for a hint meanwhile would compile the
same kernels for itself, at full priority, and its learner would wait as long. So the
warm holds a lock file beside the code while it compiles, and the solver's and the
play-outs' ``auto`` engine is the plain Python one (slower, but at once) while another
live process holds it. Where the folder cannot be written, there is no lock: each process
compiles for itself, as numba does.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

__all__ = ["LOCK", "holding", "warming"]

LOCK = Path(__file__).resolve().parent / "__pycache__" / "numba-warming.lock"
"""The lock: the warming process's id. Tests point it elsewhere."""

STALE = 3600.0
"""Seconds after which a lock is a warm that died without removing it (its id reused)."""

RECHECK = 1.0
"""Seconds an answer is reused: a search asks before every play-out, and reading the lock
costs about a sixth of a plain play-out. Tests set it to 0."""

_last: tuple[Path, float, bool] | None = None  # (the lock, when asked, the answer)


def warming() -> bool:
    """Whether another live process holds the lock (compiling now), as seen at most
    :data:`RECHECK` seconds ago."""
    global _last
    now = time.monotonic()
    if _last is not None and _last[0] == LOCK and now - _last[1] < RECHECK:
        return _last[2]
    answer = _held_by_another()
    _last = (LOCK, now, answer)
    return answer


def _held_by_another() -> bool:
    try:
        pid = int(LOCK.read_text().split()[0])
        age = time.time() - LOCK.stat().st_mtime
    except (OSError, ValueError, IndexError):
        return False
    if pid == os.getpid() or age > STALE:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's (the warm run as root on a hub)
        return True
    return True


@contextlib.contextmanager
def holding() -> Iterator[bool]:
    """The lock held around the body, which compiles (True), or none where it cannot be
    written (False). Removed at the end, unless another warm has taken it since."""
    mine = f"{os.getpid()}\n"
    try:
        LOCK.parent.mkdir(parents=True, exist_ok=True)
        LOCK.write_text(mine)
        held = True
    except OSError:
        held = False
    try:
        yield held
    finally:
        with contextlib.suppress(OSError):
            if held and LOCK.read_text() == mine:
                LOCK.unlink()
