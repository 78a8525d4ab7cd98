"""The table with no terminal at all: bots and scripted seats play whole games through it.

Every seat must be told every event it may see, as it may see it, and none
it may not: a card drawn from the deck reaches its drawer's seat only.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from helpers import Looking
from waiting import TIMEOUT, until

from abluxxen import Event, Match, Rules, View
from abluxxen.store import save_document
from abluxxen.store.ratings import recorded_ratings
from abluxxen.store.records import open_records
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import read_save
from abluxxen.table import BotSeat, Table, Undone, run_now
from abluxxen.table.chairs import Chair, Login
from abluxxen.table.room import OVER, PLAYING, SCORES, Room


class Listener(BotSeat):
    """A bot that keeps everything the table tells it."""

    def __init__(self, seat: int, level: str = "easy") -> None:
        super().__init__(level, seed=seat)
        self.seat = seat
        self.told: list[Event] = []
        self.views: list[View] = []

    def update(self, view: View, events: Sequence[Event]) -> None:
        self.views.append(view)
        self.told.extend(events)


def _table(tmp_path: Path, rules: Rules, seed: int) -> Table:
    names = ["Ada", "Bix", "Cog", "Dot", "Eve"][:rules.players]
    match = Match(rules, games=1, seed=seed, names=names)
    saved = Saved(match=match, seats=[Seat(name, "easy") for name in names], delay=0.0)
    return Table(saved, tmp_path / "game.json")


@pytest.mark.parametrize("rules, seed", [(Rules(4), 3), (Rules(2), 5), (Rules(3, "expert"), 8), (Rules(5), 1)])
def test_every_seat_is_told_each_event_as_it_may_see_it_and_nothing_more(tmp_path: Path, rules: Rules,
                                                                           seed: int) -> None:
    table = _table(tmp_path, rules, seed)
    listeners = {seat: Listener(seat) for seat in range(rules.players)}
    table.play(listeners)
    game, log = table.match.game, table.saved.log
    assert game.is_over and table.saved.transcript.replay().to_json() == game.to_json()
    deck_draws = [e for e in log if e.kind == "draw" and e.source == "deck"]
    assert deck_draws, "a game with no deck draw tests nothing here"
    for seat, listener in listeners.items():
        assert listener.told == [event.visible_to(seat) for event in log]
        others = [e for e in listener.told if e.kind == "draw" and e.source == "deck" and e.seat != seat]
        assert all(not e.cards and e.hidden for e in others), "another seat's drawn card reached this seat"
        own = [e for e in listener.told if e.kind == "draw" and e.source == "deck" and e.seat == seat]
        assert all(e.cards for e in own)
        assert all(view.seat == seat for view in listener.views) and listener.views[-1] == game.view(seat)


def test_a_game_played_through_the_table_is_saved_after_every_move_and_recorded_once(tmp_path: Path) -> None:
    table = _table(tmp_path, Rules(3), seed=12)
    table.play({seat: BotSeat("normal", seed=seat) for seat in range(3)})
    assert read_save(tmp_path / "game.json").transcript == table.saved.transcript
    table.match.record()
    table.saved.finished = True
    table.save()
    assert run_now(table.record()) is None and run_now(table.record()) is None
    with open_records() as records:
        assert records.count() == 1
    assert not (tmp_path / "game.json").exists()  # the records hold it now


def test_a_move_is_saved_with_one_write_and_one_sync_and_the_file_holds_it(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A host with a hundred tables saves a move every few milliseconds: each move's save is one file
    renamed into place and synced once (the folder, which already holds the name, is not), and not read
    back; the file then holds the move, as a crash right after it would find it."""
    table = _table(tmp_path, Rules(4), seed=3)
    table.save()  # the table's first save: a new name in the folder
    synced: list[int] = []
    replaced: list[str] = []
    read_back: list[object] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        replaced.append(str(dst))
        real_replace(src, dst)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(save_document, "from_document", read_back.append)
    for _ in range(3):
        game = table.match.game
        assert game.to_move is not None
        table.push(game.to_move, game.legal_moves()[0])
    assert replaced == [str(tmp_path / "game.json")] * 3
    assert len(synced) == 3 and not read_back
    monkeypatch.undo()
    assert read_save(tmp_path / "game.json").transcript == table.saved.transcript


