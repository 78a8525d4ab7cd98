"""The hot-seat: one terminal for every person at the table, who pass the keyboard.

The table is a :class:`~abluxxen.table.room.Room` like any other; this
terminal's one screen (:class:`HotSeatScreen`) holds every person's seat and
hands the keyboard over: before a hand appears to anyone but the person who
last saw the screen, a cover names who takes the keyboard and waits for
their Enter; and before the keyboard leaves a person whose hand changed
since they last saw it (a draw), their table shows once more, until they
press Enter and pass the keyboard on. With one person and bots there is no
handover at all.

:func:`play_here` runs a match at this terminal: the room's loop and the
screen on one event loop, stop signals answered on that loop (so a move and
its save are never split), and what is left to say printed when the screen
is gone. A terminal that is not one (a pipe) gets the same screen read a
line at a time.
"""

from __future__ import annotations

import asyncio
import io
import logging
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, Protocol

from prompt_toolkit.application import create_app_session
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput
from rich.align import Align
from rich.console import RenderableType

from ..complaints import complain
from ..engine.phase import Phase
from ..i18n.tr import Tr
from ..quoting import fitting
from ..store.save_document import Saved, SaveError
from ..store.save_lock import SaveBusy, SaveLock
from ..store.saves import clean_leftovers
from ..table.chairs import Chair, Login
from ..table.room import OVER, PLAYING, SCORES, Room
from ..table.table import Table
from .covers import Cover, Question
from .drawing import render_table
from .pages import replay_lines
from .scores import ScoreScreen
from .screen import TableScreen
from .stops import HUNG_UP, INTERRUPTED, STOPPED, answer_stop_signals, ignore_stop_signals
from .terminal import Terminal, TerminalGone


