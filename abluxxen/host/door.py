"""The door: who may connect, how many at once, and what wrong codes cost.

Everything here is bounded per client, so that no one client (or one
address, or a scanner behind an ``ssh -R`` tunnel where every client is
127.0.0.1) can shut the table for the others:

- **Places.** At most :data:`MAX_CONNECTIONS` connections at once, and at most
  :data:`MAX_STARTING` of them from one address before they have logged in
  (sshd's ``PerSourceMaxStartups``). A connection that has not begun to log in
  within :data:`SILENT` seconds is closed; when every place is taken, a newcomer
  takes the place of a silent connection (one that has not even said it speaks
  SSH), or of one that just gave a wrong code: of its own address first, else
  of the address that holds the most waiting places. Never of a person at the
  table, nor of one in their key exchange or logging in: people share addresses
  (NAT, a school, an ``ssh -R`` tunnel), and an address that keeps
  reconnecting must not push out the real logins beside it.
- **Wrong codes.** Counted per address *and* login name: more than
  :data:`MAX_WRONG` within :data:`WINDOW` seconds lock that name at that address
  out for :data:`LOCK` seconds, twice as long at each lock after that (at most
  :data:`LONGEST_LOCK`); the person is told why. Other names at the address are
  not locked out, but once an address has given :data:`FREE_TRIES` wrong codes
  within the window, its codes are checked one at a time, at most one every
  :data:`PACE` seconds: a scanner cycling through names learns little faster.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

#: Connections the host takes at once; more are turned away politely.
MAX_CONNECTIONS = 64
#: The most places a club may be given (``abluxxen club --places``).
MAX_PLACES = 10_000
#: Connections one address may have open before they have logged in.
MAX_STARTING = 10
#: Seconds a connection may stay silent (not begin to log in) before it is closed.
SILENT = 10.0
#: Wrong codes a login name may give from one address within :data:`WINDOW`; one more locks it out.
MAX_WRONG = 5
#: The window over which wrong codes count (seconds).
WINDOW = 60.0
#: The first lock (seconds); each further one lasts twice as long, up to :data:`LONGEST_LOCK`.
LOCK, LONGEST_LOCK = 60.0, 3600.0
#: Wrong codes an address may give within the window before its codes are checked at a pace.
FREE_TRIES = 10
#: Seconds between two codes checked from an address that gives too many wrong ones.
PACE = 1.0
#: Addresses (or address and name pairs) remembered at most; a flood of them must not grow memory.
REMEMBERED = 10_000

SILENT_STAGE, LOGGING_IN, REFUSED, IN = "silent", "logging in", "refused", "in"


@dataclass(eq=False)
class Caller:
    """One connection at the door.

    Attributes:
        address: the client's address.
        close: ends the connection (with a reason for the log).
        since: when it connected (the door's clock).
        stage: ``silent`` (not begun to log in), ``logging in``, ``refused`` (its last code was
            wrong), or ``in`` (logged in: a person at the table, never pushed out).
        name: the login name, once it began to log in.
        spoke: whether the client has said it speaks SSH (sent its version): a silent one that has is
            in its key exchange, a person's login under way, and is never pushed out.
    """

    address: str
    close: Callable[[str], None]
    since: float = 0.0
    stage: str = SILENT_STAGE
    name: str = ""
    spoke: Callable[[], bool] = lambda: False


@dataclass
class _Wrongs:
    """Wrong codes of one address and name: their times, and the locks so far."""

    times: deque[float] = field(default_factory=deque)
    locks: int = 0
    until: float = 0.0
    last: float = 0.0


class Door:
    """The host's door: places for connections, and the count of wrong codes.

    Args:
        clock: monotonic seconds (tests pass their own).
        max_connections: connections at once.
        max_starting: connections one address may have open before logging in.
        silent: seconds a connection may stay silent before it is closed.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, *, max_connections: int = MAX_CONNECTIONS,
                 max_starting: int = MAX_STARTING, silent: float = SILENT) -> None:
        self.clock = clock
        self.max_connections = max_connections
        self.max_starting = max_starting
        self.silent = silent
        self.callers: list[Caller] = []
        self._wrongs: dict[tuple[str, str], _Wrongs] = {}
        self._address_wrongs: dict[str, deque[float]] = {}
        self._next_check: dict[str, float] = {}

    # -- places --------------------------------------------------------------------------------

    def arrive(self, caller: Caller) -> str | None:
        """Give ``caller`` a place; ``None`` when it has one, else why not (``full``, ``busy_address``).

        To make room, a silent connection, or one whose last code was wrong, is closed: of the
        caller's own address when it holds its share, else of the address that holds the most
        waiting places (the caller's own first among equals). People logged in, logging in or in
        their key exchange stay.
        """
        caller.since = self.clock()
        starting = [c for c in self.callers if c.address == caller.address and c.stage != IN]
        if len(starting) >= self.max_starting and not self._push_out(starting):
            return "busy_address"
        if len(self.callers) >= self.max_connections and not self._push_out_busiest(caller.address):
            return "full"
        self.callers.append(caller)
        return None

    def _push_out_busiest(self, address: str) -> bool:
        """Close a waiting connection of the address that holds the most waiting places; whether one was.

        A churning address pays for its own churn: another address's newcomer is not the one pushed out.
        """
        waiting: dict[str, list[Caller]] = {}
        for c in self.callers:
            if c.stage != IN:
                waiting.setdefault(c.address, []).append(c)
        busiest = sorted(waiting, key=lambda a: (len(waiting[a]), a == address), reverse=True)
        return any(self._push_out(waiting[a]) for a in busiest)

    def _push_out(self, among: list[Caller]) -> bool:
        """Close the oldest silent (else refused) connection among ``among``; whether one was."""
        for stage in (SILENT_STAGE, REFUSED):
            waiting = [c for c in among if c.stage == stage and not (stage == SILENT_STAGE and c.spoke())]
            if waiting:
                oldest = min(waiting, key=lambda c: c.since)
                self.gone(oldest)
                oldest.close("pushed out")
                return True
        return False

    def gone(self, caller: Caller) -> None:
        """``caller``'s connection has ended: its place is free."""
        if caller in self.callers:
            self.callers.remove(caller)

    def still_silent(self, caller: Caller) -> bool:
        """Whether ``caller`` has not begun to log in (checked :attr:`silent` seconds after it came)."""
        return caller in self.callers and caller.stage == SILENT_STAGE

    # -- codes ---------------------------------------------------------------------------------

    def begins(self, caller: Caller, name: str) -> None:
        """``caller`` begins to log in as ``name``."""
        caller.stage, caller.name = LOGGING_IN, name

    def locked(self, address: str, name: str) -> float:
        """Seconds ``name`` is still locked out at ``address`` (0: not locked)."""
        wrongs = self._wrongs.get((address, name.casefold()))
        return max(0.0, wrongs.until - self.clock()) if wrongs is not None else 0.0

    def wait_before_check(self, address: str) -> float:
        """Seconds to wait before a code from ``address`` is checked (0 unless it gave many wrong ones).

        Each call books the next check, so codes from a busy address are checked one by one.
        """
        now = self.clock()
        recent = self._address_wrongs.get(address)
        if recent is None or len(self._recent(recent, now)) < FREE_TRIES:
            return 0.0
        at = max(now, self._next_check.get(address, now))
        self._next_check[address] = at + PACE
        return at - now

    def wrong(self, caller: Caller) -> float:
        """``caller`` gave a wrong code; seconds the name is now locked out at its address (0: not)."""
        now = self.clock()
        caller.stage = REFUSED
        self._forget_old(now)
        self._address_wrongs.setdefault(caller.address, deque()).append(now)
        wrongs = self._wrongs.setdefault((caller.address, caller.name.casefold()), _Wrongs())
        if wrongs.last and now - wrongs.last > LONGEST_LOCK:
            wrongs.locks = 0  # an hour without a wrong code: the next lock is short again
        wrongs.last = now
        self._recent(wrongs.times, now).append(now)
        if len(wrongs.times) > MAX_WRONG:
            wrongs.until = now + min(LONGEST_LOCK, LOCK * 2 ** wrongs.locks)
            wrongs.locks += 1
            wrongs.times.clear()
        return max(0.0, wrongs.until - now)

    def admitted(self, caller: Caller) -> None:
        """``caller`` logged in: a person at the table now. Its wrong codes before are forgiven, not the
        locks: the next lock of the name is still longer (a scanner's locks must not be reset by the
        person who comes in between)."""
        caller.stage = IN
        wrongs = self._wrongs.get((caller.address, caller.name.casefold()))
        if wrongs is not None:
            wrongs.times.clear()

    @staticmethod
    def _recent(times: deque[float], now: float) -> deque[float]:
        while times and now - times[0] > WINDOW:
            times.popleft()
        return times

    def _forget_old(self, now: float) -> None:
        """Keep the books bounded: a flood of addresses or names must not grow them for ever."""
        if len(self._wrongs) > REMEMBERED:
            self._wrongs = {k: w for k, w in self._wrongs.items() if w.until > now or now - w.last <= WINDOW}
        if len(self._address_wrongs) > REMEMBERED:
            self._address_wrongs = {a: t for a, t in self._address_wrongs.items() if t and now - t[-1] <= WINDOW}
            self._next_check = {a: t for a, t in self._next_check.items() if t > now}

