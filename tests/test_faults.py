"""What a fault probe found: kills, hostile files and arguments, and a deal that could be brute-forced.

Each test here failed before its fix: a finished game lost between its last
save and its record, a seed small enough to try them all, tracebacks and raw
escape codes from hostile input, and messages that echoed megabytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pexpect
import pytest
from helpers import TIMEOUT, bots_play, spawn_terminal
from hypothesis import given
from hypothesis import strategies as st

from abluxxen import Game, IllegalMove, Match, Move, Rules
from abluxxen.cli.main import main
from abluxxen.engine.seeds import BITS, new_seed, parse_seed, seed_text
from abluxxen.store.journal import record_waiting
from abluxxen.store.records import open_records
from abluxxen.store.records_db import records_path
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.save_lock import LOCK_PATIENCE, SaveBusy, SaveLock
from abluxxen.store.saves import read_save, write_save

ESC = "\x1b"


def _data() -> Path:
    return Path(os.environ["ABLUXXEN_DATA_DIR"])


def _run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        status = main(list(args))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def _finished_save(path: Path, *, seed: int = 5, names: tuple[str, str] = ("Ada", "Bix")) -> Saved:
    """A save whose one-game match is over, as the table writes it at the score screen."""
    match = Match(Rules(2), games=1, seed=seed, names=list(names))
    saved = Saved(match=match, seats=[Seat(names[0], "easy"), Seat(names[1], "easy")], delay=0.0)
    bots_play(match.game, saved.transcript, "easy")
    match.record()
    saved.finished = True
    write_save(path, saved)
    return saved


# -- 1. a finished game is never lost -------------------------------------------------------

# The real command, killed (SIGKILL: nothing runs after it) at the moment the record would be written.
_KILLED_BEFORE_RECORD = """
import os, signal, sys
import abluxxen.table.table as table
table.record_finished = lambda *args, **kwargs: os.kill(os.getpid(), signal.SIGKILL)
from abluxxen.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_game_killed_between_its_final_save_and_its_record_is_recorded_by_the_next_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", LC_ALL="C.UTF-8", LANG="C.UTF-8")
    child = pexpect.spawn(sys.executable, ["-c", _KILLED_BEFORE_RECORD, "play", "--players", "bot:easy,bot:easy",
                                           "--delay", "0", "--seed", "8"],
                          env=env, encoding="utf-8", dimensions=(24, 80), timeout=TIMEOUT)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus == 9  # killed where the record was to be written
    saves = list(_data().glob("*.json"))
    assert len(saves) == 1 and read_save(saves[0]).finished
    with open_records() as records:
        assert records.count() == 0
    # The next command that opens the records finds the finished save and records its game, once.
    status, out, _ = _run_cli(capsys, "stats", "--json")
    assert status == 0
    games = json.loads(out)["games"]
    assert len(games) == 1 and [s["name"] for s in games[0]["seats"]] == ["Ada", "Bix"]
    assert not list(_data().glob("*.json"))  # the journal has done its work
    _run_cli(capsys, "stats")
    with open_records() as records:
        recorded = records.last()
        assert records.count() == 1
    assert recorded is not None and recorded.transcript.replay().is_over and recorded.seed == 8


def test_a_finished_game_the_records_cannot_take_is_kept_said_plainly_and_recorded_later(
        capsys: pytest.CaptureFixture[str]) -> None:
    records_path().mkdir(parents=True)  # something else at the records' path as the game ends
    child, log = spawn_terminal(["play", "--players", "bot:easy,bot:normal", "--delay", "0", "--seed", "4"])
    child.expect("Play again")
    screen = log.getvalue()
    assert "Game to be recorded later: the records file cannot be opened." in screen  # one line
    child.send("n\r")
    child.expect(pexpect.EOF)
    child.close()
    assert [read_save(p).finished for p in _data().glob("*.json")] == [True]
    records_path().rmdir()
    caught = record_waiting()
    assert len(caught.recorded) == 1 and caught.problem is None
    assert not list(_data().glob("*.json"))
    assert record_waiting().recorded == []  # nothing is recorded twice


