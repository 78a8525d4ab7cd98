"""``abluxxen play``: the command line that seats the players and starts the game.

With ``--players`` the game starts at once; without, a short setup asks who
plays. Nothing touches the terminal before the command line is known to be
good; :class:`~abluxxen.tui.app.TableApp` then runs the match.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import sys
from collections.abc import Callable
from pathlib import Path

from rich.text import Text

from ..engine.match import Match
from ..engine.rules import Rules
from ..engine.seeds import new_seed
from ..i18n.catalog import error_line
from ..i18n.tr import Tr
from ..languages import default_lang
from ..store.progress import has_played
from ..store.save_document import DEFAULT_DELAY, Saved
from ..store.saves import new_save_path, save_dir
from ..table.seats import SeatError
from ..table.table import start_event
from .local import plain_lines, play_here
from .prompt import ask_line, make_session
from .seating import Setup, guided_setup, parse_players, pick_first
from .terminal import Terminal


def run(args: argparse.Namespace) -> int:
    """Start a game from the command line; the exit status."""
    lang = getattr(args, "lang", None) or default_lang()
    tr = Tr(lang)
    delay = DEFAULT_DELAY if args.delay is None else args.delay
    directory = save_dir(args.save_dir)
    variant = args.variant
    duel: bool | None = False if args.no_duel else None
    if args.players:
        try:
            seats = parse_players(args.players)
            pick_first(args.first or "random", [s.name for s in seats])
        except SeatError as err:
            _refuse(err, tr)
            return 2
    # The terminal is only touched once the command line is known to be good.
    screen = Terminal()
    lines = plain_lines(screen)
    first = args.first
    if not args.players:  # --setup, or no --players given: ask
        asked = ask_setup(args, tr, directory, screen=screen, ask=lines.ask if lines is not None else None)
        if isinstance(asked, int):
            return asked
        seats, variant, first, duel = asked.seats, asked.variant, asked.first, asked.duel
    names = [s.name for s in seats]
    try:
        rules = Rules(len(seats), variant or "base", duel=duel if len(seats) == 2 else None,
                      tiebreak=args.tiebreak)
        start = pick_first(first, names) if first else 0
    except ValueError as err:
        screen.leave()
        _refuse(err, tr)
        return 2
    seed = args.seed if args.seed is not None else new_seed()
    match = Match(rules, games=args.match, seed=seed, names=names, first=start)
    saved = Saved(match=match, seats=seats, lang=lang, delay=delay, log=[start_event(match)])
    path = new_save_path(directory, [s.name for s in seats])
    screen.leave()
    return play_here(saved, path, lines=lines)


def _refuse(err: ValueError, tr: Tr) -> None:
    """The one line that says why the seats or ``--first`` cannot be played, fitting 80 columns."""
    if not isinstance(err, SeatError):
        print(error_line("abluxxen play", str(err), tr.lang), end="", file=sys.stderr)
        return
    where = "--first: " if err.key == "seat_no_first" else ""
    print(error_line("abluxxen play", lambda limit: where + err.told(tr.within(limit)), tr.lang), end="",
          file=sys.stderr)


def ask_setup(args: argparse.Namespace, tr: Tr, directory: Path, *, screen: Terminal,
              ask: Callable[[str], str] | None = None) -> Setup | int:
    """The guided setup on the terminal (who plays, variant, duel, who starts); the exit status instead
    when the person leaves it.

    Args:
        ask: asks one question (default: a prompt at this terminal).
    """
    if ask is None:
        ask = functools.partial(ask_line, make_session(), keep=True)
    screen.enter()
    try:
        screen.console.print(Text(tr("setup_title"), style="bold"))
        if not _has_played(directory):
            screen.console.print(Text(tr("learn_offer"), style="cyan"))
        screen.console.print()
        setup = guided_setup(
            ask,
            lambda line: screen.console.print(Text(line, style="yellow")), tr,
            inform=lambda line: screen.console.print(Text(line, style="dim")),
            variant=args.variant, first=args.first)
    except (KeyboardInterrupt, EOFError) as stop:
        screen.leave()
        print(tr("setup_left"), file=sys.stderr)
        return 130 if isinstance(stop, KeyboardInterrupt) else 0
    return setup if not args.no_duel else dataclasses.replace(setup, duel=False)


def _has_played(directory: Path) -> bool:
    """Whether this machine knows the game (then the course is not offered); never fails."""
    try:
        return has_played(directory)
    except Exception:  # noqa: BLE001 - an offer must never stop a game from starting
        return True
