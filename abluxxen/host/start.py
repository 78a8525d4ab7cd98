"""``abluxxen host``: seat the players, open the SSH door, play, and leave the game saved.

The host's own terminal either plays the first seat (a :class:`TableScreen`
like everybody else's) or, with ``--serve``, only prints who comes and goes.
A hosted game is saved after every move like any other, and the host
remembers which save and code it serves (``.hosted`` beside the saves)
so that ``abluxxen host --resume`` reopens it after a crash.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from ..engine.match import Match
from ..engine.rules import Rules
from ..engine.seeds import new_seed
from ..i18n.catalog import error_line
from ..i18n.tr import Tr
from ..languages import default_lang
from ..quoting import fitting
from ..store.datadir import data_dir
from ..store.files import Refused, load_json, read_small, write_atomically
from ..store.save_document import DEFAULT_DELAY, Saved, SaveError, Seat
from ..store.save_lock import SaveBusy, SaveLock
from ..store.saves import new_save_path, read_save, save_dir
from ..table.chairs import Login
from ..table.chat import MAX_LINE
from ..table.codes import MAX_CODE, CodeError, check_code, new_code
from ..table.orders import host_order
from ..table.room import OVER, Room
from ..table.seats import SeatError
from ..table.table import DiskThread, Table, start_event
from ..tui.around import farewell
from ..tui.commands import read_command, works
from ..tui.local import tell_unguarded, tell_unsaved
from ..tui.screen import TableScreen
from ..tui.seating import parse_players, pick_first
from ..tui.stops import Stopping
from .keys import HostKeyError, fingerprint, host_key
from .log import LOG_NAME, log, open_log
from .server import Host

HOSTED = ".hosted"  # not *.json: the save folder lists those as saves
#: The largest ``.hosted`` read back (the seats' owners and the last chat lines fit many times over).
MAX_HOSTED = 256 * 1024
#: Where the console of ``--serve`` is, for the commands: the host's own, at a hosted table.
HOST_PLACES = frozenset({"host", "hosted"})
#: The port a new host listens on unless told otherwise.
DEFAULT_PORT = 2222


class HostError(Exception):
    """Why the host cannot start, in one line (``str()``: English).

    Attributes:
        key: the reason, a key of ``abluxxen/i18n/`` (``host.cannot_*``).
        params: its fields.
    """

    def __init__(self, key: str, **params: object) -> None:
        self.key, self.params = key, params
        super().__init__(self.told(Tr("en")))

    def told(self, tr: Tr) -> str:
        """The reason in ``tr``'s language; a field that is itself a refusal (a :class:`SeatError`) told
        with the same ``tr``, so that its typed text is cut as this line needs."""
        return tr(self.key, **{k: v.told(tr) if isinstance(v, SeatError) else v for k, v in self.params.items()})


class SetupLeft(Exception):
    """The person left the guided setup (its exit status)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


@dataclass
class Hosting:
    """A match being hosted: its room, save and code, and the port it was served on last."""

    room: Room
    path: Path
    code: str
    port: int | None = None


def new_hosting(args: argparse.Namespace, directory: Path, tr: Tr) -> Hosting:
    """A new match from the command line's options (without ``--players``, the guided setup asks at
    this terminal, as ``abluxxen play`` does).

    Raises:
        HostError: for options that cannot make a table.
        SetupLeft: when the person leaves the setup.
    """
    seats, variant, chosen, duel = _seating(args, tr, directory)
    try:
        names = [s.name for s in seats]
        rules = Rules(len(seats), variant or "base", duel=duel if len(seats) == 2 else None,
                      tiebreak=args.tiebreak)
        first = pick_first(chosen, names) if chosen else 0
    except SeatError as err:
        raise HostError("host.cannot_first", reason=err) from None
    if all(s.is_bot for s in seats):
        raise HostError("host.cannot_bots_alone")
    try:
        code = check_code(args.code) if args.code else new_code()
    except CodeError as err:
        raise HostError(err.key, most=MAX_CODE) from None
    seed = args.seed if args.seed is not None else new_seed()
    match = Match(rules, games=args.match, seed=seed, names=names, first=first)
    delay = DEFAULT_DELAY if args.delay is None else args.delay
    saved = Saved(match=match, seats=seats, lang=args.lang or default_lang(), delay=delay,
                  log=[start_event(match)])
    path = new_save_path(directory, names)
    return Hosting(_room(saved, path, code, args), path, code)


def _seating(args: argparse.Namespace, tr: Tr, directory: Path) -> tuple[list[Seat], str | None, str | None,
                                                                         bool | None]:
    """Seats, variant, who starts and the duel: from ``--players``, else asked at this terminal."""
    if args.players:
        try:
            return parse_players(args.players), args.variant, args.first, False if args.no_duel else None
        except SeatError as err:
            raise HostError("host.cannot_seats", reason=err) from None
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise HostError("host.cannot_no_players")
    from ..tui.play import ask_setup
    from ..tui.terminal import Terminal

    screen = Terminal()
    asked = ask_setup(args, tr, directory, screen=screen)
    if isinstance(asked, int):
        raise SetupLeft(asked)
    screen.leave()
    return asked.seats, asked.variant, asked.first, asked.duel


