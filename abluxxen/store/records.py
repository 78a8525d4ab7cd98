"""The record of every finished game: a SQLite database in the data directory.

Each game that ends at the table (hot-seat, against bots, bots alone) is
written once, with who sat where, the scores and card counts, the deal's
seed, the assisted mark and the whole transcript, so that any recorded game
can be replayed or reviewed. ``abluxxen stats`` reads it; a review loads a
game by its number.

The file is ``records.sqlite3`` in the data directory (see ``datadir.py``).
Its schema is versioned (``PRAGMA user_version``) and migrated forward on
open; see ``docs/save-format.md``, section "Records database". A database
that is damaged, unreadable, locked by another program, or written by a newer
version raises :class:`RecordsError`, whose ``kind`` the game turns into one
line of warning: a game is never stopped by its record.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..engine.phase import END_REASONS
from ..engine.rules import Rules
from ..engine.seeds import is_seed, parse_seed, seed_text
from ..engine.transcript import Transcript
from ..levels import LEVELS
from ..quoting import brief, quoted, visible
from .datadir import data_dir, private_dir
from .files import load_json

if TYPE_CHECKING:
    from .saves import Saved

FILE_NAME = "records.sqlite3"
SCHEMA_VERSION = 5
#: Marks the file as ours ("ABLX"), so a stranger's database is not taken for records.
APPLICATION_ID = 0x41424C58
#: Seconds to wait for another process's write; the end of a game waits no longer.
BUSY_TIMEOUT = 2.0
#: Why a database cannot be used; each kind has a text ``records.KIND`` in ``i18n/records.py``.
KINDS = ("damaged", "locked", "unreadable", "newer", "full")

# Version 1: games, their seats, their transcripts.
_V1 = """
CREATE TABLE games (
    number     INTEGER PRIMARY KEY,
    key        TEXT NOT NULL UNIQUE,
    match_key  TEXT NOT NULL,
    game_index INTEGER NOT NULL,
    ended      TEXT NOT NULL CHECK (typeof(ended) = 'text'),
    players    INTEGER NOT NULL CHECK (players BETWEEN 2 AND 5),
    variant    TEXT NOT NULL CHECK (typeof(variant) = 'text'),
    duel       INTEGER NOT NULL CHECK (duel IN (0, 1)),
    tiebreak   TEXT NOT NULL CHECK (typeof(tiebreak) = 'text'),
    seed       INTEGER CHECK (typeof(seed) IN ('integer', 'null')),
    reason     TEXT NOT NULL
);
CREATE INDEX games_match ON games (match_key);
CREATE TABLE seats (
    game    INTEGER NOT NULL REFERENCES games (number),
    seat    INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 4),
    name    TEXT NOT NULL CHECK (typeof(name) = 'text'),
    bot     TEXT CHECK (typeof(bot) IN ('text', 'null')),
    score   INTEGER NOT NULL CHECK (typeof(score) = 'integer'),
    hand    INTEGER NOT NULL CHECK (typeof(hand) = 'integer'),
    display INTEGER NOT NULL CHECK (typeof(display) = 'integer'),
    winner  INTEGER NOT NULL CHECK (winner IN (0, 1)),
    PRIMARY KEY (game, seat)
) WITHOUT ROWID;
CREATE TABLE transcripts (
    game INTEGER PRIMARY KEY REFERENCES games (number),
    doc  TEXT NOT NULL
);
"""

# Version 2: the assisted mark (a hint or an undo helped; older games had none), and per game
# who sat at the table (how many people, which bot levels), so statistics need not read every seat.
_V2 = """
ALTER TABLE games ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0 CHECK (assisted IN (0, 1));
ALTER TABLE games ADD COLUMN people INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN bots TEXT NOT NULL DEFAULT '';
UPDATE games SET
    people = (SELECT count(*) FROM seats WHERE game = number AND bot IS NULL),
    bots = coalesce((SELECT group_concat(DISTINCT bot) FROM seats WHERE game = number), '');
