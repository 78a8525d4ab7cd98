"""The game where Python runs: what Windows and macOS lack (``fcntl``, ``SIGHUP``, ``SIGKILL``, ``/proc``,
``os.getuid``, renaming an open file), each taken away here, and the game still opens, locks and saves.
"""

from __future__ import annotations

import errno
import fcntl
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import Keys
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from abluxxen import Event, Match, Rules
from abluxxen.cli.main import main
from abluxxen.engine.events import START
from abluxxen.store import os_lock, save_lock
from abluxxen.store.records import open_records
from abluxxen.store.records_db import records_path
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.save_lock import SaveBusy, SaveLock
from abluxxen.store.saves import read_save
from abluxxen.table.room import Room
from abluxxen.table.table import Player
from abluxxen.tui.local import play_here


class FakeMsvcrt:
    """Windows's ``msvcrt.locking`` as Windows answers it, over this system's own lock: a byte range from
    where the file stands, refused with EACCES while another open file holds it."""

    LK_UNLCK, LK_NBLCK = 0, 2

    def __init__(self) -> None:
        self.calls: list[tuple[int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        self.calls.append((os.lseek(fd, 0, os.SEEK_CUR), nbytes))
        if mode == self.LK_UNLCK:
            fcntl.flock(fd, fcntl.LOCK_UN)
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise PermissionError(errno.EACCES, "Permission denied") from None


class BotHands(Room):
    """Every seat's decisions made by an easy bot, so that a whole game plays without typing it."""

    def player(self, seat: int) -> Player:
        return self.table.bot(seat, "easy")


class SecondTerminal(Keys):
    """The keys typed at the table; before each line, a second terminal tries to open the same save."""

    def __init__(self, keys: str, path: Path) -> None:
        super().__init__(keys)
        self.path = path
        self.refused: list[bool] = []

    async def read_line(self) -> str | None:
        try:
            SaveLock(self.path).acquire().release()
            self.refused.append(False)
        except SaveBusy:
            self.refused.append(True)
        return await super().read_line()


def _saved(bots: int = 0) -> Saved:
    names = ["Ann", "Ada", "Bix"]
    seats = [Seat(n) for n in names[:3 - bots]] + [Seat(n, "easy") for n in names[3 - bots:]]
    match = Match(Rules(3), games=1, seed=5, names=names)
    return Saved(match=match, seats=seats, lang="en", delay=0.0, log=[Event(START, 0, source="1")])


def _play(saved: Saved, path: Path, typed: Keys, room_kind: type[Room] = Room) -> int:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        return play_here(saved, path, lines=typed, room_kind=room_kind)


@pytest.fixture
def windows_locks(monkeypatch: pytest.MonkeyPatch) -> FakeMsvcrt:
    """No ``fcntl``, and Windows's ``msvcrt`` in its place."""
    fake = FakeMsvcrt()
    monkeypatch.setattr(os_lock, "fcntl", None)
    monkeypatch.setattr(os_lock, "msvcrt", fake)
    return fake


def test_without_fcntl_an_open_game_is_locked_with_windows_own_call(
        tmp_path: Path, windows_locks: FakeMsvcrt, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    typed = SecondTerminal("quit\ry\r", path)
    assert _play(_saved(), path, typed) == 0
    assert typed.refused and all(typed.refused)  # a second terminal never got the open game
    assert windows_locks.calls and all(call == (0, 1) for call in windows_locks.calls)  # its first byte
    assert read_save(path).match.game.to_json() == _saved().match.game.to_json()  # saved, and it reads
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no lock file is left
    held = SaveLock(path).acquire()  # held as by a game in another terminal: resume says so
    try:
        assert main(["resume", str(path), "--lang", "en"]) == 1
        assert "the game is open in another terminal" in capsys.readouterr().err
    finally:
        held.release()


def test_with_all_windows_lacks_taken_away_a_game_opens_locks_saves_and_resumes(
        tmp_path: Path, windows_locks: FakeMsvcrt, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SIGHUP", "SIGKILL"):
        monkeypatch.delattr(signal, name)
    monkeypatch.delattr(os, "getuid")
    monkeypatch.setattr(save_lock, "PROC", tmp_path / "no-proc")
    path = tmp_path / "game.json"
    typed = SecondTerminal("quit\ry\r", path)
    assert _play(_saved(), path, typed) == 0
    assert typed.refused and all(typed.refused)
    again = SecondTerminal("quit\ry\r", path)
    assert _play(read_save(path), path, again) == 0  # and it opens again where it was left
    assert again.refused and all(again.refused)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_lock_file_windows_will_not_remove_while_open_goes_once_closed(
        tmp_path: Path, windows_locks: FakeMsvcrt, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    held = SaveLock(path).acquire()
    real_unlink = Path.unlink
    refused: list[Path] = []

    def windows_unlink(self: Path, missing_ok: bool = False) -> None:
        if self == held.sidecar and not refused:  # the first try is made while it is open
            refused.append(self)
            raise PermissionError(errno.EACCES, "The process cannot access the file")
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", windows_unlink)
    held.release()
    assert refused and not held.sidecar.exists()
    SaveLock(path).acquire().release()  # and the save is free


def test_a_save_is_renamed_into_place_only_once_closed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Windows renames no open file: a save written and renamed while still open never got there.
    real_replace = os.replace

    def windows_replace(src: Any, dst: Any) -> None:
        target = os.path.realpath(src)
        for fd in os.listdir("/proc/self/fd"):
            try:
                if os.readlink(f"/proc/self/fd/{fd}") == target:
                    raise PermissionError(errno.EACCES, "The process cannot access the file", str(src))
            except FileNotFoundError:
                continue
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", windows_replace)
    path = tmp_path / "game.json"
    assert _play(_saved(), path, Keys("quit\ry\r")) == 0
    assert read_save(path).match.game.to_json() == _saved().match.game.to_json()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "abluxxen: This system has no file locks: open this game in one terminal only.\n"),
    ("de", "abluxxen: System ohne Dateisperren: Öffne diese Partie nur in einem Terminal.\n")])
def test_with_no_lock_at_all_the_game_says_so_and_still_opens_and_saves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str,
        said: str) -> None:
    monkeypatch.setattr(os_lock, "fcntl", None)
    monkeypatch.setattr(os_lock, "msvcrt", None)
    path = tmp_path / "game.json"
    saved = _saved()
    saved.lang = lang
    capsys.readouterr()
    assert _play(saved, path, Keys("quit\ry\r" if lang == "en" else "quit\rj\r")) == 0
    assert capsys.readouterr().err == said  # before the game's screen: nothing keeps it from a second terminal
    assert read_save(path).match.game.to_json() == _saved().match.game.to_json()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_with_locks_the_game_says_nothing_of_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert _play(_saved(), tmp_path / "game.json", Keys("quit\ry\r")) == 0
    assert capsys.readouterr().err == ""


def test_without_proc_a_held_save_is_busy_at_once_and_nobody_is_stopped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # macOS has no /proc: a game whose terminal has gone is not told from one still played there.
    monkeypatch.setattr(save_lock, "PROC", tmp_path / "no-proc")
    path = tmp_path / "game.json"
    held = SaveLock(path).acquire()
    try:
        assert save_lock.orphan_holder(held.sidecar) is None
        assert save_lock.is_busy(path)
        with pytest.raises(SaveBusy):
            SaveLock(path).acquire(orphans=True)
    finally:
        held.release()
    assert not save_lock.is_busy(path)


def test_without_sighup_and_sigkill_a_game_whose_terminal_has_gone_is_stopped_with_sigterm(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stuck = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        with monkeypatch.context() as windows:
            windows.delattr(signal, "SIGHUP")
            windows.delattr(signal, "SIGKILL")
            windows.setattr(save_lock, "orphan_holder", lambda _: stuck.pid if stuck.poll() is None else None)
            assert save_lock.end_orphan(tmp_path / ".game.json.lock")
        assert stuck.wait(timeout=10) == -signal.SIGTERM
    finally:
        stuck.kill()
        stuck.wait()


def test_a_game_is_recorded_where_files_have_no_owner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    open_records().reveal_seeds("none", 1)  # records made readable to all, as an older version left them
    records_path().chmod(0o644)
    monkeypatch.delattr(os, "getuid")  # Windows
    path = tmp_path / "game.json"
    assert _play(_saved(bots=3), path, Keys("n\r"), BotHands) == 0
    with open_records() as records:
        assert records.count() == 1
