"""Tune the rollout policy's weights for the hard bot's results: SPSA on its own games.

Simultaneous perturbation stochastic approximation (Spall 1992), the way
chess engines' test frameworks tune their constants. Each step draws a sign
for every tuned weight, plays the same ``--batch`` deals twice, once with
the hard bot's rollouts at the weights moved by ``+c`` in those signs and
once at ``-c``, and moves the weights along the signs by how much the first
won more than the second. Only the hard bot's rollouts change; the other
seats are the normal bots as always. The reward a game gives is the search's
own (:func:`abluxxen.bots.subtrees.reward`: half the win share, half the
margin over the best other seat), which varies less than wins alone.

The weights are tuned in units of their ``SCALES`` (so one step of ``c``
moves each by the same fraction), for the player count of ``--seats`` (the
duel's weights are ``quick.DUEL_WEIGHTS``, the others ``quick.WEIGHTS``).
Every step is one line of ``--log`` (resumed: a stopped run goes on where it
was); the summary prints the weights reached, averaged over the last
``--average`` steps, as a ``quick.Weights`` to try with ``strength.py``.

    python benchmarks/spsa.py --seats hard,normal,normal,normal --steps 150 --batch 30 --think 2000 \\
        --seed 31 --log spsa4.jsonl --jobs 2
    python benchmarks/spsa.py --seats hard,normal,normal,normal --log spsa4.jsonl --summary
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import astuple, fields, replace
from pathlib import Path
from typing import Any

from strength import margin, play, whole_lines
from styles import policy_weights

from abluxxen import Rules
from abluxxen.bots import quick
from abluxxen.bots.ismcts import parse_think
from abluxxen.bots.subtrees import reward

# What one unit of the tuner's steps is worth in each weight (about half its value): one step of c
# moves every weight by the same fraction of its size. The shadow is the duel's alone.
SCALES = {"hurt": 0.3, "take_back": 0.4, "joker_cost": 1.0, "take_cost": 0.5, "take_bonus": 0.15, "shadow": 0.25}


def tuned(players: int) -> list[str]:
    """The weights tuned in a game of ``players``: every one that plays a part there."""
    return [f.name for f in fields(quick.Weights) if players == 2 or f.name != "shadow"]


def reward_of(game: dict[str, Any]) -> float:
    """The first seat's reward in a logged game, as the search reckons rewards."""
    return reward(float(game["shares"][0]), margin(game))


def moved(base: quick.Weights, point: dict[str, float]) -> quick.Weights:
    """``base`` with the tuned weights at ``point`` (in units of SCALES), none below zero."""
    return replace(base, **{name: max(0.0, x * SCALES[name]) for name, x in point.items()})


def _batch(levels: list[str], seed: int, indices: list[int], think: int, weights: tuple[float, ...]) -> list[float]:
    """The first seat's rewards in the games ``indices``, its rollouts with ``weights`` (a worker's task)."""
    rules, budget = Rules(players=len(levels)), parse_think(str(think))
    with policy_weights(rules.players, quick.Weights(*weights)):
        return [reward_of(play(levels, rules, seed, i, budget)) for i in indices]


def gains(step: int, *, a: float, c: float) -> tuple[float, float]:
    """Step ``step``'s learning rate and perturbation, decaying as Spall advises (0.602 and 0.101)."""
    return a / (1 + step / 50) ** 0.602, c / (1 + step) ** 0.101


