"""``abluxxen bench``: how fast the rules engine plays, on one core.

Three ways of playing full games with random moves are timed for each
player count, on the same deals (``Game.new(rules, seed=i)``):

* ``string``: the public string API, ``rng.choice(game.legal_moves())`` then
  ``game.push(move)`` (what a front end or an outside script does);
* ``codes``: the int action codes, ``rng.choice(game.legal_actions())`` then
  ``game.apply_action(code)`` (what a bot's tree search does);
* ``rollout``: the hard bot's rollouts in Python, ``rollout(game, rng,
  ROLLOUT_NOISE)`` (:mod:`abluxxen.bots.quick`): the engine's fast path with
  the bots' cheap policy and a few random moves. The hard bot itself plays
  them compiled where the package was installed with a C compiler, with the
  same moves (``benchmarks/hard_speed.py`` times both side by side, and the
  hard bot's decisions).

Each figure is the median over ``--repeat`` runs; the runs of the three ways
are interleaved so that a busy machine slows them alike. Dealing is included
in every game.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from ..bots.ismcts import ROLLOUT_NOISE
from ..bots.quick import rollout
from ..engine.game import Game
from ..engine.rules import VARIANTS, Rules
from ..i18n.catalog import in_language, install, installed, t
from ..i18n.tr import Tr
from ..languages import default_lang
from ..quoting import quoted
from .options import add_lang, variant, whole

WAYS = ("string", "codes", "rollout")
WAY_HELP = {
    "string": "legal_moves() + push(text)",
    "codes": "legal_actions() + apply_action(code)",
    "rollout": "quick.rollout(game, rng, ROLLOUT_NOISE)",
}


@dataclass(frozen=True)
class Run:
    """One timed batch of games.

    Attributes:
        games: games played.
        decisions: moves made in them, all seats together.
        seconds: wall-clock time (``time.perf_counter``).
    """

    games: int
    decisions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        """Games per second."""
        return self.games / self.seconds

    @property
    def decisions_per_second(self) -> float:
        """Decisions per second."""
        return self.decisions / self.seconds


def _play_strings(rules: Rules, seeds: range) -> int:
    decisions = 0
    for seed in seeds:
        game = Game.new(rules, seed=seed)
        choice = random.Random(seed).choice
        while not game.is_over:
            game.push(choice(game.legal_moves()))
            decisions += 1
    return decisions


def _play_codes(rules: Rules, seeds: range) -> int:
    decisions = 0
    for seed in seeds:
        game = Game.new(rules, seed=seed)
        choice = random.Random(seed).choice
        while not game.is_over:
            game.apply_action(choice(game.legal_actions()))
            decisions += 1
    return decisions


def _play_rollouts(rules: Rules, seeds: range) -> int:
    decisions = 0
    for seed in seeds:
        game = Game.new(rules, seed=seed)
        decisions += rollout(game, random.Random(seed), ROLLOUT_NOISE)
    return decisions


PLAYERS: dict[str, Callable[[Rules, range], int]] = {
    "string": _play_strings, "codes": _play_codes, "rollout": _play_rollouts,
}


def time_way(way: str, rules: Rules, *, games: int, seed: int = 0) -> Run:
    """Play ``games`` random games one way and time them.

    Args:
        way: ``"string"``, ``"codes"`` or ``"rollout"``.
        rules: the rules of every game.
        games: how many games.
        seed: deals use seeds ``seed`` … ``seed + games - 1``.
    """
    seeds = range(seed, seed + games)
    start = time.perf_counter()
    decisions = PLAYERS[way](rules, seeds)
    return Run(games, decisions, time.perf_counter() - start)


def measure(rules: Rules, *, games: int, repeat: int, seed: int = 0,
            ways: Sequence[str] = WAYS) -> dict[str, list[Run]]:
    """Time every way ``repeat`` times, interleaved, on the same deals."""
    runs: dict[str, list[Run]] = {way: [] for way in ways}
    for way in ways:  # warm-up, untimed: the first games pay for caches and imports
        time_way(way, rules, games=max(1, games // 20), seed=seed)
    for _ in range(repeat):
        for way in ways:
            runs[way].append(time_way(way, rules, games=games, seed=seed))
    return runs


def summary(runs: dict[str, list[Run]]) -> dict[str, Any]:
    """Medians of games/s and decisions/s per way, and fast/string ratios."""
    row: dict[str, Any] = {}
    for way, batch in runs.items():
        row[way] = {
            "games_per_s": statistics.median(r.games_per_second for r in batch),
            "decisions_per_s": statistics.median(r.decisions_per_second for r in batch),
            "decisions_per_game": batch[0].decisions / batch[0].games,
            "runs_games_per_s": [round(r.games_per_second, 1) for r in batch],
        }
    if "string" in row:
        base = row["string"]["games_per_s"]
        for way in runs:
            if way != "string":
                row[way]["vs_string"] = row[way]["games_per_s"] / base
    return row


EPILOG = """examples:
  abluxxen bench                              every player count, 200 games a run, 5 runs
  abluxxen bench --players 4 --games 50       a quick look at four players
  abluxxen bench --variant expert --json      the expert rules, figures as JSON
