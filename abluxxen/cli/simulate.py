"""``abluxxen simulate``: bot-only games, and how each bot did.

Example::

    abluxxen simulate --seats hard,normal,normal,normal --games 1000 --seed 1 --jobs 2

Game ``i`` starts with seat ``i mod n`` and moves the bots ``i // n`` seats
round the table, so no bot gains from where it sits. Every deal and every
bot seed is derived from ``--seed`` and the game's number, so a run can be
repeated exactly (with iteration budgets) whatever ``--jobs`` is.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import os
import signal
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..bots import DEFAULT_THINK, LEVELS, Bot, Think, make_bot
from ..complaints import complain
from ..engine.events import Event
from ..engine.game import Game
from ..engine.match import Match
from ..engine.rules import TIEBREAKS, VARIANTS, Rules
from ..engine.view import View
from ..i18n.catalog import error_line, in_language, install, installed, t
from ..i18n.tr import Tr
from ..languages import default_lang, level_named
from ..quoting import Typed
from ..store.save_document import Saved, Seat
from ..table.seats import BotSeat
from ..table.table import Table as GameTable
from .options import add_lang, think, tiebreak, variant, whole
from .options import seed as seed_option

EPILOG = """examples:
  abluxxen simulate                                  one hard bot against three normal ones, 100 games
  abluxxen simulate --seats hard,easy --games 200    a duel, hard against easy
  abluxxen simulate --seats normal,normal,normal --variant expert --seed 7
  abluxxen simulate --jobs 0 --json                  on every core, the results as JSON
