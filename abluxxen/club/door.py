"""``abluxxen club``'s SSH door: accounts by SSH key, guests by the club's code, a lobby per session.

The door is the host's (:mod:`abluxxen.host.server`, :mod:`abluxxen.host.door`): the same places,
lockouts, input and output bounds, keepalives and log. What differs is who
gets in (:class:`ClubAdmission`, composed into the same
:class:`~abluxxen.host.connection.Connection`):

- a login with an SSH key is the key's account: the first login with a key
  under a free name claims the name for it (see
  :mod:`abluxxen.store.accounts`); a key refused the name (another key's,
  a lookalike of one, or the key is another name's or banned) is told why
  in the login banner and the connection ends;
- without a key, the club's ``--code`` lets a guest in (under a name no
  account has); without a code set, nobody comes in without a key.

A session shows the lobby (:class:`~abluxxen.club.screens.LobbyScreen`), then
the tables its person goes to (:class:`~abluxxen.club.screens.ClubTableScreen`),
then the lobby again, until they leave.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import asdict, replace
from pathlib import Path

import asyncssh

from ..host.connection import Admitted, Refusal
from ..host.door import Door
from ..host.keys import HostKeyError, fingerprint, host_key
from ..host.log import LOG_NAME, log, open_log
from ..host.server import KEEPALIVE, KEEPALIVE_MISSES, Relay, Server, Session
from ..host.start import lan_address
from ..i18n.catalog import error_line
from ..i18n.tr import Tr
from ..languages import default_lang
from ..quoting import LONGEST, brief, fitting
from ..store.accounts import Accounts, AccountsError, name_refusal, open_accounts
from ..store.backup import BackupRefused, back_up
from ..store.datadir import data_dir, private_dir
from ..store.files import Refused
from ..table.chairs import Login
from ..table.codes import MAX_CODE, CodeError, check_code, same_code
from ..tui.stops import Stopping
from .frames import Ending
from .lobby import Club
from .lock import LOCK_NAME, ClubLock, ClubRunning
from .notify import Notifier
from .registry import CLUB_FILE, ORPHANS, RegistryError
from .screens import LobbyScreen
from .tournaments import tournament_doc
from .turns import your_move
from .visitors import ClubTable, Visitor, guest_key
from .workers import Workers, default_workers


class ClubHost(Server):
    """The club behind one SSH port.

    Args:
        club: the lobby and its tables.
        accounts: the accounts by key.
        code: the guests' code (``""``: nobody comes in without a key).
        admins: the accounts that may close tables and ban keys.
        lang: the language of sessions whose client sends none, and of the door's refusals.
        door: the places and the count of wrong codes.
        keepalive: seconds between keepalives, and how many may go unanswered.
    """

    def __init__(self, club: Club, accounts: Accounts, *, code: str = "", admins: Iterable[str] = (),
                 lang: str = "en", door: Door | None = None,
                 keepalive: tuple[float, int] = (KEEPALIVE, KEEPALIVE_MISSES)) -> None:
        super().__init__(lang=lang, door=door, keepalive=keepalive)
        self.club = club
        self.accounts = accounts
        self.code = code
        self.admins = {name.casefold() for name in admins}

    def admission(self) -> ClubAdmission:
        """Who one connection lets in: an account by key, or a guest by the club's code."""
        return ClubAdmission(self)

    def stop(self) -> None:
        """Close every screen, stop taking connections, and stop the tables (saved, to be resumed)."""
        super().stop()
        self.club.stop()


