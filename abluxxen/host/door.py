"""The door: who may connect, how many at once, and what wrong codes cost.

Everything here is bounded per client, so that no one client (or one
address, or a scanner behind an ``ssh -R`` tunnel where every client is
127.0.0.1) can shut the table for the others:

- **Places, earned by moving.** At most :data:`MAX_CONNECTIONS` connections
  at once. A connection keeps its place by moving: each step of its login
  (its SSH version and keys, beginning to log in, a code asked and answered)
  comes within :data:`STILL` seconds of the one before, or waits to be read
  (the host is behind, not the client). One that stands still longer (it has
  not said a word, gave a wrong code, left its key exchange or the code
  question unanswered) gives its place up to a newcomer: an address may have
  :data:`MAX_STARTING` connections standing still before they have logged in
  (sshd's ``PerSourceMaxStartups``), and past them, when another of its
  connections comes, the one standing longest is closed. Moving ones are
  never closed for their address's sake: people share addresses (NAT, a
  school, an ``ssh -R`` tunnel), and what one client of an address does
  must not keep the others' logins out, while a connection that moves has
  only a few steps to take, each within seconds, before it is in or out.
  When every place of the door is taken, a newcomer takes the place of a
  connection of the address holding the most not logged in (its least
  advanced: one that has not said a word, then one that gave a wrong code,
  then one standing still, then the logins on their way), but of its own
  address only one that stands still or has come no further than the
  newcomer has; never of a person logged in. A connection that has not begun
  to log in within :data:`SILENT` seconds is closed.
- **Wrong codes.** Counted per address *and* login name: more than
  :data:`MAX_WRONG` within :data:`WINDOW` seconds lock that name at that address
  out for :data:`LOCK` seconds, twice as long at each lock after that (at most
  :data:`LONGEST_LOCK`); the person is told why. Other names at the address are
  not locked out, but once an address has given :data:`FREE_TRIES` wrong codes
  within the window, its codes are checked one at a time, at most one every
  :data:`PACE` seconds: a scanner cycling through names learns little faster.
  A key is never locked out.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field

#: Connections the host takes at once; more are turned away politely.
MAX_CONNECTIONS = 64
#: The most places a club may be given (``abluxxen club --places``).
MAX_PLACES = 10_000
#: Connections one address may have standing still before they have logged in (sshd's ``PerSourceMaxStartups``,
#: but for those not moving only).
MAX_STARTING = 10
#: Seconds a connection may stay silent (not begin to log in) before it is closed.
SILENT = 10.0
#: Seconds between two steps of a login past which a connection stands still (a key login takes a
#: second from its first byte to its last step; a person typing a code stands still).
STILL = 3.0
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

ARRIVED, LOGGING_IN, REFUSED, IN = "arrived", "logging in", "refused", "in"
#: How far a connection has come, as the door ranks it when a place must be freed (the least first): it has
#: not said a word for :data:`STILL` seconds; it came a moment ago and has not said a word yet; it gave a
#: wrong code; it stands still; it sent its SSH version; it sent its keys (its key exchange is under way);
#: it is logging in.
MUTE, COMING, WRONG, STANDING, SPOKEN, KEYING, LOGGING = range(7)
#: Those that are not moving: the ones an address's newcomer may push out.
RESTING = (MUTE, WRONG, STANDING)


@dataclass(eq=False)
class Caller:
    """One connection at the door.

    Attributes:
        address: the client's address.
        close: ends the connection (with a reason for the log).
        moved: when it last took a step (came, began to log in, was asked a code, answered; the door's
            clock).
        stage: ``arrived`` (not begun to log in), ``logging in``, ``refused`` (its last code was
            wrong), or ``in`` (logged in: a person at the table, never pushed out).
        name: the login name, once it began to log in.
        handshake: how far the client's SSH handshake has come before it begins to log in, as far as the
            host has read it: 0 not a word, 1 its version, 2 its keys. A person's client sends its version
            at once and its keys a moment later; a scanner's connections come no further than it cares to
            take them.
        unread: whether the client sent something the host has not read yet (asked only of a connection
            about to be pushed out, or of a newcomer: it costs a system call). Such a connection is not
            pushed out: the host is behind (busy, or a flood of newcomers accepted before any was read),
            not it; and a newcomer with its version waiting has spoken.
    """

    address: str
    close: Callable[[str], None]
    moved: float = 0.0
    stage: str = ARRIVED
    name: str = ""
    handshake: Callable[[], int] = lambda: 0
    unread: Callable[[], bool] = lambda: False


def _least_first(ranked: tuple[int, Caller]) -> tuple[int, float]:
    """The order in which connections give their places up: the least advanced, then the one that moved longest
    ago."""
    return ranked[0], ranked[1].moved


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
        max_starting: connections one address may have standing still before logging in.
        silent: seconds a connection may stay silent before it is closed.
        still: seconds between two steps past which a connection stands still.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, *, max_connections: int = MAX_CONNECTIONS,
                 max_starting: int = MAX_STARTING, silent: float = SILENT, still: float = STILL) -> None:
        self.clock = clock
        self.max_connections = max_connections
        self.max_starting = max_starting
        self.silent = silent
        self.still = still
        self.callers: list[Caller] = []
        self._wrongs: dict[tuple[str, str], _Wrongs] = {}
        self._address_wrongs: dict[str, deque[float]] = {}
        self._next_check: dict[str, float] = {}

    # -- places --------------------------------------------------------------------------------

    def arrive(self, caller: Caller) -> str | None:
        """Give ``caller`` a place; ``None`` when it has one, else why not (``full``: every place is taken by a
        person logged in, or by a login of the newcomer's own address that has come further than it).

        Past the :attr:`max_starting` connections its address may have standing still, the least advanced
        of them is closed; when the door is full, a connection of the address that holds the most (see
        :meth:`_least_advanced`). People logged in stay.
        """
        now = caller.moved = self.clock()
        come = self._progress(caller, now)
        if come == COMING and caller.unread():
            come = SPOKEN
        resting = [(progress, c) for c in self.callers if c.address == caller.address and c.stage != IN
                   and (c.stage == REFUSED or now - c.moved >= self.still)  # (the rest are moving: cheaper)
                   and (progress := self._progress(c, now)) in RESTING]
        resting = [pc for pc in sorted(resting, key=_least_first) if not pc[1].unread()]
        for _, c in resting[:max(0, len(resting) - self.max_starting)]:
            self._push_out(c)
        if len(self.callers) >= self.max_connections:
            least = self._least_advanced(caller.address, come, now)
            if least is None:
                return "full"
            self._push_out(least)
        self.callers.append(caller)
        return None

    def _progress(self, caller: Caller, now: float) -> int:
        """How far ``caller`` has come (:data:`MUTE` … :data:`LOGGING`), as far as the host has read it."""
        moving = now - caller.moved < self.still
        if caller.stage == ARRIVED:
            said = caller.handshake()
            if not said:
                return COMING if moving else MUTE
            return STANDING if not moving else KEYING if said > 1 else SPOKEN
        if caller.stage == REFUSED:
            return WRONG
        return LOGGING if moving else STANDING

    def _least_advanced(self, address: str, come: int, now: float) -> Caller | None:
        """The connection that gives its place up to a newcomer (of ``address``, come as far as ``come``) when
        the door is full: of the address that holds the most connections not logged in (the newcomer's first
        among equals), the least advanced, the one that moved longest ago among equals. An address that holds
        more than the others pays for it, whatever its connections do; but of the newcomer's own address, only
        a connection that is not moving or has come no further than the newcomer gives its place up: a login
        on its way is not pushed out by one that has done less."""
        held = Counter(c.address for c in self.callers if c.stage != IN)
        if not held:
            return None
        busiest = max(held, key=lambda a: (held[a], a == address))
        ranked = [(progress, c) for c in self.callers if c.address == busiest and c.stage != IN
                  and ((progress := self._progress(c, now)) in RESTING or progress <= come or busiest != address)]
        return next((c for _, c in sorted(ranked, key=_least_first) if not c.unread()), None)

    def _push_out(self, caller: Caller) -> None:
        self.gone(caller)
        caller.close("pushed out")

    def gone(self, caller: Caller) -> None:
        """``caller``'s connection has ended: its place is free."""
        if caller in self.callers:
            self.callers.remove(caller)

    def still_silent(self, caller: Caller) -> bool:
        """Whether ``caller`` has not begun to log in (checked :attr:`silent` seconds after it came)."""
        return caller in self.callers and caller.stage == ARRIVED

    # -- codes ---------------------------------------------------------------------------------

    def begins(self, caller: Caller, name: str) -> None:
        """``caller`` begins to log in as ``name``."""
        caller.stage, caller.name, caller.moved = LOGGING_IN, name, self.clock()

    def steps(self, caller: Caller) -> None:
        """``caller`` took a step of its login (was asked a code, answered it): it is moving."""
        caller.moved = self.clock()

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
        now = caller.moved = self.clock()
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

