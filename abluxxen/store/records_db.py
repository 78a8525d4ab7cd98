"""Opening the records database and checking it is ours: where the file is, what a file there must be,
its schema brought up to date, and sqlite3's errors turned into :class:`RecordsError`.

The file is ``records.sqlite3`` in the data directory (see ``datadir.py``).
Its schema is versioned (``PRAGMA user_version``, see ``records_schema.py``) and migrated forward on
open; see ``docs/save-format.md``, section "Records database". A database
that is damaged, unreadable, locked by another program, or written by a newer
version raises :class:`RecordsError`, whose ``kind`` the game turns into one
line of warning: a game is never stopped by its record.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Self

from ..quoting import brief
from .datadir import data_dir, private_dir
from .files import SQLITE_COMPANIONS, Refused, no_links
from .records_schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION, statements

FILE_NAME = "records.sqlite3"
#: Seconds to wait for another process's write; the end of a game waits no longer.
BUSY_TIMEOUT = 2.0
#: Why a database cannot be used; each kind has a text ``records.KIND`` in ``i18n/records.py``.
KINDS = ("damaged", "locked", "unreadable", "newer", "full")


class RecordsError(Exception):
    """The records database cannot be used; it is left exactly as it was.

    Attributes:
        kind: one of :data:`KINDS`: ``damaged`` (not a records database, or
            broken), ``locked`` (another program holds it), ``unreadable``
            (the file or its folder cannot be opened), ``newer`` (written by a
            newer version of the game), ``full`` (the disk has no room for it).
        detail: what is wrong, in the system's words (English only; never the raw
            content of the file: :func:`~abluxxen.quoting.brief` makes it one short line).
    """

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(f"records {kind}" + (f": {detail}" if detail else ""))
        self.kind = kind
        self.detail = brief(detail, 120)


def records_path(directory: Path | None = None) -> Path:
    """The database file in ``directory`` (default: the data directory)."""
    return (directory if directory is not None else data_dir()) / FILE_NAME


class RecordsDatabase:
    """The connection to the records database, opened when first used; a context manager that closes it.

    What is read and written through it is :class:`~abluxxen.store.records.Records`' (use
    :func:`~abluxxen.store.records.open_records`).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._writable = False  # the connection was opened read-only (:meth:`_read_only`)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection (the object may be used again: it reopens)."""
        if self._db is not None:
            self._db.close()
            self._db = None
        self._writable = False

    def connection(self, *, create: bool) -> sqlite3.Connection | None:
        """The open connection, the schema brought up to date; ``None`` when there is no file to read.

        Args:
            create: whether to make the file when there is none (only where a game is written).

        Raises:
            RecordsError: when the file cannot be opened, is not ours, or is newer.
        """
        if self._db is not None and (self._writable or not create):
            return self._db
        self.close()  # read-only so far (a read-only folder), and now asked to write: tried again
        if not self._exists(create=create):
            if not create:
                return None
            _create_private(self.path)
        try:
            db = _opened(f"{self.path.resolve().as_uri()}?mode=rwc")
            self._writable = True
        except RecordsError as err:
            if err.kind == "unreadable" and _disk_full(self.path.parent):
                # SQLite says only "disk I/O error" when it finds no room for its shared memory (-shm).
                raise RecordsError("full") from None
            if create or err.kind != "unreadable":
                raise
            db = self._read_only(err)
        if create:
            _keep_private(self.path)
        self._db = db
        return db

    def _read_only(self, refusal: RecordsError) -> sqlite3.Connection:
        """The records opened to be read only, where they cannot be written (a read-only folder or disk):
        ``stats`` and ``review`` show them all the same.

        SQLite reads a WAL database only with its shared memory (``-shm``) beside it, which a read-only folder
        cannot take: then the file is read as it is (``immutable``). That is right only while nobody writes
        it, as nobody can where no ``-wal`` can be made; a ``-wal`` with changes in it (a writer's, not yet
        folded into the file) is not passed over: such records are ``refusal``.

        Raises:
            RecordsError: ``refusal``, when they cannot be read either.
        """
        uri = self.path.resolve().as_uri()
        try:
            return _opened(f"{uri}?mode=ro")
        except RecordsError:
            pass
        try:
            changes = os.path.getsize(f"{self.path}-wal") > 0
        except OSError:
            changes = False
        if changes:
            raise refusal
        try:
            return _opened(f"{uri}?mode=ro&immutable=1")
        except RecordsError:
            raise refusal from None

    def _exists(self, *, create: bool) -> bool:
        """Whether a file is at the path (a regular file).

        Raises:
            RecordsError: when something else is there: a folder, a pipe or a device, or a link (to
                nowhere, or to a file: the game writes no file through a link, and SQLite would make its
                companions, ``-wal`` and the like, where the link leads); or a link in a companion's place.
        """
        try:
            no_links(self.path, SQLITE_COMPANIONS)
        except Refused as refused:
            raise RecordsError("unreadable", _link_detail(self.path, refused)) from None
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return False
        except OSError as err:
            raise RecordsError("unreadable", err.strerror or str(err)) from None
        if stat.S_ISDIR(info.st_mode):
            raise RecordsError("unreadable", "it is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise RecordsError("unreadable", "it is not a regular file")
        return True


def _link_detail(path: Path, refused: Refused) -> str:
    """What is wrong with the records' place, a link (at ``path``, or a companion's beside it)."""
    where = "it is" if refused.detail == path.name else f"{refused.detail} beside it is"
    leads = {"dangling": "a file that does not exist", "folder": "a folder", "not-regular": "a pipe or a device"}
    return f"{where} a link to {leads.get(refused.kind, 'another file')}, and the game writes no file through a link"


def _opened(uri: str) -> sqlite3.Connection:
    """The database at ``uri``, its schema checked and brought up to date.

    A database that turns out not to be ours, or to be newer, is refused before anything is written to it.

    Raises:
        RecordsError: when it cannot be opened, is not ours, or is newer.
    """
    with translated():
        db = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT, isolation_level=None)
        try:
            _upgrade(db)
        except BaseException:
            db.close()
            raise
    return db


