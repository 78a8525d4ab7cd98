"""The compiled rollouts play exactly as the Python ones: the same moves, the same final state.

The hard bot's strength at a budget, and every seeded figure in docs/bots.md,
rest on its rollouts; a machine without a C compiler plays the Python ones.
So the two must never differ, in any rule set, from any position.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import ALL_RULES, make_doc, push_all
from hypothesis import given, settings
from hypothesis import strategies as st

from abluxxen import Game, Rules, View
from abluxxen.bots import make_bot, quick
from abluxxen.bots.quick import quick_action, rollout
from abluxxen.bots.subtrees import MARGIN_SCALE, Subtrees, subtrees
from abluxxen.engine.cards import cards_of
from abluxxen.engine.phase import Phase
from abluxxen.engine.state import State

compiled = quick.compiled
pytestmark = pytest.mark.skipif(compiled is None, reason="installed without a C compiler: no compiled rollouts")

# Everything a State holds that a move can change.
FIELDS = ("hands", "known", "displays", "pool", "deck", "discard", "shadow", "removed", "turn", "phase", "victim",
          "queue", "drawer", "draws_left", "shadow_options", "end_reason", "end_seat")
RULE_SETS = [*ALL_RULES, Rules(3, "expert"), Rules(5, "expert"), Rules(2, "advanced", duel=False),
             Rules(2, tiebreak="shared"), Rules(3, tiebreak="shared")]


def fields(game: State) -> dict[str, object]:
    return {name: getattr(game, name) for name in FIELDS}


def position(rules: Rules, seed: int, moves: int) -> Game:
    """A game dealt with ``seed`` and played on for ``moves`` moves, a mix of the policy's and random ones."""
    game = Game.new(rules, seed=seed, first=seed % rules.players)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply_action(rng.choice(legal) if rng.random() < 0.3 else quick_action(game, rng, legal))
    return game


def compiled_play_out(game: State, seed: int, noise: float) -> int:
    assert compiled is not None and quick.configured() is compiled
    moves, scores, sizes = compiled.play_out(game, seed, noise, True)
    assert (list(scores), list(sizes)) == (game.scores(), game.hand_sizes())
    return int(moves)


@settings(max_examples=300, deadline=None)
@given(rules=st.sampled_from(RULE_SETS), seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 160),
       rollout_seed=st.integers(0, 2**64 - 1), noise=st.sampled_from([0.05, 0.3, 1.0]))
def test_compiled_rollouts_make_the_python_rollouts_moves_to_the_same_end(  # type: ignore[no-untyped-def]
        rules, seed, moves, rollout_seed, noise) -> None:
    game = position(rules, seed, moves)
    if game.is_over:
        return
    python, c = game.copy(), game.copy()
    made = rollout(python, random.Random(rollout_seed), noise)
    assert compiled_play_out(c, rollout_seed, noise) == made
    assert c.is_over
    assert fields(c) == fields(python)


@settings(max_examples=40, deadline=None)
@given(rules=st.sampled_from(RULE_SETS), seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 140),
       rounds=st.integers(5, 80))
def test_compiled_subtrees_grow_the_python_subtrees_iteration_for_iteration(  # type: ignore[no-untyped-def]
        rules, seed, moves, rounds) -> None:
    """Round after round of deals, both give the same rewards and final scores, so their trees (which
    pick every move below the root) stay the same."""
    game = position(rules, seed, moves)
    if game.is_over:
        return
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    codes = game.legal_actions()[:4]
    fast, python = subtrees(seat, exploration=0.7, noise=0.05), Subtrees(seat, exploration=0.7, noise=0.05)
    assert not isinstance(fast, Subtrees)
    trees = [(fast.new(), python.new(), code) for code in codes]
    rng = random.Random(seed)
    for _ in range(rounds):
        deal = view.sample(rng)
        round_seed = rng.getrandbits(32)
        got = fast.iterate(deal, [(tree, code) for tree, _, code in trees], round_seed)
        assert got == python.iterate(deal, [(tree, code) for _, tree, code in trees], round_seed)
        assert all(0.0 <= reward <= 1.0 for reward, _ in got)


