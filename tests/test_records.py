"""The records of finished games and ``abluxxen stats``: what a player finds after playing."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import Keys, bots_play, in_own_mounts, named, spawn_terminal
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.cells import cell_len
from rich.console import Console

from abluxxen import Event, Rules, Transcript
from abluxxen.cli.main import main
from abluxxen.cli.stats import chart, details
from abluxxen.engine.events import START
from abluxxen.engine.match import Match
from abluxxen.i18n.tr import Tr
from abluxxen.store import records_db, records_schema
from abluxxen.store.ratings import Rating, Ratings, rate, recorded_ratings
from abluxxen.store.records import open_records, record_finished
from abluxxen.store.records_db import RecordsError, records_path
from abluxxen.store.records_reading import TournamentRound
from abluxxen.store.save_document import Saved, Seat, from_document, to_document
from abluxxen.store.saves import read_save, unfinished_saves, write_save
from abluxxen.store.stats import TournamentPlayed, all_players
from abluxxen.table.chairs import Note
from abluxxen.table.room import Room
from abluxxen.table.table import Player
from abluxxen.tui.around import note_words
from abluxxen.tui.local import play_here

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class BotHands(Room):
    """The game as recorded for its seats, every seat's decisions made by an easy bot, so that a
    person's games can be played without typing them."""

    def player(self, seat: int) -> Player:
        return self.table.bot(seat, "easy")


def _play(path: Path, keys: str, saved: Saved | None = None, *, seats: list[Seat] | None = None,
          seed: int = 3, games: int = 1) -> tuple[int, list[str]]:
    """Run the table on ``saved`` (or a new match of ``seats``) with ``keys`` typed; status and screens."""
    if saved is None:
        assert seats is not None
        match = Match(Rules(len(seats)), games=games, seed=seed, names=[s.name for s in seats])
        saved = Saved(match=match, seats=seats, delay=0.0, log=[Event(START, 0, source="1")])
    typed = Keys(keys)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        status = play_here(saved, path, lines=typed, room_kind=BotHands)
    return status, typed.pictures


