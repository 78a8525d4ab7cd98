"""Stopping cleanly: a hang-up, SIGTERM or Ctrl-C never lands in the middle of a move, and a
hang-up or SIGTERM always ends the program, saved, whatever it was waiting on.

A signal handler that raises can interrupt any line of Python. Between
``game.push`` and the autosave that would leave a half-applied move in
memory, and the save written on the way out would keep it. So while a move
is applied and saved the signal is only noted, and raised as soon as the
shield is lowered.

Raised anywhere else, a stop can still be lost. While a question waits,
prompt_toolkit runs an asyncio event loop, and a signal raised inside one of
the loop's callbacks (a redraw, the key reader) is caught by the loop and
shown as an "Unhandled exception" while the question goes on waiting: on a
closed terminal, or after SIGTERM, for ever. So while an event loop runs the
stop is handed to the question itself, which ends with it. And a stop that
still does not arrive (caught by some code on its way) is sent again every
:data:`INSIST` seconds until the program says it is leaving.
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from prompt_toolkit.application.current import get_app_or_none

from .terminal import TerminalGone

#: Seconds between sending a stop again while the program has not yet started leaving.
INSIST = 1.0


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
        # The stop signal raised and not yet seen to arrive (``leaving``), and the timer that sends it again.
        self._stopping: int | None = None
        self._insisting: threading.Timer | None = None

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
        self._stop_insisting()
        if self._leaving:
            # A closing terminal sends SIGHUP, and a moment later SIGCONT and SIGINT to a process
            # still there: put back, the default handlers would kill the program mid-exit (no exit
            # status) or print a KeyboardInterrupt. And an object the leaving signal cut off
            # half-built sits in a reference cycle with its traceback, to be finalized later: do
            # it now, while its errors are still dropped.
            gc.collect()
            return
        self._stopping = None
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
            self._again(error.status - 128)  # it never got out: let it come again
        elif self._leaving:
            # The signal that is taking the program out can cut an object off
            # half-built (an event loop in its __init__); its finalizer then
            # trips over the missing parts. The save is written on the way
            # out regardless, and such a traceback would only alarm the player.
            return
        else:
            (self._old_hook or sys.__unraisablehook__)(unraisable)

    @staticmethod
    def _again(signum: int, after: float = 0.02) -> threading.Timer:
        """Send the signal once more, a moment later (when a finalizer is over)."""
        timer = threading.Timer(after, os.kill, (os.getpid(), signum))
        timer.daemon = True
        timer.start()
        return timer

    def leaving(self) -> None:
        """The program is on its way out (saving, restoring the terminal): further hang-ups and
        SIGTERMs change nothing and must not interrupt that."""
        self._leaving = True
        self._stop_insisting()

    def _stop_insisting(self) -> None:
        if self._insisting is not None:
            self._insisting.cancel()
            self._insisting = None

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self._leaving:
            return  # already on the way out, saving: nothing more to stop
        if signum == signal.SIGINT:
            if self._stopping is not None:
                return  # a closing terminal's SIGINT after its hang-up: the stop is on its way already
            error: BaseException = KeyboardInterrupt()
        else:
            error = TerminalGone(128 + signum)
            # Until the program says it is leaving, send the stop again now and then: code that
            # caught it on its way (and went on waiting) cannot keep the program for ever.
            self._stopping = signum
            self._stop_insisting()
            self._insisting = self._again(signum, INSIST)
        if self._shield:
            if self._pending is None or isinstance(self._pending, KeyboardInterrupt):
                self._pending = error
            return
        if isinstance(error, TerminalGone) and _end_question(error):
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


def _end_question(error: TerminalGone) -> bool:
    """While an event loop runs (prompt_toolkit's, for a question), end the question with ``error``
    from inside the loop instead of raising it here, where the loop would catch it; whether it did."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return False  # no loop: raised here, it reaches the game
    loop.call_soon_threadsafe(_exit_app, error)
    return True


def _exit_app(error: TerminalGone) -> None:
    """End the running question with ``error``; when none can be ended now, the stop comes again
    (:data:`INSIST`) and finds the program out of the loop or in the next question."""
    app = get_app_or_none()
    if app is not None and app.is_running and app.future is not None and not app.future.done():
        app.exit(exception=error)
