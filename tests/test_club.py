"""``abluxxen club``: accounts by key at the door, the lobby, its tables, a restart."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import asyncssh
import pytest
from clubbing import (
    ANN,
    BEN,
    CY,
    clubbed,
    enter,
    faulty_lines,
    faulty_screens,
    held_saves,
    kept_state,
    knock,
    move_at,
    play_out_by_save,
    read_pages,
    room_of,
    saved_game,
    seated,
)
from helpers import named
from hosting import WAIT, Client, decides, play_out, taken
from prompt_toolkit.formatted_text import StyleAndTextTuples
from pty_screen import FRAME_END
from waiting import until, until_blocking

from abluxxen.cli.main import main
from abluxxen.club import frames
from abluxxen.club import lobby as club_module
from abluxxen.club import screens as lobby_module
from abluxxen.club import workers as workers_module
from abluxxen.club.lobby import Club
from abluxxen.club.screens import LobbyScreen
from abluxxen.club.settings import Settings
from abluxxen.club.state import STATE_FILE, ClubState
from abluxxen.club.visitors import ClubTable, Visitor
from abluxxen.club.workers import Workers
from abluxxen.host.door import MAX_WRONG, Door
from abluxxen.host.keys import fingerprint, host_key
from abluxxen.i18n.tr import Tr
from abluxxen.store.accounts import Accounts, Verdict, open_accounts, skeleton
from abluxxen.store.journal import record_waiting
from abluxxen.store.ratings import Ratings, recorded_ratings
from abluxxen.store.records import open_records, record_finished
from abluxxen.store.records_db import RecordsError
from abluxxen.store.save_lock import SaveLock
from abluxxen.table.chat import Chat

# -- accounts -------------------------------------------------------------------------------------


def test_two_keys_claim_two_names_and_a_third_key_is_refused_one_of_them_and_told_why(tmp_path: Path) -> None:
    async def test(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ben = await enter(port, "ben", key=BEN)
        await ann.sees("Ben")  # who is online
        ann.close()
        ben.close()
        await until(lambda: not club.online(), "Ann and Ben to leave the club", WAIT)
        refused, told = await knock(port, "Ann", key=CY)
        assert isinstance(refused, Exception)
        assert "The name Ann belongs to another SSH key" in "".join(told.banners)
        again = await enter(port, "ann", key=ANN)  # the key that claimed it is Ann, in any case
        await again.sees("You: Ann")
        refused, told = await knock(port, "cy", key=ANN)  # one key, one name
        assert isinstance(refused, Exception)
        assert "Your SSH key is Ann's: log in as Ann" in "".join(told.banners)

    clubbed(tmp_path, test)
    accounts = open_accounts(tmp_path)
    assert accounts.account("ANN") == "Ann" and accounts.account("ben") == "Ben"
    assert accounts.account("cy") is None


def test_a_login_that_waits_on_a_busy_accounts_file_holds_up_nobody_else(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Another process (a backup, an operator's sqlite3) holds the accounts file: a newcomer's login waits
    # for it, in a thread; the people already in the club are served meanwhile.
    asked: list[str] = []
    verdict = Accounts.verdict

    def asking(self: Accounts, name: str, key: str) -> Verdict:
        asked.append(name)
        return verdict(self, name, key)
    monkeypatch.setattr(Accounts, "verdict", asking)

    async def test(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        holder = sqlite3.connect(tmp_path / "club.sqlite3", isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            coming = asyncio.ensure_future(enter(port, "ben", key=BEN))
            await until(lambda: "ben" in asked, "Ben's login to ask the accounts (and wait on the file)", WAIT)
            ann.type("say is anyone there?")
            await ann.sees("Ann: is anyone there?", 3)  # within the file's busy timeout (5 s)
            assert not coming.done()
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        ben = await asyncio.wait_for(coming, WAIT)
        await ben.sees("You: Ben")

    clubbed(tmp_path, test)


def test_a_lookalike_of_a_claimed_name_or_an_unreadable_one_is_refused(tmp_path: Path) -> None:
    accounts = Accounts(tmp_path / "a.sqlite3")
    assert accounts.claim("ann", "SHA256:a").why == ""
    assert skeleton("Ann") == skeleton("ANN") == skeleton("Ánn")
    assert accounts.verdict("Ánn", "SHA256:b").why == "lookalike"
    assert accounts.verdict("B0b", "SHA256:b").new and accounts.claim("Bob", "SHA256:b").why == ""
    assert accounts.verdict("B0b", "SHA256:c") .why == "lookalike"
    assert accounts.verdict("Аnn", "SHA256:c").why == "club.name.letters"  # a Cyrillic А
    assert accounts.verdict("a\x1b[2J", "SHA256:c").why == "club.name.letters"
    assert accounts.verdict("averyveryverylongname", "SHA256:c").why == "club.name.long"
    assert accounts.verdict("Jörg", "SHA256:c").new


def test_a_name_of_punctuation_alone_or_a_claimed_one_with_punctuation_more_is_refused(tmp_path: Path) -> None:
    accounts = Accounts(tmp_path / "a.sqlite3")
    assert accounts.claim("Ann", "SHA256:a").why == "" and accounts.claim("Jo-Ann", "SHA256:j").why == ""
    for lookalike, theirs in (("Ann.", "Ann"), ("A.n_n", "Ann"), ("_ann-", "Ann"), ("JoAnn", "Jo-Ann"),
                              ("jo.ann.", "Jo-Ann")):
        assert accounts.verdict(lookalike, "SHA256:b") == Verdict("lookalike", theirs), lookalike
    for punctuation in (".", "__", "-.-"):
        assert accounts.verdict(punctuation, "SHA256:b").why == "club.name.punctuation", punctuation
    assert accounts.verdict("Ann", "SHA256:a").why == "" and accounts.verdict("Jo-Ann", "SHA256:j").why == ""

    async def test(club: Club, port: int) -> None:
        await enter(port, "ann", key=ANN)
        refused, told = await knock(port, "Ann.", code="open door")  # no guest passes for Ann
        assert isinstance(refused, Exception)
        assert "Ann is a member's name" in "".join(told.banners)
        refused, told = await knock(port, "__", key=BEN)
        assert isinstance(refused, Exception)
        assert "The name __ cannot be used here: a letter or a digit at least." in "".join(told.banners)

    clubbed(tmp_path / "club", test, code="open door")


@pytest.mark.skipif(not all(shutil.which(tool) for tool in ("ssh", "ssh-keygen")), reason="needs ssh and ssh-keygen")
def test_a_command_or_no_terminal_is_answered_with_why_and_exit_status_1_as_the_real_ssh_sees_it(
        tmp_path: Path) -> None:
    # ssh sends its command and the end of its input (</dev/null) at once: the end of input closed the
    # channel's way back before the answer was written, and ssh said nothing and exited with 255.
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / "key")], check=True)

    async def test(club: Club, port: int) -> None:
        for command, told in (["ls"], "runs no commands"), ([], "needs a terminal"):
            for _ in range(3):
                ssh = await asyncio.create_subprocess_exec(
                    "ssh", "-F", "none", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                    "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes", "-i", str(tmp_path / "key"), "-p", str(port),
                    "ann@127.0.0.1", *command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
                out, _ = await asyncio.wait_for(ssh.communicate(), WAIT)
                assert (ssh.returncode, told in out.decode()) == (1, True), (command, ssh.returncode, out)

    clubbed(tmp_path / "data", test)


def test_without_a_key_only_the_clubs_code_lets_a_guest_in(tmp_path: Path) -> None:
    async def test(club: Club, port: int) -> None:
        refused, told = await knock(port, "eve")
        assert isinstance(refused, Exception)
        assert "lets people in by SSH key" in "".join(told.banners)

    clubbed(tmp_path / "keys-only", test)

    async def with_code(club: Club, port: int) -> None:
        await enter(port, "ann", key=ANN)
        refused, told = await knock(port, "eve", code="wrong")
        assert isinstance(refused, Exception) and told.prompts[0] == "Guest code: "
        refused, told = await knock(port, "ann", code="open door")  # a member's name is no guest's
        assert isinstance(refused, Exception)
        assert "Ann is a member's name" in "".join(told.banners)
        eve = await enter(port, "eve", code="Open-Door")
        await eve.sees("You: eve (guest)")
        eve.type("new 2")
        await eve.sees("opening one needs an SSH key")

    clubbed(tmp_path / "with-code", with_code, code="open door")


def test_the_clubs_door_counts_wrong_guest_codes_and_locks_a_name_out_as_a_hosts_does_and_a_key_still_gets_in(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]

    async def test(club: Club, port: int) -> None:
        await enter(port, "ann", key=ANN)
        for _ in range(MAX_WRONG + 1):  # a client may be asked again on one connection: each try counts
            refused, told = await knock(port, "eve", code="wrong")
            assert isinstance(refused, Exception) and set(told.prompts) == {"Guest code: "}
            if told.banners:
                break
        refused, told = await knock(port, "eve", code="open door")  # the right code, for the locked name
        assert isinstance(refused, Exception)
        assert "Too many wrong codes for eve" in "".join(told.banners)
        assert "an account's SSH key gets in at once" in "".join(told.banners)  # no seat's key at a club
        await enter(port, "bob", code="open door")  # another name from the same address still gets in
        await enter(port, "ann", key=ANN)
        now[0] += 61
        eve = await enter(port, "eve", code="open door")
        await eve.sees("You: eve (guest)")

    with caplog.at_level(logging.INFO, logger="abluxxen.host"):
        clubbed(tmp_path / "club", test, code="open door", door=Door(clock=lambda: now[0]))
    said = caplog.text
    assert "Failed code for eve from 127.0.0.1 port" in said and "Locked out eve from 127.0.0.1" in said
    assert "Accepted code for guest eve from 127.0.0.1 port" in said
    assert re.search(r"Accepted publickey for ann from 127\.0\.0\.1 port \d+ SHA256:", said)


# -- tables ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_table_is_opened_joined_watched_played_to_its_end_and_recorded_and_no_session_sees_another_hand(
        tmp_path: Path, workers: int) -> None:
    rng = random.Random(4)

    async def test(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ben = await enter(port, "ben", key=BEN)
        ann.type("new 2 noduel")
        await ann.sees("Table 1 is open")
        await ben.sees("open: join 1")
        cy = await enter(port, "cy", key=CY)
        cy.type("watch 1")
        await cy.sees("has not started")
        ben.type("join 1")
        for client in (ann, ben):
            shown = await client.sees("What happened")
            assert shown.splitlines()[0].startswith("ABLUXXEN  table 1 · ")  # which of the club's tables
        assert club.tables[1].people() == ["Ann", "Ben"]
        assert (room_of(club, 1) is None) == bool(workers)  # in a worker, not in the club's own process
        cy.type("watch 1")
        await cy.sees("You are watching")
        await ann.sees("Ann, Ben")
        cy.type("say good luck")
        await ann.sees("good luck")
        assert await play_out_by_save(club, 1, {0: ann, 1: ben}, rng) > 5
        for client in (ann, ben, cy):
            await client.sees("is over")
        ann.type("")
        await ann.sees("lobby ›")
        # The game is rated by account: the winner rises above a newcomer's 1000, and ahead of the other.
        # Random moves now and then end in a shared win: then both rise alike, and are listed by name.
        with open_records() as records:
            (game,) = records.games()
        winner, loser = ("Ann", "Ben") if 0 in game.winners else ("Ben", "Ann")
        await ann.sees(lambda text: bool(re.search(rf"Online: .*{winner} \d{{3,4}}\?", text)))
        won, lost = (club.rating(club.visitors[name.casefold()]) for name in (winner, loser))
        assert won is not None and lost is not None and won.points > 1000
        assert won.points == lost.points if len(game.winners) > 1 else won.points > lost.points
        shown = await ann.sees("Top ratings")
        assert f"{winner}" in shown.split("Top ratings")[1] and "⚙hard" in shown
        assert f"{won.points}?" in shown.split("Top ratings")[1]  # one game: provisional
        ann.type("top")
        page = await ann.sees("Ratings: the club's members and the bot levels")
        # One game each: provisional ratings, marked so, and the mark explained.
        assert re.search(rf"1 +{winner} +{won.points}\? +1", page)
        assert re.search(rf"2 +{loser} +{lost.points}\? +1", page)
        assert "?: provisional, fewer than 20 rated games" in page
        assert "⚙easy" in page and "q or Enter: back to the lobby" in page
        ann.type("q")
        # Every hand a screen showed was its own; the watcher's showed none.
        for name, client in (("Ann", ann), ("Ben", ben)):
            other = "Ben" if name == "Ann" else "Ann"
            assert f"hand ({other})" not in client.term.all_raw()
            assert any(f"hand ({name})" in line for line in client.term.seen)
        assert "Your hand" not in cy.term.all_raw()

    clubbed(tmp_path, test, workers=workers)
    records = open_records()
    assert [[s[0] for s in g.seats] for g in records.games()] == [["Ann", "Ben"]]
    assert [g.accounts for g in records.games()] == [(f"key:{fingerprint(ANN)}", f"key:{fingerprint(BEN)}")]


def test_a_game_the_club_could_not_record_is_recorded_later_under_its_players_accounts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The club stopped (or its records were locked) between a game's end and its record: the finished save
    # waits, and whoever records it later must rate it by the players' keys, not by the names typed.
    tried: list[bool] = []

    def unrecordable(*args: object, **kwargs: object) -> int:
        tried.append(True)
        raise RecordsError("the records are busy")
    monkeypatch.setattr("abluxxen.table.table.record_finished", unrecordable)
    rng = random.Random(8)

    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1, "new 2 noduel")
        room = room_of(club, 1)
        assert room is not None
        await play_out(room, {0: ann, 1: ben}, rng)
        assert room.match.game.is_over
        await until(lambda: tried, "the club to try to record the game", WAIT)

    clubbed(tmp_path, test)
    monkeypatch.setattr("abluxxen.table.table.record_finished", record_finished)
    with open_records() as records:
        assert records.games() == []
    caught = record_waiting(tmp_path)
    assert len(caught.recorded) == 1 and caught.problem is None
    with open_records() as records:
        assert [g.accounts for g in records.games()] == [(f"key:{fingerprint(ANN)}", f"key:{fingerprint(BEN)}")]


def test_a_restarted_club_resumes_a_table_in_play_and_its_player_comes_back_to_her_seat(tmp_path: Path) -> None:
    played: list[int] = []

    async def first(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 bots 1")  # full at once: it starts
        await ann.sees("What happened")
        room = room_of(club, 1)
        assert room is not None
        for _ in range(3):
            await decides(room, 0)
            before = len(room.saved.transcript.moves)
            ann.type(room.match.game.view(0).legal_moves()[0])
            await taken(room, before, "Ann's")
        await decides(room, 0)
        played.append(len(room.saved.transcript.moves))

    clubbed(tmp_path, first)

    async def again(club: Club, port: int) -> None:
        link = club.tables[1].room
        assert link is not None and link.asleep  # listed from the club's database, asleep until needed
        wake = link.wake_at()  # Ann has the grace to come back, then a bot plays for her
        assert wake is not None and time.time() + 100 < wake <= time.time() + 120
        ben = await enter(port, "ben", key=BEN)
        await ben.sees("playing")
        ben.type("join 1")
        await ben.sees("watch it")  # not his seat
        ann = await enter(port, "ann", key=ANN)
        ann.type("join 1")
        await ann.sees("Your hand (Ann)")
        room = room_of(club, 1)
        assert room is not None and len(room.saved.transcript.moves) == played[0]  # from the very move

    clubbed(tmp_path, again)


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_club_does_not_resume_a_table_whose_save_another_process_holds_nor_write_over_it(
        tmp_path: Path, workers: int) -> None:
    async def first(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 bots 1")
        await ann.sees("What happened")

    clubbed(tmp_path, first)
    (save,) = tmp_path.glob("*-Ann-*.json")
    before = save.read_bytes()
    held = SaveLock(save).acquire()  # another club, say, plays it

    async def again() -> list[str]:
        elsewhere = Workers(workers)
        await elsewhere.start()
        club = Club(tmp_path, open_accounts(tmp_path), delay=0, elsewhere=elsewhere)
        try:
            return club.resume()
        finally:
            club.stop()
            await elsewhere.ended()

    try:
        problems = asyncio.run(again())
    finally:
        held.release()
    assert len(problems) == 1 and "cannot be resumed" in problems[0]
    assert save.read_bytes() == before


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_save_no_table_names_is_set_aside_at_the_start_and_a_finished_one_is_recorded_not_set_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: int) -> None:
    tried: list[bool] = []

    def unrecordable(*args: object, **kwargs: object) -> int:
        tried.append(True)
        raise RecordsError("the records are busy")
    monkeypatch.setattr("abluxxen.table.table.record_finished", unrecordable)
    rng = random.Random(8)

    async def first(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1, "new 2 noduel")
        room = room_of(club, 1)
        assert room is not None
        await play_out(room, {0: ann, 1: ben}, rng)  # its finished save waits: the records were busy
        await until(lambda: tried, "the club to try to record the game", WAIT)
        ann.type("")
        await ann.sees("lobby ›")
        ann.type("new 2 bots 1")  # table 2, in play when the club stops
        await ann.sees("What happened")

    clubbed(tmp_path, first)
    monkeypatch.setattr("abluxxen.table.table.record_finished", record_finished)
    saves = sorted(p.name for p in tmp_path.glob("*.json"))
    assert len(saves) == 2  # the finished game's, and table 2's
    (playing,) = [table["save"] for table in kept_state(tmp_path)["tables"]]
    orphan = tmp_path / "20250101-120000-Zed.json"  # left by a crash, say: no table names it
    shutil.copy(tmp_path / playing, orphan)
    kept = orphan.read_bytes()
    events: list[tuple[str, dict[str, object]]] = []

    async def again() -> tuple[list[str], list[str], bool]:
        elsewhere = Workers(workers)
        await elsewhere.start()
        club = Club(tmp_path, open_accounts(tmp_path), delay=0, elsewhere=elsewhere,
                    on_event=lambda key, fields: events.append((key, fields)))
        try:
            return club.resume(), club.orphans, 2 in club.tables
        finally:
            club.stop()
            await elsewhere.ended()

    problems, orphans, resumed = asyncio.run(again())
    assert problems == [] and resumed
    assert orphans == [orphan.name]
    assert not orphan.exists() and (tmp_path / "orphans" / orphan.name).read_bytes() == kept
    assert [fields["name"] for key, fields in events if key == "club.log.orphan"] == [orphan.name]
    with open_records() as records:
        assert len(records.games()) == 1  # the finished save was the journal's: recorded, not set aside
    assert sorted(p.name for p in (tmp_path / "orphans").iterdir()) == [orphan.name]
    assert (tmp_path / playing).exists()


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_backup_made_while_the_club_runs_restores_a_club_whose_table_plays_on_from_the_same_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: int) -> None:
    data = Path(os.environ["ABLUXXEN_DATA_DIR"])
    host_key(data)
    backup = tmp_path / "backup"
    rng = random.Random(3)
    at_backup: list[int] = []

    async def backing_up(*args: str) -> tuple[int, str]:
        """``abluxxen club --backup`` run as an admin runs it, beside the club."""
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "abluxxen", "club", "--lang", "en", *args, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, env={**os.environ, "ABLUXXEN_DATA_DIR": str(data)})
        out, _ = await process.communicate()
        return process.returncode or 0, out.decode()

    async def first(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 bots 1")  # a game to the end: in the records
        await ann.sees("What happened")
        await play_out_by_save(club, 1, {0: ann}, rng)
        await ann.sees("is over")
        ann.type("")
        await ann.sees("lobby ›")
        ben = await enter(port, "ben", key=BEN)
        ann.type("new 2")
        await ann.sees("Table 2 is open")
        ben.type("join 2")
        await ben.sees("What happened")
        saved = saved_game(club, 2)
        assert saved is not None
        at_backup.append(len(saved.transcript.moves))
        assert club.mute("Ben", 60, by="Cy")[0] == "club.muted"
        club.say(club.visitors["ann"], "see you after the backup")
        status, said = await backing_up("--backup", str(backup))
        assert status == 0, said
        lines = said.strip().splitlines()
        assert len(lines) == 2
        assert re.match(rf"Backed up into {named(backup)}: the club's state \(1 table\), 1 save, ", lines[0]), lines[0]
        assert f"ABLUXXEN_DATA_DIR={backup})" in lines[1]  # whole: a line to act on
        assert "the accounts, the records, the host key." in lines[0] and "To restore" in lines[1]
        status, said = await backing_up("--backup", str(backup))
        assert status == 2 and said.count("\n") == 1 and "not empty" in said
        assert await move_at(club, 2, {0: ann, 1: ben}) == at_backup[0] + 1  # the club plays on

    clubbed(data / "club", first, workers=workers)
    assert sorted(p.name for p in backup.iterdir()) == ["club", "host_key", "records.sqlite3"]
    assert (backup / "host_key").read_bytes() == (data / "host_key").read_bytes()

    restored = tmp_path / "restored"
    shutil.copytree(backup, restored)
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(restored))  # the copy is the data folder now

    async def again(club: Club, port: int) -> None:
        saved = saved_game(club, 2)
        assert saved is not None and len(saved.transcript.moves) == at_backup[0]
        assert club.talk.say("Ben", "hello") == "host.chat.silenced"  # the mute is back
        assert [said.text for said in club.talk.lines] == ["see you after the backup"]  # and the lobby's chat
        refused, told = await knock(port, "cy", key=ANN)  # the accounts are back: Ann's key is Ann's
        assert isinstance(refused, Exception) and "Your SSH key is Ann's" in "".join(told.banners)
        ann = await enter(port, "ann", key=ANN)
        ben = await enter(port, "ben", key=BEN)
        ann.type("join 2")
        ben.type("join 2")
        for client in (ann, ben):
            await client.sees("What happened")
        assert await move_at(club, 2, {0: ann, 1: ben}) == at_backup[0] + 1  # and plays on

    clubbed(restored / "club", again, workers=workers)
    with open_records(restored) as records:
        assert [g.accounts for g in records.games()] == [(f"key:{fingerprint(ANN)}", None)]


def test_a_club_whose_database_was_cut_in_half_plays_its_tables_on_from_their_saves(tmp_path: Path) -> None:
    # Wherever a table plays, its save is written from the same document (its club's place in it too: see
    # test_save's round trip), so one place to play it is enough here.
    rng = random.Random(5)
    moves: list[int] = []

    async def first(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 bots 1 clock 600")
        await ann.sees("What happened")
        made = await move_at(club, 1, {0: ann}, rng.choice)  # the save as its table (a worker, say) writes it
        assert made is not None
        moves.append(made)

    clubbed(tmp_path, first)
    state = tmp_path / STATE_FILE
    whole = state.read_bytes()
    state.write_bytes(whole[:len(whole) // 2])

    async def again(club: Club, port: int) -> None:
        assert club.rebuilt is not None and club.rebuilt.tables == 1
        assert club.tables[1].settings.clock == 600
        saved = saved_game(club, 1)
        assert saved is not None and len(saved.transcript.moves) >= moves[0]
        ann = await enter(port, "ann", key=ANN)
        await ann.sees("Your seat at table 1 waits for you")
        ann.type("join 1")
        await ann.sees("Your hand (Ann)")
        assert await move_at(club, 1, {0: ann}, rng.choice)  # playable

    clubbed(tmp_path, again)
    assert not (tmp_path / "orphans").exists()
    (aside,) = tmp_path.glob(f"{STATE_FILE}.damaged-*")
    assert aside.read_bytes() == whole[:len(whole) // 2]  # set aside as it was, never written over


def test_a_restarted_club_keeps_a_table_still_waiting_for_people_and_its_opener_sits_at_it_again(
        tmp_path: Path) -> None:
    async def first(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 3 bots 1")
        await ann.sees("Table 1 is open")

    clubbed(tmp_path, first)

    async def again(club: Club, port: int) -> None:
        ben = await enter(port, "ben", key=BEN)
        await ben.sees("Ann · 1 open · 1 bot")
        await ben.sees("open: join 1")
        ann = await enter(port, "ann", key=ANN)
        await ann.sees("You sit at table 1")  # her seat, and the table still hers to start
        ben.type("join 1")  # the last open seat: it starts, Ann and Ben at it
        for client in (ann, ben):
            await client.sees("What happened")
        room = room_of(club, 1)
        assert room is not None and [c.name for c in room.chairs.values()][:2] == ["Ann", "Ben"]

    clubbed(tmp_path, again)


# -- tables in worker processes -------------------------------------------------------------------


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_an_admin_closes_a_table_in_play_and_bans_a_key_at_a_table(tmp_path: Path, workers: int) -> None:
    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1)
        ann.type("quit")  # back to the lobby: her seat waits for her
        shown = await ann.sees("Back in the lobby.")
        assert shown.count("Your seat at table 1 waits for you: join 1.") == 1
        # An admin's help tells her orders.
        assert "ban NAME    ban the key of the account NAME" in await read_pages(ann, "?")
        ann.type("close 1")
        await ann.sees("Table 1 is closed")
        await ben.sees("An admin closed table 1.")
        page = await read_pages(ben, "?")
        assert "The club's lobby" in page and "As an admin" not in page and "ban NAME" not in page
        assert 1 not in club.tables
        ann.type("new 2")
        await ann.sees("Table 2 is open")
        ben.type("join 2")
        await ben.sees("What happened")
        await ann.sees("What happened")
        ann.type("quit")
        await ann.sees("lobby ›")
        ann.type("ban Ben")
        await ann.sees("Ben's key is banned.")
        await ben.ends()
        assert "An admin banned your key from the club." in ben.term.text()
        refused, told = await knock(port, "ben", key=BEN)
        assert isinstance(refused, Exception) and "This SSH key is banned" in "".join(told.banners)

    clubbed(tmp_path, test, admins=["Ann"], workers=workers)


def test_an_admin_unbans_a_key_that_then_logs_in_again_and_her_help_lists_every_order(tmp_path: Path) -> None:
    events: list[str] = []

    async def test(club: Club, port: int) -> None:
        club.on_event = lambda key, fields: events.append(key)
        ann = await enter(port, "ann", key=ANN)
        ben = await enter(port, "ben", key=BEN)
        ann.type("ban Ben")
        await ben.ends()
        refused, _ = await knock(port, "ben", key=BEN)
        assert isinstance(refused, Exception)
        ann.type("unban Zed")
        await ann.sees("No account called Zed is banned.")
        ann.type("unban Ben")
        await ann.sees("Ben's key may come back.")
        ben = await enter(port, "ben", key=BEN)
        await ben.sees("You: Ben")
        ann.type("unban Ben")
        await ann.sees("No account called Ben is banned.")
        ben.type("unban Ann")
        await ben.sees("“unban” works only for the club's admins, in the lobby.")
        page = await read_pages(ann, "?")
        assert "ban NAME    ban the key of the account NAME" in page
        assert "unban NAME  let the key of the account NAME in again" in page
        assert "kick NAME   send NAME back to the lobby" in page and "mute NAME [MINUTES]" in page
        assert "unmute NAME NAME may talk again" in page

    clubbed(tmp_path, test, admins=["Ann"])
    assert events.count("club.log.unbanned") == 1


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_an_admin_kicks_a_player_back_to_the_lobby_and_her_seat_waits_for_her_as_a_dropped_one(
        tmp_path: Path, workers: int) -> None:
    events: list[str] = []

    async def test(club: Club, port: int) -> None:
        club.on_event = lambda key, fields: events.append(key)
        cy = await enter(port, "cy", key=CY)
        ann = await enter(port, "ann", key=ANN)
        ben = await enter(port, "ben", key=BEN, lang="de")
        ann.type("new 2")
        await ann.sees("Table 1 is open")
        ben.type("setzen 1")
        await ann.sees("What happened")
        await ben.sees("Was geschah")
        cy.type("kick Ben")
        await cy.sees("Ben is back in the lobby from table 1 (not banned: the seat waits).")
        shown = await ben.sees("Ein Admin hat dich von Tisch 1 zurück in die Lobby geschickt.")
        assert "Dein Platz an Tisch 1 wartet auf dich: setzen 1." in shown
        await ann.sees("Ben away (")  # the grace of a dropped seat, then a bot
        ben.type("rauswerfen Cy")
        await ben.sees("„kick“ geht nur für die Admins des Clubs, in der Lobby.")
        cy.type("kick Zed")
        await cy.sees("Nobody called Zed is online.")
        cy.type("kick Cy")
        await cy.sees("Cy is at no table.")
        ben.type("setzen 1")  # not banned: back at her seat
        await ben.sees("Was geschah")
        await ann.sees(lambda text: "What happened" in text and "Ben away" not in text)

    clubbed(tmp_path, test, admins=["Cy"], workers=workers)
    assert events.count("club.log.kicked") == 1


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_an_admin_mutes_someone_in_the_lobby_and_at_every_table_until_she_unmutes_them(
        tmp_path: Path, workers: int) -> None:
    events: list[str] = []

    async def test(club: Club, port: int) -> None:
        club.on_event = lambda key, fields: events.append(key)
        cy = await enter(port, "cy", key=CY)
        ann, ben = await seated(port, 1)
        cy.type("mute Ben soon")
        await cy.sees("mute takes 1 to 10080 minutes (a week), not soon.")
        cy.type("mute")
        await cy.sees("Type: unban NAME · kick NAME · mute NAME [MINUTES] · unmute NAME")
        cy.type("mute Ben")
        await cy.sees("Ben is muted for 10 min, in the lobby and at tables.")
        ben.type("say hello")  # at the table in play
        await ben.sees("An admin of the club has muted you for a while: you may talk again later.")
        ann.type("say hi")
        await ben.sees("Ann: hi")
        assert "hello" not in ann.term.text()
        ben.type("quit")
        await ben.sees("Back in the lobby.")
        ben.type("hello lobby")
        await ben.sees("An admin of the club has muted you for a while")
        ben.type("new 2 bots 1")  # a table that starts after the mute
        await ben.sees("What happened")
        ben.type("say hi there")
        await ben.sees("An admin of the club has muted you for a while")
        ben.type("quit")
        await ben.sees("Back in the lobby.")
        cy.type("unmute Ben")
        await cy.sees("Ben may talk again.")
        ben.type("hello again")
        await cy.sees("Ben: hello again")
        assert "hello lobby" not in cy.term.all_raw()
        cy.type("unmute Ben")
        await cy.sees("Ben is not muted.")

    clubbed(tmp_path, test, admins=["Cy"], workers=workers)
    assert events.count("club.log.muted") == 1 and events.count("club.log.unmuted") == 1


def test_every_admin_order_is_logged_with_her_name_and_names_others_as_their_accounts_have_them(
        tmp_path: Path) -> None:
    english = Tr("en")
    logged: list[str] = []

    async def test() -> None:
        accounts = open_accounts(tmp_path)
        assert accounts.claim("Ben", "SHA256:ben").new
        elsewhere = Workers(0)
        await elsewhere.start()
        club = Club(tmp_path, accounts, delay=0, elsewhere=elsewhere,
                    on_event=lambda key, fields: logged.append(english(key, **fields)))
        try:
            ben = Visitor("Ben", "SHA256:ben")
            club.come(ben)
            club.open_table(ben, Settings(seats=3))
            assert club.kick("ben", by="Cy")[0] == "club.kicked"
            club.open_table(ben, Settings(seats=3))
            club.close_table(club.tables[2], by="Cy")
            assert club.mute("BEN", 10, by="Cy") == ("club.muted", {"name": "Ben", "minutes": 10})
            assert club.unmute("ben", by="Cy") == ("club.unmuted", {"name": "Ben"})
            assert club.ban("bEn", by="Cy") == "Ben"
            assert club.unban("BEN", by="Cy") == ("club.unbanned", {"name": "Ben"})
        finally:
            club.stop()
            await elsewhere.ended()
            accounts.close()

    before = time.time()
    asyncio.run(test())
    orders = [line for line in logged if "Cy" in line]
    assert orders == ["Cy sent Ben back to the lobby from table 1", "Cy closed table 2", "Cy muted Ben for 10 min",
                      "Cy let Ben talk again", "Cy banned Ben's key", "Cy let Ben's key in again"], logged
    state = ClubState(tmp_path, lambda key, fields: None)  # and kept in the club's database, with her name
    kept = state.orders()
    state.close()
    assert [order[1:] for order in kept] == [
        ("Cy", "kicked", "Ben", {"n": 1}), ("Cy", "closed", "2", {"n": 2}), ("Cy", "muted", "Ben", {"minutes": 10}),
        ("Cy", "unmuted", "Ben", {}), ("Cy", "banned", "Ben", {}), ("Cy", "unbanned", "Ben", {})]
    assert all(before <= order[0] <= time.time() for order in kept)  # when, on the calendar


def test_a_mute_holds_over_a_restart_for_what_is_left_of_it_in_the_lobby_and_at_a_resumed_table(
        tmp_path: Path) -> None:
    english = Tr("en")
    logged: list[str] = []
    calendar = [2_000_000_000.0]  # the calendar goes on over a restart; the monotonic clock starts anew

    async def club_at(clock: float) -> tuple[Club, Workers]:
        elsewhere = Workers(0)
        await elsewhere.start()
        club = Club(tmp_path, open_accounts(tmp_path), delay=0, elsewhere=elsewhere, clock=lambda: clock,
                    wall=lambda: calendar[0], on_event=lambda key, fields: logged.append(english(key, **fields)))
        assert club.resume() == []
        return club, elsewhere

    async def first() -> None:
        club, elsewhere = await club_at(1_000.0)
        ann = Visitor("Ann", "SHA256:ann")
        club.come(ann)
        club.open_table(ann, Settings(seats=2, bots=1))  # it starts: table 1 plays
        assert club.mute("Ann", 10, by="Cy")[0] == "club.muted"
        club.stop()
        await elsewhere.ended()

    async def again() -> None:
        club, elsewhere = await club_at(5.0)
        try:
            assert club.talk.say("ann", "hello") == "host.chat.silenced"
            room = await until(lambda: room_of(club, 1), "the table to be played anew from its save", WAIT)
            assert room is not None
            assert room.talk.say("Ann", "hello") == "host.chat.silenced"
            assert club.unmute("ANN", by="Cy") == ("club.unmuted", {"name": "Ann"})
            assert club.talk.say("Ann", "hello") == ""
            await until(lambda: "ann" not in room.talk.silenced,  # (through its worker's frames)
                        "the order to reach the table", WAIT)
        finally:
            club.stop()
            await elsewhere.ended()

    asyncio.run(first())
    calendar[0] += 4 * 60
    asyncio.run(again())
    assert "Ann is still muted for 6 min (kept over the restart)" in logged
    assert "Cy let Ann talk again" in logged


def test_a_mute_for_some_minutes_ends_by_itself() -> None:
    now = [0.0]
    chat = Chat(lambda: now[0])
    chat.silence("Ben", 60)
    assert chat.say("ben", "hello") == "host.chat.silenced"
    assert chat.say("Ann", "hello") == ""
    now[0] = 61.0
    assert chat.say("Ben", "hello") == ""


def test_a_restarted_club_resumes_a_table_that_played_in_a_worker(tmp_path: Path) -> None:
    rng = random.Random(2)
    moves: list[int] = []

    async def first(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 bots 1")
        await ann.sees("What happened")
        for _ in range(3):
            made = await move_at(club, 1, {0: ann}, rng.choice)
        assert made is not None
        moves.append(made)

        stopping.append(ann)

    stopping: list[Client] = []
    clubbed(tmp_path, first, workers=1)
    (ann,) = stopping
    assert "The club closes. Your game is saved: it goes on when the club opens again" in ann.term.all_raw()

    async def again(club: Club, port: int) -> None:
        saved = saved_game(club, 1)
        assert saved is not None and len(saved.transcript.moves) >= moves[0]
        ann = await enter(port, "ann", key=ANN)
        await ann.sees("Your seat at table 1 waits for you")
        ann.type("join 1")
        await ann.sees("Your hand (Ann)")

    clubbed(tmp_path, again, workers=1)


def test_a_worker_that_dies_is_replaced_and_its_table_plays_on_from_its_save(tmp_path: Path) -> None:
    # A worker's failure (a crash, the system killing it) must cost no game: its people are told and back
    # in the lobby, and a new worker plays the table on from the last move saved.
    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1)
        assert await move_at(club, 1, {0: ann, 1: ben}) == 1
        workers = club.elsewhere
        assert isinstance(workers, Workers)
        os.kill(workers.workers[0].pid, signal.SIGKILL)
        for client in (ann, ben):
            await client.sees("Table 1 stopped: the process it played in failed")
        ann.type("join 1")
        ben.type("join 1")
        for client, name in ((ann, "Ann"), (ben, "Ben")):
            shown = await client.sees(f"Your hand ({name})")
            assert "• Game 1: Ann starts." in shown or "What happened" in shown
        again = saved_game(club, 1)
        assert again is not None and len(again.transcript.moves) == 1

    clubbed(tmp_path, test, workers=1)


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_player_whose_connection_drops_is_away_at_once_and_a_bot_plays_for_him_after_the_grace(
        tmp_path: Path, workers: int) -> None:
    # Wherever the table plays, a lost connection is the same: the others see him away, then a bot.
    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1, "new 2 noduel")
        ben.conn.close()
        await ann.sees("Ben away (", 5)
        await ann.sees("Ben away (a bot plays)", 10)
        assert club.tables[1].stage == "playing"

    clubbed(tmp_path, test, grace=2, workers=workers)


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_game_a_stand_in_played_for_a_member_is_recorded_under_her_key_and_rates_nobody(
        tmp_path: Path, workers: int, capsys: pytest.CaptureFixture[str]) -> None:
    # Ann opens a table against a bot, goes back to the lobby and leaves: after the grace a stand-in plays her
    # seat to the end. Her game counts as played, under her key; a bot's play earns her no rating.
    account = f"key:{fingerprint(ANN)}"

    async def test(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 bots 1")
        await ann.sees("What happened")
        ann.type("quit")
        await ann.sees("lobby ›")
        ann.conn.close()
        await until(_recorded, "the stand-in to play the game to its end, and the game recorded", 2 * WAIT,
                    every=0.05)

    clubbed(tmp_path, test, grace=0.5, workers=workers)
    with open_records() as records:
        (game,) = records.games()
        ratings = recorded_ratings(records)
    assert game.accounts == (account, None) and game.seats[1].bot == "normal"
    assert ratings.person("Ann", account) is None and ratings.players == Ratings().players  # nobody moved
    assert game.decisions[0] > 0 and game.stood_in[0] > game.decisions[0] / 2 and game.stood_in[1] == 0
    assert main(["stats", "Ann", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Ann: played 1" in out and "1 game played mostly by a stand-in bot: not rated" in out
    assert "Rating: none yet" in out
    assert main(["stats", "Ann", "--lang", "de"]) == 0
    assert "1 Partie meist von einem Ersatz-Bot gespielt: nicht gewertet" in capsys.readouterr().out
    assert main(["stats", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["players"][0]["stood_in"] == 1 and doc["players"][0]["rating"] is None
    assert [seat["rated"] for seat in doc["games"][0]["seats"]] == [False, False]


def _recorded() -> bool:
    with open_records() as records:
        return records.count() > 0


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_screen_that_fails_takes_its_person_back_to_the_lobby_and_the_clubs_log_says_why(
        tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    fault = faulty_screens(monkeypatch, tmp_path.parent / f"{tmp_path.name}-fault")

    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1, "new 2 noduel")
        fault.touch()
        ann.type("say hi")  # every screen at the table draws again, and fails
        for client in (ann, ben):
            await client.sees("Your screen at table 1 failed and was closed")
            assert not client.term.closed.is_set()  # still in the club
        fault.unlink()
        ann.type("join 1")
        await ann.sees("Your hand (Ann)")
        assert club.tables[1].stage == "playing"

    clubbed(tmp_path, test, workers=workers)
    logged = _club_log(caplog)
    assert "The screen of Ann failed" in logged and "RuntimeError: a fault drawing the table" in logged


def _club_log(caplog: pytest.LogCaptureFixture) -> str:
    """What the club logged: its own lines, and its workers' (which reach it as frames), wherever they went."""
    log_file = Path(os.environ["ABLUXXEN_DATA_DIR"]) / "host.log"
    return caplog.text + (log_file.read_text() if log_file.exists() else "")


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_line_that_meets_a_fault_is_told_in_one_line_and_logged_with_its_traceback_and_the_game_goes_on(
        tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    faulty_lines(monkeypatch, tmp_path.parent / f"{tmp_path.name}-fault")

    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1, "new 2 noduel")
        ann.type("log")
        await ann.sees("✗ That line met a fault in the program (it is logged); nothing else is lost.")
        ann.type("say still here")
        await ben.sees("Ann: still here")
        assert club.tables[1].stage == "playing"

    clubbed(tmp_path, test, workers=workers)
    logged = _club_log(caplog)
    assert "A line typed by Ann failed" in logged and "RuntimeError: a fault answering log" in logged
    assert "Traceback (most recent call last)" in logged


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_disk_that_hangs_holds_up_its_tables_move_alone_and_the_move_shows_once_it_is_on_disk(
        tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    gate, waiting = held_saves(monkeypatch, tmp_path.parent / f"{tmp_path.name}-disk")

    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1, "new 2 noduel")
        cy = await enter(port, "cy", key=CY)
        cy.type("watch 1")
        await cy.sees("You are watching")
        saved = saved_game(club, 1)
        assert saved is not None and saved.match.game.to_move is not None
        mover = saved.match.game.to_move
        other = (ann, ben)[1 - mover]
        assert other.term.text().count("no display yet") == 2
        gate.touch()
        await (ann, ben)[mover].enters(saved.match.game.view(mover).legal_moves()[0])
        await until(waiting.exists, "the move's save to wait on the disk", WAIT)
        cy.type("say still here")  # the process the table plays in serves everyone meanwhile
        await other.sees("still here")
        await enter(port, "dave", key=asyncssh.generate_private_key("ssh-ed25519"))  # and the door
        assert other.term.text().count("no display yet") == 2  # the move is not shown before it is on disk
        gate.unlink()
        await other.sees(lambda text: text.count("no display yet") == 1)
        now = saved_game(club, 1)
        assert now is not None and len(now.transcript.moves) == 1

    clubbed(tmp_path, test, workers=workers)


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_rematch_survives_a_crash_of_the_club_and_is_rated_by_its_players_accounts(
        tmp_path: Path, workers: int) -> None:
    rng = random.Random(5)
    crashed = tmp_path.parent / f"{tmp_path.name}-crashed"
    moved: list[int] = []

    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1, "new 2 noduel")
        first = club.tables[1].room.save_name() if club.tables[1].room is not None else None
        await play_out_by_save(club, 1, {0: ann, 1: ben}, rng)
        for client in (ann, ben):
            await client.sees("is over")
            client.type("again")
        await until(lambda: (room := club.tables[1].room) is not None and room.save_name() not in (None, first),
                    "the rematch's save", WAIT)
        made = await move_at(club, 1, {0: ann, 1: ben})
        assert made == 1
        moved.append(made)
        rematch = club.tables[1].room.save_name() if club.tables[1].room is not None else None
        assert rematch is not None
        await until(lambda: rematch in [t.get("save") for t in kept_state(tmp_path)["tables"]],
                    "the rematch kept in the club's database (by its writer)", WAIT)
        shutil.copytree(tmp_path, crashed)  # what a crash leaves: the club's files as they are now

    clubbed(tmp_path, test, workers=workers)

    async def again(club: Club, port: int) -> None:
        saved = saved_game(club, 1)
        assert saved is not None and len(saved.transcript.moves) == moved[0]
        assert saved.accounts == [f"key:{fingerprint(ANN)}", f"key:{fingerprint(BEN)}"]
        ann = await enter(port, "ann", key=ANN)
        await ann.sees("Your seat at table 1 waits for you")

    clubbed(crashed, again, workers=workers)


