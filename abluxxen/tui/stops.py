"""Stopping cleanly: a hang-up, SIGTERM or Ctrl-C never lands in the middle of a move.

A signal handler that raises can interrupt any line of Python. Between
``game.push`` and the autosave that would leave a half-applied move in
memory, and the save written on the way out would keep it. So while a move
is applied and saved the signal is only noted, and raised as soon as the
shield is lowered.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
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
        self._old_hook: Any = None
        self._leaving = False

    def install(self) -> None:
        """Take over SIGHUP, SIGTERM and SIGINT."""
        # A signal raised while Python finalizes an object (say an old event
        # loop's __del__) cannot propagate: Python would print it as an
        # "Exception ignored" traceback and drop it. Send it again instead.
        self._old_hook = sys.unraisablehook
        sys.unraisablehook = self._unraisable
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
        """Give the signals back to the handlers they had before :meth:`install`; on the way out
        (:meth:`leaving`), keep ignoring them to the end instead."""
        if self._leaving:
            # A closing terminal sends SIGHUP, and a moment later SIGCONT and SIGINT to a process
            # still there: put back, the default handlers would kill the program mid-exit (no exit
            # status) or print a KeyboardInterrupt. And an object the leaving signal cut off
            # half-built sits in a reference cycle with its traceback, to be finalized later: do
            # it now, while its errors are still dropped.
            gc.collect()
            return
        for number, handler in self._old.items():
            try:
                signal.signal(number, handler)
            except (ValueError, OSError):
                pass
        self._old.clear()
        if self._old_hook is not None:
            sys.unraisablehook = self._old_hook
            self._old_hook = None

    def _unraisable(self, unraisable: Any) -> None:
        error = unraisable.exc_value
        if isinstance(error, KeyboardInterrupt):
            self._again(signal.SIGINT)
        elif isinstance(error, TerminalGone) and error.status > 128:
            self._leaving = False  # it never got out: let it come again
            self._again(error.status - 128)
        elif self._leaving:
            # The signal that is taking the program out can cut an object off
            # half-built (an event loop in its __init__); its finalizer then
            # trips over the missing parts. The save is written on the way
            # out regardless, and such a traceback would only alarm the player.
            return
        else:
            (self._old_hook or sys.__unraisablehook__)(unraisable)

    @staticmethod
    def _again(signum: int) -> None:
        """Send the signal once more, a moment later, when the finalizer is over."""
        timer = threading.Timer(0.02, os.kill, (os.getpid(), signum))
        timer.daemon = True
        timer.start()

    def leaving(self) -> None:
        """The program is on its way out (saving, restoring the terminal): further hang-ups and
        SIGTERMs change nothing and must not interrupt that."""
        self._leaving = True

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self._leaving:
            return  # already on the way out, saving: nothing more to stop
        if signum != signal.SIGINT:
            self._leaving = True
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
