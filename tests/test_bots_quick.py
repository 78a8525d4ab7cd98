"""The hard bot's rollout policy plays like a sensible player, or its search misjudges every move."""

from __future__ import annotations

import random

from conftest import position, push_all, take_position

from abluxxen import Game
from abluxxen.bots.quick import quick_action


def _choices(game: Game, seeds: int = 8) -> set[str]:
    """Every move the policy picks here over a few random seeds."""
    return {game.action_text(quick_action(game, random.Random(s))) for s in range(seeds)}


def test_rollouts_take_abluxxed_cards_that_fit_and_leave_the_rest() -> None:
    assert _choices(take_position("9 9 5 5 5 11 12 13 2 3 4")) == {"take"}
    assert _choices(take_position("9 9 1 3 7 11 12 13 2 4 X")) == {"leave"}


def test_rollouts_end_the_game_only_when_that_wins() -> None:
    ahead = position(hands=["7 7 7", "1 2 3 4 5", "1 2 3 4 6"], displays=[["8 8"], ["9"], ["10"]],
                     pool="1 2 3 4 5 6")
    assert _choices(ahead) == {"play 7 7 7"}
    behind = position(hands=["7 7 7", "1", "2"], displays=[["8"], ["9 9 9 9 9 9"], ["10 10 10 10 10 10"]],
                      pool="1 2 3 4 5 6")
    assert _choices(behind) <= {"play 7", "play 7 7"}


def test_rollouts_use_a_joker_to_win_an_abluxx_fight() -> None:
    game = position(hands=["10 10 X 2 3 5 6 8 11 12 13", "1 2 3 4 5 6 7 8 11 12", "1 2 3 4 5 6 7 8 9 11"],
                    displays=[[], ["9 9 9"], []], pool="1 2 3 4 5 6")
    assert _choices(game) == {"play 10 10 X"}


def test_rollouts_draw_the_pool_card_that_grows_a_set() -> None:
    game = position(hands=["8 8 8 2 4 6 11", "1 2 3 4 5 6 7 9 10 12", "1 2 3 4 5 6 7 9 10 11"],
                    displays=[[], [], []], pool="1 3 8 10 12 13")
    push_all(game, "play 2")
    assert game.phase_name == "single-draw"
    assert _choices(game) == {"draw 8"}
