"""A table's seats as people hold them: a person's :class:`Chair` (whose it is, their screen, what only
they are told), the :class:`Login` that comes to it, and what a screen is to the room (:class:`Viewer`)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..engine.events import Event
from ..engine.view import View

#: SSH keys a seat keeps for its owner.
MAX_KEYS_KEPT = 8


class Viewer(Protocol):
    """A screen at the table."""

    #: The host's own terminal: its seat is never taken over from outside (leaving it stops the game).
    local: bool
    #: The login name it came with.
    name: str

    def refresh(self) -> None:
        """Something changed: draw again (soon, on the event loop)."""

    async def handover(self, seat: int) -> None:
        """The room is about to ask ``seat``: a screen that serves several people waits here until
        the keyboard is with the right one (returns at once elsewhere)."""

    def turn_started(self, chair: Chair) -> None:
        """``chair``'s person must decide now, at this screen (what was typed before is no answer)."""

    def close(self, reason: str) -> None:
        """Leave the table (``elsewhere``: its seat was taken by a newer connection; ``stopped``: the host
        stops; ``kicked``: the host sent it away; ``no_watchers``: the host takes no more watchers)."""


@dataclass(frozen=True)
class Login:
    """Who came through the door, as the door knows them.

    Attributes:
        name: the login name (a seat's name in any case, or a watcher's).
        address: the client's address.
        keys: the SSH keys (fingerprints) the client came with: its seat's, if it takes one.
        proven: the key it logged in with, when a seat's owner came back by key (no code typed).
        returning: it gave its seat's return code instead of the invite code.
    """

    name: str
    address: str = ""
    keys: tuple[str, ...] = ()
    proven: str = ""
    returning: bool = False


@dataclass(frozen=True)
class Note:
    """Something only one person is told, kept as data so that each screen says it in its own language.

    Attributes:
        key: the text's key (``you_drew``, ``took_yours``, ``forced``, ``undone``, ``undo_nothing``).
        cards: the cards it is about.
        name: who did it (``took_yours``).
        move: the move it is about (``forced``, ``undone``).
        error: what kept the game from being saved (``not_saved``).
        turn: whose turn it came in (``None``: no turn's news, such as an undo's).
    """

    key: str
    cards: tuple[int, ...] = ()
    name: str = ""
    move: str = ""
    error: BaseException | None = None
    turn: int | None = None


@dataclass
class Chair:
    """A person's seat at the hosted table, whether or not they are connected.

    Attributes:
        seat: the seat number.
        name: the person's name (the login that takes this seat, in any case).
        screen: the connected screen, if any.
        came: whether the person has been here since the host started.
        left_at: when the last screen left (monotonic seconds), while away.
        notes: what only this person may be told (their deck draws, cards taken from them), newest last.
        ready: at a score screen, whether the person wants the next game.
        keys: the SSH keys (fingerprints) of the person who took the seat: the seat is theirs.
        return_code: the code that brings its person back (given when they came without a key).
    """

    seat: int
    name: str
    screen: Viewer | None = None
    came: bool = False
    left_at: float | None = None
    notes: list[Note] = field(default_factory=list)
    ready: bool = False
    answer: asyncio.Future[str] | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    keys: frozenset[str] = frozenset()
    return_code: str = ""
    deadline: float | None = None  # with a turn clock: when the person's time for this decision runs out
    keyboard_at: int = 0  # at one shared terminal: the move at which this person last took the keyboard
    drawn: list[int] = field(default_factory=list)  # cards drawn since the person last saw their hand

    @property
    def present(self) -> bool:
        """Whether a screen is connected to this seat."""
        return self.screen is not None

    @property
    def owned(self) -> bool:
        """Whether somebody has taken this seat (then only they may have it again)."""
        return bool(self.keys or self.return_code)

    def belongs_to(self, login: Login) -> bool:
        """Whether ``login`` is this seat's person: a key the seat knows, proven, or its return code."""
        return bool(login.proven and login.proven in self.keys) or login.returning


@dataclass(frozen=True)
class Seating:
    """Where a login sits: a person's seat, or watching (and why, when it asked for a seat)."""

    chair: Chair | None
    why: str = ""


def add_note(notes: list[Note], note: Note) -> None:
    """Tell a person ``note`` too: the moves played for them in one turn come in one note, as the cards
    they drew do, so that what was taken from them stays in sight beside them."""
    kin = next((n for n in notes if n.key == note.key and n.turn == note.turn), None) \
        if note.key in ("forced", "you_drew") else None
    if kin is None:
        notes.append(note)
    else:
        merged = Note(note.key, kin.cards + note.cards, move=f"{kin.move}, {note.move}" if note.move else "",
                      turn=note.turn)
        notes[notes.index(kin)] = merged


def move_turn(view: View, events: Sequence[Event]) -> int:
    """Whose turn a move was made in, from its events and the view after it (a move that ends a turn tells
    whose begins, and turns go clockwise)."""
    begun = next((e.seat for e in events if e.kind == "turn" and e.seat is not None), None)
    return view.turn if begun is None else (begun - 1) % view.players


class SeatNotes:
    """The table tells each seat what happened as it may see it; a person's own news is kept here.

    A move's events reach a chair's notes only as that seat may see them, so
    "You drew a 7" reaches the drawer alone.

    A note is news of its turn, and goes when it is old (besides when the person moves, which the screens
    see to): the news of other players' turns once the person's own turn is over, the news of the
    person's own turn when their next one begins or news of another turn comes, every note when the
    game is over (the score screen says what counts).
    """

    def __init__(self, chair: Chair) -> None:
        self.chair = chair

    def update(self, view: View, events: Sequence[Event]) -> None:
        chair = self.chair
        me = chair.seat
        turn = move_turn(view, events)
        for event in events:
            note: Note | None = None
            if event.kind == "draw" and event.seat == me:
                chair.drawn.extend(event.cards)
            if event.kind == "game-over":
                chair.notes.clear()
            elif event.kind == "turn":
                # My turn ends: the others' news it was told beside is old; mine begins: my last one's is.
                ended, begun = turn == me, event.seat == me
                chair.notes[:] = [n for n in chair.notes
                                  if n.turn is None or not (ended and n.turn != me or begun and n.turn == me)]
                turn = event.seat if event.seat is not None else turn
            elif event.kind == "draw" and event.source == "deck" and event.seat == me and event.cards:
                note = Note("you_drew", tuple(event.cards), turn=turn)
            elif event.kind == "take" and event.other == me and event.seat is not None:
                note = Note("took_yours", tuple(event.cards), name=view.names[event.seat], turn=turn)
            if note is not None:
                tell_note(chair, note)


def tell_note(chair: Chair, note: Note) -> None:
    """Tell ``chair``'s person ``note``, news of a turn: news of another turn than theirs makes the news of
    their own old (see :class:`SeatNotes`)."""
    if note.turn is not None and note.turn != chair.seat:
        chair.notes[:] = [n for n in chair.notes if n.turn != chair.seat]
    add_note(chair.notes, note)
    del chair.notes[:-3]
