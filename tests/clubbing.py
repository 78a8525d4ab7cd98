"""Helpers for the club's tests: a real club on loopback, SSH clients with their own keys."""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import asyncssh
from hosting import KEY, WAIT, Answers, Client, Terminal

from abluxxen.host.club import ClubHost
from abluxxen.host.door import Door
from abluxxen.host.workers import Workers
from abluxxen.store.accounts import open_accounts
from abluxxen.store.save_document import Saved, SaveError
from abluxxen.store.saves import read_save
from abluxxen.table.club import Club
from abluxxen.table.room import Room

ANN, BEN, CY = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))


def room_of(club: Club, number: int) -> Room | None:
    """Table ``number``'s room, while it plays in the club's own process (served there as a worker is)."""
    workers = club.elsewhere
    own = workers.own.local if isinstance(workers, Workers) and workers.own is not None else None
    here = own.tables.get(number) if own is not None else None
    return here.room if here is not None else None


def clubbed(directory: Path, test: Callable[[Club, int], Awaitable[None]], *, code: str = "",
            admins: Sequence[str] = (), grace: float = 120.0, workers: int = 0, door: Door | None = None) -> None:
    """Run ``test`` against a club kept in ``directory`` on a free loopback port (its tables resumed), its
    tables in ``workers`` worker processes (0: in this one), behind ``door``."""

    async def main() -> None:
        accounts = open_accounts(directory)
        elsewhere = Workers(workers)
        await elsewhere.start()
        club = Club(directory, accounts, grace=grace, delay=0, elsewhere=elsewhere)
        assert club.resume() == []
        host = ClubHost(club, accounts, code=code, admins=admins, door=door)
        port = await host.listen(KEY, bind="127.0.0.1", port=0)
        try:
            await test(club, port)
        finally:
            host.stop()
            await asyncio.sleep(0.05)
            await elsewhere.ended()
            accounts.close()

    asyncio.run(main())


async def seated(port: int, table: int, opening: str = "new 2") -> tuple[Client, Client]:
    """Ann and Ben log in with their keys; Ann opens a table of two (``opening``), Ben joins it as
    table ``table``, and both see it."""
    ann = await enter(port, "ann", key=ANN)
    ben = await enter(port, "ben", key=BEN)
    ann.type(opening)
    await ann.sees(f"Table {table} is open")
    ben.type(f"join {table}")
    await ann.sees("What happened")
    await ben.sees("What happened")
    return ann, ben


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


async def play_out_by_save(club: Club, number: int, clients: dict[int, Client], rng: random.Random) -> int:
    """The people at table ``number`` type random legal moves, read off its save, until its game is over
    (wherever the table plays); how many moves they made."""
    moves = 0
    deadline = asyncio.get_running_loop().time() + 10 * WAIT
    while asyncio.get_running_loop().time() < deadline:
        saved = saved_game(club, number)
        if saved is None and moves:  # a finished match's save goes once its games are recorded
            return moves
        if saved is None or saved.match.game.is_over:
            if saved is not None:
                return moves
            await asyncio.sleep(0.02)
            continue
        game = saved.match.game
        mover = game.to_move
        if mover not in clients:
            await asyncio.sleep(0.02)  # a bot's turn
            continue
        clients[mover].type(rng.choice(game.view(mover).legal_moves()))
        before = len(saved.transcript.moves)
        for _ in range(100):  # typed before the question came, it is dropped: then it is typed again
            await asyncio.sleep(0.02)
            now = saved_game(club, number)
            if now is not None and (len(now.transcript.moves) > before or now.match.game.is_over):
                moves += 1
                break
    raise AssertionError(f"table {number}'s game did not end")


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
                size: tuple[int, int] = (80, 24), lang: str = "en") -> Client:
    """A person's session in the club's lobby."""
    conn, answers = await knock(port, name, key=key, code=code)
    assert not isinstance(conn, Exception), f"{name} not let in: {conn} {answers.banners}"
    chan, term = await conn.create_session(lambda: Terminal(*size), term_type="xterm-256color", term_size=size,
                                           env={"LANG": "de_DE.UTF-8" if lang == "de" else "en_US.UTF-8"})
    assert isinstance(term, Terminal)
    client = Client(conn, chan, term)
    await client.sees("lobby ›" if lang == "en" else "Lobby ›", WAIT)
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
        f"    while Path({str(gate)!r}).exists():\n"
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
        "from abluxxen.tui import lobby\n"
        "_render = lobby.ClubTableScreen._render\n"
        "def _faulty(self, *args):\n"
        f"    if Path({str(trigger)!r}).exists():\n"
        "        raise RuntimeError('a fault drawing the table')\n"
        "    return _render(self, *args)\n"
        "lobby.ClubTableScreen._render = _faulty\n")
    from abluxxen.tui import lobby
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
