"""The club's screens: the lobby (who is online, the tables, chat, the commands), and a club table's.

A :class:`LobbyScreen` is the lobby at a person's terminal, a full-screen
prompt_toolkit application like :class:`~abluxxen.tui.screen.TableScreen`:
it draws the :class:`~abluxxen.club.lobby.Club` as it is now and reads a
line at a time (a command of the one registry, :mod:`.commands`, in either
language; a line that reads as a move or as a mistyped command is refused
with a hint; any other line is said to the lobby). When its person's table
starts, or they join or watch one in play, the lobby ends and the session
shows the table (:class:`ClubTableScreen`); leaving the table brings the
lobby back.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings
from rich.console import Group, RenderableType
from rich.table import Table as Grid
from rich.text import Text

from ..i18n.tr import Tr
from ..names import BOT
from ..quoting import brief
from ..store.ratings import SETTLED_GAMES, Rating
from ..table.chairs import Login
from ..table.chat import MAX_LINE, MAX_NAME_SHOWN, Said
from ..table.room import OVER, Room
from ..tui.app import prompt_application
from ..tui.bridge import Canvas, ansi_lines
from ..tui.commands import carry_out, leaves, read_command, resembled
from ..tui.drawing import TableInfo
from ..tui.notation import reads_as_move
from ..tui.paged import Paged
from ..tui.screen import TableScreen
from ..tui.toolkit import Kept
from .commands import carry_out_order
from .lobby import MAX_DAY_TABLES_EACH, MAX_TABLES_EACH, Club
from .tournaments import Tournament
from .turns import your_move
from .visitors import OPEN, ClubTable, Visitor

#: Chat lines the lobby keeps in sight when there is room for fewer tables.
CHAT_AT_LEAST = 3
#: People in the lobby's short top list (the ``top`` page lists every rated account).
TOP_SHORT = 5
#: The short top list's width, beside the chat.
TOP_WIDTH = 24
#: The least lines the lobby gives at login to where it is the person's move (more on a taller terminal).
MOVES_AT_LOGIN = 3
#: The lobby under its title, drawn once for everyone who sees the same (see :meth:`LobbyScreen._draw`),
#: the oldest forgotten first.
_SHARED: OrderedDict[tuple[object, ...], list[StyleAndTextTuples]] = OrderedDict()
MAX_SHARED = 256


class LobbyScreen(Paged):
    """A person's lobby.

    Args:
        club: the club.
        visitor: who is at this screen.
        lang: ``en`` or ``de``.
        colours: rich's colour system for this terminal, or ``None`` for none.
    """

    def __init__(self, club: Club, visitor: Visitor, *, lang: str = "en", colours: str | None = "256") -> None:
        self.clubhouse = club
        self.visitor = visitor
        self.name = visitor.name
        self.tr = Tr(lang)
        self.colours = colours
        self.canvas = Canvas(colours)
        self.message = ""
        self.page: list[str] | None = None
        self.page_at = 0
        self.going: ClubTable | None = None  # the table (in play) this person goes to
        self.left = False  # they leave the club (or were sent away)
        self.goodbye = ""
        self._kept: Kept | None = None
        self.buffer = Buffer(multiline=False, accept_handler=self._accept)
        self.app: Application[None] | None = None
        self.greeted = False  # told at login where it is their move

    # -- what commands and the club use -------------------------------------------------------

    @property
    def places(self) -> frozenset[str]:
        """The lobby (and, for an admin, their orders)."""
        return frozenset({"lobby", "admin"} if self.visitor.admin else {"lobby"})

    def size(self) -> tuple[int, int]:
        """The terminal's columns and rows."""
        if self.app is None:
            return 80, 24
        size = self.app.output.get_size()
        return size.columns, size.rows

    def refresh(self) -> None:
        """Draw again at the next chance."""
        if self.app is not None:
            self.app.invalidate()

    def seated(self, table: ClubTable) -> None:
        """This person's table has started: go to it."""
        self.go(table)

    def close(self, reason: str) -> None:
        """Leave the club (``elsewhere``, ``banned``, ``stopped``)."""
        self.left = True
        self.goodbye = self.tr(f"club.{reason}")
        self._exit()

    def say(self, message: str) -> None:
        """A line under the lobby, for this screen only."""
        self.message = message
        self.refresh()

    def interrupted(self) -> None:
        """Ctrl-C: only the prompt is cleared (leaving is ``quit``)."""
        self.buffer.reset()
        self.say(self.tr("host.ctrl_c"))

    def quit(self) -> None:
        """Leave the club."""
        self.left = True
        self.goodbye = self.tr("club.bye", name=self.visitor.name) if not self.visitor.guest else ""
        self._exit()

    def chat(self, text: str) -> None:
        """Say ``text`` to the lobby."""
        refused = self.clubhouse.say(self.visitor, text)
        if refused:
            self.say(self.tr(refused))

    def back(self, message: str) -> None:
        """Back from a table: the lobby again, with ``message`` under it."""
        self.going = None
        self.message = message

    # -- running ----------------------------------------------------------------------------------

    async def run(self) -> None:
        """Show the lobby until the person goes to a table (:attr:`going`) or leaves (:attr:`left`)."""
        if self.left:
            return
        self.going = None
        self.app = self._application()
        if not self.greeted:  # the lobby's first words: where it is their move (its size known now), then news
            self.greeted = True
            self.message = "\n".join(line for line in (self.moves_note(), self.message) if line)
        try:
            await self.app.run_async(set_exception_handler=False)
        except (OSError, EOFError):  # the terminal went away
            self.left = True

    def _application(self) -> Application[None]:
        keys = KeyBindings()
        self._page_keys(keys, Condition(lambda: self.page is not None))
        body = self._kept = Kept(self._body, self._body_key, height=self._body_height)
        return prompt_application(body, self.buffer, self._prompt, self._bottom, keys, self.colours,
                                  small=self.small, interrupted=self.interrupted, quit=self.quit)

    def _exit(self) -> None:
        if self.app is not None and self.app.is_running and not self.app.is_done:
            self.app.exit()

    def go(self, table: ClubTable) -> None:
        """Leave the lobby for ``table`` (in play): the session shows it."""
        self.going = table
        self._exit()

    # -- drawing ----------------------------------------------------------------------------------

    def _body_key(self) -> tuple[object, ...]:
        """What the lobby's lines depend on: while it is the same, they are not made again."""
        cols, rows = self.size()
        return self.clubhouse.version, cols, rows, self.message, self.page_at, id(self.page)

    def _body(self) -> list[StyleAndTextTuples]:
        """The lobby's lines now."""
        return self._draw(*self.size())

    def _draw(self, cols: int, rows: int) -> list[StyleAndTextTuples]:
        """The lobby's lines: its title (this person's own line), then the rest, made once for everybody
        who sees the same (most people online are at no table and have nothing said to them alone)."""
        instead = self._instead(cols, rows)
        if instead is not None:
            return ansi_lines(instead)
        club, height = self.clubhouse, rows - 2
        key = (id(club), club.version, cols, height, self.tr.lang, self.colours,
               _personal(club, self.visitor, self.message))
        rest = _SHARED.get(key)
        if rest is None:
            rest = ansi_lines(self.canvas.ansi(lobby_rest(club, self.visitor, self.tr, width=cols, height=height,
                                                    message=self.message), cols, height - 1))
            _SHARED[key] = rest
            while len(_SHARED) > MAX_SHARED:
                _SHARED.popitem(last=False)
        return ansi_lines(self.canvas.ansi(lobby_title(club, self.visitor, self.tr, width=cols), cols, 1)) + rest

    def render(self, cols: int, rows: int) -> str:
        """The lobby (or the page over it) as text, ``rows - 2`` lines at most."""
        instead = self._instead(cols, rows)
        if instead is not None:
            return instead
        return self.canvas.ansi(lobby(self.clubhouse, self.visitor, self.tr, width=cols, height=rows - 2,
                                message=self.message), cols, rows - 2)

    def _bottom(self) -> StyleAndTextTuples:
        if self.page is not None:
            last = self.page_at + self.size()[1] - 2 >= len(self.page)
            return [("reverse", self.tr("club.page_last" if last else "club.page_more"))]
        legend = Text(self.tr("club.legend"))
        legend.truncate(self.size()[0], overflow="ellipsis")
        return [("", legend.plain)]

    def _prompt(self) -> StyleAndTextTuples:
        return [] if self.page is not None else [("bold", self.tr("club.prompt"))]

    # -- reading ----------------------------------------------------------------------------------

    def _accept(self, buffer: Buffer) -> bool:
        self.take_line(buffer.text[:MAX_LINE])
        return False

    def answer(self, text: str) -> None:
        """One line typed in the lobby: a command, or a line said to everyone here. A move (typed for a
        table gone away, it would tell everyone a card in one's hand) or a mistyped command is not said:
        the person is told why, and ``say`` says anything."""
        if self.page is not None:
            self._close_page() if leaves(text) else self._turn_page(+1)
            return
        self.message = ""
        command = read_command(text, self.places)
        meant = resembled(text) if command is None else None
        typed = brief(" ".join(text.split()), 12)
        if command is not None:
            carry_out(self, command)
        elif reads_as_move(text):
            self.say(self.tr("club.a_move", typed=typed))
        elif meant is not None:
            self.say(self.tr("club.no_command", typed=brief(text.split()[0], 12), command=meant))
        elif text.strip():
            self.chat(text)
        self.refresh()

    def order(self, name: str, words: tuple[str, ...]) -> None:
        carry_out_order(self, name, words)

    def refuse(self, key: str) -> None:
        """Say why the club refused (the limit of tables each in words that agree with it)."""
        if key in ("club.too_many", "club.too_many_days"):
            self.say(counted(self.tr, key, MAX_TABLES_EACH if key == "club.too_many" else MAX_DAY_TABLES_EACH))
        else:  # (``key:word``: a refusal about what was typed, such as a name invited)
            key, _, typed = key.partition(":")
            self.say(self.tr(key, typed=typed) if typed else self.tr(key))

    # -- where it is this person's move ---------------------------------------------------------------

    def your_moves(self, width: int | None = None) -> list[str]:
        """A line for each table that awaits this person's decision, the longest waiting first (within ``width``
        columns; ``None``: whole)."""
        club = self.clubhouse
        now = club.wall()
        return [your_move(table.number, turn, self.tr, now, width) for table, turn in club.your_moves(self.visitor.key)]

    def moves_note(self) -> str:
        """What the lobby says first: where it is this person's move, a line each, as many as fit (the rest
        counted, for ``moves`` to list)."""
        cols, rows = self.size()
        lines = self.your_moves(cols)
        fits = max(MOVES_AT_LOGIN, rows // 5)
        if len(lines) > fits:
            lines = lines[:fits - 1] + [self.tr("turns.more", n=len(lines) - fits + 1)]
        return "\n".join(lines)

    # -- the pages of the commands ------------------------------------------------------------------

    def help_parts(self) -> list[RenderableType]:
        """The ``?`` page: the lobby's commands (and an admin's orders, for an admin)."""
        tr = self.tr
        admin = [Text(""), Text(tr("club.help_admin"))] if self.visitor.admin else []
        return [Text(tr("club.help_title"), style="bold"), Text(""), Text(tr("club.help")), *admin]

    def log_parts(self) -> list[RenderableType]:
        """The ``log`` page: the lobby's chat."""
        lines: list[RenderableType] = [Text(self.tr("club.chat"), style="bold"), Text("")]
        lines += [Text(said_line(said, self.tr)) for said in self.clubhouse.talk.lines]
        return lines

    def moves_parts(self) -> list[RenderableType]:
        """The ``moves`` page: every table that awaits this person's decision (none: no page)."""
        lines = self.your_moves()  # whole: the page wraps them
        return [Text(self.tr("turns.title"), style="bold"), Text(""), *map(Text, lines)] if lines else []

    def who_parts(self) -> list[RenderableType]:
        """The ``who`` page: everyone online."""
        lines: list[RenderableType] = [Text(self.tr("club.who_title"), style="bold"), Text("")]
        lines += [Text(who_is(v, self.tr, self.clubhouse.rating(v))) for v in self.clubhouse.online()]
        return lines

    def cups_parts(self) -> list[RenderableType]:
        """The ``tournaments`` page: every tournament the club keeps, the newest first."""
        tr = self.tr
        lines: list[RenderableType] = [Text(tr("club.cup.list_title"), style="bold"), Text("")]
        events = sorted(self.clubhouse.cups.events.values(), key=lambda t: -t.number)
        if not events:
            lines.append(Text(tr("club.cup.list_none"), style="dim"))
        for tournament in events:
            lines.append(Text(tr("club.cup.list_line", n=tournament.number, name=tournament.name,
                                 stage=_cup_stage(tournament, tr), entrants=len(tournament.entrants),
                                 game=_cup_game(tournament, tr))))
        return [*lines, Text(""), Text(tr("club.cup.list_how"), style="dim")]

    def cup_parts(self, tournament: Tournament) -> list[RenderableType]:
        """The ``tournament N`` page: what it plays, its standings, and its last round's tables."""
        tr, cups = self.tr, self.clubhouse.cups
        lines: list[RenderableType] = [
            Text(tr("club.cup.title", n=tournament.number, name=tournament.name), style="bold"),
            Text(f"{_cup_game(tournament, tr)} · {_cup_stage(tournament, tr)}"), Text("")]
        grid = Grid(box=None, padding=(0, 1), show_edge=False, pad_edge=False, header_style="bold")
        for key, justify in (("club.col.number", "right"), ("club.col.name", "left"), ("club.cup.points", "right"),
                             ("club.cup.games", "right"), ("club.cup.opponents", "right"),
                             ("club.cup.difference", "right")):
            grid.add_column(tr(key), justify=justify, no_wrap=True)  # type: ignore[arg-type]
        for rank, line in enumerate(cups.standings(tournament), 1):
            name = (BOT if line.bot else "") + brief(line.name, MAX_NAME_SHOWN)
            grid.add_row(str(rank), tr("club.cup.withdrawn", name=name) if line.withdrawn else name,
                         tr.decimal(line.points), str(line.games), tr.decimal(line.opponents_points),
                         tr.decimal(line.score_difference, signed=True),
                         style="bold" if line.name.casefold() == self.visitor.name.casefold() else "")
        lines.append(grid)
        if tournament.played:
            lines += [Text(""), Text(tr("club.cup.round", round=len(tournament.played), of=tournament.rounds),
                                     style="bold")]
            for seated in tournament.played[-1]:
                state = tr("club.cup.table_over") if seated.over else tr("club.state.playing")
                lines.append(Text(tr("club.cup.table_line", n=seated.table, names=" · ".join(seated.names),
                                     state=state)))
        return lines

    def top_parts(self) -> list[RenderableType]:
        """Every rated account, highest first, the bot levels among them; this person's line in bold."""
        tr, club = self.tr, self.clubhouse
        mine = club.rating(self.visitor)
        grid = Grid(box=None, padding=(0, 1), show_edge=False, pad_edge=False, header_style="bold")
        for key, justify in (("club.col.number", "right"), ("club.col.name", "left"), ("stats_rating", "right"),
                             ("stats_games", "right")):
            grid.add_column(tr(key), justify=justify, no_wrap=True)  # type: ignore[arg-type]
        rank = 0
        for rating in club.top():
            if rating.bot is None:
                rank += 1
            grid.add_row("" if rating.bot else str(rank), _ranked_name(rating, tr), _shown(rating, tr),
                         "" if rating.bot else str(rating.games),
                         style="dim" if rating.bot else "bold" if rating is mine else "")
        return [Text(tr("club.top_title"), style="bold"), Text(""), grid, Text(""),
                Text(tr("club.top_note"), style="dim"),
                Text(tr("rating_provisional_note", settled=SETTLED_GAMES), style="dim")]


def _cup_stage(tournament: Tournament, tr: Tr) -> str:
    """Where a tournament stands: open for entries (``tournament join N``), a round of so many, or over."""
    if tournament.stage == "open":
        return tr("club.cup.stage_open", n=tournament.number)
    if tournament.stage == "running":
        return tr("club.cup.round", round=len(tournament.played), of=tournament.rounds)
    return tr("club.cup.stage_over")


def _cup_game(tournament: Tournament, tr: Tr) -> str:
    """What a tournament's tables play: the variant, tables of so many, live or over days."""
    settings = tournament.settings
    parts = [tr(f"variant.{settings.variant}"), tr("club.cup.tables_of", n=settings.seats),
             counted(tr, "club.cup.rounds_n", tournament.rounds)]
    if settings.turn_based:
        parts.append(tr("club.days_short", time=tr.duration(settings.hours * 3600)))
    elif settings.clock:
        parts.append(tr("club.clock_short", s=settings.clock))
    return " · ".join(parts)


def who_is(visitor: Visitor, tr: Tr, rating: Rating | None = None) -> str:
    """A person as the lobby names them: their rating beside the name, a guest marked so, and the table
    they are at."""
    name = brief(visitor.name, MAX_NAME_SHOWN)
    shown = tr("club.guest_mark", name=name) if visitor.guest else name
    if rating is not None:
        shown = tr("club.rated", name=shown, points=_shown(rating, tr))
    number = visitor.at or (visitor.waits_at.number if visitor.waits_at is not None else None)
    return tr("club.at_table", name=shown, n=number) if number is not None else shown


def said_line(said: Said, tr: Tr) -> str:
    """A line of the lobby's chat (a guest's marked: nobody passes for a member by a lookalike name)."""
    return tr("club.said_guest" if said.watching else "club.said", name=said.name, text=said.text)


def lobby(club: Club, visitor: Visitor, tr: Tr, *, width: int, height: int, message: str = "") -> RenderableType:
    """The lobby at ``height`` lines: the title, the tables, who is online, the chat, and what was said
    to this person."""
    return Group(lobby_title(club, visitor, tr, width=width),
                 lobby_rest(club, visitor, tr, width=width, height=height, message=message))


def lobby_title(club: Club, visitor: Visitor, tr: Tr, *, width: int) -> Text:
    """The lobby's first line: the club, how many are online and the tables, and who this screen is."""
    title = Text(tr("club.title"), style="bold")
    tables_count = counted(tr, "club.tables", len(club.tables))
    title.append("  " + tr("club.counts", people=len(club.visitors), tables=tables_count))
    you = tr("club.you_guest" if visitor.guest else "club.you", name=brief(visitor.name, MAX_NAME_SHOWN))
    title.append(" " * max(1, width - len(title.plain) - len(you)) + you, style="dim")
    return title


def lobby_rest(club: Club, visitor: Visitor, tr: Tr, *, width: int, height: int, message: str = "") -> Group:
    """The lobby under its title, ``height - 1`` lines: the same for everyone with the same
    :func:`_personal` things in it."""
    online = Text(tr("club.online", people=_online(club, tr, width * 2)))
    online.truncate(width * 2, overflow="ellipsis")
    notes = [line for line in _waiting_line(visitor, club, tr).split("\n") + message.split("\n") if line]
    chat = [said_line(said, tr) for said in club.talk.lines]
    top = club.top(TOP_SHORT)
    top = top if any(rating.bot is None for rating in top) else []  # the bots alone compare with nobody
    online_lines = 1 if len(online.plain) <= width else 2
    room = height - 6 - online_lines - len(notes)  # title, gaps, the tables' header, the chat's heading
    tables = club.listing().listed(visitor, club.tables)
    shown = min(max(1, len(tables)), room - min(len(chat), CHAT_AT_LEAST))
    parts: list[RenderableType] = [Text("")]
    if tables:
        parts.append(_tables(tables[:shown] if len(tables) <= shown else tables[:shown - 1], visitor, tr, width))
        if len(tables) > shown:
            parts.append(Text(f"  … +{len(tables) - shown + 1}", style="dim"))
    else:
        parts.append(Text(tr("club.no_tables"), style="dim"))
        shown = 0
    parts += [Text(""), online]
    said_room = room - max(shown, 1)
    if said_room >= 0:
        parts += [Text(""), _chat_and_top(chat[-said_room:], _fit(top, said_room), visitor, club, tr, width)]
    parts += [Text(note, style="bold yellow") for note in notes]
    return Group(*parts)


def _online(club: Club, tr: Tr, length: int) -> str:
    """Who is online, by name, as far as ``length`` characters show them (a thousand people need not all
    be named for the first hundred and sixty characters)."""
    names: list[str] = []
    shown = 0
    for visitor in club.online():
        if shown > length:
            break
        names.append(who_is(visitor, tr, club.rating(visitor)))
        shown += len(names[-1]) + 2
    return ", ".join(names)


def _personal(club: Club, visitor: Visitor, message: str) -> tuple[object, ...]:
    """What of the lobby under its title is this person's own: the tables they sit at (marked), where
    their seat waits, what was said to them alone, and their rating when the short top list shows it."""
    listing = club.listing()
    mine, private = tuple(listing.mine(visitor)), tuple(listing.shown(visitor))
    rating = club.rating(visitor)
    in_top = rating is not None and any(r is rating for r in club.top(TOP_SHORT))
    shown = (rating.name, rating.points, rating.provisional) if in_top and rating else None
    return mine, private, _waiting_seat(visitor, club), message, shown


def counted(tr: Tr, key: str, n: int) -> str:
    """``n`` things in words that agree with it (``key_one`` for one: 1 table, 2 tables)."""
    return tr(f"{key}_one" if n == 1 else key, n=n)


def _fit(top: list[Rating], rows: int) -> list[Rating]:
    """The short top list in ``rows`` lines: its people first, then the bot levels nearest to them."""
    people = [rating for rating in top if rating.bot is None][:rows]
    if not people:
        return []
    near = sorted((r for r in top if r.bot is not None), key=lambda b: min(abs(b.points - p.points) for p in people))
    return sorted(people + near[:rows - len(people)], key=top.index)


def _chat_and_top(chat: list[str], top: list[Rating], visitor: Visitor, club: Club, tr: Tr, width: int) -> Grid:
    """The chat, and beside it the short top list (the bot levels among the best people), when anyone
    is rated."""
    grid = Grid(box=None, padding=(0, 1), show_edge=False, pad_edge=False, show_header=False, expand=False)
    grid.add_column(no_wrap=True, overflow="ellipsis", width=width - (TOP_WIDTH + 2 if top else 1))
    if top:
        grid.add_column(no_wrap=True, width=TOP_WIDTH)
    mine = club.rating(visitor)
    said = [Text(tr("club.chat_how"), style="bold")] + [Text("  " + line) for line in chat]
    best = [Text(tr("club.top_short"), style="bold")]
    for rating in top:
        line = Text(_ranked_name(rating, tr), style="dim" if rating.bot else "bold" if rating is mine else "")
        line.truncate(TOP_WIDTH - 6, overflow="ellipsis", pad=True)
        best.append(line + Text(f"{_shown(rating, tr):>6}", style="dim" if rating.bot else ""))
    for row in range(max(len(said), len(best) if top else 0)):
        cells = [said[row] if row < len(said) else Text("")]
        if top:
            cells.append(best[row] if row < len(best) else Text(""))
        grid.add_row(*cells)
    return grid


def _shown(rating: Rating, tr: Tr) -> str:
    """A rating as the lobby shows it: ``1184``, or ``1184?`` while it is a person's provisional one."""
    return tr.rating(rating.points, provisional=rating.provisional)


def _ranked_name(rating: Rating, tr: Tr) -> str:
    """A name in a top list: a bot level as the table marks bots (⚙hard)."""
    return BOT + tr.level(rating.name) if rating.bot else brief(rating.name, MAX_NAME_SHOWN)


def _waiting_seat(visitor: Visitor, club: Club) -> tuple[str, int] | None:
    """Where this person has a seat: the open table they wait at (``opener`` if they may start it, else
    ``open``), or a table in play that waits for them (``away``)."""
    table = visitor.waits_at
    if table is not None:
        return ("opener" if table.opener == visitor.name else "open"), table.number
    away = club.listing().away_at(visitor)
    return ("away", away) if away is not None else None


def _waiting_line(visitor: Visitor, club: Club, tr: Tr) -> str:
    """Where this person has a seat, in words (see :func:`_waiting_seat`)."""
    seat = _waiting_seat(visitor, club)
    if seat is None:
        return ""
    kind, number = seat
    if kind == "away":
        return tr("club.seat_waits", n=number)
    return tr("club.waiting_at", n=number, start=tr("club.or_start") if kind == "opener" else "")


def _tables(tables: list[ClubTable], visitor: Visitor, tr: Tr, width: int) -> Grid:
    grid = Grid(box=None, padding=(0, 1), show_edge=False, expand=False, header_style="bold")
    grid.add_column(tr("club.col.number"), justify="right", no_wrap=True, min_width=len(tr("club.col.number")))
    grid.add_column(tr("club.col.game"), no_wrap=True, overflow="ellipsis", max_width=max(20, width // 3))
    grid.add_column(tr("club.col.seats"), no_wrap=True, overflow="ellipsis")
    grid.add_column(tr("club.col.watching"), justify="right", no_wrap=True)
    grid.add_column(tr("club.col.state"), no_wrap=True)
    for table in tables:
        mine = table.seated(visitor.name)
        grid.add_row(("▸" if mine else "") + str(table.number), _game(table, tr), _seats(table, tr),
                     str(table.watchers()) if table.room is not None else "",
                     Text(_state(table, mine, tr, visitor.name), style="green" if table.stage == OPEN else ""),
                     style="bold" if mine else "")
    return grid


def _game(table: ClubTable, tr: Tr) -> str:
    settings = table.settings
    parts = [tr(f"variant.{settings.variant}")]
    if settings.seats == 2 and settings.duel:
        parts.append(tr("club.duel"))
    if settings.games > 1:
        parts.append(tr("club.games", n=settings.games))
    if settings.clock:
        parts.append(tr("club.clock_short", s=settings.clock))
    if settings.turn_based:
        parts.append(tr("club.days_short", time=tr.duration(settings.hours * 3600)))
    if table.private:
        parts.append(tr("club.private_short"))
    if table.tournament is not None:
        parts.insert(0, tr("club.cup.table_short", n=table.tournament.get("number", 0),
                           round=table.tournament.get("round", 0)))
    if not settings.guests:
        parts.append(tr("club.no_guests_short"))
    return " · ".join(parts)


def _seats(table: ClubTable, tr: Tr) -> str:
    """Who sits at a table, then its open places and its bots: ``Ann · Ben · 1 open · 1 bot``."""
    parts = [brief(name, MAX_NAME_SHOWN) for name in table.people()]
    parts += [tr("club.invited_mark", name=brief(p.name, MAX_NAME_SHOWN)) for p in table.invited]
    if table.free():
        parts.append(counted(tr, "club.open_seats", table.free()))
    if table.bots():
        parts.append(counted(tr, "club.bots_short", table.bots()))
    return " · ".join(parts)


def _state(table: ClubTable, mine: bool, tr: Tr, name: str = "") -> str:
    """What a table does now; an open one says how to sit at it (or, at one's own, that it waits)."""
    if table.stage == OPEN:
        invited = table.invited and not mine and table.private
        return tr("club.state.invited" if invited else "club.state.yours" if mine else "club.state.open",
                  n=table.number)
    turn = table.room.turn if table.room is not None and table.settings.turn_based else None
    if table.stage == "playing" and turn is not None and turn.seat is not None:
        return tr("club.state.your_move" if mine and turn.name.casefold() == name.casefold() else "club.state.moves",
                  name=brief(turn.name, MAX_NAME_SHOWN))
    return tr(f"club.state.{table.stage}")


class ClubTableScreen(TableScreen):
    """A person's screen at a club table: ``quit`` goes back to the lobby, as Enter does after the match
    (``again`` plays a rematch at the same table).

    Args:
        room: the table's room.
        login: who is at this screen.
        number: the table's number in the club (its header names it, as the lobby does).
        lang: ``en`` or ``de``.
        colours: rich's colour system for this terminal, or ``None`` for none.
    """

    def __init__(self, room: Room, login: Login, *, number: int, lang: str = "en",
                 colours: str | None = "256") -> None:
        super().__init__(room, login, lang=lang, colours=colours)
        self.number = number
        self.reason = ""  # why the room sent this screen away, if it did

    def _info(self) -> TableInfo:
        return replace(super()._info(), table=self.number)

    def close(self, reason: str) -> None:
        """The room sends this screen away (``elsewhere``, ``closed``, ``stopped``)."""
        self.reason = reason
        if reason == "closed":
            self.goodbye = "closed"
            self._exit()
            return
        super().close(reason)
        if reason == "stopped" and self.room.stage != OVER:
            self.goodbye = self.tr("club.stopped_table")
