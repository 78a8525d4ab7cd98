"""How long the table's ``hint`` keeps the event loop waiting while the hard bot searches.

A screen asks for a hint as the table does (``TableScreen.hint``): the hard
bot's advice (:func:`abluxxen.bots.advise`, its default budget) is searched in
a thread, ``asyncio.to_thread``, while the event loop that serves every other
screen of the process ticks every millisecond. The compiled search holds
Python's lock for one round of the root's race at a time, so the loop waits
at most about that long, plus the interpreter's switch interval. Printed per
player count, over ``--positions`` decisions taken from games between
normal bots: the seconds a hint takes (median, 95th percentile) and the
longest wait of the loop during a hint (median and worst over the hints).

    python benchmarks/hint_lag.py                  # 2 and 4 players
    python benchmarks/hint_lag.py --players 4 --positions 40
    python benchmarks/hint_lag.py --python         # the search without its compiled part
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time

from hard_speed import positions

from abluxxen.bots import advise, quick
from abluxxen.cli.simulate import quantile
from abluxxen.engine.view import View


async def hint_lag(view: View) -> tuple[float, float]:
    """One hint's search off the loop: its seconds, and the loop's longest wait meanwhile."""
    start = last = time.perf_counter()
    searching = asyncio.get_running_loop().create_task(asyncio.to_thread(advise, view))
    longest = 0.0
    while not searching.done():
        await asyncio.sleep(0.001)
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    await searching
    return time.perf_counter() - start, longest


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(prog="hint_lag", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", default="2,4", help="player counts, e.g. 4 or 2,4 (default)")
    parser.add_argument("--positions", type=int, default=30, help="hints per player count (default 30)")
    parser.add_argument("--python", action="store_true", help="search without the compiled search")
    args = parser.parse_args(argv)
    if args.python:
        quick.compiled = None
    search = "Python" if quick.configured() is None else "compiled"
    print(f"hint ({search} search): ms per hint, and the event loop's longest wait during one")
    print(f"{'players':>8}{'hint median':>13}{'p95':>8}{'wait median':>13}{'worst':>8}")
    for players in (int(p) for p in args.players.split(",")):
        figures = [asyncio.run(hint_lag(view)) for view in positions(players, count=args.positions)]
        seconds = sorted(s for s, _ in figures)
        waits = sorted(w for _, w in figures)
        print(f"{players:>8}{statistics.median(seconds) * 1000:>13.0f}{quantile(seconds, 0.95) * 1000:>8.0f}"
              f"{statistics.median(waits) * 1000:>13.1f}{waits[-1] * 1000:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
