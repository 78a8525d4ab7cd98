"""How fast ``abluxxen stats`` answers on a large records database.

Fills a database with 10,000 recorded games, then runs the real command in a
fresh process several times and prints the median wall time (target: under
0.3 s; the first run, which rates every game and stores the ratings in the
database, is timed apart). The games are real: 40 games between easy bots (2
to 5 players), each played through the engine with its transcript kept, then
recorded 250 times over with varied seats (one person, "Ann", takes a different seat each
time, the others are bots of the three levels or people), dates and seeds.

    python benchmarks/stats_db.py [--games 10000] [--runs 7] [--dir DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from abluxxen import Game, Rules, Transcript
from abluxxen.bots import LEVELS, make_bot
from abluxxen.store.records import open_records

REAL_GAMES = 40
PEOPLE = ("Ben", "Cy", "Dora")


def real_games(count: int) -> list[tuple[Transcript, Game]]:
    """``count`` games between easy bots, each with its transcript and final position."""
    played = []
    for index in range(count):
        rules = Rules(2 + index % 4)
        game = Game.new(rules, seed=index)
        transcript = Transcript.of(game)
        bots = [make_bot("easy", seed=index * 10 + s) for s in range(rules.players)]
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            transcript.push(game, bots[seat].choose(game.view(seat)), seat=seat)
        played.append((transcript, game))
    return played


def fill(directory: Path, total: int) -> None:
    """A records database in ``directory`` with ``total`` games."""
    rng = random.Random(1)
    games = real_games(REAL_GAMES)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    with open_records(directory) as records:
        db = records.connection(create=True)  # a benchmark's shortcut: one sync at the end, not one a game
        assert db is not None
        db.execute("PRAGMA synchronous = OFF")
        for number in range(total):
            transcript, game = games[number % len(games)]
            outcome = game.outcome()
            assert outcome is not None
            n = game.rules.players
            ann = rng.randrange(n)
            people = rng.sample(PEOPLE, k=len(PEOPLE))
            seats: list[tuple[str, str | None]] = []
            for s in range(n):
                if s == ann:
                    seats.append(("Ann", None))
                elif people and rng.random() < 0.15:
                    seats.append((people.pop(), None))
                else:
                    seats.append((f"Bot{s}", rng.choice(LEVELS)))
            records.add(key=f"bench{number}", match_key=f"bench{number}", game_index=0,
                        when=start + timedelta(minutes=20 * number), rules=game.rules, seats=seats,
                        scores=outcome.scores, hand_sizes=outcome.hand_sizes,
                        display_sizes=[s + h for s, h in zip(outcome.scores, outcome.hand_sizes, strict=True)],
                        winners=outcome.winners, seed=number, assisted=rng.random() < 0.1,
                        reason=str(outcome.reason), transcript=transcript)


def time_command(directory: Path, args: list[str], runs: int) -> float:
    """The median wall time of ``abluxxen ARGS`` in a fresh process."""
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(directory), COLUMNS="80", LINES="24")
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-m", "abluxxen", *args], env=env, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def main() -> int:
    """Fill, time, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--dir", type=Path, default=None, help="keep the database here (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        directory = args.dir or Path(temp)
        began = time.perf_counter()
        fill(directory, args.games)
        size = (directory / "records.sqlite3").stat().st_size
        print(f"filled {args.games} games in {time.perf_counter() - began:.1f} s ({size / 1e6:.1f} MB)")
        first = time_command(directory, ["stats"], 1)
        print(f"abluxxen {'stats':<20}{first:.3f} s (the first run: rates every game and stores the ratings)")
        baseline = time_command(directory, ["--version"], args.runs)
        print(f"abluxxen {'--version':<20}{baseline:.3f} s (median of {args.runs}; the interpreter's start)")
        for command, note in ((["stats"], "target < 0.3 s"), (["stats", "Ann"], "target < 0.3 s"),
                              (["stats", "Ann", "--json"], "every game printed; no target")):
            seconds = time_command(directory, command, args.runs)
            print(f"abluxxen {' '.join(command):<20}{seconds:.3f} s (median of {args.runs}; {note})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
