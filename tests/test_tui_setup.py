"""Setting up a game: who starts, and leaving the setup."""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from abluxxen.i18n.tr import Tr
from abluxxen.table.seats import SeatError
from abluxxen.tui.seating import guided_setup, parse_players, pick_first

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


def test_the_german_setup_asks_and_answers_in_german() -> None:
    """Every question in German, German answers taken (bot:schwer, Fortgeschritten, nein, zufall)."""
    answers = iter(["2", "Ann", "bot:schwer", "Fortgeschritten", "vielleicht", "nein", "zufall"])
    asked: list[str] = []
    said: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    setup = guided_setup(ask, said.append, Tr("de"))
    assert [(s.name, s.bot) for s in setup.seats] == [("Ann", None), ("Ada", "hard")]
    assert (setup.variant, setup.duel, setup.first) == ("advanced", False, "zufall")
    assert said[-1] == "✗ bitte j (ja) oder n (nein)"  # "vielleicht" is neither: asked again
    assert asked[4] == asked[5]
    text = "\n".join(asked + said)
    assert "bot:schwer" in text and "[Grundspiel]" in text and "zufall" in text and "[bot:mittel]" in text
    for english in ("bot:hard", "bot:normal", "base", "advanced", "expert", "random", "(y/n)", "[y]"):
        assert english not in text


@pytest.mark.parametrize("answer, duel", [("ja", True), ("j", True), ("", True), ("n", False), ("nein", False),
                                          ("yes", True), ("no", False)])
def test_yes_and_no_in_german(answer: str, duel: bool) -> None:
    answers = iter(["2", "Ann", "Ben", "Grundspiel", answer, "Ann"])
    setup = guided_setup(lambda _: next(answers), lambda _: None, Tr("de"))
    assert setup.duel is duel and setup.variant == "base"


def test_the_english_setup_keeps_its_defaults() -> None:
    answers = iter(["2", "", "", "", "n", ""])
    setup = guided_setup(lambda _: next(answers), lambda _: None, Tr("en"))
    assert setup.variant == "base" and setup.seats[1].bot == "normal" and not setup.duel


@pytest.mark.parametrize("variant, expected", [("Grundspiel", "base"), ("fortgeschritten", "advanced"),
                                               ("Experte", "expert"), ("expert", "expert")])
def test_the_command_line_takes_german_variants_and_bot_levels(variant: str, expected: str) -> None:
    from abluxxen.cli import play

    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    assert parser.parse_args(["--variant", variant]).variant == expected
    seats = parse_players("Ann,bot:leicht,bot:mittel,bot:schwer")
    assert [s.bot for s in seats] == [None, "easy", "normal", "hard"]
