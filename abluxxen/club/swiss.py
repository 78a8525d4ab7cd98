"""The rules of a club tournament: Swiss rounds at tables of 2 to 5 players.

These are the event's rules, and nothing else: plain data in (the entrants, the results so far), plain
data out (the next round's tables, the standings). Nothing here knows the club, a terminal or a clock,
so the same results always give the same rounds and the same standings, after any restart.

The event's rules
-----------------
**Entrants.** People and bots enter; a bot's rating is its level's. Names are told apart without
regard to capitals. The event is played in rounds, at tables of the size its organiser chose (2 to 5).

**Tables.** Each round seats everyone still in the event. When the field does not divide by the
table size, it plays at as few tables as it can, as evenly as it can: the tables of one seat less
make up the rest (10 at fours play 4, 3, 3; 9 at fours play 3, 3, 3). A table of one seat more is
used only where one seat less cannot do it (5 at fours play one table of five; 7 at twos play 3,
2, 2). Smaller tables rather than bigger ones, because a round starts only when every table of the
one before is over, and a bigger table plays the longer game. Where neither works (6, 7 or 11 at
fives; a field smaller than one table) the tables are simply as even as they can be (6 at fives
play 3, 3; 2 at fours one duel). Table 1 is the biggest.

**Round 1** seats by rating: highest first (equal ratings by name), cut in that order into the
tables, so the best-rated sit together at table 1.

**Later rounds** rank the entrants by points, then rating, then name, and cut that ranking into
the tables the same way: leaders play leaders. Entrants with *equal points* may change places with
each other, so that as few pairs as can be sit together again (a pair that has already met twice
counts twice). Nobody changes places with someone of other points, so a pair meets again where
only that would part them. Of the seatings with the fewest repeats, the one nearest the ranking
is played: table 1 as near the top as can be, then table 2, and so on.

**Points** go by finishing place: at a table of n, the first scores n-1, the second n-2, and so
on to 0 for the last (3-2-1-0 at four, 1-0 at two). Shared places share their points: two tied
for first at four score (3+2)/2 = 2.5 each. The places are the game's: its winners (after the
game's own tie-break) share the first, the others follow by the game's score, equal scores
sharing a place.

**Absent.** An entrant who is absent when a round starts, or gives up their game, has a bot play
their seat, but still places last (several such share the last places) and counts the table's
lowest score; the others are placed among themselves. Absent in two rounds, an entrant is
withdrawn: not seated again, their points kept in the standings.

**Standings** order the entrants by points; equal points by the sum of the points of every
opponent they sat with (an opponent met twice counts twice: the harder the opposition, the
better), then by the score difference (at each table, one's game score minus the mean of the
others' scores there, added up over the rounds: in Abluxxen the highest score wins), then by name.

Example
-------
Eight entrants at tables of four (Hugo is a normal bot). Round 1 seats them by rating:

>>> entrants = [Entrant("Anna", 1620), Entrant("Bernd", 1580), Entrant("Carla", 1540),
...          Entrant("Dieter", 1500), Entrant("Eva", 1460), Entrant("Frank", 1420),
...          Entrant("Greta", 1380), Entrant("Hugo", 1339, bot=True)]
>>> pair_round(entrants, [], 4)
[['Anna', 'Bernd', 'Carla', 'Dieter'], ['Eva', 'Frank', 'Greta', 'Hugo']]

At table 1 Carla wins with 9, Anna and Dieter share second with 4, Bernd is last with -3. At
table 2 Hugo wins with 7, then Eva with 5 and Greta with 2; Frank was absent, and the bot
playing his seat came third with 6:

>>> round_1 = [[Finish("Anna", 2, 4), Finish("Bernd", 4, -3), Finish("Carla", 1, 9),
...             Finish("Dieter", 2, 4)],
...            [Finish("Eva", 2, 5), Finish("Frank", 3, 6, absent=True), Finish("Greta", 4, 2),
...             Finish("Hugo", 1, 7)]]
>>> for s in standings(entrants, [round_1]):
...     print(f"{s.name:7}{s.points:4}{s.opponents_points:5}{s.score_difference:+7.2f}")
Carla   3.0  3.0  +7.33
Hugo    3.0  3.0  +4.00
Eva     2.0  4.0  +1.33
Anna    1.5  4.5  +0.67
Dieter  1.5  4.5  +0.67
Greta   1.0  5.0  -2.67
Frank   0.0  6.0  -2.67
Bernd   0.0  6.0  -8.67

Frank is placed last all the same, Greta third, and Frank's score is counted as the table's
lowest, 2. Frank and Bernd both have 0 points and met opponents of 6 points: Frank's score
difference (2 minus the mean of 5, 2 and 7) is the better one.

Round 2 ranks by points and cuts the ranking into fours. Table 1 takes Carla and Hugo (3), Eva
(2) and one of Anna and Dieter (1.5), who both met Carla: a repeat no seating of equal points
avoids, and Anna, the better rated, sits there. With two tables of four, every table of round 2
holds players who met before:

>>> pair_round(entrants, [round_1], 4)
[['Carla', 'Hugo', 'Eva', 'Anna'], ['Dieter', 'Greta', 'Bernd', 'Frank']]
"""