class InProcess(Executor):
    """An executor that runs each task at once in this process (``--jobs 1``): nothing to pickle."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="spsa", description=__doc__.splitlines()[0])
    parser.add_argument("--seats", required=True, help="levels in seat order, the tuned hard bot first")
    parser.add_argument("--steps", type=int, default=250, help="steps in all, those in the log included")
    parser.add_argument("--batch", type=int, default=30, help="deals a step plays with each perturbation")
    parser.add_argument("--think", type=int, default=2000, help="the hard bot's iterations a decision")
    parser.add_argument("--seed", type=int, default=31, help="the deals' seed (step k plays games k*batch on)")
    parser.add_argument("--a", type=float, default=1.0, help="learning rate at the first step")
    parser.add_argument("--c", type=float, default=0.6, help="perturbation at the first step, in units of SCALES")
    parser.add_argument("--average", type=int, default=50, help="steps the summary's weights are averaged over")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing the games")
    parser.add_argument("--log", type=Path, required=True, help="JSON lines, one per step (resumed)")
    parser.add_argument("--summary", action="store_true", help="only print the summary of the log")
    args = parser.parse_args(argv)
    levels = args.seats.split(",")
    if levels[0] != "hard":
        parser.error("the first seat is the tuned hard bot: --seats hard,...")
    players = len(levels)
    base = quick.weights_for(players)
    start = {name: getattr(base, name) / SCALES[name] for name in tuned(players)}
    lines = whole_lines(args.log)
    # Each step logs where it left the weights: a resumed run goes on from the last.
    point = {name: float(x) for name, x in lines[-1]["point"].items()} if lines else dict(start)
    rng = random.Random(f"spsa {args.seed} {len(lines)}")
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else InProcess() as pool:
        for step in range(len(lines), 0 if args.summary else args.steps):
            a, c = gains(step, a=args.a, c=args.c)
            signs = {name: rng.choice((-1, 1)) for name in point}
            indices = list(range(step * args.batch, (step + 1) * args.batch))
            sides = [astuple(moved(base, {n: x + sign * c * signs[n] for n, x in point.items()})) for sign in (1, -1)]
            # The deals split between the workers, both sides of a deal in the same worker's turn.
            halves = [indices[j::args.jobs] for j in range(args.jobs)]
            jobs = [[pool.submit(_batch, levels, args.seed, half, args.think, side) for half in halves]
                    for side in sides]
            plus, minus = ([r for job in side for r in job.result()] for side in jobs)
            diff = (sum(plus) - sum(minus)) / len(indices)
            point = {n: x + a * diff / (2 * c) * signs[n] for n, x in point.items()}
            line = {"step": step, "games": 2 * len(indices), "plus": sum(plus) / len(plus),
                    "minus": sum(minus) / len(minus), "signs": signs, "point": point}
            lines.append(line)
            with args.log.open("a") as log:
                log.write(json.dumps(line) + "\n")
            print(f"step {step}: +{line['plus']:.3f} -{line['minus']:.3f}  "
                  + "  ".join(f"{n} {x * SCALES[n]:.3f}" for n, x in point.items()), flush=True)
    report(lines, base, start, average=args.average)
    return 0


def report(lines: list[dict[str, Any]], base: quick.Weights, start: dict[str, float], *, average: int) -> None:
    """The weights reached (averaged over the last ``average`` steps) and, per weight, the slope the
    steps showed: how much more reward a game gave with the weight raised than lowered, with its 95%
    interval. A slope whose interval holds zero says the weight is as good as any near it."""
    recent = lines[-average:]
    if not recent:
        print("no steps yet")
        return
    mean = {n: statistics.fmean(float(line["point"][n]) for line in recent) for n in start}
    games = sum(int(line["games"]) for line in lines)
    print(f"{len(lines)} steps, {games} games; the last {len(recent)} steps averaged:")
    print("  " + repr(moved(base, mean)))
    print("  from " + repr(base))
    for name in start:
        slopes = [(float(line["plus"]) - float(line["minus"])) * int(line["signs"][name]) for line in lines]
        half = 1.96 * statistics.stdev(slopes) / math.sqrt(len(slopes)) if len(slopes) > 1 else math.inf
        print(f"  {name:>10}: raised minus lowered {statistics.fmean(slopes):+.4f} a game (±{half:.4f})")


if __name__ == "__main__":
    sys.exit(main())
