"""The records database's schema, version by version: what each version adds, and the script that brings a
file of the version before up to it.

Only data (and how a script is cut into statements): opening a file and migrating it is
``records_db.py``'s; see ``docs/save-format.md``, section "Records database".
"""

from __future__ import annotations

SCHEMA_VERSION = 7
#: Marks the file as ours ("ABLX"), so a stranger's database is not taken for records.
APPLICATION_ID = 0x41424C58

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
RATINGS_TABLES = """
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

# Version 6: per seat, the decisions it had to make and how many of them a stand-in made for its person (a
# bot once the grace was over, the turn clock's bot): a seat mostly played so is not rated (store/ratings.py).
# Every older seat counts 0 of 0: played by its person, as the games were rated before.
_V6 = """
ALTER TABLE seats ADD COLUMN decisions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN stood_in INTEGER NOT NULL DEFAULT 0;
"""

# Version 7: per game, the club tournament it was played in (its number and name) and the round; NULL for every
# game outside one (every older game): ``abluxxen stats`` shows a person's tournaments (store/tournament_points.py).
# Rated as any game.
_V7 = """
ALTER TABLE games ADD COLUMN tournament INTEGER CHECK (typeof(tournament) IN ('integer', 'null'));
ALTER TABLE games ADD COLUMN tournament_name TEXT CHECK (typeof(tournament_name) IN ('text', 'null'));
ALTER TABLE games ADD COLUMN tournament_round INTEGER CHECK (typeof(tournament_round) IN ('integer', 'null'));
"""

#: ``MIGRATIONS[v]`` takes a database from version ``v`` to ``v + 1``.
MIGRATIONS: dict[int, str] = {0: _V1, 1: _V2, 2: _V3, 3: _V4, 4: RATINGS_TABLES, 5: _V6, 6: _V7}
assert len(MIGRATIONS) == SCHEMA_VERSION


def statements(script: str) -> list[str]:
    """The statements of a migration, run one by one inside the caller's transaction
    (``executescript`` would commit it)."""
    return [s.strip() for s in script.split(";") if s.strip()]
