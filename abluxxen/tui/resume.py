"""``abluxxen resume``: continue the last (or a given) saved game, or list them."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from rich.cells import cell_len, set_cell_size

from ..complaints import complain
from ..i18n.tr import Tr
from ..languages import default_lang
from ..names import BOT
from ..quoting import brief
from ..store.files import number_or_file
from ..store.journal import record_save
from ..store.records_db import RecordsError
from ..store.save_document import SaveError
from ..store.save_lock import LOCK_PATIENCE, SaveBusy, SaveLock, is_busy
from ..store.saves import FOLDER_REFUSAL, Found, SaveUnreadable, read_save, save_dir, unfinished_saves
from .local import play_here

WIDTH = 80


def run(args: argparse.Namespace) -> int:
    """Continue a saved game, or list them; the exit status (1 when there is nothing to resume)."""
    tr = Tr(args.lang or default_lang())
    directory = save_dir(args.save_dir)
    if args.list:
        return show_list(directory, tr)
    path = _chosen(args.file, directory, tr)
    if path is None:
        return 1
    named = path  # messages name the file as the player did, a link included
    try:
        path = _real(path)
        folder = path.is_dir()
    except OSError as err:  # a name the system refuses to look up (too long, a loop of links)
        complain(tr.line("bad_save", path=named, reason=tr.os_reason(err)))
        return 1
    if folder:  # before its lock: a folder such as / has no name to put a lock file beside
        complain(tr.line("bad_save", path=named, reason=tr.save_refusal(SaveError(FOLDER_REFUSAL, "folder"))))
        return 1
    lock = SaveLock(path)
    try:
        # Before reading, so that what is read is what this process plays on; a game whose terminal has
        # gone is asked to save and leave first (nobody can play on there).
        lock.acquire(wait=LOCK_PATIENCE, orphans=True)
    except SaveBusy:
        complain(tr.line("save_busy", path=named))
        return 1
    except OSError:
        pass  # a folder that takes no lock file takes no save either: the game says so
    try:
        saved = read_save(path)
    except SaveError as err:
        lock.release()
        reason = tr.os_reason(err.error) if isinstance(err, SaveUnreadable) else tr.save_refusal(err)
        complain(tr.line("bad_save", path=named, reason=reason))
        return 1
    if args.lang:
        saved.lang = args.lang
    if saved.finished and saved.match.is_over:
        complain(_finished(path, named, lock, Tr(saved.lang)))
        return 1
    return play_here(saved, path, delay=args.delay, lock=lock if lock.held else None)


def _real(path: Path) -> Path:
    """The file ``path`` leads to: a save reached through a link is played, and replaced on every move,
    where it is, and the link still leads to it (replacing the link instead left the game in two files).

    Raises:
        OSError: when the system refuses to look the name up.
    """
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


def _finished(path: Path, named: Path, lock: SaveLock, tr: Tr) -> str:
    """What to say of a finished save (``named`` so): it is recorded now (and removed), or why not yet."""
    lock.release()
    try:
        number = record_save(path, None)
    except (RecordsError, OSError) as err:  # OSError: its folder takes no lock file (read-only)
        return tr("finished_save", path=named) + "\n" + tr.not_recorded("records_failed", err, later=True)
    if number is None:
        return tr("finished_save", path=named)
    return tr("finished_recorded", path=named, number=number)


def _chosen(file: str | None, directory: Path, tr: Tr) -> Path | None:
    """The save to resume: FILE, game N of the list, or the newest unfinished game that is not open in
    another terminal (with notices)."""
    number = None if file is None else number_or_file(file)
    if file and number is None:
        return Path(file)
    games, damaged = unfinished_saves(directory)
    if number is not None:
        if not 1 <= number <= len(games):
            complain(tr("list_no_number", n=brief(str(file)), count=len(games)))
            return None
        return games[number - 1].path
    busy: list[Found] = []  # open in another terminal: the next newest is free to play here
    newest = None
    for game in games:
        if not is_busy(game.path):
            newest = game
            break
        busy.append(game)
    for bad in damaged:
        if newest is None or bad.mtime >= newest.mtime:
            complain(_skipped(bad, tr))
    if newest is None:
        complain(tr.line("all_busy" if games else "no_save", dir=directory))
        return None
    for game in busy:
        complain(tr.line("skipped_busy", path=game.path))
    return newest.path


def _skipped(bad: Found, tr: Tr) -> Callable[[int], str]:
    """The line for a file passed over: one that could not be read at all (and why, in words), or one
    that holds no save."""
    if bad.unreadable is not None:
        return tr.line("skipped_unreadable", path=bad.path, reason=tr.os_reason(bad.unreadable))
    return tr.line("skipped_bad", path=bad.path, reason=tr.save_refusal(bad.error) if bad.error else bad.problem)


def show_list(directory: Path, tr: Tr) -> int:
    """Print the unfinished games, numbered; the exit status (0, also when there are none: an empty
    list is an answer, not a failure)."""
    games, damaged = unfinished_saves(directory)
    for bad in damaged:
        complain(_skipped(bad, tr))
    if not games:
        print(tr("list_none", dir=directory))
        return 0
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
    header = ["#", tr("list_players"), tr("list_variant"), tr("list_game"), tr("list_turn"), tr("list_moves"),
              tr("list_saved")]
    show_game = any(row[3] for row in rows)
    columns = [0, 1, 2, 3, 4, 5, 6] if show_game else [0, 1, 2, 4, 5, 6]
    widths = {c: max(cell_len(r[c]) for r in [header, *rows]) for c in columns}
    widths[1] = max(8, width - sum(w for c, w in widths.items() if c != 1) - 2 * (len(columns) - 1))
    lines = []
    for row in [header, *rows]:
        cells = [_fit(row[c], widths[c], right=c in (0, 5)) for c in columns]
        lines.append("  ".join(cells).rstrip())
    if any(busy):
        lines.append(tr("list_busy"))
    return lines


def _row(found: Found, number: int, busy: bool, tr: Tr) -> list[str]:
    saved = found.saved
    assert saved is not None
    match = saved.match
    game = match.game
    players = ", ".join(s.name + (f" {BOT}" if s.is_bot else "") for s in saved.seats)
    variant = tr(f"variant.{match.rules.variant}") + (" · " + tr("duel") if match.rules.is_duel else "")
    number_of = f"{match.number + 1}/{match.games}" if match.games > 1 else ""
    turn = game.names[game.to_move] if game.to_move is not None else "—"
    # To the second: two games of the same players saved in one minute still read apart.
    when = datetime.fromtimestamp(found.mtime).strftime("%m-%d %H:%M:%S")
    moves = str(len(saved.transcript.moves))
    return [f"{number}{'*' if busy else ''}", players, variant, number_of, turn, moves, when]


def _fit(text: str, width: int, *, right: bool = False) -> str:
    """``text`` in exactly ``width`` cells: padded, or cut with "…"."""
    if cell_len(text) > width:
        return set_cell_size(text, width - 1) + "…"
    return " " * (width - cell_len(text)) + text if right else set_cell_size(text, width)

