"""The game loop in-process: pipe input, a captured screen, a save directory."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from conftest import make_doc
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from abluxxen import Event, Game, Rules
from abluxxen.match import Match
from abluxxen.tui.app import TableApp
from abluxxen.tui.narrate import START
from abluxxen.tui.prompt import make_session
from abluxxen.tui.saves import Saved, Seat, read_save
from abluxxen.tui.screen import WIPE, Screen

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _run(tmp_path: Path, seats: list[Seat], keys: str, *, game: Game | None = None,
         seed: int = 3) -> tuple[int, list[str], Path]:
    match = Match(Rules(len(seats)), games=1, seed=seed, names=[s.name for s in seats])
    if game is not None:
        match.game = game
    saved = Saved(match=match, seats=seats, lang="en", delay=0.0, log=[Event(START, 0, source="1")])
    path = tmp_path / "game.json"
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()  # out of keys: Ctrl-D, and the quit question is answered by the end of input
        app = TableApp(saved, path, screen=Screen(file=out, size=(80, 24), alternate=True),
                       session=make_session(input=pipe, output=DummyOutput()))
        status = app.run()
    screens = [ANSI.sub("", s) for s in out.getvalue().split(WIPE)]
    return status, [s for s in screens if s.strip()], path


def test_bots_alone_play_a_game_to_the_score_table_and_the_save_says_finished(tmp_path: Path) -> None:
    status, screens, path = _run(tmp_path, [Seat("Ada", "easy"), Seat("Bix", "easy"), Seat("Cog", "easy")],
                                 "n\r")
    assert status == 0
    assert "Game 1 over" in screens[-1] and "★ winner" in screens[-1]
    assert read_save(path).finished
    assert all("Your hand" not in s for s in screens)  # nobody's hand shows when only bots play


def test_a_failing_bot_is_replaced_and_the_game_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import abluxxen.bots

    def broken(level: str, **options: object) -> object:
        raise RuntimeError("bots are broken today")

    monkeypatch.setattr(abluxxen.bots, "make_bot", broken)
    status, screens, path = _run(tmp_path, [Seat("Ada", "hard"), Seat("Bix", "hard")], "n\r")
    assert status == 0 and "Game 1 over" in screens[-1]


def test_a_forced_move_is_played_and_noted_for_its_player(tmp_path: Path) -> None:
    doc = make_doc(hands=["9 9 2", "5 6 7", "1 3"], displays=[[], ["5 5"], []], names=["Ann", "Ben", "Cy"],
                   pool=())
    game = Game.from_json(doc)
    keys = "\r" + "99\r" + "t\r" + "\r"  # Ann: handover, play, take; Ben's two draws are forced; Ben: handover
    status, screens, path = _run(tmp_path, [Seat("Ann"), Seat("Ben"), Seat("Cy", "easy")], keys, game=game)
    ben = next(s for s in screens if "Your hand (Ben)" in s)
    assert "Only one move was possible: draw deck — played for you." in ben
    handovers = [s for s in screens if "Pass to" in s]
    assert [re.search(r"Pass to (\w+)", s).group(1) for s in handovers][:2] == ["Ann", "Ben"]  # type: ignore[union-attr]
    saved = read_save(path)
    assert saved.match.game.hand_sizes()[1] == 5  # Ben drew the two cards


def test_rules_and_hint_inside_the_game(tmp_path: Path) -> None:
    pytest.importorskip("abluxxen.rulesdoc")
    keys = "rules joker\r" + "q\r" + "hint\r" + "rules qqqzzz\r"
    status, screens, _ = _run(tmp_path, [Seat("Ann"), Seat("Ada", "easy"), Seat("Bix", "easy")], keys)
    assert any("joker" in s.lower() and "Your hand" not in s and "ABLUXXEN" not in s for s in screens)
    after = [s for s in screens if "Your hand (Ann)" in s]
    assert any("Hint:" in s or "No hint" in s for s in after)
    assert "No rules section matches 'qqqzzz'" in after[-1]


def test_every_move_is_saved_at_once(tmp_path: Path) -> None:
    first = Match(Rules(2), games=1, seed=2, names=["Ann", "Ada"]).game.legal_moves()[0]
    keys = first.removeprefix("play ") + "\r"
    status, screens, path = _run(tmp_path, [Seat("Ann"), Seat("Ada", "easy")], keys, seed=2)
    saved = read_save(path)
    plays = [e for e in saved.log if e.kind == "play"]
    assert plays and plays[0].seat == 0 and "play " + " ".join(map(str, plays[0].cards)) == first
    assert not saved.finished