def resumed_hosting(args: argparse.Namespace, directory: Path, tr: Tr) -> Hosting:
    """The match this host served last, with its seats and code.

    Raises:
        HostError: when there is none, or it cannot be read.
    """
    marker = directory / HOSTED
    try:
        there = marker.exists()
    except OSError as err:  # a name the system refuses to look up (too long, a loop of links)
        raise HostError("host.cannot_resume", path=marker, reason=tr.os_reason(err)) from None
    if not there:
        raise HostError("host.cannot_none", dir=directory)
    try:
        doc = load_json(read_small(marker, MAX_HOSTED))
        path = directory / Path(str(doc["save"])).name
        code = check_code(str(doc["code"]))
        port = doc.get("port")
        port = port if isinstance(port, int) and 0 < port < 65536 else None
    except Refused:
        raise HostError("host.cannot_read_marker", path=marker) from None
    except (ValueError, KeyError, TypeError):
        raise HostError("host.cannot_damaged_marker", path=marker) from None
    try:
        saved = read_save(path)
    except SaveError as err:
        raise HostError("host.cannot_resume", path=path, reason=tr.save_refusal(err)) from None
    if saved.finished:
        raise HostError("host.cannot_over")
    room = _room(saved, path, code, args)
    room.restore(doc)
    return Hosting(room, path, code, port)


def _room(saved: Saved, path: Path, code: str, args: argparse.Namespace) -> Room:
    table = Table(saved, path)
    table.disk = DiskThread()  # the host's sessions share one event loop: a slow disk must not stall them
    delay = saved.delay if args.delay is None else args.delay
    return Room(table, code=code, grace=args.grace, delay=delay, watchers=args.watchers)


def remember(directory: Path, hosting: Hosting, port: int | None = None) -> None:
    """Note which save, code and port this host serves, who owns which seat and what was said
    (owner-only), for ``--resume``."""
    save = hosting.room.table.path or hosting.path  # a rematch plays on in a new file
    doc = {"save": save.name, "code": hosting.code, "port": port or hosting.port, **hosting.room.kept()}
    hosting.port = port or hosting.port
    write_atomically(directory / HOSTED, json.dumps(doc) + "\n", prefix=".hosted-")


def forget(directory: Path) -> None:
    """The hosted match is over: nothing left to resume."""
    try:
        (directory / HOSTED).unlink()
    except OSError:
        pass


def lan_address(bind: str) -> str:
    """The address friends use: the bound one, else this machine's address on its network."""
    if bind and bind not in ("0.0.0.0", "::"):
        return bind
    # Connecting a UDP socket sends nothing: it only asks the kernel which local address
    # would carry traffic out (to a documentation address, never routed anywhere).
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address = str(probe.getsockname()[0])
            if not address.startswith(("127.", "0.")):
                return address
    except OSError:
        pass
    return "127.0.0.1"


def invitation(tr: Tr, *, port: int, address: str, code: str, key_print: str, names: list[str]) -> tuple[str, ...]:
    """The lines to give friends."""
    seats = tr("host.name_is_seat", names=", ".join(names)) if names else tr("host.only_watchers")
    return (tr("host.join", port=port, address=address), seats,
            tr("host.code", code=code), tr("host.fingerprint", fingerprint=key_print))


def run(args: argparse.Namespace) -> int:
    """``abluxxen host``; the exit status."""
    lang = args.lang or default_lang()
    tr = Tr(lang)
    directory = save_dir(args.save_dir)
    try:
        hosting = resumed_hosting(args, directory, tr) if args.resume else new_hosting(args, directory, tr)
        key = host_key(data_dir())
    except (HostError, HostKeyError) as err:
        told = err  # each names its paths and typed text as the Tr it is told with quotes them
        print(error_line("abluxxen host", lambda limit: told.told(tr.within(limit)), lang), end="", file=sys.stderr)
        return 2
    except ValueError as err:
        print(error_line("abluxxen host", str(err), lang), end="", file=sys.stderr)
        return 2
    except SetupLeft as left:
        return left.status
    table = hosting.room.table
    try:
        table.lock_held = SaveLock(hosting.path).acquire(wait=1.0)
    except SaveBusy:
        print(error_line("abluxxen host", tr.line("save_busy", path=hosting.path), lang), end="", file=sys.stderr)
        return 1
    except OSError:
        table.lock_held = None
    tell_unguarded(table.lock_held, tr)
    try:
        log_path = open_log(data_dir())
    except (OSError, Refused) as err:
        why = err.told(tr) if isinstance(err, Refused) else tr.os_reason(err)
        print(error_line("abluxxen host", tr.line("host.cannot_log", path=data_dir() / LOG_NAME, reason=why),
                         tr.lang), end="", file=sys.stderr)
        return 1
    try:
        return asyncio.run(_serve(args, hosting, key, tr, directory, log_path))
    except KeyboardInterrupt:
        return 130
    finally:
        table.unlock()


