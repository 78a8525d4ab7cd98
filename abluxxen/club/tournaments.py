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
from dataclasses import asdict, dataclass, field
from typing import Any

from ..quoting import brief
from ..table.chat import MAX_NAME_SHOWN
from ..table.seats import BOT_NAMES
from .settings import Settings, settings_from

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
