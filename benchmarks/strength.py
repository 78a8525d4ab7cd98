"""Bot strength, game by game: win rates with 95% intervals, and a perfect-information bound.

Plays the same games as ``abluxxen simulate`` with the same ``--seats``,
``--seed`` and ``--think`` (the same deals, seats and bot seeds, so the same
moves), one game at a time in this process, and appends each finished game
to ``--log`` as a JSON line. A run that is stopped keeps every game it
finished, and the same command resumes it: games already in the log are not
played again. The summary (``--summary`` prints it without playing) gives
per bot its win rate with a 95% Wilson interval, its mean score and, for
the hard bots, the median and 95th percentile of its decision times.
Several processes can share one run and one log: ``--shard 0/2`` and
``--shard 1/2`` play the even and the odd games (each line is written whole,
so their appends never mix).

Two levels of other styles exist only here, for checking that a stronger hard
bot is stronger against more than the normal bot (:mod:`styles`): ``greedy``
(the rollout policy's move) and ``flat`` (flat Monte Carlo, no tree); and
``reference``, the hard bot with the rollout policy of their reference runs
(before the duel had weights of its own), to meet the hard bot head to head.

One more level exists only here: ``perfect``, :class:`PerfectInfoHardBot`,
the hard bot's search dealt the *real* hands instead of deals sampled from
its view (only the deck's order stays hidden). It cheats, so it is no
player: its win rate is an upper bound on what better inference about the
hidden hands could give the hard bot at the same budget.

    python benchmarks/strength.py --seats hard,normal,normal,normal --games 1000 --seed 6 --log hard4.jsonl
    python benchmarks/strength.py --seats perfect,normal,normal,normal --games 300 --seed 11 --think 48 \\
        --log perfect48.jsonl
    python benchmarks/strength.py --seats hard,normal --summary --log duel.jsonl
    python benchmarks/strength.py --seats hard,normal,normal,normal --games 400 --seed 21 --think 48 \
        --log hard48.jsonl --paired perfect48.jsonl   # win-rate and margin differences, game by game
    python benchmarks/strength.py --seats hard,normal,normal,normal --games 1000 --seed 6 --think 2000 \
        --log variant.jsonl --paired b2k.jsonl --sprt 0,4   # stop once +0 and +4 points are told apart

``--sprt H0,H1`` screens a change (:class:`Sequential`): the run stops as
soon as its paired difference in wins is told to be ``H0`` points or less
(rejected) or ``H1`` or more (accepted), with 5% errors each way. A change
that loses is then told in a few hundred games.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from styles import FlatBot, GreedyBot, ReferenceHardBot

from abluxxen import Game, Rules
from abluxxen.bots import Bot, Think, make_bot
from abluxxen.bots.ismcts import HardBot, parse_think
from abluxxen.cli.simulate import Task, play_game, quantile, wilson
from abluxxen.engine.view import View, shuffle_cards


class PerfectInfoHardBot(HardBot):
    """Benchmark only: the hard bot's search on the real hidden hands (it cheats).

    Before each decision the benchmark hands it the game (:attr:`game`);
    every determinization is then that game with only its deck shuffled,
    instead of a deal sampled from the view. Never a player: it reads
    what its view does not show.
    """

    level = "perfect"

    def __init__(self, *, seed: int | None = None, think: Think | None = None) -> None:
        super().__init__(seed=seed, think=think)
        self.game: Game | None = None

    def _deal(self, view: View, rng: random.Random) -> Game:
        assert self.game is not None and self.game.view(view.seat) == view, "give the bot the game first"
        deal = self.game.copy()
        shuffle_cards(deal.deck, rng.random)
        return deal


def bot_of(level: str, seed: int, think: Think | None) -> Bot:
    """A bot of ``level`` (``perfect``, ``greedy``, ``flat``, ``reference`` too), seeded as ``abluxxen simulate`` does.

    ``think`` is the hard bot's budget; ``flat`` keeps its own (:data:`styles.FLAT_ROLLOUTS`), so a
    run of hard against flat changes one of them only.
    """
    if level == "perfect":
        return PerfectInfoHardBot(seed=seed, think=think)
    if level == "greedy":
        return GreedyBot(seed=seed)
    if level == "flat":
        return FlatBot(seed=seed)
    if level == "reference":
        return ReferenceHardBot(seed=seed, think=think)
    return make_bot(level, seed=seed, think=think)


def play(levels: list[str], rules: Rules, seed: int, index: int, think: Think | None) -> dict[str, Any]:
    """Game ``index`` of a run, as ``abluxxen simulate`` plays it; per bot its share, score and decision times."""
    result = play_game(Task(index=index, levels=tuple(levels), rules=rules, seed=seed, think=think),
                       bot_of=bot_of, before=_show_game)
    return {"index": index, "shares": result.shares, "scores": result.scores,
            "times": [[round(t, 5) for t in times] for times in result.times]}


def _show_game(bot: Bot, game: Game) -> None:
    """The perfect-information bot is handed the whole game before it decides."""
    if isinstance(bot, PerfectInfoHardBot):
        bot.game = game


def summary(levels: list[str], games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per bot: games, wins, win rate and its 95% interval, mean score, decision times."""
    out = []
    for b, level in enumerate(levels):
        wins = sum(g["shares"][b] for g in games)
        times = sorted(t for g in games for t in g["times"][b])
        low, high = wilson(wins, len(games))
        mean = statistics.fmean(g["scores"][b] for g in games) if games else 0.0
        out.append({"bot": level, "games": len(games), "wins": wins, "win_rate": wins / max(1, len(games)),
                    "ci95": [low, high], "mean_score": mean,
                    "median_decision_s": quantile(times, 0.5), "p95_decision_s": quantile(times, 0.95)})
    return out


