"""A room's undo policy: who may take back what, and what each person is told again once it is.

Alone with bots, any decision of the game can be taken back. People at one
terminal take back only what nobody else has seen: the moves since the
keyboard came to this person, and none before a card drawn from the deck (it
was shown to its drawer). People at their own terminals have all seen the
table since: nobody takes anything back. A lesson takes nothing back either
(:class:`TakingBack` with a ``refusal``).
"""

from __future__ import annotations

from typing import Protocol

from ..store.save_document import Saved
from .chairs import Chair, Note
from .table import Table
from .undo import UndoRequest

#: Moves back an undo may still find what each person was to be told (a few decisions' worth).
UNDO_KEPT = 64


class Seated(Protocol):
    """What the policy reads of its room: the table it plays at, the people's seats, and whether more
    than one person plays."""

    table: Table
    chairs: dict[int, Chair]

    @property
    def several_people(self) -> bool: ...


class TakingBack:
    """A room's undo policy (see the module's words).

    Args:
        room: the room whose table and people it reads.
        refusal: when set, the text key of why nothing is ever taken back here.
    """

    def __init__(self, room: Seated, *, refusal: str = "") -> None:
        self.room = room
        self.refusal = refusal
        self._told: dict[int, dict[int, tuple[list[Note], list[int]]]] = {}  # notes before each move

    @property
    def _saved(self) -> Saved:
        return self.room.table.saved

    def undo(self, chair: Chair) -> str:
        """``chair``'s person takes back their last decision, at their turn; ``""`` when it is taken
        back, else why not (a text key)."""
        if self.refusal:
            return self.refusal
        if chair.answer is None or chair.answer.done():
            return "host.not_now"
        floor = self.floor(chair)
        if floor is None:
            return "host.undo_several"
        chair.answer.set_exception(UndoRequest(floor))
        return ""

    def floor(self, chair: Chair) -> int | None:
        """The first move ``chair``'s person may take back (``None``: none may be)."""
        if not self.room.several_people:
            return 0
        if len({id(c.screen) for c in self.room.chairs.values()}) > 1 or chair.screen is None:
            return None
        return max(chair.keyboard_at, self._drawn_floor(chair.seat))

    def _drawn_floor(self, seat: int) -> int:
        """The move after ``seat``'s last draw from the deck: its person has seen that card (another's
        draw since the keyboard came here was seen by nobody at this keyboard)."""
        moves = self._saved.transcript.moves
        return max((i + 1 for i, m in enumerate(moves) if m.move == "draw deck" and m.seat == seat), default=0)

    def keep_notes(self) -> None:
        """Before a move: keep what each person was still to be told, which an undo of it brings back (the
        transcript itself replays the game)."""
        self._told[len(self._saved.transcript.moves)] = {
            s: (list(c.notes), list(c.drawn)) for s, c in self.room.chairs.items()}
        if len(self._told) > 2 * UNDO_KEPT:  # an undo reaches back a few decisions, not a whole game
            del self._told[min(self._told)]

    def forget(self) -> None:
        """A new game: nothing before it is taken back."""
        self._told.clear()

    def take_back(self, seat: int, floor: int) -> None:
        """Take back ``seat``'s last decision from move ``floor`` on, and tell its person what happened."""
        chair = self.room.chairs[seat]
        try:
            move = self.room.table.take_back(seat, floor)
        except ValueError:  # a transcript that does not replay: the game stays as it is
            chair.notes[:] = [Note("undo_failed")]
            return
        self._forget_after(len(self._saved.transcript.moves))
        chair.notes[:] = [Note("undone", move=move) if move is not None else Note(self._why_not_back(seat, floor))]

    def _forget_after(self, upto: int) -> None:
        """The moves from ``upto`` on were taken back: what they had to tell anyone is forgotten."""
        told = self._told.get(upto)
        for number, chair in self.room.chairs.items():
            notes, drawn = told[number] if told is not None else ([], [])
            chair.notes[:], chair.drawn[:] = notes, drawn
        self._told = {n: kept for n, kept in self._told.items() if n < upto}

    def _why_not_back(self, seat: int, floor: int) -> str:
        """Why nothing was taken back: nothing to take back, a card drawn from the deck since, or the
        keyboard changed hands since."""
        if not any(m.seat == seat for m in self._saved.transcript.moves[:floor]):
            return "undo_nothing"
        return "undo_drawn" if floor and floor == self._drawn_floor(seat) else "undo_handover"
