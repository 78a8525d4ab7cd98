"""rich drawn into prompt_toolkit: the screens' renderables (rich's) as the lines prompt_toolkit shows.

The table, the lobby and every page are rich renderables; prompt_toolkit shows lines of styled text. A
:class:`Canvas` is one terminal's way between the two, at that terminal's colours: a rich console per
size (made once: making one costs), the renderable drawn as text with escape codes (a line terminal's
picture, or text read back by :func:`ansi_lines`), or drawn straight into prompt_toolkit's styled lines
(no escape codes written and read back: a style is translated once, then kept for every screen).
"""

from __future__ import annotations

import io
from collections import OrderedDict

from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.formatted_text.utils import split_lines
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.segment import Segment, Segments
from rich.style import Style
from rich.text import Text

#: Lines of text drawn lately, by their whole content (see :meth:`Canvas._text_lines`), the oldest
#: forgotten first: a hundred tables' screens' worth.
_LINES: OrderedDict[tuple[object, ...], list[StyleAndTextTuples]] = OrderedDict()
MAX_LINES_KEPT = 5_000
#: prompt_toolkit's style for each rich style met so far, by colour system.
_STYLES: dict[tuple[str | None, Style], str] = {}


def ansi_lines(text: str) -> list[StyleAndTextTuples]:
    """Text with escape codes as prompt_toolkit's styled lines."""
    return list(split_lines(to_formatted_text(ANSI(text))))


class Canvas:
    """rich's renderables drawn for one terminal, as text with escape codes or as prompt_toolkit's lines.

    Args:
        colours: rich's colour system for this terminal, or ``None`` for none.
    """

    def __init__(self, colours: str | None) -> None:
        self.colours = colours
        self._rich: Console | None = None

    def console(self, cols: int, height: int) -> Console:
        """A rich console for this terminal at this size (made once per size: making one costs)."""
        if self._rich is None or (self._rich.width, self._rich.height) != (cols, height):
            self._rich = Console(file=io.StringIO(), width=cols, height=height,
                                 force_terminal=self.colours is not None, color_system=self.colours,  # type: ignore[arg-type]
                                 highlight=False, soft_wrap=False, legacy_windows=False)
        return self._rich

    def ansi(self, renderable: RenderableType, cols: int, height: int) -> str:
        """``renderable`` as text with escape codes (a line terminal's picture)."""
        console = self.console(cols, height)
        with console.capture() as captured:
            console.print(renderable, crop=True, overflow="ellipsis")
        return "\n".join(captured.get().rstrip("\n").split("\n")[:height])

    def lines(self, renderable: RenderableType, cols: int, height: int) -> list[StyleAndTextTuples]:
        """``renderable`` drawn by rich as :meth:`ansi` draws it, each line straight into prompt_toolkit's
        styled text (no escape codes written and read back: a style is translated once, then kept).

        The table is a column of one-line texts, most of them the same on every screen at the table and
        from one move to the next: each is drawn once and kept, by its whole content (its words, styles
        and width), so what is kept for one screen can only ever be the same line on another."""
        console = self.console(cols, height)
        options = console.options.update(justify=None, overflow="ellipsis", height=None, no_wrap=None,
                                         markup=None, highlight=None)
        parts = renderable.renderables if isinstance(renderable, Group) else []
        texts = [part for part in parts if isinstance(part, Text) and part.end == "\n"]
        if parts and len(texts) == len(parts):
            lines = [line for text in texts for line in self._text_lines(console, text, options)]
        else:
            lines = self._drawn(console, renderable, options)
        while lines and not lines[-1]:  # as the text's last newlines are stripped
            lines.pop()
        return lines[:height]

    def _text_lines(self, console: Console, text: Text, options: ConsoleOptions) -> list[StyleAndTextTuples]:
        """One text's lines, drawn once for every screen that shows the same text at the same width."""
        key = (text.plain, tuple(text.spans), text.style, text.justify, text.overflow, text.no_wrap, text.tab_size,
               console.width, self.colours)
        lines = _LINES.get(key)
        if lines is None:
            lines = self._drawn(console, text, options)
            if len(_LINES) >= MAX_LINES_KEPT:
                _LINES.popitem(last=False)
            _LINES[key] = lines
        else:
            _LINES.move_to_end(key)
        return lines

    def _drawn(self, console: Console, renderable: RenderableType, options: ConsoleOptions) -> list[StyleAndTextTuples]:
        segments = console.render(renderable, options)
        return [[(_style_of(console, self.colours, segment.style), segment.text)
                 for segment in line if segment.text and not segment.control]
                for line in Segment.split_and_crop_lines(segments, console.width, pad=False, include_new_lines=False)]


def _style_of(console: Console, colours: str | None, style: Style | None) -> str:
    """prompt_toolkit's style for a rich style: read back from the escape codes ``console`` writes for it,
    once per style and colour system (so the screen looks exactly as those codes make it look)."""
    if style is None:
        return ""
    known = _STYLES.get((colours, style))
    if known is None:
        with console.capture() as captured:
            console.print(Segments([Segment("x", style)]), end="")
        known = next((part[0] for part in to_formatted_text(ANSI(captured.get())) if part[1] == "x"), "")
        if len(_STYLES) > 4096:  # styles come from the code, not from what people type: never this many
            _STYLES.clear()
        _STYLES[colours, style] = known
    return known
