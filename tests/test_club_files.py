"""The club's and the host's own files: the key, the log, ``club.json``, one club to a data folder.

Whatever a disk or a person left in the data folder (a link to nothing, a
device, a named pipe, a file nested without end) is refused in one line,
never a traceback, a hang or all the memory there is.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import resource
import signal
import sqlite3
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from clubbing import ANN, as_before_the_database, clubbed, enter, kept_state
from helpers import named
from hosting import WAIT
from waiting import alive, until

from abluxxen.club.lobby import Club
from abluxxen.club.registry import MAX_CLUB_FILE, RegistryError
from abluxxen.club.settings import Settings
from abluxxen.club.state import STATE_FILE
from abluxxen.club.visitors import Visitor
from abluxxen.club.workers import Workers
from abluxxen.host import log as log_module
from abluxxen.host.log import log, open_log
from abluxxen.host.start import HostError, resumed_hosting
from abluxxen.i18n.tr import Tr
from abluxxen.store.accounts import AccountsError, open_accounts
from abluxxen.store.backup import back_up

#: A command's run before it refuses: much longer than it takes, much shorter than a hang.
WITHIN = 30.0
#: Memory a command may take (a key read from /dev/zero would take all there is).
MEMORY = 1024 * 1024 * 1024

COMMANDS = {
    "club": ["club", "--port", "0", "--bind", "127.0.0.1"],
    "host": ["host", "--players", "Ann,Ben", "--serve", "--port", "0", "--delay", "0"],
}


def _small() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def refused(command: str, data: Path, lang: str = "en") -> tuple[int, str]:
    """``abluxxen COMMAND`` on the data folder ``data``: its exit status and what it said (it must end by
    itself, within its memory)."""
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(data), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    try:
        done = subprocess.run([sys.executable, "-m", "abluxxen", *COMMANDS[command], "--lang", lang], env=env,
                              capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=WITHIN,
                              preexec_fn=_small)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"abluxxen {command} hung") from None
    return done.returncode, done.stderr


def _dangling(path: Path) -> None:
    path.symlink_to(path.parent / "gone")


def _zeros(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _pipe(path: Path) -> None:
    os.mkfifo(path)


def _null(path: Path) -> None:
    path.symlink_to("/dev/null")


@pytest.mark.parametrize("command", ["club", "host"])
@pytest.mark.parametrize(("make", "why"), [(_dangling, "a link to nothing"), (_zeros, "not a regular file"),
                                           (_pipe, "not a regular file")], ids=["dangling link", "/dev/zero", "fifo"])
def test_a_host_key_that_is_no_key_file_is_refused_in_one_line(tmp_path: Path, command: str, make: object,
                                                               why: str) -> None:
    assert callable(make)
    make(tmp_path / "host_key")
    status, said = refused(command, tmp_path)
    assert status == 2, said
    assert said.count("\n") == 1 and "host_key" in said and why in said and "Traceback" not in said, said


@pytest.mark.parametrize("command", ["club", "host"])
@pytest.mark.parametrize("make", [_pipe, _null], ids=["fifo", "link to /dev/null"])
def test_a_host_log_that_is_no_regular_file_is_refused_in_one_line(tmp_path: Path, command: str,
                                                                  make: object) -> None:
    assert callable(make)
    make(tmp_path / "host.log")
    status, said = refused(command, tmp_path)
    assert status == 1, said
    assert said.count("\n") == 1 and "host.log" in said and "not a regular file" in said, said


def _linked(path: Path, target: Path) -> None:
    """A link at ``path`` to ``target`` (made first as a file when it is to be one: ``target.name`` "file")."""
    if target.name == "file":
        target.write_text("someone else's\n")
    path.symlink_to(target)


@pytest.mark.parametrize("command", ["club", "host"])
@pytest.mark.parametrize(("to", "why"), [("gone", "a link to nothing"),
                                         ("file", "a link, which the game never writes through")],
                         ids=["dangling link", "link to a file"])
def test_a_host_log_that_is_a_link_is_refused_in_one_line_and_nothing_is_written_where_it_leads(
        tmp_path: Path, command: str, to: str, why: str) -> None:
    # Run as root, a club once made /nonexistent and logged there: a link is never followed to write.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    data = tmp_path / "data"
    data.mkdir()
    _linked(data / "host.log", elsewhere / to)
    before = {p.name: p.read_bytes() for p in elsewhere.iterdir()}
    status, said = refused(command, data)
    assert status == 1, said
    assert said.count("\n") == 1 and "host.log" in said and why in said, said
    assert {p.name: p.read_bytes() for p in elsewhere.iterdir()} == before  # nothing made, nothing written there
    assert (data / "host.log").is_symlink()


def test_a_club_lock_that_is_a_link_is_refused_and_nothing_is_made_where_it_leads(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    data = tmp_path / "data"
    (data / "club").mkdir(parents=True)
    _linked(data / "club" / "club.lock", elsewhere / "gone")
    status, said = refused("club", data)
    assert status == 1 and said.count("\n") == 1 and "club.lock" in said and "a link to nothing" in said, said
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("to", ["gone", "file"], ids=["dangling link", "link to a file"])
@pytest.mark.parametrize("name", ["club.sqlite3", "club.sqlite3-journal", "club.sqlite3-wal"])
def test_accounts_whose_file_is_a_link_are_refused_and_nothing_is_made_where_it_leads(
        tmp_path: Path, name: str, to: str) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    data = tmp_path / "data"
    data.mkdir()
    _linked(data / name, elsewhere / to)
    before = {p.name: p.read_bytes() for p in elsewhere.iterdir()}
    accounts = open_accounts(data)
    try:
        with pytest.raises(AccountsError, match=f"{name} is a link"):
            accounts.claim("Ann", "SHA256:ann")
    finally:
        accounts.close()
    assert {p.name: p.read_bytes() for p in elsewhere.iterdir()} == before


def test_a_host_key_that_is_no_key_file_is_refused_in_german(tmp_path: Path) -> None:
    _zeros(tmp_path / "host_key")
    status, said = refused("club", tmp_path, "de")
    assert status == 2 and "Host-Schlüssel" in said and "keine gewöhnliche Datei" in said, said


def test_a_host_log_that_is_no_regular_file_is_refused_in_german(tmp_path: Path) -> None:
    _pipe(tmp_path / "host.log")
    status, said = refused("club", tmp_path, "de")
    assert status == 1 and "Protokoll" in said and "keine gewöhnliche Datei" in said, said


DEEP = "[" * 100_000 + "]" * 100_000


async def _open_club(directory: Path, **options: object) -> tuple[Club, Workers]:
    """A club kept in ``directory``, its tables served in its own process as a worker serves them."""
    workers = Workers(0)
    await workers.start()
    return Club(directory, open_accounts(directory), delay=0, elsewhere=workers, **options), workers  # type: ignore[arg-type]


async def _close_club(club: Club, workers: Workers) -> None:
    club.stop()
    await workers.ended()
    club.accounts.close()


def _club_with_a_table(directory: Path) -> str:
    """A club whose table 2 plays (Ann and a bot, a turn clock of 60 s, no guests), stopped; its save's name."""
    async def first() -> None:
        club, workers = await _open_club(directory)
        ann = Visitor("Ann", "SHA256:ann")
        club.come(ann)
        club.open_table(ann, Settings(seats=3))  # table 1, given up: table 2 plays
        club.leave(ann)
        club.open_table(ann, Settings(seats=2, bots=1, clock=60, guests=False))
        await _close_club(club, workers)

    asyncio.run(first())
    (save,) = [table["save"] for table in kept_state(directory)["tables"]]
    return str(save)


