"""This checkout's engine and hard bot against an older commit's, side by side.

Two figures, each timed in interpreters running the old code (unpacked from
git with ``git archive``) and this checkout, taking turns so finely that a
busy machine slows both alike:

* ``hard think=150``: seconds for the hard bot to decide, at a fixed budget
  of 150 iterations, on the same play positions (views taken from seeded
  games between normal bots);
* ``random 4p string``: random four-player games through the public string
  API, ``rng.choice(game.legal_moves())`` then ``game.push(move)``, on the
  same deals with the same choices; games per second.

Each round starts one fresh interpreter per side for the hard bot (so
every round starts with cold caches, as a new process does) and takes
turns between them: one hard-bot decision on one side, the same decision
on the other, and so on through the positions. Then, in another fresh
pair, the random games in chunks: a chunk on one side, then the same chunk
on the other. Who goes first alternates. A round's figure per side is the
sum of its timed pieces; the script prints the median per side over the
rounds, the ratio of those medians, and the median of the rounds' own
ratios (above 1 means the new code is faster).

On a shared machine a slice of a second can run at half speed, and one
core can run slower than the other for minutes. Measured one whole side
after the other, on whichever core each landed, such slowdowns fell on one
side only and moved the ratio by a third from run to run. Both sides run
on the same core (where the system allows choosing one), taking turns
every tenth of a second, so slowdowns fall on both sides alike; both load
their code the same way (a copy of each, compiled ahead).

The random games of a round are other deals than the last round's, so the
rounds' rates differ by the deals as well as by the machine: for them the
median of the rounds' own ratios, which compares old and new on the same
deals, is the figure to quote. The hard bot meets the same positions in
every round, and both figures agree.

A check of the method: ``--ref HEAD`` on a clean checkout compares the code
with itself and gives 1.00x to within a few per cent.

    python benchmarks/versus.py                    # against dc759f7, 7 rounds
    python benchmarks/versus.py --ref HEAD~3 --rounds 11
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Runs inside the interpreter being measured. Builds the positions (untimed),
# then answers one JSON command per line with one JSON line:
#   ["hard", i]                -> [seconds, move]    the hard bot on position i
#   ["random", first, count]   -> [seconds, moves]   random games first .. first+count-1
# Uses only names both old and new code have: Game, Rules, make_bot, View.phase.
_WORKER = """
import json, random, sys, time
from abluxxen import Game, Rules
from abluxxen.bots import make_bot
positions, seed = int(sys.argv[1]), int(sys.argv[2])
views, deal, normal = [], seed, make_bot("normal", seed=seed)
while len(views) < positions:
    game = Game.new(Rules(4), seed=deal)
    deal += 1
    turn = 0
    while not game.is_over:
        seat = game.to_move
        view = game.view(seat)
        # A text before the Phase enum, an IntEnum (whose str() is its number) since.
        if getattr(view.phase, "text", view.phase) == "play" and len(view.legal_actions()) > 1:
            turn += 1
            if turn % 3 == 0 and len(views) < positions:
                views.append(view)
        game.push(normal.choose(view), seat=seat)
rules = Rules(4)
print(json.dumps("ready"), flush=True)
for line in sys.stdin:
    command = json.loads(line)
    if command[0] == "hard":
        i = command[1]
        start = time.perf_counter()
        move = make_bot("hard", seed=i, think=150).choose(views[i])
        print(json.dumps([time.perf_counter() - start, move]), flush=True)
    else:
        first, count = command[1], command[2]
        rng = random.Random(first)
        moves = 0
        start = time.perf_counter()
        for deal in range(first, first + count):
            game = Game.new(rules, seed=deal)
            while not game.is_over:
                game.push(rng.choice(game.legal_moves()))
                moves += 1
        print(json.dumps([time.perf_counter() - start, moves]), flush=True)
"""


def unpack(ref: str, into: Path) -> Path:
    """The package ``abluxxen`` of commit ``ref``, unpacked under ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref, "abluxxen"],
                             check=True, capture_output=True).stdout
    tar_path = into / "ref.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into, filter="data")
    return into


def copy_checkout(into: Path) -> Path:
    """This checkout's package ``abluxxen`` (as it is, uncommitted changes too), copied under ``into``.

    Both sides then load alike: from a folder of their own, compiled ahead
    by the same interpreter. (With one side loaded from the checkout, with
    whatever bytecode lay there, and the other compiled at every start, the
    same code looked a few per cent faster on the checkout's side.)
    """
    shutil.copytree(ROOT / "abluxxen", into / "abluxxen", ignore=shutil.ignore_patterns("__pycache__"))
    return into


