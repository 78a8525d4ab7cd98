"""Pages over a screen, a screenful at a time: the table's and the lobby's (``?``, ``log``, ``rules``…).

A page is its lines as the terminal shows them (:func:`page_lines`), turned a screenful at a time by
keys (:meth:`Paged._page_keys`) or by lines typed (a line terminal's Enter pages on). The screen under
it draws what :meth:`Paged._instead` gives while a page is open, or while the terminal is too small.
"""

from __future__ import annotations

import io
import textwrap

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys
from rich.console import Console, Group, RenderableType

from ..i18n.tr import Tr
from .bridge import Canvas
from .terminal import MIN_HEIGHT, MIN_WIDTH


class Paged:
    """A screen that shows pages over itself, a screenful at a time: the table's and the lobby's.

    Its owner keeps ``page`` (the lines, ``None`` when no page is open), ``page_at`` (the first line
    shown), ``colours`` and ``canvas`` (its terminal's, see :class:`~.bridge.Canvas`), and gives
    ``size()`` and ``refresh()``.
    """

    colours: str | None
    canvas: Canvas
    page: list[str] | None
    page_at: int
    tr: Tr

    def size(self) -> tuple[int, int]:
        """The terminal's columns and rows."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Draw again soon."""
        raise NotImplementedError

    def _instead(self, cols: int, rows: int) -> str | None:
        """What the screen shows instead of itself: that the terminal is too small, or the page over it
        (``rows - 2`` lines of it); ``None`` when neither."""
        if cols < MIN_WIDTH or rows < MIN_HEIGHT:
            text = self.tr("host.too_small", w=cols, h=rows)
            return "\n".join(textwrap.wrap(text, width=max(8, cols), break_on_hyphens=False))
        if self.page is not None:
            return "\n".join(self.page[self.page_at:self.page_at + rows - 2])
        return None

    def open_page(self, parts: list[RenderableType]) -> None:
        """Show a page over the screen, a screenful at a time."""
        self.page, self.page_at = page_lines(parts, self.size()[0], self.colours), 0
        self.refresh()

    def _page_keys(self, keys: KeyBindings, paging: Condition) -> None:
        """The keys that turn and close a page while one is open, and no mouse at all: typed escape codes
        can look like mouse reports (``ESC [ 31 m``), and prompt_toolkit's own handler fails on them.

        Any other key (a paste too) does nothing while a page is open: typed there, it was meant for the
        page, and would otherwise wait hidden at the prompt under it."""
        for ignored in (Keys.Any, Keys.BracketedPaste):
            keys.add(ignored, filter=paging)(lambda event: None)
        for key in ("q", "escape"):
            keys.add(key, filter=paging, eager=True)(lambda event: self._close_page())
        for key in ("enter", " ", "pagedown", "down", "j"):
            keys.add(key, filter=paging, eager=True)(lambda event: self._turn_page(+1))
        for key in ("b", "pageup", "up", "k"):
            keys.add(key, filter=paging, eager=True)(lambda event: self._turn_page(-1))
        keys.add(Keys.Vt100MouseEvent)(lambda event: None)

    def _turn_page(self, step: int) -> None:
        if self.page is None:
            return
        at = self.page_at + step * max(1, self.size()[1] - 2)
        if at >= len(self.page):
            self._close_page()
            return
        self.page_at = max(0, at)
        self.refresh()

    def _close_page(self) -> None:
        self.page, self.page_at = None, 0
        self.refresh()


def page_lines(parts: list[RenderableType], cols: int, colours: str | None) -> list[str]:
    """A page's lines as a terminal ``cols`` wide shows them (``colours``: its colour system, ``None``
    for none), to be turned a screenful at a time."""
    out = io.StringIO()
    console = Console(file=out, width=cols, force_terminal=colours is not None, color_system=colours,  # type: ignore[arg-type]
                      highlight=False, legacy_windows=False)
    console.print(Group(*parts))
    return out.getvalue().rstrip("\n").split("\n")
