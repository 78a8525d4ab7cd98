"""A club tournament's rules (``abluxxen/club/swiss.py``): how a field is cut into tables, who sits with whom
each round, the points a finish is worth and the order of the standings.

Random events are played through with the module's own pairing and random finishes (shared places,
absences and withdrawals included), driven by hypothesis's seeded random, so a failure shrinks to a small
event. Whether a round repeats only what it must is checked against a brute force over every seating the
rule allows (every order of the ranking that keeps its points), for fields small enough to try them all.
"""

from __future__ import annotations

import doctest
import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from abluxxen.club import swiss
from abluxxen.club.swiss import (
    ABSENCES,
    Entrant,
    Finish,
    Round,
    pair_round,
    repeats,
    standings,
    table_sizes,
)
from abluxxen.store.tournament_points import place_points

NAMES = ("Anna", "Bernd", "Carla", "Dieter", "Eva", "Frank", "Greta", "Hugo", "Ida", "Jan", "Kai", "Lea",
         "Mia", "Nils", "Olga", "Paul")
#: A brute force tries every seating the rule allows up to this many.
BRUTE_FORCE = 3000


# -- the field cut into tables --------------------------------------------------------------------------


def _splits(count: int, small: int, big: int) -> list[tuple[int, int]]:
    """Every way of seating ``count`` at tables of ``small`` and ``big``: (how many small, how many big)."""
    return [(a, (count - a * small) // big) for a in range(count // small + 1)
            if (count - a * small) % big == 0]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_a_field_plays_at_tables_of_its_size_and_one_seat_less_else_one_more_else_as_even_as_can_be(
        seats: int) -> None:
    for count in range(2, 301):
        sizes = table_sizes(count, seats)
        assert sum(sizes) == count and all(2 <= size <= 5 for size in sizes), (count, seats, sizes)
        assert sizes == sorted(sizes, reverse=True), "table 1 is the biggest"
        less = [split for split in _splits(count, seats - 1, seats) if seats - 1 >= 2 or split[0] == 0]
        more = [split for split in _splits(count, seats, seats + 1) if seats + 1 <= 5 or split[1] == 0]
        if less:
            # As many tables of the chosen size as the field allows, one seat less for the rest.
            most = max(less, key=lambda split: split[1])
            assert Counter(sizes) == Counter({seats - 1: most[0], seats: most[1]}) - Counter(), (count, seats)
        elif more:
            most = max(more, key=lambda split: split[0])
            assert Counter(sizes) == Counter({seats: most[0], seats + 1: most[1]}) - Counter(), (count, seats)
        else:
            assert len(sizes) == math.ceil(count / seats) and max(sizes) - min(sizes) <= 1, (count, seats)
    assert table_sizes(9, 4) == [3, 3, 3] and table_sizes(10, 4) == [4, 3, 3] and table_sizes(5, 4) == [5]
    assert table_sizes(7, 2) == [3, 2, 2] and table_sizes(6, 5) == [3, 3] and table_sizes(11, 5) == [4, 4, 3]


@pytest.mark.parametrize(("count", "seats"), [(1, 4), (0, 2), (-3, 3), (8, 1), (8, 6), (8, True), (True, 4),
                                              (4.0, 4)])
def test_a_field_that_cannot_be_seated_is_refused_in_one_line(count: int, seats: int) -> None:
    with pytest.raises(ValueError, match=r"^[^\n]+$"):
        table_sizes(count, seats)


# -- points by place ------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None, database=None)
@given(st.integers(2, 5).flatmap(lambda n: st.lists(st.integers(1, n), min_size=n, max_size=n)))
def test_a_table_gives_out_n_n_minus_1_over_2_points_shared_places_sharing(places: list[int]) -> None:
    n = len(places)
    points = place_points(places)
    assert sum(points) == n * (n - 1) / 2
    for a, b in itertools.combinations(range(n), 2):
        if places[a] == places[b]:
            assert points[a] == points[b]
        else:
            assert (points[a] > points[b]) == (places[a] < places[b]), "a better place is worth more"
    # Those sharing a place take the mean of the finishes they cover together.
    for place in set(places):
        better, shared = sum(p < place for p in places), places.count(place)
        mean = sum(n - 1 - finish for finish in range(better, better + shared)) / shared
        assert all(points[seat] == mean for seat in range(n) if places[seat] == place)


def test_points_at_four_are_3_2_1_0_and_two_tied_first_score_2_5_each() -> None:
    assert place_points([1, 2, 3, 4]) == [3, 2, 1, 0]
    assert place_points([1, 1, 3, 4]) == [2.5, 2.5, 1, 0]
    assert place_points([1, 1, 2, 3]) == [2.5, 2.5, 1, 0], "places are only compared"
    assert place_points([2, 1]) == [0, 1]
    with pytest.raises(ValueError, match=r"^[^\n]+$"):
        place_points([1, 5, 2])


@settings(max_examples=200, deadline=None, database=None)
@given(st.integers(2, 5).flatmap(lambda n: st.tuples(st.lists(st.integers(1, n), min_size=n, max_size=n),
                                                     st.lists(st.booleans(), min_size=n, max_size=n))))
def test_the_absent_share_the_last_places_whatever_their_bot_did(seats: tuple[list[int], list[bool]]) -> None:
    places, absent = seats
    points = place_points(places, absent)
    away = [seat for seat in range(len(places)) if absent[seat]]
    here = [seat for seat in range(len(places)) if not absent[seat]]
    # The absent share the last len(away) finishes: 0 + 1 + … + (len(away) - 1), shared.
    assert all(points[seat] == (len(away) - 1) / 2 for seat in away)
    assert all(points[seat] >= len(away) for seat in here), "anyone who played is ahead of the absent"
    for a, b in itertools.combinations(here, 2):
        assert (points[a] > points[b]) == (places[a] < places[b]), "those who played keep their order"
        assert (points[a] == points[b]) == (places[a] == places[b])


# -- playing random events ------------------------------------------------------------------------------


def _play(rng: random.Random, entrants: Sequence[Entrant], tables: list[list[str]], absent: float) -> Round:
    """Made-up finishes of a round: random places (shared ones too), scores, and people absent at random."""
    bots = {e.name for e in entrants if e.bot}
    played = []
    for table in tables:
        places = [rng.randint(1, len(table)) for _ in table]
        played.append([Finish(name, place, rng.randint(-20, 30), absent=name not in bots and rng.random() < absent)
                       for name, place in zip(table, places, strict=True)])
    return played


#: A random event: its field, the rounds played, its table size, names the organiser withdrew, and the random
#: that made up its finishes (for more of the same).
Event = tuple[list[Entrant], list[Round], int, set[str], random.Random]


@st.composite
def events(draw: st.DrawFn, most: int = 12) -> Event:
    """A field, some rounds of it played with random finishes, its table size, names the organiser withdrew."""
    count = draw(st.integers(2, most))
    names = draw(st.permutations(NAMES))[:count]
    # Ratings from a narrow range, so ties of rating (then names) decide too.
    entrants = [Entrant(name, draw(st.integers(1000, 1003)), bot=draw(st.booleans())) for name in names]
    seats = draw(st.integers(2, 5))
    rng = draw(st.randoms(use_true_random=False))
    withdrawn = set(draw(st.lists(st.sampled_from(names), max_size=2))) if draw(st.booleans()) else set()
    results: list[Round] = []
    for _ in range(draw(st.integers(0, 4))):
        try:
            tables = pair_round(entrants, results, seats, withdrawn)
        except ValueError:
            break  # fewer than two left to seat
        results.append(_play(rng, entrants, tables, absent=draw(st.sampled_from([0, 0.1, 0.3]))))
    return entrants, results, seats, withdrawn, rng


def _still_in(entrants: Sequence[Entrant], results: Sequence[Round], withdrawn: set[str]) -> list[Entrant]:
    absences = Counter(finish.name for played in results for table in played for finish in table if finish.absent)
    return [e for e in entrants if e.name not in withdrawn and absences[e.name] < ABSENCES]


def _ranking(entrants: Sequence[Entrant], results: Sequence[Round], playing: Sequence[Entrant]) -> list[Entrant]:
    points = {s.name: s.points for s in standings(entrants, results)}
    return sorted(playing, key=lambda e: (-points[e.name], -e.rating, e.name.casefold()))


@settings(max_examples=200, deadline=None, database=None)
@given(events())
def test_every_entrant_still_in_is_seated_once_at_tables_of_2_to_5_as_table_sizes_says(event: Event) -> None:
    entrants, results, seats, withdrawn, _ = event
    playing = _still_in(entrants, results, withdrawn)
    if len(playing) < 2:
        with pytest.raises(ValueError, match=r"^[^\n]+$"):
            pair_round(entrants, results, seats, withdrawn)
        return
    tables = pair_round(entrants, results, seats, withdrawn)
    seated = [name for table in tables for name in table]
    assert sorted(seated) == sorted(e.name for e in playing), "everyone still in, once; nobody withdrawn"
    assert [len(table) for table in tables] == table_sizes(len(playing), seats)
    assert all(2 <= len(table) <= 5 for table in tables)
    rating = {e.name: e.rating for e in entrants}
    if not results:
        assert seated == [e.name for e in sorted(playing, key=lambda e: (-e.rating, e.name.casefold()))]
    else:
        # Cut from an order of the ranking that keeps its points: leaders play leaders.
        ranking = _ranking(entrants, results, playing)
        points = {s.name: s.points for s in standings(entrants, results)}
        assert [points[name] for name in seated] == [points[e.name] for e in ranking]
        for table in tables:
            assert table == sorted(table, key=lambda name: (-points[name], -rating[name], name.casefold()))


@settings(max_examples=200, deadline=None, database=None)
@given(events(most=10))
def test_a_round_repeats_only_what_every_order_of_equal_points_would_and_is_the_nearest_such(event: Event) -> None:
    entrants, results, seats, withdrawn, _ = event
    playing = _still_in(entrants, results, withdrawn)
    if not results or len(playing) < 2:
        return
    ranking = _ranking(entrants, results, playing)
    points = {s.name: s.points for s in standings(entrants, results)}
    groups = [list(group) for _, group in itertools.groupby(range(len(ranking)), lambda i: points[ranking[i].name])]
    sizes = table_sizes(len(playing), seats)
    tables = pair_round(entrants, results, seats, withdrawn)
    found = repeats(tables, results)
    canonical = [[e.name for e in ranking[start:start + size]]
                 for start, size in zip(itertools.accumulate([0, *sizes]), sizes, strict=False)]
    assert found <= repeats(canonical, results)
    if math.prod(math.factorial(len(group)) for group in groups) > BRUTE_FORCE:
        return
    position = {e.name: i for i, e in enumerate(ranking)}
    best = None
    for orders in itertools.product(*(itertools.permutations(group) for group in groups)):
        order = [ranking[i].name for part in orders for i in part]
        seating = [order[start:start + size] for start, size in zip(itertools.accumulate([0, *sizes]), sizes,
                                                                    strict=False)]
        key = (repeats(seating, results), [sorted(position[name] for name in table) for table in seating])
        best = key if best is None or key < best else best
    assert best is not None
    assert found == best[0], "a repeat some order of equal points avoids"
    assert [sorted(position[name] for name in table) for table in tables] == best[1], \
        "not the nearest to the ranking of the seatings with the fewest repeats"


@settings(max_examples=100, deadline=None, database=None)
@given(events())
def test_the_same_results_give_the_same_round_and_standings_in_whatever_order_they_are_told(event: Event) -> None:
    entrants, results, seats, withdrawn, rng = event
    shuffled = [[rng.sample(list(table), len(table)) for table in rng.sample(list(played), len(played))]
                for played in results]
    field = rng.sample(entrants, len(entrants))
    assert standings(field, shuffled, withdrawn) == standings(entrants, results, withdrawn)
    try:
        tables = pair_round(entrants, results, seats, withdrawn)
    except ValueError:
        return
    assert pair_round(field, shuffled, seats, withdrawn) == tables
    assert pair_round(list(entrants), list(results), seats, set(withdrawn)) == tables


@settings(max_examples=200, deadline=None, database=None)
@given(events())
def test_standings_order_by_points_then_opponents_points_then_score_difference_then_name(event: Event) -> None:
    entrants, results, _, withdrawn, _ = event
    lines = standings(entrants, results, withdrawn)
    assert sorted(s.name for s in lines) == sorted(e.name for e in entrants)
    for a, b in itertools.pairwise(lines):
        ahead, behind = (a.points, a.opponents_points, a.score_difference), \
            (b.points, b.opponents_points, b.score_difference)
        assert ahead > behind or (ahead == behind and a.name.casefold() < b.name.casefold())
    by_name = {s.name: s for s in lines}
    # Each round gives out n(n-1)/2 points a table; the score differences at a table add up to nothing.
    tables = [table for played in results for table in played]
    assert sum(s.points for s in lines) == sum(len(t) * (len(t) - 1) / 2 for t in tables)
    assert math.isclose(sum(s.score_difference for s in lines), 0, abs_tol=1e-9)
    for name, line in by_name.items():
        mine = [table for table in tables if any(f.name == name for f in table)]
        assert line.games == len(mine)
        assert line.opponents_points == sum(by_name[f.name].points for table in mine for f in table
                                            if f.name != name)
    still_in = {e.name for e in _still_in(entrants, results, withdrawn)}
    assert {s.name for s in lines if not s.withdrawn} == still_in
    assert {s.name for s in lines if s.bot} == {e.name for e in entrants if e.bot}


# -- the absent, the withdrawn, the tie-breaks ------------------------------------------------------------


FIELD = [Entrant("Anna", 1620), Entrant("Bernd", 1580), Entrant("Carla", 1540), Entrant("Dieter", 1500),
         Entrant("Eva", 1460), Entrant("Frank", 1420), Entrant("Greta", 1380), Entrant("Hugo", 1339, bot=True)]


def test_an_absent_entrant_places_last_with_the_lowest_score_though_their_bot_won() -> None:
    table = [Finish("Anna", 1, 12, absent=True), Finish("Bernd", 2, 8), Finish("Carla", 3, 1)]
    lines = {s.name: s for s in standings(FIELD[:3], [[table]])}
    assert (lines["Bernd"].points, lines["Carla"].points, lines["Anna"].points) == (2, 1, 0)
    # Anna counts the table's lowest score, 1: 1 - (8 + 1) / 2.
    assert lines["Anna"].score_difference == -3.5 and lines["Bernd"].score_difference == 7.0


def test_the_eight_entrant_example_of_the_docs_holds_and_plays_three_rounds_to_its_end() -> None:
    """The module's own example (docs/hosting.md copies it) is true, and goes on: Frank, absent again in
    round 2, is withdrawn and round 3 seats the seven left at a four and a three."""
    assert doctest.testmod(swiss, raise_on_error=False).failed == 0
    round_1 = [[Finish("Anna", 2, 4), Finish("Bernd", 4, -3), Finish("Carla", 1, 9), Finish("Dieter", 2, 4)],
               [Finish("Eva", 2, 5), Finish("Frank", 3, 6, absent=True), Finish("Greta", 4, 2),
                Finish("Hugo", 1, 7)]]
    assert pair_round(FIELD, [], 4) == [["Anna", "Bernd", "Carla", "Dieter"], ["Eva", "Frank", "Greta", "Hugo"]]
    tables = pair_round(FIELD, [round_1], 4)
    assert tables == [["Carla", "Hugo", "Eva", "Anna"], ["Dieter", "Greta", "Bernd", "Frank"]]
    # Two tables' players at each table of four: two pairs meet again at each, no fewer is possible.
    assert repeats(tables, [round_1]) == 4
    round_2 = [[Finish("Carla", 2, 3), Finish("Hugo", 1, 8), Finish("Eva", 3, 0), Finish("Anna", 4, -2)],
               [Finish("Dieter", 1, 10), Finish("Greta", 3, 1), Finish("Bernd", 2, 4),
                Finish("Frank", 4, 2, absent=True)]]
    tables = pair_round(FIELD, [round_1, round_2], 4)
    assert [len(table) for table in tables] == [4, 3] and "Frank" not in sum(tables, [])
    assert tables[0][:2] == ["Hugo", "Carla"], "the leaders on points at table 1"
    round_3 = [[Finish(name, place, 10 - 3 * place) for place, name in enumerate(table, 1)] for table in tables]
    final = standings(FIELD, [round_1, round_2, round_3])  # Hugo won all three
    assert final[0].name == "Hugo" and final[0].points == 9 and final[0].games == 3
    frank = next(s for s in final if s.name == "Frank")
    assert frank.withdrawn and frank.games == 2 and frank.points == 0
    assert all(not s.withdrawn for s in final if s.name != "Frank")


def test_a_tie_of_points_goes_to_the_harder_opposition_then_the_score_difference_then_the_name() -> None:
    field = [Entrant(name, 1000) for name in ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay")]
    results: list[Round] = [
        [[Finish("Ann", 1, 5), Finish("Bob", 2, 0)], [Finish("Dan", 1, 5), Finish("Eve", 2, 0)],
         [Finish("Cid", 1, 1), Finish("Fay", 2, 0)]],
        [[Finish("Bob", 1, 3), Finish("Fay", 2, 2)], [Finish("Ann", 2, 1), Finish("Dan", 1, 9)],
         [Finish("Cid", 2, 4), Finish("Eve", 1, 7)]],
    ]
    # Dan won twice, Fay never; the other four won once. Ann and Eve met Dan (2) and a one-point player,
    # Bob and Cid a one-point player and Fay: Ann and Eve first. Eve's score difference is -5 + 3, Ann's
    # 5 - 8; Cid's 1 - 3, Bob's -5 + 1.
    assert [s.name for s in standings(field, results)] == ["Dan", "Eve", "Ann", "Cid", "Bob", "Fay"]
    even = [[[Finish("Ann", 1, 7), Finish("Bob", 1, 7)], [Finish("Cid", 1, 2), Finish("Dan", 1, 2)]]]
    assert [s.name for s in standings(field[:4], even)] == ["Ann", "Bob", "Cid", "Dan"], "then by name"


def test_the_organiser_withdraws_an_entrant_who_keeps_their_points_but_is_not_seated() -> None:
    round_1 = [[Finish(e.name, place, 0) for place, e in enumerate(FIELD[:4], 1)],
               [Finish(e.name, place, 0) for place, e in enumerate(FIELD[4:], 1)]]
    tables = pair_round(FIELD, [round_1], 4, withdrawn={"anna"})
    assert "Anna" not in sum(tables, []) and [len(t) for t in tables] == [4, 3]
    anna = next(s for s in standings(FIELD, [round_1], withdrawn={"ANNA"}) if s.name == "Anna")
    assert anna.withdrawn and anna.points == 3


@pytest.mark.parametrize(("entrants", "results", "why"), [
    ([Entrant("Anna", 1), Entrant("ANNA", 2)], [], "twice"),
    ([Entrant("", 1), Entrant("Bo", 2)], [], "name"),
    ([Entrant("Al", math.nan), Entrant("Bo", 2)], [], "rating"),
    (FIELD[:2], [[[Finish("Anna", 1, 0), Finish("Zoe", 2, 0)]]], "did not enter"),
    (FIELD[:2], [[[Finish("Anna", 1, 0)]]], "table of 1"),
    (FIELD, [[[Finish(e.name, 1, 0) for e in FIELD[:6]]]], "table of 6"),
    (FIELD[:2], [[[Finish("Anna", 1, 0), Finish("Bernd", 3, 0)]]], "places"),
    (FIELD[:4], [[[Finish("Anna", 1, 0), Finish("Bernd", 2, 0)], [Finish("anna", 1, 0), Finish("Carla", 2, 0)]]],
     "twice"),
    (FIELD[:2], [[[Finish("Anna", 1, 0.5), Finish("Bernd", 2, 0)]]], "score"),  # type: ignore[arg-type]
])
def test_what_is_not_an_event_is_refused_in_one_line_naming_why(
        entrants: list[Entrant], results: list[Round], why: str) -> None:
    for call in (lambda: standings(entrants, results), lambda: pair_round(entrants, results, 2)):
        with pytest.raises(ValueError, match=rf"^[^\n]*{why}[^\n]*$"):
            call()
    with pytest.raises(ValueError, match=r"^[^\n]*never entered[^\n]*$"):
        standings(FIELD, [], withdrawn={"Zoe"})