"""
EPILOG_DE = """Beispiele:
  abluxxen bench                              alle Spielerzahlen, 200 Partien je Lauf, 5 Läufe
  abluxxen bench --players 4 --games 50       ein kurzer Blick auf vier Spieler
  abluxxen bench --variant experten --json    die Experten-Regeln, Zahlen als JSON
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``abluxxen bench``."""
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    parser.add_argument("--games", type=whole(1, 100_000), default=200, metavar="N",
                        help="games per run and player count (default 200)")
    parser.add_argument("--players", type=_player_counts, default=[2, 3, 4, 5], metavar="LIST",
                        help="player counts, e.g. 4 or 2,3,4,5 (default); 2 players play the duel")
    parser.add_argument("--repeat", type=whole(1, 1000), default=5, metavar="R",
                        help="runs per figure; the median is shown (default 5)")
    parser.add_argument("--variant", type=variant, default="base", metavar="|".join(VARIANTS),
                        help="rules variant (default base)")
    parser.add_argument("--seed", type=whole(0, 2**63 - 1), default=0, help="first deal's seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    add_lang(parser)


def run(args: argparse.Namespace, *, out: TextIO | None = None) -> int:
    """Run the benchmark and print the table (or JSON); returns 0."""
    out = out or sys.stdout
    install(getattr(args, "lang", None) or default_lang())  # results in the language asked for, as the help
    rows: dict[int, dict[str, Any]] = {}
    if not args.json:
        print(t("abluxxen engine speed: %(variant)s rules, %(games)s random games per run, median of %(repeat)s "
                "runs, one core") % {"variant": Tr(installed())(f"variant.{args.variant}"), "games": args.games,
                                     "repeat": args.repeat}, file=out)
        for way in WAYS:
            print(f"  {way:8} {WAY_HELP[way]}", file=out)
        print(file=out)
        print(_header(), file=out)
    for players in args.players:
        rules = Rules(players, args.variant)
        rows[players] = summary(measure(rules, games=args.games, repeat=args.repeat, seed=args.seed))
        if not args.json:
            print(_line(players, rows[players]), file=out, flush=True)
    if args.json:
        doc = {"variant": args.variant, "games": args.games, "repeat": args.repeat, "seed": args.seed,
               "python": sys.version.split()[0], "players": {str(p): r for p, r in rows.items()}}
        print(json.dumps(doc, indent=2), file=out)
    return 0


LABEL = 11  # the row's label: "2 im Duell" and a space


def _header() -> str:
    top = f"{'':{LABEL}}" + "".join(f"{way:>22}" for way in WAYS) + f"{'rollout/':>10}{'codes/':>8}"
    sub = f"{t('players'):{LABEL}}" + f"{t('games/s'):>11}{t('dec/s'):>11}" * len(WAYS) + f"{'string':>10}{'string':>8}"
    return top + "\n" + sub


def _line(players: int, row: dict[str, Any]) -> str:
    label = f"{players}{t(' duel') if players == 2 else ''}"
    tr = Tr(installed())
    cells = "".join(f"{tr.decimal(row[w]['games_per_s'], 0, grouped=True):>11}"
                    f"{tr.decimal(row[w]['decisions_per_s'], 0, grouped=True):>11}" for w in WAYS)
    ratios = f"{tr.decimal(row['rollout']['vs_string']):>9}x{tr.decimal(row['codes']['vs_string']):>7}x"
    return f"{label:{LABEL}}{cells}{ratios}"


def _player_counts(text: str) -> list[int]:
    counts = []
    for part in text.replace(" ", "").split(","):
        if not part.isdigit() or not 2 <= int(part) <= 5:
            raise argparse.ArgumentTypeError(t("player counts are 2 to 5, separated by commas, not %s") % quoted(text))
        counts.append(int(part))
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    """Run as a script (``benchmarks/engine_speed.py``)."""
    parser = argparse.ArgumentParser(prog="engine_speed", description=(__doc__ or "").split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return run(parser.parse_args(argv))