def _cut_short(path: Path) -> None:
    text = path.read_bytes()
    path.write_bytes(text[:len(text) // 2])


def _too_big(path: Path) -> None:
    path.write_bytes(b" " * (MAX_CLUB_FILE + 1))  # a registry read without end would take all the memory there is


def _no_registry(path: Path) -> None:
    path.write_text('{"tables": 7}')


def _nested(path: Path) -> None:
    path.write_text(DEEP)


def _moved_to_zeros(path: Path) -> None:
    path.unlink()
    _zeros(path)


def _moved_to_pipe(path: Path) -> None:
    path.unlink()
    _pipe(path)


def _garbage(path: Path) -> None:
    path.write_bytes(bytes(range(256)) * 64)


def _strangers(path: Path) -> None:
    path.unlink()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE tables (number INTEGER)")  # its names are the club's, but it is not the club's
    db.commit()
    db.close()


def _moved_to_a_folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


def _linked_elsewhere(path: Path) -> None:
    elsewhere = path.parent / "elsewhere"
    elsewhere.mkdir()
    path.rename(elsewhere / path.name)  # a whole database, but a link the club would write through
    path.symlink_to(elsewhere / path.name)


DAMAGE = {"cut short": _cut_short, "nested 100,000 deep": _nested, "/dev/zero": _moved_to_zeros,
          "fifo": _moved_to_pipe, "over 1 MiB": _too_big, "no list of tables": _no_registry}
DAMAGED_DATABASE = {"cut in half": _cut_short, "garbage": _garbage, "/dev/zero": _moved_to_zeros,
                    "fifo": _moved_to_pipe, "a folder": _moved_to_a_folder, "a stranger's database": _strangers,
                    "a link to a database elsewhere": _linked_elsewhere}


def _rebuilt(directory: Path, save: str) -> None:
    """A club started on ``directory`` finds its table 2 again from its save alone, and names it anew in a
    new database."""
    async def again() -> None:
        club, workers = await _open_club(directory)
        try:
            assert club.resume() == []  # never a traceback, a hang or all the memory there is
            assert club.rebuilt is not None and club.rebuilt.tables == 1
            table = club.tables[2]  # its number, settings and owner as its save keeps them
            assert table.settings == Settings(seats=2, bots=1, clock=60, guests=False) and table.opener == "Ann"
            assert table.owners == {"ann": "SHA256:ann"} and table.room is not None
            assert club.orphans == [] and club.next_number == 3
        finally:
            await _close_club(club, workers)

    asyncio.run(again())
    assert not (directory / "orphans").exists() and (directory / save).exists()
    assert [t["save"] for t in kept_state(directory)["tables"]] == [save]  # named again


def _as_it_was(path: Path) -> tuple[int, bytes | None]:
    """What is at ``path``: its kind, and its bytes (a regular file's)."""
    return os.lstat(path).st_mode, path.read_bytes() if path.is_file() and not path.is_symlink() else None


@pytest.mark.parametrize("damage", list(DAMAGED_DATABASE))
def test_a_damaged_database_is_set_aside_never_written_over_and_its_tables_are_rebuilt_from_their_saves(
        tmp_path: Path, damage: str) -> None:
    save = _club_with_a_table(tmp_path)
    state = tmp_path / STATE_FILE
    DAMAGED_DATABASE[damage](state)
    before = _as_it_was(state)
    elsewhere = (tmp_path / "elsewhere" / STATE_FILE).read_bytes() if damage.startswith("a link") else None
    _rebuilt(tmp_path, save)
    (aside,) = tmp_path.glob(f"{STATE_FILE}.damaged-*[0-9]")
    assert _as_it_was(aside) == before  # the very file, set aside
    if elsewhere is not None:  # nothing written where the link leads
        assert (tmp_path / "elsewhere" / STATE_FILE).read_bytes() == elsewhere


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_club_json_of_a_club_from_before_its_database_is_set_aside_and_its_tables_are_rebuilt(
        tmp_path: Path, damage: str) -> None:
    save = _club_with_a_table(tmp_path)
    as_before_the_database(tmp_path)
    registry = tmp_path / "club.json"
    DAMAGE[damage](registry)
    before = _as_it_was(registry)
    _rebuilt(tmp_path, save)
    (aside,) = tmp_path.glob("club.json.damaged-*")
    assert _as_it_was(aside) == before  # the very file, set aside: never written over


def test_a_backup_copies_a_club_json_nested_without_end_as_it_is_for_the_club_to_rebuild_from(
        tmp_path: Path) -> None:
    save = _club_with_a_table(tmp_path / "club")
    as_before_the_database(tmp_path / "club")
    _nested(tmp_path / "club" / "club.json")
    done = back_up(tmp_path, tmp_path / "copy")  # a RecursionError's traceback, before
    assert done.saves == 1 and (tmp_path / "copy" / "club" / "club.json").read_text() == DEEP
    assert (tmp_path / "copy" / "club" / save).read_bytes() == (tmp_path / "club" / save).read_bytes()


def test_a_backup_copies_a_damaged_database_as_it_is_for_the_club_to_rebuild_from(tmp_path: Path) -> None:
    save = _club_with_a_table(tmp_path / "club")
    _garbage(tmp_path / "club" / STATE_FILE)
    done = back_up(tmp_path, tmp_path / "copy")
    assert done.saves == 1 and done.tables == 0
    assert (tmp_path / "copy" / "club" / STATE_FILE).read_bytes() == (tmp_path / "club" / STATE_FILE).read_bytes()
    _rebuilt(tmp_path / "copy" / "club", save)


def test_a_save_from_before_saves_named_their_table_is_rebuilt_from_its_match(tmp_path: Path) -> None:
    save = tmp_path / _club_with_a_table(tmp_path)
    doc = json.loads(save.read_text())
    del doc["club"]  # as every save was before
    save.write_text(json.dumps(doc))
    _cut_short(tmp_path / STATE_FILE)

    async def again() -> None:
        club, workers = await _open_club(tmp_path)
        try:
            assert club.resume() == []
            (table,) = club.tables.values()
            assert table.number == 1 and table.opener == "Ann" and table.owners == {"ann": "SHA256:ann"}
            assert table.settings == Settings(seats=2, bots=1)  # what its match says; no clock, guests welcome
        finally:
            await _close_club(club, workers)

    asyncio.run(again())


@pytest.mark.parametrize("name", ["club.json", STATE_FILE])
def test_a_damaged_registry_that_cannot_be_set_aside_stops_the_club_from_starting_and_stays_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    _club_with_a_table(tmp_path)
    if name == "club.json":
        as_before_the_database(tmp_path)
    registry = tmp_path / name
    _cut_short(registry)
    damaged = registry.read_bytes()

    def refused(source: object, target: object) -> None:
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(os, "rename", refused)

    async def again() -> None:
        club, workers = await _open_club(tmp_path)
        try:
            with pytest.raises(RegistryError) as caught:
                club.resume()
            assert caught.value.told(Tr("en")) == "permission denied"
        finally:
            await _close_club(club, workers)

    asyncio.run(again())
    assert registry.read_bytes() == damaged and not (tmp_path / "orphans").exists()


def _refusal(directory: Path) -> str:
    """Why a club started on ``directory`` does not start (it must not), in English."""
    async def again() -> str:
        club, workers = await _open_club(directory)
        try:
            with pytest.raises(RegistryError) as caught:
                club.resume()
            return caught.value.told(Tr("en"))
        finally:
            await _close_club(club, workers)

    return asyncio.run(again())


def test_a_database_of_a_newer_abluxxen_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    _club_with_a_table(tmp_path)
    state = tmp_path / STATE_FILE
    db = sqlite3.connect(state)
    db.execute("PRAGMA user_version = 99")
    db.close()
    before = state.read_bytes()
    assert _refusal(tmp_path) == "a newer abluxxen wrote it: start that one, or update this one"
    assert state.read_bytes() == before and not list(tmp_path.glob(f"{STATE_FILE}.damaged-*"))


def test_a_database_that_cannot_be_read_now_is_refused_and_left_as_it_was(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    _club_with_a_table(tmp_path)
    state = tmp_path / STATE_FILE
    before = state.read_bytes()
    connect = sqlite3.connect

    def unreadable(*args: object, **kwargs: object) -> sqlite3.Connection:
        refusal = sqlite3.OperationalError("unable to open database file")
        refusal.sqlite_errorcode = 14  # SQLITE_CANTOPEN: what a file the club may not read says (as root, too)
        raise refusal
    monkeypatch.setattr(sqlite3, "connect", unreadable)
    try:
        assert _refusal(tmp_path) == "permission denied"
    finally:
        monkeypatch.setattr(sqlite3, "connect", connect)
    assert state.read_bytes() == before and not list(tmp_path.glob(f"{STATE_FILE}.damaged-*"))


def test_a_hosted_marker_nested_without_end_is_damaged(tmp_path: Path) -> None:
    (tmp_path / ".hosted").write_text(DEEP)
    with pytest.raises(HostError) as caught:
        resumed_hosting(argparse.Namespace(), tmp_path, Tr("en"))
    assert caught.value.key == "host.cannot_damaged_marker"


# -- the log ------------------------------------------------------------------------------------------------


@pytest.fixture
def logs() -> Iterator[None]:
    """The test's log goes with the test."""
    yield
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, logging.FileHandler)]:
        root.removeHandler(handler)
        handler.close()


def test_the_log_stays_owner_only_after_it_is_rotated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      logs: None) -> None:
    monkeypatch.setattr(log_module, "LOG_BYTES", 2000)
    umask = os.umask(0o022)
    try:
        path = open_log(tmp_path)
        for n in range(100):
            log.info("A line of the log, long enough to have it rotated soon: %s", "x" * n)
    finally:
        os.umask(umask)
    assert (tmp_path / "host.log.1").exists()
    for rotated in (path, tmp_path / "host.log.1"):
        assert oct(rotated.stat().st_mode & 0o777) == "0o600", rotated