def whole_lines(path: Path) -> list[dict[str, Any]]:
    """A JSON-lines log's records, its whole lines only (a last line without its newline is one
    another process is still writing); none when there is no log yet."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().split("\n")[:-1] if line.strip()]


def load(path: Path) -> dict[int, dict[str, Any]]:
    """The games of a log, by number (:func:`whole_lines`)."""
    return {game["index"]: game for game in whole_lines(path)}


def margin(game: dict[str, Any]) -> int:
    """The first bot's final score minus the best score of the other bots, in a logged game."""
    scores = game["scores"]
    return int(scores[0] - max(scores[1:]))


def paired(ours: dict[int, dict[str, Any]], theirs: dict[int, dict[str, Any]], *,
           by_margin: bool = False) -> tuple[int, float, float]:
    """The first bot's win share (or with ``by_margin`` its :func:`margin`) here minus in another
    log, over the games both played (same deals and seats when both runs had the same seed):
    games, mean difference, 95% half-width.

    The margin says less about what counts (winning) but varies less from game to game, so a
    small difference between two versions of a bot shows in fewer games.
    """
    if by_margin:
        diffs = [float(margin(ours[i]) - margin(theirs[i])) for i in sorted(set(ours) & set(theirs))]
    else:
        diffs = win_diffs(ours, theirs)
    n = len(diffs)
    if n < 2:
        return n, 0.0, math.inf
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return n, mean, 1.96 * math.sqrt(var / n)


@dataclass(frozen=True, slots=True)
class Sequential:
    """A sequential probability ratio test of the paired difference in wins (as chess engines'
    testing frameworks screen a change: Wald's test on the normal approximation, the
    "generalized SPRT").

    It weighs, game by game, whether the first bot's win share here exceeds the other log's by
    ``h0`` or by ``h1`` (both in points), and stops as soon as either is ``1 - alpha`` (or
    ``1 - beta``) sure: a change that loses is mostly told in a few hundred games, where a
    fixed run of 1,000 gives a ±4-point interval whatever the change.

    Attributes:
        h0: the difference, in points, a change is rejected at.
        h1: the difference, in points, a change is accepted at.
        alpha: the chance of accepting a change whose difference is ``h0``.
        beta: the chance of rejecting a change whose difference is ``h1``.
    """

    h0: float
    h1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def bounds(self) -> tuple[float, float]:
        """The log-likelihood ratio's bounds: below the first, reject; above the second, accept."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, diffs: list[float]) -> float:
        """The log-likelihood ratio of ``h1`` over ``h0`` for paired win-share differences (0 when
        they cannot yet be told: fewer than 100 games, or none differ)."""
        n = len(diffs)
        if n < 100:
            return 0.0
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if var == 0.0:
            return 0.0
        mu0, mu1 = self.h0 / 100, self.h1 / 100
        return (mu1 - mu0) / var * (sum(diffs) - n * (mu0 + mu1) / 2)

    def verdict(self, diffs: list[float]) -> str | None:
        """``"accepted"`` (the difference is ``h1`` or more), ``"rejected"`` (``h0`` or less), or
        ``None`` while the games cannot tell."""
        low, high = self.bounds
        llr = self.llr(diffs)
        return "accepted" if llr >= high else "rejected" if llr <= low else None


def sequential(text: str) -> Sequential:
    """``H0,H1`` from the command line, in points: a test of the paired difference in wins."""
    try:
        h0, h1 = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give H0,H1 in points, e.g. 0,4") from None
    if not h0 < h1 or not all(math.isfinite(h) for h in (h0, h1)):
        raise argparse.ArgumentTypeError(f"{text!r}: H0 must be below H1")
    return Sequential(h0, h1)


def win_diffs(ours: dict[int, dict[str, Any]], theirs: dict[int, dict[str, Any]]) -> list[float]:
    """The first bot's win share here minus in another log, game by game, over the games both played."""
    return [ours[i]["shares"][0] - theirs[i]["shares"][0] for i in sorted(set(ours) & set(theirs))]


