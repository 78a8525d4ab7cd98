"""The statistics of the records: each person's games, wins, points and streaks.

What ``abluxxen stats`` shows and prints as JSON; built from
:meth:`~abluxxen.store.records_reading.RecordsReading.results` without reading whole games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .ratings import played_by_person
from .records_reading import SeatResult


@dataclass
class PlayerStats:
    """One person's figures over their recorded games.

    Attributes:
        name: the name as last written at the table.
        results: the person's result in each game, oldest first.
        against: per kind of opponent (a bot level, or ``humans``), the games
            with at least one such opponent and how many of them were won.
    """

    name: str
    results: list[SeatResult] = field(default_factory=list)
    against: dict[str, list[int]] = field(default_factory=dict)

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


def all_players(results: Sequence[SeatResult]) -> list[PlayerStats]:
    """Every person's figures (names compared as the setup does), most games first."""
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
    return sorted(players.values(), key=lambda p: (-p.games, p.name.casefold()))
