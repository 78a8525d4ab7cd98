"""Helpers for the hosting tests: a real SSH server on loopback, real SSH clients with a terminal.

A test starts :class:`~abluxxen.host.server.Host` on port 0 with a host key
made in memory (:func:`hosted`), connects asyncssh clients that ask for a pty
(type and size) and answer the code question as ``ssh`` does (:func:`connect`),
and reads each client's screen with pyte, as a player would see it.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import subprocess
import sys
from collections.abc import Awaitable, Callable, Collection, Iterable
from pathlib import Path
from typing import Any

import asyncssh
import pyte
from waiting import TIMEOUT, until

from abluxxen.engine.match import Match
from abluxxen.engine.rules import Rules
from abluxxen.host.server import Host
from abluxxen.i18n.tr import Tr
from abluxxen.store.save_document import Saved
from abluxxen.store.saves import new_save_path
from abluxxen.table.room import Room
from abluxxen.table.table import Table, start_event
from abluxxen.tui.drawing import grouped_text
from abluxxen.tui.screen import TableScreen
from abluxxen.tui.seating import parse_players

CODE = "bako-rimu-tesa"
KEY = asyncssh.generate_private_key("ssh-ed25519")
#: Seconds an SSH test waits for a screen (a third of :data:`waiting.TIMEOUT`, which a slow machine may raise).
WAIT = TIMEOUT / 3


class Terminal(asyncssh.SSHClientSession[str]):
    """A client's terminal: everything the host sent, and the screen it makes."""

    def __init__(self, cols: int, rows: int) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)
        self.raw: list[str] = []
        self.seen: set[str] = set()  # every line the screen ever showed
        self.closed = asyncio.Event()

    def data_received(self, data: str, datatype: Any) -> None:
        self.raw.append(data)
        self.stream.feed(data)
        self.seen.update(line.rstrip() for line in self.screen.display)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def all_raw(self) -> str:
        return "".join(self.raw)


class Client:
    """One person's SSH connection to the host."""

    def __init__(self, conn: Any, chan: Any, term: Terminal) -> None:
        self.conn, self.chan, self.term = conn, chan, term

    def type(self, line: str) -> None:
        self.chan.write(line + "\r")

    def under_prompt(self) -> str:
        """The screen's last line: under the prompt, how the line typed reads (or who is at the table)."""
        return str(self.term.screen.display[-1]).rstrip()

    async def enters(self, line: str, timeout: float = WAIT) -> None:
        """Type ``line`` (a move, or a command) at the prompt while this person decides, and Enter it once the line
        under the prompt shows that it answers the question on the screen, as a person who looks before pressing
        Enter does (see :meth:`_typed_fresh`)."""
        await self._typed_fresh(line, timeout)
        self.chan.write("\r")

    async def asked(self, timeout: float = WAIT) -> None:
        """Wait until the screen asks its person a decision, drawn (a line typed now answers it): a key typed at
        the prompt reads as the start of a move under it. The key is taken back."""
        await self._typed_fresh("x", timeout)
        self.chan.write("\x7f")
        await until(lambda: not _reads(self.under_prompt()), "the key taken back", timeout,
                    shown=lambda: f"the screen:\n{self.term.text()}")

    async def _typed_fresh(self, line: str, timeout: float) -> None:
        """Type ``line`` at the prompt, until the line under it reads what is typed as an answer to the question
        on the screen. A line begun before its question was drawn is typeahead, which the screen ignores by
        design (and says so under the prompt): that line is wiped and typed again. Each try waits on the room
        (its question drawn), so a few are enough."""
        for _ in range(5):
            # First the line under the prompt as it is with nothing typed: what it reads next is read of this line.
            await until(lambda: not _reads(self.under_prompt()) and not _stale(self.under_prompt()),
                        "the line under the prompt to read nothing typed", timeout,
                        shown=lambda: f"the screen:\n{self.term.text()}")
            self.chan.write(line)
            await until(lambda: _reads(self.under_prompt()) or _stale(self.under_prompt()),
                        f"the screen to read {line!r} under the prompt", timeout,
                        shown=lambda: f"the screen:\n{self.term.text()}")
            if _reads(self.under_prompt()):
                return
            self.chan.write("\x7f" * len(line))  # typed ahead: wiped
        raise AssertionError(f"{line!r} was typed ahead of its question five times; the screen:\n{self.term.text()}")

    def resize(self, cols: int, rows: int) -> None:
        self.term.screen.resize(rows, cols)
        self.chan.change_terminal_size(cols, rows)

    async def sees(self, wanted: str | Callable[[str], bool], timeout: float = WAIT) -> str:
        """Wait until the screen shows ``wanted``; the screen."""
        test = wanted if callable(wanted) else (lambda text: wanted in text)
        await until(lambda: test(self.term.text()), f"the screen to show {wanted!r}", timeout,
                    shown=lambda: f"the screen:\n{self.term.text()}")
        return self.term.text()

    async def ends(self, timeout: float = WAIT) -> None:
        """Wait until the session is over (the host closed it, or its connection is gone)."""
        await until(self.term.closed.is_set, "the session to end", timeout,
                    shown=lambda: f"the screen:\n{self.term.text()}")

    def close(self) -> None:
        self.conn.close()


