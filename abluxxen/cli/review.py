"""``abluxxen review``: rate one seat's decisions in a finished game with the hard bot.

Example::

    abluxxen review                         the last recorded game, the one human's seat
    abluxxen review 12 --seat Ann           recorded game 12 (``abluxxen stats`` lists them)
    abluxxen review ~/saves/20261122-Ann-Ben.json --seat Ann --think 1000 --json

Every decision of the seat where more than one move was legal is searched
from what the seat could know then (see :mod:`abluxxen.bots.review`); the
three biggest mistakes come first, then a step-through of every decision
with the table as it was and every hand open.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..bots import DEFAULT_THINK, Think
from ..bots.review import Decision, mistakes, rate
from ..complaints import complain
from ..engine.transcript import Transcript
from ..i18n.catalog import in_language
from ..i18n.tr import Tr
from ..languages import default_lang
from ..quoting import LIMIT, Typed, brief
from ..store.files import number_or_file
from ..store.journal import record_waiting
from ..store.records import open_records
from ..store.records_db import RecordsError
from ..store.records_reading import DamagedRecord, RecordedGame
from ..store.save_document import SaveError, Seat
from ..store.saves import read_save, save_dir, scan_saves
from ..tui.review import moments, pages, print_plain, step_through, summary
from ..tui.terminal import Terminal
from .options import add_lang, think
from .stats import skipped_line, tell_waiting, unreadable_line

EPILOG = """examples:
  abluxxen review                          the last recorded game
  abluxxen review 12                       recorded game number 12
  abluxxen review game.json --seat Ann     a finished save file, Ann's decisions
  abluxxen review --seat Ann --think 30000 search longer (30000 iterations)
  abluxxen review --seat Ann --json        {"decisions": [{"turn", "played", "hint", "loss", …}, …]}
"""
EPILOG_DE = """Beispiele:
  abluxxen review                          die zuletzt aufgezeichnete Partie
  abluxxen review 12                       die aufgezeichnete Partie Nummer 12
  abluxxen review game.json --seat Ann     ein beendeter Spielstand, Anns Entscheidungen
  abluxxen review --seat Ann --think 30000 länger rechnen (30000 Durchläufe)
  abluxxen review --seat Ann --json        {"decisions": [{"turn", "played", "hint", "loss", …}, …]}
"""


class Refused(Exception):
    """The review cannot start.

    Attributes:
        line: the one line to print, or the line made for a quoting limit (see
            :func:`~abluxxen.complaints.complain`, which makes it fit 80 columns).
    """

    def __init__(self, line: str | Callable[[int], str]) -> None:
        super().__init__(line if isinstance(line, str) else line(LIMIT))
        self.line = line


@dataclass(frozen=True)
class ReviewSource:
    """A finished game to review, wherever it was found.

    Attributes:
        where: how to name it in messages (a path, or a record number).
        names: the seats' names.
        bots: per seat, the bot's level, or ``None`` for a human.
        transcript: the game from its start to its end.
    """

    where: str
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    transcript: Transcript


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``review`` subcommand's options."""
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    parser.add_argument("file", nargs="?", metavar="FILE|N",
                        help="a save file whose game is over, or a recorded game's number "
                             "(default: the last recorded game)")
    parser.add_argument("--seat", metavar="NAME", default=None,
                        help="whose decisions to rate (default: the one human at the table)")
    parser.add_argument("--think", type=think, default=None,
                        help="the search's budget per decision: iterations like 600 (the same figures every "
                             "time) or seconds like 0.5s "
                             f"(default {DEFAULT_THINK}, as the hint's)")
    parser.add_argument("--json", action="store_true",
                        help="print the decisions as JSON: turn, move, played, hint, best, loss, noise")
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help="where to look for a finished save when no game is recorded "
                             "(default: $ABLUXXEN_DATA_DIR or the user data dir)")
    add_lang(parser)


def run(args: argparse.Namespace) -> int:
    """Rate the seat's decisions and show them; the exit status (1 for a game or seat that cannot be reviewed)."""
    tr = Tr(args.lang or default_lang())
    try:
        source = load(args.file, save_dir(args.save_dir), tr)
        seat = pick_seat(source, args.seat, tr)
    except Refused as err:
        complain(err.line)
        return 1
    name = source.names[seat]
    try:
        decisions = _rated(source, seat, args.think or DEFAULT_THINK, tr)
    except KeyboardInterrupt:
        return 130  # Ctrl-C while the bot thinks: nothing was shown, nothing is lost
    if args.json:
        print(json.dumps({"seat": name, "decisions": [d.to_json() for d in decisions]}, indent=2))
        return 0
    if not decisions:
        print(tr("review.no_choice", name=name))
        return 0
    worst = mistakes(decisions)
    at = moments(source.transcript, decisions)
    screen = Terminal()
    if screen.terminal and screen.big_enough() and sys.stdin.isatty():
        step_through(screen, pages(decisions, worst, at, name, source.bots, tr), tr)
        print(summary(decisions, name, tr))
        return 0
    print_plain(Console(highlight=False, width=80), decisions, worst, at, name, source.bots, tr)
    return 0


