"""``abluxxen learn``: its options; the course is ``tui/learn/course.py``'s."""

from __future__ import annotations

import argparse

from ..i18n.catalog import in_language, t
from ..quoting import quoted
from ..store.save_document import DEFAULT_DELAY
from ..tui.learn.lessons import LESSONS
from .options import add_lang, seconds, whole

EPILOG = """examples:
  abluxxen learn              the list of lessons, then the next one not yet done
  abluxxen learn 5            lesson 5 (jokers)
  abluxxen learn --list --lang de

At the prompt: the game's moves and commands, and hint (the answer),
skip (on to the next lesson), quit.
"""
EPILOG_DE = """Beispiele:
  abluxxen learn              die Liste der Lektionen, dann die nächste noch nicht geschaffte
  abluxxen learn 5            Lektion 5 (Joker)
  abluxxen learn --list --lang de

In einer Lektion tippst du die Züge und Befehle des Spiels, dazu tipp (die
Lösung), überspringen (weiter zur nächsten Lektion) und beenden.
"""


def lesson_number(text: str) -> int:
    """``abluxxen learn N``: a lesson's number (argparse prints the refusal on one line)."""
    try:
        return whole(1, len(LESSONS))(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            t("there is no lesson %s: lessons are 1 to %s") % (quoted(text), len(LESSONS))) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``abluxxen learn``."""
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    parser.add_argument("number", nargs="?", type=lesson_number, metavar="N",
                        help=f"start lesson N (1 to {len(LESSONS)}); default: the next one not done")
    parser.add_argument("--list", action="store_true", help="print the numbered list of lessons and leave")
    add_lang(parser)
    parser.add_argument("--delay", type=seconds, default=None, metavar="SECONDS",
                        help=f"pause after each bot move (default {DEFAULT_DELAY}; 0 for none)")


def run(args: argparse.Namespace) -> int:
    """The course; the exit status."""
    from ..tui.learn.course import run as learn

    return learn(args)
