"""Ratings of people and of the bot levels, in one pool, replayed from the records.

Every recorded game with at least one person at the table is one free-for-all
result: each seat's place (winners first, the others by points) goes into
openskill's Plackett–Luce model (a Weng–Lin Bayesian rating: a skill ``mu``
and an uncertainty ``sigma`` per player). The ratings are whatever replaying
the records in order gives, so the same records always give the same ratings
(see ``docs/ratings.md`` for the model, the scale and why these choices);
:func:`recorded_ratings` keeps them in the records database as far as they
were computed and rates only the games recorded since, to the same digits.

A seat whose person made no more than half of its decisions (a stand-in bot made the rest: after the grace, on
the turn clock) is left out of its game's rating, for everyone (:func:`rated_seats`): the game is still
recorded and counts as played, and the other seats are rated among themselves when two or more are left.

Who is who: a bot seat is its level (every easy bot is the one player
``bot:easy``, whatever its name at the table); a person is their account
when the table knew one (the records' ``account`` column), else their name
compared as the setup compares names. A caller with its own idea of who is
who (the club's accounts by key) passes ``identity``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from ..levels import LEVELS
from ..quoting import visible
from .records import Records
from .records_db import RecordsError
from .records_reading import GameSummary

if TYPE_CHECKING:
    from openskill.models import PlackettLuce, PlackettLuceRating

#: A new player's ``mu`` and ``sigma``: openskill's defaults (tests/test_ratings.py checks they are the model's).
MU = 25.0
SIGMA = 25.0 / 3
#: How the records are read into results (places, who is who, which games and seats count: :func:`rated_seats`):
#: raised when that changes, so that ratings stored by an older version are computed anew (:func:`fingerprint`).
READING = 2
#: A person's rating is *provisional* while it rests on fewer rated games than this: it starts low on purpose
#: (the conservative estimate of an unsure skill) and rises fastest over these games, so it is shown as such and
#: not yet compared with the bot levels. After 20 games ``3·sigma`` is about 360 points, from 750 at the start
#: (``docs/ratings.md``, *Provisional ratings*).
SETTLED_GAMES = 20
#: The rating shown: ``BASE + SCALE × (mu − 3·sigma)``, the conservative estimate (the skill is above it
#: with about 99.9% certainty). SCALE 30 makes 400 points between two settled players about 10 to 1 odds
#: in a duel, as in Elo; a new person shows 1000 and rises as their games make the rating surer.
BASE = 1000
SCALE = 30
#: Where each bot level starts, ``(mu, sigma)``: 200 games of hard, normal and easy at one table rated as
#: if each level were a player (``python benchmarks/ratings.py --calibrate --games 200 --seed 1``), shifted
#: so that the normal bot's ``mu`` is a new person's (a person starts as likely a normal bot as anything,
#: only much less surely). The bots start far surer than a person, so a game against a person moves a bot
#: less than the person; the records' games of bots alone never move them (docs/ratings.md).
BOT_START: dict[str, tuple[float, float]] = {
    "easy": (17.09, 2.55),
    "normal": (25.00, 2.25),
    "hard": (36.21, 2.52),
}


#: How a person known by an account is keyed in the ratings.
_ACCOUNT = "account:"


def bot_key(level: str) -> str:
    """The player a bot level is in the ratings (every bot of that level is the same one)."""
    return f"bot:{level}"


def person_key(name: str, account: str | None = None) -> str:
    """The player a person is: their account when there is one, else their name as the setup compares it."""
    return f"{_ACCOUNT}{account}" if account is not None else f"name:{name.casefold()}"


def places(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Each seat's place, from 1: the winners (after the rules' tie-break) share the first; the others
    follow by points, equal points sharing a place (the tie-break decides the win only).

    >>> places([5, 9, 5, 9], [1, 3])
    [3, 1, 3, 1]
    >>> places([7, 7, 2], [0])
    [1, 2, 3]
    """
    first = set(winners)
    return [1 if seat in first else 1 + len(first) + sum(score < other for s, other in enumerate(scores)
                                                           if s not in first)
            for seat, score in enumerate(scores)]


