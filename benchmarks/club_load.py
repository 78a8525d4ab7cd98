"""How the club holds up: N tables of 4 people who came through its lobby, each at an SSH client.

    python benchmarks/club_load.py                          # 10, 25 and 50 tables
    python benchmarks/club_load.py --tables 100 --moves 20
    python benchmarks/club_load.py --tables 25 --frozen      # and again with one client frozen
    python benchmarks/club_load.py --tables 25 --flood       # and again with one client flooding
    python benchmarks/club_load.py --idle 1000               # 1,000 people idle in the lobby
    python benchmarks/club_load.py --dormant 1000            # a club of 1,000 sleeping tables
    python benchmarks/club_load.py --tables 100 --slow-disk 50  # and again on a disk 50 ms slower to sync

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

Bounded in count and time as ``host_load.py``; the club is ended (a signal) when the script ends.
Only loopback addresses are used.
"""

from __future__ import annotations

import argparse
import asyncio
import os
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
from abluxxen.store.save_document import SaveError
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


def dealt(folder: Path, number: int) -> Game:
    """Table ``number``'s first game as dealt, from its save in the club's folder (its database names it)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            with closing(sqlite3.connect(f"{(folder / 'club' / STATE_FILE).as_uri()}?mode=ro", uri=True)) as db:
                row = db.execute("SELECT save FROM tables WHERE number = ? AND save IS NOT NULL", (number,)).fetchone()
            if row is None:
                raise StopIteration
            save = str(row[0])
            match = read_save(folder / "club" / Path(save).name).match
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
