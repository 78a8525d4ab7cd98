"""The club's own commands in its lobby (``new``, ``join``, ``kick``, …): what each does.

Where a command works, its words and its help stay in the one registry
(:mod:`abluxxen.tui.commands`); a lobby screen answers the registry's
``order`` with :func:`carry_out_order` here, so that the terminal's layer
knows no club.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rich.console import RenderableType

from ..i18n.club import CUP_WORDS, NO_CONTACT, NOTIFY_WORDS
from ..i18n.tr import Tr
from ..languages import level_named
from ..levels import LEVELS
from ..quoting import brief
from ..tui.commands import ORDERED_IN_LOBBY, Lobby
from .lobby import MAX_MUTE, MUTE_MINUTES, Club
from .settings import read_new
from .tables import TableLink
from .tournaments import Tournament, read_tournament
from .visitors import ClubTable, Visitor

Words = tuple[str, ...]


class LobbyDesk(Lobby, Protocol):
    """What the club's commands use of a person's lobby screen."""

    clubhouse: Club
    visitor: Visitor

    def go(self, table: ClubTable) -> None:
        """Leave the lobby for ``table`` (in play), to sit or watch there."""

    def refuse(self, key: str) -> None:
        """Say why the club refused (its i18n ``key``)."""

    def who_parts(self) -> list[RenderableType]:
        """The ``who`` page: everyone online."""

    def top_parts(self) -> list[RenderableType]:
        """The ``top`` page: every rated account and the bot levels."""

    def cups_parts(self) -> list[RenderableType]:
        """The ``tournaments`` page: every tournament the club keeps."""

    def cup_parts(self, tournament: Tournament) -> list[RenderableType]:
        """The ``tournament N`` page: its standings and its round's tables."""

    def moves_parts(self) -> list[RenderableType]:
        """The ``moves`` page: where it is this person's move (none: no page)."""


def _new(lobby: LobbyDesk, words: Words) -> None:
    tr, visitor = lobby.tr, lobby.visitor
    if visitor.guest:
        lobby.say(tr("club.guests_cannot"))
        return
    new, refused, word = read_new(words)
    if new is None or refused:
        lobby.say(tr(refused, typed=brief(word, 12)))
        return
    before = set(lobby.clubhouse.tables)
    refused = lobby.clubhouse.open_table(visitor, new)
    opened = [n for n in lobby.clubhouse.tables if n not in before]
    if refused:
        lobby.refuse(refused)
    elif opened and lobby.clubhouse.tables[opened[0]].room is None:  # else it started at once: the table shows
        table = lobby.clubhouse.tables[opened[0]]
        names = ", ".join(p.name for p in table.invited)
        lobby.say(tr("club.opened_invited", n=table.number, names=names) if names
                  else tr("club.opened", n=table.number))


def _table_named(lobby: LobbyDesk, words: Words) -> ClubTable | None:
    """The table ``join N``, ``watch N`` or ``close N`` names; ``None`` once the lobby is told there is none."""
    table = lobby.clubhouse.table(words, lobby.visitor)
    if table is None:
        lobby.say(lobby.tr("club.no_table", typed=brief(words[0], 8)) if words else lobby.tr("club.which_table"))
    return table


def _join(lobby: LobbyDesk, words: Words) -> None:
    table = _table_named(lobby, words)
    if table is not None:
        _go(lobby, table, *lobby.clubhouse.join(lobby.visitor, table))


def _watch(lobby: LobbyDesk, words: Words) -> None:
    table = _table_named(lobby, words)
    if table is not None:
        _go(lobby, table, *lobby.clubhouse.watch(lobby.visitor, table))


def _go(lobby: LobbyDesk, table: ClubTable, refused: str, playing: TableLink | None) -> None:
    """To the table the club let this person in at (one in play; at an open one their seat waits)."""
    if refused:
        lobby.refuse(refused)
    elif playing is not None:
        lobby.go(table)


def _stand(lobby: LobbyDesk, words: Words) -> None:
    tr, visitor, club = lobby.tr, lobby.visitor, lobby.clubhouse
    table = _table_named(lobby, words) if words else visitor.waits_at
    if words and table is None:
        return
    stood = table is not None and club.stand(visitor, table)
    lobby.say(tr("club.left", n=table.number) if stood and table is not None else tr("club.left_none"))


def _start(lobby: LobbyDesk, words: Words) -> None:
    table = _table_named(lobby, words) if words else None
    if words and table is None:
        return
    refused = lobby.clubhouse.start(lobby.visitor, table)
    if refused:
        lobby.refuse(refused)