def test_the_hard_bot_makes_the_same_moves_with_compiled_and_python_rollouts(monkeypatch: pytest.MonkeyPatch) -> None:
    views: list[View] = []
    for rules in (Rules(4), Rules(2), Rules(3, "expert")):
        game = position(rules, 11, 25)
        while not game.is_over and len(views) < 9:
            seat = game.to_move
            assert seat is not None
            if len(game.legal_actions()) > 1:
                views.append(game.view(seat))
                break
            game.apply_action(game.legal_actions()[0])
    fast = [make_bot("hard", seed=3, think=60).choose(view) for view in views]
    monkeypatch.setattr(quick, "compiled", None)
    assert [make_bot("hard", seed=3, think=60).choose(view) for view in views] == fast


@pytest.mark.parametrize("spoil", [
    lambda g: setattr(g, "hands", g.hands[:-1]),
    lambda g: g.hands[0].append(3),
    lambda g: g.displays[1].append((20, 2, 0)),
    lambda g: g.displays[1].append((7, 0, 0)),
    lambda g: setattr(g, "pool", [(3,) * 9]),
    lambda g: setattr(g, "pool", [()]),
    lambda g: setattr(g, "deck", [0, 5]),
    lambda g: setattr(g, "deck", [5] * 200),
    lambda g: setattr(g, "turn", 9),
    lambda g: setattr(g, "phase", 6),
    lambda g: setattr(g, "phase", 2),  # take or leave, with nobody abluxxed
    lambda g: setattr(g, "queue", "ab"),
    lambda g: g.hands[0].__setitem__(7, g.hands[0][7] + 1),  # a ninth 7 (the hand's total says 13)
    lambda g: (g.hands[0].__setitem__(7, 60), g.hands[0].__setitem__(0, 73)),  # sixty 7s: more plays than a hand has
    lambda g: g.discard.append(7),  # a card twice
    lambda g: g.displays[2].append((7, 2, 3)),  # more jokers than cards
])
def test_a_state_the_compiled_rollouts_cannot_hold_is_refused_not_played(spoil) -> None:  # type: ignore[no-untyped-def]
    assert compiled is not None
    game = Game.new(Rules(4), seed=5)
    assert quick.configured() is compiled
    spoil(game)
    with pytest.raises((ValueError, TypeError)):
        compiled.play_out(game, 1, 0.05, False)


def test_the_compiled_rollouts_are_built_from_this_checkouts_source() -> None:
    """A stale build would make moves this source no longer makes: reinstall (pip install -e .) after editing."""
    assert compiled is not None
    source = Path(__file__).resolve().parent.parent / "abluxxen" / "bots" / "_rollout.c"
    if not source.exists():
        pytest.skip("no source beside these tests")
    assert compiled.SOURCE_SHA256 == hashlib.sha256(source.read_bytes()).hexdigest()


# -- The compiled search trusts no caller --------------------------------------
#
# Each test hands the module a state no game reaches, or an object posing as a
# part of one, and expects a ValueError or TypeError (or, where the object is
# harmless, the very game it poses as), never a crash: before the module copied
# and checked everything first, each of these read freed or uninitialised
# memory, wrote out of bounds, or searched on without a word.

def doc_state(**kwargs: Any) -> Game:
    """The game of a hand-written position (helpers.make_doc), through the save loader's checks."""
    return Game.from_json(make_doc(**kwargs))


def take_state() -> Game:
    """Three players: seat 0 has played two 9s on seat 1's two 5s (take or leave); seat 2 shows three 7s."""
    game = doc_state(hands=["9 9 1 2", "1 2 3 4 6", "1 2 3 4 6"], displays=[[], ["5 5"], ["7 7 7"]],
                     pool="1 2 3 4 6 7")
    push_all(game, "play 9 9")
    assert game.phase == Phase.TAKE_OR_LEAVE and game.victim == 1 and not game.queue
    return game


def draw_state() -> Game:
    """take_state's seat 1 drawing two cards for the 5s it discarded."""
    game = take_state()
    push_all(game, "leave", "discard")
    assert game.phase == Phase.DRAW and game.drawer == 1
    return game


def single_draw_state() -> Game:
    """The base game's single draw after a 7 that abluxxed nobody."""
    game = doc_state(hands=["7 1 2", "1 2 3 4 6", "1 2 3 4 6"], pool="1 2 3 4 5 6")
    push_all(game, "play 7")
    assert game.phase == Phase.SINGLE_DRAW
    return game


def shadow_state() -> Game:
    """A duel: a 9 abluxxes the shadow's lone 3 and lone 5, and its player chooses."""
    game = doc_state(hands=["9 1 2", "4 6 7"], players=2, duel=True, shadow="3 5 8 8 10 10", pool="1 2 3 4 6 7")
    push_all(game, "play 9")
    assert game.phase == Phase.SHADOW and game.shadow_options == [3, 5]
    return game


