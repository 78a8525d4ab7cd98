"""Bots never go round in circles: a position that comes back makes them answer differently.

Nothing in the rules ends a cycle of abluxxes taken back (each victim chooses
``back``, nobody draws), and a bot answers a position the same way every time.
The position below, from an expert duel between two normal bots, came back
every six moves and the game never ended.
"""

from __future__ import annotations

import json
from pathlib import Path

from helpers import play_keys

from abluxxen import Event, Game, Match, Transcript
from abluxxen.bots import make_bot, vary
from abluxxen.engine.events import START
from abluxxen.store.records import open_records
from abluxxen.store.save_document import Saved, Seat

CYCLE = json.loads((Path(__file__).parent / "data" / "cycle-expert-duel.json").read_text())
SEEDS = (101, 202)


def test_normal_bots_alone_come_back_to_this_position_every_six_moves() -> None:
    game = Game.from_json(CYCLE)
    bots = [make_bot("normal", seed=s) for s in SEEDS]
    for _ in range(6):
        seat = game.to_move
        assert seat is not None
        game.push(bots[seat].choose(game.view(seat)), seat=seat)
    assert game.to_json() == Game.from_json(CYCLE).to_json()


def test_the_transcript_counts_how_often_a_position_came_back() -> None:
    game = Game.from_json(CYCLE)
    transcript = Transcript.of(game)
    bots = [make_bot("normal", seed=s) for s in SEEDS]
    counts = []
    for _ in range(13):
        seat = game.to_move
        assert seat is not None
        transcript.push(game, bots[seat].choose(game.view(seat)), seat=seat)
        counts.append(transcript.repeats())
    assert counts[5] == 1 and counts[11] == 2 and counts[:5] == [0] * 5
    # Counted again from scratch (as after an undo or a resume), the figure is the same.
    assert Transcript.from_json(transcript.to_json()).repeats() == counts[-1]


def test_bots_that_vary_on_a_repeat_finish_the_game() -> None:
    game = Game.from_json(CYCLE)
    transcript = Transcript.of(game)
    bots = [make_bot("normal", seed=s) for s in SEEDS]
    while not game.is_over:
        assert len(transcript.moves) < 600, "still going round"
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        transcript.push(game, vary(bots[seat].choose(view), view, transcript.repeats()), seat=seat)
    assert game.outcome() is not None


def test_a_table_of_bots_plays_that_position_to_the_score_screen(tmp_path: Path) -> None:
    seats = [Seat("Ada", "normal"), Seat("Bix", "normal")]
    match = Match(Game.from_json(CYCLE).rules, games=1, seed=5, names=[s.name for s in seats])
    match.game = Game.from_json({**CYCLE, "names": ["Ada", "Bix"]})
    saved = Saved(match=match, seats=seats, lang="en", delay=0.0, log=[Event(START, 1, source="1")])
    path = tmp_path / "game.json"
    status, _ = play_keys(saved, path, "n\r")
    assert status == 0
    # Played to the end: recorded, and its finished save (the journal) removed.
    with open_records() as records:
        recorded = records.last()
    assert recorded is not None and recorded.transcript.replay().is_over
    assert not path.exists()
