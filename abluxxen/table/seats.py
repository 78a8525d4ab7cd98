"""Seat kinds that need no terminal: a bot, which remembers nothing it is told."""

from __future__ import annotations

from collections.abc import Sequence

from .. import bots
from ..events import Event
from ..view import View


class BotSeat:
    """A bot at the table: it decides from its view alone, and varies its move on a repeated position.

    Args:
        level: ``easy``, ``normal`` or ``hard``.
        seed: with the same seed, a position always gets the same move.
        think: the hard bot's budget (default: the table's).
    """

    def __init__(self, level: str, *, seed: int | None = None, think: float | int | None = None) -> None:
        self.bot = bots.make_bot(level, seed=seed, **({} if think is None else {"think": think}))
        self.seen: dict[View, int] = {}  # equal views carry the same information: the same position

    def decide(self, view: View) -> str:
        """The bot's move; on a position it has met before, another one (bots never cycle)."""
        repeats = self.seen.get(view, 0)
        self.seen[view] = repeats + 1
        return bots.vary(self.bot.choose(view), view, repeats)

    def update(self, view: View, events: Sequence[Event]) -> None:
        """A bot reads the table afresh at each decision: nothing to keep."""
