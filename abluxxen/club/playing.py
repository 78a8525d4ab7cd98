"""A club's table in play, wherever its room runs: the :class:`Playing` the club sees, :class:`Here` for a
room in this process, and :func:`play_club_table`, which plays one in any process (the club's, a worker's)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from ..table.codes import new_code
from ..table.room import Room
from ..table.table import DiskThread, Table
from .settings import Settings


class Playing(Protocol):
    """A club table in play, wherever its room runs: in the club's own process (:class:`Here`), or in a
    worker process (``club/workers.py``), which tells the club what it needs to know."""

    @property
    def stage(self) -> str:
        """The room's stage (``waiting``, ``playing``, ``scores``, ``over``)."""

    def people(self) -> list[str]:
        """The names at its seats."""

    def bots(self) -> int:
        """The seats bots play."""

    def watchers(self) -> int:
        """How many watch it."""

    def save_name(self) -> str | None:
        """Its save's file name in the club's folder (``None``: none)."""

    def chat(self) -> object:
        """Its chat, as ``club.json`` keeps it."""

    def close(self) -> None:
        """(An admin closes the table.) Its screens go back to the lobby and play stops; the save stays."""

    def kick(self, name: str) -> None:
        """(An account is banned.) The seat of ``name`` is theirs no more, and they leave it."""

    def send_back(self, name: str) -> None:
        """(An admin kicks ``name``.) Their screens here go back to the lobby; a seat of theirs waits for
        them, as a dropped one does."""

    def mute(self, name: str, seconds: float) -> None:
        """(An admin mutes ``name``.) They say nothing here for ``seconds`` (0: they may talk again)."""

    def stop(self) -> None:
        """(The club stops.) Play stops; the save stays, to be resumed."""


class Here:
    """A table whose room runs in this process: a worker's (``club/workers.py``: a process of its own, or the
    club's own serving as a worker), or a club's that has no workers at all (a club made without a host).

    Args:
        room: its room.
        task: the room's run.
    """

    def __init__(self, room: Room, task: asyncio.Task[None]) -> None:
        self.room = room
        self.task = task

    @property
    def stage(self) -> str:
        return self.room.stage

    def people(self) -> list[str]:
        return [c.name for c in self.room.chairs.values()]

    def bots(self) -> int:
        return sum(1 for seat in self.room.saved.seats if seat.is_bot)

    def watchers(self) -> int:
        return len(self.room.watchers)

    def save_name(self) -> str | None:
        table = self.room.table
        # A finished match's save is gone once its games are recorded: nothing to resume.
        return table.path.name if table.path is not None and not table.retired else None

    def chat(self) -> object:
        return self.room.kept()["chat"]

    def close(self) -> None:
        for screen in self.room.screens():
            screen.close("closed")
        self.task.cancel()

    def kick(self, name: str) -> None:
        if self.room.chair_of(name) is not None:
            self.room.kick(name)

    def send_back(self, name: str) -> None:
        for screen in self.room.screens():
            if screen.name.casefold() == name.casefold():
                screen.close("kicked")

    def mute(self, name: str, seconds: float) -> None:
        self.room.talk.silence(name, seconds)

    def stop(self) -> None:
        self.task.cancel()


def play_club_table(played: Table, settings: Settings, owners: dict[str, str], *, grace: float, delay: float,
                    chat: object, recorded: Callable[[], None], kept: Callable[[bool], None],
                    over: Callable[[], None]) -> Here:
    """A club table played in this process (the club's own, or a worker's) until it is over.

    Its save is locked (the records' journal, which records the finished saves nobody holds, must leave
    it alone: it is this table's to record, with the accounts); its seats are its owners'; nobody is
    waited for longer than the grace; its chat is as ``club.json`` kept it. ``recorded`` is told when a
    game was recorded, ``kept`` when the room keeps something new (``True``: owners, a new save, to be kept
    at once; ``False``: its chat), ``over`` when it has ended (its save's lock given up).

    Raises:
        SaveBusy: another process holds the save.
    """
    if played.path is not None:
        played.lock(played.path)
    played.disk = DiskThread()  # a slow disk holds up this table, never everyone the process serves
    room = Room(played, code=new_code(), grace=grace, delay=delay, turn=settings.clock)
    room.resumed = True  # whoever does not come to their seat has its grace, then a bot
    for chair in room.chairs.values():
        key = owners.get(chair.name.casefold())
        chair.keys = frozenset({key}) if key else frozenset()
    if chat is not None:
        room.restore({"chat": chat})

    def on_recorded() -> None:
        recorded()
        kept(True)  # a finished match's save is gone: club.json names it no more
    played.on_recorded = on_recorded
    room.on_kept = kept
    here = Here(room, asyncio.get_running_loop().create_task(room.run()))

    def ended(_: object) -> None:
        played.unlock()
        over()
    here.task.add_done_callback(ended)
    return here