def load(file: str | None, directory: Path, tr: Tr) -> ReviewSource:
    """The game to review: FILE, record number FILE, or the last recorded game.

    Without FILE, games finished before records were kept are found among
    the saves in ``directory`` (the newest save whose game is over).

    Raises:
        Refused: when the file cannot be read or its game is not over, the
            record does not exist or cannot be read, or no finished game exists.
    """
    if file is None:
        last = _recorded(None, tr)
        if last is not None:
            return from_record(last)
        for found in scan_saves(directory):
            if found.saved is not None and found.saved.match.game.is_over:
                return from_save(str(found.path), found.saved.seats, found.saved.transcript)
        raise Refused(lambda limit: tr.within(limit)("review.no_game", dir=directory))
    number = number_or_file(file)
    if number is not None:
        recorded = _recorded(number, tr)
        if recorded is None:
            raise Refused(tr("review.no_record", n=brief(file)))
        return from_record(recorded)
    try:
        saved = read_save(Path(file))
    except SaveError as err:
        reason = tr.save_refusal(err)
        raise Refused(lambda limit: tr.within(limit)("review.bad_file", path=Path(file), reason=reason)) from None
    if not saved.match.game.is_over:
        raise Refused(lambda limit: tr.within(limit)("review.not_over", path=Path(file)))
    return from_save(file, saved.seats, saved.transcript)


def _recorded(number: int | None, tr: Tr) -> RecordedGame | None:
    """Recorded game ``number`` (``None``: the last one), or ``None`` when there is none.

    Raises:
        Refused: when a numbered game's records cannot be read. Without a
            number, a warning goes to standard error instead, and the saves
            are searched: they may still hold a finished game.
    """
    caught = record_waiting()  # finished games whose record was cut short: the last game may be one of them
    with open_records() as records:
        try:
            if number is not None:
                found = records.get(number)
                tell_waiting(tr, caught)
                return found
            last = records.last()
            tell_waiting(tr, caught)
            newer = [d for d in records.damaged() if last is None or d.number > last.number]
            if newer:  # the newest games were passed over: say which and why
                complain(skipped_line(tr, records.path, newer))
            return last
        except DamagedRecord as err:
            damaged = err
            raise Refused(lambda limit: tr("review.damaged_record", n=damaged.number,
                                           reason=brief(damaged.reason, limit))) from None
        except RecordsError as err:
            line = unreadable_line(tr, records.path, err)
            if number is not None:
                raise Refused(line) from None
            complain(line)
            return None


def from_save(where: str, seats: Sequence[Seat], transcript: Transcript) -> ReviewSource:
    """A save's current (finished) game as a review source."""
    return ReviewSource(where, tuple(s.name for s in seats), tuple(s.bot for s in seats), transcript)


def from_record(recorded: RecordedGame) -> ReviewSource:
    """A recorded game as a review source (records hold finished games only)."""
    return ReviewSource(f"#{recorded.number}", tuple(s.name for s in recorded.seats),
                        tuple(s.bot for s in recorded.seats), recorded.transcript)


def pick_seat(source: ReviewSource, name: str | None, tr: Tr) -> int:
    """The seat called ``name`` (case aside when that is unambiguous), or the only human's seat.

    Raises:
        Refused: for a name nobody has, or no name when not exactly one human played.
    """
    listed = ", ".join(source.names)
    if name is None:
        humans = [s for s, bot in enumerate(source.bots) if bot is None]
        if len(humans) == 1:
            return humans[0]
        raise Refused(lambda limit: tr("review.which_seat", names=brief(listed, limit)))
    if name in source.names:
        return source.names.index(name)
    folded = [s for s, n in enumerate(source.names) if n.casefold() == name.casefold()]
    if len(folded) == 1:
        return folded[0]
    raise Refused(lambda limit: tr.within(limit)("review.no_seat", typed=Typed(name), names=brief(listed, limit)))


def _rated(source: ReviewSource, seat: int, think: Think, tr: Tr) -> list[Decision]:
    """The seat's decisions rated, with a progress bar on a terminal's standard error."""
    console = Console(stderr=True)
    with Progress(TextColumn("[bold]" + escape(tr("review.thinking", name=source.names[seat]))), BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                  disable=not console.is_terminal, transient=True) as progress:
        bar = progress.add_task("review", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(bar, completed=done, total=total)

        return rate(source.transcript, seat, think=think, progress=advance)
