"""prompt_toolkit's private parts, all in one place: the one module of abluxxen that touches a name
prompt_toolkit keeps to itself (one that starts with ``_``; ``tests/test_toolkit.py`` checks that no other
module does).

prompt_toolkit is made for one application at one terminal; a club draws hundreds of screens in one
process, and gets there through a few of its parts that are not its public interface:

- its comparison of a new screen with the last (:func:`patch_redraws`), told which rows are copies of
  the same kept row in both, so that it passes over them;
- the rows of its screens (``Screen.data_buffer``), into which a :class:`Kept` window copies the rows it
  drew before instead of drawing them again;
- an application's default key bindings, made once for every screen (:func:`sharing_key_bindings`);
- an application's redraw after its terminal's size changed (:func:`resize`);
- a pipe input's reader of keys, which asks ``select()`` (:func:`read_keys_without_select`);
- an SSH session's terminal size (:class:`SizedSession`).

Each is checked against the installed prompt_toolkit when this module is imported (:func:`missing`; the
SSH session's when a class is made from :class:`SizedSession`, so that a game at this terminal never
loads asyncssh). A part that is not what this module was written for is said once, in one warning
(:func:`_unsupported`), and prompt_toolkit's public behaviour is used instead: slower, or bound by
``select()``, never wrong. ``pyproject.toml`` bounds prompt_toolkit below its next minor release.
"""

from __future__ import annotations

import codecs
import inspect
import os
import warnings
import weakref
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import prompt_toolkit
import prompt_toolkit.application.application
import prompt_toolkit.renderer
from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Size
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.input.posix_utils import PosixStdinReader
from prompt_toolkit.input.vt100 import Vt100Input
from prompt_toolkit.key_binding import KeyBindingsBase
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.controls import UIContent, UIControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Char, Screen, WritePosition

#: The prompt_toolkit releases this module was written for (as ``pyproject.toml`` bounds them).
SUPPORTED = ">=3.0.36,<3.1"

#: The private parts this module relies on, by the name the warning gives them.
REDRAW = "renderer._output_screen_diff"
ROWS = "Screen.data_buffer"
BINDINGS = "Application._default_bindings"
#: What prompt_toolkit's ``Application`` makes its default and page key bindings with (a global of its module).
_MAKERS = ("load_key_bindings", "load_page_navigation_bindings")
RESIZE = "Application._on_resize"
KEYS = "Vt100Input.stdin_reader"
SSH_SIZE = "PromptToolkitSSHSession._get_size"

#: The parameters of the prompt_toolkit function that :func:`_diff_of_changed_rows` stands before.
_DIFF_PARAMETERS = ("app", "output", "screen", "current_pos", "color_depth", "previous_screen", "last_style",
                    "is_done", "full_screen", "attrs_for_style_string", "style_string_has_style", "size",
                    "previous_width")


def _parameters(function: object) -> tuple[str, ...] | None:
    """The names of ``function``'s parameters (``None``: no function)."""
    try:
        return tuple(inspect.signature(function).parameters)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def _uses(function: object, *names: str) -> bool:
    """Whether ``function``'s code reads or writes every one of ``names`` (as a global or an attribute)."""
    code = getattr(function, "__code__", None)
    return code is not None and set(names) <= set(code.co_names)


def _rows_are_dicts() -> bool:
    """Whether a screen keeps its rows as this module writes them: a dict of rows by line, each a dict of
    characters by column, a missing one made by the dict itself."""
    rows = getattr(Screen(), "data_buffer", None)
    return isinstance(rows, defaultdict) and rows.default_factory is not None \
        and isinstance(rows.default_factory(), defaultdict)


def missing() -> list[str]:
    """The private parts of the installed prompt_toolkit this module relies on that are not what it was
    written for, by name (:data:`REDRAW` …); ``[]`` when all are (the SSH session's is checked apart, see
    :class:`SizedSession`)."""
    renderer = prompt_toolkit.renderer
    registry = getattr(prompt_toolkit.application.application, "_CombinedRegistry", None)
    found = {
        REDRAW: _parameters(getattr(renderer, "_output_screen_diff", None)) == _DIFF_PARAMETERS
        and _uses(renderer.Renderer.render, "_output_screen_diff"),
        ROWS: _rows_are_dicts(),
        BINDINGS: _uses(Application.__init__, "_default_bindings", "_page_navigation_bindings", *_MAKERS)
        and all(callable(getattr(prompt_toolkit.application.application, name, None)) for name in _MAKERS)
        and _uses(getattr(registry, "_create_key_bindings", None), "_default_bindings", "_page_navigation_bindings"),
        RESIZE: _parameters(getattr(Application, "_on_resize", None)) == ("self",),
        KEYS: _uses(Vt100Input.__init__, "stdin_reader") and _uses(Vt100Input.read_keys, "stdin_reader"),
    }
    return [part for part, there in found.items() if not there]


