"""One game of Abluxxen as the engine's contract names it: :class:`Game`.

A game is a :class:`~abluxxen.engine.state.State` (the cards, whose decision it
is, the rules that move it on) that also gives each seat its
:class:`~abluxxen.engine.view.View` and writes and reads its save document
(:mod:`.save`). The state lies below views and saves; this class sits on
top of all three, so none of them needs to know it.
"""

from __future__ import annotations

from typing import Any

from .save import game_from_json, game_to_json
from .state import Outcome, State
from .view import View


class Game(State):
    """One game: state, legal moves, the rules that move it on, views and saves.

    Create one with :meth:`new` or :meth:`from_json`. Seats are numbered
    clockwise from 0; the left neighbour of seat ``s`` is ``s + 1``.
    """

    __slots__ = ()

    def view(self, seat: int) -> View:
        """What ``seat`` may know, and nothing else."""
        return View.of(self, seat)

    def to_json(self) -> dict[str, Any]:
        """The save document (see ``docs/save-format.md``)."""
        return game_to_json(self)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Game:
        """A game from a save document, validated.

        Raises:
            ValueError: naming what is wrong with the document.
        """
        return game_from_json(doc, cls)


__all__ = ["Game", "Outcome"]
