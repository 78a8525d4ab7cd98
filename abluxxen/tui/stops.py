"""Stopping cleanly: a hang-up, SIGTERM or Ctrl-C never lands in the middle of a move.

A signal handler that raises can interrupt any line of Python. Between
``game.push`` and the autosave that would leave a half-applied move in
memory, and the save written on the way out would keep it. So while a move
is applied and saved the signal is only noted, and raised as soon as the
shield is lowered.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from .screen import TerminalGone


class Stops:
    """Signals as exceptions, deferred while a move is being applied and saved.

    SIGHUP (the terminal closed) and SIGTERM become :class:`TerminalGone` with
    exit status 128 + the signal's number; SIGINT stays ``KeyboardInterrupt``.
    A SIGHUP that was ignored when the program started (``nohup``) stays
    ignored.
    """

    def __init__(self) -> None:
        self._shield = 0
        self._pending: BaseException | None = None
        self._old: dict[int, Any] = {}

    def install(self) -> None:
        """Take over SIGHUP, SIGTERM and SIGINT."""
        for name in ("SIGHUP", "SIGTERM", "SIGINT"):
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                if name == "SIGHUP" and signal.getsignal(number) == signal.SIG_IGN:
                    continue
                self._old[number] = signal.signal(number, self._handle)
            except (ValueError, OSError):  # not the main thread, or not allowed here
                pass

    def restore(self) -> None:
        """Give the signals back to the handlers they had before :meth:`install`."""
        for number, handler in self._old.items():
            try:
                signal.signal(number, handler)
            except (ValueError, OSError):
                pass
        self._old.clear()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        error: BaseException = KeyboardInterrupt() if signum == signal.SIGINT else TerminalGone(128 + signum)
        if self._shield:
            if self._pending is None or isinstance(self._pending, KeyboardInterrupt):
                self._pending = error
            return
        raise error

    @contextmanager
    def shielded(self) -> Iterator[None]:
        """Hold signals back for the length of the block; raise the first one after it."""
        self._shield += 1
        try:
            yield
        finally:
            self._shield -= 1
        if not self._shield and self._pending is not None:
            pending, self._pending = self._pending, None
            raise pending
