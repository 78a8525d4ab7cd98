"""Save documents: exact round trips at every point, and clear rejection of bad documents."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from helpers import ALL_RULES, make_doc, position, push_all

from abluxxen import Game, Rules


@pytest.mark.parametrize("rules", ALL_RULES, ids=str)
def test_round_trip_at_every_point_and_the_restored_game_continues_identically(rules: Rules) -> None:
    for seed in (1, 2):
        game = Game.new(rules, seed=seed)
        rng = random.Random(seed)
        phases = set()
        while True:
            doc = game.to_json()
            assert json.loads(json.dumps(doc)) == doc, "plain JSON data"
            restored = Game.from_json(json.loads(json.dumps(doc)))
            assert restored.to_json() == doc
            assert restored.legal_moves() == game.legal_moves()
            assert restored.to_move == game.to_move and restored.phase_name == game.phase_name
            for seat in range(rules.players):
                assert restored.view(seat) == game.view(seat)
            phases.add(game.phase_name)
            if game.is_over:
                assert restored.is_over and restored.outcome() == game.outcome()
                break
            move = rng.choice(game.legal_moves())
            assert restored.push(move) == game.push(move)
        assert {"play", "take", "draw", "over"} <= phases


def test_restored_game_plays_on_to_the_same_end() -> None:
    game = Game.new(Rules(4), seed=11)
    rng = random.Random(5)
    for _ in range(40):
        game.push(rng.choice(game.legal_moves()))
    restored = Game.from_json(game.to_json())
    script = random.Random(9)
    while not game.is_over:
        move = script.choice(game.legal_moves())
        assert restored.push(move) == game.push(move)
    assert restored.to_json() == game.to_json() and restored.is_over


def test_hand_written_document_is_the_start_of_turns_turn() -> None:
    doc = make_doc(turn=2, hands=["4", "5 5", "9 9 3"], displays=[[], ["6 6"], []], pool="1 2 3 4 5 6")
    game = Game.from_json(doc)
    assert game.turn == 2 and game.to_move == 2 and game.phase_name == "play"
    assert game.names == ["Player 1", "Player 2", "Player 3"], "names may be omitted"
    assert game.legal_moves() == ["play 3", "play 9", "play 9 9"]
    events = game.push("play 9 9")
    assert events[-1].kind == "abluxx" and events[-1].other == 1


def test_mid_turn_save_resumes_the_decision_in_progress() -> None:
    game = position(hands=["9 9 9 2", "4", "4"], displays=[[], ["5 5 5"], ["6 6 6"]],
                    pool="1 2 3 4 6 7", deck="10 11 12")
    push_all(game, "play 9 9 9", "take", "draw 6")
    doc = game.to_json()
    assert "pending" in doc
    restored = Game.from_json(doc)
    assert restored.to_move == 1 and restored.view(1).draws_left == 2
    assert restored.view(0).queue == (2,)
    push_all(restored, "draw deck", "draw deck", "leave", "back")
    assert restored.turn == 1 and restored.to_json()["hands"][2] == ["4", "6", "6", "6"]


def good_doc() -> dict[str, Any]:
    return make_doc(names=["Ann", "Ben", "Cy"], hands=["7 7 X", "5", "9 9"],
                    displays=[[], ["5 5 5", "9"], []], pool="1 2 3 4 5 6")


def mid_turn_doc() -> dict[str, Any]:
    """Ann has played three 8s; Ben's three 5s and Cy's three 6s are abluxxed."""
    game = position(hands=["8 8 8 2", "4", "4"], displays=[[], ["5 5 5"], ["6 6 6"]],
                    pool="1 2 3 4 6 7", deck="10 11 12")
    game.push("play 8 8 8")
    return game.to_json()


def advanced_played_doc() -> dict[str, Any]:
    """Advanced variant: Ann has played a 9 and abluxxed nobody (her turn is over)."""
    game = position(variant="advanced", hands=["9 2", "4", "4"], pool="1 2 3 4 5 6")
    game.push("play 9")
    doc = game.to_json()
    doc["turn"] = 0
    return doc


def test_good_documents_are_accepted() -> None:
    assert Game.from_json(good_doc()).to_json()["displays"][1] == [["5", "5", "5"], ["9"]]
    assert Game.from_json(mid_turn_doc()).legal_moves() == ["take", "leave"]


def _edit(doc: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    *parents, last = path.split(".")
    target: Any = doc
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if value is _DELETE:
        del target[last]
    elif isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return doc


_DELETE = object()

BAD_DOCS: list[tuple[str, Any, str, Any, str]] = [
    # name, base document, field path, new value, words the message must contain
    ("a card missing", good_doc, "hands.0", ["7", "7"], "don't add up to the 109-card deck"),
    ("a card too many", good_doc, "hands.1", ["5", "5"], "don't add up to the 109-card deck"),
    ("unknown token", good_doc, "hands.0", ["7", "7", "Y"], "unknown card 'Y'"),
    ("number instead of token", good_doc, "hands.0", ["7", 7, "X"], "hands[0][1]"),
    ("token 14", good_doc, "pool.0", "14", "pool[0]"),
    ("wrong format tag", good_doc, "format", "abluxxen/2", "format must be 'abluxxen/1'"),
    ("no format tag", good_doc, "format", _DELETE, "format must be 'abluxxen/1'"),
    ("mixed layer", good_doc, "displays.1.1", ["9", "5"], "displays[1][1]"),
    ("mixed layer with a joker", good_doc, "displays.1.0", ["5", "5", "6"], "a layer is one value"),
    ("empty layer", good_doc, "displays.1.1", [], "displays[1][1]"),
    ("unknown field", good_doc, "colour", "red", "unknown field(s)"),
    ("bad turn", good_doc, "turn", 3, "turn must be a seat"),
    ("bad rules", good_doc, "rules.variant", "wild", "variant"),
    ("pool too big", good_doc, "pool", ["1", "2", "3", "4", "5", "6", "7"], "pool"),
    ("group outside the duel", good_doc, "pool.0", "1+13", "only in the duel"),
    ("shadow outside the duel", good_doc, "shadow", ["1"], "shadow"),
    ("names of the wrong length", good_doc, "names", ["Ann"], "names"),
    ("pending phase unknown", mid_turn_doc, "pending.phase", "dance", "pending.phase"),
    ("pending victim not abluxxable", mid_turn_doc, "pending.victim", 0, "pending.victim"),
    ("pending victim no seat", mid_turn_doc, "pending.victim", 7, "pending.victim"),
    ("pending queue not abluxxable", mid_turn_doc, "pending.queue", [0], "pending.queue"),
    ("victim queued again", mid_turn_doc, "pending.queue", [1, 2], "pending.queue"),
    ("victim twice in the queue", mid_turn_doc, "pending.queue", [2, 2], "pending.queue"),
    ("queue against the clock", mid_turn_doc, "pending", {"phase": "take", "victim": 2, "queue": [1]},
     "pending.queue"),
    ("the attacker draws", mid_turn_doc, "pending", {"phase": "draw", "drawer": 0, "draws_left": 1},
     "pending.queue"),
    ("pending not a mapping", mid_turn_doc, "pending", "take", "pending.phase"),
    ("pending draws_left zero", mid_turn_doc, "pending", {"phase": "draw", "drawer": 1, "draws_left": 0},
     "pending.draws_left"),
    ("pending draws_left text", mid_turn_doc, "pending", {"phase": "draw", "drawer": 1, "draws_left": "2"},
     "pending.draws_left"),
    ("single draw of two", mid_turn_doc, "pending", {"phase": "single-draw", "draws_left": 2},
     "pending.draws_left"),
    ("single draw in the advanced variant", advanced_played_doc, "pending",
     {"phase": "single-draw", "draws_left": 1}, "single-draw"),
    ("single draw with victims left", mid_turn_doc, "pending",
     {"phase": "single-draw", "draws_left": 1, "queue": [1, 2]}, "single-draw"),
    ("pending drawer no seat", mid_turn_doc, "pending", {"phase": "draw", "drawer": -1, "draws_left": 1},
     "pending.drawer"),
    ("shadow options outside the duel", mid_turn_doc, "pending", {"phase": "shadow", "shadow_options": [5, 6]},
     "pending.shadow_options"),
    ("pending with nothing played", good_doc, "pending", {"phase": "take", "victim": 1}, "has not played"),
    ("over and pending", mid_turn_doc, "over", {"reason": "hand-empty", "seat": 0}, "no pending"),
    ("over with unknown reason", good_doc, "over", {"reason": "boredom", "seat": 0}, "reason"),
]


@pytest.mark.parametrize("name, base, path, value, words", BAD_DOCS, ids=[b[0] for b in BAD_DOCS])
def test_bad_documents_are_rejected_naming_the_problem(name: str, base: Any, path: str, value: Any,
                                                      words: str) -> None:
    doc = _edit(base(), path, value)
    with pytest.raises(ValueError) as caught:
        Game.from_json(doc)
    assert words in str(caught.value)


def test_not_a_document_is_rejected() -> None:
    docs: tuple[object, ...] = (None, [], "abluxxen/1")
    for doc in docs:
        with pytest.raises(ValueError, match="JSON object"):
            Game.from_json(doc)  # type: ignore[arg-type]


def test_shadow_options_must_qualify() -> None:
    game = position(hands=["9 2", "4"], shadow="5 6 7 7 1 1 2 2 3 3 8 8 10", pool="1 2 3 4 5 6")
    game.push("play 9")
    doc = game.to_json()
    assert doc["pending"]["shadow_options"] == [5, 6]
    assert Game.from_json(doc).legal_moves() == ["shadow 5", "shadow 6"]
    for options in ([5], [5, 7], [5, 13]):
        with pytest.raises(ValueError, match="pending.shadow_options"):
            Game.from_json(_edit(doc, "pending.shadow_options", options))


def test_a_draw_with_nothing_left_to_draw_is_rejected() -> None:
    game = position(hands=["9 9 2", "4", "4"], displays=[[], ["5 5"], []], pool="1", rest="discard")
    game.push("play 9 9")
    doc = game.to_json()
    doc["pool"], doc["discard"] = [], doc["discard"] + ["1"]
    doc["displays"][1] = []
    doc["discard"] += ["5", "5"]
    doc["pending"] = {"phase": "draw", "drawer": 1, "draws_left": 2}
    with pytest.raises(ValueError, match="deck and pool empty"):
        Game.from_json(doc)


def test_shadow_holding_a_13_is_rejected() -> None:
    doc = make_doc(hands=["9 2", "4"], shadow="13 6 7 7 1 1 2 2 3 3 8 8 10", pool="1 2 3 4 5 6")
    with pytest.raises(ValueError, match="13s or jokers"):
        Game.from_json(doc)
