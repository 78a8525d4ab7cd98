"""The host's log: connections, logins and failures, one line each, in a file the host's owner reads.

Lines look like sshd's, so that fail2ban and the like can read them::

    2026-11-26 06:30:12 abluxxen-host[4242]: Failed code for ben from 203.0.113.7 port 50312
    2026-11-26 06:30:15 abluxxen-host[4242]: Accepted code for ben from 203.0.113.7 port 50312

Everything else that would print on the host's terminal while a game is on
its screen (asyncio's and asyncssh's warnings, a session's traceback) goes
here too, never over the game.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path

from ..store.datadir import private_dir

LOG_NAME = "host.log"
#: The log's size before it is rotated, and the old logs kept.
LOG_BYTES, LOG_KEPT = 1_000_000, 3

log = logging.getLogger("abluxxen.host")


def open_log(directory: Path, *, rotate: bool = True) -> Path:
    """Send the host's log (and every other library's warnings) to ``directory/host.log``, owner-only.

    Args:
        directory: the log's folder.
        rotate: rotate the log when it grows (only the process that owns it: a club's workers add to it).

    Returns:
        the log's path.
    """
    private_dir(directory)
    path = directory / LOG_NAME
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))
    handler: logging.FileHandler = logging.handlers.RotatingFileHandler(
        path, maxBytes=LOG_BYTES, backupCount=LOG_KEPT, encoding="utf-8") if rotate \
        else logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s abluxxen-host[%(process)d]: %(message)s",
                                           datefmt="%Y-%m-%d %H:%M:%S"))
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, logging.FileHandler)]:
        root.removeHandler(old)
        old.close()
    root.addHandler(handler)  # a root handler: nothing falls through to the terminal (logging.lastResort)
    root.setLevel(logging.INFO)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # its INFO lines repeat ours at length
    return path

