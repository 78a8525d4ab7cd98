"""The pages any table at this terminal can open over itself: the ``?`` page, the log and the rules.

A page is shown a screenful at a time (Enter pages on, ``q`` returns) and the
table comes back after it. The hot-seat's commands and the lessons both read
them here; what the pages say is in :mod:`.pages`.
"""

from __future__ import annotations

from collections.abc import Sequence

from prompt_toolkit import PromptSession
from rich.console import Console, Group

from ..events import Event
from ..view import View
from .drawing import TableInfo
from .i18n import Tr
from .pages import help_page, log_page, rules_page
from .prompt import ask_line
from .scores import capture_lines
from .terminal import Terminal


class Pager:
    """Pages over the table at one terminal.

    Args:
        screen: the terminal.
        session: the prompt session that reads Enter and ``q``.
        tr: the language.
    """

    def __init__(self, screen: Terminal, session: PromptSession[str], tr: Tr) -> None:
        self.screen = screen
        self.session = session
        self.tr = tr

    def ensure_size(self) -> None:
        """Ask for a bigger window until the table fits (80×23 at least)."""
        while not self.screen.big_enough():
            cols, rows = self.screen.size()
            self.screen.show_plain(self.tr("too_small", w=cols, h=rows))
            ask_line(self.session, "")

    def moves(self, view: View, info: TableInfo) -> str:
        """The ``?`` page: legal moves, then the table's symbols, kept whole on one page."""
        cols, rows = self.screen.size()
        self.page(Group(*help_page(view, self.tr, info=info, width=cols, rows=rows)))
        return ""

    def log(self, events: Sequence[Event], view: View, *, game: int) -> str:
        """The whole game so far, as this seat may see it (others' deck draws hidden)."""
        cols, _ = self.screen.size()
        self.page(Group(*log_page(events, view.seat, view.names, self.tr, game=game, width=cols)))
        return ""

    def rules(self, words: Sequence[str]) -> str:
        """The rules: a topic, or the topic list first; a line to show with the table, if any."""
        page = rules_page(words, self.tr)
        if page is None:
            return self.tr("no_rules")
        parts, missing = page
        cols, _ = self.screen.size()

        def draw(console: Console) -> None:
            for part in parts:
                console.print(part)

        self.page_lines(capture_lines(draw, cols, self.screen.console))
        return missing

    def page(self, renderable: Group) -> None:
        """Show a renderable a screenful at a time."""
        self.page_lines(self.screen.page_lines(renderable))

    def page_lines(self, lines: list[str]) -> None:
        """Show lines a screenful at a time; Enter pages on, q returns."""
        screen = self.screen
        _, rows = screen.size()
        room = max(1, rows - 2)
        for start in range(0, max(1, len(lines)), room):
            screen.wipe()
            screen.file.write("\n".join(lines[start:start + room]) + "\n")
            screen.file.flush()
            last = start + room >= len(lines)
            answer = ask_line(self.session, self.tr("press_enter" if last else "more") + " ")
            if answer.strip().lower() == "q":
                return