#: Under the prompt, while a line typed answers the question on the screen: what Enter plays (``→ play a 3``),
#: or the moves it may become (``Tab ▸``).
READS = ("→", Tr("en")("tab_completes").strip(), Tr("de")("tab_completes").strip())
#: Under the prompt, while a line typed before its question was drawn waits there (Enter ignores it).
STALE = (Tr("en")("typed_stale"), Tr("de")("typed_stale"))


def _reads(line: str) -> bool:
    return any(mark in line for mark in READS)


def _stale(line: str) -> bool:
    return any(mark in line for mark in STALE)


class Answers(asyncssh.SSHClient):
    """A client that answers keyboard-interactive prompts (as OpenSSH's ssh does by default) with a code."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.prompts: list[str] = []
        self.banners: list[str] = []
        self.asked = 0

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str,
                                  prompts: Any) -> list[str] | None:
        """One answer per connection (a person who mistyped connects again)."""
        self.prompts += [str(prompt) for prompt, _ in prompts]
        self.asked += 1
        return [self.code] * len(prompts) if self.asked == 1 else None


class Stalls(asyncssh.SSHClient):
    """A client that comes to the code question and never answers it (nor gives up)."""

    def kbdint_auth_requested(self) -> str:
        return ""

    async def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts: Any) -> None:
        await asyncio.Event().wait()


class Siege:
    """A hostile client's connections to the host on ``port`` from the people's own address (here every
    client is 127.0.0.1, as behind NAT or an ``ssh -R`` tunnel), each opened again as soon as the host
    closes it; :attr:`opened` counts the connections made."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.opened = 0
        self.tasks: list[asyncio.Task[None]] = []

    def raw(self, count: int, hello: bytes = b"", *, pause: float = 0.0) -> None:
        """``count`` TCP connections that send ``hello`` (``b"SSH-2.0-x\\r\\n"``: an SSH version; ``b""``:
        nothing), then nothing more; each opened again ``pause`` seconds after it was closed."""
        self.tasks += [asyncio.get_running_loop().create_task(self._raw(hello, pause)) for _ in range(count)]

    def stalled(self, count: int) -> None:
        """``count`` SSH clients that come to the code question (a key exchange, a login begun) and never
        answer it."""
        self.tasks += [asyncio.get_running_loop().create_task(self._stalled()) for _ in range(count)]

    async def _raw(self, hello: bytes, pause: float) -> None:
        while True:
            await asyncio.sleep(pause)  # the hostile client's own pace: part of the siege tested
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            except OSError:
                await asyncio.sleep(0.05)  # refused (the host's backlog is full): it tries again, as such a client does
                continue
            self.opened += 1
            try:
                writer.write(hello)
                while await reader.read(4096):  # the host's version, its key exchange: never answered
                    pass
            except OSError:
                pass
            writer.close()

    async def _stalled(self) -> None:
        while True:
            self.opened += 1
            try:
                conn, _ = await asyncssh.create_connection(Stalls, "127.0.0.1", self.port, username="mallory",
                                                           known_hosts=None, client_keys=None, agent_path=None)
                conn.close()
            except (asyncssh.Error, OSError):
                pass

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def login(port: int, name: str, code: str = CODE, *, key: asyncssh.SSHKey | None = None) -> Any:
    """An SSH connection as ``ssh`` makes one: the key first (when it has one), then the code."""
    conn, _ = await asyncssh.create_connection(lambda: Answers(code), "127.0.0.1", port, username=name,
                                               known_hosts=None, client_keys=[key] if key else None,
                                               agent_path=None)
    return conn


