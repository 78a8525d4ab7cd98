"""A hosted table: one match, people at their own terminals, bots in the other seats, one event loop.

The :class:`Room` is the front end of a :class:`~abluxxen.table.Table`, whose
loop (:meth:`~abluxxen.table.Table.play_match`) pushes, saves, records and
tells every seat: the room waits until every person's seat is taken, gives
the loop whoever decides, lets a bot stand in for a person who
dropped and did not come back within the grace, and keeps the chat. What it
holds for a screen is only ever that seat's :class:`~abluxxen.view.View` or
the public one (:meth:`Room.public_view`): no screen is handed another hand.

A screen (:class:`Viewer`) is anything that can be told to draw again: an SSH
session, or the host's own terminal.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..events import Event
from ..match import Match
from ..quoting import brief
from ..store.saves import Saved
from ..table.seats import BotSeat
from ..table.table import Player, Table, Undone, records_kind
from ..view import View

#: What one typed line (a move, a command, a chat line) may hold; the rest is cut.
MAX_LINE = 200
#: How much of a watcher's login name screens show.
MAX_NAME_SHOWN = 20
#: How many chat lines the room keeps.
CHAT_KEPT = 50

WAITING, PLAYING, SCORES, OVER = "waiting", "playing", "scores", "over"


class Viewer(Protocol):
    """A screen at the hosted table."""

    #: The host's own terminal: its seat is never taken over from outside (leaving it stops the game).
    local: bool

    def refresh(self) -> None:
        """Something changed: draw again (soon, on the event loop)."""

    def turn_started(self) -> None:
        """This screen's seat must decide now (what was typed before must not count as the answer)."""

    def close(self, reason: str) -> None:
        """Leave the table: this screen's seat was taken by a newer connection, or the host stops."""


@dataclass(frozen=True)
class Note:
    """Something only one person is told, kept as data so that each screen says it in its own language.

    Attributes:
        key: the text's key (``you_drew``, ``took_yours``, ``forced``, ``undone``, ``undo_nothing``).
        cards: the cards it is about.
        name: who did it (``took_yours``).
        move: the move it is about (``forced``, ``undone``).
    """

    key: str
    cards: tuple[int, ...] = ()
    name: str = ""
    move: str = ""


@dataclass(frozen=True)
class Said:
    """One line of chat."""

    name: str
    text: str
    at: float


@dataclass
class Chair:
    """A person's seat at the hosted table, whether or not they are connected.

    Attributes:
        seat: the seat number.
        name: the person's name (the login that takes this seat, in any case).
        screen: the connected screen, if any.
        came: whether the person has been here since the host started.
        left_at: when the last screen left (monotonic seconds), while away.
        notes: what only this person may be told (their deck draws, cards taken from them), newest last.
        ready: at a score screen, whether the person wants the next game.
    """

    seat: int
    name: str
    screen: Viewer | None = None
    came: bool = False
    left_at: float | None = None
    notes: list[Note] = field(default_factory=list)
    ready: bool = False
    answer: asyncio.Future[str] | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def present(self) -> bool:
        """Whether a screen is connected to this seat."""
        return self.screen is not None


class UndoRequest(Exception):
    """Given instead of a move: the person takes back their last decision."""


class _Notes:
    """The table tells each seat what happened as it may see it; a person's own news is kept here.

    A move's events reach a chair's notes only as that seat may see them, so
    "You drew a 7" reaches the drawer alone.
    """

    def __init__(self, room: Room, chair: Chair) -> None:
        self.room = room
        self.chair = chair

    def update(self, view: View, events: Sequence[Event]) -> None:
        chair = self.chair
        for event in events:
            if event.kind == "draw" and event.source == "deck" and event.seat == chair.seat and event.cards:
                drawn = chair.notes[-1].cards if chair.notes and chair.notes[-1].key == "you_drew" else ()
                chair.notes[-1:] = [] if drawn else chair.notes[-1:]
                chair.notes.append(Note("you_drew", drawn + tuple(event.cards)))
            elif event.kind == "take" and event.other == chair.seat and event.seat is not None:
                chair.notes.append(Note("took_yours", tuple(event.cards), name=view.names[event.seat]))
        del chair.notes[:-3]


