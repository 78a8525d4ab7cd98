"""How the club holds up: N tables of 4 people who came through its lobby, each at an SSH client.

    python benchmarks/club_load.py                          # 10, 25 and 50 tables
    python benchmarks/club_load.py --tables 100 --moves 20
    python benchmarks/club_load.py --tables 25 --frozen      # and again with one client frozen
    python benchmarks/club_load.py --tables 25 --flood       # and again with one client flooding
    python benchmarks/club_load.py --idle 1000               # 1,000 people idle in the lobby
    python benchmarks/club_load.py --dormant 1000            # a club of 1,000 sleeping tables
    python benchmarks/club_load.py --tables 100 --slow-disk 50  # and again on a disk 50 ms slower to sync
    python benchmarks/club_load.py --days 1000 --keep days-club  # 1,000 tables over days, people come to move

The club is started as a person starts it: ``python -m abluxxen club --bind 127.0.0.1 --port 0
--places P --lang en`` in a process of its own, with a data folder of its own
(``ABLUXXEN_DATA_DIR``), its port read from the line it prints. Every client comes from
127.0.0.1, so the club is given places (``--places``) for all of them; a club started without
it takes 64 connections.

The clients all run in this process (the pieces are ``host_load.py``'s: the pyte screens, the
table read off a screen, the finished-redraw timing). Each has an SSH key of its own and logs in
under a name of its own (``T7a``…``T7d`` for table 7), which claims the name, a few logins at a
time. At each table the first types ``new 4`` in the lobby, reads the table's number off its
screen, and the three others type ``join N``: the table starts and every screen shows it. A
client knows its legal moves from a copy of the game dealt from the table's seed, which this
script reads from the table's save in the club's data folder (it owns that folder); the people
then play as in ``host_load.py``: key by key, at ``--pause`` and ``--keys``.

Figures, for each number of tables (as ``host_load.py``'s, see there):

- **move → screens** p50 and p95, from the Enter of a move until each of the three other screens
  shows the table after it (the finished redraw);
- **key echo** p50 and p95;
- **club memory**: the club process's PSS with every session at its table, and **per session**
  its growth from before the first login, over the sessions;
- **club CPU per move**, **clients' CPU** and **others' CPU** (the rest of the machine).

``--frozen`` runs each size twice: as above, then with one client at table 1 that stops reading
(its SSH connection is no longer read, as a frozen ``ssh`` or a closed laptop) after its table's
second move; its table-mates chat there instead of playing (each line is drawn on the frozen
screen too, whose output piles up at the club). The other tables' figures are printed for both
runs: a frozen session must not slow another table.

``--flood`` is as ``--frozen``, but the client at table 1 sends keys as fast as its connection
takes them (64 KiB at a time, a pasted file or a hostile client) instead of freezing.

``--slow-disk MS`` runs each size again on a slow disk: every ``fsync`` of the club and its workers
takes MS milliseconds more (a ``sitecustomize`` they import wraps ``os.fsync``). A move's save
waits on the disk in a thread, so the key echo (which waits on nobody's disk) must stay near the
fast disk's; a move reaches the screens once its save is on disk, so move → screens grows by
about MS.

``--dormant N``: a club of N sleeping tables (one table of two people, the club stopped with them at it, its
save and its row of the club's database copied N times): how long the club takes from its process's start to
accepting logins, its memory (RSS) above an empty club started the same way, and the time from one of the
people's ``join`` of a sleeping table to their table screen showing (the median of a few tables).

``--idle N``: N people log in and sit in the lobby; the club's memory per idle session, then the
key echo of one more person typing a line in the lobby among them, and the time until that line,
said, shows on every idle lobby screen.

``--days N``: a club of N tables played over days (``new 3 hours 48 invite …``, of 3 or 4 accounts
each, every account at about 7 of them), opened and joined through the lobby by people who log in, type
their commands and leave. Then people come one after another, ``--at-once`` at a time, as they do over
days: each asks ``ssh NAME@club waiting`` (no terminal; timed from the connection to the answer, and
checked to name the table the script knows waits for them), logs in, types ``join N``, makes their
decisions there (each typed in one go, after ``--pause`` seconds to think; timed from the Enter until
their screen, and a table-mate's who came too at every fourth visit, shows the table after it) and
leaves. Figures: the club's memory (PSS) with every table asleep and after the visits, move → screens
p50 and p95, ``waiting`` p50 and p95, login and ``join`` → table screen (a sleeping table woken and the
since-view drawn) medians, and the club's CPU per move. ``--keep DIR`` sets the club up in DIR and keeps
it: a next run with the same DIR starts the club on it (the games go on from their saves) instead of
setting it up again, which takes minutes for a thousand tables.

Bounded in count and time as ``host_load.py``; the club is ended (a signal) when the script ends.
Only loopback addresses are used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh
import pyte
from host_load import (
    COLS,
    LOGINS,
    PATIENCE,
    ROWS,
    TR,
    Hosting,
    Screen,
    Seat,
    _printed_port,
    _seat_line,
    cpu_seconds,
    echoing,
    forced,
    header,
    machine_busy_seconds,
    memory_kib,
    people_options,
    percentile,
    play_table,
    row_line,
    showing,
    shown,
    stop,
    table_shown,
)

from abluxxen import Game
from abluxxen.club.state import STATE_FILE
from abluxxen.store.save_document import Saved, SaveError
from abluxxen.store.saves import read_save

SEATS = "abcd"
LOBBY = TR("club.prompt")
#: The lobby's line for someone waiting at a table (the message "Table N is open" may be cropped).
_OPENED = re.compile(re.escape(TR("club.waiting_at", n="\0", start="").split("\0")[0]) + r"(\d+)")
#: Places beyond the clients': the door keeps a few for people logging in.
SPARE = 2 * LOGINS


# -- the club's side --------------------------------------------------------------------------------


@dataclass
class Clubhouse:
    """A club process started for one run: its process, port and data folder."""

    hosting: Hosting
    port: int
    folder: Path

    @property
    def pid(self) -> int:
        """The club process's id."""
        return self.hosting.pids[0]

    def pids(self) -> list[int]:
        """The club process and its workers."""
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == self.pid:
                    children.append(int(stat.parent.name))
            except (OSError, ValueError, IndexError):
                continue
        return [self.pid, *children]

    def cpu(self) -> float:
        """CPU seconds the club and its workers have used."""
        return sum(cpu_seconds(pid) for pid in self.pids())

    def memory(self) -> int:
        """The club's and its workers' memory (KiB of PSS)."""
        return sum(memory_kib(pid) for pid in self.pids())