class ClubAdmission:
    """Who the club's door lets in: an account by key, or a guest by the club's code
    (:class:`~abluxxen.host.connection.Admission`)."""

    prompt, locked = "club.code_prompt", "club.locked"

    def __init__(self, host: ClubHost) -> None:
        self.host = host
        self.key_print = ""
        self.refused: tuple[str, dict[str, object]] | None = None  # why a key offered was refused

    async def key(self, name: str, key: asyncssh.SSHKey) -> bool:
        """A key is accepted when the name is its account's, or free for it (claimed once it is proven, by
        the session); the first refusal is kept, to be told when no key gets in. The accounts are asked in a
        thread: a busy file holds up this login, never the event loop."""
        key_print = fingerprint(key)
        try:
            verdict = await asyncio.to_thread(self.host.accounts.verdict, name, key_print)
        except AccountsError as err:
            log.warning("The accounts cannot be read: %s", err)
            return False
        if not verdict.why:
            self.key_print = key_print
            return True
        if self.refused is None:
            self.refused = _door_refusal(verdict.why, name, verdict.name)
        return False

    def refusal(self, name: str, tr: Tr) -> Refusal | None:
        """No key got in: why (a key's refusal, or the guest's), or ``None`` to ask a guest for the code."""
        refused = self.refused or self._guest_refusal(name)
        return None if refused is None else Refusal(refused[0], _door_words(tr, *refused))

    def _guest_refusal(self, name: str) -> tuple[str, dict[str, object]] | None:
        if not self.host.code:
            return "needs_key", {}
        why = name_refusal(name)
        if why:
            return _door_refusal(why, name, "")
        try:
            member = self.host.accounts.account(name)
        except AccountsError:
            member = None
        return ("guest_name", {"name": member}) if member else None

    def code(self, name: str, typed: str) -> bool:
        return same_code(typed, self.host.code)

    def admitted(self, by_code: bool) -> Admitted:
        return Admitted("code", guest=True) if by_code else Admitted("publickey", key=self.key_print)

    def session(self, name: str, address: str, by_code: bool) -> asyncssh.SSHServerSession[str] | None:
        if not (by_code or self.key_print):
            return None
        key = guest_key() if by_code else self.key_print
        return Session(self.host, Login(name, address=address, keys=(key,), proven=key),
                       ClubVisit(self.host, Visitor(name, key, guest=by_code)))


def _door_refusal(why: str, typed: str, name: str) -> tuple[str, dict[str, object]]:
    """What the door says for an account's verdict (see :class:`~abluxxen.store.accounts.Verdict`)."""
    if why.startswith("club.name."):
        return "bad_name", {"typed": typed, "why": why}
    return why, {"name": name, "typed": typed}


def _door_words(tr: Tr, key: str, fields: dict[str, object]) -> str:
    """The door's refusal ``key`` (see :func:`_door_refusal`) in ``tr``'s words, names cut short."""
    shown = {k: brief(str(v), 20) for k, v in fields.items()}
    if key == "bad_name":
        shown["why"] = tr(str(fields["why"]))
    return tr(f"club.door.{key}", **shown)


