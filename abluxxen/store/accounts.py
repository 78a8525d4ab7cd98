"""The club's accounts: a name for each SSH key, claimed by the key's first login (SQLite).

As the SSH apps people like do it (ssh-chat, charmbracelet's wish apps), a
person has no password: the first login with a key under a free name claims
that name for the key (by its SHA256 fingerprint), later logins with the key
are that person, and no other key can use the name. One key has one name.

A name is what every screen of the club shows, so it must read as itself:
letters (Latin, with accents), digits, ``-``, ``_`` and ``.`` (at least one
letter or digit), at most :data:`~abluxxen.store.save_document.MAX_NAME` wide, and
not a lookalike of a name already claimed (``Ann`` and ``ann``, ``Jörg`` and
``Jorg``, ``B0b`` and ``Bob``, ``Ann`` and ``Ann.`` are one name). A banned
key is refused whatever name it comes with.
"""

from __future__ import annotations

import functools
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

from .datadir import private_dir
from .files import SQLITE_COMPANIONS, Refused, no_links
from .save_document import MAX_NAME

FILE_NAME = "club.sqlite3"
SCHEMA_VERSION = 1
#: Seconds a busy database is waited for (another club process, a backup).
BUSY_TIMEOUT = 5.0
#: The punctuation a name may hold besides letters and digits.
_PUNCTUATION = "-_."
#: Characters that read as others: one skeleton for every lookalike (after accents and case go). The
#: punctuation is one mark (``-``) here; :func:`bare` drops it, for the names it alone tells apart.
_LOOKALIKE = str.maketrans({"0": "o", "1": "l", "i": "l", "|": "l", "5": "s", "_": "-", ".": "-"})
_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    name TEXT NOT NULL,
    skeleton TEXT PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    since REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS bans (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    since REAL NOT NULL
);
"""


class AccountsError(Exception):
    """The accounts cannot be read or written (a damaged or unwritable file), in one line."""


def name_refusal(name: str) -> str | None:
    """Why ``name`` cannot be a club name, as a key of ``abluxxen/i18n/`` (``None``: it can):
    ``club.name.empty``, ``club.name.long``, ``club.name.letters``, ``club.name.punctuation`` (``.``,
    ``__``: nothing to call a person by)."""
    if not name:
        return "club.name.empty"
    if len(name) > MAX_NAME:
        return "club.name.long"
    for ch in name:
        if not (ch.isascii() and (ch.isalnum() or ch in _PUNCTUATION)) and not _latin_letter(ch):
            return "club.name.letters"
    if not name.strip(_PUNCTUATION):
        return "club.name.punctuation"
    return None


def _latin_letter(ch: str) -> bool:
    """A Latin letter with or without accents (``ö``, ``é``, ``ß``): never a Cyrillic ``е`` that reads as ``e``."""
    return ch.isalpha() and unicodedata.name(ch, "").startswith("LATIN ")


def skeleton(name: str) -> str:
    """What ``name`` reads as: case, accents and characters that look alike folded to one form."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name.casefold()) if not unicodedata.combining(ch))
    return plain.translate(_LOOKALIKE).replace("rn", "m").replace("vv", "w")


def bare(skeleton: str) -> str:
    """A :func:`skeleton` without its punctuation: ``Ann.`` reads as ``Ann``, ``JoAnn`` as ``Jo-Ann``.

    Skeletons are stored as claimed (with their punctuation, so that accounts claimed before this rule
    keep their names); a new name is compared bare with them all."""
    return skeleton.replace("-", "")


def shown_name(name: str) -> str:
    """The name as the club shows it: as typed, its first letter a capital (``ann`` is ``Ann``)."""
    return name[:1].upper() + name[1:]


@dataclass(frozen=True)
class Verdict:
    """What the accounts say to a login under a name with a key.

    Attributes:
        why: ``""`` (the key may log in: it is the name's, or the name is free for it), ``banned``,
            ``taken`` (the name is another key's), ``other_name`` (the key is another name's),
            ``lookalike`` (the name reads as one already claimed), or a :func:`name_refusal` key.
        name: the account's name as shown (for ``other_name`` and ``lookalike``: the other one).
        new: the name is free: the login claims it.
    """

    why: str
    name: str = ""
    new: bool = False


T = TypeVar("T")
P = ParamSpec("P")


def _one_at_a_time(method: Callable[Concatenate[Accounts, P], T]) -> Callable[Concatenate[Accounts, P], T]:
    """``method`` of :class:`Accounts`, asked under its lock (see ``Accounts._turn``)."""
    @functools.wraps(method)
    def asked(self: Accounts, /, *args: P.args, **kwargs: P.kwargs) -> T:
        with self._turn:
            return method(self, *args, **kwargs)
    return asked


