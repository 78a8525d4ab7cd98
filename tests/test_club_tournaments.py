"""Club tournaments: Swiss rounds seated and played at the club's tables by themselves, absent entrants given
up and withdrawn, standings and JSON, kept over restarts (a kill -9 included), live or over days."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import asyncssh
import pytest
from clubbing import ANN, BEN, clubbed, enter
from hosting import WAIT
from waiting import until

from abluxxen.club.lobby import Club
from abluxxen.club.tournaments import OVER, RUNNING
from abluxxen.store.ratings import played_by_person
from abluxxen.store.records import open_records


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
