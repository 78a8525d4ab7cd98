"""The ``abluxxen`` command: dispatches to subcommands, importing only the
one that runs.

``abluxxen rules`` must stay fast, so nothing here imports the game UI,
rich or prompt_toolkit at module level. Each subcommand's module provides
``add_arguments(parser)`` and ``run(args) -> int``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import __version__
from ..complaints import complain
from ..i18n.catalog import CatalogFormatter, error_line, in_language, install, lang_of, t, translate_metavars
from ..languages import LANGS
from ..quoting import LIMIT, brief, visible

SUBCOMMANDS = {
    "play": ("abluxxen.cli.play", "start a game at once, e.g. --players \"Ann,Ben,bot:hard\""),
    "resume": ("abluxxen.cli.resume", "continue the last (or a given) saved game"),
    "rules": ("abluxxen.cli.rules", "show the rules, or only the sections about some topic words"),
    "stats": ("abluxxen.cli.stats", "games, wins, streaks and points of the recorded games, per player"),
    "simulate": ("abluxxen.cli.simulate", "play bot-only games and print how each bot did"),
    "host": ("abluxxen.cli.host", "host a game that friends join from their own terminals over SSH"),
    "club": ("abluxxen.cli.club", "run a standing SSH server: a lobby, many tables, accounts by SSH key"),
    "review": ("abluxxen.cli.review", "rate one seat's decisions in a finished game with the hard bot"),
    "bench": ("abluxxen.cli.bench", "measure the engine's speed (games and decisions per second)"),
    # -- learn (i12) --
    "learn": ("abluxxen.cli.learn", "new to the game? a guided course: 11 short lessons at the table"),
}

#: The commands that open a game at once: a hang-up or SIGTERM while the game is being opened (its modules
#: imported, its save locked and read) is held until the game can save and leave (``tui/stops.py``).
OPENS_A_GAME = frozenset({"resume"})

DESCRIPTION = ("Abluxxen, the card game by Kramer & Kiesling, in your terminal. "
               "With no command, a short setup asks who plays, then the game starts.")
EPILOG = """examples:
  abluxxen learn                            new to the game? 11 short lessons (10 minutes)
  abluxxen                                  set up a game step by step
  abluxxen play --players "Ann,Ben,bot:hard" --seed 7
  abluxxen rules joker                      only the rules about jokers
  abluxxen resume                           continue the last game
  abluxxen stats Ann                        Ann's recorded games: wins, streaks, points
  abluxxen simulate --seats hard,normal,normal,normal --games 100
  abluxxen review --seat Ann                rate Ann's moves in the last finished game
  abluxxen bench                            engine speed figures
"""
EPILOG_DE = """Beispiele:
  abluxxen learn                            neu im Spiel? 11 kurze Lektionen (10 Minuten)
  abluxxen                                  eine Partie Schritt für Schritt einrichten
  abluxxen play --players "Ann,Ben,bot:schwer" --seed 7
  abluxxen rules Joker                      nur die Regeln zu Jokern
  abluxxen resume                           die letzte Partie fortsetzen
  abluxxen stats Ann                        Anns aufgezeichnete Partien: Siege, Siegfolgen, Punkte
  abluxxen simulate --seats schwer,mittel,mittel,mittel --games 100
  abluxxen review --seat Ann                Anns Züge in der letzten beendeten Partie bewerten
  abluxxen bench                            Geschwindigkeit der Spiel-Engine
