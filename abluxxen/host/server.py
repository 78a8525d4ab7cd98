"""The SSH door: friends reach a hosted table with the ``ssh`` they already have.

Built on asyncssh and prompt_toolkit's SSH support: a login's user name
picks the seat, its password (or keyboard-interactive answer) is the invite
code, and the session is a :class:`~abluxxen.host.screen.TableScreen` and
nothing else: no shell, no commands, no SFTP or SCP, no forwarding of ports,
agents or X11. One :class:`Host` can serve several rooms, each behind its own
code, in one event loop.
"""

from __future__ import annotations

import asyncio
import re
import socket
import time
from typing import Any, TextIO, cast

import asyncssh
from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession

from ..languages import default_lang
from ..tui.i18n import Tr
from .guard import Door
from .invite import same_code
from .room import MAX_LINE, Room
from .screen import TableScreen, colours_of

#: Connections the host takes at once; more are turned away politely.
MAX_CONNECTIONS = 64
#: Output a client has not read yet, past which its connection is dropped (it stopped reading).
MAX_UNREAD = 4 * 1024 * 1024
#: Seconds between keepalives, and how many may go unanswered before a connection counts as dead.
KEEPALIVE, KEEPALIVE_MISSES = 15.0, 4
#: Wrong codes one connection may give before it is closed (OpenSSH's MaxAuthTries).
TRIES = 6
#: Input a session may send: a burst of this many characters, then this many a second.
INPUT_BURST, INPUT_RATE = 1024, 256.0
_LONE_NEWLINE = re.compile(r"(?<!\r)\n")


class Host:
    """The rooms behind one SSH port.

    Args:
        lang: the language of sessions whose client sends none.
        door: counts wrong codes per address.
        max_connections: connections at once.
    """

    def __init__(self, *, lang: str = "en", door: Door | None = None,
                 max_connections: int = MAX_CONNECTIONS) -> None:
        self.lang = lang
        self.door = door or Door()
        self.max_connections = max_connections
        self.rooms: list[Room] = []
        self.connections = 0
        self.screens: set[TableScreen] = set()
        self.acceptor: asyncssh.SSHAcceptor | None = None

    def add(self, room: Room) -> None:
        """Open ``room`` behind its code."""
        self.rooms.append(room)

    def room_for(self, typed: str) -> Room | None:
        """The room whose code was typed (every code is compared, each in constant time)."""
        found = None
        for room in self.rooms:
            if same_code(typed[:MAX_LINE], room.code):
                found = room
        return found

    async def listen(self, key: asyncssh.SSHKey, *, bind: str = "", port: int = 2222) -> int:
        """Start taking connections; the port (useful with port 0, which picks a free one)."""
        if not port and not bind:
            port = _free_port()  # one port for every address (each would pick its own)
        self.acceptor = await asyncssh.create_server(
            lambda: _Connection(self), bind or None, port, server_host_keys=[key],
            public_key_auth=False, host_based_auth=False, gss_host=None, password_auth=True, kbdint_auth=True,
            allow_pty=True, line_editor=False, x11_forwarding=False, agent_forwarding=False, allow_scp=False,
            sftp_factory=None, keepalive_interval=KEEPALIVE, keepalive_count_max=KEEPALIVE_MISSES,
            login_timeout=60, encoding="utf-8", errors="replace")
        sockets = self.acceptor.sockets
        return int(sockets[0].getsockname()[1]) if sockets else port

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