def test_a_table_without_a_save_file_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    table = _table(tmp_path, Rules(2), seed=2)
    table.path = None  # a lesson's table
    table.play({seat: BotSeat("easy", seed=seat) for seat in range(2)})
    assert table.match.game.is_over and run_now(table.record()) is None
    assert list(tmp_path.iterdir()) == []


class Scripted:
    """A front end with no terminal: bots in every seat, and a script of what happens when.

    ``undo_after``: once seat 0 has decided this many times in the first game, it takes its last
    decision back instead of deciding (once). ``stop_once``: the first score screen is left by an
    interrupt, as a person's Ctrl-C leaves it.
    """

    def __init__(self, table: Table, *, undo_after: int = 0, stop_once: bool = False,
                 standing_in: bool = False) -> None:
        self.table = table
        self.standing_in = standing_in  # seat 0's decisions are a stand-in's
        self.undone = False  # seat 0 just took a decision back
        self.bots = {seat: BotSeat("easy", seed=seat) for seat in range(table.match.rules.players)}
        self.undo_after = undo_after
        self.stop_once = stop_once
        self.decided = 0
        self.asked: list[View] = []  # seat 0's questions
        self.problems: list[Exception | None] = []
        self.pushed: list[tuple[int, str]] = []

    def player(self, seat: int) -> Scripted | BotSeat:
        return self if seat == 0 else self.bots[seat]

    async def decide(self, view: View) -> str:
        self.asked.append(view)
        if self.undo_after and self.decided == self.undo_after:
            self.undo_after = 0
            assert self.table.take_back(0) is not None
            self.undone = True
            raise Undone
        self.decided += 1
        return await self.bots[0].decide(view)

    def update(self, view: View, events: Sequence[Event]) -> None:
        pass

    def stood_in(self, seat: int) -> bool:
        return self.standing_in and seat == 0

    def moving(self, seat: int, move: str) -> None:
        self.pushed.append((seat, move))

    async def moved(self, seat: int, move: str, *, forced: bool = False) -> None:
        assert self.table.saved.transcript.moves[-1].move == move  # pushed and saved before this

    async def between_games(self, problem: Exception | None) -> bool:
        self.problems.append(problem)
        if self.stop_once:
            self.stop_once = False
            raise KeyboardInterrupt
        if self.table.match.is_over:
            return False
        self.table.next_game()
        return True


def test_the_one_loop_plays_a_whole_match_and_asks_again_in_the_position_an_undo_left(tmp_path: Path) -> None:
    table = _table(tmp_path, Rules(3), seed=4)
    table.match.games = 2
    front = Scripted(table, undo_after=3)
    run_now(table.play_match(front))
    assert table.match.is_over and len(table.match.results) == 2
    assert front.problems == [None, None]  # both games booked, the records took them
    with open_records() as records:
        assert records.count() == 2
    # The question after the undo is the one seat 0 answered third: the position before that decision.
    third, again = front.asked[2], front.asked[4]
    assert again == third and front.asked[3] != third
    # Every move pushed went through the front end first (what the hot-seat keeps to undo it).
    assert front.pushed[-len(table.saved.transcript.moves):] == [
        (m.seat, m.move) for m in table.saved.transcript.moves]


def test_a_stand_ins_decisions_are_kept_with_their_moves_through_an_undo_and_counted_in_the_records(
        tmp_path: Path) -> None:
    # Ada's seat is a person's, every decision of which a stand-in makes; the others are bots.
    table = _table(tmp_path, Rules(3), seed=4)
    table.saved.seats[0] = Seat("Ada")
    table.match.games = 2
    front = Scripted(table, undo_after=3, standing_in=True)
    checked: list[list[int]] = []

    async def moved(seat: int, move: str, *, forced: bool = False) -> None:
        saved = table.saved
        if front.undone:  # the marks of the moves taken back went with them, on disk too
            front.undone = False
            assert read_save(tmp_path / "game.json").stood_in == saved.stood_in
            checked.append(list(saved.stood_in))
        made = [i for i, m in enumerate(saved.transcript.moves) if m.seat == 0]
        assert set(saved.stood_in) <= set(made)
        if seat == 0:  # marked with its move, unless it was the only one (nobody's decision)
            assert (saved.stood_in[-1:] == [len(saved.transcript.moves) - 1]) != forced

    front.moved = moved  # type: ignore[method-assign]
    run_now(table.play_match(front))
    assert checked and all(checked)
    with open_records() as records:
        games = records.games()
    assert len(games) == 2  # each game counts its own: the second starts from none
    for game in games:
        assert game.decisions[0] > 0 and game.stood_in == (game.decisions[0], 0, 0)
        assert game.decisions[1] > 0 and game.decisions[2] > 0


