"""This terminal outside the table: the guided setup's and the review's screens, and its size.

(The table itself is the one screen of :mod:`.screen`.) Every screen drawn
here is drawn on a wiped terminal: ``ESC[2J`` clears the screen, ``ESC[3J``
the scrollback and ``ESC[H`` homes the cursor. rich's ``Console.clear()``
alone would push the old screen into the scrollback of tmux, VTE, Windows
Terminal and Terminal.app.
"""

from __future__ import annotations

import errno
import os
import shutil
import sys
from typing import IO

from rich.console import Console, RenderableType

WIPE = "\x1b[2J\x1b[3J\x1b[H"
ALT_ON = "\x1b[?1049h"
ALT_OFF = "\x1b[?1049l"
MIN_WIDTH, MIN_HEIGHT = 80, 23
# What writing to or reading from a terminal that has gone away fails with.
GONE_ERRNOS = frozenset({errno.EIO, errno.ENXIO, errno.EBADF, errno.EPIPE})


class TerminalGone(BaseException):
    """The terminal closed (hang-up, or EIO on it), or the process was told to stop.

    Like ``KeyboardInterrupt`` no error but a stop: the guards that keep a failing bot or hint
    from ending the game (``except Exception``) must let it through.

    Attributes:
        status: the exit status to leave with (129 for a hang-up, 143 for SIGTERM).
    """

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def terminal_gone(err: BaseException) -> bool:
    """Whether an error means the terminal itself has gone away."""
    return isinstance(err, OSError) and err.errno in GONE_ERRNOS


class Terminal:
    """Drawing on the terminal.

    Args:
        file: where to write (default: standard output).
        size: fixed ``(width, height)``; default: the terminal's size.
        alternate: use the terminal's alternate screen (only on a terminal).
        terminal: whether ``file`` is a terminal that takes escape sequences
            (default: whether it is a tty); elsewhere no wipe, no alternate screen.
    """

    def __init__(self, *, file: IO[str] | None = None, size: tuple[int, int] | None = None,
                 alternate: bool | None = None, terminal: bool | None = None) -> None:
        self.file = file or sys.stdout
        self._size = size
        is_tty = _isatty(self.file)
        self.terminal = is_tty if terminal is None else terminal
        self.alternate = self.terminal and (is_tty if alternate is None else alternate)
        self.console = Console(file=self.file, highlight=False, soft_wrap=False,
                               force_terminal=is_tty or None)
        self._in_alt = False
        self.lost = False  # the terminal has gone: write nothing more

    # -- the terminal ---------------------------------------------------------

    def size(self) -> tuple[int, int]:
        """``(columns, rows)`` now."""
        if self._size is not None:
            return self._size
        try:
            cols, rows = os.get_terminal_size(self.file.fileno())
        except (OSError, ValueError, AttributeError):
            cols, rows = shutil.get_terminal_size((80, 24))
        return cols, rows

    def big_enough(self) -> bool:
        """Whether the table fits: 80×23 at least (a tmux window of 24 rows with its status line)."""
        cols, rows = self.size()
        return cols >= MIN_WIDTH and rows >= MIN_HEIGHT

    def enter(self) -> None:
        """Switch to the alternate screen (once)."""
        if self.alternate and not self._in_alt:
            self._write(ALT_ON)
            self._in_alt = True
        self.wipe()

    def leave(self) -> None:
        """Back to the normal screen; safe to call more than once, and after the terminal has gone."""
        if self._in_alt:
            self._in_alt = False
            try:
                self._write(WIPE + ALT_OFF)
            except (OSError, TerminalGone):
                self.lost = True

    def wipe(self) -> None:
        """Clear the screen and the scrollback, cursor home (only on a terminal)."""
        if self.terminal:
            self._write(WIPE)

    def _write(self, data: str) -> None:
        if self.lost:
            return
        try:
            self.file.write(data)
            self.file.flush()
        except OSError as err:
            if terminal_gone(err):
                self.lost = True
                raise TerminalGone(129) from None
            raise

    # -- drawing ----------------------------------------------------------------

    def show(self, *renderables: RenderableType) -> None:
        """Wipe, then draw at the current size."""
        self.wipe()
        cols, rows = self.size()
        self.console.width = cols
        self.console.height = rows
        for item in renderables:
            self.console.print(item, crop=True, overflow="ellipsis")
        self.file.flush()


def _isatty(file: IO[str]) -> bool:
    try:
        return file.isatty()
    except (AttributeError, ValueError):
        return False
