"""What the command line says when it refuses or fails: one line for each error, named by the program, in 80
columns, in the user's language, with a non-zero exit status; whatever was typed (a name, a seat list, a
folder) quoted by quoting's one rule, cut short and with its control characters made visible."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len

from abluxxen.cli.main import main
from abluxxen.store.records_db import records_path

#: Longer than anything a message quotes whole.
LONG = "a" * 200
#: A folder of 10,000 characters: no system takes such a name, and no message repeats it.
FOLDER = "d" * 10_000
#: How every error line begins: the program's name, alone or with its command as argparse writes its own
#: refusals (``abluxxen play: error: …``).
NAMED = re.compile(r"abluxxen(?: [a-z]+: (?:error|Fehler))?: \S")
# A line that quotes more than a message may: a run of what was typed, or a raw escape.
WHOLE = re.compile(r"a{41}|d{41}|[\x00-\x08\x0b-\x1f\x7f\x9b\u202e]")
GERMAN_GIVEAWAYS = re.compile(r"\b(error|cannot|unknown|seat|names|name|choose|no|not|the|is)\b")

CASES = [
    (["stats", "NOBODY"], 1),
    (["simulate", "--seats", LONG], 2),
    (["simulate", "--seats", "hard"], 2),
    (["play", "--players", "Ann,,Ben"], 2),
    (["play", "--players", ",,,"], 2),
    (["play", "--players", " ,Ann"], 2),
    (["play", "--players", "Ann," + LONG], 2),
    (["play", "--players", "Ann,Ben▶"], 2),
    (["play", "--players", "Ann,\x1b[2Jx"], 2),
    (["play", "--players", "Ann,bot:" + LONG], 2),
    (["play", "--players", "Christopher,christopher"], 2),
    (["play", "--players", "Ann"], 2),
    (["play", "--players", "Ann,Ben", "--first", LONG], 2),
    (["play", "--delay", LONG], 2),
    (["play", LONG], 2),
    (["host", "--players", "Ann,,Ben", "--serve"], 2),
    (["host", "--players", "Ann,Ben", "--first", LONG, "--serve"], 2),
    (["host", "--resume", "--serve", "--save-dir", FOLDER], 2),
    (["resume", "--save-dir", FOLDER], 1),
    (["resume", FOLDER + "/game.json"], 1),
    (["resume", LONG], 1),
    (["review", "--save-dir", FOLDER], 1),
    (["review", LONG], 1),
]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as done:  # argparse's own refusals
        status = int(str(done.code))
    out, err = capsys.readouterr()
    return status, out, err


def _one_line(err: str, lang: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, lines
    line = lines[0]
    assert NAMED.match(line), line
    assert cell_len(line) <= 80, (cell_len(line), line)
    assert not WHOLE.search(line), line
    if lang == "de":
        assert not GERMAN_GIVEAWAYS.search(re.sub(r"--[\w-]+|'[^']*'|/\S*", "", line)), line
    return line


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("argv", "status"), CASES, ids=lambda v: " ".join(v)[:40] if isinstance(v, list) else "")
def test_every_error_is_one_line_named_by_the_program_in_80_columns(
        argv: list[str], status: int, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    said, out, err = _run([*argv, "--lang", lang], capsys)
    assert said == status and out == "", out
    _one_line(err, lang)


@pytest.mark.parametrize(("lang", "words"), [("en", "The records file is damaged (file is not a"),
                                             ("de", "Aufzeichnungsdatei beschädigt: ")])
def test_stats_on_a_damaged_records_file_is_one_line_naming_the_file(
        lang: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    records_path().write_bytes(b"not a database at all, just some bytes" * 100)
    for argv in (["stats"], ["stats", "NOBODY"], ["stats", "--json"]):
        status, out, err = _run([*argv, "--lang", lang], capsys)
        assert status == 1 and out == ""
        line = _one_line(err, lang)
        assert line.startswith(f"abluxxen: {words}") and line.endswith("records.sqlite3"), line  # the file, cut


def test_rules_about_nothing_is_a_complaint_with_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    """Its words (the list of topics) are the rules' own; here: named by the program, one line, status 1."""
    for lang in ("en", "de"):
        status, out, err = _run(["rules", "xyzzy", "--lang", lang], capsys)
        assert status == 1 and out == ""
        assert len(err.splitlines()) == 1 and err.startswith("abluxxen: ") and "'xyzzy'" in err


@pytest.mark.parametrize(("players", "seat"), [("Ann,,Ben", 2), (",,,", 1), (" ,Ann", 1), ("Ann,Ben,\t", 3)])
@pytest.mark.parametrize(("lang", "words"), [("en", "abluxxen play: error: seat {seat}: no name: "),
                                             ("de", "abluxxen play: Fehler: Platz {seat}: kein Name: ")])
def test_an_empty_seat_is_refused_naming_the_seat_and_no_game_starts(
        players: str, seat: int, lang: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["play", "--players", players, "--save-dir", str(tmp_path), "--lang", lang], capsys)
    assert status == 2 and _one_line(err, lang).startswith(words.format(seat=seat))
    assert not list(tmp_path.iterdir())  # no game, no save


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_save_folder_of_10000_characters_is_never_printed_whole(lang: str, tmp_path: Path) -> None:
    """Before, the folder was printed whole (10,084 characters on one line); now every line the game
    prints, on its screen and on leaving, is short, and the folder is cut as every typed value is."""
    env = dict(os.environ, LANG="C.UTF-8", COLUMNS="80", LINES="24")
    done = subprocess.run([sys.executable, "-m", "abluxxen", "play", "--players", "Ann,bot:easy", "--delay", "0",
                           "--save-dir", FOLDER, "--lang", lang], input="quit\ny\n" if lang == "en" else "quit\nj\n",
                          capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 1  # the game could not be saved: said so
    listed = subprocess.run([sys.executable, "-m", "abluxxen", "resume", "--list", "--save-dir", FOLDER,
                             "--lang", lang], capture_output=True, text=True, timeout=60, env=env)
    assert listed.returncode == 0 and listed.stdout.strip()
    lines = (done.stdout + done.stderr + listed.stdout + listed.stderr).splitlines()
    assert sum(len(line) for line in lines) < 10_000
    for line in lines:
        assert cell_len(line) <= 80 and not WHOLE.search(line), line
    errors = done.stderr.splitlines()
    assert errors and all(NAMED.match(line) for line in errors), errors


def test_a_path_is_named_as_whole_as_its_line_has_room_for() -> None:
    """A path is there to be found or copied: a line cuts it only as far as 80 columns need (it once cut every
    path to 40 characters, "Game saved: /srv/games/a-r…261202-004308-Ann-Ada.json", with room to spare),
    while typed text stays as short as every message quotes it."""
    from abluxxen.i18n.tr import Tr
    from abluxxen.quoting import Typed, fitting

    tr = Tr("en")
    path = Path("/srv/games/abluxxen-data/ann/saves/20261202-004308-Ann-Ada.json")
    said = fitting(tr.line("saved_at", path=path))
    assert said.splitlines()[0] == f"Game saved: {path}"
    cut = fitting(tr.line("saved_at", path=Path("/" + FOLDER + "/game.json")))
    assert cell_len(cut.splitlines()[0]) <= 80 and "…" in cut and cut.splitlines()[0].endswith("d/game.json")
    typed = fitting(tr.line("seat_bad_level", typed=Typed(LONG)))
    assert "a" * 39 not in typed
