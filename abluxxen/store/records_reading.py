"""Reading the records: the recorded games and each person's results, what ``abluxxen stats`` and a review
read, with the damaged games (a record edited or spoilt) found and left out of every reading.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from ..engine.phase import END_REASONS
from ..engine.rules import Rules
from ..engine.seeds import is_seed, parse_seed
from ..engine.transcript import Transcript
from ..levels import LEVELS
from ..quoting import brief, quoted, visible
from .files import load_json
from .records_db import RecordsDatabase, RecordsError, translated
from .save_document import MAX_ROUNDS, MAX_TOURNAMENT_NAME, MAX_TOURNAMENT_NUMBER

_SUMMARY = ("SELECT number, ended, players, variant, duel, tiebreak, seed, reason, assisted, tournament,"
            " tournament_name, tournament_round FROM games")
_SEATS = "SELECT game, seat, name, bot, score, hand, display, winner, account, decisions, stood_in FROM seats"
# Each person's seat, with how many people and which bot levels sat at that game.
_RESULTS = """
SELECT h.game, h.seat, h.name, h.score, h.winner, g.ended, g.assisted, g.people, g.bots, h.decisions, h.stood_in
FROM seats h JOIN games g ON g.number = h.game
WHERE h.bot IS NULL ORDER BY h.game, h.seat"""
# What makes a game's record damaged, found in a few quick passes over thousands of games (the file may
# have been edited by anyone): a value of the wrong type or a bot level no game has; seats that are not
# numbered 0 to players - 1; a seat's count of decisions a stand-in made that is not one of its decisions; a
# tournament not as a save gives it (all three or none); rules or an end no game has (few kinds: checked once
# each); a date or seed that does not read.
_MISTYPED = f"""
SELECT number FROM games WHERE (typeof(ended) != 'text' OR typeof(players) != 'integer'
    OR typeof(variant) != 'text' OR typeof(duel) != 'integer' OR typeof(tiebreak) != 'text'
    OR typeof(seed) NOT IN ('text', 'null') OR typeof(reason) != 'text' OR typeof(assisted) != 'integer'
    OR typeof(people) != 'integer' OR typeof(bots) != 'text' OR typeof(tournament) NOT IN ('integer', 'null')
    OR typeof(tournament_name) NOT IN ('text', 'null') OR typeof(tournament_round) NOT IN ('integer', 'null'))
