"""The compiled rollouts play exactly as the Python ones: the same moves, the same final state.

The hard bot's strength at a budget, and every seeded figure in docs/bots.md,
rest on its rollouts; a machine without a C compiler plays the Python ones.
So the two must never differ, in any rule set, from any position.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest
from helpers import ALL_RULES
from hypothesis import given, settings
from hypothesis import strategies as st

from abluxxen import Game, Rules, View
from abluxxen.bots import make_bot, quick
from abluxxen.bots.quick import quick_action, rollout
from abluxxen.bots.subtrees import Subtrees, subtrees
from abluxxen.state import State

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
