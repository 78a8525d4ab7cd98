"""Helpers for the club's tests: a real club on loopback, SSH clients with their own keys."""

from __future__ import annotations

import asyncio
import functools
import json
import operator
import os
import random
import time
from collections.abc import Awaitable, Callable, Collection, Sequence
from pathlib import Path
from typing import Any, cast

import asyncssh
from hosting import KEY, WAIT, Answers, Client, Terminal, first_asked, next_asked, taken
from waiting import until

from abluxxen.club.door import ClubHost
from abluxxen.club.lobby import Club
from abluxxen.club.notify import Notifier
from abluxxen.club.state import STATE_FILE, ClubState
from abluxxen.club.workers import Workers
from abluxxen.host.door import Door
from abluxxen.i18n.tr import Tr
from abluxxen.store.accounts import open_accounts
from abluxxen.store.save_document import Saved, SaveError
from abluxxen.store.saves import read_save
from abluxxen.table.room import Room

ANN, BEN, CY = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))


def room_of(club: Club, number: int) -> Room | None:
    """Table ``number``'s room, while it plays in the club's own process (served there as a worker is)."""
    workers = cast(Workers, club.elsewhere)
    own = workers.own.local if workers.own is not None else None
    here = own.tables.get(number) if own is not None else None
    return here.room if here is not None else None


def kept_state(directory: Path) -> dict[str, Any]:
    """What the club in ``directory`` keeps in its database (read as a restart reads it; the club may run)."""
    state = ClubState(directory, lambda key, fields: None)
    try:
        doc = state.read()
    finally:
        state.close()
    assert doc is not None, "no database"
    return doc


def as_before_the_database(directory: Path) -> None:
    """Make the club's folder ``directory`` one of a club from before its database (584dc4d): its tables and
    mutes in ``club.json``, as that club wrote them, and no database."""
    doc = kept_state(directory)
    for table in doc["tables"]:
        table.pop("stage", None)
        for line in table.get("chat", ()):
            line.pop("at", None)
    older = {"next": doc["next"], "tables": doc["tables"], "muted": [{"name": m["name"], "until": m["until"]}
                                                                    for m in doc["muted"]]}
    (directory / "club.json").write_text(json.dumps(older) + "\n")
    for suffix in ("", "-wal", "-shm"):
        (directory / f"{STATE_FILE}{suffix}").unlink(missing_ok=True)


def clubbed(directory: Path, test: Callable[[Club, int], Awaitable[None]], *, code: str = "",
            admins: Sequence[str] = (), grace: float = 120.0, workers: int = 0, door: Door | None = None,
            wall: Callable[[], float] = time.time, notify: str = "") -> None:
    """Run ``test`` against a club kept in ``directory`` on a free loopback port (its tables resumed), its
    tables in ``workers`` worker processes (0: in this one), behind ``door``, on the calendar ``wall``,
    telling people who are away by the command ``notify`` (as ``club --notify``)."""

    async def main() -> None:
        accounts = open_accounts(directory)
        elsewhere = Workers(workers)
        await elsewhere.start()
        notifier = Notifier(notify) if notify else None
        club = Club(directory, accounts, grace=grace, delay=0, elsewhere=elsewhere, wall=wall, notifier=notifier)
        assert club.resume() == []
        host = ClubHost(club, accounts, code=code, admins=admins, door=door)
        port = await host.listen(KEY, bind="127.0.0.1", port=0)
        try:
            await test(club, port)
        finally:
            host.stop()
            await until(lambda: not host.screens, "every session to end with the club", WAIT)
            if notifier is not None:
                notifier.stop()
                await notifier.ended()
            await elsewhere.ended()
            accounts.close()

    asyncio.run(main())


async def seated(port: int, table: int, opening: str = "new 2") -> tuple[Client, Client]:
    """Ann and Ben log in with their keys; Ann opens a table of two (``opening``), Ben joins it as
    table ``table``, and both see it (the question on the screen of the one asked first)."""
    ann = await enter(port, "ann", key=ANN)
    ben = await enter(port, "ben", key=BEN)
    ann.type(opening)
    await ann.sees(f"Table {table} is open")
    ben.type(f"join {table}")
    await ann.sees("What happened")
    await ben.sees("What happened")
    await first_asked((ann, ben))
    return ann, ben


#: Under a page over the lobby: more to come, or its last screenful.
PAGE_MORE, PAGE_LAST = Tr("en")("club.page_more"), Tr("en")("club.page_last")


