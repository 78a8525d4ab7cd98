"""A club's table as the process that plays it sees it (a worker's, or the club's own serving as one):
:func:`play_club_table` plays one from its save, and :class:`PlayedTable` applies the club's orders to its
room and tells the club what happens there, as it happens (the room's change hooks), in the messages of
:mod:`.messages`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextvars import Context
from datetime import UTC, datetime
from pathlib import Path

from ..store.ratings import places, placings
from ..store.records_reading import GameSummary, RecordedSeat
from ..store.save_document import Saved
from ..store.saves import read_save
from ..store.tournament_points import absent
from ..table.codes import new_code
from ..table.room import Room
from ..table.table import DiskThread, Table
from .messages import Chat, Close, GameOver, Kick, Message, Missed, Mute, Over, Play, Recorded, SendBack, Stage, Turn
from .settings import settings_from
from .turns import what_happened


class PlayedTable:
    """A club table whose room plays in this process, and what it last told the club.

    Args:
        number: its number in the club.
        room: its room.
        tell: where its events go (to the club).
        wall: the calendar's seconds (whose turn since when, deadlines: the club's clock is another
            process's).
    """

    def __init__(self, number: int, room: Room, tell: Callable[[Message], None],
                 wall: Callable[[], float] = time.time) -> None:
        self.number = number
        self.room = room
        self.tell = tell
        self.wall = wall
        self.task: asyncio.Task[None] | None = None
        self.stage: Stage | None = None
        self.turn: Turn | None = None
        self.chat: object = room.kept()["chat"]
        self.began: dict[int, float] = {}  # a seat's decision awaited before the table was played here: since when
        # The room's clock to the calendar's, once: a time told twice is told the same.
        self.offset = wall() - room.clock()

    # -- what it tells ---------------------------------------------------------------------------------

    def changed(self) -> None:
        """The room changed: the club is told what it lists and whose decision it is, when those changed."""
        room = self.room
        table = room.table
        # A finished match's save is gone once its games are recorded: nothing to resume.
        save = table.path.name if table.path is not None and not table.retired else None
        away = {c.name: round(self.offset + c.left_at, 1) for c in room.chairs.values()
                if not c.present and c.left_at is not None}
        stage = Stage(self.number, room.stage, tuple(c.name for c in room.chairs.values()),
                      sum(1 for seat in room.saved.seats if seat.is_bot), len(room.watchers), save, away)
        if stage != self.stage:
            self.stage = stage
            self.tell(stage)
        chair = next((c for c in room.chairs.values() if c.answer is not None and not c.answer.done()), None)
        ends = []
        if chair is not None and chair.deadline is not None:
            ends.append(chair.deadline)
        if chair is not None and not chair.present and chair.left_at is not None and not room.turn_based:
            ends.append(chair.left_at + room.grace)  # (played over days: nobody is away, only their time runs)
        deadline = round(self.offset + min(ends), 1) if ends else None
        seat, name = (chair.seat, chair.name) if chair is not None else (None, "")
        if self.turn is None or (self.turn.seat, self.turn.deadline) != (seat, deadline):
            before = self.turn if self.turn is not None and self.turn.seat == seat else None  # its deadline moved
            began = self.began.pop(seat, None) if seat is not None else None
            since = before.since if before is not None else began if began is not None else self.wall()
            # What happened just before a person's decision, made once per decision (the log's last sentence,
            # narrated from its last turn: its cost does not grow with the game).
            last = before.last if before is not None else \
                what_happened(room.log, room.shown.names) if seat is not None else None
            self.turn = Turn(self.number, seat, name, since, deadline, last)
            self.tell(self.turn)

    def kept(self, now: bool) -> None:
        """The room keeps something new: its chat (told when it changed), or its seats' owners or a new
        save (told by :meth:`changed`)."""
        chat = self.room.kept()["chat"]
        if chat != self.chat:
            self.chat = chat
            self.tell(Chat(self.number, chat))
        self.changed()

    def recorded(self) -> None:
        """A game is in the records: the club rates it from what it is told here, and keeps what changed."""
        number = self.room.table.recorded_as
        if number is not None:
            self.tell(game_over(self.number, self.room.saved, number))
        self.tell(Recorded(self.number))
        self.changed()

    # -- the club's orders -----------------------------------------------------------------------------

    def apply(self, order: Close | Kick | SendBack | Mute) -> None:
        """Carry out an order of the club's (an admin's, or a ban)."""
        room = self.room
        match order:
            case Close():
                self.end("closed")
            case Kick(name=name):
                if room.chair_of(name) is not None:
                    room.kick(name)
            case SendBack(name=name):
                for screen in room.screens():
                    if screen.name.casefold() == name.casefold():
                        screen.close("kicked")
            case Mute(name=name, seconds=seconds):
                room.talk.silence(name, seconds)

    def end(self, reason: str) -> None:
        """Its screens leave (``reason``: ``closed`` by an admin, ``stopped`` with the club) and play stops."""
        for screen in self.room.screens():
            screen.close(reason)
        self.stop()

    def stop(self) -> None:
        """Play stops (the club stops, or the table sleeps); the save stays, to be played on."""
        if self.task is not None:
            self.task.cancel()


def game_over(number: int, saved: Saved, record: int) -> GameOver:
    """The event of the game just recorded as ``record``: what the records now hold of it, and how the
    ratings read it (``store/ratings.py``'s :func:`placings`, as they would reading it from the records)."""
    match = saved.match
    outcome = match.results[-1]
    seats = tuple(RecordedSeat(s.name, s.bot) for s in saved.seats)
    accounts = tuple(saved.accounts or [None] * len(seats))
    decisions = saved.decisions()
    summary = GameSummary(
        number=record, when=datetime.now(UTC), rules=match.rules, seats=seats, scores=tuple(outcome.scores),
        hand_sizes=tuple(outcome.hand_sizes),
        display_sizes=tuple(s + h for s, h in zip(outcome.scores, outcome.hand_sizes, strict=True)),
        winners=tuple(outcome.winners), seed=None, assisted=saved.assisted, reason=str(outcome.reason),
        accounts=accounts, decisions=tuple(d[0] for d in decisions), stood_in=tuple(d[1] for d in decisions))
    return GameOver(number, record, tuple(places(outcome.scores, outcome.winners)), tuple(outcome.scores), accounts,
                    tuple((p.key, p.name, p.bot, p.place) for p in placings(summary)),
                    tuple(absent([(d.made, d.stood_in) for d in decisions])))


def play_club_table(order: Play, tell: Callable[[Message], None], *,
                    wall: Callable[[], float] = time.time) -> PlayedTable:
    """A club table played in this process (the club's own, or a worker's) until it is over, as ``order``
    says; what happens at it goes to ``tell``.

    Its save is locked (the records' journal, which records the finished saves nobody holds, must leave
    it alone: it is this table's to record, with the accounts); its seats are its owners'; nobody is
    waited for longer than the grace (those away when it last played, from when they went); its chat and
    its mutes are as the club kept them. When it has ended, its lock is given up and the club told.

    Raises:
        SaveBusy: another process holds the save.
        SaveError, OSError: the save cannot be read.
        ValueError: settings no table can have.
    """
    settings = settings_from(order.settings)
    path = Path(order.save)
    played = Table(read_save(path), path)
    played.lock(path)
    played.disk = DiskThread()  # a slow disk holds up this table, never everyone the process serves
    room = Room(played, code=new_code(), grace=order.grace, delay=order.delay,
                turn=settings.hours * 3600 if settings.turn_based else settings.clock)
    room.resumed = True  # whoever does not come to their seat has its grace, then a bot
    room.turn_based = settings.turn_based
    # Woken from its sleep, it plays on: whoever is away has the rest of their grace; played over days, nobody
    # is waited for.
    # (A tournament's table woken before its game began still gathers its entrants: each one's grace runs on.)
    room.gathers = (not order.away or (order.forfeits and not played.saved.transcript.moves)) \
        and not settings.turn_based
    room.forfeits = order.forfeits
    if order.due is not None:
        seat, left, _ = order.due
        room.due[seat] = room.clock() + left
    now, now_mono = wall(), room.clock()
    away = {name.casefold(): seconds for name, seconds in (order.away or {}).items()}
    for chair in room.chairs.values():
        key = order.owners.get(chair.name.casefold())
        chair.keys = frozenset({key}) if key else frozenset()
        seconds = away.get(chair.name.casefold())
        if seconds is not None:
            chair.left_at = now_mono - max(0.0, min(seconds, order.grace))
        elif room.turn_based or order.forfeits:  # nobody is at it until they come: the grace runs from now
            chair.left_at = now_mono
    if order.chat is not None:
        room.restore({"chat": order.chat})
    for name, until in (order.muted or {}).items():
        if until > now:
            room.talk.silence(name, until - now)
    table = PlayedTable(order.number, room, tell, wall)
    if order.due is not None:  # the decision awaited is told as awaited since it began, not since it woke
        table.began[order.due[0]] = order.due[2]
    played.on_recorded = table.recorded
    room.on_missed = lambda chair, given_up: tell(Missed(order.number, chair.name, given_up))
    room.on_kept = table.kept
    room.on_changed = table.changed
    table.task = asyncio.get_running_loop().create_task(room.run(), context=Context())

    def ended(_: object) -> None:
        played.unlock()
        tell(Over(order.number))
    table.task.add_done_callback(ended)
    table.changed()
    return table