def test_a_side_of_a_workers_pair_that_stops_reading_is_closed_before_what_waits_for_it_grows_without_end() -> None:
    # A worker stopped (SIGSTOP, swapped out) or a club stuck: frames for it must not pile up in the other.
    async def test() -> tuple[bool, int, list[bool]]:
        ours, theirs = socket.socketpair()
        _, writer = await asyncio.open_unix_connection(sock=ours)
        frame = b"x" * 64 * 1024
        went = [frames.send(writer, b"W", 1, frame) for _ in range(2 * frames.MAX_UNSENT // len(frame))]
        most = writer.transport.get_write_buffer_size()
        closing = writer.is_closing()
        writer.close()
        theirs.close()
        return closing, most, went

    closing, most, went = asyncio.run(test())
    assert closing and not went[-1] and all(went[:16])
    assert most <= frames.MAX_UNSENT + 64 * 1024 + frames.HEAD.size


def test_the_club_starts_workers_as_its_tables_need_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers_module, "TABLES_EACH", 1)

    async def test(club: Club, port: int) -> None:
        workers = club.elsewhere
        assert isinstance(workers, Workers) and len(workers.workers) == 1
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 bots 1")
        await ann.sees("Your hand (Ann)")
        ben = await enter(port, "ben", key=BEN)
        ben.type("new 2 bots 1")
        await ben.sees("Your hand (Ben)")
        cy = await enter(port, "cy", key=CY)
        cy.type("new 2 bots 1")  # a third table: no third worker (two at most), the less busy one takes it
        await cy.sees("Your hand (Cy)")
        assert len(workers.workers) == 2
        assert sorted(len(worker.tables) for worker in workers.workers) == [1, 2]
        assert len({worker.pid for worker in workers.workers}) == 2

    clubbed(tmp_path, test, workers=2)


def test_a_table_in_a_worker_follows_its_terminal_size_and_ctrl_l_draws_it_afresh(tmp_path: Path) -> None:
    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1)
        ann.resize(100, 30)
        shown = await ann.sees(lambda text: len(text.splitlines()[0].rstrip()) > 80)
        assert len(shown.splitlines()) == 30 and "Your hand (Ann)" in shown
        ann.resize(60, 20)  # too small for the table: said so, and back when it grows
        await ann.sees("please enlarge it to at least 80×23")
        ann.resize(80, 24)
        drawn = await ann.sees(lambda text: text.splitlines()[0].startswith("ABLUXXEN  table 1 · ")
                               and "At the table" in text.splitlines()[-1] and ann.term.all_raw().endswith(FRAME_END))
        since = len(ann.term.all_raw())
        ann.chan.write("\x0c")
        await ann.sees(lambda _: "\x1b[2J" in ann.term.all_raw()[since:])  # drawn afresh: first the screen erased
        await ann.sees(lambda text: text == drawn)  # then all of it again, as it was

    clubbed(tmp_path, test, workers=1)


