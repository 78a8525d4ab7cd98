"""How the SSH host holds up: N tables of 4 people, each at an SSH client typing legal moves.

    python benchmarks/host_load.py                  # 5, 25 and 50 tables
    python benchmarks/host_load.py --tables 25 --moves 40

The host runs in a process of its own (``--serve``, started by this script),
listening on 127.0.0.1 only; this process runs every client in one event
loop, each with a pty like ``ssh`` asks for. A client knows its legal moves
from a copy of the game dealt from the same seed (the deal and the deck
follow from it), so it types only legal moves, at its turn, one key first.

Figures, for each number of tables:

- **move → screens**: from the Enter that sends a move to the first output
  it causes on each of the three other screens (nothing else writes to them
  here: no chat, nobody away), p50 and p95;
- **key echo**: from a move's first key to its echo on the typist's screen, p95;
- **memory per session**: the host's resident memory with every session
  connected, less its memory before the first one, over the sessions;
- **host CPU per move**: the host process's CPU time (user and system) over
  the moves typed, every session's screen and the save included.

People take their time: each table's next move comes after ``--pause``
seconds on average (drawn from 0.5 to 1.5 times it) and its keys are typed
``--keys`` seconds apart. ``--pause 0 --keys 0`` types as fast as the host
answers, which measures the host saturated rather than a table of people.

Bounded in count and time: every table stops after ``--moves`` moves or at
its game's end, every size after ``--seconds``; the host process is ended
when the script ends. Only loopback addresses are ever used.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

from abluxxen import Game, Rules

SEED = 1000
CODE = "load-{n}"
PEOPLE = ["Ann", "Ben", "Cy", "Dee"]


# -- the host's side ------------------------------------------------------------------------------


async def serve(tables: int) -> None:
    """Host ``tables`` rooms of four people on 127.0.0.1; print the port; run until stdin closes."""
    from abluxxen.host.door import Door
    from abluxxen.host.server import Host
    from abluxxen.match import Match
    from abluxxen.store.saves import Saved, Seat
    from abluxxen.table.room import Room
    from abluxxen.table.table import Table, start_event

    directory = Path(tempfile.mkdtemp(prefix="abluxxen-load-"))
    os.environ["ABLUXXEN_DATA_DIR"] = str(directory)
    host = Host(door=Door(max_connections=4 * tables + 8, max_starting=4 * tables + 8))
    loop = asyncio.get_running_loop()
    for n in range(tables):
        match = Match(Rules(4), games=1, seed=SEED + n, names=PEOPLE)
        saved = Saved(match=match, seats=[Seat(name) for name in PEOPLE], delay=0, log=[start_event(match)])
        room = Room(Table(saved, directory / f"table-{n}.json"), code=CODE.format(n=n), delay=0)
        host.add(room)
        loop.create_task(room.run())
    port = await host.listen(asyncssh.generate_private_key("ssh-ed25519"), bind="127.0.0.1", port=0)
    print(port, flush=True)
    await loop.run_in_executor(None, sys.stdin.read)  # until the script that started us ends
    host.stop()


# -- the clients' side ------------------------------------------------------------------------------


class Terminal(asyncssh.SSHClientSession[str]):
    """A client's terminal, reduced to when output came."""

    def __init__(self) -> None:
        self.arrived = asyncio.Event()
        self.text: list[str] = []

    def data_received(self, data: str, datatype: Any) -> None:
        self.text.append(data)
        self.arrived.set()

    async def shows(self, words: str, timeout: float) -> None:
        """Wait until ``words`` came in the output (in one piece)."""
        deadline = time.perf_counter() + timeout
        while not any(words in part for part in self.text):
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), max(0.01, deadline - time.perf_counter()))

    async def next_output(self, timeout: float) -> float:
        """Wait for output from now on; when it came (monotonic seconds)."""
        self.arrived.clear()
        await asyncio.wait_for(self.arrived.wait(), timeout)
        return time.perf_counter()


class _Code(asyncssh.SSHClient):
    """Answers the host's question for the invite code (keyboard-interactive, as ``ssh`` asks it)."""

    def __init__(self, code: str) -> None:
        self.code = code

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts: Any) -> list[str]:
        return [self.code] * len(prompts)


