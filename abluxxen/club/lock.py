"""One club to a data folder: ``club/club.lock``, held for as long as the club runs.

Two clubs on one data folder would both write the club's database and play the
same saves. The lock is the system's (``flock``): it goes with the process
however it ends (a crash, ``kill -9``), so a lock file left behind never
keeps a club from starting again. The file says who holds it (``pid 4242
port 2222``), for the refusal of a second club. On Windows the lock is
``msvcrt.locking`` (``store/os_lock.py``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..store import os_lock
from ..store.files import open_regular

LOCK_NAME = "club.lock"
#: The most of a lock file read back (what a holder writes is a few bytes).
_HOLDER_BYTES = 200


class ClubRunning(Exception):
    """Another club holds the data folder's lock.

    Attributes:
        pid: its process number ("?" when it did not say).
        port: the port it listens on ("?" when it did not say yet).
    """

    def __init__(self, pid: str, port: str) -> None:
        super().__init__(f"another club runs on this data folder (pid {pid}, port {port})")
        self.pid, self.port = pid, port


class ClubLock:
    """The lock of the club folder ``directory`` (:data:`LOCK_NAME` in it)."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / LOCK_NAME
        self._fd: int | None = None

    def acquire(self) -> ClubLock:
        """Take the lock and say so in its file (this process's number); ``self``.

        Raises:
            ClubRunning: another club holds it.
            Refused: the lock file is not a regular file, or cannot be opened.
        """
        fd = open_regular(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            os_lock.lock(fd)
        except OSError as err:  # another errno: a file system without locks, where nothing is locked
            if os_lock.is_held(err):
                said = _read_start(fd)
                os.close(fd)
                pid, port = re.search(r"pid (\d+)", said), re.search(r"port (\d+)", said)
                raise ClubRunning(pid.group(1) if pid else "?", port.group(1) if port else "?") from None
        self._fd = fd
        self.tell()
        return self

    def tell(self, port: int | None = None) -> None:
        """Say in the lock file who holds it: this process, and the port it listens on (once it does)."""
        if self._fd is None:
            return
        said = f"pid {os.getpid()}" + (f" port {port}" if port is not None else "") + "\n"
        try:
            os.ftruncate(self._fd, 0)
            os.lseek(self._fd, 0, os.SEEK_SET)  # not pwrite: Windows has none
            os.write(self._fd, said.encode("ascii"))
        except OSError:
            pass  # only the second club's refusal would miss it: the lock holds all the same

    def release(self) -> None:
        """Give the lock up (the file stays: removing it could take it from a club that opened it just now)."""
        if self._fd is not None:
            os_lock.unlock(self._fd)
            os.close(self._fd)
            self._fd = None


def _read_start(fd: int) -> str:
    """What the holder wrote at the start of the lock file (nothing where the system keeps its lock's bytes
    from other processes: Windows)."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)  # not pread: Windows has none
        return os.read(fd, _HOLDER_BYTES).decode("ascii", "replace")
    except OSError:
        return ""