from __future__ import annotations

import itertools
import math
import reprlib
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..store.tournament_points import place_points

#: The smallest and the biggest table: a duel, and the most the game seats.
MIN_SEATS, MAX_SEATS = 2, 5
#: Rounds absent that withdraw an entrant.
ABSENCES = 2
#: How many seatings of single tables the search for the fewest repeats weighs before it settles for the
#: best it has found: enough to search every field of a club's evening through (a few dozen entrants), and
#: a bound on the time a very big field takes (a few tenths of a second for hundreds of entrants). A count,
#: not a time, so that the same results give the same round on any machine.
SEARCH_LIMIT = 200_000


@dataclass(frozen=True)
class Entrant:
    """One entrant of the event.

    Attributes:
        name: unique in the event, compared without regard to capitals (:attr:`key`).
        rating: the rating's points (a bot's: its level's), which seats round 1 and breaks ties of points
            when a later round is seated.
        bot: whether a bot entered (seated like anyone; never absent).
    """

    name: str
    rating: float
    bot: bool = False

    @property
    def key(self) -> str:
        """The name as the event compares names: ``Anna`` and ``anna`` are one entrant."""
        return self.name.casefold()


@dataclass(frozen=True)
class Finish:
    """How one entrant finished at one table of one round: what the game told, as plain data.

    Attributes:
        name: the entrant's name.
        place: the game's place, from 1 (the winners share 1; the others by score, equal scores sharing).
        score: the game's score for the seat (display cards minus hand cards; most wins).
        absent: the entrant did not play the seat (absent when the round started, or gave up): a bot did.
    """

    name: str
    place: int
    score: int
    absent: bool = False


#: One round's results: its tables, each the finishes of the entrants seated there.
Round = Sequence[Sequence[Finish]]


@dataclass(frozen=True)
class Standing:
    """One entrant's line in the standings.

    Attributes:
        name: the entrant's name.
        points: points by finishing place, added up over the rounds.
        games: the tables the entrant was seated at (absent ones included: they score).
        opponents_points: the first tie-break: the points of every opponent at every table played, summed.
        score_difference: the second tie-break: at each table, one's score minus the mean of the others'.
        withdrawn: no longer seated (absent twice, or withdrawn by the organiser).
        bot: whether a bot entered.
    """

    name: str
    points: float
    games: int
    opponents_points: float
    score_difference: float
    withdrawn: bool
    bot: bool


