"""Views: what one seat may know — its hand, the table, the cards others are known to hold."""

from __future__ import annotations

import pytest
from helpers import position, push_all

from abluxxen import Game, IllegalMove, Rules
from abluxxen.engine.phase import Phase

X = 14


def test_view_shows_own_hand_and_only_sizes_of_others() -> None:
    game = position(hands=["9 9 2", "4 5", "7"], displays=[[], ["6 6"], []], pool="1 2 3 4 6 7",
                    deck="10 11")
    view = game.view(0)
    assert view.hand == (2, 9, 9) and view.hand_sizes == (3, 2, 1)
    assert view.displays == ((), ((6, 6),), ())
    assert view.pool == ((1,), (2,), (3,), (4,), (6,), (7,))
    assert view.deck_size == len(game.to_json()["deck"])
    doc = view.to_json()
    for key in ("seat", "rules", "names", "turn", "to_move", "over", "hand", "hand_sizes", "displays",
                "pool", "deck_size", "discard", "shadow", "removed", "pending"):
        assert key in doc
    assert doc["hand"] == ["2", "9", "9"] and "hands" not in doc and "deck" not in doc
    assert "10" not in str(doc["pending"]) and view.my_move and not game.view(1).my_move


def test_cards_taken_or_drawn_from_the_pool_become_known_deck_draws_do_not() -> None:
    game = position(hands=["9 9 2", "4", "4"], displays=[[], ["5 5"], []], pool="1 2 3 4 6 7",
                    deck="10 11")
    push_all(game, "play 9 9", "take")
    assert game.view(2).known[0] == (5, 5), "everyone saw the 5s taken"
    push_all(game, "draw deck")
    assert game.view(0).known[1] == (), "a card from the deck is secret"
    assert game.view(1).hand == (4, 10)
    push_all(game, "draw 6")
    assert game.view(2).known[1] == (6,)


def test_cards_taken_back_are_known_and_forgotten_once_played() -> None:
    game = position(hands=["9 2", "5 5 8", "4"], displays=[[], ["5"], []], pool="1 2 3 4 6 7")
    push_all(game, "play 9", "leave", "back")
    assert game.view(2).known[1] == (5,)
    game.push("play 5 5")
    # Ben held three 5s, one of them known: after playing two, nobody can be sure.
    assert game.view(2).known[1] == ()


def test_duel_jokers_dealt_to_each_player_are_known() -> None:
    game = Game.new(Rules(2), seed=5)
    assert game.view(0).known[1] == (X, X)
    assert game.view(1).known[0] == (X, X)


def test_views_compare_by_content() -> None:
    game = position(hands=["9 9 2", "4", "4"], pool="1 2 3 4 6 7")
    assert game.view(0) == game.copy().view(0)
    assert game.view(0) != game.view(1)
    assert hash(game.view(0)) == hash(game.copy().view(0))


def test_view_of_a_seat_that_does_not_exist() -> None:
    game = position(hands=["9 9 2", "4", "4"], pool="1 2 3 4 6 7")
    with pytest.raises(ValueError):
        game.view(3)


def test_view_stake_and_pending_decision() -> None:
    game = position(names=["Ann", "Ben", "Cy"], hands=["9 9 2", "4", "4"],
                    displays=[[], ["5 5"], ["3 3"]], pool="1 2 3 4 6 7")
    game.push("play 9 9")
    view = game.view(2)
    assert view.victim == 1 and view.stake() == (5, 5) and view.queue == (2,)
    assert view.played() == (9, 9) and view.to_move == 0
    assert view.legal_moves() == [] and game.view(0).legal_moves() == ["take", "leave"]
    push_all(game, "take")
    view = game.view(0)
    assert view.drawer == 1 and view.draws_left == 2 and view.phase == Phase.DRAW and view.phase.text == "draw"


@pytest.mark.parametrize("bad", [
    {"players": 6}, {"players": 1}, {"players": 3, "duel": True}, {"variant": "wild"},
    {"tiebreak": "coin"},
])
def test_bad_rules_are_refused_naming_the_field(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError) as caught:
        Rules(**bad)  # type: ignore[arg-type]
    field = "duel" if "duel" in bad else next(iter(bad))
    assert field in str(caught.value)


def test_rules_resolve_duel_and_are_hashable() -> None:
    assert Rules(2).is_duel and not Rules(2, duel=False).is_duel and not Rules(4).is_duel
    assert Rules(2, duel=None) == Rules(2, duel=True)
    assert len({Rules(3), Rules(3), Rules(3, "expert")}) == 2
    assert Rules(3).single_draw and not Rules(3, "advanced").single_draw
    assert Rules(3, "expert").ones_beat_top and not Rules(3, "advanced").ones_beat_top


def test_victims_of_a_play_from_public_information() -> None:
    from abluxxen.engine.view import Victims

    game = position(hands=["1 3", "5 5 9 9 X 1", "4 6"], turn=1, displays=[["2 2"], [], ["7 7"]],
                    pool="1 2 3 4 6 8")
    for seat in range(3):  # everybody can tell, not only the player
        view = game.view(seat)
        assert view.victims("play 5 5") == Victims(seats=(0,))
        assert view.victims("play 9 9") == Victims(seats=(2, 0))  # clockwise from Ben's left
        assert view.victims("play 5 X") == Victims(seats=(0,))
        assert not view.victims("play 9") and not view.victims("play 9 9 X")
    for move in ("play 5 5", "play 9 9", "play 9"):  # the engine agrees
        copy = game.copy()
        events = copy.push(move)
        expected = [e.other for e in events if e.kind == "abluxx"]
        assert list(game.view(1).victims(move).seats[:1]) == expected


def test_victims_include_the_shadow_and_the_experts_ones() -> None:
    from abluxxen.engine.view import Victims

    duel = position(hands=["5 5 8", "6 6"], players=2, duel=True, displays=[[], ["4 4"]], pool="1 2 3 4 6 7",
                    shadow="3 3 4 4 6 6 6 9 10 10 11 12 12")
    assert duel.view(0).victims("play 5 5") == Victims(seats=(1,), shadow=(3, 4))
    expert = position(hands=["1 1 2", "5 6", "7 8"], variant="expert", displays=[[], ["13 13"], ["X X"]],
                      pool="1 2 3 4 6 7")
    assert expert.view(0).victims("play 1 1") == Victims(seats=(1, 2))
    last = position(hands=["9 9", "5 6", "7 8"], displays=[[], ["2 2"], []], pool="1 2 3 4 6 7")
    assert not last.view(0).victims("play 9 9")  # the game ends before anybody is abluxxed
    with pytest.raises(IllegalMove):
        last.view(0).victims("take")
