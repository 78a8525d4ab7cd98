"""Stop signals and exit statuses: how a program at this terminal (a game, a lesson, a host, a club) is
told to stop, and the status it leaves with.

A stop signal is answered on the event loop (:func:`answer_stop_signals`), between two moves, so a move
and its save are never split: a hang-up leaves with 129, SIGTERM with 143, Ctrl-C with 130 (or, at a
screen, asks first). A host or a club waits for one (:class:`Stopping`). On the way out after a hang-up
or a stop, the signals a closing terminal goes on sending are ignored (:func:`ignore_stop_signals`).
Windows has no SIGHUP: a signal this platform lacks is passed over.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable, Coroutine
from typing import Any

#: Exit statuses: the terminal hung up, the process was told to stop, Ctrl-C.
HUNG_UP, STOPPED, INTERRUPTED = 129, 143, 130
#: Each stop signal by name, and the exit status it leaves with.
STOP_SIGNALS = (("SIGHUP", HUNG_UP), ("SIGTERM", STOPPED), ("SIGINT", INTERRUPTED))


def answer_stop_signals(stop: Callable[[int], object], *, interrupted: Callable[[], object] | None = None) -> None:
    """Answer the stop signals on the running event loop: each calls ``stop`` with its exit status, but
    Ctrl-C calls ``interrupted`` instead when it is given (a screen asks whether to leave). A signal the
    platform lacks, or a loop that takes no signals (not in the main thread, Windows), is passed over.
    """
    loop = asyncio.get_running_loop()
    for name, status in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            if name == "SIGINT" and interrupted is not None:
                loop.add_signal_handler(number, interrupted)
            else:
                loop.add_signal_handler(number, stop, status)
        except (ValueError, RuntimeError, NotImplementedError):
            pass


def ignore_stop_signals() -> None:
    """On the way out after a hang-up or a stop: a closing terminal goes on sending SIGHUP, SIGCONT and
    SIGINT; they must neither raise nor kill the program before it has said its exit status."""
    for name, _ in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is not None:
            try:
                signal.signal(number, signal.SIG_IGN)
            except (ValueError, OSError):  # not the main thread
                pass


class Stopping:
    """What ends a program that serves others (a host, a club): a stop signal (its exit status), or work
    it waits for coming to an end (:meth:`after`). Made on the running event loop; wait for
    :attr:`stopped`, then read :attr:`status`."""

    def __init__(self) -> None:
        self.status = 0
        self.stopped = asyncio.Event()

    def stop(self, status: int) -> None:
        """Stop with exit status ``status``."""
        self.status = status
        self.stopped.set()

    def catch_signals(self) -> None:
        """Stop on a stop signal, with its exit status (Ctrl-C too: nobody is asked)."""
        answer_stop_signals(self.stop)

    def after(self, work: Coroutine[Any, Any, None]) -> None:
        """Stop (with the status so far, 1 if ``work`` failed) once ``work`` is done."""
        task = asyncio.get_running_loop().create_task(work)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            self.status = self.status or 1
        self.stop(self.status)
