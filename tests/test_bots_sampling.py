"""Determinization: the hard bot's samples agree with everything the seat knows."""

from __future__ import annotations

import random

from helpers import ALL_RULES, FULL_DECK, all_cards, random_game
from hypothesis import example, given, settings
from hypothesis import strategies as st

from abluxxen import Game, Rules, View
from abluxxen.bots.ismcts import ROLLOUT_NOISE, HardBot
from abluxxen.bots.quick import quick_action
from abluxxen.cards import counts_of
from abluxxen.state import State


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 10_000), moves=st.integers(0, 150),
       sample_seed=st.integers(0, 10_000))
def test_samples_are_consistent_with_the_view(rules, seed, moves, sample_seed) -> None:  # type: ignore[no-untyped-def]
    game = random_game(rules, seed, moves=moves)
    if game.is_over:
        return
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    _assert_a_deal_the_seat_could_be_in(view.sample(random.Random(sample_seed), Game), game, seat)


@settings(max_examples=25, deadline=None)
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 10_000), moves=st.integers(0, 120))
# The policy alone can cycle here (8s, 13s, 1s and 3s abluxxed and taken back in turn, expert duel),
# and nothing in the rules ends such a cycle: the rollout's noise is what does.
@example(rules=Rules(players=2, variant="expert", duel=True), seed=452, moves=0)
def test_rollout_policy_plays_legal_actions_to_the_end(rules, seed, moves) -> None:  # type: ignore[no-untyped-def]
    """The hard bot's rollouts run on a sample and must follow the rules to the end, as rollout plays them."""
    game = random_game(rules, seed, moves=moves)
    if game.is_over:
        return
    seat = game.to_move
    assert seat is not None
    sample: Game = game.view(seat).sample(random.Random(seed), Game)
    rng = random.Random(seed)
    steps = 0
    while not sample.is_over:
        legal = sample.legal_actions()
        code = legal[int(rng.random() * len(legal))] if rng.random() < ROLLOUT_NOISE else quick_action(sample, rng)
        assert code in legal, repr(sample)
        sample.apply_action(code)
        steps += 1
        assert steps < 2000
    assert sample.outcome() is not None


@settings(max_examples=40, deadline=None)
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 10_000), moves=st.integers(0, 150),
       sample_seed=st.integers(0, 10_000))
def test_the_hard_bots_weighted_deals_are_consistent_with_the_view(rules, seed, moves,  # type: ignore[no-untyped-def]
                                                                     sample_seed) -> None:
    """The hard bot deals fewer hidden cards of the values a seat has played, but every deal is
    still a game the seat could be in: same view, every card once, known cards kept."""
    game = random_game(rules, seed, moves=moves)
    if game.is_over:
        return
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    _assert_a_deal_the_seat_could_be_in(HardBot(seed=1, think=10)._deal(view, random.Random(sample_seed)), game, seat)


def _assert_a_deal_the_seat_could_be_in(sample: State, game: Game, seat: int) -> None:
    """Same view, every card once, the seat's own hand and everybody's known cards kept, same moves."""
    view = game.view(seat)
    assert View.of(sample, seat) == view
    assert all_cards(sample) == FULL_DECK
    assert sample.hands[seat] == game.hands[seat]
    for other in range(game.rules.players):
        hand, known = sample.hands[other], counts_of(view.known[other])
        assert hand[0] == view.hand_sizes[other]
        assert all(hand[c] >= known[c] for c in range(1, 15)), "a known card went missing"
    assert sample.legal_moves() == game.legal_moves()
