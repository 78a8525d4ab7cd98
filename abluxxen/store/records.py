"""The record of every finished game: a SQLite database in the data directory.

Each game that ends at the table (hot-seat, against bots, bots alone) is
written once, with who sat where, the scores and card counts, the deal's
seed, the assisted mark and the whole transcript, so that any recorded game
can be replayed or reviewed. ``abluxxen stats`` reads it; a review loads a
game by its number.

:class:`Records` is the database, in layers each in its module: opening the file and checking it is ours
(``records_db.py``, its schema and migrations in ``records_schema.py``), reading the games
(``records_reading.py``), the ratings kept in it (``records_ratings.py``); writing a game is here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.rules import Rules
from ..engine.seeds import seed_text
from ..engine.transcript import Transcript
from .records_db import records_path, transaction, translated
from .records_ratings import RecordsRatings
from .records_reading import TournamentRound

if TYPE_CHECKING:
    from .save_document import Saved


def open_records(directory: Path | None = None) -> Records:
    """The records in ``directory`` (default: the data directory).

    Nothing is opened or created until it is used: reading a folder without
    records finds no games, and the first :meth:`Records.add` creates the file.
    """
    return Records(records_path(directory))


class Records(RecordsRatings):
    """The records database (use :func:`open_records`); a context manager that closes it."""

    def add(self, *, key: str, match_key: str, game_index: int, when: datetime, rules: Rules,
            seats: Sequence[tuple[str, str | None]], scores: Sequence[int], hand_sizes: Sequence[int],
            display_sizes: Sequence[int], winners: Sequence[int], seed: int | None, assisted: bool,
            reason: str, transcript: Transcript, accounts: Sequence[str | None] | None = None,
            decisions: Sequence[tuple[int, int]] | None = None, tournament: TournamentRound | None = None) -> int:
        """Record a finished game once; its number (the earlier one when ``key`` is recorded already).

        Args:
            key: the game's own key; a game whose key is recorded is not written again.
            match_key: the key of the match it belongs to (see :meth:`reveal_seeds`).
            game_index: which game of the match it is, from 0.
            when: when it ended (stored in UTC).
            accounts: per seat, a stable identity of the person at it (an account), or ``None``
                (a bot; a person known by the name only, as at a hot-seat). Ratings follow an
                account through changes of name.
            decisions: per seat, the decisions it had to make and how many of them a stand-in made for its
                person (``Saved.decisions``); ``None``: every seat's own (a seat mostly played by a stand-in
                is not rated, ``store/ratings.py``).
            tournament: the club tournament and round the game was played in; ``None``: outside any.

        Raises:
            RecordsError: when the database cannot be written; nothing is written then.
        """
        db = self.connection(create=True)
        assert db is not None
        stamp = when.astimezone(UTC).isoformat(timespec="seconds")
        with translated(), transaction(db):
            row = db.execute("SELECT number FROM games WHERE key = ?", (key,)).fetchone()
            if row is not None:
                return int(row[0])
            levels = ",".join(sorted({bot for _, bot in seats if bot is not None}))
            people = sum(bot is None for _, bot in seats)
            cursor = db.execute(
                "INSERT INTO games (key, match_key, game_index, ended, players, variant, duel, tiebreak, seed,"
                " reason, assisted, people, bots, tournament, tournament_name, tournament_round)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (key, match_key, game_index, stamp, rules.players, rules.variant, int(rules.is_duel),
                 rules.tiebreak, None if seed is None else seed_text(seed), reason, int(assisted), people,
                 levels, *(tournament if tournament is not None else (None, None, None))))
            number = cursor.lastrowid
            assert number is not None
            counted = decisions if decisions is not None else [(0, 0)] * len(seats)
            db.executemany(
                "INSERT INTO seats (game, seat, name, bot, score, hand, display, winner, account, decisions,"
                " stood_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(number, seat, name, bot, scores[seat], hand_sizes[seat], display_sizes[seat],
                  int(seat in winners), None if accounts is None or bot is not None else accounts[seat],
                  *counted[seat]) for seat, (name, bot) in enumerate(seats)])
            db.execute("INSERT INTO transcripts (game, doc) VALUES (?, ?)",
                       (number, json.dumps(transcript.to_json(), separators=(",", ":"))))
        return int(number)

    def reveal_seeds(self, match_key: str, seed: int) -> None:
        """Fill in the seeds of a match's games once they may be known (game ``i`` was dealt with ``seed + i``).

        Raises:
            RecordsError: when the database cannot be written.
        """
        db = self.connection(create=True)
        assert db is not None
        with translated(), transaction(db):
            hidden = db.execute("SELECT number, game_index FROM games WHERE match_key = ? AND seed IS NULL",
                                (match_key,)).fetchall()
            db.executemany("UPDATE games SET seed = ? WHERE number = ?",
                           [(seed_text(seed + index), number) for number, index in hidden])

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
            reason=str(outcome.reason), transcript=saved.transcript, accounts=saved.accounts,
            decisions=saved.decisions(), tournament=tournament_of(saved))
        if seed_shown and match.seed is not None:
            records.reveal_seeds(saved.match_key, match.seed)
    return number


def tournament_of(saved: Saved) -> TournamentRound | None:
    """The club tournament and round a save's table plays (its ``club.tournament``), or ``None``."""
    given = saved.club.get("tournament") if saved.club is not None else None
    return None if given is None else TournamentRound(given["number"], given["name"], given["round"])
