"""How fast the hard bot thinks: rollouts per second and seconds per decision.

Two figures per player count, on one core:

* ``rollouts/s``: games played from the deal to the end with the hard bot's
  rollouts (:func:`abluxxen.bots.quick.rollout`: the cheap policy
  :func:`~abluxxen.bots.quick.quick_action` and a few random moves), as its
  search plays them; median of ``--repeat`` runs;
* ``decision``: CPU seconds the hard bot takes per decision at its default
  budget (:data:`abluxxen.bots.ismcts.DEFAULT_THINK`), median
  and 5th to 95th percentile over ``--positions`` decisions with a choice
  (play, take, back, draw) taken from games between normal bots.

At an iteration budget the hard bot's moves do not depend on speed; faster
iterations only make its decisions quicker.

    python benchmarks/hard_speed.py                # 2 and 4 players
    python benchmarks/hard_speed.py --players 4 --positions 60
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from abluxxen import Game, Rules
from abluxxen.bots import make_bot
from abluxxen.bots.ismcts import DEFAULT_THINK, ROLLOUT_NOISE, HardBot
from abluxxen.bots.quick import rollout
from abluxxen.cli.simulate import quantile
from abluxxen.view import View


def rollouts_per_second(players: int, *, games: int, seed: int = 0) -> float:
    """Games from the deal to the end with the rollout policy, per second."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(seed, seed + games):
        rollout(Game.new(Rules(players), seed=i), rng, ROLLOUT_NOISE)
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


def seconds_per_decision(views: list[View]) -> list[float]:
    """The hard bot's CPU seconds at its default budget, per position."""
    times = []
    for i, view in enumerate(views):
        bot = HardBot(seed=i)
        start = time.process_time()
        bot.choose(view)
        times.append(time.process_time() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(prog="hard_speed", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", default="2,4", help="player counts, e.g. 4 or 2,4 (default)")
    parser.add_argument("--games", type=int, default=200, help="rollouts per run (default 200)")
    parser.add_argument("--repeat", type=int, default=7, help="runs per rollout figure (default 7)")
    parser.add_argument("--positions", type=int, default=40, help="positions for the decision figure (default 40)")
    args = parser.parse_args(argv)
    print(f"hard bot speed, one core: rollouts from the deal (median of {args.repeat} runs of {args.games}), "
          f"CPU seconds per decision at {DEFAULT_THINK} (median over {args.positions} positions)")
    print(f"{'players':>8}{'rollouts/s':>12}{'decision':>12}{'p5-p95':>14}")
    for players in (int(p) for p in args.players.split(",")):
        rollouts_per_second(players, games=max(1, args.games // 10))  # warm-up: caches and imports
        speed = statistics.median(rollouts_per_second(players, games=args.games) for _ in range(args.repeat))
        times = sorted(seconds_per_decision(positions(players, count=args.positions)))
        low, high = quantile(times, 0.05), quantile(times, 0.95)
        print(f"{players:>8}{speed:>12,.0f}{statistics.median(times):>12.3f}{f'{low:.2f}-{high:.2f}':>14}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