#: The parts said to have changed so far (each is said once).
_said: set[str] = set()


def _unsupported(parts: Sequence[str]) -> None:
    """Say, once for each part, that the installed prompt_toolkit's ``parts`` are not what this module
    was written for, and that prompt_toolkit's own way is taken instead: a warning on standard error (the
    package logs nowhere until a host opens its log, and this is said at import, before)."""
    new = [part for part in parts if part not in _said]
    if new:
        _said.update(new)
        warnings.warn(f"prompt_toolkit {prompt_toolkit.__version__} is not the one abluxxen was written for "
                      f"({SUPPORTED}): {', '.join(new)} changed; its own way is used instead (slower, or bound by "
                      "select() to 1023 descriptors)",
                      RuntimeWarning, stacklevel=2)


#: The parts :func:`missing` found missing when this module was imported: each falls back on prompt_toolkit's own way.
MISSING = frozenset(missing())
_unsupported(sorted(MISSING))


# -- an application ------------------------------------------------------------------------------------

def resize(app: Application[Any]) -> None:
    """Draw ``app`` afresh at its terminal's new size (what prompt_toolkit does on SIGWINCH at its own terminal)."""
    if RESIZE in MISSING:
        app.renderer.erase(leave_alternate_screen=False)
        app.invalidate()
    else:
        app._on_resize()


def sharing_key_bindings(make: Callable[[], Application[Any]], default: KeyBindingsBase,
                         pages: KeyBindingsBase) -> Application[Any]:
    """The application ``make`` makes, given these default and page key bindings in place of its own.

    prompt_toolkit gives each application key bindings of its own (emacs's and vi's, some four hundred): about
    10 ms to make, and it copies every one of them at its first key, about 3 ms more; a club makes a screen
    at each login, each ``join`` and each return to the lobby. They are the same for every screen, and hold no
    state: made once, they can be shared (prompt_toolkit's own, the ones it makes, are never made).
    """
    if BINDINGS in MISSING:
        return make()
    module = prompt_toolkit.application.application
    theirs = [getattr(module, name) for name in _MAKERS]
    # (Only while ``make`` runs, on this thread: nothing else makes an application meanwhile.)
    for name, ours in zip(_MAKERS, (default, pages), strict=True):
        setattr(module, name, lambda ours=ours: ours)
    try:
        app = make()
    finally:
        for name, maker in zip(_MAKERS, theirs, strict=True):
            setattr(module, name, maker)
    return app


# -- a pipe's keys -------------------------------------------------------------------------------------

class _KeysReader(PosixStdinReader):
    """Reads a session's keys from its pipe without ``select()``.

    prompt_toolkit's reader asks ``select()`` whether a key waits, and ``select()`` refuses any
    descriptor past 1023: a club of a hundred tables has more, and every key would fail. The pipe
    is made non-blocking instead, so a read with nothing waiting simply returns nothing.
    """

    def __init__(self, stdin_fd: int) -> None:
        super().__init__(stdin_fd)
        os.set_blocking(stdin_fd, False)
        # prompt_toolkit's own reader decodes so: a key cut between two reads is read whole.
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="surrogateescape")

    def read(self, count: int = 1024) -> str:
        if self.closed:
            return ""
        try:
            data = os.read(self.stdin_fd, count)
        except BlockingIOError:
            return ""  # nothing waits
        except OSError:
            self.closed = True  # the pipe was closed under us: the session is ending
            return ""
        if not data:
            self.closed = True
            return ""
        return self.decoder.decode(data)


def read_keys_without_select(pipe: Input) -> None:
    """Have ``pipe`` (a pipe input, before its first key is read) read its keys without ``select()``, which
    fails on a descriptor past 1023 (prompt_toolkit's own reader asks it)."""
    if KEYS not in MISSING and isinstance(pipe, Vt100Input):
        pipe.stdin_reader = _KeysReader(pipe.fileno())


# -- an SSH session's size -----------------------------------------------------------------------------

