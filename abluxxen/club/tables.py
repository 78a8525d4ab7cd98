"""The club's side of its tables in play, wherever each plays: a :class:`TableLink` each (what its events
last told, and its orders sent as messages), through the :class:`Channel` of the worker that plays it (a
process of its own, or the club's own serving the very same frames: ``club/workers.py``).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..host.server import Relay
from .frames import Ending, send
from .messages import (
    Chat,
    Close,
    Event,
    GameOver,
    Kick,
    Log,
    Missed,
    Mute,
    Order,
    Over,
    Play,
    Recorded,
    SendBack,
    Sleep,
    Stage,
    Turn,
    encode,
)

#: The longest a visit waits for a sleeping table to play again.
WAKING = 10.0


class TableLink:
    """A table in play as the club sees it: what its events last told (its stage, people, bots, watchers,
    save, chat, whose decision it is), and the orders the club gives it. Asleep (:attr:`channel` ``None``,
    :attr:`asleep`), it keeps what it last told and plays again from its save when woken.

    Args:
        play: the order that plays it (given again, from its save, when it is woken or its worker replaced).
        heard: told every event of it, after it is taken in here (the club's side of it).
    """

    def __init__(self, play: Play, heard: Callable[[TableLink, Event], None]) -> None:
        self.play = play
        self.number = play.number
        self.heard = heard
        self.channel: Channel | None = None
        self.stage = "waiting"
        self.people: tuple[str, ...] = ()
        self.bots = 0
        self.watchers = 0
        self.save: str | None = Path(play.save).name
        self.chat: object = play.chat
        self.away: dict[str, float] = {}
        self.turn: Turn | None = None
        self.asleep = False
        self.awake = asyncio.Event()  # set while it plays somewhere
        self.wake_wanted = False  # woken while falling asleep: played again once it has stopped
        self.coming = False  # someone is on their way to it (join, watch): it does not sleep meanwhile
        self.muted: dict[str, float] = dict(play.muted or {})  # who may not talk here, until when (calendar)

    def listed(self, stage: str, people: tuple[str, ...], bots: int, away: dict[str, float],
               turn: Turn | None) -> None:
        """Asleep from the start, as the club's database listed it (a restarted club reads no save until the
        table is needed): its stage, its people, its bots, who of them is away since when, whose decision it
        awaits."""
        self.asleep = True
        self.stage, self.people, self.bots, self.away, self.turn = stage, people, bots, away, turn

    def save_name(self) -> str | None:
        """Its save's file name in the club's folder (``None``: none to resume)."""
        return self.save

    def told(self, event: Event) -> None:
        """An event of this table: taken in, then the club hears it."""
        match event:
            case Stage():
                self.stage, self.people, self.bots = event.stage, event.people, event.bots
                self.watchers, self.save, self.away = event.watchers, event.save, event.away
            case Turn():
                self.turn = event
            case Chat(chat=chat):
                self.chat = chat
            case Over():
                self.channel = None
                self.awake.clear()
                if not self.asleep:
                    self.stage = "over"
            case GameOver() | Recorded() | Log() | Missed():
                pass
        self.heard(self, event)

    def again(self, now: float | None = None) -> Play:
        """The order that plays it on from its save as it is now (its chat, its mutes, who is away and for
        how long by ``now``, the calendar's seconds)."""
        save = self.save if self.save is not None else Path(self.play.save).name
        now = time.time() if now is None else now
        turn = self.turn
        # Played over days: the decision awaited keeps its deadline (and when it began), whoever wakes it.
        due = (turn.seat, turn.deadline - now, turn.since) if self.play.settings.get("hours") and turn is not None \
            and turn.seat is not None and turn.deadline is not None else None
        self.play = replace(self.play, save=str(Path(self.play.save).with_name(save)), chat=self.chat,
                            muted={name: until for name, until in self.muted.items() if until > now},
                            away={name: max(0.0, now - since) for name, since in self.away.items()}, due=due)
        return self.play

    def wake_at(self) -> float | None:
        """When it must play again if it sleeps (the calendar's seconds): when a stand-in takes the decision
        awaited (the end of its person's grace); ``None``: it may not sleep (someone is there, a bot or a
        stand-in has something to do, or it is no table in play)."""
        if self.watchers or self.stage not in ("waiting", "playing") or set(self.away) != set(self.people):
            return None
        if self.play.settings.get("hours") and self.stage != "playing":  # played over days: nobody is waited for
            return None
        if self.stage == "waiting":  # a table played anew waits for its people: until the last grace ends
            return max(self.away.values(), default=0.0) + self.play.grace if self.away else None
        turn = self.turn
        if turn is None or turn.seat is None or turn.name not in self.away or turn.deadline is None:
            return None
        return turn.deadline

    def order(self, order: Order) -> None:
        """Send an order to where it plays (asleep: nowhere, there is nothing to tell)."""
        if self.channel is not None:
            self.channel.order(order)

    def close(self) -> None:
        self.order(Close(self.number))

    def kick(self, name: str) -> None:
        """``name``'s seat is theirs no more: now where it plays, and whenever it plays again (woken from its
        sleep, or in a new worker), its owners no longer name them."""
        folded = name.casefold()
        self.play = replace(self.play, owners={k: v for k, v in self.play.owners.items() if k != folded})
        self.order(Kick(self.number, name))

    def send_back(self, name: str) -> None:
        self.order(SendBack(self.number, name))

    def mute(self, name: str, seconds: float) -> None:
        self.muted[name] = time.time() + seconds
        self.order(Mute(self.number, name, seconds))

    def sleep(self) -> None:
        """It stops where it plays until woken (its save kept): asleep from the moment it says it is over."""
        if self.channel is not None:
            self.asleep = True
            self.order(Sleep(self.number))

    async def visit(self, hooks: Relay, header: dict[str, Any]) -> Ending:
        """A person at this table until they leave it (see :meth:`Channel.visit`); a table being woken is
        waited for."""
        if self.channel is None and self.asleep:
            try:
                await asyncio.wait_for(self.awake.wait(), WAKING)
            except TimeoutError:
                pass
        self.coming = False
        if self.channel is None:
            return Ending(reason="closed")
        return await self.channel.visit(self.number, hooks, header)


@dataclass
class _Visit:
    """A person at a table: their session's output, and the visit's end to come."""

    write: Callable[[str], object]
    ended: asyncio.Future[Ending]


class Channel:
    """The club's end of one worker's socket pair (frames sent before it is connected wait, in order): a
    process of its own, or the club's own process serving the very same frames (``serving``); the tables
    it plays and the people's visits to them.

    Args:
        process: the worker's process (``None``: it serves in the club's own process).
    """

    def __init__(self, process: subprocess.Popen[bytes] | None) -> None:
        self.process = process
        self.serving: asyncio.Task[None] | None = None  # in the club's own process: its run
        self.writer: asyncio.StreamWriter | None = None
        self.waiting: list[tuple[bytes, int, bytes]] = []
        self.tables: dict[int, TableLink] = {}
        self.visits: dict[int, _Visit] = {}
        self._next_visit = 1
        self.local: Any = None  # in the club's own process: its side (tables and visits), for tests to look at

    @property
    def pid(self) -> int:
        """The process it runs in."""
        return self.process.pid if self.process is not None else os.getpid()

    def running(self) -> bool:
        """Whether it still runs."""
        if self.process is not None:
            return self.process.poll() is None
        return self.serving is not None and not self.serving.done()

    def kill(self) -> None:
        """End it now (its tables' saves hold every move)."""
        if self.process is not None:
            self.process.kill()
        elif self.serving is not None:
            self.serving.cancel()

    def send(self, kind: bytes, session: int, payload: bytes) -> None:
        if self.writer is None:
            self.waiting.append((kind, session, payload))
        else:
            send(self.writer, kind, session, payload)

    def backlog(self) -> int:
        """Bytes written to the worker that it has not read yet."""
        if self.writer is None:
            return sum(len(payload) for _, _, payload in self.waiting)
        return self.writer.transport.get_write_buffer_size()

    def connected(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        for frame in self.waiting:
            send(writer, *frame)
        self.waiting.clear()

    def order(self, order: Order) -> None:
        self.send(b"J", 0, encode(order))

    def place(self, table: TableLink, play: Play) -> None:
        """Play ``table`` here, as ``play`` says."""
        table.channel, table.asleep, table.wake_wanted = self, False, False
        table.awake.set()
        self.tables[table.number] = table
        self.order(play)

    def told(self, event: Event) -> None:
        """An event from the worker, for the table it names (a table it no longer plays: nothing)."""
        number = getattr(event, "number", None)
        table = self.tables.get(number) if isinstance(number, int) else None
        if table is None:
            return
        if isinstance(event, Over):
            del self.tables[table.number]
        table.told(event)

    async def visit(self, number: int, hooks: Relay, header: dict[str, Any]) -> Ending:
        """A person at table ``number``: their keys and resizes go to the worker (through ``hooks``), its
        drawing of their screen comes back, until the visit ends."""
        visit = self._next_visit
        self._next_visit += 1
        ended: asyncio.Future[Ending] = asyncio.get_running_loop().create_future()
        self.visits[visit] = _Visit(hooks.write, ended)
        hooks.keys = lambda keys: self.send(b"K", visit, keys.encode())
        hooks.backlog = self.backlog
        hooks.resized = lambda cols, rows: self.send(b"S", visit, json.dumps([cols, rows]).encode())
        self.send(b"O", visit, json.dumps({**header, "number": number}).encode())
        try:
            return await ended
        finally:
            hooks.keys = hooks.resized = None
            hooks.backlog = lambda: 0
            self.visits.pop(visit, None)
            # The session went (its connection lost): the worker's screen goes too, and the room counts its
            # seat as away. (Cancelling this visit cancels ``ended`` with it: cancelled is not ended.)
            if ended.cancelled() or not ended.done():
                self.send(b"C", visit, b"")

    def drew(self, visit: int, payload: bytes) -> None:
        """A visit's screen drew (a ``W`` frame)."""
        found = self.visits.get(visit)
        if found is not None:
            found.write(payload.decode("utf-8", "replace"))

    def ended(self, visit: int, ending: Ending) -> None:
        """A visit ended (an ``E`` frame, or its worker went)."""
        found = self.visits.get(visit)
        if found is not None and not found.ended.done():
            found.ended.set_result(ending)
