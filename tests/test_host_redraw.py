"""What a key and a move cost the host, as the people at its terminals meet it: a key typed redraws the
prompt's lines and sends a few bytes, a move reaches every screen, and a screen kept from one draw to
the next never shows another seat's hand (the helpers are in ``tests/hosting.py``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, cast

import asyncssh
import pytest
from helpers import Seated, make_doc, seated
from hosting import (
    WAIT,
    Client,
    all_drawn,
    connect,
    decides,
    everyone,
    hand_words,
    hosted,
    make_room,
    next_asked,
    taken,
)
from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Size
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.controls import UIContent
from prompt_toolkit.output.vt100 import Vt100_Output
from prompt_toolkit.renderer import Renderer
from waiting import until

from abluxxen import Game
from abluxxen.host.server import Host, TerminalOut
from abluxxen.i18n.tr import Tr
from abluxxen.table.room import Room
from abluxxen.tui import toolkit


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """What the host has written to each person's terminal so far, in characters, by login name."""
    written: Counter[str] = Counter()
    write = asyncssh.SSHServerChannel.write

    def counted(self: asyncssh.SSHServerChannel[str], data: str, datatype: int | None = None) -> None:
        written[self.get_extra_info("username")] += len(data)
        write(self, data, datatype)
    monkeypatch.setattr(asyncssh.SSHServerChannel, "write", counted)
    return written


#: What Ctrl-L sends first: the terminal's screen erased (then the whole screen drawn afresh).
ERASE = "\x1b[2J"


async def quiet(host: Host, clients: list[Client], sent: Counter[str]) -> None:
    """Until no screen has a redraw waiting and every client has read all that its screen wrote (a test
    first waits for what it did to reach the screens: then nothing more is on its way)."""
    def read(client: Client) -> bool:
        return sum(map(len, client.term.raw)) == sent[client.conn.get_extra_info("username")]

    await until(lambda: all_drawn(host) and all(read(client) for client in clients),
                "every screen drawn and read by its client", WAIT)


async def afresh(client: Client, host: Host, clients: list[Client], sent: Counter[str]) -> None:
    """Ctrl-L at ``client``'s terminal, until its whole screen is drawn afresh and read."""
    since = len(client.term.all_raw())
    client.chan.write("\x0c")
    await client.sees(lambda _: ERASE in client.term.all_raw()[since:])
    await quiet(host, clients, sent)


def still_room(tmp_path: Path) -> Room:
    """A room of Ann, Ben and Cy whose clock stands still: the table is drawn afresh every 30 s (chat
    fades), never during these tests."""
    room = make_room(tmp_path, "Ann,Ben,Cy")
    room.clock = lambda: 1000.0
    return room


def nothing_typed(name: str) -> Callable[[str], bool]:
    """Whether a screen shows ``name``'s prompt with nothing typed after it."""
    return lambda text: text.split("\n")[-2] == f"{name} ›"


def shows(*parts: str) -> Callable[[str], bool]:
    """Whether a screen shows every one of ``parts``."""
    return lambda text: all(part in text for part in parts)


async def plays(room: Room, clients: list[Client], rng: random.Random) -> None:
    """The seat asked types a legal move, the room takes it, and the next seat is asked (the move on every
    screen's way: the room told them before it asked), or the game is over."""
    mover = await next_asked(room, range(len(clients)))
    assert mover is not None, "the game is over"
    before = len(room.saved.transcript.moves)
    clients[mover].type(rng.choice(room.match.game.view(mover).legal_moves()))
    await taken(room, before, f"seat {mover}'s")
    await next_asked(room, range(len(clients)))


