"""A seat's last decision, found in the transcript's replay: where an undo leads (the game just before it),
and where the news since it begins in the table's log (what a person back at a table played over days
reads first)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..engine.events import START, Event
from ..engine.game import Game
from ..engine.transcript import Step, Transcript


@dataclass(frozen=True)
class TakenBack:
    """An undo's destination.

    Attributes:
        upto: the index in the transcript of the decision taken back; the
            moves from there on are dropped.
        game: the game just before that decision.
        log: the table's log up to that decision.
    """

    upto: int
    game: Game
    log: list[Event]


def taken_back(transcript: Transcript, log: list[Event], on_table: Game, seat: int,
               floor: int = 0) -> TakenBack | None:
    """Where an undo for ``seat`` leads; ``None`` when there is no decision of its to take back.

    The destination is the seat's last decision at or after move ``floor``.
    Forced moves are not decisions: the table plays them itself, so an undo
    that stopped at one would come straight back to where it began.

    Args:
        transcript: the game so far.
        log: the table's log, which ends with the events of the transcript's moves.
        on_table: the game as it is; the transcript must lead to it.
        seat: whose decision to take back.
        floor: the first move that may be taken back.

    Raises:
        ValueError: when the transcript does not replay to the game on the table.
    """
    caused: list[list[Event]] = []  # per move, the events it caused
    target: tuple[int, Game] | None = None
    for step in transcript.positions():
        game, played = step.game, step.played
        if step.index:
            caused.append(step.events)
        if played is None:
            break
        if step.index >= floor and decided(step, seat):
            target = step.index, game.copy()
    if game.to_json() != on_table.to_json():  # game: the last position, where the transcript leads
        raise ValueError("the transcript does not lead to the table's position")
    if target is None:
        return None
    upto, before = target
    # An older save's log may begin before the transcript: that part stays as it is.
    total = sum(len(events) for events in caused)
    head = log[:len(log) - total] if len(log) >= total else [e for e in log[:1] if e.kind == START]
    kept = [event for events in caused[:upto] for event in events]
    return TakenBack(upto, before, head + kept)


def decided(step: Step, seat: int) -> bool:
    """Whether the move made from ``step`` is ``seat``'s decision. A forced move is none: the table plays it
    itself, nobody is asked it."""
    return step.played is not None and step.played.seat == seat and len(step.game.legal_moves()) > 1


def news_since(transcript: Transcript, log: Sequence[Event], seat: int, *, moves: int | None = None,
               stood_in: Collection[int] = ()) -> int | None:
    """Where the news since ``seat``'s last decision begins in ``log``: the index of the first event after it
    (``len(log)``: nothing happened since); ``None`` when the seat's person made no decision in this game.

    Args:
        transcript: the game so far.
        log: the table's log, which ends with the events of the transcript's first ``moves`` moves.
        seat: whose decision.
        moves: how many of the transcript's moves the log tells (all by default: a table publishes a move
            only once it is saved, and its transcript may hold one more meanwhile).
        stood_in: the moves someone else made for the seat's person (a stand-in's, see ``Saved.stood_in``):
            not their decisions.
    """
    caused: list[int] = []  # per move, how many events it caused
    last: int | None = None
    try:
        for step in Transcript(transcript.start, transcript.moves[:moves]).positions():
            if step.index:
                caused.append(len(step.events))
            if decided(step, seat) and step.index not in stood_in:
                last = step.index
    except ValueError:  # (an IllegalMove too) a transcript that does not replay: no news to tell apart
        return None
    return None if last is None else max(0, len(log) - sum(caused[last + 1:]))


class UndoRequest(Exception):
    """Given instead of a move: the person takes back their last decision, from move ``floor`` on."""

    def __init__(self, floor: int) -> None:
        super().__init__(floor)
        self.floor = floor
