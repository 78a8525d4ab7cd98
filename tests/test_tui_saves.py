"""Autosave and resume: atomic writes, damaged files, the command line."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from helpers import bots_play, named

from abluxxen import Rules
from abluxxen.cli import main
from abluxxen.engine.match import Match
from abluxxen.engine.transcript import Transcript
from abluxxen.i18n.tr import Tr
from abluxxen.store import save_document
from abluxxen.store.save_document import Saved, SaveError, Seat
from abluxxen.store.saves import read_save, save_dir, unfinished_saves, write_save
from abluxxen.table.seats import SeatError
from abluxxen.tui.scores import score_screen
from abluxxen.tui.seating import parse_players


def _saved(seed: int = 4, moves: int = 7) -> Saved:
    match = Match(Rules(3), games=2, seed=seed, names=["Ann", "Ben", "Ada"])
    events = []
    for _ in range(moves):
        events += match.game.push(match.game.legal_moves()[-1])
    return Saved(match=match, seats=[Seat("Ann"), Seat("Ben"), Seat("Ada", "hard")], lang="de", delay=0.0,
                 log=events)


def test_a_save_continues_exactly_where_it_stopped(tmp_path: Path) -> None:
    saved = _saved()
    path = tmp_path / "game.json"
    write_save(path, saved)
    back = read_save(path)
    assert back.seats == saved.seats and back.lang == "de" and back.log == saved.log
    original, restored = saved.match.game, back.match.game
    while not original.is_over:
        move = original.legal_moves()[0]
        assert restored.legal_moves() == original.legal_moves()
        assert restored.push(move) == original.push(move)
    assert restored.scores() == original.scores()


def test_a_failed_write_leaves_the_old_save_and_no_litter(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    write_save(path, _saved(moves=2))
    before = path.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_save(path, _saved(moves=9))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_document_that_would_not_load_never_replaces_a_good_save(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    write_save(path, _saved())
    before = path.read_bytes()
    real = save_document.to_document

    def garbage(saved: Saved) -> dict[str, object]:
        doc = real(saved)
        doc["match"]["game"]["hands"][0].append("7")
        return doc

    monkeypatch.setattr(save_document, "to_document", garbage)
    with pytest.raises(SaveError):
        write_save(path, _saved(moves=9))
    assert path.read_bytes() == before


@pytest.mark.parametrize("content, words", [
    ("{not json", "not valid JSON"),
    ('{"format": "something-else"}', "unknown format"),
    ('{"format": "abluxxen-tui/1", "seats": [], "match": {}}', "damaged save"),
])
def test_damaged_saves_give_a_clear_message(tmp_path: Path, content: str, words: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError, match=words):
        read_save(path)
    assert main(["resume", str(path), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "Cannot resume " in err and f"{path.name}: " in err and words in err
    assert path.read_text() == content  # the file is left as it was


def test_resume_picks_the_newest_unfinished_game_and_skips_damaged_ones(tmp_path: Path) -> None:
    older, newer, damaged, done = (tmp_path / f"{n}.json" for n in ("older", "newer", "damaged", "done"))
    write_save(older, _saved(seed=1))
    write_save(newer, _saved(seed=2))
    finished = _saved(seed=3, moves=0)
    while not finished.match.is_over:
        game = finished.match.game
        while not game.is_over:
            finished.transcript.push(game, game.legal_moves()[-1])
        finished.match.record()
        if not finished.match.is_over:
            finished.match.next_game()
            finished.transcript = Transcript.of(finished.match.game)
    finished.finished = True
    write_save(done, finished)
    damaged.write_text("{")
    for age, path in enumerate((older, newer, done, damaged)):
        os.utime(path, (1_000_000 + age, 1_000_000 + age))
    games, skipped = unfinished_saves(tmp_path)
    assert [g.path for g in games] == [newer, older]
    assert [f.path for f in skipped] == [damaged]


def test_save_directory_comes_from_the_option_the_environment_or_platformdirs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(tmp_path / "env"))
    assert save_dir(str(tmp_path / "opt")) == tmp_path / "opt"
    assert save_dir() == tmp_path / "env"
    monkeypatch.delenv("ABLUXXEN_DATA_DIR")
    assert "abluxxen" in str(save_dir())


def test_nothing_to_resume_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resume", "--save-dir", str(tmp_path), "--lang", "en"]) == 1
    assert "No saved game" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["play", "resume"])
def test_help_has_examples(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and f"abluxxen {command}" in out


def test_players_option_seats_humans_and_bots() -> None:
    seats = parse_players("Ann, Ben ,bot:hard,bot")
    assert [(s.name, s.bot) for s in seats] == [("Ann", None), ("Ben", None), ("Ada", "hard"), ("Bix", "normal")]
    for bad in ("Ann", "Ann,ann", "Ann,bot:genius", "A,B,C,D,E,F"):
        with pytest.raises(SeatError):
            parse_players(bad)


def test_bad_players_option_is_refused_before_any_screen(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "Ann,bot:genius"]) == 2
    assert "(easy, normal, hard)" in capsys.readouterr().err


def test_score_screen_names_the_winner_the_tiebreak_and_the_match_totals() -> None:
    from rich.console import Console

    saved = _saved(moves=0)
    match = saved.match
    game = match.game
    while not game.is_over:
        game.push(game.legal_moves()[-1])
    console = Console(width=80, record=True, color_system=None, file=open(os.devnull, "w"))  # noqa: SIM115
    for part in score_screen(match, Tr("en")):
        console.print(part)
    text = console.export_text()
    outcome = game.outcome()
    assert outcome is not None
    for seat, name in enumerate(match.names):
        row = next(line for line in text.split("\n") if line.startswith(f"│ {name}"))
        cells = [c.strip() for c in row.strip("│").split("│")]
        assert int(cells[3]) == outcome.scores[seat]
        assert ("★" in row) == (seat in outcome.winners)
    assert "Match after 1 of 2 games" in text
    best = outcome.scores[outcome.winners[0]]
    who = " and ".join(match.names[s] for s in outcome.winners)
    assert (f"{who} wins with {best} points." if len(outcome.winners) == 1
            else f"{who} share the win with {best} points.") in text
    json.dumps(save_document.to_document(saved))  # still saveable after the game


@pytest.mark.parametrize("tiebreak, winners, words", [
    ("fewest-hand", (0,), "broken by fewest cards in hand (2)"),
    ("shared", (0, 1), "the win is shared"),
    ("fewest-hand", (0, 1), "all of them win"),
])
def test_tiebreak_is_explained(tiebreak: str, winners: tuple[int, ...], words: str) -> None:
    from abluxxen.tui.scores import _tiebreak_words

    hands = (2, 4, 5) if winners == (0,) else (2, 2, 5)
    assert words in _tiebreak_words(winners, (3, 3, 1), hands, tiebreak, Tr("en"))
    assert _tiebreak_words((0,), (4, 3, 1), hands, tiebreak, Tr("en")) == ""


# -- which save resume opens, and how it refuses (issue 38) ---------------------------------------------


def _typing(monkeypatch: pytest.MonkeyPatch, keys: str) -> list[Path]:
    """Resume plays at a line terminal typing ``keys``; the save files it opened, in order."""
    from helpers import Keys
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from abluxxen.tui import resume
    from abluxxen.tui.local import play_here

    opened: list[Path] = []

    def at_keys(saved: Saved, path: Path, **options: object) -> int:
        opened.append(path)
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            return play_here(saved, path, lines=Keys(keys), lock=options.get("lock"))  # type: ignore[arg-type]

    monkeypatch.setattr(resume, "play_here", at_keys)
    return opened


def test_resume_takes_the_newest_game_not_open_in_another_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from abluxxen.store.save_lock import SaveLock

    older, newer = tmp_path / "older.json", tmp_path / "newer.json"
    write_save(older, _saved(seed=1))
    write_save(newer, _saved(seed=2))
    os.utime(older, (1_000_000, 1_000_000))
    opened = _typing(monkeypatch, "quit\ry\r")
    elsewhere = SaveLock(newer).acquire()  # the newer game is being played in another terminal
    try:
        assert main(["resume", "--save-dir", str(tmp_path), "--lang", "en"]) == 0
        assert opened == [older]
        said = capsys.readouterr().err
        assert said.startswith("abluxxen: Skipped a game open in another terminal: ") and said.endswith("/newer.json\n")
        other = SaveLock(older).acquire()  # now both are open elsewhere
        try:
            assert main(["resume", "--save-dir", str(tmp_path), "--lang", "de"]) == 1
            assert opened == [older]
            said = capsys.readouterr().err
            assert re.fullmatch(rf"abluxxen: Alle nicht beendeten Partien in {named(tmp_path)} sind anderswo "
                                r"geöffnet\.\n", said) and len(said) <= 81  # the folder cut to fit one line
        finally:
            other.release()
    finally:
        elsewhere.release()


def test_resume_through_a_link_plays_the_save_it_leads_to_and_the_link_stays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = tmp_path / "saves" / "game.json"
    real.parent.mkdir()
    write_save(real, _saved(seed=3, moves=2))
    link = tmp_path / "link.json"
    link.symlink_to(real)
    before = real.read_bytes()
    opened = _typing(monkeypatch, "quit\ry\r")
    assert main(["resume", str(link), "--lang", "en"]) == 0
    assert opened == [real]
    assert link.is_symlink() and link.resolve() == real  # one game, in one file
    assert real.read_bytes() != before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "saves"]


def test_a_link_in_the_save_folder_is_neither_a_second_game_nor_a_warning_once_the_game_is_over(
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    write_save(folder / "real.json", _saved(moves=2))
    (folder / "link.json").symlink_to("real.json")
    capsys.readouterr()
    assert main(["resume", "--list", "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert [line.split()[0] for line in out.splitlines()[2:-1]] == ["1"] and err == "", out + err
    match = Match(Rules(2), games=1, seed=5, names=["Ada", "Bix"])
    over = Saved(match=match, seats=[Seat("Ada", "easy"), Seat("Bix", "easy")], delay=0.0)
    bots_play(match.game, over.transcript, "easy")
    match.record()
    over.finished = True
    write_save(folder / "real.json", over)  # the game is over: the next command records it, and its save goes
    for command in (["stats"], ["stats"], ["resume", "--list"], ["review", "--seat", "Ada", "--think", "20"]):
        main([*command, "--lang", "en"])
        out, err = capsys.readouterr()
        assert err == "", (command, err)
    assert not (folder / "real.json").exists() and (folder / "link.json").is_symlink()


@pytest.mark.parametrize("lang, said", [
    ("en", r"abluxxen: Cannot resume a*…a+: the name is too long\n"),
    ("de", r"abluxxen: a*…a+ lässt sich nicht fortsetzen: der Name ist zu lang\n"),
])
def test_resume_of_a_name_too_long_for_any_file_is_one_short_line(
        lang: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resume", "a" * 10_000, "--lang", lang]) == 1
    err = capsys.readouterr().err
    assert re.fullmatch(said, err) and len(err) <= 81, err  # the name cut, the line in 80 columns


def test_every_refusal_of_resume_is_named_by_the_program(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.json").write_text("{")
    for args in (["resume", str(tmp_path / "bad.json")], ["resume", str(tmp_path / "none.json")],
                 ["resume", "--save-dir", str(tmp_path / "empty")], ["resume", "7", "--save-dir", str(tmp_path)],
                 ["resume", "--save-dir", str(tmp_path)]):
        assert main([*args, "--lang", "en"]) == 1
        lines = capsys.readouterr().err.splitlines()
        assert lines and all(line.startswith("abluxxen: ") for line in lines), lines


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="a folder that takes no files: Linux's /proc")
@pytest.mark.parametrize("lang, said", [
    ("en", "The game could NOT be saved (the folder takes no new files)."),
    ("de", "Die Partie konnte NICHT gespeichert werden (der Ordner nimmt keine neuen Dateien auf)."),
])
def test_a_save_folder_that_takes_no_files_is_called_so(
        lang: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    from helpers import play_keys

    saved = _saved()
    saved.lang = lang
    status, _ = play_keys(saved, Path("/proc/game.json"), "quit\ry\r" if lang == "en" else "quit\rj\r")
    err = " ".join(capsys.readouterr().err.split())
    assert status == 1 and said in err
    assert "no such file" not in err and "fehlt" not in err


def test_review_of_a_name_too_long_for_any_file_shows_it_cut(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", "a" * 10_000, "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert re.match("abluxxen: Cannot review a*…a+: ", err) and err.count("\n") == 1 and len(err) <= 81, err
