"""What a table's screen says around the table, and instead of it, in words of its person's language.

The table itself is :mod:`.drawing`'s; this is the rest of a :class:`~.screen.TableScreen`: the lines
under the table (this person's notes, a problem of the room, an answer to what they typed, the last
chat line: :func:`messages`), the line under the prompt at a hosted table (who is here and away, the
turn clock, the codes: :func:`status_line`), the waiting room and the score screen the table gives way
to, the ``log`` page at a table (:func:`log_parts`: the game, then the chat), and what a person leaving
is told (:func:`bye`, :func:`farewell`).
"""

from __future__ import annotations

from collections.abc import Sequence

from prompt_toolkit.formatted_text import StyleAndTextTuples
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ..i18n.tr import Tr
from ..quoting import brief
from ..store.save_document import SaveError
from ..table.chairs import Chair, Note
from ..table.chat import MAX_NAME_SHOWN, Said
from ..table.room import OVER, SCORES, Room
from .pages import log_page, replay_lines
from .scores import ScoreScreen

#: How long a chat line stays under the table (seconds).
CHAT_SHOWN = 120.0


def messages(room: Room, showing: Chair | None, message: str, tr: Tr) -> str:
    """The lines under the table: the notes of the person ``showing``, the room's problem, ``message``
    (an answer to what they typed), the last chat line while it is fresh; the last three of them."""
    parts = [note_words(note, tr) for note in (showing.notes if showing is not None else [])]
    if room.problem is not None:
        parts.append(note_words(room.problem, tr))
    if message:
        parts.append(message)
    chat = room.chat
    if chat and room.clock() - chat[-1].at < CHAT_SHOWN:
        parts.append(said_line(chat[-1], tr))
    return "\n".join(parts[-3:])


def said(lines: str) -> list[Text]:
    """The message lines under a screen that is not the table (waiting room, scores)."""
    return [Text(line, style="bold yellow") for line in lines.split("\n") if line]


def said_line(said: Said, tr: Tr) -> str:
    """A chat line; a watcher's is marked so, whatever name they chose (``Bеn`` with a Cyrillic е)."""
    return tr("host.said_watching" if said.watching else "host.said", name=said.name, text=said.text)


def note_words(note: Note, tr: Tr) -> str:
    """Something told to one person alone (or a problem told to every screen), in its words."""
    if note.key == "you_drew":
        return tr("you_drew", cards=tr.cards_words(note.cards))
    if note.key == "took_yours":
        return tr("took_yours", name=note.name, cards=tr.owned_words(note.cards), n=len(note.cards))
    if note.key == "not_saved":
        err = note.error
        reason = tr.os_reason(err) if isinstance(err, OSError) else tr("save_unreadable") \
            if isinstance(err, SaveError) else ""
        return tr("not_saved", reason=reason)
    if note.key in ("records_failed", "records_not"):
        return tr.not_recorded(note.key, note.name, later=note.move == "later")
    if note.key in ("missed", "given_up"):
        return tr(note.key, name=note.name)
    if note.key in ("forced", "undone"):
        return tr(note.key, move=", ".join(tr.spoken(move) for move in note.move.split(", ")))
    return tr(note.key)


def status_line(room: Room, tr: Tr, *, chairs: Sequence[Chair], showing: Chair | None, local: bool,
                width: int) -> StyleAndTextTuples:
    """Who is at a hosted table, who is away and for how long; the codes the person at a screen needs
    (``chairs``: their seats; ``local``: the host's own screen); nothing at a table that is not hosted."""
    if not room.hosted:
        return []
    if room.stage == SCORES:
        waiting = ", ".join(c.name for c in room.chairs.values() if c.present and not c.ready)
        if any(not c.ready for c in chairs):
            return [("bold", tr("host.next_game") + " " + tr("host.waiting_for", names=waiting))]
        return [("bold", tr("host.waiting_ready", names=waiting))]
    if room.stage == OVER:
        if any(c.ready for c in chairs):
            waiting = ", ".join(c.name for c in room.chairs.values() if c.present and not c.ready)
            return [("bold", tr("host.again_waiting", names=waiting))]
        return [("bold", tr("host.over_match" if room.match.games > 1 else "host.over_game"))]
    if room.turn_based:  # people come and go as they please: whose move it is, and until when
        present = ", ".join(c.name for c in room.chairs.values() if c.present)
        parts = [tr("club.days_turn", name=c.name, time=tr.duration(left)) for c in room.chairs.values()
                 if (left := room.time_left(c)) is not None]
        parts += [tr("club.days_here", people=present)] if present else []
        if room.watchers:
            parts.append(tr("host.watchers", n=len(room.watchers)))
        shown = Text(" · ".join(parts))
        shown.truncate(width, overflow="ellipsis")
        return [("", shown.plain)]
    people = []
    for name, left in room.away():
        people.append(tr("host.bot_plays", name=name) if left <= 0
                      else tr("host.away", name=name, time=f"{int(left) // 60}:{int(left) % 60:02d}"))
    here = [c.name for c in room.chairs.values() if c.present]
    line = tr("host.present", people=", ".join(here + people))
    for chair in room.chairs.values():  # a turn clock's time comes first: it is what to watch
        clock = room.time_left(chair)
        if clock is not None:
            ticking = f"{int(clock) // 60}:{int(clock) % 60:02d}"
            line = tr("club.clock", name=chair.name, time=ticking) + " · " + line
    if room.watchers:
        line += " · " + tr("host.watchers", n=len(room.watchers))
    if local:  # the host can tell the code again to someone who lost it: it comes first, never cut
        line = tr("host.code", code=room.code) + " · " + line
    elif showing is not None and showing.return_code:  # what brings this person back
        line = tr("host.your_return_code", code=showing.return_code) + " · " + line
    shown = Text(line)
    shown.truncate(width, overflow="ellipsis")
    return [("", shown.plain)]