class HotSeatScreen(TableScreen):
    """The one screen of the hot-seat: every person's seat, the keyboard handed over between them.

    Args:
        room: the table.
        lang: ``en`` or ``de``.
        colours: rich's colour system, or ``None``.
    """

    def __init__(self, room: Room, *, lang: str = "en", colours: str | None = "256") -> None:
        super().__init__(room, Login(""), lang=lang, colours=colours)
        self.holder: Chair | None = None  # who has the keyboard (None: nobody knows: cover first)
        self.dropped = False  # a line was typed before its question showed

    def sit(self) -> bool:
        self.chairs = self.room.sit_all(self)
        if len(self.chairs) == 1:  # alone with bots: the hand is always on the table
            self.holder = self.showing = self.chairs[0]
        return True

    # -- handing the keyboard over ------------------------------------------------------------------

    async def handover(self, seat: int) -> None:
        """Before ``seat`` is asked: show the person leaving the keyboard their new cards, then cover
        the table until the next person has it."""
        if len(self.chairs) < 2:
            return
        chair = self.room.chairs.get(seat)
        holder = self.holder
        if chair is holder and chair is not None:
            return
        if holder is not None and holder.drawn:
            await self._reveal(holder)
        if chair is None:  # a bot decides: the table without anyone's hand meanwhile
            self.showing = None
            self.refresh()
            return
        view = self.room.view_for(seat)
        reason = {Phase.BACK_OR_DISCARD: "pass_why.answer", Phase.DRAW: "pass_why.draw"}.get(
            view.phase, "pass_why.play")
        body = "\n".join((self.tr(reason, name=chair.name), self.tr("pass_private", name=chair.name)))
        self.showing = None
        await self._until_enter(Cover(self.tr("pass_to", name=chair.name), body,
                                      short=self.tr("pass_to_small", name=chair.name)))
        self.holder = self.showing = chair
        chair.keyboard_at = len(self.room.saved.transcript.moves)

    async def _reveal(self, chair: Chair) -> None:
        """The table of the person leaving the keyboard, their new cards in hand, until their Enter."""
        self.showing = chair
        chair.drawn.clear()
        done = asyncio.Event()

        def answered(text: str) -> None:
            # At once, not when the room goes on: the next picture may be seen by the next person.
            self.holder = self.showing = None
            chair.notes.clear()
            if text.strip():
                self.dropped = True
            done.set()
        self.question = Question(self.tr("drew_enter"), answered)
        self.refresh()
        await done.wait()

    async def _until_enter(self, cover: Cover) -> None:
        cover.done = asyncio.Event()
        self.cover = cover
        self.refresh()
        await cover.done.wait()

    def turn_started(self, chair: Chair) -> None:
        """``chair`` decides now, at this keyboard (the handover is done): its table, its question."""
        self.holder = self.showing = chair
        chair.drawn.clear()
        # A line whose Enter came before the question showed was dropped then; one still at the prompt
        # is dropped at its Enter (see asking).
        self.message = self.tr("typed_ahead") if self.dropped else ""
        self.dropped = False
        self.refresh()

    def _uncover(self, *, typed: bool) -> None:
        self.dropped = self.dropped or typed
        super()._uncover(typed=False)

    def _small_head(self) -> str:
        """While the keyboard is with somebody (no cover), it is theirs to keep until the table shows again:
        the turn may be somebody else's already, whom their Enter passes it to once they have seen their
        new cards."""
        if self.cover is None and self.holder is not None and len(self.chairs) > 1:
            return self.tr("keyboard_with", name=self.holder.name)
        return super()._small_head()

    def _table(self, cols: int, height: int) -> RenderableType:
        if self.question is not None and self.showing is not None and self.room.stage == PLAYING:
            # Waiting for this person's Enter: nobody thinks yet, whatever the table's next seat.
            view = self.room.view_for(self.showing.seat)
            return render_table(view, self.room.log, self.tr, info=self._info(), show_hand=True,
                                width=cols, height=height, message=self._messages(), waiting=False)
        return super()._table(cols, height)

    # -- what is typed --------------------------------------------------------------------------

    def _move(self, text: str) -> None:
        """A move typed before its question showed (while bots think) is never played: it is dropped,
        and the question says so when it comes."""
        if self._awaiting_question():
            self.dropped = True
            return
        super()._move(text)

    def typed_before(self) -> None:
        if self._awaiting_question():
            self.dropped = True  # said by the question when it comes (it is the next thing on the screen)
        else:
            super().typed_before()

    def _awaiting_question(self) -> bool:
        """Whether the game goes on and nobody at this keyboard is asked yet (the bots think, or the
        handover is done and the question is on its way)."""
        return self.deciding_view() is None and self.room.stage == PLAYING and bool(self.chairs) \
            and self.cover is None and self.question is None

    def _prompt(self) -> StyleAndTextTuples:
        if self.cover is None and self.question is None and self.page is None and self._between_question():
            return [("bold", self.tr(self._between_question()))]
        if self.showing is None and self.page is None and self.cover is None and self.question is None:
            return [("bold", "› ")]  # nobody's turn at this keyboard (a bot thinks): nobody is watching
        return super()._prompt()

    def expects_line(self) -> bool:
        return bool(self._between_question()) or super().expects_line()

    def _between_question(self) -> str:
        """At a score screen: the question whose answer decides what comes next, if one is open."""
        room = self.room
        if self not in room.holding:
            return ""
        return "play_again" if room.stage == OVER else "next_game" if room.stage == SCORES else ""

    def _between(self, text: str) -> None:
        question = self._between_question()
        if not question:
            return super()._between(text)
        wanted = self.tr.yes_or_no(text, default=question == "next_game")
        if wanted is None:  # neither yes nor no (a move typed on): the same question again
            self.say(self.tr("setup_bad_yes_no"))
            return
        if not wanted:
            self._leave()
            return
        for chair in self.chairs:
            self.room.go_on(chair)
        self.holder = self.showing = self.chairs[0] if len(self.chairs) == 1 else None
        self.room.release(self)

    def answer(self, text: str) -> None:
        if self._between_question() and self.cover is None and self.question is None and self.page is None \
                and not text.strip().startswith(("?", "log", "rules", "regeln", "verlauf")):
            self.message = ""
            self._between(text)
            self.refresh()
            return
        super().answer(text)

    # -- leaving ----------------------------------------------------------------------------------

    def quit(self) -> None:
        """Leave once the person confirms (Ctrl-D, or ``quit``): the game is saved, and ``abluxxen resume``
        continues it."""
        self._ask_quit(0)

    def interrupted(self) -> None:
        """Ctrl-C: the same question as ``quit`` (a yes leaves with status 130)."""
        self._ask_quit(INTERRUPTED)

    def _quit_prompt(self) -> str:
        """The quit question, saying what is kept: the latest moves lost (a failed save), nothing to
        resume (the match is over: recorded, unless the records failed), or the save to resume."""
        room = self.room
        if room.table.unsaved:
            return self.tr("quit_ask_unsaved")
        if room.stage == OVER:
            unrecorded = room.problem is not None and room.problem.key in ("records_failed", "records_not")
            return self.tr("quit_ask_over" if unrecorded else "quit_ask_recorded")
        return self.tr("quit_ask")

    def _quit(self, status: int) -> None:
        self.status = status
        self._leave()

    def _leave(self) -> None:
        self.goodbye = " "  # nothing to say on the way out: play_here prints what is left to say
        self._exit()



