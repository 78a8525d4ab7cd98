"""The club's state in SQLite (``club/state.py``): a folder of the club before it (``club.json``) upgraded at
its first start, tables and mutes over a restart, and writing that never holds up the club's event loop,
however slow the disk.

(The damaged database is ``test_club_files.py``'s; a backup made while the club runs, ``test_club.py``'s.)
"""

from __future__ import annotations

import asyncio
import random
import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from clubbing import kept_state, room_of
from hosting import WAIT
from waiting import until

from abluxxen.club import state as state_module
from abluxxen.club.lobby import Club
from abluxxen.club.settings import Settings
from abluxxen.club.visitors import Visitor
from abluxxen.club.workers import Workers
from abluxxen.store.accounts import open_accounts
from abluxxen.store.saves import read_save

#: A club's folder as the club before its database (main at 584dc4d) left it: table 1 in play (Ann and a bot,
#: 7 moves made, a turn clock of 10 min, no guests, "good luck" in its chat), table 2 open with Ben waiting,
#: Ben muted by Cy until 2,000,003,600 on the calendar (see MADE-BY.py.txt there).
BEFORE = Path(__file__).parent / "data" / "club-584dc4d"
#: The calendar when the folder is started again: a minute after it was made.
CALENDAR = 2_000_000_060.0


async def _club(directory: Path, **options: object) -> tuple[Club, Workers]:
    workers = Workers(0)
    await workers.start()
    club = Club(directory, open_accounts(directory), delay=0, elsewhere=workers, wall=lambda: CALENDAR,
                **options)  # type: ignore[arg-type]
    return club, workers


async def _closed(club: Club, workers: Workers) -> None:
    club.stop()
    await workers.ended()
    club.accounts.close()


def test_a_folder_of_the_club_before_its_database_is_upgraded_at_its_first_start_and_plays_on(
        tmp_path: Path) -> None:
    shutil.copytree(BEFORE, tmp_path, dirs_exist_ok=True)
    registry = (BEFORE / "club.json").read_bytes()
    (save,) = BEFORE.glob("*-Ann-Ada.json")
    made = read_save(save).transcript.moves
    assert len(made) == 7
    logged: list[str] = []

    async def first() -> None:
        # grace 0: a stand-in plays for Ann, who is away, so that the table goes on by itself.
        club, workers = await _club(tmp_path, grace=0.0, on_event=lambda key, fields: logged.append(key))
        try:
            assert club.resume() == []
            assert club.upgraded == tmp_path / "club.json.upgraded" and club.orphans == []
            table = club.tables[1]
            assert table.owners == {"ann": "SHA256:ann"} and table.opener == "Ann"
            assert table.settings == Settings(seats=2, bots=1, clock=600, guests=False)
            assert [v.name for v in club.tables[2].waiting] == ["Ben"] and club.next_number == 3
            assert club.talk.say("Ben", "hello") == "host.chat.silenced"  # the mute holds
            room = await until(lambda: room_of(club, 1), "table 1 to play again", WAIT)
            assert room is not None and [said.text for said in room.chat] == ["good luck"]
            await until(lambda: len(room.saved.transcript.moves) > len(made), "table 1 to play on", WAIT)
            assert room.saved.transcript.moves[:len(made)] == made  # from the very move it stood at
        finally:
            await _closed(club, workers)

    asyncio.run(first())
    assert "club.log.upgraded" in logged
    assert not (tmp_path / "club.json").exists()
    assert (tmp_path / "club.json.upgraded").read_bytes() == registry  # kept aside, never deleted
    doc = kept_state(tmp_path)
    assert [t["number"] for t in doc["tables"]] == [1, 2] and doc["next"] == 3
    ((name, ends, by),) = [(m["name"], m["until"], m["by"]) for m in doc["muted"]]
    assert (name, by) == ("Ben", "") and abs(ends - 2_000_003_600) < 1  # (kept through the monotonic clock)

    async def again() -> None:  # from the database alone
        club, workers = await _club(tmp_path)
        try:
            assert club.resume() == [] and club.upgraded is None and club.rebuilt is None
            assert sorted(club.tables) == [1, 2] and club.tables[1].owners == {"ann": "SHA256:ann"}
            assert [v.name for v in club.tables[2].waiting] == ["Ben"]
            assert club.talk.say("ben", "hello") == "host.chat.silenced"
        finally:
            await _closed(club, workers)

    asyncio.run(again())
    assert sorted(p.name for p in tmp_path.glob("club.json*")) == ["club.json.upgraded"]


def test_tables_mutes_and_the_lobbys_chat_are_kept_in_the_database_over_a_restart(tmp_path: Path) -> None:
    async def first() -> None:
        club, workers = await _club(tmp_path)
        assert club.resume() == []
        ann, ben = Visitor("Ann", "SHA256:ann"), Visitor("Ben", "SHA256:ben")
        club.come(ann)
        club.come(ben)
        club.open_table(ann, Settings(seats=2, bots=1))  # table 1 plays
        club.open_table(ben, Settings(seats=4, games=3))  # table 2 waits for people
        assert club.say(ann, "good game, everyone") == ""
        assert club.mute("Ben", 30, by="Cy")[0] == "club.muted"
        await _closed(club, workers)

    asyncio.run(first())
    assert not (tmp_path / "club.json").exists()

    async def again() -> None:
        club, workers = await _club(tmp_path)
        try:
            assert club.resume() == [] and club.orphans == []
            assert club.tables[1].room is not None and club.tables[1].owners == {"ann": "SHA256:ann"}
            assert club.tables[2].settings == Settings(seats=4, games=3)
            assert [v.name for v in club.tables[2].waiting] == ["Ben"] and club.next_number == 3
            assert club.talk.say("Ben", "hello") == "host.chat.silenced"
            assert club.muted_by == {"ben": "Cy"}
            assert [(said.name, said.text) for said in club.talk.lines] == [("Ann", "good game, everyone")]
        finally:
            await _closed(club, workers)

    asyncio.run(again())