class ClubVisit:
    """One person's session at the club (:class:`~abluxxen.host.server.Visit`): the lobby, the tables they go to, the
    lobby again."""

    def __init__(self, host: ClubHost, visitor: Visitor) -> None:
        self.host = host
        self.visitor = visitor

    async def _claim(self, session: Session, tr: Tr) -> str:
        """A key's login claims its account's name (the first time: the name becomes the key's), in a thread;
        ``""``, or why it cannot come in (another login took the name meanwhile, the accounts cannot be
        written)."""
        visitor = self.visitor
        try:
            verdict = await asyncio.to_thread(self.host.accounts.claim, visitor.name, visitor.key)
        except AccountsError as err:
            log.warning("The accounts cannot be written: %s", err)
            return tr("club.door.accounts_failed")
        if verdict.why:
            return _door_words(tr, *_door_refusal(verdict.why, visitor.name, verdict.name))
        if verdict.new:
            log.info("New account %s for %s", brief(verdict.name), visitor.key)
        visitor.name = verdict.name  # as claimed, in its case
        visitor.admin = verdict.name.casefold() in self.host.admins
        session.login = replace(session.login, name=verdict.name)
        return ""

    async def command(self, session: Session, text: str, lang: str) -> tuple[str, int] | None:
        """``waiting``: the tables that await this account's decision, a line each beginning with the table's
        number, the longest waiting first; none: nothing at all (a script counts the lines). Answered from what
        the tables last told, no save read. A guest, who has no account, is told so."""
        words = text.split()
        if len(words) == 3 and words[0] in ("tournament", "turnier") and words[2] == "json":
            return self._tournament_json(words[1])
        if words != ["waiting"]:
            return None
        tr = Tr(lang)
        if self.visitor.guest:
            return tr("turns.guest"), 1
        club = self.host.club
        now = club.wall()
        return "\n".join(f"{table.number} {your_move(table.number, turn, tr, now)}"
                         for table, turn in club.your_moves(self.visitor.key)), 0

    def _tournament_json(self, number: str) -> tuple[str, int]:
        """``tournament N json``: the tournament as JSON (whether it is over, its standings, its rounds), for
        a club's web page or a chat bot; a tournament there is not: ``{"error": …}`` and status 1."""
        cups = self.host.club.cups
        found = cups.events.get(int(number.lstrip("#"))) if number.lstrip("#").isdigit() and len(number) < 8 else None
        if found is None:
            return json.dumps({"error": f"no tournament {brief(number, 8)}"}), 1
        return json.dumps(tournament_doc(found, cups.standings(found)), ensure_ascii=False), 0

    async def __call__(self, session: Session, lang: str, colours: str | None) -> str:
        club, visitor = self.host.club, self.visitor
        if not visitor.guest:
            refused = await self._claim(session, Tr(lang))
            if refused:
                return refused
        lobby = LobbyScreen(club, visitor, lang=lang, colours=colours)
        visitor.screen, visitor.lang = lobby, lang
        refused = club.come(visitor)
        if refused:
            return lobby.tr(refused, name=brief(visitor.name, 20))
        self.host.screens.add(lobby)
        try:
            left: set[int] = set()
            while True:
                # A live tournament's table whose game waits for them (their seat's grace running): straight
                # there, from the login or back from their last table.
                waiting = club.waiting_seat(visitor)
                if waiting is not None and waiting.number not in left:
                    table = waiting
                    club.wake(table, coming=True)  # (it may have gone to sleep until the grace ends)
                else:
                    await lobby.run()
                    if lobby.going is None or lobby.left:
                        return lobby.goodbye
                    table = lobby.going
                ending = await self._at_table(session, table, lang, colours)
                if ending.lost or ending.reason in ("elsewhere", "stopped"):
                    return ending.goodbye
                lobby.back(self._back(table, ending, lobby.tr))
                left.add(table.number)  # (left on purpose: never taken back to it)
                club.news(visitor)  # what came meanwhile (a tournament's next round, an invitation)
        finally:
            self.host.screens.discard(lobby)
            club.go(visitor)

    async def _at_table(self, session: Session, table: ClubTable, lang: str, colours: str | None) -> Ending:
        """Show the table until its person leaves it; how they left. One path wherever the table plays: its
        worker (a process of its own, or the club's own serving the same frames) draws the screen, and the
        session passes the person's keys and terminal size to it and its drawing back."""
        visitor, club = self.visitor, self.host.club
        visitor.at = table.number
        club.changed()
        try:
            room = table.room
            if room is None:
                return Ending(reason="closed")
            session.relay = Relay(session.stdout.write)
            chan = session.chan
            size = session.terminal_size()
            header = {"login": asdict(session.login), "lang": lang, "colours": colours,
                      "term": chan.get_terminal_type() if chan is not None else None,
                      "size": [size.columns, size.rows]}
            return await room.visit(session.relay, header)
        finally:
            session.relay = None
            visitor.at = None
            club.changed()
            club.rest(table)  # the last one there gone: it may sleep

    @staticmethod
    def _back(table: ClubTable, ending: Ending, tr: Tr) -> str:
        """What the lobby says to someone back from ``table`` (a seat that waits for them is said by the
        lobby itself, under its chat)."""
        if ending.reason in ("closed", "failed", "broken", "kicked"):
            return tr(f"club.back_{ending.reason}", n=table.number)
        return tr("club.back")


