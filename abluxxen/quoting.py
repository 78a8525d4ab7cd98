"""Showing text and values that came from outside: short, and with nothing raw.

Anything a person types or a file holds (a name, a file name, an argument,
a field of a save) may carry escape codes that would retitle or wipe a
terminal, may be megabytes long, or may be nested a thousand lists deep.
Every message that quotes such a thing goes through :func:`quoted` (a value)
or :func:`visible` (a text shown whole), so that what reaches a screen or a
log is at most a line, and every control or invisible character in it is
written as an escape (``\\x1b``, ``\\u202e``) a player can see.
"""

from __future__ import annotations

import reprlib
import unicodedata
from collections.abc import Callable

#: How many characters of a value a message quotes before it cuts with "…".
LIMIT = 40

# Categories written as escapes: controls (C0, DEL, C1), format characters (bidi overrides),
# surrogates, private use, unassigned, line and paragraph separators. The same as names.py refuses.
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Joiners are format characters that emoji sequences and some scripts need to show right.
_JOINERS = frozenset({"\u200c", "\u200d"})


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def visible(text: str) -> str:
    """``text`` with every control or invisible character written as an escape.

    Printable text (accents, emoji, any script) is kept as it is.
    """
    if text.isprintable():  # the common case, checked in C
        return text
    return "".join(_escape(ch) if ch not in _JOINERS and unicodedata.category(ch) in _HIDDEN else ch
                   for ch in text)


def brief(text: str, limit: int = LIMIT) -> str:
    """``text`` made :func:`visible` and cut to ``limit`` characters, the cut marked with "…"."""
    shown = visible(text[:limit + 1])
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"


def one_line(text: str, limit: int) -> str:
    """``text`` as one line of printable characters, for a place that takes no more (a variable of a command's
    environment): every control or invisible character (a line break, an escape) a space, every run of spaces
    one, at most ``limit`` characters."""
    return " ".join("".join(ch if ch.isprintable() else " " for ch in text[:limit * 4]).split())[:limit]


class Typed(str):
    """Text a person typed or a file held, as a field of a message (``i18n.tr.Tr``): it is :func:`quoted`
    when the message is made, as short as the message's line needs."""


def path_shown(path: object, limit: int = LIMIT) -> str:
    """A path as a message names it: :func:`visible`, at most ``limit`` characters, its start and its end
    kept around the "…" of the cut (the end names the file, the start where it lies); an escape made
    visible is kept whole or left out, never cut in two."""
    text = str(path)
    start = visible(text[:limit + 1])
    if len(start) <= limit:
        return start
    head = limit // 3 if limit >= 24 else 0  # a short cut keeps the file's name alone
    return _shown_within(text, head) + "…" + _shown_within(text[::-1], limit - head - 1, reverse=True)


def _shown_within(text: str, room: int, *, reverse: bool = False) -> str:
    """As much of ``text`` as :func:`visible` shows in ``room`` characters, escape by escape (``text``
    given backwards with ``reverse``: its end, shown the right way round)."""
    parts: list[str] = []
    for ch in text[:room]:
        shown = visible(ch)
        if len(shown) > room:
            break
        room -= len(shown)
        parts.append(shown)
    return "".join(reversed(parts) if reverse else parts)


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes: wide (East Asian, most emoji) characters two, combining
    marks and joiners none, a character joined on by a zero-width joiner none (👩‍💻 is one picture),
    every other character one."""
    width, joined = 0, False
    for ch in text:
        if not joined and not unicodedata.combining(ch) and unicodedata.category(ch) not in ("Mn", "Me", "Cf"):
            width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        joined = ch == "\u200d"
    return width


#: The columns of a terminal: no line a message makes is wider.
WIDTH = 80
#: The fewest characters a value quoted in a line is cut to, however little room the line leaves.
LEAST = 10
#: The most characters of a path a line names where it has the room: a path is there to be found or copied,
#: so it is cut only as far as the line needs (a folder of ten thousand characters is still cut).
LONGEST = 160


def fitting(line: Callable[[int], str], width: int = WIDTH) -> str:
    """The line ``line(limit)`` makes with the largest quoting limit (:data:`LONGEST` down to :data:`LEAST`)
    that keeps it within ``width`` columns: what was typed gives way before the message's own words.

    ``line`` quotes each value it names with the limit it is given (``quoted(value, min(limit, LIMIT))``:
    typed text never longer than any message quotes it; ``path_shown(path, limit)``: a path as whole as the
    line has room for); a line whose own words are too long to fit at any limit quotes at :data:`LIMIT`,
    as every message does.
    """
    whole = line(LIMIT)
    for limit in range(LONGEST, LEAST - 1, -1):
        text = line(limit)
        if max(cells(part) for part in text.split("\n")) <= width:  # a text of lines: each fits
            return text
    return whole  # too long at any limit: what it quotes is of more use than a few columns


_REPR = reprlib.Repr()
# Deeply nested documents stop at the third level ("[[[...]]]"), long ones after a few items.
_REPR.maxlevel = 3
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = LIMIT + 2


def quoted(value: object, limit: int = LIMIT) -> str:
    """A value as a message quotes it: like ``repr``, at most ``limit`` characters, never raw.

    Strings come in quotes (``'abc'``); lists nested without end, numbers of
    a thousand digits and megabytes of text are cut short; nothing is
    recursed into more than a few levels deep.
    """
    if isinstance(value, str):
        # Cut before quoting, so that the quote marks and the "…" stay in sight.
        return repr(value if len(value) <= limit - 2 else value[:limit - 3] + "…")
    try:
        text = _REPR.repr(value)
    except Exception:  # noqa: BLE001 - a value whose own repr fails is still named
        text = f"<{type(value).__name__}>"
    return brief(text, limit)
