"""``abluxxen review``: a finished game's decisions rated by the hard bot's search.

Games are saved the way the terminal game saves them (a finished save whose
transcript is the game); the search runs on a tiny iteration budget so the
tests stay fast. A hand-made position where one play obviously gives away
many points checks that the rating sees it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import bots_play, make_doc, spawn_terminal

from abluxxen import Game, Rules
from abluxxen.bots import advise, make_bot
from abluxxen.bots.ismcts import HardBot
from abluxxen.cli.main import main
from abluxxen.engine.match import Match
from abluxxen.engine.transcript import Transcript
from abluxxen.store.records import record_finished
from abluxxen.store.records_db import records_path
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import write_save

pexpect = pytest.importorskip("pexpect")

THINK = "20"  # iterations: the race still plays every move on six deals
HINT_THINK = 150  # iterations: the hint and the review of a game that followed it
ANSI = re.compile(r"\x1b\[[0-9;?<=>]*[A-Za-z~]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\x1b[=>78]|\r")


def _bot_game(path: Path, *, finish: bool = True) -> Saved:
    """A short three-seat game played by normal bots (Ann's seat marked human), saved at its end.

    It starts late, from small hands and a short deck, so that the search's
    rollouts are short too.
    """
    doc = make_doc(hands=["3 5 5 8 X", "2 4 6 6 9", "1 7 7 11 12"], names=["Ann", "Bob", "Cy"],
                   displays=[["4 4"], ["10"], ["2 2"]], pool="4 6 9 10 13 3",
                   deck="8 8 5 11 12 13 1 3 9 X 6 7", rest="removed")
    match = Match(Rules(3), games=1, names=["Ann", "Bob", "Cy"])
    match.game = Game.from_json(doc)
    saved = Saved(match=match, seats=[Seat("Ann"), Seat("Bob", "normal"), Seat("Cy", "easy")])
    bots_play(match.game, saved.transcript, "normal", moves=None if finish else 4)
    if finish:
        match.record()
        saved.finished = True
    write_save(path, saved)
    return saved


def _blunder(path: Path) -> Saved:
    """Ann holds eight 9s and Bob one card: ending the game now wins; playing one 9 lets Bob end it."""
    doc = make_doc(hands=["9 9 9 9 9 9 9 9", "2", "3 4 5 6 7 8"], names=["Ann", "Bob", "Cy"])
    match = Match(Rules(3), games=1, names=["Ann", "Bob", "Cy"])
    match.game = Game.from_json(doc)
    saved = Saved(match=match, seats=[Seat("Ann"), Seat("Bob", "normal"), Seat("Cy", "normal")])
    for seat, move in [(0, "play 9"), (0, "pass"), (1, "play 2")]:
        saved.transcript.push(match.game, move, seat=seat)
    assert match.game.is_over
    match.record()
    saved.finished = True
    write_save(path, saved)
    return saved


def _hint_followed(path: Path, players: int, seed: int) -> Saved:
    """A game in which Ann asks for the table's hint (``bots.advise``, at :data:`HINT_THINK`) at every
    decision and plays it, against normal bots; saved at its end."""
    names = ["Ann", "Bob", "Cy", "Dee"][:players]
    match = Match(Rules(players), games=1, seed=seed, names=names)
    game = match.game
    saved = Saved(match=match, seats=[Seat("Ann"), *(Seat(name, "normal") for name in names[1:])])
    bots = [make_bot("normal", seed=seat) for seat in range(players)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        move = advise(view, think=HINT_THINK)[0] if seat == 0 else bots[seat].choose(view)
        saved.transcript.push(game, move, seat=seat)
    match.record()
    saved.finished = True
    write_save(path, saved)
    return saved


def _review(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["review", *args])
    out, err = capsys.readouterr()
    return status, out, err


def _choices(transcript: Transcript, seat: int) -> list[int]:
    """Transcript indexes of the seat's moves made when more than one move was legal."""
    game = Game.from_json(transcript.start)
    found = []
    for index, played in enumerate(transcript.moves):
        if played.seat == seat and len(set(game.legal_moves())) > 1:
            found.append(index)
        game.push(played.move, seat=played.seat)
    return found


def test_json_rates_every_choice_of_the_seat_in_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    saved = _bot_game(path)
    status, out, _ = _review(capsys, str(path), "--seat", "Bob", "--think", THINK, "--json")
    assert status == 0
    decisions = json.loads(out)["decisions"]
    wanted = _choices(saved.transcript, 1)
    assert len(wanted) > 5
    assert [d["move"] - 1 for d in decisions] == wanted
    assert [d["played"] for d in decisions] == [saved.transcript.moves[i].move for i in wanted]
    turns = [d["turn"] for d in decisions]
    assert turns == sorted(turns) and turns[0] >= 1
    for d in decisions:
        assert d["loss"] >= 0
        assert (d["loss"] == 0) == (d["played"] == d["best"]), d
        # A loss is said only beyond the check's noise; the hint's own move is not checked at all.
        assert d["loss"] == 0 or d["loss"] > d["noise"] >= 0.5, d
        assert (d["noise"] == 0) == (d["played"] == d["hint"]), d
    # A normal bot's move other than the hint's, but not worse beyond the noise, loses nothing.
    assert any(d["played"] != d["hint"] and d["loss"] == 0 for d in decisions)
    # Seeded: the same game reviewed again gives the same figures.
    assert _review(capsys, str(path), "--seat", "Bob", "--think", THINK, "--json")[1] == out


def test_seat_defaults_to_the_one_human(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    saved = _bot_game(path)
    status, out, _ = _review(capsys, str(path), "--think", THINK, "--json")
    assert status == 0
    assert json.loads(out)["seat"] == "Ann"
    assert [d["move"] - 1 for d in json.loads(out)["decisions"]] == _choices(saved.transcript, 0)


def test_an_obvious_blunder_is_the_biggest_mistake(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "blunder.json"
    _blunder(path)
    status, out, _ = _review(capsys, str(path), "--seat", "ann", "--think", THINK, "--json")
    assert status == 0
    first, second = json.loads(out)["decisions"]
    assert first["played"] == "play 9" and first["best"] == "play 9 9 9 9 9 9 9 9"
    assert first["loss"] >= 8
    assert second["played"] == "pass"
    # Piped, the review prints the mistakes first (with the table as it was), then the list.
    status, out, _ = _review(capsys, str(path), "--seat", "Ann", "--think", THINK)
    assert status == 0
    mistakes = out.split("The biggest mistakes:")[1].split("Every decision:")[0]
    assert re.search(r"1\. turn 1: play 9 instead of play 9 9 9 9 9 9 9 9 · \d+\.\d points lost", mistakes)
    assert "Your hand (Ann) · 8: 9 9 9 9 9 9 9 9" in mistakes
    assert "Bob's hand · 1: 2" in mistakes  # every hand open: the game is over


@pytest.mark.parametrize("players, seed", [(2, 1), (2, 2), (4, 1)])
def test_a_game_that_followed_the_hint_has_no_mistakes(players: int, seed: int, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # Both are the hard bot: the review rates against the hint's own move, so advice followed is never
    # called a mistake (it used to be, by points the noise of the search could not tell from 0).
    path = tmp_path / "game.json"
    saved = _hint_followed(path, players, seed)
    status, out, _ = _review(capsys, str(path), "--think", str(HINT_THINK), "--json")
    assert status == 0
    decisions = json.loads(out)["decisions"]
    assert len(decisions) == len(_choices(saved.transcript, 0)) > 10
    assert [d for d in decisions if d["loss"] > 0] == []
    assert all(d["hint"] == d["played"] == d["best"] for d in decisions)
    status, out, _ = _review(capsys, str(path), "--think", str(HINT_THINK))
    assert status == 0
    assert "0.0 points given away" in out and "No mistakes" in out
    listed = out.split("Every decision:")[1].strip().splitlines()[1:]
    assert len(listed) == len(decisions) and all(line[34:61].strip() == "=" for line in listed), out


def test_appraisal_keeps_the_played_move_on_every_deal() -> None:
    doc = make_doc(hands=["9 9 9 9 9 9 9 9", "2", "3 4 5 6 7 8"], names=["Ann", "Bob", "Cy"])
    view = Game.from_json(doc).view(0)
    appraisal = HardBot(seed=0, think=200).appraise(view, keep=("play 9 9",))
    assert set(appraisal.margins) == set(view.legal_moves())
    assert "play 9 9" in appraisal.alive
    assert len(appraisal.margins["play 9 9"]) == appraisal.deals
    assert appraisal.best == "play 9 9 9 9 9 9 9 9"


@pytest.mark.parametrize("case", ["unfinished", "garbage", "missing", "unknown-seat", "two-humans", "no-game",
                                  "no-record", "spoilt-records"])
def test_bad_input_is_one_line_and_status_1(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(tmp_path / "empty"))
    path = tmp_path / "game.json"
    args = [str(path), "--think", THINK]
    if case == "unfinished":
        _bot_game(path, finish=False)
    elif case == "garbage":
        path.write_text("{not json")
    elif case == "unknown-seat":
        _bot_game(path)
        args += ["--seat", "Zed"]
    elif case == "two-humans":
        _blunder(path)
        doc = json.loads(path.read_text())
        doc["seats"][1] = {"name": "Bob"}
        path.write_text(json.dumps(doc))
    elif case == "no-game":
        args = ["--think", THINK]
    elif case == "no-record":
        record_finished(_blunder(path), seed_shown=True)
        args = ["7", "--think", THINK]
    elif case == "spoilt-records":
        records_path().parent.mkdir(parents=True)
        records_path().write_text("not a database " * 100)
        args = ["1", "--think", THINK]
    status, out, err = _review(capsys, *args)
    assert status == 1 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    expected = {"unfinished": "not over yet", "garbage": "not valid JSON", "missing": "no such file or folder",
                "unknown-seat": "No seat is called 'Zed'; the players are Ann, Bob, Cy.",
                "two-humans": "--seat: Ann, Bob, Cy", "no-game": "No finished game to review",
                "no-record": "There is no recorded game 7.",
                "spoilt-records": "The records file is damaged"}[case]
    assert expected in err


def test_without_records_the_newest_finished_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _bot_game(tmp_path / "a.json", finish=False)
    _blunder(tmp_path / "b.json")
    status, out, err = _review(capsys, "--save-dir", str(tmp_path), "--think", THINK, "--json")
    assert status == 0 and err == ""
    assert [d["played"] for d in json.loads(out)["decisions"]] == ["play 9", "pass"]
    # Spoilt records are passed over with one line of warning; the saves still serve.
    records_path().write_text("not a database " * 100)
    status, out, err = _review(capsys, "--save-dir", str(tmp_path), "--think", THINK, "--json")
    assert status == 0 and [d["played"] for d in json.loads(out)["decisions"]] == ["play 9", "pass"]
    assert err.count("\n") == 1 and "The records file is damaged" in err


def test_a_recorded_game_by_number_and_the_last_one_by_default(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert record_finished(_blunder(tmp_path / "blunder.json"), seed_shown=True) == 1
    assert record_finished(_bot_game(tmp_path / "bots.json"), seed_shown=True) == 2
    status, out, _ = _review(capsys, "1", "--think", THINK, "--json")
    assert status == 0
    assert [d["played"] for d in json.loads(out)["decisions"]] == ["play 9", "pass"]
    status, out, _ = _review(capsys, "--think", THINK, "--json")  # the last recorded game: number 2
    assert status == 0
    assert json.loads(out)["seat"] == "Ann" and len(json.loads(out)["decisions"]) > 5


def test_german_review(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "blunder.json"
    _blunder(path)
    status, out, _ = _review(capsys, str(path), "--think", THINK, "--lang", "de")
    assert status == 0
    assert "Die größten Fehler:" in out and "Alle Entscheidungen:" in out
    # The moves as a German player types them, as the German table writes them.
    # The points lost stand apart from the moves: "statt spiele 9 9, 3,1 Punkte" read as a list of numbers.
    assert re.search(r"Zug 1: spiele 9 statt spiele 9 9 9 9 9 9 9 9 · \d+,\d Punkte verloren", out)
    assert re.search(r"\n +1  passe +=", out) and not re.search(r"\b(play|pass)\b", out)


def _page(child: Any, *texts: str) -> None:
    """A page showing ``texts`` in this order, then the keys line."""
    for text in texts:
        child.expect_exact(text)
    child.expect_exact("q quit")


def test_step_through_with_arrow_keys(tmp_path: Path) -> None:
    path = tmp_path / "blunder.json"
    _blunder(path)
    child, log = spawn_terminal(["review", str(path), "--think", THINK], tmp_path)
    # Pages: the one mistake, then both decisions.
    _page(child, "Mistake 1 of 1 · turn 1 · Ann")
    child.expect_exact("(1/3)")
    child.send("\x1b[C")  # →
    _page(child, "Decision 1 of 2 · turn 1 · Ann", "Move: play 9 · best: play 9 9 9 9 9 9 9 9")
    child.send("\r")  # Enter
    _page(child, "Decision 2 of 2 · turn 1 · Ann", "Move: pass, what hint says here.")
    child.send("\x1b[D")  # ←
    child.expect_exact("(2/3)")
    child.send("\x1b[D")
    child.expect_exact("(1/3)")
    child.send("\x1b[D")  # nothing before the first page
    child.expect_exact("(1/3)")
    child.send("q")
    child.expect_exact("Ann: 2 decisions with a choice")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    screens = ANSI.sub("", log.getvalue())
    assert "Cy's hand · 6: 3  4  5  6  7  8" in screens


def test_every_page_fits_80_by_23_with_five_hands_open() -> None:
    from rich.cells import cell_len
    from rich.console import Console

    from abluxxen.bots.review import Decision, choices
    from abluxxen.i18n.tr import Tr
    from abluxxen.tui.review import moments, pages

    game = Game.new(Rules(5), seed=2, names=["Ann", "Bob", "Cy", "Dee", "Eve"])
    transcript = Transcript.of(game)
    bots_play(game, transcript, "normal")
    # Figures do not change the layout: the decisions get the longest verdicts in turn (a mistake, a move
    # as good as the hint's within the noise, the hint's move).
    long = "play 12 12 12 12 12 12 X X"
    decisions = [Decision(i, turn, 0, transcript.moves[i].move, long, [long, transcript.moves[i].move][k % 2],
                          [12.3, 0.0][k % 2], 0.6, 6) if k % 3 < 2 else
                 Decision(i, turn, 0, long, long, long, 0.0, 0.0, 6)
                 for k, (i, turn, _) in enumerate(choices(transcript, 0))]
    for lang in ("en", "de"):
        console = Console(width=80, color_system=None)
        for shown in pages(decisions, decisions[:3], moments(transcript, decisions), "Ann",
                           (None, "hard", "normal", "easy", "hard"), Tr(lang)):
            with console.capture() as capture:
                console.print(shown)
            lines = capture.get().rstrip("\n").split("\n")
            assert len(lines) <= 22, "\n".join(lines)  # the keys line below makes 23
            assert "Eve's hand" in capture.get() or "Hand von Eve" in capture.get()
            assert all(cell_len(line) <= 80 for line in lines)
