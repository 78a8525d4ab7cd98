"""The commands a player can type instead of a move: one table for all of them.

Each command has the words that call it (English and German) and whether it
takes words after it; the game answers it with the handler of the same name.
A new command is one more row here and one more handler.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    """A request other than a move: ``?``, ``hint``, ``rules TOPIC``, ``undo``, ``log``, ``quit``."""

    name: str
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class CommandSpec:
    """One row of the table.

    Attributes:
        name: the command (what Tab completes and the handler is keyed by).
        calls: every word that calls it, lower case.
        takes_words: whether words after it belong to it (``rules joker``).
    """

    name: str
    calls: tuple[str, ...]
    takes_words: bool = False


TABLE: tuple[CommandSpec, ...] = (
    CommandSpec("?", ("?", "help", "hilfe", "moves", "züge")),
    CommandSpec("hint", ("hint", "tipp")),
    CommandSpec("rules", ("rules", "regeln", "rule"), takes_words=True),
    CommandSpec("quit", ("quit", "exit", "beenden", "q")),
    # Not "zurück": that word answers back-or-discard (back to the hand).
    CommandSpec("undo", ("undo", "rückgängig", "rueckgaengig", "zurücknehmen", "zuruecknehmen")),
    CommandSpec("log", ("log", "verlauf", "protokoll")),
)
COMMANDS = tuple(spec.name for spec in TABLE)


def read_command(text: str) -> Command | None:
    """The command typed, if the text is one."""
    words = text.strip().split()
    if not words:
        return None
    head = words[0].lower()
    for spec in TABLE:
        if head in spec.calls:
            return Command(spec.name, tuple(words[1:]) if spec.takes_words else ())
    return None