def deal_state() -> Game:
    return Game.new(Rules(4), seed=5)


def played_out(game: State) -> object:
    """What the compiled rollouts make of the state (seeded, not written back)."""
    assert compiled is not None and quick.configured() is compiled
    return compiled.play_out(game, 1, 0.05, False)


def searched(game: State, code: int) -> object:
    """What one iteration of the compiled search below the move makes of the state."""
    assert compiled is not None and quick.configured() is compiled
    trees = compiled.Subtrees(game.turn, 0.7, 0.05, MARGIN_SCALE)
    return trees.iterate(game, [(trees.new(), code)], 1)


def refused(game: State, noise: float = 0.05) -> None:
    """The compiled search refuses the state: to play it out, and to search it."""
    assert compiled is not None and quick.configured() is compiled
    with pytest.raises((ValueError, TypeError)):
        compiled.play_out(game, 1, noise, False)
    trees = compiled.Subtrees(game.turn, 0.7, noise, MARGIN_SCALE)
    tree = trees.new()
    with pytest.raises((ValueError, TypeError)):
        trees.iterate(game, [(tree, 0)], 1)


def test_the_states_the_refusals_below_spoil_are_played_as_the_python_plays_them() -> None:
    """So that each refusal below is for what its test spoils."""
    for state in (deal_state, take_state, draw_state, single_draw_state, shadow_state):
        game = state()
        python = game.copy()
        assert compiled_play_out(game, 3, 0.05) == rollout(python, random.Random(3), 0.05)
        assert fields(game) == fields(python)


def empty_hand(game: State, seat: int) -> None:
    """The seat's cards onto the discard pile."""
    game.discard += cards_of(game.hands[seat])
    game.hands[seat] = [0] * 15
    game.known[seat] = [0] * 15


@pytest.mark.parametrize("noise", [0.0001, 1.0])
def test_an_empty_hand_at_its_turn_is_refused(noise: float) -> None:
    """It once drew an uninitialised legal move (with noise 1 every move is a random legal one) and wrote by it."""
    game = deal_state()
    empty_hand(game, game.turn)
    refused(game, noise)


def test_an_empty_hand_of_another_seat_is_refused() -> None:
    game = deal_state()
    empty_hand(game, (game.turn + 1) % 4)
    refused(game)


@pytest.mark.parametrize("spoil", [
    lambda g: g.queue.append(0),  # the attacker, next
    lambda g: setattr(g, "victim", 0),  # the attacker, now
    lambda g: g.queue.append(1),  # the victim again, its display then empty
    lambda g: g.queue.append(2),  # three 7s, which two 9s do not abluxx
    lambda g: (g.discard.extend([7, 7, 7]), g.displays[2].clear(), g.queue.append(2)),  # a seat with no display
], ids=["attacker-queued", "attacker-victim", "victim-twice", "not-abluxxed", "no-display"])
def test_a_victim_the_played_set_does_not_abluxx_is_refused(spoil: Callable[[Game], object]) -> None:
    """An unchecked victim had its layer taken from a display with none: a write before the display."""
    game = take_state()
    spoil(game)
    refused(game)


@pytest.mark.parametrize("pool, spoil", [
    (["13+13+13+13+13+13+13+13", "2", "3", "5", "6", "7"], None),  # its draw's key overflowed an int
    (["4+13+X", "2", "3", "5", "6", "7"], None),
    (["4+7", "2", "3", "5", "6", "8"], None),
    (["4+13", "2", "3", "5", "6", "7"], lambda g: g.pool.__setitem__(0, (13, 4))),
], ids=["eight-13s", "three-cards", "two-numbers", "out-of-order"])
def test_a_pool_group_no_game_makes_is_refused(pool: list[str], spoil: Callable[[Game], object] | None) -> None:
    """A pool group is a card and the 13 or joker put onto it, in that order (the duel's rule; the save loader
    is laxer)."""
    game = doc_state(hands=["1 2 3", "4 5 6"], players=2, duel=True, pool=pool)
    if spoil:
        spoil(game)
    refused(game)


def shadow_outside_the_duel(game: Game) -> None:
    card = next(c for c in reversed(game.deck) if c < 13)
    game.deck.remove(card)
    game.shadow[card] += 1
    game.shadow[0] += 1


def pool_group_outside_the_duel(game: Game) -> None:
    game.deck.remove(13)
    low = min(range(len(game.pool)), key=lambda i: game.pool[i])
    game.pool[low] = (*game.pool[low], 13)


