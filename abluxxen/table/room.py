"""A room: a table's people at their screens, its bots, and everything between them, on one event loop.

The :class:`Room` is the front end of a :class:`~abluxxen.table.Table`, whose
loop (:meth:`~abluxxen.table.Table.play_match`) pushes, saves, records and
tells every seat: the room waits until every person's seat is taken, gives
the loop whoever decides, lets a bot stand in for a person who dropped and
did not come back within the grace, keeps the chat, and sees a finished
match into the next game or a rematch. What it holds for a screen is only
ever that seat's :class:`~abluxxen.engine.view.View` or the public one
(:meth:`Room.public_view`): no screen is handed another hand.

A screen (:class:`Viewer`) is whatever people look at: an SSH session's
(one seat, or a watcher's), the host's own terminal, the hot-seat's one
terminal for every person at the table (:meth:`Room.sit_all`), a lesson's.
A room with an invite code is *hosted*: people come through a door.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.events import Event
from ..engine.match import Match
from ..engine.view import View
from ..quoting import brief
from ..store.save_document import Saved
from .chairs import MAX_KEYS_KEPT, Chair, Login, Note, Seating, SeatNotes, Viewer, add_note, tell_note
from .chat import CHAT_KEPT, MAX_LINE, MAX_NAME_SHOWN, Chat, Said
from .codes import new_code, same_code
from .seats import BotSeat
from .table import Player, Published, Table, Undone, records_kind
from .taking_back import TakingBack
from .undo import UndoRequest

#: Watchers a room takes unless the host says otherwise.
MAX_WATCHERS = 20
#: Deadlines a person may miss one after another at a table played over days before a bot plays their seat to
#: the game's end.
MISSED_IN_A_ROW = 3

WAITING, PLAYING, SCORES, OVER = "waiting", "playing", "scores", "over"


class Room:
    """One hosted match.

    Args:
        table: the table that pushes, saves and records (already locked when it saves).
        code: the invite code, as the host gave it (none: nobody comes through a door; the hot-seat).
        grace: how long (seconds) a dropped person's seat waits before a bot stands in; after
            ``--resume``, how long the waiting room waits for each person.
        delay: pause (seconds) after each bot move, so people can follow.
        watchers: how many watchers the room takes (0: none).
        clock: monotonic seconds (tests pass their own).
        on_event: told what is worth a host's log, as a text key and a name (``host.log.joined``, ``Ben``).
        turn: the turn clock: seconds a person has for each decision before a bot decides it for them
            (0: no clock).
    """

    def __init__(self, table: Table, *, code: str = "", grace: float = 120.0, delay: float = 0.6,
                 watchers: int = MAX_WATCHERS, clock: Callable[[], float] = time.monotonic,
                 on_event: Callable[[str, str], None] | None = None, turn: float = 0.0) -> None:
        self.table = table
        self.code = code
        self.grace = grace
        self.turn = turn
        self.delay = delay
        self.max_watchers = watchers
        self.clock = clock
        self.on_event = on_event or (lambda key, name: None)
        # The seats' owners changed (``True``: keep it now, a crash must not lose it) or the chat did.
        self.on_kept: Callable[[bool], None] = lambda now: None
        # Anything changed (what :meth:`changed` tells the screens): a club's table tells its club from here.
        self.on_changed: Callable[[], None] = lambda: None
        seats = table.saved.seats
        self.chairs: dict[int, Chair] = {s: Chair(s, seat.name) for s, seat in enumerate(seats) if not seat.is_bot}
        self.watchers: set[Viewer] = set()
        self.talk = Chat(clock)
        self.chat, self.muted = self.talk.lines, self.talk.muted
        self.barred: set[str] = set()
        self.stage = WAITING if code else PLAYING  # people at one terminal wait for nobody
        # A resumed game waits for its people no longer than the grace: one who never comes back
        # must not hold the others for ever (a bot stands in, as for anyone away).
        self.resumed = bool(table.saved.transcript.moves)
        # Whether play waits for everyone first (the waiting room); a game played on after a pause (a club's
        # table woken from its sleep) does not: whoever is away keeps their grace, as in play.
        self.gathers = True
        # A table played over days (a club's turn-based table): its people come and go as they please. Nobody is
        # waited for at the start, nobody is away: a person's decision waits for them until its deadline (the
        # turn clock, ``turn``: hours), then a stand-in makes that one; after three in a row, the rest of the game.
        self.turn_based = False
        # The deadline of a decision awaited when the room was made (seat, the clock's time): a table woken from
        # its sleep gives the person what was left of their time, not the whole of it again.
        self.due: dict[int, float] = {}
        # A tournament's live table: a person not there when its game starts, and not back within the grace,
        # gives their seat up (a bot plays it to the game's end; the game is not rated for them).
        self.forfeits = False
        # A person's decision went to a stand-in at a table played over days (``True``: their seat given up).
        self.on_missed: Callable[[Chair, bool], None] = lambda chair, given_up: None
        self.version = 0
        self.games_before = 0  # games of the matches played before this one at the table (rematches)
        self.problem: Note | None = None  # a save or records problem, for every screen
        self.stand_ins: dict[int, BotSeat] = {}
        self._stood_in: set[int] = set()  # seats whose decision just given a stand-in made (see stood_in)
        self.bot_seats: dict[int, BotSeat] = {}
        self.deciders = {seat: _Decider(self, seat) for seat in range(len(seats))}
        # Who decides each seat, and who may take back what: a lesson swaps these policies for its own
        # (its script's seats; no undo).
        self.deciding: Callable[[int], Player] = self.deciders.__getitem__
        self.taking_back = TakingBack(self)
        # Screens that see every game to its score screen and say when the next may come (the
        # hot-seat's terminal, whether or not people sit at it), and those of them not done yet.
        self.onlookers: set[Viewer] = set()
        self.holding: set[Viewer] = set()
        self._turn = 0  # whose turn the move being made is made in
        self._wake = asyncio.Event()
        for number, chair in self.chairs.items():
            table.seats[number] = SeatNotes(chair)
            if self.resumed:
                chair.left_at = clock()

    def use_table(self, table: Table) -> None:
        """Play at ``table`` from now on, its seats told as this room's were (a lesson's new position)."""
        self.table = table
        for number, chair in self.chairs.items():
            table.seats[number] = SeatNotes(chair)
        self.changed()

    # -- what screens read --------------------------------------------------------

    @property
    def saved(self) -> Saved:
        """The match, seats and settings."""
        return self.table.saved

    @property
    def match(self) -> Match:
        """The match being played."""
        return self.table.match

    @property
    def hosted(self) -> bool:
        """Whether people come through a door (with the invite code) rather than sit at one terminal."""
        return bool(self.code)

    @property
    def several_people(self) -> bool:
        """Whether more than one person plays here."""
        return len(self.chairs) > 1

    @property
    def game_number(self) -> int:
        """The number of the game on the table, counted from the first at this table (rematches too)."""
        return self.games_before + self.match.number + 1

    @property
    def shown(self) -> Published:
        """The table as every screen draws it: as the table published it after its last move (never the game
        half-way through the next one)."""
        return self.table.published

    @property
    def log(self) -> tuple[Event, ...]:
        """What happened in the game on the table, as published with it."""
        return self.table.published.log

    def view_for(self, seat: int) -> View:
        """What ``seat`` may know now."""
        return self.table.published.view(seat)

    def public_view(self) -> View:
        """What everybody may know: a view whose hand is empty (a watcher's, or a score screen's)."""
        return self.table.published.public

    def chair_of(self, name: str) -> Chair | None:
        """The person's seat a login name takes (names match in any case)."""
        folded = name.casefold()
        return next((c for c in self.chairs.values() if c.name.casefold() == folded), None)

    def awaited(self) -> list[str]:
        """Before the start: the people not here yet."""
        return [c.name for c in self.chairs.values() if not c.present]

    def away(self) -> list[tuple[str, float]]:
        """Who dropped (or, after ``--resume``, has not come back yet), and how many seconds their seat
        still waits (0: a bot plays it)."""
        return [(name, max(0.0, left)) for name, left in self._countdowns()]

    # -- who owns a seat -------------------------------------------------------------

    def owns(self, name: str, key_print: str) -> bool:
        """Whether ``name``'s seat belongs to the SSH key ``key_print`` (its owner may come back by it)."""
        chair = self.chair_of(name)
        return chair is not None and key_print in chair.keys

    def returns(self, name: str, typed: str) -> bool:
        """Whether ``typed`` is ``name``'s seat's return code (compared in constant time)."""
        chair = self.chair_of(name)
        return chair is not None and bool(chair.return_code) and same_code(typed, chair.return_code)

    def _claim(self, chair: Chair, login: Login) -> None:
        """The first person to sit down takes the seat: for their keys, else for a fresh return code."""
        if login.keys:
            chair.keys = frozenset(login.keys)
        else:
            chair.return_code = new_code(2)  # shown on their status line: see tui/around.py, status_line
        self.on_kept(True)

    # -- screens come and go --------------------------------------------------------

    def sit(self, login: Login, screen: Viewer) -> Seating:
        """A screen arrives: it takes its person's seat (a screen already there is closed: the same
        person connected again) or watches, and then says why when it asked for a seat; or it may
        not stay (``kicked``, ``no_watchers``: it is not let in)."""
        chair = self.chair_of(login.name)
        why = self._not_theirs(chair, login)
        if chair is None or why:
            if login.name.casefold() in self.barred:
                return Seating(None, "kicked")
            if len(self.watchers) >= self.max_watchers:
                return Seating(None, "no_watchers")
            self.watchers.add(screen)
            self._say_host("watches", brief(login.name, MAX_NAME_SHOWN))
            self.changed()
            return Seating(None, why)
        if not chair.owned and not screen.local:
            self._claim(chair, login)
        old, chair.screen = chair.screen, screen
        if old is not None:
            old.close("elsewhere")
        came_back = chair.came
        chair.came, chair.left_at = True, None
        chair.changed.set()
        self._say_host("back" if came_back else "joined", chair.name)
        self.changed()
        if chair.answer is not None:
            screen.turn_started(chair)
        return Seating(chair)

    def sit_all(self, screen: Viewer) -> list[Chair]:
        """One terminal for every person at the table (the hot-seat): ``screen`` holds every chair, and
        the next game waits for it at each score screen (see :meth:`release`)."""
        self.onlookers.add(screen)
        for chair in self.chairs.values():
            chair.screen, chair.came, chair.left_at = screen, True, None
            chair.changed.set()
        self.changed()
        return list(self.chairs.values())

    def _not_theirs(self, chair: Chair | None, login: Login) -> str:
        """Why ``login`` may not take ``chair``, the seat of its name (``""``: it may, or there is none)."""
        if chair is None:
            return ""
        # The seat the host plays at their own terminal stays theirs: taking it over would close
        # that terminal, and with it the game for everyone. A login under that name watches.
        if chair.screen is not None and chair.screen.local:
            return "host_seat"
        if chair.owned and not chair.belongs_to(login):
            return "owned"
        return ""

    def leave(self, screen: Viewer) -> None:
        """A screen has gone (closed, dropped, or quit)."""
        self.watchers.discard(screen)
        self.onlookers.discard(screen)
        self.holding.discard(screen)
        for chair in self.chairs.values():
            if chair.screen is screen:
                chair.screen = None
                if self.stage != WAITING or self.resumed:
                    chair.left_at = self.clock()
                chair.changed.set()
                self._say_host("left", chair.name)
        self.changed()

    def screens(self) -> list[Viewer]:
        """Every connected screen, once each (one terminal may hold several seats)."""
        held = [c.screen for c in self.chairs.values() if c.screen is not None]
        return list(dict.fromkeys([*held, *self.onlookers, *self.watchers]))

    def changed(self) -> None:
        """The table changed: every screen draws again."""
        self.version += 1
        self._wake.set()
        for screen in self.screens():
            screen.refresh()
        self.on_changed()

    def _say_host(self, what: str, name: str = "") -> None:
        self.on_event(f"host.log.{what}", name)

    # -- chat -------------------------------------------------------------------------

    def say(self, name: str, text: str, *, watching: bool = False) -> str:
        """A line of chat from ``name`` (see :meth:`Chat.say`); ``""`` when it was said (or there was nothing
        to say), else why not (a text key: ``host.chat.muted``, ``host.chat.slow``, …)."""
        refused = self.talk.say(name, text, watching=watching)
        if not refused:
            self.on_kept(False)
            self.changed()
        return refused

    # -- what the host may do ---------------------------------------------------------------

    def mute(self, name: str, muted: bool = True) -> bool:
        """Mute (or unmute) ``name``'s chat; whether somebody of that name is here or muted."""
        folded = name.casefold()
        known = folded in self.muted or any(s.name.casefold() == folded for s in self.screens())
        if muted and known:
            self.muted.add(folded)
        else:
            self.muted.discard(folded)
        return known

    def kick(self, name: str) -> str:
        """Send ``name`` away; who went (``watchers``, ``seat``, or ``""``: nobody).

        Watchers of that name go first (one posing as a player is one) and may not come back under
        it; with none, the person in the seat of that name goes and the seat is free for the next
        login under its name (the code still needed)."""
        folded = name.casefold()
        watching = [s for s in self.watchers if s.name.casefold() == folded]
        if watching:
            self.barred.add(folded)
            for screen in watching:
                screen.close("kicked")
            return "watchers"
        chair = self.chair_of(name)
        if chair is None or (chair.screen is not None and chair.screen.local):
            return ""
        found = "seat" if chair.owned or chair.present else ""
        chair.keys, chair.return_code = frozenset(), ""
        self.on_kept(True)
        if chair.screen is not None:
            chair.screen.close("kicked")
        return found

    def allow_watchers(self, count: int) -> None:
        """Take at most ``count`` watchers (0: none); watchers past it leave now, newest first."""
        self.max_watchers = max(0, count)
        for screen in list(self.watchers)[self.max_watchers:]:
            screen.close("no_watchers")
        self.changed()

    # -- what the host keeps for --resume --------------------------------------------------

    def kept(self) -> dict[str, Any]:
        """The seats' owners and the chat, as ``--resume`` needs them back."""
        owners = {c.name: {"keys": sorted(c.keys), "return_code": c.return_code}
                  for c in self.chairs.values() if c.owned}
        chat = [{"name": said.name, "text": said.text, "watching": said.watching} for said in self.chat]
        return {"owners": owners, "chat": chat}

    def restore(self, kept: dict[str, Any]) -> None:
        """Take back what :meth:`kept` gave (read warily: it comes from a file)."""
        owners = kept.get("owners")
        for name, owner in (owners.items() if isinstance(owners, dict) else ()):
            chair = self.chair_of(str(name))
            if chair is None or not isinstance(owner, dict):
                continue
            keys = owner.get("keys")
            chair.keys = frozenset(str(k)[:100] for k in keys[:MAX_KEYS_KEPT]) if isinstance(keys, list) \
                else frozenset()
            chair.return_code = str(owner.get("return_code") or "")[:40]
        chat = kept.get("chat")
        for line in (chat[-CHAT_KEPT:] if isinstance(chat, list) else ()):
            if isinstance(line, dict):
                clean = "".join(ch if ch.isprintable() else " " for ch in str(line.get("text", ""))[:MAX_LINE])
                # Said before the restart: in the log, no longer under the table.
                self.chat.append(Said(brief(str(line.get("name", "?")), MAX_NAME_SHOWN), clean.strip(),
                                      float("-inf"), bool(line.get("watching"))))

    # -- the game -----------------------------------------------------------------------

    def answer(self, chair: Chair, move: str) -> bool:
        """``chair``'s person gives ``move`` (already checked against their view); whether it was
        taken (``False``: it is not their decision now)."""
        if chair.answer is None or chair.answer.done():
            return False
        chair.answer.set_result(move)
        return True

    def go_on(self, chair: Chair, wanted: bool = True) -> None:
        """At a score screen, ``chair``'s person wants the next game (or, once the match is over, a
        rematch at this table), or not."""
        chair.ready = wanted
        self.changed()

    def release(self, screen: Viewer) -> None:
        """An onlooking screen (:meth:`sit_all`) is done with the score screen: the next game may come."""
        self.holding.discard(screen)
        self.changed()

    async def run(self) -> None:
        """Wait for everyone, then play the match to its end (the save holds every move)."""
        await self.table.saving()  # from the start: a crash before the first move can be resumed too
        self._note_problems()
        if self.gathers:
            await self._gather()
        if self.forfeits and not self.saved.transcript.moves and self.match.number == 0:
            for chair in self.chairs.values():
                if not chair.present and chair.seat not in self.saved.given_up:
                    self.saved.given_up.append(chair.seat)
                    add_note(chair.notes, Note("given_up_absent"))
        self.stage = PLAYING
        self._say_host("starts")
        self.changed()
        ticker = asyncio.get_running_loop().create_task(self._tick())
        try:
            await self.table.play_match(self)
        finally:
            ticker.cancel()
        self.stage = OVER
        self.changed()

    async def _gather(self) -> None:
        """The waiting room: until every person's seat is taken (after ``--resume``, or until the grace
        of everyone still away is over: then the game goes on with bots standing in)."""
        ticker = asyncio.get_running_loop().create_task(self._tick())
        try:
            while self.awaited():
                left = [self._grace_left(c) for c in self.chairs.values() if not c.present]
                if self.resumed and max(left) <= 0:
                    return
                self._wake.clear()
                try:
                    await asyncio.wait_for(self._wake.wait(), max(left) if self.resumed else None)
                except TimeoutError:
                    pass
        finally:
            ticker.cancel()

    async def _tick(self) -> None:
        """While a seat's countdown or a turn clock runs, the screens' status line moves every second (the
        table itself is not drawn again); once every seat away has its bot, nothing moves."""
        while True:
            await asyncio.sleep(1.0)
            clocks = any(c.deadline is not None for c in self.chairs.values())
            if clocks or any(left > -1.0 for _, left in self._countdowns()):
                for screen in self.screens():
                    screen.refresh()

    def _countdowns(self) -> list[tuple[str, float]]:
        return [(c.name, self._grace_left(c)) for c in self.chairs.values()
                if not c.present and c.left_at is not None]

    # -- the table's front end (table.Front) -----------------------------------------

    def player(self, seat: int) -> Player:
        """Who decides for ``seat``: its person, their stand-in, or its bot (see :meth:`_decide`), unless
        :attr:`deciding` says otherwise."""
        return self.deciding(seat)

    def stood_in(self, seat: int) -> bool:
        """Whether the decision just given for ``seat`` was its stand-in's (after the grace, or on the turn
        clock), not its person's: the one place a room decides for a person (see :meth:`person`)."""
        made = seat in self._stood_in
        self._stood_in.discard(seat)
        return made

    def moving(self, seat: int, move: str) -> None:
        """Before a move: what an undo of it brings back is kept, and whose turn it is made in."""
        self._turn = self.shown.view(seat).turn
        self.taking_back.keep_notes()

    async def moved(self, seat: int, move: str, *, forced: bool = False) -> None:
        """Every screen draws the move (a person is told when it was their only one); after a bot's (or a
        stand-in's), a pause so people can follow, when somebody is watching: a table with no screen at all
        (its people away, no watcher) plays on at once, and pauses again as soon as a screen comes."""
        if forced and seat in self.chairs:
            tell_note(self.chairs[seat], Note("forced", move=move, turn=self._turn))
        self._note_problems()
        self.changed()
        if (seat not in self.chairs or not self.chairs[seat].present) and self.screens():
            await asyncio.sleep(self.delay)

    async def _decide(self, seat: int, view: View) -> str:
        for screen in self.screens():
            await screen.handover(seat)
        chair = self.chairs.get(seat)
        if chair is None:
            return await self._bot_move(self._bot(seat), view)
        return await self.person(chair, view)

    async def person(self, chair: Chair, view: View) -> str:
        """A person's move; while they are away past the grace, or once their turn clock ran out, a
        normal bot's."""
        self._stood_in.discard(chair.seat)  # a stand-in's move that was never pushed (play stopped) counts for nobody
        if chair.seat in self.saved.given_up:  # its person missed three deadlines in a row: a bot plays it on
            move = await self._bot_move(self._stand_in(chair.seat), view)
            self._stood_in.add(chair.seat)
            return move
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[str] = loop.create_future()
        chair.answer = answer
        due = self.due.pop(chair.seat, None)
        chair.deadline = due if due is not None else self.clock() + self.turn if self.turn > 0 else None
        if chair.screen is not None:
            chair.screen.turn_started(chair)
        self.changed()
        try:
            while (chair.present or self.turn_based or self._grace_left(chair) > 0) and not self._out_of_time(chair):
                chair.changed.clear()
                waiter = loop.create_task(chair.changed.wait())
                timeouts = [] if chair.present or self.turn_based else [self._grace_left(chair)]
                if chair.deadline is not None:
                    timeouts.append(chair.deadline - self.clock())
                waited: set[asyncio.Future[object]] = {answer, waiter}  # type: ignore[arg-type]
                await asyncio.wait(waited, timeout=min(timeouts, default=None), return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
                if answer.done():
                    return answer.result()
            chair.answer = None  # the stand-in decides this one: a person back meanwhile waits for the next
            if self._out_of_time(chair):
                add_note(chair.notes, Note("clock_out"))
            move = await self._bot_move(self._stand_in(chair.seat), view)
            self._stood_in.add(chair.seat)
            if self.turn_based:
                self._missed(chair)
            return move
        finally:
            chair.answer = None
            chair.deadline = None

    def _missed(self, chair: Chair) -> None:
        """``chair``'s person let a deadline pass at a table played over days: the others are told; the third in
        a row gives their seat up to the stand-in for the rest of the game (kept in the save: not rated)."""
        saved = self.saved
        given_up = saved.missed_in_a_row(chair.seat) + 1 >= MISSED_IN_A_ROW  # (this one is not pushed yet)
        if given_up and chair.seat not in saved.given_up:
            saved.given_up.append(chair.seat)
            add_note(chair.notes, Note("given_up_yours"))
        for other in self.chairs.values():
            if other is not chair:
                add_note(other.notes, Note("given_up" if given_up else "missed", name=chair.name))
        self.on_missed(chair, given_up)

    def _out_of_time(self, chair: Chair) -> bool:
        return chair.deadline is not None and self.clock() >= chair.deadline

    def time_left(self, chair: Chair) -> float | None:
        """Seconds ``chair``'s person still has for the decision asked of them (``None``: no clock runs)."""
        return max(0.0, chair.deadline - self.clock()) if chair.deadline is not None else None

    def _grace_left(self, chair: Chair) -> float:
        if chair.left_at is None:
            return self.grace
        return self.grace - (self.clock() - chair.left_at)

    def _bot(self, seat: int) -> BotSeat:
        if seat not in self.bot_seats:
            self.bot_seats[seat] = self.table.bot(seat)
        return self.bot_seats[seat]

    def _stand_in(self, seat: int) -> BotSeat:
        if seat not in self.stand_ins:
            self.stand_ins[seat] = self.table.bot(seat, "normal")
        return self.stand_ins[seat]

    async def _bot_move(self, bot: BotSeat, view: View) -> str:
        """A bot's move, thought out off the event loop (the other screens stay quick)."""
        return await asyncio.to_thread(bot.choose, view)

    def _take_back(self, seat: int, floor: int) -> None:
        self.taking_back.take_back(seat, floor)
        self._note_problems()
        self.changed()

    def _note_problems(self) -> None:
        err = self.table.save_failure
        self.problem = None if err is None else Note("not_saved", error=err)

    async def between_games(self, problem: Exception | None) -> bool:
        """The score screen of the game just booked; whether another game follows."""
        match = self.match
        self._note_problems()
        if problem is not None:
            self.problem = self.records_note(problem)
        self.stage = OVER if match.is_over else SCORES
        for chair in self.chairs.values():
            chair.ready = False
        self.holding = set(self.onlookers)
        self.changed()
        # The next game (or, once the match is over, a rematch) starts when every person here wants it
        # and every onlooking screen is done; people away count as willing, and with nobody here
        # nothing more is played.
        while self.holding or any(c.present and not c.ready for c in self.chairs.values()):
            self._wake.clear()
            await self._wake.wait()
        if not self.onlookers and not any(c.present for c in self.chairs.values()) \
                and not (self.turn_based and not match.is_over):  # (played over days: the match goes on)
            return False
        rematch = match.is_over
        if rematch:
            self.rematch()
        else:
            self.table.next_game()
        self.taking_back.forget()
        for chair in self.chairs.values():
            chair.notes.clear()
            chair.drawn.clear()
            chair.keyboard_at = 0
        self.problem = None
        self.stage = PLAYING
        if rematch:
            self.on_kept(True)  # its new save, on disk now, is what a restart resumes
        self.changed()
        return True

    def records_note(self, problem: Exception) -> Note:
        """What every screen says when the records could not take the game just over: recorded later
        when its save holds its end (a finished match's save stays, and the next command that opens the
        records takes it), else not at all (the end could not be saved either)."""
        kind = records_kind(problem)
        if self.table.unsaved:
            return Note("records_not", name=kind)
        return Note("records_failed", name=kind, move="later" if self.table.journal_kept else "")

    def rematch(self) -> None:
        """A new match of the same kind at this table: a fresh deal, the start one seat on, a new save."""
        self.games_before += self.match.games
        self.table.rematch(first_game=self.games_before + 1)


class _Decider:
    """The room's player for one seat: the room decides who answers (see :meth:`Room._decide`)."""

    def __init__(self, room: Room, seat: int) -> None:
        self.room = room
        self.seat = seat

    async def decide(self, view: View) -> str:
        try:
            return await self.room._decide(self.seat, view)
        except UndoRequest as undo:
            self.room._take_back(self.seat, undo.floor)
            raise Undone from None

    def update(self, view: View, events: Sequence[Event]) -> None:
        """The room's notes are told by the table (``SeatNotes``): nothing here."""
