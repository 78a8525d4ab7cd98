"""Waiting in a test: for a state, never for a while.

A test that sleeps a fixed time for something to happen (the host has read the keys, a screen has drawn, a
worker has started, a connection is closed) fails on a busy machine and wastes time on an idle one.
:func:`until` polls the state instead, and after a generous timeout fails saying what it waited for (and
what was there instead); :func:`until_blocking` is the same for a test with no event loop running.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

#: Seconds a test waits for a state before it fails (slow machines may raise it).
TIMEOUT = float(os.environ.get("ABLUXXEN_TEST_TIMEOUT", "60"))
#: Seconds between two looks at the state.
EVERY = 0.005

T = TypeVar("T")


async def until(holds: Callable[[], T], what: str, timeout: float = TIMEOUT, *,
                shown: Callable[[], str] | None = None, every: float = EVERY) -> T:
    """Wait until ``holds()`` is true (looked at every ``every`` seconds, the event loop running meanwhile);
    what it gave.

    Args:
        what: what is waited for, as the failure says it (``"seat 1 to be asked"``).
        shown: what to show when it fails (the screen as it was).

    Raises:
        AssertionError: not within ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    while not (got := holds()):
        if time.monotonic() > deadline:
            raise AssertionError(_failed(what, timeout, shown))
        await asyncio.sleep(every)
    return got


def until_blocking(holds: Callable[[], T], what: str, timeout: float = TIMEOUT, *,
                   shown: Callable[[], str] | None = None, every: float = EVERY) -> T:
    """:func:`until`, for a test with no event loop running (the thread sleeps between looks)."""
    deadline = time.monotonic() + timeout
    while not (got := holds()):
        if time.monotonic() > deadline:
            raise AssertionError(_failed(what, timeout, shown))
        time.sleep(every)
    return got


def _failed(what: str, timeout: float, shown: Callable[[], str] | None) -> str:
    said = f"waited {timeout:g} s for {what}"
    return f"{said}; {shown()}" if shown is not None else said


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie nobody reaped yet has ended): a state to wait for the end of."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:  # no /proc: the signal was the answer
        return True
