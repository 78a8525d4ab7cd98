"""The bots' fast path (action codes, copies, rollouts) against the string API.

Bots search with ``legal_actions``/``apply_action``/``copy`` and finish
games with rollouts on the same codes; whatever they conclude is only worth
something if those paths play exactly the game that ``legal_moves``/``push`` play.
"""

from __future__ import annotations

import random

import pytest

from abluxxen import Game, Rules
from abluxxen.bots.quick import quick_action
from abluxxen.engine.cards import DECK_SIZE, JOKER, POOL_SIZE, counts_of, full_deck
from abluxxen.engine.layers import layer_cards
from abluxxen.engine.moves import TAKE, play_parts

EVERY_VARIANT = [Rules(players, variant, duel=duel)
             for players, duel in ((2, None), (2, False), (3, None), (4, None), (5, None))
             for variant in ("base", "advanced", "expert")]
RULES_IDS = [f"{r.players}p-{r.variant}{'-duel' if r.is_duel else ''}" for r in EVERY_VARIANT]
FULL_DECK_COUNTS = counts_of(full_deck())


def card_counts(game: Game) -> list[int]:
    """Every card of the game, wherever it lies, as one count array."""
    cards: list[int] = []
    for hand in game.hands:
        cards += [v for v in range(1, JOKER + 1) for _ in range(hand[v])]
        assert hand[0] == sum(hand[1:]), "a hand's total disagrees with its cards"
    for shown in game.displays:
        for layer in shown:
            cards += layer_cards(layer)
    for slot in game.pool:
        cards += slot
    cards += game.deck + game.discard + game.removed
    cards += [v for v in range(1, JOKER + 1) for _ in range(game.shadow[v])]
    return counts_of(cards)


def assert_all_cards(game: Game) -> None:
    counts = card_counts(game)
    assert counts[0] == DECK_SIZE
    assert counts == FULL_DECK_COUNTS
    assert len(game.pool) <= POOL_SIZE


def advance(game: Game, rng: random.Random, moves: int) -> None:
    """Play some random moves through the string API."""
    for _ in range(moves):
        if game.is_over:
            return
        game.push(rng.choice(game.legal_moves()))


def random_playout(game: Game, rng: random.Random) -> int:
    """Finish ``game`` with uniformly random action codes; the decisions made."""
    decisions = 0
    while not game.is_over:
        codes = game.legal_actions()
        game.apply_action(codes[int(rng.random() * len(codes))])
        decisions += 1
    return decisions


def policy_rollout(game: Game, rng: random.Random) -> None:
    """Finish ``game`` as the hard bot's rollouts do, with its cheap policy."""
    while not game.is_over:
        code = quick_action(game, rng)
        assert code in game.legal_actions(), f"the rollout policy chose an illegal code in {game!r}"
        game.apply_action(code)


@pytest.mark.parametrize("rules", EVERY_VARIANT, ids=RULES_IDS)
def test_codes_and_strings_play_the_same_game(rules: Rules) -> None:
    for seed in range(3):
        by_text = Game.new(rules, seed=seed, first=seed % rules.players)
        by_code = by_text.copy()
        rng = random.Random(seed)
        while not by_text.is_over:
            codes = by_code.legal_actions()
            moves = by_text.legal_moves()
            assert [by_code.action_text(c) for c in codes] == moves
            assert len(set(moves)) == len(moves), "a legal move is listed twice"
            assert by_text.view(by_text.to_move or 0).legal_moves() == moves
            pick = rng.randrange(len(codes))
            assert by_text.action_of(moves[pick]) == codes[pick]
            by_text.push(moves[pick])
            by_code.apply_action(codes[pick])
            assert by_code.to_json() == by_text.to_json()
            assert_all_cards(by_code)
        assert by_code.legal_actions() == [] and by_text.legal_moves() == []
        assert by_code.outcome() == by_text.outcome()


@pytest.mark.parametrize("rules", EVERY_VARIANT, ids=RULES_IDS)
def test_playout_ends_in_a_valid_finished_game(rules: Rules) -> None:
    for seed in range(12):
        game = Game.new(rules, seed=seed)
        advance(game, random.Random(seed), seed * 7)
        decisions = random_playout(game, random.Random(seed))
        assert game.is_over and game.to_move is None and game.legal_moves() == []
        assert decisions >= 0
        assert_all_cards(game)
        outcome = game.outcome()
        assert outcome is not None
        if outcome.reason == "hand-empty":
            assert game.hands[outcome.seat][0] == 0
        else:
            assert outcome.reason == "exhausted" and not game.deck and not game.pool
        assert all(hand[0] > 0 for seat, hand in enumerate(game.hands) if seat != outcome.seat)
        for seat in range(rules.players):
            assert all(game.known[seat][v] <= game.hands[seat][v] for v in range(1, JOKER + 1))
        doc = game.to_json()
        again = Game.from_json(doc)
        assert again.to_json() == doc and again.is_over and again.winners() == game.winners()


