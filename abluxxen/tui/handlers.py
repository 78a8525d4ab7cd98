"""What the commands typed at the move prompt do: ``?``, ``hint``, ``rules``, ``undo``, ``log``, ``quit``.

The table's loop asks each seat for a move; a word that is a command instead
(see :mod:`.commands`) comes here, through one table, and the answer is a
line to show with the table (or ``""``). A command that changes the position
(``undo``) or ends the game (``quit``) raises, so the loop asks afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from prompt_toolkit import PromptSession

from ..match import Match
from ..store.saves import Saved
from ..table.table import Table, Undone
from ..view import View
from .commands import Command
from .drawing import TableInfo
from .i18n import Tr
from .pager import Pager
from .pages import hint_line
from .stops import Stops
from .terminal import Terminal


class Quit(Exception):
    """The players chose to stop (the game is saved)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class CommandFront(Protocol):
    """What the commands use of the game at this terminal (:class:`.app.TableApp`)."""

    screen: Terminal
    session: PromptSession[str]
    tr: Tr
    pager: Pager
    saved: Saved
    stops: Stops
    humans: list[int]
    notes: dict[int, str]
    undo_floor: int
    table: Table

    @property
    def match(self) -> Match:
        """The match being played."""

    def info(self) -> TableInfo:
        """Match facts for the table."""

    def save(self) -> None:
        """Write the save file (a failure is shown on the table)."""

    def confirm_quit(self) -> bool:
        """Save, then ask whether to stop."""

    def forget_after(self, upto: int) -> None:
        """Forget what the moves from ``upto`` on had to tell (they were taken back)."""


class Commands:
    """The command table of one table.

    Args:
        app: the table the commands act on.
    """

    def __init__(self, app: CommandFront) -> None:
        self.app = app
        self.table: dict[str, Callable[[Command, View], str]] = {
            "?": self.moves_page, "hint": self.hint, "rules": self.rules, "quit": self.quit,
            "undo": self.undo, "log": self.log}

    def answer(self, command: Command, view: View) -> str:
        """Carry out ``command`` for the seat whose view this is; a line to show with the table.

        Raises:
            Undone: the position changed (``undo``).
            Quit: the players stop (``quit``, confirmed).
        """
        return self.table[command.name](command, view)

    def quit(self, command: Command, view: View) -> str:
        """Stop once the players confirm (the game is saved)."""
        if self.app.confirm_quit():
            raise Quit(0)
        return ""

    def moves_page(self, command: Command, view: View) -> str:
        """The ``?`` page: legal moves, then the table's symbols, kept whole on one page."""
        return self.app.pager.moves(view, self.app.info())

    def hint(self, command: Command, view: View) -> str:
        """The normal bot's move and reason; the game counts as assisted from now on."""
        app = self.app
        line = hint_line(view, app.tr)
        if line is None:
            return app.tr("no_hint")
        app.table.mark_assisted()
        app.save()  # says on the table if the save failed
        return line

    def undo(self, command: Command, view: View) -> str:
        """Take back this seat's last decision and every move since; a line saying why not, if not.

        With several people at the table, only the moves since the keyboard
        last came to this seat can be taken back (nobody else has seen the
        table since).

        Raises:
            Undone: when the position changed (the question must be asked afresh).
        """
        app = self.app
        seat = view.seat
        several = len(app.humans) > 1
        floor = app.undo_floor if several else 0
        saved = app.saved
        try:
            with app.stops.shielded():
                move = app.table.take_back(seat, floor)
                if move is not None:
                    app.forget_after(len(saved.transcript.moves))
                    app.notes[seat] = app.tr("undone", move=app.tr.spoken(move))
                    app.save()  # says on the table if the save failed
        except Exception:  # noqa: BLE001 - a replay that fails must leave the game as it was
            return app.tr("undo_failed")
        if move is None:
            # "The keyboard changed hands" only to someone who has decided before it did.
            handed = several and any(p.seat == seat for p in saved.transcript.moves[:floor])
            return app.tr("undo_handover" if handed else "undo_nothing")
        raise Undone

    def log(self, command: Command, view: View) -> str:
        """The whole game so far in the pager, as this seat may see it (others' deck draws hidden)."""
        app = self.app
        return app.pager.log(app.saved.log, view, game=app.match.number + 1)

    def rules(self, command: Command, view: View) -> str:
        """The rules in the pager: a topic, or the topic list first."""
        return self.app.pager.rules(command.words)