"""

# Version 3: the seed as text, as the game writes it (seeds the program picks are 140 bits, past
# SQLite's 64-bit integers). SQLite changes a column's type only by building the table anew.
_V3 = """
CREATE TABLE games_v3 (
    number     INTEGER PRIMARY KEY,
    key        TEXT NOT NULL UNIQUE,
    match_key  TEXT NOT NULL,
    game_index INTEGER NOT NULL,
    ended      TEXT NOT NULL CHECK (typeof(ended) = 'text'),
    players    INTEGER NOT NULL CHECK (players BETWEEN 2 AND 5),
    variant    TEXT NOT NULL CHECK (typeof(variant) = 'text'),
    duel       INTEGER NOT NULL CHECK (duel IN (0, 1)),
    tiebreak   TEXT NOT NULL CHECK (typeof(tiebreak) = 'text'),
    seed       TEXT CHECK (typeof(seed) IN ('text', 'null')),
    reason     TEXT NOT NULL,
    assisted   INTEGER NOT NULL DEFAULT 0 CHECK (assisted IN (0, 1)),
    people     INTEGER NOT NULL DEFAULT 0,
    bots       TEXT NOT NULL DEFAULT ''
);
INSERT INTO games_v3 SELECT number, key, match_key, game_index, ended, players, variant, duel, tiebreak,
    CAST(seed AS TEXT), reason, assisted, people, bots FROM games;
DROP TABLE games;
ALTER TABLE games_v3 RENAME TO games;
CREATE INDEX games_match ON games (match_key);
"""

# Version 4: a seat's account, a stable identity for the person at it (the club's accounts by key) besides
# the name they wrote; NULL where there was none (every game before). Ratings read it (store/ratings.py).
_V4 = """
ALTER TABLE seats ADD COLUMN account TEXT CHECK (typeof(account) IN ('text', 'null'));
"""

# Version 5: the ratings as far as they were computed (store/ratings.py), so that a reader rates only the
# games recorded since: each player's rating in the order the pool met them, and what they were computed
# from (the model, the last game, and what the games up to it were then). Only a cache: whenever it does
# not read or does not match the records, it is computed anew and written again as a whole.
_RATINGS = """
CREATE TABLE ratings (
    seq   INTEGER PRIMARY KEY,
    key   TEXT NOT NULL,
    name  TEXT NOT NULL,
    bot   TEXT,
    mu    REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL
);
CREATE TABLE ratings_basis (
    model    TEXT NOT NULL,
    last     INTEGER NOT NULL,
    recorded INTEGER NOT NULL,
    last_key TEXT,
    skipped  TEXT NOT NULL
);
"""

#: ``_MIGRATIONS[v]`` takes a database from version ``v`` to ``v + 1``.
_MIGRATIONS: dict[int, str] = {0: _V1, 1: _V2, 2: _V3, 3: _V4, 4: _RATINGS}
assert len(_MIGRATIONS) == SCHEMA_VERSION

_SUMMARY = "SELECT number, ended, players, variant, duel, tiebreak, seed, reason, assisted FROM games"
_SEATS = "SELECT game, seat, name, bot, score, hand, display, winner, account FROM seats"
# Each person's seat, with how many people and which bot levels sat at that game.
_RESULTS = """
SELECT h.game, h.seat, h.name, h.score, h.winner, g.ended, g.assisted, g.people, g.bots
FROM seats h JOIN games g ON g.number = h.game
WHERE h.bot IS NULL ORDER BY h.game, h.seat"""
# What makes a game's record damaged, found in a few quick passes over thousands of games (the file may
# have been edited by anyone): a value of the wrong type or a bot level no game has; seats that are not
# numbered 0 to players - 1; rules or an end no game has (few kinds: checked once each); a date or seed
# that does not read.
_MISTYPED = f"""
SELECT number FROM games WHERE (typeof(ended) != 'text' OR typeof(players) != 'integer'
    OR typeof(variant) != 'text' OR typeof(duel) != 'integer' OR typeof(tiebreak) != 'text'
    OR typeof(seed) NOT IN ('text', 'null') OR typeof(reason) != 'text' OR typeof(assisted) != 'integer'
    OR typeof(people) != 'integer' OR typeof(bots) != 'text')
