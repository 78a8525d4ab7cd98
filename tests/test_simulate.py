"""``abluxxen simulate``: bot tournaments whose tables add up."""

from __future__ import annotations

import argparse
import io
import json
from collections import Counter
from typing import Any

import pytest
from rich.console import Console

from abluxxen.cli import simulate
from abluxxen.cli.main import main


def _run(*argv: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    simulate.add_arguments(parser)
    out = io.StringIO()
    code = simulate.run(parser.parse_args(list(argv)), console=Console(file=out, width=120))
    return code, out.getvalue()


def _results(*argv: str) -> dict[str, Any]:
    code, text = _run(*argv, "--json")
    assert code == 0
    doc: dict[str, Any] = json.loads(text)
    return doc


def test_a_small_tournament_adds_up() -> None:
    doc = _results("--seats", "normal,easy,easy", "--games", "9", "--seed", "3")
    rows = doc["results"]
    assert [r["bot"] for r in rows] == ["normal", "easy", "easy"]
    assert sum(r["wins"] for r in rows) == pytest.approx(9)  # ties are shared out
    for r in rows:
        assert r["games"] == 9
        assert r["win_rate"] == pytest.approx(r["wins"] / 9)
        low, high = r["ci95"]
        assert low <= r["win_rate"] <= high
        assert r["decisions"] > 0
        assert 0 <= r["median_decision_s"] <= r["p95_decision_s"]


def test_the_table_shows_every_bot() -> None:
    code, text = _run("--seats", "easy,normal", "--games", "4", "--seed", "5")
    assert code == 0
    assert "easy" in text and "normal" in text and "4 games" in text and "duel" in text


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    args = ("--seats", "hard,normal", "--games", "4", "--seed", "8", "--think", "8", "--variant", "expert")
    one = _results(*args, "--jobs", "1")["results"]
    two = _results(*args, "--jobs", "2")["results"]
    assert [(r["wins"], r["mean_score"]) for r in one] == [(r["wins"], r["mean_score"]) for r in two]


def test_every_bot_starts_and_sits_everywhere_equally_often() -> None:
    starts: Counter[int] = Counter()
    places: Counter[tuple[int, int]] = Counter()
    for index in range(16):
        first, seat_of = simulate.seating(index, 4)
        assert sorted(seat_of) == [0, 1, 2, 3]
        starts[seat_of.index(first)] += 1
        for bot, seat in enumerate(seat_of):
            places[bot, seat] += 1
    assert set(starts.values()) == {4}
    assert set(places.values()) == {4} and len(places) == 16


@pytest.mark.parametrize("argv, words", [
    (("--seats", "easy,genius"), "unknown bot level"),
    (("--seats", "easy"), "2 to 5"),
    (("--games", "0"), "from 1 to 1000000"),
])
def test_bad_options_give_a_one_line_reason(argv: tuple[str, ...], words: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["simulate", *argv])
    except SystemExit as stop:  # refused by the option's own check
        code = stop.code  # type: ignore[assignment]
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert code == 2
    assert words in text and len(text.strip().splitlines()) == 1


def test_a_bot_that_never_wins_still_gets_an_honest_interval() -> None:
    doc = _results("--seats", "normal,easy", "--games", "6", "--seed", "1", "--no-duel")
    for row in doc["results"]:
        low, high = row["ci95"]
        assert low <= row["win_rate"] <= high and high - low > 0.2  # six games say little, even at 0 or 6 wins
    assert simulate.wilson(0, 20) == pytest.approx((0.0, 0.161), abs=0.001)
    assert simulate.wilson(20, 20) == pytest.approx((0.839, 1.0), abs=0.001)


def test_the_same_seed_gives_the_same_tournament() -> None:
    runs = [_results("--seats", "hard,easy", "--games", "2", "--seed", "9", "--think", "40") for _ in range(2)]
    for run in runs:
        for row in run["results"]:
            row.pop("median_decision_s"), row.pop("p95_decision_s")
    assert runs[0] == runs[1]