def shard(text: str) -> tuple[int, int]:
    """``I/N`` from the command line: this process plays the games numbered I modulo N."""
    try:
        first, step = (int(part) for part in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give I/N, e.g. 0/2 and 1/2 for two processes") from None
    if not 0 <= first < step:
        raise argparse.ArgumentTypeError(f"{text!r}: I must be at least 0 and below N")
    return first, step


def main(argv: list[str] | None = None) -> int:
    """Play (or resume) the run, then print its summary."""
    parser = argparse.ArgumentParser(prog="strength", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--seats", required=True, help="levels in seat order, e.g. hard,normal,normal,normal")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="base")
    parser.add_argument("--think", type=parse_think, default=None, help="hard budget: 200 iterations or 0.5s")
    parser.add_argument("--log", type=Path, required=True, help="JSON lines, one per finished game (resumed)")
    parser.add_argument("--shard", type=shard, default=(0, 1), metavar="I/N",
                        help="play only the games whose number is I modulo N (N processes, one log)")
    parser.add_argument("--summary", action="store_true", help="only print the summary of the log")
    parser.add_argument("--paired", type=Path, help="another run's log (same seed): the first bot's paired difference")
    parser.add_argument("--sprt", type=sequential, metavar="H0,H1",
                        help="with --paired: stop once a sequential test tells a paired difference in wins of H0 "
                             "points from one of H1 (5%% errors each way)")
    args = parser.parse_args(argv)
    if args.sprt is not None and args.paired is None:
        parser.error("--sprt needs --paired: the run it is compared with")
    levels = args.seats.split(",")
    rules = Rules(len(levels), variant=args.variant)
    done = load(args.log)
    theirs = load(args.paired) if args.paired is not None else {}
    if not args.summary:
        with args.log.open("a") as log:
            first, step = args.shard
            for index in range(first, args.games, step):
                if args.sprt is not None:
                    # Other shards append to the same log: the test reads every game finished so far.
                    done.update(load(args.log))
                    if args.sprt.verdict(win_diffs(_first(done, args.games), theirs)) is not None:
                        break
                if index not in done:
                    done[index] = play(levels, rules, args.seed, index, args.think)
                    log.write(json.dumps(done[index]) + "\n")
                    log.flush()
        if args.sprt is not None:
            done.update(load(args.log))
    games = [done[i] for i in sorted(done) if i < args.games or args.summary]
    think = "default" if args.think is None else args.think
    # A log keeps no seed or budget: a summary of one can't name them.
    run = "" if args.summary else f"  seed {args.seed}  think {think}"
    print(f"{','.join(levels)}{run}  {len(games)} games")
    for row in summary(levels, games):
        low, high = row["ci95"]
        print(f"  {row['bot']:>8}: wins {100 * row['win_rate']:5.1f}% ({100 * low:.1f}-{100 * high:.1f}), "
              f"mean score {row['mean_score']:5.1f}")
        if row["bot"] in ("hard", "perfect"):
            # A line of its own: beside the wins it would wrap at 80 columns.
            print(f"            decision median {row['median_decision_s']:.3f} s, "
                  f"p95 {row['p95_decision_s']:.3f} s")
    if args.paired is not None:
        ours = {g["index"]: g for g in games}
        n, mean, half = paired(ours, theirs)
        print(f"  {levels[0]} here minus in {args.paired.name}, {n} games on the same deals:\n"
              f"    wins {100 * mean:+.1f} points ({100 * (mean - half):+.1f} to {100 * (mean + half):+.1f})")
        n, mean, half = paired(ours, theirs, by_margin=True)
        print(f"    margin over the best other bot {mean:+.2f} ({mean - half:+.2f} to {mean + half:+.2f})")
        if args.sprt is not None:
            test = args.sprt
            diffs = win_diffs(ours, theirs)
            low, high = test.bounds
            verdict = test.verdict(diffs)
            said = {"accepted": f"{test.h1:+g} points or more", "rejected": f"{test.h0:+g} points or less",
                    None: "not told yet"}[verdict]
            print(f"  sequential test, {test.h0:+g} against {test.h1:+g} points: {said}\n"
                  f"    (log-likelihood ratio {test.llr(diffs):+.2f}, bounds {low:.2f} and {high:.2f})")
    return 0


def _first(done: dict[int, dict[str, Any]], games: int) -> dict[int, dict[str, Any]]:
    """The run's games among those logged (a log may hold more, from a longer run)."""
    return {i: g for i, g in done.items() if i < games}


if __name__ == "__main__":
    sys.exit(main())
