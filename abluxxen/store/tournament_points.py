"""A club tournament's points: what one game gives each seat, by its finishing place.

The one rule, for the club's standings and for ``abluxxen stats`` alike: at a table of n, the first place
gets n - 1 points, the next n - 2, …, the last 0; seats sharing a place share the points of the places they
fill (two first at four: 2.5 each, the next 1). A seat mostly played by a stand-in (``store/ratings.py``'s
:func:`~abluxxen.store.ratings.played_by_person`: its person was absent) takes the last place, shared with
any other such seat, whatever its cards scored; the others move up. Every game gives n(n - 1)/2 in all.
"""

from __future__ import annotations

from collections.abc import Sequence

from .ratings import places as finishing_places
from .ratings import played_by_person
from .records_reading import GameSummary


def place_points(places: Sequence[int], absent: Sequence[bool] | None = None) -> list[float]:
    """Each seat's tournament points for one game.

    Args:
        places: per seat, its place from 1, equal places shared (``store/ratings.py``'s ``places``: ``[3, 1,
            3, 1]`` is two first and two third). Places are only compared: ``[1, 1, 2]`` is ``[1, 1, 3]``.
        absent: per seat, whether a stand-in played it mostly (:func:`absent`): last, whatever its place;
            ``None``: nobody.

    Raises:
        ValueError: places that are not 1 to the seats' count, or ``absent`` not one per seat.

    >>> place_points([1, 2, 3, 4])
    [3.0, 2.0, 1.0, 0.0]
    >>> place_points([1, 1, 3, 4])
    [2.5, 2.5, 1.0, 0.0]
    >>> place_points([1, 2, 3, 4], [True, True, False, False])
    [0.5, 0.5, 3.0, 2.0]
    """
    n = len(places)
    away = list(absent) if absent is not None else [False] * n
    if len(away) != n or not all(type(place) is int and 1 <= place <= n for place in places):
        raise ValueError(f"places at a table of {n} are 1 to {n}, one a seat, and so is whether it was absent")

    def standing(seat: int) -> tuple[bool, int]:  # the absent all share the last places
        return (True, 0) if away[seat] else (False, places[seat])

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


def absent(decisions: Sequence[tuple[int, int]]) -> list[bool]:
    """Per seat, whether its person was absent: from its ``(decisions, made by a stand-in)`` (``Saved.decisions()``,
    or a recorded game's), a seat :func:`~abluxxen.store.ratings.played_by_person` says a stand-in played.

    >>> absent([(40, 30), (40, 0), (0, 0)])
    [True, False, False]
    """
    return [not played_by_person(made, stood_in) for made, stood_in in decisions]


def game_points(game: GameSummary) -> list[float]:
    """Each seat's tournament points for a recorded game (:func:`place_points` of its places and absent seats)."""
    return place_points(finishing_places(game.scores, game.winners),
                        absent(list(zip(game.decisions, game.stood_in, strict=True))))
