"""Players' names: text a terminal shows as it is, so no control characters.

A name reaches every player's screen. An escape sequence in one (ESC, CSI,
OSC) could retitle the terminal or wipe the others' screens, and invisible
format characters (bidi overrides) could disguise it; such names are refused
wherever a name enters the engine. How wide a name may be on screen is the
front end's business, and so is which marks it draws beside a name: they are
named here (:data:`TABLE_MARKS`), below every front end, so that the check
for new names (``store.save_document.name_refusal``) and the drawing share them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

# Categories no name may hold: controls (C0, DEL, C1), format characters,
# surrogates, line and paragraph separators.
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
# Joiners are format characters that emoji sequences and some scripts need.
_JOINERS = frozenset({"\u200c", "\u200d"})

#: The marks the table draws beside a player's name: whose turn it is, who decides now, a bot (with its
#: level), a display the play on the table abluxxes.
PAW, DECIDE, BOT, HIT = "🐾", "▶", "⚙", "⚔"
TABLE_MARKS = (DECIDE, PAW, BOT, HIT)
#: What parts the seats of ``--players`` (and of the replay command the game prints).
SEAT_SEPARATOR = ","


def holds_mark(name: str) -> bool:
    """Whether ``name`` holds one of the table's marks or the seats' separator: it would pass for the
    mark beside it, or become two seats when the game is replayed."""
    return any(mark in name for mark in (SEAT_SEPARATOR, *TABLE_MARKS))


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name, in English, or ``None`` when it can."""
    if not isinstance(name, str) or not name.strip():
        return "a name is a non-empty text"
    if name.isprintable():  # the common case, checked in C
        return None
    for ch in name:
        if ch not in _JOINERS and unicodedata.category(ch) in _REFUSED:
            return f"names cannot hold control or invisible characters (U+{ord(ch):04X})"
    return None


def check_names(names: Sequence[object], seats: int) -> list[str]:
    """The names as a list, one per seat, each checked.

    Raises:
        ValueError: naming the first bad name (its seat, never its raw text).
    """
    if isinstance(names, str):
        raise ValueError(f"names must be a list of {seats} names, not one text")
    if len(names) != seats:
        raise ValueError(f"names must name {seats} seats, not {len(names)}")
    for seat, name in enumerate(names):
        problem = name_problem(name)
        if problem:
            raise ValueError(f"names[{seat}]: {problem}")
    return [str(name) for name in names]
