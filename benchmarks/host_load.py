"""How the SSH host holds up: N tables of 4 people, each at an SSH client typing legal moves.

    python benchmarks/host_load.py                         # 5, 25 and 50 tables, a host process each
    python benchmarks/host_load.py --tables 25 --moves 40
    python benchmarks/host_load.py --one-server --tables 25

What serves the tables (the output's first line says which):

- **one host per table** (the default): N ``abluxxen host --serve`` processes, each started with
  the command line a person types (``python -m abluxxen host --players Ann,Ben,Cy,Dee --serve
  --bind 127.0.0.1 --port 0 --code … --seed …``), each with a data folder of its own
  (``ABLUXXEN_DATA_DIR``) and its own port, read from the line it prints. ``abluxxen host`` serves
  one table, so this is what people can run today: N friends each hosting their table on one
  machine. The host's figures are summed over the N processes.
- **one server** (``--one-server``): N rooms behind one SSH port in one process (a ``Host`` with N
  rooms, which this script starts itself). No command serves that today; it is the shape of a
  club of many tables.

The clients all run in this process, in one event loop: 4N asyncssh clients, each with an 80×24
pty like ``ssh`` asks for, logging in with the table's code (keyboard-interactive, as ``ssh``
answers the code question), a few at a time. Each reads its screen with pyte, as a terminal
would draw it. A client knows its legal moves from a copy of the game dealt from the same seed
(the deal and the deck follow from it), so it types only legal moves, at its turn, key by key.

Figures, for each number of tables:

- **move → screens**: from the Enter that sends a move until each of the three other screens
  shows the table after it (the deck and discard counts, every hand's size and points, whose
  decision it is and the pool, read off the screen): the finished redraw, not its first byte
  (the next player's bell comes before it). p50 and p95 over every move and screen;
- **key echo**: from a key typed until the typist's prompt shows it (the cursor after it), p50
  and p95 over every key;
- **host memory**: the host process(es)' proportional set size (PSS: memory shared between
  processes counted once) with every session at its table; **per session**: its growth from
  before the first login, over the sessions;
- **host CPU per move**: the host process(es)' CPU time (user and system) while the tables
  play, every session's screens, the saves and the SSH keepalives included, over the moves typed;
- **clients' CPU**: this process's CPU over the same time, in per cent of one core: the clients
  share the machine with the host, and the busier they are, the longer the host waits for a core;
- **others' CPU**: what everything else on the machine used meanwhile, in per cent of one core
  (from ``/proc/stat``): another benchmark running beside this one shows here.

People take their time: each table's next move comes after ``--pause`` seconds on average (drawn
from 0.5 to 1.5 times it) and its keys are typed ``--keys`` seconds apart. ``--pause 0 --keys 0``
types as fast as the host answers, which measures the host saturated rather than a table of people.

Bounded in count and time: every table stops after ``--moves`` moves, before its game's last
move (the score screen is not timed), or after ``--seconds``; the host processes are ended when
the script ends. Only loopback addresses are ever used.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pyte
from wcwidth import wcwidth

from abluxxen import Game, Rules
from abluxxen.engine.view import View
from abluxxen.i18n.tr import Tr
from abluxxen.names import DECIDE, PAW
from abluxxen.tui.drawing import pool_text

SEED = 1000
CODE = "load-{n}"
PEOPLE = ["Ann", "Ben", "Cy", "Dee"]
COLS, ROWS = 80, 24
#: Logins under way at once: a person's ``ssh`` logs in one at a time, not 200 in the same instant.
LOGINS = 8
#: Seconds any one screen may take to show what it waits for before the run is called failed.
PATIENCE = 60.0
TR = Tr("en")

ONE_HOST_PER_TABLE = "one `abluxxen host --serve` process per table (what a person can run today)"
ONE_SERVER = "one server, every table a room behind one port (--one-server: no command serves this today)"


# -- the hosts' side ------------------------------------------------------------------------------


@dataclass
class Hosting:
    """What serves the tables: the processes, and each table's port and code."""

    processes: list[subprocess.Popen[str]] = field(default_factory=list)
    doors: list[tuple[int, str]] = field(default_factory=list)

    @property
    def pids(self) -> list[int]:
        """The host processes' ids."""
        return [p.pid for p in self.processes]


def host_command(n: int) -> list[str]:
    """The command line of table ``n``'s host: ``abluxxen host`` as a person types it."""
    return [sys.executable, "-m", "abluxxen", "host", "--players", ",".join(PEOPLE), "--serve",
            "--bind", "127.0.0.1", "--port", "0", "--code", CODE.format(n=n), "--seed", str(SEED + n),
            "--lang", "en"]


