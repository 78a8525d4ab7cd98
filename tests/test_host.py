"""Play from several terminals: a real SSH server on loopback, real SSH clients with a terminal
(the helpers are in ``tests/hosting.py``)."""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from helpers import make_doc
from hosting import (
    CODE,
    WAIT,
    Answers,
    connect,
    decides,
    everyone,
    first_seat_plays_until_the_second_decides,
    hand_words,
    hosted,
    login,
    make_room,
    play_out,
    return_code,
    start_host,
)
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from pty_screen import plain
from rich.console import RenderableType
from waiting import until, until_blocking

from abluxxen.engine.cards import token
from abluxxen.engine.game import Game
from abluxxen.host.door import FREE_TRIES, MAX_WRONG, PACE, WINDOW, Caller, Door
from abluxxen.host.server import Host
from abluxxen.store.records import open_records
from abluxxen.store.saves import read_save
from abluxxen.table.chairs import Chair, Login
from abluxxen.tui.screen import TableScreen

# -- a whole game -------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_whole_three_player_game_from_three_terminals_and_nobody_sees_another_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(tmp_path))
    room = make_room(tmp_path)
    rng = random.Random(3)

    async def test(host: Host, port: int) -> None:
        clients = await everyone(port, ["ann", "BEN", "Cy"])
        watcher = await connect(port, "Zoe")
        await watcher.sees("You are watching")
        hands: dict[int, set[str]] = {seat: {hand_words(room, seat)} for seat in range(3)}
        for seat, client in enumerate(clients):
            screen = await client.sees(f"hand ({room.saved.seats[seat].name})")
            assert hand_words(room, seat) in screen
        def note_hands() -> None:
            for other in range(3):
                hands[other].add(hand_words(room, other))

        moves = await play_out(room, dict(enumerate(clients)), rng, after_each=note_hands)
        for client in clients + [watcher]:
            await client.sees("is over")
        # Every hand a screen ever showed was its own seat's; the watcher's never showed one.
        for seat, client in enumerate(clients):
            shown = [line for line in client.term.seen if "hand (" in line]
            name = room.saved.seats[seat].name
            assert shown and all(line.startswith(f"Your hand ({name}) · ") for line in shown)
            assert all(line.split(": ", 1)[1] in hands[seat] for line in shown if ": " in line)
        assert not [line for line in watcher.term.seen if "hand (" in line]
        assert "Your hand" not in watcher.term.all_raw()
        assert moves > 10

    hosted(room, test)
    assert room.match.game.is_over
    records = open_records(tmp_path)
    assert [[s[0] for s in g.seats] for g in records.games()] == [["Ann", "Ben", "Cy"]]  # recorded once, by the host
    assert not list(tmp_path.glob("*.json"))  # the finished save became the record


# -- the door -----------------------------------------------------------------------------------


def test_wrong_codes_lock_out_one_name_at_one_address_for_longer_each_time_and_say_why(tmp_path: Path) -> None:
    room = make_room(tmp_path)
    now = [0.0]

    async def wrongs(port: int, name: str, count: int) -> None:
        for _ in range(count):
            with pytest.raises(asyncssh.PermissionDenied):
                await login(port, name, "guess")

    async def test(host: Host, port: int) -> None:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(port, "ann", "wrong-code")
        client = await connect(port, "ann", "BAKO rimu tesa")  # read loosely: case and spaces
        await client.sees("waiting for the players")
        client.close()
        await wrongs(port, "ann", MAX_WRONG + 1)
        with pytest.raises(asyncssh.PermissionDenied) as refused:
            await login(port, "ann")  # the right code, for the locked name, from that address
        assert "Too many wrong codes for ann" in str(refused.value.reason)
        assert "60 s" in str(refused.value.reason)
        # Everybody else behind the same address (an ssh -R tunnel: all are 127.0.0.1) still gets in.
        ben = await connect(port, "ben")
        await ben.sees("waiting for the players")
        now[0] += 61
        (await login(port, "ann")).close()
        await wrongs(port, "ann", MAX_WRONG + 1)  # again: the lock lasts twice as long
        now[0] += 61
        with pytest.raises(asyncssh.PermissionDenied):
            await login(port, "ann")
        now[0] += 60
        (await login(port, "ann")).close()

    hosted(room, test, door=Door(clock=lambda: now[0]))


def test_a_scanner_cycling_through_names_has_its_codes_checked_one_at_a_time() -> None:
    now = [0.0]
    door = Door(clock=lambda: now[0])
    for n in range(FREE_TRIES):
        caller = Caller("203.0.113.7", lambda why: None)
        door.begins(caller, f"name{n}")
        assert door.wait_before_check(caller.address) == 0
        door.wrong(caller)
    assert [door.wait_before_check("203.0.113.7") for _ in range(3)] == [0, PACE, 2 * PACE]
    assert door.wait_before_check("198.51.100.1") == 0  # another address is not slowed
    now[0] += WINDOW + 1
    assert door.wait_before_check("203.0.113.7") == 0


