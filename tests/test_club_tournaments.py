"""Club tournaments: Swiss rounds seated and played at the club's tables by themselves, absent entrants given
up and withdrawn, standings and JSON, kept over restarts (a kill -9 included), live or over days."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from clubbing import ANN, BEN, clubbed, enter, kept_state
from hosting import WAIT, Client
from waiting import until

from abluxxen.club.lobby import Club
from abluxxen.club.tables import TableLink
from abluxxen.club.tournaments import OVER
from abluxxen.store.ratings import played_by_person
from abluxxen.store.records import open_records
from abluxxen.store.save_document import Saved, SaveError
from abluxxen.store.saves import read_save


async def _exec(port: int, name: str, key: asyncssh.SSHKey, command: str) -> tuple[str, int]:
    """``ssh NAME@club COMMAND`` without a terminal: what it printed and its exit status."""
    async with asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None, client_keys=[key],
                                agent_path=None) as conn:
        done = await conn.run(command, check=False)
    return str(done.stdout), int(done.exit_status or 0)


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_tournament_of_eight_plays_three_rounds_by_itself_and_the_absent_are_given_up_then_withdrawn(
        tmp_path: Path, workers: int) -> None:
    async def test(club: Club, port: int) -> None:
        ben = await enter(port, "ben", key=BEN)
        ann = await enter(port, "ann", key=ANN)
        ann.type("tournament new Evening rounds 3 seats 4")
        await ann.sees("Tournament 1 (Evening) takes entries")
        ben.type("tournament join 1")
        await ben.sees("You are in tournament 1")
        for _ in range(6):
            ann.type("tournament add 1 bot:easy")
            await ann.sees("A bot is in tournament 1")
            ann.type("")  # (the same line again must be seen anew)
        ann.type("tournament add 1 bot:easy")
        await ann.sees("every bot it can take")
        ben.close()
        ann.close()  # neither is there when round 1 starts: after the grace, bots play their seats
        await until(lambda: not club.online(), "nobody online", WAIT)
        cup = club.cups.events[1]
        assert club.cups.start(cup) == ""
        await until(lambda: cup.stage == OVER, "the tournament to end", 90)
        assert [len(r) for r in cup.played] == [2, 2, 2]
        assert sorted(len(s.names) for s in cup.played[2]) == [3, 3]  # Ann and Ben withdrawn: six left
        standings = club.cups.standings(cup)
        assert {s.name for s in standings[-2:]} == {"Ann", "Ben"}  # absent twice, sharing the last places
        assert all(s.withdrawn and s.games == 2 and s.points == 1.0 for s in standings if s.name in ("Ann", "Ben"))
        with open_records() as records:
            games = [g for g in records.games(in_tournaments=True) if g.tournament and g.tournament.number == 1]
        assert sorted(g.tournament.round for g in games if g.tournament) == [1, 1, 2, 2, 3, 3]
        for game in games:  # recorded, and not rated for those absent
            for seat, recorded in enumerate(game.seats):
                if recorded.name in ("Ann", "Ben"):
                    assert not played_by_person(game.decisions[seat], game.stood_in[seat])
        shown, status = await _exec(port, "ann", ANN, "tournament 1 json")
        doc = json.loads(shown)
        assert status == 0 and doc["over"] is True and len(doc["rounds"]) == 3
        assert [line["name"] for line in doc["standings"]] == [s.name for s in standings]
        assert all(set(line) >= {"name", "points", "games", "opponents_points", "score_difference"}
                   for line in doc["standings"])
        ann = await enter(port, "ann", key=ANN)
        await ann.sees("Evening, round 1: your table is")  # told at her next login
        ann.type("tournament 1")
        await ann.sees("Tournament 1: Evening")

    clubbed(tmp_path, test, workers=workers, grace=0.3)


def test_a_tournament_over_days_plays_its_first_round_and_a_deadline_missed_goes_to_a_bot(
        tmp_path: Path) -> None:
    now = [time.time()]

    async def test(club: Club, port: int) -> None:
        ben = await enter(port, "ben", key=BEN)
        ann = await enter(port, "ann", key=ANN)
        ann.type("tournament new League rounds 2 seats 2 days 1")
        await ann.sees("Tournament 1 (League) takes entries")
        ben.type("tournament join 1")
        await ben.sees("You are in tournament 1")
        ann.type("tournament start 1")
        await ann.sees("League, round 1: your table is 1")  # over days: told, not taken there
        await ben.sees("League, round 1: your table is 1")
        ann.close()
        ben.close()
        def asleep() -> TableLink | None:
            table = club.tables.get(1)
            link = table.room if table is not None else None
            ready = link is not None and link.asleep and link.turn is not None and link.turn.seat is not None
            return link if ready else None
        link = await until(asleep, "table 1 asleep, awaiting a person", WAIT)
        assert link is not None and link.turn is not None
        whose = link.turn.name
        wake = link.wake_at()
        assert wake is not None and wake == pytest.approx(now[0] + 86400, abs=60)
        now[0] = wake + 1  # the day is over: a bot decides for them
        club.wake_due()
        late = await enter(port, whose.lower(), key={"Ann": ANN, "Ben": BEN}[whose])
        await late.sees("your time for a decision ran out")
        cup = club.cups.events[1]
        assert cup.stage == "running" and cup.played[0][0].table == 1 and not cup.played[0][0].over

    clubbed(tmp_path, test, wall=lambda: now[0])


def _club(data: Path) -> tuple[subprocess.Popen[str], int]:
    """``abluxxen club`` in a process of its own on the data folder ``data`` (a grace of 4 s, no pause after a
    bot's move), and its port."""
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(data), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    club = subprocess.Popen([sys.executable, "-m", "abluxxen", "club", "--port", "0", "--bind", "127.0.0.1",
                             "--workers", "1", "--grace", "4", "--delay", "0", "--lang", "en"], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    assert club.stdout is not None
    found = re.search(r"ssh -p (\d+) NAME@", club.stdout.readline())
    assert found, "the club printed no ssh line"
    return club, int(found.group(1))


async def _cup(port: int) -> dict[str, Any]:
    shown, status = await _exec(port, "ann", ANN, "tournament 1 json")
    assert status == 0, shown
    doc: dict[str, Any] = json.loads(shown)
    return doc


async def _ann_plays(port: int, data: Path, ann: Client, round_number: int, rng: random.Random) -> None:
    """Ann makes every decision of hers at her table of round ``round_number`` (random legal moves, read off its
    save in the club's folder), until its game is over."""
    doc = await _cup(port)
    table = next(t for t, names in zip(doc["tables"][round_number - 1], doc["rounds"][round_number - 1], strict=True)
                 if "Ann" in names)

    listed: list[bool] = []

    def saved() -> Saved | str | None:
        """The table's save now; ``"over"`` once the club's database lists it no more (its game over and
        recorded; before it is first listed there, ``None``: the database is written a moment later)."""
        kept = next((t for t in kept_state(data / "club")["tables"] if t["number"] == table), None)
        if kept is None or not kept.get("save"):
            return "over" if listed else None
        listed.append(True)
        try:
            return read_save(data / "club" / kept["save"])
        except (OSError, SaveError):
            return None  # being written just now

    def decision() -> Saved | str | None:
        now = saved()
        if not isinstance(now, Saved):
            return now
        game = now.match.game
        if game.is_over or now.match.names.index("Ann") in now.given_up:
            return "over"
        return now if game.to_move == now.match.names.index("Ann") and len(game.legal_moves()) > 1 else None

    while True:
        now = await until(decision, f"Ann's decision at table {table}", 60, every=0.1)
        if not isinstance(now, Saved):
            return
        before = len(now.transcript.moves)
        seat = now.match.names.index("Ann")
        await ann.enters(rng.choice(now.match.game.view(seat).legal_moves()))

        def taken(before: int = before) -> bool:
            now = saved()
            return not isinstance(now, Saved) and now is not None or isinstance(now, Saved) and len(
                now.transcript.moves) > before
        await until(taken, "Ann's move taken", WAIT)


@pytest.mark.slow
def test_eight_entrants_play_three_rounds_at_tables_of_four_to_the_end_through_a_kill_9_between_rounds(
        tmp_path: Path) -> None:
    rng = random.Random(54)

    async def before_the_kill(port: int) -> None:
        ben = await enter(port, "ben", key=BEN)
        ben.type("tournament join 9")  # (a number there is not: one line says so)
        await ben.sees("There is no tournament 9")
        ben.close()
        ann = await enter(port, "ann", key=ANN)
        ann.type("tournament new Cup rounds 3")
        await ann.sees("Tournament 1 (Cup) takes entries")
        ben = await enter(port, "ben", key=BEN)
        ben.type("tournament join 1")
        await ben.sees("You are in tournament 1")
        ben.close()  # Ben will not be there: absent twice, he is withdrawn
        for _ in range(6):
            ann.type("tournament add 1 bot:easy")
            await ann.sees("A bot is in tournament 1")
            ann.type("")
        ann.type("tournament start 1")
        await ann.sees("What happened")  # live: she is taken to her table
        await _ann_plays(port, tmp_path, ann, 1, rng)
        await until_async(lambda: _round(port, 2), "round 2 to be seated")

    async def after_the_kill(port: int) -> None:
        doc = await _cup(port)
        assert doc["round"] == 2 and not doc["over"]  # where it was
        # Back at once (her seat has the grace from the restart): the login takes her to her table.
        ann = await enter(port, "ann", key=ANN, first="waiting for the players")
        for round_number in (2, 3):
            doc = await until_async(lambda number=round_number: _round(port, number),
                                    f"round {round_number} to be seated")
            table = next(t for t, names in zip(doc["tables"][-1], doc["rounds"][-1], strict=True) if "Ann" in names)
            await ann.sees(f"table {table} ·")  # taken there: at her login, then from the last round's table
            await _ann_plays(port, tmp_path, ann, round_number, rng)
            # Past the score screen: to the lobby, or straight to the next round's table if it is seated by then.
            await until(lambda: "Enter" in ann.term.text() or "lobby ›" in ann.term.text(), "the score screen", WAIT)
            ann.type("quit")
        await ann.sees("lobby ›")
        doc = await until_async(lambda: _over(port), "the tournament to end")
        assert [len(tables) for tables in doc["rounds"]] == [2, 2, 2]
        assert sorted(map(len, doc["rounds"][2])) == [3, 4]  # Ben withdrawn: seven at fours
        names = [line["name"] for line in doc["standings"]]
        assert names[-1] == "Ben" and doc["standings"][-1]["withdrawn"] is True
        assert doc["standings"][names.index("Ann")]["games"] == 3

    club, port = _club(tmp_path)
    try:
        asyncio.run(before_the_kill(port))
        club.send_signal(signal.SIGKILL)  # between rounds: round 2 is seated, none of it played yet
        club.wait(timeout=WAIT)
        club, port = _club(tmp_path)
        asyncio.run(after_the_kill(port))
    finally:
        if club.poll() is None:
            club.terminate()
            club.wait(timeout=WAIT)


async def _round(port: int, number: int) -> dict[str, Any] | None:
    doc = await _cup(port)
    return doc if doc["round"] >= number or doc["over"] else None


async def _over(port: int) -> dict[str, Any] | None:
    doc = await _cup(port)
    return doc if doc["over"] else None


async def until_async(look: Any, what: str, timeout: float = 120) -> Any:
    """Wait until the coroutine ``look()`` gives something (looked at every half second)."""
    deadline = time.monotonic() + timeout
    while (got := await look()) is None:
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        await asyncio.sleep(0.5)
    return got
