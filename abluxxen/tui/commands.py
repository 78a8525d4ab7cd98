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
        lesson: only in ``abluxxen learn`` (elsewhere the word is read as a move).
    """

    name: str
    calls: tuple[str, ...]
    takes_words: bool = False
    lesson: bool = False


TABLE: tuple[CommandSpec, ...] = (
    CommandSpec("?", ("?", "help", "hilfe", "moves", "züge")),
    CommandSpec("hint", ("hint", "tipp")),
    CommandSpec("rules", ("rules", "regeln", "rule"), takes_words=True),
    CommandSpec("quit", ("quit", "exit", "beenden", "q")),
    # Not "zurück": that word answers back-or-discard (back to the hand).
    CommandSpec("undo", ("undo", "rückgängig", "rueckgaengig", "zurücknehmen", "zuruecknehmen")),
    CommandSpec("log", ("log", "verlauf", "protokoll")),
    # -- learn (i12) --
    CommandSpec("skip", ("skip", "überspringen", "ueberspringen"), lesson=True),
)
COMMANDS = tuple(spec.name for spec in TABLE if not spec.lesson)


def read_command(text: str, *, lesson: bool = False) -> Command | None:
    """The command typed, if the text is one (``lesson``: the course's own commands count too)."""
    words = text.strip().split()
    if not words:
        return None
    head = words[0].lower()
    for spec in TABLE:
        if spec.lesson and not lesson:
            continue
        if head in spec.calls:
            return Command(spec.name, tuple(words[1:]) if spec.takes_words else ())
    return None