async def read_pages(client: Client, command: str) -> str:
    """Type ``command`` in ``client``'s lobby (English) and read the page it opens to its end, a screenful at a
    time, as a person does (Enter: the next one, and after the last, the lobby): every screenful it showed.
    However long a page grows (the help, with each command added), what it says is found in it."""
    client.type(command)
    shown: list[str] = []
    for _ in range(10):
        screen = await client.sees(lambda text: PAGE_MORE in text or PAGE_LAST in text)
        shown.append(screen)
        client.type("")
        if PAGE_LAST in screen:
            await client.sees(lambda text: PAGE_LAST not in text)
            return "\n".join(shown)
        await client.sees(functools.partial(operator.ne, screen))  # the next screenful drawn
    raise AssertionError(f"{command}'s page has more than ten screenfuls")


def saved_game(club: Club, number: int) -> Saved | None:
    """Table ``number``'s save as it is now (wherever the table plays, its save is in the club's folder)."""
    table = club.tables.get(number)
    name = table.room.save_name() if table is not None and table.room is not None else None
    if name is None:
        return None
    try:
        return read_save(club.directory / name)
    except SaveError:  # being replaced just now
        return None


#: A table's save is gone: its match is over and recorded (the records hold it), or the table is.
GONE = "gone"


#: The saves read lately, by path: when and how long the file was then, and what it held (a test looks at a save
#: every few milliseconds; it is read again only once it changed).
_read: dict[Path, tuple[tuple[int, int], Saved]] = {}


def _save_now(club: Club, number: int) -> Saved | str | None:
    """Table ``number``'s save as it is now; :data:`GONE` once it has none; ``None`` while it is being replaced."""
    table = club.tables.get(number)
    name = table.room.save_name() if table is not None and table.room is not None else None
    if name is None:
        return GONE
    path = club.directory / name
    try:
        stat = path.stat()
        known = _read.get(path)
        if known is not None and known[0] == (stat.st_mtime_ns, stat.st_size):
            return known[1]
        saved = read_save(path)
    except (OSError, SaveError):  # being replaced just now
        return None
    _read[path] = ((stat.st_mtime_ns, stat.st_size), saved)
    return saved


async def turn_at(club: Club, number: int, seats: Collection[int]) -> Saved | None:
    """Wait until one of ``seats`` is to move at table ``number`` (read off its save, wherever the table plays);
    the save then, or ``None`` once its game is over (or its save gone)."""
    def turn() -> Saved | str | None:
        saved = _save_now(club, number)
        if not isinstance(saved, Saved) or saved.match.game.is_over:
            return saved
        game = saved.match.game
        if game.to_move not in seats or len(game.legal_moves()) == 1:
            return None  # a bot's turn, another's, or a move the table makes itself (nobody is asked it)
        return saved

    got = await until(turn, f"seat {' or '.join(map(str, sorted(seats)))} to move at table {number}", WAIT)
    return got if isinstance(got, Saved) and not got.match.game.is_over else None


async def move_at(club: Club, number: int, clients: dict[int, Client],
                  choose: Callable[[list[str]], str] = lambda legal: legal[0]) -> int | None:
    """The next of ``clients`` (by seat) to move at table ``number`` makes the move ``choose`` picks of their legal
    ones, and the table takes it (it is in the save); how many moves the save holds then (``None``: its game
    was over, nobody moved). In the club's own process, the room says when the question is on the person's
    screen; in a worker, the save says whose turn it is and the person's screen whether the line typed answers
    it (see :meth:`~hosting.Client.enters`)."""
    room = room_of(club, number)
    if room is not None:
        mover = await next_asked(room, clients)
        if mover is None:
            return None
        before = len(room.saved.transcript.moves)
        clients[mover].type(choose(room.match.game.view(mover).legal_moves()))
        await taken(room, before, f"seat {mover}'s")
        return len(room.saved.transcript.moves)
    saved = await turn_at(club, number, clients)
    if saved is None:
        return None
    game = saved.match.game
    mover = game.to_move
    assert mover is not None
    before = len(saved.transcript.moves)
    await clients[mover].enters(choose(game.view(mover).legal_moves()))

    def in_save() -> Saved | str | None:
        now = _save_now(club, number)
        return now if not isinstance(now, Saved) or len(now.transcript.moves) > before else None

    now = await until(in_save, f"table {number} to take seat {mover}'s move", WAIT)
    return len(now.transcript.moves) if isinstance(now, Saved) else before + 1  # (gone: the match is recorded)


async def play_out_by_save(club: Club, number: int, clients: dict[int, Client], rng: random.Random) -> int:
    """The people at table ``number`` type random legal moves until its game is over (wherever the table plays:
    see :func:`move_at`); how many moves they made."""
    moves = 0
    while await move_at(club, number, clients, rng.choice) is not None:
        moves += 1
    return moves


