"""The program's lines on standard error: each named by the program (``abluxxen: …``), as every command
writes its refusals and notices after argparse's own."""

from __future__ import annotations

import sys
from collections.abc import Callable

from .quoting import WIDTH, fitting

#: What begins each line the program writes on standard error.
NAMED = "abluxxen: "


def complaint(text: str) -> str:
    """``text`` as :func:`complain` writes it: each of its lines after ``abluxxen:``."""
    return "\n".join(NAMED + line for line in text.splitlines())


def complain(text: str | Callable[[int], str]) -> None:
    """``text`` on standard error, each of its lines after ``abluxxen:``; nothing where there is no standard
    error to write to (closed, or gone with its terminal).

    ``text`` may be a line made for a quoting limit (``lambda limit: … quoted(value, limit) …``): it is
    made to fit a terminal's 80 columns, ``abluxxen:`` included, by cutting what it quotes shorter.
    """
    if callable(text):
        text = fitting(text, WIDTH - len(NAMED))
    try:
        if sys.stderr is not None and text:
            print(complaint(text), file=sys.stderr)
    except (OSError, ValueError):
        pass
