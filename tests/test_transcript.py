"""A game's transcript: replays to any earlier position, and refuses a tampered one."""

from __future__ import annotations

import random

import pytest

from abluxxen import Game, IllegalMove, Rules
from abluxxen.engine.events import Event
from abluxxen.engine.transcript import Played, Transcript


def played_game(seed: int, moves: int | None = None, *, players: int = 3) -> tuple[Game, Transcript]:
    game = Game.new(Rules(players=players), seed=seed)
    transcript = Transcript.of(game)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(transcript.moves) < moves):
        transcript.push(game, rng.choice(game.legal_moves()), seat=game.to_move)
    return game, transcript


@pytest.mark.parametrize("players", [2, 3, 5])
def test_replaying_every_prefix_gives_the_position_the_game_had_then(players: int) -> None:
    game = Game.new(Rules(players=players), seed=11)
    transcript = Transcript.of(game)
    seen = [game.to_json()]
    rng = random.Random(3)
    while not game.is_over:
        transcript.push(game, rng.choice(game.legal_moves()), seat=game.to_move)
        seen.append(game.to_json())
    for upto in range(0, len(seen), 7):
        assert transcript.replay(upto).to_json() == seen[upto]
    assert transcript.replay().to_json() == seen[-1]


@pytest.mark.parametrize("players", [2, 4])
def test_positions_are_every_position_the_game_had_with_its_move_and_the_events_that_led_there(
        players: int) -> None:
    game = Game.new(Rules(players=players), seed=5)
    transcript = Transcript.of(game)
    seen, caused = [game.to_json()], [list[Event]()]
    rng = random.Random(6)
    while not game.is_over:
        caused.append(transcript.push(game, rng.choice(game.legal_moves()), seat=game.to_move))
        seen.append(game.to_json())
    steps = [(step.index, step.game.to_json(), step.played, step.events) for step in transcript.positions()]
    moves: list[Played | None] = [*transcript.moves, None]
    assert steps == list(zip(range(len(seen)), seen, moves, caused, strict=True))
    # replay() is positions() stopped at a move: they agree everywhere.
    for step in transcript.positions():
        if step.index % 9 == 0 or step.played is None:
            assert transcript.replay(step.index).to_json() == step.game.to_json()


def test_replay_counts_its_moves_as_a_slice_does() -> None:
    _, transcript = played_game(8, 30)
    every = [step.game.to_json() for step in transcript.positions()]
    assert transcript.replay(-1).to_json() == every[-2]
    assert transcript.replay(-100).to_json() == every[0]
    assert transcript.replay(1000).to_json() == transcript.replay().to_json() == every[-1]


def test_a_replay_pushes_no_move_past_the_position_asked_for() -> None:
    game, transcript = played_game(8, 10)
    broken = Transcript(start=transcript.start, moves=[*transcript.moves, Played(0, "play 13 13 13 13 13 13 13 13")])
    assert broken.replay(10).to_json() == game.to_json()
    with pytest.raises(IllegalMove):
        broken.replay()


def test_moves_are_kept_in_canonical_notation_whatever_was_typed() -> None:
    game = Game.new(Rules(players=3), seed=4)
    transcript = Transcript.of(game)
    hand = game.view(game.turn).hand
    card = hand[0]
    typed = f"  PLAY   {card} "
    transcript.push(game, typed, seat=game.turn)
    assert transcript.moves[0].move == f"play {card}"
    assert transcript.moves[0].seat == 0


def test_a_document_round_trips_and_leads_to_the_same_position() -> None:
    game, transcript = played_game(8, 40)
    again = Transcript.from_json(transcript.to_json(), ends_at=game)
    assert again.moves == transcript.moves
    assert again.replay().to_json() == game.to_json()


def test_a_tampered_move_is_refused_naming_where() -> None:
    game, transcript = played_game(8, 30)
    doc = transcript.to_json()
    doc["moves"][12] = [doc["moves"][12][0], "play 13 13 13 13 13 13 13 13"]
    with pytest.raises(ValueError, match=r"moves\[12\]"):
        Transcript.from_json(doc)


def test_a_move_by_the_wrong_seat_is_refused() -> None:
    game, transcript = played_game(8, 5)
    doc = transcript.to_json()
    doc["moves"][0][0] = (doc["moves"][0][0] + 1) % 3
    with pytest.raises(ValueError, match=r"moves\[0\]"):
        Transcript.from_json(doc)


def test_a_transcript_that_leads_elsewhere_than_the_save_is_refused() -> None:
    game, transcript = played_game(8, 30)
    doc = transcript.to_json()
    doc["moves"] = doc["moves"][:-1]
    with pytest.raises(ValueError, match="does not lead"):
        Transcript.from_json(doc, ends_at=game)


@pytest.mark.parametrize("doc", [None, [], {"start": {}, "moves": []}, {"start": "x", "moves": []},
                                 {"moves": []}, {"start": {}, "moves": {}, "extra": 1}])
def test_malformed_documents_are_refused_with_a_reason(doc: object) -> None:
    with pytest.raises(ValueError):
        Transcript.from_json(doc)
