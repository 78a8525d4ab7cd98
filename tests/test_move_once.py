"""A move typed at a table is judged once, where it is typed, and applied once, on the game itself; screens
draw the table as it was published after the last move, never the game half-way through the next one."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from helpers import Looking, make_doc
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from waiting import until

from abluxxen import Event, Game, IllegalMove, View
from abluxxen.engine import state, view
from abluxxen.engine.events import START
from abluxxen.engine.match import Match
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import read_save
from abluxxen.table.chairs import Login
from abluxxen.table.room import Room
from abluxxen.table.table import Disk, DiskThread, Listener, Table
from abluxxen.tui.screen import TableScreen

T = TypeVar("T")
NAMES = ["Ann", "Ben", "Cy"]


def _game() -> Game:
    # Ann plays first; her 9 9 abluxxes Ben's 8 8, and then she decides again (take or leave).
    return Game.from_json(make_doc(hands=["2 5 6 9 9", "1 3 4", "4 6 8"], names=NAMES,
                                   displays=[[], ["8 8"], []], pool="7 3 12 6 12 11"))


def _room(path: Path, disk: Disk) -> Room:
    game = _game()
    match = Match(game.rules, games=1, seed=3, names=NAMES)
    match.game = game
    saved = Saved(match=match, seats=[Seat(name) for name in NAMES], delay=0.0, log=[Event(START, 0, source="1")])
    table = Table(saved, path)
    table.disk = disk
    return Room(table, code="bako-rimu-tesa", delay=0.0)


class Counted:
    """Calls of the engine's functions that judge a move (a look at the legal moves, a move checked against
    the position) and of those that apply one to a game (the outermost only: a push applies through
    others)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.judged = self.applied = 0
        self.on = False
        self._depth = 0
        for owner, name in ((view.View, "legal_actions"), (view, "judge"), (state, "judge"),
                            (state.State, "_canonical_code")):
            monkeypatch.setattr(owner, name, self._judging(getattr(owner, name)))
        for name in ("push", "apply_action"):
            monkeypatch.setattr(state.State, name, self._applying(getattr(state.State, name)))

    def _judging(self, real: Callable[..., T]) -> Callable[..., T]:
        def judging(*args: Any, **kwargs: Any) -> T:
            self.judged += self.on
            return real(*args, **kwargs)
        return judging

    def _applying(self, real: Callable[..., T]) -> Callable[..., T]:
        def applying(*args: Any, **kwargs: Any) -> T:
            self.applied += self.on and not self._depth
            self._depth += 1
            try:
                return real(*args, **kwargs)
            finally:
                self._depth -= 1
        return applying


class Told:
    """A seat's listener that notes when the table told it of a move (the move is then applied, saved and
    published), and what was counted by then."""

    def __init__(self, inner: Listener, counted: Counted) -> None:
        self.inner, self.counted = inner, counted
        self.at: tuple[int, int] | None = None

    def update(self, view: View, events: Sequence[Event]) -> None:
        if self.at is None and self.counted.on:
            self.at = (self.counted.judged, self.counted.applied)
            self.counted.on = False
        self.inner.update(view, events)


