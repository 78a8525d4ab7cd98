"""A club tournament's points by finishing place, and a person's tournaments in ``abluxxen stats``."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest
from helpers import bots_game
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from abluxxen import Rules
from abluxxen.cli.main import main
from abluxxen.store.ratings import places, rate
from abluxxen.store.records import Records, open_records
from abluxxen.store.records_reading import TournamentRound
from abluxxen.store.tournament_points import absent, place_points

# -- place_points ------------------------------------------------------------------------


@pytest.mark.parametrize(("places_", "away", "points"), [
    ([1, 2, 3, 4], None, [3, 2, 1, 0]),
    ([2, 1], None, [0, 1]),
    ([1, 1, 3, 4], None, [2.5, 2.5, 1, 0]),           # two first at four share 3 + 2
    ([1, 2, 2, 2, 5], None, [4, 2, 2, 2, 0]),         # three second share 3 + 2 + 1
    ([1, 1, 2], None, [1.5, 1.5, 0]),                 # places are only compared
    ([1, 1, 1], None, [1, 1, 1]),
    ([1, 2, 3, 4], [1, 0, 0, 0], [0, 3, 2, 1]),       # the winner was absent: last, the others move up
    ([1, 2, 3, 4], [1, 0, 1, 0], [0.5, 3, 0.5, 2]),   # two absent share the last two places
    ([1, 1, 3], [0, 1, 0], [2, 0, 1]),
    ([1, 2], [1, 1], [0.5, 0.5]),
])
def test_place_points_give_n_minus_1_down_to_0_ties_share_and_the_absent_are_last(
        places_: list[int], away: list[int] | None, points: list[float]) -> None:
    assert place_points(places_, None if away is None else [bool(a) for a in away]) == points


@pytest.mark.parametrize(("places_", "away"), [
    ([0, 1], None), ([1, 3], None), ([1, 2.0], None), ([1, True], None), ([1, 2], [False]), ([1], [False, True]),
])
def test_place_points_refuse_places_no_table_has(places_: list[int], away: list[bool] | None) -> None:
    with pytest.raises(ValueError, match="places at a table of"):
        place_points(places_, away)


@given(st.lists(st.integers(-20, 30), min_size=2, max_size=5).flatmap(
    lambda scores: st.tuples(st.just(scores), st.lists(st.booleans(), min_size=len(scores), max_size=len(scores)))))
def test_every_game_gives_n_n_minus_1_over_2_points_and_a_better_place_never_fewer(
        game: tuple[list[int], list[bool]]) -> None:
    scores, away = game
    best = max(scores)
    ranks = places(scores, [s for s, score in enumerate(scores) if score == best])
    points = place_points(ranks, away)
    n = len(scores)
    assert sum(points) == n * (n - 1) / 2
    for a, b in itertools.permutations(range(n), 2):
        if not away[a] and (away[b] or ranks[a] < ranks[b]):
            assert points[a] > points[b]
        if ranks[a] == ranks[b] and away[a] == away[b]:
            assert points[a] == points[b]


def test_the_absent_are_the_seats_a_stand_in_played_mostly() -> None:
    # No more than half of its decisions its person's own: absent (store/ratings.py's played_by_person).
    assert absent([(40, 30), (40, 20), (40, 19), (40, 0), (0, 0), (10, 10)]) == [True, True, False, False, False,
                                                                                 True]


# -- stats -------------------------------------------------------------------------------

START = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)


def _add(records: Records, seats: Sequence[tuple[str, str | None]], scores: Sequence[int], winners: Sequence[int],
         tournament: TournamentRound | None, decisions: Sequence[tuple[int, int]] | None = None) -> None:
    number = records.count() + 1
    n = len(seats)
    records.add(key=f"g{number}:0", match_key=f"g{number}", game_index=0, when=START + timedelta(days=number),
                rules=Rules(n, duel=False if n == 2 else None, tiebreak="shared"), seats=seats, scores=scores,
                hand_sizes=[0] * n, display_sizes=list(scores), winners=winners, seed=None, assisted=False,
                reason="hand-empty", transcript=bots_game(n), decisions=decisions,
                tournament=tournament)


def _two_cups() -> None:
    """Ann and Ben in two tournaments: the Spring cup (#3, two rounds, Ann's second played by a stand-in
    though her cards came first) and, later, the Evening cup (#7, a shared win); and a game outside both."""
    with open_records() as records:
        _add(records, [("Ann", None), ("Ben", None), ("Cy", None), ("Hal", "hard")], [10, 4, 4, 1], [0],
             TournamentRound(3, "Spring cup", 1))  # Ann 3, Ben and Cy 1.5 each, Hal 0
        _add(records, [("Ann", None), ("Ben", None)], [9, 2], [0], None)
        _add(records, [("Ben", None), ("Ann", None), ("Cy", None), ("Dora", None)], [5, 12, 3, 1], [1],
             TournamentRound(3, "Spring cup", 2), decisions=[(40, 0), (40, 30), (40, 0), (40, 0)])
        # Ann last: 0; Ben 3, Cy 2, Dora 1
        _add(records, [("Ann", None), ("Ben", None)], [6, 6], [0, 1], TournamentRound(7, "Evening cup", 1))


def _stats(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert main(["stats", *args]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("lang", "evening", "spring"), [
    ("en", r"#7 Evening cup +1 +0\.5", r"#3 Spring cup +2 +3$"),
    ("de", r"Nr\. 7 Evening cup +1 +0,5", r"Nr\. 3 Spring cup +2 +3$"),
])
def test_stats_shows_a_persons_tournaments_newest_first_with_rounds_and_points_by_place(
        capsys: pytest.CaptureFixture[str], lang: str, evening: str, spring: str) -> None:
    _two_cups()
    lines = [line.rstrip() for line in _stats(capsys, "Ann", "--lang", lang).splitlines()]
    found = [i for i, line in enumerate(lines) for pattern in (evening, spring) if re.search(pattern, line)]
    assert len(found) == 2 and found[0] < found[1], lines  # the one played last first
    assert any(("Tournament" if lang == "en" else "Turnier") in line for line in lines[:found[0]])
    assert len(lines) <= 22 and max(cell_len(line) for line in lines) <= 80


@pytest.mark.parametrize("columns", [60, 44])
def test_a_narrow_terminal_shows_the_tournaments_under_the_opponents_their_numbers_whole(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    _two_cups()
    monkeypatch.setenv("COLUMNS", str(columns))
    lines = [line.rstrip() for line in _stats(capsys, "Ann", "--lang", "de").splitlines()]
    heads = [i for i, line in enumerate(lines) if re.match(r"(Gegen|Turnier) ", line)]
    assert len(heads) == 2 and re.search(r"Runden +Punkte$", lines[heads[1]])
    assert re.search(r"Nr\. 7 Evening cup +1 +0,5$", lines[heads[1] + 1])
    assert re.search(r"Nr\. 3 Spring cup +2 +3$", lines[heads[1] + 2])


def test_stats_json_gives_each_games_tournament_and_each_persons_tournaments(
        capsys: pytest.CaptureFixture[str]) -> None:
    _two_cups()
    doc = json.loads(_stats(capsys, "--json"))
    assert [g["tournament"] for g in doc["games"]] == [
        {"number": 3, "name": "Spring cup", "round": 1}, None, {"number": 3, "name": "Spring cup", "round": 2},
        {"number": 7, "name": "Evening cup", "round": 1}]
    played = {p["name"]: p["tournaments"] for p in doc["players"]}
    assert played["Ann"] == [{"number": 7, "name": "Evening cup", "rounds": [1], "games": 1, "points": 0.5},
                             {"number": 3, "name": "Spring cup", "rounds": [1, 2], "games": 2, "points": 3.0}]
    assert played["Ben"] == [{"number": 7, "name": "Evening cup", "rounds": [1], "games": 1, "points": 0.5},
                             {"number": 3, "name": "Spring cup", "rounds": [1, 2], "games": 2, "points": 4.5}]
    assert played["Dora"] == [{"number": 3, "name": "Spring cup", "rounds": [2], "games": 1, "points": 1.0}]
    with open_records() as records:  # rated as any game: the stand-in's seat left out, as ever
        games = records.games()
    untagged = [type(g)(**{**{f: getattr(g, f) for f in g.__dataclass_fields__}, "tournament": None}) for g in games]
    assert rate(games).players == rate(untagged).players


def test_stats_counts_the_tournaments_past_those_it_shows(capsys: pytest.CaptureFixture[str]) -> None:
    with open_records() as records:
        for number in range(1, 7):
            _add(records, [("Ann", None), ("Hal", "hard")], [5, 1], [0],
                 TournamentRound(number, f"Cup {number} [bold]der Abluxxen-Freunde aus Süddeutschland"[:40], 1))
    for lang, more in (("en", "and 3 more"), ("de", "und 3 weitere")):
        out = _stats(capsys, "Ann", "--lang", lang)
        assert [int(n) for n in re.findall(r"Cup (\d)", out)] == [6, 5, 4] and more in out
        assert out.count("Cup 6 [bold]") == 1  # the name as written, never read as markup
        lines = out.splitlines()  # the longest names cut to fit, never the numbers
        assert len(lines) <= 22 and max(cell_len(line) for line in lines) <= 80
        assert all(re.search(r"Cup \d .*… +1 +1$", line) for line in lines if "Cup" in line)