def play_here(saved: Saved, path: Path, *, delay: float | None = None, lock: SaveLock | None = None,
              lines: LineTerminal | None = None, room_kind: type[Room] = Room) -> int:
    """Play a match at this terminal until it ends or the players leave; the exit status (130 after
    Ctrl-C, 129 when the terminal went away, 143 when stopped; 1 when the save is open in another
    terminal, or the latest moves could not be saved).

    Args:
        saved: the match, seats and settings (new or resumed).
        path: its save file.
        delay: pause after each bot move (default: the saved one).
        lock: the save's lock, already taken (default: taken here).
        lines: a line terminal instead of this one (default: this terminal, or standard input and
            output read a line at a time when they are no terminal).
        room_kind: the room the table is played in (another kind decides its seats otherwise).
    """
    tr = Tr(saved.lang)
    table = Table(saved, path, lock=lock)
    try:
        table.lock(path)
    except SaveBusy:
        complain(tr.line("save_busy", path=path))
        return 1
    tell_unguarded(table.lock_held, tr)
    clean_leftovers(path.parent)
    room = room_kind(table, delay=saved.delay if delay is None else delay)
    terminal = Terminal()
    if lines is None:
        lines = plain_lines(terminal)
    if lines is None:
        screen = HotSeatScreen(room, lang=saved.lang, colours=_colours(terminal))
    else:
        # Lines are read from standard input by ``lines`` alone: the screen's application must not open it
        # (prompt_toolkit would warn that it is no terminal, and read from it).
        with create_app_session(input=DummyInput(), output=DummyOutput()):
            screen = HotSeatScreen(room, lang=saved.lang, colours=None)
    try:
        status = asyncio.run(play(room, screen, lines))
    finally:
        table.unlock()
    if status in (HUNG_UP, STOPPED) or screen.lost:
        ignore_stop_signals()
    return _after(room, screen, terminal, tr, status, lines=lines is not None)


def tell_unguarded(lock: SaveLock | None, tr: Tr) -> None:
    """Before the game's screen: say so when the system has no lock to keep the game to this terminal."""
    if lock is not None and not lock.guarded:
        complain(tr("lock_unguarded"))


async def play(room: Room, screen: HotSeatScreen, lines: LineTerminal | None = None) -> int:
    """The room's match and its screen, at this terminal or a line terminal, until the screen is left;
    the exit status."""
    return await at_terminal(screen, room.run(), lines)


async def at_terminal(screen: TableScreen, work: Coroutine[Any, Any, None], lines: LineTerminal | None) -> int:
    """Run ``work`` (a room's match, a course) with ``screen`` at this terminal (or ``lines``) until the
    screen is left or the work is done; the exit status. Stop signals are answered here, on the event
    loop, between two moves: a hang-up or SIGTERM leaves (129, 143), Ctrl-C asks the screen."""
    answer_stop_signals(screen.stop, interrupted=screen.interrupted)
    task = asyncio.get_running_loop().create_task(work)
    task.add_done_callback(lambda _: screen._exit())  # the match is over and nobody wants another
    faults = Faults()
    logging.getLogger("abluxxen").addHandler(faults)
    try:
        await (read_lines(screen, task, lines) if lines is not None else screen.run())
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        logging.getLogger("abluxxen").removeHandler(faults)
        faults.tell(screen.tr)
    return HUNG_UP if screen.lost else screen.status