@dataclass(frozen=True)
class Placing:
    """One seat of a game as the ratings read it.

    Attributes:
        key: which player (:func:`bot_key`, :func:`person_key`, or the caller's own).
        name: the name to show for that player (the latest one written wins).
        bot: the bot level, or ``None`` for a person.
        place: the seat's place in the game, from 1 (:func:`places`).
    """

    key: str
    name: str
    bot: str | None
    place: int


@dataclass
class Rating:
    """One player's rating.

    Attributes:
        key: which player.
        name: the name to show (the latest one; a bot level's own name).
        bot: the bot level, or ``None`` for a person.
        mu: the skill estimate.
        sigma: how uncertain it is.
        games: the rated games the player sat in.
    """

    key: str
    name: str
    bot: str | None
    mu: float
    sigma: float
    games: int = 0

    @property
    def provisional(self) -> bool:
        """Whether the rating is a person's of fewer than :data:`SETTLED_GAMES` rated games (a bot level never
        is): shown as such, and not compared with the bot levels."""
        return self.bot is None and self.games < SETTLED_GAMES

    @property
    def is_account(self) -> bool:
        """Whether this is a person known by an account (a club's member), not by a name."""
        return self.key.startswith(_ACCOUNT)

    @property
    def ordinal(self) -> float:
        """The conservative estimate, ``mu − 3·sigma``."""
        return self.mu - 3 * self.sigma

    @property
    def points(self) -> int:
        """The rating shown: the ordinal on the familiar scale (:data:`BASE`, :data:`SCALE`)."""
        return round(BASE + SCALE * self.ordinal)


@cache
def model() -> PlackettLuce:
    """The model, with openskill's defaults: a new player's ``mu`` 25 and ``sigma`` 25/3, ``beta`` 25/6 (the
    spread of one game's performance) and ``tau`` 25/300 (how much skill may drift between games).

    Imported when a game is first rated: stored ratings with no game since need no model (the import is
    a tenth of what ``abluxxen stats`` costs otherwise).
    """
    from openskill.models import PlackettLuce

    return PlackettLuce()


def fingerprint(start: dict[str, tuple[float, float]] | None = None) -> str:
    """What stored ratings depend on besides the games: the model and its version, how the records are
    read (:data:`READING`) and where the bot levels start. Stored ratings of another fingerprint are
    computed anew."""
    import openskill  # the package alone, for its version: not the models

    levels = sorted((BOT_START if start is None else start).items())
    return json.dumps(["PlackettLuce", openskill.__version__, READING, MU, SIGMA, levels])


