"""``abluxxen play``: the command line that seats the players and starts the game.

With ``--players`` the game starts at once; without, a short setup asks who
plays. Nothing touches the terminal before the command line is known to be
good; :class:`~abluxxen.tui.app.TableApp` then runs the match.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from rich.text import Text

from ..cli.catalog import in_language, t
from ..languages import LANGS, default_lang, variant_named
from ..match import Match
from ..rules import TIEBREAKS, VARIANTS, Rules
from .app import TableApp, start_event
from .i18n import Tr
from .prompt import ask_line, make_session
from .saves import MAX_DELAY, Saved, new_save_path, save_dir
from .screen import Screen
from .seating import SeatError, guided_setup, parse_players, pick_first

DEFAULT_DELAY = 0.6
EPILOG = """examples:
  abluxxen play --players "Ann,Ben,Cy"                 three friends, one keyboard
  abluxxen play --players "Ann,bot:hard,bot:normal" --seed 7
  abluxxen play --players "Ann,Ben" --no-duel          plain two-player game
  abluxxen play --players "Ann,bot,bot,bot" --variant expert --match 4 --lang de

At the prompt: type a move (7 7 x, 77x, t/l, b/d; when drawing 7 draws a 7,
deck the deck, a letter a-f a duel group), ? for the legal moves and what the
table's symbols mean, hint, rules TOPIC, quit. Tab completes.
Every move is saved; continue an interrupted game with `abluxxen resume`.
"""
EPILOG_DE = """Beispiele:
  abluxxen play --players "Ann,Ben,Cy"                 drei Freunde, eine Tastatur
  abluxxen play --players "Ann,bot:schwer,bot:mittel" --seed 7
  abluxxen play --players "Ann,Ben" --no-duel          das einfache Spiel zu zweit
  abluxxen play --players "Ann,bot,bot,bot" --variant Experte --match 4 --lang de

Am Prompt: einen Zug tippen (7 7 x, 77x, spiele 7 7, nimm/lass, zurück/abwerfen;
beim Ziehen zieht 7 eine 7, stapel vom Nachziehstapel, ein Buchstabe a-f eine
Duell-Gruppe; passe), ? für die erlaubten Züge und die Zeichen am Tisch, tipp,
regeln THEMA, beenden. Tab ergänzt.
Jeder Zug wird gespeichert; eine unterbrochene Partie setzt `abluxxen resume` fort.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``abluxxen play``."""
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    parser.add_argument("--players", metavar="LIST",
                        help='comma-separated seats: names, or bot:easy|normal|hard '
                             '(e.g. "Ann,Ben,bot:hard")')
    parser.add_argument("--variant", type=variant_named, choices=VARIANTS, default=None,
                        help="base (default): draw one after a turn without abluxx; advanced: no such "
                             "draw; expert: advanced, and 1s abluxx 13s and jokers")
    parser.add_argument("--no-duel", action="store_true",
                        help="two players without the shadow display")
    parser.add_argument("--tiebreak", choices=TIEBREAKS, default="fewest-hand",
                        help="a tie on points goes to fewest cards in hand (default) or is shared")
    parser.add_argument("--match", type=_positive, default=1, metavar="N",
                        help="play N games, the starting player moving on; points add up (default 1)")
    parser.add_argument("--seed", type=int, default=None, metavar="N",
                        help="deal with this seed (shown on the table) to replay a deal")
    parser.add_argument("--lang", choices=LANGS, default=None,
                        help="language: en or de (default: from the locale)")
    parser.add_argument("--delay", type=seconds, default=None, metavar="SECONDS",
                        help=f"pause after each bot move (default {DEFAULT_DELAY}; 0 for none)")
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help="where games are saved (default: $ABLUXXEN_DATA_DIR or the user data dir)")
    parser.add_argument("--first", metavar="NAME|random", default=None,
                        help="who starts: a player's name, or random (default: the first seat; "
                             "the setup asks)")
    parser.add_argument("--setup", action="store_true",
                        help="ask who plays, variant and duel step by step (what plain `abluxxen` does; "
                             "also the default without --players)")


def seconds(text: str) -> float:
    """``--delay``: seconds from 0 to 10 (argparse prints the refusal on one line)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("%r is not a number of seconds") % text) from None
    if not 0 <= value <= MAX_DELAY:  # NaN fails this too
        raise argparse.ArgumentTypeError(t("%r: give 0 to %s seconds") % (text, f"{MAX_DELAY:g}"))
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(t("must be at least 1"))
    return value


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
        except SeatError as err:
            print(f"abluxxen play: error: {err}", file=sys.stderr)
            return 2
    # The terminal is only touched once the command line is known to be good.
    screen = Screen()
    session = make_session()
    first = args.first
    if not args.players:  # --setup, or no --players given: ask
        screen.enter()
        try:
            screen.console.print(Text(tr("setup_title"), style="bold"))
            if not _has_played(directory):
                screen.console.print(Text(tr("learn_offer"), style="cyan"))
            screen.console.print()
            setup = guided_setup(
                lambda q: ask_line(session, q, keep=True),
                lambda line: screen.console.print(Text(line, style="yellow")), tr,
                inform=lambda line: screen.console.print(Text(line, style="dim")),
                variant=variant, first=first)
        except (KeyboardInterrupt, EOFError) as stop:
            screen.leave()
            print(tr("setup_left"), file=sys.stderr)
            return 130 if isinstance(stop, KeyboardInterrupt) else 0
        seats, variant, first = setup.seats, setup.variant, setup.first
        duel = setup.duel if not args.no_duel else False
    names = [s.name for s in seats]
    try:
        rules = Rules(len(seats), variant or "base", duel=duel if len(seats) == 2 else None,
                      tiebreak=args.tiebreak)
        start = pick_first(first, names) if first else 0
    except ValueError as err:
        screen.leave()
        print(f"abluxxen play: error: {'--first: ' if isinstance(err, SeatError) else ''}{err}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    match = Match(rules, games=args.match, seed=seed, names=names, first=start)
    saved = Saved(match=match, seats=seats, lang=lang, delay=delay, log=[start_event(match)])
    path = new_save_path(directory, [s.name for s in seats])
    return TableApp(saved, path, screen=screen, session=session).run()


def _has_played(directory: Path) -> bool:
    """Whether this machine knows the game (then the course is not offered); never fails."""
    from .learn.progress import has_played

    try:
        return has_played(directory)
    except Exception:  # noqa: BLE001 - an offer must never stop a game from starting
        return True