"""


# A value quoted by a refusal (``'…'``, as ``repr`` and :func:`~abluxxen.quoting.quoted` write it); an
# apostrophe inside a word ("player's") opens none.
_QUOTED = re.compile(r"""(?<!\w)('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?!\w)""")


def _cut_to(limit: int, quoted: str) -> str:
    """A quoted value cut to ``limit`` characters, its quotes kept: a line that must fit gives room."""
    shown = visible(quoted)
    if len(shown) <= limit:
        return shown
    return shown[0] + shown[1:-1].rstrip("…")[:limit - 3] + "…" + shown[-1]


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose refusals are one line (the usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` alone (in the installed language) and exit with status 2.

        argparse quotes what was typed whole (``unrecognized arguments`` even
        raw): each value is cut and made visible, to 40 characters or fewer
        where the line would not fit 80 columns, so a megabyte argument or an
        escape code gives one short, harmless line.
        """

        def line(limit: int) -> str:
            quoted = _QUOTED.sub(lambda found: _cut_to(limit, found.group()), message)
            # What argparse writes raw (unrecognized arguments) is cut where it is longer than any word.
            return " ".join(brief(word, limit) if len(visible(word)) > LIMIT else visible(word)
                            for word in quoted.split(" "))

        self.exit(2, error_line(self.prog, line if message else ""))


class _Version(argparse.Action):
    """``--version``: the version, and whether the hard bot's search is compiled (docs/bots.md).

    The bots are imported only when asked, so that every other command starts as fast as before.
    """

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from ..bots import quick

        if quick.configured() is not None:
            search = t("the hard bot's search is compiled")
        elif quick.refusal is not None:  # built, but for other code: a stale install
            search = t("the hard bot's search runs in Python (its compiled build is not this version's: "
                       "install again): it searches less")
        else:
            search = t("the hard bot's search runs in Python (installed without a C compiler): it searches less")
        print(f"abluxxen {__version__}\n{search}")
        parser.exit(0)


def _parser(command: str | None) -> argparse.ArgumentParser:
    parser = OneLineParser(prog="abluxxen", description=DESCRIPTION, epilog=in_language(EPILOG, EPILOG_DE),
                           formatter_class=CatalogFormatter)
    parser.add_argument("--version", action=_Version, nargs=0,
                        help=t("show the version, and whether the hard bot's search is compiled, and exit"))
    parser.add_argument("--lang", choices=LANGS, default=None, help="language: en or de (default: from the locale)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in SUBCOMMANDS.items():
        sub_parser = sub.add_parser(name, help=help_text, description=help_text,
                                    formatter_class=CatalogFormatter)
        if name == command:
            importlib.import_module(module).add_arguments(sub_parser)
            translate_metavars(sub_parser)
    translate_metavars(parser)
    return parser


# Characters every screen of the game uses; an output that cannot encode them cannot show a game.
_GLYPHS = "─│▶🐾⚙×Σ—…✗"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    A closed, full or broken standard output, or one whose encoding cannot
    show the game's symbols, gives one line on standard error and status 1.
    """
    if sys.stdout is None:
        complain("standard output is closed; nothing can be shown")
        return 1
    args_list = list(sys.argv[1:] if argv is None else argv)
    quiet = any(a in ("-h", "--help", "--version") for a in args_list)
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    if not quiet:
        try:
            _GLYPHS.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            complain(f"the output's character set ({encoding}) cannot show the game's cards and symbols; "
                      "use a UTF-8 locale, e.g. LANG=C.UTF-8")
            return 1
    try:
        status = _dispatch(args_list)
        sys.stdout.flush()
    except BrokenPipeError:
        _detach_stdout()  # the reader left (``| head``): nothing more to say
        return 1
    except UnicodeEncodeError as err:
        _detach_stdout()
        complain(f"the output's character set ({encoding}) cannot show {err.object[err.start:err.end]!r}; "
                  "use a UTF-8 locale, e.g. LANG=C.UTF-8")
        return 1
    except OSError as err:
        if err.filename is not None:
            raise
        _detach_stdout()
        complain(f"cannot write the output: {err.strerror or err}")
        return 1
    return status


def _detach_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush cannot fail again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def _dispatch(args_list: list[str]) -> int:
    first = args_list[0] if args_list else None
    # An option's value ("--delay 0") is not a command: only the first word or a known name is.
    command = first if first and not first.startswith("-") else next(
        (a for a in args_list if a in SUBCOMMANDS), None)
    if command is None and not any(a in ("-h", "--help", "--version") for a in args_list):
        # Bare ``abluxxen`` (options allowed): the guided setup, then the game.
        command, args_list = "play", ["play", "--setup", *args_list]
    held = command in OPENS_A_GAME
    if held:
        from ..tui.stops import hold_stop_signals

        hold_stop_signals()  # before anything slow: the subcommand's imports come next
    # The help and argparse's refusals speak the language the game will: --lang, else the environment.
    install(lang_of(args_list))
    parser = _parser(command if command in SUBCOMMANDS else None)
    args = parser.parse_args(args_list)
    if args.command is None:
        parser.print_help()
        return 0
    result: int = importlib.import_module(SUBCOMMANDS[args.command][0]).run(args)
    if held:
        from ..tui.stops import held_stop

        stopped = held_stop()  # told to stop before its game began (it refused, or there was none): it stops
        if stopped is not None:
            return stopped
    return result


if __name__ == "__main__":
    sys.exit(main())
