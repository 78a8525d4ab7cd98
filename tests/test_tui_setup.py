"""Setting up a game: who starts, and leaving the setup."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from abluxxen.tui.seating import SeatError, pick_first

pexpect = pytest.importorskip("pexpect")
TIMEOUT = float(os.environ.get("ABLUXXEN_TEST_TIMEOUT", "60"))


def _spawn(args: list[str], data_dir: Path) -> Any:
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(data_dir), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm-256color",
               LC_ALL="C.UTF-8", LANG="C.UTF-8")
    return pexpect.spawn(sys.executable, ["-m", "abluxxen", *args], env=env, encoding="utf-8",
                         dimensions=(23, 80), timeout=TIMEOUT)


def test_first_names_a_seat_in_any_case_or_random() -> None:
    names = ["Ann", "Ada", "Bix"]
    assert pick_first("ada", names) == 1 and pick_first("BIX", names) == 2
    assert {pick_first("random", names, random.Random(s)) for s in range(30)} == {0, 1, 2}
    with pytest.raises(SeatError, match="Ann, Ada, Bix or random"):
        pick_first("Zed", names)


def test_first_on_the_command_line_picks_who_starts(tmp_path: Path) -> None:
    child = _spawn(["play", "--players", "Ann,bot:easy,bot:easy", "--first", "bix", "--seed", "2",
                    "--delay", "0", "--lang", "en"], tmp_path)
    child.expect_exact("Ann ›")
    assert "Game 1: Bix starts." in child.before
    child.sendcontrol("d")
    child.expect_exact("Quit?")
    child.send("y\r")
    child.expect(pexpect.EOF)


def test_first_with_an_unknown_name_is_refused_before_the_game(tmp_path: Path) -> None:
    child = _spawn(["play", "--players", "Ann,Ben", "--first", "Zed"], tmp_path)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "no seat is named 'Zed'" in child.before
    assert not list(tmp_path.glob("*.json"))


@pytest.mark.parametrize("key, status", [("c", 130), ("d", 0)])
def test_leaving_the_setup_says_so(tmp_path: Path, key: str, status: int) -> None:
    child = _spawn(["--lang", "en"], tmp_path)
    child.expect_exact("How many seats")
    child.sendcontrol(key)
    child.expect_exact("Setup cancelled: no game was started.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == status
    assert not list(tmp_path.glob("*.json"))


def test_every_setup_question_explains_itself_on_question_mark(tmp_path: Path) -> None:
    child = _spawn(["--lang", "en"], tmp_path)
    answers = [("How many seats", "2", "Two to five seats"), ("Seat 1", "Zoe", "A player's name"),
               ("Seat 2", "bot:easy", "bot:hard (searches ahead"), ("Variant", "base", "expert: advanced, and"),
               ("play the duel", "n", "the plain game for two"), ("Who starts", "zoe", "'random' lets the")]
    for question, answer, explained in answers:
        child.expect_exact(question)
        child.send("?\r")
        child.expect_exact(explained)
        child.expect_exact(question)
        child.send(answer + "\r")
    child.expect_exact("Zoe ›")
    child.sendcontrol("d")
    child.expect_exact("Quit?")
    child.send("y\r")
    child.expect(pexpect.EOF)
