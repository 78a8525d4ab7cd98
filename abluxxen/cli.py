"""The ``abluxxen`` command: dispatches to subcommands, importing only the
one that runs.

``abluxxen rules`` must stay fast, so nothing here imports the game UI,
rich or prompt_toolkit at module level. Each subcommand's module provides
``add_arguments(parser)`` and ``run(args) -> int``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

SUBCOMMANDS = {
    "play": ("abluxxen.tui.app", "start a game at once, e.g. --players \"Ann,Ben,bot:hard\""),
    "resume": ("abluxxen.tui.resume", "continue the last (or a given) saved game"),
    "rules": ("abluxxen.rulesdoc", "show the rules, or only the sections about some topic words"),
    "simulate": ("abluxxen.simulate", "play bot-only games and print how each bot did"),
    "bench": ("abluxxen.bench", "measure the engine's speed (games and decisions per second)"),
}

DESCRIPTION = ("Abluxxen, the card game by Kramer & Kiesling, in your terminal. "
               "With no command, a short setup asks who plays, then the game starts.")
EPILOG = """examples:
  abluxxen                                  set up a game step by step
  abluxxen play --players "Ann,Ben,bot:hard" --seed 7
  abluxxen rules joker                      only the rules about jokers
  abluxxen resume                           continue the last game
  abluxxen simulate --seats hard,normal,normal,normal --games 100
  abluxxen bench                            engine speed figures
"""


def _parser(command: str | None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="abluxxen", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in SUBCOMMANDS.items():
        sub_parser = sub.add_parser(name, help=help_text, description=help_text,
                                    formatter_class=argparse.RawDescriptionHelpFormatter)
        if name == command:
            importlib.import_module(module).add_arguments(sub_parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    first = args_list[0] if args_list else None
    # An option's value ("--delay 0") is not a command: only the first word or a known name is.
    command = first if first and not first.startswith("-") else next(
        (a for a in args_list if a in SUBCOMMANDS), None)
    if command is None and not any(a in ("-h", "--help") for a in args_list):
        # Bare ``abluxxen`` (options allowed): the guided setup, then the game.
        command, args_list = "play", ["play", "--setup", *args_list]
    parser = _parser(command if command in SUBCOMMANDS else None)
    args = parser.parse_args(args_list)
    if args.command is None:
        parser.print_help()
        return 0
    result: int = importlib.import_module(SUBCOMMANDS[args.command][0]).run(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
