"""What the club's registry of tables may meet on the disk: damage (set aside, never written over), a
refusal (the club does not start); today's club.json, read once to upgrade a club's folder; and the saves
no table names, set aside at a start.

The club keeps its tables in SQLite (``state.py``); a club of an older version kept them in ``club.json``
(:class:`ClubFile`), which a first start reads into the database and keeps aside (``club.json.upgraded``).
Reading it takes a regular file of at most :data:`MAX_CLUB_FILE`, never waits on a pipe, and tells a
damaged file (:class:`Damaged`: cut short, nested without end, a device, a pipe, not a registry of tables)
from one that cannot be read now (:class:`RegistryError`: permissions, the disk): a damaged one is set
aside, never written over (:func:`set_aside`), as a damaged database is.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from ..store.datadir import private_dir
from ..store.files import Refused, TooDeep, Words, load_json, read_small, sync_dir
from ..store.journal import record_waiting
from ..store.save_document import SaveError
from ..store.save_lock import SaveLock
from ..store.saves import MAX_BYTES as MAX_SAVE

#: The club's file of unfinished tables (beside their saves), and the most of it read back.
CLUB_FILE, MAX_CLUB_FILE = "club.json", 1024 * 1024
#: The folder (beside the saves) where saves no table of ``club.json`` names are set aside, never deleted.
ORPHANS = "orphans"


#: How a damaged ``club.json`` is named once set aside (then the time, and a number should one be there).
DAMAGED = f"{CLUB_FILE}.damaged-"


class Damaged(Exception):
    """``club.json`` or the club's database is there but holds no registry of tables: the club cannot trust a
    word of it.

    Attributes:
        key: why, as a text key of ``i18n/club.py`` (``club.damaged.json``, ``…nested``, ``…shape``, ``…db``), or
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
    """The club's tables cannot be read now (permissions, the disk), a newer abluxxen kept them, or a damaged
    file of them cannot be set aside: the club cannot know its tables, and does not start (it would write
    an empty registry over them).

    Attributes:
        refused: the file's refusal, or ``None``.
        error: the system's refusal, or ``None``.
        key: why, as a text key of ``i18n/club.py``, or ``""``.
        path: the file (``None``: ``club.json``).
    """

    def __init__(self, refused: Refused | None = None, error: OSError | None = None, *, key: str = "",
                 path: Path | None = None) -> None:
        super().__init__(refused or error or key)
        self.refused, self.error, self.key, self.path = refused, error, key, path

    def told(self, tr: Words) -> str:
        """Why, in ``tr``'s words."""
        if self.refused is not None:
            return self.refused.told(tr)
        if self.key:
            return tr(self.key)
        assert self.error is not None
        return tr.os_reason(self.error)


def set_aside(path: Path, damaged: str, companions: tuple[str, ...] = ()) -> Path:
    """Rename the damaged file ``path`` beside itself (``damaged`` and the time: ``club.json.damaged-YYYYMMDD-
    HHMMSS``, never over one set aside before), with each of its ``companions`` there (``path`` with a suffix:
    what SQLite keeps beside a database), to be looked at; where it went.

    Raises:
        RegistryError: the folder does not let it be renamed.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    suffixes = ("", *companions)
    try:
        for number in range(1, 1000):
            aside = path.with_name(f"{damaged}{stamp}" + (f"-{number}" if number > 1 else ""))
            if not any(os.path.lexists(f"{aside}{suffix}") for suffix in suffixes):
                for suffix in suffixes:
                    if os.path.lexists(f"{path}{suffix}"):
                        os.rename(f"{path}{suffix}", f"{aside}{suffix}")
                sync_dir(path.parent)
                return aside
        raise FileExistsError(17, "a thousand damaged files this second", str(aside))
    except OSError as err:
        raise RegistryError(error=err, path=path) from None


def kept_aside(path: Path, suffix: str) -> Path:
    """Rename ``path`` (a file the club has no more use for, kept all the same) to ``path`` and ``suffix``
    (``club.json.upgraded``), never over one kept before (then ``…-2``, ``…-3``); where it went.

    Raises:
        OSError: the folder does not let it be renamed.
    """
    for number in range(1, 1000):
        aside = path.with_name(path.name + suffix + (f"-{number}" if number > 1 else ""))
        if not os.path.lexists(aside):
            os.rename(path, aside)
            sync_dir(path.parent)
            return aside
    raise FileExistsError(17, "a thousand files kept aside", str(path))


class ClubFile:
    """``club.json``, the club's registry of tables until its state went into SQLite (``state.py``): read
    once, to upgrade a club's folder, or set aside when damaged.

    Args:
        directory: the club's folder.
    """

    def __init__(self, directory: Path) -> None:
        self.path = directory / CLUB_FILE

    def read(self) -> dict[str, Any] | None:
        """What ``club.json`` holds: a registry of tables (``{"next": N, "tables": [...], ...}``, each table
        still to be checked by the club), or ``None`` when there is no file.

        Raises:
            Damaged: the file is there but is no registry (see :class:`Damaged`).
            RegistryError: it cannot be read now.
        """
        try:
            data = read_small(self.path, MAX_CLUB_FILE)
        except FileNotFoundError:  # none, or a link to nothing: nothing to lose
            return None
        except Refused as refused:
            if refused.kind == "unreadable":
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
        """Rename the damaged ``club.json`` beside itself (``club.json.damaged-YYYYMMDD-HHMMSS``); where it went.

        Raises:
            RegistryError: the folder does not let it be renamed.
        """
        return set_aside(self.path, DAMAGED)


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