class SizedSession:
    """Put before prompt_toolkit's ``PromptToolkitSSHSession`` in a session's bases: its screen is drawn at
    :meth:`terminal_size` (prompt_toolkit's own size is what the client says, however large).

    prompt_toolkit reads the size through a private method of its session; that it is there is checked
    when a class is made from this one (not at import: its SSH session would load asyncssh into every game).
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        theirs = next((c for c in cls.__mro__ if c.__module__.startswith("prompt_toolkit.")), None)
        if theirs is None or "_get_size" in vars(cls):
            return  # not a session yet (a mixin of mixins), or told already (a subclass of one)
        if _parameters(getattr(theirs, "_get_size", None)) == ("self",) \
                and _uses(getattr(theirs, "_interact", None), "_get_size"):
            cls._get_size = cls.terminal_size  # type: ignore[attr-defined]
        else:
            _unsupported([SSH_SIZE])

    def terminal_size(self) -> Size:
        """The size the session's screen is drawn at."""
        raise NotImplementedError


# -- kept rows, and the comparison that passes over them --------------------------------------------------

class _Picture(UIControl):
    """A control whose lines come ready made from its owner."""

    def __init__(self, lines: Callable[[], Sequence[StyleAndTextTuples]]) -> None:
        self.lines = lines

    def create_content(self, width: int, height: int) -> UIContent:
        lines = self.lines()
        return UIContent(get_line=lambda i: lines[i] if i < len(lines) else [], line_count=len(lines),
                         show_cursor=False)

    def is_focusable(self) -> bool:
        return False


class Kept(Container):
    """A window drawn again only when its owner's ``key`` changes; otherwise the rows it drew last are
    copied into the screen as they are. prompt_toolkit draws the whole layout for every key typed:
    without this, each key would copy the table into the screen character by character.

    When it is drawn again, each line's row of characters is drawn once for every screen that shows the
    same line at the same place (:data:`_ROWS`): a move changes a few lines of a table, and most lines
    are the same on every screen at it.

    Args:
        lines: the owner's lines now.
        key: what the lines depend on (the same key: the same lines).
        height: the window's height.
    """

    def __init__(self, lines: Callable[[], Sequence[StyleAndTextTuples]], key: Callable[[], object], *,
                 height: Callable[[], Dimension]) -> None:
        self.lines = lines
        self.key = key
        self._missing: Sequence[StyleAndTextTuples] = []
        self.window = Window(_Picture(lambda: self._missing), height=height, wrap_lines=False,
                             always_hide_cursor=True)
        self._drawn: object = None
        self._rows: dict[int, defaultdict[int, Char]] = {}

    def forget(self) -> None:
        """Draw the window afresh next time."""
        self._drawn = None

    def write_to_screen(self, screen: Screen, mouse_handlers: MouseHandlers, write_position: WritePosition,
                        parent_style: str, erase_bg: bool, z_index: int | None) -> None:
        at = write_position
        if ROWS in MISSING:  # prompt_toolkit's own way: the window draws every line, every time
            self._missing = self.lines()
            self.window.write_to_screen(screen, mouse_handlers, at, parent_style, erase_bg, z_index)
            self._missing = []
            return
        drawn = (self.key(), at.xpos, at.ypos, at.width, at.height, parent_style, erase_bg)
        if drawn != self._drawn:
            self._rows = self._drawn_rows(at, parent_style, erase_bg, z_index)
            self._drawn = drawn
        for y, row in self._rows.items():
            screen.data_buffer[y] = row.copy()  # the screen's rows are its own (a later draw may change them)
        _KEPT_ROWS.setdefault(screen, {}).update(self._rows)
        screen.height = max(screen.height, at.ypos + at.height)
        screen.visible_windows_to_write_positions[self.window] = at

    def _drawn_rows(self, at: WritePosition, parent_style: str, erase_bg: bool,
                    z_index: int | None) -> dict[int, defaultdict[int, Char]]:
        """The window's rows for its owner's lines now: those drawn before by any screen, the others drawn
        by prompt_toolkit's own window (a line's row depends on the line, its place and styles, and on
        whether it is the window's last: that one gets the ``last-line`` class)."""
        lines = list(self.lines())[:at.height]
        lines += [[] for _ in range(at.height - len(lines))]
        keys = [(tuple(line), y == at.height - 1, at.xpos, at.width, parent_style, erase_bg)
                for y, line in enumerate(lines)]
        missing = [(key, line) for key, line in zip(keys, lines, strict=True) if key not in _ROWS]
        # A window's last row is drawn alone; the others together, above one empty line (the last).
        for batch in ([item for item in missing if not item[0][1]], [item for item in missing if item[0][1]]):
            if not batch:
                continue
            last = batch[0][0][1]
            self._missing = [line for _, line in batch] + ([] if last else [[]])
            scratch = Screen()
            self.window.write_to_screen(scratch, MouseHandlers(),
                                        WritePosition(at.xpos, 0, at.width, len(self._missing)),
                                        parent_style, erase_bg, z_index)
            for y, (key, _) in enumerate(batch):
                _ROWS[key] = scratch.data_buffer[y]
            self._missing = []
        rows: dict[int, defaultdict[int, Char]] = {}
        for y, key in enumerate(keys):
            rows[at.ypos + y] = _ROWS[key]
            _ROWS.move_to_end(key)
        while len(_ROWS) > MAX_ROWS_KEPT:
            _ROWS.popitem(last=False)
        return rows

    def reset(self) -> None:
        self.window.reset()
        self._drawn = None

    def preferred_width(self, max_available_width: int) -> Dimension:
        return self.window.preferred_width(max_available_width)

    def preferred_height(self, width: int, max_available_height: int) -> Dimension:
        return self.window.preferred_height(width, max_available_height)

    def get_children(self) -> list[Container]:
        return [self.window]