def start_hosts(tables: int, folder: Path) -> Hosting:
    """One ``abluxxen host --serve`` process per table, each with a data folder of its own."""
    hosting = Hosting()
    outputs = []
    for n in range(tables):
        data = folder / f"table-{n}"
        data.mkdir()
        output = data / "console.txt"
        with output.open("w") as console:
            hosting.processes.append(subprocess.Popen(
                host_command(n), env=dict(os.environ, ABLUXXEN_DATA_DIR=str(data), LANG="C.UTF-8"),
                stdin=subprocess.DEVNULL, stdout=console, stderr=subprocess.STDOUT, text=True))
        outputs.append(output)
    for n, (process, output) in enumerate(zip(hosting.processes, outputs, strict=True)):
        hosting.doors.append((_printed_port(process, output), CODE.format(n=n)))
    return hosting


def _printed_port(process: subprocess.Popen[str], output: Path) -> int:
    """The port a host printed in its ``ssh -p PORT NAME@…`` line."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        found = re.search(r"ssh -p (\d+) ", output.read_text())
        if found:
            return int(found.group(1))
        if process.poll() is not None:
            break
        time.sleep(0.05)
    raise RuntimeError(f"a host printed no port:\n{output.read_text()}")


def start_one_server(tables: int, folder: Path) -> Hosting:
    """This script's own server (``--serve N``): ``tables`` rooms behind one port, saved in ``folder``."""
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(tables)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=dict(os.environ, ABLUXXEN_DATA_DIR=str(folder)))
    assert server.stdout is not None
    port = int(server.stdout.readline())
    return Hosting([server], [(port, CODE.format(n=n)) for n in range(tables)])


def stop(hosting: Hosting) -> None:
    """End the hosts as a person would (a signal: the game is saved), and wait for them."""
    for process in hosting.processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in hosting.processes:
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


async def serve(tables: int) -> None:
    """Host ``tables`` rooms of four people on 127.0.0.1; print the port; run until stdin closes (or
    a signal ends the process)."""
    from abluxxen.engine.match import Match
    from abluxxen.host.door import Door
    from abluxxen.host.server import Host
    from abluxxen.store.save_document import Saved, Seat
    from abluxxen.table.room import Room
    from abluxxen.table.table import Table, start_event

    directory = Path(os.environ["ABLUXXEN_DATA_DIR"])  # the folder of the script that started us
    # Every client comes from 127.0.0.1: the door's places per address must hold them all.
    places = 4 * tables + 8
    host = Host(door=Door(max_connections=places, max_starting=places))
    loop = asyncio.get_running_loop()
    for n in range(tables):
        match = Match(Rules(4), games=1, seed=SEED + n, names=PEOPLE)
        saved = Saved(match=match, seats=[Seat(name) for name in PEOPLE], lang="en", log=[start_event(match)])
        room = Room(Table(saved, directory / f"table-{n}.json"), code=CODE.format(n=n))
        host.add(room)
        loop.create_task(room.run())
    port = await host.listen(asyncssh.generate_private_key("ssh-ed25519"), bind="127.0.0.1", port=0)
    print(port, flush=True)
    await loop.run_in_executor(None, sys.stdin.read)  # until the script that started us ends
    host.stop()


# -- the clients' side ------------------------------------------------------------------------------


class KeptScreen(pyte.Screen):
    """pyte's screen, its lines kept between reads and each made again only once pyte marks it changed
    (``dirty``). The simulated people read their screens after every packet, and pyte's ``display`` makes
    every line anew at each read: with 400 screens that was more than half of the people's time, on the
    cores the club needs."""

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self.shown = [""] * lines
        self.dirty.update(range(lines))

    @property
    def display(self) -> list[str]:
        """The screen's lines, as pyte's own ``display`` makes them."""
        for y in self.dirty:
            if y < self.lines:
                self.shown[y] = self._line(y)
        self.dirty.clear()
        return list(self.shown)

    def _line(self, y: int) -> str:
        line, chars, wide = self.buffer[y], [], False
        for x in range(self.columns):
            if wide:  # the stub after a wide character
                wide = False
                continue
            char = line[x].data
            wide = wcwidth(char[0]) == 2
            chars.append(char)
        return "".join(chars)


