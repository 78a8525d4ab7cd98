"""The SSH door: friends reach a hosted table with the ``ssh`` they already have.

Built on asyncssh and prompt_toolkit's SSH support: a login's user name
picks the seat, its keyboard-interactive answer is the invite code (or a
seat's return code), and a seat's owner may come back with the SSH key they
first came with, without any code. The session is a
:class:`~abluxxen.tui.screen.TableScreen` and nothing else: no shell, no
commands, no SFTP or SCP, no forwarding of ports, agents or X11. One
:class:`Host` can serve several rooms, each behind its own code, in one event
loop. What one client may cost the others is bounded here, in
:mod:`~abluxxen.host.connection` and in :mod:`~abluxxen.host.door`: places,
wrong codes, input, output, terminal sizes and resizes, one session per
connection.

The door (:class:`~abluxxen.host.connection.Connection`) is composed around
who gets in (:class:`SeatAdmission`), and a session (:class:`Session`)
around what it shows (:class:`SeatVisit`); a club composes the same door
and session around its own (:mod:`~abluxxen.club.door`).
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
from ..table.codes import same_code
from ..table.rate import Bucket
from ..table.room import Room
from ..tui.app import colours_of
from ..tui.screen import TableScreen
from ..tui.toolkit import SizedSession, read_keys_without_select, resize
from .connection import Admission, Admitted, Connection, Refusal
from .door import Door
from .keys import fingerprint
from .log import log

#: Output a client has not read yet, past which its connection is dropped (it stopped reading).
MAX_UNREAD = 4 * 1024 * 1024
#: Seconds between keepalives, and how many may go unanswered before a connection counts as dead:
#: a frozen client is noticed within about 20 s.
KEEPALIVE, KEEPALIVE_MISSES = 5.0, 3
#: Seconds a connection has to log in once it has begun (a person typing a code).
LOGIN_TIMEOUT = 60.0
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


class Server:
    """One SSH port: its door, its sessions' screens, and who a connection lets in (:meth:`admission`,
    a hosted table's seats or, in :mod:`abluxxen.club.door`, a club's accounts).

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
        self.screens: set[Screen] = set()
        self.acceptor: asyncssh.SSHAcceptor | None = None

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
        """A new client's connection: the door, around who gets in (:meth:`admission`)."""
        return Connection(self, self.admission())

    def admission(self) -> Admission:
        """Who one connection lets in."""
        raise NotImplementedError

    def stop(self) -> None:
        """Close every screen and stop taking connections."""
        for screen in list(self.screens):
            screen.close("stopped")
        if self.acceptor is not None:
            self.acceptor.close()



class Host(Server):
    """The rooms behind one SSH port (``abluxxen host``): a login's name picks a seat of one of them.

    Args: as :class:`Server`'s.
    """

    def __init__(self, *, lang: str = "en", door: Door | None = None,
                 keepalive: tuple[float, int] = (KEEPALIVE, KEEPALIVE_MISSES)) -> None:
        super().__init__(lang=lang, door=door, keepalive=keepalive)
        self.rooms: list[Room] = []

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

    def admission(self) -> Admission:
        """Who one connection lets in: a seat, by its key or a code."""
        return SeatAdmission(self)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("", 0))
        return int(probe.getsockname()[1])


class SeatAdmission:
    """Who a hosted table's door lets in: a login's name picks the seat; the seat's SSH key lets it in, or
    the room's invite code, or the seat's return code (:class:`~.connection.Admission`)."""

    prompt, locked = "host.code_prompt", "host.locked"

    def __init__(self, host: Host) -> None:
        self.host = host
        self.room: Room | None = None
        self.returning = False
        self.offered: list[str] = []  # the keys the client offered, unproven (remembered as its own)
        self.key_room: Room | None = None
        self.key_print = ""

    async def key(self, name: str, key: asyncssh.SSHKey) -> bool:
        """A key is accepted only where it owns ``name``'s seat; any other key the client offers is
        remembered (unproven), to become the seat's if this login takes it with the code."""
        key_print = fingerprint(key)
        room = self.host.room_of_key(name, key_print)
        if room is not None:
            self.key_room, self.key_print = room, key_print
            return True
        if key_print not in self.offered and len(self.offered) < MAX_KEYS:
            self.offered.append(key_print)
        return False

    def refusal(self, name: str, tr: Tr) -> Refusal | None:
        return None  # anybody may try a code

    def code(self, name: str, typed: str) -> bool:
        self.room, self.returning = self.host.room_for(typed, name)
        return self.room is not None

    def admitted(self, by_code: bool) -> Admitted:
        if not by_code:
            return Admitted("publickey", key=self.key_print)
        return Admitted("return code" if self.returning else "code")

    def session(self, name: str, address: str, by_code: bool) -> asyncssh.SSHServerSession[str] | None:
        room = self.room if by_code else self.key_room
        if room is None:
            return None
        keys = (self.key_print,) if not by_code else tuple(self.offered)
        login = Login(name, address=address, keys=keys, proven=self.key_print if not by_code else "",
                      returning=self.returning)
        return Session(self.host, login, SeatVisit(room))


