"""Tables played over days (``new 2 days 2``): each person decides when it suits them, within the days given;
nobody is away and no stand-in comes while they are gone; a deadline missed gives that one decision to a bot,
three in a row the seat; invitations keep seats and hide the table; the time a club was down is given back."""

from __future__ import annotations

import asyncio
import gc
import random
import shlex
import time
import weakref
from pathlib import Path

import asyncssh
import pytest
from clubbing import ANN, BEN, CY, _save_now, clubbed, enter, move_at, turn_at
from hosting import WAIT, make_room
from waiting import until

from abluxxen.club.lobby import DOWN_GRACE, MAX_DAY_TABLES_EACH, MAX_TABLES_EACH, Club
from abluxxen.club.settings import NewTable, Settings
from abluxxen.club.visitors import Visitor
from abluxxen.store.ratings import played_by_person
from abluxxen.store.save_document import Saved

DAYS = 2 * 86400


def _told(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, int | None]]:
    """What the club hands to the operator's ``--notify`` command: (account key, event, table) each."""
    told: list[tuple[str, str, int | None]] = []

    def tell_away(self: Club, key: str, event: str, table: int | None, text: str, **fields: object) -> None:
        told.append((key, event, table))
    monkeypatch.setattr(Club, "tell_away", tell_away)
    return told


def _key(club: Club, name: str) -> str:
    key = club.accounts.key_of(name)
    assert key is not None
    return key


async def _members(port: int, *names: str) -> None:
    """Each of ``names`` logs in once (their first login claims their account) and leaves."""
    keys = {"ann": ANN, "ben": BEN, "cy": CY}
    for name in names:
        client = await enter(port, name, key=keys[name])
        client.close()


async def _started_and_left(club: Club, port: int) -> None:
    """Ann opens a table of two over days (a day a decision) for Ben, who joins it: it starts, both leave the
    club, and it sleeps."""
    await _members(port, "ben")
    ann = await enter(port, "ann", key=ANN)
    ann.type("new 2 days 1 noduel invite ben")
    await ann.sees("seats kept for Ben")
    ben = await enter(port, "ben", key=BEN)
    ben.type("join 1")
    await ben.sees("Table 1 has started")
    ann.close()
    ben.close()
    await until(lambda: _asleep(club, 1), "table 1 to sleep", WAIT)


