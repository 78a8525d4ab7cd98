"""The club's tables found again from their saves alone, for when its registry of tables (its database) is
lost.

Every table in play has its save in the club's folder, and the save knows the table: its seats (people and
bots), each person's account, what it plays, and, in its ``club`` (docs/save-format.md), the table's number,
its opener and its settings. :func:`registry_from_saves` makes of them the registry the club would have
kept, in the very form it keeps one (:meth:`~.club.Club.resume` reads either): one path resumes a table,
whichever told of it. What a registry alone knew is lost with it: the tables' chats, the tables still
waiting for people (no save yet), the admins' mutes. This is the one place that knows how a table is found
again from its save, wherever the club comes to keep its registry.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..store.save_document import Saved, SaveError
from ..store.saves import read_save
from .registry import save_names
from .settings import Settings
from .visitors import owners_of


def registry_from_saves(directory: Path) -> dict[str, Any]:
    """The registry of the unfinished tables whose saves are in ``directory``, oldest save first.

    A table takes the number its save gives, unless an older save took it (a table closed by an admin and
    never set aside, say): then it takes the next free one, as does a save from before saves gave one. A
    save that cannot be read, or one finished (the records take it, see ``store/journal.py``), is no table.
    """
    found: list[tuple[Saved, str]] = []
    for name in sorted(save_names(directory)):
        try:
            saved = read_save(directory / name)
        except SaveError:  # no save that plays: no table (it goes to orphans/ with any other)
            continue
        if not saved.finished:
            found.append((saved, name))
    numbers: dict[str, int] = {}
    for saved, name in found:
        wanted = saved.club["table"] if saved.club is not None else None
        if wanted is not None and wanted not in numbers.values():
            numbers[name] = wanted
    free = max(numbers.values(), default=0) + 1
    tables = []
    for saved, name in found:
        if name not in numbers:
            numbers[name], free = free, free + 1
        tables.append({"number": numbers[name], "settings": _settings_of(saved), "opener": _opener_of(saved),
                       "save": name, "owners": owners_of(saved.seats, saved.accounts)})
    return {"next": free, "tables": tables}


def _settings_of(saved: Saved) -> dict[str, Any]:
    """What the table of ``saved`` plays: as its save kept it, or, for a save from before saves kept it, as
    far as its match says (the seats, its bots and their level, the variant, the duel, the match's length;
    no turn clock, guests welcome: what ``new`` gives unless told otherwise)."""
    if saved.club is not None:
        return dict(saved.club["settings"])
    rules = saved.match.rules
    bots = [seat.bot for seat in saved.seats if seat.bot is not None]
    return asdict(Settings(seats=rules.players, bots=min(len(bots), rules.players - 1),
                           level=bots[0] if bots else Settings.level, variant=rules.variant,
                           duel=bool(rules.duel) if rules.players == 2 else Settings.duel,
                           games=saved.match.games))


def _opener_of(saved: Saved) -> str:
    """Who opened the table of ``saved``: as its save kept it, else the first person at it."""
    if saved.club is not None:
        return str(saved.club["opener"])
    return next((seat.name for seat in saved.seats if not seat.is_bot), "")