def compile_package(where: Path) -> None:
    """Compile ``where``'s package to bytecode, so that no worker compiles at its start."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(where / "abluxxen")], check=True,
                   env=dict(os.environ, PYTHONDONTWRITEBYTECODE=""))


class Worker:
    """One interpreter with one side's code, answering timing commands.

    Args:
        where: put first on the import path (the side's code).
        positions: hard-bot positions to build.
        seed: the first deal of the games the positions come from.
    """

    def __init__(self, where: Path, *, positions: int, seed: int = 0) -> None:
        env = dict(os.environ, PYTHONPATH=str(where), PYTHONHASHSEED="0")
        self._process = subprocess.Popen([sys.executable, "-c", _WORKER, str(positions), str(seed)],
                                         env=env, cwd=where, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True)
        # Both sides on the same core: the two cores of a shared machine
        # run at different speeds, and a side that happened to land on the
        # slower one moved a ratio by a tenth (two workers of the same code
        # differed by up to 13%; on one core, by 1%).
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(self._process.pid, {min(os.sched_getaffinity(0))})

    def ready(self) -> None:
        """Wait until the positions are built (both sides build theirs at once)."""
        self._read()

    def ask(self, *command: Any) -> list[Any]:
        """Send one command; its answer."""
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps(command) + "\n")
        self._process.stdin.flush()
        answer: list[Any] = self._read()
        return answer

    def _read(self) -> Any:
        assert self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker stopped (exit {self._process.wait()})")
        return json.loads(line)

    def close(self) -> None:
        """End the interpreter."""
        assert self._process.stdin is not None
        self._process.stdin.close()
        self._process.wait(timeout=60)


def one_round(sides: dict[str, Path], round_: int, *, positions: int, games: int,
              chunk: int) -> tuple[dict[str, float], dict[str, float], bool]:
    """Seconds of hard-bot decisions and random games per second, per side; whether the moves agree."""
    seconds = {side: 0.0 for side in sides}
    same = True
    with _workers(sides, positions) as workers:
        for i in range(positions):
            moves = {}
            for side in _order(round_ + i):
                took, moves[side] = workers[side].ask("hard", i)
                seconds[side] += took
            same = same and moves["old"] == moves["new"]
    # The random games in interpreters of their own, as fresh as the old
    # script's: what the bots left behind (their tables, a grown heap) must
    # not weigh on them.
    random_seconds = {side: 0.0 for side in sides}
    first = round_ * games
    with _workers(sides, 0) as workers:
        for k, start in enumerate(range(first, first + games, chunk)):
            count = min(chunk, first + games - start)
            for side in _order(round_ + k):
                random_seconds[side] += workers[side].ask("random", start, count)[0]
    return seconds, {side: games / took for side, took in random_seconds.items()}, same


@contextlib.contextmanager
def _workers(sides: dict[str, Path], positions: int) -> Iterator[dict[str, Worker]]:
    """A fresh worker per side, both ready; closed afterwards."""
    workers = {side: Worker(where, positions=positions) for side, where in sides.items()}
    try:
        for worker in workers.values():
            worker.ready()
        yield workers
    finally:
        for worker in workers.values():
            worker.close()


def _order(k: int) -> tuple[str, str]:
    return ("old", "new") if k % 2 == 0 else ("new", "old")


def main(argv: list[str] | None = None) -> int:
    """Print medians and ratios."""
    parser = argparse.ArgumentParser(prog="versus", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--ref", default="dc759f7", help="the older commit (default dc759f7)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds, each in fresh interpreters (default 7)")
    parser.add_argument("--positions", type=int, default=20, help="hard-bot positions (default 20)")
    parser.add_argument("--games", type=int, default=300, help="random games per round (default 300)")
    parser.add_argument("--chunk", type=int, default=20, help="random games per turn of a side (default 20)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"old": unpack(args.ref, Path(tmp) / "old"), "new": copy_checkout(Path(tmp) / "new")}
        for where in sides.values():
            compile_package(where)
        hard: dict[str, list[float]] = {"old": [], "new": []}
        rate: dict[str, list[float]] = {"old": [], "new": []}
        same_moves = True
        for round_ in range(args.rounds):
            seconds, per_second, same = one_round(sides, round_, positions=args.positions, games=args.games,
                                                  chunk=args.chunk)
            same_moves = same_moves and same
            for side in sides:
                hard[side].append(seconds[side])
                rate[side].append(per_second[side])
            print(f"round {round_ + 1}/{args.rounds}: hard old {seconds['old']:.2f} s new {seconds['new']:.2f} s "
                  f"({seconds['old'] / seconds['new']:.2f}x); random old {per_second['old']:,.0f} "
                  f"new {per_second['new']:,.0f} games/s ({per_second['new'] / per_second['old']:.2f}x)",
                  file=sys.stderr)
    h_old, h_new = statistics.median(hard["old"]), statistics.median(hard["new"])
    r_old, r_new = statistics.median(rate["old"]), statistics.median(rate["new"])
    h_each = statistics.median(o / n for o, n in zip(hard["old"], hard["new"], strict=True))
    r_each = statistics.median(n / o for o, n in zip(rate["old"], rate["new"], strict=True))
    print(f"against {args.ref}, {args.rounds} rounds taking turns on one core:")
    print(f"  hard think=150, {args.positions} positions: old {h_old:.2f} s, new {h_new:.2f} s (medians), "
          f"speed-up {h_old / h_new:.2f}x (median of the rounds' own: {h_each:.2f}x)")
    print(f"  random 4p via legal_moves()+push(str), {args.games} games: old {r_old:,.0f}/s, "
          f"new {r_new:,.0f}/s (medians), speed-up {r_new / r_old:.2f}x (median of the rounds' own: {r_each:.2f}x)")
    print(f"  hard bot's moves {'identical' if same_moves else 'DIFFER'} on every position")
    return 0


if __name__ == "__main__":
    sys.exit(main())
