"""Reading a decision: prompt_toolkit with completion of the legal moves.

The prompt sits on the screen's last two lines: the input line, and a
toolbar that lists the legal moves matching what is typed so far. Tab
fills in the next match (again: the one after), so no pop-up menu ever
covers the table.
"""

from __future__ import annotations

import os
import select
from collections.abc import Callable, Iterable

from prompt_toolkit import PromptSession
from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.input.typeahead import get_typeahead
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style

from ..moves import IllegalMove
from ..view import View
from .commands import COMMANDS, Command, read_command
from .drawing import explain_move
from .i18n import Tr
from .notation import read_typed

STYLE = Style.from_dict({"bottom-toolbar": "noreverse #888888", "prompt": "bold"})


class MoveCompleter(Completer):
    """Completes the legal moves of one decision, and the commands.

    The moves are offered as a player of the game's language types them
    (``nimm``, ``ziehe 7`` in German); :attr:`canonical` maps them back.
    """

    def __init__(self, view: View, tr: Tr) -> None:
        self.view = view
        self.tr = tr
        self.canonical = {tr.spoken(m): m for m in view.legal_moves()}
        self.moves = list(self.canonical)
        self._verbs = {tr.spoken(kind) for kind in ("play", "draw", "shadow")}

    def matches(self, text: str) -> list[str]:
        """Legal moves (then commands) starting with ``text``, case-insensitive."""
        typed = " ".join(text.lower().split())
        if text.endswith(" ") and typed:
            typed += " "
        found = [m for m in self.moves if m.lower().startswith(typed)]
        if not found and typed:
            # "9 9" completes to "play 9 9 …" and "7" to "draw 7", as typed without the verb
            found = [m for m in self.moves if m.lower().split(" ", 1)[-1].startswith(typed)
                     and m.split()[0] in self._verbs]
        commands = [c for c in COMMANDS if typed and c.startswith(typed)]
        return found + commands

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        for match in self.matches(text):
            move = self.canonical.get(match)
            meta = explain_move(move, self.view, self.tr) if move else ""
            yield Completion(match, start_position=-len(text), display_meta=meta)


