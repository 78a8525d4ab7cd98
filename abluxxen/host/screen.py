"""One person's screen at a hosted table: the table as their seat sees it, a presence line, a prompt.

A :class:`TableScreen` is a full-screen prompt_toolkit application running in
whatever app session it is started in: an SSH channel's (``server.py``) or
the host's own terminal. It draws only from its seat's
:class:`~abluxxen.view.View` (a watcher's is the room's public view, with no
hand), in its own language, colours and size, and reads moves in the same
words as ``abluxxen play``. It never waits on the game: the room tells it to
draw again, and a line typed is answered at once.
"""

from __future__ import annotations

import asyncio
import io
import textwrap
from collections.abc import Callable

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.formatted_text.utils import split_lines
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl, UIContent, UIControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output import ColorDepth
from rich.align import Align
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ..moves import IllegalMove
from ..quoting import brief
from ..table.room import (
    MAX_LINE,
    MAX_NAME_SHOWN,
    OVER,
    PLAYING,
    SCORES,
    WAITING,
    Chair,
    Login,
    Note,
    Room,
    Said,
    host_order,
)
from ..tui.commands import Command, read_command
from ..tui.drawing import TableInfo, render_table, table_info
from ..tui.i18n import Tr
from ..tui.notation import read_typed
from ..tui.pages import help_page, hint_line, log_page, replay_line, rules_page
from ..tui.scores import ScoreScreen
from ..tui.terminal import MIN_HEIGHT, MIN_WIDTH
from ..view import View

#: How long a chat line stays under the table (seconds).
CHAT_SHOWN = 120.0
#: The words that say something to the table.
SAY = ("say", "sag", "sage")
#: Colours by what the client's terminal can show.
DEPTHS = {None: ColorDepth.DEPTH_1_BIT, "standard": ColorDepth.DEPTH_4_BIT, "256": ColorDepth.DEPTH_8_BIT,
          "truecolor": ColorDepth.DEPTH_24_BIT}


def colours_of(term: str | None, env: dict[str, str]) -> str | None:
    """What colours a terminal of type ``term`` shows (rich's colour system names), ``None`` for none.

    ``NO_COLOR`` (any value, as https://no-color.org asks) turns colour off.
    """
    if "NO_COLOR" in env:
        return None
    term = (term or "").lower()
    if not term or term == "dumb":
        return None
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return "truecolor"
    return "256" if "256" in term else "standard"


