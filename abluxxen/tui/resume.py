"""``abluxxen resume``: continue the last (or a given) saved game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..languages import LANGS, default_lang
from .app import TableApp
from .i18n import Tr
from .prompt import make_session
from .saves import SaveError, latest_save, read_save, save_dir
from .screen import Screen

EPILOG = """examples:
  abluxxen resume                          the most recent unfinished game
  abluxxen resume ~/saves/20261122-Ann-Ben-Cy.json
  abluxxen resume --delay 0                bots move without pausing
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``abluxxen resume``."""
    parser.epilog = EPILOG
    parser.add_argument("file", nargs="?", metavar="FILE",
                        help="a save file (default: the newest unfinished game in the save directory)")
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help="where games are saved (default: $ABLUXXEN_DATA_DIR or the user data dir)")
    parser.add_argument("--delay", type=float, default=None, metavar="SECONDS",
                        help="pause after each bot move (default: as saved)")
    parser.add_argument("--lang", choices=LANGS, default=None, help="language: en or de (default: as saved)")


def run(args: argparse.Namespace) -> int:
    """Continue a saved game; the exit status (1 when there is nothing to resume)."""
    tr = Tr(args.lang or default_lang())
    directory = save_dir(args.save_dir)
    if args.file:
        path: Path | None = Path(args.file)
    else:
        path, damaged = latest_save(directory)
        for bad, reason in damaged:
            print(tr("skipped_bad", path=bad, reason=reason), file=sys.stderr)
        if path is None:
            print(tr("no_save", dir=directory), file=sys.stderr)
            return 1
    assert path is not None
    try:
        saved = read_save(path)
    except SaveError as err:
        print(tr("bad_save", path=path, reason=err), file=sys.stderr)
        return 1
    if args.lang:
        saved.lang = args.lang
    if saved.finished and saved.match.is_over:
        print(Tr(saved.lang)("finished_save", path=path), file=sys.stderr)
        return 1
    delay = None if args.delay is None else max(0.0, args.delay)
    return TableApp(saved, path, screen=Screen(), session=make_session(), delay=delay).run()
