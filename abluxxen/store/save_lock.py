"""The lock that keeps a save to one process while its game is open, and the games that hold one for ever.

While a game is open its save is locked (the system's lock on a hidden sidecar file, ``os_lock.py``'s,
which the system drops however the process ends), so two terminals never play one save, on Linux,
macOS and Windows alike. A game whose terminal has gone (:func:`orphan_holder`, where the system tells
it: Linux) can be made to save, leave and let go (:func:`end_orphan`).
"""

from __future__ import annotations

import errno
import os
import signal
import time
from pathlib import Path

from . import os_lock
from .files import Refused, open_regular
from .save_document import SaveError

_LOCK_SUFFIX = ".lock"
#: Seconds a game that opens its save waits for a lock held by another process's cleanup.
LOCK_PATIENCE = 1.0
#: Seconds a game whose terminal has gone gets to save and leave after each request to stop
#: (a hang-up, then SIGTERM) before the next, and the last (SIGKILL), when another terminal wants its save.
ORPHAN_PATIENCE = 2.0
#: Where Linux tells which process holds a lock and what its standard streams are (macOS and Windows
#: have no such folder: there a game whose terminal has gone is not told from one still played).
PROC = Path("/proc")
#: The requests to stop a game whose terminal has gone, gentlest first; Windows has SIGTERM alone.
_ORPHAN_SIGNALS = ("SIGHUP", "SIGTERM", "SIGKILL")


class SaveBusy(SaveError):
    """A save that another process has open (its game is being played elsewhere)."""


def try_flock(fd: int) -> None:
    """Lock ``fd`` exclusively if the file system can (a temporary file while it is written), without waiting."""
    try:
        os_lock.lock(fd)
    except OSError:
        pass  # a file system without locks: the write itself matters more


def sidecar_save(name: str) -> str | None:
    """The name of the save whose lock the file ``name`` is (``.NAME.json.lock``), or ``None`` when it is none."""
    if name.startswith(".") and name.endswith(".json" + _LOCK_SUFFIX):
        return name[1:-len(_LOCK_SUFFIX)]
    return None


class SaveLock:
    """The lock that keeps a save to one process while its game is open.

    The lock is the system's (``flock``, or ``msvcrt.locking`` on Windows) on a hidden sidecar file
    (``.NAME.json.lock``): the save itself is replaced on every move, and a lock on a replaced file
    would guard nothing. The system drops the lock however the process ends,
    so a crash leaves no stale lock; the sidecar is removed on release. A
    holder whose terminal has gone (see :func:`orphan_holder`) can be made to
    leave: ``acquire(orphans=True)``.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        real = path
        try:
            if path.is_symlink() and path.resolve().is_file():
                real = path.resolve()  # a save reached through a link is still the same save
        except (OSError, RuntimeError):
            pass
        self.sidecar = real.with_name(f".{real.name}{_LOCK_SUFFIX}")
        self._fd: int | None = None
        #: Whether the system keeps other processes out while this one holds the lock: ``False`` on a system
        #: with no lock at all (:func:`os_lock.lock`), where the game goes on and its screen says so.
        self.guarded = True

    @property
    def held(self) -> bool:
        """Whether this process holds the lock."""
        return self._fd is not None

    def acquire(self, *, wait: float = 0.0, orphans: bool = False) -> SaveLock:
        """Take the lock; returns ``self``.

        Args:
            wait: seconds to keep trying while another process holds it. A
                game holds its lock for as long as it is open; another
                process's cleanup (:func:`clean_leftovers`) holds it for a
                moment, and a game starting in that moment must not take it
                for a game open elsewhere.
            orphans: when the holder is a game whose terminal has gone (nobody
                can ever play on there), ask it to stop (:func:`end_orphan`:
                it saves and leaves) and take the lock then.

        On a system with no lock at all the lock is taken all the same, and :attr:`guarded` is ``False``:
        whoever opens the game tells the person that nothing keeps it from a second terminal.

        Raises:
            SaveBusy: when another process holds it (still, after ``wait``).
            OSError: when the sidecar cannot be created (the folder is not writable, or something else is in
                its place: a link, which is never followed, a pipe, a folder).
        """
        if orphans:
            try:
                return self.acquire(wait=wait)
            except SaveBusy:
                if not end_orphan(self.sidecar):
                    raise
            return self.acquire(wait=wait)
        deadline = time.monotonic() + wait
        while self._fd is None:
            try:
                fd = open_regular(self.sidecar, os.O_RDWR | os.O_CREAT, 0o600)
            except Refused as refused:
                raise refused.error or OSError(errno.EEXIST, f"not a lock file of its own ({refused.kind})",
                                               str(self.sidecar)) from None
            try:
                self.guarded = os_lock.lock(fd)
            except OSError as err:
                os.close(fd)
                if not os_lock.is_held(err):
                    raise
                if time.monotonic() >= deadline:
                    raise SaveBusy(f"{self.path} is open in another terminal") from None
                time.sleep(0.01)
                continue
            # The holder before us may have removed the sidecar as we opened it: lock the current one.
            try:
                same = os.stat(self.sidecar).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                self._fd = fd
            else:
                os.close(fd)
        return self

    def release(self) -> None:
        """Give the lock up and remove the sidecar."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        os_lock.remove_and_let_go(self.sidecar, fd)  # removed while held: nobody locks a file about to go


