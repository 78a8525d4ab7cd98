"""The SSH door: friends reach a hosted table with the ``ssh`` they already have.

Built on asyncssh and prompt_toolkit's SSH support: a login's user name
picks the seat, its keyboard-interactive answer is the invite code (or a
seat's return code), and a seat's owner may come back with the SSH key they
first came with, without any code. The session is a
:class:`~abluxxen.tui.screen.TableScreen` and nothing else: no shell, no
commands, no SFTP or SCP, no forwarding of ports, agents or X11. One
:class:`Host` can serve several rooms, each behind its own code, in one event
loop. What one client may cost the others is bounded here and in
:mod:`~abluxxen.host.door`: places, wrong codes, input, output, terminal
sizes and resizes, one session per connection.
"""

from __future__ import annotations

import asyncio
import re
import socket
from collections.abc import Callable
from typing import Any, Protocol, TextIO, cast

import asyncssh
from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession
from prompt_toolkit.data_structures import Size

from ..i18n.tr import Tr
from ..languages import default_lang
from ..quoting import brief
from ..table.chairs import Login
from ..table.chat import MAX_LINE
from ..table.codes import same_code
from ..table.rate import Bucket
from ..table.room import Room
from ..tui.app import colours_of
from ..tui.screen import TableScreen
from ..tui.toolkit import SizedSession, read_keys_without_select, resize
from .door import Caller, Door
from .keys import fingerprint
from .log import log

#: Output a client has not read yet, past which its connection is dropped (it stopped reading).
MAX_UNREAD = 4 * 1024 * 1024
#: Seconds between keepalives, and how many may go unanswered before a connection counts as dead:
#: a frozen client is noticed within about 20 s.
KEEPALIVE, KEEPALIVE_MISSES = 5.0, 3
#: Seconds a connection has to log in once it has begun (a person typing a code).
LOGIN_TIMEOUT = 60.0
#: Wrong codes one connection may give before it is closed (OpenSSH's MaxAuthTries).
TRIES = 6
#: The longest answer to the code question that is looked at (sshd refuses long passwords too).
MAX_ANSWER = 1024
#: SSH keys one connection may offer that are remembered as its own.
MAX_KEYS = 8
#: Input a session may send: a burst of this many characters, then this many a second.
INPUT_BURST, INPUT_RATE = 1024, 256.0
#: What a client may send before the host has read it (SSH's window, asyncssh's default is 2 MiB): a
#: person's keys need little, and a client that floods the host is held at its own end past it.
INPUT_WINDOW = 64 * 1024
#: Keys passed on to a table's process (a club's worker) that it has not read yet, past which the session is
#: held as a flood is (the worker is slow, or stuck: a person's keys must not pile up in the club).
RELAY_BACKLOG = 256 * 1024
#: Seconds a client that sent past its budget is not read (then what it sent meanwhile is read, and
#: mostly dropped).
INPUT_HOLD = 1.0
#: The largest terminal drawn (columns, rows); a smaller one is asked to grow, a larger one is cut.
MAX_SIZE = (500, 200)
#: A terminal that gives no size (``ssh -tt`` with no terminal) is taken to be this size.
NO_SIZE = (80, 24)
#: Resizes are drawn at most this often (seconds): a storm of them costs one drawing.
RESIZE_PAUSE = 0.1
_LONE_NEWLINE = re.compile(r"(?<!\r)\n")


class Screen(Protocol):
    """A session's screen, as the host stops it."""

    def close(self, reason: str) -> None:
        """Leave (``stopped``: the host stops)."""