def club_command(places: int, workers: int = 0, code: str = "") -> list[str]:
    """``abluxxen club`` as a person types it, on loopback, with a free port, ``places`` places, its
    tables in ``workers`` worker processes, and guests let in by ``code`` (none: by key only)."""
    return [sys.executable, "-m", "abluxxen", "club", "--bind", "127.0.0.1", "--port", "0",
            "--places", str(places), "--workers", str(workers), "--lang", "en", *(["--code", code] if code else [])]


#: What makes the club's disk slow (``--slow-disk MS``): every ``fsync`` of the club and its workers waits first.
SLOW_DISK = """import os, time
_fsync = os.fsync
def _slow_fsync(fd):
    time.sleep({seconds})
    _fsync(fd)
os.fsync = _slow_fsync
"""


def slow_disk_env(folder: Path, milliseconds: float) -> dict[str, str]:
    """The environment that gives a club started in it (and its workers) a disk whose every ``fsync`` takes
    ``milliseconds`` more (a ``sitecustomize`` they import); nothing for 0."""
    if not milliseconds:
        return {}
    site = folder / "slow-disk"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SLOW_DISK.format(seconds=milliseconds / 1000))
    return {"PYTHONPATH": os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH")) if p)}


@contextmanager
def club(places: int, workers: int = 0, slow_disk: float = 0.0, code: str = "",
         data: Path | None = None) -> Iterator[Clubhouse]:
    """A club process with a data folder of its own (``data``: that one, kept), ended (and its folder removed)
    afterwards (``slow_disk``: milliseconds added to each of its ``fsync``; ``code``: the guests' code)."""
    with tempfile.TemporaryDirectory(prefix="abluxxen-club-load-") as temporary, \
            tempfile.TemporaryDirectory(prefix="abluxxen-club-disk-") as disk:
        folder = str(data) if data is not None else temporary
        output = Path(folder) / "console.txt"
        hosting = Hosting()
        try:
            with output.open("w") as console:
                hosting.processes.append(subprocess.Popen(
                    club_command(places, workers, code),
                    env=dict(os.environ, ABLUXXEN_DATA_DIR=folder, LANG="C.UTF-8",
                             **slow_disk_env(Path(disk), slow_disk)),
                    stdin=subprocess.DEVNULL, stdout=console, stderr=subprocess.STDOUT, text=True))
            yield Clubhouse(hosting, _printed_port(hosting.processes[0], output), Path(folder))
        finally:
            stop(hosting)


def club_rows(folder: Path, sql: str, *values: object) -> list[tuple[Any, ...]]:
    """What the club's database (read only, as a backup reads it) answers ``sql`` with ``values``."""
    with closing(sqlite3.connect(f"{(folder / 'club' / STATE_FILE).as_uri()}?mode=ro", uri=True)) as db:
        return db.execute(sql, values).fetchall()


def table_save(folder: Path, number: int) -> Saved:
    """Table ``number``'s save in the club's folder, as the club's database names it (``StopIteration``: it
    names none yet)."""
    (save,) = next(iter(club_rows(folder, "SELECT save FROM tables WHERE number = ? AND save IS NOT NULL", number)))
    return read_save(folder / "club" / Path(str(save)).name)


def dealt(folder: Path, number: int) -> Game:
    """Table ``number``'s first game as dealt, from its save in the club's folder (its database names it)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            match = table_save(folder, number).match
            return Game.new(match.rules, seed=match.seed, first=match.first, names=match.names)
        except (OSError, ValueError, StopIteration, SaveError, sqlite3.Error):  # not written yet
            if time.monotonic() > deadline:
                raise RuntimeError(f"table {number} has no save to read in {folder}") from None
            time.sleep(0.02)


# -- the clients' side ----------------------------------------------------------------------------


async def enter(port: int, name: str, logins: asyncio.Semaphore, key: asyncssh.SSHKey | None = None) -> Seat:
    """``name`` logs in with a key of their own (claiming the name; ``key``: this one), when one of ``logins``
    is free, and sees the lobby's prompt."""
    key = key or asyncssh.generate_private_key("ssh-ed25519")
    async with logins:
        conn, _ = await asyncssh.create_connection(asyncssh.SSHClient, "127.0.0.1", port, username=name,
                                                   known_hosts=None, client_keys=[key], agent_path=None)
        chan, screen = await conn.create_session(Screen, term_type="xterm-256color", term_size=(COLS, ROWS))
        assert isinstance(screen, Screen)
        seat = Seat(name, conn, chan, screen)
        await shown(seat, screen.when(echoing(name, "", LOBBY)), "the lobby")
    return seat


def at_a_table(names: Sequence[str]) -> Callable[[pyte.Screen], bool]:
    """Whether a screen shows a table of ``names`` (in any seats)."""
    seat = _seat_line(names)
    return lambda screen: table_shown(screen.display, names, seat) is not None


async def seat_table(club: Clubhouse, n: int, logins: asyncio.Semaphore) -> tuple[list[Seat], Game]:
    """Table ``n``'s four people log in, open it and join it; its seats in their order, and its deal."""
    names = [f"T{n + 1}{seat}" for seat in SEATS]
    people = [await enter(club.port, name, logins) for name in names]
    opener = people[0]
    opened = opener.screen.when(lambda screen: any(_OPENED.search(line) for line in screen.display))
    opener.chan.write("new 4\r")
    await shown(opener, opened, "the table it opened")
    number = int(next(found for line in opener.screen.screen.display if (found := _OPENED.search(line))).group(1))
    for person in people[1:]:
        person.chan.write(f"join {number}\r")
    for person in people:
        await shown(person, person.screen.when(at_a_table(names)), f"table {number}")
    game = await asyncio.to_thread(dealt, club.folder, number)
    seats = [next(p for p in people if p.name == name) for name in game.names]
    for k, seat in enumerate(seats):
        await shown(seat, seat.screen.when(showing(forced(game.copy()).view(k))), "the table dealt")
    return seats, game


def freeze(seat: Seat) -> None:
    """The client stops reading its connection, as a frozen ``ssh`` does: what the club sends piles up."""
    seat.conn._transport.pause_reading()  # noqa: SLF001 - asyncssh has no public way to stop reading


async def chat(seats: list[Seat], frozen: Seat, pause: float) -> None:
    """The frozen seat's table-mates chat at a person's pace, a line each every ``pause`` seconds (one
    at least), until cancelled."""
    said = 0
    while True:
        for seat in seats:
            if seat is not frozen:
                said += 1
                seat.chan.write(f"say line {said} while {frozen.name} is away\r")
                await asyncio.sleep(max(1.0, pause) / 3)


async def flood(seat: Seat) -> None:
    """The client sends keys as fast as its connection takes them (until cancelled)."""
    chunk = "x" * 65536
    while True:
        if seat.chan.get_write_buffer_size() < 1024 * 1024:
            seat.chan.write(chunk)
        await asyncio.sleep(0.01)


async def play_troubled(seats: list[Seat], game: Game, deadline: float, trouble: str, *, pause: float,
                        keys: float) -> int:
    """Table 1 plays two moves (not timed); then the seat to decide freezes (``frozen``: the others chat
    there) or floods the club (``flood``), until cancelled; the moves played."""
    played = await play_table(seats, 0, 2, deadline, {"echo": [], "screens": []}, pause=pause, keys=keys, dealt=game)
    now = table_shown(seats[0].screen.screen.display, game.names, _seat_line(game.names))
    assert now is not None
    troubled = seats[next(k for k, (_, _, decides) in enumerate(now[2]) if decides)]
    if trouble == "flood":
        await flood(troubled)
    freeze(troubled)
    await chat(seats, troubled, pause)
    return played


# -- measuring ------------------------------------------------------------------------------------


async def measure(tables: int, moves: int, seconds: float, *, pause: float, keys: float,
                  trouble: str = "", workers: int = 0, slow_disk: float = 0.0) -> dict[str, float]:
    """One run: ``tables`` tables opened, joined, played and measured (table 1 with a client in
    ``trouble``: ``frozen`` or ``flood``; ``slow_disk``: milliseconds more for each ``fsync``)."""
    with club(4 * tables + SPARE, workers, slow_disk) as clubhouse:
        await asyncio.sleep(1.0)  # the club settles after starting
        before = clubhouse.memory()
        logins = asyncio.Semaphore(LOGINS)
        everyone = await asyncio.gather(*(seat_table(clubhouse, n, logins) for n in range(tables)))
        figures: dict[str, list[float]] = {"echo": [], "screens": []}
        cpu, own = clubhouse.cpu(), cpu_seconds(clubhouse.pid)
        clients, busy, wall = time.process_time(), machine_busy_seconds(), time.perf_counter()
        deadline = wall + seconds
        plays = [play_table(seats, n, moves, deadline, figures, pause=pause, keys=keys, dealt=game)
                 for n, (seats, game) in enumerate(everyone) if not (trouble and n == 0)]
        away = asyncio.ensure_future(play_troubled(*everyone[0], deadline, trouble, pause=pause, keys=keys)) \
            if trouble else None
        counts = await asyncio.gather(*plays)
        if away is not None:
            away.cancel()
        cpu, own = clubhouse.cpu() - cpu, cpu_seconds(clubhouse.pid) - own
        workers_seen = clubhouse.pids()[1:]
        clients, wall = time.process_time() - clients, time.perf_counter() - wall
        others = machine_busy_seconds() - busy - cpu - clients
        after = clubhouse.memory()
        for seats, _ in everyone:
            for seat in seats:
                seat.conn.close()
    screens, echo = figures["screens"], figures["echo"]
    return {"tables": tables, "sessions": 4 * tables, "moves": sum(counts), "played": min(counts),
            "p50": statistics.median(screens) * 1000, "p95": percentile(screens, 0.95) * 1000,
            "echo50": statistics.median(echo) * 1000, "echo95": percentile(echo, 0.95) * 1000,
            "memory": after / 1024, "kib": (after - before) / (4 * tables), "cpu": cpu / max(1, sum(counts)) * 1000,
            "own": own / max(1, sum(counts)) * 1000, "workers": len(workers_seen),
            "clients": clients / wall * 100, "others": max(0.0, others) / wall * 100, "timed": len(screens)}


async def idle(people: int, *, keys: float, line: str = "say good evening, everybody") -> dict[str, float]:
    """``people`` log in and sit in the lobby; the club's memory per idle session; then one more types
    ``line`` (each key's echo timed) and says it (timed until every idle lobby shows it)."""
    with club(people + 1 + SPARE) as clubhouse:
        await asyncio.sleep(1.0)
        before = clubhouse.memory()
        logins = asyncio.Semaphore(LOGINS)
        start = time.perf_counter()
        sitting = await asyncio.gather(*(enter(clubhouse.port, f"Idle{i + 1}", logins) for i in range(people)))
        logged_in = time.perf_counter() - start
        await asyncio.sleep(2.0)  # the lobbies are drawn again for the last comers
        after = clubhouse.memory()
        typist = await enter(clubhouse.port, "Typist", logins)
        echo = []
        for i, key in enumerate(line):
            echoed = typist.screen.when(echoing(typist.name, line[:i + 1], LOBBY))
            sent = time.perf_counter()
            typist.chan.write(key)
            echo.append(await shown(typist, echoed, f"the key {key!r} of {line!r}") - sent)
            await asyncio.sleep(keys)
        said = line.removeprefix("say ")
        heard = [seat.screen.when(lambda screen: any(said in row for row in screen.display)) for seat in sitting]
        sent = time.perf_counter()
        typist.chan.write("\r")
        reached = [await shown(seat, when, "the line said") - sent for seat, when in zip(sitting, heard, strict=True)]
        memory = clubhouse.memory()
        for seat in [*sitting, typist]:
            seat.conn.close()
    return {"sessions": people, "login": logged_in, "memory": after / 1024, "kib": (after - before) / people,
            "echo50": statistics.median(echo) * 1000, "echo95": percentile(echo, 0.95) * 1000,
            "said50": statistics.median(reached) * 1000, "said95": percentile(reached, 0.95) * 1000,
            "last": memory / 1024}


def rss_mib(pids: Sequence[int]) -> float:
    """The resident memory of ``pids`` (MiB, their RSS summed)."""
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        total += next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
    return total / 1024


#: The people of the table copied into every sleeping one.
SLEEPERS = ("Dora", "Dirk")


def _sleeping_copies(data: Path, count: int) -> None:
    """Table 1 of the club in ``data`` (stopped, its people at it) made ``count`` tables: its save copied,
    and its row of the club's database with each copy's number and save (the club made none of them)."""
    folder = data / "club"
    with closing(sqlite3.connect(folder / STATE_FILE)) as db, db:
        db.row_factory = sqlite3.Row
        row = dict(db.execute("SELECT * FROM tables WHERE number = 1").fetchone())
        save = folder / str(row["save"])
        rows = []
        for number in range(2, count + 1):
            copy = save.with_name(f"{save.stem}-{number}{save.suffix}")
            shutil.copyfile(save, copy)
            rows.append({**row, "number": number, "save": copy.name})
        columns = list(row)
        db.executemany(f"INSERT INTO tables ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                       [[r[c] for c in columns] for r in rows])
        db.execute("UPDATE meta SET value = ? WHERE key = 'next_number'", (count + 1,))


async def _start_timed(stack: ExitStack, data: Path | None, workers: int) -> tuple[Clubhouse, float]:
    """A club started on ``data`` (``None``: an empty folder of its own), and the seconds from its process's
    start to its accepting logins (its port printed)."""
    begun = time.perf_counter()
    clubhouse = stack.enter_context(club(SPARE + 2, workers, data=data))
    return clubhouse, time.perf_counter() - begun


async def dormant(count: int, *, workers: int = 0, visits: int = 5) -> dict[str, float]:
    """A club of ``count`` sleeping tables: its start (process start to accepting logins), its memory above an
    empty club started the same way, and the time from a person's ``join`` of a sleeping table to their table
    screen (each visit to another table, back to the lobby between)."""
    logins = asyncio.Semaphore(LOGINS)
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in SLEEPERS]
    with tempfile.TemporaryDirectory(prefix="abluxxen-club-dormant-") as folder:
        data = Path(folder)
        with club(SPARE + 2, workers, data=data) as made:  # table 1: two people at it when the club stops
            dora, dirk = [await enter(made.port, name, logins, key) for name, key in zip(SLEEPERS, keys, strict=True)]
            dora.chan.write("new 2\r")
            await shown(dora, dora.screen.when(lambda screen: any(_OPENED.search(line) for line in screen.display)),
                        "the table it opened")
            dirk.chan.write("join 1\r")
            for seat in (dora, dirk):
                await shown(seat, seat.screen.when(at_a_table(SLEEPERS)), "table 1")
            for seat in (dora, dirk):
                seat.conn.close()
        await asyncio.to_thread(_sleeping_copies, data, count)
        with ExitStack() as stack:
            empty, _ = await _start_timed(stack, None, workers)
            await asyncio.sleep(1.0)
            base = rss_mib(empty.pids())
        with ExitStack() as stack:
            clubhouse, start = await _start_timed(stack, data, workers)
            await asyncio.sleep(1.0)
            memory = rss_mib(clubhouse.pids()) - base
            dora = await enter(clubhouse.port, SLEEPERS[0], logins, keys[0])
            woke = []
            for number in range(1, min(visits, count) + 1):
                at = dora.screen.when(at_a_table(SLEEPERS))
                sent = time.perf_counter()
                dora.chan.write(f"join {number}\r")
                woke.append(await shown(dora, at, f"table {number}") - sent)
                back = dora.screen.when(echoing(dora.name, "", LOBBY))
                dora.chan.write("quit\r")
                await shown(dora, back, "the lobby")
            dora.conn.close()
    return {"tables": count, "start": start, "memory": memory, "visit50": statistics.median(woke) * 1000,
            "visits": len(woke)}


# -- tables played over days ----------------------------------------------------------------------

#: How many tables played over days each account sits at (about), and how long each decision may take.
DAY_TABLES_EACH, DAY_HOURS = 7, 48


def day_seating(tables: int, rng: random.Random) -> tuple[list[str], list[list[str]]]:
    """The accounts of a club of ``tables`` tables played over days, and each table's people (its opener
    first): 3 or 4 distinct accounts, every account at about :data:`DAY_TABLES_EACH` tables."""
    seats = [3 + t % 2 for t in range(tables)]
    people = max(4, round(sum(seats) / DAY_TABLES_EACH))
    names = [f"P{i + 1:04d}" for i in range(people)]
    load = dict.fromkeys(names, 0)
    seating = []
    for count in seats:
        chosen = sorted(names, key=lambda name: (load[name], rng.random()))[:count]
        rng.shuffle(chosen)
        for name in chosen:
            load[name] += 1
        seating.append(chosen)
    return names, seating


async def typed(seat: Seat, line: str, prompt: str = LOBBY) -> None:
    """``seat`` types ``line`` at ``prompt`` (pasted: its echo awaited) and Enter, until the prompt is empty
    again (the club took the line)."""
    await shown(seat, seat.screen.when(echoing(seat.name, line, prompt)), f"{line!r} typed")
    # (the echo is awaited before the Enter: an empty prompt is then the line taken, not one not yet echoed)
    emptied = seat.screen.when(echoing(seat.name, "", prompt))
    seat.chan.write("\r")
    await shown(seat, emptied, f"{line!r} taken")


async def say_lines(port: int, name: str, key: asyncssh.SSHKey, lines: Sequence[str],
                    logins: asyncio.Semaphore) -> None:
    """``name`` logs in, types ``lines`` in the lobby one after another and leaves."""
    seat = await enter(port, name, logins, key)
    try:
        for line in lines:
            seat.chan.write(line)
            await typed(seat, line)
    finally:
        seat.conn.close()


async def until_rows(folder: Path, sql: str, wanted: Callable[[list[tuple[Any, ...]]], bool], what: str) -> None:
    """Wait until the club's database answers ``sql`` as ``wanted`` has it."""
    deadline = time.monotonic() + PATIENCE * 5
    while True:
        try:
            if wanted(await asyncio.to_thread(club_rows, folder, sql)):
                return
        except sqlite3.Error:
            pass  # being written: read again
        if time.monotonic() > deadline:
            raise RuntimeError(f"the club's database never showed {what}")
        await asyncio.sleep(0.2)


async def waiting_answer(port: int, name: str, key: asyncssh.SSHKey) -> tuple[list[str], float, float]:
    """``ssh NAME@club waiting`` (no terminal): its lines, the seconds from connecting to the answer, and from
    the command to the answer."""
    start = time.perf_counter()
    async with asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None, client_keys=[key],
                                agent_path=None) as conn:
        asked = time.perf_counter()
        done = await conn.run("waiting", check=True, timeout=PATIENCE)
        came = time.perf_counter()
    out = done.stdout if isinstance(done.stdout, str) else ""
    return out.splitlines(), came - start, came - asked