async def knock(port: int, name: str, *, key: asyncssh.SSHKey | None = None, code: str = "") -> tuple[Any, Answers]:
    """Log in as ``ssh`` does (the key, then the code if asked); the connection, or the error, and what
    the client was told (banners, prompts)."""
    answers = Answers(code)
    try:
        conn, _ = await asyncssh.create_connection(lambda: answers, "127.0.0.1", port, username=name,
                                                   known_hosts=None, client_keys=[key] if key else None,
                                                   agent_path=None)
    except (asyncssh.Error, OSError) as err:
        return err, answers
    return conn, answers


async def enter(port: int, name: str, *, key: asyncssh.SSHKey | None = None, code: str = "",
                size: tuple[int, int] = (80, 24), lang: str = "en", first: str | None = None) -> Client:
    """A person's session in the club's lobby (or wherever the club takes them first: ``first`` is seen)."""
    conn, answers = await knock(port, name, key=key, code=code)
    assert not isinstance(conn, Exception), f"{name} not let in: {conn} {answers.banners}"
    chan, term = await conn.create_session(lambda: Terminal(*size), term_type="xterm-256color", term_size=size,
                                           env={"LANG": "de_DE.UTF-8" if lang == "de" else "en_US.UTF-8"})
    assert isinstance(term, Terminal)
    client = Client(conn, chan, term)
    await client.sees(first or ("lobby ›" if lang == "en" else "Lobby ›"), WAIT)
    return client


def _everywhere(monkeypatch: Any, where: Path, code: str, patched: Sequence[tuple[Any, str]]) -> None:
    """Run ``code`` (which replaces the ``patched`` attributes) in this process, undone after the test, and in
    every worker the club starts (a ``sitecustomize`` in ``where`` that they import)."""
    site = where / "site"
    site.mkdir(parents=True, exist_ok=True)
    (site / "sitecustomize.py").write_text(code)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH")) if p))
    for owner, name in patched:
        monkeypatch.setattr(owner, name, getattr(owner, name))  # put back after the test
    exec(compile(code, str(site / "sitecustomize.py"), "exec"), {})


def held_saves(monkeypatch: Any, where: Path) -> tuple[Path, Path]:
    """Make every save's writing wait while the first file returned exists (a disk that hangs), here and in
    the workers; the second exists while a save waits so."""
    gate, waiting = where / "gate", where / "waiting"
    code = (
        "import time\n"
        "from pathlib import Path\n"
        "from abluxxen.table import table\n"
        "_write = table.write_save_text\n"
        "def _held(path, text):\n"
        f"    while Path({str(gate)!r}).exists():  # the disk hangs while the test says so\n"
        f"        Path({str(waiting)!r}).touch()\n"
        "        time.sleep(0.01)\n"
        f"    Path({str(waiting)!r}).unlink(missing_ok=True)\n"
        "    _write(path, text)\n"
        "table.write_save_text = _held\n")
    from abluxxen.table import table
    _everywhere(monkeypatch, where, code, [(table, "write_save_text")])
    return gate, waiting


def faulty_screens(monkeypatch: Any, where: Path) -> Path:
    """Make a club table's screen fail to draw (``RuntimeError``) while the file returned exists, in this
    process and in the workers it starts (through a ``sitecustomize`` they import): a fault that no input
    can cause, to see what a person at a failing screen meets."""
    trigger = where / "fault"
    code = (
        "from pathlib import Path\n"
        "from abluxxen.club import screens as lobby\n"
        "_render = lobby.ClubTableScreen._render\n"
        "def _faulty(self, *args):\n"
        f"    if Path({str(trigger)!r}).exists():\n"
        "        raise RuntimeError('a fault drawing the table')\n"
        "    return _render(self, *args)\n"
        "lobby.ClubTableScreen._render = _faulty\n")
    from abluxxen.club import screens as lobby
    _everywhere(monkeypatch, where, code, [(lobby.ClubTableScreen, "_render")])
    return trigger


def faulty_lines(monkeypatch: Any, where: Path) -> None:
    """Make answering ``log`` at a table fail (``RuntimeError``), in this process and in the workers the club
    starts: a fault of the program that a line meets, to see what its person and the log meet."""
    code = (
        "from abluxxen.tui import screen\n"
        "_carry_out = screen.carry_out\n"
        "def _faulty(at, command):\n"
        "    if command.name == 'log':\n"
        "        raise RuntimeError('a fault answering log')\n"
        "    return _carry_out(at, command)\n"
        "screen.carry_out = _faulty\n")
    from abluxxen.tui import screen
    _everywhere(monkeypatch, where, code, [(screen, "carry_out")])