async def connect(port: int, name: str, code: str = CODE, *, size: tuple[int, int] = (80, 24),
                  env: dict[str, str] | None = None, term_type: str = "xterm-256color",
                  key: asyncssh.SSHKey | None = None, pty_size: tuple[int, int] | None = None) -> Client:
    """A person's session: their terminal of ``size`` (columns, rows), the size the client asks the pty
    for (``pty_size``: another one, as a hostile client may), and its environment."""
    conn = await login(port, name, code, key=key)
    variables: dict[str | bytes, str | bytes] = {k: v for k, v in (env or {}).items()}
    chan, term = await conn.create_session(lambda: Terminal(*size), term_type=term_type,
                                           term_size=pty_size or size, env=variables)
    assert isinstance(term, Terminal)
    return Client(conn, chan, term)


def return_code(screen: str) -> str:
    """The return code a screen shows its person (``Your return code: kafo-limu``)."""
    found = re.search(r"[Rr]eturn code:? ([a-z]+-[a-z]+)", screen)
    assert found, f"no return code on the screen:\n{screen}"
    return found.group(1)


def make_room(directory: Path, players: str = "Ann,Ben,Cy", *, seed: int = 5, grace: float = 120.0) -> Room:
    seats = parse_players(players)
    names = [s.name for s in seats]
    match = Match(Rules(len(seats)), games=1, seed=seed, names=names)
    saved = Saved(match=match, seats=seats, lang="en", delay=0, log=[start_event(match)])
    return Room(Table(saved, new_save_path(directory, names)), code=CODE, grace=grace, delay=0)


def hosted(room: Room, test: Callable[[Host, int], Awaitable[None]], **options: Any) -> None:
    """Run ``test`` against a host serving ``room`` on a free loopback port."""

    async def main() -> None:
        host = Host(**options)
        host.add(room)
        port = await host.listen(KEY, bind="127.0.0.1", port=0)
        game = asyncio.get_running_loop().create_task(room.run())
        try:
            await test(host, port)
        finally:
            host.stop()
            game.cancel()
            await asyncio.gather(game, return_exceptions=True)
            await until(lambda: not host.screens, "every session to end with the host", WAIT)

    asyncio.run(main())


def hand_words(room: Room, seat: int) -> str:
    """A seat's hand as its screen writes it (``2 2  3  4 …``)."""
    return grouped_text(room.view_for(seat).hand).plain


async def everyone(port: int, names: list[str], **options: Any) -> list[Client]:
    """The seats of ``names`` taken: the game under way on every screen, the question on the screen of the person
    asked first (a line typed before it is drawn is typeahead, which the screen drops)."""
    clients = [await connect(port, name, **options) for name in names]
    for client in clients:
        await client.sees("What happened")
    await first_asked(clients)
    return clients


#: The line under a table that says a seat other than the screen's decides: a person's, or a bot's.
OTHERS_DECIDE = [Tr(lang)(key, name="").strip() for lang in ("en", "de") for key in ("waiting_human", "waiting")]


