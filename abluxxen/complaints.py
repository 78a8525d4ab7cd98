"""The program's lines on standard error: each named by the program (``abluxxen: …``), as every command
writes its refusals and notices after argparse's own."""

from __future__ import annotations

import sys


def complain(text: str) -> None:
    """``text`` on standard error, each of its lines after ``abluxxen:``; nothing where there is no standard
    error to write to (closed, or gone with its terminal)."""
    try:
        if sys.stderr is not None:
            for line in text.splitlines():
                print(f"abluxxen: {line}", file=sys.stderr)
    except (OSError, ValueError):
        pass
