"""Illegal moves: each raises IllegalMove with a reason a player can read, and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from helpers import position, push_all

from abluxxen import Game, IllegalMove, Move

NAMES = ["Ann", "Ben", "Cy"]


def at_play() -> Game:
    """Ann to play; she holds two 9s, a 5 and a joker."""
    return position(names=NAMES, hands=["9 9 5 X", "4 4", "7"], displays=[[], ["6 6"], ["8"]],
                    pool="1 2 3 4 5 6", deck="10 11")


def at_take() -> Game:
    game = at_play()
    game.push("play 9 9")
    return game


def at_back() -> Game:
    game = at_take()
    game.push("leave")
    return game


def at_draw() -> Game:
    game = at_take()
    game.push("take")
    return game


def at_single_draw() -> Game:
    game = at_play()
    game.push("play 5")
    return game


def with_empty_deck() -> Game:
    game = position(names=NAMES, hands=["9 9 5", "4 4", "7"], displays=[[], ["6 6"], []],
                    pool="1 2 3 4 5 6", rest="discard")
    push_all(game, "play 9 9", "take")
    return game


def at_over() -> Game:
    game = position(names=NAMES, hands=["9", "4 4", "7"], pool="1 2 3 4 5 6")
    game.push("play 9")
    return game


def at_duel_draw() -> Game:
    """The duel: Ann played a 9 that abluxxed nobody and may draw one card of the pool (a group too)."""
    game = position(names=["Ann", "Ben"], hands=["9 2", "4"], displays=[[], ["5 5"]], pool="1 2 3+X 4 5 6")
    game.push("play 9")
    return game


def at_shadow_choice() -> Game:
    game = position(names=["Ann", "Ben"], hands=["9 2", "4"], shadow="5 6 7 7 1 1 2 2 3 3 8 8 10",
                    pool="1 2 3 4 5 6")
    game.push("play 9")
    return game


CASES: list[tuple[str, Callable[[], Game], Any, int | None, str]] = [
    # malformed
    ("empty", at_play, "", None, "empty move"),
    ("unknown word", at_play, "dance", None, "cannot read 'dance'"),
    ("play nothing", at_play, "play", None, "say which cards"),
    ("mixed set", at_play, "play 9 5", None, "5 and 9 differ"),
    ("unknown card", at_play, "play 14", None, "unknown card '14'"),
    ("words after take", at_take, "take them", None, "'take' takes nothing after it"),
    ("draw nothing", at_draw, "draw", None, "draw one card"),
    ("draw two", at_draw, "draw 1 2", None, "draw one card"),
    ("shadow no value", at_shadow_choice, "shadow", None, "say which shadow group"),
    ("not text", at_play, None, None, "a move is text"),
    # wrong seat
    ("Ben plays on Ann's turn", at_play, "play 4", 1, "it is Ann's decision, not yours"),
    ("Ann answers for Ben", at_back, "back", 0, "it is Ben's decision, not yours"),
    ("Ann draws for Ben", at_draw, "draw deck", 0, "it is Ben's decision, not yours"),
    # wrong phase
    ("take before playing", at_play, "take", None, "Ann must play cards now"),
    ("play twice", at_take, "play 5", None, "Ann must choose take or leave"),
    ("back instead of take", at_take, "back", None, "Ann must choose take or leave"),
    ("take instead of back", at_back, "take", None, "Ben must choose back or discard"),
    ("pass on a due draw", at_draw, "pass", None, "Ben must draw (2 draws left)"),
    ("draw during play", at_play, "draw deck", None, "Ann must play cards now"),
    ("shadow outside the duel", at_play, "shadow 5", None, "Ann must play cards now"),
    ("play after a single draw was offered", at_single_draw, "play 9", None, "may draw one card or pass"),
    ("game over", at_over, "play 4", None, "the game is over"),
    ("game over, draw", at_over, "draw deck", None, "the game is over"),
    # cards not held
    ("no 7", at_play, "play 7", None, "you hold no 7"),
    ("only two 9s", at_play, "play 9 9 9", None, "you hold only two 9s"),
    ("only one joker", at_play, "play X X", None, "you hold only one joker"),
    ("only one 5 with jokers", at_play, "play 5 5 X", None, "you hold only one 5"),
    # pool and deck
    ("no 8 in the pool", at_draw, "draw 8", None, "there is no 8 in the pool"),
    ("no joker in the pool", at_single_draw, "draw X", None, "there is no joker in the pool"),
    ("no group in the duel's pool", at_duel_draw, "draw 4+13", None, "there is no group 4+13 in the pool"),
    ("a group outside the duel", at_draw, "draw 4+13", None, "you draw one card, not a group"),
    ("empty deck", with_empty_deck, "draw deck", None, "the deck is empty"),
    # the shadow
    ("shadow group that does not qualify", at_shadow_choice, "shadow 7", None, "choose shadow 5, shadow 6"),
]


@pytest.mark.parametrize("name, make, move, seat, reason", CASES, ids=[c[0] for c in CASES])
def test_illegal_move_raises_readable_reason_and_changes_nothing(
        name: str, make: Callable[[], Game], move: Any, seat: int | None, reason: str) -> None:
    game = make()
    before = game.to_json()
    views = [game.view(s) for s in range(game.rules.players)]
    legal = game.legal_moves()
    with pytest.raises(IllegalMove) as caught:
        game.push(move, seat=seat)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert reason in message
    assert "\n" not in message and "Traceback" not in message
    assert game.to_json() == before
    assert [game.view(s) for s in range(game.rules.players)] == views
    assert game.legal_moves() == legal


def test_any_spelling_is_accepted_for_a_legal_move() -> None:
    for spelling in ("play X 9 9", "  PLAY 9 x 9 ", "play 9 9 X"):
        game = at_play()
        game.push(spelling, seat=0)
        assert game.to_json()["displays"][0] == [["9", "9", "X"]]


def test_the_right_seat_may_name_itself() -> None:
    game = at_back()
    game.push("discard", seat=1)
    assert game.to_json()["discard"] == ["6", "6"]


@pytest.mark.parametrize("move, reason", [
    (Move("play", ()), "say which cards"),
    (Move("play", (7, 9)), "7 and 9 differ"),
    (Move("play", (0,)), "unknown card"),
    (Move("shadow", ()), "not a move"),
    (Move("draw", (99,)), "not a move"),
    (Move("dance"), "cannot read 'dance'"),
])
def test_hand_built_move_objects_are_checked_like_text(move: Move, reason: str) -> None:
    game = position(hands=["9 9 7 7 2", "4", "4"], pool="1 2 3 4 5 6")
    before = game.to_json()
    with pytest.raises(IllegalMove, match=reason):
        game.push(move)
    assert game.to_json() == before
    game.push(Move("play", (7, 7)))
    assert game.to_json()["displays"][0] == [["7", "7"]]
