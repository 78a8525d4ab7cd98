"""The program's lines on standard error: each named by the program (``abluxxen: …``), as every command
writes its refusals and notices after argparse's own."""

from __future__ import annotations

import sys

#: What begins each line the program writes on standard error.
NAMED = "abluxxen: "


def complaint(text: str) -> str:
    """``text`` as :func:`complain` writes it: each of its lines after ``abluxxen:``."""
    return "\n".join(NAMED + line for line in text.splitlines())


def complain(text: str) -> None:
    """``text`` on standard error, each of its lines after ``abluxxen:``; nothing where there is no standard
    error to write to (closed, or gone with its terminal)."""
    try:
        if sys.stderr is not None and text:
            print(complaint(text), file=sys.stderr)
    except (OSError, ValueError):
        pass
