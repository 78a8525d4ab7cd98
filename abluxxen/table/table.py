"""A match being played, whoever sits at it: the moves, the autosave, the record, and every seat told.

The table owns the match (through its :class:`~abluxxen.store.save_document.Saved`)
and is the one place a move is pushed. After each move it saves, then tells
**every** seat what happened as that seat may see it
(:meth:`~abluxxen.engine.events.Event.visible_to`): a card drawn from the deck reaches
its drawer's seat only. Nothing here draws or reads keys, so a terminal, a
bot, a scripted lesson or a session from another terminal can sit at it alike.

A table's disk work (every move's save, a game's record) runs where its
:class:`Disk` says: at once for the hot-seat, whose process serves nobody
else; in a thread for a club's or a host's tables (:class:`DiskThread`), so
that a slow disk or a busy database holds up that table's next move, never
the event loop that serves everybody else. Either way a move reaches the
seats only once its save is on disk.

The game loop is here too, written once (:meth:`Table.play_match`): ask the
seat that decides, push, tell everyone; book a finished game, then whatever
comes next. A :class:`Front` says who decides each seat and what happens
after a move and between games: the hot-seat at one terminal
(``tui/app.py``), a hosted room of SSH sessions (``host/room.py``), or
nothing at all (:meth:`Table.play`). The loop is a coroutine so that a host
can run many tables in one event loop; the hot-seat, whose seats never
wait on an event loop, drives it with :func:`run_now`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import os
from collections.abc import Callable, Coroutine, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..engine.events import START, Event
from ..engine.game import Game
from ..engine.match import Match
from ..engine.moves import Judged
from ..engine.seeds import new_seed
from ..engine.transcript import Transcript
from ..engine.view import View
from ..store.journal import record_waiting, retire
from ..store.records import record_finished
from ..store.records_db import RecordsError
from ..store.save_document import Saved, SaveError, save_text
from ..store.save_lock import LOCK_PATIENCE, SaveLock
from ..store.saves import new_save_path, write_save, write_save_text
from .seats import BotSeat
from .undo import taken_back


def start_event(match: Match, first: int = 1) -> Event:
    """The log's first line for the match's current game (``first``: the number of the match's first
    game at its table, after rematches)."""
    return Event(START, match.game.turn, source=str(first + match.number))


class Published:
    """The table as it was after its last move (an undo, a deal): what every screen draws, and the views the
    table's seats are asked and told by.

    The table publishes it once a move is applied and saved, so a screen that draws while the next move
    is being applied (its save written in a thread: the event loop draws meanwhile) shows this one whole,
    never half a move and never a move a crash could still lose. Each seat's view is made once, as it is
    published (every seat is told it at once, :meth:`Table.tell`), however often screens draw.
    """

    def __init__(self, game: Game, log: Sequence[Event], moves: int) -> None:
        self.game = game  # which game it shows (a lesson puts another on the table): never read through
        self.moves = moves  # how many moves its game's transcript held
        self.log = tuple(log)
        self.views = tuple(game.view(seat) for seat in range(game.players))

    def view(self, seat: int) -> View:
        """What ``seat`` may know."""
        return self.views[seat]

    @cached_property
    def public(self) -> View:
        """What everybody may know: a view whose hand is empty (a watcher's, or a score screen's)."""
        return dataclasses.replace(self.view(0), hand=())

    @property
    def to_move(self) -> int | None:
        """The seat that decides now (``None``: the game is over)."""
        return self.view(0).to_move

    @property
    def over(self) -> bool:
        """Whether its game is over."""
        return self.view(0).over

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return tuple(self.view(0).names)


class Listener(Protocol):
    """Whoever sits at a seat, as far as the table tells it anything."""

    def update(self, view: View, events: Sequence[Event]) -> None:
        """What a move caused, as this seat may see it, and the table after it."""


class Player(Listener, Protocol):
    """A seat that also decides: a bot, a scripted lesson, a person behind some front end."""

    async def decide(self, view: View) -> str:
        """The seat's move in the position ``view`` shows (the seat decides now).

        Raises:
            Undone: the seat took a decision back instead (the table asks afresh).
        """


class Undone(Exception):
    """A decision was taken back: the position changed under the question being asked."""


class Front(Protocol):
    """What plays a match at a table: who decides each seat, and what happens after a move and
    between games (a terminal, a hosted room, or nothing at all)."""

    def player(self, seat: int) -> Player:
        """Who decides for ``seat`` now."""

    def stood_in(self, seat: int) -> bool:
        """Whether the decision just given for ``seat`` was made by someone other than its person: a
        stand-in bot once the grace was over, the turn clock's bot (the save keeps it with the move, and a
        seat mostly played so is not rated: ``Saved.stood_in``)."""

    def moving(self, seat: int, move: str) -> None:
        """``seat``'s move is about to be pushed (what the front end keeps to undo it)."""

    async def moved(self, seat: int, move: str, *, forced: bool = False) -> None:
        """``seat``'s move was pushed, saved and told to every seat (``forced``: it was the only legal
        move, played without asking the seat: its person is told so)."""

    async def between_games(self, problem: Exception | None) -> bool:
        """A game ended and is booked (``problem``: what kept the records from taking it, if
        anything); whether play goes on. To go on, the front end deals what comes next:
        :meth:`Table.next_game`, or a new match."""


