"""Autosave: the match and the table's settings, written atomically.

A save file is a JSON document of our own that wraps the engine's match
document (:meth:`Match.to_json`, which embeds the game)::

    {"format": "abluxxen-tui/1", "saved": "2026-11-22T03:00:00+00:00",
     "lang": "en", "delay": 0.6, "finished": false,
     "seats": [{"name": "Ann"}, {"name": "Ada", "bot": "hard"}],
     "log": [<events of the current game, Event.to_json>],
     "assisted": false, "match_key": "5f0c9e2a41d3b7e8",
     "accounts": [<per seat, the account of its person at a club, or null>],  (a club's tables only)
     "transcript": <the current game's Transcript.to_json()>,
     "match": <Match.to_json()>}

Files live in ``$ABLUXXEN_DATA_DIR`` or the user's data directory
(platformdirs), one per match. Writing goes to a temporary file in the same
directory, which is checked by reading it back and then renamed over the
old save: a crash or a bug can never leave a half-written save, and a
document that would not load again never replaces a good one. A move's save
(``checked=False``) skips reading back: it costs more than the rest of the
write, and the table's other saves (its first, a game's end, an undo) check.

A file is whatever a disk or a player left there, so reading refuses, with
one line of reason, anything but a small regular file holding a save that
plays: every field is checked before a game starts. While a game is open
its save is locked (an OS lock on a hidden sidecar file, which the system
drops however the process ends), so two terminals never play one save.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import secrets
import signal
import stat
import time
import unicodedata
from dataclasses import InitVar, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover - no flock on Windows: saves go unlocked there
    fcntl = None  # type: ignore[assignment]

from ..engine.events import EVENT_KINDS, START, Event
from ..engine.match import Match
from ..engine.phase import END_REASONS
from ..engine.transcript import Transcript
from ..languages import LANGS
from ..levels import LEVELS
from ..names import name_problem
from .datadir import data_dir, private_dir, saves_in
from .files import Refused, TooDeep, load_json, read_small, write_atomically

FORMAT = "abluxxen-tui/1"
MAX_NAME = 12  # terminal cells: the table lays names out in columns this wide
MAX_BYTES = 4 * 1024 * 1024  # a long match saves in well under 100 kB
DEFAULT_DELAY = 0.6  # seconds after a bot move: long enough to see it
MAX_DELAY = 10.0  # more would look like a hang
_TEMP_PREFIX, _TEMP_SUFFIX = ".save-", ".tmp"
_LOCK_SUFFIX = ".lock"
#: Seconds a game that opens its save waits for a lock held by another process's cleanup.
LOCK_PATIENCE = 1.0
#: Seconds a game whose terminal has gone gets to save and leave after each request to stop
#: (a hang-up, then SIGTERM) before the next, and the last (SIGKILL), when another terminal wants its save.
ORPHAN_PATIENCE = 2.0
_KEY = re.compile(r"[0-9A-Za-z_-]{1,64}")
#: An account in a save: printable, no spaces (``key:`` and a key's fingerprint, as the club writes it).
_ACCOUNT = re.compile(r"[!-~]{1,200}")
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # opening a named pipe must not wait for a writer


#: Why a folder is no save (``resume DIR``, ``review DIR``).
FOLDER_REFUSAL = "it is a folder, not a save file"


class SaveError(ValueError):
    """A save file that cannot be read back, with the reason (``str()``: English).

    Attributes:
        key: which reason, for its words in another language (``abluxxen/i18n/saves.py``); ``""``
            when only the English exists.
        params: the reason's details, to fill those words in.
    """

    def __init__(self, message: str, key: str = "", **params: object) -> None:
        super().__init__(message)
        self.key, self.params = key, params


class SaveBusy(SaveError):
    """A save that another process has open (its game is being played elsewhere)."""


class SaveUnreadable(SaveError):
    """A file that could not be read at all (permission denied, a disk error, gone): nothing is known
    of what it holds, so it is not called damaged.

    Attributes:
        error: the system's refusal.
    """

    def __init__(self, reason: str, error: OSError) -> None:
        super().__init__(reason, "unreadable")
        self.error = error


def new_match_key() -> str:
    """A fresh random key for a match (16 hex digits)."""
    return secrets.token_hex(8)


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a human by name, or a bot of some level."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.bot is not None


@dataclass
class Saved:
    """A save file's content."""

    match: Match
    seats: list[Seat]
    lang: str = "en"
    delay: float = 0.6
    log: list[Event] = field(default_factory=list)
    finished: bool = False
    #: Whether the current game had help a plain game does not: a hint, an undo.
    assisted: bool = False
    #: The match's own random key: its games are recorded as ``KEY:INDEX``, once each.
    match_key: str = field(default_factory=new_match_key)
    #: Per seat, the account of the person at it (a club's table), ``None`` for a bot or a person without
    #: one; ``None`` where no seat has one. Kept in the save so that whoever records its games (the club,
    #: or any command that finds the finished save) rates them by account.
    accounts: list[str | None] | None = None
    history: InitVar[Transcript | None] = None
    #: The current game from its deal (or from where an older save resumed it).
    transcript: Transcript = field(init=False)

    def __post_init__(self, history: Transcript | None) -> None:
        self.transcript = history if history is not None else Transcript.of(self.match.game)