class Answering:
    """Ann's screen: she answers the table's questions at once, except every third, which she lets the turn
    clock decide (its time runs out at once: the room's clock is the test's)."""

    local, name = True, "Ann"

    def __init__(self, room: Room, now: list[float]) -> None:
        self.room, self.now = room, now
        self.asked = self.left = 0
        self.saves_kept: list[bool] = []  # at each question after one she left: the save held the clock's moves

    def refresh(self) -> None:
        pass

    async def handover(self, seat: int) -> None:
        pass

    def turn_started(self, chair: Chair) -> None:
        self.asked += 1
        loop = asyncio.get_running_loop()
        if self.left:
            path = self.room.table.path
            assert path is not None
            self.saves_kept.append(len(read_save(path).stood_in) == self.left)
        if self.asked % 3 == 0:
            self.left += 1
            self.now[0] += 3600  # her time is up: the room looks again
            loop.call_soon(chair.changed.set)
            return
        loop.call_soon(self.room.answer, chair, self.room.view_for(chair.seat).legal_moves()[0])

    def close(self, reason: str) -> None:
        pass


def test_the_turn_clocks_decisions_are_counted_apart_from_the_persons_own_and_kept_in_the_save(
        tmp_path: Path) -> None:
    match = Match(Rules(2), games=1, seed=3, names=["Ann", "Eda"])
    saved = Saved(match=match, seats=[Seat("Ann"), Seat("Eda", "easy")], delay=0.0)
    now = [0.0]
    room = Room(Table(saved, tmp_path / "game.json"), grace=120, delay=0, turn=60, clock=lambda: now[0])
    screen = Answering(room, now)

    async def play() -> None:
        room.sit(Login("Ann"), screen)
        game = asyncio.get_running_loop().create_task(room.run())
        await until(lambda: room.stage in (SCORES, OVER), "the game to end")
        room.leave(screen)
        await asyncio.wait_for(game, TIMEOUT)

    asyncio.run(play())
    with open_records() as records:
        (game,) = records.games()
        ann = recorded_ratings(records).person("Ann")
    assert screen.left > 0 and (game.decisions[0], game.stood_in[0]) == (screen.asked, screen.left)
    assert game.stood_in[1] == 0
    # What the clock decided was in the save from its move on: a restart or a worker's hop keeps the count.
    assert screen.saves_kept and all(screen.saves_kept)
    assert ann is not None and ann.games == 1  # two thirds her own: rated


def test_a_front_end_stopped_at_the_score_screen_goes_on_where_it_was_and_the_game_is_booked_once(
        tmp_path: Path) -> None:
    table = _table(tmp_path, Rules(2), seed=6)
    table.match.games = 2
    front = Scripted(table, stop_once=True)
    with pytest.raises(KeyboardInterrupt):
        run_now(table.play_match(front))
    assert len(table.match.results) == 1 and table.match.game.is_over
    run_now(table.play_match(front))  # as the hot-seat does when the person says "no, don't quit"
    assert len(table.match.results) == 2 and table.match.is_over
    with open_records() as records:
        assert records.count() == 2


class Waiting(BotSeat):
    """A seat whose answer waits on the event loop, as a person's at an SSH session does."""

    async def decide(self, view: View) -> str:
        await asyncio.sleep(0)  # (what this seat is for: its answer waits on the loop, for one turn)
        return self.choose(view)


def test_the_loop_runs_on_an_event_loop_and_refuses_to_run_now_when_a_seat_waits(tmp_path: Path) -> None:
    table = _table(tmp_path, Rules(2), seed=9)
    front = Scripted(table)
    front.bots[0] = Waiting("easy", seed=0)
    before = table.match.game.to_json()
    assert table.match.game.to_move == 0
    with pytest.raises(RuntimeError, match="event loop"):
        run_now(table.play_game(front))
    assert table.match.game.to_json() == before  # nothing was pushed
    asyncio.run(table.play_game(front))
    assert table.match.game.is_over


