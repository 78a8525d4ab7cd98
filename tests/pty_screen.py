"""A program in a real pseudo-terminal, read as a person reads its screen (pexpect and pyte).

The game's screen is a full-screen prompt_toolkit application: it draws only
what changed since its last frame, so the bytes it writes are no record of
what is on the screen. :class:`PtyScreen` feeds them to a terminal emulator
(``pyte``) instead and answers what a person sees: :meth:`~PtyScreen.text`
now, :meth:`~PtyScreen.until` something shows, and every picture the screen
went through (:attr:`~PtyScreen.snapshots`: one after each piece read, and
one at the end of each frame), for the checks that no hand was ever shown to
the wrong person.

A frame of prompt_toolkit's is drawn between hiding the cursor and showing it
again (``ESC[?25l`` … ``ESC[?25h``), top row first; a snapshot taken right
after ``ESC[?25h`` is *settled*: a whole frame, not the top of a new one over
the bottom of the last. :meth:`~PtyScreen.answer` types a move and waits
until the save file took it and a whole frame drawn since shows what comes
next (the echo of a prompt is never taken for the next question).
"""

from __future__ import annotations

import copy
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pexpect
import pyte
from waiting import TIMEOUT as TIMEOUT  # how long a pseudo-terminal test waits for a screen
from waiting import until_blocking

#: The end of one of prompt_toolkit's frames: the cursor shows again.
FRAME_END = "\x1b[?25h"
#: Escape sequences and carriage returns, to read raw output as plain text.
ANSI = re.compile(r"\x1b\[[0-9;?<=>]*[A-Za-z~]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\x1b[=>78]|\r")

Wanted = str | Callable[[str], bool]


@dataclass(frozen=True)
class Snapshot:
    """What the screen showed at one moment.

    Attributes:
        text: its rows, joined by newlines (trailing blanks cut).
        settled: taken at the end of a frame (a whole picture), not in the middle of drawing one.
    """

    text: str
    settled: bool


class _Terminal(pyte.Screen):
    """pyte's screen with the alternate screen of xterm (``ESC[?1049h``/``l``) and the lines that
    scrolled off the top of the normal one: what a person can still scroll back to."""

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self.scrolled: list[str] = []
        self._normal: tuple[Any, Any] | None = None  # the normal screen's buffer and cursor, while away

    def set_mode(self, *modes: int, **kwargs: Any) -> None:
        if kwargs.get("private") and 1049 in modes and self._normal is None:
            self._normal = (self.buffer, (self.cursor.x, self.cursor.y))
            self.buffer = copy.copy(self.buffer)  # the same kind of buffer (blank lines come as needed) …
            self.buffer.clear()  # … with nothing on it
            self.dirty.update(range(self.lines))
            modes = tuple(m for m in modes if m != 1049)
        super().set_mode(*modes, **kwargs)

    def reset_mode(self, *modes: int, **kwargs: Any) -> None:
        if kwargs.get("private") and 1049 in modes and self._normal is not None:
            self.buffer, (x, y) = self._normal
            self._normal = None
            self.cursor.x, self.cursor.y = x, y
            self.dirty.update(range(self.lines))
            modes = tuple(m for m in modes if m != 1049)
        super().reset_mode(*modes, **kwargs)

    def index(self) -> None:
        top, bottom = self.margins or (0, self.lines - 1)
        if self._normal is None and self.cursor.y == bottom and top == 0:
            self.scrolled.append(self.display[0].rstrip())
        super().index()

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.display)