def _bindings(completer_of: Callable[[], MoveCompleter]) -> KeyBindings:
    bindings = KeyBindings()
    state: dict[str, object] = {"base": None, "index": 0, "last": None}

    @bindings.add("tab")
    def _cycle(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        if buffer.text != state["last"]:
            state["base"], state["index"] = buffer.text, 0
        else:
            state["index"] = int(str(state["index"])) + 1
        found = completer_of().matches(str(state["base"]))
        if not found:
            return
        choice = found[int(str(state["index"])) % len(found)]
        buffer.text = choice
        buffer.cursor_position = len(choice)
        state["last"] = choice

    return bindings


def make_session(*, input: Input | None = None, output: Output | None = None) -> PromptSession[str]:
    """A prompt session (pipe input and dummy output in tests)."""
    return PromptSession(input=input, output=output, history=InMemoryHistory(), style=STYLE,
                         complete_while_typing=False, mouse_support=False, erase_when_done=True)


def toolbar_text(completer: MoveCompleter, typed: str, width: int) -> FormattedText:
    """The line under the prompt: the legal moves that match what is typed."""
    found = [m for m in completer.matches(typed) if m in completer.moves]
    shown = ""
    for move in found:
        piece = (" · " if shown else "") + move
        if len(shown) + len(piece) > width - 12:
            shown += " …"
            break
        shown += piece
    return FormattedText([("", " Tab ▸ "), ("bold", shown or completer.tr("no_match"))])


RESIZED = "\x00resized\x00"


def discard_input(source: Input) -> bool:
    """Throw away whatever was typed and not yet read; whether there was anything.

    Only on a terminal: keys typed while bots thought or a handover box was
    up were meant for a table the player had not seen yet. Prompt_toolkit
    keeps keys it read past the end of the last question; the terminal keeps
    the rest (in canonical mode, a line without Enter is not readable, so
    the terminal is switched to non-canonical while it is emptied). Pipes,
    as scripts and tests use, are left alone.
    """
    try:
        fd = source.fileno()
    except (NotImplementedError, AttributeError, ValueError, OSError):
        return False
    if not isinstance(fd, int) or not os.isatty(fd):
        return False
    found = bool(get_typeahead(source))
    return _drain_terminal(fd) or found


def _drain_terminal(fd: int) -> bool:
    """Empty a terminal's input queue, partial lines included; whether it held anything."""
    try:
        import termios
    except ImportError:  # no termios (Windows): prompt_toolkit's own read-ahead was all
        return False
    found = False
    try:
        saved = termios.tcgetattr(fd)
        quiet = list(saved)
        quiet[3] &= ~(termios.ICANON | termios.ECHO)
        quiet[6] = list(saved[6])
        quiet[6][termios.VMIN], quiet[6][termios.VTIME] = 0, 0
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
        try:
            while select.select([fd], [], [], 0)[0]:
                if not os.read(fd, 4096):
                    break
                found = True
            termios.tcflush(fd, termios.TCIFLUSH)
        finally:
            termios.tcsetattr(fd, termios.TCSANOW, saved)
    except (OSError, termios.error):
        pass  # a terminal that went away shows itself at the question
    return found


def prompt_once(session: PromptSession[str], view: View, tr: Tr, *, width: int = 80, default: str = "") -> str:
    """Ask once; the raw text typed (``KeyboardInterrupt``/``EOFError`` pass through).

    When the terminal changes size meanwhile, returns :data:`RESIZED`
    followed by the text typed so far, so that the table can be drawn again.
    """
    completer = MoveCompleter(view, tr)

    def toolbar() -> FormattedText:
        try:
            typed = get_app().current_buffer.text
        except Exception:  # noqa: BLE001 - no app while testing the toolbar alone
            typed = ""
        return toolbar_text(completer, typed, width)

    start = session.output.get_size()

    def resized(app: Application[str]) -> None:
        if app.output.get_size() != start and app.is_running and not app.is_done:
            app.exit(result=RESIZED + app.current_buffer.text)

    message = FormattedText([("class:prompt", tr("prompt", name=view.names[view.seat]))])
    session.app.after_render += resized
    try:
        text: str = session.prompt(message, key_bindings=_bindings(lambda: completer), bottom_toolbar=toolbar,
                                   completer=None, default=default)
    finally:
        session.app.after_render -= resized
    return text


def ask_move(view: View, tr: Tr, *, session: PromptSession[str], show: Callable[[str], None],
             on_command: Callable[[Command], str], width: int = 80, message: str = "",
             fresh: bool = True) -> str:
    """Ask until the player gives a legal move; its canonical text.

    Args:
        view: the deciding seat's view.
        tr: the language.
        session: the prompt session.
        show: draws the table with a message line (a note, or why the last
            input was refused) right before each question.
        on_command: carries out ``?``, ``hint``, ``rules`` and ``quit``; returns
            the message to show next.
        width: the screen width, for the toolbar.
        message: the first message to show.
        fresh: first discard what was typed before the table was on screen
            (see :func:`discard_input`), and say so when there was something.
    """
    typed = ""
    if fresh and discard_input(session.input):
        message = "\n".join(filter(None, (message, tr("typed_ahead"))))
    while True:
        show(message)
        text = prompt_once(session, view, tr, width=width, default=typed)
        typed = ""
        if text.startswith(RESIZED):
            typed = text[len(RESIZED):]
            continue
        command = read_command(text)
        if command is not None:
            message = on_command(command)
            continue
        try:
            return read_typed(text, view)
        except IllegalMove as err:
            message = tr("bad_move", reason=tr.reason(err))


def ask_line(session: PromptSession[str], question: str, *, keep: bool = False) -> str:
    """A plain question (setup, yes/no, Enter to go on).

    A fresh session on the same terminal: a ``PromptSession`` keeps the last
    call's toolbar, and the move prompt's toolbar lists a hand's moves.
    The question and answer vanish once answered unless ``keep``.
    """
    plain: PromptSession[str] = PromptSession(input=session.input, output=session.output, style=STYLE,
                                              mouse_support=False, erase_when_done=not keep)
    answer: str = plain.prompt(question)
    return answer
