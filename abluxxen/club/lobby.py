"""The club: people in a lobby, and the tables they open, join and watch, on one event loop.

A :class:`Club` knows who is online (a :class:`Visitor` each: an account's
name, or a guest's), the lobby's chat, and its tables. A table
(:class:`ClubTable`) is *open* while people sit down at it in the lobby; it
starts when its seats are full or when its opener starts it (bots fill the
rest): then it becomes a :class:`~abluxxen.table.room.Room` with a
:class:`~abluxxen.table.table.Table` and a save in the club's folder, and
plays exactly as a hosted table does (grace, stand-in bots, watchers, chat,
the turn clock, a rematch). Its people's lobby screens are told to go there
(:meth:`Lobbyist.seated`).

The club keeps its unfinished tables, its chat, its mutes and its admins' orders in its database
(``state.sqlite3``, ``club/state.py``) beside the tables' saves, so that a restarted club resumes every
table (:meth:`Club.resume`); a folder of an older club, with ``club.json``, is upgraded at its first start.
Nothing here knows a terminal: the lobby's screen is ``club/screens.py``'s.
"""

from __future__ import annotations

import asyncio
import math
import os
import time
from collections.abc import Callable, Sequence
from contextvars import Context
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from ..engine.match import Match
from ..engine.rules import Rules
from ..engine.seeds import new_seed
from ..i18n.tr import Tr
from ..quoting import brief, one_line
from ..store.accounts import Accounts
from ..store.ratings import BASE, Placing, Rating, Ratings, fingerprint, recorded_ratings
from ..store.records import open_records
from ..store.records_db import RecordsError
from ..store.save_document import Saved, SaveError
from ..store.save_lock import SaveLock
from ..store.saves import new_save_path, read_save, write_save
from ..table.chat import CHAT_KEPT, MAX_LINE, MAX_NAME_SHOWN, Chat, Said
from ..table.room import OVER, PLAYING, SCORES, WAITING
from ..table.seats import SeatError, seats_of
from ..table.table import start_event
from . import messages
from .listing import Listing
from .messages import Event, GameOver, Missed, Over, Play, Recorded, Stage, Turn
from .notify import MAX_TEXT, Notifier
from .people import Person, clean_contact, people_from
from .rebuild import registry_from_saves
from .registry import CLUB_FILE, ORPHANS, ClubFile, Damaged, RegistryError, kept_aside, set_aside_orphans
from .settings import NewTable, Settings, kept_settings, settings_from
from .state import OPEN, STATE_FILE, ClubState
from .tables import TableLink
from .tournaments import Tournaments
from .visitors import ClubTable, Visitor, account_key, account_of, seat_accounts

#: Tables one account may have unfinished at once (open, or playing with them seated).
MAX_TABLES_EACH = 3
#: Tables the club holds at once, whoever opened them (live ones; those played over days sleep while nobody
#: is at them, and the club holds far more of them).
MAX_TABLES = 200
#: Tables played over days one account may have unfinished at once (beside its live ones), and the club.
MAX_DAY_TABLES_EACH, MAX_DAY_TABLES = 20, 20_000
#: A decision at a table played over days that fell due while the club was down has at least this long
#: (seconds) after the club is back.
DOWN_GRACE = 3600.0
#: How long before a deadline at a table played over days its person is told it is near (seconds).
DEADLINE_NEAR = 12 * 3600.0
#: How often the club keeps the time in its database while it runs (seconds): a restart after a crash gives the
#: time it was down back to every deadline, give or take this.
HEARTBEAT = 300.0
#: How long an admin's ``mute NAME`` mutes when no minutes are given, and the longest mute (a week).
MUTE_MINUTES, MAX_MUTE = 10, 7 * 24 * 60
#: The least time (seconds) from a change in the lobby to the lobby screens drawing it, so that a burst
#: of changes is drawn once; a person's own screen draws what they did at once.
LOBBY_PAUSE = 0.2
#: About what drawing one lobby screen again costs the club (seconds of its time: a thousand lobbies take
#: about a second, ``benchmarks/club_load.py --idle 1000``), and the most of its time the lobby screens
#: may take: with a thousand people in the lobby, they are drawn every two seconds.
LOBBY_DRAW, LOBBY_SHARE = 0.001, 0.5
#: What ``club.json`` is renamed to once a first start took it into the database (kept, never deleted).
UPGRADED = ".upgraded"
#: How the club's database marks a seat kept for someone invited, and a name that declined (beside those seated).
INVITED, DECLINED = 1, 2


@dataclass(frozen=True)
class Rebuilt:
    """A start that found the club's tables damaged (its database, or an older club's ``club.json``): set
    aside, and the tables rebuilt from their saves.

    Attributes:
        damage: what was wrong with it.
        aside: where it was set aside.
        tables: how many tables were rebuilt (and resumed).
        file: the file's name (``state.sqlite3``, ``club.json``).
    """

    damage: Damaged
    aside: Path
    tables: int
    file: str = STATE_FILE


class Elsewhere(Protocol):
    """Where a club's tables play: its workers (``club/workers.py``: worker processes, or the club's own
    process serving the same frames)."""

    def play(self, table: TableLink, play: Play) -> None:
        """Play ``table`` as ``play`` says (from its save, its accounts in it); its events go to it."""

    def stop(self) -> None:
        """The club stops: every table stops, its save kept."""


def _ratings_of() -> tuple[Ratings, int | None]:
    """The ratings of the records the club's tables write (the data directory's, as every table's), and the
    number of the last game they take (``None``: games were recorded while reading, which it is not sure)."""
    with open_records() as records:
        before = records.basis(fingerprint()).last
        ratings = recorded_ratings(records)
        last = records.basis(fingerprint()).last
    return ratings, last if last == before else None