def test_when_workers_keep_failing_their_tables_end_and_the_club_plays_new_ones_itself(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Something that fails every worker (a broken install, no memory) must not start workers for ever.
    monkeypatch.setattr(workers_module, "MAX_FAILURES", 0)

    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1)
        workers = club.elsewhere
        assert isinstance(workers, Workers)
        os.kill(workers.workers[0].pid, signal.SIGKILL)
        for client in (ann, ben):
            await client.sees("Table 1 stopped: the process it played in failed")
        await until(lambda: 1 not in club.tables, "table 1 to end", WAIT)
        assert not workers.workers
        ann.type("new 2")
        await ann.sees("Table 2 is open")
        ben.type("join 2")
        await ben.sees("Your hand (Ben)")
        assert room_of(club, 2) is not None  # played in the club's own process

    clubbed(tmp_path, test, workers=1)


# -- the lobby at a glance ----------------------------------------------------------------------------


def test_a_move_or_a_mistyped_command_in_the_lobby_is_refused_with_a_hint_and_never_said(tmp_path: Path) -> None:
    # A move typed for a table gone away would tell everyone in the lobby a card in one's hand.
    async def test(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ben = await enter(port, "ben", key=BEN, lang="de")
        for typed in ("3", "7 7 x", "77X", "7×3", "play 12", "take", "draw 4+13+x", "s 5"):
            ann.type(typed)
            await ann.sees(f"{typed} is a move, and no game is played in the lobby")
        for typed, meant in (("qjoin 1", "join"), ("jion 2", "join"), ("wacth1", "watch")):
            ann.type(typed)
            await ann.sees(f"{typed.split()[0]} is no command: did you mean {meant}?")
        for typed in ("lege 7", "nimm", "ziehe stapel", "wirf ab"):
            ben.type(typed)
            await ben.sees(f"{typed} ist ein Zug, und in der Lobby wird nicht gespielt")
        ann.type("hello all")
        ann.type("say 3")
        ben.type("hi, wer will spielen?")
        await ben.sees("Ann: 3")
        await ann.sees("Ben: hi, wer will spielen?")
        said = [line for line in ben.term.seen if line.lstrip().startswith(("Ann:", "Ben:"))]
        assert sorted(line.strip() for line in said) == ["Ann: 3", "Ann: hello all", "Ben: hi, wer will spielen?"]

    clubbed(tmp_path, test)


def test_a_nul_byte_or_another_control_key_from_a_client_is_ignored_and_the_lobby_reads_on(tmp_path: Path) -> None:
    # Ctrl-@ (a NUL byte) began a selection that no key ended: Enter did nothing for good.
    async def test(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ann.chan.write("wh\x00o\r")
        await ann.sees("Online now")
        ann.type("q")
        await ann.sees("lobby ›")
        ann.chan.write("to\x11p\r")  # Ctrl-Q took the next key as its own
        await ann.sees("Ratings:")

    clubbed(tmp_path, test)


def _lobby_of(tmp_path: Path, *names: str) -> tuple[Club, list[Visitor]]:
    """A club with these accounts online (no terminals: their lobbies are drawn as text)."""
    club = Club(tmp_path, open_accounts(tmp_path), elsewhere=Workers(0))
    visitors = [Visitor(name, f"SHA256:{name}") for name in names]
    for visitor in visitors:
        club.visitors[visitor.name.casefold()] = visitor
    return club, visitors


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("1 online · 1 table", "Ann · 1 open · 1 bot", "you wait")),
    ("de", ("1 online · 1 Tisch", "Ann · 1 frei · 1 Bot", "du wartest")),
])
def test_the_lobby_counts_in_words_that_agree_and_shows_seats_open_places_and_bots_plainly(
        tmp_path: Path, lang: str, words: tuple[str, str, str]) -> None:
    club, (ann,) = _lobby_of(tmp_path, "Ann")
    assert club.open_table(ann, Settings(seats=3, bots=1)) == ""
    shown = LobbyScreen(club, ann, lang=lang, colours=None).render(80, 23)
    assert all(word in shown for word in words), shown
    assert all(len(line) <= 80 for line in shown.split("\n"))


