"""Every command a person can type instead of a move, once: its words, where it works, what it does.

A command is one :class:`Entry` of :data:`REGISTRY`: the words that call it
(English and German), whether words after it belong to it (``rules joker``),
the places where it works, and its handler at a table's screen, in the
club's lobby, or the same one at both (``?``, ``rules``, ``log``, ``say``,
``quit``). Every screen reads commands through :func:`read_command` and
answers them through :func:`carry_out`, the one dispatcher; a screen where a
command does not work says so in one line. A new command is one more entry
here (and its words in ``abluxxen/i18n/``).

Where a command works is said by the screen's *places* (:class:`Desk.places`):

- ``seat``: a person at their seat (any terminal: the hot-seat, an SSH
  session, a lesson);
- ``watching``: a watcher (of a hosted table, or of a local game only bots
  play);
- ``hosted``: a hosted table (people at their own terminals);
- ``host``: the host's own screen of a hosted table;
- ``lesson``: a lesson of ``abluxxen learn``;
- ``lobby``: the lobby of ``abluxxen club``;
- ``admin``: the lobby, for the club's admins.

The first five are a table's (:class:`Desk`), the last two the lobby's
(:class:`Lobby`): an entry that works at one has a handler for that screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeGuard

from rich.console import RenderableType

from ..i18n.tr import Tr
from ..table.orders import host_order
from ..table.room import Room
from .pages import rules_page

#: The places of a table's screens and of the club's lobby, each the narrowest first (see :func:`_place`).
AT_TABLE = ("host", "hosted", "lesson", "seat", "watching")
IN_CLUB = ("admin", "lobby")
#: The words that leave a page, or a lesson's question, when typed there (``q`` is that page's key too);
#: everywhere else they call ``quit``, as ``exit`` does.
LEAVING = ("quit", "beenden", "q")

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

    def help_parts(self) -> list[RenderableType]:
        """The ``?`` page here: a table's moves and symbols, or the lobby's commands."""

    def log_parts(self) -> list[RenderableType]:
        """The ``log`` page here: the game so far and the table's chat, or the lobby's chat."""


class Desk(Counter, Protocol):
    """What a command uses of a screen at a table."""

    room: Room

    def hint(self) -> None:
        """Say the line ``hint`` gives here (the hard bot's advice, once its search is done; a lesson's
        answer, at once)."""

    def undo(self) -> None:
        """Take back this person's last decision, if the room allows it here (else say why)."""

    def skip(self) -> None:
        """Leave the lesson for the next one."""


class Lobby(Counter, Protocol):
    """What a command uses of a person's screen in the club's lobby."""

    def order(self, name: str, words: tuple[str, ...]) -> None:
        """Carry out the club's command ``name`` (``new``, ``join``, ``kick``, …) with the words typed after it."""




@dataclass(frozen=True)
class Entry:
    """One command: where it may be typed, and the one handler for each kind of screen there.

    Attributes:
        name: its name (what the help lists and Tab completes).
        calls: every word that calls it, lower case (English and German).
        where: the places it works (see the module's docstring).
        table: its handler at a table's screen (when ``where`` names a place of :data:`AT_TABLE`).
        lobby: its handler in the club's lobby (when ``where`` names a place of :data:`IN_CLUB`); the
            same function as ``table`` for a command that works alike at both.
        takes_words: whether words after it belong to it.
    """

    name: str
    calls: tuple[str, ...]
    where: frozenset[str]
    table: Callable[[Desk, Command], None] | None = None
    lobby: Callable[[Lobby, Command], None] | None = None
    takes_words: bool = False

    def __post_init__(self) -> None:
        # Each kind of screen where it may be typed answers it, and no other has a handler for it: a
        # screen never finds a command it may take without the one that carries it out.
        if (self.table is not None) != bool(self.where.intersection(AT_TABLE)) \
                or (self.lobby is not None) != bool(self.where.intersection(IN_CLUB)):
            raise ValueError(f"{self.name}: a handler for each kind of screen of {sorted(self.where)}, no other")


# -- at any screen ------------------------------------------------------------------------------


