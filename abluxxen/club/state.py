"""The club's state in SQLite: ``state.sqlite3`` in the club's folder, beside the tables' saves.

It holds what the club keeps over a restart: its tables (what each plays, who opened it, its stage, its
save, its seats' owners or the accounts waiting at it and invited to it, whose decision it is, since when and
its deadline), the chat kept (the lobby's and each table's), the admins' mutes (until when, on the calendar,
and by whom), the admins' orders (when, who, what, on whom), the people it remembers between their visits
(how to reach them: ``people.py``), the next table's number, and when it last ran.

A database of its own, not the accounts' (``club.sqlite3``): a damaged one is set aside and the tables
rebuilt from their saves (``rebuild.py``), which must never take the accounts with it (nothing rebuilds
them), and each file keeps its own schema version.

What it holds is the club's to say (:meth:`~abluxxen.club.lobby.Club.keep`, in the form ``club.json`` had:
one path resumes a table, whichever told of it); how it is kept is here. Every write is one transaction,
made by one writer thread, in order: the club's event loop never waits on the disk. Each state asked for
is numbered and the newest is written (one asked for while another is written waits, and only the newest of
those is written then); what only a chat line changed waits :data:`KEEP_PAUSE`. An admin's order is
appended, never lost to a newer state. The schema is numbered (``PRAGMA user_version``) and migrated
forward on open, as the records' is (``store/records_db.py``); a newer one is refused, never written.

A database that is no database of the club's (cut short, garbage, a stranger's, a pipe or a device, a
link) is never written over: :meth:`ClubState.read` says :class:`~.registry.Damaged`, and the club sets it
aside (:meth:`ClubState.set_aside`, with the files SQLite keeps beside it) and rebuilds its tables from
their saves. One that cannot be read now (permissions, the disk) is :class:`~.registry.RegistryError`: the
club does not start.
"""

from __future__ import annotations

import asyncio
import errno
import json
import math
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import Context
from pathlib import Path
from typing import Any

from ..store.datadir import private_dir
from ..store.files import SQLITE_COMPANIONS, Refused, open_regular
from .registry import Damaged, RegistryError, set_aside

#: The club's state, in the club's folder.
STATE_FILE = "state.sqlite3"
#: How a damaged database is named once set aside (then the time, and a number should one be there).
DAMAGED_STATE = f"{STATE_FILE}.damaged-"
#: Seconds a state waits to be written when only a chat changed.
KEEP_PAUSE = 2.0
#: The fewest seconds between two states written: a busy club's changes are written together, a few times a
#: second at most (a thousand tables' state made at every change, ten a second, took half the club's time).
KEEP_GAP = 0.25
#: Seconds a database busy with another reader's lock (a backup) is waited for.
BUSY = 10.0
#: Marks the file as the club's ("ABLC"), so no other database is taken for it.
APPLICATION_ID = 0x41424C43
SCHEMA_VERSION = 3

# Version 1. Settings, owners: JSON as the club writes them (``settings.py``, casefolded name to key).
# A table's stage is ``open`` (people wait at it: ``waiting``) or its room's (``save`` names its save).
# ``whose``, ``since`` (calendar seconds) and ``deadline`` (calendar seconds, NULL: no clock): whose
# decision it is at a table in play, for the tables that sleep. Chat: ``table_number`` NULL is the lobby's,
# ``at`` when it was said (calendar seconds, NULL: not known). Mutes until a calendar time, the monotonic
# clock starting anew with the process.
_V1 = """
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE tables (
    number   INTEGER PRIMARY KEY,
    settings TEXT NOT NULL,
    opener   TEXT NOT NULL,
    stage    TEXT NOT NULL,
    save     TEXT,
    owners   TEXT NOT NULL DEFAULT '{}',
    whose    TEXT,
    since    REAL,
    deadline REAL,
    created  REAL NOT NULL
);
CREATE TABLE waiting (
    table_number INTEGER NOT NULL,
    place        INTEGER NOT NULL,
    name         TEXT NOT NULL,
    key          TEXT NOT NULL,
    PRIMARY KEY (table_number, place)
) WITHOUT ROWID;
CREATE TABLE chat (
    seq          INTEGER PRIMARY KEY,
    table_number INTEGER,
    name         TEXT NOT NULL,
    text         TEXT NOT NULL,
    watching     INTEGER NOT NULL DEFAULT 0,
    at           REAL
);
CREATE TABLE mutes (
    name  TEXT NOT NULL,
    until REAL NOT NULL,
    by    TEXT NOT NULL
);
CREATE TABLE orders (
    seq     INTEGER PRIMARY KEY,
    at      REAL NOT NULL,
    admin   TEXT NOT NULL,
    command TEXT NOT NULL,
    target  TEXT NOT NULL,
    detail  TEXT NOT NULL
);
"""

