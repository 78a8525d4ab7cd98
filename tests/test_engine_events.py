"""Events: what push reports, enough for a front end to narrate the game."""

from __future__ import annotations

from helpers import position, push_all

from abluxxen import Event

X = 14


def test_play_abluxx_take_draws_refill_turn() -> None:
    game = position(hands=["9 9 2", "4", "4"], displays=[[], ["5 X"], ["3 3"]],
                    pool="1 2 3 4 6 7", deck="10 11 12 13")
    assert game.push("play 9 9") == [
        Event("play", 0, cards=(9, 9)),
        Event("abluxx", 0, 1, (5, X)),
    ]
    assert game.push("take") == [Event("take", 0, 1, (5, X))]
    assert game.push("draw 6") == [Event("draw", 1, cards=(6,), source="pool")]
    # The pool is refilled once seat 1 is done; only then is the next victim announced.
    assert game.push("draw deck") == [
        Event("draw", 1, cards=(10,), source="deck"),
        Event("refill", cards=(11,), source="pool"),
        Event("abluxx", 0, 2, (3, 3)),
    ]
    events = game.push("leave")
    assert events == [Event("leave", 0, 2, (3, 3))]
    events = game.push("discard")
    assert events == [Event("discard", 2, 0, (3, 3))]
    events = push_all(game, "draw 1", "draw 11")
    assert events == [
        Event("draw", 2, cards=(1,), source="pool"),
        Event("draw", 2, cards=(11,), source="pool"),
        Event("refill", cards=(12, 13), source="pool"),
        Event("turn", 1),
    ]


def test_refill_lists_the_new_pool_cards_in_order() -> None:
    game = position(hands=["9 9 2", "4", "4"], displays=[[], ["5 5"], []],
                    pool="1 2 3 4 6 7", deck="10 11 12")
    push_all(game, "play 9 9", "take", "draw 1")
    events = game.push("draw 2")
    assert events == [
        Event("draw", 1, cards=(2,), source="pool"),
        Event("refill", cards=(10, 11), source="pool"),
        Event("turn", 1),
    ]


def test_leave_back_then_next_victim_then_turn() -> None:
    game = position(hands=["9 2", "4", "4"], displays=[[], ["5"], ["8"]], pool="1 2 3 4 6 7")
    events = game.push("play 9")
    assert [e.kind for e in events] == ["play", "abluxx"] and events[1].other == 1
    assert game.push("leave") == [Event("leave", 0, 1, (5,))]
    assert game.push("back") == [Event("back", 1, 0, (5,)), Event("abluxx", 0, 2, (8,))]
    assert push_all(game, "leave", "back") == [Event("leave", 0, 2, (8,)), Event("back", 2, 0, (8,)),
                                               Event("turn", 1)]


def test_a_deck_draw_is_hidden_from_everyone_but_the_drawer() -> None:
    game = position(hands=["9 2", "4", "4"], displays=[[], ["5"], []], pool="1 2 3 4 6 7",
                    deck="13 10")
    push_all(game, "play 9", "take")
    (draw, turn) = game.push("draw deck")
    assert draw.visible_to(1) == Event("draw", 1, cards=(13,), source="deck")
    for seat in (0, 2, None):
        seen = draw.visible_to(seat)
        assert seen.cards == () and seen.hidden == 1 and seen.source == "deck" and seen.seat == 1
    assert turn == Event("turn", 1)


def test_a_pool_draw_is_seen_by_everyone() -> None:
    game = position(hands=["9 2", "4", "4"], displays=[[], ["5"], []], pool="1 2 3 4 6 7")
    push_all(game, "play 9", "take")
    draw = game.push("draw 7")[0]
    for seat in (0, 1, 2, None):
        assert draw.visible_to(seat) == Event("draw", 1, cards=(7,), source="pool")


def test_single_draw_and_pass_events() -> None:
    game = position(hands=["9 2", "4 4", "4"], pool="1 2 3 4 6 7", deck="10")
    assert game.push("play 9") == [Event("play", 0, cards=(9,))]
    assert game.push("pass") == [Event("pass", 0), Event("turn", 1)]
    game.push("play 4")
    assert game.push("draw 3") == [Event("draw", 1, cards=(3,), source="pool"),
                                   Event("refill", cards=(10,), source="pool"), Event("turn", 2)]


def test_game_over_events_name_the_reason() -> None:
    game = position(hands=["9", "4", "4"], displays=[[], ["5"], []], pool="1 2 3 4 6 7")
    assert game.push("play 9") == [Event("play", 0, cards=(9,)), Event("game-over", 0, source="hand-empty")]
    game = position(hands=["9 2", "4", "4"], displays=[[], ["5"], []], pool="7", rest="discard")
    push_all(game, "play 9", "take")
    assert game.push("draw 7") == [Event("draw", 1, cards=(7,), source="pool"),
                                   Event("game-over", 1, source="exhausted")]


def test_duel_events_shadowluxx_refill_to_pool_removed() -> None:
    game = position(hands=["5 2", "4"], shadow="3 1 1 2 2 4 4 6 6 7 7 8 8",
                    pool=["4+13", "2", "7", "9", "5", "6"], deck="13 8")
    assert game.push("play 5") == [
        Event("play", 0, cards=(5,)),
        Event("shadowluxx", 0, cards=(3,)),
        Event("to-pool", cards=(13,), source="1"),
        Event("refill", cards=(8,), source="shadow"),
        Event("turn", 1),
    ]
    game = position(hands=["5 2", "4"], shadow="3 1 1 2 2 4 4 6 6 7 7 8 8",
                    pool=["1+13", "2+X", "3+13", "4+13", "5+X", "6+13"], deck="X 9")
    events = game.push("play 5")
    assert Event("removed", cards=(X,)) in events
    assert Event("refill", cards=(9,), source="shadow") in events


def test_events_survive_json() -> None:
    game = position(hands=["9 2", "4", "4"], displays=[[], ["5 X"], []], pool="1 2 3 4 6 7")
    events = push_all(game, "play 9", "pass")
    for event in events + [Event("draw", 1, cards=(3,), source="deck").visible_to(0)]:
        assert Event.from_json(event.to_json()) == event