def test_a_flood_of_closed_connections_is_counted_and_leaves_logins_bans_and_failures_in_the_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, logs: None) -> None:
    # A slowloris makes about 180 lines a second; six minutes of them (over 5 MB) would rotate every login,
    # ban and failure out of the log (1 MB and three old ones) unless repeated lines are only counted.
    now = [1000.0]
    monkeypatch.setattr(log_module, "time", types.SimpleNamespace(monotonic=lambda: now[0], time=time.time),
                        raising=False)
    open_log(tmp_path)
    log.info("Accepted publickey for %s from %s %s", "ben", "198.51.100.4 port 40000", "SHA256:abc")
    log.info("%s", "Ann banned eve")
    flood = 180 * 60 * 6
    for n in range(flood):
        if n == flood // 2:
            log.info("Failed code for %s from %s", "cy", "192.0.2.9 port 5000")
        log.info("Closed connection from %s (%s)", f"203.0.113.{n % 250} port {1024 + n % 60000}", "silent")
        now[0] += 1 / 180
    now[0] += 60  # the last minute's count is written with the next line after it
    log.info("Accepted publickey for %s from %s %s", "ann", "198.51.100.5 port 40001", "SHA256:def")
    logging.getLogger().handlers[-1].flush()
    text = "".join(p.read_text() for p in sorted(tmp_path.glob("host.log*")))
    for line in ("Accepted publickey for ben from 198.51.100.4 port 40000", "Ann banned eve",
                 "Failed code for cy from 192.0.2.9 port 5000", "Accepted publickey for ann"):
        assert line in text
    counts = [int(n) for n in re.findall(r"Repeated (\d+) more times in the last 60 s: Closed connection from", text)]
    whole = text.count("]: Closed connection from")
    assert len(counts) == 6 and whole == 20 * 6 and sum(counts) + whole == flood


