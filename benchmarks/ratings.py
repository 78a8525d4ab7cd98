"""Ratings: how long replaying the records takes, and where the bot levels start.

Timing (the default): fills a records database with 10,000 games through the
store's API (``benchmarks/stats_db.py``'s games: real games between easy
bots, recorded with "Ann", other people and bots of every level at the
seats), then replays every game into the ratings (``store/ratings.py``'s
``rate`` over ``Records.games()``) several times and prints the median, the
reading and the rating apart.

    python benchmarks/ratings.py [--games 10000] [--runs 5]

Calibration (``--calibrate``): plays games of hard, normal and easy at one
table (the same games as ``abluxxen simulate --seats hard,normal,easy`` with
the same ``--seed``), rates them as if each level were a player, and prints
the levels' ratings shifted so that the normal bot's ``mu`` is a new
person's: the values of ``BOT_START``.

    python benchmarks/ratings.py --calibrate --games 200 --seed 1

Settling (``--settling``): how a new person's margin (``3·sigma``, in rating points) falls over their rated
games, duels against the normal bot won or lost at random (a person even with it), and when the rating stops
being provisional: the figures behind ``SETTLED_GAMES`` (``docs/ratings.md``, *Provisional ratings*).

    python benchmarks/ratings.py --settling --games 100 --seed 1
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from abluxxen import Rules
from abluxxen.cli.simulate import Task, run_games
from abluxxen.store.ratings import MU, SCALE, SIGMA, Placing, Ratings, bot_key, places, rate
from abluxxen.store.records import open_records

CALIBRATION_SEATS = ("hard", "normal", "easy")


def _stats_db() -> object:
    """``benchmarks/stats_db.py``, whose ``fill`` makes the 10,000 games."""
    spec = importlib.util.spec_from_file_location("stats_db", Path(__file__).with_name("stats_db.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timing(games: int, runs: int) -> None:
    """Fill a database, then time replaying it into the ratings."""
    with tempfile.TemporaryDirectory() as temp:
        directory = Path(temp)
        began = time.perf_counter()
        _stats_db().fill(directory, games)  # type: ignore[attr-defined]
        print(f"filled {games} games in {time.perf_counter() - began:.1f} s")
        reading, rating, total, cpu = [], [], [], []
        for _ in range(runs):
            began, began_cpu = time.perf_counter(), time.process_time()
            with open_records(directory) as records:
                recorded = records.games()
            read = time.perf_counter()
            ratings = rate(recorded)
            done = time.perf_counter()
            reading.append(read - began)
            rating.append(done - read)
            total.append(done - began)
            cpu.append(time.process_time() - began_cpu)
        ann = ratings.person("Ann")
        assert ann is not None
        print(f"recompute from {games} games: {statistics.median(total):.3f} s median of {runs} "
              f"(reading {statistics.median(reading):.3f} s, rating {statistics.median(rating):.3f} s; "
              f"processor time {statistics.median(cpu):.3f} s); "
              f"Ann {ann.points} after {ann.games} games, "
              + ", ".join(f"{b.name} {b.points}" for b in ratings.bots()))


def calibrate(games: int, seed: int, jobs: int) -> None:
    """Play, rate the levels against each other from a new player's start, print ``BOT_START``."""
    ratings = Ratings({level: (MU, SIGMA) for level in CALIBRATION_SEATS})
    tasks = [Task(i, CALIBRATION_SEATS, Rules(len(CALIBRATION_SEATS)), seed, None) for i in range(games)]
    results = sorted(run_games(tasks, jobs), key=lambda r: r.index)  # in order, whatever the jobs
    for result in results:
        ranks = places(result.scores, [b for b, share in enumerate(result.shares) if share > 0])
        ratings.add([Placing(bot_key(level), level, level, ranks[b]) for b, level in enumerate(CALIBRATION_SEATS)],
                    bots_only=True)
    shift = MU - ratings.players[bot_key("normal")].mu
    print(f"after {games} games (seed {seed}); BOT_START = {{")
    for level in ("easy", "normal", "hard"):
        player = ratings.players[bot_key(level)]
        print(f'    "{level}": ({player.mu + shift:.2f}, {player.sigma:.2f}),')
    print("}")


def settling(games: int, seed: int) -> None:
    """Print a new person's margin after 1, 5, 10, 20, 30, 50, 100… rated games (see the module's words)."""
    rng = random.Random(seed)
    ratings = Ratings()
    for n in range(1, games + 1):
        won = rng.random() < 0.5
        ratings.add([Placing("name:ann", "Ann", None, 1 if won else 2),
                     Placing(bot_key("normal"), "normal", "normal", 2 if won else 1)])
        ann = ratings.players["name:ann"]
        if n in (1, 5, 10, 20, 30, 50) or n % 100 == 0:
            print(f"after {n:>3}: 3·sigma = {3 * SCALE * ann.sigma:4.0f} points"
                  + (" (provisional)" if ann.provisional else ""))


def main() -> int:
    """Time the replay, calibrate the bot levels, or show how a new rating settles."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games (default: 10000; 200 with --calibrate, 100 with --settling)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--calibrate", action="store_true", help="play bot games and print BOT_START")
    parser.add_argument("--settling", action="store_true", help="print how a new person's margin falls")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.games or 200, args.seed, args.jobs)
    elif args.settling:
        settling(args.games or 100, args.seed)
    else:
        timing(args.games or 10_000, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