# Version 2. What the lobby lists of a table in play and who of its people is away, so that a restarted club
# lists its tables from the database alone (they sleep until needed, no save read): ``people`` (JSON: the
# names at its people's seats), ``bots`` (its bots' seats), ``away`` (JSON: name to since when, calendar
# seconds), ``seat`` (the seat whose decision it awaits, with ``whose``). NULL: not known (a table kept by
# version 1: read from its save at the start).
_V2 = """
ALTER TABLE tables ADD COLUMN people TEXT;
ALTER TABLE tables ADD COLUMN bots INTEGER;
ALTER TABLE tables ADD COLUMN away TEXT;
ALTER TABLE tables ADD COLUMN seat INTEGER
"""

# Version 3. Tables played over days and the people who play them while away: ``people`` (what the club
# remembers of each account between visits: how to reach them, whether to, their language, when last seen,
# what to tell them when they come back: ``news``, JSON, text keys and their fields; see ``people.py``);
# ``waiting.invited`` (0: a person seated at an open table; 1: invited to it, not yet come; 2: invited and
# declined); ``tables.private`` (only those invited see it); ``tables.last`` (JSON: what happened before the
# decision awaited, in public words per language); ``tournaments`` (each one's entrants, rounds,
# tables and results, JSON as ``tournaments.py`` keeps it); ``meta.alive`` (the calendar's second the club was
# last known to run: a restart gives the time it was down back to every deadline).
_V3 = """
CREATE TABLE people (
    key     TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    contact TEXT NOT NULL DEFAULT '',
    notify  INTEGER NOT NULL DEFAULT 1,
    lang    TEXT NOT NULL DEFAULT 'en',
    seen    REAL NOT NULL DEFAULT 0,
    news    TEXT NOT NULL DEFAULT '[]'
) WITHOUT ROWID;
ALTER TABLE waiting ADD COLUMN invited INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN last TEXT;
CREATE TABLE tournaments (
    number INTEGER PRIMARY KEY,
    doc    TEXT NOT NULL
)
"""

#: ``MIGRATIONS[v]`` takes a database from version ``v`` to ``v + 1``.
MIGRATIONS: dict[int, str] = {0: _V1, 1: _V2, 2: _V3}
assert len(MIGRATIONS) == SCHEMA_VERSION

# SQLite's primary result codes that say the file cannot be used now (another holds it, the disk or the
# system refuses: BUSY, LOCKED, PERM, READONLY, IOERR, FULL, CANTOPEN, AUTH), as the system's refusal; any
# other says the file is no state of the club's.
_NOW_CODES = {5: errno.EBUSY, 6: errno.EBUSY, 3: errno.EACCES, 8: errno.EROFS, 10: errno.EIO, 13: errno.ENOSPC,
              14: errno.EACCES, 23: errno.EACCES}