class Faults(logging.Handler):
    """The faults the program logs while a game is at a terminal of its own (a line that failed to be
    answered, a screen that failed to draw): a terminal of its own has no log file, and the game's screen
    must not be written over, so they are kept here and written on standard error once the screen is gone,
    tracebacks and all, to be reported."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.kept: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.kept.append(self.format(record))

    def tell(self, tr: Tr) -> None:
        """Write what was kept on standard error (nothing when nothing was)."""
        if not self.kept:
            return
        complain(tr("faults_logged_one" if len(self.kept) == 1 else "faults_logged", n=len(self.kept)))
        try:
            print("\n".join(self.kept), file=sys.stderr)
        except (OSError, ValueError):  # no standard error left (gone with its terminal)
            pass


class LineTerminal(Protocol):
    """A terminal that is no terminal: it shows the screen as text and gives whole lines."""

    #: The size the screen is drawn at (columns, rows).
    size: tuple[int, int]

    async def read_line(self) -> str | None:
        """The next line typed (without its line ending); ``None`` at the end of the input."""

    def show(self, picture: str, *, asking: bool) -> None:
        """The screen as it is now (``asking``: a line typed now answers its question)."""


def plain_lines(terminal: Terminal) -> Pipes | None:
    """Standard input and output read and written a line at a time when either is no terminal (a pipe, a
    script); ``None`` at a terminal."""
    return None if sys.stdin.isatty() and terminal.terminal else Pipes()


class Pipes:
    """Standard input and output as a line terminal: the screen is written out whenever it asks.

    One reader for everything asked: what it has read ahead from the pipe is its own, so the questions
    before the table (:meth:`ask`) and the table's must share it, or lines would go missing between them.
    """

    size = (80, 23)

    def __init__(self) -> None:
        # Any line ending ends a line: a script may type Enter as the terminal sends it (\r).
        self.source = io.TextIOWrapper(sys.stdin.buffer, encoding=sys.stdin.encoding, errors="replace",
                                       newline=None)
        self.shown = ""

    async def read_line(self) -> str | None:
        line = await asyncio.get_running_loop().run_in_executor(None, self.source.readline)
        return line.rstrip("\n") if line else None

    def ask(self, question: str) -> str:
        """A question before the table (the setup's), on its own line, answered by the next line.

        Raises:
            EOFError: at the end of the input.
        """
        print(question.rstrip(), flush=True)
        line = self.source.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")

    def show(self, picture: str, *, asking: bool) -> None:
        if asking and picture != self.shown:
            print(picture, flush=True)
            self.shown = picture


async def read_lines(screen: TableScreen, game: asyncio.Task[None], terminal: LineTerminal) -> None:
    """The same screen at a terminal that is no terminal (a pipe, a script): its picture goes out as text
    and every line typed answers its questions in turn (none is thrown away, none is typed ahead); the
    end of the input leaves the game, saved."""
    changed = asyncio.Event()
    screen.redraw = changed.set
    screen.fixed_size = terminal.size
    if not screen.sit():
        return
    loop = asyncio.get_running_loop()
    try:
        while not game.done() and not screen.goodbye:
            changed.clear()
            asking = screen.expects_line()
            terminal.show(screen.picture(), asking=asking)
            if not asking:
                await asyncio.wait({loop.create_task(changed.wait()), game}, return_when=asyncio.FIRST_COMPLETED)
                continue
            line = await terminal.read_line()
            if line is None:
                screen.stop(0)  # out of input: the game is saved, as after quit
                return
            screen.take_line(line)
    finally:
        screen.room.leave(screen)
        if game.done() and screen.room.match.game.is_over and not screen.goodbye:
            terminal.show(screen.picture(), asking=True)


def _after(room: Room, screen: HotSeatScreen, terminal: Terminal, tr: Tr, status: int, *, lines: bool) -> int:
    """What is left to say once the game's screen is gone, however it was left; the exit status."""
    table = room.table
    if table.unsaved and status == 0:
        status = 1
    gone = screen.lost or status == HUNG_UP
    try:
        if not (gone or status == STOPPED):
            _tell_where(room, screen, terminal, tr, lines=lines)
        # The score screen of each match over promised how to replay its deals: said whatever ended the
        # session, wherever it can still be read (after a hang-up: an output that is no terminal, nohup's).
        replays = replay_lines(table.matches_over(), tr)
        if replays and not (gone and sys.stdout.isatty()):
            print(replays, flush=True)
    except (OSError, ValueError, TerminalGone):
        pass  # nowhere left to say it
    return status


def _tell_where(room: Room, screen: HotSeatScreen, terminal: Terminal, tr: Tr, *, lines: bool) -> None:
    """The last scores, where the game is saved (or why not), the records' trouble: for a person still at
    the terminal."""
    table = room.table
    if room.match.game.is_over and room.stage in (SCORES, OVER) and not lines:
        # The game's screen is gone with the alternate screen: its scores stay in sight.
        terminal.console.print(Align.center(ScoreScreen(room.match, tr, bots=[s.is_bot for s in room.saved.seats],
                                                        assisted=room.saved.assisted, game=room.game_number)))
    if table.unsaved:
        tell_unsaved(room, tr)
    elif not room.saved.finished and table.path is not None:
        print(fitting(tr.line("saved_at", path=table.path)))
    problem = room.problem
    if problem is not None and problem.key in ("records_failed", "records_not"):
        complain(screen.words(problem))


def tell_unsaved(room: Room, tr: Tr) -> None:
    """The truth about a failed autosave, a line each after ``abluxxen:``, the save's name cut to fit."""
    table = room.table
    err = table.save_failure
    reason = tr.os_reason(err) if isinstance(err, OSError) else tr("save_unreadable") \
        if isinstance(err, SaveError) else ""
    complain(tr("not_saved_exit", reason=reason))
    assert table.path is not None
    if table.last_good:
        complain(tr.line("not_saved_kept", path=table.path))
        complain(tr("not_saved_resume"))
    else:
        complain(tr.line("not_saved_none", dir=table.path.parent))


def _colours(terminal: Terminal) -> str | None:
    import os

    return None if "NO_COLOR" in os.environ or not terminal.terminal else "256"

