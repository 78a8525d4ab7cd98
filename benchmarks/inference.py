"""How well the hard bot's deals guess the hidden hands: its weighted deals against uniform ones.

Plays games between normal bots (3 and 4 players by default) and, at each decision
of seat 0, deals the hidden cards twice from seat 0's view: as the hard bot
does (:meth:`HardBot._deal`: :meth:`View.sample` passing over cards of the values a
seat has played) and uniformly (:meth:`View.sample` with no ``hold``). Over all those decisions
it sums, per other seat, the hidden cards of values that seat has played
(and of the other number values): as the real hands hold them, as the
hard bot's deals give them and as uniform deals give them. A good guess is
close to the real figures.

    python benchmarks/inference.py              # 60 deals per player count
    python benchmarks/inference.py --games 20 --players 2   (the duel deals uniformly: no change)
"""

from __future__ import annotations

import argparse
import random
import sys

from abluxxen import Game, Rules
from abluxxen.bots import make_bot
from abluxxen.bots.ismcts import HardBot
from abluxxen.engine.cards import counts_of


def main(argv: list[str] | None = None) -> int:
    """Print the three sums for played and for other values."""
    parser = argparse.ArgumentParser(prog="inference", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=60, help="deals per player count (default 60)")
    parser.add_argument("--players", default="4,3", help="player counts (default 4,3)")
    args = parser.parse_args(argv)
    bots = [make_bot("normal", seed=i) for i in range(4)]
    hard = HardBot(seed=1, think=10)
    rng = random.Random(3)
    # [played values, other values] for the real hands, the hard bot's deals, uniform deals.
    real, weighted, uniform = [0, 0], [0, 0], [0, 0]
    for deal in range(args.games):
        for players in (int(p) for p in args.players.split(",")):
            game = Game.new(Rules(players), seed=deal)
            while not game.is_over:
                seat = game.to_move
                assert seat is not None
                view = game.view(seat)
                if seat == 0:
                    guess, plain = hard._deal(view, rng), view.sample(rng)
                    for other in range(1, players):
                        shown = view.values_shown(other)
                        known = counts_of(view.known[other])
                        for value in range(1, 14):
                            kind = 0 if value in shown else 1
                            real[kind] += game.hands[other][value] - known[value]
                            weighted[kind] += guess.hands[other][value] - known[value]
                            uniform[kind] += plain.hands[other][value] - known[value]
                game.push(bots[seat].choose(view), seat=seat)
    games = args.games * len(args.players.split(","))
    print(f"hidden cards other seats hold, summed over seat 0's decisions in {games} games of normal bots:")
    print(f"{'':>24}{'real':>10}{'hard bot':>10}{'uniform':>10}")
    for kind, label in enumerate(("values they have played", "other number values")):
        print(f"{label:>24}{real[kind]:>10,}{weighted[kind]:>10,}{uniform[kind]:>10,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