class Room:
    """One hosted match.

    Args:
        saved: the match, seats and settings (new or resumed).
        table: the table that pushes, saves and records (already locked when it saves).
        code: the invite code, as the host gave it.
        grace: how long (seconds) a dropped person's seat waits before a bot stands in.
        delay: pause (seconds) after each bot move, so people can follow.
        clock: monotonic seconds (tests pass their own).
        on_event: told what is worth a host's log, as a text key and a name (``host.log.joined``, ``Ben``).
    """

    def __init__(self, table: Table, *, code: str, grace: float = 120.0, delay: float = 0.6,
                 clock: Callable[[], float] = time.monotonic,
                 on_event: Callable[[str, str], None] | None = None) -> None:
        self.table = table
        self.code = code
        self.grace = grace
        self.delay = delay
        self.clock = clock
        self.on_event = on_event or (lambda key, name: None)
        seats = table.saved.seats
        self.chairs: dict[int, Chair] = {s: Chair(s, seat.name) for s, seat in enumerate(seats) if not seat.is_bot}
        self.watchers: set[Viewer] = set()
        self.chat: list[Said] = []
        self.stage = WAITING
        self.version = 0
        self.problem: Note | None = None  # a save or records problem, for every screen
        self.stand_ins: dict[int, BotSeat] = {}
        self.bot_seats: dict[int, BotSeat] = {}
        self.deciders = {seat: _Decider(self, seat) for seat in range(len(seats))}
        self._wake = asyncio.Event()
        for number, chair in self.chairs.items():
            table.seats[number] = _Notes(self, chair)

    # -- what screens read --------------------------------------------------------

    @property
    def saved(self) -> Saved:
        """The match, seats and settings."""
        return self.table.saved

    @property
    def match(self) -> Match:
        """The match being played."""
        return self.table.match

    @property
    def several_people(self) -> bool:
        """Whether more than one person plays here (then nobody can undo)."""
        return len(self.chairs) > 1

    def view_for(self, seat: int) -> View:
        """What ``seat`` may know now."""
        return self.match.game.view(seat)

    def public_view(self) -> View:
        """What everybody may know: a view whose hand is empty (a watcher's, or a score screen's)."""
        return dataclasses.replace(self.match.game.view(0), hand=())

    def chair_of(self, name: str) -> Chair | None:
        """The person's seat a login name takes (names match in any case)."""
        folded = name.casefold()
        return next((c for c in self.chairs.values() if c.name.casefold() == folded), None)

    def awaited(self) -> list[str]:
        """Before the start: the people not here yet."""
        return [c.name for c in self.chairs.values() if not c.present]

    def away(self) -> list[tuple[str, float]]:
        """During the game: who dropped, and how many seconds their seat still waits (0: a bot plays it)."""
        now = self.clock()
        return [(c.name, max(0.0, self.grace - (now - c.left_at)))
                for c in self.chairs.values() if not c.present and c.left_at is not None]

    # -- screens come and go --------------------------------------------------------

    def sit(self, name: str, screen: Viewer) -> Chair | None:
        """A screen arrives under ``name``: it takes that person's seat (a screen already there is
        closed: the same person connected again) or watches; the chair, or ``None`` for a watcher."""
        chair = self.chair_of(name)
        # The seat the host plays at their own terminal stays theirs: taking it over would close
        # that terminal, and with it the game for everyone. A login under that name watches.
        if chair is None or (chair.screen is not None and chair.screen.local):
            self.watchers.add(screen)
            self._say_host("watches", brief(name, MAX_NAME_SHOWN))
            self.changed()
            return None
        old, chair.screen = chair.screen, screen
        if old is not None:
            old.close("elsewhere")
        came_back = chair.left_at is not None
        chair.came, chair.left_at = True, None
        chair.changed.set()
        self._say_host("back" if came_back else "joined", chair.name)
        self.changed()
        if chair.answer is not None:
            screen.turn_started()
        return chair

    def leave(self, screen: Viewer) -> None:
        """A screen has gone (closed, dropped, or quit)."""
        self.watchers.discard(screen)
        for chair in self.chairs.values():
            if chair.screen is screen:
                chair.screen = None
                if self.stage != WAITING:
                    chair.left_at = self.clock()
                chair.changed.set()
                self._say_host("left", chair.name)
        self.changed()

    def screens(self) -> list[Viewer]:
        """Every connected screen."""
        return [c.screen for c in self.chairs.values() if c.screen is not None] + list(self.watchers)

    def changed(self) -> None:
        """The table changed: every screen draws again."""
        self.version += 1
        self._wake.set()
        for screen in self.screens():
            screen.refresh()

    def _say_host(self, what: str, name: str = "") -> None:
        self.on_event(f"host.log.{what}", name)

    # -- chat -------------------------------------------------------------------------

    def say(self, name: str, text: str) -> None:
        """A line of chat from ``name``: one line, control characters removed, at most :data:`MAX_LINE`."""
        clean = "".join(ch if ch.isprintable() else " " for ch in text[:MAX_LINE]).strip()
        if not clean:
            return
        self.chat.append(Said(brief(name, MAX_NAME_SHOWN), clean, self.clock()))
        del self.chat[:-CHAT_KEPT]
        self.changed()

    # -- the game -----------------------------------------------------------------------

    def answer(self, chair: Chair, move: str) -> bool:
        """``chair``'s person gives ``move`` (already checked against their view); whether it was
        taken (``False``: it is not their decision now)."""
        if chair.answer is None or chair.answer.done():
            return False
        chair.answer.set_result(move)
        return True

    def undo(self, chair: Chair) -> bool:
        """``chair``'s person takes back their last decision (only alone at the table, at their turn)."""
        if self.several_people or chair.answer is None or chair.answer.done():
            return False
        chair.answer.set_exception(UndoRequest())
        return True

    def ready(self, chair: Chair) -> None:
        """At a score screen, ``chair``'s person wants the next game."""
        chair.ready = True
        self.changed()

    async def run(self) -> None:
        """Wait for everyone, then play the match to its end (the save holds every move)."""
        self.table.save()  # from the start: a crash before the first move can be resumed too
        await self._gather()
        self.stage = PLAYING
        self._say_host("starts")
        self.changed()
        ticker = asyncio.get_running_loop().create_task(self._tick())
        try:
            await self.table.play_match(self)
        finally:
            ticker.cancel()
        self.stage = OVER
        self.changed()

    async def _gather(self) -> None:
        """The waiting room: until every person's seat is taken."""
        while self.awaited():
            self._wake.clear()
            await self._wake.wait()

    async def _tick(self) -> None:
        """While someone is away, the screens' countdown moves every second."""
        while True:
            await asyncio.sleep(1.0)
            if any(c.left_at is not None for c in self.chairs.values()):
                self.changed()

    # -- the table's front end (table.Front) -----------------------------------------

    def player(self, seat: int) -> Player:
        """Who decides for ``seat``: its person, their stand-in, or its bot (see :meth:`_decide`)."""
        return self.deciders[seat]

    def moving(self, seat: int, move: str) -> None:
        """Nothing to keep: an undo replays the transcript, and a person's notes start afresh."""

    async def moved(self, seat: int, move: str) -> None:
        """Every screen draws the move; after a bot's, a pause so people can follow."""
        self._note_problems()
        self.changed()
        if seat not in self.chairs or not self.chairs[seat].present:
            await asyncio.sleep(self.delay)

    async def _decide(self, seat: int, view: View) -> str:
        legal = view.legal_moves()
        chair = self.chairs.get(seat)
        if len(legal) == 1:
            if chair is not None:
                chair.notes.append(Note("forced", move=legal[0]))
            return legal[0]
        if chair is None:
            return await self._bot_move(self._bot(seat), view)
        return await self._person(chair, view)

    async def _person(self, chair: Chair, view: View) -> str:
        """A person's move; while they are away past the grace, a normal bot's."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[str] = loop.create_future()
        chair.answer = answer
        if chair.screen is not None:
            chair.screen.turn_started()
        self.changed()
        try:
            while chair.present or self._grace_left(chair) > 0:
                chair.changed.clear()
                waiter = loop.create_task(chair.changed.wait())
                timeout = None if chair.present else self._grace_left(chair)
                waited: set[asyncio.Future[object]] = {answer, waiter}  # type: ignore[arg-type]
                await asyncio.wait(waited, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
                if answer.done():
                    return answer.result()
            chair.answer = None  # the stand-in decides this one: a person back meanwhile waits for the next
            return await self._bot_move(self._stand_in(chair.seat), view)
        finally:
            chair.answer = None

    def _grace_left(self, chair: Chair) -> float:
        if chair.left_at is None:
            return self.grace
        return self.grace - (self.clock() - chair.left_at)

    def _bot(self, seat: int) -> BotSeat:
        if seat not in self.bot_seats:
            self.bot_seats[seat] = self.table.bot(seat)
        return self.bot_seats[seat]

    def _stand_in(self, seat: int) -> BotSeat:
        if seat not in self.stand_ins:
            self.stand_ins[seat] = self.table.bot(seat, "normal")
        return self.stand_ins[seat]

    async def _bot_move(self, bot: BotSeat, view: View) -> str:
        """A bot's move, thought out off the event loop (the other screens stay quick)."""
        return await asyncio.to_thread(bot.choose, view)

    def _take_back(self, seat: int) -> None:
        chair = self.chairs[seat]
        try:
            move = self.table.take_back(seat)
        except ValueError:  # a transcript that does not replay: the game stays as it is
            move = None
        chair.notes[:] = [Note("undo_nothing") if move is None else Note("undone", move=move)]
        self.changed()

    def _note_problems(self) -> None:
        err = self.table.save_failure
        reason = "" if err is None else getattr(err, "strerror", None) or type(err).__name__
        self.problem = None if err is None else Note("not_saved", name=str(reason))

    async def between_games(self, problem: Exception | None) -> bool:
        """The score screen of the game just booked; whether another game follows."""
        match = self.match
        if problem is not None:
            self.problem = Note("records_failed", name=records_kind(problem))
        self.stage = SCORES
        for chair in self.chairs.values():
            chair.ready = False
        self.changed()
        if match.is_over:
            return False
        # The next game starts when every person here has pressed Enter (people away count as ready).
        while any(c.present and not c.ready for c in self.chairs.values()):
            self._wake.clear()
            await self._wake.wait()
        self.table.next_game()
        for chair in self.chairs.values():
            chair.notes.clear()
        self.stage = PLAYING
        self.changed()
        return True


class _Decider:
    """The room's player for one seat: the room decides who answers (see :meth:`Room._decide`)."""

    def __init__(self, room: Room, seat: int) -> None:
        self.room = room
        self.seat = seat

    async def decide(self, view: View) -> str:
        try:
            return await self.room._decide(self.seat, view)
        except UndoRequest:
            self.room._take_back(self.seat)
            raise Undone from None

    def update(self, view: View, events: Sequence[Event]) -> None:
        """The room's notes are told by the table (``_Notes``): nothing here."""