def _asleep(club: Club, number: int) -> bool:
    link = club.tables[number].room
    return link is not None and link.asleep and link.channel is None


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_table_played_over_days_waits_days_for_a_person_who_left_and_tells_them_it_is_their_move(
        tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    told = _told(monkeypatch)

    async def test(club: Club, port: int) -> None:
        await _members(port, "ben")
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 days 2 noduel invite ben")
        await ann.sees("seats kept for Ben")
        assert (_key(club, "ben"), "invited", 1) in told  # Ben is away: told by the operator's command
        ben = await enter(port, "ben", key=BEN)
        await ben.sees("Ann invites you to table 1")  # kept for his next login
        ben.type("join 1")
        await ann.sees("Table 1 has started")  # nobody is taken to a table played over days
        await ben.sees("Table 1 has started")
        saved = await turn_at(club, 1, {0, 1})
        assert saved is not None and saved.match.game.to_move is not None
        mover = saved.match.game.to_move
        clients = {0: ann, 1: ben}
        person = clients[mover]
        other = clients[1 - mover]
        other.close()  # the other leaves the club: it is not their move
        person.type("join 1")
        await person.sees("What happened")
        await person.sees("left")  # the status line: whose move, and how long is left
        while (now := await turn_at(club, 1, {0, 1})) is not None and now.match.game.to_move == mover:
            assert await move_at(club, 1, {mover: person}) is not None  # (a turn may ask more than one)
        person.type("quit")
        await person.sees("lobby ›")
        # Nobody at it, and the decision awaited is a person's with two days to go: it sleeps, and no grace
        # and no stand-in comes for the one who left.
        await until(lambda: _asleep(club, 1), "table 1 to sleep", WAIT)
        link = club.tables[1].room
        assert link is not None and link.turn is not None and link.turn.seat == 1 - mover
        assert link.turn.deadline is not None and link.turn.deadline > time.time() + DAYS - 120
        assert link.away == {} or set(link.away) == {"Ann", "Ben"}
        await until(lambda: (_key(club, ["ann", "ben"][1 - mover]), "your-move", 1) in told, "the other told", WAIT)

    clubbed(tmp_path, test, workers=workers)


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_deadline_missed_gives_that_decision_to_a_bot_and_the_person_is_told_at_their_next_login(
        tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    _told(monkeypatch)
    now = [time.time()]

    async def test(club: Club, port: int) -> None:
        await _started_and_left(club, port)
        saved = _save_now(club, 1)
        assert isinstance(saved, Saved)
        moves, mover = len(saved.transcript.moves), saved.match.game.to_move
        assert mover is not None
        link = club.tables[1].room
        wake = link.wake_at() if link is not None else None
        assert wake is not None and wake == pytest.approx(now[0] + 86400, abs=60)  # a day a decision
        now[0] = wake - 3600
        club.wake_due()
        assert _asleep(club, 1)  # an hour to go: it sleeps on
        now[0] = wake + 1  # the day is over
        club.wake_due()
        await until(lambda: isinstance(s := _save_now(club, 1), Saved) and len(s.transcript.moves) > moves,
                    "a stand-in's move", WAIT)
        late = await enter(port, ["ann", "ben"][mover], key=[ANN, BEN][mover])
        await late.sees("your time for a decision ran out")

    clubbed(tmp_path, test, workers=workers, wall=lambda: now[0])


def test_three_deadlines_missed_in_a_row_give_the_seat_to_a_bot_to_the_games_end_and_it_is_not_rated(
        tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")
    room.turn_based, room.turn, room.delay = True, 0.01, 0.0  # a hundredth of a second a decision
    room.gathers = False
    missed: list[tuple[str, bool]] = []
    room.on_missed = lambda chair, given_up: missed.append((chair.name, given_up))
    for chair in room.chairs.values():
        chair.left_at = room.clock()

    async def play() -> None:
        await asyncio.wait_for(room.run(), 60)

    asyncio.run(play())
    saved = room.saved
    assert saved.match.game.is_over  # the game went on to its end, the stand-ins deciding
    assert sorted(saved.given_up) == [0, 1]
    for seat, (made, stood_in) in enumerate(saved.decisions()):
        assert made >= 3 and stood_in == made, seat  # every decision of a seat given up is the stand-in's
        assert not played_by_person(made, stood_in)  # so the game is rated for neither
    assert [name for name, given_up in missed if given_up] == ["Ann", "Ben"] or \
        [name for name, given_up in missed if given_up] == ["Ben", "Ann"]  # told once each, the third time


def test_twenty_tables_over_days_each_beside_the_live_ones(tmp_path: Path) -> None:
    from abluxxen.club.workers import Workers
    from abluxxen.store.accounts import open_accounts

    accounts = open_accounts(tmp_path)
    club = Club(tmp_path, accounts, elsewhere=Workers(0))
    ann = Visitor("Ann", "SHA256:ann")
    days = NewTable(Settings(seats=3, hours=24, guests=False))
    for _ in range(MAX_DAY_TABLES_EACH):
        assert club.open_table(ann, days) == ""
    assert club.open_table(ann, days) == "club.too_many_days"
    assert club.open_table(ann, Settings(seats=3)) == ""  # a live one beside them
    assert club.tables_of(ann) == 1 and MAX_TABLES_EACH > 1
    club.stop()
    accounts.close()


def test_a_restart_gives_the_time_the_club_was_down_back_to_a_deadline_and_at_least_an_hour(
        tmp_path: Path) -> None:
    now = [time.time()]
    deadlines: list[float] = []
    lasts: list[dict[str, str]] = []

    async def first(club: Club, port: int) -> None:
        await _started_and_left(club, port)
        link = club.tables[1].room
        assert link is not None and (wake := link.wake_at()) is not None
        deadlines.append(wake)
        assert link.turn is not None and link.turn.last  # what happened before the decision awaited
        lasts.append(link.turn.last)

    async def again(club: Club, port: int) -> None:
        link = club.tables[1].room
        assert link is not None and _asleep(club, 1)
        deadlines.append(link.wake_at() or 0.0)
        assert link.turn is not None and link.turn.last == lasts[0]  # kept over the restart

    clubbed(tmp_path, first, wall=lambda: now[0])
    stopped = now[0]
    now[0] += 86400 + 3600  # down for a day and an hour: the deadline passed meanwhile
    clubbed(tmp_path, again, wall=lambda: now[0])
    assert deadlines[1] == pytest.approx(deadlines[0] + now[0] - stopped, abs=5)  # every second of it given back
    # A club that cannot tell how long it was down (it kept no time) gives a decision that fell due at least
    # an hour from its start.
    import sqlite3
    with sqlite3.connect(tmp_path / "state.sqlite3") as db:
        db.execute("DELETE FROM meta WHERE key = 'alive'")
    now[0] = deadlines[1] + 86400
    clubbed(tmp_path, again, wall=lambda: now[0])
    assert deadlines[2] == pytest.approx(now[0] + DOWN_GRACE, abs=5)


def test_an_invitation_keeps_a_seat_hides_the_table_from_others_and_a_decline_tells_the_opener(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    told = _told(monkeypatch)
    dan_key = asyncssh.generate_private_key("ssh-ed25519")

    async def test(club: Club, port: int) -> None:
        await _members(port, "ben", "cy")
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 3 days 2 invite ben, cy")
        await ann.sees("seats kept for Ben, Cy")
        assert {(event, table) for _, event, table in told} == {("invited", 1)} and len(told) == 2
        dan = await enter(port, "dan", key=dan_key)
        await dan.sees("No tables yet")  # a private table is not listed to others
        dan.type("join 1")
        await dan.sees("There is no table 1")
        cy = await enter(port, "cy", key=CY)
        await cy.sees("Ann invites you to table 1")
        cy.type("decline 1")
        await cy.sees("You turned down the invitation to table 1")
        await ann.sees("Cy turned down your invitation to table 1")
        ben = await enter(port, "ben", key=BEN)
        ben.type("join 1")
        await ben.sees("you wait")
        assert club.tables[1].room is None  # Cy's seat is free, and nobody else may take it
        ann.type("start 1")  # a bot takes it
        await ann.sees("Table 1 has started")
        await until(lambda: club.tables[1].people() == ["Ann", "Ben"] and club.tables[1].bots() == 1,
                    "Ann, Ben and a bot at table 1", WAIT)

    clubbed(tmp_path, test)


def test_a_live_table_takes_invitations_too_and_its_people_go_to_it_when_it_starts(tmp_path: Path) -> None:
    async def test(club: Club, port: int) -> None:
        await _members(port, "ben")
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 invite ben")
        await ann.sees("seats kept for Ben")
        ben = await enter(port, "ben", key=BEN)
        await ben.sees("Ann invites you to table 1")
        ben.type("join 1")
        await ann.sees("What happened")  # live: both are taken to it
        await ben.sees("What happened")

    clubbed(tmp_path, test)


@pytest.mark.slow
def test_two_people_never_online_together_play_a_game_over_days_to_its_end_across_a_restart_told_each_turn(
        tmp_path: Path) -> None:
    told = tmp_path / "told"
    notify = f'printf "%s %s %s\\n" "$ABLUXXEN_EVENT" "$ABLUXXEN_ACCOUNT" "$ABLUXXEN_TABLE" >> {shlex.quote(str(told))}'
    rng = random.Random(53)
    keys, seats = {"Ann": ANN, "Ben": BEN}, {"Ann": 0, "Ben": 1}
    came: list[str] = []  # who came to the table to move, in order

    def lines(event: str) -> list[str]:
        return [line.split()[1] for line in (told.read_text().splitlines() if told.exists() else ())
                if line.split()[0] == event]

    async def one_turn(club: Club, port: int) -> bool:
        """Whoever's move it is logs in, joins, decides until it is the other's move, and logs out; whether the
        game goes on."""
        def awaiting() -> str | bool:
            link = club.tables[1].room if 1 in club.tables else None
            if link is None:
                return "over"
            turn = link.turn
            return link.asleep and turn is not None and turn.seat is not None and turn.name
        name = await until(awaiting, "table 1 asleep, awaiting someone's decision", WAIT)
        if name == "over":
            return False
        assert isinstance(name, str) and all(online.name != name for online in club.online())
        came.append(name)
        client = await enter(port, name.lower(), key=keys[name])
        await client.sees("Your move at table 1")
        client.type("join 1")
        # Its status line: whose move, and how long is left (the lobby's first words say how long too).
        await client.sees(lambda screen: "⏱" in screen and " left" in screen)
        while (saved := await turn_at(club, 1, {0, 1})) is not None and saved.match.game.to_move == seats[name]:
            assert await move_at(club, 1, {seats[name]: client}, rng.choice) is not None
        client.type("quit")
        await client.sees("lobby ›")
        client.close()
        await until(lambda: not club.online(), "nobody online", WAIT)
        return saved is not None

    async def first(club: Club, port: int) -> None:
        for name in ("ben", "ann"):
            client = await enter(port, name, key=keys[name.title()])
            client.type(f"contact {name}@example.org")
            await client.sees("example.org")
            if name == "ann":
                client.type("new 2 days 2 noduel invite ben")
                await client.sees("seats kept for Ben")
            client.close()
            await until(lambda: not club.online(), "nobody online", WAIT)
        ben = await enter(port, "ben", key=BEN)
        await ben.sees("Ann invites you to table 1")
        ben.type("join 1")
        await ben.sees("Table 1 has started")
        ben.close()
        await until(lambda: not club.online(), "nobody online", WAIT)
        for _ in range(4):
            assert await one_turn(club, port)

    async def again(club: Club, port: int) -> None:
        while await one_turn(club, port):
            pass
        await until(lambda: len(lines("game-over")) >= 1, "the game's end told", WAIT)

    clubbed(tmp_path, first, notify=notify)
    assert lines("invited") == ["Ben"]
    clubbed(tmp_path, again, notify=notify)  # the club restarted: the table plays on where it was
    assert len(came) > 6
    # Told each time it was their move, and only then: the first mover at the start, and each time the move
    # passed to the other (a person's second decision in the same turn is no news to them: they are there).
    passed = [name for before, name in zip([None, *came], came, strict=False) if name != before]
    assert lines("your-move") == passed
    # The game's end: told to whoever was not at the table when it was recorded (the other, surely), once each.
    over = lines("game-over")
    assert {"Ann": "Ben", "Ben": "Ann"}[came[-1]] in over and sorted(set(over)) == sorted(over)


def test_a_table_over_days_left_open_for_days_holds_nothing_of_the_session_that_opened_it(tmp_path: Path) -> None:
    # An invitation may stay open for days: the club keeps the opener's seat, not the screen of their session
    # (a thousand such tables held a prompt_toolkit application each, half a mebibyte apiece).
    async def test(club: Club, port: int) -> None:
        await _members(port, "ben")
        ann = await enter(port, "ann", key=ANN)
        await until(lambda: "ann" in club.visitors and club.visitors["ann"].screen is not None, "Ann's lobby", WAIT)
        screen = club.visitors["ann"].screen
        gone = weakref.ref(screen)
        del screen
        ann.type("new 2 days 1 noduel invite ben")
        await ann.sees("seats kept for Ben")
        ann.close()
        await until(lambda: "ann" not in club.visitors, "Ann to leave the club", WAIT)
        await until(lambda: gc.collect() >= 0 and gone() is None, "Ann's lobby screen to be let go", WAIT)
        assert [v.name for v in club.tables[1].waiting] == ["Ann"]  # her seat is kept all the same
        ben = await enter(port, "ben", key=BEN)
        ben.type("join 1")
        await ben.sees("Table 1 has started")
        ben.close()
    clubbed(tmp_path, test)