class Ratings:
    """The pool: the bot levels from their start (:data:`BOT_START`), people from a new player's."""

    def __init__(self, start: dict[str, tuple[float, float]] | None = None) -> None:
        self.players: dict[str, Rating] = {}
        # The model's own object per player, made once: each one made draws a uuid, which costs more
        # than the rating itself.
        self._skills: dict[str, PlackettLuceRating] = {}
        self._accounts_named: dict[str, Rating] | None = None  # made by named(), dropped by add()
        for level, (mu, sigma) in (BOT_START if start is None else start).items():
            self.players[bot_key(level)] = Rating(bot_key(level), level, level, mu, sigma)

    def add(self, seats: Sequence[Placing], *, bots_only: bool = False) -> bool:
        """Rate one game; whether it was rated.

        A player at several seats (two hard bots at one table) moves by the sum of its seats'
        changes, and is as sure as its surest seat made it.

        Args:
            seats: the game's seats.
            bots_only: rate a game of bots only too. Only the calibration of :data:`BOT_START` does;
                the records' bot games never move a rating (see ``docs/ratings.md``).
        """
        if len(seats) < 2 or (not bots_only and all(seat.bot is not None for seat in seats)):
            return False
        self._accounts_named = None
        players = [self._player(seat) for seat in seats]
        rated = model().rate([[self._skill(p)] for p in players], ranks=[seat.place for seat in seats])
        moved: dict[str, tuple[float, float]] = {}
        for player, (after,) in zip(players, rated, strict=True):
            shift, sigma = moved.get(player.key, (0.0, after.sigma))
            moved[player.key] = (shift + after.mu - player.mu, min(sigma, after.sigma))
        for key, (shift, sigma) in moved.items():
            player = self.players[key]
            player.mu += shift
            player.sigma = sigma
            player.games += 1
        return True

    def _skill(self, player: Rating) -> PlackettLuceRating:
        """The model's object for a player, holding the player's rating now."""
        skill = self._skills.get(player.key)
        if skill is None:
            skill = self._skills[player.key] = model().rating(player.mu, player.sigma)
        skill.mu, skill.sigma = player.mu, player.sigma
        return skill

    def _player(self, seat: Placing) -> Rating:
        player = self.players.get(seat.key)
        if player is None:
            player = self.players[seat.key] = Rating(seat.key, seat.name, seat.bot, MU, SIGMA)
        elif seat.bot is None:
            player.name = seat.name  # as last written
        return player

    def people(self) -> list[Rating]:
        """Every rated person, the highest rating first (then by name)."""
        rated = [p for p in self.players.values() if p.bot is None]
        return sorted(rated, key=lambda p: (-p.ordinal, p.name.casefold()))

    def bots(self) -> list[Rating]:
        """The bot levels' ratings, easy to hard."""
        return [self.players[bot_key(level)] for level in LEVELS if bot_key(level) in self.players]

    def person(self, name: str, account: str | None = None) -> Rating | None:
        """A person's rating, by account or by name (compared as the setup does), or ``None``."""
        return self.players.get(person_key(name, account))

    def named(self, name: str) -> Rating | None:
        """The rating of a person the records name (as ``abluxxen stats`` lists them, by name): the
        account of that name when there is one (a club's member, rated by account), else the name's own."""
        if self._accounts_named is None:
            self._accounts_named = {p.name.casefold(): p for p in self.players.values()
                                    if p.is_account}
        return self._accounts_named.get(name.casefold()) or self.players.get(person_key(name))

    def between(self, rating: Rating) -> tuple[Rating | None, Rating | None]:
        """The bot levels just below and just above a rating (by the rating shown): ``(None, easy)`` below
        every level, ``(hard, None)`` above them all; a level rated the same counts as below."""
        below = [b for b in self.bots() if b.points <= rating.points]
        above = [b for b in self.bots() if b.points > rating.points]
        return (max(below, key=lambda b: b.points) if below else None,
                min(above, key=lambda b: b.points) if above else None)


#: Who sat at a seat of a recorded game, for the ratings: ``identity(game, seat)`` gives the player's key.
Identity = Callable[[GameSummary, int], str]


def recorded_identity(game: GameSummary, seat: int) -> str:
    """The default :data:`Identity`: a bot's level, else the seat's account, else its name."""
    name, bot = game.seats[seat]
    return bot_key(bot) if bot is not None else person_key(name, game.accounts[seat])


def played_by_person(decisions: int, stood_in: int) -> bool:
    """Whether a person's seat was played by its person: more than half of its decisions were theirs, or a
    stand-in made none (a game recorded before decisions were counted: 0 of 0). The one rule of which seats
    a stand-in played (:func:`rated_seats`; ``abluxxen stats`` counts them by it); change it, raise
    :data:`READING`.

    >>> played_by_person(10, 4), played_by_person(10, 5), played_by_person(0, 0)
    (True, False, True)
    """
    return stood_in == 0 or 2 * stood_in < decisions