async def logged(path: Path, wanted: str) -> str:
    """Wait until the log ``path`` (the file of that name now) holds ``wanted``; the log."""
    await until(lambda: wanted in path.read_text(), f"{wanted!r} in {path}", WAIT, every=0.05,
                shown=lambda: f"the log:\n{path.read_text()[-2000:]}")
    return path.read_text()


def test_a_workers_log_lines_reach_the_clubs_log_after_it_was_rotated(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, logs: None) -> None:
    # Only the club's process writes host.log, and rotates it: a worker that wrote the file itself would go
    # on writing the renamed file (then a removed one), and its errors would be lost to the club's owner.
    # (A worker's own lines: this test is for a club with workers only.)
    monkeypatch.setattr(log_module, "LOG_BYTES", 20_000)
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(tmp_path))  # the club's data folder, its workers' too
    path = open_log(tmp_path)

    async def test(club: Club, port: int) -> None:
        workers = club.elsewhere
        assert isinstance(workers, Workers)
        worker = workers.workers[0]
        pid = worker.pid
        await logged(path, f"abluxxen-host[{pid}]: Club worker {pid} started")
        for n in range(400):
            log.info("The club goes on: %s", "x" * n)
        assert (tmp_path / "host.log.1").exists()
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 bots 1")
        await ann.sees("What happened")
        pids.append(pid)

    pids: list[int] = []
    clubbed(tmp_path / "club", test, workers=1)
    (pid,) = pids
    assert f"abluxxen-host[{pid}]: Club worker {pid} stops with the club (tables playing: 1)" in path.read_text()