def test_a_full_door_pushes_out_the_churning_addresses_connections_not_another_addresses_login() -> None:
    now = [0.0]
    door = Door(clock=lambda: now[0], max_connections=6, max_starting=4)
    closed: list[str] = []
    person = Caller("198.51.100.1", lambda why: closed.append("person"))
    assert door.arrive(person) is None  # connected, not yet said a word: the oldest silent connection
    now[0] += 0.1
    def churner(n: int) -> Caller:
        return Caller("203.0.113.7", lambda why: closed.append(f"churn{n}"))

    for n in range(4):
        assert door.arrive(churner(n)) is None
    spoken = Caller("192.0.2.5", lambda why: closed.append("kex"), handshake=lambda: 1)
    assert door.arrive(spoken) is None  # in its key exchange
    for _ in range(2):
        assert door.arrive(Caller("192.0.2.9", lambda why: closed.append("newcomer"))) is None
    assert closed == ["churn0", "churn1"]  # the churner pays for its churn, not the others
    assert person in door.callers and spoken in door.callers


def test_past_its_addresss_share_a_newcomer_comes_in_beside_moving_logins_and_takes_the_place_of_one_standing_still(
        ) -> None:
    # People share an address (NAT, a school, an ssh -R tunnel): a login that moves keeps its place, and
    # past the address's share of connections standing still (clients that said their version and no
    # more), the one standing longest gives its place up to a newcomer.
    now = [0.0]
    door = Door(clock=lambda: now[0], max_starting=2, still=3.0)
    closed: list[str] = []

    def caller(name: str, said: int) -> Caller:
        return Caller("203.0.113.7", lambda why: closed.append(name), handshake=lambda: said)

    keys = caller("keys", 2)
    for c in (caller("first", 1), caller("second", 1), caller("third", 1), keys):
        assert door.arrive(c) is None
    now[0] += 0.5
    door.begins(keys, "ann")
    now[0] += 0.5
    assert door.arrive(caller("newcomer", 1)) is None and closed == []  # all moving: it comes in beside them
    now[0] += 2.2  # 3.2 s: the three that said their version only stand still; Ann began 2.7 s ago
    assert door.arrive(caller("later", 1)) is None
    assert closed == ["first"]
    assert door.arrive(caller("later still", 1)) is None and closed == ["first"]  # two standing: its share


def test_a_full_door_pushes_out_no_login_that_came_further_than_a_newcomer_of_its_address_and_never_a_person_in(
        ) -> None:
    now = [0.0]
    door = Door(clock=lambda: now[0], max_connections=3, still=3.0)
    closed: list[str] = []

    def caller(name: str, said: int, address: str = "203.0.113.7") -> Caller:
        return Caller(address, lambda why: closed.append(name), handshake=lambda: said)

    ben, keys = caller("ben", 2), caller("keys", 2)
    for c in (ben, keys, caller("silent", 0)):
        assert door.arrive(c) is None
    door.begins(ben, "ben")
    door.admitted(ben)
    assert door.arrive(caller("silent too", 0)) is None and closed == ["silent"]  # as far: the older goes
    assert door.arrive(caller("version", 1)) is None and closed == ["silent", "silent too"]
    assert door.arrive(caller("silent again", 0)) == "full"  # the two left came further than it has
    # Another address's newcomer: the address that holds the most pays, however far its connections came.
    assert door.arrive(caller("elsewhere", 0, "198.51.100.1")) is None and closed[-1] == "version"
    now[0] += 3.0  # Ann stands still now
    assert door.arrive(caller("silent at last", 0)) is None and closed[-1] == "keys"
    assert ben in door.callers


def test_nothing_but_the_game_no_commands_sftp_or_forwarding(tmp_path: Path) -> None:
    room = make_room(tmp_path)

    async def test(host: Host, port: int) -> None:
        conn = await login(port, "ann")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", port)
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, OSError)):
            async with conn.start_sftp_client():
                pass
        conn.close()
        # A command instead of the game is answered with why, and a failing exit status.
        ran = await (await login(port, "ann")).run("cat /etc/passwd")
        assert ran.exit_status == 1 and "runs no commands" in str(ran.stdout)

    hosted(room, test)


def test_more_connections_than_the_host_takes_are_turned_away_politely(tmp_path: Path) -> None:
    room = make_room(tmp_path)

    async def test(host: Host, port: int) -> None:
        first = await connect(port, "ann")
        await first.sees("waiting")
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await connect(port, "ben")
        assert "full" in str(refused.value.reason)
        await first.sees("Ann is here")  # the first one is still served

    hosted(room, test, door=Door(max_connections=1))


