"""Every command a person can type instead of a move, once: its words, where it works, what it does.

A command is one :class:`Entry` of :data:`REGISTRY`: the words that call it
(English and German), whether words after it belong to it (``rules joker``),
the places where it works, and its handler. Every screen reads commands
through :func:`read_command` and answers them through :func:`carry_out`; a
screen where a command does not work says so in one line. A new command is
one more entry here (and its words in ``abluxxen/i18n/``).

Where a command works is said by the screen's *places* (:class:`Desk.places`):

- ``seat``: a person at their seat (any terminal: the hot-seat, an SSH
  session, a lesson);
- ``watching``: a watcher of a hosted table;
- ``hosted``: a hosted table (people at their own terminals);
- ``host``: the host's own screen of a hosted table;
- ``lesson``: a lesson of ``abluxxen learn``;
- ``lobby``: the lobby of ``abluxxen club`` (its screen answers every command typed there: ``Counter.club``);
- ``admin``: the lobby, for the club's admins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeGuard

from rich.console import RenderableType
from rich.text import Text

from ..engine.view import View
from ..i18n.tr import Tr
from ..table.chairs import Chair
from ..table.orders import host_order
from ..table.room import Room
from .pages import help_page, log_page, rules_page


@dataclass(frozen=True)
class Command:
    """A request other than a move: its entry's name and the words typed after it."""

    name: str
    words: tuple[str, ...] = ()


class Counter(Protocol):
    """What a command uses of any screen it was typed at: a table's, or the club's lobby's."""

    tr: Tr

    @property
    def places(self) -> frozenset[str]:
        """Where this screen is (see the module's docstring)."""

    def size(self) -> tuple[int, int]:
        """The screen's columns and rows."""

    def open_page(self, parts: list[RenderableType]) -> None:
        """Show a page over the screen, a screenful at a time."""

    def say(self, message: str) -> None:
        """A line under the table (or the lobby), for this screen only."""

    def quit(self) -> None:
        """Leave (asking first where leaving stops the game for others, or a game here)."""

    def chat(self, text: str) -> None:
        """Say ``text`` to the table (or the lobby)."""

    def club(self, command: Command) -> None:
        """A command of the club (``new``, ``join`` …; in the lobby every command: it answers them all)."""


class Desk(Counter, Protocol):
    """What a command uses of a screen at a table."""

    room: Room

    def chair(self) -> Chair | None:
        """The person whose seat this screen shows now (a command acts for them), if any."""

    def shown_view(self) -> View:
        """The table as this screen shows it: the seat's view, or the public one."""

    def deciding_view(self) -> View | None:
        """The view of the seat that decides at this screen now, else ``None``."""

    def hint(self) -> str:
        """The line ``hint`` gives here (the normal bot's advice; a lesson's answer)."""

    def undo(self) -> None:
        """Take back this person's last decision, if the room allows it here (else say why)."""

    def skip(self) -> None:
        """Leave the lesson for the next one."""


@dataclass(frozen=True)
class Entry:
    """One command.

    Attributes:
        name: its name (what the help lists and Tab completes).
        calls: every word that calls it, lower case (English and German).
        where: the places it works (see the module's docstring).
        run: its handler.
        takes_words: whether words after it belong to it.
    """

    name: str
    calls: tuple[str, ...]
    where: frozenset[str]
    run: Callable[[Desk, Command], None]
    takes_words: bool = False


# -- the handlers -----------------------------------------------------------------------------


def _help(desk: Desk, command: Command) -> None:
    from .drawing import table_info

    cols, rows = desk.size()
    view = desk.deciding_view()
    room = desk.room
    info = table_info(room.saved, seed_shown=room.table.seed_shown())
    desk.open_page(list(help_page(view or desk.shown_view(), desk.tr, info=info, width=cols, rows=rows,
                                  decides=view is not None)))