class Screen(asyncssh.SSHClientSession[str]):
    """A client's terminal: the screen pyte draws from what came, and who waits for what on it."""

    def __init__(self) -> None:
        self.screen = KeptScreen(COLS, ROWS)
        self.stream = pyte.Stream(self.screen)
        self.waits: list[tuple[Callable[[pyte.Screen], bool], asyncio.Future[float]]] = []

    def data_received(self, data: str, datatype: Any) -> None:
        came = time.perf_counter()
        self.stream.feed(data)
        for wait in list(self.waits):
            shows, done = wait
            if done.done() or shows(self.screen):
                if not done.done():
                    done.set_result(came)
                self.waits.remove(wait)

    def when(self, shows: Callable[[pyte.Screen], bool]) -> asyncio.Future[float]:
        """When (``time.perf_counter``) output made the screen show what ``shows`` looks for."""
        done: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        if shows(self.screen):
            done.set_result(time.perf_counter())
        else:
            self.waits.append((shows, done))
        return done

    def text(self) -> str:
        """The screen's lines as a person reads them."""
        return "\n".join(line.rstrip() for line in self.screen.display)


#: What a screen shows of the table: deck, discard, (hand size, points, decides) per seat, the pool.
Shown = tuple[int, int, tuple[tuple[int, int, bool], ...], str]
_COUNTS = re.compile(rf"{TR('deck')} (\d+)\s+{TR('discard')} (\d+)")


def _seat_line(names: Sequence[str]) -> re.Pattern[str]:
    """A seat's line of the table: whether it decides, its name (one of ``names``), hand size and points."""
    return re.compile(rf"^({DECIDE})?\s*(?:{PAW})?\s*({'|'.join(map(re.escape, names))})\s+(\d+)\s+([+-]?\d+)\s")


_SEAT = _seat_line(PEOPLE)


def table_of(view: View) -> Shown:
    """What every screen at the table shows of ``view``: the deck and discard counts, each seat's
    hand size, points and whether it decides, and the pool."""
    scores = view.scores()
    seats = tuple((view.hand_sizes[s], scores[s], view.to_move == s) for s in range(view.players))
    return view.deck_size, len(view.discard), seats, pool_text(view.pool, TR).plain


def table_shown(lines: Sequence[str], names: Sequence[str] = PEOPLE, seat: re.Pattern[str] = _SEAT) -> Shown | None:
    """The same, read off a screen's lines (a table of ``names``, their lines read by ``seat``);
    ``None`` when it shows no table."""
    counts = next((found for line in lines if (found := _COUNTS.search(line))), None)
    seats = {found.group(2): (int(found.group(3)), int(found.group(4)), bool(found.group(1)))
             for line in lines if (found := seat.match(line))}
    pool = next((line[len(TR("pool")):].strip() for line in lines if line.startswith(TR("pool") + " ")), None)
    if counts is None or pool is None or len(seats) != len(names):
        return None
    return int(counts.group(1)), int(counts.group(2)), tuple(seats[name] for name in names), pool


def showing(view: View) -> Callable[[pyte.Screen], bool]:
    """Whether a screen shows the table as ``view`` has it."""
    wanted = table_of(view)
    names = view.names
    seat = _SEAT if tuple(names) == tuple(PEOPLE) else _seat_line(names)
    return lambda screen: table_shown(screen.display, names, seat) == wanted


def echoing(name: str, typed: str, prompt: str = "") -> Callable[[pyte.Screen], bool]:
    """Whether ``name``'s prompt (or ``prompt``, when given) shows ``typed`` with the cursor after it
    (a typed space shows as the cursor moving on)."""
    wanted = (prompt or TR("prompt", name=name)) + typed
    row = ROWS - 2  # the prompt's line, over the status line

    def shows(screen: pyte.Screen) -> bool:
        return (screen.cursor.y, screen.cursor.x) == (row, len(wanted)) and screen.display[row].startswith(wanted)
    return shows


class _Code(asyncssh.SSHClient):
    """Answers the host's question for the invite code (keyboard-interactive, as ``ssh`` asks it)."""

    def __init__(self, code: str) -> None:
        self.code = code

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts: Any) -> list[str]:
        return [self.code] * len(prompts)


@dataclass
class Seat:
    """One person's SSH client at a table."""

    name: str
    conn: Any
    chan: Any
    screen: Screen