T = TypeVar("T")


def run_now(step: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never waits on an event loop (the hot-seat's: its seats answer at once,
    or block on the terminal themselves) to its end, here and now; its exceptions come through.

    Raises:
        RuntimeError: when it does wait (it needs an event loop: ``asyncio.run`` it instead).
    """
    try:
        step.send(None)
    except StopIteration as done:
        value: T = done.value
        return value
    step.close()
    raise RuntimeError("this table's loop waited on an event loop")


class Disk:
    """Where a table's disk work runs: here and now (the hot-seat's table, the only thing its process does;
    its loop, :func:`run_now`, never waits on an event loop)."""

    async def run(self, work: Callable[[], T]) -> T:
        """Do ``work`` (a save written, a game recorded); its result, or its exception."""
        return work()


#: Threads for the tables' disk work, shared by every table of a process: a save waits on the disk, not on
#: Python, so many can wait at once.
DISK_THREADS = 32
_disk_pool: ThreadPoolExecutor | None = None


class DiskThread(Disk):
    """A table's disk work in a thread, one piece at a time and in the order asked: the event loop goes on
    serving every other table and person meanwhile (a club's, a host's)."""

    def __init__(self) -> None:
        self._turn = asyncio.Lock()

    async def run(self, work: Callable[[], T]) -> T:
        global _disk_pool
        if _disk_pool is None:
            _disk_pool = ThreadPoolExecutor(DISK_THREADS, thread_name_prefix="abluxxen-disk")
        async with self._turn:
            return await asyncio.get_running_loop().run_in_executor(_disk_pool, work)


class Table:
    """A match, its save file and the seats that are told each move.

    Args:
        saved: the match, seats and settings (new or resumed).
        path: the save file, rewritten after every move; ``None``: never saved
            (a lesson).
        lock: the save's lock, already taken (default: :meth:`lock` takes it).
        seats: who is told each move, by seat number.
    """

    def __init__(self, saved: Saved, path: Path | None, *, lock: SaveLock | None = None,
                 seats: Mapping[int, Listener] | None = None,
                 shield: Callable[[], AbstractContextManager[object]] = nullcontext) -> None:
        self.saved = saved
        self.path = path
        self.lock_held = lock
        self.seats: dict[int, Listener] = dict(seats or {})
        # Held while the match and its save change together (a move, a game booked, an undo):
        # the hot-seat defers its stop signals there, so a save is never left half-way.
        self.shield = shield
        # Whether ``path`` holds a good save of this match (a resumed one does), and whether
        # the position on the table is newer than it (then ``save_failure`` says why).
        self.last_good = path is not None and _has_content(path)
        self.unsaved = False
        self.save_failure: OSError | SaveError | None = None
        # Whether the finished match is in the records and its save removed.
        self.retired = False
        # The number of this match's first game at the table (a rematch counts on).
        self.first_game = 1
        # The matches over at this table before the one on it (rematches), oldest first: their deals may
        # be replayed, and whoever leaves is told how however they leave (see :meth:`matches_over`).
        self.over_before: list[Saved] = []
        # Told after a game was recorded (the club rates it).
        self.on_recorded: Callable[[], None] = lambda: None
        self.recorded_as: int | None = None  # the number in the records of the game recorded last
        # Where its disk work runs (a club's tables: in a thread).
        self.disk = Disk()
        self._published = self._publishing()

    @property
    def match(self) -> Match:
        """The match being played."""
        return self.saved.match

    @property
    def humans(self) -> list[int]:
        """The seats people play."""
        return [s for s, seat in enumerate(self.saved.seats) if not seat.is_bot]

    def bot_seed(self, seat: int) -> int:
        """The seed of a bot at ``seat``: from the match's, so that a position always gets the same
        answer (after an undo too) and another deal other answers."""
        base = self.match.seed if self.match.seed is not None else 0
        return base * 10 + seat

    def repeats(self) -> int:
        """How many times the position on the table occurred before in this game (bots vary on a repeat)."""
        try:
            return self.saved.transcript.repeats()
        except ValueError:  # a transcript that does not replay: no cycle can be seen in it
            return 0

    def bot(self, seat: int, level: str | None = None) -> BotSeat:
        """A bot for ``seat``: the level the seat was given (or ``level``: a stand-in), seeded from
        the match (:meth:`bot_seed`), varying its move on a position the transcript has seen."""
        chosen = level or self.saved.seats[seat].bot or "normal"
        return BotSeat(chosen, seed=self.bot_seed(seat), repeats=self.repeats)

    def seed_shown(self) -> bool:
        """Whether the seed may be shown: only once the match is over. It replays the deal, every
        hand and the deck's order included, and the later games' deals follow from it, so shown
        sooner it would give away the others' hands (the bots' too)."""
        return self.match.is_over

    def matches_over(self) -> list[Saved]:
        """Every match over at this table (the one on it too, once it is over), oldest first: their seeds
        may be shown (:meth:`seed_shown`)."""
        return [*self.over_before, *([self.saved] if self.seed_shown() else [])]

    # -- what screens see ---------------------------------------------------------------

    @property
    def published(self) -> Published:
        """The table as screens draw it: as it was after its last move, undo or deal (see :class:`Published`)."""
        if self._published.game is not self.match.game:  # another game put on the table (a lesson's, a test's)
            self.publish()
        return self._published

    def publish(self) -> None:
        """Show the table as it is now (after a move once it is saved, an undo, a deal)."""
        self._published = self._publishing()

    def _publishing(self) -> Published:
        return Published(self.match.game, self.saved.log, len(self.saved.transcript.moves))

    # -- moves ------------------------------------------------------------------------

    def push(self, seat: int, move: str) -> list[Event]:
        """:meth:`pushing` for a caller that is no loop (a table whose :attr:`disk` works at once).

        Raises:
            IllegalMove: and nothing changed.
        """
        return run_now(self.pushing(seat, move))

    async def pushing(self, seat: int, move: str, *, stood_in: bool = False) -> list[Event]:
        """Apply ``seat``'s move, save the position after it, then publish it and tell every seat; the events
        it caused.

        A move judged on the view the table published for the seat (:class:`Judged`: a person's, checked as
        it was typed; a bot's) is applied without being judged again; any other is judged here. Screens draw
        what was published (:attr:`published`), so none shows the move before it is on disk, and a crash
        before the save loses nothing any screen showed.

        Args:
            stood_in: someone other than the seat's person made the move (see :meth:`Front.stood_in`).

        Raises:
            IllegalMove: and nothing changed.
        """
        saved = self.saved
        with self.shield():
            if self._judged_here(seat, move):
                assert isinstance(move, Judged)
                events = saved.transcript.push_judged(self.match.game, move)
            else:
                events = saved.transcript.push(self.match.game, move, seat=seat)
            if stood_in:
                saved.stood_in.append(len(saved.transcript.moves) - 1)
            saved.log.extend(events)
            await self.saving(checked=False)  # a move's save, the most frequent: not read back
        self.publish()
        self.tell(events)
        return events

    def _judged_here(self, seat: int, move: str) -> bool:
        """Whether ``move`` was judged on the view this table published for ``seat``, and the game is still the
        one that view shows (the table changes it only by publishing afresh)."""
        published = self._published
        return (isinstance(move, Judged) and published.game is self.match.game
                and published.moves == len(self.saved.transcript.moves) and move.on is published.views[seat])

    def tell(self, events: Sequence[Event]) -> None:
        """Tell every seat ``events`` as it may see them, with its view of the table as published now."""
        published = self.published
        for number, seat in self.seats.items():
            seat.update(published.view(number), [event.visible_to(number) for event in events])

    async def play_game(self, front: Front) -> None:
        """Play the current game to its end: ask the seat that decides, push its move, tell every
        seat; a seat that takes a decision back instead is asked afresh, in the position now.

        Raises:
            IllegalMove: when a player answers with a move that is not legal (nothing changed).
        """
        while not (published := self.published).over:
            seat = published.to_move
            assert seat is not None
            view = published.view(seat)
            legal = view.legal_judged()
            forced = len(legal) == 1  # nobody is asked what only one move answers
            try:
                move = legal[0] if forced else await front.player(seat).decide(view)
            except Undone:
                continue
            stood_in = not forced and front.stood_in(seat)
            front.moving(seat, move)
            await self.pushing(seat, move, stood_in=stood_in)
            await front.moved(seat, move, forced=forced)

    async def play_match(self, front: Front) -> None:
        """Play games until the front end stops: each one to its end, booked (and a finished match
        recorded) before the front end is asked what comes next.

        A front end that stops it half-way (an exception) can call it again: an ended game is
        booked only once, and play goes on where it was.
        """
        while True:
            await self.play_game(front)
            if not await front.between_games(await self.close_game()):
                return

    def play(self, players: Mapping[int, Player]) -> None:
        """Play the current game to its end with no terminal at all (bots and scripted seats whose
        answers never wait); each player is told every move as its seat may see it.

        Raises:
            IllegalMove: when a player answers with a move that is not legal (nothing changed).
        """
        self.seats.update(players)
        run_now(self.play_game(_Seated(players)))

    # -- between games, and taking back ------------------------------------------------

    async def close_game(self) -> Exception | None:
        """Book the game that just ended (once); a match that is over is marked finished, saved and
        recorded. What kept the records from taking it, if anything."""
        match = self.match
        with self.shield():
            match.record()
            if match.is_over:
                self.saved.finished = True
            await self.saving()
            return await self.record()

    def next_game(self) -> None:
        """Deal the match's next game: a fresh log and transcript, not assisted; saved."""
        match = self.match
        with self.shield():
            match.next_game()
            self.saved.log = [start_event(match, self.first_game)]
            self.saved.transcript = Transcript.of(match.game)
            self.saved.assisted = False
            self.saved.stood_in = []
            self.saved.given_up = []
            self.save()
        self.publish()

    def rematch(self, *, first_game: int) -> None:
        """A new match like the one just over, at this table: a fresh seed, the start one seat on (it
        keeps moving clockwise from where the last match left it), saved to a new file beside the last
        (``first_game``: the number its first game has at the table)."""
        match, saved = self.match, self.saved
        if match.seed is not None:  # (what replays it: no moves, a table may play match after match all day)
            self.over_before.append(Saved(match=Match(match.rules, games=match.games, seed=match.seed,
                                                      names=list(match.names), first=match.first),
                                          seats=saved.seats, lang=saved.lang))
        first = (match.first + match.games) % match.rules.players
        fresh = Match(match.rules, games=match.games, seed=new_seed(), names=list(match.names), first=first)
        self.first_game = first_game
        # Its seats are the same people's (the same accounts rate its games), at the same club table.
        # (A tournament's game was the one just over: a rematch at its table is a game like any other.)
        club = {k: v for k, v in saved.club.items() if k != "tournament"} if saved.club is not None else None
        self.saved = Saved(match=fresh, seats=saved.seats, lang=saved.lang, delay=saved.delay,
                           log=[start_event(fresh, first_game)], accounts=saved.accounts, club=club)
        if self.path is not None:
            self.move_to(new_save_path(self.path.parent, list(match.names)))
        self.save()
        self.publish()

    def mark_assisted(self) -> None:
        """A hint or an undo helped in this game: it says so on the table, the score screen and its
        record (saved at once)."""
        with self.shield():
            self.saved.assisted = True
            self.save()

    def take_back(self, seat: int, floor: int = 0) -> str | None:
        """Undo ``seat``'s last decision at or after move ``floor``, and every move since: the game,
        transcript and log go back, the game counts as assisted, and it is saved. The move taken
        back, or ``None`` when there is none.

        Raises:
            ValueError: when the transcript does not replay to the game on the table (nothing changed).
        """
        saved = self.saved
        back = taken_back(saved.transcript, saved.log, self.match.game, seat, floor)
        if back is None:
            return None
        move = saved.transcript.moves[back.upto].move
        with self.shield():
            self.match.game = back.game
            saved.transcript = saved.transcript.truncated(back.upto)
            saved.stood_in = [i for i in saved.stood_in if i < back.upto]
            saved.log = back.log
            saved.assisted = True
            self.save()
        self.publish()
        return move

    # -- the save ---------------------------------------------------------------------

    def lock(self, path: Path) -> None:
        """Hold ``path``'s lock while its game is open (a folder that takes no files cannot be
        locked, nor saved to: the autosave says so).

        Raises:
            SaveBusy: when another process has the save open.
        """
        if self.lock_held is not None and self.lock_held.path == path:
            return
        if self.lock_held is not None:
            # Only the lock: the file it guarded stays (removing a new game's empty file here freed
            # its name for another game started in the same second, and both then played one save).
            self.lock_held.release()
            self.lock_held = None
        try:
            self.lock_held = SaveLock(path).acquire(wait=LOCK_PATIENCE)
        except OSError:
            self.lock_held = None

    def unlock(self) -> None:
        """Give the lock up; a new game's file that was never saved goes too (it would be litter)."""
        if self.lock_held is not None:
            self.lock_held.release()
            self.lock_held = None
        if not self.last_good and self.path is not None:
            try:
                if self.path.stat().st_size == 0:
                    self.path.unlink()
            except OSError:
                pass

    def save(self, *, checked: bool = True) -> None:
        """Write the save file (read back first when ``checked``: see :func:`write_save`); a failure is
        kept in ``save_failure`` and play goes on.

        A finished match whose record is written has no save any more: the records hold it.
        """
        if self.path is None or self.retired:
            return
        try:
            with self.shield():
                write_save(self.path, self.saved, checked=checked)
        except (OSError, SaveError) as err:
            self._saved(err)
            return
        self._saved(None)

    async def saving(self, *, checked: bool = True) -> None:
        """:meth:`save`, its writing done by :attr:`disk` (the save's text is made now: the game may move on
        while it is written)."""
        await self._written(lambda: save_text(self.saved, checked=checked))

    async def _written(self, text: Callable[[], str]) -> None:
        """Write the save's ``text`` (made now) where :attr:`disk` says; a failure is kept, as :meth:`save` keeps it."""
        if self.path is None or self.retired:
            return
        try:
            await self.disk.run(functools.partial(write_save_text, self.path, text()))
        except (OSError, SaveError) as err:
            self._saved(err)
            return
        self._saved(None)

    def _saved(self, err: OSError | SaveError | None) -> None:
        """A save was written (``None``), or not: then the last good save (if any) stays in place."""
        if err is not None:
            self.unsaved, self.save_failure = True, err
        else:
            self.unsaved, self.save_failure, self.last_good = False, None, True

    @property
    def journal_kept(self) -> bool:
        """Whether the finished match's save is on disk as it ended (the records' journal): records that
        could not take its game get it from there the next time they are opened."""
        return self.saved.finished and self.last_good and not self.unsaved and not self.retired

    def move_to(self, path: Path) -> None:
        """Save the next match to ``path`` (a new file, reserved empty)."""
        self.lock(path)  # a new file: nobody else can hold it
        self.path, self.last_good, self.retired = path, False, False

    # -- the record ---------------------------------------------------------------------

    async def record(self) -> Exception | None:
        """Add the finished game to the records (once, however often it is recorded), and any
        finished game still waiting in the save folder; what kept the records from taking it.

        A finished match's save is the journal: it is removed only once its record is written,
        and kept (to be recorded by the next command that opens the records) when it is not.
        """
        if self.path is None:
            return None  # a game nobody saves is nobody's record (a lesson)
        path, saved, shown = self.path, self.saved, self.seed_shown()

        def recording() -> None:
            record_waiting(path.parent, None)
            self.recorded_as = record_finished(saved, seed_shown=shown)
            if saved.finished:
                retire(path)

        try:
            await self.disk.run(recording)
        except Exception as err:  # noqa: BLE001 - the record must never cost the game
            return err
        if saved.finished:
            # The records hold the whole game: a final save that failed (a full disk) loses nothing,
            # and the older save it left is gone with the journal.
            self.retired, self.unsaved, self.save_failure = True, False, None
            if self.lock_held is not None:
                # So goes its lock file: a kill at the score screen leaves none beside a save that is no more.
                self.lock_held.release()
                self.lock_held = None
        self.on_recorded()
        return None


class _Seated:
    """The front end of a table with no terminal: each seat's player, nothing shown, one game."""

    def __init__(self, players: Mapping[int, Player]) -> None:
        self.players = players

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def stood_in(self, seat: int) -> bool:
        return False

    def moving(self, seat: int, move: str) -> None:
        pass

    async def moved(self, seat: int, move: str, *, forced: bool = False) -> None:
        pass

    async def between_games(self, problem: Exception | None) -> bool:
        return False


def records_kind(err: Exception) -> str:
    """Which kind of records problem ``err`` is (see ``store/records_db.py``'s ``KINDS``)."""
    return err.kind if isinstance(err, RecordsError) else "damaged"


def _has_content(path: Path) -> bool:
    try:
        return os.stat(path).st_size > 0
    except OSError:
        return False
