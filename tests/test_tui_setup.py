"""Setting up a game: who starts, and leaving the setup."""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from abluxxen.cli.main import _parser
from abluxxen.engine.match import Match
from abluxxen.engine.rules import Rules
from abluxxen.i18n.catalog import install, lang_of
from abluxxen.i18n.tr import Tr
from abluxxen.store.save_document import Saved
from abluxxen.store.saves import read_save
from abluxxen.table.seats import SeatError
from abluxxen.tui.pages import replay_line
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
    with pytest.raises(SeatError, match="no seat is named 'Zed' \\(or give random\\)"):
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


@pytest.mark.parametrize("lang, refused", [("en", "no comma"), ("de", "Namen ohne Komma")])
@pytest.mark.parametrize("name", ["a,b", "🐾", "Ann ▶", "⚙hard", "⚔Cy"])
def test_the_setup_refuses_a_name_that_breaks_the_table_and_asks_again(lang: str, refused: str, name: str) -> None:
    """A comma would seat two players in the replay command; a mark beside a name would pass for the table's."""
    answers = iter(["3", name, "Ann", "", "", "", ""])
    asked: list[str] = []
    said: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    setup = guided_setup(ask, said.append, Tr(lang), inform=lambda _: None)
    assert [s.name for s in setup.seats][0] == "Ann"
    assert said == [f"✗ {Tr(lang)('seat_name_mark', marks='▶ 🐾 ⚙ ⚔')}"] and refused in said[0]
    assert asked[1] == asked[2]  # the same question again


@pytest.mark.parametrize("players", ["Ann,🐾,bot", "Ann,Ben ⚔", "Ann,▶Ben"])
def test_players_refuses_the_names_the_setup_refuses(players: str, capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    from abluxxen.cli import main

    assert main(["play", "--players", players, "--save-dir", str(tmp_path), "--lang", "en"]) == 2
    said = capsys.readouterr().err
    assert "seat 2: no comma and none of ▶ 🐾 ⚙ ⚔ in names" in said
    assert not list(tmp_path.glob("*.json"))


def _replayed(line: str) -> list[str]:
    """The words a shell hands ``abluxxen`` when the replay command printed in ``line`` is pasted into it."""
    command = line.split("\n", 1)[1]
    shell = subprocess.run(["bash", "-c", 'abluxxen() { printf "%s\\0" "$@"; }\n' + command],
                           capture_output=True, text=True, timeout=TIMEOUT, env={"HOME": "/nowhere", "PATH": "/bin"})
    assert shell.returncode == 0, shell.stderr
    return shell.stdout.split("\0")[:-1]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("names", [["Ann", "Ben", "Cy"], ["O'Brien", "$HOME", "Zoë"], ['Jo "J" Li', "Bang!", "`id`"],
                                   ["a\\b", "Random", "Ann  Lee"], ["Ada", "zufall", "Bix"]])
def test_the_printed_replay_command_seats_exactly_who_played(lang: str, names: list[str]) -> None:
    """Whatever names the setup took, the command printed at the end, pasted into a shell, seats the same
    players and bots in the same order, the same one first, with the same deal."""
    tr = Tr(lang)
    answers = iter(["5", *names, "bot:easy", "", "expert", names[1]])
    setup = guided_setup(lambda _: next(answers), lambda _: None, tr)
    seats = setup.seats
    played = [s.name for s in seats]
    first = pick_first(setup.first, played)
    match = Match(Rules(5, setup.variant), games=2, seed=987654321, names=played, first=first)
    line = replay_line(Saved(match=match, seats=seats, lang=lang), tr, shown=True)
    words = _replayed(line)
    assert words[0] == "play"
    install(lang_of(words))
    try:
        args = _parser("play").parse_args(words)
    finally:
        install("en")
    replayed = parse_players(args.players)
    assert [(s.name, s.bot) for s in replayed] == [(s.name, s.bot) for s in seats]
    assert pick_first(args.first, [s.name for s in replayed]) == first == 1
    assert (args.seed, args.variant, args.match, args.lang) == (987654321, "expert", 2, lang)


@pytest.mark.parametrize("lang, bot, asked", [("en", "bot:easy", "How many seats"),
                                              ("de", "bot:leicht", "Wie viele Plätze")])
def test_piped_into_the_setup_every_line_answers_the_next_question_through_the_table(tmp_path: Path, lang: str,
                                                                                     bot: str, asked: str) -> None:
    """README: piped in, every line answers the next question and the table is plain text: the setup's
    questions once each, no warning about the input, and the line after the setup is the first move."""
    move = Match(Rules(3), seed=7, names=["Ann", "Ada", "Bix"]).game.legal_moves()[0]
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(tmp_path), LC_ALL="C.UTF-8", LANG="C.UTF-8")
    done = subprocess.run([sys.executable, "-m", "abluxxen", "play", "--setup", "--seed", "7", "--delay", "0",
                           "--lang", lang], input=f"3\nAnn\n{bot}\n{bot}\n\n\n{move}\n", env=env,
                          capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr and "\r" not in done.stdout and "\x1b" not in done.stdout
    assert done.stdout.count(asked) == 1
    (save,) = tmp_path.glob("*.json")
    played = read_save(save).transcript.moves
    assert played and (played[0].seat, played[0].move) == (0, move)
