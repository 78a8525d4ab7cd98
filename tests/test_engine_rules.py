"""Each ruling of RULINGS.md (base game, variants, end and scoring) as an edge case."""

from __future__ import annotations

import random

import pytest
from helpers import deck_of, display_of, hand_of, kinds, pool_of, position, push_all

from abluxxen import Event, Game, Rules


def victims(events: list[Event]) -> list[int | None]:
    return [e.other for e in events if e.kind == "abluxx"]


def attack_seat_1(top: str, play: str, *, variant: str = "base", hand_extra: str = "2") -> tuple[Game, list[Event]]:
    """Three players; seat 0 plays ``play`` against seat 1's top layer ``top``."""
    game = position(variant=variant, hands=[f"{play} {hand_extra}", "8", "8"],
                    displays=[[], [top], []], pool="2 3 4 5 6 7")
    return game, game.push(f"play {play}")


# -- what abluxxes what ---------------------------------------------------------

@pytest.mark.parametrize("top, play, abluxxed", [
    ("13", "X", True),            # a lone joker ranks above 13
    ("13 13", "X X", True),       # two jokers abluxx two 13s
    ("X", "13", False),           # a lone joker can't be abluxxed ...
    ("X X", "X X", False),        # ... not even by lone jokers
    ("13 13", "X", False),        # same number of cards needed
    ("5 5", "6 X", True),         # a joker joining a 6 is a 6: two 6s
    ("7 7", "6 X", False),        # ... and so not higher than 7s
    ("5 5", "5 X", False),        # equal value never abluxxes
    ("9", "9", False),
    ("6 6 6 X", "7 7 7 7", True),  # three 6s and a joker are four 6s
    ("6 6 6 X", "X X X X", True),
    ("4 4 4", "5 5", False),
])
def test_abluxx_needs_same_size_and_higher_value(top: str, play: str, abluxxed: bool) -> None:
    game, events = attack_seat_1(top, play)
    assert victims(events) == ([1] if abluxxed else [])
    if not abluxxed:
        assert display_of(game, 1) == [top.split()]


@pytest.mark.parametrize("variant, top, play, abluxxed", [
    ("expert", "13", "1", True),
    ("expert", "X", "1", True),            # 1s abluxx lone jokers in the expert variant
    ("expert", "X X", "1 X", True),        # 1s and jokers together count as 1s
    ("expert", "13 13 13", "1 1 1", True),
    ("expert", "13 13", "1", False),       # still the same number of cards
    ("expert", "12", "1", False),          # only 13s and lone jokers
    ("expert", "1 1", "2 2", True),        # 1s are still beaten by anything higher
    ("expert", "1", "X", True),
    ("advanced", "13", "1", False),        # not in the advanced variant
    ("advanced", "X", "1", False),
    ("base", "13 13", "1 1", False),
])
def test_expert_ones_beat_13s_and_lone_jokers(variant: str, top: str, play: str, abluxxed: bool) -> None:
    _, events = attack_seat_1(top, play, variant=variant)
    assert victims(events) == ([1] if abluxxed else [])


def test_jokers_joining_a_set_form_one_layer_of_its_value() -> None:
    game = position(hands=["6 6 6 X 2", "7 7 7 7 3", "8"], displays=[[], [], []], pool="2 3 4 5 6 8")
    game.push("play 6 6 6 X")
    assert display_of(game, 0) == [["6", "6", "6", "X"]]
    game.push("pass")
    events = game.push("play 7 7 7 7")
    assert victims(events) == [0], "three 6s and a joker are four 6s, lower than four 7s"


def test_lone_jokers_abluxxed_by_four_7s_is_impossible() -> None:
    game = position(hands=["9", "7 7 7 7 3", "8"], displays=[["X X X X"], [], []],
                    pool="2 3 4 5 6 8", turn=1)
    events = game.push("play 7 7 7 7")
    assert victims(events) == []
    assert display_of(game, 0) == [["X", "X", "X", "X"]]


# -- order, once per victim, mandatory --------------------------------------------