def test_a_key_typed_redraws_the_prompts_lines_not_the_table_and_sends_a_few_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sent: Counter[str]) -> None:
    # prompt_toolkit draws the whole layout for every key: the table's 22 lines were copied into its
    # screen again, character by character, for each key a person typed (most of a key's cost).
    copied: list[int] = []
    copy_body = Window._copy_body

    def counted(self: Window, content: UIContent, *args: Any, **kwargs: Any) -> Any:
        copied.append(content.line_count)
        return copy_body(self, content, *args, **kwargs)
    monkeypatch.setattr(Window, "_copy_body", counted)
    room = still_room(tmp_path)

    async def test(host: Host, port: int) -> None:
        clients = ann, ben, cy = [await connect(port, name) for name in ("ann", "ben", "cy")]
        await decides(room, 0)  # (Ann's screen drawn asking her: all it has drawn is what the bound below counts)
        await ann.sees("Your hand (Ann)")
        await quiet(host, clients, sent)
        whole = len(ann.term.all_raw().encode())
        for typed in ("p", "pl", "pla"):
            copied.clear()
            before = len(ann.term.all_raw().encode())
            ann.chan.write(typed[-1])
            await ann.sees(f"Ann › {typed}")
            await quiet(host, clients, sent)
            assert copied and max(copied) <= 1, copied  # the prompt and the line under it, one line each
            assert len(ann.term.all_raw().encode()) - before < whole / 20
        assert "Ann › pla" not in ben.term.all_raw() + cy.term.all_raw()

    hosted(room, test)