def table_sizes(count: int, seats: int) -> list[int]:
    """How ``count`` entrants are cut into tables of ``seats`` (2 to 5), table 1 first.

    As few tables as can seat them, as evenly as can be, so the tables of ``seats`` are as many as they
    can be and tables of one seat less make up the rest; where that needs a table two seats short (or a
    table of one), one seat more instead, at as many tables as the field fills; where neither is possible
    (6, 7 or 11 at fives, 2 at fours, 2 or 3 at fives) the fewest tables as even as can be. One seat less
    is preferred to one more because a round waits for its longest game, and a bigger table plays longer.

    >>> table_sizes(8, 4), table_sizes(10, 4), table_sizes(9, 4), table_sizes(5, 4)
    ([4, 4], [4, 3, 3], [3, 3, 3], [5])
    >>> table_sizes(7, 2), table_sizes(6, 5), table_sizes(2, 4)
    ([3, 2, 2], [3, 3], [2])

    Raises:
        ValueError: for a table size outside 2 to 5, or a field of fewer than 2 (it cannot be seated).
    """
    if not _whole(seats) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"a table seats {MIN_SEATS} to {MAX_SEATS}, not {_shown(seats)}")
    if not _whole(count) or count < MIN_SEATS:
        raise ValueError(f"a field of {_shown(count)} cannot be seated: it takes at least {MIN_SEATS}")
    fewest = _even(count, -(-count // seats))
    if fewest[-1] >= max(seats - 1, MIN_SEATS):
        return fewest
    tables = count // seats
    if tables and count <= tables * min(seats + 1, MAX_SEATS):
        return _even(count, tables)
    return fewest


def standings(entrants: Sequence[Entrant], results: Sequence[Round],
              withdrawn: Collection[str] = ()) -> list[Standing]:
    """The standings after ``results`` (every round played, in order): every entrant, the withdrawn
    included, by points, then the sum of their opponents' points, then the score difference, then name.

    Args:
        entrants: everyone who entered.
        results: each round played, each a list of tables, each the finishes of the entrants there.
        withdrawn: names the organiser withdrew (those absent in two rounds are withdrawn anyway).

    Raises:
        ValueError: for entrants or results that are not an event's (a name twice, an unknown name, a
            table of 1 or 6, a place out of range), naming what is wrong.
    """
    entered = _entered(entrants)
    tallies = _tally(entered, results)
    out = _withdrawn(entered, tallies, withdrawn)
    lines = []
    for key, tally in tallies.items():
        opponents = sum((tallies[other].points for other in tally.opponents), Fraction(0))
        lines.append(((-tally.points, -opponents, -tally.difference, key),
                      Standing(entered[key].name, float(tally.points), tally.games, float(opponents),
                               float(tally.difference), key in out, entered[key].bot)))
    return [line for _, line in sorted(lines, key=lambda line: line[0])]


def pair_round(entrants: Sequence[Entrant], results: Sequence[Round], seats: int,
               withdrawn: Collection[str] = ()) -> list[list[str]]:
    """The next round's tables, table 1 first, each its entrants' names in the order of the ranking.

    Round 1 (no ``results``) cuts the entrants by rating, highest first (then by name), into
    :func:`table_sizes`. A later round cuts the ranking by points, then rating, then name, the same way,
    after letting entrants of equal points change places so that the fewest pairs sit together again
    (:func:`repeats`); of the seatings with the fewest, the nearest the ranking: table 1's entrants as
    high in it as can be (their places in the ranking, lowest first, compared in turn), then table 2's,
    and so on. The search is exhaustive up to :data:`SEARCH_LIMIT`; a field too big for that gets the
    best seating found by then, starting from a quick one (each table filled in turn with those who met
    the fewest already there, then entrants of equal points changing tables while that saves repeats).

    Args:
        entrants: everyone who entered.
        results: the rounds played so far (as for :func:`standings`).
        seats: the event's table size, 2 to 5.
        withdrawn: names the organiser withdrew; they, and those absent in two rounds, are not seated.

    Raises:
        ValueError: for fewer than two entrants left to seat, or entrants or results that are not an
            event's (as for :func:`standings`).
    """
    entered = _entered(entrants)
    tallies = _tally(entered, results)
    out = _withdrawn(entered, tallies, withdrawn)
    playing = [entrant for key, entrant in entered.items() if key not in out]
    sizes = table_sizes(len(playing), seats)
    if not results:
        ranking = sorted(playing, key=lambda e: (-e.rating, e.key))
        return [[e.name for e in table] for table in _cut(ranking, sizes)]
    ranking = sorted(playing, key=lambda e: (-tallies[e.key].points, -e.rating, e.key))
    met = _meetings(results)
    position = {entrant.key: index for index, entrant in enumerate(ranking)}
    # Who met whom, by position: only the pairs that met (a field of hundreds is no square of them).
    weights: list[dict[int, int]] = [{} for _ in ranking]
    for pair, times in met.items():
        a, b = sorted(pair)
        if a in position and b in position:
            weights[position[a]][position[b]] = weights[position[b]][position[a]] = times
    points = [tallies[e.key].points for e in ranking]
    tables = _Search(points, sizes, weights).seating()
    return [[ranking[i].name for i in table] for table in tables]


def repeats(tables: Sequence[Sequence[str]], results: Sequence[Round]) -> int:
    """How often ``tables`` seat together two entrants who sat together before in ``results``: a pair
    counted once for each time it met. What :func:`pair_round` keeps as low as the rules allow."""
    met = _meetings(results)
    return sum(met.get(frozenset((a.casefold(), b.casefold())), 0)
               for table in tables for a, b in itertools.combinations(table, 2))


# -- how it is done -------------------------------------------------------------------------------------


def _shown(value: object) -> str:
    """A value as a refusal shows it: its repr, cut short (a refusal is one short line, whatever it was given)."""
    return reprlib.repr(value)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _even(count: int, tables: int) -> list[int]:
    """``count`` seats at ``tables`` tables, as even as can be, the bigger first."""
    size, bigger = divmod(count, tables)
    return [size + 1] * bigger + [size] * (tables - bigger)


def _cut(ranking: Sequence[Entrant], sizes: Sequence[int]) -> Iterator[Sequence[Entrant]]:
    start = 0
    for size in sizes:
        yield ranking[start:start + size]
        start += size


def _entered(entrants: Sequence[Entrant]) -> dict[str, Entrant]:
    """The entrants by :attr:`Entrant.key`, checked: names unique and not blank, ratings numbers."""
    entered: dict[str, Entrant] = {}
    for entrant in entrants:
        if not isinstance(entrant, Entrant) or not isinstance(entrant.name, str) or not entrant.name.strip():
            raise ValueError(f"an entrant needs a name, not {_shown(entrant)}")
        if isinstance(entrant.rating, bool) or not isinstance(entrant.rating, int | float) \
                or not math.isfinite(entrant.rating):
            raise ValueError(f"{_shown(entrant.name)}'s rating must be a number, not {_shown(entrant.rating)}")
        if entrant.key in entered:
            raise ValueError(f"{_shown(entrant.name)} entered twice")
        entered[entrant.key] = entrant
    return entered


@dataclass
class _Tally:
    """One entrant's results so far, exactly (fractions: the tie-breaks are compared, not rounded)."""

    points: Fraction = Fraction(0)
    games: int = 0
    absences: int = 0
    difference: Fraction = Fraction(0)
    opponents: list[str] = field(default_factory=list)


def _tally(entered: dict[str, Entrant], results: Sequence[Round]) -> dict[str, _Tally]:
    """Every entrant's tally over ``results``, each round checked against the entrants."""
    tallies = {key: _Tally() for key in entered}
    for number, played in enumerate(results, 1):
        seen: set[str] = set()
        for table in played:
            finishes = list(table)
            if not MIN_SEATS <= len(finishes) <= MAX_SEATS:
                raise ValueError(f"round {number} has a table of {len(finishes)}: tables seat "
                                 f"{MIN_SEATS} to {MAX_SEATS}")
            keys = []
            for finish in finishes:
                if not isinstance(finish, Finish):
                    raise ValueError(f"round {number} holds something else than a finish: {_shown(finish)}")
                if not isinstance(finish.name, str) or finish.name.casefold() not in entered:
                    raise ValueError(f"round {number} seats someone who did not enter: {_shown(finish.name)}")
                if not _whole(finish.score):
                    raise ValueError(f"round {number}: {_shown(finish.name)}'s score must be a whole number, "
                                     f"not {_shown(finish.score)}")
                if not isinstance(finish.absent, bool):
                    raise ValueError(f"round {number}: whether {_shown(finish.name)} was absent must be "
                                     f"true or false, not {_shown(finish.absent)}")
                key = finish.name.casefold()
                if key in seen:
                    raise ValueError(f"round {number} seats {_shown(finish.name)} twice")
                seen.add(key)
                keys.append(key)
            absent = [finish.absent for finish in finishes]
            # The one rule of points by place, the absent sharing the last (exact: halves at most).
            points = [Fraction(p) for p in place_points([finish.place for finish in finishes], absent)]
            # The absent count the table's lowest score, as they count its last place.
            lowest = min(finish.score for finish in finishes)
            scores = [lowest if finish.absent else finish.score for finish in finishes]
            total = sum(scores)
            for seat, key in enumerate(keys):
                tally = tallies[key]
                tally.points += points[seat]
                tally.games += 1
                tally.absences += absent[seat]
                tally.difference += scores[seat] - Fraction(total - scores[seat], len(keys) - 1)
                tally.opponents.extend(other for other in keys if other != key)
    return tallies


def _withdrawn(entered: dict[str, Entrant], tallies: dict[str, _Tally], withdrawn: Collection[str]) -> set[str]:
    """Who is no longer seated: those the organiser named, and those absent in :data:`ABSENCES` rounds."""
    named = {name.casefold() for name in withdrawn}
    unknown = named - set(entered)
    if unknown:
        raise ValueError(f"withdrawn but never entered: {', '.join(_shown(name) for name in sorted(unknown))}")
    return named | {key for key, tally in tallies.items() if tally.absences >= ABSENCES}


def _meetings(results: Sequence[Round]) -> dict[frozenset[str], int]:
    """How often each pair of entrants sat at one table (names casefolded)."""
    met: dict[frozenset[str], int] = {}
    for played in results:
        for table in played:
            for a, b in itertools.combinations([finish.name.casefold() for finish in table], 2):
                pair = frozenset((a, b))
                met[pair] = met.get(pair, 0) + 1
    return met


class _Search:
    """The seating with the fewest repeats among the orders of the ranking that keep its points.

    Positions 0…n-1 are the ranking's; a *group* is a run of equal points; table t takes the positions
    its size gives, that is so many of each group. A seating chooses which members of a group fill its
    places at each table. The search goes table by table, the choices of each table in the ranking's
    order (the nearest first), bounded by the best seating found so far; a table reached again with the
    same entrants left and no fewer repeats so far is not searched again.
    """

    def __init__(self, points: Sequence[Fraction], sizes: Sequence[int], weights: list[dict[int, int]]) -> None:
        self.weights = weights
        self.groups: list[list[int]] = []
        group_at = []
        for position, value in enumerate(points):
            if position == 0 or value != points[position - 1]:
                self.groups.append([])
            self.groups[-1].append(position)
            group_at.append(len(self.groups) - 1)
        # Each table's places: (group, how many of it), in the ranking's order.
        self.places: list[list[tuple[int, int]]] = []
        start = 0
        for size in sizes:
            counts: dict[int, int] = {}
            for position in range(start, start + size):
                counts[group_at[position]] = counts.get(group_at[position], 0) + 1
            self.places.append(list(counts.items()))
            start += size
        self.left = SEARCH_LIMIT

    def cost(self, table: tuple[int, ...]) -> int:
        """The repeats a table holds."""
        return sum(self.weights[a].get(b, 0) for a, b in itertools.combinations(table, 2))

    def choices(self, index: int, used: int) -> Iterator[tuple[int, ...]]:
        """Table ``index``'s possible entrants when ``used`` (a bit per position) are seated, nearest first."""
        places = [([p for p in self.groups[group] if not used >> p & 1], count)
                  for group, count in self.places[index]]

        # Not itertools.product: it takes every group's choices first, millions in a big group.
        def chosen(part: int) -> Iterator[tuple[int, ...]]:
            if part == len(places):
                yield ()
                return
            for some in itertools.combinations(*places[part]):
                for rest in chosen(part + 1):
                    yield some + rest

        return chosen(0)

    def greedy(self) -> tuple[int, list[tuple[int, ...]]]:
        """A good seating found quickly: what bounds the search from the start, and what a field too big
        for it gets at worst. Each table in turn takes, place by place, the entrant of that place's points
        who has met the fewest already at it (the nearest of those); then two entrants of equal points at
        different tables change places while that leaves fewer repeats (at most a quarter of the limit)."""
        weights, seated, used = self.weights, [], 0
        for places in self.places:
            table: list[int] = []
            for group, count in places:
                for _ in range(count):
                    pick = min((p for p in self.groups[group] if not used >> p & 1),
                               key=lambda p: (sum(weights[p].get(q, 0) for q in table), p))
                    table.append(pick)
                    used |= 1 << pick
            seated.append(table)
        at = {p: index for index, table in enumerate(seated) for p in table}
        checks, better = SEARCH_LIMIT // 4, True
        while better and checks > 0:
            better = False
            pairs = ((a, b) for members in self.groups for a, b in itertools.combinations(members, 2))
            for a, b in itertools.islice(pairs, checks):
                checks -= 1
                here, there = seated[at[a]], seated[at[b]]
                if here is there:
                    continue
                gain = sum(weights[a].get(q, 0) - weights[b].get(q, 0) for q in here if q != a) \
                    + sum(weights[b].get(q, 0) - weights[a].get(q, 0) for q in there if q != b)
                if gain > 0:
                    here[here.index(a)], there[there.index(b)] = b, a
                    at[a], at[b] = at[b], at[a]
                    better = True
        self.left -= SEARCH_LIMIT // 4
        tables = [tuple(sorted(table)) for table in seated]
        return sum(self.cost(table) for table in tables), tables

    def seating(self) -> list[tuple[int, ...]]:
        """The seating: depth first, table by table, each table's choices nearest first (a stack of them,
        not a recursion: a field of hundreds is as many tables deep)."""
        best, tables = self.greedy()
        found = False  # whether the search found a seating of its own: it may equal the greedy one, nearer
        seen: dict[tuple[int, int], int] = {}
        path: list[tuple[int, ...]] = []  # the tables chosen on the way to the stack's top
        stack = [(0, 0, 0, self.choices(0, 0))]
        while stack and self.left > 0:
            index, used, cost, options = stack[-1]
            table = next(options, None)
            if table is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            self.left -= 1
            total = cost + self.cost(table)
            if total > best or (found and total == best):
                continue
            if index + 1 == len(self.places):
                best, tables, found = total, [*path, table], True
                continue
            after = used | _bits(table)
            if seen.get((index + 1, after), total + 1) <= total:
                continue
            seen[(index + 1, after)] = total
            path.append(table)
            stack.append((index + 1, after, total, self.choices(index + 1, after)))
        return tables


def _bits(positions: Iterable[int]) -> int:
    """Positions as a set of bits."""
    return sum(1 << p for p in positions)
