"""A match: several games, the starting player moving one seat each game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .game import Game, Outcome, winners_of
from .rules import Rules

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
            raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
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
        """A match from :meth:`to_json`'s document.

        Raises:
            ValueError: naming what is wrong.
        """
        if not isinstance(doc, dict) or doc.get("format") != MATCH_FORMAT:
            raise ValueError(f"format must be {MATCH_FORMAT!r}")
        game = Game.from_json(doc["game"]) if isinstance(doc.get("game"), dict) else None
        if game is None:
            raise ValueError("match document has no game")
        match = cls.__new__(cls)
        match.rules = game.rules
        match.games = doc.get("games", game.rules.players)
        match.seed = doc.get("seed")
        match.first = doc.get("first", 0)
        match._started = doc.get("started", 1)
        try:
            match.results = [Outcome(reason=r["reason"], seat=r["seat"], scores=tuple(r["scores"]),
                                     hand_sizes=tuple(r["hand_sizes"]), winners=tuple(r["winners"]))
                             for r in doc.get("results", [])]
        except (KeyError, TypeError) as err:
            raise ValueError(f"match results are damaged: {err}") from None
        match.game = game
        match.names = list(game.names)
        return match
