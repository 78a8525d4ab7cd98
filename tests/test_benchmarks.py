"""The side-by-side benchmark measures what it says on this checkout."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _versus() -> ModuleType:
    spec = importlib.util.spec_from_file_location("versus", ROOT / "benchmarks" / "versus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_hard_benchmark_finds_play_positions_and_reports_the_moves() -> None:
    # The script picks play positions by the phase's name; it once read
    # str() of the Phase enum (a number), found none and never finished.
    versus = _versus()
    worker = versus.Worker(ROOT, positions=2)
    try:
        worker.ready()
        moves = [worker.ask("hard", i)[1] for i in range(2)]
        seconds, played = worker.ask("random", 0, 2)
    finally:
        worker.close()
    assert all(move.startswith("play ") for move in moves)
    assert seconds > 0 and played > 50  # two whole games, each dozens of moves


def test_both_sides_of_a_round_play_the_same_positions_and_games() -> None:
    # Taking turns is only fair if both sides answer the same questions: the
    # same checkout on both sides must give the same moves.
    versus = _versus()
    hard, rate, same = versus.one_round({"old": ROOT, "new": ROOT}, 0, positions=2, games=2, chunk=1)
    assert same
    assert set(hard) == set(rate) == {"old", "new"}
    assert all(seconds > 0 for seconds in hard.values())