class PtyScreen:
    """``abluxxen ARGS`` (or ``python -c SCRIPT ARGS``) in a pseudo-terminal of ``rows`` × ``cols``, colours on.

    Args:
        args: the command line after ``abluxxen`` (after the script, with ``script``).
        data_dir: where saves and records go (default: the test's own, from ``conftest``).
        rows, cols: the terminal's size.
        script: Python source to run instead of ``python -m abluxxen`` (it reads ``sys.argv[1:]``).
        env: more environment variables.
    """

    def __init__(self, args: Sequence[str], data_dir: Path | None = None, *, rows: int = 24, cols: int = 80,
                 script: str | None = None, env: dict[str, str] | None = None) -> None:
        environ = terminal_env(data_dir, rows=rows, cols=cols) | (env or {})
        self.data_dir = Path(environ["ABLUXXEN_DATA_DIR"])
        argv = ["-c", script, *args] if script is not None else ["-m", "abluxxen", *args]
        self.child = pexpect.spawn(sys.executable, argv, env=environ, encoding="utf-8", dimensions=(rows, cols),
                                   timeout=TIMEOUT)
        self.screen = _Terminal(cols, rows)
        self.stream = pyte.Stream(self.screen)
        self.snapshots: list[Snapshot] = []
        self.ended = False
        self._raw: list[str] = []
        self._held = ""  # the start of a frame's end, split between two reads

    # -- what is on the screen ------------------------------------------------------------

    def text(self) -> str:
        """The screen now, as text."""
        return str(self.screen.text())

    def raw(self) -> str:
        """Everything the program wrote, escape sequences and all."""
        return "".join(self._raw)

    def scrollback(self) -> str:
        """The normal screen as a person can scroll through it: the lines gone over the top, then the
        screen (once the program has left its alternate screen: what it left behind)."""
        return "\n".join([*self.screen.scrolled, self.text()])

    def settled(self) -> bool:
        """Whether the screen shows a whole frame (the last thing read ended one)."""
        return bool(self.snapshots) and self.snapshots[-1].settled and self.snapshots[-1].text == self.text()

    # -- reading ------------------------------------------------------------------------------

    def read(self, timeout: float = 0.1) -> bool:
        """Read what the program wrote within ``timeout`` seconds onto the screen; whether anything came."""
        if self.ended:
            return False
        try:
            chunk = self.child.read_nonblocking(65536, timeout=timeout)
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            self.ended = True
            self._feed(self._held, settled=False)
            self._held = ""
            return False
        self._raw.append(chunk)
        data = self._held + chunk
        # Whole frames first, each a settled snapshot; then the rest (a frame being drawn).
        while (at := data.find(FRAME_END)) >= 0:
            self._feed(data[:at + len(FRAME_END)], settled=True)
            data = data[at + len(FRAME_END):]
        kept = next((n for n in range(len(FRAME_END) - 1, 0, -1) if data.endswith(FRAME_END[:n])), 0)
        self._held = data[len(data) - kept:] if kept else ""
        self._feed(data[:len(data) - kept], settled=False)
        return True

    def _feed(self, data: str, *, settled: bool) -> None:
        if data:
            self.stream.feed(data)
        text = self.text()
        if self.snapshots and self.snapshots[-1].text == text:
            if settled and not self.snapshots[-1].settled:
                self.snapshots[-1] = Snapshot(text, True)
            return
        if data or settled:
            self.snapshots.append(Snapshot(text, settled))

    def until(self, wanted: Wanted, timeout: float = TIMEOUT, *, settled: bool = False) -> str:
        """Wait until the screen shows ``wanted`` (a text on it, on one line or wrapped over several; or a
        test of its text); the screen.

        Args:
            settled: only a whole frame counts (never the top of a new one over the rest of the last).

        Raises:
            AssertionError: not within ``timeout`` seconds (or the program ended first), with the screen.
        """
        test = wanted if callable(wanted) else (lambda text: shows(text, wanted))
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if test(text) and (not settled or self.settled()):
                return text
            if self.ended or time.monotonic() > deadline:
                why = "the program ended" if self.ended else f"{timeout:.0f} s passed"
                raise AssertionError(f"{why} before the screen showed {_named(wanted)}; the screen:\n{text}")
            self.read()

    def sees(self, *wanted: str, timeout: float = TIMEOUT) -> int:
        """Wait until one of the texts ``wanted`` shows; the index of the first one on the screen."""
        self.until(lambda text: any(shows(text, w) for w in wanted), timeout)
        text = self.text()
        return next(i for i, w in enumerate(wanted) if shows(text, w))

    def cursor_line(self) -> str:
        """The row the cursor is on: where what is typed shows (a question asked a line at a time)."""
        return str(self.screen.display[self.screen.cursor.y]).rstrip()

    # -- typing ------------------------------------------------------------------------------

    def send(self, keys: str) -> None:
        """Type ``keys`` (``\\r`` is Enter)."""
        self.child.send(keys)

    def press(self, keys: str, timeout: float = TIMEOUT) -> str:
        """Type ``keys`` and wait until a whole frame shows something else than the screen before; that
        screen (Enter on a cover: what comes after it)."""
        before = self.text()
        self.send(keys)
        return self.until(lambda text: text != before, timeout, settled=True)

    def interrupt(self) -> None:
        """Ctrl-C."""
        self.child.sendintr()

    def answer(self, line: str, then: Wanted, timeout: float = TIMEOUT) -> str:
        """Type ``line`` and Enter as a decision: wait until the save file has taken it and a whole frame
        drawn since shows ``then`` (the next question); that screen.

        The screen before Enter never counts, even when it shows ``then`` too (the same prompt)."""
        test = then if callable(then) else (lambda text: shows(text, then))
        before, saved = self.text(), self.save_text()
        self.send(line + "\r")
        return self.until(lambda text: text != before and test(text) and self.save_text() != saved, timeout,
                          settled=True)

    def save_text(self) -> str:
        """The save file's text (the game's one save in the data directory; ``""`` before there is one)."""
        saves = sorted(self.data_dir.glob("*.json"))
        try:
            return saves[-1].read_text(encoding="utf-8") if saves else ""
        except OSError:  # replaced while read
            return ""

    def resize(self, rows: int, cols: int) -> None:
        """The window changes size (the emulated screen with it)."""
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    # -- the end --------------------------------------------------------------------------

    def exit_status(self, timeout: float = TIMEOUT) -> int | None:
        """Read to the end of the program's output and wait for it; its exit status (``None``: it was
        killed by a signal).

        Raises:
            AssertionError: it did not end within ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        while not self.ended:
            if time.monotonic() > deadline:
                raise AssertionError(f"the program did not end; the screen:\n{self.text()}")
            self.read()
        self.child.close()
        status: int | None = self.child.exitstatus
        return status

    def kill(self, signum: int = signal.SIGTERM) -> None:
        """Send the program ``signum``."""
        self.child.kill(signum)

    def close_window(self) -> None:
        """The terminal window closes: its side of the pseudo-terminal goes, nothing else is sent."""
        self.child.ptyproc.fileobj.close()
        self.child.ptyproc.closed = self.child.closed = True
        self.ended = True


def hang_up(child: pexpect.spawn, *, wait: float = TIMEOUT) -> bool:
    """Close ``child``'s terminal as a terminal emulator does (its pty goes, then a hang-up, SIGCONT
    and Ctrl-C: pexpect's way; :meth:`PtyScreen.close_window` sends nothing), and wait up to ``wait``
    seconds for the program to leave; whether it left.

    pexpect gives a program 0.3 s to leave and raises if it has not: a program that saves and says
    goodbye may take longer on a loaded machine, which is no fault of its own.
    """
    try:
        child.close(force=False)
    except pexpect.ExceptionPexpect:
        pass
    try:  # (isalive reaps it once it has left)
        until_blocking(lambda: not child.isalive(), "the program to leave", wait, every=0.02)
    except AssertionError:
        return False
    return True


def terminal_env(data_dir: Path | None = None, *, rows: int = 24, cols: int = 80) -> dict[str, str]:
    """The environment of a program in a colour terminal of ``rows`` × ``cols`` (UTF-8, no cursor
    position requests), its saves and records in ``data_dir`` (default: the test's own)."""
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm-256color", LC_ALL="C.UTF-8", LANG="C.UTF-8",
               COLUMNS=str(cols), LINES=str(rows))
    env.pop("NO_COLOR", None)
    if data_dir is not None:
        env["ABLUXXEN_DATA_DIR"] = str(data_dir)
    return env


def asking(name: str) -> Callable[[str], bool]:
    """A test of the screen: ``name`` is asked a decision (their prompt, nothing typed yet, and the moves
    it may become listed under it)."""
    def test(text: str) -> bool:
        lines = text.split("\n")
        return len(lines) >= 2 and lines[-2].rstrip() == f"{name} ›" and "Tab ▸" in lines[-1]
    return test


def shows(text: str, wanted: str) -> bool:
    """Whether the screen's ``text`` shows ``wanted``: on one line, or wrapped over several."""
    return wanted in text or " ".join(wanted.split()) in " ".join(text.split())


def plain(raw: str) -> str:
    """Raw terminal output as text (escape sequences dropped)."""
    return ANSI.sub("", raw)


def _named(wanted: Wanted) -> str:
    return repr(wanted) if isinstance(wanted, str) else getattr(wanted, "__qualname__", "a test")