class Host:
    """The rooms behind one SSH port.

    Args:
        lang: the language of sessions whose client sends none.
        door: the places and the count of wrong codes.
        keepalive: seconds between keepalives, and how many may go unanswered (a frozen client's
            seat counts as away after about their product).
    """

    def __init__(self, *, lang: str = "en", door: Door | None = None,
                 keepalive: tuple[float, int] = (KEEPALIVE, KEEPALIVE_MISSES)) -> None:
        self.lang = lang
        self.door = door or Door()
        self.keepalive = keepalive
        self.rooms: list[Room] = []
        self.screens: set[Screen] = set()
        self.acceptor: asyncssh.SSHAcceptor | None = None

    def add(self, room: Room) -> None:
        """Open ``room`` behind its code."""
        self.rooms.append(room)

    def room_for(self, typed: str, name: str) -> tuple[Room | None, bool]:
        """The room whose code was typed, and whether it was ``name``'s return code rather than the
        invite code (every code is compared, each in constant time)."""
        found, returning = None, False
        for room in self.rooms:
            if same_code(typed, room.code):
                found = room
            if room.returns(name, typed):
                found, returning = room, True
        return found, returning

    def room_of_key(self, name: str, key_print: str) -> Room | None:
        """The room where ``name``'s seat belongs to the key ``key_print``."""
        return next((room for room in self.rooms if room.owns(name, key_print)), None)

    async def listen(self, key: asyncssh.SSHKey, *, bind: str = "", port: int = 2222) -> int:
        """Start taking connections; the port (useful with port 0, which picks a free one)."""
        if not port and not bind:
            port = _free_port()  # one port for every address (each would pick its own)
        self.acceptor = await asyncssh.create_server(
            self.connection, bind or None, port, server_host_keys=[key],
            public_key_auth=True, host_based_auth=False, gss_host=None, password_auth=False, kbdint_auth=True,
            allow_pty=True, line_editor=False, x11_forwarding=False, agent_forwarding=False, allow_scp=False,
            sftp_factory=None, keepalive_interval=self.keepalive[0], keepalive_count_max=self.keepalive[1],
            login_timeout=LOGIN_TIMEOUT, encoding="utf-8", errors="replace", window=INPUT_WINDOW)
        sockets = self.acceptor.sockets
        return int(sockets[0].getsockname()[1]) if sockets else port

    def connection(self) -> asyncssh.SSHServer:
        """A new client's connection: its door and session."""
        return Connection(self)

    def stop(self) -> None:
        """Close every screen and stop taking connections."""
        for screen in list(self.screens):
            screen.close("stopped")
        if self.acceptor is not None:
            self.acceptor.close()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("", 0))
        return int(probe.getsockname()[1])