#: Open files a club asks the system for (each session: a connection and a pipe's two ends).
MAX_FILES = 65536


def run(args: argparse.Namespace) -> int:
    """``abluxxen club``; the exit status."""
    lang = args.lang or default_lang()
    tr = Tr(lang)
    if args.backup is not None:
        return _backup(Path(args.backup), tr)
    try:
        code = check_code(args.code) if args.code else ""
        admins = _admins(args.admins)
        key = host_key(data_dir())
        directory = private_dir(data_dir() / "club")
        log_path = open_log(data_dir())
    except Refused as err:  # only the log is refused so (the key's refusal is a HostKeyError)
        return _refused(tr.line("host.cannot_log", path=data_dir() / LOG_NAME, reason=err.told(tr)), tr, 1)
    except CodeError as err:
        return _refused(tr(err.key, most=MAX_CODE), tr, 2)
    except _NoAdmin as err:
        return _refused(tr("club.bad_admin", name=brief(err.name, 20)), tr, 2)
    except HostKeyError as err:
        key_error = err
        return _refused(lambda limit: key_error.told(tr.within(limit)), tr, 2)
    except OSError as err:
        return _refused(tr.os_reason(err), tr, 1)
    try:
        held = ClubLock(directory).acquire()
    except ClubRunning as err:
        return _refused(tr("club.running", pid=err.pid, port=err.port), tr, 1)
    except Refused as err:
        return _refused(tr.line("club.cannot_lock", path=directory / LOCK_NAME, reason=err.told(tr)), tr, 1)
    _more_files()
    try:
        return asyncio.run(_serve(args, tr, key, directory, code, admins, log_path, held))
    except KeyboardInterrupt:
        return 130
    finally:
        held.release()


def _backup(into: Path, tr: Tr) -> int:
    """``abluxxen club --backup DIR``: copy the club's data into DIR while the club may run, and say what
    was copied in two lines; the exit status."""
    try:
        done = back_up(data_dir(), into)
    except BackupRefused as err:
        return _refused(tr.line(f"club.backup.{err.kind}", dir=into, data=data_dir(), reason=err.reason), tr,
                        2 if err.kind == "not_empty" else 1)

    def counted(key: str, n: int) -> str:
        return tr(f"{key}_one" if n == 1 else key, n=n)
    what = [counted("club.backup.tables", done.tables), counted("club.backup.saves", done.saves)]
    what += [tr(f"club.backup.{name}") for name in done.databases]
    if done.host_key:
        what.append(tr("club.backup.host_key"))
    if done.left_out:
        what.append(counted("club.backup.left_out", done.left_out))
    print(fitting(tr.line("club.backup.done", dir=into, what=", ".join(what))))
    # A line to act on: the folder as whole as a path is ever shown, even past the terminal's width.
    print(tr.within(LONGEST)("club.backup.restore", dir=into))
    return 0


def _more_files() -> None:
    """As many open files as the system lets this process have: every session holds a connection and
    a pipe, and many systems start a process at 1,024, about 300 people."""
    try:
        import resource
    except ImportError:  # not a POSIX system
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MAX_FILES if hard == resource.RLIM_INFINITY else min(hard, MAX_FILES)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            log.warning("Could not raise the open files limit from %d", soft)


def _rebuilt_line(club: Club, tr: Tr) -> str:
    """The line that tells the operator the club found its tables damaged, in ``tr``'s words."""
    rebuilt = club.rebuilt
    assert rebuilt is not None
    return tr("club.rebuilt_line_one" if rebuilt.tables == 1 else "club.rebuilt_line", file=rebuilt.file,
              why=rebuilt.damage.told(tr), aside=rebuilt.aside.name, n=rebuilt.tables)