class TableScreen:
    """A screen at the hosted table for one login name: a person's seat, or a watcher's.

    Args:
        room: the hosted match.
        login: who came through the door (the name: a person's seat's name, any case, or a watcher's).
        lang: ``en`` or ``de``.
        colours: rich's colour system for this terminal, or ``None`` for none.
        local: the host's own terminal (leaving it stops the game for everyone).
        welcome: lines for the waiting room (how friends join: the host's own screen shows them).
        on_stop: called when the host's own screen stops the game.
    """

    def __init__(self, room: Room, login: Login, *, lang: str = "en", colours: str | None = "256",
                 local: bool = False, welcome: tuple[str, ...] = (),
                 on_stop: Callable[[], None] | None = None) -> None:
        self.room = room
        self.login = login
        self.name = login.name
        self.tr = Tr(lang)
        self.colours = colours
        self.local = local
        self.welcome = welcome
        self.on_stop = on_stop or (lambda: None)
        self.chair: Chair | None = None
        self.message = ""
        self.page: list[str] | None = None
        self.page_at = 0
        self.asking: Callable[[str], None] | None = None  # a yes/no question instead of the prompt
        self.goodbye = ""
        self.lost = False  # the terminal went away
        self._drawn: tuple[object, ...] = ()
        self._picture = UIContent()
        self.buffer = Buffer(multiline=False, accept_handler=self._accept)
        self.buffer.on_text_changed += self._cap
        self.app: Application[None] = self._application()

    # -- the application ------------------------------------------------------------

    def _application(self) -> Application[None]:
        paging = Condition(lambda: self.page is not None)
        keys = KeyBindings()

        @keys.add("c-c")
        def _interrupt(event: KeyPressEvent) -> None:
            self.buffer.reset()
            self._say(self.tr("host.ctrl_c"))

        @keys.add("c-d", filter=Condition(lambda: not self.buffer.text))
        def _end(event: KeyPressEvent) -> None:
            self._command(Command("quit"))

        @keys.add(Keys.Vt100MouseEvent)
        def _no_mouse(event: KeyPressEvent) -> None:
            """Typed escape codes can look like mouse reports (``ESC [ 31 m``); prompt_toolkit's own
            handler fails on them, so none reaches it (this screen takes no mouse)."""

        @keys.add("c-l")
        def _redraw(event: KeyPressEvent) -> None:
            self._drawn = ()
            event.app.renderer.clear()

        for key in ("q", "escape"):
            keys.add(key, filter=paging, eager=True)(lambda event: self._close_page())
        for key in ("enter", " ", "pagedown", "down", "j"):
            keys.add(key, filter=paging, eager=True)(lambda event: self._turn_page(+1))
        for key in ("b", "pageup", "up", "k"):
            keys.add(key, filter=paging, eager=True)(lambda event: self._turn_page(-1))

        # The body's height is given, never measured: measuring would draw it once more per redraw.
        body = Window(_Picture(self._body), height=lambda: Dimension.exact(max(1, self._size()[1] - 2)),
                      wrap_lines=False, always_hide_cursor=True)
        status = Window(FormattedTextControl(self._status), height=1, wrap_lines=False)
        prompt = Window(BufferControl(self.buffer, input_processors=[BeforeInput(self._prompt)]), height=1,
                        wrap_lines=False)
        return Application(layout=Layout(HSplit([body, prompt, status]), focused_element=prompt),
                           key_bindings=keys, full_screen=True, mouse_support=False,
                           color_depth=DEPTHS.get(self.colours, ColorDepth.DEPTH_8_BIT), erase_when_done=True)

    async def run(self) -> None:
        """Sit at the table and stay until the person leaves, the connection goes, or the host stops."""
        seating = self.room.sit(self.login, self)
        self.chair = seating.chair
        if seating.why in ("no_watchers", "kicked"):  # not let in
            self.goodbye = self.tr(f"host.{seating.why}")
            return
        if seating.why:
            asked = self.room.chair_of(self.name)
            self.message = self.tr(f"host.watch.{seating.why}", name=asked.name if asked else self.name)
        try:
            await self.app.run_async(set_exception_handler=False)
        except (OSError, EOFError):  # the terminal went away under the screen (closed, hung up)
            self.lost = True
        finally:
            self.room.leave(self)

    # -- what the room calls ------------------------------------------------------------

    def refresh(self) -> None:
        """Draw again at the next chance."""
        self.app.invalidate()

    def turn_started(self) -> None:
        """This seat decides now: whatever was typed before is dropped, never played as the answer,
        and what was said to it before (``Not your turn``) is old news."""
        self.message = ""
        if self.buffer.text.strip():
            self.buffer.reset()
            self._say(self.tr("typed_ahead"))
        if self.app.is_running:
            self.app.output.bell()  # the player may be looking at another window
        self.refresh()

    def close(self, reason: str) -> None:
        """Leave the table (``elsewhere``: the same person connected again; ``stopped``: the host stops;
        ``kicked``: the host sent this person away; ``no_watchers``: the host takes no more watchers)."""
        over = reason == "stopped" and self.room.stage == OVER
        self.goodbye = self._thanks() if over else self.tr(f"host.{reason}")
        if self.app.is_running and not self.app.is_done:
            self.app.exit()

    # -- drawing ---------------------------------------------------------------------------

    def _size(self) -> tuple[int, int]:
        size = self.app.output.get_size()
        return size.columns, size.rows

    def _body(self) -> UIContent:
        """The table (or page, or waiting room), made again only when something on it changed: a key
        typed at the prompt redraws the prompt alone."""
        cols, rows = self._size()
        key = (self.room.version, cols, rows, self.message, self.page_at, id(self.page), self._minute())
        if key != self._drawn:
            try:
                text = self._render(cols, rows)
            except Exception as err:  # noqa: BLE001 - one screen's failure must not end the others' game
                text = self.tr("host.failed", error=type(err).__name__)
                self.goodbye = text
                asyncio.get_running_loop().call_soon(self._leave)
            lines = list(split_lines(to_formatted_text(ANSI(text))))
            self._picture = UIContent(get_line=lambda i: lines[i] if i < len(lines) else [],
                                      line_count=len(lines), show_cursor=False)
            self._drawn = key
        return self._picture

    def _minute(self) -> int:
        """Chat lines fade: the body is drawn afresh every so often."""
        return int(self.room.clock() // 30)

    def _render(self, cols: int, rows: int) -> str:
        if cols < MIN_WIDTH or rows < MIN_HEIGHT:
            text = self.tr("host.too_small", w=cols, h=rows)
            return "\n".join(textwrap.wrap(text, width=max(8, cols), break_on_hyphens=False))
        height = rows - 2
        if self.page is not None:
            return "\n".join(self.page[self.page_at:self.page_at + height])
        return self._ansi(self._content(cols, height), cols, height)

    def _ansi(self, renderable: RenderableType, cols: int, height: int) -> str:
        out = io.StringIO()
        console = Console(file=out, width=cols, height=height, force_terminal=self.colours is not None,
                          color_system=self.colours, highlight=False, soft_wrap=False,  # type: ignore[arg-type]
                          legacy_windows=False)
        console.print(renderable, crop=True, overflow="ellipsis")
        return "\n".join(out.getvalue().rstrip("\n").split("\n")[:height])

    def _content(self, cols: int, height: int) -> RenderableType:
        room = self.room
        if room.stage == WAITING:
            return Group(self._waiting_room(cols), *self._said())
        if room.stage in (SCORES, OVER) and room.match.game.is_over:
            return Group(Align.center(self._scores()), *self._said())
        seat = self.chair.seat if self.chair is not None else None
        view = room.view_for(seat) if seat is not None else room.public_view()
        legend = self.tr("host.legend" if seat is not None else "host.legend_watch")
        return render_table(view, room.saved.log, self.tr, info=self._info(), show_hand=seat is not None,
                            width=cols, height=height, message=self._messages(), viewer=seat,
                            legend=legend, hidden=self.tr("host.hidden"))

    def _info(self) -> TableInfo:
        return table_info(self.room.saved, seed_shown=self.room.table.seed_shown())

    def _scores(self) -> ScoreScreen:
        room = self.room
        match = room.match
        return ScoreScreen(match, self.tr, bots=[s.is_bot for s in room.saved.seats],
                           seed=match.seed if room.table.seed_shown() else None, assisted=room.saved.assisted)

    def _waiting_room(self, cols: int) -> RenderableType:
        tr, room = self.tr, self.room
        lines = [Text(tr("host.waiting_title"), style="bold"), Text("")]
        for number, seat in enumerate(room.saved.seats):
            if seat.is_bot:
                lines.append(Text(tr("host.bot_seat", name=seat.name, level=tr.level(seat.bot or "")), style="dim"))
            elif room.chairs[number].present:
                lines.append(Text(tr("host.here", name=seat.name), style="green"))
            else:
                lines.append(Text(tr("host.not_back" if room.resumed else "host.awaited", name=seat.name),
                                  style="yellow"))
        starts = tr("host.goes_on_when", grace=int(room.grace)) if room.resumed else tr("host.starts_when")
        lines += [Text(""), Text(starts)]
        if self.chair is None:
            lines.append(Text(tr("host.watching_name", name=brief(self.name, MAX_NAME_SHOWN)), style="dim"))
        if self.welcome:
            lines += [Text("")] + [Text(line, style="bold cyan") for line in self.welcome]
        return Panel(Group(*lines), width=min(cols, 78))

    def _said(self) -> list[Text]:
        """The message lines under a screen that is not the table (waiting room, scores)."""
        return [Text(line, style="bold yellow") for line in self._messages().split("\n") if line]

    def _messages(self) -> str:
        """The lines under the table: this person's notes, an answer to what they typed, the last chat."""
        parts = [self._note(note) for note in (self.chair.notes if self.chair is not None else [])]
        if self.room.problem is not None:
            parts.append(self._note(self.room.problem))
        if self.message:
            parts.append(self.message)
        chat = self.room.chat
        if chat and self.room.clock() - chat[-1].at < CHAT_SHOWN:
            parts.append(self._said_line(chat[-1]))
        return "\n".join(parts[-3:])

    def _said_line(self, said: Said) -> str:
        """A chat line; a watcher's is marked so, whatever name they chose (``Bеn`` with a Cyrillic е)."""
        return self.tr("host.said_watching" if said.watching else "host.said", name=said.name, text=said.text)

    def _note(self, note: Note) -> str:
        tr = self.tr
        if note.key == "you_drew":
            return tr("you_drew", cards=tr.cards_words(note.cards))
        if note.key == "took_yours":
            return tr("took_yours", name=note.name, cards=tr.owned_words(note.cards), n=len(note.cards))
        if note.key == "not_saved":
            return tr("not_saved", reason=note.name)
        if note.key == "records_failed":
            return tr("records_failed", reason=tr(f"records.{note.name}"))
        if note.key in ("forced", "undone"):
            return tr(note.key, move=tr.spoken(note.move))
        return tr(note.key)

    def _status(self) -> StyleAndTextTuples:
        """One line: who is at the table, who is away and for how long, and the page's keys."""
        tr, room = self.tr, self.room
        if self.page is not None:
            cols, rows = self._size()
            last = self.page_at + rows - 2 >= len(self.page)
            return [("reverse", tr("host.page_last" if last else "host.page_more"))]
        if room.stage == SCORES:
            waiting = ", ".join(c.name for c in room.chairs.values() if c.present and not c.ready)
            if self.chair is not None and not self.chair.ready:
                return [("bold", tr("host.next_game") + " " + tr("host.waiting_for", names=waiting))]
            return [("bold", tr("host.waiting_ready", names=waiting))]
        if room.stage == OVER:
            return [("bold", tr("host.over_match" if room.match.games > 1 else "host.over_game"))]
        people = []
        for name, left in room.away():
            people.append(tr("host.bot_plays", name=name) if left <= 0
                          else tr("host.away", name=name, time=f"{int(left) // 60}:{int(left) % 60:02d}"))
        here = [c.name for c in room.chairs.values() if c.present]
        line = tr("host.present", people=", ".join(here + people))
        if room.watchers:
            line += " · " + tr("host.watchers", n=len(room.watchers))
        if self.local:  # the host can tell the code again to someone who lost it: it comes first, never cut
            line = tr("host.code", code=room.code) + " · " + line
        elif self.chair is not None and self.chair.return_code:  # what brings this person back to their seat
            line = tr("host.your_return_code", code=self.chair.return_code) + " · " + line
        shown = Text(line)
        shown.truncate(self._size()[0], overflow="ellipsis")
        return [("", shown.plain)]

    def _prompt(self) -> StyleAndTextTuples:
        if self.page is not None:
            return []
        if self.asking is not None:
            return [("bold", self.tr("host.quit_host"))]
        if self.chair is None:
            return [("bold", self.tr("host.prompt_watch"))]
        return [("bold", self.tr("prompt", name=self.chair.name))]

    def _say(self, message: str) -> None:
        self.message = message
        self.refresh()

    # -- reading ----------------------------------------------------------------------------

    def _cap(self, buffer: Buffer) -> None:
        """A pasted flood is cut to one line of :data:`MAX_LINE` characters."""
        if len(buffer.text) > MAX_LINE:
            buffer.text = buffer.text[:MAX_LINE]
            buffer.cursor_position = MAX_LINE

    def _accept(self, buffer: Buffer) -> bool:
        text = buffer.text[:MAX_LINE]
        try:
            self.answer(text)
        except Exception:  # noqa: BLE001 - a line a person typed must never end their session
            self._say(self.tr("bad_move", reason="?"))
        return False  # the buffer empties

    def answer(self, text: str) -> None:
        """Answer one line typed at the prompt."""
        self.message = ""
        if self.asking is not None:
            asked, self.asking = self.asking, None
            asked(text)
            return
        text = text.strip()
        words = text.split(maxsplit=1)
        if words and words[0].lower() in SAY:
            self._chat(words[1] if len(words) > 1 else "")
            return
        ordered = host_order(self.room, text) if self.local else None
        if ordered is not None:
            key, fields = ordered
            self._say(self.tr(key, **fields))
            return
        command = read_command(text)
        if command is not None:
            self._command(command)
        elif self.room.stage in (SCORES, OVER) or not text:
            self._between(text)
        else:
            self._move(text)
        self.refresh()

    def _chat(self, text: str) -> None:
        """Say ``text`` to the table: under a seat's name, or marked as a watcher's."""
        watching = self.chair is None
        refused = self.room.say(self.chair.name if self.chair is not None else self.name, text, watching=watching)
        if refused:
            self._say(self.tr(refused))

    def _between(self, text: str) -> None:
        """Enter at a score screen: ready for the next game, or leave once it is over."""
        room = self.room
        if room.stage == OVER:
            self._leave()
        elif room.stage == SCORES and self.chair is not None and not text:
            room.ready(self.chair)
        elif text:
            self._say(self.tr("host.not_playing"))

    def _move(self, text: str) -> None:
        room, chair = self.room, self.chair
        if chair is None:
            self._say(self.tr("host.watcher_cannot"))
            return
        if room.stage != PLAYING:
            self._say(self.tr("host.not_playing"))
            return
        view = room.view_for(chair.seat)
        if chair.answer is None or not view.my_move:
            mover = view.to_move
            self._say(self.tr("host.not_your_turn", name=view.names[mover] if mover is not None else "?"))
            return
        try:
            move = read_typed(text, view)
        except IllegalMove as err:
            self._say(self.tr("bad_move", reason=self.tr.reason(err)))
            return
        chair.notes.clear()
        room.answer(chair, move)

    # -- commands -----------------------------------------------------------------------------

    def _command(self, command: Command) -> None:
        handlers: dict[str, Callable[[Command], None]] = {
            "?": self._help, "hint": self._hint, "rules": self._rules, "log": self._log, "undo": self._undo,
            "quit": self._quit}
        handler = handlers.get(command.name)
        if handler is not None:
            handler(command)

    def _my_view(self) -> View | None:
        """This person's view when they decide now, else ``None``."""
        chair = self.chair
        if chair is None or chair.answer is None or self.room.stage != PLAYING:
            return None
        view = self.room.view_for(chair.seat)
        return view if view.my_move else None

    def _help(self, command: Command) -> None:
        cols, rows = self._size()
        view = self._my_view()
        shown = view or (self.room.view_for(self.chair.seat) if self.chair is not None else self.room.public_view())
        lines = help_page(shown, self.tr, info=self._info(), width=cols, rows=rows, decides=view is not None)
        self._open_page(Group(*lines), cols)

    def _hint(self, command: Command) -> None:
        view = self._my_view()
        if view is None:
            self._say(self.tr("host.not_now"))
            return
        line = hint_line(view, self.tr)
        if line is None:
            self._say(self.tr("no_hint"))
            return
        self.room.table.mark_assisted()
        self.room.changed()
        self._say(line)

    def _undo(self, command: Command) -> None:
        if self.room.several_people:
            self._say(self.tr("host.undo_several"))
        elif self.chair is None or not self.room.undo(self.chair):
            self._say(self.tr("host.not_now"))

    def _log(self, command: Command) -> None:
        cols, _ = self._size()
        room = self.room
        seat = self.chair.seat if self.chair is not None else None
        lines = log_page(room.saved.log, seat, room.match.game.names, self.tr, game=room.match.number + 1,
                         width=cols)
        if room.chat:
            lines += [Text(""), Text(self.tr("host.chat"), style="bold")]
            lines += [Text(self._said_line(said)) for said in room.chat]
        if self.chair is not None and self.chair.return_code and not self.local:
            lines += [Text(""), Text(self.tr("host.return_code", name=self.name, code=self.chair.return_code))]
        self._open_page(Group(*lines), cols)

    def _rules(self, command: Command) -> None:
        page = rules_page(command.words, self.tr)
        if page is None:
            self._say(self.tr("no_rules"))
            return
        self._open_page(Group(*page[0]), self._size()[0])

    def _open_page(self, renderable: RenderableType, cols: int) -> None:
        out = io.StringIO()
        console = Console(file=out, width=cols, force_terminal=self.colours is not None,
                          color_system=self.colours, highlight=False, legacy_windows=False)  # type: ignore[arg-type]
        console.print(renderable)
        self.page, self.page_at = out.getvalue().rstrip("\n").split("\n"), 0
        self.refresh()

    def _turn_page(self, step: int) -> None:
        if self.page is None:
            return
        _, rows = self._size()
        room = max(1, rows - 2)
        at = self.page_at + step * room
        if at >= len(self.page):
            self._close_page()
            return
        self.page_at = max(0, at)
        self.refresh()

    def _close_page(self) -> None:
        self.page, self.page_at = None, 0
        self.refresh()

    def _quit(self, command: Command | None = None) -> None:
        if not self.local:
            self._leave()
            return

        def answered(text: str) -> None:
            if self.tr.yes(text):
                self.goodbye = self.tr("host.stopped")
                self.on_stop()
                self._leave()
        self.asking = answered
        self.refresh()

    def _leave(self) -> None:
        if not self.goodbye:
            self.goodbye = self._thanks() if self.room.stage == OVER else self._bye()
        if self.app.is_running and not self.app.is_done:
            self.app.exit()

    def _bye(self) -> str:
        """What a person leaving in the middle is told: how to come back to their seat."""
        chair = self.chair
        if chair is None:
            return self.tr("host.bye_watch")
        if chair.return_code:
            return self.tr("host.bye_code", grace=int(self.room.grace), name=chair.name, code=chair.return_code)
        return self.tr("host.bye", grace=int(self.room.grace), name=chair.name)

    def _thanks(self) -> str:
        """The end of the match: thanks, and the command that replays its deals at one terminal."""
        replay = replay_line(self.room.saved, self.tr, shown=self.room.table.seed_shown())
        return self.tr("host.thanks") + ("\n" + replay if replay else "")


class _Picture(UIControl):
    """A control whose content comes ready made (and cached) from its owner."""

    def __init__(self, content: Callable[[], UIContent]) -> None:
        self.content = content

    def create_content(self, width: int, height: int) -> UIContent:
        return self.content()

    def is_focusable(self) -> bool:
        return False
