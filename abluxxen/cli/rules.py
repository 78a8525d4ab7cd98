"""The ``abluxxen rules`` command: the rules, whole or only the sections about some topic words.

This module must start fast and never pulls in the game UI: it uses the
standard library, and rich only inside :func:`render`. The game UI calls
:func:`sections` and :func:`render` to show the same text in a game.

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
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, Protocol, cast

from ..languages import LANGS, default_lang
from .catalog import in_language

if TYPE_CHECKING:
    from rich.console import Console
    from rich.pager import Pager

_FILES = {"en": "rules.md", "de": "rules.de.md"}

# Topic words that mean the same thing, English and German. The first two
# words of a group are its topic names in English and German (listed when a
# word matches nothing, and above the whole text; German nouns capitalised as
# German writes them); the others are more ways to ask. Case never matters. A word matches a
# heading or body when some word of the text starts with it, so "abluxx"
# also finds "abluxxen" and "abluxxed".
SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("idea", "Ziel", "goal", "aim", "worum", "overview"),
    ("material", "Spielmaterial", "components", "109"),
    ("setup", "Vorbereitung", "aufbau", "deal", "austeilen", "start", "startspieler"),
    ("turn", "Zug", "glance", "überblick", "ablauf"),
    ("play", "ausspielen", "playing", "auslegen"),
    ("display", "Auslage", "layer", "lage", "schicht", "top", "oberste"),
    ("joker", "Joker", "jokers", "wild"),
    ("abluxx", "abluxxen", "abgeluxxt", "luxxen", "steal", "stehlen", "attack", "angriff"),
    ("take", "nehmen", "leave", "lassen", "back", "zurück", "discard", "abwerfen", "victim", "opfer",
     "resolve", "abwickeln"),
    ("draw", "nachziehen", "drawing", "ziehen", "ziehung"),
    ("pool", "Vorrat", "refill", "auffüllen"),
    ("deck", "Nachziehstapel", "stapel"),
    ("end", "Spielende", "ende", "finish", "schluss", "over", "gameover"),
    ("scoring", "Wertung", "score", "scores", "points", "punkte", "punktwertung", "zählen",
     "winner", "winners", "winning", "win", "wins", "won", "gewinner", "gewinnen", "gewinnt", "sieger", "sieg"),
    ("tie", "Gleichstand", "tiebreak", "tie-break", "unentschieden", "fewest-hand", "shared"),
    ("match", "Partien", "matches", "serie", "partie", "series"),
    ("variant", "Varianten", "variants", "variante"),
    ("base", "Grundspiel", "basic"),
    ("advanced", "Fortgeschrittene", "fortgeschritten", "profi"),
    ("expert", "Experten", "experte", "expertenvariante", "ones", "1s", "1er"),
    ("duel", "Duell"),
    ("shadow", "Schatten", "shadowluxx", "schattenluxxen", "schattenauslage"),
    ("group", "Gruppe", "groups", "gruppen"),
    ("plain", "einfach", "einfache", "two", "zweit", "2-player"),
    ("known", "wissen", "knows", "know", "public", "bekannt", "information", "hidden", "verdeckt"),
    ("conservation", "Kartenbilanz", "bilanz", "card count"),
    ("rulings", "Regelentscheidungen", "ruling", "entscheidungen", "disagree", "editions", "auflage"),
    ("notation", "Notation", "spielzüge", "commands", "befehle", "schreibweise"),
    ("tips", "Tipps", "tactics", "taktik", "strategy", "strategie", "hints"),
    ("paw", "Tatze", "luxx-karte"),
    ("card", "Karte", "cards", "karten"),
)

_FOLD = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss", "–": "-", "—": "-"})


def _fold(text: str) -> str:
    """Lower case without umlauts, so "Überblick", "uberblick" and "überblick" agree."""
    return text.casefold().translate(_FOLD)


def _clean(word: str) -> str:
    """A topic word folded, without the quotes and punctuation a player may type around it."""
    return _fold(word.strip(" \t,.;:!?\"'"))


@dataclass(frozen=True)
class Section:
    """One ``##`` section of a rules document.

    Attributes:
        heading: the heading text, without the ``##``.
        text: the whole section as markdown, heading line included.
    """

    heading: str
    text: str


@dataclass(frozen=True)
class Found:
    """What a topic search found.

    Attributes:
        sections: the markdown of each section to show, in document order.
        mode: ``"all"`` (every section shown matches every word), ``"any"``
            (none matched them all; each shown matches one), ``"none"``
            (nothing matched), or ``"whole"`` (no words: the whole document).
    """

    sections: list[str]
    mode: str


def doc_paths(lang: str) -> list[Path]:
    """Where the document of ``lang`` may be, in the order they are tried."""
    name = _FILES[lang]
    package = Path(__file__).resolve().parent.parent  # abluxxen/
    return [package / "_docs" / name, package.parent / "docs" / name]


@cache
def load(lang: str) -> str:
    """The markdown text of the rules in ``lang``.

    Raises:
        ValueError: for a language other than ``en`` and ``de``.
        FileNotFoundError: when neither the installed copy nor the checkout's exists.
    """
    if lang not in _FILES:
        raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
    paths = doc_paths(lang)
    for path in paths:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise FileNotFoundError(f"rules document not found (looked for {', '.join(str(p) for p in paths)})")


def split(markdown: str) -> tuple[str, list[Section]]:
    """The text before the first ``##`` heading, and the ``##`` sections.

    ``###`` and deeper headings stay inside their section; lines in fenced
    code blocks are never taken for headings.
    """
    preamble: list[str] = []
    sections: list[tuple[str, list[str]]] = []
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if not fenced and line.startswith("## "):
            sections.append((line[3:].strip(), [line]))
        elif sections:
            sections[-1][1].append(line)
        else:
            preamble.append(line)
    return ("\n".join(preamble).strip(),
            [Section(heading, "\n".join(lines).strip()) for heading, lines in sections])


def expand(word: str) -> list[str]:
    """Every search term a topic word stands for: itself, a singular form, and its synonyms."""
    folded = _clean(word)
    terms = [folded]
    if len(folded) > 3 and folded.endswith("s") and not folded.endswith("ss"):
        terms.append(folded[:-1])
    for group in SYNONYMS:
        words = [_fold(w) for w in group]
        if any(t in words for t in terms):
            terms.extend(w for w in words if w not in terms)
    return terms


def _pattern(terms: Iterable[str]) -> re.Pattern[str]:
    # A term matches at the start of a word, so "end" finds "ends" but not "depend".
    return re.compile("|".join(r"(?<!\w)" + re.escape(t) for t in terms if t))


def find(topic_words: Sequence[str], lang: str) -> Found:
    """The sections of the rules in ``lang`` about ``topic_words``.

    A section matches a word when its heading or body mentions the word or a
    synonym. Sections matching every word are shown, and among them those
    whose headings name the most words: "joker" shows the section on jokers,
    not every section that mentions one. When no section matches every word,
    each word's own sections are shown.
    """
    preamble, sections = split(load(lang))
    words = [w for w in topic_words if _clean(w)]
    if not words:
        return Found([preamble] + [s.text for s in sections], "whole")
    chosen = _best(sections, [_pattern(expand(w)) for w in words])
    if chosen:
        return Found([s.text for s in chosen], "all")
    picked = {id(s) for w in words for s in _best(sections, [_pattern(expand(w))])}
    if not picked:
        return Found([], "none")
    return Found([s.text for s in sections if id(s) in picked], "any")


def _best(sections: Sequence[Section], patterns: Sequence[re.Pattern[str]]) -> list[Section]:
    """Sections matching every pattern, keeping those with the most matches in the heading."""
    scored: list[tuple[Section, int]] = []
    for section in sections:
        body = _fold(section.text)
        if all(p.search(body) for p in patterns):
            heading = _fold(section.heading)
            scored.append((section, sum(1 for p in patterns if p.search(heading))))
    if not scored:
        return []
    best = max(score for _, score in scored)
    return [section for section, score in scored if score == best]


def sections(topic_words: Sequence[str], lang: str) -> list[str]:
    """Markdown of the sections about ``topic_words`` (all sections for no words); ``[]`` if none."""
    return find(topic_words, lang).sections


def topics(lang: str) -> list[str]:
    """The topic names to suggest, in ``lang``."""
    index = LANGS.index(lang)
    return [group[index] for group in SYNONYMS]


def topic_help(lang: str, *, command: str = "abluxxen rules") -> str:
    """One markdown paragraph: the topic names, and how ``command`` shows only one topic's sections."""
    messages = _MESSAGES[lang]
    return messages["topics"].format(topics=", ".join(topics(lang)), command=command)


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


