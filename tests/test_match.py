"""Matches: several games, the starting player moving one seat each game, points adding up."""

from __future__ import annotations

import random

import pytest

from abluxxen import Game, Match, Rules


def finish(game: Game, rng: random.Random) -> list[int]:
    """Play random legal moves to the end; the final scores."""
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
    return game.scores()


@pytest.mark.parametrize("rules", [Rules(2), Rules(3), Rules(4, "advanced"), Rules(5, "expert")], ids=str)
def test_default_length_is_one_game_per_player_and_starting_player_rotates(rules: Rules) -> None:
    match = Match(rules, seed=4)
    rng = random.Random(4)
    starters = []
    expected_totals = [0] * rules.players
    while True:
        game = match.game
        starters.append(game.turn)
        assert game.phase_name == "play" and game.to_move == game.turn
        scores = finish(game, rng)
        expected_totals = [t + s for t, s in zip(expected_totals, scores, strict=True)]
        outcome = match.record()
        assert list(outcome.scores) == scores
        assert match.totals() == expected_totals
        if match.is_over:
            break
        match.next_game()
    assert starters == list(range(rules.players))
    assert match.number == rules.players - 1
    best = max(expected_totals)
    assert all(expected_totals[w] == best for w in match.winners())
    with pytest.raises(ValueError):
        match.next_game()


def test_first_player_and_length_can_be_chosen() -> None:
    match = Match(Rules(3), games=5, seed=8, first=2)
    rng = random.Random(8)
    starters = [match.game.turn]
    for _ in range(4):
        finish(match.game, rng)
        match.next_game()
        starters.append(match.game.turn)
    assert starters == [2, 0, 1, 2, 0]
    assert not match.is_over
    finish(match.game, rng)
    match.record()
    assert match.is_over and len(match.results) == 5


def test_next_game_only_after_the_current_one_ends() -> None:
    match = Match(Rules(3), seed=1)
    with pytest.raises(ValueError):
        match.next_game()
    with pytest.raises(ValueError):
        match.winners()


def test_recording_twice_books_the_game_once() -> None:
    match = Match(Rules(3), seed=2)
    scores = finish(match.game, random.Random(2))
    match.record()
    match.record()
    assert match.totals() == scores


def test_each_game_is_a_new_deal_and_names_carry_over() -> None:
    match = Match(Rules(3), seed=6, names=["Ann", "Ben", "Cy"])
    first_deal = match.game.to_json()["hands"]
    finish(match.game, random.Random(6))
    game = match.next_game()
    assert game.names == ["Ann", "Ben", "Cy"]
    assert game.to_json()["hands"] != first_deal
    assert sum(len(h) for h in game.to_json()["hands"]) == 39


def test_match_save_continues_identically() -> None:
    match = Match(Rules(3), seed=10)
    rng = random.Random(10)
    finish(match.game, rng)
    match.next_game()
    for _ in range(15):
        match.game.push(rng.choice(match.game.legal_moves()))
    restored = Match.from_json(match.to_json())
    assert restored.to_json() == match.to_json()
    assert restored.totals() == match.totals() and restored.number == match.number
    script = random.Random(3)
    while not match.is_over:
        while not match.game.is_over:
            move = script.choice(match.game.legal_moves())
            assert restored.game.push(move) == match.game.push(move)
        match.record()
        restored.record()
        assert restored.totals() == match.totals()
        if not match.is_over:
            assert restored.next_game().to_json() == match.next_game().to_json()
    assert restored.is_over and restored.winners() == match.winners()


def _booked_match(tiebreak: str) -> Match:
    """A match of two games already played: totals tie at 3 for every seat."""
    match = Match(Rules(3, tiebreak=tiebreak), games=2, seed=1)
    finish(match.game, random.Random(1))  # the second game, booked below, is over
    doc = match.to_json()
    doc["started"] = 2
    doc["results"] = [
        {"reason": "hand-empty", "seat": 2, "scores": [3, 1, 3], "hand_sizes": [1, 5, 0], "winners": [2]},
        {"reason": "exhausted", "seat": 1, "scores": [0, 2, 0], "hand_sizes": [2, 0, 4], "winners": [1]},
    ]
    return Match.from_json(doc)


def test_match_winners_tie_broken_by_fewest_hand_cards_over_the_games() -> None:
    match = _booked_match("fewest-hand")
    assert match.is_over and match.totals() == [3, 3, 3]
    assert match.winners() == [0], "3 hand cards in all, against 5 and 4"


def test_match_winners_shared_tie() -> None:
    assert _booked_match("shared").winners() == [0, 1, 2]


def test_bad_match_documents_are_rejected() -> None:
    with pytest.raises(ValueError):
        Match.from_json({"format": "nonsense"})
    with pytest.raises(ValueError):
        Match.from_json({"format": "abluxxen-match/1", "game": None})
    with pytest.raises(ValueError):
        Match(Rules(3), games=0)