def _log(desk: Desk, command: Command) -> None:
    cols, _ = desk.size()
    room, tr = desk.room, desk.tr
    chair = desk.chair()
    parts = log_page(room.saved.log, chair.seat if chair is not None else None, room.match.game.names, tr,
                     game=room.game_number, width=cols)
    if room.chat:
        parts += [Text(""), Text(tr("host.chat"), style="bold")]
        parts += [Text(tr("host.said_watching" if said.watching else "host.said", name=said.name, text=said.text))
                  for said in room.chat]
    if chair is not None and chair.return_code:
        parts += [Text(""), Text(tr("host.return_code", name=chair.name, code=chair.return_code))]
    desk.open_page(parts)


def _rules(desk: Desk, command: Command) -> None:
    page = rules_page(command.words, desk.tr)
    if page is None:
        desk.say(desk.tr("no_rules"))
        return
    parts, missing = page
    desk.open_page(parts)
    desk.say(missing)  # under the table once the page is closed: why the whole text came


def _hint(desk: Desk, command: Command) -> None:
    desk.say(desk.hint())


def _undo(desk: Desk, command: Command) -> None:
    desk.undo()


def _quit(desk: Desk, command: Command) -> None:
    desk.quit()


def _say(desk: Desk, command: Command) -> None:
    desk.chat(" ".join(command.words))


def _skip(desk: Desk, command: Command) -> None:
    desk.skip()


def _club(desk: Desk, command: Command) -> None:
    desk.club(command)


def _order(desk: Desk, command: Command) -> None:
    key, fields = host_order(desk.room, command.name, command.words)
    desk.say(desk.tr(key, **fields))


EVERYWHERE = frozenset({"seat", "watching", "lesson", "lobby"})
LOBBY = frozenset({"lobby"})

#: Every command, in the order the help lists them.
REGISTRY: tuple[Entry, ...] = (
    Entry("?", ("?", "help", "hilfe", "moves", "züge"), EVERYWHERE, _help),
    Entry("hint", ("hint", "tipp"), frozenset({"seat"}), _hint),
    Entry("rules", ("rules", "regeln", "rule"), EVERYWHERE, _rules, takes_words=True),
    # Not "zurück": that word answers back-or-discard (back to the hand).
    Entry("undo", ("undo", "rückgängig", "rueckgaengig", "zurücknehmen", "zuruecknehmen"),
          frozenset({"seat"}), _undo),
    Entry("log", ("log", "verlauf", "protokoll"), EVERYWHERE, _log),
    Entry("say", ("say", "sag", "sage"), frozenset({"hosted", "lobby"}), _say, takes_words=True),
    Entry("quit", ("quit", "exit", "beenden", "q"), EVERYWHERE, _quit),
    Entry("skip", ("skip", "überspringen", "ueberspringen"), frozenset({"lesson"}), _skip),
    Entry("new", ("new", "neu"), LOBBY, _club, takes_words=True),
    Entry("join", ("join", "beitreten", "setzen"), LOBBY, _club, takes_words=True),
    Entry("watch", ("watch", "zuschauen"), LOBBY, _club, takes_words=True),
    # Not "leave": that is a move (leave the cards lying).
    Entry("stand", ("stand", "aufstehen"), LOBBY, _club),
    Entry("start", ("start", "beginnen", "los"), LOBBY, _club),
    Entry("who", ("who", "wer"), LOBBY, _club),
    Entry("top", ("top", "rangliste", "bestenliste"), LOBBY, _club),
    Entry("close", ("close", "schließen", "schliessen"), frozenset({"admin"}), _club, takes_words=True),
    Entry("ban", ("ban", "verbannen"), frozenset({"admin"}), _club, takes_words=True),
    Entry("unban", ("unban", "entbannen"), frozenset({"admin"}), _club, takes_words=True),
    # A host's orders at her table, and an admin's in the club's lobby (for the whole club, a mute for a while).
    Entry("kick", ("kick", "rauswerfen"), frozenset({"host", "admin"}), _order, takes_words=True),
    Entry("mute", ("mute", "stumm"), frozenset({"host", "admin"}), _order, takes_words=True),
    Entry("unmute", ("unmute", "laut"), frozenset({"host", "admin"}), _order, takes_words=True),
    Entry("watchers", ("watchers", "zuschauer"), frozenset({"host"}), _order, takes_words=True),
)
_BY_NAME = {entry.name: entry for entry in REGISTRY}
_BY_CALL = {call: entry for entry in REGISTRY for call in entry.calls}


