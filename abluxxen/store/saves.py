"""The save folder: where saves live, a new save's name, writing and reading a save file, the saves found
there, and what a kill left behind.

Files live in ``$ABLUXXEN_DATA_DIR`` or the user's data directory
(platformdirs), one per match. Writing goes to a temporary file in the same
directory, which is checked by reading it back and then renamed over the
old save: a crash or a bug can never leave a half-written save, and a
document that would not load again never replaces a good one. A move's save
(``checked=False``) skips reading back: it costs more than the rest of the
write, and the table's other saves (its first, a game's end, an undo) check.

A file is whatever a disk or a player left there, so reading refuses, with
one line of reason, anything but a small regular file holding a save that
plays (the document itself is ``save_document.py``'s; its lock ``save_lock.py``'s).
"""

from __future__ import annotations

import os
import stat
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from . import os_lock
from .datadir import data_dir, private_dir, saves_in
from .files import Refused, files_in, read_small, write_atomically
from .save_document import Saved, SaveError, parse_save, save_text
from .save_lock import SaveLock, sidecar_save, try_flock

MAX_BYTES = 4 * 1024 * 1024  # a long match saves in well under 100 kB
_TEMP_PREFIX, _TEMP_SUFFIX = ".save-", ".tmp"
#: Seconds a save's temporary file must have been left before a cleanup takes it for a killed write's: a write
#: takes milliseconds, but between its file's creation and its lock another process's cleanup could take it.
LEFTOVER_AGE = 60.0
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # opening a named pipe must not wait for a writer

#: Why a folder is no save (``resume DIR``, ``review DIR``).
FOLDER_REFUSAL = "it is a folder, not a save file"


class SaveUnreadable(SaveError):
    """A file that could not be read at all (permission denied, a disk error, gone): nothing is known
    of what it holds, so it is not called damaged.

    Attributes:
        error: the system's refusal.
    """

    def __init__(self, reason: str, error: OSError) -> None:
        super().__init__(reason, "unreadable")
        self.error = error


def save_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where saves live: ``override``, else ``$ABLUXXEN_DATA_DIR``, else the user data directory."""
    if override:
        return Path(override)
    return saves_in(data_dir())


def new_save_path(directory: Path, names: list[str]) -> Path:
    """A fresh file for a new match, named by time and players, created empty.

    Creating it exclusively reserves the name, so games started at the same
    moment never share a file. A directory that cannot be written gives the
    name alone: the first autosave then reports the problem.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    who = "-".join("".join(ch for ch in n if ch.isalnum())[:8] for n in names) or "game"
    path = directory / f"{stamp}-{who}.json"
    try:
        private_dir(directory)
    except OSError:
        return path
    for number in range(2, 10_000):
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            return path
        except FileExistsError:
            path = directory / f"{stamp}-{who}-{number}.json"
        except OSError:
            break
    return path


def write_save(path: Path, saved: Saved, *, checked: bool = True) -> None:
    """Write a save atomically; the old file stays unless the new one reads back (``checked``).

    Raises:
        SaveError: when the new document would not load again (the old file is kept).
        OSError: when the disk refuses.
    """
    write_save_text(path, save_text(saved, checked=checked))


def write_save_text(path: Path, text: str) -> None:
    """Write a save's text (:func:`save_text`) atomically: the old file stays until the new one is on disk.

    Raises:
        OSError: when the disk refuses.
    """
    # The temporary file is locked while unfinished, so a cleanup elsewhere leaves it alone.
    write_atomically(path, text, prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX, hold=try_flock)


def clean_leftovers(directory: Path) -> None:
    """Remove temporary files of saves that were killed mid-write, and stale lock files.

    A file still being written or a game still open holds its lock and is left alone; so is a temporary file
    younger than :data:`LEFTOVER_AGE` (a write that has not locked it yet).
    """
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if name.startswith(_TEMP_PREFIX) and name.endswith(_TEMP_SUFFIX):
            _remove_unlocked(Path(entry.path))
        elif (save := sidecar_save(name)) is not None:
            try:
                SaveLock(directory / save).acquire().release()
            except (OSError, SaveError):
                pass


def _remove_unlocked(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    except OSError:
        return
    try:
        status = os.fstat(fd)
        stale = stat.S_ISREG(status.st_mode) and time.time() - status.st_mtime >= LEFTOVER_AGE
        if stale:
            os_lock.lock(fd)
    except OSError:
        stale = False  # held by its writer (or unreadable): it stays
    if stale:
        os_lock.remove_and_let_go(path, fd)
    else:
        os.close(fd)


def read_save(path: Path) -> Saved:
    """Read a save file.

    Raises:
        SaveError: when the file is missing, not a small regular file, not
            UTF-8 JSON, or damaged; one line of reason.
    """
    return parse_save(_read_text(path))


def _read_text(path: Path) -> str:
    try:
        data = read_small(path, MAX_BYTES)
    except FileNotFoundError as err:
        raise SaveUnreadable(f"cannot read the file ({err.strerror or err})", err) from None
    except Refused as refused:
        if refused.error is not None:
            raise SaveUnreadable(str(_refusal(refused)), refused.error) from None
        raise _refusal(refused) from None
    if not data.strip():
        raise SaveError("the file is empty (a game that was never saved)", "empty")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise SaveError(f"not a save: byte {err.start} is not UTF-8 text", "not_utf8", byte=err.start) from None


def _refusal(refused: Refused) -> SaveError:
    """Why a file that :func:`read_small` refused is no save."""
    mb = 1024 * 1024
    if refused.kind == "folder":
        return SaveError(FOLDER_REFUSAL, "folder")
    if refused.kind == "not-regular":
        return SaveError("not a regular file (a pipe or a device), so not a save", "not_regular")
    if refused.kind == "too-big":
        size = f"{int(refused.detail) // mb} MB; " if refused.detail else ""
        return SaveError(f"too big for a save ({size}saves are under {MAX_BYTES // mb} MB)", "too_big",
                         size=size, most=MAX_BYTES // mb)
    return SaveError(f"cannot read the file ({refused.detail})", "cannot_read", detail=refused.detail)


@dataclass(frozen=True)
class Found:
    """One file of the save folder: its save, or why it cannot be read."""

    path: Path
    mtime: float
    saved: Saved | None = None
    problem: str = ""
    unreadable: OSError | None = None  # the file could not be read at all (then it is not called damaged)
    error: SaveError | None = None  # why it is no save (``problem`` is its English)


def scan_saves(directory: Path) -> list[Found]:
    """Every ``*.json`` file of the save folder (links left out: :func:`files_in`), newest first, read (or
    refused)."""
    try:
        paths = [directory / name for name in files_in(directory, ".json")]
    except OSError:
        return []
    found: list[Found] = []
    for path in paths:
        try:
            mtime = path.stat().st_mtime
        except OSError as err:
            found.append(Found(path, 0.0, problem=f"cannot read the file ({err.strerror or err})", unreadable=err))
            continue
        try:
            found.append(Found(path, mtime, saved=read_save(path)))
        except SaveUnreadable as err:
            found.append(Found(path, mtime, problem=str(err), unreadable=err.error, error=err))
        except SaveError as err:
            found.append(Found(path, mtime, problem=str(err), error=err))
    found.sort(key=lambda f: f.mtime, reverse=True)
    return found


def unfinished_saves(directory: Path) -> tuple[list[Found], list[Found]]:
    """The unfinished games, newest first, and the files that are no save or could not be read."""
    found = scan_saves(directory)
    games = [f for f in found if f.saved is not None and not f.saved.finished]
    damaged = [f for f in found if f.saved is None]
    return games, damaged