class Connection(asyncssh.SSHServer):
    """One client's connection: the door (a login's name picks the seat, its SSH key or the code lets it
    in, within what the :class:`~abluxxen.host.door.Door` allows an address), then its one session.

    A club's door is made from it (``ClubConnection`` in ``host/club.py``: accounts by key, guests by
    the club's code).
    """

    def __init__(self, host: Host) -> None:
        self.host = host
        self.tr = Tr(host.lang)
        self.conn: asyncssh.SSHServerConnection | None = None
        self.caller: Caller | None = None
        self.where = "?"
        self.name = ""
        self.room: Room | None = None
        self.returning = False
        self.offered: list[str] = []  # the keys the client offered, unproven (remembered as its own)
        self.key_room: Room | None = None
        self.key_print = ""
        self.by_code = False
        self.refusals = 0
        self.sessions = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        self.where = f"{address} port {peer[1]}" if peer else "?"
        self.caller = Caller(address, self._close, spoke=self._spoke)
        refused = self.host.door.arrive(self.caller)
        if refused is not None:
            log.info("Refused connection from %s: %s", self.where, refused)
            self.caller = None
            self._disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.tr(f"host.{refused}"))
            return
        asyncio.get_running_loop().call_later(self.host.door.silent, self._silent_check)

    def _spoke(self) -> bool:
        """Whether the client has sent its SSH version: its key exchange is under way (asyncssh tells its
        server of no step before the login begins, but keeps the version it received)."""
        return self.conn is not None and self.conn.get_extra_info("client_version") is not None

    def _silent_check(self) -> None:
        if self.caller is not None and self.host.door.still_silent(self.caller):
            self.host.door.gone(self.caller)
            self._close("silent")

    def _close(self, why: str) -> None:
        """End the connection at the door: ``silent`` (it did not begin to log in in time), or ``pushed out``
        (its place went to a newcomer)."""
        log.info("Closed connection from %s (%s)", self.where, why)
        reason = self.tr("host.silent", seconds=int(self.host.door.silent)) if why == "silent" \
            else self.tr("host.pushed_out")
        self._disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)

    def _disconnect(self, code: int, reason: str) -> None:
        if self.conn is not None:
            asyncio.get_running_loop().call_soon(self.conn.disconnect, code, reason)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.caller is not None:
            self.host.door.gone(self.caller)
            self.caller = None

    def begin_auth(self, username: str) -> bool:
        self.name = username
        if self.caller is not None:
            self.host.door.begins(self.caller, username)
        return True  # everybody needs the code, or their seat's key

    def _locked_out(self, seconds: float) -> None:
        """Tell the client why it cannot log in now (OpenSSH shows the banner and the reason), and end."""
        reason = self.tr("host.locked", name=brief(self.name, 20), seconds=int(seconds + 0.999))
        assert self.conn is not None
        self.conn.send_auth_banner(reason + "\r\n")
        self._disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, reason)

    # -- a seat's key ------------------------------------------------------------------------

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """A key is accepted only where it owns ``username``'s seat; any other key the client offers
        is remembered (unproven), to become the seat's if this login takes it with the code."""
        key_print = fingerprint(key)
        room = self.host.room_of_key(username, key_print)
        if room is not None:
            self.key_room, self.key_print = room, key_print
            return True
        if key_print not in self.offered and len(self.offered) < MAX_KEYS:
            self.offered.append(key_print)
        return False

    # -- the code -----------------------------------------------------------------------------

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> tuple[str, str, str, Any] | bool:
        # A name locked out at this address is told so before it types (a seat's key still works).
        locked = self.host.door.locked(self.caller.address, username) if self.caller is not None else 0.0
        if locked:
            self._locked_out(locked)
            return False
        return "", "", "", [(self.tr("host.code_prompt"), False)]

    async def validate_kbdint_response(self, username: str, responses: Any) -> bool:
        typed = await self._typed_code(username, responses)
        if typed is None:
            return False
        room, returning = self.host.room_for(typed, username)
        if room is None:
            return self._wrong(self.caller)
        self.room, self.returning, self.by_code = room, returning, True
        return True

    async def _typed_code(self, username: str, responses: Any) -> str | None:
        """The code a login typed, once the door let it be compared (after the pause it sets); ``None``
        when the answer was refused unread (counted as wrong) or the name and address are locked out."""
        caller = self.caller
        if caller is None:
            return None
        if len(responses) != 1 or len(str(responses[0])) > MAX_ANSWER:
            self._wrong(caller)
            return None
        locked = self.host.door.locked(caller.address, username)
        if locked:
            self._locked_out(locked)
            return None
        await asyncio.sleep(self.host.door.wait_before_check(caller.address))
        return str(responses[0])[:MAX_LINE]

    def _wrong(self, caller: Caller | None) -> bool:
        """A wrong code: counted at the door; past :data:`TRIES` on one connection it ends, as ``sshd`` does."""
        if caller is None:
            return False
        log.info("Failed code for %s from %s", brief(self.name), self.where)
        locked = self.host.door.wrong(caller)
        self.refusals += 1
        if locked:
            log.info("Locked out %s from %s for %d s", brief(self.name), self.where, int(locked))
            self._locked_out(locked)
        elif self.refusals >= TRIES:
            self._disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, self.tr("host.too_many_tries"))
        return False

    def auth_completed(self) -> None:
        if not self.by_code:
            self.room = self.key_room
            log.info("Accepted publickey for %s from %s %s", brief(self.name), self.where, self.key_print)
        else:
            log.info("Accepted %s for %s from %s", "return code" if self.returning else "code",
                     brief(self.name), self.where)
        if self.caller is not None:
            self.host.door.admitted(self.caller)

    def session_requested(self) -> Any:
        # One session per connection (sshd's MaxSessions 1 would allow no more for a game screen).
        if self.room is None or self.caller is None or self.sessions:
            return False
        self.sessions += 1
        keys = (self.key_print,) if not self.by_code else tuple(self.offered)
        login = Login(self.name, address=self.caller.address, keys=keys,
                      proven=self.key_print if not self.by_code else "", returning=self.returning)
        return _Session(self.host, self.room, login)