@dataclass
class DayTable:
    """A table played over days as the script knows it: its number, its game as it stands (the club's forced
    moves made), and whether somebody is visiting it."""

    number: int
    game: Game
    busy: bool = False


async def visit(port: int, table: DayTable, keys: dict[str, asyncssh.SSHKey], figures: dict[str, list[float]],
                rng: random.Random, *, mate: bool, think: float) -> int:
    """The person whose decision ``table`` awaits asks ``waiting``, logs in, joins it (and, with ``mate``, a
    table-mate joins it first), makes their decisions there and leaves; the moves made."""
    game = table.game
    mover = game.to_move
    assert mover is not None
    name = game.names[mover]
    lines, answered, asked = await waiting_answer(port, name, keys[name])
    figures["waiting"].append(answered)
    figures["asked"].append(asked)
    if not any(line.split(" ", 1)[0].lstrip("#") == str(table.number) for line in lines):
        raise RuntimeError(f"{name}'s `waiting` does not name table {table.number}: {lines}")
    present: list[tuple[int, Seat]] = []
    try:
        others = [k for k in range(game.players) if k != mover]
        for k in [rng.choice(others)] * mate + [mover]:
            start = time.perf_counter()
            seat = await enter(port, game.names[k], asyncio.Semaphore(1), keys[game.names[k]])
            figures["login"].append(time.perf_counter() - start)
            present.append((k, seat))
            seat.chan.write(f"join {table.number}")
            await shown(seat, seat.screen.when(echoing(seat.name, f"join {table.number}", LOBBY)), "join typed")
            at = seat.screen.when(showing(game.view(k)))
            start = time.perf_counter()
            seat.chan.write("\r")
            figures["join"].append(await shown(seat, at, f"table {table.number}") - start)
        typist = present[-1][1]
        made = 0
        while game.to_move == mover:
            after = None
            for move in rng.sample(game.legal_moves(), len(game.legal_moves())):
                after = forced(_pushed(game, move))
                if not after.is_over:  # (a game's end shows a score screen, no table)
                    break
                after = None
            if after is None:
                break
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            typist.chan.write(move)
            await shown(typist, typist.screen.when(echoing(typist.name, move)), f"{move!r} typed")
            redrawn = [(seat, seat.screen.when(showing(after.view(k)))) for k, seat in present]
            start = time.perf_counter()
            typist.chan.write("\r")
            for seat, when in redrawn:
                figures["screens"].append(await shown(seat, when, f"table {table.number} after {move!r}") - start)
            table.game = game = after
            made += 1
        for _, seat in present:
            back = seat.screen.when(echoing(seat.name, "", LOBBY))
            seat.chan.write("quit\r")
            await shown(seat, back, "the lobby")
        return made
    finally:
        for _, seat in present:
            seat.conn.close()


