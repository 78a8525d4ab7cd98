"""A copy of a club's data while the club runs: ``abluxxen club --backup DIR``.

What a club keeps in its data folder (see ``datadir.py``), and how each is
copied so that the copy is one the club can start from:

- the club's state (``club/state.sqlite3``: the unfinished tables, the chat,
  the mutes, the admins' orders) first, with SQLite's online backup, which
  copies a database as one transaction sees it while the club writes it (a
  club not yet upgraded has ``club/club.json`` instead: it is replaced whole,
  never written in place, so any moment's file is a whole one);
- then the saves in ``club/``: each is replaced whole at every move, and a
  table's save is removed only once its game is recorded. Copied after the
  state, every save it names is there but for a table whose game ended in
  between (left out of the copy's ``club.json``; the copy's database names
  it still, and the restored club, finding its save gone, lets it go: its
  game is in the records);
- then the accounts (``club/club.sqlite3``) and the records
  (``records.sqlite3``) with SQLite's online backup, which copies a database
  as one transaction sees it while others write; last, so that a game
  recorded while the saves were copied is in them;
- the host key (``host_key``), so that the players' SSH clients know the
  restored club.

The copy is laid out as the data folder is: to restore, stop the club and
make the copy its data folder (copy it back, or point ``$ABLUXXEN_DATA_DIR``
at it).
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from .accounts import FILE_NAME as ACCOUNTS_FILE
from .datadir import private_dir
from .files import Refused, load_json, read_small
from .records_db import FILE_NAME as RECORDS_FILE

#: The club's folder in the data folder, its file of tables, the host's key (as ``host/``, ``table/`` name them).
CLUB, CLUB_FILE, HOST_KEY = "club", "club.json", "host_key"
#: The club's state (``club/state.py``'s), and the most of a damaged one copied as it is.
STATE_FILE, MOST_STATE = "state.sqlite3", 256 * 1024 * 1024
#: The most of ``club.json`` and of a save read (as the club reads them).
MOST = 4 * 1024 * 1024
#: Seconds a database busy with a writer is waited for.
BUSY = 10.0


class BackupRefused(Exception):
    """The backup cannot be made (``kind``: ``not_empty``, ``no_club``, or ``failed`` with ``reason``)."""

    def __init__(self, kind: str, reason: str = "") -> None:
        super().__init__(f"{kind}: {reason}" if reason else kind)
        self.kind, self.reason = kind, reason


@dataclass
class BackedUp:
    """What a backup copied.

    Attributes:
        tables: the tables of the copied state (or ``club.json``).
        saves: the saves copied.
        databases: the databases copied (``accounts``, ``records``; the club's state counts as ``tables``).
        host_key: whether the host key was copied.
        left_out: tables whose game ended while the saves were copied (in the records).
    """

    tables: int = 0
    saves: int = 0
    databases: list[str] = field(default_factory=list)
    host_key: bool = False
    left_out: int = 0


def back_up(data: Path, into: Path) -> BackedUp:
    """Copy the club's data in ``data`` (its data folder) into ``into``, a new or empty folder, while the
    club may run.

    Raises:
        BackupRefused: ``into`` is not empty, ``data`` holds no club, or the copy failed (what was copied
            stays, to be looked at).
    """
    if into.exists() and (not into.is_dir() or any(into.iterdir())):
        raise BackupRefused("not_empty")
    club = data / CLUB
    if not club.is_dir() and not (data / RECORDS_FILE).exists():
        raise BackupRefused("no_club")
    done = BackedUp()
    try:
        private_dir(into / CLUB)
        _club_and_saves(club, into / CLUB, done)
        for name, source, target in (("accounts", club / ACCOUNTS_FILE, into / CLUB / ACCOUNTS_FILE),
                                     ("records", data / RECORDS_FILE, into / RECORDS_FILE)):
            if source.is_file():
                _database(source, target)
                done.databases.append(name)
        if (data / HOST_KEY).is_file():
            _write(into / HOST_KEY, read_small(data / HOST_KEY, MOST))
            done.host_key = True
    except (OSError, Refused, sqlite3.Error) as err:
        raise BackupRefused("failed", getattr(err, "strerror", None) or str(err)) from None
    return done


def _club_and_saves(club: Path, into: Path, done: BackedUp) -> None:
    """The club's state, then the saves (each as it is at its moment): the copied state names only saves
    that were copied, or tables whose games ended meanwhile."""
    doc: dict[str, object] | None = None
    state = club / STATE_FILE
    if os.path.isfile(state) and not os.path.islink(state):
        try:
            _database(state, into / STATE_FILE)
        except sqlite3.Error:  # damaged: copied as it is, for the club to set aside and rebuild from the saves
            (into / STATE_FILE).unlink(missing_ok=True)
            _write(into / STATE_FILE, read_small(state, MOST_STATE))
    if (club / CLUB_FILE).is_file():
        try:
            found = load_json(read_small(club / CLUB_FILE, MOST))
        except ValueError:  # damaged (nested without end too): copied as it is, for the club to say so
            found = None
        doc = found if isinstance(found, dict) else None
        if doc is None:
            _write(into / CLUB_FILE, read_small(club / CLUB_FILE, MOST))
    names = [e.name for e in os.scandir(club) if e.name.endswith(".json") and not e.name.startswith(".")
             and e.name != CLUB_FILE and e.is_file(follow_symlinks=False)] if club.is_dir() else []
    copied = set()
    for name in sorted(names):
        try:
            text = read_small(club / name, MOST)
        except FileNotFoundError:
            continue  # its game was recorded meanwhile
        _write(into / name, text)
        copied.add(name)
    done.saves = len(copied)
    if (into / STATE_FILE).exists():
        _count_tables(into / STATE_FILE, copied, done)
    if doc is None:
        return
    tables = doc.get("tables")
    if isinstance(tables, list):
        kept = [t for t in tables if not (isinstance(t, dict) and "save" in t and str(t["save"]) not in copied)]
        done.left_out, done.tables = len(tables) - len(kept), len(kept)
        doc["tables"] = kept
    _write(into / CLUB_FILE, (json.dumps(doc) + "\n").encode())


def _count_tables(state: Path, copied: set[str], done: BackedUp) -> None:
    """How many tables the copied state names, and of those in play how many have no save copied."""
    try:
        db = sqlite3.connect(f"{state.resolve().as_uri()}?mode=ro", uri=True)
        try:
            rows = db.execute("SELECT save FROM tables").fetchall()
        finally:
            db.close()
    except sqlite3.Error:
        return  # damaged: the restored club says so
    done.left_out = sum(1 for (save,) in rows if save is not None and save not in copied)
    done.tables = len(rows) - done.left_out


def _database(source: Path, target: Path) -> None:
    """One SQLite database, as one read transaction sees it (SQLite's online backup), owner-only."""
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY)
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


def _write(path: Path, data: bytes) -> None:
    """A new file, owner-only (saves hold hands and seeds; the key is secret), on disk when this returns."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
