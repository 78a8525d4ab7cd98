"""One client never stalls, shuts or exhausts a hosted table, and a seat is its owner's.

Each bound is met the way a hostile or careless client meets it: real SSH
clients (asyncssh), raw TCP sockets, a resize storm, a flood of chat.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from clubbing import ANN, BEN, clubbed, enter, knock
from hosting import (
    CODE,
    WAIT,
    Client,
    Siege,
    all_drawn,
    asked_on_screen,
    connect,
    decides,
    everyone,
    first_seat_plays_until_the_second_decides,
    hosted,
    login,
    make_room,
    return_code,
    taken,
)
from rich.console import RenderableType
from waiting import until

from abluxxen.club.lobby import Club
from abluxxen.host.door import MAX_STARTING, Caller, Door
from abluxxen.host.server import MAX_SIZE, Host
from abluxxen.i18n.tr import Tr
from abluxxen.table import room as room_module
from abluxxen.table.chat import CHAT_BURST
from abluxxen.table.orders import host_order
from abluxxen.table.room import Room
from abluxxen.tui.screen import TableScreen

OTHER_KEY = asyncssh.generate_private_key("ssh-ed25519")
BEN_KEY = asyncssh.generate_private_key("ssh-ed25519")


def screen_of(host: Host, name: str) -> TableScreen:
    return next(s for s in host.screens if isinstance(s, TableScreen) and s.name == name)


class Watched(Door):
    """A door that counts the connections it met, and the most places ever taken at once."""

    def __init__(self, **bounds: Any) -> None:
        super().__init__(**bounds)
        self.met = self.most = 0

    def arrive(self, caller: Caller) -> str | None:
        refused = super().arrive(caller)
        self.met += 1
        self.most = max(self.most, len(self.callers))
        return refused


# -- sizes, resizes, sessions -------------------------------------------------------------------


def test_a_huge_terminal_is_drawn_at_most_500_by_200_and_one_with_no_size_as_80_by_24(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann = await connect(port, "ann", pty_size=(10_000, 10_000))
        await ann.sees(lambda _: "waiting for the players" in ann.term.all_raw())
        assert screen_of(host, "ann").size() == MAX_SIZE
        assert len(ann.term.all_raw()) < 200_000  # one screenful, not a hundred million cells
        ben = await connect(port, "ben", pty_size=(0, 0))  # ssh -tt with no terminal
        await ben.sees("What happened")  # the table itself, not a blank screen or "too small"
        assert screen_of(host, "ben").size() == (80, 24)

    hosted(room, test)


def test_a_storm_of_resizes_is_drawn_once_and_stalls_nobody(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    room = make_room(tmp_path, "Ann,Ben")
    drawn: list[tuple[str, int, int]] = []
    real = TableScreen._render

    def counted(self: TableScreen, cols: int, rows: int) -> RenderableType | str:
        drawn.append((self.name, cols, rows))
        return real(self, cols, rows)

    monkeypatch.setattr(TableScreen, "_render", counted)

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        await decides(room, 0)  # the game under way, on both screens
        await until(lambda: all_drawn(host), "every screen drawn", WAIT)
        drawn.clear()
        for n in range(2000):
            ann.chan.change_terminal_size(80 + n % 40, 24 + n % 10)
        ann.chan.change_terminal_size(120, 34)  # the storm's last size, which none before it had
        ben.type("say still quick")
        await ben.sees("Ben: still quick")
        await until(lambda: ("ann", 120, 34) in drawn, "the storm's last size drawn")  # (then nothing draws)
        ann_drawn = [size for size in drawn if size[0] == "ann"]
        assert len(ann_drawn) <= 5, f"{len(ann_drawn)} drawings for 2001 resizes"

    hosted(room, test)


def test_one_login_has_one_session(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        conn = await login(port, "ann")
        await conn.create_session(asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24))
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_session(asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24))
        assert len(host.screens) <= 1
        conn.close()

    hosted(room, test)


def test_the_session_ends_with_exit_status_0_after_quit_so_ssh_says_nothing_went_wrong(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann = await connect(port, "ann")
        await ann.sees("waiting for the players")
        ann.type("quit")
        await ann.ends()
        assert ann.chan.get_exit_status() == 0

    hosted(room, test)


# -- the door: silent connections, long answers ---------------------------------------------------


def test_silent_connections_cannot_fill_the_door(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    door = Watched(max_connections=8, silent=1.0)

    async def test(host: Host, port: int) -> None:
        silent = []
        for _ in range(3 * MAX_STARTING):  # a scanner's connections that never send a byte
            sock = socket.create_connection(("127.0.0.1", port))
            silent.append(sock)
        await until(lambda: door.met == 3 * MAX_STARTING, "the door to meet every silent connection")
        ann = await connect(port, "ann")  # a newcomer takes the place of a silent one
        await ann.sees("waiting for the players")
        # The silent ones are closed after a short wait (Ann, logged in, stays).
        await until(lambda: [c.stage for c in door.callers] == ["in"], "the silent connections to be closed")
        for sock in silent:
            sock.close()

    hosted(room, test, door=door)


def test_logins_from_an_address_that_keeps_reconnecting_all_get_in(tmp_path: Path) -> None:
    # People share an address (NAT, a school, an ssh -R tunnel where all are 127.0.0.1): a loop of new
    # connections from it must not push out a person's connection during its key exchange.
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        stop = asyncio.Event()

        async def churn() -> None:
            held: list[asyncio.StreamWriter] = []
            for _ in range(5000):  # bounded: the logins end it long before
                if stop.is_set():
                    break
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                held.append(writer)
                if len(held) > 20:
                    held.pop(0).close()
                await asyncio.sleep(0)  # as fast as it can, yet one at a time with the others in the loop
            for writer in held:
                writer.close()

        churners = [asyncio.get_running_loop().create_task(churn()) for _ in range(3)]  # (each yields once a turn)
        failed: list[str] = []
        for _ in range(10):
            try:
                (await login(port, "ann")).close()
            except (asyncssh.Error, OSError) as err:
                failed.append(str(err))
        stop.set()
        await asyncio.gather(*churners)
        assert failed == [], f"{len(failed)} of 10 logins failed: {failed}"

    hosted(room, test, door=Door(max_connections=8, max_starting=4))


# -- the door under siege from the people's own address ----------------------------------------------

#: The longest a key login may take while the door is under siege ("within a few seconds").
SIEGED_LOGIN = 5.0
KeyLogin = Callable[[], Awaitable[str]]
needs_ssh = pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the OpenSSH client")


def at_the_door(where: str, tmp_path: Path, door: Door, test: Callable[[int, KeyLogin, Client], Awaitable[None]],
                *, by_ssh: bool = False) -> None:
    """Run ``test`` at a hosted table's door (``host``) or a club's (``club``, guests by code), behind
    ``door``: given the port, Ann's key login (what became of it: ``in``, or why not; with asyncssh, or
    ``by_ssh`` with OpenSSH's ``ssh``, a process of its own as a person's is), and Ann's session, in already
    (at her seat, or in the lobby)."""
    key_path = tmp_path / "ann_key"
    key_path.write_bytes(ANN.export_private_key())
    key_path.chmod(0o600)
    port_of = [0]

    async def key_login() -> str:
        if by_ssh:
            return await ssh_key_login(port_of[0], "ann", key_path)
        try:
            if where == "host":
                (await login(port_of[0], "ann", "not the code", key=ANN)).close()
                return "in"
            conn, _ = await knock(port_of[0], "ann", key=ANN)
        except (asyncssh.Error, OSError) as err:
            return str(err)
        if isinstance(conn, Exception):
            return str(conn)
        conn.close()
        return "in"

    if where == "host":
        async def at_host(host: Host, port: int) -> None:
            port_of[0] = port
            ann = await connect(port, "ann", key=ANN)  # her seat is her key's now
            await ann.sees("waiting for the players")
            await test(port, key_login, ann)

        hosted(make_room(tmp_path, "Ann,Ben"), at_host, door=door)
    else:
        async def at_club(club: Club, port: int) -> None:
            port_of[0] = port
            await test(port, key_login, await enter(port, "ann", key=ANN))

        clubbed(tmp_path / "club", at_club, code="open door", door=door)


def ssh(port: int, name: str, key_path: Path, *command: str) -> Awaitable[asyncio.subprocess.Process]:
    """OpenSSH's ``ssh`` logging in as ``name`` with the key at ``key_path``, asking to run ``command``
    (``-N``: nothing, and it stays until closed); what it prints comes on its output."""
    return asyncio.create_subprocess_exec(
        "ssh", "-F", "none", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o",
        "LogLevel=ERROR", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-i", str(key_path), "-p", str(port),
        f"{name}@127.0.0.1", *command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


async def ssh_key_login(port: int, name: str, key_path: Path) -> str:
    """A key login by OpenSSH's ``ssh``: ``in`` when it got in (the door answers the command it asks for that
    it runs no commands), else what ssh said."""
    login = await ssh(port, name, key_path, "true")
    out, _ = await login.communicate()
    said = out.decode(errors="replace").strip()
    return "in" if login.returncode == 1 and "runs no commands" in said else f"{login.returncode}: {said}"


async def key_logins(key_login: KeyLogin, count: int) -> list[str]:
    """``count`` key logins one after the other: what became of each (``in``, within :data:`SIEGED_LOGIN`
    seconds; else how long it took, or why it failed)."""
    became = []
    for _ in range(count):
        began = time.monotonic()
        got = await asyncio.wait_for(key_login(), WAIT)
        took = time.monotonic() - began
        became.append(got if got != "in" or took < SIEGED_LOGIN else f"in after {took:.1f} s")
    return became


async def still_here(person: Client, name: str) -> None:
    """``person``, logged in before the siege, was not pushed out: what they say shows on their screen."""
    assert not person.term.closed.is_set()
    person.type("say still here")
    await person.sees(f"{name}: still here")


def standing(door: Door) -> int:
    """Connections at ``door`` that said their SSH version and then stood still."""
    return sum(1 for c in door.callers if c.handshake() == 1 and door.clock() - c.moved >= door.still)


@pytest.mark.parametrize("where", ["host", "club"])
def test_connections_that_say_ssh_and_then_nothing_cannot_keep_a_key_login_out(tmp_path: Path, where: str) -> None:
    # The siege: connections that send an SSH version and then nothing, from the people's own
    # address, each opened again once closed; 20 of them is twice the address's places.
    door = Door(still=1.0)

    async def test(port: int, key_login: KeyLogin, ann: Client) -> None:
        siege = Siege(port)
        siege.raw(20, b"SSH-2.0-x\r\n")
        await until(lambda: standing(door) >= 20, "20 connections held standing still", WAIT)
        became = await key_logins(key_login, 10)
        await siege.stop()
        assert became == ["in"] * 10, became
        await still_here(ann, "Ann")

    at_the_door(where, tmp_path, door, test)


@needs_ssh
@pytest.mark.parametrize("where", ["host", "club"])
def test_idle_connections_and_stalled_code_questions_at_a_full_door_cannot_keep_key_logins_out(
        tmp_path: Path, where: str) -> None:
    # The second siege, to scale: idle TCP connections past the door's places, and clients
    # stalled at the code question, all from the people's address, each opened again once closed. The
    # key logins are OpenSSH's, processes of their own as people's are. Nobody logged in is pushed out,
    # and the door never holds more than its places.
    door = Watched(max_connections=30)

    async def test(port: int, key_login: KeyLogin, ann: Client) -> None:
        siege = Siege(port)
        siege.stalled(20)
        await until(lambda: sum(1 for c in door.callers if c.stage == "logging in") >= door.max_starting,
                    "the address's share of logins stalled", WAIT)
        siege.raw(60, pause=0.25)
        await until(lambda: siege.opened >= 150, "the siege to open its connections again and again", WAIT)
        became = await key_logins(key_login, 10)
        await siege.stop()
        assert became == ["in"] * 10, became
        assert door.most == door.max_connections  # full, and never more
        await still_here(ann, "Ann")

    at_the_door(where, tmp_path, door, test, by_ssh=True)


@needs_ssh
def test_a_door_full_of_people_logged_in_turns_a_key_login_away_whatever_the_siege(tmp_path: Path) -> None:
    door = Door(max_connections=4)
    key_path = tmp_path / "ben_key"
    key_path.write_bytes(BEN.export_private_key())
    key_path.chmod(0o600)

    async def test(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        siege = Siege(port)
        siege.raw(10, b"SSH-2.0-x\r\n")
        siege.raw(10)
        await until(lambda: siege.opened > 100, "the siege to reopen its connections", WAIT)
        staying: list[asyncio.subprocess.Process] = []
        ended: list[int | None] = []
        try:
            while len(staying) < 3:  # Ben, three times, in and staying
                # A login that has not said a word yet gives its place up to a newcomer that has not either (an
                # ssh slow to start, on a busy machine): Ben connects again, as a person would.
                assert len(ended) < 5, f"Ben's ssh ended before it was let in, {len(ended)} times: {ended}"
                ben = await ssh(port, "ben", key_path, "-N")
                staying.append(ben)
                await until(lambda: sum(1 for c in door.callers if c.stage == "in") == 1 + len(staying)
                            or staying[-1].returncode is not None, "the door to let Ben in", WAIT)
                if ben.returncode is not None:
                    ended.append(staying.pop().returncode)
            refused = await ssh_key_login(port, "ben", key_path)
            await siege.stop()
            assert "full" in refused
            assert [c.stage for c in door.callers] == ["in"] * 4 and all(ben.returncode is None for ben in staying)
            await still_here(ann, "Ann")
        finally:
            for ben in staying:
                if ben.returncode is None:
                    ben.terminate()
                await ben.wait()

    clubbed(tmp_path / "club", test, door=door)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_connection_that_never_begins_to_log_in_is_told_so_not_that_a_newcomer_took_its_place(
        tmp_path: Path, lang: str) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"SSH-2.0-Slow_1.0\r\n")  # then nothing: no key exchange, no login
        received = b""
        while chunk := await asyncio.wait_for(reader.read(4096), timeout=host.door.silent + 5):
            received += chunk
        writer.close()
        said = received.decode("utf-8", "replace")
        assert Tr(lang)("host.silent", seconds=1) in said
        assert Tr(lang)("host.pushed_out") not in said

    hosted(room, test, door=Door(max_connections=8, silent=1.0), lang=lang)


def test_a_long_answer_is_refused_before_any_work_and_passwords_are_not_offered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from abluxxen.host import server
    from abluxxen.table import codes
    from abluxxen.table import room as room_module

    room = make_room(tmp_path, "Ann,Ben")
    compared: list[int] = []
    real = codes.same_code

    def counting(typed: str, code: str) -> bool:
        compared.append(len(typed))
        return real(typed, code)

    monkeypatch.setattr(server, "same_code", counting)
    monkeypatch.setattr(room_module, "same_code", counting)
    prepared: list[int] = []  # SASLprep, which a password gets before any check: 0.3 s for 250 KB
    real_prep = asyncssh.saslprep.saslprep

    def counting_prep(text: str) -> str:
        prepared.append(len(text))
        return real_prep(text)

    monkeypatch.setattr(asyncssh.auth, "saslprep", counting_prep)

    async def test(host: Host, port: int) -> None:
        with pytest.raises(asyncssh.PermissionDenied):  # a 250 KB password costs SASLprep: none is taken
            await asyncssh.connect("127.0.0.1", port, username="ann", password="x" * 250_000, known_hosts=None,
                                   client_keys=None, agent_path=None, preferred_auth="password")
        with pytest.raises(asyncssh.PermissionDenied):
            await login(port, "ann", "x" * 250_000)
        assert not compared and max(prepared, default=0) < 1024  # refused unread
        (await login(port, "ann")).close()
        assert compared

    hosted(room, test)


# -- a seat is its owner's -------------------------------------------------------------------------


def test_the_first_login_owns_the_seat_by_its_key_and_comes_back_by_it_without_a_code(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann = await connect(port, "ann")
        ben = await connect(port, "ben", key=BEN_KEY)
        screen = await ben.sees("Your hand (Ben)")
        assert "Return code" not in screen  # his key brings him back
        ben_hand = screen_of(host, "ben").room.view_for(1).hand
        mallory = await connect(port, "Ben", key=OTHER_KEY)  # the code, another key
        screen = await mallory.sees("seat belongs to whoever took it first")
        assert "Your hand" not in mallory.term.all_raw()
        assert room.chairs[1].screen is screen_of(host, "ben")
        ben.close()
        await ann.sees("Ben away")
        back = await connect(port, "ben", "not the code", key=BEN_KEY)  # no code needed with the key
        await back.sees("Your hand (Ben)")
        assert room.view_for(1).hand == ben_hand

    hosted(room, test)


def test_without_a_key_the_seat_comes_back_only_with_its_return_code(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        code = return_code(ben.term.text())
        ben.close()
        await ann.sees("Ben away")
        friend = await connect(port, "ben")  # somebody with the invite code, while Ben is away
        await friend.sees("Ben's seat belongs to whoever took it first")
        assert "Your hand" not in friend.term.all_raw()
        back = await connect(port, "ben", code)
        await back.sees("Your hand (Ben)")

    hosted(room, test)


def test_a_watchers_chat_is_marked_so_a_lookalike_name_cannot_pass_for_a_player(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        fake = await connect(port, "B\u0435n")  # a Cyrillic е
        await fake.sees("You are watching")
        fake.type("say I fold, Ann wins")
        await ann.sees("B\u0435n (watching): I fold, Ann wins")
        ben.type("say hello")
        await ann.sees("Ben: hello")

    hosted(room, test)


# -- chat, and the host's orders ----------------------------------------------------------------------


def test_one_persons_chat_is_rate_limited_and_the_host_can_mute_kick_and_close_watching(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        zoe = await connect(port, "zoe")
        await zoe.sees("You are watching")
        for n in range(20):
            zoe.type(f"say spam {n}")
        zoe.type("7")  # read after the 20 lines: its answer says they all were
        await zoe.sees("Watchers do not play")
        assert sum(1 for said in room.chat if said.text.startswith("spam")) == CHAT_BURST
        assert host_order(room, "mute", ["zoe"]) == ("host.order.mute", {"name": "zoe"})
        zoe.type("say let me talk")
        await zoe.sees("The host has muted you.")
        assert host_order(room, "kick", ["zoe"]) is not None
        await zoe.ends()
        assert "The host has sent you away" in zoe.term.all_raw()
        again = await connect(port, "zoe")
        await again.ends()  # a watcher sent away stays away
        host_order(room, "watchers", ["0"])
        other = await connect(port, "yan")
        await other.ends()
        assert "no more watchers" in other.term.all_raw()

    hosted(room, test)


def test_a_client_flooding_the_host_is_held_at_its_own_end_and_the_others_play_on(tmp_path: Path) -> None:
    # A pasted file, or a hostile client, sends as fast as the network goes: what the host reads of it
    # beyond a person's pace is dropped, but reading (and decrypting) it all would still cost everybody.
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        await decides(room, 0)
        chunk = "x" * 65536
        for _ in range(64):  # 4 MiB, as fast as the client may
            ann.chan.write(chunk)
        await asyncio.sleep(1.0)  # a second of the flood (what it measures): the host reads it at a person's pace
        held = ann.chan.get_write_buffer_size()
        assert held > 2 * 1024 * 1024, held  # most of it still at Ann's end: the host stopped reading her
        ben.chan.write("say still here")
        await ben.sees("Ben › say still here")
        ben.chan.write("\r")
        await ann.sees("still here")

    hosted(room, test)


def test_the_hosts_own_screen_takes_orders_and_keeps_the_invite_code_in_sight(tmp_path: Path) -> None:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from abluxxen.table.chairs import Login

    room = make_room(tmp_path, "Ann,Benedikt,Cyrillus,Dorothea", grace=300)

    async def test(host: Host, port: int) -> None:
        with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
            local = TableScreen(room, Login("Ann"), local=True)
            here = asyncio.get_running_loop().create_task(local.run())
            others = await everyone(port, ["benedikt", "cyrillus", "dorothea"])
            for other in others:
                other.close()
            await until(lambda: not any(room.chairs[seat].present for seat in (1, 2, 3)), "the three to be away")
            status = "".join(part[1] for part in local._status())
            assert "Invite code: bako-rimu-tesa" in status  # not cut at 80 columns, however many are away
            zoe = await connect(port, "zoe")
            await zoe.sees("You are watching")
            local.answer("kick zoe")
            assert "Watchers named zoe have been sent away" in local.message
            await zoe.ends()
            here.cancel()

    hosted(room, test)


# -- time: away, frozen, resumed --------------------------------------------------------------------------


def test_once_a_bot_plays_the_seat_of_someone_away_the_screens_are_no_longer_redrawn_every_second(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    room = make_room(tmp_path, "Ann,Ben,Cy,bot:easy", grace=0.2)
    ahead = [0.0]
    room.clock = lambda: time.monotonic() + ahead[0]  # the room's clock, which the test moves on
    # The room looks every second whether a countdown runs (and its screens must move): here every 10 ms, each
    # look counted.
    looks: list[float] = []

    class Ticking:
        def __getattr__(self, name: str) -> Any:
            return getattr(asyncio, name)

        async def sleep(self, seconds: float, result: Any = None) -> Any:
            if seconds == 1.0:
                looks.append(seconds)
                seconds = 0.01
            return await asyncio.sleep(seconds, result)

    monkeypatch.setattr(room_module, "asyncio", Ticking())

    async def test(host: Host, port: int) -> None:
        ann, ben, cy = await everyone(port, ["ann", "ben", "cy"])
        ben.close()
        await ann.sees("Ben away (a bot plays)")
        await decides(room, 0)  # Ann's turn: nothing happens until she moves
        ahead[0] += 2.0  # past the second after the grace in which the countdown still shows its end
        await until(lambda: all_drawn(host), "every screen drawn")
        drawings = screen_of(host, "cy").app.render_counter
        seen = len(looks)
        await until(lambda: len(looks) > seen + 5, "the room to look five times whether a countdown runs")
        drawn = screen_of(host, "cy").app.render_counter - drawings
        assert drawn == 0, f"Cy's screen was drawn {drawn} times while nothing changed"

    hosted(room, test)


def test_a_frozen_client_is_noticed_by_keepalives_and_its_seat_counts_as_away(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        frozen = asyncio.Event()
        proxy = await asyncio.start_server(lambda r, w: _forward(r, w, port, frozen), "127.0.0.1", 0)
        via = proxy.sockets[0].getsockname()[1]
        ann = await connect(port, "ann")
        ben = await connect(via, "ben")
        await ben.sees("What happened")
        frozen.set()  # Ben's machine freezes: no byte either way, the TCP connection stays
        await ann.sees("Ben away", timeout=WAIT)
        proxy.close()

    hosted(room, test, keepalive=(0.3, 2))


async def _forward(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port: int,
                   frozen: asyncio.Event) -> None:
    """A TCP proxy to the host that stops passing bytes on when ``frozen`` is set (and never closes)."""
    up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)

    async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        while True:
            data = await src.read(65536)
            if not data:
                return
            if frozen.is_set():
                await asyncio.Event().wait()  # hold it for ever
            dst.write(data)

    await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer), return_exceptions=True)


def test_not_your_turn_is_gone_when_the_turn_comes(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        await decides(room, 0)
        ben.type("7")
        await ben.sees("Not your turn")
        await first_seat_plays_until_the_second_decides(room, ann)
        await ben.sees(lambda text: "Ben, " in text and "Not your turn" not in text)

    hosted(room, test)


def test_a_resumed_game_waits_for_a_missing_player_no_longer_than_the_grace(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben", grace=0.5)
    first = room.match.game.legal_moves()[0]
    room.table.push(0, first)  # a game with a move: what --resume reopens
    resumed = Room(room.table, code=CODE, grace=0.5, delay=0)

    async def test(host: Host, port: int) -> None:
        ann = await connect(port, "ann")
        await ann.sees("is not back yet")
        await ann.sees("What happened", timeout=WAIT)  # the game goes on without Ben
        for _ in range(100):
            if any(m.seat == 1 for m in resumed.saved.transcript.moves) or resumed.match.game.is_over:
                break
            await until(lambda: asked_on_screen(resumed, 0) or any(m.seat == 1 for m in resumed.saved.transcript.moves),
                        "Ann to be asked, or a move for Ben", WAIT)
            if resumed.chairs[0].answer is not None and not resumed.chairs[0].answer.done():
                before = len(resumed.saved.transcript.moves)
                ann.type(resumed.view_for(0).legal_moves()[0])
                await taken(resumed, before, "Ann's")
        assert any(m.seat == 1 for m in resumed.saved.transcript.moves)  # a bot stood in for Ben

    hosted(resumed, test)


# -- what the host's terminal shows, and its log ------------------------------------------------------------


def test_warnings_and_logins_go_to_the_host_log_never_over_the_game(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from abluxxen.host.log import open_log

    path = open_log(tmp_path)
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        with pytest.raises(asyncssh.PermissionDenied):
            await login(port, "ann", "guess")
        ann = await connect(port, "ann")
        await ann.sees("waiting for the players")
        logging.getLogger("asyncio").warning("socket.send() raised exception.")

    try:
        hosted(room, test)
    finally:
        for handler in list(logging.getLogger().handlers):
            if getattr(handler, "baseFilename", None) == str(path):
                logging.getLogger().removeHandler(handler)
                handler.close()
    text = path.read_text()
    assert "Failed code for ann from 127.0.0.1 port" in text
    assert "Accepted code for ann from 127.0.0.1 port" in text
    assert "socket.send() raised exception." in text
    assert "socket.send()" not in capsys.readouterr().err
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"


def test_the_end_of_a_hosted_match_tells_the_command_that_replays_its_deals(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,bot:easy", seed=11)

    async def test(host: Host, port: int) -> None:
        ann = await connect(port, "ann")
        await _plays_to_the_end(room, ann)
        await ann.sees("Enter to leave")
        ann.type("")
        await ann.ends()
        assert "abluxxen play --players" in ann.term.all_raw().replace("\r\n", "\n")
        assert "--seed 11" in ann.term.all_raw()

    hosted(room, test)



def test_kicking_a_name_sends_away_the_watcher_posing_under_it_not_the_seats_owner(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann = await connect(port, "ann")
        ben = await connect(port, "ben", key=BEN_KEY)
        await ben.sees("Your hand (Ben)")
        poser = await connect(port, "ben", key=OTHER_KEY)
        await poser.sees("seat belongs to whoever took it first")
        assert host_order(room, "kick", ["Ben"]) == ("host.order.kick_watchers", {"name": "Ben"})
        await poser.ends()
        assert room.chairs[1].present and room.chairs[1].keys  # Ben plays on, his seat still his
        again = await connect(port, "ben", key=OTHER_KEY)
        await again.ends()
        assert "sent you away" in again.term.all_raw()
        assert host_order(room, "kick", ["ben"]) == ("host.order.kick_seat", {"name": "ben"})  # now Ben himself
        await ben.ends()
        await ann.sees("Ben away")
        assert not room.chairs[1].owned

    hosted(room, test)


def test_again_at_the_end_of_a_hosted_match_deals_a_new_one_at_the_same_table(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,bot:easy", seed=11)

    async def test(host: Host, port: int) -> None:
        ann = await connect(port, "ann")
        await _plays_to_the_end(room, ann)
        await ann.sees("type again to play another at this table")
        first = room.match.seed
        ann.type("again")
        await ann.sees("Game 2: ")
        assert room.match.seed != first and not room.match.game.is_over

    hosted(room, test)


async def _plays_to_the_end(room: Room, person: Client) -> None:
    """The first seat's person plays their first legal move at each turn until the game is over."""
    while not room.match.game.is_over:
        await decides(room, 0)
        if room.match.game.is_over:
            break
        before = len(room.saved.transcript.moves)
        person.type(room.view_for(0).legal_moves()[0])
        await taken(room, before, "the first seat's")


def test_keys_reach_a_session_whose_pipe_lies_past_descriptor_1023(tmp_path: Path) -> None:
    # select() refuses descriptors past 1023: a club of a hundred tables has more open files than that,
    # and a reader that asks select() would fail on every key.
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip(f"this machine allows {hard} open files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1200), hard))
    filler = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, _ = await everyone(port, ["ann", "ben"])
        await decides(room, 0)
        ann.type("rules joker")
        await ann.sees("Jokers")

    try:
        hosted(room, test)
    finally:
        for fd in filler:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_club_asks_the_system_for_enough_open_files_for_hundreds_of_sessions() -> None:
    import resource

    from abluxxen.club import door as club

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard <= 1024:
        pytest.skip(f"this machine allows {hard} open files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))  # where many systems start a process
    try:
        club._more_files()
        raised = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        assert raised == (club.MAX_FILES if hard == resource.RLIM_INFINITY else min(hard, club.MAX_FILES))
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
