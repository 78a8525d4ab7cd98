"""Tables that sleep: a table in play with nobody at it and nothing to do until a grace ends costs nothing (no
room, no place in a worker, no lock on its save) and plays on from the same move when someone comes to it, or
when the grace ends (a stand-in decides), on the club's clock."""

from __future__ import annotations

import time
from pathlib import Path
from typing import cast

import pytest
from clubbing import ANN, BEN, CY, _save_now, clubbed, enter, move_at, room_of, seated, turn_at
from hosting import WAIT, Client
from waiting import until

from abluxxen.club.lobby import Club
from abluxxen.club.workers import Workers
from abluxxen.store.save_lock import SaveBusy, SaveLock


def _playing_anywhere(club: Club, number: int) -> bool:
    """Whether table ``number`` has a room in any of the club's workers (the club's own process included)."""
    workers = cast(Workers, club.elsewhere)
    return any(number in channel.tables for channel in workers.all())


def _asleep(club: Club, number: int) -> bool:
    room = club.tables[number].room
    return room is not None and room.asleep and room.channel is None and not _playing_anywhere(club, number)


def _moves(club: Club) -> int | None:
    """How many moves table 1's save holds now (``None``: none to read just now)."""
    saved = _save_now(club, 1)
    return len(saved.transcript.moves) if saved is not None and not isinstance(saved, str) else None


def _lock_free(club: Club, number: int) -> bool:
    """Whether another holder could take table ``number``'s save lock now (it is let go at once)."""
    room = club.tables[number].room
    assert room is not None and room.save is not None
    try:
        SaveLock(club.directory / room.save).acquire().release()
    except SaveBusy:
        return False
    return True


async def _left_asleep(club: Club, port: int) -> tuple[Client, Client]:
    """Ann and Ben at table 1, both back to the lobby: until it sleeps."""
    ann, ben = await seated(port, 1, "new 2 noduel")
    for client in (ann, ben):
        client.type("quit")
        await client.sees("lobby ›")
    await until(lambda: _asleep(club, 1), "table 1 to sleep", WAIT)
    return ann, ben


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_table_everybody_left_sleeps_and_a_join_wakes_it_and_its_person_plays_on_from_the_same_move(
        tmp_path: Path, workers: int) -> None:
    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1, "new 2 noduel")
        clients = {0: ann, 1: ben}
        assert await move_at(club, 1, clients) is not None
        saved = await turn_at(club, 1, {0, 1})
        assert saved is not None
        moves, mover = len(saved.transcript.moves), saved.match.game.to_move
        assert mover is not None
        for client in (ann, ben):
            client.type("quit")  # back to the lobby: their seats wait for them
            await client.sees("lobby ›")
        await until(lambda: _asleep(club, 1), "table 1 to sleep", WAIT)
        assert _lock_free(club, 1)
        await ann.sees("playing")  # the lobby lists it as before
        assert club.tables[1].stage == "playing" and club.tables[1].people() == ["Ann", "Ben"]
        person = clients[mover]
        person.type("join 1")
        await person.sees("What happened")
        again = await turn_at(club, 1, {mover})
        assert again is not None and len(again.transcript.moves) == moves  # the same move awaited
        assert not _lock_free(club, 1) and _playing_anywhere(club, 1)
        assert await move_at(club, 1, {mover: person}) == moves + 1

    clubbed(tmp_path, test, workers=workers)


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_sleeping_table_wakes_when_the_grace_ends_on_the_clubs_clock_and_the_stand_in_plays(
        tmp_path: Path, workers: int) -> None:
    now = [time.time()]

    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1, "new 2 noduel")
        saved = await turn_at(club, 1, {0, 1})
        assert saved is not None
        moves = len(saved.transcript.moves)
        for client in (ann, ben):
            client.type("quit")
            await client.sees("lobby ›")
        await until(lambda: _asleep(club, 1), "table 1 to sleep", WAIT)
        link = club.tables[1].room
        assert link is not None
        wake = link.wake_at()
        assert wake is not None and now[0] + 100 < wake <= time.time() + 121  # the grace of two minutes
        club.wake_due()
        assert _asleep(club, 1)  # not yet
        now[0] = wake + 1
        club.wake_due()
        # Played again: a stand-in decides for the one away, then for the other; it sleeps again once
        # nothing is left to do.
        await until(lambda: (s := _moves(club)) is not None and s > moves, "a stand-in's move", WAIT)

    clubbed(tmp_path, test, workers=workers, wall=lambda: now[0])