class ClubState:
    """``state.sqlite3`` as the club keeps it.

    Args:
        directory: the club's folder.
        on_event: told (a text key and its fields) when the state cannot be written.
    """

    def __init__(self, directory: Path, on_event: Callable[[str, dict[str, object]], None]) -> None:
        self.path = directory / STATE_FILE
        self.on_event = on_event
        self._db: sqlite3.Connection | None = None
        # One question of the database at a time (the writer thread's, or a read at the start).
        self._lock = threading.Lock()
        # The one writer thread, made when first needed: writes in the order they were asked.
        self._writer: ThreadPoolExecutor | None = None
        # The states asked to be kept and written (numbered), whether one waits to be written at once, and
        # the task on the event loop that hands the newest to the writer.
        self._asked = self._written = 0
        self._now = False
        self._wrote_at = -math.inf  # when (the event loop's clock) the last state was handed over
        self._keeper: asyncio.Task[None] | None = None
        self._closed = False
        # The rows the last write left in the database (``None``: unknown): the next writes only what differs.
        self._rows: Rows | None = None
        self._made: Made = {}  # each table's and account's row, and what it was made of
        # A database that could be neither read nor set aside is never written: it may hold every table.
        self.kept_as_it_is = False

    # -- reading, at the start -------------------------------------------------------------

    def read(self) -> dict[str, Any] | None:
        """What the database holds, in the form the club keeps (``{"next": N, "tables": [...], "muted": [...],
        "chat": [...]}``, each table still to be checked by the club), or ``None`` when there is none yet.

        Raises:
            Damaged: it is there but is no state of the club's.
            RegistryError: it cannot be read now, or is a newer abluxxen's.
        """
        with self._lock:
            try:
                if not self._there():
                    return None
                with self._translated():
                    return _read(self._connection())
            except (Damaged, RegistryError):
                self.kept_as_it_is = True  # never written: set aside first, or left as it is
                raise

    def orders(self) -> list[tuple[float, str, str, str, dict[str, Any]]]:
        """The admins' orders kept, oldest first: when (calendar seconds), the admin, the order, on whom,
        and the rest of it (the minutes of a mute, a table's number)."""
        with self._lock, self._translated():
            if not self._there():
                return []
            rows = self._connection().execute(
                "SELECT at, admin, command, target, detail FROM orders ORDER BY seq").fetchall()
        return [(float(at), str(admin), str(command), str(target), dict(json.loads(detail)))
                for at, admin, command, target, detail in rows]

    def _there(self) -> bool:
        """Whether a database is there to be read (a regular file).

        Raises:
            Damaged: a link, a pipe, a device or a folder is in its place or in a companion's (SQLite would
                write where a link leads), or a companion is there without it (a ``-wal`` left alone would be
                played into a new database).
        """
        if self._db is not None:
            return True
        companions = [self.path.with_name(self.path.name + s) for s in SQLITE_COMPANIONS]
        for place in (self.path, *companions):
            if os.path.islink(place):
                raise Damaged(refused=Refused("link"))
        try:
            info = os.lstat(self.path)
        except FileNotFoundError:
            if any(os.path.lexists(place) for place in companions):
                raise Damaged("club.damaged.db") from None
            return False
        except OSError as err:
            raise RegistryError(error=err, path=self.path) from None
        if not stat.S_ISREG(info.st_mode):
            raise Damaged(refused=Refused("folder" if stat.S_ISDIR(info.st_mode) else "not-regular"))
        return True

    def _connection(self) -> sqlite3.Connection:
        """The open database (made, owner-only, when there is none), its schema brought up to date."""
        if self._db is None:
            if not os.path.lexists(self.path):
                private_dir(self.path.parent)
                os.close(open_regular(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=rw", uri=True, timeout=BUSY,
                                 isolation_level=None, check_same_thread=False)
            try:
                _upgrade(db)
            except BaseException:
                db.close()
                raise
            self._db = db
        return self._db

    @contextmanager
    def _translated(self) -> Iterator[None]:
        """sqlite3's errors as the club tells them: :class:`Damaged`, or :class:`RegistryError`."""
        try:
            yield
        except sqlite3.Error as err:
            self._close()
            code = (getattr(err, "sqlite_errorcode", None) or 0) & 0xFF
            if code in _NOW_CODES:
                raise RegistryError(error=OSError(_NOW_CODES[code], str(err)), path=self.path) from None
            raise Damaged("club.damaged.db") from None
        except (ValueError, TypeError, KeyError):  # a JSON column that is no JSON, text that is no UTF-8
            self._close()
            raise Damaged("club.damaged.db") from None
        except Refused as refused:
            raise Damaged(refused=refused) from None
        except OSError as err:
            raise RegistryError(error=err, path=self.path) from None

    def set_aside(self) -> Path:
        """Rename the damaged database beside itself (``state.sqlite3.damaged-YYYYMMDD-HHMMSS``, never over
        one set aside before), with the files SQLite keeps beside it; where it went.

        Raises:
            RegistryError: the folder does not let it be renamed.
        """
        with self._lock:
            self._close()
            aside = set_aside(self.path, DAMAGED_STATE, SQLITE_COMPANIONS)
            self.kept_as_it_is = False  # its place is free: a new database is made there
            return aside

    # -- writing, off the event loop -------------------------------------------------------------

    def keep(self, state: Callable[[], dict[str, Any]], *, now: bool = True) -> None:
        """Write ``state()`` soon, in the writer thread (``now=False``: after :data:`KEEP_PAUSE`, with
        whatever else changes meanwhile); with no event loop running, here and now."""
        if self._closed:
            return
        self._asked += 1
        self._now = self._now or now
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop: nobody else to serve meanwhile
            self._in_writer(self._write, self._asked, state()).result()
            return
        if self._keeper is None or self._keeper.done():
            # A context of its own, not the session's that asked (a task, even finished, holds the context it
            # was made in: prompt_toolkit's, which holds that session's screen long after it ended).
            self._keeper = loop.create_task(self._keeping(state), context=Context())

    async def _keeping(self, state: Callable[[], dict[str, Any]]) -> None:
        """Hand the newest state to the writer until it is written (a write that fails is tried again), at
        most one every :data:`KEEP_GAP` seconds."""
        loop = asyncio.get_running_loop()
        while self._written < self._asked and not self._closed:
            if not self._now:
                await asyncio.sleep(KEEP_PAUSE)
            elif (gap := self._wrote_at + KEEP_GAP - loop.time()) > 0:
                await asyncio.sleep(gap)
            self._now = False
            await asyncio.wrap_future(self._in_writer(self._write, self._asked, state()))
            self._wrote_at = loop.time()

    def write(self, doc: dict[str, Any]) -> bool:
        """Write ``doc`` here and now (the club's start: it serves nobody yet); whether it was."""
        self._asked += 1
        self._in_writer(self._write, self._asked, doc).result()
        return self._written == self._asked

    def write_now(self, doc: dict[str, Any]) -> None:
        """Write ``doc`` here and now, after every write asked before, and close (the club stops: its
        process is about to end); nothing after it."""
        if self._closed:
            return
        self._asked += 1
        self._in_writer(self._write, self._asked, doc).result()
        self.close()

    def order(self, admin: str, command: str, target: str, detail: dict[str, Any]) -> None:
        """Keep an admin's order (given now), after every state asked for before it."""
        if not self._closed:
            self._in_writer(self._write_order, time.time(), admin, command, target, json.dumps(detail))

    def close(self) -> None:
        """Stop writing: the writer thread ends once what was asked is written, and the file is closed."""
        self._closed = True
        if self._keeper is not None:
            self._keeper.cancel()
        if self._writer is not None:
            self._writer.shutdown(wait=True)
        with self._lock:
            self._close()

    def _in_writer(self, write: Callable[..., None], *args: Any) -> Future[None]:
        if self._writer is None:
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="club-state")
        return self._writer.submit(write, *args)

    def _write(self, asked: int, doc: dict[str, Any]) -> None:
        """Write ``doc`` (state number ``asked``), unless a newer one is written already (in the writer)."""
        with self._lock:
            if asked <= self._written or self.kept_as_it_is:
                return
            rows = _rows(doc, self._made)
            if self._stored(lambda db: _store(db, rows, self._rows)):
                self._written, self._rows = asked, rows

    def _write_order(self, at: float, admin: str, command: str, target: str, detail: str) -> None:
        with self._lock:
            if not self.kept_as_it_is:
                self._stored(lambda db: db.execute(
                    "INSERT INTO orders (at, admin, command, target, detail) VALUES (?, ?, ?, ?, ?)",
                    (at, admin, command, target, detail)))

    def _stored(self, change: Callable[[sqlite3.Connection], object]) -> bool:
        """Make ``change`` in one transaction; whether it was made (else the log says why)."""
        try:
            db = self._connection()
            db.execute("BEGIN IMMEDIATE")
            try:
                change(db)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except (sqlite3.Error, OSError, Refused, Damaged, RegistryError) as err:
            # (Damaged, RegistryError: another put something in the database's place since the start.)
            self._close()
            self.on_event("club.log.not_kept", {"error": str(getattr(err, "strerror", None) or err)})
            return False
        return True

    def _close(self) -> None:
        self._rows = None  # (another file may be there when it is opened again: written whole)
        if self._db is not None:
            self._db.close()
            self._db = None


