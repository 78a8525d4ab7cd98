"""A game's transcript: the position it started from and every move since.

Like a chess game's root position and move stack: undo replays it to an
earlier move, the records keep it, and a review walks through it, every one
of them by :meth:`Transcript.positions`, the one replay. Moves are
kept in the contract's canonical notation with the seat that made them, so a
transcript read back from a file is checked by replaying it through the engine.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..quoting import quoted
from .events import Event
from .game import Game
from .moves import IllegalMove, Judged

# No game comes near this many decisions; a longer list is a damaged or hostile file.
MAX_MOVES = 5000


@dataclass(frozen=True, slots=True)
class Played:
    """One decision: who made it and the move, in canonical notation."""

    seat: int
    move: str

    def to_json(self) -> list[Any]:
        """``[seat, move]``."""
        return [self.seat, self.move]


@dataclass(frozen=True, slots=True)
class Step:
    """One position of a transcript's game, as :meth:`Transcript.positions` replays it.

    Attributes:
        index: how many moves led here: the transcript index of ``played``.
        game: the game at this position. It is the replay's own game, moved
            on when the replay goes on: copy it to keep it.
        played: the decision made from here; ``None`` at the last position
            (the transcript's current one).
        events: the events the move that led here caused (none at the start).
    """

    index: int
    game: Game
    played: Played | None
    events: list[Event]


@dataclass
class Transcript:
    """Where a game started and every move made since.

    Attributes:
        start: the save document of the first position (``Game.to_json()``),
            usually the deal; for a game saved before transcripts existed, the
            position it was resumed at.
        moves: the decisions since ``start``, oldest first.
    """

    start: dict[str, Any]
    moves: list[Played] = field(default_factory=list)
    # How often each position occurred (by its save document), counted once asked for.
    _seen: Counter[str] | None = field(default=None, init=False, repr=False, compare=False)
    _now: str = field(default="", init=False, repr=False, compare=False)  # the current one's, once counted

    @classmethod
    def of(cls, game: Game) -> Transcript:
        """A transcript beginning at ``game``'s position, with no moves yet."""
        return cls(start=game.to_json())

    def push(self, game: Game, move: str, *, seat: int | None = None) -> list[Event]:
        """Apply ``move`` to ``game`` (the transcript's current position) and note it.

        Returns:
            The events the move caused.

        Raises:
            IllegalMove: as :meth:`Game.push`; nothing is noted then.
        """
        mover = game.to_move
        code = game.action_of(move, seat=seat)
        text = game.action_text(code)
        events = game.push(text, seat=seat)
        assert mover is not None
        self._noted(Played(mover, text), game)
        return events

    def push_judged(self, game: Game, move: Judged) -> list[Event]:
        """Apply ``move``, judged already on a view of ``game``'s position as it is now (the caller knows it
        is: a table published that view), to ``game`` and note it: it is not judged again (the engine's fast
        path, :meth:`Game.apply_action`). Anything else goes through :meth:`push`, which judges.

        Returns:
            The events the move caused.
        """
        mover = game.to_move
        assert mover is not None
        events: list[Event] = []
        game.apply_action(move.code, events)
        self._noted(Played(mover, str(move)), game)
        return events

    def _noted(self, played: Played, game: Game) -> None:
        self.moves.append(played)
        if self._seen is not None:
            self._now = _key(game)
            self._seen[self._now] += 1

    def repeats(self) -> int:
        """How many times the transcript's current position occurred before in it.

        Nothing in the rules ends a cycle of abluxxes taken back; bots that
        answer a position the same way every time would go round it forever,
        so they look here and vary their answer (see ``bots.vary``).
        """
        if self._seen is None:
            seen: Counter[str] = Counter()
            for step in self.positions():
                self._now = _key(step.game)
                seen[self._now] += 1
            self._seen = seen
        return self._seen[self._now] - 1

    def positions(self) -> Iterator[Step]:
        """The game replayed: every position from the start to the current one, in order.

        There are ``len(moves) + 1`` of them, each with the move made from it
        (none from the last) and the events of the move that led to it. One
        game is replayed, so a step's game is the next step's too, moved on:
        copy the ones to keep. A replay stopped early pushes no further move.

        Raises:
            IllegalMove: as :meth:`Game.push`, at a move the game refuses
                (a transcript read by :meth:`from_json` has none).
        """
        game = Game.from_json(self.start)
        events: list[Event] = []
        for index, played in enumerate(self.moves):
            yield Step(index, game, played, events)
            events = game.push(played.move, seat=played.seat)
        yield Step(len(self.moves), game, None, events)

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` moves (all of them by default; ``upto`` slices the moves)."""
        reached = len(self.moves[:upto])
        return next(step.game for step in self.positions() if step.index == reached)

    def truncated(self, upto: int) -> Transcript:
        """The same game's transcript up to (not including) move ``upto``."""
        return Transcript(start=self.start, moves=self.moves[:upto])

    def to_json(self) -> dict[str, Any]:
        """``{"start": <save document>, "moves": [[seat, move], …]}``."""
        return {"start": self.start, "moves": [p.to_json() for p in self.moves]}

    @classmethod
    def from_json(cls, doc: Any, *, ends_at: Game | None = None) -> Transcript:
        """A transcript from :meth:`to_json`'s document, checked by replaying every move.

        Args:
            doc: the document.
            ends_at: when given, the replay must arrive at exactly this position.

        Raises:
            ValueError: naming the first problem (a bad start, an illegal move,
                a replay that ends elsewhere).
        """
        if not isinstance(doc, dict) or set(doc) != {"start", "moves"}:
            raise ValueError("transcript must hold start and moves")
        start, moves = doc["start"], doc["moves"]
        if not isinstance(start, dict):
            raise ValueError("transcript start must be a save document")
        if not isinstance(moves, list) or len(moves) > MAX_MOVES:
            raise ValueError(f"transcript moves must be a list of at most {MAX_MOVES}")
        game = Game.from_json(start)
        transcript = cls(start=dict(start))
        for index, entry in enumerate(moves):
            if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
                    and isinstance(entry[1], str) and len(entry[1]) <= 80):
                raise ValueError(f"transcript moves[{index}] must be [seat, move]")
            seat, move = entry
            try:
                transcript.push(game, move, seat=seat)
            except IllegalMove as err:
                raise ValueError(f"transcript moves[{index}] {quoted(move)} is not legal there: {err}") from None
        if ends_at is not None and game.to_json() != ends_at.to_json():
            raise ValueError("transcript does not lead to the saved position")
        return transcript


def _key(game: Game) -> str:
    """The whole position as text: equal exactly when every card lies in the same place."""
    return json.dumps(game.to_json(), separators=(",", ":"))
