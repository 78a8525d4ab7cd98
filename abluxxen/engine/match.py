"""A match: several games, the starting player moving one seat each game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..quoting import quoted
from .game import Game
from .phase import END_REASONS
from .rules import Rules
from .state import Outcome, winners_of

MATCH_FORMAT = "abluxxen-match/1"


class Match:
    """Several games of the same rules whose points add up.

    Args:
        rules: the rules of every game.
        games: how many games (default: one per player, so everyone starts once).
        seed: game ``i`` is dealt with seed ``seed + i`` (``None``: random deals).
        names: one name per seat.
        first: the starting player of the first game; each next game starts
            one seat further clockwise.
    """

    def __init__(self, rules: Rules | None = None, *, games: int | None = None,
                 seed: int | None = None, names: Sequence[str] | None = None, first: int = 0) -> None:
        self.rules = rules or Rules()
        self.games = self.rules.players if games is None else games
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise ValueError(f"games must be a whole number of at least 1, not {quoted(games)}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be a whole number or None, not {quoted(seed)}")
        self.seed = seed
        self.first = first
        self.results: list[Outcome] = []
        self._started = 1  # games dealt so far, the current one included
        self.game = Game.new(self.rules, seed=self._seed(0), first=first, names=names)
        self.names = list(self.game.names)

    def _seed(self, index: int) -> int | None:
        return None if self.seed is None else self.seed + index

    @property
    def number(self) -> int:
        """Index of the current game (0-based)."""
        return self._started - 1

    def record(self) -> Outcome:
        """Book the current (finished) game's outcome, once; return it."""
        outcome = self.game.outcome()
        if outcome is None:
            raise ValueError("the current game is not over yet")
        if len(self.results) < self._started:
            self.results.append(outcome)
        return outcome

    @property
    def is_over(self) -> bool:
        """Whether every game of the match has been played and booked."""
        return len(self.results) >= self.games

    def next_game(self) -> Game:
        """Start the next game, one seat further clockwise.

        Raises:
            ValueError: while the current game goes on, or after the last game.
        """
        self.record()
        if self.is_over:
            raise ValueError("the match is over")
        index = self._started
        first = (self.first + index) % self.rules.players
        self.game = Game.new(self.rules, seed=self._seed(index), first=first, names=self.names)
        self._started = index + 1
        return self.game

    def totals(self) -> list[int]:
        """Points per seat added up over the booked games."""
        totals = [0] * self.rules.players
        for outcome in self.results:
            for seat, score in enumerate(outcome.scores):
                totals[seat] += score
        return totals

    def winners(self) -> list[int]:
        """Seats with the most points in total; ties broken as in one game,
        by fewest hand cards summed over the games."""
        if not self.is_over:
            raise ValueError("the match is not over yet")
        hands = [sum(o.hand_sizes[s] for o in self.results) for s in range(self.rules.players)]
        return winners_of(self.totals(), hands, self.rules.tiebreak)

    def to_json(self) -> dict[str, Any]:
        """The match as plain JSON data, the current game included."""
        return {"format": MATCH_FORMAT, "games": self.games, "seed": self.seed, "first": self.first,
                "started": self._started,
                "results": [{"reason": o.reason, "seat": o.seat, "scores": list(o.scores),
                             "hand_sizes": list(o.hand_sizes), "winners": list(o.winners)}
                            for o in self.results],
                "game": self.game.to_json()}

    @classmethod
    def from_json(cls, doc: Any) -> Match:
        """A match from :meth:`to_json`'s document, every field checked.

        Raises:
            ValueError: naming what is wrong.
        """
        if not isinstance(doc, dict) or doc.get("format") != MATCH_FORMAT:
            raise ValueError(f"format must be {MATCH_FORMAT!r}")
        unknown = set(doc) - _FIELDS
        if unknown:
            raise ValueError(f"unknown field(s) in match document: {', '.join(sorted(unknown))}")
        game = Game.from_json(doc["game"]) if isinstance(doc.get("game"), dict) else None
        if game is None:
            raise ValueError("match document has no game")
        n = game.rules.players
        match = cls.__new__(cls)
        match.rules = game.rules
        match.games = _whole(doc.get("games", n), "games", 1)
        seed = doc.get("seed")
        if seed is not None:
            seed = _whole(seed, "seed")
        match.seed = seed
        match.first = _whole(doc.get("first", 0), "first", 0, n - 1)
        match._started = _whole(doc.get("started", 1), "started", 1, match.games)
        results = doc.get("results", [])
        if not isinstance(results, list):
            raise ValueError("match results must be a list")
        match.results = [_outcome(r, n, f"results[{i}]") for i, r in enumerate(results)]
        booked = len(match.results)
        if not match._started - 1 <= booked <= match._started:
            raise ValueError(f"match has {booked} results after {match._started} games dealt")
        if booked == match._started and not game.is_over:
            raise ValueError("match results book the current game, which is not over")
        match.game = game
        match.names = list(game.names)
        return match


_FIELDS = frozenset({"format", "games", "seed", "first", "started", "results", "game"})
_REASONS = END_REASONS
# No score or hand size gets past the number of cards in the game.
_MOST = 109


def _whole(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number from a document, within ``low``..``high``."""
    if isinstance(value, bool) or not isinstance(value, int) \
            or (low is not None and value < low) or (high is not None and value > high):
        span = f" from {low}" if low is not None else ""
        span += f" to {high}" if high is not None else ""
        raise ValueError(f"match {where} must be a whole number{span}, not {quoted(value)}")
    return value


def _outcome(doc: Any, players: int, where: str) -> Outcome:
    """A booked game's outcome from a match document."""
    if not isinstance(doc, dict) or set(doc) != {"reason", "seat", "scores", "hand_sizes", "winners"}:
        raise ValueError(f"match {where} must hold reason, seat, scores, hand_sizes and winners")
    if not isinstance(doc["reason"], str) or doc["reason"] not in _REASONS:
        raise ValueError(f"match {where}.reason must be hand-empty or exhausted")
    seat = _whole(doc["seat"], f"{where}.seat", 0, players - 1)
    scores = _numbers(doc["scores"], players, f"{where}.scores", -_MOST, _MOST)
    hands = _numbers(doc["hand_sizes"], players, f"{where}.hand_sizes", 0, _MOST)
    winners = _numbers(doc["winners"], None, f"{where}.winners", 0, players - 1)
    if not winners or len(set(winners)) != len(winners):
        raise ValueError(f"match {where}.winners must list one or more different seats")
    return Outcome(reason=doc["reason"], seat=seat, scores=tuple(scores), hand_sizes=tuple(hands),
                   winners=tuple(winners))


def _numbers(value: Any, count: int | None, where: str, low: int, high: int) -> list[int]:
    """A list of whole numbers from ``low`` to ``high``, ``count`` of them when given."""
    if not isinstance(value, list) or (count is not None and len(value) != count):
        raise ValueError(f"match {where} must be a list of {count if count is not None else 'whole'} numbers")
    return [_whole(x, where, low, high) for x in value]
