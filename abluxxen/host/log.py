"""The host's log: connections, logins and failures, one line each, in a file the host's owner reads.

Lines look like sshd's, so that fail2ban and the like can read them::

    2026-11-26 06:30:12 abluxxen-host[4242]: Failed code for ben from 203.0.113.7 port 50312
    2026-11-26 06:30:15 abluxxen-host[4242]: Accepted code for ben from 203.0.113.7 port 50312

Everything else that would print on the host's terminal while a game is on
its screen (asyncio's and asyncssh's warnings, a session's traceback) goes
here too, never over the game.
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
from pathlib import Path

from ..store.datadir import private_dir
from ..store.files import open_regular

LOG_NAME = "host.log"
#: The log's size before it is rotated, and the old logs kept.
LOG_BYTES, LOG_KEPT = 1_000_000, 3
#: How the log writes a line (a worker's lines come with the worker's own process number).
LINE_FORMAT = "%(asctime)s abluxxen-host[%(process)d]: %(message)s"

log = logging.getLogger("abluxxen.host")
_ours: logging.Handler | None = None  # the handler log_to gave the log last


class _OwnerOnly(logging.handlers.RotatingFileHandler):
    """The host's log: rotated, every new file made owner-only (0600) whatever the umask says (the
    standard handler makes it as ``open`` does: 0644), and never opened if it is not a regular file."""

    def _open(self) -> io.TextIOWrapper:
        fd = open_regular(Path(self.baseFilename), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return open(fd, "a", encoding=self.encoding, errors=self.errors)


def open_log(directory: Path, *, rotate: bool = True) -> Path:
    """Send the host's log (and every other library's warnings) to ``directory/host.log``, owner-only.

    Args:
        directory: the log's folder.
        rotate: rotate the log when it grows (only the process that owns it: a club's workers add to it).

    Returns:
        the log's path.

    Raises:
        OSError: the folder cannot be made.
        Refused: ``host.log`` is not a regular file (a named pipe, a device) or cannot be opened.
    """
    private_dir(directory)
    path = directory / LOG_NAME
    handler = _OwnerOnly(path, maxBytes=LOG_BYTES if rotate else 0, backupCount=LOG_KEPT, encoding="utf-8")
    handler.setFormatter(logging.Formatter(LINE_FORMAT, datefmt="%Y-%m-%d %H:%M:%S"))
    log_to(handler)
    return path


def log_to(handler: logging.Handler) -> None:
    """Make ``handler`` the log's own (and every other library's warnings'), in place of the one before."""
    global _ours
    root = logging.getLogger()
    for old in [h for h in root.handlers if h is _ours or isinstance(h, logging.FileHandler)]:
        root.removeHandler(old)
        old.close()
    _ours = handler
    root.addHandler(handler)  # a root handler: nothing falls through to the terminal (logging.lastResort)
    root.setLevel(logging.INFO)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # its INFO lines repeat ours at length