PAUSE = 7.25  # the room's pause after a bot move: no other wait of the room's is this long


def _pauses(room: Room, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The room's pauses, counted and not waited (the pause is long: a test that waited it would not end): the
    number of moves after which each came."""
    pauses: list[int] = []
    sleep = asyncio.sleep

    async def counted(seconds: float, result: object = None) -> object:
        if seconds == PAUSE:
            pauses.append(len(room.saved.transcript.moves))
            seconds = 0
        return await sleep(seconds, result)

    monkeypatch.setattr(asyncio, "sleep", counted)
    return pauses


@pytest.mark.parametrize("watched", [False, True])
def test_a_table_whose_people_are_all_away_plays_on_without_pausing_until_somebody_watches(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, watched: bool) -> None:
    # Ann and Ben are away past their grace (none): stand-ins play their seats beside a bot. The pauses
    # between bot moves are counted.
    names = ["Ann", "Ben", "Ada"]
    match = Match(Rules(3), games=1, seed=5, names=names)
    saved = Saved(match=match, seats=[Seat("Ann"), Seat("Ben"), Seat("Ada", "easy")], delay=PAUSE)
    room = Room(Table(saved, tmp_path / "game.json"), code="bako-rimu-tesa", grace=0.0, delay=PAUSE)
    room.stage = PLAYING
    pauses = _pauses(room, monkeypatch)
    moves = 12

    async def main() -> None:
        if watched:
            assert room.sit(Login("Zed"), Looking("Zed")).chair is None  # he watches
        game = asyncio.get_running_loop().create_task(room.table.play_game(room))
        try:
            await until(lambda: len(room.saved.transcript.moves) >= moves, f"{moves} moves")
        finally:
            game.cancel()
            await asyncio.gather(game, return_exceptions=True)

    asyncio.run(main())
    played = len(room.saved.transcript.moves)
    assert played >= moves
    if watched:  # a pause after every move (every seat's move a bot's), in order
        assert pauses[:moves] == list(range(1, moves + 1))
    else:
        assert pauses == []


def test_the_pauses_come_back_when_a_watcher_comes_and_go_when_he_leaves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = ["Ann", "Ben"]
    match = Match(Rules(2), games=1, seed=3, names=names)
    saved = Saved(match=match, seats=[Seat("Ann"), Seat("Ben", "easy")], delay=PAUSE)
    room = Room(Table(saved, tmp_path / "game.json"), code="bako-rimu-tesa", grace=0.0, delay=PAUSE)
    room.stage = PLAYING
    pauses = _pauses(room, monkeypatch)
    zed = Looking("Zed")

    async def main() -> None:
        game = asyncio.get_running_loop().create_task(room.table.play_game(room))
        try:
            await until(lambda: len(room.saved.transcript.moves) >= 4, "4 moves")
            room.sit(Login("Zed"), zed)
            came = len(room.saved.transcript.moves)
            await until(lambda: len(pauses) >= 3, "3 pauses with Zed watching")
            room.leave(zed)
            went = len(room.saved.transcript.moves)
            await until(lambda: len(room.saved.transcript.moves) >= went + 4, "4 moves more")
        finally:
            game.cancel()
            await asyncio.gather(game, return_exceptions=True)
        assert all(came <= at <= went for at in pauses)  # paused only while he watched

    asyncio.run(main())


def test_a_game_of_bots_at_the_hot_seat_pauses_for_the_person_watching_its_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = ["Ada", "Bix"]
    match = Match(Rules(2), games=1, seed=3, names=names)
    saved = Saved(match=match, seats=[Seat(name, "easy") for name in names], delay=PAUSE)
    room = Room(Table(saved, tmp_path / "game.json"), delay=PAUSE)  # no code: the hot-seat's one terminal
    pauses = _pauses(room, monkeypatch)
    assert room.sit_all(Looking("")) == []  # its screen, and no person's seat: only bots play

    async def main() -> None:
        game = asyncio.get_running_loop().create_task(room.table.play_game(room))
        try:
            await until(lambda: len(pauses) >= 3, "3 pauses")
        finally:
            game.cancel()
            await asyncio.gather(game, return_exceptions=True)

    asyncio.run(main())
    assert pauses[:3] == [1, 2, 3]
