"""The ratings kept in the records: as far as ``store/ratings.py`` computed them, and what from, so that a reader
rates only the games recorded since. Only a cache: what does not read or does not match is computed anew.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any, NamedTuple

from .records_db import transaction, translated
from .records_reading import RecordsReading
from .records_schema import RATINGS_TABLES, statements


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


class RecordsRatings(RecordsReading):
    """The records as read, and the ratings kept in them (:class:`~abluxxen.store.records.Records` adds the
    writing of a game)."""

    def stored_ratings(self) -> tuple[RatingsBasis | None, list[tuple[Any, ...]] | None]:
        """The ratings as last stored, unchecked: what they were computed from, and each player's row
        ``(key, name, bot, mu, sigma, games)`` in the order the pool met them; ``None`` for either when
        there is none or it does not read (a reader then computes them anew).

        Raises:
            RecordsError: when the database cannot be read.
        """
        db = self.connection(create=False)
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
        db = self.connection(create=False)
        if db is None:
            return RatingsBasis(model, 0, 0, None, ())
        damaged = self.damaged()
        with translated():
            if last is None:
                last = int(db.execute("SELECT coalesce(max(number), 0) FROM games").fetchone()[0])
            count = int(db.execute("SELECT count(*) FROM games WHERE number <= ?", (last,)).fetchone()[0])
            key = db.execute("SELECT key FROM games WHERE number = ?", (last,)).fetchone()
        return RatingsBasis(model, last, count, None if key is None else key[0],
                            tuple(sorted(d.number for d in damaged if d.number <= last)))

    def store_ratings(self, basis: RatingsBasis, rows: Sequence[tuple[str, str, str | None, float, float, int]],
                      *, replacing: RatingsBasis | None) -> bool:
        """Store computed ratings as a whole, in one transaction, in place of the ones computed from
        ``replacing`` (as :meth:`stored_ratings` read it); whether they were written: not when another
        process stored others meanwhile (as new or newer, being computed from as many games or more),
        nor when there is no database.

        Raises:
            RecordsError: when the database cannot be written; nothing is written then.
        """
        db = self.connection(create=False)
        if db is None:
            return False
        with translated(), transaction(db):
            if _stored_basis(db) != replacing:
                return False
            # Made anew each time, so that a table dropped or altered by hand is as this version makes it.
            db.execute("DROP TABLE IF EXISTS ratings")
            db.execute("DROP TABLE IF EXISTS ratings_basis")
            for statement in statements(RATINGS_TABLES):
                db.execute(statement)
            db.executemany("INSERT INTO ratings (key, name, bot, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)", rows)
            db.execute("INSERT INTO ratings_basis (model, last, recorded, last_key, skipped) VALUES (?, ?, ?, ?, ?)",
                       (basis.model, basis.last, basis.recorded, basis.last_key, ",".join(map(str, basis.skipped))))
        return True


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