def _help(counter: Counter, command: Command) -> None:
    counter.open_page(counter.help_parts())


def _log(counter: Counter, command: Command) -> None:
    counter.open_page(counter.log_parts())


def _rules(counter: Counter, command: Command) -> None:
    page = rules_page(command.words, counter.tr)
    if page is None:
        counter.say(counter.tr("no_rules"))
        return
    parts, line = page
    if parts:
        counter.open_page(parts)
    counter.say(line)  # nothing found: the one line, and the game goes on; partial: it stays under the table


def _quit(counter: Counter, command: Command) -> None:
    counter.quit()


def _say(counter: Counter, command: Command) -> None:
    counter.chat(" ".join(command.words))


# -- at a table ---------------------------------------------------------------------------------


def _hint(desk: Desk, command: Command) -> None:
    desk.hint()


def _undo(desk: Desk, command: Command) -> None:
    desk.undo()


def _skip(desk: Desk, command: Command) -> None:
    desk.skip()


def _order(desk: Desk, command: Command) -> None:
    key, fields = host_order(desk.room, command.name, command.words)
    desk.say(desk.tr(key, **fields))


# -- in the club's lobby ------------------------------------------------------------------------


def _lobby(lobby: Lobby, command: Command) -> None:
    # The club's own commands are carried out by the club's lobby screen (abluxxen/club/commands.py): the
    # registry says where they work, the club what they do, and nothing here knows a club.
    lobby.order(command.name, command.words)


EVERYWHERE = frozenset({"seat", "watching", "lesson", "lobby"})
LOBBY = frozenset({"lobby"})
ADMIN = frozenset({"admin"})

#: Every command, in the order the help lists them.
REGISTRY: tuple[Entry, ...] = (
    Entry("?", ("?", "help", "hilfe", "moves", "züge"), EVERYWHERE, _help, _help),
    Entry("hint", ("hint", "tipp"), frozenset({"seat"}), _hint),
    Entry("rules", ("rules", "regeln", "rule"), EVERYWHERE, _rules, _rules, takes_words=True),
    # Not "zurück": that word answers back-or-discard (back to the hand).
    Entry("undo", ("undo", "rückgängig", "rueckgaengig", "zurücknehmen", "zuruecknehmen"),
          frozenset({"seat"}), _undo),
    Entry("log", ("log", "verlauf", "protokoll"), EVERYWHERE, _log, _log),
    Entry("say", ("say", "sag", "sage"), frozenset({"hosted", "lobby"}), _say, _say, takes_words=True),
    Entry("quit", (*LEAVING, "exit"), EVERYWHERE, _quit, _quit),
    Entry("skip", ("skip", "überspringen", "ueberspringen"), frozenset({"lesson"}), _skip),
    Entry("new", ("new", "neu"), LOBBY, lobby=_lobby, takes_words=True),
    Entry("join", ("join", "beitreten", "setzen"), LOBBY, lobby=_lobby, takes_words=True),
    Entry("watch", ("watch", "zuschauen"), LOBBY, lobby=_lobby, takes_words=True),
    # Not "leave": that is a move (leave the cards lying).
    Entry("stand", ("stand", "aufstehen"), LOBBY, lobby=_lobby, takes_words=True),
    Entry("start", ("start", "beginnen", "los"), LOBBY, lobby=_lobby, takes_words=True),
    Entry("invite", ("invite", "einladen"), LOBBY, lobby=_lobby, takes_words=True),
    Entry("decline", ("decline", "ablehnen"), LOBBY, lobby=_lobby, takes_words=True),
    Entry("tournament", ("tournament", "turnier", "cup"), LOBBY, lobby=_lobby, takes_words=True),
    Entry("tournaments", ("tournaments", "turniere", "cups"), LOBBY, lobby=_lobby),
    Entry("who", ("who", "wer"), LOBBY, lobby=_lobby),
    Entry("top", ("top", "rangliste", "bestenliste"), LOBBY, lobby=_lobby),
    # In the lobby, where no moves are typed, "moves" are where it is one's move (at a table: the ? page).
    Entry("moves", ("moves", "züge", "zuege"), LOBBY, lobby=_lobby),
    # How the club reaches an account while it is away (the operator's --notify command), and whether it does.
    Entry("contact", ("contact", "kontakt"), LOBBY, lobby=_lobby, takes_words=True),
    Entry("notify", ("notify", "benachrichtigen", "benachrichtigung"), LOBBY, lobby=_lobby, takes_words=True),
    Entry("close", ("close", "schließen", "schliessen"), ADMIN, lobby=_lobby, takes_words=True),
    Entry("ban", ("ban", "verbannen"), ADMIN, lobby=_lobby, takes_words=True),
    Entry("unban", ("unban", "entbannen"), ADMIN, lobby=_lobby, takes_words=True),
    # A host's orders at her table, and an admin's in the club's lobby (for the whole club, a mute for a while).
    Entry("kick", ("kick", "rauswerfen"), frozenset({"host", "admin"}), _order, _lobby, takes_words=True),
    Entry("mute", ("mute", "stumm"), frozenset({"host", "admin"}), _order, _lobby, takes_words=True),
    Entry("unmute", ("unmute", "laut"), frozenset({"host", "admin"}), _order, _lobby, takes_words=True),
    Entry("watchers", ("watchers", "zuschauer"), frozenset({"host"}), _order, takes_words=True),
)
_BY_NAME = {entry.name: entry for entry in REGISTRY}
#: The commands the club's lobby carries out itself (:meth:`Lobby.order`).
ORDERED_IN_LOBBY = frozenset(entry.name for entry in REGISTRY if entry.lobby is _lobby)
#: The commands each word calls (one; a word two share calls each where it is made for: see read_command).
_BY_CALL = {call: tuple(other for other in REGISTRY if call in other.calls)
            for entry in REGISTRY for call in entry.calls}