def _invite(lobby: LobbyDesk, words: Words) -> None:
    """``invite N NAME[,NAME…]``: the opener of open table N keeps seats for more people."""
    if len(words) < 2:
        lobby.say(lobby.tr("club.invite_usage"))
        return
    table = _table_named(lobby, words[:1])
    if table is None:
        return
    names = [name.strip() for name in ",".join(words[1:]).split(",") if name.strip()]
    refused = lobby.clubhouse.invite(lobby.visitor, table, names)
    if refused:
        lobby.refuse(refused)
    else:
        lobby.say(lobby.tr("club.invited_more", n=table.number, names=", ".join(names)))


def _decline(lobby: LobbyDesk, words: Words) -> None:
    table = _table_named(lobby, words)
    if table is not None:
        refused = lobby.clubhouse.decline(lobby.visitor, table)
        lobby.say(lobby.tr(refused) if refused else lobby.tr("club.declined", n=table.number))


def _tournaments(lobby: LobbyDesk, words: Words) -> None:
    lobby.open_page(lobby.cups_parts())


def _tournament(lobby: LobbyDesk, words: Words) -> None:
    """``tournament`` and its orders (``new``, ``join N``, ``leave N``, ``add N bot:LEVEL``, ``start N``, an
    admin's ``close N``), or ``tournament N``: its standings and its round's tables."""
    tr, visitor, cups = lobby.tr, lobby.visitor, lobby.clubhouse.cups
    if not words:
        _tournaments(lobby, words)
        return
    order = CUP_WORDS.get(words[0].lower())
    if order is None and words[0].lstrip("#").isdigit():  # tournament N: its page
        found = cups.events.get(int(words[0].lstrip("#"))) if len(words[0]) < 7 else None
        if found is None:
            lobby.say(tr("club.cup.none", typed=brief(words[0], 8)))
        else:
            lobby.open_page(lobby.cup_parts(found))
        return
    if order is None or order == "json":
        lobby.say(tr("club.cup.usage"))
        return
    if visitor.guest:
        lobby.say(tr("club.cup.guests"))
        return
    if order == "new":
        read = read_tournament(words[1:])
        if read[0] is None:
            lobby.say(tr(read[1], typed=read[2]))
            return
        name, settings, rounds = read
        made = cups.new(name, visitor.name, visitor.key, settings, rounds)
        lobby.say(tr("club.cup.opened", n=made.number, name=made.name))
        return
    number = words[1].lstrip("#") if len(words) > 1 else ""
    tournament = cups.events.get(int(number)) if number.isdigit() and len(number) < 7 else None
    if tournament is None:
        lobby.say(tr("club.cup.none", typed=brief(number, 8)) if number else tr("club.cup.usage"))
        return
    mine = tournament.creator_key == visitor.key or visitor.admin
    if order in ("add", "start", "close") and not mine:
        lobby.say(tr("club.cup.creator"))
        return
    if order == "close" and not visitor.admin:
        lobby.say(tr("club.admin_only"))
        return
    refused = ""
    if order == "join":
        refused = cups.join(tournament, visitor.name, visitor.key)
    elif order == "leave":
        refused = cups.leave(tournament, visitor.key)
    elif order == "add":
        level = words[2].lower().removeprefix("bot:") if len(words) > 2 else ""
        if level_named(level) not in LEVELS:
            lobby.say(tr("club.cup.bot_level", typed=brief(level, 12)))
            return
        refused = cups.add_bot(tournament, level_named(level))
    elif order == "start":  # said first: the start tells each entrant where they sit, which is the news
        refused = cups.startable(tournament)
        if not refused:
            lobby.say(tr("club.cup.done_start", n=tournament.number, name=tournament.name))
            cups.start(tournament)
            return
    elif order == "close":
        cups.close(tournament)
    lobby.say(tr(refused) if refused else tr(f"club.cup.done_{order}", n=tournament.number, name=tournament.name))


def _who(lobby: LobbyDesk, words: Words) -> None:
    lobby.open_page(lobby.who_parts())


def _top(lobby: LobbyDesk, words: Words) -> None:
    lobby.open_page(lobby.top_parts())


def _moves(lobby: LobbyDesk, words: Words) -> None:
    parts = lobby.moves_parts()
    if parts:
        lobby.open_page(parts)
    else:
        lobby.say(lobby.tr("turns.none"))


def _contact(lobby: LobbyDesk, words: Words) -> None:
    """``contact TEXT`` keeps how the club's ``--notify`` command reaches this account (``contact -``: nowhere);
    ``contact`` alone says what is kept."""
    tr, club, visitor = lobby.tr, lobby.clubhouse, lobby.visitor
    if visitor.guest:
        lobby.say(tr("club.notify.guest"))
        return
    if words:
        person = club.set_contact(visitor, "" if words == (NO_CONTACT,) else " ".join(words))
        contact = person.contact if person is not None else ""
        said = tr("club.contact.now", contact=brief(contact, 60)) if contact else tr("club.contact.forgotten")
    else:
        kept = club.people.get(visitor.key)
        contact = kept.contact if kept is not None else ""
        said = tr("club.contact.is", contact=brief(contact, 60)) if contact else tr("club.contact.none")
    lobby.say(_told_by(club, said, tr))


