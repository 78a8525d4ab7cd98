"""The one screen at a table: what a person may see of it, and what they type, at any terminal.

A :class:`TableScreen` is a full-screen prompt_toolkit application in
whatever app session it runs in: an SSH channel's, or this terminal's. It sits
at a :class:`~abluxxen.table.room.Room` and draws only what its person may
see: the view of the seat at its keyboard (:attr:`TableScreen.showing`), or
the public view (a watcher's, or the table while nobody's hand may show).
Whatever is typed is read once, here: a command of the registry
(:mod:`.commands`), a line of chat, or a move for the seat that decides at
this screen, read as the hot-seat always read it (:func:`.notation.read_typed`).

The screen never waits on the game: the room tells it to draw again
(:meth:`refresh`), that its seat decides (:meth:`turn_started`), and, before
it asks any seat, gives it the chance to hand the keyboard over first
(:meth:`handover`). Three kinds of screen sit at rooms:

- a person's own terminal (an SSH session, or a host's): one seat, or none
  (a watcher); this class;
- the hot-seat: one terminal for every person at the table, who pass the
  keyboard (:class:`~abluxxen.tui.local.HotSeatScreen`);
- a lesson's (:mod:`abluxxen.tui.learn`): the learner's seat, the lesson's
  words under the table.

The screen is made of parts that each hold one idea: rich drawn into
prompt_toolkit (:mod:`.bridge`), the application and its keys (:mod:`.app`),
pages (:mod:`.paged`), covers and questions (:mod:`.covers`), what is typed
at the prompt (:mod:`.prompting`), and what is said around the table
(:mod:`.around`). This class holds the state and composes them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples, to_formatted_text
from prompt_toolkit.formatted_text.utils import split_lines
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from rich.align import Align
from rich.console import Group, RenderableType

from ..engine.moves import IllegalMove
from ..engine.view import View
from ..i18n.tr import Tr
from ..quoting import brief
from ..table.chairs import Chair, Login, Note
from ..table.chat import MAX_LINE, MAX_NAME_SHOWN
from ..table.room import OVER, PLAYING, SCORES, WAITING, Room
from .app import prompt_application
from .around import bye, farewell, log_parts, messages, note_words, said, score_screen, status_line, waiting_room
from .bridge import Canvas, ansi_lines
from .commands import carry_out, leaves, read_command, works
from .covers import Cover, Question, cover_panel
from .drawing import TableInfo, render_table, table_info
from .news import Since, left_off, news
from .notation import read_typed
from .paged import Paged
from .pages import help_page, hint_line
from .prompting import Tab, cap, matches, toolbar
from .stops import INTERRUPTED
from .toolkit import Kept

_log = logging.getLogger(__name__)


#: What a screen drawn too small to show anything but its note asked, as its person saw it: nothing.
_UNSEEN = ("unseen",)


class TableScreen(Paged):
    """A person's screen at a room: their seat's, or a watcher's.

    Args:
        room: the table.
        login: who is at this screen (the name: a person's seat's name in any case, or a watcher's).
        lang: ``en`` or ``de``.
        colours: rich's colour system for this terminal, or ``None`` for none.
        local: the host's own terminal (its seat is never taken over; leaving it stops the game).
        welcome: lines for the waiting room (how friends join: the host's own screen shows them).
        on_stop: called with the exit status when this screen stops the game for everyone (the host's own).
    """

    def __init__(self, room: Room, login: Login, *, lang: str = "en", colours: str | None = "256",
                 local: bool = False, welcome: tuple[str, ...] = (),
                 on_stop: Callable[[int], object] | None = None) -> None:
        self.room = room
        self.login = login
        self.name = login.name
        self.tr = Tr(lang)
        self.colours = colours
        self.local = local
        self.welcome = welcome
        self.on_stop = on_stop or (lambda status: None)
        self.chairs: list[Chair] = []
        self.showing: Chair | None = None  # whose hand this screen draws
        self.since: Since | None = None  # at a table played over days: where its person left off, until they move
        self.message = ""
        self.page: list[str] | None = None
        self.page_at = 0
        self.cover: Cover | None = None
        self.question: Question | None = None
        self.sheet: list[RenderableType] | None = None  # text instead of the table, over a question
        self.canvas = Canvas(colours)
        self.tab = Tab()
        self.goodbye = ""
        self.lost = False  # the terminal went away
        self.failed: Exception | None = None  # what made the screen fail (it left the table then)
        self.status = 0  # how the screen was left: an exit status (Ctrl-C, a stop signal)
        self.buffer = Buffer(multiline=False, accept_handler=self._accept)
        self.buffer.on_text_changed += cap
        self.buffer.on_text_changed += self._typing
        self._line_began_at: object = None  # what was asked when the line at the prompt began (None: no line)
        self._shown: object = None  # what was asked on the screen as last drawn (None: not drawn yet)
        self.app: Application[None] = self._application()
        self.app.after_render += self._drew
        self.redraw: Callable[[], None] = self.app.invalidate  # how this terminal draws again
        self.fixed_size: tuple[int, int] | None = None  # a terminal read a line at a time has no size
        self._hinting: asyncio.Task[None] | None = None  # the hard bot looking for a hint
        # The last hint said, and the view it was found for (the same view gets the same advice).
        self._hinted: tuple[View, str] | None = None

    # -- where this screen is --------------------------------------------------------

    @property
    def places(self) -> frozenset[str]:
        """Where this screen is, for the commands (see :mod:`.commands`)."""
        places = {"seat" if self.chairs else "watching"}
        if self.room.hosted:
            places.add("hosted")
        if self.local and self.room.hosted:
            places.add("host")
        return frozenset(places)

    def chair(self) -> Chair | None:
        """The person whose seat this screen shows now (a command acts for them)."""
        return self.showing

    def asked(self) -> Chair | None:
        """The chair at this screen the room is asking now, if any."""
        return next((c for c in self.chairs if c.answer is not None and not c.answer.done()), None)

    def shown_view(self) -> View:
        """The table as this screen shows it: the view of the seat at its keyboard, or the public one."""
        return self.room.view_for(self.showing.seat) if self.showing is not None else self.room.public_view()

    def deciding_view(self) -> View | None:
        """The view of the seat deciding at this screen now, else ``None``."""
        chair = self.asked()
        if chair is None or chair is not self.showing or self.room.stage != PLAYING or self.cover is not None:
            return None
        view = self.room.view_for(chair.seat)
        return view if view.my_move else None

    def size(self) -> tuple[int, int]:
        """The terminal's columns and rows."""
        if self.fixed_size is not None:
            return self.fixed_size
        size = self.app.output.get_size()
        return size.columns, size.rows

    def expects_line(self) -> bool:
        """Whether a line typed now answers a question on this screen (for a terminal read a line at a
        time: the table is written out, then a line is read; not while a hint is on its way, which the
        next picture shows)."""
        return (self.page is not None or self.cover is not None or self.question is not None
                or self.deciding_view() is not None) and self._hinting is None

    def picture(self) -> str:
        """The screen as it is now, as text (no colours without a colour system), the prompt under it (none
        under the note of a terminal too small)."""
        cols, rows = self.size()
        if self.too_small():
            return str(self._render(cols, rows))
        prompt = "".join(part[1] for part in (self._bottom() if self.page is not None else self._prompt()))
        shown = self._render(cols, rows)
        text = shown if isinstance(shown, str) else self.canvas.ansi(shown, cols, rows - 2)
        return "\n".join(line.rstrip() for line in text.split("\n")) + "\n" + prompt

    # -- the application ------------------------------------------------------------

    def _application(self) -> Application[None]:
        paging = Condition(lambda: self.page is not None)
        keys = KeyBindings()

        @keys.add("tab", filter=~paging)
        def _complete(event: KeyPressEvent) -> None:
            self._complete()

        self._page_keys(keys, paging)
        keyed = Condition(lambda: self.page is None and self.question is not None and bool(self.question.keys))

        @keys.add(Keys.Any, filter=keyed)
        @keys.add(Keys.BracketedPaste, filter=keyed)
        def _key(event: KeyPressEvent) -> None:
            self._pressed(event.data)

        # The body's height is given, never measured: measuring would draw it once more per redraw.
        self._kept = Kept(self._body, self._body_key, height=self._body_height)
        return prompt_application(self._kept, self.buffer, self._prompt, self._bottom, keys, self.colours,
                                  small=self.small, interrupted=self.interrupted, quit=self.quit)

    async def run(self) -> None:
        """Sit at the table and stay until the person leaves, the connection goes, or the host stops."""
        if not self.sit():
            return
        try:
            await self.app.run_async(set_exception_handler=False)
        except (OSError, EOFError):  # the terminal went away under the screen (closed, hung up)
            self.lost = True
        finally:
            self.room.leave(self)

    def sit(self) -> bool:
        """Take this person's seat (or watch); whether the room lets this screen in."""
        seating = self.room.sit(self.login, self)
        if seating.why in ("no_watchers", "kicked"):  # not let in
            self.goodbye = self.tr(f"host.{seating.why}")
            return False
        if seating.chair is not None:
            self.chairs = [seating.chair]
            self.showing = seating.chair
            self.since = left_off(self.room, seating.chair, self.tr)
        if seating.why:
            asked = self.room.chair_of(self.name)
            self.message = self.tr(f"host.watch.{seating.why}", name=asked.name if asked else self.name)
        return True

    # -- what the room calls ------------------------------------------------------------

    def refresh(self) -> None:
        """Draw again at the next chance."""
        self.redraw()

    async def handover(self, seat: int) -> None:
        """The room is about to ask ``seat``: a screen that must first hand its keyboard over waits
        here for its person's Enter (see the hot-seat's); a person's own screen has nothing to do."""

    def turn_started(self, chair: Chair) -> None:
        """``chair`` decides now: what was said to it before (``Not your turn``) is old news, and a line
        begun before never answers (see :meth:`asking`)."""
        chair.drawn.clear()  # the hand is on this person's screen from now on
        self.message = ""
        if self.app.is_running:
            self.app.output.bell()  # the player may be looking at another window
        self.refresh()

    def close(self, reason: str) -> None:
        """Leave the table (``elsewhere``: the same person connected again; ``stopped``: the host stops;
        ``kicked``: the host sent this person away; ``no_watchers``: the host takes no more watchers)."""
        over = reason == "stopped" and self.room.stage == OVER
        self.goodbye = farewell(self.room, self.tr, self.tr("host.thanks" if over else f"host.{reason}"))
        self._exit()

    # -- drawing ---------------------------------------------------------------------------

    def _body_key(self) -> tuple[object, ...]:
        """What the body shows depends on: while it is the same, the body is not drawn again (a key typed
        at the prompt redraws the prompt's lines alone)."""
        cols, rows = self.size()
        minute = int(self.room.clock() // 30)  # chat lines fade: the body is drawn afresh every so often
        return (self.room.version, cols, rows, self.message, self.page_at, id(self.page), id(self.cover),
                id(self.sheet), id(self.question), id(self.showing), self.since, minute)

    def _body(self) -> list[StyleAndTextTuples]:
        """The table (or page, cover, waiting room) as lines of styled text."""
        cols, rows = self.size()
        try:
            shown = self._render(cols, rows)
            return self.canvas.lines(shown, cols, rows - 2) if not isinstance(shown, str) \
                else ansi_lines(shown)
        except Exception as err:  # noqa: BLE001 - one screen's failure must not end the others' game
            # The host's log says why (a terminal of its own logs nowhere: see the package's NullHandler).
            _log.error("The screen of %s failed", brief(self.name, MAX_NAME_SHOWN), exc_info=True)
            text = self.tr("host.failed", error=type(err).__name__)
            self.goodbye, self.failed = text, err
            asyncio.get_running_loop().call_soon(self._leave)
            return list(split_lines(to_formatted_text(text)))

    def _render(self, cols: int, rows: int) -> RenderableType | str:
        """What the body shows: the table (or cover, scores, waiting room), else ready-made text (a page,
        the "too small" note)."""
        instead = self._instead(cols, rows)
        return instead if instead is not None else self._content(cols, rows - 2)

    def _small_head(self) -> str:
        """Over the note that the terminal is too small: who should take the keyboard (a cover's person),
        or whose turn it is."""
        if self.cover is not None:
            return self.cover.short or self.cover.title
        shown = self.room.shown
        if self.room.stage == PLAYING and shown.to_move is not None:
            return self.tr("pass_why.play", name=shown.names[shown.to_move])
        return ""

    def _content(self, cols: int, height: int) -> RenderableType:
        room = self.room
        if self.cover is not None:
            return cover_panel(self.cover, cols, height)
        if self.sheet is not None:
            return Group(*self.sheet, *said(self._messages()))
        if room.stage == WAITING:
            watcher = None if self.chairs else self.name
            shown = waiting_room(room, self.tr, cols, watcher=watcher, welcome=self.welcome)
            return Group(shown, *said(self._messages()))
        if room.stage in (SCORES, OVER) and room.shown.over:
            return Group(Align.center(score_screen(room, self.tr)), *said(self._messages()))
        return self._table(cols, height)

    def _table(self, cols: int, height: int) -> RenderableType:
        """The table as this screen shows it, at ``height`` lines."""
        showing = self.showing
        view = self.shown_view()
        legend = self.tr("host.legend" if showing is not None else "host.legend_watch")
        return render_table(view, self.room.log, self.tr, info=self._info(), show_hand=showing is not None,
                            width=cols, height=height, message=self._messages(), legend=self._legend(legend),
                            viewer=showing.seat if showing is not None else None, hidden=self._hidden(),
                            news=news(self.room, self.since, self.tr) if showing is not None else None)

    def _legend(self, hosted: str) -> str:
        """The commands line under the table."""
        return hosted if self.room.hosted else self.tr("legend")

    def _hidden(self) -> str:
        """The line where a hidden hand would be."""
        return self.tr("host.hidden") if self.room.hosted else self.tr("hand_hidden")

    def _info(self) -> TableInfo:
        return self._facts()

    def _facts(self) -> TableInfo:
        """The match's facts, as every table says them: drawn from the table as published."""
        room = self.room
        return table_info(room.saved, seed_shown=room.table.seed_shown(), shown=room.public_view(), log=room.log)

    def _messages(self) -> str:
        """The lines under the table: this person's notes, an answer to what they typed, the last chat."""
        return messages(self.room, self.showing, self.message, self.tr)

    def words(self, note: Note) -> str:
        """Something told to this person alone (or a problem told to every screen), in its words."""
        return note_words(note, self.tr)

    def _bottom(self) -> StyleAndTextTuples:
        """The line under the prompt: the page's keys; how what is typed reads, and the moves it may
        become; or who is at the table."""
        if self.page is not None:
            last = self.page_at + self.size()[1] - 2 >= len(self.page)
            return [("reverse", self.tr("host.page_last" if last else "host.page_more"))]
        if self._stale():
            return [("", self.tr("typed_stale"))]
        view = self.deciding_view()
        # At a hosted table, who is here and away matters more than the moves, until one is typed.
        if view is not None and self.question is None and (self.buffer.text or not self.room.hosted):
            return toolbar(view, self.tr, self.buffer.text, self.size()[0])
        return self._status()

    def _status(self) -> StyleAndTextTuples:
        """Who is at a hosted table, who is away and for how long; the codes this person needs."""
        return status_line(self.room, self.tr, chairs=self.chairs, showing=self.showing, local=self.local,
                           width=self.size()[0])

    def _prompt(self) -> StyleAndTextTuples:
        if self.page is not None:
            return []
        if self.question is not None:  # on a cover too (Ctrl-C there asks whether to quit)
            return [("bold", self.question.prompt)]
        if self.cover is not None:
            return []
        if self.showing is None:
            return [("bold", self.tr("host.prompt_watch"))]
        return [("bold", self.tr("prompt", name=self.showing.name))]

    async def ask(self, question: str, sheet: Sequence[RenderableType] | None = None, *, keys: str = "") -> str:
        """Ask ``question`` at the prompt, over ``sheet`` (or the table); the line typed (``keys``: single keys
        that answer at once, see :class:`~.covers.Question`: then the key, or ``""`` for Enter)."""
        loop = asyncio.get_running_loop()
        typed: asyncio.Future[str] = loop.create_future()
        self.sheet = list(sheet) if sheet is not None else None

        def answered(text: str) -> None:
            if not typed.done():
                typed.set_result(text)
        self.question = Question(question, answered, keys)
        self.refresh()
        try:
            return await typed
        finally:
            self.sheet = None
            self.refresh()

    def say(self, message: str) -> None:
        """A line under the table, for this screen only."""
        self.message = message
        self.refresh()

    # -- completion ------------------------------------------------------------------------

    def _complete(self) -> None:
        """Tab: fill in the next move that matches what was typed (again: the one after)."""
        view = self.deciding_view()
        if view is not None:
            self.tab.complete(self.buffer, lambda typed: matches(typed, view, self.tr, self.places))

    # -- reading ----------------------------------------------------------------------------

    def asking(self) -> tuple[object, ...]:
        """What a line typed now would answer: the stage, the cover or question on screen, the decision
        this screen is asked (the seat and the move it is asked for). A line begun while this was
        something else was typed before its question was on the screen: it never answers it
        (:meth:`_accept`)."""
        room = self.room
        deciding = self.deciding_view() is not None
        chair = self.asked() if deciding else None
        decision = (chair.seat, len(room.saved.transcript.moves)) if chair is not None else None
        return room.stage, room.game_number, self.cover, self.question, decision

    def shows_asked(self) -> bool:
        """Whether the screen as last drawn shows what a line typed now would answer (such a line is no
        typeahead; one begun before is, and never answers: see :meth:`asking`)."""
        return self._shown == self.asking()

    def _drew(self, app: object) -> None:
        # Drawn too small, the screen showed only its note: whatever it asks, nobody saw it asked.
        self._shown = _UNSEEN if self.too_small() else self.asking()

    def _typing(self, buffer: Buffer) -> None:
        """A key changed the line at the prompt: note what the screen asked when the line began, as the
        person saw it (a key read after the question changed, before the screen was drawn again, was
        typed at the screen before)."""
        if not buffer.text:
            self._line_began_at = None
        elif self._line_began_at is None:
            self._line_began_at = self._shown if self._shown is not None else self.asking()

    def _stale(self) -> bool:
        """Whether the line at the prompt was begun before the question now on the screen showed (the
        keys of a move as the game ended, or while the bots thought): nobody saw what it would answer."""
        return self._line_began_at is not None and self._line_began_at != self.asking()

    def _accept(self, buffer: Buffer) -> bool:
        text = buffer.text[:MAX_LINE]
        if self._line_began_at is None:  # Enter alone: the line begins and ends with it
            self._line_began_at = self._shown
        stale, self._line_began_at = self._stale(), None
        if stale:  # never an answer (a line terminal's lines answer in turn instead: see local.read_lines)
            self.typed_before()
            return False
        self.take_line(text)
        return False  # the buffer empties

    def answer(self, text: str) -> None:
        """Answer one line typed at the prompt (at a page, read a line at a time: Enter pages on, ``q``
        goes back to the table)."""
        if self.page is not None:
            self._close_page() if leaves(text) else self._turn_page(+1)
            return
        self.message = ""
        if self.question is not None:  # before a cover: a question asked on one answers first
            asked, self.question = self.question, None
            asked.answered(text)
            self.refresh()
            return
        if self.cover is not None:
            command = read_command(text)
            if command is not None and command.name == "quit":
                self.quit()  # asked on the cover: the table under it stays hidden
            else:
                self._uncover(typed=bool(text.strip()))
            return
        command = read_command(text)
        if command is not None:
            carry_out(self, command)
        elif self.room.stage in (SCORES, OVER) or not text.strip():
            self._between(text.strip())
        else:
            self._move(text.strip())
        self.refresh()

    def _pressed(self, key: str) -> None:
        """A key at a question that single keys answer: one of them answers it now; any other key (or one
        pressed before the question was on the screen) answers nothing, and the terminal beeps."""
        question, key = self.question, key.lower()
        if question is None or len(key) != 1 or key not in question.keys or not self.shows_asked():
            if self.app.is_running:
                self.app.output.bell()
            return
        self.question = None
        self.message = ""
        question.answered(key)
        self.refresh()

    def typed_before(self) -> None:
        """A line typed before its question showed was ignored: say so."""
        self.say(self.tr("typed_ahead"))

    def _uncover(self, *, typed: bool) -> None:
        """Enter on a cover: it goes (what was typed with it was typed before the table showed)."""
        cover, self.cover = self.cover, None
        if typed:
            self.message = self.tr("typed_ahead")
        if cover is not None and cover.done is not None:
            cover.done.set()
        self.refresh()

    def _between(self, text: str) -> None:
        """Enter at a score screen: ready for the next game, or leave once it is over (``again``: a new
        match at this table once everyone here says so)."""
        room = self.room
        if room.stage == OVER and self.chairs and text.lower() in self.tr("again_words").split():
            for chair in self.chairs:
                room.go_on(chair)
        elif room.stage == OVER and not text:
            self._leave()
        elif room.stage == SCORES and self.chairs and not text:
            for chair in self.chairs:
                room.go_on(chair)
        elif text:
            self.say(self.tr("host.not_playing"))

    def _move(self, text: str) -> None:
        room = self.room
        if not self.chairs:  # a watcher: told what can be typed here (``say`` where the registry has it)
            self.say(self.tr("host.watcher_cannot" if works("say", self.places) else "watching_bots"))
            return
        if room.stage != PLAYING:
            self.say(self.tr("host.not_playing"))
            return
        view = self.deciding_view()
        if view is None:
            shown = room.shown
            mover = shown.to_move
            self.say(self.tr("host.not_your_turn", name=shown.names[mover] if mover is not None else "?"))
            return
        try:
            move = read_typed(text, view)
        except IllegalMove as err:
            self.say(self.refused(err))
            return
        complaint = self.complaint(move, view)
        if complaint:
            self.say(complaint)
            return
        chair = self.asked()
        assert chair is not None
        chair.notes.clear()
        if room.answer(chair, move):
            self.since = None  # they moved: the table's log is as everyone's from now on

    def refused(self, err: IllegalMove) -> str:
        """Why what was typed is no move now (a lesson adds its own words)."""
        return self.tr("bad_move", reason=self.tr.reason(err))

    def complaint(self, move: str, view: View) -> str:
        """Why a legal move is not taken here (``""``: it is; a lesson's task may want another)."""
        return ""

    # -- what the commands use --------------------------------------------------------------

    def hint(self) -> None:
        """Say the hard bot's move and reason for this person's decision once its search is done; the game
        is assisted from then on. The search runs off the event loop (every other screen stays quick), once
        a decision (asked again, the hint said is said again), and a hint found after its decision is gone
        (answered, taken back, played by a stand-in) is not said."""
        view = self.deciding_view()
        if view is None:
            self.say(self.tr("host.not_now"))
        elif self._hinted is not None and self._hinted[0] == view:  # asked again: no second search
            self.say(self._hinted[1])
        elif self._hinting is None:  # (asked again meanwhile: the same hint is on its way)
            self._hinting = asyncio.get_running_loop().create_task(self._find_hint(view, self.asking()))
            self.say(self.tr("hint_wait"))

    @property
    def thinking(self) -> bool:
        """Whether a hint is on its way to this screen."""
        return self._hinting is not None

    async def _find_hint(self, view: View, asked: tuple[object, ...]) -> None:
        try:
            line = await asyncio.to_thread(hint_line, view, self.tr, strong=True)
        finally:
            self._hinting = None
            self.refresh()
        if self.asking() != asked:
            return
        if line is None:
            self.say(self.tr("no_hint"))
            return
        self._hinted = (view, line)
        self.room.table.mark_assisted()
        self.room.changed()
        self.say(line)

    def undo(self) -> None:
        """Take back this person's last decision, where the room allows it."""
        chair = self.chair()
        refused = self.room.taking_back.undo(chair) if chair is not None else "host.not_now"
        if refused:
            self.say(self.tr(refused))

    def quit(self) -> None:
        """Leave the table; the host's own screen asks first (leaving it stops the game for everyone)."""
        if self.local:
            self._ask_quit(0)
        else:
            self._leave()

    def interrupted(self) -> None:
        """Ctrl-C: at the host's own keyboard the question ``quit`` asks (a yes leaves with status 130), as at
        every table whose keyboard is this terminal's; at a person's own terminal elsewhere (SSH) only the
        prompt is cleared and they are told to type ``quit``: a Ctrl-C meant to clear the line never
        costs them their seat."""
        if self.local:
            self._ask_quit(INTERRUPTED)
            return
        self.buffer.reset()
        self.say(self.tr("host.ctrl_c"))

    def _ask_quit(self, status: int) -> None:
        """Ask whether to leave (over whatever is on the screen, a cover too: nothing under it shows; a
        yes leaves with exit status ``status``); Ctrl-C or Ctrl-D again, with the question on the screen,
        is a yes."""
        if self.question is not None and self.question.prompt == self._quit_prompt():
            self._quit(status)
            return
        earlier = self.question
        self.buffer.reset()  # what was typed so far is no answer to this question
        if self.page is not None:
            self._close_page()  # the question is asked at the prompt, which a page hides

        def answered(text: str) -> None:
            if self.tr.yes(text):
                self._quit(status)
            else:
                self.question = earlier  # whatever was asked before comes back
        self.question = Question(self._quit_prompt(), answered)
        self.refresh()

    def _quit_prompt(self) -> str:
        """The quit question, saying what leaving does."""
        return self.tr("host.quit_host")

    def _quit(self, status: int) -> None:
        """Leave once the quit question was answered yes (``status``: the exit status): the host stops the
        game for everyone."""
        self.status = status
        self.goodbye = farewell(self.room, self.tr, self.tr("host.stopped"))
        self.on_stop(status)
        self._leave()

    def chat(self, text: str) -> None:
        """Say ``text`` to the table: under a seat's name, or marked as a watcher's."""
        speaker = self.showing.name if self.showing is not None else self.name
        refused = self.room.say(speaker, text, watching=not self.chairs)
        if refused:
            self.say(self.tr(refused))

    def skip(self) -> None:
        """Only a lesson is skipped (the registry keeps ``skip`` for lessons)."""

    def stop(self, status: int) -> None:
        """Leave now: a stop signal, or the end of a line terminal's input (``status``: how it ended)."""
        self.status = status
        self._leave()

    # -- pages -------------------------------------------------------------------------------------

    def help_parts(self) -> list[RenderableType]:
        """The ``?`` page: the legal moves when this person decides, then the table's symbols."""
        cols, rows = self.size()
        view = self.deciding_view()
        # Not self._info(): a lesson's and a club table's add their own facts, and ? says the same at every table.
        info = self._facts()
        return list(help_page(view or self.shown_view(), self.tr, info=info, width=cols, rows=rows,
                              decides=view is not None))

    def log_parts(self) -> list[RenderableType]:
        """The ``log`` page: the game so far as this seat may see it, the table's chat, the seat's return code."""
        return log_parts(self.room, self.chair(), self.tr, width=self.size()[0])

    # -- leaving --------------------------------------------------------------------------------------

    def _leave(self) -> None:
        if not self.goodbye:
            words = self.tr("host.thanks") if self.room.stage == OVER else bye(self.room, self.showing, self.tr)
            self.goodbye = farewell(self.room, self.tr, words)
        self._exit()

    def _exit(self) -> None:
        if self.app.is_running and not self.app.is_done:
            self.app.exit()
