"""Pages over a screen, a screenful at a time: the table's and the lobby's (``?``, ``log``, ``rules``…).

A page is its lines as the terminal shows them (:func:`page_lines`), turned a screenful at a time by
keys (:meth:`Paged._page_keys`) or by lines typed (a line terminal's Enter pages on). The screen under
it draws what :meth:`Paged._instead` gives while a page is open, or while the terminal is too small: then
only a note (:func:`small_note`), and the screen reads no key but Ctrl-C, Ctrl-D and Ctrl-L (see
:func:`~.app.prompt_application`).
"""

from __future__ import annotations

import io
import textwrap

from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout.dimension import Dimension
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

    def too_small(self) -> bool:
        """Whether the terminal is too small for the screen: it shows a note instead, in every row, and no
        prompt (a prompt's line could say what the hidden screen holds, a hand's cards)."""
        cols, rows = self.size()
        return cols < MIN_WIDTH or rows < MIN_HEIGHT

    @property
    def small(self) -> Filter:
        """:meth:`too_small`, as prompt_toolkit asks it (whether to show the prompt, to read keys)."""
        return Condition(self.too_small)

    def _body_height(self) -> Dimension:
        """The rows of the body: all but the prompt's two, or all while the terminal is too small."""
        rows = self.size()[1]
        return Dimension.exact(max(1, rows if self.too_small() else rows - 2))

    def _small_head(self) -> str:
        """The line over the note that the terminal is too small: who is asked (``""``: nobody)."""
        return ""

    def _instead(self, cols: int, rows: int) -> str | None:
        """What the screen shows instead of itself: that the terminal is too small (in all ``rows``), or
        the page over it (``rows - 2`` lines of it); ``None`` when neither."""
        if cols < MIN_WIDTH or rows < MIN_HEIGHT:
            return small_note(self._small_head(), self.tr, cols, rows)
        if self.page is not None:
            return "\n".join(self.page[self.page_at:self.page_at + rows - 2])
        return None

    def open_page(self, parts: list[RenderableType]) -> None:
        """Show a page over the screen, a screenful at a time."""
        self.page, self.page_at = page_lines(parts, self.size()[0], self.colours), 0
        self.refresh()

    def _page_keys(self, keys: KeyBindings, paging: Condition) -> None:
        """The keys that turn and close a page while one is open.

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


def small_note(head: str, tr: Tr, cols: int, rows: int) -> str:
    """What a terminal of ``cols`` × ``rows``, too small for the screen, shows instead: ``head`` (who is
    asked, if anybody), then that the terminal must be enlarged. The longest wording whose lines fit is
    taken; at the smallest sizes, the shortest, cut to the rows there are (its first words first: who)."""
    cols, rows = max(1, cols), max(1, rows)
    heads = [head] if head else []
    short = tr("host.too_small_short")
    forms = ([*heads, tr("host.too_small", w=cols, h=rows)], [*heads, short], [" ".join([*heads, short])])
    for form in forms:
        lines = [line for text in form for line in textwrap.wrap(text, width=cols, break_on_hyphens=False)]
        if len(lines) <= rows:
            break
    return "\n".join(lines[:rows])


def page_lines(parts: list[RenderableType], cols: int, colours: str | None) -> list[str]:
    """A page's lines as a terminal ``cols`` wide shows them (``colours``: its colour system, ``None``
    for none), to be turned a screenful at a time."""
    out = io.StringIO()
    console = Console(file=out, width=cols, force_terminal=colours is not None, color_system=colours,  # type: ignore[arg-type]
                      highlight=False, legacy_windows=False)
    console.print(Group(*parts))
    return out.getvalue().rstrip("\n").split("\n")
