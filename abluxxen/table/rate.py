"""A rate: what one client may spend at a time (typed input, chat), refilled as time goes by."""

from __future__ import annotations

import time
from collections.abc import Callable


class Bucket:
    """What one client may spend at a time: ``burst`` at once, refilled at ``rate`` a second.

    Args:
        burst: the most it may spend at once.
        rate: how much comes back each second.
        clock: monotonic seconds.
    """

    def __init__(self, burst: float, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self.left, self.at = float(burst), clock()

    def take(self, wanted: float) -> float:
        """Spend up to ``wanted``; how much was granted (0 when the bucket is empty)."""
        granted = min(float(wanted), self._refilled())
        self.left -= granted
        return granted

    def spend(self, amount: float) -> bool:
        """Spend ``amount`` if there is that much; whether it was."""
        if self._refilled() < amount:
            return False
        self.left -= amount
        return True

    @property
    def full(self) -> bool:
        """Whether nothing has been spent lately (the bucket is as good as new)."""
        return self._refilled() >= self.burst

    def _refilled(self) -> float:
        now = self.clock()
        self.left = min(self.burst, self.left + (now - self.at) * self.rate)
        self.at = now
        return self.left
