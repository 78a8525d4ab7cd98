"""What is typed at a table's prompt, as it is typed: Tab, the line's length, how the line reads so far.

Tab fills in the next legal move (or command) that starts with what was typed, and the one after when
pressed again (:class:`Tab`); a pasted flood is cut to one line (:func:`cap`); and while a person decides,
the line under the prompt says how what is typed so far reads, and what it may still become
(:func:`toolbar`).
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.formatted_text import StyleAndTextTuples

from ..engine.moves import IllegalMove
from ..engine.view import View
from ..i18n.tr import Tr
from ..table.chat import MAX_LINE
from .commands import names_here, read_command
from .notation import completions, read_typed


def matches(typed: str, view: View, tr: Tr, places: frozenset[str]) -> list[str]:
    """Legal moves (as this language types them), then the commands at ``places``, that start with ``typed``."""
    words = " ".join(typed.lower().split())
    return completions(typed, view, tr) + [c for c in names_here(places) if words and c.startswith(words)]


class Tab:
    """Tab at a prompt: the next match of what was typed filled in (pressed again: the one after)."""

    def __init__(self) -> None:
        self._tab: tuple[str, str, int] = ("", "", 0)  # what Tab started from, filled in, how often

    def complete(self, buffer: Buffer, found: Callable[[str], list[str]]) -> None:
        """Fill ``buffer`` with the next of ``found(typed)``, the matches of what was typed before Tab."""
        text = buffer.text
        base, filled, index = self._tab
        if text != filled:
            base, index = text, 0
        else:
            index += 1
        choices = found(base)
        if not choices:
            return
        choice = choices[index % len(choices)]
        buffer.text = choice
        buffer.cursor_position = len(choice)
        self._tab = (base, choice, index)


def cap(buffer: Buffer) -> None:
    """A pasted flood is cut to one line of :data:`~abluxxen.table.chat.MAX_LINE` characters."""
    if len(buffer.text) > MAX_LINE:
        buffer.text = buffer.text[:MAX_LINE]
        buffer.cursor_position = MAX_LINE


def toolbar(view: View, tr: Tr, typed: str, width: int) -> StyleAndTextTuples:
    """The line under the prompt while a person decides: how the text typed so far reads (``→ play 11``:
    ``11`` is one 11 when the hand holds one, else two 1s), and the legal moves it may still become."""
    shown: StyleAndTextTuples = []
    if typed.strip() and read_command(typed) is None:
        try:
            move = read_typed(typed, view)
        except IllegalMove:
            pass
        else:
            shown = [("bold", f" → {tr.spoken(move)} ")]
    found = completions(typed, view, tr)
    if shown and (not found or found == [tr.spoken(read_typed(typed, view))]):
        return shown  # what Enter plays, and nothing else it could become
    room = width - sum(len(part[1]) for part in shown) - 10
    listed = ""
    for move in found:
        piece = (" · " if listed else "") + move
        if len(listed) + len(piece) > room:
            listed += " …"
            break
        listed += piece
    return shown + [("", tr("tab_completes")), ("bold", listed or tr("no_match"))]
