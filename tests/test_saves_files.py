"""Save files at a real table: one process per save, the truth about a failed autosave, odd files,
leftovers of a killed save, and ``resume --list`` / ``resume N``.

Terminal behaviour runs the real command in a pseudo-terminal (pexpect);
refusals that come before any screen run it as a plain subprocess.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from helpers import named, play_keys
from pty_screen import PtyScreen, asking, plain
from rich.cells import cell_len

from abluxxen import Event, Game, Match, Rules
from abluxxen.engine.events import START
from abluxxen.store import save_lock
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import LEFTOVER_AGE, new_save_path, read_save, write_save

pexpect = pytest.importorskip("pexpect")

TIMEOUT = float(os.environ.get("ABLUXXEN_TEST_TIMEOUT", "60"))
PLAY = ["play", "--players", "Ann,Ben,Cy", "--seed", "11", "--delay", "0", "--lang", "en"]
ANSI = re.compile(r"\x1b\[[0-9;?<=>]*[A-Za-z~]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\x1b[=>78]|\r")


def _env(data_dir: Path) -> dict[str, str]:
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(data_dir), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm-256color",
               LC_ALL="C.UTF-8", LANG="C.UTF-8")
    env.pop("NO_COLOR", None)
    return env


def _spawn(args: list[str], data_dir: Path) -> Any:
    return pexpect.spawn(sys.executable, ["-m", "abluxxen", *args], env=_env(data_dir), encoding="utf-8",
                         dimensions=(24, 80), timeout=TIMEOUT)


def _limit_memory() -> None:
    # A reader that slurps an endless device must fail here, not take the machine with it.
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def _run(args: list[str], data_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "abluxxen", *args], env=_env(data_dir), text=True,
                          capture_output=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL, preexec_fn=_limit_memory)


def _first_move(child: Any) -> None:
    """Ann takes the keyboard and plays her first legal move; the single draw is passed."""
    child.expect_exact("Pass to Ann — press Enter")
    child.send("\r")
    child.expect_exact("Ann ›")
    child.send(Game.new(Rules(3), seed=11).legal_moves()[0] + "\r")
    child.expect_exact("no abluxx this turn")
    child.send("p\r")
    child.expect_exact("Pass to Ben — press Enter")


def _saved(names: list[str], *, seed: int = 4, moves: int = 3, bots: int = 0, games: int = 1,
           rules: Rules | None = None) -> Saved:
    seats = [Seat(n) for n in names[:len(names) - bots]] + [Seat(n, "easy") for n in names[len(names) - bots:]]
    match = Match(rules or Rules(len(names)), games=games, seed=seed, names=names)
    saved = Saved(match=match, seats=seats, lang="en", delay=0.0, log=[Event(START, match.game.turn, source="1")])
    for _ in range(moves):
        saved.log += saved.transcript.push(match.game, match.game.legal_moves()[-1])
    return saved


# -- 13: one process per save ------------------------------------------------------------


@pytest.mark.slow
def test_a_second_terminal_is_refused_the_open_game_and_a_killed_one_leaves_no_lock(tmp_path: Path) -> None:
    child = _spawn(PLAY, tmp_path)
    _first_move(child)
    (path,) = tmp_path.glob("*.json")
    before = path.read_bytes()
    # The save and its folder named by their ends, cut to fit the line.
    busy = rf"abluxxen: Cannot resume {named(path)}: the game is open in another terminal\.\n"
    every = rf"abluxxen: Every unfinished game in {named(tmp_path)} is open in another terminal\.\n"
    for args, said in ((["resume", str(path)], busy), (["resume"], every), (["resume", "1"], busy)):
        second = _run([*args, "--lang", "en"], tmp_path)
        assert second.returncode == 1
        assert re.fullmatch(said, second.stderr), second.stderr
        assert path.read_bytes() == before, "the file is untouched"
    child.kill(signal.SIGKILL)  # a crash: no chance to let go of anything
    child.close()
    third = _spawn(["resume", str(path), "--lang", "en"], tmp_path)
    third.expect_exact("Pass to Ben — press Enter")  # the game goes on where it was
    third.send("\r")
    third.expect_exact("Ben ›")
    third.send("quit\r")
    third.expect_exact("[y/N]")
    third.send("y\r")
    third.expect(pexpect.EOF)
    third.close()
    assert third.exitstatus == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name], "no lock or temporary file is left"


def test_a_save_reached_through_a_link_is_the_same_save(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_save(path, _saved(["Ann", "Ben", "Cy"]))
    (tmp_path / "link.json").symlink_to(path)
    held = save_lock.SaveLock(tmp_path / "link.json").acquire()
    with pytest.raises(save_lock.SaveBusy):
        save_lock.SaveLock(path).acquire()
    held.release()
    save_lock.SaveLock(path).acquire().release()


@pytest.mark.parametrize("to", ["gone", "file"], ids=["dangling link", "link to a file"])
def test_a_link_in_a_lock_files_place_is_never_followed(tmp_path: Path, to: str) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    if to == "file":
        (elsewhere / to).write_text("someone else's\n")
    path = tmp_path / "game.json"
    write_save(path, _saved(["Ann", "Ben", "Cy"]))
    (tmp_path / ".game.json.lock").symlink_to(elsewhere / to)
    before = {p.name: p.read_bytes() for p in elsewhere.iterdir()}
    with pytest.raises(OSError):  # taken for a folder that takes no lock file: the game plays unlocked
        save_lock.SaveLock(path).acquire()
    assert {p.name: p.read_bytes() for p in elsewhere.iterdir()} == before


def test_a_save_written_where_a_link_is_replaces_the_link_and_not_what_it_leads_to(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("someone else's\n")
    path = tmp_path / "game.json"
    path.symlink_to(elsewhere)
    write_save(path, _saved(["Ann", "Ben", "Cy"]))
    assert not path.is_symlink() and read_save(path).seats[0].name == "Ann"
    assert elsewhere.read_text() == "someone else's\n"


def test_games_started_in_the_same_second_never_share_a_file(tmp_path: Path) -> None:
    with ThreadPoolExecutor(8) as pool:
        paths = list(pool.map(lambda _: new_save_path(tmp_path, ["Ann", "Ben", "Cy"]), range(40)))
    assert len(set(paths)) == 40
    assert len(list(tmp_path.glob("*.json"))) == 40


# -- 14: a failed autosave is never reported as saved ----------------------------------------------


def test_an_unwritable_save_folder_is_never_reported_as_saved(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    term = PtyScreen([*PLAY, "--save-dir", str(blocker / "saves")], tmp_path)
    term.until("Pass to Ann — press Enter")
    term.send("\r")
    table = term.until(asking("Ann"))
    assert "⚠ Not saved (not a folder): quitting now loses the latest moves." in table, "whole, not cut"
    term.send("quit\r")
    term.until("Quit? The latest moves could NOT be saved and will be lost. [y/N]")
    term.send("y\r")
    assert term.exit_status() == 1
    after = " ".join(plain(term.raw()).split())
    assert "Game saved" not in after and "resume" not in after
    assert "abluxxen: The game could NOT be saved (not a folder). abluxxen: No save of this game exists" in after


def _run_app(saved: Saved, path: Path, keys: str) -> tuple[int, list[str]]:
    return play_keys(saved, path, keys)


def test_a_full_disk_names_the_last_good_save_and_quits_with_status_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    saved = _saved(["Ann", "Ada", "Bix"], bots=2, moves=0)
    write_save(path, saved)
    good = path.read_bytes()

    def full(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tempfile, "mkstemp", full)
    status, screens = _run_app(read_save(path), path, "quit\ry\r")
    err = " ".join(capsys.readouterr().err.split())
    assert status == 1
    assert any("⚠ Not saved (the disk is full): quitting now loses the latest moves." in s
               for s in screens)
    assert re.search(r"abluxxen: The game could NOT be saved \(the disk is full\)\. abluxxen: The last good save is "
                     rf"{named(path)}\. abluxxen: `abluxxen resume` continues from there, without the latest moves\.",
                     err), err
    assert path.read_bytes() == good


def test_a_new_game_that_never_saved_names_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    def full(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tempfile, "mkstemp", full)
    path = new_save_path(tmp_path, ["Ann"])
    status, _ = _run_app(_saved(["Ann", "Ada", "Bix"], bots=2, moves=0), path, "quit\ry\r")
    captured = capsys.readouterr()
    assert status == 1 and "Game saved" not in captured.out
    assert "No save of this game exists" in captured.err and str(path) not in captured.err
    assert not path.exists(), "the empty file reserved for it is gone"


# -- 15: resume never crashes or hangs on odd files --------------------------------------------


def _odd(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / f"{kind}.json"
    if kind == "latin1":
        path.write_bytes(b'{"format": "abluxxen-tui/1", "seats": [{"name": "J\xf6rg"}]}')
    elif kind == "digits":
        path.write_text('{"format": "abluxxen-tui/1", "delay": ' + "9" * 5000 + "}")
    elif kind == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif kind == "nan":
        path.write_text('{"format": "abluxxen-tui/1", "delay": NaN}')
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "huge":
        with open(path, "wb") as f:
            f.truncate(300 * 1024 * 1024)  # sparse: no disk space used
    elif kind == "folder":
        path.mkdir()
    elif kind == "empty":
        path.write_text("")
    return path


ODD = {"latin1": "not UTF-8", "digits": "too long", "nested": "nested too deeply", "nan": "NaN",
       "fifo": "not a regular file", "device": "not a regular file", "huge": "too big", "folder": "a folder",
       "empty": "empty"}


@pytest.mark.parametrize("kind", ODD)
def test_resume_refuses_an_odd_file_in_one_line(tmp_path: Path, kind: str) -> None:
    path = _odd(tmp_path, kind)
    done = _run(["resume", str(path), "--lang", "en"], tmp_path)
    assert done.returncode == 1
    head = re.match(rf"abluxxen: Cannot resume {named(path)}: ", done.stderr)
    assert head and done.stderr.count("\n") == 1
    assert ODD[kind] in done.stderr[head.end():]


def test_resume_without_a_file_skips_odd_files_and_continues_the_newest_good_game(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    write_save(good, _saved(["Ann", "Ben", "Cy"]))
    os.utime(good, (1_000_000, 1_000_000))  # older than every odd file
    for kind in ODD:
        _odd(tmp_path, kind)
    child = _spawn(["resume", "--lang", "en"], tmp_path)
    child.expect_exact("Pass to")
    notices = ANSI.sub("", child.before)
    # The link to /dev/zero is no file of the folder (links are not listed): it is passed over in silence.
    assert notices.count("Skipped a damaged save") == len(ODD) - 1 and "device.json" not in notices
    child.kill(signal.SIGTERM)
    child.expect(pexpect.EOF)
    child.close()


# -- 19: leftovers of a killed save, the folder synced ----------------------------------------------


def test_leftover_temporary_files_are_removed_at_the_next_start_but_not_one_being_written(tmp_path: Path) -> None:
    killed = tmp_path / ".save-k1ll3d.tmp"
    killed.write_text('{"format": "abluxx')
    left = time.time() - LEFTOVER_AGE - 1  # a killed write's: left a while ago
    os.utime(killed, (left, left))
    busy = tmp_path / ".save-wr1t1ng.tmp"
    busy.write_text("")
    # Just made by a write that has not locked it yet (four games started at once: one's cleanup took
    # another's, whose save then failed, and that game left without one).
    fresh = tmp_path / ".save-fr3sh.tmp"
    fresh.write_text("")
    with open(busy) as writer:
        fcntl.flock(writer, fcntl.LOCK_EX)  # another process is writing this one right now
        path = tmp_path / "game.json"
        status, _ = _run_app(_saved(["Ann", "Ada", "Bix"], bots=2, moves=0), path, "quit\ry\r")
        assert status == 0
        assert not killed.exists() and busy.exists() and fresh.exists()
    assert read_save(path).match.game.to_json()


def test_the_folder_is_synced_after_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[bool] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.path.samestat(os.fstat(fd), os.stat(tmp_path)))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    write_save(tmp_path / "game.json", _saved(["Ann", "Ben", "Cy"]))
    assert synced == [False, True], "the file, then the folder holding the new name"


@pytest.mark.parametrize("args, words", [
    (["play", "--players", "Ann,Ben", "--delay", "nan"], "--delay"),
    (["play", "--players", "Ann,Ben", "--delay", "inf"], "--delay"),
    (["play", "--players", "Ann,Ben", "--delay", "-1"], "--delay"),
    (["resume", "--delay", "1e999"], "--delay"),
    (["simulate", "--seats", "hard,easy", "--games", "1", "--think", "nans"], "--think"),
    (["simulate", "--seats", "hard,easy", "--games", "1", "--think", "infs"], "--think"),
    (["simulate", "--seats", "hard,easy", "--games", "1", "--think", "-1"], "--think"),
])
def test_delay_and_think_refuse_nan_infinities_and_negatives_in_one_line(tmp_path: Path, args: list[str],
                                                                         words: str) -> None:
    done = _run(args, tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and words in done.stderr
    assert not list(tmp_path.iterdir()), "no game was started"


# -- 20: resume --list, resume N ------------------------------------------------------------------


def test_resume_list_numbers_the_unfinished_games_newest_first_within_80_columns(tmp_path: Path) -> None:
    long_names = ["Bartholomew", "Maximiliane", "Konstantin", "Wilhelmina", "Ada"]
    games = {
        "oldest.json": _saved(["Ann", "Ben", "Cy"], moves=2),
        "middle.json": _saved(long_names, moves=5, games=3, rules=Rules(5, "advanced")),
        "newest.json": _saved(["Zoë", "Ada"], bots=1, moves=1, rules=Rules(2)),
    }
    for age, (name, saved) in enumerate(games.items()):
        write_save(tmp_path / name, saved)
        os.utime(tmp_path / name, (1_700_000_000 + age * 3600, 1_700_000_000 + age * 3600))
    over = _saved(["Ann", "Ben", "Cy"], moves=0)
    while not over.match.game.is_over:
        over.transcript.push(over.match.game, over.match.game.legal_moves()[0])
    over.match.record()
    over.finished = True
    write_save(tmp_path / "finished.json", over)
    done = _run(["resume", "--list", "--lang", "en"], tmp_path)
    assert done.returncode == 0 and not done.stderr
    lines = done.stdout.rstrip("\n").split("\n")
    assert all(cell_len(line) <= 80 for line in lines)
    rows = [line for line in lines if re.match(r"\s*\d+\s", line)]
    assert len(rows) == 3, "the finished game is not listed"
    newest, middle, oldest = rows
    assert newest.split()[:4] == ["1", "Zoë,", "Ada", "⚙"] and "duel" in newest
    assert middle.split()[0] == "2" and "Bartholomew, Max" in middle and "…" in middle
    assert "advanced" in middle and "1/3" in middle
    turn = games["middle.json"].match.game.names[games["middle.json"].match.game.to_move or 0]
    assert f"  {turn}  " in middle
    assert oldest.split()[:4] == ["3", "Ann,", "Ben,", "Cy"] and "base game" in oldest
    assert re.search(r"  2  \d\d-\d\d \d\d:\d\d:\d\d$", oldest), "moves made, and when it was saved"
    assert "abluxxen resume N" in done.stdout
    child = _spawn(["resume", "2", "--lang", "en"], tmp_path)  # the five-player game
    child.expect_exact(f"Pass to {turn} — press Enter")
    child.kill(signal.SIGTERM)
    child.expect(pexpect.EOF)
    child.close()
    refused = _run(["resume", "4", "--lang", "en"], tmp_path)
    assert refused.returncode == 1
    assert refused.stderr == "abluxxen: There is no game 4: `abluxxen resume --list` shows 3.\n"


@pytest.mark.parametrize("lang, unreadable, damaged", [
    ("en", "Skipped a save that cannot be read: {path} (permission denied)", "Skipped a damaged save: {path} ("),
    ("de", "Nicht lesbaren Spielstand übersprungen: {path} (keine Berechtigung)",
     "Beschädigten Spielstand übersprungen: {path} ("),
])
def test_resume_list_tells_a_file_it_may_not_read_from_a_damaged_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str,
        unreadable: str, damaged: str) -> None:
    """Before, a save the system would not let it read (permission denied) was called damaged."""
    from abluxxen.cli.main import main

    write_save(tmp_path / "good.json", _saved(["Ann", "Ben", "Cy"]))
    write_save(tmp_path / "theirs.json", _saved(["Ann", "Ben", "Cy"]))
    (tmp_path / "spoilt.json").write_text('{"format": "abluxxen-tui/1"}')
    opened = os.open

    def refusing(path: Any, *args: Any, **kwargs: Any) -> int:
        if str(path).endswith("theirs.json"):  # (as root, chmod 000 would not keep it out)
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return opened(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    assert main(["resume", "--list", "--save-dir", str(tmp_path), "--lang", lang]) == 0
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    # Each file named by its end, cut to fit the line.
    unreadable, damaged = (re.escape(said).replace(r"\{path\}", "{path}") for said in (unreadable, damaged))
    assert any(re.fullmatch("abluxxen: " + unreadable.format(path=named(tmp_path / "theirs.json")), line)
               for line in lines), lines
    assert any(re.match("abluxxen: " + damaged.format(path=named(tmp_path / "spoilt.json")), line)
               for line in lines), lines
    assert len(lines) == 2 and "good" not in err
    assert len([line for line in out.splitlines() if re.match(r"\s*\d+\s", line)]) == 1


def test_resume_help_shows_list_and_n(tmp_path: Path) -> None:
    done = _run(["resume", "--help"], tmp_path)
    assert "--list" in done.stdout and "abluxxen resume 2" in done.stdout and "FILE|N" in done.stdout


def test_resume_list_in_german(tmp_path: Path) -> None:
    write_save(tmp_path / "a.json", _saved(["Ann", "Ben", "Cy"]))
    done = _run(["resume", "--list", "--lang", "de"], tmp_path)
    assert done.returncode == 0
    assert "Nicht beendete Partien" in done.stdout and "Spieler" in done.stdout and "Grundspiel" in done.stdout


def test_an_empty_list_says_so_and_is_no_failure(tmp_path: Path) -> None:
    done = _run(["resume", "--list", "--lang", "en"], tmp_path)
    assert done.returncode == 0 and re.fullmatch(rf"No unfinished games in {named(tmp_path)}\.\n", done.stdout)
    assert done.stderr == ""


def test_two_games_of_the_same_players_in_one_minute_read_apart(tmp_path: Path) -> None:
    for name, moves, second in (("a.json", 1, 5), ("b.json", 4, 41)):
        write_save(tmp_path / name, _saved(["Ann", "Ben", "Cy"], moves=moves))
        os.utime(tmp_path / name, (1_700_000_000 + second, 1_700_000_000 + second))
    done = _run(["resume", "--list", "--lang", "en"], tmp_path)
    rows = [line for line in done.stdout.split("\n") if re.match(r"\s*\d+\s", line)]
    assert len(rows) == 2 and rows[0].split()[1:] != rows[1].split()[1:]
    assert [row.split()[-3] for row in rows] == ["4", "1"]  # moves made, newest first
