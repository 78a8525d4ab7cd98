"""Small files the game keeps (saves, the course's progress): read warily, written atomically.

A file is whatever a disk or a person left there: reading refuses anything
but a regular file under a size limit, without waiting on a named pipe.
Writing goes to a temporary file in the same folder, renamed over the old
one once it is on disk, so a crash never leaves half a file. The file is
synced once; the folder only when the rename gave it a new name (then a
power cut could forget the name): a rename over an old file that a power cut
forgets leaves the old file, whole.

No file the game writes is written through a link (:func:`open_regular`,
:func:`no_links`; a rename replaces a link, not what it leads to): a link in
its place would make the game create or change a file elsewhere (``/etc/...``
for a club run as root). The folders on the way may be links: the person who
set the data folder up chose them.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from .datadir import private_dir


class Words(Protocol):
    """What puts a refusal in words (``i18n``'s ``Tr``, which sits above the store and is not imported here)."""

    def __call__(self, key: str, **fields: Any) -> str:
        """The text of ``key`` with ``fields``."""

    def os_reason(self, err: OSError) -> str:
        """The system's reason for ``err``, in words."""

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # opening a named pipe must not wait for a writer
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # a file opened to be written is never a link's target
#: Flags that open a file to write it (or make it).
_WRITING = os.O_CREAT | os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_TRUNC
#: The files SQLite keeps beside a database, which it makes and writes as it goes.
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")


class Refused(Exception):
    """A file that is not what a small data file can be.

    Attributes:
        kind: ``"folder"``, ``"not-regular"`` (a pipe or a device), ``"too-big"``, ``"unreadable"``,
            ``"dangling"`` (a link to nothing, where a caller tells it from no file at all), or ``"link"``
            (a link to a file, where the game would write).
        detail: the system's reason (``"unreadable"``), the size in bytes (``"too-big"``, when the file
            said so before it was read), or the link's name (a refusal of :func:`no_links`).
        error: the system's refusal (``"unreadable"``: permission denied, an I/O error).
    """

    def __init__(self, kind: str, detail: str = "", error: OSError | None = None) -> None:
        super().__init__(kind, detail)
        self.kind = kind
        self.detail = detail
        self.error = error

    def told(self, tr: Words) -> str:
        """Why, in words of ``tr``'s language (the system's reason when it refused)."""
        if self.error is not None:
            return tr.os_reason(self.error)
        return tr(f"file.{self.kind.replace('-', '_')}")


def open_regular(path: Path, flags: int, mode: int = 0o600) -> int:
    """A descriptor of the regular file ``path`` opened with ``flags`` (made with ``mode`` when
    ``flags`` say so), never waiting: a named pipe without a writer (or reader) would block the open.
    Opened to be written or made, ``path`` is never a link (a link to nothing would make its target).

    Raises:
        FileNotFoundError: when there is no file (``path`` may be a link to nothing: see
            :func:`os.path.lexists`).
        Refused: when it is a folder, a pipe or device, or cannot be opened; or a link, to be written.
    """
    writing = bool(flags & _WRITING)
    if writing:
        no_links(path)  # where the system has no O_NOFOLLOW; O_NOFOLLOW closes the gap to the open
    try:
        fd = os.open(path, flags | _NONBLOCK | (_NOFOLLOW if writing else 0), mode)
    except FileNotFoundError:
        raise
    except OSError as err:
        if writing and os.path.islink(path):  # ELOOP: a link put there since
            raise link_refusal(path) from None
        if err.errno == errno.ENXIO:  # a named pipe opened for writing with no reader
            raise Refused("not-regular") from None
        if err.errno == errno.EISDIR:
            raise Refused("folder") from None
        raise Refused("unreadable", str(err.strerror or err), err) from None
    try:
        info = os.fstat(fd)
    except OSError as err:
        os.close(fd)
        raise Refused("unreadable", str(err.strerror or err), err) from None
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise Refused("folder" if stat.S_ISDIR(info.st_mode) else "not-regular")
    return fd


def no_links(path: Path, companions: tuple[str, ...] = ()) -> None:
    """Refuse ``path`` when it is a link, and so each of its ``companions`` (``path`` with a suffix:
    :data:`SQLITE_COMPANIONS`), before the game writes there: the file must be its own.

    Raises:
        Refused: ``"dangling"`` (a link to nothing), ``"link"`` (a link to a file), ``"not-regular"`` or
            ``"folder"`` (what the link leads to), for the first link found.
    """
    for place in (path, *(path.with_name(path.name + suffix) for suffix in companions)):
        if os.path.islink(place):
            raise link_refusal(place)


def link_refusal(link: Path) -> Refused:
    """Why the game writes nothing at ``link``, a link: named by what it leads to."""
    try:
        info = os.stat(link)
    except FileNotFoundError:
        return Refused("dangling", link.name)
    except OSError:
        return Refused("link", link.name)  # a loop of links
    if stat.S_ISDIR(info.st_mode):
        return Refused("folder", link.name)
    return Refused("link" if stat.S_ISREG(info.st_mode) else "not-regular", link.name)


def files_in(folder: Path, suffix: str) -> list[str]:
    """The names of the entries of ``folder`` that end in ``suffix``, links left out: a link in the save
    folder is someone's way to a save, not a save of its own (the save it leads to is listed where it lies,
    and ``resume LINK`` plays it); listed too, it would be one game twice, and a link to nothing once the
    game is over.

    Raises:
        OSError: when the folder cannot be read.
    """
    with os.scandir(folder) as entries:
        return [e.name for e in entries if e.name.endswith(suffix) and not e.is_symlink()]


def read_small(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    Raises:
        FileNotFoundError: when there is no file.
        Refused: when it is a folder, a pipe or device, larger than ``limit``, or cannot be read.
    """
    fd = open_regular(path, os.O_RDONLY)
    try:
        info = os.fstat(fd)
        if info.st_size > limit:
            raise Refused("too-big", str(info.st_size))
        chunks: list[bytes] = []
        size = 0
        # The file may grow while it is read: read no more than one byte past the limit.
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as err:
        raise Refused("unreadable", str(err.strerror or err), err) from None
    finally:
        os.close(fd)
    if size > limit:
        raise Refused("too-big")
    return b"".join(chunks)


class NoNewFiles(FileNotFoundError):
    """A folder that is there, yet takes no new file (``/proc``, ``/sys``): the system says "no such
    file or folder", which names neither what is wrong nor the folder.

    Attributes:
        reason: the key of the words for it (see ``Tr.os_reason``).
    """

    reason = "oserror.no_new_files"


class TooDeep(ValueError):
    """A JSON document nested deeper than the parser goes (``[[[[…]]]]``): damaged, like any other."""


def load_json(data: str | bytes, **options: Any) -> Any:
    """``json.loads``, but a document nested too deeply is a :class:`TooDeep` (a ``ValueError`` as any
    other damage) instead of the parser's ``RecursionError``.

    Raises:
        ValueError: not JSON (``json.JSONDecodeError``, ``UnicodeDecodeError``, :class:`TooDeep`), or a
            number too long to read.
    """
    try:
        return json.loads(data, **options)
    except RecursionError:
        raise TooDeep("nested too deeply") from None


def write_atomically(path: Path, text: str, *, prefix: str, suffix: str = ".tmp",
                     hold: Callable[[int], None] | None = None) -> None:
    """Replace ``path`` with ``text`` all at once: the old file stays until the new one is on disk.

    One ``fsync`` of the new file before the rename; the folder is synced too when ``path`` is new.

    Args:
        path: the file.
        text: its new content.
        prefix, suffix: how the temporary file is named (so a cleanup can recognise leftovers).
        hold: called with the temporary file's descriptor before writing (e.g. to lock it).

    Raises:
        OSError: when the disk refuses (:class:`NoNewFiles` when the folder is there but takes no file);
            no temporary file is left behind.
    """
    private_dir(path.parent)
    new = not os.path.lexists(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=path.parent)
    except FileNotFoundError as err:
        if path.parent.is_dir():
            raise NoNewFiles(err.errno, "the folder takes no new files", str(path.parent)) from None
        raise
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            if hold is not None:
                hold(out.fileno())
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)  # once closed: Windows renames no open file
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    if new:
        sync_dir(path.parent)


def sync_dir(directory: Path) -> None:
    """Make a rename in ``directory`` survive a power cut (where the system allows it)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a directory; the rename stands anyway
    finally:
        os.close(fd)


#: What :func:`number_or_file` gives for a number of more digits than any list has entries (Python
#: would refuse to read 5,000 digits at all): one past every list, so each caller refuses it as such.
BEYOND_ANY_LIST = 10**18


def number_or_file(text: str) -> int | None:
    """A ``FILE|N`` argument as a number: plain digits (ASCII: not ``²``) naming no file here.

    ``None`` when it is a file's name instead. A name too long to be a file is a number, and a
    number too long for any list is :data:`BEYOND_ANY_LIST`.
    """
    if not (text.isascii() and text.isdigit()):
        return None
    try:
        if Path(text).exists():
            return None
    except OSError:
        pass  # "File name too long": no file has this name
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) < len(str(BEYOND_ANY_LIST)) else BEYOND_ANY_LIST