async def join(port: int, name: str, code: str) -> tuple[Any, Any, Terminal]:
    conn, _ = await asyncssh.create_connection(lambda: _Code(code), "127.0.0.1", port, username=name,
                                               known_hosts=None, client_keys=None, agent_path=None)
    chan, screen = await conn.create_session(Terminal, term_type="xterm-256color", term_size=(80, 24))
    assert isinstance(screen, Terminal)
    return conn, chan, screen


async def play_table(port: int, n: int, moves: int, deadline: float, figures: dict[str, list[float]], *,
                     pause: float, keys: float) -> int:
    """Four clients play table ``n`` until ``moves`` moves, its end or ``deadline``; the moves typed."""
    seats = [await join(port, name, CODE.format(n=n)) for name in PEOPLE]
    rng = random.Random(n)
    game = Game.new(Rules(4), seed=SEED + n, names=PEOPLE)
    for _, _, screen in seats:  # the waiting room gives way to the table
        await screen.shows("happened", 60)
    typed = 0
    while not game.is_over and typed < moves and time.perf_counter() < deadline:
        legal = game.legal_moves()
        if len(legal) == 1:  # the host plays forced moves itself
            game.push(legal[0])
            continue
        mover = game.to_move
        assert mover is not None
        move = rng.choice(legal)
        await asyncio.sleep(pause * rng.uniform(0.5, 1.5))  # thinking
        _, chan, screen = seats[mover]
        for key in move:
            echo = asyncio.ensure_future(screen.next_output(30))
            start = time.perf_counter()
            chan.write(key)
            figures["echo"].append(await echo - start)
            await asyncio.sleep(keys)
        others = [s for seat, (_, _, s) in enumerate(seats) if seat != mover]
        waits = [asyncio.ensure_future(s.next_output(30)) for s in others]
        await asyncio.sleep(0)
        start = time.perf_counter()
        chan.write("\r")
        for came in await asyncio.gather(*waits):
            figures["screens"].append(came - start)
        game.push(move)
        typed += 1
        await asyncio.sleep(0.05)  # the rest of the redraw, before the next key
    for conn, _, _ in seats:
        conn.close()
    return typed


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure(tables: int, moves: int, seconds: float, *, pause: float, keys: float) -> dict[str, float]:
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(tables)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        before = rss_kib(server.pid)
        figures: dict[str, list[float]] = {"echo": [], "screens": []}
        deadline = time.perf_counter() + seconds
        cpu = cpu_seconds(server.pid)
        counts = await asyncio.gather(*(play_table(port, n, moves, deadline, figures, pause=pause, keys=keys)
                                        for n in range(tables)))
        cpu = cpu_seconds(server.pid) - cpu
        after = rss_kib(server.pid)
    finally:
        server.kill()
        server.wait()
    screens = sorted(figures["screens"])
    echo = sorted(figures["echo"])
    return {"tables": tables, "sessions": 4 * tables, "moves": sum(counts),
            "p50": statistics.median(screens) * 1000, "p95": screens[int(0.95 * (len(screens) - 1))] * 1000,
            "echo95": echo[int(0.95 * (len(echo) - 1))] * 1000, "kib": (after - before) / (4 * tables),
            "cpu": cpu / max(1, sum(counts)) * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="*", default=[5, 25, 50])
    parser.add_argument("--moves", type=int, default=40, help="moves typed per table (default 40)")
    parser.add_argument("--seconds", type=float, default=120.0, help="time bound per size (default 120)")
    parser.add_argument("--pause", type=float, default=2.0, help="seconds a person thinks per move (default 2)")
    parser.add_argument("--keys", type=float, default=0.08, help="seconds between keys typed (default 0.08)")
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(serve(args.serve))
        return
    print(f"{'tables':>6} {'sessions':>8} {'moves':>6} {'move→screens p50':>17} {'p95':>8} "
          f"{'key echo p95':>13} {'memory/session':>15} {'host CPU/move':>14}")
    for tables in args.tables:
        row = asyncio.run(measure(tables, args.moves, args.seconds, pause=args.pause, keys=args.keys))
        print(f"{row['tables']:>6} {row['sessions']:>8} {row['moves']:>6} {row['p50']:>14.0f} ms "
              f"{row['p95']:>5.0f} ms {row['echo95']:>10.0f} ms {row['kib']:>11.0f} KiB {row['cpu']:>11.0f} ms",
              flush=True)


if __name__ == "__main__":
    main()
