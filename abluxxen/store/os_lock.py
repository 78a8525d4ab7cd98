"""The system's lock on an open file, on every system Python runs on: ``flock`` where there is one (Linux,
macOS and the other POSIX systems), ``msvcrt.locking`` on Windows.

Either lock goes with the process however it ends (a crash, a kill), so a lock file left behind never
keeps anyone out. A system with neither (none Python supports today) locks nothing, and says so.
"""

from __future__ import annotations

import errno
import importlib
import os
from pathlib import Path
from types import ModuleType


def _module(name: str) -> ModuleType | None:
    """The platform module ``name``, or ``None`` where this system has none."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


# Looked up by name so that the other platform's branch is checked by the type checker too, and a test
# can take either away.
fcntl = _module("fcntl")
msvcrt = _module("msvcrt")

#: What the system says when another open file holds the lock: ``flock``'s EWOULDBLOCK (EAGAIN),
#: ``msvcrt.locking``'s EACCES (and EDEADLK, its word for "gave up waiting").
HELD = frozenset({errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.EDEADLK})


def lock(fd: int) -> bool:
    """Lock the open file ``fd`` exclusively, without waiting; whether the system has such a lock
    (``False``: nothing was locked).

    Raises:
        OSError: with an errno of :data:`HELD` when another open file holds the lock; with another
            when the file system takes no locks.
    """
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    if msvcrt is not None:
        # Windows locks byte ranges: the first byte stands for the file (a range past its end may be locked).
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return True
    return False


def unlock(fd: int) -> None:
    """Let go of the lock :func:`lock` took on ``fd`` before it is closed: Windows asks for it (it lets go of
    a closed file's lock only in its own time); ``flock`` lets go on closing."""
    if fcntl is None and msvcrt is not None:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass  # closing lets go all the same


def remove_and_let_go(path: Path, fd: int) -> None:
    """Remove ``path`` while ``fd`` still holds its lock (so that nobody locks a file about to go), then let go
    of the lock and close ``fd``. Where an open file cannot be removed (Windows), it goes once closed, unless
    another process has it open by then (it is theirs)."""
    try:
        path.unlink(missing_ok=True)
        removed = True
    except OSError:
        removed = False
    unlock(fd)
    os.close(fd)
    if not removed:
        try:
            path.unlink(missing_ok=True)
        except OSError:
            pass


def is_held(err: OSError) -> bool:
    """Whether ``err`` from :func:`lock` means another open file holds the lock."""
    return err.errno in HELD