def read_command(text: str) -> Command | None:
    """The command typed, if the text is one (wherever it may work)."""
    words = text.strip().split()
    if not words:
        return None
    entry = _BY_CALL.get(words[0].lower())
    if entry is None:
        return None
    return Command(entry.name, tuple(words[1:]) if entry.takes_words else ())


def resembled(text: str) -> str | None:
    """The word of a command that ``text`` looks like a mistyping of (``qjoin 1``, ``jion 2``, ``join2``,
    ``hwo``), else ``None``: a line that is no command and no prose either, to be refused with a hint
    rather than said where any other line is said (the club's lobby).

    Only the first word is compared, one slip from a command's word (a letter more, less, another, or
    two swapped), and only when the words after it are numbers: prose (``lol``, ``now we play``) stays
    prose. A three-letter word counts only with its letters swapped or numbers after it (``lol`` is
    no ``log``).
    """
    words = text.strip().lower().split()
    if not words or read_command(text) is not None or not all(word.isdigit() for word in words[1:]):
        return None
    head = words[0].rstrip("0123456789")  # "join2": a command run into its number
    numbered = len(words) > 1 or head != words[0]
    if numbered and head in _BY_CALL:
        return head
    for call in _BY_CALL:
        if len(call) >= 3 and _one_slip(head, call, strict=not numbered and len(head) == 3 == len(call)):
            return call
    return None


def _one_slip(typed: str, word: str, *, strict: bool) -> bool:
    """Whether ``typed`` is ``word`` with one slip of a finger: two letters swapped, or (unless ``strict``)
    one letter more, less, or another."""
    if typed == word:
        return False
    if len(typed) == len(word):
        differ = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
        swapped = len(differ) == 2 and differ[1] == differ[0] + 1 and typed[differ[0]] == word[differ[1]] \
            and typed[differ[1]] == word[differ[0]]
        return swapped or (len(differ) == 1 and not strict)
    if strict or abs(len(typed) - len(word)) != 1:
        return False
    longer, shorter = (typed, word) if len(typed) > len(word) else (word, typed)
    return any(longer[:i] + longer[i + 1:] == shorter for i in range(len(longer)))


def works(name: str, places: frozenset[str]) -> bool:
    """Whether the command ``name`` works at a screen of these places."""
    return bool(_BY_NAME[name].where & places)


def names_here(places: frozenset[str]) -> list[str]:
    """The commands that work at a screen of these places (what Tab completes)."""
    return [entry.name for entry in REGISTRY if entry.where & places]


def carry_out(desk: Counter, command: Command) -> None:
    """Answer ``command`` at ``desk``, or say in one line that it does not work there."""
    entry = _BY_NAME[command.name]
    if not entry.where & desk.places:
        desk.say(desk.tr("command.elsewhere", command=command.name,
                         where=desk.tr(f"command.where.{_place(entry.where, desk.places)}")))
    elif not _at_table(desk):
        desk.club(command)
    else:
        entry.run(desk, command)


def _at_table(desk: Counter) -> TypeGuard[Desk]:
    """Whether ``desk`` is a table's screen (the lobby's answers every command itself)."""
    return "lobby" not in desk.places


def _place(where: frozenset[str], places: frozenset[str]) -> str:
    """The one place named when a command does not work here: the narrowest it works at, the club's
    first in the lobby and a table's first elsewhere (``kick`` is an admin's in the lobby, a host's at a
    table)."""
    club = ("admin", "lobby")
    table = ("host", "hosted", "lesson", "seat")
    for place in (club + table if "lobby" in places else table + club):
        if place in where:
            return place
    return "seat"