class Accounts:
    """The accounts in one SQLite file (made owner-only, with its folder, on the first claim).

    Args:
        path: the database file.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        # The club asks from threads (a login waits on a busy file there, never on the event loop): one
        # question at a time, a claim's look and write together.
        self._turn = threading.RLock()

    def _connect(self) -> sqlite3.Connection:
        if self._db is None:
            try:
                private_dir(self.path.parent)
                no_links(self.path, SQLITE_COMPANIONS)  # SQLite would make and change files where a link leads
                db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False)
                self.path.chmod(0o600)
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    db.close()
                    raise AccountsError(f"{self.path.name} is from a newer abluxxen")
                db.executescript(_SCHEMA)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            except Refused as refused:
                raise AccountsError(f"{self.path.name} cannot be used: {refused.detail} is a link, and the game "
                                    "writes no file through a link") from None
            except (OSError, sqlite3.Error) as err:
                raise AccountsError(f"{self.path.name} cannot be used: {err}") from None
            self._db = db
        return self._db

    @_one_at_a_time
    def close(self) -> None:
        """Close the file (it is opened again when next used)."""
        if self._db is not None:
            self._db.close()
            self._db = None

    def _one(self, query: str, *params: str) -> tuple[str, ...] | None:
        try:
            row = self._connect().execute(query, params).fetchone()
        except sqlite3.Error as err:
            raise AccountsError(f"{self.path.name} cannot be read: {err}") from None
        return tuple(str(v) for v in row) if row is not None else None

    @_one_at_a_time
    def verdict(self, name: str, key: str) -> Verdict:
        """Whether ``key`` (a fingerprint) may log in as ``name`` (see :class:`Verdict`)."""
        if self.banned(key):
            return Verdict("banned")
        mine = self._one("SELECT name, skeleton FROM accounts WHERE key = ?", key)
        if mine is not None:
            return Verdict("", mine[0]) if mine[1] == skeleton(name) else Verdict("other_name", mine[0])
        refusal = name_refusal(name)
        if refusal:
            return Verdict(refusal)
        theirs = self._one("SELECT name FROM accounts WHERE skeleton = ?", skeleton(name)) or self._bare_one(name)
        if theirs is not None:
            same = theirs[0].casefold() == name.casefold()
            return Verdict("taken" if same else "lookalike", theirs[0])
        return Verdict("", shown_name(name), new=True)

    def _bare_one(self, name: str) -> tuple[str, ...] | None:
        """The account whose name differs from ``name`` only by punctuation (the oldest, if several)."""
        return self._one("SELECT name FROM accounts WHERE replace(skeleton, '-', '') = ? ORDER BY since LIMIT 1",
                         bare(skeleton(name)))

    @_one_at_a_time
    def claim(self, name: str, key: str) -> Verdict:
        """Log ``key`` in as ``name``, claiming the name when it is free (once: two logins racing for a
        free name, the second is told it is taken)."""
        verdict = self.verdict(name, key)
        if verdict.why or not verdict.new:
            return verdict
        try:
            self._connect().execute("INSERT INTO accounts (name, skeleton, key, since) VALUES (?, ?, ?, ?)",
                                    (verdict.name, skeleton(name), key, time.time()))
        except sqlite3.IntegrityError:
            return self.verdict(name, key)
        except sqlite3.Error as err:
            raise AccountsError(f"{self.path.name} cannot be written: {err}") from None
        return verdict

    @_one_at_a_time
    def account(self, name: str) -> str | None:
        """The name as claimed, if ``name`` (or a lookalike of it) is an account's."""
        row = self._one("SELECT name FROM accounts WHERE skeleton = ?", skeleton(name)) or self._bare_one(name)
        return row[0] if row is not None else None

    @_one_at_a_time
    def key_of(self, name: str) -> str | None:
        """The key (fingerprint) of the account ``name``."""
        row = self._one("SELECT key FROM accounts WHERE skeleton = ?", skeleton(name))
        return row[0] if row is not None else None

    @_one_at_a_time
    def banned(self, key: str) -> bool:
        """Whether ``key`` is banned from the club."""
        return self._one("SELECT key FROM bans WHERE key = ?", key) is not None

    @_one_at_a_time
    def ban(self, name: str) -> str | None:
        """Ban the key of the account ``name``; the account's name, or ``None`` when there is none."""
        row = self._one("SELECT name, key FROM accounts WHERE skeleton = ?", skeleton(name))
        if row is None:
            return None
        try:
            self._connect().execute("INSERT OR REPLACE INTO bans (key, name, since) VALUES (?, ?, ?)",
                                    (row[1], row[0], time.time()))
        except sqlite3.Error as err:
            raise AccountsError(f"{self.path.name} cannot be written: {err}") from None
        return row[0]

    @_one_at_a_time
    def unban(self, name: str) -> str | None:
        """Let the key of the account ``name`` in again; the account's name, or ``None`` when there is no
        such account or its key is not banned."""
        row = self._one("SELECT name, key FROM accounts WHERE skeleton = ?", skeleton(name))
        if row is None:
            return None
        try:
            gone = self._connect().execute("DELETE FROM bans WHERE key = ?", (row[1],)).rowcount
        except sqlite3.Error as err:
            raise AccountsError(f"{self.path.name} cannot be written: {err}") from None
        return row[0] if gone else None


def open_accounts(directory: Path) -> Accounts:
    """The accounts of the club whose data directory is ``directory``."""
    return Accounts(directory / FILE_NAME)
