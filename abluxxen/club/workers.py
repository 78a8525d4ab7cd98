"""A club's tables in worker processes: the people at a club's tables play on more than one core.

Python runs one process on one core, and most of a table's cost is drawing
its four screens (docs/hosting.md has the figures): one process is full at
about 75 tables of people. ``abluxxen club --workers N`` starts N worker
processes. The club's own process keeps the door, the SSH sessions, the
lobby, the accounts, the ratings and ``club.json``; each table in play, its
room and the screens of the people at it, run in one worker
(:class:`Workers` chooses the one with the fewest tables). While a person
is at a table, the club passes their session's keys to the worker and the
worker's drawing of their screen back to the session (as it reads and
writes the SSH channel); back in the lobby, the club draws again.

Between the club and a worker: a socket pair, and frames on it, each a
kind, a session's number (0: none) and a length, then that many bytes:

- the club's orders (``J``, JSON): ``play`` a table from its save (its
  owners, settings, chat), ``close`` it, ``kick`` a name from it (banned),
  ``send_back`` a name to the lobby, ``mute`` a name for some seconds, ``stop``;
- for a person's visit to a table: ``O`` opens it (who they are, their
  terminal), ``K`` their keys, ``S`` their terminal's new size, ``C`` their
  connection is gone;
- from the worker: ``J`` what the club must know of a table (its stage,
  people, bots, watchers, save and chat when they change; that it recorded
  a game; that it is over), ``W`` what a person's screen writes, ``E`` that
  their visit ended (and how: left, sent away, lost), ``L`` a line of its
  log (the club writes it into its own: only the club's process writes,
  and rotates, ``host.log``).

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
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..host.log import log
from ..host.server import Relay
from .frames import MAX_FRAME, MAX_LOG_LINE, Ending, receive, send
from .lobby import Club
from .playing import Playing
from .visitors import ClubTable
from .worker import STOPPING, Worker, serve

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


# -- the club's side ----------------------------------------------------------------------------------


class Remote:
    """A table that plays in a worker, as the club sees it: what the worker last told of it."""

    def __init__(self, worker: _Worker, table: ClubTable, save: str, chat: object) -> None:
        self.worker = worker
        self.table = table
        self.told: dict[str, Any] = {"stage": "waiting", "people": [], "bots": 0, "watchers": 0, "save": save,
                                     "chat": chat}

    @property
    def stage(self) -> str:
        return str(self.told["stage"])

    def people(self) -> list[str]:
        return [str(name) for name in self.told["people"]]

    def bots(self) -> int:
        return int(self.told["bots"])

    def watchers(self) -> int:
        return int(self.told["watchers"])

    def save_name(self) -> str | None:
        save = self.told["save"]
        return str(save) if save is not None else None

    def chat(self) -> object:
        return self.told["chat"]

    def close(self) -> None:
        self.worker.order({"do": "close", "number": self.table.number})

    def kick(self, name: str) -> None:
        self.worker.order({"do": "kick", "number": self.table.number, "name": name})

    def send_back(self, name: str) -> None:
        self.worker.order({"do": "send_back", "number": self.table.number, "name": name})

    def mute(self, name: str, seconds: float) -> None:
        self.worker.order({"do": "mute", "number": self.table.number, "name": name, "seconds": seconds})

    def stop(self) -> None:
        """Nothing here: the club stops its workers all at once (:meth:`Workers.stop`)."""


class _Worker:
    """One worker, and the club's end of its socket pair (frames sent before it is connected wait, in order):
    a process of its own, or the club's own process serving the very same frames (``serving``).

    Args:
        process: the worker's process (``None``: it serves in the club's own process).
    """

    def __init__(self, process: subprocess.Popen[bytes] | None) -> None:
        self.process = process
        self.serving: asyncio.Task[None] | None = None  # in the club's own process: its run (see :func:`serve`)
        self.writer: asyncio.StreamWriter | None = None
        self.waiting: list[tuple[bytes, int, bytes]] = []
        self.tables: dict[int, Remote] = {}
        self.local: Worker | None = None  # in the club's own process: its side, tables and visits

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

    def order(self, order: dict[str, Any]) -> None:
        self.send(b"J", 0, json.dumps(order).encode())


@dataclass
class _Visit:
    """A person at a table in a worker: their session's output, and the visit's end to come."""

    write: Callable[[str], object]
    ended: asyncio.Future[Ending]
    worker: _Worker


class Workers:
    """The club's worker processes, and the people's visits to the tables in them.

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
        self.workers: list[_Worker] = []
        self.own: _Worker | None = None  # the club's own process, serving as a worker
        self.club: Club | None = None
        self.visits: dict[int, _Visit] = {}
        self._next_visit = 1
        self._readers: list[asyncio.Task[None]] = []
        self._failures: list[float] = []  # when workers failed lately
        self.stopping = False

    async def start(self) -> None:
        """Start the first worker (told the club's data directory through its environment)."""
        if self.count:
            self.workers.append(self._worker())

    def here(self) -> _Worker:
        """The club's own process as a worker: the very frames a worker process serves, over a socket pair
        within this process (started when first needed, and again should it end)."""
        if self.own is None or not self.own.running():
            ours, theirs = socket.socketpair()  # a Unix one where there are, else over the loopback
            own = _Worker(None)
            own.serving = asyncio.get_running_loop().create_task(
                serve(theirs, own_process=False, made=lambda local: setattr(own, "local", local)))
            self._readers.append(asyncio.get_running_loop().create_task(self._read(own, ours)))
            self.own = own
        return self.own

    def _worker(self) -> _Worker:
        """A new worker process; it is connected on the event loop (what is sent meanwhile waits)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        process = subprocess.Popen([sys.executable, "-m", "abluxxen.club.worker", "--fd", str(theirs.fileno())],
                                   pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
        theirs.close()
        worker = _Worker(process)
        self._readers.append(asyncio.get_running_loop().create_task(self._read(worker, ours)))
        return worker

    # -- tables (Elsewhere) ----------------------------------------------------------------------

    def play(self, club: Club, table: ClubTable, path: Path, chat: object) -> Playing:
        """Play ``table`` in the worker process with the fewest tables (or in the club's own, when it has
        none)."""
        self.club = club
        if self.workers:
            worker = min(self.workers, key=lambda w: len(w.tables))
            if len(worker.tables) >= TABLES_EACH and len(self.workers) < self.count:
                worker = self._worker()
                self.workers.append(worker)
        else:
            worker = self.here()
        remote = Remote(worker, table, path.name, chat)
        self._play(worker, remote, path)
        return remote

    def _play(self, worker: _Worker, remote: Remote, path: Path) -> None:
        assert self.club is not None
        remote.worker = worker
        worker.tables[remote.table.number] = remote
        worker.order({"do": "play", "number": remote.table.number, "save": str(path), "owners": remote.table.owners,
                      "settings": asdict(remote.table.settings), "grace": self.club.grace, "delay": self.club.delay,
                      "chat": remote.chat()})

    def all(self) -> list[_Worker]:
        """Every worker: the processes, and the club's own when it serves."""
        return self.workers + ([self.own] if self.own is not None else [])

    def stop(self) -> None:
        """Every worker stops its tables (their saves kept) and ends."""
        self.stopping = True
        for worker in self.all():
            worker.order({"do": "stop"})

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

    # -- visits -----------------------------------------------------------------------------------

    async def visit(self, remote: Playing, hooks: Relay, header: dict[str, Any]) -> Ending:
        """A person at ``remote``'s table: their keys and resizes go to its worker (through ``hooks``),
        its drawing of their screen comes back, until the visit ends."""
        assert isinstance(remote, Remote)
        worker = remote.worker
        number = self._next_visit
        self._next_visit += 1
        ended: asyncio.Future[Ending] = asyncio.get_running_loop().create_future()
        self.visits[number] = _Visit(hooks.write, ended, worker)
        hooks.keys = lambda keys: worker.send(b"K", number, keys.encode())
        hooks.backlog = worker.backlog
        hooks.resized = lambda cols, rows: worker.send(b"S", number, json.dumps([cols, rows]).encode())
        worker.send(b"O", number, json.dumps({**header, "number": remote.table.number}).encode())
        try:
            return await ended
        finally:
            hooks.keys = hooks.resized = None
            hooks.backlog = lambda: 0
            self.visits.pop(number, None)
            # The session went (its connection lost): the worker's screen goes too, and the room counts its
            # seat as away. (Cancelling this visit cancels ``ended`` with it: cancelled is not ended.)
            if ended.cancelled() or not ended.done():
                worker.send(b"C", number, b"")

    # -- what the workers tell ------------------------------------------------------------------

    async def _read(self, worker: _Worker, sock: socket.socket) -> None:
        try:
            reader, writer = await asyncio.open_connection(sock=sock, limit=MAX_FRAME)
            worker.connected(writer)
            while True:
                kind, number, payload = await receive(reader)
                if kind == b"W":
                    visit = self.visits.get(number)
                    if visit is not None:
                        visit.write(payload.decode("utf-8", "replace"))
                elif kind == b"E":
                    ending = self.visits.get(number)
                    if ending is not None and not ending.ended.done():
                        ending.ended.set_result(Ending(**json.loads(payload)))
                elif kind == b"J":
                    self._told(worker, json.loads(payload))
                elif kind == b"L":
                    _logged(worker, payload)
        except (asyncio.IncompleteReadError, OSError, ValueError) as err:
            if not self.stopping:
                log.error("A worker of the club ended (%s)", type(err).__name__)
            self._lost(worker)

    def _told(self, worker: _Worker, told: dict[str, Any]) -> None:
        remote = worker.tables.get(int(told.get("number", 0)))
        club = self.club
        if remote is None or club is None:
            return
        if "status" in told:
            remote.told.update(told["status"])
            if told.get("kept"):
                club.keep(now=bool(told.get("now", True)))
        if told.get("recorded"):
            club.rate()
        if told.get("over"):
            if told.get("error"):
                log.error("Table %d could not play: %s", remote.table.number, told["error"])
            del worker.tables[remote.table.number]
            self._over(remote)

    def _over(self, remote: Remote) -> None:
        """``remote``'s table is over: the club lists it no more."""
        remote.told["stage"] = "over"
        if self.club is not None:
            self.club.over(remote.table)

    def _lost(self, worker: _Worker) -> None:
        """A worker is gone: its people's visits end (they are back in the lobby, told why); unless the
        club stops, a new worker takes its place and plays its tables on from their saves."""
        for visit in [v for v in self.visits.values() if v.worker is worker]:
            if not visit.ended.done():
                visit.ended.set_result(Ending(reason="failed"))
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
            for remote in list(worker.tables.values()):
                self._over(remote)
            worker.tables.clear()
            return
        self._replace(worker)

    def _replace(self, worker: _Worker) -> None:
        """A new worker takes ``worker``'s place and plays its tables on from their saves."""
        worker.kill()
        new = self._worker()
        self.workers[self.workers.index(worker)] = new
        self._play_again(worker, new)

    def _play_again(self, worker: _Worker, new: _Worker) -> None:
        """``new`` plays ``worker``'s tables on from their saves."""
        club = self.club
        for remote in list(worker.tables.values()):
            name = remote.save_name()
            if club is not None and name is not None:
                self._play(new, remote, club.directory / name)
                club.hush(remote.table)
        worker.tables.clear()


def _logged(worker: _Worker, payload: bytes) -> None:
    """A line of ``worker``'s log (:class:`_LogToClub`), written in the club's log under the worker's
    process number, counted with its kind when it repeats (:class:`~.log.Repeats`)."""
    try:
        told = json.loads(payload)
        level = int(told["level"])
        record = logging.makeLogRecord({
            "name": str(told["name"]), "levelno": level, "levelname": logging.getLevelName(level),
            "msg": str(told["line"])[:MAX_LOG_LINE], "process": worker.pid,
            "repeat_kind": tuple(str(part) for part in told["kind"])})
    except (ValueError, KeyError, TypeError):
        return
    logging.getLogger(record.name).handle(record)