def _shown(lines: list[StyleAndTextTuples]) -> list[str]:
    return ["".join(text for _, text, *_ in line).rstrip() for line in lines]


def test_the_lobby_drawn_once_for_many_never_shows_one_persons_own_lines_to_another(tmp_path: Path) -> None:
    # The lobby under its title is drawn once for everyone who sees the same: what is one person's own
    # (their name, the table they sit at, a line said to them) must stay on their screen alone.
    club, (ann, ben, cy, dee) = _lobby_of(tmp_path, "Ann", "Ben", "Cy", "Dee")
    assert club.open_table(ann, Settings(seats=3)) == ""
    screens = {v.name: LobbyScreen(club, v, colours=None) for v in (ann, ben, cy, dee)}
    screens["Dee"].say("Nobody has opened a table for you.")
    drawn = {name: _shown(screen._draw(80, 23)) for name, screen in screens.items()}
    for name, lines in drawn.items():
        assert lines[0].endswith(f"You: {name}")
        assert lines == [line.rstrip() for line in screens[name].render(80, 23).split("\n")]  # as if alone
    assert drawn["Ben"][1:] == drawn["Cy"][1:]
    assert [name for name, lines in drawn.items() if any("You sit at table 1" in line for line in lines)] == ["Ann"]
    assert [name for name, lines in drawn.items() if any(line.lstrip().startswith("▸1") for line in lines)] == ["Ann"]
    assert [name for name, lines in drawn.items() if any("for you" in line for line in lines)] == ["Dee"]