def _upgrade(db: sqlite3.Connection) -> None:
    """Bring the schema to :data:`SCHEMA_VERSION`; refuse a database that is not the club's (:class:`Damaged`:
    set aside, never written) or a newer abluxxen's (:class:`RegistryError`), before anything is written."""
    if db.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
        raise Damaged("club.damaged.db")
    version = db.execute("PRAGMA user_version").fetchone()[0]
    ours = db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    if version == 0 and not ours:
        if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise Damaged("club.damaged.db")  # a database of something else
    elif not ours or version < 0:
        raise Damaged("club.damaged.db")
    if version > SCHEMA_VERSION:
        raise RegistryError(key="club.state.newer")
    if version < SCHEMA_VERSION:
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            while version < SCHEMA_VERSION:
                for statement in (s.strip() for s in MIGRATIONS[version].split(";")):
                    if statement:
                        db.execute(statement)
                version += 1
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
    try:
        db.execute("PRAGMA journal_mode = WAL")  # a backup's reading never waits for the club's writing
    except sqlite3.Error:
        pass  # a file system without shared memory keeps the default journal: slower, as safe


def _read(db: sqlite3.Connection) -> dict[str, Any]:
    """The state in the database, as the club keeps it (each value as the file holds it: the club checks)."""
    waiting: dict[int, list[list[Any]]] = {}
    for number, name, key, invited in db.execute(
            "SELECT table_number, name, key, invited FROM waiting ORDER BY table_number, place"):
        waiting.setdefault(number, []).append([name, key, invited] if invited else [name, key])
    chats: dict[int | None, list[dict[str, Any]]] = {}
    for number, name, text, watching, at in db.execute(
            "SELECT table_number, name, text, watching, at FROM chat ORDER BY seq"):
        chats.setdefault(number, []).append({"name": name, "text": text, "watching": bool(watching), "at": at})
    tables: list[dict[str, Any]] = []
    for number, settings, opener, stage, save, owners, whose, since, deadline, people, bots, away, seat, private, \
            last in db.execute("SELECT number, settings, opener, stage, save, owners, whose, since, deadline, people,"
                               " bots, away, seat, private, last FROM tables ORDER BY number"):
        table = {"number": number, "settings": json.loads(settings), "opener": opener}
        if stage == OPEN:
            table.update(waiting=waiting.get(number, []), private=bool(private))
        else:
            table.update(save=save, owners=json.loads(owners), chat=chats.get(number, []), stage=stage)
            if people is not None:
                table.update(people=json.loads(people), bots=bots, away=json.loads(away or "{}"), seat=seat,
                             whose=whose, since=since, deadline=deadline, last=json.loads(last or "null"))
        tables.append(table)
    muted = [{"name": name, "until": until, "by": by} for name, until, by in db.execute(
        "SELECT name, until, by FROM mutes")]
    people = [{"key": key, "name": name, "contact": contact, "notify": bool(notify), "lang": lang, "seen": seen,
               "news": json.loads(news)} for key, name, contact, notify, lang, seen, news in db.execute(
                  "SELECT key, name, contact, notify, lang, seen, news FROM people")]
    meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    tournaments = [json.loads(doc) for (doc,) in db.execute("SELECT doc FROM tournaments ORDER BY number")]
    return {"next": meta.get("next_number", 1), "tables": tables, "muted": muted, "chat": chats.get(None, []),
            "people": people, "alive": meta.get("alive"), "tournaments": tournaments}