def read_command(text: str, places: frozenset[str] = frozenset()) -> Command | None:
    """The command typed, if the text is one (wherever it may work). A word two commands share (``moves``:
    the ``?`` page at a table, the tables awaiting one's move in the lobby) calls the one of them that works
    at ``places`` with the fewest places (the one made for here); where neither works, the first."""
    words = text.strip().split()
    if not words:
        return None
    entries = _BY_CALL.get(words[0].lower())
    if entries is None:
        return None
    here = [entry for entry in entries if entry.where & places]
    entry = min(here, key=lambda e: len(e.where)) if here else entries[0]
    return Command(entry.name, tuple(words[1:]) if entry.takes_words else ())


def leaves(text: str) -> bool:
    """Whether a line typed at a page (or a lesson's question) leaves it (:data:`LEAVING`)."""
    return text.strip().lower() in LEAVING


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


def carry_out(screen: Desk | Lobby, command: Command) -> None:
    """Answer ``command`` at ``screen`` with its entry's handler for that screen, or say in one line that
    it does not work there."""
    entry = _BY_NAME[command.name]
    if not entry.where & screen.places:
        screen.say(screen.tr("command.elsewhere", command=command.name,
                             where=screen.tr(f"command.where.{_place(entry.where, screen.places)}")))
    elif _in_lobby(screen):
        assert entry.lobby is not None  # an entry that works in the lobby has its handler there (Entry)
        entry.lobby(screen, command)
    elif _at_table(screen):
        assert entry.table is not None
        entry.table(screen, command)


def _in_lobby(screen: Desk | Lobby) -> TypeGuard[Lobby]:
    """Whether ``screen`` is a person's lobby (its places are the club's)."""
    return "lobby" in screen.places


def _at_table(screen: Desk | Lobby) -> TypeGuard[Desk]:
    """Whether ``screen`` is a table's."""
    return "lobby" not in screen.places


def _place(where: frozenset[str], places: frozenset[str]) -> str:
    """The one place named when a command does not work here: the narrowest it works at, the club's
    first in the lobby and a table's first elsewhere (``kick`` is an admin's in the lobby, a host's at a
    table)."""
    for place in (IN_CLUB + AT_TABLE if "lobby" in places else AT_TABLE + IN_CLUB):
        if place in where:
            return place
    return "seat"