#: Rows of characters drawn lately (see :meth:`Kept._drawn_rows`), by line, place and style, the oldest
#: forgotten first: a hundred tables' screens' worth. Never changed once drawn: a screen copies them.
_ROWS: OrderedDict[tuple[object, ...], defaultdict[int, Char]] = OrderedDict()
MAX_ROWS_KEPT = 5_000
#: Which kept row (of :data:`_ROWS`) each row of a prompt_toolkit screen was copied from.
_KEPT_ROWS: weakref.WeakKeyDictionary[Screen, dict[int, defaultdict[int, Char]]] = weakref.WeakKeyDictionary()


def _diff_of_changed_rows(app: Any, output: Any, screen: Screen, current_pos: Any, color_depth: Any,
                          previous_screen: Screen | None, last_style: str | None, is_done: bool, *,
                          full_screen: bool, attrs_for_style_string: Any, style_string_has_style: Any, size: Any,
                          previous_width: int) -> Any:
    """prompt_toolkit's comparison of a new screen with the last (which writes what changed), told which
    rows are copies of the same kept row in both, so that it passes over them.

    prompt_toolkit compares every row character by character, and finds each row's end by looking at
    every character: with hundreds of screens, that was a sixth of the club's time, though a key typed
    changes one row of 24 and a move a few. A row copied from the same kept row (:class:`Kept`) in both
    screens is the same; both are shown to the comparison as empty for the time it runs, which writes
    nothing for them, as it would have after comparing them. When the whole screen is written anyway (the
    first time, a new width, the end), nothing is passed over.
    """
    new = _KEPT_ROWS.get(screen)
    old = _KEPT_ROWS.get(previous_screen) if previous_screen is not None else None
    same: list[tuple[int, defaultdict[int, Char], defaultdict[int, Char]]] = []
    if previous_screen is not None and new and old and not is_done and previous_width == size.columns:
        same = [(y, screen.data_buffer[y], previous_screen.data_buffer[y]) for y, row in new.items()
                if old.get(y) is row]
        empty = screen.data_buffer.default_factory() if same else None  # type: ignore[misc]
        for y, _, _ in same:
            screen.data_buffer[y] = previous_screen.data_buffer[y] = empty  # type: ignore[assignment]
    assert _screen_diff is not None  # else it is never put before prompt_toolkit's (see patch_redraws)
    try:
        return _screen_diff(app, output, screen, current_pos, color_depth, previous_screen, last_style, is_done,
                            full_screen=full_screen, attrs_for_style_string=attrs_for_style_string,
                            style_string_has_style=style_string_has_style, size=size,
                            previous_width=previous_width)
    finally:
        for y, row, previous_row in same:
            screen.data_buffer[y] = row
            previous_screen.data_buffer[y] = previous_row  # type: ignore[union-attr]


#: prompt_toolkit's own comparison, which :func:`_diff_of_changed_rows` stands before.
_screen_diff: Callable[..., Any] | None = getattr(prompt_toolkit.renderer, "_output_screen_diff", None)


def patch_redraws(on: bool = True) -> bool:
    """Put :func:`_diff_of_changed_rows` before prompt_toolkit's comparison of screens, in the whole process
    (``on``), or take it away; whether it is there now (never when the installed prompt_toolkit's
    comparison, or its rows, are not what it was written for)."""
    if REDRAW in MISSING or ROWS in MISSING:
        return False
    setattr(prompt_toolkit.renderer, "_output_screen_diff", _diff_of_changed_rows if on else _screen_diff)  # noqa: B010
    return redraws_patched()


def redraws_patched() -> bool:
    """Whether prompt_toolkit compares screens through :func:`_diff_of_changed_rows` now."""
    return getattr(prompt_toolkit.renderer, "_output_screen_diff", None) is _diff_of_changed_rows


patch_redraws()