async def _serve(args: argparse.Namespace, hosting: Hosting, key: asyncssh.SSHKey, tr: Tr, directory: Path,
                 log_path: Path) -> int:
    """Open the door, play the match (at this terminal too, without ``--serve``), close; the exit status."""
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _, context: log.error("%s", context.get("message"),
                                                            exc_info=context.get("exception")))
    room = hosting.room
    host = Host(lang=tr.lang)
    host.add(room)
    wanted = args.port if args.port is not None else hosting.port or DEFAULT_PORT
    try:
        port = await host.listen(key, bind=args.bind, port=wanted)
    except OSError as err:
        print(error_line("abluxxen host", tr("host.cannot_listen", port=wanted, reason=tr.os_reason(err)), tr.lang),
              end="", file=sys.stderr)
        return 1
    keeper = _Keeper(directory, hosting, port)
    room.on_kept = keeper.keep
    people = [c.name for c in room.chairs.values()]
    lines = invitation(tr, port=port, address=lan_address(args.bind), code=hosting.code,
                       key_print=fingerprint(key), names=people if args.serve else people[1:])
    print("\n".join(lines) + "\n" + tr("host.log_at", path=log_path), flush=True)
    log.info("Hosting %s on port %d", hosting.path.name, port)
    ending = Stopping()
    ending.catch_signals()
    game = loop.create_task(room.run())
    local = None
    if args.serve:
        room.on_event = lambda key, name: print(tr(key, name=name), flush=True)
        _take_orders(room, tr)
    else:
        local = TableScreen(room, Login(people[0]), lang=tr.lang, colours=_local_colours(), local=True,
                            welcome=lines, on_stop=ending.stop)
        ending.after(local.run())
    ending.after(_over_and_empty(room))
    await ending.stopped.wait()
    host.stop()
    game.cancel()
    await asyncio.sleep(0.1)  # the screens say goodbye
    keeper.now()
    if room.saved.finished:
        forget(directory)
    if local is not None and local.lost:
        return ending.status or 129  # nowhere left to say anything
    # The host's own screen said its goodbye, how to replay the matches over included; else they are said here.
    said = (local.goodbye if local is not None else "") or farewell(room, tr, "")
    if said:
        print(said, flush=True)
    if room.table.unsaved:  # the truth, as the hot-seat tells it: never "Game saved" for moves not on disk
        tell_unsaved(room, tr)
        return ending.status or 1
    if not room.saved.finished:
        print(fitting(tr.line("host.saved", path=hosting.path)), flush=True)
    return ending.status


class _Keeper:
    """Writes ``.hosted`` again (the seats' owners, the chat) a moment after they change: once for a
    burst of changes, never on every chat line."""

    def __init__(self, directory: Path, hosting: Hosting, port: int) -> None:
        self.directory, self.hosting, self.port = directory, hosting, port
        self.pending: asyncio.TimerHandle | None = None
        self.now()

    def keep(self, now: bool) -> None:
        """Something to keep changed: write it ``now``, or within a second."""
        if now:
            self.now()
        elif self.pending is None:
            self.pending = asyncio.get_running_loop().call_later(1.0, self.now)

    def now(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        try:
            remember(self.directory, self.hosting, self.port)
        except OSError as err:
            log.warning("Cannot write %s: %s", HOSTED, err.strerror or err)


def _take_orders(room: Room, tr: Tr) -> None:
    """With ``--serve``, the host's console takes the host's orders (``kick NAME`` …), a line at a time."""
    if not sys.stdin.isatty():
        return

    def line() -> None:
        text = sys.stdin.readline()
        if not text:
            asyncio.get_running_loop().remove_reader(sys.stdin)
            return
        command = read_command(text[:MAX_LINE])
        if command is not None and works(command.name, HOST_PLACES):
            key, fields = host_order(room, command.name, command.words)
        else:
            key, fields = "host.order.usage", {}
        if text.strip():
            print(tr(key, **fields), flush=True)
    try:
        asyncio.get_running_loop().add_reader(sys.stdin, line)
    except (OSError, ValueError, NotImplementedError):
        pass


async def _over_and_empty(room: Room) -> None:
    """Done when the match is over and every screen has left it."""
    while not (room.stage == OVER and not room.screens()):
        await asyncio.sleep(0.5)


def _local_colours() -> str | None:
    import os

    return None if "NO_COLOR" in os.environ else "256"
