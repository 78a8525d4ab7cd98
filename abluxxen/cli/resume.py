"""``abluxxen resume``: its options; finding and continuing the save is ``tui/resume.py``'s."""

from __future__ import annotations

import argparse

from ..i18n.catalog import in_language
from .options import add_lang, seconds

EPILOG = """examples:
  abluxxen resume                          the most recent unfinished game
  abluxxen resume --list                   the unfinished games, newest first, numbered
  abluxxen resume 2                        game 2 of that list
  abluxxen resume ~/saves/20261122-Ann-Ben-Cy.json
  abluxxen resume --delay 0                bots move without pausing
"""
EPILOG_DE = """Beispiele:
  abluxxen resume                          die zuletzt gespielte, nicht beendete Partie
  abluxxen resume --list                   die nicht beendeten Partien, neueste zuerst, nummeriert
  abluxxen resume 2                        Partie 2 dieser Liste
  abluxxen resume ~/saves/20261122-Ann-Ben-Cy.json
  abluxxen resume --delay 0                Bots ziehen ohne Pause
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``abluxxen resume``."""
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    parser.add_argument("file", nargs="?", metavar="FILE|N",
                        help="a save file, or a number from --list (default: the newest unfinished game "
                             "in the save directory)")
    parser.add_argument("--list", action="store_true",
                        help="list the unfinished games, newest first, numbered for `abluxxen resume N`")
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help="where games are saved (default: $ABLUXXEN_DATA_DIR or the user data dir)")
    parser.add_argument("--delay", type=seconds, default=None, metavar="SECONDS",
                        help="pause after each bot move, 0 to 10 (default: as saved)")
    add_lang(parser, "language: en or de (default: as saved)")


def run(args: argparse.Namespace) -> int:
    """Continue a saved game, or list them; the exit status."""
    from ..tui.resume import run as resume

    return resume(args)