def test_a_burst_of_people_arriving_draws_each_lobby_once_not_once_for_each_of_them(tmp_path: Path) -> None:
    # Each arrival changes every lobby (who is online): drawn once per arrival, a hundred people logging in
    # at once cost every lobby a hundred redraws, and the club stopped answering.
    drawn: Counter[str] = Counter()

    class Counted:
        def __init__(self, name: str) -> None:
            self.name = name

        def refresh(self) -> None:
            drawn[self.name] += 1

        def seated(self, table: ClubTable) -> None: ...

        def close(self, reason: str) -> None: ...

        def say(self, message: str) -> None: ...

    async def burst() -> None:
        club = Club(tmp_path, open_accounts(tmp_path), elsewhere=Workers(0))

        def drawn_all() -> bool:  # every early lobby drawn, and no drawing due
            return all(drawn[f"Early{n}"] for n in range(30)) and club._lobbies_due is None

        for n in range(30):
            club.come(Visitor(f"Early{n}", f"SHA256:e{n}", screen=Counted(f"Early{n}")))
        await until(drawn_all, "the lobbies drawn", WAIT)
        drawn.clear()
        for n in range(30):
            club.come(Visitor(f"Late{n}", f"SHA256:l{n}", screen=Counted(f"Late{n}")))
            await asyncio.sleep(0)  # each arrival in a turn of the event loop of its own, as logins come
        await until(drawn_all, "the lobbies drawn", WAIT)
        assert all(drawn[f"Early{n}"] == 1 for n in range(30)), drawn
        assert club.lobby_pause() < 0.5
        club.stop()

    asyncio.run(burst())