class _Connection(asyncssh.SSHServer):
    """One client's connection: the door, then its sessions."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.room: Room | None = None
        self.address = "?"
        self.counted = False
        self.refusals = 0
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        host = self.host
        if host.connections >= host.max_connections:
            reason = Tr(host.lang)("host.full", n=host.max_connections)
            asyncio.get_running_loop().call_soon(conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)
            return
        host.connections += 1
        self.counted = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.host.connections -= 1
            self.counted = False

    def begin_auth(self, username: str) -> bool:
        return True  # everybody needs the code

    def password_auth_supported(self) -> bool:
        return True

    def validate_password(self, username: str, password: str) -> bool:
        return self._admit(password)

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> tuple[str, str, str, Any]:
        return "", "", "", [(Tr(self.host.lang)("host.code_prompt"), False)]

    def validate_kbdint_response(self, username: str, responses: Any) -> bool:
        return len(responses) == 1 and self._admit(str(responses[0]))

    def _admit(self, typed: str) -> bool:
        door = self.host.door
        if door.shut(self.address):
            return self._refused()
        room = self.host.room_for(typed)
        if room is None:
            door.wrong(self.address)
            return self._refused()
        self.room = room
        return True

    def _refused(self) -> bool:
        """A code refused; past :data:`TRIES` on one connection the connection ends, as ``sshd`` does."""
        self.refusals += 1
        if self.refusals >= TRIES and self.conn is not None:
            asyncio.get_running_loop().call_soon(self.conn.disconnect, asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                                                 "too many wrong codes")
        return False

    def session_requested(self) -> Any:
        if self.room is None or self.conn is None:
            return False
        return _Session(self.host, self.room, str(self.conn.get_extra_info("username") or "?"))


class _Session(PromptToolkitSSHSession):
    """One SSH session: a :class:`TableScreen` in the channel's own terminal, language and colours."""

    def __init__(self, host: Host, room: Room, username: str) -> None:
        super().__init__(self._interact_here, enable_cpr=False)
        self.host = host
        self.room = room
        self.username = username
        self.stdout = cast(TextIO, _ChannelOut(self))
        self.budget, self.budget_at = float(INPUT_BURST), time.monotonic()

    def connection_lost(self, exc: Exception | None) -> None:
        # A dropped client must not leave its screen waiting for keys that never come.
        if self.interact_task is not None:
            self.interact_task.cancel()

    def data_received(self, data: str, datatype: Any) -> None:
        # A person types a few keys a second; a flood (a pasted file) would keep the event loop
        # parsing keys for everybody, so what comes beyond a generous budget is dropped.
        now = time.monotonic()
        self.budget = min(INPUT_BURST, self.budget + (now - self.budget_at) * INPUT_RATE)
        self.budget_at = now
        kept = data[:int(self.budget)]
        self.budget -= len(kept)
        if kept:
            super().data_received(kept, datatype)

    def break_received(self, msec: int) -> bool:
        return True  # a break is nothing here

    def signal_received(self, signal: str) -> None:
        """A signal the client sends (Ctrl-C arrives as a key, not as this) changes nothing."""

    async def _interact_here(self, _: PromptToolkitSSHSession) -> None:
        chan = self._chan
        assert chan is not None
        if chan.get_terminal_type() is None:
            chan.write("Abluxxen needs a terminal: connect with ssh -t.\r\n")
            return
        env = {str(k): str(v) for k, v in dict(chan.get_environment()).items()}
        lang = session_lang(env, self.host.lang)
        screen = TableScreen(self.room, self.username, lang=lang, colours=colours_of(chan.get_terminal_type(), env))
        self.host.screens.add(screen)
        try:
            await screen.run()
        except asyncio.CancelledError:
            return  # the connection is gone: nothing left to tell
        finally:
            self.host.screens.discard(screen)
        if screen.goodbye:
            chan.write(screen.goodbye + "\r\n")


def session_lang(env: dict[str, str], fallback: str) -> str:
    """A session's language: the one its client's locale names, else (none sent, or the plain
    ``C``/``POSIX`` locale, which names no language) ``fallback``, the host's."""
    named = [env.get(v, "") for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if not any(value.split(".")[0] not in ("", "C", "POSIX") for value in named):
        return fallback
    return default_lang(env)


class _ChannelOut:
    """Where prompt_toolkit writes: the channel, newlines made ``\\r\\n`` once (never ``\\r\\r\\n``)."""

    def __init__(self, session: _Session) -> None:
        self.session = session

    def write(self, data: str) -> None:
        chan = self.session._chan
        if chan is None:
            return
        try:
            if chan.get_write_buffer_size() > MAX_UNREAD:
                chan.close()  # the client stopped reading: it must not hold the host's memory
                return
            chan.write(_LONE_NEWLINE.sub("\r\n", data))
        except (OSError, asyncssh.Error, RuntimeError):
            pass  # the channel is closing: its connection_lost ends the screen

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        pass

    @property
    def encoding(self) -> str:
        return "utf-8"
