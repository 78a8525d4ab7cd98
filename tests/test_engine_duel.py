"""The duel: the shadow display, pool groups, and how they meet the base rules."""

from __future__ import annotations

import pytest
from helpers import FULL_DECK, all_cards, deck_of, display_of, hand_of, kinds, pool_of, position, push_all

from abluxxen import Game, IllegalMove, Rules

# 13 cards, no 13s or jokers; no single below 9 and no pair below 9, so "play 9" and
# "play 9 9" leave this shadow alone.
SHADOW = "1 1 1 2 2 2 3 3 3 10 11 12 12"


def shadow_of(game: Game) -> list[str]:
    return list(game.to_json()["shadow"])


@pytest.mark.parametrize("seed", range(12))
def test_duel_deal_two_jokers_eleven_cards_pool_six_shadow_thirteen(seed: int) -> None:
    game = Game.new(Rules(2), seed=seed)
    doc = game.to_json()
    assert all_cards(game) == FULL_DECK
    for hand in doc["hands"]:
        assert len(hand) == 13 and hand.count("X") >= 2
    assert len(doc["pool"]) == 6
    assert len(doc["shadow"]) == 13 and not {"13", "X"} & set(doc["shadow"])
    # 13s and jokers turned up for the shadow lie on the lowest single pool cards.
    slots = [slot.split("+") for slot in doc["pool"]]
    for i, slot in enumerate(slots):
        if len(slot) > 1:
            assert all(c in ("13", "X") for c in slot[1:])
            for j, other in enumerate(slots):
                if len(other) == 1:
                    base, single = _value(slot[0]), _value(other[0])
                    assert base < single or (base == single and j > i)
    assert game.turn == 0 and game.phase_name == "play"


def _value(tok: str) -> int:
    return 14 if tok == "X" else int(tok)


def test_same_seed_same_deal_and_plain_two_player_game_has_no_shadow() -> None:
    assert Game.new(Rules(2), seed=7).to_json() == Game.new(Rules(2), seed=7).to_json()
    plain = Game.new(Rules(2, duel=False), seed=7)
    doc = plain.to_json()
    assert doc["shadow"] == [] and all("+" not in slot for slot in doc["pool"])
    assert [len(h) for h in doc["hands"]] == [13, 13]
    assert len(doc["deck"]) == 109 - 26 - 6


def test_shadow_first_then_the_opponent() -> None:
    game = position(hands=["9 9 3", "4"], displays=[[], ["5 5"]], shadow="6 6 1 1 1 2 3 4 7 8 10 11 12",
                    pool="1 2 3 4 5 6", deck="2 7")
    events = game.push("play 9 9")
    assert kinds(events) == ["play", "shadowluxx", "refill", "abluxx"]
    assert events[1].cards == (6, 6) and events[3].other == 1
    assert hand_of(game, 0) == ["3", "6", "6"], "shadow cards always go to the attacker's hand"
    assert shadow_of(game) == ["1", "1", "1", "2", "2", "3", "4", "7", "7", "8", "10", "11", "12"]
    assert game.legal_moves() == ["take", "leave"]


def test_several_shadow_groups_qualify_attacker_chooses_one() -> None:
    game = position(hands=["9 3", "4"], displays=[[], ["4"]], shadow="5 6 7 7 1 1 2 2 3 3 8 8 10",
                    pool="1 2 3 4 5 6", deck="12 11")
    events = game.push("play 9")
    assert kinds(events) == ["play"]
    assert game.phase_name == "shadow" and game.to_move == 0
    assert game.legal_moves() == ["shadow 5", "shadow 6"]
    with pytest.raises(IllegalMove):
        game.push("shadow 7")
    events = game.push("shadow 6")
    assert kinds(events) == ["shadowluxx", "refill", "abluxx"]
    assert hand_of(game, 0) == ["3", "6"]
    assert "5" in shadow_of(game) and "12" in shadow_of(game)


def test_one_qualifying_group_needs_no_choice() -> None:
    game = position(hands=["9 3", "4"], shadow="5 7 7 1 1 2 2 3 3 8 8 10 10", pool="1 2 3 4 5 6")
    game.push("play 9")
    assert game.phase_name == "play" and game.turn == 1
    assert hand_of(game, 0) == ["3", "5"]


@pytest.mark.parametrize("play, taken", [
    ("9 9", None),          # the 5s are three, the 9s are equal
    ("10 10", "9 9"),
    ("8 8 8", "5 5 5"),
    ("X X X", "5 5 5"),     # lone jokers outrank every group
    ("5 X X", None),        # three 5s against three 5s: equal
    ("6 6", None),          # two of the three 5s: parts of a group can't be taken
    ("8 8 8 8", None),      # the groups of four are higher
])
def test_shadow_group_needs_exact_size_and_lower_value(play: str, taken: str | None) -> None:
    game = position(hands=[f"{play} 2", "4"], shadow="5 5 5 9 9 10 10 10 10 11 11 11 11",
                    pool="1 2 3 4 6 7")
    events = game.push(f"play {play}")
    luxxed = [" ".join(str(c) for c in e.cards) for e in events if e.kind == "shadowluxx"]
    assert luxxed == ([taken] if taken else [])
    if taken is None:
        assert game.phase_name == "single-draw", "no abluxx at all: the single draw"
    else:
        assert game.phase_name == "play" and game.turn == 1, "a shadowluxx counts as an abluxx"


