"""Properties over random games of every variant and player count.

Games are driven by a seed (the deal) and a second seed (the random choice of
legal moves), so hypothesis shrinks to small numbers and every failure can be
replayed with ``random_game``-style code.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from helpers import ALL_RULES, FULL_DECK, all_cards
from hypothesis import given, settings
from hypothesis import strategies as st

from abluxxen import Game, IllegalMove, Rules
from abluxxen.engine.cards import parse_token, token

RULES = st.sampled_from(ALL_RULES)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
MAX_MOVES = 3000  # far above the longest random game seen (a few hundred moves)


def positions(rules: Rules, seed: int, every: int = 1) -> Any:
    """Yield a random game at every ``every``-th position, to the end (the game goes on after)."""
    game = Game.new(rules, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    done = 0
    while True:
        if done % every == 0 or game.is_over:
            yield game
        if game.is_over:
            return
        game.push(rng.choice(game.legal_moves()))
        done += 1
        assert done < MAX_MOVES, "the game does not end"


@settings(max_examples=150, deadline=None, database=None)
@given(rules=RULES, seed=SEEDS)
def test_all_109_cards_accounted_for_after_every_move_and_every_game_ends(rules: Rules, seed: int) -> None:
    last = None
    for game in positions(rules, seed):
        doc = game.to_json()
        assert all_cards(game) == FULL_DECK
        scores = game.scores()
        shown = [sum(len(layer) for layer in d) for d in doc["displays"]]
        assert scores == [s - len(h) for s, h in zip(shown, doc["hands"], strict=True)]
        last = game
    assert last is not None and last.is_over and last.legal_moves() == [] and last.to_move is None
    outcome = last.outcome()
    assert outcome is not None and outcome.reason in ("hand-empty", "exhausted")
    if outcome.reason == "hand-empty":
        assert outcome.hand_sizes[outcome.seat] == 0
    else:
        assert last.to_json()["deck"] == [] and last.to_json()["pool"] == []
    best = max(outcome.scores)
    assert all(outcome.scores[w] == best for w in outcome.winners)


@settings(max_examples=100, deadline=None, database=None)
@given(rules=RULES, seed=SEEDS, stop=st.integers(min_value=0, max_value=400), script=SEEDS)
def test_save_and_load_at_any_point_continues_identically(rules: Rules, seed: int, stop: int,
                                                          script: int) -> None:
    game = Game.new(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(stop):
        if game.is_over:
            break
        game.push(rng.choice(game.legal_moves()))
    restored = Game.from_json(copy.deepcopy(game.to_json()))
    moves = random.Random(script)
    while not game.is_over:
        assert restored.legal_moves() == game.legal_moves()
        move = moves.choice(game.legal_moves())
        assert restored.push(move) == game.push(move)
    assert restored.to_json() == game.to_json()
    assert restored.outcome() == game.outcome()


def reshuffle_hidden(doc: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The document with every card ``seat`` cannot see dealt again at random.

    The deck and the other hands' cards that nobody knows about are shuffled
    together and dealt back: each other hand keeps its known cards and its size.
    """
    doc = copy.deepcopy(doc)
    n = len(doc["hands"])
    known = doc.get("known") or [[] for _ in range(n)]
    hidden = list(doc["deck"])
    unknown_count: dict[int, int] = {}
    for other in range(n):
        if other == seat:
            continue
        rest = Counter(doc["hands"][other]) - Counter(known[other])
        hidden += list(rest.elements())
        unknown_count[other] = sum(rest.values())
    rng.shuffle(hidden)
    at = 0
    for other, count in unknown_count.items():
        doc["hands"][other] = sorted(known[other] + hidden[at:at + count], key=parse_token)
        at += count
    doc["deck"] = hidden[at:]
    return doc


@settings(max_examples=100, deadline=None, database=None)
@given(rules=RULES, seed=SEEDS, shuffle=SEEDS)
def test_a_view_ignores_cards_the_seat_cannot_see(rules: Rules, seed: int, shuffle: int) -> None:
    rng = random.Random(shuffle)
    differed = 0
    for game in positions(rules, seed, every=7):
        doc = game.to_json()
        for seat in range(rules.players):
            other_doc = reshuffle_hidden(doc, seat, rng)
            differed += other_doc != doc
            other = Game.from_json(other_doc)
            assert other.view(seat) == game.view(seat)
            assert other.view(seat).to_json() == game.view(seat).to_json()
            if game.to_move == seat:
                assert other.legal_moves() == game.legal_moves()
    assert differed, "the reshuffle never changed anything: the test would prove nothing"


def test_a_view_differs_when_the_seats_own_hand_differs() -> None:
    # The converse, so that the property above can fail: a view does show the own hand.
    game = Game.new(Rules(4), seed=3)
    doc = game.to_json()
    doc["hands"][0], doc["hands"][1] = doc["hands"][1], doc["hands"][0]
    swapped = Game.from_json(doc)
    assert swapped.view(0) != game.view(0)
    assert swapped.view(2) == game.view(2)


@settings(max_examples=100, deadline=None, database=None)
@given(rules=RULES, seed=SEEDS, sample=SEEDS)
def test_sampled_game_shows_the_same_view(rules: Rules, seed: int, sample: int) -> None:
    rng = random.Random(sample)
    for game in positions(rules, seed, every=5):
        for seat in range(rules.players):
            view = game.view(seat)
            sampled = view.sample(rng, Game)
            assert sampled.view(seat) == view
            assert all_cards(sampled) == FULL_DECK
            if not game.is_over and game.to_move == seat:
                assert sampled.legal_moves() == game.legal_moves()


def candidate_moves(game: Game, rng: random.Random) -> list[str]:
    """Canonical move texts, legal or not, to try in a position."""
    moves = ["take", "leave", "back", "discard", "pass", "draw deck"]
    moves += [f"shadow {v}" for v in range(1, 14)]
    moves += ["draw " + token(c) for c in range(1, 15)]
    moves += ["draw " + slot for slot in game.to_json()["pool"]]
    for _ in range(12):
        value = rng.randint(1, 14)
        numbers = 0 if value == 14 else rng.randint(1, 4)
        jokers = rng.randint(0 if numbers else 1, 2)
        moves.append("play " + " ".join([token(value)] * numbers + ["X"] * jokers))
    return moves


@settings(max_examples=100, deadline=None, database=None)
@given(rules=RULES, seed=SEEDS, probe=SEEDS)
def test_legal_moves_are_exactly_the_moves_push_accepts(rules: Rules, seed: int, probe: int) -> None:
    rng = random.Random(probe)
    for game in positions(rules, seed, every=3):
        legal = game.legal_moves()
        assert len(legal) == len(set(legal)), "no duplicates"
        assert game.legal_moves() == legal and game.copy().legal_moves() == legal, "stable"
        assert bool(legal) != game.is_over
        mover = game.to_move
        for seat in range(rules.players):
            assert game.view(seat).legal_moves() == (legal if seat == mover else [])
        before = game.to_json()
        tried = rng.sample(candidate_moves(game, rng), 10)
        for move in tried + legal[:3]:
            if move in legal:
                game.copy().push(move)
                if mover is not None:
                    wrong = (mover + 1) % rules.players
                    try:
                        game.push(move, seat=wrong)
                    except IllegalMove:
                        pass
                    else:
                        raise AssertionError(f"{move!r} was accepted from seat {wrong}")
            else:
                try:
                    game.push(move)
                except IllegalMove as err:
                    assert str(err)
                else:
                    raise AssertionError(f"{move!r} was accepted but is not among {legal}")
            assert game.to_json() == before
