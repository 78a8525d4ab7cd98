"""The race at the root: moves compared on shared deals keep exactly the statistics of their results."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from abluxxen.bots.race import Race

MOVES = ["play 7", "play 9 9", "take", "draw deck"]
results = st.lists(st.lists(st.floats(-30, 30), min_size=len(MOVES), max_size=len(MOVES)), min_size=2, max_size=60)


def raced(rows: list[list[float]]) -> Race:
    race = Race(MOVES)
    for row in rows:
        race.add(dict(zip(MOVES, row, strict=True)))
    return race


@settings(max_examples=200, deadline=None)
@given(rows=results)
def test_the_running_sums_give_the_paired_mean_and_standard_error_of_the_results(rows: list[list[float]]) -> None:
    race = raced(rows)
    for a in range(len(MOVES)):
        assert race.mean(MOVES[a]) == pytest.approx(statistics.fmean(r[a] for r in rows), abs=1e-9)
        for b in range(len(MOVES)):
            if a == b:
                continue
            diffs = [r[a] - r[b] for r in rows]
            avg, error = race.paired(MOVES[a], MOVES[b])
            assert avg == pytest.approx(statistics.fmean(diffs), abs=1e-9)
            spread = statistics.variance(diffs) if len(diffs) > 1 else 0.0
            assert error == pytest.approx(math.sqrt(spread / len(diffs) + 1e-12), rel=1e-6, abs=1e-6)
    assert race.results == {move: [r[i] for r in rows] for i, move in enumerate(MOVES)}


def test_a_move_clearly_behind_on_the_same_deals_is_dropped_and_a_kept_move_never_is() -> None:
    # "take" trails "play 7" by 1 point on every deal, with some noise; "play 9 9" is level.
    rows = [[5.0 + d, 5.0 + d + (0.1 if i % 2 else -0.1), 4.0 + d, 4.0 + d] for i, d in
            enumerate([0.0, 3.0, -2.0, 1.0, 4.0, -3.0, 2.0, -1.0])]
    race = raced(rows)
    race.drop_losers(2.5, keep=("draw deck",))
    assert race.alive == ["play 7", "play 9 9", "draw deck"]


def test_the_favourite_is_played_unless_another_move_is_better_by_the_override_margin() -> None:
    prior = {"play 7": 1.0, "play 9 9": 0.75, "take": 0.5, "draw deck": 0.25}
    # "play 9 9" minus "play 7": +0.1, +0.1, -0.3, +0.3 (a lead of 0.05, standard error 0.13).
    slightly = raced([[1.0, 1.1, 0.0, 0.0], [3.0, 3.1, 0.0, 0.0], [0.0, -0.3, 0.0, 0.0], [2.0, 2.3, 0.0, 0.0]])
    assert slightly.verdict(prior, 1.0) == "play 7"
    assert slightly.verdict(prior, 0.3) == "play 9 9"  # a smaller margin lets it through
    clearly = raced([[1.0 + d, 2.0 + d, 0.0, 0.0] for d in (0.0, 2.0, -1.0, 3.0, 1.0)])
    assert clearly.verdict(prior, 1.0) == "play 9 9"
    level = raced([[1.0, 1.0, 0.0, 0.0], [2.0, 2.0, 0.0, 0.0]])
    assert level.verdict(prior, 1.0) == "play 7"  # a tie goes to the higher prior