def test_resuming_a_finished_save_records_it_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _data() / "done.json"
    _finished_save(path)
    status, _, err = _run_cli(capsys, "resume", str(path))
    assert status == 1 and "already over; it is now recorded (game 1" in err
    assert not path.exists()
    with open_records() as records:
        assert records.count() == 1


def test_a_finished_save_another_terminal_holds_is_left_to_it(capsys: pytest.CaptureFixture[str]) -> None:
    path = _data() / "open.json"
    _finished_save(path)
    lock = SaveLock(path).acquire()
    try:
        assert record_waiting().recorded == []
        assert path.exists()
    finally:
        lock.release()
    assert len(record_waiting().recorded) == 1


# The real command on a disk that fills up as the game ends: neither the last move nor the finished match
# can be saved, and with FULL_RECORDS the records hit the full disk too (SQLITE_FULL, as a full disk gives it).
_DISK_FULL_AT_THE_END = """
import errno, json, os, sqlite3, sys
import abluxxen.table.table as table
from abluxxen.store.save_document import from_document
written, written_text = table.write_save, table.write_save_text
def write_save(path, saved, **how):
    if saved.match.game.is_over:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
    written(path, saved, **how)
def write_save_text(path, text):
    if from_document(json.loads(text)).match.game.is_over:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
    written_text(path, text)
table.write_save, table.write_save_text = write_save, write_save_text
if os.environ.get("FULL_RECORDS"):
    connect = sqlite3.connect
    def full(*args, **kwargs):
        db = connect(*args, **kwargs)
        db.execute("PRAGMA max_page_count = 2")
        return db
    sqlite3.connect = full
from abluxxen.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def _game_on_a_filling_disk(*, records_full: bool) -> tuple[int, str, str]:
    """A bots' game to its end on a disk that fills as it ends; its exit status, the score screen,
    and what it said on leaving."""
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", LC_ALL="C.UTF-8", LANG="C.UTF-8",
               FULL_RECORDS="1" if records_full else "")
    child = pexpect.spawn(sys.executable, ["-c", _DISK_FULL_AT_THE_END, "play", "--players", "bot:easy,bot:easy",
                                           "--delay", "0", "--seed", "4", "--lang", "en"],
                          env=env, encoding="utf-8", dimensions=(24, 100), timeout=TIMEOUT)
    child.expect("Play again")
    score_screen = child.before
    child.send("n\r")
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, score_screen, " ".join(child.before.split())


def test_a_full_disk_that_takes_neither_the_end_nor_the_record_says_so_without_promising_a_later_record() -> None:
    """Before, it said "could NOT be saved" and then "recorded the next time the records are opened",
    which the unfinished save left behind cannot do."""
    status, score_screen, leaving = _game_on_a_filling_disk(records_full=True)
    assert "Game not recorded: the disk is full." in " ".join(score_screen.split())
    assert "next time" not in score_screen + leaving and "not recorded yet" not in score_screen + leaving
    assert status == 1
    assert "The game could NOT be saved (the disk is full)." in leaving
    assert "The last good save is" in leaving and "Game not recorded: the disk is full." in leaving
    (path,) = _data().glob("*.json")
    kept = read_save(path)
    assert not kept.finished and not kept.match.game.is_over  # what resume continues, as the words say


def test_a_game_recorded_though_its_end_could_not_be_saved_is_not_called_unsaved() -> None:
    """Before, the records took the game and removed its save, and the words on leaving said the game
    could NOT be saved and that resume would continue from that removed save."""
    status, _, leaving = _game_on_a_filling_disk(records_full=False)
    assert status == 0
    assert "NOT" not in leaving and "resume" not in leaving
    assert not list(_data().glob("*.json"))
    with open_records() as records:
        recorded = records.last()
    assert recorded is not None and recorded.transcript.replay().is_over


@pytest.mark.parametrize("lang, words", [("en", "The game could NOT be saved (not a folder)."),
                                         ("de", "Die Partie konnte NICHT gespeichert werden (kein Ordner).")])
def test_a_save_folder_that_is_a_device_is_named_in_words(lang: str, words: str) -> None:
    """Before, the reason was Python's class name, "(NotADirectoryError)", in either language."""
    done = subprocess.run([sys.executable, "-m", "abluxxen", "play", "--players", "Ann,bot:easy", "--delay", "0",
                           "--save-dir", os.devnull, "--lang", lang], input="quit\ny\n", capture_output=True,
                          text=True, timeout=TIMEOUT, env=dict(os.environ, LANG="C.UTF-8", COLUMNS="100"))
    assert done.returncode == 1
    assert words in " ".join(done.stderr.split())
    assert "Error" not in done.stderr + done.stdout


