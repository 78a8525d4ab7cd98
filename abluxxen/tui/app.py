"""A full-screen application for one terminal (a table's screen or a lobby): its colours and its keys.

Every screen at a terminal, the table's (:mod:`.screen`) and the lobby's (:mod:`.lobby`), is made by
:func:`screen_application`: full screen, no mouse, the colour depth of what the terminal shows
(:func:`colours_of`), and the same few keys that do nothing, whatever a client sends. Both are the same
three parts (:func:`prompt_application`): the body, the prompt under it, and a line under the prompt.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import (
    ConditionalKeyBindings,
    KeyBindings,
    KeyBindingsBase,
    KeyPressEvent,
    merge_key_bindings,
)
from prompt_toolkit.key_binding.bindings.page_navigation import load_page_navigation_bindings
from prompt_toolkit.key_binding.defaults import load_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import ConditionalContainer, HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output import ColorDepth

from .toolkit import Kept, sharing_key_bindings

#: Colours by what the terminal can show.
DEPTHS = {None: ColorDepth.DEPTH_1_BIT, "standard": ColorDepth.DEPTH_4_BIT, "256": ColorDepth.DEPTH_8_BIT,
          "truecolor": ColorDepth.DEPTH_24_BIT}
#: Control keys whose prompt_toolkit meaning would hold a one-line prompt: Ctrl-@ (a NUL byte, Ctrl-Space)
#: begins a selection, and while there is one Enter does nothing, for good; Ctrl-Q takes the next key as
#: its own (Enter, put in the line raw). A client may send either.
IGNORED_KEYS = ("c-@", "c-q")


def screen_application(body: HSplit, focused: Window, keys: KeyBindingsBase, colours: str | None) -> Application[None]:
    """A full-screen application for one terminal: a table's screen or a lobby.

    A redraw is never put off to let other work run first (prompt_toolkit's ``max_render_postpone_time``):
    with hundreds of screens on one event loop, each put-off redraw asked the loop again and again until
    it ran, waking the loop each time; a redraw is still made once however often it was asked for.
    """
    return sharing_key_bindings(lambda: Application(
        layout=Layout(body, focused_element=focused), key_bindings=merge_key_bindings([_ignored_keys(), keys]),
        full_screen=True, mouse_support=False,
        color_depth=DEPTHS.get(colours, ColorDepth.DEPTH_8_BIT), erase_when_done=True,
        max_render_postpone_time=None), *_shared_key_bindings())


def prompt_application(body: Kept, buffer: Buffer, prompt: Callable[[], StyleAndTextTuples],
                       bottom: Callable[[], StyleAndTextTuples], keys: KeyBindings, colours: str | None, *,
                       small: Filter, interrupted: Callable[[], None], quit: Callable[[], None]) -> Application[None]:
    """A screen of three parts: ``body`` (its rows kept), the prompt (``prompt`` before what is typed into
    ``buffer``) and the line under it (``bottom``); ``keys``, and the keys every such screen has: Ctrl-C
    (``interrupted``), Ctrl-D on an empty line (``quit``) and Ctrl-L (the whole screen drawn afresh).

    While the terminal is too ``small`` for the screen, the body is all there is (it says so, in every row
    there is), and those three keys are the only ones read: nothing is typed into ``buffer``, no Enter
    answers and none of ``keys`` does anything; the terminal beeps instead. A question, a cover or a move
    the person cannot see is never answered, and the prompt's line never says what the hidden screen holds
    (a hand's cards, in the moves Tab completes)."""
    always = KeyBindings()
    for key in (Keys.Any, "enter", "c-j", "tab", Keys.BracketedPaste):
        always.add(key, filter=small)(lambda event: event.app.output.bell())

    @always.add("c-c")
    def _interrupt(event: KeyPressEvent) -> None:
        interrupted()

    @always.add("c-d", filter=Condition(lambda: not buffer.text))
    def _end(event: KeyPressEvent) -> None:
        quit()

    @always.add("c-l")
    def _redraw(event: KeyPressEvent) -> None:
        body.forget()
        event.app.renderer.clear()

    # prompt_toolkit's own keys (letters, Enter, a paste) edit the line, but never a read-only one. (Set, not
    # added to: a lobby makes its application anew, for the same line, each time its person comes back.)
    buffer.read_only = small
    shown = ~small
    under = ConditionalContainer(Window(FormattedTextControl(bottom), height=1, wrap_lines=False), filter=shown)
    typed = Window(BufferControl(buffer, input_processors=[BeforeInput(prompt)]), height=1, wrap_lines=False)
    return screen_application(HSplit([body, ConditionalContainer(typed, filter=shown), under]), typed,
                              merge_key_bindings([ConditionalKeyBindings(keys, shown), always]), colours)


@functools.cache
def _ignored_keys() -> KeyBindings:
    """Bindings that make :data:`IGNORED_KEYS` do nothing, and no mouse at all, made once for every screen
    (a screen's own bindings come after them, and may still give one a meaning). Typed escape codes can
    look like mouse reports (``ESC [ 31 m``), and prompt_toolkit's own handler fails on them."""
    keys = KeyBindings()
    for key in (*IGNORED_KEYS, Keys.Vt100MouseEvent):
        keys.add(key)(lambda event: None)
    return keys


@functools.cache
def _shared_key_bindings() -> tuple[KeyBindingsBase, KeyBindingsBase]:
    """prompt_toolkit's default key bindings and its page keys, made once for every screen."""
    return load_key_bindings(), load_page_navigation_bindings()


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