def known_beyond_hand(game: Game) -> None:
    sevens = game.hands[0][7] + 1
    game.known[0][7] = game.known[0][0] = sevens


def thirteen_in_shadow(game: Game) -> None:
    game.deck.remove(13)
    game.shadow[13] += 1
    game.shadow[0] += 1


def fives_of_jokers(game: Game) -> None:
    game.displays[1][0] = (5, 2, 2)
    game.discard += [5, 5]
    game.deck.remove(14)
    game.deck.remove(14)


@pytest.mark.parametrize("state, spoil", [
    (single_draw_state, lambda g: setattr(g, "draws_left", 0)),  # drew on, never ending the turn
    (draw_state, lambda g: setattr(g, "drawer", 0)),  # the attacker drawing for its own abluxx
    (shadow_state, lambda g: setattr(g, "shadow_options", [3])),
    (shadow_state, lambda g: setattr(g, "shadow_options", [3, 8])),  # two 8s, which one 9 does not abluxx
    (deal_state, lambda g: g.queue.append(1)),  # a victim at the start of a turn
    (deal_state, known_beyond_hand),
    (lambda: Game.new(Rules(2), seed=5), thirteen_in_shadow),  # the rules put 13s onto the pool
    (take_state, fives_of_jokers),
], ids=["single-draw-none", "draw-attacker", "shadow-one", "shadow-wrong", "queue-at-turn",
        "known-not-held", "shadow-13", "jokers-as-5s"])
def test_a_state_the_save_loader_would_refuse_is_refused(state: Callable[[], Game],
                                                          spoil: Callable[[Game], object]) -> None:
    game = state()
    spoil(game)
    refused(game)


@pytest.mark.parametrize("players, duel", [(4, None), (2, False)], ids=["four", "two-not-duel"])
@pytest.mark.parametrize("spoil", [shadow_outside_the_duel, pool_group_outside_the_duel])
def test_what_only_the_duel_has_is_refused_outside_it(players: int, duel: bool | None,
                                                      spoil: Callable[[Game], object]) -> None:
    """A shadow, or a 13 put onto a pool card: once searched as if the game were a duel."""
    game = Game.new(Rules(players, duel=duel), seed=5)
    spoil(game)
    with pytest.raises(ValueError, match="duel"):
        Game.from_json(game.to_json())  # the save loader refuses it
    refused(game)


class Emptying:
    """A card or seat number (its __index__) that empties a list of the state when asked its value."""

    def __init__(self, target: list[Any], value: int) -> None:
        self.target, self.value = target, value

    def __index__(self) -> int:
        self.target.clear()
        return self.value


def emptying_number(game: Game, field: str) -> list[Any]:
    """Puts an Emptying number into the field; the list it would empty (within a hand, the hands)."""
    if field == "deck":
        game.deck[-1] = Emptying(game.deck, game.deck[-1])  # type: ignore[call-overload]
        return game.deck
    if field == "hands":
        game.hands[1][7] = Emptying(game.hands, game.hands[1][7])  # type: ignore[call-overload]
        return game.hands
    if field == "displays":
        value, size, jokers = game.displays[1][0]
        game.displays[1][0] = (Emptying(game.displays, value), size, jokers)  # type: ignore[assignment]
        return game.displays
    if field == "pool":
        game.pool[0] = (Emptying(game.pool, game.pool[0][0]),)  # type: ignore[assignment]
        return game.pool
    queue: list[Any] = []
    queue.append(Emptying(queue, 2))
    game.queue = queue
    return queue


@pytest.mark.parametrize("field", ["deck", "hands", "displays", "pool", "queue"])
def test_a_number_that_is_not_an_int_is_refused_unasked(field: str) -> None:
    """Its __index__ emptied the list being read (read on from freed memory): such a number is not asked."""
    game = take_state()
    target = emptying_number(game, field)
    refused(game)
    assert target  # never asked, so nothing emptied


class EmptyingRow:
    """A hand, display or pool slot whose iterator empties the state's list holding it, then gives its items."""

    def __init__(self, target: list[Any], items: Any) -> None:
        self.target, self.items = target, items

    def __iter__(self) -> Iterator[Any]:
        self.target.clear()
        return iter(self.items)


def emptying_row(field: str) -> Game:
    """take_state, the first row of the field an EmptyingRow."""
    game = take_state()
    rows = getattr(game, field)
    rows[0] = EmptyingRow(rows, rows[0])
    return game