#: A table's stage while people wait at it (not yet a room's).
OPEN = "open"


#: The rows a state puts in the database, by relation and by key (a table's number, an account's key; the
#: lobby's chat under ``None``); ``None`` for a relation the state does not name (an older club's club.json
#: names no people: those kept stay).
Rows = dict[str, dict[Any, Any] | None]


#: The rows last made of each table and account, with what they were made of (see :func:`_rows`).
Made = dict[tuple[str, Any], tuple[Any, Any]]


def _rows(doc: dict[str, Any], made: Made | None = None) -> Rows:
    """The rows that make the database hold ``doc``; each table's and account's row made again only when its
    part of the state is not what ``made`` (updated here) holds it was. (Made afresh, a thousand tables' rows
    took 30 ms of encoding at every change; the parts of a state must not change after it is handed over.)"""
    made = {} if made is None else made
    before = dict(made)
    made.clear()

    def row(kind: str, key: Any, part: Any, make: Callable[[Any], Any]) -> Any:
        kept = before.get((kind, key))
        if kept is None or (kept[0] is not part and kept[0] != part):
            kept = (part, make(part))
        made[(kind, key)] = kept
        return kept[1]

    tables = doc["tables"]
    lines = [(None, line) for line in _lines(doc.get("chat"))]
    lines += [(t["number"], line) for t in tables for line in _lines(t.get("chat"))]
    chat: dict[Any, list[tuple[Any, ...]]] = {None: []}
    for number, line in lines:
        chat.setdefault(number, []).append(
            (str(line.get("name", "")), str(line.get("text", "")), int(line.get("watching") is True),
             line.get("at") if isinstance(line.get("at"), float) else None))
    return {
        "tables": {t["number"]: row("table", t["number"], t, _table_row) for t in tables},
        "waiting": {t["number"]: tuple((seat[0], seat[1], seat[2] if len(seat) > 2 else 0)
                                       for seat in t.get("waiting", ())) for t in tables if t.get("waiting")},
        "chat": {number: tuple(said) for number, said in chat.items()},
        "mutes": {None: tuple((m["name"], m["until"], m.get("by", "")) for m in doc.get("muted", ()))},
        "people": {p["key"]: row("person", p["key"], p, _person_row) for p in doc["people"]}
        if "people" in doc else None,
        "tournaments": {t["number"]: json.dumps(t) for t in doc["tournaments"]} if "tournaments" in doc else None,
        "meta": {"next_number": doc["next"], "alive": int(doc.get("alive") or time.time())},
    }