def _disk_full(folder: Path) -> bool:
    """Whether the disk of ``folder`` has no room left (for this user)."""
    try:
        return shutil.disk_usage(folder).free == 0
    except OSError:
        return False


def _create_private(path: Path) -> None:
    """Create the empty records file, readable by its owner only (it holds every game's seed),
    in a folder made for it (owner-only too) if there is none.

    Raises:
        RecordsError: when the folder or the file cannot be made.
    """
    try:
        private_dir(path.parent)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass  # another process made it first: it is made the same way
    except OSError as err:
        raise _os_refusal(err) from None


def _keep_private(path: Path) -> None:
    """Make records that an older version left readable to all (0644) owner-only, as new ones are (where
    files have owners and modes: not on Windows)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return
    try:
        info = os.stat(path)
        if info.st_mode & 0o077 and info.st_uid == getuid():
            os.chmod(path, 0o600)
    except OSError:
        pass  # the records still work; only their privacy is as the system left it


def _upgrade(db: sqlite3.Connection) -> None:
    """Bring the schema to :data:`SCHEMA_VERSION`, refusing a database that is not ours, is newer,
    or has a version no game ever wrote."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version < 0:
        raise RecordsError("damaged", f"schema version {version} is not one any Abluxxen writes")
    if version == SCHEMA_VERSION:
        _check_ours(db)
        _check_schema(db)
        return
    if version > SCHEMA_VERSION:
        _check_ours(db)
        raise RecordsError("newer", f"schema version {version}, this game knows up to {SCHEMA_VERSION}")
    with transaction(db):
        # Read again inside the transaction: another process may have migrated meanwhile.
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version not in MIGRATIONS and version != SCHEMA_VERSION:
            raise RecordsError("damaged", f"schema version {version} is not one any Abluxxen writes")
        if version == 0:
            if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise RecordsError("damaged", "a database of something else")
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        else:
            _check_ours(db)
        while version < SCHEMA_VERSION:
            for statement in statements(MIGRATIONS[version]):
                db.execute(statement)
            version += 1
        _check_schema(db)  # a damaged older file is refused before its migration is committed
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    try:
        # Readers never wait for the writer; set once, it stays with the file.
        db.execute("PRAGMA journal_mode = WAL")
    except sqlite3.Error:
        pass  # a file system without shared memory keeps the default journal: slower, as safe


def _check_ours(db: sqlite3.Connection) -> None:
    if db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
        raise RecordsError("damaged", "a database of something else")