def _refused(why: str | Callable[[int], str], tr: Tr, status: int) -> int:
    """Say on the console why the club cannot open, as argparse words a refusal; ``status``."""
    print(error_line("abluxxen club", why, tr.lang), end="", file=sys.stderr)
    return status


class _NoAdmin(ValueError):
    """An ``--admins`` name that no account could have."""

    def __init__(self, name: str) -> None:
        super().__init__(f"--admins: {brief(name, 20)} cannot be an account's name")
        self.name = name


def _admins(text: str) -> list[str]:
    """The admins' names of ``--admins``.

    Raises:
        _NoAdmin: for a name no account could have.
    """
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name_refusal(name):
            raise _NoAdmin(name)
    return names


async def _serve(args: argparse.Namespace, tr: Tr, key: asyncssh.SSHKey, directory: Path, code: str,
                 admins: list[str], log_path: Path, held: ClubLock) -> int:
    """Resume the unfinished tables, open the door, and serve until a stop signal; the exit status.

    ``held`` is the club folder's lock (the port is written in it, for a second club's refusal)."""
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _, context: log.error("%s", context.get("message"),
                                                            exc_info=context.get("exception")))
    english = Tr("en")
    accounts = open_accounts(directory)
    count = args.workers if args.workers is not None else default_workers()
    workers = Workers(count)
    await workers.start()
    notifier = Notifier(args.notify.strip())  # tells nobody without a command (nothing waits at the stop)
    club = Club(directory, accounts, grace=args.grace, delay=args.delay, lang=tr.lang, elsewhere=workers,
                on_event=lambda key, fields: log.info("%s", english(key, **fields)),
                notifier=notifier if notifier.command else None)
    try:
        problems = club.resume()
    except RegistryError as err:
        club.stop()
        await workers.ended()
        await notifier.ended()
        return _refused(tr("club.cannot_registry", path=err.path or directory / CLUB_FILE, reason=err.told(tr)),
                        tr, 1)
    if club.rebuilt is not None:  # one line, in the log and on the console
        log.warning("%s", _rebuilt_line(club, english))
        print(f"abluxxen club: {_rebuilt_line(club, tr)}", file=sys.stderr)
    for problem in problems:
        log.warning("%s", problem)
        print(f"abluxxen club: {problem}", file=sys.stderr)
    if club.orphans:
        told = "club.orphans_line_one" if len(club.orphans) == 1 else "club.orphans_line"
        print(f"abluxxen club: {tr(told, n=len(club.orphans), folder=directory / ORPHANS)}", file=sys.stderr)
    host = ClubHost(club, accounts, code=code, admins=admins, lang=tr.lang, door=Door(max_connections=args.places))
    try:
        port = await host.listen(key, bind=args.bind, port=args.port)
    except OSError as err:
        club.stop()
        await workers.ended()
        await notifier.ended()
        return _refused(tr("host.cannot_listen", port=args.port, reason=tr.os_reason(err)), tr, 1)
    held.tell(port)
    lines = [tr("club.join_line", port=port, address=lan_address(args.bind)), tr("club.name_line")]
    if code:
        lines.append(tr("club.guest_line", code=code))
    lines += [tr("host.fingerprint", fingerprint=fingerprint(key)), tr("host.log_at", path=log_path)]
    print("\n".join(lines), flush=True)
    log.info("Club on port %d with %d tables resumed%s", port, len(club.tables),
             f", tables in up to {workers.count} worker processes" if workers.count else ", tables in its own process")
    ending = Stopping()
    ending.catch_signals()
    await ending.stopped.wait()
    host.stop()
    notifier.stop()  # what waits to be told is dropped; what runs has a moment to end
    await asyncio.sleep(0.1)  # the screens say goodbye
    await workers.ended()
    await notifier.ended()
    accounts.close()
    return ending.status
