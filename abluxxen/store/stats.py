"""The statistics of the records: each person's games, wins, points and streaks, and their club tournaments.

What ``abluxxen stats`` shows and prints as JSON; built from
:meth:`~abluxxen.store.records_reading.RecordsReading.results` without reading whole games (but the
tournaments' own: a game's tournament points depend on every seat of it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .ratings import played_by_person
from .records_reading import GameSummary, SeatResult
from .tournament_points import game_points


@dataclass
class TournamentPlayed:
    """One club tournament as one person played it.

    Attributes:
        number: the tournament's number at the club.
        name: its name.
        rounds: the rounds the person played in it, in order.
        games: their games in it (a round may be a match of several).
        points: their tournament points in it (``store/tournament_points.py``), over those games.
        last: the number of their newest game in it, in the records.
    """

    number: int
    name: str
    rounds: list[int] = field(default_factory=list)
    games: int = 0
    points: float = 0.0
    last: int = 0


@dataclass
class PlayerStats:
    """One person's figures over their recorded games.

    Attributes:
        name: the name as last written at the table.
        results: the person's result in each game, oldest first.
        against: per kind of opponent (a bot level, or ``humans``), the games
            with at least one such opponent and how many of them were won.
        tournaments: the club tournaments the person played in, the one they last played in first.
    """

    name: str
    results: list[SeatResult] = field(default_factory=list)
    against: dict[str, list[int]] = field(default_factory=dict)
    tournaments: list[TournamentPlayed] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.results)

    @property
    def wins(self) -> int:
        """Games won (a shared win counts)."""
        return sum(r.won for r in self.results)

    @property
    def stood_in(self) -> int:
        """Games whose seat a stand-in played mostly for the person (``store/ratings.py``): they count as played
        here, and are not rated."""
        return sum(not played_by_person(r.decisions, r.stood_in) for r in self.results)

    @property
    def mean(self) -> float:
        """Mean points per game."""
        return sum(r.score for r in self.results) / len(self.results) if self.results else 0.0

    @property
    def best(self) -> SeatResult:
        """The best game: most points, the earlier one on a tie."""
        return max(self.results, key=lambda r: r.score)  # max keeps the first of equals

    def streaks(self) -> tuple[int, int]:
        """Wins in a row: ``(now, longest)``."""
        run = longest = 0
        for result in self.results:
            run = run + 1 if result.won else 0
            longest = max(longest, run)
        return run, longest


def all_players(results: Sequence[SeatResult], tournament_games: Sequence[GameSummary] = ()) -> list[PlayerStats]:
    """Every person's figures (names compared as the setup does), most games first; their tournaments from
    ``tournament_games``, the recorded games of tournaments (``Records.games(in_tournaments=True)``)."""
    players: dict[str, PlayerStats] = {}
    for result in results:
        stats = players.get(key := result.name.casefold())
        if stats is None:
            stats = players[key] = PlayerStats(result.name)
        stats.name = result.name  # as last written
        stats.results.append(result)
        for kind in result.against:
            tally = stats.against.setdefault(kind, [0, 0])
            tally[0] += 1
            tally[1] += result.won
    points = {game.number: game_points(game) for game in tournament_games}
    for stats in players.values():
        stats.tournaments = tournaments_of(stats.results, points)
    return sorted(players.values(), key=lambda p: (-p.games, p.name.casefold()))


def tournaments_of(results: Sequence[SeatResult], points: dict[int, list[float]]) -> list[TournamentPlayed]:
    """The tournaments of one person's results, the one they last played in first.

    Args:
        results: the person's results, oldest first.
        points: per recorded tournament game (by number), each seat's tournament points.
    """
    played: dict[tuple[int, str], TournamentPlayed] = {}
    for result in results:
        where = result.tournament
        if where is None or result.number not in points:
            continue
        tournament = played.setdefault((where.number, where.name), TournamentPlayed(where.number, where.name))
        if where.round not in tournament.rounds:
            tournament.rounds = sorted([*tournament.rounds, where.round])
        tournament.games += 1
        tournament.points += points[result.number][result.seat]
        tournament.last = max(tournament.last, result.number)
    return sorted(played.values(), key=lambda t: -t.last)
