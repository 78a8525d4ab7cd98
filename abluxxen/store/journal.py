"""The finished save is the journal of the records: no finished game is ever lost.

A match that ends is saved with ``"finished": true`` first, then recorded,
and only once its record is written is its save removed. A kill between the
two steps, or records that cannot be opened as the game ends (locked, a full
disk, something else at their path), leave the finished save in the save
folder; every command that opens the records first records such saves
(:func:`record_waiting`). A game's record key (the match key and the game's
index) makes this safe to repeat: nothing is recorded twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .datadir import data_dir, saves_in
from .files import Refused, files_in, load_json, read_small
from .records import record_finished
from .records_db import RecordsError

# A save is well under this; a bigger file is no save of ours (saves.MAX_BYTES, without loading saves.py).
_MAX_BYTES = 4 * 1024 * 1024


@dataclass
class CaughtUp:
    """What :func:`record_waiting` did.

    Attributes:
        recorded: the numbers in the records of the games it recorded.
        problem: why the records could not take them (a :class:`RecordsError`), or why their saves could not
            be taken up (an ``OSError``: a save folder that takes no lock file, read-only), if so.
        waiting: the finished saves left to be recorded later, for that reason.
    """

    recorded: list[int] = field(default_factory=list)
    problem: RecordsError | OSError | None = None
    waiting: list[Path] = field(default_factory=list)


def record_waiting(*folders: Path | None, records_dir: Path | None = None) -> CaughtUp:
    """Record the finished games whose saves are still waiting, and remove those saves.

    Args:
        folders: save folders to look in (``None``: the default one); with
            none given, the default one.
        records_dir: where the records live (default: the data directory).

    A save another process has open is left alone (its table records it),
    and so is any file that is not a readable finished save. Once the records refuse one, the rest are
    not tried: they wait with it (:attr:`CaughtUp.waiting`), as does a save whose lock cannot be made.
    """
    caught = CaughtUp()
    refused = False
    for folder in dict.fromkeys(f if f is not None else _default_folder() for f in folders or (None,)):
        for path in _finished_in(folder):
            if refused:
                caught.waiting.append(path)
                continue
            try:
                number = record_save(path, records_dir)
            except (RecordsError, OSError) as err:
                refused = isinstance(err, RecordsError)
                caught.problem = err if refused or caught.problem is None else caught.problem
                caught.waiting.append(path)
                continue
            if number is not None:
                caught.recorded.append(number)
    return caught


def _default_folder() -> Path:
    return saves_in(data_dir())


def _finished_in(folder: Path) -> list[Path]:
    """The files in ``folder`` that look like finished saves (read, not yet checked)."""
    try:
        names = sorted(name for name in files_in(folder, ".json") if not name.startswith("."))
    except OSError:
        return []
    finished = []
    for name in names:
        try:
            doc = load_json(read_small(folder / name, _MAX_BYTES))
        except (OSError, Refused, ValueError):
            continue
        if isinstance(doc, dict) and doc.get("finished") is True:
            finished.append(folder / name)
    return finished


def record_save(path: Path, records_dir: Path | None) -> int | None:
    """Record one finished save and remove it; its number in the records (the earlier one when it was
    recorded already), or ``None`` when it is not a finished save or another process has it open.

    Raises:
        RecordsError: when the records cannot take it (the save stays).
        OSError: when its lock file cannot be made (a read-only folder): the save could not be removed once
            recorded, nor kept from a game opening it meanwhile (it stays).
    """
    # Imported only when a finished save is found: stats stays light.
    from .save_document import SaveError
    from .save_lock import SaveLock
    from .saves import read_save

    lock = SaveLock(path)
    try:
        lock.acquire()
    except SaveError:
        return None  # open in another terminal, whose table records it
    try:
        saved = read_save(path)
        if not (saved.finished and saved.match.is_over):
            return None
        number = record_finished(saved, seed_shown=True, directory=records_dir)
        retire(path)
        return number
    except SaveError:
        return None  # a damaged file: `resume` names it; it is nobody's record
    finally:
        lock.release()


def retire(path: Path) -> None:
    """Remove a finished save whose game is recorded (the caller holds its lock)."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass  # a folder that refuses: the record key keeps the next sweep from recording it twice
