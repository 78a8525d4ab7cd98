"""Who is at the club, and the tables they sit at: a :class:`Visitor` each (an account's name, or a guest's),
and a :class:`ClubTable` (open while people sit down, then a room that plays wherever it runs); how a
visitor's key is their account.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..store.save_document import Seat
from .settings import Settings
from .tables import TableLink

OPEN = "open"
#: How a guest's one-time key begins: a guest has no account (their games are rated by name).
GUEST = "guest:"
#: How an account begins in the records, the ratings and a save: ``key:`` and the key's fingerprint.
ACCOUNT = "key:"


def guest_key() -> str:
    """A guest's key for one visit: nobody else's, and no account."""
    return f"{GUEST}{secrets.token_hex(8)}"


def account_of(key: str) -> str | None:
    """The account a visitor's key is in the records and ratings, ``key:`` and the key's fingerprint (one
    key, one account name, for good: see ``store/accounts.py``), or ``None`` for a guest."""
    return None if key.startswith(GUEST) else f"{ACCOUNT}{key}"


def account_key(account: str | None) -> str | None:
    """The key of an account as the records name it (:func:`account_of` the other way round); ``None`` for
    none (a bot, a guest)."""
    return account.removeprefix(ACCOUNT) if account is not None and account.startswith(ACCOUNT) else None


def seat_accounts(seats: Sequence[Seat], owners: dict[str, str]) -> list[str | None] | None:
    """Per seat, the account of its owner (``owners``: casefolded name to key); ``None`` where none has one."""
    accounts = [None if seat.is_bot else account_of(owners.get(seat.name.casefold(), GUEST)) for seat in seats]
    return accounts if any(accounts) else None


def owners_of(seats: Sequence[Seat], accounts: Sequence[str | None] | None) -> dict[str, str]:
    """The owners of ``seats`` (casefolded name to key) whose ``accounts`` a save kept (:func:`seat_accounts`
    the other way round): a guest's seat, whose key lasted one visit, is nobody's any more."""
    return {seat.name.casefold(): account.removeprefix(ACCOUNT)
            for seat, account in zip(seats, accounts or [None] * len(seats), strict=True)
            if account is not None and account.startswith(ACCOUNT)}


class Lobbyist(Protocol):
    """A person's screen in the lobby."""

    def refresh(self) -> None:
        """Something in the lobby changed: draw again."""

    def seated(self, table: ClubTable) -> None:
        """The table this person sits at has started: go to it."""

    def close(self, reason: str) -> None:
        """Leave the club (``elsewhere``: the same account logged in again; ``banned``; ``stopped``)."""

    def say(self, message: str) -> None:
        """A line under the lobby, for this person only."""


@dataclass(eq=False)
class Visitor:
    """A person online at the club.

    Attributes:
        name: the account's name, or the guest's.
        key: who they are to the tables: the key they logged in with, or a guest's one-time token.
        guest: logged in with the club's code, without a key.
        admin: may close tables and ban keys.
        screen: their lobby screen.
        waits_at: the open table they sat down at, waiting for its start.
        at: the number of the table they are at (playing or watching), while they are there.
        lang: the language of their session (``en``, ``de``).
    """

    name: str
    key: str
    guest: bool = False
    admin: bool = False
    screen: Lobbyist | None = None
    waits_at: ClubTable | None = None
    at: int | None = None
    lang: str = "en"


@dataclass(eq=False)
class ClubTable:
    """A table of the club: open (people sitting down), then a room that plays.

    Attributes:
        number: its number in the lobby.
        settings: what it plays.
        opener: who opened it (may ``start`` it while it is open).
        waiting: before the start, the people seated, the opener first.
        room: from the start on, its room as the club sees it (wherever it plays, and asleep too).
        owners: the name and key of each person's seat (the room's chairs belong to them).
        invited: before the start, the accounts invited who have not come yet (a seat kept for each).
        declined: the names of those who turned their invitation down.
        private: only those invited see it and sit at it.
        tournament: a tournament's table: its number, name and round (as its save and the records keep them).
    """

    number: int
    settings: Settings
    opener: str
    waiting: list[Visitor] = field(default_factory=list)
    room: TableLink | None = None
    owners: dict[str, str] = field(default_factory=dict)
    invited: list[Visitor] = field(default_factory=list)
    declined: list[str] = field(default_factory=list)
    private: bool = False
    tournament: dict[str, Any] | None = None

    @property
    def stage(self) -> str:
        """``open``, or its room's stage (``waiting``, ``playing``, ``scores``, ``over``)."""
        return self.room.stage if self.room is not None else OPEN

    def people(self) -> list[str]:
        """The people's names at its seats."""
        if self.room is None:
            return [v.name for v in self.waiting]
        return list(self.room.people)

    def bots(self) -> int:
        """The seats bots play (before the start: those they take from the start)."""
        if self.room is None:
            return self.settings.bots
        return self.room.bots

    def free(self) -> int:
        """Seats still open for people (a seat kept for someone invited is not)."""
        if self.room is not None:
            return 0
        return self.settings.seats - self.settings.bots - len(self.waiting) - len(self.invited)

    def waits_for(self, visitor: Visitor) -> Visitor | None:
        """``visitor``'s seat while it is open (by account: at a table played over days it is kept, whether or
        not they are online), else ``None``."""
        return next((v for v in self.waiting if v is visitor or (not visitor.guest and v.key == visitor.key)), None)

    def shown_to(self, visitor: Visitor) -> bool:
        """Whether the lobby lists it to ``visitor``: a private table only to its people, those invited, and the
        club's admins."""
        return not self.private or visitor.admin or self.seated(visitor.name) \
            or any(p.key == visitor.key for p in self.invited) or visitor.key in self.owners.values()

    def watchers(self) -> int:
        """How many watch it."""
        return self.room.watchers if self.room is not None else 0

    def seated(self, name: str) -> bool:
        """Whether ``name`` has a seat here (in any case)."""
        return name.casefold() in (n.casefold() for n in self.people())
