"""The ``abluxxen rules`` command: the rules, whole or only the sections about some topic words.

This module must start fast and never pulls in the game UI: it uses the
standard library, and rich only inside :func:`render`; what only a terminal
needs (a pager's process, the screen's width) is imported when a terminal
asks for it. The game UI calls :func:`sections` and :func:`render` to show
the same text in a game.

The rules live in ``docs/rules.md`` (English) and ``docs/rules.de.md``
(German). A wheel carries them as ``abluxxen/_docs/``; an editable install
reads them from the checkout's ``docs/`` directory.

On a terminal, text longer than the screen goes through a pager (``$PAGER``,
else ``less``, else ``more``) with its colours, and the whole text starts with
the list of topics; in a pipe or a file the text is printed plainly.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from typing import IO, TYPE_CHECKING, Protocol, cast

from ..complaints import NAMED, complain, complaint
from ..i18n.catalog import in_language
from ..i18n.rulebook import MESSAGES, find, notice, topic_help
from ..languages import default_lang
from .options import add_lang

if TYPE_CHECKING:
    from rich.console import Console
    from rich.pager import Pager

def render(markdown: str, console: Console | None = None) -> None:
    """Print markdown with rich to ``console`` (default: standard output).

    Rich writes plain text without colour codes when the output is not a
    terminal, so the rules stay readable in a pipe or a file.
    """
    from rich.console import Console
    from rich.markdown import Markdown

    console = console or Console()
    document = Markdown(markdown, hyperlinks=False)
    if console.is_terminal:
        console.print(document)
        return
    # Rich pads every line to the full width; a pipe or a file is better off without it.
    with console.capture() as captured:
        console.print(document)
    lines = [line.rstrip() for line in captured.get().splitlines()]
    console.file.write("\n".join(lines).strip("\n") + "\n")


EPILOG = """examples:
  abluxxen rules                    the whole rules, the list of topics first
  abluxxen rules joker              only the sections about jokers
  abluxxen rules duel shadow        the sections about both words
  abluxxen rules winner --lang de   who wins, in German
  abluxxen rules who wins           asked as a question
"""
EPILOG_DE = """Beispiele:
  abluxxen rules                    die ganze Spielregel, vorneweg die Themen
  abluxxen rules Joker              nur die Abschnitte über Joker
  abluxxen rules Duell Schatten     die Abschnitte zu beiden Wörtern
  abluxxen rules Sieger --lang en   wer gewinnt, auf Englisch
  abluxxen rules wer fängt an       als Frage gestellt
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``abluxxen rules``."""
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    parser.add_argument("topic", nargs="*", metavar="TOPIC",
                        help="the sections about these words or this question, the best first (English or "
                             "German), e.g. joker, duel, Wertung, how does the duel work")
    add_lang(parser, "language of the rules (default: from the locale, German for de_*)")


def run(args: argparse.Namespace, *, console: Console | None = None,
        err_console: Console | None = None, pager: Shows | None = None) -> int:
    """Show the rules or the sections about ``args.topic``, the best first; 1 when nothing matches.

    A partial match (a section with only some of the words) says so in one line first; nothing found
    is one line on standard error, ``abluxxen:`` first. Both name topics to try and fit 80 columns.

    Args:
        args: ``topic`` (words, maybe none) and ``lang`` (``None``: from the locale).
        console: where the rules go (default: standard output).
        err_console: where a complaint goes (default: standard error).
        pager: what shows text longer than a terminal's screen (default:
            :class:`CommandPager`); never used when ``console`` is not a terminal.
    """
    lang: str = getattr(args, "lang", None) or default_lang()
    words: list[str] = list(getattr(args, "topic", None) or [])
    try:
        found = find(words, lang)
    except OSError as err:
        _complain(MESSAGES[lang]["missing"].format(error=err), err_console)
        return 2
    if found.mode == "none":
        _complain(notice(found, lang, before=NAMED), err_console)
        return 1
    from rich.console import Console

    console = console or Console()
    text = "\n\n".join(found.sections)
    partial = notice(found, lang)
    if not console.is_terminal:
        if partial:
            _say(partial, console)
        render(text, console)
        return 0
    if found.mode == "whole":
        text = topic_help(lang) + "\n\n" + text
    # rich only calls show(); CommandPager does not subclass rich's Pager so
    # that importing this module stays free of rich.
    shows = pager or CommandPager(console.file, height=console.size.height)
    with console.pager(pager=cast("Pager", shows),
                       styles=True):
        if partial:
            _say(partial, console)
        render(text, console)
    return 0


class Shows(Protocol):
    """What rich asks of a pager: to show a text."""

    def show(self, content: str) -> None:
        """Show ``content`` to the reader."""


class CommandPager:
    """Shows terminal text a screen at a time through a pager program.

    Text that fits the screen is printed as it is. Otherwise it goes to
    ``$PAGER`` (run by the shell, as git and man do), or with no ``$PAGER`` to
    ``less`` or else ``more``. ``LESS`` defaults to ``R`` so that less keeps
    the colours, and ``LESSCHARSET`` to ``utf-8`` so that it shows "—" and "ü"
    even where the locale is not installed. When no pager starts, or the
    terminal is too simple for one (``TERM=dumb``), the text is printed as it is.

    Args:
        file: where text is printed when no pager is used.
        height: the screen's rows.
        environ: the environment (default: this process's).
    """

    def __init__(self, file: IO[str], *, height: int, environ: Mapping[str, str] | None = None) -> None:
        self.file = file
        self.height = height
        self.environ = dict(os.environ if environ is None else environ)

    def show(self, content: str) -> None:
        """Page ``content``, or print it when it fits or no pager starts."""
        if content.count("\n") < self.height:
            self._print(content)
            return
        for command in self._commands():
            if self._page(command, content):
                return
        self._print(content)

    def _commands(self) -> list[str]:
        if self.environ.get("TERM") in ("dumb", "emacs"):
            return []  # a terminal that can't move the cursor: a pager would garble it
        chosen = self.environ.get("PAGER", "").strip()
        if chosen:
            return [chosen]
        import shutil

        return [name for name in ("less", "more") if shutil.which(name, path=self.environ.get("PATH"))]

    def _page(self, command: str, content: str) -> bool:
        """Run one pager on ``content``; ``False`` when it could not start."""
        import subprocess

        env = {"LESS": "R", "LESSCHARSET": "utf-8", "LV": "-c", **self.environ}
        try:
            proc = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, env=env,  # noqa: S602 - the player's own $PAGER
                                    encoding="utf-8", errors="backslashreplace")
        except OSError:
            return False
        try:
            with cast("IO[str]", proc.stdin) as pipe:
                pipe.write(content)
        except (OSError, KeyboardInterrupt):
            pass  # the player left the pager early, or it never started
        while True:
            try:
                status = proc.wait()
                break
            except KeyboardInterrupt:
                pass  # Ctrl-C belongs to the pager; leaving it running would wreck the terminal
        # The shell's own codes for "not found" and "not executable": nothing was shown.
        return status not in (126, 127)

    def _print(self, content: str) -> None:
        self.file.write(content)
        self.file.flush()


def _say(line: str, console: Console) -> None:
    """One plain message (no markup) to ``console``: on a terminal narrower than the line wrapped between
    words, elsewhere one line."""
    console.print(line, markup=False, highlight=False, soft_wrap=not console.is_terminal)


def _complain(line: str, err_console: Console | None) -> None:
    """A complaint, ``abluxxen:`` first, to ``err_console`` or standard error."""
    if err_console is None:
        complain(line)
    else:
        err_console.print(complaint(line), markup=False, highlight=False, soft_wrap=True)