"""
EPILOG_DE = """Beispiele:
  abluxxen simulate                                    ein schwerer Bot gegen drei mittlere, 100 Partien
  abluxxen simulate --seats schwer,leicht --games 200  ein Duell, schwer gegen leicht
  abluxxen simulate --seats mittel,mittel,mittel --variant experten --seed 7
  abluxxen simulate --jobs 0 --json                    auf allen Kernen, Ergebnisse als JSON
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``simulate`` subcommand's options."""
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    parser.add_argument("--seats", default="hard,normal,normal,normal",
                        help="bot level per seat, comma-separated: easy, normal, hard "
                             "(2 to 5 seats; default %(default)s)")
    parser.add_argument("--games", type=whole(1, 1_000_000), default=100, help="games to play (default %(default)s)")
    parser.add_argument("--variant", type=variant, default="base", metavar="|".join(VARIANTS),
                        help="rules variant (default base)")
    parser.add_argument("--no-duel", action="store_true",
                        help="with two seats, play a plain game without the shadow")
    parser.add_argument("--tiebreak", type=tiebreak, default="fewest-hand", metavar="|".join(TIEBREAKS),
                        help="how a tied best score is decided (default fewest-hand)")
    parser.add_argument("--seed", type=seed_option, default=1, help="seed of the whole run (default %(default)s)")
    parser.add_argument("--jobs", type=whole(0, 64), default=1,
                        help="processes to play games in (0: one per core; default %(default)s)")
    parser.add_argument("--think", type=think, default=None,
                        help="the hard bots' budget per decision: seconds like 0.5s, or iterations "
                             f"like 200 (default {DEFAULT_THINK}, as at the table)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    add_lang(parser)


@dataclass(frozen=True)
class Task:
    """One game to play."""

    index: int
    levels: tuple[str, ...]
    rules: Rules
    seed: int
    think: Think | None


@dataclass
class GameResult:
    """How one game went, per bot (in ``--seats`` order, not table seats)."""

    index: int
    shares: list[float]
    scores: list[int]
    times: list[list[float]]


@dataclass
class Tally:
    """Everything one bot did over the run."""

    level: str
    shares: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """Wins (ties split), win rate with a 95% interval, scores, decision times."""
        games = len(self.shares)
        wins = sum(self.shares)
        rate = wins / games if games else 0.0
        times = sorted(self.times)
        return {
            "bot": self.level,
            "games": games,
            "wins": round(wins, 4),
            "win_rate": rate,
            "ci95": list(wilson(wins, games)),
            "mean_score": statistics.fmean(self.scores) if self.scores else 0.0,
            "decisions": len(times),
            "median_decision_s": quantile(times, 0.5),
            "p95_decision_s": quantile(times, 0.95),
        }


def wilson(wins: float, games: int, *, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default): honest at 0 or all wins, where
    the normal approximation shrinks to a point (0 wins of 20 is 0%–16%, not 0%–0%).

    ``wins`` may hold halves and thirds: a shared win counts as a share.
    """
    if games <= 0:
        return 0.0, 1.0
    rate, z2 = wins / games, z * z
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of sorted ``values``, as the nearest value at or below it; 0 if empty."""
    if not values:
        return 0.0
    return values[min(len(values) - 1, int(q * len(values)))]


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from the run's seed and a game's (or bot's) number."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def seating(index: int, players: int) -> tuple[int, list[int]]:
    """Game ``index``'s starting seat and, per bot, the seat it sits in."""
    first = index % players
    shift = (index // players) % players
    return first, [(bot + shift) % players for bot in range(players)]


def play_game(task: Task, *, bot_of: Callable[[str, int, Think | None], Bot] | None = None,
              before: Callable[[Bot, Game], None] | None = None) -> GameResult:
    """Play one bot-only game; time every decision that offered a choice.

    Args:
        task: which game of which run.
        bot_of: makes a bot from its level, seed and budget (default: :func:`make_bot`); a
            benchmark's own kinds of bot come in here.
        before: called with the bot and the game before each of its decisions (a benchmark's
            bot that is shown the whole game).
    """
    n = task.rules.players
    first, seat_of = seating(task.index, n)
    bot_at = {seat: bot for bot, seat in enumerate(seat_of)}
    make = bot_of or (lambda level, seed, budget: make_bot(level, seed=seed, think=budget))
    bots = [make(level, derive_seed(task.seed, task.index, b), task.think) for b, level in enumerate(task.levels)]
    match = Match(task.rules, games=1, seed=derive_seed(task.seed, task.index), first=first)
    names = [f"{task.levels[bot_at[seat]]}-{seat}" for seat in range(n)]
    # The table plays it, never saved: its bot seats' fallback and variation as at any table.
    table = GameTable(Saved(match=match, seats=[Seat(name, task.levels[bot_at[s]]) for s, name in enumerate(names)]),
                      None)
    times: list[list[float]] = [[] for _ in range(n)]
    table.play({seat: _Timed(BotSeat(task.levels[b], bot=bots[b], repeats=table.repeats), times[b], before, table)
                for seat, b in bot_at.items()})
    game = table.match.game
    winners = game.winners()
    scores = game.scores()
    return GameResult(index=task.index,
                      shares=[1.0 / len(winners) if seat_of[b] in winners else 0.0 for b in range(n)],
                      scores=[scores[seat_of[b]] for b in range(n)], times=times)


class _Timed:
    """A bot's seat whose every decision is timed (the table asks only where there is a choice)."""

    def __init__(self, seat: BotSeat, times: list[float], before: Callable[[Bot, Game], None] | None,
                 table: GameTable) -> None:
        self.seat, self.times, self.before, self.table = seat, times, before, table

    async def decide(self, view: View) -> str:
        if self.before is not None:
            self.before(self.seat.bot, self.table.match.game)
        start = time.perf_counter()
        move = self.seat.choose(view)
        self.times.append(time.perf_counter() - start)
        return move

    def update(self, view: View, events: Sequence[Event]) -> None:
        """A bot reads the table afresh at each decision."""


def run_games(tasks: list[Task], jobs: int) -> Iterator[GameResult]:
    """Results as games finish, in ``jobs`` processes (1: in this process)."""
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield play_game(task)
        return
    chunk = max(1, min(8, len(tasks) // (jobs * 8)))
    # Workers leave Ctrl-C to this process, which ends them all (leaving the ``with`` terminates the pool).
    # Here a signal is only noted, and acted on between waits: raised inside the pool's own locks (as a
    # signal's exception may be, when it comes as the pool starts), it could leave the run hanging.
    caught: list[int] = []
    main = threading.current_thread() is threading.main_thread()  # only the main thread is told of signals
    noted = {signum: signal.signal(signum, lambda n, _: caught.append(n))
             for signum in (signal.SIGINT, signal.SIGTERM) if main}
    try:
        with multiprocessing.get_context().Pool(jobs, initializer=_worker_signals) as pool:
            # Chunks as tasks of their own: only a chunk size of 1 gives an iterator that waits with a timeout.
            chunks = [tasks[at:at + chunk] for at in range(0, len(tasks), chunk)]
            results = pool.imap_unordered(_play_chunk, chunks)
            while not caught:
                try:
                    played = results.next(timeout=0.1)
                except multiprocessing.TimeoutError:
                    continue
                except StopIteration:
                    return
                yield from played
    finally:
        for signum, previous in noted.items():
            signal.signal(signum, previous)
    if caught[0] == signal.SIGTERM:
        raise Stopped()
    raise KeyboardInterrupt


def _play_chunk(chunk: list[Task]) -> list[GameResult]:
    return [play_game(task) for task in chunk]


def _worker_signals() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class Stopped(Exception):
    """SIGTERM reached the run: end the workers, leave with status 143."""


def _stop_on_sigterm(signum: int, frame: object) -> None:
    raise Stopped()


def simulate(levels: Sequence[str], rules: Rules, *, games: int, seed: int = 1, jobs: int = 1,
             think: Think | None = None, console: Console | None = None) -> list[dict[str, Any]]:
    """Play ``games`` games and return one summary per bot (see :meth:`Tally.summary`).

    Args:
        levels: a bot level per seat.
        rules: the rules of every game (players must match ``levels``).
        games: how many games.
        seed: seed of the whole run.
        jobs: processes to use.
        think: the hard bots' budget per decision.
        console: where a progress bar goes, when it is a terminal.
    """
    tasks = [Task(i, tuple(levels), rules, seed, think) for i in range(games)]
    tallies = [Tally(level) for level in levels]
    progress_console = console or Console(stderr=True)
    show = progress_console.is_terminal
    with Progress(TextColumn("[bold]simulate"), BarColumn(), MofNCompleteColumn(),  # the command's name
                  TextColumn("{task.fields[leader]}"), TimeRemainingColumn(),
                  console=progress_console, disable=not show, transient=True) as progress:
        bar = progress.add_task("games", total=games, leader="")
        for result in run_games(tasks, jobs):
            for b, tally in enumerate(tallies):
                tally.shares.append(result.shares[b])
                tally.scores.append(result.scores[b])
                tally.times.extend(result.times[b])
            done = len(tallies[0].shares)
            rates = ", ".join(f"{_level(tally.level)} {_tr().percent(sum(tally.shares) / done)}" for tally in tallies)
            progress.update(bar, advance=1, leader=rates)
    return [t.summary() for t in tallies]


def _table(summaries: list[dict[str, Any]], title: str) -> Table:
    table = Table(title=title)
    for name, justify in (("seat", "right"), ("bot", "left"), ("wins", "right"), ("win rate (95% CI)", "right"),
                          ("mean score", "right"), ("median decision", "right"), ("p95 decision", "right")):
        table.add_column(t(name), justify=justify)  # type: ignore[arg-type]
    for i, s in enumerate(summaries):
        low, high = s["ci95"]
        tr = _tr()
        table.add_row(str(i + 1), _level(s["bot"]), tr.decimal(s["wins"], 0 if s["wins"] == int(s["wins"]) else 1),
                      f"{tr.percent(s['win_rate'], 1)} ({tr.decimal(100 * low)}–{tr.decimal(100 * high)})",
                      tr.decimal(s["mean_score"], 2), _ms(s["median_decision_s"]), _ms(s["p95_decision_s"]))
    return table


def _tr() -> Tr:
    """The words of the installed language."""
    return Tr(installed())


def _level(level: str) -> str:
    """A bot level in the installed language (``hard`` is ``schwer``)."""
    return _tr().level(level)


def _ms(seconds: float) -> str:
    return f"{_tr().decimal(1000 * seconds)} ms" if seconds < 10 else f"{_tr().decimal(seconds)} s"


def refuse(message: str | Callable[[int], str]) -> None:
    """``abluxxen simulate: error: MESSAGE`` on standard error, as argparse refuses an option."""
    print(error_line("abluxxen simulate", message), end="", file=sys.stderr)


def run(args: argparse.Namespace, *, console: Console | None = None) -> int:
    """Run ``abluxxen simulate``; returns the exit status."""
    # A wide table when written to a file, so that rows are not wrapped.
    out = console or Console(width=None if sys.stdout.isatty() else 120)
    install(getattr(args, "lang", None) or default_lang())  # results in the language asked for, as the help
    levels = [level_named(part) for part in str(args.seats).split(",") if part.strip()]
    bad = [level for level in levels if level not in LEVELS]
    tr = _tr()
    # Refused as argparse refuses an option: one line, the typed level cut to fit 80 columns.
    if bad:
        refuse(tr.line("seat_bad_level", typed=Typed(bad[0])))
        return 2
    if not 2 <= len(levels) <= 5:
        refuse(tr.line("seat_count", n=len(levels)))
        return 2
    try:
        think = args.think
        rules = Rules(players=len(levels), variant=args.variant, duel=False if args.no_duel else None,
                      tiebreak=args.tiebreak)
    except ValueError as err_value:
        refuse(str(err_value))
        return 2
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    previous = signal.signal(signal.SIGTERM, _stop_on_sigterm)
    try:
        summaries = simulate(levels, rules, games=args.games, seed=args.seed, jobs=jobs, think=think,
                             console=console)
    except KeyboardInterrupt:
        complain(t("simulate: interrupted (Ctrl-C); no results"))
        return 130
    except Stopped:
        complain(t("simulate: stopped (SIGTERM); no results"))
        return 143
    finally:
        signal.signal(signal.SIGTERM, previous)
    if args.json:
        doc = {"seats": levels, "games": args.games, "variant": args.variant, "duel": rules.is_duel,
               "seed": args.seed, "think": think, "results": summaries}
        text = json.dumps(doc, indent=2)
        if console is None:
            print(text)
        else:
            console.file.write(text + "\n")
        return 0
    title = t("%(games)s games, %(players)s players%(duel)s, %(variant)s, seed %(seed)s") % {
        "games": args.games, "players": len(levels), "duel": t(" duel") if rules.is_duel else "",
        "variant": _tr()(f"variant.{args.variant}"), "seed": args.seed}
    out.print(_table(summaries, title))
    return 0


if __name__ == "__main__":  # pragma: no cover - handy for profiling
    parser = argparse.ArgumentParser(prog="abluxxen simulate", formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    sys.exit(run(parser.parse_args()))