def _stats(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()  # what the games printed before
    status = main(["stats", *args])
    out, err = capsys.readouterr()
    return status, out, err


ANN_BOTS = [Seat("Ann"), Seat("Ada", "easy"), Seat("Bix", "normal")]
ANN_BEN = [Seat("Ann"), Seat("Ben")]


def _data() -> Path:
    return Path(os.environ["ABLUXXEN_DATA_DIR"])


# -- stats after real games -------------------------------------------------------------


def test_stats_after_played_games_agree_with_the_games_replayed_from_their_records(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (1, 2, 3):
        assert _play(tmp_path / f"a{seed}.json", "n\r", seats=ANN_BOTS, seed=seed)[0] == 0
    assert _play(tmp_path / "b.json", "n\r", seats=ANN_BEN, seed=9)[0] == 0

    # What Ann's games were, from the engine itself: each recorded transcript replayed.
    with open_records() as records:
        assert [g.number for g in records.games()] == [1, 2, 3, 4]
        replayed = []
        for number in range(1, 5):
            game = records.get(number)
            assert game is not None
            end = game.transcript.replay()
            assert end.is_over and tuple(end.scores()) == game.scores
            replayed.append((end.scores()[0], 0 in end.winners()))
    scores = [score for score, _ in replayed]
    wins = [won for _, won in replayed]
    run = longest = 0
    for won in wins:
        run = run + 1 if won else 0
        longest = max(longest, run)

    status, out, err = _stats(capsys, "Ann", "--json")
    assert status == 0 and err == ""
    doc = json.loads(out)
    ann = doc["players"][0]
    assert ann["name"] == "Ann" and ann["games"] == 4 and ann["wins"] == sum(wins)
    assert ann["mean_points"] == round(sum(scores) / 4, 2)
    assert ann["best"] == {"number": scores.index(max(scores)) + 1, "score": max(scores)}
    assert ann["streak"] == {"current": run, "longest": longest}
    assert ann["against"]["easy"] == {"games": 3, "wins": sum(wins[:3])}
    assert ann["against"]["normal"] == {"games": 3, "wins": sum(wins[:3])}
    assert ann["against"]["humans"] == {"games": 1, "wins": int(wins[3])}
    assert "hard" not in ann["against"]
    assert [[s["score"] for s in g["seats"]][0] for g in doc["games"]] == scores  # oldest first
    first = doc["games"][0]
    assert set(first) >= {"when", "rules", "seats", "assisted", "seed"}
    assert first["rules"] == Rules(3).to_json() and first["seed"] == "1" and first["assisted"] is False
    assert first["seats"][1] == {"name": "Ada", "bot": "easy", "score": first["seats"][1]["score"],
                                 "winner": first["seats"][1]["winner"], "hand": first["seats"][1]["hand"],
                                 "display": first["seats"][1]["display"], "decisions": first["seats"][1]["decisions"],
                                 "stood_in": 0, "rated": True}
    # Every seat decided for itself: Ann at her terminal, the bots at theirs (a move with no choice is nobody's).
    assert all(s["decisions"] > 0 and s["stood_in"] == 0 for g in doc["games"] for s in g["seats"])
    assert ann["stood_in"] == 0

    status, out, _ = _stats(capsys, "ann", "--lang", "en")  # names compare as at the table
    assert status == 0
    assert f"Ann: played 4, won {sum(wins)} ({round(100 * sum(wins) / 4)}%)" in out
    assert f"mean {sum(scores) / 4:+.1f}" in out and f"best {max(scores):+d}" in out
    assert f"Wins in a row: {run} now · longest {longest}" in out
    assert "Points per game (last 4, oldest first" in out

    status, out, _ = _stats(capsys, "--lang", "en")  # two people: a line each
    assert status == 0
    lines = out.splitlines()
    assert lines[1].split()[:3] == ["Ann", "4", str(sum(wins))]
    assert lines[2].split()[:3] == ["Ben", "1", str(int(1 in _winners(4)))]


def _winners(number: int) -> tuple[int, ...]:
    with open_records() as records:
        game = records.get(number)
        assert game is not None
        return game.winners


def test_a_bots_only_game_through_the_real_play_command_is_recorded_and_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pexpect = pytest.importorskip("pexpect")
    child, _ = spawn_terminal(["play", "--players", "bot:easy,bot:normal", "--seed", "21", "--delay", "0",
                               "--lang", "en"])
    child.expect("Play again")
    child.send("n\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    status, out, _ = _stats(capsys, "--json")
    doc = json.loads(out)
    assert status == 0 and len(doc["games"]) == 1 and doc["players"] == []
    game = doc["games"][0]
    assert [(s["name"], s["bot"]) for s in game["seats"]] == [("Ada", "easy"), ("Bix", "normal")]
    assert game["seed"] == "21" and game["rules"]["duel"] is True
    with open_records() as records:
        recorded = records.last()
    assert recorded is not None
    end = recorded.transcript.replay()
    assert [s["score"] for s in game["seats"]] == end.scores()
    assert [s["winner"] for s in game["seats"]] == [seat in end.winners() for seat in range(2)]
    status, out, _ = _stats(capsys, "--lang", "en")
    assert status == 0 and out.strip() == "Games recorded: 1, all between bots; no person has played yet."


# -- once, and only finished games ---------------------------------------------------------


def test_a_game_is_recorded_once_though_its_score_screen_shows_again_after_resume(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    status, screens = _play(path, "n\r", seats=ANN_BOTS, seed=5, games=2)  # game 1 over: stop there
    assert status == 0 and "Game 1 over" in screens[-1]
    for _ in range(2):  # resumed: the same score screen again
        status, screens = _play(path, "n\r", read_save(path))
        assert status == 0 and "Game 1 over" in screens[-1]
    with open_records() as records:
        assert records.count() == 1
    status, screens = _play(path, "\rn\r", read_save(path))  # on to game 2, then leave
    assert "Game 2 over" in screens[-1]
    with open_records() as records:
        games = records.games()
    assert [g.number for g in games] == [1, 2] and [g.seed for g in games] == [5, 6]


def test_finished_games_leave_the_resume_list_and_their_records_stay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _data()
    assert _play(data / "done.json", "n\r", seats=ANN_BOTS, seed=2)[0] == 0
    unfinished = Match(Rules(3), games=1, seed=3, names=["Ann", "Ada", "Bix"])
    write_save(data / "open.json", Saved(match=unfinished, seats=ANN_BOTS))
    assert [f.path.name for f in unfinished_saves(data)[0]] == ["open.json"]
    assert main(["resume", "--list"]) == 0
    out = capsys.readouterr().out
    assert out.count("Ann, Ada ⚙, Bix ⚙") == 1
    status, out, _ = _stats(capsys, "Ann", "--json")
    assert status == 0 and json.loads(out)["players"][0]["games"] == 1


class Watching(Keys):
    """The keys typed; before each line is read (a question on screen), the files of the save folder."""

    def __init__(self, keys: str, folder: Path) -> None:
        super().__init__(keys)
        self.folder = folder
        self.seen: list[list[str]] = []

    async def read_line(self) -> str | None:
        self.seen.append(sorted(p.name for p in self.folder.iterdir()))
        return await super().read_line()


def test_at_the_score_screen_of_a_recorded_game_no_lock_file_is_left_to_a_kill(tmp_path: Path) -> None:
    match = Match(Rules(3), games=1, seed=6, names=["Ann", "Ada", "Bix"])
    saved = Saved(match=match, seats=ANN_BOTS, delay=0.0, log=[Event(START, 0, source="1")])
    typed = Watching("n\r", tmp_path)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        assert play_here(saved, tmp_path / "g.json", lines=typed, room_kind=BotHands) == 0
    assert "Play again" in typed.pictures[-1]
    assert typed.seen[-1] == []  # asked "Play again?": the game is recorded, its save and lock file gone
    with open_records() as records:
        assert records.count() == 1


def test_simulate_writes_no_records(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seats", "easy,easy", "--games", "2"]) == 0
    capsys.readouterr()
    assert not records_path().exists()
    status, out, _ = _stats(capsys, "--lang", "en")
    assert status == 0 and "No games recorded yet" in out


# -- what a record holds ---------------------------------------------------------------


def test_the_seed_is_recorded_only_once_the_people_at_the_table_may_know_it(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    _play(path, "n\r", seats=ANN_BEN, seed=40, games=2)
    with open_records() as records:
        assert [g.seed for g in records.games()] == [None]  # game 2's deal follows from it
    _play(path, "\rn\r", read_save(path))
    with open_records() as records:
        assert [g.seed for g in records.games()] == [40, 41]


def test_a_record_keeps_seats_counts_and_the_assisted_mark(tmp_path: Path) -> None:
    match = Match(Rules(3), games=1, seed=8, names=["Ann", "Ada", "Bix"])
    saved = Saved(match=match, seats=ANN_BOTS, delay=0.0, log=[Event(START, 0, source="1")], assisted=True)
    _play(tmp_path / "g.json", "n\r", saved)
    with open_records() as records:
        game = records.last()
    assert game is not None and game.number == 1 and game.assisted
    end = game.transcript.replay()
    assert game.seats == (("Ann", None), ("Ada", "easy"), ("Bix", "normal"))
    assert game.hand_sizes == tuple(len(end.hand(s)) for s in range(3))
    assert all(shown - hand == score for shown, hand, score in
               zip(game.display_sizes, game.hand_sizes, game.scores, strict=True))
    assert game.winners == tuple(end.winners()) and game.rules == Rules(3) and game.seed == 8
    assert game.when.tzinfo is not None


def test_an_unknown_record_number_is_none_and_an_empty_folder_has_no_games(tmp_path: Path) -> None:
    records = open_records(tmp_path / "nothing")
    assert records.games() == [] and records.last() is None and records.get(1) is None
    assert not (tmp_path / "nothing").exists()  # reading creates nothing


# -- a database that cannot be used ------------------------------------------------------------


@pytest.mark.parametrize(("spoil", "words"), [
    ("garbage", "Game not recorded yet: move the damaged records file away."),
    ("folder", "Game to be recorded later: the records file cannot be opened."),
    ("newer", "Game to be recorded later: the records are from a newer Abluxxen."),
])
def test_a_spoilt_database_warns_on_the_score_screen_and_the_game_completes(
        tmp_path: Path, spoil: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    db = records_path()
    if spoil == "garbage":
        db.write_bytes(b"not a database at all, just some bytes" * 100)
    elif spoil == "folder":
        db.mkdir()
    else:
        with sqlite3.connect(db) as con:
            con.execute(f"PRAGMA application_id = {records_schema.APPLICATION_ID}")
            con.execute("PRAGMA user_version = 99")
        con.close()
    before = db.read_bytes() if db.is_file() else b""
    path = tmp_path / "g.json"
    status, screens = _play(path, "n\r", seats=ANN_BOTS, seed=4)
    assert status == 0 and read_save(path).finished
    assert "Game 1 over" in screens[-1]
    assert words in screens[-1].splitlines()  # one line of the score screen, whole
    assert f"abluxxen: {words}" in capsys.readouterr().err.splitlines()  # said again once the screen is gone
    if before:
        assert db.read_bytes() == before  # nothing of the player's file is overwritten
    status, out, err = _stats(capsys, "--lang", "en")
    assert status == 1 and out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("abluxxen: The records ")


def test_a_locked_database_warns_in_german_and_the_game_completes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(records_db, "BUSY_TIMEOUT", 0.05)
    open_records().reveal_seeds("none", 1)  # creates the database
    holder = sqlite3.connect(records_path(), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        match = Match(Rules(3), games=1, seed=6, names=["Ann", "Ada", "Bix"])
        saved = Saved(match=match, seats=ANN_BOTS, lang="de", delay=0.0, log=[Event(START, 0, source="1")])
        status, screens = _play(tmp_path / "g.json", "n\r", saved)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert status == 0 and "Partie 1 ist vorbei" in screens[-1]
    err = capsys.readouterr().err
    assert "abluxxen: Partie wird später aufgezeichnet: Aufzeichnungen anderweitig belegt." in err
    assert "aufgezeichnet" in err.splitlines()[-1]
    with open_records() as records:
        assert records.count() == 0


def _command(*args: str) -> str:
    """``abluxxen ARGS`` as a line of ``sh``."""
    return " ".join(shlex.quote(a) for a in (sys.executable, "-m", "abluxxen", *args))


@pytest.mark.parametrize(("lang", "said"), [("en", "the disk is full"), ("de", "der Datenträger ist voll")])
def test_stats_on_a_full_disk_says_the_disk_is_full(tmp_path: Path, lang: str, said: str) -> None:
    with open_records() as records:
        records.reveal_seeds("none", 1)  # records of their own (WAL), closed: no -shm beside them
    disk = tmp_path / "disk"
    disk.mkdir()
    done = in_own_mounts(
        f"mount -t tmpfs -o size=64k tmpfs {disk} && cp {records_path()} {disk}/ && "
        f"(cat /dev/zero > {disk}/filler 2>/dev/null; true) && {_command('stats', '--lang', lang)}",
        dict(os.environ, ABLUXXEN_DATA_DIR=str(disk)))
    assert done.returncode == 1 and done.stdout == "", done.stderr
    # SQLite said "disk I/O error": it found no room for its shared memory (-shm).
    assert done.stderr.count("\n") == 1 and "I/O" not in done.stderr, done.stderr
    assert re.fullmatch(f"abluxxen: {said[:1].upper()}{said[1:]}: {named(records_path(disk))}\n", done.stderr)


def test_stats_and_review_read_the_records_of_a_read_only_folder_and_say_a_finished_game_waits(
        tmp_path: Path) -> None:
    status, _ = _play(tmp_path / "g.json", "n\r", seats=ANN_BOTS, seed=4)
    assert status == 0
    match = Match(Rules(2), games=1, seed=5, names=["Ada", "Bix"])
    over = Saved(match=match, seats=[Seat("Ada", "easy"), Seat("Bix", "easy")], delay=0.0)
    bots_play(match.game, over.transcript, "easy")
    match.record()
    over.finished = True
    data = _data()
    write_save(data / "over.json", over)  # a finished game its records have not taken yet
    assert sorted(p.name for p in data.iterdir()) == ["over.json", "records.sqlite3"]  # WAL, and no -shm
    before = {p.name: p.read_bytes() for p in data.iterdir()}
    out = tmp_path / "out"
    out.mkdir()
    done = in_own_mounts(
        f"mount --bind {data} {data} && mount -o remount,ro,bind {data} && "
        f"{_command('stats', 'Ann', '--json', '--lang', 'en')} > {out}/stats 2> {out}/stats.err; echo $? > {out}/s; "
        f"{_command('review', '--json', '--think', '20', '--lang', 'de')} > {out}/review 2> {out}/review.err; "
        f"echo $? > {out}/r", dict(os.environ, ABLUXXEN_DATA_DIR=str(data)))
    assert done.returncode == 0, done.stderr
    assert (out / "s").read_text() == "0\n", (out / "stats.err").read_text()
    (ann,) = json.loads((out / "stats").read_text())["players"]
    assert ann["name"] == "Ann" and ann["games"] == 1
    assert re.fullmatch(r"abluxxen: Not recorded yet \(the disk is read-only\): one finished game, its save in "
                        rf"{named(data)}\.\n", (out / "stats.err").read_text())
    assert (out / "r").read_text() == "0\n", (out / "review.err").read_text()
    assert json.loads((out / "review").read_text())["seat"] == "Ann"
    assert re.fullmatch(r"abluxxen: Noch nicht aufgezeichnet \(der Datenträger ist schreibgeschützt\): eine beendete "
                        rf"Partie, ihr Spielstand in {named(data)}\.\n", (out / "review.err").read_text())
    assert {p.name: p.read_bytes() for p in data.iterdir()} == before
    assert main(["stats", "--lang", "en"]) == 0  # once the folder takes files again, the game is recorded
    assert not (data / "over.json").exists()


def test_every_records_warning_fits_one_line() -> None:
    for lang in ("en", "de"):
        tr = Tr(lang)
        for kind in records_db.KINDS:
            for key in ("records_failed", "records_not"):
                for later in (False, True):
                    # One line on the score screen, and on leaving after "abluxxen: ".
                    line = note_words(Note(key, name=kind, move="later" if later else ""), tr)
                    assert line == tr.not_recorded(key, kind, later=later)
                    assert "\n" not in line and cell_len("abluxxen: " + line) <= 80


# -- schema versions ---------------------------------------------------------------------


V1_SCHEMA = """
CREATE TABLE games (number INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, match_key TEXT NOT NULL,
    game_index INTEGER NOT NULL, ended TEXT NOT NULL, players INTEGER NOT NULL, variant TEXT NOT NULL,
    duel INTEGER NOT NULL, tiebreak TEXT NOT NULL, seed INTEGER, reason TEXT NOT NULL);
CREATE TABLE seats (game INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, bot TEXT,
    score INTEGER NOT NULL, hand INTEGER NOT NULL, display INTEGER NOT NULL, winner INTEGER NOT NULL,
    PRIMARY KEY (game, seat)) WITHOUT ROWID;
CREATE TABLE transcripts (game INTEGER PRIMARY KEY, doc TEXT NOT NULL);
"""


def _v1_database(path: Path) -> Transcript:
    """A database as version 1 wrote it, holding one real game of Ann against a hard and an easy bot."""
    from abluxxen import Game

    game = Game.new(Rules(3), seed=12, names=["Ann", "Ada", "Bix"])
    transcript = Transcript.of(game)
    bots_play(game, transcript, "easy")
    outcome = game.outcome()
    assert outcome is not None
    con = sqlite3.connect(path)
    con.executescript(V1_SCHEMA)
    con.execute("INSERT INTO games VALUES (1, 'old:0', 'old', 0, '2026-01-02T03:04:05+00:00', 3, 'base', 0,"
                " 'fewest-hand', 12, ?)", (str(outcome.reason),))
    for seat, (name, bot) in enumerate([("Ann", None), ("Ada", "hard"), ("Bix", "easy")]):
        con.execute("INSERT INTO seats VALUES (1, ?, ?, ?, ?, ?, ?, ?)",
                    (seat, name, bot, outcome.scores[seat], outcome.hand_sizes[seat],
                     outcome.scores[seat] + outcome.hand_sizes[seat], int(seat in outcome.winners)))
    con.execute("INSERT INTO transcripts VALUES (1, ?)", (json.dumps(transcript.to_json()),))
    con.execute(f"PRAGMA application_id = {records_schema.APPLICATION_ID}")
    con.execute("PRAGMA user_version = 1")
    con.commit()
    con.close()
    return transcript


def test_a_version_1_database_is_migrated_and_keeps_its_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    transcript = _v1_database(records_path())
    with open_records() as records:
        old = records.get(1)
    assert old is not None and not old.assisted and old.seed == 12
    assert old.transcript.to_json() == transcript.to_json()
    assert tuple(old.transcript.replay().scores()) == old.scores
    with sqlite3.connect(records_path()) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == records_schema.SCHEMA_VERSION
    con.close()
    status, out, _ = _stats(capsys, "Ann", "--json")
    against = json.loads(out)["players"][0]["against"]
    assert status == 0 and set(against) == {"easy", "hard"}  # who sat there, worked out by the migration
    _play(tmp_path / "g.json", "n\r", seats=ANN_BOTS, seed=4)  # and new games go on being added
    with open_records() as records:
        assert [g.number for g in records.games()] == [1, 2]


def _spoil_schema(path: Path, words: bytes, at: int, byte: bytes) -> None:
    """Change one byte of the schema's text in the file: the byte ``at`` within ``words``."""
    data = path.read_bytes()
    where = data.index(words) + at
    path.write_bytes(data[:where] + byte + data[where + 1:])


@pytest.mark.parametrize(("words", "at", "byte"), [
    (b"number     INTEGER PRIMARY KEY", 22, b"\xe7"),  # games.number no longer numbers the games
    (b"CHECK (players BETWEEN", 8, b"\xff"),  # a byte no UTF-8 text has
])
def test_a_flipped_byte_in_the_schema_is_damage_and_the_next_game_stays_reachable(
        words: bytes, at: int, byte: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    data = _data()
    assert _play(data / "first.json", "n\r", seats=ANN_BOTS, seed=2)[0] == 0
    _spoil_schema(records_path(), words, at, byte)
    if byte == b"\xe7":  # still UTF-8 to SQLite, which sees nothing wrong
        with sqlite3.connect(records_path()) as con:
            assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        con.close()
    spoilt = records_path().read_bytes()
    capsys.readouterr()
    assert _play(data / "second.json", "n\r", seats=ANN_BOTS, seed=3)[0] == 0
    err = capsys.readouterr().err
    assert "abluxxen: Game not recorded yet: move the damaged records file away." in err  # not "next time"
    assert records_path().read_bytes() == spoilt  # nothing written into a file that is not as made
    assert read_save(data / "second.json").finished  # the game waits in its save
    for args in (("--lang", "en"), ("--json",)):
        status, out, err = _stats(capsys, *args)
        assert status == 1 and out == "" and len(err.strip().splitlines()) == 1
        assert err.startswith("abluxxen: The records file is damaged")
    status = main(["review", "--seat", "Ann", "--json", "--think", "20"])
    out, err = capsys.readouterr()
    assert status == 0 and json.loads(out)["seat"] == "Ann"  # found among the saves
    assert err.count("\n") == 1 and "damaged" in err


def test_a_stranger_database_is_refused_and_left_alone() -> None:
    with sqlite3.connect(records_path()) as con:
        con.execute("CREATE TABLE photos (id INTEGER)")
    con.close()
    with pytest.raises(RecordsError) as caught:
        open_records().games()
    assert caught.value.kind == "damaged"
    with sqlite3.connect(records_path()) as con:
        assert con.execute("SELECT name FROM sqlite_master").fetchall() == [("photos",)]
    con.close()


def test_a_damaged_transcript_is_refused_by_number() -> None:
    _v1_database(records_path())
    with sqlite3.connect(records_path()) as con:
        con.execute("UPDATE transcripts SET doc = '{\"start\": {}, \"moves\": []}'")
    con.close()
    with pytest.raises(RecordsError) as caught:
        open_records().get(1)
    assert caught.value.kind == "damaged" and "game 1" in caught.value.detail


# -- the command ------------------------------------------------------------------------


def test_stats_without_records_says_so_and_creates_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _stats(capsys, "--lang", "de")
    assert status == 0 and err == ""
    assert out.strip() == "Noch keine Partien aufgezeichnet: Jede beendete Partie wird hier festgehalten."
    status, out, _ = _stats(capsys, "--json")
    doc = json.loads(out)
    assert status == 0 and (doc["games"], doc["players"]) == ([], [])
    assert [(b["level"], b["games"]) for b in doc["bots"]] == [("easy", 0), ("normal", 0), ("hard", 0)]
    assert not records_path().exists()


def test_stats_of_an_unknown_name_is_one_line_and_status_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _play(tmp_path / "g.json", "n\r", seats=ANN_BOTS, seed=1)
    status, out, err = _stats(capsys, "Zed", "--lang", "en")
    assert status == 1 and out == ""
    assert err == "abluxxen: No recorded games of 'Zed' (players: Ann).\n"
    # A name that is also a word is quoted like any other, never twice.
    assert _stats(capsys, "Nobody", "--lang", "en")[2] == "abluxxen: No recorded games of 'Nobody' (players: Ann).\n"
    assert _stats(capsys, "Ada", "--lang", "en")[0] == 1  # a bot's seat is not a player's record


def test_a_version_3_database_gets_the_seats_accounts_and_keeps_its_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _v1_database(records_path())
    with sqlite3.connect(records_path()) as con:  # brought to version 3 as that version's game did
        for version in (1, 2):
            con.executescript(records_schema.MIGRATIONS[version])
        con.execute("PRAGMA user_version = 3")
    con.close()
    with open_records() as records:
        (old,) = records.games()
    assert old.accounts == (None, None, None) and old.seats[0] == ("Ann", None)
    with sqlite3.connect(records_path()) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == records_schema.SCHEMA_VERSION
    con.close()
    _play(tmp_path / "g.json", "n\r", seats=ANN_BOTS, seed=4)  # new games go on being added
    with open_records() as records:
        assert [g.accounts for g in records.games()] == [(None, None, None)] * 2


def test_a_version_4_database_gets_its_ratings_stored_and_keeps_its_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _v1_database(records_path())
    with sqlite3.connect(records_path()) as con:  # brought to version 4 as that version's game did
        for version in (1, 2, 3):
            con.executescript(records_schema.MIGRATIONS[version])
        con.execute("PRAGMA user_version = 4")
    con.close()
    status, out, _ = _stats(capsys, "Ann", "--json")
    assert status == 0 and json.loads(out)["players"][0]["rating"]["games"] == 1
    with sqlite3.connect(records_path()) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == records_schema.SCHEMA_VERSION
        assert con.execute("SELECT last FROM ratings_basis").fetchall() == [(1,)]
    con.close()
    _play(tmp_path / "g.json", "n\r", seats=ANN_BOTS, seed=4)  # new games go on being added, and rated
    with open_records() as records:
        assert recorded_ratings(records).players == rate(records.games()).players
        assert [g.number for g in records.games()] == [1, 2]


def test_a_version_5_database_counts_its_old_seats_as_their_peoples_own_and_rates_them_as_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _v1_database(records_path())
    with sqlite3.connect(records_path()) as con:  # brought to version 5 as that version's game did
        for version in (1, 2, 3, 4):
            con.executescript(records_schema.MIGRATIONS[version])
        con.execute("PRAGMA user_version = 5")
    con.close()
    with open_records() as records:
        (old,) = records.games()
        ann = recorded_ratings(records).person("Ann")
    assert (old.decisions, old.stood_in) == ((0, 0, 0), (0, 0, 0))  # not counted then: every seat its own
    assert ann is not None and ann.games == 1  # rated as it was
    with sqlite3.connect(records_path()) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == records_schema.SCHEMA_VERSION
    con.close()
    status, out, _ = _stats(capsys, "Ann", "--json")
    doc = json.loads(out)
    assert status == 0 and doc["players"][0]["stood_in"] == 0
    assert [s["rated"] for s in doc["games"][0]["seats"]] == [True] * 3
    _play(tmp_path / "g.json", "n\r", seats=ANN_BOTS, seed=4)  # new games go on being added, counted
    with open_records() as records:
        new = records.games()[1]
    assert all(made > 0 for made in new.decisions) and new.stood_in == (0, 0, 0)


def _v6_database(path: Path) -> Transcript:
    """A database as version 6 wrote it: the game of :func:`_v1_database`, Ann's decisions counted."""
    transcript = _v1_database(path)
    with sqlite3.connect(path) as con:  # brought to version 6 as that version's game did
        for version in (1, 2, 3, 4, 5):
            con.executescript(records_schema.MIGRATIONS[version])
        con.execute("UPDATE seats SET decisions = 30, stood_in = 4 WHERE seat = 0")
        con.execute("PRAGMA user_version = 6")
    con.close()
    return transcript


def test_a_version_6_database_gets_the_games_tournaments_and_keeps_its_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    transcript = _v6_database(records_path())
    with open_records() as records:
        (old,) = records.games()
        replayed = records.get(1)
    assert old.tournament is None and (old.decisions[0], old.stood_in[0]) == (30, 4)  # outside any, as it was
    assert replayed is not None and replayed.transcript.to_json() == transcript.to_json()
    with sqlite3.connect(records_path()) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == 7
    con.close()
    status, out, _ = _stats(capsys, "Ann", "--json")
    doc = json.loads(out)
    assert status == 0 and doc["games"][0]["tournament"] is None and doc["players"][0]["tournaments"] == []
    assert doc["players"][0]["rating"]["games"] == 1  # rated as before
    _play(tmp_path / "g.json", "n\r", seats=ANN_BOTS, seed=4)  # new games go on being added
    with open_records() as records:
        assert [(g.number, g.tournament) for g in records.games()] == [(1, None), (2, None)]


def _finished(club: dict[str, Any] | None) -> Saved:
    """A finished one-game match of Ann, Ben and a bot at a club's table (``club``), every move a bot's."""
    match = Match(Rules(3), games=1, seed=5, names=["Ann", "Ben", "Hal"])
    saved = Saved(match=match, seats=[Seat("Ann"), Seat("Ben"), Seat("Hal", "hard")], delay=0.0, club=club)
    bots_play(match.game, saved.transcript, "easy")
    match.record()
    saved.finished = True
    return saved


def test_a_tournament_tables_game_is_recorded_with_its_tournament_and_round_and_any_other_without() -> None:
    place = {"table": 4, "opener": "Ann", "settings": {"seats": 3}}
    in_cup = record_finished(_finished({**place, "tournament": {"number": 2, "name": "Spring cup", "round": 3}}),
                             seed_shown=True)
    outside = record_finished(_finished(place), seed_shown=True)
    alone = record_finished(_finished(None), seed_shown=True)
    with open_records() as records:
        games = {g.number: g for g in records.games()}
        assert [g.number for g in records.games(in_tournaments=True)] == [in_cup]
        results = {r.number: r.tournament for r in records.results()}
        got = records.get(in_cup)
    assert games[in_cup].tournament == TournamentRound(2, "Spring cup", 3) == results[in_cup]
    assert got is not None and got.tournament == (2, "Spring cup", 3)  # a review's game too
    assert games[outside].tournament is None and games[alone].tournament is None
    assert results[outside] is None and results[alone] is None


@pytest.mark.parametrize("tournament", [
    "tournament = 2, tournament_name = NULL, tournament_round = 1",   # half a tournament
    "tournament = 2, tournament_name = 'Cup', tournament_round = 0",  # a round no tournament has
    "tournament = 0, tournament_name = 'Cup', tournament_round = 1",
    "tournament = 2, tournament_name = '', tournament_round = 1",
    "tournament = 2, tournament_name = 'Cup', tournament_round = 100",
    f"tournament = 2, tournament_name = '{'x' * 41}', tournament_round = 1",
])
def test_a_tournament_not_as_a_club_gives_it_is_a_damaged_game_left_out(tournament: str) -> None:
    _v1_database(records_path())
    with open_records() as records:
        assert records.count() == 1
    with sqlite3.connect(records_path()) as con:
        con.execute(f"UPDATE games SET {tournament}")
    con.close()
    with open_records() as records:
        assert records.games() == [] and records.results() == [] and [d.number for d in records.damaged()] == [1]


def test_a_count_of_stand_in_decisions_that_does_not_add_up_is_a_damaged_game_left_out() -> None:
    _v1_database(records_path())
    with open_records() as records:
        assert records.count() == 1
    with sqlite3.connect(records_path()) as con:
        con.execute("UPDATE seats SET decisions = 3, stood_in = 4 WHERE seat = 0")
    con.close()
    with open_records() as records:
        assert records.games() == [] and [d.number for d in records.damaged()] == [1]
        assert "stand-in" in records.damaged()[0].reason


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_details_and_chart_fit_80_columns_and_23_rows(lang: str) -> None:
    from abluxxen.store.records_reading import SeatResult

    scores = [(-1) ** i * (i * 7 % 61) for i in range(45)]
    results = [SeatResult(i + 1, 0, "Maximiliane", s, s > 20, "2026-11-23T10:00:00+00:00", i % 5 == 0,
                          frozenset({"easy", "normal", "hard", "humans"}), 40, 30 if i % 7 == 0 else 0)
               for i, s in enumerate(scores)]
    cups = [TournamentPlayed(n, "Großer Preis der Abluxxen-Freunde Süd 20"[:40], [1, 2], 9, 12.5) for n in range(6)]
    for games, played in ((3, cups), (38, cups[:4]), (38, [])):  # a provisional rating, a settled one
        ratings = Ratings()
        ratings.players["name:maximiliane"] = Rating("name:maximiliane", "Maximiliane", None, 30.0, 3.0, games)
        console = Console(file=io.StringIO(), width=80, color_system=None)
        stats = all_players(results)[0]
        stats.tournaments = played  # as many as are shown beside the opponents, or more, or none
        console.print(*details(stats, Tr(lang), ratings), sep="\n")
        lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
        assert len(lines) <= 22 and max(cell_len(line) for line in lines) <= 80
        assert sum("7 " in line and ("stand-in" in line or "Ersatz-Bot" in line) for line in lines) == 1
    bars = chart([(s, s > 20) for s in scores[-30:]])
    columns = [[row.plain[6 + 2 * i] for row in bars[:-1]] for i in range(30)]
    for (score, _), column in zip([(s, 0) for s in scores[-30:]], columns, strict=True):
        axis = [row.plain[5] for row in bars[:-1]].index("┼")
        above, below = column[:axis].count("█"), column[axis + 1:].count("█")
        assert (above > 0) == (score > 0) and (below > 0) == (score < 0)  # each game on its side of 0


def test_a_save_keeps_its_match_key_and_an_older_save_gets_one() -> None:
    match = Match(Rules(2), games=1, seed=1, names=["Ann", "Ben"])
    saved = Saved(match=match, seats=ANN_BEN)
    doc: dict[str, Any] = json.loads(json.dumps(to_document(saved)))
    assert from_document(doc).match_key == saved.match_key
    del doc["match_key"]
    assert re.fullmatch(r"[0-9a-f]{16}", from_document(doc).match_key)
    doc["match_key"] = "../etc\n"
    with pytest.raises(ValueError, match="match_key"):
        from_document(doc)