def orphan_holder(sidecar: Path) -> int | None:
    """The process that holds the lock ``sidecar``, when its terminal has gone; ``None`` when no process
    holds it, the holder still has its terminal (or never had one), or the system does not say (the
    holder is found through Linux's ``/proc``, :data:`PROC`).

    A game whose terminal closed saves and leaves; one that stayed (stopped, or stuck) holds its save
    for ever though nobody can play on there: its standard streams are a terminal that is no more.
    """
    try:
        target = os.path.realpath(sidecar)
        inode = os.stat(target).st_ino
        table = (PROC / "locks").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    for line in table.splitlines():
        # "1: FLOCK  ADVISORY  WRITE 1234 00:2e:5678 0 EOF" (a waiter's line has "->" before FLOCK)
        parts = line.split()
        if len(parts) < 6 or parts[1] != "FLOCK" or not parts[4].isdigit():
            continue
        if parts[5].rsplit(":", 1)[-1] != str(inode):
            continue
        pid = int(parts[4])
        if _holds_open(pid, target) and _terminal_gone(pid):
            return pid
    return None


def _holds_open(pid: int, target: str) -> bool:
    """Whether process ``pid`` has the file ``target`` open (the lock table names files by inode only)."""
    try:
        fds = os.listdir(PROC / str(pid) / "fd")
    except OSError:
        return False
    for fd in fds:
        try:
            if os.readlink(PROC / str(pid) / "fd" / fd) == target:
                return True
        except OSError:
            continue
    return False


def _terminal_gone(pid: int) -> bool:
    """Whether process ``pid``'s standard streams include a terminal device that no longer exists."""
    for fd in (0, 1, 2):
        try:
            link = os.readlink(PROC / str(pid) / "fd" / str(fd))
        except OSError:
            continue
        if link.startswith(("/dev/pts/", "/dev/tty")) and link.endswith(" (deleted)"):
            return True
    return False


def end_orphan(sidecar: Path) -> bool:
    """Make a game whose terminal has gone (:func:`orphan_holder`) let go of the lock ``sidecar``:
    a hang-up, then SIGTERM (either lets it save and leave), then SIGKILL, each after
    :data:`ORPHAN_PATIENCE` seconds (those of them the system has); whether there was such a game. Its save
    loses nothing: it is written after every move, and a finished game's save is recorded by the next command.
    """
    pid = orphan_holder(sidecar)
    if pid is None:
        return False
    for signum in [getattr(signal, name) for name in _ORPHAN_SIGNALS if hasattr(signal, name)]:
        try:
            os.kill(pid, signum)
        except OSError:
            return True  # gone already
        deadline = time.monotonic() + ORPHAN_PATIENCE
        while time.monotonic() < deadline:
            if orphan_holder(sidecar) != pid:
                return True
            time.sleep(0.05)
    return True


def is_busy(path: Path) -> bool:
    """Whether another process has this save open."""
    lock = SaveLock(path)
    try:
        lock.acquire()
    except SaveBusy:
        return orphan_holder(lock.sidecar) is None  # a game whose terminal has gone gives way to resume
    except OSError:
        return False
    lock.release()
    return False