@pytest.mark.parametrize("field", ["hands", "known", "displays", "pool"])
def test_a_row_that_empties_the_state_as_it_is_read_is_played_as_it_was(field: str) -> None:
    """The module reads every row of the field from its own copy, so what the row does to the state's list
    cannot free the rows still to be read (once a crash): it plays the state as it was when read."""
    code = take_state().legal_actions()[0]
    game = emptying_row(field)
    assert played_out(game) == played_out(take_state())
    assert getattr(game, field) == []
    assert searched(emptying_row(field), code) == searched(take_state(), code)


def test_iterate_takes_moves_as_python_does_any_pairs() -> None:
    """Lists of two (a SystemError once), and a pair that empties the list of moves as it is read."""
    game = take_state()
    fast, python = subtrees(0, exploration=0.7, noise=0.05), Subtrees(0, exploration=0.7, noise=0.05)
    trees = [(fast.new(), python.new(), code) for code in game.legal_actions()]
    moves: list[Any] = [[tree, code] for tree, _, code in trees]
    moves[0] = EmptyingRow(moves, moves[0])
    assert fast.iterate(game, moves, 9) == python.iterate(game, [(tree, code) for _, tree, code in trees], 9)


@pytest.mark.parametrize("move", [[0], [0, 0, 0], "ab", 5, (0, Emptying([], 0))])
def test_iterate_refuses_a_move_that_is_not_a_tree_and_a_legal_code(move: object) -> None:
    assert compiled is not None and quick.configured() is compiled
    game = take_state()
    trees = compiled.Subtrees(0, 0.7, 0.05, MARGIN_SCALE)
    trees.new()
    with pytest.raises((ValueError, TypeError)):
        trees.iterate(game, [move], 1)


def test_a_subtrees_searches_the_deals_of_one_game_for_a_seat_in_it() -> None:
    """A seat beyond the deal's, or a deal of more players than the trees' nodes, read a reward never made."""
    assert compiled is not None and quick.configured() is compiled
    duel, four = Game.new(Rules(2), seed=3), Game.new(Rules(4), seed=3)
    for game in (four, duel):
        while game.to_move != game.turn or game.turn != 0:
            game.apply_action(game.legal_actions()[0])
    beyond = compiled.Subtrees(3, 0.7, 0.05, MARGIN_SCALE)
    with pytest.raises(ValueError):
        beyond.iterate(duel, [(beyond.new(), duel.legal_actions()[0])], 1)
    trees = compiled.Subtrees(0, 0.7, 0.05, MARGIN_SCALE)
    tree = trees.new()
    for seed in range(20):
        trees.iterate(four, [(tree, four.legal_actions()[0])], seed)
    with pytest.raises(ValueError):
        trees.iterate(duel, [(tree, duel.legal_actions()[0])], 1)


class Searching:
    """A (tree, code) pair that, as it is read, has the same trees searched on a deal of another game."""

    def __init__(self, trees: Any, deal: Game, pair: tuple[int, int]) -> None:
        self.trees, self.deal, self.pair = trees, deal, pair

    def __iter__(self) -> Iterator[int]:
        for seed in range(20):
            self.trees.iterate(self.deal, [(self.pair[0], self.deal.legal_actions()[0])], seed)
        return iter(self.pair)


def test_a_deal_whose_moves_search_another_game_as_they_are_read_is_refused() -> None:
    """The search they start grows nodes for seats the deal has not, which this deal's search then read
    rewards for: uninitialised memory (the Python search raises IndexError). The deal is checked once its
    moves are read."""
    assert compiled is not None and quick.configured() is compiled
    duel, four = Game.new(Rules(2), seed=3), Game.new(Rules(4), seed=3)
    for game in (four, duel):
        while game.to_move != game.turn or game.turn != 0:
            game.apply_action(game.legal_actions()[0])
    for first, other in ((duel, four), (four, duel)):
        trees = compiled.Subtrees(0, 0.7, 0.05, MARGIN_SCALE)
        tree = trees.new()
        with pytest.raises(ValueError, match="of one game"):
            trees.iterate(first, [Searching(trees, other, (tree, first.legal_actions()[0]))], 1)


# A position of a three-player expert game in which the rollout policy alone takes abluxxes back and forth
# for ever, whatever its seed (a cycle of nine moves).
CYCLING = Path(__file__).parent / "data" / "cycle-rollout-expert.json"