class Relay:
    """A session's ends while its person is at a table in another process (``club/workers.py``): where
    their keys and terminal's size go, and where that process's drawing of their screen is written."""

    def __init__(self, write: Callable[[str], object]) -> None:
        self.write = write
        self.keys: Callable[[str], None] | None = None
        self.resized: Callable[[int, int], None] | None = None
        # What was passed on that the other process has not read yet: past :data:`RELAY_BACKLOG`, the session
        # is not read for a while, and SSH holds the rest at the client's end.
        self.backlog: Callable[[], int] = lambda: 0


class Visit(Protocol):
    """What a session shows: a person's screens, in its terminal's language and colours, until they
    leave; what they are told when they go. A command sent instead (``ssh … waiting``) it may answer."""

    async def __call__(self, session: Session, lang: str, colours: str | None) -> str: ...

    async def command(self, session: Session, text: str, lang: str) -> tuple[str, int] | None:
        """The answer to the command ``text`` sent instead of a session (no terminal needed), for the person
        let in at the door: what it prints (its lines) and its exit status; ``None``: none of this visit's
        commands (refused as any other)."""


class Session(SizedSession, PromptToolkitSSHSession):
    """One SSH session: the bounds every session keeps (input, output, sizes, resizes, no commands), around
    its ``visit`` (a hosted table's :class:`SeatVisit`, or a club's lobby and tables)."""

    def __init__(self, host: Server, login: Login, visit: Visit) -> None:
        super().__init__(self._interact_here, enable_cpr=False)
        self.host = host
        self.login = login
        self.visit = visit
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
        command = chan.get_command()
        try:
            answer = await self.visit.command(self, command, lang) if command is not None else None
            if answer is None and (command is not None or chan.get_terminal_type() is None):
                key = "host.no_commands" if command is not None else "host.needs_terminal"
                answer = tr(key, name=brief(self.login.name, 20)), 1
            if answer is not None:
                # A command's lines for a script (no terminal): each ends in a newline, as a program's do.
                newline = "\r\n" if chan.get_terminal_type() is not None else "\n"
                said, status = answer
                chan.write("".join(line + newline for line in said.split("\n")) if said else "")
                chan.exit(status)
                return
            goodbye = await self.visit(self, lang, colours_of(chan.get_terminal_type(), env))
        except asyncio.CancelledError:
            return  # the connection is gone: nothing left to tell
        except Exception:  # noqa: BLE001 - one session's failure is the host log's, never the host's screen
            log.exception("A session of %s failed", brief(self.login.name))
            chan.exit(1)
            return
        if goodbye:
            chan.write(goodbye.replace("\n", "\r\n") + "\r\n")
        chan.exit(0)


class SeatVisit:
    """A session at a hosted table: a :class:`TableScreen` at its room (:class:`Visit`)."""

    def __init__(self, room: Room) -> None:
        self.room = room

    async def command(self, session: Session, text: str, lang: str) -> tuple[str, int] | None:
        """A hosted table answers no command."""
        return None

    async def __call__(self, session: Session, lang: str, colours: str | None) -> str:
        screen = TableScreen(self.room, session.login, lang=lang, colours=colours)
        session.host.screens.add(screen)
        try:
            await screen.run()
        finally:
            session.host.screens.discard(screen)
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
