"""What a club's table plays (:class:`Settings`), as ``new`` reads it in either language."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from ..engine.rules import VARIANTS
from ..i18n.club import NEW_WORDS
from ..languages import level_named, variant_named
from ..levels import LEVELS

#: The longest turn clock, and the longest match, a table may ask for.
MAX_CLOCK, MAX_GAMES = 3600, 9
#: The most hours a decision at a table played over days may take (two weeks).
MAX_HOURS = 14 * 24
#: The most people one ``new … invite`` names.
MAX_INVITED = 4


@dataclass(frozen=True)
class Settings:
    """What a table plays.

    Attributes:
        seats: 2 to 5.
        bots: seats a bot takes from the start (the rest wait for people; ``start`` gives them bots too).
        level: the bots' level.
        variant: ``base``, ``advanced`` or ``expert``.
        duel: whether two players duel (with the shadow display).
        games: the match's length in games.
        clock: the turn clock, seconds a person has for a decision (0: none).
        guests: whether guests (logins without a key) may sit here.
        hours: a table played over days (turn-based): the hours each decision may take (0: a live table).
    """

    seats: int = 4
    bots: int = 0
    level: str = "normal"
    variant: str = "base"
    duel: bool = True
    games: int = 1
    clock: int = 0
    guests: bool = True
    hours: int = 0

    @property
    def turn_based(self) -> bool:
        """Whether the table is played over days: each decision when it suits its person, within ``hours``."""
        return self.hours > 0


@dataclass(frozen=True)
class NewTable:
    """What ``new`` was told: the table's settings, and whom its opener invites (names as typed)."""

    settings: Settings
    invited: tuple[str, ...] = ()


def read_new(words: Sequence[str]) -> tuple[NewTable | None, str, str]:
    """What ``new`` was given (``new 3 bots 1 advanced clock 60``, ``new 3 days 2 invite bea,cy``, in either
    language); else ``None``, the refusal's text key and the word it is about."""
    found: dict[str, Any] = {}
    invited: list[str] = []
    todo = [w.lower() for w in words]
    typed = list(words)
    while todo:
        word = todo.pop(0)
        shown = typed.pop(0)
        meaning = NEW_WORDS.get(word)
        if word.isdigit() and len(word) < 3:
            found["seats"] = int(word)
        elif variant_named(word) in VARIANTS:
            found["variant"] = variant_named(word)
        elif level_named(word) in LEVELS:
            found["level"] = level_named(word)
        elif meaning in ("duel", "noduel", "guests", "noguests"):
            found[meaning.removeprefix("no") if meaning.startswith("no") else meaning] = not meaning.startswith("no")
        elif meaning == "invite":
            if not todo:
                return None, "club.new.invite", shown
            listed = [typed.pop(0)]
            todo.pop(0)
            while todo and (listed[-1].endswith(",") or todo[0].startswith(",")):  # invite bea, cy
                listed.append(typed.pop(0))
                todo.pop(0)
            names = [name.strip() for name in ",".join(listed).split(",") if name.strip()]
            invited += [name for name in names if name.casefold() not in {n.casefold() for n in invited}]
            if not names or len(invited) > MAX_INVITED:
                return None, "club.new.invite", shown
        elif meaning in ("bots", "games", "clock", "days", "hours"):
            number = todo.pop(0) if todo else ""
            typed = typed[1:]
            if not (number.isdigit() and len(number) < 5):
                return None, "club.new.number", word
            found["hours" if meaning == "days" else meaning] = int(number) * (24 if meaning == "days" else 1)
        else:
            return None, "club.new.unknown", shown
    if found.get("hours"):
        found.setdefault("guests", False)  # a guest's key lasts one visit: it cannot come back days later
    if invited and "seats" not in found:  # the opener, whom they invite, and the bots asked for
        found["seats"] = max(2, 1 + len(invited) + int(found.get("bots", 0)))
    settings = Settings(**found)
    problem, word = settings_problem(settings)
    return NewTable(settings, tuple(invited)), problem, word


def settings_problem(settings: Settings) -> tuple[str, str]:
    """What is wrong with ``settings`` (a text key and the value it is about), or ``("", "")``."""
    if not 2 <= settings.seats <= 5:
        return "club.new.seats", str(settings.seats)
    if not 0 <= settings.bots < settings.seats:
        return "club.new.bots", str(settings.bots)
    if not 1 <= settings.games <= MAX_GAMES:
        return "club.new.games", str(settings.games)
    if settings.clock and not 10 <= settings.clock <= MAX_CLOCK:
        return "club.new.clock", str(settings.clock)
    if not 0 <= settings.hours <= MAX_HOURS:
        return "club.new.hours", str(settings.hours)
    if settings.hours and settings.clock:
        return "club.new.clock_or_days", str(settings.clock)
    if settings.hours and settings.guests:
        return "club.new.guests_days", ""
    return "", ""


def settings_from(kept: Mapping[str, object]) -> Settings:
    """The settings a file kept (the club's database, a table's save): every one of the right kind and within
    bounds; a setting a newer club knows and this one does not is left out.

    Raises:
        ValueError: naming the first setting that is not one a table can have.
    """
    found: dict[str, Any] = {}
    for field in fields(Settings):
        if field.name not in kept:
            continue
        value = kept[field.name]
        kind = type(getattr(Settings(), field.name))
        if type(value) is not kind or (field.name == "level" and value not in LEVELS) \
                or (field.name == "variant" and value not in VARIANTS):
            raise ValueError(f"the setting {field.name} cannot be {str(value)[:20]!r}")
        found[field.name] = value
    settings = Settings(**found)
    problem, value = settings_problem(settings)
    if problem:
        raise ValueError(f"the settings ({problem.rsplit('.', 1)[-1]} cannot be {value})")
    return settings


@functools.lru_cache(maxsize=1024)
def kept_settings(settings: Settings) -> dict[str, Any]:
    """``settings`` as the club's database keeps them: made once for all the tables that play the same (a
    thousand tables' made anew at each change were a tenth of its cost); shared, so never changed."""
    return asdict(settings)