def test_victims_clockwise_from_left_neighbour_each_resolved_fully() -> None:
    game = position(turn=2, hands=["3", "3", "9 2", "3"],
                    displays=[["4"], ["5"], [], ["6"]], pool="1 2 3 4 5 6", deck="10 11 12 13")
    events = game.push("play 9")
    assert victims(events) == [3], "the left neighbour comes first"
    assert game.view(2).queue == (0, 1)
    game.push("take")
    # Seat 3 draws before seat 0 is dealt with.
    assert game.to_move == 3 and game.phase_name == "draw"
    events = game.push("draw deck")
    assert victims(events) == [0]
    assert hand_of(game, 3) == ["3", "10"]
    events = push_all(game, "leave", "back")
    assert victims(events) == [1]
    push_all(game, "leave", "discard", "draw 1")
    assert hand_of(game, 2) == ["2", "6"]
    assert hand_of(game, 0) == ["3", "4"]
    assert game.to_json()["discard"] == ["5"]
    assert game.turn == 3


def test_each_victim_once_uncovered_layer_not_compared_again_this_turn() -> None:
    game = position(hands=["12 12 3", "4", "4"], displays=[[], ["9 9", "10 10"], []],
                    pool="1 2 3 4 5 6")
    events = push_all(game, "play 12 12", "leave", "back")
    assert victims(events) == [1]
    assert display_of(game, 1) == [["9", "9"]], "the uncovered 9s stay this turn"
    assert game.turn == 1


def test_uncovered_layer_can_be_abluxxed_on_a_later_turn() -> None:
    game = position(hands=["12 12 3", "11 11 7", "4"], displays=[[], [], ["9 9", "10 10"]],
                    pool="1 2 3 4 5 6")
    push_all(game, "play 12 12", "leave", "back")
    assert game.turn == 1
    events = game.push("play 11 11")
    assert victims(events) == [2]
    assert game.view(1).stake() == (9, 9)


def test_abluxx_is_mandatory() -> None:
    game = position(hands=["9 9 2", "4", "4"], displays=[[], ["5 5"], []], pool="1 2 3 4 5 6")
    game.push("play 9 9")
    assert game.legal_moves() == ["take", "leave"]
    push_all(game, "leave")
    assert game.legal_moves() == ["back", "discard"], "the cards never stay in the display"


# -- take, leave, back, discard ----------------------------------------------------

def test_take_gives_attacker_the_cards_and_victim_draws_as_many() -> None:
    game = position(hands=["9 9 9 2", "4", "4"], displays=[[], ["1", "5 5 X"], []],
                    pool="1 2 3 4 6 7", deck="10 11 12")
    push_all(game, "play 9 9 9", "take")
    assert hand_of(game, 0) == ["2", "5", "5", "X"]
    assert display_of(game, 1) == [["1"]]
    assert game.to_move == 1 and game.view(1).draws_left == 3
    push_all(game, "draw deck", "draw deck", "draw 7")
    assert hand_of(game, 1) == ["4", "7", "10", "11"]
    assert game.turn == 1 and game.phase_name == "play"


def test_leave_then_back_returns_cards_without_draw() -> None:
    game = position(hands=["9 9 9 2", "4", "4"], displays=[[], ["5 5 X"], []],
                    pool="1 2 3 4 6 7", deck="10 11 12")
    push_all(game, "play 9 9 9", "leave", "back")
    assert hand_of(game, 1) == ["4", "5", "5", "X"]
    assert hand_of(game, 0) == ["2"]
    assert deck_of(game)[:3] == ["10", "11", "12"] and pool_of(game) == ["1", "2", "3", "4", "6", "7"]
    assert game.turn == 1


def test_leave_then_discard_puts_cards_on_discard_pile_and_victim_draws_as_many() -> None:
    game = position(hands=["9 9 9 2", "4", "4"], displays=[[], ["5 5 X"], []],
                    pool="1 2 3 4 6 7", deck="10 11 12")
    push_all(game, "play 9 9 9", "leave", "discard")
    assert game.to_json()["discard"] == ["5", "5", "X"]
    assert game.view(1).draws_left == 3 and game.to_move == 1
    push_all(game, "draw 6", "draw 1", "draw deck")
    assert hand_of(game, 1) == ["1", "4", "6", "10"]


# -- drawing and the pool ---------------------------------------------------------

def test_pool_refilled_only_after_all_draws_and_drawer_sees_it_shrink() -> None:
    game = position(hands=["9 9 2", "4", "4"], displays=[[], ["5 5"], []],
                    pool="1 2 3 4 6 7", deck="10 11 12")
    push_all(game, "play 9 9", "take", "draw 3")
    assert game.view(1).pool == ((1,), (2,), (4,), (6,), (7,))
    assert game.legal_moves() == ["draw deck", "draw 1", "draw 2", "draw 4", "draw 6", "draw 7"]
    game.push("draw 6")
    assert pool_of(game) == ["1", "2", "4", "7", "10", "11"]


