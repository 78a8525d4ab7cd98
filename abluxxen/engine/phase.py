"""The decision in progress and how a game ended: one vocabulary for engine, views, bots and UI."""

from __future__ import annotations

from enum import IntEnum, StrEnum

from ..quoting import quoted


class Phase(IntEnum):
    """Who decides what now.

    An ``IntEnum``, so the engine's and the bots' hot loops compare plain
    ints; :attr:`text` is the name used in views, saves and messages.
    """

    PLAY = 0
    SHADOW = 1
    TAKE_OR_LEAVE = 2
    BACK_OR_DISCARD = 3
    DRAW = 4
    SINGLE_DRAW = 5
    OVER = 6

    @property
    def text(self) -> str:
        """``play``, ``shadow``, ``take``, ``back``, ``draw``, ``single-draw`` or ``over``."""
        return PHASE_NAMES[self]

    @classmethod
    def of(cls, text: str) -> Phase:
        """The phase named ``text`` (as :attr:`text` spells it).

        Raises:
            ValueError: for any other text.
        """
        try:
            return cls(PHASE_NAMES.index(text))
        except ValueError:
            raise ValueError(f"unknown phase {quoted(text)}: one of {', '.join(PHASE_NAMES)}") from None


PHASE_NAMES = ("play", "shadow", "take", "back", "draw", "single-draw", "over")


class EndReason(StrEnum):
    """How a game ended; the value is the text used in events, saves and views."""

    HAND_EMPTY = "hand-empty"  # someone played their last card
    EXHAUSTED = "exhausted"  # a draw left deck and pool empty


END_REASONS = tuple(reason.value for reason in EndReason)
