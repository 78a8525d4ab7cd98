"""A view refuses a move exactly as the game would: same verdict, key, params and words."""

from __future__ import annotations

import random

import pytest

from abluxxen import Game, IllegalMove, Rules
from abluxxen.engine.moves import Move
from abluxxen.engine.transcript import Transcript

# Moves worth trying in any position: right and wrong kinds, cards held and not.
_TRIES = ["take", "leave", "back", "discard", "pass", "draw deck", "draw 7", "draw X", "draw 4+13+X",
          "shadow 5", "shadow 13", "play 7", "play 7 7 X", "play X", "play X X X", "play 1", "play 13 13",
          "play 3 4", "play", "hop", "", "take 7", "play 14", 7, Move("play", (3, 9))]


def _verdict(act: object) -> tuple[str, str, dict[str, object]] | None:
    try:
        act()  # type: ignore[operator]
    except IllegalMove as err:
        return err.key, str(err), err.params
    return None


def _positions(rules: Rules, games: int) -> list[Game]:
    rng = random.Random(7)
    found = []
    for deal in range(games):
        game = Game.new(rules, seed=deal)
        while not game.is_over:
            if rng.random() < 0.15:
                found.append(game.copy())
            game.push(rng.choice(game.legal_moves()))
        found.append(game)
    return found


@pytest.mark.parametrize("rules", [Rules(4), Rules(2), Rules(3, variant="expert")], ids=str)
def test_a_view_gives_the_refusal_the_game_gives(rules: Rules) -> None:
    checked = refused = 0
    for game in _positions(rules, 12):
        for seat in range(rules.players):
            view = game.view(seat)
            for move in _TRIES + game.legal_moves():
                by_game = _verdict(lambda move=move, seat=seat, game=game: game.copy().push(move, seat=seat))
                by_view = _verdict(lambda move=move, view=view: view.check(move))
                assert by_view == by_game, (game, seat, move)
                checked += 1
                refused += by_game is not None
    # Both verdicts were exercised, many times over.
    assert refused > 1000 and checked - refused > 200


@pytest.mark.parametrize("rules", [Rules(4), Rules(2), Rules(3, variant="expert")], ids=str)
def test_a_move_judged_on_a_view_and_pushed_without_judging_plays_as_the_checked_push(rules: Rules) -> None:
    for game in _positions(rules, 6):
        if game.is_over:
            continue
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        judged = view.legal_judged()
        assert judged == game.legal_moves()  # the same moves, each its canonical text
        for move in judged:
            assert view.judged(str(move)) == move and view.judged(str(move)).code == move.code
            checked, fast = game.copy(), game.copy()
            events = Transcript.of(checked).push(checked, move, seat=seat)
            assert Transcript.of(fast).push_judged(fast, move) == events
            assert fast.to_json() == checked.to_json()
        for tried in _TRIES:  # a refusal is the check's
            assert _verdict(lambda tried=tried, view=view: view.judged(tried)) == \
                _verdict(lambda tried=tried, view=view: view.check(tried))