class Relay:
    """A session's ends while its person is at a table in another process (``host/workers.py``): where
    their keys and terminal's size go, and where that process's drawing of their screen is written."""

    def __init__(self, write: Callable[[str], object]) -> None:
        self.write = write
        self.keys: Callable[[str], None] | None = None
        self.resized: Callable[[int, int], None] | None = None
        # What was passed on that the other process has not read yet: past :data:`RELAY_BACKLOG`, the session
        # is not read for a while, and SSH holds the rest at the client's end.
        self.backlog: Callable[[], int] = lambda: 0


class Session(SizedSession, PromptToolkitSSHSession):
    """One SSH session: a screen in the channel's own terminal, language and colours (what it shows:
    :meth:`visit`)."""

    def __init__(self, host: Host, login: Login) -> None:
        super().__init__(self._interact_here, enable_cpr=False)
        self.host = host
        self.login = login
        self.chan: asyncssh.SSHServerChannel[str] | None = None  # the session's channel, once it is made
        self.stdout = cast(TextIO, _ChannelOut(self))
        self.budget = Bucket(INPUT_BURST, INPUT_RATE)
        self.resizing = False
        self.holding = False
        self.relay: Relay | None = None  # while the screen is drawn in another process

    def connection_lost(self, exc: Exception | None) -> None:
        # A dropped client must not leave its screen waiting for keys that never come.
        if self.interact_task is not None:
            self.interact_task.cancel()

    def exec_requested(self, command: str) -> bool:
        return True  # answered with a line that says why nothing runs here (see _interact_here)

    def eof_received(self) -> bool:
        """The client sends no more (``ssh club ls </dev/null`` says so with its command): the way back
        stays open, for the line that says why and the exit status (asyncssh would end it at once, and
        ``ssh`` show nothing and exit with 255); the session ends itself."""
        return True

    def connection_made(self, chan: asyncssh.SSHServerChannel[str]) -> None:
        super().connection_made(chan)
        self.chan = chan  # ours to read: prompt_toolkit keeps it under a private name

    def terminal_size(self) -> Size:
        """The client's terminal size, within bounds: a huge one must not cost the host its memory."""
        if self.chan is None:
            return Size(rows=NO_SIZE[1], columns=NO_SIZE[0])
        cols, rows = self.chan.get_terminal_size()[:2]
        if cols <= 0 or rows <= 0:
            cols, rows = NO_SIZE
        return Size(rows=min(rows, MAX_SIZE[1]), columns=min(cols, MAX_SIZE[0]))

    def terminal_size_changed(self, width: int, height: int, pixwidth: object, pixheight: object) -> None:
        # A storm of window changes is drawn once, after a short pause.
        if not self.resizing:
            self.resizing = True
            asyncio.get_running_loop().call_later(RESIZE_PAUSE, self._resized)

    def _resized(self) -> None:
        self.resizing = False
        if self.relay is not None and self.relay.resized is not None:
            size = self.terminal_size()
            self.relay.resized(size.columns, size.rows)
        elif self.app_session is not None and self.app_session.app is not None:
            resize(self.app_session.app)

    def data_received(self, data: str, datatype: Any) -> None:
        # A person types a few keys a second; a flood (a pasted file) would keep the event loop
        # parsing keys for everybody, so what comes beyond a generous budget is dropped, and the client
        # is not read again until its budget is back: SSH then holds the flood at the client's end
        # (:data:`INPUT_WINDOW`), and the host spends nothing on it, not even decrypting it.
        kept = data[:int(self.budget.take(len(data)))]
        if kept and self.relay is not None and self.relay.keys is not None:
            self.relay.keys(kept)
        elif kept:
            super().data_received(kept, datatype)
        behind = self.relay is not None and self.relay.backlog() > RELAY_BACKLOG
        if (len(kept) < len(data) or behind) and self.chan is not None and not self.holding:
            self.holding = True
            self.chan.pause_reading()
            asyncio.get_running_loop().call_later(INPUT_HOLD, self._read_again)

    def _read_again(self) -> None:
        self.holding = False
        if self.chan is not None:
            self.chan.resume_reading()

    def break_received(self, msec: int) -> bool:
        return True  # a break is nothing here

    def signal_received(self, signal: str) -> None:
        """A signal the client sends (Ctrl-C arrives as a key, not as this) changes nothing."""

    async def _interact_here(self, _: PromptToolkitSSHSession) -> None:
        chan = self.chan
        assert chan is not None and self.app_session is not None
        read_keys_without_select(self.app_session.input)  # before the screen reads its first key
        env = {str(k): str(v) for k, v in dict(chan.get_environment()).items()}
        lang = session_lang(env, self.host.lang)
        tr = Tr(lang)
        if chan.get_command() is not None or chan.get_terminal_type() is None:
            key = "host.no_commands" if chan.get_command() is not None else "host.needs_terminal"
            chan.write(tr(key, name=brief(self.login.name, 20)) + "\r\n")
            chan.exit(1)
            return
        try:
            goodbye = await self.visit(lang, colours_of(chan.get_terminal_type(), env))
        except asyncio.CancelledError:
            return  # the connection is gone: nothing left to tell
        except Exception:  # noqa: BLE001 - one session's failure is the host log's, never the host's screen
            log.exception("A session of %s failed", brief(self.login.name))
            chan.exit(1)
            return
        if goodbye:
            chan.write(goodbye.replace("\n", "\r\n") + "\r\n")
        chan.exit(0)

    async def visit(self, lang: str, colours: str | None) -> str:
        """Show this session's screens until the person leaves; what they are told when they go."""
        raise NotImplementedError