async def join(port: int, name: str, code: str, logins: asyncio.Semaphore) -> Seat:
    """``name`` logs in with ``code`` (when one of ``logins`` is free) and opens a terminal."""
    async with logins:
        conn, _ = await asyncssh.create_connection(lambda: _Code(code), "127.0.0.1", port, username=name,
                                                   known_hosts=None, client_keys=None, agent_path=None)
        chan, screen = await conn.create_session(Screen, term_type="xterm-256color", term_size=(COLS, ROWS))
    assert isinstance(screen, Screen)
    return Seat(name, conn, chan, screen)


async def shown(seat: Seat, when: asyncio.Future[float], what: str) -> float:
    """The time ``when`` gives, or a clear failure with the screen as it is."""
    try:
        return await asyncio.wait_for(when, PATIENCE)
    except TimeoutError:
        raise RuntimeError(f"{seat.name}'s screen never showed {what}:\n{seat.screen.text()}") from None


def forced(game: Game) -> Game:
    """``game`` after the moves the host plays by itself (a seat with one legal move)."""
    while not game.is_over and len(legal := game.legal_moves()) == 1:
        game.push(legal[0])
    return game


async def seat_table(door: tuple[int, str], n: int, logins: asyncio.Semaphore) -> list[Seat]:
    """Table ``n``'s four people log in; each screen shows the table dealt."""
    port, code = door
    seats = [await join(port, name, code, logins) for name in PEOPLE]
    dealt = forced(Game.new(Rules(4), seed=SEED + n, names=PEOPLE))
    for k, seat in enumerate(seats):
        await shown(seat, seat.screen.when(showing(dealt.view(k))), "the table dealt")
    return seats


async def play_table(seats: list[Seat], n: int, moves: int, deadline: float, figures: dict[str, list[float]], *,
                     pause: float, keys: float, dealt: Game | None = None,
                     until: Callable[[Game], bool] = lambda game: False) -> int:
    """Table ``n``'s people (``seats`` in the order they sit) play until ``moves`` moves, the game's last
    move, ``deadline`` or ``until`` says to stop before a move; the moves typed.

    Its game is ``dealt``, or else the one dealt from table ``n``'s seed.
    """
    rng = random.Random(n)
    game = forced(dealt.copy() if dealt is not None else Game.new(Rules(4), seed=SEED + n, names=PEOPLE))
    typed = 0
    while typed < moves and time.perf_counter() < deadline and not until(game):
        move = rng.choice(game.legal_moves())
        after = game.copy()
        after.push(move)
        if forced(after).is_over:
            break  # the score screen shows no table
        await asyncio.sleep(pause * rng.uniform(0.5, 1.5))  # thinking
        mover = game.to_move
        assert mover is not None
        typist = seats[mover]
        for i, key in enumerate(move):
            echo = typist.screen.when(echoing(typist.name, move[:i + 1]))
            start = time.perf_counter()
            typist.chan.write(key)
            figures["echo"].append(await shown(typist, echo, f"the key {key!r} of {move!r}") - start)
            await asyncio.sleep(keys)
        # Every screen, the typist's too, shows the move before the next is typed (or its keys would
        # come before the host asked for them); the typist's own is not counted.
        redrawn = [seat.screen.when(showing(after.view(k))) for k, seat in enumerate(seats)]
        start = time.perf_counter()
        typist.chan.write("\r")
        for k, seat in enumerate(seats):
            came = await shown(seat, redrawn[k], f"the table after {typist.name}'s {move!r}")
            if k != mover:
                figures["screens"].append(came - start)
        game = after
        typed += 1
    return typed


# -- measuring ------------------------------------------------------------------------------------


