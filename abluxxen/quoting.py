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


#: How many characters of a file's path a message shows: a real one whole, a name of thousands cut.
PATH_LIMIT = 200


def path_shown(path: object) -> str:
    """A path a person gave, as a message names it: :func:`brief`, at :data:`PATH_LIMIT` characters."""
    return brief(str(path), PATH_LIMIT)


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
