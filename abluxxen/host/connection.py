"""One client's connection at an SSH door: the part every door shares.

A connection takes a place at the door (:mod:`.door`: places, silent
clients, wrong codes and lockouts), asks for a key or a code, says in the
login banner why it ends, logs each step as ``sshd`` does, and opens one
session. Who gets in, and to what, is its :class:`Admission`: a hosted
table's seats (``SeatAdmission`` in :mod:`.server`) or a club's accounts
and guests (``ClubAdmission`` in :mod:`.club`). The door composes one
around the other; neither overrides the other's steps.
"""

from __future__ import annotations

import asyncio
import struct
from dataclasses import dataclass
from typing import Any, Protocol

import asyncssh

from ..i18n.tr import Tr
from ..quoting import brief
from ..table.chat import MAX_LINE
from .door import Caller, Door
from .log import log

#: Wrong codes one connection may give before it is closed (OpenSSH's MaxAuthTries).
TRIES = 6
#: The longest answer to the code question that is looked at (sshd refuses long passwords too).
MAX_ANSWER = 1024


@dataclass(frozen=True)
class Refusal:
    """Why a login cannot come in: ``kind`` for the log (``guest_name``), ``words`` for the person."""

    kind: str
    words: str


@dataclass(frozen=True)
class Admitted:
    """How a login got in, as the log says it: ``how`` (``publickey``, ``code``, ``return code``), whether
    as a guest, and the proven key's fingerprint."""

    how: str
    guest: bool = False
    key: str = ""


class Admission(Protocol):
    """Who one connection lets in, and to what (one is made for each connection, and keeps what its
    login proved)."""

    #: The catalog keys of the code question, and of why a name is locked out (what still gets in).
    prompt: str
    locked: str

    async def key(self, name: str, key: asyncssh.SSHKey) -> bool:
        """Whether ``key`` lets ``name`` in (the accounts may be asked in a thread)."""

    def refusal(self, name: str, tr: Tr) -> Refusal | None:
        """Why ``name`` cannot be asked for a code, once no key let it in; ``None``: ask."""

    def code(self, name: str, typed: str) -> bool:
        """Whether ``typed`` lets ``name`` in."""

    def admitted(self, by_code: bool) -> Admitted:
        """How the login got in (``by_code``: with a code, else with a key)."""

    def session(self, name: str, address: str, by_code: bool) -> asyncssh.SSHServerSession[str] | None:
        """The login's one session; ``None`` if it has none."""


class Doorway(Protocol):
    """What a connection needs of its host."""

    lang: str
    door: Door


def _unread(fd: int) -> int:
    """Bytes the socket ``fd`` has received that nobody has read yet (0 where the system cannot say)."""
    try:
        from fcntl import ioctl
        from termios import FIONREAD
    except ImportError:  # not a POSIX system
        return 0
    try:
        return int(struct.unpack("i", ioctl(fd, FIONREAD, b"\0\0\0\0"))[0])
    except OSError:
        return 0


