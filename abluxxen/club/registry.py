"""The club's file of unfinished tables, ``club.json``, written off the event loop, read back warily, and
set aside when damaged; and the saves it names not, set aside at a start.

What ``club.json`` holds is the club's to say (:meth:`~abluxxen.club.lobby.Club.keep`); how it is written
is here: in a thread, the newest state each time, a change that can wait (a chat line) after a pause.
Reading it back (:meth:`ClubFile.read`) takes a regular file of at most :data:`MAX_CLUB_FILE`, never
waits on a pipe, and tells a damaged file (:class:`Damaged`: cut short, nested without end, a device, a
pipe, not a registry of tables) from one that cannot be read now (:class:`RegistryError`: permissions,
the disk): a damaged one is set aside, never written over (:meth:`ClubFile.set_aside`).
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..store.datadir import private_dir
from ..store.files import Refused, TooDeep, Words, load_json, read_small, sync_dir, write_atomically
from ..store.journal import record_waiting
from ..store.save_document import SaveError
from ..store.save_lock import SaveLock
from ..store.saves import MAX_BYTES as MAX_SAVE

#: The club's file of unfinished tables (beside their saves), and the most of it read back.
CLUB_FILE, MAX_CLUB_FILE = "club.json", 1024 * 1024
#: Seconds ``club.json`` waits to be written again when only a table's chat changed.
KEEP_PAUSE = 2.0
#: The folder (beside the saves) where saves no table of ``club.json`` names are set aside, never deleted.
ORPHANS = "orphans"


#: How a damaged ``club.json`` is named once set aside (then the time, and a number should one be there).
DAMAGED = f"{CLUB_FILE}.damaged-"


class Damaged(Exception):
    """``club.json`` is there but holds no registry of tables: the club cannot trust a word of it.

    Attributes:
        key: why, as a text key of ``i18n/club.py`` (``club.damaged.json``, ``…nested``, ``…shape``), or
            ``""`` when ``refused`` says why.
        refused: the file itself is no registry (a pipe, a device, a folder, too big), or ``None``.
    """

    def __init__(self, key: str = "", refused: Refused | None = None) -> None:
        super().__init__(key or (refused.kind if refused is not None else ""))
        self.key, self.refused = key, refused

    def told(self, tr: Words) -> str:
        """Why, in ``tr``'s words."""
        return self.refused.told(tr) if self.refused is not None else tr(self.key)


class RegistryError(Exception):
    """``club.json`` cannot be read now (permissions, the disk), or a damaged one cannot be set aside: the
    club cannot know its tables, and does not start (it would write an empty registry over them).

    Attributes:
        refused: the file's refusal, or ``None``.
        error: the system's refusal to set it aside, or ``None``.
    """

    def __init__(self, refused: Refused | None = None, error: OSError | None = None) -> None:
        super().__init__(refused or error)
        self.refused, self.error = refused, error

    def told(self, tr: Words) -> str:
        """Why, in ``tr``'s words."""
        if self.refused is not None:
            return self.refused.told(tr)
        assert self.error is not None
        return tr.os_reason(self.error)