@contextmanager
def _at_table(path: Path, disk: Disk) -> Iterator[tuple[Room, TableScreen]]:
    """Ann's screen at a hosted table (80×23), Ben and Cy watching theirs."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        room = _room(path, disk)
        screen = TableScreen(room, Login("Ann"), colours=None)
        screen.fixed_size = (80, 23)
        yield room, screen


async def _asked(room: Room, screen: TableScreen, others: list[Looking]) -> asyncio.Task[None]:
    """Everyone seated and the game under way: Ann is asked."""
    screen.sit()
    for other in others:
        room.sit(Login(other.name), other)
    game = asyncio.get_running_loop().create_task(room.run())
    await until(lambda: screen.deciding_view() is not None, "Ann to be asked")
    return game


async def _stopped(game: asyncio.Task[None]) -> None:
    game.cancel()
    await asyncio.gather(game, return_exceptions=True)


@pytest.mark.parametrize("disk", [Disk, DiskThread], ids=["at-once", "thread"])
def test_a_typed_move_is_judged_once_where_it_is_typed_and_applied_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, disk: Callable[[], Disk]) -> None:
    counted = Counted(monkeypatch)

    async def main(room: Room, screen: TableScreen) -> None:
        game = await _asked(room, screen, [Looking("Ben"), Looking("Cy")])
        try:
            told = Told(room.table.seats[1], counted)
            room.table.seats[1] = told
            counted.on = True
            screen.answer("9 9")
            assert await until(lambda: told.at, "Ben's seat to be told Ann's move") == (1, 1)
        finally:
            await _stopped(game)
        assert [m.move for m in room.saved.transcript.moves] == ["play 9 9"]
        assert read_save(tmp_path / "game.json").transcript.moves == room.saved.transcript.moves

    with _at_table(tmp_path / "game.json", disk()) as (room, screen):
        asyncio.run(main(room, screen))


def test_an_illegal_move_is_refused_in_one_line_and_the_same_question_asked_again(tmp_path: Path) -> None:
    async def main(room: Room, screen: TableScreen) -> None:
        game = await _asked(room, screen, [Looking("Ben"), Looking("Cy")])
        try:
            asked = room.chairs[0].answer
            screen.answer("7 7")
            assert screen.message.count("\n") == 0 and "7" in screen.message
            assert asked is not None and room.chairs[0].answer is asked and not asked.done()  # the same question
            assert screen.deciding_view() == room.view_for(0) and not room.saved.transcript.moves
        finally:
            await _stopped(game)

    with _at_table(tmp_path / "game.json", DiskThread()) as (room, screen):
        asyncio.run(main(room, screen))


class Held(DiskThread):
    """A disk whose writes wait until the test lets them go (the moment a move is applied and not saved yet)."""

    def __init__(self) -> None:
        super().__init__()
        self.holding = False
        self.waiting = 0
        self.go = asyncio.Event()

    async def run(self, work: Callable[[], T]) -> T:
        if self.holding:
            self.waiting += 1
            await self.go.wait()
        return await super().run(work)


def test_a_screen_drawn_while_a_move_is_applied_shows_the_table_as_published_before_it(tmp_path: Path) -> None:
    disk = Held()

    async def main(room: Room, screen: TableScreen) -> None:
        game = await _asked(room, screen, [Looking("Ben"), Looking("Cy")])
        try:
            before = ([room.view_for(seat) for seat in range(3)], room.public_view(), room.log)
            picture = screen.picture()
            disk.holding = True
            screen.answer("9 9")
            await until(lambda: disk.waiting, "the move's save to be under way")
            assert room.match.game.hand(0) == [2, 5, 6]  # the game has the move, its save is not written
            # Every screen draws the table as it was: Ann's 9 9 still in her hand, the log without them.
            assert ([room.view_for(seat) for seat in range(3)], room.public_view(), room.log) == before
            assert screen.picture() == picture
            assert read_save(tmp_path / "game.json").transcript.moves == []
            disk.go.set()
            await until(lambda: room.view_for(0).hand == (2, 5, 6), "the move to be shown")
            assert room.view_for(0) == room.match.game.view(0) and room.log == tuple(room.saved.log)
            assert [m.move for m in read_save(tmp_path / "game.json").transcript.moves] == ["play 9 9"]
        finally:
            await _stopped(game)

    with _at_table(tmp_path / "game.json", disk) as (room, screen):
        asyncio.run(main(room, screen))


def test_a_move_judged_on_a_position_gone_is_judged_again_and_refused(tmp_path: Path) -> None:
    room = _room(tmp_path / "game.json", Disk())
    table = room.table
    stale = table.published.view(0).judged("play 9 9")
    table.push(0, stale)  # judged on the position shown: applied
    old = table.published.view(0)
    table.take_back(0, 0)
    leave = old.judged("leave")  # judged on the position after the play, which the undo took back
    with pytest.raises(IllegalMove):
        table.push(0, leave)
    assert [m.move for m in table.saved.transcript.moves] == []
