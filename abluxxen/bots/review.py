"""Rating a finished game's decisions against the hard bot's own move: what ``hint`` says.

For every decision of one seat where more than one move was legal, the hard
bot searches from that seat's view as it was then (its information set: the
seat's own hand and what the table showed, never the other hands, although
the game is over) exactly as the table's ``hint`` does (:func:`~abluxxen.bots.advice_for`:
the same seed, and by default the same budget), so its move is the hint's.
A played move that is the hint's is no mistake. Any other is played against
the hint's move on fresh deals, both on every deal (paired), and the
expected final margin of each is estimated: the seat's final score minus the
best final score of the other seats. A decision's loss is the hint's move's
estimate minus the played move's, in points, when it is beyond the check's
noise (:data:`NOISE_AT` standard errors of the paired difference, and at
least :data:`LEAST_LOSS` points); else 0. So a move the hint gives is never
called a mistake::

    from abluxxen.bots.review import rate
    for d in rate(transcript, seat=0, think=200):
        print(d.turn, d.played, d.hint, d.loss)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..engine.game import Game
from ..engine.state import PLAY
from ..engine.transcript import Transcript
from . import advice_for
from .ismcts import DEFAULT_THINK, Budget, HardBot, Think

# The check's own seed: the same game reviewed twice (with an iteration
# budget) gives the same figures. (The hint's move is searched with the
# hint's seed, ``ADVICE_SEED``.)
REVIEW_SEED = 0
# A played move loses points to the hint's only when the paired difference
# of their margins is beyond this many standard errors of it: the check plays
# both on a few thousand deals, so its mean difference has noise of its own.
NOISE_AT = 2.0
# Nor is a difference under this many points called a mistake, however sure.
LEAST_LOSS = 0.5
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
        hint: the hard bot's move here, what ``hint`` says (at the review's budget).
        best: ``hint`` when the played move gave points away to it, else ``played``.
        loss: points the played move gave away against ``hint``: beyond the
            noise, else 0.
        noise: how big a loss the check could not tell from 0: :data:`NOISE_AT`
            standard errors of its paired difference, at least :data:`LEAST_LOSS`
            (0 when ``played`` is ``hint``: nothing was checked).
        deals: how many deals the verdict rests on: the check's, or the
            hint's search's when ``played`` is ``hint``.
    """

    index: int
    turn: int
    seat: int
    played: str
    hint: str
    best: str
    loss: float
    noise: float
    deals: int

    def to_json(self) -> dict[str, object]:
        """``{"turn", "move", "played", "hint", "best", "loss", "noise"}``; ``move`` is :attr:`index` + 1."""
        return {"turn": self.turn, "move": self.index + 1, "played": self.played, "hint": self.hint,
                "best": self.best, "loss": round(self.loss, 2), "noise": round(self.noise, 2)}


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
            ``float`` seconds. The default is the hint's: then the hint's
            move is the one the table's ``hint`` said.
        seed: the check's seed.
        progress: called with ``(rated, total)`` before the first decision and after each one.
    """
    found = choices(transcript, seat)
    # The check has two moves only, so half the budget gives each many more deals than the search did.
    check = HardBot(seed=seed, think=_half(think))
    rated: list[Decision] = []
    if progress:
        progress(0, len(found))
    for index, turn, game in found:
        played = transcript.moves[index].move
        view = game.view(seat)
        advice = advice_for(view, think=think)
        hint = advice.move
        if hint == played:
            rated.append(Decision(index, turn, seat, played, hint, played, 0.0, 0.0, advice.deals))
        else:
            duel = check.appraise(view, keep=(played, hint), only=(played, hint), stream=1)
            diff, error = duel.paired(hint, played)
            noise = max(NOISE_AT * error, LEAST_LOSS)
            loss = diff if diff > noise else 0.0
            rated.append(Decision(index, turn, seat, played, hint, hint if loss else played, loss, noise,
                                  duel.deals))
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