@pytest.mark.parametrize("rules", EVERY_VARIANT, ids=RULES_IDS)
def test_policy_rollouts_make_only_legal_moves_to_a_valid_end(rules: Rules) -> None:
    for seed in range(6):
        game = Game.new(rules, seed=seed)
        advance(game, random.Random(seed), seed * 11)  # mid-turn starts too
        policy_rollout(game, random.Random(seed))
        assert game.is_over
        assert_all_cards(game)
        assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_playout_on_a_copy_leaves_the_original_alone() -> None:
    game = Game.new(Rules(4), seed=5)
    advance(game, random.Random(5), 30)
    before = game.to_json()
    moves = game.legal_moves()
    sim = game.copy()
    random_playout(sim, random.Random(1))
    assert sim.is_over
    assert game.to_json() == before and game.legal_moves() == moves


def test_playout_from_a_sampled_view_finishes_consistently() -> None:
    game = Game.new(Rules(3, "expert"), seed=8)
    advance(game, random.Random(8), 25)
    view = game.view(1)
    for i in range(5):
        sim = view.sample(random.Random(i), Game)
        assert sim.view(1) == view
        random_playout(sim, random.Random(i))
        assert_all_cards(sim)
        assert sim.is_over and Game.from_json(sim.to_json()).to_json() == sim.to_json()


def test_same_rng_state_gives_the_same_end() -> None:
    game = Game.new(Rules(5), seed=3)
    first, second = game.copy(), game.copy()
    random_playout(first, random.Random(42))
    random_playout(second, random.Random(42))
    assert first.to_json() == second.to_json()
    ends = set()
    for i in range(10):
        sim = game.copy()
        random_playout(sim, random.Random(i))
        ends.add(str(sim.to_json()))
    assert len(ends) > 1, "different random streams should not all play the same game"


def test_play_codes_cover_every_set_in_hand() -> None:
    # Each legal play is a real set from the hand, and every such set is listed.
    game = Game.new(Rules(4), seed=11)
    hand = game.hands[game.turn]
    listed = {play_parts(c) for c in game.legal_actions()}
    expected = {(v, n, j) for v in range(1, 14) for n in range(1, hand[v] + 1)
                for j in range(hand[JOKER] + 1)}
    expected |= {(JOKER, 0, j) for j in range(1, hand[JOKER] + 1)}
    assert listed == expected
    assert TAKE not in game.legal_actions()


@pytest.mark.parametrize("rules", EVERY_VARIANT, ids=RULES_IDS)
def test_samples_fit_the_view_and_stay_independent(rules: Rules) -> None:
    for seed in range(3):
        game = Game.new(rules, seed=seed)
        advance(game, random.Random(seed), 20 + seed * 13)
        seat = game.to_move if game.to_move is not None else 0
        view = game.view(seat)
        deals = set()
        for i in range(6):
            sim = view.sample(random.Random(i), Game)
            assert sim.view(seat) == view
            assert_all_cards(sim)
            for other in range(rules.players):
                assert sim.hands[other][0] == game.hands[other][0]
                assert all(sim.hands[other][v] >= game.known[other][v] for v in range(1, JOKER + 1))
            assert sim.legal_actions() == game.legal_actions()
            deals.add((tuple(map(tuple, sim.hands)), tuple(sim.deck)))
            random_playout(sim, random.Random(i))  # must not leak into the next sample
        assert view == game.view(seat)
        assert len(deals) > 1 or len(game.deck) + sum(h[0] for h in game.hands) - game.hands[seat][0] <= 1
        again = view.sample(random.Random(0), Game)
        first = game.view(seat).sample(random.Random(0), Game)
        assert again.to_json() == first.to_json(), "the same rng state gave different samples"


def test_bench_times_the_same_games_through_strings_and_codes() -> None:
    # The string and code runs choose with rng.choice over equally long
    # lists in the same order, so they must play the very same games.
    from abluxxen.cli.bench import measure, summary

    for players in (2, 4):
        row = summary(measure(Rules(players), games=3, repeat=2, seed=7))
        assert row["string"]["decisions_per_game"] == row["codes"]["decisions_per_game"]
        for way in ("string", "codes", "rollout"):
            assert row[way]["games_per_s"] > 0 and len(row[way]["runs_games_per_s"]) == 2
        assert row["codes"]["vs_string"] == row["codes"]["games_per_s"] / row["string"]["games_per_s"]