_MESSAGES = {
    "en": {
        "none": "No rules section about {words}. Topics: {topics}.",
        "topics": "Topics: {topics} — `{command} joker` shows only the sections about jokers.",
        "any": "No section is about all of {words}; showing the sections about any of them.",
        "missing": "The rules document is missing: {error}",
    },
    "de": {
        "none": "Kein Regelabschnitt zu {words}. Themen: {topics}.",
        "topics": "Themen: {topics} — `{command} Joker` zeigt nur die Abschnitte über Joker.",
        "any": "Kein Abschnitt passt zu allen von {words}; gezeigt wird, was zu einem davon passt.",
        "missing": "Die Spielregel fehlt: {error}",
    },
}


EPILOG = """examples:
  abluxxen rules                    the whole rules, the list of topics first
  abluxxen rules joker              only the sections about jokers
  abluxxen rules duel shadow        the sections about both words
  abluxxen rules winner --lang de   who wins, in German
"""
EPILOG_DE = """Beispiele:
  abluxxen rules                    die ganze Spielregel, vorneweg die Themen
  abluxxen rules Joker              nur die Abschnitte über Joker
  abluxxen rules Duell Schatten     die Abschnitte zu beiden Wörtern
  abluxxen rules Sieger --lang en   wer gewinnt, auf Englisch
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``abluxxen rules``."""
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    parser.add_argument("topic", nargs="*", metavar="TOPIC",
                        help="show only the sections about these words (English or German), "
                             "e.g. joker, duel, end, scoring, Wertung")
    parser.add_argument("--lang", choices=LANGS, default=None,
                        help="language of the rules (default: from the locale, German for de_*)")