def test_no_refill_from_an_empty_deck_the_pool_shrinks() -> None:
    game = position(hands=["9 9 2", "4", "4"], displays=[[], ["5 5"], []],
                    pool="1 2 3 4 6 7", rest="discard")
    assert deck_of(game) == []
    push_all(game, "play 9 9", "take")
    assert game.legal_moves() == ["draw 1", "draw 2", "draw 3", "draw 4", "draw 6", "draw 7"]
    push_all(game, "draw 3", "draw 7")
    assert pool_of(game) == ["1", "2", "4", "6"]
    assert not game.is_over and game.turn == 1


def test_draws_stop_when_deck_and_pool_run_out_midway() -> None:
    game = position(hands=["9 9 9 2", "4", "4"], displays=[[], ["5 5 5"], []],
                    pool="1 6", deck="10", rest="discard")
    push_all(game, "play 9 9 9", "take", "draw deck")
    assert not game.is_over
    events = game.push("draw 1")
    assert not game.is_over, "the pool still holds a 6"
    events = game.push("draw 6")
    assert game.is_over and game.to_move is None and game.legal_moves() == []
    assert kinds(events) == ["draw", "game-over"]
    assert events[-1].source == "exhausted" and events[-1].seat == 1
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "exhausted"


def test_game_ends_mid_draw_with_remaining_draws_not_made() -> None:
    game = position(hands=["9 9 9 2", "4", "4"], displays=[[], ["5 5 5"], []],
                    pool="1", deck="10", rest="discard")
    push_all(game, "play 9 9 9", "take", "draw 1", "draw deck")
    assert game.is_over
    assert hand_of(game, 1) == ["1", "4", "10"], "the third draw is never made"
    assert game.scores() == [3 - 4, -3, -1]


# -- single draw after a turn without abluxx ---------------------------------------

def single_draw_position(variant: str) -> Game:
    return position(variant=variant, hands=["9 2", "4", "4"], displays=[[], ["5 5"], []],
                    pool="1 2 3 4 6 7", deck="10 11")


def test_base_single_draw_from_deck() -> None:
    game = single_draw_position("base")
    game.push("play 9")
    assert game.to_move == 0 and game.phase_name == "single-draw"
    assert game.legal_moves() == ["draw deck", "draw 1", "draw 2", "draw 3", "draw 4", "draw 6",
                                  "draw 7", "pass"]
    game.push("draw deck")
    assert hand_of(game, 0) == ["2", "10"]
    assert game.turn == 1 and game.phase_name == "play"


def test_base_single_draw_from_pool_then_refill() -> None:
    game = single_draw_position("base")
    push_all(game, "play 9", "draw 6")
    assert hand_of(game, 0) == ["2", "6"]
    assert pool_of(game) == ["1", "2", "3", "4", "7", "10"]
    assert game.turn == 1


def test_base_single_draw_pass() -> None:
    game = single_draw_position("base")
    push_all(game, "play 9", "pass")
    assert hand_of(game, 0) == ["2"]
    assert pool_of(game) == ["1", "2", "3", "4", "6", "7"]
    assert game.turn == 1


@pytest.mark.parametrize("variant", ["advanced", "expert"])
def test_no_single_draw_in_advanced_and_expert(variant: str) -> None:
    game = single_draw_position(variant)
    events = game.push("play 9")
    assert kinds(events) == ["play", "turn"]
    assert game.turn == 1 and game.phase_name == "play"
    assert hand_of(game, 0) == ["2"]


def test_single_draw_not_offered_after_an_abluxx_left_and_taken_back() -> None:
    game = position(hands=["9 2", "4", "4"], displays=[[], ["5"], []], pool="1 2 3 4 6 7")
    push_all(game, "play 9", "leave", "back")
    assert game.turn == 1 and game.phase_name == "play"


def test_single_draw_of_the_last_card_ends_the_game() -> None:
    game = position(hands=["9 2", "4", "4"], pool="7", rest="discard")
    events = push_all(game, "play 9", "draw 7")
    assert game.is_over and events[-1].kind == "game-over" and events[-1].source == "exhausted"


# -- the end of the game ----------------------------------------------------------