def test_an_account_at_the_limit_of_tables_is_told_the_limit_the_club_has(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (club_module, lobby_module):
        monkeypatch.setattr(module, "MAX_TABLES_EACH", 1)
    club, (ann,) = _lobby_of(tmp_path, "Ann")
    screen = LobbyScreen(club, ann, colours=None)
    screen.answer("new 3")
    screen.answer("new 2")
    assert screen.message == "You have a table unfinished already: finish it first."
    assert list(club.tables) == [1] and ann.waits_at is club.tables[1]


# -- the ssh everyone has -------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(not all(shutil.which(tool) for tool in ("ssh", "ssh-keygen", "tmux")),
                    reason="needs ssh, ssh-keygen and tmux")
def test_the_real_ssh_in_a_terminal_of_80_by_23_claims_a_name_and_reads_the_lobby_at_a_glance(tmp_path: Path) -> None:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / "key")], check=True)
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(tmp_path / "data"), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    club = subprocess.Popen([sys.executable, "-m", "abluxxen", "club", "--port", "0", "--bind", "127.0.0.1",
                             "--lang", "en"], env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL)
    session = f"club-{os.getpid()}"
    try:
        assert club.stdout is not None
        found = re.search(r"ssh -p (\d+) NAME@", club.stdout.readline())
        assert found, club.stderr.read() if club.stderr else ""
        ssh = (f"ssh -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o IdentitiesOnly=yes "
               f"-i {tmp_path / 'key'} -p {found.group(1)} ann@127.0.0.1")
        subprocess.run(["tmux", "new", "-d", "-s", session, "-x", "80", "-y", "23", ssh], check=True)

        def pane() -> str:
            return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True,
                                  text=True).stdout

        def screen(wanted: str) -> str:
            until_blocking(lambda: wanted in pane(), f"the terminal to show {wanted!r}", WAIT, every=0.1,
                           shown=lambda: f"the terminal:\n{pane()}")
            return pane()

        screen("lobby ›")
        subprocess.run(["tmux", "send-keys", "-t", session, "new 3 bots 1 clock 60", "Enter"], check=True)
        shown = screen("you wait")
        lines = shown.split("\n")
        assert lines[0].startswith("ABLUXXEN CLUB") and lines[0].rstrip().endswith("You: Ann")
        assert "▸1  base game · 60s clock  Ann · 1 open · 1 bot" in shown and "you wait" in shown
        assert "Table 1 is open." in shown and "type start" in shown
        assert shown.count("sit at table 1") == shown.count("Table 1") == 1  # where she sits, said once
        assert all(len(line) <= 80 for line in lines)
        subprocess.run(["tmux", "send-keys", "-t", session, "start", "Enter"], check=True)
        screen("Your hand (Ann)")
        screen("⏱ Ann")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        club.terminate()
        club.wait(timeout=WAIT)
    assert open_accounts(tmp_path / "data" / "club").account("ann") == "Ann"


