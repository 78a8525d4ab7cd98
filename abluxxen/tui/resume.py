"""``abluxxen resume``: continue the last (or a given) saved game, or list them."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path

from rich.cells import cell_len, set_cell_size

from ..cli.catalog import in_language
from ..languages import LANGS, default_lang
from .app import TableApp
from .i18n import Tr
from .play import seconds
from .prompt import make_session
from .saves import Found, SaveBusy, SaveError, SaveLock, is_busy, read_save, save_dir, unfinished_saves
from .screen import Screen

EPILOG = """examples:
  abluxxen resume                          the most recent unfinished game
  abluxxen resume --list                   the unfinished games, newest first, numbered
  abluxxen resume 2                        game 2 of that list
  abluxxen resume ~/saves/20261122-Ann-Ben-Cy.json
  abluxxen resume --delay 0                bots move without pausing
"""
EPILOG_DE = """Beispiele:
  abluxxen resume                          die zuletzt gespielte unbeendete Partie
  abluxxen resume --list                   die unbeendeten Partien, neueste zuerst, nummeriert
  abluxxen resume 2                        Partie 2 dieser Liste
  abluxxen resume ~/saves/20261122-Ann-Ben-Cy.json
  abluxxen resume --delay 0                Bots ziehen ohne Pause
"""
WIDTH = 80


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
    parser.add_argument("--lang", choices=LANGS, default=None, help="language: en or de (default: as saved)")


def run(args: argparse.Namespace) -> int:
    """Continue a saved game, or list them; the exit status (1 when there is nothing to resume)."""
    tr = Tr(args.lang or default_lang())
    directory = save_dir(args.save_dir)
    if args.list:
        return show_list(directory, tr)
    path = _chosen(args.file, directory, tr)
    if path is None:
        return 1
    lock = SaveLock(path)
    try:
        lock.acquire()  # before reading, so that what is read is what this process plays on
    except SaveBusy:
        print(tr("save_busy", path=path), file=sys.stderr)
        return 1
    except OSError:
        pass  # a folder that takes no lock file takes no save either: the game says so
    try:
        saved = read_save(path)
    except SaveError as err:
        lock.release()
        print(tr("bad_save", path=path, reason=err), file=sys.stderr)
        return 1
    if args.lang:
        saved.lang = args.lang
    if saved.finished and saved.match.is_over:
        lock.release()
        print(Tr(saved.lang)("finished_save", path=path), file=sys.stderr)
        return 1
    return TableApp(saved, path, screen=Screen(), session=make_session(), delay=args.delay,
                    lock=lock if lock.held else None).run()


def _chosen(file: str | None, directory: Path, tr: Tr) -> Path | None:
    """The save to resume: FILE, game N of the list, or the newest unfinished game (with notices)."""
    if file and not (file.isdigit() and not Path(file).exists()):
        return Path(file)
    games, damaged = unfinished_saves(directory)
    if file:
        number = int(file)
        if not 1 <= number <= len(games):
            print(tr("list_no_number", n=number, count=len(games)), file=sys.stderr)
            return None
        return games[number - 1].path
    newest = games[0] if games else None
    for bad in damaged:
        if newest is None or bad.mtime >= newest.mtime:
            print(tr("skipped_bad", path=bad.path, reason=bad.problem), file=sys.stderr)
    if newest is None:
        print(tr("no_save", dir=directory), file=sys.stderr)
        return None
    return newest.path


def show_list(directory: Path, tr: Tr) -> int:
    """Print the unfinished games, numbered; the exit status (1 when there are none)."""
    games, damaged = unfinished_saves(directory)
    for bad in damaged:
        print(tr("skipped_bad", path=bad.path, reason=bad.problem), file=sys.stderr)
    if not games:
        print(tr("list_none", dir=directory), file=sys.stderr)
        return 1
    print(tr("list_title"))
    for line in list_lines(games, tr, busy=[is_busy(g.path) for g in games]):
        print(line)
    print(tr("list_how"))
    return 0


def list_lines(games: list[Found], tr: Tr, *, busy: list[bool] | None = None, width: int = WIDTH) -> list[str]:
    """The table of games: a header, then one numbered line per game, each at most ``width`` cells.

    The players' column takes what the others leave, and long lists end in "…".
    """
    busy = busy or [False] * len(games)
    rows = [_row(g, number, mark, tr) for number, (g, mark) in enumerate(zip(games, busy, strict=True), 1)]
    header = ["#", tr("list_players"), tr("list_variant"), tr("list_game"), tr("list_turn"), tr("list_saved")]
    show_game = any(row[3] for row in rows)
    columns = [0, 1, 2, 3, 4, 5] if show_game else [0, 1, 2, 4, 5]
    widths = {c: max(cell_len(r[c]) for r in [header, *rows]) for c in columns}
    widths[1] = max(8, width - sum(w for c, w in widths.items() if c != 1) - 2 * (len(columns) - 1))
    lines = []
    for row in [header, *rows]:
        cells = [_fit(row[c], widths[c], right=c == 0) for c in columns]
        lines.append("  ".join(cells).rstrip())
    if any(busy):
        lines.append(tr("list_busy"))
    return lines


def _row(found: Found, number: int, busy: bool, tr: Tr) -> list[str]:
    saved = found.saved
    assert saved is not None
    match = saved.match
    game = match.game
    players = ", ".join(s.name + (" ⚙" if s.is_bot else "") for s in saved.seats)
    variant = tr(f"variant.{match.rules.variant}") + (" · " + tr("duel") if match.rules.is_duel else "")
    number_of = f"{match.number + 1}/{match.games}" if match.games > 1 else ""
    turn = game.names[game.to_move] if game.to_move is not None else "—"
    when = datetime.fromtimestamp(found.mtime).strftime("%Y-%m-%d %H:%M")
    return [f"{number}{'*' if busy else ''}", players, variant, number_of, turn, when]


def _fit(text: str, width: int, *, right: bool = False) -> str:
    """``text`` in exactly ``width`` cells: padded, or cut with "…"."""
    if cell_len(text) > width:
        return set_cell_size(text, width - 1) + "…"
    return " " * (width - cell_len(text)) + text if right else set_cell_size(text, width)