def rated_seats(game: GameSummary) -> list[int]:
    """The seats of a recorded game that its rating takes: every seat but those mostly played by a stand-in
    (:func:`played_by_person`), when at least two are left and a person among them; else none. Nobody gains
    or loses by a bot's play for a person: not the person, not the others, not the stand-in's level."""
    kept = [seat for seat in range(len(game.seats))
            if played_by_person(game.decisions[seat], game.stood_in[seat])]
    return kept if len(kept) >= 2 and any(game.seats[seat].bot is None for seat in kept) else []


def placings(game: GameSummary, identity: Identity = recorded_identity) -> list[Placing]:
    """A recorded game's seats as the ratings read them: those :func:`rated_seats` takes (none: not rated)."""
    ranks = places(game.scores, game.winners)
    return [Placing(identity(game, seat), *game.seats[seat], ranks[seat]) for seat in rated_seats(game)]


def rate(games: Iterable[GameSummary], identity: Identity = recorded_identity,
         start: dict[str, tuple[float, float]] | None = None) -> Ratings:
    """The ratings the recorded games give, replayed oldest first (the order of their numbers).

    Args:
        games: the recorded games (``Records.games()``); every game counts on its own, a match's too.
        identity: who is at a seat (default: :func:`recorded_identity`).
        start: where the bot levels start (default: :data:`BOT_START`).
    """
    ratings = Ratings(start)
    for game in sorted(games, key=lambda g: g.number):
        ratings.add(placings(game, identity))
    return ratings


def recorded_ratings(records: Records) -> Ratings:
    """The ratings of the recorded games, to the last digit what :func:`rate` of ``records.games()`` gives:
    the ones stored in the records plus the games recorded since, stored again for the next reader.

    Stored ratings are computed anew when they do not read, when the model or the bot levels' start
    changed (:func:`fingerprint`), or when the games they were computed from are not as they were (a
    game removed or put in another's place, one damaged or mended since). Storing them is left out when
    the records cannot be written (read-only, busy): the ratings are right all the same.

    Raises:
        RecordsError: when the records cannot be read.
    """
    model_print = fingerprint()
    with records.snapshot():
        basis, rows = records.stored_ratings()
        ratings = None
        if basis is not None and rows is not None and basis == records.basis(model_print, basis.last):
            ratings = _loaded(rows)
        after = basis.last if ratings is not None and basis is not None else 0
        games = records.games(after=after)
        now = records.basis(model_print)
    if ratings is not None and now == basis:
        return ratings  # nothing recorded since: nothing to rate or store
    ratings = ratings if ratings is not None else Ratings()
    for game in games:  # in the order of their numbers, as rate() replays them
        ratings.add(placings(game))
    try:
        records.store_ratings(now, [(p.key, p.name, p.bot, p.mu, p.sigma, p.games) for p in ratings.players.values()],
                              replacing=basis)
    except RecordsError:
        pass  # read-only or busy: the next reader computes them
    return ratings


def _loaded(rows: Sequence[tuple[Any, ...]]) -> Ratings | None:
    """The pool from stored rows, or ``None`` when any row is not one :func:`recorded_ratings` writes."""
    ratings = Ratings()
    seen: set[str] = set()
    for row in rows:
        if len(row) != 6:
            return None
        key, name, bot, mu, sigma, games = row
        if not (isinstance(key, str) and isinstance(name, str) and name == visible(name) and key not in seen
                and isinstance(mu, float) and isinstance(sigma, float) and math.isfinite(mu)
                and math.isfinite(sigma) and sigma > 0 and isinstance(games, int) and games >= 0):
            return None
        if (bot not in LEVELS or key != bot_key(bot) or name != bot) if key.startswith("bot:") else bot is not None:
            return None
        seen.add(key)
        ratings.players[key] = Rating(key, name, bot, mu, sigma, games)
    return ratings if all(bot_key(level) in seen for level in BOT_START) else None
