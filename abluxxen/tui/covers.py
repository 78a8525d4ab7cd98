"""What stands in for the table or the prompt a while: a cover over the table, a question at the prompt.

A :class:`Cover` hides the table (the hot-seat's handover: no card shows until the next person has the
keyboard) until its person's Enter; a :class:`Question` takes the prompt's place (yes or no, or Enter to
go on) and says what its answer does. The screen keeps at most one of each, and draws the cover with
:func:`cover_panel`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from rich.align import Align
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text


@dataclass
class Cover:
    """A neutral screen instead of the table (no card on it), gone with the person's Enter.

    Attributes:
        title: its line in the middle.
        body: the smaller lines under it.
        short: what stands for it on a terminal too small to draw it (default: the title), who takes the
            keyboard; nobody passes it there (see :func:`~.app.prompt_application`).
        done: set when the person pressed Enter.
    """

    title: str
    body: str = ""
    short: str = ""
    done: asyncio.Event | None = None


@dataclass
class Question:
    """A question instead of the prompt (yes or no, or Enter to go on), and what the answer does."""

    prompt: str
    answered: Callable[[str], None]


def cover_panel(cover: Cover, cols: int, height: int) -> RenderableType:
    """``cover`` as the screen shows it: its title and body in a panel, in the middle of ``height`` lines."""
    text = Text(cover.title, style="bold", justify="center")
    if cover.body:
        text.append("\n\n" + cover.body, style="dim")
    panel = Panel(text, expand=False, padding=(1, 4))
    return Group(Text("\n" * max(0, height // 2 - 4)), Align.center(panel, width=cols))