# -- one club to a data folder ------------------------------------------------------------------------------


def start_club(data: Path) -> tuple[subprocess.Popen[str], int]:
    """``abluxxen club`` on the data folder ``data`` (one worker: a table would play there), and its port."""
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(data), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    club = subprocess.Popen([sys.executable, "-m", "abluxxen", "club", "--port", "0", "--bind", "127.0.0.1",
                             "--workers", "1", "--lang", "en"], env=env, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    assert club.stdout is not None
    found = re.search(r"ssh -p (\d+) NAME@", club.stdout.readline())
    if not found:
        club.kill()
        raise AssertionError(club.stderr.read() if club.stderr else "the club printed no ssh line")
    return club, int(found.group(1))


def test_a_second_club_on_the_same_data_folder_is_refused_naming_the_first_and_a_killed_one_blocks_nothing(
        tmp_path: Path) -> None:
    first, port = start_club(tmp_path)
    again = None
    try:
        status, said = refused("club", tmp_path)
        assert status == 1, said
        assert said == (f"abluxxen club: error: another club runs on this data folder (pid {first.pid}, port "
                        f"{port}); stop it first\n"), said
        first.send_signal(signal.SIGKILL)  # a crash: its lock file stays behind, nobody holds it
        first.wait(timeout=WAIT)
        assert (tmp_path / "club" / "club.lock").exists()
        again, _ = start_club(tmp_path)
    finally:
        for club in (first, again):
            if club is not None and club.poll() is None:
                club.terminate()
                club.wait(timeout=WAIT)


# -- a club killed ------------------------------------------------------------------------------------------

#: How soon a worker leaves once its club is gone (it took 5 s and more, waiting for screens nobody sees).
WORKER_LEAVES = 1.5


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a club's workers are processes where there are forks")
def test_a_club_killed_outright_leaves_no_worker_behind(tmp_path: Path) -> None:
    # Its tables are safe: every move is saved as it is made (a restart resumes them, as after any crash).
    club, port = start_club(tmp_path)

    async def kill_under_ann() -> None:
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 bots 1")  # it plays in the worker, Ann's screen drawn there
        await ann.sees("What happened")
        found = re.search(r"Club worker (\d+) started", (tmp_path / "host.log").read_text())
        assert found, "no worker started"
        worker = int(found.group(1))
        club.send_signal(signal.SIGKILL)  # Ann still at her table
        await asyncio.to_thread(club.wait, WAIT)
        await until(lambda: not alive(worker), "the worker to leave with its club", WORKER_LEAVES, every=0.02)
        ann.close()

    try:
        asyncio.run(kill_under_ann())
    finally:
        if club.poll() is None:
            club.kill()
            club.wait(timeout=WAIT)


@pytest.mark.parametrize("name", ["club.json", STATE_FILE])
def test_the_operator_is_told_of_a_damaged_registry_in_one_line_on_the_console_and_in_the_log(tmp_path: Path,
                                                                                              name: str) -> None:
    save = _club_with_a_table(tmp_path / "club")
    if name == "club.json":
        as_before_the_database(tmp_path / "club")
    _moved_to_pipe(tmp_path / "club" / name)
    club, _ = start_club(tmp_path)  # it opens: a pipe in the registry's place is never waited on
    club.terminate()
    club.wait(timeout=WAIT)
    assert club.stderr is not None
    said = club.stderr.read()
    (aside,) = (tmp_path / "club").glob(f"{name}.damaged-*")
    line = (f"{name} was damaged, not a regular file (a pipe or a device): set aside as {aside.name}; 1 table "
            "rebuilt from its save.")
    assert said == f"abluxxen club: {line}\n", said
    assert f"]: {line}\n" in (tmp_path / "host.log").read_text()
    assert (tmp_path / "club" / save).exists() and not (tmp_path / "club" / "orphans").exists()


@pytest.mark.parametrize("name", ["club.json", STATE_FILE])
def test_a_club_that_cannot_set_its_damaged_registry_aside_refuses_to_start_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    _club_with_a_table(tmp_path / "club")
    if name == "club.json":
        as_before_the_database(tmp_path / "club")
    registry = tmp_path / "club" / name
    _cut_short(registry)
    damaged = registry.read_bytes()
    site = tmp_path / "site"  # the club's process, and it alone, may rename nothing called so
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        "import os\n"
        "_rename = os.rename\n"
        "def _refused(source, target, *args, **kwargs):\n"
        f"    if os.fspath(source).endswith({name!r}):\n"
        "        raise PermissionError(13, 'Permission denied')\n"
        "    return _rename(source, target, *args, **kwargs)\n"
        "os.rename = _refused\n")
    monkeypatch.setenv("PYTHONPATH", str(site))
    status, said = refused("club", tmp_path)
    assert status == 1, said
    assert re.fullmatch(rf"abluxxen club: error: cannot read the club's tables in {named(registry)}: "
                        r"permission denied\n", said), said
    assert registry.read_bytes() == damaged and not (tmp_path / "club" / "orphans").exists()