UNION
SELECT game FROM seats WHERE (typeof(name) != 'text' OR typeof(bot) NOT IN ('text', 'null')
    OR typeof(score) != 'integer' OR typeof(hand) != 'integer' OR typeof(display) != 'integer'
    OR typeof(winner) != 'integer' OR typeof(account) NOT IN ('text', 'null')
    OR typeof(decisions) != 'integer' OR typeof(stood_in) != 'integer'
    OR (bot IS NOT NULL AND bot NOT IN ({", ".join("?" * len(LEVELS))})))"""
_UNSEATED = """
SELECT number FROM games g WHERE players != (SELECT count(*) FROM seats WHERE game = g.number)
    OR NOT EXISTS (SELECT 1 FROM seats WHERE game = g.number AND seat = g.players - 1)"""
_MISCOUNTED = "SELECT DISTINCT game FROM seats WHERE stood_in < 0 OR stood_in > decisions"
_NO_TOURNAMENT = f"""
SELECT number FROM games WHERE (tournament IS NULL) != (tournament_name IS NULL)
    OR (tournament IS NULL) != (tournament_round IS NULL) OR tournament NOT BETWEEN 1 AND {MAX_TOURNAMENT_NUMBER}
    OR length(tournament_name) NOT BETWEEN 1 AND {MAX_TOURNAMENT_NAME}
    OR tournament_round NOT BETWEEN 1 AND {MAX_ROUNDS}"""
_IN_TOURNAMENTS = "tournament IS NOT NULL"
# The games of tournaments, few among all (read apart from each seat's result: most games have none).
_TOURNAMENTS = f"SELECT number, tournament, tournament_name, tournament_round FROM games WHERE {_IN_TOURNAMENTS}"
_KINDS = "SELECT DISTINCT players, variant, duel, tiebreak, reason FROM games"
_OF_KIND = "SELECT number FROM games WHERE players = ? AND variant = ? AND duel = ? AND tiebreak = ? AND reason = ?"
_DATES_AND_SEEDS = "SELECT number, ended, seed FROM games"


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


class RecordedSeat(NamedTuple):
    """Who sat at a seat: a name, and the bot level when a bot played it."""

    name: str
    bot: str | None


class TournamentRound(NamedTuple):
    """Where a game was played in a club tournament: the tournament's number and name, and the round (from 1)."""

    number: int
    name: str
    round: int


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
        decisions: the decisions the seat had to make (0 in games recorded before they were counted).
        stood_in: how many of them a stand-in made for the person (see ``store/ratings.py``).
        tournament: the club tournament and round the game was played in, or ``None``.
    """

    number: int
    seat: int
    name: str
    score: int
    won: bool
    ended: str
    assisted: bool
    against: frozenset[str]
    decisions: int = 0
    stood_in: int = 0
    tournament: TournamentRound | None = None


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
        decisions: per seat, the decisions it had to make (0 in games recorded before they were counted).
        stood_in: per seat, how many of them a stand-in made for its person (a bot once the grace was over,
            the turn clock's bot); 0 where its person made them all.
        tournament: the club tournament and round it was played in, or ``None`` (a game outside any).
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
    decisions: tuple[int, ...]
    stood_in: tuple[int, ...]
    tournament: TournamentRound | None = field(default=None, kw_only=True)

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


class RecordsReading(RecordsDatabase):
    """The records as read: the games, the results, the damaged games (:class:`~abluxxen.store.records.Records`
    adds the stored ratings and the writing)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self._damaged: dict[int, DamagedRecord] | None = None

    def close(self) -> None:
        """Close the connection (the object may be used again: it reopens)."""
        super().close()
        self._damaged = None

    def damaged(self) -> list[DamagedRecord]:
        """The recorded games whose record is damaged (a value of the wrong type, a variant, date,
        seed or bot level no game has, seats missing), oldest first: every reading of the records
        (:meth:`games`, :meth:`results`, :meth:`count`, :meth:`get`, :meth:`last`) leaves them out.

        Raises:
            RecordsError: when the database cannot be read.
        """
        return sorted(self._damaged_games().values(), key=lambda d: d.number)

    def _damaged_games(self) -> dict[int, DamagedRecord]:
        db = self.connection(create=False)
        if db is None:
            return {}
        if self._damaged is None:
            with translated():
                self._damaged = _find_damaged(db)
        return self._damaged

    def games(self, name: str | None = None, *, after: int = 0, in_tournaments: bool = False) -> list[GameSummary]:
        """Every recorded game, oldest first, without transcripts; with ``name``, the games a
        human of that name played; with ``after``, the games numbered above it; with ``in_tournaments``, only
        the games of club tournaments. Damaged ones are left out (:meth:`damaged`).

        Raises:
            RecordsError: when the database cannot be read.
        """
        db = self.connection(create=False)
        if db is None:
            return []
        damaged = self._damaged_games()
        with translated():
            seats: dict[int, list[tuple[Any, ...]]] = {}
            of_seats, of_games = _SEATS + " WHERE game > ?", _SUMMARY + " WHERE number > ?"
            if in_tournaments:
                of_seats += f" AND game IN (SELECT number FROM games WHERE {_IN_TOURNAMENTS})"
                of_games += f" AND {_IN_TOURNAMENTS}"
            for row in db.execute(of_seats + " ORDER BY game, seat", (after,)):
                seats.setdefault(row[0], []).append(row)
            rows = db.execute(of_games + " ORDER BY number", (after,)).fetchall()
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
        db = self.connection(create=False)
        if db is None:
            return 0
        damaged = self._damaged_games()
        with translated():
            return int(db.execute("SELECT count(*) FROM games").fetchone()[0]) - len(damaged)

    def results(self) -> list[SeatResult]:
        """Every person's result in every game, by game (oldest first) and seat: what the statistics
        add up, read without building whole games (damaged games left out).

        Raises:
            RecordsError: when the database cannot be read.
        """
        db = self.connection(create=False)
        if db is None:
            return []
        damaged = self._damaged_games()
        with translated():
            rows = db.execute(_RESULTS).fetchall()
            played_in = {number: _tournament(*where) for number, *where in db.execute(_TOURNAMENTS)
                         if number not in damaged}
        # A few kinds of table over thousands of games: each set of opponents is made once.
        opponents: dict[tuple[int, str], frozenset[str]] = {}
        results = []
        for number, seat, name, score, won, ended, helped, people, bots, decisions, stood_in in rows:
            if number in damaged:
                continue  # the others' types are checked (_MISTYPED)
            against = opponents.get((people, bots))
            if against is None:
                kinds = {b for b in bots.split(",") if b} | ({"humans"} if people > 1 else set())
                against = opponents[people, bots] = frozenset(kinds)
            results.append(SeatResult(number, seat, visible(name), score, bool(won), ended, bool(helped), against,
                                      decisions, stood_in, played_in.get(number) if played_in else None))
        return results

    def get(self, number: int) -> RecordedGame | None:
        """Game ``number`` with its transcript (checked by replaying it), or ``None`` when there is none.

        Raises:
            DamagedRecord: when the game's record is damaged (its transcript too).
            RecordsError: when the database cannot be read.
        """
        db = self.connection(create=False)
        if db is None or isinstance(number, bool) or not isinstance(number, int) or not 0 < number < 2**63:
            return None
        damaged = self._damaged_games()
        if number in damaged:
            raise damaged[number]
        with translated():
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
        db = self.connection(create=False)
        if db is None:
            return None
        damaged = self._damaged_games()
        with translated():
            numbers = [n for (n,) in db.execute("SELECT number FROM games ORDER BY number DESC")]
        for number in numbers:
            if number in damaged:
                continue
            try:
                return self.get(number)
            except DamagedRecord:
                continue  # named by damaged() from now on
        return None

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Every reading inside sees the records as they were at its first: one read transaction (a
        game another process records meanwhile comes after it). The damaged games are found anew in it.

        Raises:
            RecordsError: when the database cannot be read.
        """
        db = self.connection(create=False)
        if db is None:
            yield
            return
        with translated():
            db.execute("BEGIN")
        self._damaged = None
        try:
            yield
        finally:
            with translated():
                db.execute("COMMIT")


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
    for (number,) in db.execute(_MISCOUNTED).fetchall():
        damaged(number, "a seat's decisions made by a stand-in are not among its decisions")
    for (number,) in db.execute(_NO_TOURNAMENT).fetchall():
        damaged(number, "its tournament is not a number, a name and a round as a club gives them")
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
    number, ended, players, variant, duel, tiebreak, seed, reason, assisted, *tournament = row
    rules = rules_of(players, variant, duel, tiebreak)
    when = datetime.fromisoformat(ended)
    seed = None if seed is None else parse_seed(seed)
    _, index, names, bots, scores, hands, shown, won, accounts, decisions, stood_in = zip(*seats, strict=True)
    return GameSummary(
        number=number, when=when if when.tzinfo else when.replace(tzinfo=UTC), rules=rules,
        seats=tuple(RecordedSeat(visible(n), b) for n, b in zip(names, bots, strict=True)),
        scores=scores, hand_sizes=hands, display_sizes=shown,
        winners=tuple(s for s, w in zip(index, won, strict=True) if w), seed=seed, assisted=bool(assisted),
        reason=reason, accounts=tuple(None if a is None else visible(a) for a in accounts), decisions=decisions,
        stood_in=stood_in, tournament=_tournament(*tournament))


def _tournament(number: int | None, name: str | None, round_: int | None) -> TournamentRound | None:
    """A game's tournament from its columns (of a game :func:`_find_damaged` passed: all three, or none)."""
    if number is None or name is None or round_ is None:
        return None
    return TournamentRound(number, visible(name), round_)