#: The tables that hold the games. The ratings are a cache, made anew whenever they do not read.
GAME_TABLES = ("games", "seats", "transcripts")
#: Per table, its columns as (name, declared type, NOT NULL, place in the primary key), and its unique indexes'
#: columns: what reading and writing a game rest on.
Shape = dict[str, tuple[tuple[tuple[str, str, int, int], ...], frozenset[tuple[str, ...]]]]


def _check_schema(db: sqlite3.Connection) -> None:
    """Refuse a file whose game tables are not shaped as the migrations make them.

    ``PRAGMA integrity_check`` passes a schema whose text was changed: one byte (``PRIMARY`` spelt
    ``PRI\\xe7ARY``) turns ``games.number`` into a plain column, and every game recorded then gets no
    number, so neither ``stats`` nor ``review`` could ever reach it. Such a file is damaged, and its
    games' saves stay where every command finds them. Shapes are compared, not the statements' text:
    files of one version made by earlier releases differ in their ``CHECK``s and in white space.
    """
    factory = db.text_factory
    db.text_factory = bytes  # a name or type whose text is not UTF-8 is a difference, not a decoding error
    try:
        found = _shape(db)
    finally:
        db.text_factory = factory
    expected = expected_shape()
    wrong = [table for table in GAME_TABLES if found.get(table) != expected[table]]
    if wrong:
        raise RecordsError("damaged", f"its table {wrong[0]} is not as the game made it")


@cache
def expected_shape() -> Shape:
    """The shape a file brought up to :data:`SCHEMA_VERSION` by the migrations has (made once, in memory)."""
    db = sqlite3.connect(":memory:")
    try:
        for version in range(SCHEMA_VERSION):
            for statement in statements(MIGRATIONS[version]):
                db.execute(statement)
        return _shape(db)
    finally:
        db.close()


def _shape(db: sqlite3.Connection) -> Shape:
    shape: Shape = {}
    for table in GAME_TABLES:
        columns = tuple((_text(name), _text(kind).upper(), int(notnull), int(pk))
                        for _, name, kind, notnull, _, pk, *_ in db.execute(f"PRAGMA table_xinfo({table})"))
        if not columns:
            continue  # no such table
        indexes = [_text(index) for _, index, is_unique, *_ in db.execute(f"PRAGMA index_list({table})")
                   if is_unique]
        unique = frozenset(tuple(_text(row[2]) for row in db.execute("SELECT * FROM pragma_index_info(?)", (index,)))
                           for index in indexes)
        shape[table] = (columns, unique)
    return shape


def _text(value: str | bytes | None) -> str:
    """A schema's name or type as text (bytes that are not UTF-8 shown as such)."""
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return value or ""


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[None]:
    """One write transaction, taken at once so that waiting happens before anything is read."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


# SQLite's primary result codes, as the sqlite3 module reports them.
_BUSY_CODES = {5, 6}  # SQLITE_BUSY, SQLITE_LOCKED
_FULL_CODE = 13  # SQLITE_FULL
_OPEN_CODES = {3, 8, 10, 14, 23}  # PERM, READONLY, IOERR, CANTOPEN, AUTH
# What a full disk says, as errno.
_FULL_ERRNOS = {errno.ENOSPC, errno.EDQUOT}


@contextmanager
def translated() -> Iterator[None]:
    """Turn sqlite3's errors into :class:`RecordsError` of the right kind."""
    try:
        yield
    except sqlite3.Error as err:
        code = (getattr(err, "sqlite_errorcode", None) or 0) & 0xFF
        if code in _BUSY_CODES:
            raise RecordsError("locked", str(err)) from None
        if code == _FULL_CODE:
            raise RecordsError("full", str(err)) from None
        if code in _OPEN_CODES:
            raise RecordsError("unreadable", str(err)) from None
        raise RecordsError("damaged", str(err)) from None
    except UnicodeDecodeError:
        # A byte that is not UTF-8 where SQLite reads text (its own schema, in the message of its error).
        raise RecordsError("damaged", "text in it is not UTF-8") from None
    except OSError as err:
        raise _os_refusal(err) from None


def _os_refusal(err: OSError) -> RecordsError:
    """The records error of a refusal from the system: a full disk, or a file that cannot be used."""
    return RecordsError("full" if err.errno in _FULL_ERRNOS else "unreadable", err.strerror or str(err))