class _Session(Session):
    """A session at a hosted table: a :class:`TableScreen` at its room."""

    def __init__(self, host: Host, room: Room, login: Login) -> None:
        super().__init__(host, login)
        self.room = room

    async def visit(self, lang: str, colours: str | None) -> str:
        screen = TableScreen(self.room, self.login, lang=lang, colours=colours)
        self.host.screens.add(screen)
        try:
            await screen.run()
        finally:
            self.host.screens.discard(screen)
        return screen.goodbye


def session_lang(env: dict[str, str], fallback: str) -> str:
    """A session's language: the one its client's locale names, else (none sent, or the plain
    ``C``/``POSIX`` locale, which names no language) ``fallback``, the host's."""
    named = [env.get(v, "") for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if not any(value.split(".")[0] not in ("", "C", "POSIX") for value in named):
        return fallback
    return default_lang(env)


class TerminalOut:
    """What prompt_toolkit writes a screen to when it is no file: a terminal of UTF-8 text, which
    subclasses send on (:meth:`write`)."""

    def write(self, data: str) -> None:
        raise NotImplementedError

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        pass

    @property
    def encoding(self) -> str:
        return "utf-8"


class _ChannelOut(TerminalOut):
    """Where prompt_toolkit writes: the channel, newlines made ``\\r\\n`` once (never ``\\r\\r\\n``)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def write(self, data: str) -> None:
        chan = self.session.chan
        if chan is None:
            return
        try:
            if chan.get_write_buffer_size() > MAX_UNREAD:
                chan.close()  # the client stopped reading: it must not hold the host's memory
                return
            chan.write(_LONE_NEWLINE.sub("\r\n", data))
        except (OSError, asyncssh.Error, RuntimeError):
            pass  # the channel is closing: its connection_lost ends the screen
