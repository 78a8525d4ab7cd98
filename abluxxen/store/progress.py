"""Which lessons are done, kept in the data directory; and whether this machine has played before.

The progress file is ``learn/progress.json`` in the data directory: a
folder of its own, because with ``$ABLUXXEN_DATA_DIR`` the saves lie in the
data directory itself and every ``*.json`` there is read as a save. A file
that cannot be read is no progress and one line of warning, never a crash.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .datadir import data_dir
from .files import Refused, load_json, read_small, write_atomically
from .records import open_records
from .records_db import RecordsError
from .saves import save_dir, scan_saves

FORMAT = "abluxxen-learn/1"
MAX_BYTES = 64 * 1024  # a list of at most eleven numbers


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
        data = read_small(path, MAX_BYTES)
    except FileNotFoundError:
        return set()
    except Refused as refused:
        if refused.kind == "too-big":
            raise ProgressError("too big to be progress") from None
        if refused.kind == "unreadable":
            raise ProgressError(f"cannot read it ({refused.detail})") from None
        raise ProgressError("not a regular file") from None
    try:
        doc = load_json(data.decode("utf-8"))
    except ValueError:  # not UTF-8, not JSON, nested too deeply
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
    write_atomically(path, json.dumps({"format": FORMAT, "done": sorted(done)}), prefix=".progress-")


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