def test_a_slow_disk_never_holds_up_the_club_and_the_newest_state_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = threading.Event()  # the disk answers once set
    writes: list[int] = []
    store = state_module._store

    def slow(db: sqlite3.Connection, rows: state_module.Rows, before: state_module.Rows | None) -> None:
        writes.append(1)
        disk.wait(WAIT)
        store(db, rows, before)
    monkeypatch.setattr(state_module, "_store", slow)

    async def test() -> None:
        club, workers = await _club(tmp_path)
        try:
            ann = Visitor("Ann", "SHA256:ann")
            club.come(ann)
            club.open_table(ann, Settings(seats=3))  # kept: the writer now waits on the disk
            await until(lambda: writes, "the writer to be at the disk", WAIT)
            lags = []
            for line in range(5):  # the club serves meanwhile: each change is kept, none waits
                asked = time.monotonic()
                await asyncio.sleep(0.01)
                lags.append(time.monotonic() - asked - 0.01)
                club.leave(ann)
                club.open_table(ann, Settings(seats=3 + line % 2))
                assert club.say(ann, f"line {line}") in ("", "host.chat.slow")  # (a person's pace)
            assert max(lags) < 0.2, lags
            assert len(writes) == 1  # still at the first
            disk.set()

            def written() -> bool:
                doc = kept_state(tmp_path)
                return [(t["number"], t["settings"]["seats"]) for t in doc["tables"]] == [(6, 3)]
            await until(written, "the newest state to be written", WAIT)
            assert len(writes) <= 3  # the newest state, not one write for each change
        finally:
            disk.set()
            await _closed(club, workers)

    asyncio.run(test())


def _random_state(rng: random.Random, number: int) -> dict[str, object]:
    """A state as the club keeps it, of a few tables (open, in play, gone), people, chats and tournaments."""
    tables: list[dict[str, object]] = []
    for table in sorted(rng.sample(range(1, 9), rng.randint(0, 6))):
        lines = [{"name": rng.choice("AB"), "text": f"line {rng.randint(1, 3)}", "watching": rng.random() < 0.2,
                  "at": 1000.0 + rng.randint(0, 2)} for _ in range(rng.randint(0, 3))]
        settings = {"seats": rng.choice((2, 3)), "hours": rng.choice((0, 48))}
        doc: dict[str, object] = {"number": table, "settings": settings, "opener": rng.choice(("Ann", "Ben"))}
        if rng.random() < 0.4:
            doc.update(stage="open", private=rng.random() < 0.5,
                       waiting=[["Ann", "SHA256:ann"], *([["Ben", "SHA256:ben", 1]] if rng.random() < 0.5 else [])])
        else:
            doc.update(stage=rng.choice(("waiting", "playing")), save=f"t{table}-{rng.randint(1, 2)}.json",
                       owners={"ann": "SHA256:ann"}, chat=lines, people=["Ann"], bots=rng.randint(0, 2),
                       away={"Ann": 5.0} if rng.random() < 0.5 else {}, whose=rng.choice((None, "Ann")),
                       since=1000.0, deadline=rng.choice((None, 2000.0)), seat=0,
                       last=rng.choice((None, {"key": "turn.last", "fields": {"n": rng.randint(1, 3)}})))
        tables.append(doc)
    people = [{"key": f"SHA256:{name}", "name": name.title(), "contact": rng.choice(("", "x@y")),
               "notify": rng.random() < 0.5, "lang": rng.choice(("en", "de")), "seen": float(rng.randint(0, 3)),
               "news": [["club.news.started", {"n": rng.randint(1, 3)}]] * rng.randint(0, 2)}
              for name in rng.sample(["ann", "ben", "cy"], rng.randint(0, 3))]
    return {"next": 10 + number, "tables": tables, "chat": [{"name": "Cy", "text": f"hi {number % 2}", "at": 1.0}]
            * rng.randint(0, 2), "muted": [{"name": "Ben", "until": 9.0, "by": "Cy"}] * rng.randint(0, 1),
            "people": people, "tournaments": [{"number": 1, "round": rng.randint(1, 2)}] * rng.randint(0, 1),
            "alive": 5000}


def test_a_club_that_writes_only_what_changed_keeps_the_same_as_one_that_writes_everything(tmp_path: Path) -> None:
    # (Changes are written one by one; a fresh database written whole with each state must read the same.)
    rng = random.Random(53)
    kept = state_module.ClubState(tmp_path / "kept", lambda key, fields: None)
    for number in range(60):
        doc = _random_state(rng, number)
        assert kept.write(doc)
        whole = state_module.ClubState(tmp_path / f"whole{number}", lambda key, fields: None)
        assert whole.write(doc)
        read, wanted = kept.read(), whole.read()
        assert read is not None and wanted is not None
        assert read == wanted, f"state {number}"
        tables = doc["tables"]
        assert isinstance(tables, list) and [t["number"] for t in read["tables"]] == [t["number"] for t in tables]
        whole.close()
    kept.close()
