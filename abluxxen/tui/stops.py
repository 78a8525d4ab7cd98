"""Stop signals and exit statuses: how a program at this terminal (a game, a lesson, a host, a club) is
told to stop, and the status it leaves with.

A stop signal is answered on the event loop (:func:`answer_stop_signals`), between two moves, so a move
and its save are never split: a hang-up leaves with 129, SIGTERM with 143, Ctrl-C with 130 (or, at a
screen, asks first). Before there is a loop (a game being opened), a hang-up or SIGTERM is held
(:func:`hold_stop_signals`) and answered as soon as there is. A host or a club waits for one
(:class:`Stopping`). On the way out after a hang-up or a stop, the signals a closing terminal goes on
sending are ignored (:func:`ignore_stop_signals`). Windows has no SIGHUP: a signal this platform lacks is
passed over.

Light on purpose (``asyncio`` is imported where a loop is used): the command line holds the stop signals
before it imports anything slow.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import asyncio

#: Exit statuses: the terminal hung up, the process was told to stop, Ctrl-C.
HUNG_UP, STOPPED, INTERRUPTED = 129, 143, 130
#: Each stop signal by name, and the exit status it leaves with.
STOP_SIGNALS = (("SIGHUP", HUNG_UP), ("SIGTERM", STOPPED), ("SIGINT", INTERRUPTED))


#: The exit statuses of the stop signals held so far and not answered yet (:func:`hold_stop_signals`).
_held: list[int] = []


def hold_stop_signals() -> None:
    """From the program's first moments until a game's loop answers them (:func:`answer_stop_signals`): a
    hang-up or SIGTERM is held, not obeyed at once, so that a game still being opened (the game's modules
    imported, its save locked and read) is saved and left as at any later moment, with the same exit
    status, instead of ending by the signal. Ctrl-C is left as it is (Python's KeyboardInterrupt).
    """
    for name, _ in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is None or name == "SIGINT":
            continue
        try:
            signal.signal(number, _hold)
        except (ValueError, OSError):  # not the main thread
            pass


def _hold(number: int, _frame: object) -> None:
    """Keep the stop signal ``number`` for the game's loop to answer (by its exit status)."""
    _held.append(next(status for name, status in STOP_SIGNALS if getattr(signal, name, None) == number))


def held_stop() -> int | None:
    """The exit status of a stop signal held and not answered yet (a command that ended before its game's
    loop began leaves with it: it was told to stop, and it stopped)."""
    return _held[0] if _held else None


def answer_stop_signals(stop: Callable[[int], object], *, interrupted: Callable[[], object] | None = None) -> None:
    """Answer the stop signals on the running event loop: each calls ``stop`` with its exit status, but
    Ctrl-C calls ``interrupted`` instead when it is given (a screen asks whether to leave). A signal the
    platform lacks, or a loop that takes no signals (not in the main thread, Windows), is passed over.
    One held before (:func:`hold_stop_signals`) is answered now.
    """
    import asyncio

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
    if _held:
        loop.call_soon(stop, _held[0])
        _held.clear()


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
        import asyncio

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
        import asyncio

        task = asyncio.get_running_loop().create_task(work)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            self.status = self.status or 1
        self.stop(self.status)
