"""Determinization (``View.sample``): the deals agree with everything the seat knows, and the hard
bot's weighted deals are View.sample's, the very deals it always dealt."""

from __future__ import annotations

import random

import pytest
from helpers import ALL_RULES, FULL_DECK, all_cards, position, random_game
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from abluxxen import Game, Rules, View
from abluxxen.bots import quick
from abluxxen.bots.ismcts import HOLD_ODDS, INFER_FROM_PLAYERS, ROLLOUT_NOISE, HardBot
from abluxxen.bots.quick import quick_action
from abluxxen.engine.cards import cards_of, counts_of
from abluxxen.engine.state import State


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 10_000), moves=st.integers(0, 150),
       sample_seed=st.integers(0, 10_000), hold=st.sampled_from([1.0, HOLD_ODDS, 0.0]))
def test_samples_are_consistent_with_the_view(rules, seed, moves, sample_seed,  # type: ignore[no-untyped-def]
                                              hold) -> None:
    """Uniform or weighted (at 0 every card of a shown value is passed over, and the hand is filled
    from the passed-over cards when nothing else is left), a sample is a game the seat could be in."""
    game, seat = _decision(rules, seed, moves)
    view = game.view(seat)
    _assert_a_deal_the_seat_could_be_in(view.sample(random.Random(sample_seed), Game, hold=hold), game, seat)


def _shown_position() -> View:
    """Seat 0's view of three seats: seat 1 shows 9s and a 5, seat 2 a 13; many cards unseen."""
    game = position(hands=["2 3 4 5 6", "1 2 8 10 11 12", "1 3 8 10 11 12"], displays=[[], ["9 9", "5"], ["13"]],
                    pool="1 2 3 4 5 6")
    return game.view(0)


def test_a_weighted_sample_deals_what_the_hard_bot_always_dealt() -> None:
    """The deals, card for card, that HardBot._deal gave before View.sample took its weights over
    (the hard bot's moves rest on them): seat 1's hand, seat 2's, the deck's top eight."""
    view = _shown_position()
    dealt = {seed: view.sample(random.Random(seed), hold=HOLD_ODDS) for seed in range(3)}
    assert [(cards_of(d.hands[1]), cards_of(d.hands[2]), d.deck[-8:], len(d.deck)) for d in dealt.values()] == [
        ([1, 2, 2, 6, 6, 11], [1, 2, 9, 12, 12, 12], [3, 11, 4, 9, 1, 3, 12, 5], 82),
        ([1, 1, 4, 7, 8, 10], [4, 6, 8, 9, 10, 10], [8, 3, 8, 7, 9, 3, 11, 11], 82),
        ([1, 2, 4, 5, 8, 11], [5, 6, 7, 10, 12, 12], [10, 6, 3, 10, 7, 7, 3, 11], 82),
    ]
    plain = view.sample(random.Random(0))
    assert (cards_of(plain.hands[1]), cards_of(plain.hands[2]), plain.deck[-8:]) == (
        [2, 6, 6, 9, 9, 11], [1, 1, 2, 4, 9, 13], [5, 11, 7, 8, 4, 7, 11, 12])
    again = view.sample(random.Random(0), hold=1.0)
    assert (again.hands, again.deck) == (plain.hands, plain.deck)


def test_at_hold_zero_a_seat_is_dealt_no_card_of_a_value_it_shows() -> None:
    view = _shown_position()
    assert view.values_shown(1) == {9, 5} and view.values_shown(2) == {13} and view.values_shown(0) == set()
    for seed in range(50):
        deal = view.sample(random.Random(seed), hold=0.0)
        assert deal.hands[1][9] == deal.hands[1][5] == deal.hands[2][13] == 0


def test_a_layer_of_jokers_alone_shows_no_value() -> None:
    view = position(hands=["2 3", "4 5", "6 7"], displays=[[], ["X", "8 X"], ["X X"]]).view(0)
    assert view.values_shown(1) == {8} and view.values_shown(2) == set()


@pytest.mark.parametrize("hold", [-0.1, 1.5, float("nan")])
def test_a_hold_that_is_no_chance_is_refused(hold: float) -> None:
    with pytest.raises(ValueError, match="hold"):
        _shown_position().sample(random.Random(0), hold=hold)


@settings(max_examples=40, deadline=None)
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 10_000), moves=st.integers(0, 150),
       sample_seed=st.integers(0, 10_000))
def test_the_hard_bot_deals_view_sample_with_its_weights(rules, seed, moves,  # type: ignore[no-untyped-def]
                                                         sample_seed) -> None:
    """With the compiled shuffle or the Python one, the bot's deal is View.sample's: weighted from
    three players on (fewer hidden cards of the values a seat has played), uniform in a game for
    two; and a game the seat could be in."""
    game, seat = _decision(rules, seed, moves)
    view = game.view(seat)
    hold = HOLD_ODDS if rules.players >= INFER_FROM_PLAYERS else 1.0
    expected = view.sample(random.Random(sample_seed), Game, hold=hold)
    # The bot deals plain States; its view is a fresh one, so no sampling cache is shared either.
    dealt = HardBot(seed=1, think=10)._deal(game.view(seat), random.Random(sample_seed))
    assert type(dealt) is State
    _assert_a_deal_the_seat_could_be_in(dealt, game, seat)
    assert (dealt.hands, dealt.deck) == (expected.hands, expected.deck)
    fast = quick.configured()
    if fast is not None:
        twin = view.sample(random.Random(sample_seed), Game, hold=hold, shuffle=fast.shuffle)
        assert twin.to_json() == expected.to_json()


@settings(max_examples=25, deadline=None)
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 10_000), moves=st.integers(0, 120))
# The policy alone can cycle here (8s, 13s, 1s and 3s abluxxed and taken back in turn, expert duel),
# and nothing in the rules ends such a cycle: the rollout's noise is what does.
@example(rules=Rules(players=2, variant="expert", duel=True), seed=452, moves=0)
def test_rollout_policy_plays_legal_actions_to_the_end(rules, seed, moves) -> None:  # type: ignore[no-untyped-def]
    """The hard bot's rollouts run on a sample and must follow the rules to the end, as rollout plays them."""
    game, seat = _decision(rules, seed, moves)
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


def _decision(rules: Rules, seed: int, moves: int) -> tuple[Game, int]:
    """A random game after ``moves`` moves and the seat to move there; hypothesis passes over a
    game already over."""
    game = random_game(rules, seed, moves=moves)
    assume(not game.is_over)
    seat = game.to_move
    assert seat is not None
    return game, seat


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
