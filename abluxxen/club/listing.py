"""Who each of the lobby's tables concerns, made once for each change of the lobby.

Every lobby screen lists the tables shown to its person, marks those they sit at and says where a seat
waits for them. Asked of every table by every screen, that was most of a change's cost in a club of 1,000
tables played over days (each change drew each lobby screen, each went through every table four times):
now one pass over the tables serves every screen until the lobby changes again (``Club.version``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..table.room import OVER
from .visitors import ClubTable, Visitor


def _person(name: str) -> str:
    return "name:" + name.casefold()


def _account(key: str) -> str:
    return "key:" + key


@dataclass
class Listing:
    """The club's tables by whom they concern, as they were at lobby version :attr:`version`."""

    version: int
    #: A table's number by who sits there (their name in any case).
    seated: dict[str, list[int]] = field(default_factory=dict)
    #: The private tables by who may see them (their seats' names, the invited's and owners' account keys).
    private: dict[str, list[int]] = field(default_factory=dict)
    #: The tables everybody sees, and every private one (the admins see them all).
    public: list[int] = field(default_factory=list)
    every_private: list[int] = field(default_factory=list)
    #: The first live table in play that waits for an account that left it: by (name in any case, key).
    away: dict[tuple[str, str], int] = field(default_factory=dict)

    @classmethod
    def of(cls, version: int, tables: Iterable[ClubTable]) -> Listing:
        """The listing of ``tables`` (in the lobby's order)."""
        listing = cls(version)
        for table in tables:
            number, people = table.number, table.people()
            for name in people:
                numbers = listing.seated.setdefault(_person(name), [])
                if not numbers or numbers[-1] != number:
                    numbers.append(number)
            if table.private:
                listing.every_private.append(number)
                viewers = {_person(name) for name in people}
                viewers.update(_account(p.key) for p in table.invited)
                viewers.update(_account(key) for key in table.owners.values())
                for viewer in viewers:
                    listing.private.setdefault(viewer, []).append(number)
            else:
                listing.public.append(number)
            if table.room is not None and table.stage != OVER and not table.settings.turn_based:
                for name, key in table.owners.items():
                    listing.away.setdefault((name, key), number)
        return listing

    def mine(self, visitor: Visitor) -> list[int]:
        """The tables ``visitor`` sits at."""
        return self.seated.get(_person(visitor.name), [])

    def shown(self, visitor: Visitor) -> list[int]:
        """The private tables the lobby lists to ``visitor``."""
        if visitor.admin:
            return self.every_private
        seen = set(self.private.get(_person(visitor.name), ())) | set(self.private.get(_account(visitor.key), ()))
        return sorted(seen)

    def listed(self, visitor: Visitor, tables: Mapping[int, ClubTable]) -> list[ClubTable]:
        """The tables the lobby lists to ``visitor``, in the lobby's order."""
        numbers = sorted([*self.public, *self.shown(visitor)])
        return [tables[number] for number in numbers if number in tables]

    def away_at(self, visitor: Visitor) -> int | None:
        """The first live table in play that waits for ``visitor`` (their seat kept while they are away)."""
        return self.away.get((visitor.name.casefold(), visitor.key))