def test_every_move_shows_on_every_screen_each_with_its_own_hand(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben,Cy")
    rng = random.Random(11)

    async def test(host: Host, port: int) -> None:
        clients = await everyone(port, ["ann", "ben", "cy"])
        for _ in range(12):
            await plays(room, clients, rng)
            if room.match.game.is_over:
                break
            deck = room.match.game.view(0).deck_size
            for seat, client in enumerate(clients):
                hand = hand_words(room, seat)
                await client.sees(shows(f"Deck {deck}", hand))

    hosted(room, test)


def test_two_seats_screens_kept_between_draws_never_show_each_others_hand(tmp_path: Path,
                                                                         sent: Counter[str]) -> None:
    room = make_room(tmp_path, "Ann,Ben")
    rng = random.Random(5)

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        shown: dict[int, set[str]] = {0: set(), 1: set()}
        for _ in range(10):
            for seat in (0, 1):
                shown[seat].add(hand_words(room, seat))
            await plays(room, [ann, ben], rng)
            if room.match.game.is_over:
                break
            await ann.sees(hand_words(room, 0))
            await ben.sees(hand_words(room, 1))
            ann.chan.write("p")  # a key typed redraws from what was kept
            await ann.sees("Ann › p")
            ann.chan.write("\x7f")
            await ann.sees(nothing_typed("Ann"))
        await quiet(host, [ann, ben], sent)
        for me, client, name, other in ((0, ann, "Ann", "Ben"), (1, ben, "Ben", "Ann")):
            assert f"hand ({other})" not in client.term.all_raw()
            lines = [line for line in client.term.seen if "hand (" in line]
            assert lines and all(line.startswith(f"Your hand ({name}) · ") for line in lines)
            hands = {line.split(": ", 1)[1] for line in lines if ": " in line}
            assert shown[me] & hands and not (shown[1 - me] - shown[me]) & hands

    hosted(room, test)


def test_line_editing_keys_work_on_every_screen_of_one_host(tmp_path: Path) -> None:
    # Every screen shares prompt_toolkit's line-editing keys (made once): each must still edit its own line.
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        for client, name, words in ((ann, "Ann", "good luck"), (ben, "Ben", "thanks")):
            client.chan.write(words + "!!\x7f")  # typed, then a backspace
            client.chan.write("\x01say \x05")  # Ctrl-A: the line's start; Ctrl-E: its end
            await client.sees(f"{name} › say {words}!")
            client.chan.write("\x1b[D\x1b[D?\r")  # left twice, a key typed there, Enter
            said = f"{words[:-1]}?{words[-1]}!"
            await ann.sees(said)
            await ben.sees(said)

    hosted(room, test)


def test_what_each_redraw_left_on_a_screen_is_what_a_whole_new_drawing_shows(tmp_path: Path,
                                                                             sent: Counter[str]) -> None:
    # Rows a screen copied unchanged from the last drawing are not compared again: the terminal must still
    # show exactly what drawing the whole screen afresh (Ctrl-L) shows, after keys, moves and chat.
    assert toolkit.redraws_patched()  # else this compares prompt_toolkit's own comparison with itself
    room = still_room(tmp_path)
    rng = random.Random(11)

    async def test(host: Host, port: int) -> None:
        clients = await everyone(port, ["ann", "ben", "cy"])
        for turn in range(6):
            await plays(room, clients, rng)
            if room.match.game.is_over:
                break
            watcher = clients[turn % 3]
            name = room.chairs[turn % 3].name
            watcher.chan.write("say hi" if turn % 2 else "pl")  # a line being typed, or a line said
            if turn % 2:
                watcher.chan.write("\r")
                for client in clients:
                    await client.sees(f"{name}: hi")
            else:
                await watcher.sees(f"{name} › pl")
            await quiet(host, clients, sent)
            for client in clients:
                drawn = client.term.text()
                await afresh(client, host, clients, sent)  # Ctrl-L: the whole screen drawn afresh
                assert client.term.text() == drawn
            if not turn % 2:
                watcher.chan.write("\x7f\x7f")
                await watcher.sees(nothing_typed(name))
                await quiet(host, clients, sent)

    hosted(room, test)


class Written(TerminalOut):
    """A terminal that keeps what was written to it."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, data: str) -> None:
        self.text += data


def test_the_redraw_patch_is_on_and_writes_the_very_bytes_prompt_toolkit_writes_without_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The patch passes over rows it knows are unchanged; prompt_toolkit without it compares every
    # character. The same screens, drawn by three renderers (one with the patch, one without, and one
    # where prompt_toolkit's rows are not as the kept window knows them, which then draws every line),
    # must write the same bytes at every step: a first drawing, keys, a move, a line refused, a new size,
    # Ctrl-L.
    assert toolkit.redraws_patched()
    size = [80, 23]
    rows_shown: dict[str, list[int]] = {"patched": [], "plain": [], "unkept": []}
    mode = ["patched"]
    theirs = toolkit._screen_diff
    assert theirs is not None

    def counted(app: Any, output: Any, screen: Any, *args: Any, **kwargs: Any) -> Any:
        rows_shown[mode[0]].append(sum(1 for row in screen.data_buffer.values() if row))
        return theirs(app, output, screen, *args, **kwargs)
    monkeypatch.setattr(toolkit, "_screen_diff", counted)

    async def test(table: Seated) -> None:
        screen = table.screen
        app = screen.app
        terminals = {name: Written() for name in rows_shown}
        outputs = {name: Vt100_Output(cast(TextIO, terminal), lambda: Size(rows=size[1], columns=size[0]),
                                      term="xterm-256color", enable_cpr=False) for name, terminal in terminals.items()}
        renderers = {name: Renderer(app._merged_style, output, full_screen=True) for name, output in outputs.items()}
        drawn: dict[str, list[str]] = {name: [] for name in rows_shown}

        def draw() -> None:
            screen.fixed_size = (size[0], size[1])
            for name, renderer in renderers.items():
                mode[0] = name
                toolkit.patch_redraws(name == "patched")
                with monkeypatch.context() as unkept, set_app(app):
                    if name == "unkept":
                        unkept.setattr(toolkit, "MISSING", toolkit.MISSING | {toolkit.ROWS})
                    terminals[name].text = ""
                    renderer.render(app, app.layout)
                drawn[name].append(terminals[name].text)
            toolkit.patch_redraws()

        try:
            await table.asked()
            draw()
            for key in "pl":
                screen.buffer.insert_text(key)
                draw()
            screen.buffer.reset()
            await table.type("5")
            await table.asked()
            draw()
            await table.type("zz")  # a line the screen refuses, under the table
            draw()
            size[:] = [100, 30]
            draw()
            screen.buffer.insert_text("7")
            draw()
            assert screen._kept is not None
            screen._kept.forget()  # Ctrl-L
            for renderer in renderers.values():
                renderer.clear()
            draw()
        finally:
            toolkit.patch_redraws()

        assert all(drawn["plain"]) and "'zz'" in drawn["plain"][4]  # every step wrote something
        assert drawn["patched"] == drawn["plain"] == drawn["unkept"]
        # The patch did pass over rows: for a key typed, prompt_toolkit was shown the prompt's two rows to
        # compare, not the table's too.
        assert rows_shown["patched"][1:3] == [2, 2] and min(rows_shown["plain"][1:3]) > 10, rows_shown

    seated(Game.from_json(make_doc(hands=["1 4 5 7", "2 6 9", "3 8 10"], names=["Ann", "Ben", "Cy"])), test)


def test_a_card_drawn_from_the_deck_reaches_its_drawers_screen_and_no_other(tmp_path: Path,
                                                                            sent: Counter[str]) -> None:
    # The log is narrated once for each kind of eyes and kept between moves and screens: a seat that drew
    # from the deck reads its own narration, naming its card; the other seat's screen must never get it.
    room = make_room(tmp_path, "Ann,Ben")
    tr = Tr("en")
    rng = random.Random(5)

    async def test(host: Host, port: int) -> None:
        clients = await everyone(port, ["ann", "ben"])
        private: dict[int, set[str]] = {0: set(), 1: set()}
        for _ in range(16):
            mover = await next_asked(room, (0, 1))
            assert mover is not None, "the game is over"
            before, moves = len(room.saved.log), len(room.saved.transcript.moves)
            legal = room.match.game.view(mover).legal_moves()
            clients[mover].type("draw deck" if "draw deck" in legal else rng.choice(legal))
            await taken(room, moves, f"seat {mover}'s")  # (its events are logged with it)
            for event in room.saved.log[before:]:
                if event.kind == "draw" and event.source == "deck" and event.cards and event.seat is not None:
                    private[event.seat] |= {tr("n.from_deck_seen", cards=tr.card(card)) for card in event.cards}
            await next_asked(room, (0, 1))  # (the move told to every screen before)
            await quiet(host, clients, sent)
            if all(private.values()) or room.match.game.is_over:
                break
        assert all(private.values()), "both seats must draw from the deck for this test to test anything"
        for seat, client in enumerate(clients):
            other = clients[1 - seat]
            assert any(words in line for words in private[seat] for line in client.term.seen)
            assert not any(words in line for words in private[seat] for line in other.term.seen)
            assert not any(words in other.term.all_raw() for words in private[seat])

    hosted(room, test)


def test_after_a_move_a_line_every_screen_shows_is_copied_into_prompt_toolkits_screens_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sent: Counter[str]) -> None:
    # Copying a table's lines into prompt_toolkit's screen, character by character, was a third of drawing
    # a move; most lines (the header, the seats, the pool, the log) are the same on every screen.
    copied: list[int] = []
    copy_body = Window._copy_body

    def counted(self: Window, content: UIContent, *args: Any, **kwargs: Any) -> Any:
        if content.line_count > 1:  # a table's lines, not the prompt's
            copied.append(content.line_count)
        return copy_body(self, content, *args, **kwargs)
    monkeypatch.setattr(Window, "_copy_body", counted)
    room = still_room(tmp_path)
    rng = random.Random(3)

    async def test(host: Host, port: int) -> None:
        clients = await everyone(port, ["ann", "ben", "cy"])
        for _ in range(4):
            await plays(room, clients, rng)
            await quiet(host, clients, sent)
        copied.clear()
        await plays(room, clients, rng)
        deck = room.match.game.view(0).deck_size
        for seat, client in enumerate(clients):
            await client.sees(shows(f"Deck {deck}", hand_words(room, seat)))
        await quiet(host, clients, sent)
        assert sum(copied) < 22, copied  # less than one screen's lines, for three screens

    hosted(room, test)
