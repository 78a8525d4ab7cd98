"""What a person back at a table played over days reads first: everything since their last decision.

At a turn-based table (:attr:`~abluxxen.table.room.Room.turn_based`) days may pass between a person's
decisions, and the others' moves meanwhile (a new game too) are more than the log pane's last few lines.
When their screen arrives, it notes where they left off (:func:`left_off`: the table's transcript says
which move was their last decision, a stand-in's and a forced one are not); until they move again, the log
pane shows only what happened since (:func:`news`), told as their seat may read it (their own draws named,
nobody else's), and a line when a game ended meanwhile. Watchers and live tables never see any of this.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.events import START
from ..i18n.tr import Tr
from ..table.chairs import Chair
from ..table.room import Room
from ..table.undo import news_since
from .drawing import News
from .narrate import sentences_before


@dataclass(frozen=True)
class Since:
    """Where a person left off at a table played over days.

    Attributes:
        game: the table's game (its number) they last decided in; when they made no decision in the game on
            the table, the one before it.
        first: the first sentence of that game's log after their last decision.
        start: they made no decision at this table yet (the news are the game's from its start).
    """

    game: int
    first: int = 0
    start: bool = False


def left_off(room: Room, chair: Chair, tr: Tr) -> Since | None:
    """Where ``chair``'s person left off at ``room``, as their screen arrives; ``None`` at a live table, or when
    nothing happened since."""
    if not room.turn_based:
        return None
    shown, saved = room.shown, room.saved
    at = news_since(saved.transcript, shown.log, chair.seat, moves=shown.moves, stood_in=saved.stood_in)
    if at is None and room.game_number > 1:
        return Since(room.game_number - 1)
    if not any(event.kind != START for event in shown.log[at or 0:]):
        return None  # their decision was the last move (or the game has only begun): nothing to catch up on
    return Since(room.game_number, sentences_before(shown.log[:at or 0], shown.names, tr), start=at is None)


def news(room: Room, since: Since | None, tr: Tr) -> News | None:
    """The log pane's news for a person who left off at ``since``, with the room as it is now (a game may
    have ended since, even while they look)."""
    if since is None:
        return None
    if since.game == room.game_number:
        return News(tr("log_since_start" if since.start else "log_since"), since.first)
    if since.start:  # they saw that game from its start to its score screen
        return None
    return News(tr("log_since"), 0, (_game_over(room, tr),))


def _game_over(room: Room, tr: Tr) -> str:
    """The line saying that the game before the one on the table ended, with its points when the match on
    the table holds them (a rematch's first game follows another match)."""
    match, number = room.match, room.game_number - 1
    if not 1 <= match.number <= len(match.results):
        return tr("log_game_over", n=number)
    scores = match.results[match.number - 1].scores
    points = ", ".join(f"{name} {score:+d}" for name, score in zip(match.names, scores, strict=True))  # as the scores
    return tr("log_game_scores", n=number, scores=points)