def run(args: argparse.Namespace, *, console: Console | None = None,
        err_console: Console | None = None, pager: Shows | None = None) -> int:
    """Show the rules or the sections about ``args.topic``; 1 when nothing matches.

    Args:
        args: ``topic`` (words, maybe none) and ``lang`` (``None``: from the locale).
        console: where the rules go (default: standard output).
        err_console: where a complaint goes (default: standard error).
        pager: what shows text longer than a terminal's screen (default:
            :class:`CommandPager`); never used when ``console`` is not a terminal.
    """
    lang: str = getattr(args, "lang", None) or default_lang()
    words: list[str] = list(getattr(args, "topic", None) or [])
    messages = _MESSAGES[lang]
    quoted = ", ".join(repr(w) for w in words)
    try:
        found = find(words, lang)
    except OSError as err:
        _say(messages["missing"].format(error=err), err_console, stderr=True)
        return 2
    if found.mode == "none":
        _say(messages["none"].format(words=quoted, topics=", ".join(topics(lang))), err_console, stderr=True)
        return 1
    from rich.console import Console

    console = console or Console()
    text = "\n\n".join(found.sections)
    if not console.is_terminal:
        if found.mode == "any":
            _say(messages["any"].format(words=quoted), console)
        render(text, console)
        return 0
    if found.mode == "whole":
        text = topic_help(lang) + "\n\n" + text
    # rich only calls show(); CommandPager does not subclass rich's Pager so
    # that importing this module stays free of rich.
    shows = pager or CommandPager(console.file, height=console.size.height)
    with console.pager(pager=cast("Pager", shows),
                       styles=True):
        if found.mode == "any":
            _say(messages["any"].format(words=quoted), console)
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
        return [name for name in ("less", "more") if shutil.which(name, path=self.environ.get("PATH"))]

    def _page(self, command: str, content: str) -> bool:
        """Run one pager on ``content``; ``False`` when it could not start."""
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


def _say(line: str, console: Console | None, *, stderr: bool = False) -> None:
    """One plain line (no markup), to ``console`` or to standard output / error."""
    if console is not None:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    else:
        print(line, file=sys.stderr if stderr else sys.stdout)
