"""The bots' fast path (action codes, copies, random playouts) against the string API.

Bots search with ``legal_actions``/``apply_action``/``copy`` and finish
games with ``random_playout``; whatever they conclude is only worth something
if those paths play exactly the game that ``legal_moves``/``push`` play.
"""

from __future__ import annotations

import random

import pytest

from abluxxen import Game, Rules
from abluxxen.cards import DECK_SIZE, JOKER, POOL_SIZE, counts_of, full_deck
from abluxxen.game import layer_cards
from abluxxen.moves import PLAY_BASE, TAKE, play_parts
from abluxxen.playout import PlayoutPolicy, random_playout

ALL_RULES = [Rules(players, variant, duel=duel)
             for players, duel in ((2, None), (2, False), (3, None), (4, None), (5, None))
             for variant in ("base", "advanced", "expert")]
RULES_IDS = [f"{r.players}p-{r.variant}{'-duel' if r.is_duel else ''}" for r in ALL_RULES]
FULL_DECK = counts_of(full_deck())


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
    assert counts == FULL_DECK
    assert len(game.pool) <= POOL_SIZE


def advance(game: Game, rng: random.Random, moves: int) -> None:
    """Play some random moves through the string API."""
    for _ in range(moves):
        if game.is_over:
            return
        game.push(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULES_IDS)
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


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULES_IDS)
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


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULES_IDS)
def test_playout_chooses_as_uniform_choice_over_legal_actions(rules: Rules) -> None:
    # The documented policy: codes[int(rng.random() * len(codes))] at every
    # decision, so a playout and that loop reach the very same end.
    for seed in range(10):
        start = Game.new(rules, seed=seed)
        advance(start, random.Random(seed), seed * 11)  # mid-turn starts too
        looped, played = start.copy(), start.copy()
        rng_loop, rng_playout = random.Random(seed), random.Random(seed)
        decisions = 0
        while not looped.is_over:
            codes = looped.legal_actions()
            looped.apply_action(codes[int(rng_loop.random() * len(codes))])
            decisions += 1
        assert random_playout(played, rng_playout) == decisions
        assert played.to_json() == looped.to_json()
        assert played.outcome() == looped.outcome()
        assert rng_playout.random() == rng_loop.random(), "the playout used the rng differently"


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
        sim = view.sample(random.Random(i))
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


def test_policy_that_always_takes_never_discards() -> None:
    always_take = PlayoutPolicy(take=1.0)
    abluxxes = 0
    for seed in range(10):
        game = Game.new(Rules(4, "advanced"), seed=seed)
        before = [sum(layer[1] for layer in d) for d in game.displays]
        assert before == [0, 0, 0, 0]
        random_playout(game, random.Random(seed), policy=always_take)
        assert game.discard == [], "cards reached the discard pile without a leave"
        hands_and_displays = sum(h[0] for h in game.hands) + sum(layer[1] for d in game.displays for layer in d)
        abluxxes += hands_and_displays > 4 * 13  # takes bring draws: more cards in play than dealt
    assert abluxxes > 0


def test_policy_that_leaves_and_discards_fills_the_discard_pile() -> None:
    discarded = 0
    for seed in range(10):
        game = Game.new(Rules(4), seed=seed)
        random_playout(game, random.Random(seed), policy=PlayoutPolicy(take=0.0, back=0.0))
        assert_all_cards(game)
        discarded += len(game.discard)
        assert not any(game.known[s][0] > game.hands[s][0] for s in range(4))
    assert discarded > 0


def test_play_chooser_decides_every_play() -> None:
    def lowest_single(game: Game, rng: random.Random) -> int:
        assert game.phase_name == "play"
        hand = game.hands[game.turn]
        value = next(v for v in range(1, JOKER + 1) if hand[v])
        code = PLAY_BASE + value * 128 + (8 if value != JOKER else 1)
        assert code in game.legal_actions()
        return code

    for seed in range(5):
        game = Game.new(Rules(3), seed=seed)
        random_playout(game, random.Random(seed), policy=PlayoutPolicy(play=lowest_single))
        assert game.is_over
        assert_all_cards(game)
        for shown in game.displays:
            assert all(layer[1] == 1 for layer in shown), "a play the chooser did not make"


def test_single_draw_policy_never_draws_when_told_not_to() -> None:
    # Base game, nobody ever takes or discards: cards can enter a hand only
    # by the single draw after a turn without abluxx, or by back.
    for seed in range(5):
        game = Game.new(Rules(4), seed=seed)
        deck_before = len(game.deck)
        random_playout(game, random.Random(seed), policy=PlayoutPolicy(take=0.0, back=1.0, draw=0.0))
        assert len(game.deck) == deck_before and len(game.pool) == POOL_SIZE


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


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULES_IDS)
def test_samples_fit_the_view_and_stay_independent(rules: Rules) -> None:
    for seed in range(3):
        game = Game.new(rules, seed=seed)
        advance(game, random.Random(seed), 20 + seed * 13)
        seat = game.to_move if game.to_move is not None else 0
        view = game.view(seat)
        deals = set()
        for i in range(6):
            sim = view.sample(random.Random(i))
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
        again = view.sample(random.Random(0))
        first = game.view(seat).sample(random.Random(0))
        assert again.to_json() == first.to_json(), "the same rng state gave different samples"


def test_bench_times_the_same_games_through_strings_and_codes() -> None:
    # The string and code runs choose with rng.choice over equally long
    # lists in the same order, so they must play the very same games.
    from abluxxen.bench import measure, summary

    for players in (2, 4):
        row = summary(measure(Rules(players), games=3, repeat=2, seed=7))
        assert row["string"]["decisions_per_game"] == row["codes"]["decisions_per_game"]
        for way in ("string", "codes", "playout"):
            assert row[way]["games_per_s"] > 0 and len(row[way]["runs_games_per_s"]) == 2
        assert row["codes"]["vs_string"] == row["codes"]["games_per_s"] / row["string"]["games_per_s"]
