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
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..store.datadir import private_dir
from ..store.files import open_regular

LOG_NAME = "host.log"
#: The log's size before it is rotated, and the old logs kept.
LOG_BYTES, LOG_KEPT = 1_000_000, 3
#: Lines of one kind written whole in each :data:`REPEATS_EVERY` seconds; past them they are counted, and
#: the count written once the interval is over (a slowloris writes 180 lines a second: without this, every
#: login, ban and failure is rotated out of the log within a minute).
REPEATS_WHOLE, REPEATS_EVERY = 20, 60.0
#: The kind of a line: its template and its arguments, with what varies from one connection to the next
#: (addresses, ports, numbers) left out.
_VARYING = re.compile(r"[0-9A-Fa-f:.]*[0-9][0-9A-Fa-f:.]*")
#: How the log writes a line (a worker's lines come with the worker's own process number).
LINE_FORMAT = "%(asctime)s abluxxen-host[%(process)d]: %(message)s"

log = logging.getLogger("abluxxen.host")
_ours: logging.Handler | None = None  # the handler log_to gave the log last


@dataclass
class _Run:
    """Lines of one kind in the current interval: since when, how many, how many were only counted, the
    last one counted."""

    since: float
    seen: int = 0
    counted: int = 0
    last: logging.LogRecord | None = None


class Repeats(logging.Filter):
    """Writes the first ``whole`` lines of each kind in ``every`` seconds, and counts the rest: once the
    interval is over (at the next line, or when the log closes), one line says how many were left out.

    A line's kind is its template with its arguments, what varies by connection (an address, a port, a
    number) left out: a flood of "Closed connection" lines from many addresses is one kind, a login of
    another name is another.

    Args:
        write: where the count's line goes (the handler's ``handle``: this filter lets it through).
        whole: lines of one kind written whole in each interval.
        every: the interval, in seconds.
        clock: the time in seconds (``time.monotonic``, or a test's own).
    """

    def __init__(self, write: Callable[[logging.LogRecord], Any], *, whole: int = REPEATS_WHOLE,
                 every: float = REPEATS_EVERY, clock: Callable[[], float] | None = None) -> None:
        super().__init__()
        self.write, self.whole, self.every = write, whole, every
        self.clock = clock or time.monotonic
        self.runs: dict[tuple[str, ...], _Run] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "repeats", False):
            return True
        now = self.clock()
        self._over(now)
        key = self.kind(record)
        run = self.runs.setdefault(key, _Run(now))
        run.seen += 1
        if run.seen <= self.whole:
            return True
        run.counted += 1
        run.last = record
        return False

    @staticmethod
    def kind(record: logging.LogRecord) -> tuple[str, ...]:
        """What makes two lines the same kind: the level, the template and the arguments, without what
        varies by connection (a worker's line comes with its kind)."""
        told = getattr(record, "repeat_kind", None)
        if isinstance(told, tuple):  # a worker's line: its kind as the worker saw it
            return told
        args = record.args if isinstance(record.args, tuple) else ()
        return (record.levelname, str(record.msg), *(_VARYING.sub("#", str(arg)) for arg in args))

    def _over(self, now: float | None = None) -> None:
        """Write the counts of the intervals that are over (every one, with ``now`` None)."""
        for key, run in list(self.runs.items()):
            if now is not None and now - run.since < self.every:
                continue
            if self.runs.pop(key, None) is None:
                continue  # another thread wrote it just now
            if run.counted and run.last is not None:
                last = run.last
                summary = logging.makeLogRecord({
                    "name": last.name, "levelno": last.levelno, "levelname": last.levelname,
                    "msg": "Repeated %d more times in the last %d s: %s",
                    "args": (run.counted, round(min(self.every, (now or self.clock()) - run.since)),
                             last.getMessage()),
                    "repeats": True})
                self.write(summary)

    def flush(self) -> None:
        """Write every count now (the log closes)."""
        self._over(None)


class _OwnerOnly(logging.handlers.RotatingFileHandler):
    """The host's log: rotated, every new file made owner-only (0600) whatever the umask says (the
    standard handler makes it as ``open`` does: 0644), and never opened if it is not a regular file."""

    def _open(self) -> io.TextIOWrapper:
        fd = open_regular(Path(self.baseFilename), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return open(fd, "a", encoding=self.encoding, errors=self.errors)

    def close(self) -> None:
        for counting in self.filters:
            if isinstance(counting, Repeats):
                counting.flush()
        super().close()


def open_log(directory: Path) -> Path:
    """Send the host's log (and every other library's warnings) to ``directory/host.log``, owner-only (only
    the host's or club's own process: a club's workers send theirs to the club, :mod:`.workers`).

    Args:
        directory: the log's folder.

    Returns:
        the log's path.

    Raises:
        OSError: the folder cannot be made.
        Refused: ``host.log`` is not a regular file (a named pipe, a device) or cannot be opened.
    """
    private_dir(directory)
    path = directory / LOG_NAME
    handler = _OwnerOnly(path, maxBytes=LOG_BYTES, backupCount=LOG_KEPT, encoding="utf-8")
    handler.setFormatter(logging.Formatter(LINE_FORMAT, datefmt="%Y-%m-%d %H:%M:%S"))
    handler.addFilter(Repeats(handler.handle))
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
