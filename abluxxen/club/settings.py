"""What a club's table plays (:class:`Settings`), as ``new`` reads it in either language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from ..engine.rules import VARIANTS
from ..i18n.club import NEW_WORDS
from ..languages import level_named, variant_named
from ..levels import LEVELS

#: The longest turn clock, and the longest match, a table may ask for.
MAX_CLOCK, MAX_GAMES = 3600, 9


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


def read_settings(words: Sequence[str]) -> tuple[Settings | None, str, str]:
    """The settings ``new`` was given (``new 3 bots 1 advanced clock 60``, in either language); else
    ``None``, the refusal's text key and the word it is about."""
    found: dict[str, Any] = {}
    todo = [w.lower() for w in words]
    while todo:
        word = todo.pop(0)
        meaning = NEW_WORDS.get(word)
        if word.isdigit() and len(word) < 3:
            found["seats"] = int(word)
        elif variant_named(word) in VARIANTS:
            found["variant"] = variant_named(word)
        elif level_named(word) in LEVELS:
            found["level"] = level_named(word)
        elif meaning in ("duel", "noduel", "guests", "noguests"):
            found[meaning.removeprefix("no") if meaning.startswith("no") else meaning] = not meaning.startswith("no")
        elif meaning in ("bots", "games", "clock"):
            number = todo.pop(0) if todo else ""
            if not (number.isdigit() and len(number) < 5):
                return None, "club.new.number", word
            found[meaning] = int(number)
        else:
            return None, "club.new.unknown", word
    settings = Settings(**found)
    return settings, *settings_problem(settings)


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
