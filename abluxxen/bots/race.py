"""The race at the root of the hard bot's search: moves compared on shared deals.

Every round of a race deals the hidden cards once and plays each move still
in the race on that deal with the same rollout seed, so two moves' results in
one round differ by the moves alone, not by luck. A move that trails the
leader clearly, by the paired differences of their results, is dropped.

The race keeps running sums (per move, and per pair of moves the sum of
their products), so a paired test costs the same in the thousandth round
as in the first: the search makes thousands of rounds a decision.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable


class Race:
    """The results of moves raced on shared deals.

    Args:
        moves: the moves in the race, each raced from the first round.

    Attributes:
        results: per move, its result on each deal it was played on, in
            deal order.
        alive: the moves still raced, in their first order.
        rounds: the deals so far.
    """

    def __init__(self, moves: Iterable[str]) -> None:
        self.alive = list(dict.fromkeys(moves))
        self.results: dict[str, list[float]] = {move: [] for move in self.alive}
        self.rounds = 0
        self._total = dict.fromkeys(self.alive, 0.0)
        self._squares = dict.fromkeys(self.alive, 0.0)
        # Per pair of moves (in the order of ``alive``), the sum of their results' products.
        self._products: dict[tuple[str, str], float] = {}

    def add(self, row: dict[str, float]) -> None:
        """One round's results: one per move still in the race."""
        items = list(row.items())
        results, total, squares, products = self.results, self._total, self._squares, self._products
        for i, (move, x) in enumerate(items):
            results[move].append(x)
            total[move] += x
            squares[move] += x * x
            for other, y in items[i + 1:]:
                products[move, other] = products.get((move, other), 0.0) + x * y
        self.rounds += 1

    def mean(self, move: str) -> float:
        """The move's mean result over the rounds it was raced in."""
        played = len(self.results[move])
        return self._total[move] / played if played else -math.inf

    def paired(self, move: str, other: str) -> tuple[float, float]:
        """The mean of ``move``'s result minus ``other``'s over the rounds both were raced in,
        and that mean's standard error; both raced in every round so far."""
        n = self.rounds
        diff = self._total[move] - self._total[other]
        product = self._products.get((move, other))
        if product is None:
            product = self._products[other, move]
        squares = self._squares[move] - 2.0 * product + self._squares[other]
        avg = diff / n
        var = max(0.0, squares - diff * avg) / max(1, n - 1)
        return avg, math.sqrt(var / n + 1e-12)

    def drop_losers(self, drop_at: float, keep: Collection[str] = ()) -> None:
        """Drop every move whose paired difference to the leader is below ``-drop_at``
        standard errors (but those in ``keep``)."""
        leader = max(self.alive, key=self.mean)
        kept = []
        for move in self.alive:
            if move == leader or move in keep:
                kept.append(move)
                continue
            avg, error = self.paired(move, leader)
            if avg + drop_at * error >= 0:
                kept.append(move)
        self.alive = kept

    def verdict(self, prior: dict[str, float], override_at: float) -> str:
        """The move to play: the prior's favourite unless the race shows a better one.

        The best raced move replaces the favourite (the move with the
        highest prior) only when it wins on the shared deals by
        ``override_at`` standard errors, so noise in a small budget does
        not cost strength. Ties in the mean go to the higher prior.
        """
        best = max(self.alive, key=lambda t: (self.mean(t), prior[t]))
        favourite = max(prior, key=lambda t: prior[t])
        if favourite not in self.alive or best == favourite:
            return best
        if self.rounds < 2:
            return favourite
        avg, error = self.paired(best, favourite)
        return best if avg > override_at * error else favourite
