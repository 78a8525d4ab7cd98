"""A club tournament's points: what one game gives each seat, by its finishing place.

The one rule, for the club's standings and for ``abluxxen stats`` alike: at a table of n, the first place
gets n - 1 points, the next n - 2, …, the last 0; seats sharing a place share the points of the places they
fill (two first at four: 2.5 each, the next 1). A seat mostly played by a stand-in (``store/ratings.py``'s
:func:`~abluxxen.store.ratings.played_by_person`: its person was absent) takes the last place, shared with
any other such seat, whatever its cards scored; the others move up. Every game gives n(n - 1)/2 in all.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .ratings import places as finishing_places
from .ratings import played_by_person
from .records_reading import GameSummary


def place_points(places: Sequence[int], absent: Collection[int] = ()) -> list[float]:
    """Each seat's tournament points for one game.

    Args:
        places: per seat, its place from 1, equal places shared (``store/ratings.py``'s ``places``:
            ``[3, 1, 3, 1]`` is two first and two third).
        absent: the seats mostly played by a stand-in (:func:`absent_seats`): last, whatever their place.

    >>> place_points([1, 2, 3, 4])
    [3.0, 2.0, 1.0, 0.0]
    >>> place_points([1, 1, 3, 4])
    [2.5, 2.5, 1.0, 0.0]
    >>> place_points([1, 2, 3, 4], absent={0, 1})
    [0.5, 0.5, 3.0, 2.0]
    """
    n = len(places)

    def standing(seat: int) -> tuple[bool, int]:  # the absent all share the last places
        return (True, 0) if seat in absent else (False, places[seat])

    order = sorted(range(n), key=standing)
    points = [0.0] * n
    start = 0
    while start < n:
        end = start + 1
        while end < n and standing(order[end]) == standing(order[start]):
            end += 1
        # The places from start to end - 1 give n - 1 - start down to n - end: their mean to each.
        share = (2 * n - 1 - start - end) / 2
        for seat in order[start:end]:
            points[seat] = share
        start = end
    return points


def absent_seats(decisions: Sequence[tuple[int, int]]) -> list[int]:
    """The seats whose person was absent: per seat ``(decisions, made by a stand-in)`` (``Saved.decisions()``,
    or a recorded game's), the seats :func:`~abluxxen.store.ratings.played_by_person` says a stand-in played."""
    return [seat for seat, (made, stood_in) in enumerate(decisions) if not played_by_person(made, stood_in)]


def game_points(game: GameSummary) -> list[float]:
    """Each seat's tournament points for a recorded game (:func:`place_points` of its places and absent seats)."""
    return place_points(finishing_places(game.scores, game.winners),
                        absent_seats(list(zip(game.decisions, game.stood_in, strict=True))))
