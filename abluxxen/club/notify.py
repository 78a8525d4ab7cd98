"""Telling people who are away: the operator's ``--notify`` command, run for one person at a time.

``abluxxen club --notify COMMAND`` runs COMMAND through ``sh -c`` (as cron does), in the club's own
environment and as the club's user, when something waits for a person who is not there (their move at a
table played over days, an invitation, a deadline near, a game over). What it is told comes in its
environment, never in the command's text, so nothing a person typed (a contact, a name) is ever read by the
shell as code:

- ``ABLUXXEN_EVENT``: what happened (one of :data:`EVENTS`);
- ``ABLUXXEN_ACCOUNT``: the account's name;
- ``ABLUXXEN_TABLE``: the table's number (empty when none);
- ``ABLUXXEN_TEXT``: one line in the account's language, saying it;
- ``ABLUXXEN_CONTACT``: what the person left with ``contact`` (an address, a handle, a topic: the
  command decides what it means).

Each value is one line of printable characters, cut to a bound. The command runs off the event loop (an
asyncio subprocess), one at a time for each account (what comes meanwhile waits its turn, up to a bound;
other accounts' run beside it, up to :data:`MAX_RUNNING` at once), with a time limit after which its whole
process group is killed; it reads nothing (``/dev/null``) and its output is not kept. A failure (it cannot
start, ends with a status other than 0, or runs out of time) is one line in the club's log, with the first
line of what it wrote to stderr, and nothing else happens: the game never waits for it.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
from collections import deque
from contextvars import Context
from dataclasses import dataclass

from ..host.log import log
from ..quoting import brief, one_line
from .people import MAX_CONTACT, Person

#: What a command may be told of (``ABLUXXEN_EVENT``).
EVENTS = ("your-move", "invited", "deadline", "game-over")
#: How long one run of the command may take (seconds) before its process group is killed.
NOTIFY_TIMEOUT = 30.0
#: The longest ``ABLUXXEN_TEXT`` (a line of a mail's body, a push's message), and ``ABLUXXEN_ACCOUNT``.
MAX_TEXT, MAX_ACCOUNT = 400, 40
#: How many tellings may wait for one account while its command runs, and for all accounts together: past
#: them a telling is dropped (and logged), so that a command that hangs costs the club a bounded memory.
MAX_WAITING_EACH, MAX_WAITING = 20, 5000
#: How many commands run at once (for different accounts): a thousand moves made in a minute start no
#: thousand processes.
MAX_RUNNING = 8
#: How long the club's stop waits for commands running then, before it kills them.
STOP_GRACE = 2.0
#: How much of a failed command's stderr is read for its first line.
STDERR_KEPT = 4096


@dataclass(frozen=True)
class Telling:
    """One run of the command: what the log calls it, and its environment's own variables."""

    said: str
    variables: dict[str, str]


