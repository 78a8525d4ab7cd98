"""Keys typed before a question is on screen never answer it (in a real pseudo-terminal).

A player who types while the bots think, or who types a move together with
the Enter that confirms a handover, has not seen the table those keys would
act on: they are thrown away, and the table says so.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from helpers import AtKeyboard, at_keyboard, make_doc
from pty_screen import TIMEOUT, PtyScreen, asking

from abluxxen import Game, Rules
from abluxxen.store.saves import read_save
from abluxxen.table.room import OVER

IGNORED = "What was typed before this question was ignored."


def _plays(data_dir: Path, seat: int) -> int:
    (path,) = data_dir.glob("*.json")
    return sum(1 for e in read_save(path).log if e.kind == "play" and e.seat == seat)


def _quit(term: PtyScreen) -> None:
    term.interrupt()
    term.until("Quit?")
    term.send("y\r")
    term.exit_status()


def test_a_move_typed_with_the_handovers_enter_is_not_played(tmp_path: Path) -> None:
    game = Game.new(Rules(3), seed=11)
    term = PtyScreen(["play", "--players", "Ann,Ben,Cy", "--seed", "11", "--delay", "0", "--lang", "en"], tmp_path)
    term.until("Pass to Ann — press Enter")
    term.send("\r")
    term.until(asking("Ann"), settled=True)
    first = game.legal_moves()[0]
    game.push(first)
    term.answer(first, "no abluxx this turn")
    game.push("pass")
    term.answer("p", "Pass to Ben — press Enter")
    # Enter and a legal move of Ben's at once: Ben has not seen his table yet.
    term.send("\r" + game.legal_moves()[0] + "\r")
    screen = term.until(asking("Ben"), settled=True)
    assert _plays(tmp_path, 1) == 0, "the move typed before the table showed was played"
    assert IGNORED in screen, "the move typed before the table showed was not said to be ignored"
    move = game.legal_moves()[0]
    game.push(move)
    assert game.phase_name == "single-draw"
    term.answer(move, "no abluxx this turn")  # what Ben types once he sees his table counts
    assert _plays(tmp_path, 1) == 1
    _quit(term)


def test_keys_typed_while_the_bots_think_are_not_played(tmp_path: Path) -> None:
    game = Game.new(Rules(3), seed=11)
    # A pause after each bot move: the keys below surely arrive before Ann's next question.
    term = PtyScreen(["play", "--players", "Ann,bot:easy,bot:easy", "--seed", "11", "--delay", "1", "--lang", "en"],
                     tmp_path)
    term.until(asking("Ann"), settled=True)
    first = game.legal_moves()[0]
    term.answer(first, "no abluxx this turn")
    term.send("p\r")
    term.until("is thinking")
    typed = game.legal_moves()[-1].removeprefix("play ")  # a card Ann holds still
    term.send(typed + "\r")
    screen = term.until(asking("Ann"), settled=True)
    assert _plays(tmp_path, 0) == 1, "keys typed while the bots thought were played"
    assert IGNORED in screen, "the keys typed while the bots thought were not said to be ignored"
    _quit(term)


def _ending() -> Game:
    """Ann holds two 7s: playing both ends the game (and the match) at once."""
    return Game.from_json(make_doc(hands=["7 7", "1 2", "3 4"], displays=[["8"], ["9"], []],
                                   names=["Ann", "Ada", "Bix"], pool="1 2 3 4 5 6"))


def test_a_line_begun_at_the_last_table_never_answers_play_again(tmp_path: Path) -> None:
    async def test(keyboard: AtKeyboard) -> None:
        await keyboard.until("Ann › ")
        # The last move, then a line begun at once, as the table it was meant for goes.
        keyboard.press("77\r13")
        await keyboard.until(lambda screen: "Play again? [y/N] 13" in screen)
        keyboard.press("\r")
        screen = await keyboard.until(IGNORED)  # not taken for a no: the program is still there
        assert screen.rstrip().endswith("Play again? [y/N]")
        keyboard.press("n\r")  # what is typed once the question shows answers it
        assert await keyboard.status() == 0

    at_keyboard(_ending(), test, path=tmp_path / "game.json")


def test_keys_read_before_the_score_screen_is_drawn_never_answer_it(tmp_path: Path) -> None:
    """A key read after the game ended but before the screen showed its end was typed at the last table."""

    async def test(keyboard: AtKeyboard) -> None:
        room, screen = keyboard.room, keyboard.screen
        changed = room.changed

        def typed_as_it_ends() -> None:
            changed()
            if room.stage == OVER and not screen.buffer.text:
                screen.buffer.insert_text("13")  # read before the screen is drawn again
        room.changed = typed_as_it_ends
        await keyboard.until("Ann › ")
        keyboard.press("77\r")
        await keyboard.until(lambda shown: "Play again? [y/N] 13" in shown)
        keyboard.press("\r")
        screen_now = await keyboard.until(IGNORED)
        assert screen_now.rstrip().endswith("Play again? [y/N]")

    at_keyboard(_ending(), test, path=tmp_path / "game.json")


def test_an_enter_read_before_the_score_screen_is_drawn_is_no_no_to_play_again(tmp_path: Path) -> None:
    async def test(keyboard: AtKeyboard) -> None:
        room, screen = keyboard.room, keyboard.screen
        changed = room.changed
        pressed: list[bool] = []

        def enter_as_it_ends() -> None:
            changed()
            if room.stage == OVER and not pressed:
                pressed.append(True)
                screen.buffer.validate_and_handle()  # Enter, read before the screen is drawn again
        room.changed = enter_as_it_ends
        await keyboard.until("Ann › ")
        keyboard.press("77\r")
        shown = await keyboard.until(IGNORED)  # not taken for the default no: the program is still there
        assert pressed and shown.rstrip().endswith("Play again? [y/N]")

    at_keyboard(_ending(), test, path=tmp_path / "game.json")


def test_a_line_that_is_neither_yes_nor_no_asks_play_again_again(tmp_path: Path) -> None:
    async def test(keyboard: AtKeyboard) -> None:
        await keyboard.until("Ann › ")
        keyboard.press("77\r")
        await keyboard.until("Play again? [y/N]")
        keyboard.press("13\r")
        shown = await keyboard.until("y or n, please")
        assert shown.rstrip().endswith("Play again? [y/N]") and not keyboard.playing.done()
        keyboard.press("n\r")
        assert await keyboard.status() == 0

    at_keyboard(_ending(), test, path=tmp_path / "game.json")


def test_a_line_begun_before_the_turn_is_not_played_though_it_ends_after(tmp_path: Path) -> None:
    game = Game.new(Rules(3), seed=11)
    first = game.legal_moves()[0]
    hand = game.view(0).hand
    pair = next(v for v in hand if hand.count(v) >= 2 and str(v) not in first.split())

    async def test(keyboard: AtKeyboard) -> None:
        await keyboard.until("Player 1 › ")
        # A play and a pass, then two of a pair begun while the bots think: the first digit before the
        # turn comes, the second and Enter after (alone, it would play one of them).
        keyboard.press(f"{first}\r")
        await keyboard.until("no abluxx this turn")
        keyboard.press(f"p\r{pair}")
        moves = 2 + len(game.names) - 1  # Ann's play and pass, a turn of each bot's
        await keyboard.until(lambda screen: len(keyboard.room.saved.transcript.moves) >= moves
                             and keyboard.screen.deciding_view() is not None)
        moves = len(keyboard.room.saved.transcript.moves)
        keyboard.press(f"{pair}\r")
        screen = await keyboard.until(lambda screen: not keyboard.screen.buffer.text)
        assert len(keyboard.room.saved.transcript.moves) == moves, "a line begun before the turn was played"
        assert IGNORED in screen

    at_keyboard(game, test, path=tmp_path / "game.json")


def test_a_pipe_keeps_every_key(tmp_path: Path) -> None:
    """Scripts feed whole games through a pipe: nothing of theirs is thrown away."""
    import subprocess

    game = Game.new(Rules(3), seed=11)
    keys = "\r" + game.legal_moves()[0] + "\r" + "p\r" + "\r"  # handover, play, pass, next handover
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(tmp_path), LC_ALL="C.UTF-8", LANG="C.UTF-8")
    subprocess.run([sys.executable, "-m", "abluxxen", "play", "--players", "Ann,Ben,Cy", "--seed", "11",
                    "--delay", "0", "--lang", "en"], input=keys, env=env, capture_output=True, text=True,
                   timeout=TIMEOUT, check=False)
    assert _plays(tmp_path, 0) == 1