def test_a_person_coming_back_to_the_lobby_finds_the_table_listed_asleep_and_a_watcher_wakes_it(
        tmp_path: Path) -> None:
    async def test(club: Club, port: int) -> None:
        ann, ben = await _left_asleep(club, port)
        cy = await enter(port, "cy", key=CY)
        cy.type("watch 1")
        await cy.sees("You are watching")
        assert _playing_anywhere(club, 1)

    clubbed(tmp_path, test, workers=0)


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_restarted_club_lists_its_tables_asleep_and_a_join_wakes_one_at_the_move_it_stood_at(
        tmp_path: Path, workers: int) -> None:
    stood: list[int] = []

    async def first(club: Club, port: int) -> None:
        await seated(port, 1, "new 2 noduel")
        saved = await turn_at(club, 1, {0, 1})
        assert saved is not None and saved.match.game.to_move is not None
        stood[:] = [len(saved.transcript.moves), saved.match.game.to_move]

    clubbed(tmp_path, first, workers=workers)  # the club stops with Ann and Ben at their table
    restart = time.time()

    async def again(club: Club, port: int) -> None:
        # Listed from the club's database alone: no room, no worker, no lock on its save.
        assert _asleep(club, 1) and _lock_free(club, 1)
        assert club.tables[1].stage == "playing" and club.tables[1].people() == ["Ann", "Ben"]
        link = club.tables[1].room
        assert link is not None
        # Its people were at it: each has the grace to come back from the restart, then a stand-in decides.
        assert link.wake_at() == pytest.approx(restart + 120, abs=5)
        moves, mover = stood
        clients = {0: await enter(port, "ann", key=ANN), 1: await enter(port, "ben", key=BEN)}
        person = clients[mover]
        await person.sees("playing")
        person.type("join 1")
        await person.sees("What happened")
        saved = await turn_at(club, 1, {mover})
        assert saved is not None and len(saved.transcript.moves) == moves  # the very move it stood at
        assert await move_at(club, 1, {mover: person}) == moves + 1

    clubbed(tmp_path, again, workers=workers)


def test_a_restarted_clubs_sleeping_table_keeps_its_wake_time_over_another_restart_and_then_plays_on(
        tmp_path: Path) -> None:
    now = [time.time()]
    woken: list[float] = []

    async def first(club: Club, port: int) -> None:
        await seated(port, 1, "new 2 noduel")
        assert await turn_at(club, 1, {0, 1}) is not None

    async def asleep(club: Club, port: int) -> None:
        link = club.tables[1].room
        assert link is not None and _asleep(club, 1)
        woken.append(link.wake_at() or 0.0)

    async def due(club: Club, port: int) -> None:
        link = club.tables[1].room
        assert link is not None and _asleep(club, 1)
        assert link.wake_at() == woken[0]  # kept in the database: not the grace anew
        club.wake_due()
        assert _asleep(club, 1)  # not yet
        moves = _moves(club)
        assert moves is not None
        now[0] = woken[0] + 1
        club.wake_due()
        await until(lambda: (s := _moves(club)) is not None and s > moves, "a stand-in's move", WAIT)

    clubbed(tmp_path, first)
    clubbed(tmp_path, asleep, wall=lambda: now[0])
    assert woken[0] == pytest.approx(now[0] + 120, abs=1)  # the grace, from the restart
    now[0] += 60  # restarted again, a minute later
    clubbed(tmp_path, due, wall=lambda: now[0])


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_ban_of_a_person_whose_table_sleeps_reaches_the_table_when_it_wakes(tmp_path: Path, workers: int) -> None:
    async def test(club: Club, port: int) -> None:
        ann, ben = await _left_asleep(club, port)
        cy = await enter(port, "cy", key=CY)
        cy.type("ban Ben")
        await cy.sees("Ben's key is banned.")
        await ben.ends()
        ann.type("join 1")  # it wakes
        await ann.sees("What happened")
        if not workers:
            room = room_of(club, 1)
            chair = room.chair_of("Ben") if room is not None else None
            assert chair is not None and chair.keys == frozenset()  # his seat is nobody's: a stand-in's
        cy.type("unban Ben")
        await cy.sees("Ben's key may come back.")
        ben = await enter(port, "ben", key=BEN)
        ben.type("join 1")
        await ben.sees("watch it")  # his seat is his no more

    clubbed(tmp_path, test, admins=["Cy"], workers=workers)