def _notify(lobby: LobbyDesk, words: Words) -> None:
    """``notify on|off`` says whether the club's ``--notify`` command tells this account when it is away;
    ``notify`` alone says which (and whether it can: a contact kept, a club that tells anyone)."""
    tr, club, visitor = lobby.tr, lobby.clubhouse, lobby.visitor
    if visitor.guest:
        lobby.say(tr("club.notify.guest"))
        return
    if len(words) > 1 or (words and words[0].lower() not in NOTIFY_WORDS):
        lobby.say(tr("club.notify.usage", typed=brief(" ".join(words), 12)))
        return
    person = club.set_notify(visitor, NOTIFY_WORDS[words[0].lower()]) if words else club.people.get(visitor.key)
    on = person is None or person.notify
    said = tr("club.notify.on" if on else "club.notify.off")
    if on and (person is None or not person.contact):
        said += " " + tr("club.notify.needs_contact")
    lobby.say(_told_by(club, said, tr))


def _told_by(club: Club, said: str, tr: Tr) -> str:
    """``said``, and that the club tells nobody when its operator gave it no ``--notify`` command."""
    return said if club.notifier is not None and club.notifier.command else f"{said} {tr('club.notify.nobody')}"


def _close(lobby: LobbyDesk, words: Words) -> None:
    table = _table_named(lobby, words)
    if table is not None:
        lobby.clubhouse.close_table(table, by=lobby.visitor.name)
        lobby.say(lobby.tr("club.closed_table", n=table.number))


def _ban(lobby: LobbyDesk, words: Words) -> None:
    tr, words = lobby.tr, words
    if len(words) != 1:
        lobby.say(tr("club.ban_nobody", typed=""))
        return
    banned = lobby.clubhouse.ban(words[0], by=lobby.visitor.name)
    lobby.say(tr("club.banned_name", name=banned) if banned else tr("club.ban_nobody", typed=brief(words[0], 12)))


def _club_order(lobby: LobbyDesk, name: str, words: Words) -> None:
    """An admin's ``unban NAME``, ``kick NAME``, ``mute NAME [MINUTES]`` or ``unmute NAME``: one line says
    what came of it (or how the order is typed)."""
    club = lobby.clubhouse
    if not 1 <= len(words) <= (2 if name == "mute" else 1):
        lobby.say(lobby.tr("club.order_usage"))
        return
    minutes = words[1] if len(words) == 2 else str(MUTE_MINUTES)
    if not (minutes.isdigit() and len(minutes) < 6 and 1 <= int(minutes) <= MAX_MUTE):
        lobby.say(lobby.tr("club.mute_minutes", most=MAX_MUTE, typed=brief(minutes, 8)))
        return
    target, by = words[0], lobby.visitor.name
    orders: dict[str, Callable[[], tuple[str, dict[str, object]]]] = {
        "unban": lambda: club.unban(target, by=by), "kick": lambda: club.kick(target, by=by),
        "mute": lambda: club.mute(target, int(minutes), by=by), "unmute": lambda: club.unmute(target, by=by)}
    key, fields = orders[name]()
    lobby.say(lobby.tr(key, **fields))



def _ordered(name: str) -> Callable[[LobbyDesk, Words], None]:
    return lambda lobby, words: _club_order(lobby, name, words)


_ORDERS: dict[str, Callable[[LobbyDesk, Words], None]] = {
    "new": _new, "join": _join, "watch": _watch, "stand": _stand, "start": _start, "invite": _invite,
    "decline": _decline, "tournament": _tournament, "tournaments": _tournaments, "who": _who, "top": _top,
    "moves": _moves, "contact": _contact, "notify": _notify,
    "close": _close, "ban": _ban, **{name: _ordered(name) for name in ("unban", "kick", "mute", "unmute")}}
# Every command the registry hands to the lobby, and only those, has its deed here (the shared ones, ``?``,
# ``rules``, ``log``, ``say`` and ``quit``, the registry answers itself): checked once, as the club loads.
if set(_ORDERS) != ORDERED_IN_LOBBY:
    raise RuntimeError(f"the club's commands {sorted(_ORDERS)} are not the registry's {sorted(ORDERED_IN_LOBBY)}")


def carry_out_order(lobby: LobbyDesk, name: str, words: Words) -> None:
    """Carry out the club's command ``name`` typed in ``lobby`` with ``words`` after it."""
    _ORDERS[name](lobby, words)