class Notifier:
    """Runs the operator's command to tell a person who is away (see the module's docstring).

    Args:
        command: the command, for ``sh -c`` (``""``: nobody is told).
        timeout: the seconds one run may take before its process group is killed.
    """

    def __init__(self, command: str, *, timeout: float = NOTIFY_TIMEOUT) -> None:
        self.command = command
        self.timeout = timeout
        self.stopping = False
        self._waiting: dict[str, deque[Telling]] = {}  # by account key: what waits for its command
        self._runs: dict[str, asyncio.Task[None]] = {}  # by account key: the task running its tellings
        self._running: set[asyncio.SubprocessTransport] = set()
        self._slots = asyncio.Semaphore(MAX_RUNNING)

    def tell(self, person: Person, event: str, table: int | None, text: str) -> None:
        """Tell ``person`` of ``event`` (at ``table``) in ``text``, as soon as their commands before it are
        done; returns at once. Nothing is run without a command, for a person who turned ``notify`` off or
        left no contact, or once the club stops."""
        if not self.command or self.stopping or not person.notify or not person.contact:
            return
        account = one_line(person.name, MAX_ACCOUNT)
        if event not in EVENTS:  # the program's own mistake: logged, and the game goes on
            log.error("Notify of an unknown event %s for %s", brief(event), account)
            return
        number = str(table) if table is not None else ""
        telling = Telling(f"{event} for {account}" + (f" at table {number}" if number else ""), {
            "ABLUXXEN_EVENT": event, "ABLUXXEN_ACCOUNT": account, "ABLUXXEN_TABLE": number,
            "ABLUXXEN_TEXT": one_line(text, MAX_TEXT), "ABLUXXEN_CONTACT": one_line(person.contact, MAX_CONTACT)})
        waiting = self._waiting.get(person.key, ())
        if len(waiting) >= MAX_WAITING_EACH or sum(map(len, self._waiting.values())) >= MAX_WAITING:
            log.warning("Notify %s dropped: %d wait for that account already", telling.said, len(waiting))
            return
        self._waiting.setdefault(person.key, deque()).append(telling)
        if person.key not in self._runs:
            try:
                loop = asyncio.get_running_loop()  # (a context of its own: see ClubState.keep)
                self._runs[person.key] = loop.create_task(self._tell_in_turn(person.key), context=Context())
            except RuntimeError:  # no event loop runs (the club is not serving): nothing can run
                del self._waiting[person.key]
                log.warning("Notify %s dropped: the club is not running", telling.said)

    async def _tell_in_turn(self, key: str) -> None:
        """Run an account's tellings one after the other, until none waits (or the club stops)."""
        waiting = self._waiting[key]
        try:
            while waiting and not self.stopping:
                telling = waiting.popleft()
                async with self._slots:
                    await self._run(telling)
        finally:  # no await between the last look at the queue and here: a telling never waits unseen
            self._waiting.pop(key, None)
            self._runs.pop(key, None)

    async def _run(self, telling: Telling) -> None:
        """One run of the command; a failure logged."""
        loop = asyncio.get_running_loop()
        try:
            transport, run = await loop.subprocess_exec(
                _Run, "/bin/sh", "-c", self.command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE, env={**os.environ, **telling.variables}, start_new_session=True)
        except (OSError, ValueError) as err:
            log.warning("Notify %s could not start: %s", telling.said, brief(str(err), 120))
            return
        self._running.add(transport)
        try:
            try:
                await asyncio.wait_for(asyncio.shield(run.exited), self.timeout)
            except TimeoutError:
                _kill(transport)
                await run.exited
                log.warning("Notify %s took more than %g s: stopped", telling.said, self.timeout)
                return
            status = transport.get_returncode()
            if status is None or status == 0:
                return
            if self.stopping and status < 0:
                log.warning("Notify %s stopped with the club", telling.said)
                return
            try:  # all it wrote, unless something it left behind keeps its stderr open
                await asyncio.wait_for(asyncio.shield(run.closed), 1.0)
            except TimeoutError:
                pass
            first = run.stderr.decode("utf-8", "replace").strip().split("\n", 1)[0]
            ended = f"status {status}" if status > 0 else f"signal {-status}"
            log.warning("Notify %s failed (%s)%s", telling.said, ended, f": {brief(first, 160)}" if first else "")
        finally:
            self._running.discard(transport)
            transport.close()  # its output is not kept: what it left behind writes to a closed pipe

    def stop(self) -> None:
        """The club stops: nothing more is run (what waits is dropped); what runs has a moment to end
        (:meth:`ended`)."""
        if self.stopping:
            return
        self.stopping = True
        dropped = sum(map(len, self._waiting.values()))
        for waiting in self._waiting.values():
            waiting.clear()
        if dropped:
            log.info("Notify: %d not run, the club stops", dropped)

    async def ended(self, grace: float = STOP_GRACE) -> None:
        """Stop (:meth:`stop`), and wait until no command runs: those still running after ``grace`` seconds
        are killed."""
        self.stop()
        runs = list(self._runs.values())
        if runs:
            await asyncio.wait(runs, timeout=grace)
        for transport in list(self._running):
            _kill(transport)
        if runs:
            await asyncio.gather(*runs, return_exceptions=True)


class _Run(asyncio.SubprocessProtocol):
    """One run of the command as the event loop tells of it: the start of its stderr (:data:`STDERR_KEPT`
    bytes; the rest, and its stdout, never kept), when it ended, and when its pipes closed."""

    def __init__(self) -> None:
        loop = asyncio.get_running_loop()
        self.stderr = bytearray()
        self.exited: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        if fd == 2 and len(self.stderr) < STDERR_KEPT:
            self.stderr += data[:STDERR_KEPT - len(self.stderr)]

    def process_exited(self) -> None:
        if not self.exited.done():
            self.exited.set_result(None)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.closed.done():
            self.closed.set_result(None)


def _kill(transport: asyncio.SubprocessTransport) -> None:
    """Kill the command and whatever it started (its process group: it leads a session of its own)."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(transport.get_pid(), signal.SIGKILL)
        else:  # no process groups (Windows)
            transport.kill()
    except (ProcessLookupError, PermissionError):
        pass  # gone already