UNION
SELECT game FROM seats WHERE (typeof(name) != 'text' OR typeof(bot) NOT IN ('text', 'null')
    OR typeof(score) != 'integer' OR typeof(hand) != 'integer' OR typeof(display) != 'integer'
    OR typeof(winner) != 'integer' OR typeof(account) NOT IN ('text', 'null')
    OR (bot IS NOT NULL AND bot NOT IN ({", ".join("?" * len(LEVELS))})))"""
_UNSEATED = """
SELECT number FROM games g WHERE players != (SELECT count(*) FROM seats WHERE game = g.number)
    OR NOT EXISTS (SELECT 1 FROM seats WHERE game = g.number AND seat = g.players - 1)"""
_KINDS = "SELECT DISTINCT players, variant, duel, tiebreak, reason FROM games"
_OF_KIND = "SELECT number FROM games WHERE players = ? AND variant = ? AND duel = ? AND tiebreak = ? AND reason = ?"
_DATES_AND_SEEDS = "SELECT number, ended, seed FROM games"


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


class DamagedRecord(RecordsError):
    """One recorded game whose record cannot be read (a field edited or spoilt); the others can, and
    every reading of the records leaves it out (:meth:`Records.damaged` names them).

    Attributes:
        number: the game's number in the records.
        reason: what is wrong with it, in one short line with nothing raw (:func:`~abluxxen.quoting.brief`).
    """

    def __init__(self, number: int, reason: str) -> None:
        super().__init__("damaged", f"game {number}: {reason}")
        self.number = number
        self.reason = brief(reason, 80)


class RatingsBasis(NamedTuple):
    """What stored ratings were computed from (see :meth:`Records.stored_ratings`).

    Attributes:
        model: the rating model's fingerprint (``store/ratings.py``): another model, other ones.
        last: the number of the last game read (every game up to it was rated, or left out).
        recorded: how many games were recorded up to ``last``, damaged ones included.
        last_key: the key of game ``last`` (``None`` when there is none): a game put in its place differs.
        skipped: the damaged games up to ``last``, which the ratings left out.
    """

    model: str
    last: int
    recorded: int
    last_key: str | None
    skipped: tuple[int, ...]


class RecordedSeat(NamedTuple):
    """Who sat at a seat: a name, and the bot level when a bot played it."""

    name: str
    bot: str | None


class SeatResult(NamedTuple):
    """One person's result in one recorded game (see :meth:`Records.results`).

    Attributes:
        number: the game's number in the records.
        seat: the seat the person played.
        name: the name at that seat.
        score: the points.
        won: whether the person won (a shared win counts).
        ended: when the game ended (ISO 8601, UTC).
        assisted: whether a hint or an undo helped in the game.
        against: the kinds of the other seats: bot levels, and ``"humans"`` for people.
    """

    number: int
    seat: int
    name: str
    score: int
    won: bool
    ended: str
    assisted: bool
    against: frozenset[str]


@dataclass(frozen=True)
class GameSummary:
    """A recorded game without its moves (what the statistics read).

    Attributes:
        number: the game's number in the records, from 1, in the order recorded.
        when: when the game ended (UTC).
        rules: the rules it was played with.
        seats: per seat, the name and the bot level (``None``: a human).
        scores: per seat, display cards minus hand cards.
        hand_sizes: per seat, cards left in hand.
        display_sizes: per seat, cards in the display.
        winners: the seats that won, after the tie-break.
        seed: the deal's seed; ``None`` for a random deal, or while the
            match it belongs to (with two or more humans) is unfinished.
        assisted: whether a hint or an undo helped in it.
        reason: how it ended (``hand-empty`` or ``exhausted``).
        accounts: per seat, the account of the person at it (a stable identity the caller gave,
            such as the club's), or ``None``: a bot, or a person known by name only.
    """

    number: int
    when: datetime
    rules: Rules
    seats: tuple[RecordedSeat, ...]
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    display_sizes: tuple[int, ...]
    winners: tuple[int, ...]
    seed: int | None
    assisted: bool
    reason: str
    accounts: tuple[str | None, ...]

    def human_seat(self, name: str) -> int | None:
        """The seat a human of this name played (compared as the setup does), or ``None``."""
        wanted = name.casefold()
        for seat, (seat_name, bot) in enumerate(self.seats):
            if bot is None and seat_name.casefold() == wanted:
                return seat
        return None


@dataclass(frozen=True)
class RecordedGame(GameSummary):
    """A recorded game with its whole transcript (``transcript.replay()`` is its end)."""

    transcript: Transcript


def records_path(directory: Path | None = None) -> Path:
    """The database file in ``directory`` (default: the data directory)."""
    return (directory if directory is not None else data_dir()) / FILE_NAME


def open_records(directory: Path | None = None) -> Records:
    """The records in ``directory`` (default: the data directory).

    Nothing is opened or created until it is used: reading a folder without
    records finds no games, and the first :meth:`Records.add` creates the file.
    """
    return Records(records_path(directory))


class Records:
    """The records database (use :func:`open_records`); a context manager that closes it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._damaged: dict[int, DamagedRecord] | None = None

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection (the object may be used again: it reopens)."""
        if self._db is not None:
            self._db.close()
            self._db = None
        self._damaged = None

    # -- reading -------------------------------------------------------------------

    def damaged(self) -> list[DamagedRecord]:
        """The recorded games whose record is damaged (a value of the wrong type, a variant, date,
        seed or bot level no game has, seats missing), oldest first: every reading of the records
        (:meth:`games`, :meth:`results`, :meth:`count`, :meth:`get`, :meth:`last`) leaves them out.

        Raises:
            RecordsError: when the database cannot be read.
        """
        return sorted(self._damaged_games().values(), key=lambda d: d.number)

    def _damaged_games(self) -> dict[int, DamagedRecord]:
        db = self._connect(create=False)
        if db is None:
            return {}
        if self._damaged is None:
            with _translated():
                self._damaged = _find_damaged(db)
        return self._damaged

    def games(self, name: str | None = None, *, after: int = 0) -> list[GameSummary]:
        """Every recorded game, oldest first, without transcripts; with ``name``, the games a
        human of that name played; with ``after``, the games numbered above it. Damaged ones are
        left out (:meth:`damaged`).

        Raises:
            RecordsError: when the database cannot be read.
        """
        db = self._connect(create=False)
        if db is None:
            return []
        damaged = self._damaged_games()
        with _translated():
            seats: dict[int, list[tuple[Any, ...]]] = {}
            for row in db.execute(_SEATS + " WHERE game > ? ORDER BY game, seat", (after,)):
                seats.setdefault(row[0], []).append(row)
            rows = db.execute(_SUMMARY + " WHERE number > ? ORDER BY number", (after,)).fetchall()
        rules_of = _rules_cache()
        games = [_summary(row, seats.get(row[0], []), rules_of) for row in rows if row[0] not in damaged]
        if name is None:
            return games
        return [g for g in games if g.human_seat(name) is not None]

    def count(self) -> int:
        """How many games are recorded (damaged ones left out).

        Raises:
            RecordsError: when the database cannot be read.
        """
        db = self._connect(create=False)
        if db is None:
            return 0
        damaged = self._damaged_games()
        with _translated():
            return int(db.execute("SELECT count(*) FROM games").fetchone()[0]) - len(damaged)

    def results(self) -> list[SeatResult]:
        """Every person's result in every game, by game (oldest first) and seat: what the statistics
        add up, read without building whole games (damaged games left out).

        Raises:
            RecordsError: when the database cannot be read.
        """
        db = self._connect(create=False)
        if db is None:
            return []
        damaged = self._damaged_games()
        with _translated():
            rows = db.execute(_RESULTS).fetchall()
        # A few kinds of table over thousands of games: each set of opponents is made once.
        opponents: dict[tuple[int, str], frozenset[str]] = {}
        results = []
        for number, seat, name, score, won, ended, helped, people, bots in rows:
            if number in damaged:
                continue  # the others' types are checked (_MISTYPED)
            against = opponents.get((people, bots))
            if against is None:
                kinds = {b for b in bots.split(",") if b} | ({"humans"} if people > 1 else set())
                against = opponents[people, bots] = frozenset(kinds)
            results.append(SeatResult(number, seat, visible(name), score, bool(won), ended, bool(helped), against))
        return results

    def get(self, number: int) -> RecordedGame | None:
        """Game ``number`` with its transcript (checked by replaying it), or ``None`` when there is none.

        Raises:
            DamagedRecord: when the game's record is damaged (its transcript too).
            RecordsError: when the database cannot be read.
        """
        db = self._connect(create=False)
        if db is None or isinstance(number, bool) or not isinstance(number, int) or not 0 < number < 2**63:
            return None
        damaged = self._damaged_games()
        if number in damaged:
            raise damaged[number]
        with _translated():
            row = db.execute(_SUMMARY + " WHERE number = ?", (number,)).fetchone()
            if row is None:
                return None
            seats = db.execute(_SEATS + " WHERE game = ? ORDER BY seat", (number,)).fetchall()
            doc = db.execute("SELECT doc FROM transcripts WHERE game = ?", (number,)).fetchone()
        summary = _summary(row, seats, _rules_cache())
        try:
            transcript = Transcript.from_json(load_json(doc[0]) if doc is not None else None)
        except (ValueError, TypeError) as err:
            damaged[number] = DamagedRecord(number, f"its moves do not replay ({err})")
            raise damaged[number] from None
        fields = {name: getattr(summary, name) for name in GameSummary.__dataclass_fields__}
        return RecordedGame(**fields, transcript=transcript)

    def last(self) -> RecordedGame | None:
        """The newest recorded game that is not damaged (its moves included), or ``None`` when there is none.

        Raises:
            RecordsError: when the database cannot be read.
        """
        db = self._connect(create=False)
        if db is None:
            return None
        damaged = self._damaged_games()
        with _translated():
            numbers = [n for (n,) in db.execute("SELECT number FROM games ORDER BY number DESC")]
        for number in numbers:
            if number in damaged:
                continue
            try:
                return self.get(number)
            except DamagedRecord:
                continue  # named by damaged() from now on
        return None

    # -- the stored ratings ----------------------------------------------------------

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Every reading inside sees the records as they were at its first: one read transaction (a
        game another process records meanwhile comes after it). The damaged games are found anew in it.

        Raises:
            RecordsError: when the database cannot be read.
        """
        db = self._connect(create=False)
        if db is None:
            yield
            return
        with _translated():
            db.execute("BEGIN")
        self._damaged = None
        try:
            yield
        finally:
            with _translated():
                db.execute("COMMIT")

    def stored_ratings(self) -> tuple[RatingsBasis | None, list[tuple[Any, ...]] | None]:
        """The ratings as last stored, unchecked: what they were computed from, and each player's row
        ``(key, name, bot, mu, sigma, games)`` in the order the pool met them; ``None`` for either when
        there is none or it does not read (a reader then computes them anew).

        Raises:
            RecordsError: when the database cannot be read.
        """
        db = self._connect(create=False)
        if db is None:
            return None, None
        try:
            rows = db.execute("SELECT key, name, bot, mu, sigma, games FROM ratings ORDER BY seq").fetchall()
        except sqlite3.Error:
            rows = None  # the table is missing or not as made: it is made again when they are stored
        return _stored_basis(db), rows

    def basis(self, model: str, last: int | None = None) -> RatingsBasis:
        """What ratings computed now from the games up to ``last`` (default: the newest) rest on.

        Raises:
            RecordsError: when the database cannot be read.
        """
        db = self._connect(create=False)
        if db is None:
            return RatingsBasis(model, 0, 0, None, ())
        damaged = self._damaged_games()
        with _translated():
            if last is None:
                last = int(db.execute("SELECT coalesce(max(number), 0) FROM games").fetchone()[0])
            count = int(db.execute("SELECT count(*) FROM games WHERE number <= ?", (last,)).fetchone()[0])
            key = db.execute("SELECT key FROM games WHERE number = ?", (last,)).fetchone()
        return RatingsBasis(model, last, count, None if key is None else key[0],
                            tuple(sorted(n for n in damaged if n <= last)))

    def store_ratings(self, basis: RatingsBasis, rows: Sequence[tuple[str, str, str | None, float, float, int]],
                      *, replacing: RatingsBasis | None) -> bool:
        """Store computed ratings as a whole, in one transaction, in place of the ones computed from
        ``replacing`` (as :meth:`stored_ratings` read it); whether they were written: not when another
        process stored others meanwhile (as new or newer, being computed from as many games or more),
        nor when there is no database.

        Raises:
            RecordsError: when the database cannot be written; nothing is written then.
        """
        db = self._connect(create=False)
        if db is None:
            return False
        with _translated(), _transaction(db):
            if _stored_basis(db) != replacing:
                return False
            # Made anew each time, so that a table dropped or altered by hand is as this version makes it.
            db.execute("DROP TABLE IF EXISTS ratings")
            db.execute("DROP TABLE IF EXISTS ratings_basis")
            for statement in _statements(_RATINGS):
                db.execute(statement)
            db.executemany("INSERT INTO ratings (key, name, bot, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)", rows)
            db.execute("INSERT INTO ratings_basis (model, last, recorded, last_key, skipped) VALUES (?, ?, ?, ?, ?)",
                       (basis.model, basis.last, basis.recorded, basis.last_key, ",".join(map(str, basis.skipped))))
        return True

    # -- writing -------------------------------------------------------------------

    def add(self, *, key: str, match_key: str, game_index: int, when: datetime, rules: Rules,
            seats: Sequence[tuple[str, str | None]], scores: Sequence[int], hand_sizes: Sequence[int],
            display_sizes: Sequence[int], winners: Sequence[int], seed: int | None, assisted: bool,
            reason: str, transcript: Transcript, accounts: Sequence[str | None] | None = None) -> int:
        """Record a finished game once; its number (the earlier one when ``key`` is recorded already).

        Args:
            key: the game's own key; a game whose key is recorded is not written again.
            match_key: the key of the match it belongs to (see :meth:`reveal_seeds`).
            game_index: which game of the match it is, from 0.
            when: when it ended (stored in UTC).
            accounts: per seat, a stable identity of the person at it (an account), or ``None``
                (a bot; a person known by the name only, as at a hot-seat). Ratings follow an
                account through changes of name.

        Raises:
            RecordsError: when the database cannot be written; nothing is written then.
        """
        db = self._connect(create=True)
        assert db is not None
        stamp = when.astimezone(UTC).isoformat(timespec="seconds")
        with _translated(), _transaction(db):
            row = db.execute("SELECT number FROM games WHERE key = ?", (key,)).fetchone()
            if row is not None:
                return int(row[0])
            levels = ",".join(sorted({bot for _, bot in seats if bot is not None}))
            people = sum(bot is None for _, bot in seats)
            cursor = db.execute(
                "INSERT INTO games (key, match_key, game_index, ended, players, variant, duel, tiebreak, seed,"
                " reason, assisted, people, bots) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (key, match_key, game_index, stamp, rules.players, rules.variant, int(rules.is_duel),
                 rules.tiebreak, None if seed is None else seed_text(seed), reason, int(assisted), people,
                 levels))
            number = cursor.lastrowid
            assert number is not None
            db.executemany(
                "INSERT INTO seats (game, seat, name, bot, score, hand, display, winner, account)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(number, seat, name, bot, scores[seat], hand_sizes[seat], display_sizes[seat],
                  int(seat in winners), None if accounts is None or bot is not None else accounts[seat])
                 for seat, (name, bot) in enumerate(seats)])
            db.execute("INSERT INTO transcripts (game, doc) VALUES (?, ?)",
                       (number, json.dumps(transcript.to_json(), separators=(",", ":"))))
        return int(number)

    def reveal_seeds(self, match_key: str, seed: int) -> None:
        """Fill in the seeds of a match's games once they may be known (game ``i`` was dealt with ``seed + i``).

        Raises:
            RecordsError: when the database cannot be written.
        """
        db = self._connect(create=True)
        assert db is not None
        with _translated(), _transaction(db):
            hidden = db.execute("SELECT number, game_index FROM games WHERE match_key = ? AND seed IS NULL",
                                (match_key,)).fetchall()
            db.executemany("UPDATE games SET seed = ? WHERE number = ?",
                           [(seed_text(seed + index), number) for number, index in hidden])

    # -- the connection --------------------------------------------------------------

    def _connect(self, *, create: bool) -> sqlite3.Connection | None:
        """The open connection, the schema brought up to date; ``None`` when there is no file to read."""
        if self._db is not None:
            return self._db
        if not self._exists(create=create):
            if not create:
                return None
            _create_private(self.path)
        with _translated():
            # Opened read-write only where asked to write: a database that turns out not to be
            # ours, or to be newer, is then refused before anything could change in it.
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
            try:
                _upgrade(db)
            except BaseException:
                db.close()
                raise
        if create:
            _keep_private(self.path)
        self._db = db
        return db

    def _exists(self, *, create: bool) -> bool:
        """Whether a file is at the path (a regular file, or a link to one).

        Raises:
            RecordsError: when something else is there: a folder, a link to
                nowhere (writing through it would create a file elsewhere), a
                pipe or a device.
        """
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            if os.path.islink(self.path):
                raise RecordsError("unreadable", "it is a link to a file that does not exist") from None
            return False
        except OSError as err:
            raise RecordsError("unreadable", err.strerror or str(err)) from None
        if stat.S_ISDIR(info.st_mode):
            raise RecordsError("unreadable", "it is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise RecordsError("unreadable", "it is not a regular file")
        return True


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
    """Make records that an older version left readable to all (0644) owner-only, as new ones are."""
    try:
        info = os.stat(path)
        if info.st_mode & 0o077 and info.st_uid == os.getuid():
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
        return
    if version > SCHEMA_VERSION:
        _check_ours(db)
        raise RecordsError("newer", f"schema version {version}, this game knows up to {SCHEMA_VERSION}")
    with _transaction(db):
        # Read again inside the transaction: another process may have migrated meanwhile.
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version not in _MIGRATIONS and version != SCHEMA_VERSION:
            raise RecordsError("damaged", f"schema version {version} is not one any Abluxxen writes")
        if version == 0:
            if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise RecordsError("damaged", "a database of something else")
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        else:
            _check_ours(db)
        while version < SCHEMA_VERSION:
            for statement in _statements(_MIGRATIONS[version]):
                db.execute(statement)
            version += 1
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    try:
        # Readers never wait for the writer; set once, it stays with the file.
        db.execute("PRAGMA journal_mode = WAL")
    except sqlite3.Error:
        pass  # a file system without shared memory keeps the default journal: slower, as safe


def _stored_basis(db: sqlite3.Connection) -> RatingsBasis | None:
    """What the stored ratings were computed from, or ``None`` when there is nothing stored that reads."""
    try:
        basis = db.execute("SELECT model, last, recorded, last_key, skipped FROM ratings_basis").fetchall()
    except sqlite3.Error:
        return None
    if len(basis) != 1:
        return None
    model, last, recorded, last_key, skipped = basis[0]
    if not (isinstance(model, str) and isinstance(last, int) and isinstance(recorded, int)
            and isinstance(skipped, str) and isinstance(last_key, str | None)):
        return None
    try:
        numbers = tuple(int(n) for n in skipped.split(",") if n)
    except ValueError:
        return None
    return RatingsBasis(model, last, recorded, last_key, numbers)


def _find_damaged(db: sqlite3.Connection) -> dict[int, DamagedRecord]:
    """The games whose record cannot be read, by number, each with what is wrong with it: whatever
    :func:`_summary` and :meth:`Records.results` would stumble on."""
    found: dict[int, DamagedRecord] = {}

    def damaged(number: int, reason: str) -> None:
        found.setdefault(number, DamagedRecord(number, reason))

    for (number,) in db.execute(_MISTYPED, LEVELS):
        damaged(number, "it holds a value of the wrong type, or a bot level the game does not have")
    for (number,) in db.execute(_UNSEATED).fetchall():
        damaged(number, "its seats do not match its number of players")
    rules_of = _rules_cache()
    for kind in db.execute(_KINDS).fetchall():
        flaw = _kind_flaw(kind, rules_of)
        if flaw is not None:
            for (number,) in db.execute(_OF_KIND, kind).fetchall():
                damaged(number, flaw)
    for number, ended, seed in db.execute(_DATES_AND_SEEDS):
        try:
            datetime.fromisoformat(ended)
        except (ValueError, TypeError) as err:
            damaged(number, f"its date {quoted(ended)} does not read ({err})")
            continue
        if seed is not None and not is_seed(seed):
            damaged(number, f"its seed {quoted(seed)} is no seed")
    return found


def _kind_flaw(kind: tuple[Any, ...], rules_of: Callable[[int, str, int, str], Rules]) -> str | None:
    """What is wrong with a kind of game (its rules and how it ended), or ``None``."""
    players, variant, duel, tiebreak, reason = kind
    try:
        rules_of(players, variant, duel, tiebreak)
    except (ValueError, TypeError) as err:
        return str(err)
    if reason not in END_REASONS:
        return f"its end {quoted(reason)} is not one a game has"
    return None


def _check_ours(db: sqlite3.Connection) -> None:
    if db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
        raise RecordsError("damaged", "a database of something else")


def _statements(script: str) -> list[str]:
    """The statements of a migration, run one by one inside the caller's transaction
    (``executescript`` would commit it)."""
    return [s.strip() for s in script.split(";") if s.strip()]


@contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
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
def _translated() -> Iterator[None]:
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
    except OSError as err:
        raise _os_refusal(err) from None


def _os_refusal(err: OSError) -> RecordsError:
    """The records error of a refusal from the system: a full disk, or a file that cannot be used."""
    return RecordsError("full" if err.errno in _FULL_ERRNOS else "unreadable", err.strerror or str(err))


def _rules_cache() -> Callable[[int, str, int, str], Rules]:
    """Rules from their columns, each combination made once (a few kinds over thousands of games)."""
    made: dict[tuple[int, str, int, str], Rules] = {}

    def rules_of(players: int, variant: str, duel: int, tiebreak: str) -> Rules:
        key = (players, variant, duel, tiebreak)
        if key not in made:
            made[key] = Rules(players, variant, duel=bool(duel) if players == 2 else None, tiebreak=tiebreak)
        return made[key]

    return rules_of


def _summary(row: tuple[Any, ...], seats: Sequence[tuple[Any, ...]],
             rules_of: Callable[[int, str, int, str], Rules]) -> GameSummary:
    """A game from its row and its seats' rows, of a game :func:`_find_damaged` passed."""
    number, ended, players, variant, duel, tiebreak, seed, reason, assisted = row
    rules = rules_of(players, variant, duel, tiebreak)
    when = datetime.fromisoformat(ended)
    seed = None if seed is None else parse_seed(seed)
    _, index, names, bots, scores, hands, shown, won, accounts = zip(*seats, strict=True)
    return GameSummary(
        number=number, when=when if when.tzinfo else when.replace(tzinfo=UTC), rules=rules,
        seats=tuple(RecordedSeat(visible(n), b) for n, b in zip(names, bots, strict=True)),
        scores=scores, hand_sizes=hands, display_sizes=shown,
        winners=tuple(s for s, w in zip(index, won, strict=True) if w), seed=seed, assisted=bool(assisted),
        reason=reason, accounts=tuple(None if a is None else visible(a) for a in accounts))



# -- the game's side ---------------------------------------------------------------------


def record_finished(saved: Saved, *, seed_shown: bool, directory: Path | None = None) -> int:
    """Record the finished current game of a save; its number in the records.

    Called at every score screen: a game shown again after a resume has the
    same key (the save's match key and the game's index), so it is written once.

    Args:
        saved: the save, its current game over and booked.
        seed_shown: whether the seed may be known now; while it may not (two
            or more humans, the match unfinished), the game is recorded without
            it, and the match's seeds are filled in once it may.
        directory: where the records live (default: the data directory).

    Raises:
        RecordsError: when the database cannot be used.
    """
    match = saved.match
    outcome = match.record()
    seed = None if match.seed is None else match.seed + match.number
    with open_records(directory) as records:
        number = records.add(
            key=f"{saved.match_key}:{match.number}", match_key=saved.match_key, game_index=match.number,
            when=datetime.now(UTC), rules=match.rules, seats=[(s.name, s.bot) for s in saved.seats],
            scores=outcome.scores, hand_sizes=outcome.hand_sizes,
            display_sizes=[score + hand for score, hand in zip(outcome.scores, outcome.hand_sizes, strict=True)],
            winners=outcome.winners, seed=seed if seed_shown else None, assisted=saved.assisted,
            reason=str(outcome.reason), transcript=saved.transcript, accounts=saved.accounts)
        if seed_shown and match.seed is not None:
            records.reveal_seeds(saved.match_key, match.seed)
    return number