# -- dropping out and coming back ------------------------------------------------------------------


def test_a_dropped_player_gets_the_same_seat_back_and_the_others_see_the_countdown(tmp_path: Path) -> None:
    room = make_room(tmp_path)

    async def test(host: Host, port: int) -> None:
        ann, ben, cy = await everyone(port, ["ann", "ben", "cy"])
        ben_hand = hand_words(room, 1)
        code = return_code(ben.term.text())
        ben.close()
        screen = await ann.sees("Ben away")
        assert re.search(r"Ben away \(1:5\d left\)", screen)
        ben = await connect(port, "Ben", code)
        screen = await ben.sees("Your hand (Ben)")
        assert ben_hand in screen
        await ann.sees(lambda text: "Ben away" not in text)

    hosted(room, test)


def test_after_the_grace_a_bot_plays_the_seat_until_its_player_takes_over_again(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben", grace=0.3)

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        await decides(room, 0)
        await first_seat_plays_until_the_second_decides(room, ann)
        before = len(room.saved.transcript.moves)
        ben.close()
        await ann.sees("Ben away (a bot plays)")
        await until(lambda: any(m.seat == 1 for m in room.saved.transcript.moves[before:]),  # the stand-in played
                    "a move for Ben", WAIT)
        ben = await connect(port, "ben", room.chairs[1].return_code)
        await first_seat_plays_until_the_second_decides(room, ann)
        assert room.chairs[1].answer is not None  # Ben decides again himself
        await ben.sees("Ben, ")

    hosted(room, test)


# -- one terminal's troubles stay its own ----------------------------------------------------------


def test_ctrl_c_in_one_session_stops_neither_the_host_nor_the_others(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        ann.chan.write("77\x03")
        await ann.sees("Type quit to leave the table.")
        ben.type("say still here?")
        await ann.sees("Ben: still here?")
        assert not ann.term.closed.is_set()
        await decides(room, 0)
        ann.type(room.match.game.view(0).legal_moves()[0])
        await ben.sees("Ann plays")

    hosted(room, test)


def test_typed_ahead_is_never_played_and_chat_is_cleaned(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        await decides(room, 0)
        ben.type(f"play {token(room.view_for(1).hand[0])}")
        await ben.sees("Not your turn: Ann decides now.")
        assert "\x07" in ann.term.all_raw() and "\x07" not in ben.term.all_raw()  # a bell for whose turn it is
        ben.chan.write("say \x1b]0;owned\x07hi " + "x" * 500)  # not sent: typed ahead
        await ben.sees("xxxx")  # the host has it: Ben's prompt line shows it
        await first_seat_plays_until_the_second_decides(room, ann)
        await ben.sees("(typed before this question: Enter ignores it)")
        assert "\x07" in ben.term.all_raw()
        ben.chan.write("\r")
        screen = await ben.sees("What was typed before this question was ignored.")
        assert "xxxx" not in screen.split("\n")[-2]  # the prompt line is empty again
        assert all("xxxx" not in "".join(said.text) for said in room.chat)
        ben.type("say \x1b[31mred\x1b[0m " + "y" * 500)
        screen = await ann.sees("Ben: ")
        assert "\x1b" not in "".join(room.chat[-1].text) and len(room.chat[-1].text) <= 200

    hosted(room, test)


def test_a_line_begun_at_the_last_table_never_answers_the_score_screen(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben,Cy")
    # Ann holds two 7s: playing both ends the match.
    room.match.game = Game.from_json(make_doc(hands=["7 7", "1 2", "3 4"], displays=[["8"], ["9"], []],
                                              names=["Ann", "Ben", "Cy"], pool="1 2 3 4 5 6"))

    async def test(host: Host, port: int) -> None:
        ann, _, _ = await everyone(port, ["ann", "ben", "cy"])
        await decides(room, 0)
        ann.chan.write("77\r13")  # the last move, and a line begun as the table it was meant for goes
        await ann.sees(lambda screen: "Game 1 over" in screen and screen.split("\n")[-2].endswith("13"))
        ann.chan.write("\r")  # at the score screen, Enter leaves: not this line's
        await ann.sees("What was typed before this question was ignored.")
        ann.type("13")  # typed at the score screen: no answer to it either
        await ann.sees("No move now: the game is not running.")
        assert not ann.term.closed.is_set()
        ann.chan.write("\r")
        await ann.ends()

    hosted(room, test)


def test_each_session_has_its_own_size_language_and_colours(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann = await connect(port, "ann", env={"LANG": "de_DE.UTF-8"})
        ben = await connect(port, "ben", env={"NO_COLOR": "1"}, size=(100, 30))
        await ann.sees("Deine Hand (Ann)")
        screen = await ben.sees("Your hand (Ben)")
        assert max(len(line) for line in screen.split("\n")) > 80  # the header fills 100 columns
        assert "\x1b[3" not in ben.term.all_raw() and "\x1b[38" not in ben.term.all_raw()  # no colours
        assert "\x1b[3" in ann.term.all_raw() or "\x1b[38" in ann.term.all_raw()
        ann.resize(60, 20)
        await ann.sees("Das Terminal ist 60×20 groß")
        ann.resize(80, 24)
        await ann.sees("Deine Hand (Ann)")

    hosted(room, test)


def test_a_hosted_game_is_saved_after_every_move(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        await decides(room, 0)
        ann.type(room.match.game.view(0).legal_moves()[0])
        await ben.sees("Ann plays")

    hosted(room, test)
    assert room.table.path is not None
    saved = read_save(room.table.path)
    assert saved.transcript.moves and saved.transcript.moves[0].seat == 0


# -- help at a hosted table ------------------------------------------------------------------------


def test_undo_is_refused_with_two_people_and_hint_marks_the_game_assisted(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        await decides(room, 0)
        ann.type("undo")
        await ann.sees("No undo at a table with more than one person")
        assert not room.saved.assisted
        ann.type("hint")
        await ann.sees("Hint: ")
        await ben.sees("assisted")  # everybody's header says so
        assert room.saved.assisted

    hosted(room, test)


def test_alone_with_bots_a_person_can_undo_their_last_decision(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,bot:easy")

    async def test(host: Host, port: int) -> None:
        ann = (await everyone(port, ["ann"]))[0]
        await decides(room, 0)
        start = room.match.game.to_json()
        ann.type(room.match.game.view(0).legal_moves()[-1])
        await until(lambda: room.saved.transcript.moves and room.match.game.to_move == 0,
                    "Ann's move, then the bot's", WAIT)
        await decides(room, 0)
        ann.type("undo")
        await ann.sees("Taken back")
        assert room.match.game.to_json() == start and room.saved.assisted

    hosted(room, test)


def test_a_bot_thinking_at_one_table_never_holds_up_typing_at_another(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots think in a thread: while one is stuck thinking, another table's keys still echo."""
    import threading

    from abluxxen.table.seats import BotSeat

    release = threading.Event()
    thinking = threading.Event()
    real = BotSeat.choose

    def slow(self: BotSeat, view: Any) -> str:
        thinking.set()
        release.wait(WAIT)
        return real(self, view)

    monkeypatch.setattr(BotSeat, "choose", slow)
    bots_room = make_room(tmp_path / "a", "bot:normal,Ann")
    people = make_room(tmp_path / "b", "Ben,Cy")
    people.code = "other-code"

    async def test(host: Host, port: int) -> None:
        host.add(people)
        game = asyncio.get_running_loop().create_task(people.run())
        ann = await connect(port, "ann")
        await ann.sees("Ada is thinking")
        await until(thinking.is_set, "the bot to think", WAIT)
        ben = await connect(port, "ben", "other-code")
        await ben.sees("waiting for the players")
        ben.chan.write("say typing while a bot thinks")
        await ben.sees("typing while a bot thinks")
        assert not bots_room.saved.transcript.moves  # the bot is still thinking
        release.set()
        game.cancel()

    try:
        hosted(bots_room, test)
    finally:
        release.set()


def test_a_watchers_long_name_is_cut_and_chat_escapes_reach_no_screen_raw(tmp_path: Path) -> None:
    """SSH itself refuses control characters in user names (SASLprep); a name can still be long,
    and chat can carry escape codes."""
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann = await connect(port, "ann")
        eve = await connect(port, "Eve" + "x" * 150)
        screen = await eve.sees("watching as Eve")
        assert "x" * 30 not in screen
        eve.type("say \x1b]0;pwned\x07hello")
        await connect(port, "ben")
        screen = await ann.sees("hello")
        assert "x" * 30 not in screen and "Evexx" in screen
        assert "\x1b]0;pwned" not in ann.term.all_raw() + eve.term.all_raw()

    hosted(room, test)


# -- the host's key ------------------------------------------------------------------------------------


def test_the_host_key_is_made_once_owner_only_and_a_damaged_one_is_never_overwritten(tmp_path: Path) -> None:
    from abluxxen.host.keys import HostKeyError, fingerprint, host_key

    first = host_key(tmp_path)
    assert (tmp_path / "host_key").stat().st_mode & 0o777 == 0o600
    assert fingerprint(host_key(tmp_path)) == fingerprint(first)  # friends' known_hosts stay valid
    assert fingerprint(first).startswith("SHA256:")
    (tmp_path / "host_key").write_text("not a key")
    with pytest.raises(HostKeyError, match="host_key"):
        host_key(tmp_path)
    assert (tmp_path / "host_key").read_text() == "not a key"


# -- the host's command ----------------------------------------------------------------------------------


def test_after_a_crash_host_resume_reopens_the_game_with_its_seats_owners_code_port_and_chat(tmp_path: Path) -> None:
    proc, port = start_host(["--players", "Ann,Ben", "--code", "c0de", "--seed", "4"], tmp_path)

    async def first_move() -> tuple[str, str, str]:
        ann = await connect(port, "ann", "c0de")
        ben = await connect(port, "ben", "c0de")
        await ann.sees("Your hand (Ann)")
        ben.type("say see you after the crash")
        await ann.sees("see you after the crash")
        (path,) = tmp_path.glob("*.json")
        move = read_save(path).match.game.legal_moves()[0]
        ann.type(move)
        await ben.sees("Ann plays")
        return hand_of_screen(ben.term.text()), return_code(ben.term.text()), return_code(ann.term.text())

    try:
        ben_hand, ben_code, ann_code = asyncio.run(first_move())
        until_blocking(lambda: "after the crash" in (tmp_path / ".hosted").read_text(),  # (kept within a second)
                       "the chat to be kept", WAIT)
    finally:
        proc.kill()  # the host's machine crashes
        proc.wait()
    resumed, again = start_host(["--resume"], tmp_path, port=None)
    assert again == port  # --port 0 picked a port; friends' ssh lines stay right

    async def back() -> None:
        intruder = await connect(port, "ben", "c0de")  # the invite code alone no longer gives Ben's seat
        await intruder.sees("Ben's seat belongs to whoever took it first")
        ben = await connect(port, "ben", ben_code)
        await connect(port, "ann", ann_code)
        screen = await ben.sees("Ann plays")
        assert hand_of_screen(screen) == ben_hand
        ben.type("log")
        await ben.sees("see you after the crash")

    try:
        asyncio.run(back())
    finally:
        resumed.terminate()
        resumed.wait(timeout=WAIT)
    assert resumed.returncode == 143
    (path,) = tmp_path.glob("*.json")
    assert len(read_save(path).transcript.moves) >= 1


def hand_of_screen(screen: str) -> str:
    (line,) = [line for line in screen.split("\n") if line.startswith("Your hand")]
    return line


def test_host_refuses_bad_options_in_one_line(tmp_path: Path) -> None:
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(tmp_path))
    for args in ([], ["--players", "bot:easy,bot:hard"], ["--resume"], ["--players", "Ann,Ben", "--code", " - "],
                 ["--players", "Ann,Ben", "--port", "70000"], ["--players", "Ann,Ben", "--grace", "1e400"]):
        done = subprocess.run([sys.executable, "-m", "abluxxen", "host", *args], env=env, text=True,
                              capture_output=True, timeout=WAIT, stdin=subprocess.DEVNULL)
        assert done.returncode == 2, args
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr


def test_the_hosts_own_terminal_plays_the_first_seat_keeps_it_and_its_quit_stops_the_game_for_everyone(
        tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")
    stopped: list[bool] = []

    async def test(host: Host, port: int) -> None:
        with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
            local = TableScreen(room, Login("Ann"), local=True, on_stop=lambda status: stopped.append(True))
            here = asyncio.get_running_loop().create_task(local.run())
            ben = await connect(port, "ben")
            await ben.sees("Your hand (Ben)")
            # A friend logging in under the host's name watches: the host's seat (and game) stay.
            twin = await connect(port, "Ann")
            await twin.sees("You are watching")
            assert not stopped and not here.done() and room.chairs[0].screen is local
            assert "Your hand" not in twin.term.all_raw()
            keys.send_text("quit\r")
            await until(lambda: local.question is not None and local.shows_asked(), "the quit question", WAIT)
            keys.send_text("n\r")  # not yet
            await until(lambda: local.question is None and local.shows_asked(), "the table again", WAIT)
            assert not stopped and not here.done()
            keys.send_text("quit\r")
            await until(lambda: local.question is not None and local.shows_asked(), "the quit question", WAIT)
            keys.send_text("y\r")
            await asyncio.wait_for(here, WAIT)
        assert stopped and local.goodbye == "The host has stopped the game; it is saved."
        host.stop()
        await ben.ends()  # everybody's session ends with the host
        assert "The host has stopped the game" in ben.term.all_raw()

    hosted(room, test)


def test_ctrl_c_at_the_hosts_own_terminal_asks_quit_as_a_local_game_does_and_a_friends_only_clears_the_line(
        tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")
    stopped: list[int] = []

    async def test(host: Host, port: int) -> None:
        with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
            local = TableScreen(room, Login("Ann"), local=True, on_stop=stopped.append)
            here = asyncio.get_running_loop().create_task(local.run())
            ben = await connect(port, "ben")
            await ben.sees("Your hand (Ben)")
            # The friend's Ctrl-C clears his line and says how to leave: he stays, and nobody is asked.
            ben.chan.write("77\x03")
            await ben.sees("Type quit to leave the table.")
            assert "Stop the game" not in ben.term.text() and not ben.term.closed.is_set()
            # The host's own Ctrl-C asks what her quit asks; no brings back what was asked before.
            keys.send_text("\x03")
            await until(lambda: local.question is not None and local.shows_asked(), "the quit question", WAIT)
            assert local.question is not None and local.question.prompt.startswith("Stop the game for everyone")
            assert local.message != "Type quit to leave the table."
            keys.send_text("n\r")
            await until(lambda: local.question is None and local.shows_asked(), "the table again", WAIT)
            assert not stopped and not here.done()
            # Ctrl-C twice: the second, with the question on the screen, is a yes (status 130, as a local game's).
            keys.send_text("\x03\x03")
            await asyncio.wait_for(here, WAIT)
        assert stopped == [130] and local.status == 130
        assert local.goodbye == "The host has stopped the game; it is saved."

    hosted(room, test)


def test_whoever_leaves_after_a_rematch_is_told_how_to_replay_the_match_before(tmp_path: Path) -> None:
    """Its score screen promised the replay command on leaving: a friend who quits in the next match gets it,
    and so does the host who stops the table."""
    room = make_room(tmp_path, "Ann,Ben", seed=5)
    room.rematch()  # the match dealt by seed 5 is over: this table plays the next one

    async def test(host: Host, port: int) -> None:
        with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
            local = TableScreen(room, Login("Ann"), local=True)
            here = asyncio.get_running_loop().create_task(local.run())
            ben = await connect(port, "ben")
            await ben.sees("Your hand (Ben)")
            ben.type("quit")
            await ben.ends()
            said = " ".join(plain(ben.term.all_raw()).split())
            assert "You left the table." in said and "Seed 5: replay these deals with" in said
            keys.send_text("quit\r")
            await until(lambda: local.question is not None and local.shows_asked(), "the quit question", WAIT)
            keys.send_text("y\r")
            await asyncio.wait_for(here, WAIT)
        assert local.goodbye.startswith("The host has stopped the game; it is saved.\nSeed 5: replay these deals")

    hosted(room, test)


@pytest.mark.parametrize("env, lang", [({}, "de"), ({"LANG": "C.UTF-8"}, "de"), ({"LANG": "POSIX"}, "de"),
                                       ({"LANG": "en_GB.UTF-8"}, "en"), ({"LC_ALL": "de_AT.UTF-8"}, "de"),
                                       ({"LANGUAGE": "en:de", "LANG": "de_DE.UTF-8"}, "en")])
def test_a_session_speaks_its_clients_language_and_the_hosts_when_the_client_names_none(
        env: dict[str, str], lang: str) -> None:
    from abluxxen.host.server import session_lang

    assert session_lang(env, "de") == lang


def test_a_screen_that_fails_says_sorry_to_its_player_and_the_game_goes_on(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from abluxxen.tui.screen import TableScreen

    room = make_room(tmp_path, "Ann,Ben")
    real = TableScreen._render

    def fragile(self: TableScreen, cols: int, rows: int) -> RenderableType | str:
        if self.name == "ben" and room.saved.transcript.moves:
            raise RuntimeError("a bug in one screen")
        return real(self, cols, rows)

    monkeypatch.setattr(TableScreen, "_render", fragile)

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        await decides(room, 0)
        ann.type(room.match.game.view(0).legal_moves()[0])
        await ben.ends()
        assert "this screen failed (RuntimeError)" in ben.term.all_raw()
        assert "Traceback" not in ben.term.all_raw()
        await ann.sees("Ben away")
        monkeypatch.setattr(TableScreen, "_render", real)
        ben = await connect(port, "ben", return_code(ben.term.all_raw()))
        await ben.sees("Your hand (Ben)")

    hosted(room, test)


def test_a_card_drawn_from_the_deck_is_told_to_its_drawer_only(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben,Cy")

    async def test(host: Host, port: int) -> None:
        ann, ben, cy = await everyone(port, ["ann", "ben", "cy"])
        game = room.match.game
        await decides(room, 0)
        quiet = next(m for m in game.legal_moves() if not game.view(0).victims(m))
        ann.type(quiet)  # no abluxx: the base game's single draw follows
        await ann.sees("no abluxx this turn")
        ann.type("deck")
        await ben.sees("Ann draws")
        assert [e for e in room.saved.log if e.kind == "draw" and e.source == "deck" and e.cards]
        screen = await ann.sees("You drew")
        assert room.saved.transcript.moves[-1].move == "draw deck"
        for other in (ben, cy):
            assert not [line for line in other.term.seen if "drew" in line.lower() and "You" in line]
            assert "You drew" not in other.term.all_raw()
        assert "You drew" in screen

    hosted(room, test)


def test_keyboard_interactive_asks_for_the_invite_code(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        conn, client = await asyncssh.create_connection(lambda: Answers(CODE), "127.0.0.1", port, username="ann",
                                                        known_hosts=None, client_keys=None, agent_path=None,
                                                        preferred_auth="keyboard-interactive")
        assert isinstance(client, Answers) and client.prompts == ["Invite code: "]
        conn.close()
        with pytest.raises((asyncssh.PermissionDenied, asyncssh.ConnectionLost, ConnectionError)):  # asked again
            await asyncssh.create_connection(lambda: Answers("nope"), "127.0.0.1", port, username="ann",
                                             known_hosts=None, client_keys=None, agent_path=None,
                                             preferred_auth="keyboard-interactive")

    hosted(room, test)


@pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the OpenSSH client")
def test_the_ssh_everyone_has_joins_a_game(tmp_path: Path) -> None:
    """OpenSSH's own client in a pseudo-terminal, as a friend types it."""
    import pexpect

    proc, port = start_host(["--players", "Ann,Ben", "--code", "blue river", "--seed", "2"], tmp_path)
    try:
        ssh = pexpect.spawn("ssh", ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                                    "-o", "PubkeyAuthentication=no", "-p", str(port), "ben@127.0.0.1"],
                            env=dict(os.environ, TERM="xterm-256color", LANG="de_DE.UTF-8"), encoding="utf-8",
                            dimensions=(24, 80), timeout=WAIT)
        ssh.expect("Invite code: ")
        ssh.sendline("Blue-River")
        ssh.expect("warten auf die Mitspieler")  # German: ssh sends LANG (SendEnv) where it is set up to
        ssh.send("\x03")  # Ctrl-C clears the prompt and nothing else
        ssh.expect("beenden")
        ssh.send("beenden\r")
        ssh.expect(pexpect.EOF)
        assert "verlassen" in ssh.before
    finally:
        proc.terminate()
        proc.wait(timeout=WAIT)


def test_a_flood_of_input_from_one_session_does_not_hold_up_the_others(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, ben = await everyone(port, ["ann", "ben"])
        ann.chan.write("x" * 2_000_000)  # a pasted file
        ben.type("say still quick")
        await ben.sees("Ben: still quick")
        await ann.sees("Ben: still quick")
        await ann.sees("x" * 40)  # her flood read (in part: a person's pace) into her line, and she is still here
        assert not ann.term.closed.is_set()
        assert len(room.chat) == 1

    hosted(room, test)


def test_closing_the_hosts_own_terminal_keeps_the_game_saved_and_prints_no_traceback(tmp_path: Path) -> None:
    import pexpect
    from pty_screen import hang_up

    err = tmp_path / "stderr.txt"
    script = ("import runpy, sys; sys.stderr = open(sys.argv[1], 'w'); "
              "sys.argv = ['abluxxen', 'host', '--players', 'Ann,Ben', '--port', '0', '--code', 'x']; "
              "runpy.run_module('abluxxen', run_name='__main__')")
    child = pexpect.spawn(sys.executable, ["-c", script, str(err)], encoding="utf-8", dimensions=(24, 80),
                          timeout=WAIT, env=dict(os.environ, ABLUXXEN_DATA_DIR=str(tmp_path), TERM="xterm",
                                                 PROMPT_TOOLKIT_NO_CPR="1", LANG="C.UTF-8"))
    child.expect("waiting for the players")
    left = hang_up(child, wait=WAIT)  # the window closes
    said = err.read_text()
    assert left, f"the host is still running {WAIT:.0f} s after its terminal closed:\n{said}"
    assert "Traceback" not in said, said
    saves = list(tmp_path.glob("*.json"))
    assert len(saves) == 1, (saves, said)
    assert read_save(saves[0]).seats[1].name == "Ben"  # the hosted game is still there to resume


def test_without_players_the_host_asks_who_plays_as_play_does(tmp_path: Path) -> None:
    import pexpect

    child = pexpect.spawn(sys.executable, ["-m", "abluxxen", "host", "--port", "0", "--code", "x", "--lang", "en"],
                          encoding="utf-8", dimensions=(24, 80), timeout=WAIT,
                          env=dict(os.environ, ABLUXXEN_DATA_DIR=str(tmp_path), TERM="xterm",
                                   PROMPT_TOOLKIT_NO_CPR="1", LANG="C.UTF-8", USER="ann"))
    try:
        child.expect_exact("How many seats")
        child.send("2\r")
        child.expect_exact("Seat 1")
        child.send("\r")  # the default: this user's name
        child.expect_exact("Seat 2")
        child.send("Ben\r")
        child.expect_exact("Variant")
        child.send("\r")
        child.expect_exact("duel")
        child.send("\r")
        child.expect_exact("Who starts")
        child.send("\r")
        child.expect_exact("NAME is the player's seat: Ben;")
        child.expect_exact("Ann is here")
    finally:
        child.close(force=True)


class Quiet:
    """A screen that only counts what the room tells it (the room's own logic, without SSH)."""

    local = False
    name = ""

    def __init__(self) -> None:
        self.turns = 0

    def refresh(self) -> None:
        pass

    async def handover(self, seat: int) -> None:
        pass

    def turn_started(self, chair: Chair) -> None:
        self.turns += 1

    def close(self, reason: str) -> None:
        pass


def test_a_hosted_match_waits_at_each_score_screen_until_everyone_present_is_ready_then_rematches(
        tmp_path: Path) -> None:
    from abluxxen.table.room import OVER, PLAYING, SCORES

    room = make_room(tmp_path, "Ann,Ben")
    room.match.games = 2
    rng = random.Random(8)

    def asked(chairs: list[Chair]) -> list[Chair]:
        return [c for c in chairs if c.answer is not None and not c.answer.done()]

    async def play_one_game(chairs: list[Chair]) -> None:
        await until(lambda: room.stage == PLAYING, "a game to be played", WAIT)
        while room.stage == PLAYING:
            await until(lambda: asked(chairs) or room.stage != PLAYING, "a person asked, or the game's end", WAIT)
            for chair in asked(chairs)[:1]:
                room.answer(chair, rng.choice(room.view_for(chair.seat).legal_moves()))

    async def main() -> None:
        screens = [Quiet(), Quiet()]
        chairs = [seated.chair for seated in (room.sit(Login("Ann"), screens[0]), room.sit(Login("Ben"), screens[1]))
                  if seated.chair]
        game = asyncio.get_running_loop().create_task(room.run())
        await play_one_game(chairs)
        assert room.stage == SCORES
        assert room.match.number == 0 and len(room.match.results) == 1  # booked, not yet dealt on
        room.go_on(chairs[0])
        # The room wakes to look who is ready (and waits again, its wake cleared, when not everyone is).
        await until(lambda: not room._wake.is_set(), "the room to look who is ready", WAIT)
        assert room.stage == SCORES and room.match.number == 0, "dealt before Ben was ready"
        room.go_on(chairs[1])
        await until(lambda: room.match.number == 1, "the next game to be dealt", WAIT)
        assert room.match.number == 1 and not room.match.game.is_over and not room.saved.finished
        await play_one_game(chairs)
        assert room.stage == OVER and room.saved.finished and sum(s.turns for s in screens) > 0
        first_seed = room.match.seed
        for chair in chairs:  # both want a rematch at this table: a fresh deal, its games counted on
            room.go_on(chair)
        await until(lambda: room.stage == PLAYING, "the rematch to be dealt", WAIT)
        assert room.stage == PLAYING and room.match.seed != first_seed and room.game_number == 3
        assert room.saved.log[0].source == "3"
        for screen in screens:  # everybody leaves: the room plays no more
            room.leave(screen)
        game.cancel()

    asyncio.run(main())
    with open_records() as records:
        assert records.count() == 2


def test_a_host_whose_saves_fail_never_says_the_game_is_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that fills during a hosted game: on leaving, the host says what the hot-seat says (the moves not
    on disk, the last good save); it once printed "Game saved" all the same."""
    site, full = tmp_path / "site", tmp_path / "disk-full"
    site.mkdir()
    (site / "sitecustomize.py").write_text(  # every save's write fails once the test fills the disk
        "import errno, os, tempfile\n"
        "_mkstemp = tempfile.mkstemp\n"
        f"def _full(*args, **kwargs):\n"
        f"    if os.path.exists({str(full)!r}):\n"
        "        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))\n"
        "    return _mkstemp(*args, **kwargs)\n"
        "tempfile.mkstemp = _full\n")
    monkeypatch.setenv("PYTHONPATH", str(site))
    data = tmp_path / "data"
    proc, port = start_host(["--players", "Ann,Ben", "--code", "c0de", "--seed", "4"], data)

    async def a_move_not_saved() -> None:
        ann = await connect(port, "ann", "c0de")
        await connect(port, "ben", "c0de")
        await ann.sees("Your hand (Ann)")
        (path,) = data.glob("*.json")
        full.touch()
        ann.type(read_save(path).match.game.legal_moves()[0])
        await ann.sees("Not saved (the disk is full)")

    try:
        asyncio.run(a_move_not_saved())
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=WAIT)
    finally:
        proc.kill()
    assert proc.returncode == 143, (out, err)  # stopped by SIGTERM, as asked (with no signal: 1)
    assert "Game saved" not in out, out
    assert "The game could NOT be saved (the disk is full)" in err and "The last good save is" in err, err
