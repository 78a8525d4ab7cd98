"""How much the hard bot thinks: rollouts per second and iterations per decision.

Two figures per player count, on one core:

* ``rollouts/s``: games played from the deal to the end with the hard bot's
  rollouts (:func:`abluxxen.bots.quick.rollout`: the cheap policy
  :func:`~abluxxen.bots.quick.quick_action` and a few random moves), as its
  search plays them; median of ``--repeat`` runs;
* ``iterations``: the hard bot's iterations per decision at its default
  budget (:data:`abluxxen.bots.ismcts.DEFAULT_SECONDS`), median over
  ``--positions`` play decisions taken from games between normal bots.

More iterations in the same time is what makes the hard bot stronger at
its default budget; at an iteration budget its moves do not depend on speed.

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
from abluxxen.bots.ismcts import DEFAULT_SECONDS, ROLLOUT_NOISE, HardBot
from abluxxen.bots.quick import rollout
from abluxxen.cli.simulate import quantile
from abluxxen.phase import Phase
from abluxxen.view import View


def rollouts_per_second(players: int, *, games: int, seed: int = 0) -> float:
    """Games from the deal to the end with the rollout policy, per second."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(seed, seed + games):
        rollout(Game.new(Rules(players), seed=i), rng, ROLLOUT_NOISE)
    return games / (time.perf_counter() - start)


def play_positions(players: int, *, count: int, seed: int = 0) -> list[View]:
    """Views of play decisions with a choice, spread over games between normal bots."""
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
            if view.phase == Phase.PLAY and len(view.legal_actions()) > 1:
                turn += 1
                if turn % 3 == 0 and len(views) < count:
                    views.append(view)
            game.push(bot.choose(view), seat=seat)
    return views


def iterations_per_decision(views: list[View]) -> list[int]:
    """The hard bot's iterations at its default budget, per position."""
    counts = []
    for i, view in enumerate(views):
        bot = HardBot(seed=i)
        bot.choose(view)
        counts.append(bot.last_iterations)
    return counts


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(prog="hard_speed", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", default="2,4", help="player counts, e.g. 4 or 2,4 (default)")
    parser.add_argument("--games", type=int, default=200, help="rollouts per run (default 200)")
    parser.add_argument("--repeat", type=int, default=7, help="runs per rollout figure (default 7)")
    parser.add_argument("--positions", type=int, default=30, help="positions for the iteration figure (default 30)")
    args = parser.parse_args(argv)
    print(f"hard bot speed, one core: rollouts from the deal (median of {args.repeat} runs of {args.games}), "
          f"iterations per {DEFAULT_SECONDS} s decision (median over {args.positions} positions)")
    print(f"{'players':>8}{'rollouts/s':>12}{'iterations':>12}{'p5-p95':>14}")
    for players in (int(p) for p in args.players.split(",")):
        rollouts_per_second(players, games=max(1, args.games // 10))  # warm-up: caches and imports
        speed = statistics.median(rollouts_per_second(players, games=args.games) for _ in range(args.repeat))
        counts = sorted(iterations_per_decision(play_positions(players, count=args.positions)))
        low, high = quantile(counts, 0.05), quantile(counts, 0.95)
        print(f"{players:>8}{speed:>12,.0f}{statistics.median(counts):>12,.0f}{f'{low:.0f}-{high:.0f}':>14}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