def memory_kib(pid: int) -> int:
    """A process's proportional set size (its resident memory, shared pages split among their users)."""
    for name in ("smaps_rollup", "status"):
        try:
            text = Path(f"/proc/{pid}/{name}").read_text()
        except OSError:
            continue
        for line in text.splitlines():
            if line.startswith(("Pss:", "VmRSS:")):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy_seconds() -> float:
    """CPU time every core of the machine has spent busy since it started (``/proc/stat``)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, _, _, irq, softirq, steal = fields[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def percentile(values: Sequence[float], share: float) -> float:
    """The value ``share`` of the way up ``values`` sorted (0.95: p95)."""
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


@contextmanager
def hosts(tables: int, *, one_server: bool) -> Iterator[Hosting]:
    """The hosts of one run, ended (and their folders removed) afterwards."""
    with tempfile.TemporaryDirectory(prefix="abluxxen-load-") as folder:
        hosting = Hosting()
        try:
            hosting = start_one_server(tables, Path(folder)) if one_server else start_hosts(tables, Path(folder))
            yield hosting
        finally:
            stop(hosting)


async def measure(tables: int, moves: int, seconds: float, *, pause: float, keys: float,
                  one_server: bool = False) -> dict[str, float]:
    """One run: ``tables`` tables seated, played and measured."""
    with hosts(tables, one_server=one_server) as hosting:
        await asyncio.sleep(1.0)  # the hosts settle after starting
        before = sum(map(memory_kib, hosting.pids))
        logins = asyncio.Semaphore(LOGINS)
        everyone = await asyncio.gather(*(seat_table(door, n, logins) for n, door in enumerate(hosting.doors)))
        figures: dict[str, list[float]] = {"echo": [], "screens": []}
        cpu = sum(map(cpu_seconds, hosting.pids))
        clients, busy, wall = time.process_time(), machine_busy_seconds(), time.perf_counter()
        counts = await asyncio.gather(*(play_table(seats, n, moves, wall + seconds, figures, pause=pause, keys=keys)
                                        for n, seats in enumerate(everyone)))
        cpu = sum(map(cpu_seconds, hosting.pids)) - cpu
        clients, wall = time.process_time() - clients, time.perf_counter() - wall
        others = machine_busy_seconds() - busy - cpu - clients
        after = sum(map(memory_kib, hosting.pids))
        for seats in everyone:
            for seat in seats:
                seat.conn.close()
    screens, echo = figures["screens"], figures["echo"]
    return {"tables": tables, "sessions": 4 * tables, "moves": sum(counts),
            "p50": statistics.median(screens) * 1000, "p95": percentile(screens, 0.95) * 1000,
            "echo50": statistics.median(echo) * 1000, "echo95": percentile(echo, 0.95) * 1000,
            "memory": after / 1024, "kib": (after - before) / (4 * tables), "cpu": cpu / max(1, sum(counts)) * 1000,
            "clients": clients / wall * 100, "others": max(0.0, others) / wall * 100, "timed": len(screens)}


def people_options(parser: argparse.ArgumentParser, *, tables: list[int]) -> None:
    """The options of a run of tables of people: how many tables, moves, how long, and their pace."""
    parser.add_argument("--tables", type=int, nargs="*", default=tables)
    parser.add_argument("--moves", type=int, default=40, help="moves typed per table (default 40)")
    parser.add_argument("--seconds", type=float, default=600.0, help="time bound per size (default 600)")
    parser.add_argument("--pause", type=float, default=2.0, help="seconds a person thinks per move (default 2)")
    parser.add_argument("--keys", type=float, default=0.08, help="seconds between keys typed (default 0.08)")


def header(server: str) -> str:
    """The head of the figures' rows; ``server`` names what serves (``host``, ``club``)."""
    return (f"{'tables':>6} {'sessions':>8} {'moves':>6} {'move→screens p50':>17} {'p95':>8} {'key echo p50':>13} "
            f"{'p95':>8} {server + ' memory':>12} {'per session':>12} {server + ' CPU/move':>14} "
            f"{'clients CPU':>12} {'others CPU':>11}")


def row_line(row: dict[str, float], label: str = "") -> str:
    """One run's figures as a line under :func:`header`."""
    return (f"{row['tables']:>6.0f} {row['sessions']:>8.0f} {row['moves']:>6.0f} {row['p50']:>14.0f} ms "
            f"{row['p95']:>5.0f} ms {row['echo50']:>10.0f} ms {row['echo95']:>5.0f} ms "
            f"{row['memory']:>8.0f} MiB {row['kib']:>8.0f} KiB {row['cpu']:>11.0f} ms {row['clients']:>10.0f} % "
            f"{row['others']:>9.0f} %{label}")


def main(argv: list[str] | None = None) -> None:
    """Run each number of tables in turn and print a row of figures for each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    people_options(parser, tables=[5, 25, 50])
    parser.add_argument("--one-server", action="store_true",
                        help="every table a room of one server (default: an `abluxxen host` process per table)")
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve is not None:
        asyncio.run(serve(args.serve))
        return
    print(f"Serving: {ONE_SERVER if args.one_server else ONE_HOST_PER_TABLE}")
    print(f"People: {args.pause:g} s to think, keys {args.keys:g} s apart; load average before: "
          f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(header("host"))
    for tables in args.tables:
        row = asyncio.run(measure(tables, args.moves, args.seconds, pause=args.pause, keys=args.keys,
                                  one_server=args.one_server))
        print(row_line(row), flush=True)


if __name__ == "__main__":
    main()