def test_a_club_started_with_places_for_two_holds_two_people_and_turns_a_third_away(tmp_path: Path) -> None:
    # A club of many tables needs more places than the door's default; --places gives them, and
    # past them a newcomer is told the club is full (no one in the lobby is pushed out).
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(tmp_path), LANG="C.UTF-8")
    club = subprocess.Popen([sys.executable, "-m", "abluxxen", "club", "--port", "0", "--bind", "127.0.0.1",
                             "--places", "2", "--lang", "en"], env=env, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        assert club.stdout is not None
        found = re.search(r"ssh -p (\d+) NAME@", club.stdout.readline())
        assert found, club.stderr.read() if club.stderr else ""
        port = int(found.group(1))

        async def three() -> None:
            ann = await enter(port, "ann", key=ANN)
            ben = await enter(port, "ben", key=BEN)
            refused, _ = await knock(port, "cy", key=CY)
            assert isinstance(refused, asyncssh.DisconnectError) and "full" in refused.reason
            await ann.sees("Ben")
            ann.close()
            ben.close()

        asyncio.run(three())
    finally:
        club.terminate()
        club.wait(timeout=WAIT)


def _loopback_pair() -> tuple[socket.socket, socket.socket]:
    """A socket pair as Windows makes one (it has no Unix sockets): two ends of a loopback connection."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        one = socket.create_connection(listener.getsockname())
        other, _ = listener.accept()
    return one, other


def test_where_no_worker_process_can_be_started_every_table_plays_in_the_clubs_own_process(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Windows: no Unix socket pair to hand a worker, so `--workers 4` must not try, nor fail.
    monkeypatch.setattr(workers_module, "CAN_START_WORKERS", False)
    monkeypatch.setattr(socket, "socketpair", _loopback_pair)

    def no_process(*args: object, **kwargs: object) -> None:
        raise AssertionError("a worker process was started")
    monkeypatch.setattr(subprocess, "Popen", no_process)
    assert workers_module.default_workers() == 0

    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1)
        assert await play_out_by_save(club, 1, {0: ann, 1: ben}, random.Random(3)) > 5
        await ann.sees("The game is over")

    clubbed(tmp_path / "club", test, workers=4)
