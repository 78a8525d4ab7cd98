"""Keys typed before a question is on screen never answer it (in a real pseudo-terminal).

A player who types while the bots think, or who types a move together with
the Enter that confirms a handover, has not seen the table those keys would
act on: they are thrown away, and the table says so.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from abluxxen import Game, Rules
from abluxxen.store.saves import read_save

pexpect = pytest.importorskip("pexpect")

TIMEOUT = float(os.environ.get("ABLUXXEN_TEST_TIMEOUT", "60"))
IGNORED = "What was typed before this question was ignored."


def _spawn(args: list[str], data_dir: Path) -> Any:
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(data_dir), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm-256color",
               LC_ALL="C.UTF-8", LANG="C.UTF-8")
    env.pop("NO_COLOR", None)
    return pexpect.spawn(sys.executable, ["-m", "abluxxen", *args], env=env, encoding="utf-8",
                         dimensions=(24, 80), timeout=TIMEOUT)


def _plays(data_dir: Path, seat: int) -> int:
    (path,) = data_dir.glob("*.json")
    return sum(1 for e in read_save(path).log if e.kind == "play" and e.seat == seat)


def _quit(child: Any) -> None:
    child.sendintr()
    child.expect_exact("Quit?")
    child.send("y\r")
    child.expect(pexpect.EOF)
    child.close()


def test_a_move_typed_with_the_handovers_enter_is_not_played(tmp_path: Path) -> None:
    game = Game.new(Rules(3), seed=11)
    child = _spawn(["play", "--players", "Ann,Ben,Cy", "--seed", "11", "--delay", "0", "--lang", "en"], tmp_path)
    child.expect_exact("Pass to Ann — press Enter")
    child.send("\r")
    child.expect_exact("Ann ›")
    first = game.legal_moves()[0]
    game.push(first)
    child.send(first + "\r")
    child.expect_exact("no abluxx this turn")
    game.push("pass")
    child.send("p\r")
    child.expect_exact("Pass to Ben — press Enter")
    # Enter and a legal move of Ben's at once: Ben has not seen his table yet.
    child.send("\r" + game.legal_moves()[0] + "\r")
    assert child.expect_exact([IGNORED, "Ben ›"]) == 0, "the move typed before the table showed was played"
    child.expect_exact("Ben ›")
    assert _plays(tmp_path, 1) == 0
    move = game.legal_moves()[0]
    game.push(move)
    assert game.phase_name == "single-draw"
    child.send(move + "\r")  # what Ben types once he sees his table counts
    child.expect_exact("no abluxx this turn")
    assert _plays(tmp_path, 1) == 1
    _quit(child)


def test_keys_typed_while_the_bots_think_are_not_played(tmp_path: Path) -> None:
    game = Game.new(Rules(3), seed=11)
    # A pause after each bot move: the keys below surely arrive before Ann's next question.
    child = _spawn(["play", "--players", "Ann,bot:easy,bot:easy", "--seed", "11", "--delay", "1",
                    "--lang", "en"], tmp_path)
    child.expect_exact("Ann ›")
    first = game.legal_moves()[0]
    child.send(first + "\r")
    child.expect_exact("no abluxx this turn")
    child.send("p\r")
    child.expect_exact("is thinking")
    typed = game.legal_moves()[-1].removeprefix("play ")  # a card Ann holds still
    child.send(typed + "\r")
    assert child.expect_exact([IGNORED, "Ann ›"]) == 0, "keys typed while the bots thought were played"
    child.expect_exact("Ann ›")
    assert _plays(tmp_path, 0) == 1
    _quit(child)


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