def _pushed(game: Game, move: str) -> Game:
    after = game.copy()
    after.push(move)
    return after


#: The file in a kept club's folder (``--keep DIR``) that names its accounts and holds their keys.
DAYS_KEPT = "days.json"


async def set_up_days(clubhouse: Clubhouse, names: list[str], seating: list[list[str]],
                      keys: dict[str, asyncssh.SSHKey]) -> None:
    """The club's tables played over days set up through its lobby: everyone comes once (the name becomes
    theirs: they can be invited), the openers open their tables and invite, the invited join; two at a time
    (each change is drawn on every lobby screen: more at once would only make the club draw more)."""
    logins = asyncio.Semaphore(2)
    await asyncio.gather(*(say_lines(clubhouse.port, name, keys[name], [], logins) for name in names))
    opens: dict[str, list[str]] = {}
    for people in seating:
        opens.setdefault(people[0], []).append(f"new {len(people)} hours {DAY_HOURS} invite {','.join(people[1:])}")
    await asyncio.gather(*(say_lines(clubhouse.port, name, keys[name], lines, logins) for name, lines in opens.items()))
    count = len(seating)
    await until_rows(clubhouse.folder, "SELECT count(*) FROM tables", lambda rows: rows[0][0] == count,
                     f"{count} tables opened")
    invitations: dict[str, list[str]] = {}
    for number, name in await asyncio.to_thread(club_rows, clubhouse.folder, "SELECT table_number, name FROM"
                                                " waiting WHERE invited = 1 ORDER BY table_number"):
        invitations.setdefault(name, []).append(f"join {number}")
    await asyncio.gather(*(say_lines(clubhouse.port, name, keys[name], lines, logins)
                           for name, lines in invitations.items()))
    await until_rows(clubhouse.folder, "SELECT count(*) FROM tables WHERE save IS NOT NULL AND stage != 'open'",
                     lambda rows: rows[0][0] == count, f"{count} tables started")