class Club:
    """The club's lobby and tables.

    Args:
        directory: the folder of the tables' saves and the club's database.
        accounts: the accounts (an admin's ``ban`` bans a key there).
        grace: how long a dropped person's seat waits before a bot stands in (seconds).
        delay: the pause after each bot move.
        lang: the language the tables' saves are written for.
        clock: monotonic seconds (tests pass their own).
        wall: the calendar's seconds (Unix time), in which the database keeps when a mute ends: the monotonic
            clock starts anew with the process.
        on_event: told what is worth the club's log, as a text key and its fields.
        elsewhere: where the tables play (its workers), through which every person visits a table.
        notifier: the operator's ``--notify`` command, which tells people who are away (:meth:`tell_away`);
            ``None``: nobody is told.
    """

    def __init__(self, directory: Path, accounts: Accounts, *, elsewhere: Elsewhere, grace: float = 120.0,
                 delay: float = 0.6, lang: str = "en", clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time,
                 on_event: Callable[[str, dict[str, object]], None] | None = None,
                 notifier: Notifier | None = None) -> None:
        self.directory = directory
        self.elsewhere = elsewhere
        # The ratings of the records: read once (off the event loop), then each game the tables tell of added
        # to them (:meth:`rated`); ``rated_to`` is the last game in the records they take (``None``: not sure).
        self.ratings = Ratings()
        self.rated_to: int | None = None
        self._rating: asyncio.Task[None] | None = None
        self._rate_again = False
        self.accounts = accounts
        self.grace = grace
        self.delay = delay
        self.lang = lang
        self.clock = clock
        self.wall = wall
        self.on_event = on_event or (lambda key, fields: None)
        self.visitors: dict[str, Visitor] = {}
        self.tables: dict[int, ClubTable] = {}
        self.talk = Chat(clock)
        self.version = 0
        self._listing: Listing | None = None
        self.next_number = 1
        self._rated_first = False
        self._alarm_set: asyncio.TimerHandle | None = None  # when the next sleeping table wakes
        self._heart: asyncio.TimerHandle | None = None  # when the club next says it is alive (see _beat)
        # At tables played over days, the decision (seat, since when) each table's person was last told of, and
        # the one they were told was near its deadline.
        self._told_turns: dict[int, tuple[int | None, float]] = {}
        self._warned: dict[int, tuple[int | None, float]] = {}
        self.down = 0.0  # how long the club was down before this start (seconds; see resume)
        self._lobbies_due: asyncio.TimerHandle | None = None
        self.stopping = False  # the club closes: its tables stop, and stay in its database to be resumed
        self.state = ClubState(directory, lambda key, fields: self.on_event(key, fields))
        self.muted_by: dict[str, str] = {}  # the admin who muted each name (casefolded), kept with the mute
        self.people: dict[str, Person] = {}  # what the club remembers of each account between visits, by key
        self.cups = Tournaments(self)
        self.notifier = notifier
        self.orphans: list[str] = []  # the saves set aside at the start (see resume)
        self.rebuilt: Rebuilt | None = None  # the start found the club's tables damaged (see resume)
        self.upgraded: Path | None = None  # where the start kept an older club's club.json (see resume)

    # -- who is here ---------------------------------------------------------------------

    def come(self, visitor: Visitor) -> str:
        """``visitor`` arrives in the lobby; ``""``, or why not (a text key). An account's older session
        is closed (the same person logged in again); a guest may not take the name of someone online."""
        folded = visitor.name.casefold()
        there = self.visitors.get(folded)
        if there is not None and (visitor.guest or there.guest or there.key != visitor.key):
            return "club.name_online"
        if there is not None and there.screen is not None:
            self.go(there)
            there.screen.close("elsewhere")
        self.visitors[folded] = visitor
        self._remember(visitor)
        self.news(visitor)
        self._seat_again(visitor)
        self._rate_first()
        self.changed()
        return ""

    def _remember(self, visitor: Visitor, *, leaving: bool = False) -> None:
        """An account's name and language as the club remembers them between visits (and, ``leaving``, when it
        was last seen): what it is told in while away."""
        if visitor.guest:
            return
        person = self.people.get(visitor.key)
        if person is None:
            person = self.people[visitor.key] = Person(visitor.key, visitor.name)
        person.name, person.lang = visitor.name, visitor.lang
        if leaving:
            person.seen = self.wall()
        self.keep()

    def news(self, visitor: Visitor) -> None:
        """What the club kept to tell ``visitor`` while they were away (an invitation, a deadline missed, a game
        over), on their lobby screen now, newest last; then forgotten."""
        person = self.people.get(visitor.key) if not visitor.guest else None
        if person is None or not person.news or visitor.screen is None:
            return
        tr = Tr(visitor.lang)
        # Not "your move at table N": where it is still their move, the lobby's first words say so, with what
        # happened and the time left (LobbyScreen.moves_note); where it is no more, it is no news.
        news = [(key, fields) for key, fields in person.news if key != "club.news.your_move" and tr.knows(key)]
        if news:
            visitor.screen.say("\n".join(tr(key, **fields) for key, fields in news))
        person.news = []
        self.keep()

    def _seat_again(self, visitor: Visitor) -> None:
        """An account back after a restart takes its waiting seat again (kept in the club's database)."""
        if visitor.guest:
            return
        for table in self.tables.values():
            if table.settings.turn_based:  # seats kept by account, whoever is online: nobody waits there
                continue
            for i, waiting in enumerate(table.waiting):
                if waiting.key == visitor.key and waiting is not visitor and waiting.screen is None:
                    table.waiting[i] = visitor
                    visitor.waits_at = table
                    if table.opener.casefold() == visitor.name.casefold():
                        table.opener = visitor.name

    def go(self, visitor: Visitor) -> None:
        """``visitor`` leaves the club (their seats at playing tables wait for them, as any dropped seat)."""
        self.leave(visitor)
        if self.visitors.get(visitor.name.casefold()) is visitor:
            del self.visitors[visitor.name.casefold()]
            self._remember(visitor, leaving=True)
        self.changed()

    def online(self) -> list[Visitor]:
        """Everyone online, by name."""
        return sorted(self.visitors.values(), key=lambda v: v.name.casefold())

    def listing(self) -> Listing:
        """Who each table concerns, as the lobby is now (made again only after it changed)."""
        if self._listing is None or self._listing.version != self.version:
            self._listing = Listing.of(self.version, self.tables.values())
        return self._listing

    def changed(self) -> None:
        """The lobby changed: every lobby screen draws again, soon (:meth:`lobby_pause`): whatever else
        changes meanwhile (a burst of people arriving, say) is drawn with it, once."""
        self.version += 1
        if self._lobbies_due is not None:
            return
        try:
            self._lobbies_due = asyncio.get_running_loop().call_later(self.lobby_pause(), self._draw_lobbies)
        except RuntimeError:  # no event loop runs: no screen can draw but now
            self._draw_lobbies()

    def lobby_pause(self) -> float:
        """Seconds between a change and the lobby screens drawing it: :data:`LOBBY_PAUSE`, or longer when
        so many people are in the lobby that drawing every screen oftener would take more than
        :data:`LOBBY_SHARE` of the club's time (a screen costs about :data:`LOBBY_DRAW`)."""
        screens = sum(visitor.screen is not None for visitor in self.visitors.values())
        return max(LOBBY_PAUSE, screens * LOBBY_DRAW / LOBBY_SHARE)

    def _draw_lobbies(self) -> None:
        self._lobbies_due = None
        for visitor in list(self.visitors.values()):
            if visitor.screen is not None:
                visitor.screen.refresh()

    def _rate_first(self) -> None:
        if not self._rated_first:
            self._rated_first = True
            self.rate()

    # -- telling people who are away ------------------------------------------------------------

    def tell_away(self, key: str, event: str, table: int | None, text_key: str, **fields: object) -> None:
        """Tell the account ``key`` of ``event`` (one of :data:`~.notify.EVENTS`, at ``table``) through the
        operator's ``--notify`` command: the text ``text_key`` with ``fields``, in the account's language, made one
        line. Nothing without a notifier, for an account the club does not know or one that turned ``notify``
        off, or once the club stops. The texts are public words: never a card of a hand."""
        person = self.people.get(key)
        if self.notifier is None or person is None or not person.notify or self.stopping:
            return
        self.notifier.tell(person, event, table, one_line(Tr(person.lang)(text_key, **fields), MAX_TEXT))

    def set_contact(self, visitor: Visitor, text: str) -> Person | None:
        """``visitor``'s contact for the ``--notify`` command (``""``: none), kept at once; the person as kept
        (``None`` for a guest, who has no account)."""
        if visitor.guest:
            return None
        person = self.people.setdefault(visitor.key, Person(visitor.key, visitor.name))
        person.contact = clean_contact(text)
        self.keep()
        return person

    def set_notify(self, visitor: Visitor, on: bool) -> Person | None:
        """Whether ``visitor`` is told when away, kept at once; the person as kept (``None`` for a guest)."""
        if visitor.guest:
            return None
        person = self.people.setdefault(visitor.key, Person(visitor.key, visitor.name))
        person.notify = on
        self.keep()
        return person

    # -- ratings -------------------------------------------------------------------------

    def rate(self) -> None:
        """Read the ratings (at the start, or when a game told of cannot be added: see :meth:`rated`): off
        the event loop, one reading at a time, and once more when asked while reading; the lobby shows them
        when done."""
        if self._rating is not None and not self._rating.done():
            self._rate_again = True
            return
        self._rate_again = False
        self._rating = asyncio.get_running_loop().create_task(self._read_ratings(), context=Context())

    async def _read_ratings(self) -> None:
        try:
            self.ratings, self.rated_to = await asyncio.to_thread(_ratings_of)
        except RecordsError as err:
            self.on_event("club.log.not_rated", {"error": str(err)})
        self.changed()
        if self._rate_again and not self.stopping:
            self._rate_again = False
            self._rating = asyncio.get_running_loop().create_task(self._read_ratings(), context=Context())

    def rating(self, visitor: Visitor) -> Rating | None:
        """``visitor``'s rating: an account's (a guest has none shown), ``None`` before a rated game."""
        account = account_of(visitor.key)
        return None if account is None else self.ratings.person(visitor.name, account)

    def top(self, count: int | None = None) -> list[Rating]:
        """The club's best rated accounts (``count`` of them, or all), highest first, with the bot levels
        among them where their ratings put them."""
        people = [p for p in self.ratings.people() if p.is_account][:count]
        return sorted(people + self.ratings.bots(), key=lambda p: (-p.points, p.bot is None, p.name.casefold()))

    def rated(self, game: GameOver) -> None:
        """A game the club's tables recorded, added to the ratings as it was told (no reading of the
        records): the very ratings a reading would give, as long as it is the next game in the records
        after those the ratings take. Else (a game another process recorded meanwhile, or one told out of
        order) the records are read again."""
        reading = self._rating is not None and not self._rating.done()
        if self.rated_to is not None and not reading and game.record <= self.rated_to:
            return  # a game told again (a score screen resumed): it is in already
        if self.rated_to is None or reading or game.record != self.rated_to + 1:
            self.rate()
            return
        self.ratings.add([Placing(*placing) for placing in game.rated])
        self.rated_to = game.record
        self.changed()

    def say(self, visitor: Visitor, text: str) -> str:
        """A line of the lobby's chat (see :class:`~abluxxen.table.chat.Chat`); ``""`` or why not."""
        refused = self.talk.say(visitor.name, text, watching=visitor.guest)
        if not refused:
            self.changed()
            self.keep(now=False)
        return refused

    # -- tables --------------------------------------------------------------------------

    def open_table(self, visitor: Visitor, settings: Settings | NewTable) -> str:
        """``visitor`` opens a table and sits at it (and invites the people ``NewTable`` names: their seats are
        kept for them, and nobody else sees or joins it); ``""`` or why not (a text key; with its name, for an
        invitation that cannot be made: see :meth:`invitees`)."""
        new = settings if isinstance(settings, NewTable) else NewTable(settings)
        settings = new.settings
        if settings.turn_based:
            if self.day_tables_of(visitor) >= MAX_DAY_TABLES_EACH:
                return "club.too_many_days"
            if sum(t.settings.turn_based for t in self.tables.values()) >= MAX_DAY_TABLES:
                return "club.full"
        elif self.tables_of(visitor) >= MAX_TABLES_EACH:
            return "club.too_many"
        elif sum(not t.settings.turn_based for t in self.tables.values()) >= MAX_TABLES:
            return "club.full"
        invited, refused = self.invitees(visitor, new.invited)
        if refused:
            return refused
        if len(invited) > settings.seats - settings.bots - 1:
            return "club.invite_seats"
        table = ClubTable(self.next_number, settings, visitor.name, invited=invited, private=bool(invited))
        self.next_number += 1
        self.tables[table.number] = table
        self.on_event("club.log.opened", {"name": visitor.name, "n": table.number})
        if not settings.turn_based:
            self.leave(visitor)
        self._sit(table, visitor)
        for person in invited:
            self._invited(table, person, visitor.name)
        self.keep()
        return ""

    def invitees(self, visitor: Visitor, names: Sequence[str]) -> tuple[list[Visitor], str]:
        """The accounts ``names`` name (as each account has its name), or why one cannot be invited:
        ``club.invite_nobody:NAME`` (no such account; NAME as typed), ``club.invite_self``."""
        found: list[Visitor] = []
        for name in names:
            shown = self.accounts.account(name)
            key = self.accounts.key_of(shown) if shown is not None else None
            if shown is None or key is None:
                return [], f"club.invite_nobody:{brief(name, MAX_NAME_SHOWN)}"
            if key == visitor.key:
                return [], "club.invite_self"
            if all(person.key != key for person in found):
                found.append(Visitor(shown, key))
        return found, ""

    def invite(self, visitor: Visitor, table: ClubTable, names: Sequence[str]) -> str:
        """``table``'s opener invites more people to it while it is open (a seat kept for each); ``""`` or
        why not (see :meth:`invitees`)."""
        if table.room is not None:
            return "club.invite_started"
        if table.opener.casefold() != visitor.name.casefold():
            return "club.invite_opener"
        invited, refused = self.invitees(visitor, names)
        if refused:
            return refused
        invited = [p for p in invited if not any(v.key == p.key for v in (*table.waiting, *table.invited))]
        if len(invited) > table.free():
            return "club.invite_seats"
        for person in invited:
            table.invited.append(person)
            table.declined = [name for name in table.declined if name.casefold() != person.name.casefold()]
            self._invited(table, person, visitor.name)
        self.keep()
        self.changed()
        return ""

    def _invited(self, table: ClubTable, person: Visitor, by: str) -> None:
        """``person`` is told of their invitation to ``table``: in the lobby now, or when they next come (and by
        the operator's command, if they are away)."""
        self.tell(person.key, "club.news.invited", event="invited", table=table.number, name=by, n=table.number)

    def decline(self, visitor: Visitor, table: ClubTable) -> str:
        """``visitor`` turns their invitation to ``table`` down (its opener is told); ``""`` or why not."""
        mine = next((p for p in table.invited if p.key == visitor.key), None)
        if mine is None or table.room is not None:
            return "club.decline_none"
        table.invited.remove(mine)
        table.declined.append(mine.name)
        owner = next((v.key for v in table.waiting if v.name.casefold() == table.opener.casefold()), None)
        if owner is not None:
            self.tell(owner, "club.news.declined", name=mine.name, n=table.number)
        self.on_event("club.log.declined", {"name": mine.name, "n": table.number})
        self.keep()
        self.changed()
        return ""

    def tell(self, key: str, text: str, *, event: str = "", table: int | None = None, **fields: str | int) -> None:
        """Tell the account ``key`` ``text`` (a text key of the club's ``club.news.``, and its fields): on their
        lobby screen now if they are in the lobby, else when they next come; and, when they are not at
        ``table`` (or anywhere), by the operator's command as ``event`` (``""``: not so)."""
        online = next((v for v in self.visitors.values() if v.key == key and not v.guest), None)
        if online is not None and online.screen is not None and online.at is None:
            online.screen.say(Tr(online.lang)(text, **fields))
        else:
            person = self.people.get(key)
            if person is not None:
                person.hear(text, **fields)
                self.keep()
        if event and (online is None or table is None or online.at != table):  # not there to see it
            self.tell_away(key, event, table, text, **fields)

    def tables_of(self, visitor: Visitor) -> int:
        """The unfinished live tables ``visitor`` has a seat at (those played over days are counted apart:
        :meth:`day_tables_of`)."""
        return sum(1 for t in self.tables.values()
                   if t.stage != OVER and not t.settings.turn_based and t.seated(visitor.name))

    def day_tables_of(self, visitor: Visitor) -> int:
        """The unfinished tables played over days ``visitor`` has a seat at, or is invited to."""
        return sum(1 for t in self.tables.values() if t.stage != OVER and t.settings.turn_based
                   and (t.seated(visitor.name) or any(p.key == visitor.key for p in t.invited)))

    def your_moves(self, key: str) -> list[tuple[ClubTable, Turn]]:
        """The tables in play whose decision awaited is a seat of the account (or guest) ``key``'s, and each
        one's last :class:`Turn`, the longest waiting first: what each table last told, no save read."""
        moves = [(table, turn) for table in self.tables.values()
                 if table.room is not None and (turn := table.room.turn) is not None and turn.seat is not None
                 and table.owners.get(turn.name.casefold()) == key]
        return sorted(moves, key=lambda move: move[1].since)

    def table(self, words: Sequence[str], visitor: Visitor | None = None) -> ClubTable | None:
        """The table a command names (``join 3``), as ``visitor`` knows it (a private table is none to
        others)."""
        if len(words) != 1 or not words[0].lstrip("#").isdigit() or len(words[0]) > 6:
            return None
        table = self.tables.get(int(words[0].lstrip("#")))
        return table if table is not None and (visitor is None or table.shown_to(visitor)) else None

    def join(self, visitor: Visitor, table: ClubTable) -> tuple[str, TableLink | None]:
        """``visitor`` sits at ``table``: an open seat (or the one kept for them), or their own seat at a table
        in play; ``""`` (and the room to go to, for a table in play) or why not."""
        if table.room is not None:
            if table.owners.get(visitor.name.casefold()) == visitor.key:
                self.wake(table, coming=True)
                return "", table.room
            return "club.playing", None
        if visitor.waits_at is table or any(v.key == visitor.key for v in table.waiting):
            return "club.here_already", None
        mine = next((p for p in table.invited if p.key == visitor.key), None)
        if table.private and mine is None:
            return "club.private", None
        if visitor.guest and not table.settings.guests:
            return "club.no_guests", None
        if mine is None and not table.free():
            return "club.no_seat", None
        if table.settings.turn_based:
            if mine is None and self.day_tables_of(visitor) >= MAX_DAY_TABLES_EACH:
                return "club.too_many_days", None
        elif self.tables_of(visitor) >= MAX_TABLES_EACH:
            return "club.too_many", None
        if mine is not None:
            table.invited.remove(mine)
        if not table.settings.turn_based:
            self.leave(visitor)
        self._sit(table, visitor)
        self.keep()
        return "", None

    def _sit(self, table: ClubTable, visitor: Visitor) -> None:
        if table.settings.turn_based:
            # A seat kept by account, whoever is online: not this session (its screen would be held for the
            # days the table stays open, long after the session ended).
            table.waiting.append(replace(visitor, screen=None, waits_at=None, at=None))
        else:
            table.waiting.append(visitor)
            visitor.waits_at = table
        if not table.free() and not table.invited:
            self.start_table(table)
        self.changed()

    def leave(self, visitor: Visitor) -> bool:
        """``visitor`` gets up from the open table they wait at; whether they waited at one. The first of
        the others opens it now; a table nobody waits at any more is gone."""
        table = visitor.waits_at
        if table is None:
            return False
        visitor.waits_at = None
        if visitor in table.waiting:
            table.waiting.remove(visitor)
        if not table.waiting and table.room is None:
            self.tables.pop(table.number, None)
        elif table.opener == visitor.name and table.waiting:
            table.opener = table.waiting[0].name
        self.keep()
        self.changed()
        return True

    def stand(self, visitor: Visitor, table: ClubTable) -> bool:
        """``visitor`` gets up from ``table`` while it is open (one played over days: their seat is kept until
        then); whether they sat there."""
        if table.waits_for(visitor) is None or table.room is not None:
            return False
        if not table.settings.turn_based:
            return self.leave(visitor)
        table.waiting = [v for v in table.waiting if v.key != visitor.key]
        if not table.waiting:
            self.tables.pop(table.number, None)
        elif table.opener.casefold() == visitor.name.casefold():
            table.opener = table.waiting[0].name
        self.keep()
        self.changed()
        return True

    def start(self, visitor: Visitor, table: ClubTable | None = None) -> str:
        """The opener starts their table (``table``, or the one they wait at) now, bots in the open seats and
        in those kept for people invited who have not come; ``""`` or why not."""
        table = table or visitor.waits_at
        if table is None:
            return "club.start_none"
        if table.room is not None:
            return "club.playing"
        if table.opener != visitor.name:
            return "club.start_opener"
        self.start_table(table)
        return ""

    def start_table(self, table: ClubTable) -> None:
        """The table starts: a match of its people and bots, saved in the club's folder, played by a room
        of its own; its people go to it."""
        settings = table.settings
        specs: list[tuple[str | None, str | None]] = [(v.name, None) for v in table.waiting]
        specs += [(None, settings.level)] * (settings.seats - len(specs))
        owners = {v.name.casefold(): v.key for v in table.waiting}
        if not self._deal(table, specs, owners):
            return
        people = list(table.waiting)
        for visitor in people:
            if visitor.waits_at is table:
                visitor.waits_at = None
        table.waiting, table.invited = [], []
        for visitor in people:
            if table.settings.turn_based:  # nobody is taken there: each comes when it suits them
                self.tell(visitor.key, "club.news.started", n=table.number)
            elif visitor.screen is not None:
                visitor.screen.seated(table)
        self.changed()

    def _deal(self, table: ClubTable, specs: list[tuple[str | None, str | None]], owners: dict[str, str]) -> bool:
        """Deal ``table``'s match for the seats ``specs`` (a person's name, or a bot's level and maybe its
        name), their owners ``owners``, saved in the club's folder, and play it; whether it could be."""
        settings = table.settings
        try:
            seats = seats_of(specs)
        except SeatError:  # the club's names are checked at the door: nothing to refuse here
            return False
        names = [s.name for s in seats]
        rules = Rules(len(seats), settings.variant, duel=settings.duel if len(seats) == 2 else None)
        match = Match(rules, games=settings.games, seed=new_seed(), names=names)
        saved = Saved(match=match, seats=seats, lang=self.lang, delay=self.delay, log=[start_event(match)])
        table.owners = owners
        self._play(table, saved, new_save_path(self.directory, names))
        self.on_event("club.log.started", {"n": table.number, "names": ", ".join(names)})
        return True

    # -- what the tournaments use (tournaments.py's Host) ---------------------------------------

    def open_seated(self, settings: Settings, seats: list[tuple[str | None, str | None, str | None]],
                    tournament: dict[str, Any]) -> int | None:
        """A tournament's table, opened with its entrants seated (each a name, a member's key or a bot's
        level), and started; its number (``None``: it could not be)."""
        table = ClubTable(self.next_number, settings, str(tournament["name"]), tournament=tournament)
        specs = [(name, level) for name, _, level in seats]
        owners = {str(name).casefold(): key for name, key, _ in seats if key is not None}
        self.next_number += 1
        self.tables[table.number] = table
        if not self._deal(table, specs, owners):
            del self.tables[table.number]
            return None
        self.changed()
        return table.number

    def rating_of(self, name: str, key: str | None, level: str | None) -> float:
        """The rating's points of a member (by account) or a bot level; an unrated member's as a newcomer's."""
        if level is not None:
            rating = next((r for r in self.ratings.bots() if r.bot == level), None)
        else:
            rating = self.ratings.person(name, account_of(key or ""))
        return float(rating.points) if rating is not None else float(BASE)  # (a newcomer's ordinal is 0)

    def table_over(self, number: int) -> bool:
        """Whether the club's table ``number`` is over (or gone)."""
        table = self.tables.get(number)
        return table is None or table.stage == OVER

    def waiting_seat(self, visitor: Visitor) -> ClubTable | None:
        """A live tournament's table whose game has not begun and that waits for ``visitor`` (their seat's grace
        running): where they go from the lobby at once."""
        return next((t for t in self.tables.values() if t.tournament is not None and not t.settings.turn_based
                     and t.room is not None and t.stage == WAITING and not visitor.guest
                     and t.owners.get(visitor.name.casefold()) == visitor.key), None)

    def seat_now(self, key: str, table: int) -> None:
        """At a live table: take the account ``key`` there now, if it is in the lobby."""
        found = self.tables.get(table)
        online = next((v for v in self.visitors.values() if v.key == key and not v.guest), None)
        if found is not None and not found.settings.turn_based and online is not None and online.screen is not None \
                and online.at is None and online.waits_at is None:
            self.wake(found, coming=True)  # (it does not fall asleep before they are there)
            online.screen.seated(found)

    def _play(self, table: ClubTable, saved: Saved, path: Path, chat: object = None) -> None:
        """Give ``table`` its room where its club's tables play, its seats to their owners, and play it until
        it is over."""
        saved.accounts = seat_accounts(saved.seats, table.owners)
        # The save knows its table too: should the club's database be lost, the table is found again from it.
        saved.club = {"table": table.number, "opener": table.opener, "settings": asdict(table.settings),
                      **({"tournament": table.tournament} if table.tournament is not None else {})}
        # What the room plays from, the accounts in it; written under the save's lock, so that a save another
        # club holds is refused here (SaveBusy), never written over.
        lock = SaveLock(path).acquire()
        try:
            write_save(path, saved)
        finally:
            lock.release()
        link = self._link(table, path, chat)
        self.elsewhere.play(link, link.play)
        self.keep()

    def _link(self, table: ClubTable, path: Path, chat: object) -> TableLink:
        """``table``'s link, the order that plays it from the save ``path`` with its chat and the mutes now."""
        now, wall = self.clock(), self.wall()
        muted = {name: wall + until - now for name, until in self.talk.silenced.values() if until > now}
        play = Play(table.number, str(path), dict(table.owners), asdict(table.settings), self.grace, self.delay,
                    chat, muted, forfeits=table.tournament is not None and not table.settings.turn_based)
        table.room = TableLink(play, lambda link, event: self._heard(table, link, event))
        return table.room

    def _heard(self, table: ClubTable, link: TableLink, event: Event) -> None:
        """What a table told (``link`` has taken it in): the lobby shows it, the club's database keeps it, the
        ratings take a game recorded."""
        match event:
            case Stage():
                self.keep()
                self.changed()
                self.rest(table)
            case Turn():
                if table.settings.turn_based:
                    self._turn_told(table, event)
                self.rest(table)
            case Missed(name=name, given_up=given_up):
                self.on_event("club.log.missed", {"n": table.number, "name": name})
                key = table.owners.get(name.casefold())
                if key is not None:
                    self.tell(key, "club.news.given_up" if given_up else "club.news.missed", n=table.number)
            case messages.Chat():
                self.keep(now=False)
            case GameOver():
                self.rated(event)
                self.cups.game_over(table.number, event.places, event.scores,
                                    event.absent or (False,) * len(event.places))
                if table.settings.turn_based:
                    for place, account in zip(event.places, event.accounts, strict=True):
                        key = account_key(account)
                        if key is not None:
                            self.tell(key, "club.news.game_over", event="game-over", table=table.number,
                                      n=table.number, place=place, seats=len(event.places))
            case Recorded():
                self.keep()
            case Over(error=error):
                if error:
                    self.on_event("club.log.not_played", {"n": table.number, "error": error})
                if link.asleep and not error:
                    if link.wake_wanted:
                        self.wake(table)
                    else:
                        self._alarm()
                    return
                self.over(table)

    # -- tables played over days ------------------------------------------------------------

    def _turn_told(self, table: ClubTable, turn: Turn) -> None:
        """A decision awaited at ``table`` (played over days): its person is told, once, when they are not at
        it (in the lobby, or by the operator's command)."""
        key = table.owners.get(turn.name.casefold()) if turn.seat is not None else None
        if key is None or self._told_turns.get(table.number) == (turn.seat, turn.since):
            return
        self._told_turns[table.number] = (turn.seat, turn.since)
        self.tell(key, "club.news.your_move", event="your-move", table=table.number, n=table.number)
        self._alarm()

    def _warn_due(self) -> None:
        """Whoever has less than :data:`DEADLINE_NEAR` left for a decision at a table played over days is told
        so, once (in the lobby, or by the operator's command)."""
        now = self.wall()
        for table in self.tables.values():
            turn = table.room.turn if table.room is not None and table.settings.turn_based else None
            if turn is None or turn.seat is None or turn.deadline is None or turn.deadline - now > DEADLINE_NEAR:
                continue
            key = table.owners.get(turn.name.casefold())
            if key is not None and self._warned.get(table.number) != (turn.seat, turn.since):
                self._warned[table.number] = (turn.seat, turn.since)
                if turn.deadline > now:
                    self.tell(key, "club.news.deadline", event="deadline", table=table.number, n=table.number,
                              time=Tr(self._lang_of(key)).duration(turn.deadline - now))

    def _lang_of(self, key: str) -> str:
        person = self.people.get(key)
        return person.lang if person is not None else self.lang

    def _warnings(self) -> list[float]:
        """When the next people are to be told their deadline is near (the calendar's seconds)."""
        times = []
        for table in self.tables.values():
            turn = table.room.turn if table.room is not None and table.settings.turn_based else None
            if turn is not None and turn.seat is not None and turn.deadline is not None \
                    and self._warned.get(table.number) != (turn.seat, turn.since):
                times.append(turn.deadline - DEADLINE_NEAR)
        return times

    def _beat(self) -> None:
        """The club is alive: kept in its database every :data:`HEARTBEAT` seconds, so that a restart after a
        crash knows how long the club was down (and gives that time back to every deadline)."""
        if self.stopping:
            return
        self.keep(now=False)
        self._heart = asyncio.get_running_loop().call_later(HEARTBEAT, self._beat, context=Context())

    # -- tables that sleep -----------------------------------------------------------------

    # A table in play with nobody at it (no person at their seat, nobody watching) and nothing to do (the
    # decision awaited is a person's who is away, within their grace) is stopped where it played: no room,
    # no place in a worker, no lock on its save. The club keeps what it last told (the lobby lists it as
    # before) and plays it again from its save when someone comes to it (join, watch) or when its grace
    # ends (a stand-in then decides, as if it had played on).

    def rest(self, table: ClubTable) -> None:
        """Let ``table`` sleep if nobody is at it and it has nothing to do until its wake time."""
        link = table.room
        if link is None or link.asleep or link.channel is None or link.coming or self.stopping:
            return
        if any(visitor.at == table.number for visitor in self.visitors.values()):
            return
        wake = link.wake_at()
        if wake is not None and wake > self.wall():
            link.sleep()
            # Kept as it falls asleep: whose decision it awaits and until when (a Turn is kept only with the
            # next change otherwise), which is what a restart wakes it by.
            self.keep()

    def wake(self, table: ClubTable, *, coming: bool = False) -> None:
        """``table`` plays again from its save (someone comes to it, ``coming``: it does not sleep again
        before they are there; or its wake time came); one falling asleep plays again once it has stopped."""
        link = table.room
        if link is None or self.stopping:
            return
        link.coming = link.coming or coming
        if not link.asleep:
            return
        if link.channel is not None:
            link.wake_wanted = True
            return
        self.elsewhere.play(link, link.again(self.wall()))

    def wake_due(self) -> None:
        """Every sleeping table whose wake time has come plays again, whoever's deadline is near is told; the
        next wake time is set."""
        self._warn_due()
        now = self.wall()
        for table in list(self.tables.values()):
            link = table.room
            if link is not None and link.asleep and link.channel is None and (link.wake_at() or now) <= now:
                self.wake(table)
        self._alarm()

    def _alarm(self) -> None:
        """Set the alarm for the next sleeping table's wake time (the calendar's: it may be days away)."""
        if self._alarm_set is not None:
            self._alarm_set.cancel()
            self._alarm_set = None
        times = [wake for t in self.tables.values() if t.room is not None and t.room.asleep
                 and (wake := t.room.wake_at()) is not None] + self._warnings()
        if times and not self.stopping:
            loop = asyncio.get_running_loop()  # (a context of its own: see ClubState.keep)
            self._alarm_set = loop.call_later(max(0.0, min(times) - self.wall()), self.wake_due, context=Context())

    def over(self, table: ClubTable) -> None:
        """``table``'s room has ended (its match over and left, or closed): the lobby lists it no more."""
        if self.stopping:
            return
        if self.tables.get(table.number) is table:
            del self.tables[table.number]
            self.on_event("club.log.ended", {"n": table.number})
            self.cups.table_gone(table.number)  # (a tournament's table that ended with no game over told)
        self.keep()
        self.changed()

    def watch(self, visitor: Visitor, table: ClubTable) -> tuple[str, TableLink | None]:
        """``visitor`` watches ``table``; ``""`` and its room, or why not."""
        if table.room is None:
            return "club.not_started", None
        self.wake(table, coming=True)
        return "", table.room

    # -- the admins' orders ----------------------------------------------------------------

    # Each order is the admin's of the account ``by`` (the log names her), and names others as their accounts
    # have it (or, online, as they are known there), the same in every line of the log and every answer.

    def close_table(self, table: ClubTable, *, by: str) -> None:
        """An admin closes ``table``: its people go back to the lobby; a table in play stays saved
        (not resumed: the club's database no longer names it)."""
        for visitor in list(table.waiting):
            self.leave(visitor)
        self.tables.pop(table.number, None)
        if table.room is not None:
            table.room.close()
        self._order("club.log.closed", {"n": table.number, "by": by}, str(table.number))
        self.keep()
        self.changed()

    def ban(self, name: str, *, by: str) -> str | None:
        """An admin bans the key of the account ``name``: its person leaves the club and their seats;
        the account's name, or ``None`` when there is none."""
        banned = self.accounts.ban(name)
        if banned is None:
            return None
        visitor = self.visitors.get(banned.casefold())
        if visitor is not None and visitor.screen is not None and not visitor.guest:
            self.go(visitor)
            visitor.screen.close("banned")
        for table in self.tables.values():
            table.owners.pop(banned.casefold(), None)  # over a restart too
            if table.room is not None:
                table.room.kick(banned)  # asleep: when it plays again
        self.keep()
        self._order("club.log.banned", {"name": banned, "by": by})
        return banned

    # Each order below answers the admin with a text key and its fields (the lobby says it in her language).

    def unban(self, name: str, *, by: str) -> tuple[str, dict[str, object]]:
        """An admin lets the key of the account ``name`` in again."""
        unbanned = self.accounts.unban(name)
        if unbanned is None:
            return "club.unban_nobody", {"name": brief(name, MAX_NAME_SHOWN)}
        self._order("club.log.unbanned", {"name": unbanned, "by": by})
        return "club.unbanned", {"name": unbanned}

    def kick(self, name: str, *, by: str) -> tuple[str, dict[str, object]]:
        """An admin sends ``name`` back to the lobby from the table they are at, without a ban: their seat
        at a table in play waits for them as a dropped one does; at an open table they get up."""
        visitor = self.visitors.get(name.casefold())
        if visitor is None:
            return "club.not_online", {"name": brief(name, MAX_NAME_SHOWN)}
        table = self.tables.get(visitor.at) if visitor.at is not None else None
        if table is not None and table.room is not None:
            table.room.send_back(visitor.name)
        elif visitor.waits_at is not None:
            table = visitor.waits_at
            self.leave(visitor)
        else:
            return "club.kick_nowhere", {"name": visitor.name}
        self._order("club.log.kicked", {"name": visitor.name, "n": table.number, "by": by})
        return "club.kicked", {"name": visitor.name, "n": table.number}

    def mute(self, name: str, minutes: int, *, by: str) -> tuple[str, dict[str, object]]:
        """An admin mutes ``name`` (online, or an account) for ``minutes``: nothing they say reaches the
        lobby or a table, one they go to later too, until then (kept in the club's database: over a restart
        too)."""
        visitor = self.visitors.get(name.casefold())
        shown = visitor.name if visitor is not None else self.accounts.account(name)
        if shown is None:
            return "club.not_online", {"name": brief(name, MAX_NAME_SHOWN)}
        self.muted_by[shown.casefold()] = by
        self._silence(shown, minutes * 60)
        self._order("club.log.muted", {"name": shown, "minutes": minutes, "by": by})
        return "club.muted", {"name": shown, "minutes": minutes}

    def unmute(self, name: str, *, by: str) -> tuple[str, dict[str, object]]:
        """An admin lets ``name`` talk again before their time is up."""
        silence = self.talk.silenced.get(name.casefold())
        if silence is None or silence.until <= self.clock():
            return "club.unmute_nobody", {"name": brief(name, MAX_NAME_SHOWN)}
        self._silence(silence.name, 0)
        self._order("club.log.unmuted", {"name": silence.name, "by": by})
        return "club.unmuted", {"name": silence.name}

    def _silence(self, name: str, seconds: float) -> None:
        """``name`` says nothing in the lobby and at every table for ``seconds`` (0: may talk again now);
        the club's database keeps it."""
        self.talk.silence(name, seconds)
        for table in self.tables.values():
            if table.room is not None:
                table.room.mute(name, seconds)
        self.keep()

    def _order(self, key: str, fields: dict[str, object], target: str = "") -> None:
        """An admin's order given (``key``: its log line, ``fields``: the admin's name as ``by``, and whom it
        names): logged, and kept in the club's database with the admin's name."""
        self.on_event(key, fields)
        detail = {k: v for k, v in fields.items() if k not in ("by", "name")}
        self.state.order(str(fields["by"]), key.rsplit(".", 1)[-1], str(fields.get("name", target)), detail)

    # -- what the club keeps -----------------------------------------------------------------

    def keep(self, *, now: bool = True) -> None:
        """Keep the club's state in its database: every table in play (its settings, its seats' owners and
        its chat), every open one (its settings and the accounts waiting at it), the lobby's chat and the
        mutes, for a restart to resume. Once the club stops, it is written no more: the people leaving then
        keep their seats.

        It is written by the database's one writer thread, never on the event loop (the disk may be slow),
        the newest state each time; what only a chat line changed waits :data:`~.state.KEEP_PAUSE`
        (``now=False``), so that a lively chat writes once in a while, not at every line. A table's save is
        on disk before the database names it: the database is true whenever a crash comes.
        """
        if not self.stopping:
            self.state.keep(self._kept, now=now)

    def _kept(self) -> dict[str, Any]:
        """What the club's database holds now (in the form ``club.json`` had, and some)."""
        tables: list[dict[str, Any]] = []
        for table in self.tables.values():
            room = table.room
            if room is None:
                waiting: list[list[Any]] = [[v.name, v.key] for v in table.waiting if not v.guest]
                if waiting:
                    waiting += [[p.name, p.key, INVITED] for p in table.invited]
                    waiting += [[name, "", DECLINED] for name in table.declined]
                    tables.append({"number": table.number, "settings": kept_settings(table.settings),
                                   "opener": table.opener, "stage": OPEN, "waiting": waiting,
                                   "private": table.private})
                continue
            save = room.save_name()
            if room.stage == OVER or save is None:
                continue
            # (Copies of what changes in place: the writer keeps this state, and knows a table's row by it.)
            chat = list(room.chat) if isinstance(room.chat, list) else room.chat
            tables.append({"number": table.number, "settings": kept_settings(table.settings), "opener": table.opener,
                           "stage": room.stage, "save": save, "owners": dict(table.owners), "chat": chat,
                           "people": list(room.people), "bots": room.bots, "away": dict(room.away),
                           **_whose(room.turn)})
        now, wall = self.clock(), self.wall()
        muted = [{"name": name, "until": round(wall + until - now, 1), "by": self.muted_by.get(name.casefold(), "")}
                 for name, until in self.talk.silenced.values() if until > now]
        chat = [{"name": said.name, "text": said.text, "watching": said.watching,
                 "at": round(wall + said.at - now, 1) if math.isfinite(said.at) else None} for said in self.talk.lines]
        return {"next": self.next_number, "tables": tables, "muted": muted, "chat": chat,
                "people": [person.kept() for person in self.people.values()], "alive": wall,
                "tournaments": self.cups.kept()}

    def resume(self) -> list[str]:
        """Resume every table the club's database names (its people have the grace to come back, then bots
        play for them), its mutes and the lobby's chat; what could not be resumed, one line each (English, for
        the log).

        A folder of an older club (``club.json``, no database yet) is upgraded: its tables, mutes and chats go
        into the database, and ``club.json`` is kept aside (:attr:`upgraded`), never deleted. A damaged
        database (or ``club.json``) is set aside, never written over, and the tables are rebuilt from their
        saves (:func:`~.rebuild.registry_from_saves`): :attr:`rebuilt` says so. Nothing in play is then an
        orphan: every unfinished save is a table again.

        Raises:
            RegistryError: the database (or ``club.json``) can be neither read nor set aside, or a newer
                abluxxen wrote it: the club must not start.
        """
        try:
            doc = self.state.read()
        except Damaged as damage:
            aside = self.state.set_aside()
            doc = registry_from_saves(self.directory)
            self.rebuilt = Rebuilt(damage, aside, 0)
        older = ClubFile(self.directory)
        if doc is None:  # no database yet: an older club's club.json, if there is one, is upgraded
            try:
                doc = older.read()
            except Damaged as damage:
                doc = registry_from_saves(self.directory)
                self.rebuilt = Rebuilt(damage, older.set_aside(), 0, CLUB_FILE)
        if doc is None:
            self._set_aside(set())
            return []
        tables = list(doc["tables"])
        self.next_number = max(1, min(int(doc.get("next", 1)), 10**6))
        self.people = people_from(doc.get("people"))
        problems: list[str] = []
        self.cups.resume(doc.get("tournaments"), problems.append)
        alive = doc.get("alive")
        if isinstance(alive, int | float) and not isinstance(alive, bool):
            self.down = max(0.0, self.wall() - float(alive))
        self._hush_again(doc.get("muted"))  # first: every table resumed is told who is muted
        self._talk_again(doc.get("chat"))
        for kept in tables:
            try:
                self._resume(kept)
            except (SaveError, ValueError, KeyError, TypeError, AttributeError) as err:
                problems.append(f"a table of {STATE_FILE} cannot be resumed: {brief(str(err), 80)}")
        self.cups.catch_up()  # a round whose tables ended while the club was down goes on
        self.wake_due()  # what has something to do now plays; the rest sleeps until its wake time
        try:
            self._heart = asyncio.get_running_loop().call_later(HEARTBEAT, self._beat, context=Context())
        except RuntimeError:  # no event loop (a test's): nothing runs to say it is alive
            pass
        if self.rebuilt is not None:
            self.rebuilt = replace(self.rebuilt, tables=len(self.tables))
        # Written before the club serves anyone, and before club.json is kept aside: a crash in between
        # finds the database, which wins.
        if self.state.write(self._kept()) and os.path.lexists(older.path):
            try:
                self.upgraded = kept_aside(older.path, UPGRADED)
            except OSError as err:
                raise RegistryError(error=err, path=older.path) from None
            self.on_event("club.log.upgraded", {"file": CLUB_FILE, "aside": self.upgraded.name, "n": len(self.tables),
                                                "state": STATE_FILE})
        self._set_aside({Path(str(kept["save"])).name for kept in tables if isinstance(kept, dict) and "save" in kept})
        return problems

    def _hush_again(self, muted: object) -> None:
        """The mutes kept (``muted``: each name, when its mute ends, the calendar's seconds, and by whom) hold
        on for what is left of them; an entry that is no such thing is passed over."""
        if not isinstance(muted, list):
            return
        wall = self.wall()
        for kept in muted[:1000]:
            if not isinstance(kept, dict):
                continue
            name, until, by = kept.get("name"), kept.get("until"), kept.get("by")
            if not isinstance(name, str) or not name.strip() or isinstance(until, bool) \
                    or not isinstance(until, int | float) or not wall < until <= wall + MAX_MUTE * 60:
                continue
            shown = brief(name, MAX_NAME_SHOWN)
            self.talk.silence(shown, until - wall)
            if isinstance(by, str) and by:
                self.muted_by[shown.casefold()] = brief(by, MAX_NAME_SHOWN)
            self.on_event("club.log.still_muted", {"name": shown, "minutes": max(1, round((until - wall) / 60))})

    def _talk_again(self, chat: object) -> None:
        """The lobby's chat as kept (``chat``: its last lines), said before the restart: shown, not counted
        against anyone's pace; a line that is no such thing is passed over."""
        for line in (chat[-CHAT_KEPT:] if isinstance(chat, list) else ()):
            if isinstance(line, dict) and isinstance(line.get("text"), str):
                clean = "".join(ch if ch.isprintable() else " " for ch in line["text"][:MAX_LINE]).strip()
                if clean:
                    self.talk.lines.append(Said(brief(str(line.get("name", "?")), MAX_NAME_SHOWN), clean,
                                                float("-inf"), line.get("watching") is True))

    def _set_aside(self, named: set[str]) -> None:
        """The saves no table of the club's names (``named``) go to ``orphans/``, each one logged; the
        console is told of them by :attr:`orphans`."""
        self.orphans = set_aside_orphans(self.directory, named)
        for name in self.orphans:
            self.on_event("club.log.orphan", {"name": name, "folder": str(self.directory / ORPHANS)})

    def _resume(self, kept: dict[str, Any]) -> None:
        number = int(kept["number"])
        if number in self.tables or not 0 < number < 10**6:
            raise ValueError(f"table {number} twice")
        try:
            settings = settings_from(dict(kept["settings"]))
        except ValueError as err:
            raise ValueError(f"table {number}: {err}") from None
        if "waiting" in kept:
            self._reopen(number, settings, kept)
            return
        save = self.directory / Path(str(kept["save"])).name
        if not save.exists():
            # Only a match over and recorded loses its save (the records' journal): the club stopped before it
            # could say so.
            self.on_event("club.log.save_gone", {"n": number})
            return
        owners = {str(k)[:MAX_NAME_SHOWN * 2]: str(v)[:200] for k, v in dict(kept.get("owners", {})).items()}
        table = ClubTable(number, settings, brief(str(kept.get("opener", "")), MAX_NAME_SHOWN), owners=owners,
                          tournament=self.cups.info_of(number))
        if isinstance(kept.get("people"), list) and kept.get("stage") in (WAITING, PLAYING, SCORES):
            SaveLock(save).acquire().release()  # first: a save another club holds is refused here (SaveBusy)
            self._asleep(table, save, kept)
        else:  # what the database does not list (a club.json upgraded, a table rebuilt): from its save
            saved = read_save(save)
            if saved.finished:
                return
            self._play(table, saved, save, kept.get("chat"))  # first: a save another club holds is refused here
        self.tables[number] = table
        self.next_number = max(self.next_number, number + 1)
        self.on_event("club.log.resumed", {"n": number})

    def _asleep(self, table: ClubTable, save: Path, kept: dict[str, Any]) -> None:
        """``table`` listed as the database kept it, asleep: no save read, no lock, no room, until someone
        comes to it or its wake time (:meth:`wake_due`).

        Whoever was at it when the club stopped is away since the restart (the grace to come back, as a
        resumed table gives it); whoever was away before keeps their time away. A person's decision awaited
        wakes it when its deadline kept in the database comes (they were away already) or when the grace
        from the restart ends; a bot's decision, the waiting room, or a score screen wakes it at once, played
        as a table resumed from its save (its people gathered for the grace)."""
        people = tuple(brief(str(name), MAX_NAME_SHOWN) for name in list(kept["people"])[:table.settings.seats])
        restart = self.wall()
        kept_away = {str(k): float(v) for k, v in dict(kept.get("away") or {}).items()
                     if isinstance(v, int | float) and v <= restart}
        seat, whose, deadline = kept.get("seat"), kept.get("whose"), kept.get("deadline")
        away: dict[str, float] = {}
        turn = None
        if kept["stage"] == PLAYING and isinstance(seat, int) and whose in people:
            away = {name: kept_away.get(name, restart) for name in people}
            if table.settings.turn_based:
                # Played over days: the time the club was down is given back, and a decision that fell due
                # meanwhile (the club kept no time to tell) has at least DOWN_GRACE from now.
                ends = float(deadline) if isinstance(deadline, int | float) \
                    else restart + table.settings.hours * 3600
                deadline = max(ends + self.down, restart + DOWN_GRACE)
            elif whose not in kept_away or not isinstance(deadline, int | float):
                deadline = away[whose] + self.grace
            since, last = kept.get("since"), kept.get("last")
            told = {lang: brief(str(text), 200) for lang, text in last.items() if lang in ("en", "de")} \
                if isinstance(last, dict) else None
            turn = Turn(table.number, seat, str(whose), float(since) if isinstance(since, int | float) else restart,
                        float(deadline), told or None)
            self._told_turns[table.number] = (seat, turn.since)  # told before the restart
        elif kept["stage"] == WAITING and people:
            away = {name: kept_away.get(name, restart) for name in people}
        link = self._link(table, save, kept.get("chat"))
        link.listed(str(kept["stage"]), people, max(0, min(int(kept.get("bots") or 0), table.settings.seats)),
                    away, turn)

    def _reopen(self, number: int, settings: Settings, kept: dict[str, Any]) -> None:
        """An open table again, its accounts seated (at a live table, away until they come back: :meth:`come`),
        those invited still invited."""
        seats = settings.seats - settings.bots
        entries = [(brief(str(entry[0]), MAX_NAME_SHOWN), str(entry[1])[:200], entry[2] if len(entry) > 2 else 0)
                   for entry in list(kept["waiting"])[:seats * 3]]
        waiting = [Visitor(name, key) for name, key, kind in entries if kind == 0][:seats]
        invited = [Visitor(name, key) for name, key, kind in entries if kind == INVITED][:seats - len(waiting)]
        if not waiting or any(account_of(v.key) is None for v in waiting + invited):
            raise ValueError(f"table {number}'s people")
        table = ClubTable(number, settings, brief(str(kept.get("opener", "")), MAX_NAME_SHOWN), waiting=waiting,
                          invited=invited, declined=[name for name, _, kind in entries if kind == DECLINED][:seats],
                          private=kept.get("private") is True)
        for visitor in waiting if not settings.turn_based else ():
            visitor.waits_at = table
        self.tables[number] = table
        self.next_number = max(self.next_number, number + 1)
        self.on_event("club.log.reopened", {"n": number})

    def stop(self) -> None:
        """The club closes: every table's room stops (their saves hold every move)."""
        if not self.stopping:  # written here and now: the process is about to end
            self.state.write_now(self._kept())
        self.stopping = True
        for timer in (self._alarm_set, self._heart):
            if timer is not None:
                timer.cancel()
        self.elsewhere.stop()


def _whose(turn: Turn | None) -> dict[str, Any]:
    """Whose decision a table awaits, as the club's database keeps it (the last :class:`Turn` it told of):
    a person's name, since when and until when (the calendar's seconds); nothing while no person's."""
    if turn is None or turn.seat is None:
        return {}
    return {"seat": turn.seat, "whose": turn.name, "since": turn.since, "deadline": turn.deadline, "last": turn.last}