class ClubFile:
    """``club.json`` as the club keeps it: each state asked for is numbered, and the newest is written.

    Args:
        directory: the club's folder.
        on_event: told (a text key and its fields) when the file cannot be written.
    """

    def __init__(self, directory: Path, on_event: Callable[[str, dict[str, object]], None]) -> None:
        self.path = directory / CLUB_FILE
        self.on_event = on_event
        # The states asked to be kept and written (numbered), whether one waits to be written at once, and
        # the task that writes them.
        self._asked = self._written = 0
        self._now = False
        self._writer: asyncio.Task[None] | None = None
        self._lock = threading.Lock()
        # A file that could be neither read nor set aside is never written over: it may hold every table.
        self.kept_as_it_is = False

    def keep(self, state: Callable[[], dict[str, Any]], *, now: bool = True) -> None:
        """Write ``state()`` soon, in a thread (``now=False``: after :data:`KEEP_PAUSE`, with whatever else
        changes meanwhile); with no event loop running, here and now."""
        self._asked += 1
        self._now = self._now or now
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop: nobody else to serve meanwhile
            self._write(self._asked, state())
            return
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._writing(state))

    def write_now(self, doc: dict[str, Any]) -> None:
        """Write ``doc`` here and now (the club stops: its process is about to end); nothing after it."""
        self._asked += 1
        self._write(self._asked, doc)
        if self._writer is not None:
            self._writer.cancel()

    async def _writing(self, state: Callable[[], dict[str, Any]]) -> None:
        """Write ``club.json`` until it holds the newest state asked for."""
        while self._written < self._asked:
            if not self._now:
                await asyncio.sleep(KEEP_PAUSE)
            self._now = False
            asked = self._asked
            await asyncio.to_thread(self._write, asked, state())

    def read(self) -> dict[str, Any] | None:
        """What ``club.json`` holds: a registry of tables (``{"next": N, "tables": [...], ...}``, each table
        still to be checked by the club), or ``None`` when there is no file.

        Raises:
            Damaged: the file is there but is no registry (see :class:`Damaged`).
            RegistryError: it cannot be read now.
        """
        try:
            data = read_small(self.path, MAX_CLUB_FILE)
        except FileNotFoundError:  # none, or a link to nothing: nothing to lose by writing one
            return None
        except Refused as refused:
            if refused.kind == "unreadable":
                self.kept_as_it_is = True
                raise RegistryError(refused) from None
            raise Damaged(refused=refused) from None
        try:
            doc = load_json(data)
        except TooDeep:
            raise Damaged("club.damaged.nested") from None
        except ValueError:  # cut short, not JSON, not UTF-8
            raise Damaged("club.damaged.json") from None
        if not isinstance(doc, dict) or not isinstance(doc.get("tables"), list) \
                or type(doc.get("next", 1)) is not int:
            raise Damaged("club.damaged.shape")
        return doc

    def set_aside(self) -> Path:
        """Rename the damaged ``club.json`` beside itself (``club.json.damaged-YYYYMMDD-HHMMSS``, never over
        one set aside before), to be looked at; where it went.

        Raises:
            RegistryError: the folder does not let it be renamed.
        """
        stamp = time.strftime("%Y%m%d-%H%M%S")
        try:
            for number in range(1, 1000):
                aside = self.path.with_name(f"{DAMAGED}{stamp}" + (f"-{number}" if number > 1 else ""))
                if not os.path.lexists(aside):
                    os.rename(self.path, aside)
                    sync_dir(self.path.parent)
                    return aside
            raise FileExistsError(17, "a thousand damaged registries this second", str(aside))
        except OSError as err:
            self.kept_as_it_is = True
            raise RegistryError(error=err) from None

    def _write(self, asked: int, doc: dict[str, Any]) -> None:
        """Write ``doc`` (state number ``asked``), unless a newer one is written already."""
        with self._lock:
            if asked <= self._written or self.kept_as_it_is:
                return
            try:
                write_atomically(self.path, json.dumps(doc) + "\n", prefix=".club-")
            except OSError as err:
                self.on_event("club.log.not_kept", {"error": err.strerror or str(err)})
                return
            self._written = asked


def set_aside_orphans(directory: Path, named: set[str]) -> list[str]:
    """Move the saves in ``directory`` that no table names (``named``: those ``club.json`` does) into its
    ``orphans/`` folder, to be looked at (a game no restart would resume, left behind by a crash or an older
    club); the names moved.

    A finished save is no orphan: it waits for the records' journal, which takes it first (one it cannot
    record now stays for a later try). A save another process holds stays too.
    """
    record_waiting(directory)
    moved = []
    for name in sorted(save_names(directory) - named):
        path = directory / name
        try:
            if json.loads(read_small(path, MAX_SAVE)).get("finished") is True:
                continue
        except (Refused, ValueError, AttributeError, RecursionError):
            pass  # no save we can read: an orphan all the same
        lock = SaveLock(path)
        try:
            lock.acquire()
        except (OSError, SaveError):
            continue
        try:
            aside = private_dir(directory / ORPHANS)
            target = aside / name
            for number in range(2, 1000):  # never over one set aside before
                if not target.exists():
                    break
                target = aside / f"{path.stem}-{number}.json"
            os.rename(path, target)
            moved.append(name)
        except OSError:
            continue  # still where it was: the next start tries again
        finally:
            lock.release()
    return moved


def save_names(directory: Path) -> set[str]:
    """The names of the files in ``directory`` that may be saves (not ``club.json``, no hidden file: locks,
    and files being written)."""
    try:
        return {e.name for e in os.scandir(directory) if e.name.endswith(".json") and not e.name.startswith(".")
                and e.name != CLUB_FILE and e.is_file(follow_symlinks=False)}
    except OSError:
        return set()
