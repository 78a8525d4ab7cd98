"""The command line's help and refusals speak the player's language, argparse's own words included."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from abluxxen.cli import main
from abluxxen.cli.main import SUBCOMMANDS, _parser
from abluxxen.i18n.catalog import GERMAN, install, lang_of

ARGPARSE_ENGLISH = ("usage:", "options:", "positional arguments", "show this help message", "error:",
                    "the following arguments", "unrecognized arguments", "invalid choice")
# Texts that read the same in German.
SAME = {"N", "NAME", "R", "SEED"}


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """argparse's words are process-wide: leave them English for the tests that follow."""
    yield
    install("en")


def _help(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as done:
        main([*args, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def test_abluxxen_help_is_german_under_a_german_locale() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env["LANG"] = "de_DE.UTF-8"
    done = subprocess.run([sys.executable, "-m", "abluxxen", "--help"], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0
    assert done.stdout.startswith("Aufruf: abluxxen") and "Optionen:" in done.stdout
    assert "Beispiele:" in done.stdout and "diese Hilfe zeigen und beenden" in done.stdout
    for english in ARGPARSE_ENGLISH + ("examples:", "start a game"):
        assert english not in done.stdout


@pytest.mark.parametrize("command", list(SUBCOMMANDS))
def test_every_commands_help_is_german_with_lang_de(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(capsys, command, "--lang", "de")
    assert text.startswith(f"Aufruf: abluxxen {command}") and "Optionen:" in text
    for english in ARGPARSE_ENGLISH + ("examples:", "(default", "show "):
        assert english not in text, f"{english!r} in the German help of {command}"


@pytest.mark.parametrize("command", list(SUBCOMMANDS))
def test_every_help_text_has_its_german(command: str) -> None:
    """A help text changed in English without its German would show English in a German help."""
    install("de")
    parser = _parser(command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    texts = [parser.description] + [a.help for a in sub._choices_actions]
    commands = sub.choices[command]
    texts += [commands.description]
    assert all(p.epilog and p.epilog.startswith("Beispiele:\n") for p in (parser, commands))
    for action in commands._actions:
        texts += [action.help, action.metavar if isinstance(action.metavar, str) else None]
        if action.option_strings and action.nargs != 0 and action.metavar is None and action.choices is None:
            texts.append(action.dest.upper())
    for text in filter(None, texts):
        assert text in GERMAN or text in SAME or text in GERMAN.values(), f"no German for {text!r}"


def test_argparse_refusals_are_german_too(capsys: pytest.CaptureFixture[str]) -> None:
    for args, german in ((["play", "--delay", "x", "--lang", "de"],
                          "abluxxen play: Fehler: Argument --delay: 'x' ist keine Zahl von Sekunden"),
                         (["play", "--lang", "de", "--tiebreak", "nope"], "ungültige Wahl: 'nope'"),
                         (["rules", "--lang=de", "--bogus"], "Fehler: unbekannte Argumente: --bogus")):
        with pytest.raises(SystemExit) as done:
            main(args)
        err = capsys.readouterr().err
        assert done.value.code == 2 and german in err and "error" not in err, err


def test_english_stays_english(capsys: pytest.CaptureFixture[str]) -> None:
    install("de")
    text = _help(capsys, "play", "--lang", "en")
    assert text.startswith("usage: abluxxen play") and "options:" in text and "Aufruf" not in text


@pytest.mark.parametrize("lang, heading", [("en", "examples:\n"), ("de", "Beispiele:\n")])
@pytest.mark.parametrize("command", ["rules", "simulate", "bench", "club"])
def test_commands_show_examples_each_with_its_words_in_their_own_column(
        command: str, lang: str, heading: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(capsys, command, "--lang", lang)
    examples = text.split(heading, 1)[1].split("\n\n", 1)[0].splitlines()
    # Each example starts a line; its words may go on, under their own column, on the next.
    assert len(examples) >= 2 and all(line.startswith((f"  abluxxen {command}", "    ")) for line in examples)
    assert examples[0].startswith(f"  abluxxen {command}")


def test_the_language_comes_from_lang_or_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert lang_of(["play"]) == "de" and lang_of(["play", "--lang", "en"]) == "en"
    assert lang_of(["rules", "--lang=en"]) == "en" and lang_of(["--lang", "xx"]) == "de"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("command", ["", *SUBCOMMANDS])
def test_every_help_fits_an_80_column_terminal_and_leaves_no_word_alone_on_a_line(
        command: str, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8" if lang == "de" else "en_GB.UTF-8")
    lines = _help(capsys, *([command] if command else [])).splitlines()
    wide = [line for line in lines if len(line) > 80]
    assert not wide, f"{command or 'abluxxen'} --help --lang {lang}: {wide}"
    # "--lang" at a line's end and "de" alone below it read as two things; so does a sentence's last word.
    alone = [f"{above!r} / {line!r}" for above, line in zip(lines, lines[1:], strict=False)
             if above.strip() and not above.rstrip().endswith(":") and len(line.split()) == 1
             and not line.lstrip().startswith(("-", "["))]
    assert not alone, f"{command or 'abluxxen'} --help --lang {lang}: {alone}"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "base (default): after a play that abluxxes nobody you may draw one card;"),
    ("de", "grundspiel (Standard): wer niemanden abluxxt, darf danach eine Karte ziehen;")])
def test_the_variants_help_says_the_base_games_single_draw_may_be_taken(lang: str, said: str,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """"draw one after a turn without abluxx" read as an order: the rulebook lets the player pass."""
    assert said in " ".join(_help(capsys, "play", "--lang", lang).split())


@pytest.mark.parametrize(("command", "written"), [("play", "Standard 0,6"), ("simulate", "Sekunden wie 0,5s"),
                                                  ("review", "Sekunden wie 0,5s")])
def test_the_german_help_writes_decimal_commas(command: str, written: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    text = " ".join(_help(capsys, command, "--lang", "de").split())
    assert written in text and "0.5" not in text and "0.6" not in text


@pytest.mark.parametrize(("option", "typed", "value"), [("--delay", "0,6", 0.6), ("--delay", "1.5", 1.5),
                                                       ("--think", "0,5s", 0.5), ("--think", "0.5s", 0.5),
                                                       ("--think", "200", 200)])
def test_seconds_are_taken_with_the_decimal_comma_the_german_help_shows(option: str, typed: str,
                                                                       value: float) -> None:
    command = "simulate" if option == "--think" else "play"
    args = _parser(command).parse_args([command, option, typed])
    assert getattr(args, option[2:]) == value


def test_a_comma_in_iterations_is_no_decimal_comma(capsys: pytest.CaptureFixture[str]) -> None:
    # "1,000" iterations must not be read as one second.
    with pytest.raises(SystemExit):
        _parser("simulate").parse_args(["simulate", "--think", "1,000"])
    assert "--think" in capsys.readouterr().err