def standing(folder: Path, number: int) -> Game:
    """Table ``number``'s game as it stands, from its save (the moves the club plays by itself made)."""
    return forced(table_save(folder, number).match.game)


async def days(count: int, *, visits: int, at_once: int, think: float = 0.0, workers: int = 0,
               seed: int = 1, keep: Path | None = None) -> dict[str, float]:
    """A club of ``count`` tables played over days, set up through its lobby (``keep``: in that folder, kept
    for the next run, which then starts the club on it instead); then ``visits`` visits, ``at_once`` at a time
    (see the module's text); the figures."""
    rng = random.Random(seed)
    kept = keep / DAYS_KEPT if keep is not None else None
    reused = kept is not None and kept.exists()
    if kept is not None and reused:
        doc = json.loads(kept.read_text())
        names = list(doc["keys"])
        keys = {name: asyncssh.import_private_key(pem) for name, pem in doc["keys"].items()}
    else:
        names, seating = day_seating(count, rng)
        keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in names}
    with club(2 * at_once + LOGINS + SPARE, workers, data=keep) as clubhouse:
        await asyncio.sleep(1.0)
        empty = clubhouse.memory()
        start = time.perf_counter()
        if not reused:
            await set_up_days(clubhouse, names, seating, keys)
        set_up = time.perf_counter() - start
        if kept is not None and not reused:
            pems = {name: key.export_private_key().decode() for name, key in keys.items()}
            kept.write_text(json.dumps({"keys": pems}))
        print(f"   ({'a kept club started' if reused else f'{count} tables set up in {set_up:.0f} s'}; "
              f"now {visits} visits)", file=sys.stderr, flush=True)
        tables = [DayTable(number, await asyncio.to_thread(standing, clubhouse.folder, number))
                  for (number,) in await asyncio.to_thread(club_rows, clubhouse.folder,
                                                           "SELECT number FROM tables ORDER BY number")]
        await asyncio.sleep(2.0)  # the last started tables fall asleep
        asleep = clubhouse.memory()
        figures: dict[str, list[float]] = {key: [] for key in ("waiting", "asked", "login", "join", "screens")}
        coming: set[str] = set()
        cpu, clients = clubhouse.cpu(), time.process_time()
        wall = time.perf_counter()

        async def one(n: int) -> int:
            while not (free := [t for t in tables if not t.busy and t.game.to_move is not None
                                and not t.game.is_over and not coming & set(t.game.names)]):
                await asyncio.sleep(0.05)  # everyone with a move to make is visiting: one leaves soon
            table = rng.choice(free)
            table.busy = True
            people = set(table.game.names)
            coming.update(people)
            try:
                return await visit(clubhouse.port, table, keys, figures, rng, mate=n % 4 == 3, think=think)
            finally:
                coming.difference_update(people)
                table.busy = False

        async def visitor(first: int) -> int:
            return sum([await one(n) for n in range(first, visits, at_once)])

        made = sum(await asyncio.gather(*(visitor(k) for k in range(at_once))))
        wall = time.perf_counter() - wall
        cpu, clients = clubhouse.cpu() - cpu, time.process_time() - clients
        after = clubhouse.memory()
    def ms(key: str, share: float = 0.5) -> float:  # (none: a run of no visits, to set a club up)
        if not figures[key]:
            return math.nan
        return (statistics.median(figures[key]) if share == 0.5 else percentile(figures[key], share)) * 1000
    return {"tables": count, "accounts": len(names), "setup": set_up, "empty": empty / 1024, "asleep": asleep / 1024,
            "after": after / 1024, "visits": len(figures["asked"]), "moves": made, "reused": reused,
            "p50": ms("screens"), "p95": ms("screens", 0.95), "waiting50": ms("waiting"),
            "waiting95": ms("waiting", 0.95), "asked50": ms("asked"), "login50": ms("login"), "join50": ms("join"),
            "join95": ms("join", 0.95), "cpu": cpu / max(1, made) * 1000, "seconds": wall,
            "busy": cpu / max(wall, 1e-9) * 100, "clients": clients / max(wall, 1e-9) * 100,
            "timed": len(figures["screens"])}