def test_the_rollout_policy_alone_goes_round_in_circles_in_the_cycling_position() -> None:
    game = Game.from_json(json.loads(CYCLING.read_text()))
    for seed in range(3):
        going, rng = game.copy(), random.Random(seed)
        for _ in range(9):
            going.apply_action(quick_action(going, rng))
        assert going.to_json() == game.to_json()


@pytest.mark.parametrize("noise", [0.0, 0.00009, -0.05, math.nan, 1.5])
def test_a_rollout_that_could_go_round_in_circles_for_ever_is_refused(noise: float) -> None:
    """With no random move, a rollout in the cycling position never ended, deaf to Ctrl-C."""
    assert compiled is not None and quick.configured() is compiled
    game = Game.from_json(json.loads(CYCLING.read_text()))
    with pytest.raises(ValueError, match="noise"):
        compiled.play_out(game, 1, noise, False)
    with pytest.raises(ValueError, match="noise"):
        compiled.Subtrees(0, 0.7, noise, MARGIN_SCALE)


def test_at_the_least_noise_the_cycling_position_is_played_out_as_the_python_plays_it() -> None:
    game = Game.from_json(json.loads(CYCLING.read_text()))
    for seed in range(2):
        python, c = game.copy(), game.copy()
        made = rollout(python, random.Random(seed), 0.0001)
        assert compiled_play_out(c, seed, 0.0001) == made > 100  # round the cycle a while, then out
        assert fields(c) == fields(python)


@pytest.mark.parametrize("arguments", [(0, 0.7, 0.05, 0.0), (0, math.nan, 0.05, 20.0), (0, 0.7, 2.0, 20.0),
                                       (0, 0.7, 0.05, math.inf)])
def test_subtrees_refuse_a_search_they_cannot_make(arguments: tuple[int, float, float, float]) -> None:
    """A margin scale of 0 made every reward NaN."""
    assert compiled is not None
    with pytest.raises(ValueError):
        compiled.Subtrees(*arguments)


def test_subtrees_are_set_up_once_and_not_used_unset() -> None:
    """Set up again, their trees would hold one seat's rewards as another's."""
    assert compiled is not None and quick.configured() is compiled
    trees = compiled.Subtrees(0, 0.7, 0.05, MARGIN_SCALE)
    trees.new()
    with pytest.raises(TypeError):
        trees.__init__(3, 0.7, 0.05, MARGIN_SCALE)
    unset = compiled.Subtrees.__new__(compiled.Subtrees)
    with pytest.raises(TypeError):
        unset.new()
    with pytest.raises(TypeError):
        unset.iterate(take_state(), [(0, 0)], 1)


def spoilt_configuration(which: str) -> tuple[Any, ...]:
    """quick's configuration, with one part wrong (the last ones are read last)."""
    arguments: list[Any] = list(quick.configuration())
    if which == "twice_size":
        arguments[3] = arguments[3][:-1]
    elif which == "reasons":
        arguments[5] = (1, 2)
    elif which == "engine":
        arguments[6] = {**arguments[6], "PLAY_BASE": 65}
    elif which == "beats":
        arguments[6] = {**arguments[6], "BEATS": [[[True] * 15] * 15] * 2}
    return tuple(arguments)


@pytest.mark.parametrize("which", ["twice_size", "reasons", "engine", "beats"])
def test_a_configuration_refused_halfway_leaves_the_one_before(which: str) -> None:
    """Once it left the module unconfigured while quick.configured() said it was ready."""
    assert compiled is not None and quick.configured() is compiled
    game = take_state()
    code = game.legal_actions()[0]
    before = played_out(game), searched(game, code)
    with pytest.raises((ValueError, TypeError)):
        compiled.configure(*spoilt_configuration(which))
    assert (played_out(game), searched(game, code)) == before


def test_an_engine_the_compiled_search_was_not_built_for_is_searched_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stale build (or an engine changed since it) must not play other rules than the engine's."""
    assert compiled is not None and quick.configured() is compiled
    monkeypatch.setattr(quick, "compiled", compiled)
    monkeypatch.setattr(quick, "_configured", False)
    monkeypatch.setattr(quick, "refusal", None)
    engine = spoilt_configuration("engine")[6]
    monkeypatch.setattr(quick, "_engine", lambda: engine)
    assert quick.configured() is None and quick.compiled is None
    assert "PLAY_BASE" in str(quick.refusal)
    assert not isinstance(subtrees(0, exploration=0.7, noise=0.05), compiled.Subtrees)
