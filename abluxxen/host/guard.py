"""The door: too many wrong codes from one address shut it for that address for a while."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

#: Wrong codes one address may give within :data:`WINDOW` seconds; one more shuts the door.
MAX_WRONG = 5
#: The window, and how long the door then stays shut (seconds).
WINDOW = 60.0


class Door:
    """Counts wrong codes per address.

    Args:
        clock: monotonic seconds (tests pass their own).
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._wrong: dict[str, deque[float]] = {}
        self._shut: dict[str, float] = {}

    def shut(self, address: str) -> bool:
        """Whether ``address`` may not try a code now (too many wrong ones lately)."""
        until = self._shut.get(address)
        if until is None:
            return False
        if self.clock() >= until:
            del self._shut[address]
            return False
        return True

    def wrong(self, address: str) -> None:
        """``address`` gave a wrong code."""
        now = self.clock()
        tries = self._wrong.setdefault(address, deque())
        tries.append(now)
        while tries and now - tries[0] > WINDOW:
            tries.popleft()
        if len(tries) > MAX_WRONG:
            self._shut[address] = now + WINDOW
            tries.clear()
        if len(self._wrong) > 10_000:  # a flood of addresses must not grow this for ever
            self._wrong = {a: t for a, t in self._wrong.items() if t and now - t[-1] <= WINDOW}