def test_last_card_ends_the_game_at_once_without_abluxx() -> None:
    game = position(hands=["9", "4 4", "4"], displays=[[], ["5"], ["7"]], pool="1 2 3 4 6 7")
    events = game.push("play 9")
    assert kinds(events) == ["play", "game-over"]
    assert events[-1].source == "hand-empty" and events[-1].seat == 0
    assert display_of(game, 1) == [["5"]] and display_of(game, 2) == [["7"]]
    assert game.is_over and game.legal_moves() == []
    assert game.scores() == [1, -1, 0]
    assert game.winners() == [0]


def test_scores_count_cards_not_values() -> None:
    game = position(hands=["2 2", "13 13 13", "4"], displays=[["X X", "13"], ["1"], []],
                    pool="1 2 3 4 6 7")
    assert game.scores() == [3 - 2, 1 - 3, -1]
    with pytest.raises(ValueError):
        game.winners()


def tie_position(tiebreak: str) -> Game:
    # Seat 0's play of its last card ends the game: seats 0 and 1 both score 2.
    return position(tiebreak=tiebreak, hands=["9", "4", "4 4 4 4"],
                    displays=[["6"], ["7 7 7"], ["8"]], pool="1 2 3 4 5 6")


def test_tiebreak_fewest_hand_cards() -> None:
    game = tie_position("fewest-hand")
    game.push("play 9")
    assert game.scores() == [2, 2, -3]
    assert game.winners() == [0]
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.hand_sizes[0] < outcome.hand_sizes[1]


def test_tiebreak_shared() -> None:
    game = tie_position("shared")
    game.push("play 9")
    assert game.winners() == [0, 1]
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0, 1)


def test_tiebreak_fewest_hand_decides_equal_scores_after_exhaustion() -> None:
    game = position(hands=["9 9 9 2 2", "4", "4"], displays=[["1 1"], ["5 5 5"], ["6 6 6", "6"]],
                    pool="1", rest="discard")
    push_all(game, "play 9 9 9", "leave", "discard", "draw 1")
    # Seat 0: 5 shown, 2 held; seat 1: none shown, 2 held; seat 2: 4 shown, 1 held.
    assert game.is_over and game.scores() == [3, -2, 3]
    assert game.winners() == [2]


def test_tiebreak_fewest_hand_still_tied_all_win() -> None:
    game = position(hands=["9 9 9 2", "4", "4"], displays=[["1 1"], ["5 5 5"], ["6 6 6", "6 6"]],
                    pool="1", rest="discard")
    push_all(game, "play 9 9 9", "leave", "discard", "draw 1")
    assert game.scores() == [4, -2, 4]
    assert game.winners() == [0, 2], "equal hands too: both win"


# -- setup ----------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_thirteen_each_pool_six_rest_is_the_deck(players: int) -> None:
    game = Game.new(Rules(players), seed=21, first=players - 1)
    doc = game.to_json()
    assert [len(h) for h in doc["hands"]] == [13] * players
    assert len(doc["pool"]) == 6 and all("+" not in slot for slot in doc["pool"])
    assert len(doc["deck"]) == 109 - 13 * players - 6
    assert doc["shadow"] == [] and doc["discard"] == [] and doc["displays"] == [[]] * players
    assert game.turn == players - 1 and game.to_move == players - 1 and game.phase_name == "play"
    assert Game.new(Rules(players), seed=21, first=players - 1).to_json() == doc
    assert Game.new(Rules(players), seed=22).to_json()["hands"] != doc["hands"]


@pytest.mark.parametrize("rules", [Rules(4), Rules(2), Rules(5, variant="expert")], ids=["4p", "duel", "5p"])
def test_a_seed_deals_what_random_shuffles_so_old_seeds_deal_as_they_always_did(rules: Rules) -> None:
    # The engine shuffles without random.shuffle's call per card; a seed a
    # player noted (or a record holds) must still give the same deal.
    from abluxxen.engine.cards import full_deck

    deck = full_deck()[:-4] if rules.is_duel else full_deck()
    dealt = 11 if rules.is_duel else 13
    for seed in range(300):
        cards = list(deck)
        random.Random(seed).shuffle(cards)
        game = Game.new(rules, seed=seed)
        expected = [sorted(cards[s * dealt:(s + 1) * dealt]) for s in range(rules.players)]
        if rules.is_duel:
            expected = [sorted(h + [14, 14]) for h in expected]
        assert [game.hand(s) for s in range(rules.players)] == expected, seed
        rest = cards[rules.players * dealt:]
        # The deck keeps the shuffled order (its top is its last card).
        assert game.deck[::-1] == rest[len(rest) - len(game.deck):], seed
        if not rules.is_duel:
            assert [slot[0] for slot in game.pool] == rest[:6], seed