def name_refusal(name: str) -> str | None:
    """Why a name cannot sit at the table, as a key of ``abluxxen/i18n/`` (``None``: it can).

    ``"seat_name_control"``: a control or invisible character;
    ``"seat_name_long"``: wider than :data:`MAX_NAME` terminal cells.
    """
    if name_problem(name):
        return "seat_name_control"
    if cells(name) > MAX_NAME:
        return "seat_name_long"
    return None


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes: wide (East Asian, most emoji) characters two, combining
    marks and joiners none, a character joined on by a zero-width joiner none (👩‍💻 is one picture),
    every other character one."""
    width, joined = 0, False
    for ch in text:
        if not joined and not unicodedata.combining(ch) and unicodedata.category(ch) not in ("Mn", "Me", "Cf"):
            width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        joined = ch == "\u200d"
    return width


def save_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where saves live: ``override``, else ``$ABLUXXEN_DATA_DIR``, else the user data directory."""
    if override:
        return Path(override)
    return saves_in(data_dir())


def new_save_path(directory: Path, names: list[str]) -> Path:
    """A fresh file for a new match, named by time and players, created empty.

    Creating it exclusively reserves the name, so games started at the same
    moment never share a file. A directory that cannot be written gives the
    name alone: the first autosave then reports the problem.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    who = "-".join("".join(ch for ch in n if ch.isalnum())[:8] for n in names) or "game"
    path = directory / f"{stamp}-{who}.json"
    try:
        private_dir(directory)
    except OSError:
        return path
    for number in range(2, 10_000):
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            return path
        except FileExistsError:
            path = directory / f"{stamp}-{who}-{number}.json"
        except OSError:
            break
    return path


# -- documents -----------------------------------------------------------------------


def to_document(saved: Saved) -> dict[str, Any]:
    """The JSON document of a save."""
    return {
        "format": FORMAT,
        "saved": datetime.now(UTC).isoformat(timespec="seconds"),
        "lang": saved.lang,
        "delay": saved.delay,
        "finished": saved.finished,
        "seats": [{"name": s.name} if s.bot is None else {"name": s.name, "bot": s.bot} for s in saved.seats],
        "log": [e.to_json() for e in saved.log],
        "assisted": saved.assisted,
        "match_key": saved.match_key,
        **({"accounts": saved.accounts} if saved.accounts is not None else {}),
        "transcript": saved.transcript.to_json(),
        "match": saved.match.to_json(),
    }


def from_document(doc: Any) -> Saved:
    """A save from its document, every field checked, so that a save that loads can be played.

    Raises:
        SaveError: naming what is wrong.
    """
    if not isinstance(doc, dict):
        raise SaveError("not a save document (expected a JSON object)", "not_object")
    if doc.get("format") != FORMAT:
        found = repr(doc.get("format"))[:40]
        raise SaveError(f"unknown format {found} (expected {FORMAT!r})", "format", found=found, expected=repr(FORMAT))
    for key in ("match", "seats"):
        if key not in doc:
            raise SaveError(f"damaged save: no {key!r}", "missing", field=repr(key))
    try:
        match = Match.from_json(doc["match"])
        seats = _seats(doc["seats"], match.names)
        log = _log(doc.get("log", []), match.rules.players)
        # Saves from before transcripts begin the transcript where they resume.
        history = Transcript.from_json(doc["transcript"], ends_at=match.game) if "transcript" in doc else None
    except ValueError as err:
        raise SaveError(f"damaged save: {err}", "invalid") from None
    lang = doc.get("lang", "en")
    if lang not in LANGS:
        raise SaveError("damaged save: lang must be 'en' or 'de'", "lang")
    delay = doc.get("delay", 0.6)
    if isinstance(delay, bool) or not isinstance(delay, int | float) or not math.isfinite(delay) \
            or not 0 <= delay <= MAX_DELAY:
        raise SaveError(f"damaged save: delay must be from 0 to {MAX_DELAY:g} seconds", "delay", most=f"{MAX_DELAY:g}")
    finished = doc.get("finished", False)
    if not isinstance(finished, bool) or (finished and not match.is_over):
        raise SaveError("damaged save: finished must be true or false, and true only once the match is over",
                        "finished")
    assisted = doc.get("assisted", False)
    if not isinstance(assisted, bool):
        raise SaveError("damaged save: assisted must be true or false", "assisted")
    # Saves from before records get a key now; the first autosave keeps it.
    match_key = doc.get("match_key", new_match_key())
    if not isinstance(match_key, str) or not _KEY.fullmatch(match_key):
        raise SaveError("damaged save: match_key must be 1 to 64 letters, digits, - or _", "match_key")
    accounts = doc.get("accounts")
    if accounts is not None and not (isinstance(accounts, list) and len(accounts) == len(seats) and all(
            account is None or (isinstance(account, str) and _ACCOUNT.fullmatch(account)) for account in accounts)):
        raise SaveError("damaged save: accounts must name an account (or null) for each seat", "accounts")
    _check_when(doc.get("saved"))
    return Saved(match=match, seats=seats, lang=lang, delay=float(delay), log=log, finished=finished,
                 assisted=assisted, match_key=match_key, accounts=accounts, history=history)


def _seats(value: Any, names: list[str]) -> list[Seat]:
    """The seats of a document: one per player, named as in the game."""
    if not isinstance(value, list) or len(value) != len(names):
        raise ValueError(f"seats must list the {len(names)} players")
    seats = []
    for number, (seat, name) in enumerate(zip(value, names, strict=True), 1):
        if not isinstance(seat, dict) or set(seat) - {"name", "bot"} or seat.get("name") != name:
            raise ValueError(f"seat {number} must be an object with the game's name for that seat")
        refusal = name_refusal(name)
        if refusal:
            raise ValueError(f"seat {number}: " + ("the name holds a control or invisible character"
                                                    if refusal == "seat_name_control"
                                                    else f"the name is wider than {MAX_NAME} characters"))
        bot = seat.get("bot")
        if bot is not None and bot not in LEVELS:
            raise ValueError(f"seat {number}: bot level must be {_or(LEVELS)}")
        seats.append(Seat(name, bot))
    if len({n.lower() for n in names}) != len(names):  # as the setup compares them
        raise ValueError("two seats have the same name")
    return seats


# What each kind of logged event must carry, and the sources it may name.
_NEEDS: dict[str, tuple[tuple[str, ...], tuple[str, ...] | None]] = {
    START: (("seat", "source"), None),
    "play": (("seat", "cards"), None),
    "abluxx": (("seat", "other", "cards"), None),
    "shadowluxx": (("seat", "cards"), None),
    "take": (("seat", "other", "cards"), None),
    "leave": (("seat", "other", "cards"), None),
    "back": (("seat", "other", "cards"), None),
    "discard": (("seat", "other", "cards"), None),
    "draw": (("seat", "cards", "source"), ("deck", "pool")),
    "pass": (("seat",), None),
    "refill": (("source",), ("pool", "shadow")),
    "to-pool": (("cards", "source"), None),
    "removed": (("cards",), None),
    "turn": (("seat",), None),
    "game-over": (("seat", "source"), END_REASONS),
}
assert set(_NEEDS) == {*EVENT_KINDS, START}


def _log(value: Any, players: int) -> list[Event]:
    """The logged events of a document: known kinds, seats at the table, nothing missing."""
    if not isinstance(value, list):
        raise ValueError("log must be a list of events")
    events = []
    for i, doc in enumerate(value):
        try:
            event = Event.from_json(doc)
        except ValueError as err:
            raise ValueError(f"log[{i}]: {err}") from None
        if event.kind not in _NEEDS:
            raise ValueError(f"log[{i}]: unknown event kind {event.kind[:20]!r}")
        needs, sources = _NEEDS[event.kind]
        missing = [name for name in needs if getattr(event, name) in (None, ())]
        if missing:
            raise ValueError(f"log[{i}]: a {event.kind} event needs {' and '.join(missing)}")
        if any(s is not None and s >= players for s in (event.seat, event.other)):
            raise ValueError(f"log[{i}]: seat out of range for {players} players")
        if sources is not None and event.source not in sources:
            raise ValueError(f"log[{i}]: a {event.kind} event comes from {' or '.join(sources)}")
        if sources is None and event.source is not None and not event.source.isdigit():
            raise ValueError(f"log[{i}]: a {event.kind} event's source is a number")
        events.append(event)
    return events


def _check_when(value: Any) -> None:
    """``saved``, when present, is the date and time the file was written."""
    if value is None:
        return
    try:
        datetime.fromisoformat(value if isinstance(value, str) else "")
    except ValueError:
        raise SaveError("damaged save: saved must be a date and time", "saved") from None


# -- files ---------------------------------------------------------------------------


def write_save(path: Path, saved: Saved, *, checked: bool = True) -> None:
    """Write a save atomically; the old file stays unless the new one reads back (``checked``).

    Raises:
        SaveError: when the new document would not load again (the old file is kept).
        OSError: when the disk refuses.
    """
    write_save_text(path, save_text(saved, checked=checked))


def save_text(saved: Saved, *, checked: bool = True) -> str:
    """The save file's text for ``saved`` as it is now (what :func:`write_save_text` writes, maybe later and in
    another thread: the text no longer changes with the game).

    Raises:
        SaveError: when ``checked`` and the document would not load again.
    """
    text = json.dumps(to_document(saved), indent=1)
    if checked:
        from_document(json.loads(text))  # never replace a good save with one that won't load
    return text


def write_save_text(path: Path, text: str) -> None:
    """Write a save's text (:func:`save_text`) atomically: the old file stays until the new one is on disk.

    Raises:
        OSError: when the disk refuses.
    """
    # The temporary file is locked while unfinished, so a cleanup elsewhere leaves it alone.
    write_atomically(path, text, prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX, hold=_try_flock)


def _flock(fd: int) -> None:
    """Lock ``fd`` exclusively, without waiting.

    Raises:
        OSError: ``EWOULDBLOCK`` when another open file holds the lock.
    """
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _try_flock(fd: int) -> None:
    try:
        _flock(fd)
    except OSError:
        pass  # a file system without locks: the write itself matters more


def clean_leftovers(directory: Path) -> None:
    """Remove temporary files of saves that were killed mid-write, and stale lock files.

    A file still being written or a game still open holds its lock and is left alone.
    """
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if name.startswith(_TEMP_PREFIX) and name.endswith(_TEMP_SUFFIX):
            _remove_unlocked(Path(entry.path))
        elif name.startswith(".") and name.endswith(".json" + _LOCK_SUFFIX):
            try:
                SaveLock(directory / name[1:-len(_LOCK_SUFFIX)]).acquire().release()
            except (OSError, SaveError):
                pass


def _remove_unlocked(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    except OSError:
        return
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            _flock(fd)
            path.unlink(missing_ok=True)
    except OSError:
        pass
    finally:
        os.close(fd)


class SaveLock:
    """The lock that keeps a save to one process while its game is open.

    The lock is ``flock`` on a hidden sidecar file (``.NAME.json.lock``):
    the save itself is replaced on every move, and a lock on a replaced file
    would guard nothing. The system drops the lock however the process ends,
    so a crash leaves no stale lock; the sidecar is removed on release. A
    holder whose terminal has gone (see :func:`orphan_holder`) can be made to
    leave: ``acquire(orphans=True)``.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        real = path
        try:
            if path.is_symlink() and path.resolve().is_file():
                real = path.resolve()  # a save reached through a link is still the same save
        except (OSError, RuntimeError):
            pass
        self.sidecar = real.with_name(f".{real.name}{_LOCK_SUFFIX}")
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """Whether this process holds the lock."""
        return self._fd is not None

    def acquire(self, *, wait: float = 0.0, orphans: bool = False) -> SaveLock:
        """Take the lock; returns ``self``.

        Args:
            wait: seconds to keep trying while another process holds it. A
                game holds its lock for as long as it is open; another
                process's cleanup (:func:`clean_leftovers`) holds it for a
                moment, and a game starting in that moment must not take it
                for a game open elsewhere.
            orphans: when the holder is a game whose terminal has gone (nobody
                can ever play on there), ask it to stop (:func:`end_orphan`:
                it saves and leaves) and take the lock then.

        Raises:
            SaveBusy: when another process holds it (still, after ``wait``).
            OSError: when the sidecar cannot be created (the folder is not writable).
        """
        if orphans:
            try:
                return self.acquire(wait=wait)
            except SaveBusy:
                if not end_orphan(self.sidecar):
                    raise
            return self.acquire(wait=wait)
        deadline = time.monotonic() + wait
        while self._fd is None:
            fd = os.open(self.sidecar, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                _flock(fd)
            except OSError as err:
                os.close(fd)
                if err.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise
                if time.monotonic() >= deadline:
                    raise SaveBusy(f"{self.path} is open in another terminal") from None
                time.sleep(0.01)
                continue
            # The holder before us may have removed the sidecar as we opened it: lock the current one.
            try:
                same = os.stat(self.sidecar).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                self._fd = fd
            else:
                os.close(fd)
        return self

    def release(self) -> None:
        """Give the lock up and remove the sidecar."""
        if self._fd is None:
            return
        try:
            self.sidecar.unlink(missing_ok=True)
        except OSError:
            pass
        os.close(self._fd)
        self._fd = None


def orphan_holder(sidecar: Path) -> int | None:
    """The process that holds the lock ``sidecar``, when its terminal has gone; ``None`` when no process
    holds it, the holder still has its terminal (or never had one), or the system does not say (the
    holder is found through Linux's ``/proc``).

    A game whose terminal closed saves and leaves; one that stayed (stopped, or stuck) holds its save
    for ever though nobody can play on there: its standard streams are a terminal that is no more.
    """
    try:
        target = os.path.realpath(sidecar)
        inode = os.stat(target).st_ino
        table = Path("/proc/locks").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    for line in table.splitlines():
        # "1: FLOCK  ADVISORY  WRITE 1234 00:2e:5678 0 EOF" (a waiter's line has "->" before FLOCK)
        parts = line.split()
        if len(parts) < 6 or parts[1] != "FLOCK" or not parts[4].isdigit():
            continue
        if parts[5].rsplit(":", 1)[-1] != str(inode):
            continue
        pid = int(parts[4])
        if _holds_open(pid, target) and _terminal_gone(pid):
            return pid
    return None


def _holds_open(pid: int, target: str) -> bool:
    """Whether process ``pid`` has the file ``target`` open (the lock table names files by inode only)."""
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    for fd in fds:
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") == target:
                return True
        except OSError:
            continue
    return False


def _terminal_gone(pid: int) -> bool:
    """Whether process ``pid``'s standard streams include a terminal device that no longer exists."""
    for fd in (0, 1, 2):
        try:
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if link.startswith(("/dev/pts/", "/dev/tty")) and link.endswith(" (deleted)"):
            return True
    return False


def end_orphan(sidecar: Path) -> bool:
    """Make a game whose terminal has gone (:func:`orphan_holder`) let go of the lock ``sidecar``:
    a hang-up, then SIGTERM (either lets it save and leave), then SIGKILL, each after
    :data:`ORPHAN_PATIENCE` seconds; whether there was such a game. Its save loses nothing: it is
    written after every move, and a finished game's save is recorded by the next command.
    """
    pid = orphan_holder(sidecar)
    if pid is None:
        return False
    for signum in (signal.SIGHUP, signal.SIGTERM, signal.SIGKILL):
        try:
            os.kill(pid, signum)
        except OSError:
            return True  # gone already
        deadline = time.monotonic() + ORPHAN_PATIENCE
        while time.monotonic() < deadline:
            if orphan_holder(sidecar) != pid:
                return True
            time.sleep(0.05)
    return True


def read_save(path: Path) -> Saved:
    """Read a save file.

    Raises:
        SaveError: when the file is missing, not a small regular file, not
            UTF-8 JSON, or damaged; one line of reason.
    """
    return from_document(_parse(_read_text(path)))


def _read_text(path: Path) -> str:
    try:
        data = read_small(path, MAX_BYTES)
    except FileNotFoundError as err:
        raise SaveUnreadable(f"cannot read the file ({err.strerror or err})", err) from None
    except Refused as refused:
        if refused.error is not None:
            raise SaveUnreadable(str(_refusal(refused)), refused.error) from None
        raise _refusal(refused) from None
    if not data.strip():
        raise SaveError("the file is empty (a game that was never saved)", "empty")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise SaveError(f"not a save: byte {err.start} is not UTF-8 text", "not_utf8", byte=err.start) from None


def _refusal(refused: Refused) -> SaveError:
    """Why a file that :func:`read_small` refused is no save."""
    mb = 1024 * 1024
    if refused.kind == "folder":
        return SaveError(FOLDER_REFUSAL, "folder")
    if refused.kind == "not-regular":
        return SaveError("not a regular file (a pipe or a device), so not a save", "not_regular")
    if refused.kind == "too-big":
        size = f"{int(refused.detail) // mb} MB; " if refused.detail else ""
        return SaveError(f"too big for a save ({size}saves are under {MAX_BYTES // mb} MB)", "too_big",
                         size=size, most=MAX_BYTES // mb)
    return SaveError(f"cannot read the file ({refused.detail})", "cannot_read", detail=refused.detail)


def _refuse_constant(name: str) -> Any:
    raise SaveError(f"damaged save: {name} is not a number a save holds", "constant", name=name)


def _parse(text: str) -> Any:
    try:
        return load_json(text, parse_constant=_refuse_constant)
    except SaveError:
        raise
    except json.JSONDecodeError as err:
        raise SaveError(f"damaged save: not valid JSON (line {err.lineno})", "json", line=err.lineno) from None
    except TooDeep:
        raise SaveError("damaged save: nested too deeply", "nested") from None
    except ValueError:  # the parser's limit on digits: no save holds such a number
        raise SaveError("damaged save: a number too long to read", "long_number") from None


# -- finding saves -------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    """One file of the save folder: its save, or why it cannot be read."""

    path: Path
    mtime: float
    saved: Saved | None = None
    problem: str = ""
    unreadable: OSError | None = None  # the file could not be read at all (then it is not called damaged)
    error: SaveError | None = None  # why it is no save (``problem`` is its English)



def scan_saves(directory: Path) -> list[Found]:
    """Every ``*.json`` file of the save folder, newest first, read (or refused)."""
    try:
        paths = [directory / e.name for e in os.scandir(directory) if e.name.endswith(".json")]
    except OSError:
        return []
    found: list[Found] = []
    for path in paths:
        try:
            mtime = path.stat().st_mtime
        except OSError as err:
            found.append(Found(path, 0.0, problem=f"cannot read the file ({err.strerror or err})", unreadable=err))
            continue
        try:
            found.append(Found(path, mtime, saved=read_save(path)))
        except SaveUnreadable as err:
            found.append(Found(path, mtime, problem=str(err), unreadable=err.error, error=err))
        except SaveError as err:
            found.append(Found(path, mtime, problem=str(err), error=err))
    found.sort(key=lambda f: f.mtime, reverse=True)
    return found


def unfinished_saves(directory: Path) -> tuple[list[Found], list[Found]]:
    """The unfinished games, newest first, and the files that are no save or could not be read."""
    found = scan_saves(directory)
    games = [f for f in found if f.saved is not None and not f.saved.finished]
    damaged = [f for f in found if f.saved is None]
    return games, damaged


def is_busy(path: Path) -> bool:
    """Whether another process has this save open."""
    lock = SaveLock(path)
    try:
        lock.acquire()
    except SaveBusy:
        return orphan_holder(lock.sidecar) is None  # a game whose terminal has gone gives way to resume
    except OSError:
        return False
    lock.release()
    return False


def _or(words: tuple[str, ...]) -> str:
    """``"a, b or c"``."""
    return ", ".join(words[:-1]) + " or " + words[-1]
