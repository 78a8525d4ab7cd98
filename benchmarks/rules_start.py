"""How long `abluxxen rules joker` takes from start to exit, against Python loading rich alone.

    python benchmarks/rules_start.py [--pairs 30]

Both are whole processes started by this script in turn (the command, the yardstick, the command, …),
each pair's ratio taken on its own so that a machine getting busier or quieter moves both alike:

- **A**: ``python -m abluxxen rules joker`` on this checkout (its output thrown away);
- **B**: ``python -c "import rich.console, rich.markdown"``, the least any rules command that
  renders markdown with rich can cost.

It prints the median, the fastest and the slowest pair's A/B of CPU time (user + system, the
children's own accounting) and of wall time. The target is at most 1.3: the command may add
at most 30 % to what rich costs by itself (its own imports, the argument parser, finding the
sections, drawing them). Imports that only other commands need are made where those commands
need them (``abluxxen/__init__.py`` loads the engine on first use, ``cli/options.py`` the seeds
and the save document), and ``tests/test_rulesdoc.py`` checks that the command loads no engine.

Measured on a two-core machine shared with other work (27 Nov 2026), 40 pairs, median
(fastest–slowest):

    python benchmarks/rules_start.py --pairs 40
    before (b0b3d37): A/B cpu 1.54 (1.13-1.97), wall 1.58 (0.78-3.98)
    after:            A/B cpu 1.21 (0.91-1.68), wall 1.13 (0.64-2.19)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-m", "abluxxen", "rules", "joker"]
YARDSTICK = [sys.executable, "-c", "import rich.console, rich.markdown"]
TARGET = 1.3


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """One run of ``command``: its CPU seconds (user + system) and wall seconds."""
    start = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    if hasattr(os, "wait4"):
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        cpu = usage.ru_utime + usage.ru_stime
    else:  # no per-child accounting (Windows): wall time stands for both
        child.wait()
        cpu = time.perf_counter() - start
    wall = time.perf_counter() - start
    if child.returncode:
        raise SystemExit(f"{' '.join(command)} failed with status {child.returncode}")
    return cpu, wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=30, help="pairs of runs counted (default 30)")
    args = parser.parse_args(argv)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
               ABLUXXEN_DATA_DIR=tempfile.mkdtemp(prefix="rules-start-"), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    # An installed game runs from cached bytecode, as rich does here: let the warm-up write it.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for command in (COMMAND, YARDSTICK):  # warm-up, not counted: bytecode written, files in the cache
        timed(command, env)
    cpu_ratios, wall_ratios = [], []
    for _ in range(max(1, args.pairs)):
        a_cpu, a_wall = timed(COMMAND, env)
        b_cpu, b_wall = timed(YARDSTICK, env)
        cpu_ratios.append(a_cpu / b_cpu if b_cpu else float("nan"))
        wall_ratios.append(a_wall / b_wall)
    print(f"A = {' '.join(COMMAND[1:])}\nB = {' '.join(YARDSTICK[1:])}")
    print(f"{len(cpu_ratios)} pairs, median (fastest-slowest); target: at most {TARGET}")
    for name, ratios in (("cpu", cpu_ratios), ("wall", wall_ratios)):
        print(f"A/B {name:<4} {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
