"""Rating a finished game's decisions with the hard bot's search.

For every decision of one seat where more than one move was legal, the hard
bot searches from that seat's view as it was then (its information set: the
seat's own hand and what the table showed, never the other hands, although
the game is over) and estimates, on the same deals, every legal move's
expected final margin: the seat's final score minus the best final score of
the other seats. The move with the best estimate is then played against
the played move once more, on fresh deals (the winner of a race among many
noisy estimates is partly the luckiest one); a decision's loss is the best
move's estimate there minus the played move's, in points, never below zero::

    from abluxxen.bots.review import rate
    for d in rate(transcript, seat=0, think=200):
        print(d.turn, d.played, d.best, d.loss)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..engine.game import Game
from ..engine.state import PLAY
from ..engine.transcript import Transcript
from .ismcts import Budget, HardBot, Think

# The review's own seed: the same game reviewed twice (with an iteration
# budget) gives the same figures.
REVIEW_SEED = 0
# Iterations per decision by default, as many as the hard bot searches at the
# table: about a tenth of a second with the compiled search (an eighth of them,
# a quarter of a second or so, without it).
DEFAULT_THINK = Budget(iterations=8000, duel=8000)
MISTAKES = 3


@dataclass(frozen=True, slots=True)
class Decision:
    """One rated decision.

    Attributes:
        index: the decision's place in the game's transcript (0 = the first move).
        turn: the game's turn, counting from 1: a turn starts with a play
            of the seat on turn; takes, backs and draws belong to it.
        seat: who decided.
        played: the move made, in canonical notation.
        best: the move the search rates best (``played`` when it agrees).
        loss: points the played move gave away against ``best`` (0 or more).
        values: the expected final margin of every move kept to the end of
            the search, ``played`` and ``best`` among them.
        deals: how many deals ``loss`` rests on: the check's, when the
            search preferred another move, else the race's.
    """

    index: int
    turn: int
    seat: int
    played: str
    best: str
    loss: float
    values: dict[str, float]
    deals: int

    def to_json(self) -> dict[str, object]:
        """``{"turn", "move", "played", "best", "loss"}``; ``move`` is :attr:`index` + 1."""
        return {"turn": self.turn, "move": self.index + 1, "played": self.played, "best": self.best,
                "loss": round(self.loss, 2)}


def choices(transcript: Transcript, seat: int) -> list[tuple[int, int, Game]]:
    """Where ``seat`` had a choice: ``(index, turn, game before the move)`` in order."""
    turn = 0
    found: list[tuple[int, int, Game]] = []
    for step in transcript.positions():
        game, played = step.game, step.played
        if played is None:
            break
        if game.phase == PLAY:
            turn += 1
        if played.seat == seat and len(set(game.legal_moves())) > 1:
            found.append((step.index, turn, game.copy()))
    return found


def rate(transcript: Transcript, seat: int, *, think: Think = DEFAULT_THINK, seed: int = REVIEW_SEED,
         progress: Callable[[int, int], None] | None = None) -> list[Decision]:
    """Rate every decision of ``seat`` that offered a choice, in the game's order.

    Args:
        transcript: the game.
        seat: the seat to rate.
        think: the search's budget per decision: ``int`` iterations or a
            :class:`~abluxxen.bots.ismcts.Budget` (reproducible), or
            ``float`` seconds.
        seed: the search's seed.
        progress: called with ``(rated, total)`` before the first decision and after each one.
    """
    found = choices(transcript, seat)
    bot = HardBot(seed=seed, think=think)
    # The check of a winner gets half the budget again: two moves only, so many more deals each.
    check = HardBot(seed=seed, think=_half(think))
    rated: list[Decision] = []
    if progress:
        progress(0, len(found))
    for index, turn, game in found:
        played = transcript.moves[index].move
        view = game.view(seat)
        race = bot.appraise(view, keep=(played,))
        best = race.best
        values = {move: race.mean(move) for move in race.alive}
        loss, deals = 0.0, race.deals
        if best != played:
            # The race's winner is the luckiest of many noisy estimates; its
            # lead is measured again on fresh deals, which have no such luck.
            duel = check.appraise(view, keep=(played, best), only=(played, best), stream=1)
            loss, deals = max(0.0, duel.mean(best) - duel.mean(played)), duel.deals
        rated.append(Decision(index, turn, seat, played, best if loss > 0 else played, loss, values, deals))
        if progress:
            progress(len(rated), len(found))
    return rated


def _half(think: Think) -> Think:
    """Half a budget (at least one iteration)."""
    if isinstance(think, Budget):
        return replace(think, iterations=max(1, think.iterations // 2), duel=max(1, think.duel // 2))
    return max(1, think // 2) if isinstance(think, int) else think / 2


def mistakes(decisions: list[Decision], count: int = MISTAKES) -> list[Decision]:
    """The ``count`` decisions that gave away most points (none that lost nothing), biggest first."""
    costly = [d for d in decisions if d.loss > 0]
    return sorted(costly, key=lambda d: (-d.loss, d.index))[:count]
