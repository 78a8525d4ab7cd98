"""One command registry: every command, at every kind of screen, answers alike or says it does not work there.

The three screens a person plays at (the hot-seat's, an SSH session's, a lesson's) and a watcher's and the
host's own are each set up in this process at the same position; every entry of the registry is typed at
each, and what follows is compared.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers import make_doc
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from abluxxen import Game
from abluxxen.engine.events import START, Event
from abluxxen.engine.match import Match
from abluxxen.store.saves import Saved, Seat
from abluxxen.table.chairs import Login
from abluxxen.table.room import Room
from abluxxen.table.table import Table
from abluxxen.tui.commands import REGISTRY, read_command
from abluxxen.tui.learn.course import LessonRoom, LessonScreen
from abluxxen.tui.learn.lessons import LESSONS
from abluxxen.tui.learn.walk import Walk
from abluxxen.tui.local import HotSeatScreen
from abluxxen.tui.screen import TableScreen

FRONTS = ("hotseat", "hosted", "watcher", "host", "lesson")


def _game() -> Game:
    return Game.from_json(make_doc(hands=["2 5 6 9 9", "1 3 4", "4 6 8"], names=["Ann", "Ben", "Cy"],
                                   displays=[[], ["8 8"], []], pool="7 3 12 6 12 11"))


def _table(game: Game) -> Table:
    match = Match(game.rules, games=1, seed=3, names=list(game.names))
    match.game = game
    seats = [Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")]
    return Table(Saved(match=match, seats=seats, delay=0.0, log=[Event(START, 0, source="1")]), None)


@contextmanager
def _screen(front: str) -> Iterator[TableScreen]:
    """Ann's screen (or a watcher's) of ``front``'s kind, Ann asked to decide, at 80×23."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        screen: TableScreen
        if front == "lesson":
            walk = Walk(LESSONS[0], 1)
            walk.table = _table(_game())
            room: Room = LessonRoom(walk, delay=0.0)
            screen = LessonScreen(room, 1, lang="en", colours=None)  # type: ignore[arg-type]
        elif front == "hotseat":
            room = Room(_table(_game()), delay=0.0)
            screen = HotSeatScreen(room, colours=None)
        else:
            room = Room(_table(_game()), code="bako-rimu-tesa", delay=0.0)
            screen = TableScreen(room, Login("Zoe" if front == "watcher" else "Ann"), colours=None,
                                 local=front == "host")
        screen.fixed_size = (80, 23)
        screen.sit()
        chair = room.chairs[0]
        chair.answer = asyncio.get_event_loop_policy().new_event_loop().create_future()  # Ann decides now
        room.stage = "playing"
        yield screen


def _typed(front: str, line: str) -> tuple[list[str] | None, str, str]:
    """What typing ``line`` at ``front``'s screen brings: the page, the message, the question."""
    with _screen(front) as screen:
        screen.answer(line)
        question = screen.question.prompt if screen.question is not None else ""
        return screen.page, screen.message, question


def test_every_command_has_words_in_both_languages_and_works_somewhere() -> None:
    for entry in REGISTRY:
        assert entry.calls and entry.where, entry.name
        assert any(not call.isascii() or call in ("tipp", "sag", "sage", "regeln", "hilfe", "verlauf", "beenden",
                                                  "stumm", "laut", "zuschauer", "rauswerfen", "neu", "beitreten",
                                                  "zuschauen", "aufstehen", "beginnen", "wer", "verbannen", "entbannen",
                                                  "rangliste")
                   for call in entry.calls) or entry.name in ("?", "undo", "skip", "quit", "log", "hint",
                                                              "rules", "say"), entry.name
        for call in entry.calls:
            assert read_command(call) is not None and read_command(call).name == entry.name  # type: ignore[union-attr]


def test_no_command_takes_a_word_that_is_a_move() -> None:
    """A move typed must be played: ``leave`` (the cards lying) is a move, never the club's command."""
    from abluxxen.engine.moves import KINDS
    from abluxxen.i18n.verbs import GERMAN, SHORTCUTS

    moves = set(KINDS) | {word for words in (*GERMAN.values(), *SHORTCUTS.values()) for word in words}
    assert not [call for entry in REGISTRY for call in entry.calls if call in moves]


@pytest.mark.parametrize("front", FRONTS)
@pytest.mark.parametrize("entry", REGISTRY, ids=[entry.name for entry in REGISTRY])
def test_every_command_is_answered_at_every_screen_or_refused_in_one_line_that_says_where_it_works(
        front: str, entry: object) -> None:
    from abluxxen.tui.commands import Entry

    assert isinstance(entry, Entry)
    words = {"rules": " joker", "say": " hello", "kick": " Zoe", "mute": " Zoe", "unmute": " Zoe", "unban": " Zoe",
             "watchers": " 3"}.get(entry.name, "")
    with _screen(front) as screen:
        allowed = bool(entry.where & screen.places)
        screen.answer(entry.calls[0] + words)
        said = screen.message
        if not allowed:
            assert said.startswith(f"“{entry.name}” works only ") and "\n" not in said, said
            assert screen.page is None and screen.question is None
            return
        assert "works only" not in said
        answered = screen.room.chairs[0].answer
        assert screen.page is not None or said or screen.question is not None or screen.goodbye \
            or screen.room.chat or (answered is not None and answered.done()), \
            f"{entry.name} at the {front} screen did nothing"


@pytest.mark.parametrize("line", ["?", "rules joker"])
def test_the_same_command_gives_the_same_page_at_the_hot_seat_over_ssh_and_in_a_lesson(line: str) -> None:
    pages = {front: _typed(front, line)[0] for front in ("hotseat", "hosted", "lesson")}
    assert pages["hotseat"] is not None
    assert pages["hotseat"] == pages["hosted"] == pages["lesson"]


def test_a_screen_without_colours_keeps_every_sign_of_the_table(tmp_path: Path) -> None:
    with _screen("hotseat") as screen:
        text = screen.picture()
    assert "\x1b" not in text and "[8 8]" in text and "▶" in text