def _table_row(t: dict[str, Any]) -> tuple[Any, ...]:
    """A table's row (its number apart)."""
    return (json.dumps(t["settings"]), t["opener"], t.get("stage", OPEN), t.get("save"),
            json.dumps(t.get("owners", {})), t.get("whose"), t.get("since"), t.get("deadline"),
            json.dumps(t["people"]) if "people" in t else None, t.get("bots"),
            json.dumps(t["away"]) if "away" in t else None, t.get("seat"), int(t.get("private") is True),
            json.dumps(t["last"]) if t.get("last") else None)


def _person_row(p: dict[str, Any]) -> tuple[Any, ...]:
    """An account's row (its key apart)."""
    return (p["name"], p.get("contact", ""), int(p.get("notify", True) is not False), p.get("lang", "en"),
            float(p.get("seen") or 0), json.dumps(p.get("news", [])))


def _store(db: sqlite3.Connection, rows: Rows, before: Rows | None) -> None:
    """Make the database hold ``rows`` (inside the caller's transaction), writing only what differs from
    ``before``, the rows the last write left there (``None``: unknown, everything is written). A table it names
    no more is gone; one it names keeps when it was first kept (``created``)."""
    # (A club of 1,000 tables played over days changes one or two at a time: writing every row at every
    # change made the writer hold the interpreter for tens of milliseconds a move.)
    def changed(name: str) -> tuple[dict[Any, Any], list[Any]]:
        """The rows of ``name`` to write, and the keys whose rows are gone."""
        new, old = rows[name] or {}, (before or {}).get(name)
        if old is None:
            return new, []
        return {key: row for key, row in new.items() if old.get(key) != row}, [key for key in old if key not in new]

    tables, gone = changed("tables")
    if before is None:
        db.execute("DELETE FROM tables WHERE number NOT IN (SELECT value FROM json_each(?))",
                   (json.dumps(list(rows["tables"] or ())),))
    db.executemany("DELETE FROM tables WHERE number = ?", [(number,) for number in gone])
    now = time.time()
    db.executemany(
        "INSERT INTO tables (number, settings, opener, stage, save, owners, whose, since, deadline, people, bots,"
        " away, seat, private, last, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (number) DO UPDATE SET settings = excluded.settings, opener = excluded.opener,"
        " stage = excluded.stage, save = excluded.save, owners = excluded.owners, whose = excluded.whose,"
        " since = excluded.since, deadline = excluded.deadline, people = excluded.people, bots = excluded.bots,"
        " away = excluded.away, seat = excluded.seat, private = excluded.private, last = excluded.last",
        [(number, *row, now) for number, row in tables.items()])
    for name, key, insert in (
            ("waiting", "table_number = ?",
             "INSERT INTO waiting (table_number, place, name, key, invited) VALUES (?, ?, ?, ?, ?)"),
            ("chat", "table_number IS ?",
             "INSERT INTO chat (table_number, name, text, watching, at) VALUES (?, ?, ?, ?, ?)")):
        lists, gone = changed(name)
        if before is None:
            db.execute(f"DELETE FROM {name}")
        else:
            db.executemany(f"DELETE FROM {name} WHERE {key}", [(number,) for number in [*lists, *gone]])
        places = name == "waiting"  # (a seat's place at its table; chat lines keep their order by seq)
        db.executemany(insert, [(number, *([place] if places else []), *row) for number, many in lists.items()
                                for place, row in enumerate(many)])
    mutes, _ = changed("mutes")
    if mutes:
        db.execute("DELETE FROM mutes")
        db.executemany("INSERT INTO mutes (name, until, by) VALUES (?, ?, ?)", mutes[None])
    for name, insert in (
            ("people", "INSERT INTO people (key, name, contact, notify, lang, seen, news) VALUES (?, ?, ?, ?, ?, ?, ?)"
                       " ON CONFLICT (key) DO UPDATE SET name = excluded.name, contact = excluded.contact,"
                       " notify = excluded.notify, lang = excluded.lang, seen = excluded.seen, news = excluded.news"),
            ("tournaments", "INSERT INTO tournaments (number, doc) VALUES (?, ?)"
                            " ON CONFLICT (number) DO UPDATE SET doc = excluded.doc")):
        if rows[name] is None:
            continue
        new, gone = changed(name)
        column = "key" if name == "people" else "number"
        if before is None or before.get(name) is None:
            db.execute(f"DELETE FROM {name}")
        db.executemany(f"DELETE FROM {name} WHERE {column} = ?", [(key,) for key in gone])
        db.executemany(insert, [(key, *(row if isinstance(row, tuple) else (row,))) for key, row in new.items()])
    db.executemany("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE"
                   " SET value = excluded.value", list((rows["meta"] or {}).items()))


def _lines(chat: object) -> list[dict[str, Any]]:
    """The lines of a chat as a table told it (``None`` while a worker has not said it yet)."""
    return [line for line in chat if isinstance(line, dict)] if isinstance(chat, list) else []