def waiting_room(room: Room, tr: Tr, cols: int, *, watcher: str | None, welcome: Sequence[str]) -> RenderableType:
    """The table before it starts: who is here, who is awaited, the bots; ``watcher``: the name of the
    person watching at this screen (``None``: they have a seat); ``welcome``: how friends join."""
    lines = [Text(tr("host.waiting_title"), style="bold"), Text("")]
    for number, seat in enumerate(room.saved.seats):
        if seat.is_bot:
            lines.append(Text(tr("host.bot_seat", name=seat.name, level=tr.level(seat.bot or "")), style="dim"))
        elif room.chairs[number].present:
            lines.append(Text(tr("host.here", name=seat.name), style="green"))
        else:
            lines.append(Text(tr("host.not_back" if room.resumed else "host.awaited", name=seat.name),
                              style="yellow"))
    starts = tr("host.goes_on_when", grace=int(room.grace)) if room.resumed else tr("host.starts_when")
    lines += [Text(""), Text(starts)]
    if watcher is not None:
        lines.append(Text(tr("host.watching_name", name=brief(watcher, MAX_NAME_SHOWN)), style="dim"))
    if welcome:
        lines += [Text("")] + [Text(line, style="bold cyan") for line in welcome]
    return Panel(Group(*lines), width=min(cols, 78))


def score_screen(room: Room, tr: Tr) -> ScoreScreen:
    """The scores of the room's game just over (and of the match so far)."""
    match = room.match
    return ScoreScreen(match, tr, bots=[s.is_bot for s in room.saved.seats], game=room.game_number,
                       seed=match.seed if room.table.seed_shown() else None, assisted=room.saved.assisted)


def log_parts(room: Room, chair: Chair | None, tr: Tr, *, width: int) -> list[RenderableType]:
    """The ``log`` page at a table: the game so far as ``chair``'s seat may see it (``None``: a watcher),
    the table's chat, the seat's return code."""
    parts = log_page(room.log, chair.seat if chair is not None else None, room.shown.names, tr,
                     game=room.game_number, width=width)
    if room.chat:
        parts += [Text(""), Text(tr("host.chat"), style="bold")]
        parts += [Text(said_line(said, tr)) for said in room.chat]
    if chair is not None and chair.return_code:
        parts += [Text(""), Text(tr("host.return_code", name=chair.name, code=chair.return_code))]
    return parts


def bye(room: Room, chair: Chair | None, tr: Tr) -> str:
    """What a person leaving in the middle is told (``chair``: their seat, ``None`` for a watcher): how to
    come back to their seat."""
    if chair is None or not room.hosted:
        return tr("host.bye_watch") if chair is None else ""
    if chair.return_code:
        return tr("host.bye_code", grace=int(room.grace), name=chair.name, code=chair.return_code)
    return tr("host.bye", grace=int(room.grace), name=chair.name)


def farewell(room: Room, tr: Tr, words: str) -> str:
    """What whoever leaves the table is told: ``words`` (thanks once the match is over, else how to come
    back or why the screen closed), then how to replay the deals of every match over at it, however they
    leave (its score screen promised that)."""
    return "\n".join(part for part in (words, replay_lines(room.table.matches_over(), tr)) if part)
