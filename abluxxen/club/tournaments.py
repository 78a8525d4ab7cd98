"""Club tournaments: Swiss rounds at tables of 2 to 5, live or over days, rated like any game, kept in the
club's database so that a restart at any moment goes on where it was.

A :class:`Tournament` is opened by a member (``tournament new NAME …``), entered by members (``tournament
join N``) and by bots its creator adds (``tournament add N bot:hard``), and started by its creator or an
admin. From then on the club plays it itself (:class:`Tournaments`): each round's tables open seated (people
online are taken to a live one, everyone is told where they sit), each table's end is heard (the club's
``GameOver``), and when every table of a round is over the next round is seated from the standings, until the
last. The event's own rules (how a field is cut into tables, the points by place, the standings and their
tie-breaks, who meets whom) are :mod:`.swiss`'s, pure; here is what the club does with them.

An entrant who is not at their table when its round starts has the club's grace to come (a live table), or
their deadlines (a table over days); then a bot plays their seat to the game's end (the seat is *given up*:
``Saved.given_up``): they score the last place and the game is not rated for them. Two such rounds
withdraw them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Protocol

from ..i18n.club import CUP_WORDS
from ..quoting import brief
from ..store.ratings import places
from ..store.records import open_records
from ..store.records_db import RecordsError
from ..store.tournament_points import absent
from ..table.chat import MAX_NAME_SHOWN
from ..table.seats import BOT_NAMES
from . import swiss
from .settings import Settings, read_new, settings_from

OPEN, RUNNING, OVER = "open", "running", "over"
#: The most rounds a tournament may have, the most entrants, and the most tournaments the club keeps (the
#: oldest finished ones are forgotten first: their games stay in the records).
MAX_ROUNDS, MAX_ENTRANTS, MAX_KEPT = 15, 60, 100
#: Rounds an entrant may be absent from before they are withdrawn.
ABSENT_ROUNDS = 2
#: The longest name of a tournament.
MAX_NAME = 40


@dataclass
class Entrant:
    """One entrant.

    Attributes:
        name: as the standings and the tables name them (a member's account name, a bot's name).
        key: a member's account key; ``None`` for a bot.
        level: a bot's level.
        absent: rounds they were not at their table when it started (their seat was given up).
        withdrawn: no longer seated (absent from :data:`ABSENT_ROUNDS` rounds, or left).
    """

    name: str
    key: str | None = None
    level: str | None = None
    absent: int = 0
    withdrawn: bool = False

    @property
    def bot(self) -> bool:
        return self.key is None


@dataclass
class Seated:
    """One table of a round: the club's table, its entrants in seat order, and, once it is over, each one's
    place (1 = first), score and whether they were absent (their seat given up)."""

    table: int
    names: list[str]
    places: list[int] | None = None
    scores: list[int] | None = None
    absent: list[bool] | None = None

    @property
    def over(self) -> bool:
        return self.places is not None


@dataclass
class Tournament:
    """A tournament as the club keeps it.

    Attributes:
        number: its number in the lobby (``tournament 3``).
        name: its name.
        creator: who opened it (their account's name), and ``creator_key`` their key.
        settings: what its tables play (seats: the tables' size; ``hours``: played over days; ``clock``: a
            live table's turn clock; variant; the stand-ins' and bots' level).
        rounds: how many rounds it has.
        entrants: who plays, in the order they entered.
        played: each round so far, its tables.
        stage: ``open`` (taking entrants), ``running``, ``over``.
    """

    number: int
    name: str
    creator: str
    creator_key: str
    settings: Settings
    rounds: int
    entrants: list[Entrant] = field(default_factory=list)
    played: list[list[Seated]] = field(default_factory=list)
    stage: str = OPEN

    def entrant(self, name: str) -> Entrant | None:
        folded = name.casefold()
        return next((e for e in self.entrants if e.name.casefold() == folded), None)

    def of_key(self, key: str) -> Entrant | None:
        return next((e for e in self.entrants if e.key == key), None)

    def seated_at(self, table: int) -> tuple[int, Seated] | None:
        """The round (from 1) and the table of the round that the club's table ``table`` is."""
        for index, tables in enumerate(self.played):
            for seated in tables:
                if seated.table == table:
                    return index + 1, seated
        return None

    def bot_name(self) -> str | None:
        """The name the next bot entering takes (as a table names its bots), or ``None``: every bot name is
        taken."""
        taken = {e.name.casefold() for e in self.entrants}
        return next((name for name in BOT_NAMES if name.casefold() not in taken), None)

    def kept(self) -> dict[str, Any]:
        """As the club's database keeps it."""
        return {"number": self.number, "name": self.name, "creator": self.creator, "creator_key": self.creator_key,
                "settings": asdict(self.settings), "rounds": self.rounds, "stage": self.stage,
                "entrants": [asdict(e) for e in self.entrants],
                "played": [[asdict(s) for s in tables] for tables in self.played]}


def tournament_from(kept: Mapping[str, Any]) -> Tournament:
    """A tournament as the club's database kept it, every value checked.

    Raises:
        ValueError, TypeError, KeyError: naming what is wrong (the club passes it over and says so).
    """
    number, rounds, stage = kept["number"], kept["rounds"], kept["stage"]
    if not (isinstance(number, int) and 0 < number < 10**6 and isinstance(rounds, int) and 1 <= rounds <= MAX_ROUNDS
            and stage in (OPEN, RUNNING, OVER)):
        raise ValueError(f"tournament {str(number)[:8]}: its number, rounds or stage")
    entrants = []
    for entry in list(kept["entrants"])[:MAX_ENTRANTS]:
        key, level = entry.get("key"), entry.get("level")
        if (key is None) == (level is None) or not isinstance(entry.get("absent", 0), int):
            raise ValueError(f"tournament {number}: an entrant")
        entrants.append(Entrant(brief(str(entry["name"]), MAX_NAME_SHOWN), None if key is None else str(key)[:200],
                                None if level is None else str(level)[:20], int(entry.get("absent", 0)),
                                entry.get("withdrawn") is True))
    played = []
    for tables in list(kept["played"])[:MAX_ROUNDS]:
        played.append([_seated(dict(s), len(entrants)) for s in list(tables)[:MAX_ENTRANTS]])
    settings = settings_from(dict(kept["settings"]))
    return Tournament(number, brief(str(kept["name"]), MAX_NAME), brief(str(kept["creator"]), MAX_NAME_SHOWN),
                      str(kept["creator_key"])[:200], settings, rounds, entrants, played, stage)


def _seated(kept: dict[str, Any], most: int) -> Seated:
    names = [brief(str(name), MAX_NAME_SHOWN) for name in list(kept["names"])[:5]]
    table = kept["table"]
    if not (isinstance(table, int) and 0 < table < 10**6) or not 2 <= len(names) <= min(5, max(2, most)):
        raise ValueError("a tournament's table")

    def ints(value: object) -> list[int] | None:
        if value is None:
            return None
        if not (isinstance(value, list) and len(value) == len(names) and all(type(v) is int for v in value)):
            raise ValueError("a tournament table's result")
        return list(value)
    absent = kept.get("absent")
    return Seated(table, names, ints(kept.get("places")), ints(kept.get("scores")),
                  [v is True for v in absent] if isinstance(absent, list) and len(absent) == len(names) else None)


def tournaments_from(kept: object, problems: Callable[[str], None]) -> dict[int, Tournament]:
    """The tournaments the club's database kept, by number; one that cannot be read is told to ``problems``
    (a line for the log) and passed over."""
    found: dict[int, Tournament] = {}
    for doc in (kept if isinstance(kept, list) else ())[:MAX_KEPT]:
        try:
            tournament = tournament_from(doc)
        except (ValueError, TypeError, KeyError, AttributeError) as err:
            problems(f"a tournament of the club's database cannot be read: {brief(str(err), 80)}")
            continue
        found[tournament.number] = tournament
    return found


def names_of(entrants: Iterable[Entrant]) -> list[str]:
    return [e.name for e in entrants]


def seat_specs(tournament: Tournament, names: Sequence[str]) -> list[tuple[str | None, str | None, str | None]]:
    """A table's seats for the entrants ``names``: each a name, a member's key (``None`` for a bot) and a bot's
    level."""
    specs: list[tuple[str | None, str | None, str | None]] = []
    for name in names:
        entrant = tournament.entrant(name)
        assert entrant is not None
        specs.append((entrant.name, entrant.key, entrant.level))
    return specs


# -- the club's side: what it does with its tournaments ---------------------------------------------


class Host(Protocol):
    """What the tournaments use of the club (``lobby.py``'s ``Club``)."""

    lang: str

    def keep(self, *, now: bool = True) -> None: ...

    def changed(self) -> None: ...

    def rating_of(self, name: str, key: str | None, level: str | None) -> float: ...

    def open_seated(self, settings: Settings, seats: list[tuple[str | None, str | None, str | None]],
                    tournament: dict[str, Any]) -> int | None: ...

    def table_over(self, number: int) -> bool: ...

    def tell(self, key: str, text: str, *, event: str = "", table: int | None = None, **fields: str | int) -> None: ...

    def seat_now(self, key: str, table: int) -> None: ...


class Tournaments:
    """The club's tournaments: each one's rounds seated and played at the club's tables, kept in its database.

    Args:
        club: the club.
    """

    def __init__(self, club: Host) -> None:
        self.club = club
        self.events: dict[int, Tournament] = {}
        self.next_number = 1

    # -- what members and admins do -----------------------------------------------------------------

    def new(self, name: str, creator: str, key: str, settings: Settings, rounds: int) -> Tournament:
        """A tournament opened by ``creator`` (who enters it too), taking entrants."""
        tournament = Tournament(self.next_number, brief(name, MAX_NAME), creator, key, settings, rounds,
                                [Entrant(creator, key)])
        self.next_number += 1
        self.events[tournament.number] = tournament
        self._forget_old()
        self.club.keep()
        self.club.changed()
        return tournament

    def join(self, tournament: Tournament, name: str, key: str) -> str:
        """A member enters; ``""`` or why not (a text key)."""
        if tournament.stage != OPEN:
            return "club.cup.started"
        if tournament.of_key(key) is not None:
            return "club.cup.in_already"
        if len(tournament.entrants) >= MAX_ENTRANTS:
            return "club.cup.full"
        tournament.entrants.append(Entrant(name, key))
        self._kept()
        return ""

    def leave(self, tournament: Tournament, key: str) -> str:
        """A member leaves before the start (after it: withdrawn, their results kept); ``""`` or why not."""
        entrant = tournament.of_key(key)
        if entrant is None:
            return "club.cup.not_in"
        if tournament.stage == OPEN:
            tournament.entrants.remove(entrant)
        else:
            entrant.withdrawn = True
        self._kept()
        return ""

    def add_bot(self, tournament: Tournament, level: str) -> str:
        """A bot of ``level`` enters, named as the tables name bots; ``""`` or why not."""
        if tournament.stage != OPEN:
            return "club.cup.started"
        name = tournament.bot_name()
        if name is None or len(tournament.entrants) >= MAX_ENTRANTS:
            return "club.cup.no_bots"
        tournament.entrants.append(Entrant(name, None, level))
        self._kept()
        return ""

    @staticmethod
    def startable(tournament: Tournament) -> str:
        """``""`` if it may start now, or why not (a text key)."""
        if tournament.stage != OPEN:
            return "club.cup.started"
        if sum(not e.withdrawn for e in tournament.entrants) < 2:
            return "club.cup.too_few"
        return ""

    def start(self, tournament: Tournament) -> str:
        """Its first round is seated and played; ``""`` or why not."""
        refused = self.startable(tournament)
        if refused:
            return refused
        tournament.stage = RUNNING
        self._next_round(tournament)
        return ""

    def close(self, tournament: Tournament) -> None:
        """An admin ends it now (its tables in play go on as any table; its results so far stand)."""
        tournament.stage = OVER
        self._kept()

    # -- the event ------------------------------------------------------------------------------

    def entrants_of(self, tournament: Tournament) -> list[swiss.Entrant]:
        """Its entrants as the event's rules see them (with their ratings now)."""
        return [swiss.Entrant(e.name, self.club.rating_of(e.name, e.key, e.level), e.bot)
                for e in tournament.entrants]

    def results(self, tournament: Tournament) -> list[list[list[swiss.Finish]]]:
        """Its rounds played so far, each table's finishes (a table not over yet has none)."""
        return [[[swiss.Finish(name, place, score, away) for name, place, score, away
                  in zip(s.names, s.places, s.scores or [0] * len(s.names), s.absent or [False] * len(s.names),
                         strict=True)]
                 for s in tables if s.places is not None] for tables in tournament.played]

    def standings(self, tournament: Tournament) -> list[swiss.Standing]:
        """Its standings now."""
        return swiss.standings(self.entrants_of(tournament), self.results(tournament), self._withdrawn(tournament))

    @staticmethod
    def _withdrawn(tournament: Tournament) -> list[str]:
        return [e.name for e in tournament.entrants if e.withdrawn]

    def _next_round(self, tournament: Tournament) -> None:
        """Seat its next round (or end it after its last, or when too few are left to seat)."""
        if len(tournament.played) >= tournament.rounds:
            self._over(tournament)
            return
        try:
            tables = swiss.pair_round(self.entrants_of(tournament), self.results(tournament),
                                      tournament.settings.seats, self._withdrawn(tournament))
        except ValueError:  # fewer than two left to seat
            self._over(tournament)
            return
        number = len(tournament.played) + 1
        seated: list[Seated] = []
        tournament.played.append(seated)
        for names in tables:
            table = self.club.open_seated(replace(tournament.settings, seats=len(names), bots=0),
                                          seat_specs(tournament, names),
                                          {"number": tournament.number, "name": tournament.name, "round": number})
            if table is None:  # the club could not open it: the round is played without it
                continue
            seated.append(Seated(table, list(names)))
            for name in names:
                entrant = tournament.entrant(name)
                if entrant is not None and entrant.key is not None:
                    self.club.tell(entrant.key, "club.cup.your_table", event="tournament", table=table,
                                   name=tournament.name, round=number, n=table)
                    self.club.seat_now(entrant.key, table)
        self._kept()

    def _over(self, tournament: Tournament) -> None:
        tournament.stage = OVER
        self._kept()

    def game_over(self, table: int, places: Sequence[int], scores: Sequence[int], absent: Sequence[bool]) -> None:
        """The game at the club's ``table`` is over: if it is a tournament's, its result is kept, and once every
        table of its round is over the next round is seated."""
        for tournament in self.events.values():
            found = tournament.seated_at(table)
            if found is None or tournament.stage != RUNNING:
                continue
            round_number, seated = found
            if seated.places is None and len(places) == len(seated.names):
                seated.places, seated.scores, seated.absent = list(places), list(scores), list(absent)
                self._round_done(tournament, round_number)
            return

    def table_gone(self, table: int) -> None:
        """The club's ``table`` ended without a result told (closed by an admin): its entrants are counted
        absent, sharing the last place, so that the round can end."""
        for tournament in self.events.values():
            found = tournament.seated_at(table)
            if found is None or tournament.stage != RUNNING or found[1].over:
                continue
            round_number, seated = found
            seated.places, seated.scores = [1] * len(seated.names), [0] * len(seated.names)
            seated.absent = [True] * len(seated.names)
            self._round_done(tournament, round_number)

    def _round_done(self, tournament: Tournament, round_number: int) -> None:
        if round_number == len(tournament.played) and all(s.over for s in tournament.played[-1]):
            self._next_round(tournament)
        else:
            self._kept()

    # -- what the club keeps --------------------------------------------------------------------

    def _kept(self) -> None:
        self.club.keep()
        self.club.changed()

    def _forget_old(self) -> None:
        """At most :data:`MAX_KEPT` kept: the oldest over go first."""
        over = sorted(n for n, t in self.events.items() if t.stage == OVER)
        for number in over[:max(0, len(self.events) - MAX_KEPT)]:
            del self.events[number]

    def kept(self) -> list[dict[str, Any]]:
        return [t.kept() for t in self.events.values()]

    def info_of(self, table: int) -> dict[str, Any] | None:
        """The tournament, as its save names it, of the club's ``table`` in a round still running."""
        for tournament in self.events.values():
            found = tournament.seated_at(table)
            if found is not None and tournament.stage == RUNNING:
                return {"number": tournament.number, "name": tournament.name, "round": found[0]}
        return None

    def resume(self, kept: object, problems: Callable[[str], None]) -> None:
        """Take back what the database kept; a round whose tables are all over (its last result told just
        before a crash) is followed by the next now."""
        self.events = tournaments_from(kept, problems)
        self.next_number = max([1, *(n + 1 for n in self.events)])

    def catch_up(self) -> None:
        """After a restart: a running round whose tables are gone without a result told (the club stopped
        between a table's end and keeping it) counts them as the records tell, or absent; a round all over
        is followed by the next."""
        for tournament in list(self.events.values()):
            if tournament.stage != RUNNING or not tournament.played:
                continue
            for seated in tournament.played[-1]:
                if not seated.over and self.club.table_over(seated.table):
                    found = self.recorded(tournament, len(tournament.played), seated)
                    if found is None:
                        seated.places, seated.scores = [1] * len(seated.names), [0] * len(seated.names)
                        seated.absent = [True] * len(seated.names)
                    else:
                        seated.places, seated.scores, seated.absent = found
            if all(s.over for s in tournament.played[-1]):
                self._next_round(tournament)

    @staticmethod
    def recorded(tournament: Tournament, round_number: int,
                 seated: Seated) -> tuple[list[int], list[int], list[bool]] | None:
        """What the records hold of ``seated``'s game (the tournament's round, those entrants): each seat's
        place, score and whether it was absent; ``None``: not recorded (or the records cannot be read)."""
        try:
            with open_records() as records:
                games = records.games(in_tournaments=True)
        except RecordsError:
            return None
        wanted = [name.casefold() for name in seated.names]
        for game in reversed(games):
            told = game.tournament
            if told is None or (told.number, told.round) != (tournament.number, round_number) \
                    or [seat.name.casefold() for seat in game.seats] != wanted:
                continue
            return (places(game.scores, game.winners), list(game.scores),
                    absent(list(zip(game.decisions, game.stood_in, strict=True))))
        return None


def read_tournament(words: Sequence[str]) -> tuple[str, Settings, int] | tuple[None, str, str]:
    """``tournament new NAME [rounds N] [seats 2-5] [days N | clock S] [variant] [level]`` as typed after
    ``new`` (either language): its name, what its tables play and its rounds; else ``None``, the refusal's
    text key and the word it is about."""
    if not words:
        return None, "club.cup.usage", ""
    name, rest = words[0], [w.lower() for w in words[1:]]
    if not name.strip() or not name.isprintable() or len(name) > MAX_NAME:
        return None, "club.cup.name", brief(name, 12)
    rounds, passed = 3, []
    while rest:
        word = rest.pop(0)
        meaning = CUP_WORDS.get(word)
        if meaning in ("rounds", "seats"):
            number = rest.pop(0) if rest else ""
            if not number.isdigit() or len(number) > 2:
                return None, "club.new.number", word
            if meaning == "rounds":
                rounds = int(number)
            else:
                passed.append(number)
        else:
            passed.append(word)
    if not 1 <= rounds <= MAX_ROUNDS:
        return None, "club.cup.rounds", str(rounds)
    new, refused, word = read_new(passed)
    if new is None or refused:
        return None, refused, word
    if new.invited:
        return None, "club.new.unknown", "invite"
    settings = new.settings
    if not any(word.isdigit() for word in passed):  # tables of four unless told
        settings = replace(settings, seats=4)
    return name, replace(settings, bots=0, guests=False), rounds


def tournament_doc(tournament: Tournament, standings: Sequence[swiss.Standing]) -> dict[str, Any]:
    """A tournament as ``ssh … tournament N json`` prints it (a club's web page, a chat bot): whether it is
    over, its standings in order (name, points, games, the tie-breaks), and its rounds (each a list of tables,
    each its entrants' names in seat order), with the club's table numbers beside them."""
    settings = tournament.settings
    return {
        "number": tournament.number, "name": tournament.name, "stage": tournament.stage,
        "over": tournament.stage == OVER, "round": len(tournament.played), "of": tournament.rounds,
        "seats": settings.seats, "variant": settings.variant, "hours": settings.hours, "clock": settings.clock,
        "standings": [{"name": s.name, "points": s.points, "games": s.games, "opponents_points": s.opponents_points,
                       "score_difference": round(s.score_difference, 2), "withdrawn": s.withdrawn, "bot": s.bot}
                      for s in standings],
        "rounds": [[list(seated.names) for seated in tables] for tables in tournament.played],
        "tables": [[seated.table for seated in tables] for tables in tournament.played],
    }