class Connection(asyncssh.SSHServer):
    """One client's connection: a place at the door, a key or a code, then its one session.

    Args:
        host: the door's places and the language of its refusals.
        admission: who gets in, and to what.
    """

    def __init__(self, host: Doorway, admission: Admission) -> None:
        self.door = host.door
        self.admission = admission
        self.tr = Tr(host.lang)
        self.conn: asyncssh.SSHServerConnection | None = None
        self.caller: Caller | None = None
        self.heard = 0
        self.where = "?"
        self.name = ""
        self.by_code = False
        self.refusals = 0
        self.sessions = 0

    # -- a place at the door --------------------------------------------------------------------

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        self.where = f"{address} port {peer[1]}" if peer else "?"
        self.caller = Caller(address, self._close, handshake=self._handshake, unread=self._unread)
        refused = self.door.arrive(self.caller)
        if refused is not None:
            log.info("Refused connection from %s: %s", self.where, refused)
            self.caller = None
            self._disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.tr(f"host.{refused}"))
            return
        asyncio.get_running_loop().call_later(self.door.silent, self._silent_check)

    def _handshake(self) -> int:
        """How far the client's SSH handshake has come (see :attr:`.door.Caller.handshake`): asyncssh tells its
        server of no step before the login begins, but keeps the version it received, and the ciphers once
        the client's keys came."""
        conn = self.conn
        if conn is not None and not self.heard and conn.get_extra_info("client_version") is not None:
            self.heard = 1
        if conn is not None and self.heard == 1 and conn.get_extra_info("send_cipher") is not None:
            self.heard = 2
        return self.heard

    def _unread(self) -> bool:
        """Whether the client sent something not read yet (see :attr:`.door.Caller.unread`)."""
        sock = self.conn.get_extra_info("socket") if self.conn is not None else None
        return sock is not None and _unread(sock.fileno()) > 0

    def _silent_check(self) -> None:
        if self.caller is not None and self.door.still_silent(self.caller):
            self.door.gone(self.caller)
            self._close("silent")

    def _close(self, why: str) -> None:
        """End the connection at the door: ``silent`` (it did not begin to log in in time), or ``pushed out``
        (its place went to a newcomer)."""
        log.info("Closed connection from %s (%s)", self.where, why)
        reason = self.tr("host.silent", seconds=int(self.door.silent)) if why == "silent" \
            else self.tr("host.pushed_out")
        self._disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)

    def _disconnect(self, code: int, reason: str) -> None:
        if self.conn is not None:
            asyncio.get_running_loop().call_soon(self.conn.disconnect, code, reason)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.caller is not None:
            self.door.gone(self.caller)
            self.caller = None

    def begin_auth(self, username: str) -> bool:
        self.name = username
        if self.caller is not None:
            self.door.begins(self.caller, username)
        return True  # everybody needs a key or a code

    def _refuse(self, words: str) -> None:
        """Tell the client why it cannot log in (OpenSSH shows the banner and the reason), and end."""
        assert self.conn is not None
        self.conn.send_auth_banner(words + "\r\n")
        self._disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, words)

    def _locked_out(self, seconds: float) -> None:
        self._refuse(self.tr(self.admission.locked, name=brief(self.name, 20), seconds=int(seconds + 0.999)))

    def _locked(self, username: str) -> bool:
        """Whether ``username`` is locked out at this address (told so, and the connection ends)."""
        locked = self.door.locked(self.caller.address, username) if self.caller is not None else 0.0
        if locked:
            self._locked_out(locked)
        return bool(locked)

    # -- a key ----------------------------------------------------------------------------------

    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return await self.admission.key(username, key)

    # -- the code -------------------------------------------------------------------------------

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> tuple[str, str, str, Any] | bool:
        # A name locked out at this address is told so before it types (a key still works).
        if self._locked(username):
            return False
        refusal = self.admission.refusal(username, self.tr)
        if refusal is not None:
            log.info("Refused %s for %s from %s", refusal.kind.replace("_", " "), brief(self.name), self.where)
            self._refuse(refusal.words)
            return False
        self._steps()
        return "", "", "", [(self.tr(self.admission.prompt), False)]

    def _steps(self) -> None:
        """The login took a step (a key offered is none: a client may offer keys without end)."""
        if self.caller is not None:
            self.door.steps(self.caller)

    async def validate_kbdint_response(self, username: str, responses: Any) -> bool:
        self._steps()
        typed = await self._typed_code(username, responses)
        if typed is None:
            return False
        if not self.admission.code(username, typed):
            return self._wrong()
        self.by_code = True
        return True

    async def _typed_code(self, username: str, responses: Any) -> str | None:
        """The code a login typed, once the door let it be compared (after the pause it sets); ``None``
        when the answer was refused unread (counted as wrong) or the name and address are locked out."""
        caller = self.caller
        if caller is None:
            return None
        if len(responses) != 1 or len(str(responses[0])) > MAX_ANSWER:
            self._wrong()
            return None
        if self._locked(username):
            return None
        await asyncio.sleep(self.door.wait_before_check(caller.address))
        return str(responses[0])[:MAX_LINE]

    def _wrong(self) -> bool:
        """A wrong code: counted at the door; past :data:`TRIES` on one connection it ends, as ``sshd`` does."""
        if self.caller is None:
            return False
        log.info("Failed code for %s from %s", brief(self.name), self.where)
        locked = self.door.wrong(self.caller)
        self.refusals += 1
        if locked:
            log.info("Locked out %s from %s for %d s", brief(self.name), self.where, int(locked))
            self._locked_out(locked)
        elif self.refusals >= TRIES:
            self._disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, self.tr("host.too_many_tries"))
        return False

    # -- in -------------------------------------------------------------------------------------

    def auth_completed(self) -> None:
        got_in = self.admission.admitted(self.by_code)
        log.info("Accepted %s for %s%s from %s%s", got_in.how, "guest " if got_in.guest else "", brief(self.name),
                 self.where, f" {got_in.key}" if got_in.key else "")
        if self.caller is not None:
            self.door.admitted(self.caller)

    def session_requested(self) -> Any:
        # One session per connection (sshd's MaxSessions 1 would allow no more for a game screen).
        if self.caller is None or self.sessions:
            return False
        session = self.admission.session(self.name, self.caller.address, self.by_code)
        if session is None:
            return False
        self.sessions += 1
        return session
