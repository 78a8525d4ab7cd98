"""What the command-line options accept: each a checked value, or one line of refusal.

argparse calls these as ``type=``; an :class:`argparse.ArgumentTypeError`
becomes ``abluxxen CMD: error: argument --OPT: REASON``. Every reason quotes
at most :data:`~abluxxen.quoting.LIMIT` characters of what was typed, with
control characters made visible, and every number has an upper bound a game
can live with (a 300-digit ``--games`` would otherwise run for ever).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from ..engine.rules import TIEBREAKS, VARIANTS
from ..i18n.catalog import installed, t
from ..i18n.setup import TEXTS as SETUP_TEXTS
from ..languages import LANGS, variant_named
from ..quoting import quoted

# The seeds and the save document are imported by the options that read them, when they read them: the
# engine's modules they stand on would slow every command's start, `abluxxen rules` among them.

#: The most games in a match.
MAX_MATCH = 99


def add_lang(parser: argparse.ArgumentParser, help_text: str = "language: en or de (default: from the locale)") -> None:
    """``--lang en|de``, which every command takes, before its name or after (``abluxxen --lang de rules``).

    Its default is no attribute at all: a subcommand's default would overwrite the ``--lang`` given
    before the subcommand's name (argparse copies a subparser's whole namespace over its parent's).
    """
    parser.add_argument("--lang", choices=LANGS, default=argparse.SUPPRESS, help=help_text)


def one_of(values: Sequence[str], also: Callable[[str], str] = str.lower) -> Callable[[str], str]:
    """An option's type: one of ``values``, by its word in either language (``--tiebreak geteilt`` is
    ``shared``) or by a word ``also`` reads (``Experte``); the refusal lists the installed language's words."""

    def read(text: str) -> str:
        folded = text.strip().lower()
        for value in values:
            if folded in (word.lower() for word in SETUP_TEXTS[f"option.{value}"]):
                return value
        value = also(text)
        if value in values:
            return value
        listed = ", ".join(SETUP_TEXTS[f"option.{v}"][installed() == "de"] for v in values)
        # argparse's own words for a wrong choice; what was typed quoted as every refusal quotes it
        template = t("invalid choice: %(value)r (choose from %(choices)s)").replace("%(value)r", "%(value)s")
        raise argparse.ArgumentTypeError(template % {"value": quoted(text), "choices": listed})

    return read


#: ``--variant``: base, advanced or expert (grundspiel, fortgeschrittene, experten; Experte too).
variant = one_of(VARIANTS, variant_named)
#: ``--tiebreak``: fewest-hand or shared (wenigste-karten, geteilt).
tiebreak = one_of(TIEBREAKS)


def whole(low: int, high: int) -> Callable[[str], int]:
    """An option's type: a whole number from ``low`` to ``high``."""

    def read(text: str) -> int:
        stripped = text.strip()
        if not (stripped.isascii() and stripped.lstrip("-").isdigit()) or len(stripped) > 20:
            raise argparse.ArgumentTypeError(t("%s is not a whole number from %s to %s") % (quoted(text), low, high))
        value = int(stripped)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(t("%s: give a whole number from %s to %s") % (quoted(text), low, high))
        return value

    return read


def decimal_point(text: str) -> str:
    """Seconds as typed, a German decimal comma (``0,5``, as the German help writes it) read as a point."""
    return text.replace(",", ".")


def seconds(text: str) -> float:
    """``--delay``: seconds from 0 to the save document's ``MAX_DELAY``."""
    from ..store.save_document import MAX_DELAY

    return seconds_up_to(MAX_DELAY)(text)


def seconds_up_to(limit: float) -> Callable[[str], float]:
    """An option's type: seconds from 0 to ``limit``."""

    def read(text: str) -> float:
        try:
            value = float(decimal_point(text)) if len(text) <= 20 else float("nan")
        except ValueError:
            raise argparse.ArgumentTypeError(t("%s is not a number of seconds") % quoted(text)) from None
        if not 0 <= value <= limit:  # NaN fails this too
            raise argparse.ArgumentTypeError(t("%s: give 0 to %s seconds") % (quoted(text), f"{limit:g}"))
        return value

    return read


def seed(text: str) -> int:
    """``--seed``: a seed as the game writes it (``7K2Q-M4XA-…``) or a whole number of any size (plain
    digits: no sign, no ``0x``)."""
    from ..engine.seeds import parse_seed

    try:
        return parse_seed(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            t("%s is not a seed: a seed is a whole number or groups of four like 7K2Q-M4XA") % quoted(text)) from None


#: The largest think budgets: a minute a decision, or a million iterations.
MAX_THINK_SECONDS, MAX_THINK_ITERATIONS = 60.0, 1_000_000


def think(text: str) -> float | int:
    """``--think``: seconds like ``0.5s`` (at most a minute) or iterations like ``200`` (at most a million)."""
    from ..bots.ismcts import parse_think

    try:
        # Only seconds take a decimal comma: "1,000" iterations must not become one second.
        typed = decimal_point(text) if text.strip().lower().endswith("s") else text
        value = parse_think(typed) if len(text) <= 40 else 0
    except ValueError:
        value = 0
    if not value or value > (MAX_THINK_ITERATIONS if isinstance(value, int) else MAX_THINK_SECONDS):
        raise argparse.ArgumentTypeError(t("%s: give seconds (0.5s, up to %ss) or iterations (200, up to %s)")
                                         % (quoted(text), f"{MAX_THINK_SECONDS:g}", MAX_THINK_ITERATIONS))
    return value

