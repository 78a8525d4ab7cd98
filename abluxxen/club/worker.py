"""A club's worker: the tables it is given and the screens of the people who visit them, served over its
end of a socket pair (``python -m abluxxen.club.worker --fd N``, or in the club's own process: see
:meth:`~abluxxen.club.workers.Workers.here`). What the frames are is in :mod:`.workers`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import socket
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, TextIO, cast

from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from ..host.log import Repeats, log, log_to
from ..host.server import TerminalOut
from ..quoting import brief
from ..store.save_document import SaveError
from ..table.chairs import Login
from ..tui.toolkit import read_keys_without_select, resize
from .frames import MAX_FRAME, MAX_LOG_LINE, Ending, receive, send
from .messages import Close, Kick, Log, Message, Mute, Over, Play, SendBack, Sleep, Stop, encode, heard
from .playing import PlayedTable, play_club_table
from .screens import ClubTableScreen

#: Seconds a worker has to stop its tables and end when the club stops.
STOPPING = 5.0


async def visit_table(screen: ClubTableScreen) -> Ending:
    """A person at a club table, their screen drawn here, until they leave it; how they left. The one way
    a visit ends, wherever the table plays (the club's own process or a worker): a screen that fails
    takes its person back to the lobby, told so, and its failure goes to the club's log; the room counts
    their seat as away meanwhile (they may ``join`` it again)."""
    try:
        await screen.run()
    except Exception:  # noqa: BLE001 - one screen's failure must cost its person neither the club nor the table
        log.exception("The screen of %s at table %d failed", brief(screen.name), screen.number)
        return Ending(reason="broken", seated=bool(screen.chairs))
    if screen.failed is not None:  # it failed drawing (and logged why): it left the table
        return Ending(reason="broken", seated=bool(screen.chairs))
    return Ending(goodbye=screen.goodbye, reason=screen.reason, lost=screen.lost, seated=bool(screen.chairs))


class _LogToClub(logging.Handler):
    """A worker's log: each line (a traceback with it) as an ``L`` frame to the club, which writes it in its
    own log. Only the club writes ``host.log``: it rotates it, and a worker writing the file itself would go on
    writing the renamed file, then a removed one.

    Args:
        writer: the worker's end of its socket pair (written on its event loop, whatever thread logs).
    """

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        super().__init__()
        self.writer = writer
        self.loop = asyncio.get_running_loop()
        self.setFormatter(logging.Formatter("%(message)s"))
        self.sending = False

    def emit(self, record: logging.LogRecord) -> None:
        if self.sending:  # a line logged while sending one (the socket's own warning): it would never end
            return
        self.sending = True
        try:
            payload = encode(Log(self.format(record)[:MAX_LOG_LINE], record.levelno, record.name,
                                 tuple(Repeats.kind(record))))
            try:
                here = asyncio.get_running_loop() is self.loop
            except RuntimeError:
                here = False
            if here:
                send(self.writer, b"J", 0, payload)
            elif not self.loop.is_closed():
                self.loop.call_soon_threadsafe(send, self.writer, b"J", 0, payload)
        except Exception:
            self.handleError(record)
        finally:
            self.sending = False


class _Out(TerminalOut):
    """Where a visiting screen's prompt_toolkit writes: ``W`` frames to the club."""

    def __init__(self, writer: asyncio.StreamWriter, number: int) -> None:
        self.writer, self.number = writer, number

    def write(self, data: str) -> None:
        send(self.writer, b"W", self.number, data.encode("utf-8", "replace"))


@dataclass
class _Visiting:
    """A person's screen at a table of this worker: its terminal's size, its keys' pipe (once the screen
    reads them; keys that come sooner wait in ``early``), its app session, and its run."""

    size: list[int]
    early: list[str]
    pipe: Any = None
    session: Any = None
    task: asyncio.Task[None] | None = None


class Worker:
    """A worker process's tables and visits, and its end of the socket pair."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.tables: dict[int, PlayedTable] = {}
        self.visits: dict[int, _Visiting] = {}

    def tell(self, message: Message) -> None:
        """An event to the club."""
        if isinstance(message, Over):
            self.tables.pop(message.number, None)
        send(self.writer, b"J", 0, encode(message))

    # -- the club's orders ------------------------------------------------------------------------

    def order(self, order: Message) -> None:
        """Carry out one of the club's orders (an event sent this way is none: passed over)."""
        match order:
            case Play():
                self.play(order)
            case Close() | Kick() | SendBack() | Mute():
                if order.number in self.tables:
                    self.tables[order.number].apply(order)
            case Sleep(number=number):
                if number in self.tables:
                    self.tables[number].stop()
            case Stop():
                for table in self.tables.values():
                    table.end("stopped")

    def play(self, order: Play) -> None:
        """Play a table from its save, as the club's own process would (:func:`play_club_table`)."""
        if order.number in self.tables:  # it plays here already
            return
        try:
            self.tables[order.number] = play_club_table(order, self.tell)
        except (SaveError, OSError, ValueError) as err:
            self.tell(Over(order.number, str(err)[:200] or type(err).__name__))

    # -- visits ----------------------------------------------------------------------------------

    def open(self, number: int, header: dict[str, Any]) -> None:
        here = self.tables.get(int(header.get("number", 0)))
        if here is None:
            send(self.writer, b"E", number, json.dumps(asdict(Ending(reason="closed"))).encode())
            return
        visiting = _Visiting(size=[int(v) for v in header.get("size", [80, 24])][:2], early=[])
        self.visits[number] = visiting
        visiting.task = asyncio.get_running_loop().create_task(self._visit(number, here, header, visiting))
        visiting.task.add_done_callback(lambda _: self.visits.pop(number, None))

    async def _visit(self, number: int, here: PlayedTable, header: dict[str, Any], visiting: _Visiting) -> None:
        login = header["login"]
        who = Login(str(login["name"]), address=str(login.get("address", "")),
                    keys=tuple(str(k) for k in login.get("keys", ())), proven=str(login.get("proven", "")))
        size = visiting.size
        output = Vt100_Output(cast(TextIO, _Out(self.writer, number)), lambda: Size(rows=size[1], columns=size[0]),
                              term=header.get("term"), enable_cpr=False)
        ending = Ending(lost=True)
        try:
            with create_pipe_input() as pipe:
                read_keys_without_select(pipe)
                with create_app_session(input=pipe, output=output) as session:
                    visiting.pipe, visiting.session = pipe, session
                    for keys in visiting.early:
                        pipe.send_text(keys)
                    screen = ClubTableScreen(here.room, who, number=int(header["number"]),
                                             lang=str(header.get("lang", "en")), colours=header.get("colours"))
                    ending = await visit_table(screen)
        finally:
            send(self.writer, b"E", number, json.dumps(asdict(ending)).encode())

    def keys(self, number: int, keys: str) -> None:
        visiting = self.visits.get(number)
        if visiting is None:
            return
        if visiting.pipe is None:
            visiting.early.append(keys)
        else:
            visiting.pipe.send_text(keys)

    def resized(self, number: int, cols: int, rows: int) -> None:
        visiting = self.visits.get(number)
        if visiting is None:
            return
        visiting.size[:] = [cols, rows]
        if visiting.session is not None and visiting.session.app is not None:
            resize(visiting.session.app)

    def gone(self, number: int) -> None:
        visiting = self.visits.get(number)
        if visiting is not None and visiting.task is not None:
            visiting.task.cancel()


async def serve(sock: socket.socket, *, own_process: bool = True,
                made: Callable[[Worker], None] = lambda worker: None) -> None:
    """A worker: take the club's orders and visits until it stops, or is gone.

    Args:
        sock: its end of the socket pair.
        own_process: it runs in a process of its own (its log goes to the club); else in the club's.
        made: told its side (tables and visits), once made.
    """
    reader, writer = await asyncio.open_connection(sock=sock, limit=MAX_FRAME)
    if own_process:
        log_to(_LogToClub(writer))
        log.info("Club worker %d started", os.getpid())
    worker = Worker(writer)
    made(worker)
    try:
        while True:
            kind, number, payload = await receive(reader)
            if kind == b"J":
                order = heard(payload, sender="the club")
                if order is None:
                    continue
                worker.order(order)
                if isinstance(order, Stop):
                    if own_process:
                        log.info("Club worker %d stops with the club (tables playing: %d)", os.getpid(),
                                 len(worker.tables))
                    break
            elif kind == b"O":
                worker.open(number, json.loads(payload))
            elif kind == b"K":
                worker.keys(number, payload.decode("utf-8", "replace"))
            elif kind == b"S":
                cols, rows = json.loads(payload)
                worker.resized(number, int(cols), int(rows))
            elif kind == b"C":
                worker.gone(number)
    except (asyncio.IncompleteReadError, ConnectionError, ValueError):
        # The club is gone (stopped reading, or killed): nobody is left to see a screen, so every visit
        # ends now, and the tables stop (their saves hold every move); the worker leaves as soon as they
        # have, never outliving its club by the seconds a stop gives screens to say goodbye.
        for number in list(worker.visits):
            worker.gone(number)
        for table in worker.tables.values():
            table.stop()
    for _ in range(int(STOPPING / 0.05)):  # the tables stop, their screens say goodbye
        if not worker.tables and not worker.visits:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.05)
    writer.close()


def main(argv: list[str] | None = None) -> None:
    """``python -m abluxxen.club.worker --fd N``: a club's worker, on the socket it was given."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fd", type=int, required=True)
    args = parser.parse_args(argv)
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):  # the club stops its workers itself (or they see it gone)
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    asyncio.run(serve(socket.socket(fileno=args.fd)))


if __name__ == "__main__":
    main()
