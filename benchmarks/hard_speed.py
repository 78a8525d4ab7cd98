"""How fast the hard bot thinks: rollouts per second and seconds per decision.

Figures per player count, on one core:

* ``python/s`` and ``compiled/s``: games played from the deal to the end
  with the hard bot's rollouts (the cheap policy
  :func:`~abluxxen.bots.quick.quick_action` and a few random moves), by the
  Python :func:`~abluxxen.bots.quick.rollout` and by the compiled rollouts
  (``_abluxxen_rollout``, when installed), taking turns on the same deals;
  medians of ``--repeat`` runs;
* ``decision``: CPU seconds the hard bot takes per decision at its default
  budget (:data:`abluxxen.bots.ismcts.DEFAULT_THINK`), median and 5th to
  95th percentile over ``--positions`` decisions with a choice (play, take,
  back, draw) taken from games between normal bots, and the median
  number of iterations those decisions searched (a race that has settled
  stops early).

At an iteration budget the hard bot's moves do not depend on speed, nor on
whether the rollouts are compiled; faster iterations only make its
decisions quicker.

    python benchmarks/hard_speed.py                # 2 and 4 players
    python benchmarks/hard_speed.py --players 4 --positions 60
    python benchmarks/hard_speed.py --python       # decisions without the compiled search
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time

from abluxxen import Game, Rules
from abluxxen.bots import make_bot, quick
from abluxxen.bots.ismcts import DEFAULT_THINK, ROLLOUT_NOISE, HardBot
from abluxxen.bots.quick import rollout
from abluxxen.cli.simulate import quantile
from abluxxen.engine.view import View


def rollouts_per_second(players: int, *, games: int, compiled: bool, seed: int = 0) -> float:
    """Games from the deal to the end with the rollout policy, per second."""
    deals = [Game.new(Rules(players), seed=i) for i in range(seed, seed + games)]
    fast = quick.configured()
    start = time.perf_counter()
    if compiled and fast is not None:
        for i, deal in enumerate(deals):
            fast.play_out(deal, i, ROLLOUT_NOISE, False)
    else:
        for i, deal in enumerate(deals):
            rollout(deal, random.Random(i), ROLLOUT_NOISE)
    return games / (time.perf_counter() - start)


def positions(players: int, *, count: int, seed: int = 0) -> list[View]:
    """Views of decisions with a choice, spread over games between normal bots."""
    views: list[View] = []
    bot = make_bot("normal", seed=seed)
    deal = seed
    while len(views) < count:
        game = Game.new(Rules(players), seed=deal)
        deal += 1
        turn = 0
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            if len(view.legal_actions()) > 1:
                turn += 1
                if turn % 3 == 0 and len(views) < count:
                    views.append(view)
            game.push(bot.choose(view), seat=seat)
    return views


def seconds_per_decision(views: list[View]) -> tuple[list[float], list[int]]:
    """The hard bot's CPU seconds at its default budget, and its iterations, per position."""
    times, iterations = [], []
    for i, view in enumerate(views):
        bot = HardBot(seed=i)
        start = time.process_time()
        bot.choose(view)
        times.append(time.process_time() - start)
        iterations.append(bot.last_iterations)
    return times, iterations


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(prog="hard_speed", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", default="2,4", help="player counts, e.g. 4 or 2,4 (default)")
    parser.add_argument("--games", type=int, default=200, help="rollouts per run (default 200)")
    parser.add_argument("--repeat", type=int, default=7, help="runs per rollout figure (default 7)")
    parser.add_argument("--positions", type=int, default=40, help="positions for the decision figure (default 40)")
    parser.add_argument("--python", action="store_true", help="time the decisions without the compiled search")
    args = parser.parse_args(argv)
    compiled = quick.configured() is not None
    if args.python:
        quick.compiled = None
    search = "compiled" if compiled and not args.python else "Python"
    print(f"hard bot speed, one core: rollouts from the deal (median of {args.repeat} runs of {args.games});\n"
          f"CPU seconds per decision at {DEFAULT_THINK},\n"
          f"{search} search (median over {args.positions} positions)")
    print(f"{'players':>8}{'python/s':>10}{'compiled/s':>12}{'ratio':>7}{'decision':>10}{'p5-p95':>12}{'iterations':>12}")
    for players in (int(p) for p in args.players.split(",")):
        speeds: dict[bool, list[float]] = {False: [], True: []}
        for way in speeds if compiled else (False,):
            rollouts_per_second(players, games=max(1, args.games // 10), compiled=way)  # warm-up
        for _ in range(args.repeat):
            for way in speeds if compiled else (False,):
                speeds[way].append(rollouts_per_second(players, games=args.games, compiled=way))
        python = statistics.median(speeds[False])
        fast = statistics.median(speeds[True]) if compiled else math.nan
        times, iterations = seconds_per_decision(positions(players, count=args.positions))
        times.sort()
        low, high = quantile(times, 0.05), quantile(times, 0.95)
        print(f"{players:>8}{python:>10,.0f}{fast:>12,.0f}{fast / python:>6.1f}x{statistics.median(times):>10.3f}"
              f"{f'{low:.2f}-{high:.2f}':>12}{statistics.median(iterations):>12,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