def day_lines(row: dict[str, float]) -> str:
    """The figures of a run of :func:`days`, as lines a person reads."""
    return "\n".join([
        f"{row['tables']:.0f} tables played over days, {row['accounts']:.0f} accounts, set up through the lobby "
        f"in {row['setup']:.0f} s",
        f"club memory (PSS): {row['empty']:.0f} MiB {'at its start' if row['reused'] else 'empty'}, "
        f"{row['asleep']:.0f} MiB with every table asleep, "
        f"{row['after']:.0f} MiB after the visits",
        f"{row['visits']:.0f} visits ({row['moves']:.0f} moves in {row['seconds']:.0f} s): move -> screens "
        f"p50 {row['p50']:.0f} ms, p95 {row['p95']:.0f} ms (of {row['timed']:.0f}); "
        f"club CPU {row['cpu']:.0f} ms a move ({row['busy']:.0f} % of a core; the people's {row['clients']:.0f} %)",
        f"`ssh NAME@club waiting` (connect to answer): p50 {row['waiting50']:.0f} ms, p95 {row['waiting95']:.0f} ms; "
        f"the command alone p50 {row['asked50']:.1f} ms",
        f"login to the lobby p50 {row['login50']:.0f} ms; `join N` to the table's screen (woken, the since-view) "
        f"p50 {row['join50']:.0f} ms, p95 {row['join95']:.0f} ms"])