async def first_asked(clients: Iterable[Client]) -> None:
    """With the game under way on every screen of ``clients``: wait until the question is drawn on the screen of
    the one asked first, if it is one of them (the others' lines are no answers: nothing they type waits on it)."""
    for client in clients:
        if not any(other in client.term.text() for other in OTHERS_DECIDE):
            await client.asked()


def all_drawn(host: Host) -> bool:
    """Whether no screen at ``host`` has a redraw waiting (what changed has been drawn and sent)."""
    return not any(screen.app.invalidated for screen in host.screens if isinstance(screen, TableScreen))


def asked_on_screen(room: Room, seat: int) -> bool:
    """Whether ``seat``'s person is asked a decision and their screen has drawn the question (a move typed
    before it is drawn is typeahead, which the screen drops by design), or the game is over."""
    chair = room.chairs.get(seat)
    if room.match.game.is_over:
        return True
    if chair is None or chair.answer is None or chair.answer.done():
        return False
    return not isinstance(chair.screen, TableScreen) or chair.screen.shows_asked()


async def decides(room: Room, seat: int) -> None:
    """Wait until ``seat``'s person is asked, the question on their screen (or the game is over)."""
    await until(lambda: asked_on_screen(room, seat), f"seat {seat} to be asked on its screen", WAIT)


async def next_asked(room: Room, seats: Collection[int]) -> int | None:
    """Wait until one of ``seats`` is asked, the question on its person's screen: that seat (``None``: the game
    is over). Bots move meanwhile, and so does the table for a seat with one legal move (nobody is asked)."""
    await until(lambda: room.match.game.is_over or any(asked_on_screen(room, seat) for seat in seats),
                f"one of seats {sorted(seats)} to be asked on its screen", WAIT)
    return None if room.match.game.is_over else next(seat for seat in seats if asked_on_screen(room, seat))


async def taken(room: Room, before: int, whose: str) -> None:
    """Wait until the room has taken a move after the ``before`` moves of its transcript (or the game is over):
    ``whose`` move, as the failure says it. Taken means published: then it is on disk too (the table applies
    a move, saves it, and only then shows it)."""
    await until(lambda: room.shown.moves > before or room.shown.over, f"{whose} move to be taken", WAIT)


async def first_seat_plays_until_the_second_decides(room: Room, first: Client) -> None:
    """The first seat's person plays their first legal move until the second seat is asked."""
    while (seat := await next_asked(room, (0, 1))) == 0:
        before = len(room.saved.transcript.moves)
        first.type(room.match.game.view(0).legal_moves()[0])
        await taken(room, before, "the first seat's")
    assert seat == 1, "the game ended before the second seat was asked"


def start_host(args: list[str], data_dir: Path, *, port: str | None = "0") -> tuple[subprocess.Popen[str], int]:
    """``abluxxen host ARGS --serve --port PORT`` in a process of its own (no ``--port``: ``port=None``);
    it and the port it listens on."""
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(data_dir), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    on_port = ["--port", port] if port is not None else []
    proc = subprocess.Popen([sys.executable, "-m", "abluxxen", "host", *args, "--serve", *on_port,
                             "--lang", "en", "--delay", "0"], env=env, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    assert proc.stdout is not None
    for _ in range(20):
        line = proc.stdout.readline()
        found = re.search(r"ssh -p (\d+) NAME@", line)
        if found:
            return proc, int(found.group(1))
    proc.kill()
    raise AssertionError(f"the host printed no ssh line: {proc.stderr.read() if proc.stderr else ''}")


async def play_out(room: Room, clients: dict[int, Client], rng: random.Random, *,
                   after_each: Callable[[], None] = lambda: None) -> int:
    """The people at ``room`` type random legal moves until the game is over (``after_each`` told after each
    of their moves); how many they typed."""
    moves = 0
    while (mover := await next_asked(room, clients)) is not None:
        before = len(room.saved.transcript.moves)
        clients[mover].type(rng.choice(room.match.game.view(mover).legal_moves()))
        await taken(room, before, f"seat {mover}'s")
        moves += 1
        after_each()
    return moves
