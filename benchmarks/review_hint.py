"""Does the review call the hint's moves mistakes? Games that followed the hint, reviewed.

Plays ``--games`` seeded games per player count in which seat 0 asks for the
table's hint (:func:`abluxxen.bots.advise`, at the hint's default budget or
``--think``) at every decision and plays it, against normal bots (or hard
ones, ``--others hard``), then rates seat 0's decisions as ``abluxxen
review`` does (:func:`abluxxen.bots.review.rate`) at ``--review-think``
(default: the hint's budget). Printed per player count: the decisions rated,
how many of them the review's own search also chose (its hint), the
mistakes it found (a loss beyond the noise of its check), the biggest loss
and the review's seconds per decision (median over the games).

At the hint's budget the review's search is the hint's, so every move is its
hint and none is a mistake; a longer review (``--review-think 32000``) may
choose otherwise, and then says only what its check tells from noise.

    python benchmarks/review_hint.py                                  # 10 duels, 5 games for four
    python benchmarks/review_hint.py --players 2 --games 20 --review-think 32000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from abluxxen import Game, Rules
from abluxxen.bots import advise, make_bot, parse_think
from abluxxen.bots.ismcts import DEFAULT_THINK, Think
from abluxxen.bots.review import Decision, rate
from abluxxen.engine.transcript import Transcript


def hint_followed(players: int, seed: int, *, think: Think = DEFAULT_THINK, others: str = "normal") -> Transcript:
    """A seeded game in which seat 0 plays the table's hint at every decision and the others are ``others`` bots."""
    game = Game.new(Rules(players), seed=seed)
    transcript = Transcript.of(game)
    bots = [make_bot(others, seed=seat) for seat in range(players)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        move = advise(view, think=think)[0] if seat == 0 else bots[seat].choose(view)
        transcript.push(game, move, seat=seat)
    return transcript


def reviewed(players: int, seed: int, think: Think, review_think: Think, others: str) -> tuple[list[Decision], float]:
    """Seat 0's decisions in a game that followed the hint, rated; and the review's seconds per decision."""
    transcript = hint_followed(players, seed, think=think, others=others)
    start = time.perf_counter()
    decisions = rate(transcript, 0, think=review_think)
    return decisions, (time.perf_counter() - start) / max(1, len(decisions))


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(prog="review_hint", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", default="2,4", help="player counts, e.g. 2 or 2,4 (default)")
    parser.add_argument("--games", type=int, default=None, help="games per player count (default 10 duels, 5 else)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--think", type=parse_think, default=None, help="the hint's budget (default: the table's)")
    parser.add_argument("--review-think", type=parse_think, default=None,
                        help="the review's budget (default: the hint's)")
    parser.add_argument("--others", default="normal", help="the other seats' bots (default normal)")
    args = parser.parse_args(argv)
    think: Think = DEFAULT_THINK if args.think is None else args.think
    review_think: Think = think if args.review_think is None else args.review_think
    print(f"games that followed the hint: {think}")
    print(f"reviewed at: {review_think}")
    print(f"{'players':>8}{'games':>7}{'rated':>7}{'its hint':>10}{'mistakes':>10}{'worst':>8}{'s/decision':>12}")
    for players in (int(p) for p in args.players.split(",")):
        games = args.games or (10 if players == 2 else 5)
        rated: list[Decision] = []
        seconds = []
        for seed in range(args.seed, args.seed + games):
            decisions, per_decision = reviewed(players, seed, think, review_think, args.others)
            rated += decisions
            seconds.append(per_decision)
        mistakes = [d for d in rated if d.loss > 0]
        worst = max((d.loss for d in mistakes), default=0.0)
        print(f"{players:>8}{games:>7}{len(rated):>7}{sum(d.played == d.hint for d in rated):>10}"
              f"{len(mistakes):>10}{worst:>8.1f}{statistics.median(seconds):>12.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