def main(argv: list[str] | None = None) -> None:
    """Run each number of tables (or the idle lobby) in turn and print a row of figures for each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    people_options(parser, tables=[10, 25, 50])
    parser.add_argument("--frozen", action="store_true",
                        help="run each size again with a client frozen at table 1, and print both")
    parser.add_argument("--flood", action="store_true",
                        help="run each size again with a client flooding the club at table 1, and print both")
    parser.add_argument("--workers", type=int, default=0, metavar="N",
                        help="the club's tables in N worker processes (abluxxen club --workers N)")
    parser.add_argument("--slow-disk", type=float, default=0.0, metavar="MS",
                        help="run each size again with MS ms added to every fsync of the club, and print both")
    parser.add_argument("--idle", type=int, default=None, metavar="N",
                        help="instead: N people idle in the lobby, and one typing among them")
    parser.add_argument("--dormant", type=int, default=None, metavar="N",
                        help="instead: a club of N sleeping tables, its start, its memory and a visit's wake")
    parser.add_argument("--days", type=int, default=None, metavar="N",
                        help="instead: a club of N tables played over days, people coming to move once each")
    parser.add_argument("--visits", type=int, default=300, metavar="N", help="with --days: how many visits")
    parser.add_argument("--at-once", type=int, default=2, metavar="N",
                        help="with --days: how many people visit at once (default 2: about 1,700 visits an hour)")
    parser.add_argument("--keep", type=Path, default=None, metavar="DIR",
                        help="with --days: set the club up in DIR and keep it; a next run starts the club on it")
    args = parser.parse_args(argv)
    serving = f"`abluxxen club --workers {args.workers}`" if args.workers else "one `abluxxen club` process"
    print(f"Serving: {serving}; load average before: {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} cores")
    if args.dormant is not None:
        row = asyncio.run(dormant(args.dormant, workers=args.workers))
        print(f"{row['tables']:.0f} sleeping tables: the club starts (process start to accepting logins) in "
              f"{row['start']:.2f} s; its memory (RSS) {row['memory']:.0f} MiB above an empty club's; a join "
              f"wakes a sleeping table (its screen showing) in {row['visit50']:.0f} ms (median of {row['visits']:.0f})",
              flush=True)
        return
    if args.days is not None:
        row = asyncio.run(days(args.days, visits=args.visits, at_once=args.at_once, think=args.pause,
                               workers=args.workers, keep=args.keep))
        print(day_lines(row), flush=True)
        return
    if args.idle is not None:
        row = asyncio.run(idle(args.idle, keys=args.keys))
        print(f"{row['sessions']:.0f} idle lobby sessions (logged in, {LOGINS} at a time, in {row['login']:.0f} s): "
              f"club memory {row['memory']:.0f} MiB, {row['kib']:.0f} KiB per session; one more typing: key echo "
              f"p50 {row['echo50']:.0f} ms, p95 {row['echo95']:.0f} ms; the line said shows on every lobby: "
              f"p50 {row['said50']:.0f} ms, p95 {row['said95']:.0f} ms", flush=True)
        return
    print(f"People: {args.pause:g} s to think, keys {args.keys:g} s apart, {args.moves} moves a table")
    print(header("club"))
    for tables in args.tables:
        row = asyncio.run(measure(tables, args.moves, args.seconds, pause=args.pause, keys=args.keys,
                                  workers=args.workers))
        print(row_line(row), flush=True)
        if args.workers:
            print(f"   of the club's CPU per move: {row['own']:.0f} ms its own process's, "
                  f"{row['cpu'] - row['own']:.0f} ms its {row['workers']:.0f} workers'", flush=True)
        for trouble in [name for name in ("frozen", "flood") if getattr(args, name)]:
            row = asyncio.run(measure(tables, args.moves, args.seconds, pause=args.pause, keys=args.keys,
                                      trouble=trouble, workers=args.workers))
            print(row_line(row, f"   (table 1 {trouble}: the other {tables - 1} tables' figures)"), flush=True)
        if args.slow_disk:
            row = asyncio.run(measure(tables, args.moves, args.seconds, pause=args.pause, keys=args.keys,
                                      workers=args.workers, slow_disk=args.slow_disk))
            print(row_line(row, f"   (a slow disk: {args.slow_disk:g} ms more for every fsync)"), flush=True)


if __name__ == "__main__":
    main()