# -- 2. the seed -------------------------------------------------------------------------------


@given(st.integers(min_value=0, max_value=2**200))
def test_a_seed_reads_back_from_the_way_it_is_written(seed: int) -> None:
    text = seed_text(seed)
    assert parse_seed(text) == seed
    # Typed back by a person: any case, spaces or no dashes.
    assert parse_seed(text.lower().replace("-", " ")) == seed


@pytest.mark.parametrize("typed", ["-5", "+5", "1 2", "0x10", "1_000", "7K2Q-M4X", "7K2Q", "7K2Q-M4XA-U",
                                   "7K2QM4XA9F3T0B1C", "٥", "7\u212a2Q-M4XA"])
def test_a_seed_is_a_whole_number_or_the_printed_groups_and_nothing_else(
        typed: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Before, ``-5`` dealt seed 5, ``1 2`` and ``0x10`` read as base32 and a short group passed."""
    with pytest.raises(ValueError, match="is not a seed"):
        parse_seed(typed)
    status, out, err = _run_cli(capsys, "play", "--players", "bot:easy,bot:easy", "--delay", "0", "--seed", typed)
    assert status == 2 and not out
    assert err.count("\n") == 1 and "groups of four" in err


def test_seeds_the_game_picks_are_too_many_to_try_and_short_to_copy() -> None:
    seeds = {new_seed() for _ in range(200)}
    assert len(seeds) == 200
    assert max(s.bit_length() for s in seeds) >= 128 and all(s < 2**BITS for s in seeds)
    texts = [seed_text(s) for s in seeds if s >= 2**64]
    assert all(len(t) == 34 and t.count("-") == 6 for t in texts)  # seven groups of four
    assert all(not set(t) & set("ILOU") for t in texts)


def test_a_seed_the_game_picked_replays_the_same_deal(capsys: pytest.CaptureFixture[str]) -> None:
    child, _ = spawn_terminal(["play", "--players", "bot:easy,bot:easy,bot:easy", "--delay", "0"])
    child.expect("Play again")
    child.send("n\r")
    child.expect(pexpect.EOF)
    child.close()
    replay = child.before
    written = replay.split("--seed ")[1].split()[0]
    assert len(written) == 34, replay  # the game's own seeds: 140 bits in seven groups
    with open_records() as records:
        recorded = records.last()
    assert recorded is not None and recorded.seed == parse_seed(written)
    dealt = Game.new(Rules(3), seed=parse_seed(written.lower()), names=["Ada", "Bix", "Cog"])
    assert recorded.transcript.start["hands"] == dealt.to_json()["hands"]


def test_a_huge_seed_is_recorded_and_the_healthy_records_are_not_called_damaged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (2**63, 10**40):
        child, log = spawn_terminal(["play", "--players", "bot:easy,bot:easy", "--delay", "0", "--seed", str(seed)])
        child.expect("Play again")
        child.send("n\r")
        child.expect(pexpect.EOF)
        child.close()
        assert "damaged" not in log.getvalue() and "not recorded" not in log.getvalue()
    with open_records() as records:
        assert [g.seed for g in records.games()] == [2**63, 10**40]


def test_records_saves_and_the_data_folder_are_the_owners_alone(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "fresh" / "abluxxen"
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(data))
    child, _ = spawn_terminal(["play", "--players", "bot:easy,bot:easy", "--delay", "0"], data_dir=data)
    child.expect("Play again")
    child.send("n\r")
    child.expect(pexpect.EOF)
    child.close()

    def mode(path: Path) -> int:
        return stat.S_IMODE(path.stat().st_mode)

    assert mode(data) == 0o700 and mode(data.parent) == 0o700
    assert mode(records_path()) == 0o600
    _finished_save(data / "kept.json")
    assert mode(data / "kept.json") == 0o600


# -- 3. no tracebacks ------------------------------------------------------------------------------

_HUGE = "9" * 300


@pytest.mark.parametrize("args", [
    ["resume", "/"], ["resume", "²"], ["review", "²"], ["review", "9223372036854775808"], ["review", _HUGE],
    ["resume", _HUGE], ["learn", _HUGE], ["play", "--match", _HUGE], ["play", "--delay", _HUGE],
    ["simulate", "--games", _HUGE], ["simulate", "--jobs", _HUGE], ["simulate", "--think", _HUGE],
    ["review", "--think", _HUGE], ["bench", "--games", _HUGE], ["bench", "--repeat", _HUGE],
    ["bench", "--seed", _HUGE], ["play", "--seed", "7K2Q-M4XA-U"], ["review", "1" * 5000], ["resume", "1" * 5000],
])
def test_hostile_arguments_get_one_short_line_and_no_traceback(args: list[str]) -> None:
    _finished_save(_data() / "one.json")
    record_waiting()  # a recorded game, so that record numbers are looked up for real
    done = subprocess.run([sys.executable, "-m", "abluxxen", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=TIMEOUT, env=dict(os.environ, LANG="C.UTF-8"))
    assert done.returncode in (1, 2), done
    lines = done.stderr.strip().splitlines()
    assert "Traceback" not in done.stderr and len(lines) == 1 and len(lines[0]) < 160, done.stderr


def test_a_megabyte_argument_is_quoted_in_forty_characters_or_fewer(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["play", "--players", "x" * 3_900_000], ["learn", "--lang", "y" * 100_000],
                 ["stats", "Ann", "z" * 100_000], ["play", "--seed", "q" * 100_000]):
        status, _, err = _run_cli(capsys, *args)
        huge = max(args, key=len)
        assert status == 2 and len(err) < 200, err[:300]
        assert huge[:40] not in err and huge[:5] + "…" in err.replace("'", "")


def test_escape_codes_in_arguments_are_shown_not_sent(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--frob", ESC + "]0;owned" + "\x07"], ["learn", ESC + "[2J"], ["play", "--lang", ESC + "c"]):
        _, out, err = _run_cli(capsys, *args)
        assert ESC not in out + err and "\\x1b" in err


# -- 4. records that cannot be read are named, never changed -----------------------------------------


def _records_with_one_game() -> None:
    _finished_save(_data() / "one.json")
    assert len(record_waiting().recorded) == 1


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _recorded(path: Path) -> list[list[tuple[object, ...]]]:
    """Every recorded game as the file holds it (not the ratings a reader stores beside them)."""
    db = sqlite3.connect(path)
    try:
        return [db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall() for table in ("games", "seats")] + [
            db.execute("SELECT * FROM transcripts ORDER BY game").fetchall()]
    finally:
        db.close()


@pytest.mark.parametrize("spoil, words", [
    ("PRAGMA user_version = -1", "schema version -1"),
    ("PRAGMA user_version = 99", "newer"),
])
@pytest.mark.parametrize("command", [["stats"], ["stats", "--json"], ["review"], ["review", "1"]])
def test_records_we_cannot_read_are_named_in_one_line_and_left_as_they_are(
        spoil: str, words: str, command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    _records_with_one_game()
    db = sqlite3.connect(records_path())
    db.execute("PRAGMA ignore_check_constraints = 1")  # edited by hand, past the schema's checks
    db.execute(spoil)
    db.commit()
    db.close()
    before = _digest(records_path())
    status, out, err = _run_cli(capsys, *command)
    assert status == 1 and "Traceback" not in err
    line = err.strip().splitlines()[0]
    assert records_path().name in line and words in line
    assert _digest(records_path()) == before


def _three_games_of_ann() -> None:
    """Records of three games Ann played against a bot, numbered 1 to 3."""
    for seed in (1, 2, 3):
        saved = _finished_save(_data() / f"game{seed}.json", seed=seed, names=("Ann", "Bix"))
        saved.seats[0] = Seat("Ann")
        write_save(_data() / f"game{seed}.json", saved)
        assert record_waiting().recorded == [seed]


def _spoil(statement: str) -> None:
    db = sqlite3.connect(records_path())
    db.execute("PRAGMA ignore_check_constraints = 1")  # edited by hand, past the schema's checks
    db.execute(statement)
    db.commit()
    db.close()


@pytest.mark.parametrize("spoil, words", [
    ("UPDATE games SET variant = char(27) || '[31mbase' WHERE number = 2", "\\x1b[31mbase"),
    ("UPDATE games SET ended = '9999-99-99' WHERE number = 2", "month must be in 1..12"),
    ("UPDATE games SET seed = '0x10' WHERE number = 2", "seed '0x10' is no seed"),
    ("UPDATE seats SET bot = char(27) || ']0;owned' WHERE game = 2 AND bot IS NOT NULL", "bot level"),
    ("UPDATE seats SET name = X'416E6E' WHERE game = 2 AND seat = 0", "wrong type"),
    ("DELETE FROM seats WHERE game = 2 AND seat = 1", "seats do not match"),
])
def test_one_damaged_game_is_left_out_and_named_and_the_others_still_count_everywhere(
        spoil: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Before, one spoilt field made `stats --json` and `review N` refuse the whole file while `stats`
    counted the game and said nothing."""
    _three_games_of_ann()
    _spoil(spoil)
    before = _recorded(records_path())

    def said(err: str) -> str:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and ESC not in err and "Traceback" not in err, err
        return lines[0]

    status, out, err = _run_cli(capsys, "stats", "--json")
    assert status == 0 and [g["number"] for g in json.loads(out)["games"]] == [1, 3]
    assert json.loads(out)["players"][0]["games"] == 2
    line = said(err)
    assert "game 2 (" in line and words in line and records_path().name in line
    status, out, err = _run_cli(capsys, "stats", "Ann")
    assert status == 0 and "Ann: played 2," in out and said(err) == line
    status, out, err = _run_cli(capsys, "review", "2", "--think", "50")
    assert status == 1 and not out
    assert said(err) .startswith("abluxxen: Cannot review recorded game 2: its record is damaged (")
    for number in ("1", "3"):
        status, out, err = _run_cli(capsys, "review", number, "--think", "50", "--json")
        assert status == 0 and json.loads(out)["seat"] == "Ann" and not err
    status, out, err = _run_cli(capsys, "review", "--think", "50", "--json")
    assert status == 0 and not err  # the last game, 3, is sound
    assert _recorded(records_path()) == before  # the damaged game is left as it was, never mended or dropped


def test_a_damaged_last_game_is_passed_over_by_review_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    _three_games_of_ann()
    _spoil("UPDATE games SET ended = '9999-99-99' WHERE number = 3")
    status, out, err = _run_cli(capsys, "review", "--think", "50", "--json")
    assert status == 0 and json.loads(out)["seat"] == "Ann"
    assert err.count("\n") == 1 and "game 3 (its date '9999-99-99' does not read" in err
    with open_records() as records:
        last = records.last()
    assert last is not None and last.number == 2


def test_a_link_to_nowhere_in_the_records_place_is_named_not_taken_for_no_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _data().mkdir(parents=True, exist_ok=True)
    records_path().symlink_to(tmp_path / "elsewhere" / "records.sqlite3")
    status, _, err = _run_cli(capsys, "stats")
    assert status == 1 and "link to a file that does not exist" in err and "No games recorded" not in err
    _finished_save(_data() / "one.json")
    assert record_waiting().problem is not None  # and nothing was written through the link
    assert not (tmp_path / "elsewhere").exists()


@pytest.mark.parametrize("companion", ["", "-wal", "-journal"], ids=["records", "its -wal", "its -journal"])
@pytest.mark.parametrize("to", ["gone", "file"], ids=["dangling link", "link to a file"])
def test_a_link_in_the_records_place_or_a_companions_is_refused_and_nothing_is_written_where_it_leads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], companion: str, to: str) -> None:
    # SQLite makes and writes its -wal and -journal where a link leads; the records themselves too.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    if companion:
        with open_records() as records:
            records.reveal_seeds("none", 1)  # the records are there, a file of their own
    target = elsewhere / to
    if to == "file":
        target.write_bytes(b"someone else's file\n")
    records_path().with_name(records_path().name + companion).symlink_to(target)
    before = {p.name: p.read_bytes() for p in elsewhere.iterdir()}
    _finished_save(_data() / "one.json")
    status, out, err = _run_cli(capsys, "stats", "--lang", "en")
    assert status == 1 and out == "" and err.count("\n") == 1, err
    assert f"{records_path().name + companion if companion else 'it'}" in err and "is a link to" in err, err
    assert {p.name: p.read_bytes() for p in elsewhere.iterdir()} == before  # nothing made, nothing written
    assert (_data() / "one.json").exists()  # the finished game waits for records that can take it


