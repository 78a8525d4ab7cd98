"""How often the rollout policy makes the normal bot's move, per kind of decision.

The hard bot's rollouts play every seat with :func:`~abluxxen.bots.quick.quick_action`,
a cheap version of the normal bot's rules; its opponents at the table are
often normal bots. This plays seeded games of normal bots and, at every
decision with a choice, asks the rollout policy what it would do in the same
position (it reads only the deciding seat's hand and the public state), then
prints per phase the number of decisions and the share where both agree.

    python benchmarks/agreement.py --players 4 --games 10
    python benchmarks/agreement.py --players 2 --games 20
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

from abluxxen import Game, Rules
from abluxxen.bots import make_bot
from abluxxen.bots.quick import quick_action
from abluxxen.engine.phase import Phase


def agreement(players: int, games: int, seed: int) -> tuple[Counter[str], Counter[str]]:
    """Per phase name: decisions with a choice, and those where the policy made the normal bot's move."""
    total: Counter[str] = Counter()
    same: Counter[str] = Counter()
    for g in range(games):
        game = Game.new(Rules(players), seed=seed + g)
        bots = [make_bot("normal", seed=g * 10 + s) for s in range(players)]
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            move = bots[seat].choose(game.view(seat))
            if len(game.legal_actions()) > 1:
                phase = Phase(game.phase).name.lower()
                total[phase] += 1
                same[phase] += game.action_text(quick_action(game, random.Random(g))) == move
            game.push(move)
    return total, same


def main(argv: list[str] | None = None) -> int:
    """Print the agreement per phase."""
    parser = argparse.ArgumentParser(prog="agreement", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1000, help="the first game's deal")
    args = parser.parse_args(argv)
    total, same = agreement(args.players, args.games, args.seed)
    print(f"{args.players} players, {args.games} games of normal bots: the rollout policy's move is the normal bot's")
    for phase in total:
        print(f"  {phase:>16}: {same[phase]:4} of {total[phase]:4} decisions ({100 * same[phase] / total[phase]:.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
