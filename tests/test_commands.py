"""One command registry: every command, at every kind of screen, answers alike or says it does not work there.

The three screens a person plays at (the hot-seat's, an SSH session's, a lesson's) and a watcher's and the
host's own are each set up in this process at the same position; every entry of the registry is typed at
each, and what follows is compared.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import make_doc
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from waiting import until

from abluxxen import Game
from abluxxen.club.lobby import Club
from abluxxen.club.screens import ClubTableScreen, LobbyScreen
from abluxxen.club.visitors import Visitor
from abluxxen.club.workers import Workers
from abluxxen.engine.events import START, Event
from abluxxen.engine.match import Match
from abluxxen.store.accounts import open_accounts
from abluxxen.store.save_document import Saved, Seat
from abluxxen.table.chairs import Login
from abluxxen.table.room import Room
from abluxxen.table.table import Table
from abluxxen.tui import commands
from abluxxen.tui.commands import LEAVING, REGISTRY, Command, Entry, read_command
from abluxxen.tui.learn.course import LessonRoom, LessonScreen
from abluxxen.tui.learn.lessons import LESSONS
from abluxxen.tui.learn.walk import Walk
from abluxxen.tui.local import HotSeatScreen
from abluxxen.tui.screen import TableScreen

FRONTS = ("hotseat", "hosted", "watcher", "host", "lesson")
#: The words two commands share, and the one each calls at a table and in the lobby: at a table, ``moves`` are
#: the moves one may type (the ? page); in the lobby, where no move is typed, the tables where it is one's move.
SHARED = {"moves": {"table": "?", "lobby": "moves"}, "züge": {"table": "?", "lobby": "moves"}}


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


async def _answer(screen: TableScreen, line: str) -> None:
    """Type ``line`` at ``screen``, then wait for what it set off (a hint's search) to be done."""
    screen.answer(line)
    await until(lambda: not screen.thinking, "the hint's search to end")


def _typed(front: str, line: str) -> tuple[list[str] | None, str, str]:
    """What typing ``line`` at ``front``'s screen brings: the page, the message, the question."""
    with _screen(front) as screen:
        asyncio.run(_answer(screen, line))
        question = screen.question.prompt if screen.question is not None else ""
        return screen.page, screen.message, question


def test_every_command_has_words_in_both_languages_and_works_somewhere() -> None:
    for entry in REGISTRY:
        assert entry.calls and entry.where, entry.name
        assert any(not call.isascii() or call in ("tipp", "sag", "sage", "regeln", "hilfe", "verlauf", "beenden",
                                                  "stumm", "laut", "zuschauer", "rauswerfen", "neu", "beitreten",
                                                  "zuschauen", "aufstehen", "beginnen", "wer", "verbannen", "entbannen",
                                                  "rangliste", "einladen", "ablehnen", "kontakt", "benachrichtigen",
                                                  "turnier", "turniere")
                   for call in entry.calls) or entry.name in ("?", "undo", "skip", "quit", "log", "hint",
                                                              "rules", "say"), entry.name
        for call in entry.calls:  # a word two commands share calls each where it is made for (SHARED)
            assert any(getattr(read_command(call, frozenset({place})), "name", None) == entry.name
                       for place in entry.where), (entry.name, call)


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
    typed = next(call for call in entry.calls if call not in SHARED)  # (a word it shares calls another here)
    with _screen(front) as screen:
        allowed = bool(entry.where & screen.places)
        asyncio.run(_answer(screen, typed + words))
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


# -- one dispatcher: the registry's entries, at a table's screen and in the club's lobby ----------------------

LOBBIES = ("lobby", "admin")


@contextmanager
def _lobby(front: str, where: Path) -> Iterator[LobbyScreen]:
    """Ann's lobby in a club (an admin's for ``admin``), without a terminal (80 columns)."""
    club = Club(where, open_accounts(where), elsewhere=Workers(0))
    ann = Visitor("Ann", "SHA256:ann", admin=front == "admin")
    club.visitors[ann.name.casefold()] = ann
    yield LobbyScreen(club, ann, lang="en", colours=None)


@contextmanager
def _any(front: str, where: Path) -> Iterator[TableScreen | LobbyScreen]:
    with (_lobby(front, where) if front in LOBBIES else _screen(front)) as screen:
        yield screen


@pytest.mark.parametrize("front", FRONTS + LOBBIES)
def test_every_word_of_every_command_reaches_its_entrys_one_handler_for_the_screen_it_is_typed_at(
        front: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each entry's handlers are replaced by spies: a word typed where its command works calls its entry's
    handler for that kind of screen, once, and nothing else answers it (no page, no line, no leaving); where
    it does not work no handler runs and one line says where it does. A screen answering a command itself
    (as the lobby once answered all of them) calls no spy and fails here."""
    heard: list[tuple[str, str, Command]] = []

    def spy(name: str, kind: str) -> Callable[[object, Command], None]:
        return lambda screen, command: heard.append((name, kind, command))

    spied = {entry.name: replace(entry, table=spy(entry.name, "table") if entry.table else None,
                                 lobby=spy(entry.name, "lobby") if entry.lobby else None) for entry in REGISTRY}
    monkeypatch.setattr(commands, "_BY_NAME", spied)
    kind = "lobby" if front in LOBBIES else "table"
    with _any(front, tmp_path) as screen:
        for typed in REGISTRY:
            for call in typed.calls:
                entry = spied[SHARED.get(call, {}).get(kind, typed.name)]
                heard.clear()
                screen.answer(f"{call.upper()} 2 x")
                if entry.where & screen.places:
                    assert heard == [(entry.name, kind, Command(entry.name, ("2", "x") if entry.takes_words else ()))]
                    assert screen.page is None and not screen.message and not screen.goodbye, (front, call)
                else:
                    assert heard == [] and screen.message.startswith(f"“{entry.name}” works only "), (front, call)
                    screen.message = ""


def test_a_word_is_shared_by_two_commands_only_where_the_registry_says_which_it_calls_where() -> None:
    calls = [call for entry in REGISTRY for call in entry.calls]
    assert {call for call in calls if calls.count(call) > 1} == set(SHARED)
    for call, called in SHARED.items():
        assert read_command(call, frozenset({"seat"})) == Command(called["table"])
        assert read_command(call, frozenset({"lobby"})) == Command(called["lobby"])
        assert read_command(call, frozenset({"admin", "lobby"})) == Command(called["lobby"])


def test_the_commands_of_both_a_table_and_the_lobby_have_one_handler_for_both_and_no_screen_has_another() -> None:
    """``?``, ``rules``, ``log``, ``say`` and ``quit`` are the same function in the lobby and at a table (what
    differs is the screen's page: ``help_parts``, ``log_parts``); a host's and an admin's ``kick`` are two
    orders. No screen keeps a dispatcher of its own."""
    both = {entry.name: id(entry.table) == id(entry.lobby) for entry in REGISTRY  # one function, or two
            if entry.table is not None and entry.lobby is not None}
    assert sorted(name for name, same in both.items() if same) == sorted(["?", "rules", "log", "say", "quit"])
    assert sorted(name for name, same in both.items() if not same) == ["kick", "mute", "unmute"]
    for screen in (TableScreen, HotSeatScreen, LessonScreen, ClubTableScreen, LobbyScreen):
        assert not hasattr(screen, "club"), screen
    with pytest.raises(ValueError, match="a handler for each kind of screen"):
        Entry("new", ("new",), frozenset({"lobby", "seat"}), lobby=REGISTRY[0].lobby)


def test_the_shared_commands_answer_in_the_lobby_as_at_a_table(tmp_path: Path) -> None:
    with _screen("hotseat") as table, _lobby("lobby", tmp_path) as lobby:
        for line in ("rules joker", "rules no-such-topic", "say hello", "log"):
            table.answer(line)
            lobby.answer(line)
            if line == "rules joker":
                assert lobby.page is not None and lobby.page == table.page and lobby.message == table.message
            elif line.startswith("rules"):  # nothing found: one line, the same, and no page
                assert lobby.page is table.page is None and lobby.message == table.message
                assert table.message.startswith("No rules section about 'no-such-topic'. Try: ")
            elif line == "say hello":
                assert [said.text for said in lobby.clubhouse.talk.lines] == ["hello"]  # the hot-seat has no chat
            else:
                assert lobby.page == ["Chat", "", "Ann: hello"] and table.page is not None
            for screen in (table, lobby):
                if screen.page is not None:
                    screen.answer("q")
        lobby.answer("quit")
        assert lobby.left and lobby.goodbye


@pytest.mark.parametrize("front", ("hotseat", "lobby"))
def test_a_word_that_leaves_a_page_closes_it_and_any_other_line_turns_it(front: str, tmp_path: Path) -> None:
    with _any(front, tmp_path) as screen:
        for typed in (*LEAVING, "EXIT", "", "x"):
            screen.answer("rules")  # the whole text: many screenfuls
            assert screen.page is not None and screen.page_at == 0
            screen.answer(f" {typed.upper()} ")
            assert (screen.page is None) == (typed in LEAVING), typed
            screen.page = None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_line_that_is_no_move_at_a_table_one_only_watches_names_only_commands_that_work_there(lang: str) -> None:
    """A local game only bots play never offers ``say`` (nobody is there to read it), a hosted table's
    watcher is offered it: one rule, the registry's, decides both what works and what is named."""
    from abluxxen.i18n.tr import Tr
    from abluxxen.tui.commands import works

    def named(said: str) -> list[str]:
        return [command.name for word in said.replace("·", " ").replace(":", " ").split()
                if (command := read_command(word)) is not None]

    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        table = _table(_game())
        table.saved.seats = [Seat(name, "easy") for name in ("Ada", "Bix", "Cog")]
        table.saved.lang = lang
        room = Room(table, delay=0.0)
        alone = HotSeatScreen(room, lang=lang, colours=None)
        alone.fixed_size = (80, 23)
        alone.sit()
        room.stage = "playing"
        alone.answer("hello")
        said = alone.message
        assert "\n" not in said and len(said) <= 80 and named(said), said
        assert "say" not in named(said) and all(works(name, alone.places) for name in named(said)), said
        alone.answer(("sag" if lang == "de" else "say") + " hi")
        assert alone.message.startswith(Tr(lang)("command.elsewhere", command="say", where="")[:6])
    with _screen("watcher") as watcher:
        watcher.answer("hello")
        assert "say" in named(watcher.message) and works("say", watcher.places), watcher.message


@pytest.mark.parametrize("front", ["hotseat", "hosted", "lesson"])
def test_rules_at_the_prompt_say_a_miss_in_one_line_and_a_partial_match_atop_its_page(front: str) -> None:
    from rich.cells import cell_len

    page, message, _ = _typed(front, "rules xyzzy")
    assert page is None, "nothing found opens no page: the game goes on"
    assert message.startswith("No rules section about 'xyzzy'. Try: idea, ") and cell_len(message) <= 80
    page, message, _ = _typed(front, "rules how does the duel wrok")
    assert page is not None and message.startswith("Partial match: nothing about 'wrok'. Try: duel")
    assert page[0] == message and cell_len(message) <= 80
    assert "Duel: setup and the shadow" in page[2]