# -- 5. two games started at once --------------------------------------------------------------------


def test_a_lock_held_for_a_moment_by_another_process_is_waited_for(tmp_path: Path) -> None:
    path = tmp_path / "same-second.json"
    # Another process's cleanup takes every free lock for a moment (clean_leftovers): a thread
    # holding the lock through its own open file stands for it.
    moment = SaveLock(path).acquire()
    threading.Timer(LOCK_PATIENCE / 5, moment.release).start()
    started = time.monotonic()
    mine = SaveLock(path).acquire(wait=LOCK_PATIENCE)
    assert mine.held and time.monotonic() - started < LOCK_PATIENCE
    # A game really open elsewhere still keeps the save to itself.
    with pytest.raises(SaveBusy, match="open in another terminal"):
        SaveLock(path).acquire(wait=LOCK_PATIENCE / 5)
    mine.release()


def test_two_games_with_the_same_names_started_at_once_both_start(tmp_path: Path) -> None:
    children = [spawn_terminal(["play", "--players", "Ann,bot:easy", "--delay", "0"])[0] for _ in range(4)]
    for child in children:
        child.expect("Your hand")
        child.sendcontrol("c")
        child.expect("Quit")
        child.send("y\r")
        child.expect(pexpect.EOF)
        child.close()
    saves = sorted(_data().glob("*.json"))
    assert len(saves) == 4 and all(not read_save(p).finished for p in saves)


