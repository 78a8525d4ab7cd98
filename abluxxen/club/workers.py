"""A club's tables in worker processes: the people at a club's tables play on more than one core.

Python runs one process on one core, and most of a table's cost is drawing
its four screens (docs/hosting.md has the figures): one process is full at
about 75 tables of people. ``abluxxen club --workers N`` starts N worker
processes. The club's own process keeps the door, the SSH sessions, the
lobby, the accounts, the ratings and the club's database; each table in play, its
room and the screens of the people at it, run in one worker
(:class:`Workers` chooses the one with the fewest tables). While a person
is at a table, the club passes their session's keys to the worker and the
worker's drawing of their screen back to the session (as it reads and
writes the SSH channel); back in the lobby, the club draws again.

Between the club and a worker: a socket pair, and frames on it, each a
kind, a session's number (0: none) and a length, then that many bytes:

- ``J``: a message of :mod:`.messages`, both ways: the club's orders (play a
  table from its save, close it, kick or send back a name, mute one, let it
  sleep, stop) and the tables' events, pushed as they happen (its stage,
  whose decision it is, its chat, a game over and recorded, its end, a line
  of the worker's log: only the club's process writes, and rotates,
  ``host.log``);
- for a person's visit to a table: ``O`` opens it (who they are, their
  terminal), ``K`` their keys, ``S`` their terminal's new size, ``C`` their
  connection is gone; from the worker ``W`` what their screen writes, ``E``
  that their visit ended (and how: left, sent away, lost).

Every table plays through a worker, so that a person's visit takes one path wherever it plays: with
``--workers 0`` (or once worker processes kept failing) the club's own process serves the very same
frames over a socket pair within itself (:meth:`Workers.here`). A key, a resize, a lost connection and
a failing screen then take one path, tested both ways.

Nothing of a hand crosses but in a ``W`` frame to the session of the
person whose screen drew it: the worker draws each screen for its login, as
the club's own process would.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import subprocess
import sys
import time

from ..host.log import log
from .frames import MAX_FRAME, MAX_LOG_LINE, Ending, receive
from .messages import Log, Over, Play, Stop, heard
from .tables import Channel, TableLink
from .worker import STOPPING, serve

#: Tables a worker takes before the club starts another (when it may: ``--workers``). A hundred tables
#: of people on two cores met the targets with twelve workers (docs/hosting.md).
TABLES_EACH = 8
#: Workers that may fail within :data:`FAILURES_WINDOW` seconds and be replaced; past that, a worker that
#: fails is not (something fails them all: starting more would only fail again).
MAX_FAILURES, FAILURES_WINDOW = 3, 60.0


#: The most workers a club starts by itself (as its tables need them, :data:`TABLES_EACH` each).
MOST_WORKERS = 12


#: Whether this system can start worker processes: a worker is handed its end of a Unix socket pair as an
#: open file, which Windows has no way to do (there, every table plays in the club's own process).
CAN_START_WORKERS = hasattr(socket, "AF_UNIX") and os.name == "posix"


def default_workers() -> int:
    """The most workers for a club started without ``--workers``: :data:`MOST_WORKERS`, none on a machine
    of one core (the club's own process is all it has) or one that cannot start them."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return MOST_WORKERS if cores > 1 and CAN_START_WORKERS else 0


class Workers:
    """The club's worker processes, through which its tables play (the club's ``Elsewhere``).

    A club starts with one worker, and starts another when each has :data:`TABLES_EACH` tables, up to
    ``count``: a small club costs one process, a big one spreads its tables thin (a key typed at a table
    then waits behind fewer other screens in its worker's turn).

    Every table plays through a worker, so that a person's visit takes one path wherever their table plays:
    with no worker process to be had (``count`` 0, or workers that kept failing), the club's own process
    serves the same frames over a socket pair of its own (:meth:`here`).

    Args:
        count: the most worker processes (0: every table in the club's own process).
    """

    def __init__(self, count: int) -> None:
        self.count = max(0, count) if CAN_START_WORKERS else 0
        self.workers: list[Channel] = []
        self.own: Channel | None = None  # the club's own process, serving as a worker
        self._readers: list[asyncio.Task[None]] = []
        self._failures: list[float] = []  # when workers failed lately
        self.stopping = False

    async def start(self) -> None:
        """Start the first worker (told the club's data directory through its environment)."""
        if self.count:
            self.workers.append(self._worker())

    def here(self) -> Channel:
        """The club's own process as a worker: the very frames a worker process serves, over a socket pair
        within this process (started when first needed, and again should it end)."""
        if self.own is None or not self.own.running():
            ours, theirs = socket.socketpair()  # a Unix one where there are, else over the loopback
            own = Channel(None)
            own.serving = asyncio.get_running_loop().create_task(
                serve(theirs, own_process=False, made=lambda local: setattr(own, "local", local)))
            self._readers.append(asyncio.get_running_loop().create_task(self._read(own, ours)))
            self.own = own
        return self.own

    def _worker(self) -> Channel:
        """A new worker process; it is connected on the event loop (what is sent meanwhile waits)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        process = subprocess.Popen([sys.executable, "-m", "abluxxen.club.worker", "--fd", str(theirs.fileno())],
                                   pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
        theirs.close()
        worker = Channel(process)
        self._readers.append(asyncio.get_running_loop().create_task(self._read(worker, ours)))
        return worker

    # -- tables (the club's Elsewhere) -------------------------------------------------------------

    def play(self, table: TableLink, play: Play) -> None:
        """Play ``table`` as ``play`` says, in the worker process with the fewest tables (or in the club's
        own, when it has none)."""
        if self.workers:
            worker = min(self.workers, key=lambda w: len(w.tables))
            if len(worker.tables) >= TABLES_EACH and len(self.workers) < self.count:
                worker = self._worker()
                self.workers.append(worker)
        else:
            worker = self.here()
        worker.place(table, play)

    def all(self) -> list[Channel]:
        """Every worker: the processes, and the club's own when it serves."""
        return self.workers + ([self.own] if self.own is not None else [])

    def stop(self) -> None:
        """Every worker stops its tables (their saves kept) and ends."""
        self.stopping = True
        for worker in self.all():
            worker.order(Stop())

    async def ended(self) -> None:
        """Until every worker has ended (at most :data:`STOPPING` seconds; then it is killed)."""
        for worker in self.all():
            for _ in range(int(STOPPING / 0.05)):
                if not worker.running():
                    break
                await asyncio.sleep(0.05)
            else:
                worker.kill()
            if worker.writer is not None:
                worker.writer.close()

    # -- what the workers tell ------------------------------------------------------------------

    async def _read(self, worker: Channel, sock: socket.socket) -> None:
        try:
            reader, writer = await asyncio.open_connection(sock=sock, limit=MAX_FRAME)
            worker.connected(writer)
            while True:
                kind, number, payload = await receive(reader)
                if kind == b"W":
                    worker.drew(number, payload)
                elif kind == b"E":
                    worker.ended(number, _ending(payload))
                elif kind == b"J":
                    message = heard(payload, sender="a worker of the club")
                    if message is None:
                        continue
                    if isinstance(message, Log):
                        _logged(worker, message)
                    else:
                        worker.told(message)  # type: ignore[arg-type]
        except (asyncio.IncompleteReadError, OSError, ValueError) as err:
            if not self.stopping:
                log.error("A worker of the club ended (%s)", type(err).__name__)
            self._lost(worker)

    def _lost(self, worker: Channel) -> None:
        """A worker is gone: its people's visits end (they are back in the lobby, told why); unless the
        club stops, a new worker takes its place and plays its tables on from their saves."""
        for number in list(worker.visits):
            worker.ended(number, Ending(reason="failed"))
        if self.stopping:
            return
        if worker is self.own:  # the club's own serving failed: it serves anew, its tables from their saves
            log.error("The club's own tables stopped: they play on from their saves")
            self.own = None
            self._play_again(worker, self.here())
            return
        if worker not in self.workers:
            return
        now = time.monotonic()
        self._failures = [t for t in self._failures if now - t < FAILURES_WINDOW] + [now]
        if len(self._failures) > MAX_FAILURES:  # failing again and again: playing on would fail again
            log.error("The club's workers keep failing: their tables end (their saves stay in the club's folder), "
                      "and new ones play in the club's own process")
            self.workers.remove(worker)
            self.count = 0
            for table in list(worker.tables.values()):
                worker.told(Over(table.number, "its worker kept failing"))
            return
        self._replace(worker)

    def _replace(self, worker: Channel) -> None:
        """A new worker takes ``worker``'s place and plays its tables on from their saves."""
        worker.kill()
        new = self._worker()
        self.workers[self.workers.index(worker)] = new
        self._play_again(worker, new)

    @staticmethod
    def _play_again(worker: Channel, new: Channel) -> None:
        """``new`` plays ``worker``'s tables on from their saves."""
        for table in list(worker.tables.values()):
            if table.save_name() is not None:
                new.place(table, table.again())
            else:
                table.told(Over(table.number))
        worker.tables.clear()


def _ending(payload: bytes) -> Ending:
    """How a visit ended, as an ``E`` frame says (a frame that says nothing of the kind: it ended)."""
    try:
        told = json.loads(payload)
        return Ending(goodbye=str(told.get("goodbye", "")), reason=str(told.get("reason", "")),
                      lost=bool(told.get("lost", False)), seated=bool(told.get("seated", False)))
    except (ValueError, AttributeError):
        return Ending()


def _logged(worker: Channel, told: Log) -> None:
    """A line of ``worker``'s log, written in the club's log under the worker's process number, counted with
    its kind when it repeats (:class:`~.log.Repeats`)."""
    record = logging.makeLogRecord({
        "name": told.name, "levelno": told.level, "levelname": logging.getLevelName(told.level),
        "msg": told.line[:MAX_LOG_LINE], "process": worker.pid, "repeat_kind": told.kind})
    logging.getLogger(record.name).handle(record)
