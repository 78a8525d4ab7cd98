"""Which lessons are done, kept in the data directory; and whether this machine has played before.

The progress file is ``learn/progress.json`` in the data directory: a
folder of its own, because with ``$ABLUXXEN_DATA_DIR`` the saves lie in the
data directory itself and every ``*.json`` there is read as a save. A file
that cannot be read is no progress and one line of warning, never a crash.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path

from ..datadir import data_dir
from ..records import RecordsError, open_records
from ..saves import save_dir, scan_saves

FORMAT = "abluxxen-learn/1"
MAX_BYTES = 64 * 1024  # a list of at most eleven numbers
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a named pipe must not hang the course


class ProgressError(ValueError):
    """A progress file that cannot be read, with the reason in one line."""


def progress_path(directory: Path | None = None) -> Path:
    """Where the course's progress is kept."""
    return (directory or data_dir()) / "learn" / "progress.json"


def read_progress(path: Path, lessons: int) -> set[int]:
    """The numbers of the lessons done (none when there is no file yet).

    Raises:
        ProgressError: when the file exists but cannot be read as progress.
    """
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    except FileNotFoundError:
        return set()
    except OSError as err:
        raise ProgressError(f"cannot read it ({err.strerror or err})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ProgressError("not a regular file")
        data = os.read(fd, MAX_BYTES + 1)
    except OSError as err:
        raise ProgressError(f"cannot read it ({err.strerror or err})") from None
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        raise ProgressError("too big to be progress")
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProgressError("not valid JSON") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ProgressError(f"not a progress file (format {FORMAT!r} expected)")
    done = doc.get("done")
    if not isinstance(done, list) or not all(type(n) is int and 1 <= n <= lessons for n in done):
        raise ProgressError(f"'done' must list lesson numbers from 1 to {lessons}")
    return set(done)


def write_progress(path: Path, done: set[int]) -> None:
    """Write the lessons done atomically (a temporary file renamed over the old one).

    Raises:
        OSError: when the disk refuses.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".progress-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({"format": FORMAT, "done": sorted(done)}, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def has_played(saves: Path | None = None, directory: Path | None = None) -> bool:
    """Whether this machine knows the game: a game is recorded or saved finished, or the course was started.

    Args:
        saves: the save folder (default: where ``abluxxen play`` saves).
        directory: the data directory (default: :func:`data_dir`).
    """
    if os.path.lexists(progress_path(directory)):
        return True
    try:
        with open_records(directory) as records:
            if records.count():
                return True
    except RecordsError:
        return True  # a records file, even a damaged one, means games were played here
    return any(found.saved is not None and found.saved.finished for found in scan_saves(saves or save_dir()))