def test_shadowluxx_costs_no_draws_and_refills_shadow_at_once() -> None:
    game = position(hands=["9 9 2", "4"], shadow="5 5 1 1 1 3 3 3 10 11 12 12 12",
                    pool="1 2 3 4 6 7", deck="12 10 8 8")
    game.push("play 9 9")
    assert hand_of(game, 1) == ["4"]
    assert deck_of(game)[:2] == ["8", "8"], "only the shadow's two new cards left the deck"
    assert len(shadow_of(game)) == 13 and "12" in shadow_of(game)
    assert pool_of(game) == ["1", "2", "3", "4", "6", "7"]


def test_shadowluxx_once_per_turn_new_shadow_cards_not_compared() -> None:
    game = position(hands=["9 2", "4"], shadow="5 1 1 2 2 3 3 7 7 8 8 10 10", pool="1 2 3 4 6 7",
                    deck="6")
    game.push("play 9")
    assert hand_of(game, 0) == ["2", "5"]
    assert "6" in shadow_of(game), "the refilled 6 is not abluxxed this turn"
    assert game.turn == 1


def test_shadow_refill_puts_13s_and_jokers_on_lowest_single_pool_card() -> None:
    game = position(hands=["5 2", "4"], shadow="3 1 1 2 2 4 4 6 6 7 7 8 8",
                    pool=["4+13", "2", "7", "2", "5", "9"], deck="13 X 8 X")
    events = game.push("play 5")
    assert pool_of(game) == ["4+13", "2+13", "7", "2+X", "5", "9"], "leftmost of the two 2s first"
    assert "8" in shadow_of(game) and len(shadow_of(game)) == 13
    assert deck_of(game)[0] == "X"
    assert kinds(events) == ["play", "shadowluxx", "to-pool", "to-pool", "refill", "turn"]


def test_shadow_refill_removes_13_or_joker_when_no_single_pool_card() -> None:
    game = position(hands=["5 2", "4"], shadow="3 1 1 2 2 4 4 6 6 7 7 8 8",
                    pool=["1+13", "2+X", "3+13", "4+13", "5+X", "6+13"], deck="X 9")
    events = game.push("play 5")
    assert game.to_json()["removed"] == ["X"]
    assert "9" in shadow_of(game)
    assert "removed" in kinds(events)
    assert all_cards(game) == FULL_DECK


def test_pool_refill_puts_13s_and_jokers_into_the_pool_normally() -> None:
    game = position(hands=["9 2", "4"], displays=[[], ["5"]], shadow=SHADOW,
                    pool="1 2 3 4 6 7", deck="13 X 9")
    push_all(game, "play 9", "take", "draw 6")
    assert pool_of(game) == ["1", "2", "3", "4", "7", "13"]
    assert deck_of(game)[:2] == ["X", "9"]


def test_a_pool_group_costs_one_draw_and_all_its_cards_go_to_hand() -> None:
    game = position(hands=["9 9 2", "4"], displays=[[], ["6 6"]], shadow=SHADOW,
                    pool=["4+13+X", "2", "3", "5", "6", "9"], deck="10 11 12")
    push_all(game, "play 9 9", "take")
    assert "draw 4+13+X" in game.legal_moves() and "draw 4" not in game.legal_moves()
    game.push("draw 4+13+X")
    assert hand_of(game, 1) == ["4", "4", "13", "X"]
    assert game.view(1).draws_left == 1, "a group counts as one card"
    game.push("draw 2")
    assert pool_of(game) == ["3", "5", "6", "9", "10", "11"]
    assert game.turn == 1


def test_shadow_does_not_count_as_pool_for_the_game_end() -> None:
    game = position(hands=["9 9 2", "4"], displays=[[], ["6 6"]], shadow=SHADOW,
                    pool="3 5", rest="discard")
    push_all(game, "play 9 9", "take", "draw 3")
    assert not game.is_over
    events = game.push("draw 5")
    assert game.is_over and events[-1].source == "exhausted"
    assert len(shadow_of(game)) == 13


def test_shadow_refill_emptying_the_deck_does_not_end_the_game() -> None:
    game = position(hands=["9 9 2", "4"], shadow="5 5 1 1 1 3 3 3 10 11 12 12 12", pool="1 2 3 4 6 7",
                    deck="12", rest="discard")
    game.push("play 9 9")
    assert deck_of(game) == [] and len(shadow_of(game)) == 12
    assert not game.is_over and game.turn == 1


def test_last_card_in_the_duel_ends_the_game_without_shadowluxx() -> None:
    game = position(hands=["9", "4"], displays=[[], ["5"]], shadow="5 1 1 2 3 3 4 6 7 8 10 11 12",
                    pool="1 2 3 4 6 7")
    events = game.push("play 9")
    assert kinds(events) == ["play", "game-over"]
    assert "5" in shadow_of(game) and display_of(game, 1) == [["5"]]
    assert game.winners() == [0]


def test_a_shadow_the_deck_could_not_refill_stays_short_for_the_rest_of_the_game() -> None:
    # docs/rules.md, "Duel: shadowluxx": one 12 left in the deck when Ann shadowluxxes the 5 5.
    game = position(hands=["9 9 6 6 6 2", "4 8 7"], shadow="5 5 1 1 1 3 3 3 10 11 12 12 12",
                    pool="1 2 3 4 6 7", deck="12", rest="discard")
    game.push("play 9 9")
    assert deck_of(game) == [] and len(shadow_of(game)) == 12 and not game.is_over
    push_all(game, "play 4", "pass", "play 6 6 6", "shadow 3")  # Ben: nothing to abluxx; Ann takes the 3s
    assert len(shadow_of(game)) == 9 and "3" not in shadow_of(game), "nothing refills the shadow now"
    assert not game.is_over and game.turn == 1
