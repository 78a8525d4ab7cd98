"""The hard bot's rollout policy plays like a sensible player, or its search misjudges every move."""

from __future__ import annotations

import random

from helpers import ending_position, joker_fight_position, pair_take_position, single_draw_position, take_position

from abluxxen import Game
from abluxxen.bots.quick import quick_action


def _choices(game: Game, seeds: int = 8) -> set[str]:
    """Every move the policy picks here over a few random seeds."""
    return {game.action_text(quick_action(game, random.Random(s))) for s in range(seeds)}


def test_rollouts_take_abluxxed_cards_that_fit_and_leave_the_rest() -> None:
    assert _choices(take_position("9 9 5 5 5 11 12 13 2 3 4")) == {"take"}
    assert _choices(take_position("9 9 1 3 7 11 12 13 2 4 X")) == {"leave"}


def test_rollouts_end_the_game_only_when_that_wins() -> None:
    assert _choices(ending_position(ahead=True)) == {"play 7 7 7"}
    assert _choices(ending_position(ahead=False)) <= {"play 7", "play 7 7"}


def test_rollouts_use_a_joker_to_win_an_abluxx_fight() -> None:
    assert _choices(joker_fight_position()) == {"play 10 10 X"}


def test_rollouts_draw_the_pool_card_that_grows_a_set() -> None:
    assert _choices(single_draw_position()) == {"draw 8"}


def test_in_the_duel_rollouts_take_an_abluxxed_pair_they_leave_with_more_players() -> None:
    # In duels the hard bot's own search takes such layers (docs/bots.md), and its rollouts
    # follow it there; with more players it leaves them, and so do they.
    assert _choices(pair_take_position(3)) == {"leave"}
    assert _choices(pair_take_position(2)) == {"take"}