# -- 7. escape codes from files and the records -------------------------------------------------------


def test_file_names_and_recorded_names_never_reach_the_terminal_raw(capsys: pytest.CaptureFixture[str]) -> None:
    folder = _data()
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / f"{ESC}]0;owned{chr(7)}{ESC}[2J.json"
    bad.write_text("not a save")
    for args in (["resume", "--list"], ["resume", str(bad)], ["review", str(bad)], ["resume"]):
        _, out, err = _run_cli(capsys, *args)
        assert ESC not in out + err and chr(7) not in out + err and "\\x1b" in out + err, args
    bad.unlink()
    _records_with_one_game()
    db = sqlite3.connect(records_path())
    db.execute("UPDATE seats SET name = ? WHERE seat = 0", (f"A{ESC}[31mda",))
    db.commit()
    db.close()
    for args in (["stats"], ["stats", "--json"], ["review", "1", "--seat", "Bix", "--think", "20"]):
        _, out, err = _run_cli(capsys, *args)
        assert ESC not in out + err, args


# -- 9. the engine's own refusals ------------------------------------------------------------------


def _deep(levels: int) -> object:
    value: object = []
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize("field", ["format", "turn", "deck", "discard", "shadow", "removed", "hands", "pool"])
def test_a_document_nested_a_thousand_deep_is_refused_with_a_short_reason(field: str) -> None:
    doc = Game.new(Rules(3), seed=1).to_json()
    doc[field] = _deep(1500)
    with pytest.raises(ValueError) as refused:
        Game.from_json(doc)
    assert len(str(refused.value)) < 120
    match = Match(Rules(3), seed=1, names=["A", "B", "C"]).to_json()
    for key in ("games", "seed", "first", "started"):
        with pytest.raises(ValueError):
            Match.from_json({**match, key: _deep(1500)})


def test_a_move_without_its_fields_is_refused_and_the_game_is_unchanged() -> None:
    game = Game.new(Rules(3), seed=1)
    before = game.to_json()
    for move in (Move.__new__(Move), Move("play", (True,)), Move("play", "7"), Move(["play"])):  # type: ignore[arg-type]
        with pytest.raises(IllegalMove) as refused:
            game.push(move)
        assert refused.value.key == "not-text"
    assert game.to_json() == before
